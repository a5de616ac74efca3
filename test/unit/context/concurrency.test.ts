// One limit, three channels at once: guarded tools in this process, hook processes of the built CLI deciding
// alone (the extension down), and the built MCP server. Every one of them reads and writes the workspace's
// shared counter store; the limit must admit exactly as many calls as it says, and the store and the audit log
// must account for every call.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AuditRecord } from '../../../src/core/audit';
import { counterDir, FileCounterStore } from '../../../src/node/counters/fileStore';
import { GuardService } from '../../../src/node/guardService';
import { invokeTool, TOOLS, toolEnvOf } from '../../../src/node/tools';
import { runHook } from '../hooks/helpers';
import { call, connect } from '../mcp/helpers';

const LIMIT = 24;
const STRESS_LIMIT = 400;
const PER_CHANNEL = 12;

describe('one rate limit hit by guarded tools, hook processes and the MCP server together', function () {
  this.timeout(300_000);
  let root: string;
  let workspace: string;
  let home: string;
  let before: string | undefined;

  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-rate-')));
    workspace = path.join(root, 'ws');
    home = path.join(root, 'home');
    fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
    fs.writeFileSync(
      path.join(workspace, '.agentguard.yaml'),
      `version: 1\nrates:\n  shared:\n    of: {op: exec}\n    per: workspace\n    limit: ${LIMIT}\n    window: 10m\n    over: deny\nbreaker: off\n`,
    );
    // This process's guard must count in the same store as the child processes.
    before = process.env.AGENTGUARD_HOME;
    process.env.AGENTGUARD_HOME = home;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.AGENTGUARD_HOME;
    else process.env.AGENTGUARD_HOME = before;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(`admits exactly ${LIMIT} of ${3 * PER_CHANNEL} concurrent commands, and every call is counted and recorded`, async () => {
    const env = { AGENTGUARD_HOME: home, CLAUDE_PROJECT_DIR: '', HOME: root };
    const service = new GuardService({ workspace, home: root });
    const toolEnv = toolEnvOf(service);
    const client = await connect(
      {
        root,
        workspace,
        home,
        env: () => ({ ...(process.env as Record<string, string>), ...env }),
      } as never,
      'rate-probe',
    );
    try {
      const payload = (i: number) =>
        JSON.stringify({
          session_id: 'claude-session',
          transcript_path: '/tmp/t.jsonl',
          cwd: workspace,
          permission_mode: 'default',
          hook_event_name: 'PreToolUse',
          tool_name: 'Bash',
          tool_input: { command: `echo hook-${i}` },
          tool_use_id: `toolu_${i}`,
        });
      const tools = Array.from({ length: PER_CHANNEL }, (_, i) =>
        invokeTool(service, toolEnv, TOOLS.runCommand, { command: `echo tool-${i}` }, { agent: 'copilot', channel: 'tool' }).then((a) => a.status),
      );
      const hooks = Array.from({ length: PER_CHANNEL }, (_, i) => runHook(['--host', 'claude', '--workspace', workspace], payload(i), env));
      const mcps = Array.from({ length: PER_CHANNEL }, (_, i) => call(client, 'runCommand', { command: `echo mcp-${i}` }));
      const [t, h, m] = await Promise.all([Promise.all(tools), Promise.all(hooks), Promise.all(mcps)]);
      for (const r of h) assert.equal(r.code, 0, r.stderr);

      const recs = auditOf(home).filter((r) => r.op === 'exec' && !r.event);
      assert.equal(recs.length, 3 * PER_CHANNEL, 'one audit record per call');
      const allowed = recs.filter((r) => r.decision === 'allow');
      const denied = recs.filter((r) => r.decision === 'deny');
      assert.equal(allowed.length, LIMIT, `allowed: ${allowed.length}`);
      assert.equal(denied.length, 3 * PER_CHANNEL - LIMIT);
      for (const r of denied) {
        assert.equal(r.rule, 'rate:shared');
        assert.match(r.reason, new RegExp(`the limit is ${LIMIT}`));
      }
      // Every channel took part, and each refused the calls past the limit in its own terms.
      for (const ch of ['tool', 'hook', 'mcp'])
        assert.ok(
          recs.some((r) => r.channel === ch),
          ch,
        );
      assert.equal(t.filter((s) => s === 'ok').length + h.filter((r) => !/deny/.test(r.stdout)).length + m.filter((r) => !r.isError).length, LIMIT);

      // The store: one reservation per call that may run, every refused one voided.
      const events = new FileCounterStore(counterDir(workspace)).read(0);
      const reserved = events.filter((e) => e.kind === 'c');
      const voided = new Set(events.filter((e) => e.kind === 'v').map((e) => e.id));
      assert.equal(reserved.length, 3 * PER_CHANNEL, 'each call reserved once');
      assert.equal(reserved.filter((e) => !voided.has(e.id)).length, LIMIT, 'exactly the limit is counted');
    } finally {
      await client.close();
    }
  });
});

