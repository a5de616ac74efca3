// Claude Code hooks. The envelope and answers are the JSON protocol it shares with VS Code (../hookJson.ts);
// unlike VS Code, an after-hook may replace the tool's output (from 2.1.121), so what a read returned is
// masked there. Tool input is snake_case; Read/Edit/Write paths are absolute since 2.1.89, older ones are
// joined to the session cwd.
import type { HookEnvelope, HookHost, HookPlan, OutputMasks } from '../bridge';
import { parseHookJson, renderHookJson, renderHookJsonError } from '../hookJson';
import { draft, globBase, isObj, opaque, pass, pathCall, s } from '../toolInput';

export const claudeHost: HookHost = {
  id: 'claude',
  canAsk: true,
  parse: (p) => parseHookJson(p, 'claude'),
  plan: mapClaude,
  render: (phase, a) => renderHookJson(phase, a, true),
  renderError: renderHookJsonError,
  maskOutput: maskClaudeOutput,
};

/**
 * The tool output with secrets masked. A Read's file content is masked as a file (line for line, the
 * policy's allow-listed paths honoured); any other output as a value.
 */
export function maskClaudeOutput(env: HookEnvelope, output: unknown, masks: OutputMasks): unknown {
  const o = isObj(output) ? output : undefined;
  const file = o?.file;
  if (o && env.toolName === 'Read' && isObj(file) && typeof file.content === 'string') {
    const p = s(file.filePath) ?? String(env.toolInput.file_path ?? '');
    const text = masks.file(p, file.content);
    return text === file.content ? output : { ...o, file: { ...file, content: text } };
  }
  return masks.value(output);
}

const NO_EFFECT = new Set([
  'WebFetch',
  'WebSearch',
  'TodoWrite',
  'AskUserQuestion',
  'ExitPlanMode',
  'EnterPlanMode',
  'Skill',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskUpdate',
  'TaskOutput',
  'TaskStop',
  'BashOutput',
  'KillShell',
  'KillBash',
  'ListMcpResourcesTool',
  'ReadMcpResourceTool',
  'SlashCommand',
  'Monitor',
  'LSP',
  'CronCreate',
  'CronList',
  'CronDelete',
]);

export function mapClaude(env: HookEnvelope): HookPlan {
  const t = env.toolName;
  const i = env.toolInput;
  const base = env.cwd;
  if (t.startsWith('mcp__agentguard__')) return pass('hook:guarded-tool', 'AgentGuard guards its own tools itself');
  if (NO_EFFECT.has(t)) return pass('hook:no-effect', `${t} reads no workspace file and runs nothing AgentGuard judges`);
  switch (t) {
    case 'Agent':
    case 'Task':
      return pass('hook:subagent', "a sub-agent's tool calls pass through the same hooks");
    case 'Bash': {
      const command = s(i.command);
      if (!command?.trim()) return opaque(env, 'hook:no-command', 'Bash names no command');
      return { kind: 'calls', calls: [draft(env, 'exec', [], { command, cwd: base })] };
    }
    case 'PowerShell':
      return opaque(env, 'hook:powershell', 'AgentGuard classifies POSIX shell commands; it cannot judge a PowerShell command');
    case 'Read':
    case 'NotebookRead':
      return pathCall(env, 'read', [s(i.file_path) ?? s(i.notebook_path)], base);
    case 'Write':
      return pathCall(env, 'write', [s(i.file_path)], base, { content: s(i.content) });
    case 'Edit':
      return pathCall(env, 'write', [s(i.file_path)], base, { content: s(i.new_string) });
    case 'MultiEdit': {
      const edits = Array.isArray(i.edits) ? i.edits.filter(isObj) : [];
      return pathCall(env, 'write', [s(i.file_path)], base, { content: edits.map((e) => s(e.new_string) ?? '').join('\n') });
    }
    case 'NotebookEdit':
      return pathCall(env, 'write', [s(i.notebook_path)], base, { content: s(i.new_source) });
    case 'Glob': {
      const pat = s(i.pattern) ?? '';
      const dir = s(i.path);
      const gb = globBase(pat);
      return pathCall(env, 'list', [gb.startsWith('/') ? gb : (dir ?? base)], base);
    }
    case 'Grep':
    case 'LS':
      return pathCall(env, t === 'LS' ? 'list' : 'search', [s(i.path) ?? base], base);
  }
  if (t.startsWith('mcp__')) return opaque(env, 'hook:mcp-tool', `the MCP tool ${t} is not one AgentGuard knows`);
  return opaque(env, 'hook:unknown-tool', `AgentGuard does not know the tool ${t}`);
}
