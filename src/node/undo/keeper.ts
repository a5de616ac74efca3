// The chain's undo hooks for one guarded workspace (one per GuardService): before a mutating call runs, keep
// what it is about to destroy; after it ran, note what it left, so a revert can tell whether the files still
// hold it; and tell the agent, once, which of its calls a person reverted.
//
// A call the host runs is kept at the host's before-hook, before the host is answered. Its after-hook may
// come to another process (the hook CLI deciding alone runs once per hook): the record is found again by
// the host's tool-use id (windows/ in the store).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileChange } from '../../core/audit';
import type { UndoHooks } from '../../core/chain';
import type { CompiledPolicy } from '../../core/compiledPolicy';
import { compileIgnore } from '../../core/snapshot/ignore';
import { captureTargets } from '../../core/undo/targets';
import type { PathState, RevertNotice, UndoRecord } from '../../core/undo/types';
import type { CanonicalCall, Verdict } from '../../core/types';
import { type CaptureStats, captureCall, relOf } from './capture';
import { isEncryptedId, sha256, type StoreCaps, UndoStore } from './store';

export interface KeeperOptions {
  workspace: string;
  store: UndoStore;
  session(): string;
  compiled(): CompiledPolicy;
  /** Time a capture may take on the decision path (ms). */
  budgetMs?: number;
  gitMinFiles?: number;
  /** Hashing what a call left: files up to this size (larger ones are compared by metadata). */
  hashAfterBytes?: number;
  /** Told about every capture (the benchmark, the log). */
  onCapture?(rec: UndoRecord, stats: CaptureStats): void;
}

/** Only .git and node_modules are left out: a build folder the snapshot's diff ignores is still a person's loss. */
const ALWAYS = compileIgnore([]);
/** Sealing many staged links runs in slices of this many files, between other work. */
const SEAL_SLICE = 256;

export class UndoKeeper implements UndoHooks {
  /** Records of calls that have not ended yet, by call id. */
  private readonly open = new Map<string, UndoRecord>();
  private noticeDirMtime = -1;

  constructor(private readonly o: KeeperOptions) {}

  get store(): UndoStore {
    return this.o.store;
  }

  caps(): StoreCaps {
    const u = this.o.compiled().policy.undo;
    return { maxFileBytes: u?.maxFileBytes ?? 32 << 20, maxSessionBytes: u?.maxSessionBytes ?? 1 << 30 };
  }

  async keep(call: CanonicalCall, verdict: Verdict, window?: string): Promise<void> {
    const compiled = this.o.compiled();
    const plan = captureTargets(call, verdict, this.o.workspace);
    const session = this.o.session();
    const base = {
      callId: call.id,
      session,
      agent: call.agent,
      channel: call.channel,
      tool: call.tool,
      op: call.op,
      what: describe(call, compiled),
      ...(window ? { window } : {}),
    };
    let rec: UndoRecord;
    try {
      const r = await captureCall(base, plan, {
        workspace: this.o.workspace,
        store: this.o.store,
        caps: this.caps(),
        session,
        ignore: ALWAYS,
        isProtected: (rel) => compiled.isProtected(rel),
        holdsSecret: (rel, bytes) => looksSecret(compiled, rel, bytes),
        budgetMs: this.o.budgetMs,
        gitMinFiles: this.o.gitMinFiles,
      });
      rec = r.record;
      this.o.onCapture?.(rec, r.stats);
    } catch (e) {
      rec = { ...base, v: 1, time: Date.now(), prior: {}, cut: `the prior content could not be kept: ${(e as Error).message}` };
    }
    this.open.set(call.id, rec);
    this.o.store.writeRecord(rec);
    if (window) {
      const prev = this.o.store.takeWindow(window);
      this.o.store.writeWindow(window, { session, callIds: [...(prev?.callIds ?? []), call.id] });
    }
  }

