// Audit records and their hash chain. Pure: the writer (src/node/auditWriter.ts) does the I/O.
// Each line carries the SHA-256 of the line before it, so deleting, editing or reordering a line breaks
// the chain at that point and `agentguard audit verify` names it.
import { createHash } from 'node:crypto';
import type { Channel, DecidedBy, Decision, Op } from './types';

export const GENESIS = '0'.repeat(64);

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
  /** Masked arguments as the agent sent them. */
  args: unknown;
  decision: Decision;
  rule: string;
  reason: string;
  decidedBy: DecidedBy;
  /** Hash of the effective policy that decided. */
  policy: string;
  durationMs: number;
  /** Whether the handler ran and how it ended (ok / error), when it ran. */
  outcome?: 'ok' | 'error' | 'not-run';
  error?: string;
  changes?: FileChange[];
  /** Clamped arguments, when limits rewrote a copy. */
  limited?: string[];
  /** Set by the writer. */
  prev?: string;
  /** Not a call: a note in the log (a recovered torn line, the changes a hook-guarded tool made after it ran). */
  event?: 'torn-line-recovered' | 'session-start' | 'changes';
}

export function sha256Hex(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}

/** Serialise records onto a chain that ends in `prevHash`; returns the text to append and the new tail hash. */
export function chainLines(records: AuditRecord[], prevHash: string): { text: string; last: string } {
  let prev = prevHash;
  let text = '';
  for (const r of records) {
    const line = JSON.stringify({ ...r, prev });
    text += line + '\n';
    prev = sha256Hex(line);
  }
  return { text, last: prev };
}

export interface VerifyProblem {
  line: number;
  kind: 'bad-link' | 'not-json' | 'torn-last-line';
  message: string;
}

export interface VerifyResult {
  ok: boolean;
  records: number;
  problems: VerifyProblem[];
}

/** Check a whole log. Reports the first broken link, and a torn last line (a crash mid-write). */
export function verifyChain(text: string): VerifyResult {
  const problems: VerifyProblem[] = [];
  if (text.length === 0) return { ok: true, records: 0, problems };
  const endsClean = text.endsWith('\n');
  const lines = text.split('\n');
  if (endsClean) lines.pop();
  let prev = GENESIS;
  let records = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const n = i + 1;
    const isLast = i === lines.length - 1;
    let rec: { prev?: unknown };
    try {
      rec = JSON.parse(line);
    } catch {
      if (isLast && !endsClean) {
        problems.push({ line: n, kind: 'torn-last-line', message: `line ${n} is incomplete: the writer stopped mid-record (a crash), or the line was cut` });
      } else {
        // A torn line that the writer closed and recovered from, or garbage put there by hand.
        problems.push({ line: n, kind: 'not-json', message: `line ${n} is not a JSON record (a torn write, or an edit)` });
      }
      prev = sha256Hex(line); // the next record links to it, so the chain after it still verifies
      continue;
    }
    if (rec.prev !== prev) {
      problems.push({
        line: n,
        kind: 'bad-link',
        message: `line ${n} does not follow line ${n - 1}: its prev hash ${String(rec.prev).slice(0, 12)}… should be ${prev.slice(0, 12)}… (a line before it was removed, edited or reordered)`,
      });
      break;
    }
    if (isLast && !endsClean) {
      problems.push({ line: n, kind: 'torn-last-line', message: `line ${n} has no final newline: the writer stopped mid-record` });
    }
    records++;
    prev = sha256Hex(line);
  }
  return { ok: problems.length === 0, records, problems };
}
