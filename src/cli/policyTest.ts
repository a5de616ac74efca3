// `agentguard test [FILE…]`: policy tests, so a team pins its policy in CI.
// A test file is YAML:
//   policy: default | strict | <path to a policy file>   (optional; default: the workspace's policy)
//           | [default, python, …]                       (a shipped base with packs, as `extends:` names them)
//   rootEntries: [pyproject.toml, …]   (optional, with a shipped policy: the folder's root, to detect packs)
//   cases:
//     - name: denies editing tests/a.test.ts
//       call: {op: write, path: tests/a.test.ts}
//       expect: deny
//     - name: the 121st command of a minute is asked          (a session: rates, context, the breaker)
//       steps:
//         - call: {op: exec, command: npm test, agent: claude-code, channel: hook, tool: Bash}
//           repeat: 120        # the same call this many times…
//           every: 0.4         # …this many seconds apart (default 0); `at: S` sets a step's time
//           expect: allow      # each of them (or {decision: ask, rule: "rate:*", risk: high, reason: "text"})
//         - call: {op: exec, command: npm test, agent: claude-code, channel: hook, tool: Bash}
//           expect: {decision: ask, rule: rate:commands}
//         - lockdown: off      # a person ends a lockdown (or `on`)
//       A step's `answer: deny|allow` is how a person answers if the guard asks.
// Cases with `call` are independent of each other; the steps of one case are one session, starting at 0 s.
// With a shipped policy the cases run in an empty temporary workspace, so they do not depend on what is on
// disk; otherwise in --workspace (default: the current folder).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { mergeLayers } from '../core/policy/layers';
import type { Policy } from '../core/policy/types';
import { globMatch } from '../core/context/selector';
import { isDecision, type Verdict } from '../core/types';
import { compilePolicy, formatError, PolicyStore, shippedLayer, POLICY_FILE } from '../node/policyStore';
import { homeDir, type Io, parseArgs, resolveWorkspace, UsageError, writeLine } from './common';
import { callFromJson, CliSession } from './session';

type Expect = string | { decision?: string; rule?: string; risk?: string; reason?: string };

interface Step {
  call?: unknown;
  at?: unknown;
  repeat?: unknown;
  every?: unknown;
  answer?: unknown;
  expect?: Expect;
  lockdown?: unknown;
}

interface TestFile {
  policy?: string | string[];
  rootEntries?: string[];
  cases: { name: string; call?: unknown; expect?: Expect; steps?: Step[] }[];
}

/** Why a verdict does not meet an expectation, or undefined when it does. */
function unmet(e: Expect | undefined, v: Verdict): string | undefined {
  if (e === undefined) return undefined;
  const want = typeof e === 'string' ? { decision: e } : e;
  if (want.decision !== undefined && !isDecision(want.decision)) return 'invalid case (expect must be allow, ask or deny)';
  const got = `${v.decision} (${v.rule}${v.risk ? `, risk ${v.risk}` : ''}: ${v.reason})`;
  if (want.decision && v.decision !== want.decision) return `expected ${want.decision}, got ${got}`;
  if (want.rule && !globMatch(want.rule, v.rule)) return `expected rule ${want.rule}, got ${got}`;
  if (want.risk && v.risk !== want.risk) return `expected risk ${want.risk}, got ${got}`;
  if (want.reason && !v.reason.toLowerCase().includes(want.reason.toLowerCase())) return `expected the reason to say "${want.reason}", got ${got}`;
  return undefined;
}

/** The steps of one case, as one session. Returns what failed, or undefined. */
async function runSteps(session: CliSession, workspace: string, steps: Step[]): Promise<string | undefined> {
  if (!Array.isArray(steps) || steps.length === 0) return 'invalid case (`steps` must be a non-empty list)';
  let t = 0;
  let n = 0;
  for (const [i, st] of steps.entries()) {
    const where = `step ${i + 1}`;
    if (!st || typeof st !== 'object') return `${where}: invalid step`;
    if (st.lockdown !== undefined) {
      if (st.lockdown !== 'on' && st.lockdown !== 'off' && typeof st.lockdown !== 'boolean') return `${where}: \`lockdown\` must be on or off`;
      if (st.at !== undefined) {
        if (typeof st.at !== 'number' || st.at < t) return `${where}: \`at\` must be a number of seconds, not before the step before`;
        t = st.at;
        session.clock.advance(t);
      }
      session.lockdown(workspace, st.lockdown === 'on' || st.lockdown === true);
      continue;
    }
    const repeat = st.repeat === undefined ? 1 : st.repeat;
    const every = st.every === undefined ? 0 : st.every;
    if (typeof repeat !== 'number' || !Number.isInteger(repeat) || repeat < 1 || repeat > 100_000) return `${where}: \`repeat\` must be a whole number from 1`;
    if (typeof every !== 'number' || every < 0) return `${where}: \`every\` must be a number of seconds`;
    if (st.at !== undefined) {
      if (typeof st.at !== 'number' || st.at < t) return `${where}: \`at\` must be a number of seconds, not before the step before`;
      t = st.at;
    }
    for (let k = 0; k < repeat; k++) {
      const call = callFromJson(st.call, ++n);
      if (typeof call === 'string') return `${where}: invalid call (${call})`;
      const at = t + k * every;
      const v = await session.decide(workspace, call, at, st.answer);
      const why = unmet(st.expect, v);
      if (why) return `${where}${repeat > 1 ? `, call ${k + 1} of ${repeat}` : ''} at ${at} s: ${why}`;
    }
    t += (repeat - 1) * every;
  }
  return undefined;
}

