// runCommand: `bash -c` in a child process, in the workspace (or a folder inside it). Output (stdout and
// stderr in arrival order) is size-limited — the head and the tail are kept, cut at line ends so no secret
// is split into a half the masker would not recognise — and masked by the chain before the model sees it.
// The process group is killed on timeout or cancellation, so a backgrounded child cannot outlive the call.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { isWithin } from '../../core/paths/normalize';
import { maskCredentialOutput } from '../hookBridge/credentialOutput';
import { type SecretFile, secretFilesRead, unmaskableWhy } from '../hookBridge/execReads';
import { secrets, type ToolEnv, ToolRefusal } from './env';
import { resolvePath } from './fsguard';
import { asObject, int, str } from './input';
import type { GuardedTool } from './guardedTool';

const KILL_GRACE_MS = 2_000;

export interface ExecInput {
  command: string;
  cwd?: string;
  timeoutMs?: number;
}
export interface ExecResult {
  command: string;
  exitCode: number | null;
  signal: string | null;
  output: string;
  truncatedBytes: number;
  timedOut: boolean;
  cancelled: boolean;
}

export const runCommandTool: GuardedTool<ExecInput, ExecResult> = {
  name: 'runCommand',
  parse(input) {
    const o = asObject(input, ['command', 'cwd', 'timeoutMs']);
    const command = str(o, 'command', { max: 16_384 });
    if (command.trim() === '') throw new ToolRefusal('`command` is empty');
    return { command, cwd: str(o, 'cwd', { optional: true }), timeoutMs: int(o, 'timeoutMs', { min: 1 }) };
  },
  toCall(input, meta, env) {
    // The cwd is judged as written by the engine; the handler checks where it really is.
    const cwd = input.cwd === undefined ? env.workspace : resolvePath(env, input.cwd).abs;
    return { ...meta, op: 'exec', paths: [], command: input.command, cwd, args: input };
  },
  describe: (i) => `run \`${i.command.length > 120 ? i.command.slice(0, 120) + '…' : i.command}\``,
  spec(env: ToolEnv) {
    return {
      clamp(call, limits) {
        const a = call.args as ExecInput;
        if (a.timeoutMs !== undefined && a.timeoutMs > limits.commandTimeoutMs) {
          return { call: { ...call, args: { ...a, timeoutMs: limits.commandTimeoutMs } }, notes: [`timeoutMs ${a.timeoutMs} → ${limits.commandTimeoutMs}`] };
        }
        return { call, notes: [] };
      },
      async handler(call, limits, signal) {
        const input = call.args as ExecInput;
        const cwd = call.cwd ?? env.workspace;
        // Threat: a cwd that is (or passes through) a symlink out of the workspace.
        const real = fs.realpathSync(cwd);
        if (!isWithin(env.workspace, real)) throw new ToolRefusal(`the working directory ${cwd} is outside the workspace; commands run inside it`);
        if (!fs.statSync(real).isDirectory()) throw new ToolRefusal(`the working directory ${cwd} is not a directory`);
        return runBash(
          call.command!,
          real,
          Math.min(input.timeoutMs ?? limits.commandTimeoutMs, limits.commandTimeoutMs),
          limits.maxCommandOutputBytes,
          signal,
        );
      },
      // Threat: a command that transforms a file holding secrets (`rev`, `base64`, a byte slice, an
      // interpreter) prints them in a form the output masking cannot recognise. As on the hook bridge, a
      // command reading such a file runs only as a plain reader whose output is the file's own lines.
      shows(call, verdict, compiled) {
        const a = verdict.analysis;
        if (!a) {
          return {
            decision: 'deny',
            rule: 'fail-closed',
            reason: 'AgentGuard has no analysis of this command, so it cannot tell whether its output shows secrets it cannot mask; it was not run.',
          };
        }
        const ws = { root: env.workspace, compiled };
        let files: SecretFile[];
        try {
          files = secretFilesRead(ws, a.paths);
        } catch (e) {
          return {
            decision: 'deny',
            rule: 'secret-exec',
            reason: `AgentGuard could not check whether this command shows secrets from the workspace (${(e as Error).message}), so it was not run.`,
          };
        }
        const why = unmaskableWhy(ws, a, files);
        if (!why) return undefined;
        const names = files.map((f) => f.rel);
        const list = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
        return {
          decision: 'deny',
          rule: 'secret-exec',
          reason:
            `AgentGuard refused this command: ${list} ${names.length === 1 ? 'holds' : 'hold'} secret values, and ${why}, so AgentGuard could not recognise and mask them in what the command prints. ` +
            `Print the file as it is (cat, head, tail, grep, sed -n) or read it with the readFile tool: that output is masked.`,
        };
      },
      // A command that prints a credential (`gh auth token`) prints it bare, with no key to recognise: its value
      // lines are masked by what the command names (credentialOutput.ts), then everything by the patterns.
      maskResult: (r, mask) => ({
        ...r,
        output: mask(maskCredentialOutput(r.output, [r.command], undefined, (v) => secrets().valueLooksSecret(v, 'strong', true))),
        command: mask(r.command),
      }),
    };
  },
  render(r) {
    const status = r.timedOut
      ? 'timed out and was stopped'
      : r.cancelled
        ? 'was cancelled'
        : r.signal
          ? `was killed by ${r.signal}`
          : `exited with code ${r.exitCode}`;
    const trunc = r.truncatedBytes ? `\n(${r.truncatedBytes} bytes of output were left out in the middle: the output limit.)` : '';
    return `The command ${status}.\nOutput:\n${r.output === '' ? '(none)' : r.output}${trunc}`;
  },
};

