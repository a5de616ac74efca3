// Runs anchors.wat: every anchor position of a text in one SIMD pass (see that file for why).
// Needs WebAssembly with SIMD and Node's Buffer (for a fast copy of the string into the module's memory);
// where either is missing, `anchorScanner()` is undefined and the pre-scan uses its indexOf path, which
// selects the same lines (the tests run both). The module sees one byte per character: the character up
// to 0xFF, a saturated stand-in above (anchors.wat explains why its checks then answer as JavaScript's).
import { ANCHORS_WASM } from './anchorsWasm';
import type { LiteralSet } from './literals';

/** Bytes of text the module scans per call (its memory is laid out for this; see anchors.wat). */
const CHUNK = 1 << 20;

// Every table's capacity here is room in the module's memory, and the module's code reads the offsets
// below as constants: change one only together with anchors.wat (its memory map says the same).

/** Where each table goes in the module's table region (anchors.wat's memory map; offsets from TBL). */
export const TABLE_LAYOUT = {
  /**
   * Tail tables (tails.ts): `two` (u16 row numbers, 32768 bytes) and `third` (up to thirdMax bytes: 1024
   * rows of 128, rows 0 and 1 unused). A word list whose endings need more rows refuses to load.
   */
  keyEnd: { two: 0, third: 265824 },
  underscoreEnd: { two: 32768, third: 396896 },
  dashEnd: { two: 65536, third: 527968 },
  thirdMax: 131072,
  /**
   * Letter anchors A J K . G (in this order), 33280 bytes each, at these offsets: before1, before2 (+128),
   * after1 (+16512), after2 (+16640). The module finds them through letterIndex only.
   */
  letterAt: [98304, 131584, 164864, 198144, 231424],
  letterOrder: ['A', 'J', 'K', '.', 'G'] as const,
  /** u32 per character code: the offset of that letter anchor's tables. */
  letterIndex: 264704,
  /** Six 16-byte nibble tables (anchors.wat's `anchors`): anchor class, neighbour before, neighbour after, each by low then high nibble. */
  nibbles: 265728,
  size: 659040,
};

/**
 * The keyword selector's tables at SEL (anchors.wat `select`; keywords.ts packKeywordTables writes them):
 * the result (four u32: rule bits 0–31, 32–63, 64–95, the line's hash), the pair table (u16 slot + 1 by
 * `(c1 << 7) | c2`), each slot's third-character bits (four u32), each slot's words (u32: first |
 * count << 16), each word in 32 bytes (u32 offset of its text from SEL, u32 length, u32 rule bits 0–31,
 * 32–63, 64–95), the words' text.
 */
export const SELECT_LAYOUT = {
  out: 0,
  pairs: 16,
  third: 32784,
  slots: 40976,
  words: 43024,
  wordStride: 32,
  text: 75792,
  size: 92176,
  maxSlots: 512,
  maxWords: 1024,
  maxRules: 96,
};

/**
 * The key-name tries at TRIE (anchors.wat `keyName`; prefilter.ts ReverseTrie.pack writes them): the key
 * words' trie, then the key tails', each `next` (u16 child + 1 by node * 128 + code, little-endian, room
 * for maxNodes nodes) and a u8 per node, 1 where a word ends.
 */
export const TRIE_LAYOUT = {
  words: 0,
  tails: 263168,
  /** Offset of the word-end flags in a trie. */
  ends: 262144,
  maxNodes: 1024,
  size: 526336,
};

/**
 * A literal set at LIT, and a second one at LIT + size (anchors.wat `literals`, given the set's offset;
 * literals.ts literalSet packs each; `slots` of them): six 16-byte nibble
 * tables (window positions 0, 1, 2, low then high nibble), each bucket's literals (8 u32 bit sets), a
 * scratch block, then each literal in `stride` bytes: its bytes (32), a mask (32), its length and its
 * window's offset (u32 each).
 */
