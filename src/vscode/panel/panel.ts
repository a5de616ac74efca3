// The AgentGuard panel (one instance, createOrShow): the audit log of a folder beside the workspace diff.
// The host owns all data and all decisions; the webview asks for pages of rows and for actions on paths,
// and every message it sends is checked against its schema (messages.ts). An action names a path; the
// host acts only on a path that is in the diff it sent, inside the folder — never on one the webview made up.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isWithin } from '../../core/paths/normalize';
import { invokeTool } from '../../node/tools/invoke';
import { TOOLS } from '../../node/tools';
import type { FolderGuard } from '../folders';
import { commandId } from '../ids';
import type { FolderSnapshot, Snapshots } from '../snapshot';
import { appendGitignore, gitignoreLine, imageDataUri } from './artifacts';
import { AuditModel } from './auditModel';
import { baselineUri } from './baselineDocs';
import { buildDiffView, type DiffView } from './diffEntries';
import { panelHtml } from './html';
import { type Action, type FilterMsg, type PanelMessage, parseMessage } from './messages';
import { PanelUndo, type UndoPlans } from './undo';

/** Rows read back from the end of the log for the first paint: a screenful and then some. */
const FIRST_PAGE = 200;

/** How user actions from the panel appear in the audit log: a person, not an agent. */
export const USER_AGENT = 'user (AgentGuard panel)';

export interface PanelDeps {
  extensionUri: vscode.Uri;
  folders(): FolderGuard[];
  snapshots: Snapshots;
  log: vscode.LogOutputChannel;
  undoPlans: UndoPlans;
}

/** What the webview last reported it drew (integration tests read it through the test API). */
export interface PanelState {
  folder: string;
  rows: string[][];
  total: number;
  diff: { path: string; kind: string; preview: boolean; section: string; by: string }[];
  banner: string;
  /** The active-filter line the page shows ('' when unfiltered). */
  filter: string;
  renders: number;
}

export class AuditPanel implements vscode.Disposable {
  static current: AuditPanel | undefined;
  static readonly viewType = 'agentguard.panel';

  private readonly disposables: vscode.Disposable[] = [];
  private readonly folderSubs: vscode.Disposable[] = [];
  private folderKey = '';
  private model: AuditModel | undefined;
  private diffView: DiffView | undefined;
  private diffPaths = new Set<string>();
  private diffTimer: NodeJS.Timeout | undefined;
  private auditTimer: NodeJS.Timeout | undefined;
  private watched: string | undefined;
  private readonly previews = new Map<string, string | undefined>();
  state: PanelState | undefined;
  private readonly rendered = new vscode.EventEmitter<PanelState>();
  readonly onDidRender = this.rendered.event;
  private readonly undo: PanelUndo;
  /** A filter the page has not been given yet: it goes with the next `init` (the page may still be loading). */
  private pendingFilter: FilterMsg | undefined;
  /** The page said `ready` and has not been hidden since (a hidden webview is torn down and loads again). */
  private live = false;

