// Reading the policy keys of context rules, rates, the breaker and risk levels out of a YAML document, each
// problem located for the person editing the file (src/core/policy/load.ts calls these). Only the policy
// loader imports this file: it brings the YAML parser's node types, which the running guard does not load.
import { isMap, isScalar, isSeq, type Node, type Pair } from 'yaml';
import { type Channel, type Decision, isDecision, OPS, type Op } from '../types';
import { KNOWN_AGENTS } from './selector';
import { CHANNELS, type ContextSelector, isRisk, MAX_WINDOW_MS, type RateCount, type RateScope, type Risk, RISKS, type Tier, TIERS } from './types';

export type At = (node: Node | Pair | null | undefined, message: string, severity?: 'error' | 'warning') => void;

/** Helpers of the policy loader this file shares (they are its own; passed in so there is one copy). */
export interface LoadKit {
  at: At;
  keyOf(pair: Pair): string;
  unknownKey(key: string, known: readonly string[], where: string): string;
  didYouMean(word: string, options: readonly string[]): string;
}

export interface NarrowLayer {
  when?: ContextSelector;
  unless?: ContextSelector;
}

/** A command pattern as a policy file writes it: a string, or a mapping with its own context and risk. */
export interface PatternItem extends NarrowLayer {
  pattern: string;
  reason?: string;
  risk?: Risk;
}

export interface RateLayer extends NarrowLayer {
  count?: RateCount;
  of?: { op?: Op[]; rule?: string[]; tier?: Tier[]; risk?: Risk[] };
  per?: RateScope;
  limit?: number;
  windowMs?: number;
  over?: 'ask' | 'deny';
  reason?: string;
  disabled?: boolean;
  line?: number;
  column?: number;
}

export interface BreakerLayer {
  enabled?: boolean;
  refusals?: number;
  windowMs?: number;
  per?: 'agent' | 'session';
}

export interface RiskLayer {
  tools?: Record<string, Risk>;
  rules?: Record<string, Risk>;
  decisions?: Partial<Record<Risk, Decision>>;
}

const SELECTOR_KEYS = ['agent', 'channel', 'tool'];
const PATTERN_KEYS = ['pattern', 'when', 'unless', 'risk', 'reason'];
const RATE_KEYS = ['count', 'of', 'when', 'unless', 'per', 'limit', 'window', 'over', 'reason', 'disabled'];
const OF_KEYS = ['op', 'rule', 'tier', 'risk'];
const BREAKER_KEYS = ['enabled', 'refusals', 'window', 'per'];
const RISK_KEYS = ['tools', 'rules', 'decisions'];
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function strings(v: Node | null, p: Pair, what: string, kit: LoadKit): string[] | undefined {
  if (isScalar(v) && typeof v.value === 'string') return v.value.trim() ? [v.value.trim()] : (kit.at(v, `\`${what}\` must not be empty`), undefined);
  if (!isSeq(v) || v.items.length === 0) {
    kit.at(v ?? p, `\`${what}\` must be a name or a non-empty list of names`);
    return undefined;
  }
  const out: string[] = [];
  for (const item of v.items as Node[]) {
    if (isScalar(item) && typeof item.value === 'string' && item.value.trim()) out.push(item.value.trim());
    else {
      kit.at(item, `\`${what}\` must contain only non-empty strings`);
      return undefined;
    }
  }
  return out;
}

/** Of a closed set: each entry must be one of `known`, with a did-you-mean for a typo. */
function oneOfList<T extends string>(v: Node | null, p: Pair, what: string, known: readonly T[], kit: LoadKit): T[] | undefined {
  const list = strings(v, p, what, kit);
  if (!list) return undefined;
  for (const [i, s] of list.entries()) {
    if (!(known as readonly string[]).includes(s)) {
      kit.at(isSeq(v) ? (v.items[i] as Node) : v, `\`${what}\` cannot be ${JSON.stringify(s)}${kit.didYouMean(s, known)}; known: ${known.join(', ')}`);
      return undefined;
    }
  }
  return list as T[];
}