export const LITERAL_LAYOUT = {
  nibbles: 0,
  buckets: 96,
  literals: 256,
  stride: 80,
  maxLiterals: 32,
  maxLength: 32,
  size: 256 + 32 * 80,
  slots: 3,
};

const IN = 1024;
const OUT = IN + CHUNK + 64;
const TBL = OUT + 4 * CHUNK + 64;
const UCS = TBL + TABLE_LAYOUT.size + 32;
const SEL = UCS + 2 * CHUNK + 64;
const TRIE = SEL + SELECT_LAYOUT.size;
const FLAGS = TRIE + TRIE_LAYOUT.size;
const LIT = FLAGS + 4 * (CHUNK >> 5);
/** Bit of a reported position: the module's check for it was the whole check (anchors.wat `keyName`). */
const EXACT = 1 << 28;
const WIDE = /[^\x00-\xff]/;
const ZEROS = new Uint8Array(16);

/** The tables the module is loaded with (prefilter.ts builds them). */
export interface ScannerTables {
  /** TABLE_LAYOUT.size bytes, for TBL. */
  anchors: Uint8Array;
  /** TRIE_LAYOUT.size bytes, for TRIE. */
  tries: Uint8Array;
}

export interface AnchorScanner {
  /**
   * Calls `visit(p, exact)` for each anchor position of `text` that passed the module's first-level check,
   * in ascending order; `exact` when that check was the whole check of its kind (a key name before `=`
   * `:` `>`, found in the module's copy of the key-name tries: prefilter.ts keyNameEndsAt's answer).
   * Returns the gate literals seen on the way (GATES in prefilter.ts: bit 0 `kind:`, bit 1 `-BEGIN `,
   * bit 2 `ENV `), or -1 when the text spans more than one chunk (a literal across a chunk boundary
   * would be missed; the caller then looks for them itself). With `flags`, the start of every 32-character
   * block holding a character above 0x7F (or a NUL) is pushed onto it, in ascending order: the lines a
   * decoded view may change (decode.ts).
   */
  scan(text: string, visit: (p: number, exact: boolean) => void, flags?: number[]): number;
  /**
   * Installs a literal set (its tables, LITERAL_LAYOUT) in `slot` (0 to LITERAL_LAYOUT.slots - 1) for `scan`,
   * or (undefined) empties the slot: from then on `scan` also notes which of the set's literals the text
   * holds (`literals(slot)`). More sets hold more literals (a set's answer is one int32 of bits); each
   * costs a pass of the module's filter.
   */
  setLiterals(set: LiteralSet | undefined, slot?: number): void;
  /** After `scan` with a literal set installed in `slot`: bit i when the text holds the set's literal i. */
  literals(slot?: number): number;
  /**
   * Which literals of each of `sets` `text` holds (bit i of `out[k]`: set k's literal i), by the module's pass
   * alone, in memory past the `scan`'s slots; not from inside `scan`'s `visit` (the text in memory is replaced).
   * False, and `out` untouched, when the sets do not fit in memory.
   */
  literalsIn(text: string, sets: readonly LiteralSet[], out: number[]): boolean;
  /** Installs the keyword selector's tables (SELECT_LAYOUT) for `select`. */
  setSelector(tables: Uint8Array): void;
  /**
   * Only from inside `visit`, after `setSelector`: the rules the selector's keywords wake on the line
   * `text[from, to)` of the text being scanned, pushed onto `out` as three numbers (rule bits 0–31,
   * 32–63, 64–95), then a 30-bit hash of the line (of the module's bytes: equal lines hash equal; unequal
   * ones may too). False, and nothing pushed, when the line is not wholly in the chunk in memory (the
   * caller then selects with keywordSelector).
   */
  select(from: number, to: number, out: number[]): boolean;
}

interface Exports {
  memory: WebAssembly.Memory;
  select(from: number, to: number): void;
  anchors(len: number): number;
  gates(): number;
  flagged(): number;
  narrow(len: number): void;
  literals(len: number, lit: number): number;
}