describe('the counter store under contention: processes deciding in tight loops against one limit', function () {
  this.timeout(300_000);
  it('admits exactly the limit, however the decisions of six processes interleave', async () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-rate-stress-')));
    try {
      const src = path.join(__dirname, '..', '..', '..', 'src');
      const script = path.join(root, 'judge.js');
      // Each process judges 150 calls as fast as it can, through the real gate and the real file store.
      fs.writeFileSync(
        script,
        `const { ContextGate } = require(${JSON.stringify(path.join(src, 'core/context/gate.ts'))});
         const { FileCounterStore } = require(${JSON.stringify(path.join(src, 'node/counters/fileStore.ts'))});
         const policy = { paths: [], commands: { patterns: [] }, risk: { tools: {}, rules: {}, decisions: {} },
           breaker: { enabled: false, refusals: 5, windowMs: 120000, per: 'agent' },
           rates: [{ name: 'x', count: 'calls', of: {}, per: 'workspace', limit: ${STRESS_LIMIT}, windowMs: 600000, over: 'deny', source: 't' }] };
         const gate = new ContextGate({ store: new FileCounterStore(process.argv[2]), now: Date.now, session: () => 's' });
         // Start together: every process is loaded and waiting before the first decision.
         const fs = require('node:fs');
         fs.writeFileSync(process.argv[2] + '.ready-' + process.argv[3], '');
         const pause = new Int32Array(new SharedArrayBuffer(4));
         while (!fs.existsSync(process.argv[2] + '.go')) Atomics.wait(pause, 0, 0, 2);
         let allowed = 0;
         for (let i = 0; i < 150; i++) {
           const call = { id: process.argv[3] + '-' + i, op: 'exec', paths: [], command: 'x', agent: 'a', channel: 'hook', tool: 'Bash', args: {} };
           const v = gate.judge(call, { decision: 'allow', rule: 'cmd:benign', reason: '' }, policy);
           gate.settled([call], [{ call, verdict: v }], policy);
           if (v.decision === 'allow') allowed++;
         }
         process.stdout.write(String(allowed));`,
      );
      const store = path.join(root, 'store');
      fs.mkdirSync(store);
      const go = (async () => {
        while (fs.readdirSync(root).filter((f) => f.startsWith('store.ready-')).length < 6) await new Promise((r) => setTimeout(r, 20));
        fs.writeFileSync(`${store}.go`, '');
      })();
      const runs = await Promise.all(
        Array.from(
          { length: 6 },
          (_, k) =>
            new Promise<number>((resolve, reject) => {
              const c = spawn(process.execPath, ['--import', 'tsx', script, store, `p${k}`], { stdio: ['ignore', 'pipe', 'inherit'] });
              let out = '';
              c.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
              c.on('error', reject);
              c.on('close', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`exit ${code}`))));
            }),
        ),
      );
      await go;
      assert.equal(
        runs.reduce((a, b) => a + b, 0),
        STRESS_LIMIT,
        `allowed per process: ${runs.join(', ')}`,
      );
      const events = new FileCounterStore(store).read(0);
      const voided = new Set(events.filter((e) => e.kind === 'v').map((e) => e.id));
      assert.equal(events.filter((e) => e.kind === 'c').length, 900);
      assert.equal(events.filter((e) => e.kind === 'c' && !voided.has(e.id)).length, STRESS_LIMIT);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

function auditOf(home: string): AuditRecord[] {
  const dir = path.join(home, 'audit');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as AuditRecord);
}
