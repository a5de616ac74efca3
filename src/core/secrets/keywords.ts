// Which line rules a candidate line wakes up: a rule runs when the line, its ASCII capitals folded to
// lower case, contains one of its keywords. (ASCII only, as the rules' `i` regexes fold: without the
// `u` flag JavaScript never folds a non-ASCII character onto an ASCII one, so a Kelvin sign is no `k`.) Asking `includes` for each of ~120 keywords cost more than the rules themselves
// (profiled: the single hottest line of the masker), and so did one regex with every keyword (V8
// tries the whole alternation at each position), so one walk over the line finds the keywords present.
import { SELECT_LAYOUT } from './anchors';
import type { LineRule } from './types';

/** ASCII capitals to lower case; every other code below 128 to itself. */
const FOLD = new Uint8Array(128);
for (let c = 0; c < 128; c++) FOLD[c] = c >= 65 && c <= 90 ? c + 32 : c;

/** `word` at `i` of `line` (ASCII capitals folded), ending by `to`, its first two characters already matched (a builtin call per pair hit cost more). */
function restMatches(line: string, i: number, to: number, word: string): boolean {
  if (i + word.length > to) return false;
  for (let k = 2; k < word.length; k++) {
    const c = line.charCodeAt(i + k);
    if (!(c < 128) || FOLD[c] !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** The selector's tables: keyword `w` wakes `wordRules[w]`; pairs, slots and third characters as described below. */
export interface KeywordTables {
  words: string[];
  /** word -> the rules it wakes (indexes into the rules). */
  wordRules: number[][];
  /** (first char << 7 | second char), every capitalisation -> index into `starting` + 1 (0: no keyword starts so). */
  byPair: Uint16Array;
  /** The keywords (indexes into `words`) of each slot. */
  starting: number[][];
  /** Per slot, the third characters its words allow: 128 bits in four words. */
  third: Uint32Array;
}

/**
 * The tables `keywordSelector` walks (and anchors.wat's `select`, packed by `packKeywordTables`).
 * Keywords are ASCII and at least two characters long (checked here), so a position holding
 * anything else starts none of them.
 */
export function keywordTables(rules: readonly LineRule[]): KeywordTables {
  const words = [...new Set(rules.flatMap((r) => r.keywords))];
  for (const w of words) {
    if (w.length < 2 || w !== w.toLowerCase() || /[^\x00-\x7f]/.test(w))
      throw new Error(`rule keyword ${JSON.stringify(w)} must be lower-case ASCII, 2+ characters`);
  }
  const wordRules: number[][] = words.map((w) => rules.flatMap((r, i) => (r.keywords.includes(w) ? [i] : [])));
  const byPair = new Uint16Array(1 << 14);
  const starting: number[][] = [];
  words.forEach((w, i) => {
    const key = (w.charCodeAt(0) << 7) | w.charCodeAt(1);
    if (byPair[key] === 0) byPair[key] = starting.push([]);
    starting[byPair[key]! - 1]!.push(i);
  });
  // Every capitalisation of a pair shares its slot, so the walk looks pairs up unfolded.
  for (let a = 0; a < 128; a++) for (let b = 0; b < 128; b++) byPair[(a << 7) | b] = byPair[(FOLD[a]! << 7) | FOLD[b]!]!;
  // Every code of the third character when a two-character word is in the slot: common pairs (`se`,
  // `to`, `pa`, `ke`) rarely go on as a keyword does, and this answers most of them without walking
  // the slot's list.
  const third = new Uint32Array(starting.length * 4);
  starting.forEach((list, slot) => {
    for (const w of list) {
      const word = words[w]!;
      if (word.length === 2) {
        third.fill(0xffffffff, slot * 4, slot * 4 + 4);
        continue;
      }
      for (let c = 0; c < 128; c++) if (FOLD[c] === word.charCodeAt(2)) third[slot * 4 + (c >> 5)]! |= 1 << (c & 31);
    }
  });
  return { words, wordRules, byPair, starting, third };
}

/**
 * `select(line)` returns the rules to run on a line, in catalog order (the order decides ties between
 * equal hits, so it must not change). Same answer as "some keyword of the rule is a substring of the
 * line with ASCII capitals folded" (the line is not lower-cased first: that copy cost a tenth of the
 * selection): at every position of the line, a table indexed by the next two characters lists the
 * keywords starting with them, and each is compared in place.
 */
export function keywordSelector(rules: readonly LineRule[]): (line: string, from?: number, to?: number) => LineRule[] {
  const { words, wordRules, byPair, starting, third } = keywordTables(rules);
  // "Seen on this line" marks carry the call's number instead of being cleared on every call, and
  // the woken rules are collected as they wake rather than by a pass over the whole catalog.
  const present = new Uint32Array(words.length);
  const wake = new Uint32Array(rules.length);
  const woken: number[] = [];
  let call = 0;
  // `from`/`to`: the line as a range of a longer text. The masker passes the whole file rather than a
  // slice of it: a slice is a view on the file, and reading a view character by character costs more
  // than reading the file itself.
  return (line: string, from = 0, to = line.length): LineRule[] => {
    if (++call === 0xffffffff) {
      present.fill(0);
      wake.fill(0);
      call = 1;
    }
    woken.length = 0;
    let b = line.charCodeAt(from);
    for (let i = from; i + 1 < to; i++) {
      const a = b;
      b = line.charCodeAt(i + 1);
      if (!(a < 128 && b < 128)) continue;
      const slot = byPair[(a << 7) | b]!;
      if (slot === 0) continue;
      // Past the range, or not ASCII: only a two-character word can still match (its slot allows every code).
      const c = i + 2 < to ? line.charCodeAt(i + 2) : 0;
      if (c < 128 && (third[(slot - 1) * 4 + (c >> 5)]! & (1 << (c & 31))) === 0) continue;
      const list = starting[slot - 1]!;
      for (let k = 0; k < list.length; k++) {
        const w = list[k]!;
        if (present[w] !== call && restMatches(line, i, to, words[w]!)) {
          present[w] = call;
          const rs = wordRules[w]!;
          for (let q = 0; q < rs.length; q++) {
            const r = rs[q]!;
            if (wake[r] !== call) {
              wake[r] = call;
              woken.push(r);
            }
          }
        }
      }
    }
    const out: LineRule[] = [];
    if (woken.length > 1) woken.sort((x, y) => x - y);
    for (let k = 0; k < woken.length; k++) out.push(rules[woken[k]!]!);
    return out;
  };
}

/**
 * The selector's tables for anchors.wat's `select`, laid out as SELECT_LAYOUT says: the same pair,
 * slot and third-character tables the JavaScript walk reads, the words in slot order, and each word's
 * rules as a 96-bit mask. Undefined when the catalog outgrows the layout (the pre-scan then leaves
 * every line to keywordSelector).
 */
export function packKeywordTables(rules: readonly LineRule[]): Uint8Array | undefined {
  const { words, wordRules, byPair, starting, third } = keywordTables(rules);
  const L = SELECT_LAYOUT;
  const textBytes = words.reduce((n, w) => n + w.length, 0);
  if (rules.length > L.maxRules || starting.length > L.maxSlots || words.length > L.maxWords || textBytes > L.size - L.text) return undefined;
  const out = new Uint8Array(L.size);
  const v = new DataView(out.buffer);
  out.set(new Uint8Array(byPair.buffer, byPair.byteOffset, byPair.byteLength), L.pairs);
  out.set(new Uint8Array(third.buffer, third.byteOffset, third.byteLength), L.third);
  let w = 0;
  let text = L.text;
  starting.forEach((list, slot) => {
    v.setUint32(L.slots + 4 * slot, w | (list.length << 16), true);
    for (const k of list) {
      const word = words[k]!;
      const masks = [0, 0, 0];
      for (const r of wordRules[k]!) masks[r >> 5]! |= 1 << (r & 31);
      const at = L.words + L.wordStride * w++;
      v.setUint32(at, text, true);
      v.setUint32(at + 4, word.length, true);
      v.setUint32(at + 8, masks[0]! >>> 0, true);
      v.setUint32(at + 12, masks[1]! >>> 0, true);
      v.setUint32(at + 16, masks[2]! >>> 0, true);
      for (let i = 0; i < word.length; i++) out[text++] = word.charCodeAt(i);
    }
  });
  return out;
}

/** The rules of a mask from anchors.wat's `select` (bits 0–31 in `m0`, 32–63 in `m1`, 64–95 in `m2`), in catalog order. */
export function rulesOfMask<R>(rules: readonly R[], m0: number, m1: number, m2: number): R[] {
  const out: R[] = [];
  for (let m = m0 >>> 0; m !== 0; m &= m - 1) out.push(rules[31 - Math.clz32(m & -m)]!);
  for (let m = m1 >>> 0; m !== 0; m &= m - 1) out.push(rules[63 - Math.clz32(m & -m)]!);
  for (let m = m2 >>> 0; m !== 0; m &= m - 1) out.push(rules[95 - Math.clz32(m & -m)]!);
  return out;
}
