// apply_patch (the V4A / Codex patch format), read the way each host that applies it reads it. The host
// applies the patch after we answer, so a file section we fail to see is a write we never judged: a patch
// is parsed with the grammar of the host that will apply it — where its markers count, where a section
// ends, what ends the patch — and anything that host would refuse to apply is refused here too.
//
//   vscode  Copilot Chat's parser: the text must begin with exactly "*** Begin Patch\n"; markers count at
//           column 0 only (`startsWith`), so an indented "  *** End Patch" is a context line and the
//           sections after it are applied; the patch ends at the first line that starts with
//           "*** End Patch"; any other line starting with "***" inside a section fails the whole patch.
//   cline   Cline's parser: lines from the first "*** Begin Patch" to the last "*** End Patch" (or, with
//           neither, the text without its shell/fence wrappers); column-0 markers as VS Code; parsing stops
//           at the first "*** End Patch".
//   codex   Codex's parser: the first line must trim to "*** Begin Patch" and the last to "*** End Patch"
//           (or a <<EOF heredoc around them); a section header is recognised after trimming the line, so
//           "\t*** Delete File: x" after an added file's last "+" line deletes x.
//
// Threat: a patch whose hidden marker ends it early for the guard while the host reads on (an indented
// End Patch followed by an update of a test and a delete of the policy). Besides the host's own reading,
// every line that looks like a file header once trimmed is judged as the operation it names, so a
// difference between our port and the host's parser can only make the guard stricter.
import { collect, draft, refuse } from './toolInput';
import type { DraftCall, FileEdit, HookEnvelope, HookPlan, ToolEffects } from './bridge';

export type PatchGrammar = 'vscode' | 'cline' | 'codex';

export interface PatchEffect {
  op: 'add' | 'update' | 'delete' | 'move';
  path: string;
  /** move: the destination (the source is deleted, the destination written). */
  dest?: string;
}

/** One chunk of an update: the lines it expects (context and removed) and the lines it leaves. */
export interface PatchChunk {
  /** `@@ <line>`: a line the chunk comes after. */
  anchor?: string;
  oldLines: string[];
  newLines: string[];
  /** Indices (into PatchParse.lines) of the chunk's body lines, for rewriting them in place. */
  lineIdx: number[];
}

export interface PatchHunk {
  op: 'add' | 'update' | 'delete';
  path: string;
  moveTo?: string;
  /** add: the new file's lines. */
  addLines?: string[];
  /** update: the chunks, in order. */
  chunks?: PatchChunk[];
  /** Indices (into PatchParse.lines) of this hunk's body lines (added-file lines, chunk lines). */
  bodyIdx: number[];
}

export type PatchParse =
  | {
      ok: true;
      hunks: PatchHunk[];
      /** What happens to which path, one entry per hunk (moves: source and destination). */
      effects: PatchEffect[];
      /** Paths named by lines that only look like headers once trimmed (not headers for this host). */
      lookalikes: PatchEffect[];
      /** The text split into raw lines (`\n`), for rewriting body lines in place. */
      lines: string[];
    }
  | { ok: false; error: string };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DEL = '*** Delete File: ';
const UPD = '*** Update File: ';
const MOVE = '*** Move to: ';
const EOF_MARK = '*** End of File';
/** Cline strips these wrapper lines around a patch that has no sentinels. */
const CLINE_WRAPPERS = ['%%bash', 'apply_patch', 'EOF', '```'];

class PatchError extends Error {}

/** A line that, once trimmed, names a file operation: judged whatever the host's grammar makes of it. */
const LOOKALIKE = /^\*\*\*\s*(Add|Delete|Update) File:\s*(.*)$|^\*\*\*\s*Move to:\s*(.*)$/;

function lookalikes(lines: string[], headerIdx: Set<number>): PatchEffect[] {
  const out: PatchEffect[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (headerIdx.has(i)) continue;
    // Only whitespace before the marker: a line that starts with "+" or "-" is file content in every
    // grammar. String.prototype.trim strips NBSP and the other Unicode spaces, as well as tabs.
    const m = LOOKALIKE.exec(lines[i].trim());
    if (!m) continue;
    const p = (m[2] ?? m[3] ?? '').trim();
    if (!p) continue;
    const kind = m[1];
    out.push({ op: kind === 'Delete' ? 'delete' : kind === 'Add' ? 'add' : 'update', path: p });
  }
  return out;
}

