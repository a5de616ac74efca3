// The panel's view of one audit log: compact rows for every record (newest first when paged), filters, the
// full record on demand, and the state of the hash chain. No 'vscode' import: unit-tested in plain Node.
//
// The file on disk is the one source of truth: records appended by this extension and by a hook bridge
// running in another process arrive the same way, by reading what was appended since the last read. Only
// complete lines are consumed; a line still being written waits for its newline. The chain is checked by the
// same incremental verifier `agentguard audit verify` streams a file through (src/core/audit.ts).
//
// First paint does not wait for the whole log: the newest records are read back from the end of the file
// (`readTail`) and shown at once, older ones are read back as the person scrolls to them, and the full read —
// chain check, filters, tool and agent lists — runs behind in slices. Once it has caught up, it serves every page.
//
// Memory: a row keeps short strings and the record's byte offset; the detail view re-reads the record from
// disk. 100,000 records stay in the tens of megabytes.
import * as fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type ChainLine, ChainVerifier, MAX_LINE_BYTES, type VerifyProblem } from '../../core/audit';

/** One record as a list row. Everything here was written (or chosen) by an agent: render it as text. */
export interface Row {
  /** Byte offset of the record in the log: its id for the detail request. */
  at: number;
  time: string;
  decision: string;
  tool: string;
  op: string;
  target: string;
  rule: string;
  agent: string;
  channel: string;
  durationMs: number;
  decidedBy: string;
  callId: string;
  /** The call's risk level (low, medium, high), or '' in records written before risk levels existed. */
  risk: string;
  event?: string;
}

export interface Filter {
  decision?: string;
  tool?: string;
  agent?: string;
  text?: string;
  risk?: string;
  /** Only these calls, by id (the circuit breaker's "show refused calls" names the calls that tripped it). */
  calls?: readonly string[];
}

/** Whether a filter narrows the view at all. */
export function isFiltered(f: Filter): boolean {
  return !!(f.decision || f.tool || f.agent || f.text || f.risk || (f.calls && f.calls.length));
}

/**
 * The test one row must pass, compiled once per view: a row passes when every given field matches (an empty
 * field or an empty `calls` list does not narrow). `hay` is the row's lower-cased searchable text.
 */
export function rowFilter(f: Filter): (r: Row, hay: string) => boolean {
  const text = (f.text ?? '').toLowerCase();
  const calls = f.calls && f.calls.length ? new Set(f.calls) : undefined;
  return (r, hay) => {
    if (f.decision && r.decision !== f.decision) return false;
    if (f.tool && r.tool !== f.tool) return false;
    if (f.agent && r.agent !== f.agent) return false;
    if (f.risk && r.risk !== f.risk) return false;
    if (calls && !calls.has(r.callId)) return false;
    if (text && !hay.includes(text)) return false;
    return true;
  };
}

export interface ChainState {
  ok: boolean;
  records: number;
  problems: VerifyProblem[];
}

export interface Page {
  /** Rows that pass the filter in all (while `partial`: the newest rows read so far, and one page more if older ones exist). */
  total: number;
  rows: Row[];
  /** The full read has not caught up yet: rows come from the end of the file, and filters wait for it. */
  partial: boolean;
  /** How many rows of this view are newer than the row the caller had on top (they pushed the list down). */
  shift: number;
}

const MAX_FIELD = 300;
const CHUNK_BYTES = 1 << 20;
/** What the full read hands the verifier at a time: small enough to keep each slice short. */
const FEED_BYTES = 64 * 1024;
const TAIL_CHUNK = 256 * 1024;
const MAX_TARGET = 500;

