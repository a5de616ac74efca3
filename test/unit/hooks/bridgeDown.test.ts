// `agentguard hook` with the extension unreachable: the built CLI decides alone from the policy, answers
// in each host's protocol, and writes the audit record itself.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

describe('hook bridge, extension down', () => {
  let sb: Sandbox;
  const hook = (host: string, name: string, extra: string[] = []) => runHook(['--workspace', sb.workspace, ...extra], sb.payload(host, name), sb.env);

  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  it('VS Code rm -rf through run_in_terminal: the host\'s own "ask", audited as decided without the extension', async () => {
    const r = await hook('vscode', 'PreToolUse-rm_rf');
    assert.equal(r.code, 0, r.stderr);
    const a = answerOf(r);
    assert.equal(a.hookSpecificOutput.hookEventName, 'PreToolUse');
    assert.equal(a.hookSpecificOutput.permissionDecision, 'ask');
    assert.match(a.hookSpecificOutput.permissionDecisionReason, /^AgentGuard: .*rm/);
    const recs = sb.audit();
    assert.equal(recs.length, 1);
    assert.equal(recs[0].decision, 'ask');
    assert.equal(recs[0].decidedBy, 'fail-closed');
    assert.equal(recs[0].channel, 'hook');
    assert.equal(recs[0].tool, 'run_in_terminal');
    assert.equal(recs[0].op, 'exec');
    // The status bar learns that the bridge decided alone.
    const notes = fs.readdirSync(path.join(sb.home, 'channels')).filter((f) => f.endsWith('.failed.json'));
    assert.equal(notes.length, 1);
  });

  it('Cline has no ask: rm -rf inside run_commands cancels (a refusal), whatever the other commands', async () => {
    const r = await hook('cline', 'PreToolUse-v4-run_commands_rm');
    assert.equal(r.code, 0, r.stderr);
    const a = answerOf(r);
    assert.equal(a.cancel, true);
    assert.match(a.errorMessage, /AgentGuard/);
    assert.equal(sb.audit().find((x) => x.decision !== 'allow')?.decision, 'deny');
  });

  it('Cline: a benign command passes with cancel:false', async () => {
    const r = await hook('cline', 'PreToolUse-v4-run_commands_ok');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(answerOf(r), { cancel: false });
  });

  it('Claude Code Read of .env is refused', async () => {
    const r = await hook('claude', 'PreToolUse-Read_env');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(preDecision(r), 'deny');
    assert.equal(sb.audit()[0].rule, 'path:secrets');
    assert.ok(!r.stdout.includes(sb.secret));
  });

  for (const [host, name] of [
    ['vscode', 'PreToolUse-replace_test'],
    ['vscode', 'PreToolUse-apply_patch_test'],
    ['claude', 'PreToolUse-Edit_test'],
    ['claude', 'PreToolUse-MultiEdit_test'],
  ] as const) {
    it(`an edit of a test file is refused (${host} ${name})`, async () => {
      const r = await hook(host, name);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(preDecision(r), 'deny');
      assert.match(answerOf(r).hookSpecificOutput.permissionDecisionReason, /tests\/a\.test\.ts/);
      const denied = sb.audit().filter((x) => x.decision === 'deny');
      assert.equal(denied.length, 1);
      assert.equal(denied[0].rule, 'path:tests');
      assert.equal(denied[0].outcome, 'not-run');
    });
  }

  it('Cline v3 write_to_file of a test (relative path) cancels the task', async () => {
    const r = await hook('cline', 'PreToolUse-v3-write_to_file_test');
    assert.equal(answerOf(r).cancel, true);
  });

  it('apply_patch: a header inside an added file body is content, not a second file', async () => {
    const r = await hook('vscode', 'PreToolUse-apply_patch_ok');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(answerOf(r), {});
    const recs = sb.audit();
    assert.equal(recs.length, 1);
    assert.equal(recs[0].decision, 'allow');
  });

  it("a benign VS Code create_file gets no opinion (the host's own flow), and is audited as allowed", async () => {
    const r = await hook('vscode', 'PreToolUse-create_file');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(answerOf(r), {});
    assert.equal(sb.audit()[0].decision, 'allow');
  });

  it('VS Code read_file of a file holding a secret reads a masked view instead; the after-hook removes the view', async () => {
    const r = await hook('vscode', 'PreToolUse-read_secret_file');
    assert.equal(r.code, 0, r.stderr);
    const hso = answerOf(r).hookSpecificOutput;
    // allow: the only prompt skipped is VS Code's "read a file outside the workspace?", which the view causes.
    assert.equal(hso.permissionDecision, 'allow');
    const view = hso.updatedInput.filePath as string;
    assert.ok(view.startsWith(path.join(sb.home, 'views') + path.sep), view);
    assert.deepEqual({ ...hso.updatedInput, filePath: '<view>' }, { filePath: '<view>', startLine: 1, endLine: 50 });
    const text = fs.readFileSync(view, 'utf8');
    assert.ok(!text.includes(sb.secret), 'the view holds no secret');
    assert.match(text, /export const token = "«secret:[^»]+»";/);
    assert.equal(text.split('\n').length, sb.settings.split('\n').length, 'line for line: line ranges still fit');
    assert.equal(path.basename(view), 'settings.ts', 'the view keeps the name (the host picks the language by it)');
    assert.equal(fs.statSync(view).mode & 0o777, 0o400);
    assert.equal(fs.statSync(path.dirname(view)).mode & 0o777, 0o700);
    assert.match(hso.additionalContext, /placeholders/);
    assert.ok(!r.stdout.includes(sb.secret));
    assert.equal(sb.audit()[0].decision, 'allow');
    // VS Code's PostToolUse carries the input it ran: the view, which is then removed.
    const post = JSON.parse(sb.payload('vscode', 'PostToolUse-read_file'));
    post.tool_input = hso.updatedInput;
    const done = await runHook(['--workspace', sb.workspace], JSON.stringify(post), sb.env);
    assert.equal(done.code, 0, done.stderr);
    assert.ok(!fs.existsSync(path.dirname(view)), 'the view is gone after the read');
  });

  // VS Code drops an updatedInput that fails the tool's schema and runs the original read, unmasked, already
  // approved: the rewrite carries the range as numbers whatever types the model sent.
  for (const [range, want] of [
    [
      { startLine: '3', endLine: ' 40 ' },
      { startLine: 3, endLine: 40 },
    ],
    [
      { startLine: 'top', endLine: { to: 9 } },
      { startLine: 1, endLine: 1_000_000_000 },
    ],
    [{ offset: '200', limit: 'all' }, { offset: 200 }],
  ] as const) {
    it(`VS Code read_file with range ${JSON.stringify(range)}: the masked view's input is schema-typed`, async () => {
      const pre = JSON.parse(sb.payload('vscode', 'PreToolUse-read_secret_file'));
      pre.tool_input = { filePath: pre.tool_input.filePath, ...range };
      const r = await runHook(['--workspace', sb.workspace], JSON.stringify(pre), sb.env);
      assert.equal(r.code, 0, r.stderr);
      const hso = answerOf(r).hookSpecificOutput;
      assert.equal(hso.permissionDecision, 'allow');
      assert.ok((hso.updatedInput.filePath as string).startsWith(path.join(sb.home, 'views') + path.sep));
      assert.deepEqual({ ...hso.updatedInput, filePath: '<view>' }, { filePath: '<view>', ...want });
    });
  }

  it('an edit aimed at a masked view is refused, naming the file to edit', async () => {
    const r = await hook('vscode', 'PreToolUse-read_secret_file');
    const view = answerOf(r).hookSpecificOutput.updatedInput.filePath as string;
    const edit = JSON.parse(sb.payload('vscode', 'PreToolUse-replace_string_in_file'));
    edit.tool_input = { filePath: view, oldString: 'timeoutMs = 5000', newString: 'timeoutMs = 6000' };
    const e = await runHook(['--workspace', sb.workspace], JSON.stringify(edit), sb.env);
    assert.equal(preDecision(e), 'deny');
    assert.match(answerOf(e).hookSpecificOutput.permissionDecisionReason, /masked copy of src\/settings\.ts/);
    assert.equal(fs.readFileSync(view, 'utf8').includes('5000'), true, 'the view is untouched');
  });

  it('VS Code read_file of a clean file is not refused', async () => {
    fs.writeFileSync(path.join(sb.workspace, 'created.txt'), 'hello\n');
    const r = await hook('vscode', 'PreToolUse-read_file');
    assert.deepEqual(answerOf(r), {});
  });

  it('Claude Code PostToolUse Read: the output is replaced with the masked text', async () => {
    const r = await hook('claude', 'PostToolUse-Read_settings');
    assert.equal(r.code, 0, r.stderr);
    const a = answerOf(r);
    const content = a.hookSpecificOutput.updatedToolOutput.file.content as string;
    assert.ok(!content.includes(sb.secret));
    assert.match(content, /«secret:/);
    assert.equal(content.split('\n').length, sb.settings.split('\n').length, 'masking is line for line');
    assert.ok(!r.stdout.includes(sb.secret));
  });

  it('run_vscode_command that could switch the guard off is never allowed', async () => {
    const r = await hook('vscode', 'PreToolUse-run_vscode_command_disable');
    assert.equal(preDecision(r), 'deny');
    assert.equal(sb.audit()[0].rule, 'hook:guard-off-command');
  });

  it('an unknown tool is decided by policy: ask by default', async () => {
    const r = await hook('vscode', 'PreToolUse-unknown_tool');
    assert.equal(preDecision(r), 'ask');
  });

  it('a tool with no file or exec effect gets no opinion, and its one audit record', async () => {
    const r = await hook('vscode', 'PreToolUse-manage_todo_list');
    assert.deepEqual(answerOf(r), {});
    const recs = sb.audit();
    assert.equal(recs.length, 1);
    assert.equal(recs[0].tool, 'manage_todo_list');
    assert.equal(recs[0].decision, 'allow');
  });

  it('PostToolUse in VS Code answers nothing to replace', async () => {
    const r = await hook('vscode', 'PostToolUse-run_in_terminal');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(answerOf(r), {});
  });

  it('garbage on stdin: exit 2 with the reason on stderr', async () => {
    const r = await runHook(['--workspace', sb.workspace], 'this is not json', sb.env);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /AgentGuard: the hook bridge failed closed: .*not JSON/);
  });

  it('garbage with --host cline: also cancel:true on stdout (Cline ignores exit codes)', async () => {
    const r = await runHook(['--host', 'cline', '--workspace', sb.workspace], '{"nope":1}', sb.env);
    assert.equal(r.code, 2);
    assert.equal(answerOf(r).cancel, true);
  });

  it('a payload of the wrong event for the installed hook is refused', async () => {
    const r = await runHook(['--event', 'post', '--workspace', sb.workspace], sb.payload('vscode', 'PreToolUse-rm_rf'), sb.env);
    assert.equal(r.code, 2);
  });

  it('Claude-file hook receiving a VS Code payload defers to the VS Code entry when one is installed', async () => {
    fs.mkdirSync(path.join(sb.workspace, '.github', 'hooks'), { recursive: true });
    const cmd = (ev: string) => ({ type: 'command', command: `/usr/bin/node /x/dist/cli.js hook --host vscode --event ${ev}` });
    fs.writeFileSync(
      path.join(sb.workspace, '.github', 'hooks', 'agentguard.json'),
      JSON.stringify({ hooks: { PreToolUse: [cmd('pre')], PostToolUse: [cmd('post')] } }),
    );
    const r = await runHook(['--host', 'claude', '--workspace', sb.workspace], sb.payload('vscode', 'PreToolUse-rm_rf'), sb.env);
    assert.deepEqual(answerOf(r), {});
    assert.equal(sb.audit().length, 0);
    fs.rmSync(path.join(sb.workspace, '.github'), { recursive: true });
    const r2 = await runHook(['--host', 'claude', '--workspace', sb.workspace], sb.payload('vscode', 'PreToolUse-rm_rf'), sb.env);
    assert.equal(preDecision(r2), 'ask');
  });

  it('a stale discovery file (socket gone) falls back to deciding alone', async () => {
    const { discoveryPath } = await import('../../../src/node/hookBridge/discovery');
    const file = discoveryPath(sb.workspace, path.join(sb.home, 'channels'));
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(
      file,
      JSON.stringify({ v: 1, pid: 1, socket: path.join(sb.root, 'gone.sock'), token: 'x'.repeat(40), workspace: sb.workspace, started: '' }),
      { mode: 0o600 },
    );
    const r = await hook('vscode', 'PreToolUse-rm_rf');
    assert.equal(preDecision(r), 'ask');
    assert.match(sb.audit()[0].reason, /stale/);
  });
});
