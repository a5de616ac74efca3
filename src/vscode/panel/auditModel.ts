// The panel's view of one audit log: compact rows for every record (newest first when paged), filters, the
// full record on demand, and the state of the hash chain. No 'vscode' import: unit-tested in plain Node.
//
// The file on disk is the one source of truth: records appended by this extension and by a hook bridge
// running in another process arrive the same way, by reading what was appended since the last read. Only
// complete lines are consumed; a line still being written waits for its newline.
//
// Memory: a row keeps short strings and the record's byte range; the detail view re-reads the record from
// disk. 100,000 records stay in the tens of megabytes.
import * as fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { GENESIS, sha256Hex, type VerifyProblem } from '../../core/audit';

/** One record as a list row. Everything here was written (or chosen) by an agent: render it as text. */
export interface Row {
  /** Index in file order (0 = oldest): the record's id for the detail request. */
  i: number;
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
  event?: string;
}

export interface Filter {
  decision?: string;
  tool?: string;
  agent?: string;
  text?: string;
}

export interface ChainState {
  ok: boolean;
  records: number;
  problems: VerifyProblem[];
}

const MAX_FIELD = 300;
const CHUNK_BYTES = 1 << 20;
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

export class AuditModel {
  readonly rows: Row[] = [];
  private readonly ranges: { off: number; len: number }[] = [];
  private readonly hay: string[] = [];
  private readonly byCall = new Map<string, number>();
  readonly tools = new Set<string>();
  readonly agents = new Set<string>();
  private consumed = 0;
  private running: Promise<number> | undefined;
  private again: Promise<number> | undefined;
  private ino: number | undefined;
  private mtimeMs: number | undefined;
  private prev = GENESIS;
  private broken = false;
  private problems: VerifyProblem[] = [];
  private torn: VerifyProblem | undefined;
  private lines = 0;
  private linked = 0;
  private view: { key: string; rows: number; idx: number[] } | undefined;

  constructor(readonly file: string) {}

  /**
   * Read what was appended since the last call. Returns the number of new rows. A file that shrank or was
   * replaced is read again from the start (its chain state too): the log is append-only, so that itself is
   * a finding the chain check will report if the new content does not link.
   */
  refresh(): number {
    const buf = this.readNew();
    if (buf === undefined) return 0;
    const before = this.rows.length;
    this.consume(buf, 0, Infinity);
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
      const fh = await this.openChecked();
      if (fh === undefined) return 0;
      const before = this.rows.length;
      try {
        const { size } = await fh.stat();
        const total = size - this.consumed;
        const start = this.consumed;
        // Chunks, not one read of the whole log: a 50 MB read and its buffer are themselves a stall.
        let carry: Buffer = Buffer.alloc(0);
        let offset = this.consumed;
        while (offset < size) {
          const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size - offset));
          const { bytesRead } = await fh.read(chunk, 0, chunk.length, offset);
          if (bytesRead === 0) break;
          offset += bytesRead;
          const buf: Buffer = carry.length ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
          let pos = 0;
          for (;;) {
            pos = this.consume(buf, pos, performance.now() + sliceMs);
            if (pos >= buf.length || buf.indexOf(0x0a, pos) === -1) break;
            onProgress?.(this.consumed - start, total);
            await new Promise((r) => setImmediate(r));
          }
          carry = buf.subarray(pos);
          onProgress?.(this.consumed - start, total);
          await new Promise((r) => setImmediate(r));
        }
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

  /** The log opened for reading after the append-only checks, or undefined when there is nothing new. */
  private async openChecked(): Promise<fs.promises.FileHandle | undefined> {
    let fh: fs.promises.FileHandle;
    try {
      fh = await fs.promises.open(this.file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        if (this.consumed > 0) this.reset();
        return undefined;
      }
      throw e;
    }
    const st = await fh.stat();
    if (!this.checkAppendOnly(st)) {
      await fh.close();
      return undefined;
    }
    return fh;
  }

  /**
   * Append-only means: same file, never shorter, and unchanged where already read. A replaced file, a
   * shorter one, or one rewritten in place (new mtime, no growth) is read again from the start, so the
   * chain check sees the edit. (An edit of old lines *plus* an append between two reads is caught the next
   * time the panel loads the log from the start.) Returns whether there are bytes to read.
   */
  private checkAppendOnly(st: fs.Stats): boolean {
    const rewritten = st.size === this.consumed && this.mtimeMs !== undefined && st.mtimeMs !== this.mtimeMs;
    if (st.size < this.consumed || (this.ino !== undefined && st.ino !== this.ino) || rewritten) this.reset();
    this.ino = st.ino;
    this.mtimeMs = st.mtimeMs;
    if (st.size === this.consumed) {
      this.torn = undefined;
      return false;
    }
    return true;
  }

  /** The bytes appended since the last read (after the append-only checks), or undefined for none. */
  private readNew(): Buffer | undefined {
    let fd: number;
    try {
      fd = fs.openSync(this.file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        if (this.consumed > 0) this.reset();
        return undefined;
      }
      throw e;
    }
    try {
      const st = fs.fstatSync(fd);
      const size = st.size;
      if (!this.checkAppendOnly(st)) return undefined;
      const buf = Buffer.allocUnsafe(size - this.consumed);
      let got = 0;
      while (got < buf.length) {
        const n = fs.readSync(fd, buf, got, buf.length - got, this.consumed + got);
        if (n === 0) break;
        got += n;
      }
      return buf.subarray(0, got);
    } finally {
      fs.closeSync(fd);
    }
  }

