// runCommand: a real bash child in a temp workspace — exit codes, masking, limits, timeout, cancellation,
// and a destructive command that runs only with a person's approval.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Fixture, makeFixture } from './fixture';

describe('tools: runCommand', () => {
  let f: Fixture;
  afterEach(() => f.cleanup());

  it('returns the exit code and the output', async () => {
    f = makeFixture();
    const a = await f.call('runCommand', { command: 'echo hello; echo oops >&2; exit 3' });
    assert.equal(a.status, 'ok', a.text);
    assert.match(a.text, /exited with code 3/);
    assert.match(a.text, /hello\noops/);
    assert.equal(f.records().at(-1)!.decision, 'allow');
  });

  it('masks secrets in the output', async () => {
    f = makeFixture();
    const a = await f.call('runCommand', { command: 'cat src/config.ts' });
    assert.equal(a.status, 'ok', a.text);
    assert.ok(!a.text.includes(f.token), a.text);
    assert.match(a.text, /«secret:/);
  });

  it('runs in a cwd inside the workspace and refuses one outside', async () => {
    f = makeFixture();
    const a = await f.call('runCommand', { command: 'pwd', cwd: 'src' });
    assert.ok(a.text.includes(path.join(f.ws, 'src')), a.text);
    fs.symlinkSync(f.root, path.join(f.ws, 'up'));
    const b = await f.call('runCommand', { command: 'pwd', cwd: 'up' });
    assert.notEqual(b.status, 'ok');
    assert.match(b.text, /outside the workspace/);
  });

  it('keeps output within the policy limit, head and tail', async () => {
    f = makeFixture({ policy: 'version: 1\nlimits:\n  maxCommandOutputBytes: 1000\n' });
    const a = await f.call('runCommand', { command: 'seq 1 20000' });
    assert.equal(a.status, 'ok', a.text);
    assert.match(a.text, /bytes left out/);
    assert.match(a.text, /\n1\n2\n/);
    assert.match(a.text, /\n20000\n/);
    assert.ok(a.text.length < 1400, `output is ${a.text.length} chars`);
  });

  it('stops a command at its timeout', async () => {
    f = makeFixture();
    const a = await f.call('runCommand', { command: 'sleep 30; echo never', timeoutMs: 200 });
    assert.match(a.text, /timed out/);
    assert.ok(!a.text.includes('never'));
  });

  it('stops a command when the call is cancelled', async () => {
    f = makeFixture();
    const ac = new AbortController();
    const p = f.call('runCommand', { command: 'touch started; sleep 30' }, ac.signal);
    const marker = path.join(f.ws, 'started');
    // Cancel only once the command runs (its marker is on disk; mocha's timeout bounds the wait): a cancel
    // that beat the spawn would pass without stopping anything.
    while (!fs.existsSync(marker)) await new Promise((r) => setTimeout(r, 25));
    ac.abort();
    const a = await p;
    assert.match(a.text, /was cancelled/);
  });

  it('a destructive command does not run without approval; the audit records the user denial', async () => {
    f = makeFixture();
    f.confirmer.answer = 'deny';
    const a = await f.call('runCommand', { command: 'rm -rf build' });
    assert.equal(a.status, 'refused');
    assert.match(a.text, /declined/);
    assert.ok(fs.existsSync(path.join(f.ws, 'build/out.txt')), 'the command ran');
    assert.equal(f.confirmer.asked.length, 1);
    assert.equal(f.confirmer.asked[0].subject, 'rm -rf build');
    const rec = f.records().at(-1)!;
    assert.deepEqual([rec.decision, rec.decidedBy, rec.outcome], ['deny', 'user', 'not-run']);
    assert.match(rec.reason, /denied by the user/);
  });

  it('"Allow once" runs it; "Allow for this session" approves exactly that command line', async () => {
    f = makeFixture();
    fs.mkdirSync(path.join(f.ws, 'tmp1'));
    fs.mkdirSync(path.join(f.ws, 'tmp2'));
    f.confirmer.answer = 'once';
    const a = await f.call('runCommand', { command: 'rm -rf build' });
    assert.equal(a.status, 'ok', a.text);
    assert.equal(fs.existsSync(path.join(f.ws, 'build')), false);
    f.confirmer.answer = 'session';
    await f.call('runCommand', { command: 'rm -rf tmp1' });
    f.confirmer.answer = 'deny';
    fs.mkdirSync(path.join(f.ws, 'tmp1'));
    const again = await f.call('runCommand', { command: 'rm -rf tmp1' });
    assert.equal(again.status, 'ok', again.text);
    assert.equal(f.confirmer.asked.length, 2, 'the session approval should have answered the third call');
    const other = await f.call('runCommand', { command: 'rm -rf tmp2' });
    assert.equal(other.status, 'refused');
    assert.ok(fs.existsSync(path.join(f.ws, 'tmp2')));
  });

  // Each of these prints a token from src/config.ts in a form the output masking cannot recognise.
  const transforms = [
    'rev src/config.ts',
    'base64 src/config.ts',
    "sed 's/./& /g' src/config.ts",
    'x=$(cat src/config.ts); echo ${x:61:32}',
    'tr a-z A-Z < src/config.ts',
    'cat src/config.ts | rev',
    'python3 -c "print(open(\'src/config.ts\').read()[::-1])"',
  ];
  for (const command of transforms) {
    it(`refuses \`${command}\`: it transforms a file holding secrets past the masking`, async () => {
      f = makeFixture();
      fs.writeFileSync(path.join(f.ws, 'ran'), '');
      const a = await f.call('runCommand', { command: `rm ran; ${command}` });
      assert.equal(a.status, 'refused', a.text);
      assert.match(a.text, /src\/config\.ts holds secret values/);
      const rev = [...f.token].reverse().join('');
      for (const leak of [f.token, f.token.slice(4, 30), rev, rev.slice(4, 30), Buffer.from(f.token).toString('base64').slice(4, 30)])
        assert.ok(!a.text.includes(leak), a.text);
      assert.ok(fs.existsSync(path.join(f.ws, 'ran')), 'the command ran');
      const rec = f.records().at(-1)!;
      assert.equal(rec.decision, 'deny');
      assert.equal(rec.rule, 'secret-exec');
    });
  }

  it('still runs plain readers of a file holding secrets, masked; and transforms of files without secrets', async () => {
    f = makeFixture();
    for (const command of ['cat src/config.ts', 'grep -n githubToken src/config.ts', 'head -2 src/config.ts']) {
      const a = await f.call('runCommand', { command });
      assert.equal(a.status, 'ok', `${command}: ${a.text}`);
      assert.ok(!a.text.includes(f.token), a.text);
      assert.match(a.text, /«secret:/);
    }
    const b = await f.call('runCommand', { command: 'rev src/app.ts' });
    assert.equal(b.status, 'ok', b.text);
    assert.match(b.text, /\{ rebmun :\)rebmun/);
  });
});
