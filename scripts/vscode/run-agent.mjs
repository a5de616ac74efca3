#!/usr/bin/env node
// Runs only the real-agent suite (test/e2e/agent.e2e.mjs: VS Code's agent mode, a scripted model, AgentGuard
// from its .vsix). `npm test` runs it as part of the e2e tier (scripts/vscode/run-e2e.mjs); this is for
// running it alone. Writes out/test/agent/results.json {passed, failed, failures}; screenshots go to
// test-artifacts/agent/. AGENTGUARD_VSIX=<file> skips packaging; AGENTGUARD_KEEP=1 keeps the temp run folder.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assertInstalled } from './code-server.mjs';
import { REPO_ROOT } from './paths.mjs';

const RESULTS = join(REPO_ROOT, 'out', 'test', 'agent', 'results.json');
rmSync(RESULTS, { force: true });
mkdirSync(dirname(RESULTS), { recursive: true });
assertInstalled();
const r = spawnSync(
  process.execPath,
  [
    join(REPO_ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'),
    '--no-config',
    '--timeout',
    '240000',
    '--exit',
    '--reporter',
    join(REPO_ROOT, 'scripts', 'mocha-results-reporter.cjs'),
    '--reporter-option',
    `output=${RESULTS}`,
    'test/e2e/agent.e2e.mjs',
  ],
  { cwd: REPO_ROOT, stdio: 'inherit' },
);
let results = { passed: 0, failed: 1, failures: [{ title: 'agent run', error: `mocha exited with ${r.status ?? r.signal}` }] };
try {
  results = JSON.parse(readFileSync(RESULTS, 'utf8'));
} catch {
  /* keep the failure above */
}
process.stdout.write(`agent: ${results.passed} passed, ${results.failed} failed\n`);
process.exitCode = r.status === 0 && results.failed === 0 ? 0 : 1;
