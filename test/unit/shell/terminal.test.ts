// The pure half of following a persistent terminal between calls (core/shell/terminal.ts).
import { strict as assert } from 'node:assert';
import type { CommandPolicy } from '../../../src/core/policy/types';
import { decideCommand } from '../../../src/core/shell/index';
import { afterAllowed, definitionsOf, EMPTY_TERMINAL, linesToJudge, MAX_PLACES, readState, settle } from '../../../src/core/shell/terminal';

const WS = '/home/dev/project';
const env = { cwd: WS, home: '/home/dev', workspace: WS };

describe('persistent terminal state (pure)', () => {
  it('a fresh terminal judges the command as typed, once', () => {
    assert.deepEqual(linesToJudge('npm test', EMPTY_TERMINAL), ['npm test']);
  });

  it('a cd let through: both places stay possible until the after-hook settles it', () => {
    const s1 = afterAllowed('cd tests', EMPTY_TERMINAL, 'id1', env);
    assert.deepEqual(s1.cwds, []);
    assert.deepEqual(s1.pending, { id: 'id1', cwds: [`${WS}/tests`] });
    assert.deepEqual(linesToJudge('ls', s1), ['ls', `cd -- '${WS}/tests'\nOLDPWD="$AGENTGUARD_TERMINAL_OLDPWD_UNKNOWN"\nls`]);
    const s2 = settle(s1, 'id1');
    assert.deepEqual(s2, { v: 1, cwds: [`${WS}/tests`], defs: [] });
    assert.equal(settle(s1, 'other-id'), s1, 'another call settles nothing');
  });

  it('relative cds compose from every possible place; cd back to the root leaves only the root', () => {
    let s = settle(afterAllowed('cd src', EMPTY_TERMINAL, 'a', env), 'a');
    s = settle(afterAllowed('cd lib', s, 'b', env), 'b');
    // The shell may also be a new one at the root (the person closed it, VS Code started another).
    assert.deepEqual(s.cwds.sort(), [`${WS}/lib`, `${WS}/src/lib`]);
    s = settle(afterAllowed(`cd ${WS}`, s, 'c', env), 'c');
    assert.deepEqual(s, { v: 1, cwds: [], defs: [] });
  });

  it('a cd only known at run time, or too many places, is an unknown place', () => {
    const s = settle(afterAllowed('cd "$(cat /tmp/where)"', EMPTY_TERMINAL, 'a', env), 'a');
    assert.deepEqual(s.cwds, [null]);
    assert.match(linesToJudge('cat x', s)[1], /AGENTGUARD_TERMINAL_DIR_UNKNOWN/);
    let t = EMPTY_TERMINAL;
    for (let i = 0; i <= MAX_PLACES + 1; i++) t = afterAllowed(`cd /srv/d${i}`, t, `x${i}`, env);
    assert.deepEqual(t.cwds, [null], 'unsettled calls pile up places until they are too many to judge');
  });

  it('keeps definitions that move the shell (aliases as the functions they amount to), not the others', () => {
    assert.deepEqual(definitionsOf('g() { cd .git/hooks; }'), ['g() { cd .git/hooks; }']);
    assert.deepEqual(definitionsOf("alias hk='cd .git/hooks' ll='ls -la'"), ['hk() { cd .git/hooks "$@"; }']);
    assert.deepEqual(definitionsOf('cleanup() { rm -rf build; }'), []);
    assert.deepEqual(definitionsOf('echo cd'), []);
    const s = settle(afterAllowed('g() { cd .git/hooks; }', EMPTY_TERMINAL, 'a', env), 'a');
    assert.deepEqual(linesToJudge('g && ls', s), ['g() { cd .git/hooks; }\ng && ls']);
  });

  it('the terminal is an interactive shell: its history is on, so printing it is asked there (not in `bash -c`)', () => {
    const policy: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: false };
    const judge = (lines: string[]) => lines.map((l) => decideCommand(l, policy, env).verdict.decision);
    for (const c of ['history | tail -5', 'history', 'history 20 | grep curl']) {
      assert.deepEqual(judge([c]), ['allow'], `${c} in bash -c prints nothing`);
      const lines = linesToJudge(c, EMPTY_TERMINAL);
      assert.match(lines[0], /^set -o history\n/);
      assert.deepEqual(judge(lines), ['ask'], `${c} in the terminal prints what was typed`);
    }
    const s = settle(afterAllowed('cd src', EMPTY_TERMINAL, 'a', env), 'a');
    assert.deepEqual(judge(linesToJudge('history | tail -5', s)), ['ask', 'ask']);
    // Only lines that may print it carry the marker.
    assert.deepEqual(linesToJudge('git log --oneline', EMPTY_TERMINAL), ['git log --oneline']);
    assert.deepEqual(judge(linesToJudge('history | wc -l', EMPTY_TERMINAL)), ['allow']);
  });

  it('a state that cannot be read back is an unknown place, never a fresh terminal', () => {
    assert.deepEqual(readState(null).cwds, [null]);
    assert.deepEqual(readState({ v: 2, cwds: [], defs: [] }).cwds, [null]);
    assert.deepEqual(readState({ v: 1, cwds: [3], defs: [] }).cwds, [null]);
    assert.deepEqual(readState({ v: 1, cwds: ['/x'], defs: [], pending: { id: 1 } }).cwds, [null]);
    assert.deepEqual(readState({ v: 1, cwds: ['/x'], defs: ['d'] }), { v: 1, cwds: ['/x'], defs: ['d'], pending: undefined });
  });
});
