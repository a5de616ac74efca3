// Narrowed reads, on a real repository through `agentguard eval`: a recursive search prints only the lines that match
// its pattern, and a history read of a known commit range prints only what those commits change. Both are judged
// against the files and refs on disk: `.env` (committed in the first commit) is out of reach unless the search's
// pattern is in it or the range holds that commit.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { evalCalls } from '../helpers/cli';
import { makeWorkspace } from './workspace';

const git = (ws: string, ...args: string[]) =>
  execFileSync('git', ['-C', ws, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { encoding: 'utf8' }).trim();

describe('narrowed reads: search patterns and commit ranges, on a real repository', function () {
  this.timeout(120_000);
  let w: { root: string; ws: string; home: string };
  let envBlob: string;

  before(function () {
    w = makeWorkspace();
    try {
      git(w.ws, 'rev-parse', 'HEAD');
    } catch {
      this.skip(); // no git on this machine
    }
    // A second commit that does not touch `.env`.
    fs.appendFileSync(path.join(w.ws, 'src', 'app.ts'), '// TODO: split\n');
    git(w.ws, 'commit', '-qam', 'second');
    envBlob = git(w.ws, 'rev-parse', 'HEAD:.env');
  });
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  const decide = (lines: string[]) =>
    evalCalls(
      lines.map((command) => ({ op: 'exec', command })),
      ['--workspace', w.ws],
      { cwd: w.ws, env: { HOME: w.home } },
    ).map((v) => v.decision);

  function expectAll(lines: string[], want: 'allow' | 'refused') {
    const got = decide(lines);
    const wrong = lines.filter((l, i) => (want === 'allow' ? got[i] !== 'allow' : got[i] === 'allow')).map((l) => `${l}: ${got[lines.indexOf(l)]}`);
    assert.deepEqual(wrong, []);
  }

  it('allows a recursive search whose pattern no protected file holds', () => {
    expectAll(
      [
        'grep -rn TODO .',
        'grep -rn -A2 TODO src .',
        'rg -uu TODO',
        'git grep -n TODO',
        'grep -rli "todo" .',
        'grep -rn zzzz . | head',
        "grep -rnE 'TODO|FIXME' .",
        "git grep -n 'TODO\\|FIXME'",
      ],
      'allow',
    );
  });

  it('refuses a recursive search that may print a protected line', () => {
    expectAll(
      [
        'grep -rn API_KEY .',
        'grep -rni db_password .',
        'grep -r not-a-real .',
        'grep -r -v zzzz .',
        'grep -r -e zzzz -e KEY .',
        "grep -rnE 'zzzz|PASSWORD' .",
        "grep -r 'zzzz\\|KEY' .",
        'grep -r . .',
        "grep -rn '' .",
        'rg -uu --passthru zzzz',
        'git grep --not -e zzzz',
        'git stash pop && grep -r zzzz .',
        'RIPGREP_CONFIG_PATH=/tmp/rgrc rg -uu zzzz',
      ],
      'refused',
    );
  });

  it('allows a history read of commits that do not change a protected file', () => {
    expectAll(
      ['git show', 'git show HEAD', 'git log -p -1', 'git format-patch -1 --stdout', 'git diff HEAD~1', 'git diff HEAD~1..HEAD', 'git diff HEAD~1...HEAD'],
      'allow',
    );
  });

  it('refuses a history read that reaches the commit that added .env, or one it cannot pin down', () => {
    expectAll(
      [
        'git show HEAD~1',
        'git log -p -2',
        'git log -p',
        'git format-patch -2 --stdout',
        'git format-patch --root --stdout',
        `git show ${envBlob}`,
        `git diff ${envBlob} HEAD`,
        'git diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 HEAD',
        'git log -p --all -1',
        'git reset --soft HEAD~1 && git show HEAD',
        'git branch -f old HEAD~1 && git show old',
        'GIT_DIR=/elsewhere/.git git show HEAD',
        'git --git-dir=/elsewhere/.git show HEAD',
      ],
      'refused',
    );
  });

  it('judges a work-tree diff by the files it lists: a changed tracked .env is refused', () => {
    expectAll(['git diff', 'git diff --cached'], 'allow');
    const env = path.join(w.ws, '.env');
    const before = fs.readFileSync(env, 'utf8');
    fs.appendFileSync(env, 'NEW_KEY=not-a-real-value\n');
    try {
      expectAll(['git diff', 'git diff HEAD', 'git diff -U0'], 'refused');
      expectAll(['git diff --stat', 'git diff -- src'], 'allow');
    } finally {
      fs.writeFileSync(env, before);
    }
  });

  // `git stash list -p`, `git reflog -p` walk a reflog (`git log -g`): each entry prints what its commit changes.
  it('judges a stash or a reflog read by the commits it walks: a stash of .env is refused, others are allowed', () => {
    // No stash at all: git prints nothing and fails (a history holding .env is not read).
    expectAll(['git stash show -p', 'git stash list -p', 'git stash show -p stash@{2}'], 'allow');
    expectAll(['git stash -u && git stash show -p --include-untracked', 'git log -p secrets/token.txt'], 'refused');
    fs.appendFileSync(path.join(w.ws, 'README.md'), 'more\n');
    git(w.ws, 'stash', '-q');
    try {
      expectAll(
        ['git stash show -p', 'git stash show -p stash@{0}', 'git stash list -p', 'git stash list -p -1', 'git reflog -p -1', 'git reflog show -p -1 HEAD'],
        'allow',
      );
      fs.appendFileSync(path.join(w.ws, '.env'), 'NEW_KEY=not-a-real-value\n');
      git(w.ws, 'stash', '-q');
      expectAll(['git stash show -p', 'git stash list -p', 'git stash list -p -1', 'git reflog -p', 'git reflog -p -9', 'git stash list -p --all'], 'refused');
      expectAll(['git stash show -p stash@{1}', 'git stash show -p 1', 'git stash list --stat'], 'allow');
      // The harm is real: the stash's patch prints the new .env line.
      assert.match(git(w.ws, 'stash', 'list', '-p'), /NEW_KEY=not-a-real-value/);
    } finally {
      git(w.ws, 'stash', 'clear');
    }
  });
});
