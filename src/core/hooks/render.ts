// The bridge's answer in each host's protocol (hook-protocols.md §1.6, §2.6, §3.1, §4).
// - VS Code and Claude Code: one JSON object on stdout, exit 0; `permissionDecision` deny/ask/allow.
//   An allow by rule prints no decision, so the host's own confirmation still applies; only an approval a
//   person gave in AgentGuard's dialog is passed on as `allow`.
// - Cline has no per-tool deny and no ask: `cancel: true` is the only refusal (it ends the task), and
//   exit codes mean nothing to it — so a refusal is always JSON on stdout.
// - An internal error is exit 2 with the reason on stderr (VS Code and Claude Code treat that as deny),
//   plus the host's refusal JSON on stdout for Cline, which ignores exit codes.
import type { HookAnswer, HookPhase, HostId, Rendered } from './types';

const NAME = 'AgentGuard';

function withPrefix(reason: string | undefined): string {
  const r = reason ?? 'refused';
  return r.startsWith(NAME) ? r : `${NAME}: ${r}`;
}

export function render(host: HostId, phase: HookPhase, a: HookAnswer): Rendered {
  const out = (o: unknown): Rendered => ({ stdout: JSON.stringify(o) + '\n', stderr: '', exitCode: 0 });
  if (host === 'cline') {
    if (phase === 'pre' && (a.decision === 'deny' || a.decision === 'ask')) {
      return out({ cancel: true, errorMessage: withPrefix(a.reason), contextModification: withPrefix(a.reason) });
    }
    return out(a.additionalContext ? { cancel: false, contextModification: a.additionalContext, context: a.additionalContext } : { cancel: false });
  }
  if (phase === 'pre') {
    const hso: Record<string, unknown> = { hookEventName: 'PreToolUse' };
    if (a.decision === 'deny' || a.decision === 'ask') {
      hso.permissionDecision = a.decision;
      hso.permissionDecisionReason = withPrefix(a.reason);
    } else if (a.decision === 'allow' && a.approvedByUser) {
      hso.permissionDecision = 'allow';
      hso.permissionDecisionReason = withPrefix(a.reason);
    }
    if (a.additionalContext) hso.additionalContext = a.additionalContext;
    return out(Object.keys(hso).length > 1 ? { hookSpecificOutput: hso } : {});
  }
  if (phase === 'post') {
    const hso: Record<string, unknown> = { hookEventName: 'PostToolUse' };
    // VS Code ignores updatedToolOutput (it cannot replace output); Claude Code honours it from 2.1.121.
    if (host === 'claude' && a.updatedToolOutput !== undefined) hso.updatedToolOutput = a.updatedToolOutput;
    if (a.additionalContext) hso.additionalContext = a.additionalContext;
    return out(Object.keys(hso).length > 1 ? { hookSpecificOutput: hso } : {});
  }
  return out({});
}

/** An internal error: refuse in every protocol at once. */
export function renderError(host: HostId | undefined, phase: HookPhase | undefined, reason: string): Rendered {
  const msg = withPrefix(`the hook bridge failed closed: ${reason}`);
  let stdout = '';
  if (host === 'cline') stdout = JSON.stringify({ cancel: true, errorMessage: msg }) + '\n';
  else if (host && phase !== 'post' && phase !== 'other') {
    stdout = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: msg } }) + '\n';
  }
  return { stdout, stderr: msg + '\n', exitCode: 2 };
}
