// One hook payload through the guard: the host's tool call as canonical calls, GuardService.run, and the
// answer in host-independent terms (the host's `render` writes it out). This file holds no decision logic —
// no engine, no audit writer, no policy of its own: the service decides, settles, records and attributes.
//
// The same code answers with the extension up (the channel server, inside VS Code: the service's confirmer
// is the modal) and with the extension unreachable (the CLI deciding alone: a service whose confirmer hands
// `ask` back to the host's own prompt, or refuses where the host has none — `unreachable` below). Nothing in
// a hook payload can make a call allowed that the policy, or a person at the dialog, did not allow.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import type { NoConfirmer } from '../../core/chain';
import { callsOf, HOST, type HookAnswer, type HookEnvelope, type HostId, planHook } from '../../core/hooks';
import type { CanonicalCall } from '../../core/types';
import type { GuardService } from '../guardService';

export interface HookResult {
  answer: HookAnswer;
  /** The canonical calls that were decided (empty for pass-through tools and after-hooks). */
  calls: CanonicalCall[];
}

/** The extension cannot be reached: `ask` goes back to the host's own prompt where it has one, else it is refused. */
export function unreachable(host: HostId, why: string): NoConfirmer {
  return HOST[host].canAsk
    ? {
        ask: 'host',
        decidedBy: 'fail-closed',
        reason: (v) => `${v.reason} (AgentGuard's extension was unreachable: ${why}; the host asks you instead)`,
      }
    : {
        ask: 'refuse',
        decidedBy: 'fail-closed',
        reason: (v) =>
          `${v.reason} — this needs a person's confirmation, AgentGuard's extension was unreachable (${why}) and this host cannot ask, so it was refused`,
      };
}

const MASKED_NOTE =
  'AgentGuard replaced secret values in this output with placeholders («secret:…»). Use them as they are; edits that keep a placeholder restore the original value.';

export async function answerHook(service: GuardService, env: HookEnvelope, signal?: AbortSignal): Promise<HookResult> {
  if (env.phase === 'other') return { answer: {}, calls: [] };
  const window = env.toolUseId ? { key: env.toolUseId, session: env.sessionId } : undefined;
  if (env.phase === 'post') return after(service, env, window);

  const plan = planHook(env);
  if (plan.kind === 'pass') return { answer: { rule: plan.rule, reason: plan.reason }, calls: [] };
  const idBase = env.toolUseId ? env.toolUseId.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 120) : `hook-${randomUUID()}`;
  // The host's own session, the same with the extension up or down: what a rate counted per session adds up.
  const session = env.sessionId ? `${env.host}:${env.sessionId}` : undefined;
  const calls = callsOf(plan, idBase).map((c) => (session ? { ...c, session } : c));
  if (calls.length === 0) return { answer: {}, calls };
  const o = await service.run(calls, { hostRuns: 'before', window }, signal);
  const v = o.verdict;
  // Only a person's approval at AgentGuard's dialog becomes the host's `allow`; an allow by rule leaves its flow alone.
  const byUser = v.decision === 'allow' && o.settled.some((s) => s.verdict.decidedBy === 'user');
  return { answer: { decision: v.decision, rule: v.rule, reason: v.reason, approvedByUser: byUser }, calls };
}

/**
 * The after-hook: the host ran the tool. What it changed is charged to the call and told to the model (every
 * host can add context); where the host lets a hook replace the output (Claude Code), secrets in it are masked.
 */
async function after(service: GuardService, env: HookEnvelope, window: { key: string } | undefined): Promise<HookResult> {
  const host = HOST[env.host];
  const workspace = service.opts.workspace;
  const maskOutput = host.maskOutput;
  const o = await service.run([], {
    hostRuns: 'after',
    window,
    output: env.toolResponse,
    maskOutput: maskOutput
      ? (output, compiled) =>
          maskOutput(env, output, {
            file: (p, text) => compiled.maskFile(path.relative(workspace, path.resolve(workspace, p)).split(path.sep).join('/'), text).text,
            value: compiled.maskValue,
          })
      : undefined,
  });
  const answer: HookAnswer = {};
  const notes: string[] = [];
  if (o.result !== undefined && JSON.stringify(o.result) !== JSON.stringify(env.toolResponse)) {
    answer.updatedToolOutput = o.result;
    answer.rule = 'hook:masked-output';
    answer.reason = 'secret values in the tool output were replaced by placeholders';
    notes.push(MASKED_NOTE);
  }
  if (o.summary) notes.push(o.summary);
  if (notes.length) answer.additionalContext = notes.join('\n');
  return { answer, calls: [] };
}
