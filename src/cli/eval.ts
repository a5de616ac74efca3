// `agentguard eval`: one JSON call per stdin line → exactly one JSON verdict per line, in order.
// The acceptance interface: keep its input and output stable. A malformed line yields a deny naming the
// error; it never ends the run. Each call goes through GuardService.run, deciding only: the same decision
// every channel gets, with nothing settled, run or recorded (a dry run is not a call an agent made).
import * as path from 'node:path';
import * as readline from 'node:readline';
import type { CanonicalCall, Op, Verdict } from '../core/types';
import { GuardService } from '../node/guardService';
import { formatError } from '../node/policyStore';
import { homeDir, type Io, parseArgs, resolveWorkspace, writeLine } from './common';

export function callFromJson(obj: unknown, n: number): CanonicalCall | string {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return 'each line must be a JSON object';
  const o = obj as Record<string, unknown>;
  const op = o.op;
  const base = { id: `eval-${n}`, agent: 'cli', channel: 'cli' as const, tool: 'eval', args: obj };
  if (op === 'exec') {
    if (typeof o.command !== 'string') return '`command` must be a string';
    if (o.cwd !== undefined && typeof o.cwd !== 'string') return '`cwd` must be a string';
    return { ...base, op: 'exec', paths: [], command: o.command, cwd: o.cwd as string | undefined };
  }
  if (op === 'read' || op === 'write' || op === 'delete' || op === 'rename' || op === 'list' || op === 'search') {
    const paths =
      typeof o.path === 'string' ? [o.path] : Array.isArray(o.paths) && o.paths.every((p) => typeof p === 'string') ? (o.paths as string[]) : undefined;
    if (!paths) return '`path` must be a string';
    if (op === 'rename' && typeof o.dest !== 'string') return 'rename needs `dest` (a string)';
    return { ...base, op: op as Op, paths, dest: o.dest as string | undefined };
  }
  return `unknown op ${JSON.stringify(op)}: expected read, write, delete, rename or exec`;
}

export async function evalCommand(argv: string[], io: Io): Promise<number> {
  const { opts } = parseArgs(argv, { values: ['workspace', 'policy'] });
  const defaultWorkspace = resolveWorkspace(opts.workspace as string | undefined);
  const services = new Map<string, GuardService>();
  const serviceFor = (workspace: string) => {
    let e = services.get(workspace);
    if (!e) {
      e = new GuardService({ workspace, home: homeDir(), policyFile: opts.policy as string | undefined });
      const loaded = e.policyState;
      if (loaded.state === 'last-good' || loaded.state === 'strict-fallback') {
        writeLine(
          io.stderr,
          `agentguard: the policy of ${workspace} is broken; using the ${loaded.state === 'strict-fallback' ? 'strict policy' : 'last good policy'}:`,
        );
        for (const err of loaded.errors) writeLine(io.stderr, '  ' + formatError(err));
      }
      services.set(workspace, e);
    }
    return e;
  };
  serviceFor(defaultWorkspace);
  // Without --workspace, an exec call's cwd is the agent's workspace (the folder it works in).
  const workspaceOf = (call: CanonicalCall) =>
    !opts.workspace && call.op === 'exec' && call.cwd && path.isAbsolute(call.cwd) ? resolveWorkspace(call.cwd) : defaultWorkspace;
  const rl = readline.createInterface({ input: io.stdin, crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    n++;
    let v: Verdict;
    if (line.trim() === '') {
      v = { decision: 'deny', rule: 'input:invalid', reason: `line ${n}: empty line` };
    } else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch (e) {
        parsed = undefined;
        v = { decision: 'deny', rule: 'input:invalid', reason: `line ${n}: not JSON (${(e as Error).message})` };
      }
      if (parsed !== undefined) {
        const call = callFromJson(parsed, n);
        if (typeof call === 'string') v = { decision: 'deny', rule: 'input:invalid', reason: `line ${n}: ${call}` };
        else v = (await serviceFor(workspaceOf(call)).run(call, { decideOnly: true })).verdict;
      }
    }
    writeLine(io.stdout, JSON.stringify({ decision: v!.decision, rule: v!.rule, reason: v!.reason, ...(v!.subcommand ? { subcommand: v!.subcommand } : {}) }));
  }
  return 0;
}