  async kept(calls: readonly CanonicalCall[] | undefined, changes: readonly FileChange[], window?: string): Promise<void> {
    let recs: UndoRecord[] = [];
    if (calls) {
      for (const c of calls) {
        const r = this.open.get(c.id) ?? this.o.store.readRecord(this.o.session(), c.id);
        this.open.delete(c.id);
        if (r) recs.push(r);
      }
      if (window) this.o.store.takeWindow(window);
    } else if (window) {
      const w = this.o.store.takeWindow(window);
      if (w) recs = w.callIds.map((id) => this.o.store.readRecord(w.session, id)).filter((r): r is UndoRecord => r !== undefined);
    }
    for (const rec of recs) {
      settleAfter(rec, changes, this.o.workspace, this.o.hashAfterBytes ?? 1 << 20);
      this.o.store.writeRecord(rec);
      this.seal(rec);
    }
  }

  /**
   * Turn a record's staged hard links into objects: at once for a few, in slices for many (an `rm -rf` of
   * 10,000 files is sealed after the call, not while the agent waits). Idempotent: another process sealing
   * the same links leaves nothing for this one to do.
   */
  seal(rec: UndoRecord, now = false): void {
    const staged = Object.entries(rec.prior).filter(([, s]) => s.k === 'file' && s.src !== undefined && 'staged' in s.src);
    if (staged.length === 0) return;
    const compiled = this.o.compiled();
    const step = (from: number): void => {
      const end = now ? staged.length : Math.min(staged.length, from + SEAL_SLICE);
      for (let i = from; i < end; i++) {
        const [rel, s] = staged[i] as [string, Extract<PathState, { k: 'file' }>];
        const name = (s.src as { staged: string }).staged;
        const r = this.o.store.sealStaged(name, { size: s.size, mtimeMs: s.mtimeMs }, (bytes) => looksSecret(compiled, rel, bytes));
        if (r === 'changed') s.src = { none: 'not kept: the file was rewritten in place after it was kept' };
        else if (r) {
          s.src = { obj: r.id };
          if (!isEncryptedId(r.id)) s.hash = r.id;
        }
      }
      if (end < staged.length) setImmediate(() => step(end));
      else {
        try {
          this.o.store.writeRecord(rec);
        } catch {
          /* the staged links stay; a revert reads them */
        }
      }
    };
    if (now || staged.length <= SEAL_SLICE) step(0);
    else setImmediate(() => step(0));
  }

  /** Drop old sessions' records and the content only they kept. */
  prune(): void {
    try {
      this.o.store.prune({ keepSessions: 10, minAgeMs: 7 * 86_400_000 });
    } catch {
      /* housekeeping: the next session tries again */
    }
  }

  notice(agent: string): string | undefined {
    // A stat of the notices folder per call; it is read only when something was added since it was last empty.
    let m: number;
    try {
      m = fs.statSync(`${this.o.store.root}/notices`).mtimeMs;
    } catch {
      return undefined;
    }
    if (m === this.noticeDirMtime) return undefined;
    const got = this.o.store.takeNotices(agent);
    if (!this.o.store.hasNotices()) this.noticeDirMtime = m;
    if (got.length === 0) return undefined;
    return this.o.compiled().maskValue(noticeText(got));
  }
}

/** What the agent reads after a person reverted some of its calls. */
export function noticeText(ns: readonly RevertNotice[]): string {
  const lines = ['AgentGuard: the user reverted some of your earlier calls. Their effects are gone; do not build on them.'];
  for (const n of ns) {
    if (n.session) lines.push(`- the whole session's changes were taken back to how the workspace was when the session began`);
    for (const c of n.calls.slice(0, 20)) lines.push(`- reverted: ${c.tool} ${c.what}`);
    if (n.calls.length > 20) lines.push(`- and ${n.calls.length - 20} more calls`);
    const shown = n.paths.slice(0, 30);
    if (shown.length)
      lines.push(`  files restored or removed: ${shown.join(', ')}${n.paths.length > shown.length ? ` and ${n.paths.length - shown.length} more` : ''}`);
  }
  lines.push('Re-read these files before you change them again, and ask the user if you are unsure what they want.');
  return lines.join('\n');
}

