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
import { HOSTS, type HookAnswer, type HookEnvelope, type HookPhase, type HostId, parseEnvelope, type RanTool, render, renderError } from '../core/hooks';
import { askChannel } from '../node/hookBridge/channelClient';
import { failureNotePath, writePrivateJson } from '../node/hookBridge/discovery';
import { hooksStatus } from '../node/hookBridge/install';
import type { Io } from './common';
import { parseArgs, UsageError } from './common';

/**
 * Each host's own hook timeout when its config gives none, seconds (we answer with a margin before it; the installer
 * always writes `--timeout`): VS Code's executor 30 s (hookExecutor.ts DEFAULT_TIMEOUT_SEC); Claude Code 600 s for
 * command hooks (since 2.1.3); Cline 30 s in the VS Code extension (120 s in its SDK/CLI: the shorter is kept, so the
 * answer is never later than the host waits); Gemini CLI 60 s (hookRunner.ts, 60 000 ms); Codex 600 s.
 * hook-protocols.md §0 and §2–4. Without `--host` the shortest, 30 s.
 */
export const DEFAULT_HOST_TIMEOUT_S: Record<HostId, number> = { vscode: 30, claude: 600, cline: 30, gemini: 60, codex: 600 };
const SHORTEST_HOST_TIMEOUT_S = Math.min(...Object.values(DEFAULT_HOST_TIMEOUT_S));
const MARGIN_MS = 3_000;

function emit(io: Io, r: { stdout: string; stderr: string; exitCode: number }): number {
  if (r.stdout) io.stdout.write(r.stdout);
  if (r.stderr) io.stderr.write(r.stderr);
  return r.exitCode;
}

/** The most of a payload kept when it is too large to read whole: enough to tell which tool's output it carries. */
const HEAD_BYTES = 256 * 1024;
const MAX_STDIN = 32 * 1024 * 1024;

/**
 * The whole of stdin. One over MAX_STDIN (or not closed in time) is refused, but its head is kept in `seen`:
 * an after-hook must still answer in the tool's output shape, withholding it (Claude Code shows the output as it
 * is on an exit 2), so the stream is drained to its end rather than abandoned.
 */
function readAll(stream: NodeJS.ReadableStream, deadline: number, seen: { head?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const head = () => Buffer.concat(chunks).subarray(0, HEAD_BYTES).toString('utf8');
    const timer = setTimeout(
      () => {
        seen.head = head();
        reject(new Error('stdin was not closed in time'));
      },
      Math.max(1, deadline - Date.now()),
    );
    stream.on('data', (c: Buffer | string) => {
      const b = typeof c === 'string' ? Buffer.from(c) : c;
      size += b.length;
      if (size - b.length > MAX_STDIN) return;
      chunks.push(b);
      if (size > MAX_STDIN) {
        seen.head = head();
        chunks.length = 0;
      }
    });
    stream.on('end', () => {
      clearTimeout(timer);
      if (size > MAX_STDIN) reject(new Error('stdin is larger than 32 MiB'));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    stream.on('error', (e) => {
      clearTimeout(timer);
      seen.head ??= head();
      reject(e);
    });
  });
}

/**
 * What a payload too large to read says it ran, from its head: the tool's name gives its output's shape (a Bash
 * result, an MCP content list), whose every string is then withheld. Undefined: no tool name in the head.
 */
export function ranOfHead(head: string | undefined): RanTool | undefined {
  const name = head === undefined ? undefined : /"tool_name"\s*:\s*"([^"\\]{1,200})"/.exec(head)?.[1];
  if (name === undefined) return undefined;
  if (name === 'Bash') return { toolResponse: { stdout: '', stderr: '', interrupted: false, isImage: false } };
  if (name === 'Read') return { toolResponse: { type: 'text', file: { content: '', filePath: '' } } };
  if (name.startsWith('mcp__')) return { toolResponse: [{ type: 'text', text: '' }] };
  return { toolResponse: { output: '' } };
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
  return runHook(argv, io, alone, { exit: exitSoon });
}

/** End the process once what was written has drained (stdout and stderr are pipes to the host). */
export function exitSoon(code: number): void {
  process.exitCode = code;
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}

