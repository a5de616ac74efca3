// Block rules with a window (types.ts BlockWindow, windows.ts): the masker runs such a rule only on the lines
// around its locator's matches. The promise is the rule's; this suite checks it for every catalog rule that
// makes it (its windowed scan gives exactly its whole-text hits and protected lines on its samples and on
// seeded mixes of every rule's true-positive samples among benign lines), and checks the mechanism itself on
// rules written here: hits and protected lines come back on the text's own line numbers, a window too small
// for a multi-line rule is caught by the same comparison, and the text between windows is not read.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ALL_RULES, BLOCK_RULES } from '../../../src/core/secrets';
import { prng } from '../../../src/core/secrets/samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../../../src/core/secrets/types';
import { scanBlock, windowsOf } from '../../../src/core/secrets/windows';

function lineIndex(text: string): LineIndex {
  const a = [0];
  for (let i = text.indexOf('\n'); i >= 0 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) a.push(i + 1);
  return { starts: () => a };
}

/** The rule's hits (by line, sorted) and protected lines on `text`: windowed (as the masker runs it) or whole. */
function outcome(rule: BlockRule, text: string, windowed: boolean, protect: number[] = []): string {
  const out: BlockOutput = { hits: new Map(), protect: new Set(protect) };
  const has = rule.literals !== undefined ? (l: string) => text.includes(l) : undefined;
  scanBlock(windowed ? rule : { ...rule, window: undefined }, text, lineIndex(text), out, has);
  const hits = [...out.hits]
    .filter(([, h]) => h.length > 0)
    .sort((x, y) => x[0] - y[0])
    .map(([li, h]: [number, Hit[]]) => [li, h.map((x) => `${x.rule}:${x.start}-${x.end}:${x.priority}`).sort()]);
  return JSON.stringify({ hits, protect: [...out.protect].sort((x, y) => x - y) });
}

// Benign lines: this repository's own masking code, without the lines any rule's samples could come from.
const BENIGN = ['masker.ts', 'windows.ts', 'blocks.ts']
  .flatMap((f) => readFileSync(path.join(__dirname, '../../../src/core/secrets', f), 'utf8').split('\n'))
  .filter((l) => l.length < 200);
const SAMPLES = ALL_RULES.flatMap((r) => r.samples().truePositives.map((tp) => tp.text));

/** `n` seeded texts: benign lines with a rule sample in about one line of `every`. */
function mixes(seed: number, n: number, samples: readonly string[], every = 20): string[] {
  const r = prng(seed);
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const lines: string[] = [];
    for (let i = 0, len = 20 + Math.floor(r() * 120); i < len; i++)
      lines.push(r() * every < 1 ? samples[Math.floor(r() * samples.length)]! : BENIGN[Math.floor(r() * BENIGN.length)]!);
    out.push(lines.join(r() < 0.2 ? '\r\n' : '\n') + (r() < 0.5 ? '\n' : ''));
  }
  return out;
}

