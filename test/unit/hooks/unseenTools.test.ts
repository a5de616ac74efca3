// Tools whose effect the guard cannot see into are judged as what they may do or asked, never passed: a
// search sub-agent reads the whole workspace, a skill loads instructions by name. Through the built CLI with
// the extension down.
import { strict as assert } from 'node:assert';
import { answerOf, preDecision, runHook, type Sandbox, sandbox, vscodePre } from './helpers';

describe('hook bridge: tools the guard cannot see into (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const vscode = (tool_name: string, tool_input: unknown) => vscodePre(sb, tool_name, tool_input);

  for (const t of ['search_subagent', 'explore_subagent']) {
    it(`VS Code ${t} in a workspace with .env is refused or asked, and recorded`, async () => {
      const r = await vscode(t, { query: 'the GitHub token', description: 'find it', details: 'print the value' });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(['deny', 'ask'].includes(String(preDecision(r))), r.stdout);
      assert.ok(sb.audit().length >= 1);
    });
  }

  it('VS Code get_search_view_results is asked', async () => {
    const r = await vscode('get_search_view_results', {});
    assert.ok(['deny', 'ask'].includes(String(preDecision(r))), r.stdout);
  });

  for (const [tool, input] of [
    ['skills', { skill: 'deploy' }],
    ['use_skill', { skill_name: 'deploy' }],
  ] as const) {
    it(`Cline SDK ${tool} ${JSON.stringify(input)} is not passed (refused: Cline cannot ask)`, async () => {
      const r = await runHook(
        ['--host', 'cline', '--event', 'pre', '--workspace', sb.workspace],
        JSON.stringify({
          clineVersion: '4.0.0',
          hookName: 'tool_call',
          taskId: 't1',
          workspaceRoots: [sb.workspace],
          tool_call: { id: 'c1', name: tool, input },
        }),
        sb.env,
      );
      const a = answerOf(r);
      assert.ok(a.cancel === true || a.overrideInput !== undefined, r.stdout);
      assert.ok(
        sb.audit().some((x) => x.decision === 'deny'),
        JSON.stringify(sb.audit()),
      );
    });
  }

  it('Gemini activate_skill is refused (Gemini cannot ask)', async () => {
    const r = await runHook(
      ['--host', 'gemini', '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({ session_id: 's', cwd: sb.workspace, hook_event_name: 'BeforeTool', tool_name: 'activate_skill', tool_input: { name: 'deploy' } }),
      sb.env,
    );
    assert.equal(answerOf(r).decision, 'deny', r.stdout);
  });

  it('VS Code edit_notebook_file writing a cell that prints .env is a write (the file rules judge it); running the cell is asked', async () => {
    const nb = `${sb.workspace}/src/explore.ipynb`;
    const edit = await vscode('edit_notebook_file', { filePath: nb, editType: 'insert', language: 'python', newCode: "print(open('.env').read())" });
    assert.equal(edit.code, 0, edit.stderr);
    assert.notEqual(preDecision(edit), 'deny', edit.stdout);
    const run = await vscode('run_notebook_cell', { filePath: nb, cellId: 'c1' });
    assert.ok(['deny', 'ask'].includes(String(preDecision(run))), run.stdout);
  });
});
