// Quote removal the way bash does it, deciding what is literal and what is only known at run time.
// Threat: `r''m`, `"rm"`, `$'\x72m'`, `\rm` all run rm; `$X`, `$(…)`, `{a,b}` and globs hide what runs.
import type { Command, ParsedScript, SyntaxNode, Word, WordPart } from 'unbash';
import { sourceOfSub } from './inputs';
import type { InputSource, Sub, W } from './types';

export interface WordEnv {
  home: string;
  /** The working directory where the word is evaluated (`$PWD`); null when a cd made it unknown. */
  cwd?: string | null;
  /** `$OLDPWD`, after a cd. */
  old?: string | null;
  workspace?: string;
  /** Variables set earlier on the line (assignments, loop variables, `read`): their possible values. */
  vars?: Map<string, W>;
  /** How many command substitutions deep the word being evaluated is. */
  substDepth?: number;
  /** The positional parameters (`$1`, `"$@"`) when a `set --` or `shift` on the line made them known. */
  pos?: W[];
}

const DEEP: InputSource = { kind: 'unknown', what: 'nested command substitutions' };

const HOME_VARS = new Set(['$HOME', '${HOME}']);
const PWD_VARS = new Set(['$PWD', '${PWD}']);

/**
 * Variables that are a process id or a counter: digits, never a `/` or a `.`. In a path (`/tmp/scratch-$$`) they
 * stand for a name the guard can judge as well as the real one (a fresh name in the same folder).
 */
const NUMBER_VARS = new Set([
  '$$',
  '${$}',
  '$!',
  '${!}',
  '$PPID',
  '${PPID}',
  '$BASHPID',
  '${BASHPID}',
  '$RANDOM',
  '${RANDOM}',
  '$SRANDOM',
  '$EPOCHSECONDS',
  '${EPOCHSECONDS}',
]);

/** The path a lone variable stands for, when the guard knows it ($HOME, $PWD, $OLDPWD; a pid's digits). */
function knownVar(text: string, env: WordEnv): string | undefined {
  if (HOME_VARS.has(text)) return env.home;
  if (PWD_VARS.has(text)) return env.cwd ?? undefined;
  if (text === '$OLDPWD' || text === '${OLDPWD}') return env.old ?? undefined;
  if (NUMBER_VARS.has(text)) return '0';
  return undefined;
}

/** A variable set on the line (`F=.env; cat $F`), by the text of its expansion (`$F`, `${F}`). */
function lineVar(text: string, env: WordEnv): W | undefined {
  const pos = env.pos;
  if (pos !== undefined) {
    // `$1`, `${12}`: a positional parameter a `set --` on the line gave (unset ones are empty).
    const d = /^\$(?:\{([1-9][0-9]*)\}|([1-9]))$/.exec(text);
    if (d) return pos[Number(d[1] ?? d[2]) - 1] ?? EMPTY;
  }
  const vars = env.vars;
  if (vars === undefined || vars.size === 0) return undefined;
  const m = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$/.exec(text);
  if (!m) return undefined;
  return vars.get(m[1] ?? m[2]);
}

/**
 * The one way a W is made: every word has the same fields in the same order, so the rules' property reads
 * stay monomorphic (a word with an extra or missing field is a second hidden class, and code that sees several
 * runs several times slower on the path of every command).
 */
export function word(
  value: string | null,
  glob: boolean,
  text: string,
  path: string | undefined,
  fromInput = false,
  alts: W[] | undefined = undefined,
  input: InputSource | undefined = undefined,
): W {
  return { value, glob, text, path, fromInput, alts, input };
}

/**
 * Characters after which a word is its own value: no quotes, escapes, expansions, globs, braces, tilde or
 * history. Such a word needs no re-lex (unbash computes a word's parts lazily, by lexing it again).
 */
const PLAIN = /^[A-Za-z0-9_./:=@%+,-]+$/;

