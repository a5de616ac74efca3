// Git as a source of prior content: a tracked file whose working copy equals its last commit is already in
// git's object database, so the undo store records its blob id instead of copying it (a `git checkout --`
// or `rm -rf` of a large tracked folder keeps almost nothing). Verified again at revert time: the blob must
// still exist and hash to its id.
//
// Git runs in the agent's repository, so it runs with what cannot execute anything: no fsmonitor hook, no
// optional locks (it never writes the index for us), no terminal prompt, no GIT_* variables inherited from
// the host (a hook process may run with GIT_DIR set), and literal pathspecs.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const TIMEOUT_MS = 5_000;
const MAX_OUTPUT = 256 << 20;

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  env.GIT_OPTIONAL_LOCKS = '0';
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_LITERAL_PATHSPECS = '1';
  env.GIT_CONFIG_NOSYSTEM = '1';
  return env;
}

const SAFE = ['-c', 'core.fsmonitor=false', '-c', 'core.untrackedCache=false', '-c', 'core.quotePath=false'];

function git(top: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...SAFE, '-C', top, ...args],
      { env: gitEnv(), encoding: 'buffer', timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT, windowsHide: true },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    );
  });
}

/** The working tree that holds `abs` (walking up to a `.git` entry), or undefined. Never above `stopAt`'s parent chain root. */
export function repoTop(abs: string): string | undefined {
  let dir = abs;
  for (let i = 0; i < 256; i++) {
    try {
      fs.lstatSync(path.join(dir, '.git'));
      return dir;
    } catch {
      /* not here */
    }
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

export interface CleanBlob {
  blob: string;
  /** Git's mode: 100644, 100755 or 120000. */
  mode: string;
}

export interface GitView {
  /** Tracked files whose working copy, index entry and last commit agree: top-relative POSIX path → blob. */
  clean: Map<string, CleanBlob>;
  /** Every tracked file (top-relative), clean or not. */
  tracked: Set<string>;
}

/** What git knows of the files under `pathspec` (relative to `top`). */
export async function gitView(top: string, pathspec: string): Promise<GitView> {
  const spec = pathspec === '' ? '.' : pathspec;
  const [ls, status] = await Promise.all([
    git(top, ['ls-files', '-s', '-z', '--', spec]),
    git(top, ['status', '--porcelain=v2', '-z', '--untracked-files=no', '--ignore-submodules=all', '--', spec]),
  ]);
  const changed = new Set<string>();
  const st = status.toString('utf8').split('\0');
  for (let i = 0; i < st.length; i++) {
    const e = st[i];
    if (e.startsWith('1 ')) changed.add(field(e, 8));
    else if (e.startsWith('2 ')) {
      changed.add(field(e, 9));
      changed.add(st[++i] ?? ''); // the rename's origin follows as its own field
    } else if (e.startsWith('u ')) changed.add(field(e, 10));
  }
  const clean = new Map<string, CleanBlob>();
  const tracked = new Set<string>();
  for (const e of ls.toString('utf8').split('\0')) {
    // <mode> SP <object> SP <stage> TAB <path>
    const tab = e.indexOf('\t');
    if (tab < 0) continue;
    const [mode, blob, stage] = e.slice(0, tab).split(' ');
    const p = e.slice(tab + 1);
    tracked.add(p);
    if (stage !== '0' || changed.has(p) || (mode !== '100644' && mode !== '100755')) continue;
    clean.set(p, { blob, mode });
  }
  return { clean, tracked };
}

/** The entry's path: everything after the n-th space (paths may hold spaces). */
function field(entry: string, n: number): string {
  let at = 0;
  for (let i = 0; i < n; i++) {
    at = entry.indexOf(' ', at) + 1;
    if (at === 0) return '';
  }
  return entry.slice(at);
}

/** Which of these blobs the repository still has. */
export async function existingBlobs(top: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const out = await batch(top, ['cat-file', '--batch-check'], ids);
  const have = new Set<string>();
  for (const line of out.toString('utf8').split('\n')) {
    const [id, type] = line.split(' ');
    if (type === 'blob') have.add(id);
  }
  return have;
}

/**
 * The content of these blobs, each checked against its id (git's own object hash: SHA-1 or SHA-256 of
 * "blob <size>\0" + content). A blob that is gone or does not hash to its id is left out.
 */
export async function readBlobs(top: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (ids.length === 0) return out;
  const raw = await batch(top, ['cat-file', '--batch'], ids);
  let at = 0;
  while (at < raw.length) {
    const nl = raw.indexOf(0x0a, at);
    if (nl < 0) break;
    const head = raw.subarray(at, nl).toString('utf8').split(' ');
    at = nl + 1;
    if (head[1] !== 'blob') continue; // "<id> missing"
    const size = Number(head[2]);
    const body = raw.subarray(at, at + size);
    at += size + 1; // the content, then a newline
    if (gitBlobId(body, head[0].length) === head[0]) out.set(head[0], Buffer.from(body));
  }
  return out;
}

export function gitBlobId(content: Uint8Array, idLength: number): string {
  const h = createHash(idLength === 64 ? 'sha256' : 'sha1');
  h.update(`blob ${content.length}\0`);
  h.update(content);
  return h.digest('hex');
}

function batch(top: string, args: string[], ids: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const p = spawn('git', [...SAFE, '-C', top, ...args], { env: gitEnv(), stdio: ['pipe', 'pipe', 'ignore'], windowsHide: true });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      p.kill();
      reject(new Error('git took too long'));
    }, TIMEOUT_MS * 4);
    p.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_OUTPUT * 4) {
        p.kill();
        return;
      }
      chunks.push(c);
    });
    p.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`git ${args.join(' ')} exited with ${code}`));
    });
    p.stdin.on('error', () => undefined);
    p.stdin.end(ids.filter((id) => /^[0-9a-f]{40,64}$/.test(id)).join('\n') + '\n');
  });
}
