// VS Code's agent runs its foreground commands in one persistent terminal per chat session: what one call
// leaves behind (a `cd`, a function, an alias) changes what the next call does. Driven through the built CLI
// with the extension down, one process per hook as the host runs them, on a real workspace with .git/hooks.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

describe('hook bridge: VS Code persistent terminal state across calls', () => {
  let sb: Sandbox;
  let n = 0;
  const payload = (event: 'PreToolUse' | 'PostToolUse', command: string, id: string, o: { session?: string; background?: boolean } = {}) =>
    JSON.stringify({
      timestamp: new Date().toISOString(),
      hook_event_name: event,
      session_id: o.session ?? 'chat-1',
      tool_name: 'run_in_terminal',
      tool_input: { command, explanation: 'x', goal: 'x', isBackground: o.background ?? false },
      ...(event === 'PostToolUse' ? { tool_response: '' } : {}),
      tool_use_id: `${id}__vscode-1`,
      cwd: sb.workspace,
    });
  const pre = async (command: string, o: { session?: string; background?: boolean } = {}) => {
    const id = `call${++n}`;
    const r = await runHook(['--host', 'vscode', '--workspace', sb.workspace], payload('PreToolUse', command, id, o), sb.env);
    assert.equal(r.code, 0, r.stderr);
    return { id, decision: preDecision(r) ?? 'host-flow', reason: String(answerOf(r).hookSpecificOutput?.permissionDecisionReason ?? '') };
  };
  const post = async (command: string, id: string, o: { session?: string; background?: boolean } = {}) => {
    const r = await runHook(['--host', 'vscode', '--workspace', sb.workspace], payload('PostToolUse', command, id, o), sb.env);
    assert.equal(r.code, 0, r.stderr);
  };
  /** A command that ran: before-hook, then after-hook. */
  const ran = async (command: string, o: { session?: string; background?: boolean } = {}) => {
    const r = await pre(command, o);
    if (r.decision !== 'deny') await post(command, r.id, o);
    return r;
  };

  beforeEach(() => {
    sb = sandbox();
    fs.mkdirSync(path.join(sb.workspace, '.git', 'hooks'), { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it('`cd tests` in one call: a new file written in the next is a write under tests/ (refused)', async () => {
    assert.equal((await pre('echo x > util.test.helpers.ts')).decision, 'host-flow', 'at the root the new file is allowed');
    await ran('cd tests');
    const r = await pre('echo x > util.test.helpers.ts');
    assert.equal(r.decision, 'deny');
    assert.match(r.reason, /tests\/util\.test\.helpers\.ts/);
  });

  it('`cd .git/hooks` in one call, a hook written in the next: refused; after `cd` back to the root it is a plain file again', async () => {
    await ran(`cd ${sb.workspace}/.git/hooks`);
    const r = await pre("printf '#!/bin/sh\\n' > pre-commit");
    assert.equal(r.decision, 'deny');
    assert.match(r.reason, /\.git\/hooks\/pre-commit/);
    await ran(`cd ${sb.workspace}`);
    assert.equal((await pre("printf '#!/bin/sh\\n' > pre-commit")).decision, 'host-flow');
  });

  it('a call let through whose after-hook never came (skipped at the host prompt, or not yet run): both places are judged', async () => {
    await pre('cd tests'); // no after-hook
    assert.equal((await pre('echo x > helpers.ts')).decision, 'deny', 'it may have run');
    assert.equal((await pre('cat .env')).decision, 'deny', 'it may not have run: the root is judged too');
  });

  it('a cd only known at run time leaves every relative path unknown until an absolute cd', async () => {
    await ran('cd "$(cat /tmp/where-to-go)"');
    assert.equal((await pre('echo x > notes.md')).decision, 'ask');
    await ran(`cd ${sb.workspace}/src`);
    assert.equal((await pre('echo x > notes.md')).decision, 'host-flow');
  });

  it('a function that moves the shell, defined in one call and called in the next', async () => {
    await ran('g() { cd .git/hooks; }');
    const r = await pre("g && printf '#!/bin/sh\\n' > pre-push");
    assert.equal(r.decision, 'deny');
    assert.match(r.reason, /\.git\/hooks\/pre-push/);
  });

  it('an alias is code: a destructive body is asked where it is defined; a harmless one is not', async () => {
    assert.equal((await pre("alias ll='ls -la'")).decision, 'host-flow');
    assert.equal((await pre("alias ls='rm -rf src'")).decision, 'ask');
  });

  it('an alias that moves the shell, defined in one call and used in the next', async () => {
    await ran("alias hk='cd .git/hooks'");
    const r = await pre("hk; printf '#!/bin/sh\\n' > post-merge");
    assert.equal(r.decision, 'deny');
    assert.match(r.reason, /\.git\/hooks\/post-merge/);
  });

  // fresh15cmd (cmd43): shell options and the variables bash reads for globs and `cd` are kept by the terminal too.
  it('shell options set in one call change what the next call`s globs match: judged under them', async () => {
    assert.equal((await pre('cat *env')).decision, 'host-flow', 'without dotglob `*env` does not match .env');
    await ran('shopt -s dotglob');
    assert.notEqual((await pre('cat *env')).decision, 'host-flow');
    assert.equal((await pre('cat *env', { session: 'chat-2' })).decision, 'host-flow', 'another session keeps its own options');
    await ran('GLOBIGNORE=x', { session: 'chat-3' });
    assert.notEqual((await pre('cat *env', { session: 'chat-3' })).decision, 'host-flow');
    await ran('shopt -s extglob', { session: 'chat-4' });
    assert.notEqual((await pre('cat .@(env|x)', { session: 'chat-4' })).decision, 'host-flow');
    await ran('set -euo pipefail', { session: 'chat-5' });
    assert.equal((await pre('ls src/*.ts', { session: 'chat-5' })).decision, 'host-flow', 'options that leave globs alone change nothing');
  });

  it('CDPATH, cdable_vars and autocd set in one call send a later `cd` (or a folder name) elsewhere: the place is unknown', async () => {
    await ran('export CDPATH=.git');
    await ran('cd hooks');
    assert.notEqual((await pre("printf '#!/bin/sh\n' > pre-commit")).decision, 'host-flow');
    await ran('shopt -s cdable_vars; h=.git/hooks', { session: 'chat-2' });
    await ran('cd h', { session: 'chat-2' });
    assert.notEqual((await pre('echo x > pre-commit', { session: 'chat-2' })).decision, 'host-flow');
    await ran('shopt -s autocd', { session: 'chat-3' });
    await ran('.git/hooks', { session: 'chat-3' });
    assert.notEqual((await pre('echo x > pre-commit', { session: 'chat-3' })).decision, 'host-flow');
    await ran('cd src', { session: 'chat-4' });
    assert.equal((await pre('echo x > notes.md', { session: 'chat-4' })).decision, 'host-flow', 'a plain cd is still followed');
  });

  // rt20hooks: `hash -p /bin/rm ls` asked, a person allows it (it reads as harmless), then `ls -rf src` ran /bin/rm
  // (replayed in bash -i: src deleted). A hashed name is kept as the alias it amounts to.
  it('a name hashed to another program in one call (approved) is judged as that program in the next', async () => {
    const h = await ran('hash -p /bin/rm ls');
    assert.equal(h.decision, 'ask', 'the definition itself is put to the person');
    assert.equal((await pre('ls -rf src')).decision, 'ask');
    assert.equal((await pre('ls -la', { session: 'chat-2' })).decision, 'host-flow', 'another session keeps its own names');
    await ran('hash -p /bin/true pytest', { session: 'chat-3' });
    assert.equal((await pre('npm test', { session: 'chat-3' })).decision, 'host-flow', 'other names are untouched');
    // A path only known at run time: every later call is judged after it (asked).
    await ran('hash -p "$X" ls', { session: 'chat-4' });
    assert.notEqual((await pre('ls', { session: 'chat-4' })).decision, 'host-flow');
  });

  it('a definition approved once is not put to the person again with every later command', async () => {
    await ran('cleanup() { rm -rf build; }');
    assert.equal((await pre('npm test')).decision, 'host-flow');
  });

  it('a function or alias defined in one call is judged by its body where a later call uses it', async () => {
    // `w` alone is a harmless program (who is logged in); defined as a function it writes its argument.
    await ran('w(){ tee "$1"; }');
    const r = await pre('echo x | w tests/a.test.ts');
    assert.equal(r.decision, 'deny', r.reason);
    assert.match(r.reason, /tests\/a\.test\.ts/);
    await ran('alias cp2=cp', { session: 'chat-5' });
    // The alias's use is judged as cp's (not as an unknown program, nor as nothing).
    const direct = (await pre('cp /tmp/x .git/hooks/pre-commit', { session: 'chat-7' })).decision;
    assert.notEqual(direct, 'host-flow');
    assert.equal((await pre('cp2 /tmp/x .git/hooks/pre-commit', { session: 'chat-5' })).decision, direct);
    // A harmless body stays allowed where it is used, and a use with nothing protected is not asked.
    await ran('ll(){ ls -la "$@"; }', { session: 'chat-6' });
    assert.equal((await pre('ll src', { session: 'chat-6' })).decision, 'host-flow');
    assert.equal((await pre('npm test', { session: 'chat-6' })).decision, 'host-flow');
  });

  it('another chat session, and background commands (a terminal of their own), start at the root', async () => {
    await ran('cd tests');
    assert.equal((await pre('echo x > helpers.ts', { session: 'chat-2' })).decision, 'host-flow');
    assert.equal((await pre('echo x > helpers.ts', { background: true })).decision, 'host-flow');
  });

  it('a session that never moves keeps no state; a state file that cannot be read is an unknown place (fail closed)', async () => {
    await ran('npm test');
    const dir = path.join(sb.home, 'terminals');
    assert.ok(!fs.existsSync(dir) || fs.readdirSync(dir).every((d) => fs.readdirSync(path.join(dir, d)).length === 0));
    await ran('cd src');
    const files = fs.readdirSync(dir).flatMap((d) => fs.readdirSync(path.join(dir, d)).map((f) => path.join(dir, d, f)));
    assert.equal(files.length, 1);
    fs.writeFileSync(files[0], '{not json');
    assert.equal((await pre('echo x > notes.md')).decision, 'ask');
  });
});
