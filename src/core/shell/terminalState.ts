// The state of a terminal that outlives the command (see terminal.ts): where the shell may stand and the
// definitions made in it, and the lines to judge for the next command. Pure and parser-free, so the hook
// bridge reads and keeps the state without loading the shell parser (src/core/shell/terminal.ts, which works
// out where a command leaves the shell, loads with the engine: src/core/lazyModules.ts).
export interface TerminalState {
  v: 1;
  /** Places other than the workspace root where the shell may stand; null: one only known at run time. */
  cwds: (string | null)[];
  /** Function and alias definitions and shell state (options, GLOBIGNORE, CDPATH) set by earlier calls, in order (source text). */
  defs: string[];
  /**
   * Functions and aliases (as functions) defined by earlier calls: [name, body]. Handed to the judging of a later
   * call beside its text (CanonicalCall.shellFunctions), so a use is judged by its body, not by the name's program.
   */
  fns?: [string, string][];
  /**
   * false: the shell is known not to stand at the workspace root (a dry-run session's allowed `cd src`), so a later
   * call starts only from `cwds` when where it leaves the shell is worked out (`cd ..` from src lands at the root,
   * not also above it). Absent: the root is always possible (a host may open a new terminal there at any call).
   */
  root?: false;
  /** A call allowed to run whose after-hook has not come yet: where the shell stands if it ran. */
  pending?: { id: string; cwds: (string | null)[]; root?: false; vars?: string[] };
}

/** The tag on a kept variable assignment in `defs` (varsAfter): `f='src/a.ts' # agentguard:var`, one name a line. */
export const VAR_TAG = ' # agentguard:var';

const VAR_NAME = /^([A-Za-z_][A-Za-z0-9_]*)=/;

/**
 * `defs` with the variable lines `vars` after them, each in place of the earlier line of its name: the analysis
 * joins every value a name was given on a line (a branch may have set either), so a stale line left before the
 * new one would make the name unknown again (`X="$…UNKNOWN"` then `X=rm` reads as unknown, `X=src` then `X=.env`
 * as either).
 */
export function withVars(defs: readonly string[], vars: readonly string[]): string[] {
  if (vars.length === 0) return defs.slice();
  const names = new Set(vars.map((v) => VAR_NAME.exec(v)?.[1]));
  return defs.filter((d) => !(d.endsWith(VAR_TAG) && names.has(VAR_NAME.exec(d)?.[1]))).concat(vars);
}

export const EMPTY_TERMINAL: TerminalState = { v: 1, cwds: [], defs: [] };

/** Past this many places the state is "unknown": judging each would cost more than it tells. */
export const MAX_PLACES = 4;
/** Past this much definition text, the definitions are no longer followed and every place is unknown. */
export const MAX_DEFS_CHARS = 16 * 1024;

/** A variable no shell sets: `cd` to it is a `cd` the guard cannot follow (every relative path is unknown). */
const UNKNOWN_PLACE = 'cd -- "$AGENTGUARD_TERMINAL_DIR_UNKNOWN"';

const UNKNOWN_OLDPWD = 'OLDPWD="$AGENTGUARD_TERMINAL_OLDPWD_UNKNOWN"';

function shq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The text that puts a fresh analysis where an earlier call left the shell. */
export function prelude(state: TerminalState, place: string | null | undefined): string {
  const parts = state.defs.slice();
  if (place === null) parts.push(UNKNOWN_PLACE);
  else if (place !== undefined) parts.push(`cd -- ${shq(place)}`);
  // The prelude's own cd would make $OLDPWD the root; the terminal's is wherever an earlier call left it, which the
  // state does not keep: `cd -`, `~-` and `$OLDPWD` are unknown (cd secrets ⏎ cd /tmp ⏎ cd - ⏎ cat prod.json).
  if (place !== undefined) parts.push(UNKNOWN_OLDPWD);
  return parts.length ? parts.join('\n') + '\n' : '';
}

/** Whether the state says anything: a session that never moved or defined anything is judged as before. */
export function isFresh(state: TerminalState): boolean {
  return state.cwds.length === 0 && state.defs.length === 0 && state.pending === undefined && !state.fns?.length;
}

export function places(state: TerminalState): (string | null)[] {
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

/** The after-hook of call `id` came: it ran, so the shell stands where it left it. */
export function settle(state: TerminalState, id: string): TerminalState {
  if (!state.pending || state.pending.id !== id) return state;
  // The variables it assigns hold now that it ran (until then they were unknown: it may not have run).
  const defs = state.pending.vars?.length ? withVars(state.defs, state.pending.vars) : state.defs;
  return {
    v: 1,
    cwds: state.pending.cwds,
    defs,
    ...(state.fns ? { fns: state.fns } : {}),
    ...(state.pending.root === false && state.pending.cwds.length > 0 ? { root: false as const } : {}),
  };
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
  // Kept functions: a malformed list is an unknown place (fail closed), as a malformed field is.
  let fns: [string, string][] | undefined;
  if (o.fns !== undefined) {
    if (!Array.isArray(o.fns) || !o.fns.every((f) => Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && typeof f[1] === 'string'))
      return { v: 1, cwds: [null], defs };
    fns = o.fns as [string, string][];
  }
  let pending: TerminalState['pending'];
  if (o.pending !== undefined) {
    const p = o.pending as Record<string, unknown> | null;
    const pc = p && typeof p === 'object' ? places(p.cwds) : undefined;
    if (!p || typeof p.id !== 'string' || !pc) return { v: 1, cwds: [null], defs, ...(fns ? { fns } : {}) };
    const vars = Array.isArray(p.vars) && p.vars.every((d) => typeof d === 'string' && d.endsWith(VAR_TAG)) ? (p.vars as string[]) : undefined;
    pending = { id: p.id, cwds: pc, ...(p.root === false && pc.length > 0 ? { root: false as const } : {}), ...(vars?.length ? { vars } : {}) };
  }
  // Only a state that names where the shell stands instead may leave the root out (fail closed: root possible).
  return { v: 1, cwds, defs, pending, ...(fns ? { fns } : {}), ...(o.root === false && cwds.length > 0 ? { root: false as const } : {}) };
}
