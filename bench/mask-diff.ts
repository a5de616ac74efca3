// Differential check for masking changes meant to change nothing but speed:
//   npx tsx bench/mask-diff.ts [--base-ref REF | --base-dist FILE | --plain] [--nm-mb 40] [--tree-mb 16] [--mutants 4000] [--seed 1] [DIR…]
// Masks a large varied corpus with a baseline masker and with this checkout's src/core/secrets, and fails
// (exit 1) on the first text whose masked output or findings (rule, placeholder, span, line) differ.
// Baseline: the secrets module of git REF (default: the merge base with main), bundled the same way,
// or a built bundle (e.g. another checkout's dist/secrets.js).
// --plain: no baseline; this checkout with its candidate passes on against the same code under plain reading
// (reading.ts: every literal gate a search of the text, every windowed block rule over the whole text).
// Corpus: every file under test/fixtures (the corpus sample decoded from its base64), every rule's true-
// and false-positive samples, the mask bench's generated tree, sources under node_modules (all of
// typescript/lib, then a sorted walk up to --nm-mb), any DIR given; each small text also in variants
// that reach the decoders: CRLF, full-width separators, soft hyphens and zero-width spaces inside
// words, JSON-escaped, base64-wrapped whole and line by line; and --mutants seeded mutants: secret-bearing
// lines (the rules' samples, lines of every small text) spliced into benign source texts at random places,
// with lines split at random columns, neighbours joined, CRLF, indentation and blank lines added — the
// texts where a candidate pass that skips too much would show (a window edge, a trigger cut in two).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type * as Secrets from '../src/core/secrets/index';
import { prng } from '../src/core/secrets/samples';
import { buildTree } from './mask';

const REPO = path.join(__dirname, '..');
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  argv.splice(i, 2);
  return v;
};
const baseDist = opt('base-dist');
const plain = argv.includes('--plain');
if (plain) argv.splice(argv.indexOf('--plain'), 1);
const baseRef = opt('base-ref') ?? execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: REPO, encoding: 'utf8' }).trim();
const nmMb = Number(opt('nm-mb') ?? '40');
const treeMb = Number(opt('tree-mb') ?? '16');
const mutantCount = Number(opt('mutants') ?? '4000');
const seed = Number(opt('seed') ?? '1');
const dirs = argv;

async function bundle(entry: string, dir: string): Promise<typeof Secrets> {
  const out = path.join(dir, `s${Math.random().toString(36).slice(2)}.cjs`);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: out, logLevel: 'error' });
  return require(out) as typeof Secrets;
}

const TEXT_EXT = /\.(?:js|mjs|cjs|ts|mts|cts|tsx|jsx|json|ya?ml|md|txt|py|sh|sql|xml|properties|toml|ini|cfg|conf|env|html|css|go|rs|java|rb|php|ppk|pem|tf)$/i;
function walk(d: string, out: string[], all: boolean): void {
  let entries;
  try {
    entries = readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return;
  }
  for (const e of entries) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p, out, all);
    else if (e.isFile() && (all || TEXT_EXT.test(e.name) || e.name.startsWith('.'))) out.push(p);
  }
}

/** Variants that send a text through the decoded views, the escape and blob paths. */
function variants(t: string): string[] {
  const crlf = t.replace(/\r?\n/g, '\r\n');
  const wide = t.replace(/=/g, '＝').replace(/: /g, '： ');
  let k = 0;
  const shy = t.replace(/[A-Za-z0-9]{12}/g, (w) => (k++ % 2 === 0 ? w.slice(0, 6) + '\u00ad' + w.slice(6) : w.slice(0, 5) + '\u200b' + w.slice(5)));
  const json = JSON.stringify({ content: t });
  const b64 = Buffer.from(t, 'utf8').toString('base64').replace(/.{76}/g, '$&\n');
  // Each line base64-encoded as a YAML value (runs of every length, padded or not: encoded-value, blobs).
  const perLine = t
    .split('\n')
    .map((l, i) => `v${i}: ${Buffer.from(l, 'utf8').toString(i % 2 === 0 ? 'base64' : 'base64url')}`)
    .join('\n');
  return [crlf, wide, shy, json, `data: ${b64}\n`, perLine];
}

/**
 * `n` seeded mutants: a benign run of lines (from the bench tree) with lines of the small texts (samples,
 * fixtures, kits: most hold a secret or a look-alike) spliced in, then lines split at a random column or
 * joined with the next, blank lines and indentation added, and sometimes CRLF line ends.
 */
