// Every path word resolved: the working directory after an evaluable cd, variables and loop variables set on
// the line, braces, globs, `~`, `$HOME`, `$PWD`, links made earlier on the line, input lists. What cannot be
// resolved is unknown (asked), never skipped. The engine half runs on a real workspace on disk.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Engine } from '../../../src/core/engine';
import type { CommandPolicy } from '../../../src/core/policy/types';
import { analyzeCommand, decideCommand } from '../../../src/core/shell/index';
import { nodeFsProbe } from '../../../src/node/fsProbe';
import { PolicyStore } from '../../../src/node/policyStore';

const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev' };
const policy: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true };
const paths = (line: string) => analyzeCommand(line, env).paths.map((p) => `${p.op} ${p.path}`);
const P = '/home/dev/project';

describe('path resolution (effects, no disk)', () => {
  it('follows a cd it can evaluate: $PWD, $(pwd), the repository top, -, ~', () => {
    assert.deepEqual(paths('cd "$PWD" && echo x > .agentguard.yaml'), [`write ${P}/.agentguard.yaml`]);
    assert.deepEqual(paths('cd $(pwd); rm -f tests/a.test.ts'), [`delete ${P}/tests/a.test.ts`]);
    assert.deepEqual(paths('cd "$(git rev-parse --show-toplevel)" && cat .env'), [`read ${P}/.env`]);
    assert.deepEqual(paths('cd /tmp && cd - && cat .env'), [`read ${P}/.env`]);
    assert.deepEqual(paths('cd ~ && cat .aws/credentials'), ['read /home/dev/.aws/credentials']);
    assert.deepEqual(paths('pushd src && popd && cat .env'), [`read ${P}/.env`]);
  });

  it('a cd it cannot evaluate makes later relative paths unknown (asked), not skipped', () => {
    for (const line of ['cd "$DIR" && cat .env', 'cd $(cat dir.txt); rm -f x', 'cd "$1" && echo x > a.txt', 'popd; cat .env']) {
      const v = decideCommand(line, policy, env).verdict;
      assert.equal(v.decision, 'ask', line);
      assert.equal(v.rule, 'cmd:exec.unresolved-path', `${line}: ${v.rule}`);
    }
    // An absolute path needs no working directory.
    assert.deepEqual(paths('cd "$DIR" && cat /etc/hostname'), ['read /etc/hostname']);
  });

  it('variables set on the line, loop variables and read', () => {
    assert.deepEqual(paths('F=.env; cat $F'), [`read ${P}/.env`]);
    assert.deepEqual(paths('export F=.env && cat "$F"'), [`read ${P}/.env`]);
    assert.deepEqual(paths('for f in a.txt .env; do cat "$f"; done'), [`read ${P}/a.txt`, `read ${P}/.env`]);
    assert.deepEqual(paths('if true; then F=a.txt; else F=.env; fi; cat $F'), [`read ${P}/a.txt`, `read ${P}/.env`]);
    assert.deepEqual(paths('(F=a.txt); F=.env; cat $F'), [`read ${P}/.env`]);
    assert.ok(paths('find . -name "*.env" | while read f; do cat "$f"; done').includes(`read ${P}/.`));
  });

  it('braces, tilde forms and literal substitutions', () => {
    assert.deepEqual(paths('cat {.env,a.txt}'), [`read ${P}/.env`, `read ${P}/a.txt`]);
    assert.deepEqual(paths('cat .{e,f}nv'), [`read ${P}/.env`, `read ${P}/.fnv`]);
    assert.deepEqual(paths('cat file{1..2}.txt'), [`read ${P}/file1.txt`, `read ${P}/file2.txt`]);
    assert.deepEqual(paths('cat ~root/x ~dev/.netrc'), ['read /root/x', 'read /home/dev/.netrc']);
    assert.deepEqual(paths('cat $(echo .env) "$(printf %s .env)"'), [`read ${P}/.env`]);
    assert.deepEqual(paths('cat $PWD/.env ${HOME}/.ssh/id_rsa'), [`read ${P}/.env`, 'read /home/dev/.ssh/id_rsa']);
  });

  it('globs keep their pattern (quoted metacharacters escaped) for the engine to expand', () => {
    const a = analyzeCommand('cat .e* "x*"y', env).paths;
    assert.deepEqual(
      a.map((p) => [p.op, p.path, p.glob ?? false]),
      [
        ['read', `${P}/.e*`, true],
        ['read', `${P}/x*y`, false],
      ],
    );
    assert.deepEqual(
      analyzeCommand('cat "a*"b?', env).paths.map((p) => [p.path, p.glob]),
      [[`${P}/a\\*b?`, true]],
    );
  });

  it('links made earlier on the line lead to their targets', () => {
    assert.ok(paths('ln -s .env e.txt && cat e.txt').includes(`read ${P}/.env`));
    assert.ok(paths('ln .env h.txt && cat h.txt').includes(`read ${P}/.env`));
    assert.ok(paths('ln -s .git/hooks gh && cp /tmp/x gh/pre-commit').includes(`write ${P}/.git/hooks/pre-commit`));
    // A loop can run the link after the read: the order on the line does not matter.
    assert.ok(paths('for i in 1 2; do cat e.txt; ln -sf .env e.txt; done').includes(`read ${P}/.env`));
  });

  it('words of input lists come from their producer', () => {
    const a = analyzeCommand("find src -name '*.ts' | xargs cat", env).paths;
    assert.deepEqual(
      a.map((p) => [p.op, p.path, p.recursive, p.names]),
      [['read', `${P}/src`, true, ['*.ts']]],
    );
    assert.deepEqual(paths('echo .env | xargs cat'), [`read ${P}/.env`]);
    assert.deepEqual(paths('parallel cat ::: .env a.txt'), [`read ${P}/.env`, `read ${P}/a.txt`]);
    assert.equal(decideCommand('cat list.txt | xargs cat', policy, env).verdict.rule, 'cmd:exec.unresolved-path');
  });
});

