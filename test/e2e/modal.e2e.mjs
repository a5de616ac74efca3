// The real modal, end to end, outside test mode (VS Code refuses dialogs in test mode): Playwright drives the
// workbench, a destructive command goes through AgentGuard's run-command tool, the dialog appears; Deny →
// the command did not run and the audit says "denied by the user"; Allow once → it ran. Screenshots are kept
// in test-artifacts/e2e/. The tool is invoked through the development-only palette command, which goes
// through the same guard as an agent's call and grants nothing. An edit that switches a test off, in a file
// outside every test glob, stops at the same modal with the changed lines shown.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clickDialogButton, invokeTool, openWorkbench, reportFailure, screenshot, waitFor, waitForDialog } from '../../scripts/vscode/workbench.mjs';
import { auditRecords } from './audit.mjs';

const audit = (dirs) => auditRecords(dirs.home);

describe('the real confirmation modal (code-server, not test mode)', function () {
  this.timeout(300_000);
  let wb;

  before(async () => {
    wb = await openWorkbench();
    mkdirSync(join(wb.workspace, 'scratch'), { recursive: true });
    writeFileSync(join(wb.workspace, 'scratch', 'a.txt'), 'a\n');
    // AgentGuard activates on start-up finished: its status bar item says it is enforcing.
    await wb.page.locator('.statusbar-item', { hasText: 'AgentGuard' }).first().waitFor({ timeout: 90_000 });
  });

  afterEach(async function () {
    await reportFailure(wb, this.currentTest, (l) => /error|AgentGuard/i.test(l));
  });

  after(async () => {
    await wb?.stop();
  });

  it('rm -rf through the run-command tool shows the modal with the command and the rule; Deny → nothing ran, audited as the user', async () => {
    const before = audit(wb.dirs).length;
    await invokeTool(wb.page, 'runCommand', { command: 'rm -rf scratch' }, { waitClosed: false });
    const text = await waitForDialog(wb.page);
    assert.match(text, /rm -rf scratch/);
    assert.match(text, /cmd:rm\.recursive/);
    console.log(`      screenshot: ${await screenshot(wb.page, 'modal-deny')}`);
    await clickDialogButton(wb.page, 'Deny');
    const rec = await waitFor('the audit record', () =>
      audit(wb.dirs)
        .slice(before)
        .find((r) => r.tool === 'agentguard_runCommand'),
    );
    assert.equal(rec.decision, 'deny');
    assert.equal(rec.decidedBy, 'user');
    assert.match(rec.reason, /denied by the user/);
    assert.ok(existsSync(join(wb.workspace, 'scratch', 'a.txt')), 'the command ran although the user denied it');
  });

  it('an edit adding .skip to a test outside the test globs stops at the modal with the diff; Deny → the file is unchanged, audited as the user', async () => {
    const file = join(wb.workspace, 'src', 'math-check.ts');
    const text = "import { add } from './app';\n\nit('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n";
    writeFileSync(file, text);
    const before = audit(wb.dirs).length;
    await invokeTool(wb.page, 'editFile', { path: 'src/math-check.ts', oldString: "it('adds'", newString: "it.skip('adds'" }, { waitClosed: false });
    const dialog = await waitForDialog(wb.page);
    assert.match(dialog, /Path: src\/math-check\.ts/);
    assert.match(dialog, /Rule: integrity:test\.disabled/);
    assert.match(dialog, /switches off or marks as failing 1 test/);
    // The diff: the line as it is, and as the agent would leave it.
    assert.ok(dialog.includes("- it('adds', () => {"), dialog);
    assert.ok(dialog.includes("+ it.skip('adds', () => {"), dialog);
    console.log(`      screenshot: ${await screenshot(wb.page, 'modal-integrity-diff')}`);
    await clickDialogButton(wb.page, 'Deny');
    const rec = await waitFor('the audit record', () =>
      audit(wb.dirs)
        .slice(before)
        .find((r) => r.tool === 'agentguard_editFile'),
    );
    assert.deepEqual([rec.decision, rec.decidedBy, rec.outcome], ['deny', 'user', 'not-run']);
    assert.match(rec.rule, /^integrity:/);
    assert.equal(readFileSync(file, 'utf8'), text, 'the edit reached the disk although the user denied it');
  });

  it('the same command with "Allow once" runs', async () => {
    const before = audit(wb.dirs).length;
    await invokeTool(wb.page, 'runCommand', { command: 'rm -rf scratch' }, { waitClosed: false });
    await waitForDialog(wb.page);
    await clickDialogButton(wb.page, 'Allow once');
    // The failure message says what was on disk and the last records, so a slow audit can be told from a
    // missing one. (A CI run that timed out here once, read then as a slow machine, was the writer's .lock
    // file counted as a record in `before`; audit.mjs now reads the .jsonl logs only.)
    const rec = await waitFor(
      'the audit record',
      () =>
        audit(wb.dirs)
          .slice(before)
          .find((r) => r.tool === 'agentguard_runCommand'),
      90_000,
      () =>
        `scratch/ ${existsSync(join(wb.workspace, 'scratch')) ? 'still exists' : 'is gone'}; last records: ${JSON.stringify(
          audit(wb.dirs)
            .slice(-3)
            .map((r) => [r.tool, r.decision, r.decidedBy, r.outcome]),
        )}`,
    );
    assert.deepEqual([rec.decision, rec.decidedBy, rec.outcome], ['allow', 'user', 'ok']);
    assert.match(rec.reason, /allowed once by the user/);
    await waitFor('scratch/ to be deleted', () => !existsSync(join(wb.workspace, 'scratch')));
    console.log(`      screenshot: ${await screenshot(wb.page, 'modal-after-allow')}`);
  });
});