const SINGLE_QUOTED = /^'[^']*'$/;
const DOUBLE_QUOTED_LITERAL = /^"[^"$`\\!]*"$/;

/** One quoted string with nothing inside that expands: `'{print $2}'`, `"count(*)"`. */
export function isQuotedLiteral(text: string): boolean {
  return SINGLE_QUOTED.test(text) || DOUBLE_QUOTED_LITERAL.test(text);
}

/**
 * Plain characters and literal quoted strings run together: `--since="2 weeks ago"`, `a'b c'd`. The value is
 * the text without its quotes (nothing inside expands, and with no unquoted glob or tilde nothing else does).
 */
// One plain character per repetition, not a run (`[…]+` inside `(…)+`): with both quantifiers a word of plain
// characters that fails at its end (`http://localhost:9200/logs-*`) is tried in every split of its run, 2^n
// ways (seconds for 27 characters, hours for 40): a guard any line can stall. The alternatives start with
// different characters, so this form matches the same words in one pass.
const MIXED_LITERAL = /^(?:[A-Za-z0-9_./:=@%+,-]|'[^']*'|"[^"$`\\!]*")+$/;
/** Plain characters and unquoted `*`/`?`: a glob the shell matches at run time (`public/*`, `*.log`). */
const SIMPLE_GLOB = /^[A-Za-z0-9_./:=@%+,*?-]*[*?][A-Za-z0-9_./:=@%+,*?-]*$/;
/** One variable, bare or alone in double quotes (`$f`, `"$OUT"`, `${x}`): only known at run time. */
const ONE_VARIABLE = /^(?:\$[A-Za-z_][A-Za-z0-9_]*|\$\{[A-Za-z_][A-Za-z0-9_]*\}|"\$[A-Za-z_][A-Za-z0-9_]*"|"\$\{[A-Za-z_][A-Za-z0-9_]*\}")$/;

/** Evaluate one word. A word with any expansion is dynamic (value null). */
export function evalWord(w: Word, env: WordEnv): W {
  return evalText(w.text, env) ?? evalParts(w, env);
}

/**
 * The common shapes of word, from the text alone. Anything else is undefined and goes to evalParts: reading
 * a Word's parts makes unbash lex it again, which allocates more than the rest of the word's classification.
 */
export function evalText(text: string, env: WordEnv): W | undefined {
  if (PLAIN.test(text)) return word(text, false, text, text);
  // One quoted string and nothing else: inside '…' nothing is special; inside "…" only $ ` \ and " are
  // (and ! where history expansion is on). No glob, no tilde: the value is the inside.
  if (isQuotedLiteral(text)) {
    const v = text.slice(1, -1);
    return word(v, false, text, v);
  }
  if (MIXED_LITERAL.test(text)) {
    const v = unquoteLiteral(text);
    return word(v, false, text, v);
  }
  if (SIMPLE_GLOB.test(text)) return word(text, true, text, text);
  // `[ -f x ]`: a lone bracket is no bracket expression (it has no closing `]`), so no glob.
  if (text === '[' || text === ']') return word(text, false, text, text);
  if (ONE_VARIABLE.test(text)) {
    const bare = text[0] === '"' ? text.slice(1, -1) : text;
    const v = lineVar(bare, env);
    if (v !== undefined) return fromVar(v, text, bare !== text);
    return word(null, false, text, knownVar(bare, env));
  }
  return undefined;
}

const EMPTY: W = word('', false, "''", '');

/** The value of a MIXED_LITERAL word: its text with the quote characters that delimit strings removed. */
function unquoteLiteral(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const j = text.indexOf(c, i + 1);
      out += text.slice(i + 1, j);
      i = j + 1;
    } else {
      let j = i + 1;
      while (j < text.length && text[j] !== "'" && text[j] !== '"') j++;
      out += text.slice(i, j);
      i = j;
    }
  }
  return out;
}

/**
 * A word that is a variable set on the line: its value, or its alternatives (a loop variable), or the input
 * word it holds. Unquoted, a value with glob characters is a glob (bash expands it).
 */
function fromVar(v: W, text: string, quoted: boolean): W {
  if (v.fromInput) return word(null, false, text, undefined, true, undefined, v.input);
  if (v.alts !== undefined)
    return word(
      null,
      false,
      text,
      undefined,
      false,
      v.alts.map((a) => (quoted ? a : globbed(a))),
      undefined,
    );
  if (v.value === null) return word(null, false, text, v.path);
  return quoted ? word(v.value, false, text, v.path ?? v.value) : globbed(word(v.value, v.glob, text, v.path ?? v.value));
}

