// Every case of the public path corpus through `agentguard eval`, against the real on-disk layout.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { evalCalls, REPO } from '../helpers/cli';
import { buildLayout, type Layout } from '../helpers/corpusLayout';

const corpus = JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/corpus/paths.json'), 'utf8'));

describe('path corpus through agentguard eval (default policy, real layout)', () => {
  let layout: Layout;
  let verdicts: { decision: string; rule: string; reason: string }[];

  before(() => {
    layout = buildLayout(corpus.layout);
    const calls = corpus.cases.map((c: { op: string; path: string; dest?: string }) => ({
      op: c.op,
      path: layout.subst(c.path),
      ...(c.dest !== undefined ? { dest: layout.subst(c.dest) } : {}),
    }));
    verdicts = evalCalls(calls, ['--workspace', layout.workspace], { cwd: layout.workspace, env: { HOME: layout.home } });
  });
  after(() => layout?.cleanup());

  it('answers one verdict per case', () => {
    assert.equal(verdicts.length, corpus.cases.length);
  });

  for (const [i, c] of (
    corpus.cases as { id: string; op: string; path: string; dest?: string; expected: string; acceptable?: string[]; reason: string }[]
  ).entries()) {
    const accepted = c.acceptable ?? [c.expected];
    it(`${c.id}: ${c.op} ${JSON.stringify(c.path).slice(0, 60)}${c.dest ? ' → ' + c.dest : ''} is ${accepted.join('|')}`, () => {
      const v = verdicts[i];
      // The corpus is binary: anything but allow counts as deny (ask blocks until a person decides).
      const got = v.decision === 'allow' ? 'allow' : 'deny';
      assert.ok(accepted.includes(got), `${c.id} (${c.reason}): got ${v.decision} by ${v.rule}: ${v.reason}`);
    });
  }
});
