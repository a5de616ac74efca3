// WorkspaceSnapshot on real temp directories: detection, ignore globs, symlinks, attribution, baseline store.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceSnapshot, type SnapshotOptions } from '../../../src/node/snapshot/snapshot';
import { UNATTRIBUTED, type FileChange, type ScanProgress } from '../../../src/core/snapshot/types';

function tree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
}

const byPath = (cs: FileChange[]) => Object.fromEntries(cs.map((c) => [c.path, c]));
const kinds = (cs: FileChange[]) => Object.fromEntries(cs.map((c) => [c.path, c.kind]));

describe('workspace snapshot (real files)', () => {
  let root: string;
  let storeParent: string;
  const open: WorkspaceSnapshot[] = [];

  async function snapshot(extra: Partial<SnapshotOptions> = {}): Promise<WorkspaceSnapshot> {
    const s = await WorkspaceSnapshot.create({ root, storeDir: storeParent, ...extra });
    open.push(s);
    return s;
  }

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-snap-ws-'));
    storeParent = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-snap-store-'));
    tree(root, {
      'README.md': '# project\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': 'export const b = 2;\n',
      'src/deep/c.ts': 'export const c = 3;\n',
    });
  });

  afterEach(async () => {
    for (const s of open.splice(0)) await s.dispose();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(storeParent, { recursive: true, force: true });
  });

  it('sees nothing changed right after the baseline', async () => {
    const s = await snapshot();
    assert.deepEqual(await s.rescan(), []);
    assert.deepEqual(s.diff().changes, []);
    assert.equal(s.lastBaseline?.files, 4);
  });

  it('detects added, modified and deleted files, including whole new and removed directories', async () => {
    const s = await snapshot();
    fs.writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 100;\n');
    fs.writeFileSync(path.join(root, 'new.txt'), 'hello');
    tree(root, { 'gen/x/1.txt': '1', 'gen/x/2.txt': '22' });
    fs.rmSync(path.join(root, 'src/deep'), { recursive: true });
    fs.rmSync(path.join(root, 'README.md'));
    const seen = await s.rescan();
    const expected = {
      'src/a.ts': 'modified',
      'new.txt': 'added',
      'gen/x/1.txt': 'added',
      'gen/x/2.txt': 'added',
      'src/deep/c.ts': 'deleted',
      'README.md': 'deleted',
    };
    assert.deepEqual(kinds(seen), expected);
    assert.deepEqual(kinds(s.diff().changes), expected);
    assert.equal(byPath(s.diff().changes)['gen/x/2.txt'].size, 2);
    assert.equal(byPath(s.diff().changes)['README.md'].size, '# project\n'.length, 'a deleted file keeps its baseline size');
  });

  it('tells a same-size edit from a touch by hashing only when the times moved', async () => {
    const a = path.join(root, 'src/a.ts');
    const b = path.join(root, 'src/b.ts');
    fs.utimesSync(a, 1_700_000_000, 1_700_000_000); // whole seconds: utimes can restore them exactly
    const s = await snapshot();
    const old = fs.statSync(a);
    // Same size, new content, and mtime put back to the old value: only ctime and the hash tell.
    fs.writeFileSync(a, 'export const a = 9;\n');
    fs.utimesSync(a, 1_700_000_000, 1_700_000_000);
    assert.equal(fs.statSync(a).size, old.size);
    assert.equal(fs.statSync(a).mtimeMs, old.mtimeMs);
    // Touched only: times move, content is the baseline's.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(b, later, later);
    const seen = await s.rescan();
    assert.deepEqual(kinds(seen), { 'src/a.ts': 'modified' });
    assert.deepEqual(kinds(s.diff().changes), { 'src/a.ts': 'modified' });
  });

  it('drops a file from the diff when its content goes back to the baseline', async () => {
    const s = await snapshot();
    const a = path.join(root, 'src/a.ts');
    const original = fs.readFileSync(a);
    fs.writeFileSync(a, 'export const a = 2;\n');
    await s.rescan();
    assert.deepEqual(kinds(s.diff().changes), { 'src/a.ts': 'modified' });
    fs.writeFileSync(a, original);
    const seen = await s.rescan();
    assert.deepEqual(kinds(seen), { 'src/a.ts': 'modified' }, 'the revert is a change since the last scan');
    assert.deepEqual(s.diff().changes, [], 'but the workspace equals the baseline again');
  });

  it('honours .git, node_modules and the policy ignore globs', async () => {
    tree(root, { 'node_modules/x/index.js': '1', '.git/HEAD': 'ref', 'dist/out.js': '1', 'logs/run.log': 'x' });
    const s = await snapshot({ ignore: ['dist/**', '*.log'] });
    assert.equal(s.lastBaseline?.files, 4, 'ignored files are not in the baseline');
    tree(root, {
      'node_modules/y/index.js': '2',
      'packages/p/node_modules/z.js': '3',
      '.git/refs/x': 'y',
      'dist/new.js': '4',
      'deep/er.log': '5',
      'kept.txt': '6',
    });
    fs.writeFileSync(path.join(root, 'dist/out.js'), 'changed');
    assert.deepEqual(kinds(await s.rescan()), { 'kept.txt': 'added' });
  });

  it('records symlinks with their target and never walks them (a link to / stays a link)', async () => {
    fs.symlinkSync('/', path.join(root, 'rootlink'));
    fs.symlinkSync('src', path.join(root, 'srclink'));
    const s = await snapshot();
    assert.equal(s.lastBaseline?.files, 6, '4 files + 2 links, nothing behind them');
    assert.equal(s.baselineEntry('rootlink')?.kind, 'link');
    assert.equal(s.baselineEntry('rootlink')?.linkTarget, '/');
    assert.equal(s.baselineEntry('srclink/a.ts'), undefined);
    fs.rmSync(path.join(root, 'srclink'));
    fs.symlinkSync('/etc', path.join(root, 'srclink'));
    fs.symlinkSync('/usr', path.join(root, 'usrlink'));
    assert.deepEqual(kinds(await s.rescan()), { srclink: 'modified', usrlink: 'added' });
    assert.equal(await s.baselineContent('rootlink'), undefined, 'no content is read through a link');
  });

  it('charges changes made during a call to that call, and others to unattributed', async () => {
    const s = await snapshot();
    fs.writeFileSync(path.join(root, 'by-user-before.txt'), 'u');
    await s.beginCall('call-1');
    fs.writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 11;\n');
    fs.writeFileSync(path.join(root, 'plot.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    const mine = await s.endCall('call-1');
    assert.deepEqual(kinds(mine), { 'src/a.ts': 'modified', 'plot.png': 'added' });
    assert.deepEqual(
      mine.map((c) => c.callIds),
      [['call-1'], ['call-1']],
    );
    const png = byPath(mine)['plot.png'];
    assert.equal(png.artifact, true);
    assert.equal(png.isImage, true);
    assert.equal(png.isText, false);
    fs.rmSync(path.join(root, 'src/b.ts'));
    await s.rescan();
    const diff = byPath(s.diff().changes);
    assert.deepEqual(diff['by-user-before.txt'].callIds, [UNATTRIBUTED], 'a change before the call is not the call’s');
    assert.deepEqual(diff['src/a.ts'].callIds, ['call-1']);
    assert.deepEqual(diff['src/b.ts'].callIds, [UNATTRIBUTED]);
    assert.equal(s.diff().changes[0].path, 'plot.png', 'new artifacts first');
  });

  it('keeps every call that touched a path, and re-stats only named paths for file tools', async () => {
    const s = await snapshot();
    const a = path.join(root, 'src/a.ts');
    await s.beginCall('w1', { paths: ['src/a.ts'] });
    fs.writeFileSync(a, 'one\n');
    assert.deepEqual(kinds(await s.endCall('w1', { paths: ['src/a.ts'] })), { 'src/a.ts': 'modified' });
    await s.beginCall('w2', { paths: [a] }); // absolute paths work too
    fs.writeFileSync(a, 'two, longer\n');
    fs.writeFileSync(path.join(root, 'unnamed.txt'), 'not named by the tool');
    const w2 = await s.endCall('w2', { paths: [a] });
    assert.deepEqual(kinds(w2), { 'src/a.ts': 'modified' }, 'only the named path was re-stat’ed');
    assert.deepEqual(byPath(s.diff().changes)['src/a.ts'].callIds, ['w1', 'w2']);
    await s.rescan();
    assert.deepEqual(byPath(s.diff().changes)['unnamed.txt'].callIds, [UNATTRIBUTED]);
  });

  it('does not trust a named path whose parent directory was swapped for a symlink', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-snap-outside-'));
    try {
      fs.writeFileSync(path.join(outside, 'a.ts'), 'outside\n');
      const s = await snapshot();
      await s.beginCall('swap', { paths: ['src/a.ts'] });
      fs.rmSync(path.join(root, 'src'), { recursive: true });
      fs.symlinkSync(outside, path.join(root, 'src'));
      const seen = await s.endCall('swap', { paths: ['src/a.ts'] });
      assert.deepEqual(kinds(seen), { src: 'added', 'src/a.ts': 'deleted', 'src/b.ts': 'deleted', 'src/deep/c.ts': 'deleted' });
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('falls back to a full scan when a named path is in a directory it has not walked', async () => {
    const s = await snapshot();
    await s.beginCall('mk', { paths: ['newdir/sub/file.txt'] });
    tree(root, { 'newdir/sub/file.txt': 'x' });
    assert.deepEqual(kinds(await s.endCall('mk', { paths: ['newdir/sub/file.txt'] })), { 'newdir/sub/file.txt': 'added' });
  });

  it('charges a change to every call in flight when calls overlap', async () => {
    const s = await snapshot();
    await s.beginCall('x');
    await s.beginCall('y');
    fs.writeFileSync(path.join(root, 'both.txt'), '?');
    const x = await s.endCall('x');
    assert.deepEqual(
      x.map((c) => c.callIds),
      [['x', 'y']],
    );
    assert.deepEqual(await s.endCall('y'), []);
  });

  it('keeps baseline content of text files, within the per-file cap, so a modified file can be diffed', async () => {
    tree(root, { 'big.txt': 'x'.repeat(5000), 'bin.dat2': Buffer.from([1, 2, 0, 3]) });
    const s = await snapshot({ maxBaselineBytes: 4096 });
    await s.whenCaptured();
    const a = path.join(root, 'src/a.ts');
    fs.writeFileSync(a, 'changed\n');
    fs.writeFileSync(path.join(root, 'big.txt'), 'y');
    await s.rescan();
    assert.equal(String(await s.baselineContent('src/a.ts')), 'export const a = 1;\n');
    assert.equal(String(await s.baselineContent(a)), 'export const a = 1;\n', 'absolute path accepted');
    assert.equal(await s.baselineContent('big.txt'), undefined, 'over the per-file cap: not kept');
    assert.equal(await s.baselineContent('bin.dat2'), undefined, 'binary: not kept');
    assert.equal(await s.baselineContent('../outside'), undefined);
    assert.equal((await s.whenCaptured())?.storedFiles, 4);
  });

  it('copies content in the background, never a changed file, and first what a file tool names', async () => {
    const s = await snapshot({ captureWaitMs: 0 });
    assert.ok((s.captureStats()?.pending ?? 0) > 0, 'the manifest is ready before the content');
    // A file tool names its path: copied before the write.
    await s.beginCall('edit', { paths: ['src/a.ts'] });
    fs.writeFileSync(path.join(root, 'src/a.ts'), 'edited by the tool\n');
    await s.endCall('edit', { paths: ['src/a.ts'] });
    // Changed behind the copy's back, before its turn: no baseline content rather than the wrong one.
    fs.writeFileSync(path.join(root, 'src/b.ts'), 'changed by a command\n');
    const st = await s.whenCaptured();
    assert.equal(String(await s.baselineContent('src/a.ts')), 'export const a = 1;\n');
    assert.equal(await s.baselineContent('src/b.ts'), undefined);
    assert.equal(st?.skippedChanged, 1);
    assert.equal(String(await s.baselineContent('README.md')), '# project\n');
  });

  it('gives a command a head start: it waits for the copy to finish, within captureWaitMs', async () => {
    const s = await snapshot({ captureWaitMs: 10_000 });
    await s.beginCall('cmd');
    assert.equal(s.captureStats()?.pending, 0);
    fs.writeFileSync(path.join(root, 'src/b.ts'), 'changed by the command\n');
    await s.endCall('cmd');
    assert.equal(String(await s.baselineContent('src/b.ts')), 'export const b = 2;\n');
  });

  it('stops keeping content at the total cap, and skips what shouldCapture refuses', async () => {
    tree(root, { '.env': 'TOKEN=' + 'z'.repeat(10) });
    const s = await snapshot({ maxBaselineTotalBytes: 30, shouldCapture: (rel) => !rel.startsWith('.env') });
    const st = (await s.whenCaptured())!;
    assert.equal(st.pending, 0);
    assert.ok(st.storedBytes <= 30, `stored ${st.storedBytes} bytes`);
    assert.ok(st.skippedForTotal >= 1);
    assert.equal(await s.baselineContent('.env'), undefined);
    // Changes to a file without baseline content are still detected.
    fs.writeFileSync(path.join(root, '.env'), 'TOKEN=other');
    assert.deepEqual(kinds(await s.rescan()), { '.env': 'modified' });
  });

  it('keeps the store outside the workspace and removes it on dispose', async () => {
    await assert.rejects(WorkspaceSnapshot.create({ root, storeDir: path.join(root, 'src') }), /inside the workspace/);
    const s = await snapshot();
    const dirs = fs.readdirSync(storeParent);
    assert.equal(dirs.length, 1);
    await s.dispose();
    assert.deepEqual(fs.readdirSync(storeParent), []);
  });

  it('reports progress during scans and marks the end', async () => {
    tree(root, Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`many/f${i}.txt`, String(i)])));
    const events: ScanProgress[] = [];
    const s = await snapshot({ onProgress: (p) => events.push(p) });
    await s.rescan();
    const base = events.filter((e) => e.phase === 'baseline');
    assert.ok(
      base.some((e) => !e.done && e.filesSeen > 0 && e.filesSeen < 1204),
      'intermediate progress',
    );
    assert.deepEqual(base.at(-1), { phase: 'baseline', filesSeen: 1204, done: true });
    assert.deepEqual(events.at(-1), { phase: 'rescan', filesSeen: 1204, done: true });
  });

  it('gives the same answers with the helper thread as without it', async () => {
    tree(root, Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`d${i % 7}/f${i}.txt`, String(i)])));
    const par = await snapshot({ parallelMinFiles: 1 });
    const seq = await snapshot({ parallel: false });
    fs.writeFileSync(path.join(root, 'd3/f3.txt'), 'changed!');
    fs.rmSync(path.join(root, 'd5/f5.txt'));
    fs.writeFileSync(path.join(root, 'd6/new.txt'), 'n');
    fs.symlinkSync('/', path.join(root, 'd1/l'));
    for (let round = 0; round < 2; round++) {
      const a = await par.rescan();
      const b = await seq.rescan();
      assert.deepEqual(a, b);
      if (round === 0) assert.deepEqual(kinds(a), { 'd3/f3.txt': 'modified', 'd5/f5.txt': 'deleted', 'd6/new.txt': 'added', 'd1/l': 'added' });
      if (round === 0) fs.rmSync(path.join(root, 'd0'), { recursive: true });
      else {
        assert.equal(a.length, 43, 'every file of the removed directory (i % 7 === 0, i < 300)');
        assert.ok(a.every((c) => c.kind === 'deleted' && c.path.startsWith('d0/')));
      }
    }
    assert.deepEqual(par.diff().changes, seq.diff().changes);
  });

  it('starts a new session from the current state', async () => {
    const s = await snapshot();
    fs.writeFileSync(path.join(root, 'src/a.ts'), 'changed\n');
    await s.rescan();
    assert.equal(s.diff().changes.length, 1);
    await s.startSession();
    assert.deepEqual(s.diff().changes, []);
    assert.equal(String(await s.baselineContent('src/a.ts')), 'changed\n');
  });
});
