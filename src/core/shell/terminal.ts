// A terminal that outlives the command: VS Code's agent runs `run_in_terminal` commands one after another in
// one interactive shell per chat session ("preserving environment variables, working directory, and other
// context across multiple commands"). Threat: `cd tests` in one call, `echo x > util.ts` in the next, judged
// alone, writes a new file at the workspace root; `cd .git/hooks` then `printf … > pre-commit` writes a hook;
// `f(){ cd .git/hooks; }` then `f && cp /tmp/x pre-commit`. What a call leaves behind changes what the next
// one does, so the guard follows it: where the shell may stand, and the functions and aliases defined in it.
//
// The state is a set of places the shell may stand (the workspace root always among them: the person may
// have closed the terminal, VS Code may have started a new one, the command may have been skipped at the
// host's prompt), or "unknown" (a `cd` only known at run time, too many places). A command is judged once for
// each place (`cd -- '<place>'` before it), with the definitions made in earlier calls before it, and the
// worst verdict wins. Pure: the node side keeps the state on disk between the hook's processes.
import { parse } from 'unbash';
import { analyze } from './analyze';
import type { CommandEnv } from './types';

export interface TerminalState {
  v: 1;
  /** Places other than the workspace root where the shell may stand; null: one only known at run time. */
  cwds: (string | null)[];
  /** Function and alias definitions made by earlier calls, in order (source text). */
  defs: string[];
  /** A call allowed to run whose after-hook has not come yet: where the shell stands if it ran. */
  pending?: { id: string; cwds: (string | null)[] };
}

export const EMPTY_TERMINAL: TerminalState = { v: 1, cwds: [], defs: [] };

/** Past this many places the state is "unknown": judging each would cost more than it tells. */
export const MAX_PLACES = 4;
/** Past this much definition text, the definitions are no longer followed and every place is unknown. */
export const MAX_DEFS_CHARS = 16 * 1024;

/** A variable no shell sets: `cd` to it is a `cd` the guard cannot follow (every relative path is unknown). */
const UNKNOWN_PLACE = 'cd -- "$AGENTGUARD_TERMINAL_DIR_UNKNOWN"';

function shq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The text that puts a fresh analysis where an earlier call left the shell. */
function prelude(state: TerminalState, place: string | null | undefined): string {
  const parts = state.defs.slice();
  if (place === null) parts.push(UNKNOWN_PLACE);
  else if (place !== undefined) parts.push(`cd -- ${shq(place)}`);
  return parts.length ? parts.join('\n') + '\n' : '';
}

/** Whether the state says anything: a session that never moved or defined anything is judged as before. */
export function isFresh(state: TerminalState): boolean {
  return state.cwds.length === 0 && state.defs.length === 0 && state.pending === undefined;
}

function places(state: TerminalState): (string | null)[] {
  const out = state.cwds.slice();
  // A call whose after-hook never came may or may not have run: both places stay possible.
  if (state.pending) for (const p of state.pending.cwds) if (!out.includes(p)) out.push(p);
  return out;
}

/**
 * The lines to judge for `command` in this terminal: the command as typed (at the workspace root, with the
 * definitions before it) and the command at each other place the shell may stand.
 */
export function linesToJudge(command: string, state: TerminalState): string[] {
  // The terminal is an interactive shell: its history is on, and `history` prints what was typed there (and the
  // history file it loaded). Said only to lines that may print it, so other lines are judged as typed.
  const hist = HISTORY_WORD.test(command) || (state.defs.length > 0 && HISTORY_WORD.test(state.defs.join('\n'))) ? INTERACTIVE_HISTORY : '';
  if (isFresh(state)) return [hist + command];
  const out = [prelude(state, undefined) + hist + command];
  for (const p of places(state)) out.push(prelude(state, p) + hist + command);
  return out;
}

/** A word that may print the shell's history list. */
const HISTORY_WORD = /\bhistory\b/;
const INTERACTIVE_HISTORY = 'set -o history\n';

/** A definition whose body may move the shell. */
const MOVES = /\b(?:cd|pushd|popd|chdir)\b/;

/**
 * The definitions of a line an interactive shell keeps that the next calls must follow: top-level functions
 * and aliases whose body moves the shell (an alias as the function it amounts to: `alias h='cd .git/hooks'` is
 * `h() { cd .git/hooks "$@"; }`). The others were judged where they were defined (a body is code: `f(){ rm -rf
 * src; }` and `alias ls='rm -rf src'` are asked then) and are not judged again with every later command.
 */
