// The decision engine: one canonical call + the effective policy → a verdict. Synchronous, pure (the
// filesystem comes in through the probe), and total: anything that throws becomes a fail-closed deny.
import { ContextViews, type ContextView } from './context/narrow';
import { PathGuard } from './paths/guard';
import { type PathContext, isWithin, normalizePath } from './paths/normalize';
import { resolvePhysical, type FsProbe } from './paths/resolve';
import type { CommandPattern, Policy } from './policy/types';
import { decideCommand, type SubCommand } from './shell';
import { judgeEffects } from './shell/pathjudge';
import { matchPattern } from './shell/patterns';
import { type CanonicalCall, OPS, type PathOp, severity, type Verdict, verdict } from './types';

/** Where a command leaves a persistent terminal: it parses the command, so it loads with the engine (lazyModules). */
export { afterAllowed as terminalAfterAllowed } from './shell/terminal';

export interface DecideEnv {
  /** Workspace root (symlink-resolved), HOME, and the base for relative paths. */
  ctx: PathContext;
  probe: FsProbe;
  /**
   * The guard's own data folders (audit log, hook channel, undo store's kept content): no call touches them,
   * whatever the policy says about paths outside the workspace. Checked lexically, as written.
   */
  guardData?: readonly string[];
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
    if (env.guardData?.length && call.op !== 'exec') {
      const hit = guardDataHit([...call.paths, ...(call.dest !== undefined ? [call.dest] : [])], env.ctx, env.guardData);
      if (hit) return hit;
    }
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
        return this.decideExec(view, call.command!, call.cwd, env, call.shellFunctions);
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

  private decideExec(
    view: ContextView,
    command: string,
    cwdRaw: string | undefined,
    env: DecideEnv,
    functions?: readonly (readonly [string, string])[],
  ): Verdict {
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
      exists: existsFact(probe, env.ctx.workspace),
      isDir: isDirFact(probe),
      physical: physicalFact(probe),
      ...(functions?.length ? { functions } : {}),
      readScript: probe.readText ? (abs, max) => readTextFact(probe, abs, max) : undefined,
      scriptChanged: probe.changedSinceHead ? (abs) => changedFact(probe, abs) : undefined,
      listDir: probe.readdirKinds ? (abs) => listDirFact(probe, abs) : undefined,
      gitHeld: probe.gitTracked ? (abs) => heldFact(probe, abs) : undefined,
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
    if (env.guardData?.length) {
      for (const eff of analysis.paths) {
        const hit = guardDataHit([eff.path], { ...env.ctx, cwd }, env.guardData);
        if (hit) return { ...hit, subcommand: eff.subcommand, reason: `\`${eff.subcommand}\` ${eff.op}s ${eff.path}: ${hit.reason}`, analysis };
      }
    }
    if (!this.policy.commands.checkPaths) return { ...result, analysis };
    // The same path rules as the file tools: `echo x > tests/a.test.ts` is a write of tests/a.test.ts, `cat .env`
    // a read of .env; outside the workspace, the command policy of pathjudge.ts (credential stores are no-access).
    const ctx: PathContext = { ...env.ctx, cwd };
    const v = judgeEffects(analysis.paths, {
      guard: view.paths,
      rules: view.paths.rules,
      outside: this.policy.outsideWorkspace,
      ctx,
      probe,
      onDisk: onDisk(probe, env.ctx.workspace),
    });
    if (severity(v.decision) > severity(result.decision)) result = v;
    return { ...result, analysis };
  }
}

function hasEntries(probe: FsProbe, dir: string): boolean {
  try {
    return probe.readdir(dir).length > 0;
  } catch {
    return false;
  }
}

function onDisk(probe: FsProbe, workspace: string): boolean {
  try {
    return probe.lstat(workspace)?.kind === 'dir';
  } catch {
    return false;
  }
}

