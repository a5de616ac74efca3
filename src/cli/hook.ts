// `agentguard hook [--host vscode|claude|cline] [--event pre|post] [--workspace DIR] [--timeout S]`
// Run by an agent host for each tool call (VS Code agent hooks, Claude Code hooks, Cline hooks): the hook
// JSON on stdin, the answer in the host's protocol on stdout.
// 1. Ask the running extension over the local channel (it shows the modal and writes the audit).
// 2. Unreachable (no discovery file, stale socket, bad token, deadline): the same answer code runs here, on
//    a GuardService of this process whose confirmer hands `ask` back to the host's own prompt where it has
//    one and refuses otherwise; the service writes the audit record; a note is left for the status bar.
// 3. A payload that does not parse is recorded as refused input, then refused.
// 4. Any internal error: exit 2 with the reason on stderr (a refusal in VS Code and Claude Code; Cline,
//    which ignores exit codes, also gets `cancel: true` on stdout).
// Startup matters (VS Code runs this before every tool, one after another): the policy engine, YAML and
// the masking catalog are only loaded when the extension cannot answer. The installed hook command is the
// lean bundle dist/hook.js (src/cli/hookEntry.ts), which carries only this front half (`runHook`) and
// loads the rest from dist/cli.js when it has to decide alone.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HOSTS, type HookAnswer, type HookEnvelope, type HookPhase, type HostId, parseEnvelope, planHook, render, renderError } from '../core/hooks';
import { askChannel } from '../node/hookBridge/channelClient';
import { failureNotePath, writePrivateJson } from '../node/hookBridge/discovery';
import { hooksStatus } from '../node/hookBridge/install';
import type { Io } from './common';
import { parseArgs, UsageError } from './common';

/** The host's default hook timeout (VS Code and Cline: 30 s); we answer with a margin before it. */
const DEFAULT_HOST_TIMEOUT_S = 30;
const MARGIN_MS = 3_000;

function emit(io: Io, r: { stdout: string; stderr: string; exitCode: number }): number {
  if (r.stdout) io.stdout.write(r.stdout);
  if (r.stderr) io.stderr.write(r.stderr);
  return r.exitCode;
}

function readAll(stream: NodeJS.ReadableStream, deadline: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => reject(new Error('stdin was not closed in time')), Math.max(1, deadline - Date.now()));
    stream.on('data', (c: Buffer | string) => {
      const b = typeof c === 'string' ? Buffer.from(c) : c;
      size += b.length;
      if (size > 32 * 1024 * 1024) {
        clearTimeout(timer);
        reject(new Error('stdin is larger than 32 MiB'));
        return;
      }
      chunks.push(b);
    });
    stream.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    stream.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

function workspaceOf(opt: string | undefined): string {
  // Never the payload's cwd: Claude Code's follows `cd`, and a guard whose workspace an agent can move is
  // no guard. The installed command names the workspace; CLAUDE_PROJECT_DIR and our own cwd are fallbacks.
  const dir = opt ?? process.env.CLAUDE_PROJECT_DIR ?? process.cwd();
  try {
    return fs.realpathSync.native(path.resolve(dir));
  } catch (e) {
    throw new Error(`the workspace ${dir} cannot be resolved: ${(e as Error).message}`);
  }
}

/** The half of the bridge that needs the policy: injected so the lean entry can load it late. */
export interface Alone {
  /** Answer a payload without the extension: the service of this process decides, records and attributes. */
  decide(workspace: string, env: HookEnvelope, why: string): Promise<{ answer: HookAnswer }>;
  /** Record a payload that could not be read, as refused input (the log shows every attempt). */
  recordMalformed(workspace: string, host: HostId | undefined, payload: string, error: string): Promise<void>;
}

export const alone: Alone = {
  async decide(workspace, env, why) {
    // Loaded lazily: the policy, YAML parser and masking catalog cost startup time the channel path avoids.
    const [{ GuardService }, { answerHook, unreachable }, { homeDir }, { FileHostWindows }, { compileIgnore }] = await Promise.all([
      import('../node/guardService'),
      import('../node/hookBridge/answer'),
      import('./common'),
      import('../node/hookBridge/windowFiles'),
      import('../core/snapshot/ignore'),
    ]);
    // This process answers one hook: the before-hook's window is kept on disk for the after-hook's process.
    const windows: InstanceType<typeof FileHostWindows> = new FileHostWindows({
      workspace,
      ignore: () => compileIgnore(service.policy.snapshot.ignore),
      mask: (v) => service.maskValue(v),
      skip: () => [service.auditFile],
    });
    const service: InstanceType<typeof GuardService> = new GuardService({
      workspace,
      home: homeDir(),
      session: env.sessionId ? `${env.host}:${env.sessionId}` : undefined,
      confirmer: unreachable(env.host, why),
      windows,
    });
    return answerHook(service, env);
  },
  async recordMalformed(workspace, host, payload, error) {
    const [{ GuardService, newCallId }, { AGENTS }, { homeDir }] = await Promise.all([
      import('../node/guardService'),
      import('../core/hooks'),
      import('./common'),
    ]);
    const service = new GuardService({ workspace, home: homeDir() });
    await service.run(
      {
        id: newCallId(),
        agent: host ? AGENTS[host] : 'unknown host',
        channel: 'hook',
        tool: '(a payload that could not be read)',
        op: 'exec',
        paths: [],
        args: { payload },
        preset: { kind: 'refuse', rule: 'input:invalid', reason: `the hook payload was refused: ${error}` },
      },
      { hostRuns: 'before' },
    );
  },
};

