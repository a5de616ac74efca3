// The public corpus sample through decideCommand with the default command policy (README §1 semantics).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandPolicy } from '../../../src/core/policy/types';
import { decideCommand } from '../../../src/core/shell/index';

interface Case {
  id: string;
  command: string;
  tier: 'destructive' | 'benign' | 'ambiguous';
  category: string;
  preferred?: string;
}
const corpus = JSON.parse(readFileSync(join(__dirname, '../../fixtures/corpus/commands.json'), 'utf8')) as { cases: Case[] };
const policy: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true };
const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev', exists: () => undefined };

describe('command corpus (public sample)', () => {
  const destructive = corpus.cases.filter((c) => c.tier === 'destructive');
  const benign = corpus.cases.filter((c) => c.tier === 'benign');

  it('has cases of every tier', () => {
    assert.ok(destructive.length > 100 && benign.length > 50);
  });

  for (const c of destructive) {
    it(`${c.id} asks or denies: ${JSON.stringify(c.command).slice(0, 90)}`, () => {
      const { verdict } = decideCommand(c.command, policy, env);
      assert.notEqual(verdict.decision, 'allow', `allowed (${c.category})`);
      assert.match(verdict.rule, /^cmd:/);
      assert.ok(verdict.reason.length > 0 && verdict.subcommand);
    });
  }

  it('keeps benign false positives at or below 3%', () => {
    const fps = benign.filter((c) => decideCommand(c.command, policy, env).verdict.decision !== 'allow');
    const rate = fps.length / benign.length;
    console.log(
      `      benign false-positive rate: ${(rate * 100).toFixed(1)}% (${fps.length}/${benign.length})${fps.length ? ' ' + fps.map((c) => c.id).join(', ') : ''}`,
    );
    assert.ok(rate <= 0.03, `false positives: ${fps.map((c) => `${c.id} ${c.command}`).join('; ')}`);
  });

  it('allowed commands carry the cmd:benign rule', () => {
    const { verdict } = decideCommand('ls -la', policy, env);
    assert.deepEqual([verdict.decision, verdict.rule], ['allow', 'cmd:benign']);
  });
});
