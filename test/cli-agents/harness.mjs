// One scenario run of a real agent CLI: a fresh workspace and HOME, AgentGuard's hooks installed, a fake
// model server scripted with the scenario's steps, the CLI run headless under a deadline, and the evidence
// collected — the files on disk, the audit log the hooks wrote, and every request the model server got.
// The extension is not running: each hook process decides alone, from the workspace's policy.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENTS, REPO_ROOT, binPath } from '../../scripts/cli-agents/agents.mjs';
import { INSTALL_HOSTS, installHooks } from '../../src/node/hookBridge/install.ts';
import { startFakeModel } from './fakeModel.mjs';
import { HOSTS, hookCommand } from './hosts.mjs';
import { writeWorkspace } from './workspace.mjs';

export const HOOK_ENTRY = join(REPO_ROOT, 'dist', 'hook.js');
export const CLI_ENTRY = join(REPO_ROOT, 'dist', 'cli.js');
export const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'cli-agents');
/** Deadline for one CLI run, seconds (a run takes 3–15 s; the machine may be loaded). */
export const RUN_TIMEOUT_S = Number(process.env.AGENTGUARD_CLI_AGENTS_RUN_TIMEOUT || 240);

// ──────────────────────────────────────────────────────────────────────────────────────────────────────────
// SWITCH: which hosts AgentGuard's own installer (src/node/hookBridge/install.ts) writes hooks for. A host
// it covers is installed through installHooks(), exactly as the "Install Agent Hooks" command does; for the
// others the harness writes the host's hook config itself, with the same `node dist/hook.js hook --host …`
// command line. This follows the installer by itself: once its INSTALL_HOSTS lists a host, the harness uses
// it. AGENTGUARD_CLI_AGENTS_HARNESS_HOOKS=1 forces the harness-written configs for every host.
export function installerCovers(agent) {
  return process.env.AGENTGUARD_CLI_AGENTS_HARNESS_HOOKS !== '1' && INSTALL_HOSTS.includes(agent);
}
// ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Roots of the process trees started and not yet finished, and the scratch folders of runs in progress. */
const live = new Set();
const liveScratch = new Set();

/**
 * Kill what a run left behind. Some CLIs start daemons in a session of their own that outlive them (Cline's
 * hub daemon): every process whose command line or environment names this run's scratch folder is ours.
 */
export function killLeftovers(scratch) {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    if (Number(pid) === process.pid) continue;
    let text = '';
    try {
      text = readFileSync(`/proc/${pid}/cmdline`, 'latin1') + '\0' + readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue; // gone, or not ours to read
    }
    if (!text.includes(scratch)) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

function killEverything() {
  for (const pid of live) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (const d of liveScratch) killLeftovers(d);
}
process.once('exit', killEverything);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    killEverything();
    process.exit(128 + { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[sig]);
  });
}

function spawnLogged({ cmd, args, env, cwd, timeoutS, stdoutFile, stderrFile }) {
  return new Promise((resolve) => {
    const started = Date.now();
    // `timeout` ends the whole run (a CLI pointed at a dead port retries forever); stdin is /dev/null (Codex
    // exec reads stdin when it is not a TTY); a process group of its own so nothing outlives the test.
    const child = spawn('timeout', ['-k', '10', String(timeoutS), cmd, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    live.add(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (e) => (stderr += `\n[harness] cannot start ${cmd}: ${e.message}\n`));
    child.on('close', (code, signal) => {
      live.delete(child.pid);
      try {
        process.kill(-child.pid, 'SIGKILL'); // leftovers of the tree (a CLI's own helpers)
      } catch {
        /* none */
      }
      if (stdoutFile) writeFileSync(stdoutFile, stdout);
      if (stderrFile) writeFileSync(stderrFile, stderr);
      resolve({ code: code ?? 128, signal, stdout, stderr, timedOut: code === 124, ms: Date.now() - started });
    });
  });
}

/** The audit records under a run's HOME (the log lives outside the workspace), and the log files. */
export function auditOf(home) {
  const dir = join(home, '.agentguard', 'audit');
  let files = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => join(dir, f));
  } catch {
    return { files: [], records: [] };
  }
  const records = files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  );
  return { files, records };
}

/** `agentguard audit verify FILE` for every log file: the hash chain holds. */
export function verifyAudit(files) {
  return files.map((f) => {
    const r = spawnSync(process.execPath, [CLI_ENTRY, 'audit', 'verify', f], { encoding: 'utf8' });
    return { file: f, ok: r.status === 0, out: `${r.stdout}${r.stderr}`.trim() };
  });
}

