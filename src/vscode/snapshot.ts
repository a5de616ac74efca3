// The workspace snapshot of each guarded folder, for the life of the extension: a baseline
// when the folder is guarded and on "Start New Session", snapshot hooks in the folder's GuardService (before
// and after every write and command, so each change is charged to the call that made it), and a re-scan on
// request. A large workspace shows a progress notification while its baseline is taken.
//
// The snapshot observes; it does not gate. If it fails, calls still run (without attribution) and the
// failure goes to the log — a broken scanner must not take the user's tools away.
import * as vscode from 'vscode';
import type { SnapshotHooks } from '../core/chain';
import type { CanonicalCall } from '../core/types';
import type { FileChange, WorkspaceDiff } from '../core/snapshot/types';
import { WorkspaceSnapshot } from '../node/snapshot/snapshot';
import type { SessionView } from '../node/undo/revert';
import type { FolderGuard } from './folders';

/** A baseline still running after this long gets a progress notification (small workspaces never see one). */
const PROGRESS_AFTER_MS = 400;

export class FolderSnapshot implements vscode.Disposable {
  private snap: Promise<WorkspaceSnapshot | undefined>;
  /** The GuardService session the current baseline belongs to: a new session (from anywhere) retakes it. */
  private session: string;
  private switching: Promise<void> | undefined;
  private disposed = false;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires after a call's changes, a re-scan, or a new baseline were recorded. */
  readonly onDidChange = this.changed.event;
  readonly hooks: SnapshotHooks;

  constructor(
    readonly fg: FolderGuard,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.session = fg.service.session;
    this.snap = this.create();
    this.hooks = {
      begin: async (id, call) => {
        const s = await this.current();
        try {
          await s?.beginCall(id, { paths: namedPaths(call) });
        } catch (e) {
          this.log.warn(`snapshot: before call ${id} failed: ${(e as Error).message}`);
        }
      },
      end: async (id, call) => {
        const s = await this.snap;
        try {
          return (await s?.endCall(id, { paths: namedPaths(call) })) ?? [];
        } catch (e) {
          this.log.warn(`snapshot: after call ${id} failed: ${(e as Error).message}`);
          return [];
        } finally {
          this.changed.fire();
        }
      },
    };
  }

  private create(): Promise<WorkspaceSnapshot | undefined> {
    const policy = this.fg.service.policy;
    return this.withProgress((onProgress) =>
      WorkspaceSnapshot.create({
        root: this.fg.env.workspace,
        ignore: policy.snapshot.ignore,
        maxBaselineBytes: policy.snapshot.maxBaselineBytes,
        // No baseline copies of files agents may not read (secrets): their changes are still detected.
        shouldCapture: (rel) => !this.fg.service.compiled.isProtected(rel),
        onProgress: (p) => onProgress(p.filesSeen),
      }),
    ).then(
      (s) => {
        if (this.disposed) {
          void s.dispose();
          return undefined;
        }
        for (const p of s.rejectedIgnore) this.log.warn(`snapshot: ignore pattern ${p} refused (it would hide every change)`);
        this.log.info(`snapshot of ${this.fg.folder.name}: ${s.lastBaseline?.files ?? 0} files in ${Math.round(s.lastBaseline?.ms ?? 0)} ms`);
        this.changed.fire();
        return s;
      },
      (e) => {
        this.log.error(`snapshot of ${this.fg.folder.name} failed: ${(e as Error).message}`);
        return undefined;
      },
    );
  }

