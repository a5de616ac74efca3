// Which line rules a candidate line wakes up: a rule runs when the lower-cased line contains one of
// its keywords. Asking `includes` for each of ~120 keywords cost more than the rules themselves
// (profiled: the single hottest line of the masker), so one regex finds the keywords present.
import type { LineRule } from './types';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * `select(lower)` returns the rules to run on a line, in catalog order (the order decides ties between
 * equal hits, so it must not change). Same answer as "some keyword of the rule is a substring of
 * `lower`": the regex tries every position with the longest keyword first, and a keyword found
 * there also marks every keyword contained in it (a shorter keyword starting at the same position is
 * a prefix of the one found).
 */
export function keywordSelector(rules: readonly LineRule[]): (lower: string) => LineRule[] {
  const words = [...new Set(rules.flatMap((r) => r.keywords))].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  for (const w of words) if (w.length === 0 || w !== w.toLowerCase()) throw new Error(`rule keyword ${JSON.stringify(w)} must be non-empty lower case`);
  const id = new Map(words.map((w, i) => [w, i]));
  const contained = words.map((w) => words.flatMap((k, i) => (w.includes(k) ? [i] : [])));
  const ruleWords = rules.map((r) => r.keywords.map((k) => id.get(k)!));
  const re = new RegExp(`(?=(${words.map(escape).join('|')}))`, 'g');
  const present = new Uint8Array(words.length);
  return (lower: string): LineRule[] => {
    present.fill(0);
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(lower)) !== null) {
      for (const i of contained[id.get(m[1]!)!]!) present[i] = 1;
      re.lastIndex = m.index + 1;
    }
    const out: LineRule[] = [];
    for (let r = 0; r < rules.length; r++) if (ruleWords[r]!.some((i) => present[i] === 1)) out.push(rules[r]!);
    return out;
  };
}
