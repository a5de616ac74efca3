// The block rules' gate literals are found by one pass of the pre-scan's WebAssembly module (anchors.wat
// `literals`, tables from literals.ts): a literal it misses is a rule that never runs on a text holding
// its secret. Its answer must be exactly a search for each literal (literalsOf), wherever the literal
// lies: at every alignment, at the text's ends, next to characters beyond ASCII, across the module's
// 1 MiB chunks, and in seeded random mixes of the literals' own fragments (near misses).
import assert from 'node:assert/strict';
import { LITERALS } from '../../../src/core/secrets/masker';
import { literalSet, literalsOf, type LiteralSet } from '../../../src/core/secrets/literals';
import { prescan, simdScanner } from '../../../src/core/secrets/prefilter';
import { prng } from '../../../src/core/secrets/samples';

const CHUNK = 1 << 20;

function assertSame(set: LiteralSet, text: string): void {
  const got = prescan(text, undefined, set).literals;
  assert.ok(got >= 0 || text.length < 256, 'the SIMD pass did not run');
  if (got >= 0) assert.equal(got.toString(2), literalsOf(text, set.list).toString(2), `literals differ on ${JSON.stringify(text.slice(0, 200))}…`);
}

/** Literals of every window length and of the module's longest, in more than 8 buckets' worth. */
const WIDE_SET = literalSet([
  '$',
  '\\',
  '{S',
  "'*",
  'kty',
  'psk',
  'tokens',
  'encrypt',
  'masterauth',
  'requirepass',
  '{AQAAAB',
  'ookie',
  'tring = "',
  '"terraform_version"',
  'x'.repeat(16) + 'y',
  'abcdefghijklmnopqrstuvwxyz012345',
  'zz',
  'Q',
]);

describe('pre-scan literal pass', () => {
  before(() => assert.ok(simdScanner(), 'the WebAssembly SIMD scanner did not load on this Node'));

  for (const [name, set] of [
    ["the masker's gates", LITERALS],
    ['literals of every length', WIDE_SET],
  ] as const) {
    it(`finds ${name} exactly where a search does: every alignment, both ends, beyond-ASCII neighbours`, () => {
      assert.ok(set.list.length > 0);
      for (const lit of set.list) {
        const miss = lit.slice(0, -1) + (lit.endsWith('#') ? '%' : '#');
        for (let pad = 0; pad < 40; pad++) {
          for (const [before, after] of [
            ['a', 'b'],
            ['é', 'é'],
            ['中', '中'],
            [' ', '\n'],
          ]) {
            assertSame(set, before.repeat(pad) + lit + after.repeat(300));
            assertSame(set, before.repeat(300 + pad) + lit);
            assertSame(set, before.repeat(300 + pad) + lit + after);
            assertSame(set, before.repeat(300 + pad) + miss + after.repeat(pad));
          }
        }
      }
    });

    it(`finds ${name} across the 1 MiB chunks of the pass`, () => {
      for (const lit of set.list)
        for (let k = 0; k <= lit.length; k++) {
          assertSame(set, 'q'.repeat(CHUNK - k) + lit + 'q'.repeat(100));
          assertSame(set, '中'.repeat(2 * CHUNK - k) + lit);
        }
    });

    it(`finds ${name} in 2,000 seeded random mixes of their fragments`, () => {
      const r = prng(1616);
      const frags = set.list.flatMap((l) => [l, l.slice(1), l.slice(0, -1), l.slice(0, 2), l.slice(-2)]).filter((f) => f.length > 0);
      frags.push(' ', '\n', 'é', '中', '\u0000', 'a', '$', '{');
      for (let n = 0; n < 2000; n++) {
        let t = '';
        const want = 256 + Math.floor(r() * 600);
        while (t.length < want) t += frags[Math.floor(r() * frags.length)]!;
        assertSame(set, t);
      }
    });
  }

  it('refuses a literal it cannot look for (beyond ASCII, empty, too long), rather than missing it', () => {
    assert.throws(() => literalSet(['clé']));
    assert.throws(() => literalSet(['']));
    assert.throws(() => literalSet(['x'.repeat(33)]));
    assert.throws(() => literalSet(Array.from({ length: 33 }, (_, i) => `lit${i}`)));
  });
});
