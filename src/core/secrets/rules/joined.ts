// Secrets built by code from string literals: split and joined (`"".join(["sk-…", "…"])`, `paste0("…", "…")`,
// `join("", [...])`, `concat!("…", "…")`, `new StringBuilder().append("…").append("…")`, `["…", "…"].join("")`,
// `fmt.Sprintf("%s%s", "…", "…")`, `` `${"…"}${"…"}` ``, `f"{'…'}{'…'}"`, `$"…Password={"…"};"`, char arrays
// `{'…', '…'}`), decoded (`atob("…")`, `base64.b64decode("…")`, `Buffer.from("…", "hex")`, `bytes.fromhex("…")`,
// `decodeURIComponent("…")`, `urllib.parse.unquote("…")`, `"…".split("").reverse().join("")`), or wrapped in a
// literal form the other rules do not read (Go's `[]byte("…")`, Swift's and Rust's `#"…"#`, Lua's `[[…]]`,
// Erlang's `<<"…">>`).
// Threat: each piece alone looks like nothing (too short for a vendor's format, not random enough for a
// key's value), or the literal is an encoding of the secret; the program, and the model reading it,
// assemble the secret in one step.
// How: the line's expressions that build a string from literals alone (literals, brackets, `+`, and
// identifiers of joining, formatting and decoding functions; any other name makes it code the rule does
// not evaluate) are replaced by one quoted literal holding the value they build, and the line rules run
// on that view. A hit on the built value masks the literal pieces it came from (each piece on its own,
// the code between them kept); a decoded value masks the whole encoded literal.
import { ALNUM, PASSWORD_CHARS, b64, j, rand } from '../samples';
import { classifyName } from '../names';
import { FollowKind, type Hit, type LineRule } from '../types';

const ID = 'joined-secret';

/** The rules the view is judged by (catalog.ts sets them: importing the catalog here would be a cycle). */
let viewScan: ((view: string, out: Hit[]) => void) | undefined;
let depth = 0;
export function setJoinedScan(scan: (view: string, out: Hit[]) => void): void {
  viewScan = scan;
}

/** A token of the line: a string literal (its value's characters and where each came from), a name, or a sign. */
interface Tok {
  kind: 0 | 1 | 2; // 0 literal, 1 name, 2 punctuation
  s: number;
  e: number;
  text: string;
  /** Literal: its value, each character's source column (-1: none), and whether it holds a code interpolation. */
  value?: string;
  src?: number[];
  dynamic?: boolean;
  /** Literal: a form the other rules do not read (a template of literals, `#"…"#`, `[[…]]`, `<<"…">>`). */
  special?: boolean;
}

/** Names of what builds a string from its arguments, or leaves one as it is. */
const JOINERS = new Set(['join', 'Join', 'joinToString', 'mkString', 'concat', 'paste', 'paste0', 'append', 'Concat', 'implode', 'str_c', 'cat']);
const FORMATTERS = new Set(['format', 'Format', 'Sprintf', 'sprintf', 'printf', 'formatted']);
const BASE64_DECODERS = new Set([
  'atob',
  'b64decode',
  'urlsafe_b64decode',
  'standard_b64decode',
  'decodebytes',
  'decode64',
  'strict_decode64',
  'urlsafe_decode64',
  'FromBase64String',
  'base64_decode',
  'base64decode',
  'getDecoder',
  'getUrlDecoder',
  'getMimeDecoder',
]);
const HEX_DECODERS = new Set(['fromhex', 'unhexlify', 'a2b_hex', 'hex2bin', 'FromHexString', 'parseHexBinary']);
const URL_DECODERS = new Set([
  'decodeURIComponent',
  'decodeURI',
  'unquote',
  'unquote_plus',
  'unescape',
  'QueryUnescape',
  'PathUnescape',
  'urldecode',
  'rawurldecode',
  'URLDecoder',
]);
const REVERSERS = new Set(['reverse', 'reversed', 'rev', 'strrev']);
/** Names that only wrap, convert or carry the value (a method chain's links, a list's constructor, a type). */
const CARRIERS = new Set([
  'new',
  'String',
  'string',
  'strings',
  'str',
  'fmt',
  'StringBuilder',
  'StringBuffer',
  'toString',
  'ToString',
  'build',
  'listOf',
  'arrayOf',
  'mutableListOf',
  'List',
  'Arrays',
  'asList',
  'of',
  'Seq',
  'Array',
  'vec',
  'byte',
  'bytes',
  'char',
  'Buffer',
  'from',
  'decode',
  'Decode',
  'DecodeString',
  'hex',
  'base64',
  'Base64',
  'binascii',
  'codecs',
  'urllib',
  'parse',
  'url',
  'net',
  'StdEncoding',
  'URLEncoding',
  'RawStdEncoding',
  'RawURLEncoding',
  'Convert',
  'Encoding',
  'UTF8',
  'GetString',
  'getBytes',
  'encode',
  'split',
  'chars',
  'collect',
  'utf8',
  'to_string',
  'to_owned',
  'into',
  'as_bytes',
  'Vec',
  'trim',
  'strip',
  'Hex',
  'DatatypeConverter',
  'Uri',
  'UnescapeDataString',
  'HttpUtility',
  'UrlDecode',
  'CGI',
  'URI',
  'decode_www_form_component',
  'JSON',
  'Text',
  'Strings',
  'TextDecoder',
  'toByteArray',
  'charArrayOf',
  'toCharArray',
  'joinToString',
]);
for (const set of [JOINERS, FORMATTERS, BASE64_DECODERS, HEX_DECODERS, URL_DECODERS, REVERSERS]) for (const n of set) CARRIERS.add(n);
URL_DECODERS.add('UnescapeDataString');
URL_DECODERS.add('UrlDecode');
URL_DECODERS.add('decode_www_form_component');

