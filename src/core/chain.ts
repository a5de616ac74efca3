// The pipeline every call goes through, whatever channel it came from (DESIGN.md §2):
//   pre chain: validate → path/command rules → limits → confirmation   (first deny ends it)
//   handler:   only on allow
//   post chain: mask the result → attribute workspace changes → audit   (always, denied calls too)
// A step that throws or overruns its budget is a deny recorded as failed closed. Approval comes only
// from the Confirmer (the modal dialog); nothing in a call's arguments can grant it.
import { type AuditRecord, auditRecord, type FileChange } from './audit';
import type { DecideEnv, Engine } from './engine';
import type { Limits } from './policy/types';
import type { CanonicalCall, DecidedBy, Decision, Verdict } from './types';

export type ConfirmAnswer = 'once' | 'session' | 'deny';

export interface ConfirmRequest {
  call: CanonicalCall;
  verdict: Verdict;
  /** The exact thing being approved: a command line or a path. */
  subject: string;
  preview?: string;
}

/** The VS Code layer supplies the modal; headless use has none, so `ask` becomes `deny`. */
export interface Confirmer {
  confirm(req: ConfirmRequest, signal: AbortSignal): Promise<ConfirmAnswer>;
}

/** "Allow for this session" approves exactly one command line or one path for one op, nothing broader. */
export class SessionApprovals {
  private keys = new Set<string>();
  static key(call: CanonicalCall): string {
    return call.op === 'exec' ? `exec\0${call.cwd ?? ''}\0${call.command}` : `${call.op}\0${call.paths.join('\0')}\0${call.dest ?? ''}`;
  }
  has(call: CanonicalCall): boolean {
    return this.keys.has(SessionApprovals.key(call));
  }
  /** Only the chain calls this, with an answer from the Confirmer. */
  grant(call: CanonicalCall): void {
    this.keys.add(SessionApprovals.key(call));
  }
  clear(): void {
    this.keys.clear();
  }
  get size(): number {
    return this.keys.size;
  }
}

export interface SnapshotHooks {
  begin(callId: string, call: CanonicalCall): Promise<void>;
  end(callId: string, call: CanonicalCall): Promise<FileChange[]>;
}

export interface ChainDeps {
  /** The engine for the policy in force now (policies reload). */
  engine(): Engine;
  env: DecideEnv;
  session: string;
  approvals: SessionApprovals;
  confirmer?: Confirmer;
  /** The masking choke point for everything that leaves the guard: results, audit args. */
  maskValue<T>(v: T): T;
  audit(rec: AuditRecord): Promise<void>;
  snapshot?: SnapshotHooks;
  /** Cheap impact preview for the dialog (git status count, files under a dir, …). */
  preview?(call: CanonicalCall, v: Verdict): Promise<string | undefined>;
  /** Budget of each automatic step, ms. */
  stepTimeoutMs?: number;
  /** How long a confirmation may wait for a person before it counts as deny, ms. */
  confirmTimeoutMs?: number;
  now?(): number;
}

export interface ToolSpec<T> {
  /** The plain tool; runs only on allow, with the (possibly clamped) call. */
  handler(call: CanonicalCall, limits: Limits, signal: AbortSignal): Promise<T>;
  /** Rewrite a copy of the call to respect the limits; return notes on what was clamped. */
  clamp?(call: CanonicalCall, limits: Limits): { call: CanonicalCall; notes: string[] };
  /** Apply the masking function to every string the model will see. */
  maskResult?(result: T, mask: <V>(v: V) => V, call: CanonicalCall): T;
  /**
   * 'deferred': someone else runs the tool after the decision (an agent host behind a hook), so the chain
   * does not bracket the handler with the snapshot; the caller attributes changes when the tool is done.
   */
  attribution?: 'inline' | 'deferred';
}

export interface CallOutcome<T> {
  verdict: Verdict & { decidedBy: DecidedBy };
  result?: T;
  error?: string;
  changes: FileChange[];
  limited: string[];
}

class StepTimeout extends Error {}

