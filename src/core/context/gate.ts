// The context step of the pipeline (src/core/chain.ts calls it twice: `judge` once a call is decided, and
// `settled` once the calls of a tool call are settled). It sees what the engine cannot: what came before.
//   risk      the call's level; the policy's decision for that level applies at least
//   lockdown  every call but a plain read is asked while the workspace is locked down
//   rates     calls, bytes written and files deleted per session, agent or workspace over a sliding window;
//             past a limit the call is asked or denied, with the count and the window in the reason
//   breaker   an agent refused again and again in a short window switches the workspace to lockdown, and
//             the refusal that tripped it tells the agent it is paused for review
// Pure: the counter store and the clock are injected (src/node/counters for every process of a workspace,
// memory.ts for `agentguard eval` and the tests).
//
// What counts: a call counts toward a rate when it is decided allow or ask (a reservation, made before anyone
// is asked so that concurrent calls cannot all slip under a limit), and stops counting if it is refused after
// all — by a person, by a host that cannot ask, or because an earlier call of the same tool call was denied.
// A refused call did nothing, so it uses no budget; it counts toward the breaker instead.
import type { Policy } from '../policy/types';
import { type CanonicalCall, type Decision, severity, type Verdict } from '../types';
import { RiskTable, tierOf } from './risk';
import { applies, type CallContext, describeCall, globMatch } from './selector';
import type { CountEvent, CounterStore, LockdownState, RateRule, Risk, Tier } from './types';

/** What a plain read is: the only thing a lockdown leaves alone. */
const READS = new Set(['read', 'list', 'search']);

export interface GateOptions {
  store: CounterStore;
  now(): number;
  /** The guard's own session: what a call whose host reports no session of its own counts under. */
  session(): string;
  /** The lockdown changed: here (`external` false: a person, the breaker, with the call that tripped it) or in another process. */
  onLockdown?(state: LockdownState, external: boolean, call?: Pick<CanonicalCall, 'agent' | 'channel'>): void;
}

/** A verdict with what the context step found. */
export type Judged = Verdict & { risk: Risk };

interface Prepared {
  policy: Policy;
  risk: RiskTable;
}

interface Pending {
  ev?: CountEvent;
  refused: boolean;
  at: number;
}

export class ContextGate {
  private prepared: Prepared | undefined;
  /** Calls decided and not yet settled: their reservation, and whether the decision already refused them. */
  private readonly pending = new Map<string, Pending>();
  private lastLockdown: string | undefined;

  constructor(private readonly o: GateOptions) {}

  private prep(policy: Policy): Prepared {
    if (this.prepared?.policy !== policy) this.prepared = { policy, risk: new RiskTable(policy) };
    return this.prepared;
  }

  /** The lockdown in force (noticing a change another process made). */
  lockdown(): LockdownState | undefined {
    const s = this.o.store.lockdown();
    const sig = s ? `${s.on}:${s.since}:${s.by}` : '';
    if (this.lastLockdown !== undefined && sig !== this.lastLockdown && s) this.o.onLockdown?.(s, true);
    this.lastLockdown = sig;
    return s;
  }

  /** A person (or the CLI) switches the lockdown. Ending it starts the breaker's count afresh. */
  setLockdown(on: boolean, by: 'user' | 'cli', reason?: string, channel: CanonicalCall['channel'] = 'cli'): LockdownState {
    const now = this.o.now();
    const prev = this.o.store.lockdown();
    const state: LockdownState = {
      on,
      since: now,
      by,
      reason: reason ?? (on ? 'switched on by a person' : 'ended by a person'),
      ...(on ? (prev?.resetAt ? { resetAt: prev.resetAt } : {}) : { resetAt: now }),
    };
    this.write(state, { agent: 'user', channel });
    return state;
  }

  private write(state: LockdownState, call: Pick<CanonicalCall, 'agent' | 'channel'>): void {
    this.o.store.setLockdown(state);
    this.lastLockdown = `${state.on}:${state.since}:${state.by}`;
    this.o.onLockdown?.(state, false, call);
  }

  /** The session a call counts under. */
  private sessionOf(call: CanonicalCall): string {
    return call.session ?? this.o.session();
  }

