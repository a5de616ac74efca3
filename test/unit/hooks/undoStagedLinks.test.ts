// Before a destructive command the host runs (Claude Bash `rm -rf src`, asked), the undo keeper stages HARD
// LINKS of the files it may destroy under the AgentGuard home (undo/<ws>/staged/<call>/<n>). When the person
// declines, no after-hook comes and the links stay: every later edit of those files met a file with another
// name on disk and was asked ('path:hard-link'). Names in the guard's own store are no other file and are not
// counted; a hard link the agent made (to .env, to a test) still is. Real files and real links, extension down.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

describe('hook bridge: links the undo store staged for a declined delete (extension down)', () => {
  let sb: Sandbox;
  let n = 0;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const claude = (tool: string, tool_input: Record<string, unknown>) =>
    runHook(
      ['--host', 'claude', '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: sb.workspace, tool_name: tool, tool_input, tool_use_id: `toolu_${++n}` }),
      sb.env,
    );
  const edit = (rel: string, old_string: string, new_string: string) => claude('Edit', { file_path: path.join(sb.workspace, rel), old_string, new_string });
  const nlink = (rel: string) => fs.statSync(path.join(sb.workspace, rel)).nlink;

  async function declinedRm(cmd: string): Promise<void> {
    const r = await claude('Bash', { command: cmd });
    assert.equal(preDecision(r), 'ask', r.stdout);
    // The host asks; the person says no: no PostToolUse ever comes.
  }

  it('rm -rf src asked and declined: a later edit of src/app.ts is not asked for a hard link', async () => {
    await declinedRm('rm -rf src');
    assert.ok(nlink('src/app.ts') > 1, 'the keeper staged no link: the test no longer shows the case');
    const r = await edit('src/app.ts', 'a = 1', 'a = 2');
    assert.deepEqual(answerOf(r), {}, r.stdout);
  });

  it('two declined deletes (two staged links), then an edit: still allowed', async () => {
    await declinedRm('rm -rf src');
    await declinedRm('rm -r src/');
    const r = await edit('src/app.ts', 'a = 1', 'a = 2');
    assert.deepEqual(answerOf(r), {}, r.stdout);
  });

  it('a hard link the agent made to a test file is still asked, staged copies or not', async () => {
    fs.linkSync(path.join(sb.workspace, 'tests', 'a.test.ts'), path.join(sb.workspace, 'src', 'h.ts'));
    await declinedRm('rm -rf src');
    const r = await edit('src/h.ts', 'toBe(1)', 'toBe(2)');
    assert.notDeepEqual(answerOf(r), {}, r.stdout);
    assert.ok(['ask', 'deny'].includes(String(preDecision(r))), r.stdout);
  });

  it('a hard link the agent made to .env is still refused or asked, staged copies or not', async () => {
    fs.linkSync(path.join(sb.workspace, '.env'), path.join(sb.workspace, 'src', 'notes.txt'));
    await declinedRm('rm -rf src');
    const r = await edit('src/notes.txt', 'GITHUB', 'X');
    assert.ok(['ask', 'deny'].includes(String(preDecision(r))), r.stdout);
  });

  it('without a staged copy, a file with another name on disk is still asked (the step itself stays)', async () => {
    fs.mkdirSync(path.join(sb.root, 'elsewhere'));
    fs.linkSync(path.join(sb.workspace, 'src', 'app.ts'), path.join(sb.root, 'elsewhere', 'app.ts'));
    const r = await edit('src/app.ts', 'a = 1', 'a = 2');
    assert.equal(preDecision(r), 'ask', r.stdout);
  });
});
