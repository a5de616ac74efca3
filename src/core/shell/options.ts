// getopt-style option parsing: grouped short flags (-rf == -r -f), any order, `--`,
// long options with `=value` and GNU/git-style unambiguous abbreviations (`--recur` == `--recursive`).
// Threat: flag reordering and abbreviations bypass string prefix lists (claude-code#18613).
import { NO_WORDS as NO_POSITIONAL } from './empty';
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

/**
 * The options a command was given. The ids seen are kept as one flat list (id, value, id, value…): a Map
 * and a list per id were most of the garbage of a call, and a command line parses options for nearly every
 * sub-command (unwrap, path effects, rules).
 */
/** An option spec in one line: `O('r', 'rR', ['recursive'])`, `O('n', 'n', ['lines'], true)` (takes a value). */
export const O = (id: string, short?: string, long?: string[], arg?: boolean): Opt => ({ id, short, long, arg });

export class ParsedOpts {
  /** id, value, id, value…: the first `count` entries are set. Unknown options have ids `-z`, `--frobnicate`. */
  private seen: (string | null)[] = NO_SEEN;
  private count = 0;
  positional: readonly W[] = NO_POSITIONAL;
  /** A dynamic word stood where an option could be: any flag may be set. */
  dynamic = false;
  /** Index in the words where parsing stopped (with stopAtPositional: the first positional). */
  rest = 0;

  has(id: string): boolean {
    for (let i = 0; i < this.count; i += 2) if (this.seen[i] === id) return true;
    return false;
  }

  /** Every value given for `id`, in order; undefined when it was not given. */
  get(id: string): (string | null)[] | undefined {
    let out: (string | null)[] | undefined;
    for (let i = 0; i < this.count; i += 2) if (this.seen[i] === id) (out ??= []).push(this.seen[i + 1]);
    return out;
  }

  /** The first value given for `id` (no list is built). */
  first(id: string): string | null | undefined {
    for (let i = 0; i < this.count; i += 2) if (this.seen[i] === id) return this.seen[i + 1];
    return undefined;
  }

  /** Raw unknown options, e.g. `-z`, `--frobnicate` (the ids that keep their dashes). */
  unknown(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.count; i += 2) {
      const id = this.seen[i]!;
      if (id.charCodeAt(0) === 45 /* - */) out.push(id);
    }
    return out;
  }

  add(id: string, v: string | null): void {
    // Room for two options at first (nearly every command has one or two); past that the list grows.
    if (this.seen === NO_SEEN) this.seen = new Array<string | null>(4);
    this.seen[this.count++] = id;
    this.seen[this.count++] = v;
  }
}

const NO_SEEN: (string | null)[] = [];

export interface OptConfig {
  /** Stop at the first positional (wrappers: what follows belongs to the inner command). `rest` is its index. */
  stopAtPositional?: boolean;
  /** Allow abbreviated long options (GNU getopt_long, git parse-options). Default true. */
  abbreviations?: boolean;
}

export function has(p: ParsedOpts, ...ids: string[]): boolean {
  for (let i = 0; i < ids.length; i++) if (p.has(ids[i])) return true;
  return false;
}

export function values(p: ParsedOpts, id: string): (string | null)[] {
  return p.get(id) ?? [];
}

/** Resolve `--name` against the spec: exact, else a unique prefix. */
export function resolveLong(name: string, opts: Opt[], abbreviations = true): Opt | undefined {
  return resolveLongAt(name, 0, name.length, opts, abbreviations);
}

/** resolveLong on `v.slice(start, end)`, without making that string (this runs for every long option). */
function resolveLongAt(v: string, start: number, end: number, opts: Opt[], abbreviations: boolean): Opt | undefined {
  const len = end - start;
  for (const o of opts) {
    const longs = o.long;
    if (longs) for (const l of longs) if (l.length === len && v.startsWith(l, start)) return o;
  }
  if (!abbreviations || len < 2) return undefined;
  // A unique prefix: one option (an option may have several long names that all match).
  let hit: Opt | undefined;
  for (const o of opts) {
    const longs = o.long;
    if (!longs || o === hit) continue;
    for (const l of longs) {
      if (l.length < len || !prefixAt(v, start, len, l)) continue;
      if (hit !== undefined) return undefined;
      hit = o;
      break;
    }
  }
  return hit;
}

