#!/usr/bin/env node
// `npm test`: every tier, one closing line `N passed, N failed` for all of them together (CI reads it).
// Tiers: build + type-check + lint (gates, each counted as one test), unit (mocha in Node), integration
// (mocha inside a real VS Code via code-server), e2e (Playwright drives the real workbench and modal),
// cli-agents (the real Claude Code, Gemini CLI, Cline and Codex CLIs against scripted fake model servers).
// Set AGENTGUARD_TIERS=unit,integration to run a subset. Skipped tests are counted apart (on the line before
// the closing one), never as passed.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
const tiers = (process.env.AGENTGUARD_TIERS || 'gates,unit,integration,e2e,cli-agents').split(',');
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    const tee = (stream, dest) =>
      stream.on('data', (d) => {
        out += d;
        dest.write(d);
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), out }));
    child.on('error', (e) => resolve({ code: 127, out: String(e) }));
  });
}

async function gate(name, cmd, args) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = await run(cmd, args);
  if (r.code === 0) passed++;
  else {
    failed++;
    failures.push(`${name} (exit ${r.code})`);
  }
  return r.code === 0;
}

/** A tier that writes {passed, failed, failures} to a results file. */
async function resultsTier(name, cmd, args, resultsFile) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  fs.rmSync(resultsFile, { force: true });
  const r = await run(cmd, args);
  let res;
  try {
    res = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  } catch {
    res = undefined;
  }
  if (!res) {
    failed++;
    failures.push(`${name}: produced no results (exit ${r.code})`);
    return;
  }
  passed += res.passed;
  failed += res.failed;
  skipped += res.skipped ?? 0;
  for (const f of res.failures ?? []) failures.push(`${name}: ${typeof f === 'string' ? f : (f.title ?? JSON.stringify(f))}`);
  if (r.code !== 0 && res.failed === 0) {
    failed++;
    failures.push(`${name}: exited ${r.code} although no test failed`);
  }
}

const npx = (bin) => path.join(root, 'node_modules', '.bin', bin);

if (tiers.includes('gates')) {
  await gate('build', process.execPath, ['esbuild.config.mjs']);
  await gate('typecheck', npx('tsc'), ['--noEmit', '-p', '.']);
  if (fs.existsSync('eslint.config.mjs')) await gate('lint', npx('eslint'), ['src', 'test']);
  await gate('format', npx('prettier'), ['--check', '.']);
}
if (tiers.includes('unit')) {
  await resultsTier(
    'unit',
    npx('mocha'),
    [
      'test/unit/**/*.test.ts',
      'policies/**/*.test.ts',
      '--reporter',
      path.join(root, 'scripts', 'mocha-results-reporter.cjs'),
      '--reporter-option',
      'output=out/unit-results.json',
    ],
    'out/unit-results.json',
  );
}
if (tiers.includes('integration') && fs.existsSync('scripts/vscode/run-tests.mjs')) {
  await resultsTier('integration', process.execPath, ['scripts/vscode/run-tests.mjs'], 'out/test/integration/results.json');
}
if (tiers.includes('e2e') && fs.existsSync('scripts/vscode/run-e2e.mjs')) {
  await resultsTier('e2e', process.execPath, ['scripts/vscode/run-e2e.mjs'], 'out/test/e2e/results.json');
}

if (tiers.includes('cli-agents') && fs.existsSync('scripts/cli-agents/run.mjs')) {
  await resultsTier('cli-agents', process.execPath, ['scripts/cli-agents/run.mjs'], 'out/test/cli-agents/results.json');
}

if (failures.length) {
  console.log('\nFailures:');
  for (const f of failures) console.log('  - ' + f);
}
// Skipped tests on a line of their own, so the closing line keeps the exact shape CI reads.
if (skipped) console.log(`\n${skipped} skipped (not counted as passed)`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
