// The hook bridge's checks that need the workspace's files: what a host tool call will leave on disk, what
// it will hand the model, and where a search will look. The pure part (what each tool does to a text) is in
// src/core/hooks; here the files are read, and the results become canonical calls for the one pipeline
// (a refusal, a test-integrity ask) or a new tool input for the host (a placeholder restored, a masked view,
// a narrowed search).
//
// Threats:
// - a placeholder («secret:…») the model copied from a masked view, written back by the host's own edit
//   tool, destroys the real credential on disk: it is restored from the file on disk through the host's
//   input rewriting, or the call is refused;
// - a host that echoes what it wrote (Cline's editor shows the changed lines) would hand the restored
//   secret straight back to the model: refused instead;
// - an edit that disables or weakens a test (a skip, a deleted assertion) through the host's own tool:
//   asked, with the changed lines;
// - a search whose include pattern reaches a no-access file (`**/.env`, `{secrets,src}/**`), or a host
//   whose search results show secret lines unmasked: narrowed to what may be read, or refused.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Minimatch } from 'minimatch';
import type { DraftCall, HookEnvelope, HookPlan, SearchScope, ToolEffects } from '../../core/hooks';
import { AGENTS, HOST, planHook } from '../../core/hooks';
import { isHomeRelative, toFsPath } from '../../core/hooks/toolInput';
import type { CompiledPolicy } from '../../core/compiledPolicy';
import { checkTestIntegrity, type IntegrityFinding } from '../../core/integrity';
import { isViewPath, viewOrigin } from './views';

/** A file larger than this is not read for these checks: an edit of it is asked, a read through a view refused. */
export const MAX_CHECK_BYTES = 8 * 1024 * 1024;
/** How many files a search-scope check looks at before it gives up (and the search is refused). */
export const MAX_SCOPE_FILES = 50_000;
/** How many files a narrowed search may list by name. */
const MAX_NARROWED = 400;

export interface Workspace {
  root: string;
  compiled: CompiledPolicy;
}

/** The absolute path a tool path names, inside the workspace and a regular file, or undefined. */
export function workspaceFile(ws: Workspace, raw: string, base: string | undefined): string | undefined {
  const r = toFsPath(raw, base ?? ws.root);
  // A home-relative path names no workspace file (the path rules judge it as the home file it is).
  if (!r.ok || isHomeRelative(r.path)) return undefined;
  const abs = path.resolve(ws.root, r.path);
  let real: string;
  try {
    real = fs.realpathSync.native(abs);
  } catch {
    return undefined;
  }
  if (real !== ws.root && !real.startsWith(ws.root + path.sep)) return undefined;
  return real;
}

export function rel(ws: Workspace, abs: string): string {
  return path.relative(ws.root, abs).split(path.sep).join('/');
}

/** The file's text (undefined: none, not a regular file, too large, outside the workspace). */
export function readText(ws: Workspace, raw: string, base: string | undefined): { abs?: string; text?: string; tooLarge?: boolean } {
  const abs = workspaceFile(ws, raw, base);
  if (!abs) return {};
  try {
    const st = fs.statSync(abs);
    if (!st.isFile()) return { abs };
    if (st.size > MAX_CHECK_BYTES) return { abs, tooLarge: true };
    return { abs, text: fs.readFileSync(abs, 'utf8') };
  } catch {
    return { abs };
  }
}

/** Integrity findings, as a call the pipeline asks about (the worst of it and the path rules wins). */
function integrityCall(ws: Workspace, env: HookEnvelope, file: string, f: IntegrityFinding): DraftCall {
  // The changed lines are shown to the person and the model: masked like everything that leaves the guard.
  const diff = ws.compiled.maskValue(
    f.lines
      .slice(0, 12)
      .map((l) => `${l.side}${l.line}: ${l.text.slice(0, 160)}`)
      .join('\n'),
  );
  return {
    op: 'write',
    paths: [file],
    agent: AGENTS[env.host],
    channel: 'hook',
    tool: env.toolName,
    args: env.toolInput,
    preset: {
      kind: 'opaque',
      rule: `integrity:${f.detector}`,
      reason: `${file}: ${f.reason}${diff ? `\n${diff}` : ''}`,
    },
  };
}

