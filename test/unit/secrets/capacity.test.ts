// The pre-scan's WebAssembly module holds copies of the JavaScript tables (tail tables, key-name tries,
// the keyword selector) in fixed room. The word lists only grow: a table that outgrows its room, or a
// module that reads a row number or a node past where its old narrower format ended, drops anchors, and a
// dropped line is a secret shown to the model. These tables are filled past the old limits (256 tail rows,
// 254 trie nodes, 128 keyword slots and 256 keywords) and the module must answer as JavaScript does.
import assert from 'node:assert/strict';
import { loadAnchorScanner, SELECT_LAYOUT, TABLE_LAYOUT, TRIE_LAYOUT } from '../../../src/core/secrets/anchors';
import { keywordSelector, packKeywordTables, rulesOfMask } from '../../../src/core/secrets/keywords';
import { scannerTables, simdScanner } from '../../../src/core/secrets/prefilter';
import { prng } from '../../../src/core/secrets/samples';
import { tailTable } from '../../../src/core/secrets/tails';
import type { LineRule } from '../../../src/core/secrets/types';

// Last characters no key tail (`_data`, `hex`, `raw`, …) ends with and no anchor is, so a name's `=` is a
// key name exactly when one of the test's words ends the name.
const LAST = 'bcfhijklopqsuvyz';
const OTHER = `${LAST}0123456789`;

