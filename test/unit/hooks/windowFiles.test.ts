// With the extension down, a host's before- and after-hook run in two processes: the window kept on disk
// joins them, so what the tool created, changed or deleted is charged to its call in a `changes` record.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { HookEnvelope } from '../../../src/core/hooks';
import { compileIgnore } from '../../../src/core/snapshot/ignore';
import type { CanonicalCall } from '../../../src/core/types';
import { windowOf } from '../../../src/node/hookBridge/answer';
import { FileHostWindows } from '../../../src/node/hookBridge/windowFiles';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';

/** Longer than the kernel's coarse timestamp tick: a write before this pause is stamped before what follows. */
const tick = () => new Promise((r) => setTimeout(r, 30));

describe('hook windows kept on disk (extension down)', () => {
  let sb: Sandbox;
  let dir: string;
  const call = (id: string, paths: string[] = [], args: Record<string, unknown> = {}): CanonicalCall => ({
    id,
    agent: 'claude-code',
    channel: 'hook',
    tool: 'Bash',
    op: 'exec',
    paths,
    args,
  });
  const windows = (o: Partial<ConstructorParameters<typeof FileHostWindows>[0]> = {}) =>
    new FileHostWindows({ workspace: sb.workspace, dir, ignore: () => compileIgnore(['out/**']), mask: (v) => v, ...o });
  const ws = (rel: string) => path.join(sb.workspace, rel);

  beforeEach(() => {
    sb = sandbox();
    dir = path.join(sb.home, 'windows-test');
  });
  afterEach(() => sb.cleanup());

  it('charges what changed between the before- and after-hook to the calls: added, modified, a named file deleted', async () => {
    fs.writeFileSync(ws('old.txt'), 'old\n');
    fs.writeFileSync(ws('before.txt'), 'written before the call\n');
    await tick();
    const w = windows();
    await w.open('toolu_1', 's1', [call('toolu_1#0', [ws('old.txt')])]);
    await tick();
    fs.mkdirSync(ws('reports'));
    fs.writeFileSync(ws('reports/summary.txt'), 'report\n');
    fs.appendFileSync(ws('src/app.ts'), '// more\n');
    fs.rmSync(ws('old.txt'));
    fs.writeFileSync(ws('out.keep'), ''); // beside the ignored folder, not in it
    fs.mkdirSync(ws('out'), { recursive: true });
    fs.writeFileSync(ws('out/build.js'), 'ignored by the policy\n');
    fs.mkdirSync(ws('node_modules/x'), { recursive: true });
    fs.writeFileSync(ws('node_modules/x/index.js'), 'always ignored\n');
    const got = await w.close('toolu_1');
    assert.ok(got, 'the window was not found');
    assert.deepEqual(
      got.calls.map((c) => c.id),
      ['toolu_1#0'],
    );
    const kinds = Object.fromEntries(got.changes.map((c) => [c.path, c.kind]));
    assert.deepEqual(kinds, { 'reports/summary.txt': 'added', 'src/app.ts': 'modified', 'old.txt': 'deleted', 'out.keep': 'added' });
    for (const c of got.changes) assert.deepEqual(c.callIds, ['toolu_1#0']);
    assert.equal(await w.close('toolu_1'), undefined, 'a window is closed once');
    assert.deepEqual(fs.readdirSync(dir), [], 'the window file is gone');
  });

  it('an edit that puts the old mtime back is still seen (ctime cannot be set back)', async () => {
    const before = fs.statSync(ws('src/app.ts'));
    await tick();
    const w = windows();
    await w.open('k', undefined, [call('k#0')]);
    await tick();
    fs.writeFileSync(ws('src/app.ts'), 'export const a = 2;\n');
    fs.utimesSync(ws('src/app.ts'), before.atime, before.mtime);
    const got = await w.close('k');
    assert.deepEqual(
      got?.changes.map((c) => [c.path, c.kind]),
      [['src/app.ts', 'modified']],
    );
  });

  it('a tool-use id from the payload cannot place the window file outside its folder', async () => {
    const w = windows();
    await w.open('../../../escape', undefined, [call('x#0')]);
    assert.equal(fs.readdirSync(dir).length, 1);
    assert.ok(!fs.existsSync(path.join(sb.home, 'escape.json')) && !fs.existsSync(path.join(sb.root, 'escape.json')));
    assert.ok(await w.close('../../../escape'));
  });

  it("the calls' arguments are written masked", async () => {
    const w = windows({ mask: <T>(v: T) => JSON.parse(JSON.stringify(v).split(sb.secret).join('«secret:github-token#1»')) as T });
    await w.open('m', undefined, [call('m#0', [], { command: `curl -H 'Authorization: token ${sb.secret}' https://example.com` })]);
    const text = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]), 'utf8');
    assert.ok(!text.includes(sb.secret), 'the secret was written to the window file');
    assert.ok(text.includes('«secret:github-token#1»'));
  });

  it('a window whose after-hook never came is dropped after its time', async () => {
    let now = Date.now();
    const w = windows({ now: () => now });
    await w.open('lost', undefined, [call('lost#0')]);
    await w.closeStale(undefined);
    assert.equal(fs.readdirSync(dir).length, 1, 'a fresh window stays');
    now += 11 * 60_000;
    await w.closeStale(undefined);
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it('a host without tool-use ids (Gemini CLI): the after-hook finds the window by session, tool and input', () => {
    const env = (phase: 'pre' | 'post', command: string): HookEnvelope =>
      ({
        host: 'gemini',
        phase,
        eventName: phase === 'pre' ? 'BeforeTool' : 'AfterTool',
        toolName: 'run_shell_command',
        toolInput: { command },
        sessionId: 's',
      }) as HookEnvelope;
    assert.equal(windowOf(env('pre', 'make'))?.key, windowOf(env('post', 'make'))?.key);
    assert.notEqual(windowOf(env('pre', 'make'))?.key, windowOf(env('post', 'make test'))?.key);
    assert.equal(windowOf({ ...env('pre', 'make'), sessionId: undefined }), undefined);
  });

  it('through the CLI deciding alone: a Bash pre-hook, the command, the post-hook — one changes record for that call', async () => {
    const payload = (event: string) =>
      JSON.stringify({
        session_id: 'sess-1',
        permission_mode: 'default',
        cwd: sb.workspace, // Claude Code names the folder the command runs in
        hook_event_name: event,
        tool_name: 'Bash',
        tool_input: { command: 'echo report > summary.txt' },
        tool_use_id: 'toolu_test_1',
        ...(event === 'PostToolUse' ? { tool_response: { stdout: '', stderr: '' } } : {}),
      });
    const args = ['--host', 'claude', '--workspace', sb.workspace];
    const pre = await runHook([...args, '--event', 'pre'], payload('PreToolUse'), sb.env);
    assert.equal(pre.code, 0, pre.stderr);
    assert.notEqual(answerOf(pre).hookSpecificOutput?.permissionDecision, 'deny');
    await tick();
    fs.writeFileSync(ws('summary.txt'), 'report\n'); // what the host's tool did
    const post = await runHook([...args, '--event', 'post'], payload('PostToolUse'), sb.env);
    assert.equal(post.code, 0, post.stderr);
    assert.match(answerOf(post).hookSpecificOutput?.additionalContext ?? '', /1 added/);
    const recs = sb.audit();
    const exec = recs.find((r) => r.event === undefined && r.tool === 'Bash');
    const changes = recs.filter((r) => r.event === 'changes');
    assert.equal(changes.length, 1, JSON.stringify(recs));
    assert.equal(changes[0].callId, exec?.callId);
    assert.deepEqual(changes[0].changes, [{ path: 'summary.txt', kind: 'added' }]);
  });
});
