// Context rules: a secret recognised by where it sits rather than by its shape — assignments to
// secret-named keys (.env, YAML, JSON, TOML, INI, properties, HCL, code, Dockerfile), credentials in
// URLs, Authorization headers, and the shell-history forms (`mysql -p…`, `curl -u user:pw`).
// Threat: most leaked credentials are plain passwords with no vendor prefix; only context finds them.
import { isCodeValue, isNamedConstant, isTypedParameter } from '../code-value';
import { cutExpression, spacedPlainKey } from './cut-values';
import { shellCommandSubstitution, storedSecretName } from './references';
import { isSpace, isWideSpace } from '../chars';
import { MEMBER_ACCESS, isPlaceholder, isReference, randomPartOk, valueLooksSecret } from '../entropy';
import { FOREIGN_PASSWORD_WORDS, classifyName } from '../names';
import { ASCII_KEY_WORDS } from '../foreign-key-words';
import { ALNUM, B64, HEX, PASSWORD_CHARS, b64, rand } from '../samples';
import { bip39Words, isMnemonic, isNamedPhrase } from '../bip39';
import { joinedLooksSecret, readLiterals } from '../follow';
import { FollowKind, type Follow, type Hit, type LineRule, type RuleSamples } from '../types';
import type { NameStrength } from '../entropy';
import { regexRule } from './make';

const GENERIC_PRIORITY = 2;
const CONTEXT_PRIORITY = 1;

// name, optional closing quote/bracket, operator, then a quoted value or the rest of the line:
// ASSIGN = ASSIGN_HEAD followed by ASSIGN_VALUE. They run as two regexes: the head finds names
// (most on a candidate line are not secret names and stop there), and only a secret name's value
// is parsed, without match indices (building them was the rule's largest cost). The value part
// always matches (its last branch may be empty), so the split finds what ASSIGN finds.
// A logical assignment's `||` `&&` `??` `//` before a plain `=` (`x ||= '…'`) is skipped: the value is assigned all the same.
const ASSIGN_HEAD = '(?<![\\w.$-])(?:--?)?([A-Za-z_$][\\w.$-]*)(["\'`]?\\]?)[ \\t]*(?:(?:\\|\\||&&|\\?\\?|//)(?==(?![=>])))?(:=|=>|=(?!=)|:(?![:/]))';
// A value may carry a Python string prefix (`b"…"`, `u'…'`) or C#'s verbatim `@"…"` (not `f`, a template, nor `r`, whose strings
// are mostly regexes and Windows paths that read as random), be triple-quoted on one line (`"""…"""`),
// or hold `''` inside single quotes (YAML's and SQL's escaped quote, and Python's adjacent literals),
// or sit in escaped quotes (`password=\"…\"`: code inside a JSON string, as in a notebook's cells):
// each is one value, not a cut-short one.
export const ASSIGN_VALUE =
  '[ \\t]*(?:[bBuU@](?=["\']))?(?:"""((?:(?!""")[^\\r\\n])*)"""|\'\'\'((?:(?!\'\'\')[^\\r\\n])*)\'\'\'' +
  '|"((?:[^"\\\\\\r\\n]|\\\\.)*)"|\'((?:[^\'\\r\\n]|\'\')*)\'|`([^`\\r\\n]*)`|\\\\"([^"\\\\\\r\\n]*)\\\\"|([^\\r\\n]*))';
const ASSIGN_NAME = new RegExp(ASSIGN_HEAD, 'g');
/** The whole assignment, as one regex: the definition the split is tested against. */
export const ASSIGN = new RegExp(ASSIGN_HEAD + ASSIGN_VALUE, 'dg');

export interface Assignment {
  name: string;
  nameStart: number;
  op: string;
  /** End of the operator. */
  opEnd: number;
  /** The value as captured (quotes excluded), its start, and whether it was in matching quotes. */
  value: string;
  start: number;
  quoted: boolean;
}

/** What ASSIGN_HEAD matches: a name (after `index + dashes`), its operator and where the operator ends. */
export interface Head {
  index: number;
  dashes: number;
  name: string;
  op: string;
  opEnd: number;
}

/** A match of ASSIGN_NAME as a Head (the regex is the definition headFrom is tested against). */
export function headOfMatch(m: RegExpExecArray): Head {
  let dashes = 0;
  while (m[0].charCodeAt(dashes) === 45) dashes++; // `(?:--?)?`: a name never starts with `-`
  return { index: m.index, dashes, name: m[1]!, op: m[3]!, opEnd: m.index + m[0].length };
}

/** ASSIGN_NAME run from `from` (exported for the test that compares it with headFrom). */
export function headFromRegex(line: string, from: number): Head | null {
  ASSIGN_NAME.lastIndex = from;
  const m = ASSIGN_NAME.exec(line);
  return m === null ? null : headOfMatch(m);
}

/** `[\w.$-]` (ASCII, as without the `u` flag), as a table: the walk back over a name asks it per character. */
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++)
  NAME_CHAR[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 36 || c === 45 ? 1 : 0;
function isNameChar(c: number): boolean {
  return c < 128 && NAME_CHAR[c] === 1;
}

/** What nextHead found: a Head with the name as a span, and the operator positions it had reached. */
const HEAD = { index: 0, nameStart: 0, nameEnd: 0, op: '', opEnd: 0, colon: -1, equals: -1 };

/**
 * The first head at or after `from`: what ASSIGN_NAME finds with lastIndex `from`, found from the
 * operators back instead of trying the look-behind at every position of the line (the regex was the
 * rule's largest single cost). Why it is the same: a name is a whole run of `[\w.$-]` (the
 * look-behind forbids starting inside one, and what may follow a name — a quote, `]`, blanks, an
 * operator — holds none of those characters, so backtracking never shortens it); between the run and
 * the operator stand only a quote, a `]` and blanks; so heads and their operators come in the same
 * order, and the first operator with a valid head before it gives the leftmost head.
 */
export function headFrom(line: string, from: number): Head | null {
  return nextHead(line, from, line.indexOf(':', from), line.indexOf('=', from)) ? headOf(line) : null;
}

/** HEAD as a Head. */
function headOf(line: string): Head {
  return { index: HEAD.index, dashes: HEAD.nameStart - HEAD.index, name: line.slice(HEAD.nameStart, HEAD.nameEnd), op: HEAD.op, opEnd: HEAD.opEnd };
}

/**
 * headFrom into HEAD, without building a Head. `colon` and `equals` are the first `:` and `=` at or
 * after some point at or before `from` (-1: none there), so still the first at or after `from` unless
 * they lie before it: the rule passes on HEAD.colon and HEAD.equals from the previous head instead of
 * searching the line again (indexOf on a line sliced from a file was the larger part of the search).
 */
function nextHead(line: string, from: number, colon: number, equals: number): boolean {
  if (colon !== -1 && colon < from) colon = line.indexOf(':', from);
  if (equals !== -1 && equals < from) equals = line.indexOf('=', from);
  while (colon !== -1 || equals !== -1) {
    const o = colon !== -1 && (equals === -1 || colon < equals) ? colon : equals;
    if (o === colon) colon = line.indexOf(':', o + 1);
    else equals = line.indexOf('=', o + 1);
    // The operator: `:=` | `=>` | `=(?!=)` | `:(?![:/])`, tried in that order.
    const next = line.charCodeAt(o + 1);
    let op: string;
    if (line.charCodeAt(o) === 58) op = next === 61 ? ':=' : next === 58 || next === 47 ? '' : ':';
    else op = next === 62 ? '=>' : next === 61 ? '' : '=';
    if (op === '') continue;
    // Back over a logical assignment's `||` `&&` `??` `//` (`ENV['TOKEN'] ||= '…'` in Ruby, `cfg.key ??= "…"` in
    // JS, C# and PHP, Perl's `$pw //= '…'`): the value is assigned all the same.
    let e = o;
    if (op === '=' && o >= 2) {
      const c1 = line.charCodeAt(o - 1);
      if ((c1 === 124 || c1 === 38 || c1 === 63 || c1 === 47) && line.charCodeAt(o - 2) === c1) e = o - 2;
    }
    // Back over `[ \t]*`, then `\]?`, then `["'\`]?`, to the end of the name.
    while (e > from && (line.charCodeAt(e - 1) === 32 || line.charCodeAt(e - 1) === 9)) e--;
    if (e > from && line.charCodeAt(e - 1) === 93) e--;
    if (e > from) {
      const q = line.charCodeAt(e - 1);
      if (q === 34 || q === 39 || q === 96) e--;
    }
    // The whole run of name characters before it; a head cannot start inside a run, nor before `from`.
    let s0 = e;
    while (s0 > 0 && isNameChar(line.charCodeAt(s0 - 1))) s0--;
    if (s0 === e || s0 < from) continue;
    let dashes = 0;
    while (dashes < 2 && line.charCodeAt(s0 + dashes) === 45) dashes++;
    const c = line.charCodeAt(s0 + dashes);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36)) continue;
    HEAD.index = s0;
    HEAD.nameStart = s0 + dashes;
    HEAD.nameEnd = e;
    HEAD.op = op;
    HEAD.opEnd = o + op.length;
    HEAD.colon = colon;
    HEAD.equals = equals;
    return true;
  }
  return false;
}

/** Where valueAt found the value: its start and whether it sat in matching quotes (then also its end). */
const VALUE = { start: 0, end: 0, quoted: false };

/** A line terminator for `.` without the `s` flag: \n, \r, U+2028, U+2029. */
function isTerminator(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/**
 * ASSIGN_VALUE from `opEnd`, by hand, into VALUE (the regex built a match array and a copy of the
 * rest of the line for every secret name). Why it is the same: the blanks are taken greedily and
 * never given back (the last branch matches anywhere); a quoted branch has one way to go (its
 * closing quote is the first one not taken by an escape) and fails at a line break or the end of the
 * line; the last branch runs to the first \r or \n (breakFrom; left to the caller, as the rule
 * mostly cuts the value sooner).
 */
export function valueAt(line: string, opEnd: number): void {
  let p = opEnd;
  for (let c = line.charCodeAt(p); c === 32 || c === 9; c = line.charCodeAt(++p));
  // A string prefix: b or u (either case) right before a quote.
  if (isStringPrefix(line.charCodeAt(p)) && isPlainQuote(line.charCodeAt(p + 1))) p += 1;
  VALUE.start = p;
  VALUE.quoted = false;
  const q = line.charCodeAt(p);
  if ((q === 34 || q === 39) && line.charCodeAt(p + 1) === q && line.charCodeAt(p + 2) === q) {
    // Triple quotes: the first closing triple on the line; without one, the single-quote branch below.
    const stop = breakFrom(line, p + 3);
    const close = line.indexOf(q === 34 ? '"""' : "'''", p + 3);
    if (close !== -1 && close + 3 <= stop) {
      VALUE.start = p + 3;
      VALUE.end = close;
      VALUE.quoted = true;
      return;
    }
  }
  if (q === 34 || q === 39 || q === 96) {
    let pair = -1;
    for (let i = p + 1; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === q) {
        // `''` inside single quotes is a quote of the value (taken greedily, as the regex does).
        if (q === 39 && line.charCodeAt(i + 1) === 39) {
          pair = i;
          i++;
          continue;
        }
        VALUE.start = p + 1;
        VALUE.end = i;
        VALUE.quoted = true;
        return;
      }
      if (c === 10 || c === 13) break;
      // `"…"` alone has escapes: a backslash takes the next character unless that ends the line.
      if (q === 34 && c === 92) {
        if (i + 1 >= line.length || isTerminator(line.charCodeAt(i + 1))) break;
        i++;
      }
    }
    // No closing quote after the last `''`: the regex gives that pair back and closes at its first quote.
    if (pair !== -1) {
      VALUE.start = p + 1;
      VALUE.end = pair;
      VALUE.quoted = true;
    }
    return;
  }
  if (q === 92 && line.charCodeAt(p + 1) === 34) {
    // `\"…\"`: no quote, backslash or line break inside; the first backslash must close it.
    for (let i = p + 2; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 92) {
        if (line.charCodeAt(i + 1) === 34) {
          VALUE.start = p + 2;
          VALUE.end = i;
          VALUE.quoted = true;
        }
        return;
      }
      if (c === 34 || c === 10 || c === 13) return;
    }
  }
}

