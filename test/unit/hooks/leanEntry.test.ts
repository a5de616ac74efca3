// The installed hook command is the lean bundle dist/hook.js (src/cli/hookEntry.ts), not dist/cli.js. It
// must answer exactly as `agentguard hook` does — every recorded payload, channel up and down — while the
// channel path loads nothing but the bridge's front half. Proof of the latter: a copy of hook.js alone in
// a folder (no cli.js next to it) still answers through the channel; with the channel down it cannot load
// the decision code and must refuse (fail closed), never allow.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ConfirmAnswer, Confirmer, ConfirmRequest } from '../../../src/core/chain';
import { startChannelServer, type ChannelServer } from '../../../src/node/hookBridge/channelServer';
import { GuardService } from '../../../src/node/guardService';
import { REPO } from '../helpers/cli';
import { FIXTURES, runHook, type Sandbox, sandbox } from './helpers';

const LEAN = path.join(REPO, 'dist', 'hook.js');

class FakeConfirmer implements Confirmer {
  asked: ConfirmRequest[] = [];
  async confirm(req: ConfirmRequest): Promise<ConfirmAnswer> {
    this.asked.push(req);
    return 'once';
  }
}

const fixtures: [string, string][] = ['vscode', 'claude', 'cline'].flatMap((host) =>
  fs
    .readdirSync(path.join(FIXTURES, host))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f): [string, string] => [host, f.slice(0, -'.json'.length)]),
);

/** What an audit record says about the decision (time, ids and the hash chain differ run to run). */
function decisions(sb: Sandbox): unknown[] {
  return sb.audit().map((r) => {
    const { channel, tool, op, args, decision, rule, reason, decidedBy, policy } = r;
    return { channel, tool, op, args, decision, rule, reason, decidedBy, policy };
  });
}

/** Two sandboxes differ in their temp root and their generated secret; nothing else may differ. */
function normalise(sb: Sandbox, x: unknown): string {
  return unview(JSON.stringify(x).split(sb.root).join('<root>').split(sb.secret).join('<secret>'));
}

