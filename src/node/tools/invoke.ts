// One guarded tool call, start to finish, for the channels where the guard runs the tool (VS Code's
// language-model tools, the MCP server): validate the input → canonical call → GuardService.run → text for
// the model. Input that does not validate goes through the same pipeline as a refused call, so it is audited
// like any other call on every channel. A refusal says which rule decided, why, and what to do instead, so
// the model can change course instead of retrying the same call through another door.
import type { FileChange as AuditChange } from '../../core/audit';
import type { CallOutcome } from '../../core/chain';
import { summarizeChanges } from '../../core/snapshot/summary';
import type { FileChange } from '../../core/snapshot/types';
import type { CanonicalCall, Channel, Verdict } from '../../core/types';
import type { GuardService } from '../guardService';
import { newCallId } from '../guardService';
import { type ToolEnv, ToolRefusal } from './env';
import type { AnyTool } from './guardedTool';
import { toolId, TOOL_OPS } from './ids';

export interface ToolAnswer {
  /** What the model reads. */
  text: string;
  /** 'refused' covers a denial by policy, by the user, and invalid input. */
  status: 'ok' | 'refused' | 'error';
  call: CanonicalCall;
  outcome: CallOutcome<unknown>;
}

export async function invokeTool(
  service: GuardService,
  env: ToolEnv,
  tool: AnyTool,
  input: unknown,
  who: { agent: string; channel: Channel },
  signal?: AbortSignal,
): Promise<ToolAnswer> {
  const meta = { id: newCallId(), agent: who.agent, channel: who.channel, tool: toolId(tool.name) };
  let call: CanonicalCall;
  try {
    call = tool.toCall(tool.parse(input), meta, env);
  } catch (e) {
    const msg = e instanceof ToolRefusal ? e.message : `invalid input (${(e as Error).message})`;
    call = { ...meta, op: TOOL_OPS[tool.name], paths: [], args: input, preset: { kind: 'refuse', rule: 'input:invalid', reason: msg } };
    const outcome = await service.run(call, { guardRuns: tool.spec(env) }, signal);
    return {
      status: 'refused',
      text: withNotice(service.maskValue(`AgentGuard refused the call: ${msg}. Fix the input and call the tool again.`), outcome),
      call,
      outcome,
    };
  }
  // The handler re-checks paths as this call's context sees the policy (rules narrowed to other agents left out).
  const callEnv: ToolEnv = { ...env, compiled: () => env.compiled().forCall(call) };
  const outcome = await service.run(call, { guardRuns: tool.spec(callEnv) }, signal);
  const v = outcome.verdict;
  if (v.decision !== 'allow') return { status: 'refused', text: withNotice(service.maskValue(refusalText(v, call, env)), outcome), call, outcome };
  if (outcome.error !== undefined || outcome.result === undefined) {
    return {
      status: 'error',
      text: withNotice(service.maskValue(`The call was allowed but did not complete: ${outcome.error ?? 'no result'}`), outcome),
      call,
      outcome,
    };
  }
  let text = tool.render(outcome.result);
  if (outcome.limited.length) text += `\n(Limited by the policy: ${outcome.limited.join('; ')}.)`;
  // Side effects back to the model: what the write or command changed, new artifacts first. Paths, kinds and
  // sizes only, never content. Only with a snapshot attached: without one, "no changes" would be a lie.
  if (service.snapshot && MUTATING.has(call.op)) {
    const compiled = env.compiled();
    text += '\n' + service.maskValue(summarizeChanges(outcome.changes.map(asSnapshotChange), { isProtected: (p) => compiled.isProtected(p) }));
  }
  return { status: 'ok', text: withNotice(text, outcome), call, outcome };
}

/** A person reverted some of this agent's calls since it last heard: it reads that with this result. */
function withNotice(text: string, outcome: CallOutcome<unknown>): string {
  return outcome.notice ? `${text}\n\n${outcome.notice}` : text;
}

const MUTATING = new Set(['write', 'delete', 'rename', 'exec']);

/** The snapshot hands the chain its own richer FileChange; the chain's type names only path and kind. */
function asSnapshotChange(c: AuditChange): FileChange {
  const x = c as Partial<FileChange>;
  return { path: c.path, kind: c.kind, size: x.size ?? 0, artifact: x.artifact === true, isImage: x.isImage === true, isText: x.isText !== false, callIds: [] };
}

/** What the model reads when a call is not allowed: the rule, the reason, and what to do instead. */
export function refusalText(v: Verdict, call: CanonicalCall, env: ToolEnv): string {
  return [
    `AgentGuard refused this call (${call.op}${call.op === 'exec' ? ` \`${call.command}\`` : ` ${call.paths.join(', ')}${call.dest ? ` → ${call.dest}` : ''}`}).`,
    `Rule: ${v.rule}`,
    `Reason: ${v.reason}`,
    `What to do instead: ${instead(v, env)}`,
  ].join('\n');
}

function instead(v: Verdict, env: ToolEnv): string {
  if (v.decidedBy === 'user')
    return 'The user declined this at the confirmation dialog. Do not retry it or work around it with another tool or command; ask the user how they want to proceed.';
  if (v.rule.startsWith('integrity:') && v.decidedBy !== 'fail-closed')
    return 'Do not skip, disable, weaken or delete tests to make them pass: change the code under test. If a test itself is wrong, tell the user which one and why, and let them change it.';
  if (v.decidedBy === 'headless')
    return 'This needs a person to confirm and none is available. Ask the user to run it themselves, or choose a non-destructive alternative.';
  if (v.decidedBy === 'fail-closed' || v.rule === 'fail-closed')
    return 'The guard could not decide safely. Retry once; if it fails again, tell the user that AgentGuard failed closed.';
  if (v.rule === 'cancelled') return 'The call was cancelled; nothing was done.';
  if (v.rule === 'outside-workspace') return `Work inside the workspace (${env.workspace}) and use workspace-relative paths.`;
  if (v.rule.startsWith('input:') || v.rule.startsWith('path:invalid')) return 'Fix the input (use a plain workspace-relative path) and call again.';
  if (v.rule.startsWith('floor:') || v.rule.startsWith('path:floor:'))
    return 'This file configures the guard or the repository itself; only the user may change it. Tell the user what change you would make.';
  if (v.rule.startsWith('cmd:'))
    return 'Do not run this command or an equivalent one. Use a narrower, non-destructive command, or ask the user to run it themselves.';
  if (v.rule.startsWith('path:'))
    return 'Leave this path alone: the same rule applies to every tool and to shell commands. Change other files (for a test, change the code under test), or ask the user.';
  return 'Do not retry the same call; choose another approach or ask the user.';
}
