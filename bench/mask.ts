// Masking throughput: `npx tsx bench/mask.ts [MB]`.
// Input: a ~64 MB in-memory source tree made of real source lines (sampled from node_modules: JS, TS,
// JSON, YAML, Markdown) cut into files, with ~0.5% of lines replaced by generated secret lines.
// Each contender "reads" every file (UTF-8 decode of its bytes) and then does its work:
//   floor       decode + split into lines (the least any line-based masker must do)
//   agentguard  decode + createMasker().mask (compiled once, reused)
//   secretlint  decode + @secretlint/core lintSource with the recommended preset (on a sample when
//               slow, extrapolated; the output says so)
// Prints JSON: one {name, mbPerSec, ratio} per contender (ratio = agentguard's MB/s ÷ this one's).
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { createMasker } from '../src/core/secrets';
import { ALNUM, B64, HEX, PASSWORD_CHARS, UPPER_B32, fakeJwt, j, pemBlock, prng, rand } from '../src/core/secrets/samples';

const TARGET_MB = Number(process.argv[2] ?? 64);
const SECRET_RATE = 0.005;

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

function buildTree(mb: number): { files: Buffer[]; bytes: number; secretLines: number } {
  const r = prng(4242);
  const pool = sourceLines(path.join(__dirname, '..', 'node_modules'), 80_000_000);
  const files: Buffer[] = [];
  let bytes = 0;
  let secretLines = 0;
  let cursor = Math.floor(r() * pool.length);
  while (bytes < mb * 1e6) {
    const n = 50 + Math.floor(r() * 600);
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      if (r() < SECRET_RATE) { out.push(secretLine(r)); secretLines++; }
      else out.push(pool[cursor++ % pool.length]!);
    }
    if (r() < 0.02) { out.push(...pemBlock(j('RSA PRIVATE', ' KEY'), 1190, Math.floor(r() * 1e9))); }
    const buf = Buffer.from(out.join('\n') + '\n', 'utf8');
    files.push(buf);
    bytes += buf.length;
  }
  return { files, bytes, secretLines };
}

function time<T>(f: () => T): { ms: number; result: T } {
  const t0 = performance.now();
  const result = f();
  return { ms: performance.now() - t0, result };
}

async function main(): Promise<void> {
  const { files, bytes, secretLines } = buildTree(TARGET_MB);
  const mb = bytes / 1e6;
  const runs = 3;

  const best = (f: () => number) => {
    let ms = Infinity;
    let result = 0;
    for (let i = 0; i < runs; i++) {
      const t = time(f);
      ms = Math.min(ms, t.ms);
      result = t.result;
    }
    return { ms, result };
  };

  const floor = best(() => {
    let n = 0;
    for (const b of files) n += b.toString('utf8').split('\n').length;
    return n;
  });
  const masker = createMasker();
  const ours = best(() => {
    let n = 0;
    for (const b of files) n += masker.mask(b.toString('utf8')).findings.length;
    return n;
  });

  // secretlint: async per file; measure on a prefix sample and extrapolate when it is slow.
  const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };
  const budgetMs = 60_000;
  let slBytes = 0;
  let slFindings = 0;
  const t0 = performance.now();
  for (let i = 0; i < files.length && performance.now() - t0 < budgetMs; i++) {
    const r = await lintSource({
      source: { filePath: `/bench/file${i}.ts`, content: files[i]!.toString('utf8'), contentType: 'text' },
      options: { config: config as never, noPhysicFilePath: true },
    });
    slFindings += r.messages.length;
    slBytes += files[i]!.length;
  }
  const slMs = performance.now() - t0;

  const oursMbs = mb / (ours.ms / 1000);
  const rows = [
    { name: 'floor (decode + split lines)', mbPerSec: mb / (floor.ms / 1000) },
    { name: 'agentguard maskText', mbPerSec: oursMbs },
    { name: `secretlint recommended${slBytes < bytes ? ` (sample ${(slBytes / 1e6).toFixed(1)} MB, extrapolated)` : ''}`, mbPerSec: slBytes / 1e6 / (slMs / 1000) },
  ].map((r) => ({ name: r.name, mbPerSec: Math.round(r.mbPerSec * 10) / 10, ratio: Math.round((oursMbs / r.mbPerSec) * 100) / 100 }));
  console.log(JSON.stringify(rows, null, 2));
  console.error(
    JSON.stringify({
      inputMB: Math.round(mb * 10) / 10,
      files: files.length,
      injectedSecretLines: secretLines,
      agentguardFindings: ours.result,
      secretlintFindingsOnSample: slFindings,
      aims: {
        'agentguard vs secretlint (want >= 10)': rows[1]!.mbPerSec / rows[2]!.mbPerSec,
        'floor vs agentguard (want <= 3)': rows[0]!.mbPerSec / rows[1]!.mbPerSec,
      },
    }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
