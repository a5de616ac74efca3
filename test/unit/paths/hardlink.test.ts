// A hard link is the same file under another name, wherever it sits. The red team's chain: `cp -l
// tests/math.test.ts src/h3.ts` (a command the guard took for a copy), then a file tool's in-place edit of
// src/h3.ts, which rewrote the test. Real files and links on disk.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PathGuard } from '../../../src/core/paths/guard';
import { nodeFsProbe } from '../../../src/node/fsProbe';
import { compilePolicy } from '../../../src/node/policyStore';

describe('path guard: hard links below the root', () => {
  let ws: string;
  let guard: PathGuard;
  before(() => {
    ws = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-hardlink-'));
    fs.mkdirSync(path.join(ws, 'tests'));
    fs.mkdirSync(path.join(ws, 'src'));
    fs.writeFileSync(path.join(ws, 'tests/math.test.ts'), "test('adds', () => expect(1 + 1).toBe(2));\n");
    fs.linkSync(path.join(ws, 'tests/math.test.ts'), path.join(ws, 'src/h3.ts'));
    fs.writeFileSync(path.join(ws, 'src/app.ts'), 'export const x = 1;\n');
    guard = new PathGuard(compilePolicy('version: 1\n', 'x', true).policy!.paths, 'deny');
  });
  after(() => fs.rmSync(ws, { recursive: true, force: true }));
  const ctx = () => ({ workspace: ws, home: os.homedir() });

  it('asks before writing a file that has another name (the test behind it would change)', () => {
    const v = guard.decide('write', 'src/h3.ts', ctx(), nodeFsProbe);
    assert.notEqual(v.decision, 'allow', `${v.rule}: ${v.reason}`);
    assert.match(v.reason, /hard link/);
  });

  it('still lets the linked name be read, deleted or renamed (the other name is untouched)', () => {
    for (const op of ['read', 'delete'] as const) assert.equal(guard.decide(op, 'src/h3.ts', ctx(), nodeFsProbe).decision, 'allow', op);
    assert.equal(guard.decideRename('src/h3.ts', 'src/h4.ts', ctx(), nodeFsProbe).decision, 'allow');
  });

  it('writes a file with a single name as before', () => {
    assert.equal(guard.decide('write', 'src/app.ts', ctx(), nodeFsProbe).decision, 'allow');
    assert.equal(guard.decide('write', 'src/new.ts', ctx(), nodeFsProbe).decision, 'allow');
  });
});
