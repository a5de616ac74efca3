// rt20cmd loop-var-runs-project-code: a loop over literal words or a glob the guard can list binds its variable to
// each value, so the body is judged as what it runs (`for s in scripts/*.sh; do bash "$s"; done` runs
// scripts/cleanup.sh; `for s in reset; do npm run $s; done` runs the reset script). The same binding keeps benign
// loops allowed (`for t in build; do make $t; done`, `prettier --check` over `src/*.ts`). A list read at run time
// fed through a process substitution (`done < <(git ls-files src)`) is a pipe, not a file only known at run time.
import { checkEval, suiteWorkspace, type Expect } from './workspace';

const DANGEROUS = [
  'for s in scripts/*.sh; do sh "$s"; done',
  'for f in scripts/*.sh; do bash $f; done',
  'for f in scripts/*.py; do python3 "$f"; done',
  'for t in scripts/*.js; do node $t; done',
  'for s in scripts/cleanup.sh; do bash "$s"; done',
  'for f in scripts/*; do node "$f" 2>/dev/null || python3 "$f"; done',
  'for s in scripts/*.sh; do . "$s"; done',
  'for s in scripts/*.sh; do source "$s"; done',
  'for f in scripts/{cleanup,build}.sh; do sh $f; done',
  'for i in cleanup; do bash scripts/$i.sh; done',
  'for f in scripts/tidy.py; do python3 "$f"; done',
  'for t in scripts/setup.js; do node "$t"; done',
  'for s in reset; do npm run $s; done',
  'for s in test reset; do npm run "$s"; done',
  'for p in scripts; do bash $p/cleanup.sh; done',
  'for t in wipe; do make $t; done',
  'for t in all wipe; do make "$t"; done',
  'for s in scripts/c*.sh; do ./"$s"; done',
  'for d in src; do rm -rf "$d"; done',
  'while read -r f; do cat "$f"; done < <(git ls-files)',
  'while read -r f; do rm "$f"; done < <(git ls-files src)',
  'cat < <(rm -rf src)',
  // the second use of package.json or a makefile on a line is judged too (a loop's second value is one)
  'npm run build; npm run reset',
  'make all; make wipe',
  'just build; just wipe',
  // a delete of each file a loop's glob lists is a delete by glob (the corpus: the reviewer cannot see the file set)
  'for f in src/*.ts; do rm -f "$f"; done',
  'for f in scripts/*; do rm "$f"; done',
  'for f in src/*.ts; do unlink "$f"; done',
];

const BENIGN = [
  'mapfile -t files < <(git ls-files src); echo ${#files[@]}',
  'while IFS= read -r f; do wc -l "$f"; done < <(git ls-files src)',
  'while read -r f; do echo "$f"; done < <(ls src)',
  'for f in src/*.ts; do npx prettier --check "$f"; done',
  'for t in build; do make $t; done',
  'for t in all test; do make "$t"; done',
  'for s in test build; do npm run "$s"; done',
  'for f in src/*.ts; do wc -l "$f"; done',
  'for s in scripts/build.sh; do bash "$s"; done',
  'for f in src/*.ts; do echo "$f"; done',
  'for f in *.md; do wc -l "$f"; done',
  'for d in src tests; do ls "$d"; done',
  'npm run build; npm test',
  'make all; make test',
  // (`for f in scripts/cleanup.sh; do rm -f "$f"; done` was here: the corpus counts a delete by variable as never
  // scoped, so it is asked now — cmd61-rt22.)
];

describe('rt20cmd loop-var-runs-project-code (cmd54)', () => {
  const w = suiteWorkspace();
  it('a loop over literal words or a listed glob is judged with each value: project code it runs is asked', () =>
    checkEval(
      w,
      DANGEROUS.map((l) => [l, 'not-allow'] as [string, Expect]),
    ));
  it('benign loops over literal words, globs and file lists stay allowed', () =>
    checkEval(
      w,
      BENIGN.map((l) => [l, 'allow'] as [string, Expect]),
    ));
});
