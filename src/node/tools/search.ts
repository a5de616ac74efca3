// searchText: masked hits only. Candidate lines come from ripgrep (or a bounded walk without it); then each
// file is checked against the path rules (search reads only what a read may) and masked as a whole, and a
// hit survives only if the MASKED line still matches. Threat: a search is an oracle — searching for
// `AKIA…` one character at a time would reveal a secret through which queries hit, even if the hit text
// is masked. Matching the masked view closes it. Files the policy does not let agents read are never
// searched, and nothing in the reply depends on what they hold: a count of "files with matches left out"
// would answer whether a regex matches `.env`, one character of its token at a time.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Minimatch } from 'minimatch';
import { relativeTo } from '../../core/paths/normalize';
import { ToolRefusal } from './env';
import { maskFile, readableWithoutAsking, recheck } from './fsguard';
import { asObject, bool, int, str } from './input';
import type { GuardedTool } from './guardedTool';

const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_WALK_FILES = 20_000;
const MAX_LINE_CHARS = 400;
const SKIP_DIRS = new Set(['.git', 'node_modules']);

export interface SearchInput {
  query: string;
  isRegex: boolean;
  ignoreCase: boolean;
  path: string;
  include?: string;
  maxResults?: number;
}
export interface SearchHit {
  file: string;
  line: number;
  text: string;
}
export interface SearchResult {
  hits: SearchHit[];
  truncated: boolean;
  engine: 'ripgrep' | 'walk';
}

export const searchTextTool: GuardedTool<SearchInput, SearchResult> = {
  name: 'searchText',
  parse(input) {
    const o = asObject(input, ['query', 'isRegex', 'ignoreCase', 'path', 'include', 'maxResults']);
    const query = str(o, 'query', { max: 1000 });
    const isRegex = bool(o, 'isRegex') ?? false;
    if (isRegex) {
      try {
        new RegExp(query);
      } catch (e) {
        throw new ToolRefusal(`\`query\` is not a valid regular expression: ${(e as Error).message}`);
      }
    }
    return {
      query,
      isRegex,
      ignoreCase: bool(o, 'ignoreCase') ?? true,
      path: str(o, 'path', { optional: true }) ?? '.',
      include: str(o, 'include', { optional: true, max: 500 }),
      maxResults: int(o, 'maxResults', { min: 1, max: 10_000 }),
    };
  },
  toCall(input, meta) {
    return { ...meta, op: 'search', paths: [input.path], args: input };
  },
  describe: (i) => `search ${JSON.stringify(i.query)} in ${i.path}`,
  spec(env) {
    return {
      clamp(call, limits) {
        const a = call.args as SearchInput;
        if (a.maxResults !== undefined && a.maxResults > limits.maxSearchResults) {
          return { call: { ...call, args: { ...a, maxResults: limits.maxSearchResults } }, notes: [`maxResults ${a.maxResults} → ${limits.maxSearchResults}`] };
        }
        return { call, notes: [] };
      },
      async handler(call, limits, signal) {
        const input = call.args as SearchInput;
        const max = Math.min(input.maxResults ?? limits.maxSearchResults, limits.maxSearchResults);
        const root = recheck(env, 'read', call.paths[0]);
        const re = matcher(input);
        const readable = (abs: string) => readableWithoutAsking(env, abs);
        const include = input.include ? new Minimatch(input.include, { dot: true, nocase: true, matchBase: !input.include.includes('/') }) : undefined;
        let candidates: Map<string, number[]>;
        let engine: SearchResult['engine'] = 'walk';
        candidates = new Map();
        if (env.ripgrep) {
          try {
            candidates = await ripgrep(env.ripgrep, input, root.abs, max * 4, readable, signal);
            engine = 'ripgrep';
          } catch {
            candidates = new Map(); // ripgrep missing or refusing the pattern: fall back to the walk
          }
        }
        if (engine === 'walk') candidates = await walk(root.abs, re, max * 4, readable, signal);

        const hits: SearchHit[] = [];
        let truncated = false;
        for (const [abs, lines] of [...candidates.entries()].sort(([a], [b]) => a.localeCompare(b))) {
          if (signal.aborted) throw new Error('cancelled');
          const rel = relativeTo(env.workspace, abs);
          if (include && !include.match(rel)) continue;
          if (!readable(abs)) continue; // the policy changed since the search listed it
          let text: string;
          try {
            text = await readSmall(abs);
          } catch {
            continue;
          }
          const maskedLines = maskFile(env, rel, text).text.split('\n');
          for (const ln of lines) {
            const masked = maskedLines[ln - 1];
            if (masked === undefined) continue;
            re.lastIndex = 0;
            if (!re.test(masked)) continue;
            if (hits.length >= max) {
              truncated = true;
              break;
            }
            hits.push({ file: rel, line: ln, text: masked.length > MAX_LINE_CHARS ? masked.slice(0, MAX_LINE_CHARS) + '…' : masked });
          }
          if (truncated) break;
        }
        return { hits, truncated, engine };
      },
      // Hit lines were masked with their whole file above; the chain's choke point runs over them again.
      maskResult: (r, mask) => ({ ...r, hits: mask(r.hits) }),
    };
  },
  render(r) {
    const lines = r.hits.map((h) => `${h.file}:${h.line}: ${h.text}`);
    const notes: string[] = [];
    if (r.truncated) notes.push('More matches exist; narrow the query or the path.');
    // The same words whatever the hidden files hold: anything counted from their content is an oracle.
    notes.push('Files the policy does not let agents read were left out of the search.');
    if (lines.length === 0) return ['No matches.', ...notes].join('\n');
    return [`${r.hits.length} match(es):`, ...lines, ...(notes.length ? ['', ...notes] : [])].join('\n');
  },
};

