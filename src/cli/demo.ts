// `agentguard demo [DIR]`: builds the demo workspace and plays a scripted agent session through the real
// pipeline (the same tool handlers, chain, masking, audit and snapshot the extension uses), headless:
// a denied test edit, a masked read, a clamped listing, a refused destructive command, an edit that keeps
// the secret on disk, then the audit log and the workspace diff.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { verifyChain } from '../core/audit';
import { formatSize } from '../core/snapshot/summary';
import { GuardService } from '../node/guardService';
import { WorkspaceSnapshot } from '../node/snapshot/snapshot';
import { invokeTool, TOOLS, toolEnvOf } from '../node/tools';
import { type Io, parseArgs, writeLine } from './common';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Fake tokens are built at run time: no format-valid credential is ever committed. */
function fakeToken(prefix: string, n: number): string {
  const bytes = randomBytes(n);
  let s = '';
  for (const b of bytes) s += ALNUM[b % ALNUM.length];
  return prefix + s;
}

export const DEMO_POLICY = `# Demo policy for AgentGuard: the shipped default, plus a few of your own rules.
version: 1
commands:
  allow: ["rm -rf node_modules"]   # your exception: cleaning node_modules is fine here
  deny: ["npm publish **"]         # never publish from an agent
limits:
  maxListEntries: 10               # small, so the demo shows a clamped listing
`;

/** Create (or re-create) the demo workspace. Secrets in it are generated now, never stored in the repo. */
export function createDemoWorkspace(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  const w = (rel: string, text: string) => {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  };
  const gh = fakeToken('gh' + 'p_', 36);
  w('.agentguard.yaml', DEMO_POLICY);
  w('package.json', JSON.stringify({ name: 'demo-shop', version: '1.0.0', scripts: { test: 'node --test tests/' } }, null, 2) + '\n');
  w('README.md', '# demo-shop\n\nA tiny shop used to show what AgentGuard does.\n');
  w('src/cart.ts', 'export function total(prices: number[]): number {\n  return prices.reduce((a, b) => a + b, 0);\n}\n');
  w(
    'src/config.ts',
    [
      '// Settings for the GitHub release bot.',
      'export const owner = "demo-org";',
      `export const githubToken = "${gh}";`,
      'export const retries = 3;',
      '',
    ].join('\n'),
  );
  w(
    'tests/cart.test.ts',
    "import { total } from '../src/cart';\n// The spec: an empty cart costs nothing.\nif (total([]) !== 0) throw new Error('empty cart');\n",
  );
  w(
    '.env',
    [`DATABASE_URL=postgres://shop:${fakeToken('', 20)}@db.internal:5432/shop`, `STRIPE_KEY=${fakeToken('sk_' + 'live_', 24)}`, 'LOG_LEVEL=debug', ''].join(
      '\n',
    ),
  );
  for (let i = 1; i <= 25; i++) w(`data/orders-${String(i).padStart(2, '0')}.csv`, `id,total\n${i},${i * 10}\n`);
  for (let i = 1; i <= 5; i++) w(`build/chunk-${i}.js`, `console.log(${i});\n`);
}

export async function demoCommand(argv: string[], io: Io): Promise<number> {
  const { opts, rest } = parseArgs(argv, { values: ['audit'], flags: ['keep'] });
  const dir = path.resolve(rest[0] ?? '.demo/workspace');
  const out = (s = '') => writeLine(io.stdout, s);
  createDemoWorkspace(dir);
  const workspace = fs.realpathSync(dir);
  const auditPath = path.resolve((opts.audit as string | undefined) ?? path.join(path.dirname(workspace), 'demo-audit.jsonl'));
  fs.rmSync(auditPath, { force: true });

  const storeDir = path.join(path.dirname(workspace), '.baseline');
  fs.mkdirSync(storeDir, { recursive: true });
  const snapshot = await WorkspaceSnapshot.create({ root: workspace, storeDir });
  const service = new GuardService({
    workspace,
    home: process.env.HOME ?? '/',
    auditPath,
    session: 'demo',
    snapshot: {
      begin: (id) => snapshot.beginCall(id),
      end: (id) => snapshot.endCall(id),
    },
  });
  const env = toolEnvOf(service);
  out(`AgentGuard demo — workspace ${workspace}`);
  out(`policy: ${service.policy.layers.join(' < ')} (${service.policy.hash})`);
  out('No person is at the keyboard in this run, so anything that would open the confirmation dialog is refused.');

  const step = async (title: string, tool: keyof typeof TOOLS, input: unknown) => {
    const a = await invokeTool(service, env, TOOLS[tool], input, { agent: 'demo-agent', channel: 'tool' });
    out();
    out(`▶ ${title}`);
    out(`  ${tool} ${JSON.stringify(input).slice(0, 120)}`);
    out(`  → ${a.status.toUpperCase()}${a.outcome ? ` (${a.outcome.verdict.decision} by ${a.outcome.verdict.rule})` : ''}`);
    for (const line of a.text.split('\n').slice(0, 14)) out(`    ${line}`);
    return a;
  };

  await step('The agent tries to make a failing test pass by editing the test', 'editFile', {
    path: 'tests/cart.test.ts',
    oldString: 'if (total([]) !== 0)',
    newString: 'if (false)',
  });
  const read = await step('The agent reads a file that holds a token: the model sees a placeholder', 'readFile', { path: 'src/config.ts' });
  await step('The agent reads .env', 'readFile', { path: '.env' });
  await step('The agent lists a big folder: the listing is clamped by the policy', 'listDirectory', { path: 'data' });
  await step('The agent cleans the build folder the blunt way', 'runCommand', { command: 'rm -rf build' });
  await step('…and then disguised', 'runCommand', { command: "bash -c 'r''m -rf build'" });
  await step('The agent runs a harmless command', 'runCommand', { command: 'ls build && echo "# Report" > report.md' });
  const masked = read.text.split('\n').find((l) => l.includes('githubToken')) ?? '';
  await step('The agent edits another line of the file it read masked; the secret on disk survives', 'editFile', {
    path: 'src/config.ts',
    oldString: 'export const retries = 3;',
    newString: 'export const retries = 5;',
  });
  const onDisk = fs.readFileSync(path.join(workspace, 'src/config.ts'), 'utf8');
  out(`    masked line the model saw: ${masked.trim()}`);
  out(
    `    token still on disk: ${/githubToken = "gh[p]_[A-Za-z0-9]{36}"/.test(onDisk) ? 'yes' : 'NO'}; retries now 5: ${onDisk.includes('retries = 5') ? 'yes' : 'no'}`,
  );

  const log = fs.readFileSync(auditPath, 'utf8');
  const records = log
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  out();
  out(`▶ Audit log (${auditPath})`);
  for (const r of records) out(`  ${r.decision.padEnd(5)} ${r.tool.padEnd(26)} ${r.rule.padEnd(24)} ${r.decidedBy}`);
  const v = verifyChain(log);
  out(`  chain: ${v.ok ? `intact, ${v.records} records` : 'BROKEN'}  (check it yourself: agentguard audit verify ${auditPath})`);

  await snapshot.rescan();
  const diff = snapshot.diff();
  out();
  out('▶ Workspace diff since the session began');
  for (const c of diff.changes)
    out(`  ${c.kind.padEnd(8)} ${c.path}${c.artifact ? '  (new artifact)' : ''}  ${formatSize(c.size)}  by ${c.callIds.join(', ')}`);
  await snapshot.dispose();
  out();
  out('Open the same workspace in VS Code with AgentGuard: npm start');
  return 0;
}
