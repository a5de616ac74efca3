// The decision engine: one canonical call + the effective policy → a verdict. Synchronous, pure (the
// filesystem comes in through the probe), and total: anything that throws becomes a fail-closed deny.
import { ContextViews, type ContextView } from './context/narrow';
import { PathGuard } from './paths/guard';
import { type PathContext, isWithin, normalizePath } from './paths/normalize';
import type { FsProbe } from './paths/resolve';
import type { CommandPattern, Policy } from './policy/types';
import { decideCommand, type SubCommand } from './shell';
import { matchPattern } from './shell/patterns';
import { type CanonicalCall, OPS, type PathOp, severity, type Verdict, verdict } from './types';

export interface DecideEnv {
  /** Workspace root (symlink-resolved), HOME, and the base for relative paths. */
  ctx: PathContext;
  probe: FsProbe;
}

export class Engine {
  /** Every path rule, whatever its context (the protected-path test, `agentguard explain`). */
  readonly paths: PathGuard;
  /** The policy as each call's context (agent, channel, tool) sees it. */
  readonly views: ContextViews;

  constructor(readonly policy: Policy) {
    this.paths = new PathGuard(policy.paths, policy.outsideWorkspace);
    this.views = new ContextViews(policy, this.paths);
  }

  decide(call: CanonicalCall, env: DecideEnv): Verdict {
    try {
      const invalid = validateCall(call);
      if (invalid) return verdict('deny', 'input:invalid', invalid);
      return this.decideValid(call, env);
    } catch (e) {
      return verdict('deny', 'fail-closed', `the guard failed while deciding (${(e as Error).message}); nothing was done`, { decidedBy: 'fail-closed' });
    }
  }

  private decideValid(call: CanonicalCall, env: DecideEnv): Verdict {
    const view = this.views.of(call);
    const v = this.decideIn(view, call, env);
    if (!view.note) return v;
    // Name the context the decision used: the narrowed rule that decided, and what was in force for it.
    const scope = view.narrowed.get(v.rule);
    return { ...v, ...(scope ? { reason: `${v.reason} (this rule applies to ${scope})` } : {}), context: [...(v.context ?? []), view.note] };
  }

  private decideIn(view: ContextView, call: CanonicalCall, env: DecideEnv): Verdict {
    switch (call.op) {
      case 'read':
      case 'list':
      case 'search':
        return this.eachPath(view, call.paths, 'read', env);
      case 'write':
      case 'delete':
        return this.eachPath(view, call.paths, call.op, env);
      case 'rename':
        return view.paths.decideRename(call.paths[0], call.dest!, env.ctx, env.probe);
      case 'exec':
        return this.decideExec(view, call.command!, call.cwd, env);
    }
  }

  private eachPath(view: ContextView, paths: string[], op: PathOp, env: DecideEnv): Verdict {
    let worstV: Verdict | undefined;
    for (const p of paths) {
      const v = view.paths.decide(op, p, env.ctx, env.probe);
      if (!worstV || severity(v.decision) > severity(worstV.decision)) worstV = v;
      if (v.decision === 'deny') break;
    }
    return worstV ?? verdict('deny', 'input:invalid', 'the call names no path');
  }