function str(v: unknown, max = MAX_FIELD): string {
  if (typeof v === 'string') return v.length > max ? v.slice(0, max - 1) + '…' : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** What a call was about, from its (masked) arguments: a command line, or a path (→ destination). */
export function targetOf(args: unknown): string {
  if (!args || typeof args !== 'object') return '';
  const a = args as Record<string, unknown>;
  for (const k of ['command', 'cmd']) if (typeof a[k] === 'string') return str(a[k], MAX_TARGET);
  let p = '';
  for (const k of ['path', 'file_path', 'filePath', 'notebook_path', 'dirPath', 'query']) {
    if (typeof a[k] === 'string') {
      p = a[k] as string;
      break;
    }
  }
  if (!p && Array.isArray(a.paths)) p = a.paths.filter((x) => typeof x === 'string').join(', ');
  const dest = typeof a.newPath === 'string' ? a.newPath : typeof a.dest === 'string' ? a.dest : '';
  return str(dest ? `${p} → ${dest}` : p, MAX_TARGET);
}

function rowOf(rec: Record<string, unknown>, at: number): Row {
  return {
    at,
    time: str(rec.time, 40),
    decision: str(rec.decision, 10),
    tool: str(rec.tool, 100),
    op: str(rec.op, 10),
    target: targetOf(rec.args),
    rule: str(rec.rule, 200),
    agent: str(rec.agent, 100),
    channel: str(rec.channel, 10),
    durationMs: typeof rec.durationMs === 'number' && Number.isFinite(rec.durationMs) ? rec.durationMs : 0,
    decidedBy: str(rec.decidedBy, 20),
    // Whole ids (the audit caps them at 256): a filter by call ids must match them exactly.
    callId: str(rec.callId, 256),
    risk: str(rec.risk, 10),
    ...(typeof rec.event === 'string' ? { event: str(rec.event, 40) } : {}),
  };
}

/** A line too long to parse still takes a row, so the list shows that something is there. */
function oversizedRow(at: number, len: number): Row {
  return {
    at,
    time: '',
    decision: '',
    tool: '',
    op: '',
    target: `(a line of ${len} bytes, not shown)`,
    rule: '',
    agent: '',
    channel: '',
    durationMs: 0,
    decidedBy: '',
    callId: '',
    risk: '',
    event: 'oversized-line',
  };
}

function parseLine(buf: Buffer, start: number, end: number): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(buf.toString('utf8', start, end));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export class AuditModel {
  /** Every record the full read has reached, in file order. */
  readonly rows: Row[] = [];
  private readonly hay: string[] = [];
  private readonly byCall = new Map<string, number>();
  readonly tools = new Set<string>();
  readonly agents = new Set<string>();
  private verifier: ChainVerifier;
  /** Bytes handed to the verifier (complete lines, plus a partial last line it holds). */
  private read = 0;
  private running: Promise<number> | undefined;
  private again: Promise<number> | undefined;
  private ino: number | undefined;
  private mtimeMs: number | undefined;
  private caughtUp = false;
  /** Newest records read back from the end, newest first, until the full read catches up. */
  private tailRows: Row[] = [];
  /** Where the oldest tail row starts; 0 once the tail reaches the start of the file. */
  private tailFrom = -1;
  private view: { key: string; rows: number; idx: number[] } | undefined;

  constructor(readonly file: string) {
    this.verifier = this.newVerifier();
  }

  private newVerifier(): ChainVerifier {
    return new ChainVerifier((l) => this.onLine(l));
  }

  /** The full read has reached the end of the file at least once: pages, filters and the chain are complete. */
  get complete(): boolean {
    return this.caughtUp;
  }

  /**
   * Read what was appended since the last call. Returns the number of new rows. A file that shrank or was
   * replaced is read again from the start (its chain state too): the log is append-only, so that itself is
   * a finding the chain check will report if the new content does not link.
   */
  refresh(): number {
    let fd: number;
    try {
      fd = fs.openSync(this.file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        this.missing();
        return 0;
      }
      throw e;
    }
    const before = this.rows.length;
    try {
      const st = fs.fstatSync(fd);
      if (this.checkAppendOnly(st)) {
        const buf = Buffer.allocUnsafe(CHUNK_BYTES);
        while (this.read < st.size) {
          const n = fs.readSync(fd, buf, 0, Math.min(CHUNK_BYTES, st.size - this.read), this.read);
          if (n === 0) break;
          this.verifier.feed(buf.subarray(0, n));
          this.read += n;
        }
      }
      this.caughtUp = true;
      this.tailRows = [];
    } finally {
      fs.closeSync(fd);
    }
    return this.rows.length - before;
  }

  /**
   * refresh() in slices of about `sliceMs`, yielding to the event loop between them: loading a long log
   * (100,000 records, ~50 MB) takes a second or two, and the extension host — every tool call — must not
   * stall for it. Calls made while one runs share it, plus one more read for what arrived meanwhile.
   */
  refreshAsync(sliceMs = 12, onProgress?: (done: number, total: number) => void): Promise<number> {
    if (this.running) {
      this.again ??= this.running.then(() => {
        this.again = undefined;
        return this.refreshAsync(sliceMs, onProgress);
      });
      return this.again;
    }
    const run = (async () => {
      let fh: fs.promises.FileHandle;
      try {
        fh = await fs.promises.open(this.file, 'r');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
          this.missing();
          return 0;
        }
        throw e;
      }
      const before = this.rows.length;
      try {
        const st = await fh.stat();
        if (this.checkAppendOnly(st)) {
          const start = this.read;
          const total = st.size - start;
          const buf = Buffer.allocUnsafe(CHUNK_BYTES);
          let deadline = performance.now() + sliceMs;
          while (this.read < st.size) {
            const { bytesRead } = await fh.read(buf, 0, Math.min(CHUNK_BYTES, st.size - this.read), this.read);
            if (bytesRead === 0) break;
            for (let at = 0; at < bytesRead; at += FEED_BYTES) {
              this.verifier.feed(buf.subarray(at, Math.min(bytesRead, at + FEED_BYTES)));
              if (performance.now() > deadline) {
                onProgress?.(this.read + at - start, total);
                await new Promise((r) => setImmediate(r));
                deadline = performance.now() + sliceMs;
              }
            }
            this.read += bytesRead;
            onProgress?.(this.read - start, total);
          }
        }
        this.caughtUp = true;
        this.tailRows = [];
      } finally {
        await fh.close();
      }
      return this.rows.length - before;
    })();
    this.running = run.finally(() => {
      this.running = undefined;
    });
    return run;
  }

  private missing(): void {
    if (this.read > 0 || this.tailRows.length) this.reset();
    this.caughtUp = true;
  }

  /**
   * Append-only means: same file, never shorter, and unchanged where already read. A replaced file, a
   * shorter one, or one rewritten in place (new mtime, no growth) is read again from the start, so the
   * chain check sees the edit. (An edit of old lines *plus* an append between two reads is caught the next
   * time the panel loads the log from the start.) Returns whether there are bytes to read.
   */
  private checkAppendOnly(st: fs.Stats): boolean {
    const rewritten = st.size === this.read && this.mtimeMs !== undefined && st.mtimeMs !== this.mtimeMs;
    if (st.size < this.read || (this.ino !== undefined && st.ino !== this.ino) || rewritten) this.reset();
    this.ino = st.ino;
    this.mtimeMs = st.mtimeMs;
    return st.size > this.read;
  }

  private reset(): void {
    this.rows.length = 0;
    this.hay.length = 0;
    this.byCall.clear();
    this.tools.clear();
    this.agents.clear();
    this.read = 0;
    this.verifier = this.newVerifier();
    this.view = undefined;
    this.tailRows = [];
    this.tailFrom = -1;
    this.caughtUp = false;
  }

  private onLine(l: ChainLine): void {
    // A line that is not a record (torn, garbage) is a chain problem, not a row.
    if (!l.record && l.len <= MAX_LINE_BYTES) return;
    const row = l.record ? rowOf(l.record, l.off) : oversizedRow(l.off, l.len);
    const i = this.rows.length;
    this.rows.push(row);
    this.hay.push(
      `${row.decision}\n${row.tool}\n${row.op}\n${row.target}\n${row.rule}\n${row.agent}\n${row.channel}\n${str(l.record?.reason, 1000)}`.toLowerCase(),
    );
    if (row.callId) this.byCall.set(row.callId, i);
    if (row.tool) this.tools.add(row.tool);
    if (row.agent) this.agents.add(row.agent);
  }

  /**
   * Read the newest records back from the end of the file until `count` rows are known (or the file's start
   * is reached), without waiting for the full read. Returns how many tail rows there are now.
   */
  readTail(count: number): number {
    if (this.caughtUp || this.tailFrom === 0) return this.tailRows.length;
    let fd: number;
    try {
      fd = fs.openSync(this.file, 'r');
    } catch {
      return 0;
    }
    try {
      if (this.tailFrom < 0) {
        const st = fs.fstatSync(fd);
        this.tailFrom = endOfLastLine(fd, st.size);
      }
      let chunk = TAIL_CHUNK;
      while (this.tailRows.length < count && this.tailFrom > 0) {
        const hi = this.tailFrom;
        const lo = Math.max(0, hi - chunk);
        const buf = Buffer.allocUnsafe(hi - lo);
        fs.readSync(fd, buf, 0, buf.length, lo);
        // buf ends with the newline of the line before `hi`; lines run between newlines.
        let end = buf.length - 1;
        let found = false;
        while (end >= 0 && this.tailRows.length < count) {
          const nl = end === 0 ? -1 : buf.lastIndexOf(0x0a, end - 1);
          if (nl === -1 && lo > 0) break; // the line starts before this chunk: read further back
          const start = nl + 1;
          const len = end - start;
          const rec = len <= MAX_LINE_BYTES ? parseLine(buf, start, end) : undefined;
          if (rec) this.tailRows.push(rowOf(rec, lo + start));
          else if (len > MAX_LINE_BYTES) this.tailRows.push(oversizedRow(lo + start, len));
          this.tailFrom = lo + start;
          found = true;
          end = nl;
        }
        if (!found) {
          // One line longer than the chunk: widen the window until it fits.
          if (chunk >= MAX_LINE_BYTES * 4) break;
          chunk *= 4;
        }
      }
    } finally {
      fs.closeSync(fd);
    }
    return this.tailRows.length;
  }

  get chain(): ChainState {
    return this.verifier.state(true);
  }

  /** Row of the record of a call (the diff pane names calls by id). */
  rowOfCall(callId: string): Row | undefined {
    const i = this.byCall.get(callId);
    return i === undefined ? undefined : this.rows[i];
  }

  /** Indices of the rows that pass the filter, newest first. Extended, not recomputed, as records arrive. */
  private indices(f: Filter): number[] {
    const key = JSON.stringify([f.decision ?? '', f.tool ?? '', f.agent ?? '', (f.text ?? '').toLowerCase(), f.risk ?? '', f.calls ?? []]);
    const pass = rowFilter(f);
    if (!this.view || this.view.key !== key || this.view.rows > this.rows.length) {
      const idx: number[] = [];
      for (let i = this.rows.length - 1; i >= 0; i--) if (pass(this.rows[i], this.hay[i])) idx.push(i);
      this.view = { key, rows: this.rows.length, idx };
    } else if (this.view.rows < this.rows.length) {
      const fresh: number[] = [];
      for (let i = this.rows.length - 1; i >= this.view.rows; i--) if (pass(this.rows[i], this.hay[i])) fresh.push(i);
      this.view.idx = fresh.concat(this.view.idx);
      this.view.rows = this.rows.length;
    }
    return this.view.idx;
  }

  /**
   * One page of the filtered view, newest first. `top`: the byte offset of the row the caller shows first;
   * the answer says how many rows of the view are newer than it.
   */
  page(f: Filter, start: number, count: number, top?: number): Page {
    const filtered = isFiltered(f);
    if (!this.caughtUp) {
      // Page back on scroll: read further back when the request reaches past the tail read so far.
      if (!filtered && start + count > this.tailRows.length) this.readTail(start + count);
      if (filtered) return { total: 0, rows: [], partial: true, shift: 0 };
      const rows = this.tailRows.slice(start, start + count);
      const more = this.tailFrom > 0 ? Math.min(count, 200) : 0;
      const shift = top === undefined ? 0 : countWhile(this.tailRows, (r) => r.at > top);
      return { total: this.tailRows.length + more, rows, partial: true, shift };
    }
    const idx = this.indices(f);
    const rows: Row[] = [];
    for (let k = start; k < Math.min(idx.length, start + count); k++) rows.push(this.rows[idx[k]]);
    let shift = 0;
    if (top !== undefined) {
      // idx is newest first, so offsets fall along it: the first row at or below `top` ends the newer ones.
      let lo = 0;
      let hi = idx.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.rows[idx[mid]].at > top) lo = mid + 1;
        else hi = mid;
      }
      shift = lo;
    }
    return { total: idx.length, rows, partial: false, shift };
  }

  /** The whole record (masked when it was written), read back from disk at a row's offset. */
  detail(at: number): Record<string, unknown> | undefined {
    const known = this.rowAt(at);
    if (!known || known.event === 'oversized-line') return undefined;
    let fd: number;
    try {
      fd = fs.openSync(this.file, 'r');
    } catch {
      return undefined;
    }
    try {
      const buf = Buffer.allocUnsafe(Math.min(MAX_LINE_BYTES, Math.max(0, fs.fstatSync(fd).size - at)));
      const n = fs.readSync(fd, buf, 0, buf.length, at);
      const nl = buf.subarray(0, n).indexOf(0x0a);
      return parseLine(buf, 0, nl === -1 ? n : nl);
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Only a row this model handed out may be read back: the webview names offsets, it does not choose them. */
  private rowAt(at: number): Row | undefined {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.rows[mid].at < at) lo = mid + 1;
      else hi = mid;
    }
    if (this.rows[lo]?.at === at) return this.rows[lo];
    return this.tailRows.find((r) => r.at === at);
  }
}

function countWhile<T>(xs: readonly T[], p: (x: T) => boolean): number {
  let n = 0;
  while (n < xs.length && p(xs[n])) n++;
  return n;
}

/** The offset just past the last newline: where a record still being written (or a torn one) begins. */
function endOfLastLine(fd: number, size: number): number {
  const buf = Buffer.allocUnsafe(64 * 1024);
  for (let hi = size; hi > 0;) {
    const lo = Math.max(0, hi - buf.length);
    const n = fs.readSync(fd, buf, 0, hi - lo, lo);
    const nl = buf.subarray(0, n).lastIndexOf(0x0a);
    if (nl !== -1) return lo + nl + 1;
    hi = lo;
  }
  return 0;
}
