// Reading a host tool's input — untrusted, written by the model — into draft canonical calls: strings, paths
// from URIs and globs, and the calls the engine cannot judge (opaque tools, input that may never run).
// Shared by the per-host mappers under hosts/.
import type { Op } from '../types';
import { localAddressIn, metadataAddressIn } from '../net/metadata';
import { AGENTS, type DraftCall, type HookEnvelope, type HookPlan, type ToolEffects } from './bridge';

export function s(x: unknown): string | undefined {
  return typeof x === 'string' ? x : undefined;
}
export function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function draft(env: HookEnvelope, op: Op, paths: string[], extra: Partial<DraftCall> = {}): DraftCall {
  return { op, paths, agent: AGENTS[env.host], channel: 'hook', tool: env.toolName, args: env.toolInput, ...extra };
}

export function isAbsolute(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');
}

/** `~`, `~/…`, `~\…`, `~user/…`: a path the host may expand to a home folder. */
export function isHomeRelative(p: string): boolean {
  return p.startsWith('~');
}

/** A tool path as a filesystem path, or a reason it is not one we can judge. Relative paths join `base`. */
export function toFsPath(raw: string, base: string | undefined): { ok: true; path: string } | { ok: false; reason: string } {
  // Whitespace around a path is judged as absent: a host that trims its parameters (Cline's) writes
  // `.agentguard.yaml` for ` .agentguard.yaml` or `tests/a.test.ts\n`; one that does not writes an odd name
  // that the trimmed judgement only over-protects.
  const p = raw.replace(/^\s+|\s+$/g, '');
  if (p === '') return { ok: false, reason: 'the path is only whitespace' };
  if (p.startsWith('file://')) {
    try {
      const u = new URL(p);
      return { ok: true, path: decodeURIComponent(u.pathname.replace(/^\/([A-Za-z]:)/, '$1')) };
    } catch {
      return { ok: false, reason: `the file URI ${JSON.stringify(p.slice(0, 120))} cannot be parsed` };
    }
  }
  // Another URI scheme (vscode-remote:, vscode-notebook-cell:, vscode-userdata:): a resource the path rules
  // cannot place on this disk.
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(p) && !/^[A-Za-z]:[\\/]/.test(p)) {
    return { ok: false, reason: `the path is a ${p.slice(0, p.indexOf(':'))}: URI, which AgentGuard's path rules cannot place on disk` };
  }
  // A host may expand an environment variable that starts a path it is handed, or may not: `$HOME/.profile`,
  // `${XDG_CONFIG_HOME}/…` name a path only known where it expands: refused. (`$slug` segments elsewhere are
  // file names: Remix routes are named so.)
  if (/^\$(?:\{[A-Za-z_]\w*\}|[A-Z_][A-Z0-9_]*)(?:[/\\]|$)/.test(p)) {
    return {
      ok: false,
      reason: `the path ${JSON.stringify(p.slice(0, 120))} holds a shell variable, which the host may or may not expand; give the path itself`,
    };
  }
  if (isAbsolute(p)) return { ok: true, path: p };
  // `~/.bashrc`, `~\.ssh\id_rsa`: the hosts expand a home-relative path before the tool runs (Claude Code's
  // file tools do). Joined to the base it would be judged as a harmless `<ws>/~/.bashrc` while the host writes
  // the real one, so it stays home-relative and the path rules expand it (`~user` is refused there).
  if (isHomeRelative(p)) return { ok: true, path: p };
  // Every host names the absolute folder its tools run in (Claude Code's follows `cd`). Without one (missing,
  // empty, relative) the folder a relative path lands in is unknown: judging it as workspace-relative would
  // judge a file the tool may not write.
  if (!isBase(base)) return { ok: false, reason: unplaced(p, base) };
  return { ok: true, path: base.replace(/\/+$/, '') + '/' + p };
}

/** A folder relative paths can be joined to: absolute (or home-relative, expanded by the path rules). */
export function isBase(base: string | undefined): base is string {
  return base !== undefined && (isAbsolute(base) || /^~(?:[\\/]|$)/.test(base));
}

function unplaced(p: string, base: string | undefined): string {
  const cwd = base === undefined ? 'no folder' : `the folder ${JSON.stringify(base.slice(0, 120))}, which is not absolute,`;
  return `the path ${JSON.stringify(p.slice(0, 120))} is relative and the host named ${cwd} to place it in; give an absolute path`;
}

/** The directory part of a glob before its first wildcard segment (`src/**\/*.ts` → `src`). */
export function globBase(glob: string): string {
  const segs = glob.split('/');
  const out: string[] = [];
  for (const seg of segs) {
    if (/[*?[\]{}]/.test(seg)) break;
    out.push(seg);
  }
  const b = out.join('/');
  return b === '' && glob.startsWith('/') ? '/' : b;
}

/**
 * A ripgrep `--glob` as a pattern under the searched folder: without a `/` it matches a name at any depth
 * (`*.ts` → `**\/*.ts`); a leading `!` is ripgrep's exclusion and is kept in front (the search then reaches every
 * other file: `!*.ts` searches `.env`). Claude Code's Grep and Gemini's grep hand their glob to ripgrep this way.
 */