function refusal(env: HookEnvelope, rule: string, reason: string, paths: string[] = [], op: DraftCall['op'] = 'write'): DraftCall {
  return { op, paths, agent: AGENTS[env.host], channel: 'hook', tool: env.toolName, args: env.toolInput, preset: { kind: 'refuse', rule, reason } };
}

export interface PreparedEdits {
  /** Calls to decide besides the plan's own. */
  calls: DraftCall[];
  /** The input the host should run instead (placeholders restored). */
  updatedInput?: Record<string, unknown>;
}

/**
 * Placeholders and test integrity of a host edit. Reads each edited file once. A placeholder that cannot be
 * restored, or that this host cannot take back (no input rewriting, or it would echo the secret), refuses.
 */
export function prepareEdits(ws: Workspace, env: HookEnvelope, plan: Extract<HookPlan, { kind: 'calls' }>): PreparedEdits {
  const fx = plan.effects;
  if (!fx?.edits?.length && !fx?.withText) return { calls: [] };
  const base = env.workspaceRoots?.[0] ?? env.cwd;
  const cache = new Map<string, ReturnType<typeof readText>>();
  const read = (p: string) => {
    let r = cache.get(p);
    if (!r) cache.set(p, (r = readText(ws, p, base)));
    return r;
  };
  const out: PreparedEdits = { calls: [] };
  let effects: ToolEffects | undefined = fx;

  // 1. Placeholders the model copied from a masked view: restored from the file on disk, or refused.
  if (fx.withText) {
    let carries = false;
    let problem: string | undefined;
    const fixed = fx.withText((text, p, role) => {
      if (!ws.compiled.hasPlaceholder(text)) return text;
      carries = true;
      const r = read(p);
      if (r.text === undefined) {
        if (role === 'new')
          problem ??= `${p}: the text holds a «secret:…» placeholder, but there is no file on disk to restore it from; write the name of an environment variable instead of the secret`;
        return text;
      }
      // The read was masked by its path too (a Docker secret): its placeholders come back the same way.
      const back = ws.compiled.restorePlaceholders(text, r.text, r.abs !== undefined ? rel(ws, r.abs) : undefined);
      if (!back.ok) {
        if (role === 'new') problem ??= `${p}: ${back.reason}`;
        return text;
      }
      return back.text;
    });
    if (carries) {
      if (problem) {
        out.calls.push(refusal(env, 'hook:placeholder', `AgentGuard refused this edit: ${problem}. The file on disk was not changed.`));
        return out;
      }
      if (!env.rewritesInput) {
        out.calls.push(
          refusal(
            env,
            'hook:placeholder',
            "This edit writes a «secret:…» placeholder, and this host cannot take a corrected input from AgentGuard, so the real value would be lost on disk. Edit the file with AgentGuard's guarded edit tool (agentguard_editFile, or the agentguard MCP server's editFile), which restores placeholders.",
          ),
        );
        return out;
      }
      out.updatedInput = fixed;
      const again = planHook({ ...env, toolInput: fixed });
      effects = again.kind === 'calls' ? again.effects : undefined;
    }
  }

  // 2. What each edited file becomes: test integrity, and what the host echoes back.
  for (const e of effects?.edits ?? []) {
    const r = read(e.path);
    const relPath = r.abs ? rel(ws, r.abs) : relOf(ws, e.path, base);
    if (relPath === undefined) continue; // outside the workspace: the path rules refuse it
    if (r.tooLarge) {
      out.calls.push(
        integrityCall(ws, env, relPath, {
          detector: 'integrity.too-large',
          reason: 'the file is too large to compare for test changes; a person should look at it',
          lines: [],
        }),
      );
      continue;
    }
    const after = e.after(r.text);
    let findings: IntegrityFinding[];
    if (after === undefined) {
      const fb = e.fallback?.();
      findings = fb ? checkTestIntegrity(relPath, fb.oldText, fb.newText) : [];
    } else findings = checkTestIntegrity(relPath, r.text, after === null ? undefined : after);
    for (const f of findings) out.calls.push(integrityCall(ws, env, relPath, f));
    // An edit may not take a secret of the file out of masking (rename its key, move it into a comment): the
    // next read would show it. Judged on the file it leaves, placeholders restored.
    if (typeof after === 'string' && r.text !== undefined && ws.compiled.secretsUnmaskedBy(relPath, r.text, after).length > 0) {
      out.calls.push(
        refusal(
          env,
          'hook:secret-unmasked',
          `AgentGuard refused this edit: ${relPath} holds a secret that this edit would leave outside masking (its key or the text around it changes so that it no longer reads as a secret), and the next read would show it. Keep the secret's line as it is, or ask the user to make this change. The file on disk was not changed.`,
        ),
      );
      continue;
    }
    if (out.updatedInput && typeof after === 'string' && r.text !== undefined) {
      const shown = HOST[env.host].echoesEdit?.(env, r.text, after);
      if (shown && ws.compiled.maskValue(shown) !== shown) {
        out.calls.push(
          refusal(
            env,
            'hook:placeholder-echo',
            `${relPath}: this host shows the lines it changed back to the agent, and those lines would hold the secret restored in place of its placeholder. Keep the placeholder's line out of the edit, or use AgentGuard's guarded edit tool.`,
          ),
        );
        delete out.updatedInput;
      }
    }
  }
  return out;
}

