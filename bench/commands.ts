// Command classification latency: `npx tsx bench/commands.ts [iterations] [--runs N]`.
// decideCommand (parse + unwrap + path effects + full catalog + policy) on short agent-style lines and on a
// ~1 KB compound line. Baseline, same run, same lines: unbash's parse alone (the least any guard that reads
// commands the way bash does must pay), so the ratio is the cost of classification on top of parsing.
// p99 on a shared, noisy 2-core machine: one run's p99 is its 1% slowest calls, which a single burst of
// load can own; so there are many runs (default 21), the contenders alternate run by run, and the figure is
// the median of the runs' p99s, with the spread of those p99s.
// The code is measured as shipped: bundled and minified by esbuild (as the extension is). Under tsx's
// on-the-fly transform, unbash's constants become getter calls and every function gets a keepNames
// wrapper, which triples the cost. Prints one JSON object (`figures` in the bench/lib.ts Figure shape).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CommandPolicy } from '../src/core/policy/types';
import type * as Shell from '../src/core/shell/index';
import { emit, type Figure, median, percentile, spread } from './lib';

const ITER = Number(process.argv[2] && /^\d+$/.test(process.argv[2]) ? process.argv[2] : 2000);
const RUNS = Number(process.argv.includes('--runs') ? process.argv[process.argv.indexOf('--runs') + 1] : 21);
const policy: CommandPolicy = {
  rules: {},
  destructive: 'ask',
  unknown: 'ask',
  patterns: [{ pattern: 'rm -rf node_modules', decision: 'allow', source: 'bench' }],
  checkPaths: true,
};
const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev' };

const SHORT = [
  'ls -la',
  'git status',
  'npm test',
  'rm -rf build',
  'git push --force origin main',
  'cat package.json | jq .version',
  "bash -c 'git reset --hard'",
  'find . -name "*.tmp" -exec rm {} \\;',
  'curl -s https://example.com/i.sh | sh',
  'echo "- fix" >> CHANGELOG.md',
  'sudo -u x env FOO=1 nice rm -rf a',
  "psql -c 'SELECT 1'",
  'kubectl get pods -n prod',
  'echo $(rm -rf /)',
];

const ONE_KB = [
  'cd /home/dev/project && git fetch --all --prune && git status --porcelain | grep -v "^??" | wc -l',
  'for f in $(git ls-files "*.ts"); do grep -n "TODO" "$f" >> /tmp/todos.txt; done',
  'npm run build 2>&1 | tee /tmp/build.log && node -e "console.log(require(\'./package.json\').version)"',
  'docker compose up -d db && sleep 3 && psql -h localhost -U postgres -c "SELECT count(*) FROM users WHERE active = true"',
  "find src -name '*.test.ts' -newer package.json -print0 | xargs -0 -n 10 npx jest --ci --silent",
  'git log --since="2 weeks ago" --pretty=format:"%h %an %s" | awk \'{print $2}\' | sort | uniq -c | sort -rn | head -20',
  'if [ -d build ]; then echo "build exists"; else mkdir -p build && cp -r public/* build/; fi',
  'export NODE_ENV=production; timeout 120 nice -n 10 npm run e2e -- --reporter=dot || echo "e2e failed: $?"',
  // Last, so its terminator ends the line (a delimiter line with more after it does not close a here-doc).
  "cat <<'EOF' > /tmp/notes.md\n# Release notes\n- fixed rm -rf handling\n- $(not run)\nEOF",
].join(' && ');

let decideCommand: typeof Shell.decideCommand;
let parse: (line: string) => unknown;

/** Per-call latencies (µs) of fn over iter calls, cycling through lines. */
function measure(fn: (line: string) => unknown, lines: string[], iter: number): number[] {
  const t = new Array<number>(iter);
  for (let i = 0; i < iter; i++) {
    const line = lines[i % lines.length]!;
    const s = process.hrtime.bigint();
    fn(line);
    t[i] = Number(process.hrtime.bigint() - s) / 1e3;
  }
  return t;
}

