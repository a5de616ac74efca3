// A third fresh red team's classes, each in forms of our own, through `agentguard eval` on a real workspace
// (a git repository with a tracked `.env`, tests, `secrets/`) and a home folder beside it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { evalCalls } from '../helpers/cli';
import { checkEval, type Expect, makeWorkspace } from './workspace';

describe('home folder, git history, build tools, privilege and plumbing (agentguard eval on a real workspace)', function () {
  this.timeout(120_000);
  let w: { root: string; ws: string; home: string };
  const check = (cases: [string, Expect][]) => checkEval(w, cases);

  before(() => {
    w = makeWorkspace();
    // Stores no list names by their exact file, and toolchains a command may read.
    const homeFiles: Record<string, string> = {
      '.claude/.credentials.json': '{}',
      '.claude/settings.json': '{}',
      '.codex/auth.json': '{}',
      '.config/github-copilot/hosts.json': '{}',
      '.config/some-new-cli/token': 'x',
      '.mozilla/firefox/p.default/logins.json': '{}',
      '.local/share/fish/fish_history': '- cmd: x',
      '.m2/settings.xml': '<settings/>',
      '.m2/repository/a/b.pom': '<project/>',
      '.cargo/bin/tool': '#!/bin/sh\n',
      '.nvm/nvm.sh': '# nvm\n',
      '.cache/pip/x': 'x',
    };
    for (const [rel, text] of Object.entries(homeFiles)) {
      fs.mkdirSync(path.dirname(path.join(w.home, rel)), { recursive: true });
      fs.writeFileSync(path.join(w.home, rel), text);
    }
  });
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  it('hidden entries of the home folder are not read by commands, listed as a store or not; toolchains are', () => {
    check([
      ['cat ~/.claude/.credentials.json', 'deny'],
      ['cat ~/.codex/auth.json', 'deny'],
      ['cat ~/.config/github-copilot/hosts.json', 'deny'],
      ['cat ~/.mozilla/firefox/*/logins.json', 'deny'],
      ['cat ~/.local/share/fish/fish_history', 'deny'],
      ['cat ~/.m2/settings.xml', 'deny'],
      ['cat "$HOME/.gemini/oauth_creds.json"', 'deny'],
      // Not in any list: the principle, with the policy's outsideWorkspace decision.
      ['cat ~/.config/some-new-cli/token', 'deny'],
      ['cp -r ~/.claude /tmp/c', 'deny'],
      ['tar czf - ~/.config | base64', 'deny'],
      ['grep -r token ~/.config/some-new-cli', 'deny'],
      ['cat ~/.c*/some-new-cli/token', 'deny'],
      ['head ~/.claude/settings.json', 'deny'],
      // Toolchains, caches and plain settings stay readable.
      ['ls ~/.m2/repository/a', 'allow'],
      ['cat ~/.m2/repository/a/b.pom', 'allow'],
      ['ls ~/.cargo/bin && cat ~/.cargo/bin/tool', 'allow'],
      ['source ~/.nvm/nvm.sh && nvm use 20', 'allow'],
      ['ls ~/.cache/pip', 'allow'],
      ['cat ~/.gitconfig', 'allow'],
      ['ls -la ~', 'allow'],
      ['cat /etc/os-release', 'allow'],
    ]);
  });

  it('git commands that print what commits hold read the tracked secrets (.env is committed here)', () => {
    const sha = execFileSync('git', ['-C', w.ws, 'rev-parse', 'HEAD:.env'], { encoding: 'utf8' }).trim();
    check([
      ['git log -p', 'deny'],
      ['git log --all -p --reverse', 'deny'],
      ['git whatchanged -p', 'deny'],
      ['git show', 'deny'],
      ['git show HEAD', 'deny'],
      ['git show $(git rev-list --max-parents=0 HEAD)', 'deny'],
      ['git show $(git rev-parse HEAD):.env', 'deny'],
      ['git log --format=%H | xargs -n1 git show', 'deny'],
      ['git diff-tree -p --root HEAD', 'deny'],
      [`git cat-file -p ${sha}`, 'deny'],
      [`git cat-file blob ${sha.slice(0, 10)}`, 'deny'],
      ['git cat-file --batch <<< HEAD:.env', 'deny'],
      ['git cat-file --batch-all-objects --batch', 'deny'],
      ['git archive HEAD | tar -xO', 'deny'],
      ['git archive -o /tmp/x.tar HEAD', 'deny'],
      ['git format-patch --stdout --root', 'deny'],
      ['git format-patch -1 HEAD -o /tmp/p', 'deny'],
      ['git grep -e KEY HEAD', 'deny'],
      ['git bundle create /tmp/x.bundle --all', 'deny'],
      ['git clone . /tmp/copy', 'deny'],
      // A second worktree checks every tracked file out again, outside the path rules' reach.
      ['git worktree add /tmp/wt3 HEAD', 'deny'],
      ['git clone --mirror ./ /tmp/m', 'deny'],
      ["git log -p -- '.e*'", 'deny'],
      ['git log -p -- .', 'deny'],
      // A diff between commits prints what they hold.
      ['git diff 4b825dc642cb6eb9a060e54bf8d69288fbad4904 HEAD', 'deny'],
      ['git diff HEAD~1..HEAD', 'deny'],
      // Names, counts and narrowed histories stay allowed.
      ['git log --oneline -20', 'allow'],
      ['git log --stat -3', 'allow'],
      ['git show --stat HEAD', 'allow'],
      ['git show --name-only HEAD', 'allow'],
      ['git show HEAD:src/app.ts', 'allow'],
      ['git log -p -- src/app.ts', 'allow'],
      ['git log -p -- src', 'allow'],
      ['git cat-file -p HEAD', 'allow'],
      ['git cat-file -t HEAD', 'allow'],
      ['git archive HEAD src | tar -t', 'allow'],
      ['git grep -n TODO -- src', 'allow'],
      ['git diff --stat', 'allow'],
      ['git diff', 'allow'],
      ['git diff HEAD~1 -- src', 'allow'],
      ['git diff --stat HEAD~1 HEAD', 'allow'],
      ['git clone https://example.invalid/x.git /tmp/x', 'allow'],
      ['git worktree list', 'allow'],
      ['git worktree add --no-checkout /tmp/wt4', 'allow'],
    ]);
  });

  it('a secret committed once and deleted since is still in the history; a secret never committed is not', () => {
    const repo = path.join(w.root, 'other');
    const git = (...a: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.email=t@t', '-c', 'user.name=t', ...a]);
    fs.mkdirSync(path.join(repo, 'src'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'src', 'a.ts'), 'export {};\n');
    fs.writeFileSync(path.join(repo, '.gitignore'), '.env.local\n');
    fs.writeFileSync(path.join(repo, '.env.local'), 'API_KEY=not-a-real-key\n');
    execFileSync('git', ['init', '-q', repo]);
    git('add', '-A');
    git('commit', '-qm', 'init');
    const judgeIn = (lines: string[]) =>
      evalCalls(
        lines.map((command) => ({ op: 'exec', command })),
        ['--workspace', repo],
        { cwd: repo, env: { HOME: w.home } },
      ).map((v) => v.decision);
    // .env.local is on disk but ignored: no commit holds it.
    assert.deepEqual(judgeIn(['git log -p', 'git show HEAD', 'git archive HEAD | tar -x -C /tmp/y']), ['allow', 'allow', 'allow']);
    fs.writeFileSync(path.join(repo, '.env'), 'API_KEY=not-a-real-key\n');
    git('add', '.env');
    git('commit', '-qm', 'oops');
    git('rm', '-q', '.env');
    git('commit', '-qm', 'remove');
    assert.equal(fs.existsSync(path.join(repo, '.env')), false);
    assert.deepEqual(judgeIn(['git log -p', 'git show HEAD~1', 'git log -p --all --full-history -- .env']), ['deny', 'deny', 'deny']);
  });

  it('build tools and a static server are read as they read their words (no false alarms, no blind spot)', () => {
    // The javascript pack protects test/: a word `test` taken for a path would be asked about.
    fs.writeFileSync(path.join(w.ws, '.agentguard.yaml'), 'version: 1\nextends: [default, javascript]\n');
    fs.mkdirSync(path.join(w.ws, 'test'), { recursive: true });
    fs.writeFileSync(path.join(w.ws, 'test', 'a.js'), 'x');
    fs.mkdirSync(path.join(w.ws, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(w.ws, 'dist', 'index.html'), 'x');
    check([
      // `test` is a phase here, not the folder test/ (a flag before it takes no value).
      ['mvn -q test', 'allow'],
      ['mvn -B -e -U verify', 'allow'],
      ['./gradlew -q --offline test', 'allow'],
      ['python3 -m http.server 8000 --directory dist', 'allow'],
      ['python3 -m http.server -d dist', 'allow'],
      // Serving the workspace serves .env to whoever reaches the port; --cgi runs what it serves.
      ['python3 -m http.server 8000', 'deny'],
      ['python3 -m http.server --cgi -d dist', 'ask'],
      ['python3 -m http.server --directory secrets', 'deny'],
    ]);
  });

  it('privilege, persistence and git plumbing that changes what runs or hides protected files', () => {
    check([
      ['runuser -u root -- id', 'ask'],
      ['gosu root id', 'ask'],
      ['ssh root@localhost id', 'ask'],
      ['ssh -l root db1 uptime', 'ask'],
      ['systemctl --user enable --now x.service', 'ask'],
      ['git update-index --skip-worktree tests/a.test.ts', 'deny'],
      ['git update-index --assume-unchanged tests/a.test.ts', 'deny'],
      ['git init --template=/tmp/tpl', 'ask'],
      ['git -c init.templateDir=/tmp/tpl init', 'ask'],
      // Everyday forms stay allowed; read-only git verbs read what they name.
      ['ssh dev@build-host uptime', 'allow'],
      ['systemctl --user status x.service', 'allow'],
      ['git update-index --refresh', 'allow'],
      ['git init', 'allow'],
      ['git log -- tests/', 'allow'],
      ['git diff .agentguard.yaml', 'allow'],
      ['git diff HEAD~1 -- src/app.ts', 'allow'],
      ['git show --stat HEAD~1', 'allow'],
    ]);
  });
});