function relOf(ws: Workspace, raw: string, base: string | undefined): string | undefined {
  const r = toFsPath(raw, base ?? ws.root);
  if (!r.ok || isHomeRelative(r.path)) return undefined;
  const abs = path.resolve(ws.root, r.path);
  if (abs !== ws.root && !abs.startsWith(ws.root + path.sep)) return undefined;
  return rel(ws, abs);
}

/** A read the host hands the model as it is: does the file hold secrets (then: view, or refuse)? */
export function secretRead(
  ws: Workspace,
  raw: string,
  base: string | undefined,
): { rel: string; masked: string; count: number } | { tooLarge: string } | undefined {
  const r = readText(ws, raw, base);
  if (!r.abs) return undefined;
  const relPath = rel(ws, r.abs);
  if (r.tooLarge) return { tooLarge: relPath };
  if (r.text === undefined) return undefined;
  const m = ws.compiled.maskFile(relPath, r.text);
  return m.masked > 0 ? { rel: relPath, masked: m.text, count: m.masked } : undefined;
}

/** The edited path a model aimed at one of AgentGuard's views, with the file it should edit instead. */
export function viewTarget(raw: string): { view: string; origin?: string } | undefined {
  if (!path.isAbsolute(raw) || !isViewPath(raw)) return undefined;
  return { view: raw, origin: viewOrigin(raw) };
}

// ---------------------------------------------------------------------------------------------------------
// Search scopes

export interface ScopeCheck {
  /** Files in reach that no agent may read (path rules). */
  protectedFiles: string[];
  /** Files in reach whose text holds secrets (only checked when the host cannot mask what it returns). */
  secretFiles: string[];
  /** Every file in reach that may be searched (workspace-relative). */
  safe: string[];
  /** Symlinks to folders in reach: never named in a narrowed search (the host may follow them). */
  linkedDirs: string[];
  /** The walk gave up (too many files, unreadable folder): nothing can be said. */
  incomplete?: string;
}

interface ScopeGlobs {
  /** A file must match one of these (undefined: every file). */
  include?: Minimatch[];
  /** ripgrep's `!` globs: a file (or a folder's contents) matching one is left out. */
  exclude: Minimatch[];
}

