// The real filesystem behind the path guard's FsProbe. Synchronous on purpose: a decision is a handful of
// lstat calls, and an async hop per segment would cost more than the syscalls.
import * as fs from 'node:fs';
import type { EntryInfo, FsProbe } from '../core/paths/resolve';

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
};

/** The workspace root as the guard compares it: absolute and symlink-free. */
export function realWorkspace(dir: string): string {
  return fs.realpathSync.native(dir);
}
