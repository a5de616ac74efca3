// Quote removal the way bash does it, deciding what is literal and what is only known at run time.
// Threat: `r''m`, `"rm"`, `$'\x72m'`, `\rm` all run rm; `$X`, `$(…)`, `{a,b}` and globs hide what runs.
import type { Word, WordPart } from 'unbash';
import type { InputSource, W } from './types';

export interface WordEnv {
  home: string;
  /** The working directory where the word is evaluated (`$PWD`); null when a cd made it unknown. */
  cwd?: string | null;
}

const HOME_VARS = new Set(['$HOME', '${HOME}']);
const PWD_VARS = new Set(['$PWD', '${PWD}']);

/** The path a lone variable stands for, when the guard knows it ($HOME, $PWD). */
function knownVar(text: string, env: WordEnv): string | undefined {
  if (HOME_VARS.has(text)) return env.home;
  if (PWD_VARS.has(text)) return env.cwd ?? undefined;
  return undefined;
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
const MIXED_LITERAL = /^(?:[A-Za-z0-9_./:=@%+,-]+|'[^']*'|"[^"$`\\!]*")+$/;
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
    return word(null, false, text, knownVar(bare, env));
  }
  return undefined;
}

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

/** Evaluate a word from its parts (exported so a test can hold evalText to it). */
export function evalParts(w: Word, env: WordEnv): W {
  const text = w.text;
  const parts = w.parts;
  if (!parts) {
    const v = w.value;
    return word(v, false, text, tilde(text, v, env));
  }
  let value: string | null = '';
  let path: string | undefined = '';
  let glob = false;
  for (let i = 0; i < parts.length; i++) {
    const r = evalPart(parts[i], i === 0, env);
    if (r.glob) glob = true;
    value = value === null || r.value === null ? null : value + r.value;
    path = path === undefined || r.path === undefined ? undefined : path + r.path;
  }
  return word(value, glob, text, path);
}

function tilde(text: string, v: string, env: WordEnv): string {
  if (text === '~') return env.home;
  if (text.startsWith('~/')) return env.home + v.slice(1);
  return v;
}

interface PartValue {
  value: string | null;
  path: string | undefined;
  glob: boolean;
}

function evalPart(p: WordPart, first: boolean, env: WordEnv): PartValue {
  switch (p.type) {
    case 'Literal': {
      const v = p.value;
      const path = first && (p.text === '~' || p.text.startsWith('~/')) ? env.home + v.slice(1) : v;
      return { value: v, path, glob: false };
    }
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      return { value: p.value, path: p.value, glob: false };
    case 'DoubleQuoted':
    case 'LocaleString': {
      let value: string | null = '';
      let path: string | undefined = '';
      for (const c of p.parts) {
        if (c.type === 'Literal') {
          value = value === null ? null : value + c.value;
          path = path === undefined ? undefined : path + c.value;
        } else {
          value = null;
          const k = knownVar(c.text, env);
          path = path !== undefined && k !== undefined ? path + k : undefined;
        }
      }
      return { value, path, glob: false };
    }
    case 'Glob':
    case 'ExtendedGlob':
      return { value: p.text, path: p.text, glob: true };
    case 'SimpleExpansion':
    case 'ParameterExpansion':
      return { value: null, path: knownVar(p.text, env), glob: false };
    default:
      // CommandExpansion, ArithmeticExpansion, ProcessSubstitution, BraceExpansion: run-time only.
      return { value: null, path: undefined, glob: false };
  }
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
