// Secrets one literal form away, on lines no key word makes a candidate: hex of a token or of a .env line
// (`"6768705f…"`, a bare hex line, `xxd -p .env` output), base64 without padding (`BLOB=R0lUSFVC…`),
// character codes (`String.fromCharCode(103,104,…)`, `new byte[]{0x67,…}`, `bytes([103,…])`, `[]byte{…}`),
// escaped strings (`"\147\150\160_…"`, `"\x67\x68…"`, Rust's `b"\x67…"`), and string literals joined on a
// line that names nothing (`std::string("…") + "…"`, `"…".concat("…")`, `'xoxe.xoxp-1-' + '…'`,
// `Base64.getDecoder().decode("…")`: the joined-secret rule's reading, run on such lines too).
// Threat: the program (and the model) decodes each form in one step; the rules read none of them.
// How: each form is decoded into a string and the masker judges it as any text (encoded.ts); when that
// finds a secret, the characters the form is written in are masked (the lines of a hex dump together).
// Cost: the text is read by cheap pre-checks only: hex and base64 runs by sampling every 20th (14th)
// character (a run long enough holds two samples, both in its alphabet), codes and escapes from native
// searches for their literals; a form is decoded only when its first bytes are printable text.
import { lineOf } from '../blocks';
import { decodedHoldsSecret, blobHoldsSecret } from '../encoded';
import { ALNUM, PASSWORD_CHARS, b64, j, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { addHit } from './hits';
import { joinedSecret } from './joined';

const ID = 'encoded-form';
const BUILT = 'built-form';
/** Below every other rule (the generic assignment's 2): a rule that reads the same span names its form. */
const PRIORITY = 2.5;

const HEXV = new Int8Array(128).fill(-1);
for (let k = 0; k < 16; k++) {
  HEXV['0123456789abcdef'.charCodeAt(k)] = k;
  HEXV['0123456789ABCDEF'.charCodeAt(k)] = k;
}
const B64C = new Uint8Array(128);
for (const c of ALNUM + '+/-_') B64C[c.charCodeAt(0)] = 1;

function isHex(c: number): boolean {
  return c < 128 && HEXV[c]! >= 0;
}
function isB64(c: number): boolean {
  return c < 128 && B64C[c] === 1;
}

/** A byte of text: printable ASCII, a tab or a line end. */
function textByte(b: number): boolean {
  return (b >= 32 && b < 127) || b === 9 || b === 10 || b === 13;
}

/** The shortest hex run worth decoding (20 bytes: a short token or `key=value`). */
const MIN_HEX = 40;
/** The shortest unpadded base64 run worth decoding (30 bytes: a token, a `key=value` line). */
const MIN_B64 = 40;

/** Decoded text of the hex digits in `text[s, e)` (line ends skipped), or null when a byte is not text. */
function hexText(text: string, s: number, e: number): string | null {
  let out = '';
  let hi = -1;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 32) continue;
    const v = HEXV[c]!;
    if (hi < 0) hi = v;
    else {
      const b = (hi << 4) | v;
      if (!textByte(b)) return null;
      out += String.fromCharCode(b);
      hi = -1;
    }
  }
  return hi < 0 ? out : null;
}

/** The run of `ok` characters around `p`: [start, end). */
function runAround(text: string, p: number, ok: (c: number) => boolean): [number, number] {
  let s = p;
  while (s > 0 && ok(text.charCodeAt(s - 1))) s--;
  let e = p + 1;
  while (e < text.length && ok(text.charCodeAt(e))) e++;
  return [s, e];
}

/** Hits for `text[s, e)`, on each line it spans (line ends excluded). */
function hitSpan(text: string, index: LineIndex, s: number, e: number, out: BlockOutput, rule = ID, priority = PRIORITY): void {
  const starts = index.starts();
  let li = lineOf(starts, s);
  for (let a = s; a < e; li++) {
    const ls = starts[li]!;
    const nl = text.indexOf('\n', a);
    const le = nl < 0 || nl > e ? e : nl;
    let b = le;
    if (b > a && text.charCodeAt(b - 1) === 13) b--;
    if (b > a) addHit(out, li, { start: a - ls, end: b - ls, rule, priority });
    if (nl < 0 || nl >= e) break;
    a = nl + 1;
  }
}

