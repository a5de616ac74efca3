// A line with a foreign word for password and a copula (`пароль — X`), then another line: the decoded-view pass
// looked back 16 characters for the copula, across the line break, found the line it had just read, and read it
// again forever — `agentguard mask` of this repository's own decode.ts never returned. Run as a real process with a
// time limit, so a regression fails instead of hanging the suite.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from '../helpers/cli';

describe('masking: the decoded-view pass always moves on', () => {
  const cases: [string, string][] = [
    ['a copula line, then another', ' * `hasło jest X`, `пароль — X`):\n * the view reads it as ` is ` here.\n'],
    ['the copula at the end of a line', 'senha é\nnext line\n'],
    ['many such lines', 'пароль — X\nok\n'.repeat(200)],
  ];
  for (const [name, text] of cases) {
    it(`${name}: the masked view comes back, line for line`, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-viewloop-'));
      try {
        const f = path.join(dir, 'notes.md');
        fs.writeFileSync(f, text);
        const r = spawnSync(process.execPath, [CLI, 'mask', f], { encoding: 'utf8', timeout: 30_000 });
        assert.equal(r.error, undefined, `mask did not finish: ${String(r.error)}`);
        assert.equal(r.status, 0, r.stderr);
        assert.equal(r.stdout.split('\n').length, text.split('\n').length);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
