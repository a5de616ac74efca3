// Path decision cost of the rule set, A/B in one process: the rules the default policy had before the
// ecosystem work (tests, secrets, a two-rule floor) against today's default, and today's default with all
// eight packs. Same guard code, same paths, interleaved runs; p50/p99 per set and the ratio to the old set.
//   npx tsx bench/pathRules.ts [--runs N] [--n N]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PathGuard } from '../src/core/paths/guard';
import type { PathRule } from '../src/core/policy/types';
import type { PathOp } from '../src/core/types';
import { nodeFsProbe } from '../src/node/fsProbe';
import { compilePolicy } from '../src/node/policyStore';
import { emit, latencies, median, percentile } from './lib';

const arg = (name: string, d: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d);
const RUNS = arg('--runs', 7);
const N = arg('--n', 20000);

const OLD: PathRule[] = [
  {
    name: 'tests',
    globs: ['tests/**', '**/*.test.ts', '**/__tests__/**'],
    ops: { read: 'allow', write: 'deny', delete: 'deny', rename: 'deny' },
    reason: 'r',
    source: 'default',
  },
  {
    name: 'secrets',
    globs: ['.env', '.env.*', '**/*.pem', '**/id_rsa*', 'secrets/**'],
    ops: { read: 'deny', write: 'deny', delete: 'deny', rename: 'deny' },
    reason: 'r',
    source: 'default',
  },
  {
    name: 'floor:guard-files',
    globs: [
      '.agentguard.yaml',
      '.agentguard/**',
      '.github/hooks/**',
      '.claude/settings.json',
      '.claude/settings.local.json',
      '.clinerules/hooks/**',
      '.vscode/settings.json',
    ],
    ops: { write: 'deny', delete: 'deny', rename: 'deny' },
    reason: 'r',
    source: 'floor',
  },
  { name: 'floor:git-internals', globs: ['.git/**', '**/.git/**'], ops: { write: 'deny', delete: 'deny', rename: 'deny' }, reason: 'r', source: 'floor' },
];

const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-rules-')));
for (const d of ['src/components', 'src/utils', 'tests/unit', 'docs', 'secrets']) fs.mkdirSync(path.join(ws, d), { recursive: true });
for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(ws, 'src', `f${i}.ts`), 'x');
fs.symlinkSync('tests', path.join(ws, 'innocent'));
const PATHS = [
  'src/f1.ts',
  'src/components/Button.tsx',
  'tests/unit/a.test.ts',
  'innocent/x.ts',
  'docs/../src/f2.ts',
  '.env',
  'src/utils/new-file.ts',
  '/etc/passwd',
  'src/ünïcode/naïve.ts',
  '.gıt/hooks/x',
];
const OPS: PathOp[] = ['read', 'write', 'write', 'write', 'read', 'read', 'write', 'read', 'write', 'write'];

const sets: [string, PathRule[]][] = [
  ['old default (before)', OLD],
  ['default now', compilePolicy('version: 1\n', 'x.yaml', true).policy!.paths],
  [
    'default now + eight packs',
    compilePolicy('version: 1\nextends: [default, javascript, python, go, rust, java, ruby, dotnet, php]\n', 'x.yaml', true).policy!.paths,
  ],
];
const ctx = { workspace: ws, home: os.homedir() };
const res = new Map<string, { p50: number[]; p99: number[] }>(sets.map(([n]) => [n, { p50: [], p99: [] }]));
try {
  const guards = sets.map(([n, rules]) => [n, new PathGuard(rules, 'deny')] as const);
  for (let r = 0; r < RUNS; r++) {
    for (const [n, g] of guards) {
      const l = latencies((i) => g.decide(OPS[i % OPS.length], PATHS[i % PATHS.length], ctx, nodeFsProbe), N);
      res.get(n)!.p50.push(percentile(l, 50));
      res.get(n)!.p99.push(percentile(l, 99));
    }
  }
  const base50 = median(res.get(sets[0][0])!.p50);
  const base99 = median(res.get(sets[0][0])!.p99);
  emit(
    'pathRules',
    sets.flatMap(([n, rules]) => [
      {
        name: `path decision p50, ${n} (${rules.reduce((k, x) => k + x.globs.length, 0)} globs)`,
        value: median(res.get(n)!.p50),
        unit: 'µs',
        baseline: { name: 'old default p50', value: base50 },
        ratio: median(res.get(n)!.p50) / base50,
      },
      {
        name: `path decision p99, ${n}`,
        value: median(res.get(n)!.p99),
        unit: 'µs',
        baseline: { name: 'old default p99', value: base99 },
        ratio: median(res.get(n)!.p99) / base99,
      },
    ]),
    { runs: RUNS, callsPerRun: N },
  );
} finally {
  fs.rmSync(ws, { recursive: true, force: true });
}
