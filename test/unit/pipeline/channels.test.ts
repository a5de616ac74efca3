// One pipeline for every channel. The same read and the same `rm -rf` arrive through each channel — a
// language-model tool (the function src/vscode/tools.ts calls), the MCP server (an SDK client over an
// in-memory transport), and the hook bridge (VS Code payloads over the real local channel, before and after
// the host runs the tool) — on one GuardService. Every one reaches GuardService.run, and the audit records
// are the same record, made by the same builder: identical but for the channel, the agent, the host's own
// tool name and input, ids and times (and the outcome, which says who ran the tool).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { AuditRecord } from '../../../src/core/audit';
import type { ConfirmAnswer, ConfirmRequest, Confirmer } from '../../../src/core/chain';
import { parseEnvelope } from '../../../src/core/hooks';
import type { CanonicalCall, Channel } from '../../../src/core/types';
import { GuardService } from '../../../src/node/guardService';
import { answerHook, unreachable } from '../../../src/node/hookBridge/answer';
import { askChannel } from '../../../src/node/hookBridge/channelClient';
import { type ChannelServer, startChannelServer } from '../../../src/node/hookBridge/channelServer';
import { GuardMcpServer } from '../../../src/node/mcp/server';
import { invokeTool, TOOLS, toolEnvOf } from '../../../src/node/tools';

class Person implements Confirmer {
  asked: ConfirmRequest[] = [];
  async confirm(req: ConfirmRequest): Promise<ConfirmAnswer> {
    this.asked.push(req);
    return 'deny';
  }
}

/** What may differ between channels (`context` names the caller's counts); everything else in a record must be identical. */
const PER_CHANNEL = ['channel', 'agent', 'tool', 'args', 'callId', 'time', 'durationMs', 'prev', 'outcome', 'context'];
const core = (r: AuditRecord) => Object.fromEntries(Object.entries(r).filter(([k]) => !PER_CHANNEL.includes(k)));

