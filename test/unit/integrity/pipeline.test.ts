// Test integrity as a pipeline step, through the guarded tools on a real workspace on disk: an edit that
// disables or weakens a test is asked with the changed lines wherever the file lives (here `src/`, outside
// every test glob), refused where nobody can be asked, and an ordinary edit is left alone. A path deny still
// ends the call first. The MCP server (the built CLI, headless) refuses the same edit.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { HEADLESS, type ToolSpec } from '../../../src/core/chain';
import type { CanonicalCall } from '../../../src/core/types';
import { newCallId } from '../../../src/node/guardService';
import { call as mcpCall, connect, type McpSandbox, mcpSandbox } from '../mcp/helpers';
import { type Fixture, makeFixture } from '../tools/fixture';

// A test file outside the test globs (`tests/**`, `**/*.test.ts`, `**/__tests__/**`): only its content says it is tests.
const CHECK = 'src/math-check.ts';
const CHECK_TEXT = [
  "import { add, sub } from './app';",
  '',
  "it('adds', () => {",
  '  expect(add(1, 2)).toBe(3);',
  '  expect(add(0, 0)).toBe(0);',
  '});',
  '',
  "it('subtracts', () => {",
  '  expect(sub(3, 2)).toBe(1);',
  '});',
  '',
].join('\n');

