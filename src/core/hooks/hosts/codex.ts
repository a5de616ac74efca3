// Codex CLI hooks (.codex/hooks.json). Claude-like envelope (`hook_event_name`, `tool_name`, `tool_input`,
// plus `turn_id`), answers read as Codex 0.169 reads them:
//   - PreToolUse `permissionDecision: "deny"` refuses only with a non-empty reason; `ask`, and `allow`
//     without `updatedInput`, are "unsupported" and the command runs — so Codex cannot ask: an `ask` with
//     the extension unreachable is a refusal, and the answer is never "ask";
//   - `permissionDecision: "allow"` + `updatedInput: {command}` runs another command / patch;
//   - PostToolUse `decision: "block"` + `reason` replaces the output the model sees with the reason: a
//     command's output with secrets reaches the model masked;
//   - exit 2 with the reason on stderr refuses too; anything else (a crash, a timeout) fails open, which is
//     why an internal error prints both.
// Tools: `Bash {command}` (the model's exec_command), `apply_patch {command: patch}` (Codex's own, lenient
// grammar), `view_image {path}`, MCP tools `mcp__server__tool`. Blind spots Codex leaves (no hook for
// `write_stdin`, `workdir` not shown) are closed here by refusing what would use them: a command that
// starts an interactive shell or interpreter, whose later input no hook sees.
import { patchPlan } from '../applyPatch';
import type { EnvelopeResult, HookAnswer, HookEnvelope, HookHost, HookPhase, HookPlan, OutputMasks, Rendered } from '../bridge';
import { withheldNotice, withPrefix } from '../bridge';
import { unknownEvent } from '../hookJson';
import { draft, execDir, isGuardedTool, isObj, noEffect, opaque, pass, pathCall, refuse, s, shq } from '../toolInput';

export const codexHost: HookHost = {
  id: 'codex',
  canAsk: false,
  parse: parseCodex,
  plan: mapCodex,
  render: renderCodex,
  renderError: (phase, reason) => {
    const msg = withPrefix(`the hook bridge failed closed: ${reason}`);
    // After the tool ran, `decision: "block"` replaces what the model sees: the output, never masked, is withheld.
    if (phase === 'post') return { stdout: JSON.stringify({ decision: 'block', reason: withheldNotice(reason) }) + '\n', stderr: msg + '\n', exitCode: 0 };
    const stdout =
      phase === 'other'
        ? ''
        : JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: msg } }) + '\n';
    return { stdout, stderr: msg + '\n', exitCode: 2 };
  },
  maskOutput: (_env: HookEnvelope, output: unknown, masks: OutputMasks) => masks.value(output),
};

/** Codex's other events, by their exact names; any other name (`preToolUse`, `pre_tool_use`) is refused. */
const LIFECYCLE = new Set(['SessionStart', 'UserPromptSubmit', 'Stop']);

function phaseOf(event: string): HookPhase | undefined {
  if (event === 'PreToolUse') return 'pre';
  if (event === 'PostToolUse') return 'post';
  return LIFECYCLE.has(event) ? 'other' : undefined;
}

function parseCodex(p: Record<string, unknown>): EnvelopeResult {
  const eventName = s(p.hook_event_name);
  if (!eventName) return { ok: false, error: 'the codex payload has no hook_event_name' };
  const phase = phaseOf(eventName);
  if (phase === undefined) return unknownEvent('codex', eventName);
  const toolName = s(p.tool_name) ?? '';
  if (phase !== 'other' && !toolName) return { ok: false, error: `the codex ${eventName} payload has no tool_name` };
  if (phase !== 'other' && p.tool_input !== undefined && !isObj(p.tool_input)) return { ok: false, error: 'tool_input is not an object' };
  return {
    ok: true,
    env: {
      host: 'codex',
      phase,
      eventName,
      toolName,
      toolInput: isObj(p.tool_input) ? p.tool_input : {},
      toolResponse: p.tool_response,
      toolUseId: s(p.tool_use_id),
      sessionId: s(p.session_id),
      cwd: s(p.cwd),
      rewritesInput: true,
    },
  };
}

const out = (o: unknown): Rendered => ({ stdout: JSON.stringify(o) + '\n', stderr: '', exitCode: 0 });

