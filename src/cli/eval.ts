// `agentguard eval`: one JSON call per stdin line → exactly one JSON verdict per line, in order.
// The acceptance interface: keep its input and output stable. A malformed line yields a deny naming the
// error; it never ends the run. Each call goes through GuardService.run, deciding only: the same decision
// every channel gets, with nothing run or recorded (a dry run is not a call an agent made).
// The lines are one session (src/cli/session.ts): a line may say when it happens (`at`: an ISO time or
// seconds since the first line), who makes it (`agent`, `channel`, `tool`, `session`) and how a person
// answers if the guard asks (`answer`), so rates, context rules and the breaker can be tried from the
// command line. A line without `at` is a case on its own: it sees the session's lockdown but neither sees nor
// adds to its counts (the acceptance corpora are lists of independent cases). `--session` makes every line part
// of the session, an untimed one at the time of the line before.
import * as path from 'node:path';
import * as readline from 'node:readline';
import type { CanonicalCall, Verdict } from '../core/types';
import { formatError } from '../node/policyStore';
import { homeDir, type Io, parseArgs, resolveWorkspace, writeLine } from './common';
import { callFromJson, CliSession } from './session';

export { callFromJson };

export async function evalCommand(argv: string[], io: Io): Promise<number> {
  const { opts } = parseArgs(argv, { values: ['workspace', 'policy'], flags: ['session'] });
  const defaultWorkspace = resolveWorkspace(opts.workspace as string | undefined);
  const session = new CliSession({ home: homeDir(), policyFile: opts.policy as string | undefined, untimedInSession: opts.session === true });
  const seen = new Set<string>();
  const serviceFor = (workspace: string) => {
    const e = session.service(workspace);
    if (!seen.has(workspace)) {
      seen.add(workspace);
      const loaded = e.policyState;
      if (loaded.state === 'last-good' || loaded.state === 'strict-fallback') {
        writeLine(
          io.stderr,
          `agentguard: the policy of ${workspace} is broken; using the ${loaded.state === 'strict-fallback' ? 'strict policy' : 'last good policy'}:`,
        );
        for (const err of loaded.errors) writeLine(io.stderr, '  ' + formatError(err));
      }
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
        else {
          const ws = workspaceOf(call);
          serviceFor(ws);
          const o = parsed as { at?: unknown; answer?: unknown };
          v = await session.decide(ws, call, o.at, o.answer);
          if (v.rule === 'input:invalid' && !v.reason.startsWith('line')) v = { ...v, reason: `line ${n}: ${v.reason}` };
        }
      }
    }
    writeLine(io.stdout, JSON.stringify({ decision: v!.decision, rule: v!.rule, reason: v!.reason, ...(v!.subcommand ? { subcommand: v!.subcommand } : {}) }));
  }
  return 0;
}
