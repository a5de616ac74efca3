// The wrapper table: each row's samples say what command a wrapper runs (`timeout 5 rm -rf b` runs `rm -rf b`;
// `ionice -p PID` runs nothing). The inner command is judged: a destructive one behind any wrapper is asked.
import assert from 'node:assert/strict';
import type { CommandPolicy } from '../../../src/core/policy/types';
import { analyzeCommand, decideCommand } from '../../../src/core/shell/index';
import { WRAPPERS, WRAPPERS_SPEC } from '../../../src/core/shell/programs/wrappers';

const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev' };
const policy: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true };

describe('wrapper table', () => {
  it('has rows with descriptions and samples', () => {
    assert.ok(WRAPPERS.size >= 40, `${WRAPPERS.size}`);
    for (const w of WRAPPERS_SPEC) {
      assert.ok(w.d.length > 10, w.n);
      assert.ok(w.samples.length > 0, w.n);
    }
  });
  for (const w of WRAPPERS_SPEC) {
    for (const sample of w.samples) {
      const [line, inner] = sample.split(' => ');
      it(`${line} runs ${inner}`, () => {
        const subs = analyzeCommand(line, env).subcommands.map((s) => s.argv.map((x) => (x === null ? '?' : x)).join(' '));
        if (inner === '-') assert.deepEqual(subs, [line], 'runs nothing but itself');
        else assert.ok(subs.includes(inner), `${JSON.stringify(subs)}`);
      });
    }
  }

  const RUNNERS: string[] = [
    "parallel 'rm -rf {}' ::: build",
    'gdb --args rm -rf build',
    "gdb -batch -ex 'shell rm -rf build' ./app",
    'bwrap --bind / / rm -rf build',
    "hyperfine 'rm -rf build'",
    "hyperfine --prepare 'rm -rf build' 'ls'",
    "nodemon --exec 'rm -rf build'",
    'watchexec -- rm -rf build',
    "entr -s 'rm -rf build'",
    "sg staff -c 'rm -rf build'",
    'cmake -E rm -rf build',
    'cmake -E remove_directory build',
    "tar -cf /tmp/a.tar --checkpoint=1 --checkpoint-action=exec='rm -rf build' src",
    'tar -cf /tmp/a.tar --to-command="rm -rf build" src',
    "ssh -o ProxyCommand='rm -rf build' host",
    "ssh -oProxyCommand='rm -rf build' host",
    'rsync -e \'sh -c "rm -rf build"\' src/ host:/x',
    'systemd-run --user rm -rf build',
    'screen -dm rm -rf build',
    "screen -S x -X stuff 'rm -rf build\\n'",
    "tmux new -d 'rm -rf build'",
    "tmux send-keys -t 0 'rm -rf build' Enter",
    "git submodule foreach 'rm -rf build'",
    "git difftool -x 'rm -rf build' HEAD~1",
    "GIT_EXTERNAL_DIFF='rm -rf build' git diff",
    "PAGER='rm -rf build' git log",
    "GIT_SSH_COMMAND='rm -rf build' git fetch",
    "sed -n '1e rm -rf build' README.md",
    'sqlite3 app.db ".shell rm -rf build"',
    "psql -c '\\! rm -rf build'",
    "mysql -e 'system rm -rf build'",
    'awk \'BEGIN { system("rm -rf build") }\'',
    'awk \'BEGIN { print "rm -rf build" | "sh" }\'',
    "echo 'rm -rf build' | at now",
    "printf '\\162\\155 -rf build' | sh",
    "vim -c ':!rm -rf build' -c ':q' README.md",
    "make CC='rm -rf build'",
    'fakeroot -- rm -rf build',
    "nix-shell -p hello --run 'rm -rf build'",
    "concurrently 'rm -rf build' 'npm run dev'",
    "chokidar 'src/**' -c 'rm -rf build'",
    "man -P 'rm -rf build' ls",
    "sort --compress-program='rm -rf build' x",
  ];
  for (const line of RUNNERS) {
    it(`judges what it runs: ${JSON.stringify(line)}`, () => {
      const a = analyzeCommand(line, env);
      assert.ok(
        a.findings.some((f) => f.rule === 'rm.recursive'),
        `${JSON.stringify(a.findings.map((f) => `${f.rule}: ${f.explanation}`))}`,
      );
      assert.notEqual(decideCommand(line, policy, env).verdict.decision, 'allow');
    });
  }
});
