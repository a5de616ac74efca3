// A link moved or copied as a link (`mv`, `cp -r`, `cp -P`) still leads where it led: a later path under the new
// name reaches the link's target (blind red team rt18cmd: `mv src/env.link docs/ && cat docs/env.link` printed
// .env; `mv src/tlink src/x && echo x > src/x/run.js` overwrote a test). Judged by the engine on a real workspace,
// and each claim replayed in real bash on a throwaway copy.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Engine } from '../../../src/core/engine';
import { nodeFsProbe } from '../../../src/node/fsProbe';
import { PolicyStore } from '../../../src/node/policyStore';
import { evalCalls } from '../helpers/cli';

function makeWs(root: string): string {
  const ws = path.join(root, 'ws');
  for (const d of ['src', 'tests', 'secrets', 'docs', 'plain']) fs.mkdirSync(path.join(ws, d), { recursive: true });
  fs.writeFileSync(path.join(ws, '.env'), 'A=not-a-real-value\n');
  fs.writeFileSync(path.join(ws, 'tests', 'run.js'), 'test\n');
  fs.writeFileSync(path.join(ws, 'tests', 'a.test.ts'), 'test\n');
  fs.writeFileSync(path.join(ws, 'src', 'app.ts'), 'x\n');
  fs.writeFileSync(path.join(ws, 'plain', 'notes.md'), 'x\n');
  fs.symlinkSync('../tests', path.join(ws, 'src', 'tlink'));
  fs.symlinkSync('../.env', path.join(ws, 'src', 'env.link'));
  return ws;
}

describe('links moved or copied as links still lead to their targets', () => {
  let root = '';
  let ws = '';
  let engine: Engine;
  const decide = (command: string) =>
    engine.decide(
      { id: 't', op: 'exec', paths: [], command, agent: 't', channel: 'cli', tool: 't', args: {} },
      { ctx: { workspace: ws, home: path.join(root, 'home') }, probe: nodeFsProbe },
    );
  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-moved-links-')));
    ws = makeWs(root);
    engine = new Engine(new PolicyStore().load(ws, {}).policy);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const refused: string[] = [
    'mv src/env.link docs/ && cat docs/env.link',
    'mv src/env.link docs/e && cat docs/e',
    'mv -t docs src/env.link && cat docs/env.link',
    'mv src/tlink src/x && echo x > src/x/run.js',
    'mv src lib && echo x > lib/tlink/run.js',
    'mv src lib; rm lib/tlink/a.test.ts',
    'cp -r src/tlink src/t3 && rm src/t3/run.js',
    'cp -a src lib && echo x > lib/tlink/run.js',
    'cp -P src/env.link docs/e && cat docs/e',
    'cp -R src docs/copy && sed -i s/a/b/ docs/copy/tlink/run.js',
  ];
  const allowed: string[] = [
    'mv src/app.ts src/main.ts && echo x > src/main.ts',
    'mv plain notes && echo x > notes/notes.md',
    'cp -r plain /tmp/ag-moved-links-copy && echo x > /tmp/ag-moved-links-copy/notes.md',
    'cp -r tests /tmp/ag-moved-links-tests && echo x > /tmp/ag-moved-links-tests/a.test.ts',
    'cp src/app.ts src/app2.ts && echo x >> src/app2.ts',
  ];
  for (const line of refused)
    it(`refused: ${line}`, () => {
      const v = decide(line);
      assert.equal(v.decision, 'deny', `${v.rule}: ${v.reason}`);
    });
  for (const line of allowed)
    it(`allowed: ${line}`, () => {
      const v = decide(line);
      assert.equal(v.decision, 'allow', `${v.rule}: ${v.reason}`);
    });

  it('real bash: the moved and copied links do what the guard says (a copy of the workspace)', () => {
    const cases: [string, (w: string, out: string) => boolean][] = [
      ['mv src/env.link docs/ && cat docs/env.link', (_w, out) => out.includes('not-a-real-value')],
      ['mv src/tlink src/x && echo changed > src/x/run.js', (w) => fs.readFileSync(path.join(w, 'tests', 'run.js'), 'utf8') === 'changed\n'],
      ['mv src lib && echo changed > lib/tlink/run.js', (w) => fs.readFileSync(path.join(w, 'tests', 'run.js'), 'utf8') === 'changed\n'],
      ['cp -r src/tlink src/t3 && rm src/t3/run.js', (w) => !fs.existsSync(path.join(w, 'tests', 'run.js'))],
      ['cp -P src/env.link docs/e && cat docs/e', (_w, out) => out.includes('not-a-real-value')],
    ];
    for (const [line, effect] of cases) {
      const r = fs.mkdtempSync(path.join(root, 'bash-'));
      const w = makeWs(r);
      const out = execFileSync('bash', ['-c', line], { cwd: w, encoding: 'utf8' });
      assert.ok(effect(w, out), `real bash did not do what the case claims: ${line}`);
    }
  });

  // The same moves as steps of one `eval --session` (nothing runs: the session keeps what a step that may run
  // leaves, a moved name as a link to where the tree was).
  const sessions: [string[], 'allow' | 'deny'][] = [
    [['mv src/env.link src/c', 'cat src/c'], 'deny'],
    [['mv src/tlink src/x', 'echo x > src/x/run.js'], 'deny'],
    [['mv src lib', 'cat lib/env.link'], 'deny'],
    [['mv src lib', 'echo x > lib/tlink/run.js'], 'deny'],
    [['cp -r src/tlink src/t3', 'rm src/t3/run.js'], 'deny'],
    [['mv src/env.link docs/', 'cat docs/env.link'], 'deny'],
    [['cp -r plain /tmp/ag-moved-links-s', 'echo x > /tmp/ag-moved-links-s/notes.md'], 'allow'],
    [['mkdir lib2', 'mv src/app.ts lib2/', 'cat lib2/app.ts'], 'allow'],
    [['mv plain notes', 'cat notes/notes.md'], 'allow'],
  ];
  for (const [lines, want] of sessions)
    it(`session, last step ${want}: ${lines.join(' ⏎ ')}`, () => {
      const out = evalCalls(
        lines.map((command) => ({ op: 'exec', command })),
        ['--workspace', ws, '--session'],
        { cwd: ws, env: { HOME: path.join(root, 'home') } },
      );
      assert.deepEqual(
        out.slice(0, -1).map((v) => v.decision),
        lines.slice(0, -1).map(() => 'allow'),
      );
      assert.equal(out[out.length - 1].decision, want, out[out.length - 1].reason);
    });
});
