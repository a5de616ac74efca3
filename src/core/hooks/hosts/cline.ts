// Cline hooks: its own protocol. The envelope comes in two generations — the legacy
// XML-era block (v3, string parameters; also what Cline's VS Code extension sends) and the SDK's
// `tool_call` / `tool_result` (the CLI) — and paths are often relative to the workspace root. Cline has no
// per-tool deny and no "ask", and exit codes mean nothing to it. Its SDK hooks apply `overrideInput`: a
// refused call runs a harmless stand-in that tells the agent why (a command that prints the refusal and
// fails, a read of a notice, an edit that cannot match), and the task goes on; a read of a file holding
// secrets reads a masked view instead. The legacy protocol has only `cancel: true`, which ends the whole
// task: there, and for a tool with no stand-in, a refusal cancels.
// SDK input comes in loose variants: every variant the SDK accepts is read, and a shape we do not recognise
// is opaque, never allowed by rule.
import { patchPlan } from '../applyPatch';
import { insertAt, parseSearchReplace, replacements, wholeFile } from '../edits';
import { unknownEvent } from '../hookJson';
import {
  type DraftCall,
  type EnvelopeResult,
  type HookAnswer,
  type HookEnvelope,
  type HookHost,
  type HookPhase,
  type HookPlan,
  type Rendered,
  withPrefix,
} from '../bridge';
import { draft, execDir, GUARDED_TOOLS, isObj, noEffect, opaque, pass, patchInput, pathCall, s, shq, strings, withEffects } from '../toolInput';

/**
 * A command that may change the state of the shell it runs in for the commands after it: a directory change,
 * a variable, an alias or function, an option, a sourced file. Over-inclusive on purpose (a word anywhere).
 */
