// A shell tool's working folder is part of what the command does: Codex sends `workdir`, Gemini `dir_path` (and
// `directory` in older versions), and a command judged in the session's folder but run in `tests/` or
// `.git/hooks` would be judged against the wrong files. Through `agentguard hook` with the extension down, on
// each host's own shell tool.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';

/** Each host's shell tool: the fixture to start from and how its answer says "refused". */
const HOSTS: { host: string; fixture: string; tool: string; refused(a: Record<string, any>): boolean }[] = [
  { host: 'codex', fixture: 'PreToolUse-Bash_ls', tool: 'Bash', refused: (a) => a.hookSpecificOutput?.permissionDecision === 'deny' },
  { host: 'gemini', fixture: 'BeforeTool-run_shell_command_ls', tool: 'run_shell_command', refused: (a) => a.decision === 'deny' },
  { host: 'claude', fixture: 'PreToolUse-Bash', tool: 'Bash', refused: (a) => ['deny', 'ask'].includes(a.hookSpecificOutput?.permissionDecision) },
  {
    host: 'vscode',
    fixture: 'PreToolUse-run_in_terminal',
    tool: 'run_in_terminal',
    refused: (a) => ['deny', 'ask'].includes(a.hookSpecificOutput?.permissionDecision),
  },
];

describe('hook bridge: a shell tool runs its command in the folder its input names', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
    fs.mkdirSync(path.join(sb.workspace, 'secrets'));
    fs.writeFileSync(path.join(sb.workspace, 'secrets', 'slack.txt'), 'not for the model\n');
  });
  afterEach(() => sb.cleanup());

  async function decide(h: (typeof HOSTS)[number], input: Record<string, unknown>) {
    const payload = JSON.parse(sb.payload(h.host, h.fixture));
    payload.tool_name = h.tool;
    payload.tool_input = input;
    const r = await runHook(['--host', h.host, '--workspace', sb.workspace], JSON.stringify(payload), sb.env);
    assert.equal(r.code, 0, r.stderr);
    return answerOf(r);
  }

  for (const h of HOSTS) {
    describe(h.host, () => {
      for (const [key, dir, command, what] of [
        // Names that are harmless in the session folder (no slack.txt there): only the folder makes them protected.
        ['workdir', 'secrets', ': > slack.txt', 'truncates a no-access file'],
        ['workdir', '${WS}/secrets', 'rm slack.txt', 'deletes a no-access file (absolute folder)'],
        ['directory', 'secrets', 'cat slack.txt', 'reads a no-access file'],
        ['dir_path', 'secrets', 'cat *', 'reads every no-access file'],
        ['cwd', 'secrets', 'sed -i s/a/b/ slack.txt', 'edits a no-access file in place'],
      ] as const) {
        it(`\`${key}: ${dir}\` + \`${command}\` ${what}: refused`, async () => {
          const a = await decide(h, { command, [key]: dir.replace('${WS}', sb.workspace) });
          assert.ok(h.refused(a), `allowed: ${JSON.stringify(a)}`);
        });
      }
      it('the same command in the session folder, with no folder key, is judged there (control)', async () => {
        const a = await decide(h, { command: 'cat slack.txt' });
        assert.ok(!h.refused(a), `refused: ${JSON.stringify(a)}`);
      });
      it('a plain listing in a folder named by the input stays allowed', async () => {
        const a = await decide(h, { command: 'ls', workdir: 'src' });
        assert.ok(!h.refused(a), `refused: ${JSON.stringify(a)}`);
      });
      it('no working folder at all (the envelope has no cwd): refused, not judged in the workspace', async () => {
        const payload = JSON.parse(sb.payload(h.host, h.fixture));
        payload.tool_name = h.tool;
        payload.tool_input = { command: 'cat slack.txt' };
        payload.cwd = null;
        const r = await runHook(['--host', h.host, '--workspace', sb.workspace], JSON.stringify(payload), sb.env);
        assert.ok(h.refused(answerOf(r)), r.stdout);
      });
      it('a folder that is not a string, or two folder keys that disagree: refused, not judged in the session folder', async () => {
        assert.ok(h.refused(await decide(h, { command: 'ls', workdir: ['tests'] })));
        assert.ok(h.refused(await decide(h, { command: 'ls', workdir: 'src', directory: 'tests' })));
      });
    });
  }
});
