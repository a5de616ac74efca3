// Secrets one literal form away (forms.cases.ts): encoded (unpadded base64, hex, hex dumps), built in code
// (character codes, byte arrays, escaped strings, joined literals, decoders) and told in prose or names
// (other languages, homoglyph keys, Windows commands, compound names, URL passwords holding `@`,
// `user / password`). Every secret case is masked with no 8-char window of its secret left and the line
// count kept; every look-alike (digests, UUIDs, base64 and hex of plain text, character codes of words,
// prose in other languages) stays byte-identical.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { codeCases, encodedCases, proseCases } from './forms.cases';
import { leaks, linesOf } from './helpers';

for (const [name, make] of [
  ['encoded tokens (base64 without padding, hex, hex dumps)', encodedCases],
  ['tokens assembled in code', codeCases],
  ['passwords in prose and names', proseCases],
] as const) {
  describe(`secret forms: ${name}`, () => {
    const { secret, benign } = make();
    it(`masks each of ${secret.length} secret variants`, () => {
      const problems: string[] = [];
      for (const c of secret) {
        const out = maskText(c.text).text;
        if (linesOf(out).length !== linesOf(c.text).length) problems.push(`line count changed: ${JSON.stringify(c.text).slice(0, 120)}`);
        else if (out === c.text) problems.push(`not masked: ${JSON.stringify(c.text).slice(0, 120)}`);
        else for (const s of c.secrets) if (leaks(out, s)) problems.push(`leaks ${s.slice(0, 6)}…: ${JSON.stringify(out).slice(0, 120)}`);
      }
      assert.deepEqual(problems, []);
    });
    it(`keeps each of ${benign.length} look-alikes byte-identical`, () => {
      const changed = benign.filter((c) => maskText(c.text).text !== c.text).map((c) => JSON.stringify(c.text).slice(0, 120));
      assert.deepEqual(changed, []);
    });
  });
}
