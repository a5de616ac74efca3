// End to end, outside test mode: a person takes back what an agent's terminal commands did, from the audit
// panel. The commands go through AgentGuard's run-command tool (triggered from the palette with the
// development command, the same guard a model's call meets); `rm -rf build` is allowed once at the real
// modal; the person then opens the call's detail in the real panel, reviews the revert plan, confirms at the
// real modal, and the files are back on disk byte for byte with their modes. A file the person changed after
// an agent overwrote it is shown as a conflict and is left alone until the person chooses it. Screenshots are
// kept in test-artifacts/e2e/undo-*.png.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareWorkspace } from '../../scripts/vscode/code-server.mjs';
import { REPO_ROOT } from '../../scripts/vscode/paths.mjs';
import {
  clickDialogButton,
  invokeTool as sharedInvokeTool,
  openWorkbench,
  panelFrame,
  reportFailure,
  runCommand,
  screenshot,
  waitForDialog,
  waitForOrAnswer,
  waitFor as poll,
} from '../../scripts/vscode/workbench.mjs';
import { auditRecordsIn } from './audit.mjs';

/** `fp` without `key`: a path the guard was told not to keep. */
function without(fp, key) {
  const { [key]: _gone, ...rest } = fp;
  return rest;
}

/** Every file and folder under `dir` with its mode and content: the tree's fingerprint. */
function fingerprint(dir, rel = '') {
  const out = {};
  for (const name of readdirSync(join(dir, rel)).sort()) {
    const r = rel ? `${rel}/${name}` : name;
    const st = lstatSync(join(dir, r));
    if (st.isDirectory()) {
      out[r] = `dir ${(st.mode & 0o777).toString(8)}`;
      Object.assign(out, fingerprint(dir, r));
    } else out[r] = `file ${(st.mode & 0o777).toString(8)} ${readFileSync(join(dir, r)).toString('base64')}`;
  }
  return out;
}

/** As the shared waitFor, with a minute's patience by default: reverts and the panel take longer. */
const waitFor = (what, probe, ms = 60_000) => poll(what, probe, ms);

/** The audit records under AGENTGUARD_HOME `home` (its log folder is `audit/` there). */
const auditLines = (home) => auditRecordsIn(join(home, 'audit'));

/**
 * One hook event as VS Code's agent sends it, through the installed lean entry (`node dist/hook.js hook
 * --host vscode`), which asks the running extension over its channel. Resolves to the CLI's stdout.
 */
function hook(home, payload) {
  // VS Code runs a hook command in the workspace folder: the CLI takes its workspace from there. The timeout is
  // the one "Install Agent Hooks" writes for VS Code (HOOK_TIMEOUT_S): with the CLI's 30 s default, a slow
  // workbench that shows the modal late would have the bridge give up on it while the test clicks.
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'hook.js'), 'hook', '--host', 'vscode', '--timeout', '120'], {
      cwd: payload.cwd,
      env: { ...process.env, AGENTGUARD_HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`hook exited ${code}: ${err}${out}`))));
    child.stdin.end(JSON.stringify(payload));
  });
}

