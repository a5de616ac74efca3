// Class 22 of the attack sets (attack.sets.ts), held to more than acceptance's 3%: local installs, build files
// named by options, options a compiler driver forwards, modules and configs tools load; and, on a workspace holding
// planted files, the go generate directives, pytest plugins, mise env files and lint-staged configs read from disk.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { installSource } from '../../../src/core/shell/programs/model';
import { riskyFlags } from '../../../src/core/shell/programs/forward';
import { lintStagedLines, pytestPlugins } from '../../../src/core/shell/toolconfigs';
import { BENIGN, DANGEROUS } from './attack.sets';
import { checkEval, holdClassesStrictly, makeWorkspace, writeFiles } from './workspace';
import { word } from '../../../src/core/shell/words';

const CLASSES = ['22 local installs, build files, forwarded options, loaded configs'];

describe('local installs, build files, forwarded options, loaded configs', function () {
  this.timeout(120_000);
  holdClassesStrictly(CLASSES, DANGEROUS, BENIGN);
});

describe('code planted on disk that tools load', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    const files: Record<string, string> = {
      'gen/a.go': 'package gen\n//go:generate echo hi\n',
      'gen/sub/b.go': 'package sub\n//go:generate rm -rf ../../src\n',
      'g5/a.go': 'package g5\n//go:generate cp x.txt ../.agentguard.yaml\n',
      'p1/setup.cfg': '[tool:pytest]\naddopts = -p plugs.evilp\n',
      'p2/pyproject.toml': '[tool.pytest.ini_options]\naddopts = ["-q", "-p", "plugs.evilp"]\n',
      'p3/conftest.py': 'pytest_plugins = [\n  "plugs.okp",\n  "plugs.evilp",\n]\n',
      'p4/tox.ini': '[pytest]\naddopts = -q -p plugs.okp\n',
      'p5/conftest.py': 'pytest_plugins = "plugs.okp"\n',
      'm1/mise.staging.toml': '[tasks.deploy]\nrun = "rm -rf ../src"\n',
      'm2/mise.staging.toml': '[tasks.deploy]\nrun = "echo deploy"\n',
      'l1/.lintstagedrc': '{"*.ts": "rm"}\n',
      'l2/.lintstagedrc.yaml': '"*.ts":\n  - eslint\n  - prettier --check\n',
      'l3/package.json': '{"name":"l3","lint-staged":{"*": "cat ../.env"}}\n',
      'l4/package.json': '{"name":"l4","lint-staged":{"*.md": "prettier --check"}}\n',
    };
    // Each pytest folder holds a plugin package beside its config (pytest's rootdir is on the import path).
    for (const d of ['p1', 'p2', 'p3', 'p4', 'p5'])
      Object.assign(files, {
        [`${d}/plugs/__init__.py`]: '',
        [`${d}/plugs/evilp.py`]: 'import shutil\nshutil.rmtree("src")\n',
        [`${d}/plugs/okp.py`]: 'x = 1\n',
      });
    writeFiles(w.ws, files);
  });
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  it('go generate: flags before the verb, packages outside, each directive in its own folder', () => {
    checkEval(w, [
      ['go -C gen/sub generate', 'not-allow'],
      ['go -C=gen/sub generate ./...', 'not-allow'],
      ['go generate ./gen/...', 'not-allow'],
      ['go generate ./g5', 'deny'],
      ['go generate ../project/gen', 'not-allow'],
      ['go -C /tmp generate ./...', 'not-allow'],
      ['go generate ./gen', 'allow'],
      ['go -C gen generate', 'allow'],
      ['go generate -n ./...', 'allow'],
    ]);
  });

  it('pytest: plugins named by addopts and pytest_plugins are judged', () => {
    checkEval(w, [
      ['cd p1 && pytest', 'not-allow'],
      ['cd p2 && python3 -m pytest', 'not-allow'],
      ['cd p3 && pytest', 'not-allow'],
      ['cd p4 && pytest', 'allow'],
      ['cd p5 && pytest', 'allow'],
    ]);
  });

  it('mise env files and lint-staged configs on disk are read', () => {
    checkEval(w, [
      ['cd m1 && mise run deploy', 'not-allow'],
      ['cd m2 && mise run deploy', 'allow'],
      ['cd l1 && npx lint-staged', 'not-allow'],
      ['cd l2 && npx lint-staged', 'allow'],
      ['cd l3 && npx lint-staged', 'deny'],
      ['cd l4 && npx lint-staged', 'allow'],
    ]);
  });
});