/**
 * A hex dump's lines around the run `[s, e)` when the run is its line's whole content (`xxd -p`: 60 digits
 * a line): the adjacent lines that are whole hex runs too join it. Returns the block's [start, end).
 */
function dumpBlock(text: string, s: number, e: number): [number, number] {
  const whole = (a: number, b: number) => {
    for (let i = a; i < b; i++) if (!isHex(text.charCodeAt(i)) && text.charCodeAt(i) !== 13) return false;
    return b - a >= 8;
  };
  const ls = text.lastIndexOf('\n', s - 1) + 1;
  let le = text.indexOf('\n', e);
  if (le < 0) le = text.length;
  if (!whole(ls, le)) return [s, e];
  let a = ls;
  let b = le;
  while (a > 0) {
    const ps = text.lastIndexOf('\n', a - 2) + 1;
    if (!whole(ps, a - 1)) break;
    a = ps;
  }
  while (b < text.length) {
    let nb = text.indexOf('\n', b + 1);
    if (nb < 0) nb = text.length;
    if (!whole(b + 1, nb)) break;
    b = nb;
  }
  return [a, b];
}

/**
 * Hex and unpadded base64 runs decoding to text that holds a secret. Sampled every 20 characters: a run of
 * 40 or more holds a window [p, p + 20] of them, checked at its far end, middle and start first (which
 * most words and paths of code fail) and then whole.
 */
export function scanRuns(text: string, index: LineIndex, out: BlockOutput): void {
  const S = MIN_HEX / 2;
  const n = text.length;
  let done = 0;
  for (let p = 0; p + S < n; p += S) {
    if (p < done) continue;
    let c = text.charCodeAt(p + S);
    // A dump of bytes as ` hh` groups (`od -An -tx1`, `od -tx1`): three groups around the sample.
    if ((c === 32 || isHex(c)) && (spacedHexAt(text, p + S) || pairedHexAt(text, p + S))) {
      done = spacedDump(text, p + S, index, out);
      continue;
    }
    if (c > 127 || B64C[c] === 0) continue;
    c = text.charCodeAt(p + 10);
    if (c > 127 || B64C[c] === 0) continue;
    c = text.charCodeAt(p);
    if (c > 127 || B64C[c] === 0) continue;
    let k = p + 1;
    while (k < p + S) {
      c = text.charCodeAt(k);
      if (c > 127 || B64C[c] === 0) break;
      k++;
    }
    if (k < p + S) continue;
    let [s, e] = runAround(text, p, isB64);
    done = e;
    // `0x…`: the digits after the prefix.
    if (text.charCodeAt(s) === 48 && (text.charCodeAt(s + 1) | 32) === 120 && isHex(text.charCodeAt(s + 2))) s += 2;
    let hex = true;
    for (let i = s; i < e && hex; i++) hex = isHex(text.charCodeAt(i));
    if (hex) done = hexRun(text, s, e, index, out);
    else if (e - s >= MIN_B64 && text.charCodeAt(e) !== 61 && blobHoldsSecret(text, s, e)) hitSpan(text, index, s, e, out);
  }
}

/** A blank and two hex digits at `k`: one group of an `od -tx1` dump. */
function group(text: string, k: number): boolean {
  return text.charCodeAt(k) === 32 && isHex(text.charCodeAt(k + 1)) && isHex(text.charCodeAt(k + 2));
}

/** ` hh` groups around `r` (a blank or a hex digit): three or more in a row, the one at or just before `r` among them. */
function spacedHexAt(text: string, r: number): boolean {
  let q = r;
  if (text.charCodeAt(q) !== 32) q--;
  if (text.charCodeAt(q) !== 32) q--;
  if (!group(text, q)) return false;
  let n = 1;
  for (let k = q - 3; n < 3 && k >= 0 && group(text, k); k -= 3) n++;
  for (let k = q + 3; n < 3 && group(text, k); k += 3) n++;
  return n >= 3;
}

