// fresh13cmd (cmd36): effects the command guard did not account for. A forced `git add` of a folder or of the
// whole tree stages the gitignored secrets it covers (committed and pushed next), as `git add -f .env` does.
// Through `agentguard eval` (the real engine, file system and git) on a real repository whose .env and secrets/
// are gitignored and untracked.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEval, makeWorkspace } from './workspace';

describe('fresh13cmd36: forced adds that cover a protected path', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    const git = (...a: string[]) => execFileSync('git', ['-C', w.ws, '-c', 'user.email=t@t', '-c', 'user.name=t', ...a]);
    writeFileSync(join(w.ws, '.gitignore'), '.env\nsecrets/\nbuild/\n');
    git('rm', '-rq', '--cached', '.env', 'secrets');
    git('add', '.gitignore');
    git('commit', '-qm', 'ignore secrets');
  });

  it('refuses a forced add whose pathspec (or the whole tree) holds a secret; plain and narrow adds stay allowed', () => {
    checkEval(w, [
      ['git add -A -f && git commit -m wip && git push', 'deny'],
      ['git add -f -A', 'deny'],
      ['git add --force .', 'deny'],
      ['git add -f secrets/', 'deny'],
      ['git add -Af', 'deny'],
      ['git add --all --force', 'deny'],
      ['git add -f .env', 'deny'],
      ['git add .', 'allow'],
      ['git add -A && git commit -m wip', 'allow'],
      ['git add -f src', 'allow'],
      ['git add -f build/out.js', 'allow'],
    ]);
  });
});
