// Side effects back to the model: with a real WorkspaceSnapshot attached to a real GuardService on a temp
// workspace, an allowed write or command ends with what it changed (new artifacts first, protected paths
// flagged, never content); a denied call, a read, or a service without a snapshot get no summary.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SnapshotHooks } from '../../../src/core/chain';
import { WorkspaceSnapshot } from '../../../src/node/snapshot/snapshot';
import { type Fixture, makeFixture } from '../tools/fixture';

describe('panel: change summaries in tool results', () => {
  let fx: Fixture;
  let snap: WorkspaceSnapshot;
  beforeEach(async () => {
    fx = makeFixture();
    snap = await WorkspaceSnapshot.create({ root: fx.ws, storeDir: fx.root, parallel: false });
    const hooks: SnapshotHooks = {
      begin: (id, call) => snap.beginCall(id, { paths: call.op === 'exec' ? undefined : call.paths }),
      end: (id, call) => snap.endCall(id, { paths: call.op === 'exec' ? undefined : call.paths }),
    };
    fx.service.snapshot = hooks;
  });
  afterEach(async () => {
    await snap.dispose();
    fx.cleanup();
  });

  it('a write says what it added; a report counts as a new artifact', async () => {
    const a = await fx.call('writeFile', { path: 'reports/result.csv', content: 'a,b\n1,2\n' });
    assert.equal(a.status, 'ok', a.text);
    assert.match(a.text, /Workspace changes: 1 added, 0 modified, 0 deleted \(1 new artifact\)\./);
    assert.match(a.text, /^\+ reports\/result\.csv \(8 B, artifact\)$/m);
    assert.ok(!a.text.includes('1,2'), 'content reached the summary');
  });

  it('a command lists every file it touched, new artifacts first', async () => {
    const a = await fx.call('runCommand', { command: 'printf x > zz.txt && printf y >> src/app.ts && mkdir -p out2 && printf z > out2/run.log' });
    assert.equal(a.status, 'ok', a.text);
    const lines = a.text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Workspace changes:'));
    assert.ok(at > 0, a.text);
    assert.equal(lines[at], 'Workspace changes: 2 added, 1 modified, 0 deleted (1 new artifact).');
    assert.deepEqual(lines.slice(at + 1), [
      '+ out2/run.log (1 B, artifact)',
      '+ zz.txt (1 B)',
      `~ src/app.ts (${fs.statSync(path.join(fx.ws, 'src/app.ts')).size} B)`,
    ]);
  });

  it('flags a protected file the command changed, and still shows no content', async () => {
    // An interpreter call with a computed path is asked (a literal one would be judged as a path and refused); the
    // person allows it once; it writes a secret file behind the classifier's back.
    fx.confirmer.answer = 'once';
    const a = await fx.call('runCommand', {
      command: `node -e "require('fs').writeFileSync(['.env', 'local'].join('.'), 'TOKEN=' + '${fx.token.slice(0, 4)}')"`,
    });
    assert.equal(a.status, 'ok', a.text);
    assert.match(a.text, /^\+ \.env\.local \(\d+ B, protected\)$/m);
    assert.ok(!a.text.includes('TOKEN='), a.text);
  });

  it('a denied call and a read carry no summary', async () => {
    const denied = await fx.call('editFile', { path: 'tests/app.test.ts', oldString: 'adds', newString: 'x' });
    assert.equal(denied.status, 'refused');
    assert.doesNotMatch(denied.text, /Workspace changes/);
    const read = await fx.call('readFile', { path: 'src/app.ts' });
    assert.doesNotMatch(read.text, /Workspace changes/);
  });

  it('without a snapshot attached, a write claims nothing about the workspace', async () => {
    fx.service.snapshot = undefined;
    const a = await fx.call('writeFile', { path: 'new.txt', content: 'x' });
    assert.equal(a.status, 'ok');
    assert.doesNotMatch(a.text, /Workspace changes|No files changed/);
  });

  it('isProtected: secrets and the guard floor, not ordinary or test files', () => {
    const p = fx.service.compiled;
    assert.equal(p.isProtected('.env'), true);
    assert.equal(p.isProtected('secrets/db.txt'), true);
    assert.equal(p.isProtected('.agentguard.yaml'), true);
    assert.equal(p.isProtected('.vscode/settings.json'), true);
    assert.equal(p.isProtected('src/app.ts'), false);
    assert.equal(p.isProtected('tests/app.test.ts'), false);
  });
});
