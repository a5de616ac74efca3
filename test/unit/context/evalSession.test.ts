// `agentguard eval` as one session, in process: timed lines share counts and the breaker; untimed lines are
// cases of their own unless `--session` says otherwise; a dry run never touches the workspace's real counts.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { evalCommand } from '../../../src/cli/eval';

async function evalLines(lines: object[], args: string[]): Promise<{ decision: string; rule: string; reason: string }[]> {
  const stdout = new PassThrough();
  let out = '';
  stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const code = await evalCommand(args, { stdin: Readable.from([lines.map((l) => JSON.stringify(l)).join('\n') + '\n']), stdout, stderr: new PassThrough() });
  assert.equal(code, 0);
  return out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('agentguard eval: one session', () => {
  let root: string;
  let before: string | undefined;
  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-evs-')));
    fs.mkdirSync(path.join(root, 'ws', 'src'), { recursive: true });
    // The shipped default has the breaker off; this workspace turns it on as a user would.
    fs.writeFileSync(path.join(root, 'ws', '.agentguard.yaml'), 'version: 1\nbreaker: {refusals: 5, window: 2m, per: agent}\n');
    before = process.env.AGENTGUARD_HOME;
    process.env.AGENTGUARD_HOME = path.join(root, 'home');
  });
  afterEach(() => {
    if (before === undefined) delete process.env.AGENTGUARD_HOME;
    else process.env.AGENTGUARD_HOME = before;
    fs.rmSync(root, { recursive: true, force: true });
  });

  const refused = { op: 'write', path: 'tests/a.test.ts', agent: 'claude-code', channel: 'hook', tool: 'Edit' };
  const next = { op: 'write', path: 'src/app.ts', agent: 'claude-code', channel: 'hook', tool: 'Edit' };

  it('timed lines: five refusals within the window trip the breaker, the agent is told, the next write is asked', async () => {
    const lines = [...[0, 5, 10, 15, 20].map((at) => ({ ...refused, at })), { ...next, at: 25 }];
    const v = await evalLines(lines, ['--workspace', path.join(root, 'ws')]);
    assert.deepEqual(
      v.map((x) => x.decision),
      ['deny', 'deny', 'deny', 'deny', 'deny', 'ask'],
    );
    assert.match(v[4].reason, /paused claude-code for review/);
    assert.equal(v[5].rule, 'lockdown');
    // A dry run: the workspace's own store was never written.
    assert.equal(fs.existsSync(path.join(root, 'home', 'state')), false);
  });

  it('untimed lines are independent cases; with --session they are one session too', async () => {
    const lines = [refused, refused, refused, refused, refused, next];
    const alone = await evalLines(lines, ['--workspace', path.join(root, 'ws')]);
    assert.equal(alone[5].decision, 'allow', JSON.stringify(alone[5]));
    const session = await evalLines(lines, ['--workspace', path.join(root, 'ws'), '--session']);
    assert.equal(session[5].decision, 'ask', JSON.stringify(session[5]));
    assert.equal(session[5].rule, 'lockdown');
  });

  it('a line with a bad `at` or one that goes back in time is refused, naming the line', async () => {
    const v = await evalLines(
      [
        { ...next, at: 10 },
        { ...next, at: 5 },
        { ...next, at: 'soon' },
      ],
      ['--workspace', path.join(root, 'ws')],
    );
    assert.equal(v[0].decision, 'allow');
    assert.deepEqual([v[1].rule, v[2].rule], ['input:invalid', 'input:invalid']);
    assert.match(v[1].reason, /^line 2: `at` goes back in time/);
    assert.match(v[2].reason, /^line 3: `at` must be/);
  });
});
