// Cline hooks: its own protocol. The envelope comes in two generations — the legacy
// XML-era block (v3, string parameters) and the SDK's `tool_call` / `tool_result` (v4, CLI) — and paths are
// often relative to the workspace root. Cline has no per-tool deny and no "ask": `cancel: true` is its only
// refusal (it ends the task), and exit codes mean nothing to it, so a refusal is always JSON on stdout.
// SDK input comes in loose variants: every variant the SDK accepts is read, and a shape we do not recognise
// is opaque, never allowed by rule.
import { patchPlan } from '../applyPatch';
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
import { draft, isObj, opaque, pass, pathCall, s, shq, strings } from '../toolInput';

export const clineHost: HookHost = {
  id: 'cline',
  canAsk: false,
  parse: parseCline,
  plan: mapCline,
  render: renderCline,
  renderError: (_phase, reason) => {
    const msg = withPrefix(`the hook bridge failed closed: ${reason}`);
    return { stdout: JSON.stringify({ cancel: true, errorMessage: msg }) + '\n', stderr: msg + '\n', exitCode: 2 };
  },
};

function phaseOf(event: string): HookPhase {
  if (event === 'PreToolUse' || event === 'tool_call') return 'pre';
  if (event === 'PostToolUse' || event === 'tool_result') return 'post';
  return 'other';
}

/** Cline's legacy `parameters` are a string map; v4 JSON-stringifies nested values. Undo that where it parses. */
function clineParams(params: unknown): Record<string, unknown> {
  if (!isObj(params)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
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

function parseCline(p: Record<string, unknown>): EnvelopeResult {
  const eventName = s(p.hookName);
  if (!eventName) return { ok: false, error: 'the Cline payload has no hookName' };
  const phase = phaseOf(eventName);
  const roots = Array.isArray(p.workspaceRoots) ? p.workspaceRoots.filter((r): r is string => typeof r === 'string') : [];
  // The SDK's raw `tool_call.input` is the model's own value; the legacy block is its string-map copy.
  const sdk = isObj(p.tool_call) ? p.tool_call : isObj(p.tool_result) ? p.tool_result : undefined;
  const legacy = isObj(p.preToolUse) ? p.preToolUse : isObj(p.postToolUse) ? p.postToolUse : undefined;
  const toolName = s(sdk?.name) ?? s(legacy?.toolName) ?? '';
  if (phase !== 'other' && !toolName) return { ok: false, error: `the Cline ${eventName} payload names no tool` };
  let input: Record<string, unknown>;
  if (sdk && 'input' in sdk) input = isObj(sdk.input) ? sdk.input : { input: sdk.input };
  else input = clineParams(legacy?.parameters);
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
    },
  };
}

function renderCline(phase: HookPhase, a: HookAnswer): Rendered {
  const out = (o: unknown): Rendered => ({ stdout: JSON.stringify(o) + '\n', stderr: '', exitCode: 0 });
  if (phase === 'pre' && (a.decision === 'deny' || a.decision === 'ask')) {
    return out({ cancel: true, errorMessage: withPrefix(a.reason), contextModification: withPrefix(a.reason) });
  }
  return out(a.additionalContext ? { cancel: false, contextModification: a.additionalContext, context: a.additionalContext } : { cancel: false });
}

const NO_EFFECT = new Set([
  'ask_followup_question',
  'attempt_completion',
  'new_task',
  'plan_mode_respond',
  'focus_chain',
  'condense',
  'summarize_task',
  'report_bug',
  'load_mcp_documentation',
  'use_skill',
  'generate_explanation',
  'web_fetch',
  'web_search',
  'browser_action',
  'fetch_web_content',
  'skills',
  'ask_question',
  'submit_and_exit',
  'use_subagents',
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

function readPaths(i: Record<string, unknown>): string[] | undefined {
  const one = s(i.path) ?? s(i.file_path) ?? s(i.filePath);
  if (one) return [one];
  const list = i.files ?? i.paths ?? i.file_paths;
  if (typeof list === 'string') return [list];
  if (!Array.isArray(list)) return undefined;
  const out: string[] = [];
  for (const f of list) {
    if (typeof f === 'string') out.push(f);
    else if (isObj(f) && (typeof f.path === 'string' || typeof f.file_path === 'string')) out.push((s(f.path) ?? s(f.file_path))!);
    else return undefined;
  }
  return out;
}

export function mapCline(env: HookEnvelope): HookPlan {
  const t = env.toolName;
  const i = env.toolInput;
  const base = env.workspaceRoots?.[0] ?? env.cwd;
  if (NO_EFFECT.has(t)) return pass('hook:no-effect', `${t} reads no workspace file and runs nothing AgentGuard judges`);
  switch (t) {
    case 'execute_command':
    case 'run_commands': {
      const cmds = t === 'execute_command' ? commandsOf(i.command) : commandsOf(i.commands ?? i.command ?? i.cmd ?? i.input);
      if (!cmds || cmds.length === 0 || cmds.some((c) => !c.trim())) return opaque(env, 'hook:no-command', `${t} names no command AgentGuard can read`);
      return { kind: 'calls', calls: cmds.map((command): DraftCall => draft(env, 'exec', [], { command, cwd: base })) };
    }
    case 'read_file':
    case 'read_files':
    case 'list_code_definition_names': {
      const ps = readPaths(i);
      if (!ps) return opaque(env, 'hook:no-path', `${t} names no path AgentGuard can read`);
      return pathCall(env, 'read', ps, base);
    }
    case 'write_to_file':
      return pathCall(env, 'write', [s(i.path)], base, { content: s(i.content) });
    case 'replace_in_file':
      return pathCall(env, 'write', [s(i.path)], base, { content: s(i.diff) });
    case 'editor':
      return pathCall(env, 'write', [s(i.path)], base, { content: s(i.new_text) });
    case 'apply_patch':
      return patchPlan(env, s(i.input) ?? s(i.patch), base);
    case 'search_files':
    case 'search_codebase':
      return pathCall(env, 'search', [s(i.path) ?? base], base);
    case 'list_files':
      return pathCall(env, 'list', [s(i.path) ?? base], base);
  }
  if (t === 'use_mcp_tool' && s(i.server_name) === 'agentguard') return pass('hook:guarded-tool', 'AgentGuard guards its own tools itself');
  if (t === 'use_mcp_tool' || t === 'access_mcp_resource' || t.includes('__'))
    return opaque(env, 'hook:mcp-tool', `the MCP tool ${t} is not one AgentGuard knows`);
  return opaque(env, 'hook:unknown-tool', `AgentGuard does not know the tool ${t}`);
}