/** What an after-hook payload says the tool ran with and returned, read leniently (the payload may have been refused). */
function ranOf(text: string | undefined): RanTool | undefined {
  if (text === undefined || text.length > 64 * 1024 * 1024) return undefined;
  try {
    const p = JSON.parse(text) as Record<string, unknown> | null;
    if (!p || typeof p !== 'object') return undefined;
    const call = p.tool_call && typeof p.tool_call === 'object' ? (p.tool_call as Record<string, unknown>) : undefined;
    const response = p.tool_response ?? p.tool_result ?? p.postToolUse;
    return response === undefined ? undefined : { toolInput: p.tool_input ?? call?.input, toolResponse: response };
  } catch {
    return undefined;
  }
}

/** The share of the host's time left for deciding alone after the channel gave up: policy load, masking, audit. */
function aloneReserveMs(budgetMs: number): number {
  return Math.min(10_000, Math.max(1_500, Math.floor(budgetMs / 4)));
}

/**
 * After the tool ran the extension has nothing to ask a person: it answers in well under a second, so a slow
 * one is not waited for long — the time is better spent masking here than lost to a host that kills the
 * hook at its own timeout and shows the output unmasked.
 */
const POST_CHANNEL_MS = 15_000;

/** A masking rate a loaded machine keeps (bytes per ms, well under the measured 2–3 MB/s at load 8). */
const MASK_BYTES_PER_MS = 500;

class Deadline extends Error {}

export interface HookRunOptions {
  /**
   * Called when the bridge answered at its deadline while work was still running: the process must end now,
   * or the host kills it at its own timeout and ignores the answer (a tool that proceeds, an output unmasked).
   */
  exit?(code: number): void;
}

/** The bridge with its alone half injected (the caller decides how much code that loads). */
export async function runHook(argv: string[], io: Io, alone: Alone, run: HookRunOptions = {}): Promise<number> {
  const started = Date.now();
  let host: HostId | undefined;
  let phase: HookPhase | undefined;
  let text: string | undefined;
  const seen: { head?: string } = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
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
    const hostTimeoutS = opts.timeout !== undefined ? Number(opts.timeout) : host !== undefined ? DEFAULT_HOST_TIMEOUT_S[host] : SHORTEST_HOST_TIMEOUT_S;
    if (!Number.isFinite(hostTimeoutS) || hostTimeoutS <= 0) throw new UsageError('--timeout must be a positive number of seconds');
    const budget = Math.max(1_000, hostTimeoutS * 1000 - MARGIN_MS);
    const deadline = started + budget;

    // A host kills a hook that overruns its timeout and then goes on as if there were no hook: the tool runs,
    // its output reaches the model unmasked. Whatever is still undecided at the deadline is refused here
    // instead (before: deny; after: the output withheld), and the process ends.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Deadline(`AgentGuard did not decide within the host's ${hostTimeoutS} s hook timeout`)),
        Math.max(1, deadline - Date.now()),
      );
    });
    const work = async (): Promise<number> => {
      text = await readAll(io.stdin, deadline, seen);
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
      // A tool with no file or exec effect is still a call: it goes to the extension (or this process) like any
      // other, to be recorded in the audit (it was answered here at once, and no line said it happened).

      // The alone path needs time too (policy load, masking, audit append): the channel gets what is left minus that.
      let channelDeadline = deadline - aloneReserveMs(budget);
      if (env.phase === 'post') channelDeadline = Math.min(channelDeadline, started + POST_CHANNEL_MS);
      const asked = await askChannel(workspace, env.host, text, { deadline: channelDeadline });
      if (asked.ok) return emit(io, render(env.host, env.phase, asked.answer, env.eventName));
      if (env.phase === 'pre') noteFailure(workspace, env, asked.reason);
      // Masking is one synchronous pass that no timer interrupts: an output too large to mask in the time
      // left (at a rate a loaded machine keeps) is withheld now rather than shown unmasked when the host
      // kills the hook mid-pass.
      if (env.phase === 'post' && text.length > (deadline - Date.now()) * MASK_BYTES_PER_MS)
        throw new Deadline(`the output (${text.length} bytes) is too large to mask within the host's ${hostTimeoutS} s hook timeout`);
      const result = await alone.decide(workspace, env, asked.reason);
      return emit(io, render(env.host, env.phase, result.answer, env.eventName));
    };
    return await Promise.race([work(), late]);
  } catch (e) {
    const msg = e instanceof UsageError ? `usage: ${e.message}` : ((e as Error)?.message ?? String(e));
    const code = emit(io, renderError(host, phase, msg, phase === 'post' ? (ranOf(text) ?? ranOfHead(seen.head)) : undefined));
    if (e instanceof Deadline) run.exit?.(code);
    return code;
  } finally {
    if (timer) clearTimeout(timer);
  }
}
