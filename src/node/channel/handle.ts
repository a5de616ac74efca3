// One hook call through the guard, in the node layer. Two modes share the plan and the checks:
// - 'up': inside the extension (the channel server). Every canonical call runs through the chain, so an
//   `ask` is the extension's modal, and the chain writes the audit record.
// - 'alone': the CLI when the extension is unreachable. No one can be asked here, so an `ask` goes back
//   to the host as its own "ask" where the host has one (a person still decides), otherwise it is a deny;
//   the audit record is written by the CLI itself, marked as decided while the extension was unreachable.
// In both modes the channel can only ask: nothing in a hook payload can make a call allowed that the
// policy (or the person at the dialog) did not allow.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { auditRecord, type FileChange } from '../../core/audit';
import type { ToolSpec } from '../../core/chain';
import { type DecideEnv, Engine } from '../../core/engine';
import { GUARDED_READ_REF, GUARDED_READ_TOOL, type HookAnswer, type HookEnvelope, type HookPlan, planHook } from '../../core/hooks';
import { type CanonicalCall, type DecidedBy, severity, type Verdict, worst } from '../../core/types';
import { summarizeChanges } from '../../core/snapshot/summary';
import type { FileChange as SnapshotChange } from '../../core/snapshot/types';
import { nodeFsProbe } from '../fsProbe';
import { isProtectedPath } from '../tools/run';
import type { GuardService } from '../guardService';
import { createFileMasker } from '../masking';

export type HookMode = { kind: 'up' } | { kind: 'alone'; why: string };

export interface HookResult {
  answer: HookAnswer;
  /** The canonical calls that were decided (empty for pass-through tools and post events). */
  calls: CanonicalCall[];
}

/**
 * The host runs the tool itself after we answer; the chain's handler has nothing to do. Workspace changes
 * are attributed between PreToolUse and PostToolUse instead (see `attributeBegin` / `attributeEnd`).
 */
const HOST_RUNS_IT: ToolSpec<undefined> = { handler: async () => undefined, attribution: 'deferred' };

const MUTATING = new Set(['write', 'delete', 'rename', 'exec']);
/** A host may never send PostToolUse (the tool failed, the person skipped it): a call in flight absorbs every
 * change while it is open, so an entry is closed after this long, or when the same agent session starts its
 * next tool call, whichever comes first. */
const PENDING_TTL_MS = 2 * 60_000;

interface PendingCalls {
  service: GuardService;
  calls: CanonicalCall[];
  at: number;
  sessionId?: string;
}
const pending = new Map<string, PendingCalls>();

function pendingKey(service: GuardService, toolUseId: string): string {
  return `${service.opts.workspace}\0${toolUseId}`;
}

async function closePending(p: PendingCalls): Promise<FileChange[]> {
  const out: FileChange[] = [];
  for (const c of p.calls) {
    try {
      out.push(...((await p.service.snapshot?.end(c.id, c)) ?? []));
    } catch {
      /* attribution is best effort; the diff still shows the change as unattributed */
    }
  }
  return out;
}

/** An allowed call the host is about to run: open its attribution window. */
async function attributeBegin(service: GuardService, env: HookEnvelope, calls: CanonicalCall[]): Promise<void> {
  const mutating = calls.filter((c) => MUTATING.has(c.op));
  if (!service.snapshot || !env.toolUseId || mutating.length === 0) return;
  await closeStale(service, env.sessionId);
  for (const c of mutating) {
    try {
      await service.snapshot.begin(c.id, c);
    } catch {
      /* best effort */
    }
  }
  pending.set(pendingKey(service, env.toolUseId), { service, calls: mutating, at: Date.now(), sessionId: env.sessionId });
}

/** Close windows that outlived the TTL, and those of the session that is now making its next call. */
async function closeStale(service: GuardService, sessionId: string | undefined): Promise<void> {
  const now = Date.now();
  for (const [k, p] of pending) {
    const sameSession = sessionId !== undefined && p.sessionId === sessionId && p.service === service;
    if (sameSession || now - p.at > PENDING_TTL_MS) {
      pending.delete(k);
      await closePending(p);
    }
  }
}

/** The host ran the tool: close the window, record what changed against the call, and tell the model. */
async function attributeEnd(service: GuardService, env: HookEnvelope): Promise<string | undefined> {
  if (!env.toolUseId) return undefined;
  const key = pendingKey(service, env.toolUseId);
  const p = pending.get(key);
  if (!p) return undefined;
  pending.delete(key);
  const changes = await closePending(p);
  const first = p.calls[0];
  const summary = summarizeChanges(changes as SnapshotChange[], { isProtected: (rel) => isProtectedPath(service.policy, rel) });
  const rec = auditRecord({
    session: service.session,
    call: first,
    verdict: { decision: 'allow', rule: 'hook:changes', reason: summary, decidedBy: 'rule' },
    policy: service.policy.hash,
    started: Date.now(),
    durationMs: Date.now() - p.at,
    outcome: 'ok',
    event: 'changes',
    changes,
    mask: (v) => service.maskValue(v),
  });
  try {
    await service.audit.append(rec);
  } catch {
    /* the answer to the host does not wait on a failed audit write */
  }
  return service.maskValue(summary);
}

