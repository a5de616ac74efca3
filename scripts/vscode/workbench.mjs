// The real workbench for end-to-end tests: code-server WITHOUT test mode (VS Code refuses modal dialogs
// while extensionTestsPath is set), AgentGuard loaded as a development extension, a folder opened, and
// Playwright helpers for what a person does: run a palette command, answer a modal dialog, screenshot.
//
//   const wb = await openWorkbench();            // fresh copy of test/fixtures/workspace
//   await runCommand(wb.page, 'AgentGuard: Reload Policy');
//   const dialog = await waitForDialog(wb.page);   // text of .monaco-dialog-box
//   await clickDialogButton(wb.page, 'Deny');     // re-located and retried if VS Code draws it again
//   await invokeTool(wb.page, 'writeFile', {path: 'a.txt', content: 'x'});   // the development palette command
//   await screenshot(wb.page, 'deny-dialog');      // test-artifacts/e2e/deny-dialog.png
//   await wb.stop();
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, makeRunDirs, prepareWorkspace, remoteUri, removeRunDirs, startCodeServer, workbenchUrl } from './code-server.mjs';
import { REPO_ROOT } from './paths.mjs';

export const ARTIFACTS_DIR = join(REPO_ROOT, 'test-artifacts', 'e2e');

/**
 * Starts code-server and opens the workbench on `folder` (default: a fresh temp copy of the fixture
 * workspace) with `extensionPath` (default: this repo, which must be built) as the development extension.
 * `env` reaches the server and so the extension host. Returns {page, port, workspace, logs, stop()};
 * always call stop() (in a finally): it closes the browser, stops the server and removes the temp folder.
 */
export async function openWorkbench({ folder, extensionPath = REPO_ROOT, env = {}, keep = false, viewport } = {}) {
  const dirs = makeRunDirs('e2e');
  const workspace = folder ?? prepareWorkspace(dirs.workspace);
  const logs = [];
  let server;
  let browser;
  const stop = async () => {
    await browser?.close();
    await server?.stop();
    if (!keep) removeRunDirs(dirs);
  };
  try {
    server = await startCodeServer({ dirs, env, onLog: (l) => logs.push(`[code-server] ${l}`) });
    browser = await launchBrowser(dirs, viewport ? { viewport } : {});
    const { page } = browser;
    // Registered before navigation, as in test mode: the workbench streams its log through them.
    await page.exposeFunction('codeAutomationLog', (level, msg) => logs.push(`<${level}> ${msg}`));
    await page.exposeFunction('codeAutomationExit', (code) => logs.push(`<exit> extension host exited with ${code}`));
    // Only extensionDevelopmentPath: the extension runs as in development, not under a test runner.
    const payload = [['extensionDevelopmentPath', remoteUri(server.port, extensionPath)]];
    await page.goto(workbenchUrl(server.port, workspace, payload));
    await waitForWorkbench(page);
    return { page, port: server.port, workspace, dirs, logs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Waits until the workbench has restored (the smoke-test driver's own signal) and the status bar shows. */
export async function waitForWorkbench(page, timeout = 60_000) {
  await page.locator('.monaco-workbench .part.statusbar').waitFor({ state: 'visible', timeout });
  await page.waitForFunction(() => typeof window.driver?.whenWorkbenchRestored === 'function', null, { timeout });
  await page.evaluate(() => window.driver.whenWorkbenchRestored());
}

/**
 * Runs a command from the palette by its label as shown there, e.g. "Developer: Show Running Extensions".
 * Waits for the palette to close, unless the command opens a quick pick of its own (`opensQuickPick`): that
 * one reuses the same widget, which then may never be hidden in between (a race the caller must not wait on).
 */
export async function runCommand(page, label, { timeout = 15_000, opensQuickPick = false } = {}) {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await page.keyboard.press('F1');
  await input.waitFor({ state: 'visible', timeout });
  await input.fill(`>${label}`);
  // Pick the row whose label is exactly the command, not merely the first fuzzy match.
  const row = page
    .locator('.quick-input-list .monaco-list-row')
    .filter({
      has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }),
    })
    .first();
  await row.waitFor({ state: 'visible', timeout });
  await row.click();
  if (!opensQuickPick) await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout });
}

