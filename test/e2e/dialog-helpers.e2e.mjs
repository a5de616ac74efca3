// The modal helpers every e2e suite answers AgentGuard's dialogs with (scripts/vscode/workbench.mjs), on a page
// that draws a `.monaco-dialog-box` the way VS Code's dialog is built, in the same headless Chromium. They must
// survive VS Code drawing the dialog again while it is on screen (a loaded machine, focus coming back from a
// webview) and still fail where a suite must fail: no dialog, a dialog that goes away or changes unanswered,
// no such button, a dialog that does not close when answered.
import assert from 'node:assert/strict';
import { launchBrowser, makeRunDirs, removeRunDirs } from '../../scripts/vscode/code-server.mjs';
import { clickDialogButton } from '../../scripts/vscode/workbench.mjs';

/**
 * A page with `draw(text, closes, disabled)`: puts a dialog with "Allow once" and "Deny" in place of the one
 * on screen (a new element, as a redrawing makes); a click records the button in `window.clicked` and, when
 * `closes`, removes the dialog and stops any redrawing. `disabled` buttons cannot be clicked (aria-disabled,
 * which Playwright waits out). `script` runs after.
 */
const page = (script) => `<html><body><div id="root"></div><script>
function draw(text, closes, disabled) {
  const box = document.createElement('div');
  box.className = 'monaco-dialog-box';
  box.style.cssText = 'position: absolute; left: 100px; top: 100px';
  const attrs = disabled ? ' aria-disabled="true"' : '';
  box.innerHTML = '<p>' + text + '</p><a role="button"' + attrs + '>Allow once</a><a role="button"' + attrs + '>Deny</a>';
  for (const a of box.querySelectorAll('a'))
    a.onclick = () => {
      if (disabled) return;
      window.clicked = a.textContent;
      if (closes) {
        clearInterval(window.redraw);
        box.remove();
      }
    };
  const old = document.querySelector('.monaco-dialog-box');
  if (old) old.replaceWith(box);
  else document.getElementById('root').append(box);
}
${script}
</script></body></html>`;

const redrawn = (every, until) =>
  `draw('rm -rf build', true); window.redraw = setInterval(() => draw('rm -rf build', true), ${every});` +
  (until ? ` setTimeout(() => clearInterval(window.redraw), ${until});` : '');

describe('the e2e dialog helpers (headless Chromium, a drawn dialog)', function () {
  this.timeout(120_000);
  let dirs;
  let browser;
  const TIMEOUT = 4_000;

  before(async () => {
    dirs = makeRunDirs('e2e-dialog');
    browser = await launchBrowser(dirs);
  });

  after(async () => {
    await browser?.close();
    if (dirs) removeRunDirs(dirs);
  });

  async function click(script, name) {
    await browser.page.goto('about:blank');
    await browser.page.setContent(page(script));
    const outcome = await clickDialogButton(browser.page, name, { timeout: TIMEOUT }).then(
      () => 'closed',
      (e) => e.message.split('\n')[0],
    );
    return { outcome, clicked: await browser.page.evaluate(() => window.clicked ?? null) };
  }

  for (const [what, script, name] of [
    ['drawn again every 30 ms for 800 ms', redrawn(30, 800), 'Allow once'],
    ['drawn again eight times, 100 ms apart', redrawn(100, 850), 'Allow once'],
    [
      'removed and drawn again 200 ms later',
      "draw('rm -rf build', true); setTimeout(() => { document.querySelector('.monaco-dialog-box').remove(); setTimeout(() => draw('rm -rf build', true), 200); }, 50);",
      'Deny',
    ],
    ['shown late, then drawn again', `setTimeout(() => { ${redrawn(50, 200)} }, 700);`, 'Deny'],
  ])
    it(`clicks the button of a dialog ${what}, and waits for it to close`, async () => {
      assert.deepEqual(await click(script, name), { outcome: 'closed', clicked: name });
    });

  it('fails when no dialog shows', async () => {
    const { outcome, clicked } = await click('', 'Allow once');
    assert.match(outcome, /Timeout/);
    assert.equal(clicked, null);
  });

  it('fails when the dialog does not close once clicked', async () => {
    const { outcome, clicked } = await click("draw('rm -rf build', false);", 'Allow once');
    assert.match(outcome, /Timeout/);
    assert.equal(clicked, 'Allow once');
  });

  it('fails when the dialog has no such button', async () => {
    const { outcome, clicked } = await click("draw('rm -rf build', true);", 'Revert');
    assert.match(outcome, /clicking "Revert" failed .* the dialog is still there/);
    assert.equal(clicked, null);
  });

  it('fails, and clicks nothing, when the dialog goes away unanswered', async () => {
    const { outcome, clicked } = await click(
      "draw('rm -rf build', true, true); setTimeout(() => document.querySelector('.monaco-dialog-box').remove(), 500);",
      'Allow once',
    );
    assert.match(outcome, /the dialog is gone/);
    assert.equal(clicked, null);
  });

  it('fails, and clicks nothing, when another dialog takes its place (its answer is not ours to give)', async () => {
    const { outcome, clicked } = await click("draw('rm -rf build', true, true); setTimeout(() => draw('git push --force', true), 500);", 'Allow once');
    assert.match(outcome, /the dialog changed/);
    assert.equal(clicked, null);
  });

  it('fails when the button never becomes clickable', async () => {
    const { outcome, clicked } = await click("draw('rm -rf build', true, true);", 'Allow once');
    assert.match(outcome, /clicking "Allow once" failed after \d+ attempt\(s\); the dialog is still there/);
    assert.equal(clicked, null);
  });
});
