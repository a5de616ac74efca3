// The server process's life: it ends cleanly when the client closes stdin (also with a command running,
// whose process group must not outlive it); VS Code's launch line starts a working server; a running
// extension channel does not turn a headless `ask` into an approval.
import { strict as assert } from 'node:assert';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ConfirmAnswer, Confirmer, ConfirmRequest } from '../../../src/core/chain';
import { startChannelServer } from '../../../src/node/hookBridge/channelServer';
import { GuardService } from '../../../src/node/guardService';
import { mcpLaunch } from '../../../src/node/mcp/launch';
import { CLI, REPO } from '../helpers/cli';
import { call, connect, type McpSandbox, mcpSandbox } from './helpers';

/** A minimal line-level JSON-RPC peer, so the test controls stdin itself. */
class RawPeer {
  private buf = '';
  private waiters = new Map<number, (msg: Record<string, unknown>) => void>();
  readonly stderr: string[] = [];
  constructor(readonly child: ChildProcess) {
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (c: string) => {
      this.buf += c;
      let nl;
      while ((nl = this.buf.indexOf('\n')) >= 0) {
        const msg = JSON.parse(this.buf.slice(0, nl)) as Record<string, unknown>;
        this.buf = this.buf.slice(nl + 1);
        if (typeof msg.id === 'number') this.waiters.get(msg.id)?.(msg);
      }
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (c: string) => this.stderr.push(c));
  }
  send(msg: Record<string, unknown>): void {
    this.child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n');
  }
  request(id: number, method: string, params: unknown): Promise<Record<string, unknown>> {
    const p = new Promise<Record<string, unknown>>((resolve) => this.waiters.set(id, resolve));
    this.send({ id, method, params });
    return p;
  }
  async initialize(): Promise<void> {
    const r = await this.request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-peer', version: '1' } });
    assert.ok(r.result, JSON.stringify(r));
    this.send({ method: 'notifications/initialized' });
  }
}

function start(sb: McpSandbox): RawPeer {
  return new RawPeer(spawn(process.execPath, [CLI, 'mcp', '--workspace', sb.workspace], { cwd: sb.root, env: sb.env(), stdio: ['pipe', 'pipe', 'pipe'] }));
}

async function waitForFile(file: string): Promise<string> {
  // Polls until the command has written its pid; mocha's timeout bounds it. No timing is asserted.
  for (;;) {
    try {
      const text = fs.readFileSync(file, 'utf8');
      if (text.endsWith('\n')) return text;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('agentguard mcp: lifecycle', () => {
  let sb: McpSandbox;
  beforeEach(() => {
    sb = mcpSandbox();
  });
  afterEach(() => sb.cleanup());

  it('exits with code 0 when stdin closes', async () => {
    const peer = start(sb);
    await peer.initialize();
    const exited = once(peer.child, 'exit');
    peer.child.stdin!.end();
    const [code, signal] = await exited;
    assert.equal(signal, null);
    assert.equal(code, 0, peer.stderr.join(''));
    assert.match(peer.stderr.join(''), /stopped \(stdin closed\)/);
  });

  it('stops a running command (its whole process group) before exiting when stdin closes, and audits the call', async () => {
    const peer = start(sb);
    await peer.initialize();
    // The answer may or may not be written before the transport closes; the audit record must exist.
    void peer.request(2, 'tools/call', { name: 'runCommand', arguments: { command: 'echo $$ > pid.txt; exec sleep 300' } });
    const pid = Number((await waitForFile(path.join(sb.workspace, 'pid.txt'))).trim());
    assert.ok(alive(pid), 'the command is running');
    const exited = once(peer.child, 'exit');
    peer.child.stdin!.end();
    const [code] = await exited;
    assert.equal(code, 0, peer.stderr.join(''));
    assert.equal(alive(pid), false, 'the command outlived the server');
    const recs = sb.audit().filter((r) => r.tool === 'agentguard_runCommand');
    assert.equal(recs.length, 1);
    assert.equal(recs[0].decision, 'allow');
  });

  it('on SIGTERM stops a running command and exits 0', async () => {
    const peer = start(sb);
    await peer.initialize();
    void peer.request(2, 'tools/call', { name: 'runCommand', arguments: { command: 'echo $$ > pid.txt; exec sleep 300' } });
    const pid = Number((await waitForFile(path.join(sb.workspace, 'pid.txt'))).trim());
    const exited = once(peer.child, 'exit');
    peer.child.kill('SIGTERM');
    const [code, signal] = await exited;
    assert.equal(signal, null, 'the server died of the signal instead of shutting down');
    assert.equal(code, 0, peer.stderr.join(''));
    assert.equal(alive(pid), false, 'the command outlived the server');
  });

  it('starts from the launch line VS Code is given, and guards the folder it names', async () => {
    const l = mcpLaunch({ execPath: process.execPath, extensionPath: REPO, workspace: sb.workspace, trusted: true });
    assert.deepEqual(l.env, {}, 'plain node needs no ELECTRON_RUN_AS_NODE');
    sb.write('tests/x.test.ts', 'keep\n');
    const client = await connect(sb, 'vscode-like', l);
    try {
      assert.equal((await client.listTools()).tools.length, 8);
      assert.equal((await call(client, 'deletePath', { path: 'tests/x.test.ts' })).isError, true);
      assert.equal(sb.read('tests/x.test.ts'), 'keep\n');
    } finally {
      await client.close();
    }
  });

  it('launches through Electron as Node, and passes --untrusted and ripgrep on', () => {
    const l = mcpLaunch({ execPath: '/opt/VS Code/code', extensionPath: '/ext', workspace: '/w s', trusted: false, ripgrep: '/rg' });
    assert.equal(l.command, '/opt/VS Code/code');
    assert.deepEqual(l.env, { ELECTRON_RUN_AS_NODE: '1' });
    assert.deepEqual(l.args, [path.join('/ext', 'dist', 'cli.js'), 'mcp', '--workspace', '/w s', '--untrusted', '--ripgrep', '/rg']);
  });

  it('still refuses `ask` headless while the extension channel is up with a confirmer that would approve', async () => {
    // The channel only carries hook payloads (src/node/hookBridge/channelProtocol.ts), so the MCP server does not
    // route confirmations through it: nothing but AgentGuard's own dialog can approve, and that dialog is
    // not reachable from here. A confirmer that says "once" must never be consulted.
    const asked: ConfirmRequest[] = [];
    const confirmer: Confirmer = {
      async confirm(req): Promise<ConfirmAnswer> {
        asked.push(req);
        return 'once';
      },
    };
    const service = new GuardService({ workspace: sb.workspace, home: sb.root, confirmer, auditPath: path.join(sb.home, 'ext-audit.jsonl') });
    const server = await startChannelServer((ws) => (ws === sb.workspace ? service : undefined), {
      workspaces: [sb.workspace],
      dir: path.join(sb.home, 'channels'),
    });
    sb.write('build/out.js', '1\n');
    const client = await connect(sb);
    try {
      const r = await call(client, 'runCommand', { command: 'rm -rf build' });
      assert.equal(r.isError, true);
      assert.match(r.text, /needs a person's confirmation/);
      assert.ok(fs.existsSync(path.join(sb.workspace, 'build', 'out.js')));
      assert.equal(asked.length, 0);
    } finally {
      await client.close();
      await server.dispose();
    }
  });
});