/** A literal naming an encoding (`Buffer.from("…", "hex")`): an argument, not a piece of the value. */
const ENCODINGS = new Set(['base64', 'base64url', 'hex', 'utf8', 'utf-8', 'ascii', 'latin1', 'binary', 'UTF-8', 'UTF8']);

function isIdStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}
function isIdChar(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}
function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122);
}

/** String prefixes read as part of the literal; `f` `s` `$` interpolate (Python, Scala, C#). */
const PREFIXES = new Set(['b', 'B', 'u', 'U', 'r', 'R', 'f', 'F', 's', 'S', 'L', 'u8', 'raw', 'rb', 'br', 'Rb', 'bR', 'fr', 'rf', 'Fr', 'rF', 'f8']);

/**
 * A quoted literal at `q` (its quote), with `interp` the interpolation it reads: 0 none, 1 `${…}` (a JS
 * template, Scala's `s"…"`, HCL, Kotlin), 2 `{…}` (Python's f-strings, C#'s `$"…"`). Pushes the token
 * from `start` (its prefix) and returns where it ends, or -1 when it is not closed on the line.
 */
function readQuoted(line: string, start: number, q: number, interp: number, hashes: number, out: Tok[]): number {
  const quote = line.charCodeAt(q);
  let value = '';
  const src: number[] = [];
  let dynamic = false;
  let special = hashes > 0;
  const raw = hashes > 0;
  for (let i = q + 1; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === quote) {
      let h = 0;
      while (h < hashes && line.charCodeAt(i + 1 + h) === 35) h++;
      if (h === hashes) {
        const e = i + 1 + hashes;
        out.push({ kind: 0, s: start, e, text: line.slice(start, e), value, src, dynamic, special });
        return e;
      }
    }
    if (c === 92 && !raw) {
      // An escape: kept as written (the rules read escapes as they are written elsewhere too).
      value += line.slice(i, i + 2);
      src.push(i, i + 1);
      i++;
      continue;
    }
    const open = interp === 1 ? c === 36 && line.charCodeAt(i + 1) === 123 : interp === 2 ? c === 123 && line.charCodeAt(i + 1) !== 123 : false;
    if (open) {
      // An interpolation: a literal alone inside it (`${"…"}`, `{'…'}`) is part of the value; anything else is code.
      let p = i + (interp === 1 ? 2 : 1);
      while (line.charCodeAt(p) === 32) p++;
      const iq = line.charCodeAt(p);
      if (iq === 34 || iq === 39) {
        const close = line.indexOf(String.fromCharCode(iq), p + 1);
        let after = close + 1;
        while (line.charCodeAt(after) === 32) after++;
        if (close > p && line.charCodeAt(after) === 125 && !line.slice(p + 1, close).includes('\\')) {
          for (let k = p + 1; k < close; k++) {
            value += line[k]!;
            src.push(k);
          }
          special = true;
          i = after;
          continue;
        }
      }
      dynamic = true;
      const close = line.indexOf('}', i);
      if (close < 0) return -1;
      i = close;
      continue;
    }
    value += line[i]!;
    src.push(i);
  }
  return -1;
}

