// Shared empty values for the classifier's hot path. Most sub-commands have no assignments, redirections,
// path effects or options; giving each its own empty array or object was a large share of the garbage made
// per command line (and garbage-collector pauses are what set the p99 latency). These are read-only by
// contract. They are not frozen: V8 takes slower paths on frozen arrays (measured: more allocation, not less).
// Threat: a rule that pushed into one would leak state into every later decision. `emptiesIntact` checks
// and repairs them after every analysis, and the analysis that saw one modified fails closed.
import type { Effect } from './effects';
import type { Redir, Stdin, W } from './types';

export const NO_EFFECTS: Effect[] = [];
export const NO_WORDS: readonly W[] = [];
export const NO_ASSIGNS: Record<string, string | null> = {};
export const NO_REDIRS: Redir[] = [];
export const NO_STDIN: Stdin = { kind: 'none' };
/** Sub.meta of a command no wrapper said anything about (nothing writes a Sub's meta after emit). */
export const NO_META: Record<string, unknown> = {};
export const NO_PENDING: { rule: string; explanation: string }[] = [];
/** The git config of a git command without `-c` (its meta has no gitConfig then). */
export const NO_CONFIG: Record<string, string | null> = {};

/** The program texts of an interpreter command that has none (interp.ts programTexts). */
export const NO_TEXTS: readonly (string | null)[] = [];
/** What a one-liner without shell-outs spawns (interp.ts shellOuts). */
export const NO_SHELL_OUTS: { readonly literals: readonly string[]; readonly spawns: boolean } = { literals: [], spawns: false };

const ARRAYS = [NO_EFFECTS, NO_WORDS, NO_REDIRS, NO_PENDING, NO_TEXTS, NO_SHELL_OUTS.literals] as unknown[][];
const OBJECTS = [NO_ASSIGNS, NO_META, NO_CONFIG] as Record<string, unknown>[];

/** True when every shared empty is still empty; repairs any that is not (so one bug cannot persist). */
export function emptiesIntact(): boolean {
  let ok = true;
  for (const a of ARRAYS) {
    if (a.length !== 0) {
      a.length = 0;
      ok = false;
    }
  }
  for (const o of OBJECTS) {
    for (const k in o) {
      delete o[k];
      ok = false;
    }
  }
  if (NO_SHELL_OUTS.spawns) {
    (NO_SHELL_OUTS as { spawns: boolean }).spawns = false;
    ok = false;
  }
  if (NO_STDIN.kind !== 'none' || ownKeys(NO_STDIN) !== 1) {
    for (const k of Object.keys(NO_STDIN)) delete (NO_STDIN as Record<string, unknown>)[k];
    (NO_STDIN as { kind: string }).kind = 'none';
    ok = false;
  }
  return ok;
}

/** Object.keys(o).length without the array (this runs after every analysis). */
function ownKeys(o: object): number {
  let n = 0;
  for (const k in o) if (Object.prototype.hasOwnProperty.call(o, k)) n++;
  return n;
}
