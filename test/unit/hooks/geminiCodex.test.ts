// Gemini CLI and Codex through `agentguard hook` with the extension unreachable, on payloads shaped as the
// real CLIs sent them on these machines (Gemini CLI 0.61 BeforeTool/AfterTool, Codex 0.169 PreToolUse/
// PostToolUse with turn_id). What each host honours decides what we print: Gemini reads `decision`, never
// `permissionDecision`; Codex runs the command unless a deny carries a non-empty reason, and cannot ask.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';

describe('hook bridge, Gemini CLI and Codex (extension down)', () => {
  let sb: Sandbox;
  const hook = (host: string, input: string) => runHook(['--host', host, '--workspace', sb.workspace], input, sb.env);
  const fixture = (host: string, name: string) => hook(host, sb.payload(host, name));

  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  /** The placeholder the masker puts in place of the sandbox's token (read back through Gemini's AfterTool). */
  async function placeholder(): Promise<string> {
    const a = answerOf(await fixture('gemini', 'AfterTool-read_file_settings'));
    const m = /token = "(«secret:[^»]+»)"/.exec(String(a.reason));
    assert.ok(m, `no placeholder in ${a.reason}`);
    return m[1];
  }

  describe('Gemini CLI', () => {
    it('rm -rf through run_shell_command: decision deny (Gemini ignores permissionDecision), audited', async () => {
      const r = await fixture('gemini', 'BeforeTool-run_shell_command_rm');
      assert.equal(r.code, 0, r.stderr);
      const a = answerOf(r);
      assert.equal(a.decision, 'deny');
      assert.match(a.reason, /^AgentGuard: .*rm/);
      assert.equal(a.hookSpecificOutput?.permissionDecision, undefined);
      const recs = sb.audit();
      assert.equal(recs.length, 1);
      assert.equal(recs[0].agent, 'gemini-cli');
      assert.equal(recs[0].op, 'exec');
      assert.notEqual(recs[0].decision, 'allow');
    });

    it('a benign command gets no decision at all (the host flow applies)', async () => {
      const r = await fixture('gemini', 'BeforeTool-run_shell_command_ls');
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(answerOf(r), {});
      assert.equal(sb.audit()[0].decision, 'allow');
    });

    it('replace in a test file (relative path, as the model wrote it) is refused', async () => {
      const a = answerOf(await fixture('gemini', 'BeforeTool-replace_test'));
      assert.equal(a.decision, 'deny');
      assert.match(a.reason, /tests\/a\.test\.ts/);
      assert.equal(sb.audit().find((x) => x.decision === 'deny')?.rule, 'path:tests');
    });

    it('AfterTool read_file of a file holding a token: the model gets the masked text, line for line', async () => {
      const r = await fixture('gemini', 'AfterTool-read_file_settings');
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stdout.includes(sb.secret), 'the token reached the model');
      const a = answerOf(r);
      assert.equal(a.decision, 'deny', 'AfterTool deny is how Gemini replaces what the model sees');
      assert.match(a.reason, /«secret:/);
      assert.match(a.reason, /region = "eu-west-1"/, 'lines without a secret are kept');
    });

    it('replace keeping a placeholder: the input is rewritten with the real value from disk', async () => {
      const ph = await placeholder();
      const payload = JSON.parse(sb.payload('gemini', 'BeforeTool-replace_test'));
      payload.tool_input = {
        file_path: 'src/settings.ts',
        old_string: 'export const timeoutMs = 5000;',
        new_string: `export const timeoutMs = 9000;\nexport const again = "${ph}";`,
      };
      const a = answerOf(await hook('gemini', JSON.stringify(payload)));
      assert.equal(a.decision, undefined);
      assert.equal(a.hookSpecificOutput.hookEventName, 'BeforeTool');
      assert.equal(a.hookSpecificOutput.tool_input.new_string, `export const timeoutMs = 9000;\nexport const again = "${sb.secret}";`);
      assert.equal(a.hookSpecificOutput.tool_input.file_path, 'src/settings.ts');
    });

    it('a placeholder that stands for no secret in the file is refused, never written', async () => {
      const payload = JSON.parse(sb.payload('gemini', 'BeforeTool-replace_test'));
      payload.tool_input = { file_path: 'src/app.ts', old_string: 'export const a = 1;', new_string: 'export const a = "«secret:github-token#7»";' };
      const a = answerOf(await hook('gemini', JSON.stringify(payload)));
      assert.equal(a.decision, 'deny');
      assert.equal(fs.readFileSync(path.join(sb.workspace, 'src', 'app.ts'), 'utf8'), 'export const a = 1;\n');
    });
  });

  describe('Codex', () => {
    it('Bash rm -r: deny with a non-empty reason (Codex runs the command on a deny without one)', async () => {
      const r = await fixture('codex', 'PreToolUse-Bash_rm');
      assert.equal(r.code, 0, r.stderr);
      const h = answerOf(r).hookSpecificOutput;
      assert.equal(h.hookEventName, 'PreToolUse');
      assert.equal(h.permissionDecision, 'deny', 'Codex cannot ask: an unsettled ask is a refusal');
      assert.match(h.permissionDecisionReason, /^AgentGuard: .+/);
      const recs = sb.audit();
      assert.equal(recs[0].agent, 'codex');
      assert.equal(recs[0].tool, 'Bash');
    });

    it('a benign command: no decision printed (allow without updatedInput is "unsupported" to Codex)', async () => {
      const r = await fixture('codex', 'PreToolUse-Bash_ls');
      assert.deepEqual(answerOf(r), {});
    });

    it('apply_patch {command: patch} updating a test is refused', async () => {
      const h = answerOf(await fixture('codex', 'PreToolUse-apply_patch_test')).hookSpecificOutput;
      assert.equal(h.permissionDecision, 'deny');
      assert.match(h.permissionDecisionReason, /tests\/a\.test\.ts/);
    });

    it('apply_patch hiding a second file behind an indented End Patch is refused', async () => {
      const payload = JSON.parse(sb.payload('codex', 'PreToolUse-apply_patch_test'));
      payload.tool_input.command =
        '*** Begin Patch\n*** Update File: src/app.ts\n@@\n-export const a = 1;\n+export const a = 2;\n  *** End Patch\n*** Delete File: .agentguard.yaml\n*** End Patch\n';
      const h = answerOf(await hook('codex', JSON.stringify(payload))).hookSpecificOutput;
      assert.equal(h.permissionDecision, 'deny');
    });

    it('apply_patch keeping a placeholder: allow + updatedInput {command} with the real value restored', async () => {
      const ph = await placeholder();
      const payload = JSON.parse(sb.payload('codex', 'PreToolUse-apply_patch_test'));
      payload.tool_input.command = `*** Begin Patch\n*** Update File: src/settings.ts\n@@\n export const token = "${ph}";\n-export const timeoutMs = 5000;\n+export const timeoutMs = 9000;\n*** End Patch\n`;
      const h = answerOf(await hook('codex', JSON.stringify(payload))).hookSpecificOutput;
      assert.equal(h.permissionDecision, 'allow');
      assert.ok(h.permissionDecisionReason.length > 0);
      assert.deepEqual(Object.keys(h.updatedInput), ['command'], 'Codex reads only updatedInput.command');
      assert.ok(h.updatedInput.command.includes(` export const token = "${sb.secret}";`), h.updatedInput.command);
      assert.ok(!h.updatedInput.command.includes('«secret:'));
    });

    it('PostToolUse Bash output holding a token: decision block replaces it with the masked output', async () => {
      const r = await fixture('codex', 'PostToolUse-Bash_cat_settings');
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stdout.includes(sb.secret), 'the token reached the model');
      const a = answerOf(r);
      assert.equal(a.decision, 'block');
      assert.match(a.reason, /«secret:/);
      assert.match(a.reason, /timeoutMs = 5000/);
    });
  });

  it('a hard link to .env is not made searchable by its harmless name (Claude Grep narrowing, Gemini read_many_files)', async () => {
    fs.mkdirSync(path.join(sb.workspace, 'docs'));
    fs.writeFileSync(path.join(sb.workspace, 'docs', 'guide.md'), 'GITHUB_TOKEN is read from the environment\n');
    fs.linkSync(path.join(sb.workspace, '.env'), path.join(sb.workspace, 'docs', 'notes.txt'));
    const claude = JSON.stringify({
      session_id: 's1',
      transcript_path: '/tmp/t.jsonl',
      cwd: sb.workspace,
      hook_event_name: 'PreToolUse',
      tool_name: 'Grep',
      tool_input: { pattern: 'GITHUB_TOKEN', path: path.join(sb.workspace, 'docs'), output_mode: 'content' },
      tool_use_id: 'toolu_1',
    });
    const r = await hook('claude', claude);
    assert.equal(r.code, 0, r.stderr);
    const a = answerOf(r);
    const out = a.hookSpecificOutput;
    assert.ok(out.permissionDecision === 'deny' || /guide\.md/.test(String(out.updatedInput?.glob)), JSON.stringify(a));
    assert.ok(!JSON.stringify(out.updatedInput ?? {}).includes('notes.txt'), `the hard link was let through: ${JSON.stringify(a)}`);
    assert.notEqual(out.permissionDecision === 'allow' && out.updatedInput === undefined, true, 'allowed unnarrowed');
    const gemini = JSON.stringify({
      session_id: 's2',
      transcript_path: '/tmp/g.jsonl',
      cwd: sb.workspace,
      hook_event_name: 'BeforeTool',
      timestamp: '2026-12-01T16:07:45.005Z',
      tool_name: 'read_many_files',
      tool_input: { paths: ['docs/notes.txt'] },
    });
    const g = answerOf(await hook('gemini', gemini));
    assert.equal(g.decision, 'deny', JSON.stringify(g));
  });
});
