// The hook protocol VS Code agent hooks and Claude Code share: a snake_case
// JSON envelope on stdin (`hook_event_name`, `tool_name`, `tool_input`, …) and one JSON object on stdout,
// exit 0, with `permissionDecision` deny / ask / allow. An allow by rule prints no decision, so the host's
// own confirmation still applies; only an approval a person gave in AgentGuard's dialog is passed on as
// `allow`. An internal error is exit 2 with the reason on stderr (both hosts treat that as deny).
import {
  type EnvelopeResult,
  type HookAnswer,
  type HookPhase,
  type HostId,
  type RanTool,
  type Rendered,
  withheldNotice,
  withheldOutput,
  withPrefix,
} from './bridge';
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
 * Both hosts apply `updatedInput` without a decision, and then run their own permission check on the new
 * input (checked with Claude Code 2.1.328: a rewritten Bash command the person had not allowed still needed
 * approval; one they had allowed ran rewritten). An `allow` would skip that check — a command the person
 * never allowed would run because AgentGuard rewrote it — so a rewrite is sent without one, except where the
 * prompt it skips is one the rewrite itself caused (VS Code asking before it reads our masked view, outside
 * the workspace: `allowRewrite`).
 */
export function renderHookJson(phase: HookPhase, a: HookAnswer, replacesOutput: boolean): Rendered {
  if (phase === 'pre') {
    const hso: Record<string, unknown> = { hookEventName: 'PreToolUse' };
    const rewrite = a.decision !== 'deny' && a.updatedInput !== undefined;
    if (a.decision === 'deny' || a.decision === 'ask') {
      hso.permissionDecision = a.decision;
      hso.permissionDecisionReason = withPrefix(a.reason);
    } else if (a.decision === 'allow' && (a.approvedByUser || (rewrite && a.allowRewrite))) {
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

export function renderHookJsonError(phase: HookPhase | undefined, reason: string, ran?: RanTool, replacesOutput = false): Rendered {
  const msg = withPrefix(`the hook bridge failed closed: ${reason}`);
  if (phase === 'post' && replacesOutput && ran && ran.toolResponse !== undefined) {
    // An exit 2 after the tool ran blocks nothing (Claude Code shows the output as it is): the output goes
    // back replaced, since it was never masked.
    const hso = { hookEventName: 'PostToolUse', updatedToolOutput: withheldOutput(ran, withheldNotice(reason)) };
    return { stdout: JSON.stringify({ hookSpecificOutput: hso }) + '\n', stderr: msg + '\n', exitCode: 0 };
  }
  const stdout =
    phase !== 'post' && phase !== 'other'
      ? JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: msg } }) + '\n'
      : '';
  return { stdout, stderr: msg + '\n', exitCode: 2 };
}
