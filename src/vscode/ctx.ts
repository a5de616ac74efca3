// The one owner of everything the extension creates (rust-analyzer's Ctx): it is pushed into
// context.subscriptions once, and every disposable it makes goes into its own list, so nothing leaks and
// nothing is disposed twice. Modules that arrive later (the panel, the hook bridge) take the Ctx and add
// their commands through `ctx.commands.add`.
import * as vscode from 'vscode';
import type { CallOutcome } from '../core/chain';
import type { CanonicalCall } from '../core/types';
import { formatError } from '../node/policyStore';
import { HookBridge } from './hookBridge';
import { Commands, createCommands } from './commands';
import { DialogConfirmer } from './confirm';
import { type FolderGuard, Folders } from './folders';
import { DEV_CONTEXT_KEY } from './ids';
import { LockdownUi } from './lockdown';
import { PolicyDiagnostics, watchPolicy } from './policyWatch';
import { findRipgrep } from './ripgrep';
import { StatusItem } from './status';
import { directHost, type RegistrationHost } from './host';
import { registerTools } from './tools';

export class Ctx implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly perFolder = new Map<string, vscode.Disposable[]>();
  readonly log: vscode.LogOutputChannel;
  readonly confirmer = new DialogConfirmer();
  readonly folders: Folders;
  readonly status: StatusItem;
  readonly diagnostics: PolicyDiagnostics;
  readonly commands: Commands;
  readonly bridge: HookBridge;
  readonly devMode: boolean;
  /**
   * Resolves once every folder's guard is set up. Loading the policies (YAML, rule compilation) is kept
   * off the activation path so startup stays cheap; tool calls and commands wait for it.
   */
  ready: Promise<void> = Promise.resolve();

  constructor(
    readonly extension: vscode.ExtensionContext,
    readonly host: RegistrationHost = directHost,
  ) {
    extension.subscriptions.push(this);
    this.devMode = extension.extensionMode !== vscode.ExtensionMode.Production;
    this.log = this.own(vscode.window.createOutputChannel('AgentGuard', { log: true }));
    this.status = this.own(new StatusItem());
    this.diagnostics = this.own(new PolicyDiagnostics());
    this.commands = this.own(new Commands(this));
    this.bridge = this.own(new HookBridge(this));
    this.folders = new Folders(this.confirmer, findRipgrep(vscode.env.appRoot));
  }

  start(): void {
    this.commands.add(createCommands(this.devMode));
    this.commands.add(this.bridge.commands());
    // Lockdown: its commands, its status-bar item and the circuit breaker's notification.
    this.own(new LockdownUi(this));
    if (this.devMode) void vscode.commands.executeCommand('setContext', DEV_CONTEXT_KEY, true);
    this.ready = new Promise<void>((resolve) =>
      setImmediate(() => {
        const t = performance.now();
        try {
          for (const f of vscode.workspace.workspaceFolders ?? []) this.addFolder(f);
          this.bridge.restart();
        } finally {
          // The first policies loaded and compiled (the engine, the masker and the YAML parser load with them).
          this.log.info(`policies of ${this.folders.all().length} folder(s) loaded and compiled in ${Math.round(performance.now() - t)} ms`);
          resolve();
        }
      }),
    );
    vscode.workspace.onDidChangeWorkspaceFolders(
      (e) => {
        for (const f of e.removed) this.removeFolder(f);
        for (const f of e.added) this.addFolder(f);
        this.bridge.restart();
      },
      this,
      this.disposables,
    );
    // Trust granted later: the workspace's own policy may now loosen the default, so load it again.
    vscode.workspace.onDidGrantWorkspaceTrust(
      () => {
        for (const fg of this.folders.all()) {
          fg.service.opts.trusted = true;
          this.reload(fg);
        }
      },
      this,
      this.disposables,
    );
    this.disposables.push(
      ...registerTools(
        this.host,
        this.folders,
        () => this.ready,
        () => this.refreshStatus(),
      ),
    );
  }

  own<T extends vscode.Disposable>(d: T): T {
    this.disposables.push(d);
    return d;
  }

  private addFolder(folder: vscode.WorkspaceFolder): void {
    let fg: FolderGuard | undefined;
    try {
      fg = this.folders.add(folder, vscode.workspace.isTrusted);
    } catch (e) {
      this.log.error(`cannot guard ${folder.uri.fsPath}: ${(e as Error).message}`);
      void vscode.window.showErrorMessage(`AgentGuard cannot guard the folder ${folder.name}: ${(e as Error).message}`);
      return;
    }
    if (!fg) {
      this.log.warn(`${folder.uri.toString()} is not on disk; AgentGuard's tools do not work there`);
      return;
    }
    const g = fg;
    const subs = [watchPolicy(g, () => this.reload(g)), g.service.onCall((o) => this.logCall(g, o))];
    this.perFolder.set(folder.uri.toString(), subs);
    this.reported(g);
    this.log.info(`guarding ${g.env.workspace} (session ${g.service.session}, audit log ${g.service.auditFile})`);
  }

  private removeFolder(folder: vscode.WorkspaceFolder): void {
    this.folders.remove(folder);
    for (const d of this.perFolder.get(folder.uri.toString()) ?? []) d.dispose();
    this.perFolder.delete(folder.uri.toString());
    this.diagnostics.clear(folder.uri.toString());
  }

  reload(fg: FolderGuard): void {
    try {
      fg.service.reload();
    } catch (e) {
      // The store itself failing (shipped policies missing) is not a policy the user can fix in the file.
      this.log.error(`reloading the policy of ${fg.folder.name} failed: ${(e as Error).message}`);
    }
    this.reported(fg);
  }

  /** Diagnostics, log and status after a (re)load. */
  private reported(fg: FolderGuard): void {
    const loaded = fg.service.policyState;
    this.diagnostics.show(fg.folder.uri.toString(), loaded);
    const msg = `${fg.folder.name}: policy ${loaded.state} (${loaded.policy.hash.slice(0, 12)}, layers ${loaded.policy.layers.join(' < ')})`;
    if (loaded.state === 'last-good' || loaded.state === 'strict-fallback') {
      this.log.warn(msg);
      for (const e of loaded.errors) this.log.warn(`  ${formatError(e)}`);
    } else this.log.info(msg);
    this.refreshStatus();
  }

  private logCall(fg: FolderGuard, o: { call: CanonicalCall; outcome: CallOutcome<unknown> }): void {
    const v = o.outcome.verdict;
    const what = o.call.op === 'exec' ? `\`${o.call.command}\`` : o.call.paths.join(', ') + (o.call.dest ? ` → ${o.call.dest}` : '');
    // Masked: the output channel is one of the places masking promises never shows a secret.
    const line = fg.service.maskValue(`${v.decision.toUpperCase()} ${o.call.tool} ${o.call.op} ${what} — ${v.rule} (${v.decidedBy}): ${v.reason}`);
    if (v.decision === 'deny') this.log.warn(line);
    else this.log.info(line);
    this.refreshStatus();
  }

  refreshStatus(): void {
    this.status.update(this.folders.all(), this.bridge?.status);
  }

  async pickFolder(placeHolder: string): Promise<FolderGuard | undefined> {
    const all = this.folders.all();
    if (all.length <= 1) {
      if (!all[0]) void vscode.window.showWarningMessage('AgentGuard: open a folder first.');
      return all[0];
    }
    const pick = await vscode.window.showQuickPick(
      all.map((fg) => ({ label: fg.folder.name, description: fg.folder.uri.fsPath, fg })),
      { placeHolder },
    );
    return pick?.fg;
  }

  dispose(): void {
    for (const subs of this.perFolder.values()) for (const d of subs) d.dispose();
    this.perFolder.clear();
    for (const d of this.disposables.splice(0).reverse()) {
      try {
        d.dispose();
      } catch {
        /* keep disposing the rest */
      }
    }
  }
}
