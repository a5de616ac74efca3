// Lockdown in the real editor: the command switches the workspace to "ask for everything but plain reads",
// the status-bar action switches it back, and the circuit breaker switches it on by itself when an agent is
// refused again and again. Each switch is recorded in the audit log. The dialog is substituted (Test-mode API).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { AgentGuardApi } from '../../../src/vscode/api';
import type { AuditRecord } from '../../../src/core/audit';
import { agentGuard, disk, invoke, waitFor, ws } from './helpers';

/** The lockdown records of the log (the shared helper leaves records that are not calls out). */
function lockdownEvents(api: AgentGuardApi): AuditRecord[] {
  const text = fs.readFileSync(api.auditPath()!, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AuditRecord)
    .filter((r) => r.event === 'lockdown-on' || r.event === 'lockdown-off');
}

describe('AgentGuard lockdown and the circuit breaker', () => {
  let api: AgentGuardApi;
  let original: string;
  let asked: { message: string; detail: string }[];
  before(async () => {
    api = await agentGuard();
    original = disk('.agentguard.yaml');
  });
  beforeEach(() => {
    asked = [];
    api.testing!.setConfirmDialog(async (message, detail) => {
      asked.push({ message, detail });
      return 'Deny';
    });
  });
  afterEach(async () => {
    api.testing!.setConfirmDialog(undefined);
    await vscode.commands.executeCommand('agentguard.endLockdown');
  });
  after(async () => {
    fs.writeFileSync(ws('.agentguard.yaml'), original);
    await waitFor('the original policy back in force', () => api.policy()?.state === 'ok' && !/breaker: \{/.test(disk('.agentguard.yaml')));
  });

  it('the command asks before every change; plain reads still run; the status-bar toggle ends it; both switches are recorded', async () => {
    await vscode.commands.executeCommand('agentguard.lockdown');
    const denied = await invoke('writeFile', { path: 'src/locked.ts', content: 'x\n' });
    assert.match(denied, /declined|refused/);
    assert.equal(asked.length, 1, 'the write waited at the dialog');
    assert.match(asked[0].detail, /Rule: lockdown/);
    assert.equal(fs.existsSync(ws('src/locked.ts')), false);
    assert.match(await invoke('readFile', { path: 'src/app.ts' }), /./);
    assert.equal(asked.length, 1, 'a plain read needs nobody');

    await vscode.commands.executeCommand('agentguard.toggleLockdown');
    await invoke('writeFile', { path: 'src/locked.ts', content: 'x\n' });
    assert.equal(asked.length, 1, 'after the lockdown ended, the write ran without asking');
    assert.equal(fs.readFileSync(ws('src/locked.ts'), 'utf8'), 'x\n');
    const events = lockdownEvents(api).map((r) => r.event);
    assert.deepEqual(events.slice(-2), ['lockdown-on', 'lockdown-off']);
  });

  it('three refusals in a row trip the breaker: the agent is told it is paused, and its next write waits at the dialog', async () => {
    const hash = api.policy()!.hash;
    fs.writeFileSync(ws('.agentguard.yaml'), original.replace(/^breaker: off$/m, 'breaker: {refusals: 3, window: 2m}'));
    await waitFor('the breaker policy in force', () => api.policy()!.hash !== hash && api.policy()!.state === 'ok');
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) texts.push(await invoke('writeFile', { path: `tests/trip${i}.test.ts`, content: 'x\n' }));
    assert.equal(asked.length, 0, 'the refusals were by rule');
    assert.match(texts[2], /paused .* for review/);
    const rec = lockdownEvents(api)
      .filter((r) => r.event === 'lockdown-on')
      .pop();
    assert.ok(rec, 'the breaker is recorded');
    assert.equal(rec.rule, 'breaker');
    await invoke('writeFile', { path: 'src/after-breaker.ts', content: 'x\n' });
    assert.equal(asked.length, 1, 'the next write waited at the dialog');
    assert.match(asked[0].detail, /Rule: lockdown/);
    assert.equal(fs.existsSync(ws('src/after-breaker.ts')), false);
  });
});
