// The vocabulary of context rules, rates, risk levels, lockdown and the circuit breaker. Pure types: the
// policy carries the rules (src/core/policy/types.ts), the gate applies them (gate.ts), and a counter store
// that every process of a workspace shares keeps the counts (src/node/counters/).
import type { Channel, Decision, Op } from '../types';

export type Risk = 'low' | 'medium' | 'high';
export const RISKS: readonly Risk[] = ['low', 'medium', 'high'];
const RISK_ORDER: Record<Risk, number> = { low: 0, medium: 1, high: 2 };
export function riskOrder(r: Risk): number {
  return RISK_ORDER[r];
}
export function isRisk(x: unknown): x is Risk {
  return x === 'low' || x === 'medium' || x === 'high';
}
export function maxRisk(a: Risk, b: Risk | undefined): Risk {
  return b !== undefined && RISK_ORDER[b] > RISK_ORDER[a] ? b : a;
}

export const CHANNELS: readonly Channel[] = ['tool', 'hook', 'mcp', 'cli'];

/**
 * Who is calling and through which door. Each given field must match (a list matches any of its entries);
 * agent and tool entries may use `*` for any run of characters, compared without regard to case.
 */
export interface ContextSelector {
  agent?: string[];
  channel?: Channel[];
  tool?: string[];
}

/** The classifier's tier of a command: nothing found, a destructive finding, or a line it cannot understand. */
export type Tier = 'benign' | 'destructive' | 'unknown';
export const TIERS: readonly Tier[] = ['benign', 'destructive', 'unknown'];

/** What a rate counts: calls, bytes written, or files deleted. */
export type RateCount = 'calls' | 'bytes' | 'files';
/** Whose calls a rate adds up: one agent's session, one agent in the workspace, or everyone in the workspace. */
export type RateScope = 'session' | 'agent' | 'workspace';

export interface RateRule {
  /** Unique name, used in verdicts as `rate:<name>`. */
  name: string;
  count: RateCount;
  /** Which calls count: each given field must match (op, the rule that decided, the command's tier, the risk). */
  of: { op?: Op[]; rule?: string[]; tier?: Tier[]; risk?: Risk[] };
  /** The context the rate applies in (absent: every context). */
  when?: ContextSelector;
  unless?: ContextSelector;
  per: RateScope;
  limit: number;
  windowMs: number;
  /** What a call past the limit gets. Never `allow`. */
  over: Exclude<Decision, 'allow'>;
  reason?: string;
  source: string;
}

export interface BreakerPolicy {
  enabled: boolean;
  /** This many refusals of one agent (or session) within the window switch the workspace to lockdown. */
  refusals: number;
  windowMs: number;
  per: 'agent' | 'session';
}

export interface RiskPolicy {
  /** A tool's risk, by tool name (globs with `*`): raises the risk of every call of that tool. */
  tools: Record<string, Risk>;
  /** A rule's risk, by the id that decided (`cmd:priv.sudo`, `path:ci`, globs with `*`). */
  rules: Record<string, Risk>;
  /** What every call of a risk level gets at least: `{high: ask}` asks before every high-risk call. */
  decisions: Partial<Record<Risk, Decision>>;
}

/** The longest window any rate or the breaker may use: the store keeps a day of counts, no more. */
export const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One line of the counter store. */
export interface CountEvent {
  /** ms since the epoch. */
  t: number;
  /** c: a counted call (a reservation made at the decision); v: a counted call voided (refused after all); r: a refusal. */
  kind: 'c' | 'v' | 'r';
  /** The call's id (for `v`: the id of the call it voids). */
  id: string;
  agent: string;
  session: string;
  channel: string;
  tool: string;
  op: string;
  rule: string;
  risk: string;
  tier: string;
  bytes: number;
  files: number;
}

/** The workspace's lockdown: every call but a plain read needs a person. Shared by every process of the workspace. */
export interface LockdownState {
  on: boolean;
  /** When it was switched on or off, ms since the epoch. */
  since: number;
  by: 'user' | 'breaker' | 'cli';
  /** Why, in words for the person and the agent. */
  reason: string;
  /** The breaker: the agent it paused and the calls that tripped it (their ids, for the panel). */
  agent?: string;
  calls?: string[];
  /** Refusals before this time no longer count toward the breaker (set when a person ends a lockdown). */
  resetAt?: number;
}

/**
 * The counts every process of a workspace sees: the extension, the hook bridge's short-lived processes, the
 * MCP server. Appends are atomic; `appendAndRead` returns the events since `since` in one order every reader
 * agrees on, with the position of the event just appended, so a limit admits exactly as many calls as it says
 * however many processes decide at once. `late`: the store could not place the event in that order for sure
 * (it landed in an older segment than the current one); the caller then counts every other event as earlier.
 */
export interface CounterStore {
  append(ev: CountEvent): void;
  appendAndRead(ev: CountEvent, since: number): { events: readonly CountEvent[]; self: number; late: boolean };
  read(since: number): readonly CountEvent[];
  lockdown(): LockdownState | undefined;
  setLockdown(s: LockdownState): void;
}
