// VS Code agent hooks (Copilot Chat's "Local" agent). The envelope and answers are the JSON protocol it
// shares with Claude Code (../hookJson.ts). VS Code cannot replace a tool's output but applies a new
// input (`updatedInput`, checked against the tool's schema): a read of a file holding secrets is pointed
// at a masked view of it, an edit that carries a placeholder gets the real value back, a search that would
// reach protected files is narrowed. Tool names and input fields as VS Code 1.139 and Copilot Chat 0.67
// send them: input is camelCase, paths are absolute or URIs. Every tool that reads, writes or executes is
// mapped; a tool we do not know is opaque (the policy's `commands.unknown`, never allow), because VS Code
// runs every hook for every tool.
import { patchPlan } from '../applyPatch';
import type { FileEdit, HookEnvelope, HookHost, HookPlan } from '../bridge';
import { replacements, unknownMerge, wholeFile } from '../edits';
import { parseHookJson, renderHookJson, renderHookJsonError } from '../hookJson';
import {
  collect,
  draft,
  execDir,
  globBase,
  isGuardedTool,
  isObj,
  noEffect,
  opaque,
  pass,
  patchInput,
  pathCall,
  refuse,
  s,
  shq,
  strings,
  withEffects,
} from '../toolInput';
import { isGuardOffCommand } from './vscodeCommands';

export const vscodeHost: HookHost = {
  id: 'vscode',
  canAsk: true,
  parse: (p) => {
    const r = parseHookJson(p, 'vscode');
    if (r.ok) r.env.rewritesInput = true;
    return r;
  },
  plan: mapVscode,
  render: (phase, a) => renderHookJson(phase, a, false),
  renderError: renderHookJsonError,
};

/** Tools that read no file, write nothing and run nothing the guard can judge: the host's own flow applies. */
const NO_EFFECT = new Set([
  'manage_todo_list',
  'fetch_webpage',
  'vscode_askQuestions',
  'think',
  'get_project_setup_info',
  'github_repo',
  'search_workspace_symbols',
  'get_vscode_api',
  'test_failure',
  'switch_agent',
  'tool_search',
  'kill_terminal',
  'get_task_output',
  'github_text_search',
  'resolve_memory_file_uri',
  'vscode_get_confirmation',
  'vscode_get_confirmation_with_options',
  'vscode_get_terminal_confirmation',
  // The integrated browser: what it shows is a web page; a page named by a local file URL is refused
  // (noEffect looks at every string of the input).
  'open_browser_page',
  'navigate_page',
  'read_page',
  'screenshot_page',
  'click_element',
  'hover_element',
  'drag_element',
  'type_in_page',
  'handle_dialog',
]);

/**
 * Sub-agents whose own tool calls come back through the same hooks, one by one: Copilot's execution_subagent
 * loop runs the PreToolUse hooks for each call it makes. runSubagent is not among them: the sub-agent it starts
 * (a custom agent's own tools and settings) may run its calls without the parent's hooks, so what it does is
 * unseen and it is asked (UNHOOKED_SUBAGENTS).
 */
const SUBAGENTS = new Set(['execution_subagent']);
const UNHOOKED_SUBAGENTS = new Set(['runSubagent']);

/**
 * Sub-agents that search the workspace and hand back text (Copilot's search_subagent: semantic search, file
 * and text search, read_file, five calls; explore_subagent): what they read is chosen by a model from the whole
 * workspace and comes back as their answer, which VS Code cannot mask. Judged as a search of the workspace,
 * like semantic_search: refused or asked where that reaches a protected file. Threat: `search_subagent
 * {query: "the GitHub token"}` returning the line of `.env` that holds it, on a call the guard passed.
 */
const SEARCH_SUBAGENTS = new Set(['search_subagent', 'explore_subagent']);

/**
 * The active terminal's last command and its output, or the text selected in it: what a person ran there
 * (`cat .env`, a login that echoed a token) — output AgentGuard never judged and VS Code cannot mask.
 * get_terminal_output is different: it only returns executions run_in_terminal started (looked up by the
 * id that tool returned), whose command was judged here when it started — the same output run_in_terminal
 * returns inline.
 */
