// Reverting what calls did: plan (per path: what the revert would put back, what is there now, what the
// reverted call left) and apply (what the person chose). A path is restored without asking only where it
// still holds exactly what the call left; anything else is a conflict the person decides, file by file.
// What the guard never had (a file over the cap, a change no guarded call made, an effect only the running
// command knew) is listed as not revertible, with the reason — never skipped in silence.
//
// A revert is itself a call, made by the person: its own prior content is kept first (so it can be reverted
// in turn), the snapshot charges its changes to it, it is recorded through the one audit builder, and the
// agents whose calls it took back are told so with whatever they receive next (keeper.ts, notice()).
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { auditRecord, type FileChange as AuditChange } from '../../core/audit';
import type { SnapshotHooks } from '../../core/chain';
import { UNATTRIBUTED, type FileChange, type ManifestEntry } from '../../core/snapshot/types';
import type { CanonicalCall } from '../../core/types';
import { describeState, type PathState, sameState, type UndoRecord } from '../../core/undo/types';
import type { GuardService } from '../guardService';
import { chmodDir, ensureDir, removeAt, RevertBlocked, symlinkAt, writeFileAt } from './fsops';
import { readBlobs } from './git';
import { observe, type UndoKeeper } from './keeper';
import { sha256 } from './store';

/** Who a revert is recorded as: a person, from the panel. */
export const PERSON = { agent: 'user', channel: 'user' as const, tool: 'agentguard.revert' };

export type ItemStatus = 'ready' | 'conflict' | 'unrevertible';

export interface RevertItem {
  path: string;
  status: ItemStatus;
  /** What the revert puts back (absent: remove what the call created). */
  target: PathState | undefined;
  /** What is there now. */
  current: PathState;
  /** What the reverted call left, when known. */
  left?: PathState;
  /** Why it is a conflict, or why it cannot be reverted. */
  reason?: string;
  /** The calls whose change this undoes. */
  calls: string[];
  /** Where `target`'s content comes from, for the diff view: the record holding it. */
  from?: { session: string; callId: string };
}

export interface RevertPlan {
  kind: 'call' | 'session';
  session: string;
  calls: { callId: string; agent: string; channel: string; tool: string; what: string }[];
  items: RevertItem[];
}

/** What a session revert needs from the workspace snapshot (src/node/snapshot): its baseline and diff. */
export interface SessionView {
  changes: readonly FileChange[];
  baselineEntry(rel: string): ManifestEntry | undefined;
  baselineContent(rel: string): Promise<Buffer | undefined>;
}

const HASH_BYTES = 64 << 20;

/** The plan to revert one call (or several: a revert of all a tool call's parts). */
export function planCallRevert(workspace: string, recs: readonly UndoRecord[]): RevertPlan {
  const items: RevertItem[] = [];
  for (const rec of recs) {
    const changed = rec.after ? Object.keys(rec.after) : Object.keys(rec.prior);
    for (const rel of changed) {
      if (items.some((i) => i.path === rel)) continue;
      const target = rec.prior[rel];
      const left = rec.after?.[rel];
      const current = observe(path.join(workspace, rel), HASH_BYTES);
      items.push(judge(rel, target, current, left, [rec.callId], rec, rec.after ? undefined : 'AgentGuard was never told this call ended'));
    }
  }
  return { kind: 'call', session: recs[0]?.session ?? '', calls: recs.map(callInfo), items: order(items) };
}

/**
 * The plan to take the workspace back to its state at session start, for every path the session changed:
 * the calls' records (the earliest prior of each path is its state before the session's first call that
 * changed it) and the snapshot's diff (changes no call made, restored from the baseline's content).
 */