const SHELL_STATE =
  /(?:^|[\s;&|(`{])(?:cd|pushd|popd|export|unset|alias|unalias|source|\.|set|shopt|declare|typeset|local|readonly|eval|exec|trap|umask|enable|hash|builtin|function|bind|complete)(?=[\s;&|)]|$)|(?:^|[\s;&|(`{])[A-Za-z_]\w*(?:\[[^\]]*\])?\+?=|\(\)\s*\{/;

export const clineHost: HookHost = {
  id: 'cline',
  canAsk: false,
  parse: parseCline,
  plan: mapCline,
  render: renderCline,
  refusalInput: clineRefusalInput,
  endsOnSecretOutput: true,
  echoesEdit: (env, before, after) => (env.toolName === 'editor' && env.toolInput.insert_line === undefined ? changedLines(before, after) : undefined),
  renderError: (_phase, reason) => {
    const msg = withPrefix(`the hook bridge failed closed: ${reason}`);
    return { stdout: JSON.stringify({ cancel: true, errorMessage: msg }) + '\n', stderr: msg + '\n', exitCode: 2 };
  },
};

/**
 * Cline's other events, by their exact names: the hook files its VS Code extension runs (`.clinerules/hooks/
 * TaskStart`, …). Any other name (`toolCall`, `preToolUse`) is refused: it may carry a call that would run unjudged.
 */
const LIFECYCLE = new Set(['TaskStart', 'TaskResume', 'TaskCancel', 'TaskComplete', 'UserPromptSubmit', 'PreCompact', 'Notification']);

function phaseOf(event: string): HookPhase | undefined {
  if (event === 'PreToolUse' || event === 'tool_call') return 'pre';
  if (event === 'PostToolUse' || event === 'tool_result') return 'post';
  return LIFECYCLE.has(event) ? 'other' : undefined;
}

/**
 * Parameters that are text whatever they hold: a file's content, a diff, a patch, a command. Threat: a
 * package.json or tsconfig.json written by write_to_file is text starting with `{`; parsed as a nested
 * value it read as no content at all, so what the write leaves (a test script replaced by `exit 0`, a
 * placeholder written back) was judged as an empty file.
 */
const TEXT_PARAMS = new Set(['content', 'diff', 'old_text', 'new_text', 'input', 'patch', 'command', 'text', 'path']);

/** Cline's legacy `parameters` are a string map; v4 JSON-stringifies nested values. Undo that where it parses. */
function clineParams(params: unknown): Record<string, unknown> {
  if (!isObj(params)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'string' && !TEXT_PARAMS.has(k) && /^\s*[[{]/.test(v)) {
      try {
        out[k] = JSON.parse(v);
        continue;
      } catch {
        /* a string that merely starts with a bracket */
      }
    }
    out[k] = v;
  }
  return out;
}

/**
 * Whether the legacy string map says what the SDK input says: each value compared as the legacy block
 * writes it (strings as they are, anything else JSON-encoded); a key missing on one side with a value on
 * the other differs.
 */
function sameParams(input: Record<string, unknown>, params: unknown): boolean {
  if (!isObj(params)) return params === undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
  for (const k of new Set([...Object.keys(input), ...Object.keys(params)])) {
    if (str(input[k]) !== str(params[k])) return false;
  }
  return true;
}

function parseCline(p: Record<string, unknown>): EnvelopeResult {
  const eventName = s(p.hookName);
  if (!eventName) return { ok: false, error: 'the Cline payload has no hookName' };
  const phase = phaseOf(eventName);
  if (phase === undefined) return unknownEvent('cline', eventName);
  const roots = Array.isArray(p.workspaceRoots) ? p.workspaceRoots.filter((r): r is string => typeof r === 'string') : [];
  // The SDK's raw `tool_call.input` is the model's own value; the legacy block is its string-map copy.
  const sdk = isObj(p.tool_call) ? p.tool_call : isObj(p.tool_result) ? p.tool_result : undefined;
  const legacy = isObj(p.preToolUse) ? p.preToolUse : isObj(p.postToolUse) ? p.postToolUse : undefined;
  const toolName = s(sdk?.name) ?? s(legacy?.toolName) ?? '';
  if (phase !== 'other' && !toolName) return { ok: false, error: `the Cline ${eventName} payload names no tool` };
  let input: Record<string, unknown>;
  if (sdk && 'input' in sdk) input = isObj(sdk.input) ? sdk.input : { input: sdk.input };
  else input = clineParams(legacy?.parameters);
  // Both copies present: a legacy copy that names another tool or other values is judged too. Threat: a
  // payload whose `tool_call` says `ls` while `preToolUse` says `rm -rf build`, read by whichever copy the
  // guard ignores.
  let shadow: { toolName: string; toolInput: Record<string, unknown> } | undefined;
  if (sdk && 'input' in sdk && legacy) {
    const lname = s(legacy.toolName) ?? toolName;
    const linput = clineParams(legacy.parameters);
    if (lname !== toolName || !sameParams(input, legacy.parameters)) shadow = { toolName: lname, toolInput: linput };
  }
  return {
    ok: true,
    env: {
      host: 'cline',
      phase,
      eventName,
      toolName,
      toolInput: input,
      toolResponse: sdk?.output ?? legacy?.result,
      toolUseId: s(sdk?.id),
      sessionId: s(p.taskId),
      cwd: roots[0],
      workspaceRoots: roots,
      // The SDK's file hooks apply overrideInput; the legacy protocol (Cline's VS Code extension) has none.
      rewritesInput: sdk !== undefined,
      shadow,
    },
  };
}

function renderCline(phase: HookPhase, a: HookAnswer): Rendered {
  const out = (o: unknown): Rendered => ({ stdout: JSON.stringify(o) + '\n', stderr: '', exitCode: 0 });
  const refused = phase === 'pre' && (a.decision === 'deny' || a.decision === 'ask');
  // An output holding secrets (the after-hook found them; Cline cannot replace it): end the task before the
  // model is called with it — the one thing Cline lets a hook do about an output.
  if (phase === 'post' && a.updatedToolOutput !== undefined) {
    return out({ cancel: true, errorMessage: withPrefix(a.reason), contextModification: withPrefix(a.reason) });
  }
  if (refused && !a.updatedInput) {
    return out({ cancel: true, errorMessage: withPrefix(a.reason), contextModification: withPrefix(a.reason) });
  }
  const o: Record<string, unknown> = { cancel: false };
  const context = [refused ? withPrefix(a.reason) : undefined, a.additionalContext].filter(Boolean).join('\n\n');
  if (context) {
    o.contextModification = context;
    o.context = context;
  }
  if (phase === 'pre' && a.updatedInput) o.overrideInput = a.updatedInput;
  return out(o);
}

/**
 * The lines Cline's editor prints after a replacement: the text between the common first and last lines
 * of the file before and after (its diff), both sides.
 */
export function changedLines(before: string, after: string): string {
  const a = before.split(/\r?\n/);
  const b = after.split(/\r?\n/);
  let w = 0;
  while (w < a.length && w < b.length && a[w] === b[w]) w++;
  let y = a.length;
  let j = b.length;
  while (y > w && j > w && a[y - 1] === b[j - 1]) {
    y--;
    j--;
  }
  return [...a.slice(w, y), ...b.slice(w, j)].join('\n');
}

/** Single-quote for the POSIX shell Cline runs commands in. */
function sq(x: string): string {
  return `'${x.replace(/'/g, `'\\''`)}'`;
}

/**
 * A stand-in for a refused call (SDK hooks only): it runs nothing the agent asked for, fails, and its
 * output says why. `notice` is a file (outside the workspace) holding the refusal text.
 */
export function clineRefusalInput(env: HookEnvelope, reason: string, notice: string): Record<string, unknown> | undefined {
  if (!env.rewritesInput) return undefined;
  const msg = withPrefix(reason);
  switch (env.toolName) {
    case 'run_commands':
    case 'execute_command':
      return { commands: [`printf '%s\\n' ${sq(msg)} >&2; exit 126`] };
    case 'read_files':
    case 'read_file':
      return { files: [{ path: notice }] };
    case 'editor':
      // An edit of the notice whose text to replace is not in it: nothing is written, the tool reports an error.
      return { path: notice, old_text: `\u0000${msg}\u0000`, new_text: '' };
    case 'apply_patch':
      return { input: `*** Begin Patch\n*** Update File: ${notice}\n@@\n-\u0000${msg}\u0000\n+\n*** End Patch` };
    case 'search_codebase':
      return { queries: ['(?!)AgentGuard refused this search'] };
  }
  return undefined;
}

const NO_EFFECT = new Set([
  'ask_followup_question',
  'new_task',
  'plan_mode_respond',
  'focus_chain',
  'condense',
  'summarize_task',
  'report_bug',
  'load_mcp_documentation',
  'generate_explanation',
  'web_fetch',
  'web_search',
  'browser_action',
  'fetch_web_content',
  'ask_question',
  'submit_and_exit',
]);

function commandsOf(x: unknown): string[] | undefined {
  if (typeof x === 'string') return [x];
  if (!Array.isArray(x)) return undefined;
  const out: string[] = [];
  for (const c of x) {
    if (typeof c === 'string') out.push(c);
    else if (isObj(c) && typeof c.command === 'string') out.push([c.command, ...strings(c.args).map(shq)].join(' '));
    else return undefined;
  }
  return out;
}

/**
 * Every path a read names, whatever the variant: Cline's schema accepts `path`, `file_path`, `filePath`,
 * `files`, `paths`, `file_paths` (strings or `{path}` / `{file_path}` objects) and picks one by its own
 * union order, so all of them are judged. undefined: an entry we cannot read.
 */
function readPaths(i: Record<string, unknown>): string[] | undefined {
  const out: string[] = [];
  for (const k of ['path', 'file_path', 'filePath']) {
    const v = i[k];
    if (typeof v === 'string') out.push(v);
    else if (v !== undefined && v !== null) return undefined;
  }
  for (const k of ['files', 'paths', 'file_paths']) {
    const list = i[k];
    if (list === undefined || list === null) continue;
    if (typeof list === 'string') {
      out.push(list);
      continue;
    }
    if (!Array.isArray(list)) return undefined;
    for (const f of list) {
      if (typeof f === 'string') out.push(f);
      else if (isObj(f) && (typeof f.path === 'string' || typeof f.file_path === 'string' || typeof f.filePath === 'string')) {
        for (const k2 of ['path', 'file_path', 'filePath']) if (typeof f[k2] === 'string') out.push(f[k2] as string);
      } else return undefined;
    }
  }
  return out.length ? out : undefined;
}

/** read_files with each path replaced by its view (kept where `view` has none), in the canonical shape. */
function redirectReads(i: Record<string, unknown>, view: (p: string) => string | undefined): Record<string, unknown> {
  const files: Record<string, unknown>[] = [];
  const one = (p: string, extra: Record<string, unknown> = {}) => files.push({ ...extra, path: view(p) ?? p });
  for (const k of ['path', 'file_path', 'filePath']) if (typeof i[k] === 'string') one(i[k] as string, pickRange(i));
  for (const k of ['files', 'paths', 'file_paths']) {
    const list = typeof i[k] === 'string' ? [i[k]] : Array.isArray(i[k]) ? (i[k] as unknown[]) : [];
    for (const f of list) {
      if (typeof f === 'string') one(f);
      else if (isObj(f)) for (const k2 of ['path', 'file_path', 'filePath']) if (typeof f[k2] === 'string') one(f[k2] as string, pickRange(f));
    }
  }
  return { files };
}

function pickRange(o: Record<string, unknown>): Record<string, unknown> {
  const r: Record<string, unknown> = {};
  if (typeof o.start_line === 'number') r.start_line = o.start_line;
  if (typeof o.end_line === 'number') r.end_line = o.end_line;
  return r;
}

export function mapCline(env: HookEnvelope): HookPlan {
  const t = env.toolName;
  const i = env.toolInput;
  const base = env.workspaceRoots?.[0] ?? env.cwd;
  if (NO_EFFECT.has(t)) return noEffect(env, t, `${t} reads no workspace file and runs nothing AgentGuard judges`);
  switch (t) {
    case 'use_skill':
    case 'skills':
      // A skill's file is loaded by name into the agent's instructions (with whatever it tells the agent to run
      // or read), none of it in a tool input the guard sees: asked, as Claude Code's Skill is.
      return opaque(env, 'hook:prompt-expansion', `${t} loads a skill's instructions, which AgentGuard does not see`);
    case 'attempt_completion': {
      // Cline's completion may carry a `command` it runs to show the result (`open index.html`): judged as one.
      if (i.command === undefined || i.command === null || i.command === '') return noEffect(env, t, 'attempt_completion reports the result');
      const command = s(i.command);
      if (!command?.trim()) return opaque(env, 'hook:no-command', 'attempt_completion names a command AgentGuard cannot read');
      const dir = execDir(env, base);
      return dir.ok ? { kind: 'calls', calls: [draft(env, 'exec', [], { command, cwd: dir.cwd })] } : dir.plan;
    }
    case 'spawn_agent':
      // The SDK builds a sub-agent from the session's runtime config, hooks included: its calls come back here.
      return pass('hook:subagent', "a sub-agent's tool calls pass through the same hooks");
    case 'use_subagents':
      // Cline's extension runs its sub-agents' read_file, search_files, list_files and execute_command by
      // calling the tool handlers directly, not through the hook runner: nothing they do would reach AgentGuard.
      return opaque(env, 'hook:unhooked-subagent', "Cline's sub-agents run their tools without hooks, so AgentGuard could not check what they read or run");
    case 'execute_command':
    case 'run_commands': {
      // Every field the SDK's input union may pick a command from is judged, not the first one present.
      const fields = (t === 'execute_command' ? ['command'] : ['commands', 'command', 'cmd', 'input']).filter((k) => i[k] !== undefined);
      const lists = fields.map((k) => commandsOf(i[k]));
      const cmds = lists.some((l) => l === undefined) ? undefined : (lists.flat() as string[]);
      if (!cmds || cmds.length === 0 || cmds.some((c) => !c.trim())) return opaque(env, 'hook:no-command', `${t} names no command AgentGuard can read`);
      const dir = execDir(env, base);
      if (!dir.ok) return dir.plan;
      const calls = cmds.map((command): DraftCall => draft(env, 'exec', [], { command, cwd: dir.cwd }));
      // Commands of one call may share a shell (a `cd` or an alias in one reaching the next): where an earlier
      // one may change that shell's state, they are judged together too, the worst verdict winning, so
      // `["cd secrets", "cat slack.txt"]` is the read it is. (Only then: a joined call that repeats a dangerous
      // command would put the same question to the person twice.)
      if (cmds.length > 1 && cmds.slice(0, -1).some((c) => SHELL_STATE.test(c))) calls.push(draft(env, 'exec', [], { command: cmds.join('\n'), cwd: dir.cwd }));
      return { kind: 'calls', calls };
    }
    case 'read_file':
    case 'read_files': {
      const ps = readPaths(i);
      if (!ps) return opaque(env, 'hook:no-path', `${t} names no path AgentGuard can read`);
      return withEffects(pathCall(env, 'read', ps, base), { reads: { paths: ps, redirect: (view) => redirectReads(i, view) } });
    }
    case 'list_code_definition_names': {
      const ps = readPaths(i);
      if (!ps) return opaque(env, 'hook:no-path', `${t} names no path AgentGuard can read`);
      return pathCall(env, 'list', ps, base);
    }
    case 'write_to_file': {
      const path = s(i.path);
      const content = s(i.content) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.content) }), {
        edits: path ? [wholeFile(path, content)] : [],
        withText: (fix) => (path ? patchInput(i, { content: fix(content, path, 'new') }) : i),
      });
    }
    case 'replace_in_file': {
      const path = s(i.path);
      const diff = s(i.diff) ?? '';
      const blocks = parseSearchReplace(diff);
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.diff) }), {
        edits: path ? [blocks ? replacements(path, blocks) : { path, after: () => undefined, fallback: () => ({ oldText: '', newText: diff }) }] : [],
        withText: (fix) => (path ? patchInput(i, { diff: fix(diff, path, 'new') }) : i),
      });
    }
    case 'editor': {
      const path = s(i.path);
      const o = s(i.old_text);
      const n = s(i.new_text) ?? '';
      const line = typeof i.insert_line === 'number' ? i.insert_line : undefined;
      const edit = !path
        ? undefined
        : line !== undefined
          ? insertAt(path, line, n)
          : o === undefined
            ? { ...wholeFile(path, n), after: (before: string | undefined) => (before === undefined ? n : undefined) }
            : replacements(path, [{ old: o, new: n }]);
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.new_text) }), {
        edits: edit ? [edit] : [],
        withText: (fix) => (path ? patchInput(i, { ...(o !== undefined ? { old_text: fix(o, path, 'old') } : {}), new_text: fix(n, path, 'new') }) : i),
      });
    }
    case 'apply_patch':
      return patchPlan(env, s(i.input) ?? s(i.patch), base, 'cline', (patch) => ({ input: patch }));
    case 'search_files': {
      const dir = s(i.path) ?? base;
      const fp = s(i.file_pattern);
      // Cline runs ripgrep as `rg --json -e REGEX --glob PATTERN --context 1 DIR`: no `--follow`, so links under
      // DIR are skipped (DIR itself is followed: the path rules judge where it resolves).
      return withEffects(pathCall(env, 'search', [dir], base), {
        search: { base: dir ?? '.', include: fp ? [`**/${fp}`] : undefined, followsLinks: false },
      });
    }
    case 'search_codebase': {
      // Regex queries over every file under the session's directory: nothing in the input narrows it.
      return withEffects(pathCall(env, 'search', [base], base), { search: { base: base ?? '.' } });
    }
    case 'list_files':
      return pathCall(env, 'list', [s(i.path) ?? base], base);
    case 'new_rule':
      return pathCall(env, 'write', [s(i.path)], base, { content: s(i.content) });
  }
  if (t === 'use_mcp_tool' && s(i.server_name) === 'agentguard' && GUARDED_TOOLS.includes(s(i.tool_name) ?? ''))
    return pass('hook:guarded-tool', 'AgentGuard guards its own tools itself');
  if (t === 'use_mcp_tool' || t === 'access_mcp_resource' || t.includes('__'))
    return opaque(env, 'hook:mcp-tool', `the MCP tool ${t} is not one AgentGuard knows`);
  return opaque(env, 'hook:unknown-tool', `AgentGuard does not know the tool ${t}`);
}
