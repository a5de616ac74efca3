// End-to-end smoke of the workbench harness (scripts/vscode/workbench.mjs): the real workbench (not test
// mode) on a fixture workspace copy with AgentGuard as a development extension; a palette command runs
// and its editor shows; a screenshot is kept in test-artifacts/e2e/. Run through scripts/vscode/run-e2e.mjs.
import assert from 'node:assert/strict';
import { openWorkbench, reportFailure, runCommand, screenshot } from '../../scripts/vscode/workbench.mjs';

describe('workbench harness (code-server, not test mode)', function () {
  this.timeout(180_000);
  let wb;

  before(async () => {
    wb = await openWorkbench();
  });

  afterEach(async function () {
    await reportFailure(wb, this.currentTest);
  });

  after(async () => {
    await wb?.stop();
  });

  it('loads the extension as a development extension, outside test mode', async () => {
    const title = await wb.page.locator('.monaco-workbench .part.titlebar').innerText();
    assert.match(title, /\[Extension Development Host\]/);
  });

  it('runs "Developer: Show Running Extensions" from the palette and shows the running extensions', async () => {
    await runCommand(wb.page, 'Developer: Show Running Extensions');
    const rows = wb.page.locator('.runtime-extensions-editor .monaco-list-row');
    await rows.first().waitFor({ state: 'visible', timeout: 30_000 });
    assert.ok((await rows.count()) > 0);
    const file = await screenshot(wb.page, 'running-extensions');
    console.log(`      screenshot: ${file}`);
  });
});
