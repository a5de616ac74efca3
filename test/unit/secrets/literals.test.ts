// The block rules' gate literals are found by one pass of the pre-scan's WebAssembly module (anchors.wat
// `literals`, tables from literals.ts): a literal it misses is a rule that never runs on a text holding
// its secret. Its answer must be exactly a search for each literal (literalsOf), wherever the literal
// lies: at every alignment, at the text's ends, next to characters beyond ASCII, across the module's
// 1 MiB chunks, and in seeded random mixes of the literals' own fragments (near misses).
import assert from 'node:assert/strict';
import { HAS_LITERALS, LITERALS, LITERALS2, LITERALS3 } from '../../../src/core/secrets/masker';
import { BLOCK_RULES } from '../../../src/core/secrets/catalog';
import { literalSet, literalsOf, type LiteralSet } from '../../../src/core/secrets/literals';
import { GATES, prescan, simdScanner } from '../../../src/core/secrets/prefilter';
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
    ["the masker's gates past the first set's capacity", LITERALS2],
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

    it(`finds ${name} across the 1 MiB chunks of the pass`, function () {
      // Two texts of 1-4 MiB per literal and offset: minutes on a loaded machine, not a hang.
      this.timeout(10 * 60_000);
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

  it('looks for every literal a block rule is gated on or asks about in the pass: none is left to a search of each text', () => {
    // A literal in neither set is still answered, by a search of the whole text (a pass over it per literal).
    const wanted = new Set(
      [...BLOCK_RULES.map((r) => r.gate), ...HAS_LITERALS, ...BLOCK_RULES.flatMap((r) => r.literals ?? [])].filter((l) => l !== '' && !GATES.includes(l)),
    );
    const held = new Set([...LITERALS.list, ...LITERALS2.list, ...LITERALS3.list]);
    assert.deepEqual(
      [...wanted].filter((l) => !held.has(l)),
      [],
    );
    assert.equal(held.size, LITERALS.list.length + LITERALS2.list.length + LITERALS3.list.length, 'a literal is in two sets');
  });

  it('answers for both sets in one pass, each as a search does, whatever the other holds', () => {
    const r = prng(2323);
    const frags = [...LITERALS.list, ...LITERALS2.list].flatMap((l) => [l, l.slice(1), l.slice(0, -1)]).filter((f) => f.length > 0);
    frags.push(' ', '\n', 'é', '中', 'a');
    for (let n = 0; n < 500; n++) {
      let t = '';
      const want = 256 + Math.floor(r() * 900);
      while (t.length < want) t += frags[Math.floor(r() * frags.length)]!;
      const got = prescan(t, undefined, LITERALS, LITERALS2);
      assert.equal(got.literals.toString(2), literalsOf(t, LITERALS.list).toString(2), JSON.stringify(t.slice(0, 200)));
      assert.equal(got.literals2.toString(2), literalsOf(t, LITERALS2.list).toString(2), JSON.stringify(t.slice(0, 200)));
      // The second slot emptied: not looked for.
      assert.equal(prescan(t, undefined, WIDE_SET).literals2, -1);
    }
    // Each literal across the 1 MiB chunk boundary, in the second slot.
    for (const lit of LITERALS2.list)
      for (let k = 0; k <= lit.length; k++) {
        const t = 'q'.repeat(CHUNK - k) + lit + 'q'.repeat(100);
        assert.equal(prescan(t, undefined, LITERALS, LITERALS2).literals2.toString(2), literalsOf(t, LITERALS2.list).toString(2));
      }
  });

  it('answers for a third set in the same pass, as a search does, and not at all when it is empty', () => {
    const r = prng(3434);
    const frags = [...LITERALS.list, ...WIDE_SET.list].flatMap((l) => [l, l.slice(1), l.slice(0, -1)]).filter((f) => f.length > 0);
    frags.push(' ', '\n', 'é', '中', 'a');
    for (let n = 0; n < 300; n++) {
      let t = '';
      const want = 256 + Math.floor(r() * 900);
      while (t.length < want) t += frags[Math.floor(r() * frags.length)]!;
      const got = prescan(t, undefined, LITERALS, LITERALS2, WIDE_SET);
      assert.equal(got.literals.toString(2), literalsOf(t, LITERALS.list).toString(2), JSON.stringify(t.slice(0, 200)));
      assert.equal(got.literals3.toString(2), literalsOf(t, WIDE_SET.list).toString(2), JSON.stringify(t.slice(0, 200)));
      assert.equal(prescan(t, undefined, LITERALS, LITERALS2).literals3, -1);
    }
    for (const lit of WIDE_SET.list)
      for (let k = 0; k <= lit.length; k++) {
        const t = 'q'.repeat(CHUNK - k) + lit + 'q'.repeat(100);
        assert.equal(prescan(t, undefined, undefined, undefined, WIDE_SET).literals3.toString(2), literalsOf(t, WIDE_SET.list).toString(2));
      }
  });

  it('refuses a literal it cannot look for (beyond ASCII, empty, too long), rather than missing it', () => {
    assert.throws(() => literalSet(['clé']));
    assert.throws(() => literalSet(['']));
    assert.throws(() => literalSet(['x'.repeat(33)]));
    assert.throws(() => literalSet(Array.from({ length: 33 }, (_, i) => `lit${i}`)));
  });
});