/** ` hhhh ` groups around `r` (`xxd`'s default dump): two in a row, one at or just before `r`. */
function pairedHexAt(text: string, r: number): boolean {
  const quad = (k: number) => isHex(text.charCodeAt(k)) && isHex(text.charCodeAt(k + 1)) && isHex(text.charCodeAt(k + 2)) && isHex(text.charCodeAt(k + 3));
  let q = r;
  for (let n = 0; n < 5 && q > 0 && text.charCodeAt(q) !== 32; n++) q--;
  return text.charCodeAt(q) === 32 && quad(q + 1) && text.charCodeAt(q + 5) === 32 && ((q >= 5 && quad(q - 4)) || quad(q + 6));
}

/** A line of `od -tx1` output: an optional octal offset, then ` hh` groups to its end. */
const OD_LINE = /^(?:[0-7]{7,})?(?: [0-9a-f]{2}){1,32}\r?$/;
/** A line of `hexdump -C` (`hd`): offset, ` hh` groups, the bytes as text between bars; or its closing offset, or `*`. */
const CANON_LINE = /^[0-9a-f]{8,}  ([0-9a-f ]+?) *\|[^\n]{1,16}\|\r?$|^(?:[0-9a-f]{8,}|\*)\r?$/;
/** A line of `xxd`: offset and `:`, `hhhh` groups, the bytes as text. */
const XXD_LINE = /^[0-9a-f]{8,}: ((?:[0-9a-f]{2}){1,2}(?: (?:[0-9a-f]{2}){1,2}){0,15}) {2,}[^\n]{1,32}\r?$/;
/** A dump line's bytes (its hex digits and blanks) as [start, end) in the line, or null when it is no dump line. */
function dumpBytes(line: string): [number, number] | null {
  let m = OD_LINE.exec(line);
  if (m !== null) return [/^[0-7]{7,}/.exec(line)?.[0].length ?? 0, line.length];
  m = CANON_LINE.exec(line) ?? XXD_LINE.exec(line);
  if (m === null) return null;
  return m[1] === undefined ? [0, 0] : [m.index + m[0].indexOf(m[1]), m.index + m[0].indexOf(m[1]) + m[1].length];
}

/**
 * The lines of an `od -tx1` dump around offset `q` (consecutive lines of ` hh` groups): masked together when
 * their bytes are text holding a secret. Returns where the dump ends (the scan goes on from there).
 */
function spacedDump(text: string, q: number, index: LineIndex, out: BlockOutput): number {
  const lineAt = (ls: number): [number, number] | null => {
    let le = text.indexOf('\n', ls);
    if (le < 0) le = text.length;
    return le - ls <= 140 && dumpBytes(text.slice(ls, le)) !== null ? [ls, le] : null;
  };
  const first = lineAt(text.lastIndexOf('\n', q - 1) + 1);
  if (first === null) return q;
  let [a, b] = first;
  for (let prev: [number, number] | null; a > 0 && (prev = lineAt(text.lastIndexOf('\n', a - 2) + 1)) !== null;) a = prev[0];
  for (let next: [number, number] | null; b < text.length && (next = lineAt(b + 1)) !== null;) b = next[1];
  let decoded = '';
  for (let ls = a; ls < b;) {
    let le = text.indexOf('\n', ls);
    if (le < 0 || le > b) le = b;
    const line = text.slice(ls, le);
    const [bs, be] = dumpBytes(line)!;
    // A byte that is not text (a binary file's dump) ends a run of text, as `strings` reads it.
    decoded += hexText(line, bs, be) ?? bytesAsText(line.slice(bs, be));
    ls = le + 1;
  }
  if (decoded.length >= MIN_HEX / 2 && decodedHoldsSecret(decoded)) {
    for (let ls = a; ls < b;) {
      let le = text.indexOf('\n', ls);
      if (le < 0 || le > b) le = b;
      // The bytes and, in `hexdump -C` and `xxd`, the text column after them; the offset stays.
      const [bs, be] = dumpBytes(text.slice(ls, le))!;
      if (be > bs) hitSpan(text, index, ls + bs, le, out);
      ls = le + 1;
    }
  }
  return b;
}