  /** The context step on one decided call. May make the verdict stricter; never more lenient. */
  judge(call: CanonicalCall, v: Verdict, policy: Policy): Judged {
    const p = this.prep(policy);
    const now = this.o.now();
    const tier = tierOf(call, v);
    const risk = p.risk.riskOf(call, v, tier);
    const context = [...(v.context ?? [])];
    let out: Judged = { ...v, risk };

    const byRisk = policy.risk.decisions[risk];
    if (byRisk && severity(byRisk) > severity(out.decision)) {
      out = { ...out, decision: byRisk, rule: `risk:${risk}`, reason: `the policy ${verb(byRisk)} every ${risk}-risk call; ${v.reason}` };
    }

    const ld = this.lockdown();
    if (ld?.on && !READS.has(call.op)) {
      context.push(`lockdown since ${new Date(ld.since).toISOString()}: ${ld.reason}`);
      if (out.decision === 'allow') out = { ...out, decision: 'ask', rule: 'lockdown', reason: `${lockdownText(ld)} (${v.reason})` };
    }

    // Rates: a reservation for every call that may run, counted in the one order every process agrees on.
    let ev: CountEvent | undefined;
    if (out.decision !== 'deny' && policy.rates.length) {
      const mine = eventOf('c', call, this.sessionOf(call), v.rule, risk, tier, now);
      // A call that adds nothing to a budget (a write of no bytes to `written-bytes`) is not counted against it.
      const rates = policy.rates.filter((r) => applies(r, call) && ofMatches(r, call.op, v.rule, tier, risk) && amountOf(r, mine) > 0);
      if (rates.length) {
        ev = mine;
        const since = now - Math.max(...rates.map((r) => r.windowMs));
        const { events, self, late } = this.o.store.appendAndRead(ev, since);
        const voided = voidedIds(events);
        for (const r of rates) {
          const amount = amountOf(r, ev);
          let used = 0;
          for (let i = 0; i < events.length; i++) {
            if (i === self || (i > self && !late)) continue;
            const e = events[i];
            // Whatever its clock said: an event before ours in the order is earlier (another process's clock may run a little ahead).
            if (e.kind !== 'c' || voided.has(e.id) || e.t < now - r.windowMs) continue;
            if (!inScope(r, e, ev) || !applies(r, e as unknown as CallContext) || !ofMatches(r, e.op, e.rule, e.tier as Tier, e.risk as Risk)) continue;
            used += amountOf(r, e);
          }
          const total = used + amount;
          const line = `rate ${r.name}: ${total} ${unitOf(r)} ${scopeOf(r, ev)} in the last ${windowText(r.windowMs)} (limit ${r.limit})`;
          context.push(line);
          if (total <= r.limit) continue;
          const why = `${r.reason ? `${r.reason} ` : ''}This would be ${total} ${unitOf(r)} ${scopeOf(r, ev)} in the last ${windowText(r.windowMs)}; the limit is ${r.limit} (${r.over === 'ask' ? 'a person confirms each call past it' : 'calls past it are refused'}).`;
          if (severity(r.over) > severity(out.decision)) out = { ...out, decision: r.over, rule: `rate:${r.name}`, reason: why };
          else out = { ...out, reason: `${out.reason} Also past rate ${r.name}: ${why}` };
        }
      }
    }

    const refused = out.decision === 'deny';
    if (ev || (refused && countsAsRefusal(out))) this.pending.set(call.id, { ...(ev ? { ev } : {}), refused, at: now });
    if (refused && countsAsRefusal(out)) out = this.refusal(call, out, policy, now);
    if (this.pending.size > 10_000) this.sweep(now);
    return { ...out, context, risk };
  }

  /**
   * The calls of one tool call, settled (or, after a deny, never settled). A reservation of a call that did
   * not run is voided; a call refused after the decision — by a person, by a host that cannot ask — counts
   * toward the breaker.
   */
  settled(calls: readonly CanonicalCall[], settled: readonly { call: CanonicalCall; verdict: Verdict }[], policy: Policy): void {
    try {
      this.settle(calls, settled, policy);
    } catch {
      // The calls are settled and answered; a count that could not be written leaves the limit stricter
      // (a reservation not voided), never looser.
    }
  }

  private settle(calls: readonly CanonicalCall[], settled: readonly { call: CanonicalCall; verdict: Verdict }[], policy: Policy): void {
    const now = this.o.now();
    for (const call of calls) {
      const p = this.pending.get(call.id);
      this.pending.delete(call.id);
      const fin = settled.find((s) => s.call === call)?.verdict;
      if (p?.ev && (!fin || fin.decision === 'deny')) this.o.store.append({ ...p.ev, kind: 'v', t: now });
      if (fin && fin.decision === 'deny' && !p?.refused && countsAsRefusal(fin)) this.refusal(call, fin, policy, now);
    }
  }

