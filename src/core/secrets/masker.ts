// Line-for-line masking. Same number of lines; a line without a secret is byte-identical (CRLF kept);
// each secret becomes `«secret:<rule>#<n>»`, n stable per distinct value, so masking the same text
// twice gives the same view and a placeholder can be mapped back by masking the file on disk again.
import { lineOf } from './blocks';
import { BLOCK_RULES, LINE_RULES } from './catalog';
import { keywordSelector, packKeywordTables, rulesOfMask } from './keywords';
import { compilePatterns, type CompiledPattern } from './patterns';
import { candidateLinesIndexOf, GATES, prescan } from './prefilter';
import { literalSet, packable } from './literals';
import { LITERAL_LAYOUT } from './anchors';
import { lineSpan, needsView, viewOf } from './decode';
import { sniff } from './sniff';
import { base64Run, blobHoldsSecret, setSecretTest } from './encoded';
import { detached } from './detach';
import { FORM_LITERALS } from './rules/forms';
import { SPOKEN_LITERALS } from './rules/spoken';
import { resolveFollow } from './follow';
import { scanBlock } from './windows';
import { reading } from './reading';
import type { BlockOutput, Hit, LineIndex, MaskOptions, MaskResult, SecretFinding } from './types';

export const PLACEHOLDER_OPEN = '«secret:';
const rulesFor = keywordSelector(LINE_RULES);
/** The same selector's tables for the pre-scan's SIMD pass, which selects while the text is in its memory. */
const SELECTOR_TABLES = packKeywordTables(LINE_RULES);

// Candidate lines the line rules found nothing in. The rules are pure functions of the line (user
// patterns and allow-listed values are applied elsewhere), so the same line gives the same empty
// answer, and code repeats: in a source tree about a quarter of the candidate lines are copies of
// earlier ones (the same `const key = …` in every copy of a package). Only lines with no hit are
// kept, never one a rule found a secret in, and the set is bounded in entries and line length (a
// stream of distinct lines restarts it, never grows it).
const QUIET_MAX = 4096;
const QUIET_LINE_MAX = 512;
const quiet = new Set<string>();
// The same memo keyed by the hash the pre-scan's module gives each line it selected for: a Set lookup
// hashes a fresh slice of the line character by character (~300 ns, a third of the memo's worth on a
// source tree), and the module already read those bytes. A hit is confirmed by comparing the line.
const quietByHash = new Map<number, string>();

/**
 * The line rules' hits on the line `text[start, end)` (without its `\n`). `m0`/`m1`/`m2`/`hash`: the rules
 * to run and the line's hash, as the pre-scan gave them (Prescan.selected), or m0 -1 to select here.
 */
function lineHits(text: string, start: number, end: number, m0: number, m1: number, m2: number, hash: number): Hit[] | undefined {
  const known = m0 >= 0;
  if (known) {
    const q = quietByHash.get(hash);
    if (q !== undefined && q.length === end - start && text.startsWith(q, start)) return undefined;
  }
  const line = text.slice(start, end);
  if (!known && quiet.has(line)) return undefined;
  const hits: Hit[] = [];
  const rules = known ? rulesOfMask(LINE_RULES, m0, m1, m2) : rulesFor(text, start, end);
  for (const rule of rules) rule.scan(line, hits);
  if (hits.length > 0) return hits;
  if (line.length <= QUIET_LINE_MAX) {
    if (known) {
      if (quietByHash.size >= QUIET_MAX) quietByHash.clear();
      quietByHash.set(hash, detached(line));
    } else {
      if (quiet.size >= QUIET_MAX) quiet.clear();
      quiet.add(detached(line));
    }
  }
  return undefined;
}
export function placeholder(rule: string, n: number): string {
  return `${PLACEHOLDER_OPEN}${rule}#${n}»`;
}

