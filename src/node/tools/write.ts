// writeFile (create or overwrite) and editFile (exact string replacement). Placeholder integrity: the model
// only ever saw masked text, so what it writes back may carry `«secret:…»` placeholders. They are turned
// back into the real values from the file on disk; a placeholder that cannot be restored (it names a
// secret this file does not hold) refuses the write. A placeholder never reaches the disk: it would
// silently destroy the real credential (and a later read would mask nothing, hiding that it happened).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { restoreFor } from './placeholders';
import { secrets, type ToolEnv, ToolRefusal } from './env';
import { maskFile, recheck } from './fsguard';
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
    return {
      async handler(call) {
        const input = call.args as WriteInput;
        const r = recheck(env, 'write', call.paths[0]);
        const original = await readIfExists(r.abs);
        if (original !== undefined && !input.overwrite) {
          throw new ToolRefusal(`${r.rel} already exists; use the edit tool to change part of it, or set "overwrite": true to replace it`);
        }
        let text = input.content;
        let restored = 0;
        if (secrets().containsPlaceholder(text)) {
          if (original === undefined) {
            throw new ToolRefusal(
              'the content holds a «secret:…» placeholder, but there is no existing file to restore it from; write the name of an environment variable instead of the secret',
            );
          }
          ({ text, restored } = restoreFor(env, r.rel, text, original));
        }
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
    return {
      async handler(call) {
        const input = call.args as EditInput;
        const r = recheck(env, 'write', call.paths[0]);
        const original = await readIfExists(r.abs);
        if (original === undefined) throw new ToolRefusal(`${r.rel} does not exist; use the write tool to create it`);
        let oldRaw = input.oldString;
        let newRaw = input.newString;
        let restored = 0;
        // The model copied oldString from the masked view: map its placeholders back to the real text.
        if (secrets().containsPlaceholder(oldRaw)) oldRaw = restoreFor(env, r.rel, oldRaw, original).text;
        if (secrets().containsPlaceholder(newRaw)) ({ text: newRaw, restored } = restoreFor(env, r.rel, newRaw, original));
        const count = countOccurrences(original, oldRaw);
        if (count === 0) {
          const inMasked = countOccurrences(maskFile(env, r.rel, original).text, input.oldString);
          throw new ToolRefusal(
            inMasked > 0
              ? `oldString was not found in ${r.rel} after restoring its placeholders; read the file again and copy the text exactly`
              : `oldString was not found in ${r.rel}; read the file again (it may have changed) and copy the text exactly, including whitespace`,
          );
        }
        if (count > 1 && !input.replaceAll) {
          throw new ToolRefusal(`oldString occurs ${count} times in ${r.rel}; include more surrounding lines so it is unique, or set "replaceAll": true`);
        }
        const updated = input.replaceAll ? original.split(oldRaw).join(newRaw) : original.replace(oldRaw, () => newRaw);
        await fs.writeFile(r.abs, updated, 'utf8');
        return { rel: r.rel, replacements: input.replaceAll ? count : 1, restored };
      },
    };
  },
  render: (r) =>
    `Edited ${r.rel}: ${r.replacements} replacement(s).${r.restored ? ` ${r.restored} placeholder(s) were restored to the real values on disk.` : ''}`,
};

function countOccurrences(hay: string, needle: string): number {
  if (needle === '') return 0;
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}
