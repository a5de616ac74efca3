// Keeping what a call is about to destroy, on the decision path (before the guard runs the call, or before
// the host is answered). What it costs, and why it is done this way (figures: `npm run bench`, bench/undo.ts):
// - A file a call may rewrite in place is read and kept as an object (a 1 KB edit: one read, one hash, one
//   small object; with the call's record before and after, about 3x the edit's own read and write — file
//   creations, not computation).
// - A file a call only deletes or moves away keeps its inode: a hard link into the store keeps its content
//   without copying a byte (`rm -rf` of 10,000 files: one link each, about 4x rm's own work, a seventh of a copy);
//   the link is sealed into a content-addressed object after the call (keeper.ts), off the decision path.
// - A tracked file unchanged since its last commit is already in git: its blob id is recorded, nothing is
//   copied or linked (used for folders, where one `git ls-files` + `git status` beats a link per file).
// - Past the time budget, or the per-file or per-session caps, the rest is recorded as not kept, with why.
// Symlinks are recorded, never followed; a folder is walked only when lstat says folder; a path whose
// parent leads out of the workspace (a symlinked folder) is not the workspace's and is left alone.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IgnoreMatcher } from '../../core/snapshot/ignore';
import type { CapturePlan, CaptureTarget } from '../../core/undo/targets';
import type { PathState, UndoRecord } from '../../core/undo/types';
import { formatSize } from '../../core/snapshot/summary';
import { type GitView, gitView, repoTop } from './git';
import { sha256, type StoreCaps, type UndoStore } from './store';

export interface CaptureOptions {
  /** Workspace root, symlink-resolved. */
  workspace: string;
  store: UndoStore;
  caps: StoreCaps;
  session: string;
  ignore: IgnoreMatcher;
  /** A path agents may not read: its copy is kept encrypted, never as a plain hard link. */
  isProtected(rel: string): boolean;
  /** The text holds a secret value: its copy is kept encrypted. */
  holdsSecret(rel: string, bytes: Buffer): boolean;
  /** Time the capture may take on the decision path (default 10 s); the rest is recorded as not kept. */
  budgetMs?: number;
  /** Most paths one call records (default 200,000). */
  maxPaths?: number;
  /** Ask git for blob ids of clean tracked files in folders with at least this many files (default 64; Infinity: never). */
  gitMinFiles?: number;
  now?(): number;
}

interface FileJob {
  rel: string;
  abs: string;
  st: fs.Stats;
  mode: CaptureTarget['mode'];
}

export interface CaptureStats {
  files: number;
  linked: number;
  copied: number;
  fromGit: number;
  deduplicated: number;
  notKept: number;
  bytesAdded: number;
  ms: number;
}

