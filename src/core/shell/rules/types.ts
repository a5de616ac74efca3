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

export interface Rule {
  /** `<category>.<name>`; the category is the prefix (policy entries may name either). */
  id: string;
  description: string;
  tier?: 'destructive' | 'unknown';
  /** Command names (normalized) the check applies to; absent = every sub-command. Lets the catalog run per name. */
  names?: readonly string[];
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
