// Gemini CLI hooks (`BeforeTool` / `AfterTool` in .gemini/settings.json). Snake_case envelope like Claude
// Code's, but its own answers: `decision: "deny"` (or exit 2) refuses a call — Claude-style
// `permissionDecision` is ignored, so it is never what we print; `decision: "ask"` forces Gemini's own
// confirmation; `hookSpecificOutput.tool_input` replaces the tool's input (Gemini tells the model its input
// was modified); an AfterTool `decision: "deny"` replaces what the model sees with the reason, which is how a
// result with secrets reaches the model masked. Tool names as Gemini CLI 0.61 sends them; paths arrive as
// the model wrote them, relative to the project directory.
import type { EnvelopeResult, HookAnswer, HookEnvelope, HookHost, HookPhase, HookPlan, OutputMasks, Rendered } from '../bridge';
import { withPrefix } from '../bridge';
import { replacements, wholeFile } from '../edits';
import { unknownEvent } from '../hookJson';
import { draft, execDir, isGuardedTool, isObj, noEffect, opaque, pass, patchInput, pathCall, rgGlob, s, strings, withEffects } from '../toolInput';
import { braces } from './vscode';

export const geminiHost: HookHost = {
  id: 'gemini',
  // Gemini's `decision: "ask"` was not seen to hold under `--yolo` (the mode agents are run in): an ask the
  // extension could not settle is refused rather than handed to a prompt that may approve itself.
  canAsk: false,
  parse: parseGemini,
  plan: mapGemini,
  render: renderGemini,
  renderError: (phase, reason) => {
    const msg = withPrefix(`the hook bridge failed closed: ${reason}`);
    return { stdout: JSON.stringify({ decision: 'deny', reason: msg }) + '\n', stderr: msg + '\n', exitCode: 2 };
  },
  maskOutput: maskGeminiOutput,
};

/** Gemini CLI's other events, by their exact names; any other name (`PreToolUse`, `beforetool`) is refused. */
const LIFECYCLE = new Set([
  'BeforeAgent',
  'AfterAgent',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
  'SessionStart',
  'SessionEnd',
  'Notification',
  'PreCompress',
]);

function phaseOf(event: string): HookPhase | undefined {
  if (event === 'BeforeTool') return 'pre';
  if (event === 'AfterTool') return 'post';
  return LIFECYCLE.has(event) ? 'other' : undefined;
}

function parseGemini(p: Record<string, unknown>): EnvelopeResult {
  const eventName = s(p.hook_event_name);
  if (!eventName) return { ok: false, error: 'the gemini payload has no hook_event_name' };
  const phase = phaseOf(eventName);
  if (phase === undefined) return unknownEvent('gemini', eventName);
  const toolName = s(p.tool_name) ?? '';
  if (phase !== 'other' && !toolName) return { ok: false, error: `the gemini ${eventName} payload has no tool_name` };
  if (phase !== 'other' && p.tool_input !== undefined && !isObj(p.tool_input)) return { ok: false, error: 'tool_input is not an object' };
  return {
    ok: true,
    env: {
      host: 'gemini',
      phase,
      eventName,
      toolName,
      toolInput: isObj(p.tool_input) ? p.tool_input : {},
      toolResponse: p.tool_response,
      sessionId: s(p.session_id),
      cwd: s(p.cwd),
      rewritesInput: true,
    },
  };
}

const out = (o: unknown): Rendered => ({ stdout: JSON.stringify(o) + '\n', stderr: '', exitCode: 0 });

/** The text an AfterTool replacement shows the model. */
export const GEMINI_MASKED_PREFIX = 'AgentGuard replaced secret values in this result with placeholders («secret:…»); the tool ran, and its result follows.\n';

function renderGemini(phase: HookPhase, a: HookAnswer): Rendered {
  if (phase === 'pre') {
    if (a.decision === 'deny') return out({ decision: 'deny', reason: withPrefix(a.reason) });
    if (a.decision === 'ask') return out({ decision: 'ask', reason: withPrefix(a.reason), systemMessage: withPrefix(a.reason) });
    const o: Record<string, unknown> = {};
    if (a.updatedInput) o.hookSpecificOutput = { hookEventName: 'BeforeTool', tool_input: a.updatedInput };
    return out(o);
  }
  if (phase === 'post') {
    const o: Record<string, unknown> = {};
    if (a.updatedToolOutput !== undefined) {
      const text = typeof a.updatedToolOutput === 'string' ? a.updatedToolOutput : JSON.stringify(a.updatedToolOutput);
      o.decision = 'deny';
      o.reason = GEMINI_MASKED_PREFIX + text;
    }
    if (a.additionalContext) o.hookSpecificOutput = { hookEventName: 'AfterTool', additionalContext: a.additionalContext };
    return out(o);
  }
  return out({});
}