/** The id run_in_terminal returns for an execution. */
const TERMINAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const USER_TERMINAL = new Set(['terminal_last_command', 'terminal_selection']);

export function mapVscode(env: HookEnvelope): HookPlan {
  const t = env.toolName;
  const i = env.toolInput;
  const base = env.cwd;
  if (isGuardedTool(t, 'agentguard_') || isGuardedTool(t, 'mcp_agentguard_')) return pass('hook:guarded-tool', 'AgentGuard guards its own tools itself');
  if (NO_EFFECT.has(t)) return noEffect(env, t, `${t} reads no file and runs nothing AgentGuard judges`);
  if (SUBAGENTS.has(t)) return pass('hook:subagent', "a sub-agent's tool calls pass through the same hooks");
  if (UNHOOKED_SUBAGENTS.has(t)) {
    return opaque(env, 'hook:subagent-unhooked', `${t} starts a sub-agent whose tool calls may run without AgentGuard's hooks, so what it does is unseen`);
  }
  if (SEARCH_SUBAGENTS.has(t)) return withEffects(pathCall(env, 'search', [base], base), { search: { base: base ?? '.' } });
  if (USER_TERMINAL.has(t)) {
    return opaque(env, 'hook:terminal-read', `${t} shows what ran in the user's terminal, output AgentGuard never judged and cannot mask`);
  }
  if (t === 'get_terminal_output') {
    // VS Code looks the id up among the executions run_in_terminal started (an unknown id gets an error, no
    // output), and its schema asks for the UUID that tool returned. An id of another shape is no such
    // execution: refused rather than trusted to a lookup a later version may widen (terminal names, indexes).
    const id = s(i.id);
    if (id === undefined || !TERMINAL_ID.test(id.trim())) {
      return refuse(
        env,
        'read',
        'hook:terminal-id',
        `get_terminal_output needs the id run_in_terminal returned (a UUID), not ${JSON.stringify(String(i.id ?? '').slice(0, 60))}`,
      );
    }
    return noEffect(env, t, "get_terminal_output shows a run_in_terminal execution's output; its command was judged when it started");
  }
  switch (t) {
    case 'run_in_terminal':
    case 'send_to_terminal': {
      const command = s(i.command);
      if (!command?.trim()) return opaque(env, 'hook:no-command', `${t} names no command`);
      const dir = execDir(env, base);
      return dir.ok ? { kind: 'calls', calls: [draft(env, 'exec', [], { command, cwd: dir.cwd })] } : dir.plan;
    }
    case 'create_and_run_task': {
      const task = isObj(i.task) ? i.task : {};
      const cmd = s(task.command);
      const folder = s(i.workspaceFolder) ?? base;
      if (!cmd?.trim()) return opaque(env, 'hook:no-command', 'create_and_run_task names no task command');
      const command = [cmd, ...strings(task.args).map(shq)].join(' ');
      // The task is also written into .vscode/tasks.json before it runs.
      const tasksJson = collect([folder ? `${folder.replace(/\/+$/, '')}/.vscode/tasks.json` : '.vscode/tasks.json'], base);
      if (tasksJson.problem) return opaque(env, 'hook:unjudgeable-path', tasksJson.problem);
      return { kind: 'calls', calls: [draft(env, 'exec', [], { command, cwd: folder }), draft(env, 'write', tasksJson.paths)] };
    }
    case 'run_task':
      return opaque(env, 'hook:task', 'run_task runs a task whose command AgentGuard does not see');
    case 'run_notebook_cell':
      // The input names the cell, not its code: an approval kept for the session would run whatever code the
      // cell holds later (edited in the editor, unsaved). Each run is asked.
      return opaque(
        env,
        'hook:notebook-exec',
        `run_notebook_cell runs the code of a notebook cell (${s(i.filePath) ?? '?'}), which AgentGuard cannot classify`,
        { onceOnly: true },
      );
    case 'create_file': {
      const path = s(i.filePath);
      const content = s(i.content) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.content) }), {
        edits: path ? [wholeFile(path, content)] : [],
        withText: (fix) => patchInput(i, { content: path ? fix(content, path, 'new') : content }),
      });
    }
    case 'replace_string_in_file': {
      const path = s(i.filePath);
      const o = s(i.oldString) ?? '';
      const n = s(i.newString) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.newString) }), {
        edits: path ? [replacements(path, [{ old: o, new: n }])] : [],
        withText: (fix) => (path ? patchInput(i, { oldString: fix(o, path, 'old'), newString: fix(n, path, 'new') }) : i),
      });
    }
    case 'multi_replace_string_in_file': {
      const reps = Array.isArray(i.replacements) ? i.replacements.filter(isObj) : [];
      if (reps.length === 0) return opaque(env, 'hook:no-path', 'multi_replace_string_in_file names no replacement');
      // A replacement whose file cannot be read (no `filePath`, `file_path`, not an object) is not one to skip:
      // the tool may still apply it somewhere, so the whole call is opaque.
      if (reps.length !== (i.replacements as unknown[]).length || reps.some((r) => typeof r.filePath !== 'string' || !r.filePath))
        return opaque(env, 'hook:no-path', 'multi_replace_string_in_file has a replacement that names no file path AgentGuard can check');
      const byFile = new Map<string, { old: string; new: string }[]>();
      for (const r of reps) {
        const f = s(r.filePath) ?? '';
        byFile.set(f, [...(byFile.get(f) ?? []), { old: s(r.oldString) ?? '', new: s(r.newString) ?? '' }]);
      }
      const edits: FileEdit[] = [...byFile].filter(([f]) => f).map(([f, rs]) => replacements(f, rs));
      return withEffects(
        pathCall(
          env,
          'write',
          reps.map((r) => s(r.filePath) ?? ''),
          base,
          { content: reps.map((r) => s(r.newString) ?? '').join('\n') },
        ),
        {
          edits,
          withText: (fix) =>
            patchInput(i, {
              replacements: (i.replacements as unknown[]).map((r) => {
                if (!isObj(r) || typeof r.filePath !== 'string') return r;
                const f = r.filePath;
                return {
                  ...r,
                  oldString: typeof r.oldString === 'string' ? fix(r.oldString, f, 'old') : r.oldString,
                  newString: typeof r.newString === 'string' ? fix(r.newString, f, 'new') : r.newString,
                };
              }),
            }),
        },
      );
    }
    case 'insert_edit_into_file': {
      // Copilot merges `code` ("...existing code..." markers) into the file with a model: the result cannot be known.
      const path = s(i.filePath);
      const code = s(i.code) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.code) }), {
        edits: path ? [unknownMerge(path, code)] : [],
        withText: (fix) => (path ? patchInput(i, { code: fix(code, path, 'new') }) : i),
      });
    }
    case 'edit_notebook_file': {
      const path = s(i.filePath);
      const code = Array.isArray(i.newCode) ? strings(i.newCode).join('\n') : s(i.newCode);
      return withEffects(pathCall(env, 'write', [path], base, { content: code }), {
        withText: (fix) =>
          path === undefined
            ? i
            : patchInput(i, {
                newCode: Array.isArray(i.newCode)
                  ? i.newCode.map((c) => (typeof c === 'string' ? fix(c, path, 'new') : c))
                  : typeof i.newCode === 'string'
                    ? fix(i.newCode, path, 'new')
                    : i.newCode,
              }),
      });
    }
    case 'create_directory':
      return pathCall(env, 'write', [s(i.dirPath)], base);
    case 'apply_patch':
      return patchPlan(env, i.input, base, 'vscode', (patch) => patchInput(i, { input: patch }));
    case 'memory':
      return memoryPlan(env);
    case 'read_file': {
      // VS Code cannot replace what read_file returns: a file holding secrets is read through a masked view.
      const path = s(i.filePath);
      return withEffects(pathCall(env, 'read', [path], base), {
        reads: { paths: path ? [path] : [], redirect: (view) => (path && view(path) ? patchInput(i, { filePath: view(path), ...readRange(i) }) : i) },
      });
    }
    case 'view_image':
      return pathCall(env, 'read', [s(i.filePath)], base);
    case 'read_notebook_cell_output':
    case 'copilot_getNotebookSummary': {
      // A cell's saved output (or the notebook's cells) comes from the notebook file, and VS Code cannot mask
      // it: judged as a read of that file (a notebook in secrets/, or one whose outputs hold a token).
      const path = s(i.filePath);
      return withEffects(pathCall(env, 'read', [path], base), { reads: { paths: path ? [path] : [] } });
    }
    case 'runTests': {
      // The test runner loads each file it is handed (`files`, `coverageFiles`), and its failures quote their
      // lines: judged as reads of those files, like get_errors. Threat: `files: [".env"]`, a secrets file handed
      // to jest or pytest, whose parse error echoes it. Without files it runs the workspace's tests.
      const files = [...strings(i.files), ...strings(i.coverageFiles)];
      if (files.length === 0) return noEffect(env, t, "runTests runs the workspace's tests and names no file");
      return withEffects(pathCall(env, 'read', files, base), { reads: { paths: files } });
    }
    case 'get_errors': {
      // Diagnostics quote the lines they point at: judged as reads of those files. With no file, or with a
      // folder, the diagnostics of every file under it (and their source lines) come back, which VS Code cannot
      // mask: a search of that folder. Threat: get_errors {} quoting the line of secrets/db.ts holding a password.
      const files = strings(i.filePaths);
      if (files.length === 0) return withEffects(pathCall(env, 'search', [base], base), { search: { base: base ?? '.' } });
      return withEffects(pathCall(env, 'read', files, base), {
        reads: { paths: files },
        search: { base: base ?? '.', include: files.map((f) => `${f.replace(/[\\/]+$/, '')}/**`) },
      });
    }
    case 'test_search': {
      // Returns the test of a source file or the source of a test, whole: the named files and any file whose
      // name holds one of their stems (app.ts → app.test.ts, test_app.py, AppTest.java) are in reach.
      const files = strings(i.filePaths);
      if (files.length === 0) return opaque(env, 'hook:no-path', 'test_search names no file');
      const stems = files.map(testStem);
      return withEffects(pathCall(env, 'read', files, base), {
        search: { base: base ?? '.', include: stems.some((x) => x === undefined) ? undefined : stems.map((x) => `**/*${x}*`) },
      });
    }
    case 'list_code_usages':
    case 'vscode_listCodeUsages': {
      // Returns the lines around each usage of a symbol, from any file of the workspace that names it, which
      // VS Code cannot mask: a search of the workspace for files holding the symbol's name.
      const sym = s(i.symbolName) ?? s(i.symbol) ?? '';
      const files = strings(i.filePaths);
      return withEffects(pathCall(env, 'search', [base, ...files], base), {
        search: { base: base ?? '.', ...(sym.trim().length >= 2 ? { contains: sym.trim() } : {}) },
      });
    }
    case 'list_dir':
      return pathCall(env, 'list', [s(i.path)], base);
    case 'file_search': {
      const q = s(i.query) ?? '';
      return pathCall(env, 'list', [globBase(q) || base], base);
    }
    case 'grep_search': {
      const incs = copilotIncludes(s(i.includePattern));
      const root = base;
      const inc = incs?.length === 1 ? incs[0] : undefined;
      return withEffects(pathCall(env, 'search', [(inc && globBase(inc)) || base], base), {
        search: {
          base: root ?? '.',
          include: incs,
          includesIgnored: i.includeIgnoredFiles === true,
          // A brace list of what may be searched, anchored at the folder (an absolute pattern is resolved
          // by Copilot to the workspace folder it lies in).
          narrow: (paths) => (paths.length === 0 || !root ? undefined : patchInput(i, { includePattern: `${root.replace(/\/+$/, '')}/${braces(paths)}` })),
        },
      });
    }
    case 'semantic_search':
      // Returns snippets of any indexed file, chosen by meaning: the whole workspace is its scope, and no
      // input narrows it.
      return withEffects(pathCall(env, 'search', [base], base), { search: { base: base ?? '.' } });
    case 'get_search_view_results':
      // The lines the person's own search found, from any file (a `.env` match too), which VS Code cannot mask.
      return opaque(env, 'hook:search-view', "get_search_view_results returns the lines of the person's search, from files AgentGuard cannot mask or narrow");
    case 'get_changed_files':
      return opaque(env, 'hook:changed-files', 'get_changed_files returns the diffs of every changed file, which AgentGuard cannot mask or narrow');
    case 'run_vscode_command': {
      const id = s(i.commandId) ?? '';
      const hit = isGuardOffCommand(id);
      if (!id || hit) {
        return refuse(
          env,
          'exec',
          'hook:guard-off-command',
          `The VS Code command ${JSON.stringify(id)} could switch AgentGuard off, change settings or run unguarded code; agents may never run it. Ask the user to do it.`,
          { command: `[vscode command] ${id.slice(0, 200)}` },
        );
      }
      return opaque(env, 'hook:vscode-command', `run_vscode_command runs the VS Code command ${JSON.stringify(id)}, whose effect AgentGuard cannot see`);
    }
    case 'install_extension':
      return opaque(env, 'hook:install-extension', `installing the extension ${JSON.stringify(s(i.id) ?? '?')} runs its code with the editor's rights`);
    case 'read_project_structure':
      // The workspace's folders and file names, like list_dir on the root.
      return pathCall(env, 'list', [base], base);
    case 'create_new_workspace':
    case 'create_new_jupyter_notebook':
      return opaque(env, 'hook:workspace-create', `${t} creates files AgentGuard cannot list in advance`);
  }
  if (t.startsWith('mcp_')) return opaque(env, 'hook:mcp-tool', `the MCP tool ${t} is not one AgentGuard knows`);
  return opaque(env, 'hook:unknown-tool', `AgentGuard does not know the tool ${t}`);
}

