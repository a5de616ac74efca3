// Bundles the extension (vscode external) and the CLI (plain Node 20). Type-checking is separate: `npm run typecheck`.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// `--outdir=DIR` builds the shipped bundles elsewhere (npm run bench builds the production bundles into
// .tmp/ without replacing the dist/ that tests running at the same time are using). DIR must sit two
// levels below the repo, or next to a copy of policies/, for the CLI to find the shipped policies.
const outdirArg = process.argv.find((a) => a.startsWith('--outdir='));
const outdir = outdirArg ? outdirArg.slice('--outdir='.length) : 'dist';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
  // Tells src/core/lazyModules.ts to require the costliest modules from their own bundles (below).
  define: { AGENTGUARD_BUNDLED: 'true' },
};

const builds = [
  // The activation entry is thin (command and tool proxies); the guard is its own bundle, loaded right after.
  { ...common, entryPoints: ['src/vscode/extension.ts'], outfile: `${outdir}/extension.js`, external: ['vscode'] },
  { ...common, entryPoints: ['src/vscode/guard.ts'], outfile: `${outdir}/guard.js`, external: ['vscode'] },
  { ...common, entryPoints: ['src/cli/cli.ts'], outfile: `${outdir}/cli.js`, banner: { js: '#!/usr/bin/env node' } },
  // The installed agent-hook command: the bridge's channel path only, so it starts close to a bare node;
  // it requires dist/cli.js at run time when it must decide without the extension (src/cli/hookEntry.ts).
  { ...common, entryPoints: ['src/cli/hookEntry.ts'], outfile: `${outdir}/hook.js` },
  // `agentguard mcp`: its own bundle (the MCP SDK, zod, ajv), loaded by cli.js only for that command.
  { ...common, entryPoints: ['src/cli/mcp.ts'], outfile: `${outdir}/mcp.js` },
  // The costliest modules to initialise, each its own bundle, required on first use (src/core/lazyModules.ts):
  // the guard that VS Code loads at activation compiles none of their code.
  { ...common, entryPoints: ['src/core/engine.ts'], outfile: `${outdir}/engine.js` },
  { ...common, entryPoints: ['src/core/secrets/index.ts'], outfile: `${outdir}/secrets.js` },
  { ...common, entryPoints: ['src/core/integrity/step.ts'], outfile: `${outdir}/integrity.js` },
  {
    ...common,
    stdin: {
      contents: ['load', 'layers', 'packs', 'render'].map((m) => `export * from './src/core/policy/${m}';\n`).join(''),
      resolveDir: '.',
      loader: 'ts',
    },
    outfile: `${outdir}/policyLoader.js`,
  },
];
// Integration tests run inside the extension host: bundled like the extension itself.
if (!outdirArg && existsSync('test/integration/index.ts')) {
  builds.push({ ...common, entryPoints: ['test/integration/index.ts'], outfile: 'out/test/integration/index.js', external: ['vscode', 'mocha'] });
}

if (watch) {
  for (const b of builds) (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
