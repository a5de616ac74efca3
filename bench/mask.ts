// Masking throughput (issues 4 and 7): `npx tsx bench/mask.ts [--mb 64] [--runs 3] [--secretlint-mb N] [--impl FILE]`.
// Input: a ~64 MB in-memory source tree made of real source lines (sampled from node_modules: JS, TS,
// JSON, YAML, Markdown) cut into files, with ~0.5% of lines replaced by generated secret lines and a
// PEM private key block in ~2% of files. Each contender "reads" every file (UTF-8 decode of its bytes)
// and then does its work:
//   floor       decode + split into lines (the least any line-based masker must do)
//   agentguard  decode + createMasker().mask (compiled once, reused) — the esbuild bundle of
//               src/core/secrets as shipped (tsx's on-the-fly transform adds keepNames wrappers)
//   secretlint  decode + @secretlint/core lintSource with the recommended preset, on the whole input
//               (or on a fixed prefix of it with --secretlint-mb; the output says so)
// Every contender is warmed up once, then rounds alternate them so machine noise hits all of them;
// each figure is the median of the rounds, with min/max. Ratios are against agentguard measured in
// the same process on the same input, on the wall clock and on this process's CPU time (on a shared,
// loaded machine the wall clock also measures the neighbours; CPU time is the steadier of the two).
// `--impl path/to/secrets/index.ts` measures another copy of the masker (e.g. a checkout of an older
// commit) in the same harness, for before/after figures.
// Prints one JSON object: `figures` in the bench/results.json shape (name → {value, baseline, ratio, unit}).
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import type * as Secrets from '../src/core/secrets/index';
import { ALNUM, B64, HEX, PASSWORD_CHARS, UPPER_B32, fakeJwt, j, pemBlock, prng, rand } from '../src/core/secrets/samples';

const SECRET_RATE = 0.005;

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : dflt;
}

function sourceLines(root: string, want: number): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(?:ts|js|mjs|cjs|md|json|ya?ml)$/.test(e.name) && !/\.min\.js$/.test(e.name)) files.push(p);
    }
  };
  walk(root);
  const lines: string[] = [];
  let bytes = 0;
  for (const f of files) {
    if (statSync(f).size > 300_000) continue;
    for (const l of readFileSync(f, 'utf8').split('\n')) {
      if (l.length > 300) continue; // minified lines are not "source lines"
      lines.push(l);
      bytes += l.length + 1;
    }
    if (bytes > want) break;
  }
  return lines;
}