  private decideExec(view: ContextView, command: string, cwdRaw: string | undefined, env: DecideEnv): Verdict {
    let cwd = env.ctx.workspace;
    if (cwdRaw !== undefined && cwdRaw !== '') {
      const n = normalizePath(cwdRaw, env.ctx);
      if (!n.ok) return verdict('deny', 'input:invalid', `invalid cwd: ${n.reason}`);
      cwd = n.abs;
      if (!isWithin(env.ctx.workspace, cwd)) {
        return verdict(this.policy.outsideWorkspace, 'outside-workspace', `the command would run in ${cwd}, outside the workspace ${env.ctx.workspace}`);
      }
    }
    const probe = env.probe;
    const { verdict: cmdVerdict, analysis } = decideCommand(command, view.commands, {
      cwd,
      home: env.ctx.home,
      workspace: env.ctx.workspace,
      exists: existsFact(probe),
    });
    let result = cmdVerdict;
    if (result.decision === 'allow' && this.policy.commands.benign && this.policy.commands.benign !== 'allow') {
      // A policy that asks before every command still runs what the user's own allow patterns name, line by
      // line: `npm test` allowed for Claude Code runs without asking when every sub-command matches one.
      const p = allowedByPatterns(view.commands.patterns, analysis.subcommands);
      result = p
        ? verdict('allow', `cmd:user:${p.pattern}`, p.reason ?? `matches the ${p.source} pattern "${p.pattern}"`)
        : verdict(this.policy.commands.benign, 'cmd:benign', `the policy asks before running any command (${command.slice(0, 80)})`);
    }
    if (!this.policy.commands.checkPaths) return { ...result, analysis };
    // The same path rules as the file tools: `echo x > tests/a.test.ts` is a write of tests/a.test.ts.
    // Paths outside the workspace are the classifier's business (writing /tmp/new.log is fine there).
    const ctx: PathContext = { ...env.ctx, cwd };
    for (const eff of analysis.paths) {
      const n = normalizePath(eff.path, ctx);
      if (n.ok && !isWithin(env.ctx.workspace, n.abs)) continue;
      const v = view.paths.decide(eff.op === 'rename' ? 'delete' : eff.op, eff.path, ctx, probe);
      if (severity(v.decision) > severity(result.decision)) {
        result = { ...v, subcommand: eff.subcommand, reason: `\`${eff.subcommand}\` ${eff.op}s ${eff.path}: ${v.reason}` };
      }
      if (result.decision === 'deny') break;
    }
    return { ...result, analysis };
  }
}

/** The allow pattern that names every sub-command of a line (each sub-command matched by one), if any. */
function allowedByPatterns(patterns: readonly CommandPattern[], subs: readonly SubCommand[]): CommandPattern | undefined {
  const allow = patterns.filter((p) => p.decision === 'allow');
  if (!allow.length || !subs.length) return undefined;
  let first: CommandPattern | undefined;
  for (const s of subs) {
    // A word known only at run time never satisfies an allow pattern (matchPattern), nor does a glob.
    const words = s.argv.map((a) => ({ value: a, glob: a !== null && /[*?[]/.test(a), text: a ?? '', path: undefined, fromInput: false }));
    const p = allow.find((x) => matchPattern(x, words));
    if (!p) return undefined;
    first ??= p;
  }
  return first;
}

/**
 * What the command classifier may take from the disk. "Exists" is a fact; "absent" is not trusted: the
 * classifier's name heuristics decide for files the probe cannot see, so `: > package.json` is asked even
 * where the probe looks at a different tree than the command will run in.
 */
export function existsFact(probe: FsProbe): (abs: string) => boolean | undefined {
  return (abs) => {
    try {
      return probe.lstat(abs) !== undefined ? true : undefined;
    } catch {
      return undefined;
    }
  };
}

/** Structural validation of a canonical call; returns a message, or undefined when it is well-formed. */
export function validateCall(call: CanonicalCall): string | undefined {
  if (!call || typeof call !== 'object') return 'the call is not an object';
  if (!OPS.includes(call.op)) return `unknown operation ${JSON.stringify(call.op)}; expected one of ${OPS.join(', ')}`;
  if (!Array.isArray(call.paths) || call.paths.some((p) => typeof p !== 'string')) return '`paths` must be a list of strings';
  if (call.op === 'exec') {
    if (typeof call.command !== 'string' || call.command.trim() === '') return 'exec needs a non-empty `command`';
    if (call.cwd !== undefined && typeof call.cwd !== 'string') return '`cwd` must be a string';
    return undefined;
  }
  if (call.paths.length === 0) return `${call.op} needs a path`;
  if (call.op === 'rename' && (typeof call.dest !== 'string' || call.dest === '')) return 'rename needs `dest`';
  return undefined;
}
