// Parse a hook payload from stdin and find out which host sent it (hook-protocols.md §6).
// The payload is untrusted text: anything that is not the expected shape is an error, never a guess that
// lets a call through. An explicit --host wins over detection, because VS Code also runs the hooks in
// `.claude/settings*.json`, with VS Code payloads.
import type { HookEnvelope, HookPhase, HostId } from './types';

export type EnvelopeResult = { ok: true; env: HookEnvelope } | { ok: false; error: string };

const MAX_PAYLOAD = 16 * 1024 * 1024;

function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
function str(x: unknown): string | undefined {
  return typeof x === 'string' ? x : undefined;
}

/** Which host's shape this object has, or undefined when it matches none. */
export function detectHost(p: Record<string, unknown>): HostId | undefined {
  if (
    typeof p.hookName === 'string' &&
    ('clineVersion' in p || 'taskId' in p || 'preToolUse' in p || 'postToolUse' in p || 'tool_call' in p || 'tool_result' in p)
  )
    return 'cline';
  if (typeof p.hook_event_name !== 'string') return undefined;
  const id = str(p.tool_use_id) ?? '';
  if (id.includes('__vscode-')) return 'vscode';
  if ('permission_mode' in p || 'prompt_id' in p || 'effort' in p || 'duration_ms' in p || 'agent_id' in p) return 'claude';
  // VS Code sends an ISO timestamp and no permission_mode; Claude Code sends no timestamp.
  if (typeof p.timestamp === 'string') return 'vscode';
  return 'claude';
}

function phaseOf(host: HostId, event: string): HookPhase {
  if (host === 'cline') {
    if (event === 'PreToolUse' || event === 'tool_call') return 'pre';
    if (event === 'PostToolUse' || event === 'tool_result') return 'post';
    return 'other';
  }
  if (event === 'PreToolUse') return 'pre';
  if (event === 'PostToolUse') return 'post';
  return 'other';
}

/** Cline's legacy `parameters` are a string map; v4 JSON-stringifies nested values. Undo that where it parses. */
function clineParams(params: unknown): Record<string, unknown> {
  if (!isObj(params)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
      try {
        out[k] = JSON.parse(v);
        continue;
      } catch {
        /* a string that merely starts with a bracket */
      }
    }
    out[k] = v;
  }
  return out;
}

export function parseEnvelope(text: string, forcedHost?: HostId): EnvelopeResult {
  if (text.length > MAX_PAYLOAD) return { ok: false, error: `the hook payload is larger than ${MAX_PAYLOAD} bytes` };
  let p: unknown;
  try {
    p = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `the hook payload is not JSON (${(e as Error).message})` };
  }
  if (!isObj(p)) return { ok: false, error: 'the hook payload is not a JSON object' };
  const host = forcedHost ?? detectHost(p);
  if (!host) return { ok: false, error: 'the hook payload matches no known host (expected hook_event_name or hookName)' };
  return host === 'cline' ? parseCline(p) : parseSnake(p, host);
}

function parseSnake(p: Record<string, unknown>, host: HostId): EnvelopeResult {
  const eventName = str(p.hook_event_name);
  if (!eventName) return { ok: false, error: `the ${host} payload has no hook_event_name` };
  const phase = phaseOf(host, eventName);
  const toolName = str(p.tool_name) ?? '';
  if (phase !== 'other' && !toolName) return { ok: false, error: `the ${host} ${eventName} payload has no tool_name` };
  if (phase !== 'other' && p.tool_input !== undefined && !isObj(p.tool_input)) return { ok: false, error: 'tool_input is not an object' };
  return {
    ok: true,
    env: {
      host,
      phase,
      eventName,
      toolName,
      toolInput: isObj(p.tool_input) ? p.tool_input : {},
      toolResponse: p.tool_response,
      toolUseId: str(p.tool_use_id),
      sessionId: str(p.session_id),
      cwd: str(p.cwd),
    },
  };
}

function parseCline(p: Record<string, unknown>): EnvelopeResult {
  const eventName = str(p.hookName);
  if (!eventName) return { ok: false, error: 'the Cline payload has no hookName' };
  const phase = phaseOf('cline', eventName);
  const roots = Array.isArray(p.workspaceRoots) ? p.workspaceRoots.filter((r): r is string => typeof r === 'string') : [];
  // The SDK's raw `tool_call.input` is the model's own value; the legacy block is its string-map copy.
  const sdk = isObj(p.tool_call) ? p.tool_call : isObj(p.tool_result) ? p.tool_result : undefined;
  const legacy = isObj(p.preToolUse) ? p.preToolUse : isObj(p.postToolUse) ? p.postToolUse : undefined;
  const toolName = str(sdk?.name) ?? str(legacy?.toolName) ?? '';
  if (phase !== 'other' && !toolName) return { ok: false, error: `the Cline ${eventName} payload names no tool` };
  let input: Record<string, unknown>;
  if (sdk && 'input' in sdk) input = isObj(sdk.input) ? sdk.input : { input: sdk.input };
  else input = clineParams(legacy?.parameters);
  return {
    ok: true,
    env: {
      host: 'cline',
      phase,
      eventName,
      toolName,
      toolInput: input,
      toolResponse: sdk?.output ?? legacy?.result,
      toolUseId: str(sdk?.id),
      sessionId: str(p.taskId),
      cwd: roots[0],
      workspaceRoots: roots,
    },
  };
}
