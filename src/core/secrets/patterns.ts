// User patterns from `.agentguard.yaml` (masking.patterns). They are security input written by a
// person, and a bad one must surface at policy load with a message, never crash a read later.

const MAX_PATTERN = 1000;

/** An error message for the policy file, or undefined when the pattern is usable. */
export function validatePattern(regex: string): string | undefined {
  if (typeof regex !== 'string' || regex.length === 0) return 'pattern is empty';
  if (regex.length > MAX_PATTERN) return `pattern is longer than ${MAX_PATTERN} characters`;
  let re: RegExp;
  try {
    re = new RegExp(regex, 'g');
  } catch (e) {
    return `not a valid regular expression: ${(e as Error).message}`;
  }
  if (re.test('')) return 'pattern matches the empty string (it would mask nothing useful and loop on every position)';
  // Threat: a nested quantifier such as (a+)+ can take exponential time on a crafted line,
  // freezing every read. Refuse the shapes that cause it rather than trying to time out.
  if (/\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]/.test(regex))
    return 'nested quantifier (like (a+)+) may take exponential time; rewrite without repeating a repeated group';
  return undefined;
}

export interface CompiledPattern {
  rule: string;
  re: RegExp;
}

/** Rule id shown in placeholders: `«secret:custom-<name>#1»`. */
export function patternRuleId(name: string): string {
  const slug = String(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `custom-${slug || 'pattern'}`;
}

/** Compiles the valid patterns; invalid ones are reported, not thrown. */
export function compilePatterns(list: { name: string; regex: string }[] | undefined): { patterns: CompiledPattern[]; errors: string[] } {
  const patterns: CompiledPattern[] = [];
  const errors: string[] = [];
  for (const p of list ?? []) {
    const err = validatePattern(p?.regex);
    if (err !== undefined) {
      errors.push(`${p?.name ?? '(unnamed)'}: ${err}`);
      continue;
    }
    patterns.push({ rule: patternRuleId(p.name), re: new RegExp(p.regex, 'gmd') });
  }
  return { patterns, errors };
}
