// Hook bridge, issue #16 (no side effect for a denied call, no secret reaches the model, benign calls not
// refused), through `agentguard hook` with the extension down, on a real temp workspace (tokens built at run time):
// - a file a test runner is handed is read by it: VS Code's runTests with `.env` in `files` is a read of `.env`;
// - a new file test runners load on their own (conftest.py, pytest.ini, setup.cfg) is code planted for later: asked;
// - the output of a command the path rules refuse (`xxd .env`) reaching the after-hook is withheld, whatever
//   form it has (a hex line of a token's first bytes matches no pattern);
// - a search that does not follow links (Cline's ripgrep, `grep -r`) is not refused for a link under its folder,
//   and still is when it starts at a link into a protected folder, or follows links (`grep -R`);
// - what the after-hook does to an output (masked, withheld, the task ended) is in the audit log.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

const hexOf = (s: string) => Buffer.from(s, 'utf8').toString('hex');

describe('hook bridge: files test runners load, refused commands’ output, links a search does not follow', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
    const ws = sb.workspace;
    fs.mkdirSync(path.join(ws, 'secrets'));
    fs.writeFileSync(path.join(ws, 'secrets', 'deploy.key'), `key=${sb.secret}\n`);
    // lib/: code and links to .env, to secrets/ and to src/settings.ts (a source file holding a token).
    fs.mkdirSync(path.join(ws, 'lib'));
    fs.writeFileSync(path.join(ws, 'lib', 'app.py'), '# TODO: password check\nprint(1)\n');
    fs.symlinkSync('../.env', path.join(ws, 'lib', 'env.link'));
    fs.symlinkSync('../secrets', path.join(ws, 'lib', 'sec'));
    fs.symlinkSync('../src/settings.ts', path.join(ws, 'lib', 'settings.link'));
    fs.writeFileSync(path.join(ws, 'README.md'), '# demo\n');
  });
  afterEach(() => sb.cleanup());

  const vscodePre = (tool: string, input: Record<string, unknown>) =>
    runHook(
      ['--host', 'vscode', '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({
        timestamp: '2026-12-03T13:00:00.000Z',
        hook_event_name: 'PreToolUse',
        session_id: 's',
        tool_name: tool,
        tool_input: input,
        tool_use_id: 'toolu_1__vscode-1',
        cwd: sb.workspace,
      }),
      sb.env,
    );
  const claude = (event: 'pre' | 'post', tool: string, input: Record<string, unknown>, response?: unknown) =>
    runHook(
      ['--host', 'claude', '--event', event, '--workspace', sb.workspace],
      JSON.stringify({
        session_id: 's',
        cwd: sb.workspace,
        permission_mode: 'default',
        hook_event_name: event === 'pre' ? 'PreToolUse' : 'PostToolUse',
        tool_name: tool,
        tool_input: input,
        tool_use_id: 'toolu_1',
        ...(response === undefined ? {} : { tool_response: response }),
      }),
      sb.env,
    );
  const cline = (event: 'pre' | 'post', tool: string, parameters: Record<string, unknown>, result?: string) =>
    runHook(
      ['--host', 'cline', '--event', event, '--workspace', sb.workspace],
      JSON.stringify({
        clineVersion: '3.69.0',
        hookName: event === 'pre' ? 'PreToolUse' : 'PostToolUse',
        timestamp: '1772540000000',
        taskId: 't1',
        workspaceRoots: [sb.workspace],
        userId: 'u',
        ...(event === 'pre'
          ? { preToolUse: { toolName: tool, parameters } }
          : { postToolUse: { toolName: tool, parameters, result, success: true, executionTimeMs: 5 } }),
      }),
      sb.env,
    );

  describe('VS Code runTests: the files handed to the test runner are reads', () => {
    it('a secrets file as a test file is refused', async () => {
      const r = await vscodePre('runTests', { files: [path.join(sb.workspace, '.env')], mode: 'run' });
      assert.equal(preDecision(r), 'deny', r.stdout);
    });
    it('a coverage file that holds a secret is refused (the runner quotes it)', async () => {
      const r = await vscodePre('runTests', {
        files: [path.join(sb.workspace, 'tests', 'a.test.ts')],
        coverageFiles: [path.join(sb.workspace, 'src', 'settings.ts')],
      });
      assert.equal(preDecision(r), 'deny', r.stdout);
    });
    it('a test file, and a run of every test, pass', async () => {
      for (const input of [{ files: [path.join(sb.workspace, 'tests', 'a.test.ts')], mode: 'run' }, { mode: 'run' }, {}]) {
        const r = await vscodePre('runTests', input);
        assert.equal(r.code, 0, r.stderr);
        assert.equal(preDecision(r), undefined, `${JSON.stringify(input)} → ${r.stdout}`);
      }
    });
  });

  describe('a new file test runners load on their own is asked', () => {
    for (const name of ['conftest.py', 'pkg/conftest.py', 'pytest.ini', 'setup.cfg', 'tox.ini']) {
      it(`VS Code create_file ${name}`, async () => {
        const r = await vscodePre('create_file', { filePath: path.join(sb.workspace, name), content: 'import os\n' });
        assert.equal(preDecision(r), 'ask', r.stdout);
      });
    }
    it('Claude Write conftest.py', async () => {
      const r = await claude('pre', 'Write', { file_path: path.join(sb.workspace, 'conftest.py'), content: 'import os\n' });
      assert.equal(preDecision(r), 'ask', r.stdout);
    });
    it('a new module, a new test helper and a README pass', async () => {
      for (const name of ['src/util.py', 'pkg/helpers.py', 'docs/README.md']) {
        const r = await vscodePre('create_file', { filePath: path.join(sb.workspace, name), content: 'x = 1\n' });
        assert.equal(preDecision(r), undefined, `${name}: ${r.stdout}`);
      }
    });
  });

  describe('after-hook: the output of a command the path rules refuse is withheld', () => {
    it('xxd .env printing the first bytes of a token the workspace does not hold', async () => {
      // Sixteen bytes: too short for a token pattern, and not a value of this workspace's files.
      const head = sb.secret.slice(0, 4) + 'Zq7Lw2Xk9Rt3Vb';
      const r = await claude('post', 'Bash', { command: 'xxd .env' }, { stdout: `00000000: ${hexOf(head)}\n`, stderr: '', interrupted: false });
      assert.equal(r.code, 0, r.stderr);
      const out = answerOf(r).hookSpecificOutput?.updatedToolOutput;
      assert.ok(out, r.stdout);
      assert.ok(!r.stdout.includes(hexOf(head).slice(0, 16)), r.stdout);
      assert.match(JSON.stringify(out), /withheld/);
    });
    it('od -c of a file under secrets/ (an octal/char dump no masking form reads)', async () => {
      const dump = `0000000   k   e   y   =   ${sb.secret.slice(0, 12).split('').join('   ')}\n`;
      const r = await claude('post', 'Bash', { command: 'od -c secrets/deploy.key' }, { stdout: dump, stderr: '', interrupted: false });
      assert.ok(!r.stdout.includes(sb.secret.slice(4, 12).split('').join('   ')), r.stdout);
      assert.match(r.stdout, /withheld/);
    });
    it('xxd of a file without secrets comes back unchanged', async () => {
      const r = await claude(
        'post',
        'Bash',
        { command: 'xxd README.md' },
        { stdout: `00000000: 2320 6465 6d6f 0a                        # demo.\n`, stderr: '', interrupted: false },
      );
      assert.equal(r.code, 0, r.stderr);
      assert.equal(answerOf(r).hookSpecificOutput?.updatedToolOutput, undefined, r.stdout);
    });
  });

  describe('searches that do not follow links', () => {
    it('Cline search_files over a folder holding links to .env, secrets/ and a file with a token passes (ripgrep skips links it meets)', async () => {
      const r = await cline('pre', 'search_files', { path: 'lib', regex: 'TODO' });
      assert.equal(answerOf(r).cancel, false, r.stdout);
    });
    it('Cline search_files starting at a link into secrets/ is still refused', async () => {
      const r = await cline('pre', 'search_files', { path: 'lib/sec', regex: 'key' });
      assert.equal(answerOf(r).cancel, true, r.stdout);
    });
    it('VS Code terminal (cannot mask): grep -rn over the folder passes; grep -R (follows links) is refused', async () => {
      const r = await vscodePre('run_in_terminal', { command: 'grep -rn TOKEN lib/', explanation: 'x', isBackground: false });
      assert.equal(preDecision(r), undefined, r.stdout);
      const R = await vscodePre('run_in_terminal', { command: 'grep -Rn TOKEN lib/', explanation: 'x', isBackground: false });
      assert.equal(preDecision(R), 'deny', R.stdout);
    });
    it('VS Code grep_search (follows links) still keeps the links out', async () => {
      const r = await vscodePre('grep_search', { query: 'TODO', isRegexp: false, includePattern: 'lib/**' });
      const a = answerOf(r).hookSpecificOutput ?? {};
      assert.ok(a.permissionDecision === 'deny' || (a.updatedInput && !JSON.stringify(a.updatedInput).includes('env.link')), r.stdout);
    });
  });

  describe('what the after-hook does to an output is audited', () => {
    it('Cline: the task ended on a secret output is a deny record', async () => {
      const r = await cline('post', 'execute_command', { command: 'printenv' }, `HOME=/home/u\nGITHUB_TOKEN=${sb.secret}\n`);
      assert.equal(answerOf(r).cancel, true, r.stdout);
      const recs = sb.audit().filter((x) => x.event === 'output');
      assert.equal(recs.length, 1, JSON.stringify(sb.audit()));
      assert.equal(recs[0].decision, 'deny');
      assert.equal(recs[0].rule, 'hook:secret-output');
      assert.equal(recs[0].tool, 'execute_command');
      assert.ok(!JSON.stringify(recs).includes(sb.secret));
    });
    it('Claude: a masked output is an allow record; an unchanged one adds none', async () => {
      await claude('post', 'Bash', { command: 'ls' }, { stdout: 'README.md\nsrc\n', stderr: '', interrupted: false });
      assert.equal(sb.audit().filter((x) => x.event === 'output').length, 0);
      const r = await claude('post', 'Bash', { command: 'printenv' }, { stdout: `GITHUB_TOKEN=${sb.secret}\n`, stderr: '', interrupted: false });
      assert.match(r.stdout, /«secret:/);
      const recs = sb.audit().filter((x) => x.event === 'output');
      assert.equal(recs.length, 1);
      assert.equal(recs[0].decision, 'allow');
      assert.equal(recs[0].rule, 'hook:masked-output');
      assert.equal(recs[0].op, 'exec');
    });
  });
});
