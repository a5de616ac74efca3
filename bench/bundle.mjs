// Bundle sizes: the files the .vsix ships, raw and gzipped, and how much of each is our code.
//
//   node bench/bundle.mjs
//
// Builds each entry as esbuild.config.mjs --production does (minified, cjs, node20), in memory with a
// metafile, so sizes and the split into our sources and third-party code come from one and the same build.
// Baselines, for scale: the extension and CLI against the third-party libraries they carry (the part we
// could not shrink by editing our own code); the hook entry against the full CLI it replaces on every
// agent tool call. Prints one JSON object (`figures` in the bench/lib.ts Figure shape).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const ENTRIES = [
  { file: 'extension.js', entry: 'src/vscode/extension.ts', external: ['vscode'] },
  { file: 'guard.js', entry: 'src/vscode/guard.ts', external: ['vscode'] },
  { file: 'cli.js', entry: 'src/cli/cli.ts', external: [], banner: { js: '#!/usr/bin/env node' } },
  { file: 'hook.js', entry: 'src/cli/hookEntry.ts', external: [] },
];

async function buildOne({ entry, external, banner }) {
  const { build } = await import('esbuild');
  const r = await build({
    entryPoints: [join(REPO, entry)],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    legalComments: 'none',
    // As esbuild.config.mjs builds what ships: the costliest modules stay in bundles of their own.
    define: { AGENTGUARD_BUNDLED: 'true' },
    external,
    banner,
    write: false,
    metafile: true,
    outfile: join(REPO, '.tmp', 'bundle-probe.js'),
    logLevel: 'error',
  });
  const out = r.outputFiles.find((f) => f.path.endsWith('.js'));
  const inputs = Object.values(r.metafile.outputs).find((o) => o.entryPoint).inputs;
  let ours = 0,
    lib = 0;
  const libs = {};
  const mine = {};
  for (const [p, v] of Object.entries(inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p);
    if (m) {
      lib += v.bytesInOutput;
      libs[m[1]] = (libs[m[1]] ?? 0) + v.bytesInOutput;
    } else {
      ours += v.bytesInOutput;
      const area = /src\/core\/(secrets|shell)\//.exec(p)?.[1];
      if (area) mine[area] = (mine[area] ?? 0) + v.bytesInOutput;
    }
  }
  return { contents: out.contents, ours, lib, libs, mine };
}

async function main() {
  const figures = [];
  const detail = {};
  const sizes = {};
  for (const e of ENTRIES) {
    const b = await buildOne(e);
    const bytes = b.contents.length;
    sizes[e.file] = bytes;
    detail[e.file] = { bytes, gzipBytes: gzipSync(b.contents).length, ourCodeBytes: b.ours, thirdPartyBytes: b.lib, thirdParty: b.libs, ours: b.mine };
  }
  const kb = (b) => Math.round(b / 102.4) / 10;
  for (const file of ['extension.js', 'cli.js']) {
    const d = detail[file];
    figures.push({
      name: `bundle size dist/${file}`,
      value: kb(d.bytes),
      unit: 'KB',
      baseline: { name: 'third-party code it carries', value: kb(d.thirdPartyBytes) },
      ratio: Math.round((d.bytes / d.thirdPartyBytes) * 100) / 100,
    });
  }
  const g = detail['guard.js'];
  figures.push({
    name: 'bundle size dist/guard.js (what VS Code loads right after activation)',
    value: kb(g.bytes),
    unit: 'KB',
    baseline: { name: 'dist/cli.js, the whole decision code', value: kb(sizes['cli.js']) },
    ratio: Math.round((g.bytes / sizes['cli.js']) * 1000) / 1000,
    aim: {
      text: 'carries no shell parser, YAML parser or masking catalog (they load with the first policy)',
      met: !g.thirdParty.unbash && !g.thirdParty.yaml && !g.ours.secrets,
    },
  });
  const h = detail['hook.js'];
  figures.push({
    name: 'bundle size dist/hook.js (the installed hook command)',
    value: kb(h.bytes),
    unit: 'KB',
    baseline: { name: 'dist/cli.js, which it replaces', value: kb(sizes['cli.js']) },
    ratio: Math.round((h.bytes / sizes['cli.js']) * 1000) / 1000,
    aim: { text: 'carries no policy, parser or masker code (no third-party code)', met: h.thirdPartyBytes === 0 },
  });
  process.stdout.write(JSON.stringify({ bench: 'bundle', build: 'esbuild, minified, as esbuild.config.mjs --production', figures, detail }, null, 2) + '\n');
}

main().catch((e) => {
  process.stderr.write(`bench/bundle: ${e?.stack ?? e}\n`);
  process.exitCode = 1;
});
