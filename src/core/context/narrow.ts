// The policy as one call's context sees it. Path rules and command patterns narrowed by `when` / `unless`
// take part only where their context matches; every other rule is the same for every call. A view per
// distinct context (agent, channel, tool) is built once and kept: the compiled globs are shared, only the
// list of rules differs. A policy with no narrowed rule has one view, the full one, and costs nothing more.
import type { PathGuard } from '../paths/guard';
import type { CommandPolicy, PathRule, Policy } from '../policy/types';
import { applies, type CallContext, describeCall, describeNarrowing, isNarrowed } from './selector';

export interface ContextView {
  paths: PathGuard;
  commands: CommandPolicy;
  /** Narrowed rules that apply in this context, by verdict rule id → the context they were narrowed to. */
  narrowed: Map<string, string>;
  /** For the audit: which narrowed rules are in force for this context and which are not. */
  note?: string;
}

/** Distinct contexts kept; past it the cache starts again (agents, channels and tools are few). */
const MAX_VIEWS = 256;

export class ContextViews {
  private readonly full: ContextView;
  private readonly narrowedPaths: PathRule[];
  private readonly any: boolean;
  private readonly views = new Map<string, ContextView>();

  constructor(
    private readonly policy: Policy,
    paths: PathGuard,
  ) {
    this.narrowedPaths = policy.paths.filter(isNarrowed);
    this.any = this.narrowedPaths.length > 0 || policy.commands.patterns.some(isNarrowed);
    this.full = { paths, commands: policy.commands, narrowed: new Map() };
  }

  /** True when some rule is narrowed to a context: views differ by call. */
  get contextual(): boolean {
    return this.any;
  }

  of(c: CallContext): ContextView {
    if (!this.any) return this.full;
    const key = `${c.channel}\0${c.agent}\0${c.tool}`;
    let v = this.views.get(key);
    if (!v) {
      if (this.views.size >= MAX_VIEWS) this.views.clear();
      v = this.build(c);
      this.views.set(key, v);
    }
    return v;
  }

  private build(c: CallContext): ContextView {
    const narrowed = new Map<string, string>();
    const skip = new Set<PathRule>();
    const off: string[] = [];
    for (const r of this.narrowedPaths) {
      if (applies(r, c)) narrowed.set(`path:${r.name}`, describeNarrowing(r));
      else {
        skip.add(r);
        off.push(`path:${r.name} (${describeNarrowing(r)})`);
      }
    }
    const paths = skip.size ? this.full.paths.narrowed((r) => !skip.has(r)) : this.full.paths;
    const patterns = this.policy.commands.patterns.filter((p) => {
      if (!isNarrowed(p)) return true;
      const ok = applies(p, c);
      if (ok) narrowed.set(`cmd:user:${p.pattern}`, describeNarrowing(p));
      else off.push(`cmd:user:${p.pattern} (${describeNarrowing(p)})`);
      return ok;
    });
    const commands = patterns.length === this.policy.commands.patterns.length ? this.policy.commands : { ...this.policy.commands, patterns };
    const on = [...narrowed].map(([id, ctx]) => `${id} (${ctx})`);
    const note = [on.length ? `in force: ${on.join('; ')}` : '', off.length ? `not in force: ${off.join('; ')}` : ''].filter(Boolean).join(' — ');
    return { paths, commands, narrowed, ...(note ? { note: `rules narrowed to a context, as ${describeCall(c)} sees them: ${note}` } : {}) };
  }
}