/** Parse a patch as `grammar`'s host would. */
export function parsePatch(text: unknown, grammar: PatchGrammar = 'vscode'): PatchParse {
  if (typeof text !== 'string') return { ok: false, error: 'the patch is not a string' };
  try {
    const r = grammar === 'codex' ? parseCodex(text) : parseColumnZero(text, grammar);
    const headers = new Set(r.headerIdx);
    const effects: PatchEffect[] = r.hunks.map((h) => (h.moveTo !== undefined ? { op: 'move', path: h.path, dest: h.moveTo } : { op: h.op, path: h.path }));
    for (const e of effects) if (e.path === '' || e.dest === '') return { ok: false, error: 'a patch header names an empty path' };
    return { ok: true, hunks: r.hunks, effects, lookalikes: lookalikes(r.lines, headers), lines: r.lines };
  } catch (e) {
    if (e instanceof PatchError) return { ok: false, error: e.message };
    throw e;
  }
}

/** Back-compat name: the VS Code grammar. */
export function parseApplyPatch(text: unknown, grammar: PatchGrammar = 'vscode'): PatchParse {
  return parsePatch(text, grammar);
}

interface Parsed {
  hunks: PatchHunk[];
  headerIdx: number[];
  lines: string[];
}

/** VS Code (Copilot Chat) and Cline: markers at column 0. */
function parseColumnZero(text: string, grammar: 'vscode' | 'cline'): Parsed {
  const raw = text.split('\n');
  // Cline strips a CR at each line end; VS Code keeps it (a CR-terminated header then names a file that
  // does not exist, and the host fails) — judging the path without it is the stricter reading.
  const lines = raw.map((l) => (grammar === 'cline' ? l.replace(/\r$/, '') : l));
  let start: number;
  let stop: number; // exclusive: the parse never reads at or past it
  if (grammar === 'vscode') {
    if (!text.startsWith(BEGIN + '\n')) {
      throw new PatchError('VS Code applies a patch only when its first line is exactly "*** Begin Patch"');
    }
    start = 1;
    // text.trim(): trailing blank lines do not count; a missing End Patch is appended by the host.
    stop = lines.length;
    while (stop > 1 && lines[stop - 1].trim() === '') stop--;
  } else {
    const b = lines.findIndex((l) => l.startsWith(BEGIN));
    let e = -1;
    for (let i = lines.length - 1; i >= 0; i--) {
      if (lines[i].startsWith(END)) {
        e = i;
        break;
      }
    }
    if (b !== -1 || e !== -1) {
      if (b === -1 || e === -1 || e < b) throw new PatchError('the patch has a "*** Begin Patch" without an "*** End Patch" after it, or the reverse');
      start = b + 1;
      stop = e + 1;
    } else {
      let s = 0;
      let t = lines.length;
      const wrapper = (l: string) => l.trim() !== '' && CLINE_WRAPPERS.some((w) => l.startsWith(w));
      while (s < t && wrapper(lines[s])) s++;
      while (t > s && wrapper(lines[t - 1])) t--;
      while (s < t && lines[s] === '') s++;
      while (t > s && lines[t - 1] === '') t--;
      start = s;
      stop = t;
    }
  }
  const hunks: PatchHunk[] = [];
  const headerIdx: number[] = [];
  const seen = new Set<string>();
  const isEnd = (i: number) => i >= stop || lines[i].startsWith(END);
  const sectionEnd = ['*** End Patch', '*** Update File:', '*** Delete File:', '*** Add File:'];
  let i = start;
  while (!isEnd(i)) {
    const l = lines[i];
    const header = (prefix: string) => (l.startsWith(prefix) ? clean(l.slice(prefix.length), grammar) : undefined);
    let p: string | undefined;
    if ((p = header(UPD)) !== undefined) {
      dup(seen, p);
      headerIdx.push(i);
      const h: PatchHunk = { op: 'update', path: p, chunks: [], bodyIdx: [] };
      i++;
      if (i < stop && lines[i].startsWith(MOVE)) {
        h.moveTo = clean(lines[i].slice(MOVE.length), grammar);
        headerIdx.push(i);
        i++;
      }
      i = parseUpdateColumnZero(lines, i, stop, h);
      hunks.push(h);
    } else if ((p = header(DEL)) !== undefined) {
      dup(seen, p);
      headerIdx.push(i);
      hunks.push({ op: 'delete', path: p, bodyIdx: [] });
      i++;
    } else if ((p = header(ADD)) !== undefined) {
      dup(seen, p);
      headerIdx.push(i);
      const h: PatchHunk = { op: 'add', path: p, addLines: [], bodyIdx: [] };
      i++;
      while (i < stop && !sectionEnd.some((m) => lines[i].startsWith(m))) {
        if (!lines[i].startsWith('+')) throw new PatchError(`an added file's line does not start with "+": ${JSON.stringify(lines[i].slice(0, 80))}`);
        h.addLines!.push(lines[i].slice(1));
        h.bodyIdx.push(i);
        i++;
      }
      hunks.push(h);
    } else {
      throw new PatchError(`unknown line where a file header was expected: ${JSON.stringify(l.slice(0, 80))}`);
    }
  }
  if (hunks.length === 0) throw new PatchError('the patch names no file');
  return { hunks, headerIdx, lines: raw };
}

