// End to end, outside test mode: a person's view of the audit panel. AgentGuard runs as a development
// extension in the real workbench; a short agent session goes through the guarded tools (triggered from the
// palette with the development command, so it is the same path a model's call takes); then "AgentGuard:
// Open Panel" shows the log and the workspace diff. The screenshot is kept as test-artifacts/panel.png.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { prepareWorkspace } from '../../scripts/vscode/code-server.mjs';
import { invokeTool as sharedInvokeTool, openWorkbench, panelFrame, reportFailure, runCommand, waitFor } from '../../scripts/vscode/workbench.mjs';
import { REPO_ROOT } from '../../scripts/vscode/paths.mjs';
import { png } from '../fixtures/png.mjs';

const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
const SEEDED = 100_000;

/**
 * A long history: SEEDED chained records (yesterday, several agents and tools) in the workspace's audit
 * log, where the extension will append (the same path rule as src/node/auditWriter.ts defaultAuditPath).
 */
function seedAuditLog(home, workspace) {
  const ws = realpathSync(workspace);
  const file = join(home, 'audit', `${basename(ws).replace(/[^A-Za-z0-9._-]/g, '_')}-${sha256(ws).slice(0, 16)}.jsonl`);
  mkdirSync(dirname(file), { recursive: true });
  const tools = ['agentguard_readFile', 'agentguard_editFile', 'agentguard_runCommand', 'run_in_terminal', 'Bash'];
  const start = Date.now() - 86_400_000;
  let prev = '0'.repeat(64);
  const out = [];
  for (let i = 0; i < SEEDED; i++) {
    const tool = tools[i % tools.length];
    const exec = tool.endsWith('Command') || tool === 'Bash' || tool === 'run_in_terminal';
    const decision = i % 17 === 0 ? 'deny' : i % 29 === 0 ? 'ask' : 'allow';
    const line = JSON.stringify({
      v: 1,
      time: new Date(start + i * 500).toISOString(),
      session: 'seeded',
      callId: `seed-${i}`,
      agent: i % 3 ? 'copilot' : 'claude-code',
      channel: tool.startsWith('agentguard_') ? 'tool' : 'hook',
      tool,
      op: exec ? 'exec' : 'write',
      args: exec ? { command: `npm test -- --grep case${i}` } : { path: `src/module${i % 400}.ts` },
      decision,
      rule: decision === 'deny' ? 'path:tests' : 'path:default',
      reason: `seeded record ${i}`,
      decidedBy: 'rule',
      policy: 'f'.repeat(64),
      durationMs: i % 90,
      outcome: decision === 'deny' ? 'not-run' : 'ok',
      prev,
    });
    out.push(line);
    prev = sha256(line);
  }
  writeFileSync(file, out.join('\n') + '\n');
  return file;
}