export function definitionsOf(command: string): string[] {
  if (!MOVES.test(command) || !/\(\s*\)|\bfunction\b|\balias\b/.test(command)) return [];
  const out: string[] = [];
  let script;
  try {
    script = parse(command);
  } catch {
    return [];
  }
  const visit = (node: { type: string; pos: number; end: number } & Record<string, unknown>): void => {
    if (node.type === 'Function') {
      const text = command.slice(node.pos, node.end);
      if (MOVES.test(text)) out.push(text);
    } else if (node.type === 'Command') {
      const name = (node.name as { value?: string } | undefined)?.value;
      if (name !== 'alias' || !Array.isArray(node.suffix)) return;
      // unbash reads `alias h='cd x'` as an assignment word: its name, and its value after quote removal.
      for (const w of node.suffix as { type: string; name?: unknown; value?: { value?: unknown } }[]) {
        const name = typeof w.name === 'string' ? w.name : (w.name as { value?: unknown } | undefined)?.value;
        const body = w.value?.value;
        if (w.type === 'Assignment' && typeof name === 'string' && /^[A-Za-z_][\w-]*$/.test(name) && typeof body === 'string' && MOVES.test(body))
          out.push(`${name}() { ${body} "$@"; }`);
      }
    } else if (node.type === 'AndOr') for (const c of node.commands as never[]) visit(c);
    else if (node.type === 'BraceGroup')
      for (const st of (node.body as { commands: { command: never; background?: boolean }[] }).commands) if (!st.background) visit(st.command);
  };
  for (const st of script.commands) if (!st.background) visit(st.command as never);
  return out;
}

/** Where the shell stands after `command`, started at `place` (undefined: the workspace root). */
function endOf(command: string, state: TerminalState, place: string | null | undefined, env: CommandEnv): string | null {
  if (!/\b(cd|pushd|popd|chdir)\b/.test(command) && !/\b(cd|pushd|popd|chdir)\b/.test(state.defs.join('\n')))
    return place === undefined ? env.workspace : place;
  const end = analyze(prelude(state, place) + command, env).endCwd;
  return end === undefined ? null : end;
}

function addPlace(list: (string | null)[], p: string | null, root: string): void {
  if (p === root || list.includes(p)) return;
  list.push(p);
}

function capped(list: (string | null)[]): (string | null)[] {
  return list.length > MAX_PLACES || list.includes(null) ? [null] : list;
}

/**
 * The state after `command` was let through (allowed, or handed to a person who may run it): every place it
 * may leave the shell in is possible until its after-hook says it ran (settle). `id` joins the two hooks.
 */
export function afterAllowed(command: string, state: TerminalState, id: string, env: CommandEnv): TerminalState {
  const root = env.workspace;
  const ends: (string | null)[] = [];
  for (const p of [undefined, ...places(state)]) addPlace(ends, endOf(command, state, p, env), root);
  const defs = state.defs.concat(definitionsOf(command));
  const cwds = state.cwds.slice();
  if (state.pending) for (const p of state.pending.cwds) addPlace(cwds, p, root);
  if (defs.join('\n').length > MAX_DEFS_CHARS) return { v: 1, cwds: [null], defs: state.defs, pending: undefined };
  // Nothing moved and nothing was defined: no state to keep (a session that never leaves the root writes none).
  if (ends.length === 0 && cwds.length === 0 && defs.length === 0) return EMPTY_TERMINAL;
  return { v: 1, cwds: capped(cwds), defs, pending: { id, cwds: capped(ends) } };
}

/** The after-hook of call `id` came: it ran, so the shell stands where it left it. */
export function settle(state: TerminalState, id: string): TerminalState {
  if (!state.pending || state.pending.id !== id) return state;
  return { v: 1, cwds: state.pending.cwds, defs: state.defs };
}

/** A state read back from disk, checked field by field; anything else is "unknown place" (fail closed). */
export function readState(x: unknown): TerminalState {
  const bad: TerminalState = { v: 1, cwds: [null], defs: [] };
  if (!x || typeof x !== 'object') return bad;
  const o = x as Record<string, unknown>;
  const places = (v: unknown): (string | null)[] | undefined =>
    Array.isArray(v) && v.every((p) => p === null || typeof p === 'string') ? (v as (string | null)[]) : undefined;
  const cwds = places(o.cwds);
  const defs = Array.isArray(o.defs) && o.defs.every((d) => typeof d === 'string') ? (o.defs as string[]) : undefined;
  if (o.v !== 1 || !cwds || !defs) return bad;
  let pending: TerminalState['pending'];
  if (o.pending !== undefined) {
    const p = o.pending as Record<string, unknown> | null;
    const pc = p && typeof p === 'object' ? places(p.cwds) : undefined;
    if (!p || typeof p.id !== 'string' || !pc) return { v: 1, cwds: [null], defs };
    pending = { id: p.id, cwds: pc };
  }
  return { v: 1, cwds, defs, pending };
}