/** An unquoted value: glob characters in it are a pattern. */
function globbed(w: W): W {
  if (w.glob || w.value === null || !/[*?[]/.test(w.value)) return w;
  return word(w.value, true, w.text, w.path ?? w.value, w.fromInput, w.alts, w.input);
}

/** Evaluate a word from its parts (exported so a test can hold evalText to it). */
export function evalParts(w: Word, env: WordEnv): W {
  const text = w.text;
  const parts = w.parts;
  if (!parts) {
    const v = w.value;
    return word(v, false, text, tilde(text, v, env));
  }
  if (parts.length === 1) {
    // A lone expansion keeps what it carries (alternatives, an input list).
    const r = evalPart(parts[0], true, env);
    if (r.w !== undefined) return r.w;
  }
  let value: string | null = '';
  let path: string | undefined = '';
  // The glob pattern: quoted and escaped metacharacters escaped, unquoted ones as they are.
  let pat: string | undefined = '';
  let glob = false;
  let alts: { at: number; ws: W[] } | undefined;
  let fromInput = false;
  for (let i = 0; i < parts.length; i++) {
    const r = evalPart(parts[i], i === 0, env);
    if (r.w !== undefined && r.w.alts !== undefined && alts === undefined) alts = { at: i, ws: r.w.alts };
    else if (r.w !== undefined && r.w.fromInput) fromInput = true;
    if (r.glob) glob = true;
    value = value === null || r.value === null ? null : value + r.value;
    path = path === undefined || r.path === undefined ? undefined : path + r.path;
    pat = pat === undefined || r.path === undefined ? undefined : pat + (r.glob ? r.path : escapeGlob(r.path));
  }
  if (alts !== undefined) {
    // `src/$f.ts` with f one of several values: each alternative with the same text around it.
    const out: W[] = [];
    for (const a of alts.ws) {
      let v: string | null = '';
      let g = a.glob;
      for (let i = 0; i < parts.length; i++) {
        const r = i === alts.at ? { value: a.glob ? (a.path ?? a.value) : a.value, glob: a.glob } : evalPart(parts[i], i === 0, env);
        if (r.glob) g = true;
        v = v === null || r.value === null ? null : v + r.value;
      }
      out.push(word(v, g, text, v ?? undefined));
    }
    return word(null, false, text, undefined, false, out, undefined);
  }
  if (fromInput) return word(null, false, text, undefined, true, undefined, { kind: 'unknown', what: `${text}, built from input` });
  return word(value, glob, text, glob ? pat : path);
}

const GLOB_CHARS = /[*?[\]\\]/g;

function escapeGlob(s: string): string {
  return s.replace(GLOB_CHARS, '\\$&');
}

function tilde(text: string, v: string, env: WordEnv): string | undefined {
  // `HOME=… ; cat ~/x`: the line's own HOME, when it set one.
  const h = env.vars?.get('HOME');
  const home = h === undefined ? env.home : (h.value ?? undefined);
  if (text === '~') return home;
  if (text.startsWith('~/')) return home === undefined ? undefined : home + v.slice(1);
  if (text[0] === '~') return tildeUser(text, env);
  return v;
}

/** `~+` is $PWD, `~-` $OLDPWD, `~root` /root, `~name` this user's home when it is this user; else unknown. */
function tildeUser(t: string, env: WordEnv): string | undefined {
  const slash = t.indexOf('/');
  const who = slash < 0 ? t.slice(1) : t.slice(1, slash);
  const rest = slash < 0 ? '' : t.slice(slash);
  const home = env.home.replace(/\/+$/, '');
  let base: string | null | undefined;
  if (who === '+') base = env.cwd;
  else if (who === '-') base = env.old;
  else if (who === 'root') base = '/root';
  else if (who === home.slice(home.lastIndexOf('/') + 1)) base = home;
  if (base === null || base === undefined) return undefined;
  return base + rest;
}

interface PartValue {
  value: string | null;
  path: string | undefined;
  glob: boolean;
  /** A lone-variable part that carries more than a value (alternatives, an input list). */
  w?: W;
}

function evalPart(p: WordPart, first: boolean, env: WordEnv): PartValue {
  switch (p.type) {
    case 'Literal': {
      const v = p.value;
      const path = first && p.text[0] === '~' ? tilde(p.text, v, env) : v;
      return { value: v, path, glob: false };
    }
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      return { value: p.value, path: p.value, glob: false };
    case 'DoubleQuoted':
    case 'LocaleString': {
      let value: string | null = '';
      let path: string | undefined = '';
      if (p.parts.length === 1 && p.parts[0].type !== 'Literal') {
        const only = evalPart(p.parts[0], false, env);
        if (only.w !== undefined) return { value: only.value, path: only.path, glob: false, w: quote(only.w) };
        return { value: only.value, path: only.path, glob: false };
      }
      for (const c of p.parts) {
        if (c.type === 'Literal') {
          value = value === null ? null : value + c.value;
          path = path === undefined ? undefined : path + c.value;
        } else {
          const r = evalPart(c, false, env);
          value = value === null || r.value === null ? null : value + r.value;
          path = path === undefined || r.path === undefined ? undefined : path + r.path;
        }
      }
      return { value, path, glob: false };
    }
    case 'Glob':
    case 'ExtendedGlob':
      return { value: p.text, path: p.text, glob: true };
    case 'SimpleExpansion':
    case 'ParameterExpansion': {
      const v = p.type === 'ParameterExpansion' && p.operation !== undefined ? undefined : lineVar(p.text, env);
      if (v !== undefined) {
        if (v.alts !== undefined || v.fromInput) return { value: null, path: undefined, glob: false, w: fromVar(v, p.text, false) };
        return { value: v.value, path: v.path ?? v.value ?? undefined, glob: false };
      }
      const k = knownVar(p.text, env);
      return { value: null, path: k, glob: false };
    }
    case 'CommandExpansion': {
      // Nested substitutions are evaluated a few levels deep only (each level evaluates the words below it).
      const depth = env.substDepth ?? 0;
      if (depth >= 3) return { value: null, path: undefined, glob: false, w: word(null, false, p.text, undefined, true, undefined, DEEP) };
      env.substDepth = depth + 1;
      try {
        const r = substValue(p.script, env);
        if (r !== undefined) return { value: r, path: r, glob: false };
        const src = substSource(p.script, env);
        return { value: null, path: undefined, glob: false, w: word(null, false, p.text, undefined, true, undefined, src) };
      } finally {
        env.substDepth = depth;
      }
    }
    default:
      // ArithmeticExpansion, ProcessSubstitution, BraceExpansion: run-time only.
      return { value: null, path: undefined, glob: false };
  }
}

/** A double-quoted alternative word keeps its value whole (no glob). */
function quote(w: W): W {
  if (w.alts === undefined) return w;
  return word(
    w.value,
    false,
    w.text,
    w.path,
    w.fromInput,
    w.alts.map((a) => (a.glob ? word(a.value, false, a.text, a.value ?? undefined) : a)),
    w.input,
  );
}

/** The single simple command of a substitution, if that is what it is. */
function simpleCommand(script: ParsedScript | undefined): Command | undefined {
  if (!script || script.commands.length !== 1) return undefined;
  const c = script.commands[0].command;
  return c.type === 'Command' && c.name !== undefined && c.prefix.length === 0 && !c.suffix.some((x) => x.type !== 'Word') ? c : undefined;
}

/**
 * The value of a substitution the guard can compute: `$(pwd)`, `$(git rev-parse --show-toplevel)`, `$(echo
 * x)`, `$(basename x)`, `$(dirname x)`, `$(printf %s x)`. undefined when it cannot.
 */
export function substValue(script: ParsedScript | undefined, env: WordEnv): string | undefined {
  const c = simpleCommand(script);
  if (!c || !c.name) return undefined;
  const name = c.name.value;
  const args: string[] = [];
  for (const s of c.suffix) {
    const v = evalWord(s as Word, env);
    if (v.value === null || v.glob) return undefined;
    args.push(v.value);
  }
  if (name === 'pwd' && args.every((a) => a === '-L' || a === '-P')) return env.cwd ?? undefined;
  if ((name === 'realpath' || name === 'readlink') && (args.join(' ') === '.' || args.join(' ') === '-f .')) return env.cwd ?? undefined;
  if (name === 'git' && args.join(' ') === 'rev-parse --show-toplevel' && env.workspace !== undefined && env.cwd) {
    const ws = env.workspace;
    return env.cwd === ws || env.cwd.startsWith(ws + '/') ? ws : undefined;
  }
  if (name === 'mktemp') return mktempPath(args, env);
  if (name === 'echo' && !args.some((a) => /^-[neE]+$/.test(a))) return args.join(' ');
  if (name === 'printf' && args[0] === '%s' && args.length === 2) return args[1];
  if (name === 'printf' && args.length === 1 && !/[%\\]/.test(args[0])) return args[0];
  if (name === 'basename' && args.length >= 1 && args.length <= 2 && !args[0].startsWith('-')) {
    const b = args[0].replace(/\/+$/, '').split('/').pop() ?? '';
    return args[1] && b.endsWith(args[1]) ? b.slice(0, -args[1].length) : b;
  }
  if (name === 'dirname' && args.length === 1 && !args[0].startsWith('-')) {
    const t = args[0].replace(/\/+$/, '');
    const i = t.lastIndexOf('/');
    return i < 0 ? '.' : i === 0 ? '/' : t.slice(0, i);
  }
  return undefined;
}

/**
 * The name `$(mktemp)` prints, when it is made in /tmp: no template, a template without a `/` (`-t`, or the default
 * folder), a template under /tmp, or `-p /tmp`. A new file (or folder, -d) by construction: mktemp never returns a
 * name that exists, so the guard judges the template with its X's kept, a fresh name in the same folder (as `$$` in
 * `/tmp/scratch-$$` is). A TMPDIR set on the line, another folder, or an option it does not know: undefined.
 */
function mktempPath(args: string[], env: WordEnv): string | undefined {
  if (env.vars?.has('TMPDIR')) return undefined;
  let dir: string | undefined;
  let tpl: string | undefined;
  let suffix = '';
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (/^-[dqtu]+$/.test(a) || /^--(directory|quiet|dry-run)$/.test(a)) continue;
    if (a === '-p' || a === '--tmpdir') {
      dir = a === '-p' ? args[++i] : '/tmp';
      continue;
    }
    if (a.startsWith('--tmpdir=')) dir = a.slice(9);
    else if (a.startsWith('--suffix=')) suffix = a.slice(9);
    else if (a.startsWith('-p') && a.length > 2) dir = a.slice(2);
    else if (a.startsWith('-') || tpl !== undefined) return undefined;
    else tpl = a;
  }
  if (dir !== undefined && dir.replace(/\/+$/, '') !== '/tmp') return undefined;
  const t = tpl ?? 'tmp.XXXXXXXXXX';
  if (t.includes('..') || /[^\w.,+@%=/-]/.test(t) || !/X{3,}/.test(t)) return undefined;
  if (t.includes('/')) return dir === undefined && t.startsWith('/tmp/') && !t.slice(5).includes('/') ? t + suffix : undefined;
  return `/tmp/${t}${suffix}`;
}