/** Waits for a modal dialog and returns its text (message, detail and buttons). */
export async function waitForDialog(page, { timeout = 30_000 } = {}) {
  const box = page.locator('.monaco-dialog-box').first();
  await box.waitFor({ state: 'visible', timeout });
  return (await dialogsShown(page))[0] ?? (await box.innerText()).trim();
}

/**
 * Clicks a modal dialog's button by its exact label ("Allow once", "Deny", "Cancel") and waits for it to close.
 *
 * VS Code may draw the dialog again while it is on screen (a layout pass on a loaded machine, focus moving
 * back from a webview): a click aimed at the first drawing then meets an element that moved or was detached.
 * So each attempt locates the button anew, waits until it holds still, and clicks with a short timeout; a
 * failed attempt is retried while the same dialog (same text) is still showing, until `timeout`. What is not
 * retried, so a real failure still fails: no dialog at all, a dialog that went away without our click, a
 * different dialog in its place; no such button fails once `timeout` is spent, as does a dialog that does
 * not close once clicked. A click that reached the button counts even when Playwright lost sight of it.
 */
export async function clickDialogButton(page, name, { timeout = 30_000 } = {}) {
  const until = Date.now() + timeout;
  const left = () => Math.max(until - Date.now(), 1);
  const box = page.locator('.monaco-dialog-box');
  await box.first().waitFor({ state: 'visible', timeout });
  const text = (await dialogsShown(page))[0] ?? (await box.first().innerText()).trim();
  // Which dialog buttons the page saw clicked, recorded as the click reaches the document (before VS Code
  // closes the dialog): a click that landed while Playwright lost sight of the element still counts, and
  // one that did not land is not taken for an answer.
  await page.evaluate(() => {
    window.__dialogClicks = [];
    if (window.__dialogClicksHooked) return;
    window.__dialogClicksHooked = true;
    document.addEventListener(
      'click',
      (e) => {
        const button = e.target instanceof Element ? e.target.closest('[role="button"], .monaco-button') : null;
        const dialog = button?.closest('.monaco-dialog-box');
        if (dialog) window.__dialogClicks.push({ name: button.getAttribute('aria-label') || button.innerText.trim(), dialog: dialog.innerText.trim() });
      },
      true,
    );
  });
  const landed = () =>
    page.evaluate(({ name, text }) => window.__dialogClicks.some((c) => c.name === name && c.dialog === text), { name, text }).catch(() => false);
  for (let attempt = 1; ; attempt++) {
    const button = box.getByRole('button', { name, exact: true });
    try {
      const handle = await button.elementHandle({ timeout: Math.min(left(), 5_000) });
      // The button found may belong to a dialog drawn since in place of ours: its answer is not ours to give.
      const of = await handle.evaluate((b) => b.closest('.monaco-dialog-box')?.innerText.trim());
      if (of !== text) throw new Error(`the "${name}" button found belongs to another dialog: ${of}`);
      await handle.waitForElementState('stable', { timeout: Math.min(left(), 5_000) });
      await handle.click({ timeout: Math.min(left(), 5_000) });
      break;
    } catch (err) {
      if (await landed()) break;
      // A redrawing may hold no dialog for a moment: one not seen again within a second is gone.
      let shown = await dialogsShown(page);
      if (shown.length === 0) {
        await box
          .first()
          .waitFor({ state: 'visible', timeout: Math.min(left(), 1_000) })
          .catch(() => undefined);
        shown = await dialogsShown(page);
      }
      if (shown.length === 0 && (await landed())) break;
      const still = shown.length > 0;
      const same = shown.includes(text);
      if (!same || Date.now() >= until) {
        const now = !still ? 'is gone' : same ? 'is still there' : 'changed';
        throw new Error(`clicking "${name}" failed after ${attempt} attempt(s); the dialog ${now} (it said: ${text}): ${err.message}`);
      }
      // Let the workbench finish drawing (the next frame) before locating the button again.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r()))).catch(() => undefined);
    }
  }
  // Closed: no dialog on screen says what ours said (another may follow it at once: that one is not ours).
  await page.waitForFunction(
    (t) => ![...document.querySelectorAll('.monaco-dialog-box')].some((b) => b.getClientRects().length > 0 && b.innerText.trim() === t),
    text,
    { timeout: left() },
  );
}

