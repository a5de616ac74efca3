// Context rules, rates and the breaker as the policy file writes them and the guard of a workspace applies
// them: located errors for every new key, what an untrusted workspace may not narrow, counts that outlive the
// guard that made them, and a counter store that cannot be used failing the decision closed.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CanonicalCall } from '../../../src/core/types';
import { counterDir } from '../../../src/node/counters/fileStore';
import { GuardService } from '../../../src/node/guardService';
import { compilePolicy } from '../../../src/node/policyStore';

let n = 0;
function call(over: Partial<CanonicalCall> = {}): CanonicalCall {
  return { id: `p${++n}`, op: 'exec', paths: [], command: 'npm test', agent: 'claude-code', channel: 'hook', tool: 'Bash', args: {}, ...over };
}

describe('context policy keys: located errors', () => {
  it('every new key says what is wrong, at its line and column', () => {
    const text = [
      'version: 1',
      'rates:',
      '  x:',
      '    of: {op: exce}',
      '    per: agnet',
      '    limit: -1',
      '    window: 5q',
      '    over: allow',
      'breaker:',
      '  refusals: 0',
      'paths:',
      '  t:',
      '    match: ["a/**"]',
      '    write: deny',
      '    when: {chanel: hook}',
      'risk:',
      '  decisions: {extreme: ask}',
      '',
    ].join('\n');
    const c = compilePolicy(text, 'ws.yaml', true);
    assert.equal(c.policy, undefined);
    const got = c.errors.map((e) => `${e.line}:${e.column} ${e.message}`);
    const want: [string, RegExp][] = [
      ['4:14', /rates\.x\.of\.op.*did you mean `exec`/],
      ['5:10', /rates\.x\.per.*did you mean `agent`/],
      ['6:12', /rates\.x\.limit.*positive whole number/],
      ['7:13', /rates\.x\.window.*duration/],
      ['8:11', /rates\.x\.over.*never simply allowed/],
      ['10:13', /breaker\.refusals/],
      ['15:12', /unknown key `chanel`.*did you mean `channel`/],
      ['17:15', /risk\.decisions.*extreme/],
    ];
    for (const [pos, re] of want)
      assert.ok(
        got.some((g) => g.startsWith(pos + ' ') && re.test(g)),
        `${pos} ${re}\n${got.join('\n')}`,
      );
  });
});

describe('context rules in a workspace policy', () => {
  it('reads when / unless on a path rule', () => {
    const c = compilePolicy('version: 1\npaths:\n  docs:\n    match: ["docs/**"]\n    write: deny\n    when: {agent: codex}\n', 'ws.yaml', true);
    assert.ok(c.policy);
    const byCodex = c.policy.paths.find((r) => r.name === 'docs');
    assert.deepEqual(byCodex?.when, { agent: ['codex'] });
  });

  it('an untrusted workspace cannot narrow a shipped rule (it would un-protect every other context)', () => {
    const text = 'version: 1\npaths:\n  tests:\n    when: {agent: nobody}\n';
    const c = compilePolicy(text, 'ws.yaml', false);
    assert.ok(c.policy);
    const tests = c.policy.paths.find((r) => r.name === 'tests')!;
    assert.equal(tests.when, undefined, 'the shipped tests rule still applies to every agent');
    assert.ok(c.errors.some((e) => e.severity === 'warning' && e.line === 3 && /cannot be narrowed/.test(e.message)));
    // Trusted, the same file narrows it.
    assert.deepEqual(compilePolicy(text, 'ws.yaml', true).policy!.paths.find((r) => r.name === 'tests')!.when, { agent: ['nobody'] });
  });
});

describe('the guard of a workspace: shared counts', () => {
  let root: string;
  let ws: string;
  let before: string | undefined;
  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-ctxp-')));
    ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.writeFileSync(
      path.join(ws, '.agentguard.yaml'),
      'version: 1\nrates:\n  cmds:\n    of: {op: exec}\n    per: workspace\n    limit: 2\n    window: 10m\n    over: deny\npaths:\n  docs:\n    match: ["docs/**"]\n    write: deny\n    when: {agent: codex}\n',
    );
    before = process.env.AGENTGUARD_HOME;
    process.env.AGENTGUARD_HOME = path.join(root, 'home');
  });
  afterEach(() => {
    if (before === undefined) delete process.env.AGENTGUARD_HOME;
    else process.env.AGENTGUARD_HOME = before;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('counts survive the guard that made them (a reload, a new window, the hook CLI)', async () => {
    const a = new GuardService({ workspace: ws, home: root });
    for (let i = 0; i < 2; i++) assert.equal((await a.run([call()], { hostRuns: 'before' })).verdict.decision, 'allow');
    const b = new GuardService({ workspace: ws, home: root });
    const v = (await b.run([call({ agent: 'gemini-cli' })], { hostRuns: 'before' })).verdict;
    assert.equal(v.decision, 'deny');
    assert.equal(v.rule, 'rate:cmds');
    assert.match(v.reason, /3 exec calls in this workspace in the last 10 minutes; the limit is 2/);
  });

  it('a narrowed rule decides only in its context, and the verdict names that context', async () => {
    const g = new GuardService({ workspace: ws, home: root });
    const codex = (await g.run([call({ op: 'write', paths: ['docs/a.md'], agent: 'codex', tool: 'apply_patch' })], { hostRuns: 'before' })).verdict;
    assert.equal(codex.decision, 'deny');
    assert.match(codex.reason, /this rule applies to agent codex/);
    assert.ok(codex.context?.some((c) => /path:docs \(agent codex\)/.test(c) && /codex via hook/.test(c)));
    const claude = (await g.run([call({ op: 'write', paths: ['docs/a.md'], tool: 'Write' })], { hostRuns: 'before' })).verdict;
    assert.equal(claude.decision, 'allow');
    assert.ok(claude.context?.some((c) => /not in force: path:docs \(agent codex\)/.test(c)));
  });

  it('a counter store that cannot be used fails the decision closed, reads included', async () => {
    // The store's folder is a file: nothing can be counted or read back.
    fs.mkdirSync(path.dirname(counterDir(ws)), { recursive: true });
    fs.writeFileSync(counterDir(ws), 'not a folder');
    const g = new GuardService({ workspace: ws, home: root });
    for (const c of [call(), call({ op: 'read', paths: ['src/a.ts'], tool: 'Read' })]) {
      const v = (await g.run([c], { hostRuns: 'before' })).verdict;
      assert.equal(v.decision, 'deny', JSON.stringify(v));
      assert.equal(v.rule, 'fail-closed');
    }
  });
});
