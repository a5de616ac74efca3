// `agentguard lockdown` from a terminal, seen by another process: a hook process deciding alone (the extension
// down) asks before a write while the lockdown is on, and lets it through once it is off. Both switches land in
// the audit log, chained like every record.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { verifyChain } from '../../../src/core/audit';
import { runCli } from '../helpers/cli';
import { runHook } from '../hooks/helpers';

describe('agentguard lockdown (CLI), seen by a hook process', function () {
  this.timeout(120_000);
  let root: string;
  let workspace: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-lock-')));
    workspace = path.join(root, 'ws');
    fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
    env = { AGENTGUARD_HOME: path.join(root, 'home'), CLAUDE_PROJECT_DIR: '', HOME: root };
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const write = (i: number) =>
    runHook(
      ['--host', 'claude', '--workspace', workspace],
      JSON.stringify({
        session_id: 's',
        transcript_path: '/tmp/t.jsonl',
        cwd: workspace,
        hook_event_name: 'PreToolUse',
        tool_name: 'Write',
        tool_input: { file_path: path.join(workspace, 'src', `a${i}.ts`), content: 'x\n' },
        tool_use_id: `toolu_w${i}`,
      }),
      env,
    );

  it('on: a hook write is handed to the host to ask, with the lockdown in the reason; off: it is allowed', async () => {
    const before = await write(0);
    assert.equal(before.code, 0, before.stderr);
    assert.doesNotMatch(before.stdout, /lockdown/);

    const on = runCli(['lockdown', 'on', '--workspace', workspace], { env });
    assert.equal(on.code, 0, on.stderr);
    assert.match(on.stdout, /lockdown on since/);
    assert.match(runCli(['lockdown', 'status', '--workspace', workspace], { env }).stdout, /lockdown on/);
    const locked = await write(1);
    assert.equal(locked.code, 0, locked.stderr);
    assert.match(locked.stdout, /"permissionDecision":\s*"ask"/);
    assert.match(locked.stdout, /lockdown/);

    assert.match(runCli(['lockdown', 'off', '--workspace', workspace], { env }).stdout, /lockdown off/);
    const after = await write(2);
    assert.doesNotMatch(after.stdout, /"permissionDecision":\s*"ask"/);

    const dir = path.join(root, 'home', 'audit');
    const text = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('');
    assert.equal(verifyChain(text).ok, true);
    const events = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event?: string })
      .filter((r) => r.event?.startsWith('lockdown'))
      .map((r) => r.event);
    assert.deepEqual(events, ['lockdown-on', 'lockdown-off']);
  });
});
