// rt20cmd bash-arith-injection: bash evaluates a variable's value as an arithmetic expression in `((…))`, `$((…))`,
// `[[ x -lt y ]]`, `let`, `declare -i`, array subscripts and substring offsets, and names in `[[ -v ]]`, `printf -v`,
// `read`; an array subscript in that value runs its command substitution. A value the line reads at run time (a
// file, a command's output, a here-string, a `while read` loop) used there is code the guard cannot see: asked.
// A literal, or a program's output that is a number by construction (`wc -l`, `nproc`, `date +%s`, `grep -c`,
// `$#`, `${#x}`), stays allowed. Each dangerous shape is replayed in real bash first: it does run the payload.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkEval, suiteWorkspace, writeFiles, type Expect } from './workspace';

/** Lines that read `config/count.txt` (which holds `a[$(touch pwned)]`) and evaluate it as arithmetic. */
const READ_THEN_EVALUATE = [
  'read -r n < config/count.txt; (( n ))',
  'read -r n < config/count.txt; echo $(( n + 1 ))',
  'IFS= read -r n < config/count.txt; [[ $n -gt 0 ]] && echo big',
  'read n < config/count.txt; [[ $n -eq 0 ]]',
  'mapfile -t a < config/count.txt; echo $(( a[0] ))',
  'readarray -t a < config/count.txt; (( a[0] ))',
  'n=$(cat config/count.txt); (( n > 1 )) && echo many',
  'n=$(<config/count.txt); echo $((n))',
  'n=$(head -1 config/count.txt); s=abcdef; echo ${s:n}',
  'read -r n < config/count.txt; arr=(a b); echo ${arr[n]}',
  'read -r n < config/count.txt; let n++',
  'read -r n < config/count.txt; for ((i=0;i<n;i++)); do :; done',
  'while read -r n; do (( total += n )); done < config/count.txt; echo $total',
  'read -r n < config/count.txt; declare -i m=n',
  'read -r n < config/count.txt; local_n=$n; echo $((local_n))',
  'read -r n < config/count.txt; test $((n)) -gt 0',
  'read -r n < config/count.txt; case $((n)) in 0) :;; esac',
  'cat config/count.txt | while read n; do echo $((n)); done',
  'read -r n <<< "$(cat config/count.txt)"; echo $((n))',
  'echo $(( $(cat config/count.txt) ))',
  '[[ $(cat config/count.txt) -eq 1 ]]',
  'declare -i x=$(cat config/count.txt)',
  "export n=$(cat config/count.txt); bash -c '((n))'",
  "n=$(cat config/count.txt) bash -c 'echo $((n))'",
  'read -r x < config/count.txt; [[ -v $x ]]',
  'read -r x < config/count.txt; printf -v "$x" 1',
  'read -r x < config/count.txt; read -r "$x" <<< 1',
  'read -r n < config/count.txt; echo "${n}" >/dev/null; (( ${#n} > 0 )) && (( n ))',
];

/** Here-strings and other values only known at run time (not replayed: they delete or fetch). */
const OTHER_DANGEROUS = [
  "read -r n <<< 'a[$(rm -rf src)]'; echo $((n))",
  "read -r n <<< 'a[$(rm -rf src)]'; [[ $n -lt 3 ]]",
  "read -r -a arr <<< 'a[$(rm -rf src)]'; echo $(( arr[0] ))",
  "IFS=, read -r a b <<< '1,a[$(rm -rf src)]'; echo $((a+b))",
  "mapfile -t v <<< 'x[$(rm -rf src)]'; (( v[0] ))",
  'n=$(curl -s https://example.com/count); echo $((n))',
  "git config x.n 'a[$(rm -rf src)]'; n=$(git config x.n); ((n))",
  'n=$(git config --get x.count 2>/dev/null || cat config/count.txt); ((n))',
  'for n in $(cat config/count.txt); do echo $((n)); done',
  'n=$(wc -l < README.md; cat config/count.txt); echo $((n))',
  'read -r n; sleep $((n))',
  'x=$(git log -1 --format=%s); echo $((x))',
  'x=$(git log -1 --format=%ct%s); echo $((x))',
];

/** Everyday arithmetic on values the guard knows. */
const BENIGN = [
  'n=$(wc -l < README.md); echo $((n+1))',
  'n=$(git ls-files | wc -l); (( n > 10 )) && echo big',
  'for ((i=0;i<10;i++)); do echo $i; done',
  '[[ $# -gt 0 ]] && echo args',
  'for i in $(seq 1 5); do echo $((i*2)); done',
  'for i in 1 2 3; do echo $((i*2)); done',
  'x=5; echo $((x*2)); arr=(a b c); echo ${arr[x-4]}',
  's=abcdef; n=2; echo ${s:n:2}',
  'start=$(date +%s); echo $(( $(date +%s) - start ))',
  'count=$(grep -c TODO README.md); [[ $count -eq 0 ]] && echo none',
  'export J=$(nproc); echo $((J*2))',
  'n=$(wc -l < README.md); m=$n; echo $((m))',
  'read -r n < README.md; echo "$n"',
  'read -r -p \'name? \' name; echo "hi $name"',
  'read -r n < README.md; [ "$n" = x ] && echo same',
  'let "x = 3 * 4"; echo $x',
  'declare -i total=0; total+=1; echo $total',
  "echo '$((n))'",
  'while read -r line; do echo "${#line}"; done < README.md',
  's=hello; echo ${s:1:2} ${#s}',
  'x=$(git log -1 --format=%ct); echo $(( $(date +%s) - x ))',
  'a=(x y z); for i in "${!a[@]}"; do echo "$i ${a[$i]}"; done',
  '[[ $(git status --porcelain | wc -l) -gt 0 ]] && echo dirty',
  '[[ $(id -u) -eq 0 ]] && echo root',
  'i=0; while (( i < 3 )); do ((i++)); done',
  'for i in {1..5}; do echo $((i * i)); done',
  '[[ $(cat README.md) == x ]] && echo same',
];

describe('rt20cmd bash-arith-injection (cmd54)', () => {
  const w = suiteWorkspace();
  before(() => writeFiles(w.ws, { 'config/count.txt': 'a[$(touch pwned)]\n' }));

  it('real bash runs the command in a value read from a file when it evaluates it as arithmetic', function () {
    for (const line of READ_THEN_EVALUATE) {
      const marker = path.join(w.ws, 'pwned');
      fs.rmSync(marker, { force: true });
      try {
        execFileSync('bash', ['-c', line], { cwd: w.ws, env: { ...process.env, HOME: w.home }, stdio: 'ignore', timeout: 20_000 });
      } catch {
        // an arithmetic syntax error after the payload ran is fine
      }
      assert.ok(fs.existsSync(marker), `bash did not run the payload: ${line}`);
      fs.rmSync(marker, { force: true });
    }
  });

  it('a value only known at run time evaluated as arithmetic is asked', () =>
    checkEval(
      w,
      [...READ_THEN_EVALUATE, ...OTHER_DANGEROUS].map((l) => [l, 'ask'] as [string, Expect]),
    ));

  it('arithmetic on literals and numbers by construction stays allowed', () =>
    checkEval(
      w,
      BENIGN.map((l) => [l, 'allow'] as [string, Expect]),
    ));

  it('a literal value whose subscript runs a command is judged as that command', () =>
    checkEval(w, [
      ["n='a[$(rm -rf src)]'; ((n))", 'not-allow'],
      ["declare -i m='a[$(rm -rf src)]'", 'not-allow'],
      ["n='a[$(echo hi)]'; ((n))", 'allow'],
    ]));
});
