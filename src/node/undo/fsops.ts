// The file operations of a revert, done so that nothing in the workspace can turn them against the person:
// every folder on the way is lstat'ed (a symlink swapped in for a folder is refused, never followed out of
// the workspace), a file is written whole to a temporary name in its folder and renamed over the old one
// (a crash leaves the old file or the new one, never half of it), and its mode is set on the descriptor.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export class RevertBlocked extends Error {}

/** Make sure every folder of `rel` (a workspace-relative folder path) exists as a real folder. */
export function ensureDir(workspace: string, rel: string, modeOf: (rel: string) => number | undefined): void {
  if (rel === '' || rel === '.') return;
  let cur = '';
  for (const seg of rel.split('/')) {
    if (seg === '' || seg === '.' || seg === '..') throw new RevertBlocked(`refusing the path segment ${JSON.stringify(seg)}`);
    cur = cur === '' ? seg : `${cur}/${seg}`;
    const abs = path.join(workspace, cur);
    let st: fs.Stats | undefined;
    try {
      st = fs.lstatSync(abs);
    } catch {
      st = undefined;
    }
    if (st?.isDirectory()) continue;
    if (st) throw new RevertBlocked(`${cur} is ${st.isSymbolicLink() ? 'a symbolic link' : 'a file'} where a folder should be`);
    const mode = modeOf(cur) ?? 0o755;
    fs.mkdirSync(abs, { mode });
    fs.chmodSync(abs, mode); // mkdir's mode is masked by the umask; the recorded mode is what it was
  }
}

/** Write `bytes` to `rel` with `mode`, atomically (temporary file in the same folder, then rename). */
export function writeFileAt(workspace: string, rel: string, bytes: Buffer, mode: number, modeOf: (rel: string) => number | undefined): void {
  const dir = path.posix.dirname(rel);
  ensureDir(workspace, dir === '.' ? '' : dir, modeOf);
  const abs = path.join(workspace, rel);
  const st = lstatOrUndefined(abs);
  if (st?.isDirectory()) throw new RevertBlocked(`${rel} is a folder now`);
  const tmp = path.join(path.dirname(abs), `.agentguard-revert-${process.pid}-${randomBytes(6).toString('hex')}`);
  const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    let off = 0;
    while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
    fs.fchmodSync(fd, mode);
  } catch (e) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(tmp, abs);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

export function symlinkAt(workspace: string, rel: string, target: string, modeOf: (rel: string) => number | undefined): void {
  const dir = path.posix.dirname(rel);
  ensureDir(workspace, dir === '.' ? '' : dir, modeOf);
  const abs = path.join(workspace, rel);
  const st = lstatOrUndefined(abs);
  if (st?.isDirectory()) throw new RevertBlocked(`${rel} is a folder now`);
  if (st) fs.unlinkSync(abs);
  fs.symlinkSync(target, abs);
}

/** Remove a file or link; a folder only when empty (what else is in it is not the call's). */
export function removeAt(workspace: string, rel: string): 'removed' | 'kept-nonempty' | 'absent' {
  const dir = path.posix.dirname(rel);
  if (dir !== '.') assertRealDirs(workspace, dir);
  const abs = path.join(workspace, rel);
  const st = lstatOrUndefined(abs);
  if (!st) return 'absent';
  if (st.isDirectory()) {
    try {
      fs.rmdirSync(abs);
      return 'removed';
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (e as NodeJS.ErrnoException).code === 'EEXIST') return 'kept-nonempty';
      throw e;
    }
  }
  fs.unlinkSync(abs);
  return 'removed';
}

export function chmodDir(workspace: string, rel: string, mode: number): void {
  assertRealDirs(workspace, rel);
  fs.chmodSync(path.join(workspace, rel), mode);
}

/** Every folder of `rel` exists and is a real folder (not a symlink). */
function assertRealDirs(workspace: string, rel: string): void {
  let cur = '';
  for (const seg of rel.split('/')) {
    if (seg === '' || seg === '.' || seg === '..') throw new RevertBlocked(`refusing the path segment ${JSON.stringify(seg)}`);
    cur = cur === '' ? seg : `${cur}/${seg}`;
    const st = lstatOrUndefined(path.join(workspace, cur));
    if (!st) throw new RevertBlocked(`${cur} does not exist`);
    if (!st.isDirectory()) throw new RevertBlocked(`${cur} is not a folder`);
  }
}

function lstatOrUndefined(abs: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(abs);
  } catch {
    return undefined;
  }
}