/** The line's tokens; null when a literal is left open (a string going on below: not this rule's). */
function tokenize(line: string): Tok[] | null {
  const out: Tok[] = [];
  for (let i = 0; i < line.length;) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13) {
      i++;
      continue;
    }
    if (isIdStart(c) && c !== 36) {
      let e = i + 1;
      while (e < line.length && isIdChar(line.charCodeAt(e))) e++;
      const name = line.slice(i, e);
      const n = line.charCodeAt(e);
      // A prefixed literal: `f"…"`, `b'…'`, `s"${…}"`, Rust's `r#"…"#`, `%w[…]` handled below.
      if ((n === 34 || n === 39 || n === 96 || (n === 35 && (name === 'r' || name === 'br'))) && PREFIXES.has(name)) {
        let h = 0;
        while (line.charCodeAt(e + h) === 35) h++;
        const q = e + h;
        const qc = line.charCodeAt(q);
        if (qc === 34 || qc === 39) {
          const lower = name.toLowerCase();
          const interp = lower.includes('f') ? 2 : lower === 's' ? 1 : 0;
          const end = readQuoted(line, i, q, interp, h, out);
          if (end < 0) return null;
          i = end;
          continue;
        }
      }
      out.push({ kind: 1, s: i, e, text: name });
      i = e;
      continue;
    }
    if (c === 34 || c === 39 || c === 96) {
      // `$"…"` / `$@"…"` (C#): `{…}` interpolates; a backtick or a plain `"` reads `${…}`.
      const prev = out[out.length - 1];
      const csharp = prev !== undefined && prev.kind === 2 && (prev.text === '$' || prev.text === '$@' || prev.text === '@$') && prev.e === i;
      if (csharp) out.pop();
      const end = readQuoted(line, csharp ? prev.s : i, i, csharp ? 2 : c === 39 ? 0 : 1, 0, out);
      if (end < 0) return null;
      i = end;
      continue;
    }
    if (c === 35 && line.charCodeAt(i + 1) === 34) {
      // Swift's raw string `#"…"#` (Rust's `r#"…"#` is read with its prefix).
      let h = 0;
      while (line.charCodeAt(i + h) === 35) h++;
      const end = readQuoted(line, i, i + h, 0, h, out);
      if (end < 0) return null;
      i = end;
      continue;
    }
    if (c === 91 && (line.charCodeAt(i + 1) === 91 || line.charCodeAt(i + 1) === 61)) {
      // Lua's long string `[[…]]`, `[==[…]==]`.
      let k = i + 1;
      while (line.charCodeAt(k) === 61) k++;
      if (line.charCodeAt(k) === 91) {
        const eq = k - i - 1;
        const close = ']' + '='.repeat(eq) + ']';
        const end = line.indexOf(close, k + 1);
        if (end < 0) return null;
        const src: number[] = [];
        for (let p = k + 1; p < end; p++) src.push(p);
        out.push({ kind: 0, s: i, e: end + close.length, text: line.slice(i, end + close.length), value: line.slice(k + 1, end), src, special: true });
        i = end + close.length;
        continue;
      }
    }
    if (c === 60 && line.charCodeAt(i + 1) === 60 && line.charCodeAt(i + 2) === 34) {
      // Erlang's binary `<<"…">>`.
      const close = line.indexOf('">>', i + 3);
      if (close > 0) {
        const src: number[] = [];
        for (let p = i + 3; p < close; p++) src.push(p);
        out.push({ kind: 0, s: i, e: close + 3, text: line.slice(i, close + 3), value: line.slice(i + 3, close), src, special: true });
        i = close + 3;
        continue;
      }
    }
    if (c === 37 && (line.charCodeAt(i + 1) | 32) === 119 && (line.charCodeAt(i + 2) === 91 || line.charCodeAt(i + 2) === 40)) {
      // Ruby's word array `%w[a b]`: each word a literal.
      const close = line.indexOf(line.charCodeAt(i + 2) === 91 ? ']' : ')', i + 3);
      if (close > 0) {
        out.push({ kind: 2, s: i, e: i + 3, text: '[' });
        for (const m of line.slice(i + 3, close).matchAll(/\S+/g)) {
          const a = i + 3 + m.index;
          out.push({ kind: 0, s: a, e: a + m[0].length, text: m[0], value: m[0], src: Array.from({ length: m[0].length }, (_, k) => a + k) });
        }
        out.push({ kind: 2, s: close, e: close + 1, text: ']' });
        i = close + 1;
        continue;
      }
    }
    if (c === 36 && (line.charCodeAt(i + 1) === 34 || (line.charCodeAt(i + 1) === 64 && line.charCodeAt(i + 2) === 34))) {
      const len = line.charCodeAt(i + 1) === 64 ? 2 : 1;
      out.push({ kind: 2, s: i, e: i + len, text: line.slice(i, i + len) });
      i += len;
      continue;
    }
    if (c === 64 && line.charCodeAt(i + 1) === 34) {
      // C#'s verbatim `@"…"`: no escapes.
      const end = readQuoted(line, i, i + 1, 0, 0, out);
      if (end < 0) return null;
      i = end;
      continue;
    }
    if (c === 58 && line.charCodeAt(i + 1) === 58) {
      out.push({ kind: 2, s: i, e: i + 2, text: '::' });
      i += 2;
      continue;
    }
    out.push({ kind: 2, s: i, e: i + 1, text: line[i]! });
    i++;
  }
  return out;
}

