// The panel's audit model on real log files written by the real AuditWriter in temp dirs: paging newest
// first, filters, detail read back from disk, incremental reads (records appended by another writer), and the
// chain verdict — which must agree with verifyChain (what `agentguard audit verify` says) on tampered logs.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type AuditRecord, chainLines, GENESIS, sha256Hex, verifyChain } from '../../../src/core/audit';
import type { Decision } from '../../../src/core/types';
import { AuditWriter } from '../../../src/node/auditWriter';
import { AuditModel, type Filter, isFiltered, type Row, rowFilter, targetOf } from '../../../src/vscode/panel/auditModel';

function rec(i: number, over: Partial<AuditRecord> = {}): AuditRecord {
  const decisions: Decision[] = ['allow', 'deny', 'ask'];
  return {
    v: 1,
    time: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
    session: 's1',
    callId: `call-${i}`,
    agent: i % 2 ? 'copilot' : 'claude-code',
    channel: i % 2 ? 'tool' : 'hook',
    tool: i % 3 === 0 ? 'agentguard_runCommand' : 'agentguard_editFile',
    op: i % 3 === 0 ? 'exec' : 'write',
    args: i % 3 === 0 ? { command: `echo ${i}` } : { path: `src/f${i}.ts`, oldString: 'a', newString: 'b' },
    decision: decisions[i % 3],
    rule: i % 3 === 1 ? 'path:tests' : 'path:default',
    reason: `reason number ${i}`,
    decidedBy: 'rule',
    policy: 'p'.repeat(64),
    durationMs: i,
    ...over,
  };
}

