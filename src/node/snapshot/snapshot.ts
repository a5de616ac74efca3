// The session's workspace snapshot: a baseline at session start, re-scans after every guarded write or
// command, the diff against the baseline, and which call made each change.
//
// Usage by the pipeline (post chain):
//   await snap.beginCall(call.id, { paths })      // before the handler: earlier changes are not the call's
//   ... handler ...
//   const changes = await snap.endCall(call.id, { paths })   // after: what the call changed
//   summarizeChanges(changes, { isProtected })    // back to the model
// `paths` is for file tools that name what they touch: only those are re-stat'ed, and anything else the
// call changed is picked up by the next full scan, as unattributed. Commands pass no paths: full scan.
//
// Every operation runs one at a time on an internal queue, so a scan never sees another's half-updated state.
import * as path from 'node:path';
import * as fs from 'node:fs';
import { CallTracker, mergeCallIds, orderChanges } from '../../core/snapshot/attribution';
import { isArtifactPath, isImagePath, isKnownBinaryPath, isTextPath } from '../../core/snapshot/classify';
import { changeKind, metaVerdict } from '../../core/snapshot/compare';
import { compileIgnore } from '../../core/snapshot/ignore';
import type { ChangeKind, FileChange, ManifestEntry, ScanProgress, WorkspaceDiff } from '../../core/snapshot/types';
import { BaselineStore, DEFAULT_STORE_LIMITS } from './store';
import { hashBytes, hashFileSync } from './read';
import { ContentCapture, type CaptureStats } from './capture';
import { StatWorker } from './statWorker';
import { ScanState, copyMeta, type Observation } from './walker';

export interface SnapshotOptions {
  /** Workspace folder (absolute). Resolved with realpath once; the walk never leaves it. */
  root: string;
  /** The policy's `snapshot.ignore` globs; `.git` and `node_modules` are always ignored. */
  ignore?: readonly string[];
  /** Parent directory for the baseline store (default os.tmpdir()). Must be outside the workspace. */
  storeDir?: string;
  /** Keep baseline content of text files up to this size (policy `snapshot.maxBaselineBytes`). 0: keep none. */
  maxBaselineBytes?: number;
  maxBaselineTotalBytes?: number;
  /**
   * Whether to keep a copy of this path's baseline content. Pass the policy's secret paths here
   * (`.env*`, keys) so the store does not hold copies of secrets; their changes are still detected.
   */
  shouldCapture?: (rel: string) => boolean;
  /** Files larger than this are never hashed; a same-size change to one counts as modified. */
  maxHashBytes?: number;
  /**
   * A call without named paths (a command) waits up to this long for the background copy of baseline
   * content to finish before it starts (default 2000 ms); past it, files the command changes before the
   * copy reaches them have no baseline content. Calls that name their paths get those copied at once.
   */
  captureWaitMs?: number;
  /** Scan before each call's handler so earlier changes are not charged to it (default true). */
  scanOnBegin?: boolean;
  onProgress?: (p: ScanProgress) => void;
  sliceMs?: number;
  /** Let a helper thread stat half the files of a large re-scan (default true). */
  parallel?: boolean;
  /** Smallest re-scan that uses the helper thread (default 8192 files; tests lower it). */
  parallelMinFiles?: number;
}

export interface BaselineStats {
  /** Paths in the manifest. */
  files: number;
  /** Time to take the manifest (content is copied afterwards, see captureStats()). */
  ms: number;
}

/** Slice of background content copying per turn of the queue. */
const CAPTURE_SLICE_MS = 25;

interface DiffRecord {
  kind: ChangeKind;
  callIds: string[];
}

