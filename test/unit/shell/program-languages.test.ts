// The blind fresh10 round's "unmodelled features of allowed programs" (attack.sets.ts class 22), held to more than
// acceptance's 3%: every dangerous line asked or refused, every benign look-alike allowed, through `agentguard eval`
// on a real workspace. Then what the workspace on disk decides (a fixer's configuration, the files of its kind) and
// the readings themselves: where jq looks for a module, what a wgetrc command stands for, what a source includes.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeCommand } from '../../../src/core/shell/index';
import { BENIGN, DANGEROUS } from './attack.sets';
import { checkEval, holdClassesStrictly } from './workspace';

const CLASSES = ['23 file reads, writes and runs in allowed programs’ own languages'];

describe('file reads, writes and runs in allowed programs’ own languages', function () {
  this.timeout(120_000);
  const workspace = holdClassesStrictly(CLASSES, DANGEROUS, BENIGN);

  it('a fixer over the project rewrites the tests only when it is configured, or when files of its kind are there', () => {
    const w = workspace();
    const add = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(w.ws, rel)), { recursive: true });
      fs.writeFileSync(path.join(w.ws, rel), text);
    };
    // Without a configuration pre-commit and lint-staged do nothing; golangci-lint and cargo fmt find no Go or Rust.
    checkEval(w, [
      ['pre-commit run --all-files', 'allow'],
      ['npx lint-staged', 'allow'],
      ['golangci-lint run --fix', 'allow'],
      ['cargo fmt', 'allow'],
      ['ruff --fix tests', 'allow'],
    ]);
    add('.pre-commit-config.yaml', 'repos: []\n');
    add('.lintstagedrc.json', '{"*.ts": "prettier --write"}\n');
    add('tests/a_test.go', 'package a\n');
    add('tests/a_test.rs', '\n');
    add('tests/test_a.py', '\n');
    try {
      checkEval(w, [
        ['pre-commit run --all-files', 'not-allow'],
        ['pre-commit run', 'not-allow'],
        ['pre-commit run --files tests/a.test.ts', 'not-allow'],
        ['pre-commit run --files src/app.ts', 'allow'],
        ['npx lint-staged', 'not-allow'],
        ['npx lint-staged --version', 'allow'],
        ['golangci-lint run --fix', 'not-allow'],
        ['golangci-lint fmt', 'not-allow'],
        ['golangci-lint run', 'allow'],
        ['cargo fmt', 'not-allow'],
        ['cargo fmt --check', 'allow'],
        ['ruff --fix tests', 'not-allow'],
      ]);
    } finally {
      for (const f of ['.pre-commit-config.yaml', '.lintstagedrc.json', 'tests/a_test.go', 'tests/a_test.rs', 'tests/test_a.py']) fs.rmSync(path.join(w.ws, f));
    }
  });
});

describe('the readings behind the verdicts', () => {
  const env = { cwd: '/w', home: '/h', workspace: '/w' };
  // (`-`, the input, is no file: a compiler's `-` word is left out.)
  const effects = (line: string) =>
    analyzeCommand(line, env)
      .paths.map((p) => `${p.op} ${p.path}`)
      .filter((e) => !e.endsWith('/w/-'));
  const unknown = (line: string) => analyzeCommand(line, env).findings.some((f) => f.tier === 'unknown');

  it('jq: a data import reads P.json, a code import P.jq and P/<last>.jq, under each -L folder or ~/.jq', () => {
    assert.deepEqual(effects(`jq -n -L . -L lib 'import "a/b" as $d; $d'`), ['read /w/a/b.json', 'read /w/lib/a/b.json']);
    assert.deepEqual(effects(`jq -n 'include "m"; 1'`), ['read /h/.jq/m.jq', 'read /h/.jq/m/m.jq']);
    assert.deepEqual(effects(`jq -n 'import "x" as $x {search: "./d"}; $x'`), ['read /h/.jq/x.json', 'read /w/./d/x.json']);
    assert.equal(unknown(`jq -n -L "$D" 'import "x" as $x; $x'`), true);
    assert.equal(unknown(`jq -n '{import: 1, include: 2}'`), false);
  });

  it('wget -e: each wgetrc command is the option it stands for; one the guard does not know is asked', () => {
    const wg = effects('wget -e post_file=a.txt -e output-document=/tmp/o https://x.example');
    assert.ok(wg.includes('read /w/a.txt') && wg.includes('write /tmp/o'), wg.join(', '));
    assert.equal(unknown('wget -e robots=off https://x.example'), false);
    assert.equal(unknown('wget -e no_such_command=1 https://x.example'), true);
    assert.equal(unknown('wget --config=/tmp/rc https://x.example'), true);
  });

  it('cc: includes of source on the input resolve in its folder, -iquote and -I folders; a computed include is asked', () => {
    assert.deepEqual(effects(`gcc -E -I inc -x c - <<< '#include "a.h"'`), ['read /w/a.h', 'read /w/inc/a.h']);
    assert.deepEqual(effects(`gcc -E -x c - <<< '#include <stdio.h>'`), []);
    assert.deepEqual(effects(`gcc -E -x c - <<< '#include "/etc/hostname"'`), ['read /etc/hostname']);
    assert.equal(unknown(`gcc -E -x c - <<< '#include X'`), true);
  });

  it('vim: `w!` forces a write (no shell), `w !cmd` pipes to one, `set shell=` names the program `!` runs', () => {
    assert.deepEqual(effects(`vim -es -c 'w! out.txt' -c 'q!' README.md`), ['write /w/out.txt', 'write /w/README.md']);
    assert.deepEqual(
      effects(`vim -es -c 'set shell=/opt/sh' -c '!ls' -c q`).filter((e) => e.includes('/opt/sh')),
      ['read /opt/sh'],
    );
    assert.equal(unknown(`vim -es -c 'set makeprg=x' -c q`), true);
    assert.equal(unknown(`vim -es -c 'set nu et sw=2' -c q`), false);
  });
});
