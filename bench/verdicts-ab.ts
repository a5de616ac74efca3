// Two builds, the same verdicts: `npx tsx bench/verdicts-ab.ts OLD_CLI [NEW_CLI]` runs every command of the
// public corpus (test/fixtures/corpus/commands.json), the attack sets (test/unit/shell/attack.sets.ts) and every
// string literal of the shell test files through both builds' `agentguard eval` on one real workspace
// (test/unit/shell/workspace.ts) and lists each line whose verdict (decision, rule, reason, subcommand)
// differs. For engine changes that must not change a decision (performance work): zero differences.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { shellTestLines } from '../test/unit/shell/lines';
import { makeWorkspace } from '../test/unit/shell/workspace';

const REPO = path.join(__dirname, '..');
const OLD = process.argv[2];
const NEW = process.argv[3] ?? path.join(REPO, 'dist', 'cli.js');
if (!OLD) throw new Error('usage: verdicts-ab.ts OLD_CLI [NEW_CLI]');

const lines = shellTestLines();

function run(cli: string, w: { ws: string; home: string }): string[] {
  const input = lines.map((command) => JSON.stringify({ op: 'exec', command })).join('\n') + '\n';
  const r = spawnSync(process.execPath, [cli, 'eval', '--workspace', w.ws], {
    input,
    cwd: w.ws,
    env: { ...process.env, HOME: w.home },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${cli} eval exited ${r.status}: ${r.stderr}`);
  const out = r.stdout.trimEnd().split('\n');
  if (out.length !== lines.length) throw new Error(`${cli}: ${out.length} verdicts for ${lines.length} lines`);
  return out;
}

const w = makeWorkspace();
try {
  const t0 = Date.now();
  const a = run(OLD, w);
  const t1 = Date.now();
  const b = run(NEW, w);
  const t2 = Date.now();
  let diffs = 0;
  for (let i = 0; i < lines.length; i++) {
    // A pid in a /proc path (a glob expanded against the running process) differs from run to run.
    const norm = (v: string) => v.replace(/\/(proc|task)\/\d+/g, '/$1/N');
    if (norm(a[i]!) === norm(b[i]!)) continue;
    diffs++;
    console.log(`DIFF ${JSON.stringify(lines[i]).slice(0, 300)}\n  old ${a[i]!.slice(0, 400)}\n  new ${b[i]!.slice(0, 400)}`);
  }
  const asks = a.filter((v) => !v.startsWith('{"decision":"allow"')).length;
  console.log(`${lines.length} lines (${asks} not allowed), ${diffs} differences; old ${t1 - t0} ms, new ${t2 - t1} ms`);
  process.exitCode = diffs ? 1 : 0;
} finally {
  fs.rmSync(w.root, { recursive: true, force: true });
}