/** `v.slice(start, start + len)` is a prefix of `l`. */
function prefixAt(v: string, start: number, len: number, l: string): boolean {
  for (let k = 0; k < len; k++) if (v.charCodeAt(start + k) !== l.charCodeAt(k)) return false;
  return true;
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

/** `-` + an ASCII letter, made once: an unknown short option's id would be a new string per flag. */
const DASHED: string[] = [];
for (let c = 0; c < 128; c++) DASHED.push('-' + String.fromCharCode(c));

function dashed(c: string): string {
  const code = c.charCodeAt(0);
  return code < 128 ? DASHED[code] : '-' + c;
}

/** The configurations callers use, as constants (an object literal per call is garbage on the hot path). */
export const ALL_OPTS: OptConfig = {};
export const STOP_AT_POSITIONAL: OptConfig = { stopAtPositional: true };

/**
 * Parse `words` from index `from` (parsing `s.words` from 1 spares a copy of the arguments); `rest` is an
 * index into `words` itself.
 * Hot path (every sub-command, several times): no closures, no spreads, one result object.
 */
export function parseOpts(words: readonly W[], opts: Opt[], cfg: OptConfig = ALL_OPTS, from = 0): ParsedOpts {
  const out = new ParsedOpts();
  const stop = cfg.stopAtPositional === true;
  const short = opts.length ? shortIndex(opts) : undefined;
  // Positionals are usually one run of words (`-rn x src/`): kept as a range and sliced once at the end.
  let posStart = -1;
  let posEnd = -1;
  let posList: W[] | undefined;
  let i = from;
  for (; i < words.length; i++) {
    const w = words[i];
    const v = w.value;
    // A dynamic word (`rm $FLAGS x`) may expand to options; fail closed by reporting it.
    if (v === null) out.dynamic = true;
    if (v === null || v.length < 2 || v.charCodeAt(0) !== 45 /* - */) {
      if (stop) {
        out.rest = i;
        return out;
      }
      if (posList !== undefined) posList.push(w);
      else if (posStart < 0) {
        posStart = i;
        posEnd = i + 1;
      } else if (posEnd === i) posEnd++;
      else {
        posList = words.slice(posStart, posEnd);
        posList.push(w);
      }
      continue;
    }
    if (v === '--') {
      i++;
      break;
    }
    if (v.charCodeAt(1) === 45) {
      const eq = v.indexOf('=');
      const end = eq >= 0 ? eq : v.length;
      const o = resolveLongAt(v, 2, end, opts, cfg.abbreviations !== false);
      if (!o) {
        out.add(eq >= 0 ? v.slice(0, eq) : v, eq >= 0 ? v.slice(eq + 1) : '');
        continue;
      }
      if (o.arg) {
        if (eq >= 0) out.add(o.id, v.slice(eq + 1));
        else {
          const next = words[i + 1];
          out.add(o.id, next ? next.value : '');
          i++;
        }
      } else out.add(o.id, eq >= 0 ? v.slice(eq + 1) : '');
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k];
      const o = short?.get(c);
      if (!o) {
        out.add(dashed(c), '');
        continue;
      }
      if (o.arg) {
        const attached = v.slice(k + 1);
        if (attached) out.add(o.id, attached);
        else {
          const next = words[i + 1];
          out.add(o.id, next ? next.value : '');
          i++;
        }
        break;
      }
      out.add(o.id, '');
    }
  }
  if (!stop) {
    if (posList === undefined && posStart >= 0) {
      // The run reaches the end (or `--`, whose words join it): one slice.
      if (i >= words.length && posEnd === words.length) out.positional = words.slice(posStart);
      else posList = words.slice(posStart, posEnd);
    }
    if (i < words.length) {
      if (posList === undefined) out.positional = words.slice(i);
      else for (let k = i; k < words.length; k++) posList.push(words[k]);
    }
    if (posList !== undefined) out.positional = posList;
    out.rest = words.length;
    return out;
  }
  out.rest = i;
  return out;
}
