// The audit panel inside a real VS Code: a scripted session of guarded tool calls (a command that writes a
// PNG, an edit, a denied edit), then the panel's webview must have drawn all three calls and the diff pane
// the new image (with a preview that loaded) and the edited file; the panel's Diff button must open VS
// Code's diff editor against the session-start content. What the webview drew comes from the webview
// itself (its `rendered` report), so these checks fail if the page does not render.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { commandId } from '../../../src/vscode/ids';
import type { AgentGuardApi } from '../../../src/vscode/api';
import type { PanelTestHooks } from '../../../src/vscode/panel';
import { png } from '../../fixtures/png.mjs';
import { agentGuard, auditRecords, disk, invoke, waitFor, ws } from './helpers';

describe('AgentGuard audit panel', () => {
  let api: AgentGuardApi;
  let panel: PanelTestHooks;
  const image = png(16);
  let appBefore = '';
  let commandText = '';
  let editText = '';
  let deniedText = '';

  before(async () => {
    api = await agentGuard();
    assert.ok(api.testing?.panel, 'the Test-mode API has no panel hooks');
    panel = api.testing.panel;
    // A fresh session: the baseline is the workspace as it is now (earlier suites may have changed it).
    await vscode.commands.executeCommand(commandId('newSession'));
    appBefore = disk('src/app.ts');

    // The scripted session, through the guarded tools as an agent calls them.
    commandText = await invoke('runCommand', { command: `mkdir -p reports && printf '%s' '${image.toString('base64')}' | base64 -d > reports/plot.png` });
    editText = await invoke('editFile', { path: 'src/app.ts', oldString: 'return a + b;', newString: 'return b + a; // commutative' });
    deniedText = await invoke('editFile', { path: 'tests/a.test.ts', oldString: 'add(2, 3), 5', newString: 'add(2, 3), 6' });
  });

  it('the calls ran as the policy says, and the allowed ones tell the model what they changed', () => {
    assert.ok(fs.readFileSync(ws('reports/plot.png')).equals(image), 'the command did not write the PNG');
    assert.match(commandText, /exited with code 0/, commandText);
    assert.match(commandText, /Workspace changes: 1 added, 0 modified, 0 deleted \(1 new artifact\)\./, commandText);
    assert.match(commandText, /^\+ reports\/plot\.png \(\d+ B, image\)$/m, commandText);
    assert.match(editText, /^Edited src\/app\.ts/, editText);
    assert.match(editText, /^~ src\/app\.ts \(\d+ B\)$/m, editText);
    assert.match(deniedText, /Rule: path:tests/);
    assert.doesNotMatch(deniedText, /Workspace changes/);
  });

  it('opens the panel, which lists all three calls including the denied one, newest first', async () => {
    await vscode.commands.executeCommand(commandId('openPanel'));
    const want = [
      ['deny', 'editFile', 'tests/a.test.ts', 'path:tests'],
      ['allow', 'editFile', 'src/app.ts'],
      ['allow', 'runCommand', 'mkdir -p reports && printf'],
    ];
    const matches = (row: string[], w: string[]) => row[0] === w[0] && row[1] === w[1] && row[2].includes(w[2]) && (w[3] === undefined || row[3] === w[3]);
    const s = await panel.waitForRender((st) => want.every((w) => st.rows.some((r) => matches(r, w))));
    const at = want.map((w) => s.rows.findIndex((r) => matches(r, w)));
    assert.deepEqual(
      [...at].sort((a, b) => a - b),
      at,
      `not newest first: ${JSON.stringify(s.rows.slice(0, 5))}`,
    );
    for (const r of s.rows.slice(0, 3)) assert.equal(r[5], 'tool');
    assert.ok(s.total >= 3);
    assert.equal(s.banner, '', 'the chain banner shows although the log verifies');
  });

  it('the diff pane lists the new image first with a preview that loaded, and the edited file', async () => {
    // The diff can render before the call's audit record is on disk; the panel re-renders when it arrives.
    const s = await panel.waitForRender(
      (st) =>
        st.diff.some((d) => d.path === 'reports/plot.png' && d.section === 'artifacts' && d.preview && !d.by.startsWith('call ')) &&
        st.diff.some((d) => d.path === 'src/app.ts' && d.kind === 'modified'),
    );
    assert.equal(s.diff[0].path, 'reports/plot.png', 'the new artifact is not first');
    const art = s.diff.find((d) => d.path === 'reports/plot.png' && d.section === 'artifacts')!;
    assert.equal(art.kind, 'added');
    assert.match(art.by, /^runCommand at \d\d:\d\d:\d\d$/, 'the image is not attributed to the command: ' + art.by);
    const app = s.diff.find((d) => d.path === 'src/app.ts')!;
    assert.match(app.by, /^editFile at /);
    assert.ok(!s.diff.some((d) => d.path === 'tests/a.test.ts'), 'the denied edit shows as a change');
  });

  // Before the diff test: the diff editor covers the panel, and a hidden webview draws nothing.
  it('shows new records live, without reopening', async () => {
    const before = panel.state()?.renders ?? 0;
    await invoke('readFile', { path: 'src/app.ts' });
    const s = await panel.waitForRender((st) => st.rows[0]?.[1] === 'readFile');
    assert.equal(s.rows[0][0], 'allow');
    assert.ok(s.renders > before);
  });

  it('shows a red banner while the audit chain does not verify', async () => {
    const file = api.auditPath()!;
    const original = fs.readFileSync(file, 'utf8');
    // Same length, so only the chain (not the size) gives the edit away.
    const edited = original.replace('"rule":"path:tests"', '"rule":"path:tesTs"');
    assert.notEqual(edited, original);
    const rewrite = (text: string) => {
      fs.writeFileSync(file, text);
      const t = fs.statSync(file).mtime;
      fs.utimesSync(file, t, new Date(t.getTime() + 2000));
    };
    try {
      rewrite(edited);
      const s = await panel.waitForRender((st) => st.banner !== '');
      assert.match(s.banner, /does not verify/);
      assert.match(s.banner, /line \d+ does not follow line \d+/);
    } finally {
      rewrite(original);
    }
    await panel.waitForRender((st) => st.banner === '');
  });

  it("the panel's Diff button opens VS Code's diff editor against the session-start content", async () => {
    await panel.click('diff', 'src/app.ts');
    const tab = await waitFor('a diff tab for src/app.ts', () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.fsPath === ws('src/app.ts')),
    );
    const input = tab.input as vscode.TabInputTextDiff;
    assert.equal(input.original.scheme, 'agentguard-baseline');
    const original = await vscode.workspace.openTextDocument(input.original);
    assert.equal(original.getText(), appBefore);
    assert.notEqual(disk('src/app.ts'), appBefore);
  });

  // After the diff test on purpose: the panel is behind the diff editor, its page torn down, and the command
  // must bring it back showing the filter it was given (the breaker's notification opens it this way).
  it('opened with a filter (decision, agent, call ids) it shows only those calls and says so; opened with an empty one it shows all again', async () => {
    const before = auditRecords(api).length;
    const texts = [
      await invoke('editFile', { path: 'tests/a.test.ts', oldString: 'add(2, 3), 5', newString: 'add(2, 3), 7' }),
      await invoke('writeFile', { path: 'tests/filtered.test.ts', content: 'x\n' }),
      await invoke('readFile', { path: 'src/app.ts' }),
    ];
    const mine = await waitFor('the three records', () => {
      const r = auditRecords(api).slice(before);
      return r.length >= 3 && r;
    });
    const denied = mine.filter((r) => r.decision === 'deny');
    assert.equal(denied.length, 2, JSON.stringify(texts));
    // A third, older refusal of the same agent that is not among the calls: it must stay out of the view.
    const older = auditRecords(api).find((r) => r.decision === 'deny' && !denied.some((d) => d.callId === r.callId));
    assert.ok(older, 'the earlier denied edit is in the log');
    await vscode.commands.executeCommand(commandId('openPanel'), {
      decision: 'deny',
      agent: denied[0].agent,
      calls: [...denied.map((d) => d.callId), mine[2].callId],
    });
    const want = denied.map((d) => (d.args as { path: string }).path).sort();
    const s = await panel.waitForRender((st) => st.filter !== '' && st.rows.length === 2 && st.total === 2);
    assert.deepEqual(s.rows.map((r) => r[2]).sort(), want);
    assert.ok(s.rows.every((r) => r[0] === 'deny'));
    assert.match(s.filter, /^Filtered: 3 selected calls · decision deny · agent /);
    // The risk each row shows is the one its record carries.
    assert.deepEqual(s.rows.map((r) => r[6]).sort(), denied.map((d) => d.risk ?? '').sort());

    // By risk: exactly the records of that level.
    const risk = denied[0].risk;
    assert.ok(risk, 'a denied call carries a risk level');
    await vscode.commands.executeCommand(commandId('openPanel'), { risk });
    // Every line of the log (event records too, which the shared helper leaves out).
    const count = fs
      .readFileSync(api.auditPath()!, 'utf8')
      .split('\n')
      .filter((l) => l && (JSON.parse(l) as { risk?: string }).risk === risk).length;
    const byRisk = await panel.waitForRender((st) => st.filter === `Filtered: ${risk} risk` && st.total === count);
    assert.ok(byRisk.rows.length > 0 && byRisk.rows.every((r) => r[6] === risk), JSON.stringify(byRisk.rows.slice(0, 5)));

    // An empty filter clears it: every record again, and no filter line.
    await vscode.commands.executeCommand(commandId('openPanel'), {});
    const all = await panel.waitForRender((st) => st.filter === '' && st.total > count);
    assert.ok(all.rows.some((r) => r[0] === 'allow'));
    // A malformed argument is refused whole: the panel opens, and no half of it filters.
    await vscode.commands.executeCommand(commandId('openPanel'), { decision: 'deny', calls: 'not-a-list' });
    // No fixed pause: a call made after it is drawn live, and the webview takes its messages in order, so
    // the first drawing that shows the new call, or any filter, shows what the malformed argument left.
    const drawn = panel.state()?.renders ?? 0;
    await invoke('readFile', { path: 'src/app.ts' });
    const after = await panel.waitForRender((st) => st.renders > drawn && (st.filter !== '' || st.total > all.total));
    assert.equal(after.filter, '');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