/** The hex digit pairs of `body` (blanks between) as text, a byte that is not text read as a line end. */
function bytesAsText(body: string): string {
  const digits = body.replace(/[^0-9a-f]/g, '');
  let out = '';
  for (let i = 0; i + 1 < digits.length; i += 2) {
    const b = parseInt(digits.slice(i, i + 2), 16);
    out += textByte(b) ? String.fromCharCode(b) : '\n';
  }
  return out;
}

/** A hex run `[s, e)` (with the dump it belongs to): masked when it decodes to text holding a secret. */
function hexRun(text: string, s: number, e: number, index: LineIndex, out: BlockOutput): number {
  const [a, b] = dumpBlock(text, s, e);
  if (b - a < MIN_HEX) return e;
  // First bytes printable: a digest or a key fails here.
  const c0 = HEXV[text.charCodeAt(s)]!;
  const c2 = HEXV[text.charCodeAt(s + 2)]!;
  if (c0 < 2 || c0 > 7 || c2 < 0 || c2 > 7) return b;
  const decoded = hexText(text, a, b);
  if (decoded !== null && decoded.length >= MIN_HEX / 2 && decodedHoldsSecret(decoded)) hitSpan(text, index, a, b, out);
  return b;
}

/** A list of character codes: 12 or more decimal or `0x` numbers separated by commas. */
const CODES = /(?<![\w.])(?:(?:0[xX][0-9a-fA-F]{1,2}|\d{1,3})[ \t]*,[ \t]*){11,}(?:0[xX][0-9a-fA-F]{1,2}|\d{1,3})(?![\w.])/g;
/** What a line of character codes names (a runtime's way from codes to a string or bytes). */
// `char` stands for `char[]` and `charArrayOf` (checked where it is found: see spelledAt), and `byte` for
// `bytes(`: the pre-scan's three literal sets are full, so words that share a literal share its bit.
const CODE_WORDS = ['fromCharCode', 'byte', 'chr', 'decode(', 'char', 'join([', 'vec![', '.pack(', 'u8', 'Uint8Array'];
const CODE_SPELLINGS: ReadonlyMap<string, readonly string[]> = new Map([['char', ['char[]', 'charArrayOf']]]);

/**
 * Whether `text` at `k`, where the pre-scan literal `lit` was found, is one of `spellings` (each holding
 * `lit`; `| rev` holds `rev` two characters on): several words looked for under one literal of the pass.
 */
function spelledAt(text: string, k: number, lit: string, spellings: readonly string[] | undefined): boolean {
  return spellings === undefined || spellings.some((f) => text.startsWith(f, k - f.indexOf(lit)));
}

export function scanCodes(text: string, index: LineIndex, out: BlockOutput, has: Has): void {
  const lines = new Set<number>();
  for (const w of CODE_WORDS)
    if (has(w))
      for (let k = text.indexOf(w); k >= 0; k = text.indexOf(w, k + w.length))
        if (spelledAt(text, k, w, CODE_SPELLINGS.get(w))) lines.add(text.lastIndexOf('\n', k - 1) + 1);
  for (const ls of lines) {
    const nl = text.indexOf('\n', ls);
    const le = nl < 0 ? text.length : nl;
    if (le - ls > 8192) continue;
    // Eleven commas at least, cheaply, before the regex.
    let commas = 0;
    for (let c = text.indexOf(',', ls); c >= 0 && c < le && commas < 11; c = text.indexOf(',', c + 1)) commas++;
    if (commas < 11) continue;
    const line = text.slice(ls, le);
    for (const m of line.matchAll(CODES)) {
      let s = '';
      for (const num of m[0].split(',')) {
        const v = Number(num.trim());
        if (!textByte(v)) {
          s = '';
          break;
        }
        s += String.fromCharCode(v);
      }
      if (s.length >= 12 && judged(line, m.index, s)) hitSpan(text, index, ls + m.index, ls + m.index + m[0].length, out, BUILT);
    }
    // Character literals (`new char[]{'g', 'h', …}`, `charArrayOf('g', …)`, `''.join(['g', …])`).
    for (const m of line.matchAll(CHARS)) {
      let s = '';
      for (const c of m[0].matchAll(/'((?:[^'\\]|\\.))'/g)) s += c[1]!.length === 2 ? c[1]![1]! : c[1]!;
      // Above the joined rule's reading of the same literals (each its own piece, some left): the list is one value.
      if (s.length >= 12 && judged(line, m.index, s)) hitSpan(text, index, ls + m.index, ls + m.index + m[0].length, out, BUILT, 1.75);
    }
  }
}

