// deletePath and renamePath. The path guard already judged every descendant of a directory; the handlers
// only add the ergonomics that keep a model from destroying more than it meant (a non-empty directory
// needs `recursive`, an existing destination needs `overwrite`). Test integrity: each tells the pipeline the
// files it would remove or move (and, for a rename over an existing file, what that file would then hold).
import * as fs from 'node:fs/promises';
import type { EffectsOf } from '../../core/chain';
import { ToolRefusal } from './env';
import { readForEffect, removalEffects } from './effects';
import { recheck, resolvePath } from './fsguard';
import { asObject, bool, str } from './input';
import type { GuardedTool } from './guardedTool';

export interface DeleteInput {
  path: string;
  recursive: boolean;
}
export interface DeleteResult {
  rel: string;
  kind: 'file' | 'directory' | 'link';
}

export const deletePathTool: GuardedTool<DeleteInput, DeleteResult> = {
  name: 'deletePath',
  parse(input) {
    const o = asObject(input, ['path', 'recursive']);
    return { path: str(o, 'path', {}), recursive: bool(o, 'recursive') ?? false };
  },
  toCall(input, meta) {
    return { ...meta, op: 'delete', paths: [input.path], args: input };
  },
  describe: (i) => `delete ${i.path}${i.recursive ? ' (recursive)' : ''}`,
  spec(env) {
    const effects: EffectsOf = async (call, wanted, signal) => {
      const r = resolvedOrNothing(env, call.paths[0]);
      if (!r || r.rel === '') return [];
      return removalEffects(r.abs, r.rel, undefined, wanted, signal);
    };
    return {
      effects,
      async handler(call) {
        const input = call.args as DeleteInput;
        const r = recheck(env, 'delete', call.paths[0]);
        if (r.rel === '') throw new ToolRefusal('refusing to delete the workspace folder itself');
        const st = await fs.lstat(r.abs);
        if (st.isDirectory()) {
          const n = (await fs.readdir(r.abs)).length;
          if (n > 0 && !input.recursive)
            throw new ToolRefusal(`${r.rel} is a directory with ${n} entries; set "recursive": true to delete it with everything in it`);
          await fs.rm(r.abs, { recursive: true });
          return { rel: r.rel, kind: 'directory' };
        }
        await fs.unlink(r.abs); // a symbolic link is removed itself, never its target
        return { rel: r.rel, kind: st.isSymbolicLink() ? 'link' : 'file' };
      },
    };
  },
  render: (r) => `Deleted ${r.kind} ${r.rel}.`,
};

export interface RenameInput {
  path: string;
  newPath: string;
  overwrite: boolean;
}
export interface RenameResult {
  from: string;
  to: string;
}

export const renamePathTool: GuardedTool<RenameInput, RenameResult> = {
  name: 'renamePath',
  parse(input) {
    const o = asObject(input, ['path', 'newPath', 'overwrite']);
    return { path: str(o, 'path', {}), newPath: str(o, 'newPath', {}), overwrite: bool(o, 'overwrite') ?? false };
  },
  toCall(input, meta) {
    return { ...meta, op: 'rename', paths: [input.path], dest: input.newPath, args: input };
  },
  describe: (i) => `rename ${i.path} → ${i.newPath}`,
  spec(env) {
    const effects: EffectsOf = async (call, wanted, signal) => {
      const from = resolvedOrNothing(env, call.paths[0]);
      const to = resolvedOrNothing(env, call.dest ?? '');
      if (!from || !to || from.rel === '') return [];
      const out = await removalEffects(from.abs, from.rel, to.rel, wanted, signal);
      // Over an existing file: that file's text is replaced by the source's.
      const st = await fs.lstat(from.abs).catch(() => undefined);
      if (st?.isFile() && (call.args as RenameInput).overwrite && wanted(to.rel)) {
        const [dest, src] = [readForEffect(to.abs), readForEffect(from.abs)];
        if (dest.text !== undefined || dest.unseen) {
          out.push(dest.unseen || src.unseen ? { path: to.rel, unseen: (dest.unseen ?? src.unseen)! } : { path: to.rel, before: dest.text, after: src.text });
        }
      }
      return out;
    };
    return {
      effects,
      async handler(call) {
        const input = call.args as RenameInput;
        const from = recheck(env, 'rename', call.paths[0]);
        const to = recheck(env, 'write', call.dest!);
        if (from.rel === '') throw new ToolRefusal('refusing to rename the workspace folder itself');
        const exists = await fs.lstat(to.abs).then(
          () => true,
          () => false,
        );
        if (exists && !input.overwrite) throw new ToolRefusal(`${to.rel} already exists; set "overwrite": true to replace it`);
        await fs.rename(from.abs, to.abs);
        return { from: from.rel, to: to.rel };
      },
    };
  },
  render: (r) => `Renamed ${r.from} to ${r.to}.`,
};

/** The path the engine judged, or undefined for one the engine and the handler refuse anyway. */
function resolvedOrNothing(env: Parameters<typeof resolvePath>[0], raw: string): ReturnType<typeof resolvePath> | undefined {
  try {
    return resolvePath(env, raw);
  } catch (e) {
    if (e instanceof ToolRefusal) return undefined;
    throw e;
  }
}
