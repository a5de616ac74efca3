// Shared lifecycle for a throwaway code-server + headless Chromium session: temp dirs, the fixture
// workspace copy, server start/health, browser launch, and a teardown that leaves no process behind.
// Used by run-tests.mjs (test mode) and workbench.mjs (the real workbench for end-to-end tests).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CHROMIUM, CODE_SERVER_ENTRY, MARKER, NODE_BIN, REPO_ROOT } from './paths.mjs';

export const FIXTURE_WORKSPACE = join(REPO_ROOT, 'test', 'fixtures', 'workspace');
export const FIXTURE_ENCODED = join(REPO_ROOT, 'test', 'fixtures', 'workspace.encoded.json');

// Without these, built-in extensions reach for the network (telemetry, gallery, npm info, experiments) and
// their errors land in the extension host log, where mocha pins them on whichever test is running.
export const USER_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'update.showReleaseNotes': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'workbench.enableExperiments': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.settings.enableNaturalLanguageSearch': false,
  'security.workspace.trust.enabled': false,
  'npm.fetchOnlinePackageInfo': false,
  'typescript.disableAutomaticTypeAcquisition': true,
  'git.autofetch': false,
  'git.openRepositoryInParentFolders': 'never',
  'window.restoreWindows': 'none',
  // Keeps screenshots on the editor: the chat view would otherwise open in the secondary side bar.
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'files.hotExit': 'off',
};

// Flags that work as root in a container: no sandbox (root), no GPU, nothing reaching out to the network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

// Roots of the process trees this module started and has not stopped yet. If this script dies (Ctrl-C, a
// CI timeout's SIGTERM, an uncaught error), they are killed on the way out: code-server runs detached in
// its own process group and would otherwise outlive us.
const liveRoots = new Set();
function killLiveRootsNow() {
  for (const root of liveRoots) {
    for (const p of [...descendants(root), root]) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
  liveRoots.clear();
}
// Temp roots of runs still in progress: removed when a signal interrupts the run.
const liveDirs = new Set();
process.once('exit', killLiveRootsNow);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    killLiveRootsNow();
    for (const d of liveDirs) rmSync(d, { recursive: true, force: true });
    process.exit(128 + { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[sig]);
  });
}

export function log(prefix, msg) {
  process.stdout.write(`[${prefix}] ${msg}\n`);
}

export function assertInstalled() {
  if (!existsSync(MARKER) || !existsSync(NODE_BIN) || !existsSync(CODE_SERVER_ENTRY)) {
    throw new Error('code-server is not installed: run `node scripts/vscode/install.mjs` first');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} missing: run \`node scripts/vscode/install.mjs\` (as root)`);
}

/** A fresh temp root with every folder code-server and Chromium would otherwise write into the user's home. */
export function makeRunDirs(label) {
  const root = mkdtempSync(join(tmpdir(), `agentguard-${label}-`));
  const dirs = {
    root,
    home: join(root, 'home'),
    xdgConfig: join(root, 'xdg-config'),
    xdgData: join(root, 'xdg-data'),
    xdgCache: join(root, 'xdg-cache'),
    tmp: join(root, 'tmp'),
    userData: join(root, 'user-data'),
    extensions: join(root, 'extensions'),
    browserProfile: join(root, 'chromium-profile'),
    workspace: join(root, 'workspace'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  liveDirs.add(root);
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  writeFileSync(join(dirs.userData, 'User', 'settings.json'), JSON.stringify(USER_SETTINGS, null, 2) + '\n');
  return dirs;
}

/**
 * Copies the fixture workspace into `dest` and decodes the files kept base64-encoded in git (credentials,
 * even fake ones, are never committed in plain text).
 */
export function prepareWorkspace(dest, { fixture = FIXTURE_WORKSPACE, encoded = FIXTURE_ENCODED } = {}) {
  cpSync(fixture, dest, { recursive: true });
  if (existsSync(encoded)) {
    const { files } = JSON.parse(readFileSync(encoded, 'utf8'));
    for (const [rel, b64] of Object.entries(files)) {
      const target = resolve(dest, rel);
      if (!target.startsWith(dest + '/')) throw new Error(`encoded fixture path escapes the workspace: ${rel}`);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, Buffer.from(b64, 'base64'));
    }
  }
  return dest;
}

export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** Every live descendant of pid, found through /proc (children that called setsid included). */
export function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* the process ended while we looked */
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length) {
    for (const c of children.get(queue.shift()) ?? []) {
      out.push(c);
      queue.push(c);
    }
  }
  return out;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** SIGTERM the tree rooted at pid, then SIGKILL whatever is left after graceMs. Only our own processes. */
