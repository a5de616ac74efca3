// readFile and listDirectory. A read hands the model the masked view of the file: the mask runs on the
// whole text (a PEM block spans lines) before the line range is cut, in the chain's post step, so a
// failure to mask withholds the result instead of leaking it.
import * as fs from 'node:fs/promises';
import type { ToolSpec } from '../../core/chain';
import { type ToolEnv, ToolRefusal } from './env';
import { maskFile, recheck } from './fsguard';
import { asObject, int, str } from './input';
import type { GuardedTool } from './guardedTool';

/** Largest file a read loads for masking; beyond it only the first part is read (and said so). */
const READ_LOAD_CAP = 8 * 1024 * 1024;

export interface ReadInput {
  path: string;
  startLine?: number;
  endLine?: number;
}

export interface ReadResult {
  rel: string;
  text: string;
  size: number;
  /** The file was larger than what was loaded. */
  partial: boolean;
  binary: boolean;
  startLine?: number;
  endLine?: number;
  maxBytes: number;
  /** Filled by the mask step. */
  masked?: number;
  totalLines?: number;
  clipped?: boolean;
}

export const readFileTool: GuardedTool<ReadInput, ReadResult> = {
  name: 'readFile',
  parse(input) {
    const o = asObject(input, ['path', 'startLine', 'endLine']);
    const startLine = int(o, 'startLine', { min: 1 });
    const endLine = int(o, 'endLine', { min: 1 });
    if (startLine !== undefined && endLine !== undefined && endLine < startLine) throw new ToolRefusal('`endLine` must not be before `startLine`');
    return { path: str(o, 'path', {}), startLine, endLine };
  },
  toCall(input, meta) {
    return { ...meta, op: 'read', paths: [input.path], args: input };
  },
  describe: (i) => `read ${i.path}${i.startLine || i.endLine ? ` lines ${i.startLine ?? 1}-${i.endLine ?? 'end'}` : ''}`,
  spec(env: ToolEnv): ToolSpec<ReadResult> {
    return {
      async handler(call, limits) {
        const input = call.args as ReadInput;
        const r = recheck(env, 'read', call.paths[0]);
        const st = await fs.stat(r.abs);
        if (st.isDirectory()) throw new ToolRefusal(`${r.rel || '.'} is a directory; use the list tool to see what it holds`);
        if (!st.isFile()) throw new ToolRefusal(`${r.rel} is not a regular file`);
        const fh = await fs.open(r.abs, 'r');
        let buf: Buffer;
        try {
          const n = Math.min(st.size, READ_LOAD_CAP);
          buf = Buffer.alloc(n);
          const { bytesRead } = await fh.read(buf, 0, n, 0);
          buf = buf.subarray(0, bytesRead);
        } finally {
          await fh.close();
        }
        const binary = buf.subarray(0, 8192).includes(0);
        return {
          rel: r.rel,
          text: binary ? '' : buf.toString('utf8'),
          size: st.size,
          partial: st.size > buf.length,
          binary,
          startLine: input.startLine,
          endLine: input.endLine,
          maxBytes: limits.maxReadBytes,
        };
      },
      maskResult(result) {
        if (result.binary) return result;
        const m = maskFile(env, result.rel, result.text);
        const lines = m.text.split('\n');
        const total = lines.length;
        const from = Math.min(result.startLine ?? 1, total);
        const to = Math.min(result.endLine ?? total, total);
        let out = lines.slice(from - 1, to).join('\n');
        let clipped = false;
        if (Buffer.byteLength(out) > result.maxBytes) {
          // Cut at a line end so no line (and no placeholder) is cut in half.
          const cut = Buffer.from(out).subarray(0, result.maxBytes).toString('utf8');
          const nl = cut.lastIndexOf('\n');
          out = nl > 0 ? cut.slice(0, nl) : '';
          clipped = true;
        }
        return {
          ...result,
          text: out,
          masked: m.masked,
          totalLines: total,
          startLine: from,
          endLine: from - 1 + (out === '' ? 0 : out.split('\n').length),
          clipped,
        };
      },
    };
  },
  render(r) {
    if (r.binary) return `${r.rel} is a binary file (${r.size} bytes); its content is not shown.`;
    const notes: string[] = [];
    if (r.masked)
      notes.push(
        `${r.masked} secret value(s) are shown as «secret:…» placeholders. Keep a placeholder exactly as it is when you edit a line that holds one: AgentGuard puts the real value back on disk.`,
      );
    if (r.clipped) notes.push(`Output stops at line ${r.endLine} (the read limit); ask for a later range with startLine.`);
    if (r.partial) notes.push(`The file is ${r.size} bytes; only its first part was read.`);
    const head = `File ${r.rel}, lines ${r.startLine}-${r.endLine} of ${r.totalLines}:`;
    return [head, '', r.text, ...(notes.length ? ['', ...notes] : [])].join('\n');
  },
};

export interface ListInput {
  path: string;
}
export interface ListResult {
  rel: string;
  entries: string[];
  total: number;
}

export const listDirectoryTool: GuardedTool<ListInput, ListResult> = {
  name: 'listDirectory',
  parse(input) {
    const o = asObject(input ?? {}, ['path']);
    return { path: str(o, 'path', { optional: true }) ?? '.' };
  },
  toCall(input, meta) {
    return { ...meta, op: 'list', paths: [input.path], args: input };
  },
  describe: (i) => `list ${i.path}`,
  spec(env) {
    return {
      async handler(call, limits) {
        const r = recheck(env, 'read', call.paths[0]);
        const dirents = await fs.readdir(r.abs, { withFileTypes: true });
        const names = dirents.map((d) => (d.isDirectory() ? `${d.name}/` : d.isSymbolicLink() ? `${d.name}@` : d.name)).sort();
        return { rel: r.rel || '.', entries: names.slice(0, limits.maxListEntries), total: names.length };
      },
      // File names can carry a token (`backup-ghp_….txt`); they pass the same choke point.
      maskResult: (r, mask) => ({ ...r, entries: mask(r.entries) }),
    };
  },
  render(r) {
    const more = r.total > r.entries.length ? `\n… and ${r.total - r.entries.length} more (the list limit).` : '';
    return `Directory ${r.rel} (${r.total} entries; '/' marks a directory, '@' a symbolic link):\n${r.entries.join('\n')}${more}`;
  },
};