export async function planSessionRevert(workspace: string, session: string, recs: readonly UndoRecord[], view?: SessionView): Promise<RevertPlan> {
  const sorted = [...recs].sort((a, b) => a.time - b.time);
  const firstPrior = new Map<string, { state: PathState; rec: UndoRecord }>();
  const lastAfter = new Map<string, { state: PathState; rec: UndoRecord }>();
  const byPath = new Map<string, string[]>();
  for (const rec of sorted) {
    for (const rel of Object.keys(rec.after ?? rec.prior)) {
      const p = rec.prior[rel];
      if (p && !firstPrior.has(rel)) firstPrior.set(rel, { state: p, rec });
      const a = rec.after?.[rel];
      if (a) lastAfter.set(rel, { state: a, rec });
      byPath.set(rel, [...(byPath.get(rel) ?? []), rec.callId]);
    }
  }
  const diff = new Map((view?.changes ?? []).map((c) => [c.path, c]));
  const paths = new Set<string>([...byPath.keys(), ...diff.keys()]);
  const items: RevertItem[] = [];
  for (const rel of paths) {
    const current = observe(path.join(workspace, rel), HASH_BYTES);
    const d = diff.get(rel);
    const firstCall = d?.callIds[0];
    let target = firstPrior.get(rel)?.state;
    let from = firstPrior.get(rel)?.rec;
    // Changed outside any guarded call before a call kept it: the session-start state is the baseline's.
    if (view && d && (firstCall === UNATTRIBUTED || target === undefined)) {
      const base = view.baselineEntry(rel);
      if (!base) target = { k: 'absent' };
      else if (base.kind === 'file') {
        const bytes = await view.baselineContent(rel);
        target =
          bytes !== undefined
            ? { k: 'file', mode: current.k === 'file' ? current.mode : 0o644, size: bytes.length, hash: sha256(bytes), src: { baseline: rel } }
            : {
                k: 'file',
                mode: 0o644,
                size: base.size,
                src: { none: 'changed outside any guarded call, and AgentGuard kept no copy of it (binary, too large or protected)' },
              };
      } else if (base.kind === 'link') target = { k: 'link', target: base.linkTarget ?? '' };
      from = undefined;
    }
    const last = lastAfter.get(rel);
    // The last change was not a call's (the person, an unguarded tool): never overwritten without a choice.
    const personAfter = d?.callIds.includes(UNATTRIBUTED) && (last === undefined || d.callIds.at(-1) === UNATTRIBUTED);
    const item = judge(rel, target, current, personAfter ? undefined : last?.state, byPath.get(rel) ?? [UNATTRIBUTED], from, undefined);
    if (personAfter && item.status !== 'unrevertible' && !sameState(item.target, item.current)) {
      item.status = 'conflict';
      item.reason = 'changed outside any guarded call (by you, or a tool AgentGuard does not see): keep it, or take it back to the session start';
    }
    items.push(item);
  }
  return {
    kind: 'session',
    session,
    calls: sorted.map(callInfo),
    items: order(items).filter((i) => !(i.status === 'ready' && sameState(i.target, i.current))),
  };
}

function judge(
  rel: string,
  target: PathState | undefined,
  current: PathState,
  left: PathState | undefined,
  calls: string[],
  from: UndoRecord | undefined,
  noLeft: string | undefined,
): RevertItem {
  const base = { path: rel, target, current, ...(left ? { left } : {}), calls, ...(from ? { from: { session: from.session, callId: from.callId } } : {}) };
  if (target === undefined) {
    const why = from?.unknown?.length
      ? `its prior content was never kept: the command's effect on it was only known when it ran (${from.unknown.slice(0, 2).join('; ')})`
      : from?.cut
        ? `its prior content was not kept: ${from.cut}`
        : 'its prior content was never kept: AgentGuard did not see that the call would change it';
    return { ...base, status: 'unrevertible', reason: why };
  }
  if (target.k === 'file' && target.src && 'none' in target.src) return { ...base, status: 'unrevertible', reason: target.src.none };
  if (target.k === 'other') return { ...base, status: 'unrevertible', reason: 'it was a special file (a FIFO, socket or device)' };
  if (sameState(target, current)) return { ...base, status: 'ready' }; // already as it was: nothing to do
  if (left === undefined) {
    return { ...base, status: 'conflict', reason: `${noLeft ?? 'what the call left is not known'}: it now holds ${describeState(current)}` };
  }
  if (sameState(left, current)) return { ...base, status: 'ready' };
  return {
    ...base,
    status: 'conflict',
    reason: `changed since the call: the call left ${describeState(left)}, it now holds ${describeState(current)}${current.k === 'file' && left.k === 'file' && current.size === left.size ? ' (different content)' : ''}`,
  };
}

