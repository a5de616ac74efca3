// A destructive command waits for a person. In test mode VS Code refuses modal dialogs, so the real modal
// must end in a refusal; the dialog is then substituted (Test-mode API only) to check the wiring of each
// answer. The real modal is driven end to end by Playwright outside test mode (scripts/vscode/workbench).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { AgentGuardApi } from '../../../src/vscode/api';
import { agentGuard, invoke, lastRecord, ws } from './helpers';

describe('AgentGuard confirmation in VS Code', () => {
  let api: AgentGuardApi;
  before(async () => {
    api = await agentGuard();
    assert.ok(api.testing, 'the test API must exist in Test mode');
  });
  afterEach(() => api.testing!.setConfirmDialog(undefined));

  it('a destructive command does not run without approval (the modal is refused in test mode)', async () => {
    fs.mkdirSync(ws('scratch-a'), { recursive: true });
    fs.writeFileSync(ws('scratch-a/keep.txt'), 'keep\n');
    const text = await invoke('runCommand', { command: 'rm -rf scratch-a' });
    assert.match(text, /AgentGuard refused/);
    assert.ok(fs.existsSync(ws('scratch-a/keep.txt')), 'the command ran without approval');
    const rec = lastRecord(api, 'runCommand', (a) => a.command === 'rm -rf scratch-a');
    assert.ok(rec);
    assert.equal(rec.decision, 'deny');
    assert.equal(rec.outcome, 'not-run');
    assert.ok(rec.decidedBy === 'user' || rec.decidedBy === 'fail-closed', rec.decidedBy);
  });

  it('Deny at the dialog: the command did not run and the audit says "denied by the user"', async () => {
    fs.mkdirSync(ws('scratch-b'), { recursive: true });
    fs.writeFileSync(ws('scratch-b/one.txt'), '1\n');
    fs.writeFileSync(ws('scratch-b/two.txt'), '2\n');
    const seen: { message: string; detail: string; buttons: readonly string[] }[] = [];
    api.testing!.setConfirmDialog(async (message, detail, buttons) => {
      seen.push({ message, detail, buttons });
      return 'Deny';
    });
    const text = await invoke('runCommand', { command: 'rm -rf scratch-b' });
    assert.match(text, /declined/);
    assert.ok(fs.existsSync(ws('scratch-b')));
    assert.equal(seen.length, 1);
    assert.deepEqual(seen[0].buttons, ['Deny', 'Allow once', 'Allow for this session']);
    assert.match(seen[0].detail, /Command: rm -rf scratch-b/);
    assert.match(seen[0].detail, /Rule: cmd:/);
    assert.match(seen[0].detail, /Impact: .*2/, 'the impact preview should count the two files');
    const rec = lastRecord(api, 'runCommand', (a) => a.command === 'rm -rf scratch-b')!;
    assert.deepEqual([rec.decision, rec.decidedBy], ['deny', 'user']);
    assert.match(rec.reason, /denied by the user/);
  });

  it('Escape (no answer) is a denial', async () => {
    fs.mkdirSync(ws('scratch-c'), { recursive: true });
    api.testing!.setConfirmDialog(async () => undefined);
    await invoke('runCommand', { command: 'rm -rf scratch-c' });
    assert.ok(fs.existsSync(ws('scratch-c')));
    assert.match(lastRecord(api, 'runCommand', (a) => a.command === 'rm -rf scratch-c')!.reason, /denied by the user/);
  });

  it('Allow once: the command ran, and the next identical call asks again', async () => {
    fs.mkdirSync(ws('scratch-d'), { recursive: true });
    let asked = 0;
    api.testing!.setConfirmDialog(async () => {
      asked++;
      return 'Allow once';
    });
    const text = await invoke('runCommand', { command: 'rm -rf scratch-d' });
    assert.match(text, /exited with code 0/);
    assert.equal(fs.existsSync(ws('scratch-d')), false);
    const rec = lastRecord(api, 'runCommand', (a) => a.command === 'rm -rf scratch-d')!;
    assert.deepEqual([rec.decision, rec.decidedBy, rec.outcome], ['allow', 'user', 'ok']);
    assert.match(rec.reason, /allowed once by the user/);
    fs.mkdirSync(ws('scratch-d'));
    await invoke('runCommand', { command: 'rm -rf scratch-d' });
    assert.equal(asked, 2);
  });

  it('an edit adding .skip to a test outside the test globs asks, the dialog shows the diff; Deny → unchanged', async () => {
    const file = 'src/math-check.ts';
    const text = "it('adds', () => {\n  expect(1 + 2).toBe(3);\n});\n";
    fs.writeFileSync(ws(file), text);
    try {
      const seen: { message: string; detail: string }[] = [];
      api.testing!.setConfirmDialog(async (message, detail) => {
        seen.push({ message, detail });
        return 'Deny';
      });
      const out = await invoke('editFile', { path: file, oldString: "it('adds'", newString: "it.skip('adds'" });
      assert.match(out, /AgentGuard refused/);
      assert.equal(seen.length, 1);
      assert.match(seen[0].detail, /Rule: integrity:test\.disabled/);
      assert.match(seen[0].detail, /Change:\nsrc\/math-check\.ts\n@@ line 1 @@\n- it\('adds', \(\) => \{\n\+ it\.skip\('adds', \(\) => \{/);
      assert.equal(fs.readFileSync(ws(file), 'utf8'), text);
      const rec = lastRecord(api, 'editFile', (a) => a.path === file)!;
      assert.deepEqual([rec.decision, rec.rule, rec.decidedBy], ['deny', 'integrity:test.disabled', 'user']);
    } finally {
      fs.rmSync(ws(file), { force: true });
    }
  });
});
