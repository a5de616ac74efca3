// Snapshot benchmark (issues 6 and 7): baseline and re-scan of a generated 100,000-file workspace,
// side by side in the same run with `git status --porcelain` on the same tree.
//
//   npx tsx bench/snapshot.ts [--files N] [--runs N] [--baseline-runs N] [--keep] [--results FILE]
//
// Prints one JSON object on stdout. `figures` uses the shape bench/results.json wants
// (name → {value, baseline, ratio, unit}); the rest is the detail. With --results FILE the figures are
// merged into that JSON file (created if missing), for `npm run bench`. Every figure is a median of `runs`
// runs with its spread (min, max); the re-scan and git status alternate within each run, so machine noise
// hits both. The temp dir is removed at the end unless --keep.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceSnapshot } from '../src/node/snapshot/snapshot';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(process.argv[i + 1]);
}
const FILES = arg('files', 100_000);
const RUNS = arg('runs', 7);
const BASELINE_RUNS = arg('baseline-runs', 3);
const KEEP = process.argv.includes('--keep');
const PER_DIR = 100;

function stats(xs: number[]): { median: number; min: number; max: number; runs: number[] } {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  const r = (x: number) => Math.round(x * 10) / 10;
  return { median: r(median), min: r(s[0]), max: r(s[s.length - 1]), runs: xs.map(r) };
}