function globsOf(scope: SearchScope, ws: Workspace, baseAbs: string): ScopeGlobs | undefined {
  if (!scope.include?.length) return undefined;
  const include: Minimatch[] = [];
  const exclude: Minimatch[] = [];
  for (const g of scope.include) {
    // A leading `!` is ripgrep's exclusion: `!*.ts` alone searches every file but the .ts ones.
    const negated = g.startsWith('!');
    let pat = (negated ? g.slice(1) : g).replace(/\\/g, '/');
    // An absolute pattern inside the workspace: made relative to where the search starts.
    if (pat.startsWith('/')) pat = path.posix.relative(baseAbs.split(path.sep).join('/'), pat) || '**';
    // `.`, `./`, `./secrets/**`: minimatch matches no file with a leading `./`, the host reads from its folder
    // (Gemini's read_many_files `paths: ["."]` read .env and secrets/ as a search that reached nothing).
    pat = pat.replace(/^(?:\.\/+)+/, '');
    if (pat === '.' || pat === '') pat = '**';
    // A pattern that names a folder reaches what is in it: Gemini's read_many_files reads `docs/` as
    // `docs/**`, Copilot turns a trailing `/` into `/**` (and adds `/**` for some models), ripgrep descends
    // into a folder its glob matches. Threat: `docs/` holding a link to `.env`, seen as no file in reach.
    const dir = pat.replace(/\/+$/, '');
    // An include matches regardless of case (erring towards reached); an exclusion as ripgrep's --glob does, with
    // case (`!*.ENV` leaves `.env` searched), so it never takes out more than the host does.
    const ms = [pat, `${dir || '**'}/**`].map((p) => new Minimatch(p, { dot: true, nocase: !negated, nocomment: true, nonegate: true }));
    (negated ? exclude : include).push(...ms);
  }
  return { include: include.length ? include : undefined, exclude };
}

/**
 * Walk what a search may reach: every regular file under `scope.base` matching its include globs (or any
 * file, without them). `.git` is never searched by a host; node_modules only when the scope names it or
 * the search includes ignored files. A file counts as reached when its path or its name matches, so a glob
 * that would match in the host's dialect but not in ours errs towards reached.
 */
