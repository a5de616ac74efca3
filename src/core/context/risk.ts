// How risky one call is: low, medium or high. The floor comes from what the call does (a read is low, a change
// medium, a command the classifier finds destructive or cannot read high); a rule and a tool can only raise
// it — a policy that rates `Bash` high makes every Bash call high, whatever it runs. The policy can act on a
// level as a group (`risk.decisions: {high: ask}`), rates can count by level, and the panel filters by it.
import type { Policy } from '../policy/types';
import type { CanonicalCall, Verdict } from '../types';
import { globMatch } from './selector';
import { maxRisk, type Risk, type Tier } from './types';

/** The classifier's tier of a command (benign when it found nothing); '' for calls that are not commands. */
export function tierOf(call: CanonicalCall, v: Verdict): Tier | '' {
  if (call.op !== 'exec') return '';
  if (call.preset?.kind === 'opaque') return 'unknown';
  let tier: Tier = 'benign';
  for (const f of v.analysis?.findings ?? []) {
    if (f.tier === 'unknown') return 'unknown';
    tier = 'destructive';
  }
  if (v.rule === 'cmd:parse.error') return 'unknown';
  return tier;
}

/** Per-policy lookups, built once per compiled policy. */
export class RiskTable {
  private readonly byRule = new Map<string, Risk>();
  private readonly ruleGlobs: [string, Risk][] = [];
  private readonly toolGlobs: [string, Risk][];

  constructor(policy: Policy) {
    for (const r of policy.paths) if (r.risk) this.byRule.set(`path:${r.name}`, r.risk);
    for (const p of policy.commands.patterns) if (p.risk) this.byRule.set(`cmd:user:${p.pattern}`, maxRisk(p.risk, this.byRule.get(`cmd:user:${p.pattern}`)));
    for (const [g, r] of Object.entries(policy.risk.rules)) {
      if (g.includes('*')) this.ruleGlobs.push([g, r]);
      else this.byRule.set(g, maxRisk(r, this.byRule.get(g)));
    }
    this.toolGlobs = Object.entries(policy.risk.tools);
  }

  riskOf(call: CanonicalCall, v: Verdict, tier: Tier | ''): Risk {
    let r: Risk;
    switch (call.op) {
      case 'read':
      case 'list':
      case 'search':
        r = 'low';
        break;
      case 'exec':
        r = tier === 'benign' ? 'medium' : 'high';
        break;
      default:
        r = 'medium';
    }
    if (call.preset?.kind === 'opaque') r = 'high';
    r = maxRisk(r, this.byRule.get(v.rule));
    for (const [g, level] of this.ruleGlobs) if (globMatch(g, v.rule)) r = maxRisk(r, level);
    for (const [g, level] of this.toolGlobs) if (globMatch(g, call.tool)) r = maxRisk(r, level);
    return r;
  }
}