export async function captureCall(
  base: Omit<UndoRecord, 'prior' | 'v' | 'time'>,
  plan: CapturePlan,
  o: CaptureOptions,
): Promise<{ record: UndoRecord; stats: CaptureStats }> {
  const t0 = performance.now();
  const budget = o.budgetMs ?? 10_000;
  const maxPaths = o.maxPaths ?? 200_000;
  const prior: Record<string, PathState> = {};
  const stats: CaptureStats = { files: 0, linked: 0, copied: 0, fromGit: 0, deduplicated: 0, notKept: 0, bytesAdded: 0, ms: 0 };
  const record: UndoRecord = { ...base, v: 1, time: (o.now ?? Date.now)(), prior, ...(plan.unknown.length ? { unknown: plan.unknown } : {}) };
  let count = 0;
  const cut = (why: string) => {
    record.cut ??= why;
  };

  // Rewrites first: a path one sub-command rewrites and another deletes must be copied, not linked.
  const targets = [...plan.targets].sort((a, b) => (a.mode === b.mode ? 0 : a.mode === 'rewrite' ? -1 : 1));
  const jobsByTarget: { target: CaptureTarget; jobs: FileJob[] }[] = [];
  for (const t of targets) {
    const rel = relOf(o.workspace, t.abs);
    if (rel === undefined || (rel !== '' && o.ignore.ignoresPath(rel))) continue;
    if (!parentInside(o.workspace, t.abs)) continue;
    const jobs: FileJob[] = [];
    const visit = (abs: string, r: string): void => {
      if (prior[r] !== undefined) return;
      if (++count > maxPaths) {
        cut(`the call touches more than ${maxPaths.toLocaleString('en-US')} paths; the rest were not kept`);
        return;
      }
      let st: fs.Stats;
      try {
        st = fs.lstatSync(abs);
      } catch {
        if (r !== '') prior[r] = { k: 'absent' };
        return;
      }
      if (st.isSymbolicLink()) {
        prior[r] = { k: 'link', target: safeReadlink(abs) };
      } else if (st.isFile()) {
        prior[r] = { k: 'file', mode: st.mode & 0o7777, size: st.size, ino: st.ino, mtimeMs: st.mtimeMs };
        jobs.push({ rel: r, abs, st, mode: t.mode });
      } else if (st.isDirectory()) {
        if (r !== '') prior[r] = { k: 'dir', mode: st.mode & 0o7777 };
        let names: fs.Dirent[];
        try {
          names = fs.readdirSync(abs, { withFileTypes: true });
        } catch {
          return;
        }
        for (const d of names) {
          const cr = r === '' ? d.name : `${r}/${d.name}`;
          if (o.ignore.ignores(cr, d.isDirectory())) continue;
          visit(`${abs}/${d.name}`, cr);
          if (count > maxPaths) return;
        }
      } else if (r !== '') prior[r] = { k: 'other' };
    };
    visit(t.abs, rel);
    jobsByTarget.push({ target: t, jobs });
  }

  let usage = o.store.usage(o.session);
  for (const { target, jobs } of jobsByTarget) {
    // Clean tracked files of a large folder (or of a git command's folder) come from git's objects.
    let view: GitView | undefined;
    let top: string | undefined;
    if (jobs.length > 0 && (target.git !== undefined || jobs.length >= (o.gitMinFiles ?? 64) || jobs.some((j) => j.st.size > o.caps.maxFileBytes))) {
      top = repoTop(target.abs);
      if (top !== undefined && relOf(o.workspace, top) !== undefined) {
        try {
          view = await gitView(top, path.relative(top, target.abs).split(path.sep).join('/'));
        } catch {
          view = undefined; // no git, a broken repository: keep the content ourselves
        }
      }
    }
    for (let i = 0; i < jobs.length; i++) {
      const j = jobs[i];
      const entry = prior[j.rel] as Extract<PathState, { k: 'file' }>;
      const inRepo = view && top ? path.relative(top, j.abs).split(path.sep).join('/') : undefined;
      if (view && inRepo !== undefined && target.git !== undefined) {
        // What the git command leaves alone is not the call's to destroy: git clean removes untracked files
        // only; checkout, restore and reset rewrite tracked ones only.
        const tracked = view.tracked.has(inRepo);
        if (target.git === 'clean' ? tracked : !tracked) {
          delete prior[j.rel];
          continue;
        }
      }
      stats.files++;
      const b = view && inRepo !== undefined ? view.clean.get(inRepo) : undefined;
      if (b) {
        entry.src = { git: b.blob, repo: top! };
        stats.fromGit++;
        continue;
      }
      if ((i & 63) === 0 && performance.now() - t0 > budget) {
        cut(`keeping the prior content took longer than ${budget} ms; ${jobs.length - i} files were not kept`);
        for (let k = i; k < jobs.length; k++) {
          (prior[jobs[k].rel] as Extract<PathState, { k: 'file' }>).src = { none: 'not kept: the capture before the call ran out of time' };
          stats.notKept++;
        }
        break;
      }
      if (j.st.size > o.caps.maxFileBytes) {
        entry.src = { none: `not kept: ${formatSize(j.st.size)} is over the ${formatSize(o.caps.maxFileBytes)} a file may take in the undo store` };
        stats.notKept++;
        continue;
      }
      if (usage + j.st.size > o.caps.maxSessionBytes) {
        entry.src = { none: `not kept: this session's undo space (${formatSize(o.caps.maxSessionBytes)}) is used up` };
        stats.notKept++;
        continue;
      }
      const protectedPath = safe(() => o.isProtected(j.rel), true);
      if (j.mode === 'unlink' && !protectedPath) {
        const name = o.store.stageLink(j.abs, record.callId, stats.linked + stats.copied);
        if (name !== undefined) {
          entry.src = { staged: name };
          stats.linked++;
          usage += j.st.size;
          stats.bytesAdded += j.st.size;
          continue;
        }
      }
      const bytes = readSame(j.abs, j.st);
      if (bytes === undefined) {
        entry.src = { none: 'not kept: the file changed or vanished while it was being read' };
        stats.notKept++;
        continue;
      }
      const hash = sha256(bytes);
      const encrypt = protectedPath || safe(() => o.holdsSecret(j.rel, bytes), true);
      const r = o.store.putBytes(bytes, encrypt, encrypt ? undefined : hash);
      entry.src = { obj: r.id };
      entry.hash = hash;
      stats.copied++;
      if (r.added === 0) stats.deduplicated++;
      usage += r.added;
      stats.bytesAdded += r.added;
    }
  }
  o.store.addUsage(o.session, stats.bytesAdded);
  stats.ms = performance.now() - t0;
  return { record, stats };
}

/** Read a file through a descriptor that must still be the inode we lstat'ed (no symlink swapped in). */
function readSame(abs: string, st: fs.Stats): Buffer | undefined {
  let fd: number;
  try {
    fd = fs.openSync(abs, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const f = fs.fstatSync(fd);
    if (!f.isFile() || f.ino !== st.ino || f.size !== st.size) return undefined;
    const buf = Buffer.allocUnsafe(f.size);
    let got = 0;
    while (got < buf.length) {
      const n = fs.readSync(fd, buf, got, buf.length - got, got);
      if (n <= 0) break;
      got += n;
    }
    return got === buf.length ? buf : undefined;
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** Workspace-relative POSIX path ('' for the root), or undefined outside it. */
export function relOf(workspace: string, abs: string): string | undefined {
  const rel = path.relative(workspace, abs);
  if (rel === '') return '';
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}

/** The path's parent folder, resolved, is still inside the workspace (no symlinked folder leads out). */
export function parentInside(workspace: string, abs: string): boolean {
  if (abs === workspace) return true;
  let dir = path.dirname(abs);
  // The nearest existing ancestor decides: a folder the call will create is as inside as its parent.
  for (;;) {
    try {
      const real = fs.realpathSync(dir);
      return relOf(workspace, real) !== undefined;
    } catch {
      const up = path.dirname(dir);
      if (up === dir) return false;
      dir = up;
    }
  }
}

function safeReadlink(abs: string): string {
  try {
    return fs.readlinkSync(abs);
  } catch {
    return '';
  }
}

function safe<T>(f: () => T, onError: T): T {
  try {
    return f();
  } catch {
    return onError;
  }
}
