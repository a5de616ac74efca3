// How each real agent CLI is set up, pointed at the fake model server, guarded, and run headless — and its
// own tool names, so one scenario can be written once for all four. Facts checked live on this kind of
// machine (root, no network but loopback) at the pinned versions in scripts/cli-agents/agents.mjs:
// - Claude Code: as root, bypassPermissions needs IS_SANDBOX=1; hooks from .claude/settings*.json.
// - Gemini CLI: needs security.auth.selectedType or it picks a gateway auth and exits 41; project hooks
//   run only in a trusted folder (GEMINI_CLI_TRUST_WORKSPACE=true; --skip-trust skips them silently).
// - Cline: the provider is stored by `cline auth`; hooks are executables named after the event in
//   .clinerules/hooks/; auto-approve is on by default in --json mode.
// - Codex: a custom model provider (wire_api responses), the project trusted in $CODEX_HOME/config.toml, and
//   project hooks trusted (--dangerously-bypass-hook-trust); an untrusted hook is skipped silently, a wrong
//   port retries forever, and exec reads stdin when it is not a TTY — so always a timeout and </dev/null.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_PLACEHOLDER } from './workspace.mjs';

/** Hook timeouts the harness writes, seconds (the product's installer chooses its own for the hosts it covers). */
export const HOOK_TIMEOUT_S = 60;

