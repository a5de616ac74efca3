// The literal prefilter in front of each glob may only skip paths the glob cannot match: checked for every
// glob the shipped policies, packs and floor hold, against the paths of the real layouts and their variants.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { foldForMatch } from '../../../src/core/paths/fold';
import { compileGlob } from '../../../src/core/paths/guard';
import { compilePolicy } from '../../../src/node/policyStore';
import { REPO } from '../helpers/cli';

const policy = compilePolicy('version: 1\nextends: [default, javascript, python, go, rust, java, ruby, dotnet, php]\n', 'x.yaml', true).policy!;
const globs = [...new Set(policy.paths.flatMap((r) => r.globs).flatMap((g) => (g.endsWith('/**') ? [g, g.slice(0, -3)] : [g])))];

function samplePaths(): string[] {
  const dir = path.join(REPO, 'test/fixtures/ecosystems');
  const out = new Set<string>();
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.tree'))) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (line.trim() && !line.startsWith('#')) out.add(line.trim().split(/\s+/)[0]);
    }
  }
  const corpus = JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/corpus/paths.json'), 'utf8'));
  for (const f of corpus.layout.files as string[]) if (f.startsWith('${WORKSPACE}/')) out.add(f.slice('${WORKSPACE}/'.length));
  for (const p of [...out]) {
    out.add(p.toUpperCase());
    out.add('nested/deeper/' + p);
    out.add(p.replace(/\/[^/]*$/, ''));
    out.add(foldForMatch(p.replace(/i/g, 'ı')));
  }
  return [...out];
}

describe('glob prefilter', () => {
  const paths = samplePaths();
  it(`never skips a path its glob matches (${globs.length} globs × ${paths.length} paths)`, () => {
    const wrong: string[] = [];
    let skipped = 0;
    for (const g of globs) {
      const c = compileGlob(foldForMatch(g));
      for (const p of paths) {
        const pass = c.needles === null || c.needles.some((n) => p.toLowerCase().includes(n));
        if (!pass) skipped++;
        if (!pass && c.mm.match(p)) wrong.push(`${g} ~ ${p}`);
      }
    }
    assert.deepEqual(wrong, []);
    assert.ok(skipped > globs.length * paths.length * 0.8, `the filter should skip most pairs (skipped ${skipped})`);
  });
});