/** Keeps the first and last `limit/2` bytes of a stream. */
class HeadTail {
  private head: Buffer[] = [];
  private headLen = 0;
  private tail: Buffer[] = [];
  private tailLen = 0;
  total = 0;
  constructor(private readonly limit: number) {}
  push(b: Buffer): void {
    this.total += b.length;
    const half = Math.floor(this.limit / 2);
    if (this.headLen < half) {
      const take = b.subarray(0, half - this.headLen);
      this.head.push(take);
      this.headLen += take.length;
      b = b.subarray(take.length);
    }
    if (b.length === 0) return;
    this.tail.push(b);
    this.tailLen += b.length;
    while (this.tailLen - this.tail[0].length >= half) this.tailLen -= this.tail.shift()!.length;
  }
  text(): { text: string; dropped: number } {
    const head = Buffer.concat(this.head).toString('utf8');
    let tail = Buffer.concat(this.tail);
    const half = Math.floor(this.limit / 2);
    if (tail.length > half) tail = tail.subarray(tail.length - half);
    const kept = this.headLen + tail.length;
    if (kept >= this.total) return { text: head + tail.toString('utf8'), dropped: 0 };
    // Cut at line ends so that no secret is split into halves the masker cannot see whole.
    const h = head.lastIndexOf('\n');
    const t = tail.toString('utf8');
    const tn = t.indexOf('\n');
    const headPart = h >= 0 ? head.slice(0, h + 1) : '';
    const tailPart = tn >= 0 ? t.slice(tn + 1) : '';
    const dropped = this.total - Buffer.byteLength(headPart) - Buffer.byteLength(tailPart);
    return { text: `${headPart}[… ${dropped} bytes left out …]\n${tailPart}`, dropped };
  }
}

export function runBash(command: string, cwd: string, timeoutMs: number, maxBytes: number, signal: AbortSignal): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const out = new HeadTail(maxBytes);
    const child = spawn('bash', ['-c', command], {
      cwd,
      detached: true, // its own process group, so the whole tree can be stopped
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' },
    });
    let timedOut = false;
    let cancelled = false;
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    const killGroup = (sig: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {
        /* already gone */
      }
    };
    const stop = () => {
      killGroup('SIGTERM');
      killTimer ??= setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    const onAbort = () => {
      cancelled = true;
      stop();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    const cleanup = () => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      signal.removeEventListener('abort', onAbort);
    };
    child.on('error', (e) => {
      cleanup();
      reject(e);
    });
    child.on('close', (code, sig) => {
      cleanup();
      // A background child may still hold the group: stop it, the call is over.
      if (timedOut || cancelled) killGroup('SIGKILL');
      const { text, dropped } = out.text();
      resolve({ command, exitCode: code, signal: sig, output: text, truncatedBytes: dropped, timedOut, cancelled });
    });
  });
}
