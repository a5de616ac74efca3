// Masking speed across commits (issue #16: when did it slow down?):
//   npx tsx bench/mask-history.ts [--mb 4] [--runs 2] REF…
// For each git REF: the secrets module of that commit, bundled and minified as shipped, masks the mask bench's tree
// (built by this checkout's bench/mask.ts, so every REF reads the same texts), in rounds that interleave the REFs;
// prints each REF's least CPU time of the rounds, MB/s, and the read-and-split floor ÷ masking (the floor's least). CPU time of this process (steadier than the wall
// clock on a loaded machine; compare REFs of one run). `git log --format=%h A..B -- src/core/secrets` lists REFs.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type * as Secrets from '../src/core/secrets/index';
import { buildTree } from './mask';

const REPO = path.join(__dirname, '..');
const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return dflt;
  const v = argv[i + 1]!;
  argv.splice(i, 2);
  return v;
};
const mb = Number(opt('mb', '4'));
const runs = Number(opt('runs', '2'));
const refs = argv;
const files = buildTree(mb, REPO).files;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

(async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'ag-mask-history-'));
  try {
    const maskers: { ref: string; m: { mask(text: string): unknown }; masks: number[] }[] = [];
    for (const [k, ref] of refs.entries()) {
      const dir = path.join(tmp, String(k));
      mkdirSync(path.join(dir, 'src'), { recursive: true });
      execFileSync('sh', ['-c', `git archive ${ref} src | tar -x -C ${dir}`], { cwd: REPO });
      const out = path.join(dir, 'm.cjs');
      await build({
        entryPoints: [path.join(dir, 'src/core/secrets/index.ts')],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        outfile: out,
        logLevel: 'error',
        minify: true,
      });
      const m = (require(out) as typeof Secrets).createMasker();
      for (const b of files.slice(0, 20)) m.mask(b.toString('utf8'));
      maskers.push({ ref, m, masks: [] });
    }
    // Rounds interleave the commits (and the floor), so a drift of the machine's load or of this process's heap
    // (every commit's masker stays loaded) does not favour the first measured.
    const floors: number[] = [];
    for (let r = 0; r < runs; r++) {
      const c0 = cpu();
      for (const b of files) b.toString('utf8').split('\n');
      floors.push(cpu() - c0);
      for (const x of r % 2 === 0 ? maskers : [...maskers].reverse()) {
        const c1 = cpu();
        for (const b of files) x.m.mask(b.toString('utf8'));
        x.masks.push(cpu() - c1);
      }
    }
    const f = Math.min(...floors);
    for (const { ref, masks } of maskers) {
      const t = Math.min(...masks);
      const when = execFileSync('git', ['log', '-1', '--format=%ad', '--date=format:%m-%d %H:%M', ref], { cwd: REPO, encoding: 'utf8' }).trim();
      process.stdout.write(
        `${ref.slice(0, 9)} ${when}  masking ${t.toFixed(0)} ms CPU  ${(mb / (t / 1000)).toFixed(1)} MB/s  floor÷masking ${(f / t).toFixed(3)}\n`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
})();
