// Event names a host does not send (a case variant, another host's name, a made-up one): refused in that
// host's protocol and recorded, never passed as a lifecycle event. Claude Code's PermissionRequest carries a
// tool call and is judged as one. Run through the built CLI with the extension down.
import { strict as assert } from 'node:assert';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';

describe('hook bridge: event names the host does not send (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const snake = (event: string, tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ session_id: 's1', cwd: sb.workspace, hook_event_name: event, tool_name, tool_input, ...extra });
  const run = (host: string, payload: string) => runHook(['--host', host, '--workspace', sb.workspace], payload, sb.env);
  const refusedAndRecorded = (r: { code: number; stdout: string; stderr: string }, before: number) => {
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.notDeepEqual(answerOf(r), {}, r.stdout);
    assert.match(r.stderr, /is not a \w+ hook event AgentGuard knows/);
    const recs = sb.audit();
    assert.equal(recs.length, before + 1, JSON.stringify(recs.slice(before)));
    assert.equal(recs[recs.length - 1].decision, 'deny');
  };

  for (const event of ['PreToolUse', 'beforetool', 'BEFORETOOL', 'beforeTool', 'tool_call']) {
    it(`Gemini: ${JSON.stringify(event)} with rm -rf is refused (decision deny) and recorded`, async () => {
      const r = await run('gemini', snake(event, 'run_shell_command', { command: 'rm -rf tests' }));
      refusedAndRecorded(r, 0);
      assert.equal(answerOf(r).decision, 'deny');
    });
  }

  for (const event of ['preToolUse', 'pretooluse', 'PRETOOLUSE', 'BeforeTool', 'PreToolUse ', 'permissionRequest']) {
    it(`Claude Code: ${JSON.stringify(event)} with rm -rf is refused and recorded`, async () => {
      const r = await run('claude', snake(event, 'Bash', { command: 'rm -rf tests' }, { permission_mode: 'default' }));
      refusedAndRecorded(r, 0);
      assert.equal(answerOf(r).hookSpecificOutput?.permissionDecision, 'deny');
    });
  }

  for (const event of ['preToolUse', 'pre_tool_use', 'BeforeTool']) {
    it(`VS Code and Codex: ${JSON.stringify(event)} is refused and recorded`, async () => {
      const v = await run('vscode', snake(event, 'run_in_terminal', { command: 'rm -rf tests' }, { timestamp: '2026-12-02T03:00:00.000Z' }));
      refusedAndRecorded(v, 0);
      const c = await run('codex', snake(event, 'Bash', { command: 'rm -rf tests' }, { turn_id: 't' }));
      refusedAndRecorded(c, 1);
    });
  }

  for (const hookName of ['toolCall', 'preToolUse', 'pretooluse', 'ToolCall', 'BeforeTool']) {
    it(`Cline: hookName ${JSON.stringify(hookName)} is cancelled and recorded`, async () => {
      const payload = JSON.stringify({
        clineVersion: '3.40.0',
        hookName,
        timestamp: '1',
        taskId: 't1',
        workspaceRoots: [sb.workspace],
        userId: 'u',
        preToolUse: { toolName: 'execute_command', parameters: { command: 'rm -rf tests' } },
        tool_call: { id: 'c1', name: 'run_commands', input: { commands: ['rm -rf tests'] } },
      });
      const r = await run('cline', payload);
      refusedAndRecorded(r, 0);
      assert.equal(answerOf(r).cancel, true);
    });
  }

  it('no --host: a case variant of a tool event is refused whichever host it is taken for', async () => {
    for (const event of ['beforetool', 'posttooluse', 'Pretooluse']) {
      const r = await runHook(['--workspace', sb.workspace], snake(event, 'Bash', { command: 'rm -rf tests' }), sb.env);
      assert.equal(r.code, 2, `${event}: ${r.stdout}`);
    }
  });

  it("each host's real lifecycle events still pass with no opinion (exit 0, no refusal)", async () => {
    const cases: [string, string][] = [
      ['claude', snake('SessionStart', '', {}, { source: 'startup' })],
      ['claude', snake('Stop', '', {})],
      ['vscode', snake('UserPromptSubmit', '', {}, { timestamp: '2026-12-02T03:00:00.000Z', prompt: 'hi' })],
      ['gemini', snake('BeforeModel', '', {})],
      ['codex', snake('SessionStart', '', {}, { turn_id: 't' })],
      ['cline', JSON.stringify({ clineVersion: '3.40.0', hookName: 'TaskStart', taskId: 't1', workspaceRoots: [sb.workspace], taskStart: {} })],
    ];
    for (const [host, payload] of cases) {
      const r = await run(host, payload);
      assert.equal(r.code, 0, `${host}: ${r.stdout}${r.stderr}`);
      const a = answerOf(r);
      assert.ok(a.cancel !== true && a.decision !== 'deny' && a.hookSpecificOutput?.permissionDecision === undefined, `${host}: ${r.stdout}`);
    }
  });

  describe("Claude Code's PermissionRequest (the permission dialog for a tool call) is judged as that call", () => {
    const permission = (tool_name: string, tool_input: unknown) =>
      run(
        'claude',
        snake('PermissionRequest', tool_name, tool_input, { permission_mode: 'default', transcript_path: '/tmp/t.jsonl', permission_suggestions: [] }),
      );

    it('a read of a no-access file is refused in its own shape (decision.behavior deny) and recorded', async () => {
      const r = await permission('Read', { file_path: `${sb.workspace}/.env` });
      assert.equal(r.code, 0, r.stderr);
      const a = answerOf(r);
      assert.equal(a.hookSpecificOutput?.hookEventName, 'PermissionRequest', r.stdout);
      assert.equal(a.hookSpecificOutput?.decision?.behavior, 'deny', r.stdout);
      assert.match(String(a.hookSpecificOutput?.decision?.message), /AgentGuard/);
      assert.ok(
        sb.audit().some((x) => x.decision === 'deny'),
        JSON.stringify(sb.audit()),
      );
    });

    it('rm -rf tests is not passed unjudged: refused or left to the dialog, and recorded', async () => {
      const r = await permission('Bash', { command: 'rm -rf tests' });
      assert.equal(r.code, 0, r.stderr);
      const a = answerOf(r);
      assert.notEqual(a.hookSpecificOutput?.decision?.behavior, 'allow', r.stdout);
      const recs = sb.audit();
      assert.equal(recs.length, 1, JSON.stringify(recs));
      assert.ok(recs[0].decision === 'deny' || recs[0].decision === 'ask', JSON.stringify(recs[0]));
    });

    it('an edit that needs a placeholder restored (a rewrite) is refused: only PreToolUse can rewrite without approving', async () => {
      const r = await permission('Bash', { command: 'cat src/settings.ts' });
      assert.equal(r.code, 0, r.stderr);
      const a = answerOf(r);
      // Claude Code masks what Bash prints only when it succeeds: the bridge must run it in its succeeding wrapper.
      assert.equal(a.hookSpecificOutput?.decision?.behavior, 'deny', r.stdout);
      assert.match(String(a.hookSpecificOutput?.decision?.message), /PreToolUse/);
    });

    it('a benign read is no opinion (the dialog shows)', async () => {
      const r = await permission('Read', { file_path: `${sb.workspace}/src/app.ts` });
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(answerOf(r), {}, r.stdout);
    });
  });
});
