// What a person does in the agent session, through Playwright: close the model manager the scripted model
// opened, install AgentGuard's hooks with its own command, type a scripted prompt into the Chat view, and
// answer AgentGuard's modal and the agent's own confirmations while the script plays.
import { clickDialogButton, runCommand, waitForWorkbench } from '../../../scripts/vscode/workbench.mjs';
import { readRecord, shot, waitFor } from './harness.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * After the window opens: the scripted model ran "Chat: Manage Language Models" (that is what enables the
 * bundled agent without a sign-in); close the editor it opened and the BYOK banner.
 */
export async function settle(page, record, { manageRuns = 1 } = {}) {
  await waitFor('the scripted model to enable chat', () => readRecord(record).events.filter((e) => e.event === 'chat.manage').length >= manageRuns, {
    timeout: 90_000,
  });
  const modal = page.locator('.modal-editor-part');
  await modal.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {});
  for (let i = 0; i < 5 && (await modal.isVisible().catch(() => false)); i++) {
    await page.keyboard.press('Escape');
    await sleep(500);
  }
  const banner = page.locator('.chat-input-notification-dismiss');
  if (
    await banner
      .first()
      .isVisible()
      .catch(() => false)
  )
    await banner
      .first()
      .click()
      .catch(() => {});
  await chatInput(page).waitFor({ state: 'visible', timeout: 30_000 });
}

function chatInput(page) {
  return page.locator('.part.auxiliarybar .interactive-input-part .interactive-input-editor .monaco-editor').first();
}

/**
 * "AgentGuard: Install Agent Hooks" as a person runs it: VS Code hooks only (one hook per tool call, not
 * two), consent in the modal, then a window reload — VS Code reads hook files when the window opens.
 */
export async function installHooksByCommand(page, record) {
  await runCommand(page, 'AgentGuard: Install Agent Hooks', { opensQuickPick: true });
  // The command's own multi-select (not the palette's rows, which may still be on screen for a moment).
  const rows = page.locator('.quick-input-list .monaco-list-row');
  const claude = rows.filter({ hasText: 'Claude Code hooks' }).first();
  await claude.waitFor({ state: 'visible', timeout: 30_000 });
  if ((await claude.getAttribute('aria-checked')) !== 'false') await claude.locator('.monaco-checkbox, input[type=checkbox]').first().click();
  await page.locator('.quick-input-widget .monaco-button', { hasText: /^OK$/ }).click();
  const box = page.locator('.monaco-dialog-box');
  await box.waitFor({ state: 'visible', timeout: 30_000 });
  const consent = (await box.innerText()).trim();
  await shot(page, '00-install-hooks-consent');
  await clickDialogButton(page, 'Install');
  const before = readRecord(record).events.filter((e) => e.event === 'chat.manage').length;
  await sleep(1000);
  await runCommand(page, 'Developer: Reload Window');
  await sleep(2000);
  await waitForWorkbench(page, 120_000);
  await settle(page, record, { manageRuns: before + 1 });
  return consent;
}

/** The chat's own confirmation buttons (terminal: Allow | Skip; edits: Allow Once | Skip …), visible ones. */
function chatButton(page, name) {
  // The accessible name may carry a keybinding ("Allow (Ctrl+Enter)"): match the label at the start.
  return page
    .locator('.part.auxiliarybar')
    .getByRole('button', { name: new RegExp(`^${name}\\b`) })
    .filter({ visible: true });
}

/** A new chat session, so each script's screenshot shows only its own turn. */
async function newChat(page) {
  const plus = page
    .locator(
      '.part.auxiliarybar .title-actions .action-label[aria-label^="New Chat"], .part.auxiliarybar .title-actions .action-label[aria-label^="New Session"]',
    )
    .filter({ visible: true });
  if (await plus.count().catch(() => 0))
    await plus
      .first()
      .click()
      .catch(() => {});
  else await runCommand(page, 'Chat: New Chat').catch(() => {});
}

/**
 * A person disables AgentGuard in the Extensions view (right-click → Disable), then reloads the window:
 * the hooks stay installed, the extension and its channel are gone.
 */