describe('AgentGuard panel (code-server, not test mode)', function () {
  this.timeout(600_000); // a loaded 2-core CI machine reads the 100,000-record log slowly
  let wb;

  const invokeTool = (tool, input) => sharedInvokeTool(wb.page, tool, input);

  async function waitForFile(rel, test) {
    const file = join(wb.workspace, rel);
    await waitFor(`${rel} to be written`, () => existsSync(file) && test(readFileSync(file)));
  }

  let scratch;
  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'agentguard-e2e-panel-'));
    const home = join(scratch, 'agentguard-home');
    const folder = prepareWorkspace(join(scratch, 'workspace'));
    seedAuditLog(home, folder);
    wb = await openWorkbench({ folder, env: { AGENTGUARD_HOME: home }, viewport: { width: 1600, height: 1000 } });
    await wb.page.locator('.statusbar-item', { hasText: 'AgentGuard' }).first().waitFor({ timeout: 60_000 });
  });

  afterEach(async function () {
    await reportFailure(wb, this.currentTest);
  });

  after(async () => {
    await wb?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('plays a short agent session through the guarded tools', async () => {
    const image = png();
    await invokeTool('runCommand', { command: `mkdir -p reports && printf '%s' '${image.toString('base64')}' | base64 -d > reports/plot.png` });
    await waitForFile('reports/plot.png', (b) => b.equals(image));
    await invokeTool('writeFile', { path: 'reports/summary.md', content: '# Summary\n\nadd() is commutative.\n' });
    await waitForFile('reports/summary.md', () => true);
    await invokeTool('editFile', { path: 'src/app.ts', oldString: 'return a + b;', newString: 'return b + a; // commutative' });
    await waitForFile('src/app.ts', (b) => b.toString().includes('commutative'));
    await invokeTool('editFile', { path: 'tests/a.test.ts', oldString: 'add(2, 3), 5', newString: 'add(2, 3), 6' });
    await invokeTool('readFile', { path: 'src/app.ts' });
  });

  it('opens the panel: the log lists the calls, the diff shows the new image with its preview', async () => {
    const opened = Date.now();
    await runCommand(wb.page, 'AgentGuard: Open Audit Panel');
    const frame = await panelFrame(wb.page);
    const framed = Date.now();
    await frame.waitForFunction(() => document.querySelectorAll('#rows .row:not([hidden]):not(.loading)').length >= 5, null, { timeout: 150_000 });
    const drawnAt = Date.now();
    await frame.waitForFunction(() => [...document.querySelectorAll('#artifacts img.thumb')].some((i) => i.complete && i.naturalWidth > 0), null, {
      timeout: 60_000,
    });
    await frame.waitForFunction((n) => document.querySelector('#count')?.textContent === `${n.toLocaleString()} records`, SEEDED + 5, { timeout: 150_000 });
    console.log(
      `      a ${SEEDED + 5}-record log (informational): the panel's page appeared ${framed - opened} ms after the command, ` +
        `its first rows ${drawnAt - framed} ms after that, the full count (chain checked) ${Date.now() - framed} ms after it`,
    );
    // The count arrives before the rows it counts are drawn (they are fetched by window): wait for the row.
    const drawn = await frame
      .waitForFunction(
        () =>
          [...document.querySelectorAll('#rows .row:not([hidden])')].some(
            (r) => r.children[1]?.textContent === 'deny' && r.children[3]?.textContent === 'tests/a.test.ts',
          ),
        null,
        { timeout: 30_000 },
      )
      .then(
        () => true,
        () => false,
      );
    const rows = await frame.$$eval('#rows .row:not([hidden])', (rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
    assert.ok(drawn, `no denied row: ${JSON.stringify(rows)}`);
    const tree = await frame.$$eval('#tree [data-path]', (ns) => ns.map((n) => n.dataset.path));
    assert.deepEqual(tree.sort(), ['reports/plot.png', 'reports/summary.md', 'src/app.ts']);
    // Virtualised: at the far end of 100,000 rows the page still holds only the rows on screen.
    await frame.locator('#viewport').evaluate((v) => {
      v.scrollTop = v.scrollHeight;
    });
    await frame.waitForFunction(
      () => {
        const shown = [...document.querySelectorAll('#rows .row:not([hidden])')];
        return shown.length > 0 && shown.every((r) => !r.classList.contains('loading')) && shown.some((r) => r.children[3].textContent === 'src/module0.ts');
      },
      null,
      { timeout: 30_000 },
    );
    const inDom = await frame.$$eval('#rows .row', (rs) => rs.length);
    assert.ok(inDom < 150, `${inDom} row elements for a 100k-record log`);
    await frame.locator('#viewport').evaluate((v) => {
      v.scrollTop = 0;
    });
    await frame.waitForFunction(() => document.querySelector('#rows .row:not([hidden])')?.children[3].textContent === 'src/app.ts', null, { timeout: 30_000 });
    // Select the denied call and open its detail, as a person reviewing the session would.
    await frame.locator('#rows .row.d-deny').first().click();
    await frame.locator('#viewport').press('Enter');
    await frame.locator('#detail dd', { hasText: 'path:tests' }).first().waitFor({ timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 300));
    mkdirSync(join(REPO_ROOT, 'test-artifacts'), { recursive: true });
    await wb.page.screenshot({ path: join(REPO_ROOT, 'test-artifacts', 'panel.png') });
    console.log(`      screenshot: ${join(REPO_ROOT, 'test-artifacts', 'panel.png')}`);
  });
});
