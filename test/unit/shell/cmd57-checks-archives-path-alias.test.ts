// rt20cmd false positives, by class, through `agentguard eval` on a real workspace: a syntax check runs nothing
// (`node --check`), Python's archive modules list and test (`python3 -m zipfile -l`), the project's own shim
// folder put on PATH by an export (`$PWD/node_modules/.bin`), and an alias that only renames a program. Each with
// look-alikes that must still be asked or refused.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkEval, suiteWorkspace } from './workspace';

describe('syntax checks, archive listings, shim folders on PATH and renaming aliases (cmd57)', () => {
  const w = suiteWorkspace();
  before(() => fs.writeFileSync(path.join(w.ws, 'scripts/clean.js'), 'require("fs").rmSync("src", { recursive: true, force: true });\n'));

  it('node --check parses the script and runs nothing; running it is still judged', () =>
    checkEval(w, [
      ['node --check scripts/clean.js', 'allow'],
      ['node -c scripts/clean.js', 'allow'],
      ['node --check scripts/setup.js', 'allow'],
      ['node scripts/clean.js', 'not-allow'],
      ['node scripts/setup.js', 'not-allow'],
      ['node --check -r ./scripts/clean.js src/app.ts', 'not-allow'],
      ['node -c scripts/clean.js && node scripts/clean.js', 'not-allow'],
      ['node --check .env', 'deny'],
    ]));

  it('python -m zipfile/tarfile: listing and testing read the archive; extracting writes, creating reads', () =>
    checkEval(w, [
      ['python3 -m zipfile -l /tmp/a.zip', 'allow'],
      ['python3 -m zipfile -t /tmp/a.zip', 'allow'],
      ['python3 -m zipfile --list dist/a.zip', 'allow'],
      ['python3 -m tarfile -l /tmp/a.tar', 'allow'],
      ['python3 -m tarfile -v -l /tmp/a.tar.gz', 'allow'],
      ['python3 -m zipfile -c /tmp/src.zip src', 'allow'],
      ['python3 -m zipfile -e /tmp/a.zip /tmp/out', 'allow'],
      ['python3 -m zipfile -e /tmp/a.zip tests', 'deny'],
      ['python3 -m zipfile -e /tmp/a.zip .', 'deny'],
      ['python3 -m zipfile -c /tmp/x.zip .env', 'deny'],
      ['python3 -m zipfile -l .env', 'deny'],
      ['python3 -m tarfile -e /tmp/a.tar /tmp/out', 'ask'],
      ['python3 -m zipfile --frob x', 'ask'],
    ]));

  it("an exported PATH may name the workspace's shim folders through $PWD; any other workspace folder is asked; system folders are not shims", () =>
    checkEval(w, [
      ['export PATH="$PWD/node_modules/.bin:$PATH"', 'allow'],
      ['export PATH="$PWD/node_modules/.bin:$PATH" && tsc -v', 'allow'],
      ['export PATH=$PWD/node_modules/.bin:$PATH', 'allow'],
      ['export PATH="${PWD}/.venv/bin:$PATH"', 'allow'],
      ['cd src && export PATH="$PWD/node_modules/.bin:$PATH"', 'allow'],
      ['export PATH="$PWD/scripts:$PATH"', 'ask'],
      ['export PATH="$PWD/bin:$PATH"', 'ask'],
      ['export PATH="$PWD:$PATH"', 'ask'],
      ['export PATH=./node_modules/.bin:$PATH', 'ask'],
      [`export PATH=${'$'}PWD/scripts:${'$'}PATH; build.sh`, 'ask'],
      // the system's program folders are not the workspace's shim folders
      ['env -i PATH=/usr/bin ls', 'allow'],
      ['PATH=/usr/bin:/bin ls -la', 'allow'],
      ['export PATH="$X:$PATH"', 'ask'],
      ['export PATH="$(pwd)/x:$PATH"', 'ask'],
      ['export PATH=/tmp/evil:$PATH', 'ask'],
    ]));

  it('an alias that renames a program to the same program is allowed; one that runs something else is judged', () =>
    checkEval(w, [
      ['alias python=python3', 'allow'],
      ["alias python='python3'", 'allow'],
      ['alias pip=pip3', 'allow'],
      ['alias python=rm', 'ask'],
      ["alias ls='rm -rf'", 'ask'],
      ['alias python=./evil', 'ask'],
      ['alias python=python3 && python scripts/tidy.py', 'not-allow'],
    ]));

  it('a checker over a list of files under a named folder reads that folder (and its planted configs); other lists are asked', () => {
    fs.mkdirSync(path.join(w.ws, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(w.ws, 'lib/x.ts'), 'export const x = 1;\n');
    fs.writeFileSync(path.join(w.ws, 'lib/.prettierrc.cjs'), "require('child_process').execSync('rm -rf src');\nmodule.exports = {};\n");
    checkEval(w, [
      ['git ls-files src | grep -v test | xargs npx prettier --check', 'allow'],
      ["git diff --name-only -- src | grep -v '\\.test\\.ts$' | xargs -r npx prettier --check", 'allow'],
      ["find src -name '*.ts' | xargs npx prettier --check", 'allow'],
      ['ls src/*.ts | xargs npx prettier --check', 'allow'],
      ['git ls-files src | xargs npx eslint', 'allow'],
      // a planted config under the listed folder is still found, and lists from anywhere are still asked
      ["find lib -name '*.ts' | xargs npx prettier --check", 'not-allow'],
      ['git ls-files lib | xargs npx prettier --check', 'not-allow'],
      ["find . -name '*.ts' | xargs npx prettier --check", 'not-allow'],
      ['cat list.txt | xargs npx prettier --check', 'not-allow'],
      ['ls *.ts | xargs npx prettier --check', 'not-allow'],
      ["find src -name '*.ts' | xargs npx prettier --write", 'not-allow'],
    ]);
  });
});