/** Signs an expression of literals may hold. */
const JOIN_SIGNS = new Set(['(', ')', '[', ']', '{', '}', '.', ',', '+', '!', '::', '&']);
const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** A source interval list per view character: [a, b) columns, or ALL (every piece of its run). */
interface Run {
  s: number;
  e: number;
  value: string;
  /** Per character of value: its source column, or -1 when it stands for every piece (a decoded value). */
  src: number[];
  pieces: [number, number][];
}

/** A literal's value as a piece: its characters' columns (a literal's own content span when it has no map). */
function decodeValue(value: string, how: 'base64' | 'hex' | 'url'): string | null {
  let bytes: Uint8Array;
  try {
    if (how === 'hex') {
      if (!/^(?:[0-9a-fA-F]{2})+$/.test(value)) return null;
      bytes = new Uint8Array(value.length / 2);
      for (let k = 0; k < bytes.length; k++) bytes[k] = parseInt(value.slice(2 * k, 2 * k + 2), 16);
    } else if (how === 'base64') {
      const v = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
      if (!/^[A-Za-z0-9+/]+$/.test(v) || v.length % 4 === 1) return null;
      const bin = atob(v + '='.repeat((4 - (v.length % 4)) % 4));
      bytes = new Uint8Array(bin.length);
      for (let k = 0; k < bin.length; k++) bytes[k] = bin.charCodeAt(k);
    } else {
      if (!value.includes('%')) return null;
      return decodeURIComponent(value.replace(/\+/g, ' '));
    }
  } catch {
    return null;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Text, not bytes: a key or a hash decodes to bytes the rules have nothing to say about.
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 32 || c === 127 || c === 0xfffd) return null;
  }
  return text;
}

/** Whether the literal `t` stands between `[`/`{`/`,` and `,`/`]`/`}`: an element of a list. */
function listElement(toks: Tok[], t: Tok): boolean {
  const k = toks.indexOf(t);
  const before = toks[k - 1];
  const after = toks[k + 1];
  if (before === undefined || after === undefined || before.kind !== 2 || after.kind !== 2) return false;
  return (before.text === '[' || before.text === '{' || before.text === ',') && (after.text === ',' || after.text === ']' || after.text === '}');
}