export async function disableExtensionByUi(page, record, displayName) {
  await runCommand(page, 'Extensions: Show Installed Extensions');
  const row = page.locator('.extensions-viewlet .monaco-list-row').filter({ hasText: displayName }).first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  await row.click({ button: 'right' });
  const item = page.getByRole('menuitem', { name: 'Disable', exact: true }).first();
  await item.waitFor({ state: 'visible', timeout: 15_000 });
  await item.hover();
  await item.click({ timeout: 15_000 });
  await sleep(1500);
  await shot(page, '07-disable-agentguard');
  const before = readRecord(record).events.filter((e) => e.event === 'chat.manage').length;
  await runCommand(page, 'Developer: Reload Window');
  await sleep(2000);
  await waitForWorkbench(page, 120_000);
  await settle(page, record, { manageRuns: before + 1 });
}

/**
 * Types `SCRIPT=<name>` into a new chat and waits until the scripted model has answered its final text.
 * `modal`: labels to click, in order, on AgentGuard's modal dialogs ("Deny", "Allow once"; default Deny).
 * `chat`: the label to click on the agent's own confirmations ("Allow" or "Skip"; default Skip).
 * Returns the requests the model received for this run, the modal texts and the chat confirmations seen.
 */
export async function runScript(page, record, name, { modal = [], chat = 'Skip', label = name, timeout = 150_000 } = {}) {
  const start = readRecord(record).requests.length;
  await newChat(page);
  await sleep(800);
  const input = chatInput(page);
  await input.click();
  await page.keyboard.type(`Run SCRIPT=${name}`);
  await page.keyboard.press('Enter');
  const dialogs = [];
  const confirmations = [];
  const deadline = Date.now() + timeout;
  for (;;) {
    const reqs = readRecord(record).requests.slice(start);
    const done = reqs.find((r) => r.kind === 'script' && r.script === name && r.answer.text !== undefined);
    if (done) break;
    if (Date.now() > deadline) {
      await shot(page, `${label}-timeout`);
      throw new Error(`SCRIPT=${name} did not finish within ${timeout} ms; the model saw ${reqs.length} requests`);
    }
    const box = page.locator('.monaco-dialog-box');
    if (await box.isVisible().catch(() => false)) {
      const text = (await box.innerText().catch(() => '')).trim();
      const answer = modal[dialogs.length] ?? 'Deny';
      dialogs.push({ text, answer });
      await shot(page, `${label}-modal-${dialogs.length}`);
      await clickDialogButton(page, answer);
      continue;
    }
    const btn = chatButton(page, chat);
    if (
      await btn
        .first()
        .isVisible()
        .catch(() => false)
    ) {
      const row = page.locator('.part.auxiliarybar .chat-tool-invocation-part, .part.auxiliarybar .chat-confirmation-widget').last();
      confirmations.push({ text: (await row.innerText().catch(() => '')).trim(), answer: chat });
      await shot(page, `${label}-chat-confirmation-${confirmations.length}`);
      await btn
        .first()
        .click()
        .catch(() => {});
      await sleep(700);
      continue;
    }
    await sleep(300);
  }
  await sleep(1500); // let the chat render the final answer
  await expandSteps(page);
  await shot(page, `${label}-chat`);
  return { requests: readRecord(record).requests.slice(start), dialogs, confirmations };
}

/** Opens the collapsed "Completed N steps" list so the screenshot shows each tool call and its refusal. */
async function expandSteps(page) {
  const toggles = page.locator('.part.auxiliarybar').getByText(/^Completed \d+ steps?/);
  const n = await toggles.count().catch(() => 0);
  if (n)
    await toggles
      .nth(n - 1)
      .click()
      .catch(() => {});
  await sleep(500);
}

/**
 * The tool results the model received, by tool call: [{tool, input, result}], counting only the messages
 * after the latest SCRIPT= prompt of each request (the chat may carry earlier turns as history).
 */
export function toolResults(requests) {
  const calls = new Map();
  const out = [];
  for (const r of requests) {
    const isPrompt = (m) => m.role === 'user' && m.parts.some((p) => p.type === 'text' && /\bSCRIPT=/.test(p.value ?? ''));
    let from = 0;
    r.messages.forEach((m, i) => {
      if (isPrompt(m)) from = i;
    });
    for (const m of r.messages.slice(from)) {
      for (const p of m.parts) {
        if (p.type === 'toolCall') calls.set(p.callId, { tool: p.name, input: p.input });
        if (p.type === 'toolResult' && !out.some((o) => o.callId === p.callId)) {
          out.push({ callId: p.callId, ...(calls.get(p.callId) ?? {}), result: p.content.join('\n') });
        }
      }
    }
  }
  return out;
}
