// Audit records, the one builder every channel writes them through, and their hash chain. Pure: the writer
// (src/node/auditWriter.ts) does the I/O. Each line carries the SHA-256 of the line before it, so deleting,
// editing or reordering a line breaks the chain at that point and `agentguard audit verify` names it.
//
// The log must never jam and never lie. An agent controls what it sends (a 5 MiB command line, a tool name
// of a megabyte), so no field is stored whole past a cap: a cut field keeps its head, the length of the whole
// and the SHA-256 of the whole. Readers take complete lines only, and a line longer than any record this
// builder writes is hashed as it streams by and reported, never held whole and never a reason to stop.
import { createHash, type Hash } from 'node:crypto';
import { isRisk, type Risk } from './context/types';
import type { CanonicalCall, Channel, DecidedBy, Decision, Op, Verdict } from './types';

export const GENESIS = '0'.repeat(64);
/** The longest string a record stores whole (arguments, reasons, errors). */
export const MAX_FIELD_CHARS = 4096;
/** Names (tool, agent, rule, call id) are short; a longer one is cut like any field. */
const MAX_NAME_CHARS = 256;
/** The most characters the arguments of one record take once serialised. */
export const MAX_ARGS_CHARS = 64 * 1024;
/** The most file changes one record lists (how many there were in all is kept). */
export const MAX_CHANGES = 1000;
/** Nested arguments deeper than this are cut: a record is for reading, not for replaying a payload. */
const MAX_DEPTH = 32;
/**
 * The longest line a reader parses. Records from the builder stay far below it; a longer line (an older
 * writer's, or one put there by hand) is hashed without being held, its link read from its last bytes.
 */
export const MAX_LINE_BYTES = 1 << 20;

export interface FileChange {
  path: string;
  kind: 'added' | 'modified' | 'deleted';
}

export interface AuditRecord {
  v: 1;
  time: string;
  session: string;
  callId: string;
  agent: string;
  channel: Channel;
  tool: string;
  op: Op;
  /** Masked arguments as the agent sent them (fields past the cap cut, see `capString`). */
  args: unknown;
  decision: Decision;
  rule: string;
  reason: string;
  decidedBy: DecidedBy;
  /** Hash of the effective policy that decided. */
  policy: string;
  durationMs: number;
  /** Whether the handler ran and how it ended (ok / error), when the guard ran it; absent when the host runs it. */
  outcome?: 'ok' | 'error' | 'not-run';
  error?: string;
  changes?: FileChange[];
  /** How many files changed when there were more than `changes` lists. */
  changesTotal?: number;
  /** Clamped arguments, when limits rewrote a copy. */
  limited?: string[];
  /** How risky the call was: low, medium or high (src/core/context/risk.ts). */
  risk?: Risk;
  /** What the context step used: narrowed rules in force, a rate's count in its window, the lockdown. */
  context?: string[];
  /** Set by the writer. */
  prev?: string;
  /**
   * Not a call: a note in the log (a recovered torn line, the changes a host-run tool made after it ran, what its
   * after-hook did to its output — masked, withheld, or the task ended on it — the lockdown switched).
   */
  event?: 'torn-line-recovered' | 'session-start' | 'changes' | 'output' | 'lockdown-on' | 'lockdown-off';
}

export function sha256Hex(s: string | Uint8Array): string {
  return createHash('sha256').update(s).digest('hex');
}

// ---- the builder -----------------------------------------------------------------------------------

/** Everything a record is made of. Strings are masked and capped here, once, for every channel. */
export interface RecordInput {
  session: string;
  call: Pick<CanonicalCall, 'id' | 'agent' | 'channel' | 'tool' | 'op' | 'args'>;
  verdict: Pick<Verdict, 'decision' | 'rule' | 'reason' | 'risk' | 'context'> & { decidedBy: DecidedBy };
  /** Hash of the policy that decided. */
  policy: string;
  /** When the call arrived, ms since the epoch. */
  started: number;
  durationMs: number;
  outcome?: AuditRecord['outcome'];
  error?: string;
  changes?: readonly FileChange[];
  limited?: readonly string[];
  event?: AuditRecord['event'];
  /** The masking choke point: the log only ever sees masked text. */
  mask<T>(v: T): T;
}

