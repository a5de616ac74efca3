// The hook bridge's cross-process window (src/node/hookBridge/windowFiles.ts): what attributing a host-run
// call's changes costs when the extension is down — the before-hook's open (a tiny write) and the
// after-hook's close (one walk of the workspace), against `git status --porcelain` on the same tree in the
// same run (alternated, so machine noise hits both).
//
//   npx tsx bench/hookWindows.ts [--files N] [--runs N] [--keep]
//
// Prints one JSON object on stdout (figures in the shape bench/results.json wants, and the detail).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compileIgnore } from '../src/core/snapshot/ignore';
import type { CanonicalCall } from '../src/core/types';
import { FileHostWindows } from '../src/node/hookBridge/windowFiles';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(process.argv[i + 1]);
}
const FILES = arg('files', 100_000);
const RUNS = arg('runs', 7);
const KEEP = process.argv.includes('--keep');
const PER_DIR = 100;

function median(xs: number[]): { median: number; min: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const r = (x: number) => Math.round(x * 100) / 100;
  return { median: r(s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2), min: r(s[0]), max: r(s[s.length - 1]) };
}

function git(cwd: string, ...args: string[]): string {
  const cfg = ['-c', 'user.email=bench@example.invalid', '-c', 'user.name=bench', '-c', 'gc.auto=0', '-c', 'maintenance.auto=false'];
  const r = spawnSync('git', [...cfg, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function generate(root: string): void {
  let n = 0;
  for (let d = 0; n < FILES; d++) {
    const dir = path.join(root, `pkg${Math.floor(d / 10)}`, `mod${d % 10}`);
    fs.mkdirSync(dir, { recursive: true });
    for (let f = 0; f < PER_DIR && n < FILES; f++, n++) fs.writeFileSync(path.join(dir, `file${f}.ts`), `export const v${f} = ${n};\n`);
  }
}

async function main(): Promise<void> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-windows-')));
  const ws = path.join(root, 'ws');
  fs.mkdirSync(ws);
  try {
    generate(ws);
    git(ws, 'init', '-q');
    git(ws, 'add', '-A');
    git(ws, 'commit', '-qm', 'base');
    const windows = new FileHostWindows({ workspace: ws, dir: path.join(root, 'windows'), ignore: () => compileIgnore([]), mask: (v) => v });
    const call: CanonicalCall = { id: 'bench#0', agent: 'claude-code', channel: 'hook', tool: 'Bash', op: 'exec', paths: [], args: { command: 'make' } };
    const open: number[] = [];
    const close: number[] = [];
    const gitStatus: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await windows.open(`bench-${i}`, 'bench', [call]);
      open.push(performance.now() - t);
      // What a command leaves: a new artifact and an edit, after the window opened.
      fs.writeFileSync(path.join(ws, `report-${i}.txt`), 'report\n');
      fs.appendFileSync(path.join(ws, 'pkg0', 'mod0', 'file0.ts'), `// run ${i}\n`);
      t = performance.now();
      const w = await windows.close(`bench-${i}`);
      close.push(performance.now() - t);
      found = w?.changes.length ?? 0;
      t = performance.now();
      git(ws, 'status', '--porcelain');
      gitStatus.push(performance.now() - t);
    }
    const c = median(close);
    const g = median(gitStatus);
    process.stdout.write(
      JSON.stringify(
        {
          files: FILES,
          runs: RUNS,
          changesFound: found,
          figures: {
            [`hook window close (after-hook walk, extension down), ${FILES.toLocaleString('en')} files`]: {
              value: c.median,
              baseline: g.median,
              ratio: Math.round((c.median / g.median) * 100) / 100,
              unit: 'ms',
            },
            'hook window open (before-hook write)': { value: median(open).median, unit: 'ms' },
          },
          detail: { open: median(open), close: c, gitStatus: g },
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    if (!KEEP) fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