/** Placeholder numbering: per rule, per distinct secret value, in order of first appearance. */
export class MaskSession {
  private readonly byRule = new Map<string, Map<string, number>>();
  /** Distinct (rule, value) pairs numbered so far; `values` is rebuilt when it has changed. */
  private count = 0;
  private index: Map<string, string> | undefined;
  private indexed = -1;
  /**
   * Placeholder → the secret it stands for (used by restorePlaceholders). Built when read, from the
   * numbering: only a restore reads it, and filling it on every secret masked (a placeholder string
   * hashed into a second map) cost a few percent of masking a source tree.
   */
  get values(): ReadonlyMap<string, string> {
    if (this.index === undefined || this.indexed !== this.count) {
      const index = new Map<string, string>();
      for (const [rule, m] of this.byRule) for (const [value, n] of m) index.set(placeholder(rule, n), value);
      this.index = index;
      this.indexed = this.count;
    }
    return this.index;
  }
  placeholderFor(rule: string, value: string): string {
    let m = this.byRule.get(rule);
    if (m === undefined) this.byRule.set(rule, (m = new Map()));
    let n = m.get(value);
    if (n === undefined) {
      m.set(value, (n = m.size + 1));
      this.count++;
    }
    return placeholder(rule, n);
  }
}

/**
 * Literals the block rules' `applies` ask `has` about, beyond their gates: the pre-scan's pass looks for
 * them with the gates (a literal missing here is still answered, by a search of the text).
 */
export const HAS_LITERALS: readonly string[] = ['requirepass', 'fromSecretKey', 'OTP', '2FA', 'WIF', 'wif', ...FORM_LITERALS, ...SPOKEN_LITERALS];

/** Every literal a block rule is gated on or asks `has` about (HAS_LITERALS, its own `literals`), but the pre-scan's GATES. */
const WANTED = [...new Set([...BLOCK_RULES.map((r) => r.gate), ...HAS_LITERALS, ...BLOCK_RULES.flatMap((r) => r.literals ?? [])])].filter(
  (l) => l !== '' && !GATES.includes(l) && packable(l),
);
// Bit 31 of the pass's int32 result would read as "not looked for": one fewer than a set holds.
const PER_SET = LITERAL_LAYOUT.maxLiterals - 1;

/**
 * Those literals, found in one pass of the pre-scan's module (literals.ts), not by a search of the text
 * for each: LITERALS, and the ones past its capacity in LITERALS2 and LITERALS3 (the module's second and
 * third slots; each set costs a pass of the module's filter, so LITERALS3 is empty, and not installed,
 * until the first two are full). A literal past all three is still answered, by a search of the text
 * (bitOf gives it no bit); a test checks none is.
 */
export const LITERALS = literalSet(WANTED.slice(0, PER_SET));
export const LITERALS2 = literalSet(WANTED.slice(PER_SET, 2 * PER_SET));
export const LITERALS3 = literalSet(WANTED.slice(2 * PER_SET, 3 * PER_SET));
const LITERALS3_USED = LITERALS3.list.length > 0 ? LITERALS3 : undefined;

interface LiteralBits {
  /** Bit in the pre-scan's GATES (`Prescan.gates`), in LITERALS, in LITERALS2, in LITERALS3; 0 for none. */
  gate: number;
  literal: number;
  literal2: number;
  literal3: number;
}
const NO_BITS: LiteralBits = { gate: 0, literal: 0, literal2: 0, literal3: 0 };
/** Each known literal's bits, read once (a search of the three lists on every `has` cost ~4% of masking a source tree). */
const BITS = new Map<string, LiteralBits>();
for (const [i, g] of GATES.entries()) BITS.set(g, { gate: 1 << i, literal: 0, literal2: 0, literal3: 0 });
for (const [i, l] of LITERALS.list.entries()) if (!BITS.has(l)) BITS.set(l, { gate: 0, literal: 1 << i, literal2: 0, literal3: 0 });
for (const [i, l] of LITERALS2.list.entries()) if (!BITS.has(l)) BITS.set(l, { gate: 0, literal: 0, literal2: 1 << i, literal3: 0 });
for (const [i, l] of LITERALS3.list.entries()) if (!BITS.has(l)) BITS.set(l, { gate: 0, literal: 0, literal2: 0, literal3: 1 << i });

/** `literal`'s bits: in the pre-scan's GATES, LITERALS, LITERALS2 or LITERALS3 (all 0: none of them). */
function bitOf(literal: string): LiteralBits {
  return BITS.get(literal) ?? NO_BITS;
}

