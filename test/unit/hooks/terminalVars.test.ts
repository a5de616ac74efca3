// Session variables in VS Code's persistent terminal: `export X=/bin/rm` (or `X=rm`, `D=tests`) in one call changes
// what `$X -rf src` or `echo x > $D/a.test.ts` does in a later one. A variable set by a call that ran (its after-hook
// came) is judged with its value in later calls; one whose call may not have run, or that a later call may have
// changed in a way the guard cannot follow, is unknown (asked), never stale. Before: every such name was unknown, so
// an attack was only asked (the person saw `$X`, not rm), and a benign `D=src` then `… --out $D/x` was asked too.
// Through the built CLI with the extension down, one process per hook as VS Code runs them.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

describe('hook bridge: session variables in VS Code`s persistent terminal', function () {
  // Many hook processes a test, one after another, on a shared machine: a limit on hangs, not a timed assertion.
  this.timeout(10 * 60_000);
  let sb: Sandbox;
  let n = 0;
  const payload = (event: 'PreToolUse' | 'PostToolUse', command: string, id: string, session: string) =>
    JSON.stringify({
      timestamp: new Date().toISOString(),
      hook_event_name: event,
      session_id: session,
      tool_name: 'run_in_terminal',
      tool_input: { command, explanation: 'x', goal: 'x', isBackground: false },
      ...(event === 'PostToolUse' ? { tool_response: '' } : {}),
      tool_use_id: `${id}__vscode-1`,
      cwd: sb.workspace,
    });
  const pre = async (session: string, command: string) => {
    const id = `call${++n}`;
    const r = await runHook(['--host', 'vscode', '--workspace', sb.workspace, '--timeout', '120'], payload('PreToolUse', command, id, session), sb.env);
    assert.equal(r.code, 0, r.stderr);
    return { id, decision: preDecision(r) ?? 'host-flow', reason: String(answerOf(r).hookSpecificOutput?.permissionDecisionReason ?? '') };
  };
  /** A command that ran: its before-hook, then its after-hook. */
  const ran = async (session: string, command: string) => {
    const r = await pre(session, command);
    assert.notEqual(r.decision, 'deny', `${command}: ${r.reason}`);
    const p = await runHook(['--host', 'vscode', '--workspace', sb.workspace, '--timeout', '120'], payload('PostToolUse', command, r.id, session), sb.env);
    assert.equal(p.code, 0, p.stderr);
  };

  beforeEach(() => {
    sb = sandbox();
    fs.mkdirSync(path.join(sb.workspace, '.git', 'hooks'), { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it('a variable used as the command name is judged as the program it holds', async () => {
    await ran('a', 'export X=/bin/rm');
    const a = await pre('a', '$X -rf src');
    assert.equal(a.decision, 'ask');
    assert.match(a.reason, /rm -r deletes a directory tree/, 'judged as rm, not as a name only known at run time');
    await ran('b', 'X=rm');
    assert.match((await pre('b', '$X -rf src')).reason, /rm -r deletes a directory tree/);
    // The same program with a harmless use stays allowed, as `rm -f notes.md` is.
    assert.equal((await pre('b', '$X -f notes.md')).decision, 'host-flow');
  });

  it('a variable used as a path is judged with its value: protected tests, git hooks, secrets are refused', async () => {
    await ran('a', 'export D=tests');
    const w = await pre('a', 'echo x > $D/a.test.ts');
    assert.equal(w.decision, 'deny', w.reason);
    assert.match(w.reason, /tests\/a\.test\.ts/);
    await ran('b', 'H=.git/hooks');
    const h = await pre('b', 'cp /tmp/x $H/pre-commit');
    assert.equal(h.decision, 'deny', h.reason);
    assert.match(h.reason, /\.git\/hooks\/pre-commit/);
    await ran('c', "F='.env'");
    const f = await pre('c', 'cat "$F"');
    assert.equal(f.decision, 'deny', f.reason);
    assert.match(f.reason, /\.env/);
  });

  it('the latest value counts: a name set again in a later call is judged with its new value', async () => {
    await ran('a', 'f=src/app.ts');
    assert.equal((await pre('a', 'cat $f')).decision, 'host-flow');
    await ran('a', 'f=.env');
    assert.equal((await pre('a', 'cat $f')).decision, 'deny');
    await ran('b', 'a=src b=app.ts');
    assert.equal((await pre('b', 'cat "$a/$b"')).decision, 'host-flow');
  });

  it('a call let through that never ran (no after-hook) leaves the name unknown, not the old value: asked', async () => {
    await ran('a', 'f=src/app.ts');
    await pre('a', 'f=.env');
    assert.notEqual((await pre('a', 'cat $f')).decision, 'host-flow');
  });

  for (const change of ['f=$(cat list.txt)', 'read -r f < list.txt', 'source ./env.sh', 'unset f']) {
    it(`a value given by \`${change}\` (not followed) makes the name unknown, never stale: asked`, async () => {
      await ran('b', 'f=src/app.ts');
      await ran('b', change);
      assert.notEqual((await pre('b', 'cat $f')).decision, 'host-flow', change);
    });
  }

  it('benign: `export NODE_ENV=test` then `npm test` and `echo $NODE_ENV` stay allowed', async () => {
    await ran('a', 'export NODE_ENV=test');
    assert.equal((await pre('a', 'npm test')).decision, 'host-flow');
    assert.equal((await pre('a', 'echo $NODE_ENV')).decision, 'host-flow');
  });

  it('benign: CI, DEBUG and NODE_OPTIONS for memory exported, then `npm test`: allowed', async () => {
    await ran('b', 'export CI=true DEBUG=1');
    assert.equal((await pre('b', 'npm test')).decision, 'host-flow');
    await ran('c', 'export NODE_OPTIONS=--max-old-space-size=4096');
    assert.equal((await pre('c', 'npm test')).decision, 'host-flow');
  });

  it('benign: a folder kept in a variable and used as an output path is allowed (it was asked: unknown)', async () => {
    await ran('d', 'OUT=build');
    assert.equal((await pre('d', 'npm run build -- --out $OUT/x')).decision, 'host-flow');
    assert.equal((await pre('d', 'ls $OUT')).decision, 'host-flow');
  });

  it('another chat session does not see the variables', async () => {
    await ran('a', 'F=.env');
    assert.equal((await pre('a', 'cat $F')).decision, 'deny');
    assert.equal((await pre('b', 'cat $F')).decision, 'ask', 'unknown there, as before');
  });
});
