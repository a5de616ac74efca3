// Small constructors shared by the rule tables.
import type { Hit, LineRule, RuleSamples } from '../types';

export interface RegexRuleDef {
  id: string;
  description: string;
  keywords: readonly string[];
  /** Must carry the `g` and `d` flags; group 1 (or the whole match) is the secret. */
  pattern: RegExp;
  /** Capture group holding the secret (default: 1 if it matched, else the whole match). */
  group?: number;
  /** Extra check on the secret (and the whole match): false drops the hit. */
  check?: (secret: string, match: RegExpExecArray, line: string) => boolean;
  priority?: number;
  samples: () => RuleSamples;
}

/**
 * Is the pattern `(?<!…)?(…)(?!…)?`, lookarounds aside one capture group around everything? Then
 * group 1 is the whole match (lookarounds take no characters), and its span is the match's, with no
 * need for the `d` flag's indices (building them cost a third of such a rule's exec). Parentheses
 * are matched with escapes and character classes skipped; anything else answers false.
 */
export function groupIsWholeMatch(source: string): boolean {
  /** Index after the group opening at `i` (source[i] === '('), or -1. */
  const close = (i: number): number => {
    let depth = 0;
    let inClass = false;
    for (let k = i; k < source.length; k++) {
      const c = source[k];
      if (c === '\\') {
        k++;
        continue;
      }
      if (inClass) {
        if (c === ']') inClass = false;
        continue;
      }
      if (c === '[') inClass = true;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return k + 1;
    }
    return -1;
  };
  let i = 0;
  if (source.startsWith('(?<!', i) || source.startsWith('(?<=', i)) {
    i = close(i);
    if (i < 0) return false;
  }
  if (source[i] !== '(' || source[i + 1] === '?') return false;
  i = close(i);
  if (i < 0) return false;
  if (source.startsWith('(?!', i) || source.startsWith('(?=', i)) i = close(i);
  return i === source.length;
}

/**
 * The capture group that ends the pattern (trailing lookaheads aside), or 0: a group at the top
 * level, not quantified, with no top-level `|`. Such a group takes part in every match and ends where
 * the match ends (lookaheads take no characters), so its span is the match's end less its length,
 * with no need for the `d` flag's indices. Escapes and character classes are skipped as in
 * groupIsWholeMatch; anything unbalanced answers 0.
 */
export function groupEndingMatch(source: string): number {
  /** Top-level groups: where each opens and closes (after its `)`), its kind and capture number. */
  const top: { open: number; close: number; kind: 'capture' | 'lookahead' | 'other'; n: number }[] = [];
  const stack: { open: number; kind: 'capture' | 'lookahead' | 'other'; n: number }[] = [];
  let captures = 0;
  let inClass = false;
  for (let k = 0; k < source.length; k++) {
    const c = source[k];
    if (c === '\\') {
      k++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '|' && stack.length === 0) return 0;
    else if (c === '(') {
      const named = source.startsWith('(?<', k) && source[k + 3] !== '=' && source[k + 3] !== '!';
      const kind = source[k + 1] !== '?' || named ? 'capture' : source.startsWith('(?=', k) || source.startsWith('(?!', k) ? 'lookahead' : 'other';
      stack.push({ open: k, kind, n: kind === 'capture' ? ++captures : 0 });
    } else if (c === ')') {
      const g = stack.pop();
      if (g === undefined) return 0;
      if (stack.length === 0) top.push({ ...g, close: k + 1 });
    }
  }
  if (stack.length > 0 || inClass) return 0;
  let end = source.length;
  for (let i = top.length - 1; i >= 0; i--) {
    const g = top[i]!;
    if (g.close !== end) return 0;
    if (g.kind === 'capture') return g.n;
    if (g.kind !== 'lookahead') return 0;
    end = g.open;
  }
  return 0;
}

/** The rule's definitions, for the test that compares regexRule's scan with scanWithIndices. */
export const REGEX_RULE_DEFS = new WeakMap<LineRule, RegexRuleDef>();

/** The scan as written with the `d` flag's indices: the definition the rules' scans are tested against. */
export function scanWithIndices(def: RegexRuleDef, line: string, out: Hit[]): void {
  const re = def.pattern;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const group = def.group ?? (m[1] !== undefined ? 1 : 0);
    if (m[group] === undefined) continue;
    const span = m.indices![group]!;
    const secret = m[group]!;
    if (secret.length > 0 && (def.check === undefined || def.check(secret, m, line))) {
      out.push({ start: span[0], end: span[1], rule: def.id, priority: def.priority ?? 0 });
    }
  }
}

export function regexRule(def: RegexRuleDef): LineRule {
  if (!def.pattern.global || !def.pattern.hasIndices) throw new Error(`rule ${def.id}: pattern needs the g and d flags`);
  const priority = def.priority ?? 0;
  // Group 1 around the whole pattern: the same regex without `d`, the span read off the match. The
  // group ending the pattern: the same regex without `d`, the span ending where the match does.
  const group = def.group ?? 1;
  const plain = group === 1 && groupIsWholeMatch(def.pattern.source) ? new RegExp(def.pattern.source, def.pattern.flags.replace('d', '')) : null;
  const ending = plain === null && groupEndingMatch(def.pattern.source) === group ? new RegExp(def.pattern.source, def.pattern.flags.replace('d', '')) : null;
  const rule: LineRule = {
    id: def.id,
    description: def.description,
    keywords: def.keywords,
    priority,
    samples: def.samples,
    scan(line: string, out: Hit[]): void {
      if (ending !== null) {
        scanEnding(ending, line, out);
        return;
      }
      if (plain === null) {
        scanWithIndices(def, line, out);
        return;
      }
      plain.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = plain.exec(line)) !== null) {
        const secret = m[0];
        if (secret.length === 0) {
          plain.lastIndex++;
          continue;
        }
        if (def.check === undefined || def.check(secret, m, line)) out.push({ start: m.index, end: m.index + secret.length, rule: def.id, priority });
      }
    },
  };
  /** scanWithIndices when the secret's group ends the match: the group chosen as there. */
  function scanEnding(re: RegExp, line: string, out: Hit[]): void {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const g = def.group ?? (m[1] !== undefined ? 1 : 0);
      const secret = m[g];
      if (secret === undefined) continue;
      const end = m.index + m[0].length;
      if (secret.length > 0 && (def.check === undefined || def.check(secret, m, line)))
        out.push({ start: g === 0 ? m.index : end - secret.length, end, rule: def.id, priority });
    }
  }
  REGEX_RULE_DEFS.set(rule, def);
  return rule;
}

/** A vendor token sample set: the token alone, in an assignment, in prose; plus the given traps. */
export function tokenSamples(tokens: string[], traps: string[]): RuleSamples {
  const truePositives = tokens.flatMap((t, i) => [
    { text: `const client = new Client("${t}");`, secrets: [t] },
    { text: i % 2 === 0 ? `export SOME_VAR=${t}` : `  value: '${t}' # rotated monthly`, secrets: [t] },
  ]);
  return { truePositives, falsePositives: traps };
}
