#!/usr/bin/env node
// Runs the integration suite (out/test/integration/index.js, built by `npm run build`) inside a real VS Code.
//   node scripts/vscode/run-tests.mjs             code-server 4.139.1 (VS Code 1.139.1) + headless Chromium
//   node scripts/vscode/run-tests.mjs --electron  desktop VS Code through @vscode/test-electron (where it can
//                                                 be downloaded; on Linux without a display, under xvfb-run)
// Options: --keep (leave the temp folder for debugging), --verbose (print the whole workbench log, which
// always goes to test-artifacts/integration/workbench.log), --timeout=SECONDS (whole run, default 240).
// Each run gets a fresh temp copy of test/fixtures/workspace; its path reaches the tests as
// AGENTGUARD_IT_WORKSPACE. The suite writes out/test/integration/results.json {passed, failed, failures};
// this script always leaves one there that reflects the outcome (a crash or timeout counts as a failure),
// prints "integration: N passed, M failed" and exits non-zero on any failure.
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { launchBrowser, log, makeRunDirs, prepareWorkspace, remoteUri, removeRunDirs, startCodeServer, workbenchUrl } from './code-server.mjs';
import { REPO_ROOT } from './paths.mjs';

const argv = process.argv.slice(2);
const electron = argv.includes('--electron');
const keep = argv.includes('--keep');
const verbose = argv.includes('--verbose');
const timeoutArg = argv.find((a) => a.startsWith('--timeout='));
const TIMEOUT_MS = (timeoutArg ? Number(timeoutArg.split('=')[1]) : 240) * 1000;

const TESTS_ENTRY = join(REPO_ROOT, 'out', 'test', 'integration', 'index.js');
// AGENTGUARD_IT_RESULTS lets a caller running tiers side by side give each run its own results file.
const RESULTS = resolve(process.env.AGENTGUARD_IT_RESULTS || join(REPO_ROOT, 'out', 'test', 'integration', 'results.json'));
const EXTENSION_MAIN = join(REPO_ROOT, JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).main);

const LOG_FILE = join(REPO_ROOT, 'test-artifacts', 'integration', 'workbench.log');
// Lines from test/integration/reporter.ts carry this prefix; everything else is the workbench talking.
const TEST_LINE = '[agentguard-it] ';
// Errors the workbench logs in every run here (no network, no GitHub sign-in): kept in the log file only.
const WORKBENCH_NOISE = [/authentication provider 'github'/, /^\[AgentHost\]/];

const say = (m) => log('integration', m);
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;

function readResults() {
  try {
    const r = JSON.parse(readFileSync(RESULTS, 'utf8'));
    if (Number.isInteger(r.passed) && Number.isInteger(r.failed) && Array.isArray(r.failures)) return r;
  } catch {
    /* missing or unreadable: the caller records a failure */
  }
  return null;
}

function recordFailure(reason) {
  const r = readResults() ?? { tier: 'integration', passed: 0, failed: 0, failures: [] };
  r.failed += 1;
  r.failures.push({ title: 'integration run', error: reason });
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, JSON.stringify(r, null, 2) + '\n');
}

async function runInCodeServer(dirs, env) {
  mkdirSync(dirname(LOG_FILE), { recursive: true });
  const fullLog = createWriteStream(LOG_FILE);
  try {
    return await runWorkbench(dirs, env, fullLog);
  } finally {
    await new Promise((res) => fullLog.end(res));
  }
}