/**
 * The block rules with what gates them, read once into objects of one shape: the loop over them runs for
 * every text, and reading the rules' own optional fields made its property accesses polymorphic.
 */
const BLOCKS = BLOCK_RULES.map((rule) => {
  const bit = bitOf(rule.gate);
  return {
    rule,
    gateBit: bit.gate,
    literalBit: bit.literal,
    literal2Bit: bit.literal2,
    literal3Bit: bit.literal3,
    literal: bit.gate !== 0 || bit.literal !== 0 || bit.literal2 !== 0 || bit.literal3 !== 0 ? '' : rule.gate,
    ruleKinds: rule.kinds ?? 0,
    usesHas: rule.literals !== undefined,
    applies: rule.applies === undefined ? null : (text: string, has: (literal: string) => boolean) => rule.applies!(text, has),
  };
});

/**
 * `has` for BlockRule.applies and scan: the pre-scan's gates and literals (`literals`/`literals2`/`literals3`
 * -1: not looked for) answer for theirs, a search for any other.
 */
function hasLiteral(text: string, gates: number, literals: number, literals2: number, literals3: number): (literal: string) => boolean {
  if (reading.plain) return (literal) => text.includes(literal);
  return (literal) => {
    const bit = bitOf(literal);
    if (bit.gate !== 0) return (gates & bit.gate) !== 0;
    if (bit.literal !== 0 && literals >= 0) return (literals & bit.literal) !== 0;
    if (bit.literal2 !== 0 && literals2 >= 0) return (literals2 & bit.literal2) !== 0;
    if (bit.literal3 !== 0 && literals3 >= 0) return (literals3 & bit.literal3) !== 0;
    return text.includes(literal);
  };
}

/** Line offsets, counted incrementally for ascending queries and indexed fully when needed. */
class Lines implements LineIndex {
  private arr: number[] | undefined;
  private pos = 0;
  private line = 0;
  constructor(private readonly text: string) {}
  starts(): number[] {
    if (this.arr === undefined) {
      const t = this.text;
      const a = [0];
      let i = -1;
      while ((i = t.indexOf('\n', i + 1)) !== -1) if (i + 1 < t.length) a.push(i + 1);
      this.arr = a;
    }
    return this.arr;
  }
  lineAt(offset: number): number {
    if (this.arr !== undefined || offset < this.pos) return lineOf(this.starts(), offset);
    const t = this.text;
    let i = this.pos;
    let n = this.line;
    for (;;) {
      const nl = t.indexOf('\n', i);
      if (nl < 0 || nl >= offset) break;
      n++;
      i = nl + 1;
    }
    this.pos = i;
    this.line = n;
    return n;
  }
  startOf(line: number): number {
    return this.starts()[line]!;
  }
}

interface LineHits {
  hits: Hit[];
}

export interface Masker {
  mask(text: string): MaskResult;
  /** Masks with a shared numbering (maskValue uses it across the strings of one value). */
  maskInSession(text: string, session: MaskSession): MaskResult;
  /** Problems with the user's patterns (invalid ones are skipped, not thrown). */
  readonly errors: string[];
}

// A decoded blob (encoded.ts) is masked as any text is, with the rules alone (no user patterns, no allow-list).
setSecretTest((text) => maskWith(text, [], new Set(), new MaskSession()).findings.length > 0);

export function createMasker(opts: MaskOptions = {}): Masker {
  const { patterns, errors } = compilePatterns(opts.extraPatterns);
  const allow = new Set((opts.allowValues ?? []).filter((v) => typeof v === 'string' && v.length > 0));
  const maskInSession = (text: string, session: MaskSession) => maskWith(text, patterns, allow, session);
  return { errors, maskInSession, mask: (text) => maskInSession(text, new MaskSession()) };
}

/**
 * Adds `hits` to the line at `start` (hits are kept per line, keyed by the line's start offset: a line
 * number costs a newline count, paid only if asked). `own`: the array is the caller's to give, else it is copied.
 */