/** The run of tokens [a, b) as a value built from literals, or null when it builds none the rule reads. */
function evaluate(toks: Tok[], a: number, b: number): Run | null {
  let joiner = false;
  let formatter = false;
  let reverse = false;
  let plus = false;
  let list = false;
  let decode: 'base64' | 'hex' | 'url' | null = null;
  let hexName = false;
  let b64Name = false;
  let special = false;
  const lits: Tok[] = [];
  let adjacent = false;
  for (let k = a; k < b; k++) {
    const t = toks[k]!;
    if (t.kind === 0) {
      if (t.dynamic === true) return null;
      if (t.special === true) special = true;
      if (lits.length > 0 && toks[k - 1]!.kind === 0) adjacent = true;
      lits.push(t);
    } else if (t.kind === 1) {
      const n = t.text;
      if (JOINERS.has(n)) joiner = true;
      if (FORMATTERS.has(n)) formatter = true;
      if (REVERSERS.has(n)) reverse = true;
      if (BASE64_DECODERS.has(n)) decode = 'base64';
      else if (HEX_DECODERS.has(n)) decode = 'hex';
      else if (URL_DECODERS.has(n)) decode = 'url';
      if (n === 'hex' || n === 'Hex') hexName = true;
      if (n === 'base64' || n === 'Base64' || n.endsWith('Encoding')) b64Name = true;
      if (n === 'byte' || n === 'bytes' || n === 'char') special = true;
    } else if (t.text === '+') plus = true;
    else if (t.text === '[' || t.text === '{') list = true;
  }
  // Pieces: not the encoding's name, not a join's separator, not an empty literal.
  let pieces = lits.filter((t) => t.value!.length > 0);
  const enc = pieces.find((t) => ENCODINGS.has(t.value!));
  if (enc !== undefined && pieces.length > 1) {
    if (enc.value === 'hex') decode ??= 'hex';
    else if (enc.value!.startsWith('base64')) decode ??= 'base64';
    pieces = pieces.filter((t) => t !== enc);
  }
  if (decode === null && toks.slice(a, b).some((t) => t.text === 'DecodeString')) decode = hexName ? 'hex' : b64Name ? 'base64' : null;
  // A join's separator is short and holds no letter or digit (`"-".join(…)`, `join(", ", …)`); an element of a
  // list (`['g','h','p','_',…].join("")`: between `[`/`,` and `,`/`]`) is a piece whatever it holds.
  if (joiner) pieces = pieces.filter((t) => t.value!.length > 3 || [...t.value!].some((ch) => isAlnum(ch.charCodeAt(0))) || listElement(toks, t));
  if (pieces.length === 0) return null;
  const interesting = decode !== null || reverse || special || (pieces.length >= 2 && (joiner || formatter || plus || list || adjacent));
  if (!interesting) return null;
  let value = '';
  let src: number[] = [];
  let k0 = 0;
  if (formatter && /%[sv]|\{\}/.test(pieces[0]!.value!)) {
    // `format("%s%s", "a", "b")`: the pieces go where the format says.
    const fmt = pieces[0]!;
    let next = 1;
    const f = fmt.value!;
    for (let i = 0; i < f.length; i++) {
      const two = f.slice(i, i + 2);
      if ((two === '%s' || two === '%v' || two === '{}') && next < pieces.length) {
        const p = pieces[next++]!;
        value += p.value;
        src.push(...p.src!);
        i++;
        continue;
      }
      value += f[i];
      src.push(fmt.src![i]!);
    }
    k0 = next;
  }
  for (let k = k0 === 0 ? 0 : k0; k < pieces.length; k++) {
    value += pieces[k]!.value;
    src.push(...pieces[k]!.src!);
  }
  if (reverse) {
    value = [...value].reverse().join('');
    src = src.reverse();
  }
  if (decode !== null) {
    const d = decodeValue(value, decode);
    if (d === null) return null;
    value = d;
    src = new Array<number>(d.length).fill(-1);
  }
  if (value.length < 8 || value.includes('"') || value.includes('\n')) return null;
  return { s: toks[a]!.s, e: toks[b - 1]!.e, value, src, pieces: pieces.map((t) => contentOf(t)) };
}