function clean(p: string, grammar: PatchGrammar): string {
  // VS Code looks the path up as written (a trailing CR or space names another, missing file); judging
  // it trimmed names the file the model meant, which is the stricter check.
  return grammar === 'vscode' ? p.replace(/\r$/, '').trim() : p.trim();
}

function dup(seen: Set<string>, p: string): void {
  if (seen.has(p)) throw new PatchError(`the patch names ${JSON.stringify(p)} twice`);
  seen.add(p);
}

/** An update section, column-0 grammar: chunks until a marker that ends the section. */
function parseUpdateColumnZero(lines: string[], i: number, stop: number, h: PatchHunk): number {
  const ends = ['*** End Patch', '*** Update File:', '*** Delete File:', '*** Add File:', EOF_MARK];
  const breaks = ['@@', ...ends];
  let first = true;
  while (i < stop && !ends.some((m) => lines[i].startsWith(m))) {
    const chunk: PatchChunk = { oldLines: [], newLines: [], lineIdx: [] };
    if (lines[i].startsWith('@@')) {
      const a = lines[i].slice(2).trim();
      if (a) chunk.anchor = a;
      i++;
    } else if (!first) {
      throw new PatchError(`a line in an update section is neither a change nor a "@@" header: ${JSON.stringify(lines[i].slice(0, 80))}`);
    }
    first = false;
    while (i < stop) {
      const s = lines[i];
      if (breaks.some((m) => s.startsWith(m)) || s === '***') break;
      if (s.startsWith('***')) throw new PatchError(`invalid line in an update section: ${JSON.stringify(s.slice(0, 80))}`);
      chunk.lineIdx.push(i);
      const c = s[0];
      const body = c === '+' || c === '-' || c === ' ' ? s.slice(1) : s; // other lines are context
      if (c === '+') chunk.newLines.push(body);
      else if (c === '-') chunk.oldLines.push(body);
      else {
        chunk.oldLines.push(body);
        chunk.newLines.push(body);
      }
      i++;
    }
    if (i < stop && lines[i] === EOF_MARK) i++;
    else if (i < stop && lines[i] === '***') throw new PatchError('a line "***" inside an update section');
    h.chunks!.push(chunk);
    h.bodyIdx.push(...chunk.lineIdx);
  }
  return i;
}

