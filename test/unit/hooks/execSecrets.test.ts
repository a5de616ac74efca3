// Shell commands that would show a secret from a workspace file, through `agentguard hook` for every host
// (extension down), on real files in a temp workspace (src/settings.ts holds a fake token built at run time).
// Where the host cannot replace terminal output (VS Code, Cline) such a command is refused; where it can
// (Claude Code, Gemini CLI, Codex) only a plain reader passes, whose output the after-hook recognises.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { notPlainReader } from '../../../src/node/hookBridge/execReads';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';

const FIXTURE: Record<string, string> = {
  claude: 'PreToolUse-Bash',
  vscode: 'PreToolUse-run_in_terminal',
  gemini: 'BeforeTool-run_shell_command_ls',
  codex: 'PreToolUse-Bash_ls',
  cline: 'PreToolUse-v4-run_commands_ok',
};

describe('hook bridge: commands that read workspace files holding secrets', () => {
  let sb: Sandbox;
  before(() => {
    sb = sandbox();
    fs.mkdirSync(path.join(sb.workspace, 'lib'));
    fs.writeFileSync(path.join(sb.workspace, 'lib', 'util.ts'), 'export const u = 2;\n');
  });
  after(() => sb.cleanup());

  /** The host's command payload running `command`, and whether the bridge refused it (audit and answer agree). */
  async function run(host: string, command: string): Promise<{ refused: boolean; reason: string; out: string }> {
    const p = JSON.parse(sb.payload(host, FIXTURE[host]));
    if (host === 'cline') p.preToolUse.parameters.commands = JSON.stringify([command]);
    else p.tool_input.command = command;
    p.tool_use_id &&= `${p.tool_use_id}-${Math.random().toString(36).slice(2)}`;
    const before = sb.audit().length;
    const r = await runHook(['--host', host, '--workspace', sb.workspace], JSON.stringify(p), sb.env);
    assert.equal(r.code === 0 || r.code === 2, true, r.stderr);
    const a = answerOf(r);
    const said = host === 'cline' ? a.cancel === true : host === 'gemini' ? a.decision === 'deny' : a.hookSpecificOutput?.permissionDecision === 'deny';
    const recs = sb.audit().slice(before);
    const rec = recs.find((x) => x.rule === 'hook:secret-exec');
    assert.equal(
      said,
      rec !== undefined && rec.decision === 'deny',
      `${host} ${command}: answer ${r.stdout} vs audit ${JSON.stringify(recs.map((x) => x.rule))}`,
    );
    assert.ok(!r.stdout.includes(sb.secret) && !r.stderr.includes(sb.secret), 'the secret is never in the answer');
    return { refused: said, reason: String(a.reason ?? a.errorMessage ?? a.hookSpecificOutput?.permissionDecisionReason ?? ''), out: r.stdout };
  }

  describe('hosts that hand terminal output to the model as it is', () => {
    for (const host of ['vscode', 'cline']) {
      it(`${host}: cat of a file holding a token is refused, pointing at a read tool that masks`, async () => {
        const r = await run(host, 'cat src/settings.ts');
        assert.ok(r.refused, r.out);
        assert.match(r.out, /agentguard_readFile/);
        assert.match(r.out, /src\/settings\.ts holds secret values/);
      });
      it(`${host}: a recursive grep whose reach holds the file is refused; one that does not, allowed`, async () => {
        assert.ok((await run(host, 'grep -rn region src')).refused);
        assert.ok(!(await run(host, 'grep -rn u lib')).refused);
      });
      it(`${host}: cat of a file without secrets stays allowed`, async () => {
        assert.ok(!(await run(host, 'cat src/app.ts')).refused);
      });
    }
    it('vscode: a glob reaching the file is refused, and the pointer names VS Code’s own read_file', async () => {
      const r = await run('vscode', 'head -n 3 src/*.ts');
      assert.ok(r.refused);
      assert.match(r.out, /read_file tool/);
    });
  });

  describe('hosts whose after-hook masks the output: only plain readers', () => {
    const transforms = [
      'base64 src/settings.ts',
      'base64 < src/settings.ts',
      'cat src/settings.ts | od -c',
      'cat src/settings.ts | rev',
      'grep -o . src/settings.ts',
      'grep --color=always token src/settings.ts',
      'head -c 40 src/settings.ts',
      "sed 's/./& /g' src/settings.ts",
      'python3 -c "print(open(\'src/settings.ts\').read()[::-1])"',
      'cp src/settings.ts /tmp/x.txt',
      'echo $(cat src/settings.ts)',
      'frobnicate src/settings.ts',
    ];
    for (const host of ['claude', 'gemini', 'codex']) {
      it(`${host}: a command that transforms the file's text is refused, saying why`, async () => {
        for (const c of transforms) {
          const r = await run(host, c);
          assert.ok(r.refused, `${host}: ${c} was not refused: ${r.out}`);
        }
      });
      it(`${host}: plain readers of the file, and any command on a file without secrets, stay allowed`, async () => {
        for (const c of [
          'cat src/settings.ts',
          'head -n 2 src/settings.ts',
          'grep -n token src/settings.ts',
          'sed -n 1,2p src/settings.ts',
          'cat src/app.ts | base64',
        ]) {
          const r = await run(host, c);
          assert.ok(!r.refused, `${host}: ${c} was refused: ${r.out}`);
        }
      });
    }
  });

  it("claude: after an encoding of the file ran anyway (no before-hook), its output is withheld; a plain reader's is masked", async () => {
    const post = (command: string, stdout: string) => {
      const p = JSON.parse(sb.payload('claude', FIXTURE.claude));
      p.hook_event_name = 'PostToolUse';
      p.tool_input.command = command;
      p.tool_response = { stdout, stderr: '', interrupted: false, isImage: false };
      return runHook(['--host', 'claude', '--workspace', sb.workspace], JSON.stringify(p), sb.env);
    };
    const b64 = Buffer.from(sb.settings).toString('base64');
    const r = await post('base64 -w0 src/settings.ts', b64);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.stringify(answerOf(r).hookSpecificOutput?.updatedToolOutput ?? answerOf(r));
    assert.ok(!r.stdout.includes(b64), r.stdout);
    assert.match(out, /AgentGuard withheld this output/);
    const plain = await post('cat src/settings.ts', sb.settings);
    assert.ok(!plain.stdout.includes(sb.secret), plain.stdout);
    assert.match(plain.stdout, /«secret:/);
    assert.doesNotMatch(plain.stdout, /withheld/);
  });

  it('a plain reader is told apart by its options (data: PLAIN_READERS)', () => {
    assert.equal(notPlainReader(['cat', '-n', 'f']), undefined);
    assert.equal(notPlainReader(['head', '-20', 'f']), undefined);
    assert.equal(notPlainReader(['grep', '-rniA2', 'x', 'f']), undefined);
    assert.equal(notPlainReader(['sed', '-n', '/a/,$p', 'f']), undefined);
    assert.equal(notPlainReader(['sed', '-n', '-e', '3p', 'f']), undefined);
    assert.match(notPlainReader(['cat', '-A', 'f']) ?? '', /changes what it prints/);
    assert.match(notPlainReader(['tail', '--bytes=5', 'f']) ?? '', /changes what it prints/);
    assert.match(notPlainReader(['sed', '-n', 'y/abc/xyz/;p', 'f']) ?? '', /sed script/);
    assert.match(notPlainReader(['sed', '-e', 's/a/b/', 'f']) ?? '', /sed script/);
    assert.match(notPlainReader(['xxd', 'f']) ?? '', /not a program/);
    assert.match(notPlainReader(['cat', null]) ?? '', /run time/);
  });
});
