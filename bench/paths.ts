// Path decision latency, p50 and p99, against the default policy and a generated 300-rule policy.
// Baseline (same run, same paths): resolve the path and test one precompiled matcher per rule — the least
// any glob guard must do. The aim: p99 under 5x the baseline's p99.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Minimatch } from 'minimatch';
import { PathGuard } from '../src/core/paths/guard';
import { mergeLayers } from '../src/core/policy/layers';
import { loadPolicyText } from '../src/core/policy/load';
import { nodeFsProbe } from '../src/node/fsProbe';
import { compilePolicy } from '../src/node/policyStore';
import type { PathOp } from '../src/core/types';
import { emit, type Figure, latencies, median, percentile, spread } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const N = Number(process.env.BENCH_N ?? 20000);

function workspace(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-paths-')));
  for (const d of ['src/components', 'src/utils', 'tests/unit', 'docs', 'secrets']) fs.mkdirSync(path.join(root, d), { recursive: true });
  for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(root, 'src', `f${i}.ts`), 'x');
  fs.symlinkSync('tests', path.join(root, 'innocent'));
  return root;
}

function bigPolicyText(): string {
  const lines = ['version: 1', 'paths:'];
  for (let i = 0; i < 298; i++) {
    lines.push(`  r${i}:`, `    match: ["pkg${i}/**", "**/*.gen${i}.ts"]`, `    write: ${i % 3 === 0 ? 'deny' : 'ask'}`, `    reason: generated rule ${i}`);
  }
  return lines.join('\n') + '\n';
}

const PATHS = [
  'src/f1.ts',
  'src/components/Button.tsx',
  'tests/unit/a.test.ts',
  'innocent/x.ts',
  'docs/../src/f2.ts',
  '.env',
  'src/utils/new-file.ts',
  '/etc/passwd',
];
const OPS: PathOp[] = ['read', 'write', 'write', 'write', 'read', 'read', 'write', 'read'];

function run(label: string, policyText: string, ws: string): Figure[] {
  const policy =
    compilePolicy(policyText, 'bench.yaml', true).policy ?? mergeLayers({ base: loadPolicyText(policyText, 'x').layer, baseName: 'x', trusted: true }).policy;
  const guard = new PathGuard(policy.paths, policy.outsideWorkspace);
  const ctx = { workspace: ws, home: os.homedir() };
  // Baseline: realpath + one precompiled matcher per rule glob.
  const matchers = policy.paths.flatMap((r) => r.globs.map((g) => new Minimatch(g, { dot: true, nocase: true })));
  const baseline = (i: number) => {
    const p = PATHS[i % PATHS.length];
    const abs = path.resolve(ws, p);
    let real: string;
    try {
      real = fs.realpathSync(abs);
    } catch {
      real = abs;
    }
    const rel = path.relative(ws, real);
    for (const m of matchers) if (m.match(rel)) break;
  };
  const guarded = (i: number) => {
    guard.decide(OPS[i % OPS.length], PATHS[i % PATHS.length], ctx, nodeFsProbe);
  };
  const p50s: number[] = [],
    p99s: number[] = [],
    b50s: number[] = [],
    b99s: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    // Interleave so a burst of load hits both sides alike.
    const b = latencies(baseline, N);
    const g = latencies(guarded, N);
    b50s.push(percentile(b, 50));
    b99s.push(percentile(b, 99));
    p50s.push(percentile(g, 50));
    p99s.push(percentile(g, 99));
  }
  const p99 = median(p99s),
    base99 = median(b99s);
  return [
    {
      name: `path decision p50 (${label})`,
      value: median(p50s),
      unit: 'µs',
      baseline: { name: 'realpath + one matcher per rule, p50', value: median(b50s) },
      ratio: median(p50s) / median(b50s),
      spread: spread(p50s),
    },
    {
      name: `path decision p99 (${label})`,
      value: p99,
      unit: 'µs',
      baseline: { name: 'realpath + one matcher per rule, p99', value: base99 },
      ratio: p99 / base99,
      spread: spread(p99s),
      aim: { text: 'p99 under 5x baseline', met: p99 / base99 < 5 },
    },
  ];
}

const ws = workspace();
try {
  const figures = [
    ...run('default policy', 'version: 1\n', ws),
    ...run('default policy + all eight ecosystem packs', 'version: 1\nextends: [default, javascript, python, go, rust, java, ruby, dotnet, php]\n', ws),
    ...run(`300-rule policy`, bigPolicyText(), ws),
  ];
  emit('paths', figures, { runs: RUNS, callsPerRun: N });
} finally {
  fs.rmSync(ws, { recursive: true, force: true });
}