  /** Count a refusal; trip the breaker when the agent has been refused too often. Returns the verdict to give. */
  private refusal(call: CanonicalCall, v: Judged | Verdict, policy: Policy, now: number): Judged {
    const b = policy.breaker;
    const session = this.sessionOf(call);
    const ev = eventOf('r', call, session, v.rule, (v as Judged).risk ?? 'medium', '', now);
    const out = v as Judged;
    if (!b.enabled) {
      this.o.store.append(ev);
      return out;
    }
    const { events } = this.o.store.appendAndRead(ev, now - b.windowMs);
    const ld = this.lockdown();
    if (ld?.on) return out;
    const since = Math.max(now - b.windowMs, ld?.resetAt ?? 0);
    const mine = events.filter((e) => e.kind === 'r' && e.t >= since && e.t <= now && e.agent === ev.agent && (b.per === 'agent' || e.session === session));
    if (mine.length < b.refusals) return out;
    const who = b.per === 'agent' ? call.agent : `${call.agent} (session ${session})`;
    const why = `${who} was refused ${mine.length} times in the last ${windowText(b.windowMs)}`;
    const state: LockdownState = {
      on: true,
      since: now,
      by: 'breaker',
      reason: `the circuit breaker tripped: ${why}`,
      agent: call.agent,
      calls: mine.map((e) => e.id).slice(-100),
      ...(ld?.resetAt ? { resetAt: ld.resetAt } : {}),
    };
    this.write(state, call);
    return {
      ...out,
      reason: `${out.reason} — AgentGuard paused ${call.agent} for review: it was refused ${mine.length} times in the last ${windowText(b.windowMs)}. Stop and wait for the user: until a person ends the lockdown, every call but a plain read needs a person's confirmation.`,
    };
  }

  private sweep(now: number): void {
    for (const [id, p] of this.pending) if (now - p.at > 3_600_000) this.pending.delete(id);
  }
}

function verb(d: Decision): string {
  return d === 'deny' ? 'refuses' : d === 'ask' ? 'asks before' : 'allows';
}

export function lockdownText(ld: LockdownState): string {
  return `AgentGuard is in lockdown (${ld.reason}): every call but a plain read needs a person's confirmation until a person ends it`;
}

function eventOf(kind: CountEvent['kind'], call: CanonicalCall, session: string, rule: string, risk: string, tier: string, t: number): CountEvent {
  return {
    t,
    kind,
    id: call.id,
    agent: call.agent,
    session,
    channel: call.channel,
    tool: call.tool,
    op: call.op,
    rule,
    risk,
    tier,
    bytes: call.op === 'write' && typeof call.content === 'string' ? utf8Length(call.content) : 0,
    files: deletesOf(call),
  };
}

/** Files a call deletes, as far as the decision can tell: a delete's paths, a command's delete effects. */
function deletesOf(call: CanonicalCall): number {
  if (call.op === 'delete') return call.paths.length;
  return 0;
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function ofMatches(r: RateRule, op: string, rule: string, tier: Tier | '', risk: Risk): boolean {
  const of = r.of;
  if (of.op && !(of.op as string[]).includes(op)) return false;
  if (of.tier && !(of.tier as string[]).includes(tier)) return false;
  if (of.risk && !of.risk.includes(risk)) return false;
  if (of.rule && !of.rule.some((g) => globMatch(g, rule))) return false;
  return true;
}

function inScope(r: RateRule, e: CountEvent, me: CountEvent): boolean {
  if (r.per === 'workspace') return true;
  if (e.agent !== me.agent) return false;
  return r.per === 'agent' || e.session === me.session;
}

function amountOf(r: RateRule, e: CountEvent): number {
  return r.count === 'calls' ? 1 : r.count === 'bytes' ? e.bytes : e.files;
}

function voidedIds(events: readonly CountEvent[]): Set<string> {
  const s = new Set<string>();
  for (const e of events) if (e.kind === 'v') s.add(e.id);
  return s;
}

/**
 * Refusals that say something about the agent: by a rule, by a person, or because no one could be asked. Not the
 * guard failing closed, a cancelled call, or input the tool could not read (a model fumbling a schema).
 */
function countsAsRefusal(v: Verdict): boolean {
  if (v.decidedBy === 'fail-closed' || v.rule === 'fail-closed' || v.rule === 'cancelled') return false;
  return !v.rule.startsWith('input:');
}

function unitOf(r: RateRule): string {
  if (r.count === 'bytes') return 'bytes written';
  if (r.count === 'files') return 'files deleted';
  const ops = r.of.op;
  return ops && ops.length === 1 ? `${ops[0]} calls` : 'calls';
}

function scopeOf(r: RateRule, e: CountEvent): string {
  if (r.per === 'workspace') return 'in this workspace';
  if (r.per === 'agent') return `by ${e.agent}`;
  return `in this session of ${e.agent}`;
}

export function windowText(ms: number): string {
  const s = ms / 1000;
  if (s % 86_400 === 0) return s === 86_400 ? 'day' : `${s / 86_400} days`;
  if (s % 3600 === 0) return s === 3600 ? 'hour' : `${s / 3600} hours`;
  if (s % 60 === 0) return s === 60 ? 'minute' : `${s / 60} minutes`;
  return s === 1 ? 'second' : `${s} seconds`;
}

export { describeCall };
