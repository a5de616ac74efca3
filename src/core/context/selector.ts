// Context selectors: `when` / `unless` on path rules, command patterns and rates. A selector names agents,
// channels and tools; the call's own agent, channel and tool are what it is matched against.
//
// Where those values come from decides what a selector can be trusted for (README, "Context in rules"):
// the channel is set by the code path the call arrived on, never by its payload; a hook's agent is the host the
// installed command names (`--host`) or whose payload shape it has — the model writes only the tool's input; an
// MCP client's name is whatever the client says, so it is always prefixed `mcp:` and can never pass for a hook
// agent such as `claude-code`.
import type { CanonicalCall } from '../types';
import type { ContextSelector } from './types';

/** The agent names hook hosts give their calls (src/core/hooks), and the other fixed names. */
export const KNOWN_AGENTS = ['vscode-agent', 'claude-code', 'cline', 'gemini-cli', 'codex', 'lm-tool', 'cli'] as const;

export type CallContext = Pick<CanonicalCall, 'agent' | 'channel' | 'tool'>;

const globCache = new Map<string, RegExp>();

/** `*` matches any run of characters; everything else is literal; case does not matter. */
export function globMatch(glob: string, value: string): boolean {
  if (!glob.includes('*')) return glob.toLowerCase() === value.toLowerCase();
  let re = globCache.get(glob);
  if (!re) {
    re = new RegExp('^' + glob.split('*').map(escape).join('.*') + '$', 'is');
    if (globCache.size > 1000) globCache.clear();
    globCache.set(glob, re);
  }
  return re.test(value);
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function selects(sel: ContextSelector, c: CallContext): boolean {
  if (sel.channel && !sel.channel.includes(c.channel)) return false;
  if (sel.agent && !sel.agent.some((g) => globMatch(g, c.agent))) return false;
  if (sel.tool && !sel.tool.some((g) => globMatch(g, c.tool))) return false;
  return true;
}

/** A rule narrowed by `when` / `unless` applies to this call. */
export function applies(narrow: { when?: ContextSelector; unless?: ContextSelector }, c: CallContext): boolean {
  if (narrow.when && !selects(narrow.when, c)) return false;
  if (narrow.unless && selects(narrow.unless, c)) return false;
  return true;
}

export function isNarrowed(narrow: { when?: ContextSelector; unless?: ContextSelector }): boolean {
  return narrow.when !== undefined || narrow.unless !== undefined;
}

/** `agent claude-code, channel hook` — how a reason and the audit name the context a rule was narrowed to. */
export function describeSelector(sel: ContextSelector): string {
  const parts: string[] = [];
  if (sel.agent) parts.push(`agent ${sel.agent.join(' or ')}`);
  if (sel.channel) parts.push(`channel ${sel.channel.join(' or ')}`);
  if (sel.tool) parts.push(`tool ${sel.tool.join(' or ')}`);
  return parts.join(', ') || 'every call';
}

export function describeNarrowing(narrow: { when?: ContextSelector; unless?: ContextSelector }): string {
  const w = narrow.when ? describeSelector(narrow.when) : '';
  const u = narrow.unless ? `not ${describeSelector(narrow.unless)}` : '';
  return [w, u].filter(Boolean).join('; ');
}

/** The call's own context, as the audit and reasons name it: `claude-code via hook (Bash)`. */
export function describeCall(c: CallContext): string {
  return `${c.agent} via ${c.channel} (${c.tool})`;
}