describe('test integrity in the pipeline: guarded tools', () => {
  let f: Fixture;
  beforeEach(() => {
    f = makeFixture();
    fs.writeFileSync(path.join(f.ws, CHECK), CHECK_TEXT);
  });
  afterEach(() => f.cleanup());

  const last = () => f.records().at(-1)!;

  it('editFile adding .skip outside the test globs is asked, the dialog shows the changed lines; Deny → unchanged, audited as the user', async () => {
    const a = await f.call('editFile', { path: CHECK, oldString: "it('adds'", newString: "it.skip('adds'" });
    assert.equal(a.status, 'refused', a.text);
    assert.equal(f.confirmer.asked.length, 1);
    const req = f.confirmer.asked[0];
    assert.equal(req.verdict.rule, 'integrity:test.disabled');
    assert.match(req.verdict.reason, /switches off or marks as failing 1 test/);
    assert.doesNotMatch(req.verdict.reason, /removes or comments out/, 'a skipped test is not a removed one');
    assert.equal(req.preview, [CHECK, '@@ line 3 @@', "- it('adds', () => {", "+ it.skip('adds', () => {"].join('\n'));
    assert.equal(f.read(CHECK), CHECK_TEXT);
    const r = last();
    assert.deepEqual([r.decision, r.rule, r.decidedBy, r.outcome], ['deny', 'integrity:test.disabled', 'user', 'not-run']);
    assert.match(a.text, /change the code under test|declined/i);
  });

  it('Allow once: the edit is written, and the next one like it is asked again', async () => {
    f.confirmer.answer = 'once';
    const a = await f.call('editFile', { path: CHECK, oldString: "it('adds'", newString: "it.skip('adds'" });
    assert.equal(a.status, 'ok', a.text);
    assert.match(f.read(CHECK), /it\.skip\('adds'/);
    assert.deepEqual([last().decision, last().decidedBy, last().rule], ['allow', 'user', 'integrity:test.disabled']);
    await f.call('editFile', { path: CHECK, oldString: "it('subtracts'", newString: "it.skip('subtracts'" });
    assert.equal(f.confirmer.asked.length, 2);
  });

  it('an ordinary source edit stays allowed, nobody is asked', async () => {
    const a = await f.call('editFile', { path: 'src/app.ts', oldString: 'return a + b;', newString: 'return b + a;' });
    assert.equal(a.status, 'ok', a.text);
    const w = await f.call('writeFile', { path: 'src/util/new.ts', content: 'export const x = 1;\n' });
    assert.equal(w.status, 'ok', w.text);
    // Adding a test is not weakening one.
    const t = await f.call('editFile', {
      path: CHECK,
      oldString: "it('subtracts'",
      newString: "it('adds more', () => expect(add(2, 2)).toBe(4));\n\nit('subtracts'",
    });
    assert.equal(t.status, 'ok', t.text);
    assert.equal(f.confirmer.asked.length, 0);
    assert.deepEqual([last().decision, last().rule], ['allow', 'path:default']);
  });

  it('a path deny still wins: a skip added to tests/app.test.ts is denied by the path rule, nobody is asked', async () => {
    const before = f.read('tests/app.test.ts');
    const a = await f.call('editFile', { path: 'tests/app.test.ts', oldString: "it('adds'", newString: "it.skip('adds'" });
    assert.equal(a.status, 'refused');
    assert.equal(f.confirmer.asked.length, 0);
    assert.deepEqual([last().decision, last().rule, last().decidedBy], ['deny', 'path:tests', 'rule']);
    assert.equal(f.read('tests/app.test.ts'), before);
  });

  it('writeFile overwriting with an assertion removed is asked', async () => {
    const weaker = CHECK_TEXT.replace('  expect(add(0, 0)).toBe(0);\n', '');
    const a = await f.call('writeFile', { path: CHECK, content: weaker, overwrite: true });
    assert.equal(a.status, 'refused');
    assert.equal(f.confirmer.asked[0].verdict.rule, 'integrity:test.assertion-removed');
    assert.match(f.confirmer.asked[0].preview!, /^- {3}expect\(add\(0, 0\)\)\.toBe\(0\);$/m);
    assert.equal(f.read(CHECK), CHECK_TEXT);
  });

  it('deleting a file that holds tests, or a folder holding one, is asked; a folder of ordinary files is not', async () => {
    const d = await f.call('deletePath', { path: CHECK });
    assert.equal(d.status, 'refused');
    assert.equal(f.confirmer.asked.at(-1)!.verdict.rule, 'integrity:test.removed');
    assert.match(f.confirmer.asked.at(-1)!.preview!, /math-check\.ts \(deleted, 10 lines\)/);
    assert.ok(fs.existsSync(path.join(f.ws, CHECK)));
    const dir = await f.call('deletePath', { path: 'src', recursive: true });
    assert.equal(dir.status, 'refused');
    assert.equal(f.confirmer.asked.length, 2);
    assert.ok(fs.existsSync(path.join(f.ws, CHECK)));
    const build = await f.call('deletePath', { path: 'build', recursive: true });
    assert.equal(build.status, 'ok', build.text);
    assert.equal(f.confirmer.asked.length, 2);
  });

  it('installed dependencies are not the project’s tests: deleting node_modules is not asked', async () => {
    fs.mkdirSync(path.join(f.ws, 'node_modules/lib/test'), { recursive: true });
    fs.writeFileSync(path.join(f.ws, 'node_modules/lib/test/a.test.js'), "it('a', () => expect(1).toBe(1));\n");
    const a = await f.call('deletePath', { path: 'node_modules', recursive: true });
    assert.equal(a.status, 'ok', a.text);
    assert.equal(f.confirmer.asked.length, 0);
  });

  it('renaming a file that holds tests is asked (a runner may no longer find them); an ordinary rename is not', async () => {
    const r = await f.call('renamePath', { path: CHECK, newPath: 'src/math-check.ts.bak' });
    assert.equal(r.status, 'refused');
    assert.equal(f.confirmer.asked[0].verdict.rule, 'integrity:test.removed');
    assert.match(f.confirmer.asked[0].verdict.reason, /renamed to src\/math-check\.ts\.bak, it holds tests/);
    assert.ok(fs.existsSync(path.join(f.ws, CHECK)));
    const ok = await f.call('renamePath', { path: 'src/app.ts', newPath: 'src/app2.ts' });
    assert.equal(ok.status, 'ok', ok.text);
    assert.equal(f.confirmer.asked.length, 1);
  });

  it('renaming over a file that holds tests (overwrite) is asked', async () => {
    fs.writeFileSync(path.join(f.ws, 'src/empty.ts'), 'export {};\n');
    const r = await f.call('renamePath', { path: 'src/empty.ts', newPath: CHECK, overwrite: true });
    assert.equal(r.status, 'refused');
    assert.match(f.confirmer.asked[0].verdict.rule, /^integrity:test\./);
    assert.match(f.confirmer.asked[0].verdict.reason, /src\/math-check\.ts: the edit removes or comments out 2 tests/);
    assert.equal(f.read(CHECK), CHECK_TEXT);
  });

  it('nobody to ask (headless): refused like any ask, the file unchanged', async () => {
    f.service.confirmer = HEADLESS;
    const a = await f.call('editFile', { path: CHECK, oldString: "it('adds'", newString: "it.only('adds'" });
    assert.equal(a.status, 'refused');
    assert.match(a.text, /no one is here to ask/);
    assert.deepEqual([last().decision, last().rule, last().decidedBy], ['deny', 'integrity:test.focused', 'headless']);
    assert.equal(f.read(CHECK), CHECK_TEXT);
  });

  it('the dialog never shows a secret: the diff is masked', async () => {
    fs.writeFileSync(path.join(f.ws, CHECK), `it('reads with ${f.token}', () => {\n  expect(read()).toBe(1);\n});\n`);
    await f.call('editFile', { path: CHECK, oldString: 'it(', newString: 'it.skip(' });
    const preview = f.confirmer.asked[0].preview!;
    assert.ok(!preview.includes(f.token), preview);
    assert.match(preview, /^\+ it\.skip\('reads with «secret:[^»]+»'/m);
  });

  it('a path rule that asks shows the change too, and a weakening there is named by its integrity rule', async () => {
    const ci = '.github/workflows/ci.yml';
    fs.mkdirSync(path.join(f.ws, '.github/workflows'), { recursive: true });
    const text = 'jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm ci\n      - run: npm test\n';
    fs.writeFileSync(path.join(f.ws, ci), text);
    await f.call('editFile', { path: ci, oldString: 'npm ci', newString: 'npm ci --no-audit' });
    assert.equal(f.confirmer.asked[0].verdict.rule, 'path:ci');
    assert.match(f.confirmer.asked[0].preview!, /^- {7}- run: npm ci$/m);
    assert.match(f.confirmer.asked[0].preview!, /^\+ {7}- run: npm ci --no-audit$/m);
    await f.call('editFile', { path: ci, oldString: '      - run: npm test\n', newString: '' });
    const v = f.confirmer.asked[1].verdict;
    assert.equal(v.rule, 'integrity:ci.test-step-removed');
    assert.match(v.reason, /The path rule path:ci asks as well/);
    assert.equal(f.read(ci), text);
  });

  it('"Allow for this session" on a path does not cover an edit weakening tests there; one on the weakening covers that kind only', async () => {
    f.confirmer.answer = 'session';
    const ci = '.github/workflows/ci.yml';
    fs.mkdirSync(path.join(f.ws, '.github/workflows'), { recursive: true });
    fs.writeFileSync(path.join(f.ws, ci), 'steps:\n  - run: npm ci\n  - run: npm test\n  - run: npm run lint\n');
    await f.call('editFile', { path: ci, oldString: 'npm ci', newString: 'npm ci --no-audit' });
    await f.call('editFile', { path: ci, oldString: 'npm run lint', newString: 'npm run lint -- --quiet' });
    assert.equal(f.confirmer.asked.length, 1, 'the path approval covers ordinary edits of that file');
    f.confirmer.answer = 'deny';
    const a = await f.call('editFile', { path: ci, oldString: '  - run: npm test\n', newString: '' });
    assert.equal(a.status, 'refused');
    assert.equal(f.confirmer.asked.length, 2, 'the path approval must not cover removing the test step');
    assert.match(f.read(ci), /npm test/);

    f.confirmer.answer = 'session';
    await f.call('editFile', { path: CHECK, oldString: "it('adds'", newString: "it.skip('adds'" });
    await f.call('editFile', { path: CHECK, oldString: "it('subtracts'", newString: "it.skip('subtracts'" });
    assert.equal(f.confirmer.asked.length, 3, 'the same kind of change to the same file, approved for the session');
    f.confirmer.answer = 'deny';
    await f.call('editFile', { path: CHECK, oldString: '  expect(add(0, 0)).toBe(0);\n', newString: '' });
    assert.equal(f.confirmer.asked.length, 4, 'another kind of weakening is asked again');
  });

  it("package.json's test script replaced by a no-op (one-line JSON) is asked; a version bump is not", async () => {
    const pkg = '{"name":"ws","version":"1.0.0","scripts":{"test":"jest"}}\n';
    fs.writeFileSync(path.join(f.ws, 'package.json'), pkg);
    const a = await f.call('editFile', { path: 'package.json', oldString: '"test":"jest"', newString: '"test":"exit 0"' });
    assert.equal(a.status, 'refused', a.text);
    assert.equal(f.confirmer.asked[0]?.verdict.rule, 'integrity:config.test-settings-changed');
    assert.match(f.confirmer.asked[0].verdict.reason, /scripts\.test "jest" → "exit 0" \(runs no tests\)/);
    const j = await f.call('editFile', {
      path: 'package.json',
      oldString: '"version":"1.0.0",',
      newString: '"version":"1.0.0","jest":{"testPathIgnorePatterns":["tests"]},',
    });
    assert.equal(j.status, 'refused', j.text);
    assert.equal(f.read('package.json'), pkg);
    const ok = await f.call('editFile', { path: 'package.json', oldString: '"version":"1.0.0"', newString: '"version":"1.0.1"' });
    assert.equal(ok.status, 'ok', ok.text);
    assert.equal(f.confirmer.asked.length, 2);
  });

  it('the file changed while the person was asked: nothing is written (what was approved was another text)', async () => {
    const orig = f.confirmer.confirm.bind(f.confirmer);
    f.confirmer.answer = 'once';
    f.confirmer.confirm = async (req) => {
      fs.appendFileSync(path.join(f.ws, CHECK), "\nit('late', () => expect(1).toBe(1));\n");
      return orig(req);
    };
    const a = await f.call('editFile', { path: CHECK, oldString: "it('adds'", newString: "it.skip('adds'" });
    assert.equal(a.status, 'error', a.text);
    assert.match(a.text, /changed after AgentGuard checked this edit/);
    assert.doesNotMatch(f.read(CHECK), /it\.skip/);
  });
});

describe('test integrity in the pipeline: the chain', () => {
  let f: Fixture;
  beforeEach(() => {
    f = makeFixture();
    fs.writeFileSync(path.join(f.ws, CHECK), CHECK_TEXT);
  });
  afterEach(() => f.cleanup());

  const writeCall = (p: string): CanonicalCall => ({ id: newCallId(), op: 'write', paths: [p], agent: 't', channel: 'tool', tool: 't', args: {} });

  it('effects that throw fail the call closed: denied, the handler never runs', async () => {
    let ran = false;
    const spec: ToolSpec<string> = {
      effects: async () => {
        throw new Error('disk on fire');
      },
      handler: async () => {
        ran = true;
        return 'x';
      },
    };
    const o = await f.service.run(writeCall('src/app.ts'), { guardRuns: spec });
    assert.deepEqual([o.verdict.decision, o.verdict.decidedBy], ['deny', 'fail-closed']);
    assert.match(o.verdict.reason, /test-integrity check: disk on fire/);
    assert.equal(ran, false);
  });

  it('a host-run edit whose result the channel supplies is judged the same (ask goes back to the host)', async () => {
    f.service.confirmer = { ask: 'host', decidedBy: 'headless', reason: (v) => v.reason };
    const o = await f.service.run(writeCall(CHECK), {
      hostRuns: 'before',
      effects: async () => [{ path: CHECK, before: CHECK_TEXT, after: CHECK_TEXT.replace("it('adds'", "xit('adds'") }],
    });
    assert.deepEqual([o.verdict.decision, o.verdict.rule], ['ask', 'integrity:test.disabled']);
  });

  it('an effect too large to compare is asked, never allowed unseen', async () => {
    fs.writeFileSync(path.join(f.ws, 'src/big.ts'), 'x'.repeat(4 * 1024 * 1024 + 1));
    const a = await f.call('writeFile', { path: 'src/big.ts', content: 'export {};\n', overwrite: true });
    assert.equal(a.status, 'refused');
    assert.equal(f.confirmer.asked[0].verdict.rule, 'integrity:integrity.too-large');
  });
});

describe('test integrity through MCP (built CLI, nobody to ask)', () => {
  let sb: McpSandbox;
  let client: Client | undefined;
  beforeEach(() => {
    sb = mcpSandbox();
    sb.write(CHECK, CHECK_TEXT);
    sb.write('src/app.ts', 'export const add = (a: number, b: number) => a + b;\n');
  });
  afterEach(async () => {
    await client?.close();
    sb.cleanup();
  });

  it("package.json's test script narrowed to nothing is refused headless, the file unchanged", async () => {
    const pkg = '{"name":"ws","version":"1.0.0","scripts":{"test":"jest"}}\n';
    sb.write('package.json', pkg);
    client = await connect(sb);
    const r = await mcpCall(client, 'editFile', {
      path: 'package.json',
      oldString: '"test":"jest"',
      newString: '"test":"jest --passWithNoTests --testPathPattern=nothing"',
    });
    assert.equal(r.isError, true);
    assert.match(r.text, /Rule: integrity:config\.test-settings-changed/);
    assert.equal(sb.read('package.json'), pkg);
  });

  it('an edit adding .skip is refused headless and the file is unchanged; an ordinary edit runs', async () => {
    client = await connect(sb);
    const r = await mcpCall(client, 'editFile', { path: CHECK, oldString: "it('adds'", newString: "it.skip('adds'" });
    assert.equal(r.isError, true);
    assert.match(r.text, /Rule: integrity:test\.disabled/);
    assert.match(r.text, /no one is here to ask/);
    assert.equal(sb.read(CHECK), CHECK_TEXT);
    const ok = await mcpCall(client, 'editFile', { path: 'src/app.ts', oldString: 'a + b', newString: 'b + a' });
    assert.equal(ok.isError, false, ok.text);
    await client.close();
    client = undefined;
    const recs = sb.audit();
    assert.deepEqual(
      recs.map((x) => [x.rule, x.decision, x.decidedBy]),
      [
        ['integrity:test.disabled', 'deny', 'headless'],
        ['path:default', 'allow', 'rule'],
      ],
    );
  });
});
