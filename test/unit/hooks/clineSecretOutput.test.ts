// Cline cannot replace a tool's output, and its only refusal ends the task: an after-hook whose output holds a
// secret value ends the task (`cancel`), so the model is not called with it. Through `agentguard hook`
// (extension down), on the Cline fixtures of both protocols, with a fake token built at run time.
import { strict as assert } from 'node:assert';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';

describe('hook bridge, Cline: an output holding a secret ends the task', () => {
  let sb: Sandbox;
  before(() => (sb = sandbox()));
  after(() => sb.cleanup());

  function legacy(command: string, result: string): string {
    const p = JSON.parse(sb.payload('cline', 'PostToolUse-v4-editor'));
    p.postToolUse = { toolName: 'execute_command', parameters: { command }, result, success: true, executionTimeMs: 5 };
    return JSON.stringify(p);
  }
  function sdk(command: string, output: string): string {
    const p = JSON.parse(sb.payload('cline', 'PostToolUse-v4-editor'));
    delete p.postToolUse;
    p.hookName = 'tool_result';
    p.tool_result = { id: 'toolu_1', name: 'run_commands', input: { commands: [command] }, output, durationMs: 5 };
    return JSON.stringify(p);
  }

  for (const [proto, make] of [
    ['legacy', legacy],
    ['sdk', sdk],
  ] as const) {
    it(`${proto}: printenv output with a token: cancel, the token nowhere in the answer`, async () => {
      const r = await runHook(
        ['--host', 'cline', '--event', 'post', '--workspace', sb.workspace],
        make('printenv', `HOME=/home/u\nGITHUB_TOKEN=${sb.secret}\n`),
        sb.env,
      );
      const a = answerOf(r);
      assert.equal(a.cancel, true, r.stdout);
      assert.match(String(a.errorMessage), /holds secret values/);
      assert.ok(!r.stdout.includes(sb.secret) && !r.stderr.includes(sb.secret));
    });
    it(`${proto}: an output without secrets goes on`, async () => {
      const r = await runHook(['--host', 'cline', '--event', 'post', '--workspace', sb.workspace], make('ls', 'README.md\nsrc\ntests\n'), sb.env);
      assert.equal(answerOf(r).cancel, false, r.stdout);
    });
  }
});
