// Attribution across processes: the hook bridge deciding alone (the extension down) runs once per hook, so
// the before-hook that allowed a host's tool call and the after-hook that reports it ran are two processes,
// and no in-memory window joins them. Threat: an agent whose host runs its tools behind hooks creates or
// changes files with a shell command, and with the extension down nothing charges them to the call that
// made them — the audit shows the command, never what it left.
//
// The join is a small file per window under the AgentGuard home (outside the workspace, 0700/0600): the
// before-hook writes the calls and the moment they were allowed, as the file system stamps it (the file's
// own mtime, so the comparison uses one clock); the after-hook reads it back, walks the workspace once and
// charges to the calls every file whose ctime or mtime is at or after that moment (ctime cannot be set back
// from user space, so an edit that restores its mtime is still seen). Nothing is read on the before path
// but a tiny write; the after path is one lstat per file, skipping `.git`, `node_modules` and the policy's
// `snapshot.ignore`, within a time budget (past it, what was found so far is charged).
//
// What a walk after the fact cannot see, it does not guess: a file deleted is found only when a call named
// it (its existence is noted at the before-hook); a new file is told from a modified one by its birth time
// where the file system keeps one, else by its folder having gained an entry since the window opened.
// Changes another actor made meanwhile (a person's edit, a parallel tool call) are charged too, as the
// extension's own window does.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { HostWindows } from '../../core/chain';
import { isArtifactPath, isImagePath, isKnownBinaryPath, isTextPath } from '../../core/snapshot/classify';
import type { IgnoreMatcher } from '../../core/snapshot/ignore';
import type { FileChange } from '../../core/snapshot/types';
import type { CanonicalCall } from '../../core/types';
import { agentguardHome, ensurePrivateDir, workspaceKey } from './discovery';

/** A window whose after-hook never came is dropped after this long (the host failed or skipped it). */
const WINDOW_TTL_MS = 10 * 60_000;
/** The after-hook's walk stops here; what it found so far is recorded, marked as cut. */
const WALK_BUDGET_MS = 1_500;
/** The most changes one window charges (the audit record lists up to its own cap). */
const MAX_CHANGES = 5_000;

interface WindowFile {
  v: 1;
  key: string;
  session?: string;
  /** When the window was opened, by the file system's clock (this file's mtime at write). */
  openedAt?: number;
  calls: CanonicalCall[];
  /** Workspace-relative paths the calls named, and whether each existed when the window opened. */
  named: Record<string, boolean>;
}

export interface FileWindowsOptions {
  workspace: string;
  /** Paths the walk never enters or reports (.git, node_modules, the policy's snapshot.ignore). */
  ignore: () => IgnoreMatcher;
  /** Masks the calls' arguments before they are written to disk (they may carry secrets). */
  mask: <T>(v: T) => T;
  /** The folder of windows (default: under the AgentGuard home, per workspace). */
  dir?: string;
  /** Extra absolute paths never reported (the audit log, when a policy puts it in the workspace). */
  skip?: () => readonly string[];
  now?: () => number;
  budgetMs?: number;
}

export function windowDirFor(workspace: string, home = agentguardHome()): string {
  return path.join(home, 'windows', workspaceKey(workspace));
}