function mutants(small: [string, string][], benign: string[], n: number, seed: number): string[] {
  const r = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const secretLines = small.flatMap(([, t]) => t.split('\n')).filter((l) => l.length > 0 && l.length < 2000);
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const src = pick(benign).split('\n');
    const from = Math.floor(r() * src.length);
    const lines = src.slice(from, from + 5 + Math.floor(r() * 120));
    // Secrets: single lines, or a whole small text (a block: YAML, PEM, JSON…) at one place.
    for (let s = 0, m = 1 + Math.floor(r() * 6); s < m; s++) {
      const at = Math.floor(r() * (lines.length + 1));
      if (r() < 0.25) lines.splice(at, 0, ...pick(small)[1].split('\n'));
      else lines.splice(at, 0, pick(secretLines));
    }
    for (let e = 0, m = Math.floor(r() * 4); e < m && lines.length > 0; e++) {
      const i = Math.floor(r() * lines.length);
      const l = lines[i]!;
      const kind = r();
      if (kind < 0.3) {
        const c = Math.floor(r() * (l.length + 1));
        lines.splice(i, 1, l.slice(0, c), l.slice(c));
      } else if (kind < 0.55 && i + 1 < lines.length) lines.splice(i, 2, l + pick([' ', '', '\t', ' + ', ', ']) + lines[i + 1]!);
      else if (kind < 0.75) lines.splice(i, 0, '');
      else lines[i] = pick(['  ', '    ', '\t', '- ', '# ', '// ']) + l;
    }
    const t = lines.join('\n') + (r() < 0.5 ? '\n' : '');
    out.push(r() < 0.2 ? t.replace(/\r?\n/g, '\r\n') : t);
  }
  return out;
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'ag-mask-diff-'));
  try {
    let A: typeof Secrets | undefined;
    if (plain) A = undefined;
    else if (baseDist !== undefined) A = require(path.resolve(baseDist)) as typeof Secrets;
    else {
      const src = path.join(tmp, 'base');
      mkdirSync(src);
      execFileSync('sh', ['-c', `git archive ${baseRef} src | tar -x -C ${src}`], { cwd: REPO });
      A = await bundle(path.join(src, 'src/core/secrets/index.ts'), tmp);
    }
    const B = await bundle(path.join(REPO, 'src/core/secrets/index.ts'), tmp);
    const b = B.createMasker();
    // The baseline's masking, or (--plain) this checkout's under plain reading.
    const a = A !== undefined ? A.createMasker() : { mask: (t: string) => B.plainly(() => b.mask(t)) };

    const items: [string, string][] = [];
    const small: [string, string][] = [];
    const fixtures: string[] = [];
    walk(path.join(REPO, 'test/fixtures'), fixtures, true);
    for (const f of fixtures) {
      const buf = readFileSync(f);
      if (buf.includes(0)) continue;
      small.push([path.relative(REPO, f), buf.toString('utf8')]);
      if (f.endsWith('.json'))
        try {
          const j = JSON.parse(buf.toString('utf8'));
          const visit = (v: unknown, at: string): void => {
            if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${at}[${i}]`));
            else if (v && typeof v === 'object')
              for (const [k2, x] of Object.entries(v)) {
                if (typeof x === 'string' && /b64$/.test(k2) && x.length > 16)
                  small.push([`${path.relative(REPO, f)}${at}.${k2}`, Buffer.from(x, 'base64').toString('utf8')]);
                else visit(x, `${at}.${k2}`);
              }
          };
          visit(j, '');
        } catch {
          /* not JSON */
        }
    }
    for (const rule of (A ?? B).ALL_RULES) {
      const s = rule.samples();
      s.truePositives.forEach((tp, i) => small.push([`${rule.id} tp${i}`, tp.text]));
      s.falsePositives.forEach((fp, i) => small.push([`${rule.id} fp${i}`, fp]));
    }
    const extra: string[] = [];
    for (const d of dirs) walk(d, extra, true);
    for (const f of extra) {
      const buf = readFileSync(f);
      if (!buf.includes(0) && buf.length < 4_000_000) small.push([f, buf.toString('utf8')]);
    }
    for (const [n, t] of small) {
      items.push([n, t]);
      variants(t).forEach((v, i) => items.push([`${n} ~${i}`, v]));
    }
    // Every rule's samples in one text too: lines that follow each other across rules.
    items.push(['all samples joined', small.map(([, t]) => t).join('\n')]);

    const nm = path.join(REPO, 'node_modules');
    const ts = path.join(nm, 'typescript/lib');
    for (const f of readdirSync(ts).sort()) if (f.endsWith('.js')) items.push([`typescript/lib/${f}`, readFileSync(path.join(ts, f), 'utf8')]);
    const nmFiles: string[] = [];
    walk(nm, nmFiles, false);
    let nmBytes = 0;
    for (const f of nmFiles) {
      if (f.startsWith(ts) || nmBytes > nmMb * 1e6) continue;
      const size = statSync(f).size;
      if (size > 2_000_000) continue;
      nmBytes += size;
      items.push([path.relative(REPO, f), readFileSync(f, 'utf8')]);
    }
    const tree = buildTree(treeMb, REPO).files.map((buf) => buf.toString('utf8'));
    tree.forEach((t, i) => items.push([`bench tree #${i}`, t]));
    mutants(small, tree, mutantCount, seed).forEach((t, i) => items.push([`mutant #${i} (seed ${seed})`, t]));

    let bytes = 0,
      findings = 0,
      masked = 0,
      bad = 0;
    for (const [name, t] of items) {
      bytes += t.length;
      const ra = a.mask(t),
        rb = b.mask(t);
      const fa = JSON.stringify(ra.findings),
        fb = JSON.stringify(rb.findings);
      findings += ra.findings.length;
      if (ra.text !== t) masked++;
      if (ra.text !== rb.text || fa !== fb) {
        bad++;
        const la = ra.text.split('\n'),
          lb = rb.text.split('\n');
        const i = la.findIndex((l, j) => l !== lb[j]);
        process.stdout.write(`DIFF ${name}${i >= 0 ? `:${i + 1}\n  base: ${la[i]!.slice(0, 200)}\n  this: ${lb[i]?.slice(0, 200)}` : ' (findings)'}\n`);
        if (i < 0) process.stdout.write(`  base: ${fa.slice(0, 400)}\n  this: ${fb.slice(0, 400)}\n`);
        if (bad >= 20) break;
      }
    }
    process.stdout.write(
      `${bad === 0 ? 'SAME' : 'DIFFERENT'}: ${items.length} texts, ${(bytes / 1e6).toFixed(1)} M chars, ${masked} masked by the base, ${findings} findings; base ${plain ? 'plain reading' : (baseDist ?? baseRef)}\n`,
    );
    if (bad > 0) process.exitCode = 1;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
