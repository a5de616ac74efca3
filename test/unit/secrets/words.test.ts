// The secret words the masker's parts share: a word one part knows and another does not is a key whose
// line the pre-scan drops before any rule sees it (the value then reaches the model).
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { FOREIGN_PASSWORD_WORDS, STRONG_WORDS, classifyName } from '../../../src/core/secrets/names';
import { candidateLines, candidateLinesReference } from '../../../src/core/secrets/prefilter';
import { genericAssignment } from '../../../src/core/secrets/rules/generic';
import { PASSWORD_CHARS, j, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

/** The forms a key and its value take in the files the masker reads. */
function forms(word: string, value: string): string[] {
  return [`${word}=${value}`, `${word.toUpperCase()} = "${value}"`, `"${word}": "${value}",`, `  db_${word}: ${value}`];
}

describe('secret words shared by the pre-scan, the names and the generic rule', () => {
  it('lets through the line of every word that names a key secret, and masks its value', () => {
    const words = new Set([...STRONG_WORDS, ...FOREIGN_PASSWORD_WORDS, ...genericAssignment.keywords.filter((w) => /^[a-z]+$/.test(w))]);
    const missed: string[] = [];
    for (const word of words) {
      if (classifyName(word) === null) continue;
      for (const line of forms(word, j(rand(PASSWORD_CHARS, 8), '4x', rand(PASSWORD_CHARS, 10)))) {
        const text = `a = 1\n${line}\nb = 2\n`;
        // The line (by its start offset) must be a candidate, by the fast path and by the defining regexes alike.
        const at = text.indexOf(line);
        if (!candidateLines(text).includes(at) || !candidateLinesReference(text).includes(at)) missed.push(`pre-scan drops: ${line}`);
      }
    }
    assert.deepEqual(missed, []);
  });

  it('masks a password under each foreign word, in each form', () => {
    const kept: string[] = [];
    for (const word of FOREIGN_PASSWORD_WORDS) {
      assert.ok(genericAssignment.keywords.includes(word), `the generic rule reads ${word}`);
      assert.equal(classifyName(word), 'strong', `${word} names a key strong`);
      for (const v of [j(rand(PASSWORD_CHARS, 6), '7q', rand(PASSWORD_CHARS, 10))])
        for (const line of forms(word, v)) {
          const out = maskText(`${line}\n`).text;
          if (leaks(out, v)) kept.push(out);
        }
    }
    assert.deepEqual(kept, []);
  });
});