export function checkScope(ws: Workspace, scope: SearchScope, base: string | undefined, opts: { secrets: boolean; includesIgnored?: boolean }): ScopeCheck {
  const r = toFsPath(scope.base, base ?? ws.root);
  const out: ScopeCheck = { protectedFiles: [], secretFiles: [], safe: [], linkedDirs: [] };
  if (!r.ok) return { ...out, incomplete: r.reason };
  // `../ws/.env` matches no file under the folder as a glob, but a host that resolves the pattern as a path
  // (against the folder) searches `.env`: a pattern that climbs out of its folder is one we cannot place.
  const climbing = (scope.include ?? []).find((g) => /(?:^|[\\/])\.\.(?:[\\/]|$)/.test(g));
  if (climbing !== undefined) return { ...out, incomplete: `the pattern ${JSON.stringify(climbing.slice(0, 120))} climbs out of the folder with '..'` };
  const baseAbs = path.resolve(ws.root, r.path);
  if (baseAbs !== ws.root && !baseAbs.startsWith(ws.root + path.sep)) return out; // outside: the path rules decide
  const globs = globsOf(scope, ws, baseAbs);
  const named = (scope.include ?? []).some((g) => g.includes('node_modules'));
  const skipModules = !named && !opts.includesIgnored;
  // Reached: matched by an include glob (by its path or its name, erring towards reached); with only `!` globs,
  // every file no exclusion matches. Exclusions are not applied beside include globs (ripgrep's last matching
  // glob wins: `!*.md *.md` searches the .md files), erring towards reached again.
  const matches = (relToBase: string) =>
    !globs ||
    (globs.include ? globs.include.some((m) => m.match(relToBase) || m.match(path.posix.basename(relToBase))) : !globs.exclude.some((m) => m.match(relToBase)));
  let seen = 0;
  const linked: { rel: string; key: string }[] = [];
  const stack = [baseAbs];
  // Folders reached through links, by real path: each is walked once (a link cycle ends there).
  const walked = new Set<string>();
  // Folders walked under a link's name: what is found there counts against the search (a protected or secret
  // file behind the link), but is never named in a narrowed search — the link is left out of it whole.
  const viaLink = new Set<string>();
  const descendLink = (abs: string) => {
    try {
      const real = fs.realpathSync.native(abs);
      // A host never searches git's own folder; node_modules only as the search itself allows.
      const parts = real.split(path.sep);
      if (parts.includes('.git') || (skipModules && parts.includes('node_modules')) || walked.has(real)) return;
      walked.add(real);
    } catch {
      return;
    }
    viaLink.add(abs);
    stack.push(abs);
  };
  const judge = (abs: string, linkedWalk: boolean) => {
    if (!linkedWalk) return classify(ws, abs, out, opts.secrets, linked);
    const scratch: ScopeCheck = { protectedFiles: [], secretFiles: [], safe: [], linkedDirs: [] };
    classify(ws, abs, scratch, opts.secrets, linked);
    out.protectedFiles.push(...scratch.protectedFiles);
    out.secretFiles.push(...scratch.secretFiles);
    out.linkedDirs.push(...scratch.linkedDirs);
  };
  while (stack.length) {
    const dir = stack.pop()!;
    const linkedWalk = viaLink.has(dir);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      if (dir === baseAbs && (e as NodeJS.ErrnoException).code === 'ENOTDIR') entries = [];
      else return { ...out, incomplete: `${rel(ws, dir) || '.'} cannot be listed` };
    }
    if (dir === baseAbs && entries.length === 0 && fs.existsSync(baseAbs) && !fs.statSync(baseAbs).isDirectory()) {
      classify(ws, baseAbs, out, opts.secrets, linked);
      continue;
    }
    for (const d of entries) {
      const abs = path.join(dir, d.name);
      if (d.isDirectory()) {
        if (d.name === '.git' || (skipModules && d.name === 'node_modules')) continue;
        if (linkedWalk) viaLink.add(abs);
        stack.push(abs);
        continue;
      }
      if (!d.isFile() && !d.isSymbolicLink()) continue;
      // A search that does not follow links skips every link it meets (a link to `.env` is not searched).
      if (d.isSymbolicLink() && scope.followsLinks === false) continue;
      if (++seen > MAX_SCOPE_FILES) return { ...out, incomplete: `more than ${MAX_SCOPE_FILES} files are in reach` };
      const relToBase = path.relative(baseAbs, abs).split(path.sep).join('/');
      if (d.isSymbolicLink() && !matches(relToBase) && (globs?.include ?? []).some((m) => m.match(relToBase, true)) && isDirLink(abs)) {
        // A link to a folder the include pattern reaches into (`docs/sec/**`, docs/sec → ../secrets): the
        // hosts' searches follow links, so what lies behind it is in reach under the link's name.
        // Walked, and what matches behind it judged; a link out of the workspace cannot be walked: it counts.
        if (insideWorkspace(ws, abs)) descendLink(abs);
        else judge(abs, linkedWalk);
        continue;
      }
      if (!matches(relToBase)) continue;
      if (scope.contains !== undefined && !holds(abs, scope.contains)) continue;
      const before = out.linkedDirs.length;
      judge(abs, linkedWalk);
      if (d.isSymbolicLink() && out.linkedDirs.length > before) descendLink(abs);
    }
  }
  if (linked.length) unaliasHardLinks(ws, out, linked);
  return out;
}

/** The most of a file looked into for a `contains` string; a larger file counts as holding it. */
const MAX_CONTAINS_BYTES = 4 << 20;

/** Whether the file's text holds `needle` (a folder, an unreadable or too large file: it may). */
function holds(abs: string, needle: string): boolean {
  try {
    const st = fs.statSync(abs);
    if (!st.isFile() || st.size > MAX_CONTAINS_BYTES) return true;
    return fs.readFileSync(abs, 'utf8').includes(needle);
  } catch {
    return true;
  }
}

function insideWorkspace(ws: Workspace, abs: string): boolean {
  try {
    const real = fs.realpathSync.native(abs);
    return real === ws.root || real.startsWith(ws.root + path.sep);
  } catch {
    return false;
  }
}