function noteFailure(workspace: string, env: HookEnvelope, why: string): void {
  try {
    writePrivateJson(failureNotePath(workspace), { time: new Date().toISOString(), host: env.host, tool: env.toolName, reason: why });
  } catch {
    /* the note is for the status bar; the decision stands without it */
  }
}

export function hookCommand(argv: string[], io: Io): Promise<number> {
  return runHook(argv, io, alone);
}

/** The bridge with its alone half injected (the caller decides how much code that loads). */
export async function runHook(argv: string[], io: Io, alone: Alone): Promise<number> {
  const started = Date.now();
  let host: HostId | undefined;
  let phase: HookPhase | undefined;
  try {
    const { opts } = parseArgs(argv, { values: ['host', 'event', 'workspace', 'timeout'] });
    if (opts.host !== undefined) {
      if (!HOSTS.includes(opts.host as HostId)) throw new UsageError(`--host must be one of ${HOSTS.join(', ')}`);
      host = opts.host as HostId;
    }
    if (opts.event !== undefined) {
      if (opts.event !== 'pre' && opts.event !== 'post') throw new UsageError('--event must be pre or post');
      phase = opts.event;
    }
    const hostTimeoutS = opts.timeout !== undefined ? Number(opts.timeout) : DEFAULT_HOST_TIMEOUT_S;
    if (!Number.isFinite(hostTimeoutS) || hostTimeoutS <= 0) throw new UsageError('--timeout must be a positive number of seconds');
    const deadline = started + Math.max(1_000, hostTimeoutS * 1000 - MARGIN_MS);

    const text = await readAll(io.stdin, deadline);
    const workspace = workspaceOf(opts.workspace as string | undefined);
    let parsed = parseEnvelope(text, host);
    if (!parsed.ok) {
      try {
        await alone.recordMalformed(workspace, host, text, parsed.error);
      } catch {
        /* the refusal below stands without the record */
      }
      throw new Error(parsed.error);
    }
    if (host === 'claude' && parsed.env.toolUseId?.includes('__vscode-')) {
      // VS Code also runs the hooks in .claude/settings*.json, with VS Code payloads and tool names. Our
      // VS Code entry answers those; without one, this entry judges the call as the VS Code call it is.
      if (hooksStatus(workspace).vscode) return emit(io, render('vscode', parsed.env.phase, {}));
      parsed = parseEnvelope(text, 'vscode');
      if (!parsed.ok) throw new Error(parsed.error);
    }
    const env = parsed.env;
    host = env.host;
    // The installer registers `--event pre|post` only on the tool events: any other event name there (a
    // misspelt `preToolUse`, a lifecycle name with a tool call) is not a call we may let through undecided.
    if (phase && env.phase !== phase) throw new Error(`the hook is installed for ${phase} events but received ${env.eventName}`);
    phase = env.phase;
    if (env.phase === 'other') return emit(io, render(env.host, 'other', {}));
    // A tool with no file or exec effect needs neither the extension nor the policy: answer at once.
    if (env.phase === 'pre' && planHook(env).kind === 'pass') return emit(io, render(env.host, 'pre', {}));

    // The alone path needs time too (policy load, audit append): the channel gets what is left minus that.
    const asked = await askChannel(workspace, env.host, text, { deadline: deadline - 1_500 });
    if (asked.ok) return emit(io, render(env.host, env.phase, asked.answer));
    if (env.phase === 'pre') noteFailure(workspace, env, asked.reason);
    const result = await alone.decide(workspace, env, asked.reason);
    return emit(io, render(env.host, env.phase, result.answer));
  } catch (e) {
    const msg = e instanceof UsageError ? `usage: ${e.message}` : ((e as Error)?.message ?? String(e));
    return emit(io, renderError(host, phase, msg));
  }
}
