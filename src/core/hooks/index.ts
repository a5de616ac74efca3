// The hook bridge's pure core: a host's payload → an envelope → a plan (canonical calls for the pipeline)
// → the answer in the host's protocol. One file per host under hosts/; adding one (Gemini CLI, Codex) is a
// HookHost there and an entry in HOST. No I/O: src/node/hookBridge does that.
import type { CanonicalCall } from '../types';
import type { EnvelopeResult, HookEnvelope, HookHost, HookPhase, HookPlan, HostId, RanTool, Rendered } from './bridge';
import { claudeHost } from './hosts/claude';
import { clineHost } from './hosts/cline';
import { codexHost } from './hosts/codex';
import { geminiHost } from './hosts/gemini';
import { vscodeHost } from './hosts/vscode';
import { duplicateKey } from './duplicateKeys';
import { isObj, pass, s } from './toolInput';

export * from './bridge';
export { applyHunk, parseApplyPatch, parsePatch, type PatchGrammar } from './applyPatch';
export { isGuardOffCommand } from './hosts/vscodeCommands';

/** Every host the bridge speaks to, by id. */
export const HOST: Readonly<Record<HostId, HookHost>> = { vscode: vscodeHost, claude: claudeHost, cline: clineHost, gemini: geminiHost, codex: codexHost };
export const HOSTS: readonly HostId[] = Object.keys(HOST) as HostId[];

/** A payload larger than this is refused unread (the host sends a tool's input, not a file tree). */
const MAX_PAYLOAD = 16 * 1024 * 1024;

/** Events only Gemini CLI sends (its tool events are BeforeTool / AfterTool). */
const GEMINI_EVENTS = new Set(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'BeforeModel', 'AfterModel', 'BeforeToolSelection']);

/** Which host's shape this object has, or undefined when it matches none. */
export function detectHost(p: Record<string, unknown>): HostId | undefined {
  if (
    typeof p.hookName === 'string' &&
    ('clineVersion' in p || 'taskId' in p || 'preToolUse' in p || 'postToolUse' in p || 'tool_call' in p || 'tool_result' in p)
  )
    return 'cline';
  if (typeof p.hook_event_name !== 'string') return undefined;
  if (GEMINI_EVENTS.has(p.hook_event_name)) return 'gemini';
  if ('turn_id' in p) return 'codex';
  const id = s(p.tool_use_id) ?? '';
  if (id.includes('__vscode-')) return 'vscode';
  if ('permission_mode' in p || 'prompt_id' in p || 'effort' in p || 'duration_ms' in p || 'agent_id' in p) return 'claude';
  // VS Code sends an ISO timestamp and no permission_mode; Claude Code sends no timestamp.
  if (typeof p.timestamp === 'string') return 'vscode';
  return 'claude';
}

/**
 * Parse a hook payload and find out which host sent it. The payload is untrusted text: anything that is not
 * the expected shape is an error, never a guess that lets a call through. An explicit host (the installed
 * command's --host) wins over detection, because VS Code also runs the hooks in `.claude/settings*.json`,
 * with VS Code payloads.
 */
export function parseEnvelope(text: string, forcedHost?: HostId): EnvelopeResult {
  if (text.length > MAX_PAYLOAD) return { ok: false, error: `the hook payload is larger than ${MAX_PAYLOAD} bytes` };
  let p: unknown;
  try {
    p = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `the hook payload is not JSON (${(e as Error).message})` };
  }
  if (!isObj(p)) return { ok: false, error: 'the hook payload is not a JSON object' };
  const dup = duplicateKey(text);
  if (dup !== undefined)
    return {
      ok: false,
      error: `the hook payload repeats the key ${JSON.stringify(dup.slice(0, 80))} in one object, so which value the host uses is ambiguous`,
    };
  const host = forcedHost ?? detectHost(p);
  if (!host) return { ok: false, error: 'the hook payload matches no known host (expected hook_event_name or hookName)' };
  return HOST[host].parse(p);
}

/** What the tool call means to the guard. Lifecycle events (SessionStart, Stop, …) carry no tool call. */
export function planHook(env: HookEnvelope): HookPlan {
  if (env.phase === 'other') return pass('hook:lifecycle', `${env.eventName} carries no tool call`);
  const plan = HOST[env.host].plan(env);
  if (!env.shadow) return plan;
  // Two copies of one call that disagree: each is judged, and the calls of both decide (the worst wins).
  // What runs — and is rewritten, masked or restored — is the primary copy's; the shadow only adds calls.
  const other = HOST[env.host].plan({ ...env, ...env.shadow, shadow: undefined });
  if (other.kind === 'pass') return plan;
  if (plan.kind === 'pass') return { kind: 'calls', calls: other.calls };
  return { ...plan, calls: [...plan.calls, ...other.calls] };
}

/** The plan's calls with ids: `idBase` (the host's tool-use id) ties the audit records of one tool call together. */
export function callsOf(plan: HookPlan, idBase: string): CanonicalCall[] {
  return plan.kind === 'calls' ? plan.calls.map((d, i) => ({ id: `${idBase}#${i}`, ...d })) : [];
}

export function render(host: HostId, phase: HookPhase, answer: Parameters<HookHost['render']>[1], event?: string): Rendered {
  return HOST[host].render(phase, answer, event);
}

/** An internal error: refuse in the host's protocol; with no host known, exit 2 and the reason on stderr. */
export function renderError(host: HostId | undefined, phase: HookPhase | undefined, reason: string, ran?: RanTool): Rendered {
  if (host) return HOST[host].renderError(phase, reason, ran);
  const msg = `AgentGuard: the hook bridge failed closed: ${reason}`;
  return { stdout: '', stderr: msg + '\n', exitCode: 2 };
}