/**
 * What the model sees of a Gemini tool result: `llmContent` (a string, or parts with text), masked. The
 * output itself when nothing in it needed masking (nothing is replaced then).
 */
export function maskGeminiOutput(env: HookEnvelope, output: unknown, masks: OutputMasks): unknown {
  const o = isObj(output) ? output : undefined;
  const content = o ? o.llmContent : output;
  const file = env.toolName === 'read_file' ? s(env.toolInput.file_path) : undefined;
  const project = (maskText: (t: string) => string, value: (v: unknown) => unknown): string | unknown => {
    if (typeof content === 'string') return maskText(content);
    if (Array.isArray(content)) {
      return content
        .map((part) =>
          typeof part === 'string' ? maskText(part) : isObj(part) && typeof part.text === 'string' ? maskText(part.text) : JSON.stringify(value(part)),
        )
        .join('\n');
    }
    return value(content);
  };
  const masked = project((t) => (file !== undefined ? masks.file(file, t) : masks.value(t)), masks.value);
  const plain = project(
    (t) => t,
    (v) => v,
  );
  return JSON.stringify(masked) === JSON.stringify(plain) ? output : masked;
}

const NO_EFFECT = new Set([
  'web_fetch',
  'google_web_search',
  'write_todos',
  'ask_user',
  'enter_plan_mode',
  // Reads the plan only from Gemini's plans folder (resolved through links; anything else is refused by Gemini).
  'exit_plan_mode',
  'complete_task',
  'tracker_add_dependency',
  'tracker_create_task',
  'tracker_get_task',
  'tracker_list_tasks',
  'tracker_update_task',
  'tracker_visualize',
  'update_topic',
  // Reads Gemini's own documentation; a path resolving outside its docs folder is refused by Gemini.
  'get_internal_docs',
  'list_mcp_resources',
]);

function joinDir(base: string | undefined, dir: string | undefined): string | undefined {
  if (!dir) return base;
  if (dir.startsWith('/') || /^[A-Za-z]:[\\/]/.test(dir) || !base) return dir;
  return `${base.replace(/\/+$/, '')}/${dir}`;
}

/**
 * Keys Gemini's search and listing tools have taken their folder from across versions (`dir_path` now, `path`
 * and `directory` before). Threat: `search_file_content {path: "docs/sec"}` judged at the project root, then
 * run in the linked secrets folder by a version that reads `path`. Every key is judged; two that disagree
 * leave no folder the guard can place.
 */
const FOLDER_KEYS = ['dir_path', 'path', 'directory'] as const;

function folderOf(env: HookEnvelope, base: string | undefined): { ok: true; dir: string | undefined } | { ok: false; plan: HookPlan } {
  const found = new Set<string>();
  for (const k of FOLDER_KEYS) {
    const v = env.toolInput[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string') return { ok: false, plan: opaque(env, 'hook:no-path', `${env.toolName}'s \`${k}\` is not a folder path`) };
    found.add((joinDir(base, v) ?? v).replace(/\/+$/, '') || '/');
  }
  if (found.size > 1)
    return { ok: false, plan: opaque(env, 'hook:no-path', `${env.toolName} names more than one folder (${[...found].join(', ').slice(0, 200)})`) };
  return { ok: true, dir: found.size ? [...found][0] : undefined };
}

/**
 * Keys Gemini's file tools have taken their file from across versions (`file_path` now, `absolute_path` and
 * `path` before). Threat: `read_file {file_path: "src/a.ts", absolute_path: ".env"}` judged by the first
 * while a version that reads the other opens `.env`. Two that disagree name no file the guard can place.
 */
const FILE_KEYS = ['file_path', 'absolute_path', 'path', 'filePath'] as const;

function fileOf(env: HookEnvelope): { ok: true; path: string | undefined } | { ok: false; plan: HookPlan } {
  const found = new Set<string>();
  for (const k of FILE_KEYS) {
    const v = env.toolInput[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string') return { ok: false, plan: opaque(env, 'hook:no-path', `${env.toolName}'s \`${k}\` is not a file path`) };
    found.add(v);
  }
  if (found.size > 1)
    return { ok: false, plan: opaque(env, 'hook:no-path', `${env.toolName} names more than one file (${[...found].join(', ').slice(0, 200)})`) };
  return { ok: true, path: found.size ? [...found][0] : undefined };
}

