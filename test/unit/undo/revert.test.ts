// Revert, end to end in Node on a real disk: calls go through GuardService exactly as an agent's do (the
// guarded tools, the hook bridge with the extension up, and the hook CLI deciding alone in two processes),
// then a revert plan and its application — content, modes, links and folders back byte for byte, conflicts
// never overwritten without a choice, what was never kept listed with its reason, a revert that can itself be
// reverted, and the agent told once, on its next result.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseEnvelope } from '../../../src/core/hooks';
import { GuardService } from '../../../src/node/guardService';
import { answerHook, unreachable } from '../../../src/node/hookBridge/answer';
import { WorkspaceSnapshot } from '../../../src/node/snapshot/snapshot';
import { applyRevert, planCallRevert, planSessionRevert, type RevertPlan } from '../../../src/node/undo/revert';
import { type Fixture, makeFixture } from '../tools/fixture';

/** Every file, link and folder under `dir` with its mode and content (or link target): a tree's fingerprint. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (abs: string, rel: string) => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const a = path.join(abs, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      const st = fs.lstatSync(a);
      if (st.isSymbolicLink()) out[r] = `link → ${fs.readlinkSync(a)}`;
      else if (st.isDirectory()) {
        out[r] = `dir ${(st.mode & 0o7777).toString(8)}`;
        walk(a, r);
      } else out[r] = `file ${(st.mode & 0o7777).toString(8)} ${fs.readFileSync(a).toString('base64')}`;
    }
  };
  if (fs.existsSync(dir)) walk(dir, '');
  return out;
}

function git(ws: string, ...args: string[]): string {
  return execFileSync('git', ['-C', ws, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
  });
}

function records(f: Fixture) {
  return f.service.undo!.store.listRecords(f.service.session);
}

function recordOf(f: Fixture, tool: string) {
  const r = records(f).filter((x) => x.tool === tool);
  assert.ok(r.length > 0, `no undo record for ${tool}: ${JSON.stringify(records(f).map((x) => x.tool))}`);
  return r.at(-1)!;
}

const revert = (f: Fixture, plan: RevertPlan, take: string[] = []) => applyRevert(plan, new Set(take), { service: f.service, keeper: f.service.undo! });

describe('undo: revert what a call did', () => {
  let f: Fixture;
  afterEach(() => f.cleanup());

  function buildTree() {
    fs.mkdirSync(path.join(f.ws, 'build/assets/empty'), { recursive: true });
    fs.writeFileSync(path.join(f.ws, 'build/run.sh'), '#!/bin/sh\necho built\n', { mode: 0o755 });
    fs.chmodSync(path.join(f.ws, 'build/run.sh'), 0o755);
    fs.writeFileSync(path.join(f.ws, 'build/assets/logo.bin'), Buffer.from([0, 255, 1, 254, 0, 0, 7]));
    fs.writeFileSync(path.join(f.ws, 'build/assets/private.key.txt'), 'only for me\n', { mode: 0o600 });
    fs.chmodSync(path.join(f.ws, 'build/assets/private.key.txt'), 0o600);
    fs.chmodSync(path.join(f.ws, 'build/assets'), 0o750);
    fs.symlinkSync('run.sh', path.join(f.ws, 'build/start'));
  }

  it('rm -rf build, allowed once, then Revert: build/ is back byte for byte with its modes, links and empty folders', async () => {
    f = makeFixture();
    f.confirmer.answer = 'once';
    buildTree();
    const before = tree(path.join(f.ws, 'build'));
    const a = await f.call('runCommand', { command: 'rm -rf build' });
    assert.equal(a.status, 'ok', a.text);
    assert.ok(!fs.existsSync(path.join(f.ws, 'build')));
    const rec = recordOf(f, 'agentguard_runCommand');
    // Deleted files were kept by hard link (no copy on the decision path) and sealed into objects after the call.
    for (const s of Object.values(rec.prior)) if (s.k === 'file') assert.ok(s.src && 'obj' in s.src, JSON.stringify(s));
    const plan = planCallRevert(f.ws, [rec]);
    assert.deepEqual(
      plan.items.filter((i) => i.status !== 'ready'),
      [],
    );
    const res = await revert(f, plan);
    assert.deepEqual(res.failed, []);
    assert.deepEqual(tree(path.join(f.ws, 'build')), before);
    // The revert is an audited call made by the person.
    const last = f.records().at(-1)!;
    assert.deepEqual([last.channel, last.agent, last.decidedBy, last.rule, last.outcome], ['user', 'user', 'user', 'undo:revert', 'ok']);
    assert.match(last.reason, /reverted by the user from the AgentGuard panel: agentguard_runCommand `rm -rf build`/);
  });

  it('the agent hears about the revert once, with its next tool result', async () => {
    f = makeFixture();
    f.confirmer.answer = 'once';
    buildTree();
    await f.call('runCommand', { command: 'rm -rf build' });
    await revert(f, planCallRevert(f.ws, [recordOf(f, 'agentguard_runCommand')]));
    const next = await f.call('readFile', { path: 'src/app.ts' });
    assert.match(next.text, /the user reverted some of your earlier calls/);
    assert.match(next.text, /reverted: agentguard_runCommand `rm -rf build`/);
    assert.match(next.text, /build\/run\.sh/);
    const again = await f.call('readFile', { path: 'src/app.ts' });
    assert.doesNotMatch(again.text, /reverted/, 'told twice');
  });

  it('a revert can be reverted: the revert is a call with its own kept content', async () => {
    f = makeFixture();
    f.confirmer.answer = 'once';
    buildTree();
    await f.call('runCommand', { command: 'rm -rf build' });
    const r1 = await revert(f, planCallRevert(f.ws, [recordOf(f, 'agentguard_runCommand')]));
    assert.ok(fs.existsSync(path.join(f.ws, 'build/run.sh')));
    const revRec = f.service.undo!.store.readRecord(f.service.session, r1.callId)!;
    assert.equal(revRec.channel, 'user');
    const r2 = await revert(f, planCallRevert(f.ws, [revRec]));
    assert.deepEqual(r2.failed, []);
    assert.ok(!fs.existsSync(path.join(f.ws, 'build')), `the revert of the revert left: ${JSON.stringify(tree(path.join(f.ws, 'build')))}`);
  });

  it('a file the person changed after the call is a conflict: nothing is overwritten without a choice', async () => {
    f = makeFixture();
    const original = f.read('src/app.ts');
    const edit = await f.call('editFile', { path: 'src/app.ts', oldString: 'return a + b;', newString: 'return a - b;' });
    assert.equal(edit.status, 'ok', edit.text);
    await f.call('writeFile', { path: 'src/new.ts', content: 'export const n = 1;\n' });
    fs.writeFileSync(path.join(f.ws, 'src/app.ts'), 'the person rewrote this\n');
    const plan = planCallRevert(f.ws, [recordOf(f, 'agentguard_editFile')]);
    const item = plan.items.find((i) => i.path === 'src/app.ts')!;
    assert.equal(item.status, 'conflict');
    assert.match(item.reason!, /changed since the call/);
    const kept = await revert(f, plan);
    assert.equal(f.read('src/app.ts'), 'the person rewrote this\n', 'overwritten without a choice');
    assert.ok(kept.skipped.some((s) => s.path === 'src/app.ts'));
    const taken = await revert(f, planCallRevert(f.ws, [recordOf(f, 'agentguard_editFile')]), ['src/app.ts']);
    assert.deepEqual(taken.restored, ['src/app.ts']);
    assert.equal(f.read('src/app.ts'), original);
    assert.ok(fs.existsSync(path.join(f.ws, 'src/new.ts')), 'another call’s file was touched');
  });

  it('a file the call created is removed; its folder too when the call made it and nothing else is in it', async () => {
    f = makeFixture();
    f.confirmer.answer = 'once';
    const a = await f.call('runCommand', { command: 'mkdir -p reports/q1 && echo data > reports/q1/r.csv' });
    assert.equal(a.status, 'ok', a.text);
    const rec = recordOf(f, 'agentguard_runCommand');
    const plan = planCallRevert(f.ws, [rec]);
    assert.ok(
      plan.items.some((i) => i.path === 'reports/q1/r.csv' && i.target?.k === 'absent'),
      JSON.stringify(plan.items),
    );
    await revert(f, plan);
    assert.ok(!fs.existsSync(path.join(f.ws, 'reports')), 'the folders the call made are gone with its file');
  });

  it('a refused call keeps nothing', async () => {
    f = makeFixture();
    f.confirmer.answer = 'deny';
    const denied = await f.call('runCommand', { command: 'rm -rf build' });
    assert.equal(denied.status, 'refused');
    const byRule = await f.call('deletePath', { path: 'tests/app.test.ts' });
    assert.equal(byRule.status, 'refused');
    assert.deepEqual(records(f), []);
    const objects = path.join(f.service.undo!.store.root, 'objects');
    assert.ok(!fs.existsSync(objects) || fs.readdirSync(objects).length === 0, 'content kept for a refused call');
  });

  it('a change whose prior content was never kept is listed as not revertible, with the reason', async () => {
    f = makeFixture({ policy: 'version: 1\nundo:\n  maxFileBytes: 10\n' });
    f.confirmer.answer = 'once';
    // The target comes from a file's content at run time: the guard cannot know it before the command runs.
    fs.writeFileSync(path.join(f.ws, 'victims.txt'), 'docs\n');
    await f.call('runCommand', { command: 'rm -rf $(cat victims.txt)' });
    await f.call('writeFile', { path: 'build/out.txt', content: 'new\n', overwrite: true });
    const dyn = planCallRevert(f.ws, [recordOf(f, 'agentguard_runCommand')]);
    assert.ok(!fs.existsSync(path.join(f.ws, 'docs')));
    // The snapshot is not attached here, so the record knows only what it kept: nothing for a dynamic target.
    assert.deepEqual(dyn.items, []);
    assert.match(recordOf(f, 'agentguard_runCommand').unknown?.join() ?? '', /rm -rf/);
    const big = planCallRevert(f.ws, [recordOf(f, 'agentguard_writeFile')]);
    const item = big.items.find((i) => i.path === 'build/out.txt')!;
    assert.equal(item.status, 'unrevertible');
    assert.match(item.reason!, /over the 10 B a file may take/);
  });

  it('protected files and text holding secrets are kept encrypted: the token is nowhere in the store in plain text', async () => {
    f = makeFixture();
    const a = await f.call('editFile', { path: 'src/config.ts', oldString: 'timeoutMs = 5000', newString: 'timeoutMs = 9000' });
    assert.equal(a.status, 'ok', a.text);
    const rec = recordOf(f, 'agentguard_editFile');
    const s = rec.prior['src/config.ts'];
    assert.ok(s.k === 'file' && s.src && 'obj' in s.src && s.src.obj.startsWith('z'), JSON.stringify(s));
    const grep = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? grep(p) : fs.readFileSync(p).includes(f.token) ? [p] : [];
      });
    assert.deepEqual(grep(f.service.undo!.store.root), []);
    await revert(f, planCallRevert(f.ws, [rec]));
    assert.ok(f.read('src/config.ts').includes(f.token), 'the token is back on disk');
    assert.match(f.read('src/config.ts'), /timeoutMs = 5000/);
  });

  it('no agent call reaches the store: file tools, host read tools and commands naming it are refused', async () => {
    f = makeFixture();
    await f.call('editFile', { path: 'src/app.ts', oldString: 'a + b', newString: 'b + a' });
    const root = f.service.undo!.store.root;
    const obj = path.join(root, 'objects');
    const read = await f.call('readFile', { path: path.join(root, 'key') });
    assert.equal(read.status, 'refused');
    const cmd = await f.call('runCommand', { command: `cat ${root}/key; ls -R ${obj}` });
    assert.equal(cmd.status, 'refused');
    assert.match(cmd.text, /floor:guard-data/);
    for (const host of ['claude', 'vscode'] as const) {
      const payload =
        host === 'claude'
          ? {
              hook_event_name: 'PreToolUse',
              session_id: 's',
              tool_use_id: 'r1',
              cwd: f.ws,
              tool_name: 'Read',
              tool_input: { file_path: path.join(root, 'key') },
            }
          : {
              hook_event_name: 'PreToolUse',
              session_id: 's',
              tool_use_id: 'r1',
              cwd: f.ws,
              tool_name: 'read_file',
              tool_input: { filePath: path.join(root, 'key') },
            };
      const env = parseEnvelope(JSON.stringify(payload), host);
      assert.ok(env.ok, JSON.stringify(env));
      const r = await answerHook(f.service, env.env);
      assert.equal(r.answer.decision, 'deny', `${host}: ${JSON.stringify(r.answer)}`);
    }
  });
});

describe('undo: a git checkout -- src, reverted', () => {
  let f: Fixture;
  afterEach(() => f.cleanup());

  it('restores exactly the files it discarded, leaves the other edits; clean tracked files come from git', async () => {
    f = makeFixture();
    f.confirmer.answer = 'once';
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(f.ws, `src/clean${i}.ts`), `export const c${i} = ${i};\n`);
    fs.mkdirSync(path.join(f.ws, 'lib'));
    fs.writeFileSync(path.join(f.ws, 'lib/util.ts'), 'export const u = 1;\n');
    git(f.ws, 'init', '-q');
    git(f.ws, 'add', '-A');
    git(f.ws, 'commit', '-qm', 'init');
    // The agent's edits: two in src (the checkout will discard them), one outside.
    assert.equal((await f.call('editFile', { path: 'src/app.ts', oldString: 'a + b', newString: 'a + b + 0' })).status, 'ok');
    assert.equal((await f.call('editFile', { path: 'src/config.ts', oldString: 'eu-west-1', newString: 'us-east-2' })).status, 'ok');
    assert.equal((await f.call('editFile', { path: 'lib/util.ts', oldString: 'u = 1', newString: 'u = 2' })).status, 'ok');
    const edited = { app: f.read('src/app.ts'), config: f.read('src/config.ts'), util: f.read('lib/util.ts') };
    const a = await f.call('runCommand', { command: 'git checkout -- src' });
    assert.equal(a.status, 'ok', a.text);
    assert.doesNotMatch(f.read('src/app.ts'), /a \+ b \+ 0/, 'the checkout did not discard the edit');
    const rec = recordOf(f, 'agentguard_runCommand');
    const src = (rel: string) => {
      const s = rec.prior[rel];
      return s?.k === 'file' ? s.src : undefined;
    };
    assert.ok(src('src/app.ts') && 'obj' in src('src/app.ts')!, 'a modified file is copied');
    assert.ok(src('src/clean0.ts') && 'git' in src('src/clean0.ts')!, `a clean tracked file is a git blob: ${JSON.stringify(src('src/clean0.ts'))}`);
    assert.equal(rec.prior['lib/util.ts'], undefined, 'outside the pathspec: not the command’s');
    const plan = planCallRevert(f.ws, [rec]);
    assert.deepEqual(plan.items.map((i) => `${i.path} ${i.status}`).sort(), ['src/app.ts ready', 'src/config.ts ready']);
    await revert(f, plan);
    assert.deepEqual({ app: f.read('src/app.ts'), config: f.read('src/config.ts'), util: f.read('lib/util.ts') }, edited);
  });

  it('a git blob that is gone is reported, and nothing is written for it', async () => {
    f = makeFixture();
    f.confirmer.answer = 'once';
    for (let i = 0; i < 70; i++) fs.writeFileSync(path.join(f.ws, `build/f${i}.txt`), `file ${i}\n`);
    git(f.ws, 'init', '-q');
    git(f.ws, 'add', '-A');
    git(f.ws, 'commit', '-qm', 'init');
    await f.call('runCommand', { command: 'rm -rf build' });
    const rec = recordOf(f, 'agentguard_runCommand');
    const s = rec.prior['build/f1.txt'];
    assert.ok(s.k === 'file' && s.src && 'git' in s.src, 'a 70-file tracked folder is kept by blob id');
    // The record on disk now names a blob the repository does not have.
    (s as { src: unknown }).src = { git: '0'.repeat(40), repo: f.ws };
    f.service.undo!.store.writeRecord(rec);
    const res = await revert(f, planCallRevert(f.ws, [rec]));
    assert.ok(
      res.failed.some((x) => x.path === 'build/f1.txt' && /missing or damaged/.test(x.why)),
      JSON.stringify(res.failed),
    );
    assert.ok(!fs.existsSync(path.join(f.ws, 'build/f1.txt')));
    assert.equal(fs.readFileSync(path.join(f.ws, 'build/f2.txt'), 'utf8'), 'file 2\n');
  });
});

describe('undo: calls the host runs (hook bridge)', () => {
  let f: Fixture;
  afterEach(() => f.cleanup());

  const bash = (ws: string, command: string, event: 'PreToolUse' | 'PostToolUse', id: string) =>
    parseEnvelope(
      JSON.stringify({
        hook_event_name: event,
        session_id: 'sess',
        tool_use_id: id,
        cwd: ws,
        tool_name: 'Bash',
        tool_input: { command },
        ...(event === 'PostToolUse' ? { tool_response: { stdout: '' } } : {}),
      }),
      'claude',
    );

  it('kept at the before-hook, before the host is answered; what it left noted at the after-hook', async () => {
    f = makeFixture();
    f.confirmer.answer = 'once';
    const pre = bash(f.ws, 'rm -rf build', 'PreToolUse', 'tu-1');
    assert.ok(pre.ok);
    const ans = await answerHook(f.service, pre.env);
    assert.equal(ans.answer.decision, 'allow');
    const rec = recordOf(f, 'Bash');
    assert.ok(rec.prior['build/out.txt'], 'kept before the answer');
    fs.rmSync(path.join(f.ws, 'build'), { recursive: true }); // the host runs it
    const post = bash(f.ws, 'rm -rf build', 'PostToolUse', 'tu-1');
    assert.ok(post.ok);
    await answerHook(f.service, post.env);
    const after = recordOf(f, 'Bash');
    assert.deepEqual(after.after?.['build/out.txt'], { k: 'absent' });
    await revert(f, planCallRevert(f.ws, [after]));
    assert.equal(f.read('build/out.txt'), 'old build output\n');
    // The next hook call carries the notice for this agent (Claude Code), in the host's additionalContext.
    const next = bash(f.ws, 'ls', 'PreToolUse', 'tu-2');
    assert.ok(next.ok);
    const r = await answerHook(f.service, next.env);
    assert.match(r.answer.additionalContext ?? '', /reverted: Bash `rm -rf build`/);
  });

  it('the hook CLI deciding alone: before in one process, after in another, found again by the tool-use id', async () => {
    f = makeFixture();
    const alone = () => new GuardService({ workspace: f.ws, home: f.root, auditPath: f.audit, confirmer: unreachable('claude', 'no extension') });
    const first = alone();
    const pre = bash(f.ws, 'rm -rf build', 'PreToolUse', 'tu-9');
    assert.ok(pre.ok);
    const ans = await answerHook(first, pre.env);
    assert.equal(ans.answer.decision, 'ask', 'the host asks its person');
    fs.rmSync(path.join(f.ws, 'build'), { recursive: true });
    const second = alone();
    const post = bash(f.ws, 'rm -rf build', 'PostToolUse', 'tu-9');
    assert.ok(post.ok);
    await answerHook(second, post.env);
    const rec = second.undo!.store.findRecord(ans.calls[0].id)!;
    assert.deepEqual(rec.after?.['build/out.txt'], { k: 'absent' }, JSON.stringify(rec));
    await revert(f, planCallRevert(f.ws, [rec]));
    assert.equal(f.read('build/out.txt'), 'old build output\n');
  });
});

describe('undo: with the workspace snapshot attached', () => {
  let f: Fixture;
  let snap: WorkspaceSnapshot;
  afterEach(async () => {
    await snap?.dispose();
    f.cleanup();
  });

  async function attach() {
    snap = await WorkspaceSnapshot.create({ root: f.ws, storeDir: f.root, parallel: false });
    await snap.whenCaptured();
    f.service.snapshot = {
      begin: (id, c) => snap.beginCall(id, { paths: c.op === 'exec' ? undefined : c.paths }),
      end: (id, c) => snap.endCall(id, { paths: c.op === 'exec' ? undefined : c.paths }),
    };
  }

  it('a command whose target only the shell knew: what it deleted is listed as not revertible, saying why', async () => {
    f = makeFixture();
    f.confirmer.answer = 'once';
    await attach();
    // The target comes from a file's content at run time: the guard cannot know it before the command runs.
    fs.writeFileSync(path.join(f.ws, 'victims.txt'), 'docs\n');
    await f.call('runCommand', { command: 'rm -rf $(cat victims.txt)' });
    assert.ok(!fs.existsSync(path.join(f.ws, 'docs')));
    const plan = planCallRevert(f.ws, [recordOf(f, 'agentguard_runCommand')]);
    const item = plan.items.find((i) => i.path === 'docs/guide.md')!;
    assert.equal(item?.status, 'unrevertible', JSON.stringify(plan.items));
    assert.match(item.reason!, /only known when it ran/);
  });

  it('the session revert: every file the guard held goes back to its session-start state; a change no call made is a choice', async () => {
    f = makeFixture();
    f.confirmer.answer = 'once';
    fs.writeFileSync(path.join(f.ws, 'src/mode.sh'), '#!/bin/sh\n', { mode: 0o755 });
    fs.chmodSync(path.join(f.ws, 'src/mode.sh'), 0o755);
    await attach();
    const start = tree(f.ws);
    await f.call('editFile', { path: 'src/app.ts', oldString: 'a + b', newString: 'a * b' });
    await f.call('editFile', { path: 'src/app.ts', oldString: 'a * b', newString: 'a ** b' });
    await f.call('writeFile', { path: 'notes/todo.md', content: '# todo\n' });
    await f.call('runCommand', { command: 'rm -f src/mode.sh docs/guide.md && echo x > src/gen.ts' });
    // The person edits a file between calls: unattributed.
    fs.writeFileSync(path.join(f.ws, 'README.md'), 'the person wrote this\n');
    await snap.rescan();
    const view = { changes: snap.diff().changes, baselineEntry: (r: string) => snap.baselineEntry(r), baselineContent: (r: string) => snap.baselineContent(r) };
    const plan = await planSessionRevert(f.ws, f.service.session, records(f), view);
    const readme = plan.items.find((i) => i.path === 'README.md')!;
    assert.equal(readme.status, 'conflict', JSON.stringify(readme));
    assert.match(readme.reason!, /outside any guarded call/);
    assert.deepEqual(
      plan.items.filter((i) => i.status === 'unrevertible'),
      [],
    );
    const res = await revert(f, plan, ['README.md']);
    assert.deepEqual(res.failed, []);
    const now = tree(f.ws);
    for (const k of new Set([...Object.keys(start), ...Object.keys(now)])) assert.equal(now[k], start[k], `${k} differs from the session start`);
  });
});