function push(map: Map<number, LineHits>, start: number, hits: Hit[], own = false): void {
  const cur = map.get(start);
  if (cur === undefined) map.set(start, { hits: own ? hits : hits.slice() });
  else for (const h of hits) cur.hits.push(h);
}

/**
 * A finding's line number is counted when first read: the masked text needs none, and counting the
 * newlines before the last secret of a file cost more than a tenth of masking it (every read the
 * agent makes is masked; only the CLI's report and the tests read line numbers). The findings of
 * one result share one counter, which walks forward from the previous finding's line.
 */
class LineCounter {
  private pos = 0;
  private line = 0;
  constructor(private readonly text: string) {}
  /** 0-based line of the line starting at `start`; calls come in ascending order of `start` (the findings' order). */
  at(start: number): number {
    if (start < this.pos) {
      this.pos = 0;
      this.line = 0;
    }
    const t = this.text;
    let i = this.pos;
    let n = this.line;
    for (let nl = t.indexOf('\n', i); nl !== -1 && nl < start; nl = t.indexOf('\n', nl + 1)) {
      n++;
      i = nl + 1;
    }
    this.pos = start;
    this.line = n;
    return n;
  }
}

class Finding implements SecretFinding {
  private lineNo = 0;
  constructor(
    private readonly counter: LineCounter,
    private readonly lineStart: number,
    readonly rule: string,
    readonly placeholder: string,
    readonly start: number,
    readonly end: number,
  ) {}
  get line(): number {
    if (this.lineNo === 0) this.lineNo = this.counter.at(this.lineStart) + 1;
    return this.lineNo;
  }
  toJSON(): SecretFinding {
    return { line: this.line, rule: this.rule, placeholder: this.placeholder, start: this.start, end: this.end };
  }
}