function order(items: RevertItem[]): RevertItem[] {
  return items.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function callInfo(r: UndoRecord): RevertPlan['calls'][number] {
  return { callId: r.callId, agent: r.agent, channel: r.channel, tool: r.tool, what: r.what };
}

// ---- applying ----------------------------------------------------------------------------------

export interface RevertResult {
  callId: string;
  restored: string[];
  removed: string[];
  /** Conflicts the person kept, items not revertible, paths that moved while the revert ran. */
  skipped: { path: string; why: string }[];
  failed: { path: string; why: string }[];
}

export interface ApplyDeps {
  service: GuardService;
  keeper: UndoKeeper;
  /** The snapshot hooks, so the revert's own changes are charged to it. */
  snapshot?: SnapshotHooks;
  /** Content of a baseline path (session reverts of changes no call made). */
  baselineContent?(rel: string): Promise<Buffer | undefined>;
  /** Who, for the record: the person at the panel. */
  who?: string;
}

/**
 * Apply `plan`: every ready item, and the conflicts the person chose (`take`). Re-checks each path right
 * before touching it: a file that moved since the plan was made is skipped, not overwritten.
 */
export async function applyRevert(plan: RevertPlan, take: ReadonlySet<string>, deps: ApplyDeps): Promise<RevertResult> {
  const { service, keeper } = deps;
  const ws = service.opts.workspace;
  const store = keeper.store;
  const chosen = plan.items.filter((i) => (i.status === 'ready' && !sameState(i.target, i.current)) || (i.status === 'conflict' && take.has(i.path)));
  const result: RevertResult = { callId: `revert-${randomUUID()}`, restored: [], removed: [], skipped: [], failed: [] };
  for (const i of plan.items) {
    if (i.status === 'unrevertible') result.skipped.push({ path: i.path, why: i.reason ?? 'not revertible' });
    else if (i.status === 'conflict' && !take.has(i.path)) result.skipped.push({ path: i.path, why: `kept as it is: ${i.reason ?? 'a conflict'}` });
  }
  const reverted = plan.calls.map((c) => c.callId);
  const call: CanonicalCall = {
    id: result.callId,
    op: 'write',
    paths: chosen.map((i) => i.path),
    agent: deps.who ?? PERSON.agent,
    channel: PERSON.channel,
    tool: PERSON.tool,
    args: { revert: plan.kind, calls: reverted.slice(0, 200), paths: chosen.map((i) => i.path).slice(0, 500), files: chosen.length },
  };
  const started = Date.now();
  // Its own prior content first: a revert can be reverted.
  await keeper.keep(call, { decision: 'allow', rule: 'undo:revert', reason: '' });
  try {
    await deps.snapshot?.begin(call.id, call);
  } catch {
    /* attribution is best effort */
  }

  // Content: seal staged links of the records involved, then read objects and git blobs (each verified).
  const recs = new Map<string, UndoRecord>();
  for (const i of chosen) {
    if (!i.from || recs.has(i.from.callId)) continue;
    const r = store.readRecord(i.from.session, i.from.callId);
    if (r) {
      keeper.seal(r, true);
      recs.set(r.callId, store.readRecord(r.session, r.callId) ?? r);
    }
  }
  const targetOf = (i: RevertItem): PathState | undefined => (i.from ? recs.get(i.from.callId)?.prior[i.path] : undefined) ?? i.target;
  const gitWant = new Map<string, Set<string>>();
  for (const i of chosen) {
    const t = targetOf(i);
    if (t?.k === 'file' && t.src && 'git' in t.src) gitWant.set(t.src.repo, (gitWant.get(t.src.repo) ?? new Set()).add(t.src.git));
  }
  const blobs = new Map<string, Buffer>();
  for (const [repo, ids] of gitWant) {
    try {
      for (const [id, b] of await readBlobs(repo, [...ids])) blobs.set(id, b);
    } catch {
      /* each missing blob is reported per file below */
    }
  }
  const dirModes = new Map<string, number>();
  for (const i of plan.items) {
    const t = targetOf(i);
    if (t?.k === 'dir') dirModes.set(i.path, t.mode);
  }
  for (const r of recs.values()) for (const [rel, s] of Object.entries(r.prior)) if (s.k === 'dir' && !dirModes.has(rel)) dirModes.set(rel, s.mode);
  const modeOf = (rel: string) => dirModes.get(rel);

  const stillAsPlanned = (i: RevertItem): boolean =>
    sameState(observe(path.join(ws, i.path), HASH_BYTES), i.current) || (i.current.k === 'dir' && observe(path.join(ws, i.path), 0).k === 'dir');
  const byDepth = (a: RevertItem, b: RevertItem) => a.path.split('/').length - b.path.split('/').length;
  const puts = chosen.filter((i) => targetOf(i)?.k !== 'absent').sort(byDepth);
  const removes = chosen.filter((i) => targetOf(i)?.k === 'absent').sort((a, b) => -byDepth(a, b));

  for (const i of puts) {
    const t = targetOf(i)!;
    if (!stillAsPlanned(i)) {
      result.skipped.push({ path: i.path, why: 'it changed while the revert ran; left as it is' });
      continue;
    }
    try {
      if (t.k === 'dir') {
        if (i.current.k !== 'dir') ensureDir(ws, i.path, modeOf);
        result.restored.push(i.path);
      } else if (t.k === 'link') {
        symlinkAt(ws, i.path, t.target, modeOf);
        result.restored.push(i.path);
      } else if (t.k === 'file') {
        const bytes = await contentOf(t, i.path, store, blobs, deps.baselineContent);
        if (bytes === undefined) {
          result.failed.push({ path: i.path, why: 'the kept copy is missing or damaged (it no longer matches its hash); nothing was written' });
          continue;
        }
        if (i.current.k === 'dir') throw new RevertBlocked(`${i.path} is a folder now`);
        writeFileAt(ws, i.path, bytes, t.mode, modeOf);
        result.restored.push(i.path);
      }
    } catch (e) {
      result.failed.push({ path: i.path, why: (e as Error).message });
    }
  }
  for (const i of removes) {
    if (!stillAsPlanned(i)) {
      result.skipped.push({ path: i.path, why: 'it changed while the revert ran; left as it is' });
      continue;
    }
    try {
      const r = removeAt(ws, i.path);
      if (r === 'removed') result.removed.push(i.path);
      else if (r === 'kept-nonempty')
        result.skipped.push({ path: i.path, why: 'a folder that now holds files the reverted calls did not make; left in place' });
    } catch (e) {
      result.failed.push({ path: i.path, why: (e as Error).message });
    }
  }
  // Folder modes last (deepest first): a folder restored read-only would refuse the files put into it.
  for (const i of [...puts].reverse()) {
    const t = targetOf(i);
    if (t?.k !== 'dir' || result.failed.some((f) => f.path === i.path)) continue;
    try {
      chmodDir(ws, i.path, t.mode);
    } catch {
      /* the folder is there; its mode is a detail the next revert can fix */
    }
  }

  let changes: AuditChange[] = [];
  try {
    changes = (await deps.snapshot?.end(call.id, call)) ?? [];
  } catch {
    changes = [];
  }
  const touched = [...result.restored, ...result.removed];
  const snapshotSaw = new Set(changes.map((c) => c.path));
  // Paths the snapshot does not track (build/ and other ignored folders) are still the revert's changes.
  const all: AuditChange[] = [
    ...changes,
    ...touched.filter((p) => !snapshotSaw.has(p)).map((p) => ({ path: p, kind: result.removed.includes(p) ? ('deleted' as const) : ('modified' as const) })),
  ];
  await keeper.kept([call], all);

  const compiled = service.compiled;
  const reason =
    `reverted by the user from the AgentGuard panel: ${plan.kind === 'session' ? 'the session' : plan.calls.map((c) => `${c.tool} ${c.what}`).join('; ')} — ` +
    `${result.restored.length} restored, ${result.removed.length} removed, ${result.skipped.length} left as they are, ${result.failed.length} failed`;
  try {
    await service.audit.append(
      auditRecord({
        session: service.session,
        call,
        verdict: { decision: 'allow', rule: 'undo:revert', reason, decidedBy: 'user' },
        policy: compiled.hash,
        started,
        durationMs: Date.now() - started,
        outcome: result.failed.length ? 'error' : 'ok',
        ...(result.failed.length ? { error: result.failed.map((f) => `${f.path}: ${f.why}`).join('; ') } : {}),
        changes: all,
        mask: compiled.maskValue,
      }),
    );
  } catch {
    /* the revert happened; a failed audit write is the writer's to report */
  }

  // The agents whose calls were taken back hear about it with whatever they receive next.
  if (touched.length > 0) {
    const byAgent = new Map<string, RevertPlan['calls']>();
    for (const c of plan.calls) {
      if (c.channel === PERSON.channel) continue;
      byAgent.set(c.agent, [...(byAgent.get(c.agent) ?? []), c]);
    }
    for (const [agent, calls] of byAgent) {
      const mine = new Set(calls.map((c) => c.callId));
      const paths = plan.items.filter((i) => touched.includes(i.path) && i.calls.some((id) => mine.has(id))).map((i) => i.path);
      if (paths.length === 0 && plan.kind !== 'session') continue;
      store.addNotice({
        id: `${Date.now()}-${randomUUID()}`,
        agent,
        time: Date.now(),
        calls: calls.map((c) => ({ callId: c.callId, tool: c.tool, what: c.what })),
        paths,
        ...(plan.kind === 'session' ? { session: true } : {}),
      });
    }
    // The reverted calls' records say by which revert (the panel shows it).
    for (const c of plan.calls) {
      const r = store.readRecord(plan.session, c.callId) ?? store.findRecord(c.callId);
      if (!r) continue;
      r.revertedBy = [...(r.revertedBy ?? []), result.callId];
      store.writeRecord(r);
    }
  }
  return result;
}

async function contentOf(
  t: Extract<PathState, { k: 'file' }>,
  rel: string,
  store: UndoKeeper['store'],
  blobs: ReadonlyMap<string, Buffer>,
  baseline: ApplyDeps['baselineContent'],
): Promise<Buffer | undefined> {
  const src = t.src;
  if (!src || 'none' in src) return undefined;
  let bytes: Buffer | undefined;
  if ('obj' in src) bytes = store.readObject(src.obj);
  else if ('baseline' in src) bytes = await baseline?.(src.baseline);
  else if ('git' in src) bytes = blobs.get(src.git);
  else if ('staged' in src) bytes = store.readStaged(src.staged, t.size);
  if (bytes === undefined || bytes.length !== t.size) return undefined;
  if (t.hash && sha256(bytes) !== t.hash) return undefined;
  return bytes;
}

/** The content a revert would put at `rel` (the diff view's left side), or undefined. */
export async function targetContent(
  item: RevertItem,
  keeper: UndoKeeper,
  baseline?: (rel: string) => Promise<Buffer | undefined>,
): Promise<Buffer | undefined> {
  let t = item.target;
  if (item.from) {
    const r = keeper.store.readRecord(item.from.session, item.from.callId);
    if (r) t = r.prior[item.path] ?? t;
  }
  if (t?.k !== 'file') return t?.k === 'absent' ? Buffer.alloc(0) : undefined;
  const blobs = new Map<string, Buffer>();
  if (t.src && 'git' in t.src) {
    try {
      for (const [id, b] of await readBlobs(t.src.repo, [t.src.git])) blobs.set(id, b);
    } catch {
      /* below: undefined */
    }
  }
  return contentOf(t, item.path, keeper.store, blobs, baseline);
}
