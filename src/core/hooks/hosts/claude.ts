// Claude Code hooks. The envelope and answers are the JSON protocol it shares with VS Code (../hookJson.ts);
// unlike VS Code, an after-hook may replace the tool's output (from 2.1.121), so what a read returned is
// masked there. Tool input is snake_case; Read/Edit/Write paths are absolute since 2.1.89, older ones are
// joined to the session cwd.
import type { HookEnvelope, HookHost, HookPlan, OutputMasks } from '../bridge';
import { replacements, wholeFile } from '../edits';
import { parseHookJson, renderHookJson, renderHookJsonError } from '../hookJson';
import {
  claudeGrepGlobs,
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
  rgGlob,
  s,
  withEffects,
} from '../toolInput';
import { braces } from './vscode';

export const claudeHost: HookHost = {
  id: 'claude',
  canAsk: true,
  parse: (p) => {
    const r = parseHookJson(p, 'claude');
    if (r.ok) r.env.rewritesInput = true;
    return r;
  },
  plan: mapClaude,
  render: (phase, a, event) => renderHookJson(phase, a, true, event),
  renderError: (phase, reason, ran) => renderHookJsonError(phase, reason, ran, true),
  maskOutput: maskClaudeOutput,
  succeedingInput: (env) => {
    const command = s(env.toolInput.command);
    return env.toolName === 'Bash' && command ? patchInput(env.toolInput, { command: succeeding(command) }) : undefined;
  },
};

/**
 * The command in a subshell (an `exit` or `set -e` inside cannot skip what follows), then its status printed
 * when it failed, and success: Claude Code sends a failed command's output to PostToolUseFailure, which cannot
 * replace it, so a plain read of a file holding secrets that also fails (`cat src/settings.ts missing.txt`)
 * would reach the model unmasked. The newline before `)` closes a trailing comment or heredoc.
 */
export function succeeding(command: string): string {
  return `(\n${command}\n)${SUCCEEDING_TAIL}`;
}

const SUCCEEDING_TAIL = `\n__agentguard_status=$?; [ "$__agentguard_status" -eq 0 ] || printf '\n[exit status %s; AgentGuard reported success so that the output could be masked]\n' "$__agentguard_status"; true`;

/**
 * The command inside AgentGuard's own succeeding wrapper (the after-hook carries the input the tool ran
 * with): judged as the command the before-hook allowed, not as a subshell whose output cannot be placed.
 * Only the exact wrapper, around a command that is not itself a wrapper.
 */
export function unwrapSucceeding(command: string): string | undefined {
  if (!command.startsWith('(\n') || !command.endsWith(`\n)${SUCCEEDING_TAIL}`)) return undefined;
  const inner = command.slice(2, command.length - SUCCEEDING_TAIL.length - 2);
  return unwrapSucceeding(inner) === undefined ? inner : undefined;
}

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
  'EnterPlanMode',
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
  'CronCreate',
  'CronList',
  'CronDelete',
  // Loads deferred tool definitions by name; each tool it loads is hooked when it is called.
  'ToolSearch',
  // The final answer in the shape the caller asked for; messages between teammates.
  'StructuredOutput',
  'SendMessage',
]);

/** Where Claude Code keeps plans: `~/.claude/plans/<name>.md` (the path is filled in by the host). */
const PLAN_FILE = /^(?:[A-Za-z]:)?[\\/](?:[^\\/]+[\\/])*\.claude[\\/]plans[\\/][^\\/]+\.md$/;

