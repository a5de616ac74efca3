// cmd38 (issue #15, the benign bar): everyday commands the guard asked about though it could account for them.
// Through `agentguard eval` (the real engine and file system) on a real workspace.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEval, makeWorkspace } from './workspace';

// `PATH=./node_modules/.bin:$PATH jest`: a folder of the project's executables put first on PATH for one command
// runs the project's shim of that name, judged as the program it stands for (as `node_modules/.bin/jest` is). A
// shim the line writes there is judged by what it holds; any other folder (`.`, `scripts`), a PATH exported for
// the rest of the session, or a value only known at run time stays asked.
describe('PATH extended with the project shim folders', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    for (const d of ['node_modules/.bin', '.venv/bin']) mkdirSync(join(w.ws, d), { recursive: true });
    writeFileSync(join(w.ws, 'node_modules/.bin/jest'), '#!/usr/bin/env node\n', { mode: 0o755 });
    writeFileSync(join(w.ws, '.venv/bin/pytest'), '#!/usr/bin/env python3\n', { mode: 0o755 });
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('allows a shim folder before $PATH for one command', () => {
    checkEval(w, [
      ['PATH=./node_modules/.bin:$PATH jest', 'allow'],
      ['PATH=node_modules/.bin:$PATH jest --ci', 'allow'],
      ['PATH="$PWD/node_modules/.bin:$PATH" jest', 'allow'],
      ['PATH=$PWD/.venv/bin:$PATH pytest -q', 'allow'],
      ['cd src && PATH=../node_modules/.bin:$PATH jest', 'allow'],
    ]);
  });

  it('still judges what the command does and what the line wrote into the shim folder', () => {
    checkEval(w, [
      ['PATH=./node_modules/.bin:$PATH rm -rf tests', 'deny'],
      ["printf 'rm -rf tests\\n' > node_modules/.bin/jest && chmod +x node_modules/.bin/jest && PATH=./node_modules/.bin:$PATH jest", 'deny'],
      ['cp /tmp/x .venv/bin/ls && PATH=.venv/bin:$PATH ls', 'not-allow'],
      ['PATH=./node_modules/.bin:$PATH some-unknown-tool', 'not-allow'],
    ]);
  });

  it('asks for any other folder of the workspace, an exported PATH or an unknown value', () => {
    checkEval(w, [
      ['PATH=./scripts:$PATH ls', 'not-allow'],
      ['PATH=.:$PATH ls', 'not-allow'],
      ['PATH=$PWD:$PATH ls', 'not-allow'],
      ['PATH=$PWD/scripts:$PATH ls', 'not-allow'],
      ['PATH=$PWD/node_modules/.bin/../../scripts:$PATH ls', 'not-allow'],
      // An exported PATH outlives the line: only the folders installers fill are allowed there (cmd57-checks-archives-path-alias).
      ['export PATH=$PWD/bin:$PATH; jest', 'not-allow'],
      ['export PATH=$PWD/scripts:$PATH; jest', 'not-allow'],
      ['PATH=$X/node_modules/.bin:$PATH jest', 'not-allow'],
    ]);
  });
});

