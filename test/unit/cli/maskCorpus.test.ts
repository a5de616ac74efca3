// The secrets corpus sample through the built `agentguard mask` process (what users and acceptance suites
// run): the byte-exact masked view on stdout, checked with the corpus's own rules.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLI, REPO } from '../helpers/cli';
import { assertMasked, type Case } from '../secrets/helpers';

interface CorpusFile {
  name: string;
  content_b64: string;
  secretLines: number[];
  mustKeep: number[];
  secretValues_b64?: Record<string, string[]>;
}
const decode = (s: string) => Buffer.from(s, 'base64').toString('utf8');
const files = JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/corpus/secrets.json'), 'utf8')) as CorpusFile[];

describe('secrets corpus through the agentguard mask process', () => {
  let dir: string;
  before(() => (dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-mask-cli-')))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const f of files) {
    it(`masks ${f.name}`, () => {
      const text = decode(f.content_b64);
      const file = path.join(dir, f.name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      const r = spawnSync(process.execPath, [CLI, 'mask', file], { cwd: dir, encoding: 'buffer' });
      assert.equal(r.status, 0, r.stderr.toString());
      const secretLines = new Map<number, string[]>();
      for (const n of f.secretLines) secretLines.set(n, (f.secretValues_b64?.[String(n)] ?? []).map(decode));
      const c: Case = { name: f.name, text, secretLines, mustKeep: f.mustKeep };
      assertMasked(c, r.stdout.toString('utf8'));
    });
  }

  it('the check fails on unmasked output (the test can fail)', () => {
    const f = files.find((x) => x.secretLines.length > 0)!;
    const text = decode(f.content_b64);
    const secretLines = new Map<number, string[]>();
    for (const n of f.secretLines) secretLines.set(n, (f.secretValues_b64?.[String(n)] ?? []).map(decode));
    assert.throws(() => assertMasked({ name: f.name, text, secretLines, mustKeep: f.mustKeep }, text));
  });
});
