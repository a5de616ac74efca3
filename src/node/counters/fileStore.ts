// The counter store every process of a workspace shares: the extension, the hook bridge's short-lived
// processes (one per tool call, with the extension up or down) and the MCP server. It lives outside the
// workspace, next to the audit log (`$AGENTGUARD_HOME/state/<folder>-<hash>/`), where an agent's file tools
// cannot reach it.
//
// Events (one short tab-separated line each) are appended to one file per minute, `events-<minute>.log`,
// opened O_APPEND: each append is a single write of a few hundred bytes, which the kernel never interleaves
// with another process's, so no event is lost and no lock is needed. The order of the lines — by file, then
// by position — is the one order every reader agrees on: a caller appends its event, reads the window back,
// and counts what lies before its own line. Two processes deciding at once cannot both be the 120th call.
// The one exception is a writer that picked its minute's file just before the minute turned and wrote after
// another process had already written into the next file: it sees that its minute is over when it reads back
// (`late`) and counts every other event as earlier — too many, never too few.
// Nothing is rewritten, so nothing needs compaction: files older than a day (the longest window) are deleted.
// A long-lived process keeps what it has read and reads only what was appended since (`ReadCache`).
//
// The lockdown is a small JSON file beside them, replaced atomically (write to a temporary name, rename).
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sha256Hex } from '../../core/audit';
import { type CountEvent, type CounterStore, type LockdownState, MAX_WINDOW_MS } from '../../core/context/types';

/** One file per this many ms of events. */
export const EPOCH_MS = 60_000;
/** Files newer than this many epochs behind the current one may still grow (a late writer): re-read them. */
const LIVE_EPOCHS = 3;
const FIELD_MAX = 200;
const FIELDS = 13;

/** Where a workspace's counters live: outside the workspace, beside its audit log. */
export function counterDir(workspace: string): string {
  const base = process.env.AGENTGUARD_HOME || path.join(os.homedir(), '.agentguard');
  return path.join(base, 'state', `${path.basename(workspace).replace(/[^A-Za-z0-9._-]/g, '_')}-${sha256Hex(workspace).slice(0, 16)}`);
}

function clean(s: string): string {
  const t = s.length > FIELD_MAX ? s.slice(0, FIELD_MAX) : s;
  return /[\t\n\r]/.test(t) ? t.replace(/[\t\n\r]/g, ' ') : t;
}

export function formatEvent(e: CountEvent): string {
  return (
    [e.t, e.kind, clean(e.id), clean(e.agent), clean(e.session), clean(e.channel), clean(e.tool), e.op, clean(e.rule), e.risk, e.tier, e.bytes, e.files].join(
      '\t',
    ) + '\n'
  );
}

export function parseEvent(line: string): CountEvent | undefined {
  const f = line.split('\t');
  if (f.length !== FIELDS) return undefined;
  const t = Number(f[0]);
  const kind = f[1];
  if (!Number.isFinite(t) || (kind !== 'c' && kind !== 'v' && kind !== 'r')) return undefined;
  return {
    t,
    kind,
    id: f[2],
    agent: f[3],
    session: f[4],
    channel: f[5],
    tool: f[6],
    op: f[7],
    rule: f[8],
    risk: f[9],
    tier: f[10],
    bytes: Number(f[11]) || 0,
    files: Number(f[12]) || 0,
  };
}

/** What a process has read of one events file. */
interface Cached {
  ino: number;
  /** Bytes consumed: complete lines only. */
  read: number;
  events: CountEvent[];
}

export interface FileStoreOptions {
  /** The store's clock, for choosing the minute's file and noticing a late append (default Date.now). */
  now?(): number;
}

export class FileCounterStore implements CounterStore {
  private readonly cache = new Map<number, Cached>();
  private dirReady = false;
  private lock: { sig: string; state: LockdownState | undefined } | undefined;
  private readonly now: () => number;
  /** The longest span a read has asked for: what the cache keeps. */
  private span = 0;
  /** The minute's file, open for appending. */
  private out: { epoch: number; fd: number } | undefined;