function maskWith(text: string, patterns: CompiledPattern[], allow: Set<string>, session: MaskSession): MaskResult {
  if (typeof text !== 'string') throw new TypeError('maskText expects a string');
  const lines = new Lines(text);
  const perLine = new Map<number, LineHits>();
  const protect = new Set<number>();

  const {
    lines: candidates,
    gates,
    literals,
    literals2,
    literals3,
    selected,
    flagged,
    escapes,
    blobs,
  } = prescan(text, SELECTOR_TABLES, LITERALS, LITERALS2, LITERALS3_USED);
  // The structure rules read only the kinds of file they know (sniff.ts): most texts are none of them.
  let kinds = -1;
  let has: ((literal: string) => boolean) | undefined;
  for (let b = 0; b < BLOCKS.length; b++) {
    const { rule, gateBit, literalBit, literal2Bit, literal3Bit, literal, ruleKinds, applies, usesHas } = BLOCKS[b]!;
    if (reading.plain) {
      if (rule.gate !== '' && !text.includes(rule.gate)) continue;
    } else if (gateBit !== 0) {
      if ((gates & gateBit) === 0) continue;
    } else if (literalBit !== 0) {
      if (literals >= 0 ? (literals & literalBit) === 0 : !text.includes(rule.gate)) continue;
    } else if (literal2Bit !== 0) {
      if (literals2 >= 0 ? (literals2 & literal2Bit) === 0 : !text.includes(rule.gate)) continue;
    } else if (literal3Bit !== 0) {
      if (literals3 >= 0 ? (literals3 & literal3Bit) === 0 : !text.includes(rule.gate)) continue;
    } else if (literal !== '' && !text.includes(literal)) continue;
    if (ruleKinds !== 0) {
      if (kinds < 0) kinds = sniff(text);
      if ((ruleKinds & kinds) === 0) continue;
    }
    if (applies !== null && !applies(text, (has ??= hasLiteral(text, gates, literals, literals2, literals3)))) continue;
    const out: BlockOutput = { hits: new Map(), protect };
    scanBlock(rule, text, lines, out, usesHas ? (has ??= hasLiteral(text, gates, literals, literals2, literals3)) : undefined);
    for (const [li, hits] of out.hits) push(perLine, lines.startOf(li), hits);
  }
  // Protected lines by start offset, like the hits.
  let protectedStarts: Set<number> | undefined;
  if (protect.size > 0) {
    protectedStarts = new Set();
    for (const li of protect) protectedStarts.add(lines.startOf(li));
  }

  // Hits whose value goes on past their line (follow.ts), with their line's start.
  let follows: [number, Hit][] | undefined;
  for (let k = 0; k < candidates.length; k++) {
    const start = candidates[k]!;
    if (protectedStarts !== undefined && protectedStarts.has(start)) continue;
    const nl = text.indexOf('\n', start);
    const hits =
      selected === undefined
        ? lineHits(text, start, nl < 0 ? text.length : nl, -1, 0, 0, 0)
        : lineHits(text, start, nl < 0 ? text.length : nl, selected[4 * k]!, selected[4 * k + 1]!, selected[4 * k + 2]!, selected[4 * k + 3]!);
    if (hits !== undefined) {
      push(perLine, start, hits, true);
      for (let h = 0; h < hits.length; h++) if (hits[h]!.follow !== undefined) (follows ??= []).push([start, hits[h]!]);
    }
  }
  if (follows !== undefined) {
    for (const [start, h] of follows) {
      const nl = text.indexOf('\n', start);
      resolveFollow(text, start, nl < 0 ? text.length : nl, h.follow!, (line, s, e) => {
        // A private key block's lines belong to its rule.
        if (protectedStarts === undefined || !protectedStarts.has(line)) push(perLine, line, [{ start: s, end: e, rule: h.rule, priority: h.priority }]);
      });
    }
  }

  // Lines a decoded view may change (invisible characters, compatibility forms, escapes, foreign key
  // words): the rules run on the view too, and its hits mask the characters they came from.
  if (flagged.length > 0 || escapes.length > 0) viewHits(text, flagged, escapes, perLine);
  // Base64 blobs ending in padding: decoded, and masked whole when the decoded text holds a secret.
  let blobEnd = -1;
  for (const p of blobs) {
    if (p < blobEnd) continue;
    const [s, e] = base64Run(text, p - 1);
    blobEnd = e;
    if (!blobHoldsSecret(text, s, e)) continue;
    const ls = text.lastIndexOf('\n', s - 1) + 1;
    push(perLine, ls, [{ start: s - ls, end: e - ls, rule: 'encoded-secret', priority: 2 }]);
  }

  for (const p of patterns) {
    p.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = p.re.exec(text)) !== null) {
      if (m[0].length === 0) {
        p.re.lastIndex++;
        continue;
      }
      const g = m[1] !== undefined ? 1 : 0;
      const [a, b] = m.indices![g]!;
      // A match may span lines: mask its part on each line, never the newline itself.
      for (let li = lines.lineAt(a), last = lines.lineAt(Math.max(a, b - 1)); li <= last; li++) {
        const ls = lines.startOf(li);
        const nl = text.indexOf('\n', ls);
        const le = nl < 0 ? text.length : nl;
        const s = Math.max(a, ls),
          e = Math.min(b, le);
        if (e > s) push(perLine, ls, [{ start: s - ls, end: e - ls, rule: p.rule, priority: 0 }]);
      }
    }
  }

  if (perLine.size === 0) return { text, findings: [] };

  // Lines come in ascending order unless block rules or user patterns added some first.
  const order = [...perLine.keys()];
  for (let k = 1; k < order.length; k++)
    if (order[k]! < order[k - 1]!) {
      order.sort((a, b) => a - b);
      break;
    }
  const pieces: string[] = [];
  const findings: SecretFinding[] = [];
  const counter = new LineCounter(text);
  let prev = 0;
  for (const start of order) {
    const { hits } = perLine.get(start)!;
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end);
    const chosen = resolve(hits, line, allow);
    if (chosen.length === 0) continue;
    let out = '';
    let col = 0;
    for (const h of chosen) {
      const ph = session.placeholderFor(h.rule, line.slice(h.start, h.end));
      out += line.slice(col, h.start) + ph;
      col = h.end;
      findings.push(new Finding(counter, start, h.rule, ph, h.start, h.end));
    }
    out += line.slice(col);
    pieces.push(text.slice(prev, start), out);
    prev = end;
  }
  if (pieces.length === 0) return { text, findings: [] };
  pieces.push(text.slice(prev));
  return { text: pieces.join(''), findings };
}

