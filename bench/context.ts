// The added cost of the context step (context narrowing, risk, lockdown, rates in the shared file store) per
// decision, as a ratio to the engine's decision alone, same run, same calls. Three calls: a read (no rate
// applies: the lockdown's stat only), a benign command (the default `commands` rate: one O_APPEND write and a
// read-back of the minute's new lines), and a write under a policy with a narrowed rule (the context view).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ContextGate } from '../src/core/context/gate';
import { Engine } from '../src/core/engine';
import type { CanonicalCall } from '../src/core/types';
import { FileCounterStore } from '../src/node/counters/fileStore';
import { nodeFsProbe } from '../src/node/fsProbe';
import { compilePolicy } from '../src/node/policyStore';
import { emit, type Figure, latencies, median, percentile, spread } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const N = Number(process.env.BENCH_N ?? 5000);

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-ctx-')));
const ws = path.join(root, 'ws');
fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
fs.writeFileSync(path.join(ws, 'src', 'a.ts'), 'x');
try {
  const text = 'version: 1\npaths:\n  docs:\n    match: ["docs/**"]\n    write: ask\n    unless: {agent: claude-code}\n';
  const policy = compilePolicy(text, 'bench.yaml', true).policy!;
  const engine = new Engine(policy);
  const env = { ctx: { workspace: ws, home: os.homedir() }, probe: nodeFsProbe };
  let n = 0;
  const calls: Omit<CanonicalCall, 'id'>[] = [
    { op: 'read', paths: ['src/a.ts'], agent: 'claude-code', channel: 'hook', tool: 'Read', args: {} },
    { op: 'exec', paths: [], command: 'npm test', agent: 'claude-code', channel: 'hook', tool: 'Bash', args: {} },
    { op: 'write', paths: ['docs/x.md'], agent: 'claude-code', channel: 'hook', tool: 'Write', args: {} },
  ];
  const figures: Figure[] = [];
  for (const c of calls) {
    const label = c.op === 'exec' ? 'a benign command (one rate counted)' : c.op === 'read' ? 'a read (no rate applies)' : 'a write under a narrowed rule';
    const alone: number[] = [];
    const withCtx: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      // A fresh store each run, limits out of reach: every call is counted and admitted.
      // A busy agent: a call every 0.6 s of a clock the bench moves, so a one-minute window holds 100 calls.
      let t = Date.now();
      const now = () => t;
      const store = new FileCounterStore(path.join(root, `store-${label.length}-${r}`), { now });
      const gate = new ContextGate({ store, now, session: () => 'bench' });
      const big = { ...policy, rates: policy.rates.map((x) => ({ ...x, limit: 1e9 })) };
      const a = latencies(() => engine.decide({ ...c, id: `a${++n}` } as CanonicalCall, env), N);
      const b = latencies(() => {
        t += 600;
        const call = { ...c, id: `b${++n}` } as CanonicalCall;
        const v = engine.decide(call, env);
        gate.judge(call, v, big);
        gate.settled([call], [{ call, verdict: v }], big);
      }, N);
      alone.push(median(a), percentile(a, 99));
      withCtx.push(median(b), percentile(b, 99));
    }
    const p50a = median(alone.filter((_, i) => i % 2 === 0));
    const p50b = median(withCtx.filter((_, i) => i % 2 === 0));
    const p99a = median(alone.filter((_, i) => i % 2 === 1));
    const p99b = median(withCtx.filter((_, i) => i % 2 === 1));
    figures.push({
      name: `decision with the context step, p50: ${label}`,
      value: p50b,
      unit: 'µs',
      baseline: { name: 'the engine decision alone, p50', value: p50a },
      ratio: p50b / p50a,
      spread: spread(withCtx.filter((_, i) => i % 2 === 0)),
    });
    figures.push({
      name: `decision with the context step, p99: ${label}`,
      value: p99b,
      unit: 'µs',
      baseline: { name: 'the engine decision alone, p99', value: p99a },
      ratio: p99b / p99a,
    });
  }
  emit('context', figures, { runs: RUNS, callsPerRun: N });
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
