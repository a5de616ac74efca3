// Forms: the machinery the form rules share (secret-by-form, secret-by-word, secret-by-directive,
// secret-by-structure, carriers, dumps, prose, name-value-pair, unnamed-credentials). A form is a regex gated by
// literals its text must hold, with capture groups a judge reads; the gates of all forms are found in one pass over
// the text (gates.ts), and a form runs over the whole text (or on the lines holding a gate) and reports by line.
import { isPlaceholder, isReference, isVariableLed, randomPartOk, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { holds, holdsAny, registerGates } from './gates';
import type { BlockOutput, BlockRule, LineIndex, RuleSamples } from '../types';
import { addHit } from './hits';
import { lineOfPos } from './structure';

/** Below every other rule (the generic assignment is 2): these forms only add what no other rule found. */
export const PRIORITY = 2.5;

export type Judge = (value: string, m: RegExpExecArray, text: string) => boolean;

export interface Form {
  /** Literals (case as written) of which the text must hold one. */
  gates: readonly string[];
  /** Global (`g`) and with indices (`d`). */
  re: RegExp;
  /** Capture groups tried in order: the first that took part holds the secret. */
  groups: readonly number[];
  judge: Judge;
  /** Group 2 is a list: each string in it is judged under the name in group 1 (judge unused). */
  list?: boolean;
  /** The group holds several values: the spans (within it) of the pieces each judged on its own. */
  pieces?: (group: string) => [number, number][];
  /**
   * Run on the lines holding a gate, each line alone (eachGateLineMatch), not over the whole text. Only for a
   * form whose every match lies on one line and holds one of `gates` (case as written: no `i` flag), and whose
   * `re` reads a line alone as it reads it in the text (no `$` or `^` without `m`, no look-around that can see a
   * line break) and whose judge does not read the text: then it finds the same matches in the same order.
   */
  line?: boolean;
  /**
   * With `line`: what finds the lines, when a match need not hold a gate (the text must still hold one): literals
   * (case as written) of which every line holding a match holds one, or a global regex every such line matches.
   */
  anchors?: readonly string[] | RegExp;
  /**
   * With `line`: a cheap test every line holding a match passes, tried on each line found before `re` (whose
   * leading class V8 tries at every character of the line).
   */
  lineTest?: (line: string) => boolean;
  /**
   * Literals (case as written) the text must hold, every one, besides one of `gates`: each match holds them. Their
   * answers come from the gates' one pass, which a form's own search of the text costs more than.
   */
  requires?: readonly string[];
  /**
   * Not with `line`: every match starts where `^` does under `m` (a line start), then blanks, then this character;
   * the form is tried (sticky) only there, not at every character of the text (eachLineStartMatch).
   */
  lineStart?: string;
}

/** The literals a form's lines are found by (gates and literal anchors): for registerGates. */
export const formLiterals = (forms: readonly Form[]): string[] =>
  forms.flatMap((f) => [...(f.anchors === undefined || f.anchors instanceof RegExp ? f.gates : [...f.gates, ...f.anchors]), ...(f.requires ?? [])]);

/** Whether `text` holds every literal `f.requires` names. */
const holdsRequired = (f: Form, text: string): boolean => f.requires === undefined || f.requires.every((r) => holds(text, r));

/** A password where the grammar says password: anything but a reference or a placeholder. */
export const password: Judge = (v) => v.length >= 4 && !isReference(v) && !isPlaceholder(v) && !isVariableLed(v) && valueLooksSecret(v, 'strong', true);
/** A token where nothing names it: random enough to be one. */
export const token: Judge = (v) => v.length >= 16 && !isReference(v) && !isPlaceholder(v) && randomPartOk(v);
/** The value under the name in group `g`: as the name's strength says. */
export const named =
  (g: number): Judge =>
  (v, m) => {
    const strength = classifyName(m[g]!);
    return strength !== null && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, strength, true);
  };

/**
 * A line form's matches in `text` (`visit(m, at, line)`: `at` is added to the match's indices), in the order of
 * `f.re` run over the whole text. A match lies on one line and holds a gate, so only the lines holding a gate
 * can hold one: each is sliced and read alone (V8 tries a form's leading class, e.g. a name's, at every letter
 * of the text: over a source tree, a few such forms cost more than the rest of masking).
 */