function secretLine(r: () => number): string {
  const pw = () => rand(PASSWORD_CHARS.replace(/[#'"]/g, ''), 20, Math.floor(r() * 1e9));
  const kinds = [
    () => `export GITHUB_TOKEN=${j('gh', 'p_', rand(ALNUM, 36, Math.floor(r() * 1e9)))}`,
    () => `  password: ${pw()}`,
    () => `DATABASE_URL=postgres://app:${rand(ALNUM, 20, Math.floor(r() * 1e9))}@db.example.com/app`,
    () => `const stripe = new Stripe("${j('sk', '_live_', rand(ALNUM, 24, Math.floor(r() * 1e9)))}");`,
    () => `aws_access_key_id = ${j('AK', 'IA', rand(UPPER_B32, 16, Math.floor(r() * 1e9)))}`,
    () => `  "apiKey": "${j('AI', 'za', rand(ALNUM, 35, Math.floor(r() * 1e9)))}",`,
    () => `Authorization: Bearer ${fakeJwt('HS256', Math.floor(r() * 1e9))}`,
    () => `SECRET_KEY_BASE=${rand(HEX, 128, Math.floor(r() * 1e9))}`,
    () => `${rand(B64, 64, Math.floor(r() * 1e9))}`, // (a PEM body line is only secret inside a block: not counted)
  ];
  return kinds[Math.floor(r() * (kinds.length - 1))]!();
}

/** The generated tree: deterministic for a given size (seeded PRNG, sorted walk of node_modules). */
export function buildTree(mb: number, root = path.join(__dirname, '..')): { files: Buffer[]; bytes: number; secretLines: number } {
  const r = prng(4242);
  const pool = sourceLines(path.join(root, 'node_modules'), 80_000_000);
  const files: Buffer[] = [];
  let bytes = 0;
  let secretLines = 0;
  let cursor = Math.floor(r() * pool.length);
  while (bytes < mb * 1e6) {
    const n = 50 + Math.floor(r() * 600);
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      if (r() < SECRET_RATE) {
        out.push(secretLine(r));
        secretLines++;
      } else out.push(pool[cursor++ % pool.length]!);
    }
    if (r() < 0.02) {
      out.push(...pemBlock(j('RSA PRIVATE', ' KEY'), 1190, Math.floor(r() * 1e9)));
    }
    const buf = Buffer.from(out.join('\n') + '\n', 'utf8');
    files.push(buf);
    bytes += buf.length;
  }
  return { files, bytes, secretLines };
}

/** The masker as shipped: an esbuild bundle of the secrets module (or of `--impl FILE`, to compare). */
async function loadMasker(entry: string): Promise<typeof Secrets> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ag-bench-mask-'));
  try {
    const out = path.join(dir, 'secrets.cjs');
    await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: out, logLevel: 'error' });
    return require(out) as typeof Secrets;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const targetMb = Number(arg('mb', process.argv[2] !== undefined && /^\d+$/.test(process.argv[2]) ? process.argv[2] : '64'));
  const runs = Math.max(3, Number(arg('runs', '3')));
  const impl = path.resolve(arg('impl', path.join(__dirname, '../src/core/secrets/index.ts')));
  const { files, bytes, secretLines } = buildTree(targetMb);
  const mb = bytes / 1e6;
  // secretlint runs on a fixed prefix of the same files when asked (it is the slow one); same prefix every round.
  const slWant = Number(arg('secretlint-mb', String(targetMb))) * 1e6;
  let slFiles = 0,
    slBytes = 0;
  while (slFiles < files.length && slBytes < slWant) slBytes += files[slFiles++]!.length;
  const slMb = slBytes / 1e6;

  const { createMasker } = await loadMasker(impl);
  const masker = createMasker();
  const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };

  const floorRun = () => {
    let n = 0;
    for (const b of files) n += b.toString('utf8').split('\n').length;
    return n;
  };
  const oursRun = () => {
    let n = 0;
    for (const b of files) n += masker.mask(b.toString('utf8')).findings.length;
    return n;
  };
  const slRun = async () => {
    let n = 0;
    for (let i = 0; i < slFiles; i++) {
      const r = await lintSource({
        source: { filePath: `/bench/file${i}.ts`, content: files[i]!.toString('utf8'), contentType: 'text' },
        options: { config: config as never, noPhysicFilePath: true },
      });
      n += r.messages.length;
    }
    return n;
  };
  // secretlint's profiler leaves performance marks behind (~40 a file; a million after 5 rounds of
  // 64 MB, and Node warns). Cleared between rounds, untimed, once its pending measures have run
  // (clearing between files breaks them: they pair marks across files).
  const clearSecretlintMarks = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    performance.clearMarks();
    performance.clearMeasures();
  };

  // Warm-up, not counted: JIT and regex compilation for each contender (secretlint on its first files).
  floorRun();
  oursRun();
  const slAll = slFiles;
  slFiles = Math.min(slFiles, 20);
  await slRun();
  await clearSecretlintMarks();
  slFiles = slAll;
  // Wall clock and CPU time (this process, all threads: GC helpers count) per round. On a shared,
  // loaded machine the wall clock also measures the neighbours; CPU time is the steadier of the two.
  type Sample = { wall: number[]; cpu: number[] };
  const t: Record<'floor' | 'ours' | 'secretlint', Sample> = { floor: { wall: [], cpu: [] }, ours: { wall: [], cpu: [] }, secretlint: { wall: [], cpu: [] } };
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const record = (s: Sample, megabytes: number, wall0: number, cpu0: number) => {
    s.wall.push(megabytes / ((performance.now() - wall0) / 1000));
    s.cpu.push(megabytes / ((cpuMs() - cpu0) / 1000));
  };
  let findings = 0,
    slFindings = 0;
  for (let i = 0; i < runs; i++) {
    let w0 = performance.now(),
      c0 = cpuMs();
    floorRun();
    record(t.floor, mb, w0, c0);
    w0 = performance.now();
    c0 = cpuMs();
    findings = oursRun();
    record(t.ours, mb, w0, c0);
    w0 = performance.now();
    c0 = cpuMs();
    slFindings = await slRun();
    record(t.secretlint, slMb, w0, c0);
    await clearSecretlintMarks();
  }

  const r2 = (x: number) => Math.round(x * 100) / 100;
  const r1 = (x: number) => Math.round(x * 10) / 10;
  const m = (k: keyof typeof t, clock: keyof Sample) => median(t[k][clock]);
  const figures = {
    // Higher is better for both: ours ÷ secretlint wants ≥ 10, ours ÷ floor wants ≥ 1/3.
    'mask.throughput.vsSecretlint': {
      value: r1(m('ours', 'wall')),
      baseline: r1(m('secretlint', 'wall')),
      ratio: r2(m('ours', 'wall') / m('secretlint', 'wall')),
      unit: 'MB/s',
    },
    'mask.throughput.vsFloor': {
      value: r1(m('ours', 'wall')),
      baseline: r1(m('floor', 'wall')),
      ratio: r2(m('ours', 'wall') / m('floor', 'wall')),
      unit: 'MB/s',
    },
    'mask.cpuThroughput.vsSecretlint': {
      value: r1(m('ours', 'cpu')),
      baseline: r1(m('secretlint', 'cpu')),
      ratio: r2(m('ours', 'cpu') / m('secretlint', 'cpu')),
      unit: 'MB/s (CPU time)',
    },
    'mask.cpuThroughput.vsFloor': {
      value: r1(m('ours', 'cpu')),
      baseline: r1(m('floor', 'cpu')),
      ratio: r2(m('ours', 'cpu') / m('floor', 'cpu')),
      unit: 'MB/s (CPU time)',
    },
  };
  const spread = (xs: number[]) => ({ median: r1(median(xs)), min: r1(Math.min(...xs)), max: r1(Math.max(...xs)) });
  const detail = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, { wallMBs: spread(v.wall), cpuMBs: spread(v.cpu) }]));
  const report = {
    bench: 'mask',
    node: process.version,
    loadavg: r2(loadavg()[0]!),
    runs,
    inputMB: r1(mb),
    files: files.length,
    injectedSecretLines: secretLines,
    agentguardFindings: findings,
    secretlint: { inputMB: r1(slMb), files: slFiles, findings: slFindings, sample: slFiles < files.length },
    impl: path.relative(process.cwd(), impl),
    figures,
    detail,
    aims: {
      'agentguard ÷ secretlint (want ≥ 10)': { wall: r2(m('ours', 'wall') / m('secretlint', 'wall')), cpu: r2(m('ours', 'cpu') / m('secretlint', 'cpu')) },
      'floor ÷ agentguard (want ≤ 3)': { wall: r2(m('floor', 'wall') / m('ours', 'wall')), cpu: r2(m('floor', 'cpu') / m('ours', 'cpu')) },
    },
  };
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
