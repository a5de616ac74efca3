// `agentguard eval --session`: a function or alias one step defines is judged by its body where a later step uses it
// (blind red team rt17cmd: `w(){ tee "$1"; }` then `echo x | w tests/a.test.ts` was allowed, `w` read as the harmless
// program of that name). The functions go beside the later step's text, never in it (an agent could forge that).
import assert from 'node:assert/strict';
import { evalCalls } from '../helpers/cli';
import { suiteWorkspace } from './workspace';

describe('eval --session: functions and aliases kept between steps', () => {
  const w = suiteWorkspace();
  const cases: [string[], 'allow' | 'ask' | 'deny' | 'not-allow'][] = [
    [['w(){ tee "$1"; }', 'echo x | w tests/a.test.ts'], 'deny'],
    [['alias w=tee', 'echo x | w tests/a.test.ts'], 'deny'],
    [['function rd { cat "$@"; }', 'rd .env'], 'deny'],
    [['r(){ git reset "$@"; }', 'r --hard HEAD~1'], 'not-allow'],
    [['alias w="rm -rf"', 'w src'], 'not-allow'],
    [['clean(){ rm -rf "$1"; }', 'echo hi', 'clean src'], 'not-allow'],
    // Called by its exact name: `ls2` is not ls, `Cat` is not cat.
    [['ls2(){ rm -rf "$1"; }', 'ls2 src'], 'not-allow'],
    [['Cat(){ cat "$@"; }', 'Cat .env'], 'deny'],
    [['alias cp2=cp', 'cp2 /tmp/x .git/hooks/pre-commit'], 'deny'],
    [['ll(){ ls -la "$@"; }', 'll src'], 'allow'],
    [['alias gs="git status"', 'gs'], 'allow'],
    [['t(){ npm test -- "$@"; }', 't tests/a.test.ts'], 'allow'],
    [['w(){ tee "$1"; }', 'w(){ echo "$1"; }', 'w tests/a.test.ts'], 'allow'],
    // A parameter under an operator: bash reads `${1+.env}` as .env once $1 is set (it was put in place as `a+.env}`).
    [['f(){ cat ${1+.env}; }', 'f a'], 'not-allow'],
    [['f(){ cat "${1:+.env}"; }', 'f a'], 'not-allow'],
    [['g(){ cat ${1-.env}; }', 'g'], 'not-allow'],
    [['k(){ cat "${@: -1}"; }', 'k a .env'], 'not-allow'],
    [['t(){ rm -r "${10}"; }', 't 1 2 3 4 5 6 7 8 9 src'], 'not-allow'],
  ];
  for (const [lines, want] of cases)
    it(`${want}: ${lines.join(' ⏎ ')}`, () => {
      const out = evalCalls(
        lines.map((command) => ({ op: 'exec', command })),
        ['--workspace', w.ws, '--session'],
        { cwd: w.ws, env: { HOME: w.home } },
      );
      const last = out[out.length - 1];
      if (want === 'not-allow') assert.notEqual(last.decision, 'allow', last.reason);
      else assert.equal(last.decision, want, `${last.rule}: ${last.reason}`);
    });
});