/** Where the lines a substitution prints come from, when they are file names (`$(git ls-files)`, `$(find …)`). */
function substSource(script: ParsedScript | undefined, env: WordEnv): InputSource {
  if (!script || script.commands.length !== 1) return { kind: 'unknown', what: 'a command substitution' };
  const node = script.commands[0].command as SyntaxNode;
  const cmds: Command[] = [];
  if (node.type === 'Pipeline') {
    for (const c of node.commands) {
      if (c.type !== 'Command') return { kind: 'unknown', what: 'a command substitution' };
      cmds.push(c);
    }
  } else if (node.type === 'Command') cmds.push(node);
  else return { kind: 'unknown', what: 'a command substitution' };
  let prev: Sub | undefined;
  for (const c of cmds) {
    if (!c.name) return { kind: 'unknown', what: 'a command substitution' };
    const words = [c.name, ...c.suffix.filter((x): x is Word => x.type === 'Word')].map((x) => evalWord(x, env));
    const n = words[0].value;
    const sub = {
      name: n === null ? null : n.slice(n.lastIndexOf('/') + 1).toLowerCase(),
      words,
      cwd: env.cwd ?? null,
      stdin: prev ? { kind: 'pipe', from: prev } : { kind: 'none' },
    } as unknown as Sub;
    prev = sub;
  }
  return prev ? sourceOfSub(prev, 0) : { kind: 'unknown', what: 'a command substitution' };
}

