// The README's table of what each ecosystem pack protects is checked row by row: every path in a row is
// judged as its column says under `extends: [default, <pack>]`, and every manifest detects the pack.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PathGuard } from '../../../src/core/paths/guard';
import type { FsProbe } from '../../../src/core/paths/resolve';
import { detectEcosystems } from '../../../src/core/policy/packs';
import { compilePolicy } from '../../../src/node/policyStore';
import { REPO } from '../helpers/cli';

const NOTHING: FsProbe = { lstat: () => undefined, readlink: () => '', readdir: () => [] };
const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8').split('\n');
const header = readme.findIndex((l) => l.startsWith('| ecosystem (pack) |'));
const rows = readme
  .slice(header + 2)
  .filter((l, i, all) => l.startsWith('|') && all.slice(0, i).every((x) => x.startsWith('|')))
  .map((l) => l.split('|').slice(1, -1));
const ticks = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

describe('README: ecosystem × what is protected by default', () => {
  it('has a row per pack', () => {
    assert.equal(header > 0, true);
    assert.deepEqual(rows.map((r) => ticks(r[0])[0]).sort(), ['dotnet', 'go', 'java', 'javascript', 'php', 'python', 'ruby', 'rust']);
  });

  for (const [name, detect, tests, config, secrets] of rows) {
    const pack = ticks(name)[0];
    it(`${pack}: its manifests detect it, its tests are denied, its config asked, its secrets denied, as the row says`, () => {
      const { policy } = compilePolicy(`version: 1\nextends: [default, ${pack}]\n`, '/ws/.agentguard.yaml', true);
      const guard = new PathGuard(policy!.paths, 'deny');
      const d = (op: 'read' | 'write', p: string) => guard.decide(op, p, { workspace: '/nonexistent/ws', home: os.homedir() }, NOTHING).decision;
      const wrong: string[] = [];
      for (const m of ticks(detect)) {
        const entry = m.replace('*', 'x').replace(/\(\.\w+\)/, '');
        if (!detectEcosystems([entry]).some((e) => e.name === pack)) wrong.push(`${entry} does not detect ${pack}`);
      }
      for (const p of ticks(tests)) {
        if (d('write', p) !== 'deny' || d('read', p) !== 'allow') wrong.push(`test ${p}: write ${d('write', p)}, read ${d('read', p)}`);
      }
      for (const p of ticks(config)) {
        if (d('write', p) !== 'ask' || d('read', p) !== 'allow') wrong.push(`config ${p}: write ${d('write', p)}, read ${d('read', p)}`);
      }
      for (const p of ticks(secrets)) {
        if (d('read', p) !== 'deny' || d('write', p) !== 'deny') wrong.push(`secret ${p}: read ${d('read', p)}, write ${d('write', p)}`);
      }
      assert.ok(ticks(tests).length > 0 && ticks(config).length > 0);
      assert.deepEqual(wrong, []);
    });
  }
});
