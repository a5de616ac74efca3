// Which of the forms' gate literals a text holds, found for all of them in one pass of the pre-scan's
// WebAssembly module (anchors.ts `literalsIn`, literals.ts packs the sets). The forms (form-scan.ts and the files
// that use its Form) each name literals of which the text must hold one; asking `text.includes(gate)` for
// each cost one native search of the whole text per gate (about 130 of them, most absent: a whole read each),
// a third of masking a source tree.
// `holds(text, gate)` is exactly `text.includes(gate)`. It is that search for a short text, where the module
// is not loaded, for a gate the module cannot look for (beyond ASCII, longer than LITERAL_LAYOUT.maxLength), and for
// a gate of one or two characters (NATIVE_BELOW).
// A gate not registered beforehand (registerGates, at a rule file's load) joins the others when first asked
// about, at the cost of a second pass over that text.
import { literalSet, packable, type LiteralSet } from '../literals';
import { LITERAL_LAYOUT } from '../anchors';
import { simdScanner } from '../prefilter';
import { reading } from '../reading';

/** Below this length a text's gates are native searches (the module's copy and passes cost more). */
const PASS_MIN = 1024;
/** Literals per set: bit 31 of the module's int32 answer is kept clear, as the masker's sets do. */
const PER_SET = LITERAL_LAYOUT.maxLiterals - 1;

/**
 * Gates shorter than this are native searches, not in the module's sets: the one- and two-character ones (`=`, `{`,
 * `#`, `//`, `->`, `${`) stand in the first lines of nearly every text, where `includes` stops, while in the module's
 * pass each of their one- or two-byte windows lets every occurrence through to the compare. Measured on the mask
 * bench's 4 MB tree, every gate asked once a text: 64–67 ms CPU with them in the sets, 57 without.
 */
const NATIVE_BELOW = 3;
/** Each registered gate's set and bit (set -1: not packable or short, a native search). */
const where = new Map<string, { set: number; bit: number }>();
let sets: LiteralSet[] = [];
/** Gates registered since the sets were packed. */
let pending: string[] = [];

/** The text the answers are for, and its bits per set (undefined: no pass, native searches). */
let lastText: string | undefined;
let bits: number[] | undefined;
const scratch: number[] = [];

/** Adds `gates` to the pass. Idempotent. */
export function registerGates(gates: Iterable<string>): void {
  for (const g of gates) {
    if (where.has(g) || pending.includes(g)) continue;
    pending.push(g);
  }
}

/** Packs the pending gates: appended to the last set while it has room, then new sets (existing bits stay). */
function pack(): void {
  const added = pending;
  pending = [];
  for (const g of added) {
    if (where.has(g)) continue;
    if (!packable(g) || g.length < NATIVE_BELOW) {
      where.set(g, { set: -1, bit: 0 });
      continue;
    }
    let k = sets.length - 1;
    if (k < 0 || sets[k]!.list.length >= PER_SET) {
      sets.push(literalSet([]));
      k++;
    }
    const members = [...sets[k]!.list, g];
    sets[k] = literalSet(members);
    where.set(g, { set: k, bit: 1 << (members.length - 1) });
  }
}

/** `gate`'s set and bit, registering it (and packing what is pending: the next pass is over the new sets) first. */
function settle(gate: string): { set: number; bit: number } {
  if (!where.has(gate)) registerGates([gate]);
  if (pending.length > 0) {
    pack();
    lastText = undefined;
  }
  return where.get(gate)!;
}

/** The module's pass over `text` for every set (bits undefined: no module, native searches). */
function passOver(text: string): void {
  lastText = text;
  const simd = simdScanner();
  bits = simd !== undefined && simd.literalsIn(text, sets, scratch) ? scratch : undefined;
}

/**
 * `text.includes(gate)`, answered for a long text from one pass of the module over it for every registered gate.
 * One map lookup a call once every gate is packed (the rules ask about 500 times a text).
 */
export function holds(text: string, gate: string): boolean {
  let w = where.get(gate);
  if (w === undefined || pending.length > 0) w = settle(gate);
  if (text.length < PASS_MIN || reading.plain) return text.includes(gate);
  if (text !== lastText) passOver(text);
  if (w.set < 0 || bits === undefined) return text.includes(gate);
  return (bits[w.set]! & w.bit) !== 0;
}

/** A list of gates as their sets and bits (set -1: a native search), read once per list (holdsAny). */
interface GateList {
  sets: Int32Array;
  bits: Int32Array;
}
const lists = new WeakMap<readonly string[], GateList>();

function gateList(gates: readonly string[]): GateList {
  const sets = new Int32Array(gates.length);
  const bitsOf = new Int32Array(gates.length);
  for (let k = 0; k < gates.length; k++) {
    const w = settle(gates[k]!);
    sets[k] = w.set;
    bitsOf[k] = w.bit;
  }
  return { sets, bits: bitsOf };
}

/**
 * Whether `text` holds one of `gates` (as `gates.some((g) => text.includes(g))`). `gates` is a constant list (a
 * form's): its sets and bits are read once (a set's bits never change once packed) and kept with it.
 */
export function holdsAny(text: string, gates: readonly string[]): boolean {
  let l = lists.get(gates);
  if (l === undefined || pending.length > 0 || l.sets.length !== gates.length) lists.set(gates, (l = gateList(gates)));
  if (text.length < PASS_MIN || reading.plain) {
    for (let k = 0; k < gates.length; k++) if (text.includes(gates[k]!)) return true;
    return false;
  }
  if (text !== lastText) passOver(text);
  const b = bits;
  for (let k = 0; k < gates.length; k++) {
    const set = l.sets[k]!;
    if (set < 0 || b === undefined ? text.includes(gates[k]!) : (b[set]! & l.bits[k]!) !== 0) return true;
  }
  return false;
}

/** Every gate registered so far (the forms' literals): a caller that needs where they stand, not only whether. */
export function registeredGates(): string[] {
  return [...where.keys(), ...pending];
}

/**
 * Whether one pass of the module answers for every registered gate (for a test: sets that outgrow the module's
 * memory are still answered, by a native search per gate — correct, and a third of masking's time).
 */
export function gatePassHolds(): boolean {
  if (pending.length > 0) pack();
  const simd = simdScanner();
  return simd !== undefined && simd.literalsIn('x'.repeat(PASS_MIN), sets, []);
}
