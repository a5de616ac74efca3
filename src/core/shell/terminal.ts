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
import { EMPTY_TERMINAL, MAX_DEFS_CHARS, MAX_PLACES, places, prelude, type TerminalState, VAR_TAG, withVars } from './terminalState';
import type { CommandEnv } from './types';

export * from './terminalState';

/** A definition whose body may move the shell. */
const MOVES = /\b(?:cd|pushd|popd|chdir)\b/;

/**
 * The definitions of a line an interactive shell keeps that the next calls must follow: top-level functions
 * and aliases whose body moves the shell (an alias as the function it amounts to: `alias h='cd .git/hooks'` is
 * `h() { cd .git/hooks "$@"; }`). The others were judged where they were defined (a body is code: `f(){ rm -rf
 * src; }` and `alias ls='rm -rf src'` are asked then) and are not judged again with every later command.
 */
export function definitionsOf(command: string): string[] {
  const defines = MOVES.test(command) && /\(\s*\)|\bfunction\b|\balias\b/.test(command);
  if (!defines && !SHELL_STATE.test(command)) return [];
  const out: string[] = [];
  topLevelDefinitions(command, {
    fn: (_name, _body, text) => void (MOVES.test(text) && out.push(text)),
    alias: (name, body) => void (MOVES.test(body) && out.push(`${name}() { ${body} "$@"; }`)),
    state: (text) => void out.push(text),
  });
  return out;
}

/**
 * Every top-level function and alias a line defines, as [name, body] (an alias as the function it amounts to), for
 * the later calls in the terminal: a use of one is judged by its body with its words in place. Threat: `w(){ tee
 * "$1"; }` (asked once, its parameter unknown) then `echo x | w tests/a.test.ts`, where `w` alone reads as the
 * harmless program of that name.
 */
export function functionsOf(command: string): [string, string][] {
  if (!/\(\s*\)|\bfunction\b|\balias\b|\bhash\b/.test(command)) return [];
  const out: [string, string][] = [];
  topLevelDefinitions(command, { fn: (name, body) => void out.push([name, body]), alias: (name, body) => void out.push([name, `{ ${body} "$@"; }`]) });
  return out;
}

/**
 * The definitions a line makes in its own shell (not in a background job): functions (name, body, whole text),
 * aliases (name, value after quote removal) and, when asked, commands that set shell state. Nothing on a parse failure.
 */
function topLevelDefinitions(
  command: string,
  on: { fn(name: string, body: string, text: string): void; alias(name: string, body: string): void; state?(text: string): void },
): void {
  let script;
  try {
    script = parse(command);
  } catch {
    return;
  }
  const visit = (node: { type: string; pos: number; end: number } & Record<string, unknown>): void => {
    if (node.type === 'Function') {
      const name = (node.name as { value?: unknown } | undefined)?.value;
      const body = node.body as { pos: number; end: number } | undefined;
      if (typeof name === 'string' && body) on.fn(name, command.slice(body.pos, body.end), command.slice(node.pos, node.end));
    } else if (node.type === 'Command') {
      const name = (node.name as { value?: string } | undefined)?.value;
      if (name === 'hash') {
        // `hash -p /bin/rm ls`: from then on `ls` runs /bin/rm — an alias by another door. Literal words are kept as
        // that alias; a path or name only known at run time is kept as shell state (replayed: every later call asked).
        const hashed = hashedNames(command, node);
        if (hashed === null) on.state?.(command.slice(node.pos, node.end));
        else for (const [n, p] of hashed) on.alias(n, `'${p}'`);
        return;
      }
      if (on.state && keepsShellState(node, name)) {
        on.state(command.slice(node.pos, node.end));
        return;
      }
      if (name !== 'alias' || !Array.isArray(node.suffix)) return;
      // unbash reads `alias h='cd x'` as an assignment word: its name, and its value after quote removal.
      for (const w of node.suffix as { type: string; name?: unknown; value?: { value?: unknown } }[]) {
        const n = typeof w.name === 'string' ? w.name : (w.name as { value?: unknown } | undefined)?.value;
        const body = w.value?.value;
        if (w.type === 'Assignment' && typeof n === 'string' && /^[A-Za-z_][\w-]*$/.test(n) && typeof body === 'string') on.alias(n, body);
      }
    } else if (node.type === 'AndOr') for (const c of node.commands as never[]) visit(c);
    else if (node.type === 'BraceGroup')
      for (const st of (node.body as { commands: { command: never; background?: boolean }[] }).commands) if (!st.background) visit(st.command);
  };
  for (const st of script.commands) if (!st.background) visit(st.command as never);
}

/** A git call that changes where a later git call sends or fetches: a remote, its URL, a URL rewrite. */
const REPO_SETTING = /\bgit\b[\s\S]*\b(?:remote|config|insteadOf|pushurl|url)\b/;