export function rgGlob(g: string): string {
  const neg = g.startsWith('!');
  const body = neg ? g.slice(1) : g;
  return (neg ? '!' : '') + (body.includes('/') ? body : `**/${body}`);
}

/**
 * Claude Code's Grep `glob` as it passes it to ripgrep: split on whitespace, and a piece without braces on
 * its commas, each piece one `--glob` (`*.md,.env` searches `.env` too).
 */
export function claudeGrepGlobs(glob: string): string[] {
  const out: string[] = [];
  for (const piece of glob.split(/\s+/)) {
    if (!piece) continue;
    if (piece.includes('{') && piece.includes('}')) out.push(piece);
    else out.push(...piece.split(',').filter(Boolean));
  }
  return out;
}

export interface PathCollector {
  paths: string[];
  problem?: string;
}

/** Collect tool paths as fs paths; the first one that is not a judgeable path is reported. */
export function collect(raw: (string | undefined)[], base: string | undefined): PathCollector {
  const out: PathCollector = { paths: [] };
  for (const p of raw) {
    if (p === undefined || p === '') continue;
    const r = toFsPath(p, base);
    if (!r.ok) {
      out.problem ??= r.reason;
      continue;
    }
    if (!out.paths.includes(r.path)) out.paths.push(r.path);
  }
  return out;
}

/** A call on paths; a missing or unjudgeable path makes the whole call opaque (never allowed by rule). */
export function pathCall(env: HookEnvelope, op: Op, raw: (string | undefined)[], base: string | undefined, extra: Partial<DraftCall> = {}): HookPlan {
  const c = collect(raw, base);
  if (c.problem) return opaque(env, 'hook:unjudgeable-path', c.problem);
  if (c.paths.length === 0) return opaque(env, 'hook:no-path', `${env.toolName} names no path AgentGuard can check`);
  return { kind: 'calls', calls: [draft(env, op, c.paths, extra)] };
}

/**
 * A tool AgentGuard cannot see into: one exec-shaped call decided as an unknown command is (the policy's
 * `commands.unknown`, never allow); "allow for this session" approves exactly this tool with these arguments.
 */
/**
 * Input keys a host's shell tool may take its working directory from: Codex `workdir`, Gemini `dir_path` and its
 * older `directory`, and the names other hosts and versions use. A command judged in the session's folder but
 * run in `.git/hooks` or `secrets/` is judged against the wrong files, so every such key counts, whichever host.
 */
const DIR_KEYS = ['workdir', 'cwd', 'dir_path', 'directory', 'dir', 'working_directory', 'workingDirectory', 'working_dir', 'workDir'];

/**
 * The folder a shell tool runs its command in: `base`, or the folder its input names (relative to `base`).
 * A folder that cannot be read (not a string, a URI of another scheme) or two keys that disagree: no folder
 * the guard can judge the command in, so the call is opaque.
 */
export function execDir(env: HookEnvelope, base: string | undefined): { ok: true; cwd: string | undefined } | { ok: false; plan: HookPlan } {
  const i = env.toolInput;
  const found = new Set<string>();
  for (const k of DIR_KEYS) {
    const v = i[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string') return { ok: false, plan: opaque(env, 'hook:exec-dir', `${env.toolName}'s \`${k}\` is not a folder path AgentGuard can read`) };
    const p = toFsPath(v, base);
    if (!p.ok) return { ok: false, plan: opaque(env, 'hook:exec-dir', `${env.toolName}'s \`${k}\`: ${p.reason}`) };
    found.add(p.path.replace(/\/+$/, '') || '/');
  }
  if (found.size > 1)
    return { ok: false, plan: opaque(env, 'hook:exec-dir', `${env.toolName} names more than one working folder (${[...found].join(', ').slice(0, 200)})`) };
  const cwd = found.size ? [...found][0] : base;
  // Every host names the folder its commands run in; without one, relative paths cannot be placed.
  if (!isBase(cwd))
    return {
      ok: false,
      plan: opaque(env, 'hook:exec-dir', `${env.toolName}: the host named no absolute working folder, so where the command runs is unknown`),
    };
  return { ok: true, cwd };
}

export function opaque(env: HookEnvelope, rule: string, reason: string, opts: { onceOnly?: boolean } = {}): HookPlan {
  let args = '';
  try {
    args = JSON.stringify(env.toolInput) ?? '';
  } catch {
    args = '';
  }
  if (args.length > 400) args = args.slice(0, 400) + '…';
  const command = `[tool ${env.toolName.slice(0, 200)}] ${args}`;
  return {
    kind: 'calls',
    calls: [draft(env, 'exec', [], { command, cwd: env.cwd, preset: { kind: 'opaque', rule, reason, ...(opts.onceOnly ? { onceOnly: true } : {}) } })],
  };
}

/** Input that may never run (a command that would switch the guard off, a patch that cannot be read): refused. */
export function refuse(env: HookEnvelope, op: Op, rule: string, reason: string, extra: Partial<DraftCall> = {}): HookPlan {
  return { kind: 'calls', calls: [draft(env, op, [], { ...extra, preset: { kind: 'refuse', rule, reason } })] };
}