/** Only the extension's modal can approve; hosts with a native confirmation get our "ask" in alone mode. */
const HOST_HAS_ASK: Record<HookEnvelope['host'], boolean> = { vscode: true, claude: true, cline: false };

const SECRET_SCAN_BYTES = 8 * 1024 * 1024;

interface Planned {
  call: CanonicalCall;
  /** A verdict decided outside the engine (opaque tool, guard-off command, secret-bearing read). */
  fixed?: Verdict;
  /** The engine's verdict, for ordering and for alone mode. */
  pre: Verdict;
}

function decideEnv(service: GuardService): DecideEnv {
  return { ctx: { workspace: service.opts.workspace, home: service.opts.home }, probe: nodeFsProbe };
}

function relTo(workspace: string, p: string): string {
  const r = path.relative(workspace, p);
  return r.split(path.sep).join('/');
}

/** VS Code cannot mask a built-in read: a file holding secrets must be read through AgentGuard's tool instead. */
function secretReadVerdict(service: GuardService, file: string): Verdict | undefined {
  let text: string;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(Math.min(SECRET_SCAN_BYTES, Math.max(0, fs.fstatSync(fd).size)));
      const n = fs.readSync(fd, buf, 0, buf.length, 0);
      text = buf.subarray(0, n).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined; // no file to leak; the tool reports its own error
  }
  const masked = createFileMasker(service.policy)(relTo(service.opts.workspace, file), text).masked;
  if (masked === 0) return undefined;
  return {
    decision: 'deny',
    rule: 'hook:secret-read',
    reason:
      `${file} contains ${masked} secret value${masked === 1 ? '' : 's'}, and this host cannot mask what its read tool returns. ` +
      `Read it with AgentGuard's guarded read tool \`${GUARDED_READ_TOOL}\` (${GUARDED_READ_REF}), which returns the file with secrets replaced by placeholders.`,
  };
}

function planCalls(service: GuardService, env: HookEnvelope, plan: HookPlan, idBase: string): Planned[] {
  const policy = service.policy;
  const engine = new Engine(policy);
  const denv = decideEnv(service);
  const mk = (d: Omit<CanonicalCall, 'id'>, i: number): CanonicalCall => ({ id: `${idBase}#${i}`, ...d });
  switch (plan.kind) {
    case 'pass':
      return [];
    case 'fixed':
      return [{ call: mk(plan.call, 0), fixed: plan.verdict, pre: plan.verdict }];
    case 'opaque': {
      // What the guard cannot see into is decided by the policy's `commands.unknown`, and is never allowed.
      const v: Verdict = { decision: worst('ask', policy.commands.unknown), rule: plan.rule, reason: plan.reason };
      return [{ call: mk(plan.call, 0), fixed: v, pre: v }];
    }
    case 'calls': {
      const out: Planned[] = plan.calls.map((d, i) => {
        const call = mk(d, i);
        return { call, pre: engine.decide(call, denv) };
      });
      if (plan.secretCheck && env.host === 'vscode') {
        for (const p of out) {
          if (p.pre.decision === 'deny' || p.call.op !== 'read') continue;
          for (const file of p.call.paths) {
            const abs = path.isAbsolute(file) ? file : path.join(service.opts.workspace, file);
            const v = secretReadVerdict(service, abs);
            if (v) {
              p.fixed = v;
              p.pre = v;
              break;
            }
          }
        }
      }
      return out;
    }
  }
}

/** Worst first: a deny ends the call before anyone is asked about its other parts. */
function ordered(ps: Planned[]): Planned[] {
  return [...ps].sort((a, b) => severity(b.pre.decision) - severity(a.pre.decision));
}

async function runUp(service: GuardService, p: Planned, signal?: AbortSignal): Promise<Verdict & { decidedBy: DecidedBy }> {
  // A verdict from outside the engine still goes through the chain: confirmation, masking, audit.
  return (await service.run(p.call, HOST_RUNS_IT, signal, p.fixed)).verdict;
}

async function recordAlone(service: GuardService, p: Planned, v: Verdict, decidedBy: DecidedBy, started: number): Promise<void> {
  const rec = auditRecord({
    session: service.session,
    call: p.call,
    verdict: { ...v, decidedBy },
    policy: service.policy.hash,
    started,
    durationMs: Date.now() - started,
    ...(v.decision === 'deny' ? { outcome: 'not-run' as const } : {}),
    mask: (x) => service.maskValue(x),
  });
  await service.audit.append(rec);
}

