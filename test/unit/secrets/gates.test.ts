// The forms' gate literals (fresh10/11/12) are found for all of them in one pass of the pre-scan's WebAssembly
// module (rules/gates.ts over anchors.ts `literalsIn`): a gate it misses is a form that never runs on a text
// holding its secret. `holds(text, gate)` must be exactly `text.includes(gate)`: for every registered gate,
// for one registered only when first asked about, in texts long enough for the pass, with characters beyond
// Latin-1, with a gate across the module's 1 MiB chunks, and in seeded mixes of the gates' own fragments.
import assert from 'node:assert/strict';
import { FORMS as FORMS10 } from '../../../src/core/secrets/rules/secret-by-form';
import { FORMS as FORMS11 } from '../../../src/core/secrets/rules/secret-by-word';
import '../../../src/core/secrets/rules/secret-by-directive';
import { gatePassHolds, holds, holdsAny } from '../../../src/core/secrets/rules/gates';
import { createMasker } from '../../../src/core/secrets';
import { simdScanner } from '../../../src/core/secrets/prefilter';
import { prng } from '../../../src/core/secrets/samples';

const CHUNK = 1 << 20;
const GATES = [...new Set([...FORMS10, ...FORMS11].flatMap((f) => f.gates))];

function assertSame(text: string, gates: readonly string[] = GATES): void {
  for (const g of gates) assert.equal(holds(text, g), text.includes(g), `${JSON.stringify(g)} in ${JSON.stringify(text.slice(0, 120))}… (${text.length})`);
}

describe('form gates: one pass, the same answer as a search for each', () => {
  it('the module runs here (else the answers below are searches)', () => {
    assert.ok(simdScanner() !== undefined);
  });

  it("every rule's gates fit one pass of the module (else each gate is a search of the whole text: a third of masking)", () => {
    createMasker(); // every rule file loaded, its gates registered
    assert.ok(gatePassHolds());
    // Room left: as many gates again as the rules register today, in sets of their own.
    for (let i = 0; i < 300; i++) holds('z'.repeat(2000), `zz-room-${i}`);
    assert.ok(gatePassHolds());
  });

  it('each gate alone, at the start, the middle and the end of a long text', () => {
    const pad = 'x'.repeat(3000);
    for (const g of GATES) {
      assertSame(g + pad);
      assertSame(pad + g + pad);
      assertSame(pad + g);
      assertSame(pad + g.slice(0, -1) + '\u2603' + g.slice(-1) + pad); // a near miss, in a two-byte string
    }
  });

  it('a gate across the module 1 MiB chunks, in one- and two-byte strings', () => {
    for (const g of GATES.filter((x) => x.length > 1).slice(0, 12))
      for (const wide of ['', '\u20ac']) {
        const at = CHUNK - Math.floor(g.length / 2);
        const text = wide + 'y'.repeat(at - wide.length) + g + 'y'.repeat(2000);
        assertSame(text, [g]);
        assert.ok(holds(text, g));
      }
  });

  it('a gate registered only when first asked about', () => {
    const g = 'zq-unregistered-gate-' + 'z';
    const text = 'a'.repeat(2000) + g + 'b'.repeat(2000);
    assert.equal(holds(text, g), true);
    assert.equal(holds(text.replace(g, ''), g), false);
    assert.equal(holdsAny(text, ['nothing-here', g]), true);
    assertSame(text);
  });

  it('seeded mixes of the gates fragments (near misses)', () => {
    const r = prng(0x6a7e5);
    const pieces = GATES.flatMap((g) => [g, g.slice(1), g.slice(0, -1), g.toUpperCase(), g.toLowerCase()]).filter((p) => p !== '');
    for (let round = 0; round < 60; round++) {
      let text = '';
      while (text.length < 1500 + round * 97) text += pieces[Math.floor(r() * pieces.length)]! + (r() < 0.3 ? '\n' : ' ');
      assertSame(text);
    }
  });

  it("holdsAny is a search for each of a list's gates: each form's list, short and long texts, again after new gates", () => {
    const lists = [...FORMS10, ...FORMS11].map((f) => f.gates);
    const r = prng(0x401d5);
    const pieces = GATES.flatMap((g) => [g, g.slice(1), g.slice(0, -1)]).filter((p) => p !== '');
    const texts = ['', 'short text', 'x'.repeat(3000)];
    for (let round = 0; round < 40; round++) {
      let text = '';
      while (text.length < (round % 2 === 0 ? 600 : 1500 + round * 53)) text += pieces[Math.floor(r() * pieces.length)]! + (r() < 0.4 ? '\n' : 'x'.repeat(40));
      texts.push(text);
    }
    // Lists of gates never registered, one beyond ASCII (a search, never in the pass): registered when first asked about.
    const fresh = ['zq-list-gate-a', 'zq-list-gate-\u00e9'];
    lists.push(fresh, [GATES[0]!, 'zq-list-gate-b']);
    texts.push('y'.repeat(2000) + 'zq-list-gate-\u00e9', 'y'.repeat(2000) + 'zq-list-gate-b');
    const check = () => {
      for (const text of texts)
        for (const l of lists)
          assert.equal(
            holdsAny(text, l),
            l.some((g) => text.includes(g)),
            `${JSON.stringify(l)} in ${JSON.stringify(text.slice(0, 80))}… (${text.length})`,
          );
    };
    check();
    // Gates registered since: the sets grow (the lists asked about before keep their answers).
    for (let i = 0; i < 40; i++) holds('z'.repeat(2000), `zq-later-${i}`);
    texts.push('w'.repeat(1500) + 'zq-later-7' + GATES[3]!);
    lists.push(['zq-later-7']);
    check();
  });
});