// Checkers and scanners over a folder (checkov -d, tfsec, tflint, gitleaks): they read the files they walk to
// print findings, which may quote lines (tfsec shows a variable's value beside the code), so a protected file met
// in the folder is asked, not refused; one named outright is refused as any read. tfsec reads Terraform files
// only: a folder holding .env but no variable file is not a read of .env. Of the variable files it reads those
// Terraform loads untold (terraform.tfvars, *.auto.tfvars) and those --tfvars-file names: a prod.tfvars beside
// the code is not read by `tfsec infra/terraform` (cmdfp34: fresh12 b-iac).
describe('checkers that walk a folder holding a protected file', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    mkdirSync(join(w.ws, 'infra/terraform'), { recursive: true });
    mkdirSync(join(w.ws, 'infra/modules'), { recursive: true });
    writeFileSync(join(w.ws, 'infra/terraform/main.tf'), 'variable "db_password" {}\n');
    writeFileSync(join(w.ws, 'infra/terraform/prod.tfvars'), 'db_password = "not-a-real-one"\n');
    writeFileSync(join(w.ws, 'infra/modules/main.tf'), 'resource "null_resource" "x" {}\n');
    mkdirSync(join(w.ws, 'infra/live'), { recursive: true });
    writeFileSync(join(w.ws, 'infra/live/main.tf'), 'variable "db_password" {}\n');
    writeFileSync(join(w.ws, 'infra/live/secrets.auto.tfvars'), 'db_password = "not-a-real-one"\n');
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('allows a checker over files of its kind that hold no protected file', () => {
    checkEval(w, [
      ['tfsec infra/modules', 'allow'],
      ['tfsec src', 'allow'],
      ['tflint --chdir=infra/modules', 'allow'],
      ['tfsec infra/terraform', 'allow'],
      ['tfsec infra/terraform --format json', 'allow'],
    ]);
  });

  it('asks (not refuses) when the folder holds a protected file the checker reads', () => {
    checkEval(w, [
      ['tfsec infra/live', 'ask'],
      ['tfsec .', 'ask'],
      ['checkov -d infra/terraform', 'ask'],
      ['checkov -d .', 'ask'],
      ['gitleaks detect --no-git --source .', 'ask'],
    ]);
  });

  it('still refuses a protected file named outright and a write over a test', () => {
    checkEval(w, [
      ['checkov -f .env', 'deny'],
      ['tfsec . --tfvars-file infra/terraform/prod.tfvars', 'deny'],
      ['cat infra/terraform/prod.tfvars', 'deny'],
      ['tfsec infra/modules -O tests/a.test.ts', 'deny'],
      ['grep -r password infra/terraform', 'deny'],
    ]);
  });
});

// `emacs --batch -l ert -f ert-run-tests-batch-and-exit`: the Lisp a batch Emacs runs is the files it loads, judged
// as code the command runs; a library named bare is looked for in the working directory and the -L folders first,
// so one the line writes there is what runs. --eval is Lisp the guard does not read.
describe('Emacs in batch mode runs the Lisp files it loads', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    mkdirSync(join(w.ws, 'lisp'), { recursive: true });
    writeFileSync(join(w.ws, 'lisp/foo-test.el'), "(require 'ert)\n(ert-deftest foo () (should t))\n(provide 'foo-test)\n");
    // The project's own test file, committed: Lisp the guard cannot read, uncommitted, is asked (an agent may have
    // written it).
    const git = (...a: string[]) => execFileSync('git', ['-C', w.ws, '-c', 'user.email=t@t', '-c', 'user.name=t', ...a]);
    git('add', 'lisp/foo-test.el');
    git('commit', '-qm', 'lisp tests');
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('allows loading installed libraries and the project’s test files', () => {
    checkEval(w, [
      ['emacs --batch -l ert -f ert-run-tests-batch-and-exit', 'allow'],
      ['emacs -Q --batch -L lisp -l ert -l foo-test -f ert-run-tests-batch-and-exit', 'allow'],
      ['emacs --batch -l ert -l lisp/foo-test.el -f ert-run-tests-batch-and-exit', 'allow'],
    ]);
  });

  it('asks for Lisp on the line, from scratch space, or written by the line where a bare library name finds it', () => {
    checkEval(w, [
      ['emacs --batch --eval \'(delete-directory "src" t)\'', 'not-allow'],
      ['emacs --batch -l /tmp/x.el', 'not-allow'],
      ['emacs --script /tmp/x.el', 'not-allow'],
      ['echo \'(delete-directory "src" t)\' > ert.el && emacs --batch -l ert -f ert-run-tests-batch-and-exit', 'not-allow'],
      ['echo \'(delete-directory "src" t)\' > lisp/util.el && emacs --batch -L lisp -l util', 'not-allow'],
      ['emacs --batch tests/a.test.ts -f erase-buffer -f save-buffer', 'deny'],
      ["emacsclient -e '(kill-emacs)'", 'not-allow'],
    ]);
  });
});