function renderCodex(phase: HookPhase, a: HookAnswer): Rendered {
  if (phase === 'pre') {
    if (a.decision === 'deny' || a.decision === 'ask') {
      // Codex has no ask: an ask that reached here was not settled, and is refused.
      return out({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: withPrefix(a.reason) } });
    }
    const hso: Record<string, unknown> = { hookEventName: 'PreToolUse' };
    if (a.updatedInput && typeof a.updatedInput.command === 'string') {
      hso.permissionDecision = 'allow';
      hso.permissionDecisionReason = withPrefix(a.reason ?? 'input rewritten');
      hso.updatedInput = { command: a.updatedInput.command };
    }
    if (a.additionalContext) hso.additionalContext = a.additionalContext;
    return out(Object.keys(hso).length > 1 ? { hookSpecificOutput: hso } : {});
  }
  if (phase === 'post') {
    const o: Record<string, unknown> = {};
    if (a.updatedToolOutput !== undefined) {
      o.decision = 'block';
      o.reason = typeof a.updatedToolOutput === 'string' ? a.updatedToolOutput : JSON.stringify(a.updatedToolOutput);
    }
    if (a.additionalContext) o.hookSpecificOutput = { hookEventName: 'PostToolUse', additionalContext: a.additionalContext };
    return out(o);
  }
  return out({});
}

const NO_EFFECT = new Set(['update_plan', 'request_user_input', 'get_goal', 'create_goal', 'update_goal', 'tool_search', 'web_search', 'list_mcp_resources']);

/** Shells and interpreters that read commands from their input when started without a script. */
const INTERACTIVE = new Set([
  'bash',
  'sh',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'csh',
  'tcsh',
  'python',
  'python2',
  'python3',
  'node',
  'deno',
  'bun',
  'irb',
  'ruby',
  'perl',
  'php',
  'lua',
  'R',
  'ghci',
  'psql',
  'mysql',
  'sqlite3',
  'redis-cli',
  'mongo',
  'mongosh',
  'ssh',
  'nc',
  'ncat',
  'telnet',
  'ftp',
  'sftp',
  'gdb',
  'lldb',
  'bc',
  'dc',
  'su',
  'sudo',
  'script',
  'tmux',
  'screen',
  'xargs',
]);

/**
 * A command that starts a shell or interpreter reading its commands from input (`bash`, `python3 -i`,
 * `psql db`): what Codex later types into it through write_stdin reaches no hook.
 */
export function startsInteractive(command: string): boolean {
  const words = command.trim().split(/\s+/);
  let k = 0;
  while (k < words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[k]) || words[k] === 'env' || words[k] === 'exec' || words[k] === 'command')) k++;
  const prog = (words[k] ?? '').replace(/^.*\//, '');
  if (!INTERACTIVE.has(prog)) return false;
  const rest = words.slice(k + 1);
  if (prog === 'sudo' || prog === 'su' || prog === 'xargs') return rest.length === 0 || rest.every((w) => w.startsWith('-'));
  // A script, -c / -e code, or a heredoc / pipe feeding it: not interactive.
  if (rest.some((w) => /^(-c|-e|-m|-f|--command|--eval|--file|-[a-z]*c)$/.test(w))) return rest.includes('-i');
  if (/[|<]/.test(command)) return false;
  const positional = rest.filter((w) => !w.startsWith('-'));
  // Database and network clients read commands whatever their positional arguments (a database, a host),
  // except ssh with a remote command after the host.
  if (CLIENTS.has(prog)) return prog === 'ssh' ? positional.length <= 1 : true;
  return positional.length === 0 || rest.includes('-i');
}

const CLIENTS = new Set(['psql', 'mysql', 'sqlite3', 'redis-cli', 'mongo', 'mongosh', 'ssh', 'nc', 'ncat', 'telnet', 'ftp', 'sftp', 'gdb', 'lldb']);

const APPLY_PATCH_SHELL = /^\s*(?:cd\s+("[^"]*"|'[^']*'|\S+)\s*&&\s*)?(?:apply_patch|applypatch)\s+<<-?\s*(['"]?)([A-Za-z_]\w*)\2[ \t]*\n([\s\S]*?)\n\3\s*$/;