export class WorkspaceSnapshot {
  private state!: ScanState;
  private store: BaselineStore | undefined;
  private baseline = new Map<string, ManifestEntry>();
  /** Baseline entries taken within the racy window: equal metadata later proves nothing, content decides. */
  private baselineRacy = new Set<string>();
  private readonly records = new Map<string, DiffRecord>();
  private readonly tracker = new CallTracker();
  private queue: Promise<unknown> = Promise.resolve();
  private baselineAt = 0;
  private scannedAt = 0;
  private readonly root: string;
  private readonly ignore;
  private readonly maxHashBytes: number;
  private disposed = false;
  private readonly pool = new StatWorker();
  private capture: ContentCapture | undefined;
  private captureTimer: NodeJS.Immediate | undefined;
  /** Figures of the last baseline taken (for the panel's status line and the benchmark). */
  lastBaseline: BaselineStats | undefined;

  private constructor(private readonly opts: SnapshotOptions) {
    this.root = fs.realpathSync(opts.root);
    this.ignore = compileIgnore(opts.ignore ?? []);
    this.maxHashBytes = opts.maxHashBytes ?? 64 << 20;
  }

  /** Take the baseline and return a snapshot ready for calls. */
  static async create(opts: SnapshotOptions): Promise<WorkspaceSnapshot> {
    const s = new WorkspaceSnapshot(opts);
    await s.startSession();
    return s;
  }

  /** Patterns from the ignore list that were refused (they would hide every change). */
  get rejectedIgnore(): string[] {
    return this.ignore.rejected;
  }

  /** "Start new session": a new baseline; the diff and attributions start from empty. */
  startSession(): Promise<BaselineStats> {
    return this.enqueue(() => this.takeBaseline());
  }

  /** Scan now (e.g. on the user's request); changes seen go to the calls in flight, or to UNATTRIBUTED. */
  rescan(): Promise<FileChange[]> {
    return this.enqueue(() => this.scan(undefined));
  }

  async beginCall(callId: string, opts: { paths?: readonly string[] } = {}): Promise<void> {
    if ((opts.paths === undefined || opts.paths.length === 0) && (this.capture?.remaining ?? 0) > 0) {
      // A command may change any file: give the background copy a bounded head start.
      await this.captureFor(this.opts.captureWaitMs ?? 2000);
    }
    await this.enqueue(async () => {
      // The files a tool is about to write get their baseline copy first, if it is still pending.
      if (opts.paths !== undefined && this.capture !== undefined && this.capture.remaining > 0) {
        this.capture.captureNow(this.named(opts.paths));
      }
      if (this.opts.scanOnBegin !== false) await this.scan(opts.paths);
      this.tracker.begin(callId);
    });
  }

  /** Scan, charge what changed to the calls in flight (this one included), then end the call. */
  endCall(callId: string, opts: { paths?: readonly string[] } = {}): Promise<FileChange[]> {
    return this.enqueue(async () => {
      try {
        return (await this.scan(opts.paths)).filter((c) => c.callIds.includes(callId));
      } finally {
        this.tracker.end(callId);
      }
    });
  }

  /** The workspace against the baseline, as of the last scan. */
  diff(): WorkspaceDiff {
    const changes: FileChange[] = [];
    for (const [rel, r] of this.records) changes.push(this.describe(rel, r.kind, r.callIds));
    return {
      baselineAt: this.baselineAt,
      scannedAt: this.scannedAt,
      changes: orderChanges(changes),
      errors: [...(this.state?.errors ?? [])],
    };
  }

  /** The file's content at the baseline, when it was kept (text, within the caps). */
  async baselineContent(relPath: string): Promise<Buffer | undefined> {
    const rel = this.toRel(relPath);
    if (rel === undefined) return undefined;
    return this.enqueue(async () => {
      // Still waiting for the background copy and unchanged since the baseline: copy it now.
      if (this.capture !== undefined && this.capture.remaining > 0) this.capture.captureNow(this.named([rel]));
      return this.store?.read(rel);
    });
  }

  /** Resolves when the background copy of baseline content is finished (or there is none). */
  async whenCaptured(): Promise<CaptureStats | undefined> {
    for (;;) {
      const capture = this.capture;
      if (capture === undefined || capture.remaining === 0 || this.disposed) return capture?.stats();
      await this.enqueue(async () => capture.slice(200));
    }
  }