export function mapClaude(env: HookEnvelope): HookPlan {
  const t = env.toolName;
  const i = env.toolInput;
  const base = env.cwd;
  if (isGuardedTool(t, 'mcp__agentguard__')) return pass('hook:guarded-tool', 'AgentGuard guards its own tools itself');
  if (NO_EFFECT.has(t)) return noEffect(env, t, `${t} reads no workspace file and runs nothing AgentGuard judges`);
  switch (t) {
    case 'SlashCommand':
    case 'Skill':
      // A command's or skill's file is expanded into the prompt: its `!`command`` lines run in a shell and its
      // frontmatter (`allowed-tools`, `hooks`) takes effect, none of it through a tool call a hook sees.
      return opaque(env, 'hook:prompt-expansion', `${t} runs a command or skill file whose shell lines and settings no hook sees`);
    case 'Agent':
    case 'Task':
      // Claude Code runs the settings' PreToolUse hooks inside sub-agents too (their events carry agent_id).
      return pass('hook:subagent', "a sub-agent's tool calls pass through the same hooks");
    case 'ExitPlanMode': {
      // The plan the person approves is read from planFilePath and shown (and echoed to the model when the
      // person edited it): a path other than Claude Code's own plan store is judged as a read of that file.
      // A plan store inside the workspace is judged too (a link there could point anywhere).
      const plan = s(i.planFilePath);
      const inWorkspace = base !== undefined && plan?.startsWith(base.replace(/[\\/]+$/, '') + '/');
      if (plan === undefined || (PLAN_FILE.test(plan) && !/[\\/]\.\.?[\\/]/.test(plan) && !inWorkspace)) {
        return noEffect(env, t, 'ExitPlanMode shows the plan from the plan store');
      }
      return pathCall(env, 'read', [plan], base);
    }
    case 'Bash': {
      const given = s(i.command);
      const command = (given !== undefined ? unwrapSucceeding(given) : undefined) ?? given;
      if (!command?.trim()) return opaque(env, 'hook:no-command', 'Bash names no command');
      const dir = execDir(env, base);
      return dir.ok ? { kind: 'calls', calls: [draft(env, 'exec', [], { command, cwd: dir.cwd })] } : dir.plan;
    }
    case 'Monitor': {
      // Runs a shell command in the background; each line it prints reaches the model as a notification,
      // past the after-hook. A WebSocket monitor reads no file (unless its URL is a local one).
      const command = s(i.command);
      if (command === undefined && i.ws !== undefined) return noEffect(env, t, 'a WebSocket monitor reads no workspace file');
      if (!command?.trim()) return opaque(env, 'hook:no-command', 'Monitor names no command');
      const dir = execDir(env, base);
      if (!dir.ok) return dir.plan;
      return withEffects({ kind: 'calls', calls: [draft(env, 'exec', [], { command, cwd: dir.cwd })] }, { unmaskedOutput: true });
    }
    case 'LSP':
      // Hover, definitions, symbols: the language server answers from the file's text (masked after it ran).
      return pathCall(env, 'read', [s(i.filePath)], base);
    case 'PowerShell':
      return opaque(env, 'hook:powershell', 'AgentGuard classifies POSIX shell commands; it cannot judge a PowerShell command');
    case 'Read':
    case 'NotebookRead':
      // What Read returns is masked after it ran (updatedToolOutput).
      return pathCall(env, 'read', [s(i.file_path) ?? s(i.notebook_path)], base);
    case 'Write': {
      const path = s(i.file_path);
      const content = s(i.content) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.content) }), {
        edits: path ? [wholeFile(path, content)] : [],
        withText: (fix) => (path ? patchInput(i, { content: fix(content, path, 'new') }) : i),
      });
    }
    case 'Edit': {
      const path = s(i.file_path);
      const o = s(i.old_string) ?? '';
      const n = s(i.new_string) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.new_string) }), {
        edits: path ? [replacements(path, [{ old: o, new: n, all: i.replace_all === true }])] : [],
        withText: (fix) => (path ? patchInput(i, { old_string: fix(o, path, 'old'), new_string: fix(n, path, 'new') }) : i),
      });
    }
    case 'MultiEdit': {
      const path = s(i.file_path);
      const edits = Array.isArray(i.edits) ? i.edits.filter(isObj) : [];
      return withEffects(pathCall(env, 'write', [path], base, { content: edits.map((e) => s(e.new_string) ?? '').join('\n') }), {
        edits: path
          ? [
              replacements(
                path,
                edits.map((e) => ({ old: s(e.old_string) ?? '', new: s(e.new_string) ?? '', all: e.replace_all === true })),
              ),
            ]
          : [],
        withText: (fix) =>
          path
            ? patchInput(i, {
                edits: (i.edits as unknown[]).map((e) =>
                  isObj(e)
                    ? {
                        ...e,
                        old_string: typeof e.old_string === 'string' ? fix(e.old_string, path, 'old') : e.old_string,
                        new_string: typeof e.new_string === 'string' ? fix(e.new_string, path, 'new') : e.new_string,
                      }
                    : e,
                ),
              })
            : i,
      });
    }
    case 'NotebookEdit': {
      const path = s(i.notebook_path);
      const src = s(i.new_source) ?? '';
      return withEffects(pathCall(env, 'write', [path], base, { content: s(i.new_source) }), {
        withText: (fix) => (path ? patchInput(i, { new_source: fix(src, path, 'new') }) : i),
      });
    }
    case 'Glob': {
      const pat = s(i.pattern) ?? '';
      const dir = s(i.path);
      const gb = globBase(pat);
      return pathCall(env, 'list', [gb.startsWith('/') ? gb : (dir ?? base)], base);
    }
    case 'Grep': {
      // What Grep prints is masked after it ran; a protected file in its reach is taken out beforehand
      // (`glob` narrowed to what may be read), since masking cannot make a no-access file readable.
      const dir = s(i.path) ?? base;
      const glob = s(i.glob);
      return withEffects(pathCall(env, 'search', [dir], base), {
        search: {
          base: dir ?? '.',
          include: glob ? globsOrAll(claudeGrepGlobs(glob).map(rgGlob)) : undefined,
          narrow: (paths) => (paths.length === 0 || !base ? undefined : patchInput(i, { path: base, glob: braces(paths) })),
        },
      });
    }
    case 'LS':
      return pathCall(env, 'list', [s(i.path) ?? base], base);
  }
  if (t.startsWith('mcp__')) return opaque(env, 'hook:mcp-tool', `the MCP tool ${t} is not one AgentGuard knows`);
  return opaque(env, 'hook:unknown-tool', `AgentGuard does not know the tool ${t}`);
}

/** A glob list that is only whitespace searches every file (ripgrep gets no --glob). */
function globsOrAll(globs: string[]): string[] | undefined {
  return globs.length ? globs : undefined;
}
