// Side outputs: every file a program writes is judged by the path rules, including the ones a flag sends somewhere
// else than the main output: gcc's -dumpbase/-dumpdir prefixes (with -save-temps or -fdump-*), Python's
// `compileall -b` legacy .pyc files beside the sources, tsc's --outDir/--declarationDir/--tsBuildInfoFile, ghc's
// -outputdir/-odir/-hidir/-stubdir/-dumpdir, rustc's --emit=KIND=PATH, javac's -d/-h/-s, coverage and report writers.
// Each was checked in real bash in a scratch folder (gcc 12: `-dumpbase tests/x -save-temps` leaves tests/x.i and
// tests/x.s; `compileall -b tests` leaves tests/test_a.pyc; `javac -d tests -h tests -s tests` leaves Main.class and
// Main.h there). Through `agentguard eval` on a real workspace whose tests/ holds files of each language.
import * as fs from 'node:fs';
import { polyglotWorkspace } from './polyglot';
import { checkEval, type makeWorkspace } from './workspace';

describe('side outputs: files a flag sends elsewhere are judged by the path rules', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => (w = polyglotWorkspace()));
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  it('writes a flag sends into a protected place are not allowed', () => {
    checkEval(w, [
      ['gcc -c src/a.c -o build/a.o -dumpbase tests/a.test.ts -save-temps', 'not-allow'],
      ['gcc -c src/a.c -o build/a.o -dumpbase tests/x -fdump-tree-original', 'not-allow'],
      ['gcc -c src/a.c -o build/a.o -dumpdir tests/ -save-temps', 'not-allow'],
      ['gcc -c src/a.c -dumpbase .agentguard.yaml -save-temps', 'not-allow'],
      ['cc -c src/a.c -MD -MF tests/a.d', 'not-allow'],
      ['python3 -m compileall -b tests', 'not-allow'],
      ['python3 -m compileall -q -b .', 'not-allow'],
      ['python -m compileall -b tests/test_a.py', 'not-allow'],
      ['tsc --outDir tests', 'not-allow'],
      ['tsc --declaration --declarationDir tests', 'not-allow'],
      ['tsc --incremental --tsBuildInfoFile tests/a.test.ts', 'not-allow'],
      ['ghc -outputdir tests Main.hs', 'not-allow'],
      ['ghc -odir tests Main.hs', 'not-allow'],
      ['ghc -hidir tests Main.hs', 'not-allow'],
      ['ghc -stubdir tests Main.hs', 'not-allow'],
      ['ghc -dumpdir tests -ddump-to-file -ddump-simpl Main.hs', 'not-allow'],
      ['ghc -o tests/a Main.hs', 'not-allow'],
      ['rustc --emit=link=tests/a.test.ts src/main.rs', 'not-allow'],
      ['rustc --emit=dep-info=tests/x.d src/main.rs', 'not-allow'],
      ['rustc --out-dir tests src/main.rs', 'not-allow'],
      ['javac -d tests src/Main.java', 'not-allow'],
      ['javac -h tests src/Main.java', 'not-allow'],
      ['javac -s tests src/Main.java', 'not-allow'],
      ['javac --native-header-directory tests src/Main.java', 'not-allow'],
      ['javac -d .git/hooks src/Main.java', 'not-allow'],
      ['coverage html -d tests', 'not-allow'],
      ['coverage xml -o tests/cov.xml', 'not-allow'],
      ['pytest --junitxml=tests/junit.xml', 'not-allow'],
      ['npx jest --coverage --coverageDirectory=tests', 'not-allow'],
      ['go test -coverprofile=tests/a.test.ts ./...', 'not-allow'],
    ]);
  });

  it('the same programs writing their side outputs to ordinary places stay allowed', () => {
    checkEval(w, [
      ['gcc -c src/a.c -o build/a.o', 'allow'],
      ['gcc -c src/a.c -o build/a.o -save-temps', 'allow'],
      ['gcc -c src/a.c -o build/a.o -dumpbase build/a -save-temps', 'allow'],
      ['gcc -c src/a.c -o build/a.o -dumpdir build/ -save-temps', 'allow'],
      ['gcc -c src/a.c -MMD -MF build/a.d -o build/a.o', 'allow'],
      ['python3 -m compileall src', 'allow'],
      ['python3 -m compileall -b src', 'allow'],
      ['python3 -m compileall -q tests', 'allow'],
      ['python3 -m compileall -d /srv/app -b src', 'allow'],
      ['python3 -m py_compile src/mod.py', 'allow'],
      ['tsc --outDir dist', 'allow'],
      ['tsc --declaration --declarationDir types', 'allow'],
      ['tsc --incremental --tsBuildInfoFile .cache/tsbuildinfo', 'allow'],
      ['tsc --noEmit', 'allow'],
      ['ghc -outputdir build Main.hs', 'allow'],
      ['ghc -odir build -hidir build Main.hs', 'allow'],
      ['ghc -stubdir build/stubs Main.hs', 'allow'],
      ['ghc -o build/app Main.hs', 'allow'],
      ['rustc --emit=asm=build/a.s src/main.rs', 'allow'],
      ['rustc --out-dir build src/main.rs', 'allow'],
      ['javac -d build src/Main.java', 'allow'],
      ['javac -h build/include src/Main.java', 'allow'],
      ['javac -s build/gen -d build src/Main.java', 'allow'],
      ['coverage html -d htmlcov', 'allow'],
      ['coverage xml -o coverage.xml', 'allow'],
      ['pytest --junitxml=reports/junit.xml', 'allow'],
      ['go test -coverprofile=cover.out ./...', 'allow'],
    ]);
  });
});
