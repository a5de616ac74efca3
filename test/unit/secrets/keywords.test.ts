// The keyword selector must wake exactly the rules the plain definition wakes: a rule runs on a line
// when the line, ASCII capitals folded to lower case, contains one of its keywords. A rule it forgets is a secret left unmasked.
import assert from 'node:assert/strict';
import { ALL_RULES, LINE_RULES } from '../../../src/core/secrets';
import { keywordSelector, packKeywordTables, rulesOfMask } from '../../../src/core/secrets/keywords';
import { prescan, simdScanner } from '../../../src/core/secrets/prefilter';
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
    const rule = (id: string, keywords: string[]) => ({
      id,
      keywords,
      description: '',
      priority: 0,
      scan() {},
      samples: () => ({ truePositives: [], falsePositives: [] }),
    });
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
    const rule = (keywords: string[]) => ({
      id: 'x',
      keywords,
      description: '',
      priority: 0,
      scan() {},
      samples: () => ({ truePositives: [], falsePositives: [] }),
    });
    assert.throws(() => keywordSelector([rule(['Abc'])]), /lower-case ASCII/);
    assert.throws(() => keywordSelector([rule(['k'])]), /2\+ characters/);
    assert.throws(() => keywordSelector([rule(['clé'])]), /ASCII/);
    assert.throws(() => keywordSelector([rule([''])]), /2\+ characters/);
  });

  // anchors.wat's `select` walks the same tables on the module's bytes, while the pre-scan has the text
  // in memory: the masker runs the rules it selects, so a rule it forgets is a secret left unmasked.
  describe("the SIMD pass's selector (anchors.wat select)", () => {
    const scanner = simdScanner();
    const tables = packKeywordTables(LINE_RULES);
    const words = [...new Set(LINE_RULES.flatMap((r) => r.keywords))];
    /** Seeded lines of keywords, cut, capitalised, run together, with characters of every width between them. */
    function mixes(seed: number, n: number): string[] {
      const r = prng(seed);
      const odd = [
        '\u0130',
        '\u212a',
        '\u00e9',
        '\u0141',
        '\u017f',
        '\u8000',
        '\uffff',
        '\ufeff',
        '\u4e00',
        '\u0100',
        '\u00ff',
        '\u0080',
        '\u0000',
        '\r',
        '\t',
      ];
      const out: string[] = [];
      for (let k = 0; k < n; k++) {
        let line = '';
        const m = 1 + Math.floor(r() * 6);
        for (let i = 0; i < m; i++) {
          const w = words[Math.floor(r() * words.length)]!;
          let piece = r() < 0.3 ? w.slice(Math.floor(r() * w.length)) : r() < 0.2 ? w.slice(0, 1 + Math.floor(r() * w.length)) : w;
          if (r() < 0.3) piece = piece.replace(/[a-z]/g, (c) => (r() < 0.5 ? c.toUpperCase() : c));
          // a character of another width inside a keyword, or between two
          if (r() < 0.2) {
            const at = Math.floor(r() * (piece.length + 1));
            piece = piece.slice(0, at) + odd[Math.floor(r() * odd.length)]! + piece.slice(at);
          }
          line += piece;
          if (r() < 0.3) line += ' ';
        }
        out.push(line);
      }
      return out;
    }
    /** Calls `each(p)` from inside the scan of `text` (the selector answers only there), once per reported anchor. */
    function insideScan(text: string, each: (p: number) => void): number {
      assert.ok(scanner, 'the WebAssembly SIMD scanner did not load on this Node');
      assert.ok(tables, 'the keyword tables do not fit the module');
      scanner.setSelector(tables);
      let visits = 0;
      scanner.scan(text, (p) => {
        visits++;
        each(p);
      });
      return visits;
    }
    const sameAsJs = (text: string, from: number, to: number) => {
      const got: number[] = [];
      assert.ok(scanner!.select(from, to, got), `not selected: ${JSON.stringify(text.slice(from, to))}`);
      assert.equal(got.length, 4);
      assert.deepEqual(ids(rulesOfMask(LINE_RULES, got[0]!, got[1]!, got[2]!)), ids(select(text, from, to)), JSON.stringify(text.slice(from, to)));
      return got;
    };

    it('selects what keywordSelector selects on every line and range of seeded mixes, one-byte and wide texts', () => {
      let woke = 0;
      for (const [seed, wide] of [
        [1, false],
        [2, true],
        [3, true],
      ] as const) {
        let lines = mixes(seed, 1500);
        if (!wide) lines = lines.map((l) => l.replace(/[^\x00-\xff]/g, '\u00e9'));
        // An anchor at the start gets the scan to call back; every line is then checked from inside it.
        const text = 'token = x\n' + lines.join('\n') + '\n';
        assert.equal(/[^\x00-\xff]/.test(text), wide);
        let done = false;
        insideScan(text, () => {
          if (done) return;
          done = true;
          let at = 10;
          for (const line of lines) {
            const sel = sameAsJs(text, at, at + line.length);
            woke += sel[0]! !== 0 || sel[1]! !== 0 || sel[2]! !== 0 ? 1 : 0;
            // ranges cut inside the line: a keyword across either end does not count
            if (line.length > 4) sameAsJs(text, at + 1, at + line.length - 2);
            at += line.length + 1;
          }
        });
        assert.ok(done, 'the scan never called back');
      }
      assert.ok(woke > 3000, `only ${woke} lines woke a rule`);
    });

    it('selects on the rule samples as on their own, and answers every rule bit in catalog order', () => {
      const lines = ALL_RULES.flatMap((rule) => {
        const s = rule.samples();
        return [...s.truePositives.map((t) => t.text), ...s.falsePositives];
      }).flatMap((t) => t.split('\n'));
      const text = 'token = x\n' + lines.join('\n');
      const seen = new Set<string>();
      insideScan(text, (p) => {
        if (p !== 6) return;
        let at = 10;
        for (const line of lines) {
          const got = sameAsJs(text, at, at + line.length);
          for (const r of rulesOfMask(LINE_RULES, got[0]!, got[1]!, got[2]!)) seen.add(r.id);
          at += line.length + 1;
        }
      });
      // every line rule has a keyword in its samples, so every bit of the mask was exercised
      assert.deepEqual([...seen].sort(), LINE_RULES.map((r) => r.id).sort());
      assert.ok(LINE_RULES.length > 32, 'the catalog no longer uses the high mask word: this test no longer covers it');
    });

    it('answers only for a line wholly in the chunk in memory, and only during the scan', () => {
      assert.ok(scanner && tables);
      scanner.setSelector(tables);
      assert.equal(scanner.select(0, 5, []), false, 'selected outside a scan');
      // Two chunks (1 MiB each): a line across the boundary is left to keywordSelector; lines on either side are selected.
      const CHUNK = 1 << 20;
      const filler = 'x'.repeat(99) + '\n';
      let text = filler.repeat(Math.floor((CHUNK - 40) / filler.length));
      const crossAt = text.length;
      text += 'aaaaaa password = hunter2 ' + 'b'.repeat(80) + ' token = y\n';
      text += filler.repeat(20) + 'api_key = z sk_live_x\n';
      assert.ok(crossAt < CHUNK && text.indexOf('\n', crossAt) > CHUNK);
      const answers: boolean[] = [];
      insideScan(text, (p) => {
        const from = text.lastIndexOf('\n', p - 1) + 1;
        const nl = text.indexOf('\n', p);
        const out: number[] = [];
        const ok = scanner.select(from, nl, out);
        answers.push(ok);
        if (ok) assert.deepEqual(ids(rulesOfMask(LINE_RULES, out[0]!, out[1]!, out[2]!)), ids(select(text, from, nl)));
        else assert.ok(from < CHUNK && nl > CHUNK, `line at ${from} not selected`);
      });
      assert.ok(answers.includes(false) && answers.includes(true), `answers ${answers}`);
    });

    it('hashes equal lines alike wherever they stand (the masker memo of quiet lines relies on it)', () => {
      const lines = ['token = abc', 'x token = abc', 'token = abc', 'token = abd', 'zz', 'token = abc'];
      const text = `${'w'.repeat(40)}\n${lines.join('\n')}\n${'w'.repeat(300)}`;
      const hashes: number[] = [];
      insideScan(text, () => {
        if (hashes.length > 0) return;
        let at = 41;
        for (const line of lines) {
          const out: number[] = [];
          assert.ok(scanner!.select(at, at + line.length, out));
          hashes.push(out[3]!);
          at += line.length + 1;
        }
      });
      assert.equal(hashes[0], hashes[2]);
      assert.equal(hashes[0], hashes[5]);
      assert.notEqual(hashes[0], hashes[1]);
      assert.notEqual(hashes[0], hashes[3]);
      assert.ok(
        hashes.every((h) => Number.isInteger(h) && h >= 0 && h < 2 ** 30),
        `hashes ${hashes}`,
      );
    });

    it('gives the masker the same rules through the pre-scan as keywordSelector on each candidate line', () => {
      // No `ENV ` in the mixes (the keywords may spell it): that gate is the last assertion's case alone.
      const lines = mixes(4, 800).map((l, i) => (i % 3 === 0 ? `${l} password = ${l}` : `${l}_token: ${i}`).replace(/ENV(?=[ \t])/g, 'ENv'));
      const text = lines.join('\n');
      const pre = prescan(text, tables);
      assert.ok(pre.selected, 'the pre-scan did not select');
      assert.equal(pre.selected.length, 4 * pre.lines.length);
      assert.ok(pre.lines.length > 500);
      pre.lines.forEach((start, k) => {
        const nl = text.indexOf('\n', start);
        const end = nl < 0 ? text.length : nl;
        assert.deepEqual(
          ids(rulesOfMask(LINE_RULES, pre.selected![4 * k]!, pre.selected![4 * k + 1]!, pre.selected![4 * k + 2]!)),
          ids(select(text, start, end)),
        );
      });
      // a Dockerfile ENV line joins the candidates out of order: the selections are dropped, not misaligned
      assert.equal(prescan(`${text}\nENV A b\n`, tables).selected, undefined);
    });
  });
});
