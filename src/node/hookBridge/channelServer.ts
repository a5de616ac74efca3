// The extension's end of the local channel: a Unix socket (a named pipe on Windows) announced through a
// discovery file per workspace folder. Each connection carries one request. The server authenticates the
// token in constant time, validates the message, re-parses the hook payload itself, and answers it through
// the workspace's GuardService (answer.ts): the host runs the tool, the service asks the person (the modal),
// writes the audit record, and the answer goes back. Nothing a client sends can approve.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { type HookEnvelope, parseEnvelope } from '../../core/hooks';
import type { GuardService } from '../guardService';
import { channelDir, ensurePrivateDir, removeDiscoveryIfOurs, writeDiscovery } from './discovery';
import { answerHook, type HookResult } from './answer';
import { type ChannelResponse, MAX_LINE, parseRequest, tokenEquals } from './channelProtocol';

export interface ChannelServerOptions {
  /** The workspace folders this window guards (absolute, symlink-resolved): one discovery file each. */
  workspaces: string[];
  /** Folder for discovery files (default ~/.agentguard/channels, or $AGENTGUARD_HOME/channels). */
  dir?: string;
  /** How long a client may take to send its request, ms. */
  requestTimeoutMs?: number;
  /** After a PostToolUse: the host ran the tool; the extension may rescan and attribute changes. */
  onPost?(workspace: string, env: HookEnvelope): void;
  /** Every answered call, for the status bar and logs. */
  onCall?(workspace: string, env: HookEnvelope, result: HookResult): void;
  /** Rejected connections (bad token, malformed message): a sign something is probing the channel. */
  onReject?(reason: string): void;
}

export interface ChannelServer {
  dispose(): Promise<void>;
  /** The first workspace's discovery file. */
  discoveryFile: string;
  discoveryFiles: string[];
  socketPath: string;
}

function socketPathFor(dir: string): { path: string; cleanupDir?: string } {
  const id = randomBytes(8).toString('hex');
  if (process.platform === 'win32') return { path: `\\\\.\\pipe\\agentguard-${id}` };
  const p = path.join(dir, `${id}.sock`);
  if (Buffer.byteLength(p) < 100) return { path: p };
  // Unix socket paths are limited to ~104 bytes: fall back to a fresh private temp folder.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-'));
  fs.chmodSync(tmp, 0o700);
  return { path: path.join(tmp, `${id}.sock`), cleanupDir: tmp };
}

export async function startChannelServer(resolve: (workspace: string) => GuardService | undefined, opts: ChannelServerOptions): Promise<ChannelServer> {
  const dir = opts.dir ?? channelDir();
  ensurePrivateDir(dir);
  const token = randomBytes(32).toString('base64url');
  const sock = socketPathFor(dir);
  const served = new Set(opts.workspaces);
  const sockets = new Set<net.Socket>();
  const reject = (reason: string) => {
    try {
      opts.onReject?.(reason);
    } catch {
      /* observers cannot break the channel */
    }
  };

  const server = net.createServer({ allowHalfOpen: false }, (conn) => {
    sockets.add(conn);
    conn.on('close', () => sockets.delete(conn));
    conn.on('error', () => conn.destroy());
    conn.setTimeout(opts.requestTimeoutMs ?? 5_000, () => conn.destroy());
    let buf = '';
    let done = false;
    const reply = (r: ChannelResponse) => {
      if (conn.destroyed) return;
      conn.end(JSON.stringify(r) + '\n');
    };
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      if (done) return;
      buf += chunk;
      if (buf.length > MAX_LINE) {
        done = true;
        reject('oversized message');
        reply({ v: 1, ok: false, error: 'message too large' });
        return;
      }
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      done = true;
      conn.setTimeout(0); // the person at the dialog may take a while; the client keeps its own deadline
      void serve(buf.slice(0, nl)).then(reply, (e) => reply({ v: 1, ok: false, error: `internal error: ${(e as Error).message}` }));
    });
    const ac = new AbortController();
    conn.on('close', () => ac.abort());

    async function serve(line: string): Promise<ChannelResponse> {
      const parsed = parseRequest(line);
      if (!parsed.ok) {
        reject(`malformed request: ${parsed.error}`);
        return { v: 1, ok: false, error: `malformed request: ${parsed.error}` };
      }
      const req = parsed.req;
      // Authenticate before looking at anything else the client sent.
      if (!tokenEquals(req.token, token)) {
        reject('bad token');
        return { v: 1, ok: false, error: 'unauthorized' };
      }
      if (!served.has(req.workspace)) return { v: 1, ok: false, error: 'this window does not guard that workspace' };
      const service = resolve(req.workspace);
      if (!service) return { v: 1, ok: false, error: 'the workspace has no guard running' };
      const env = parseEnvelope(req.payload, req.host);
      if (!env.ok) return { v: 1, ok: false, error: env.error };
      const result = await answerHook(service, env.env, ac.signal);
      if (env.env.phase === 'post') {
        try {
          opts.onPost?.(req.workspace, env.env);
        } catch {
          /* attribution is best effort */
        }
      }
      try {
        opts.onCall?.(req.workspace, env.env, result);
      } catch {
        /* observers cannot change the answer */
      }
      return { v: 1, ok: true, answer: result.answer };
    }
  });

  if (process.platform !== 'win32') fs.rmSync(sock.path, { force: true });
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(sock.path, () => {
      server.off('error', rej);
      res();
    });
  });
  if (process.platform !== 'win32') fs.chmodSync(sock.path, 0o600);

  const discoveryFiles = opts.workspaces.map((workspace) =>
    writeDiscovery({ v: 1, pid: process.pid, socket: sock.path, token, workspace, started: new Date().toISOString() }, dir),
  );

  let disposed = false;
  return {
    discoveryFile: discoveryFiles[0],
    discoveryFiles,
    socketPath: sock.path,
    async dispose() {
      if (disposed) return;
      disposed = true;
      for (const f of discoveryFiles) removeDiscoveryIfOurs(f, token);
      for (const s of sockets) s.destroy();
      await new Promise<void>((res) => server.close(() => res()));
      if (process.platform !== 'win32') fs.rmSync(sock.path, { force: true });
      if (sock.cleanupDir) fs.rmSync(sock.cleanupDir, { recursive: true, force: true });
    },
  };
}
