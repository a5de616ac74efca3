// A string literal next to its inverse (`decodeURI(…"%25"…)`): the built-form rule decodes the literal and masks the
// decoded text to judge it, and that masking runs the same rule, whose loop over the line's literals shared one global
// regex with the outer loop: the inner run left its lastIndex at 0, the outer loop started over, judged the same
// literal, and so on forever (`agentguard mask` of a file of node_modules never returned; the mask bench hung on its
// tree). Each loop that judges a decoded value now iterates a copy of its regex. Real process, time limit.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from '../helpers/cli';

describe('masking: a rule that masks a decoded value never restarts its own loop', () => {
  const cases: [string, string][] = [
    [
      'a percent-encoded literal beside decodeURI',
      'const decodeURIWithPreservedPercent = (value) => decodeURI(value.includes("%25") ? value.replace(/%25/g, "%2525") : value);\n',
    ],
    ['the same line among others', 'const a = 1;\n' + 'x = decodeURI(v.includes("%25") ? v.replace(/%25/g, "%2525") : v);\n'.repeat(3) + 'done();\n'],
  ];
  for (const [name, text] of cases) {
    it(`${name}: the masked view comes back, line for line`, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-reentry-'));
      try {
        const f = path.join(dir, 'util.js');
        fs.writeFileSync(f, text);
        const r = spawnSync(process.execPath, [CLI, 'mask', f], { encoding: 'utf8', timeout: 30_000 });
        assert.equal(r.error, undefined, `mask did not finish: ${String(r.error)}`);
        assert.equal(r.status, 0, r.stderr);
        assert.equal(r.stdout, text);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
