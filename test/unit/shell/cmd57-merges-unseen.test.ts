// rt20cmd class merge-unseen-commits and its false positive, through `agentguard eval` on a real repository: a merge
// of an unrelated history or of a FETCH_HEAD the guard cannot list is asked; a fetch from a configured remote before
// a merge or rebase of its tracking branch is `git pull`, judged on the refs as they are (a tracking branch that
// rewrites a test is still refused), while a fetch from a URL or a path, or a refspec that moves a local branch, is not.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkEval, suiteWorkspace } from './workspace';

describe('merges of commits the guard has not seen (cmd57)', () => {
  const w = suiteWorkspace();
  const git = (...args: string[]) => execFileSync('git', ['-C', w.ws, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { encoding: 'utf8' }).trim();

  it('an unrelated history, and a FETCH_HEAD that is not there to list, are asked', () =>
    checkEval(w, [
      ['git merge --allow-unrelated-histories FETCH_HEAD', 'ask'],
      ['git merge --allow-unrelated FETCH_HEAD', 'ask'],
      ['git merge --no-edit --allow-unrelated-histories origin/main', 'ask'],
      ['git pull --allow-unrelated-histories origin main', 'ask'],
      ['git pull --allow-unrelated-histories https://example.invalid/x.git', 'ask'],
      ['git merge FETCH_HEAD', 'ask'],
      ['git fetch https://example.invalid/x.git && git merge FETCH_HEAD', 'ask'],
      ['git fetch origin && git merge FETCH_HEAD', 'ask'],
      ['git fetch /tmp/other && git merge FETCH_HEAD', 'ask'],
      ['git fetch /tmp/other main && git rebase origin/main', 'ask'],
      ['git fetch https://example.invalid/x.git main:refs/remotes/origin/main && git rebase origin/main', 'ask'],
      ['git fetch origin main:main && git checkout main', 'ask'],
      ['git remote add x https://example.invalid/x.git && git fetch x && git merge x/main', 'ask'],
      // a pull from the configured remote stays what the README says (allowed); so does its fetch-then-rebase form
      ['git pull', 'allow'],
      ['git pull --rebase', 'allow'],
      ['git fetch && git rebase origin/main', 'allow'],
      ['git fetch origin && git rebase origin/main', 'allow'],
      ['git fetch --prune origin && git merge origin/main', 'allow'],
      ['git fetch --all -p && git rebase origin/main', 'allow'],
      ['git merge --abort', 'allow'],
    ]));

  it('the tracking branch and FETCH_HEAD, once on disk, are listed: one that rewrites a test is refused', () => {
    git('checkout', '-q', '-b', 'side');
    fs.writeFileSync(path.join(w.ws, 'tests/a.test.ts'), 'test("a", () => { /* weakened */ });\n');
    git('commit', '-qam', 'weaken');
    const weak = git('rev-parse', 'HEAD');
    git('checkout', '-q', '-');
    git('update-ref', 'refs/remotes/origin/main', weak);
    fs.writeFileSync(path.join(w.ws, '.git/FETCH_HEAD'), `${weak}\t\tbranch 'main' of https://example.invalid/x\n`);
    checkEval(w, [
      ['git fetch && git rebase origin/main', 'deny'],
      ['git fetch origin && git merge origin/main', 'deny'],
      ['git merge FETCH_HEAD', 'deny'],
      ['git merge origin/main', 'deny'],
    ]);
  });
});