export function eachGateLineMatch(f: Form, text: string, visit: (m: RegExpExecArray, at: number, line: string) => void): void {
  if (!holdsRequired(f, text)) return;
  const a = f.anchors;
  if (a instanceof RegExp) {
    if (!holdsAny(text, f.gates)) return;
    a.lastIndex = 0;
    for (let o = a.exec(text); o !== null; o = a.exec(text)) {
      const nl = eachLineMatch(f, text, o.index, visit);
      if (nl < 0) return;
      a.lastIndex = nl + 1;
    }
    return;
  }
  if (a !== undefined && !holdsAny(text, f.gates)) return;
  const lits = a ?? f.gates;
  const next = lits.map((g) => (holds(text, g) ? text.indexOf(g) : -1));
  for (let pos = 0; ;) {
    let p = -1;
    for (let k = 0; k < next.length; k++) {
      if (next[k]! >= 0 && next[k]! < pos) next[k] = text.indexOf(lits[k]!, pos);
      if (next[k]! >= 0 && (p < 0 || next[k]! < p)) p = next[k]!;
    }
    if (p < 0) return;
    const nl = eachLineMatch(f, text, p, visit);
    if (nl < 0) return;
    pos = nl + 1;
  }
}

/**
 * `re`'s (global) non-empty matches on the lines of `text` holding one of `literals` (case as written), each line
 * read alone (`visit(m, at, line)`: `at`, the line's offset, is added to the match's indices), in text order. The
 * same matches `re` finds over the whole text when every match lies on one line (holds no `\n`), holds one of
 * `literals`, and `re` reads a line alone as it reads it in the text (`^`/`$` only under `m`, no look-around that
 * can see a line break): a regex over the whole text is tried at every character of it, this only on those lines.
 */
export function eachLineHolding(text: string, literals: readonly string[], re: RegExp, visit: (m: RegExpExecArray, at: number, line: string) => void): void {
  const next = literals.map((g) => text.indexOf(g));
  for (let pos = 0; ;) {
    let p = -1;
    for (let k = 0; k < next.length; k++) {
      if (next[k]! >= 0 && next[k]! < pos) next[k] = text.indexOf(literals[k]!, pos);
      if (next[k]! >= 0 && (p < 0 || next[k]! < p)) p = next[k]!;
    }
    if (p < 0) return;
    const ls = text.lastIndexOf('\n', p) + 1;
    const nl = text.indexOf('\n', p);
    const line = text.slice(ls, nl < 0 ? text.length : nl);
    re.lastIndex = 0;
    for (let m = re.exec(line); m !== null; m = re.exec(line)) {
      if (m[0].length === 0) re.lastIndex++;
      else visit(m, ls, line);
    }
    if (nl < 0) return;
    pos = nl + 1;
  }
}

/** `f.re`'s matches on the line holding `p`, read alone; the offset of the `\n` that ends it (-1: none). */
function eachLineMatch(f: Form, text: string, p: number, visit: (m: RegExpExecArray, at: number, line: string) => void): number {
  const ls = text.lastIndexOf('\n', p) + 1;
  const nl = text.indexOf('\n', p);
  const line = text.slice(ls, nl < 0 ? text.length : nl);
  if (f.lineTest !== undefined && !f.lineTest(line)) return nl;
  f.re.lastIndex = 0;
  for (let m = f.re.exec(line); m !== null; m = f.re.exec(line)) {
    if (m[0].length === 0) f.re.lastIndex++;
    else visit(m, ls, line);
  }
  return nl;
}

/** The span a form's match holds a secret in (the first group that took part), if its judge says so. */
export function formHit(f: Form, m: RegExpExecArray, text: string, hit: (s: number, e: number) => void): void {
  const g = f.groups.find((k) => m[k] !== undefined);
  if (g === undefined) return;
  if (f.pieces !== undefined) {
    const [gs] = m.indices![g]!;
    for (const [a, b] of f.pieces(m[g]!)) if (f.judge(m[g]!.slice(a, b), m, text)) hit(gs + a, gs + b);
    return;
  }
  const v = m[g]!;
  if (v === '' || !f.judge(v, m, text)) return;
  const [s, e] = m.indices![g]!;
  hit(s, e);
}