/** Codex: boundaries by trimmed first/last line (or a heredoc around them); headers recognised trimmed. */
function parseCodex(text: string): Parsed {
  // Rust's str::lines: split on \n, drop one trailing \r per line. text.trim() first.
  const lead = text.length - text.trimStart().length;
  const leadLines = text.slice(0, lead).split('\n').length - 1;
  const raw = text.split('\n');
  const all = raw.map((l) => l.replace(/\r$/, ''));
  let lines = all.slice(leadLines);
  // Drop what trim() removes at the end (blank lines).
  let endIdx = lines.length;
  while (endIdx > 0 && lines[endIdx - 1].trim() === '') endIdx--;
  lines = lines.slice(0, endIdx);
  if (lines.length > 0) lines[0] = lines[0].trimStart();
  let first = 0;
  let last = lines.length - 1;
  const strict = (f: number, l: number) => l > f && lines[f].trim() === BEGIN && lines[l].trim() === END;
  if (!strict(first, last)) {
    const h = lines[0];
    if ((h === '<<EOF' || h === "<<'EOF'" || h === '<<"EOF"') && lines.length >= 4 && lines[last].endsWith('EOF') && strict(1, last - 1)) {
      first = 1;
      last = last - 1;
    } else {
      throw new PatchError('Codex applies a patch only when its first line is "*** Begin Patch" and its last "*** End Patch"');
    }
  }
  const off = leadLines;
  const hunks: PatchHunk[] = [];
  const headerIdx: number[] = [];
  let i = first + 1;
  while (i < last) {
    const head = lines[i].trim();
    let p: string | undefined;
    const strip = (prefix: string) => (head.startsWith(prefix) ? head.slice(prefix.length) : undefined);
    if ((p = strip(ADD)) !== undefined) {
      headerIdx.push(i + off);
      const h: PatchHunk = { op: 'add', path: p.trim(), addLines: [], bodyIdx: [] };
      i++;
      while (i < last && lines[i].startsWith('+')) {
        h.addLines!.push(lines[i].slice(1));
        h.bodyIdx.push(i + off);
        i++;
      }
      hunks.push(h);
    } else if ((p = strip(DEL)) !== undefined) {
      headerIdx.push(i + off);
      hunks.push({ op: 'delete', path: p.trim(), bodyIdx: [] });
      i++;
    } else if ((p = strip(UPD)) !== undefined) {
      headerIdx.push(i + off);
      const h: PatchHunk = { op: 'update', path: p.trim(), chunks: [], bodyIdx: [] };
      i++;
      if (i < last && lines[i].startsWith(MOVE)) {
        headerIdx.push(i + off);
        h.moveTo = lines[i].slice(MOVE.length).trim();
        i++;
      }
      while (i < last) {
        if (lines[i].trim() === '') {
          i++;
          continue;
        }
        if (lines[i].startsWith('*')) break;
        const chunk: PatchChunk = { oldLines: [], newLines: [], lineIdx: [] };
        if (lines[i] === '@@') i++;
        else if (lines[i].startsWith('@@ ')) {
          chunk.anchor = lines[i].slice(3);
          i++;
        } else if (h.chunks!.length > 0) {
          throw new PatchError(`an update chunk does not start with "@@": ${JSON.stringify(lines[i].slice(0, 80))}`);
        }
        let n = 0;
        while (i < last) {
          const s = lines[i];
          if (s === EOF_MARK) {
            if (n === 0) throw new PatchError('an update chunk holds no lines');
            i++;
            break;
          }
          const c = s[0];
          if (c === undefined || c === ' ') {
            chunk.oldLines.push(s.slice(1));
            chunk.newLines.push(s.slice(1));
          } else if (c === '+') chunk.newLines.push(s.slice(1));
          else if (c === '-') chunk.oldLines.push(s.slice(1));
          else {
            if (n === 0) throw new PatchError(`unexpected line in an update chunk: ${JSON.stringify(s.slice(0, 80))}`);
            break;
          }
          chunk.lineIdx.push(i + off);
          n++;
          i++;
        }
        if (n === 0) throw new PatchError('an update chunk holds no lines');
        h.chunks!.push(chunk);
        h.bodyIdx.push(...chunk.lineIdx);
      }
      if (h.chunks!.length === 0) throw new PatchError(`the update of ${JSON.stringify(h.path)} is empty`);
      hunks.push(h);
    } else {
      throw new PatchError(`${JSON.stringify(head.slice(0, 80))} is not a valid hunk header`);
    }
  }
  if (hunks.length === 0) throw new PatchError('the patch names no file');
  return { hunks, headerIdx, lines: raw };
}

/**
 * The text a hunk leaves, from the file's text before it (undefined: the file does not exist), or
 * undefined when the chunks cannot be placed with a plain match (exact, then ignoring trailing, then all
 * surrounding whitespace). The hosts match more loosely still; callers fall back to the chunks' own lines.
 */
