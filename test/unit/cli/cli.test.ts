import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evalCalls, runCli } from '../helpers/cli';

describe('agentguard check', () => {
  let ws: string;
  beforeEach(() => {
    ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-check-')));
  });
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }));

  it('lists each error as file:line:col and exits 1', () => {
    const file = path.join(ws, '.agentguard.yaml');
    fs.writeFileSync(
      file,
      ['version: 1', 'paths:', '  tests:', '    match: ["tests/**"]', '    wirte: deny', 'commands:', '  destructive: maybe', 'limitz: {}', ''].join('\n'),
    );
    const r = runCli(['check', '--workspace', ws]);
    assert.equal(r.code, 1);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 3, r.stdout);
    assert.match(lines[0], new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:5: unknown key \`wirte\`.*did you mean \`write\``));
    assert.match(lines[1], /:7:16: `commands.destructive` must be allow, ask or deny/);
    assert.match(lines[2], /:8:1: unknown key `limitz`.*did you mean `limits`/);
  });

  it('a valid policy passes; no policy file is fine too', () => {
    assert.equal(runCli(['check', '--workspace', ws]).code, 0);
    fs.writeFileSync(path.join(ws, '.agentguard.yaml'), 'version: 1\ncommands:\n  allow: ["rm -rf node_modules"]\n');
    const r = runCli(['check', '--workspace', ws]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
  });
});

describe('agentguard eval', () => {
  let ws: string;
  beforeEach(() => {
    ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-eval-')));
  });
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }));

  it('answers exactly one line per input, in order; malformed lines are denied, not fatal', () => {
    const r = runCli(['eval', '--workspace', ws], {
      input:
        [
          '{"op":"read","path":"src/a.ts"}',
          'not json',
          '{"op":"fly","path":"x"}',
          '[]',
          '',
          '{"op":"write","path":"tests/a.test.ts"}',
          '{"op":"rename","path":"a"}',
          '{"op":"exec","command":"ls"}',
        ].join('\n') + '\n',
    });
    assert.equal(r.code, 0, r.stderr);
    const out = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      out.map((o) => o.decision),
      ['allow', 'deny', 'deny', 'deny', 'deny', 'deny', 'deny', 'allow'],
    );
    assert.match(out[1].reason, /line 2: not JSON/);
    assert.match(out[2].reason, /unknown op "fly"/);
    assert.equal(out[5].rule, 'path:tests');
    assert.match(out[6].reason, /rename needs `dest`/);
  });

  it('applies the workspace policy unless --policy is given', () => {
    fs.writeFileSync(path.join(ws, '.agentguard.yaml'), 'version: 1\npaths:\n  docs:\n    match: ["docs/**"]\n    write: deny\n    reason: Docs are frozen.\n');
    const call = { op: 'write', path: 'docs/x.md' };
    assert.equal(evalCalls([call], ['--workspace', ws])[0].decision, 'deny');
    const other = path.join(ws, 'other.yaml');
    fs.writeFileSync(other, 'version: 1\n');
    assert.equal(evalCalls([call], ['--workspace', ws, '--policy', other])[0].decision, 'allow');
  });

  it('a broken workspace policy never opens the gate: strict applies', () => {
    fs.writeFileSync(path.join(ws, '.agentguard.yaml'), 'version: 1\npaths: [\n');
    const r = runCli(['eval', '--workspace', ws], { input: '{"op":"write","path":"src/a.ts"}\n' });
    assert.equal(JSON.parse(r.stdout).decision, 'ask');
    assert.match(r.stderr, /broken.*strict/);
  });

  it('expands ~ from $HOME', () => {
    const home = path.join(ws, 'home');
    const inner = path.join(home, 'proj');
    fs.mkdirSync(inner, { recursive: true });
    const out = evalCalls(
      [
        { op: 'read', path: '~/proj/a.ts' },
        { op: 'read', path: '~/.bashrc' },
      ],
      ['--workspace', inner],
      { env: { HOME: home } },
    );
    assert.deepEqual(
      out.map((o) => o.decision),
      ['allow', 'deny'],
    );
  });
});

describe('agentguard explain', () => {
  it('shows the matching rules, the deciding one, and why', () => {
    const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-explain-')));
    const r = runCli(['explain', '--workspace', ws, 'write', 'tests/a.test.ts']);
    fs.rmSync(ws, { recursive: true, force: true });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /write tests\/a.test.ts: deny by path:tests/);
    assert.match(r.stdout, /decision: deny/);
    assert.match(r.stdout, /why: .*Tests are the specification/);
  });

  it('a command that overwrites a protected path from git (checkout -- / restore) or an inline program is denied like a write', () => {
    const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-explain-')));
    try {
      fs.mkdirSync(path.join(ws, 'tests'));
      fs.writeFileSync(path.join(ws, 'tests/a.test.ts'), 'it("x")\n');
      for (const line of ['git checkout -- tests/a.test.ts', 'git restore tests']) {
        const r = runCli(['explain', '--workspace', ws, 'exec', line]);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, /decision: deny/, line);
        assert.match(r.stdout, /decided by: path:tests/, line);
      }
      // An inline program that writes the guard's own policy file or a test by literal name: the same path rules.
      for (const [line, rule] of [
        [`python3 -c "open('.agentguard.yaml','w').write('x')"`, 'path:floor:guard-files'],
        [`node -e "require('fs').writeFileSync('tests/a.test.ts','')"`, 'path:tests'],
      ]) {
        const r = runCli(['explain', '--workspace', ws, 'exec', line]);
        assert.match(r.stdout, /decision: deny/, line);
        assert.ok(r.stdout.includes(`decided by: ${rule}`), r.stdout);
      }
      const staged = runCli(['explain', '--workspace', ws, 'exec', 'git restore --staged tests/a.test.ts']);
      assert.doesNotMatch(staged.stdout, /decision: deny/);
    } finally {
      fs.rmSync(ws, { recursive: true, force: true });
    }
  });
});