describe('panel audit model', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-panel-audit-'));
    file = path.join(dir, 'audit.jsonl');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function write(n: number, from = 0): Promise<void> {
    const w = new AuditWriter(file);
    await Promise.all(Array.from({ length: n }, (_, k) => w.append(rec(from + k))));
  }

  it('pages newest first and reads a record back in full from its byte range', async () => {
    await write(30);
    const m = new AuditModel(file);
    assert.equal(m.refresh(), 30);
    const p = m.page({}, 0, 5);
    assert.equal(p.total, 30);
    assert.deepEqual(
      p.rows.map((r) => r.callId),
      ['call-29', 'call-28', 'call-27', 'call-26', 'call-25'],
    );
    assert.equal(p.rows[2].target, 'echo 27');
    assert.equal(p.rows[0].target, 'src/f29.ts');
    const last = m.page({}, 28, 10);
    assert.deepEqual(
      last.rows.map((r) => r.callId),
      ['call-1', 'call-0'],
    );
    const d = m.detail(p.rows[0].at)!;
    assert.equal(d.reason, 'reason number 29');
    assert.deepEqual(d.args, { path: 'src/f29.ts', oldString: 'a', newString: 'b' });
    assert.equal(m.chain.ok, true);
  });

  it('filters by decision, tool, agent and text (case-insensitive, over the reason too)', async () => {
    await write(30);
    const m = new AuditModel(file);
    m.refresh();
    const deny = m.page({ decision: 'deny' }, 0, 100);
    assert.equal(deny.total, 10);
    assert.ok(deny.rows.every((r) => r.decision === 'deny' && r.rule === 'path:tests'));
    assert.equal(m.page({ tool: 'agentguard_runCommand' }, 0, 100).total, 10);
    assert.equal(m.page({ agent: 'copilot', decision: 'deny' }, 0, 100).total, 5);
    assert.deepEqual(
      m.page({ text: 'REASON NUMBER 17' }, 0, 100).rows.map((r) => r.callId),
      ['call-17'],
    );
    assert.equal(m.page({ text: 'no such text' }, 0, 100).total, 0);
    assert.deepEqual([...m.tools].sort(), ['agentguard_editFile', 'agentguard_runCommand']);
  });

  it('filters by call ids and by risk level, alone and together with the other fields', async () => {
    const risks = ['low', 'medium', 'high'] as const;
    const w = new AuditWriter(file);
    // Record 0 was written before risk levels existed: no risk field at all.
    await Promise.all(Array.from({ length: 30 }, (_, i) => w.append(rec(i, i === 0 ? {} : { risk: risks[i % 3] }))));
    const m = new AuditModel(file);
    m.refresh();
    // The breaker's refused calls: exactly those, newest first; ids that are not in the log match nothing.
    const calls = ['call-4', 'call-7', 'call-13', 'no-such-call'];
    assert.deepEqual(
      m.page({ calls }, 0, 100).rows.map((r) => r.callId),
      ['call-13', 'call-7', 'call-4'],
    );
    assert.deepEqual(
      m.page({ calls, decision: 'deny', agent: 'copilot' }, 0, 100).rows.map((r) => r.callId),
      ['call-13', 'call-7'],
    );
    assert.equal(m.page({ calls: [] }, 0, 100).total, 30, 'an empty list of calls does not narrow');
    // A call id is matched whole: one that only starts like another is a different call.
    assert.equal(m.page({ calls: ['call-1'] }, 0, 100).total, 1);
    const high = m.page({ risk: 'high' }, 0, 100);
    assert.equal(high.total, 10);
    assert.ok(high.rows.every((r) => r.risk === 'high' && Number(r.callId.slice(5)) % 3 === 2));
    assert.equal(m.page({ risk: 'low' }, 0, 100).total, 9, 'record 0 has no risk and is not low');
    assert.deepEqual(
      m.page({ risk: 'medium', calls }, 0, 100).rows.map((r) => r.callId),
      ['call-13', 'call-7', 'call-4'],
    );
    assert.equal(m.page({ risk: 'medium', decision: 'allow' }, 0, 100).total, 0);
    assert.equal(m.rowOfCall('call-0')?.risk, '');
  });

  it('rowFilter and isFiltered: every field narrows, empty ones do not', () => {
    const row: Row = {
      at: 0,
      time: '',
      decision: 'deny',
      tool: 'Bash',
      op: 'exec',
      target: 'rm -rf x',
      rule: 'cmd:rm',
      agent: 'claude-code',
      channel: 'hook',
      durationMs: 0,
      decidedBy: 'rule',
      callId: 'c1',
      risk: 'high',
    };
    const hay = 'deny\nbash\nrm -rf x';
    const passes = (f: Filter) => rowFilter(f)(row, hay);
    assert.equal(passes({}), true);
    assert.equal(isFiltered({}), false);
    assert.equal(isFiltered({ decision: '', calls: [] }), false);
    for (const f of [{ decision: 'allow' }, { tool: 'Write' }, { agent: 'cline' }, { risk: 'low' }, { calls: ['c2'] }, { text: 'npm' }] as Filter[]) {
      assert.equal(passes(f), false, JSON.stringify(f));
      assert.equal(isFiltered(f), true, JSON.stringify(f));
    }
    assert.equal(passes({ decision: 'deny', tool: 'Bash', agent: 'claude-code', risk: 'high', calls: ['c0', 'c1'], text: 'RM -RF' }), true);
  });

  it('reads only what was appended since, also by another writer, and extends a filtered view', async () => {
    await write(10);
    const m = new AuditModel(file);
    m.refresh();
    assert.equal(m.page({ decision: 'allow' }, 0, 100).total, 4);
    await write(5, 10); // a second writer object: the hook bridge in another process writes the same way
    assert.equal(m.refresh(), 5);
    const allow = m.page({ decision: 'allow' }, 0, 100);
    assert.deepEqual(
      allow.rows.map((r) => r.callId),
      ['call-12', 'call-9', 'call-6', 'call-3', 'call-0'],
    );
    assert.equal(m.refresh(), 0);
    assert.equal(m.chain.ok, true);
    assert.equal(m.rowOfCall('call-12')?.decision, 'allow');
  });

  it('refreshAsync reads in slices, yields to the event loop, and ends where refresh() does', async () => {
    await write(3000);
    const sync = new AuditModel(file);
    sync.refresh();
    const m = new AuditModel(file);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const progress: number[] = [];
    // A 0 ms slice: every 256 lines it must give the event loop a turn.
    const [a, b] = await Promise.all([m.refreshAsync(0, (done) => progress.push(done)), m.refreshAsync(0)]);
    clearInterval(timer);
    assert.equal(a, 3000);
    assert.equal(b, 0, 'the second caller shares the first read and finds nothing new');
    assert.ok(progress.length >= 5 && ticks > 0, `progress ${progress.length}, ticks ${ticks}`);
    assert.deepEqual(m.rows, sync.rows);
    assert.deepEqual(m.page({ decision: 'deny' }, 0, 50), sync.page({ decision: 'deny' }, 0, 50));
    assert.equal(m.chain.ok, true);
    await write(2, 3000);
    assert.equal(await m.refreshAsync(), 2);
    assert.equal(m.detail(m.page({}, 0, 1).rows[0].at)?.callId, 'call-3001');
  });

  it('waits for the newline of a record still being written', async () => {
    await write(3);
    const m = new AuditModel(file);
    m.refresh();
    const last = fs.readFileSync(file, 'utf8').trimEnd().split('\n').at(-1)!;
    const { text: next } = chainLines([rec(3)], sha256Hex(last));
    fs.appendFileSync(file, next.slice(0, 40));
    assert.equal(m.refresh(), 0);
    assert.equal(m.chain.ok, false, 'a torn tail is reported while it lasts');
    assert.equal(m.chain.problems[0].kind, 'torn-last-line');
    fs.appendFileSync(file, next.slice(40));
    assert.equal(m.refresh(), 1);
    assert.equal(m.chain.ok, true);
    assert.equal(m.page({}, 0, 1).rows[0].callId, 'call-3');
  });

  const tampers: [string, (lines: string[]) => string[]][] = [
    ['a removed line', (l) => [...l.slice(0, 2), ...l.slice(3)]],
    ['an edited line', (l) => l.map((x, i) => (i === 4 ? x.replace('"deny"', '"allow"') : x))],
    ['two swapped lines', (l) => [l[0], l[2], l[1], ...l.slice(3)]],
    ['a line that is not JSON', (l) => [...l.slice(0, 3), 'garbage', ...l.slice(3)]],
  ];
  for (const [what, tamper] of tampers) {
    it(`reports ${what} like audit verify does`, async () => {
      await write(8);
      const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      const text = tamper(lines).join('\n') + '\n';
      fs.writeFileSync(file, text);
      const m = new AuditModel(file);
      m.refresh();
      const expected = verifyChain(text);
      assert.equal(expected.ok, false);
      assert.equal(m.chain.ok, false);
      assert.deepEqual(m.chain.problems, expected.problems);
    });
  }

  it('a line edited in place (same size) is caught at the next read', async () => {
    await write(6);
    const m = new AuditModel(file);
    m.refresh();
    assert.equal(m.chain.ok, true);
    const text = fs.readFileSync(file, 'utf8');
    const edited = text.replace('"rule":"path:tests"', '"rule":"path:tesTs"');
    assert.notEqual(edited, text);
    assert.equal(edited.length, text.length);
    fs.writeFileSync(file, edited);
    // mtime resolution: make sure the rewrite is visible as a new mtime even on a coarse clock.
    const t = fs.statSync(file).mtime;
    fs.utimesSync(file, t, new Date(t.getTime() + 2000));
    m.refresh();
    assert.equal(m.chain.ok, false);
    assert.equal(m.chain.problems[0].kind, 'bad-link');
    assert.equal(m.rows.length, 6);
  });

  it('a file that shrank is read again from the start', async () => {
    await write(6);
    const m = new AuditModel(file);
    m.refresh();
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    fs.writeFileSync(file, lines.slice(0, 3).join('\n') + '\n');
    m.refresh();
    assert.equal(m.rows.length, 3);
    assert.equal(m.page({}, 0, 10).total, 3);
    assert.equal(m.chain.ok, true);
  });

  it('starts from GENESIS: a log whose first line links elsewhere does not verify', () => {
    const { text } = chainLines([rec(0), rec(1)], 'f'.repeat(64));
    fs.writeFileSync(file, text);
    const m = new AuditModel(file);
    m.refresh();
    assert.equal(m.chain.ok, false);
    assert.notEqual(GENESIS, 'f'.repeat(64));
  });

  it('keeps agent-written fields short and pulls the target out of host tool arguments', () => {
    assert.equal(targetOf({ file_path: '/w/a.ts' }), '/w/a.ts');
    assert.equal(targetOf({ path: 'a', newPath: 'b' }), 'a → b');
    assert.equal(targetOf({ command: 'x'.repeat(2000) }).length, 500);
    assert.equal(targetOf('nope'), '');
    fs.writeFileSync(file, chainLines([rec(0, { tool: 't'.repeat(5000), agent: '<img src=x onerror=alert(1)>' })], GENESIS).text);
    const m = new AuditModel(file);
    m.refresh();
    assert.ok(m.rows[0].tool.length <= 100);
    assert.equal(m.rows[0].agent, '<img src=x onerror=alert(1)>', 'kept as text, not sanitised into something else');
  });

  it('first paint reads the newest records back from the end; older pages are read back on scroll; the full read takes over', async () => {
    await write(1000);
    const m = new AuditModel(file);
    assert.equal(m.readTail(50), 50);
    assert.equal(m.complete, false);
    const first = m.page({}, 0, 50);
    assert.equal(first.partial, true);
    assert.deepEqual(
      first.rows.slice(0, 3).map((r) => r.callId),
      ['call-999', 'call-998', 'call-997'],
    );
    assert.ok(first.total > 50, 'older records exist: the list offers a page more');
    // Scrolling to records the tail has not reached reads them back from the file.
    const back = m.page({}, 400, 10);
    assert.deepEqual(
      back.rows.map((r) => r.callId),
      Array.from({ length: 10 }, (_, k) => `call-${599 - k}`),
    );
    assert.equal(m.detail(back.rows[0].at)?.callId, 'call-599');
    assert.equal(m.page({ decision: 'deny' }, 0, 10).total, 0, 'filters wait for the full read');
    assert.equal(m.rows.length, 0, 'the tail alone did not read the log from the start');
    await m.refreshAsync();
    assert.equal(m.complete, true);
    const full = m.page({}, 400, 10);
    assert.equal(full.partial, false);
    assert.equal(full.total, 1000);
    assert.deepEqual(
      full.rows.map((r) => r.callId),
      back.rows.map((r) => r.callId),
      'the same records at the same places once the full read has caught up',
    );
    assert.equal(m.chain.ok, true);
  });

  it('a record still being written is not part of the tail; the webview names offsets, it does not choose them', async () => {
    await write(5);
    const last = fs.readFileSync(file, 'utf8').trimEnd().split('\n').at(-1)!;
    fs.appendFileSync(file, chainLines([rec(5)], sha256Hex(last)).text.slice(0, 30));
    const m = new AuditModel(file);
    m.readTail(10);
    assert.deepEqual(
      m.page({}, 0, 10).rows.map((r) => r.callId),
      ['call-4', 'call-3', 'call-2', 'call-1', 'call-0'],
    );
    const at = m.page({}, 0, 1).rows[0].at;
    assert.equal(m.detail(at)?.callId, 'call-4');
    assert.equal(m.detail(at + 1), undefined, 'an offset no row was given is not read');
  });

  it('says how many rows are newer than the one the webview shows on top', async () => {
    await write(10);
    const m = new AuditModel(file);
    m.refresh();
    const top = m.page({}, 0, 1).rows[0].at;
    await write(3, 10);
    m.refresh();
    assert.equal(m.page({}, 0, 20, top).shift, 3);
    assert.equal(m.page({ decision: 'allow' }, 0, 20, top).shift, 1, 'in a filtered view, only the new rows that pass it');
    assert.equal(m.page({}, 0, 20).shift, 0);
  });

  it('no log yet: no rows, and the chain is fine', () => {
    const m = new AuditModel(path.join(dir, 'missing.jsonl'));
    assert.equal(m.refresh(), 0);
    assert.equal(m.page({}, 0, 10).total, 0);
    assert.equal(m.chain.ok, true);
  });
});