/** A literal word with no glob: the only kind a reviewer can see the effect of. */
export function isLiteral(w: W): w is W & { value: string } {
  return w.value !== null && !w.glob;
}

/** A word built in code (re-parsed payloads keep their own Words; wrappers synthesize none). */
export function lit(value: string): W {
  return word(value, false, value, value);
}

/** A word read from input (xargs, find `{}`), shown as `text`; `input` says where the list comes from. */
export function inputWord(text = '{}', input?: InputSource): W {
  return word(null, false, text, undefined, true, undefined, input);
}

export const DYNAMIC_INPUT: W = inputWord();

const MAX_BRACE = 64;

/**
 * Brace expansion (`{a,b}`, `{1..3}`, nested): the words bash makes of one word, or undefined when the word
 * has no brace expansion. A word whose braces hold quotes or expansions is one dynamic word.
 */
export function expandBraces(w: Word, env: WordEnv): W[] | undefined {
  if (!w.text.includes('{')) return undefined;
  const parts = w.parts;
  if (!parts || !parts.some((p) => p.type === 'BraceExpansion')) return undefined;
  let combos: { value: string | null; pat: string | undefined; glob: boolean }[] = [{ value: '', pat: '', glob: false }];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.type === 'BraceExpansion') {
      const alts = expandBraceText(p.text);
      if (alts === undefined) return [word(null, false, w.text, undefined)];
      const next: typeof combos = [];
      for (const c of combos)
        for (const a of alts)
          next.push({ value: c.value === null ? null : c.value + a, pat: c.pat === undefined ? undefined : c.pat + escapeGlob(a), glob: c.glob });
      combos = next;
      if (combos.length > MAX_BRACE) return [word(null, false, w.text, undefined)];
      continue;
    }
    const r = evalPart(p, i === 0, env);
    for (const c of combos) {
      c.value = c.value === null || r.value === null ? null : c.value + r.value;
      c.pat = c.pat === undefined || r.path === undefined ? undefined : c.pat + (r.glob ? r.path : escapeGlob(r.path));
      if (r.glob) c.glob = true;
    }
  }
  return combos.map((c) => word(c.value, c.glob, w.text, c.glob ? c.pat : (c.value ?? undefined)));
}