/** The expressions of a line that build a string from literals: maximal runs of literals, carrier names and joining signs, balanced. */
function runsOf(toks: Tok[]): Run[] {
  const runs: Run[] = [];
  let k = 0;
  while (k < toks.length) {
    const t = toks[k]!;
    const joinable = (x: Tok) => x.kind === 0 || (x.kind === 1 && CARRIERS.has(x.text)) || (x.kind === 2 && JOIN_SIGNS.has(x.text));
    if (!joinable(t)) {
      k++;
      continue;
    }
    let e = k;
    while (e < toks.length && joinable(toks[e]!)) e++;
    // Balance: cut at a closer that closes nothing in the run; drop openers left open at the start.
    const stack: number[] = [];
    let end = e;
    for (let i = k; i < e; i++) {
      const x = toks[i]!.text;
      if (toks[i]!.kind !== 2) continue;
      if (OPENERS[x] !== undefined) stack.push(i);
      else if (x === ')' || x === ']' || x === '}') {
        const top = stack[stack.length - 1];
        if (top === undefined || OPENERS[toks[top]!.text] !== x) {
          end = i;
          break;
        }
        stack.pop();
      }
    }
    let start = k;
    // Openers still open: the run starts after the last of them (`f(x, ` … `"a", "b"`: an argument list, not a join).
    if (stack.length > 0) start = stack[stack.length - 1]! + 1;
    // Leading and trailing commas and dots are not the expression's.
    while (start < end && toks[start]!.kind === 2 && (toks[start]!.text === ',' || toks[start]!.text === '.' || toks[start]!.text === '+')) start++;
    while (end > start && toks[end - 1]!.kind === 2 && (toks[end - 1]!.text === ',' || toks[end - 1]!.text === '+' || toks[end - 1]!.text === '.')) end--;
    // A top-level comma splits arguments: only a joining call or a list joins them.
    if (end > start) {
      const r = evaluateSplit(toks, start, end);
      runs.push(...r);
    }
    k = Math.max(e, k + 1);
  }
  return runs;
}

/** evaluate over [a, b), split at its top-level commas (arguments of a call the run does not include). */
function evaluateSplit(toks: Tok[], a: number, b: number): Run[] {
  const out: Run[] = [];
  let depth = 0;
  let from = a;
  for (let i = a; i <= b; i++) {
    if (i < b) {
      const t = toks[i]!;
      if (t.kind === 2 && OPENERS[t.text] !== undefined) depth++;
      else if (t.kind === 2 && (t.text === ')' || t.text === ']' || t.text === '}')) depth--;
      if (!(t.kind === 2 && t.text === ',' && depth === 0)) continue;
    }
    if (i > from) {
      const r = evaluate(toks, from, i);
      if (r !== null) out.push(r);
    }
    from = i + 1;
  }
  return out;
}

