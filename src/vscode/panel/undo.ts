// The panel's undo: "Revert" on a call's detail view, "Revert session" in the header, the plan a person
// reviews (what would be restored or removed, the conflicts to decide file by file, what cannot be
// reverted and why), VS Code's diff editor for a conflict, and the revert itself after a modal confirmation.
//
// The webview names things; the host decides. A plan lives here under a random token; the webview may
// only send that token back with paths the plan listed as conflicts. An audit record is found by the byte
// offset the host gave its row (AuditModel.detail), never by a call id the webview made up.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { formatSize } from '../../core/snapshot/summary';
import { describeState, type PathState, sameState, type UndoRecord } from '../../core/undo/types';
import { applyRevert, planCallRevert, planSessionRevert, type RevertItem, type RevertPlan, targetContent } from '../../node/undo/revert';
import type { FolderGuard } from '../folders';
import type { FolderSnapshot } from '../snapshot';
import type { AuditModel } from './auditModel';

export const UNDO_SCHEME = 'agentguard-undo';

/** Most plan rows sent to the webview (a 10,000-file revert is summarised past it; conflicts always come first). */
const MAX_ROWS = 2000;

interface Held {
  token: string;
  plan: RevertPlan;
  fg: FolderGuard;
  snap: FolderSnapshot | undefined;
}

/**
 * Plans by token, shared by the panel and the diff editor's file system. Both sides of the person's diff of a
 * conflict are files of this read-only file system (`/kept/<path>`: what the revert would put there; `/now/
 * <path>`: what the path holds now), never the workspace file itself: with the file on the right, the diff
 * editor's "revert block" arrow copied the kept side's «secret:…» placeholders into the person's file and a
 * save wrote them over the real credential. Read-only as a file system, not as a content provider's
 * document: Ctrl+S on a provider's document opens "Save As" on the workspace file's own path.
 */
export class UndoPlans implements vscode.FileSystemProvider, vscode.Disposable {
  private current: Held | undefined;
  private readonly registration: vscode.Disposable;
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  /** Each side's text, computed once per plan: stat and readFile must agree on it. */
  private readonly texts = new Map<string, Promise<Uint8Array>>();

  constructor() {
    this.registration = vscode.workspace.registerFileSystemProvider(UNDO_SCHEME, this, { isReadonly: true, isCaseSensitive: true });
  }

  hold(plan: RevertPlan, fg: FolderGuard, snap: FolderSnapshot | undefined): Held {
    this.current = { token: randomBytes(12).toString('hex'), plan, fg, snap };
    this.texts.clear();
    return this.current;
  }

  get(token: string): Held | undefined {
    return this.current && this.current.token === token ? this.current : undefined;
  }

  drop(token: string): void {
    if (this.current?.token === token) {
      this.current = undefined;
      this.texts.clear();
    }
  }

  static uri(token: string, side: 'kept' | 'now', rel: string): vscode.Uri {
    return vscode.Uri.from({ scheme: UNDO_SCHEME, path: `/${side}/${rel}`, query: token });
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const bytes = await this.readFile(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: bytes.length, permissions: vscode.FilePermission.Readonly };
  }

  readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const key = uri.toString();
    let t = this.texts.get(key);
    if (!t) {
      t = this.text(uri).then((s) => Buffer.from(s, 'utf8'));
      this.texts.set(key, t);
    }
    return t;
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  /**
   * One side's text. Secrets in either are masked as in any read: an open editor reaches an agent as context
   * (the revert itself writes the exact bytes).
   */
  private async text(uri: vscode.Uri): Promise<string> {
    const held = this.get(uri.query);
    const m = /^\/(kept|now)\/(.+)$/.exec(uri.path);
    const rel = m?.[2] ?? '';
    const item = held?.plan.items.find((i) => i.path === rel);
    if (!m || !held || !item || !held.fg.service.undo) return `(This revert plan is gone: open the revert again from the AgentGuard panel.)\n`;
    let bytes: Buffer | undefined;
    if (m[1] === 'now') {
      const abs = path.join(held.fg.env.workspace, ...rel.split('/'));
      const st = await fs.promises.lstat(abs).catch(() => undefined);
      if (!st) return '';
      if (st.isSymbolicLink()) return `(${rel} is now a symbolic link to ${await fs.promises.readlink(abs).catch(() => '?')}.)\n`;
      if (!st.isFile()) return `(${rel} is now ${st.isDirectory() ? 'a folder' : 'not a regular file'}.)\n`;
      bytes = await fs.promises.readFile(abs).catch(() => undefined);
      if (bytes === undefined) return `(${rel} cannot be read now.)\n`;
    } else {
      if (item.target?.k === 'absent') return '';
      bytes = await targetContent(item, held.fg.service.undo, (r) => held.snap?.baselineContent(r) ?? Promise.resolve(undefined));
      if (bytes === undefined) return `(AgentGuard has no readable copy of what ${rel} held: ${item.reason ?? 'its kept copy is missing or damaged'}.)\n`;
    }
    if (bytes.subarray(0, 8000).includes(0)) return `(${rel} holds binary content, ${formatSize(bytes.length)}; the revert restores it byte for byte.)\n`;
    const text = new TextDecoder('utf-8').decode(bytes);
    const masked = held.fg.env.compiled().maskFile(rel, text);
    return masked.masked > 0 ? masked.text : text;
  }

