// Impact previews on real temp dirs and a real temp git repository.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeCommand, decideCommand } from '../../../src/core/shell/index';
import { countFiles, impactPreview, makeCommandPreview, MAX_COUNT } from '../../../src/node/preview';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    stdio: 'pipe',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' },
  });

describe('impact preview', () => {
  let dir = '';
  const env = () => ({ cwd: dir, workspace: dir, home: join(dir, 'home') });
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'ag-preview-')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('rm -rf dir: counts the files under it', async () => {
    mkdirSync(join(dir, 'build/a/b'), { recursive: true });
    for (let i = 0; i < 7; i++) writeFileSync(join(dir, 'build/a/b', `f${i}`), 'x');
    writeFileSync(join(dir, 'build/top'), 'x');
    const p = await impactPreview(analyzeCommand('rm -rf build', env()), env());
    assert.equal(p, 'build: 8 files would be deleted');
  });

  it('stops counting at the cap (10,000 by default)', async () => {
    assert.equal(MAX_COUNT, 10_000);
    mkdirSync(join(dir, 'big/sub'), { recursive: true });
    for (let i = 0; i < 60; i++) writeFileSync(join(dir, i % 2 ? 'big' : 'big/sub', String(i)), '');
    assert.deepEqual(await countFiles(join(dir, 'big'), Date.now() + 60_000, 25), { count: 25, capped: true });
    assert.deepEqual(await countFiles(join(dir, 'big'), Date.now() + 60_000), { count: 60, capped: false });
    const p = await impactPreview(analyzeCommand('rm -r big', env()), { ...env(), maxCount: 10 });
    assert.equal(p, 'big: 10+ files would be deleted');
  });

  it('git reset --hard: counts modified tracked files', async () => {
    git(dir, 'init', '-q', '-b', 'main');
    for (const f of ['a.txt', 'b.txt', 'c.txt']) writeFileSync(join(dir, f), '1');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'init');
    writeFileSync(join(dir, 'a.txt'), '2');
    writeFileSync(join(dir, 'b.txt'), '2');
    writeFileSync(join(dir, 'untracked.txt'), 'u');
    assert.equal(await impactPreview(analyzeCommand('git reset --hard', env()), env()), '2 modified files would be discarded');
    git(dir, 'checkout', '--', '.');
    assert.equal(await impactPreview(analyzeCommand('git -C . reset --hard', env()), env()), 'no uncommitted changes would be lost');
  });

  it('git clean -fdx: counts what would be removed', async () => {
    git(dir, 'init', '-q');
    writeFileSync(join(dir, 'u1'), '');
    mkdirSync(join(dir, 'tmpdir'));
    writeFileSync(join(dir, 'tmpdir/x'), '');
    assert.equal(await impactPreview(analyzeCommand('git clean -fdx', env()), env()), '2 untracked entries would be deleted');
  });

  it('git stash -u / --all: counts the untracked entries it takes along (--all: ignored ones too)', async () => {
    git(dir, 'init', '-q');
    writeFileSync(join(dir, '.gitignore'), 'ign\n');
    writeFileSync(join(dir, 'u1'), '');
    writeFileSync(join(dir, 'ign'), '');
    mkdirSync(join(dir, 'tmpdir'));
    writeFileSync(join(dir, 'tmpdir/x'), '');
    assert.equal(await impactPreview(analyzeCommand('git stash -u', env()), env()), '3 untracked entries would leave the working tree for the stash');
    assert.equal(await impactPreview(analyzeCommand('git stash push --all', env()), env()), '4 untracked entries would leave the working tree for the stash');
  });

  it('git push --force: names the branch and remote', async () => {
    git(dir, 'init', '-q', '-b', 'feature/x');
    writeFileSync(join(dir, 'a'), '1');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'x');
    assert.equal(await impactPreview(analyzeCommand('git push --force', env()), env()), 'would force-update feature/x on origin');
    assert.equal(await impactPreview(analyzeCommand('git push upstream +main', env()), env()), 'would force-update main on upstream');
    assert.equal(await impactPreview(analyzeCommand('git push origin :old', env()), env()), 'would delete old on origin');
  });

  it('chain adapter: previews from a verdict; nothing for other ops or outside a repo', async () => {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist/x'), '');
    const { verdict, analysis } = decideCommand('ls && rm -rf dist', { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true }, env());
    const preview = makeCommandPreview(() => env());
    const call = { id: '1', op: 'exec' as const, paths: [], command: 'ls && rm -rf dist', agent: 'a', channel: 'tool' as const, tool: 't', args: {} };
    assert.equal(await preview(call, { ...verdict, analysis }), 'dist: 1 file would be deleted');
    assert.equal(await preview({ ...call, op: 'read' }, { ...verdict, analysis }), undefined);
    // What the verdict says the classifier found is all the preview reads: the command is not parsed again.
    assert.equal(await preview(call, verdict), undefined, 'a verdict without the analysis gets no preview');
    assert.equal(await preview({ ...call, command: 'rm -rf elsewhere' }, { ...verdict, analysis }), 'dist: 1 file would be deleted');
    assert.equal(await impactPreview(analyzeCommand('git reset --hard', env()), env()), undefined);
  });
});
