// The real workbench for end-to-end tests: code-server WITHOUT test mode (VS Code refuses modal dialogs
// while extensionTestsPath is set), AgentGuard loaded as a development extension, a folder opened, and
// Playwright helpers for what a person does: run a palette command, answer a modal dialog, screenshot.
//
//   const wb = await openWorkbench();            // fresh copy of test/fixtures/workspace
//   await runCommand(wb.page, 'AgentGuard: Reload Policy');
//   const dialog = await waitForDialog(wb.page);   // text of .monaco-dialog-box
//   await clickDialogButton(wb.page, 'Deny');
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
  const box = page.locator('.monaco-dialog-box');
  await box.waitFor({ state: 'visible', timeout });
  return (await box.innerText()).trim();
}

/** Clicks a modal dialog's button by its exact label ("Allow once", "Deny", "Cancel") and waits for it to close. */
export async function clickDialogButton(page, name, { timeout = 15_000 } = {}) {
  const box = page.locator('.monaco-dialog-box');
  await box.getByRole('button', { name, exact: true }).click({ timeout });
  await box.waitFor({ state: 'hidden', timeout });
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