describe('pre-scan table capacity (anchors.wat memory)', () => {
  it('reads key-word tail rows past 256 and trie nodes past 254 as JavaScript does', () => {
    const r = prng(16);
    // 270 word endings (c2 c1), each allowing its own two third characters: 270 distinct tail rows,
    // 540 three-character words (over 800 trie nodes).
    const pairs = new Set<string>();
    while (pairs.size < 270) pairs.add(OTHER[Math.floor(r() * OTHER.length)]! + LAST[Math.floor(r() * LAST.length)]!);
    const sets = new Set<string>();
    const words: string[] = [];
    for (const pair of pairs) {
      let set: string;
      do {
        const a = OTHER[Math.floor(r() * OTHER.length)]!;
        const b = OTHER[Math.floor(r() * OTHER.length)]!;
        set = a < b ? a + b : b + a;
      } while (set[0] === set[1] || sets.has(set));
      sets.add(set);
      words.push(set[0]! + pair, set[1]! + pair);
    }
    const table = tailTable(words, true);
    const rows = table.third.length / 128 - 2;
    assert.ok(rows > 256 && table.third.length <= TABLE_LAYOUT.thirdMax, `${rows} tail rows`);
    const suffixes = new Set(words.flatMap((w) => [w, w.slice(1), w.slice(2)]));
    assert.ok(suffixes.size + 1 > 254 && suffixes.size + 1 <= TRIE_LAYOUT.maxNodes, `${suffixes.size + 1} trie nodes`);

    const scanner = loadAnchorScanner(scannerTables({ keyWords: words }));
    assert.ok(scanner, 'the WebAssembly module did not load with the larger tables');
    const endsWord = (name: string) => words.some((w) => name.toLowerCase().endsWith(w));
    // Names: a word, a word after other characters, or characters that end like a word but are not one.
    const lines: string[] = [];
    let yes = 0;
    for (let n = 0; n < 20000; n++) {
      let name = '';
      for (let k = Math.floor(r() * 4); k > 0; k--) name += OTHER[Math.floor(r() * OTHER.length)];
      const pick = r();
      if (pick < 0.4) name += words[Math.floor(r() * words.length)];
      else if (pick < 0.8) name += OTHER[Math.floor(r() * OTHER.length)]! + [...pairs][Math.floor(r() * pairs.size)];
      else name += LAST[Math.floor(r() * LAST.length)];
      if (r() < 0.3) name = name.replace(/[a-z]/g, (c) => (r() < 0.5 ? c.toUpperCase() : c));
      lines.push(name);
      if (endsWord(name)) yes++;
    }
    assert.ok(yes > 5000 && yes < 15000, `${yes} of the names end in a word`);
    // (The first line is blank: the module leaves an anchor within 16 characters of the start to JavaScript.)
    const head = `${' '.repeat(20)}\n`;
    const text = head + lines.map((name) => `  ${name}=1\n`).join('');
    const exact = new Set<number>();
    const loose = new Set<number>();
    scanner.scan(text, (p, isExact) => {
      if (text[p] === '=') (isExact ? exact : loose).add(p);
    });
    let at = head.length;
    for (const name of lines) {
      const p = at + 2 + name.length;
      // The JavaScript table, and the module (whose check at `=` is the whole check: EXACT).
      assert.equal(table.endsAt(text, p - 1) || !endsWord(name), true, `JavaScript tail table: ${name}`);
      assert.equal(exact.has(p), endsWord(name), `module: ${name}`);
      assert.equal(loose.has(p), false, `module left ${name} to JavaScript`);
      at = p + 3;
    }
    // The JavaScript table alone, on both levels: a name ends like a word exactly when its last three characters do.
    for (const name of lines) {
      const last3 = name.slice(-3).toLowerCase();
      assert.equal(table.endsAt(name, name.length - 1), words.includes(last3), name);
    }
  });

  it('refuses tables larger than the module has room for, rather than loading part of them', () => {
    const many: string[] = [];
    for (let k = 0; many.length < 2000; k++) many.push(k.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!) + 'key');
    assert.throws(() => scannerTables({ keyWords: many }), /trie has \d+ nodes, more than the module's 1024/);
  });

  it('selects past 128 keyword slots and 256 keywords as keywordSelector does (anchors.wat select)', () => {
    const scanner = simdScanner();
    assert.ok(scanner, 'the WebAssembly SIMD scanner did not load on this Node');
    const r = prng(17);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const words = new Set<string>();
    while (words.size < 700) {
      let w = '';
      for (let k = 3 + Math.floor(r() * 4); k > 0; k--) w += letters[Math.floor(r() * 26)];
      words.add(w);
    }
    const list = [...words];
    const rules: LineRule[] = Array.from({ length: SELECT_LAYOUT.maxRules }, (_, k) => ({
      id: `r${k}`,
      description: '',
      keywords: list.filter((_, i) => i % SELECT_LAYOUT.maxRules === k),
      priority: 0,
      scan: () => undefined,
      samples: () => ({ truePositives: [], falsePositives: [] }),
    }));
    const slots = new Set(list.map((w) => w.slice(0, 2))).size;
    assert.ok(slots > 128 && slots <= SELECT_LAYOUT.maxSlots && list.length > 256 && list.length <= SELECT_LAYOUT.maxWords, `${slots} slots`);
    const tables = packKeywordTables(rules);
    assert.ok(tables, 'the keyword tables do not fit the module');
    const select = keywordSelector(rules);
    const lines: string[] = [];
    for (let n = 0; n < 3000; n++) {
      let line = '';
      for (let k = 1 + Math.floor(r() * 5); k > 0; k--) {
        const w = list[Math.floor(r() * list.length)]!;
        line += r() < 0.3 ? w.slice(1) : r() < 0.3 ? w.toUpperCase() : w;
        if (r() < 0.5) line += ' ';
      }
      lines.push(`${line} password=1`);
    }
    const text = lines.join('\n') + '\n';
    let checked = 0;
    let woke = 0;
    try {
      scanner.setSelector(tables);
      scanner.scan(text, (p) => {
        const from = text.lastIndexOf('\n', p) + 1;
        const to = text.indexOf('\n', p);
        const got: number[] = [];
        assert.ok(scanner.select(from, to, got), 'not selected');
        const ids = rulesOfMask(rules, got[0]!, got[1]!, got[2]!).map((x) => x.id);
        assert.deepEqual(
          ids,
          select(text, from, to).map((x) => x.id),
          JSON.stringify(text.slice(from, to)),
        );
        checked++;
        woke += ids.length;
      });
    } finally {
      // The shared scanner's next user installs its own tables again (setSelector compares them by identity).
      scanner.setSelector(packKeywordTables([])!);
    }
    assert.ok(checked >= 3000 && woke > 3000, `${checked} lines, ${woke} rules woken`);
  });
});
