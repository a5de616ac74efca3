// Values that go on past their line. A rule that finds a secret-named key on a line sees only that
// line; when the value goes on (a YAML block scalar, a plain scalar on the next lines, a quoted string
// left open, a `\` continuation, a string concatenated over several lines, Python's implicit
// concatenation in parentheses, a YAML alias of a value anchored elsewhere), it hands the masker a
// Follow, and the masker reads the lines after it here.
// Threat: masking line by line, the half of a secret on the next line reached the model whole (`token: |`
// and the token below it; `"abc" +` and `"def"` below).
// The whole value is judged once joined, and every piece of it is masked: the key line and every
// line a piece sits on. Lines in between that hold no piece stay as they were.
import { isPlaceholder, isReference, valueLooksSecret } from './entropy';
import { FollowKind, type Follow } from './types';

/** A piece of a value on a line after the key's: the line's start offset and the piece's columns in it. */
export interface Piece {
  line: number;
  start: number;
  end: number;
}

/** How far a value may run on: a longer run is not one value (an unclosed quote in code, a runaway block). */
const MAX_LINES = 64;

/** A line of `text` from offset `ls`: its end (before `\n`) and its content end (before a `\r`). */
function lineEnd(text: string, ls: number): number {
  const nl = text.indexOf('\n', ls);
  return nl < 0 ? text.length : nl;
}