  /** Runs `work`; if it is still running after PROGRESS_AFTER_MS, shows a notification with the files seen. */
  private async withProgress<T>(work: (onProgress: (files: number) => void) => Promise<T>): Promise<T> {
    let report: ((files: number) => void) | undefined;
    let seen = 0;
    const running = work((files) => {
      seen = files;
      report?.(files);
    });
    const timer = setTimeout(() => {
      void vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `AgentGuard: taking the workspace baseline of ${this.fg.folder.name}` },
        async (progress) => {
          let last = 0;
          report = (files) => {
            // A message per 1,000 files: the walk reports often, the notification need not repaint as often.
            if (files - last >= 1000) {
              last = files;
              progress.report({ message: `${files.toLocaleString()} files` });
            }
          };
          report(seen);
          await running.catch(() => undefined);
        },
      );
    }, PROGRESS_AFTER_MS);
    try {
      return await running;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The snapshot for the GuardService's current session (a session started elsewhere retakes the baseline). */
  private async current(): Promise<WorkspaceSnapshot | undefined> {
    if (this.fg.service.session !== this.session) void this.newSession();
    await this.switching;
    return this.snap;
  }

  /** "Start New Session": a new baseline. Concurrent callers share one re-baseline. */
  newSession(): Promise<void> {
    this.session = this.fg.service.session;
    const previous = this.switching ?? Promise.resolve();
    const run = previous.then(async () => {
      const s = await this.snap;
      if (!s) {
        this.snap = this.create();
        await this.snap;
        return;
      }
      await this.withProgress(() => s.startSession()).catch((e) => this.log.error(`snapshot: new baseline failed: ${(e as Error).message}`));
      this.changed.fire();
    });
    this.switching = run;
    return run;
  }

  /** Scan now (the panel's refresh); changes seen outside any call are recorded as unattributed. */
  async rescan(): Promise<void> {
    const s = await this.current();
    if (!s) return;
    await s.rescan();
    this.changed.fire();
  }

  async diff(): Promise<WorkspaceDiff | undefined> {
    return (await this.current())?.diff();
  }

  async baselineContent(rel: string): Promise<Buffer | undefined> {
    return (await this.snap)?.baselineContent(rel);
  }

  /** The baseline and the diff, for a session revert (src/node/undo/revert.ts). */
  async sessionView(): Promise<SessionView | undefined> {
    const s = await this.current();
    if (!s) return undefined;
    return { changes: s.diff().changes, baselineEntry: (r) => s.baselineEntry(r), baselineContent: (r) => s.baselineContent(r) };
  }

  dispose(): void {
    this.disposed = true;
    this.changed.dispose();
    void this.snap.then((s) => s?.dispose()).catch(() => undefined);
  }
}

/**
 * Paths a file tool names, so only they are re-stat'ed. A command names none: it can change anything, so
 * it gets a full scan (undefined).
 */
function namedPaths(call: CanonicalCall): string[] | undefined {
  if (call.op === 'exec') return undefined;
  const paths = [...call.paths, ...(call.dest !== undefined ? [call.dest] : [])];
  return paths.length > 0 ? paths : undefined;
}

/** Snapshots by folder URI. Attaches each one to its folder's GuardService as the chain's snapshot hooks. */
export class Snapshots implements vscode.Disposable {
  private readonly byUri = new Map<string, FolderSnapshot>();
  private readonly changed = new vscode.EventEmitter<FolderSnapshot>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  attach(fg: FolderGuard): FolderSnapshot {
    const key = fg.folder.uri.toString();
    const existing = this.byUri.get(key);
    if (existing && existing.fg === fg) return existing;
    existing?.dispose();
    const snap = new FolderSnapshot(fg, this.log);
    snap.onDidChange(() => this.changed.fire(snap));
    fg.service.snapshot = snap.hooks;
    this.byUri.set(key, snap);
    return snap;
  }

  detach(folderUri: string): void {
    const snap = this.byUri.get(folderUri);
    if (!snap) return;
    if (snap.fg.service.snapshot === snap.hooks) snap.fg.service.snapshot = undefined;
    snap.dispose();
    this.byUri.delete(folderUri);
  }

  get(folderUri: string): FolderSnapshot | undefined {
    return this.byUri.get(folderUri);
  }

  all(): FolderSnapshot[] {
    return [...this.byUri.values()];
  }

  /** Keep the set in line with the guarded folders (called after folders change). */
  sync(folders: readonly FolderGuard[]): void {
    const keep = new Set(folders.map((f) => f.folder.uri.toString()));
    for (const key of [...this.byUri.keys()]) if (!keep.has(key)) this.detach(key);
    for (const fg of folders) this.attach(fg);
  }

  dispose(): void {
    for (const key of [...this.byUri.keys()]) this.detach(key);
    this.changed.dispose();
  }
}

export type { FileChange };
