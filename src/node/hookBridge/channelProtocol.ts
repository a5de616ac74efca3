// The local channel's wire format: one JSON line each way per connection.
//   client → server  {"v":1,"token":…,"workspace":…,"host":…,"payload":"<the hook's stdin, verbatim>"}
//   server → client  {"v":1,"ok":true,"answer":{…}} | {"v":1,"ok":false,"error":"…"}
// The server re-parses the payload itself: the client's reading of it is never trusted, and the channel
// carries no field that could approve anything.
import { timingSafeEqual, createHash } from 'node:crypto';
import { HOSTS, type HookAnswer, type HostId } from '../../core/hooks';
import { isDecision } from '../../core/types';

export const MAX_LINE = 17 * 1024 * 1024;

export interface ChannelRequest {
  v: 1;
  token: string;
  workspace: string;
  host: HostId;
  payload: string;
}

export type ChannelResponse = { v: 1; ok: true; answer: HookAnswer } | { v: 1; ok: false; error: string };

export function tokenEquals(a: string, b: string): boolean {
  // Hash first so the comparison is constant-time whatever the lengths.
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}

export function parseRequest(line: string): { ok: true; req: ChannelRequest } | { ok: false; error: string } {
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return { ok: false, error: 'not an object' };
  const r = o as Record<string, unknown>;
  const keys = Object.keys(r).sort().join(',');
  if (keys !== 'host,payload,token,v,workspace') return { ok: false, error: `unexpected fields (${keys})` };
  if (r.v !== 1) return { ok: false, error: 'unsupported version' };
  if (typeof r.token !== 'string' || r.token.length > 512) return { ok: false, error: 'bad token field' };
  if (typeof r.workspace !== 'string' || r.workspace.length > 4096) return { ok: false, error: 'bad workspace field' };
  if (typeof r.host !== 'string' || !HOSTS.includes(r.host as HostId)) return { ok: false, error: 'bad host field' };
  if (typeof r.payload !== 'string') return { ok: false, error: 'bad payload field' };
  return { ok: true, req: r as unknown as ChannelRequest };
}

/** The client validates the server's answer as strictly: a malformed answer is a failure, not an allow. */
export function parseResponse(line: string): { ok: true; answer: HookAnswer } | { ok: false; error: string } {
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return { ok: false, error: 'the extension answered with something that is not JSON' };
  }
  const r = o as Partial<ChannelResponse> & Record<string, unknown>;
  if (!r || typeof r !== 'object' || r.v !== 1) return { ok: false, error: 'the extension answered in an unknown format' };
  if (r.ok === false) return { ok: false, error: `the extension refused the request: ${typeof r.error === 'string' ? r.error : 'no reason'}` };
  const a = r.answer as Record<string, unknown> | undefined;
  if (r.ok !== true || !a || typeof a !== 'object') return { ok: false, error: 'the extension answered without an answer' };
  if (a.decision !== undefined && !isDecision(a.decision)) return { ok: false, error: 'the extension answered with an unknown decision' };
  for (const k of ['rule', 'reason', 'additionalContext'] as const) {
    if (a[k] !== undefined && typeof a[k] !== 'string') return { ok: false, error: `the extension answered with a bad ${k}` };
  }
  if (a.approvedByUser !== undefined && typeof a.approvedByUser !== 'boolean') return { ok: false, error: 'the extension answered with a bad approvedByUser' };
  if (a.allowRewrite !== undefined && typeof a.allowRewrite !== 'boolean') return { ok: false, error: 'the extension answered with a bad allowRewrite' };
  const ui = a.updatedInput;
  if (ui !== undefined && (typeof ui !== 'object' || ui === null || Array.isArray(ui)))
    return { ok: false, error: 'the extension answered with a bad updatedInput' };
  return {
    ok: true,
    answer: {
      decision: a.decision as HookAnswer['decision'],
      approvedByUser: a.approvedByUser === true,
      rule: a.rule as string | undefined,
      reason: a.reason as string | undefined,
      additionalContext: a.additionalContext as string | undefined,
      updatedToolOutput: a.updatedToolOutput,
      updatedInput: ui as Record<string, unknown> | undefined,
      allowRewrite: a.allowRewrite === true,
    },
  };
}
