// Payloads written against the bridge's classes (tool coverage, odd envelopes) that got through before,
// each run through the built CLI with the extension down: none may be allowed any more.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, claudePre, preDecision, runHook, sandbox, type Sandbox } from './helpers';

describe('hook bridge: payloads that got through before (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const claude = (tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) => claudePre(sb, tool_name, tool_input, extra);

  it("Claude Code's Monitor runs a shell command: rm -rf is asked, never passed unchecked", async () => {
    const r = await claude('Monitor', { description: 'x', timeout_ms: 1000, command: 'rm -rf src' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(preDecision(r), 'ask', r.stdout);
  });

  it("Monitor's lines reach the model past the after-hook: printing a file that holds a secret is refused (Bash's would be masked)", async () => {
    const mon = await claude('Monitor', { description: 'x', timeout_ms: 1000, command: 'tail -n 5 src/settings.ts' });
    assert.equal(preDecision(mon), 'deny', mon.stdout);
    assert.match(String(answerOf(mon).hookSpecificOutput.permissionDecisionReason), /settings\.ts holds secret values/);
    const bash = await claude('Bash', { command: 'tail -n 5 src/settings.ts' });
    assert.notEqual(preDecision(bash), 'deny', bash.stdout);
  });

  it("Claude Code's LSP on a no-access file is a read of it: refused", async () => {
    const r = await claude('LSP', { operation: 'hover', filePath: `${sb.workspace}/.env`, line: 1, character: 1 });
    assert.equal(preDecision(r), 'deny', r.stdout);
  });

  it('a pre hook handed an event name that is not its own (a misspelt preToolUse) refuses instead of passing', async () => {
    const r = await claude('Read', { file_path: `${sb.workspace}/.env` }, { hook_event_name: 'preToolUse' });
    assert.equal(r.code, 2, r.stdout);
    assert.equal(preDecision(r), 'deny', r.stdout);
  });

  it('a search include that names a folder reaches what is in it (Gemini read_many_files `docs/` holding a link to .env)', async () => {
    fs.mkdirSync(path.join(sb.workspace, 'docs'));
    fs.writeFileSync(path.join(sb.workspace, 'docs', 'guide.md'), 'setup\n');
    fs.linkSync(path.join(sb.workspace, '.env'), path.join(sb.workspace, 'docs', 'notes.txt'));
    const r = await runHook(
      ['--host', 'gemini', '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({ session_id: 's', cwd: sb.workspace, hook_event_name: 'BeforeTool', tool_name: 'read_many_files', tool_input: { paths: ['docs/'] } }),
      sb.env,
    );
    const a = answerOf(r);
    assert.ok(a.decision === 'deny' || a.hookSpecificOutput?.tool_input !== undefined, r.stdout);
    assert.doesNotMatch(JSON.stringify(a.hookSpecificOutput?.tool_input ?? {}), /notes\.txt|"docs\/"/);
  });

  for (const paths of [['.'], ['./'], ['./.env'], ['.//src', '.']])
    it(`Gemini read_many_files ${JSON.stringify(paths)} reaches .env (a leading ./ matched no file as a glob)`, async () => {
      const r = await runHook(
        ['--host', 'gemini', '--event', 'pre', '--workspace', sb.workspace],
        JSON.stringify({
          session_id: 's',
          cwd: sb.workspace,
          hook_event_name: 'BeforeTool',
          tool_name: 'read_many_files',
          tool_input: { paths, useDefaultExcludes: false },
        }),
        sb.env,
      );
      const a = answerOf(r);
      // Refused, or narrowed to an input that no longer names the workspace root or .env.
      assert.ok(a.decision === 'deny' || a.hookSpecificOutput?.tool_input !== undefined, r.stdout);
      assert.doesNotMatch(JSON.stringify(a.hookSpecificOutput?.tool_input ?? {}), /"\.\/?"|\.env/);
    });

  it('VS Code grep_search: an include Copilot matches at any depth (`config/*`) is judged at any depth', async () => {
    fs.mkdirSync(path.join(sb.workspace, 'deploy', 'config'), { recursive: true });
    fs.writeFileSync(path.join(sb.workspace, 'deploy', 'config', '.env'), fs.readFileSync(path.join(sb.workspace, '.env')));
    fs.writeFileSync(path.join(sb.workspace, 'deploy', 'config', 'app.json'), '{}\n');
    const r = await runHook(
      ['--host', 'vscode', '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({
        timestamp: '2026-12-02T03:00:00.000Z',
        hook_event_name: 'PreToolUse',
        session_id: 's1',
        tool_name: 'grep_search',
        tool_input: { query: 'TOKEN', isRegexp: false, includePattern: 'config/*' },
        tool_use_id: 'call_2__vscode-1',
        cwd: sb.workspace,
      }),
      sb.env,
    );
    const out = answerOf(r).hookSpecificOutput ?? {};
    assert.ok(out.permissionDecision === 'deny' || out.updatedInput !== undefined, r.stdout);
    assert.doesNotMatch(String(out.updatedInput?.includePattern ?? ''), /\.env|config\/\*/);
  });
});
