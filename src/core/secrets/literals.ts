// The literals the masker's gates look for (a block rule runs only on a text holding its literal), found
// for all of them in one pass of the pre-scan's WebAssembly module (anchors.wat `literals`) instead of a
// search of the whole text for each: on a source tree each search cost about a fortieth of masking it.
// This file packs a list into the module's tables: each literal gets a window of up to three of its bytes
// (the rarest, by the frequencies below) and one of 8 buckets, chosen so that unrelated text lets as few
// windows through as it can; the module compares every window that passes with its bucket's literals.
import { LITERAL_LAYOUT } from './anchors';

/** Rough frequencies of ASCII characters in source code and config (for choosing windows; correctness never depends on them). */
function frequency(c: number): number {
  if (c === 32) return 0.15;
  if (c === 10 || c === 9) return 0.03;
  const ch = String.fromCharCode(c);
  if ('etaoinsr'.includes(ch)) return 0.05;
  if (c >= 97 && c <= 122) return 0.015;
  if ('().,;=\'":/_-{}'.includes(ch)) return 0.012;
  if (c >= 65 && c <= 90) return 0.004;
  if (c >= 48 && c <= 57) return 0.004;
  return 0.002;
}

/** A literal the module can look for: ASCII without NUL, 1 to LITERAL_LAYOUT.maxLength characters. */
export function packable(literal: string): boolean {
  return literal.length >= 1 && literal.length <= LITERAL_LAYOUT.maxLength && /^[\x01-\x7f]*$/.test(literal);
}

export interface LiteralSet {
  /** The literals, bit i for list[i]. */
  readonly list: readonly string[];
  /** LITERAL_LAYOUT.size bytes for the module. */
  readonly tables: Uint8Array;
}

/** The bits of `set` whose literal `text` holds (the definition: a search for each). */
export function literalsOf(text: string, list: readonly string[]): number {
  let bits = 0;
  for (let i = 0; i < list.length; i++) if (text.includes(list[i]!)) bits |= 1 << i;
  return bits;
}

/** Packs `list` (packable literals, at most LITERAL_LAYOUT.maxLiterals) for the module. */
export function literalSet(list: readonly string[]): LiteralSet {
  const L = LITERAL_LAYOUT;
  if (list.length > L.maxLiterals) throw new Error(`literal set: ${list.length} literals, more than the module's ${L.maxLiterals}`);
  for (const s of list) if (!packable(s)) throw new Error(`literal set: ${JSON.stringify(s)} is not ASCII of 1 to ${L.maxLength} characters`);
  const t = new Uint8Array(L.size);
  // Each literal's window: the three consecutive bytes (fewer in a shorter literal) least likely in text.
  const windows = list.map((s) => {
    const w = Math.min(3, s.length);
    let best = 0;
    let bestP = Infinity;
    for (let o = 0; o + w <= s.length; o++) {
      let p = 1;
      for (let j = 0; j < w; j++) p *= frequency(s.charCodeAt(o + j));
      if (p < bestP) {
        bestP = p;
        best = o;
      }
    }
    return { offset: best, bytes: [...s.slice(best, best + w)].map((ch) => ch.charCodeAt(0)), p: bestP };
  });
  // Buckets: the nibbles each position accepts. A bucket lets through every byte whose low and high
  // nibbles it accepts, so sharing one widens it; each literal goes where it adds the least.
  const lo = Array.from({ length: 8 }, () => [new Set<number>(), new Set<number>(), new Set<number>()]);
  const hi = Array.from({ length: 8 }, () => [new Set<number>(), new Set<number>(), new Set<number>()]);
  const wild = Array.from({ length: 8 }, () => [false, false, false]);
  const rate = (b: number, extra?: { bytes: number[] }): number => {
    let r = 1;
    for (let j = 0; j < 3; j++) {
      const w = wild[b]![j]! || (extra !== undefined && extra.bytes.length <= j);
      if (w) continue;
      const l = new Set(lo[b]![j]!);
      const h = new Set(hi[b]![j]!);
      if (extra !== undefined) {
        l.add(extra.bytes[j]! & 15);
        h.add(extra.bytes[j]! >> 4);
      }
      let p = 0;
      for (const x of h) for (const y of l) p += frequency((x << 4) | y);
      r *= p;
    }
    return r;
  };
  const bucketLits = new Uint32Array(8);
  // The most frequent windows first (each takes a bucket of its own while there are free ones); the rarer
  // ones then join where they widen a bucket least.
  const order = list.map((_, i) => i).sort((a, b) => windows[b]!.p - windows[a]!.p || a - b);
  for (const i of order) {
    const w = windows[i]!;
    let best = 0;
    let bestCost = Infinity;
    for (let b = 0; b < 8; b++) {
      const before = bucketLits[b] === 0 ? 0 : rate(b);
      const cost = rate(b, w) - before;
      if (cost < bestCost) {
        bestCost = cost;
        best = b;
      }
    }
    bucketLits[best]! |= 1 << i;
    for (let j = 0; j < 3; j++) {
      if (j >= w.bytes.length) wild[best]![j] = true;
      else {
        lo[best]![j]!.add(w.bytes[j]! & 15);
        hi[best]![j]!.add(w.bytes[j]! >> 4);
      }
    }
  }
  // The nibble tables: a byte gets a bucket's bit at a position when both its nibbles are accepted there
  // (every nibble where the position is past a window: any byte may follow a short literal). At a window's
  // own positions, high nibbles 8 to 15 (bytes above 0x7F) get none: literals are ASCII.
  for (let b = 0; b < 8; b++) {
    if (bucketLits[b] === 0) continue;
    for (let j = 0; j < 3; j++) {
      for (let n = 0; n < 16; n++) {
        if (wild[b]![j]! || lo[b]![j]!.has(n)) t[L.nibbles + 32 * j + n]! |= 1 << b;
        if (wild[b]![j]! || hi[b]![j]!.has(n)) t[L.nibbles + 32 * j + 16 + n]! |= 1 << b;
      }
    }
  }
  const view = new DataView(t.buffer);
  bucketLits.forEach((v, b) => view.setUint32(L.buckets + 4 * b, v, true));
  list.forEach((s, i) => {
    const at = L.literals + L.stride * i;
    for (let k = 0; k < s.length; k++) {
      t[at + k] = s.charCodeAt(k);
      t[at + 32 + k] = 0xff;
    }
    view.setUint32(at + 64, s.length, true);
    view.setUint32(at + 68, windows[i]!.offset, true);
  });
  return { list, tables: t };
}
