// writeFile (create or overwrite) and editFile (exact string replacement). Placeholder integrity: the model
// only ever saw masked text, so what it writes back may carry `«secret:…»` placeholders. They are turned
// back into the real values from the file on disk; a placeholder that cannot be restored (it names a
// secret this file does not hold) refuses the write. A placeholder never reaches the disk: it would
// silently destroy the real credential (and a later read would mask nothing, hiding that it happened).
// Test integrity: each tool tells the pipeline what the file would hold after the call (`effects`, computed
// by the same function the handler writes with), and the handler writes only if the file is still what was
// judged — an edit approved (or found harmless) against one text is never applied to another.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { EffectsOf } from '../../core/chain';
import type { FileEffect } from '../../core/integrity/step';
import { restoreFor } from './placeholders';
import { secrets, type ToolEnv, ToolRefusal } from './env';
import { readForEffect } from './effects';
import { maskFile, recheck, resolvePath } from './fsguard';
import { asObject, bool, MAX_CONTENT_CHARS, str } from './input';
import type { GuardedTool } from './guardedTool';

export interface WriteInput {
  path: string;
  content: string;
  overwrite: boolean;
}
export interface WriteResult {
  rel: string;
  created: boolean;
  bytes: number;
  restored: number;
}

async function readIfExists(abs: string): Promise<string | undefined> {
  try {
    return await fs.readFile(abs, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** The file's text when its effect was judged; null: it could not be read then. */
type Judged = { abs: string; before: string | undefined | null } | undefined;

/**
 * The effects of a one-file write, from `result(original)` (the text the handler would write, or a
 * ToolRefusal it would raise). Remembers what was judged in `judged` for the handler's check.
 */
function oneFileEffects(
  env: ToolEnv,
  result: (rel: string, original: string | undefined, call: Parameters<EffectsOf>[0]) => string,
  judged: { v: Judged },
): EffectsOf {
  return async (call, wanted) => {
    let r;
    try {
      r = resolvePath(env, call.paths[0]);
    } catch (e) {
      if (e instanceof ToolRefusal) return []; // the engine or the handler refuses it
      throw e;
    }
    if (!wanted(r.rel)) return [];
    let now: { text?: string; unseen?: string };
    try {
      now = readForEffect(r.abs);
    } catch {
      // Unreadable now (a folder, no permission): the handler reads it first and fails the same way; should
      // it read something after all, that text was not judged and nothing is written.
      judged.v = { abs: r.abs, before: null };
      return [];
    }
    // Too large to compare: asked as unseen; the person approves a write they cannot see the diff of.
    if (now.unseen) return [{ path: r.rel, unseen: now.unseen }];
    judged.v = { abs: r.abs, before: now.text };
    let after: string;
    try {
      after = result(r.rel, now.text, call);
    } catch (e) {
      if (e instanceof ToolRefusal) return []; // the handler refuses it with the same words
      throw e;
    }
    const effect: FileEffect = { path: r.rel, before: now.text, after };
    return [effect];
  };
}

/** In the handler: the file must still hold the text its effect was judged on. */
function stillAsJudged(judged: Judged, abs: string, rel: string, original: string | undefined): void {
  if (judged && (judged.abs !== abs || judged.before !== original)) {
    throw new ToolRefusal(`${rel} changed after AgentGuard checked this edit, so nothing was written; read the file again and redo the change`);
  }
}

/** The text writeFile leaves: the content, its placeholders restored from the file on disk. */
function writeResult(env: ToolEnv, rel: string, input: WriteInput, original: string | undefined): { text: string; restored: number } {
  if (original !== undefined && !input.overwrite) {
    throw new ToolRefusal(`${rel} already exists; use the edit tool to change part of it, or set "overwrite": true to replace it`);
  }
  if (!secrets().containsPlaceholder(input.content)) return { text: input.content, restored: 0 };
  if (original === undefined) {
    throw new ToolRefusal(
      'the content holds a «secret:…» placeholder, but there is no existing file to restore it from; write the name of an environment variable instead of the secret',
    );
  }
  return restoreFor(env, rel, input.content, original);
}

export const writeFileTool: GuardedTool<WriteInput, WriteResult> = {
  name: 'writeFile',
  parse(input) {
    const o = asObject(input, ['path', 'content', 'overwrite']);
    return { path: str(o, 'path', {}), content: str(o, 'content', { allowEmpty: true, max: MAX_CONTENT_CHARS }), overwrite: bool(o, 'overwrite') ?? false };
  },
  toCall(input, meta) {
    return { ...meta, op: 'write', paths: [input.path], content: input.content, args: input };
  },
  describe: (i) => `${i.overwrite ? 'write' : 'create'} ${i.path}`,
  spec(env: ToolEnv) {
    const judged: { v: Judged } = { v: undefined };
    return {
      effects: oneFileEffects(env, (rel, original, call) => writeResult(env, rel, call.args as WriteInput, original).text, judged),
      async handler(call) {
        const input = call.args as WriteInput;
        const r = recheck(env, 'write', call.paths[0]);
        const original = await readIfExists(r.abs);
        stillAsJudged(judged.v, r.abs, r.rel, original);
        const { text, restored } = writeResult(env, r.rel, input, original);
        await fs.mkdir(path.dirname(r.abs), { recursive: true });
        await fs.writeFile(r.abs, text, 'utf8');
        return { rel: r.rel, created: original === undefined, bytes: Buffer.byteLength(text), restored };
      },
    };
  },
  render: (r) =>
    `${r.created ? 'Created' : 'Overwrote'} ${r.rel} (${r.bytes} bytes).${r.restored ? ` ${r.restored} placeholder(s) were restored to the real values on disk.` : ''}`,
};

export interface EditInput {
  path: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
}
export interface EditResult {
  rel: string;
  replacements: number;
  restored: number;
}

export const editFileTool: GuardedTool<EditInput, EditResult> = {
  name: 'editFile',
  parse(input) {
    const o = asObject(input, ['path', 'oldString', 'newString', 'replaceAll']);
    const oldString = str(o, 'oldString', { max: MAX_CONTENT_CHARS });
    const newString = str(o, 'newString', { allowEmpty: true, max: MAX_CONTENT_CHARS });
    if (oldString === newString) throw new ToolRefusal('`oldString` and `newString` are the same; nothing would change');
    return { path: str(o, 'path', {}), oldString, newString, replaceAll: bool(o, 'replaceAll') ?? false };
  },
  toCall(input, meta) {
    return { ...meta, op: 'write', paths: [input.path], content: input.newString, args: input };
  },
  describe: (i) => `edit ${i.path}`,
  spec(env) {
    const judged: { v: Judged } = { v: undefined };
    return {
      effects: oneFileEffects(env, (rel, original, call) => editResult(env, rel, call.args as EditInput, original).text, judged),
      async handler(call) {
        const input = call.args as EditInput;
        const r = recheck(env, 'write', call.paths[0]);
        const original = await readIfExists(r.abs);
        stillAsJudged(judged.v, r.abs, r.rel, original);
        const { text, replacements, restored } = editResult(env, r.rel, input, original);
        await fs.writeFile(r.abs, text, 'utf8');
        return { rel: r.rel, replacements, restored };
      },
    };
  },
  render: (r) =>
    `Edited ${r.rel}: ${r.replacements} replacement(s).${r.restored ? ` ${r.restored} placeholder(s) were restored to the real values on disk.` : ''}`,
};

/** The text editFile leaves: the replacement applied, placeholders on both sides mapped back to the real text. */
function editResult(env: ToolEnv, rel: string, input: EditInput, original: string | undefined): { text: string; replacements: number; restored: number } {
  if (original === undefined) throw new ToolRefusal(`${rel} does not exist; use the write tool to create it`);
  let oldRaw = input.oldString;
  let newRaw = input.newString;
  let restored = 0;
  // The model copied oldString from the masked view: map its placeholders back to the real text.
  if (secrets().containsPlaceholder(oldRaw)) oldRaw = restoreFor(env, rel, oldRaw, original).text;
  if (secrets().containsPlaceholder(newRaw)) ({ text: newRaw, restored } = restoreFor(env, rel, newRaw, original));
  const count = countOccurrences(original, oldRaw);
  if (count === 0) {
    const inMasked = countOccurrences(maskFile(env, rel, original).text, input.oldString);
    throw new ToolRefusal(
      inMasked > 0
        ? `oldString was not found in ${rel} after restoring its placeholders; read the file again and copy the text exactly`
        : `oldString was not found in ${rel}; read the file again (it may have changed) and copy the text exactly, including whitespace`,
    );
  }
  if (count > 1 && !input.replaceAll) {
    throw new ToolRefusal(`oldString occurs ${count} times in ${rel}; include more surrounding lines so it is unique, or set "replaceAll": true`);
  }
  const text = input.replaceAll ? original.split(oldRaw).join(newRaw) : original.replace(oldRaw, () => newRaw);
  // An edit may not take a secret of the file out of masking (a renamed key, with or without its placeholder:
  // secretsUnmaskedBy), judged on the text it writes, placeholders restored.
  if (env.compiled().secretsUnmaskedBy(rel, original, text).length > 0)
    throw new ToolRefusal(
      `nothing was written to ${rel}: it holds a secret that this edit would leave outside masking (its key or the text around it changes so that it no longer reads as a secret). Keep the secret's line as it is, or ask the user to make this change`,
    );
  return { text, replacements: input.replaceAll ? count : 1, restored };
}

function countOccurrences(hay: string, needle: string): number {
  if (needle === '') return 0;
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}