/** The one way a record is made: the chain, the hook bridge's change notes, the writer's recovery note. */
export function auditRecord(i: RecordInput): AuditRecord {
  const text = (s: string, max = MAX_FIELD_CHARS) => capString(safeMask(i.mask, s, '[withheld: masking failed]'), max);
  const changes =
    i.changes && i.changes.length ? i.changes.slice(0, MAX_CHANGES).map((c) => ({ path: capString(c.path, MAX_NAME_CHARS * 4), kind: c.kind })) : [];
  return {
    v: 1,
    time: new Date(i.started).toISOString(),
    session: capString(i.session, MAX_NAME_CHARS),
    callId: capString(i.call.id, MAX_NAME_CHARS),
    agent: capString(i.call.agent, MAX_NAME_CHARS),
    channel: i.call.channel,
    tool: capString(i.call.tool, MAX_NAME_CHARS),
    op: i.call.op,
    args: capArgs(safeMask(i.mask, i.call.args, '[arguments withheld: masking failed]')),
    decision: i.verdict.decision,
    rule: capString(i.verdict.rule, MAX_NAME_CHARS),
    reason: text(i.verdict.reason),
    decidedBy: i.verdict.decidedBy,
    policy: i.policy,
    durationMs: Math.max(0, i.durationMs),
    ...(i.outcome ? { outcome: i.outcome } : {}),
    ...(i.error !== undefined ? { error: text(i.error) } : {}),
    ...(changes.length ? { changes } : {}),
    ...(i.changes && i.changes.length > MAX_CHANGES ? { changesTotal: i.changes.length } : {}),
    ...(i.limited && i.limited.length ? { limited: i.limited.slice(0, 32).map((l) => text(l, MAX_NAME_CHARS)) } : {}),
    ...(isRisk(i.verdict.risk) ? { risk: i.verdict.risk } : {}),
    ...(i.verdict.context && i.verdict.context.length ? { context: i.verdict.context.slice(0, 16).map((c) => text(c, 1024)) } : {}),
    ...(i.event ? { event: i.event } : {}),
  };
}

function safeMask<T>(mask: <V>(v: V) => V, v: T, withheld: string): T | string {
  try {
    return mask(v);
  } catch {
    return withheld;
  }
}

/**
 * A string longer than `max` keeps its head and says how long the whole was and what its SHA-256 (of the
 * UTF-8 of the masked text) is: enough to tell two 5 MiB commands apart, never enough to jam the log.
 */
export function capString(s: string, max = MAX_FIELD_CHARS): string {
  if (s.length <= max) return s;
  const tail = ` … [cut: ${s.length} characters in all, sha256 ${sha256Hex(s)}]`;
  return s.slice(0, Math.max(0, max - tail.length)) + tail;
}

/** Every string in the arguments capped; arguments still too large once serialised keep only a summary. */
export function capArgs(args: unknown): unknown {
  const capped = capValue(args, 0);
  let json: string | undefined;
  try {
    json = JSON.stringify(capped);
  } catch {
    return '[arguments not serialisable]';
  }
  if (json === undefined || json.length <= MAX_ARGS_CHARS) return capped;
  return { cut: `arguments of ${json.length} characters in all, sha256 ${sha256Hex(json)}`, head: json.slice(0, MAX_FIELD_CHARS) };
}

function capValue(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return capString(v);
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? String(v) : v;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(v)) {
    // Serialised size is capped below; this bounds the walk itself.
    const out = v.slice(0, 10_000).map((x) => capValue(x, depth + 1));
    if (v.length > out.length) out.push(`[${v.length - out.length} more items]`);
    return out;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [k, x] of Object.entries(v)) {
    if (++n > 10_000) {
      out['…'] = 'more fields cut';
      break;
    }
    out[capString(k, MAX_NAME_CHARS)] = capValue(x, depth + 1);
  }
  return out;
}

/** Serialise records onto a chain that ends in `prevHash`; returns the text to append and the new tail hash. */
export function chainLines(records: readonly AuditRecord[], prevHash: string): { text: string; last: string } {
  let prev = prevHash;
  let text = '';
  for (const r of records) {
    const line = JSON.stringify({ ...r, prev });
    text += line + '\n';
    prev = sha256Hex(line);
  }
  return { text, last: prev };
}

// ---- the verifier ----------------------------------------------------------------------------------

export interface VerifyProblem {
  line: number;
  /** oversized-line is a note, not a break: the line links, it is only longer than any record the builder writes. */
  kind: 'bad-link' | 'not-json' | 'torn-last-line' | 'oversized-line';
  message: string;
}