function git(cwd: string, ...args: string[]): string {
  // gc.auto=0: a commit of 100k loose objects otherwise starts a detached `git gc` that competes with the
  // measurements and writes into the tree while we delete it.
  const cfg = ['-c', 'user.email=bench@example.invalid', '-c', 'user.name=bench', '-c', 'gc.auto=0', '-c', 'maintenance.auto=false'];
  const r = spawnSync('git', [...cfg, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** A source-like tree: 1000 directories of 100 files in 100 packages, 40-440 bytes of text each. */
function generate(root: string): void {
  const dirs = Math.ceil(FILES / PER_DIR);
  let n = 0;
  for (let d = 0; d < dirs && n < FILES; d++) {
    const dir = path.join(root, `pkg${Math.floor(d / 10)}`, `mod${d % 10}`);
    fs.mkdirSync(dir, { recursive: true });
    for (let f = 0; f < PER_DIR && n < FILES; f++, n++) {
      fs.writeFileSync(path.join(dir, `file${f}.ts`), `export const v${f} = ${n};\n// ${'x'.repeat((n * 37) % 400)}\n`);
    }
  }
  fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
}

function fileAt(i: number): string {
  const d = Math.floor(i / PER_DIR);
  return path.join(`pkg${Math.floor(d / 10)}`, `mod${d % 10}`, `file${i % PER_DIR}.ts`);
}

/** 10 changes, as an agent's command might make: 5 edits (2 keeping the size), 3 new files, 2 deletions. */
function tenChanges(root: string, run: number): void {
  const pick = (k: number) => fileAt((run * 7919 + k * 104729) % FILES);
  for (let k = 0; k < 5; k++) {
    const p = path.join(root, pick(k));
    if (!fs.existsSync(p)) continue;
    const old = fs.readFileSync(p, 'utf8');
    // Same size for k < 2: only a hash can tell these from a touch.
    fs.writeFileSync(p, k < 2 ? old.replace(/= \d/, (m) => `= ${(Number(m[2]) + 1) % 10}`) : old + `// run ${run}\n`);
  }
  for (let k = 0; k < 3; k++) fs.writeFileSync(path.join(root, `new-${run}-${k}.txt`), `run ${run} file ${k}\n`);
  for (let k = 5; k < 7; k++) fs.rmSync(path.join(root, pick(k)), { force: true });
}

function timeGitStatus(root: string): number {
  const t0 = performance.now();
  git(root, 'status', '--porcelain');
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentguard-bench-snapshot-'));
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'agentguard-bench-store-'));
  try {
    let t = performance.now();
    generate(root);
    const genMs = performance.now() - t;
    t = performance.now();
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'bench tree');
    const gitSetupMs = performance.now() - t;
    timeGitStatus(root); // settle the index's stat data, as a developer's git would be

    // Baseline: without content capture (manifest only) and with it (the default), to show the capture cost.
    const plain: number[] = [];
    const captured: number[] = [];
    const manifestWithCapture: number[] = [];
    let storedFiles = 0;
    let storedBytes = 0;
    const gitFull: number[] = [];
    for (let i = 0; i < BASELINE_RUNS; i++) {
      const a = await WorkspaceSnapshot.create({ root, maxBaselineBytes: 0 });
      plain.push(a.lastBaseline?.ms ?? NaN);
      await a.dispose();
      // Manifest, then the background copy of text content until it is done.
      const t0 = performance.now();
      const b = await WorkspaceSnapshot.create({ root, storeDir: store });
      manifestWithCapture.push(b.lastBaseline?.ms ?? NaN);
      const st = await b.whenCaptured();
      captured.push(performance.now() - t0);
      storedFiles = st?.storedFiles ?? 0;
      storedBytes = st?.storedBytes ?? 0;
      await b.dispose();
      gitFull.push(timeGitStatus(root));
    }

    // Re-scan after 10 changes, alternating with git status on the same tree.
    const snap = await WorkspaceSnapshot.create({ root, storeDir: store });
    await snap.whenCaptured();
    const rescan: number[] = [];
    const gitStatus: number[] = [];
    const unchanged: number[] = [];
    let lastChanges = 0;
    for (let run = 0; run < RUNS; run++) {
      tenChanges(root, run);
      // Let the changes age out of the racy window, as they would between an agent's calls: otherwise
      // git and we both re-hash them (git's "racy clean" check), which measures the window, not the scan.
      await new Promise((r) => setTimeout(r, 50));
      const first = run % 2 === 0 ? 'snap' : 'git';
      const doSnap = async () => {
        const t0 = performance.now();
        const ch = await snap.rescan();
        rescan.push(performance.now() - t0);
        lastChanges = ch.length;
      };
      if (first === 'snap') {
        await doSnap();
        gitStatus.push(timeGitStatus(root));
      } else {
        gitStatus.push(timeGitStatus(root));
        await doSnap();
      }
      const t0 = performance.now();
      await snap.rescan();
      unchanged.push(performance.now() - t0);
    }
    const diff = snap.diff();
    await snap.dispose();

    const r = stats(rescan);
    const g = stats(gitStatus);
    const b = stats(captured);
    const p = stats(plain);
    const gf = stats(gitFull);
    const u = stats(unchanged);
    const out = {
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, platform: process.platform },
      files: FILES,
      setup: { generateMs: Math.round(genMs), gitInitAddCommitMs: Math.round(gitSetupMs) },
      figures: {
        'snapshot.rescan_after_10_changes': { value: r.median, baseline: g.median, ratio: round2(r.median / g.median), unit: 'ms' },
        'snapshot.rescan_unchanged': { value: u.median, baseline: g.median, ratio: round2(u.median / g.median), unit: 'ms' },
        'snapshot.baseline_manifest_only': { value: p.median, baseline: gf.median, ratio: round2(p.median / gf.median), unit: 'ms' },
        'snapshot.baseline_with_content_copied': { value: b.median, baseline: p.median, ratio: round2(b.median / p.median), unit: 'ms' },
      },
      detail: {
        rescanAfter10: r,
        gitStatusPorcelain: g,
        rescanUnchanged: u,
        baselineManifestOnly: p,
        baselineWithContentCopied: b,
        manifestReadyWhenCopying: stats(manifestWithCapture),
        gitStatusDuringBaselineRuns: gf,
        baselineStore: { storedFiles, storedBytes },
        changesSeenLastRun: lastChanges,
        diffEntriesAtEnd: diff.changes.length,
      },
      aim: { 'rescan within 1.5x of git status': r.median <= 1.5 * g.median },
    };
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    const ri = process.argv.indexOf('--results');
    if (ri !== -1 && process.argv[ri + 1]) {
      const file = process.argv[ri + 1];
      let prev: Record<string, unknown> = {};
      try {
        prev = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      } catch {
        prev = {};
      }
      fs.writeFileSync(file, JSON.stringify({ ...prev, ...out.figures }, null, 2) + '\n');
    }
  } finally {
    if (!KEEP) {
      fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
      fs.rmSync(store, { recursive: true, force: true, maxRetries: 5 });
    } else process.stderr.write(`kept ${root}\n`);
  }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err) + '\n');
  process.exitCode = 1;
});