function isDirLink(abs: string): boolean {
  try {
    return fs.statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A hard link is the same file under another name: `docs/notes.txt` linked to `.env` would be listed as
 * searchable by its harmless name, and the host's search would show `.env`'s lines. A file with more than
 * one link whose inode is a protected file's (a protected name at the workspace root, as the path guard
 * checks, or a protected file met in this walk) counts as protected.
 */
function unaliasHardLinks(ws: Workspace, out: ScopeCheck, linked: { rel: string; key: string }[]): void {
  const guarded = new Set<string>();
  const note = (abs: string) => {
    try {
      const st = fs.lstatSync(abs);
      if (st.isFile() && st.nlink > 1) guarded.add(`${st.dev}:${st.ino}`);
    } catch {
      // gone: nothing to alias
    }
  };
  let names: string[] = [];
  try {
    names = fs.readdirSync(ws.root);
  } catch {
    names = [];
  }
  for (const n of names) if (ws.compiled.paths.matchRelative(n, 'read')?.decision === 'deny') note(path.join(ws.root, n));
  for (const r of out.protectedFiles) note(path.join(ws.root, r));
  const aliased = new Set(linked.filter((l) => guarded.has(l.key)).map((l) => l.rel));
  if (aliased.size === 0) return;
  out.safe = out.safe.filter((r) => !aliased.has(r));
  out.secretFiles = out.secretFiles.filter((r) => !aliased.has(r));
  for (const r of aliased) if (!out.protectedFiles.includes(r)) out.protectedFiles.push(r);
}

function classify(ws: Workspace, abs: string, out: ScopeCheck, withSecrets: boolean, linked: { rel: string; key: string }[]): void {
  const relPath = rel(ws, abs);
  const v = ws.compiled.paths.matchRelative(relPath, 'read');
  // A symlink is judged by where it points, too; a link to a folder (VS Code's search follows links)
  // counts as protected when that folder is, and is never named in a narrowed search.
  let target: string | undefined;
  let isDir = false;
  try {
    const real = fs.realpathSync.native(abs);
    const st = fs.statSync(real);
    isDir = st.isDirectory();
    if (!isDir && st.nlink > 1) linked.push({ rel: relPath, key: `${st.dev}:${st.ino}` });
    if (real !== abs) target = real === ws.root || real.startsWith(ws.root + path.sep) ? rel(ws, real) : '..';
  } catch {
    target = undefined;
  }
  const deny = (r: string) => ws.compiled.paths.matchRelative(r, 'read')?.decision === 'deny';
  const targetDenied = target === '..' || (target !== undefined && (deny(target) || (isDir && deny(`${target}/x`))));
  if (v?.decision === 'deny' || targetDenied) {
    out.protectedFiles.push(relPath);
    return;
  }
  if (isDir) {
    out.linkedDirs.push(relPath);
    return;
  }
  // Whether the search's pattern would show a secret line is not asked: the answer would depend on the
  // secret (a pattern that matches the token's first characters leaves the file out, a wrong guess leaves
  // it in — an oracle one character at a time, and a timing one for a pattern that backtracks on a near
  // match). Every file holding secrets is left out, whatever is searched for.
  if (withSecrets) {
    const held = holdsSecrets(ws, abs, relPath);
    if (held === undefined) return; // unreadable: not named either way
    if (held) {
      out.secretFiles.push(relPath);
      return;
    }
  }
  out.safe.push(relPath);
}

/** Whether a file's text holds secrets, cached by its identity (a search re-checks unchanged files for free). */
const secretCache = new Map<string, { key: string; secret: boolean }>();

function holdsSecrets(ws: Workspace, abs: string, relPath: string): boolean | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(abs);
  } catch {
    return undefined;
  }
  if (st.size > MAX_CHECK_BYTES) return true;
  const key = `${ws.compiled.hash}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  const hit = secretCache.get(abs);
  if (hit?.key === key) return hit.secret;
  let secret: boolean;
  try {
    secret = ws.compiled.maskFile(relPath, fs.readFileSync(abs, 'utf8')).masked > 0;
  } catch {
    return undefined;
  }
  if (secretCache.size > 100_000) secretCache.clear();
  secretCache.set(abs, { key, secret });
  return secret;
}

const GLOB_META = /[*?[\]{}!(),\\]/;

/**
 * The fewest paths that cover `safe` and nothing else in reach: a folder holding no excluded file becomes
 * `folder/**` (when the search had no include pattern to keep), else files one by one. undefined: too many
 * to list, or nothing left to search.
 */