/** `when: {agent: claude-code, channel: hook, tool: Bash}` */
export function readSelector(v: Node | null, p: Pair, what: string, kit: LoadKit): ContextSelector | undefined {
  if (!isMap(v) || v.items.length === 0) {
    kit.at(v ?? p, `\`${what}\` must be a mapping of agent, channel and tool, e.g. \`${what.split('.').pop()}: {agent: claude-code}\``);
    return undefined;
  }
  const sel: ContextSelector = {};
  let ok = true;
  for (const ip of v.items) {
    const k = kit.keyOf(ip);
    const iv = ip.value as Node | null;
    if (k === 'agent') {
      const agents = strings(iv, ip, `${what}.agent`, kit);
      if (!agents) ok = false;
      else {
        for (const [i, a] of agents.entries()) {
          const node = isSeq(iv) ? (iv.items[i] as Node) : iv;
          // A hook agent is named by its host; an MCP client names itself, so its names are `mcp:<name>`.
          if (!a.includes('*') && !a.includes(':') && !(KNOWN_AGENTS as readonly string[]).includes(a) && !a.includes('.')) {
            kit.at(
              node,
              `\`${what}.agent\`: ${JSON.stringify(a)} is no agent AgentGuard names${kit.didYouMean(a, KNOWN_AGENTS)}; known: ${KNOWN_AGENTS.join(', ')}, mcp:<client name>, a chat participant id (publisher.name), or a pattern with *`,
              'warning',
            );
          }
        }
        sel.agent = agents;
      }
    } else if (k === 'channel') {
      const ch = oneOfList<Channel>(iv, ip, `${what}.channel`, CHANNELS, kit);
      if (!ch) ok = false;
      else sel.channel = ch;
    } else if (k === 'tool') {
      const tools = strings(iv, ip, `${what}.tool`, kit);
      if (!tools) ok = false;
      else sel.tool = tools;
    } else {
      kit.at(ip, kit.unknownKey(k, SELECTOR_KEYS, `in \`${what}\``));
      ok = false;
    }
  }
  return ok ? sel : undefined;
}

export function readRisk(v: Node | null, p: Pair, what: string, kit: LoadKit): Risk | undefined {
  if (isScalar(v) && isRisk(v.value)) return v.value;
  const got = isScalar(v) ? JSON.stringify(v.value) : 'a non-scalar value';
  kit.at(v ?? p, `\`${what}\` must be low, medium or high, not ${got}${isScalar(v) && typeof v.value === 'string' ? kit.didYouMean(v.value, RISKS) : ''}`);
  return undefined;
}

/** A duration: `30s`, `2m`, `1h`, `1d`, or a number of seconds. */
export function readWindow(v: Node | null, p: Pair, what: string, kit: LoadKit): number | undefined {
  let ms: number | undefined;
  if (isScalar(v) && typeof v.value === 'number' && Number.isFinite(v.value)) ms = v.value * 1000;
  else if (isScalar(v) && typeof v.value === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|h|d)\s*$/.exec(v.value);
    if (m) ms = Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
  }
  if (ms === undefined) {
    kit.at(v ?? p, `\`${what}\` must be a duration such as 30s, 2m, 1h or 1d (or a number of seconds)`);
    return undefined;
  }
  if (ms < 1000 || ms > MAX_WINDOW_MS) {
    kit.at(v ?? p, `\`${what}\` must be between 1 second and 1 day (the counter store keeps a day of counts)`);
    return undefined;
  }
  return Math.round(ms);
}

function positive(v: Node | null, p: Pair, what: string, kit: LoadKit): number | undefined {
  if (isScalar(v) && typeof v.value === 'number' && Number.isInteger(v.value) && v.value > 0) return v.value;
  kit.at(v ?? p, `\`${what}\` must be a positive whole number`);
  return undefined;
}

function bool(v: Node | null, p: Pair, what: string, kit: LoadKit): boolean | undefined {
  if (isScalar(v) && typeof v.value === 'boolean') return v.value;
  kit.at(v ?? p, `\`${what}\` must be true or false`);
  return undefined;
}

/** One item of `commands.allow|ask|deny`: a pattern string, or `{pattern, when, unless, risk, reason}`. */
export function readPatternItem(item: Node, what: string, kit: LoadKit): PatternItem | undefined {
  if (isScalar(item) && typeof item.value === 'string') {
    if (!item.value.trim()) {
      kit.at(item, 'an empty command pattern matches nothing');
      return undefined;
    }
    return { pattern: item.value };
  }
  if (!isMap(item)) {
    kit.at(item, `\`${what}\` items must be patterns (strings) or mappings with \`pattern\` and \`when\``);
    return undefined;
  }
  const out: Partial<PatternItem> = {};
  let ok = true;
  for (const ip of item.items) {
    const k = kit.keyOf(ip);
    const iv = ip.value as Node | null;
    if (k === 'pattern') {
      if (isScalar(iv) && typeof iv.value === 'string' && iv.value.trim()) out.pattern = iv.value;
      else {
        kit.at(iv ?? ip, `\`${what}\`: \`pattern\` must be a non-empty command pattern`);
        ok = false;
      }
    } else if (k === 'when' || k === 'unless') {
      const sel = readSelector(iv, ip, `${what}.${k}`, kit);
      if (sel) out[k] = sel;
      else ok = false;
    } else if (k === 'risk') {
      const r = readRisk(iv, ip, `${what}.risk`, kit);
      if (r) out.risk = r;
      else ok = false;
    } else if (k === 'reason') {
      if (isScalar(iv) && typeof iv.value === 'string' && iv.value.trim()) out.reason = iv.value.trim();
      else {
        kit.at(iv ?? ip, `\`${what}\`: \`reason\` must be a sentence the agent will read`);
        ok = false;
      }
    } else {
      kit.at(ip, kit.unknownKey(k, PATTERN_KEYS, `in a command pattern of \`${what}\``));
      ok = false;
    }
  }
  if (ok && !out.pattern) {
    kit.at(item, `\`${what}\`: a pattern mapping needs \`pattern\``);
    ok = false;
  }
  return ok ? (out as PatternItem) : undefined;
}