  /** Copy baseline content for at most `ms` (in slices, through the queue). */
  private async captureFor(ms: number): Promise<void> {
    const end = performance.now() + ms;
    for (;;) {
      const capture = this.capture;
      const left = end - performance.now();
      if (capture === undefined || capture.remaining === 0 || this.disposed || left <= 0) return;
      await this.enqueue(async () => capture.slice(Math.min(100, left)));
    }
  }

  captureStats(): CaptureStats | undefined {
    return this.capture?.stats();
  }

  /** The baseline manifest entry (read-only view; for the panel and tests). */
  baselineEntry(relPath: string): ManifestEntry | undefined {
    const rel = this.toRel(relPath);
    return rel === undefined ? undefined : this.baseline.get(rel);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.stopCapture();
    await this.queue.catch(() => undefined);
    this.store?.dispose();
    this.store = undefined;
    this.pool.dispose();
  }

  // --- internals -------------------------------------------------------------------------------

  private enqueue<T>(op: () => Promise<T>): Promise<T> {
    const run = this.queue.then(
      () => (this.disposed ? Promise.reject(new Error('snapshot disposed')) : op()),
      () => (this.disposed ? Promise.reject(new Error('snapshot disposed')) : op()),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async takeBaseline(): Promise<BaselineStats> {
    const t0 = performance.now();
    this.baselineAt = Date.now();
    this.stopCapture();
    this.store?.dispose();
    this.store = undefined;
    this.records.clear();
    this.state = new ScanState(this.root, this.ignore);
    if (this.opts.parallel !== false) this.state.pool = this.pool;
    if (this.opts.parallelMinFiles !== undefined) this.state.parallelMinFiles = this.opts.parallelMinFiles;
    await this.state.walk({
      sliceMs: this.opts.sliceMs,
      reportNew: false,
      onProgress: (n) => this.opts.onProgress?.({ phase: 'baseline', filesSeen: n, done: false }),
    });
    const baseline = new Map<string, ManifestEntry>();
    const racy = new Set<string>();
    for (const [rel, e] of this.state.entries) {
      // Changed within the racy window just before the session began: its metadata cannot vouch for it
      // later, so hash it now, while its content is still the baseline.
      if (e.racy && e.kind === 'file') {
        this.ensureHash(e);
        racy.add(rel);
      }
      baseline.set(rel, copyMeta(e));
    }
    this.baseline = baseline;
    this.baselineRacy = racy;
    this.scannedAt = Date.now();
    this.lastBaseline = { files: baseline.size, ms: performance.now() - t0 };

    const maxFile = this.opts.maxBaselineBytes ?? DEFAULT_STORE_LIMITS.maxFileBytes;
    if (maxFile > 0) {
      this.store = BaselineStore.create(this.root, this.opts.storeDir, {
        maxFileBytes: maxFile,
        maxTotalBytes: this.opts.maxBaselineTotalBytes ?? DEFAULT_STORE_LIMITS.maxTotalBytes,
      });
      this.capture = new ContentCapture(this.store, baseline, racy, this.state.entries.values(), this.opts.shouldCapture);
      this.scheduleCapture();
    }
    this.opts.onProgress?.({ phase: 'baseline', filesSeen: baseline.size, done: true });
    return this.lastBaseline;
  }

  /** Background copy of baseline content: one slice per turn of the queue, so calls wait at most a slice. */
  private scheduleCapture(): void {
    const capture = this.capture;
    if (this.captureTimer !== undefined || capture === undefined || capture.remaining === 0 || this.disposed) return;
    this.captureTimer = setImmediate(() => {
      this.captureTimer = undefined;
      if (this.capture !== capture) return;
      this.enqueue(async () => capture.slice(CAPTURE_SLICE_MS)).then(
        () => this.scheduleCapture(),
        () => undefined,
      );
    });
  }

  private stopCapture(): void {
    if (this.captureTimer !== undefined) clearImmediate(this.captureTimer);
    this.captureTimer = undefined;
    this.capture = undefined;
  }

  private async scan(paths: readonly string[] | undefined): Promise<FileChange[]> {
    let obs: Observation[] | undefined;
    if (paths !== undefined && paths.length > 0) {
      const rels: string[] = [];
      for (const p of paths) {
        const rel = this.toRel(p);
        if (rel !== undefined) rels.push(rel); // outside the workspace: not ours to track
      }
      obs = this.state.restat(rels);
    }
    obs ??= await this.state.walk({
      sliceMs: this.opts.sliceMs,
      onProgress: (n) => this.opts.onProgress?.({ phase: 'rescan', filesSeen: n, done: false }),
    });
    this.scannedAt = Date.now();
    if (paths === undefined || paths.length === 0) {
      this.opts.onProgress?.({ phase: 'rescan', filesSeen: this.state.entries.size, done: true });
    }
    const chargeTo = this.tracker.chargeTo();
    const out: FileChange[] = [];
    for (const o of obs) {
      const rel = o.rel;
      const base = this.baseline.get(rel);
      const after = o.after;
      // Hash only where metadata cannot decide, against the previous state or against the baseline.
      if (after !== undefined && after.kind === 'file') {
        const needForPrev = o.before !== undefined && metaVerdict(o.before, after, o.racy) === 'need-content';
        const needForBase = base !== undefined && metaVerdict(base, after, this.baselineRacy.has(rel)) === 'need-content';
        if (needForPrev || needForBase || after.racy) this.ensureHash(after);
        if (needForBase) this.ensureBaselineHash(rel, base!);
      }
      const sincePrev = changeKind(o.before, after, o.racy);
      const sinceBase = changeKind(base, after, this.baselineRacy.has(rel));
      const rec = this.records.get(rel);
      if (sinceBase === 'same') this.records.delete(rel);
      else if (sincePrev !== 'same' || rec === undefined) {
        this.records.set(rel, { kind: sinceBase, callIds: mergeCallIds(rec?.callIds ?? [], chargeTo) });
      } else rec.kind = sinceBase;
      if (sincePrev !== 'same') out.push(this.describe(rel, sincePrev, chargeTo, o.before));
    }
    return orderChanges(out);
  }

  private ensureHash(e: ManifestEntry & { abs?: string; isText?: boolean }): void {
    if (e.hash !== undefined || e.abs === undefined) return;
    const r = hashFileSync(e.abs, this.maxHashBytes);
    if (r !== undefined) {
      e.hash = r.hash;
      e.isText = r.isText;
    }
  }

  private ensureBaselineHash(rel: string, base: ManifestEntry): void {
    if (base.hash !== undefined) return;
    const bytes = this.store?.readSync(rel);
    if (bytes !== undefined) base.hash = hashBytes(bytes);
  }

  private describe(rel: string, kind: ChangeKind, callIds: string[], before?: ManifestEntry): FileChange {
    const cur = this.state.entries.get(rel);
    const base = this.baseline.get(rel);
    const size = cur?.size ?? before?.size ?? base?.size ?? 0;
    const isText = !isKnownBinaryPath(rel) && (cur?.isText ?? (this.store?.has(rel) ? true : isTextPath(rel)));
    return {
      path: rel,
      kind,
      size,
      artifact: kind === 'added' && isArtifactPath(rel),
      isImage: isImagePath(rel),
      isText,
      callIds: [...callIds],
    };
  }

  private named(paths: readonly string[]): { rel: string; abs: string }[] {
    const out: { rel: string; abs: string }[] = [];
    for (const p of paths) {
      const rel = this.toRel(p);
      if (rel !== undefined) out.push({ rel, abs: this.state.absOf(rel) });
    }
    return out;
  }

  /** Workspace-relative POSIX path for an absolute or relative path; undefined when outside the root. */
  private toRel(p: string): string | undefined {
    const abs = path.resolve(this.root, p);
    const rel = path.relative(this.root, abs);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
    return rel.split(path.sep).join('/');
  }
}
