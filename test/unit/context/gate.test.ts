// The context step with a fake clock and the in-memory store: sliding windows, budgets, scopes, the breaker,
// lockdown and risk, each decided by the same gate the pipeline calls.
import { strict as assert } from 'node:assert';
import { ContextGate } from '../../../src/core/context/gate';
import { MemoryStore } from '../../../src/core/context/memory';
import type { CountEvent, CounterStore, LockdownState } from '../../../src/core/context/types';
import type { Policy } from '../../../src/core/policy/types';
import type { CanonicalCall, Verdict } from '../../../src/core/types';
import { compilePolicy } from '../../../src/node/policyStore';

function policy(yaml: string): Policy {
  const c = compilePolicy(`version: 1\n${yaml}`, 'test.yaml', true);
  if (!c.policy) throw new Error(c.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return c.policy;
}

const ALLOW: Verdict = { decision: 'allow', rule: 'cmd:benign', reason: 'no destructive or unknown sub-command' };
const DENY: Verdict = { decision: 'deny', rule: 'path:tests', reason: 'tests/a.test.ts: Tests are the specification.' };

interface Rig {
  gate: ContextGate;
  store: MemoryStore;
  at(seconds: number): void;
  call(over?: Partial<CanonicalCall>): CanonicalCall;
  changes: { state: LockdownState; external: boolean }[];
}

function rig(store = new MemoryStore()): Rig {
  let now = 1_700_000_000_000;
  const start = now;
  let n = 0;
  const changes: Rig['changes'] = [];
  const gate = new ContextGate({ store, now: () => now, session: () => 'guard-session', onLockdown: (state, external) => changes.push({ state, external }) });
  return {
    gate,
    store: store as MemoryStore,
    changes,
    at: (s) => {
      now = start + s * 1000;
    },
    call: (over = {}) => ({
      id: `c${++n}`,
      op: 'exec',
      paths: [],
      command: 'npm test',
      agent: 'claude-code',
      channel: 'hook',
      tool: 'Bash',
      args: {},
      session: 'claude:s1',
      ...over,
    }),
  };
}

const RATE3 = `rates:\n  commands: {of: {op: exec}, per: agent, limit: 3, window: 10s, over: ask}\nbreaker: off\n`;

describe('context gate: rates over sliding windows (fake clock)', () => {
  it('admits the limit, asks past it with the count and the window, and forgets calls that left the window', () => {
    const p = policy(RATE3);
    const r = rig();
    for (const t of [0, 1, 2]) {
      r.at(t);
      assert.equal(r.gate.judge(r.call(), ALLOW, p).decision, 'allow');
    }
    r.at(3);
    const v = r.gate.judge(r.call(), ALLOW, p);
    assert.equal(v.decision, 'ask');
    assert.equal(v.rule, 'rate:commands');
    assert.match(v.reason, /4 exec calls by claude-code in the last 10 seconds; the limit is 3/);
    // The asked call counts (a host's prompt may run it): at 10.5 s the window holds 1, 2 and 3 s.
    r.at(10.5);
    assert.equal(r.gate.judge(r.call(), ALLOW, p).decision, 'ask');
    // At 12.5 s only 3 s and 10.5 s are left.
    r.at(12.5);
    assert.equal(r.gate.judge(r.call(), ALLOW, p).decision, 'allow');
  });

  it('a call refused after the decision (a person at the dialog) stops counting: its reservation is voided', () => {
    const p = policy(RATE3);
    const r = rig();
    for (const t of [0, 1, 2]) {
      r.at(t);
      r.gate.judge(r.call(), ALLOW, p);
    }
    r.at(3);
    const c = r.call();
    const asked = r.gate.judge(c, ALLOW, p);
    assert.equal(asked.decision, 'ask');
    r.gate.settled([c], [{ call: c, verdict: { ...asked, decision: 'deny', decidedBy: 'user' } }], p);
    assert.ok(
      r.store.events.some((e) => e.kind === 'v' && e.id === c.id),
      'no void event',
    );
    // Window at 10.5 s: 1, 2 (3 s was voided) → this is the third.
    r.at(10.5);
    assert.equal(r.gate.judge(r.call(), ALLOW, p).decision, 'allow');
  });

  it('calls the engine refused use no budget', () => {
    const p = policy(RATE3);
    const r = rig();
    for (let i = 0; i < 10; i++) r.gate.judge(r.call(), DENY, p);
    assert.equal(r.store.events.filter((e) => e.kind === 'c').length, 0);
    assert.equal(r.gate.judge(r.call(), ALLOW, p).decision, 'allow');
  });

  it('per agent, per session and per workspace add up different calls', () => {
    const mk = (per: string) => policy(`rates:\n  c: {of: {op: exec}, per: ${per}, limit: 2, window: 1m, over: deny}\nbreaker: off\n`);
    for (const [per, other, expected] of [
      ['agent', { agent: 'cline' }, 'allow'],
      ['agent', { session: 'claude:s2' }, 'deny'],
      ['session', { session: 'claude:s2' }, 'allow'],
      ['session', {}, 'deny'],
      ['workspace', { agent: 'cline', session: 'cline:t1' }, 'deny'],
    ] as const) {
      const p = mk(per);
      const r = rig();
      r.gate.judge(r.call(), ALLOW, p);
      r.gate.judge(r.call(), ALLOW, p);
      assert.equal(r.gate.judge(r.call(other), ALLOW, p).decision, expected, `per ${per}, third call from ${JSON.stringify(other)}`);
    }
  });

  it('a call whose host reports no session counts under the guard session', () => {
    const p = policy(`rates:\n  c: {of: {op: exec}, per: session, limit: 1, window: 1m, over: deny}\nbreaker: off\n`);
    const r = rig();
    r.gate.judge(r.call({ session: undefined }), ALLOW, p);
    assert.equal(r.store.events[0].session, 'guard-session');
    assert.equal(r.gate.judge(r.call({ session: undefined }), ALLOW, p).decision, 'deny');
  });

  it('budgets: bytes written and files deleted, a single call past the budget included', () => {
    const p = policy(
      `rates:\n  bytes: {count: bytes, of: {op: write}, limit: 1000, window: 10m, over: deny}\n  files: {count: files, of: {op: delete}, limit: 3, window: 10m, over: ask}\nbreaker: off\n`,
    );
    const r = rig();
    const write = (n: number) => r.call({ op: 'write', paths: ['src/a.ts'], command: undefined, content: 'x'.repeat(n) });
    assert.equal(r.gate.judge(write(600), ALLOW, p).decision, 'allow');
    const over = r.gate.judge(write(500), ALLOW, p);
    assert.equal(over.decision, 'deny');
    assert.match(over.reason, /1100 bytes written by claude-code in the last 10 minutes; the limit is 1000/);
    assert.equal(r.gate.judge(write(2000), ALLOW, { ...p, rates: p.rates }).decision, 'deny', 'one call alone past the budget');
    // Multi-byte text is counted in UTF-8 bytes: 200 × "é" is 400 bytes.
    const r2 = rig();
    r2.gate.judge(r2.call({ op: 'write', paths: ['a'], command: undefined, content: 'é'.repeat(200) }), ALLOW, p);
    assert.equal(r2.store.events[0].bytes, 400);
    const del = (paths: string[]) => r.call({ op: 'delete', paths, command: undefined });
    assert.equal(r.gate.judge(del(['a', 'b']), ALLOW, p).decision, 'allow');
    assert.equal(r.gate.judge(del(['c']), ALLOW, p).decision, 'allow');
    const v = r.gate.judge(del(['d']), ALLOW, p);
    assert.equal(v.decision, 'ask');
    assert.match(v.reason, /4 files deleted/);
    // A write is no delete: the files budget does not count it.
    assert.equal(
      r.gate.judge(write(1), ALLOW, policy(`rates:\n  files: {count: files, of: {op: delete}, limit: 1, window: 10m}\nbreaker: off\n`)).decision,
      'allow',
    );
  });

  it('counts only what its context, op, rule and tier name', () => {
    const p = policy(
      `rates:\n  mcp: {when: {channel: mcp}, of: {op: exec}, per: workspace, limit: 1, window: 1m, over: deny}\n  rm: {of: {rule: "cmd:rm.*"}, per: agent, limit: 1, window: 1m, over: deny}\nbreaker: off\n`,
    );
    const r = rig();
    const mcp = () => r.call({ channel: 'mcp', agent: 'mcp:x', tool: 'agentguard_runCommand' });
    assert.equal(r.gate.judge(mcp(), ALLOW, p).decision, 'allow');
    assert.equal(r.gate.judge(r.call(), ALLOW, p).decision, 'allow', 'a hook call is no MCP call');
    assert.equal(r.gate.judge(mcp(), ALLOW, p).decision, 'deny');
    const rm: Verdict = { decision: 'ask', rule: 'cmd:rm.recursive', reason: 'rm -r deletes a directory tree' };
    assert.equal(r.gate.judge(r.call({ command: 'rm -rf a' }), rm, p).decision, 'ask');
    const second = r.gate.judge(r.call({ command: 'rm -rf b' }), rm, p);
    assert.equal(second.decision, 'deny');
    assert.equal(second.rule, 'rate:rm');
  });

  it('a later verdict is never more lenient: an engine deny stays deny, an ask past an ask-limit says both', () => {
    const p = policy(RATE3);
    const r = rig();
    for (let i = 0; i < 3; i++) r.gate.judge(r.call(), ALLOW, p);
    const rm: Verdict = { decision: 'ask', rule: 'cmd:rm.recursive', reason: 'rm -r deletes a directory tree' };
    const v = r.gate.judge(r.call(), rm, p);
    assert.equal(v.decision, 'ask');
    assert.equal(v.rule, 'cmd:rm.recursive');
    assert.match(v.reason, /Also past rate commands/);
  });

  it('with a late append the caller counts every other event as earlier (conservative)', () => {
    const p = policy(`rates:\n  c: {of: {op: exec}, per: agent, limit: 1, window: 1m, over: deny}\nbreaker: off\n`);
    const mem = new MemoryStore();
    let late = false;
    const store: CounterStore = {
      append: (e) => mem.append(e),
      read: (s) => mem.read(s),
      lockdown: () => mem.lockdown(),
      setLockdown: (s) => mem.setLockdown(s),
      appendAndRead: (e: CountEvent, since: number) => {
        // Another process's event lands after ours in the order, as a late writer would see it.
        mem.append(e);
        mem.append({ ...e, id: 'other', t: e.t });
        return { events: mem.read(since), self: mem.read(since).length - 2, late };
      },
    };
    const r = rig(store as unknown as MemoryStore);
    assert.equal(r.gate.judge(r.call(), ALLOW, p).decision, 'allow', 'not late: the later event is not counted');
    const r2 = rig(store as unknown as MemoryStore);
    late = true;
    mem.events.length = 0;
    assert.equal(r2.gate.judge(r2.call(), ALLOW, p).decision, 'deny', 'late: every other event counts');
  });
});

describe('context gate: the circuit breaker and lockdown (fake clock)', () => {
  const P = () => policy('breaker: {refusals: 5, window: 2m}\n');

  it('trips on the fifth refusal in the window, tells the agent it is paused, then asks for every change but plain reads', () => {
    const p = P();
    const r = rig();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      r.at(i * 10);
      const c = r.call({ op: 'write', paths: ['tests/a.test.ts'], command: undefined });
      ids.push(c.id);
      assert.doesNotMatch(r.gate.judge(c, DENY, p).reason, /paused/);
    }
    assert.equal(r.gate.lockdown(), undefined);
    r.at(50);
    const fifth = r.call({ op: 'write', paths: ['tests/a.test.ts'], command: undefined });
    ids.push(fifth.id);
    const v = r.gate.judge(fifth, DENY, p);
    assert.equal(v.decision, 'deny');
    assert.match(v.reason, /AgentGuard paused claude-code for review: it was refused 5 times in the last 2 minutes/);
    const ld = r.gate.lockdown()!;
    assert.equal(ld.on, true);
    assert.equal(ld.by, 'breaker');
    assert.equal(ld.agent, 'claude-code');
    assert.deepEqual(ld.calls, ids);
    assert.deepEqual(
      r.changes.map((c) => [c.state.on, c.external]),
      [[true, false]],
    );
    r.at(51);
    const write = r.gate.judge(
      r.call({ op: 'write', paths: ['src/a.ts'], command: undefined }),
      { decision: 'allow', rule: 'path:default', reason: 'no rule' },
      p,
    );
    assert.equal(write.decision, 'ask');
    assert.equal(write.rule, 'lockdown');
    assert.match(write.reason, /lockdown \(the circuit breaker tripped: claude-code was refused 5 times/);
    // Another agent is asked too: the lockdown is the workspace's.
    assert.equal(r.gate.judge(r.call({ agent: 'cline' }), ALLOW, p).decision, 'ask');
    for (const op of ['read', 'list', 'search'] as const) {
      assert.equal(
        r.gate.judge(r.call({ op, paths: ['src/a.ts'], command: undefined }), { decision: 'allow', rule: 'path:default', reason: '' }, p).decision,
        'allow',
        op,
      );
    }
  });

  it('refusals spread wider than the window do not trip it; refusals of other agents do not add up', () => {
    const p = P();
    const r = rig();
    for (let i = 0; i < 10; i++) {
      r.at(i * 31); // 4 per 2 minutes at most
      r.gate.judge(r.call(), DENY, p);
    }
    assert.equal(r.gate.lockdown(), undefined);
    const r2 = rig();
    for (const agent of ['a', 'b', 'c', 'd', 'e', 'f']) r2.gate.judge(r2.call({ agent }), DENY, p);
    assert.equal(r2.gate.lockdown(), undefined);
  });

  it('does not count the guard failing closed, cancelled calls or input a tool could not read', () => {
    const p = P();
    const r = rig();
    for (let i = 0; i < 3; i++) {
      r.gate.judge(r.call(), { decision: 'deny', rule: 'fail-closed', reason: 'x', decidedBy: 'fail-closed' }, p);
      r.gate.judge(r.call(), { decision: 'deny', rule: 'input:invalid', reason: 'x' }, p);
      r.gate.judge(r.call(), { decision: 'deny', rule: 'cancelled', reason: 'x' }, p);
    }
    assert.equal(r.gate.lockdown(), undefined);
  });

  it("counts a person's refusal at the dialog (settled), once", () => {
    const p = P();
    const r = rig();
    const rm: Verdict = { decision: 'ask', rule: 'cmd:rm.recursive', reason: 'rm -r' };
    for (let i = 0; i < 5; i++) {
      const c = r.call({ command: 'rm -rf build' });
      const v = r.gate.judge(c, rm, p);
      r.gate.settled([c], [{ call: c, verdict: { ...v, decision: 'deny', decidedBy: 'user' } }], p);
    }
    assert.equal(r.gate.lockdown()?.on, true);
    assert.equal(r.store.events.filter((e) => e.kind === 'r').length, 5);
  });

  it('after a person ends the lockdown the breaker counts afresh', () => {
    const p = P();
    const r = rig();
    for (let i = 0; i < 5; i++) r.gate.judge(r.call(), DENY, p);
    assert.equal(r.gate.lockdown()?.on, true);
    r.at(5);
    const off = r.gate.setLockdown(false, 'user');
    assert.equal(off.resetAt, off.since);
    r.at(6);
    assert.equal(r.gate.judge(r.call(), ALLOW, p).decision, 'allow');
    r.gate.judge(r.call(), DENY, p);
    assert.equal(r.gate.lockdown()?.on, false, 'one refusal after the reset is not five');
    for (let i = 0; i < 4; i++) r.gate.judge(r.call(), DENY, p);
    assert.equal(r.gate.lockdown()?.on, true);
  });

  it('per session: two sessions of one agent each below the limit do not trip it', () => {
    const p = policy('breaker: {refusals: 3, window: 2m, per: session}\n');
    const r = rig();
    for (let i = 0; i < 2; i++) r.gate.judge(r.call({ session: 's1' }), DENY, p);
    for (let i = 0; i < 2; i++) r.gate.judge(r.call({ session: 's2' }), DENY, p);
    assert.equal(r.gate.lockdown(), undefined);
    r.gate.judge(r.call({ session: 's2' }), DENY, p);
    assert.equal(r.gate.lockdown()?.on, true);
  });

  it('`breaker: off` never trips', () => {
    const p = policy('breaker: off\n');
    const r = rig();
    for (let i = 0; i < 50; i++) r.gate.judge(r.call(), DENY, p);
    assert.equal(r.gate.lockdown(), undefined);
  });

  it('notices a lockdown another process switched (external)', () => {
    const p = P();
    const store = new MemoryStore();
    const r = rig(store);
    r.gate.judge(r.call(), ALLOW, p);
    store.setLockdown({ on: true, since: 1, by: 'breaker', reason: 'elsewhere' });
    assert.equal(r.gate.judge(r.call(), ALLOW, p).decision, 'ask');
    assert.deepEqual(
      r.changes.map((c) => [c.state.reason, c.external]),
      [['elsewhere', true]],
    );
  });

  it('voids the reservations of calls after a deny in the same tool call', () => {
    const p = policy(RATE3);
    const r = rig();
    const a = r.call();
    const b = r.call();
    r.gate.judge(a, ALLOW, p);
    const vb = r.gate.judge(b, DENY, p);
    // Settled worst first: b is denied, a never settles.
    r.gate.settled([b, a], [{ call: b, verdict: vb }], p);
    assert.ok(r.store.events.some((e) => e.kind === 'v' && e.id === a.id));
  });
});

describe('context gate: risk levels', () => {
  it('from what the call does, raised by rules and tools, acted on as a group', () => {
    const p = policy(
      'risk:\n  tools: {"mcp__*": high}\n  rules: {"cmd:priv.*": high}\n  decisions: {high: ask}\npaths:\n  docs: {match: ["docs/**"], write: allow, risk: high}\nbreaker: off\n',
    );
    const r = rig();
    const read = r.gate.judge(r.call({ op: 'read', paths: ['a'], command: undefined }), { decision: 'allow', rule: 'path:default', reason: '' }, p);
    assert.equal(read.risk, 'low');
    assert.equal(r.gate.judge(r.call(), ALLOW, p).risk, 'medium');
    const docs = r.gate.judge(r.call({ op: 'write', paths: ['docs/a.md'], command: undefined }), { decision: 'allow', rule: 'path:docs', reason: 'ok' }, p);
    assert.deepEqual([docs.risk, docs.decision, docs.rule], ['high', 'ask', 'risk:high']);
    const tool = r.gate.judge(r.call({ tool: 'mcp__other__run' }), ALLOW, p);
    assert.deepEqual([tool.risk, tool.decision], ['high', 'ask']);
    const opaque = r.gate.judge(
      r.call({ preset: { kind: 'opaque', rule: 'hook:unknown-tool', reason: 'x' } }),
      { decision: 'ask', rule: 'hook:unknown-tool', reason: 'x' },
      p,
    );
    assert.equal(opaque.risk, 'high');
    const sudo = r.gate.judge(r.call({ command: 'sudo ls' }), { decision: 'ask', rule: 'cmd:priv.sudo', reason: 'sudo' }, p);
    assert.equal(sudo.risk, 'high');
    const destructive: Verdict = {
      decision: 'ask',
      rule: 'cmd:rm.recursive',
      reason: 'rm',
      analysis: {
        subcommands: [],
        findings: [{ rule: 'rm.recursive', category: 'rm', tier: 'destructive', subcommand: 'rm -rf a', explanation: 'x' }],
        paths: [],
        errors: [],
      },
    };
    assert.equal(r.gate.judge(r.call({ command: 'rm -rf a' }), destructive, p).risk, 'high');
  });
});