describe('local installs, build files, loaded configs: the readings', () => {
  const src = (v: string) => {
    const r = installSource(word(v, false, v, v), v);
    return r === undefined || r === false ? r : r.value;
  };
  it('tells a local package from a registry name or a URL', () => {
    assert.equal(src('/tmp/x'), '/tmp/x');
    assert.equal(src('../x.whl'), '../x.whl');
    assert.equal(src('x.tar.gz'), 'x.tar.gz');
    assert.equal(src('file:/tmp/x'), '/tmp/x');
    assert.equal(src('evil @ file:///tmp/x'), '/tmp/x');
    assert.equal(src('foo@file:../x'), '../x');
    assert.equal(src('link:/tmp/x'), '/tmp/x');
    assert.equal(src('./pkgs/foo'), './pkgs/foo');
    assert.equal(src('requests'), undefined);
    assert.equal(src('requests>=2'), undefined);
    assert.equal(src('@types/node'), false);
    assert.equal(src('github:user/repo'), false);
    assert.equal(src('https://example.com/x.tar.gz'), false);
    assert.equal(src('/p:Configuration=Release'), false);
  });

  it('finds the plugins pytest configs name', () => {
    assert.deepEqual(pytestPlugins('/w/setup.cfg', '[tool:pytest]\naddopts = -q\n  -p a.b -pc\n').mods, ['a.b', 'c']);
    assert.deepEqual(pytestPlugins('/w/pyproject.toml', '[tool.pytest.ini_options]\naddopts = ["-p", "x", "-p", "no:cacheprovider"]\n').mods, ['x']);
    assert.deepEqual(pytestPlugins('/w/conftest.py', 'pytest_plugins = ("a", "b.c")\n').mods, ['a', 'b.c']);
    assert.ok(pytestPlugins('/w/conftest.py', 'pytest_plugins = names()\n').opaque);
    assert.ok(pytestPlugins('/w/pytest.ini', '[pytest]\naddopts = --rootdir=/tmp/x\n').opaque);
  });

  it('reads lint-staged commands with their pattern as the files', () => {
    assert.deepEqual(lintStagedLines('/w/.lintstagedrc', '{"*.{ts,tsx}": ["eslint --fix", "prettier --write"]}')?.lines, [
      'eslint --fix *.ts *.tsx',
      'prettier --write *.ts *.tsx',
    ]);
    assert.deepEqual(lintStagedLines('/w/.lintstagedrc.yml', '"*.md": prettier --check\n*.py:\n  - ruff check\n')?.lines, [
      'prettier --check *.md',
      'ruff check *.py',
    ]);
    assert.deepEqual(lintStagedLines('/w/package.json', '{"name":"x"}')?.lines, []);
    assert.ok(lintStagedLines('/w/.lintstagedrc.yaml', 'x: |\n  rm -rf src\n')?.opaque);
    assert.equal(lintStagedLines('/w/other.json', '{}'), undefined);
  });

  it('finds the flags that make a compiler or linker read arguments or load code', () => {
    assert.ok(riskyFlags('-Wl,@.env'));
    assert.ok(riskyFlags('-O2 -fplugin=/tmp/x.so'));
    assert.ok(riskyFlags('-B/tmp/evil'));
    assert.equal(riskyFlags('-O2 -g -Wall -L/usr/local/lib'), undefined);
    assert.equal(riskyFlags('-fuse-ld=lld'), undefined);
  });
});
