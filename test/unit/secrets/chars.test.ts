// The shared `\s` the pre-scan and the generic rule read by code unit must be the regexes' `\s`.
import assert from 'node:assert/strict';
import { isSpace, isWideSpace } from '../../../src/core/secrets/chars';

describe('secret checks: character classes', () => {
  it('isSpace is /\\s/ on every UTF-16 code unit, isWideSpace the same above ASCII, and neither takes NaN', () => {
    let spaces = 0;
    for (let c = 0; c < 0x10000; c++) {
      const want = /\s/.test(String.fromCharCode(c));
      assert.equal(isSpace(c), want, `U+${c.toString(16)}`);
      if (c >= 128) assert.equal(isWideSpace(c), want, `wide U+${c.toString(16)}`);
      if (want) spaces++;
    }
    assert.equal(spaces, 25);
    assert.equal(isSpace(NaN), false);
    assert.equal(isSpace(''.charCodeAt(0)), false);
  });
});