describe('path resolution on a real workspace (engine, default policy)', () => {
  let root = '';
  let ws = '';
  let home = '';
  let engine: Engine;
  const decide = (command: string) =>
    engine.decide(
      { id: 't', op: 'exec', paths: [], command, agent: 't', channel: 'cli', tool: 't', args: {} },
      { ctx: { workspace: ws, home }, probe: nodeFsProbe },
    );

  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-resolve-')));
    ws = path.join(root, 'ws');
    home = path.join(root, 'home');
    for (const d of ['src', 'tests', 'secrets', 'docs', '.git/hooks']) fs.mkdirSync(path.join(ws, d), { recursive: true });
    fs.mkdirSync(path.join(home, '.ssh'), { recursive: true });
    fs.writeFileSync(path.join(home, '.ssh', 'id_rsa'), 'k');
    fs.writeFileSync(path.join(home, '.ssh', 'id_rsa.pub'), 'ssh-ed25519 pub\n');
    // A .pub name on the private key: judged where it leads.
    fs.symlinkSync('id_rsa', path.join(home, '.ssh', 'stolen.pub'));
    fs.writeFileSync(path.join(ws, '.env'), 'A=1\n');
    fs.writeFileSync(path.join(ws, 'secrets', 'token.txt'), 't\n');
    fs.writeFileSync(path.join(ws, 'tests', 'a.test.ts'), 'x\n');
    fs.writeFileSync(path.join(ws, 'src', 'app.ts'), 'x\n');
    fs.symlinkSync('../secrets', path.join(ws, 'docs', 'secrets-link'));
    engine = new Engine(new PolicyStore().load(ws, {}).policy);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const cases: [string, 'allow' | 'ask' | 'deny'][] = [
    ['cat .e*', 'deny'],
    ['cat .?nv', 'deny'],
    ['cat secrets/*', 'deny'],
    ['cat */token.txt', 'deny'],
    ['echo x > tests/a.test.t?', 'deny'],
    ['cp src/app.ts .git/hooks/pre-comm[i]t', 'deny'],
    ['cat *', 'allow'],
    ['cat src/*.ts', 'allow'],
    ['grep -r A= .', 'deny'], // .env holds A=1: a search whose pattern it holds reads it
    ['grep -r KEY src', 'allow'],
    ['cat docs/secrets-link/token.txt', 'deny'],
    // A recursive search follows a link it meets below the tree only when told (bash: `grep -r t docs` prints
    // nothing here, `grep -R t docs` prints docs/secrets-link/token.txt); a link named on the line is followed.
    ['grep -rn t docs', 'allow'],
    ['grep -r t docs src', 'allow'],
    ['grep -R t docs', 'deny'],
    ['grep --dereference-recursive t docs', 'deny'],
    ['grep -r -R t docs', 'deny'],
    ['grep -r t docs/secrets-link', 'deny'],
    ['GREP_OPTIONS=-R grep -r t docs', 'deny'],
    ['rg t docs', 'allow'],
    ['rg -L t docs', 'deny'],
    ['rg --follow t docs', 'deny'],
    ['ln -s .env e.txt && cat e.txt', 'deny'],
    ['cat ~/.ssh/id_rsa', 'deny'],
    ['cat ~/.ssh/*', 'deny'],
    ['cat ~/.s*/id_rsa', 'deny'],
    ['tar czf /tmp/x.tgz ~/.ssh', 'deny'],
    ['grep -r x ~', 'deny'],
    ['cat /etc/hostname', 'allow'],
    ['echo x > /tmp/out.txt', 'allow'],
    ['echo x >> ~/.bashrc', 'deny'],
    ['cd "$PWD" && cat .env', 'deny'],
    ['F=.env; cat "$F"', 'deny'],
    ['ls -a | xargs cat', 'deny'],
    ["find src -name '*.ts' | xargs cat", 'allow'],
    // A creation is not an overwrite: the disk says the file is new.
    ['cp src/app.ts src/app2.ts', 'allow'],
    ["cat > src/util.ts <<'EOF'\nexport const u = 1;\nEOF", 'allow'],
    ['mkdir -p src/c && echo "export {}" > src/c/index.ts', 'allow'],
    ['curl -o data.json https://example.com/x', 'allow'],
    ['echo x > src/app.ts', 'ask'],
    ['cp README.md src/app.ts', 'ask'],
    ['curl -o src/app.ts https://example.com/x', 'ask'],
    ['echo x > src/new.test.ts', 'deny'],
    // A public key is no secret; the private key behind a .pub link, or a .pub written, still is.
    ['cat ~/.ssh/id_rsa.pub', 'allow'],
    ['ssh-keygen -lf ~/.ssh/id_rsa.pub', 'allow'],
    ['cat ~/.ssh/stolen.pub', 'deny'],
    ['cat ~/.ssh/*.pub', 'deny'],
    ['cp /tmp/k ~/.ssh/id_rsa.pub', 'deny'],
    // A formatter handed a file rewrites it whatever its kind; over a folder it rewrites its own kinds only.
    ['npx prettier --write tests/a.test.ts', 'deny'],
    ['npx prettier --write src/app.ts', 'allow'],
    ['npx prettier --write src', 'allow'],
  ];
  for (const [line, want] of cases) {
    it(`${want}: ${line}`, () => {
      const v = decide(line);
      assert.equal(v.decision, want, `${v.rule}: ${v.reason}`);
    });
  }

  it('a real git repository: git show HEAD:.env reads .env', function () {
    try {
      execFileSync('git', ['init', '-q', ws]);
    } catch {
      this.skip();
    }
    assert.equal(decide('git show HEAD:.env').decision, 'deny');
    assert.equal(decide('git cat-file -p :.env').decision, 'deny');
    assert.equal(decide('git log -p -- .env').decision, 'deny');
    assert.equal(decide('git log --oneline -5').decision, 'allow');
  });
});
