// A/B of masking speed in one process: `npx tsx bench/mask-ab.ts [--base-ref REF] [--mb 32] [--rounds 9]`.
// The secrets module of git REF (default: the merge base with main) and of this checkout, each bundled
// and minified as shipped, mask the mask bench's tree in alternating rounds with the read-and-split floor
// between them; CPU time of this process. Prints the medians of floor ÷ each (the bench's ratio) and of
// this ÷ base per round (below 1: faster).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type * as Secrets from '../src/core/secrets/index';
import { buildTree } from './mask';

const REPO = path.join(__dirname, '..');
const arg = (n: string, d: string) => (process.argv.includes(`--${n}`) ? process.argv[process.argv.indexOf(`--${n}`) + 1]! : d);
const baseRef = arg('base-ref', execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: REPO, encoding: 'utf8' }).trim());

async function bundle(entry: string, out: string): Promise<typeof Secrets> {
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: out, logLevel: 'error', minify: true });
  return require(out) as typeof Secrets;
}

(async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'ag-mask-ab-'));
  try {
    mkdirSync(path.join(tmp, 'base'));
    execFileSync('sh', ['-c', `git archive ${baseRef} src | tar -x -C ${path.join(tmp, 'base')}`], { cwd: REPO });
    const A = (await bundle(path.join(tmp, 'base/src/core/secrets/index.ts'), path.join(tmp, 'a.cjs'))).createMasker();
    const B = (await bundle(path.join(REPO, 'src/core/secrets/index.ts'), path.join(tmp, 'b.cjs'))).createMasker();
    const files = buildTree(Number(arg('mb', '32')), REPO).files;
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    const time = (f: () => void) => {
      const c0 = cpu();
      f();
      return cpu() - c0;
    };
    const floor = () => {
      for (const b of files) b.toString('utf8').split('\n');
    };
    const run = (m: typeof A) => () => {
      for (const b of files) m.mask(b.toString('utf8'));
    };
    run(A)();
    run(B)();
    const rounds = Number(arg('rounds', '9'));
    const fa: number[] = [],
      fb: number[] = [],
      ba: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const f1 = time(floor);
      const a = time(run(A));
      const f2 = time(floor);
      const b = time(run(B));
      fa.push(f1 / a);
      fb.push(f2 / b);
      ba.push(b / a);
    }
    const med = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1]!;
    const f3 = (x: number) => x.toFixed(3);
    process.stdout.write(
      `floor÷base ${f3(med(fa))}  floor÷this ${f3(med(fb))}  this÷base ${f3(med(ba))} (rounds: ${ba.map(f3).join(' ')}); base ${baseRef.slice(0, 10)}\n`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
})();
