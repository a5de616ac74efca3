// What a guarded write, delete or rename would leave on disk, read before it runs, for the pipeline's
// test-integrity check (src/core/chain.ts → src/core/integrity/step.ts). Reading is bounded: a file or a
// folder too large to compare becomes an `unseen` effect, which is asked — never allowed unseen. Symbolic
// links are not followed (a delete or rename moves the link, not what it points to).
import * as fsSync from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { FileEffect } from '../../core/integrity/step';

/** Texts past this are not compared (the same bound the detectors keep). */
export const MAX_EFFECT_BYTES = 4 * 1024 * 1024;
/** A folder deleted or renamed is read file by file up to these bounds. */
const MAX_TREE_FILES = 5_000;
const MAX_TREE_BYTES = 32 * 1024 * 1024;
/** Installed dependencies: their tests are not the project's, and no test runner of the project runs them. */
const NOT_THE_PROJECT = new Set(['node_modules']);

/**
 * A file's text, or undefined when it does not exist; `unseen` when it is too large to compare. Synchronous on
 * purpose: one open, fstat and read of a source file takes microseconds, where the thread pool's round trips
 * for the same took hundreds on every guarded edit (bench/integrity.ts).
 */
export function readForEffect(abs: string): { text?: string; unseen?: string } {
  let fd: number;
  try {
    fd = fsSync.openSync(abs, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
  try {
    const size = fsSync.fstatSync(fd).size;
    if (size > MAX_EFFECT_BYTES) return { unseen: `the file is ${size} bytes` };
    return { text: fsSync.readFileSync(fd, 'utf8') };
  } finally {
    fsSync.closeSync(fd);
  }
}

/**
 * A delete (`dest` undefined) or rename of a path: each file under it the detectors read, as removed (or moved
 * to its place under `dest`). A single file is one effect; a folder is walked, bounded.
 */
export async function removalEffects(
  abs: string,
  rel: string,
  dest: string | undefined,
  wanted: (rel: string) => boolean,
  signal: AbortSignal,
): Promise<FileEffect[]> {
  let st;
  try {
    st = await fs.lstat(abs);
  } catch {
    return []; // nothing there: the handler reports it
  }
  if (st.isSymbolicLink()) return [];
  if (st.isDirectory() && NOT_THE_PROJECT.has(path.basename(abs))) return [];
  if (!st.isDirectory()) {
    if (!wanted(rel)) return [];
    const r = readForEffect(abs);
    return [{ path: rel, before: r.text, ...(r.unseen ? { unseen: r.unseen } : {}), ...(dest !== undefined ? { movedTo: dest } : {}) }];
  }
  const out: FileEffect[] = [];
  let files = 0;
  let bytes = 0;
  const stack: string[] = [''];
  while (stack.length) {
    if (signal.aborted) throw new Error('the test-integrity check was stopped');
    const sub = stack.pop()!;
    const entries = await fs.readdir(path.join(abs, sub), { withFileTypes: true });
    for (const d of entries) {
      const subRel = sub ? `${sub}/${d.name}` : d.name;
      if (d.isDirectory()) {
        if (!NOT_THE_PROJECT.has(d.name)) stack.push(subRel);
        continue;
      }
      if (!d.isFile()) continue; // links, sockets: nothing a test runner reads through a delete
      const fileRel = rel ? `${rel}/${subRel}` : subRel;
      if (!wanted(fileRel)) continue;
      if (++files > MAX_TREE_FILES) return [{ path: rel, unseen: `the folder holds more than ${MAX_TREE_FILES} source files` }];
      const r = readForEffect(path.join(abs, subRel));
      bytes += r.text?.length ?? MAX_EFFECT_BYTES;
      if (bytes > MAX_TREE_BYTES) return [{ path: rel, unseen: `the folder holds more than ${MAX_TREE_BYTES / 1024 / 1024} MB of source` }];
      out.push({
        path: fileRel,
        before: r.text,
        ...(r.unseen ? { unseen: r.unseen } : {}),
        ...(dest !== undefined ? { movedTo: `${dest}/${subRel}` } : {}),
      });
    }
  }
  return out;
}