  dispose(): void {
    this.current = undefined;
    this.texts.clear();
    this.changes.dispose();
    this.registration.dispose();
  }
}

export interface PanelUndoDeps {
  post(msg: object): Thenable<boolean>;
  fg(): FolderGuard | undefined;
  snap(): FolderSnapshot | undefined;
  model(): AuditModel | undefined;
  plans: UndoPlans;
  log: vscode.LogOutputChannel;
  /** After a revert: the panel redraws its diff. */
  changed(): void;
}

/** What the detail view of a record says about undo. */
export interface UndoInfo {
  revertible: boolean;
  files: number;
  text: string;
  revertedBy?: string[];
}

const MUTATING = new Set(['write', 'delete', 'rename', 'exec']);

export class PanelUndo {
  constructor(private readonly deps: PanelUndoDeps) {}

  /** For the detail view of an audit record: can this call be reverted, and what did it touch. */
  describe(rec: Record<string, unknown> | undefined): UndoInfo | undefined {
    const fg = this.deps.fg();
    const undo = fg?.service.undo;
    if (!rec || !undo || typeof rec.callId !== 'string' || !MUTATING.has(String(rec.op))) return undefined;
    if (rec.decision === 'deny' && rec.event !== 'changes') return undefined;
    let r: UndoRecord | undefined;
    try {
      r = undo.store.findRecord(rec.callId, typeof rec.session === 'string' ? rec.session : undefined);
    } catch {
      r = undefined;
    }
    if (!r) {
      return {
        revertible: false,
        files: 0,
        text: 'AgentGuard kept nothing for this call: it ran before undo was on, in another workspace, or changed nothing it could see.',
      };
    }
    const files = Object.keys(r.after ?? r.prior).length;
    const by = r.revertedBy?.length ? ` Reverted before (${r.revertedBy.length}×); reverting again takes back whatever is still there.` : '';
    return {
      revertible: files > 0,
      files,
      text: files > 0 ? `AgentGuard kept what this call changed: ${files} path${files === 1 ? '' : 's'}.${by}` : 'This call changed nothing AgentGuard kept.',
      ...(r.revertedBy?.length ? { revertedBy: r.revertedBy } : {}),
    };
  }

  async planCall(at: number): Promise<void> {
    const fg = this.deps.fg();
    const rec = this.deps.model()?.detail(at);
    const undo = fg?.service.undo;
    if (!fg || !undo || !rec || typeof rec.callId !== 'string') return this.error('This record cannot be reverted.');
    const r = undo.store.findRecord(rec.callId, typeof rec.session === 'string' ? rec.session : undefined);
    if (!r) return this.error('AgentGuard kept nothing for this call.');
    const plan = planCallRevert(fg.env.workspace, [r]);
    this.send(plan, fg, `Revert ${r.tool} ${r.what}`);
  }

  async planSession(): Promise<void> {
    const fg = this.deps.fg();
    const undo = fg?.service.undo;
    if (!fg || !undo) return this.error('No guarded folder.');
    const snap = this.deps.snap();
    await snap?.rescan();
    const view = await snap?.sessionView();
    const plan = await planSessionRevert(fg.env.workspace, fg.service.session, undo.store.listRecords(fg.service.session), view);
    this.send(plan, fg, 'Revert the session: back to how the workspace was when it began');
  }

