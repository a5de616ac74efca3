// Per-decision cost of judging a test runner by the code it imports (analyze.ts's judgeTestImports): `npx jest`,
// `npx vitest run`, `npx mocha`, `npm test`, `pytest -q` on real repositories, through the engine with the real
// file system and git (nodeFsProbe), as the extension and `agentguard hook` decide them.
//
//   npx tsx bench/testRunners.ts [--runs N] [--js DIR] [--py DIR]
//
// The JavaScript repository is a clone of this one at HEAD (~280 test files, its node_modules linked in); the
// Python one is IPython's package tree (its tests import the package) from the installed site-packages, committed
// in a fresh repository. Each line is decided once in a fresh process state (`cold`: nothing cached) and then
// N times more (`warm`: the median, the cost every later tool call pays in a long-lived extension host or an
// `eval --session`), each as wall time and as this process's CPU time (user + system: less at the mercy of a
// loaded machine). Baseline: `ls -la` decided the same way. The code is bundled by esbuild first (tsx's
// on-the-fly transform inflates the figures). Prints one JSON object.
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const REPO = path.join(__dirname, '..');
const arg = (n: string) => (process.argv.includes(`--${n}`) ? process.argv[process.argv.indexOf(`--${n}`) + 1] : undefined);
const RUNS = Number(arg('runs') ?? 15);

const JS_LINES = ['ls -la', 'npx jest', 'npx vitest run', 'npx mocha', 'npx jest test/unit/core/engine.test.ts', 'npm test'];
const PY_LINES = ['ls -la', 'pytest -q', 'python3 -m pytest -q IPython/core/tests'];

function git(cwd: string, ...a: string[]): void {
  execFileSync('git', ['-c', 'user.email=b@b', '-c', 'user.name=b', ...a], { cwd, stdio: 'ignore' });
}

function repos(root: string): { js: string; py: string | undefined } {
  let js = arg('js');
  if (!js) {
    js = path.join(root, 'js');
    git(root, 'clone', '-q', '--shared', REPO, js);
    const nm = fs.realpathSync(path.join(REPO, 'node_modules'));
    fs.symlinkSync(nm, path.join(js, 'node_modules'));
  }
  let py = arg('py');
  if (!py) {
    const site = spawnSync('python3', ['-c', 'import IPython, os; print(os.path.dirname(IPython.__file__))'], { encoding: 'utf8' });
    if (site.status === 0) {
      py = path.join(root, 'py');
      fs.mkdirSync(py);
      fs.cpSync(site.stdout.trim(), path.join(py, 'IPython'), { recursive: true, filter: (s) => !s.includes('__pycache__') });
      fs.writeFileSync(path.join(py, '.env'), 'A=bench\n');
      fs.writeFileSync(path.join(py, '.gitignore'), '.env\n');
      git(py, 'init', '-q');
      git(py, 'add', '-A');
      git(py, 'commit', '-qm', 'ipython');
    }
  }
  return { js, py };
}

// The child: decides each line of one repository, cold then warm, and prints the figures (ms).
const CHILD = `
const { Engine } = require('../src/core/engine');
const { nodeFsProbe } = require('../src/node/fsProbe');
const { PolicyStore } = require('../src/node/policyStore');
const { performance } = require('node:perf_hooks');
const [ws, runs, ...lines] = JSON.parse(process.argv[2]);
const engine = new Engine(new PolicyStore().load(ws, {}).policy);
const decide = (command) => engine.decide({ id: 't', op: 'exec', paths: [], command, agent: 'b', channel: 'cli', tool: 't', args: {} }, { ctx: { workspace: ws, home: require('os').homedir() }, probe: nodeFsProbe });
const out = {};
const cpu = (c) => (c.user + c.system) / 1000;
const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
for (const line of lines) {
  let t = performance.now();
  let c = process.cpuUsage();
  const v = decide(line);
  const cold = performance.now() - t;
  const coldCpu = cpu(process.cpuUsage(c));
  const warm = [];
  const warmCpu = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    c = process.cpuUsage();
    decide(line);
    warm.push(performance.now() - t);
    warmCpu.push(cpu(process.cpuUsage(c)));
  }
  out[line] = { cold: +cold.toFixed(1), coldCpu: +coldCpu.toFixed(1), warm: +med(warm).toFixed(1), warmCpu: +med(warmCpu).toFixed(1), decision: v.decision, rule: v.rule, reason: String(v.reason).slice(0, 200) };
}
console.log(JSON.stringify(out));
`;

async function main(): Promise<void> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-runners-')));
  try {
    // Laid out like the package (dist/ beside policies/), so the policy store finds the shipped policies.
    const out = path.join(root, 'pkg', 'dist');
    fs.mkdirSync(out, { recursive: true });
    fs.cpSync(path.join(REPO, 'policies'), path.join(root, 'pkg', 'policies'), { recursive: true });
    const entry = path.join(REPO, 'bench', '.testRunners.child.js');
    fs.writeFileSync(entry, CHILD);
    try {
      await build({ entryPoints: [entry], bundle: true, platform: 'node', outfile: path.join(out, 'child.js'), minify: true, logLevel: 'error' });
    } finally {
      fs.rmSync(entry, { force: true });
    }
    const { js, py } = repos(root);
    const result: Record<string, unknown> = {};
    // Each line in its own process for the cold figure, as a hook call would be; in one for the warm ones.
    for (const [ws, lines] of [
      [js, JS_LINES],
      [py, PY_LINES],
    ] as const) {
      if (!ws) continue;
      for (const line of lines) {
        const r = spawnSync(process.execPath, [path.join(out, 'child.js'), JSON.stringify([ws, RUNS, line])], { encoding: 'utf8', cwd: ws });
        if (r.status !== 0) throw new Error(r.stderr);
        Object.assign(result, Object.fromEntries(Object.entries(JSON.parse(r.stdout) as object).map(([k, v]) => [`${path.basename(ws)}: ${k}`, v])));
      }
    }
    console.log(JSON.stringify({ runs: RUNS, loadavg: os.loadavg().map((x) => +x.toFixed(2)), figures: result }, null, 1));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
