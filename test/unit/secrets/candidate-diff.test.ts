// The masker's candidate passes against plain reading (reading.ts): the pre-scan's literal bits that gate the block
// rules, the forms' gate pass (gates.ts) and the block rules' windows (windows.ts) each let the masker skip a text or
// the lines between windows, on the promise that no rule can hit there. This suite masks texts with the passes on and
// with every one of them answered by reading the whole text, and requires the same masked text and the same
// findings: a difference is a candidate pass that skipped a place a rule hits (fix the pass, never the expectation).
// The texts: every rule's own samples, and seeded mutants that put them where a pass may miss them (spliced into long
// benign texts, past the gate pass's 1,024-character threshold; lines split at a random column or joined; blank lines,
// indentation, CRLF). A larger run of the same check over the kits and node_modules: bench/mask-diff.ts --plain.
// The check is shown to catch a broken trigger: a window whose locator finds nothing hides the rule's samples.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ALL_RULES, BLOCK_RULES, createMasker } from '../../../src/core/secrets';
import { plainly } from '../../../src/core/secrets/reading';
import { keepingSampleSeeds, prng } from '../../../src/core/secrets/samples';

const SRC = path.join(__dirname, '../../../src/core/secrets');
/** Benign lines: this module's own plumbing, lines a rule sample could come from left out (long lines, quotes of secrets). */
const BENIGN = ['masker.ts', 'windows.ts', 'blocks.ts', 'prefilter.ts', 'keywords.ts']
  .flatMap((f) => readFileSync(path.join(SRC, f), 'utf8').split('\n'))
  .filter((l) => l.length < 160);

// Read without moving the unseeded sample counter: the other test files' samples keep their values.
// Read when the tests run, not at load: rules.test.ts and others draw their samples at load, and a rule's samples
// advance its own seeds, so reading them first here would change the values those files test.
const samples = (): string[] =>
  keepingSampleSeeds(() =>
    ALL_RULES.flatMap((r) => {
      const s = r.samples();
      return [...s.truePositives.map((tp) => tp.text), ...s.falsePositives];
    }),
  );

/** `n` seeded mutants: runs of benign lines with samples (whole, or one of their lines) spliced in, then edited. */
function mutants(seed: number, n: number, samples: readonly string[]): string[] {
  const r = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const sampleLines = samples.flatMap((t) => t.split('\n')).filter((l) => l.length > 0);
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const from = Math.floor(r() * BENIGN.length);
    const lines = BENIGN.slice(from, from + 20 + Math.floor(r() * 100));
    for (let s = 0, m = 1 + Math.floor(r() * 4); s < m; s++) {
      const at = Math.floor(r() * (lines.length + 1));
      if (r() < 0.4) lines.splice(at, 0, ...pick(samples).split('\n'));
      else lines.splice(at, 0, pick(sampleLines));
    }
    for (let e = 0, m = Math.floor(r() * 4); e < m && lines.length > 0; e++) {
      const i = Math.floor(r() * lines.length);
      const l = lines[i]!;
      const kind = r();
      if (kind < 0.3) {
        const c = Math.floor(r() * (l.length + 1));
        lines.splice(i, 1, l.slice(0, c), l.slice(c));
      } else if (kind < 0.55 && i + 1 < lines.length) lines.splice(i, 2, l + pick([' ', '', '\t', ' + ']) + lines[i + 1]!);
      else if (kind < 0.75) lines.splice(i, 0, '');
      else lines[i] = pick(['  ', '\t', '# ', '// ']) + l;
    }
    const t = lines.join('\n') + (r() < 0.5 ? '\n' : '');
    out.push(r() < 0.2 ? t.replace(/\r?\n/g, '\r\n') : t);
  }
  return out;
}

const masker = createMasker();
/** The masked text and findings, as one string to compare. */
const outcome = (t: string): string => {
  const r = masker.mask(t);
  return JSON.stringify([r.text, r.findings]);
};

/** The texts among `texts` whose masking differs with the candidate passes on and under plain reading. */
function differing(texts: readonly string[]): string[] {
  return texts.filter((t) => outcome(t) !== plainly(() => outcome(t)));
}

describe('candidate passes: the same masking as plain reading', function () {
  // Thousands of texts masked twice: minutes on a loaded machine (no assertion on time).
  this.timeout(900_000);
  it("every rule's samples, alone and inside a long benign text", () => {
    // Context of ~1,500 characters each side: past the gate pass's threshold (1,024) with the sample in the middle.
    const long = BENIGN.slice(0, 24).join('\n');
    assert.ok(long.length >= 1024);
    const texts = samples().flatMap((s) => [s, `${long}\n${s}\n${long}`]);
    const bad = differing(texts);
    assert.deepEqual(
      bad.map((t) => t.slice(0, 300)),
      [],
    );
  });

  it('seeded mutants: samples spliced into benign texts, lines split and joined, blanks, indentation, CRLF', () => {
    const texts = mutants(0x43, 400, samples());
    assert.ok(texts.filter((t) => t.length >= 1024).length > 200, 'most mutants are long enough for the gate pass');
    const bad = differing(texts);
    assert.deepEqual(
      bad.map((t) => t.slice(0, 300)),
      [],
    );
  });

  it('catches a broken trigger: a window whose locator finds nothing hides its rule’s samples', () => {
    const rule = BLOCK_RULES.find((r) => r.window !== undefined)!;
    const long = BENIGN.slice(0, 40).join('\n');
    const texts = keepingSampleSeeds(() => rule.samples().truePositives.map((tp) => `${long}\n${tp.text}\n${long}`));
    assert.deepEqual(differing(texts), [], 'with the window as written');
    const window = rule.window!;
    rule.window = { ...window, locate: /(?!)/g };
    try {
      assert.ok(differing(texts).length > 0, `${rule.id}: a window that skips every line must show as a difference`);
    } finally {
      rule.window = window;
    }
  });
});
