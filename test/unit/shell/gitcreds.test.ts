// Git configuration that holds a credential, printed into the agent's context: a CI checkout's
// `http.<url>.extraheader = AUTHORIZATION: basic …`, a remote URL with a token in it, a `*.token` key.
// `git config --list`, `--get-regexp http`, `git remote -v` print them; the guard reads the files and asks only
// then (a configuration without credentials stays an everyday read). Through `agentguard eval` on real
// repositories, and replayed with the real git to show the value really is printed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentialEntry, parseGitConfig } from '../../../src/core/shell/rules/gitcreds';
import { evalCalls } from '../helpers/cli';

// Not a credential of any service: built at run time so no token-shaped text sits in the repository.
const SECRET = ['not', 'a', 'real', 'value'].join('-');
const HEADER = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${SECRET}`).toString('base64')}`;

const DANGEROUS = [
  'git config --list',
  'git config -l',
  'git config list',
  'git config --local --list',
  'git config --show-origin --list',
  'git config --list --show-scope',
  'git config --get-regexp http',
  "git config --get-regexp '^http\\.'",
  'git config --get-regexp extraheader',
  'git config --get-urlmatch http https://github.com',
  'git config http.https://github.com/.extraheader',
  'git config --get remote.origin.url',
  'git config get remote.origin.url',
  'git config remote.origin.url',
  'git config --get-all remote.origin.url',
  'git remote -v',
  'git remote --verbose',
  'git remote get-url origin',
  'git remote show origin',
  'git ls-remote --get-url',
  'git config --get-regexp remote',
  'git -C sub config --list',
  'cd sub && git remote -v',
  'git config --list | grep http',
  'git config -f .git/config --list',
];

const BENIGN = [
  'git config user.name',
  'git config --get user.email',
  'git config core.editor',
  "git config --get-regexp '^alias\\.'",
  'git config --get-regexp user',
  'git config --global --list',
  'git config --list | wc -l',
  'git remote',
  'git remote show',
  'git config --get init.defaultBranch',
  'git config user.name Dev',
  'git status',
  'git log --oneline -3',
  'git config --get-regexp core',
  'git config --get branch.main.remote',
  'git config pull.rebase',
  'git config --bool core.bare',
  'git config --global --get user.name',
  'git remote get-url upstream',
  'git config --get remote.upstream.url',
];

