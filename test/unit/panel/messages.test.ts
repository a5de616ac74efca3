// The host's schemas for what the panel's webview sends: exactly the known shapes pass; anything else —
// unknown type, missing, extra or mistyped field, oversized value — is refused with a reason.
import assert from 'node:assert/strict';
import { parseFilter, parseMessage } from '../../../src/vscode/panel/messages';

describe('panel messages from the webview', () => {
  const valid: unknown[] = [
    { type: 'ready' },
    { type: 'rows', seq: 3, start: 0, count: 200, filter: {} },
    { type: 'rows', seq: 3, start: 400, count: 200, filter: { decision: 'deny', tool: 'agentguard_editFile', agent: 'copilot', text: 'src/' } },
    { type: 'detail', at: 12 },
    { type: 'rows', seq: 5, start: 0, count: 200, filter: { decision: 'deny', risk: 'high', calls: ['c1', 'c2'] } },
    { type: 'rows', seq: 4, start: 0, count: 200, filter: {}, top: 51_000_000 },
    { type: 'rescan' },
    { type: 'newSession' },
    { type: 'folder', folder: 'file:///w' },
    { type: 'action', action: 'diff', path: 'src/app.ts' },
    { type: 'action', action: 'gitignore', path: 'reports/plot.png' },
    {
      type: 'rendered',
      rows: [['deny', 'agentguard_editFile', 'tests/a.ts', 'path:tests', 'copilot', 'tool']],
      total: 1,
      diff: [{ path: 'a.png', kind: 'added', preview: true, section: 'artifacts', by: 'x' }],
      banner: '',
    },
  ];
  for (const m of valid) {
    it(`accepts ${JSON.stringify(m).slice(0, 80)}`, () => {
      const r = parseMessage(m);
      assert.ok(r.ok, r.ok ? '' : r.why);
      assert.deepEqual(r.msg, m);
    });
  }

  const invalid: [string, unknown][] = [
    ['not an object', 'ready'],
    ['an array', [{ type: 'ready' }]],
    ['null', null],
    ['no type', { seq: 1 }],
    ['an unknown type', { type: 'runCommand', command: 'rm -rf /' }],
    ['a prototype key as type', { type: 'constructor' }],
    ['an extra field', { type: 'ready', approve: true }],
    ['a missing field', { type: 'rows', seq: 1, start: 0, filter: {} }],
    ['a float offset', { type: 'detail', at: 1.5 }],
    ['the old index field', { type: 'detail', i: 12 }],
    ['a negative start', { type: 'rows', seq: 1, start: -1, count: 10, filter: {} }],
    ['a page too large', { type: 'rows', seq: 1, start: 0, count: 100_000, filter: {} }],
    ['an unknown decision filter', { type: 'rows', seq: 1, start: 0, count: 10, filter: { decision: 'maybe' } }],
    ['an extra filter field', { type: 'rows', seq: 1, start: 0, count: 10, filter: { where: '1=1' } }],
    ['an unknown action', { type: 'action', action: 'exec', path: 'a' }],
    ['a path that is not a string', { type: 'action', action: 'open', path: ['a'] }],
    ['an oversized path', { type: 'action', action: 'open', path: 'a'.repeat(5000) }],
    ['a string index', { type: 'detail', i: '3' }],
    ['a rendered row that is not strings', { type: 'rendered', rows: [[1]], total: 1, diff: [], banner: '' }],
  ];
  for (const [what, m] of invalid) {
    it(`refuses ${what}`, () => {
      const r = parseMessage(m);
      assert.equal(r.ok, false);
      if (!r.ok) assert.ok(r.why.length > 0);
    });
  }
});

describe('the filter a command opens the panel with', () => {
  it('keeps the fields that narrow and drops empty ones and duplicate ids', () => {
    const r = parseFilter({ decision: 'deny', agent: 'claude-code', calls: ['a', 'b', 'a'], tool: '', risk: '' });
    assert.ok(r.ok);
    assert.deepEqual(r.filter, { decision: 'deny', agent: 'claude-code', calls: ['a', 'b'] });
    const risk = parseFilter({ risk: 'high' });
    assert.ok(risk.ok);
    assert.deepEqual(risk.filter, { risk: 'high' });
    // The breaker passes `agent: undefined` when the state names none.
    const none = parseFilter({ decision: 'deny', agent: undefined, calls: [] });
    assert.ok(none.ok);
    assert.deepEqual(none.filter, { decision: 'deny' });
  });
  const bad: unknown[] = [
    'deny',
    ['deny'],
    { decision: 'refuse' },
    { risk: 'critical' },
    { calls: 'c1' },
    { calls: [1] },
    { calls: Array.from({ length: 1001 }, (_, i) => `c${i}`) },
    { calls: ['x'.repeat(257)] },
    { agent: 'x'.repeat(301) },
    { decision: 'deny', extra: true },
  ];
  for (const f of bad) {
    it(`refuses ${JSON.stringify(f).slice(0, 60)} whole`, () => {
      const r = parseFilter(f);
      assert.equal(r.ok, false);
      if (!r.ok) assert.match(r.why, /schema/);
    });
  }
});