/** `rates: {name: {count, of, when, unless, per, limit, window, over, reason}}` */
export function readRates(v: Node | null, p: Pair, kit: LoadKit, posOf: (pair: Pair) => { line: number; col: number }): Record<string, RateLayer> | undefined {
  if (!isMap(v)) {
    kit.at(v ?? p, '`rates` must map rate names to rates, e.g.\n  rates:\n    commands:\n      of: {op: exec}\n      limit: 120\n      window: 1m');
    return undefined;
  }
  const out: Record<string, RateLayer> = {};
  for (const rp of v.items) {
    const name = kit.keyOf(rp);
    if (!NAME.test(name)) {
      kit.at(rp, `invalid rate name ${JSON.stringify(name)}: use letters, digits, '-', '_' or '.'`);
      continue;
    }
    const rv = rp.value as Node | null;
    if (!isMap(rv)) {
      kit.at(rv ?? rp, `rate \`${name}\` must be a mapping with \`limit\` and \`window\``);
      continue;
    }
    const r: RateLayer = {};
    let ok = true;
    const what = `rates.${name}`;
    for (const fp of rv.items) {
      const k = kit.keyOf(fp);
      const fv = fp.value as Node | null;
      switch (k) {
        case 'count': {
          const c = isScalar(fv) ? fv.value : undefined;
          if (c === 'calls' || c === 'bytes' || c === 'files') r.count = c;
          else {
            kit.at(
              fv ?? fp,
              `\`${what}.count\` must be calls, bytes (written) or files (deleted)${typeof c === 'string' ? kit.didYouMean(c, ['calls', 'bytes', 'files']) : ''}`,
            );
            ok = false;
          }
          break;
        }
        case 'of': {
          const of = readOf(fv, fp, `${what}.of`, kit);
          if (of) r.of = of;
          else ok = false;
          break;
        }
        case 'when':
        case 'unless': {
          const sel = readSelector(fv, fp, `${what}.${k}`, kit);
          if (sel) r[k] = sel;
          else ok = false;
          break;
        }
        case 'per': {
          const s = isScalar(fv) ? fv.value : undefined;
          if (s === 'session' || s === 'agent' || s === 'workspace') r.per = s;
          else {
            kit.at(
              fv ?? fp,
              `\`${what}.per\` must be session, agent or workspace${typeof s === 'string' ? kit.didYouMean(s, ['session', 'agent', 'workspace']) : ''}`,
            );
            ok = false;
          }
          break;
        }
        case 'limit':
          r.limit = positive(fv, fp, `${what}.limit`, kit);
          if (r.limit === undefined) ok = false;
          break;
        case 'window':
          r.windowMs = readWindow(fv, fp, `${what}.window`, kit);
          if (r.windowMs === undefined) ok = false;
          break;
        case 'over': {
          const d = isScalar(fv) ? fv.value : undefined;
          if (d === 'ask' || d === 'deny') r.over = d;
          else {
            kit.at(fv ?? fp, `\`${what}.over\` must be ask or deny: a call past a limit is never simply allowed`);
            ok = false;
          }
          break;
        }
        case 'reason':
          if (isScalar(fv) && typeof fv.value === 'string' && fv.value.trim()) r.reason = fv.value.trim();
          else {
            kit.at(fv ?? fp, `\`${what}.reason\` must be a sentence the agent will read`);
            ok = false;
          }
          break;
        case 'disabled':
          r.disabled = bool(fv, fp, `${what}.disabled`, kit);
          break;
        default:
          kit.at(fp, kit.unknownKey(k, RATE_KEYS, `in rate \`${name}\``));
          ok = false;
      }
    }
    const pos = posOf(rp);
    r.line = pos.line;
    r.column = pos.col;
    if (ok) out[name] = r;
  }
  return out;
}

