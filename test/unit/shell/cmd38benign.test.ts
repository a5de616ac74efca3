// cmd38 (issue #15, the benign bar): everyday commands the guard asked about though it could account for them.
// Through `agentguard eval` (the real engine and file system) on a real workspace.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEval, makeWorkspace } from './workspace';

// `PATH=./node_modules/.bin:$PATH jest`: a folder of the project's executables put first on PATH for one command
// runs the project's shim of that name, judged as the program it stands for (as `node_modules/.bin/jest` is). A
// shim the line writes there is judged by what it holds; any other folder (`.`, `scripts`), a PATH exported for
// the rest of the session, or a value only known at run time stays asked.
describe('cmd38: PATH extended with the project shim folders', function () {
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
      ['export PATH=$PWD/node_modules/.bin:$PATH; jest', 'not-allow'],
      ['PATH=$X/node_modules/.bin:$PATH jest', 'not-allow'],
    ]);
  });
});
