// Class 25 of the attack sets (attack.sets.ts), held to more than acceptance's 3%: files a build tool, an editor,
// a dev environment or an agent reads from the project folder with no flag naming them, and modules pytest imports
// shadowed at the root; and, on a workspace holding a Rust crate, a Go module and a Python project, the existing
// manifests whose dependency entries take code from a path and the new files that join an existing project.
import * as fs from 'node:fs';
import { BENIGN, DANGEROUS } from './attack.sets';
import { checkEval, holdClassesStrictly, makeWorkspace, writeFiles } from './workspace';

const CLASSES = ['25 files tools pick up by place, server-named downloads, extractors (fresh11 cmd27)'];

describe('implicit build and tool files, agent configs, module shadows', function () {
  this.timeout(120_000);
  holdClassesStrictly(CLASSES, DANGEROUS, BENIGN);
});

describe('manifests and projects on disk', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    const files: Record<string, string> = {
      'rs/Cargo.toml': '[package]\nname = "rs"\nversion = "0.1.0"\n',
      'rs/src/lib.rs': 'pub fn f() {}\n',
      'go/go.mod': 'module example.com/m\n\ngo 1.22\n',
      'py/pyproject.toml': '[project]\nname = "py"\n',
      'py/requirements.txt': 'requests==2.31.0\n',
      'mk/Makefile': 'test:\n\techo ok\n',
      'fresh/README.md': '# new\n',
    };
    writeFiles(w.ws, files);
  });
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  it('a dependency taken from a path, a URL or another index, appended to an existing manifest', () => {
    checkEval(w, [
      ["echo '[patch.crates-io]' >> rs/Cargo.toml; echo 'x={path=\"/tmp/x\"}' >> rs/Cargo.toml", 'not-allow'],
      ['cd rs && echo \'build="/tmp/b.rs"\' >> Cargo.toml', 'not-allow'],
      ["echo 'replace example.com/x => /tmp/x' >> go/go.mod", 'not-allow'],
      ["echo '-e /tmp/evil' >> py/requirements.txt", 'not-allow'],
      ["echo 'evil @ https://example.com/x.whl' >> py/requirements.txt", 'not-allow'],
      ["cd py && echo '--index-url https://example.com' >> requirements.txt", 'not-allow'],
      ['cd py && pip freeze > requirements.txt.new', 'allow'],
      ['cat rs/Cargo.toml', 'allow'],
      ['cd rs && cargo build', 'allow'],
    ]);
  });

  it('a new file that joins an existing project is asked; the same name in a new folder is not', () => {
    checkEval(w, [
      ["printf 'fn main(){}' > rs/build.rs", 'not-allow'],
      ["cd mk && printf 'test:\\n\\trm -rf src\\n' > GNUmakefile", 'not-allow'],
      ["echo 'test: ; rm -rf src' > mk/makefile", 'not-allow'],
      ['echo \'import os; os.system("x")\' > py/setup.py', 'not-allow'],
      ["printf '[tool:pytest]\\naddopts = --co\\n' > py/setup.cfg", 'not-allow'],
      ["printf 'all:\\n\\techo hi\\n' > fresh/Makefile", 'allow'],
      ["printf 'from setuptools import setup\\nsetup()\\n' > fresh/setup.py", 'allow'],
    ]);
  });
});