/**
 * Every form's hits in `text`, under `rule`: a line form on the lines holding one of its gates, any other form over
 * the whole text when one of its gates is in it (the gates of all forms are found in one pass: gates.ts).
 */
export function scanForms(forms: readonly Form[], text: string, index: LineIndex, out: BlockOutput, rule: string): void {
  for (const f of forms) scanForm(f, text, index, out, rule);
}

/** One form's hits in `text` (see scanForms). */
export function scanForm(f: Form, text: string, index: LineIndex, out: BlockOutput, rule: string): void {
  if (f.line === true) {
    eachGateLineMatch(f, text, (m, at, line) => formHit(f, m, line, (s, e) => push(text, index, out, at + s, at + e, rule)));
    return;
  }
  eachTextMatch(f, text, (m) => formHit(f, m, text, (s, e) => push(text, index, out, s, e, rule)));
}

/**
 * A form's (not a `line` form's) non-empty matches in `text`, as `f.re` finds them over the whole text, when it
 * holds one of the gates and every literal `requires` names (`lineStart`: tried only at the line starts it names).
 */
export function eachTextMatch(f: Form, text: string, visit: (m: RegExpExecArray) => void): void {
  if (!holdsAny(text, f.gates) || !holdsRequired(f, text)) return;
  if (f.lineStart !== undefined) {
    eachLineStartMatch(f, text, visit);
    return;
  }
  f.re.lastIndex = 0;
  for (let m = f.re.exec(text); m !== null; m = f.re.exec(text)) {
    if (m[0].length === 0) {
      f.re.lastIndex++;
      continue;
    }
    visit(m);
  }
}

/** Each form's `re`, sticky (for eachLineStartMatch). */
const stickies = new WeakMap<RegExp, RegExp>();

/** A line terminator as `^` under `m` knows them: `\n`, `\r`, U+2028, U+2029. */
const terminator = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/**
 * A `lineStart` form's matches in `text`, in the order of `f.re` run over it (a match is non-empty): `re` tried
 * sticky at each line start whose blanks are followed by `f.lineStart`, from the end of the last match on — the
 * starts `re` itself could match at, in order, so the first that matches is the match `re` finds.
 */
function eachLineStartMatch(f: Form, text: string, visit: (m: RegExpExecArray) => void): void {
  let re = stickies.get(f.re);
  if (re === undefined) stickies.set(f.re, (re = new RegExp(f.re.source, f.re.flags.replace('g', '') + 'y')));
  const ch = f.lineStart!;
  let from = 0;
  for (let p = text.indexOf(ch); p >= 0; p = text.indexOf(ch, p + 1)) {
    let b = p;
    while (b > 0 && (text.charCodeAt(b - 1) === 32 || text.charCodeAt(b - 1) === 9)) b--;
    if (b < from || (b > 0 && !terminator(text.charCodeAt(b - 1)))) continue;
    re.lastIndex = b;
    const m = re.exec(text);
    if (m === null || m[0].length === 0) continue;
    visit(m);
    from = b + m[0].length;
  }
}

/** A hit at text offsets [s, e) (on one line), under `rule`. */
export function push(text: string, index: LineIndex, out: BlockOutput, s: number, e: number, rule: string, priority = PRIORITY): void {
  const starts = index.starts();
  const li = lineOfPos(starts, s);
  addHit(out, li, { start: s - starts[li]!, end: e - starts[li]!, rule, priority });
}

/**
 * A block rule made of forms alone: it runs when the text holds one of their gates (registered with the gates'
 * one pass at load), and its hits rank at `priority` among the rules.
 */
export function formsRule(id: string, description: string, forms: readonly Form[], priority: number, samples: () => RuleSamples): BlockRule {
  const gates = formLiterals(forms);
  registerGates(gates);
  return {
    id,
    description,
    gate: '',
    applies: (text) => holdsAny(text, gates),
    scan(text: string, index: LineIndex, out: BlockOutput): void {
      const mine: BlockOutput = { hits: new Map(), protect: out.protect };
      scanForms(forms, text, index, mine, id);
      for (const [li, hits] of mine.hits) for (const h of hits) addHit(out, li, { ...h, priority });
    },
    samples,
  };
}
