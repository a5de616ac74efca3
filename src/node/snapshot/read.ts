// Reading file content for the snapshot: hashing a changed file, sniffing text vs binary.
//
// Opened with O_NOFOLLOW and O_NONBLOCK: between our lstat and our open the path can be swapped for a
// symlink (which would make us read outside the workspace) or a FIFO (an open that blocks the extension
// host forever). The fstat of the open descriptor must still say "regular file".
import * as fs from 'node:fs';
import { createHash } from 'node:crypto';
import { SNIFF_BYTES, looksText } from '../../core/snapshot/classify';

const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/** Open a regular file without following a final symlink; undefined when it is not one (or is gone). */
export function openRegular(abs: string): { fd: number; st: fs.Stats } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(abs, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.isFile()) return { fd, st };
  } catch {
    // fall through
  }
  fs.closeSync(fd);
  return undefined;
}

export interface HashResult {
  hash: string;
  isText: boolean;
}

const scratch = Buffer.allocUnsafe(1 << 20);

/** sha256 of a regular file's content, read in 1 MiB slices. Undefined when unreadable or over `maxBytes`. */
export function hashFileSync(abs: string, maxBytes: number): HashResult | undefined {
  const f = openRegular(abs);
  if (f === undefined) return undefined;
  try {
    if (f.st.size > maxBytes) return undefined;
    const h = createHash('sha256');
    let isText = true;
    let first = true;
    let total = 0;
    for (;;) {
      const n = fs.readSync(f.fd, scratch, 0, scratch.length, null);
      if (n <= 0) break;
      total += n;
      if (total > maxBytes) return undefined; // growing while we read: give up rather than read forever
      if (first) {
        isText = looksText(scratch.subarray(0, Math.min(n, SNIFF_BYTES)));
        first = false;
      }
      h.update(scratch.subarray(0, n));
    }
    return { hash: h.digest('hex'), isText };
  } catch {
    return undefined;
  } finally {
    fs.closeSync(f.fd);
  }
}

export function hashBytes(b: Uint8Array): string {
  return createHash('sha256').update(b).digest('hex');
}