function quote(arg) {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command line AgentGuard's installer writes for a host: `node dist/hook.js hook --host H --event E …`. */
export function hookCommand({ node, entry, host, event, workspace, timeout = HOOK_TIMEOUT_S }) {
  return [node, entry, 'hook', '--host', host, '--event', event, '--workspace', workspace, '--timeout', String(timeout)].map(quote).join(' ');
}

const baseEnv = (home) => ({ PATH: process.env.PATH, HOME: home, TERM: 'dumb', LANG: 'C.UTF-8', NO_COLOR: '1' });

export const HOSTS = {
  claude: {
    protocol: 'anthropic',
    /** Where the host reads hooks the harness or the installer wrote (checked after install). */
    hookFiles: ['.claude/settings.local.json'],
    writeHooks({ ws, cmd }) {
      const entry = (event) => [{ matcher: '*', hooks: [{ type: 'command', command: cmd(event), timeout: HOOK_TIMEOUT_S }] }];
      mkdirSync(join(ws, '.claude'), { recursive: true });
      writeFileSync(
        join(ws, '.claude/settings.local.json'),
        JSON.stringify({ hooks: { PreToolUse: entry('pre'), PostToolUse: entry('post') } }, null, 2) + '\n',
      );
    },
    prepare() {
      return [];
    },
    run({ bin, home, fake, prompt }) {
      return {
        cmd: bin,
        args: ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--include-hook-events', '--permission-mode', 'bypassPermissions'],
        env: {
          ...baseEnv(home),
          ANTHROPIC_BASE_URL: fake.url,
          ANTHROPIC_API_KEY: 'dummy',
          DISABLE_TELEMETRY: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          DISABLE_AUTOUPDATER: '1',
          DISABLE_ERROR_REPORTING: '1',
          IS_SANDBOX: '1',
        },
      };
    },
    tools: {
      shell: (command) => [{ tool: 'Bash', input: { command, description: 'run a command' } }],
      read: (ws, rel) => [{ tool: 'Read', input: { file_path: join(ws, rel) } }],
      // Claude Code refuses to edit or overwrite a file it has not read in this session: read it first.
      edit: (ws, rel, oldText, newText) => [
        { tool: 'Read', input: { file_path: join(ws, rel) } },
        { tool: 'Edit', input: { file_path: join(ws, rel), old_string: oldText, new_string: newText } },
      ],
      write: (ws, rel, content) => [
        { tool: 'Read', input: { file_path: join(ws, rel) } },
        { tool: 'Write', input: { file_path: join(ws, rel), content } },
      ],
      create: (ws, rel, content) => [{ tool: 'Write', input: { file_path: join(ws, rel), content } }],
    },
    rmFlags: '-rf',
  },

  gemini: {
    protocol: 'gemini',
    hookFiles: ['.gemini/settings.json'],
    writeHooks({ ws, cmd }) {
      // Gemini CLI's hook timeout is in milliseconds.
      const entry = (event, name) => [{ matcher: '.*', hooks: [{ name, type: 'command', command: cmd(event), timeout: HOOK_TIMEOUT_S * 1000 }] }];
      mkdirSync(join(ws, '.gemini'), { recursive: true });
      writeFileSync(
        join(ws, '.gemini/settings.json'),
        JSON.stringify({ hooks: { BeforeTool: entry('pre', 'agentguard-before'), AfterTool: entry('post', 'agentguard-after') } }, null, 2) + '\n',
      );
    },
    prepare({ home }) {
      mkdirSync(join(home, '.gemini'), { recursive: true });
      writeFileSync(
        join(home, '.gemini/settings.json'),
        JSON.stringify({
          security: { auth: { selectedType: 'gemini-api-key' } },
          privacy: { usageStatisticsEnabled: false },
          general: { disableAutoUpdate: true, disableUpdateNag: true },
        }) + '\n',
      );
      return [];
    },
    run({ bin, home, fake, prompt }) {
      return {
        cmd: bin,
        args: ['-p', prompt, '--output-format', 'stream-json', '--yolo'],
        env: {
          ...baseEnv(home),
          GEMINI_API_KEY: 'dummy',
          GOOGLE_GEMINI_BASE_URL: fake.url,
          GEMINI_CLI_NO_RELAUNCH: 'true',
          GEMINI_CLI_TRUST_WORKSPACE: 'true',
        },
      };
    },
    tools: {
      shell: (command) => [{ tool: 'run_shell_command', input: { command, description: 'run a command' } }],
      read: (ws, rel) => [{ tool: 'read_file', input: { file_path: rel } }],
      edit: (ws, rel, oldText, newText) => [
        { tool: 'read_file', input: { file_path: rel } },
        { tool: 'replace', input: { file_path: join(ws, rel), old_string: oldText, new_string: newText, instruction: 'make the change' } },
      ],
      write: (ws, rel, content) => [{ tool: 'write_file', input: { file_path: join(ws, rel), content } }],
      create: (ws, rel, content) => [{ tool: 'write_file', input: { file_path: join(ws, rel), content } }],
    },
    rmFlags: '-rf',
  },

  cline: {
    protocol: 'chat',
    hookFiles: ['.clinerules/hooks/PreToolUse', '.clinerules/hooks/PostToolUse'],
    writeHooks({ ws, cmd }) {
      const dir = join(ws, '.clinerules/hooks');
      mkdirSync(dir, { recursive: true });
      for (const [name, event] of [
        ['PreToolUse', 'pre'],
        ['PostToolUse', 'post'],
      ]) {
        writeFileSync(join(dir, name), `#!/bin/sh\nexec ${cmd(event)}\n`);
        chmodSync(join(dir, name), 0o755);
      }
    },
    prepare({ bin, home, fake }) {
      // Stored in $HOME as an OpenAI-compatible provider; run before the task, in the same HOME.
      return [{ cmd: bin, args: ['auth', '-p', 'openai', '-k', 'dummy', '-m', 'fake-model', '-b', `${fake.url}/v1`], env: baseEnv(home) }];
    },
    run({ bin, home, prompt }) {
      return { cmd: bin, args: ['--json', prompt], env: baseEnv(home) };
    },
    tools: {
      shell: (command) => [{ tool: 'run_commands', input: { commands: [command] } }],
      read: (ws, rel) => [{ tool: 'read_files', input: { files: [{ path: join(ws, rel) }] } }],
      edit: (ws, rel, oldText, newText) => [
        { tool: 'read_files', input: { files: [{ path: join(ws, rel) }] } },
        { tool: 'editor', input: { path: join(ws, rel), old_text: oldText, new_text: newText } },
      ],
      write: (ws, rel, content) => [{ tool: 'editor', input: { path: join(ws, rel), new_text: content } }],
      create: (ws, rel, content) => [{ tool: 'editor', input: { path: join(ws, rel), new_text: content } }],
    },
    rmFlags: '-rf',
  },

  codex: {
    protocol: 'responses',
    hookFiles: ['.codex/hooks.json'],
    writeHooks({ ws, cmd }) {
      const entry = (event) => [{ matcher: '*', hooks: [{ type: 'command', command: cmd(event), timeout: HOOK_TIMEOUT_S }] }];
      mkdirSync(join(ws, '.codex'), { recursive: true });
      writeFileSync(join(ws, '.codex/hooks.json'), JSON.stringify({ hooks: { PreToolUse: entry('pre'), PostToolUse: entry('post') } }, null, 2) + '\n');
    },
    prepare({ home, fake, ws }) {
      const codexHome = join(home, '.codex');
      mkdirSync(codexHome, { recursive: true });
      writeFileSync(
        join(codexHome, 'config.toml'),
        [
          // A slug of Codex's bundled catalog: it gives the freeform apply_patch tool.
          'model = "gpt-5.5"',
          'model_provider = "fake"',
          'check_for_update_on_startup = false',
          '[analytics]',
          'enabled = false',
          '[features]',
          // On by default, plugin sync runs git ls-remote against a remote host at startup.
          'plugins = false',
          '[model_providers.fake]',
          'name = "fake"',
          `base_url = "${fake.url}/v1"`,
          'env_key = "FAKE_API_KEY"',
          'wire_api = "responses"',
          'request_max_retries = 0',
          'stream_max_retries = 0',
          `[projects.${JSON.stringify(ws)}]`,
          'trust_level = "trusted"',
          '',
        ].join('\n'),
      );
      return [];
    },
    run({ bin, home, prompt }) {
      return {
        cmd: bin,
        args: [
          'exec',
          '--json',
          '--skip-git-repo-check',
          '--ephemeral',
          '--dangerously-bypass-approvals-and-sandbox',
          '--dangerously-bypass-hook-trust',
          prompt,
        ],
        env: { ...baseEnv(home), CODEX_HOME: join(home, '.codex'), FAKE_API_KEY: 'dummy' },
      };
    },
    tools: {
      shell: (command) => [{ tool: 'exec_command', input: { cmd: command } }],
      // Codex has no read tool of its own: it reads through the shell.
      read: (ws, rel) => [{ tool: 'exec_command', input: { cmd: `cat ${rel}` } }],
      edit: (ws, rel, oldText, newText) => [
        { tool: 'exec_command', input: { cmd: `cat ${rel}` } },
        { custom: 'apply_patch', input: updatePatch(rel, oldText, newText) },
      ],
      write: (ws, rel, content) => [{ custom: 'apply_patch', input: updatePatchWhole(rel, maskedView(join(ws, rel)), content) }],
      create: (ws, rel, content) => [{ custom: 'apply_patch', input: addPatch(rel, content) }],
    },
    // Codex refuses `rm -f` style commands itself (after its PreToolUse hook): test the guard on `rm -r`.
    rmFlags: '-r',
  },
};

function lines(text) {
  return text.replace(/\n$/, '').split('\n');
}

/** An apply_patch that replaces the line(s) `oldText` with `newText`. */
function updatePatch(rel, oldText, newText) {
  return [
    '*** Begin Patch',
    `*** Update File: ${rel}`,
    '@@',
    ...lines(oldText).map((l) => `-${l}`),
    ...lines(newText).map((l) => `+${l}`),
    '*** End Patch',
    '',
  ].join('\n');
}

/**
 * apply_patch has no "overwrite", and Codex refuses a patch that deletes and adds the same file ("multiple
 * operations target …"): a whole-file write is an update that takes out every line the model saw and puts
 * in the new ones. The model saw the masked view, so its `-` lines carry the placeholder, not the token.
 */
function updatePatchWhole(rel, seen, content) {
  return [
    '*** Begin Patch',
    `*** Update File: ${rel}`,
    '@@',
    ...lines(seen).map((l) => `-${l}`),
    ...lines(content).map((l) => `+${l}`),
    '*** End Patch',
    '',
  ].join('\n');
}

/** The file as a masked read shows it to the model: its (single) GitHub token as the workspace's placeholder. */
function maskedView(file) {
  return readFileSync(file, 'utf8').replace(/gh[p]_[A-Za-z0-9]{36}/g, CONFIG_PLACEHOLDER);
}

function addPatch(rel, content) {
  return ['*** Begin Patch', `*** Add File: ${rel}`, ...lines(content).map((l) => `+${l}`), '*** End Patch', ''].join('\n');
}