export interface VerifyResult {
  /** The chain links from the first line to the last and no line is torn or garbage. */
  ok: boolean;
  /** Records that link (before the first broken link). */
  records: number;
  problems: VerifyProblem[];
}

/** One complete line as the verifier read it. */
export interface ChainLine {
  /** 1-based line number. */
  n: number;
  /** Byte offset of its first byte in the input, and its length in bytes without the newline. */
  off: number;
  len: number;
  /** The parsed record, when the line is a JSON object short enough to parse. */
  record?: Record<string, unknown>;
  /** Whether it links to the line before (false once the chain broke, and for garbage). */
  linked: boolean;
}

const NL = 0x0a;
const PREV_TAIL = /,"prev":"([0-9a-f]{64})"\}$/;
const decoder = new TextDecoder();

/**
 * The chain checked one chunk at a time, for `agentguard audit verify` (a file of any size, streamed) and the
 * audit panel (the log as it grows). Lines are split on bytes and hashed as bytes, exactly as written; a line
 * split across chunks waits for its newline; an unterminated tail is a write in progress until `end()`.
 */
export class ChainVerifier {
  private prev = GENESIS;
  private n = 0;
  private linkedCount = 0;
  private broken = false;
  private readonly found: VerifyProblem[] = [];
  /** Bytes consumed so far (the offset of the next line's first byte once the partial line is complete). */
  private offset = 0;
  /** The unterminated line so far: its pieces, or — past MAX_LINE_BYTES — its running hash and last bytes. */
  private parts: Uint8Array[] = [];
  private partLen = 0;
  private streaming: { hash: Hash; tail: Uint8Array } | undefined;

  constructor(private readonly onLine?: (line: ChainLine) => void) {}