/**
 * The text of every dialog on screen, read in one step in the page (a locator resolves its elements and then
 * reads them in two, and a dialog redrawn in between reads as detached).
 */
function dialogsShown(page) {
  return page
    .evaluate(() => [...document.querySelectorAll('.monaco-dialog-box')].filter((b) => b.getClientRects().length > 0).map((b) => b.innerText.trim()))
    .catch(() => []);
}

/**
 * Polls `done` (sync or async) until it holds, answering with `answer` any modal dialog that shows meanwhile:
 * for a call the policy may allow by rule or ask about at the modal. The answer is awaited, so a dialog that
 * cannot be answered fails the test here instead of being retried in the background.
 */
export async function waitForOrAnswer(page, what, done, answer, ms = 60_000) {
  return waitFor(
    `${what} (or a dialog)`,
    async () => {
      if (await done()) return true;
      if (
        await page
          .locator('.monaco-dialog-box')
          .isVisible()
          .catch(() => false)
      )
        await clickDialogButton(page, answer);
      return false;
    },
    ms,
  );
}

/** Polls `probe` (sync or async) every 200 ms until it returns something truthy, and returns that; `state()` goes into the timeout's message. */
export async function waitFor(what, probe, ms = 30_000, state = () => '') {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what} ${state()}`.trim());
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Runs one of AgentGuard's guarded tools from the palette with the development command, the same guarded
 * path a model's call takes: `tool` and its JSON `input`, as that command's input box takes them. Not
 * runCommand(): the command opens its input box in the palette's own widget. Waits for the widget to close
 * unless `waitClosed` is false. F1 pressed while a webview has the focus can be lost: then the workbench is
 * focused (a click on the side bar's title) and F1 pressed again, up to four times.
 */
export async function invokeTool(page, tool, input, { waitClosed = true } = {}) {
  const box = page.locator('.quick-input-widget .quick-input-box input');
  for (let i = 0; ; i++) {
    await page.keyboard.press('F1');
    if (
      await box.waitFor({ state: 'visible', timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i === 3) throw new Error('the command palette did not open');
    await page.locator('.part.sidebar .title-label').first().click();
  }
  await box.fill('>AgentGuard: Invoke a Guarded Tool (development)');
  const row = page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: /^AgentGuard: Invoke a Guarded Tool \(development\)$/ }) })
    .first();
  // The first use after start-up waits for the extension's commands to be listed.
  await row.waitFor({ state: 'visible', timeout: 60_000 });
  await row.click();
  // The tool's input box: same widget, its own placeholder.
  await page.locator('.quick-input-widget .quick-input-box input[placeholder*="runCommand"]').waitFor({ state: 'visible' });
  await box.fill(`${tool} ${JSON.stringify(input)}`);
  await box.press('Enter');
  if (waitClosed) await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** The audit panel webview's inner document: the frame that holds the panel's #viewport. */
export async function panelFrame(page, timeout = 30_000) {
  return waitFor(
    'the AgentGuard panel',
    async () => {
      for (const f of page.frames()) if (await f.$('#viewport').catch(() => null)) return f;
      return undefined;
    },
    timeout,
  );
}

/**
 * For a suite's afterEach: when `test` failed, a screenshot (test-artifacts/e2e/failed-<title>.png) and the
 * workbench's last log lines (those `keep` accepts) on stderr.
 */
export async function reportFailure(wb, test, keep = () => true) {
  if (test?.state !== 'failed' || !wb) return;
  await screenshot(wb.page, `failed-${test.title}`).catch(() => {});
  console.error(wb.logs.filter(keep).slice(-40).join('\n'));
}

/** Saves a PNG of the whole page into test-artifacts/e2e/<name>.png and returns its path. */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file });
  return file;
}

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
