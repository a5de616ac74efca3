// Where the hook bridge finds the running extension: a small JSON file per workspace, OUTSIDE the
// workspace (an agent's file tools cannot reach it), mode 0600 in a 0700 folder, holding the socket path
// and a random per-session token. The client refuses a file it does not own or that others can write:
// a planted file could point the bridge at a fake server that answers "allow".
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface Discovery {
  v: 1;
  pid: number;
  socket: string;
  token: string;
  workspace: string;
  started: string;
}

export function agentguardHome(): string {
  return process.env.AGENTGUARD_HOME || path.join(os.homedir(), '.agentguard');
}

export function channelDir(base = agentguardHome()): string {
  return path.join(base, 'channels');
}

export function workspaceKey(workspace: string): string {
  return createHash('sha256').update(workspace, 'utf8').digest('hex').slice(0, 32);
}

export function discoveryPath(workspace: string, dir = channelDir()): string {
  return path.join(dir, `${workspaceKey(workspace)}.json`);
}

/** Where the bridge leaves a note when it had to decide without the extension (the status bar shows it). */
export function failureNotePath(workspace: string, dir = channelDir()): string {
  return path.join(dir, `${workspaceKey(workspace)}.failed.json`);
}

export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') {
    const st = fs.statSync(dir);
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) throw new Error(`${dir} belongs to another user`);
    if ((st.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
  }
}

/** Write atomically (temp + rename) with mode 0600. */
export function writePrivateJson(file: string, value: unknown): void {
  ensurePrivateDir(path.dirname(file));
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function writeDiscovery(d: Discovery, dir = channelDir()): string {
  const file = discoveryPath(d.workspace, dir);
  writePrivateJson(file, d);
  return file;
}

export type DiscoveryRead = { ok: true; d: Discovery; file: string } | { ok: false; reason: string };

export function readDiscovery(workspace: string, dir = channelDir()): DiscoveryRead {
  const file = discoveryPath(workspace, dir);
  let text: string;
  try {
    if (process.platform !== 'win32') {
      const st = fs.lstatSync(file);
      if (!st.isFile()) return { ok: false, reason: `${file} is not a regular file` };
      if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return { ok: false, reason: `${file} belongs to another user` };
      if ((st.mode & 0o022) !== 0) return { ok: false, reason: `${file} is writable by others` };
    }
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      ok: false,
      reason: code === 'ENOENT' ? 'no running AgentGuard extension for this workspace (no discovery file)' : `cannot read ${file}: ${(e as Error).message}`,
    };
  }
  let d: unknown;
  try {
    d = JSON.parse(text);
  } catch {
    return { ok: false, reason: `${file} is not JSON` };
  }
  const o = d as Partial<Discovery>;
  if (!o || o.v !== 1 || typeof o.socket !== 'string' || typeof o.token !== 'string' || o.token.length < 16 || typeof o.workspace !== 'string') {
    return { ok: false, reason: `${file} is malformed` };
  }
  if (o.workspace !== workspace) return { ok: false, reason: `${file} is for another workspace` };
  return { ok: true, d: o as Discovery, file };
}

/** Remove the discovery file only if it is still ours (a newer window may have replaced it). */
export function removeDiscoveryIfOurs(file: string, token: string): void {
  try {
    const d = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Discovery>;
    if (d.token === token) fs.rmSync(file, { force: true });
  } catch {
    /* gone already */
  }
}
