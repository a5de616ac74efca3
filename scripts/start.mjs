#!/usr/bin/env node
// `npm start`: the main job on a fresh machine.
//   1. installs a real VS Code (code-server 1.139) into the ignored .vscode-test/ on first use;
//   2. builds AgentGuard and packages the .vsix, then installs it as a user would;
//   3. builds the demo workspace and plays a scripted agent session through the guard (headless);
//   4. serves VS Code with AgentGuard on the demo workspace and prints the address to open.
// `--smoke`: open the workbench once in headless Chromium, screenshot it, and stop (used to check the README).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, CACHE_DIR, NODE_BIN, CODE_SERVER_ENTRY } from './vscode/paths.mjs';

const smoke = process.argv.includes('--smoke');
const portArg = process.argv.find((a) => a.startsWith('--port='));
const step = (s) => console.log(`\n\x1b[1m== ${s}\x1b[0m`);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: REPO_ROOT, ...opts });
  if (r.status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
    process.exit(1);
  }
}

step('Installing VS Code (code-server) and Chromium if needed');
run(process.execPath, ['scripts/vscode/install.mjs']);

step('Building and packaging AgentGuard (.vsix)');
run('npm', ['run', '--silent', 'package']);

const base = join(CACHE_DIR, 'start');
const dirs = {
  userData: join(base, 'user-data'),
  extensions: join(base, 'extensions'),
  home: join(base, 'home'),
  xdgConfig: join(base, 'xdg-config'),
  xdgData: join(base, 'xdg-data'),
  demo: join(REPO_ROOT, '.demo', 'workspace'),
};
rmSync(dirs.extensions, { recursive: true, force: true });
for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
mkdirSync(join(dirs.userData, 'User'), { recursive: true });
writeFileSync(
  join(dirs.userData, 'User', 'settings.json'),
  JSON.stringify(
    {
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
      'workbench.startupEditor': 'none',
      'extensions.autoCheckUpdates': false,
      'workbench.enableExperiments': false,
      'security.workspace.trust.enabled': false,
      'git.openRepositoryInParentFolders': 'never',
    },
    null,
    2,
  ),
);
const env = { ...process.env, HOME: dirs.home, XDG_CONFIG_HOME: dirs.xdgConfig, XDG_DATA_HOME: dirs.xdgData, EXTENSIONS_GALLERY: '{}' };
for (const k of Object.keys(env)) if (k.startsWith('VSCODE_')) delete env[k];
const csArgs = [CODE_SERVER_ENTRY, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];
run(NODE_BIN, [...csArgs, '--install-extension', join(REPO_ROOT, 'agentguard.vsix'), '--force'], { env });

step('A scripted agent session through the guard, on the demo workspace');
run(process.execPath, ['dist/cli.js', 'demo', dirs.demo, '--audit', join(REPO_ROOT, '.demo', 'demo-audit.jsonl')]);

step('Serving VS Code with AgentGuard on the demo workspace');
const port = portArg ? Number(portArg.slice(7)) : 8740;
const { spawn } = await import('node:child_process');
const server = spawn(
  NODE_BIN,
  [
    ...csArgs,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--ignore-last-opened',
    dirs.demo,
  ],
  { env, cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
);
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
};
process.on('SIGINT', () => {
  stop();
  process.exit(0);
});
process.on('SIGTERM', () => {
  stop();
  process.exit(0);
});
const deadline = Date.now() + 60_000;
for (;;) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
  } catch {
    /* not yet */
  }
  if (server.exitCode !== null || Date.now() > deadline) {
    console.error(`code-server did not start:\n${serverLog.slice(-3000)}`);
    stop();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}
const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(dirs.demo)}`;
console.log(`\nAgentGuard is running in VS Code. Open:\n\n    ${url}\n`);
console.log('Try: the Command Palette → "AgentGuard: Open Audit Panel"; ask an agent to edit tests/cart.test.ts.');

if (smoke) {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM } = await import('./vscode/paths.mjs');
  // Playwright gives the browser a fresh throwaway profile of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let ok = false;
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    // The status bar item is AgentGuard's sign of life: it says whether the policy is enforced.
    await page.locator('.statusbar-item', { hasText: 'AgentGuard' }).first().waitFor({ timeout: 90_000 });
    mkdirSync(join(REPO_ROOT, 'test-artifacts'), { recursive: true });
    await page.screenshot({ path: join(REPO_ROOT, 'test-artifacts', 'start.png') });
    console.log('smoke: the workbench shows AgentGuard; screenshot in test-artifacts/start.png');
    ok = true;
  } catch (e) {
    console.error(`smoke: ${e.message}`);
  } finally {
    await browser.close();
    stop();
  }
  process.exit(ok ? 0 : 1);
}
console.log('Press Ctrl-C to stop.');
if (!existsSync(CODE_SERVER_ENTRY)) process.exit(1);
