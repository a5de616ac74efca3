// `agentguard hook` with a real channel server in the test process: a GuardService with a fake Confirmer
// stands in for the extension and its modal. The channel can only ask; only the Confirmer approves.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ConfirmAnswer, Confirmer, ConfirmRequest } from '../../../src/core/chain';
import { askChannel } from '../../../src/node/hookBridge/channelClient';
import { startChannelServer, type ChannelServer } from '../../../src/node/hookBridge/channelServer';
import { GuardService } from '../../../src/node/guardService';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

class FakeConfirmer implements Confirmer {
  asked: ConfirmRequest[] = [];
  constructor(public answer: ConfirmAnswer) {}
  async confirm(req: ConfirmRequest): Promise<ConfirmAnswer> {
    this.asked.push(req);
    return this.answer;
  }
}

describe('hook bridge, extension up (channel server in process)', () => {
  let sb: Sandbox;
  let server: ChannelServer;
  let confirmer: FakeConfirmer;
  let service: GuardService;
  let rejects: string[];
  const dir = () => path.join(sb.home, 'channels');
  const hook = (host: string, name: string) => runHook(['--workspace', sb.workspace], sb.payload(host, name), sb.env);

  beforeEach(async () => {
    sb = sandbox();
    confirmer = new FakeConfirmer('once');
    service = new GuardService({ workspace: sb.workspace, home: sb.root, confirmer, auditPath: path.join(sb.home, 'audit', 'ext.jsonl') });
    rejects = [];
    server = await startChannelServer((ws) => (ws === sb.workspace ? service : undefined), {
      workspaces: [sb.workspace],
      dir: dir(),
      onReject: (r) => rejects.push(r),
    });
  });
  afterEach(async () => {
    await server.dispose();
    sb.cleanup();
  });

  it('writes a private discovery file outside the workspace, and removes it on dispose', async () => {
    const st = fs.statSync(server.discoveryFile);
    assert.equal(st.mode & 0o777, 0o600);
    assert.ok(!server.discoveryFile.startsWith(sb.workspace));
    const d = JSON.parse(fs.readFileSync(server.discoveryFile, 'utf8'));
    assert.equal(d.workspace, sb.workspace);
    assert.ok(d.token.length >= 32);
    await server.dispose();
    assert.ok(!fs.existsSync(server.discoveryFile));
  });

  it('rm -rf through run_in_terminal asks the person (the confirmer); "once" → allow, passed on to the host', async () => {
    const r = await hook('vscode', 'PreToolUse-rm_rf');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(confirmer.asked.length, 1);
    assert.equal(confirmer.asked[0].subject, 'rm -rf src');
    assert.equal(preDecision(r), 'allow');
    const recs = sb.audit();
    assert.equal(recs.length, 1);
    assert.equal(recs[0].decision, 'allow');
    assert.equal(recs[0].decidedBy, 'user');
    assert.equal(recs[0].channel, 'hook');
    // The extension answered: no fail-closed note for the status bar.
    assert.ok(!fs.readdirSync(dir()).some((f) => f.endsWith('.failed.json')));
  });

  it('rm -rf: the person refuses → deny, with the reason', async () => {
    confirmer.answer = 'deny';
    const r = await hook('vscode', 'PreToolUse-rm_rf');
    assert.equal(preDecision(r), 'deny');
    assert.match(answerOf(r).hookSpecificOutput.permissionDecisionReason, /denied by the user/);
    assert.equal(sb.audit()[0].decidedBy, 'user');
  });

  it('Claude Code Bash rm -rf asks the confirmer too', async () => {
    confirmer.answer = 'deny';
    const r = await hook('claude', 'PreToolUse-Bash_rm_rf');
    assert.equal(confirmer.asked.length, 1);
    assert.equal(preDecision(r), 'deny');
  });

  it('a test edit is refused by rule before anyone is asked', async () => {
    const r = await hook('vscode', 'PreToolUse-apply_patch_test');
    assert.equal(preDecision(r), 'deny');
    assert.equal(confirmer.asked.length, 0);
    const denied = sb.audit().filter((x) => x.decision === 'deny');
    assert.equal(denied[0].rule, 'path:tests');
  });

  it("an allow by rule leaves the host's own flow alone (no decision printed)", async () => {
    const r = await hook('vscode', 'PreToolUse-create_file');
    assert.deepEqual(answerOf(r), {});
    assert.equal(confirmer.asked.length, 0);
    assert.equal(sb.audit()[0].decision, 'allow');
  });

  it('an unknown tool goes to the dialog; "session" then approves exactly that call again', async () => {
    confirmer.answer = 'session';
    const r1 = await hook('vscode', 'PreToolUse-unknown_tool');
    assert.equal(preDecision(r1), 'allow');
    const r2 = await hook('vscode', 'PreToolUse-unknown_tool');
    assert.equal(preDecision(r2), 'allow');
    assert.equal(confirmer.asked.length, 1);
  });

  it('a guard-off VS Code command is denied without asking', async () => {
    const r = await hook('vscode', 'PreToolUse-run_vscode_command_disable');
    assert.equal(preDecision(r), 'deny');
    assert.equal(confirmer.asked.length, 0);
  });

  it('Cline: what the person allows passes; Cline has no allow-by-hook, only cancel:false', async () => {
    const r = await hook('cline', 'PreToolUse-v4-run_commands_rm');
    assert.equal(confirmer.asked.length, 1);
    assert.deepEqual(answerOf(r), { cancel: false });
  });

  it('a bad token is refused by the server; the CLI then decides alone (host ask), never allow', async () => {
    const d = JSON.parse(fs.readFileSync(server.discoveryFile, 'utf8'));
    d.token = 'A'.repeat(43);
    fs.writeFileSync(server.discoveryFile, JSON.stringify(d), { mode: 0o600 });
    const r = await hook('vscode', 'PreToolUse-rm_rf');
    assert.equal(preDecision(r), 'ask');
    assert.equal(confirmer.asked.length, 0);
    assert.deepEqual(rejects, ['bad token']);
    const rec = sb.audit()[0];
    assert.equal(rec.decidedBy, 'fail-closed');
    assert.match(rec.reason, /unauthorized/);
  });

  it('askChannel with a wrong token gets "unauthorized", not an answer', async () => {
    const r = await askChannel(sb.workspace, 'vscode', sb.payload('vscode', 'PreToolUse-create_file'), {
      dir: dir(),
      deadline: Date.now() + 5_000,
      tokenOverride: 'wrong-token-wrong-token',
    });
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.reason : '', /unauthorized/);
  });

  it('the server validates every message: extra fields and garbage are rejected', async () => {
    const net = await import('node:net');
    const send = (line: string) =>
      new Promise<string>((resolve) => {
        const c = net.createConnection(server.socketPath);
        let buf = '';
        c.setEncoding('utf8');
        c.on('data', (d: string) => (buf += d));
        c.on('close', () => resolve(buf));
        c.on('connect', () => c.write(line + '\n'));
      });
    const d = JSON.parse(fs.readFileSync(server.discoveryFile, 'utf8'));
    const extra = await send(JSON.stringify({ v: 1, token: d.token, workspace: sb.workspace, host: 'vscode', payload: '{}', approve: true }));
    assert.match(extra, /"ok":false/);
    const garbage = await send('not json');
    assert.match(garbage, /"ok":false/);
    const other = await send(JSON.stringify({ v: 1, token: d.token, workspace: '/elsewhere', host: 'vscode', payload: '{}' }));
    assert.match(other, /does not guard/);
    assert.equal(confirmer.asked.length, 0);
  });

  it('a discovery file others can write is not trusted', async () => {
    fs.chmodSync(server.discoveryFile, 0o666);
    const r = await askChannel(sb.workspace, 'vscode', '{}', { dir: dir(), deadline: Date.now() + 2_000 });
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.reason : '', /writable by others/);
  });

  it('Claude Code PostToolUse Read is masked through the channel too', async () => {
    const r = await hook('claude', 'PostToolUse-Read_settings');
    const content = answerOf(r).hookSpecificOutput.updatedToolOutput.file.content as string;
    assert.ok(!content.includes(sb.secret));
  });
});
