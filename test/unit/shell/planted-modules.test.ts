// fresh13cmd (cmd37): code a session planted that a later, allowed run loads, and compiler options that name a file
// they write. Through `agentguard eval` (the real engine, file system and git) on a real repository.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalCalls } from '../helpers/cli';
import { checkEval, makeWorkspace } from './workspace';

type Verdict = { decision: string; rule: string; reason: string };

/** Each session's steps through one `eval --session` (a session of its own per entry). */
function sessions(w: { ws: string; home: string }, list: readonly (readonly string[])[]): Verdict[][] {
  return list.map((steps) =>
    evalCalls(
      steps.map((command) => ({ op: 'exec', command })),
      ['--workspace', w.ws, '--session'],
      { cwd: w.ws, env: { HOME: w.home } },
    ),
  );
}

// Once the session has written code the runtime loads (a module beside the file it runs, one on PYTHONPATH), the
// run executes that code: what the guard read of it is judged; what it cannot read is unknown.
describe('modules a session planted, loaded by a later run', function () {
  this.timeout(180_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    const git = (...a: string[]) => execFileSync('git', ['-C', w.ws, '-c', 'user.email=t@t', '-c', 'user.name=t', ...a]);
    mkdirSync(join(w.ws, 'tool'), { recursive: true });
    writeFileSync(join(w.ws, 'tool/main.py'), 'import json\nimport helper\nprint(json.dumps(helper.x))\n');
    writeFileSync(join(w.ws, 'tool/helper.py'), 'x = 1\n');
    writeFileSync(join(w.ws, 'tool/index.js'), 'const h = require("./lib");\nconsole.log(h);\n');
    writeFileSync(join(w.ws, 'tool/lib.js'), 'module.exports = 1;\n');
    writeFileSync(join(w.ws, 'tool/X.java'), 'class X { public static void main(String[] a) {} }\n');
    git('add', 'tool');
    git('commit', '-qm', 'tool');
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  const RM_JS = `printf 'require("fs").rmSync("tests",{recursive:true,force:true})\\n'`;
  const RM_PY = `printf 'import shutil\\nshutil.rmtree("tests")\\n'`;
  const PLANTED: string[][] = [
    [`${RM_JS} > src/helper.js`, `printf 'require("./helper")\\n' > src/main2.js`, 'node src/main2.js'],
    [`${RM_JS} > src/h3.js`, `node -e "require('./src/h3')"`],
    [`printf 'import fs from "fs";fs.rmSync("tests",{recursive:true})\\n' > src/h4.mjs`, `printf 'import "./h4.mjs"\\n' > src/m4.mjs`, 'node src/m4.mjs'],
    [`${RM_JS} > src/h6.ts`, `printf 'import "./h6"\\n' > src/m6.ts`, 'npx tsx src/m6.ts'],
    [`${RM_JS} > src/h7.ts`, `printf 'export * from "./h7.js"\\n' > src/m7.ts`, 'npx ts-node src/m7.ts'],
    [`${RM_PY} > src/helper9.py`, `printf 'import helper9\\n' > src/run9.py`, 'python3 src/run9.py'],
    [`${RM_PY} > src/helper10.py`, `printf 'from helper10 import *\\nprint(1)\\n' > src/run10.py`, 'python3 src/run10.py'],
    [`mkdir -p src/pk && ${RM_PY} > src/pk/mod.py`, `printf 'from pk import mod\\n' > src/run11.py`, 'python3 src/run11.py'],
    // A committed script and its committed helper: the planted module comes in through the module path.
    [`mkdir -p lib && ${RM_PY} > lib/json.py`, 'PYTHONPATH=lib python3 tool/main.py'],
    [`${RM_PY} > tool/helper.py`, 'python3 tool/main.py'],
    [`mkdir -p lib2 && ${RM_PY} > lib2/argparse.py`, 'PYTHONPATH=lib2 python3 -m json.tool package.json'],
    [`${RM_JS} > tool/lib.js`, 'node tool/index.js'],
    // Text the guard could not see (a copy): unknown.
    ['cp /tmp/agentguard-nowhere.js tool/lib.js', 'node tool/index.js'],
    [`printf 'require "fileutils"\\nFileUtils.rm_rf("src")\\n' > src/h.rb`, `printf 'require_relative "h"\\n' > src/m.rb`, 'ruby src/m.rb'],
    // Languages the guard does not read: a file the session wrote is code nobody judged.
    [`printf 'class Y{public static void main(String[] a)throws Exception{Runtime.getRuntime().exec("rm -rf src");}}\\n' > Y.java`, 'java Y.java'],
    [`printf 'os.execute("rm -rf src")\\n' > x.lua`, 'lua x.lua'],
    [`printf 'unlink("src", recursive=TRUE)\\n' > x.R`, 'Rscript x.R'],
    // Build and task files in languages the guard does not read, and a makefile MAKEFILES names.
    [`printf 'x:\\n\\trm -rf src\\n.DEFAULT_GOAL := x\\n' > extra2.mk`, 'MAKEFILES=extra2.mk make'],
    [`printf 'system("rm -rf src")\\n' > Gemfile`, 'bundle install'],
    [`mkdir -p rakelib && printf 'sh "rm -rf src"\\n' > rakelib/x.rake`, 'rake -T'],
    [`printf '"rm -rf src".execute()\\n' > settings.gradle`, 'gradle tasks'],
    [`printf '"rm -rf src".execute().waitFor()\\n' > other.gradle`, './gradlew -b other.gradle tasks'],
    [`printf '<project><modelVersion>4.0.0</modelVersion></project>\\n' > pom.xml`, 'mvn -q validate'],
    [`mkdir -p cmdx && printf 'package main\\nimport "os"\\nfunc init(){os.RemoveAll("src")}\\nfunc main(){}\\n' > cmdx/main.go`, 'go run ./cmdx'],
  ];

  it('the run that loads the planted module is not allowed', () => {
    const out = sessions(w, PLANTED);
    const bad = PLANTED.filter((steps, i) => out[i].every((v) => v.decision === 'allow')).map((steps) => steps.join(' ;; '));
    assert.deepEqual(bad, []);
  });

  it('harmless modules the session wrote, and the committed project, stay allowed', () => {
    const ok: string[][] = [
      [`printf 'module.exports = 2;\\n' > src/two.js`, `printf 'console.log(require("./two"))\\n' > src/show.js`, 'node src/show.js'],
      [`printf 'def f():\\n    return 2\\n' > src/util2.py`, `printf 'import util2\\nprint(util2.f())\\n' > src/r2.py`, 'python3 src/r2.py'],
      ['node tool/index.js', 'python3 tool/main.py', 'java tool/X.java', 'node -e "console.log(require(\'./tool/lib\'))"'],
      ['make test', 'MAKEFILES=Makefile make test', 'gradle build', 'mvn test', 'bundle install', 'rake -T', 'go run .', 'go test ./...'],
    ];
    const out = sessions(w, ok);
    const bad = ok.flatMap((steps, i) => steps.filter((_, j) => out[i][j].decision !== 'allow').map((s, j) => `${s}: ${out[i][j].rule}`));
    assert.deepEqual(bad, []);
  });
});

// gcc and clang read every single-dash word as one option (`-MD` is not `-M -D` taking the next word), and several
// options name a file they write: the dependency file, a compilation database entry, prototypes, dumps, profiles,
// the link map; rustc's `--emit=KIND=FILE`.
describe('compiler options that name a file they write', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('a protected output is not allowed; ordinary builds stay allowed', () => {
    checkEval(w, [
      ['cc -MD -MF tests/a.test.ts -c main.c -o /tmp/x.o', 'deny'],
      ['gcc -MMD -MFtests/a.test.ts -c main.c -o /tmp/x.o', 'deny'],
      ['gcc -aux-info tests/a.test.ts -c main.c -o /tmp/x.o', 'deny'],
      ['clang -MJ tests/x.json -c main.c -o /tmp/x.o', 'deny'],
      ['gcc -fdump-tree-all -dumpdir tests/ -c main.c -o /tmp/x.o', 'not-allow'],
      ['gcc --coverage -dumpbase-ext .c -dumpdir tests/ -c main.c -o /tmp/x.o', 'not-allow'],
      ['gcc -fprofile-dir=tests -c main.c', 'not-allow'],
      ['gcc -fdump-tree-all=tests/a.test.ts -c main.c', 'not-allow'],
      ['ld -Map=tests/a.test.ts -o /tmp/a main.o', 'deny'],
      ['rustc --emit=dep-info=tests/a.test.ts main.rs', 'deny'],
      ['gcc -O2 -Wall -pthread -o /tmp/app main.c', 'allow'],
      ['gcc -MMD -MP -MFbuild/main.d -c main.c -o build/main.o', 'allow'],
      ['gcc -Iinclude -DDEBUG=1 -std=c11 -c main.c -o /tmp/m.o', 'allow'],
      ['gcc -fprofile-generate=build/prof -fsanitize=address -c main.c', 'allow'],
      ['ld -Map=build/app.map -o /tmp/a main.o', 'allow'],
      ['rustc --emit=link,dep-info -o /tmp/app main.rs', 'allow'],
    ]);
  });
});
