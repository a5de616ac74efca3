// The real filesystem behind the path guard's FsProbe. Synchronous on purpose: a decision is a handful of
// lstat calls, and an async hop per segment would cost more than the syscalls.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EntryInfo, FsProbe } from '../core/paths/resolve';
import { undoDirFor } from './undo/store';

function kindOf(st: fs.Stats): EntryInfo['kind'] {
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isDirectory()) return 'dir';
  if (st.isFile()) return 'file';
  return 'other';
}

export const nodeFsProbe: FsProbe = {
  lstat(abs) {
    const st = fs.lstatSync(abs, { throwIfNoEntry: false });
    if (!st) return undefined;
    return { kind: kindOf(st), dev: st.dev, ino: st.ino, nlink: st.nlink };
  },
  readlink(abs) {
    return fs.readlinkSync(abs);
  },
  readdir(abs) {
    try {
      return fs.readdirSync(abs);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOTDIR' || (e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  },
  readdirKinds(abs) {
    try {
      // A folder unchanged since it was listed (same identity, mtime and ctime: no entry added, removed or renamed)
      // lists the same; a test run lists hundreds of folders on every decision.
      const st = fs.statSync(abs, { throwIfNoEntry: false });
      // Nothing there, or no folder: no entries (as readdir's ENOENT, ENOTDIR below), without the thrown error.
      if (!st || !st.isDirectory()) return [];
      const key = `${st.dev}:${st.ino}:${st.mtimeMs}:${st.ctimeMs}`;
      const known = LISTINGS.get(abs);
      if (known && known.key === key) return known.ents.slice();
      const ents = fs.readdirSync(abs, { withFileTypes: true }).map((d) => ({ name: d.name, dir: d.isDirectory() }));
      if (stable(st)) remember(LISTINGS, abs, { key, ents });
      return ents.slice();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOTDIR' || (e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  },
  gitTracked,
  gitRange,
  gitRevFor,
  readText,
  changedSinceHead,
  ownLinks,
};

const REPOS = new Map<string, { top: string; gitDir: string }>();
const CHANGED = new Map<string, { key: string; changed: boolean }>();

/**
 * Whether git holds `abs` as it is at HEAD: `git status --porcelain --ignored` prints nothing for a tracked,
 * unchanged file and a line for an untracked, ignored, modified or staged one. Outside a repository: true (no
 * commit vouches for it). Kept per file until its size or mtime or the index changes; undefined on failure.
 */
function changedSinceHead(abs: string): boolean | undefined {
  const st = fs.statSync(abs, { throwIfNoEntry: false });
  if (!st || !st.isFile()) return undefined;
  const dir = path.dirname(abs);
  let repo = REPOS.get(dir) ?? repoAbove(dir);
  if (!repo) {
    try {
      const [t, g] = runGit(dir, ['rev-parse', '--show-toplevel', '--absolute-git-dir']).trimEnd().split('\n');
      repo = { top: t, gitDir: g };
      REPOS.set(dir, repo);
    } catch (e) {
      const err = e as { status?: number; stderr?: string };
      if (err.status === 128 && /not a git repository/i.test(String(err.stderr ?? ''))) return true;
      return undefined;
    }
  }
  const { top, gitDir } = repo;
  if (!top || !gitDir) return undefined;
  const stamp = stampOf(gitDir);
  const key = `${st.size}:${st.mtimeMs}:${stamp}`;
  const known = CHANGED.get(abs);
  if (known && known.key === key) return known.changed;
  const batch = statusBatch(top, stamp);
  // The batch speaks for a file whose inode last changed before it was taken (ctime: no tool can set it back).
  if (batch && st.ctimeMs < batch.taken - CTIME_SLACK_MS) {
    const rel = path.relative(top, abs).split(path.sep).join('/');
    let changed = batch.paths.has(rel);
    for (let i = rel.indexOf('/'); !changed && i >= 0; i = rel.indexOf('/', i + 1)) changed = batch.paths.has(rel.slice(0, i + 1));
    return changed;
  }
  try {
    const out = runGit(top, ['status', '--porcelain=v1', '--ignored', '--untracked-files=all', '-z', '--', path.relative(top, abs)]);
    const changed = out.length > 0;
    CHANGED.set(abs, { key, changed });
    return changed;
  } catch {
    return undefined;
  }
}

/**
 * The repository of `dir` when a folder above it was asked about already and nothing between makes another one:
 * each folder on the way is a real folder (no link to elsewhere) without a `.git` of its own (a nested repository,
 * submodule or worktree). Undefined: ask git. A test run asks about modules in hundreds of folders, each once.
 */
function repoAbove(dir: string): { top: string; gitDir: string } | undefined {
  const way: string[] = [];
  for (let d = dir; ;) {
    const known = REPOS.get(d);
    if (known) {
      for (const w of way) remember(REPOS, w, known);
      return known;
    }
    const up = path.dirname(d);
    if (up === d || way.length > 64) return undefined;
    const st = fs.lstatSync(d, { throwIfNoEntry: false });
    if (!st || !st.isDirectory() || fs.lstatSync(path.join(d, '.git'), { throwIfNoEntry: false })) return undefined;
    way.push(d);
    d = up;
  }
}

/** How long one whole-repository status answers for the files it saw (a test run asks about hundreds of modules). */
const BATCH_TTL_MS = 30_000;
/** Filesystem timestamp granularity allowance: a file changed in the same tick as the status is asked about alone. */
const CTIME_SLACK_MS = 50;
const BATCHES = new Map<string, { stamp: string; taken: number; paths: Set<string> }>();

/**
 * One `git status` of the whole repository: the paths it prints (untracked and ignored folders collapsed to `dir/`),
 * for changedSinceHead to answer many files with one process. Undefined when git fails (each file is asked alone).
 */
function statusBatch(top: string, stamp: string): { taken: number; paths: Set<string> } | undefined {
  const now = Date.now();
  const b = BATCHES.get(top);
  if (b && b.stamp === stamp && now - b.taken < BATCH_TTL_MS) return b;
  try {
    const taken = Date.now();
    const out = runGit(top, ['status', '--porcelain=v1', '--ignored=traditional', '--untracked-files=normal', '-z']);
    const paths = new Set<string>();
    const parts = out.split('\0');
    for (let i = 0; i < parts.length; i++) {
      const e = parts[i];
      if (e.length < 4) continue;
      paths.add(e.slice(3));
      // A rename or copy names its source next: both are not as HEAD holds them.
      if (e[0] === 'R' || e[0] === 'C') paths.add(parts[++i] ?? '');
    }
    const got = { stamp, taken, paths };
    BATCHES.set(top, got);
    return got;
  } catch {
    return undefined;
  }
}

/**
 * A script's text, for the command guard (links followed, as the kernel or a shell opens it). A file with a
 * NUL byte in its first 8 KiB is a compiled program, not a script: undefined, as for a missing file.
 */
function readText(abs: string, max: number): string | false | undefined {
  const known = TEXTS.get(abs);
  if (known) {
    const st = fs.statSync(abs, { throwIfNoEntry: false });
    if (st && st.isFile() && known.key === `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${max}`) return known.text;
  }
  let fd: number;
  try {
    fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' ? undefined : false;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return st.isDirectory() ? undefined : false;
    // The same file, unchanged since it was last read whole: its text as then (a test runner's walk reads the
    // project's modules on every decision). The key is the open file's own (links followed), so a link pointed
    // elsewhere or a file replaced is read again; a file changed in the same timestamp tick as that read was
    // not kept (stable()).
    const key = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${max}`;
    const want = Math.min(st.size, max + 1);
    const buf = Buffer.alloc(want);
    let n = 0;
    while (n < want) {
      const r = fs.readSync(fd, buf, n, want - n, n);
      if (r === 0) break;
      n += r;
    }
    if (buf.subarray(0, Math.min(n, 8192)).includes(0)) return undefined;
    if (n > max) return false;
    const text = buf.toString('utf8', 0, n);
    if (stable(st)) remember(TEXTS, abs, { key, text });
    else TEXTS.delete(abs);
    return text;
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
}

/** Folder listings, by path: kept while the folder's identity, mtime and ctime stay the same. */
const LISTINGS = new Map<string, { key: string; ents: { name: string; dir: boolean }[] }>();
/** Texts read whole, by path: kept while the open file's identity, size, mtime and ctime stay the same. */
const TEXTS = new Map<string, { key: string; text: string }>();
/** At most this many texts (or folders' repositories) kept: the oldest go first. */
const MAX_KEPT = 20_000;

function remember<V>(m: Map<string, V>, k: string, v: V): void {
  m.delete(k);
  if (m.size >= MAX_KEPT) m.delete(m.keys().next().value as string);
  m.set(k, v);
}

/**
 * A file last changed long enough before now that a later change gets a later timestamp (file systems stamp in
 * ticks, and a tool can set mtime back but never ctime): only then does an unchanged stat stand for unchanged text.
 */
function stable(st: fs.Stats): boolean {
  const now = Date.now();
  return st.ctimeMs < now - CTIME_SLACK_MS && st.mtimeMs < now - CTIME_SLACK_MS;
}

interface TrackedEntry {
  gitDir: string;
  stamp: string;
  files: readonly string[];
}

const TRACKED = new Map<string, TrackedEntry>();
const NOT_A_REPO: readonly string[] = [];

/** What changes when the index or any ref moves: the index, HEAD's reflog, packed refs. */
/**
 * The state of a repository's index and refs, for keys of what git said. Read again after STAMP_MS: one decision
 * asks about hundreds of files (a test run's modules) within a few milliseconds, and the stamp is four stats.
 */
function stampOf(gitDir: string): string {
  const now = Date.now();
  const known = STAMPS.get(gitDir);
  if (known && now - known.at < STAMP_MS && now >= known.at) return known.stamp;
  const stamp = readStamp(gitDir);
  remember(STAMPS, gitDir, { at: now, stamp });
  return stamp;
}

const STAMPS = new Map<string, { at: number; stamp: string }>();
const STAMP_MS = 50;

function readStamp(gitDir: string): string {
  let s = '';
  for (const f of ['index', 'logs/HEAD', 'packed-refs', 'HEAD']) {
    const st = fs.statSync(path.join(gitDir, f), { throwIfNoEntry: false });
    s += st ? `${st.mtimeMs}:${st.size};` : '-;';
  }
  return s;
}

/**
 * Every file the repository holding `dir` has in its index or ever added in a commit (git log --all
 * --diff-filter=A): what `git log -p`, `git show` or `git archive` can print. Asked of git only when a command
 * reads history, then kept until the index or a ref changes. git runs with the repository's hooks and
 * command-running settings switched off (core.fsmonitor would run a program the repository names). Any
 * failure but "not a repository" is undefined: the caller then counts everything on disk.
 */
function runGit(cwd: string, args: string[]): string {
  return execFileSync('git', ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'diff.external=', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 5000,
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', GIT_EXTERNAL_DIFF: '', GIT_PAGER: 'cat' },
  });
}

/**
 * Arguments the command guard passes on: revisions and ranges, counts, and options that pick or order commits.
 * Checked again here because they reach a git process: nothing that writes (`--output`), runs a program
 * (`--ext-diff`, `--textconv`) or reads a list (`--stdin`) can pass.
 */
const RANGE_ARG =
  /^(?:[A-Za-z0-9_@][A-Za-z0-9_.\/~^@{}+-]*|-\d+|-n\d+|--max-count=\d+|--topo-order|--date-order|--author-date-order|--first-parent|--no-merges|--merges|--reverse|--(?:author|committer|grep|since|after|until|before)=[^\n]*|-i|--regexp-ignore-case|--all-match|--invert-grep|--no-walk|-g|--walk-reflogs|--cached|--staged|--merge-base)$/;

/**
 * The files the commits of a range change (`git log -m --name-only`, merges against each parent, root commits
 * in full) or a diff lists (`git diff --name-only`), as absolute paths; undefined on any failure (the caller then
 * counts every file ever committed). Not cached: a diff against the work tree changes with every edit.
 */
function gitRange(dir: string, kind: 'log' | 'diff', args: readonly string[]): readonly string[] | undefined {
  if (!args.every((a) => RANGE_ARG.test(a))) return undefined;
  try {
    const st = fs.statSync(dir, { throwIfNoEntry: false });
    if (!st) return undefined;
    const cwd = st.isDirectory() ? dir : path.dirname(dir);
    const top = runGit(cwd, ['rev-parse', '--show-toplevel']).trimEnd();
    if (!top) return undefined;
    // Every revision must be a commit: `git log --no-walk <blob>` lists nothing, yet `git show <blob>` prints it.
    const revs = args.filter((a) => !a.startsWith('-')).flatMap((a) => a.split(/\.\.\.?/).filter((r) => r !== ''));
    if (revs.length > 0) {
      const checked = execFileSync('git', ['cat-file', '--batch-check=%(objecttype)'], {
        cwd: top,
        encoding: 'utf8',
        timeout: 5000,
        input: revs.map((r) => `${r}^{commit}\n`).join(''),
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' },
      });
      const types = checked.split('\n').filter((l) => l !== '');
      if (types.length !== revs.length) return undefined;
      // No stash at all: `git stash show -p` / `stash list -p` fail and print nothing. Only the stash's own names:
      // another missing word may be a path git reads instead (`git log -p secrets/token.txt`).
      if (types.some((t, i) => / missing$/.test(t) && /^(?:stash@\{\d+\}|refs\/stash)$/.test(revs[i]!))) return [];
      if (types.some((t) => t !== 'commit')) return undefined;
    }
    const common = ['--name-only', '--no-renames', '--no-ext-diff', '--no-textconv', '--no-relative', '-z'];
    const out =
      kind === 'log'
        ? runGit(top, ['-c', 'log.showRoot=true', 'log', '-m', '--root', '--format=', ...common, ...args, '--'])
        : runGit(top, ['diff', ...common, ...args, '--']);
    const files = new Set<string>();
    for (const f of out.split('\0')) {
      const t = f.trim();
      if (t) files.add(top + '/' + t);
    }
    return [...files];
  } catch {
    return undefined;
  }
}

/** FsProbe.gitRevFor: `git rev-parse --verify`, else the remote-tracking branches of that name (git's checkout guess). */
function gitRevFor(dir: string, name: string): string | null | undefined {
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.\/-]*$/.test(name) || name.includes('..')) return undefined;
  try {
    const st = fs.statSync(dir, { throwIfNoEntry: false });
    if (!st) return undefined;
    const top = runGit(st.isDirectory() ? dir : path.dirname(dir), ['rev-parse', '--show-toplevel']).trimEnd();
    if (!top) return undefined;
    try {
      runGit(top, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`]);
      return name;
    } catch {
      /* not a commit: a remote's branch, or nothing */
    }
    const depth = name.split('/').length + 3;
    const refs = runGit(top, ['for-each-ref', '--format=%(refname)', 'refs/remotes'])
      .split('\n')
      .filter((r) => r.endsWith('/' + name) && r.split('/').length === depth);
    return refs.length === 0 ? null : refs.length === 1 ? refs[0]! : undefined;
  } catch {
    return undefined;
  }
}

function gitTracked(dir: string): readonly string[] | undefined {
  const run = runGit;
  try {
    const known = TRACKED.get(dir);
    if (known && stampOf(known.gitDir) === known.stamp) return known.files;
    let top: string;
    let gitDir: string;
    try {
      const st = fs.statSync(dir, { throwIfNoEntry: false });
      if (!st) return NOT_A_REPO;
      const cwd = st.isDirectory() ? dir : path.dirname(dir);
      [top, gitDir] = run(cwd, ['rev-parse', '--show-toplevel', '--absolute-git-dir']).trimEnd().split('\n');
    } catch (e) {
      const err = e as { status?: number; stderr?: string };
      if (err.status === 128 && /not a git repository/i.test(String(err.stderr ?? ''))) return NOT_A_REPO;
      return undefined;
    }
    if (!top || !gitDir) return undefined;
    const stamp = stampOf(gitDir);
    const rel = new Set<string>();
    for (const f of run(top, ['ls-files', '-z', '--full-name']).split('\0')) if (f) rel.add(f);
    for (const f of run(top, ['log', '--all', '--format=', '--name-only', '--diff-filter=A', '--no-renames', '--no-ext-diff', '--no-textconv', '-z']).split(
      '\0',
    )) {
      const t = f.trim();
      if (t) rel.add(t);
    }
    const files = [...rel].map((f) => top + '/' + f);
    TRACKED.set(dir, { gitDir, stamp, files });
    return files;
  } catch {
    return undefined;
  }
}

/** The workspace root as the guard compares it: absolute and symlink-free. */
export function realWorkspace(dir: string): string {
  return fs.realpathSync.native(dir);
}

/** The most staged links looked at for one question (a declined `rm -rf` of a large tree stages many). */
const MAX_OWN_LINKS_SCAN = 20_000;

/**
 * The names of `info`'s inode under the workspace's undo store's staged/ folder (staged/<call>/<n>, as
 * UndoStore.stageLink makes them), same device and inode. Bounded: past the bound, what was found so far
 * (fewer names taken off: the cautious side).
 */
function ownLinks(info: EntryInfo, workspace: string, home: string): number {
  if (info.ino === undefined || info.dev === undefined) return 0;
  const agHome = process.env.AGENTGUARD_HOME || path.join(home, '.agentguard');
  const staged = path.join(undoDirFor(agHome, workspace), 'staged');
  let found = 0;
  let seen = 0;
  let calls: string[];
  try {
    calls = fs.readdirSync(staged);
  } catch {
    return 0;
  }
  for (const c of calls) {
    let names: string[];
    try {
      names = fs.readdirSync(path.join(staged, c));
    } catch {
      continue;
    }
    for (const n of names) {
      if (++seen > MAX_OWN_LINKS_SCAN) return found;
      const st = fs.lstatSync(path.join(staged, c, n), { throwIfNoEntry: false });
      if (st?.isFile() && st.ino === info.ino && st.dev === info.dev) found++;
    }
  }
  return found;
}