  constructor(
    readonly dir: string,
    opts: FileStoreOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  private ensureDir(): void {
    if (this.dirReady) return;
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.dirReady = true;
  }

  private file(epoch: number): string {
    return path.join(this.dir, `events-${epoch}.log`);
  }

  /**
   * One write, O_APPEND: atomic with respect to every other process appending to the file. Returns the epoch
   * written to. The minute's file stays open in a long-lived process (the extension, the MCP server): a counted
   * call then costs one write, not an open and a close.
   */
  private write(ev: CountEvent): number {
    this.ensureDir();
    const epoch = Math.floor(this.now() / EPOCH_MS);
    if (this.out?.epoch !== epoch) {
      this.closeOut();
      this.out = { epoch, fd: fs.openSync(this.file(epoch), 'a', 0o600) };
    }
    const buf = Buffer.from(formatEvent(ev), 'utf8');
    const n = fs.writeSync(this.out.fd, buf);
    if (n !== buf.length) throw new Error(`the counter store took ${n} of ${buf.length} bytes`);
    return epoch;
  }

  private closeOut(): void {
    if (!this.out) return;
    const fd = this.out.fd;
    this.out = undefined;
    try {
      fs.closeSync(fd);
    } catch {
      /* already closed */
    }
  }

  append(ev: CountEvent): void {
    this.write(ev);
  }

  appendAndRead(ev: CountEvent, since: number): { events: readonly CountEvent[]; self: number; late: boolean } {
    let r = this.appendAndReadOnce(ev, since);
    // The minute's file was replaced under the open descriptor (the folder deleted and made again): the event
    // went to a file nobody reads. Append it again to the file every process sees.
    if (r === undefined) {
      this.closeOut();
      r = this.appendAndReadOnce(ev, since);
    }
    if (r === undefined) throw new Error('the counter store lost the event it just appended');
    return r;
  }

  private appendAndReadOnce(ev: CountEvent, since: number): { events: readonly CountEvent[]; self: number; late: boolean } | undefined {
    const epoch = this.write(ev);
    const events = this.read(since);
    // Our own line: the last one carrying our id and kind at our time (an id is unique to one call).
    let self = -1;
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      if (e.id === ev.id && e.kind === ev.kind && e.t === ev.t) {
        self = i;
        break;
      }
    }
    if (self === -1) return undefined;
    const late = Math.floor(this.now() / EPOCH_MS) !== epoch;
    if (this.cache.get(epoch)?.events.length === 1) this.cleanup(epoch);
    return { events, self, late };
  }

  read(since: number): readonly CountEvent[] {
    const nowEpoch = Math.floor(this.now() / EPOCH_MS);
    const first = Math.floor(Math.max(since, this.now() - MAX_WINDOW_MS) / EPOCH_MS);
    const out: CountEvent[] = [];
    this.span = Math.max(this.span, this.now() - since);
    const keep = Math.floor((this.now() - this.span) / EPOCH_MS) - 1;
    for (const [e] of this.cache) if (e < keep) this.cache.delete(e);
    const epochs = this.epochsFrom(first, nowEpoch);
    for (const epoch of epochs) {
      const c = this.readFile(epoch, epoch >= nowEpoch - LIVE_EPOCHS);
      if (!c) continue;
      for (const e of c.events) if (e.t >= since) out.push(e);
    }
    return out;
  }

  /** The epochs whose files may hold events since `first`: by name for a short window, by listing for a long one. */
  private epochsFrom(first: number, last: number): number[] {
    if (last - first <= 16) {
      const out: number[] = [];
      for (let e = first; e <= last + 1; e++) out.push(e);
      return out;
    }
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    return names
      .map((n) => /^events-(\d+)\.log$/.exec(n))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .filter((e) => e >= first)
      .sort((a, b) => a - b);
  }