describe('one pipeline: a read and an rm -rf through every channel', () => {
  let root: string;
  let ws: string;
  let auditPath: string;
  let service: GuardService;
  let person: Person;
  let runs: { channels: Channel[]; how: string }[];
  let server: ChannelServer | undefined;

  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-channels-')));
    ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.mkdirSync(path.join(ws, 'build'));
    fs.writeFileSync(path.join(ws, 'src', 'app.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(ws, 'build', 'out.js'), 'console.log(1);\n');
    auditPath = path.join(root, 'audit.jsonl');
    person = new Person();
    service = new GuardService({ workspace: ws, home: root, confirmer: person, auditPath });
    runs = [];
    // Every channel must come through here.
    const run = service.run.bind(service);
    service.run = ((calls: CanonicalCall | readonly CanonicalCall[], how: Parameters<typeof run>[1], signal?: AbortSignal) => {
      const list = Array.isArray(calls) ? calls : [calls as CanonicalCall];
      runs.push({ channels: list.map((c) => c.channel), how: Object.keys(how).join(',') + ('hostRuns' in how ? `:${how.hostRuns}` : '') });
      return run(calls, how, signal);
    }) as typeof service.run;
  });
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
    fs.rmSync(root, { recursive: true, force: true });
  });

  const records = (): AuditRecord[] =>
    fs
      .readFileSync(auditPath, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditRecord);

  async function viaLmTool(): Promise<void> {
    const env = toolEnvOf(service);
    const read = await invokeTool(service, env, TOOLS.readFile, { path: 'src/app.ts' }, { agent: 'copilot', channel: 'tool' });
    assert.equal(read.status, 'ok', read.text);
    const rm = await invokeTool(service, env, TOOLS.runCommand, { command: 'rm -rf build' }, { agent: 'copilot', channel: 'tool' });
    assert.equal(rm.status, 'refused');
  }

  async function viaMcp(): Promise<void> {
    const mcp = new GuardMcpServer(service, toolEnvOf(service), { version: '0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await mcp.connect(a);
    const client = new Client({ name: 'walk-client', version: '1' });
    await client.connect(b);
    try {
      const read = await client.callTool({ name: 'readFile', arguments: { path: 'src/app.ts' } });
      assert.equal(read.isError, false);
      const rm = await client.callTool({ name: 'runCommand', arguments: { command: 'rm -rf build' } });
      assert.equal(rm.isError, true);
    } finally {
      await client.close();
      await mcp.close();
    }
  }

  function vscodePayload(event: 'PreToolUse' | 'PostToolUse', tool: string, input: object, n: number, response?: unknown): string {
    return JSON.stringify({
      timestamp: new Date().toISOString(),
      hook_event_name: event,
      session_id: 'walk',
      transcript_path: '',
      tool_name: tool,
      tool_input: input,
      ...(response === undefined ? {} : { tool_response: response }),
      tool_use_id: `call_${n}__vscode-${n}`,
      cwd: ws,
    });
  }

  async function viaHook(): Promise<void> {
    const dir = path.join(root, 'channels');
    server = await startChannelServer((w) => (w === ws ? service : undefined), { workspaces: [ws], dir });
    const ask = (payload: string) => askChannel(ws, 'vscode', payload, { dir, deadline: Date.now() + 30_000 });
    const read = await ask(vscodePayload('PreToolUse', 'read_file', { filePath: path.join(ws, 'src', 'app.ts'), startLine: 1, endLine: 5 }, 1));
    assert.ok(read.ok && read.answer.decision === 'allow', JSON.stringify(read));
    const after = await ask(vscodePayload('PostToolUse', 'read_file', { filePath: path.join(ws, 'src', 'app.ts') }, 1, 'export const a = 1;'));
    assert.ok(after.ok, JSON.stringify(after));
    const rm = await ask(vscodePayload('PreToolUse', 'run_in_terminal', { command: 'rm -rf build', explanation: 'x', goal: 'x', mode: 'sync' }, 2));
    assert.ok(rm.ok && rm.answer.decision === 'deny', JSON.stringify(rm));
  }

  it('every channel reaches GuardService.run, and writes the same records through the same builder', async () => {
    await viaLmTool();
    await viaMcp();
    await viaHook();
    assert.deepEqual(runs, [
      { channels: ['tool'], how: 'guardRuns' },
      { channels: ['tool'], how: 'guardRuns' },
      { channels: ['mcp'], how: 'guardRuns' },
      { channels: ['mcp'], how: 'guardRuns' },
      // What a command would show is checked in the same run (the pipeline's shows step), not in a pass of its own.
      { channels: ['hook'], how: 'hostRuns,window,shows:before' },
      { channels: [], how: 'hostRuns,window,agent,output,call,outputVerdict,maskOutput:after' },
      { channels: ['hook'], how: 'hostRuns,window,shows:before' },
    ]);
    assert.ok(fs.existsSync(path.join(ws, 'build', 'out.js')), 'the person said no: nothing was deleted');
    assert.deepEqual(
      person.asked.map((r) => [r.call.channel, r.subject]),
      [
        ['tool', 'rm -rf build'],
        ['mcp', 'rm -rf build'],
        ['hook', 'rm -rf build'],
      ],
    );

    const recs = records();
    assert.deepEqual(
      recs.map((r) => [r.channel, r.agent, r.tool, r.op, r.decision]),
      [
        ['tool', 'copilot', 'agentguard_readFile', 'read', 'allow'],
        ['tool', 'copilot', 'agentguard_runCommand', 'exec', 'deny'],
        ['mcp', 'mcp:walk-client', 'agentguard_readFile', 'read', 'allow'],
        ['mcp', 'mcp:walk-client', 'agentguard_runCommand', 'exec', 'deny'],
        ['hook', 'vscode-agent', 'read_file', 'read', 'allow'],
        ['hook', 'vscode-agent', 'run_in_terminal', 'exec', 'deny'],
      ],
    );
    const [toolRead, toolRm, mcpRead, mcpRm, hookRead, hookRm] = recs;
    // Identical but for what the channel is.
    assert.deepEqual(core(mcpRead), core(toolRead));
    assert.deepEqual(core(hookRead), core(toolRead));
    assert.deepEqual(core(mcpRm), core(toolRm));
    assert.deepEqual(core(hookRm), core(toolRm));
    assert.equal(toolRm.decidedBy, 'user');
    assert.match(toolRm.reason, /^denied by the user; rm -rf build/);
    assert.equal(toolRm.rule, 'cmd:rm.recursive');
    // One builder: the same fields in the same order on every channel.
    const keys = (r: AuditRecord) => Object.keys(r).filter((k) => k !== 'outcome' && k !== 'context');
    for (const r of recs) assert.deepEqual(keys(r), keys(toolRead), `${r.channel} ${r.tool}`);
    // The outcome says who ran it: the guard ran the guarded tools' read; the host runs its own.
    assert.deepEqual(
      recs.map((r) => r.outcome),
      ['ok', 'not-run', 'ok', 'not-run', undefined, 'not-run'],
    );
    // The host's own tool input is what the hook records.
    assert.deepEqual(hookRm.args, { command: 'rm -rf build', explanation: 'x', goal: 'x', mode: 'sync' });
    assert.deepEqual(toolRm.args, { command: 'rm -rf build' });
  });

  it('with the extension unreachable, the hook answers through the same run and builder; only who settles differs', async () => {
    await viaLmTool();
    const alone = new GuardService({ workspace: ws, home: root, auditPath, confirmer: unreachable('vscode', 'no discovery file') });
    const parsed = parseEnvelope(vscodePayload('PreToolUse', 'run_in_terminal', { command: 'rm -rf build' }, 3));
    assert.ok(parsed.ok);
    const r = await answerHook(alone, parsed.env);
    assert.equal(r.answer.decision, 'ask', 'the host asks its own person');
    const [, toolRm, aloneRm] = records();
    const keys = (x: AuditRecord) => Object.keys(x).filter((k) => k !== 'outcome');
    assert.deepEqual(keys(aloneRm), keys(toolRm));
    assert.equal(aloneRm.outcome, undefined, 'the host may still run it: no outcome is claimed');
    assert.equal(aloneRm.rule, toolRm.rule);
    assert.equal(aloneRm.decision, 'ask');
    assert.equal(aloneRm.decidedBy, 'fail-closed');
    assert.match(aloneRm.reason, /^rm -rf build: .*AgentGuard's extension was unreachable: no discovery file; the host asks you instead/);
    // Cline has no prompt of its own: the same call is refused.
    const cline = new GuardService({ workspace: ws, home: root, auditPath, confirmer: unreachable('cline', 'no discovery file') });
    const c = await answerHook(cline, { ...parsed.env, host: 'cline' });
    assert.equal(c.answer.decision, 'deny');
  });
});
