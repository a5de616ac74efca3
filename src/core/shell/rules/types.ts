// A named rule of the command catalog: what it catches, why, and the examples it is tested on.
import type { Effect } from '../effects';
import type { ShellVars } from '../secretvars';
import type { CommandEnv, Sub } from '../types';

export interface RuleCtx {
  env: CommandEnv;
  subs: Sub[];
  effects: Effect[];
  effectsOf(sub: Sub): Effect[];
  /** Scripts the line wrote with text it shows: that text was judged as the script (write-then-exec skips them). */
  judged?: Set<string>;
  /** Secret-bearing variables on the line, the copies made and the tests and `case`s seen (secretvars.ts). */
  vars?: ShellVars;
}

export interface LineHit {
  sub: Sub | undefined;
  text: string;
  explanation: string;
}

/**
 * Which sub-commands a rule can fire on: those whose name `name` admits (asked once per name, the answer kept),
 * and, whatever the name, those with variable assignments (`assigns`: `X=1 cmd`), run on another host or in a
 * container (`remote`), or with a path effect (`effects`: what ctx.effectsOf gives). Declared from the check's own
 * gates (the same tables); test/unit/shell/ruleindex.test.ts runs every rule on every sub-command of the corpus
 * and the attack sets and fails if one fires outside its declaration.
 */
export interface Concerns {
  name(n: string | null): boolean;
  assigns?: boolean;
  remote?: boolean;
  effects?: boolean;
}

export interface Rule {
  /** `<category>.<name>`; the category is the prefix (policy entries may name either). */
  id: string;
  description: string;
  tier?: 'destructive' | 'unknown';
  /** Command names (normalized) the check applies to; absent = every sub-command. Lets the catalog run per name. */
  names?: readonly string[];
  /**
   * For a rule without `names` (one that judges every sub-command): the sub-commands its check can fire on, so
   * the analyzer runs it on those only. Not `names`: a name there makes a program modelled (and probed), and
   * these rules do not model programs. Absent: every sub-command (a rule that reads any program's words).
   */
  concerns?: Concerns;
  /** Command lines the rule must flag, and look-alikes it must not (true and false positives). */
  examples: { destructive: string[]; benign: string[] };
  /** Per sub-command: an explanation when it fires. */
  check?(sub: Sub, ctx: RuleCtx): string | undefined;
  /** Across the line (exfiltration pipelines, write-then-execute). */
  checkLine?(ctx: RuleCtx): LineHit[];
}

export function category(ruleId: string): string {
  const i = ruleId.indexOf('.');
  return i < 0 ? ruleId : ruleId.slice(0, i);
}
