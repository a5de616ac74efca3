// The command guard's entry points: analyzeCommand (what a line does) and decideCommand (what the policy says).
import type { CommandPattern, CommandPolicy } from '../policy/types';
import { severity, type Decision, type Verdict } from '../types';
import { analyze, subcommandsOf, type FullAnalysis } from './analyze';
import { matchPattern } from './patterns';
import type { CommandAnalysis, CommandEnv, CommandFinding, Finding, PathEffect, Sub, SubCommand } from './types';

export type { CommandAnalysis, CommandEnv, CommandFinding, PathEffect, SubCommand } from './types';
export { CATALOG, RULES_BY_ID } from './rules/index';

/** Parse and classify one command line. Never throws: a failure is an `unknown` finding. */
export function analyzeCommand(line: string, env: CommandEnv): CommandAnalysis {
  const a = analyze(line, env);
  return { subcommands: subcommandsOf(a.subs), findings: a.findings.map(strip), paths: a.paths, errors: a.errors };
}

function strip(f: Finding) {
  return { rule: f.rule, category: f.category, tier: f.tier, subcommand: f.subcommand, explanation: f.explanation };
}

/**
 * decideCommand's analysis: `subcommands` is built on first read. The engine reads only `paths`, and the list
 * (an object and an argv array per sub-command) was 4 of the 70 KB of garbage of a 1 KB line. A class getter
 * with private fields, not an object-literal accessor: that one made 0.5 ms scavenges 6 ms ones; this one
 * leaves them as they were (measured). toJSON keeps the serialised shape of a plain analysis.
 */
class DecidedAnalysis implements CommandAnalysis {
  readonly #subs: Sub[];
  #subcommands: SubCommand[] | undefined;

  constructor(
    subs: Sub[],
    readonly findings: CommandFinding[],
    readonly paths: PathEffect[],
    readonly errors: string[],
    readonly written?: ReadonlyMap<string, string | null>,
    readonly moved?: readonly (readonly [string, string, boolean])[],
  ) {
    this.#subs = subs;
  }

  get subcommands(): SubCommand[] {
    return (this.#subcommands ??= subcommandsOf(this.#subs));
  }

  toJSON(): CommandAnalysis {
    return { subcommands: this.subcommands, findings: this.findings, paths: this.paths, errors: this.errors };
  }
}

interface Candidate {
  decision: Decision;
  rule: string;
  reason: string;
  subcommand: string;
}

/** The decision a finding gets: by rule id, then category, then the tier default. Unknown is never allow. */
function decisionFor(f: Finding, policy: CommandPolicy): Decision {
  const byRule = policy.rules[f.rule] ?? policy.rules[f.category];
  if (f.tier === 'unknown') {
    const d = byRule ?? policy.unknown;
    return d === 'allow' ? 'ask' : d;
  }
  return byRule ?? policy.destructive;
}

function describePattern(p: CommandPattern): string {
  return p.reason ?? `matches the ${p.source} pattern "${p.pattern}"`;
}

/**
 * Apply the policy: user deny patterns win over everything; an allow pattern exempts exactly the matching
 * sub-command from classifier findings (a wrapper's own finding such as sudo stays unless the pattern names
 * the wrapper); across sub-commands the most restrictive decision wins.
 */
export function decideCommand(line: string, policy: CommandPolicy, env: CommandEnv): { verdict: Verdict; analysis: CommandAnalysis } {
  let a: FullAnalysis;
  try {
    a = analyze(line, env);
  } catch (err) {
    const reason = `the command could not be analysed (${(err as Error)?.message ?? err})`;
    const d = policy.unknown === 'allow' ? 'ask' : policy.unknown;
    return {
      verdict: { decision: d, rule: 'cmd:parse.error', reason, decidedBy: 'fail-closed', subcommand: line },
      analysis: { subcommands: [], findings: [], paths: [], errors: [reason] },
    };
  }
  const candidates: Candidate[] = [];
  // Most lines match no allow pattern: the map is made on the first exemption.
  let exempt: Map<number, 'inner' | 'all'> | undefined;
  for (const s of a.subs) {
    for (const p of policy.patterns) {
      const onInner = matchPattern(p, s.words);
      const onRaw = !onInner && s.rawWords !== s.words && matchPattern(p, s.rawWords);
      if (!onInner && !onRaw) continue;
      if (p.decision === 'allow') {
        exempt ??= new Map();
        exempt.set(s.index, onRaw ? 'all' : exempt.get(s.index) === 'all' ? 'all' : 'inner');
      } else {
        candidates.push({ decision: p.decision, rule: `cmd:user:${p.pattern}`, reason: describePattern(p), subcommand: s.text });
      }
    }
  }
  for (const f of a.findings) {
    const ex = f.sub >= 0 && exempt ? exempt.get(f.sub) : undefined;
    if (f.tier === 'destructive' && (ex === 'all' || (ex === 'inner' && !f.wrapper))) continue;
    candidates.push({ decision: decisionFor(f, policy), rule: `cmd:${f.rule}`, reason: f.explanation, subcommand: f.subcommand });
  }
  let best: Candidate | undefined;
  for (const c of candidates) {
    // Deny patterns win over everything, so among equals a user pattern is reported first.
    if (
      !best ||
      severity(c.decision) > severity(best.decision) ||
      (severity(c.decision) === severity(best.decision) && c.rule.startsWith('cmd:user:') && !best.rule.startsWith('cmd:user:'))
    )
      best = c;
  }
  const analysis: CommandAnalysis = new DecidedAnalysis(a.subs, a.findings.length ? a.findings.map(strip) : [], a.paths, a.errors, a.written, a.moved);
  if (!best || best.decision === 'allow') {
    const reason = best ? best.reason : a.subs.length ? 'no destructive or unknown sub-command' : 'nothing runs';
    return { verdict: { decision: 'allow', rule: best ? best.rule : 'cmd:benign', reason, decidedBy: 'rule' }, analysis };
  }
  return {
    verdict: {
      decision: best.decision,
      rule: best.rule,
      reason: `${firstLine(best.subcommand).slice(0, 120)}: ${best.reason}`,
      decidedBy: best.rule.startsWith('cmd:parse') ? 'fail-closed' : 'rule',
      subcommand: best.subcommand,
    },
    analysis,
  };
}

/** The text before the first newline: a here-doc's sub-command can be kilobytes of lines, split would copy them all. */
function firstLine(s: string): string {
  const nl = s.indexOf('\n');
  return nl < 0 ? s : s.slice(0, nl);
}