  /** Read what was appended to one file since this process last read it (the whole file the first time). */
  private readFile(epoch: number, live: boolean): Cached | undefined {
    const known = this.cache.get(epoch);
    if (known && !live) return known;
    // Unchanged since the last read (the same file, no longer): one stat, no open. Absent: no exception either.
    const st0 = fs.statSync(this.file(epoch), { throwIfNoEntry: false });
    if (!st0) return known;
    if (known && known.ino === st0.ino && known.read === st0.size) return known;
    let fd: number;
    try {
      fd = fs.openSync(this.file(epoch), 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return known;
      throw e;
    }
    try {
      const st = fs.fstatSync(fd);
      let c = known && known.ino === st.ino && known.read <= st.size ? known : undefined;
      if (!c) {
        c = { ino: st.ino, read: 0, events: [] };
        this.cache.set(epoch, c);
      }
      if (st.size > c.read) {
        const buf = Buffer.allocUnsafe(st.size - c.read);
        let got = 0;
        while (got < buf.length) {
          const n = fs.readSync(fd, buf, got, buf.length - got, c.read + got);
          if (n === 0) break;
          got += n;
        }
        // Complete lines only: a line still being written is read the next time.
        const end = buf.subarray(0, got).lastIndexOf(0x0a) + 1;
        if (end > 0) {
          const text = buf.toString('utf8', 0, end);
          let at = 0;
          while (at < text.length) {
            const nl = text.indexOf('\n', at);
            const ev = parseEvent(text.slice(at, nl));
            if (ev) c.events.push(ev);
            at = nl + 1;
          }
          c.read += end;
        }
      }
      return c;
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Files older than the longest window are no longer read by anyone: delete them (the first writer of a minute does). */
  private cleanup(epoch: number): void {
    const keep = epoch - Math.ceil(MAX_WINDOW_MS / EPOCH_MS) - 2;
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    for (const n of names) {
      const m = /^events-(\d+)\.log$/.exec(n);
      if (m && Number(m[1]) < keep) fs.rmSync(path.join(this.dir, n), { force: true });
    }
  }

  lockdown(): LockdownState | undefined {
    const file = path.join(this.dir, 'lockdown.json');
    let sig: string;
    try {
      const st = fs.statSync(file, { bigint: true });
      sig = `${st.ino}:${st.size}:${st.mtimeNs}`;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        this.lock = { sig: '', state: undefined };
        return undefined;
      }
      throw e;
    }
    if (this.lock?.sig === sig) return this.lock.state;
    let state: LockdownState;
    try {
      state = validLockdown(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch (e) {
      // Unreadable: fail closed. A lockdown state nobody can read is a lockdown.
      state = {
        on: true,
        since: 0,
        by: 'user',
        reason: `the lockdown state (${file}) cannot be read (${(e as Error).message}); switch the lockdown off to replace it`,
      };
    }
    this.lock = { sig, state };
    return state;
  }

  setLockdown(s: LockdownState): void {
    this.ensureDir();
    const file = path.join(this.dir, 'lockdown.json');
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(s) + '\n', { mode: 0o600 });
    fs.renameSync(tmp, file);
    this.lock = undefined;
  }
}

function validLockdown(o: unknown): LockdownState {
  if (!o || typeof o !== 'object') throw new Error('not an object');
  const s = o as Record<string, unknown>;
  if (typeof s.on !== 'boolean' || typeof s.since !== 'number' || typeof s.reason !== 'string') throw new Error('missing on, since or reason');
  const by = s.by === 'breaker' || s.by === 'cli' ? s.by : 'user';
  return {
    on: s.on,
    since: s.since,
    by,
    reason: s.reason.slice(0, 1000),
    ...(typeof s.agent === 'string' ? { agent: s.agent.slice(0, 256) } : {}),
    ...(Array.isArray(s.calls) ? { calls: s.calls.filter((c): c is string => typeof c === 'string').slice(0, 100) } : {}),
    ...(typeof s.resetAt === 'number' ? { resetAt: s.resetAt } : {}),
  };
}
