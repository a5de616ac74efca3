// `git stash -u` / `--include-untracked` / `-a` / `--all` take untracked files out of the working tree (into a
// stash that a later `git stash drop` or `clear` loses): a delete of untracked files, judged as `git clean -fd` is.
// Through `agentguard eval` on a real repository, and real git to show the effect the rule stands for.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEval, makeWorkspace } from './workspace';

describe('git stash with untracked files: a delete of untracked files (ask), like git clean', () => {
  let w: { root: string; ws: string; home: string };
  before(() => {
    w = makeWorkspace();
    writeFileSync(join(w.ws, 'draft.txt'), 'not committed anywhere\n');
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('every spelling that takes untracked files along is asked; the rest of git stash stays allowed', () => {
    checkEval(w, [
      ['git clean -fd', 'ask'],
      ['git stash -u', 'ask'],
      ['git stash --include-untracked', 'ask'],
      ['git stash --include-untr', 'ask'],
      ['git stash --all', 'ask'],
      ['git stash -a', 'ask'],
      ['git stash push -u', 'ask'],
      ['git stash push -u -- draft.txt', 'ask'],
      ['git stash push --include-untracked -m wip', 'ask'],
      ['git stash save -u', 'ask'],
      ['git stash save --all "wip"', 'ask'],
      ['git stash -ku', 'ask'],
      ['git stash push -pam wip', 'ask'],
      ['git stash --keep-index -u', 'ask'],
      ['git stash --no-include-untracked -u', 'ask'],
      ['git -C . stash -u', 'ask'],
      ['git stash -u && git stash drop', 'ask'],
      ['git stash', 'allow'],
      ['git stash push', 'allow'],
      ['git stash push -m untracked', 'allow'],
      ['git stash push -mu', 'allow'],
      ['git stash push --staged', 'allow'],
      ['git stash --keep-index', 'allow'],
      ['git stash pop', 'allow'],
      ['git stash apply', 'allow'],
      ['git stash list', 'allow'],
      ['git stash show -u', 'allow'],
      ['git stash show -p', 'allow'],
      ['git stash create', 'allow'],
      ['git stash push --no-include-untracked', 'allow'],
    ]);
  });

  it('(real git) git stash -u removes an untracked file from the working tree; plain git stash does not', () => {
    const g = (...a: string[]) => execFileSync('git', ['-C', w.ws, '-c', 'user.email=t@t', '-c', 'user.name=t', ...a], { stdio: 'pipe' });
    writeFileSync(join(w.ws, 'README.md'), '# changed\n');
    g('stash');
    assert.ok(existsSync(join(w.ws, 'draft.txt')));
    g('stash', '-u');
    assert.ok(!existsSync(join(w.ws, 'draft.txt')));
    g('stash', 'pop');
    assert.ok(existsSync(join(w.ws, 'draft.txt')));
  });
});
