// The circuit breaker end to end, outside test mode, as a person meets it: a workspace whose policy has the
// breaker on (five refusals of one agent within two minutes); a scripted agent (the development palette
// command, the same guarded path a model's call takes) is refused five times in a row. Then: the
// notification says the agent was paused, the status bar shows the lockdown in red, "Show Refused Calls"
// opens the panel on exactly those calls (and says it is filtered, with a way to clear it), the agent's next
// write — one the policy allows — waits at the modal; the person ends the lockdown from the status bar and
// the next write runs without a dialog. Screenshots are kept in test-artifacts/e2e/breaker-*.png.
//
// The suite fails if the breaker does not trip: with `breaker: off` there is no notification to wait for.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareWorkspace } from '../../scripts/vscode/code-server.mjs';
import {
  clickDialogButton,
  invokeTool as sharedInvokeTool,
  openWorkbench,
  panelFrame,
  reportFailure,
  screenshot,
  waitFor,
  waitForDialog,
} from '../../scripts/vscode/workbench.mjs';
import { auditRecords } from './audit.mjs';

const REFUSALS = 5;
const BREAKER = `breaker: {refusals: ${REFUSALS}, window: 2m, per: agent}`;

/** The rows the panel draws (not placeholders), as [decision, tool, target, rule, agent, channel]. */
function shownRows(frame) {
  return frame.$$eval('#rows .row:not([hidden]):not(.loading)', (rs) => rs.map((r) => [...r.children].slice(1, 7).map((c) => c.textContent)));
}