/** A masked view's folder is random (and keyed by the workspace): named the same for the comparison. */
function unview(s: string): string {
  return s.replace(/\/views\/[0-9a-f]{32}\/[0-9a-f]{24}\//g, '/views/<view>/');
}

/** hook.js copied into a folder of its own, without dist/cli.js beside it. */
function leanAlone(sb: Sandbox): string {
  const dir = path.join(sb.root, 'lean');
  fs.mkdirSync(dir);
  fs.copyFileSync(LEAN, path.join(dir, 'hook.js'));
  return path.join(dir, 'hook.js');
}

describe('lean hook entry dist/hook.js', function () {
  this.timeout(240_000); // dozens of real processes on a shared 2-core machine

  before(() => assert.ok(fs.existsSync(LEAN), 'build first: npm run build'));

  describe('extension down: the same answers and audit records as dist/cli.js, for every recorded payload', () => {
    for (const [host, name] of fixtures) {
      it(`${host} ${name}`, async () => {
        const a = sandbox();
        const b = sandbox();
        try {
          const args = (sb: Sandbox) => ['--workspace', sb.workspace];
          const [cli, lean] = await Promise.all([runHook(args(a), a.payload(host, name), a.env), runHook(args(b), b.payload(host, name), b.env, LEAN)]);
          assert.equal(lean.code, cli.code, `exit code; cli stderr: ${cli.stderr}; lean stderr: ${lean.stderr}`);
          assert.equal(normalise(b, lean.stdout), normalise(a, cli.stdout));
          assert.equal(normalise(b, lean.stderr), normalise(a, cli.stderr));
          assert.equal(normalise(b, decisions(b)), normalise(a, decisions(a)));
        } finally {
          a.cleanup();
          b.cleanup();
        }
      });
    }

    it('garbage on stdin: exit 2 with the reason, like the CLI', async () => {
      const sb = sandbox();
      try {
        const r = await runHook(['--workspace', sb.workspace], '{not json', sb.env, LEAN);
        assert.equal(r.code, 2);
        assert.match(r.stderr, /AgentGuard|JSON/i);
      } finally {
        sb.cleanup();
      }
    });

    it('without dist/cli.js beside it, a call that needs the policy is refused (exit 2), never allowed', async () => {
      const sb = sandbox();
      try {
        const lean = leanAlone(sb);
        for (const name of ['PreToolUse-create_file', 'PreToolUse-rm_rf']) {
          const r = await runHook(['--workspace', sb.workspace], sb.payload('vscode', name), sb.env, lean);
          assert.equal(r.code, 2, `${name}: ${r.stdout}`);
          assert.match(r.stderr, /cli\.js/);
          assert.ok(!/"allow"/.test(r.stdout), r.stdout);
        }
        // A tool with no file or exec effect is still a call to record (the audit needs the policy): refused too.
        const pass = await runHook(['--workspace', sb.workspace], sb.payload('vscode', 'PreToolUse-manage_todo_list'), sb.env, lean);
        assert.equal(pass.code, 2, pass.stdout);
        assert.ok(!/"allow"/.test(pass.stdout), pass.stdout);
      } finally {
        sb.cleanup();
      }
    });
  });

  describe('extension up: answers through the channel without the CLI bundle', () => {
    let sb: Sandbox;
    let server: ChannelServer;
    let confirmer: FakeConfirmer;

    let savedHome: string | undefined;
    beforeEach(async () => {
      sb = sandbox();
      // The extension side (this process) makes masked views under AgentGuard's home: the sandbox's.
      savedHome = process.env.AGENTGUARD_HOME;
      process.env.AGENTGUARD_HOME = sb.home;
      confirmer = new FakeConfirmer();
      const service = new GuardService({ workspace: sb.workspace, home: sb.root, confirmer, auditPath: path.join(sb.home, 'audit', 'ext.jsonl') });
      server = await startChannelServer((ws) => (ws === sb.workspace ? service : undefined), {
        workspaces: [sb.workspace],
        dir: path.join(sb.home, 'channels'),
      });
    });
    afterEach(async () => {
      await server.dispose();
      if (savedHome === undefined) delete process.env.AGENTGUARD_HOME;
      else process.env.AGENTGUARD_HOME = savedHome;
      sb.cleanup();
    });

    const cases: [string, string][] = [
      ['vscode', 'PreToolUse-rm_rf'],
      ['vscode', 'PreToolUse-replace_test'],
      ['vscode', 'PreToolUse-create_file'],
      ['vscode', 'PreToolUse-read_secret_file'],
      ['vscode', 'PreToolUse-run_vscode_command_disable'],
      ['claude', 'PreToolUse-Read_env'],
      ['claude', 'PostToolUse-Read_settings'],
      ['cline', 'PreToolUse-v4-run_commands_rm'],
    ];
    for (const [host, name] of cases) {
      it(`${host} ${name}: the same answer as dist/cli.js, decided by the extension`, async () => {
        const lean = leanAlone(sb);
        const args = ['--workspace', sb.workspace];
        const cli = await runHook(args, sb.payload(host, name), sb.env);
        const askedByCli = confirmer.asked.length;
        const viaLean = await runHook(args, sb.payload(host, name), sb.env, lean);
        assert.equal(viaLean.code, cli.code, viaLean.stderr);
        assert.equal(unview(viaLean.stdout), unview(cli.stdout));
        // The extension (its confirmer) was asked as often for the lean entry as for the CLI.
        assert.equal(confirmer.asked.length, 2 * askedByCli);
        // Both went through the channel: no "decided alone" note, every record written by the extension.
        assert.ok(!fs.readdirSync(path.join(sb.home, 'channels')).some((f) => f.endsWith('.failed.json')));
        const recs = decisions(sb);
        assert.equal(recs.length % 2, 0);
        assert.deepEqual(recs.slice(recs.length / 2), recs.slice(0, recs.length / 2));
        assert.ok(sb.audit().every((r) => r.decidedBy !== 'fail-closed'));
      });
    }
  });
});
