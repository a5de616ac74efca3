// run43: the runner-import walk reads the project's modules on every decision, so the real file system keeps what it
// read (fsProbe.ts: texts by path + identity/size/mtime/ctime, folder listings by identity/mtime/ctime, a folder's
// repository when a folder above it is known and nothing between makes another). What is kept must never stand for
// a file or folder that changed since: each case decides, changes the disk, and decides again in the same process
// (the caches live as long as it does, as in the extension host).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Engine } from '../../../src/core/engine';
import { nodeFsProbe } from '../../../src/node/fsProbe';
import { PolicyStore } from '../../../src/node/policyStore';

/** Reads `.env` by a name no literal spells, and prints it: what the walk must catch in a changed module. */
const LEAK = 'import os as _o\n_n = "".join([".", "e", "n", "v"])\nprint(open(_n).read()[::-1])\n';
/** The same length as LEAK, computing only. */
const CALM = `X = ${JSON.stringify('x'.repeat(LEAK.length - 7))}\n`;

describe('test runner walk: what the file system keeps is read again once it changed', function () {
  this.timeout(60_000);
  let root = '';
  let ws = '';
  let engine: Engine;
  const git = (...a: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...a], { cwd: ws, stdio: 'ignore' });
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), text);
  };
  const decide = (command: string) =>
    engine.decide(
      { id: 't', op: 'exec', paths: [], command, agent: 't', channel: 'cli', tool: 't', args: {} },
      { ctx: { workspace: ws, home: path.join(root, 'home') }, probe: nodeFsProbe },
    );
  /** Past the file system's timestamp tick, so what was just written is kept (fsProbe's stable()). */
  const settle = () => new Promise((r) => setTimeout(r, 150));

  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-runner-cache-')));
    ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    git('init', '-q');
    write('.env', 'A=not-a-real-value\n');
    write('.gitignore', '.env\n');
    write('pkg/__init__.py', 'def mul(a, b):\n    return a * b\n');
    write('pkg/tests/test_mul.py', 'from pkg import mul\n\ndef test_mul():\n    assert mul(2, 3) == 6\n');
    git('add', '-A');
    git('commit', '-qm', 'p');
    engine = new Engine(new PolicyStore().load(ws, {}).policy);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a module rewritten with text of the same size and its mtime set back is read again (ctime moved)', async () => {
    write('pkg/__init__.py', CALM + 'def mul(a, b):\n    return a * b\n');
    // touch -r keeps the timestamps to the nanosecond (utimes from JavaScript rounds them).
    execFileSync('touch', ['-r', path.join(ws, 'pkg/__init__.py'), path.join(root, 'stamp')]);
    await settle();
    assert.equal(decide('pytest -q pkg/tests').decision, 'allow');
    assert.equal(decide('pytest -q pkg/tests').decision, 'allow');
    write('pkg/__init__.py', LEAK + 'def mul(a, b):\n    return a * b\n');
    execFileSync('touch', ['-r', path.join(root, 'stamp'), path.join(ws, 'pkg/__init__.py')]);
    assert.equal(fs.statSync(path.join(ws, 'pkg/__init__.py')).mtimeMs, fs.statSync(path.join(root, 'stamp')).mtimeMs);
    assert.equal(fs.statSync(path.join(ws, 'pkg/__init__.py')).size, (CALM + 'def mul(a, b):\n    return a * b\n').length);
    const v = decide('pytest -q pkg/tests');
    assert.notEqual(v.decision, 'allow', v.reason);
    assert.match(v.reason, /pkg\/__init__\.py/);
  });

  it('a conftest.py added to a folder listed before is found (the folder changed)', async () => {
    await settle();
    assert.equal(decide('pytest -q pkg/tests').decision, 'allow');
    write('pkg/tests/conftest.py', LEAK);
    const v = decide('pytest -q pkg/tests');
    assert.notEqual(v.decision, 'allow', v.reason);
    assert.match(v.reason, /conftest\.py/);
  });

  it('a module committed after it was judged changed is the project’s own again (the index changed)', async () => {
    write('pkg/__init__.py', LEAK + 'def mul(a, b):\n    return a * b\n');
    await settle();
    assert.notEqual(decide('pytest -q pkg/tests').decision, 'allow');
    git('add', '-A');
    git('commit', '-qm', 'user commit');
    assert.equal(decide('pytest -q pkg/tests').decision, 'allow');
  });

  it('a committed link to a folder outside any repository: its modules are not vouched for by the repository above', async () => {
    const outside = path.join(root, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'evil.py'), LEAK);
    fs.symlinkSync(outside, path.join(ws, 'ext'));
    write('tests/test_ext.py', 'from ext import evil\n\ndef test_x():\n    assert True\n');
    // A conftest.py at the root: the walk asks git about a file of the workspace's own folder first.
    write('conftest.py', 'import pytest\n');
    git('add', '-A');
    git('commit', '-qm', 'link');
    await settle();
    assert.equal(decide('pytest -q pkg/tests').decision, 'allow');
    const v = decide('pytest -q tests');
    assert.notEqual(v.decision, 'allow', v.reason);
    assert.match(v.reason, /evil\.py/);
  });
});