/** The workbench's red: the status bar item's computed background, as [r, g, b]. */
async function background(locator) {
  const css = await locator.evaluate((e) => getComputedStyle(e).backgroundColor);
  const m = /rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/.exec(css);
  if (!m || m[4] === '0') return [0, 0, 0];
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

describe('the circuit breaker trips, locks down and is ended from the status bar (code-server, not test mode)', function () {
  this.timeout(420_000);
  let wb;
  let scratch;
  const audit = () => auditRecords(wb.dirs.home);

  const invokeTool = (tool, input) => sharedInvokeTool(wb.page, tool, input);

  /**
   * The breaker's notification, in the notification center. The workbench here runs with the smoke-test
   * driver (the harness waits on it), and with that driver on VS Code shows no toasts at all (its
   * NotificationsToasts.addToast returns early on enableSmokeTestDriver); every notification still goes to
   * the center, with the same message and buttons, where it stays until answered.
   */
  async function notification() {
    const { page } = wb;
    const center = page.locator('.notifications-center');
    if (!(await center.isVisible()))
      await page
        .locator('.statusbar-item', { has: page.locator('.codicon-bell, .codicon-bell-dot') })
        .first()
        .click();
    const entry = center.locator('.notification-list-item', { hasText: 'AgentGuard paused' }).first();
    await entry.waitFor({ state: 'visible', timeout: 30_000 });
    return entry;
  }

  const lockdownItem = () => wb.page.locator('.statusbar-item', { hasText: 'Lockdown' }).first();

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'agentguard-e2e-breaker-'));
    const folder = prepareWorkspace(join(scratch, 'workspace'));
    const policyFile = join(folder, '.agentguard.yaml');
    const policy = readFileSync(policyFile, 'utf8');
    assert.match(policy, /^breaker: off$/m, 'the fixture policy no longer says `breaker: off`: this suite must switch the breaker on another way');
    writeFileSync(policyFile, policy.replace(/^breaker: off$/m, BREAKER));
    wb = await openWorkbench({ folder, viewport: { width: 1600, height: 1000 } });
    await wb.page.locator('.statusbar-item', { hasText: 'AgentGuard' }).first().waitFor({ timeout: 90_000 });
  });

  afterEach(async function () {
    await reportFailure(wb, this.currentTest, (l) => /error|AgentGuard|lockdown|breaker/i.test(l));
  });

  after(async () => {
    await wb?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  let refused = [];
  let agent = '';

  it(`an agent refused ${REFUSALS} times in a row trips the breaker: the notification says it was paused`, async () => {
    const before = audit().length;
    for (let i = 0; i < REFUSALS; i++) {
      await invokeTool('writeFile', { path: `tests/trip${i}.test.ts`, content: 'expect(true).toBe(false);\n' });
      await waitFor(`refusal ${i + 1} in the audit`, () =>
        audit()
          .slice(before)
          .find((r) => r.tool === 'agentguard_writeFile' && r.args?.path === `tests/trip${i}.test.ts`),
      );
      if (i === REFUSALS - 2) {
        // One refusal short of the limit: no lockdown yet (the status bar looks at the store every 2 s).
        await new Promise((r) => setTimeout(r, 2500));
        assert.equal(await lockdownItem().count(), 0, `the breaker tripped after ${REFUSALS - 1} refusals`);
      }
    }
    refused = audit()
      .slice(before)
      .filter((r) => r.tool === 'agentguard_writeFile' && !r.event);
    assert.equal(refused.length, REFUSALS);
    for (const r of refused) {
      assert.deepEqual([r.decision, r.decidedBy], ['deny', 'rule'], JSON.stringify(r));
      assert.equal(existsSync(join(wb.workspace, r.args.path)), false, `${r.args.path} was written`);
    }
    agent = refused[0].agent;
    const on = await waitFor('the breaker recorded in the audit', () =>
      audit()
        .slice(before)
        .find((r) => r.event === 'lockdown-on'),
    );
    assert.equal(on.rule, 'breaker');

    const toast = await notification();
    const text = await toast.innerText();
    assert.match(text, new RegExp(`paused ${agent.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.match(text, new RegExp(`refused ${REFUSALS} times in the last 2 minutes?`));
    assert.match(text, /every call but a plain read needs your confirmation/);
    await toast.getByRole('button', { name: 'Show Refused Calls' }).waitFor({ state: 'visible' });
    await toast.getByRole('button', { name: 'End Lockdown' }).waitFor({ state: 'visible' });
    console.log(`      screenshot: ${await screenshot(wb.page, 'breaker-notification')}`);
  });

  it('the status bar shows the lockdown in red', async () => {
    const item = lockdownItem();
    await item.waitFor({ state: 'visible', timeout: 15_000 });
    const [r, g, b] = await waitFor('a red lockdown item', async () => {
      const c = await background(item);
      return c[0] > 150 && c[1] < 100 && c[2] < 100 && c;
    });
    assert.ok(r > 150 && g < 100 && b < 100, `not red: rgb(${r}, ${g}, ${b})`);
    console.log(`      screenshot: ${await screenshot(wb.page, 'breaker-statusbar-lockdown')}`);
  });

  it('"Show Refused Calls" opens the panel on exactly those calls, says it is filtered, and the filter clears', async () => {
    const toast = await notification();
    await toast.getByRole('button', { name: 'Show Refused Calls' }).click();
    const frame = await panelFrame(wb.page);
    const want = refused.map((r) => r.args.path).sort();
    await frame.waitForFunction(
      (n) => document.querySelectorAll('#rows .row:not([hidden]):not(.loading)').length === n && !document.querySelector('#activeFilter').hidden,
      want.length,
      { timeout: 60_000 },
    );
    const rows = await shownRows(frame);
    assert.deepEqual(rows.map((r) => r[2]).sort(), want, JSON.stringify(rows));
    for (const r of rows) assert.deepEqual([r[0], r[1], r[4]], ['deny', 'writeFile', agent], JSON.stringify(r));
    const filterLine = await frame.locator('#activeFilterText').innerText();
    assert.equal(filterLine, `Filtered: ${REFUSALS} selected calls · decision deny · agent ${agent}`);
    assert.equal(await frame.locator('#fDecision').inputValue(), 'deny');
    assert.equal(await frame.locator('#fAgent').inputValue(), agent);
    console.log(`      screenshot: ${await screenshot(wb.page, 'breaker-panel-refused-calls')}`);

    // The whole log again with one click: the lockdown record, the breaker's own, is among the rows now.
    await frame.locator('#clearFilter').click();
    await frame.waitForFunction(
      (n) => document.querySelector('#activeFilter').hidden && document.querySelectorAll('#rows .row:not([hidden]):not(.loading)').length > n,
      want.length,
      { timeout: 30_000 },
    );
    assert.ok((await shownRows(frame)).some((r) => r[0] === 'lockdown-on'));
    // The risk control: only medium-risk calls (the refused writes among them; the lockdown record has no risk).
    await frame.locator('#fRisk').selectOption('medium');
    await frame.waitForFunction(
      (n) => {
        const rs = [...document.querySelectorAll('#rows .row:not([hidden]):not(.loading)')];
        return (
          document.querySelector('#activeFilterText').textContent === 'Filtered: medium risk' && rs.length >= n && rs.every((r) => r.dataset.risk === 'medium')
        );
      },
      want.length,
      { timeout: 30_000 },
    );
    assert.ok(!(await shownRows(frame)).some((r) => r[0] === 'lockdown-on'));
    await frame.locator('#clearFilter').click();
    await frame.waitForFunction(() => document.querySelector('#activeFilter').hidden, null, { timeout: 30_000 });
    // Back to the editor area for the modal and the status bar.
    await wb.page.keyboard.press('Escape');
  });

  it("the agent's next write, which the policy allows, waits at the modal; denied, it does not reach the disk", async () => {
    const before = audit().length;
    await invokeTool('writeFile', { path: 'src/paused.ts', content: 'export const paused = true;\n' });
    const dialog = await waitForDialog(wb.page);
    assert.match(dialog, /src\/paused\.ts/);
    assert.match(dialog, /Rule: lockdown/);
    console.log(`      screenshot: ${await screenshot(wb.page, 'breaker-modal-lockdown')}`);
    await clickDialogButton(wb.page, 'Deny');
    const rec = await waitFor('the audit record of the paused write', () =>
      audit()
        .slice(before)
        .find((r) => r.tool === 'agentguard_writeFile' && r.args?.path === 'src/paused.ts'),
    );
    assert.deepEqual([rec.decision, rec.decidedBy, rec.rule], ['deny', 'user', 'lockdown']);
    assert.equal(existsSync(join(wb.workspace, 'src', 'paused.ts')), false);
  });

  it('the lockdown switched off from the status bar: the item is no longer red, and the next write runs without a modal', async () => {
    const before = audit().length;
    await lockdownItem().click();
    await waitFor('the lockdown to end in the audit', () =>
      audit()
        .slice(before)
        .find((r) => r.event === 'lockdown-off'),
    );
    await lockdownItem().waitFor({ state: 'detached', timeout: 15_000 });
    await invokeTool('writeFile', { path: 'src/resumed.ts', content: 'export const resumed = true;\n' });
    const rec = await waitFor('the audit record of the write', () =>
      audit()
        .slice(before)
        .find((r) => r.tool === 'agentguard_writeFile' && r.args?.path === 'src/resumed.ts'),
    );
    assert.deepEqual([rec.decision, rec.decidedBy, rec.outcome], ['allow', 'rule', 'ok'], JSON.stringify(rec));
    assert.equal(readFileSync(join(wb.workspace, 'src', 'resumed.ts'), 'utf8'), 'export const resumed = true;\n');
    assert.equal(await wb.page.locator('.monaco-dialog-box').count(), 0, 'a dialog showed after the lockdown ended');
    console.log(`      screenshot: ${await screenshot(wb.page, 'breaker-lockdown-ended')}`);
  });
});
