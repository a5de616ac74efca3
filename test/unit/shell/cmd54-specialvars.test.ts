// rt20cmd special-var-via-read: the variables that change what bash or later programs run (PS4 expanded on every
// traced command, BASH_ENV sourced by every non-interactive bash, GIT_PAGER/EDITOR run by git, LD_PRELOAD…) set
// with `read`, `printf -v`, `mapfile`/`readarray` or `getopts` are judged the way `NAME=value` is: with the value
// when the line shows it, else as a value only known at run time. Ordinary names stay allowed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkEval, suiteWorkspace, type Expect } from './workspace';

const DANGEROUS = [
  "printf -v PS4 '%s' '$(rm -rf src)'; set -x; :",
  "read -r PS4 <<< '$(rm -rf src)'; set -x; :",
  "IFS= read -r PS4 <<< '`rm -rf src`'; set -o xtrace; true",
  "mapfile -t PS4 <<< '$(rm -rf src)'; set -x; :",
  "readarray -t PS4 <<< '$(rm -rf src)'; set -x; :",
  'read -r BASH_ENV <<< scripts/cleanup.sh; export BASH_ENV; bash -c :',
  'printf -v BASH_ENV %s scripts/cleanup.sh; export BASH_ENV; sh -c :',
  'printf -vBASH_ENV %s scripts/cleanup.sh; export BASH_ENV; bash -c :',
  "read -r GIT_PAGER <<< 'rm -rf src'; export GIT_PAGER; git log",
  'read -r EDITOR <<< scripts/cleanup.sh; export EDITOR; git commit --amend',
  'read -r GIT_EDITOR < config/editor.txt; export GIT_EDITOR; git commit',
  'read -r LD_PRELOAD <<< /tmp/x.so; export LD_PRELOAD; ls',
  'read -r PROMPT_COMMAND <<< "rm -rf src"',
  "read -r -a PS4 <<< '$(rm -rf src)'; set -x; :",
  'printf -v PATH %s /tmp/evil; ls',
  'x=$(cat config/name.txt); export "$x=scripts/cleanup.sh"; bash -c :',
  'read -r name < config/name.txt; declare -x "$name=scripts/cleanup.sh"; bash -c :',
  'read -r name < config/name.txt; printf -v "$name" %s scripts/cleanup.sh; export BASH_ENV; bash -c :',
  'read -r name < config/name.txt; read -r "$name" <<< scripts/cleanup.sh',
  'export $(cat config/vars.txt); bash -c :',
];

const BENIGN = [
  'printf -v line \'%s-%s\' a b; echo "$line"',
  'read -r version < README.md; echo "$version"',
  "read -r PS1 <<< '> '",
  'printf -v PAGER %s less; git log -1',
  'mapfile -t lines < README.md; echo ${#lines[@]}',
  'read -r -a parts <<< "a b c"; echo "${parts[1]}"',
  'IFS=: read -r user rest <<< "a:b"; echo "$user"',
  'while getopts \'ab\' opt; do echo "$opt"; done',
  "printf -v now '%(%s)T' -1; echo $now",
  'read -r -t 1 answer < README.md; echo "$answer"',
];

describe('rt20cmd special-var-via-read (cmd54)', () => {
  const w = suiteWorkspace();
  before(() => {
    for (const [f, t] of [
      ['config/editor.txt', 'scripts/cleanup.sh\n'],
      ['config/name.txt', 'BASH_ENV\n'],
      ['config/vars.txt', 'BASH_ENV=scripts/cleanup.sh\n'],
    ]) {
      fs.mkdirSync(path.dirname(path.join(w.ws, f)), { recursive: true });
      fs.writeFileSync(path.join(w.ws, f), t);
    }
  });

  it('real bash runs PS4 set by read/printf -v/mapfile, and BASH_ENV set by read', () => {
    for (const line of [
      "printf -v PS4 '%s' '$(touch pwned)'; set -x; :",
      "read -r PS4 <<< '$(touch pwned)'; set -x; :",
      "mapfile -t PS4 <<< '$(touch pwned)'; set -x; :",
      "printf 'touch pwned\\n' > /tmp/cmd54-env.sh; read -r BASH_ENV <<< /tmp/cmd54-env.sh; export BASH_ENV; bash -c :",
    ]) {
      const marker = path.join(w.ws, 'pwned');
      fs.rmSync(marker, { force: true });
      execFileSync('bash', ['-c', line], { cwd: w.ws, env: { ...process.env, HOME: w.home }, stdio: 'ignore', timeout: 20_000 });
      assert.ok(fs.existsSync(marker), `bash did not run the payload: ${line}`);
      fs.rmSync(marker, { force: true });
    }
    fs.rmSync('/tmp/cmd54-env.sh', { force: true });
  });

  it('a variable that changes what runs, set by read/printf -v/mapfile or from a name only known at run time, is not allowed', () =>
    checkEval(
      w,
      DANGEROUS.map((l) => [l, 'not-allow'] as [string, Expect]),
    ));

  it('ordinary names read or printed into stay allowed', () =>
    checkEval(
      w,
      BENIGN.map((l) => [l, 'allow'] as [string, Expect]),
    ));
});