function readOf(v: Node | null, p: Pair, what: string, kit: LoadKit): RateLayer['of'] | undefined {
  if (!isMap(v)) {
    kit.at(v ?? p, `\`${what}\` must be a mapping of op, rule, tier and risk, e.g. \`of: {op: exec}\``);
    return undefined;
  }
  const of: NonNullable<RateLayer['of']> = {};
  for (const ip of v.items) {
    const k = kit.keyOf(ip);
    const iv = ip.value as Node | null;
    if (k === 'op') {
      const ops = oneOfList<Op>(iv, ip, `${what}.op`, OPS, kit);
      if (!ops) return undefined;
      of.op = ops;
    } else if (k === 'rule') {
      const rules = strings(iv, ip, `${what}.rule`, kit);
      if (!rules) return undefined;
      of.rule = rules;
    } else if (k === 'tier') {
      const tiers = oneOfList<Tier>(iv, ip, `${what}.tier`, TIERS, kit);
      if (!tiers) return undefined;
      of.tier = tiers;
    } else if (k === 'risk') {
      const risks = oneOfList<Risk>(iv, ip, `${what}.risk`, RISKS, kit);
      if (!risks) return undefined;
      of.risk = risks;
    } else {
      kit.at(ip, kit.unknownKey(k, OF_KEYS, `in \`${what}\``));
      return undefined;
    }
  }
  return of;
}

/** `breaker: {refusals: 5, window: 2m, per: agent}`, or `breaker: off`. */
export function readBreaker(v: Node | null, p: Pair, kit: LoadKit): BreakerLayer | undefined {
  if (isScalar(v) && (v.value === false || v.value === 'off')) return { enabled: false };
  if (!isMap(v)) {
    kit.at(v ?? p, '`breaker` must be a mapping, e.g. `breaker: {refusals: 5, window: 2m}`, or `off`');
    return undefined;
  }
  const out: BreakerLayer = {};
  for (const ip of v.items) {
    const k = kit.keyOf(ip);
    const iv = ip.value as Node | null;
    if (k === 'enabled') out.enabled = bool(iv, ip, 'breaker.enabled', kit);
    else if (k === 'refusals') out.refusals = positive(iv, ip, 'breaker.refusals', kit);
    else if (k === 'window') out.windowMs = readWindow(iv, ip, 'breaker.window', kit);
    else if (k === 'per') {
      const s = isScalar(iv) ? iv.value : undefined;
      if (s === 'agent' || s === 'session') out.per = s;
      else kit.at(iv ?? ip, '`breaker.per` must be agent or session');
    } else kit.at(ip, kit.unknownKey(k, BREAKER_KEYS, 'in `breaker`'));
  }
  // Writing a breaker's settings turns it on (the shipped default has it off) unless `enabled: false` says not.
  out.enabled ??= true;
  return out;
}

/** `risk: {tools: {Bash: medium}, rules: {"cmd:priv.*": high}, decisions: {high: ask}}` */
export function readRiskSection(v: Node | null, p: Pair, kit: LoadKit): RiskLayer | undefined {
  if (!isMap(v)) {
    kit.at(v ?? p, '`risk` must be a mapping with `tools`, `rules` and `decisions`');
    return undefined;
  }
  const out: RiskLayer = {};
  for (const ip of v.items) {
    const k = kit.keyOf(ip);
    const iv = ip.value as Node | null;
    if (k === 'tools' || k === 'rules') {
      if (!isMap(iv)) {
        kit.at(iv ?? ip, `\`risk.${k}\` must map ${k === 'tools' ? 'tool names' : 'rule ids'} to low, medium or high`);
        continue;
      }
      const m: Record<string, Risk> = {};
      for (const ep of iv.items) {
        const name = kit.keyOf(ep);
        const r = readRisk(ep.value as Node | null, ep, `risk.${k}.${name}`, kit);
        if (r) m[name] = r;
      }
      out[k] = m;
    } else if (k === 'decisions') {
      if (!isMap(iv)) {
        kit.at(iv ?? ip, '`risk.decisions` must map a risk level to allow, ask or deny, e.g. `{high: ask}`');
        continue;
      }
      const m: Partial<Record<Risk, Decision>> = {};
      for (const ep of iv.items) {
        const level = kit.keyOf(ep);
        const dv = ep.value as Node | null;
        if (!isRisk(level)) kit.at(ep, `\`risk.decisions\` keys are low, medium and high, not ${JSON.stringify(level)}${kit.didYouMean(level, RISKS)}`);
        else if (!isScalar(dv) || !isDecision(dv.value)) kit.at(dv ?? ep, `\`risk.decisions.${level}\` must be allow, ask or deny`);
        else m[level] = dv.value;
      }
      out.decisions = m;
    } else kit.at(ip, kit.unknownKey(k, RISK_KEYS, 'in `risk`'));
  }
  return out;
}