  private reset(): void {
    this.rows.length = 0;
    this.ranges.length = 0;
    this.hay.length = 0;
    this.byCall.clear();
    this.tools.clear();
    this.agents.clear();
    this.consumed = 0;
    this.prev = GENESIS;
    this.broken = false;
    this.problems = [];
    this.torn = undefined;
    this.lines = 0;
    this.linked = 0;
    this.view = undefined;
  }

  /** Complete lines of `buf` from `from` until `deadline`; returns where it stopped. */
  private consume(buf: Buffer, from: number, deadline: number): number {
    const base = this.consumed - from;
    let start = from;
    let n = 0;
    for (;;) {
      const nl = buf.indexOf(0x0a, start);
      if (nl === -1) break;
      this.line(buf.toString('utf8', start, nl), base + start, nl - start);
      start = nl + 1;
      if (++n % 256 === 0 && performance.now() > deadline) break;
    }
    this.consumed = base + start;
    // An unterminated tail: a writer mid-record, or a torn line (the same words `audit verify` uses).
    this.torn =
      buf.indexOf(0x0a, start) === -1 && start < buf.length
        ? {
            line: this.lines + 1,
            kind: 'torn-last-line',
            message: `line ${this.lines + 1} is incomplete: the writer stopped mid-record (a crash), the line was cut, or a write is in progress`,
          }
        : undefined;
    return start;
  }

  /** The same rules as verifyChain (src/core/audit.ts), one line at a time. */
  private line(text: string, off: number, len: number): void {
    const n = ++this.lines;
    let rec: Record<string, unknown> | undefined;
    try {
      const v = JSON.parse(text);
      if (v && typeof v === 'object' && !Array.isArray(v)) rec = v as Record<string, unknown>;
    } catch {
      /* below */
    }
    if (!rec) {
      if (!this.broken) this.problems.push({ line: n, kind: 'not-json', message: `line ${n} is not a JSON record (a torn write, or an edit)` });
      this.prev = sha256Hex(text);
      return;
    }
    if (!this.broken) {
      if (rec.prev !== this.prev) {
        this.broken = true;
        this.problems.push({
          line: n,
          kind: 'bad-link',
          message: `line ${n} does not follow line ${n - 1}: its prev hash ${String(rec.prev).slice(0, 12)}… should be ${this.prev.slice(0, 12)}… (a line before it was removed, edited or reordered)`,
        });
      } else this.linked++;
    }
    this.prev = sha256Hex(text);
    const row: Row = {
      i: this.rows.length,
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
      callId: str(rec.callId, 100),
      ...(typeof rec.event === 'string' ? { event: str(rec.event, 40) } : {}),
    };
    this.rows.push(row);
    this.ranges.push({ off, len });
    this.hay.push(`${row.decision}\n${row.tool}\n${row.op}\n${row.target}\n${row.rule}\n${row.agent}\n${row.channel}\n${str(rec.reason, 1000)}`.toLowerCase());
    if (row.callId) this.byCall.set(row.callId, row.i);
    if (row.tool) this.tools.add(row.tool);
    if (row.agent) this.agents.add(row.agent);
  }

  get chain(): ChainState {
    const problems = this.torn ? [...this.problems, this.torn] : [...this.problems];
    return { ok: problems.length === 0, records: this.linked, problems };
  }

  /** Row index of the record of a call (the diff pane names calls by id). */
  rowOfCall(callId: string): Row | undefined {
    const i = this.byCall.get(callId);
    return i === undefined ? undefined : this.rows[i];
  }

  private matches(i: number, f: Filter, text: string): boolean {
    const r = this.rows[i];
    if (f.decision && r.decision !== f.decision) return false;
    if (f.tool && r.tool !== f.tool) return false;
    if (f.agent && r.agent !== f.agent) return false;
    if (text && !this.hay[i].includes(text)) return false;
    return true;
  }

  /** Indices of the rows that pass the filter, newest first. Extended, not recomputed, as records arrive. */
  private indices(f: Filter): number[] {
    const key = JSON.stringify([f.decision ?? '', f.tool ?? '', f.agent ?? '', (f.text ?? '').toLowerCase()]);
    const text = (f.text ?? '').toLowerCase();
    if (!this.view || this.view.key !== key || this.view.rows > this.rows.length) {
      const idx: number[] = [];
      for (let i = this.rows.length - 1; i >= 0; i--) if (this.matches(i, f, text)) idx.push(i);
      this.view = { key, rows: this.rows.length, idx };
    } else if (this.view.rows < this.rows.length) {
      const fresh: number[] = [];
      for (let i = this.rows.length - 1; i >= this.view.rows; i--) if (this.matches(i, f, text)) fresh.push(i);
      this.view.idx = fresh.concat(this.view.idx);
      this.view.rows = this.rows.length;
    }
    return this.view.idx;
  }

  /** One page of the filtered view, newest first, and how many rows pass the filter in all. */
  page(f: Filter, start: number, count: number): { total: number; rows: Row[] } {
    const idx = this.indices(f);
    const rows: Row[] = [];
    for (let k = start; k < Math.min(idx.length, start + count); k++) rows.push(this.rows[idx[k]]);
    return { total: idx.length, rows };
  }

  /** The whole record (masked when it was written), read back from disk by its byte range. */
  detail(i: number): Record<string, unknown> | undefined {
    const r = this.ranges[i];
    if (!r) return undefined;
    const fd = fs.openSync(this.file, 'r');
    try {
      const buf = Buffer.alloc(r.len);
      fs.readSync(fd, buf, 0, r.len, r.off);
      const v = JSON.parse(buf.toString('utf8'));
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    } finally {
      fs.closeSync(fd);
    }
  }
}