/**
 * AgentGuard's own tools, by base name (the list the extension and the MCP server register; a unit test keeps
 * the two equal). Only these pass the bridge as guarded: a prefix alone is no proof. Threat: a project's own
 * MCP server named `agentguard` (`.mcp.json`, `.vscode/mcp.json`) exposing `exec`, whose calls would pass
 * unjudged as `mcp__agentguard__exec`.
 */
export const GUARDED_TOOLS: readonly string[] = ['readFile', 'listDirectory', 'searchText', 'writeFile', 'editFile', 'deletePath', 'renamePath', 'runCommand'];

/** Whether `name` is `<prefix><one of AgentGuard's tools>` (the guard's own tool, which judges itself). */
export function isGuardedTool(name: string, prefix: string): boolean {
  return name.startsWith(prefix) && GUARDED_TOOLS.includes(name.slice(prefix.length));
}

export function pass(rule: string, reason: string): HookPlan {
  return { kind: 'pass', rule, reason };
}

/** A URL that names a local file: `file:/…`, `file://…`, `FILE:%2F…`, `view-source:file:…`, `file:\\…`. */
const LOCAL_URL = /(?<![a-z0-9+.-])file:(?:\/|\\|%2f|%5c)/i;

/** The first string anywhere in a tool's input that names a local file by URL (bounded walk). */
export function localUrlIn(x: unknown): string | undefined {
  return stringIn(x, (v) => (LOCAL_URL.test(v) ? v : undefined));
}

/** The first answer `f` gives for a string anywhere in a tool's input (bounded walk). */
function stringIn(x: unknown, f: (v: string) => string | undefined, depth = 0): string | undefined {
  if (typeof x === 'string') return f(x);
  if (depth > 8 || x === null || typeof x !== 'object') return undefined;
  for (const v of Array.isArray(x) ? x : Object.values(x as Record<string, unknown>)) {
    const r = stringIn(v, f, depth + 1);
    if (r !== undefined) return r;
  }
  return undefined;
}

/** The hosts' web-fetch tools (VS Code, Claude Code, Gemini CLI and Cline): a URL they fetch is a request from this machine. */
const WEB_FETCH = new Set(['fetch_webpage', 'WebFetch', 'web_fetch']);

/**
 * A tool that touches no workspace file the guard judges (web fetch, browser, todo lists): the host's own flow
 * applies — unless its input names a local file by URL. Threat: `WebFetch file:///ws/.env`, Cline's browser
 * opening `file://…/.env`: a read of a protected or secret file through a tool whose output the guard never sees.
 */
export function noEffect(env: HookEnvelope, tool: string, reason: string): HookPlan {
  const url = localUrlIn(env.toolInput);
  if (url === undefined) {
    // A web fetch of a cloud metadata service brings this machine's credentials into the model's context.
    const md = stringIn(env.toolInput, (v) => metadataAddressIn(v));
    if (md !== undefined)
      return opaque(env, 'hook:cloud-metadata', `${tool} requests ${md.slice(0, 120)}, a cloud metadata service: it answers with this machine's credentials`);
    // A web fetch of this machine or its private network reaches services no outside page could (SSRF).
    const local = WEB_FETCH.has(tool) ? stringIn(env.toolInput, localAddressIn) : undefined;
    if (local !== undefined)
      return opaque(
        env,
        'hook:local-address',
        `${tool} requests ${local.slice(0, 120)}, an address of this machine or its private network: a request to a local service the page cannot reach from outside`,
      );
    return pass('hook:no-effect', reason);
  }
  const shown = url.length > 120 ? url.slice(0, 120) + '…' : url;
  return refuse(
    env,
    'read',
    'hook:local-url',
    `${tool} names a local file by URL (${JSON.stringify(shown)}): a read AgentGuard can neither judge nor mask — read workspace files with the read tool`,
  );
}

/**
 * Whether a tool the planner passes as having no effect sends its input off this machine (a URL fetched, a query
 * searched, a page browsed): its input is then checked for the workspace's secret values (hookBridge/answer.ts).
 */
export function sendsOut(env: HookEnvelope, plan: HookPlan): boolean {
  return plan.kind === 'pass' && plan.rule === 'hook:no-effect' && /fetch|search|brows|web|url|http|navigat|request|open_simple/i.test(env.toolName);
}

/** Shell-quote one word for display and classification (POSIX single quotes). */
export function shq(w: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

export function strings(x: unknown): string[] {
  return Array.isArray(x) ? x.filter((v): v is string => typeof v === 'string') : [];
}

/** A plan with what the tool will do to files attached (see ToolEffects). */
export function withEffects(plan: HookPlan, effects: ToolEffects): HookPlan {
  return plan.kind === 'calls' ? { ...plan, effects: { ...plan.effects, ...effects } } : plan;
}

/** A copy of the tool input with some keys replaced. */
export function patchInput(input: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  return { ...input, ...changes };
}
