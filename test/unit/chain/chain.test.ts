// The pipeline end to end in Node: decisions, handler only on allow, post chain for denied calls,
// fail-closed steps, confirmation semantics, and 1,000 concurrent calls → 1,000 chained audit records.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { verifyChain } from '../../../src/core/audit';
import type { ConfirmAnswer, Confirmer, ToolSpec } from '../../../src/core/chain';
import type { CanonicalCall, Op } from '../../../src/core/types';
import { GuardService, newCallId } from '../../../src/node/guardService';

function call(op: Op, p: string, extra: Partial<CanonicalCall> = {}): CanonicalCall {
  return { id: newCallId(), op, paths: op === 'exec' ? [] : [p], agent: 'test', channel: 'tool', tool: `t.${op}`, args: { path: p, ...extra }, ...extra };
}

describe('chain', () => {
  let ws: string;
  let audit: string;
  let svc: GuardService;
  beforeEach(() => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-chain-')));
    ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, 'tests'), { recursive: true });
    fs.mkdirSync(path.join(ws, 'src'));
    fs.writeFileSync(path.join(ws, 'tests/a.test.ts'), 'original\n');
    fs.writeFileSync(path.join(ws, 'src/app.ts'), 'app\n');
    audit = path.join(root, 'audit.jsonl');
    svc = new GuardService({ workspace: ws, home: root, auditPath: audit });
  });
  afterEach(() => fs.rmSync(path.dirname(ws), { recursive: true, force: true }));

  const writer: ToolSpec<string> = {
    async handler(c) {
      fs.writeFileSync(path.resolve(ws, c.paths[0]), String(c.content ?? 'x'));
      return 'written';
    },
  };
  const records = () =>
    fs
      .readFileSync(audit, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));

  it('a denied call has no side effect and is still audited', async () => {
    const o = await svc.run(call('write', 'tests/a.test.ts', { content: 'hacked' }), { guardRuns: writer });
    assert.equal(o.verdict.decision, 'deny');
    assert.equal(o.result, undefined);
    assert.equal(fs.readFileSync(path.join(ws, 'tests/a.test.ts'), 'utf8'), 'original\n');
    const [r] = records();
    assert.equal(r.decision, 'deny');
    assert.equal(r.rule, 'path:tests');
    assert.equal(r.outcome, 'not-run');
    assert.equal(r.policy, svc.policy.hash);
  });

  it('an allowed call runs its handler once', async () => {
    const o = await svc.run(call('write', 'src/app.ts', { content: 'new' }), { guardRuns: writer });
    assert.equal(o.verdict.decision, 'allow');
    assert.equal(o.result, 'written');
    assert.equal(fs.readFileSync(path.join(ws, 'src/app.ts'), 'utf8'), 'new');
    assert.equal(records()[0].outcome, 'ok');
  });

  it('headless: ask becomes deny, with that reason', async () => {
    let ran = false;
    const o = await svc.run(call('exec', '', { command: 'rm -rf src', cwd: ws }), {
      guardRuns: {
        async handler() {
          ran = true;
          return '';
        },
      },
    });
    assert.equal(o.verdict.decision, 'deny');
    assert.equal(o.verdict.decidedBy, 'headless');
    assert.match(o.verdict.reason, /no one is here to ask/);
    assert.equal(ran, false);
  });

  it('the dialog decides ask; "session" approves exactly that command, nothing broader', async () => {
    const asked: string[] = [];
    let answer: ConfirmAnswer = 'session';
    const confirmer: Confirmer = {
      async confirm(req) {
        asked.push(req.subject);
        return answer;
      },
    };
    svc.confirmer = confirmer;
    const noop: ToolSpec<string> = {
      async handler() {
        return 'ran';
      },
    };
    const a = await svc.run(call('exec', '', { command: 'rm -rf build', cwd: ws }), { guardRuns: noop });
    assert.equal(a.verdict.decision, 'allow');
    assert.equal(a.verdict.decidedBy, 'user');
    answer = 'deny';
    const again = await svc.run(call('exec', '', { command: 'rm -rf build', cwd: ws }), { guardRuns: noop });
    assert.equal(again.verdict.decision, 'allow', 'approved for the session: not asked again');
    assert.equal(asked.length, 1);
    const other = await svc.run(call('exec', '', { command: 'rm -rf build2', cwd: ws }), { guardRuns: noop });
    assert.equal(other.verdict.decision, 'deny', 'a different command is asked again, and the user said no');
    assert.equal(asked.length, 2);
    assert.match(records()[2].reason, /denied by the user/);
    assert.equal(records()[2].decidedBy, 'user');
  });

  it('a confirmer that throws fails closed', async () => {
    svc.confirmer = {
      async confirm() {
        throw new Error('dialog crashed');
      },
    };
    const o = await svc.run(call('exec', '', { command: 'git reset --hard', cwd: ws }), {
      guardRuns: {
        async handler() {
          return '';
        },
      },
    });
    assert.equal(o.verdict.decision, 'deny');
    assert.equal(o.verdict.decidedBy, 'fail-closed');
  });

  it('a handler error is recorded, and masking failure withholds the result', async () => {
    const o = await svc.run(call('read', 'src/app.ts'), {
      guardRuns: {
        async handler() {
          return 'data';
        },
        maskResult() {
          throw new Error('boom');
        },
      },
    });
    assert.equal(o.result, undefined);
    assert.match(o.error!, /withheld/);
  });

  it('1,000 concurrent calls leave exactly 1,000 audit records and a chain that verifies (and the breaker its one lockdown record)', async () => {
    const reader: ToolSpec<string> = {
      async handler() {
        return 'ok';
      },
    };
    // The shipped default has the breaker off; this workspace turns it on as a user would.
    fs.writeFileSync(path.join(ws, '.agentguard.yaml'), 'version: 1\nbreaker: {refusals: 5, window: 2m}\n');
    svc.reload();
    const calls = Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 ? call('write', 'tests/a.test.ts') : call('read', `src/f${i}.ts`)));
    const outcomes = await Promise.all(calls.map((c) => svc.run(c, { guardRuns: reader })));
    assert.equal(outcomes.filter((o) => o.verdict.decision === 'deny').length, 334);
    const text = fs.readFileSync(audit, 'utf8');
    const v = verifyChain(text);
    assert.equal(v.ok, true, JSON.stringify(v.problems));
    // 334 refused writes by one agent trip the circuit breaker once: one lockdown record joins the chain.
    assert.equal(v.records, 1001);
    assert.deepEqual(
      records()
        .filter((r) => r.event)
        .map((r) => [r.event, r.rule]),
      [['lockdown-on', 'breaker']],
    );
    const ids = new Set(records().map((r) => r.callId));
    for (const c of calls) assert.ok(ids.has(c.id));
  });
});
