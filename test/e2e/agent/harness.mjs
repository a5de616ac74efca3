// A real VS Code agent session for end-to-end tests: code-server with a throwaway profile, AgentGuard
// installed from its packaged .vsix (what a user installs), the scripted model (test/agent) installed from
// a temp .vsix, the generated workspace, and Playwright helpers that type into the Chat view and answer
// the dialogs. The bundled Copilot Chat agent runs with its real tools, confirmations and hooks.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeServerEnv, launchBrowser, makeRunDirs, removeRunDirs, startCodeServer, workbenchUrl } from '../../../scripts/vscode/code-server.mjs';
import { CODE_SERVER_ENTRY, NODE_BIN, REPO_ROOT } from '../../../scripts/vscode/paths.mjs';
import { waitForWorkbench } from '../../../scripts/vscode/workbench.mjs';

export const ARTIFACTS_DIR = join(REPO_ROOT, 'test-artifacts', 'agent');
export const AGENTGUARD_ID = 'agentguard.agentguard';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${(r.stdout ?? '').slice(-2000)}\n${(r.stderr ?? '').slice(-2000)}`);
  return r.stdout;
}

/**
 * AgentGuard's .vsix: `npm run package` (the project's own packaging) unless AGENTGUARD_VSIX names one.
 * Packaging every run keeps a stale .vsix from proving an old build.
 */
export function packageAgentGuard() {
  if (process.env.AGENTGUARD_VSIX) return process.env.AGENTGUARD_VSIX;
  run('npm', ['run', '--silent', 'package']);
  return join(REPO_ROOT, 'agentguard.vsix');
}

/** The scripted model as its own .vsix: bundled with esbuild, packaged with vsce into `dir`. */
export async function packageScriptedModel(dir) {
  const ext = join(dir, 'scripted-model');
  mkdirSync(join(ext, 'out'), { recursive: true });
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(REPO_ROOT, 'test', 'agent', 'extension.ts')],
    outfile: join(ext, 'out', 'extension.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    logLevel: 'warning',
  });
  copyFileSync(join(REPO_ROOT, 'test', 'agent', 'package.json'), join(ext, 'package.json'));
  copyFileSync(join(REPO_ROOT, 'LICENSE'), join(ext, 'LICENSE'));
  writeFileSync(join(ext, 'README.md'), '# Scripted model (AgentGuard tests only)\n');
  const out = join(dir, 'scripted-model.vsix');
  run(join(REPO_ROOT, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out], {
    cwd: ext,
  });
  return out;
}

/** Settings for the agent run on top of the harness's quiet defaults. */
const AGENT_SETTINGS = {
  // The chat view opens where the test can see it (the harness default hides the secondary side bar).
  'workbench.secondarySideBar.defaultVisibility': 'visible',
  'chat.commandCenter.enabled': true,
  // No auto-approval: every confirmation the agent asks for is answered by the test, as a person would.
  'chat.tools.global.autoApprove': false,
};

/** A run's temp dirs, with both extensions installed the way a user installs a .vsix. */
export async function prepareRun({ agentguardVsix }) {
  const dirs = makeRunDirs('agent');
  const settingsFile = join(dirs.userData, 'User', 'settings.json');
  writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(readFileSync(settingsFile, 'utf8')), ...AGENT_SETTINGS }, null, 2) + '\n');
  const modelVsix = await packageScriptedModel(dirs.root);
  const env = codeServerEnv(dirs);
  for (const vsix of [agentguardVsix, modelVsix]) {
    run(NODE_BIN, [CODE_SERVER_ENTRY, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions, '--install-extension', vsix, '--force'], {
      env,
      cwd: dirs.root,
    });
  }
  return { dirs, record: join(dirs.root, 'model-record.json'), cleanup: () => removeRunDirs(dirs) };
}

/** Starts code-server and opens the workbench on the workspace. */
export async function openSession({ dirs, record, workspace, logs = [] }) {
  let server;
  let browser;
  const stop = async () => {
    await browser?.close();
    await server?.stop();
  };
  try {
    server = await startCodeServer({
      dirs,
      env: { AGENTGUARD_AGENT_RECORD: record, AGENTGUARD_AGENT_ENABLE_CHAT: '1' },
      onLog: (l) => logs.push(`[code-server] ${l}`),
    });
    browser = await launchBrowser(dirs, { viewport: { width: 1500, height: 950 } });
    const { page } = browser;
    await page.exposeFunction('codeAutomationLog', (level, msg) => logs.push(`<${level}> ${msg}`));
    await page.exposeFunction('codeAutomationExit', (code) => logs.push(`<exit> ${code}`));
    await page.goto(workbenchUrl(server.port, workspace));
    await waitForWorkbench(page, 120_000);
    return { page, port: server.port, logs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** What the scripted model recorded so far ({events, requests}). */
export function readRecord(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { events: [], requests: [] };
  }
}

export async function waitFor(what, fn, { timeout = 60_000, interval = 300 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await sleep(interval);
  }
}

export async function shot(page, name) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file });
  return file;
}

export { existsSync };