/** `apply_patch <<'EOF' … EOF` (optionally after `cd dir &&`): Codex applies it itself, as a patch. */
export function shellPatch(command: string): { dir?: string; patch: string; rebuild(patch: string): string } | undefined {
  const m = APPLY_PATCH_SHELL.exec(command);
  if (!m) return undefined;
  const dir = m[1]?.replace(/^(['"])(.*)\1$/, '$2');
  const head = command.slice(0, command.indexOf(m[4]));
  const tail = command.slice(command.indexOf(m[4]) + m[4].length);
  return { dir, patch: m[4], rebuild: (patch) => head + patch + tail };
}

/**
 * An argv (`["bash", "-lc", "…"]`, `["rm", "-r", "tests"]`, as Codex's shell tools take it) as the shell
 * command it runs: a shell's `-c` script as it is, anything else quoted word by word. undefined: an argv with
 * a non-string word, or a shell whose script cannot be told apart from its options.
 */
export function argvCommand(argv: unknown[]): string | undefined {
  if (argv.length === 0 || !argv.every((w): w is string => typeof w === 'string')) return undefined;
  const prog = argv[0].replace(/^.*\//, '');
  if (/^(?:ba|z|da|k|)sh$/.test(prog) && argv.length >= 2) {
    const opts = argv.slice(1, -1);
    const script = argv[argv.length - 1];
    // `bash -lc SCRIPT`, `sh -c SCRIPT`: only option words before the script (no `$0` arguments after it).
    if (opts.length >= 1 && opts.every((o) => /^-[a-z]+$/.test(o)) && opts.some((o) => o.includes('c'))) return script;
    if (!opts.length && !script.startsWith('-')) return argv.map(shq).join(' ');
    return undefined;
  }
  return argv.map(shq).join(' ');
}

export function mapCodex(env: HookEnvelope): HookPlan {
  const t = env.toolName;
  const i = env.toolInput;
  const base = env.cwd;
  if (isGuardedTool(t, 'mcp__agentguard__')) return pass('hook:guarded-tool', 'AgentGuard guards its own tools itself');
  if (NO_EFFECT.has(t)) return noEffect(env, t, `${t} reads no workspace file and runs nothing AgentGuard judges`);
  switch (t) {
    case 'Bash':
    case 'exec_command':
    case 'shell':
    case 'local_shell':
    case 'container.exec': {
      const action = isObj(i.action) ? i.action : undefined;
      const fields = [i.command, i.cmd, action?.command].filter((v) => v !== undefined && v !== null);
      if (fields.length > 1) return opaque(env, 'hook:no-command', `${t} names more than one command`);
      const argv = Array.isArray(fields[0]) ? fields[0] : undefined;
      if (argv && argv.length >= 2 && argv.every((w) => typeof w === 'string') && /^(?:.*\/)?(?:apply_patch|applypatch)$/.test(argv[0] as string)) {
        // `["apply_patch", "<patch>"]`: Codex applies the patch itself, as its apply_patch tool would.
        if (argv.length !== 2) return opaque(env, 'hook:patch-unparsable', `${t} passes apply_patch more than one argument`);
        return patchPlan(env, argv[1] as string, base, 'codex', (patch) => ({ ...i, command: [argv[0], patch] }));
      }
      const command = argv ? argvCommand(argv) : s(fields[0]);
      if (!command?.trim()) return opaque(env, 'hook:no-command', `${t} names no command`);
      const dir = execDir(env, base);
      if (!dir.ok) return dir.plan;
      const cwd = dir.cwd;
      const sp = shellPatch(command);
      if (sp) {
        const pdir = sp.dir ? (sp.dir.startsWith('/') || !cwd ? sp.dir : `${cwd.replace(/\/+$/, '')}/${sp.dir}`) : cwd;
        return patchPlan(env, sp.patch, pdir, 'codex', (patch) => ({ command: sp.rebuild(patch) }));
      }
      if (/(^|[\s;&|(`$])(apply_patch|applypatch)\b/.test(command)) {
        return refuse(
          env,
          'exec',
          'hook:patch-unparsable',
          "AgentGuard reads a patch sent through the shell only as `apply_patch <<'EOF'` … `EOF`; send it through the apply_patch tool instead.",
          { command, cwd },
        );
      }
      if (startsInteractive(command)) {
        return refuse(
          env,
          'exec',
          'hook:interactive',
          `\`${command.slice(0, 80)}\` starts a shell or interpreter that reads its commands from input, and Codex sends that input without any hook seeing it. Run each command on its own, or pass a script (-c / a file).`,
          { command, cwd },
        );
      }
      return { kind: 'calls', calls: [draft(env, 'exec', [], { command, cwd })] };
    }
    case 'apply_patch':
      return patchPlan(env, s(i.command) ?? s(i.input) ?? s(i.patch), base, 'codex', (patch) => ({ command: patch }));
    case 'view_image':
      return pathCall(env, 'read', [s(i.path)], base);
  }
  if (t.startsWith('mcp__')) return opaque(env, 'hook:mcp-tool', `the MCP tool ${t} is not one AgentGuard knows`);
  return opaque(env, 'hook:unknown-tool', `AgentGuard does not know the tool ${t}`);
}