// Everyday tools that were not modelled: license-checker reads the installed packages and prints a report (--out
// writes it, --files copies licence files into a folder); a cloud CLI's colon-joined verb path that ends in a
// listing (`firebase projects:list`) is a read, as `gcloud … list` is.
describe('license-checker and colon-joined listing verbs', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('allows the reports and listings', () => {
    checkEval(w, [
      ['npx license-checker --summary', 'allow'],
      ['license-checker --production --json --out build/licenses.json', 'allow'],
      ['firebase projects:list', 'allow'],
      ['firebase hosting:channel:list', 'allow'],
    ]);
  });

  it('still judges what they write, print or change', () => {
    checkEval(w, [
      ['license-checker --out tests/a.test.ts', 'deny'],
      ['license-checker --files tests', 'deny'],
      ['firebase functions:config:get', 'not-allow'],
      ['firebase database:remove /users --force', 'not-allow'],
      ['firebase deploy', 'not-allow'],
      ['firebase login:list', 'not-allow'],
      ['firebase secrets:list', 'not-allow'],
    ]);
  });
});

// cmdfp34 (fresh12/13/14 benign replays): hpack writes the package's .cabal file beside its package.yaml and runs
// nothing; an inline program that creates a file by literal name where none exists (`node -e
// "fs.writeFileSync('/tmp/x.txt','ok')"`) is a creation, judged by the path rules as `> /tmp/x.txt` is, for every
// tool that takes code in an option, not only the interpreters' own rule.
describe('hpack and inline programs that create a new file', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    writeFileSync(join(w.ws, 'package.yaml'), 'name: app\nversion: 0.1.0\nexecutables:\n  app:\n    main: Main.hs\n');
    writeFileSync(join(w.ws, 'app.cabal'), 'cabal-version: 1.12\nname: app\n');
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('allows hpack and a new file written by an inline program', () => {
    const scratch = join(w.root, 'scratch-new.txt');
    checkEval(w, [
      ['hpack', 'allow'],
      ['hpack package.yaml', 'allow'],
      ['hpack -', 'allow'],
      [`node -e "require('fs').writeFileSync('${scratch}','ok')"`, 'allow'],
      [`python3 -c "open('${scratch}','w').write('ok')"`, 'allow'],
      [`node -e "require('fs').writeFileSync('docs/new-notes.md','ok')"`, 'allow'],
    ]);
  });

  it('still judges where they write and what they overwrite', () => {
    checkEval(w, [
      ['hpack tests', 'deny'],
      ['hpack tests/package.yaml', 'deny'],
      ['hpack $X', 'not-allow'],
      ['hpack --force', 'not-allow'],
      ['hpack -f .', 'not-allow'],
      [`node -e "require('fs').writeFileSync('README.md','x')"`, 'not-allow'],
      [`node -e "require('fs').writeFileSync('tests/new.test.ts','x')"`, 'deny'],
      [`node -e "require('fs').writeFileSync('.git/hooks/pre-commit','x')"`, 'deny'],
      [`python3 -c "open('tests/test_new.py','w').write('x')"`, 'deny'],
      [`node -e "require('fs').writeFileSync('new.md','x'); require('fs').writeFileSync(process.argv[1],'x')" README.md`, 'not-allow'],
      [`node -e "require('fs').writeFileSync('new.md','x'); require('fs').rmSync('src', {recursive: true})"`, 'not-allow'],
    ]);
  });
});

// rollup -d / --dir and esbuild --outdir write their files into the folder and never empty it first: files into a
// folder, judged by what the rules anchor under it (as `tar -x -C dist`), not a replacement of the folder. vite
// build empties its outDir, so it stays asked.
describe('bundlers that write into an output folder', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    mkdirSync(join(w.ws, 'dist'), { recursive: true });
    writeFileSync(join(w.ws, 'dist/old.js'), 'x\n');
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('allows writing into an existing output folder', () => {
    checkEval(w, [
      ['npx rollup src/index.ts -d dist', 'allow'],
      ['npx rollup src/index.ts --dir dist', 'allow'],
      ['npx esbuild src/index.ts --bundle --outdir=dist', 'allow'],
    ]);
  });

  it('still judges the folder and the bundlers that empty it', () => {
    checkEval(w, [
      ['npx rollup src/index.ts -d tests', 'deny'],
      ['npx rollup src/index.ts -d dist -d tests', 'deny'],
      ['npx esbuild src/index.ts --outdir=.git/hooks', 'deny'],
      ['npx rollup src/index.ts -d $OUT', 'not-allow'],
      ['npx vite build --outDir dist', 'not-allow'],
      ['npx rollup -c /tmp/x.mjs', 'not-allow'],
    ]);
  });
});