/** Decide a PreToolUse call. */
async function decidePre(service: GuardService, env: HookEnvelope, mode: HookMode, idBase: string, signal?: AbortSignal): Promise<HookResult> {
  // The agent moved on to its next tool call: whatever its previous call changed is settled.
  if (mode.kind === 'up' && pending.size > 0) await closeStale(service, env.sessionId);
  const plan = planHook(env);
  if (plan.kind === 'pass') return { answer: { rule: plan.rule, reason: plan.reason }, calls: [] };
  const planned = ordered(planCalls(service, env, plan, idBase));
  const calls = planned.map((p) => p.call);
  let final: (Verdict & { decidedBy: DecidedBy }) | undefined;
  let byUser = false;
  for (const p of planned) {
    const started = Date.now();
    let v: Verdict & { decidedBy: DecidedBy };
    if (mode.kind === 'up') {
      v = await runUp(service, p, signal);
    } else if (p.pre.decision === 'ask' && HOST_HAS_ASK[env.host]) {
      v = { ...p.pre, decidedBy: 'fail-closed', reason: `${p.pre.reason} (AgentGuard's extension was unreachable: ${mode.why}; the host asks you instead)` };
      await recordAlone(service, p, v, 'fail-closed', started);
    } else if (p.pre.decision === 'ask') {
      v = {
        ...p.pre,
        decision: 'deny',
        decidedBy: 'fail-closed',
        reason: `${p.pre.reason} — this needs a person's confirmation, AgentGuard's extension was unreachable (${mode.why}) and this host cannot ask, so it was refused`,
      };
      await recordAlone(service, p, v, 'fail-closed', started);
    } else {
      v = { ...p.pre, decidedBy: p.pre.decidedBy ?? 'rule' };
      await recordAlone(service, p, v, v.decidedBy, started);
    }
    if (v.decidedBy === 'user' && v.decision === 'allow') byUser = true;
    if (!final || severity(v.decision) > severity(final.decision)) final = v;
    if (v.decision === 'deny') break;
  }
  if (!final) return { answer: {}, calls };
  if (mode.kind === 'up' && final.decision === 'allow') await attributeBegin(service, env, calls);
  return {
    answer: { decision: final.decision, rule: final.rule, reason: final.reason, approvedByUser: final.decision === 'allow' && byUser },
    calls,
  };
}

/**
 * PostToolUse: with the extension up, attribute the workspace changes to the call and tell the model what
 * changed (every host can add context). Claude Code can also replace the output: mask what a read returned.
 */
async function decidePost(service: GuardService, env: HookEnvelope, mode: HookMode): Promise<HookResult> {
  const changed = mode.kind === 'up' ? await attributeEnd(service, env) : undefined;
  const masked = maskPost(service, env);
  if (!changed) return masked;
  const context = [masked.answer.additionalContext, changed].filter(Boolean).join('\n');
  return { answer: { ...masked.answer, additionalContext: context }, calls: [] };
}

function maskPost(service: GuardService, env: HookEnvelope): HookResult {
  if (env.host !== 'claude' || env.toolResponse === undefined || !service.policy.masking.enabled) return { answer: {}, calls: [] };
  const resp = env.toolResponse;
  let masked: unknown;
  const file = typeof resp === 'object' && resp !== null ? (resp as { file?: unknown }).file : undefined;
  if (env.toolName === 'Read' && typeof file === 'object' && file !== null && typeof (file as { content?: unknown }).content === 'string') {
    const f = file as { filePath?: unknown; content: string };
    const p = typeof f.filePath === 'string' ? f.filePath : String(env.toolInput.file_path ?? '');
    const r = createFileMasker(service.policy)(relTo(service.opts.workspace, p), f.content);
    masked = r.masked > 0 ? { ...(resp as object), file: { ...f, content: r.text } } : resp;
  } else {
    masked = service.maskValue(resp);
  }
  if (JSON.stringify(masked) === JSON.stringify(resp)) return { answer: {}, calls: [] };
  return {
    answer: {
      updatedToolOutput: masked,
      rule: 'hook:masked-output',
      reason: 'secret values in the tool output were replaced by placeholders',
      additionalContext:
        'AgentGuard replaced secret values in this output with placeholders («secret:…»). Use them as they are; edits that keep a placeholder restore the original value.',
    },
    calls: [],
  };
}

export async function handleHook(service: GuardService, env: HookEnvelope, mode: HookMode, signal?: AbortSignal): Promise<HookResult> {
  const idBase = env.toolUseId ? env.toolUseId.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 120) : `hook-${randomUUID()}`;
  if (env.phase === 'pre') return decidePre(service, env, mode, idBase, signal);
  if (env.phase === 'post') return decidePost(service, env, mode);
  return { answer: {}, calls: [] };
}
