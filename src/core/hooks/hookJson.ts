// The hook protocol VS Code agent hooks and Claude Code share: a snake_case
// JSON envelope on stdin (`hook_event_name`, `tool_name`, `tool_input`, …) and one JSON object on stdout,
// exit 0, with `permissionDecision` deny / ask / allow. An allow by rule prints no decision, so the host's
// own confirmation still applies; only an approval a person gave in AgentGuard's dialog is passed on as
// `allow`. An internal error is exit 2 with the reason on stderr (both hosts treat that as deny).
import { type EnvelopeResult, type HookAnswer, type HookPhase, type HostId, type Rendered, withPrefix } from './bridge';
import { isObj, s } from './toolInput';

function phaseOf(event: string): HookPhase {
  if (event === 'PreToolUse') return 'pre';
  if (event === 'PostToolUse') return 'post';
  return 'other';
}

export function parseHookJson(p: Record<string, unknown>, host: HostId): EnvelopeResult {
  const eventName = s(p.hook_event_name);
  if (!eventName) return { ok: false, error: `the ${host} payload has no hook_event_name` };
  const phase = phaseOf(eventName);
  const toolName = s(p.tool_name) ?? '';
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
      toolUseId: s(p.tool_use_id),
      sessionId: s(p.session_id),
      cwd: s(p.cwd),
    },
  };
}

const out = (o: unknown): Rendered => ({ stdout: JSON.stringify(o) + '\n', stderr: '', exitCode: 0 });

/**
 * `replacesOutput`: the host honours `updatedToolOutput` in an after-hook (Claude Code does; VS Code cannot).
 * `rewriteNeedsAllow`: the host applies `updatedInput` only with a decision (Claude Code: allow or ask);
 * VS Code applies it on its own, and an `allow` there only skips a prompt our rewrite caused.
 */
export function renderHookJson(phase: HookPhase, a: HookAnswer, replacesOutput: boolean, rewriteNeedsAllow = false): Rendered {
  if (phase === 'pre') {
    const hso: Record<string, unknown> = { hookEventName: 'PreToolUse' };
    const rewrite = a.decision !== 'deny' && a.updatedInput !== undefined;
    if (a.decision === 'deny' || a.decision === 'ask') {
      hso.permissionDecision = a.decision;
      hso.permissionDecisionReason = withPrefix(a.reason);
    } else if (a.decision === 'allow' && (a.approvedByUser || (rewrite && (rewriteNeedsAllow || a.allowRewrite)))) {
      hso.permissionDecision = 'allow';
      hso.permissionDecisionReason = withPrefix(a.approvedByUser ? a.reason : (a.reason ?? 'the input was rewritten by AgentGuard'));
    }
    if (rewrite) hso.updatedInput = a.updatedInput;
    if (a.additionalContext) hso.additionalContext = a.additionalContext;
    return out(Object.keys(hso).length > 1 ? { hookSpecificOutput: hso } : {});
  }
  if (phase === 'post') {
    const hso: Record<string, unknown> = { hookEventName: 'PostToolUse' };
    if (replacesOutput && a.updatedToolOutput !== undefined) hso.updatedToolOutput = a.updatedToolOutput;
    if (a.additionalContext) hso.additionalContext = a.additionalContext;
    return out(Object.keys(hso).length > 1 ? { hookSpecificOutput: hso } : {});
  }
  return out({});
}

export function renderHookJsonError(phase: HookPhase | undefined, reason: string): Rendered {
  const msg = withPrefix(`the hook bridge failed closed: ${reason}`);
  const stdout =
    phase !== 'post' && phase !== 'other'
      ? JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: msg } }) + '\n'
      : '';
  return { stdout, stderr: msg + '\n', exitCode: 2 };
}
