// The program table: every row compiles, every row carries samples, and the samples behave. A benign sample
// (`ok`) must be allowed as it is (the false-positive guard); an effect sample (`eff`) must yield the path
// effects it names, or not yield those it names with `!` (what the row says the program does to paths).
import assert from 'node:assert/strict';
import type { CommandPolicy } from '../../../src/core/policy/types';
import { analyzeCommand, decideCommand } from '../../../src/core/shell/index';
import { ROWS, TABLES } from '../../../src/core/shell/programs/index';
import type { Row, RowSpec } from '../../../src/core/shell/programs/spec';

const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev' };
const policy: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true };

const PATH_ROLES = /[RTWYADNX?FOH]/;

function rolesOf(spec: RowSpec): string {
  const opts = (spec.o ?? '').match(/=\[?([A-Z?])/g)?.join('') ?? '';
  return (
    opts +
    (spec.a ?? '') +
    Object.values(spec.sub ?? {})
      .map(rolesOf)
      .join('')
  );
}

function abs(p: string): string {
  if (p.startsWith('/')) return p;
  return `${env.cwd}/${p}`;
}

describe('program table', () => {
  it('holds a few hundred programs, each name in one row', () => {
    assert.ok(ROWS.size > 400, `${ROWS.size} names`);
  });

  for (const [table, specs] of TABLES) {
    for (const spec of specs) {
      describe(`${table}: ${spec.n.split(' ').slice(0, 4).join(' ')}`, () => {
        it('says what it is and carries samples', () => {
          assert.ok(spec.d.length > 8, 'description');
          assert.ok((spec.ok?.length ?? 0) + (spec.eff?.length ?? 0) > 0 || !!spec.x, 'no sample');
          if (PATH_ROLES.test(rolesOf(spec)) && spec.eff === undefined && spec.ok === undefined) assert.fail('a row that touches paths needs an effect sample');
        });
        for (const line of spec.ok ?? []) {
          it(`allows ${JSON.stringify(line)}`, () => {
            const v = decideCommand(line, policy, env).verdict;
            assert.equal(v.decision, 'allow', `${v.rule}: ${v.reason}`);
          });
        }
        for (const e of spec.eff ?? []) {
          const [line, want] = e.split(' => ');
          it(`${JSON.stringify(line)} ⇒ ${want}`, () => {
            const got = analyzeCommand(line, env).paths.map((p) => `${p.op} ${p.path}`);
            for (const item of want.split(', ')) {
              const neg = item.startsWith('!');
              const [op, ...rest] = (neg ? item.slice(1) : item).split(' ');
              const path = abs(rest.join(' '));
              const has = got.some((g) => g === `${op} ${path}` || g === `${op} ${path.replace(/\/\.\//, '/')}`);
              assert.equal(has, !neg, `${neg ? 'unexpected' : 'missing'} ${op} ${path} in ${JSON.stringify(got)}`);
            }
          });
        }
      });
    }
  }

  it('a program without a row is not modelled: asked, never allowed', () => {
    for (const line of ['frobnicate', 'frobnicate --all .', 'ansible-vault view x', 'mytool build']) {
      const v = decideCommand(line, policy, env).verdict;
      assert.equal(v.decision, 'ask', line);
      assert.equal(v.rule, 'cmd:exec.unmodelled', line);
    }
  });

  it("an unknown program's words name paths: a protected one is touched in every way", () => {
    const p = analyzeCommand("frobnicate --in=.env 'x=<secrets/k' HEAD:.env @.env", env).paths.map((x) => `${x.op} ${x.path}`);
    for (const want of ['any /home/dev/project/.env', 'any /home/dev/project/secrets/k']) assert.ok(p.includes(want), `${want} in ${JSON.stringify(p)}`);
  });

  it('a verb the row does not list is not modelled', () => {
    for (const line of ['git frobnicate', 'npm frobnicate', 'docker frobnicate', 'kubectl frobnicate x']) {
      assert.equal(decideCommand(line, policy, env).verdict.rule, 'cmd:exec.unmodelled', line);
    }
  });

  it('a strict row does not guess at an option it does not know', () => {
    for (const line of ['cat --frobnicate x', 'sort --frobnicate=y x', 'cp --frobnicate a b', 'rm --frobnicate x']) {
      const v = decideCommand(line, policy, env).verdict;
      assert.equal(v.rule, 'cmd:exec.unmodelled', `${line}: ${v.rule}`);
    }
  });

  it("a loose row reads an unknown option's next word as a possible path", () => {
    const p = analyzeCommand('npx jest --frobnicate tests/a.test.ts', env).paths.map((x) => `${x.op} ${x.path}`);
    assert.ok(p.includes('any /home/dev/project/tests/a.test.ts'), JSON.stringify(p));
    const q = analyzeCommand('npx jest tests/a.test.ts', env).paths.map((x) => `${x.op} ${x.path}`);
    assert.deepEqual(q, ['read /home/dev/project/tests/a.test.ts']);
  });

  it('option grammar: grouped flags, attached values, --opt=value, abbreviations, --', () => {
    const w = (line: string) =>
      analyzeCommand(line, env)
        .paths.filter((x) => x.op === 'write')
        .map((x) => x.path);
    assert.deepEqual(w('sort -uo tests/a.test.ts x'), ['/home/dev/project/tests/a.test.ts']);
    assert.deepEqual(w('sort -otests/a.test.ts x'), ['/home/dev/project/tests/a.test.ts']);
    assert.deepEqual(w('sort --output=tests/a.test.ts x'), ['/home/dev/project/tests/a.test.ts']);
    assert.deepEqual(w('sort --out tests/a.test.ts x'), ['/home/dev/project/tests/a.test.ts']);
    assert.deepEqual(w('sort -- -o'), []);
    assert.deepEqual(w('curl -so tests/a.test.ts https://x.example'), ['/home/dev/project/tests/a.test.ts']);
    assert.deepEqual(w('wget -qO tests/a.test.ts https://x.example'), ['/home/dev/project/tests/a.test.ts']);
  });

  it('every row a handler names has that handler (compiling the table would have thrown)', () => {
    const withHandler = [...new Set([...ROWS.values()])].filter((r: Row) => r.x !== undefined);
    assert.ok(withHandler.length > 30);
  });
});