/** `{a,b{c,d}}` → a, bc, bd; `{1..3}` → 1, 2, 3; undefined when it holds quotes or expansions. */
export function expandBraceText(t: string): string[] | undefined {
  if (/['"$`\\]/.test(t)) return undefined;
  const out: string[] = [];
  const go = (s: string): boolean => {
    // The first brace group with a top-level comma or `..`.
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '{') continue;
      let depth = 0;
      let j = i;
      const commas: number[] = [];
      for (; j < s.length; j++) {
        if (s[j] === '{') depth++;
        else if (s[j] === '}') {
          depth--;
          if (depth === 0) break;
        } else if (s[j] === ',' && depth === 1) commas.push(j);
      }
      if (j >= s.length) return true;
      const inner = s.slice(i + 1, j);
      const pre = s.slice(0, i);
      const post = s.slice(j + 1);
      let items: string[] | undefined;
      if (commas.length) {
        items = [];
        let k = i + 1;
        for (const c of commas) {
          items.push(s.slice(k, c));
          k = c + 1;
        }
        items.push(s.slice(k, j));
      } else items = sequence(inner);
      if (!items) continue;
      for (const it of items) {
        if (!go(pre + it + post)) return false;
        if (out.length > MAX_BRACE) return false;
      }
      return true;
    }
    out.push(s);
    return out.length <= MAX_BRACE;
  };
  return go(t) ? out : undefined;
}

function sequence(inner: string): string[] | undefined {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(inner);
  if (!m) return undefined;
  const step = Math.abs(Number(m[3] ?? 1)) || 1;
  const out: string[] = [];
  if (/\d/.test(m[1]) && /\d/.test(m[2])) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const width = /^-?0\d/.test(m[1]) || /^-?0\d/.test(m[2]) ? Math.max(m[1].length, m[2].length) : 0;
    for (let x = a; a <= b ? x <= b : x >= b; x += a <= b ? step : -step) {
      out.push(width ? String(x).padStart(width, '0') : String(x));
      if (out.length > MAX_BRACE) return undefined;
    }
    return out;
  }
  const a = m[1].charCodeAt(0);
  const b = m[2].charCodeAt(0);
  for (let x = a; a <= b ? x <= b : x >= b; x += a <= b ? step : -step) out.push(String.fromCharCode(x));
  return out;
}

/** The field separators bash splits unquoted expansions on: IFS as the line set it, the default, or null (only known at run time). */
function ifsOf(env: WordEnv): string | null {
  const v = env.vars?.get('IFS');
  if (v === undefined) return ' \t\n';
  return v.value === null || v.alts !== undefined ? null : v.value;
}

