// Every hook call is one line in the audit, also the ones the guard has nothing to decide on: a to-do list, a web
// page, a sub-agent (whose own calls come back through the hooks), VS Code's terminal output. They were answered
// at once and left no line (blind red team rt19hooks), although the README says every call is recorded.
// Through the built CLI with the extension down.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { preDecision, runHook, type Sandbox, sandbox, vscodePre } from './helpers';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');

describe('hook bridge: every call has its audit line (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const claude = (tool_name: string, tool_input: unknown) =>
    runHook(
      ['--host', 'claude', '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({ session_id: 's', cwd: sb.workspace, hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id: `toolu_${tool_name}` }),
      sb.env,
    );

  it('tools with nothing to judge pass, each with one line, and the chain verifies', async () => {
    const called: string[] = [];
    for (const [t, i] of [
      ['TodoWrite', { todos: [] }],
      ['Task', { prompt: 'look around', description: 'x' }],
      ['WebFetch', { url: 'https://docs.example.com/a', prompt: 'x' }],
    ] as const) {
      const r = await claude(t, i);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(preDecision(r), undefined, r.stdout);
      called.push(t);
    }
    for (const t of ['manage_todo_list', 'get_terminal_output']) {
      const r = await vscodePre(sb, t, t === 'manage_todo_list' ? { todoList: [] } : { id: 'abc' });
      assert.equal(r.code, 0, r.stderr);
      called.push(t);
    }
    const tools = sb.audit().map((r) => r.tool);
    for (const t of called) assert.equal(tools.filter((x) => x === t).length, 1, `${t}: ${JSON.stringify(tools)}`);
    const file = path.join(sb.home, 'audit', fs.readdirSync(path.join(sb.home, 'audit'))[0]);
    assert.match(execFileSync('node', [CLI, 'audit', 'verify', file], { encoding: 'utf8', env: { ...process.env, ...sb.env } }), /chain intact/);
  });
});