async function runWorkbench(dirs, env, fullLog) {
  const serverLog = [];
  const server = await startCodeServer({
    dirs,
    env,
    onLog: (l) => {
      serverLog.push(l);
      fullLog.write(`[code-server] ${l}\n`);
    },
  });
  say(`code-server healthy on 127.0.0.1:${server.port} (${elapsed()})`);
  let browser;
  try {
    browser = await launchBrowser(dirs);
    const { page } = browser;
    let finish;
    const exited = new Promise((res) => {
      finish = res;
    });
    // Both must exist before the workbench loads: it looks them up once to stream the extension host's
    // console and to report the test run's exit code.
    await page.exposeFunction('codeAutomationLog', (level, msg) => {
      const text = String(msg).replace(/\n$/, '');
      fullLog.write(`${elapsed()} <${level}> ${text}\n`);
      if (text.startsWith(TEST_LINE)) process.stdout.write(`${text.slice(TEST_LINE.length)}\n`);
      else if (verbose || (level === 'error' && !WORKBENCH_NOISE.some((re) => re.test(text)))) {
        process.stdout.write(`  <${level}> ${text}\n`);
      }
    });
    await page.exposeFunction('codeAutomationExit', (code, logs) => finish({ code, logs }));
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(String(e)));

    const payload = [
      ['extensionDevelopmentPath', remoteUri(server.port, REPO_ROOT)],
      ['extensionTestsPath', remoteUri(server.port, TESTS_ENTRY)],
    ];
    await page.goto(workbenchUrl(server.port, dirs.workspace, payload));
    say(`workbench opened (${elapsed()}); waiting for the extension host to run the suite`);

    let timer;
    const timedOut = new Promise((res) => {
      timer = setTimeout(() => res(null), TIMEOUT_MS);
    });
    const outcome = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    if (!outcome) {
      const why = `no exit from the extension host within ${TIMEOUT_MS / 1000}s`;
      process.stderr.write(`${why}\n--- code-server log (tail) ---\n${serverLog.slice(-40).join('\n')}\n`);
      if (pageErrors.length) process.stderr.write(`--- page errors ---\n${pageErrors.slice(-10).join('\n')}\n`);
      recordFailure(why);
      return 1;
    }
    if (outcome.code !== 0) {
      say(`extension host exited with ${outcome.code}; full workbench log: ${LOG_FILE}`);
    }
    if (outcome.code !== 0 && !readResults()) {
      // Mocha never reported: the extension host's own log says why activation or loading failed.
      for (const f of outcome.logs ?? []) {
        if (/exthost|remoteexthost/i.test(f.relativePath)) {
          process.stderr.write(`--- ${f.relativePath} (tail) ---\n${String(f.contents).split('\n').slice(-40).join('\n')}\n`);
        }
      }
    }
    return outcome.code;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

async function runInElectron(dirs, env) {
  const { runTests } = await import('@vscode/test-electron');
  try {
    return await runTests({
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: TESTS_ENTRY,
      extensionTestsEnv: env,
      launchArgs: [
        dirs.workspace,
        '--disable-workspace-trust',
        '--disable-extensions',
        '--skip-welcome',
        '--skip-release-notes',
        `--user-data-dir=${dirs.userData}`,
        `--extensions-dir=${dirs.extensions}`,
      ],
    });
  } catch (err) {
    // runTests rejects when VS Code exits non-zero (test failures) or cannot be downloaded/started; in the
    // latter case the suite never ran, so the reason itself is the recorded failure.
    say(String(err?.message ?? err));
    if (!readResults()) recordFailure(`@vscode/test-electron: ${err?.message ?? err}`);
    return 1;
  }
}

async function main() {
  for (const f of [EXTENSION_MAIN, TESTS_ENTRY]) {
    if (!existsSync(f)) throw new Error(`${f} missing: run \`npm run build\` first`);
  }
  rmSync(RESULTS, { force: true });
  const dirs = makeRunDirs('it');
  prepareWorkspace(dirs.workspace);
  say(`${electron ? '@vscode/test-electron' : 'code-server'}; fixture workspace: ${dirs.workspace}`);
  const env = { AGENTGUARD_IT_WORKSPACE: dirs.workspace, AGENTGUARD_IT_RESULTS: RESULTS };
  let code;
  try {
    code = electron ? await runInElectron(dirs, env) : await runInCodeServer(dirs, env);
  } catch (err) {
    recordFailure(String(err?.stack ?? err));
    code = 1;
  } finally {
    if (keep) say(`kept ${dirs.root}`);
    else removeRunDirs(dirs);
  }
  let results = readResults();
  if (!results) {
    recordFailure(`the suite wrote no results (exit code ${code})`);
    results = readResults();
  } else if (code !== 0 && results.failed === 0) {
    recordFailure(`VS Code reported exit code ${code} although no test failed`);
    results = readResults();
  }
  for (const f of results.failures) process.stderr.write(`FAILED: ${f.title}\n${f.error}\n`);
  say(`done in ${elapsed()}`);
  process.stdout.write(`integration: ${results.passed} passed, ${results.failed} failed\n`);
  const ok = code === 0 && results.failed === 0 && results.passed > 0;
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  process.stderr.write(`[integration] ${err?.stack ?? err}\n`);
  recordFailure(String(err?.message ?? err));
  process.stdout.write('integration: 0 passed, 1 failed\n');
  process.exitCode = 1;
});
