// The integrity step's judgement, pure: which verdict a set of file effects gives, and the diff the dialog shows.
import { strict as assert } from 'node:assert';
import { integrityReads, judgeEffects } from '../../../src/core/integrity/step';
import type { Verdict } from '../../../src/core/types';

const ALLOW: Verdict = { decision: 'allow', rule: 'path:default', reason: 'no rule protects this path' };
const ASK: Verdict = { decision: 'ask', rule: 'path:ci', reason: 'CI is asked' };
const noMask = (_rel: string, text: string) => text;

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';

describe('integrity step: judgeEffects', () => {
  it('an effect weakening nothing leaves an allow exactly as it was', () => {
    const v = judgeEffects([{ path: 'src/a.ts', before: 'export const a = 1;\n', after: 'export const a = 2;\n' }], ALLOW, noMask);
    assert.equal(v, ALLOW);
  });

  it('shows only the hunks that did it, each with the line it replaced', () => {
    const before = lines(30, (i) => (i === 5 ? "it('five', () => expect(f(5)).toBe(5));" : `const x${i} = ${i};`));
    const after = before.replace('const x20 = 20;', 'const x20 = 21;').replace("it('five'", "it.skip('five'");
    const v = judgeEffects([{ path: 'src/f.ts', before, after }], ALLOW, noMask);
    assert.equal(v.rule, 'integrity:test.disabled');
    assert.equal(
      v.preview,
      ['src/f.ts', '@@ line 5 @@', "- it('five', () => expect(f(5)).toBe(5));", "+ it.skip('five', () => expect(f(5)).toBe(5));"].join('\n'),
    );
  });

  it('an asked write with no finding gets its whole change as the preview, and keeps its rule', () => {
    const before = 'a: 1\nb: 2\nc: 3\nd: 4\n';
    const after = 'a: 1\nb: 20\nc: 3\nd: 4\ne: 5\n';
    const v = judgeEffects([{ path: 'ci.yml', before, after }], ASK, noMask);
    assert.equal(v.rule, 'path:ci');
    assert.equal(v.preview, ['ci.yml', '@@ line 2 @@', '- b: 2', '+ b: 20', '@@ line 5 @@', '+ e: 5'].join('\n'));
  });

  it('a long change is bounded in the dialog', () => {
    const before = lines(100, (i) => `line ${i}`);
    const after = lines(100, (i) => `LINE ${i}`);
    const v = judgeEffects([{ path: 'ci.yml', before, after }], ASK, noMask);
    const shown = v.preview!.split('\n');
    assert.equal(shown.length, 41);
    assert.match(shown[40], /^… \d+ more lines$/);
  });

  it('an effect that could not be read whole is asked (never allowed unseen)', () => {
    const v = judgeEffects([{ path: 'src/big.ts', unseen: 'the file is 9999999 bytes' }], ALLOW, noMask);
    assert.deepEqual([v.decision, v.rule], ['ask', 'integrity:integrity.too-large']);
  });

  it('the mask is applied to what the dialog shows', () => {
    const before = "it('a', () => expect(key()).toBe('SECRETVALUE'));\n";
    const after = before.replace("it('a'", "it.skip('a'");
    const v = judgeEffects([{ path: 'src/k.ts', before, after }], ALLOW, (_r, t) => t.replace(/SECRETVALUE/g, '«secret:x#1»'));
    assert.ok(!v.preview!.includes('SECRETVALUE'));
    assert.match(v.preview!, /«secret:x#1»/);
  });

  it('reads only files a detector reads', () => {
    for (const p of ['src/a.ts', 'pkg/a_test.go', 'jest.config.js', 'package.json', '.github/workflows/ci.yml', 'pyproject.toml'])
      assert.ok(integrityReads(p), p);
    for (const p of ['README.md', 'data/x.csv', 'img/logo.png', 'docs/guide.txt']) assert.ok(!integrityReads(p), p);
  });
});
