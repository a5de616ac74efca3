// Bundle sizes (issue 7): the files the .vsix ships, raw and gzipped, and how much of each is our code.
//
//   node bench/bundle.mjs [--dist DIR]
//
// DIR (default dist/) holds the production bundles (npm run bench builds them into .tmp/). For each entry,
// esbuild's metafile of the same production build splits the bytes into our sources and third-party code.
// Baselines, for scale: the extension and CLI against the third-party libraries they carry (minimatch, yaml,
// unbash — the part we could not shrink by editing our own code); the hook entry against the full CLI it
// replaces on every agent tool call. Prints one JSON object (`figures` in the bench/lib.ts Figure shape).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const i = process.argv.indexOf('--dist');
const DIST = resolve(i > 0 ? process.argv[i + 1] : join(REPO, 'dist'));

const ENTRIES = [
  { file: 'extension.js', entry: 'src/vscode/extension.ts', external: ['vscode'] },
  { file: 'cli.js', entry: 'src/cli/main.ts', external: [] },
  { file: 'hook.js', entry: 'src/cli/hookMain.ts', external: [] },
];

async function split(entry, external) {
  const { build } = await import('esbuild');
  const r = await build({
    entryPoints: [join(REPO, entry)], bundle: true, platform: 'node', target: 'node20', format: 'cjs', minify: true,
    legalComments: 'none', external, write: false, metafile: true, outfile: join(REPO, '.tmp', 'bundle-probe.js'), logLevel: 'error',
  });
  const inputs = Object.values(r.metafile.outputs)[0].inputs;
  let ours = 0, lib = 0;
  const libs = {};
  for (const [p, v] of Object.entries(inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p);
    if (m) {
      lib += v.bytesInOutput;
      libs[m[1]] = (libs[m[1]] ?? 0) + v.bytesInOutput;
    } else ours += v.bytesInOutput;
  }
  return { ours, lib, libs };
}

async function main() {
  const figures = [];
  const detail = {};
  const sizes = {};
  for (const { file, entry, external } of ENTRIES) {
    const p = join(DIST, file);
    if (!existsSync(p)) throw new Error(`${p} missing: build first (node esbuild.config.mjs --production)`);
    const bytes = statSync(p).size;
    const gz = gzipSync(readFileSync(p)).length;
    const s = await split(entry, external);
    sizes[file] = bytes;
    detail[file] = { bytes, gzipBytes: gz, ourCodeBytes: s.ours, thirdPartyBytes: s.lib, thirdParty: s.libs };
  }
  const kb = (b) => Math.round(b / 102.4) / 10;
  for (const file of ['extension.js', 'cli.js']) {
    const d = detail[file];
    figures.push({ name: `bundle size dist/${file}`, value: kb(d.bytes), unit: 'KB', baseline: { name: 'third-party code it carries', value: kb(d.thirdPartyBytes) }, ratio: Math.round((d.bytes / d.thirdPartyBytes) * 100) / 100 });
  }
  const h = detail['hook.js'];
  figures.push({
    name: 'bundle size dist/hook.js (the installed hook command)', value: kb(h.bytes), unit: 'KB',
    baseline: { name: 'dist/cli.js, which it replaces', value: kb(sizes['cli.js']) }, ratio: Math.round((h.bytes / sizes['cli.js']) * 1000) / 1000,
    aim: { text: 'carries no policy, parser or masker code (no third-party code)', met: h.thirdPartyBytes === 0 },
  });
  process.stdout.write(JSON.stringify({ bench: 'bundle', dist: DIST, figures, detail }, null, 2) + '\n');
}

main().catch((e) => {
  process.stderr.write(`bench/bundle: ${e?.stack ?? e}\n`);
  process.exitCode = 1;
});