/**
 * A string literal inside what only builds a string from it, or behind a prefix valueAt does not take:
 * Rust's `String::from("…")`, C++'s `std::string("…")` / `std::string{"…"}` / `L"…"` / `u8"…"` / `R"(…)"`,
 * Python's `str("…")` / `bytes("…", …)` / `f"…"` / `r"…"`, JavaScript's `Buffer.from("…")` / `String("…")`,
 * Objective-C's and C#'s `@"…"`, `[NSString stringWithString:@"…"]`, Julia's `raw"…"`, Crystal's and Ruby's
 * `%(…)` / `%q{…}`, OCaml's `{|…|}`, Perl's `q(…)`. Threat: the value is the literal all the same, and a
 * reader that stops at the wrapper keeps the secret. Sets VALUE (quoted) and answers true when one starts
 * at `p`; an `f` literal holding `{` is a template and an `r` one holding `\` a pattern or path: neither.
 */
const WRAPPED_CALL =
  /^&?(?:hex!|hex_literal::hex!|hex::decode|bytes\.fromhex|binascii\.(?:unhexlify|a2b_hex)|hexToBytes|fromHex|Hex\.decode(?:Hex)?|hex\.DecodeString|base64\.b64decode|atob)[ \t]*\([ \t]*|^(?:new[ \t]+)?(?:(?:std|[A-Z]\w*)(?:::|\.))?(?:from|new|String|string|wstring|u8string|u16string|u32string|string_view|str|bytes|bytearray|Symbol|QString|QStringLiteral|QLatin1String|QByteArray|SecretString|SecretStr|Secret|SecStr|Zeroizing|CString|OsString|Some|Ok|_T|TEXT|Borrowed|Owned|valueOf|String\.raw|NSString[ \t]+string(?:WithString|WithUTF8String|WithCString)?:?)[ \t]*[({]?[ \t]*/;
const WRAPPED_HEAD = /^(?:\[?[ \t]*NSString[ \t]+stringWith(?:String|UTF8String|CString):[ \t]*)/;
const PREFIX = /^(?:u8|raw|[LuUfFrRbB]{1,2}|@\$?|\$@?)(?=["'])/;
const DELIMITED = /^(?:%[qQ]?([({[<|!])|\{\|()|qq?([({[<|!]))/;
const CLOSER: Record<string, string> = { '(': ')', '{': '}', '[': ']', '<': '>', '|': '|', '!': '!' };

function wrappedLiteral(line: string, p: number): boolean {
  const rest = line.slice(p, p + 96);
  let i = p;
  let called = false;
  const head = WRAPPED_HEAD.exec(rest) ?? WRAPPED_CALL.exec(rest);
  if (head !== null && head[0].length > 0) {
    const h = head[0];
    const open = h.trimEnd().slice(-1);
    // `from`/`new` and the types alone must be a call: `Buffer.from(`, `String::from(`, `std::string{`.
    if (open !== '(' && open !== '{' && open !== ':') return false;
    i = p + h.length;
    called = true;
  }
  let prefix = '';
  const pm = PREFIX.exec(line.slice(i, i + 5));
  if (pm !== null) {
    prefix = pm[0];
    i += prefix.length;
  }
  const q = line.charCodeAt(i);
  if (q === 34 || q === 39) {
    if (!called && prefix === '') return false;
    // C++'s raw string `R"(…)"` and Rust's `r#"…"#`: the delimiters are not the value's.
    let start = i + 1;
    let close: string = q === 34 ? '"' : "'";
    if ((prefix === 'R' || prefix === 'u8R' || prefix === 'LR') && line.charCodeAt(start) === 40) {
      start++;
      close = ')"';
    }
    const end = line.indexOf(close, start);
    if (end < 0 || end === start) return false;
    const value = line.slice(start, end);
    const lower = prefix.toLowerCase();
    if (lower.includes('f') && value.includes('{')) return false;
    if ((lower.includes('r') || lower === 'raw') && value.includes('\\')) return false;
    if (q === 34 && !lower.includes('r') && value.includes('\\')) return false;
    if (called) {
      // What follows the literal closes the call or hands it more arguments (`Buffer.from("…", "utf8")`).
      const after = line.charCodeAt(skipBlanks(line, end + close.length, line.length));
      if (after !== 41 && after !== 125 && after !== 44 && after !== 93 && after !== 46) return false;
    }
    VALUE.start = start;
    VALUE.end = end;
    VALUE.quoted = true;
    return true;
  }
  if (called || prefix !== '') return false;
  const d = DELIMITED.exec(line.slice(i, i + 4));
  if (d === null) return false;
  const opener = d[1] ?? d[3];
  const close = opener === undefined ? '|}' : CLOSER[opener]!;
  const start = i + d[0].length;
  const end = line.indexOf(close, start);
  if (end <= start) return false;
  // Python's `%(name)s` (configparser's interpolation, a format string) names another value: no Ruby `%(…)` literal.
  if (d[0] === '%(' && /^[A-Za-z_][\w.-]*\)[sdifrx]/.test(line.slice(start, end + 2))) return false;
  VALUE.start = start;
  VALUE.end = end;
  VALUE.quoted = true;
  return true;
}

/** wrappedLiteral's answer as a span (for the test's regex-written scan): the literal's [start, end), or null. */
export function literalInside(line: string, p: number): [number, number] | null {
  return wrappedLiteral(line, p) ? [VALUE.start, VALUE.end] : null;
}

function isStringPrefix(c: number): boolean {
  const l = c | 0x20;
  return l === 98 || l === 117 || c === 64; // b u, and C#'s verbatim @"…"
}

function isPlainQuote(c: number): boolean {
  return c === 34 || c === 39;
}

/** The first \r or \n at or after `i`, or the end of the line: where an unquoted ASSIGN_VALUE ends. */
function breakFrom(line: string, i: number): number {
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 10 || c === 13) break;
  }
  return i;
}

/** The assignment a head starts (exported for the test that compares it with ASSIGN). */
export function assignmentAt(line: string, head: Head): Assignment {
  valueAt(line, head.opEnd);
  const { start, quoted } = VALUE;
  const end = quoted ? VALUE.end : breakFrom(line, start);
  return { name: head.name, nameStart: head.index + head.dashes, op: head.op, opEnd: head.opEnd, value: line.slice(start, end), start, quoted };
}

/**
 * Heads of a line in order, read as the rule reads them (the operator positions carried from head to
 * head), each search going on at `next(head)` or the head's operator end if later: the rule goes on
 * after the value. Exported for the tests.
 */
export function assignmentHeads(line: string, next: (head: Head) => number = (h) => h.opEnd): Head[] {
  const out: Head[] = [];
  let colon = line.indexOf(':');
  let equals = line.indexOf('=');
  for (let from = 0; nextHead(line, from, colon, equals);) {
    const h = headOf(line);
    out.push(h);
    colon = HEAD.colon;
    equals = HEAD.equals;
    from = Math.max(next(h), h.opEnd);
  }
  return out;
}

/** Names at the start of a line (YAML, .env, shell): the definition lineStartPrefix is tested against. */
export const LINE_START_PREFIX = /^[ \t]*(?:-[ \t]+)?(?:export[ \t]+|ENV[ \t]+|ARG[ \t]+|set[ \t]+|declare[ \t]+(?:-x[ \t]+)?)?["']?$/;

/** LINE_START_PREFIX on `line.slice(0, end)`, without the slice (exported for the test that compares them). */
export function lineStartPrefix(line: string, end: number): boolean {
  // Each part starts with a character no part before it can take (blanks are greedy and nothing
  // after them starts with one), so one left-to-right reading decides the match.
  let i = skipBlanks(line, 0, end);
  if (i < end && line.charCodeAt(i) === 45) {
    // `-[ \t]+`
    const j = skipBlanks(line, i + 1, end);
    if (j === i + 1) return false;
    i = j;
  }
  const kw = line.startsWith('export', i)
    ? 6
    : line.startsWith('declare', i)
      ? 7
      : line.startsWith('ENV', i) || line.startsWith('ARG', i) || line.startsWith('set', i)
        ? 3
        : 0;
  if (kw > 0 && i + kw < end) {
    const j = skipBlanks(line, i + kw, end);
    if (j > i + kw) {
      i = j;
      if (kw === 7 && line.startsWith('-x', i) && i + 2 < end) {
        const k = skipBlanks(line, i + 2, end);
        if (k > i + 2) i = k;
      }
    }
  }
  if (i < end) {
    const q = line.charCodeAt(i);
    if (q === 34 || q === 39) i++;
  }
  return i === end;
}

function skipBlanks(line: string, i: number, end: number): number {
  while (i < end && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  return i;
}

/** Ends the value as a YAML scalar does: a comment (`\s#`) cut off, then trailing `\s` (exported for the test). */
export function yamlEnd(line: string, start: number, end: number): number {
  for (let i = start + 1; i < end; i++)
    if (line.charCodeAt(i) === 35 && isSpace(line.charCodeAt(i - 1))) {
      end = i - 1;
      break;
    }
  while (end > start && isSpace(line.charCodeAt(end - 1))) end--;
  return end;
}

/**
 * `/[,;]\s*(?:\/\/.*)?$/` on line[start, end), which holds no \r or \n: the value ends in `,` or `;`,
 * maybe followed by a `//` comment (exported for the test that compares them). Read from the end: a
 * `//` counts only if no U+2028 or U+2029 (which `.` does not take) follows it.
 */
export function endsAsCode(line: string, start: number, end: number): boolean {
  if (isCodeEnd(line, start, end)) return true;
  for (let p = end - 1; p > start; p--) {
    const c = line.charCodeAt(p);
    if (c === 47 && line.charCodeAt(p - 1) === 47 && isCodeEnd(line, start, p - 1)) return true;
    if (c === 0x2028 || c === 0x2029) return false;
  }
  return false;
}

/** line[start, end) ends in `,` or `;` and then `\s*`. */
function isCodeEnd(line: string, start: number, end: number): boolean {
  while (end > start && isSpace(line.charCodeAt(end - 1))) end--;
  const c = line.charCodeAt(end - 1);
  return end > start && (c === 44 || c === 59);
}

/** `[\w$.<>[\]|?& ']` (ASCII): `&` and `'` for Rust's reference types (`const TOKEN: &'static str = "…"`). */
const SETTER_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++)
  SETTER_CHAR[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || "_$.<>[]|?& '".includes(String.fromCharCode(c)) ? 1 : 0;

/**
 * `/^[\w$.<>[\]|?& ']+=\s/` on line[start, end) (exported for the test that compares them): `=` is not
 * in the class, so it can only follow the whole run.
 */
export function startsAsSetter(line: string, start: number, end: number): boolean {
  return setterEquals(line, start, end) !== -1;
}

/** Where startsAsSetter found its `=` (-1: none): the typed-assignment test reads the value after it. */
function setterEquals(line: string, start: number, end: number): number {
  let i = start;
  for (let c: number; i < end && (c = line.charCodeAt(i)) < 128 && SETTER_CHAR[c] === 1; i++);
  return i > start && i + 1 < end && line.charCodeAt(i) === 61 && isSpace(line.charCodeAt(i + 1)) ? i : -1;
}

/**
 * Where .env and shell lines start: the line starts with neither a blank, a quote nor a `-`; or it is a
 * YAML list item of plain strings (`  - DB_PASSWORD=…`, compose's `environment:` list).
 */
function literalLineStart(line: string): boolean {
  const c = line.charCodeAt(0);
  if (c !== 32 && c !== 9 && c !== 34 && c !== 39 && c !== 45) return true;
  let i = 0;
  while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
  return line.charCodeAt(i) === 45 && (line.charCodeAt(i + 1) === 32 || line.charCodeAt(i + 1) === 9);
}

/** The longest literal `NAME=value` value read as one (a secret in .env rarely passes 1 KiB; base64 past it is cut the same either way). */
const LITERAL_MAX = 1024;

/** The first blank (ECMAScript \s) at or after `i`, or the end of the line; -1 when that lies more than `max` characters on. */
function blankFrom(line: string, i: number, max: number): number {
  const stop = Math.min(line.length, i + max + 1);
  for (; i < stop; i++) if (isSpace(line.charCodeAt(i))) return i;
  return i === line.length ? i : -1;
}

function isQuote(c: number): boolean {
  return c === 34 || c === 39 || c === 96;
}

/** A Grafana reference up to its closing brace: `$__env{NAME`, `$__file{/run/secrets/pw`. */
const GRAFANA_OPEN = /^\$__[a-z]+\{[^\s{}]*$/;

/** Per ASCII code: 1 ends an unquoted value, 2 ends one in a query string too (`&`, `#`). */
const STOP = new Uint8Array(128);
for (const c of ' \t\n\v\f\r"\'`,;<>)}]') STOP[c.charCodeAt(0)] = 1;
STOP[38] = STOP[35] = 2;

/**
 * Where an unquoted value starting at `start` ends outside a YAML scalar (exported for the test that
 * compares it with the stop class): the first stop character, or the end of the line (\r and \n,
 * where the value the regex gives ends, are stop characters).
 */
export function unquotedEnd(line: string, start: number, query: boolean): number {
  const stops = query ? 3 : 1;
  let i = start;
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 128 ? (STOP[c]! & stops) !== 0 : isWideSpace(c)) break;
  }
  return i;
}

/**
 * A `,` where an unquoted `name=value` stopped: in a format whose fields another character delimits (`&` in a
 * query string, `;` in a connection string, a blank between CLI arguments or INI-like pairs) the comma is the
 * password's own character (`?user=a&password=ab,cd&ssl=true`, `Password=x,yz;Encrypt=true`,
 * `ansible_password=q,r`, `-e POSTGRES_PASSWORD=a,b`). `before` is the code of the character before the name.
 * The value then runs on to that delimiter, unless the rest reads as more code (another `=`, a call's
 * parenthesis, a blank right after the comma): `f(password=pw, user=u)`, `password=pw,user=u`.
 * Returns the comma's index when the value does not go on.
 */
function commaFieldEnd(line: string, comma: number, before: number): number {
  const query = before === 63 || before === 38;
  const conn = before === 59;
  if (!query && !conn && before !== 32 && before !== 9) return comma;
  // `,user=x`: the next field of a list, not more of the password.
  if (FIELD_AFTER.test(line.slice(comma + 1, comma + 65))) return comma;
  let i = comma + 1;
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 40 || c === 41 || c === 123 || c === 125 || c === 91 || c === 93 || c === 60 || c === 62) return comma;
    if (isSpace(c) || c === 34 || c === 39 || c === 96 || c === 59 || (query && (c === 38 || c === 35))) break;
    if (c >= 128 && isWideSpace(c)) break;
  }
  return i > comma + 1 ? i : comma;
}

/** A field name and its `=` (or `:`) first: `user=x`, ` timeout=5`. */
const FIELD_AFTER = /^[ \t]*[A-Za-z_][\w.-]*[ \t]*[=:]/;
/** `&name=` inside a value: the next field of a form body or query. */
const FORM_FIELD = /&[A-Za-z_][\w.[\]-]*=/;

/**
 * The first value of a form body (`client_secret=…&grant_type=…&refresh_token=…`, the name after a quote, not
 * after `?` or `&`) ends at the `&` that opens the next field: else it swallows them, and a secret among them is
 * read as part of the first.
 */
function formFieldEnd(line: string, start: number, end: number): number {
  const amp = line.indexOf('&', start);
  if (amp < 0 || amp >= end) return end;
  const m = FORM_FIELD.exec(line.slice(amp, end));
  return m === null ? end : amp + m.index;
}

/** The value spells the name: the same ASCII letters and digits, case aside (`MSI_SECRET: "msi-secret"`). */
export function namesItself(value: string, name: string): boolean {
  let i = 0,
    j = 0;
  for (;;) {
    while (i < value.length && !isAlnum(value.charCodeAt(i))) i++;
    while (j < name.length && !isAlnum(name.charCodeAt(j))) j++;
    if (i === value.length || j === name.length) return i === value.length && j === name.length;
    if ((value.charCodeAt(i) | 0x20) !== (name.charCodeAt(j) | 0x20)) return false;
    i++;
    j++;
  }
}

/**
 * `secret: idTEntity.secret,`, `apiKey: config.api_key`: code that copies a member of the same name
 * (the last segment of a member access spells the key's last segment).
 */
export function copiesMember(value: string, name: string): boolean {
  // A reference or dereference of the member (Rust `&self.password`, C `*cfg.token`) copies it too.
  const v = value.replace(/[;,]+$/, '').replace(/^(?:&(?:mut[ \t]+)?|\*)/, '');
  if (!MEMBER_ACCESS.test(v)) return false;
  return namesItself(v.slice(v.lastIndexOf('.') + 1), name.slice(name.lastIndexOf('.') + 1));
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122);
}

/** Names of a wallet's recovery phrase (`MNEMONIC`, `seed_phrase`, `recovery-words`, `walletSeed`). */
const PHRASE_NAME = /(?:mnemonic|seed|(?:recovery|secret|backup|wallet)[_.-]?(?:phrase|words))$/i;

/** An unquoted phrase of words from `opEnd` to the line's end (a ` #` comment, a `;` or `,` aside): masked; whether it was one. */
function namedPhraseAt(line: string, opEnd: number, out: Hit[]): boolean {
  let s = opEnd;
  while (s < line.length && isSpace(line.charCodeAt(s))) s++;
  const c = line.charCodeAt(s);
  if (c === 34 || c === 39 || c === 96) return false;
  const hash = line.indexOf(' #', s);
  let e = hash < 0 ? line.length : hash;
  while (e > s && (isSpace(line.charCodeAt(e - 1)) || line.charCodeAt(e - 1) === 59 || line.charCodeAt(e - 1) === 44)) e--;
  if (e - s < 36 || !isNamedPhrase(line.slice(s, e))) return false;
  out.push({ start: s, end: e, rule: 'generic-secret', priority: GENERIC_PRIORITY });
  return true;
}

/** A recovery phrase assigned at `opEnd` (in quotes or not): masked. */
function seedPhrase(line: string, opEnd: number, out: Hit[]): void {
  valueAt(line, opEnd);
  if (!VALUE.quoted) wrappedLiteral(line, VALUE.start);
  const end = VALUE.quoted ? VALUE.end : trimEndOf(line, VALUE.start, breakFrom(line, VALUE.start));
  const v = line.slice(VALUE.start, end);
  if (end - VALUE.start >= 36 && isMnemonic(v)) out.push({ start: VALUE.start, end, rule: 'generic-secret', priority: GENERIC_PRIORITY });
  // A wallet's or a key's seed as 32 or 64 bytes of hex (`let seed = hex!("…")`, `MASTER_SEED=0x…`): the key itself.
  else {
    const m = SEED_HEX.exec(v);
    if (m !== null && randomPartOk(m[1]!))
      out.push({
        start: VALUE.start + m.index + m[0].length - m[1]!.length,
        end: VALUE.start + m.index + m[0].length,
        rule: 'generic-secret',
        priority: GENERIC_PRIORITY,
      });
  }
}
/** 64 or 128 hex digits (`0x` allowed), alone or ending a value. */
const SEED_HEX = /^(?:0x)?([0-9a-fA-F]{128}|[0-9a-fA-F]{64})(?![0-9a-fA-F])/;

/** `|`, `>-`, `|2`, `!!str |`: a YAML block scalar's header (the scalar is on the lines after). */
const BLOCK_HEADER = /^(?:![^\s]*[ \t]+)?[|>](?:[1-9][-+]?|[-+][1-9]?)?$/;

/** The column of the key on a YAML line (after a list item's `- `). */
function keyColumn(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
  while (line.charCodeAt(i) === 45 && (line.charCodeAt(i + 1) === 32 || line.charCodeAt(i + 1) === 9)) {
    i++;
    while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
  }
  return i;
}

/** A YAML value that goes on past its line: a block scalar, nothing (a plain scalar may follow), an open quote, an alias. */
function yamlFollow(line: string, value: string, start: number, end: number, open: number, strength: NameStrength): Follow | null {
  const judged = false;
  if (open === 34 || open === 39) {
    // `key: "abc` … `def"`: the value is everything up to the closing quote (yamlEnd's comment cut does
    // not apply inside quotes), so the part here runs to the end of the line.
    const e = trimEndOf(line, start, breakFrom(line, start));
    return { kind: FollowKind.Quoted, strength, judged, spans: [start, e], value: line.slice(start, e), arg: open };
  }
  if (value === '') return { kind: FollowKind.YamlPlain, strength, judged: false, spans: [], value: '', arg: keyColumn(line) };
  if (BLOCK_HEADER.test(value)) return { kind: FollowKind.YamlBlock, strength, judged: false, spans: [], value: '', arg: keyColumn(line) };
  if (value.charCodeAt(0) === 42 && /^\*[A-Za-z_][\w.-]*$/.test(value))
    return { kind: FollowKind.Alias, strength, judged: false, spans: [], value: '', arg: 0, name: value.slice(1) };
  return null;
}

function trimEndOf(line: string, start: number, end: number): number {
  while (end > start && isSpace(line.charCodeAt(end - 1))) end--;
  return end;
}

/**
 * A quoted value `[start, end)` and what follows its closing quote: more literals joined to it on the
 * line (`"a" + "b"`, `"a" "b"`), and an operator or `\` at the end of the line, or nothing at all (the
 * next line may go on with `+ "…"`). The literals after the first are judged with it, and pushed when
 * the whole is a secret; `end` is where reading stopped.
 */
function concatFollow(
  line: string,
  start: number,
  end: number,
  strength: NameStrength,
  judged: boolean,
  out: Hit[],
): { follow: Follow | null; secret: boolean; end: number } | null {
  // Triple quotes close with three characters; `\"…\"` (code inside a JSON string) is left alone.
  const q = line.charCodeAt(start - 1);
  if (line.charCodeAt(end) !== q) return null;
  const after = line.charCodeAt(end + 1) === q && line.charCodeAt(end + 2) === q && line.charCodeAt(start - 2) === q ? end + 3 : end + 1;
  const stop = breakFrom(line, after);
  if (after >= stop)
    return { follow: { kind: FollowKind.Concat, strength, judged, spans: [start, end], value: line.slice(start, end), arg: 1 }, secret: judged, end: after };
  const c = line.charCodeAt(after);
  // Most quoted values end with `,` `;` `)` `}` or a blank and a word: nothing to read.
  if (!(c === 32 || c === 9 || c === 43 || c === 46 || c === 38 || c === 124 || c === 92 || c === 34 || c === 39)) return null;
  const r = readLiterals(line, after, stop, false);
  const rest = line.slice(r.end, stop).trim();
  if (r.spans.length === 0 && !r.open)
    return rest === ''
      ? { follow: { kind: FollowKind.Concat, strength, judged, spans: [start, end], value: line.slice(start, end), arg: 1 }, secret: judged, end: r.end }
      : null;
  const spans = [start, end, ...r.spans];
  let value = '';
  for (let k = 0; k < spans.length; k += 2) value += line.slice(spans[k]!, spans[k + 1]!);
  let secret = judged;
  if (r.spans.length > 0 && (judged || joinedLooksSecret([value], strength))) {
    secret = true;
    for (let k = judged ? 2 : 0; k < spans.length; k += 2)
      out.push({ start: spans[k]!, end: spans[k + 1]!, rule: 'generic-secret', priority: GENERIC_PRIORITY });
  }
  const follow: Follow | null = r.open || rest === '' ? { kind: FollowKind.Concat, strength, judged: secret, spans, value, arg: r.open ? 0 : 1 } : null;
  return { follow, secret, end: r.end };
}

/** The words of a prompt, a label or a placeholder: a value holding one is text about the secret, not a passphrase. */
const PROSE_WORDS = new Set(
  (
    'enter your the a an to for of and or is be are please type here password passphrase passwd secret key token change me set not ' +
    'required optional none empty default value see use this that with must should will new old confirm repeat again field label hint ' +
    'placeholder example sample test dummy my our from in on at by it its you we if no yes invalid incorrect wrong missing expired ' +
    'characters least long short too strong weak forgot reset'
  ).split(' '),
);

/**
 * A passphrase written as words under a name that says passphrase or password: three to twelve lower-case
 * words, none a word of a prompt or a label (`Enter your passphrase`, `must be at least 12 characters`).
 */
function wordPassphrase(name: string, value: string, data: boolean): boolean {
  if (!/pass(?:phrase|word|wd)?$|phrase$/i.test(name)) return false;
  // Words joined by `.` (`correct.horse.battery.staple`) in data, not code's member access; not a
  // message key (`auth.password.label`), whose words name the field.
  const dotted = data && value.indexOf('.') > 0 && value.indexOf(' ') < 0;
  if (dotted && /pass|label|title|hint|error|field|form|login|auth|placeholder|message|text|prompt/i.test(value)) return false;
  const words = dotted ? value.split('.') : value.split(/[ -]/);
  if (words.length < 3 || words.length > 12 || new Set(words).size !== words.length) return false;
  // Words, not a mask (`xxxx-xxxx-xxxx-xxxx`): each with a vowel.
  for (const w of words) if (!/^[a-z]{3,12}$/.test(w) || !/[aeiouy]/.test(w) || PROSE_WORDS.has(w)) return false;
  return true;
}

/** A connection string's server, database or user field (`Server=`, `Data Source=`, `Initial Catalog=`, `Uid=`). */
const CONNECTION_FIELD =
  /(?:^|[;"'\s])(?:server|data source|addr|address|network address|database|initial catalog|uid|user id|user|username|host|driver|provider|dsn)[ \t]*=[^;]*;/i;

/**
 * A value that is data whatever its shape: after `?`/`&` (a URL query) or in a `-Dname=` property.
 * There a dotted value (`S3cretPass.pdf`) is the value itself, not code's member access.
 */
function dataValue(line: string, nameStart: number): boolean {
  const b = line.charCodeAt(nameStart - 1);
  if (b === 63 || b === 38) return true;
  // A field of a connection string (`Server=…;User ID=app;Pwd=S3cretPass.pdf;`): ADO.NET, ODBC, JDBC for SQL
  // Server, Npgsql. Its fields are data; code after a `;` is a statement, and no statement names a server.
  if (b === 59 && CONNECTION_FIELD.test(line)) return true;
  let i = nameStart;
  while (i > 0 && /[\w.-]/.test(line[i - 1]!)) i--;
  return line.startsWith('-D', i) && (i === 0 || isSpace(line.charCodeAt(i - 1)) || line.charCodeAt(i - 1) === 34 || line.charCodeAt(i - 1) === 39);
}

/**
 * A signature that is a MAC's or a hash's hex output (`EXPECTED_SIG = "<sha256 hex>"` in a test, `signature:
 * sha256=<hex>` in a recorded webhook): computed from a key and a message, it opens nothing; the key beside it is
 * what is masked (`HMAC_KEY`, `signing_secret`, `hmac.new(b"…")`). Named by its last word (`sig`, `signature`),
 * not `…_sig_key`. In a URL query it is a pre-signed URL's signature (`X-Amz-Signature=`), which grants access
 * until it expires: masked there.
 */
export function signatureDigest(name: string, value: string, line: string, nameStart: number): boolean {
  if (!SIGNATURE_NAME.test(name)) return false;
  const b = line.charCodeAt(nameStart - 1);
  if (b === 63 || b === 38) return false;
  return HEX_DIGEST.test(value);
}
/** A name whose last word is sig or signature (snake, kebab, dotted, camel or constant case). */
const SIGNATURE_NAME = /(?:^|[_.-]|[a-z0-9])(?:sig|Sig|SIG|signature|Signature|SIGNATURE)$/;
/** The hex of an MD5, SHA-1, SHA-256, SHA-384 or SHA-512 output, one case, an algorithm's tag allowed before it. */
const HEX_DIGEST =
  /^(?:(?:sha(?:1|256|384|512)|md5)[=:])?(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128}|[0-9A-F]{32}|[0-9A-F]{40}|[0-9A-F]{64}|[0-9A-F]{96}|[0-9A-F]{128})$/;

/**
 * git's `user.signingkey`: a GPG key's id or fingerprint (8, 16 or 40 hex digits, `0x` and a `!` allowed) or an
 * SSH public key (`key::ssh-ed25519 AAAA…`, read to the line's end: the value is cut at its blank): public, not the key.
 */
function gitSigningKey(name: string, value: string, line: string, start: number): boolean {
  if (name.length !== 10 || name.toLowerCase() !== 'signingkey') return false;
  return /^(?:0x)?(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})!?$/.test(value) || isReference(line.slice(start, breakFrom(line, start)).trim());
}

/**
 * `key = (` and string literals after it (Python's implicit concatenation: `("lsv2_pt_…"` here, `"…")` on the
 * next line): the literals on this line are the start of the value and the rest is read on the lines after
 * (follow.ts). Closed on this line (`("abc" "def")`), the literals are judged joined here.
 */
function parenFollow(line: string, start: number, strength: NameStrength, judged: boolean, out: Hit[]): { follow: Follow | null; end: number } {
  const stop = trimEndOf(line, start, breakFrom(line, start));
  const r = readLiterals(line, start + 1, stop, false);
  const rest = line.slice(r.end, stop).trim();
  let value = '';
  for (let k = 0; k < r.spans.length; k += 2) value += line.slice(r.spans[k]!, r.spans[k + 1]!);
  if (rest === '' || rest.startsWith('#') || rest.startsWith('//'))
    return { follow: { kind: FollowKind.Paren, strength, judged, spans: r.spans, value, arg: 0 }, end: r.end };
  if (!judged && r.spans.length > 0 && /^\)[ \t]*[;,]?$/.test(rest) && joinedLooksSecret([value], strength))
    for (let k = 0; k < r.spans.length; k += 2) out.push({ start: r.spans[k]!, end: r.spans[k + 1]!, rule: 'generic-secret', priority: GENERIC_PRIORITY });
  return { follow: null, end: r.end };
}

/** A quote opened and not closed on the line (`"abc\`, a Python `"""`, a JS template): the string goes on below. */
function openFollow(line: string, start: number, end: number, open: number, strength: NameStrength, judged: boolean): Follow | null {
  const stop = trimEndOf(line, start, breakFrom(line, start));
  if (end < stop) return null; // the value was cut at a delimiter: code, not an open string
  let e = stop;
  if (e > start && line.charCodeAt(e - 1) === 92) e--;
  // `"""` opening a triple-quoted string: valueAt read `""` as empty and the third quote opened this one.
  return { kind: FollowKind.Quoted, strength, judged, spans: [start, e], value: line.slice(start, e), arg: open };
}

/** Recovery phrases of the BIP-39 list, seeded apart from the shared rand() sequence. */
function phraseSamples(): { text: string; secrets: string[] }[] {
  const words = [...bip39Words()];
  const phrase = (n: number, seed: number) => Array.from({ length: n }, (_, k) => words[Number(rand('0123456789', 4, seed + k * 13)) % 2048]!).join(' ');
  const [a, b] = [phrase(24, 0xb39), phrase(12, 0xb40)];
  const c = `${phrase(11, 0xb41)} kettle`;
  return [
    { text: `MNEMONIC="${a}"`, secrets: [a.slice(0, 20), a.slice(-20)] },
    { text: `wallet:\n  seed: ${b}`, secrets: [b.slice(0, 20), b.slice(-20)] },
    // Unquoted, one word off the list (another wallet's list, a typo): the name says it is the phrase.
    { text: `level: info\nMNEMONIC: ${c}\n`, secrets: [c.slice(0, 20), c.slice(-20)] },
  ];
}

/** Values over several lines, seeded apart from the shared rand() sequence (other rules' samples keep their values). */
function followSamples(): RuleSamples {
  const v = (n: number, seed: number) => rand(ALNUM + '-_.~', n, 0xf011 + seed * 7919);
  const [a, b, c, d, e, f, g, h, k, l, m, o, q] = Array.from({ length: 13 }, (_, i) => v(12 + (i % 5), i));
  return {
    truePositives: [
      { text: `db:\n  password: |\n    ${a}${b}\n  pool: 5`, secrets: [a! + b!] },
      { text: `token: >-\n  ${a}\n  ${b}\n`, secrets: [a!, b!] },
      { text: `  password:\n    ${c}${d}\n  user: app`, secrets: [c! + d!] },
      { text: `signing_key: "${e}\n  ${f}"`, secrets: [e!, f!] },
      { text: `API_KEY = "${g}" + "${h}"`, secrets: [g!, h!] },
      { text: `SECRET_KEY = (\n    "${g}"\n    "${k}"\n)`, secrets: [g!, k!] },
      { text: `export API_TOKEN="${l}\\\n${m}"`, secrets: [l!, m!] },
      { text: `DB_PASSWORD=${o}\\\n${q}\necho ok`, secrets: [o!, q!] },
      { text: `const apiKey = "${a}" +\n  "${c}";`, secrets: [a!, c!] },
      { text: `static final String TOKEN = "${b}"\n    + "${d}";`, secrets: [b!, d!] },
      { text: `x-pw: &pw ${e}${h}\nservices:\n  db:\n    environment:\n      POSTGRES_PASSWORD: *pw`, secrets: [e! + h!] },
    ],
    falsePositives: [
      'password: |\n  <your password here>\nuser: app',
      'description: |\n  The token is read from the environment.\n  See the docs.',
      'password:\n  min_length: 12\n  hash: argon2',
      'TOKEN_HEADER = "X-Auth-" \\\n    "Token"',
      'x-creds: &creds\n  user: app\nservices:\n  db:\n    <<: *creds',
      'msg = ("password must be "\n       "at least 12 characters")',
      'const token = "Bearer " +\n  accessToken;',
      'password = ""\n+ "abc"',
      'secret:\n  - name: db\n  - name: api',
    ],
  };
}

function wrappedSamples(): RuleSamples {
  const w = Array.from({ length: 12 }, (_, i) => rand(ALNUM, 24, 0x3a77 + i));
  return {
    truePositives: [
      `    let api_secret: SecretString = SecretString::new("${w[0]}".into());`,
      `std::string auth_token = std::string("${w[1]}");`,
      `auto api_key = std::string{"${w[2]}"};`,
      `const wchar_t* pw = L"${w[3]}";`,
      `NSString *apiSecret = [NSString stringWithString:@"${w[4]}"];`,
      `password = f"${w[5]}"`,
      `const token = Buffer.from("${w[6]}", "utf8");`,
      `public static readonly string ClientSecret = @"${w[7]}";`,
      `    local db_password = raw"${w[8]}";`,
      `DB_PASSWORD = %(${w[9]})`,
      `let db_password = {|${w[10]}|}`,
      `SECRET = bytes("${w[11]}", "utf-8")`,
    ].map((text, i) => ({ text, secrets: [w[i]!] })),
    falsePositives: [
      'let password = String::from("");',
      'password = f"{prefix}-{suffix}"',
      'api_key = r"C:\\Users\\dev\\keys"',
      'token = String::from(env::var("TOKEN").unwrap());',
      'let secret = String::from(secret_name);',
      'password = getpass("Password: ")',
    ],
  };
}

export const genericAssignment: LineRule = {
  id: 'generic-secret',
  description: 'A value assigned to a secret-named key (password, token, secret, api key …) in any config or code syntax',
  // Every secret word of names.ts reaches the rule: the key words the pre-scan anchors (pat, pw, pswd too).
  keywords: [
    'pass',
    'pwd',
    'secret',
    'token',
    'key',
    'auth',
    'cred',
    'sig',
    'pat',
    'pw',
    'pswd',
    // Other languages' words for password (`pass` reaches passwort, passe, passord).
    ...FOREIGN_PASSWORD_WORDS,
    // Other languages' words for key and token, as ASCII writes them (foreign-key-words.ts).
    ...[...ASCII_KEY_WORDS.keys()].filter((w) => !w.startsWith('cred')),
    'mnemonic',
    'phrase',
    'seed',
    // An HTTP credential by its scheme's name, account recovery codes, a pre-shared key (names.ts).
    'bearer',
    'psk',
    'recovery_code',
    'backup_code',
    // `datadog_api = "<hex>"`, a wallet's `private: 0x<hex>` (weak names: the value must look secret).
    'api',
    'private',
  ],
  priority: GENERIC_PRIORITY,
  scan(line: string, out: Hit[]): void {
    let from = 0;
    let colon = line.indexOf(':');
    let equals = line.indexOf('=');
    while (nextHead(line, from, colon, equals)) {
      const head = HEAD;
      colon = head.colon;
      equals = head.equals;
      // Continue right after the operator: `a=b password=c` on one line.
      from = head.opEnd;
      const name = line.slice(head.nameStart, head.nameEnd);
      const strength = classifyName(name);
      // `…:secret:prod/db` inside an ARN or URN is a path segment, not a key. A key whose name carries a
      // namespace (`profile::db::root_password: …` in Hiera, `app:apiKey: …` in a Pulumi stack, a Ruby
      // symbol `:rubygems_api_key: …`) is followed by a blank, as a YAML key is.
      if (head.op === ':' && line.charCodeAt(head.index - 1) === 58 && !isSpace(line.charCodeAt(head.opEnd)) && head.opEnd < line.length) continue;
      // `"Password:"`, `'API key:'`: a string that ends in a colon (a label), its closing quote right after the `:`. No
      // key of its own: read as one, the closing quote opened a value that ran on over the lines below (`key: "…"`).
      if (
        head.op === ':' &&
        head.opEnd === head.nameEnd + 1 &&
        isQuote(line.charCodeAt(head.nameStart - 1)) &&
        line.charCodeAt(head.opEnd) === line.charCodeAt(head.nameStart - 1)
      )
        continue;
      // A recovery phrase under its name, unquoted (`MNEMONIC: w1 … w12`, `mnemonic = w1 … w12`): the rest of the line.
      if (PHRASE_NAME.test(name) && namedPhraseAt(line, head.opEnd, out)) {
        from = line.length;
        continue;
      }
      if (strength === null) {
        // `seed` names a generator's seed as often as a wallet's: only a recovery phrase is secret there.
        if (head.nameEnd - head.nameStart >= 4 && /seed(?:[_.-]?(?:hex|bytes|b64|base64))?$/i.test(name)) seedPhrase(line, head.opEnd, out);
        continue;
      }
      valueAt(line, head.opEnd);
      let typed = false;
      if (!VALUE.quoted && head.op === ':') {
        // `api_token: str = "…"`, `password: Optional[str] = …`: a typed assignment; the value follows
        // `=` and is code (cut as code is, not as a YAML scalar).
        // Up to the line's end rather than breakFrom's (asked at every `:` head with a secret name, a walk
        // to the end of a minified line each time would be quadratic); the blank after `=` must then not
        // be the \r or \n that breakFrom would have stopped at.
        const eq = setterEquals(line, VALUE.start, line.length);
        const after = line.charCodeAt(eq + 1);
        if (eq !== -1 && after !== 10 && after !== 13) {
          valueAt(line, eq + 1);
          typed = true;
        }
      }
      // `= String::from("…")`, `= L"…"`, `= %(…)`: the literal inside is the value.
      if (!VALUE.quoted) wrappedLiteral(line, VALUE.start);
      let start = VALUE.start;
      let end: number;
      const quoted = VALUE.quoted;
      let literal = false;
      let yaml = false;
      /** The value opened a quote it does not close on this line (its code), or 0. */
      let open = 0;
      if (quoted) end = VALUE.end;
      else {
        // What stands before the name decides where an unquoted value ends (a quoted one ends at its
        // quote). Before the name is the line up to its dashes: the character before them is not a
        // name character, so the old `.replace(/--?$/, '')` took off exactly those dashes.
        const before = head.index;
        const b = line.charCodeAt(before - 1);
        const query = b === 63 || b === 38; // `?` `&`
        const q = line.charCodeAt(start);
        if (q === 34 || q === 39 || q === 96) {
          start++; // an unterminated quote: " ' `
          open = q;
        }
        // A YAML scalar runs to the end of the line; a line ending in `,` or `;` is code (an object
        // literal or a TS member), where the value stops at the first delimiter instead.
        if (head.op === ':' && !typed && lineStartPrefix(line, before)) {
          const stop = breakFrom(line, start);
          if (endsAsCode(line, start, stop) || startsAsSetter(line, start, stop)) end = unquotedEnd(line, start, query);
          else {
            end = yamlEnd(line, start, stop);
            yaml = true;
          }
        } else if (
          head.op === '=' &&
          head.nameEnd === head.opEnd - 1 &&
          start === head.opEnd &&
          literalLineStart(line) &&
          lineStartPrefix(line, before) &&
          (end = blankFrom(line, start, LITERAL_MAX)) !== -1
        ) {
          // `NAME=value` at the start of an unindented line or a YAML list item, no blank on either
          // side of `=`: .env, shell, .properties, INI, compose environment lists. The value is literal
          // up to the first blank (`;` `'` `)` are its own characters there), so a password holding
          // one is not cut short, nor read as code. An indented one is a keyword argument
          // (`    password=self.password,`); a run longer than LITERAL_MAX is minified code
          // (`token=function(e){…}`): both are cut as code is.
          literal = true;
        } else {
          end = unquotedEnd(line, start, query);
          if (head.op === '=' && !query) end = formFieldEnd(line, start, end);
          if (head.op === '=' && line.charCodeAt(end) === 44) end = commaFieldEnd(line, end, b);
          // Grafana's `$__env{NAME}` / `$__file{path}`: the `}` closes the value's own brace, and what follows it is the
          // value's too (`$__env{X}abc` is judged whole, not read as the reference it starts with).
          if (line.charCodeAt(end) === 125 && line.startsWith('$__', start) && GRAFANA_OPEN.test(line.slice(start, end)))
            end = unquotedEnd(line, end + 1, query);
        }
      }
      // A YAML anchor before the value (`password: &db s3cret`) names the node; the value is after it.
      if (yaml && open === 0 && line.charCodeAt(start) === 38) {
        let a = start + 1;
        while (a < end && !isSpace(line.charCodeAt(a))) a++;
        while (a < end && isSpace(line.charCodeAt(a))) a++;
        start = a;
      }
      const value = line.slice(start, end);
      from = Math.max(end, head.opEnd);
      // A YAML value that is only a header, an anchor or an alias: the value is elsewhere (follow.ts).
      let f: Follow | null = yaml ? yamlFollow(line, value, start, end, open, strength) : null;
      // `MSI_SECRET: "MSI_SECRET"`: an enum or key map, the value names the key. Asked second: most
      // values fail valueLooksSecret early, and both are pure, so the order changes only the cost.
      // (An alias-looking value is still judged: a password may start with `*`.)
      const data = literal || yaml || (head.op === '=' && dataValue(line, head.index));
      let secret =
        (f === null || f.kind === FollowKind.Quoted || f.kind === FollowKind.Alias) &&
        ((valueLooksSecret(value, strength, quoted, literal, data) &&
          !namesItself(value, name) &&
          !namesItself(value, name.slice(name.lastIndexOf('.') + 1)) &&
          (quoted || literal || !copiesMember(value, name)) &&
          !(quoted && cutExpression(value, line.charAt(end + 1))) &&
          // `PASSWORD=\`cat /run/secrets/pw\``: the command's output, not a literal; `secret_name: prod/db`: a store's name.
          !(quoted && shellCommandSubstitution(line, head.nameStart, head.opEnd, start, end)) &&
          !storedSecretName(name, value) &&
          !spacedPlainKey(line, head.nameStart, name) &&
          // `(secret: Uint8Array, n: number) =>`: a type in a parameter list, not a value.
          !(head.op === ':' && !quoted && !literal && !yaml && isTypedParameter(line, head.nameStart, value, end)) &&
          // `= !options.allowAll`, `= /*#__PURE__*/Object.freeze({`, `${urlEncode(`: code, not a value.
          !(!quoted && !literal && !yaml && isCodeValue(value)) &&
          // `"urn:ietf:params:oauth:grant-type:jwt-bearer"`, base64's alphabet, `'NTLMSSP\0'`.
          !(quoted && isNamedConstant(value, (bare) => valueLooksSecret(bare, strength, quoted, literal, data))) &&
          !gitSigningKey(name, value, line, start) &&
          !signatureDigest(name, value, line, head.index)) ||
          // A recovery phrase reads as prose to valueLooksSecret: the word list decides.
          (value.length >= 36 && isMnemonic(value)) ||
          // A passphrase of words (`BORG_PASSPHRASE="correct horse battery staple"`) reads as prose too.
          (strength === 'strong' && value.length >= 15 && wordPassphrase(name, value, quoted || data)));
      if (secret) out.push({ start, end, rule: 'generic-secret', priority: GENERIC_PRIORITY });
      // The value may go on past this line, or past this literal: the masker reads on (follow.ts).
      if (f !== null) f.judged = secret;
      else if (yaml) {
        // a plain YAML scalar ends on its line
      } else if (quoted) {
        const c = concatFollow(line, start, end, strength, secret, out);
        if (c !== null) {
          f = c.follow;
          from = Math.max(from, c.end);
          secret ||= c.secret;
        }
      } else if (open !== 0) f = openFollow(line, start, end, open, strength, secret);
      else if (end > start && line.charCodeAt(end - 1) === 92 && breakFrom(line, end) === end)
        f = { kind: FollowKind.Backslash, strength, judged: secret, spans: [start, end - 1], value: value.slice(0, -1), arg: 0 };
      else if (line.charCodeAt(start) === 40) {
        const p = parenFollow(line, start, strength, secret, out);
        f = p.follow;
        if (p.end > from) from = p.end;
      }
      // `String password =` and the value on the next line (Java, C#, Kotlin: a statement goes on until its `;`).
      else if (value === '' && head.op === '=' && start === breakFrom(line, start))
        f = { kind: FollowKind.Concat, strength, judged: false, spans: [], value: '', arg: 0 };
      if (f !== null) out.push({ start: end, end, rule: 'generic-secret', priority: GENERIC_PRIORITY, follow: f });
      // Code that is no secret but holds a call or a tuple (`auth = dict(token="…")`, Perl's `%auth = (token =>
      // q{…})`): the keys inside it are read too, not skipped with it.
      else if (!secret && !quoted && value.includes('(')) from = head.opEnd;
    }
  },
  samples: () => {
    const pw = () => rand(PASSWORD_CHARS.replace(/[#'"]/g, ''), 20);
    const p = Array.from({ length: 25 }, pw);
    const hex = rand(HEX, 64);
    const hex128 = rand(HEX, 128);
    const tp = [
      { text: `DB_PASSWORD=${p[0]}`, secrets: [p[0]!] },
      { text: `export API_SECRET="${p[1]}"`, secrets: [p[1]!] },
      { text: `API_TOKEN = '${p[2]}'`, secrets: [p[2]!] },
      { text: `  password: ${p[3]}`, secrets: [p[3]!] },
      { text: `  "password": "${p[4]}",`, secrets: [p[4]!] },
      { text: `password = "${p[5]}"`, secrets: [p[5]!] },
      { text: `spring.datasource.password=${p[6]}`, secrets: [p[6]!] },
      { text: `  password = "${p[7]}"  # hcl`, secrets: [p[7]!] },
      { text: `const apiKey = "${p[8]}";`, secrets: [p[8]!] },
      { text: `SECRET_KEY_BASE=${hex128}`, secrets: [hex128] },
      { text: `key = "${hex}"`, secrets: [hex] },
      { text: `ENV API_KEY=${p[9]}`, secrets: [p[9]!] },
      { text: `Server=db;Database=app;User Id=sa;Password=${p[10]!.replace(/[;]/g, '')};`, secrets: [p[10]!.replace(/[;]/g, '')] },
      { text: `jdbc:mysql://db:3306/app?user=app&password=${p[11]!.replace(/[&#]/g, '')}`, secrets: [p[11]!.replace(/[&#]/g, '')] },
      { text: `    client-key-data: ${b64(rand(ALNUM, 60))}`, secrets: [] },
      { text: `  "auth": "${b64('octocat:' + rand(ALNUM, 36))}"`, secrets: [] },
      { text: `      "identitytoken": "${p[12]}${p[13]}"`, secrets: [p[12]!] },
      { text: `//registry.npmjs.org/:_auth=${b64('ci-bot:' + p[14])}`, secrets: [] },
      { text: `SECRET_KEY = 'django-insecure-${p[15]}'`, secrets: [p[15]!] },
      { text: `$db_password = "${p[16]}";`, secrets: [p[16]!] },
      { text: `mysqldump --password=${p[17]} shop`, secrets: [p[17]!] },
      { text: `AWS_ACCESS_KEY_ID=AKIAEXAMPLE DB_PASSWORD=${p[18]} ./run.sh`, secrets: [p[18]!] },
      { text: `config["api_key"] = "${p[19]}"`, secrets: [p[19]!] },
      { text: `https://api.example.com/v1/items?limit=5&access_token=${p[20]!.replace(/[&#]/g, '')}`, secrets: [p[20]!.replace(/[&#]/g, '')] },
      // A string prefix, triple quotes, and YAML's `''` (the secret on both sides of it).
      { text: `SECRET_KEY = b"${p[21]}"`, secrets: [p[21]!] },
      { text: `    public static readonly string ClientSecret = @"${p[5]}";`, secrets: [p[5]!] },
      { text: `TOKEN = """${p[22]}"""`, secrets: [p[22]!] },
      { text: `  password: '${p[23]!.slice(0, 10)}''${p[23]!.slice(10)}'`, secrets: [p[23]!.slice(0, 10), p[23]!.slice(10)] },
      // A salt that holds `${` is no reference: the marker does not close over a name.
      { text: `SECRET_KEY = '${p[2]!.slice(0, 8)}\${Q${p[2]!.slice(8, 14)}!${p[2]!.slice(14)}'`, secrets: [p[2]!.slice(0, 8), p[2]!.slice(14)] },
      // A Pulumi stack file's and a Puppet Hiera file's namespaced keys.
      { text: `  myapp:dbPassword: "${p[1]}"`, secrets: [p[1]!] },
      { text: `profile::db::password: '${p[3]}'`, secrets: [p[3]!] },
      // A notebook cell: code inside a JSON string.
      { text: `    "conn = connect(password=\\"${p[24]}\\")\\n",`, secrets: [p[24]!] },
      // Names whose only secret word is pat, pw or pswd (the rule's keywords once missed them).
      { text: `AZURE_DEVOPS_EXT_PAT=${p[0]}`, secrets: [p[0]!] },
      { text: `PW=${p[1]}`, secrets: [p[1]!] },
      { text: `  pswd: ${p[2]}`, secrets: [p[2]!] },
      // Names carrying a namespace: Hiera `a::b::key`, a Pulumi stack's `project:key`, a Ruby symbol key.
      { text: `profile::db::root_password: '${p[3]}'`, secrets: [p[3]!] },
      { text: `  app:datadogApiKey: ${hex.slice(0, 32)}`, secrets: [hex.slice(0, 32)] },
      { text: `:rubygems_api_key: ${p[4]}`, secrets: [p[4]!] },
      // Keys inside code that holds a call or a tuple under a secret-ish name (read, not skipped with it).
      { text: `auth = dict(token="${hex.slice(0, 28)}")`, secrets: [hex.slice(0, 28)] },
      { text: `my %auth = (token => q{${hex128.slice(0, 28)}}, email => 'ops@example.com');`, secrets: [hex128.slice(0, 28)] },
      // A recovery phrase under a secret-named key, or under `seed` (bip39.ts).
      ...phraseSamples(),
      // Values going on past their line (follow.ts): every piece masked, the key lines kept.
      ...followSamples().truePositives,
      // A literal inside a string constructor or behind a prefix (wrappedLiteral).
      ...wrappedSamples().truePositives,
    ];
    return {
      truePositives: tp,
      falsePositives: [
        'API_KEY_HEADER=X-Api-Key',
        'const check = (secret: Uint8Array, n: number) => secret.length > n;',
        'const scanForSecrets = !options.allowPackageAllSecrets;',
        'var AuthToken = /*#__PURE__*/Object.freeze({',
        '  JWT_BEARER: "urn:ietf:params:oauth:grant-type:jwt-bearer",',
        'var _keyStr = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";',
        "var signature = 'NTLMSSP\\0';",
        'PASSWORD_MIN_LENGTH=12',
        'FEATURE_SECRET_SANTA=true',
        'secretName = "prod/payments/stripe-key"',
        'password_file = "/run/secrets/db_password"',
        'DB_PASSWORD_FILE=/run/secrets/db',
        'key_id = "k-2024-05"',
        'token = ""',
        "password = ''",
        'SECRET_KEY = b""',
        '  password: ""',
        '  password: <%= ENV["STAGING_DB_PASSWORD"] %>',
        'OPENAI_API_KEY = os.environ["OPENAI_API_KEY"]',
        'const token = process.env.GITHUB_TOKEN;',
        'API_KEY=${API_KEY}',
        'DB_PASSWORD=${DB_PASSWORD:-changeme}',
        'token: ${{ secrets.GITHUB_TOKEN }}',
        'password: changeme',
        'API_KEY=<your-api-key>',
        'API_KEY=your_api_key_here',
        'SECRET=xxxxxxxxxxxxxxxx',
        'PASSWORD=********',
        'GITHUB_TOKEN=YOUR_TOKEN_HERE',
        'AUTH_PASSWORD_VALIDATORS = []',
        'PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]',
        'const token = await fetchToken(user);',
        'for (const [key, value] of Object.entries(map)) {',
        'if (token.kind === SyntaxKind.Identifier) return;',
        'const key = cacheKey(request);',
        '  key: string;',
        '    token: string;',
        '    "@types/jsonwebtoken": "^9.0.1",',
        '    MSI_SECRET: "MSI_SECRET",',
        '            extendedExpiryToken: false, // Make this configurable?',
        'export const PlatformAuthDOMGetToken = "platformAuthDOMGetToken";',
        '        updateTokenKeys: boolean = true',
        '        idToken: cacheRecord.idToken?.secret || "",',
        '        submitNewPassword: RESET_PASSWORD_V2_SUBMIT,',
        '     *   clientSecret: "client-secret",',
        '          $token = Get-AzAccessToken @params',
        '            xmlCharKey: options.xml.xmlCharKey ?? interfaces_js_1.XML_CHARKEY,',
        '    token: string | undefined;',
        '  readonly password?: Secret<string>;',
        '"key": "welcome_message_title",',
        'integrity: sha512-Q2xBcGFja2FnZS1pbnRlZ3JpdHktaGFzaC1nb2VzLWhlcmU=',
        '# The password must be rotated every 90 days: ask the on-call engineer.',
        'Your token expired; please sign in again to get a new token.',
        'user_id = "a05b742c-0f23-4c71-94c5-9a5a202c706f"',
        'password = getpass.getpass("Password: ")',
        'if (password == "") return;',
        'TOKEN_TTL=3600',
        'private_key_id: "' + rand(HEX, 40) + '"',
        'public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI' + rand(B64, 40) + ' ci"',
        ...followSamples().falsePositives,
        ...wrappedSamples().falsePositives,
        '  secretArn: arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf',
        'arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf',
        'SEED=42',
        'auth = dict(user="bob", mode="basic", retries=3)',
        // An ARN's `:secret:` segment is a path, not a key (no blank after it).
        'secret_arn: arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-password-AbCdEf',
        'resource "x" { arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:api-token-Q1w2E3" }',
        `  seed: ${rand(B64, 40, 0x5eed5)}`,
        'mnemonic: the recovery phrase is printed on the card',
      ],
    };
  },
};

// The userinfo runs to the LAST `@` before the host, also when the host is a template (`@{host}`, `@${HOST}`,
// `@%s`): a password holding `@` is masked whole.
const URL_CRED = /\b[a-zA-Z][\w+.-]{1,30}:\/\/([^\s:@/?#"'<>]*)(?::([^\s/?#"'<>]*))?@(?=[\w[{$%])/dg;
// People do not percent-encode the passwords they paste into a URL: `postgres://app:pa#ss@db`,
// `…:pa/ss@…`, `…:it's@…`, `…:pa ss@…`. The password runs from the user's `:` to the `@` before the
// host, whatever stands between (but another `@`, a double quote or angle brackets). Two shapes are
// not passwords: a port and path (`http://host:8080/x?to=bob@x.com`) and code building the URL
// (`'mysql://root:' + pw + '@db'`).
const URL_PW = /\b[a-zA-Z][\w+.-]{1,30}:\/\/([^\s:@/?#"'<>]*):([^@"<>\r\n]*?)@(?=[\w[])/dg;
const NOT_URL_PW = /^\d{1,5}(?:[/?#\s]|$)|:\/\/|['`]\s*[+.,)]|[+.]\s*['`]|^\s|\s$/;

export const urlCredentials: LineRule = {
  id: 'url-credentials',
  description: 'Password (or token) in the userinfo of a URL: database URLs, git remotes, .git-credentials',
  keywords: ['://'],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    let m: RegExpExecArray | null;
    URL_PW.lastIndex = 0;
    while ((m = URL_PW.exec(line)) !== null) {
      const pw = m[2]!;
      // The plain shape is URL_CRED's (below); only the characters it stops at are this loop's.
      if (!/[/?#'\s]/.test(pw) || NOT_URL_PW.test(pw) || isReference(pw) || isPlaceholder(pw) || /%[sd]|\{\w*\}/.test(pw)) continue;
      const [s, e] = m.indices![2]!;
      out.push({ start: s, end: e, rule: 'url-credentials', priority: CONTEXT_PRIORITY });
    }
    URL_CRED.lastIndex = 0;
    while ((m = URL_CRED.exec(line)) !== null) {
      const user = m[1]!;
      const pw = m[2];
      if (pw !== undefined && pw.length > 0) {
        if (isReference(pw) || isPlaceholder(pw) || pw === user || /^%[sd]$|^\$/.test(pw)) continue;
        const [s, e] = m.indices![2]!;
        out.push({ start: s, end: e, rule: 'url-credentials', priority: CONTEXT_PRIORITY });
      } else if (user.length >= 20 && /\d/.test(user) && randomPartOk(user) && !isReference(user)) {
        const [s, e] = m.indices![1]!;
        out.push({ start: s, end: e, rule: 'url-credentials', priority: CONTEXT_PRIORITY });
      }
    }
  },
  samples: () => {
    // Drawn again while a draw reads as a placeholder (`...`, `XxXx`): the rule rightly keeps those, and a
    // sample that depends on the draw would fail one run in a few thousand.
    const draw = (): string => {
      for (;;) {
        const v = rand(ALNUM + '-_.~', 20);
        if (!isPlaceholder(v)) return v;
      }
    };
    const pw = Array.from({ length: 8 }, draw);
    return {
      truePositives: [
        { text: `DATABASE_URL=postgres://app:${pw[0]}@db.example.com:5432/app`, secrets: [pw[0]!] },
        { text: `DATABASE_URL=mysql://root:${pw[1]}@prod-db.example.com:3306/shop\r`, secrets: [pw[1]!] },
        { text: `MONGO_URI="mongodb+srv://svc:${pw[2]}@cluster0.abcde.mongodb.net/db?retryWrites=true"`, secrets: [pw[2]!] },
        { text: `REDIS_URL=redis://:${pw[3]}@cache:6379/0`, secrets: [pw[3]!] },
        { text: `git clone https://deploy:${pw[4]}@git.example.com/acme/app.git`, secrets: [pw[4]!] },
        { text: `https://octocat:${pw[5]}@github.com`, secrets: [pw[5]!] },
        { text: `psql "postgresql://report:${pw[6]}@db.example.com/analytics"`, secrets: [pw[6]!] },
        { text: `url = "https://${rand(ALNUM, 40)}@sentry.example.com/1"`, secrets: [] },
      ],
      falsePositives: [
        'DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app',
        'AMQP_URL=amqp://guest:guest@localhost:5672',
        'url: postgres://user:password@localhost/db',
        'REDIS_URL=redis://cache:6379/0',
        'See https://docs.example.com/setup@v2 and mailto:someone@example.com',
        'git clone git@github.com:acme/app.git',
        'DSN="mysql://app:<password>@db/app"',
      ],
    };
  },
};

export const authHeader: LineRule = regexRule({
  id: 'auth-header',
  description: 'Authorization header credentials (Bearer, Basic, token, Okta SSWS)',
  keywords: ['authorization'],
  priority: CONTEXT_PRIORITY,
  pattern: /\b(?:proxy-)?authorization\b["']?\s*(?:[:=]|=>)\s*["']?(?:bearer|basic|token|bot|apikey|sso-key|ssws)\s+([A-Za-z0-9._~+/=:-]{8,})/dgi,
  check: (s) => valueLooksSecret(s, 'strong', true),
  samples: () => {
    const t = rand(ALNUM, 40);
    const basic = b64('admin:' + rand(ALNUM, 16));
    return {
      truePositives: [
        { text: `curl -H "Authorization: Bearer ${t}" https://api.example.com`, secrets: [t] },
        { text: `  Authorization: Basic ${basic}`, secrets: [basic.slice(8)] },
        { text: `Authorization: SSWS 00${t}`, secrets: [t] },
      ],
      falsePositives: ['curl -H "Authorization: Bearer $TOKEN" https://api.example.com', 'headers.Authorization = `Bearer ${token}`;'],
    };
  },
});

export const cliPassword: LineRule = regexRule({
  id: 'cli-password',
  description:
    'Password on a command line: mysql -p<pw>, sshpass -p, docker login -p <pw>, az login -p <pw>, mongosh -p <pw>, redis-cli -a <pw>, --password <pw>, --requirepass <pw>, aws configure set aws_secret_access_key <key>',
  keywords: [
    'mysql',
    'mariadb',
    'sshpass',
    'docker',
    'podman',
    'az login',
    'mongo',
    'redis-cli',
    '--pass',
    '--token',
    '--secret',
    '--api-key',
    '--client-secret',
    '--auth-token',
    '--access-token',
    '--requirepass',
    '--registration-token',
    'aws_secret_access_key ',
  ],
  priority: CONTEXT_PRIORITY,
  pattern:
    /(?:(?:^|[\s;&|(])(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mariadb|mariadb-dump)\b.*?\s-p(?=\S)|(?:\bsshpass\s+-p\s*|(?:^|[\s;&|(])(?:(?:docker|podman|nerdctl|az)\s+login|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport)\b.*?\s-p\s+|(?:^|[\s;&|(])redis-cli\s(?:.*?\s)?-a\s+|\baws\s+configure\s+set\s+(?:[\w-]+\.)?aws_secret_access_key\s+|(?:^|\s)--(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|auth-token|access-token|requirepass|registration-token)\s+|(["'])--(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|auth-token|access-token|requirepass|registration-token)\1\s*,\s*)(?!['"]?-))(['"]?)([^\s'"]+)\2/dg,
  group: 3,
  // `docker build --secret id=npm,src=…` names a secret to mount, it holds none. A flag's value is data
  // (`--requirepass Cobalt4269.tJs` is the password, not code's member access).
  check: (s, m) =>
    !isReference(s) &&
    !isPlaceholder(s) &&
    s.length >= 4 &&
    !/^id=[^,]*,/.test(s) &&
    valueLooksSecret(s, 'strong', m[2] !== '' || m[1] !== undefined, false, true),
  samples: () => {
    const p = Array.from({ length: 11 }, () => rand(ALNUM + '~+^_', 20));
    const b64k = rand(B64, 40);
    return {
      truePositives: [
        { text: `mysql -u root -p${p[0]} app`, secrets: [p[0]!] },
        { text: `sshpass -p '${p[1]}' ssh deploy@host`, secrets: [p[1]!] },
        { text: `vault login --token ${p[2]}`, secrets: [p[2]!] },
        { text: `mysqldump -h db -u app -p"${p[3]}" shop > dump.sql`, secrets: [p[3]!] },
        { text: `docker login -u deploy -p ${p[4]} registry.example.com`, secrets: [p[4]!] },
        { text: `mongosh "mongodb://db:27017/app" -u admin -p '${p[5]}'`, secrets: [p[5]!] },
        { text: `mysql -h db -u app -p-${p[6]} -e "select 1"`, secrets: [`-${p[6]!}`] },
        { text: `redis-cli -h cache -a ${p[7]} ping`, secrets: [p[7]!] },
        { text: `aws configure set aws_secret_access_key ${b64k}`, secrets: [b64k] },
        { text: `    command: redis-server --requirepass ${p[8]}`, secrets: [p[8]!] },
        { text: `    command: ["redis-server", "--requirepass", "${p[10]}"]`, secrets: [p[10]!] },
        { text: `az login --service-principal -u http://ci-app -p ${p[9]} --tenant contoso.example`, secrets: [p[9]!] },
        {
          // No GR1348941 prefix: with one, a draw of plain characters is the gitlab-runner-token rule's (the sample
          // then failed or passed by the order the samples were drawn in).
          text: `gitlab-runner register --url https://gitlab.example.com --registration-token ${p[8]!.slice(0, 20)}`,
          secrets: [p[8]!.slice(0, 20)],
        },
      ],
      falsePositives: [
        'mysql -u root -p app',
        'mkdir -p build/out',
        'mysql -u root -p$MYSQL_PWD app',
        'login --client-id clientID --client-secret clientSecret',
        'docker login -u deploy -p "$REGISTRY_TOKEN" registry.example.com',
        'docker run -p 8080:80 nginx',
        'docker login -u deploy --password-stdin',
        'docker build --secret id=npm,src=$HOME/.npmrc .',
        'mongosh -u admin -p',
        'redis-cli ping',
        'redis-cli -h cache -a "$REDIS_PASSWORD" ping',
        'ls -a /etc',
        "parser.add_argument('-a', '--all')",
        'aws configure set region eu-west-1',
        'aws configure set aws_secret_access_key $AWS_SECRET_ACCESS_KEY',
        '    command: redis-server --requirepass "$REDIS_PASSWORD"',
        '    command: ["redis-server", "--requirepass", "${REDIS_PASSWORD}"]',
        "    args: ['--token', '--verbose']",
        'az login --service-principal -u "$APP_ID" -p "$AZURE_SECRET" --tenant "$TENANT"',
      ],
    };
  },
});

/**
 * Flags that name their value a password only for one program family, so they are read with the program
 * (elsewhere the same letter is a port, a regex dialect or a format): keytool's store and key passwords,
 * OpenLDAP's bind password, sqlcmd/bcp's and zip's `-P`, Samba's `-U user%password`, `gh secret set --body`.
 * Threat: a password typed on a command line (shell history, a CI script, a README) read back verbatim.
 */
export const cliProgramPassword: LineRule = regexRule({
  id: 'cli-program-password',
  description: 'Password flag of one program: keytool -storepass/-keypass, ldapsearch -w, sqlcmd/zip -P, smbclient -U user%pw, gh secret set --body',
  keywords: ['storepass', 'keypass', 'ldap', 'sqlcmd', 'bcp', 'zip', ' -u', 'gh '],
  priority: CONTEXT_PRIORITY,
  pattern:
    /(?:\s-(?:src|dest)?(?:store|key)pass\s+|\bldap[a-z]*\s(?:.*?\s)?-w\s+|\b(?:sqlcmd|bcp|zip|unzip|zipcloak)\s(?:.*?\s)?-P\s+|\s-U\s*['"]?[^\s%'"]+%|\bgh\s+secret\s+set\s.*?\s(?:--body[\s=]\s*|-b\s+))(?!-)(['"]?)([^\s'"]+)\1/dg,
  group: 2,
  check: (s) => !isReference(s) && !isPlaceholder(s) && s.length >= 4 && valueLooksSecret(s, 'strong', true),
  samples: () => {
    const p = Array.from({ length: 7 }, () => rand(ALNUM, 1) + rand(ALNUM + '._-', 21));
    return {
      truePositives: [
        { text: `keytool -importcert -keystore trust.jks -storepass ${p[0]} -file ca.crt`, secrets: [p[0]!] },
        { text: `keytool -genkeypair -alias app -keypass '${p[1]}' -keystore app.p12`, secrets: [p[1]!] },
        { text: `ldapsearch -x -D "cn=admin,dc=example,dc=com" -w ${p[2]} -b dc=example,dc=com`, secrets: [p[2]!] },
        { text: `sqlcmd -S tcp:sql01 -U sa -P '${p[3]}' -Q "SELECT 1"`, secrets: [p[3]!] },
        { text: `zip -P ${p[4]} backup.zip dump.sql`, secrets: [p[4]!] },
        { text: `smbclient //fs01/share -U backup%${p[5]}`, secrets: [p[5]!] },
        { text: `gh secret set STRIPE_KEY --body "${p[6]}"`, secrets: [p[6]!] },
      ],
      falsePositives: [
        'keytool -list -keystore trust.jks -storepass:env STOREPASS',
        'keytool -list -keystore trust.jks -storepass "$STOREPASS"',
        'ldapsearch -x -W -D "cn=admin,dc=example,dc=com"',
        'scp -P 2222 build.tar.gz deploy@host:/srv',
        "grep -P '\\d{4}-\\d{2}' access.log",
        'sqlcmd -S tcp:sql01 -U sa -P "$SA_PASSWORD" -Q "SELECT 1"',
        'smbclient //fs01/share -U backup%"$SMB_PASSWORD"',
        'gh secret set STRIPE_KEY --body "$STRIPE_KEY"',
        'gh pr create --title Fix --body "Fixes the flaky test"',
        'printf "%s %d" name 3',
      ],
    };
  },
});

/** htpasswd's batch mode (`-b`, with `-c` `-n` `-B`…): the password is the command's last argument. */
export const htpasswdBatch: LineRule = regexRule({
  id: 'htpasswd-batch',
  description: 'htpasswd -b [file] user password: the last argument',
  keywords: ['htpasswd'],
  priority: CONTEXT_PRIORITY,
  pattern: /\bhtpasswd\s+-[bcnmBdsip]*b[A-Za-z]*\s+(?:\S+\s+)*?(['"]?)([^\s'"|;&>]+)\1(?=[ \t]*(?:$|\r|[|;&>)]))/dg,
  group: 2,
  check: (s) => !isReference(s) && !isPlaceholder(s) && s.length >= 4 && valueLooksSecret(s, 'strong', true),
  samples: () => {
    const p = [rand(ALNUM, 1) + rand(ALNUM + '._-', 17), rand(ALNUM, 1) + rand(ALNUM + '._-', 17)];
    return {
      truePositives: [
        { text: `htpasswd -b -c /etc/nginx/.htpasswd admin ${p[0]}`, secrets: [p[0]!] },
        { text: `htpasswd -nbB admin '${p[1]}' > users`, secrets: [p[1]!] },
      ],
      falsePositives: ['htpasswd -c /etc/nginx/.htpasswd admin', 'htpasswd -b /etc/nginx/.htpasswd admin "$ADMIN_PASSWORD"'],
    };
  },
});

/**
 * A password kept as an array of characters (Java's `char[] PASSWORD = {'s', 'e', …}`, C's `char pw[] = {…}`):
 * the advice to avoid String for passwords puts the literal in one character a quote, which no value reader
 * joins. The characters are joined and judged as the one value the name governs; the whole list is masked.
 */
export const charArrayPassword: LineRule = regexRule({
  id: 'char-array-secret',
  description: "A secret-named char array written as character literals: char[] PASSWORD = {'s', '3', …}",
  keywords: ['char'],
  priority: CONTEXT_PRIORITY,
  pattern:
    /\bchar\b[ \t]*(?:\[[ \t]*\][ \t]*)?([A-Za-z_]\w*)[ \t]*(?:\[[ \t]*\d*[ \t]*\][ \t]*)?=[ \t]*(?:new[ \t]+char[ \t]*\[[ \t]*\][ \t]*)?\{[ \t]*((?:'(?:[^'\\]|\\.)'[ \t]*,[ \t]*)+'(?:[^'\\]|\\.)')[ \t]*,?[ \t]*\}/dg,
  group: 2,
  check: (s, m) => {
    const strength = classifyName(m[1]!);
    if (strength === null) return false;
    const joined = s.replace(/'((?:[^'\\]|\\.))'[ \t]*,?[ \t]*/g, '$1');
    return joined.length >= 6 && !isPlaceholder(joined) && valueLooksSecret(joined, strength, true);
  },
  samples: () => {
    const p = rand(ALNUM, 14);
    const list = [...p].map((c) => `'${c}'`).join(', ');
    return {
      truePositives: [
        { text: `    private static final char[] KEYSTORE_PASSWORD = {${list}};`, secrets: [`${list}`] },
        { text: `    char[] dbPassword = new char[] { ${list} };`, secrets: [`${list}`] },
      ],
      falsePositives: [
        "    private static final char[] HEX_DIGITS = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};",
        "    char[] password = {'c', 'h', 'a', 'n', 'g', 'e', 'm', 'e'};",
        "    char[] separators = {',', ';', ':'};",
      ],
    };
  },
});

export const curlUser: LineRule = regexRule({
  id: 'curl-user',
  description: 'user:password passed with curl -u / --user',
  keywords: [' -u', '--user', '--proxy-user'],
  priority: CONTEXT_PRIORITY,
  pattern: /(?:^|\s)(?:-u|--user|--proxy-user)(?:\s+|=)?(['"]?)([^\s:'"]+):([^\s'"]+)\1/dg,
  group: 3,
  check: (s) => valueLooksSecret(s, 'strong', true),
  samples: () => {
    const p = rand(ALNUM, 20);
    return {
      truePositives: [{ text: `curl -u admin:${p} https://ci.example.com/api/json`, secrets: [p] }],
      falsePositives: ['docker run -u 1000:1000 node', 'curl -u "$USER:$PASS" https://x', 'git push -u origin main'],
    };
  },
});

const ENV_SPACE = /^[ \t]*ENV[ \t]+([A-Za-z_][\w.-]*)[ \t]+(?![^\s=]*=)(["']?)(.+?)\2[ \t]*\r?$/d;
export const dockerfileEnv: LineRule = {
  id: 'dockerfile-env',
  description: 'Dockerfile `ENV NAME value` (space form) with a secret-named NAME',
  keywords: ['env '],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    const m = ENV_SPACE.exec(line);
    if (m === null) return;
    const strength = classifyName(m[1]!);
    if (strength !== null && valueLooksSecret(m[3]!, strength, m[2] !== '')) {
      const [s, e] = m.indices![3]!;
      out.push({ start: s, end: e, rule: 'dockerfile-env', priority: CONTEXT_PRIORITY });
    }
  },
  samples: () => {
    const p = rand(ALNUM, 32);
    return { truePositives: [{ text: `ENV API_TOKEN ${p}`, secrets: [p] }], falsePositives: ['ENV NODE_ENV production', 'ENV API_TOKEN ${API_TOKEN}'] };
  },
};

const XML = /<([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?>([^<>\r\n]+)<\/\1>/dg;
export const xmlSecret: LineRule = {
  id: 'xml-secret',
  description: 'XML element with a secret-named tag: <password>…</password>',
  keywords: ['pass', 'pwd', 'secret', 'token', 'key'],
  priority: GENERIC_PRIORITY,
  scan(line: string, out: Hit[]): void {
    // A match ends in `</name>`: most lines the keywords select (`key`, `token` in code) hold no `</`.
    if (!line.includes('</')) return;
    XML.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = XML.exec(line)) !== null) {
      const strength = classifyName(m[1]!);
      if (strength !== null && valueLooksSecret(m[2]!, strength, true)) {
        const [s, e] = m.indices![2]!;
        out.push({ start: s, end: e, rule: 'xml-secret', priority: GENERIC_PRIORITY });
      }
    }
  },
  samples: () => {
    const p = rand(ALNUM, 24);
    return {
      truePositives: [{ text: `    <password>${p}</password>`, secrets: [p] }],
      falsePositives: ['    <password>${env.DB_PASSWORD}</password>', '<key>welcome</key>'],
    };
  },
};

export const GENERIC_RULES: LineRule[] = [
  genericAssignment,
  urlCredentials,
  authHeader,
  cliPassword,
  cliProgramPassword,
  htpasswdBatch,
  charArrayPassword,
  curlUser,
  dockerfileEnv,
  xmlSecret,
];
