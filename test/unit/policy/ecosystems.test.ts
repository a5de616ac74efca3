// Real layouts (test/fixtures/ecosystems/*.tree): each tree is built on disk, its ecosystems detected from
// the folder, the policy "Create Policy from Default" would write is written into it, and a read, a
// write and a delete of every path go through `agentguard eval`. Every test, test-config, CI and secret path
// must be judged as its class says, and every ordinary file left alone. The same trees also go through
// `agentguard eval` with no policy file, the policy store detecting the packs from the folder on disk (the
// shipped default's own behaviour).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { detectEcosystems } from '../../../src/core/policy/packs';
import { policyFromDefault, workspaceEntries } from '../../../src/node/policyStore';
import { evalCalls, REPO } from '../helpers/cli';

type Klass = 'ordinary' | 'test' | 'config' | 'ci' | 'agent' | 'floor' | 'secret';
const EXPECT: Record<Klass, { read: string; write: string; delete: string }> = {
  ordinary: { read: 'allow', write: 'allow', delete: 'allow' },
  test: { read: 'allow', write: 'deny', delete: 'deny' },
  config: { read: 'allow', write: 'ask', delete: 'ask' },
  ci: { read: 'allow', write: 'ask', delete: 'ask' },
  agent: { read: 'allow', write: 'ask', delete: 'ask' },
  floor: { read: 'allow', write: 'deny', delete: 'deny' },
  secret: { read: 'deny', write: 'deny', delete: 'deny' },
};

interface Tree {
  name: string;
  detect: string[];
  entries: { path: string; klass: Klass }[];
}

export function readTree(file: string): Tree {
  const entries: Tree['entries'] = [];
  let detect: string[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const d = /^# detect: (.*)$/.exec(line);
    if (d) detect = d[1].split(',').map((s) => s.trim());
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [p, k = 'ordinary'] = line.trim().split(/\s+/);
    if (!(k in EXPECT)) throw new Error(`${file}: unknown class ${k} for ${p}`);
    entries.push({ path: p, klass: k as Klass });
  }
  return { name: path.basename(file, '.tree'), detect, entries };
}

function build(tree: Tree): string {
  const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `ag-eco-${tree.name}-`)));
  for (const e of tree.entries) {
    fs.mkdirSync(path.dirname(path.join(ws, e.path)), { recursive: true });
    fs.writeFileSync(path.join(ws, e.path), '');
  }
  return ws;
}

const DIR = path.join(REPO, 'test/fixtures/ecosystems');
const trees = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.tree'))
  .map((f) => readTree(path.join(DIR, f)));

describe('ecosystem packs on real layouts', () => {
  it('has a layout for every pack', () => {
    const covered = new Set(trees.flatMap((t) => t.detect));
    for (const p of ['javascript', 'python', 'go', 'rust', 'java', 'ruby', 'dotnet', 'php']) assert.ok(covered.has(p), `no layout for ${p}`);
  });

  for (const tree of trees) {
    describe(`${tree.name} (${tree.detect.join(', ')})`, () => {
      let ws: string;
      let rootEntries: string[];
      before(() => {
        ws = build(tree);
        rootEntries = workspaceEntries(ws); // what the policy store detects from: the root and one level down
      });
      after(() => fs.rmSync(ws, { recursive: true, force: true }));

      it('detects exactly its ecosystems from the folder (root and one level down)', () => {
        assert.deepEqual(
          detectEcosystems(rootEntries).map((d) => d.name),
          [...tree.detect].sort(),
        );
      });

      it('through agentguard eval with the policy "Create Policy from Default" writes: every path as its class says', () => {
        const text = policyFromDefault(ws); // what the command writes
        assert.match(text, new RegExp(`^extends: \\[default, ${[...tree.detect].sort().join(', ')}\\]$`, 'm'));
        const policyFile = path.join(ws, '.agentguard.yaml');
        fs.writeFileSync(policyFile, text);
        try {
          const calls = tree.entries.flatMap((e) => (['read', 'write', 'delete'] as const).map((op) => ({ op, path: e.path })));
          const verdicts = evalCalls(calls, ['--workspace', ws]);
          const wrong: string[] = [];
          calls.forEach((c, i) => {
            const want = EXPECT[tree.entries[Math.floor(i / 3)].klass][c.op];
            const v = verdicts[i];
            if (v.decision !== want) wrong.push(`${c.op} ${c.path}: expected ${want}, got ${v.decision} (${v.rule})`);
          });
          assert.deepEqual(wrong, []);
        } finally {
          fs.rmSync(policyFile);
        }
      });

      it('with no policy file, through agentguard eval: the shipped default detects the packs and judges the same', () => {
        const calls = tree.entries.flatMap((e) => (['read', 'write', 'delete'] as const).map((op) => ({ op, path: e.path })));
        const verdicts = evalCalls(calls, ['--workspace', ws]);
        const wrong: string[] = [];
        calls.forEach((c, i) => {
          const want = EXPECT[tree.entries[Math.floor(i / 3)].klass][c.op];
          if (verdicts[i].decision !== want) wrong.push(`${c.op} ${c.path}: expected ${want}, got ${verdicts[i].decision} (${verdicts[i].rule})`);
        });
        assert.deepEqual(wrong, []);
      });
    });
  }
});
