// Quote removal the way bash does it, deciding what is literal and what is only known at run time.
// Threat: `r''m`, `"rm"`, `$'\x72m'`, `\rm` all run rm; `$X`, `$(…)`, `{a,b}` and globs hide what runs.
import type { Word, WordPart } from 'unbash';
import type { W } from './types';

export interface WordEnv {
  home: string;
}

const HOME_VARS = new Set(['$HOME', '${HOME}']);

/** Evaluate one word. A word with any expansion is dynamic (value null). */
export function evalWord(word: Word, env: WordEnv): W {
  const text = word.text;
  const parts = word.parts;
  if (!parts) {
    const v = word.value;
    const w: W = { value: v, glob: false, text };
    w.path = tilde(text, v, env);
    return w;
  }
  let value: string | null = '';
  let path: string | undefined = '';
  let glob = false;
  parts.forEach((p, i) => {
    const r = evalPart(p, i === 0, env);
    if (r.glob) glob = true;
    value = value === null || r.value === null ? null : value + r.value;
    path = path === undefined || r.path === undefined ? undefined : path + r.path;
  });
  const w: W = { value, glob, text };
  if (path !== undefined) w.path = path;
  return w;
}

function tilde(text: string, v: string, env: WordEnv): string {
  if (text === '~' ) return env.home;
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
          path = path !== undefined && HOME_VARS.has(c.text) ? path + env.home : undefined;
        }
      }
      return { value, path, glob: false };
    }
    case 'Glob':
    case 'ExtendedGlob':
      return { value: p.text, path: p.text, glob: true };
    case 'SimpleExpansion':
    case 'ParameterExpansion':
      return { value: null, path: HOME_VARS.has(p.text) ? env.home : undefined, glob: false };
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
  return { value, glob: false, text: value, path: value };
}

export const DYNAMIC_INPUT: W = { value: null, glob: false, text: '{}', fromInput: true };