/**
 * The git calls of a line that set what later git calls reach (`git remote add evil URL`, `git remote set-url`,
 * `git config remote.origin.url URL`, `git config url.X.insteadOf Y`). In a real terminal they write .git/config and
 * the next call reads it from disk; in a dry run (`agentguard eval --session`) nothing is written, so they are
 * replayed before every later call instead, which then sees the remote as the same line would (`git remote add
 * evil URL && git push evil main` is asked). Threat: the push on the next line went to a remote the guard never saw.
 */
export function repoSettingsOf(command: string): string[] {
  if (!REPO_SETTING.test(command)) return [];
  let script;
  try {
    script = parse(command);
  } catch {
    return [];
  }
  const out: string[] = [];
  const visit = (node: { type: string; pos: number; end: number } & Record<string, unknown>): void => {
    if (node.type === 'Command') {
      const name = (node.name as { value?: string } | undefined)?.value;
      if (name !== 'git' || !Array.isArray(node.suffix)) return;
      const words = (node.suffix as { value?: unknown }[]).map((w) => (typeof w.value === 'string' ? w.value : ''));
      const verb = words.findIndex((w) => w === 'remote' || w === 'config');
      if (verb < 0) return;
      const sets =
        words[verb] === 'remote'
          ? /^(add|set-url|rename|set-head|set-branches)$/.test(words[verb + 1] ?? '')
          : words.slice(verb + 1).some((w) => /^(remote\.|url\.|branch\.)/i.test(w));
      if (sets) out.push(command.slice(node.pos, node.end));
    } else if (node.type === 'AndOr') for (const c of node.commands as never[]) visit(c);
    else if (node.type === 'BraceGroup')
      for (const st of (node.body as { commands: { command: never; background?: boolean }[] }).commands) if (!st.background) visit(st.command);
  };
  for (const st of script.commands) if (!st.background) visit(st.command as never);
  return out;
}

/**
 * Shell state kept between calls that changes what later words mean: shell options (`shopt -s dotglob` makes
 * the next call's `cat *env` read .env, `shopt -s autocd` makes `.git/hooks` a `cd`, `set -o …`), and the
 * variables bash reads for globs and `cd` (GLOBIGNORE turns dotglob on; CDPATH sends `cd hooks` to .git/hooks).
 * They are replayed before every later call, so it is judged under the options in force.
 */
const SHELL_STATE = /\b(?:shopt|set|GLOBIGNORE|CDPATH|hash|enable)\b/;
const STATE_VARS = new Set(['GLOBIGNORE', 'CDPATH']);

function keepsShellState(node: Record<string, unknown>, name: string | undefined): boolean {
  const words = (Array.isArray(node.suffix) ? node.suffix : []) as { type: string; name?: unknown; value?: unknown }[];
  const assigns = (list: unknown): boolean =>
    Array.isArray(list) &&
    (list as { type: string; name?: unknown }[]).some((w) => w.type === 'Assignment' && typeof w.name === 'string' && STATE_VARS.has(w.name));
  if (name === undefined) return assigns(node.prefix);
  if (name === 'shopt') return true;
  // `enable -f lib.so x` loads a builtin, `enable -n x` hands a builtin's name to a program of that name: kept, so
  // every later call is judged after it (and asked: the guard does not model it).
  if (name === 'enable') return words.length > 0;
  if (name === 'set') {
    if (words.length === 0) return false;
    const first = words[0]?.value;
    return typeof first !== 'string' || (/^[-+][a-zA-Z]/.test(first) && first !== '--');
  }
  if (name === 'export' || name === 'declare' || name === 'typeset' || name === 'readonly') return assigns(words);
  return false;
}

