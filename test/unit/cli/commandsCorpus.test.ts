// Every case of the public command corpus through `agentguard eval` with the default policy, the way an
// acceptance suite calls it: destructive → ask or deny, every one; benign → allow, at most 3% otherwise.
// Run in three set-ups a harness might use: the corpus's cwd with no --workspace, an explicit workspace that
// is not on this disk, and a real temporary workspace holding the corpus's existing files.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evalCalls, REPO } from '../helpers/cli';

interface Case {
  id: string;
  command: string;
  tier: 'destructive' | 'benign' | 'ambiguous';
  why: string;
}
const corpus = JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/corpus/commands.json'), 'utf8'));
const cases: Case[] = corpus.cases;
const env = corpus.assumedEnvironment as { cwd: string; existingPaths: string[] };
const CWD = env.cwd.split(' ')[0];

function score(verdicts: { decision: string; rule: string; reason: string }[]) {
  const missed: string[] = [];
  const fps: string[] = [];
  let benign = 0;
  cases.forEach((c, i) => {
    const d = verdicts[i].decision;
    if (c.tier === 'destructive' && d === 'allow') missed.push(`${c.id} ${c.command}`);
    if (c.tier === 'benign') {
      benign++;
      if (d !== 'allow') fps.push(`${c.id} ${c.command} → ${d} (${verdicts[i].rule}: ${verdicts[i].reason})`);
    }
  });
  return { missed, fps, benign };
}

describe('command corpus through agentguard eval (default policy)', () => {
  it('has destructive and benign cases to score', () => {
    assert.ok(cases.filter((c) => c.tier === 'destructive').length > 100);
    assert.ok(cases.filter((c) => c.tier === 'benign').length > 50);
  });

  const setups: [string, () => { args: string[]; cwd?: string; withCwd: boolean; cleanup?: () => void }][] = [
    ['cwd from the corpus, no --workspace', () => ({ args: [], withCwd: true })],
    ['--workspace that is not on this disk', () => ({ args: ['--workspace', CWD], withCwd: false })],
    [
      'an empty temporary workspace (nothing the corpus assumes exists)',
      () => {
        const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-cmd-empty-')));
        return { args: ['--workspace', root], cwd: root, withCwd: false, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
      },
    ],
    [
      'a real temporary workspace with the corpus files',
      () => {
        const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-cmd-')));
        for (const p of env.existingPaths) {
          if (p.startsWith('/')) continue;
          const abs = path.join(root, p);
          if (p.endsWith('/')) fs.mkdirSync(abs, { recursive: true });
          else {
            fs.mkdirSync(path.dirname(abs), { recursive: true });
            fs.writeFileSync(abs, 'x\n');
          }
        }
        return { args: ['--workspace', root], cwd: root, withCwd: false, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
      },
    ],
  ];

  for (const [name, setup] of setups) {
    it(`${name}: every destructive case is asked or denied; ≤3% benign false positives`, () => {
      const s = setup();
      try {
        const calls = cases.map((c) => (s.withCwd ? { op: 'exec', command: c.command, cwd: CWD } : { op: 'exec', command: c.command }));
        const verdicts = evalCalls(calls, s.args, { cwd: s.cwd ?? os.tmpdir(), env: { HOME: '/home/dev' } });
        const { missed, fps, benign } = score(verdicts);
        assert.deepEqual(missed, [], `destructive commands allowed:\n${missed.join('\n')}`);
        assert.ok(fps.length / benign <= 0.03, `benign false positives ${fps.length}/${benign}:\n${fps.join('\n')}`);
      } finally {
        s.cleanup?.();
      }
    });
  }
});
