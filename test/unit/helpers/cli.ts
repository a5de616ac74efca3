// Run the built CLI (dist/cli.js) as a real process.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

export const REPO = path.join(__dirname, '..', '..', '..');
export const CLI = path.join(REPO, 'dist', 'cli.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { input?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    input: opts.input ?? '',
    cwd: opts.cwd ?? REPO,
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Send calls through `agentguard eval`; one verdict per call, in order. */
export function evalCalls(
  calls: unknown[],
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): { decision: string; rule: string; reason: string }[] {
  const r = runCli(['eval', ...args], { ...opts, input: calls.map((c) => JSON.stringify(c)).join('\n') + '\n' });
  if (r.code !== 0) throw new Error(`agentguard eval exited ${r.code}: ${r.stderr}`);
  const lines = r.stdout.trimEnd().split('\n');
  if (lines.length !== calls.length) throw new Error(`expected ${calls.length} verdicts, got ${lines.length}: ${r.stdout.slice(0, 500)}`);
  return lines.map((l) => JSON.parse(l));
}