describe('undo from the audit panel (code-server, not test mode)', function () {
  this.timeout(600_000);
  let wb;
  let scratch;
  let home;
  let ws;
  let buildBefore;
  let sessionStart;
  let frame;
  const NOTES = '# Notes\n\nwritten by the person, before the session\n';

  const invokeTool = (tool, input) => sharedInvokeTool(wb.page, tool, input, { waitClosed: false });

  /** Opens the detail view of the newest row whose tool and target match, and returns the panel frame. */
  async function openDetail(tool, target) {
    if (!frame) await runCommand(wb.page, 'AgentGuard: Open Audit Panel');
    frame = await panelFrame(wb.page, 60_000);
    const row = frame
      .locator('#rows .row:not([hidden])')
      .filter({ has: frame.locator('span', { hasText: new RegExp(`^${tool}$`) }) })
      .filter({ hasText: target });
    await row.first().waitFor({ timeout: 120_000 });
    await row.first().click();
    await frame.locator('#viewport').press('Enter');
    await frame.locator('#detail .strong', { hasText: tool }).first().waitFor({ timeout: 30_000 });
    await frame.locator('#detail', { hasText: target }).waitFor({ timeout: 30_000 });
  }

  /** "Revert" in the detail view, then the plan: returns its rows as {path, status}. */
  async function openPlan() {
    await frame.locator('#revertCall').click({ timeout: 30_000 });
    await frame.locator('#revertApply').waitFor({ timeout: 60_000 });
    return planRows();
  }

  /** "Revert" under the plan, confirmed at the modal; waits for the panel's result and returns the dialog's text. */
  async function applyRevert() {
    await frame.locator('#revertApply').click();
    const text = await waitForDialog(wb.page, { timeout: 30_000 });
    await clickDialogButton(wb.page, 'Revert');
    await frame.locator('#revertResult').waitFor({ timeout: 60_000 });
    return text;
  }

  function planRows() {
    return frame.$$eval('#undo .undo-item', (rs) =>
      rs.map((r) => ({ path: r.dataset.path, status: r.dataset.status, what: r.querySelector('.what')?.textContent ?? '' })),
    );
  }

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'agentguard-e2e-undo-'));
    home = join(scratch, 'agentguard-home');
    ws = prepareWorkspace(join(scratch, 'workspace'));
    // What an agent's `rm -rf build` destroys: text, an executable, binary bytes, a private file, a nested folder.
    mkdirSync(join(ws, 'build', 'assets', 'deep'), { recursive: true });
    writeFileSync(join(ws, 'build', 'index.js'), 'console.log("built");\n');
    writeFileSync(join(ws, 'build', 'run.sh'), '#!/bin/sh\necho run\n');
    chmodSync(join(ws, 'build', 'run.sh'), 0o755);
    writeFileSync(join(ws, 'build', 'assets', 'blob.bin'), Buffer.from([0, 1, 2, 255, 254, 0, 7, 8, 9]));
    writeFileSync(join(ws, 'build', 'assets', 'deep', 'private.txt'), 'mine only\n');
    chmodSync(join(ws, 'build', 'assets', 'deep', 'private.txt'), 0o600);
    writeFileSync(join(ws, 'notes.md'), NOTES);
    // The person's cap on what one file may take in the undo store: a larger file is not kept, and the panel
    // must say so rather than skip it.
    writeFileSync(join(ws, '.agentguard.yaml'), `${readFileSync(join(ws, '.agentguard.yaml'), 'utf8')}\nundo:\n  maxFileBytes: 4096\n`);
    writeFileSync(join(ws, 'build', 'big.bin'), Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 131) % 256)));
    buildBefore = without(fingerprint(join(ws, 'build')), 'big.bin');
    sessionStart = fingerprint(ws);
    wb = await openWorkbench({ folder: ws, env: { AGENTGUARD_HOME: home }, viewport: { width: 1600, height: 1000 } });
    await wb.page.locator('.statusbar-item', { hasText: 'AgentGuard' }).first().waitFor({ timeout: 90_000 });
  });

  afterEach(async function () {
    await reportFailure(wb, this.currentTest, (l) => /error|AgentGuard|revert|undo/i.test(l));
  });

  after(async () => {
    await wb?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("an agent's rm -rf build, allowed once at the modal, then an overwrite the person edits after", async () => {
    await invokeTool('runCommand', { command: 'rm -rf build' });
    const text = await waitForDialog(wb.page, { timeout: 60_000 });
    assert.match(text, /rm -rf build/);
    await clickDialogButton(wb.page, 'Allow once');
    await waitFor('build/ to be deleted', () => !existsSync(join(ws, 'build')));
    await waitFor('the rm record', () => auditLines(home).find((r) => r.tool === 'agentguard_runCommand' && r.outcome === 'ok'));

    await invokeTool('runCommand', { command: "printf 'the agent rewrote this\\n' > notes.md" });
    // Allowed by rule or at the modal, depending on the policy's view of a redirect: answer it if it asks.
    await waitForOrAnswer(wb.page, 'notes.md to be overwritten', () => readFileSync(join(ws, 'notes.md'), 'utf8') !== NOTES, 'Allow once');
    await waitFor('the printf record', () => auditLines(home).filter((r) => r.tool === 'agentguard_runCommand' && r.outcome === 'ok').length >= 2);
    // The person edits the file after the agent's call: a revert must not silently throw this away.
    writeFileSync(join(ws, 'notes.md'), '# Notes\n\nthe person edited this after the agent\n');
    // And a file of the person's own, made outside any guarded call.
    writeFileSync(join(ws, 'person.txt'), 'mine\n');

    // The content is kept outside the workspace, in a folder only the user can read.
    const undoRoot = join(home, 'undo');
    const stores = readdirSync(undoRoot);
    assert.equal(stores.length, 1);
    assert.equal(statSync(join(undoRoot, stores[0])).mode & 0o777, 0o700);
    assert.ok(!existsSync(join(ws, '.agentguard')), 'nothing of the undo store inside the workspace');
  });

  it('Revert on the rm call in the panel: build/ is back byte for byte with its modes, audited as the user', async () => {
    await runCommand(wb.page, 'AgentGuard: Open Audit Panel');
    // The person's own new file is listed apart from the agents' changes.
    frame = await panelFrame(wb.page, 60_000);
    await frame.locator('#rescan').click();
    await frame.locator('#unattributed [data-path="person.txt"]').waitFor({ timeout: 60_000 });
    assert.equal(await frame.locator('#tree [data-path="person.txt"]').count(), 0, "the person's file is listed among the agents' changes");
    await openDetail('runCommand', 'rm -rf build');
    const plan = await openPlan();
    const paths = plan.map((p) => p.path).sort();
    for (const f of ['build/index.js', 'build/run.sh', 'build/assets/blob.bin', 'build/assets/deep/private.txt'])
      assert.ok(paths.includes(f), `${f} missing from the plan: ${JSON.stringify(plan)}`);
    const big = plan.find((p) => p.path === 'build/big.bin');
    assert.equal(big?.status, 'unrevertible', `the file over the cap is not listed as not revertible: ${JSON.stringify(plan)}`);
    assert.match(big.what, /not kept: .* over the .* a file may take/);
    assert.ok(
      plan.every((p) => p.status === 'ready' || p === big),
      `a path of the rm is not ready: ${JSON.stringify(plan)}`,
    );
    assert.ok(!paths.includes('notes.md'), 'the rm revert names a file the rm never touched');
    console.log(`      screenshot: ${await screenshot(wb.page, 'undo-plan')}`);
    assert.match(await applyRevert(), /Revert \d+ paths?\?/);
    await waitFor('build/ to come back', () => existsSync(join(ws, 'build', 'assets', 'deep', 'private.txt')));
    assert.deepEqual(fingerprint(join(ws, 'build')), buildBefore);
    assert.ok(!existsSync(join(ws, 'build', 'big.bin')), 'a file whose content was never kept was written');
    assert.equal(readFileSync(join(ws, 'notes.md'), 'utf8'), '# Notes\n\nthe person edited this after the agent\n', 'a revert of the rm touched notes.md');
    const rev = await waitFor('the revert record', () => auditLines(home).find((r) => r.tool === 'agentguard.revert'));
    assert.equal(rev.channel, 'user');
    assert.equal(rev.agent, 'user');
    console.log(`      screenshot: ${await screenshot(wb.page, 'undo-reverted')}`);
  });

  it('Revert on the overwrite the person edited since: a conflict, nothing written until the person chooses it', async () => {
    await openDetail('runCommand', 'notes.md');
    const plan = await openPlan();
    const row = plan.find((p) => p.path === 'notes.md');
    assert.equal(row?.status, 'conflict', JSON.stringify(plan));
    assert.ok(await frame.locator('#revertApply').isDisabled(), 'the revert would write without a choice');
    console.log(`      screenshot: ${await screenshot(wb.page, 'undo-conflict')}`);
    assert.equal(readFileSync(join(ws, 'notes.md'), 'utf8'), '# Notes\n\nthe person edited this after the agent\n');
    await frame.locator('#undo input[data-take="notes.md"]').check();
    await applyRevert();
    await waitFor('notes.md to hold what it held before the agent', () => readFileSync(join(ws, 'notes.md'), 'utf8') === NOTES);
  });

  it('Revert session: after more agent writes, edits and another rm -rf, the workspace equals its session-start state, file by file', async () => {
    await invokeTool('writeFile', { path: 'reports/summary.md', content: '# Summary\n\nmade by the agent\n' });
    await waitFor('reports/summary.md', () => existsSync(join(ws, 'reports', 'summary.md')));
    await invokeTool('editFile', { path: 'src/app.ts', oldString: 'return a + b;', newString: 'return b + a; // commutative' });
    await waitFor('the edit of src/app.ts', () => readFileSync(join(ws, 'src', 'app.ts'), 'utf8').includes('commutative'));
    await invokeTool('runCommand', { command: 'rm -rf build' });
    await waitForDialog(wb.page, { timeout: 60_000 });
    await clickDialogButton(wb.page, 'Allow once');
    await waitFor('build/ to be deleted again', () => !existsSync(join(ws, 'build')));
    assert.notDeepEqual(fingerprint(ws), sessionStart);

    await frame.locator('#revertSession').click();
    await frame.locator('#revertApply').waitFor({ timeout: 120_000 });
    const plan = await planRows();
    const paths = plan.map((p) => p.path);
    for (const f of ['reports/summary.md', 'src/app.ts', 'person.txt', 'build/run.sh', 'build/assets/deep/private.txt'])
      assert.ok(paths.includes(f), `${f} missing from the session plan: ${JSON.stringify(plan)}`);
    assert.ok(
      plan.every((p) => p.status === ({ 'build/big.bin': 'unrevertible', 'person.txt': 'conflict' }[p.path] ?? 'ready')),
      `the session plan has paths that are not ready: ${JSON.stringify(plan)}`,
    );
    console.log(`      screenshot: ${await screenshot(wb.page, 'undo-session-plan')}`);
    await applyRevert();
    await waitFor('src/app.ts back', () => !readFileSync(join(ws, 'src', 'app.ts'), 'utf8').includes('commutative'));
    // Everything the guard held is as it was; the person's own file, a conflict nobody chose, is untouched.
    assert.deepEqual(without(fingerprint(ws), 'person.txt'), without(sessionStart, 'build/big.bin'));
    assert.equal(readFileSync(join(ws, 'person.txt'), 'utf8'), 'mine\n');
    console.log(`      screenshot: ${await screenshot(wb.page, 'undo-session-reverted')}`);
  });

  it("through the hook bridge: the agent's own run_in_terminal `rm -rf build`, reverted from the panel; the agent hears it in its next tool result", async () => {
    assert.deepEqual(fingerprint(join(ws, 'build')), buildBefore);
    const base = { timestamp: new Date().toISOString(), session_id: 'undo-e2e-chat', transcript_path: join(scratch, 'transcript.jsonl'), cwd: ws };
    const rm = { command: 'rm -rf build', explanation: 'Clean up', goal: 'Remove the build output', mode: 'sync' };
    const pre = hook(home, { ...base, hook_event_name: 'PreToolUse', tool_name: 'run_in_terminal', tool_input: rm, tool_use_id: 'call_undo_rm' });
    // The extension asks the person; an answer that comes back without a dialog failed to reach it.
    const early = await Promise.race([
      pre.then(
        (out) => ({ out }),
        (e) => ({ out: String(e) }),
      ),
      waitForDialog(wb.page, { timeout: 90_000 }),
    ]);
    assert.equal(typeof early, 'string', `the hook answered without the extension's modal: ${JSON.stringify(early)}`);
    assert.match(early, /rm -rf build/);
    await clickDialogButton(wb.page, 'Allow once');
    const answer = await pre;
    assert.match(answer, /"allow"/, answer);
    // The host runs the command it was allowed to run, then reports it.
    await new Promise((res, rej) =>
      spawn('bash', ['-c', 'rm -rf build'], { cwd: ws, stdio: 'ignore' }).on('close', (c) => (c === 0 ? res() : rej(new Error(`rm ${c}`)))),
    );
    assert.ok(!existsSync(join(ws, 'build')));
    await hook(home, { ...base, hook_event_name: 'PostToolUse', tool_name: 'run_in_terminal', tool_input: rm, tool_response: '', tool_use_id: 'call_undo_rm' });

    await openDetail('run_in_terminal', 'rm -rf build');
    const plan = await openPlan();
    assert.ok(
      plan.some((p) => p.path === 'build/run.sh' && p.status === 'ready'),
      JSON.stringify(plan),
    );
    await applyRevert();
    await waitFor('build/ to come back', () => existsSync(join(ws, 'build', 'run.sh')));
    assert.deepEqual(fingerprint(join(ws, 'build')), buildBefore);

    // The agent's next call: its answer carries what the person took back, once.
    const read = { filePath: join(ws, 'README.md'), startLine: 1, endLine: 5 };
    const next = await hook(home, { ...base, hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: read, tool_use_id: 'call_undo_read' });
    assert.match(next, /reverted/, next);
    assert.match(next, /rm -rf build/, next);
    assert.match(next, /build\/run\.sh/, next);
    const again = await hook(home, { ...base, hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: read, tool_use_id: 'call_undo_read2' });
    assert.doesNotMatch(again, /reverted/, 'the agent is told twice');
  });

  it('the diff of a conflict masks the secrets in the kept copy: the person sees the change, no editor holds the key', async () => {
    const file = join(ws, 'src', 'settings.ts');
    const raw = readFileSync(file, 'utf8');
    const secret = /awsSecretAccessKey = "([^"]+)"/.exec(raw)?.[1];
    assert.ok(secret, 'the fixture lost its fake credential');
    await invokeTool('runCommand', { command: 'echo "export const region = 1;" > src/settings.ts' });
    await waitForOrAnswer(wb.page, 'src/settings.ts to be overwritten', () => readFileSync(file, 'utf8') !== raw, 'Allow once');
    const person = 'export const region = "set by the person";\n';
    writeFileSync(file, person);
    await openDetail('runCommand', 'src/settings.ts');
    const plan = await openPlan();
    assert.equal(plan.find((p) => p.path === 'src/settings.ts')?.status, 'conflict', JSON.stringify(plan));
    await frame.locator('#undo .undo-item[data-path="src/settings.ts"] button[data-action="revertDiff"]').click();
    const shown = await waitFor(
      'the diff editor with the kept copy',
      async () => {
        const texts = await wb.page.$$eval('.monaco-diff-editor .view-lines', (vs) => vs.map((v) => (v.textContent ?? '').replace(/\u00a0/g, ' ')));
        return texts.find((t) => t.includes('awsSecretAccessKey'));
      },
      60_000,
    );
    console.log(`      screenshot: ${await screenshot(wb.page, 'undo-diff-masked')}`);
    assert.match(shown, /awsSecretAccessKey = "«secret:/);
    assert.ok(!shown.includes(secret) && !shown.includes(secret.slice(0, 12)), 'the diff shows the secret key');
    const everywhere = await wb.page.evaluate(() => document.body.innerText);
    assert.ok(!everywhere.includes(secret.slice(0, 12)), 'the secret key is on the page');
    assert.equal(readFileSync(file, 'utf8'), person, 'a diff wrote to the file');

    // Nothing in the diff can write the kept side into the person's file. The kept side is masked: the diff
    // editor's "revert block" arrow copies it into an editable right side, and a save writes «secret:…» over
    // the real credential. Try it: every revert control the diff offers, then a save; then typing, then a save.
    const diff = wb.page.locator('.monaco-diff-editor').first();
    const modified = diff.locator('.editor.modified .view-lines').first();
    await modified.hover();
    const gutterClasses = await diff.evaluate((d) => [...new Set([...d.querySelectorAll('.gutter *, .margin *')].map((e) => e.className).filter(Boolean))]);
    console.log(`      diff gutter: ${JSON.stringify(gutterClasses).slice(0, 600)}`);
    const arrows = diff.locator('.arrow-revert-change, .gutterItem .action-label, [aria-label*="Revert"], [title*="Revert"]');
    const offered = await arrows.count();
    for (let i = 0; i < offered; i++)
      await arrows
        .nth(i)
        .click({ force: true, timeout: 5_000 })
        .catch(() => undefined);
    // Ctrl+S on a document nothing can save opens "Save As" on the file's own path: one Enter from overwriting it.
    const saveAs = async () => {
      await new Promise((r) => setTimeout(r, 2_000));
      const open = await wb.page
        .locator('.quick-input-widget', { hasText: 'Save As' })
        .isVisible()
        .catch(() => false);
      if (open) await wb.page.keyboard.press('Escape');
      return open;
    };
    await modified.click();
    await wb.page.keyboard.press('Control+S');
    assert.ok(!(await saveAs()), 'Ctrl+S in the diff offers to save the shown (masked) text over the file');
    const afterArrow = readFileSync(file, 'utf8');
    assert.ok(!afterArrow.includes('«secret:'), `the diff's revert arrow wrote a masked placeholder into the file: ${JSON.stringify(afterArrow)}`);
    assert.equal(afterArrow, person, `the diff's revert arrow wrote to the file (${offered} revert controls)`);
    await modified.click();
    await wb.page.keyboard.type('typed in the diff ');
    await wb.page.keyboard.press('Control+S');
    assert.ok(!(await saveAs()), 'Ctrl+S in the diff offers to save the shown (masked) text over the file');
    assert.equal(readFileSync(file, 'utf8'), person, 'typing in the diff and saving wrote to the file');
    assert.equal(offered, 0, 'the diff offers controls that copy the kept side into the file');
    console.log(`      screenshot: ${await screenshot(wb.page, 'undo-diff-read-only')}`);
  });

  // "Exactly", for a revert of one call: every path the call changed goes back to what it held the moment
  // before that call ran — not to the session start — and every other path keeps what it holds now. So an
  // agent's edit that the checkout threw away comes back *with* the edit (taking back the edit is a revert of
  // the edit, a different call); the person's uncommitted work in `src/` comes back; the agent's edits outside
  // `src/`, the untracked file git leaves alone and the clean tracked files are not written at all.
  it("an agent's three edits, then its `git checkout -- src`: Revert on the command restores exactly what the checkout discarded", async () => {
    const git = (...args) => {
      const r = spawnSync('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', '-c', 'init.defaultBranch=main', ...args], {
        cwd: ws,
        encoding: 'utf8',
      });
      assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    // The person's repository: committed sources, then work in progress nobody committed yet.
    mkdirSync(join(ws, 'lib'), { recursive: true });
    writeFileSync(join(ws, 'src', 'util.ts'), 'export const twice = (n: number) => n * 2;\n');
    writeFileSync(join(ws, 'lib', 'helper.ts'), 'export const helper = () => "v1";\n');
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', "the person's last commit");
    const committed = (rel) => git('show', `HEAD:${rel}`);
    const WIP = 'export const twice = (n: number) => n * 2;\nexport const thrice = (n: number) => n * 3; // uncommitted\n';
    writeFileSync(join(ws, 'src', 'util.ts'), WIP);
    writeFileSync(join(ws, 'src', 'scratch.ts'), "untracked, the person's\n");

    // The agent's three edits through the guarded edit tool: one inside src/, two outside it.
    await invokeTool('editFile', { path: 'src/app.ts', oldString: 'return a + b;', newString: 'return a + b; // checked by the agent' });
    await waitFor('the edit of src/app.ts', () => readFileSync(join(ws, 'src', 'app.ts'), 'utf8').includes('checked by the agent'));
    await invokeTool('editFile', { path: 'README.md', oldString: '# Fixture workspace', newString: '# Fixture workspace (edited by the agent)' });
    await waitFor('the edit of README.md', () => readFileSync(join(ws, 'README.md'), 'utf8').includes('edited by the agent'));
    await invokeTool('editFile', { path: 'lib/helper.ts', oldString: '"v1"', newString: '"v2"' });
    await waitFor('the edit of lib/helper.ts', () => readFileSync(join(ws, 'lib', 'helper.ts'), 'utf8').includes('"v2"'));
    const beforeCheckout = without(fingerprint(ws), '.git');
    for (const k of Object.keys(beforeCheckout)) if (k.startsWith('.git/')) delete beforeCheckout[k];
    const appEdited = readFileSync(join(ws, 'src', 'app.ts'), 'utf8');

    const checkouts = () =>
      auditLines(home).filter((r) => r.tool === 'agentguard_runCommand' && r.outcome === 'ok' && /git checkout -- src/.test(JSON.stringify(r)));
    await invokeTool('runCommand', { command: 'git checkout -- src' });
    // Asked at the modal under the default policy; answered there if it asks, run directly if a policy allows it.
    await waitForOrAnswer(
      wb.page,
      'the checkout to discard src/',
      () => {
        // git replaces a file by unlinking it and writing a new one: absent for a moment is not done yet.
        const now = existsSync(join(ws, 'src', 'util.ts')) ? readFileSync(join(ws, 'src', 'util.ts'), 'utf8') : WIP;
        return now !== WIP;
      },
      'Allow once',
    );
    await waitFor('the checkout record', () => checkouts().length > 0);
    assert.equal(readFileSync(join(ws, 'src', 'app.ts'), 'utf8'), committed('src/app.ts'), "the checkout left the agent's edit of src/app.ts");
    assert.equal(readFileSync(join(ws, 'src', 'util.ts'), 'utf8'), committed('src/util.ts'));

    // The panel may be behind another editor (a diff the person opened): bring it forward.
    await runCommand(wb.page, 'AgentGuard: Open Audit Panel');
    frame = await panelFrame(wb.page, 60_000);
    await openDetail('runCommand', 'git checkout -- src');
    const plan = await openPlan();
    // The plan names the two files the checkout changed, both ready, and nothing else: not the clean tracked
    // files it rewrote with the same bytes, not the untracked file, not the edits outside src/.
    assert.deepEqual(
      plan.map((p) => `${p.path} ${p.status}`).sort(),
      ['src/app.ts ready', 'src/util.ts ready'],
      `the checkout's revert plan: ${JSON.stringify(plan)}`,
    );
    console.log(`      screenshot: ${await screenshot(wb.page, 'undo-checkout-plan')}`);
    assert.match(await applyRevert(), /Revert 2 paths\?/);
    await waitFor(
      'src/util.ts to hold the uncommitted work again',
      () => existsSync(join(ws, 'src', 'util.ts')) && readFileSync(join(ws, 'src', 'util.ts'), 'utf8') === WIP,
    );

    // File by file: what the checkout discarded is back as it was the moment before the checkout …
    assert.equal(readFileSync(join(ws, 'src', 'app.ts'), 'utf8'), appEdited, "src/app.ts is not back to the agent's edit the checkout discarded");
    assert.match(readFileSync(join(ws, 'src', 'app.ts'), 'utf8'), /checked by the agent/);
    assert.equal(readFileSync(join(ws, 'src', 'util.ts'), 'utf8'), WIP);
    // … and the other edits stay: the revert of one call is not a revert of the ones before it.
    assert.match(readFileSync(join(ws, 'README.md'), 'utf8'), /^# Fixture workspace \(edited by the agent\)/);
    assert.equal(readFileSync(join(ws, 'lib', 'helper.ts'), 'utf8'), 'export const helper = () => "v2";\n');
    assert.equal(readFileSync(join(ws, 'src', 'scratch.ts'), 'utf8'), "untracked, the person's\n");
    // And nothing else anywhere moved: the tree (outside .git) equals the tree the moment before the checkout.
    const after = without(fingerprint(ws), '.git');
    for (const k of Object.keys(after)) if (k.startsWith('.git/')) delete after[k];
    assert.deepEqual(after, beforeCheckout);
    const status = git('status', '--porcelain').split('\n').filter(Boolean).sort();
    assert.deepEqual(status, [' M README.md', ' M lib/helper.ts', ' M src/app.ts', ' M src/util.ts', '?? src/scratch.ts']);
    console.log(`      screenshot: ${await screenshot(wb.page, 'undo-checkout-reverted')}`);
  });
});