/** The allow pattern that names every sub-command of a line (each sub-command matched by one), if any. */
function allowedByPatterns(patterns: readonly CommandPattern[], subs: readonly SubCommand[]): CommandPattern | undefined {
  const allow = patterns.filter((p) => p.decision === 'allow');
  if (!allow.length || !subs.length) return undefined;
  let first: CommandPattern | undefined;
  for (const s of subs) {
    // What a project file the line runs holds was judged (a finding would have made the line no `allow`);
    // the person's pattern is about the line they approved (`npm test`), not each command of the script.
    if (s.fromFile) continue;
    // A word known only at run time never satisfies an allow pattern (matchPattern), nor does a glob.
    const words = s.argv.map((a) => ({
      value: a,
      glob: a !== null && /[*?[]/.test(a),
      text: a ?? '',
      path: undefined,
      fromInput: false,
      alts: undefined,
      input: undefined,
    }));
    const p = allow.find((x) => matchPattern(x, words));
    if (!p) return undefined;
    first ??= p;
  }
  return first;
}

/**
 * What the command classifier may take from the disk. "Exists" is a fact. "Absent" is trusted where the
 * workspace itself is on this disk with something in it (the probe sees the tree the command runs in):
 * creating a new file is not an overwrite. Where it is not (a workspace described, not present, or an empty
 * folder that says nothing about the files a command expects), the classifier's name heuristics decide.
 */
export function existsFact(probe: FsProbe, workspace?: string): (abs: string) => boolean | undefined {
  const trustAbsent = workspace !== undefined && onDisk(probe, workspace) && hasEntries(probe, workspace);
  return (abs) => {
    try {
      return probe.lstat(abs) !== undefined ? true : trustAbsent ? false : undefined;
    } catch {
      return undefined;
    }
  };
}

/** A script's text for the command guard; a probe failure is `false` (present, cannot be judged: the guard asks). */
function readTextFact(probe: FsProbe, abs: string, max: number): string | false | undefined {
  try {
    return probe.readText!(abs, max);
  } catch {
    return false;
  }
}

/** A script changed since HEAD (or untracked); a probe failure is undefined (judged as possibly the agent's). */
function changedFact(probe: FsProbe, abs: string): boolean | undefined {
  try {
    return probe.changedSinceHead!(abs);
  } catch {
    return undefined;
  }
}

/** The files git holds in the repository at `abs`; a probe failure is undefined. */
function heldFact(probe: FsProbe, abs: string): readonly string[] | undefined {
  try {
    return probe.gitTracked!(abs);
  } catch {
    return undefined;
  }
}

/** A folder's entries for the command guard; a probe failure is undefined (the folder is not searched). */
function listDirFact(probe: FsProbe, abs: string): { name: string; dir: boolean }[] | undefined {
  try {
    return probe.readdirKinds!(abs);
  } catch {
    return undefined;
  }
}

/** A path with its links followed; undefined when the probe cannot tell. */
export function physicalFact(probe: FsProbe): (abs: string) => string | undefined {
  return (abs) => {
    try {
      const r = resolvePhysical(abs, probe, true);
      return r.ok ? r.path : undefined;
    } catch {
      return undefined;
    }
  };
}

/** Is a path a directory (links followed)? undefined when the probe cannot tell. */
export function isDirFact(probe: FsProbe): (abs: string) => boolean | undefined {
  return (abs) => {
    try {
      const info = probe.lstat(abs);
      if (info === undefined) return undefined;
      if (info.kind !== 'symlink') return info.kind === 'dir';
      const r = resolvePhysical(abs, probe, true);
      return r.ok && r.info !== undefined ? r.info.kind === 'dir' : undefined;
    } catch {
      return undefined;
    }
  };
}

/** A path inside one of the guard's own data folders: refused, naming the folder. */
function guardDataHit(paths: readonly string[], ctx: PathContext, dirs: readonly string[]): Verdict | undefined {
  for (const p of paths) {
    const n = normalizePath(p, ctx);
    if (!n.ok) continue; // the path guard says what is wrong with it
    const dir = dirs.find((d) => isWithin(d, n.abs));
    if (dir) {
      return verdict(
        'deny',
        'floor:guard-data',
        `${n.abs} is in AgentGuard's own data folder (${dir}: the audit log, the hook channel and the content kept for undo); no agent reads or changes it`,
      );
    }
  }
  return undefined;
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
