// Hook bridge round trip: process start to answer of the hook command (dist/hook.js, as installed, and `node dist/cli.js hook`), against a bare
// `node -e ''` start in the same run. VS Code runs hooks one after another before every tool call, so
// this is latency every agent step pays.
//
//   npx tsx bench/hook.ts [--runs N]
//
// Cases (all a benign VS Code create_file PreToolUse, the most common kind of call):
//   bare          node -e ''
//   cli-alone     dist/cli.js hook, extension unreachable: loads the policy, decides, appends the audit
//   cli-up        dist/cli.js hook, a channel server in this process answers (GuardService, no modal)
//   cli-pass      dist/cli.js hook for a no-effect tool (manage_todo_list): answered without policy or channel
//   hook-up       the installed command, dist/hook.js (src/cli/hookEntry.ts), channel up: the lean bundle
//   hook-alone    dist/hook.js, extension unreachable: it then requires dist/cli.js for the decision
//   hook-pass     dist/hook.js for a no-effect tool
// Runs alternate between cases within each round so machine noise hits all of them. Prints one JSON
// object: `figures` in the bench/results.json shape (name → {value, baseline, ratio, unit}), medians in ms.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { failureNotePath } from '../src/node/hookBridge/discovery';
import { startChannelServer } from '../src/node/hookBridge/channelServer';
import { GuardService } from '../src/node/guardService';

const REPO = path.join(__dirname, '..');
// AGENTGUARD_BENCH_DIST: the production bundles npm run bench builds (default: dist/).
const DIST = path.resolve(process.env.AGENTGUARD_BENCH_DIST || path.join(REPO, 'dist'));
const CLI = path.join(DIST, 'cli.js');
const LEAN = path.join(DIST, 'hook.js');

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

function run(args: string[], input: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, code: code ?? -1, stdout }));
    child.stdin.end(input);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main(): Promise<void> {
  const runs = arg('runs', 15);
  if (!fs.existsSync(CLI) || !fs.existsSync(LEAN)) throw new Error('build first: npm run build');
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-hook-')));
  try {
    const wsUp = path.join(root, 'ws-up');
    const wsAlone = path.join(root, 'ws-alone');
    for (const ws of [wsUp, wsAlone]) fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    const home = path.join(root, 'home');
    const env = { AGENTGUARD_HOME: home, CLAUDE_PROJECT_DIR: '' };
    const payload = (ws: string, tool: string, input: object) =>
      JSON.stringify({
        timestamp: new Date().toISOString(),
        hook_event_name: 'PreToolUse',
        session_id: 'bench',
        tool_name: tool,
        tool_input: input,
        tool_use_id: 'call_1__vscode-1',
        cwd: ws,
      });
    const create = (ws: string) => payload(ws, 'create_file', { filePath: path.join(ws, 'src', 'new.ts'), content: 'export const x = 1;\n' });

    const service = new GuardService({ workspace: wsUp, home: root });
    const server = await startChannelServer((w) => (w === wsUp ? service : undefined), { workspaces: [wsUp], dir: path.join(home, 'channels') });
    const cases: Record<string, () => Promise<{ ms: number; code: number; stdout: string }>> = {
      bare: () => run(['-e', ''], '', env),
      'cli-alone': () => run([CLI, 'hook', '--workspace', wsAlone], create(wsAlone), env),
      'cli-up': () => run([CLI, 'hook', '--workspace', wsUp], create(wsUp), env),
      'cli-pass': () => run([CLI, 'hook', '--workspace', wsAlone], payload(wsAlone, 'manage_todo_list', { operation: 'read' }), env),
      'hook-up': () => run([LEAN, 'hook', '--workspace', wsUp], create(wsUp), env),
      'hook-alone': () => run([LEAN, 'hook', '--workspace', wsAlone], create(wsAlone), env),
      'hook-pass': () => run([LEAN, 'hook', '--workspace', wsAlone], payload(wsAlone, 'manage_todo_list', { operation: 'read' }), env),
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    try {
      for (const [name, fn] of Object.entries(cases)) {
        const r = await fn(); // warm-up, and a check that each case answers as expected
        if (r.code !== 0 || (name !== 'bare' && r.stdout.trim() !== '{}')) throw new Error(`${name}: exit ${r.code}, stdout ${r.stdout}`);
        const note = failureNotePath(wsUp, path.join(home, 'channels'));
        if (name.endsWith('-up') && fs.existsSync(note)) throw new Error(`${name} did not reach the channel: ${fs.readFileSync(note, 'utf8')}`);
      }
      for (let i = 0; i < runs; i++) for (const [name, fn] of Object.entries(cases)) times[name].push((await fn()).ms);
    } finally {
      await server.dispose();
    }
    const bare = median(times.bare);
    const figures: Record<string, { value: number; baseline: number; ratio: number; unit: string }> = {};
    for (const name of Object.keys(cases)) {
      if (name === 'bare') continue;
      const m = median(times[name]);
      figures[`hook.${name}.roundtrip`] = { value: +m.toFixed(1), baseline: +bare.toFixed(1), ratio: +(m / bare).toFixed(2), unit: 'ms' };
    }
    const detail = Object.fromEntries(
      Object.entries(times).map(([k, v]) => [k, { median: +median(v).toFixed(1), min: +Math.min(...v).toFixed(1), max: +Math.max(...v).toFixed(1) }]),
    );
    process.stdout.write(
      JSON.stringify({ bench: 'hook', runs, bundleBytes: { cli: fs.statSync(CLI).size, hook: fs.statSync(LEAN).size }, figures, detail }, null, 2) + '\n',
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`bench/hook: ${(e as Error).stack ?? e}\n`);
  process.exitCode = 1;
});
