// The handler side of the path rules. The engine decided on the path as written and its realpath; the
// handler then acts on the same normalised path and, right before touching the disk, decides again: a
// symlink swapped in between the decision and the I/O (a TOCTOU race) must not carry a write out of the
// workspace or onto a protected file. The guard and the masker are the compiled policy's own.
import { normalizePath, relativeTo } from '../../core/paths/normalize';
import type { PathOp } from '../../core/types';
import { nodeFsProbe } from '../fsProbe';
import { type ToolEnv, ToolRefusal } from './env';

export interface Resolved {
  abs: string;
  /** Workspace-relative POSIX path ('' for the root). */
  rel: string;
}

/** The absolute path the engine judged for `raw`, or a refusal. */
export function resolvePath(env: ToolEnv, raw: string, cwd?: string): Resolved {
  const n = normalizePath(raw, { workspace: env.workspace, home: env.home, cwd });
  if (!n.ok) throw new ToolRefusal(`refused path ${JSON.stringify(raw)}: ${n.reason}`);
  return { abs: n.abs, rel: relativeTo(env.workspace, n.abs) };
}

/** Decide again just before the I/O; anything but allow stops the handler. */
export function recheck(env: ToolEnv, op: PathOp, raw: string): Resolved {
  const r = resolvePath(env, raw);
  const v = env.compiled().paths.decide(op, raw, { workspace: env.workspace, home: env.home }, nodeFsProbe);
  // `ask` was settled by a person before the handler ran; only a deny that appeared since stops it.
  if (v.decision === 'deny') throw new ToolRefusal(`the path changed while the call was waiting (${v.reason}); nothing was done`);
  return r;
}

/** May the search tool look inside this file? Search only reads what a read would be allowed to. */
export function readableWithoutAsking(env: ToolEnv, abs: string): boolean {
  const v = env.compiled().paths.decide('read', abs, { workspace: env.workspace, home: env.home }, nodeFsProbe);
  return v.decision === 'allow';
}

/** Mask a file's text for the model, honouring the policy's allow-listed paths. */
export function maskFile(env: ToolEnv, rel: string, text: string): { text: string; masked: number } {
  return env.compiled().maskFile(rel, text);
}