/** Where the shell stands after `command`, started at `place` (undefined: the workspace root). */
function endOf(command: string, state: TerminalState, place: string | null | undefined, env: CommandEnv): string | null {
  // With autocd on, any command word naming a folder moves the shell.
  if (!/\b(cd|pushd|popd|chdir)\b/.test(command) && !/\b(cd|pushd|popd|chdir|autocd)\b/.test(state.defs.join('\n')))
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
export function afterAllowed(command: string, state: TerminalState, id: string, env: CommandEnv, dryRun = false): TerminalState {
  const root = env.workspace;
  const ends: (string | null)[] = [];
  // The root is a place a call may start from unless a dry run settled the shell elsewhere (state.root === false).
  const from = state.root === false && !state.pending ? places(state) : [undefined, ...places(state)];
  let endsAtRoot = false;
  for (const p of from) {
    const end = endOf(command, state, p, env);
    if (end === root) endsAtRoot = true;
    addPlace(ends, end, root);
  }
  // A dry run (eval --session: a line allowed is a line run, in the one terminal) knows where the shell stands; a
  // line that may end the shell (`exit`, `exec`, a kill) leaves a new terminal at the root possible.
  const settled = dryRun && !endsAtRoot && ends.length > 0 && !ends.includes(null) && !ENDS_SHELL.test(command);
  // A dry run writes nothing: the repository settings a line makes are replayed instead (repoSettingsOf).
  const vars = varsAfter(command, state, dryRun);
  // Its plain assignments hold once it ran: now in a dry run (a line allowed is a line run), at settle otherwise
  // (until then every name it may assign is unknown: the old value or the new one).
  const defs = withVars(state.defs.concat(definitionsOf(command), dryRun ? repoSettingsOf(command) : []), [...vars.unknown, ...(dryRun ? vars.set : [])]);
  const fns = keptFunctions(state.fns, functionsOf(command));
  const cwds = state.cwds.slice();
  if (state.pending) for (const p of state.pending.cwds) addPlace(cwds, p, root);
  // Past the cap no variable is followed any more (each is unknown again), rather than one kept stale.
  if (defs.join('\n').length > MAX_DEFS_CHARS)
    return { v: 1, cwds: [null], defs: state.defs.filter((d) => !d.endsWith(VAR_TAG)), pending: undefined, ...(fns ? { fns } : {}) };
  // Nothing moved and nothing was defined: no state to keep (a session that never leaves the root writes none).
  if (ends.length === 0 && cwds.length === 0 && defs.length === 0 && !fns) return EMPTY_TERMINAL;
  const pendingCwds = capped(ends);
  return {
    v: 1,
    cwds: capped(cwds),
    defs,
    ...(fns ? { fns } : {}),
    pending: {
      id,
      cwds: pendingCwds,
      ...(settled && pendingCwds[0] !== null ? { root: false as const } : {}),
      ...(!dryRun && vars.set.length ? { vars: vars.set } : {}),
    },
  };
}

/** A variable assignment whose value is literal text (no expansion, substitution or escape). */
const STATIC_ASSIGNMENT = /^(?:\s*[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"[^"$`\\!]*"|[^\s'"$`\\;&|<>(){}!*?[\]]*)(?=\s|$))+\s*$/;
/** The longest assignment statement whose values are kept between calls. */
const MAX_VAR_CHARS = 4096;
/** One assignment of STATIC_ASSIGNMENT. */
const ONE_ASSIGNMENT = /[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"[^"$`\\!]*"|[^\s'"$`\\;&|<>(){}!*?[\]]*)(?=\s|$)/g;
/** Variables the shell itself reads (kept as shell state, SHELL_STATE, or judged where set): not followed as values. */
const SHELL_VARS =
  /^(?:GLOBIGNORE|CDPATH|PATH|IFS|HOME|PWD|OLDPWD|SHELLOPTS|BASHOPTS|PS[0-4]|PROMPT_COMMAND|BASH_ENV|ENV|HIST\w*|BASH\w*|FUNCNEST|TMOUT|SECONDS|RANDOM|LINENO|OPTIND|OPTARG|REPLY)$/;
/** The marker of a variable only known at run time (a variable no shell sets). */
const UNKNOWN_VALUE = '"$AGENTGUARD_TERMINAL_VAR_UNKNOWN"';

/**
 * The shell variables a line leaves in the terminal, so a later call's `$f` means what it holds (`f=src/a.ts`, then
 * `cat $f`). Kept: a top-level statement that is only assignments of literal text. Every other way a name may be
 * given a value — a kept name written anywhere else on the line (`read f`, `for f in`, `f=$(…)`, `unset f`, inside a
 * branch or a function), or a line that may set any (`source`, `.`, `eval`, a kept function's call) — makes it
 * unknown, never stale. Replayed before later calls as text (`defs`), as GLOBIGNORE is.
 */
