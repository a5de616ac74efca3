// The keyword selector must wake exactly the rules the plain definition wakes: a rule runs on a line
// when the line, ASCII capitals folded to lower case, contains one of its keywords. A rule it forgets is a secret left unmasked.
import assert from 'node:assert/strict';
import { ALL_RULES, LINE_RULES } from '../../../src/core/secrets';
import { keywordSelector } from '../../../src/core/secrets/keywords';
import { prng } from '../../../src/core/secrets/samples';
import type { LineRule } from '../../../src/core/secrets/types';

const asciiLower = (line: string) => line.replace(/[A-Z]/g, (c) => c.toLowerCase());
const naive = (rules: readonly LineRule[], line: string) => rules.filter((r) => r.keywords.some((k) => asciiLower(line).includes(k)));
const ids = (rs: LineRule[]) => rs.map((r) => r.id);

describe('rule keyword selector', () => {
  const select = keywordSelector(LINE_RULES);

  it('wakes the same rules, in catalog order, on every rule sample line', () => {
    let woke = 0;
    for (const rule of ALL_RULES) {
      const s = rule.samples();
      for (const text of [...s.truePositives.map((t) => t.text), ...s.falsePositives]) {
        for (const line of text.split('\n')) {
          assert.deepEqual(ids(select(line)), ids(naive(LINE_RULES, line)), line);
          woke += select(line).length;
        }
      }
    }
    assert.ok(woke > 100);
  });

  it('wakes the same rules on seeded mixes of keywords, overlapping and nested ones included', () => {
    const words = [...new Set(LINE_RULES.flatMap((r) => r.keywords))];
    const r = prng(7);
    for (let k = 0; k < 2000; k++) {
      let line = '';
      const n = 1 + Math.floor(r() * 6);
      for (let i = 0; i < n; i++) {
        const w = words[Math.floor(r() * words.length)]!;
        // cut words so prefixes and suffixes of keywords overlap the next one
        line += r() < 0.3 ? w.slice(Math.floor(r() * w.length)) : w;
        // capitals, and non-ASCII characters whose lower case is ASCII (İ, the Kelvin sign): folded as the rules' regexes fold
        if (r() < 0.3) line = line.replace(/[a-z]/g, (c) => (r() < 0.5 ? c.toUpperCase() : c));
        if (r() < 0.05) line += r() < 0.5 ? '\u0130' : '\u212a';
        if (r() < 0.3) line += ' ';
      }
      assert.deepEqual(ids(select(line)), ids(naive(LINE_RULES, line)), line);
      // The same line as a range of a longer text: keywords across either end of the range do not count.
      assert.deepEqual(ids(select(`gh${line}p_`, 2, 2 + line.length)), ids(naive(LINE_RULES, line)), `range: ${line}`);
    }
  });

  it('handles keywords nested in longer ones, at the same and at other positions', () => {
    const rule = (id: string, keywords: string[]) => ({ id, keywords, description: '', priority: 0, scan() {}, samples: () => ({ truePositives: [], falsePositives: [] }) });
    const rules = [rule('long', ['xsk_live_']), rule('inner', ['sk_']), rule('prefix', ['xs']), rule('none', ['zz'])];
    const sel = keywordSelector(rules);
    assert.deepEqual(ids(sel('a xsk_live_ b')), ['long', 'inner', 'prefix']);
    assert.deepEqual(ids(sel('sk_')), ['inner']);
    assert.deepEqual(ids(sel('nothing')), []);
    // a range: a keyword must lie wholly inside it
    assert.deepEqual(ids(sel('a xsk_live_ b', 2, 11)), ['long', 'inner', 'prefix']);
    assert.deepEqual(ids(sel('a xsk_live_ b', 2, 10)), ['inner', 'prefix']);
    assert.deepEqual(ids(sel('a xsk_live_ b', 3, 11)), ['inner']);
    assert.deepEqual(ids(sel('a xsk_live_ b', 2, 4)), ['prefix']);
  });

  it('refuses keywords it cannot index: empty, one character, upper case, non-ASCII', () => {
    const rule = (keywords: string[]) => ({ id: 'x', keywords, description: '', priority: 0, scan() {}, samples: () => ({ truePositives: [], falsePositives: [] }) });
    assert.throws(() => keywordSelector([rule(['Abc'])]), /lower-case ASCII/);
    assert.throws(() => keywordSelector([rule(['k'])]), /2\+ characters/);
    assert.throws(() => keywordSelector([rule(['clé'])]), /ASCII/);
    assert.throws(() => keywordSelector([rule([''])]), /2\+ characters/);
  });
});