export async function testCommand(argv: string[], io: Io): Promise<number> {
  const { opts, rest } = parseArgs(argv, { values: ['workspace'] });
  const files = rest.length ? rest : [path.join(resolveWorkspace(opts.workspace as string | undefined), '.agentguard.test.yaml')];
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const doc = parse(fs.readFileSync(file, 'utf8')) as TestFile;
    if (!doc || !Array.isArray(doc.cases)) throw new UsageError(`${file}: expected a mapping with a \`cases\` list`);
    let workspace: string;
    let policy: Policy;
    let tmp: string | undefined;
    if (doc.rootEntries !== undefined && (!Array.isArray(doc.rootEntries) || !doc.rootEntries.every((e) => typeof e === 'string'))) {
      throw new UsageError(`${file}: \`rootEntries\` must be a list of file names`);
    }
    if (doc.policy === 'default' || doc.policy === 'strict') {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agentguard-test-'));
      workspace = fs.realpathSync(tmp);
      policy = mergeLayers({ base: shippedLayer(doc.policy), baseName: doc.policy, trusted: true, rootEntries: doc.rootEntries }).policy;
    } else if (Array.isArray(doc.policy)) {
      // The policy a file with `extends: [<these>]` and nothing else would give.
      if (!doc.policy.every((n) => typeof n === 'string')) throw new UsageError(`${file}: \`policy\` must list names such as [default, python]`);
      const c = compilePolicy(`version: 1\nextends: [${doc.policy.join(', ')}]\n`, file, true);
      if (!c.policy) {
        for (const e of c.errors) writeLine(io.stdout, formatError(e));
        return 1;
      }
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agentguard-test-'));
      workspace = fs.realpathSync(tmp);
      policy = c.policy;
    } else {
      workspace = resolveWorkspace(opts.workspace as string | undefined);
      if (doc.policy) {
        const pf = path.resolve(path.dirname(file), doc.policy as string);
        const c = compilePolicy(fs.readFileSync(pf, 'utf8'), pf, true);
        if (!c.policy) {
          for (const e of c.errors) writeLine(io.stdout, formatError(e));
          return 1;
        }
        policy = c.policy;
      } else {
        const loaded = new PolicyStore().load(workspace);
        if (loaded.state !== 'ok' && loaded.state !== 'default') {
          for (const e of loaded.errors) writeLine(io.stdout, formatError(e));
          writeLine(io.stdout, `${path.join(workspace, POLICY_FILE)} is broken; fix it before testing it`);
          return 1;
        }
        policy = loaded.policy;
      }
    }
    try {
      // The same pipeline every channel uses, deciding only. Independent cases share one session, each
      // untimed (so none sees another's counts); a case with steps is a session of its own.
      const shared = new CliSession({ home: homeDir(), policy });
      for (const [i, c] of doc.cases.entries()) {
        const label = `${path.basename(file)}: ${c.name ?? `case ${i + 1}`}`;
        let why: string | undefined;
        if (c.steps !== undefined) {
          why = await runSteps(new CliSession({ home: homeDir(), policy, start: 0 }), workspace, c.steps);
        } else {
          const call = callFromJson(c.call, i + 1);
          if (typeof call === 'string' || c.expect === undefined) why = `invalid case (${typeof call === 'string' ? call : 'a case needs `expect`'})`;
          else why = unmet(c.expect, await shared.decide(workspace, call, undefined));
        }
        if (why === undefined) {
          passed++;
          writeLine(io.stdout, `✓ ${label}`);
        } else {
          failed++;
          writeLine(io.stdout, `✗ ${label}: ${why}`);
        }
      }
    } finally {
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  writeLine(io.stdout, `${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}
