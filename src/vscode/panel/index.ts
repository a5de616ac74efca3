// The panel module, wired into the Ctx by guard.ts: the per-folder workspace snapshots
// (attached to each folder's GuardService as it is guarded), the baseline documents for the diff editor,
// and the commands `openPanel` and `newSession` (which, besides the session, retakes the baseline).
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { Snapshots } from '../snapshot';
import { BaselineDocs } from './baselineDocs';
import { type Action, type FilterMsg, parseFilter } from './messages';
import { AuditPanel, type PanelState } from './panel';
import { UndoPlans } from './undo';

/** For the integration tests (exposed by the Test-mode API only). */
export interface PanelTestHooks {
  /** What the webview last reported it rendered, or undefined when the panel is closed. */
  state(): PanelState | undefined;
  /** Resolves with the next rendering that satisfies `until` (or rejects after `ms`). */
  waitForRender(until: (s: PanelState) => boolean, ms?: number): Promise<PanelState>;
  /** Makes the webview click its own button for `action` on `path`, as a person would. */
  click(action: Action, path: string): Promise<void>;
  /** A re-scan of every folder's snapshot. */
  rescan(): Promise<void>;
}

export interface PanelModule {
  snapshots: Snapshots;
  testHooks: PanelTestHooks;
}

export function registerPanel(ctx: Ctx): PanelModule {
  const snapshots = ctx.own(new Snapshots(ctx.log));
  ctx.own(new BaselineDocs(snapshots));
  const undoPlans = ctx.own(new UndoPlans());
  ctx.own({ dispose: () => AuditPanel.current?.dispose() });
  // Folders are guarded just after activation (ctx.ready) and when the workspace changes; the Ctx's own
  // listener was registered first, so the folder guards exist when this one runs.
  void ctx.ready.then(() => snapshots.sync(ctx.folders.all()));
  ctx.own(vscode.workspace.onDidChangeWorkspaceFolders(() => snapshots.sync(ctx.folders.all())));

  const deps = { extensionUri: ctx.extension.extensionUri, folders: () => ctx.folders.all(), snapshots, log: ctx.log, undoPlans };
  ctx.commands.add({
    // An optional filter ({decision, tool, agent, text, risk, calls}): the breaker's notification opens the
    // panel on the calls that tripped it. A malformed one is logged and the panel opens unfiltered.
    openPanel: (c) => (arg?: unknown) => {
      let filter: FilterMsg | undefined;
      if (arg !== undefined && arg !== null) {
        const parsed = parseFilter(arg);
        if (parsed.ok) filter = parsed.filter;
        else c.log.warn(`openPanel: ignored its argument: ${parsed.why}`);
      }
      AuditPanel.createOrShow(deps, filter);
    },
    // Replaces the table's handler (src/vscode/commands.ts) with the same steps plus a new snapshot baseline.
    newSession: (c) => async () => {
      for (const fg of c.folders.all()) fg.service.newSession();
      c.refreshStatus();
      c.log.info('new session started by the user; session approvals cleared; taking a new workspace baseline');
      await Promise.all(snapshots.all().map((s) => s.newSession()));
    },
  });

  const testHooks: PanelTestHooks = {
    state: () => AuditPanel.current?.state,
    waitForRender: (until, ms = 20_000) =>
      new Promise<PanelState>((resolve, reject) => {
        const panel = AuditPanel.current;
        if (!panel) return reject(new Error('the panel is not open'));
        if (panel.state && until(panel.state)) return resolve(panel.state);
        const timer = setTimeout(() => {
          sub.dispose();
          reject(new Error(`the panel did not render the expected state within ${ms} ms; last: ${JSON.stringify(panel.state)?.slice(0, 2000)}`));
        }, ms);
        const sub = panel.onDidRender((s) => {
          if (!until(s)) return;
          clearTimeout(timer);
          sub.dispose();
          resolve(s);
        });
      }),
    click: async (action, path) => {
      const panel = AuditPanel.current;
      if (!panel) throw new Error('the panel is not open');
      await panel.testClick(action, path);
    },
    rescan: async () => {
      await Promise.all(snapshots.all().map((s) => s.rescan()));
    },
  };
  return { snapshots, testHooks };
}
