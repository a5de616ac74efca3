// apply_patch (VS Code, Cline; the V4A / Codex format): every path a patch touches, and the canonical calls
// that makes — adds and updates are writes, deletes are deletes, a move deletes its source and writes its
// destination. The host applies the patch after we answer, so a path we fail to see is a write we never
// judged: anything we cannot parse is refused, and markers only count at column 0 — an added line such as
// `+*** Update File: tests/a.test.ts` is file content, not a header.
import { collect, draft, refuse } from './toolInput';
import type { DraftCall, HookEnvelope, HookPlan } from './bridge';

export interface PatchEffect {
  op: 'add' | 'update' | 'delete' | 'move';
  path: string;
  /** move: the destination (the source is deleted, the destination written). */
  dest?: string;
}

export type PatchParse = { ok: true; effects: PatchEffect[] } | { ok: false; error: string };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DEL = '*** Delete File: ';
const UPD = '*** Update File: ';
const MOVE = '*** Move to: ';
const WRAPPERS = /^(<<-?\s*['"]?EOF['"]?|EOF|```\w*|%%bash|apply_patch(\s+<<-?\s*['"]?EOF['"]?)?)$/;

export function parseApplyPatch(text: unknown): PatchParse {
  if (typeof text !== 'string') return { ok: false, error: 'the patch is not a string' };
  let lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''));
  const begin = lines.findIndex((l) => l.trim() === BEGIN);
  if (begin < 0) return { ok: false, error: 'the patch has no "*** Begin Patch" line, so the files it touches cannot be known' };
  // Anything before Begin Patch may only be a wrapper the hosts tolerate (heredoc, fence, `apply_patch`).
  for (const l of lines.slice(0, begin)) {
    if (l.trim() !== '' && !WRAPPERS.test(l.trim())) return { ok: false, error: `unexpected text before "*** Begin Patch": ${JSON.stringify(l.slice(0, 80))}` };
  }
  lines = lines.slice(begin + 1);
  const effects: PatchEffect[] = [];
  let last: PatchEffect | undefined;
  let prevWasUpdateHeader = false;
  for (const raw of lines) {
    // Headers start at column 0; leading spaces would make them body lines of an update (context lines).
    const l = raw;
    if (l.trim() === END) break;
    const header = (prefix: string) => (l.startsWith(prefix) ? l.slice(prefix.length).trim() : undefined);
    let p: string | undefined;
    if ((p = header(ADD)) !== undefined) {
      effects.push((last = { op: 'add', path: p }));
      prevWasUpdateHeader = false;
    } else if ((p = header(DEL)) !== undefined) {
      effects.push((last = { op: 'delete', path: p }));
      prevWasUpdateHeader = false;
    } else if ((p = header(UPD)) !== undefined) {
      effects.push((last = { op: 'update', path: p }));
      prevWasUpdateHeader = true;
      continue;
    } else if ((p = header(MOVE)) !== undefined) {
      // Hosts accept the move line right after its Update header; elsewhere it is malformed: refuse rather
      // than guess which file moves.
      if (!prevWasUpdateHeader || !last || last.op !== 'update') return { ok: false, error: '"*** Move to:" does not follow an "*** Update File:" line' };
      last.op = 'move';
      last.dest = p;
    } else if (l.startsWith('*** ') && l !== '*** End of File') {
      return { ok: false, error: `unknown patch marker ${JSON.stringify(l.slice(0, 80))}` };
    }
    prevWasUpdateHeader = false;
  }
  for (const e of effects) {
    if (e.path === '' || e.dest === '') return { ok: false, error: 'a patch header names an empty path' };
  }
  if (effects.length === 0) return { ok: false, error: 'the patch names no file' };
  return { ok: true, effects };
}

/** The canonical calls of an apply_patch tool call (`base`: where relative paths start). */
export function patchPlan(env: HookEnvelope, text: unknown, base: string | undefined): HookPlan {
  const parsed = parseApplyPatch(text);
  if (!parsed.ok) {
    return refuse(
      env,
      'write',
      'hook:patch-unparsable',
      `AgentGuard cannot tell which files this patch touches (${parsed.error}); send a well-formed patch with one "*** Add/Update/Delete File:" header per file.`,
    );
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
  if (problem) return refuse(env, 'write', 'hook:unjudgeable-path', `AgentGuard cannot check a path in this patch: ${problem}`);
  const calls: DraftCall[] = [];
  if (w.paths.length) calls.push(draft(env, 'write', w.paths, { content: typeof text === 'string' ? text : undefined }));
  if (d.paths.length) calls.push(draft(env, 'delete', d.paths));
  return { kind: 'calls', calls };
}