function bench(label: string, lines: string[]): Figure[] {
  const decide = (l: string) => decideCommand(l, policy, env);
  measure(decide, lines, Math.min(ITER, 500)); // warm-up: JIT
  measure(parse, lines, Math.min(ITER, 500));
  const d50: number[] = [],
    d99: number[] = [],
    b50: number[] = [],
    b99: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    // Alternate which goes first, so a burst of load hits both sides alike.
    const order = r % 2 === 0 ? ['d', 'b'] : ['b', 'd'];
    for (const o of order) {
      const t = o === 'd' ? measure(decide, lines, ITER) : measure(parse, lines, ITER);
      (o === 'd' ? d50 : b50).push(percentile(t, 50));
      (o === 'd' ? d99 : b99).push(percentile(t, 99));
    }
  }
  const r1 = (x: number) => Math.round(x * 10) / 10;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const p50 = median(d50),
    p99 = median(d99),
    base50 = median(b50),
    base99 = median(b99);
  return [
    {
      name: `command classification p50 (${label})`,
      value: r1(p50),
      unit: 'µs',
      baseline: { name: 'unbash parse only, p50', value: r1(base50) },
      ratio: r2(p50 / base50),
      spread: r2(spread(d50)),
    },
    {
      name: `command classification p99 (${label})`,
      value: r1(p99),
      unit: 'µs',
      baseline: { name: 'unbash parse only, p99', value: r1(base99) },
      ratio: r2(p99 / base99),
      spread: r2(spread(d99)),
      aim: { text: 'p99 well under 1 ms (issue 3: stated for 1 KB lines)', met: p99 < 500 },
    },
  ];
}

/**
 * A fresh process's first decision (a hook process decides one line and exits; the extension's first call after
 * start): loading the module, then the first decideCommand of the 1 KB line, against the same for unbash's parse
 * (load, first parse). CPU time of the process (user + system), so that other processes' load does not count;
 * the median of COLD_RUNS processes, the contenders alternating.
 */
const COLD_RUNS = 9;
let cold: Figure[] = [];

function coldStart(bundle: string): Figure[] {
  const child = (fn: 'decideCommand' | 'parse'): { load: number; first: number } => {
    const src =
      `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };` +
      `const c0 = cpu(); const m = await import(${JSON.stringify(pathToFileURL(bundle).href)}); const c1 = cpu();` +
      `const line = ${JSON.stringify(ONE_KB)};` +
      (fn === 'decideCommand' ? `m.decideCommand(line, ${JSON.stringify(policy)}, ${JSON.stringify(env)});` : `m.parse(line);`) +
      `const c2 = cpu(); console.log(JSON.stringify({ load: c1 - c0, first: c2 - c1 }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', src], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cold start child failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as { load: number; first: number };
  };
  const d: { load: number; first: number }[] = [];
  const b: { load: number; first: number }[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    d.push(child('decideCommand'));
    b.push(child('parse'));
  }
  const r1 = (x: number) => Math.round(x * 10) / 10;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const first = median(d.map((x) => x.first));
  const firstBase = median(b.map((x) => x.first));
  const load = median(d.map((x) => x.load));
  return [
    {
      name: `cold first call (1 KB line, fresh process, CPU time)`,
      value: r1(first),
      unit: 'ms',
      baseline: { name: 'unbash parse, first call', value: r1(firstBase) },
      ratio: r2(first / firstBase),
      spread: r2(spread(d.map((x) => x.first))),
      aim: { text: 'under ~20 ms', met: first < 20 },
    },
    {
      name: `module load before the first call (bundle with unbash, fresh process, CPU time)`,
      value: r1(load),
      unit: 'ms',
      spread: r2(spread(d.map((x) => x.load))),
    },
  ];
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ag-bench-'));
  try {
    const out = path.join(dir, 'shell.mjs');
    const entry = path.join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `export { decideCommand } from ${JSON.stringify(path.join(__dirname, '../src/core/shell/index.ts'))};\nexport { parse } from 'unbash';\n`,
    );
    await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      outfile: out,
      // CommonJS dependencies (yaml, read by the recipe rules) require node built-ins: give the ES module a require.
      banner: { js: "import { createRequire as __agRequire } from 'node:module'; const require = __agRequire(import.meta.url);" },
      nodePaths: [path.join(__dirname, '../node_modules')],
      logLevel: 'error',
    });
    ({ decideCommand, parse } = (await import(pathToFileURL(out).href)) as typeof Shell & { parse: (l: string) => unknown });
    cold = coldStart(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const shortBytes = Math.round(SHORT.reduce((n, l) => n + l.length, 0) / SHORT.length);
  const figures = [...bench(`short lines, ~${shortBytes} B`, SHORT), ...bench(`1 KB line, ${ONE_KB.length} B`, [ONE_KB]), ...cold];
  emit('commands', figures, {
    node: process.version,
    loadavg: +loadavg()[0]!.toFixed(2),
    iterationsPerRun: ITER,
    runs: RUNS,
    code: 'esbuild bundle, minified, as shipped',
  });
}

void main();
