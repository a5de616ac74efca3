// Issue #16's must-show, by the other doors a 5 MiB command reaches the audit (test/unit/audit/jam.test.ts has the
// VS Code before-hook): Claude Code's Bash before and after,
// and a 5 MiB assignment in VS Code's persistent terminal (the kept state). Each time the next hook call is decided
// normally and `agentguard audit verify` passes on the log. The hooks get the timeouts the installer sets (VS Code 120 s,
// Claude Code 300 s), as installed hooks do.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../helpers/cli';
import { preDecision, runHook, type Sandbox, sandbox } from './helpers';

const FIVE_MIB = 5 * 1024 * 1024;

describe('hook bridge: a 5 MiB command does not jam the audit, by any door', function () {
  // A few large payloads through hook processes on a shared machine: a limit on hangs, not a timed assertion.
  this.timeout(10 * 60_000);
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const verify = () => {
    const dir = path.join(sb.home, 'audit');
    const [f] = fs.readdirSync(dir).filter((x) => x.endsWith('.jsonl'));
    const file = path.join(dir, f);
    assert.ok(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .every((l) => Buffer.byteLength(l) < 64 * 1024),
      'no line holds the command whole',
    );
    const v = runCli(['audit', 'verify', file]);
    assert.equal(v.code, 0, v.stdout + v.stderr);
    assert.match(v.stdout, /chain intact/);
  };
  const vscode = (event: string, command: string, id: string, extra: Record<string, unknown> = {}) =>
    runHook(
      ['--host', 'vscode', '--workspace', sb.workspace, '--timeout', '120'],
      JSON.stringify({
        timestamp: new Date().toISOString(),
        hook_event_name: event,
        session_id: 'big',
        tool_name: 'run_in_terminal',
        tool_input: { command, explanation: 'x', goal: 'x', isBackground: false },
        tool_use_id: `${id}__vscode-1`,
        cwd: sb.workspace,
        ...extra,
      }),
      sb.env,
    );
  const claude = (event: string, command: string, id: string, extra: Record<string, unknown> = {}) =>
    runHook(
      ['--host', 'claude', '--workspace', sb.workspace, '--timeout', '300'],
      JSON.stringify({ session_id: 'big', cwd: sb.workspace, hook_event_name: event, tool_name: 'Bash', tool_input: { command }, tool_use_id: id, ...extra }),
      sb.env,
    );

  it('Claude Code: a 5 MiB Bash command before and after, then `ls` and `rm -rf src` are decided as always', async () => {
    const big = 'echo ' + 'b'.repeat(FIVE_MIB);
    const a = await claude('PreToolUse', big, 'toolu_big');
    assert.equal(a.code, 0, a.stderr);
    const b = await claude('PostToolUse', big, 'toolu_big', { tool_response: { stdout: 'b', stderr: '', interrupted: false, isImage: false } });
    assert.equal(b.code, 0, b.stderr);
    const ls = await claude('PreToolUse', 'ls', 'toolu_ls');
    assert.equal(ls.code, 0, ls.stderr);
    assert.equal(preDecision(ls), undefined, ls.stdout);
    const rm = await claude('PreToolUse', 'rm -rf src', 'toolu_rm');
    assert.equal(rm.code, 0, rm.stderr);
    assert.notEqual(preDecision(rm), undefined, 'still judged: not passed through');
    verify();
  });

  it('VS Code: a 5 MiB assignment in the persistent terminal is not kept; the next commands are judged as before', async () => {
    const big = 'X=' + 'c'.repeat(FIVE_MIB);
    const a = await vscode('PreToolUse', big, 'v1');
    assert.equal(a.code, 0, a.stderr);
    assert.equal((await vscode('PostToolUse', big, 'v1', { tool_response: '' })).code, 0);
    const w = await vscode('PreToolUse', 'echo x > notes.md', 'v2');
    assert.equal(w.code, 0, w.stderr);
    assert.equal(preDecision(w), undefined, `a plain write at the root stays allowed: ${w.stdout}`);
    const c = await vscode('PreToolUse', 'cat $X', 'v3');
    assert.equal(preDecision(c), 'ask', 'its value is unknown, as it was');
    verify();
  });
});