  /** `filter`: the view to show (a command's argument, already checked); it replaces the one on screen. */
  static createOrShow(deps: PanelDeps, filter?: FilterMsg): AuditPanel {
    const column = vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    if (AuditPanel.current) {
      AuditPanel.current.panel.reveal(column);
      if (filter) AuditPanel.current.showFilter(filter);
      return AuditPanel.current;
    }
    const media = vscode.Uri.joinPath(deps.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel(AuditPanel.viewType, 'AgentGuard', column, {
      enableScripts: true,
      // media/ only: previews travel as data: URIs (artifacts.ts says why), so no workspace file is loadable.
      localResourceRoots: [media],
    });
    AuditPanel.current = new AuditPanel(panel, deps, media);
    if (filter) AuditPanel.current.showFilter(filter);
    return AuditPanel.current;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly deps: PanelDeps,
    media: vscode.Uri,
  ) {
    this.undo = new PanelUndo({
      post: (m) => this.post(m),
      fg: () => this.fg,
      snap: () => this.snap,
      model: () => this.auditModel(),
      plans: deps.undoPlans,
      log: deps.log,
      changed: () => this.scheduleDiff(),
    });
    panel.iconPath = vscode.Uri.joinPath(media, 'shield.svg');
    panel.webview.html = panelHtml(panel.webview, media, vscode.Uri.joinPath);
    panel.onDidDispose(() => this.dispose(), null, this.disposables);
    panel.onDidChangeViewState(() => !panel.visible && (this.live = false), null, this.disposables);
    panel.webview.onDidReceiveMessage((raw) => this.receive(raw), null, this.disposables);
    deps.snapshots.onDidChange((snap) => snap.fg.folder.uri.toString() === this.folderKey && this.scheduleDiff(), null, this.disposables);
    this.selectFolder(deps.folders()[0]?.folder.uri.toString() ?? '');
  }

  private get fg(): FolderGuard | undefined {
    return this.deps.folders().find((f) => f.folder.uri.toString() === this.folderKey);
  }

  private get snap(): FolderSnapshot | undefined {
    return this.deps.snapshots.get(this.folderKey);
  }

  private selectFolder(key: string): void {
    this.folderKey = key;
    this.model = undefined;
    this.diffView = undefined;
    this.diffPaths.clear();
    this.previews.clear();
    this.bindAudit();
  }

  /** Live updates: our own writer's batches at once; records other processes append (the hook bridge) by file watch. */
  private bindAudit(): void {
    for (const d of this.folderSubs.splice(0)) d.dispose();
    if (this.watched) fs.unwatchFile(this.watched, this.onFileChange);
    this.watched = undefined;
    const fg = this.fg;
    if (!fg) return;
    const writer = fg.service.audit;
    this.folderSubs.push(writer.onAppend(() => this.scheduleAudit()));
    this.watched = writer.file;
    fs.watchFile(writer.file, { interval: 700, persistent: false }, this.onFileChange);
  }

  /** One listener object, so unwatchFile removes exactly ours. */
  private readonly onFileChange = (): void => this.scheduleAudit();

  private scheduleAudit(): void {
    if (this.auditTimer) return;
    this.auditTimer = setTimeout(() => {
      this.auditTimer = undefined;
      void this.pushAudit();
    }, 50);
  }

  private scheduleDiff(): void {
    if (this.diffTimer) return;
    this.diffTimer = setTimeout(() => {
      this.diffTimer = undefined;
      void this.pushDiff();
    }, 100);
  }

  /** The audit model of the current folder, following the policy's audit path if a reload moved it. */
  private auditModel(): AuditModel | undefined {
    const fg = this.fg;
    if (!fg) return undefined;
    if (!this.model || this.model.file !== fg.service.auditFile) {
      this.model = new AuditModel(fg.service.auditFile);
      if (this.watched !== fg.service.auditFile) this.bindAudit();
    }
    return this.model;
  }

  /**
   * Tell the webview about the log. The first time, the newest records are read back from the end of the
   * file and shown at once (first paint does not wait for a long log); then the whole log is read in slices
   * (a long log must not stall the extension host) and the chain, filters and count follow.
   */
  private async pushAudit(): Promise<void> {
    const m = this.auditModel();
    if (!m) return;
    if (!m.complete) {
      try {
        m.readTail(FIRST_PAGE);
      } catch (e) {
        this.deps.log.warn(`panel: reading the end of the audit log failed: ${(e as Error).message}`);
      }
      void this.post({ type: 'audit', partial: true, count: m.page({}, 0, 1).total, tools: [], agents: [], chain: { ok: true, problems: [], file: m.file } });
    }
    let last = 0;
    let added = 0;
    try {
      added = await m.refreshAsync(12, (done, total) => {
        const now = Date.now();
        if (now - last < 200) return;
        last = now;
        void this.post({ type: 'loading', percent: Math.floor((done / total) * 100) });
      });
    } catch (e) {
      this.deps.log.warn(`panel: reading the audit log failed: ${(e as Error).message}`);
    }
    if (m !== this.model) return; // the folder changed meanwhile
    // Diff entries drawn before these records were read name their calls by id only: label them now.
    if (added > 0 && this.diffView?.entries.some((e) => e.by.some((b) => b.startsWith('call ')))) this.scheduleDiff();
    const chain = m.chain;
    void this.post({
      type: 'audit',
      partial: false,
      count: m.rows.length,
      tools: [...m.tools].sort(),
      agents: [...m.agents].sort(),
      chain: { ok: chain.ok, problems: chain.problems.slice(0, 5).map((p) => p.message), file: m.file },
    });
  }

  private async pushDiff(): Promise<void> {
    const fg = this.fg;
    const snap = this.snap;
    if (!fg || !snap) {
      void this.post({ type: 'diff', entries: [], more: 0, info: fg ? 'taking the baseline…' : 'no folder' });
      return;
    }
    const diff = await snap.diff();
    if (!diff) {
      void this.post({ type: 'diff', entries: [], more: 0, info: 'the snapshot is not available (see the AgentGuard log)' });
      return;
    }
    const m = this.auditModel();
    const compiled = fg.service.compiled;
    const view = buildDiffView(diff, {
      workspace: fg.env.workspace,
      isProtected: (rel) => compiled.isProtected(rel),
      callLabel: (id) => {
        const r = m?.rowOfCall(id);
        return r ? `${r.tool.replace(/^agentguard_/, '')} at ${r.time.slice(11, 19)}` : undefined;
      },
      preview: (abs, rel) => {
        const c = diff.changes.find((x) => x.path === rel);
        const key = `${rel}\0${c?.size}\0${diff.scannedAt}`;
        if (!this.previews.has(key)) this.previews.set(key, imageDataUri(abs));
        return this.previews.get(key);
      },
    });
    if (this.previews.size > 200) this.previews.clear();
    this.diffView = view;
    this.diffPaths = new Set(view.entries.map((e) => e.path));
    const when = new Date(view.baselineAt).toLocaleTimeString();
    void this.post({ type: 'diff', entries: view.entries, more: view.more, info: `since ${when}${view.errors ? ` · ${view.errors} unreadable` : ''}` });
  }

  private post(msg: object): Thenable<boolean> {
    return this.panel.webview.postMessage(msg);
  }

  private receive(raw: unknown): void {
    const parsed = parseMessage(raw);
    if (!parsed.ok) {
      // Never acted upon; logged so a compromised or buggy webview is visible.
      this.deps.log.warn(`panel: ignored a message from the webview: ${parsed.why}`);
      return;
    }
    void this.handle(parsed.msg).catch((e) => this.deps.log.error(`panel: ${parsed.msg.type} failed: ${(e as Error).message}`));
  }

  private async handle(msg: PanelMessage): Promise<void> {
    switch (msg.type) {
      case 'ready':
        this.live = true;
        return this.sendAll();
      case 'rows':
        return this.sendRows(msg.seq, msg.start, msg.count, msg.filter, msg.top);
      case 'detail': {
        const rec = this.auditModel()?.detail(msg.at);
        void this.post({ type: 'detail', at: msg.at, record: rec ?? null, undo: this.undo.describe(rec) ?? null });
        return;
      }
      case 'revertPlan':
        return this.undo.planCall(msg.at);
      case 'revertSession':
        return this.undo.planSession();
      case 'revertDiff':
        return this.undo.diff(msg.token, msg.path);
      case 'revertApply':
        return this.undo.apply(msg.token, msg.take);
      case 'revertCancel':
        return this.undo.cancel(msg.token);
      case 'rescan':
        await this.snap?.rescan();
        return this.pushDiff();
      case 'newSession':
        await vscode.commands.executeCommand(commandId('newSession'));
        return this.sendAll();
      case 'folder':
        if (!this.deps.folders().some((f) => f.folder.uri.toString() === msg.folder)) return;
        this.selectFolder(msg.folder);
        return this.sendAll();
      case 'action':
        return this.act(msg.action, msg.path);
      case 'rendered':
        this.state = {
          folder: this.folderKey,
          rows: msg.rows,
          total: msg.total,
          diff: msg.diff,
          banner: msg.banner,
          filter: msg.filter ?? '',
          renders: (this.state?.renders ?? 0) + 1,
        };
        this.rendered.fire(this.state);
        return;
    }
  }

  private async sendAll(): Promise<void> {
    const folders = this.deps.folders().map((f) => ({ key: f.folder.uri.toString(), name: f.folder.name }));
    const fg = this.fg;
    const filter = this.pendingFilter;
    this.pendingFilter = undefined;
    void this.post({ type: 'init', folders, folder: this.folderKey, session: fg?.service.session.slice(0, 8) ?? '', ...(filter ? { filter } : {}) });
    await Promise.all([this.pushAudit(), this.pushDiff()]);
  }

  /** Show `filter` in place of the view on screen: now if the page is up, else with its next `init`. */
  showFilter(filter: FilterMsg): void {
    if (this.live) void this.post({ type: 'filter', filter });
    else this.pendingFilter = filter;
  }

  private sendRows(seq: number, start: number, count: number, filter: FilterMsg, top: number | undefined): void {
    const m = this.auditModel();
    const page = m ? m.page(filter, start, count, top) : { total: 0, rows: [], partial: false, shift: 0 };
    void this.post({ type: 'rows', seq, start, total: page.total, rows: page.rows, partial: page.partial, shift: page.shift });
  }

  /** An action on a path the host itself listed; anything else is refused. */
  private async act(action: Action, rel: string): Promise<void> {
    const fg = this.fg;
    const entry = this.diffView?.entries.find((e) => e.path === rel);
    if (!fg || !entry || !this.diffPaths.has(rel)) {
      this.deps.log.warn(`panel: ${action} refused for a path that is not in the diff: ${JSON.stringify(rel.slice(0, 200))}`);
      return;
    }
    const abs = path.join(fg.env.workspace, ...rel.split('/'));
    if (!isWithin(fg.env.workspace, abs)) return;
    const uri = vscode.Uri.file(abs);
    switch (action) {
      case 'open':
        if (entry.kind === 'deleted') return this.openBaseline(fg, rel);
        await vscode.commands.executeCommand('vscode.open', uri);
        return;
      case 'reveal':
        if (entry.kind === 'deleted') return void vscode.window.showInformationMessage(`${rel} was deleted; there is nothing to reveal.`);
        await vscode.commands.executeCommand('revealInExplorer', uri);
        return;
      case 'diff':
        if (entry.kind === 'added') {
          await vscode.commands.executeCommand('vscode.open', uri);
          return;
        }
        if (entry.kind === 'deleted') return this.openBaseline(fg, rel);
        if ((await this.snap?.baselineContent(rel)) === undefined) {
          void vscode.window.showInformationMessage(
            `AgentGuard kept no baseline content for ${rel} (binary, too large, a protected file, or changed before it could be copied).`,
          );
          return;
        }
        await vscode.commands.executeCommand(
          'vscode.diff',
          baselineUri(fg.folder.uri.toString(), rel),
          uri,
          `${path.posix.basename(rel)} (session start ↔ now)`,
        );
        return;
      case 'delete':
        return this.deletePath(fg, rel);
      case 'gitignore':
        return this.addToGitignore(fg, rel);
    }
  }

  private async openBaseline(fg: FolderGuard, rel: string): Promise<void> {
    if ((await this.snap?.baselineContent(rel)) === undefined) {
      void vscode.window.showInformationMessage(`AgentGuard kept no baseline content for ${rel}.`);
      return;
    }
    await vscode.commands.executeCommand('vscode.open', baselineUri(fg.folder.uri.toString(), rel));
  }

  /** Delete, after a modal, through the guard's own delete tool: the audit records it as the user's action. */
  private async deletePath(fg: FolderGuard, rel: string): Promise<void> {
    const yes = 'Delete';
    const pick = await vscode.window.showWarningMessage(
      `Delete ${rel}?`,
      { modal: true, detail: 'AgentGuard deletes it through its guarded delete; the audit log records it as your action. It does not go to the trash.' },
      yes,
    );
    if (pick !== yes) return;
    const answer = await invokeTool(fg.service, fg.env, TOOLS.deletePath, { path: rel }, { agent: USER_AGENT, channel: 'tool' });
    if (answer.status !== 'ok') void vscode.window.showWarningMessage(`AgentGuard: ${answer.text}`);
    await this.snap?.rescan();
  }

  private async addToGitignore(fg: FolderGuard, rel: string): Promise<void> {
    const line = gitignoreLine(rel);
    if (!line) {
      void vscode.window.showWarningMessage(`AgentGuard: ${JSON.stringify(rel)} cannot be written as one .gitignore line.`);
      return;
    }
    const file = path.join(fg.env.workspace, '.gitignore');
    let existing = '';
    try {
      existing = fs.readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    const next = appendGitignore(existing, line);
    if (next === undefined) {
      void vscode.window.showInformationMessage(`.gitignore already lists ${line}.`);
      return;
    }
    // Through the guarded write, as the user: the change is audited and attributed like any other.
    const answer = await invokeTool(
      fg.service,
      fg.env,
      TOOLS.writeFile,
      { path: '.gitignore', content: next, overwrite: true },
      { agent: USER_AGENT, channel: 'tool' },
    );
    if (answer.status !== 'ok') void vscode.window.showWarningMessage(`AgentGuard: ${answer.text}`);
    else void vscode.window.showInformationMessage(`Added ${line} to .gitignore.`);
  }

  /** Test hook: asks the webview to click its own button for (action, path), as a person would. */
  testClick(action: Action, rel: string): Thenable<boolean> {
    return this.post({ type: 'test:click', action, path: rel });
  }

  dispose(): void {
    if (AuditPanel.current === this) AuditPanel.current = undefined;
    if (this.diffTimer) clearTimeout(this.diffTimer);
    if (this.auditTimer) clearTimeout(this.auditTimer);
    if (this.watched) fs.unwatchFile(this.watched, this.onFileChange);
    for (const d of this.folderSubs.splice(0)) d.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.rendered.dispose();
    this.panel.dispose();
  }
}
