// The rules for every program run only on the sub-commands their `concerns` admit (analyze.ts rulesFor), and
// judgeToolConfigs asks toolConfigs only about the programs toolConfigsConcern names. Neither may drop a case: with
// the index off, every rule runs on every sub-command of the public corpus, the attack sets, every rule's own
// examples and every string of the shell tests, on a real workspace (real files, so effects and directory facts
// are real); each firing must be one the rule's declaration admits, and the findings must be those of the index.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { analyze, ruleIndexForTests } from '../../../src/core/shell/analyze';
import { CATALOG } from '../../../src/core/shell/rules/index';
import type { Rule } from '../../../src/core/shell/rules/types';
import { toolConfigs, toolConfigsConcern } from '../../../src/core/shell/toolconfigs';
import type { CommandEnv } from '../../../src/core/shell/types';
import { shellTestLines } from './lines';
import { makeWorkspace } from './workspace';

function lines(): string[] {
  return shellTestLines(CATALOG.flatMap((r) => [...r.examples.destructive, ...r.examples.benign]));
}

function diskEnv(ws: string, home: string): CommandEnv {
  return {
    cwd: ws,
    workspace: ws,
    home,
    exists: (p) => fs.existsSync(p),
    isDir: (p) => {
      try {
        return fs.statSync(p).isDirectory();
      } catch {
        return false;
      }
    },
    readScript: (p, max) => {
      try {
        const st = fs.statSync(p);
        if (!st.isFile()) return undefined;
        return st.size > max ? false : fs.readFileSync(p, 'utf8');
      } catch {
        return undefined;
      }
    },
    listDir: (p) => {
      try {
        return fs.readdirSync(p, { withFileTypes: true }).map((e) => ({ name: e.name, dir: e.isDirectory() }));
      } catch {
        return undefined;
      }
    },
  };
}

/** A verdict-relevant view of an analysis (the pid of a /proc path differs from call to call). */
function view(a: ReturnType<typeof analyze>): string {
  return JSON.stringify({ findings: a.findings, paths: a.paths, errors: a.errors }).replace(/\/(proc|task)\/\d+/g, '/$1/N');
}

describe('rule index: the rules for every program run only where their declaration says, and drop nothing', function () {
  this.timeout(600_000);
  const all = lines();
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
  });
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  it('the rules that declare concerns are the every-program rules, and most of them do', () => {
    const generic = CATALOG.filter((r) => r.check && !r.names);
    const declared = generic.filter((r) => r.concerns);
    assert.ok(declared.length >= 15, `only ${declared.length} of ${generic.length} declare concerns`);
    // `concerns` is for rules without names: a named rule is indexed by its names already.
    assert.deepEqual(
      CATALOG.filter((r) => r.names && r.concerns).map((r) => r.id),
      [],
    );
  });

  it(`fires only where declared, and finds what the unindexed run finds (${all.length} lines)`, () => {
    const env = diskEnv(w.ws, w.home);
    const outside = new Set<string>();
    const differ: string[] = [];
    let fired = 0;
    for (const line of all) {
      const indexed = view(analyze(line, env));
      const { result, outside: out } = ruleIndexForTests(() => analyze(line, env));
      for (const o of out) outside.add(`${o.replace('\0', ' on ')}: ${JSON.stringify(line).slice(0, 120)}`);
      fired += result.findings.length;
      if (view(result) !== indexed) differ.push(JSON.stringify(line).slice(0, 200));
    }
    assert.ok(fired > 1000, `only ${fired} findings over the lines: the sets were not read`);
    assert.deepEqual([...outside], [], 'rules fired on sub-commands their concerns do not admit');
    assert.deepEqual(differ, [], 'the indexed analysis differs from the unindexed one');
  });

  it('a rule whose concerns leave a firing name out is caught (the check above can fail)', () => {
    // exec.stdin-program with a declaration that forgets the shells: `bash /dev/stdin` fires outside it.
    const rule = CATALOG.find((r) => r.id === 'exec.stdin-program') as Rule;
    const saved = rule.concerns;
    rule.concerns = { name: (n) => n === 'make' };
    try {
      const env = diskEnv(w.ws, w.home);
      const { outside } = ruleIndexForTests(() => analyze("bash /dev/stdin <<< 'ls'", env));
      assert.deepEqual(outside, ['exec.stdin-program\0bash']);
    } finally {
      rule.concerns = saved;
    }
  });

  it('toolConfigs answers nothing for a program toolConfigsConcern leaves out', () => {
    const env = { PYTHONPATH: 'src', MISE_ENV: 'x' };
    const names = new Set<string>(['constructor', 'toString', 'python', 'python3.12', 'pytest', 'npx', 'yarn', 'go', 'mise', 'vite', 'jest']);
    for (const line of all) for (const m of line.matchAll(/(?:^|[\s;&|(`])([\w.+-]{1,40})/g)) names.add(m[1]);
    let concerned = 0;
    for (const n of names) {
      if (toolConfigsConcern(n)) {
        concerned++;
        continue;
      }
      // Every argv shape that makes any branch of toolConfigs answer, for a name the gate leaves out.
      for (const argv of [
        [n],
        [n, 'exec', 'jest'],
        [n, 'dlx', 'vite', 'build'],
        [n, '-m', 'pytest'],
        [n, 'generate', './...'],
        [n, 'run', 'build'],
        [n, 'src'],
      ])
        assert.equal(toolConfigs(n, argv, env), undefined, `toolConfigs answers for ${argv.join(' ')}`);
    }
    assert.ok(concerned > 10 && names.size > 500, `${concerned} of ${names.size}`);
  });
});