function varsAfter(command: string, state: TerminalState, ran: boolean): { set: string[]; unknown: string[] } {
  const kept = new Set<string>();
  for (const d of state.defs) if (d.endsWith(VAR_TAG)) for (const m of d.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)) kept.add(m[1]);
  for (const d of state.pending?.vars ?? []) for (const m of d.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)) kept.add(m[1]);
  if (!/=/.test(command) && kept.size === 0) return { set: [], unknown: [] };
  const set: string[] = [];
  const spans: [number, number][] = [];
  let script;
  try {
    script = parse(command);
  } catch {
    script = undefined;
  }
  for (const st of script?.commands ?? []) {
    const node = st.command as unknown as { type: string; pos: number; end: number; name?: { value?: unknown }; prefix?: unknown[] };
    if (st.background || node.type !== 'Command') continue;
    // `X=v`, or `export X=v` (what the terminal's later commands see is the same value; the export itself, which
    // hands it to every program, was judged where it was made and is not replayed, so it is not asked again).
    const exported = node.name?.value === 'export';
    if (!exported && (node.name !== undefined || !Array.isArray(node.prefix))) continue;
    const text = command.slice(node.pos, node.end);
    const assigns = exported ? text.replace(/^\s*export\s+/, '') : text;
    if (exported && (assigns === text || !/=/.test(assigns))) continue;
    // A value past MAX_VAR_CHARS is not kept (the state stays small): the name is unknown, as before.
    if (assigns.length > MAX_VAR_CHARS) continue;
    if (!STATIC_ASSIGNMENT.test(assigns) || [...assigns.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)].some((m) => SHELL_VARS.test(m[1]))) continue;
    // One line a name, so a later value of one replaces it alone (withVars).
    for (const m of assigns.matchAll(ONE_ASSIGNMENT)) set.push(m[0].trim() + VAR_TAG);
    spans.push([node.pos, node.end]);
  }
  // The line with its kept assignments blanked out: a name written anywhere in the rest may be given another value.
  let rest = command;
  for (const [a, b] of spans) rest = rest.slice(0, a) + ' '.repeat(b - a) + rest.slice(b);
  const names = new Set(kept);
  for (const d of set) for (const m of d.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)) names.add(m[1]);
  const keptFn = (state.fns ?? []).some(([n]) => new RegExp(`(?:^|[^\\w$-])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(rest));
  const any = script === undefined || keptFn || /\b(?:source|eval|declare|typeset|local|export|readonly|let|set)\b|(?:^|[\s;&|(])\.\s/.test(rest);
  const out = new Set<string>();
  for (const n of names) if (!SHELL_VARS.test(n) && (any || new RegExp(`(?:^|[^\\w\${])${n}(?!\\w)`).test(rest))) out.add(n);
  // A statement naming one of those is not kept (the other assignment may come after it); its names are unknown too.
  const namesOf = (d: string) => [...d.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)].map((m) => m[1]);
  const keep = set.filter((d) => !namesOf(d).some((n) => out.has(n)));
  for (const d of set) if (!keep.includes(d)) for (const n of namesOf(d)) out.add(n);
  // Until the line is known to have run, the names it sets hold the old value or the new one.
  if (!ran) for (const d of keep) for (const n of namesOf(d)) out.add(n);
  return { set: keep, unknown: [...out].map((n) => `${n}=${UNKNOWN_VALUE}${VAR_TAG}`) };
}

/**
 * The functions kept after a line: the earlier ones, a redefinition in place of its name. Past MAX_DEFS_CHARS of
 * bodies, every kept name stays with a body nobody can judge (a use of it is asked), never dropped.
 */
function keptFunctions(before: TerminalState['fns'], added: [string, string][]): TerminalState['fns'] {
  if (!added.length) return before;
  const m = new Map<string, string>(before ?? []);
  for (const [n, b] of added) m.set(n, b);
  const out = [...m];
  if (out.reduce((n, [, b]) => n + b.length, 0) <= MAX_DEFS_CHARS) return out;
  return out.map(([n]) => [n, '{ "$AGENTGUARD_UNKNOWN_FUNCTION_BODY" "$@"; }'] as [string, string]);
}

/** Words that may end the shell a line runs in (a new terminal then opens at the workspace root). */
const ENDS_SHELL = /\b(?:exit|logout|exec|kill|pkill|killall|suspend|disown)\b/;

/**
 * The [name, path] pairs `hash -p PATH NAME…` sets, [] for another use of `hash` (listing, `-r`, `-d`, `-t`), or
 * null when a word is only known at run time (the caller keeps the command as state, replayed before later calls).
 */
function hashedNames(command: string, node: Record<string, unknown>): [string, string][] | null {
  const words = ((Array.isArray(node.suffix) ? node.suffix : []) as { pos: number; end: number }[]).map((w) => command.slice(w.pos, w.end));
  const literal = (w: string) => /^[\w./+@%,:-]+$/.test(w);
  let path: string | undefined;
  const names: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!literal(w)) return null;
    if (w === '--') {
      names.push(...words.slice(i + 1));
      break;
    }
    if (w.startsWith('-') && path === undefined && names.length === 0) {
      const p = w.indexOf('p');
      if (p < 0) continue;
      // `-p PATH` or `-pPATH`, possibly after other flags in the same word (`-lp`).
      const rest = w.slice(p + 1);
      path = rest !== '' ? rest : words[++i];
      if (path === undefined || !literal(path)) return null;
      continue;
    }
    names.push(w);
  }
  if (path === undefined) return [];
  if (!names.every(literal)) return null;
  return names.map((n) => [n, path!]);
}
