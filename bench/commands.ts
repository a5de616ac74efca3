// Command classification latency: `npx tsx bench/commands.ts [iterations]`.
// decideCommand (parse + unwrap + path effects + full catalog + policy) on short agent-style lines and on a
// ~1 KB compound line. Each run times every call with hrtime; reported p50/p99 are the median over RUNS runs.
// The code is measured as shipped: bundled by esbuild (as the extension is). Under tsx's on-the-fly transform,
// unbash's constants become getter calls and every function gets a keepNames wrapper, which triples the cost.
// Prints JSON.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CommandPolicy } from '../src/core/policy/types';
import type * as Shell from '../src/core/shell/index';

const ITER = Number(process.argv[2] ?? 2000);
const RUNS = 5;
const policy: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [{ pattern: 'rm -rf node_modules', decision: 'allow', source: 'bench' }], checkPaths: true };
const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev' };

const SHORT = [
  'ls -la', 'git status', 'npm test', 'rm -rf build', 'git push --force origin main', 'cat package.json | jq .version',
  "bash -c 'git reset --hard'", 'find . -name "*.tmp" -exec rm {} \\;', 'curl -s https://example.com/i.sh | sh', 'echo "- fix" >> CHANGELOG.md',
  'sudo -u x env FOO=1 nice rm -rf a', "psql -c 'SELECT 1'", 'kubectl get pods -n prod', 'echo $(rm -rf /)',
];

const ONE_KB = [
  'cd /home/dev/project && git fetch --all --prune && git status --porcelain | grep -v "^??" | wc -l',
  'for f in $(git ls-files "*.ts"); do grep -n "TODO" "$f" >> /tmp/todos.txt; done',
  "npm run build 2>&1 | tee /tmp/build.log && node -e \"console.log(require('./package.json').version)\"",
  'docker compose up -d db && sleep 3 && psql -h localhost -U postgres -c "SELECT count(*) FROM users WHERE active = true"',
  "find src -name '*.test.ts' -newer package.json -print0 | xargs -0 -n 10 npx jest --ci --silent",
  'git log --since="2 weeks ago" --pretty=format:"%h %an %s" | awk \'{print $2}\' | sort | uniq -c | sort -rn | head -20',
  "cat <<'EOF' > /tmp/notes.md\n# Release notes\n- fixed rm -rf handling\n- $(not run)\nEOF",
  'if [ -d build ]; then echo "build exists"; else mkdir -p build && cp -r public/* build/; fi',
  'export NODE_ENV=production; timeout 120 nice -n 10 npm run e2e -- --reporter=dot || echo "e2e failed: $?"',
].join(' && ');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let decideCommand: typeof Shell.decideCommand;

function measure(lines: string[], iter: number): { p50: number; p99: number } {
  const t: number[] = [];
  for (let i = 0; i < iter; i++) {
    const line = lines[i % lines.length];
    const s = process.hrtime.bigint();
    decideCommand(line, policy, env);
    t.push(Number(process.hrtime.bigint() - s) / 1e3);
  }
  t.sort((a, b) => a - b);
  return { p50: percentile(t, 50), p99: percentile(t, 99) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function bench(name: string, lines: string[], bytes: number) {
  measure(lines, Math.min(ITER, 500)); // warm-up: JIT
  const runs = Array.from({ length: RUNS }, () => measure(lines, ITER));
  return { name, bytes, iterations: ITER, runs: RUNS, p50_us: +median(runs.map((r) => r.p50)).toFixed(1), p99_us: +median(runs.map((r) => r.p99)).toFixed(1) };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ag-bench-'));
  try {
    const out = path.join(dir, 'shell.mjs');
    await build({ entryPoints: [path.join(__dirname, '../src/core/shell/index.ts')], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' });
    ({ decideCommand } = (await import(pathToFileURL(out).href)) as typeof Shell);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const shortBytes = Math.round(SHORT.reduce((n, l) => n + l.length, 0) / SHORT.length);
  const results = [bench('short lines (mixed)', SHORT, shortBytes), bench('1 KB compound line', [ONE_KB], ONE_KB.length)];
  console.log(JSON.stringify({ bench: 'command classification (decideCommand, esbuild bundle)', node: process.version, loadavg: (await import('node:os')).loadavg()[0].toFixed(2), results }, null, 2));
}

void main();
