// VS Code tools that hand the model file CONTENT it cannot mask after the fact were passed as having no
// effect: test_search (returns the partner test/source file whole), list_code_usages (the lines around each
// usage, from any file naming the symbol), get_errors with no file or a folder (every file's diagnostics and
// their source lines). Each is judged as a search of what it can reach: refused where that reaches a no-access
// file (.env, secrets/**) or a file whose secrets VS Code would show, left alone otherwise. runSubagent's
// sub-agent may run its calls without the parent's hooks: asked; execution_subagent's loop runs them: passed.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { testStem } from '../../../src/core/hooks/hosts/vscode';
import { answerOf, preDecision, type Sandbox, sandbox, vscodePre } from './helpers';

describe('hook bridge: VS Code tools returning file content (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
    fs.mkdirSync(path.join(sb.workspace, 'secrets'));
    fs.writeFileSync(path.join(sb.workspace, 'secrets', 'db.ts'), 'export const dbPassword = "hunter2hunter2";\n');
    fs.writeFileSync(path.join(sb.workspace, 'tests', 'app.test.ts'), 'import { a } from "../src/app";\nexpect(a).toBe(1);\n');
  });
  afterEach(() => sb.cleanup());

  const vscode = (tool_name: string, tool_input: unknown) => vscodePre(sb, tool_name, tool_input);
  const ws = (rel: string) => path.join(sb.workspace, rel);
  const held = (r: { stdout: string }) => ['deny', 'ask'].includes(String(preDecision(r as never)));

  it('test_search of a secret file, or of a file whose partner is one, is refused', async () => {
    fs.writeFileSync(ws('secrets/db.test.ts'), 'x\n');
    for (const f of ['secrets/db.test.ts', 'src/db.ts', '.env']) {
      const r = await vscode('test_search', { filePaths: [ws(f)] });
      assert.ok(held(r), `${f}: ${r.stdout}`);
    }
  });

  it('test_search of src/app.ts (partner tests/app.test.ts) is left alone', async () => {
    const r = await vscode('test_search', { filePaths: [ws('src/app.ts')] });
    assert.deepEqual(answerOf(r), {}, r.stdout);
  });

  it('list_code_usages of a symbol a no-access file names is refused; of one only source files name, left alone', async () => {
    for (const symbolName of ['GITHUB_TOKEN', 'dbPassword']) {
      const r = await vscode('list_code_usages', { symbolName });
      assert.ok(held(r), `${symbolName}: ${r.stdout}`);
    }
    const r = await vscode('vscode_listCodeUsages', { symbolName: 'dbPassword' });
    assert.ok(held(r), r.stdout);
    const ok = await vscode('list_code_usages', { symbolName: 'toBe', filePaths: [ws('tests/app.test.ts')] });
    assert.deepEqual(answerOf(ok), {}, ok.stdout);
  });

  it('get_errors with no file, or a folder holding secrets, is refused; of a plain file or folder, left alone', async () => {
    assert.ok(held(await vscode('get_errors', {})));
    assert.ok(held(await vscode('get_errors', { filePaths: [] })));
    assert.ok(held(await vscode('get_errors', { filePaths: [sb.workspace] })));
    const ok = await vscode('get_errors', { filePaths: [ws('src/app.ts')] });
    assert.deepEqual(answerOf(ok), {}, ok.stdout);
    const dir = await vscode('get_errors', { filePaths: [ws('tests')] });
    assert.deepEqual(answerOf(dir), {}, dir.stdout);
  });

  it('runSubagent is asked; execution_subagent passes (its loop runs the hooks per call)', async () => {
    const r = await vscode('runSubagent', { prompt: 'refactor src', description: 'x' });
    assert.equal(preDecision(r), 'ask', r.stdout);
    const e = await vscode('execution_subagent', { query: 'run the tests' });
    assert.deepEqual(answerOf(e), {}, e.stdout);
  });

  it('testStem: the part of a name its partner holds', () => {
    assert.equal(testStem('/w/src/app.ts'), 'app');
    assert.equal(testStem('tests/app.test.ts'), 'app');
    assert.equal(testStem('test_app.py'), 'app');
    assert.equal(testStem('AppTest.java'), 'App');
    assert.equal(testStem('widget_spec.rb'), 'widget');
    assert.equal(testStem('.env'), 'env');
    assert.equal(testStem('a.ts'), undefined);
    assert.equal(testStem('x[1]y.ts'), 'x?1?y');
  });
});
