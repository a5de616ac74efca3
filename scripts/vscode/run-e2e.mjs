#!/usr/bin/env node
// Runs the end-to-end tests (test/e2e/**/*.e2e.mjs): mocha in plain Node, each suite driving the real
// workbench through scripts/vscode/workbench.mjs (code-server without test mode, so modal dialogs show).
// Writes out/test/e2e/results.json {passed, failed, failures} and prints "e2e: N passed, M failed";
// screenshots go to test-artifacts/e2e/. Needs `npm run build` and `node scripts/vscode/install.mjs`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assertInstalled } from './code-server.mjs';
import { REPO_ROOT } from './paths.mjs';

const RESULTS = join(REPO_ROOT, 'out', 'test', 'e2e', 'results.json');
const EXTENSION_MAIN = join(REPO_ROOT, JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).main);

function finish(results, code) {
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(`e2e: ${results.passed} passed, ${results.failed} failed\n`);
  process.exitCode = code;
}

rmSync(RESULTS, { force: true });
try {
  assertInstalled();
  if (!existsSync(EXTENSION_MAIN)) throw new Error(`${EXTENSION_MAIN} missing: run \`npm run build\` first`);
} catch (err) {
  finish({ passed: 0, failed: 1, failures: [{ title: 'e2e setup', error: String(err.message) }] }, 1);
  process.exit();
}

// --no-config: the repo's .mocharc.json is the unit tier's (its spec and tsx loader are not wanted here).
const r = spawnSync(
  process.execPath,
  [
    join(REPO_ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'),
    '--no-config',
    '--timeout',
    '180000',
    '--exit',
    '--reporter',
    join(REPO_ROOT, 'scripts', 'mocha-results-reporter.cjs'),
    '--reporter-option',
    `output=${RESULTS}`,
    'test/e2e/**/*.e2e.mjs',
  ],
  { cwd: REPO_ROOT, stdio: 'inherit' },
);

let results;
try {
  results = JSON.parse(readFileSync(RESULTS, 'utf8'));
} catch {
  results = { passed: 0, failed: 0, failures: [] };
}
const ok = r.status === 0 && results.failed === 0 && results.passed > 0;
if (!ok && results.failed === 0) {
  results.failed = 1;
  results.failures.push({ title: 'e2e run', error: `mocha exited with ${r.status ?? r.signal} and reported no failing test` });
}
finish(results, ok ? 0 : 1);
