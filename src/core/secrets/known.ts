// The workspace's own secret values, found again in a tool's output however it was encoded. Pattern rules
// recognise a token by its shape; a command the agent runs can print one in a shape no rule knows (hex,
// reversed, spaced out, upper-cased, rot13, \uXXXX, HTML entities, octal, split over two lines or two greps).
// The guard knows the values themselves (its protected secret files, and what the masker masks in the
// workspace's files), so it looks for them in every form below, in one pass over the output.
// Threat: `node scripts/dump.js` prints `.env` as hex; `Grep -o` prints a token in two halves.
//
// How: every value's forms are computed once (KnownSecrets is built per set of values and kept by the caller),
// then matched with one Aho–Corasick automaton over the output's folded view: lower-cased, with whitespace
// and common separators removed (the same folding applied to the forms), so `4 1 : 4 2`, `\x41\x42` and
// `41\n42` all read `4142`. A match is mapped back to the output's own characters and masked there, line by
// line (a line keeps its line break; nothing outside a match changes).

/** Characters of a token (base64, base64url, hex, words): a known value found inside a run of them masks the run. */
const TOKEN_CHAR = /[A-Za-z0-9+/_-]/;
/** The most a span is widened on each side (a value inside a huge run of token characters). */
const MAX_WIDEN = 512;

/**
 * Each span widened to the whole token it lies in (token characters on both sides, then `=` padding after it),
 * merged again. A known value may be only part of what the output prints (a 41-character key whose known value
 * is 39 characters long, the pattern's length where it came from): the rest of the token is secret too.
 */
function wholeTokens<T extends { start: number; end: number }>(text: string, spans: T[]): T[] {
  const out: T[] = [];
  for (const s0 of spans) {
    const s = { ...s0 };
    const lo = Math.max(0, s.start - MAX_WIDEN);
    const hi = Math.min(text.length, s.end + MAX_WIDEN);
    while (s.start > lo && TOKEN_CHAR.test(text[s.start - 1])) s.start--;
    while (s.end < hi && TOKEN_CHAR.test(text[s.end])) s.end++;
    while (s.end < hi && text[s.end] === '=') s.end++;
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push(s);
  }
  return out;
}

