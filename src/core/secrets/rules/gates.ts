// Which of the forms' gate literals a text holds, found for all of them in one pass of the pre-scan's
// WebAssembly module (anchors.ts `literalsIn`, literals.ts packs the sets). The forms (form-scan.ts and the files
// that use its Form) each name literals of which the text must hold one; asking `text.includes(gate)` for
// each cost one native search of the whole text per gate (about 130 of them, most absent: a whole read each),
// a third of masking a source tree.
// `holds(text, gate)` is exactly `text.includes(gate)`. It is that search for a short text, where the module
// is not loaded, and for a gate the module cannot look for (beyond ASCII, longer than LITERAL_LAYOUT.maxLength).
// A gate not registered beforehand (registerGates, at a rule file's load) joins the others when first asked
// about, at the cost of a second pass over that text.
import { literalSet, packable, type LiteralSet } from '../literals';
import { LITERAL_LAYOUT } from '../anchors';
import { simdScanner } from '../prefilter';

/** Below this length a text's gates are native searches (the module's copy and passes cost more). */
const PASS_MIN = 1024;
/** Literals per set: bit 31 of the module's int32 answer is kept clear, as the masker's sets do. */
const PER_SET = LITERAL_LAYOUT.maxLiterals - 1;

/** Each registered gate's set and bit (set -1: not packable, a native search). */
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
    if (!packable(g)) {
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

/** `text.includes(gate)`, answered for a long text from one pass of the module over it for every registered gate. */
export function holds(text: string, gate: string): boolean {
  if (!where.has(gate)) registerGates([gate]);
  if (pending.length > 0) {
    pack();
    lastText = undefined;
  }
  if (text.length < PASS_MIN) return text.includes(gate);
  if (text !== lastText) {
    lastText = text;
    const simd = simdScanner();
    bits = simd !== undefined && simd.literalsIn(text, sets, scratch) ? scratch : undefined;
  }
  const w = where.get(gate)!;
  if (w.set < 0 || bits === undefined) return text.includes(gate);
  return (bits[w.set]! & w.bit) !== 0;
}

/** Whether `text` holds one of `gates` (as `gates.some((g) => text.includes(g))`). */
export function holdsAny(text: string, gates: readonly string[]): boolean {
  for (let k = 0; k < gates.length; k++) if (holds(text, gates[k]!)) return true;
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
