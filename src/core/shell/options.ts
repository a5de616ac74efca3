// getopt-style option parsing: grouped short flags (-rf == -r -f), any order, `--`,
// long options with `=value` and GNU/git-style unambiguous abbreviations (`--recur` == `--recursive`).
// Threat: flag reordering and abbreviations bypass string prefix lists (claude-code#18613).
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
  ids: Map<string, (string | null)[]>;
  positional: W[];
  /** A dynamic word stood where an option could be: any flag may be set. */
  dynamic: boolean;
  /** Raw unknown options, e.g. `-z`, `--frobnicate`. */
  unknown: string[];
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

export function parseOpts(words: W[], opts: Opt[], cfg: OptConfig = {}): ParsedOpts & { rest: number } {
  const out: ParsedOpts = { ids: new Map(), positional: [], dynamic: false, unknown: [] };
  const add = (id: string, v: string | null = '') => {
    const list = out.ids.get(id) ?? [];
    list.push(v);
    out.ids.set(id, list);
  };
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i];
    const v = w.value;
    if (v === null) {
      // `rm $FLAGS x`: the word may expand to options; fail closed by reporting it.
      out.dynamic = true;
      if (cfg.stopAtPositional) return { ...out, rest: i };
      out.positional.push(w);
      continue;
    }
    if (v === '--') {
      i++;
      break;
    }
    if (v.startsWith('--') && v.length > 2) {
      const eq = v.indexOf('=');
      const name = eq >= 0 ? v.slice(2, eq) : v.slice(2);
      const o = resolveLong(name, opts, cfg.abbreviations !== false);
      if (!o) {
        out.unknown.push('--' + name);
        add('--' + name, eq >= 0 ? v.slice(eq + 1) : '');
        continue;
      }
      if (o.arg) {
        if (eq >= 0) add(o.id, v.slice(eq + 1));
        else {
          const next = words[i + 1];
          add(o.id, next ? next.value : '');
          i++;
        }
      } else add(o.id, eq >= 0 ? v.slice(eq + 1) : '');
      continue;
    }
    if (v.startsWith('-') && v.length > 1) {
      for (let k = 1; k < v.length; k++) {
        const c = v[k];
        const o = opts.find((x) => x.short?.includes(c));
        if (!o) {
          out.unknown.push('-' + c);
          add('-' + c);
          continue;
        }
        if (o.arg) {
          const attached = v.slice(k + 1);
          if (attached) add(o.id, attached);
          else {
            const next = words[i + 1];
            add(o.id, next ? next.value : '');
            i++;
          }
          break;
        }
        add(o.id);
      }
      continue;
    }
    if (cfg.stopAtPositional) return { ...out, rest: i };
    out.positional.push(w);
  }
  if (!cfg.stopAtPositional) {
    for (; i < words.length; i++) out.positional.push(words[i]);
    return { ...out, rest: words.length };
  }
  return { ...out, rest: i };
}