/**
 * How the hooks are installed:
 *   guard          the built dist/hook.js (the product as installed)
 *   missing-entry  the hook command names a file that does not exist (an uninstalled or moved extension)
 *   cli-error      dist/hook.js without the CLI bundle it loads to decide alone (a broken install): the hook errors
 */
function entryFor(bridge, scratch) {
  if (bridge === 'guard') return HOOK_ENTRY;
  if (bridge === 'missing-entry') return join(scratch, 'uninstalled-extension', 'dist', 'hook.js');
  if (bridge === 'cli-error') {
    const dir = join(scratch, 'broken-extension', 'dist');
    mkdirSync(dir, { recursive: true });
    copyFileSync(HOOK_ENTRY, join(dir, 'hook.js'));
    return join(dir, 'hook.js');
  }
  throw new Error(`unknown bridge mode ${bridge}`);
}

export function installGuardHooks({ agent, ws, entry }) {
  const host = HOSTS[agent];
  let via;
  if (installerCovers(agent)) {
    installHooks({ workspace: ws, node: process.execPath, cli: entry, hosts: [agent] });
    via = 'installer';
  } else {
    host.writeHooks({ ws, cmd: (event) => hookCommand({ node: process.execPath, entry, host: agent, event, workspace: ws }) });
    via = 'harness';
  }
  for (const f of host.hookFiles) {
    if (!existsSync(join(ws, f))) throw new Error(`${via === 'installer' ? "AgentGuard's installer" : 'the harness'} did not write ${f} for ${agent}`);
  }
  return via;
}

/**
 * Run one scenario. `steps(ctx)` builds the fake model's script from the host's tools and the workspace
 * path. Returns the evidence; the workspace and HOME stay until `cleanup()`.
 */
export async function runScenario({ agent, scenario, steps, prompt = 'Work through the task.', bridge = 'guard', prepareWorkspace }) {
  const host = HOSTS[agent];
  const scratch = mkdtempSync(join(tmpdir(), `ag-cli-${agent}-`));
  liveScratch.add(scratch);
  const ws = join(scratch, 'workspace');
  const home = join(scratch, 'home');
  mkdirSync(ws, { recursive: true });
  mkdirSync(home, { recursive: true });
  const wsReal = realpathSync(ws);
  const secrets = writeWorkspace(wsReal);
  prepareWorkspace?.(wsReal, secrets);
  const entry = entryFor(bridge, scratch);
  const installedVia = installGuardHooks({ agent, ws: wsReal, entry });

  const art = join(ARTIFACTS, agent, scenario);
  rmSync(art, { recursive: true, force: true });
  mkdirSync(art, { recursive: true });
  const script = steps({ t: host.tools, ws: wsReal, rm: host.rmFlags });
  writeFileSync(join(art, 'script.json'), JSON.stringify(script, null, 2) + '\n');
  const fake = await startFakeModel({ protocol: host.protocol, steps: script, logFile: join(art, 'server.jsonl') });
  const bin = binPath(agent);
  const ctx = { bin, home, fake, ws: wsReal, prompt };
  try {
    const pre = host.prepare(ctx);
    for (const [i, p] of pre.entries()) {
      const r = await spawnLogged({
        ...p,
        cwd: wsReal,
        timeoutS: 60,
        stdoutFile: join(art, `prepare-${i}.stdout`),
        stderrFile: join(art, `prepare-${i}.stderr`),
      });
      if (r.code !== 0) throw new Error(`${AGENTS[agent].name} setup \`${p.args.join(' ')}\` exited ${r.code}: ${r.stderr.slice(-500)}`);
    }
    const run = host.run(ctx);
    const r = await spawnLogged({
      ...run,
      cwd: wsReal,
      timeoutS: RUN_TIMEOUT_S,
      stdoutFile: join(art, 'agent.stdout'),
      stderrFile: join(art, 'agent.stderr'),
    });
    const audit = auditOf(home);
    writeFileSync(join(art, 'audit.jsonl'), audit.records.map((x) => JSON.stringify(x)).join('\n') + '\n');
    return {
      agent,
      scenario,
      ws: wsReal,
      home,
      secrets,
      script,
      installedVia,
      run: r,
      fake,
      requests: fake.requests,
      audit,
      artifacts: art,
      cleanup: () => {
        liveScratch.delete(scratch);
        rmSync(scratch, { recursive: true, force: true });
      },
    };
  } finally {
    killLeftovers(scratch);
    await fake.close();
  }
}
