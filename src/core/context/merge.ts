// Layering of rates, the breaker and risk levels: the shipped base, then the workspace file. A trusted file
// replaces what it names; an untrusted one may only tighten — a lower limit, a longer window, a harsher
// decision past the limit, a higher risk — and cannot switch a rate or the breaker off (src/core/policy/layers.ts
// does the same for path rules and commands).
import type { PolicyError } from '../policy/types';
import { type Decision, worst } from '../types';
import type { BreakerLayer, RateLayer, RiskLayer } from './load';
import { type BreakerPolicy, maxRisk, type RateRule, type Risk, type RiskPolicy } from './types';

export const DEFAULT_BREAKER: BreakerPolicy = { enabled: true, refusals: 5, windowMs: 120_000, per: 'agent' };

export interface ContextLayers {
  base: { rates: Record<string, RateLayer>; breaker: BreakerLayer; risk: RiskLayer };
  baseName: string;
  workspace?: { rates: Record<string, RateLayer>; breaker: BreakerLayer; risk: RiskLayer; file: string };
  trusted: boolean;
}

export function mergeContext(input: ContextLayers, errors: PolicyError[]): { rates: RateRule[]; breaker: BreakerPolicy; risk: RiskPolicy } {
  const { base, workspace: ws, trusted } = input;
  const rates = new Map<string, RateRule>();
  for (const [name, r] of Object.entries(base.rates)) {
    if (r.disabled) continue;
    const rule = complete(name, r, input.baseName);
    if (rule) rates.set(name, rule);
  }
  if (ws) {
    for (const [name, r] of Object.entries(ws.rates)) {
      const prev = rates.get(name);
      const at = { file: ws.file, line: r.line ?? 1, column: r.column ?? 1 };
      if (r.disabled) {
        if (trusted) rates.delete(name);
        else errors.push({ ...at, severity: 'warning', message: `rate \`${name}\` cannot be switched off in an untrusted workspace; it stays in force` });
        continue;
      }
      if (!prev) {
        const rule = complete(name, r, ws.file);
        if (rule) rates.set(name, rule);
        else
          errors.push({
            ...at,
            severity: 'error',
            message: `rate \`${name}\` needs \`limit\` and \`window\` (there is no shipped rate \`${name}\` to change)`,
          });
        continue;
      }
      if (trusted) {
        rates.set(name, {
          ...prev,
          ...defined({
            count: r.count,
            of: r.of,
            when: r.when,
            unless: r.unless,
            per: r.per,
            limit: r.limit,
            windowMs: r.windowMs,
            over: r.over,
            reason: r.reason,
          }),
          source: ws.file,
        });
        continue;
      }
      // Untrusted: only what makes the limit stricter; what it counts, and for whom, stays the shipped rate's.
      if (r.count || r.of || r.when || r.unless || r.per) {
        errors.push({
          ...at,
          severity: 'warning',
          message: `rate \`${name}\`: an untrusted workspace may lower its limit, lengthen its window or make \`over\` deny, not change what it counts or for whom`,
        });
      }
      rates.set(name, {
        ...prev,
        limit: r.limit === undefined ? prev.limit : Math.min(prev.limit, r.limit),
        windowMs: r.windowMs === undefined ? prev.windowMs : Math.max(prev.windowMs, r.windowMs),
        over: r.over === undefined ? prev.over : (worst(prev.over, r.over) as 'ask' | 'deny'),
        reason: r.reason ?? prev.reason,
        source: ws.file,
      });
    }
  }

  const b: BreakerPolicy = { ...DEFAULT_BREAKER, ...defined(base.breaker) };
  let breaker = b;
  if (ws) {
    const w = ws.breaker;
    if (trusted) breaker = { ...b, ...defined(w) };
    else {
      if (w.enabled === false || w.per !== undefined) {
        errors.push({
          file: ws.file,
          line: 1,
          column: 1,
          severity: 'warning',
          message: 'an untrusted workspace cannot switch the breaker off or change whom it counts; it may lower `refusals` or lengthen `window`',
        });
      }
      breaker = {
        ...b,
        // Switching the breaker on only tightens: an untrusted workspace may do that, never the reverse.
        enabled: b.enabled || w.enabled === true,
        refusals: w.refusals === undefined ? b.refusals : Math.min(b.refusals, w.refusals),
        windowMs: w.windowMs === undefined ? b.windowMs : Math.max(b.windowMs, w.windowMs),
      };
    }
  }

  const risk: RiskPolicy = { tools: { ...(base.risk.tools ?? {}) }, rules: { ...(base.risk.rules ?? {}) }, decisions: { ...(base.risk.decisions ?? {}) } };
  if (ws) {
    for (const k of ['tools', 'rules'] as const) {
      for (const [name, level] of Object.entries(ws.risk[k] ?? {})) {
        risk[k][name] = trusted ? level : maxRisk(level, risk[k][name]);
      }
    }
    for (const [level, d] of Object.entries(ws.risk.decisions ?? {}) as [Risk, Decision][]) {
      const prev = risk.decisions[level];
      risk.decisions[level] = trusted || prev === undefined ? d : worst(prev, d);
    }
  }
  return { rates: [...rates.values()], breaker, risk };
}

function complete(name: string, r: RateLayer, source: string): RateRule | undefined {
  if (r.limit === undefined || r.windowMs === undefined) return undefined;
  return {
    name,
    count: r.count ?? 'calls',
    of: r.of ?? {},
    ...(r.when ? { when: r.when } : {}),
    ...(r.unless ? { unless: r.unless } : {}),
    per: r.per ?? 'agent',
    limit: r.limit,
    windowMs: r.windowMs,
    over: r.over ?? 'ask',
    ...(r.reason ? { reason: r.reason } : {}),
    source,
  };
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
