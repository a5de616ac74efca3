import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type AuditRecord, verifyChain } from '../../../src/core/audit';
import { AuditWriter } from '../../../src/node/auditWriter';
import { runCli } from '../helpers/cli';

function rec(i: number): AuditRecord {
  return {
    v: 1,
    time: new Date(0).toISOString(),
    session: 's1',
    callId: `c${i}`,
    agent: 'test',
    channel: 'tool',
    tool: 't',
    op: 'read',
    args: { path: `f${i}` },
    decision: 'allow',
    rule: 'path:default',
    reason: 'ok',
    decidedBy: 'rule',
    policy: 'p',
    durationMs: 0,
  };
}

describe('audit log', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-audit-'));
    file = path.join(dir, 'audit.jsonl');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function writeN(n: number): Promise<void> {
    const w = new AuditWriter(file);
    await Promise.all(Array.from({ length: n }, (_, i) => w.append(rec(i))));
  }

  it('a fresh chain verifies, through the CLI too', async () => {
    await writeN(20);
    assert.deepEqual(verifyChain(fs.readFileSync(file, 'utf8')), { ok: true, records: 20, problems: [] });
    const r = runCli(['audit', 'verify', file]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /ok, 20 records/);
  });

  it('catches a deleted line and names where', async () => {
    await writeN(10);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.splice(4, 1);
    fs.writeFileSync(file, lines.join('\n'));
    const r = runCli(['audit', 'verify', file]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /:5: bad-link/);
  });

  it('catches an edited line', async () => {
    await writeN(10);
    const text = fs
      .readFileSync(file, 'utf8')
      .replace('"decision":"allow","rule":"path:default","reason":"ok","decidedBy":"rule","policy":"p","durationMs":0,"prev":"', (m) => m);
    const lines = text.split('\n');
    lines[2] = lines[2].replace('"decision":"allow"', '"decision":"deny"');
    fs.writeFileSync(file, lines.join('\n'));
    const r = runCli(['audit', 'verify', file]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /:4: bad-link/); // the line after the edit no longer links to it
  });

  it('catches a torn last line, and appending continues after it with a chain that links', async () => {
    await writeN(5);
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.trimEnd().split('\n');
    fs.writeFileSync(file, lines.slice(0, 4).join('\n') + '\n' + lines[4].slice(0, 30)); // crash mid-write
    let r = runCli(['audit', 'verify', file]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /:5: torn-last-line/);

    await new AuditWriter(file).append(rec(99));
    const after = fs.readFileSync(file, 'utf8');
    const res = verifyChain(after);
    // The torn line is still reported; the records after it link to it, so nothing else is broken.
    assert.deepEqual(
      res.problems.map((p) => p.kind),
      ['not-json'],
    );
    const last = after.trimEnd().split('\n');
    assert.equal(JSON.parse(last[last.length - 2]).event, 'torn-line-recovered');
    assert.equal(JSON.parse(last[last.length - 1]).callId, 'c99');
    r = runCli(['audit', 'verify', file]);
    assert.equal(r.code, 1);
  });

  it('several processes appending to one log keep one linear chain and lose nothing', async () => {
    const { spawn } = await import('node:child_process');
    const script = path.join(dir, 'writer.ts');
    const writerModule = path.join(__dirname, '..', '..', '..', 'src', 'node', 'auditWriter.ts');
    fs.writeFileSync(
      script,
      `
      import { AuditWriter } from ${JSON.stringify(writerModule)};
      const w = new AuditWriter(process.argv[2]);
      const id = process.argv[3];
      Promise.all(Array.from({ length: 100 }, (_, i) => w.append({ v: 1, time: '', session: 's', callId: id + '-' + i, agent: 'a', channel: 'hook', tool: 't', op: 'read', args: {}, decision: 'allow', rule: 'r', reason: 'x', decidedBy: 'rule', policy: 'p', durationMs: 0 } as any))).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
    `,
    );
    const codes = await Promise.all(
      ['p1', 'p2', 'p3', 'p4'].map(
        (id) =>
          new Promise<number>((resolve) => {
            const c = spawn(process.execPath, ['--import', 'tsx', script, file, id], { stdio: 'inherit', cwd: path.join(__dirname, '..', '..', '..') });
            c.on('close', (code) => resolve(code ?? 1));
          }),
      ),
    );
    assert.deepEqual(codes, [0, 0, 0, 0]);
    const text = fs.readFileSync(file, 'utf8');
    const v = verifyChain(text);
    assert.equal(v.ok, true, JSON.stringify(v.problems));
    assert.equal(v.records, 400);
    assert.equal(
      new Set(
        text
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l).callId),
      ).size,
      400,
    );
  });

  it('concurrent appends from several writers on one file never interleave or drop', async () => {
    const writers = Array.from({ length: 5 }, () => new AuditWriter(file));
    await Promise.all(Array.from({ length: 500 }, (_, i) => writers[i % 5].append(rec(i))));
    const text = fs.readFileSync(file, 'utf8');
    const v = verifyChain(text);
    assert.equal(v.ok, true, JSON.stringify(v.problems));
    assert.equal(v.records, 500);
    const ids = new Set(
      text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).callId),
    );
    assert.equal(ids.size, 500);
  });
});
