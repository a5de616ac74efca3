// Ground truth from a real bash for secrets in shell variables: each line runs twice, with two different values
// of the same length in the secret-named variables. A line whose output (stdout, stderr, files it names) differs
// between the runs tells the agent something of the value, so the guard must ask; a line whose output is the
// same (whether the variable is set, its length, single-quoted text) may run. Lines here touch only a temp dir.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandPolicy } from '../../../src/core/policy/types';
import { decideCommand } from '../../../src/core/shell/index';

const policy: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true };

/** Lines whose output depends on the secret's value: copied, handed to a program, compared, matched. */
const LEAKS = [
  't=$GITHUB_TOKEN; echo "$t"',
  '(t=$GITHUB_TOKEN; echo "$t")',
  'bash -c \'t=$GITHUB_TOKEN; echo "$t" | rev\'',
  'awk -v t="$GITHUB_TOKEN" \'BEGIN{print t}\'',
  'sh -c \'echo "$0"\' "$GITHUB_TOKEN"',
  'case $GITHUB_TOKEN in ghp_a*) echo a;; esac',
  '[[ $AWS_SECRET_ACCESS_KEY == a* ]] && echo y',
  '[[ $GITHUB_TOKEN =~ ^ghp_a ]] && echo y',
  '[ "$AWS_SECRET_ACCESS_KEY" \\< b ] && echo y',
  'test "${OPENAI_API_KEY:-x}" \\> b && echo y',
  'for x in $GITHUB_TOKEN; do echo $x; done',
  'while read -r l; do echo "$l"; done <<< "$GITHUB_TOKEN"',
  'read x <<< "$GITHUB_TOKEN"; echo $x',
  'mapfile -t a <<< "$GITHUB_TOKEN"; echo "${a[@]}"',
  'printf -v x %s "$GITHUB_TOKEN"; echo $x',
  'f(){ local t=$GITHUB_TOKEN; echo ${t}; }; f',
  'a=$GITHUB_TOKEN; b=$a; (echo $b)',
  'x+=$OPENAI_API_KEY; echo $x',
  'arr=($GITHUB_TOKEN); echo ${arr[0]}',
  'cd "$GITHUB_TOKEN"',
  'ls "$GITHUB_TOKEN"',
  'expr "$GITHUB_TOKEN" : \'ghp_a\'',
  'echo hi > "f-$GITHUB_TOKEN"',
  'timeout 5 echo "$GITHUB_TOKEN"',
  'xargs echo <<< "$GITHUB_TOKEN"',
  'echo ${GITHUB_TOKEN,,}',
  'f(){ echo "$1" | rev; }; f "$GITHUB_TOKEN"',
  // Expanded later or traced: a prompt variable, and every word under set -x.
  "PS4='$GITHUB_TOKEN '; set -x; true",
  'set -x; : "$GITHUB_TOKEN"',
  'set -o xtrace; [ -n "$GITHUB_TOKEN" ]',
];

/** Lines whose output is the same whatever the value: presence, length, quoted text, copies under secret names. */
const QUIET = [
  '[ -n "${GITHUB_TOKEN:-}" ] || echo missing',
  '[ -z "$GITHUB_TOKEN" ] && echo unset',
  '[[ -n $GITHUB_TOKEN ]] && echo set',
  'test -n "$AWS_SECRET_ACCESS_KEY" && echo ok',
  'echo ${GITHUB_TOKEN:+set}',
  'echo "length ${#GITHUB_TOKEN}"',
  '(( ${#GITHUB_TOKEN} > 10 )) && echo long',
  "echo '$GITHUB_TOKEN'",
  "x='$GITHUB_TOKEN'; echo done",
  ': "${GITHUB_TOKEN:?must be set}"',
  'export GH_TOKEN=$GITHUB_TOKEN',
  "cat <<'EOF'\n$GITHUB_TOKEN\nEOF",
  'case "$HOME" in /*) echo abs;; esac',
  'if [ -z "${OPENAI_API_KEY}" ]; then echo "set OPENAI_API_KEY"; fi',
];

const NAMES = ['GITHUB_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'OPENAI_API_KEY'];

/** Each whole value replaced by its name and its telling letter (the random rest would differ on every run). */
function mark(text: string, env: Record<string, string>): string {
  let t = text;
  for (const [k, v] of Object.entries(env)) t = t.split(v).join(`<${k}:${v.slice(v.startsWith('ghp_') ? 4 : 0)[0]}>`);
  return t;
}

/** Two runs' values: same length, different first character after the prefix ('a' then 'b'). */
function secretEnv(first: 'a' | 'b'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of NAMES) out[n] = (n === 'GITHUB_TOKEN' ? 'ghp_' : '') + first + randomBytes(18).toString('hex');
  return out;
}

describe('secrets in shell variables, against real bash', function () {
  let hasBash = true;
  before(() => {
    try {
      execFileSync('bash', ['-c', 'true']);
    } catch {
      hasBash = false;
    }
  });

  /** What the agent would see: output, errors and the names of files the line made. */
  const observe = (line: string, env: Record<string, string>): string => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ag-secret-')));
    try {
      const r = spawnSync('bash', ['-c', line], { cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...env }, timeout: 10_000 });
      const out = `${String(r.stdout)}|${String(r.stderr)}`;
      // Values differ per run: the observation keeps only which of the two (first letter after the prefix) the line saw.
      const files = readdirSync(dir).join(',');
      return mark(`${out}|${files}`, env);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  const judge = (line: string) => decideCommand(line, policy, { cwd: '/tmp/ws', workspace: '/tmp/ws', home: '/tmp/home' }).verdict;

  for (const line of LEAKS) {
    it(`asks: the output depends on the secret: ${JSON.stringify(line)}`, function () {
      if (!hasBash) this.skip();
      const a = observe(line, secretEnv('a'));
      const b = observe(line, secretEnv('b'));
      assert.notEqual(a, b, `bash output does not depend on the value: ${a}`);
      const v = judge(line);
      assert.notEqual(v.decision, 'allow', `guard allowed (${v.rule})`);
    });
  }

  for (const line of QUIET) {
    it(`allows: the output does not depend on the secret: ${JSON.stringify(line)}`, function () {
      if (!hasBash) this.skip();
      assert.equal(observe(line, secretEnv('a')), observe(line, secretEnv('b')));
      const v = judge(line);
      assert.equal(v.decision, 'allow', `guard said ${v.decision} (${v.rule}: ${v.reason})`);
    });
  }
});
