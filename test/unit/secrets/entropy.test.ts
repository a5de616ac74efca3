// The entropy helpers decide borderline values (`h >= 3`, `distinct < 6`): their fast paths must give
// bit-identical answers to the plain definitions, on ASCII and on anything else.
import assert from 'node:assert/strict';
import { asciiStatsOf, charClasses, distinctChars, randomPartOk, shannon, valueLooksSecret } from '../../../src/core/secrets/entropy';
import { classifyName } from '../../../src/core/secrets/names';
import { ALNUM, PASSWORD_CHARS, prng } from '../../../src/core/secrets/samples';

function shannonDef(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const c of counts.values()) {
    const p = c / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}
const distinctDef = (s: string) => new Set(s).size;
/** randomPartOk as it was written before its one-pass version. */
function randomPartOkDef(part: string): boolean {
  if (distinctDef(part) < 6) return false;
  if (/EXAMPLE|example|XXXX|xxxx|\*\*\*\*|0000000|REDACTED|redacted/.test(part)) return false;
  return shannonDef(part) >= 2.5;
}

describe('entropy helpers', () => {
  const r = prng(99);
  const alphabets = [ALNUM, PASSWORD_CHARS, '01', '\x00\x1f\x20\x3f\x40\x5f\x60\x7f', 'aé€', 'ab\u{1F600}', '\ud800x', ALNUM + 'ß'];
  const strings = ['', 'a', 'aaaa', 'abcabc', '\u{1F600}\u{1F600}', 'x\ud800', String.fromCharCode(...Array.from({ length: 128 }, (_, i) => i))];
  for (let k = 0; k < 3000; k++) {
    const abc = [...alphabets[k % alphabets.length]!];
    const n = Math.floor(r() * 80);
    let s = '';
    for (let i = 0; i < n; i++) s += abc[Math.floor(r() * abc.length)];
    strings.push(s);
  }
  // Past the remembered log terms (strings of up to 256 characters) and around that edge; the same
  // lengths again, so remembered terms are read back; leading capitals (charClasses' special case).
  for (let k = 0; k < 400; k++) {
    const abc = [...alphabets[k % alphabets.length]!];
    const n = [255, 256, 257, 300, 700][k % 5]! - (k % 3);
    let s = '';
    for (let i = 0; i < n; i++) s += abc[Math.floor(r() * abc.length)];
    strings.push(s);
  }
  strings.push('A', 'Ab', 'AA', 'AbA', 'Abc1', 'aB', 'A1', 'ZZ', 'Z-', '-Z', 'Zzzzzzz', 'Password1', 'X'.repeat(300));
  // Vendor-style random parts and the words randomPartOk refuses inside them.
  for (let k = 0; k < 600; k++) {
    const t = [...ALNUM.slice(0, 6 + (k % 57))].map(() => ALNUM[Math.floor(r() * ALNUM.length)]).join('');
    const bad = ['', 'EXAMPLE', 'example', 'XXXX', 'xxx', '****', '0000000', '000000', 'REDACTED', 'redacted'][k % 10]!;
    const at = Math.floor(r() * (t.length + 1));
    strings.push(t.slice(0, at) + bad + t.slice(at));
  }

  it('shannon is bit-identical to the definition', () => {
    for (const s of strings) assert.ok(Object.is(shannon(s), shannonDef(s)), JSON.stringify(s));
  });

  it('distinctChars counts code points like a Set of the string', () => {
    for (const s of strings) assert.equal(distinctChars(s), distinctDef(s), JSON.stringify(s));
  });

  it("the one-pass statistics of valueLooksSecret give the three functions' answers (entropy bit for bit), or none for non-ASCII", () => {
    let ascii = 0;
    for (const s of strings) {
      const st = asciiStatsOf(s);
      if (/[^\x00-\x7f]/.test(s)) {
        assert.equal(st, null, JSON.stringify(s));
        continue;
      }
      ascii++;
      assert.ok(st !== null && s.length > 0 ? Object.is(st.entropy, shannonDef(s)) : true, JSON.stringify(s));
      assert.deepEqual(st, { distinct: distinctDef(s), entropy: shannon(s), classes: charClasses(s) }, JSON.stringify(s));
    }
    assert.ok(ascii > 1000);
    // a non-ASCII string leaves no counts behind for the next one
    asciiStatsOf('aaaa\u00e9');
    assert.deepEqual(asciiStatsOf('ab'), { distinct: 2, entropy: 1, classes: 1 });
  });

  it('randomPartOk answers as its definition (distinct, the refused words, entropy), on ASCII and on anything else', () => {
    let yes = 0;
    for (const s of strings) {
      const ok = randomPartOk(s);
      assert.equal(ok, randomPartOkDef(s), JSON.stringify(s));
      if (ok) yes++;
    }
    assert.ok(yes > 500 && yes < strings.length - 500, `${yes} of ${strings.length}`);
  });

  it('shannon leaves no state behind between calls', () => {
    const a = shannon('aab');
    shannon('zzzzzzzzzzzzzzzzzzzzz\u00e9');
    assert.ok(Object.is(shannon('aab'), a));
  });
});

describe('classifyName memo', () => {
  it('answers the same before, during and after the memo restarts', () => {
    const names = ['DB_PASSWORD', 'API_KEY_HEADER', 'client-key-data', 'public_key', 'page_token', 'apiKey', 'x'];
    const first = names.map(classifyName);
    assert.deepEqual(first, ['strong', null, 'strong', null, null, 'strong', null]);
    for (let i = 0; i < 10_000; i++) classifyName(`name_${i}_token`);
    assert.deepEqual(names.map(classifyName), first);
  });
});

describe('valueLooksSecret length floor', () => {
  it('refuses values shorter than the strength allows, whatever their shape, and decides longer ones on shape', () => {
    const strong = 'Xk9$qLz2'; // 8 chars, mixed classes, high entropy
    assert.equal(valueLooksSecret(strong.slice(0, 5), 'strong', true), false);
    assert.equal(valueLooksSecret(strong.slice(0, 6), 'strong', true), true);
    assert.equal(valueLooksSecret('  ' + strong.slice(0, 5) + '  ', 'strong', true), false, 'trimmed before the length floor');
    const weak = 'a8f3k2m9x7q1z5w4'; // 16 chars, letters and digits
    assert.equal(valueLooksSecret(weak.slice(0, 15), 'weak', true), false);
    assert.equal(valueLooksSecret(weak, 'weak', true), true);
    assert.equal(valueLooksSecret('${SECRET_VALUE}', 'strong', true), false, 'references still refused past the floor');
  });
});
