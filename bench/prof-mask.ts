// CPU profile of masking alone, after warm-up: `npx tsx bench/prof-mask.ts [tree|ts|LIST] [runs] [OUT.cpuprofile]`.
// tree: the mask bench's 32 MB tree; ts: node_modules/typescript/lib/*.js; LIST: a file naming one file a
// line. The secrets module is bundled unminified (names kept for the profile). Prints floor ÷ masking
// (CPU time, medians of the runs); with OUT, writes a V8 CPU profile of the runs (chrome://inspect, or
// any .cpuprofile reader).
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type * as Secrets from '../src/core/secrets/index';
import { buildTree } from './mask';

(async () => {
  const mode = process.argv[2] ?? 'tree';
  const dir = mkdtempSync(path.join(tmpdir(), 'ag-prof-mask-'));
  const out = path.join(dir, 'secrets.cjs');
  await build({
    entryPoints: [path.join(__dirname, '../src/core/secrets/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: out,
    logLevel: 'error',
  });
  const m = (require(out) as typeof Secrets).createMasker();
  rmSync(dir, { recursive: true, force: true });
  let files: string[];
  if (mode === 'tree') files = buildTree(32, path.join(__dirname, '..')).files.map((b) => b.toString('utf8'));
  else if (mode === 'ts') {
    const d = path.join(__dirname, '../node_modules/typescript/lib');
    files = readdirSync(d)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(d, f), 'utf8'));
  } else
    files = readFileSync(mode, 'utf8')
      .trim()
      .split('\n')
      .map((f) => readFileSync(f, 'utf8'));
  const bufs = files.map((f) => Buffer.from(f));
  const runs = Number(process.argv[3] ?? 5);
  const floors: number[] = [],
    ours: number[] = [];
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const once = () => {
    let c0 = cpu();
    for (const b of bufs) b.toString('utf8').split('\n');
    floors.push(cpu() - c0);
    c0 = cpu();
    for (const b of bufs) m.mask(b.toString('utf8'));
    ours.push(cpu() - c0);
  };
  once();
  once();
  floors.length = 0;
  ours.length = 0;
  const s = new Session();
  s.connect();
  const post = (method: string, params: object = {}) =>
    new Promise<{ profile?: unknown }>((res, rej) => s.post(method, params, (e, r) => (e ? rej(e) : res(r as { profile?: unknown }))));
  const prof = process.argv[4];
  if (prof) {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
  }
  for (let i = 0; i < runs; i++) once();
  if (prof) writeFileSync(prof, JSON.stringify((await post('Profiler.stop')).profile));
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratios = floors.map((f, i) => f / ours[i]!);
  process.stdout.write(`${mode}: floor ÷ masking ${med(ratios).toFixed(3)} (runs ${ratios.map((r) => r.toFixed(2)).join(' ')})\n`);
})();