function contentEnd(text: string, ls: number, le: number): number {
  return le > ls && text.charCodeAt(le - 1) === 13 ? le - 1 : le;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/** `[ls, le)` trimmed of blanks on both sides, as absolute offsets; null when blank. */
function trimmed(text: string, ls: number, le: number): [number, number] | null {
  let s = ls,
    e = le;
  while (s < e && isBlank(text.charCodeAt(s))) s++;
  while (e > s && isBlank(text.charCodeAt(e - 1))) e--;
  return s < e ? [s, e] : null;
}

/** YAML's comment on a plain scalar: ` #` ends it. */
function cutComment(text: string, s: number, e: number): number {
  for (let i = s + 1; i < e; i++) if (text.charCodeAt(i) === 35 && isBlank(text.charCodeAt(i - 1))) return trimEnd(text, s, i);
  return e;
}

function trimEnd(text: string, s: number, e: number): number {
  while (e > s && isBlank(text.charCodeAt(e - 1))) e--;
  return e;
}

/** `key:` / `"key":` / `- key:` / `- ` / `#…` opening a line's content: YAML structure, not a scalar's next line. */
const YAML_STRUCTURE = /^(?:#|-(?:[ \t]|$)|[?]\s|(?:"[^"]*"|'[^']*'|[^\s#'"][^:#]*?)[ \t]*:(?:[ \t]|$))/;

/** The lines after the key line's end `after` (the offset of its `\n`), one at a time. */
function* linesAfter(text: string, after: number): Generator<[number, number, number]> {
  let ls = after + 1;
  for (let n = 0; n < MAX_LINES && after >= 0 && ls <= text.length; n++) {
    if (ls === text.length) return;
    const le = lineEnd(text, ls);
    yield [ls, le, contentEnd(text, ls, le)];
    if (le >= text.length) return;
    ls = le + 1;
  }
}

/** The pieces of a block scalar (or a plain scalar's run) whose lines must be indented past `col`. */
function indentedPieces(text: string, after: number, col: number, plain: boolean): Piece[] {
  const out: Piece[] = [];
  let structured = 0;
  for (const [ls, , ce] of linesAfter(text, after)) {
    const t = trimmed(text, ls, ce);
    if (t === null) {
      if (plain) break; // a blank line ends a plain scalar's run here (YAML would fold it into a newline)
      continue;
    }
    if (t[0] - ls <= col) break;
    if (plain) {
      const content = text.slice(t[0], t[1]);
      if (YAML_STRUCTURE.test(content)) break;
      // A line of code under a key of an object literal (`token:` and `headers[X] || "",` below it) is no scalar.
      if (/[,;{([]$|\|\||&&|=>/.test(content)) return [];
      const e = cutComment(text, t[0], t[1]);
      if (e > t[0]) out.push({ line: ls, start: t[0] - ls, end: e - ls });
      continue;
    }
    // A block of `key: value` / `key=value` lines is a document of its own (an INI or JSON file held in
    // a YAML key): its lines' own rules judge them, not the block as one value.
    if (/^["']?[\w.-]+["']?[ \t]*[:=]/.test(text.slice(t[0], Math.min(t[1], t[0] + 64)))) structured++;
    out.push({ line: ls, start: t[0] - ls, end: t[1] - ls });
  }
  return structured * 2 > out.length ? [] : out;
}

/** The closing quote of a string opened before `from` in `text[from, e)`: its offset, or -1. */
function closingQuote(text: string, from: number, e: number, q: number, triple: boolean): number {
  for (let i = from; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 && q !== 39) {
      i++;
      continue;
    }
    if (c !== q) continue;
    if (triple) {
      if (text.charCodeAt(i + 1) === q && text.charCodeAt(i + 2) === q) return i;
      continue;
    }
    // `''` inside single quotes is a quote of the value (YAML, SQL).
    if (q === 39 && text.charCodeAt(i + 1) === 39) {
      i++;
      continue;
    }
    return i;
  }
  return -1;
}

/** A quoted string's lines after the one it opened on, up to its closing quote (none: not a string). */
function quotedPieces(text: string, after: number, arg: number): Piece[] | null {
  const triple = arg >= 256;
  const q = arg & 255;
  const out: Piece[] = [];
  for (const [ls, , ce] of linesAfter(text, after)) {
    const close = closingQuote(text, ls, ce, q, triple);
    const stop = close < 0 ? ce : close;
    let s = ls;
    while (s < stop && isBlank(text.charCodeAt(s))) s++;
    let e = stop;
    // A shell string's backslash at the end of a line joins the next one.
    if (close < 0 && e > s && text.charCodeAt(e - 1) === 92) e--;
    if (e > s) out.push({ line: ls, start: s - ls, end: e - ls });
    if (close >= 0) return out;
  }
  return null;
}

/** A literal's continuation lines: each goes on from its first non-blank character up to a blank, a `\` at its end joining the next. */
function backslashPieces(text: string, after: number): Piece[] {
  const out: Piece[] = [];
  for (const [ls, , ce] of linesAfter(text, after)) {
    let s = ls;
    while (s < ce && isBlank(text.charCodeAt(s))) s++;
    let e = s;
    while (e < ce && !isBlank(text.charCodeAt(e))) e++;
    const more = e > s && text.charCodeAt(e - 1) === 92;
    const end = more ? e - 1 : e;
    if (end > s) out.push({ line: ls, start: s - ls, end: end - ls });
    if (!more) break;
  }
  return out;
}

/** A concatenation operator at `i` (`+`, `.`, `..`, `&`, `||`): its length, or 0. */
function operatorAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 43 || c === 38) return 1;
  if (c === 46) return text.charCodeAt(i + 1) === 46 ? 2 : 1;
  if (c === 124 && text.charCodeAt(i + 1) === 124) return 2;
  return 0;
}

export interface Literals {
  /** [start, end) of each literal's content, absolute. */
  spans: number[];
  /** Where reading stopped, and whether a concatenation operator or `\` ends the line (the value goes on). */
  end: number;
  open: boolean;
}

/**
 * String literals joined by concatenation operators (or none: Python's and C's adjacent literals) from
 * `i` up to `e`, the line's content end: `"a" + "b"`, `'a' . 'b'`, `"a" "b" \`. `needOp`: the first
 * literal must come after an operator (the line goes on a value from the line before with `+ "…"`).
 */
export function readLiterals(text: string, i: number, e: number, needOp: boolean): Literals {
  const spans: number[] = [];
  let op = false;
  for (;;) {
    while (i < e && isBlank(text.charCodeAt(i))) i++;
    const n = operatorAt(text, i);
    if (n > 0) {
      i += n;
      op = true;
      while (i < e && isBlank(text.charCodeAt(i))) i++;
    }
    const q = text.charCodeAt(i);
    if (i < e && (q === 34 || q === 39 || q === 96) && (op || !needOp || spans.length > 0)) {
      const close = closingQuote(text, i + 1, e, q, false);
      if (close < 0) break;
      spans.push(i + 1, close);
      i = close + 1;
      op = false;
      continue;
    }
    break;
  }
  // What may end such a line: an operator or `\` (the value goes on), or `;` `,` `)` and a comment (it ends).
  let open = op;
  if (!open && text.charCodeAt(i) === 92 && trimmed(text, i + 1, e) === null) {
    open = true;
    i++;
  }
  return { spans, end: i, open };
}

/** Concatenated literals on the lines after: each line holds literals only, joined by operators; the last one's line ends without an operator. */
function concatPieces(text: string, after: number, needOp: boolean): Piece[] {
  const out: Piece[] = [];
  let first = true;
  for (const [ls, , ce] of linesAfter(text, after)) {
    const r = readLiterals(text, ls, ce, needOp && first);
    if (r.spans.length === 0) return needOp && first ? adjacentPieces(text, after) : out;
    // The rest of the line must end the expression: `;`, `,`, `)`, `}` and a comment, or nothing.
    const rest = text.slice(r.end, ce).trim();
    if (!r.open && !/^(?:[;,)}\]]*\s*(?:(?:\/\/|#|--).*)?)$/.test(rest)) break;
    for (let k = 0; k < r.spans.length; k += 2) out.push({ line: ls, start: r.spans[k]! - ls, end: r.spans[k + 1]! - ls });
    first = false;
    if (!r.open) break;
  }
  return out;
}

/**
 * Literals alone on the lines after one that ended with a literal (C's and Python's adjacent literals,
 * `"abc"` then `    "def";`): one string only when the run ends the statement or the call (`;` `)`), so a
 * literal that starts the next statement or item (`"x": 1`, `"a",`) is not taken.
 */
function adjacentPieces(text: string, after: number): Piece[] {
  const out: Piece[] = [];
  for (const [ls, , ce] of linesAfter(text, after)) {
    const r = readLiterals(text, ls, ce, false);
    if (r.spans.length === 0 || r.open) return [];
    for (let k = 0; k < r.spans.length; k += 2) out.push({ line: ls, start: r.spans[k]! - ls, end: r.spans[k + 1]! - ls });
    const rest = text.slice(r.end, ce).trim();
    if (rest === '') continue;
    return /^[;)][;,)}\]]*\s*(?:(?:\/\/|#|--).*)?$/.test(rest) ? out : [];
  }
  return [];
}

/** `(` and string literals on the lines after it, to the line that closes it: Python's implicit concatenation. */
function parenPieces(text: string, after: number): Piece[] {
  const out: Piece[] = [];
  for (const [ls, , ce] of linesAfter(text, after)) {
    const r = readLiterals(text, ls, ce, false);
    const rest = text.slice(r.end, ce).trim();
    if (r.spans.length === 0 && !rest.startsWith(')')) return [];
    for (let k = 0; k < r.spans.length; k += 2) out.push({ line: ls, start: r.spans[k]! - ls, end: r.spans[k + 1]! - ls });
    if (rest.startsWith(')')) return out;
    // A comma makes a tuple of strings, not one string.
    if (rest !== '' && !rest.startsWith('#')) return [];
  }
  return [];
}

/** The node anchored `&name` before `before`: its value's pieces (a scalar on the anchor's line, or the block or plain scalar after it). */
function aliasPieces(text: string, name: string, before: number): Piece[] {
  const re = new RegExp(`(?:^|[\\s:,\\[{-])&${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[ \\t\\r\\n]|$)`, 'gm');
  let m: RegExpExecArray | null;
  let at = -1;
  while ((m = re.exec(text)) !== null && m.index < before) at = m.index + m[0].length;
  if (at < 0) return [];
  const ls = text.lastIndexOf('\n', at - 1) + 1;
  const le = lineEnd(text, ls);
  const ce = contentEnd(text, ls, le);
  let s = at;
  while (s < ce && isBlank(text.charCodeAt(s))) s++;
  const keyCol = yamlKeyColumn(text, ls, ce);
  if (s >= ce || text.charCodeAt(s) === 35) return keyCol < 0 ? [] : indentedPieces(text, le, keyCol, true);
  const rest = text.slice(s, cutComment(text, s, ce));
  if (/^[|>][1-9+-]{0,2}$/.test(rest)) return keyCol < 0 ? [] : indentedPieces(text, le, keyCol, false);
  const q = text.charCodeAt(s);
  if (q === 34 || q === 39) {
    const close = closingQuote(text, s + 1, ce, q, false);
    return close < 0 ? [] : [{ line: ls, start: s + 1 - ls, end: close - ls }];
  }
  return [{ line: ls, start: s - ls, end: cutComment(text, s, ce) - ls }];
}

/** The column of a YAML line's key (after a list item's `- `), or -1 when the line holds none. */
export function yamlKeyColumn(text: string, ls: number, le: number): number {
  let i = ls;
  while (i < le && isBlank(text.charCodeAt(i))) i++;
  while (i < le && text.charCodeAt(i) === 45 && isBlank(text.charCodeAt(i + 1))) {
    i++;
    while (i < le && isBlank(text.charCodeAt(i))) i++;
  }
  return i < le ? i - ls : -1;
}

/** The pieces a Follow reaches on the lines after its key line (which ends at `after`, its `\n` or the text's end). */
export function followPieces(text: string, after: number, f: Follow): Piece[] {
  if (after >= text.length) return [];
  switch (f.kind) {
    case FollowKind.YamlBlock:
      return indentedPieces(text, after, f.arg, false);
    case FollowKind.YamlPlain:
      return indentedPieces(text, after, f.arg, true);
    case FollowKind.Quoted:
      return quotedPieces(text, after, f.arg) ?? [];
    case FollowKind.Backslash:
      return backslashPieces(text, after);
    case FollowKind.Concat:
      return concatPieces(text, after, f.arg === 1);
    case FollowKind.Paren:
      return parenPieces(text, after);
    default:
      return [];
  }
}

/**
 * The whole value, joined: without separators when every part is one token (a token cut over lines),
 * else with blanks (a folded scalar, a sentence). Judged as a quoted value: it is a string's content.
 */
export function joinedLooksSecret(parts: string[], strength: 'strong' | 'weak', quoted = true): boolean {
  const nonEmpty = parts.filter((p) => p.length > 0);
  if (nonEmpty.length === 0) return false;
  const oneToken = nonEmpty.every((p) => !/\s/.test(p));
  let v = nonEmpty.join(oneToken ? '' : ' ');
  if (isReference(v) || isPlaceholder(v)) return false;
  // A template's interpolations are code (`${urlEncode(\n JSON.stringify(header)\n)}.${urlEncode(…)}`): only the
  // literal text between them is judged.
  if (v.includes('${')) {
    const literal = v.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, '');
    if (literal !== v) v = literal;
    if (v.trim() === '') return false;
  }
  return valueLooksSecret(v, strength, quoted);
}

/**
 * The hits a Follow gives: `push(lineStart, start, end)` for each piece to mask, the key line's own
 * spans among them when the value was not judged on that line alone. `ls`/`le`: the key line.
 */
export function resolveFollow(text: string, ls: number, le: number, f: Follow, push: (line: number, start: number, end: number) => void): void {
  const pieces = f.kind === FollowKind.Alias ? aliasPieces(text, f.name ?? '', ls) : followPieces(text, le, f);
  if (pieces.length === 0) return;
  if (!f.judged) {
    const parts = [f.value, ...pieces.map((p) => text.slice(p.line + p.start, p.line + p.end))];
    // A plain scalar is judged as one (code shapes are not secrets); every other form is a string's content.
    if (!joinedLooksSecret(parts, f.strength, f.kind !== FollowKind.YamlPlain)) return;
    for (let k = 0; k < f.spans.length; k += 2) push(ls, f.spans[k]!, f.spans[k + 1]!);
  }
  for (const p of pieces) push(p.line, p.start, p.end);
}