/** A file name for a host's tool-use id (untrusted text): [A-Za-z0-9_.-] only, bounded. */
function fileName(key: string): string {
  const safe = key.replace(/[^A-Za-z0-9_.-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`).slice(0, 180);
  return `${safe === '' || safe === '.' || safe === '..' ? `_${safe}` : safe}.json`;
}

export class FileHostWindows implements HostWindows {
  readonly dir: string;
  /** Figures of the last close (the benchmark, tests). */
  last: { files: number; ms: number; cut: boolean } | undefined;

  constructor(private readonly o: FileWindowsOptions) {
    this.dir = o.dir ?? windowDirFor(o.workspace);
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  /** Windows whose after-hook never came: dropped (one readdir of a folder that is almost always empty). */
  async closeStale(_session?: string): Promise<void> {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    const now = this.now();
    for (const n of names) {
      const f = path.join(this.dir, n);
      try {
        if (now - fs.lstatSync(f).mtimeMs > WINDOW_TTL_MS) fs.rmSync(f, { force: true });
      } catch {
        /* gone meanwhile */
      }
    }
  }

  async open(key: string, session: string | undefined, calls: readonly CanonicalCall[]): Promise<void> {
    if (calls.length === 0) return;
    const named: Record<string, boolean> = {};
    for (const c of calls) {
      for (const p of c.paths) {
        const rel = this.rel(p);
        if (rel !== undefined) named[rel] = exists(path.join(this.o.workspace, rel));
      }
    }
    const w: WindowFile = { v: 1, key, session, calls: calls.map((c) => this.o.mask(c)), named };
    ensurePrivateDir(this.dir);
    const file = path.join(this.dir, fileName(key));
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(w), { mode: 0o600 });
    fs.renameSync(tmp, file);
  }

  async close(key: string): Promise<{ calls: readonly CanonicalCall[]; changes: FileChange[]; openedAt: number } | undefined> {
    const file = path.join(this.dir, fileName(key));
    let w: WindowFile;
    let openedAt: number;
    try {
      const st = fs.lstatSync(file);
      if (!st.isFile()) return undefined;
      openedAt = st.mtimeMs;
      w = JSON.parse(fs.readFileSync(file, 'utf8')) as WindowFile;
      fs.rmSync(file, { force: true });
    } catch {
      return undefined; // no window: the before-hook allowed nothing mutating, or another process closed it
    }
    if (w.v !== 1 || w.key !== key || !Array.isArray(w.calls) || w.calls.length === 0) return undefined;
    const ids = w.calls.map((c) => c.id);
    const changes = this.changedSince(openedAt, ids);
    for (const [rel, existed] of Object.entries(w.named ?? {})) {
      if (existed && !exists(path.join(this.o.workspace, rel)) && !this.o.ignore().ignoresPath(rel) && changes.length < MAX_CHANGES) {
        changes.push(change(rel, 'deleted', 0, ids));
      }
    }
    return { calls: w.calls, changes, openedAt };
  }

  /** Every file in the workspace changed at or after `t0` (file-system clock), charged to `ids`. */
  private changedSince(t0: number, ids: string[]): FileChange[] {
    const started = performance.now();
    const budget = this.o.budgetMs ?? WALK_BUDGET_MS;
    const ignore = this.o.ignore();
    const skip = new Set(this.o.skip?.() ?? []);
    const out: FileChange[] = [];
    const stack: string[] = [''];
    let files = 0;
    let cut = false;
    while (stack.length) {
      const dir = stack.pop()!;
      const abs = dir ? path.join(this.o.workspace, dir) : this.o.workspace;
      let names: string[];
      let gained = false;
      try {
        names = fs.readdirSync(abs);
        gained = fs.lstatSync(abs).mtimeMs >= t0; // an entry was added, removed or renamed here since t0
      } catch {
        continue; // removed meanwhile, or unreadable: nothing to charge from it
      }
      for (const name of names) {
        const rel = dir ? `${dir}/${name}` : name;
        const full = path.join(abs, name);
        let st: fs.Stats;
        try {
          st = fs.lstatSync(full);
        } catch {
          continue;
        }
        if (st.isDirectory()) {
          if (!ignore.ignores(rel, true)) stack.push(rel);
          continue;
        }
        files++;
        if (ignore.ignores(rel, false) || skip.has(full)) continue;
        if (st.ctimeMs < t0 && st.mtimeMs < t0) continue;
        const born = st.birthtimeMs > 0 ? st.birthtimeMs >= t0 : gained;
        out.push(change(rel, born ? 'added' : 'modified', st.size, ids));
        if (out.length >= MAX_CHANGES) {
          cut = true;
          break;
        }
      }
      if (cut || performance.now() - started > budget) {
        cut = cut || stack.length > 0;
        break;
      }
    }
    this.last = { files, ms: performance.now() - started, cut };
    return out;
  }

  private rel(p: string): string | undefined {
    const abs = path.resolve(this.o.workspace, p);
    const rel = path.relative(this.o.workspace, abs);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
    return rel.split(path.sep).join('/');
  }
}

function exists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function change(rel: string, kind: FileChange['kind'], size: number, callIds: string[]): FileChange {
  return {
    path: rel,
    kind,
    size,
    artifact: kind === 'added' && isArtifactPath(rel),
    isImage: isImagePath(rel),
    isText: !isKnownBinaryPath(rel) && isTextPath(rel),
    callIds: [...callIds],
  };
}