  /** Consume a chunk; every complete line in it (with what was held from before) is checked. */
  feed(chunk: Uint8Array): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NL, start);
      if (nl === -1) break;
      const piece = chunk.subarray(start, nl);
      if (this.partLen === 0 && !this.streaming) this.complete(piece, piece.length);
      else {
        this.hold(piece);
        this.completeHeld();
      }
      start = nl + 1;
    }
    if (start < chunk.length) this.hold(chunk.subarray(start));
  }

  /** Bytes held of an unterminated last line. */
  get pendingBytes(): number {
    return this.partLen;
  }

  /** Where the next unread byte belongs: every byte before it is part of a complete, checked line. */
  get consumed(): number {
    return this.offset;
  }

  /** The state so far. `inProgress`: an unterminated tail is reported as a write that may still complete. */
  state(inProgress = true): VerifyResult {
    const problems = [...this.found];
    if (this.partLen > 0) {
      const n = this.n + 1;
      problems.push({
        line: n,
        kind: 'torn-last-line',
        message: inProgress
          ? `line ${n} is incomplete: the writer stopped mid-record (a crash), the line was cut, or a write is in progress`
          : `line ${n} is incomplete: the writer stopped mid-record (a crash), or the line was cut`,
      });
    }
    return { ok: problems.every((p) => p.kind === 'oversized-line'), records: this.linkedCount, problems };
  }

  /** End of input: an unterminated last line is torn. */
  end(): VerifyResult {
    if (this.partLen > 0 && !this.streaming) {
      // A complete record without its newline is still torn (the writer always ends a record with one).
      const bytes = this.joined();
      const n = this.n + 1;
      let rec: unknown;
      try {
        rec = JSON.parse(decoder.decode(bytes));
      } catch {
        rec = undefined;
      }
      if (rec && typeof rec === 'object' && !Array.isArray(rec) && (rec as { prev?: unknown }).prev === this.prev && !this.broken) {
        return {
          ok: false,
          records: this.linkedCount + 1,
          problems: [...this.found, { line: n, kind: 'torn-last-line', message: `line ${n} has no final newline: the writer stopped mid-record` }],
        };
      }
    }
    return this.state(false);
  }

  private hold(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (this.streaming) {
      this.streaming.hash.update(piece);
      this.streaming.tail = lastBytes(this.streaming.tail, piece, 128);
      this.partLen += piece.length;
      return;
    }
    // Copy: the caller may reuse its buffer for the next chunk.
    this.parts.push(copyOf(piece));
    this.partLen += piece.length;
    if (this.partLen > MAX_LINE_BYTES) {
      const hash = createHash('sha256');
      let tail: Uint8Array = new Uint8Array(0);
      for (const p of this.parts) {
        hash.update(p);
        tail = lastBytes(tail, p, 128);
      }
      this.parts = [];
      this.streaming = { hash, tail };
    }
  }

  private joined(): Uint8Array {
    if (this.parts.length === 1) return this.parts[0];
    const out = new Uint8Array(this.partLen);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  private completeHeld(): void {
    const len = this.partLen;
    if (this.streaming) {
      const { hash, tail } = this.streaming;
      this.streaming = undefined;
      this.parts = [];
      this.partLen = 0;
      const n = ++this.n;
      const off = this.offset;
      this.offset += len + 1;
      this.oversized(n, off, len, hash.digest('hex'), decoder.decode(tail));
      return;
    }
    const bytes = this.joined();
    this.parts = [];
    this.partLen = 0;
    this.complete(bytes, len);
  }

  /** A complete line of normal size. */
  private complete(bytes: Uint8Array, len: number): void {
    const n = ++this.n;
    const off = this.offset;
    this.offset += len + 1;
    if (len > MAX_LINE_BYTES) {
      this.oversized(n, off, len, sha256Hex(bytes), decoder.decode(bytes.subarray(bytes.length - 128)));
      return;
    }
    const hash = sha256Hex(bytes);
    let rec: Record<string, unknown> | undefined;
    try {
      const v = JSON.parse(decoder.decode(bytes));
      if (v && typeof v === 'object' && !Array.isArray(v)) rec = v as Record<string, unknown>;
    } catch {
      /* below */
    }
    let linked = false;
    if (!rec) {
      // A torn line the writer closed and recovered from, or garbage put there by hand. The next record
      // links to it, so the chain after it still verifies.
      if (!this.broken) this.found.push({ line: n, kind: 'not-json', message: `line ${n} is not a JSON record (a torn write, or an edit)` });
    } else linked = this.link(n, rec.prev);
    this.prev = hash;
    this.onLine?.({ n, off, len, record: rec, linked });
  }

  /** A line too long to parse: hashed as it streamed by; its link is the `prev` the writer puts last. */
  private oversized(n: number, off: number, len: number, hash: string, tailText: string): void {
    const m = PREV_TAIL.exec(tailText);
    let linked = false;
    if (!m) {
      if (!this.broken)
        this.found.push({ line: n, kind: 'not-json', message: `line ${n} (${len} bytes) does not end like a record (a torn write, or an edit)` });
    } else {
      linked = this.link(n, m[1]);
      if (linked)
        this.found.push({
          line: n,
          kind: 'oversized-line',
          message: `line ${n} is ${len} bytes, longer than any record AgentGuard writes now (${MAX_LINE_BYTES} bytes at most); it links, and was not parsed`,
        });
    }
    this.prev = hash;
    this.onLine?.({ n, off, len, linked });
  }

  private link(n: number, prev: unknown): boolean {
    if (this.broken) return false;
    if (prev !== this.prev) {
      this.broken = true;
      this.found.push({
        line: n,
        kind: 'bad-link',
        message: `line ${n} does not follow line ${n - 1}: its prev hash ${String(prev).slice(0, 12)}… should be ${this.prev.slice(0, 12)}… (a line before it was removed, edited or reordered)`,
      });
      return false;
    }
    this.linkedCount++;
    return true;
  }
}

/** A copy, also of a Node Buffer (whose `slice` is a view, not a copy). */
function copyOf(u: Uint8Array): Uint8Array {
  return new Uint8Array(u);
}

function lastBytes(prev: Uint8Array, next: Uint8Array, keep: number): Uint8Array {
  if (next.length >= keep) return copyOf(next.subarray(next.length - keep));
  const out = new Uint8Array(Math.min(keep, prev.length + next.length));
  const fromPrev = out.length - next.length;
  out.set(prev.subarray(prev.length - fromPrev), 0);
  out.set(next, fromPrev);
  return out;
}

/** Check a whole log held in memory (tests, small logs). `agentguard audit verify` streams the file instead. */
export function verifyChain(text: string | Uint8Array): VerifyResult {
  const v = new ChainVerifier();
  v.feed(typeof text === 'string' ? new TextEncoder().encode(text) : text);
  return v.end();
}
