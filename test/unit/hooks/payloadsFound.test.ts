// Payloads written against the bridge's classes (tool coverage, odd envelopes) that got through before,
// each run through the built CLI with the extension down: none may be allowed any more.
import { strict as assert } from 'node:assert';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

describe('hook bridge: payloads that got through before (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const claude = (tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) =>
    runHook(
      ['--host', 'claude', '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({
        session_id: 's1',
        transcript_path: '/tmp/t.jsonl',
        cwd: sb.workspace,
        hook_event_name: 'PreToolUse',
        tool_name,
        tool_input,
        tool_use_id: `toolu_${Math.random().toString(36).slice(2)}`,
        ...extra,
      }),
      sb.env,
    );

  it("Claude Code's Monitor runs a shell command: rm -rf is asked, never passed unchecked", async () => {
    const r = await claude('Monitor', { description: 'x', timeout_ms: 1000, command: 'rm -rf src' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(preDecision(r), 'ask', r.stdout);
  });

  it("Monitor's lines reach the model past the after-hook: printing a file that holds a secret is refused (Bash's would be masked)", async () => {
    const mon = await claude('Monitor', { description: 'x', timeout_ms: 1000, command: 'tail -n 5 src/settings.ts' });
    assert.equal(preDecision(mon), 'deny', mon.stdout);
    assert.match(String(answerOf(mon).hookSpecificOutput.permissionDecisionReason), /settings\.ts holds secret values/);
    const bash = await claude('Bash', { command: 'tail -n 5 src/settings.ts' });
    assert.notEqual(preDecision(bash), 'deny', bash.stdout);
  });

  it("Claude Code's LSP on a no-access file is a read of it: refused", async () => {
    const r = await claude('LSP', { operation: 'hover', filePath: `${sb.workspace}/.env`, line: 1, character: 1 });
    assert.equal(preDecision(r), 'deny', r.stdout);
  });

  it('a pre hook handed an event name that is not its own (a misspelt preToolUse) refuses instead of passing', async () => {
    const r = await claude('Read', { file_path: `${sb.workspace}/.env` }, { hook_event_name: 'preToolUse' });
    assert.equal(r.code, 2, r.stdout);
    assert.equal(preDecision(r), 'deny', r.stdout);
  });
});
