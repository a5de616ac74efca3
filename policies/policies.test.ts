// The shipped policies and packs pinned by their own tests, run through the real CLI (`agentguard test`).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli, REPO } from '../test/unit/helpers/cli';

const DIR = path.join(REPO, 'policies');
const testFiles = [
  ...fs.readdirSync(DIR).filter((f) => f.endsWith('.test.yaml')),
  ...fs
    .readdirSync(path.join(DIR, 'packs'))
    .filter((f) => f.endsWith('.test.yaml'))
    .map((f) => `packs/${f}`),
];

describe('shipped policies', () => {
  it('every pack has its policy tests', () => {
    const packs = fs.readdirSync(path.join(DIR, 'packs')).filter((f) => f.endsWith('.yaml') && !f.endsWith('.test.yaml'));
    assert.ok(packs.length >= 8);
    for (const p of packs) assert.ok(testFiles.includes(`packs/${p.replace(/\.yaml$/, '.test.yaml')}`), `no tests for ${p}`);
  });

  for (const f of testFiles) {
    it(`${f} passes`, () => {
      const r = runCli(['test', path.join(DIR, f)]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /[1-9]\d* passed, 0 failed/);
    });
  }

  for (const name of ['default', 'strict']) {
    it(`${name}.yaml passes agentguard check`, () => {
      const r = runCli(['check', path.join(DIR, `${name}.yaml`)]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
    });
  }

  it('agentguard test fails when a case is wrong (the tests can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-pt-'));
    const f = path.join(dir, 't.yaml');
    fs.writeFileSync(
      f,
      'policy: [default, go]\ncases:\n  - name: wrongly expects Go tests to be writable\n    call: {op: write, path: pkg/a_test.go}\n    expect: allow\n',
    );
    const r = runCli(['test', f]);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /✗ .*expected allow, got deny/);
    assert.match(r.stdout, /0 passed, 1 failed/);
  });

  it('agentguard test refuses an unknown pack with the names it knows', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-pt-'));
    const f = path.join(dir, 't.yaml');
    fs.writeFileSync(f, 'policy: [default, pyhton]\ncases:\n  - name: x\n    call: {op: read, path: a}\n    expect: allow\n');
    const r = runCli(['test', f]);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /did you mean `python`/);
  });
});