/** Whether a line may hold what the rule reads (cheap: most candidate lines stop here). */
const HINT =
  /"""\s*$|'''\s*$|\br#*"\s*$|"[ \t]+"[^\s"]|["'`\]]\s*[,+.)}\]]|[({\[]\s*["'`]|\$["{@]|#"|\[=*\[|<<"|%w[[(]|\b(?:atob|b64decode|fromhex|unhexlify|decodeURI\w*|unquote\w*|unescape|Buffer\.from)\b/;

export const joinedSecret: LineRule = {
  id: ID,
  description:
    'A secret built by code from string literals: split and joined, formatted, decoded (base64, hex, percent), reversed, or in a literal form other rules do not read',
  keywords: [
    'join',
    '"""',
    "'''",
    'r#"',
    '= r"',
    'concat',
    'paste',
    'format',
    'printf',
    'append',
    '${',
    '{"',
    "{'",
    '$"',
    'atob',
    'b64decode',
    'decode',
    'fromhex',
    'unhexlify',
    'buffer.from',
    'decodeuri',
    'unquote',
    'unescape',
    'byte(',
    '#"',
    '[[',
    '[=',
    '<<"',
    'reverse',
    '%w[',
    '%w(',
    'listof',
    'arrayof',
    '", "',
    '","',
    "', '",
    "','",
    '" +',
    '"+',
    '" "',
  ],
  priority: 2,
  scan(line: string, out: Hit[]): void {
    if (viewScan === undefined || depth > 0 || line.length > 2048 || !HINT.test(line)) return;
    if (openLiteral(line, out)) return;
    const toks = tokenize(line);
    if (toks === null) return;
    const runs = runsOf(toks);
    if (runs.length === 0) return;
    // The view: each run as one quoted literal of the value it builds.
    let view = '';
    const map: number[] = []; // view column -> source column; -1 synthetic; -2 - r: every piece of run r
    let col = 0;
    runs.forEach((r, ri) => {
      view += line.slice(col, r.s);
      for (let i = col; i < r.s; i++) map.push(i);
      view += '"';
      map.push(-1);
      view += r.value;
      for (const s of r.src) map.push(s === -1 ? -2 - ri : s);
      view += '"';
      map.push(-1);
      col = r.e;
    });
    view += line.slice(col);
    for (let i = col; i < line.length; i++) map.push(i);
    const hits: Hit[] = [];
    depth++;
    try {
      viewScan(view, hits);
    } finally {
      depth--;
    }
    for (const h of hits) {
      if (h.end <= h.start) continue;
      // Only hits on a built value: the rest of the line is the line's own rules'.
      let onValue = false;
      for (let i = h.start; i < h.end && !onValue; i++) {
        const m = map[i]!;
        if (m <= -2) onValue = true;
        else if (m >= 0 && runs.some((r) => m >= r.s && m < r.e)) onValue = true;
      }
      if (!onValue) continue;
      const spans: [number, number][] = [];
      const whole = new Set<number>();
      for (let i = h.start; i < h.end; i++) {
        const m = map[i]!;
        if (m === -1) continue;
        if (m <= -2) {
          whole.add(-2 - m);
          continue;
        }
        const last = spans[spans.length - 1];
        if (last !== undefined && last[1] === m) last[1] = m + 1;
        else spans.push([m, m + 1]);
      }
      for (const ri of whole) for (const p of runs[ri]!.pieces) spans.push([p[0], p[1]]);
      for (const [s, e] of spans) if (e > s) out.push({ start: s, end: e, rule: ID, priority: h.priority + 0.25 });
    }
  },
  samples: () => {
    const r = (n: number, seed: number) => rand(ALNUM, n, seed);
    const pw = rand(PASSWORD_CHARS.replace(/[#'",;%\\]/g, ''), 20, 0x10a1);
    const gh = j('gh', 'p_') + r(36, 0x10a2);
    const [a, b] = [r(12, 0x10a3), r(12, 0x10a4)];
    const slack = j('xox', 'b-') + '1234567890-' + r(24, 0x10a5);
    const hex = [...new TextEncoder().encode(gh)].map((x) => x.toString(16).padStart(2, '0')).join('');
    const tp: { text: string; secrets: string[] }[] = [
      { text: `password = join("", ["${pw.slice(0, 9)}", "${pw.slice(9)}"])`, secrets: [pw.slice(0, 9), pw.slice(9)] },
      { text: `token = paste0("${gh.slice(0, 14)}", "${gh.slice(14)}")`, secrets: [gh.slice(14)] },
      { text: `KEY = "".join(["${gh.slice(0, 12)}", "${gh.slice(12, 26)}", "${gh.slice(26)}"])`, secrets: [gh.slice(12, 26), gh.slice(26)] },
      {
        text: `static final String KEY = new StringBuilder().append("${slack.slice(0, 20)}").append("${slack.slice(20)}").toString();`,
        secrets: [slack.slice(20)],
      },
      { text: `var token = strings.Join([]string{"${gh.slice(0, 20)}", "${gh.slice(20)}"}, "")`, secrets: [gh.slice(20)] },
      { text: `locals { password = format("%s%s", "${pw.slice(0, 10)}", "${pw.slice(10)}") }`, secrets: [pw.slice(0, 10), pw.slice(10)] },
      { text: 'const token = `${"' + gh.slice(0, 18) + '"}${"' + gh.slice(18) + '"}`;', secrets: [gh.slice(0, 18), gh.slice(18)] },
      { text: `SECRET = f"{'${a}'}{'${b}'}"`, secrets: [a, b] },
      { text: `var conn = $"Server=db;User ID=sa;Password={"${pw}"};";`, secrets: [pw] },
      { text: `TOKEN = base64.b64decode("${b64(gh)}")`, secrets: [b64(gh).slice(0, 20)] },
      { text: `const t2 = Buffer.from("${hex}", "hex").toString();`, secrets: [hex.slice(0, 20), hex.slice(-20)] },
      { text: `const rev = "${[...gh].reverse().join('')}".split("").reverse().join("");`, secrets: [[...gh].reverse().join('').slice(0, 20)] },
      { text: `var hmacSecret = []byte("${a}${b}")`, secrets: [a + b] },
      { text: `let apiKey = #"${a}${b}"#`, secrets: [a + b] },
      { text: `local password = [[${pw}]]`, secrets: [pw] },
      { text: `let password = """\n${pw}\n"""`, secrets: [pw] },
      { text: `M.secret = [==[\n${a}${b}\n]==]`, secrets: [a + b] },
      { text: `static let apiKey: String = """\n    ${a}${b}\n    """`, secrets: [a + b] },
      { text: `const API_TOKEN: &str = r#"\n${a}${b}\n"#;`, secrets: [a + b] },
      { text: `CONFIG = {"password": '''\n${pw}'''}`, secrets: [pw] },
      { text: `API_KEY = %w[${gh.slice(0, 16)} ${gh.slice(16)}].join`, secrets: [gh.slice(16)] },
      { text: `private static final char[] KEYSTORE_PASS = {'${a.slice(0, 6)}', '${a.slice(6)}', '${b}'};`, secrets: [b] },
    ];
    return {
      truePositives: tp,
      falsePositives: [
        'const parts = ["alpha", "beta", "gamma"].join(", ");',
        'password_hint = format("%s must have %d characters", name, 12)',
        'connect("db.internal", 5432, "app", user.password)',
        'const token = atob(localStorage.getItem("t"));',
        'url = urllib.parse.unquote("https%3A%2F%2Fexample.com%2Fpath")',
        'TOKEN_HEADER = "".join(["X-", "Auth-", "Token"])',
        'secret_fields = ["password", "token", "api_key"]',
        'msg = f"{\'hello\'} {name}"',
        'const key = `${prefix}-${suffix}`;',
        'data = base64.b64decode("SGVsbG8sIHdvcmxkIQ==")',
        'local title = [[Welcome to the app]]',
        'let password = """\nEnter your password\n"""',
        'static let passwordHint: String = """\nUse at least twelve characters.\n"""',
        'const API_KEY_HELP: &str = r#"\nSet the API key in the environment.\n"#;',
        'M.help = [[\nThe token is read from the environment.\n]]',
      ],
    };
  },
};

/**
 * A secret-named key whose value opens a multi-line literal at the end of the line: Swift's, Kotlin's, Java's,
 * Scala's and C#'s `"""`, Python's and Dart's `'''`, Lua's `[[` / `[==[`, Rust's raw `r#"`. The key may carry
 * a type (`static let apiKey: String = """`, `const API_KEY: &str = r#"`). The value is on the lines below,
 * up to the closing delimiter (follow.ts reads them as a quoted string's; Lua's closes at its first `]`).
 */
const OPEN_LITERAL =
  /(?<![\w.$-])([A-Za-z_$][\w.$-]*)["'\]]?(?:[ \t]*:[ \t]*&?(?:'\w+[ \t]+)?[\w.]+(?:<[\w.<>, ]*>)?\??(?=[ \t]*=))?[ \t]*(?:=|:)[ \t]*(?:("""|''')|\[(=*)\[|r(#*)")[ \t]*\r?$/;
function openLiteral(line: string, out: Hit[]): boolean {
  const m = OPEN_LITERAL.exec(line);
  if (m === null) return false;
  const strength = classifyName(m[1]!);
  if (strength === null) return true;
  // A triple quote closes at its triple; Lua's long bracket at `]`; Rust's raw string `r#"` at its `"`.
  const arg = m[2] !== undefined ? m[2].charCodeAt(0) + 256 : m[3] !== undefined ? 93 : 34;
  out.push({
    start: line.length,
    end: line.length,
    rule: ID,
    priority: 2,
    follow: { kind: FollowKind.Quoted, strength, judged: false, spans: [], value: '', arg },
  });
  return true;
}

/** A literal's content columns: from its first character's source to its last one's (quotes and prefix left out). */
function contentOf(t: Tok): [number, number] {
  let a = Infinity;
  let b = -1;
  for (const c of t.src!) {
    if (c < a) a = c;
    if (c > b) b = c;
  }
  return b >= a ? [a, b + 1] : [t.s, t.e];
}