/**
 * The include pattern as Copilot searches with it: a pattern not anchored by `**\/` or `/` is matched at
 * any depth (`config/*` → `**\/config/*`), a trailing `/` means the folder's contents, `**` means no
 * pattern. Threat: `config/*` judged at the root only while Copilot also searches `deploy/config/.env`.
 */
export function copilotInclude(p: string | undefined): string | undefined {
  if (p === undefined || p === '' || p === '**') return undefined;
  let o = p;
  if (!o.startsWith('**/') && !o.startsWith('/') && !o.includes(':')) o = `**/${o}`;
  if (o.endsWith('/')) o += '**';
  return o;
}

/**
 * VS Code's `splitGlobAware`: the pieces of a pattern list split on `sep` outside `{…}` and `[…]` (one level, as
 * VS Code tracks it). VS Code's search splits an include pattern on commas this way and searches each piece.
 */
export function splitGlobAware(pattern: string, sep: string): string[] {
  const out: string[] = [];
  let inBraces = false;
  let inBrackets = false;
  let cur = '';
  for (const ch of pattern) {
    if (ch === sep && !inBraces && !inBrackets) {
      out.push(cur);
      cur = '';
      continue;
    }
    if (ch === '{') inBraces = true;
    else if (ch === '}') inBraces = false;
    else if (ch === '[') inBrackets = true;
    else if (ch === ']') inBrackets = false;
    cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * The globs grep_search searches with: the include pattern split on its top-level commas (VS Code searches each
 * piece: `**\/.env,src/**` is `.env` anywhere and `src/**`), each piece trimmed and read as Copilot reads the
 * whole (copilotInclude), and each also as the folder it may name (`piece/**`: Copilot adds that second pattern
 * for some models). Undefined: every file (one piece is empty or `**`). Threat: `**\/.env,src/**` judged as one
 * glob that matches no file, so the search ran unnarrowed over `.env`.
 */
export function copilotIncludes(p: string | undefined): string[] | undefined {
  if (p === undefined) return undefined;
  const pieces = p.includes(',') ? splitGlobAware(p, ',') : [p];
  const out: string[] = [];
  for (const raw of pieces.length ? pieces : ['']) {
    const g = copilotInclude(raw.trim());
    if (g === undefined) return undefined;
    out.push(g);
    if (!g.endsWith('/**')) out.push(`${g}/**`);
  }
  return out;
}

/**
 * The part of a file's name its partner test or source file also holds (`src/app.ts`, `tests/app.test.ts`,
 * `test_app.py`, `AppTest.java` → `app`), glob characters made single wildcards; undefined when too short to
 * narrow anything (then every file is in reach).
 */
export function testStem(file: string): string | undefined {
  let n = (file.split(/[\\/]/).pop() ?? '').replace(/^\.+/, '');
  n = n.split('.')[0];
  n = n.replace(/^test[_-]?/i, '').replace(/(?:[_-]?test|[_-]?spec)$/i, '');
  n = n.replace(/[*?[\]{}()!+@\\]/g, '?');
  return n.length >= 2 ? n : undefined;
}

/** A brace list `{a,b}`, or the one path. Commas and braces in a path would break the list: escaped. */
export function braces(paths: string[]): string {
  const esc = paths.map((p) => p.replace(/[{},]/g, (c) => `\\${c}`));
  return esc.length === 1 ? esc[0] : `{${esc.join(',')}}`;
}

/**
 * Copilot's memory tool keeps its files in its own storage under the virtual `/memories/` root: not the
 * workspace. Any other path it is given is judged as the file operation it names.
 */
function memoryPlan(env: HookEnvelope): HookPlan {
  const i = env.toolInput;
  const cmd = s(i.command) ?? '';
  const paths = [s(i.path), s(i.old_path), s(i.new_path)].filter((p): p is string => !!p);
  if (paths.length && paths.every((p) => p === '/memories' || p.startsWith('/memories/'))) {
    // The store is loaded into every later session: a write there is a standing instruction to future agents,
    // like an edit of AGENTS.md (asked), so only viewing it passes.
    if (cmd === 'view') return pass('hook:memory-store', 'viewing the memory store reads no workspace file');
    return opaque(env, 'hook:agent-memory', 'the memory tool writes instructions every later session of the agent loads');
  }
  switch (cmd) {
    case 'view':
      return pathCall(env, 'read', [s(i.path)], env.cwd);
    case 'delete':
      return pathCall(env, 'delete', [s(i.path)], env.cwd);
    case 'rename': {
      const from = collect([s(i.old_path)], env.cwd);
      const to = collect([s(i.new_path)], env.cwd);
      if (from.problem || to.problem || !from.paths[0] || !to.paths[0]) return opaque(env, 'hook:no-path', 'memory rename needs old_path and new_path');
      return { kind: 'calls', calls: [draft(env, 'rename', [from.paths[0]], { dest: to.paths[0] })] };
    }
    case 'create':
    case 'str_replace':
    case 'insert':
      return pathCall(env, 'write', [s(i.path)], env.cwd, { content: s(i.file_text) ?? s(i.new_str) ?? s(i.insert_text) });
  }
  return opaque(env, 'hook:unknown-tool', `unknown memory command ${JSON.stringify(cmd)}`);
}

/**
 * The line range of a `read_file` pointed at a masked view, in the types the tool's schema wants. VS Code checks
 * a hook's `updatedInput` against the schema and silently drops it when it fails, and the original read — of the
 * file with its secrets — then runs, approved by the hook's `allow`. The model's own input may pass the host's
 * more lenient checks with a number written as a string (`"startLine": "1"`): such a value is made a number, and
 * one that is no number at all is replaced by the whole file's range (V1's fields are required) or left out (V2's
 * are optional). Threat: a rewrite dropped for a type, and the unmasked read that runs instead.
 */
export function readRange(i: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const num = (v: unknown): number | undefined => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
    if (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v)) return Number(v);
    return undefined;
  };
  const whole: Record<string, number> = { startLine: 1, endLine: 1_000_000_000 };
  for (const k of ['startLine', 'endLine', 'offset', 'limit']) {
    if (!(k in i)) continue;
    const n = num(i[k]);
    if (n !== undefined) out[k] = n;
    else if (k in whole) out[k] = whole[k];
    else out[k] = undefined;
  }
  return out;
}