function load(tables: () => ScannerTables): AnchorScanner | undefined {
  // Buffer is Node's global (the extension host, the CLI and the hook all run on Node), not an import.
  if (typeof WebAssembly === 'undefined' || typeof Buffer === 'undefined') return undefined;
  let ex: Exports;
  try {
    ex = new WebAssembly.Instance(new WebAssembly.Module(Uint8Array.from(Buffer.from(ANCHORS_WASM, 'base64')))).exports as unknown as Exports;
  } catch {
    return undefined; // no SIMD (old runtime): the indexOf path
  }
  // Room past the fixed layout for the rules' gate sets (gates.ts packs as many as the rules register: 31
  // literals a set, 2.8 KB each): 128 KB holds 46 of them. Grown before any view of the memory is taken.
  try {
    ex.memory.grow(2);
  } catch {
    return undefined;
  }
  const mem = Buffer.from(ex.memory.buffer);
  const t = tables();
  if (
    t.anchors.length !== TABLE_LAYOUT.size ||
    t.tries.length !== TRIE_LAYOUT.size ||
    LIT + LITERAL_LAYOUT.slots * LITERAL_LAYOUT.size > ex.memory.buffer.byteLength
  )
    return undefined;
  mem.set(t.anchors, TBL);
  mem.set(t.tries, TRIE);
  const pos = new Uint32Array(ex.memory.buffer, OUT, CHUNK);
  const flagged = new Uint32Array(ex.memory.buffer, FLAGS, CHUNK >> 5);
  const selected = new Uint32Array(ex.memory.buffer, SEL, 4);
  let selector: Uint8Array | undefined;
  // The literal set of each slot, and what the last scan found of it.
  const literalSets: (LiteralSet | undefined)[] = [];
  const found = new Array<number>(LITERAL_LAYOUT.slots).fill(0);
  // The sets of `literalsIn`, as last copied into memory.
  let extraSets: LiteralSet[] = [];
  /**
   * Copies the chunk of `text` at `from` into the module's input (returns its length). One byte per character:
   * a Latin-1 copy, or, when a character is above 0xFF (`wide`: a copy would keep only its low byte, which can
   * look like an anchor or a blank), UTF-16 narrowed with saturation in the module (anchors.wat says why that
   * is safe). On a one-byte string V8 answers WIDE without reading it.
   */
  const copyIn = (text: string, from: number, wide: boolean): number => {
    const len = Math.min(CHUNK, text.length - from);
    const part = from === 0 && len === text.length ? text : text.slice(from, from + len);
    if (wide) {
      const written = mem.write(part, UCS, 2 * len, 'utf16le');
      if (written !== 2 * len) throw new Error(`anchor scan: copied ${written} of ${2 * len} bytes`);
      ex.narrow(len);
    } else {
      const written = mem.write(part, IN, len, 'latin1');
      if (written !== len) throw new Error(`anchor scan: copied ${written} of ${len} characters`);
    }
    mem.set(ZEROS, IN + len); // (Buffer#fill's argument checks cost more than the 16 bytes)
    return len;
  };
  // The chunk in memory, while `scan` runs: its offset in the text and its length (-1: none).
  let base = 0;
  let chunk = -1;
  return {
    setSelector(tables) {
      // The same tables every call (the masker's): checked and copied once (reading the memory's buffer
      // on every text cost ~1 µs).
      if (selector === tables) return;
      if (tables.length !== SELECT_LAYOUT.size || SEL + tables.length > ex.memory.buffer.byteLength) throw new Error('anchor scan: selector tables do not fit');
      mem.set(tables, SEL);
      selector = tables;
    },
    setLiterals(set, slot = 0) {
      if (literalSets[slot] === set) return;
      if (set === undefined) {
        literalSets[slot] = undefined;
        return;
      }
      if (set.tables.length !== LITERAL_LAYOUT.size || !(Number.isInteger(slot) && slot >= 0 && slot < LITERAL_LAYOUT.slots))
        throw new Error('anchor scan: literal tables do not fit');
      mem.set(set.tables, LIT + slot * LITERAL_LAYOUT.size);
      literalSets[slot] = set;
    },
    literals: (slot = 0) => found[slot]!,
    select(from, to, out) {
      if (selector === undefined || chunk < 0 || from < base || to > base + chunk) return false;
      ex.select(from - base, to - base);
      out.push(selected[0]!, selected[1]!, selected[2]!, selected[3]! & 0x3fffffff);
      return true;
    },
    literalsIn(text, sets, out) {
      const at = LIT + LITERAL_LAYOUT.slots * LITERAL_LAYOUT.size;
      if (at + sets.length * LITERAL_LAYOUT.size > ex.memory.buffer.byteLength) return false;
      if (extraSets.length !== sets.length || extraSets.some((s, k) => s !== sets[k])) {
        sets.forEach((set, k) => {
          if (set.tables.length !== LITERAL_LAYOUT.size) throw new Error('anchor scan: literal tables do not fit');
          mem.set(set.tables, at + k * LITERAL_LAYOUT.size);
        });
        extraSets = sets.slice();
      }
      for (let k = 0; k < sets.length; k++) out[k] = 0;
      out.length = sets.length;
      const wide = WIDE.test(text);
      for (let b = 0; b < text.length; b += CHUNK) {
        const len = copyIn(text, b, wide);
        for (let k = 0; k < sets.length; k++) {
          let f = out[k]! | ex.literals(len, at + k * LITERAL_LAYOUT.size);
          if (b > 0) f |= acrossBoundary(text, b, sets[k]!.list, f);
          out[k] = f;
        }
      }
      return true;
    },
    scan(text, visit, flags) {
      const wide = WIDE.test(text);
      let gates = 0;
      for (let i = 0; i < found.length; i++) found[i] = 0;
      for (base = 0; base < text.length; base += CHUNK) {
        const len = copyIn(text, base, wide);
        const n = ex.anchors(len);
        gates |= ex.gates();
        for (let slot = 0; slot < literalSets.length; slot++) {
          const set = literalSets[slot];
          if (set === undefined) continue;
          let f = found[slot]! | ex.literals(len, LIT + slot * LITERAL_LAYOUT.size);
          // A literal across the boundary with the chunk before: looked for around it.
          if (base > 0) f |= acrossBoundary(text, base, set.list, f);
          found[slot] = f;
        }
        if (flags !== undefined) for (let k = 0, f = ex.flagged(); k < f; k++) flags.push(base + flagged[k]!);
        chunk = len;
        try {
          for (let k = 0; k < n; k++) {
            const r = pos[k]!;
            visit(base + (r & (EXACT - 1)), r >= EXACT);
          }
        } finally {
          chunk = -1;
        }
      }
      return text.length > CHUNK ? -1 : gates;
    },
  };
}

/** The bits of the literals of `list` not in `found` that `text` holds across the offset `at`. */
function acrossBoundary(text: string, at: number, list: readonly string[], found: number): number {
  let bits = 0;
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    if ((found & (1 << i)) === 0 && s.length > 1 && text.slice(Math.max(0, at - s.length + 1), at + s.length - 1).includes(s)) bits |= 1 << i;
  }
  return bits;
}

/**
 * A separate instance loaded with `tables`, not the shared one: for tables built from other word lists
 * (the tests fill every table past what the pre-scan's own lists need, to show the module reads them all).
 */
export function loadAnchorScanner(tables: ScannerTables): AnchorScanner | undefined {
  return load(() => tables);
}

let scanner: AnchorScanner | undefined | null = null;

/** The WebAssembly scanner, or undefined where it cannot run. Loaded once, with the tables `tables()` gives. */
export function anchorScanner(tables: () => ScannerTables): AnchorScanner | undefined {
  if (scanner === null) scanner = load(tables);
  return scanner;
}