describe('secrets.git-config: git configuration that holds a credential, printed', function () {
  this.timeout(120_000);
  let root = '';
  let ws = '';
  let clean = '';
  let home = '';
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, HOME: home } });
  before(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'ag-gitcreds-')));
    ws = join(root, 'project');
    clean = join(root, 'clean');
    home = join(root, 'home');
    for (const d of [ws, clean, home, join(ws, 'sub')]) mkdirSync(d, { recursive: true });
    writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = dev\n\temail = dev@example.com\n');
    for (const d of [ws, clean]) {
      git(d, 'init', '-q');
      git(d, 'remote', 'add', 'upstream', 'https://example.com/upstream.git');
    }
    git(ws, 'config', 'http.https://github.com/.extraheader', HEADER);
    git(ws, 'remote', 'add', 'origin', `https://x-access-token:${SECRET}@example.com/o/r.git`);
    git(clean, 'remote', 'add', 'origin', 'https://example.com/o/r.git');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const verdicts = (cwd: string, lines: string[]) =>
    evalCalls(
      lines.map((command) => ({ op: 'exec', command })),
      ['--workspace', cwd],
      { cwd, env: { HOME: home } },
    );

  it('the credential is really printed by git (replayed)', () => {
    assert.ok(git(ws, 'config', '--list').includes(HEADER.split(' ').pop()!));
    assert.ok(git(ws, 'remote', '-v').includes(SECRET));
    assert.ok(git(ws, 'config', '--get-regexp', 'http').includes('AUTHORIZATION'));
  });

  it('asks when what it prints holds a credential', () => {
    const got = verdicts(ws, DANGEROUS);
    const allowed = DANGEROUS.filter((_, i) => got[i].decision === 'allow');
    assert.deepEqual(allowed, [], `allowed: ${allowed.join(' | ')}`);
    // The reason names the key, never the value.
    for (const v of got) assert.ok(!v.reason.includes(SECRET) && !v.reason.includes('basic '), v.reason);
  });

  it('reads that print no credential stay allowed', () => {
    const got = verdicts(ws, BENIGN);
    const asked = BENIGN.map((l, i) => `${l} → ${got[i].decision} ${got[i].reason}`).filter((_, i) => got[i].decision !== 'allow');
    assert.deepEqual(asked, []);
  });

  it('a configuration without credentials: every read is allowed', () => {
    // (`--get-regexp extraheader` names a credential key: git.config-redirect asks about it by name.)
    const lines = [...DANGEROUS.filter((l) => !l.includes('sub') && !l.includes('extraheader')), ...BENIGN];
    const got = verdicts(clean, lines);
    const asked = lines.map((l, i) => `${l} → ${got[i].decision} ${got[i].reason}`).filter((_, i) => got[i].decision !== 'allow');
    assert.deepEqual(asked, []);
  });

  it('a worktree reads the main repository’s configuration', () => {
    const wt = join(root, 'wt');
    git(ws, '-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'x');
    git(ws, 'worktree', 'add', '-q', wt);
    const [list, user] = verdicts(wt, ['git config --list', 'git config user.name']);
    assert.equal(list.decision, 'ask', list.reason);
    assert.equal(user.decision, 'allow', user.reason);
  });

  // Reading the configuration file itself prints the same entries (`cat .git/config` is `git config --list`
  // without the formatting): asked when the file holds a credential, an everyday read when it holds none.
  const FILE_READS = [
    'cat .git/config',
    'head -20 .git/config',
    'grep url .git/config',
    'less .git/config',
    'base64 .git/config',
    'cp .git/config /tmp/gc',
    'tar -cf - .git',
    'sed -n p .git/config',
    'awk 1 .git/config',
    'cat ./.git/../.git/config',
    'cd .git && cat config',
    'cat .git/conf*',
    'xxd .git/config',
    'strings .git/config',
    'python3 -c "print(open(\'.git/config\').read())"',
    'ln -s .git/config c.txt && cat c.txt',
    'cat ~/.gitconfig',
    'grep -r token ~/.gitconfig',
    'diff .git/config /dev/null',
    'cat .gitmodules',
  ];
  const FILE_BENIGN = ['cat .git/HEAD', 'ls .git', 'cat .gitignore', 'git config user.name', 'cat .git/description', 'head -1 .git/HEAD'];

  it('reading a configuration file that holds a credential is asked (cat .git/config, ~/.gitconfig, .gitmodules)', () => {
    writeFileSync(
      join(home, '.gitconfig'),
      `[user]\n\tname = dev\n[url "https://x-access-token:${SECRET}@example.com/"]\n\tinsteadOf = https://example.com/\n`,
    );
    writeFileSync(join(ws, '.gitmodules'), `[submodule "lib"]\n\tpath = lib\n\turl = https://x-access-token:${SECRET}@example.com/lib.git\n`);
    try {
      assert.ok(execFileSync('cat', [join(ws, '.git', 'config')], { encoding: 'utf8' }).includes(HEADER.split(' ').pop()!)); // replayed: it prints it
      const got = verdicts(ws, FILE_READS);
      const allowed = FILE_READS.filter((_, i) => got[i].decision === 'allow');
      assert.deepEqual(allowed, []);
      for (const v of got) assert.ok(!v.reason.includes(SECRET) && !v.reason.includes('basic '), v.reason);
      const ok = verdicts(ws, FILE_BENIGN);
      assert.deepEqual(
        FILE_BENIGN.filter((_, i) => ok[i].decision !== 'allow'),
        [],
      );
    } finally {
      writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = dev\n\temail = dev@example.com\n');
      rmSync(join(ws, '.gitmodules'));
    }
  });

  it('reading a configuration file without a credential stays allowed', () => {
    const lines = FILE_READS.filter((l) => !l.includes('.gitmodules') && !l.includes('/tmp/gc') && !l.includes('ln -s') && !l.includes('python3'));
    const got = verdicts(clean, lines);
    assert.deepEqual(
      lines.map((l, i) => `${l} → ${got[i].decision} ${got[i].reason}`).filter((_, i) => got[i].decision !== 'allow'),
      [],
    );
  });

  it('parses git configuration and tells credentials from ordinary values', () => {
    const e = parseGitConfig(
      '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eA==\n[Remote "origin"]\n\turl = https://u:p@h/r\n[core]\n\tbare\n',
    );
    assert.deepEqual(
      e.map((x) => x.key),
      ['http.https://github.com/.extraheader', 'remote.origin.url', 'core.bare'],
    );
    assert.deepEqual(
      e.map((x) => credentialEntry(x)),
      [true, true, false],
    );
    assert.equal(credentialEntry({ key: 'remote.origin.url', value: 'git@github.com:o/r.git' }), false);
    assert.equal(credentialEntry({ key: 'remote.origin.url', value: 'https://github.com/o/r.git' }), false);
    assert.equal(credentialEntry({ key: 'hub.oauthtoken', value: 'x' }), true);
    assert.equal(credentialEntry({ key: 'user.name', value: 'dev' }), false);
    // A URL with a token in a subsection is in the key `git config --list` prints.
    assert.equal(credentialEntry({ key: `url.https://u:${SECRET}@example.com/.insteadof`, value: 'https://example.com/' }), true);
    assert.equal(credentialEntry({ key: 'url.git@github.com:.insteadof', value: 'https://github.com/' }), false);
  });
});
