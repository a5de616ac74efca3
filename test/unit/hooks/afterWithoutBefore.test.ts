// An after-hook whose before-hook never ran (a host that skipped it, a tool with no pre-hook, a hook installed
// mid-session) is still a call: it gets its line in the audit, with what the bridge knows, and its output is still
// masked where the host lets a hook replace it. Before: the after-hook wrote a line only when it closed a window
// its before-hook had opened (a mutating call allowed) or when it changed the output, so a benign output with no
// before-hook left no trace. A call whose before-hook was recorded gets no second line. Real payloads of each host
// the README supports (test/fixtures/hooks), through the built CLI with the extension down.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');

/** One host's real after-hook payload, with its output made benign (or kept as the fixture has it). */
interface Case {
  host: string;
  fixture: string;
  /** The fixture as the host sends it, with the tool's output replaced by text holding no secret. */
  benign(p: Record<string, any>): void;
}

const CASES: Case[] = [
  { host: 'claude', fixture: 'PostToolUse-Read_settings', benign: (p) => (p.tool_response.file.content = 'export const a = 1;\n') },
  { host: 'codex', fixture: 'PostToolUse-Bash_cat_settings', benign: (p) => (p.tool_response = 'export const a = 1;\n') },
  { host: 'gemini', fixture: 'AfterTool-read_file_settings', benign: (p) => (p.tool_response.llmContent = 'export const a = 1;\n') },
  { host: 'vscode', fixture: 'PostToolUse-run_in_terminal', benign: () => undefined },
  { host: 'vscode', fixture: 'PostToolUse-read_file', benign: () => undefined },
  { host: 'cline', fixture: 'PostToolUse-v4-editor', benign: () => undefined },
];

describe('hook bridge: an after-hook with no before-hook still reaches the audit (extension down)', function () {
  // Several hook processes a test on a shared machine: a limit on hangs, not a timed assertion.
  this.timeout(10 * 60_000);
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const post = (host: string, payload: string) =>
    runHook(['--host', host, '--event', 'post', '--workspace', sb.workspace, '--timeout', '120'], payload, sb.env);
  const pre = (host: string, payload: string) => runHook(['--host', host, '--event', 'pre', '--workspace', sb.workspace, '--timeout', '120'], payload, sb.env);
  const verify = () => {
    const dir = path.join(sb.home, 'audit');
    const file = path.join(dir, fs.readdirSync(dir)[0]);
    return execFileSync('node', [CLI, 'audit', 'verify', file], { encoding: 'utf8', env: { ...process.env, ...sb.env } });
  };

  for (const c of CASES) {
    it(`${c.host} ${c.fixture}: a benign output with no before-hook is one line, as the host reported it`, async () => {
      const p = JSON.parse(sb.payload(c.host, c.fixture)) as Record<string, any>;
      c.benign(p);
      const r = await post(c.host, JSON.stringify(p));
      assert.equal(r.code, 0, r.stderr);
      const lines = sb.audit();
      assert.equal(lines.length, 1, JSON.stringify(lines));
      assert.equal(lines[0].event, 'ran');
      assert.equal(lines[0].rule, 'hook:after-unpaired');
      assert.equal(lines[0].channel, 'hook');
      assert.ok(lines[0].tool.length > 0);
      assert.match(verify(), /chain intact/);
    });
  }

  for (const [host, fixture] of [
    ['claude', 'PostToolUse-Read_settings'],
    ['codex', 'PostToolUse-Bash_cat_settings'],
    ['gemini', 'AfterTool-read_file_settings'],
  ] as const) {
    it(`${host}: a secret in the output of a call whose before-hook never ran is still masked, and recorded once`, async () => {
      const r = await post(host, sb.payload(host, fixture));
      assert.equal(r.code, 0, r.stderr);
      const shown = JSON.stringify(answerOf(r));
      assert.ok(!r.stdout.includes(sb.secret), r.stdout);
      assert.match(shown, /«secret:|withheld/, r.stdout);
      assert.ok(shown.includes('eu-west-1'), 'the lines without a secret are kept');
      const lines = sb.audit();
      assert.equal(lines.length, 1, JSON.stringify(lines));
      assert.equal(lines[0].event, 'output');
      assert.ok(!JSON.stringify(lines).includes(sb.secret));
      assert.match(verify(), /chain intact/);
    });
  }

  it('a call whose before-hook was seen gets no second line from its after-hook: a read, a passed tool, a mutating command', async () => {
    // Claude Code Read of a file without secrets: the before-hook records it; the after-hook adds nothing.
    const readPre = JSON.parse(sb.payload('claude', 'PreToolUse-Read_app')) as Record<string, any>;
    assert.equal((await pre('claude', JSON.stringify(readPre))).code, 0);
    const readPost = {
      ...readPre,
      hook_event_name: 'PostToolUse',
      tool_response: { type: 'text', file: { filePath: readPre.tool_input.file_path, content: 'export const a = 1;\n' } },
    };
    assert.equal((await post('claude', JSON.stringify(readPost))).code, 0);
    assert.equal(sb.audit().length, 1, JSON.stringify(sb.audit()));
    // A tool with nothing to judge (VS Code's to-do list).
    const todo = JSON.parse(sb.payload('vscode', 'PreToolUse-manage_todo_list')) as Record<string, any>;
    assert.equal((await pre('vscode', JSON.stringify(todo))).code, 0);
    assert.equal((await post('vscode', JSON.stringify({ ...todo, hook_event_name: 'PostToolUse', tool_response: '' }))).code, 0);
    assert.equal(sb.audit().length, 2, JSON.stringify(sb.audit()));
    // A command that writes a file: its after-hook is the `changes` record (as before), not an unpaired one.
    const cmd = {
      session_id: 's',
      cwd: sb.workspace,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'echo hi > notes.md' },
      tool_use_id: 'toolu_w1',
    };
    assert.equal((await pre('claude', JSON.stringify(cmd))).code, 0);
    fs.writeFileSync(path.join(sb.workspace, 'notes.md'), 'hi\n');
    const ran = { ...cmd, hook_event_name: 'PostToolUse', tool_response: { stdout: '', stderr: '', interrupted: false, isImage: false } };
    assert.equal((await post('claude', JSON.stringify(ran))).code, 0);
    const events = sb.audit().map((l) => l.event ?? 'call');
    assert.deepEqual(events, ['call', 'call', 'call', 'changes']);
    assert.match(verify(), /chain intact/);
  });

  it('the same after-hook sent twice (its window already closed) is recorded the second time, not lost', async () => {
    const p = JSON.parse(sb.payload('vscode', 'PostToolUse-run_in_terminal')) as Record<string, any>;
    assert.equal((await post('vscode', JSON.stringify(p))).code, 0);
    assert.equal((await post('vscode', JSON.stringify(p))).code, 0);
    assert.deepEqual(
      sb.audit().map((l) => l.event),
      ['ran', 'ran'],
    );
  });
});