function describe(call: CanonicalCall, compiled: CompiledPolicy): string {
  const s = call.op === 'exec' ? `\`${call.command ?? ''}\`` : `${call.paths.join(', ')}${call.dest ? ` → ${call.dest}` : ''}`;
  return compiled.maskValue(s.length > 300 ? `${s.slice(0, 300)}…` : s);
}

function looksSecret(compiled: CompiledPolicy, rel: string, bytes: Buffer): boolean {
  if (bytes.length > 8 << 20) return true; // too large to scan cheaply: the cautious side
  if (bytes.subarray(0, 8000).includes(0)) return false; // binary: the masker reads text
  return compiled.maskFile(rel, bytes.toString('utf8')).masked > 0;
}

/**
 * What the call left, for each path it changed: the paths the snapshot charged to it and every path it
 * kept. Paths whose state did not move are dropped (nothing to revert there).
 */
export function settleAfter(rec: UndoRecord, changes: readonly FileChange[], workspace: string, hashAfterBytes: number): void {
  const paths = new Set<string>();
  for (const rel of Object.keys(rec.prior)) paths.add(rel);
  for (const c of changes) {
    const rel = relOf(workspace, `${workspace}/${c.path}`);
    if (rel === undefined || rel === '') continue;
    paths.add(rel);
    // Created by this call: it was not there before (the snapshot scanned just before it began).
    if (c.kind === 'added' && rec.prior[rel] === undefined) rec.prior[rel] = { k: 'absent' };
  }
  // The folders the call made for what it created (born after it began): a revert removes them once empty.
  for (const rel of [...paths]) {
    if (rec.prior[rel]?.k !== 'absent') continue;
    for (let d = path.posix.dirname(rel); d !== '.' && rec.prior[d] === undefined; d = path.posix.dirname(d)) {
      const born = birthOf(`${workspace}/${d}`);
      if (born === undefined || born < rec.time - 5) break;
      rec.prior[d] = { k: 'absent' };
      paths.add(d);
    }
  }
  const after: Record<string, PathState> = {};
  let hashed = 0;
  for (const rel of paths) {
    const now = observe(`${workspace}/${rel}`, hashed < 4096 ? hashAfterBytes : 0);
    if (now.k === 'file' && now.hash) hashed++;
    const before = rec.prior[rel];
    if (before && unchanged(before, now)) continue;
    after[rel] = now;
  }
  rec.after = after;
}

/** When the folder was created (ms), where the file system records it; undefined where it does not. */
function birthOf(abs: string): number | undefined {
  try {
    const st = fs.lstatSync(abs);
    return st.isDirectory() && st.birthtimeMs > 0 ? st.birthtimeMs : undefined;
  } catch {
    return undefined;
  }
}

/** The state of a path now (lstat; content hashed up to `hashBytes`). */
export function observe(abs: string, hashBytes: number): PathState {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(abs);
  } catch {
    return { k: 'absent' };
  }
  if (st.isSymbolicLink()) {
    try {
      return { k: 'link', target: fs.readlinkSync(abs) };
    } catch {
      return { k: 'link', target: '' };
    }
  }
  if (st.isDirectory()) return { k: 'dir', mode: st.mode & 0o7777 };
  if (!st.isFile()) return { k: 'other' };
  const out: PathState = { k: 'file', mode: st.mode & 0o7777, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino };
  if (st.size <= hashBytes) {
    try {
      const b = fs.readFileSync(abs);
      if (b.length === st.size) out.hash = sha256(b);
    } catch {
      /* metadata only */
    }
  }
  return out;
}

/** The call did not move this path: same kind, and for a file the same content (or the same inode and mtime). */
function unchanged(before: PathState, now: PathState): boolean {
  if (before.k !== now.k) return false;
  if (before.k === 'file' && now.k === 'file') {
    if (before.size !== now.size || before.mode !== now.mode) return false;
    if (before.hash && now.hash) return before.hash === now.hash;
    return before.ino !== undefined && before.ino === now.ino && before.mtimeMs === now.mtimeMs;
  }
  if (before.k === 'link' && now.k === 'link') return before.target === now.target;
  return true;
}