export function narrowPaths(check: ScopeCheck, keepInclude: boolean, baseRel = ''): string[] | undefined {
  const excluded = [...check.protectedFiles, ...check.secretFiles, ...check.linkedDirs];
  // A file whose name holds glob syntax cannot be named safely in a pattern: it is left out.
  const safe = check.safe.filter((p) => !GLOB_META.test(p));
  if (safe.length === 0) return undefined;
  if (keepInclude) return safe.length <= MAX_NARROWED ? safe.sort() : undefined;
  const bad = new Set<string>();
  for (const e of [...excluded, ...check.safe.filter((p) => GLOB_META.test(p))]) {
    const parts = e.split('/');
    for (let i = 1; i < parts.length; i++) bad.add(parts.slice(0, i).join('/'));
  }
  const out = new Set<string>();
  // A folder above where the search started was not checked: covers start below it.
  const depth = baseRel === '' ? 1 : baseRel.split('/').length + 1;
  for (const p of safe) {
    const parts = p.split('/');
    let cover = p;
    for (let i = depth; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!bad.has(dir)) {
        cover = `${dir}/**`;
        break;
      }
    }
    out.add(cover);
  }
  const list = [...out].sort();
  return list.length <= MAX_NARROWED ? list : undefined;
}

export interface PreparedSearch {
  calls: DraftCall[];
  updatedInput?: Record<string, unknown>;
  /** Told to the model next to the result: what the narrowed search left out. */
  note?: string;
}

function listed(files: string[], n = 8): string {
  return files.slice(0, n).join(', ') + (files.length > n ? ` and ${files.length - n} more` : '');
}

/**
 * A search's reach against the path rules (and, where the host returns matches unmasked, against files
 * holding secrets): nothing excluded in reach → as it is; else narrowed to what may be read where the host
 * takes a new input, or refused.
 */
export function prepareSearch(ws: Workspace, env: HookEnvelope, scope: SearchScope, masksOutput: boolean): PreparedSearch {
  const base = env.workspaceRoots?.[0] ?? env.cwd;
  const check = checkScope(ws, scope, base, { secrets: !masksOutput, includesIgnored: scope.includesIgnored });
  if (check.incomplete) {
    return {
      calls: [
        refusal(
          env,
          'hook:search-scope',
          `AgentGuard could not check what this search would reach (${check.incomplete}); search a narrower folder or pattern, or use AgentGuard's search tool.`,
          [],
          'search',
        ),
      ],
    };
  }
  const excluded = [...check.protectedFiles, ...check.secretFiles];
  if (excluded.length === 0) return { calls: [] };
  const why = [
    check.protectedFiles.length ? `${listed(check.protectedFiles)} may not be read by agents` : '',
    check.secretFiles.length ? `${listed(check.secretFiles)} hold${check.secretFiles.length === 1 ? 's' : ''} secrets this host would show unmasked` : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (scope.narrow && env.rewritesInput) {
    const r = toFsPath(scope.base, base ?? ws.root);
    const baseAbs = r.ok ? path.resolve(ws.root, r.path) : ws.root;
    const paths = narrowPaths(check, !!scope.include?.length, rel(ws, baseAbs));
    const input = paths ? scope.narrow(paths) : undefined;
    if (input) {
      return {
        calls: [],
        updatedInput: input,
        note:
          `AgentGuard narrowed this search to the files agents may read: ${why}, so they were left out.` +
          (check.secretFiles.length ? ' Read those with read_file to see them with their secrets masked.' : ''),
      };
    }
  }
  return {
    calls: [
      refusal(
        env,
        'hook:search-protected',
        `AgentGuard refused this search: ${why}, and this search would reach them. Search a folder or pattern that leaves them out, or use AgentGuard's search tool, which skips them and masks what it returns.`,
        excluded,
        'search',
      ),
    ],
  };
}
