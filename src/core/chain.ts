// The pipeline every call goes through, whatever channel it came from. GuardService.run
// (src/node/guardService.ts) is its one entry; what differs per channel is data passed in here:
//   decide:  each canonical call once — the engine, or the channel's preset (a tool it cannot see into,
//            input that may never run) — and a read the host returns unmasked is checked for secrets
//   check:   a write, delete or rename the path rules did not deny: what it would leave is checked for edits
//            that disable or weaken tests (src/core/integrity/step.ts), wherever the file lives
//   settle:  worst first; `ask` goes to the confirmer — a person at AgentGuard's dialog — or, where no one
//            can be asked, back to the host's own prompt or refused; the first deny ends it
//   run:     the guard runs the call (limits, handler, snapshot around it), or the host runs it after the
//            answer (a window attributes what it changes until the host reports back), or nothing runs
//   record:  mask the result, then one audit record per settled call, through auditRecord()
// A step that throws or overruns its budget is a deny recorded as failed closed. Approval comes only from the
// Confirmer (the modal dialog); nothing in a call's arguments can grant it, and a channel's preset can only
// make a call stricter (it is never `allow`).
import { auditRecord, type AuditRecord, type FileChange } from './audit';
import type { CompiledPolicy } from './compiledPolicy';
import type { ContextGate } from './context/gate';
import type { DecideEnv } from './engine';
import type { FileEffect } from './integrity/step';
import { integrityModule } from './lazyModules';
import type { Limits } from './policy/types';
import { summarizeChanges } from './snapshot/summary';
import type { FileChange as SnapshotChange } from './snapshot/types';
import { type CanonicalCall, type DecidedBy, type Decision, severity, type Verdict, worst } from './types';

export type ConfirmAnswer = 'once' | 'session' | 'deny';

export interface ConfirmRequest {
  call: CanonicalCall;
  verdict: Verdict;
  /** The exact thing being approved: a command line or a path. */
  subject: string;
  preview?: string;
}

/** A person answers at AgentGuard's own dialog (the VS Code modal). */
export interface Confirmer {
  confirm(req: ConfirmRequest, signal: AbortSignal): Promise<ConfirmAnswer>;
}

/**
 * No one can be asked on this channel: `ask` goes back to the agent host as `ask`, for its own prompt (a
 * person still decides), or it is refused.
 */
export interface NoConfirmer {
  ask: 'host' | 'refuse';
  decidedBy: 'headless' | 'fail-closed';
  /** The reason the model and the audit read, from the verdict that asked. */
  reason(v: Verdict): string;
}

/** The MCP server, and any process with no person behind it: what needs a person is refused, saying so. */
export const HEADLESS: NoConfirmer = {
  ask: 'refuse',
  decidedBy: 'headless',
  reason: (v) => `${v.reason} — this needs a person's confirmation, and no one is here to ask, so it was refused`,
};

export function isConfirmer(c: Confirmer | NoConfirmer): c is Confirmer {
  return typeof (c as Confirmer).confirm === 'function';
}

/**
 * "Allow for this session" approves exactly one command line or one path for one op, nothing broader. A
 * `scope` narrows it further: an edit weakening tests is approved for that kind of change (its integrity rule)
 * to that path, and a path approval does not cover it.
 */