function matcher(i: SearchInput): RegExp {
  const src = i.isRegex ? i.query : i.query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(src, i.ignoreCase ? 'i' : '');
}

async function readSmall(abs: string): Promise<string> {
  const st = await fs.stat(abs);
  if (!st.isFile() || st.size > MAX_FILE_BYTES) throw new Error('skip');
  const buf = await fs.readFile(abs);
  if (buf.subarray(0, 8192).includes(0)) throw new Error('binary');
  return buf.toString('utf8');
}

function ripgrep(
  bin: string,
  i: SearchInput,
  root: string,
  maxLines: number,
  readable: (abs: string) => boolean,
  signal: AbortSignal,
): Promise<Map<string, number[]>> {
  const args = ['--json', '--no-config', '--hidden', '--glob', '!.git', '--max-filesize', '2M', '--max-count', '50'];
  if (i.ignoreCase) args.push('-i');
  if (!i.isRegex) args.push('-F');
  args.push('-e', i.query, '--', root);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out = new Map<string, number[]>();
    let count = 0;
    let rest = '';
    const stop = () => child.kill('SIGKILL');
    signal.addEventListener('abort', stop, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const p of parts) {
        if (!p.startsWith('{"type":"match"')) continue;
        try {
          const m = JSON.parse(p) as { data: { path: { text?: string }; line_number: number } };
          const file = m.data.path.text;
          if (!file) continue; // a non-UTF-8 path: skip rather than guess
          const abs = path.resolve(root, file);
          // A hidden file's matches are dropped before they count toward the limit: they must not crowd
          // out readable hits, which would tell whether the hidden file matched.
          if (!out.has(abs) && !readable(abs)) continue;
          (out.get(abs) ?? out.set(abs, []).get(abs)!).push(m.data.line_number);
          if (++count >= maxLines) stop();
        } catch {
          /* a torn line when killed */
        }
      }
    });
    child.on('error', (e) => {
      signal.removeEventListener('abort', stop);
      reject(e);
    });
    child.on('close', (code, sig) => {
      signal.removeEventListener('abort', stop);
      if (signal.aborted) reject(new Error('cancelled'));
      // 0: matches, 1: none, killed by us: enough; 2: an error (a pattern ripgrep's regex rejects).
      else if (code === 0 || code === 1 || sig === 'SIGKILL') resolve(out);
      else reject(new Error(`ripgrep exited with ${code}`));
    });
  });
}

async function walk(root: string, re: RegExp, maxLines: number, readable: (abs: string) => boolean, signal: AbortSignal): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  let files = 0;
  let count = 0;
  const st = await fs.stat(root);
  const stack = st.isDirectory() ? [root] : [];
  const visit = async (abs: string) => {
    if (!readable(abs)) return; // never read what the policy hides
    let text: string;
    try {
      text = await readSmall(abs);
    } catch {
      return;
    }
    const lines = text.split('\n');
    for (let i = 0; i < lines.length && count < maxLines; i++) {
      re.lastIndex = 0;
      if (re.test(lines[i])) {
        (out.get(abs) ?? out.set(abs, []).get(abs)!).push(i + 1);
        count++;
      }
    }
  };
  if (st.isFile()) await visit(root);
  while (stack.length && count < maxLines && files < MAX_WALK_FILES) {
    if (signal.aborted) throw new Error('cancelled');
    const dir = stack.pop()!;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      // Symbolic links are not followed: one could lead out of the workspace.
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) stack.push(abs);
      } else if (e.isFile()) {
        files++;
        await visit(abs);
        if (count >= maxLines) break;
      }
    }
  }
  return out;
}