export async function killTree(pid, graceMs = 3000) {
  const tree = [pid, ...descendants(pid)];
  for (const p of tree) {
    try {
      process.kill(p, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(alive)) await sleep(100);
  // Processes started during shutdown are children of the tree too: collect again before the hard kill.
  const rest = [...new Set([...tree, ...tree.flatMap((p) => (alive(p) ? descendants(p) : []))])].filter(alive);
  for (const p of rest) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  return rest.length;
}

/**
 * The environment code-server (and its `--install-extension`) runs in: this process's, with every home,
 * config, data, cache and temp folder inside the run's `dirs`.
 */
export function codeServerEnv(dirs) {
  const env = { ...process.env };
  // A VS Code terminal's IPC variables would make code-server talk to the wrong instance.
  for (const k of Object.keys(env)) if (k.startsWith('VSCODE_')) delete env[k];
  return Object.assign(env, {
    HOME: dirs.home,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_DATA_HOME: dirs.xdgData,
    XDG_CACHE_HOME: dirs.xdgCache,
    TMPDIR: dirs.tmp,
    // An empty gallery switches the marketplace off: no network calls from the Extensions view.
    EXTENSIONS_GALLERY: '{}',
  });
}

/**
 * Starts code-server on a free loopback port and waits for /healthz. The smoke-test driver option is always
 * on: without it VS Code silently ignores the payload (extensionDevelopmentPath, extensionTestsPath); test
 * mode itself is chosen by whether the payload names extensionTestsPath.
 */
export async function startCodeServer({ dirs, env = {}, onLog = () => {}, healthTimeoutMs = 60_000 }) {
  assertInstalled();
  const port = await freePort();
  const args = [
    CODE_SERVER_ENTRY,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--vscode-option',
    'enable-smoke-test-driver',
  ];
  const childEnv = { ...codeServerEnv(dirs), ...env };
  const child = spawn(NODE_BIN, args, { env: childEnv, cwd: dirs.root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let exited = null;
  liveRoots.add(child.pid);
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const lines = [];
  const take = (b) => {
    for (const l of b.toString().split('\n'))
      if (l.trim()) {
        lines.push(l);
        onLog(l);
      }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);

  const stop = async () => {
    // Descendants (extension host, pty host, terminals) can outlive a server that already exited.
    await killTree(child.pid, exited === null ? 3000 : 0);
    liveRoots.delete(child.pid);
  };

  const deadline = Date.now() + healthTimeoutMs;
  for (;;) {
    if (exited) {
      throw new Error(`code-server exited before it was healthy (${exited.code ?? exited.signal}):\n${lines.slice(-30).join('\n')}`);
    }
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer /healthz within ${healthTimeoutMs} ms:\n${lines.slice(-30).join('\n')}`);
    }
    await sleep(200);
  }
  return { port, child, lines, stop, exited: () => exited };
}

/** The workbench URL: `folder` opened, with the smoke-test-driver payload (development/test paths). */
export function workbenchUrl(port, folder, payload) {
  const q = new URLSearchParams({ folder });
  if (payload?.length) q.set('payload', JSON.stringify(payload));
  return `http://127.0.0.1:${port}/?${q.toString()}`;
}

/** The authority of a vscode-remote URI must equal the page's host:port exactly. */
export function remoteUri(port, absPath) {
  return `vscode-remote://127.0.0.1:${port}${absPath}`;
}

/** Headless Debian Chromium through playwright-core, with a fresh profile in the run's temp root. */
export async function launchBrowser(dirs, { viewport = { width: 1400, height: 900 } } = {}) {
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(dirs.browserProfile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    env: { ...process.env, HOME: dirs.home, XDG_CONFIG_HOME: dirs.xdgConfig, XDG_CACHE_HOME: dirs.xdgCache, TMPDIR: dirs.tmp },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const browserPid = context.browser()?.process?.()?.pid;
  const browserRoots = pidsOfProfile(dirs.browserProfile);
  for (const p of browserRoots) liveRoots.add(p);
  const close = async () => {
    // Remember the browser's processes first: close() may hang if a renderer is wedged.
    const roots = pidsOfProfile(dirs.browserProfile);
    const pids = [...new Set([...roots, ...roots.flatMap(descendants)])];
    await Promise.race([context.close().catch(() => {}), sleep(5000)]);
    // Chromium's crash handler re-parents itself to init, out of reach of any tree walk; it and anything
    // else left is found by our unique temp paths in its command line.
    const stray = [...pidsOfProfile(dirs.browserProfile), ...pidsOfProfile(join(dirs.xdgConfig, 'chromium'))];
    for (const p of [...pids, ...stray])
      if (alive(p)) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    if (browserPid && alive(browserPid)) await killTree(browserPid, 0);
    for (const p of browserRoots) liveRoots.delete(p);
  };
  return { context, page, close };
}

/** Processes whose command line names this (unique, temp) path: the wrapper script hides the real browser pid. */
function pidsOfProfile(profileDir) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes(profileDir) && Number(entry) !== process.pid) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

export function removeRunDirs(dirs) {
  rmSync(dirs.root, { recursive: true, force: true, maxRetries: 3 });
  liveDirs.delete(dirs.root);
}
