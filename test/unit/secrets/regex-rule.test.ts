// regexRule reads the span of a match off the match itself when group 1 is the whole pattern
// (lookarounds aside), or when the secret's group ends the pattern, instead of asking the `d` flag
// for indices. The hits must be those of the scan
// with indices: compared for every regex rule on every sample, the corpus and seeded mixes.
import assert from 'node:assert/strict';
import { LINE_RULES } from '../../../src/core/secrets';
import { REGEX_RULE_DEFS, groupEndingMatch, groupIsWholeMatch, scanWithIndices } from '../../../src/core/secrets/rules/make';
import { prng } from '../../../src/core/secrets/samples';
import type { Hit } from '../../../src/core/secrets/types';
import { sampleAndCorpusLines } from './helpers';

describe('regexRule without match indices', () => {
  it('groupIsWholeMatch knows a group around the whole pattern from anything else', () => {
    const yes = ['(a)', '(?<![A-Z])(a+)(?![0-9])', '(?<=x)(a|b)', '(a)(?=b)', '(a\\)b)', '([)(]+)', '(\\\\)', '(a(b)c)', '(?<![(])(x)(?![)])', '(?<!\\()(x)'];
    const no = [
      'a',
      '(a)b',
      'a(b)',
      '(a)|(b)',
      '(a)|b',
      '(a)?',
      '(a)*',
      '(?:a)',
      '(?:a)(b)',
      '(a)(b)',
      '(?<!x)a(b)',
      '(a)(?!b)c',
      '(a)(?!b)(?=c)',
      '(a',
      '(a\\)',
      '([)]',
      '(?<!x(a)',
      '(a)\\1',
    ];
    for (const s of yes) assert.equal(groupIsWholeMatch(s), true, s);
    for (const s of no) assert.equal(groupIsWholeMatch(s), false, s);
  });

  it('groupEndingMatch knows the group that ends the pattern, and refuses anything else', () => {
    const cases: [string, number][] = [
      ['(a)', 1],
      ['x(a)', 1],
      ['x(?:y)(a)(?!b)', 1],
      ['(b)x(a)', 2],
      ['(?<n>b)x(a)', 2],
      ['x(a)(?=b)(?!c)', 1],
      ['(?<=x)y(a)', 1],
      ['x(a(b))', 1],
      ['(?<!(q))x(a)', 2],
      ['x[(](a)', 1],
      ['x\\((a)', 1],
      ['(?:(b)|c)x(a)', 2],
      ['x(a|b)', 1],
      ['x(a)(?![)])', 1],
      ['a', 0],
      ['x(a)y', 0],
      ['(a)|x(b)', 0],
      ['x|(b)', 0],
      ['x(a)?', 0],
      ['x(a)+', 0],
      ['x(a){2}', 0],
      ['x(?:a)', 0],
      ['x(a)(?<!b)', 0],
      ['x(a)\\1', 0],
      ['x(a\\)', 0],
      ['x(a)(?!b)c', 0],
      ['[(a)]', 0],
      ['x(a)(?!b)?', 0],
      ['x(?=(a))', 0],
      ['x(a))', 0],
      ['x[(a)', 0],
      ['(?<=(a))x', 0],
    ];
    for (const [s, n] of cases) assert.equal(groupEndingMatch(s), n, s);
    // What it claims holds: the group ends where the match does, on every match of these patterns.
    for (const [s, n] of cases) {
      if (n === 0) continue;
      const re = new RegExp(s, 'dg');
      for (const line of ['xa', 'xab', 'ya', 'qxab', 'xbya', 'x(a', 'bxa)', 'xyab', 'xaa', 'xa)', 'xac']) {
        for (const m of line.matchAll(re)) assert.equal(m.indices![n]![1], m.index + m[0].length, `${s} on ${line}`);
      }
    }
  });

  it('finds the hits of the scan with indices, for every regex rule, on samples, the corpus and seeded mixes', () => {
    const lines = sampleAndCorpusLines();
    // Pieces of those lines glued with token boundaries and non-boundaries, so that matches start and
    // end everywhere (the lookarounds decide at the edges), several to a line.
    const r = prng(7);
    const seps = ['', ' ', '_', '-', '.', 'x', '9', '"', '=', ':', '/', 'é', '\r'];
    const base = lines.length;
    // (More mixes as the samples of rules without a regex grow: the mixes must keep finding the regex rules' tokens.)
    for (let k = 0; k < 28000; k++) {
      let line = '';
      for (let i = 0, n = 1 + Math.floor(r() * 3); i < n; i++) {
        const p = lines[Math.floor(r() * base)]!;
        const a = r() < 0.5 ? 0 : Math.floor(r() * p.length);
        line += p.slice(a, a + 10 + Math.floor(r() * 200)) + seps[Math.floor(r() * seps.length)];
      }
      lines.push(line);
    }
    let rules = 0,
      hits = 0;
    for (const rule of LINE_RULES) {
      const def = REGEX_RULE_DEFS.get(rule);
      if (def === undefined) continue;
      rules++;
      for (const line of lines) {
        const got: Hit[] = [];
        const want: Hit[] = [];
        rule.scan(line, got);
        scanWithIndices(def, line, want);
        assert.deepEqual(got, want, `${rule.id}: ${JSON.stringify(line).slice(0, 300)}`);
        hits += want.length;
      }
    }
    assert.ok(rules >= 50 && hits > 1500, `${rules} rules, ${hits} hits`);
  });
});
