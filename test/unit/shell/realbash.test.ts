// Ground truth from a real bash: in a temp dir, run each line and see whether `build` survives; the guard must
// ask exactly when bash deletes it. Only lines that touch nothing outside the temp dir are used.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandPolicy } from '../../../src/core/policy/types';
import { decideCommand } from '../../../src/core/shell/index';

const policy: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true };

const LINES = [
  'echo a#; rm -rf build',
  'echo a #; rm -rf build',
  'rm --recur --forc build',
  '\\rm -rf build',
  "$'\\x72\\x6d' -rf build",
  'r\\\nm -rf build',
  "cat <<'EOF'\n$(rm -rf build)\nEOF",
  'cat <<EOF\n$(rm -rf build)\nEOF',
  "echo '$(rm -rf build)'",
  'echo "\\$(rm -rf build)"',
  'echo build | xargs -I % rm -rf %',
  'find . -maxdepth 1 -name build -exec rm -rf {} +',
  'find . -maxdepth 1 -name build -exec echo rm -rf {} \\;',
  "bash -c 'rm -rf build'",
  "eval 'rm -rf build'",
  'f() { rm -rf "$1"; }; f build',
  "git -c alias.x='!rm -rf build' x",
  "printf 'rm -rf build\\n' | sh",
  "printf 'rm -rf build\\n' > /dev/null",
  // env -S: the split words take the option's place and env reads options again, so what follows is the command's.
  'env -S rm -rf build',
  '/usr/bin/env -vS rm -rf build',
  'env --split-string rm -rf build',
  'env -iS rm -rf build',
  "env -S 'echo rm' -rf build",
];

/** Deliberately conservative: bash does not run these, the guard still asks (it judges every branch and body). */
const CONSERVATIVE = ['f() { rm -rf "$1"; }', 'true || rm -rf build', 'if false; then rm -rf build; fi'];

describe('shell semantics against real bash', function () {
  let dir = '';
  let hasBash = true;
  before(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'ag-bash-')));
    try {
      execFileSync('bash', ['-c', 'true']);
      execFileSync('git', ['init', '-q', dir]);
    } catch {
      hasBash = false;
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const run = (line: string) => {
    mkdirSync(join(dir, 'build'), { recursive: true });
    writeFileSync(join(dir, 'build', 'x'), 'x');
    try {
      execFileSync('bash', ['-c', line], { cwd: dir, stdio: 'ignore', timeout: 10_000 });
    } catch {
      // exit status does not matter, only the effect
    }
    return !existsSync(join(dir, 'build'));
  };

  for (const line of CONSERVATIVE) {
    it(`asks for a branch bash skips: ${JSON.stringify(line)}`, function () {
      if (!hasBash) this.skip();
      assert.equal(run(line), false);
      assert.equal(decideCommand(line, policy, { cwd: dir, workspace: dir, home: join(dir, 'home') }).verdict.decision, 'ask');
    });
  }

  for (const line of LINES) {
    it(`asks exactly when bash deletes: ${JSON.stringify(line)}`, function () {
      if (!hasBash) this.skip();
      const deleted = run(line);
      const env = { cwd: dir, workspace: dir, home: join(dir, 'home') };
      const v = decideCommand(line, policy, env).verdict;
      assert.equal(v.decision !== 'allow', deleted, `bash ${deleted ? 'deleted' : 'kept'} build; guard said ${v.decision} (${v.rule})`);
    });
  }
});