export function applyHunk(h: PatchHunk, before: string | undefined, grammar: PatchGrammar): string | undefined {
  if (h.op === 'delete') return undefined;
  if (h.op === 'add') return h.addLines!.join('\n') + (grammar === 'codex' ? '\n' : '');
  if (before === undefined) return undefined;
  const eol = before.includes('\r\n') ? '\r\n' : '\n';
  const file = before.split(/\r?\n/);
  const out: string[] = [];
  let cursor = 0;
  for (const c of h.chunks ?? []) {
    let from = cursor;
    if (c.anchor !== undefined) {
      const a = c.anchor.trim();
      const k = file.findIndex((l, idx) => idx >= cursor && l.trim() === a);
      if (k >= 0) from = k + 1;
    }
    const at = findLines(file, c.oldLines, from) ?? findLines(file, c.oldLines, cursor) ?? findLines(file, c.oldLines, 0);
    if (at === undefined || at < cursor) return undefined;
    out.push(...file.slice(cursor, at), ...c.newLines);
    cursor = at + c.oldLines.length;
  }
  out.push(...file.slice(cursor));
  return out.join(eol);
}

function findLines(file: string[], want: string[], from: number): number | undefined {
  if (want.length === 0) return from <= file.length ? from : undefined;
  for (const norm of [(s: string) => s, (s: string) => s.trimEnd(), (s: string) => s.trim()]) {
    const w = want.map(norm);
    for (let i = from; i + w.length <= file.length; i++) {
      let ok = true;
      for (let j = 0; j < w.length && ok; j++) ok = norm(file[i + j]) === w[j];
      if (ok) return i;
    }
  }
  return undefined;
}

/** The patch text with some body lines replaced (index → new raw line). */
export function rewritePatchLines(p: Extract<PatchParse, { ok: true }>, replace: ReadonlyMap<number, string>): string {
  return p.lines.map((l, i) => replace.get(i) ?? l).join('\n');
}

/** The edits of a parsed patch, and the patch with its lines passed through `fix` (per target file). */
export function patchEffects(
  parsed: Extract<PatchParse, { ok: true }>,
  grammar: PatchGrammar,
  rebuild: (patch: string) => Record<string, unknown>,
): ToolEffects {
  const edits: FileEdit[] = [];
  for (const h of parsed.hunks) {
    if (h.op === 'delete') {
      edits.push({ path: h.path, after: () => null });
      continue;
    }
    const fallback = () => ({
      oldText: (h.chunks ?? []).flatMap((c) => c.oldLines).join('\n'),
      newText: h.op === 'add' ? (h.addLines ?? []).join('\n') : (h.chunks ?? []).flatMap((c) => c.newLines).join('\n'),
    });
    if (h.moveTo !== undefined) {
      // The source goes away; the destination receives the updated text.
      edits.push({ path: h.path, after: () => null });
      edits.push({ path: h.moveTo, after: () => undefined, fallback });
      continue;
    }
    edits.push({ path: h.path, after: (before) => applyHunk(h, before, grammar), fallback });
  }
  return {
    edits,
    withText(fix) {
      const replace = new Map<number, string>();
      for (const h of parsed.hunks) {
        const target = h.path;
        for (const i of h.bodyIdx) {
          const raw = parsed.lines[i];
          const cr = raw.endsWith('\r') ? '\r' : '';
          const line = cr ? raw.slice(0, -1) : raw;
          const c = line[0];
          const prefixed = c === '+' || c === '-' || c === ' ';
          const body = prefixed ? line.slice(1) : line;
          // Added lines are written; context and removed lines are looked up in the file.
          const fixed = fix(body, target, c === '+' ? 'new' : 'old');
          if (fixed !== body) replace.set(i, (prefixed ? c : '') + fixed + cr);
        }
      }
      return rebuild(replace.size ? rewritePatchLines(parsed, replace) : parsed.lines.join('\n'));
    },
  };
}

/**
 * The canonical calls of an apply_patch tool call (`base`: where relative paths start; `rebuild`: the tool
 * input carrying another patch text, for placeholder restore).
 */
export function patchPlan(
  env: HookEnvelope,
  text: unknown,
  base: string | undefined,
  grammar: PatchGrammar,
  rebuild?: (patch: string) => Record<string, unknown>,
): HookPlan {
  const parsed = parsePatch(text, grammar);
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
  for (const e of [...parsed.effects, ...parsed.lookalikes]) {
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
  const effects = patchEffects(parsed, grammar, rebuild ?? (() => env.toolInput));
  if (!rebuild) delete effects.withText;
  return { kind: 'calls', calls, effects };
}
