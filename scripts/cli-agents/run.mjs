#!/usr/bin/env node
// The cli-agents tier: the real Claude Code, Gemini CLI, Cline and Codex CLIs, each driven by a scripted
// fake model server against a workspace guarded by AgentGuard's hooks (test/cli-agents/). Installs the
// pinned CLIs on first use (install.mjs, cached in .cli-agents/), then runs mocha over
// test/cli-agents/**/*.cli.mjs inside a network namespace with only loopback (`unshare -n`), so no agent
// can reach — or hang on — anything but the fake server. Writes out/test/cli-agents/results.json
// {passed, failed, skipped, failures} and prints "cli-agents: N passed, M failed, K skipped".
//
// Scenarios current main cannot pass yet are skipped (never counted as passed) unless
// AGENTGUARD_CLI_AGENTS_PENDING=1. AGENTGUARD_CLI_AGENTS=claude,codex and AGENTGUARD_CLI_AGENTS_SCENARIOS=rm-build
// narrow a run; evidence per scenario (script, server requests, CLI output, audit) in test-artifacts/cli-agents/.
// Needs `npm run build` (the hooks run the built dist/hook.js, as installed).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './agents.mjs';

const RESULTS = join(REPO_ROOT, 'out', 'test', 'cli-agents', 'results.json');

function finish(results, code) {
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(`cli-agents: ${results.passed} passed, ${results.failed} failed, ${results.skipped ?? 0} skipped\n`);
  process.exitCode = code;
}

function setupFailure(title, error) {
  finish({ passed: 0, failed: 1, skipped: 0, failures: [{ title: `cli-agents setup: ${title}`, error }] }, 1);
  process.exit();
}

/**
 * How to keep the agents off the network: a namespace of its own whose only interface is loopback (a new
 * namespace's loopback starts down, so `ip link set lo up` first), if this machine lets us make one.
 */
function isolation() {
  if (process.env.AGENTGUARD_CLI_AGENTS_NETNS === '0') return { prefix: [], note: 'network isolation off (AGENTGUARD_CLI_AGENTS_NETNS=0)' };
  const up = 'ip link set lo up && exec "$0" "$@"';
  for (const flags of [['-n'], ['-rn']]) {
    const r = spawnSync('unshare', [...flags, 'sh', '-c', up, 'true'], { stdio: 'ignore' });
    if (r.status === 0) return { prefix: ['unshare', ...flags, 'sh', '-c', up], note: `network: loopback only (unshare ${flags.join(' ')})` };
  }
  return {
    prefix: [],
    note: 'network: no namespace with loopback could be made here (unshare -n / -rn, or ip, failed); the agents are configured to reach only 127.0.0.1',
  };
}

rmSync(RESULTS, { force: true });
for (const f of ['dist/hook.js', 'dist/cli.js']) {
  if (!existsSync(join(REPO_ROOT, f))) setupFailure('build', `${f} missing: run \`npm run build\` first`);
}
const started = Date.now();
const inst = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'cli-agents', 'install.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
if (inst.status !== 0) {
  setupFailure(
    'install',
    `node scripts/cli-agents/install.mjs exited ${inst.status ?? inst.signal}: the pinned agent CLIs could not be installed from the npm registry (see .cli-agents/install.log)`,
  );
}
process.stdout.write(`[cli-agents] CLIs ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
const iso = isolation();
process.stdout.write(`[cli-agents] ${iso.note}\n`);
if (process.env.AGENTGUARD_CLI_AGENTS_PENDING === '1')
  process.stdout.write('[cli-agents] AGENTGUARD_CLI_AGENTS_PENDING=1: running the pending scenarios too\n');

// --no-config: the repo's .mocharc.json is the unit tier's. tsx: the harness calls the product's installer
// (src/node/hookBridge/install.ts) as the extension's command does.
const mocha = [
  process.execPath,
  '--import',
  'tsx',
  join(REPO_ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'),
  '--no-config',
  '--timeout',
  '400000',
  '--exit',
  '--reporter',
  join(REPO_ROOT, 'scripts', 'mocha-results-reporter.cjs'),
  '--reporter-option',
  `output=${RESULTS}`,
  'test/cli-agents/**/*.cli.mjs',
];
const [cmd, ...args] = [...iso.prefix, ...mocha];
const r = spawnSync(cmd, args, { cwd: REPO_ROOT, stdio: 'inherit' });

let results;
try {
  results = JSON.parse(readFileSync(RESULTS, 'utf8'));
} catch {
  results = { passed: 0, failed: 0, skipped: 0, failures: [] };
}
const ok = r.status === 0 && results.failed === 0 && results.passed > 0;
if (!ok && results.failed === 0) {
  results.failed = 1;
  results.failures.push({ title: 'cli-agents run', error: `mocha exited with ${r.status ?? r.signal} and reported no failing test` });
}
finish(results, ok ? 0 : 1);
