// The workspace's secret values, for the after-hook's known-secret matcher (core/secrets/known.ts): the values
// of the files the policy denies reading (`.env`, `secrets/**`, credential files) and the values the masker
// masks in the workspace's other files (a token in src/config.ts). Bounded (files, bytes, folders skipped) and
// kept per file by size and mtime, in memory only: the values are never written anywhere.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CompiledPolicy } from '../../core/compiledPolicy';
import type { KnownSecrets } from '../../core/secrets/known';

const MAX_FILES = 3000;
const MAX_FILE_BYTES = 256 * 1024;
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;
/** Installed code, build output, version control: not the project's own files. */
const SKIP =
  /^(node_modules|\.git|\.hg|\.svn|dist|out|build|coverage|target|\.venv|venv|__pycache__|\.next|\.cache|\.tox|\.mypy_cache|\.pytest_cache|\.vscode-test)$/;
const PLACEHOLDER = /«secret:[^»\s]*»/;

interface Seen {
  key: string;
  values: readonly string[];
}
const FILES = new Map<string, Seen>();
let built: { key: string; known: KnownSecrets } | undefined;

/** The original text of each span the masker replaced in one line (the masked line's kept pieces located in order). */
function replaced(original: string, masked: string): string[] {
  const pieces = masked.split(PLACEHOLDER);
  const out: string[] = [];
  let pos = pieces[0].length;
  for (let k = 1; k < pieces.length; k++) {
    const next = pieces[k];
    const end = next === '' ? (k === pieces.length - 1 ? original.length : pos) : original.indexOf(next, pos);
    if (end < pos) break;
    if (end > pos) out.push(original.slice(pos, end));
    pos = end + next.length;
  }
  return out;
}

function valuesOf(rel: string, text: string, compiled: CompiledPolicy): string[] {
  if (compiled.paths.matchRelative(rel, 'read')?.decision === 'deny') return compiled.secretFileValues(text);
  const masked = compiled.maskFile(rel, text);
  if (masked.masked === 0) return [];
  const a = text.split('\n');
  const b = masked.text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) out.push(...replaced(a[i], b[i]));
  return out;
}

/** The matcher for the workspace's secret values now (rebuilt only when a value was added or removed). */
export function knownSecretsOf(root: string, compiled: CompiledPolicy): KnownSecrets {
  const values = new Set<string>();
  let files = 0;
  let bytes = 0;
  const queue = [root];
  for (let q = 0; q < queue.length && files < MAX_FILES; q++) {
    let ents: fs.Dirent[];
    try {
      ents = fs.readdirSync(queue[q], { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of ents) {
      const abs = path.join(queue[q], e.name);
      if (e.isDirectory()) {
        if (!SKIP.test(e.name)) queue.push(abs);
        continue;
      }
      if (!e.isFile() || ++files > MAX_FILES) continue;
      const st = fs.statSync(abs, { throwIfNoEntry: false });
      if (!st || st.size > MAX_FILE_BYTES || bytes + st.size > MAX_TOTAL_BYTES) continue;
      const key = `${st.size}:${st.mtimeMs}:${compiled.hash}`;
      let seen = FILES.get(abs);
      if (!seen || seen.key !== key) {
        bytes += st.size;
        const buf = fs.readFileSync(abs);
        const text = buf.subarray(0, Math.min(buf.length, 8192)).includes(0) ? '' : buf.toString('utf8');
        const rel = path.relative(root, abs).split(path.sep).join('/');
        seen = { key, values: text ? valuesOf(rel, text, compiled) : [] };
        FILES.set(abs, seen);
      }
      for (const v of seen.values) values.add(v);
    }
  }
  const key = [...values].sort().join('\0');
  if (!built || built.key !== key) built = { key, known: compiled.knownSecrets(values) };
  return built.known;
}
