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

export function regexRule(def: RegexRuleDef): LineRule {
  if (!def.pattern.global || !def.pattern.hasIndices) throw new Error(`rule ${def.id}: pattern needs the g and d flags`);
  const priority = def.priority ?? 0;
  return {
    id: def.id,
    description: def.description,
    keywords: def.keywords,
    priority,
    samples: def.samples,
    scan(line: string, out: Hit[]): void {
      const re = def.pattern;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(line)) !== null) {
        if (m[0].length === 0) { re.lastIndex++; continue; }
        const group = def.group ?? (m[1] !== undefined ? 1 : 0);
        if (m[group] === undefined) continue;
        const span = m.indices![group]!;
        const secret = m[group]!;
        if (secret.length > 0 && (def.check === undefined || def.check(secret, m, line))) {
          out.push({ start: span[0], end: span[1], rule: def.id, priority });
        }
      }
    },
  };
}

/** A vendor token sample set: the token alone, in an assignment, in prose; plus the given traps. */
export function tokenSamples(tokens: string[], traps: string[]): RuleSamples {
  const truePositives = tokens.flatMap((t, i) => [
    { text: `const client = new Client("${t}");`, secrets: [t] },
    { text: i % 2 === 0 ? `export SOME_VAR=${t}` : `  value: '${t}' # rotated monthly`, secrets: [t] },
  ]);
  return { truePositives, falsePositives: traps };
}