export class SessionApprovals {
  private keys = new Set<string>();
  static key(call: CanonicalCall, scope?: string): string {
    const k = call.op === 'exec' ? `exec\0${call.cwd ?? ''}\0${call.command}` : `${call.op}\0${call.paths.join('\0')}\0${call.dest ?? ''}`;
    return scope ? `${k}\0${scope}` : k;
  }
  has(call: CanonicalCall, scope?: string): boolean {
    return this.keys.has(SessionApprovals.key(call, scope));
  }
  /** Only the chain calls this, with an answer from the Confirmer. */
  grant(call: CanonicalCall, scope?: string): void {
    this.keys.add(SessionApprovals.key(call, scope));
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

/**
 * Calls an agent host runs itself after the answer: what changes in the workspace meanwhile is charged to
 * them, from the host's before-hook to its after-hook (src/node/hostWindows.ts).
 */
export interface HostWindows {
  /** The agent (this session) moved on to its next call: whatever its previous one changed is settled. */
  closeStale(session: string | undefined): Promise<void>;
  open(key: string, session: string | undefined, calls: readonly CanonicalCall[]): Promise<void>;
  close(key: string): Promise<{ calls: readonly CanonicalCall[]; changes: FileChange[]; openedAt: number } | undefined>;
}

/**
 * Keeps what a mutating call is about to destroy, so a person can revert it from the panel (src/node/undo).
 * It observes, it never decides: it cannot stop a call, and a failure of its own costs only the undo.
 */
export interface UndoHooks {
  /** An allowed mutating call, just before it runs (for a call the host runs: before the host is answered). */
  keep(call: CanonicalCall, verdict: Verdict, window?: string): Promise<void>;
  /** After it ran: what it changed. `calls` undefined: the host-run calls of `window`, kept by another process. */
  kept(calls: readonly CanonicalCall[] | undefined, changes: readonly FileChange[], window?: string): Promise<void>;
  /** What this agent has not heard yet: which of its calls a person reverted (once), or undefined. */
  notice(agent: string): string | undefined;
}

export interface ChainDeps {
  /** The policy in force now, compiled once per load. Read once per run: a reload mid-call does not mix two. */
  compiled(): CompiledPolicy;
  env: DecideEnv;
  session: string;
  approvals: SessionApprovals;
  confirmer: Confirmer | NoConfirmer;
  audit(rec: AuditRecord): Promise<void>;
  snapshot?: SnapshotHooks;
  windows?: HostWindows;
  undo?: UndoHooks;
  /** Cheap impact preview for the dialog (git status count, files under a dir, …). */
  preview?(call: CanonicalCall, v: Verdict): Promise<string | undefined>;
  /** Context, rates, lockdown and the breaker (src/core/context/gate.ts): what came before, across processes. */
  context?: Pick<ContextGate, 'judge' | 'settled'>;
  /** A read whose content the host hands the model as is: a verdict when the file holds secrets. */
  unmaskedRead?(call: CanonicalCall, compiled: CompiledPolicy): Verdict | undefined;
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
  /** What the call would leave on disk, read before it runs, for the test-integrity check (see EffectsOf). */
  effects?: EffectsOf;
  /**
   * A look, before anyone is asked, at what the tool would hand the model that the masking could not
   * recognise (a command transforming a file that holds secrets): a refusal, or undefined. Throwing fails closed.
   */
  shows?(call: CanonicalCall, verdict: Verdict, compiled: CompiledPolicy): Verdict | undefined;
}

/**
 * What a write, delete or rename would do to each file, read before it runs: the text now and the text it
 * would leave. `wanted(rel)`: read only the files this says (the ones a detector reads, or every file when a
 * person will be asked and should see the change). Input the handler will refuse anyway gives []. Throwing
 * fails the call closed.
 */
export type EffectsOf = (call: CanonicalCall, wanted: (rel: string) => boolean, signal: AbortSignal) => Promise<FileEffect[]>;

/** What a host's after-hook hands back: its tool's output, to mask where the host lets a hook replace it. */
export type OutputMasker = (output: unknown, compiled: CompiledPolicy) => unknown;

/** Who runs the call — the part of a channel that is data. */
export type RunHow<T> =
  /** The guard runs it: the guarded tools (VS Code's language-model tools, the MCP server). */
  | { guardRuns: ToolSpec<T> }
  /**
   * The agent host runs it after the answer (a hook's before-event); `window` attributes what it changes;
   * `effects`, where the channel can compute an edit's result, feeds the test-integrity check.
   */
  | { hostRuns: 'before'; window?: { key: string; session?: string }; effects?: EffectsOf; shows?: ToolSpec<unknown>['shows'] }
  /**
   * The host ran it (a hook's after-event): close the window, and mask the output where the host allows. An
   * output the masker changed is recorded as `call` with `outputVerdict` (masked: allow; the task ended on it: deny).
   */
  | {
      hostRuns: 'after';
      window?: { key: string };
      output?: unknown;
      maskOutput?: OutputMasker;
      agent?: string;
      call?: AuditedCall;
      outputVerdict?: Pick<Verdict, 'decision' | 'rule' | 'reason'>;
    }
  /**
   * Decide only: nothing is settled, run or recorded (`agentguard eval`, `agentguard test`). `uncounted`: a
   * look at what a call would do (the hook bridge reading a command's analysis) — the call itself is decided
   * in its own run, so this one neither counts toward rates nor meets them.
   */
  | { decideOnly: true; uncounted?: boolean };

export type Settled = Verdict & { decidedBy: DecidedBy };

/** What an audit record names of a call. */
export type AuditedCall = Pick<CanonicalCall, 'id' | 'agent' | 'channel' | 'tool' | 'op' | 'args'>;

export interface CallOutcome<T> {
  /** The worst settled verdict (for one call, its own). */
  verdict: Settled;
  /** Every decided call with its settled verdict, worst first, up to the first deny. */
  settled: { call: CanonicalCall; verdict: Settled }[];
  result?: T;
  error?: string;
  changes: FileChange[];
  limited: string[];
  /** After a host ran a call: what it changed, in words for the model (paths, kinds and sizes only). */
  summary?: string;
  /** For the model, with whatever it receives next: which of its calls a person reverted since it last heard. */
  notice?: string;
  /** After a host ran a call: its output as masked differs from what the host gave (the masker found something). */
  outputChanged?: boolean;
}

/** Shown instead of a host's output when masking it failed: the raw text must not reach the model. */
export const OUTPUT_WITHHELD = '[AgentGuard could not mask this output, so it was withheld. Read the file with AgentGuard’s guarded read tool.]';

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

function failClosed(step: string, e: unknown): Settled {
  return {
    decision: 'deny',
    rule: 'fail-closed',
    reason: `AgentGuard failed closed at ${step}: ${(e as Error)?.message ?? String(e)}. Nothing was done.`,
    decidedBy: 'fail-closed',
  };
}

const MUTATING = new Set(['write', 'delete', 'rename', 'exec']);

export async function runChain<T>(calls: readonly CanonicalCall[], how: RunHow<T>, deps: ChainDeps, signal?: AbortSignal): Promise<CallOutcome<T>> {
  const compiled = deps.compiled();
  if ('hostRuns' in how && how.hostRuns === 'after') return (await afterHost(how, compiled, deps)) as CallOutcome<T>;
  if ('guardRuns' in how && calls.length !== 1) throw new Error(`the guard runs one call at a time, not ${calls.length}`);
  if ('hostRuns' in how && deps.windows) await deps.windows.closeStale(how.window?.session);

  // Decide: each call once. Worst first, so a deny ends the tool call before anyone is asked about the rest.
  const now = deps.now ?? Date.now;
  const decided: { call: CanonicalCall; verdict: Settled; started: number }[] = [];
  for (const call of calls) {
    const started = now();
    const uncounted = 'decideOnly' in how && how.uncounted === true;
    decided.push({ call, verdict: await decide(call, compiled, uncounted ? { ...deps, context: undefined } : deps, signal), started });
  }
  decided.sort((a, b) => severity(b.verdict.decision) - severity(a.verdict.decision));
  if ('decideOnly' in how) {
    const settled = decided.map(({ call, verdict }) => ({ call, verdict }));
    return { verdict: worstOf(settled), settled, changes: [], limited: [] };
  }

  const settled: CallOutcome<T>['settled'] = [];
  let result: T | undefined;
  let error: string | undefined;
  let changes: FileChange[] = [];
  let limited: string[] = [];
  for (const d of decided) {
    const { call, started } = d;
    let v = d.verdict;
    let effective = call;
    const spec = 'guardRuns' in how ? how.guardRuns : undefined;
    if (v.decision !== 'deny' && spec?.clamp) {
      try {
        const clamped = spec.clamp(structuredClone(call), compiled.policy.limits);
        effective = clamped.call;
        limited = clamped.notes;
      } catch (e) {
        v = failClosed('the limits step', e);
      }
    }
    // What the tool would show that masking cannot recognise: the guarded tool's own check, or the one the
    // hook bridge passes for the host's tool (the same check, in one place for every channel).
    const shows = spec?.shows ? spec.shows.bind(spec) : 'hostRuns' in how && how.hostRuns === 'before' ? how.shows : undefined;
    if (v.decision !== 'deny' && shows) {
      try {
        const r = shows(effective, v, compiled);
        if (r) v = { ...r, analysis: r.analysis ?? v.analysis, decidedBy: 'rule' };
      } catch (e) {
        v = failClosed('the check of what the tool would show', e);
      }
    }
    if (v.decision !== 'deny') v = await checkTestIntegrity(effective, v, how, compiled, deps, signal);
    if (v.decision === 'ask') v = await settle(call, v, compiled, deps);

    if (spec && v.decision === 'allow') ({ result, error, changes } = await runHandler(spec, effective, v, compiled, deps, signal));
    if (result !== undefined && spec?.maskResult) {
      try {
        result = spec.maskResult(result, compiled.maskValue, call);
      } catch (e) {
        // Masking failed: the raw result must not reach the model.
        result = undefined;
        error = `AgentGuard could not mask the result (${(e as Error).message}); it was withheld`;
      }
    }
    const outcome: AuditRecord['outcome'] = spec
      ? v.decision === 'allow'
        ? error
          ? 'error'
          : 'ok'
        : 'not-run'
      : v.decision === 'deny'
        ? 'not-run'
        : undefined;
    await deps.audit(
      auditRecord({
        session: deps.session,
        call,
        verdict: v,
        policy: compiled.hash,
        started,
        durationMs: now() - started,
        outcome,
        error,
        changes,
        limited,
        mask: compiled.maskValue,
      }),
    );
    settled.push({ call, verdict: v });
    if (v.decision === 'deny') break;
  }
  deps.context?.settled(
    decided.map((d) => d.call),
    settled,
    compiled.policy,
  );
  const final = worstOf(settled);
  // The host runs what was not refused (an `ask` goes to its own prompt): keep what it may destroy first.
  if ('hostRuns' in how && final.decision !== 'deny') await undoKeep(deps, settled, how.window?.key);
  if ('hostRuns' in how && how.window && deps.windows && final.decision === 'allow') {
    const mutating = settled.map((s) => s.call).filter((c) => MUTATING.has(c.op));
    if (mutating.length) await deps.windows.open(how.window.key, how.window.session, mutating);
  }
  if (error) error = compiled.maskValue(error);
  return { verdict: final, settled, result, error, changes, limited, notice: undoNotice(deps, calls[0]?.agent) };
}

/** Undo's part of a call: keep each mutating call's prior content; a failure there never fails the call. */
async function undoKeep(deps: ChainDeps, settled: readonly { call: CanonicalCall; verdict: Settled }[], window?: string): Promise<void> {
  if (!deps.undo) return;
  for (const s of settled) {
    if (!MUTATING.has(s.call.op) || s.verdict.decision === 'deny') continue;
    try {
      await deps.undo.keep(s.call, s.verdict, window);
    } catch {
      /* the call still runs; its revert will say its prior content was not kept */
    }
  }
}

function undoNotice(deps: ChainDeps, agent: string | undefined): string | undefined {
  if (!deps.undo || agent === undefined) return undefined;
  try {
    return deps.undo.notice(agent);
  } catch {
    return undefined;
  }
}

function worstOf(settled: readonly { verdict: Settled }[]): Settled {
  let w: Settled | undefined;
  for (const s of settled) if (!w || severity(s.verdict.decision) > severity(w.decision)) w = s.verdict;
  return w ?? { decision: 'allow', rule: 'hook:no-call', reason: 'the tool call names nothing the guard judges', decidedBy: 'rule' };
}

/** One call's verdict: the channel's preset, or the engine; then the check of a read the host cannot mask. */
async function decide(call: CanonicalCall, compiled: CompiledPolicy, deps: ChainDeps, signal?: AbortSignal): Promise<Settled> {
  let v: Verdict;
  try {
    if (call.preset) {
      const p = call.preset;
      // A tool the guard cannot see into is judged as an unknown command is, and never allowed.
      const decision: Decision = p.kind === 'refuse' ? 'deny' : worst('ask', compiled.policy.commands.unknown);
      v = { decision, rule: p.rule, reason: p.reason };
    } else {
      v = await withBudget('the policy decision', deps.stepTimeoutMs ?? 2_000, async () => compiled.engine.decide(call, deps.env));
    }
    if (call.unmaskedRead && v.decision !== 'deny' && deps.unmaskedRead) v = deps.unmaskedRead(call, compiled) ?? v;
    if (deps.context) v = deps.context.judge(call, v, compiled.policy);
  } catch (e) {
    return failClosed('the policy decision', e);
  }
  if (signal?.aborted && v.decision !== 'deny')
    return { decision: 'deny', rule: 'cancelled', reason: 'the call was cancelled before it ran', decidedBy: 'rule' };
  return { ...v, decidedBy: v.decidedBy ?? 'rule' };
}

const EDITS = new Set(['write', 'delete', 'rename']);

/**
 * An edit that disables or weakens a test, wherever the file lives, is asked with the changed lines; an asked
 * write shows its change. Runs after the path rules (a path deny has ended the call) and before anyone is
 * asked; the channel supplies what the call would leave (`effects`), the judgement is src/core/integrity/step.ts.
 */
async function checkTestIntegrity(
  call: CanonicalCall,
  v: Settled,
  how: RunHow<unknown>,
  compiled: CompiledPolicy,
  deps: ChainDeps,
  signal?: AbortSignal,
): Promise<Settled> {
  const effectsOf = 'guardRuns' in how ? how.guardRuns.effects : 'hostRuns' in how && how.hostRuns === 'before' ? how.effects : undefined;
  if (!effectsOf || !EDITS.has(call.op)) return v;
  try {
    return await withBudget('the test-integrity check', deps.stepTimeoutMs ?? 2_000, async (budget) => {
      const step = integrityModule();
      const showAll = v.decision === 'ask' && call.op === 'write';
      const effects = await effectsOf(call, (rel) => showAll || step.integrityReads(rel), signal ? AbortSignal.any([budget, signal]) : budget);
      if (effects.length === 0) return v;
      const judged = step.judgeEffects(effects, v, (rel, text) => compiled.maskFile(rel, text).text);
      return judged === v ? v : { ...judged, decidedBy: 'rule' };
    });
  } catch (e) {
    return failClosed('the test-integrity check', e);
  }
}

async function runHandler<T>(
  spec: ToolSpec<T>,
  call: CanonicalCall,
  verdict: Settled,
  compiled: CompiledPolicy,
  deps: ChainDeps,
  signal?: AbortSignal,
): Promise<{ result?: T; error?: string; changes: FileChange[] }> {
  let result: T | undefined;
  let error: string | undefined;
  let changes: FileChange[] = [];
  const mutating = MUTATING.has(call.op);
  if (mutating) await undoKeep(deps, [{ call, verdict }]);
  try {
    if (mutating && deps.snapshot) await deps.snapshot.begin(call.id, call);
    const ac = new AbortController();
    const onAbort = () => ac.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      result = await spec.handler(call, compiled.policy.limits, ac.signal);
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
  if (mutating && deps.undo) await deps.undo.kept([call], changes).catch(() => undefined);
  return { result, error, changes };
}

/** The host ran the tool: mask its output where it may be replaced, close the window, record what changed. */
async function afterHost(how: Extract<RunHow<unknown>, { hostRuns: 'after' }>, compiled: CompiledPolicy, deps: ChainDeps): Promise<CallOutcome<unknown>> {
  let result: unknown;
  let outputChanged = false;
  if (how.output !== undefined && how.maskOutput) {
    try {
      result = how.maskOutput(how.output, compiled);
    } catch {
      result = OUTPUT_WITHHELD; // what the host would show unmasked is replaced, not passed through
    }
    outputChanged = result !== undefined && JSON.stringify(result) !== JSON.stringify(how.output);
  }
  // Every call the guard acts on is in the log: an output masked, withheld or ending the task is one more
  // decision on the call, after its before-hook's record (Cline's cancel leaves no other trace).
  if (outputChanged && how.call && how.outputVerdict) {
    const now = (deps.now ?? Date.now)();
    try {
      await deps.audit(
        auditRecord({
          session: deps.session,
          call: how.call,
          verdict: { ...how.outputVerdict, decidedBy: 'rule' },
          policy: compiled.hash,
          started: now,
          durationMs: 0,
          event: 'output',
          mask: compiled.maskValue,
        }),
      );
    } catch {
      /* the answer to the host does not wait on a failed audit write */
    }
  }
  const w = how.window && deps.windows ? await deps.windows.close(how.window.key) : undefined;
  if (how.window && deps.undo) await deps.undo.kept(w?.calls, w?.changes ?? [], how.window.key).catch(() => undefined);
  const notice = undoNotice(deps, w?.calls[0]?.agent ?? how.agent);
  if (!w) {
    return {
      verdict: { decision: 'allow', rule: 'hook:after', reason: 'the host ran the tool', decidedBy: 'rule' },
      settled: [],
      result,
      changes: [],
      limited: [],
      notice,
      outputChanged,
    };
  }
  const summary = compiled.maskValue(summarizeChanges(w.changes as SnapshotChange[], { isProtected: (rel) => compiled.isProtected(rel) }));
  const verdict: Settled = { decision: 'allow', rule: 'hook:changes', reason: summary, decidedBy: 'rule' };
  const first = w.calls[0];
  const now = (deps.now ?? Date.now)();
  try {
    await deps.audit(
      auditRecord({
        session: deps.session,
        call: first,
        verdict,
        policy: compiled.hash,
        started: now,
        durationMs: now - w.openedAt,
        outcome: 'ok',
        event: 'changes',
        changes: w.changes,
        mask: compiled.maskValue,
      }),
    );
  } catch {
    /* the answer to the host does not wait on a failed audit write */
  }
  return { verdict, settled: [], result, changes: w.changes, limited: [], summary, notice, outputChanged };
}

async function settle(call: CanonicalCall, v: Settled, compiled: CompiledPolicy, deps: ChainDeps): Promise<Settled> {
  // An edit weakening tests needs its own approval: one for the path's rule does not cover it.
  const scope = v.rule.startsWith('integrity:') ? v.rule : undefined;
  if (!call.preset?.onceOnly && deps.approvals.has(call, scope)) {
    return { ...v, decision: 'allow', decidedBy: 'user', reason: `approved for this session by the user earlier; ${v.reason}` };
  }
  const c = deps.confirmer;
  if (!isConfirmer(c)) return { ...v, decision: c.ask === 'host' ? 'ask' : 'deny', decidedBy: c.decidedBy, reason: c.reason(v) };
  let preview = v.preview;
  if (!preview && deps.preview) {
    try {
      preview = await withBudget('the impact preview', 1_500, () => deps.preview!(call, v));
    } catch {
      preview = undefined; // a preview is a courtesy; its failure does not block the question
    }
  }
  const mask = compiled.maskValue;
  const subject = call.op === 'exec' ? (call.command ?? '') : call.op === 'rename' ? `${call.paths[0]} → ${call.dest}` : call.paths.join(', ');
  let answer: ConfirmAnswer;
  try {
    answer = await withBudget('the confirmation', deps.confirmTimeoutMs ?? 10 * 60_000, (signal) =>
      c.confirm({ call, verdict: v, subject: mask(subject), preview }, signal),
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
  const forSession = answer === 'session' && !call.preset?.onceOnly;
  if (forSession) deps.approvals.grant(call, scope);
  const how = answer === 'deny' ? 'denied by the user' : forSession ? 'allowed by the user for this session' : 'allowed once by the user';
  return { ...v, decision, decidedBy: 'user', reason: `${how}; ${v.reason}`, preview };
}