  async diff(token: string, rel: string): Promise<void> {
    const held = this.deps.plans.get(token);
    const item = held?.plan.items.find((i) => i.path === rel);
    if (!held || !item) return;
    // Neither side is the file: the diff is for looking; the choice is made in the panel (see UndoPlans).
    const left = UndoPlans.uri(token, 'kept', rel);
    const right = UndoPlans.uri(token, 'now', rel);
    await vscode.commands.executeCommand('vscode.diff', left, right, `${path.posix.basename(rel)} (revert would restore ↔ now, read-only)`);
  }

  async apply(token: string, take: readonly string[]): Promise<void> {
    const held = this.deps.plans.get(token);
    if (!held) return this.error('This revert plan is gone; open it again.');
    const undo = held.fg.service.undo;
    if (!undo) return;
    const conflicts = new Set(held.plan.items.filter((i) => i.status === 'conflict').map((i) => i.path));
    const chosen = new Set(take.filter((p) => conflicts.has(p)));
    if (chosen.size !== take.length) this.deps.log.warn('panel: a revert named paths that are not conflicts of its plan; they were ignored');
    const ready = held.plan.items.filter((i) => i.status === 'ready' && !sameState(i.target, i.current));
    const n = ready.length + chosen.size;
    if (n === 0) return this.error('Nothing to revert: every path already holds what it held before, or was left as it is.');
    const yes = 'Revert';
    const detail = [
      `${ready.length} path${ready.length === 1 ? '' : 's'} still hold exactly what the call${held.plan.kind === 'session' ? 's' : ''} left and will be put back.`,
      chosen.size ? `${chosen.size} changed since; you chose to overwrite ${chosen.size === 1 ? 'it' : 'them'} with the earlier content.` : '',
      'AgentGuard keeps what is there now first, so this revert can be reverted too. It is recorded in the audit log as your action.',
    ]
      .filter(Boolean)
      .join(' ');
    const pick = await vscode.window.showWarningMessage(`Revert ${n} path${n === 1 ? '' : 's'}?`, { modal: true, detail }, yes);
    if (pick !== yes) return;
    const snap = held.snap;
    const result = await applyRevert(held.plan, chosen, {
      service: held.fg.service,
      keeper: undo,
      snapshot: held.fg.service.snapshot,
      baselineContent: (r) => snap?.baselineContent(r) ?? Promise.resolve(undefined),
    });
    this.deps.plans.drop(token);
    this.deps.log.info(
      `revert ${result.callId}: ${result.restored.length} restored, ${result.removed.length} removed, ${result.skipped.length} left, ${result.failed.length} failed`,
    );
    void this.deps.post({
      type: 'revertDone',
      callId: result.callId,
      restored: result.restored.length,
      removed: result.removed.length,
      skipped: result.skipped.slice(0, MAX_ROWS),
      failed: result.failed.slice(0, MAX_ROWS),
    });
    this.deps.changed();
  }

  cancel(token: string): void {
    this.deps.plans.drop(token);
  }

  private send(plan: RevertPlan, fg: FolderGuard, title: string): void {
    const held = this.deps.plans.hold(plan, fg, this.deps.snap());
    const todo = plan.items.filter((i) => !(i.status === 'ready' && sameState(i.target, i.current)));
    const rank = { conflict: 0, unrevertible: 1, ready: 2 } as const;
    const rows = [...todo].sort((a, b) => rank[a.status] - rank[b.status] || (a.path < b.path ? -1 : 1)).slice(0, MAX_ROWS);
    const count = (s: RevertItem['status']) => todo.filter((i) => i.status === s).length;
    void this.deps.post({
      type: 'revertPlan',
      token: held.token,
      kind: plan.kind,
      title: fg.service.maskValue(title),
      counts: { ready: count('ready'), conflict: count('conflict'), unrevertible: count('unrevertible') },
      more: todo.length - rows.length,
      items: rows.map((i) => ({ path: i.path, status: i.status, action: actionOf(i), reason: i.reason ? fg.service.maskValue(i.reason) : '' })),
    });
  }

  private error(text: string): void {
    void this.deps.post({ type: 'revertError', text });
  }
}

function actionOf(i: RevertItem): string {
  const t = i.target;
  if (!t) return 'unknown';
  if (t.k === 'absent') return `remove (${describeState(i.current)}, made by the call)`;
  if (i.current.k === 'absent') return `put back (${stateText(t)})`;
  return `restore (${stateText(t)})`;
}

function stateText(s: PathState): string {
  if (s.k === 'file') return `${formatSize(s.size)}, mode ${s.mode.toString(8)}`;
  return describeState(s);
}
