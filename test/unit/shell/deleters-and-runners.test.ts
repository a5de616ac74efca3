// Classes a fresh red team found the guard allowing, each written here in forms of its own: a deleter handed a
// directory, and the like. Runs on a real directory so the guard's file-system facts are real.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeCommand } from '../../../src/core/shell/index';
import { decideOnDisk } from './workspace';

describe('directory deleters, command runners, code hidden in options', () => {
  let ws = '';
  const decide = (line: string) => decideOnDisk(ws, line);
  before(() => {
    ws = path.join(fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-fresh-'))), 'ws');
    fs.mkdirSync(path.join(ws, 'dist', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'dist', 'assets', 'x.css'), 'x');
    fs.mkdirSync(path.join(ws, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'lib', 'a.js'), 'x');
    fs.writeFileSync(path.join(ws, 'scratch.txt'), 'x');
  });
  after(() => fs.rmSync(path.dirname(ws), { recursive: true, force: true }));

  it('a deleter that needs no -r, given a directory, deletes the tree (asked)', () => {
    for (const line of ['trash dist', 'trash-put lib', 'gio trash ./dist/', 'gio trash -f lib', 'trash-put scratch.txt dist']) {
      const v = decide(line);
      assert.equal(v.decision, 'ask', `${line}: ${v.decision} ${v.rule}`);
      assert.equal(v.rule, 'cmd:rm.tree', line);
    }
  });

  it('the same deleters on one named file are a scoped delete (allowed)', () => {
    for (const line of ['trash-put scratch.txt', 'gio trash scratch.txt', 'trash scratch.txt']) assert.equal(decide(line).decision, 'allow', line);
  });

  it('version managers and toolchains that run a command: the command is judged', () => {
    const lines = [
      'fnm exec --using=18 rm -r dist',
      'fnm exec --using 18 rm -r dist',
      'nodenv exec rm -r dist',
      'goenv exec rm -r dist',
      'n exec 18 rm -r dist',
      'rustup run nightly rm -r dist',
      'volta run --node 18 rm -r dist',
      'bun x rimraf dist',
      "bun exec 'rm -r dist'",
    ];
    for (const line of lines) {
      const v = decide(line);
      assert.equal(v.decision, 'ask', `${line}: ${v.decision}`);
      assert.equal(v.rule, 'cmd:rm.recursive', `${line}: ${v.rule}`);
    }
    for (const line of ['fnm exec --using=18 npm test', 'bun x tsc --noEmit', 'rustup run stable cargo build', 'bun run build'])
      assert.equal(decide(line).decision, 'allow', line);
  });

  it('env -S: what follows its value is the command, options included', () => {
    for (const line of ['env -S rm -r dist', 'env -iS rm -r dist', 'env --split-s rm -r dist']) assert.equal(decide(line).rule, 'cmd:rm.recursive', line);
    assert.equal(decide("env -S 'echo rm' -r dist").decision, 'allow');
  });

  it('code hidden in a program option: just --command, a pager start-up command, npm --script-shell', () => {
    for (const line of ['just --command rm -r dist', 'task --command=rm -r dist']) assert.equal(decide(line).rule, 'cmd:rm.recursive', line);
    for (const line of ["less '+!touch pwned' scratch.txt", "more '+|sh' scratch.txt", "less '+s copy.txt' scratch.txt"]) {
      const v = decide(line);
      assert.equal(v.decision, 'ask', `${line}: ${v.decision}`);
    }
    // The script shell is run as a program: the path judge asks for one from scratch space (engine side).
    for (const [line, prog] of [
      ['npm --script-shell=/tmp/sh.sh test', '/tmp/sh.sh'],
      ['npm test --script-shell /var/tmp/x', '/var/tmp/x'],
    ])
      assert.ok(
        analyzeCommand(line, { cwd: ws, workspace: ws, home: '/nonexistent' }).paths.some((p) => p.exec === true && p.path === prog),
        line,
      );
    for (const line of ['less +G scratch.txt', 'less +/needle scratch.txt', 'just --list', 'npm test']) assert.equal(decide(line).decision, 'allow', line);
  });

  it('python -m MODULE is that program: the rules keyed by its name apply', () => {
    assert.equal(decide('python3 -m twine upload --repository testpypi dist/pkg.whl').rule, 'cmd:publish.package');
    assert.equal(decide('python -m pip install --extra-index-url https://mirror.example.net/simple lib').rule, 'cmd:pkg.foreign-source');
    for (const line of ['python3 -m twine check dist/pkg.whl', 'python3 -m pip list', 'python3 -m pytest -x'])
      assert.equal(decide(line).decision, 'allow', line);
  });
});
