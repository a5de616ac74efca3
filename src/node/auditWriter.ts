// Append-only audit log writer. One JSON line per record, each chained to the previous line's hash.
// - In one process, every writer of a file shares one queue: what arrives together (one turn of the event
//   loop) goes out as one batch, in one write, so concurrent calls never interleave or drop.
// - Across processes (the extension, and `agentguard hook` deciding alone in short-lived processes), a lock
//   file serialises writers. It is held while records keep coming — a burst pays for the lock once, not per
//   record — and let go when the queue runs dry, or after MAX_HOLD_MS so a waiting process gets its turn.
// - The tail is re-read whenever another process may have written since: the chain stays one line.
// - A torn last line (a crash mid-write) is closed with a newline and recorded, and appending continues.
// - The last line is hashed as it streams, whatever its length: an oversized line from an older writer (or a
//   hand edit) is never a reason to stop appending. Records from the builder (src/core/audit.ts) are capped.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { type AuditRecord, auditRecord, chainLines, GENESIS, sha256Hex } from '../core/audit';

const LOCK_STALE_MS = 10_000;
// Another process may hold the lock; a record is never dropped for waiting.
const LOCK_WAIT_MS = 60_000;
/** The longest one process keeps the lock while records keep coming, before it lets a waiting process in. */
const MAX_HOLD_MS = 200;
/** After letting go at MAX_HOLD_MS, how long this process stays away so a waiting one can take the lock. */
const YIELD_MS = 10;
/** A waiting process polls at most this far apart (it must see the lock free within YIELD_MS). */
const MAX_POLL_MS = 5;
const READ_CHUNK = 1 << 20;

/** Default log location: outside the workspace, where an agent's file tools cannot reach it. */
export function defaultAuditPath(workspace: string): string {
  const base = process.env.AGENTGUARD_HOME || path.join(os.homedir(), '.agentguard');
  const id = sha256Hex(workspace).slice(0, 16);
  return path.join(base, 'audit', `${path.basename(workspace).replace(/[^A-Za-z0-9._-]/g, '_')}-${id}.jsonl`);
}

type Pending = { rec: AuditRecord; resolve: () => void; reject: (e: Error) => void };

interface Tail {
  size: number;
  ino: number;
  hash: string;
}

/** The lock and the open log, while this process holds them. */
interface Held {
  fd: number;
  since: number;
}

const LOCK_OWNER = `${process.pid} ${os.hostname()}`;

/**
 * One queue per log file per process: however many AuditWriter objects a process holds for a file, their
 * records go out in one ordered stream of batches, so they never contend for the lock among themselves.
 */
class FileQueue {
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private held: Held | undefined;
  /** The tail as this process last left it; trusted only while the file's size and inode still match. */
  private known: Tail | undefined;
  private dirReady = false;
  private releaseScheduled = false;
  private readonly onExit = () => this.release();
  readonly listeners = new Set<(recs: AuditRecord[]) => void>();

  constructor(readonly file: string) {}

  push(p: Pending): void {
    this.queue.push(p);
    if (!this.flushing) this.flushing = this.flushLoop();
  }

