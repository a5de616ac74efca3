// Proof against the real agent (AgentGuard issue 8): VS Code's own agent mode — the bundled Copilot Chat
// agent with its built-in tools, confirmations and hooks — driven by a scripted model (test/agent), with
// AgentGuard installed from its .vsix and its hooks installed through its own command. Each scenario is
// checked on disk, in the audit log, and in what the model received. Screenshots: test-artifacts/agent/.
// Run through scripts/vscode/run-e2e.mjs (or scripts/vscode/run-agent.mjs for this suite alone).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { disableExtensionByUi, installHooksByCommand, runScript, settle, toolResults } from './agent/chat.mjs';
import { auditRecords } from './audit.mjs';
import { openSession, packageAgentGuard, prepareRun, readRecord, shot } from './agent/harness.mjs';
import { restoreBuild, writeWorkspace } from './agent/workspace.mjs';
import { runCommand } from '../../scripts/vscode/workbench.mjs';

const DENIED = /Tool execution denied|Blocked by Pre-Tool Use hook|denied/i;

describe('real agent: VS Code agent mode with a scripted model, guarded by AgentGuard', function () {
  this.timeout(240_000);
  let run;
  let ws;
  let session;
  let secrets;
  let auditMark = 0;
  const logs = [];
  const read = (rel) => readFileSync(join(ws, rel), 'utf8');
  /** Audit records written since the previous call. */
  const newAudit = () => {
    const all = auditRecords(run.dirs.home);
    const fresh = all.slice(auditMark);
    auditMark = all.length;
    return fresh.filter((r) => !r.event);
  };
  const everythingTheModelSaw = () => JSON.stringify(readRecord(run.record).requests);

  before(async function () {
    this.timeout(900_000);
    const vsix = packageAgentGuard();
    run = await prepareRun({ agentguardVsix: vsix });
    ws = run.dirs.workspace;
    secrets = writeWorkspace(ws);
    session = await openSession({ ...run, workspace: ws, logs });
    await settle(session.page, run.record);
    const consent = await installHooksByCommand(session.page, run.record);
    assert.match(consent, /Install AgentGuard agent hooks\?/);
    assert.ok(existsSync(join(ws, '.github/hooks/agentguard.json')), 'the command wrote .github/hooks/agentguard.json');
    await shot(session.page, '00-after-reload');
    newAudit();
  });

  // Each test reads only the audit records its own run wrote.
  beforeEach(() => {
    newAudit();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && session) {
      await shot(session.page, `failed-${this.currentTest.title.slice(0, 60)}`).catch(() => {});
      console.error(logs.slice(-30).join('\n'));
    }
  });

  after(async () => {
    await session?.stop();
    if (!process.env.AGENTGUARD_KEEP) run?.cleanup();
  });

  it('1. replace_string_in_file on a test file is refused; the file is unchanged; the model gets the reason', async () => {
    const before = read('tests/cart.test.ts');
    const r = await runScript(session.page, run.record, 'edit-test', { label: '01-edit-test' });
    assert.equal(read('tests/cart.test.ts'), before, 'the test file is unchanged on disk');
    const [res] = toolResults(r.requests);
    assert.equal(res?.tool, 'replace_string_in_file');
    assert.match(res.result, /Tool execution denied/);
    assert.match(res.result, /Tests are the specification/, "the model received AgentGuard's reason");
    const audit = newAudit();
    assert.ok(
      audit.some((a) => a.tool === 'replace_string_in_file' && a.decision === 'deny' && a.op === 'write'),
      `audit: ${JSON.stringify(audit)}`,
    );
  });

  it('2. read_file .env and run_in_terminal `cat .env` are refused; the model never sees the value', async () => {
    const r = await runScript(session.page, run.record, 'read-env', { label: '02-read-env' });
    const results = toolResults(r.requests);
    assert.deepEqual(
      results.map((x) => x.tool),
      ['read_file', 'run_in_terminal'],
    );
    for (const x of results) assert.match(x.result, /Tool execution denied/, `${x.tool}: ${x.result}`);
    assert.ok(!everythingTheModelSaw().includes(secrets.envToken), 'the .env token never reached the model');
    const audit = newAudit();
    assert.ok(
      audit.some((a) => a.tool === 'read_file' && a.decision === 'deny'),
      `audit: ${JSON.stringify(audit)}`,
    );
    assert.ok(
      audit.some((a) => a.tool === 'run_in_terminal' && a.decision === 'deny'),
      `audit: ${JSON.stringify(audit)}`,
    );
  });

  it("3. AgentGuard's read tool returns the masked line, never the token; its edit tool keeps the token on disk", async () => {
    const r = await runScript(session.page, run.record, 'masked-read', { label: '03-masked-read', chat: 'Allow' });
    const [readRes, editRes] = toolResults(r.requests);
    assert.equal(readRes?.tool, 'agentguard_readFile');
    assert.match(readRes.result, /export const githubToken = '«secret:[^»]+»';/, readRes.result);
    assert.match(readRes.result, /export const retries = 3;/);
    assert.equal(editRes?.tool, 'agentguard_editFile');
    assert.doesNotMatch(editRes.result, DENIED, editRes.result);
    assert.ok(!everythingTheModelSaw().includes(secrets.token), 'the token never reached the model');
    const disk = read('src/config.ts');
    assert.match(disk, /export const retries = 5;/, 'the edit landed');
    assert.ok(disk.includes(`export const githubToken = '${secrets.token}';`), 'the token on disk is intact');
    assert.ok(!disk.includes('«secret:'), 'no placeholder reached the disk');
    const audit = newAudit();
    assert.ok(
      audit.some((a) => a.tool === 'agentguard_readFile' && a.decision === 'allow'),
      `audit: ${JSON.stringify(audit)}`,
    );
    assert.ok(
      audit.some((a) => a.tool === 'agentguard_editFile' && a.decision === 'allow' && a.outcome === 'ok'),
      `audit: ${JSON.stringify(audit)}`,
    );
    assert.ok(!JSON.stringify(audit).includes(secrets.token), 'the audit log holds no token');
  });

  it("3b. VS Code's own read_file returns the masked file (not a refusal); its own edit keeping the placeholder leaves the token on disk", async () => {
    const r = await runScript(session.page, run.record, 'builtin-masked', { label: '03b-builtin-masked', chat: 'Allow' });
    const [readRes, editRes] = toolResults(r.requests);
    assert.equal(readRes?.tool, 'read_file');
    assert.doesNotMatch(readRes.result, DENIED, readRes.result);
    assert.ok(readRes.result.includes("export const githubToken = '«secret:github-token#1»';"), `the model did not get the masked line: ${readRes.result}`);
    assert.match(readRes.result, /serviceUrl/, 'the model got the rest of the file');
    assert.ok(!readRes.result.includes(secrets.token), 'the read handed the model the token');
    assert.equal(editRes?.tool, 'replace_string_in_file');
    assert.doesNotMatch(editRes.result, DENIED, editRes.result);
    assert.ok(!everythingTheModelSaw().includes(secrets.token), 'the token never reached the model');
    const disk = read('src/config.ts');
    assert.ok(disk.includes(`export const githubToken = '${secrets.token}'; // rotated yearly`), `the edit landed with the token kept:\n${disk}`);
    assert.ok(!disk.includes('«secret:'), 'no placeholder reached the disk');
    const audit = newAudit();
    assert.ok(
      audit.some((a) => a.tool === 'read_file' && a.decision === 'allow'),
      `the built-in read was not allowed (a masked read is not a refusal): ${JSON.stringify(audit)}`,
    );
    assert.ok(
      audit.some((a) => a.tool === 'replace_string_in_file' && a.decision === 'allow'),
      `audit: ${JSON.stringify(audit)}`,
    );
    assert.ok(!JSON.stringify(audit).includes(secrets.token), 'the audit log holds no token');
  });

  it("4a. `rm -rf build` and `bash -c 'r''m -rf build'` show AgentGuard's modal; Deny → nothing deleted, audit says the user denied", async () => {
    const r = await runScript(session.page, run.record, 'rm-build', { label: '04a-rm-deny', modal: ['Deny', 'Deny'] });
    assert.equal(r.dialogs.length, 2, `two AgentGuard modals: ${JSON.stringify(r.dialogs)}`);
    assert.match(r.dialogs[0].text, /AgentGuard: allow the agent to run a command\?[\s\S]*rm -rf build/);
    assert.match(r.dialogs[1].text, /AgentGuard: allow the agent to run a command\?[\s\S]*bash -c/);
    assert.ok(existsSync(join(ws, 'build/app.js')) && existsSync(join(ws, 'build/assets/logo.txt')), 'build/ is intact');
    for (const x of toolResults(r.requests)) assert.match(x.result, /Tool execution denied/, `${x.tool}: ${x.result}`);
    const audit = newAudit().filter((a) => a.tool === 'run_in_terminal');
    assert.equal(audit.length, 2, JSON.stringify(audit));
    for (const a of audit) assert.deepEqual([a.decision, a.decidedBy], ['deny', 'user']);
  });

  it('4b. the same commands with "Allow once" delete build/ (plain, then disguised)', async () => {
    const r1 = await runScript(session.page, run.record, 'rm-plain', { label: '04b-rm-plain-allow', modal: ['Allow once'] });
    assert.equal(r1.dialogs.length, 1);
    assert.ok(!existsSync(join(ws, 'build')), 'build/ deleted after Allow once');
    restoreBuild(ws);
    const r2 = await runScript(session.page, run.record, 'rm-disguised', { label: '04b-rm-disguised-allow', modal: ['Allow once'] });
    assert.equal(r2.dialogs.length, 1, 'the disguised form is asked too');
    assert.ok(!existsSync(join(ws, 'build')), 'build/ deleted by the disguised form after Allow once');
    const audit = newAudit().filter((a) => a.tool === 'run_in_terminal');
    assert.equal(audit.length, 2, JSON.stringify(audit));
    for (const a of audit) assert.deepEqual([a.decision, a.decidedBy], ['allow', 'user']);
    restoreBuild(ws);
  });

  it("5. side doors (send_to_terminal, create_and_run_task, run_vscode_command, the guard's own files) are refused or asked", async () => {
    const policyBefore = read('.agentguard.yaml');
    const hooksBefore = read('.github/hooks/agentguard.json');
    const r = await runScript(session.page, run.record, 'side-doors', { label: '05-side-doors', modal: ['Deny'] });
    const results = toolResults(r.requests);
    assert.deepEqual(
      results.map((x) => x.tool),
      ['send_to_terminal', 'create_and_run_task', 'run_vscode_command', 'run_vscode_command', 'create_file', 'create_file', 'replace_string_in_file'],
    );
    for (const x of results) assert.match(x.result, /Tool execution denied/, `${x.tool}: ${x.result}`);
    // `rm -rf build` sent to the terminal is asked (the person denied it); create_and_run_task writes
    // .vscode/tasks.json, which is on the floor (tasks can run on folder open), so it is refused outright
    // like the rest, before any dialog.
    assert.equal(r.dialogs.length, 1, JSON.stringify(r.dialogs.map((d) => d.text)));
    assert.match(r.dialogs[0].text, /Tool: send_to_terminal/);
    assert.equal(read('.agentguard.yaml'), policyBefore);
    assert.equal(read('.github/hooks/agentguard.json'), hooksBefore);
    assert.ok(!existsSync(join(ws, '.github/hooks/zz-override.json')));
    assert.ok(!existsSync(join(ws, '.vscode/tasks.json')), 'no task was written');
    assert.ok(existsSync(join(ws, 'build/app.js')), 'build/ is intact');
    const audit = newAudit();
    assert.ok(
      audit.some((a) => a.tool === 'create_and_run_task' && a.decision === 'deny' && /floor:runs-later/.test(a.rule)),
      `create_and_run_task refused by the floor: ${JSON.stringify(audit.map((a) => [a.tool, a.decision, a.rule]))}`,
    );
    for (const tool of ['send_to_terminal', 'create_and_run_task', 'run_vscode_command', 'create_file', 'replace_string_in_file']) {
      assert.ok(
        audit.some((a) => a.tool === tool && a.decision === 'deny'),
        `${tool} denied in the audit: ${JSON.stringify(audit.map((a) => [a.tool, a.decision, a.rule]))}`,
      );
    }
    // AgentGuard is still running: its status bar item still counts calls.
    assert.ok(await session.page.locator('.statusbar-item', { hasText: 'AgentGuard' }).first().isVisible());
  });

  let artifactsRun;
  let artifactsAudit = [];
  it('6a. a PNG and a scratch script made by run_in_terminal are new files, and that call is audited', async () => {
    artifactsRun = await runScript(session.page, run.record, 'artifacts', { label: '06-artifacts', chat: 'Allow', modal: ['Allow once'] });
    assert.ok(existsSync(join(ws, 'chart.png')) && existsSync(join(ws, 'scratch.sh')), 'both artifacts exist');
    assert.equal(readFileSync(join(ws, 'chart.png')).subarray(1, 4).toString(), 'PNG');
    const [res] = toolResults(artifactsRun.requests);
    assert.equal(res?.tool, 'run_in_terminal');
    assert.doesNotMatch(res.result, /Tool execution denied/);
    artifactsAudit = newAudit().filter((a) => a.tool === 'run_in_terminal');
    assert.equal(artifactsAudit.length, 1, JSON.stringify(artifactsAudit));
    assert.equal(artifactsAudit[0].decision, 'allow');
    await session.page.keyboard.press('Escape');
    await shot(session.page, '06-artifacts-workbench');
  });

  it('6b. the audit attributes both new files to that call (what the workspace diff and the panel show)', async () => {
    assert.ok(artifactsRun, 'scenario 6a ran');
    // The host runs the tool between PreToolUse and PostToolUse; the bridge attributes what changed in that
    // window to the call and writes it as a `changes` record with the call's id (VS Code does not wait for
    // PostToolUse, so poll for it).
    const callId = artifactsAudit[0]?.callId;
    let rec;
    for (let i = 0; i < 100 && !rec; i++) {
      rec = auditRecords(run.dirs.home).find((r) => r.event === 'changes' && r.callId === callId);
      if (!rec) await new Promise((r) => setTimeout(r, 200));
    }
    const changed = (rec?.changes ?? []).map((c) => c.path);
    assert.ok(
      changed.includes('chart.png') && changed.includes('scratch.sh'),
      `the audit attributes the new files to the call (changes record: ${JSON.stringify(rec)})`,
    );
    assert.equal(rec.tool, 'run_in_terminal');
    // What the model is told: VS Code does not wait for PostToolUse and cannot replace a built-in tool's
    // output, so for run_in_terminal the summary lands in the audit and the panel only (6c shows the model
    // being told, through AgentGuard's own command tool).
  });

  it("6c. through AgentGuard's own command tool the result tells the model what changed, new artifacts first", async () => {
    const r = await runScript(session.page, run.record, 'artifacts-guarded', { label: '06c-artifacts-guarded', chat: 'Allow' });
    assert.ok(existsSync(join(ws, 'reports', 'plot.png')) && existsSync(join(ws, 'notes.sh')), 'both files exist');
    const [res] = toolResults(r.requests);
    assert.equal(res?.tool, 'agentguard_runCommand');
    assert.match(res.result, /Workspace changes: 2 added, 0 modified, 0 deleted/, res.result);
    assert.match(res.result, /reports\/plot\.png[\s\S]*notes\.sh|notes\.sh[\s\S]*reports\/plot\.png/);
    const rec = newAudit()
      .filter((a) => a.tool === 'agentguard_runCommand')
      .at(-1);
    const changed = (rec?.changes ?? []).map((c) => c.path);
    assert.ok(changed.includes('reports/plot.png') && changed.includes('notes.sh'), JSON.stringify(rec));
  });

  it("6d. the audit panel's workspace diff lists the new artifacts, each attributed to the call that made it", async () => {
    await runCommand(session.page, 'AgentGuard: Open Audit Panel');
    let frame;
    const until = Date.now() + 60_000;
    while (!frame && Date.now() < until) {
      for (const f of session.page.frames()) if (await f.$('#viewport').catch(() => null)) frame = f;
      if (!frame) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(frame, 'the AgentGuard panel did not open');
    // New artifacts are listed first; chart.png was made by the built-in run_in_terminal (attributed through
    // the hook bridge), reports/plot.png by AgentGuard's runCommand. The diff and the log load side by side:
    // a diff drawn before the log was read names its calls by id (`call 1a2b3c4d`) and is drawn again, with
    // the tool names, once the records are in. So wait for the names, not for the first drawing.
    const labelled = await frame
      .waitForFunction(
        () => {
          const t = document.querySelector('#artifacts')?.textContent ?? '';
          return t.includes('chart.png') && t.includes('scratch.sh') && t.includes('plot.png') && !/by call /.test(t);
        },
        null,
        { timeout: 60_000 },
      )
      .then(
        () => true,
        () => false,
      );
    const artifacts = await frame.$eval('#artifacts', (e) => e.textContent ?? '');
    assert.ok(labelled, `the artifacts were not listed with the calls' tools within 60 s: ${artifacts}`);
    assert.match(artifacts, /chart\.png[\s\S]*by run_in_terminal/, artifacts);
    assert.match(artifacts, /plot\.png[\s\S]*by (agentguard_)?runCommand/, artifacts);
    await shot(session.page, '06d-panel-after-artifacts');
    await session.page.keyboard.press('Escape');
  });

  describe('7. AgentGuard disabled, hooks installed: the channel is down and the bridge fails closed', function () {
    before(async function () {
      this.timeout(600_000);
      restoreBuild(ws);
      await disableExtensionByUi(session.page, run.record, 'Deterministic guard for AI coding agents');
      // AgentGuard is off: its status bar item is gone.
      assert.equal(await session.page.locator('.statusbar-item', { hasText: 'AgentGuard' }).count(), 0, 'AgentGuard is not running');
      await shot(session.page, '07-disabled');
      assert.ok(existsSync(join(ws, '.github/hooks/agentguard.json')), 'the hooks are still installed');
    });

    it('7.1 the test edit is refused without the extension', async () => {
      const before = read('tests/cart.test.ts');
      const r = await runScript(session.page, run.record, 'edit-test', { label: '07-1-edit-test' });
      assert.equal(read('tests/cart.test.ts'), before);
      const [res] = toolResults(r.requests);
      assert.match(res.result, /Tool execution denied[\s\S]*Tests are the specification/);
      const audit = newAudit();
      assert.ok(
        audit.some((a) => a.tool === 'replace_string_in_file' && a.decision === 'deny'),
        JSON.stringify(audit),
      );
    });

    it('7.2 .env stays unread without the extension', async () => {
      const r = await runScript(session.page, run.record, 'read-env', { label: '07-2-read-env' });
      for (const x of toolResults(r.requests)) assert.match(x.result, /Tool execution denied/, `${x.tool}: ${x.result}`);
      assert.ok(!everythingTheModelSaw().includes(secrets.envToken));
      const audit = newAudit();
      assert.ok(audit.filter((a) => a.decision === 'deny').length >= 2, JSON.stringify(audit));
    });

    it('7.3 `rm -rf build` is put to the person by VS Code itself; Skip → nothing deleted', async () => {
      const r = await runScript(session.page, run.record, 'rm-build', { label: '07-3-rm-build', chat: 'Skip' });
      assert.equal(r.dialogs.length, 0, 'no AgentGuard modal: the extension is off');
      assert.ok(r.confirmations.length >= 2, `VS Code asked: ${JSON.stringify(r.confirmations)}`);
      assert.ok(existsSync(join(ws, 'build/app.js')), 'build/ is intact');
      const audit = newAudit().filter((a) => a.tool === 'run_in_terminal');
      assert.equal(audit.length, 2, JSON.stringify(audit));
      for (const a of audit) assert.deepEqual([a.decision, a.decidedBy], ['ask', 'fail-closed']);
    });
  });
});
