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
import { draft, execDir, isObj, noEffect, opaque, pass, patchInput, pathCall, s, strings, withEffects } from '../toolInput';
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

function phaseOf(event: string): HookPhase {
  if (event === 'BeforeTool') return 'pre';
  if (event === 'AfterTool') return 'post';
  return 'other';
}

function parseGemini(p: Record<string, unknown>): EnvelopeResult {
  const eventName = s(p.hook_event_name);
  if (!eventName) return { ok: false, error: 'the gemini payload has no hook_event_name' };
  const phase = phaseOf(eventName);
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
  'activate_skill',
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

export function mapGemini(env: HookEnvelope): HookPlan {
  const t = env.toolName;
  const i = env.toolInput;
  const base = env.cwd;
  if (t.startsWith('mcp_agentguard_')) return pass('hook:guarded-tool', 'AgentGuard guards its own tools itself');
  // save_memory appends to ~/.gemini/GEMINI.md, which every later session loads: a standing instruction, asked
  // as an edit of GEMINI.md in the workspace is.
  if (t === 'save_memory') return opaque(env, 'hook:agent-memory', 'save_memory writes instructions every later Gemini session loads');
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
    case 'read_file':
      // Gemini's result is masked after it ran (AfterTool).
      return pathCall(env, 'read', [s(i.file_path)], base);
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
      const path = s(i.file_path);
      const content = s(i.content) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.content) }), {
        edits: path ? [wholeFile(path, content)] : [],
        withText: (fix) => (path ? patchInput(i, { content: fix(content, path, 'new') }) : i),
      });
    }
    case 'replace': {
      const path = s(i.file_path);
      const o = s(i.old_string) ?? '';
      const n = s(i.new_string) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.new_string) }), {
        edits: path ? [replacements(path, [{ old: o, new: n, all: i.allow_multiple === true }])] : [],
        withText: (fix) => (path ? patchInput(i, { old_string: fix(o, path, 'old'), new_string: fix(n, path, 'new') }) : i),
      });
    }
    case 'glob':
      return pathCall(env, 'list', [joinDir(base, s(i.dir_path)) ?? base], base);
    case 'list_directory':
      return pathCall(env, 'list', [joinDir(base, s(i.dir_path)) ?? base], base);
    case 'grep_search':
    case 'search_file_content': {
      const dir = joinDir(base, s(i.dir_path));
      const inc = s(i.include_pattern) ?? s(i.include);
      return withEffects(pathCall(env, 'search', [dir ?? base], base), {
        search: {
          base: dir ?? '.',
          include: inc ? [inc.includes('/') ? inc : `**/${inc}`] : undefined,
          includesIgnored: i.no_ignore === true,
          narrow: (paths) => (paths.length === 0 || !base ? undefined : patchInput(i, { dir_path: base, include_pattern: braces(paths) })),
        },
      });
    }
  }
  if (t.startsWith('mcp_')) return opaque(env, 'hook:mcp-tool', `the MCP tool ${t} is not one AgentGuard knows`);
  return opaque(env, 'hook:unknown-tool', `AgentGuard does not know the tool ${t}`);
}
