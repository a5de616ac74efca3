// The shipped policies pinned by their own tests, run through the real CLI (`agentguard test`).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli, REPO } from '../test/unit/helpers/cli';

describe('shipped policies', () => {
  for (const name of ['default', 'strict']) {
    it(`${name}.yaml passes its policy tests`, () => {
      const r = runCli(['test', path.join(REPO, 'policies', `${name}.test.yaml`)]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, / passed, 0 failed/);
    });
    it(`${name}.yaml passes agentguard check`, () => {
      const r = runCli(['check', path.join(REPO, 'policies', `${name}.yaml`)]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
    });
  }

  it('agentguard test fails when a case is wrong (the tests can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-pt-'));
    const f = path.join(dir, 't.yaml');
    fs.writeFileSync(
      f,
      'policy: default\ncases:\n  - name: wrongly expects tests to be writable\n    call: {op: write, path: tests/a.test.ts}\n    expect: allow\n',
    );
    const r = runCli(['test', f]);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /✗ .*expected allow, got deny/);
    assert.match(r.stdout, /0 passed, 1 failed/);
  });
});
