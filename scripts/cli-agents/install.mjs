#!/usr/bin/env node
// Installs the real agent CLIs the cli-agents tier drives — Claude Code, Gemini CLI, Cline and Codex, at the
// exact versions in agents.mjs — from the npm registry into the ignored cache folder .cli-agents/
// (AGENTGUARD_CLI_AGENTS_CACHE overrides it). A marker makes a second run take well under a second; a
// changed pin or a broken install starts over. Idempotent; fails loudly with the reason (exit 1), so the
// tier reports "not installed" as a failure, never as a pass.
//   node scripts/cli-agents/install.mjs            install (or check) all four
//   node scripts/cli-agents/install.mjs --check    only say whether the install is complete (exit 0/1)
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_IDS, AGENTS, CACHE_DIR, LOCKFILE, MARKER, binPath, expectedMarker } from './agents.mjs';

const started = Date.now();
const LOG = join(CACHE_DIR, 'install.log');

function say(msg) {
  const s = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stdout.write(`[cli-agents-install ${s}s] ${msg}\n`);
}

function fail(msg) {
  process.stderr.write(`\n[cli-agents-install] FAILED: ${msg}\n`);
  process.exit(1);
}

/** `<bin> --version` in a scratch HOME (some CLIs write config on any start), with a deadline. */
function versionOf(id) {
  const home = join(CACHE_DIR, 'version-home');
  mkdirSync(home, { recursive: true });
  const r = spawnSync(binPath(id), ['--version'], {
    encoding: 'utf8',
    timeout: 60_000,
    input: '',
    env: { PATH: process.env.PATH, HOME: home, TERM: 'dumb', DISABLE_AUTOUPDATER: '1', CODEX_HOME: join(home, 'codex') },
  });
  rmSync(home, { recursive: true, force: true });
  return { ok: r.status === 0 && r.stdout.includes(AGENTS[id].version), out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim(), status: r.status ?? r.signal };
}

export function installComplete() {
  try {
    const m = JSON.parse(readFileSync(MARKER, 'utf8'));
    return JSON.stringify({ agents: m.agents }) === JSON.stringify(expectedMarker()) && AGENT_IDS.every((id) => existsSync(binPath(id)));
  } catch {
    return false;
  }
}

function writePackageJson() {
  // Our own package.json keeps the cache apart from the repo's lockfile and node_modules.
  const deps = Object.fromEntries(AGENT_IDS.map((id) => [AGENTS[id].pkg, AGENTS[id].version]));
  writeFileSync(
    join(CACHE_DIR, 'package.json'),
    JSON.stringify(
      { name: 'agentguard-cli-agents-cache', private: true, description: 'Written by scripts/cli-agents/install.mjs', dependencies: deps },
      null,
      2,
    ) + '\n',
  );
}

function npmEnv() {
  // Not the npm_* variables of an outer `npm test`: npm reads npm_config_* as its own settings.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  return {
    ...env,
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'notice',
    // Claude Code's and Cline's postinstall scripts put their platform binary in place; allowed for this
    // pinned, registry-only install in a throwaway cache folder.
    npm_config_ignore_scripts: 'false',
    npm_config_foreground_scripts: 'true',
  };
}

/** Runs npm with output to install.log, a heartbeat on stdout, and the log's tail on failure. */
function npm(args) {
  return new Promise((resolvePromise) => {
    const log = createWriteStream(LOG, { flags: 'a' });
    log.write(`\n$ npm ${args.join(' ')}\n`);
    const child = spawn('npm', args, { cwd: CACHE_DIR, env: npmEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let last = '';
    const onData = (b) => {
      log.write(b);
      const lines = b
        .toString()
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      if (lines.length) last = lines[lines.length - 1];
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const beat = setInterval(() => say(`  npm ${args[0]} … ${last.slice(0, 110)}`), 15000);
    child.on('close', (code, signal) => {
      clearInterval(beat);
      log.end(() => {
        if (code === 0) return resolvePromise();
        const tail = readFileSync(LOG, 'utf8').split('\n').slice(-40).join('\n');
        process.stderr.write(`${tail}\n`);
        fail(
          `npm ${args.join(' ')} exited with ${code ?? signal} (full log: ${LOG}). ` +
            'The cli-agents tier needs the npm registry once to install the pinned CLIs; later runs use the cache.',
        );
      });
    });
    child.on('error', (e) => fail(`cannot start npm: ${e.message}`));
  });
}

async function main() {
  const checkOnly = process.argv.includes('--check');
  if (installComplete()) {
    say(`${AGENT_IDS.map((id) => `${AGENTS[id].pkg}@${AGENTS[id].version}`).join(', ')} already installed in ${CACHE_DIR}; nothing to do`);
    return;
  }
  if (checkOnly) fail(`the agent CLIs are not installed in ${CACHE_DIR}: run node scripts/cli-agents/install.mjs`);
  say(`cache: ${CACHE_DIR}`);
  // A half-finished install (interrupted npm, a changed pin) starts over: npm would keep stale packages.
  rmSync(join(CACHE_DIR, 'node_modules'), { recursive: true, force: true });
  rmSync(MARKER, { force: true });
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(LOG, `install started ${new Date().toISOString()}\n`);
  writePackageJson();
  // The committed lockfile pins every transitive package too. `npm install` over it rather than `npm ci`:
  // Cline lists platform packages the registry does not resolve (npm leaves them out of the lock, and
  // `npm ci` then refuses the lock as out of sync); install keeps every locked version and skips those.
  // --update-lock resolves afresh (after a pin is bumped) and copies the new lock back.
  const updateLock = process.argv.includes('--update-lock');
  if (existsSync(LOCKFILE) && !updateLock) copyFileSync(LOCKFILE, join(CACHE_DIR, 'package-lock.json'));
  else rmSync(join(CACHE_DIR, 'package-lock.json'), { force: true });
  say(`npm install (${AGENT_IDS.map((id) => `${AGENTS[id].pkg}@${AGENTS[id].version}`).join(', ')}; log: ${LOG}) …`);
  await npm(['install', '--no-audit', '--no-fund']);
  if (updateLock) {
    copyFileSync(join(CACHE_DIR, 'package-lock.json'), LOCKFILE);
    say(`wrote ${LOCKFILE}`);
  }
  for (const id of AGENT_IDS) {
    if (!existsSync(binPath(id))) fail(`${binPath(id)} missing after install (${AGENTS[id].pkg}@${AGENTS[id].version})`);
    const v = versionOf(id);
    if (!v.ok) fail(`${AGENTS[id].bin} --version exited ${v.status} without naming ${AGENTS[id].version}: ${v.out.slice(0, 500)}`);
    say(`${AGENTS[id].name}: ${v.out.split('\n')[0]}`);
  }
  writeFileSync(MARKER, JSON.stringify({ ...expectedMarker(), installedAt: new Date().toISOString() }, null, 2) + '\n');
  say('done');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
