// getopt-style option parsing: grouped short flags (-rf == -r -f), any order, `--`,
// long options with `=value` and GNU/git-style unambiguous abbreviations (`--recur` == `--recursive`).
// Threat: flag reordering and abbreviations bypass string prefix lists (claude-code#18613).
import { NO_IDS, NO_STRINGS as NO_UNKNOWN, NO_WORDS as NO_POSITIONAL } from './empty';
import type { W } from './types';

export interface Opt {
  id: string;
  /** Short letters that mean this option (e.g. 'rR'). */
  short?: string;
  /** Long names without dashes. */
  long?: string[];
  /** Takes a value (the next word, or attached). */
  arg?: boolean;
}

export interface ParsedOpts {
  ids: ReadonlyMap<string, (string | null)[]>;
  positional: readonly W[];
  /** A dynamic word stood where an option could be: any flag may be set. */
  dynamic: boolean;
  /** Raw unknown options, e.g. `-z`, `--frobnicate`. */
  unknown: readonly string[];
}

export interface OptConfig {
  /** Stop at the first positional (wrappers: what follows belongs to the inner command). `rest` is its index. */
  stopAtPositional?: boolean;
  /** Allow abbreviated long options (GNU getopt_long, git parse-options). Default true. */
  abbreviations?: boolean;
}

export function has(p: ParsedOpts, ...ids: string[]): boolean {
  return ids.some((id) => p.ids.has(id));
}

export function values(p: ParsedOpts, id: string): (string | null)[] {
  return p.ids.get(id) ?? [];
}

/** Resolve `--name` against the spec: exact, else a unique prefix. */
export function resolveLong(name: string, opts: Opt[], abbreviations = true): Opt | undefined {
  for (const o of opts) if (o.long?.includes(name)) return o;
  if (!abbreviations || name.length < 2) return undefined;
  const hits = new Set<Opt>();
  for (const o of opts) for (const l of o.long ?? []) if (l.startsWith(name)) hits.add(o);
  return hits.size === 1 ? [...hits][0] : undefined;
}

/** Short letter → option, per spec (specs are module constants, so this is built once per spec). */
const SHORT_INDEX = new WeakMap<Opt[], Map<string, Opt>>();

function shortIndex(opts: Opt[]): Map<string, Opt> {
  let m = SHORT_INDEX.get(opts);
  if (!m) {
    m = new Map();
    // First spec entry wins for a letter, as the linear search did.
    for (const o of opts) for (const c of o.short ?? '') if (!m.has(c)) m.set(c, o);
    SHORT_INDEX.set(opts, m);
  }
  return m;
}

// Most calls see no option at all: they share these empties, and a result gets its own on its first option.

function add(out: ParsedOpts, id: string, v: string | null): void {
  const ids = out.ids === NO_IDS ? (out.ids = new Map()) : (out.ids as Map<string, (string | null)[]>);
  const list = ids.get(id);
  if (list) list.push(v);
  else ids.set(id, [v]);
}


function addPositional(out: ParsedOpts, w: W): void {
  if (out.positional === NO_POSITIONAL) out.positional = [w];
  else (out.positional as W[]).push(w);
}

function addUnknown(out: ParsedOpts, u: string): void {
  if (out.unknown === NO_UNKNOWN) out.unknown = [u];
  else (out.unknown as string[]).push(u);
}

/** The configurations callers use, as constants (an object literal per call is garbage on the hot path). */
export const ALL_OPTS: OptConfig = {};
export const STOP_AT_POSITIONAL: OptConfig = { stopAtPositional: true };

/**
 * Parse `words` from index `from` (parsing `s.words` from 1 spares a copy of the arguments); `rest` is an
 * index into `words` itself.
 * Hot path (every sub-command, several times): no closures, no spreads, one result object.
 */
export function parseOpts(words: readonly W[], opts: Opt[], cfg: OptConfig = ALL_OPTS, from = 0): ParsedOpts & { rest: number } {
  const out: ParsedOpts & { rest: number } = { ids: NO_IDS, positional: NO_POSITIONAL, dynamic: false, unknown: NO_UNKNOWN, rest: 0 };
  const stop = cfg.stopAtPositional === true;
  const short = opts.length ? shortIndex(opts) : undefined;
  let i = from;
  for (; i < words.length; i++) {
    const w = words[i];
    const v = w.value;
    if (v === null) {
      // `rm $FLAGS x`: the word may expand to options; fail closed by reporting it.
      out.dynamic = true;
      if (stop) {
        out.rest = i;
        return out;
      }
      addPositional(out, w);
      continue;
    }
    if (v.length < 2 || v.charCodeAt(0) !== 45 /* - */) {
      if (stop) {
        out.rest = i;
        return out;
      }
      addPositional(out, w);
      continue;
    }
    if (v === '--') {
      i++;
      break;
    }
    if (v.charCodeAt(1) === 45) {
      const eq = v.indexOf('=');
      const name = eq >= 0 ? v.slice(2, eq) : v.slice(2);
      const o = resolveLong(name, opts, cfg.abbreviations !== false);
      if (!o) {
        addUnknown(out, '--' + name);
        add(out, '--' + name, eq >= 0 ? v.slice(eq + 1) : '');
        continue;
      }
      if (o.arg) {
        if (eq >= 0) add(out, o.id, v.slice(eq + 1));
        else {
          const next = words[i + 1];
          add(out, o.id, next ? next.value : '');
          i++;
        }
      } else add(out, o.id, eq >= 0 ? v.slice(eq + 1) : '');
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k];
      const o = short?.get(c);
      if (!o) {
        addUnknown(out, '-' + c);
        add(out, '-' + c, '');
        continue;
      }
      if (o.arg) {
        const attached = v.slice(k + 1);
        if (attached) add(out, o.id, attached);
        else {
          const next = words[i + 1];
          add(out, o.id, next ? next.value : '');
          i++;
        }
        break;
      }
      add(out, o.id, '');
    }
  }
  if (!stop) {
    if (i < words.length) out.positional = out.positional === NO_POSITIONAL ? words.slice(i) : [...out.positional, ...words.slice(i)];
    out.rest = words.length;
    return out;
  }
  out.rest = i;
  return out;
}