/** A list of 12 or more one-character literals separated by commas. */
const CHARS = /(?:'(?:[^'\\\n]|\\.)'[ \t]*,[ \t]*){11,}'(?:[^'\\\n]|\\.)'/g;

/** The name the line assigns to before offset `s` (`PW = …`, `val key: String = …`, `"key": …`, `char kObf[] = …`), or null. */
const ASSIGNED = /([A-Za-z_$][\w$]*)(?:\[\])?["']?[ \t]*(?::[ \t]*[\w<>?.]+(?:\[\])?[ \t]*)?(?<![:=!<>])(?:=|:)(?![=:])/;

/**
 * Whether a value decoded from a literal form on `line` (the form starts at `s`) holds a secret: alone (a
 * vendor's token), or as the value of the name the line assigns it to (`PW = "".join(chr(c) …)`: a password).
 * Judging masks the decoded text, which runs this file's loops again: a loop that calls it iterates
 * `line.matchAll(RE)` (a copy of the regex), never `RE.exec` (the inner run reset RE.lastIndex: the outer loop
 * started over, forever).
 */
function judged(line: string, s: number, decoded: string): boolean {
  if (decodedHoldsSecret(decoded)) return true;
  const m = ASSIGNED.exec(line.slice(0, s));
  return m !== null && !/["\\\n]/.test(decoded) && decodedHoldsSecret(`${m[1]!} = "${decoded}"`);
}

/** A string literal holding 8 or more octal or hex escapes (C, Python, Rust's `b"…"`, shells' `$'…'`). */
const ESCAPED = /(["'])((?:[^"'\\\n]|\\.){0,4096}?)\1/g;

/** A C-style literal's value with its escapes decoded; null when an escape decodes to a byte that is not text. */
function unescapeC(body: string): string | null {
  let s = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      s += c;
      continue;
    }
    const n = body[i + 1];
    let m: RegExpExecArray | null;
    if (n !== undefined && n >= '0' && n <= '7' && (m = /^[0-7]{1,3}/.exec(body.slice(i + 1, i + 4))) !== null) {
      const v = parseInt(m[0], 8);
      if (!textByte(v)) return null;
      s += String.fromCharCode(v);
      i += m[0].length;
    } else if (n === 'x' && (m = /^[0-9a-fA-F]{2}/.exec(body.slice(i + 2, i + 4))) !== null) {
      const v = parseInt(m[0], 16);
      if (!textByte(v)) return null;
      s += String.fromCharCode(v);
      i += 3;
    } else if ((n === 'u' || n === 'U') && (m = /^[uU](?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{8})|([0-9a-fA-F]{4}))/.exec(body.slice(i + 1, i + 11))) !== null) {
      // `\u0067` (JSON, JavaScript, Java, C#), `\u{67}` (JavaScript, Rust, Swift), `\U00000067` (Python, C).
      const v = parseInt(m[1] ?? m[2] ?? m[3]!, 16);
      if (v > 0x10ffff || (v < 160 && !textByte(v))) return null;
      s += String.fromCodePoint(v);
      i += m[0].length;
    } else {
      s += n === 'n' || n === 't' || n === 'r' ? ' ' : (n ?? '');
      i++;
    }
  }
  return s;
}

export function scanEscapes(text: string, index: LineIndex, out: BlockOutput, has: Has): void {
  const lines = new Set<number>();
  if (has('\\'))
    for (let k = text.indexOf('\\'); k >= 0; k = text.indexOf('\\', k + 1)) {
      if (!ESCAPE_LETTERS.includes(text[k + 1] ?? '')) continue;
      // Eight escapes within the next 40 characters, cheaply: the fifth one 12+ characters on.
      const fifth = text.indexOf('\\', k + 12);
      if (fifth < 0 || fifth > k + 40) continue;
      const ls = text.lastIndexOf('\n', k - 1) + 1;
      lines.add(ls);
      const nl = text.indexOf('\n', k);
      if (nl < 0) break;
      k = nl;
    }
  for (const ls of lines) {
    const nl = text.indexOf('\n', ls);
    const line = text.slice(ls, nl < 0 ? text.length : nl);
    if (line.length > 8192) continue;
    for (const m of line.matchAll(ESCAPED)) {
      const body = m[2]!;
      let escapes = 0;
      for (let i = body.indexOf('\\'); i >= 0 && escapes < 8; i = body.indexOf('\\', i + 2)) if (/[0-7xuU]/.test(body[i + 1] ?? '')) escapes++;
      if (escapes < 8) continue;
      const value = unescapeC(body);
      if (value !== null && value.length >= 8 && judged(line, m.index, value))
        hitSpan(text, index, ls + m.index + 1, ls + m.index + 1 + body.length, out, BUILT);
    }
  }
}

/** Signs of string literals joined on a line (a concatenation, a join call, a decoder of a literal). */
const JOIN_SIGNS = ['" + "', "' + '", '"+"', "'+'", '") + "', '" "', 'concat(', 'decode('];
/**
 * Octal escapes of a token's letters (`\\147`: every letter is `\\1xx`), hex and Unicode escapes (`\\x67`, `\\u0067`,
 * `\\U00000067`): a literal written in them (decode.ts's views read escapes inside a key's name only).
 */
const ESCAPE_WORDS = ['\\1', '\\x', '\\u', '\\U'];
/** Their letters: the pass looks for `\\` alone (one literal, held for other rules too), the letter is checked here. */
const ESCAPE_LETTERS = ESCAPE_WORDS.map((w) => w[1]!).join('');

type Has = (literal: string) => boolean;

/**
 * A literal next to the inverse of the transform it is written in: rot13 (`codecs.decode("…", "rot13")`,
 * `str_rot13('…')`, `tr 'A-Za-z' 'N-ZA-Mn-za-m'`), reversal (`"…".reversed()`, `[::-1]`,
 * `.split('').reverse().join('')`, `strrev('…')`, `rev <<< '…'`), percent-encoding (`decodeURIComponent("%…")`,
 * `unquote('…')`). Each word names its inverse; the line's literals are undone and judged.
 */
const INVERSES: readonly (readonly [string, (s: string) => string | null])[] = [
  ['rot13', rot13],
  ['N-ZA-M', rot13],
  ['rev', reverse],
  ['[::-1]', reverse],
  ['decodeURI', unpercent],
  ['decode(', unpercent],
  ['unquote', unpercent],
  ['nescape', unpercent],
];
const INVERSE_WORDS = INVERSES.map(([w]) => w);
/** `rev` is looked for as `revers`, `strrev`, `rev <` and `| rev` (spelledAt): one literal of the full pass, not four. */
const INVERSE_SPELLINGS: ReadonlyMap<string, readonly string[]> = new Map([['rev', ['revers', 'strrev', 'rev <', '| rev']]]);

function rot13(s: string): string {
  return s.replace(/[A-Za-z]/g, (c) => {
    const b = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
  });
}
function reverse(s: string): string {
  return [...s].reverse().join('');
}
function unpercent(s: string): string | null {
  if (!/%[0-9a-fA-F]{2}/.test(s)) return null;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * A value undone from a transform that reads as a password (12 or more characters, no blanks, upper and lower
 * case letters, digits and a sign): hidden behind an inverse on purpose, judged as a password is.
 */
function randomWord(line: string, s: number, value: string): boolean {
  return (
    value.length >= 12 &&
    !/[\s"\\]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value) &&
    /[^\w]/.test(value) &&
    decodedHoldsSecret(`password = "${value}"`)
  );
}

/** A quoted literal of 8 to 512 characters without blanks' runs of escapes (a token, a password). */
const LITERAL = /(["'`])((?:[^"'`\\\n]|\\.){8,512}?)\1/g;

export function scanInverses(text: string, index: LineIndex, out: BlockOutput, has: Has): void {
  type Undo = (s: string) => string | null;
  let lines: Map<number, Set<Undo>> | undefined;
  for (const [w, undo] of INVERSES)
    if (has(w))
      for (let k = text.indexOf(w); k >= 0; k = text.indexOf(w, k + w.length)) {
        if (!spelledAt(text, k, w, INVERSE_SPELLINGS.get(w))) continue;
        const ls = text.lastIndexOf('\n', k - 1) + 1;
        let set = (lines ??= new Map()).get(ls);
        if (set === undefined) lines.set(ls, (set = new Set<Undo>()));
        set.add(undo);
        // `codecs.decode(…, "rot_13")`: the pre-scan's literals are full.
        if (undo === unpercent && /rot[_-]13/.test(text.slice(ls, ls + 2048))) set.add(rot13);
      }
  if (lines === undefined) return;
  for (const [ls, undos] of lines) {
    const nl = text.indexOf('\n', ls);
    const le = nl < 0 ? text.length : nl;
    if (le - ls > 2048) continue;
    const line = text.slice(ls, le);
    for (const m of line.matchAll(LITERAL)) {
      const body = m[2]!;
      // Blanks (prose, not a token), or `tr`'s sets (`'A-Za-z'`, `'N-ZA-Mn-za-m'`).
      if ((/\s/.test(body) && !body.includes('%')) || /^(?:\w-\w)+$/.test(body)) continue;
      for (const undo of undos) {
        const value = undo(body);
        if (value !== null && value !== body && value.length >= 8 && (judged(line, m.index, value) || randomWord(line, m.index, value))) {
          hitSpan(text, index, ls + m.index + 1, ls + m.index + 1 + body.length, out, BUILT);
          break;
        }
      }
    }
  }
}

/** Literals the built-form rule asks the pre-scan about (masker.ts HAS_LITERALS lists them). */
export const FORM_LITERALS: readonly string[] = [...new Set([...CODE_WORDS, '\\', ...JOIN_SIGNS, ...INVERSE_WORDS])];

export function scanJoined(text: string, index: LineIndex, out: BlockOutput, has: Has): void {
  let lines: Set<number> | undefined;
  for (const w of JOIN_SIGNS)
    if (has(w)) for (let k = text.indexOf(w); k >= 0; k = text.indexOf(w, k + w.length)) (lines ??= new Set()).add(text.lastIndexOf('\n', k - 1) + 1);
  if (lines === undefined) return;
  for (const ls of lines) {
    const nl = text.indexOf('\n', ls);
    const le = nl < 0 ? text.length : nl;
    if (le - ls > 2048) continue;
    const line = text.slice(ls, le);
    // The literals joined, cheaply: a value worth the joined rule's reading is a long run without blanks.
    if (!TOKENISH.test(line.replace(JOINS, ''))) continue;
    const hits: Hit[] = [];
    joinedSecret.scan(line, hits);
    if (hits.length === 0) continue;
    const li = lineOf(index.starts(), ls);
    for (const h of hits) if (h.end > h.start && h.follow === undefined) addHit(out, li, { ...h, rule: BUILT, priority: Math.max(h.priority, PRIORITY) });
  }
}

/** The signs between joined literals, and a literal of 16 characters without blanks in what is left. */
const JOINS = /["'`]\)?[ \t]*(?:\+|\.concat\(|,|(?<=")[ \t](?="))[ \t]*["'`]/g;
const TOKENISH = /["'`][^\s"'`]{16,}["'`]/;

const bytesOf = (s: string) => [...new TextEncoder().encode(s)];
const hexOf = (s: string) =>
  bytesOf(s)
    .map((x) => x.toString(16).padStart(2, '0'))
    .join('');

/** The `has` the masker gave built-form's `applies`, for its `scan` right after (read once at the scan's start: judging a decoded value masks again). */
let lastHas: Has | undefined;

export const encodedForm: BlockRule = {
  id: ID,
  description: 'A secret encoded in hex (a hex dump too) or in base64 without padding, on any line',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanRuns(text, index, out);
  },
  samples() {
    const gh = j('gh', 'p_') + rand(ALNUM, 36, 0x18f1);
    const pw = rand(PASSWORD_CHARS.replace(/[#'"\\,;%]/g, ''), 18, 0x18f3) + '7!';
    const env = `GITHUB_TOKEN=${gh}\nDB_PASSWORD=${pw}\n`;
    const unpadded = b64(env).replace(/=+$/, '');
    const xxd = hexOf(env).match(/.{1,60}/g)!;
    return {
      truePositives: [
        { text: `const t = "${hexOf(gh)}";`, secrets: [hexOf(gh).slice(0, 40), hexOf(gh).slice(-40)] },
        { text: `$ xxd -p .env\n${xxd.join('\n')}\n`, secrets: [...xxd] },
        { text: `export BLOB=${unpadded}`, secrets: [unpadded.slice(0, 40), unpadded.slice(-40)] },
        { text: hexOf(`password=${pw}`).toUpperCase(), secrets: [hexOf(`password=${pw}`).toUpperCase().slice(-40)] },
      ],
      falsePositives: [
        `commit ${rand('0123456789abcdef', 40, 0x18f4)}`,
        `greeting = "${hexOf('Hello world, this is a plain sentence here')}"`,
        `  banner: ${b64('The quick brown fox jumps over the lazy dog, again').replace(/=+$/, '')}`,
        `sha256 = "${rand('0123456789abcdef', 64, 0x18f5)}"`,
        hexOf('Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do\n')
          .match(/.{1,60}/g)!
          .join('\n'),
        `  payload: ${rand(ALNUM, 64, 0x18f6)}`,
      ],
    };
  },
};

export const builtForm: BlockRule = {
  id: BUILT,
  description: 'A secret built in code from character codes or byte arrays, escaped strings (octal, hex), or literals joined on a line no key names',
  gate: '',
  applies(_text: string, has: Has): boolean {
    lastHas = has;
    for (const l of FORM_LITERALS) if (has(l)) return true;
    return false;
  },
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const has = lastHas ?? ((l: string) => text.includes(l));
    lastHas = undefined;
    scanCodes(text, index, out, has);
    scanEscapes(text, index, out, has);
    scanJoined(text, index, out, has);
    scanInverses(text, index, out, has);
  },
  samples() {
    const gh = j('gh', 'p_') + rand(ALNUM, 36, 0x18f7);
    const gh2 = j('gh', 'p_') + rand(ALNUM, 36, 0x18f2);
    const codes = bytesOf(gh2).join(', ');
    const oct = bytesOf(gh)
      .map((x) => '\\' + x.toString(8).padStart(3, '0'))
      .join('');
    return {
      truePositives: [
        { text: `const k = String.fromCharCode(${codes});`, secrets: [codes.slice(0, 40), codes.slice(-40)] },
        {
          text: `byte[] k = new byte[]{${bytesOf(gh)
            .map((x) => '0x' + x.toString(16))
            .join(',')}};`,
          secrets: [],
        },
        { text: `const char *k = "${oct}";`, secrets: [oct.slice(0, 40), oct.slice(-40)] },
        { text: `KEY = b"${oct}"`, secrets: [oct.slice(-40)] },
        { text: `std::string k = std::string("${gh2.slice(0, 4)}") + "${gh2.slice(4)}";`, secrets: [gh2.slice(4)] },
      ],
      falsePositives: [
        'const s = String.fromCharCode(72, 101, 108, 108, 111, 44, 32, 119, 111, 114, 108, 100);',
        'static final byte[] PNG = new byte[]{(byte) 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72};',
        `printf("${bytesOf('Hello, world')
          .map((x) => '\\' + x.toString(8).padStart(3, '0'))
          .join('')}\\n");`,
        'std::string greeting = std::string("hello") + " world";',
        'const header = "X-" + "Request-" + "Id";',
      ],
    };
  },
};
