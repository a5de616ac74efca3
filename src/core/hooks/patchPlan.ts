// apply_patch (VS Code, Cline) → canonical calls: adds and updates are writes, deletes are deletes, a move
// is a delete of the source plus a write of the destination (hook-protocols.md §5).
import { collect, draft } from './common';
import { parseApplyPatch } from './patch';
import type { DraftCall, HookEnvelope, HookPlan } from './types';

export function patchPlan(env: HookEnvelope, text: unknown, base: string | undefined): HookPlan {
  const parsed = parseApplyPatch(text);
  if (!parsed.ok) {
    return {
      kind: 'fixed',
      call: draft(env, 'write', [], {}),
      verdict: {
        decision: 'deny',
        rule: 'hook:patch-unparsable',
        reason: `AgentGuard cannot tell which files this patch touches (${parsed.error}); send a well-formed patch with one "*** Add/Update/Delete File:" header per file.`,
      },
    };
  }
  const writes: (string | undefined)[] = [];
  const deletes: (string | undefined)[] = [];
  for (const e of parsed.effects) {
    if (e.op === 'delete') deletes.push(e.path);
    else if (e.op === 'move') {
      deletes.push(e.path);
      writes.push(e.dest);
    } else writes.push(e.path);
  }
  const w = collect(writes, base);
  const d = collect(deletes, base);
  const problem = w.problem ?? d.problem;
  if (problem) {
    return {
      kind: 'fixed',
      call: draft(env, 'write', [], {}),
      verdict: { decision: 'deny', rule: 'hook:unjudgeable-path', reason: `AgentGuard cannot check a path in this patch: ${problem}` },
    };
  }
  const calls: DraftCall[] = [];
  if (w.paths.length) calls.push(draft(env, 'write', w.paths, { content: typeof text === 'string' ? text : undefined }));
  if (d.paths.length) calls.push(draft(env, 'delete', d.paths));
  return { kind: 'calls', calls };
}
