// Masking must not keep the files it masked alive: the masker's memos (quiet lines, key names) outlive
// the call, and a memo key that is a view on its file holds the whole file (secrets included) in the
// host's memory for as long as the key stays. Measured in a child process with a collectable heap.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const script = `
const { createMasker } = require(${JSON.stringify(path.join(__dirname, '../../../src/core/secrets/index.ts'))});
const m = createMasker();
const filler = 'x'.repeat(2000);
const heap = () => { global.gc(); global.gc(); return process.memoryUsage().heapUsed; };
const before = heap();
for (let f = 0; f < 60; f++) {
  // 60 files of ~200 KB: candidate lines the rules find nothing in (memoised), each file different
  const lines = [];
  for (let i = 0; i < 100; i++) lines.push('const key = v' + f + '_' + i + ';', '// ' + filler + f);
  m.mask(lines.join('\\n'));
}
const kept = heap() - before;
process.stdout.write(String(kept));
`;

describe('masking: memory', () => {
  it('keeps no file alive after masking it (memo keys are copies, not views of the file)', function () {
    this.timeout(60_000);
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '-e', script], { encoding: 'utf8', cwd: path.join(__dirname, '../../..') });
    assert.equal(r.status, 0, r.stderr);
    const kept = Number(r.stdout);
    assert.ok(Number.isFinite(kept), r.stdout);
    // 60 files of 200 KB were masked; their 6,000 memoised lines are ~0.3 MB as copies, 12 MB as views.
    assert.ok(kept < 3e6, `masking left ${(kept / 1e6).toFixed(1)} MB reachable after the files were dropped`);
  });
});
