// Cline tools → canonical calls (hook-protocols.md §3.3): the legacy XML-era names (v3) and the SDK names
// (v4, CLI). Paths are often relative to the workspace root; SDK input comes in loose variants, so every
// variant the SDK accepts is read, and a shape we do not recognise is opaque, never allowed by rule.
import { draft, isObj, opaque, pass, pathCall, s, shq, strings } from './common';
import { patchPlan } from './patchPlan';
import type { DraftCall, HookEnvelope, HookPlan } from './types';

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
