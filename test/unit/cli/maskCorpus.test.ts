// The secrets corpus sample through the built `agentguard mask` process (what users and acceptance suites
// run): the byte-exact masked view on stdout, checked with the corpus's own rules.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLI } from '../helpers/cli';
import { assertMasked } from '../secrets/helpers';
import { corpusCase, secretsCorpus } from '../helpers/secretsCorpus';

const files = secretsCorpus();

describe('secrets corpus through the agentguard mask process', () => {
  let dir: string;
  before(() => (dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-mask-cli-')))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const f of files) {
    it(`masks ${f.name}`, () => {
      const c = corpusCase(f);
      const file = path.join(dir, f.name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, c.text);
      const r = spawnSync(process.execPath, [CLI, 'mask', file], { cwd: dir, encoding: 'buffer' });
      assert.equal(r.status, 0, r.stderr.toString());
      assertMasked(c, r.stdout.toString('utf8'));
    });
  }

  it('the check fails on unmasked output (the test can fail)', () => {
    const c = corpusCase(files.find((x) => x.secretLines.length > 0)!);
    assert.throws(() => assertMasked(c, c.text));
  });
});