  private async flushLoop(): Promise<void> {
    try {
      // One turn of the event loop: everything pushed meanwhile goes into the same batch.
      await new Promise((r) => setImmediate(r));
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.queue.length);
        const recs = batch.map((b) => b.rec);
        try {
          await this.acquire();
          await this.writeBatch(recs);
          for (const b of batch) b.resolve();
        } catch (e) {
          this.known = undefined;
          this.release();
          for (const b of batch) b.reject(e as Error);
          continue;
        }
        for (const l of this.listeners) {
          try {
            l(recs);
          } catch {
            /* a listener's failure must not lose records */
          }
        }
        if (this.held && Date.now() - this.held.since > MAX_HOLD_MS) {
          this.release();
          await new Promise((r) => setTimeout(r, YIELD_MS));
        }
        // Whoever awaited the batch may append again at once: a few microtask turns let that record join
        // the next batch without waiting for the event loop; then one turn gathers whatever else arrives.
        for (let i = 0; i < 4 && this.queue.length === 0; i++) await Promise.resolve();
        if (this.queue.length === 0) await new Promise((r) => setImmediate(r));
      }
    } finally {
      this.flushing = undefined;
      this.scheduleRelease();
    }
  }

  /** Let go of the lock once nothing has arrived for a turn of the event loop. */
  private scheduleRelease(): void {
    if (!this.held || this.releaseScheduled) return;
    this.releaseScheduled = true;
    setImmediate(() => {
      this.releaseScheduled = false;
      if (this.flushing || this.queue.length) return;
      this.release();
    });
  }

  private async acquire(): Promise<void> {
    if (this.held) return;
    if (!this.dirReady) {
      fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      this.dirReady = true;
    }
    await acquireLock(this.file + '.lock');
    try {
      this.held = { fd: fs.openSync(this.file, 'a+', 0o600), since: Date.now() };
    } catch (e) {
      fs.rmSync(this.file + '.lock', { force: true });
      throw e;
    }
    process.once('exit', this.onExit);
  }

  private release(): void {
    const h = this.held;
    if (!h) return;
    this.held = undefined;
    process.removeListener('exit', this.onExit);
    try {
      fs.closeSync(h.fd);
    } finally {
      fs.rmSync(this.file + '.lock', { force: true });
    }
  }

  private async writeBatch(records: AuditRecord[]): Promise<void> {
    const held = this.held!;
    // Checked every batch, the lock held or not: a hand edit or a truncation between two batches is seen.
    const st = fs.fstatSync(held.fd);
    let prefix = '';
    let prev = GENESIS;
    let recs = records;
    if (this.known && this.known.size === st.size && this.known.ino === st.ino) {
      prev = this.known.hash; // nobody appended since our last batch: no need to read the tail back
    } else if (st.size > 0) {
      const tail = await lastLine(held.fd, st.size);
      prev = tail.hash;
      if (!tail.endsWithNewline) {
        // Close the torn line so the next record starts clean, and say so in the log itself.
        prefix = '\n';
        recs = [recoveryRecord(records[0]), ...records];
      }
    }
    const { text, last } = chainLines(recs, prev);
    // One write per batch, without fsync: a process crash cannot tear what write() handed to the kernel,
    // and a torn tail from a power loss is detected and recovered. fsync would cost ~4 ms per tool call.
    const data = prefix + text;
    const bytes = Buffer.byteLength(data);
    this.known = undefined; // until the whole batch is down
    const n = fs.writeSync(held.fd, data);
    // A short write (a full disk) leaves a torn line: the next batch reads the tail and recovers it.
    if (n !== bytes) throw new Error(`the audit log took ${n} of ${bytes} bytes`);
    this.known = { size: st.size + bytes, ino: st.ino, hash: last };
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

function recoveryRecord(like: AuditRecord): AuditRecord {
  return auditRecord({
    session: like.session,
    call: { id: 'recovery', agent: like.agent, channel: like.channel, tool: 'agentguard', op: 'write', args: {} },
    verdict: {
      decision: 'allow',
      rule: 'audit:recovery',
      reason: 'the previous line was torn (the writer stopped mid-record); it was closed and appending continued',
      decidedBy: 'rule',
    },
    policy: like.policy,
    started: Date.now(),
    durationMs: 0,
    event: 'torn-line-recovered',
    mask: (v) => v,
  });
}

function readAt(fd: number, buf: Buffer, len: number, pos: number): Promise<number> {
  return new Promise((resolve, reject) => fs.read(fd, buf, 0, len, pos, (e, n) => (e ? reject(e) : resolve(n))));
}

/**
 * The SHA-256 of the file's last line (the next record links to it) and whether it ended with a newline.
 * Found by scanning back for the newline before it, then hashed in chunks: no line is ever held whole.
 */
async function lastLine(fd: number, size: number): Promise<{ hash: string; endsWithNewline: boolean }> {
  const one = Buffer.alloc(1);
  await readAt(fd, one, 1, size - 1);
  const endsWithNewline = one[0] === 0x0a;
  const end = endsWithNewline ? size - 1 : size;
  const buf = Buffer.allocUnsafe(Math.min(READ_CHUNK, Math.max(1, end)));
  let start = 0;
  for (let hi = end; hi > 0;) {
    const lo = Math.max(0, hi - buf.length);
    const n = await readAt(fd, buf, hi - lo, lo);
    const nl = buf.subarray(0, n).lastIndexOf(0x0a);
    if (nl !== -1) {
      start = lo + nl + 1;
      break;
    }
    hi = lo;
  }
  const hash = createHash('sha256');
  for (let at = start; at < end;) {
    const n = await readAt(fd, buf, Math.min(buf.length, end - at), at);
    if (n === 0) break;
    hash.update(buf.subarray(0, n));
    at += n;
  }
  return { hash: hash.digest('hex'), endsWithNewline };
}

async function acquireLock(lock: string): Promise<void> {
  const start = Date.now();
  let delay = 1;
  for (;;) {
    try {
      const fd = fs.openSync(lock, 'wx', 0o600);
      try {
        fs.writeSync(fd, LOCK_OWNER);
      } finally {
        fs.closeSync(fd);
      }
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (lockIsStale(lock)) {
        fs.rmSync(lock, { force: true }); // its writer died holding it
        continue;
      }
      if (Date.now() - start > LOCK_WAIT_MS) throw new Error(`the audit log is locked by another writer (${lock})`);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
  }
}

/** A lock whose writer is gone: left by a process of this machine that no longer runs, or untouched for long. */
function lockIsStale(lock: string): boolean {
  try {
    const st = fs.statSync(lock);
    if (Date.now() - st.mtimeMs > LOCK_STALE_MS) return true;
    const [pid, host] = fs.readFileSync(lock, 'utf8').split(' ');
    if (host !== os.hostname() || !/^\d+$/.test(pid ?? '')) return false;
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ESRCH';
    }
  } catch {
    return false; // gone already, or unreadable for a moment: try the lock again
  }
}
