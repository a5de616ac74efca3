// A search's answer never depends on what a secret holds. Threat: a host that shows search matches unmasked
// (VS Code, Cline) left a file holding secrets in the search when the pattern did not reach its secret
// lines — so a pattern guessing the token's first characters got the file left out (and a note saying so)
// when the guess was right, and searched when it was wrong: the token, one character at a time.
import { strict as assert } from 'node:assert';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';

describe('hook search: no oracle on secrets', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const vscodeGrep = (query: string) =>
    runHook(
      ['--host', 'vscode', '--workspace', sb.workspace],
      JSON.stringify({
        timestamp: '2026-12-02T02:00:00.000Z',
        hook_event_name: 'PreToolUse',
        session_id: 's1',
        tool_name: 'grep_search',
        tool_input: { query, isRegexp: true, includePattern: 'src/**' },
        tool_use_id: 'call_1__vscode-1',
        cwd: sb.workspace,
      }),
      sb.env,
    );

  const clineSearch = (regex: string) =>
    runHook(
      ['--host', 'cline', '--workspace', sb.workspace],
      JSON.stringify({
        clineVersion: '4.0.0',
        hookName: 'tool_call',
        timestamp: '1',
        taskId: 't1',
        workspaceRoots: [sb.workspace],
        tool_call: { id: 'c1', name: 'search_files', input: { path: 'src', regex } },
      }),
      sb.env,
    );

  it('VS Code grep_search: a right and a wrong guess at the token get the same answer, the file holding it left out', async () => {
    const right = sb.secret.slice(0, 6);
    const wrong = right.slice(0, 5) + (right[5] === 'A' ? 'B' : 'A');
    const [a, b] = await Promise.all([vscodeGrep(right), vscodeGrep(wrong)]);
    assert.equal(a.code, 0, a.stderr);
    const [ja, jb] = [answerOf(a), answerOf(b)];
    assert.deepEqual(
      { ...ja.hookSpecificOutput, updatedInput: { ...ja.hookSpecificOutput?.updatedInput, query: '' } },
      { ...jb.hookSpecificOutput, updatedInput: { ...jb.hookSpecificOutput?.updatedInput, query: '' } },
    );
    const inc = String(ja.hookSpecificOutput?.updatedInput?.includePattern);
    assert.match(inc, /app\.ts/);
    assert.doesNotMatch(inc, /settings\.ts/);
  });

  it('Cline search_files (shown unmasked, no narrowing): refused for a right and a wrong guess alike', async () => {
    const right = sb.secret.slice(0, 6);
    const wrong = right.slice(0, 5) + (right[5] === 'A' ? 'B' : 'A');
    const [a, b] = await Promise.all([clineSearch(right), clineSearch(wrong)]);
    assert.equal(a.code, 0, a.stderr);
    assert.deepEqual(answerOf(a), answerOf(b));
    assert.ok(answerOf(a).cancel === true || answerOf(a).overrideInput !== undefined, JSON.stringify(answerOf(a)));
  });
});