async function withBudget<T>(what: string, ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ac = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      fn(ac.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          ac.abort();
          reject(new StepTimeout(`${what} took longer than ${ms} ms`));
        }, ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

export async function runCall<T>(call: CanonicalCall, spec: ToolSpec<T>, deps: ChainDeps, signal?: AbortSignal): Promise<CallOutcome<T>> {
  const now = deps.now ?? Date.now;
  const started = now();
  const stepMs = deps.stepTimeoutMs ?? 2_000;
  let v: Verdict & { decidedBy: DecidedBy };
  let effective = call;
  let limited: string[] = [];
  const engine = deps.engine();
  const policy = engine.policy;

  const failClosed = (step: string, e: unknown): Verdict & { decidedBy: DecidedBy } => ({
    decision: 'deny',
    rule: 'fail-closed',
    reason: `AgentGuard failed closed at ${step}: ${(e as Error)?.message ?? String(e)}. Nothing was done.`,
    decidedBy: 'fail-closed',
  });

  // Pre chain.
  try {
    const decided = await withBudget('the policy decision', stepMs, async () => engine.decide(call, deps.env));
    v = { ...decided, decidedBy: decided.decidedBy ?? 'rule' };
  } catch (e) {
    v = failClosed('the policy decision', e);
  }
  if (signal?.aborted && v.decision !== 'deny') v = { decision: 'deny', rule: 'cancelled', reason: 'the call was cancelled before it ran', decidedBy: 'rule' };

  if (v.decision !== 'deny' && spec.clamp) {
    try {
      const clamped = spec.clamp(structuredClone(call), policy.limits);
      effective = clamped.call;
      limited = clamped.notes;
    } catch (e) {
      v = failClosed('the limits step', e);
    }
  }

  if (v.decision === 'ask') {
    v = await confirmStep(call, v, deps);
  }

  // Handler, only on allow.
  let result: T | undefined;
  let error: string | undefined;
  let changes: FileChange[] = [];
  const mutating = (call.op === 'write' || call.op === 'delete' || call.op === 'rename' || call.op === 'exec') && spec.attribution !== 'deferred';
  if (v.decision === 'allow') {
    try {
      if (mutating && deps.snapshot) await deps.snapshot.begin(call.id, call);
      const ac = new AbortController();
      const onAbort = () => ac.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        result = await spec.handler(effective, policy.limits, ac.signal);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    } catch (e) {
      error = (e as Error)?.message ?? String(e);
    }
    if (mutating && deps.snapshot) {
      try {
        changes = await deps.snapshot.end(call.id, call);
      } catch {
        changes = [];
      }
    }
  }

  // Post chain: mask → (changes above) → audit. Runs for denied calls too.
  if (result !== undefined && spec.maskResult) {
    try {
      result = spec.maskResult(result, deps.maskValue, call);
    } catch (e) {
      // Masking failed: the raw result must not reach the model.
      result = undefined;
      error = `AgentGuard could not mask the result (${(e as Error).message}); it was withheld`;
    }
  }
  const rec = auditRecord({
    session: deps.session,
    call,
    verdict: v,
    policy: policy.hash,
    started,
    durationMs: now() - started,
    outcome: v.decision === 'allow' ? (error ? 'error' : 'ok') : 'not-run',
    error,
    changes,
    limited,
    mask: deps.maskValue,
  });
  if (error) error = deps.maskValue(error);
  await deps.audit(rec);
  return { verdict: v, result, error, changes, limited };
}

async function confirmStep(call: CanonicalCall, v: Verdict & { decidedBy: DecidedBy }, deps: ChainDeps): Promise<Verdict & { decidedBy: DecidedBy }> {
  if (deps.approvals.has(call)) {
    return { ...v, decision: 'allow', decidedBy: 'user', reason: `approved for this session by the user earlier; ${v.reason}` };
  }
  if (!deps.confirmer) {
    return {
      ...v,
      decision: 'deny',
      decidedBy: 'headless',
      reason: `${v.reason} — this needs a person's confirmation, and no one is here to ask, so it was refused`,
    };
  }
  let preview = v.preview;
  if (!preview && deps.preview) {
    try {
      preview = await withBudget('the impact preview', 1_500, () => deps.preview!(call, v));
    } catch {
      preview = undefined; // a preview is a courtesy; its failure does not block the question
    }
  }
  const subject = call.op === 'exec' ? (call.command ?? '') : call.op === 'rename' ? `${call.paths[0]} → ${call.dest}` : call.paths.join(', ');
  let answer: ConfirmAnswer;
  try {
    answer = await withBudget('the confirmation', deps.confirmTimeoutMs ?? 10 * 60_000, (signal) =>
      deps.confirmer!.confirm({ call, verdict: v, subject: deps.maskValue(subject), preview }, signal),
    );
  } catch (e) {
    return {
      ...v,
      decision: 'deny',
      decidedBy: 'fail-closed',
      reason: `${v.reason} — no answer from the confirmation (${(e as Error).message}), so it was refused`,
    };
  }
  const decision: Decision = answer === 'deny' ? 'deny' : 'allow';
  if (answer === 'session') deps.approvals.grant(call);
  const how = answer === 'deny' ? 'denied by the user' : answer === 'session' ? 'allowed by the user for this session' : 'allowed once by the user';
  return { ...v, decision, decidedBy: 'user', reason: `${how}; ${v.reason}`, preview };
}