/** Could the word's expansions make it several words, or none? (cheap: a `$` or backtick, and a value with a separator or empty) */
export function maySplit(text: string, w: W, env: WordEnv): boolean {
  if (!(text.includes('$') || text.includes('`'))) return false;
  const ifs = env.vars?.has('IFS') ? ifsOf(env) : ' \t\n';
  if (ifs === null) return true;
  const has = (v: string | null) => v !== null && (v === '' || [...ifs].some((c) => v.includes(c)));
  if (w.alts !== undefined) return w.alts.some((a) => has(a.value));
  return has(w.value);
}

/** A word that may be several words only known at run time (an unquoted expansion whose fields the guard cannot tell). */
function manyWords(text: string): W {
  return word(null, false, text, undefined);
}

/**
 * Field splitting and the removal of empty words, as bash does them to a word's unquoted expansions: `$(echo -q
 * --hard)` is two words, `x="README.md .env"; cat $x` reads two files, `$empty` is no word at all; a quoted
 * expansion (`"$x"`) stays one word. Each field is then globbed. undefined: the word stays as evaluated (no
 * unquoted expansion with a separator in it). An unquoted expansion with several possible values (a loop
 * variable), or an IFS only known at run time, gives one word only known at run time (probe.ts may read it as
 * several).
 */
export function splitFields(node: Word, w: W, env: WordEnv): W[] | undefined {
  const parts = node.parts;
  if (!parts || node.text[0] === '~') return undefined;
  const ifs = ifsOf(env);
  if (w.alts !== undefined || ifs === null) {
    // Splits only where an expansion is unquoted.
    return parts.some((p) => UNQUOTED_EXPANSION.has(p.type)) ? [manyWords(node.text)] : undefined;
  }
  if (w.value === null) return undefined;
  const out: W[] = [];
  let cur = '';
  let pat = '';
  let has = false;
  let glob = false;
  let split = false;
  const push = () => {
    out.push(word(cur, glob, node.text, glob ? pat : cur));
    cur = '';
    pat = '';
    has = false;
    glob = false;
  };
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.type === 'BraceExpansion') return undefined;
    const r = evalPart(p, i === 0, env);
    if (r.value === null) return undefined;
    if (!UNQUOTED_EXPANSION.has(p.type)) {
      cur += r.value;
      pat += r.glob ? r.value : escapeGlob(r.value);
      if (r.glob) glob = true;
      // A quoted empty string (`""`) is still a word.
      if (r.value !== '' || p.type !== 'Literal') has = true;
      continue;
    }
    for (const c of r.value) {
      if (ifs.includes(c)) {
        split = true;
        if (c === ' ' || c === '\t' || c === '\n') {
          if (has) push();
        } else push();
        continue;
      }
      cur += c;
      pat += c;
      has = true;
      if (c === '*' || c === '?' || c === '[') glob = true;
    }
  }
  if (has) push();
  if (!split && out.length === 1) return undefined;
  return out;
}

/** Parts bash splits and globs when they are not in quotes. */
const UNQUOTED_EXPANSION = new Set(['SimpleExpansion', 'ParameterExpansion', 'CommandExpansion']);

/** `"$@"` / `$@` / `$*` (braced or not, whole word): the positional parameters, each a word. */
const ALL_ARGS = /^(?:"\$(?:@|\{@\})"|\$(?:@|\{@\}|\*|\{\*\}))$/;
const ALL_ARGS_JOINED = /^"\$(?:\*|\{\*\})"$/;

/**
 * The words `"$@"`, `$@`, `$*` and `"$*"` stand for when the positional parameters are known (env.pos):
 * undefined for any other word. Unquoted, each parameter is split again.
 */
export function positionalWords(text: string, env: WordEnv): W[] | undefined {
  const pos = env.pos;
  if (pos === undefined || !text.includes('$')) return undefined;
  if (ALL_ARGS_JOINED.test(text)) {
    const vs = pos.map((w) => w.value);
    const v = vs.some((x) => x === null) ? null : vs.join(' ');
    return [word(v, false, text, v ?? undefined)];
  }
  if (!ALL_ARGS.test(text)) return undefined;
  if (text[0] === '"') return pos.slice();
  const out: W[] = [];
  const ifs = ifsOf(env);
  for (const w of pos) {
    if (w.value === null || w.alts !== undefined) out.push(w);
    else if (ifs === '') out.push(globbed(w));
    else if (ifs !== ' \t\n') out.push(manyWords(w.text));
    else for (const f of w.value.split(/[ \t\n]+/)) if (f !== '') out.push(globbed(word(f, false, w.text, f)));
  }
  return out;
}