/**
 * The rules' hits on the decoded views (decode.ts) of the lines that need one: lines where needsView
 * finds something to decode in a run of the 32-character blocks the pre-scan flagged (`blocks`,
 * ascending: text beyond ASCII; a separator after a foreign word may stand just past a run), and the
 * lines of `escapes` (anchors after an escape in a key's name).
 */
function viewHits(text: string, blocks: number[], escapes: number[], perLine: Map<number, LineHits>): void {
  let done = 0; // where the lines not yet read start
  let viewed: Set<number> | undefined;
  for (let k = 0; k < blocks.length;) {
    const from = Math.max(blocks[k]!, done);
    let end = blocks[k]! + 32;
    while (++k < blocks.length && blocks[k]! <= end) end = blocks[k]! + 32;
    const to = Math.min(end + 16, text.length);
    for (let at = needsView(text, from, to); at >= 0; at = done < to ? needsView(text, done, to) : -1) {
      // Each turn reads a line not read yet: a find on a line already read would read it again, forever.
      if (at < done) break;
      const ls = text.lastIndexOf('\n', at - 1) + 1;
      const nl = text.indexOf('\n', at);
      const le = nl < 0 ? text.length : nl;
      done = le + 1;
      viewLine(text, ls, le, perLine);
      if (escapes.length > 0) (viewed ??= new Set()).add(ls);
    }
  }
  let last = -1;
  for (const p of escapes) {
    const ls = text.lastIndexOf('\n', p - 1) + 1;
    if (ls === last || viewed?.has(ls) === true) continue;
    last = ls;
    const nl = text.indexOf('\n', p);
    viewLine(text, ls, nl < 0 ? text.length : nl, perLine);
  }
}

/** The line `text[ls, le)`'s decoded view, if it has one with an anchor: the rules' hits on it, as the line's spans. */
function viewLine(text: string, ls: number, le: number, perLine: Map<number, LineHits>): void {
  const view = viewOf(text.slice(ls, le));
  if (view === null || candidateLinesIndexOf(view.text).length === 0) return;
  const hits: Hit[] = [];
  for (const rule of rulesFor(view.text)) rule.scan(view.text, hits);
  const mapped: Hit[] = [];
  for (const h of hits) {
    if (h.end <= h.start) continue;
    const [s, e] = lineSpan(view, h.start, h.end);
    mapped.push({ start: s, end: e, rule: h.rule, priority: h.priority });
  }
  if (mapped.length > 0) push(perLine, ls, mapped, true);
}

/** Overlaps: the more specific rule wins (lower priority number), then the earlier, then the longer span. */
function resolve(hits: Hit[], line: string, allow: Set<string>): Hit[] {
  // One hit (most lines with a secret): the same checks as below, without the sorting.
  if (hits.length === 1 && !line.includes(PLACEHOLDER_OPEN)) {
    const h = hits[0]!;
    return h.end > h.start && h.start >= 0 && h.end <= line.length && (allow.size === 0 || !allow.has(line.slice(h.start, h.end))) ? hits : [];
  }
  // Text that is already a placeholder is never masked again: masking the masked view is a no-op.
  const existing: [number, number][] = [];
  if (line.includes(PLACEHOLDER_OPEN)) for (const m of line.matchAll(/«secret:[^»\s]*»/g)) existing.push([m.index, m.index + m[0].length]);
  const valid = hits.filter(
    (h) =>
      h.end > h.start &&
      h.start >= 0 &&
      h.end <= line.length &&
      (allow.size === 0 || !allow.has(line.slice(h.start, h.end))) &&
      !existing.some(([s, e]) => h.start < e && s < h.end),
  );
  valid.sort((x, y) => x.priority - y.priority || x.start - y.start || y.end - y.start - (x.end - x.start));
  const chosen: Hit[] = [];
  for (const h of valid) if (!chosen.some((c) => h.start < c.end && c.start < h.end)) chosen.push(h);
  return chosen.sort((x, y) => x.start - y.start);
}