/** Characters dropped from the output and from every form before matching: what separates the pieces of a value. */
const SEP = /[\s\\,:;'"`+|._\-/]/;
const SEP_ALL = new RegExp(SEP.source, 'g');
const MIN_VALUE = 8;
/** A value's pieces at least this long are searched for too (a token printed in two halves). */
const WINDOW = 12;
const MAX_VALUES = 2000;
const MAX_VALUE_LEN = 512;

/** Is `v` worth searching for: long enough, and not a word or a run of one character (`production`, `xxxxxxxx`). */
export function secretLike(v: string): boolean {
  if (v.length < MIN_VALUE) return false;
  const distinct = new Set(v).size;
  if (distinct < 6) return false;
  let classes = 0;
  if (/[a-z]/.test(v)) classes++;
  if (/[A-Z]/.test(v)) classes++;
  if (/[0-9]/.test(v)) classes++;
  if (/[^A-Za-z0-9]/.test(v)) classes++;
  return classes >= 2;
}

/**
 * The values a secret file holds: `KEY=value` / `key: value` / `"key": "value"` right-hand sides, and the
 * file's other long runs (a PEM body, a bare token); each unquoted and kept when it looks like a secret.
 */
const NAME_LIKE = /^[A-Za-z]+(?:[_.-][A-Za-z]+)+$/;

export function valuesOfSecretFile(text: string): string[] {
  const out = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const kv = /^(?:export\s+)?["']?[\w.-]+["']?\s*[=:]\s*(.*?)\s*,?$/.exec(line);
    if (kv) {
      const v = kv[1].replace(/^(['"`])(.*)\1$/, '$2').replace(/\s+#.*$/, '');
      if (secretLike(v)) out.add(v);
    }
    // The name of a `NAME=value` line is no value: `AWS_ACCESS_KEY_ID` searched for would mask `AccessKeyId` in
    // every output. Only the value side is scanned, and a bare run shaped like a name (words joined by `_`) is skipped.
    for (const m of (kv ? kv[1] : line).matchAll(/[^\s'"`=,:;{}[\]()<>]{8,}/g)) if (secretLike(m[0]) && !NAME_LIKE.test(m[0])) out.add(m[0]);
  }
  return [...out];
}

/** Host names, optionally with a scheme, a port and a path, no user-info, query or fragment. */
const ADDRESS = /^(?:[a-z][a-z0-9+.-]*:)?(?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?(?:\/[^\s?#@]*)?$/i;

/** An address made of nothing but lower-case words (no digit, no capital, no other character): no secret in it. */
function publicAddress(v: string): boolean {
  return ADDRESS.test(v) && /^[a-z]+$/.test(v.replace(SEP_ALL, ''));
}

/** What the matcher sees of `v` (separators dropped) mixes two kinds of characters (lower, upper, digit, other). */
function foldedSecretLike(v: string): boolean {
  const f = v.replace(SEP_ALL, '');
  if (f.length < MIN_VALUE) return false;
  let classes = 0;
  if (/[a-z]/.test(f)) classes++;
  if (/[A-Z]/.test(f)) classes++;
  if (/[0-9]/.test(f)) classes++;
  if (/[^A-Za-z0-9]/.test(f)) classes++;
  return classes >= 2;
}

const rot13 = (s: string) => s.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97)));
const bytesOf = (s: string) => [...Buffer.from(s, 'utf8')];
const hex2 = (b: number) => b.toString(16).padStart(2, '0');

/** Forms that encode each character on its own: a piece of the value is the same form of that piece. */
const PER_CHAR: ((s: string) => string)[] = [(s) => s, (s) => [...s].reverse().join(''), rot13, (s) => bytesOf(s).map(hex2).join('')];
/** Forms searched for the whole value only. */
const WHOLE: ((s: string) => string)[] = [
  (s) => [...rot13(s)].reverse().join(''),
  (s) => bytesOf(s).reverse().map(hex2).join(''),
  (s) =>
    bytesOf(s)
      .map((b) => `x${hex2(b)}`)
      .join(''),
  (s) =>
    bytesOf(s)
      .map((b) => `0x${hex2(b)}`)
      .join(''),
  (s) =>
    bytesOf(s)
      .map((b) => `%${hex2(b)}`)
      .join(''),
  (s) => [...s].map((c) => `u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  (s) => [...s].map((c) => `u{${c.codePointAt(0)!.toString(16)}}`).join(''),
  (s) => [...s].map((c) => `&#${c.codePointAt(0)};`).join(''),
  (s) => [...s].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join(''),
  (s) =>
    bytesOf(s)
      .map((b) => b.toString(8).padStart(3, '0'))
      .join(''),
  (s) =>
    bytesOf(s)
      .map((b) => `0${b.toString(8)}`)
      .join(''),
  (s) => encodeURIComponent(s),
  (s) => bytesOf(s).join(''),
  // base64 at the three alignments a value can have inside a longer encoded text: the whole groups only.
  (s) => b64(s, 0),
  (s) => b64(s, 1),
  (s) => b64(s, 2),
];

function b64(s: string, skip: number): string {
  const b = Buffer.from(s, 'utf8').subarray(skip);
  const whole = Math.floor(b.length / 3) * 3;
  return b.subarray(0, whole).toString('base64');
}

/** Separator characters by code (ASCII only; anything else is kept). */
const IS_SEP = new Uint8Array(128);
for (let c = 0; c < 128; c++) IS_SEP[c] = SEP.test(String.fromCharCode(c)) ? 1 : 0;

/**
 * The folded view: ASCII lower-cased, separators dropped, as UTF-16 units (`n` of them); `at[i]` is the index in
 * `s` of the folded view's i-th unit.
 */
function fold(s: string): { units: Uint16Array; at: Int32Array; n: number } {
  const units = new Uint16Array(s.length);
  const at = new Int32Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 128) {
      if (IS_SEP[c]) continue;
      if (c >= 65 && c <= 90) c |= 32;
    }
    units[n] = c;
    at[n++] = i;
  }
  return { units, at, n };
}

/** The workspace's secret values, each in every form, in one automaton. Build once per set of values. */
export class KnownSecrets {
  // Aho–Corasick over UTF-16 units: goto as one Map per node, fail links and the value index a node ends.
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** The pattern length and value index ending at a node (-1: none); `outLink`: the next node on the fail chain that ends one. */
  private readonly endLen: number[] = [0];
  private readonly endVal: number[] = [-1];
  private outLink: Int32Array = new Int32Array(1);
  /** The root's transitions, dense (most characters of an output start nothing). */
  private readonly root = new Int32Array(65536);
  readonly values: number;

  constructor(values: Iterable<string>) {
    const vs = [...new Set([...values].filter((v) => v.length <= MAX_VALUE_LEN && secretLike(v)))].slice(0, MAX_VALUES);
    this.values = vs.length;
    vs.forEach((v, i) => {
      // A public address (`https://example.com/api`, `smtp.example.com`) in a secret file is no secret a fetch
      // of that site carries: skipped when nothing in it but lower-case words.
      if (publicAddress(v)) return;
      const forms = new Set<string>();
      for (const f of WHOLE) forms.add(f(v));
      if (v.length < WINDOW) for (const f of PER_CHAR) forms.add(f(v));
      else
        for (let k = 0; k + WINDOW <= v.length; k++) {
          const piece = v.slice(k, k + WINDOW);
          // The piece as it is matched (separators dropped) must still look like a secret: `.example.com`
          // folds to `examplecom`, a word found in every URL of that site.
          if (!secretLike(piece) || !foldedSecretLike(piece)) continue;
          for (const f of PER_CHAR) forms.add(f(piece));
        }
      for (const f of forms) {
        const p = fold(f);
        if (p.n >= MIN_VALUE) this.add(p.units.subarray(0, p.n), i);
      }
    });
    this.link();
    for (const [c, m] of this.next[0]) this.root[c] = m;
  }

  private add(p: Uint16Array, value: number): void {
    let n = 0;
    for (let i = 0; i < p.length; i++) {
      const c = p[i];
      let m = this.next[n].get(c);
      if (m === undefined) {
        m = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.endLen.push(0);
        this.endVal.push(-1);
        this.next[n].set(c, m);
      }
      n = m;
    }
    if (p.length > this.endLen[n]) {
      this.endLen[n] = p.length;
      this.endVal[n] = value;
    }
  }

  private link(): void {
    const queue: number[] = [];
    this.outLink = new Int32Array(this.next.length).fill(-1);
    for (const m of this.next[0].values()) queue.push(m);
    for (let q = 0; q < queue.length; q++) {
      const n = queue[q];
      for (const [c, m] of this.next[n]) {
        let f = this.fail[n];
        while (f !== 0 && !this.next[f].has(c)) f = this.fail[f];
        const g = this.next[f].get(c);
        this.fail[m] = g !== undefined && g !== m ? g : 0;
        const fm = this.fail[m];
        this.outLink[m] = this.endVal[fm] >= 0 ? fm : this.outLink[fm];
        queue.push(m);
      }
    }
  }

  /** Spans [start, end) of `text` (its own indices) that show a known value, merged, with the value's index. */
  find(text: string): { start: number; end: number; value: number }[] {
    if (this.values === 0 || text.length < MIN_VALUE) return [];
    const { units, at, n: len } = fold(text);
    const hits: { start: number; end: number; value: number }[] = [];
    let n = 0;
    for (let i = 0; i < len; i++) {
      const c = units[i];
      if (n === 0) {
        n = this.root[c];
        if (n === 0) continue;
      } else {
        let m = this.next[n].get(c);
        while (m === undefined && n !== 0) {
          n = this.fail[n];
          m = n === 0 ? this.root[c] || undefined : this.next[n].get(c);
        }
        n = m ?? 0;
      }
      for (let o = this.endVal[n] >= 0 ? n : this.outLink[n]; o >= 0 && o !== 0; o = this.outLink[o]) {
        const s = i + 1 - this.endLen[o];
        hits.push({ start: at[s], end: at[i] + 1, value: this.endVal[o] });
      }
    }
    if (hits.length === 0) return hits;
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    const merged = [hits[0]];
    for (const h of hits.slice(1)) {
      const last = merged[merged.length - 1];
      if (h.start <= last.end) last.end = Math.max(last.end, h.end);
      else merged.push({ ...h });
    }
    return merged;
  }

  /**
   * `text` with every span showing a known value replaced by `«secret:known-secret#n»` (n per value, in order of
   * appearance), line by line: a span over a line break is masked on each of its lines, the breaks kept.
   */
  mask(text: string): { text: string; masked: number } {
    // A placeholder the masker already put there is never masked again (its rule name is no secret).
    const held = text.includes('«secret:') ? [...text.matchAll(/«secret:[^»\s]*»/g)].map((m) => [m.index, m.index + m[0].length]) : [];
    const found = this.find(text).filter((s) => !held.some(([a, b]) => s.start < b && s.end > a));
    if (found.length === 0) return { text, masked: 0 };
    const spans = wholeTokens(text, found);
    const numbers = new Map<number, number>();
    let out = '';
    let from = 0;
    for (const s of spans) {
      let n = numbers.get(s.value);
      if (n === undefined) numbers.set(s.value, (n = numbers.size + 1));
      const ph = `«secret:known-secret#${n}»`;
      out += text.slice(from, s.start);
      // Each line of the span becomes one placeholder; line breaks (and a CR before one) stay.
      out += text
        .slice(s.start, s.end)
        .split(/(\r?\n)/)
        .map((part, k) => (k % 2 === 1 ? part : part.trim() === '' ? part : ph))
        .join('');
      from = s.end;
    }
    return { text: out + text.slice(from), masked: spans.length };
  }

  /** Every string inside `v` (objects and arrays walked, depth-bounded) masked. */
  maskValue<T>(v: T, depth = 0): T {
    if (typeof v === 'string') return this.mask(v).text as T;
    if (depth > 32 || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => this.maskValue(x, depth + 1)) as T;
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, this.maskValue(x, depth + 1)])) as T;
  }
}
