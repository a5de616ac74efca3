// The bridge's end of the local channel. Any failure — no discovery file, a stale socket, a bad token, a
// malformed answer, the deadline — is reported as a failure; the caller then decides alone, never allows.
import * as net from 'node:net';
import type { HookAnswer, HostId } from '../../core/hooks';
import { readDiscovery } from './discovery';
import { MAX_LINE, parseResponse } from './channelProtocol';

export type AskResult = { ok: true; answer: HookAnswer } | { ok: false; reason: string };

export interface AskOptions {
  dir?: string;
  /** Absolute time (Date.now() scale) by which an answer must have arrived. */
  deadline: number;
  /** Test seam: send this token instead of the discovered one. */
  tokenOverride?: string;
}

export function askChannel(workspace: string, host: HostId, payload: string, opts: AskOptions): Promise<AskResult> {
  const found = readDiscovery(workspace, opts.dir);
  if (!found.ok) return Promise.resolve({ ok: false, reason: found.reason });
  const { d } = found;
  return new Promise<AskResult>((resolve) => {
    let settled = false;
    let buf = '';
    const finish = (r: AskResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      conn.destroy();
      resolve(r);
    };
    const ms = Math.max(1, opts.deadline - Date.now());
    const timer = setTimeout(() => finish({ ok: false, reason: `the extension did not answer within ${ms} ms` }), ms);
    const conn = net.createConnection(d.socket);
    conn.setEncoding('utf8');
    conn.on('connect', () => {
      conn.write(JSON.stringify({ v: 1, token: opts.tokenOverride ?? d.token, workspace, host, payload }) + '\n');
    });
    conn.on('data', (chunk: string) => {
      buf += chunk;
      if (buf.length > MAX_LINE) return finish({ ok: false, reason: 'the extension answered with an oversized message' });
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      const r = parseResponse(buf.slice(0, nl));
      finish(r.ok ? r : { ok: false, reason: r.error });
    });
    conn.on('error', (e: NodeJS.ErrnoException) => {
      finish({
        ok: false,
        reason: e.code === 'ECONNREFUSED' || e.code === 'ENOENT' ? `the extension's channel is stale (${e.code})` : `channel error: ${e.message}`,
      });
    });
    conn.on('close', () => finish({ ok: false, reason: 'the extension closed the channel without an answer' }));
  });
}
