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

/**
 * The events each host sends besides its tool events, by their exact (case-sensitive) names: VS Code's agent
 * hooks (1.139) and Claude Code's. Any other name — `preToolUse`, `pretooluse`, a name a later version adds —
 * is no event the bridge knows, and is refused rather than passed as a lifecycle event: it may carry a tool
 * call that would otherwise run unjudged and unrecorded.
 */
export const LIFECYCLE_EVENTS: Readonly<Record<'vscode' | 'claude', ReadonlySet<string>>> = {
  vscode: new Set(['SessionStart', 'UserPromptSubmit', 'PreCompact', 'SubagentStart', 'SubagentStop', 'Stop']),
  claude: new Set([
    'SessionStart',
    'SessionEnd',
    'Setup',
    'UserPromptSubmit',
    'UserPromptExpansion',
    'Notification',
    'Stop',
    'StopFailure',
    'SubagentStart',
    'SubagentStop',
    'PreCompact',
    'PostCompact',
    'InstructionsLoaded',
    'ConfigChange',
    'CwdChanged',
    'FileChanged',
    'WorktreeCreate',
    'WorktreeRemove',
    'TeammateIdle',
    'TaskCreated',
    'TaskCompleted',
    'Elicitation',
    'ElicitationResult',
    // After the fact: the tool failed (its before-hook judged it) or was refused; nothing is left to decide.
    'PostToolUseFailure',
    'PermissionDenied',
  ]),
};

/**
 * Claude Code's PermissionRequest: the permission dialog is about to be shown for a tool call. It carries the
 * call (`tool_name`, `tool_input`), so it is judged as a before-hook; its answer has its own shape
 * (`decision.behavior`).
 */
export const PERMISSION_REQUEST = 'PermissionRequest';

function phaseOf(event: string, host: HostId): HookPhase | undefined {
  if (event === 'PreToolUse') return 'pre';
  if (event === 'PostToolUse') return 'post';
  if (host === 'claude' && event === PERMISSION_REQUEST) return 'pre';
  if ((host === 'vscode' || host === 'claude') && LIFECYCLE_EVENTS[host].has(event)) return 'other';
  return undefined;
}

/** The refusal of an event name a host does not send (shared by every host's parser). */
export function unknownEvent(host: HostId, event: string): EnvelopeResult {
  return {
    ok: false,
    error: `${JSON.stringify(event.slice(0, 80))} is not a ${host} hook event AgentGuard knows (event names are case-sensitive), so the call it may carry was refused`,
  };
}

export function parseHookJson(p: Record<string, unknown>, host: HostId): EnvelopeResult {
  const eventName = s(p.hook_event_name);
  if (!eventName) return { ok: false, error: `the ${host} payload has no hook_event_name` };
  const phase = phaseOf(eventName, host);
  if (phase === undefined) return unknownEvent(host, eventName);
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
export function renderHookJson(phase: HookPhase, a: HookAnswer, replacesOutput: boolean, event?: string): Rendered {
  if (phase === 'pre' && event === PERMISSION_REQUEST) return renderPermissionRequest(a);
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

/**
 * Claude Code's PermissionRequest answer: `deny` refuses the call; an `ask` (or an allow by rule) is no opinion,
 * so Claude Code shows its dialog and the person decides; only a person's approval in AgentGuard's dialog is
 * passed on as `allow`. A call AgentGuard would run with another input (a placeholder restored, a search
 * narrowed) is refused here: only the before-hook (PreToolUse) can rewrite it without also approving it.
 */
function renderPermissionRequest(a: HookAnswer): Rendered {
  const decide = (behavior: 'allow' | 'deny', message?: string) =>
    out({ hookSpecificOutput: { hookEventName: PERMISSION_REQUEST, decision: { behavior, ...(message ? { message } : {}) } } });
  if (a.decision === 'deny') return decide('deny', withPrefix(a.reason));
  if (a.updatedInput !== undefined)
    return decide(
      'deny',
      withPrefix("this call must run with an input AgentGuard rewrites, which only its PreToolUse hook can do; install AgentGuard's hooks"),
    );
  if (a.decision === 'allow' && a.approvedByUser) return decide('allow');
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
