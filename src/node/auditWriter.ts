// Append-only audit log writer. One JSON line per call, each chained to the previous line's hash.
// - In one process, appends are queued and written in batches: concurrent calls never interleave or drop.
// - Across processes (the extension and a hook bridge running alone), a lock file serialises batches and
//   the tail is re-read under the lock, so the chain stays linear.
// - A torn last line (a crash mid-write) is closed with a newline and recorded, and appending continues.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type AuditRecord, chainLines, GENESIS, sha256Hex } from '../core/audit';

const LOCK_STALE_MS = 10_000;
// Another process (a hook bridge running alone) may hold the lock; a record is never dropped for waiting.
const LOCK_WAIT_MS = 60_000;
const TAIL_BYTES = 1 << 20;

/** Default log location: outside the workspace, where an agent's file tools cannot reach it. */
export function defaultAuditPath(workspace: string): string {
  const base = process.env.AGENTGUARD_HOME || path.join(os.homedir(), '.agentguard');
  const id = sha256Hex(workspace).slice(0, 16);
  return path.join(base, 'audit', `${path.basename(workspace).replace(/[^A-Za-z0-9._-]/g, '_')}-${id}.jsonl`);
}

type Pending = { rec: AuditRecord; resolve: () => void; reject: (e: Error) => void };

/**
 * One queue per log file per process: however many AuditWriter objects a process holds for a file, their
 * records go out in one ordered stream of batches, so they never contend for the lock among themselves.
 */
class FileQueue {
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;
  readonly listeners = new Set<(recs: AuditRecord[]) => void>();
  /** The tail as this process last left it; reused only while the file's size and inode still match. */
  private known: Tail | undefined;

  constructor(readonly file: string) {}

  push(p: Pending): void {
    this.queue.push(p);
    if (!this.flushing) this.flushing = this.flushLoop();
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.queue.length);
        try {
          this.known = await writeBatch(
            this.file,
            batch.map((b) => b.rec),
            this.known,
          );
          for (const b of batch) b.resolve();
          for (const l of this.listeners) {
            try {
              l(batch.map((b) => b.rec));
            } catch {
              /* a listener's failure must not lose records */
            }
          }
        } catch (e) {
          for (const b of batch) b.reject(e as Error);
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }
}

const queues = new Map<string, FileQueue>();

export class AuditWriter {
  private readonly q: FileQueue;

  constructor(readonly file: string) {
    const key = path.resolve(file);
    let q = queues.get(key);
    if (!q) queues.set(key, (q = new FileQueue(key)));
    this.q = q;
  }

  /** Resolves once the record is on disk. */
  append(rec: AuditRecord): Promise<void> {
    return new Promise((resolve, reject) => this.q.push({ rec, resolve, reject }));
  }

  /** Called with each batch after it is written (the panel's live updates). */
  onAppend(fn: (recs: AuditRecord[]) => void): { dispose(): void } {
    this.q.listeners.add(fn);
    return { dispose: () => this.q.listeners.delete(fn) };
  }
}

interface Tail {
  size: number;
  ino: number;
  hash: string;
}

async function writeBatch(file: string, records: AuditRecord[], known: Tail | undefined): Promise<Tail> {
  if (!known) await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const unlock = await acquireLock(file + '.lock');
  try {
    const fd = await fs.promises.open(file, 'a+', 0o600);
    try {
      const st = await fd.stat();
      let prefix = '';
      let prev = GENESIS;
      let recs = records;
      if (known && known.size === st.size && known.ino === st.ino) {
        prev = known.hash; // nobody appended since our last batch: no need to read the tail back
      } else if (st.size > 0) {
        const tail = await readTail(file);
        if (tail.lastLine !== undefined) {
          prev = sha256Hex(tail.lastLine);
          if (!tail.endsWithNewline) {
            // Close the torn line so the next record starts clean, and say so in the log itself.
            prefix = '\n';
            recs = [recoveryRecord(records[0]), ...records];
          }
        }
      }
      const { text, last } = chainLines(recs, prev);
      const data = prefix + text;
      // One write per batch, without fsync: a process crash cannot tear what write() handed to the kernel,
      // and a torn tail from a power loss is detected and recovered. fsync would cost ~4 ms per tool call.
      await fd.write(data);
      return { size: st.size + Buffer.byteLength(data), ino: st.ino, hash: last };
    } finally {
      await fd.close();
    }
  } finally {
    await unlock();
  }
}

function recoveryRecord(like: AuditRecord): AuditRecord {
  return {
    ...like,
    callId: 'recovery',
    tool: 'agentguard',
    op: 'write',
    args: {},
    decision: 'allow',
    rule: 'audit:recovery',
    reason: 'the previous line was torn (the writer stopped mid-record); it was closed and appending continued',
    decidedBy: 'rule',
    durationMs: 0,
    event: 'torn-line-recovered',
    outcome: undefined,
    changes: undefined,
  };
}

async function readTail(file: string): Promise<{ lastLine?: string; endsWithNewline: boolean }> {
  let fd: fs.promises.FileHandle;
  try {
    fd = await fs.promises.open(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { endsWithNewline: true };
    throw e;
  }
  try {
    const { size } = await fd.stat();
    if (size === 0) return { endsWithNewline: true };
    let len = Math.min(size, 64 * 1024);
    for (;;) {
      const buf = Buffer.alloc(len);
      await fd.read(buf, 0, len, size - len);
      const s = buf.toString('utf8');
      const endsWithNewline = s.endsWith('\n');
      const body = endsWithNewline ? s.slice(0, -1) : s;
      const nl = body.lastIndexOf('\n');
      if (nl >= 0 || len === size) return { lastLine: body.slice(nl + 1), endsWithNewline };
      if (len >= TAIL_BYTES) throw new Error(`the last audit line is longer than ${TAIL_BYTES} bytes`);
      len = Math.min(size, len * 4);
    }
  } finally {
    await fd.close();
  }
}

async function acquireLock(lock: string): Promise<() => Promise<void>> {
  const start = Date.now();
  let delay = 1;
  for (;;) {
    try {
      const fd = await fs.promises.open(lock, 'wx', 0o600);
      await fd.write(String(process.pid));
      await fd.close();
      return () => fs.promises.rm(lock, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        const st = await fs.promises.stat(lock);
        if (Date.now() - st.mtimeMs > LOCK_STALE_MS) {
          await fs.promises.rm(lock, { force: true }); // a writer died holding it
          continue;
        }
      } catch {
        continue;
      }
      if (Date.now() - start > LOCK_WAIT_MS) throw new Error(`the audit log is locked by another writer (${lock})`);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 20);
    }
  }
}