/** The narrowed input: every folder key the call used points at the project, and every include key lists the paths. */
function narrowed(i: Record<string, unknown>, base: string, includeKeys: string[], include: unknown): Record<string, unknown> {
  const changes: Record<string, unknown> = { dir_path: base };
  for (const k of FOLDER_KEYS) if (k !== 'dir_path' && i[k] !== undefined) changes[k] = base;
  for (const k of includeKeys) if (k === includeKeys[0] || i[k] !== undefined) changes[k] = include;
  return patchInput(i, changes);
}

export function mapGemini(env: HookEnvelope): HookPlan {
  const t = env.toolName;
  const i = env.toolInput;
  const base = env.cwd;
  if (isGuardedTool(t, 'mcp_agentguard_')) return pass('hook:guarded-tool', 'AgentGuard guards its own tools itself');
  // save_memory appends to ~/.gemini/GEMINI.md, which every later session loads: a standing instruction, asked
  // as an edit of GEMINI.md in the workspace is.
  if (t === 'save_memory') return opaque(env, 'hook:agent-memory', 'save_memory writes instructions every later Gemini session loads');
  // A skill's SKILL.md is loaded by name into the agent's instructions (and its folder opened to it): unseen.
  if (t === 'activate_skill') return opaque(env, 'hook:prompt-expansion', "activate_skill loads a skill's instructions, which AgentGuard does not see");
  if (NO_EFFECT.has(t)) return noEffect(env, t, `${t} reads no workspace file and runs nothing AgentGuard judges`);
  switch (t) {
    case 'invoke_agent':
      return pass('hook:subagent', "a sub-agent's tool calls pass through the same hooks");
    case 'run_shell_command': {
      const command = s(i.command);
      if (!command?.trim()) return opaque(env, 'hook:no-command', 'run_shell_command names no command');
      const dir = execDir(env, base);
      return dir.ok ? { kind: 'calls', calls: [draft(env, 'exec', [], { command, cwd: dir.cwd })] } : dir.plan;
    }
    case 'read_file': {
      // Gemini's result is masked after it ran (AfterTool).
      const f = fileOf(env);
      return f.ok ? pathCall(env, 'read', [f.path], base) : f.plan;
    }
    case 'read_many_files': {
      // Gemini 0.61 reads `include`; earlier versions read `paths` and merged `include` into it: both are
      // judged, and both are narrowed.
      const include = [...strings(i.include), ...strings(i.paths)];
      if (include.length === 0) return opaque(env, 'hook:no-path', 'read_many_files names no path AgentGuard can read');
      return withEffects(pathCall(env, 'search', [base], base), {
        search: {
          base: base ?? '.',
          include,
          narrow: (paths) => (paths.length ? patchInput(i, { include: paths, ...(i.paths !== undefined ? { paths } : {}) }) : undefined),
        },
      });
    }
    case 'write_file': {
      const f = fileOf(env);
      if (!f.ok) return f.plan;
      const path = f.path;
      const content = s(i.content) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.content) }), {
        edits: path ? [wholeFile(path, content)] : [],
        withText: (fix) => (path ? patchInput(i, { content: fix(content, path, 'new') }) : i),
      });
    }
    case 'replace': {
      const f = fileOf(env);
      if (!f.ok) return f.plan;
      const path = f.path;
      const o = s(i.old_string) ?? '';
      const n = s(i.new_string) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.new_string) }), {
        edits: path ? [replacements(path, [{ old: o, new: n, all: i.allow_multiple === true }])] : [],
        withText: (fix) => (path ? patchInput(i, { old_string: fix(o, path, 'old'), new_string: fix(n, path, 'new') }) : i),
      });
    }
    case 'glob':
    case 'list_directory': {
      const f = folderOf(env, base);
      return f.ok ? pathCall(env, 'list', [f.dir ?? base], base) : f.plan;
    }
    case 'grep_search':
    case 'search_file_content': {
      const f = folderOf(env, base);
      if (!f.ok) return f.plan;
      const dir = f.dir;
      const incs = [s(i.include_pattern), s(i.include)].filter((x): x is string => !!x);
      if (new Set(incs).size > 1) return opaque(env, 'hook:no-path', `${t} names two different include patterns`);
      const inc = incs[0];
      return withEffects(pathCall(env, 'search', [dir ?? base], base), {
        search: {
          base: dir ?? '.',
          include: inc ? [rgGlob(inc)] : undefined,
          includesIgnored: i.no_ignore === true,
          narrow: (paths) => (paths.length === 0 || !base ? undefined : narrowed(i, base, ['include_pattern', 'include'], braces(paths))),
        },
      });
    }
  }
  if (t.startsWith('mcp_')) return opaque(env, 'hook:mcp-tool', `the MCP tool ${t} is not one AgentGuard knows`);
  return opaque(env, 'hook:unknown-tool', `AgentGuard does not know the tool ${t}`);
}