describe('block rule windows: a windowed scan finds what the whole-text scan finds', () => {
  for (const rule of BLOCK_RULES.filter((r) => r.window !== undefined)) {
    it(`${rule.id}: its samples and seeded mixes of every rule's samples`, () => {
      const s = rule.samples();
      const texts = [...s.truePositives.map((tp) => tp.text), ...s.falsePositives, ...mixes(0x16, 150, SAMPLES), ...mixes(0x17, 50, SAMPLES, 4)];
      for (const t of texts) assert.equal(outcome(rule, t, true), outcome(rule, t, false), `${rule.id} on ${JSON.stringify(t.slice(0, 200))}`);
    });
  }

  // Rules written here, for the mechanism itself.
  const TOKEN = /\btok_[a-z0-9]{8}\b/g;
  let read = 0;
  /** One line at a time: `tok_…` words, except on protected lines. */
  const lineLocal: BlockRule = {
    id: 'test-line-local',
    description: 'tok_ words',
    gate: '',
    window: { locate: /tok_/g, before: 0, after: 0 },
    scan(text: string, index: LineIndex, out: BlockOutput): void {
      read += text.length;
      const starts = index.starts();
      TOKEN.lastIndex = 0;
      for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
        let li = 0;
        while (li + 1 < starts.length && starts[li + 1]! <= m.index) li++;
        if (out.protect.has(li)) continue;
        const h = { start: m.index - starts[li]!, end: m.index - starts[li]! + m[0].length, rule: 'test-line-local', priority: 1 };
        const cur = out.hits.get(li);
        if (cur === undefined) out.hits.set(li, [h]);
        else cur.push(h);
      }
    },
    samples: () => ({ truePositives: [], falsePositives: [] }),
  };
  /** Every line from a `<<BEGIN` line to the next `END>>` line, protected. */
  const block = (after: number): BlockRule => ({
    id: 'test-block',
    description: 'BEGIN…END blocks',
    gate: '',
    window: { locate: /<<BEGIN/g, before: 0, after },
    scan(text: string, index: LineIndex, out: BlockOutput): void {
      const starts = index.starts();
      let open = -1;
      for (let li = 0; li < starts.length; li++) {
        const line = text.slice(starts[li]!, li + 1 < starts.length ? starts[li + 1]! - 1 : text.length);
        if (line.includes('<<BEGIN')) open = li;
        else if (open >= 0 && line.includes('END>>')) {
          for (let k = open; k <= li; k++) out.protect.add(k);
          out.hits.set(open + 1, [{ start: 0, end: 1, rule: 'test-block', priority: 1 }]);
          open = -1;
        }
      }
    },
    samples: () => ({ truePositives: [], falsePositives: [] }),
  });
  const tokenSamples = Array.from({ length: 12 }, (_, i) => `  const t${i} = "tok_${'abcdef0123456789'.slice(i % 8, (i % 8) + 8)}"; tok_zz`);

  it('hits come back on the text line they were found on, in texts of every shape', () => {
    for (const t of [
      ...mixes(0x21, 200, tokenSamples),
      ...mixes(0x22, 50, tokenSamples, 3),
      'tok_abcdefgh',
      'x\ntok_abcdefgh\n',
      '\n\ntok_abcdefgh tok_12345678',
    ]) {
      const whole = outcome(lineLocal, t, false);
      assert.equal(outcome(lineLocal, t, true), whole, JSON.stringify(t.slice(0, 200)));
    }
    assert.match(outcome(lineLocal, 'a\nb\n  tok_abcdefgh\n', true), /\[\[2,\["test-line-local:2-14:1"\]\]\]/);
  });

  it('protected lines: a window sees those already protected, and its own come back on the text line', () => {
    const t = ['x', 'tok_abcdefgh', 'y', 'tok_12345678', 'z', 'tok_87654321'].join('\n');
    assert.equal(outcome(lineLocal, t, true, [3]), outcome(lineLocal, t, false, [3]));
    assert.doesNotMatch(outcome(lineLocal, t, true, [3]), /\[3,/);
    const b = ['a', '<<BEGIN', 'body', 'END>>', 'c'].join('\n');
    assert.equal(outcome(block(4), b, true), outcome(block(4), b, false));
    assert.match(outcome(block(4), b, true), /"protect":\[1,2,3\]/);
  });

  it('a window too small for a multi-line rule is caught by the comparison the catalog rules go through', () => {
    const t = ['a', '<<BEGIN', 'one', 'two', 'three', 'END>>', 'c'].join('\n');
    assert.equal(outcome(block(5), t, true), outcome(block(5), t, false));
    assert.notEqual(outcome(block(2), t, true), outcome(block(2), t, false));
  });

  it('the text between windows is not read, and windows that touch are read as one', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `const line${i} = compute(${i});`);
    lines[10] = 'tok_abcdefgh';
    lines[11] = 'tok_12345678';
    lines[900] = 'tok_87654321';
    const t = lines.join('\n');
    read = 0;
    outcome(lineLocal, t, true);
    assert.equal(read, lines[10]!.length + 1 + lines[11]!.length + lines[900]!.length);
    const starts = lineIndex(t).starts();
    assert.deepEqual(windowsOf(t, starts, { locate: /tok_/g, before: 1, after: 2 }), [
      [9, 13],
      [899, 902],
    ]);
  });
});
