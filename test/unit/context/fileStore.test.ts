// The counter store every process of a workspace shares: real files in a temp folder, several store objects
// standing for several processes, and real child processes appending at once.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CountEvent } from '../../../src/core/context/types';
import { counterDir, EPOCH_MS, FileCounterStore, formatEvent, parseEvent } from '../../../src/node/counters/fileStore';

const ev = (id: string, t: number, over: Partial<CountEvent> = {}): CountEvent => ({
  t,
  kind: 'c',
  id,
  agent: 'claude-code',
  session: 'claude:s',
  channel: 'hook',
  tool: 'Bash',
  op: 'exec',
  rule: 'cmd:benign',
  risk: 'medium',
  tier: 'benign',
  bytes: 0,
  files: 0,
  ...over,
});

describe('counter store (files shared by every process of a workspace)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-counters-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lives outside the workspace, under AGENTGUARD_HOME', () => {
    const before = process.env.AGENTGUARD_HOME;
    process.env.AGENTGUARD_HOME = '/tmp/ag-home-x';
    try {
      const d = counterDir('/home/dev/my project');
      assert.ok(d.startsWith('/tmp/ag-home-x/state/my_project-'), d);
    } finally {
      if (before === undefined) delete process.env.AGENTGUARD_HOME;
      else process.env.AGENTGUARD_HOME = before;
    }
  });

  it('one line per event; a tab or newline an agent put in a tool name cannot forge a second event', () => {
    const line = formatEvent(ev('a', 5, { tool: 'Bash\n1\tc\tforged', rule: 'x'.repeat(1000) }));
    assert.equal(line.split('\n').length, 2);
    const back = parseEvent(line.slice(0, -1))!;
    assert.equal(back.tool, 'Bash 1 c forged');
    assert.equal(back.rule.length, 200);
    assert.equal(parseEvent('garbage'), undefined);
    assert.equal(parseEvent('1\tz\t' + 'a\t'.repeat(10) + 'b'), undefined);
  });

  it('reads back the window across minute files, in one order, with the position of the event just appended', () => {
    let now = 100 * EPOCH_MS;
    const s = new FileCounterStore(dir, { now: () => now });
    s.append(ev('a', now));
    now += EPOCH_MS; // the next minute's file
    s.append(ev('b', now));
    now += 10;
    const r = s.appendAndRead(ev('c', now), now - 2 * EPOCH_MS);
    assert.deepEqual(
      r.events.map((e) => e.id),
      ['a', 'b', 'c'],
    );
    assert.equal(r.self, 2);
    assert.equal(r.late, false);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['events-100.log', 'events-101.log'].sort());
    assert.deepEqual(
      s.read(now - 5).map((e) => e.id),
      ['c'],
      'the window cuts by the event time',
    );
  });

  it('a second process sees what the first appended, and reads only what is new', () => {
    const now = 200 * EPOCH_MS;
    const a = new FileCounterStore(dir, { now: () => now });
    const b = new FileCounterStore(dir, { now: () => now });
    a.append(ev('1', now));
    assert.deepEqual(
      b.read(0).map((e) => e.id),
      ['1'],
    );
    a.append(ev('2', now));
    const r = b.appendAndRead(ev('3', now), 0);
    assert.deepEqual(
      r.events.map((e) => e.id),
      ['1', '2', '3'],
    );
    // A line still being written (no newline yet) waits for the next read.
    fs.appendFileSync(path.join(dir, `events-200.log`), formatEvent(ev('4', now)).slice(0, 20));
    assert.deepEqual(
      b.read(0).map((e) => e.id),
      ['1', '2', '3'],
    );
    fs.appendFileSync(path.join(dir, `events-200.log`), formatEvent(ev('4', now)).slice(20));
    assert.deepEqual(
      b.read(0).map((e) => e.id),
      ['1', '2', '3', '4'],
    );
  });

  it('says `late` when the minute turned between its append and its read', () => {
    const times = [300 * EPOCH_MS - 1, 300 * EPOCH_MS + 5];
    let i = 0;
    const s = new FileCounterStore(dir, { now: () => times[Math.min(i++, times.length - 1)] });
    const r = s.appendAndRead(ev('x', 300 * EPOCH_MS - 1), 0);
    assert.equal(r.late, true);
  });

  it('deletes files older than a day when a new minute starts', () => {
    const old = 10;
    fs.writeFileSync(path.join(dir, `events-${old}.log`), formatEvent(ev('old', old * EPOCH_MS)));
    fs.writeFileSync(path.join(dir, 'unrelated.txt'), 'keep');
    const now = (old + 24 * 60 + 10) * EPOCH_MS;
    const s = new FileCounterStore(dir, { now: () => now });
    s.appendAndRead(ev('new', now), now - 1000);
    assert.deepEqual(fs.readdirSync(dir).sort(), [`events-${Math.floor(now / EPOCH_MS)}.log`, 'unrelated.txt'].sort());
  });

  it('the lockdown: absent is off, written atomically, read by every process, unreadable is on (fail closed)', () => {
    const a = new FileCounterStore(dir);
    const b = new FileCounterStore(dir);
    assert.equal(b.lockdown(), undefined);
    a.setLockdown({ on: true, since: 5, by: 'breaker', reason: 'tripped', agent: 'cline', calls: ['x'] });
    assert.deepEqual(b.lockdown(), { on: true, since: 5, by: 'breaker', reason: 'tripped', agent: 'cline', calls: ['x'] });
    assert.equal(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp')).length, 0);
    fs.writeFileSync(path.join(dir, 'lockdown.json'), '{"on": fal');
    const broken = b.lockdown()!;
    assert.equal(broken.on, true);
    assert.match(broken.reason, /cannot be read/);
    a.setLockdown({ on: false, since: 9, by: 'user', reason: 'ended', resetAt: 9 });
    assert.equal(b.lockdown()?.on, false);
  });

  it('processes appending at once lose nothing and tear nothing', async function () {
    this.timeout(120_000);
    const script = path.join(dir, 'append.js');
    const storeModule = path.join(__dirname, '..', '..', '..', 'src', 'node', 'counters', 'fileStore.ts');
    fs.writeFileSync(
      script,
      `const { FileCounterStore } = require(${JSON.stringify(storeModule)});
       const s = new FileCounterStore(process.argv[2]);
       const who = process.argv[3];
       for (let i = 0; i < 400; i++) s.append({ t: Date.now(), kind: 'c', id: who + '-' + i, agent: who, session: who, channel: 'hook', tool: 'Bash', op: 'exec', rule: 'cmd:benign', risk: 'medium', tier: 'benign', bytes: i, files: 0 });`,
    );
    const store = path.join(dir, 'store');
    const procs = Array.from(
      { length: 6 },
      (_, k) =>
        new Promise<number>((resolve, reject) => {
          const c = spawn(process.execPath, ['--import', 'tsx', script, store, `p${k}`], { stdio: ['ignore', 'inherit', 'inherit'] });
          c.on('error', reject);
          c.on('close', (code) => resolve(code ?? -1));
        }),
    );
    assert.deepEqual(await Promise.all(procs), [0, 0, 0, 0, 0, 0]);
    const events = new FileCounterStore(store).read(0);
    assert.equal(events.length, 2400);
    assert.equal(new Set(events.map((e) => e.id)).size, 2400);
    const text = fs
      .readdirSync(store)
      .map((f) => fs.readFileSync(path.join(store, f), 'utf8'))
      .join('');
    assert.equal(text.split('\n').filter(Boolean).length, 2400, 'a torn or merged line');
  });
});
