// "Can the text ending here be the end of one of these words?" in two array lookups, for the
// pre-scan: it runs at every `=`, `:`, `_`, `-` of a file, so it must not allocate or call a regex.
// It is a necessary condition only (the last 3 characters, ASCII); the caller confirms with the regex.

export interface TailTable {
  /** True when `text` ending at index `i` (inclusive) ends like one of the words (last 2–3 chars). */
  endsAt(text: string, i: number): boolean;
  /**
   * The first level, for callers that read it inline: `two[(c2 << 7) | c1]` is 0 when no word ends
   * with the ASCII characters c2 c1 (then endsAt is false), 1 when a 2-character word does (true).
   * Row numbers are 16 bits, so a table is not full before 65534 rows; the pre-scan's WebAssembly copy
   * has room for fewer (anchors.ts TABLE_LAYOUT.thirdMax, checked where it is loaded).
   */
  readonly two: Uint16Array;
  /** The second level: row `two[pair]` (≥ 2) of 128 flags for the third-last character. */
  readonly third: Uint8Array;
}

/**
 * Character sets of a word written as a small regex source: literals, `\d`, `\x` escapes,
 * `[...]` classes with ranges, and `{n}` after a class. Anything else is refused (thrown at load),
 * so a word list can never silently widen into a pattern the table does not understand.
 */
export function charSets(src: string): string[] {
  const sets: string[] = [];
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      const e = src[++i];
      if (e === undefined) throw new Error(`tail word ${src}: trailing backslash`);
      sets.push(e === 'd' ? '0123456789' : /[A-Za-z0-9]/.test(e) ? fail(src) : e);
    } else if (c === '[') {
      const close = src.indexOf(']', i);
      if (close < 0) fail(src);
      const body = src.slice(i + 1, close);
      if (body.startsWith('^') || body.includes('\\')) fail(src);
      let set = '';
      for (let k = 0; k < body.length; k++) {
        if (body[k + 1] === '-' && k + 2 < body.length) {
          for (let x = body.charCodeAt(k); x <= body.charCodeAt(k + 2); x++) set += String.fromCharCode(x);
          k += 2;
        } else set += body[k];
      }
      i = close;
      let n = 1;
      const rep = /^\{(\d+)\}/.exec(src.slice(i + 1));
      if (rep !== null) {
        n = Number(rep[1]);
        i += rep[0].length;
      }
      for (let k = 0; k < n; k++) sets.push(set);
    } else if ('()|?*+{}.^$'.includes(c)) fail(src);
    else sets.push(c);
  }
  return sets;
}

function fail(src: string): never {
  throw new Error(`tail word ${src}: only literals, \\d, escapes, [classes] and {n} are supported`);
}

/**
 * Builds the table for `words` (regex sources as above), matching ASCII letters in either case when asked.
 * Two levels: a 32 KB table of the last two characters (`two`) says "no word ends like this" (0), "a
 * 2-character word ends here" (1), or where the third-last characters allowed before this pair are
 * listed (a row of `third`). Rows exist only for pairs some word ends with, so both tables stay small
 * and in cache (a flat 2 MB table of three characters missed the cache at most anchors that reached it).
 */
export function tailTable(words: readonly string[], caseInsensitive: boolean): TailTable {
  const two = new Uint16Array(1 << 14);
  const variants = (set: string) => {
    const out = new Set<number>();
    for (const ch of set) {
      const code = ch.charCodeAt(0);
      if (code >= 128) throw new Error(`tail word character ${ch} is not ASCII`);
      out.add(code);
      if (caseInsensitive) {
        out.add(ch.toLowerCase().charCodeAt(0));
        out.add(ch.toUpperCase().charCodeAt(0));
      }
    }
    return [...out];
  };
  const ended = new Set<number>();
  const before = new Map<number, Set<number>>(); // pair -> characters allowed before it
  for (const w of words) {
    const sets = charSets(w);
    if (sets.length < 2) throw new Error(`tail word ${w}: needs at least 2 characters`);
    const [s3, s2, s1] = sets.length === 2 ? [undefined, sets[0]!, sets[1]!] : sets.slice(-3);
    for (const c2 of variants(s2!)) {
      for (const c1 of variants(s1!)) {
        const pair = (c2 << 7) | c1;
        if (s3 === undefined) ended.add(pair);
        else {
          let set = before.get(pair);
          if (set === undefined) before.set(pair, (set = new Set()));
          for (const c3 of variants(s3)) set.add(c3);
        }
      }
    }
  }
  // Pairs with the same allowed characters share a row (`shp[a-z]{2}` ends 676 pairs, all after `p`).
  const rowOf = new Map<string, number>();
  const rows: number[][] = [];
  for (const [pair, set] of before) {
    const key = [...set].sort((x, y) => x - y).join(',');
    let row = rowOf.get(key);
    if (row === undefined) {
      if (rows.length >= 0xfffe) throw new Error('tail table: too many distinct word endings');
      rowOf.set(key, (row = rows.push([...set]) + 1));
    }
    two[pair] = row;
  }
  // A pair that ends a 2-character word matches whatever precedes it.
  for (const pair of ended) two[pair] = 1;
  const third = new Uint8Array(128 * (rows.length + 2));
  rows.forEach((row, k) => {
    for (const c of row) third[128 * (k + 2) + c] = 1;
  });
  return new Tails(two, third);
}

// A class, not a closure per table: every table shares one endsAt, so the call sites in the
// pre-scan stay monomorphic and V8 inlines it.
class Tails implements TailTable {
  constructor(
    readonly two: Uint16Array,
    readonly third: Uint8Array,
  ) {}
  endsAt(text: string, i: number): boolean {
    // charCodeAt outside the string is NaN: every `< 128` test below is then false.
    const c1 = text.charCodeAt(i);
    const c2 = text.charCodeAt(i - 1);
    if (!(c1 < 128 && c2 < 128)) return false;
    const v = this.two[(c2 << 7) | c1]!;
    if (v <= 1) return v === 1;
    const c3 = text.charCodeAt(i - 2);
    return c3 < 128 && this.third[(v << 7) | c3] === 1;
  }
}
