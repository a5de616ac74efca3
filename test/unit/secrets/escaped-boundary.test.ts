// A vendor token right after an escape: URL encoding (`token%3Dghp_…` in a callback URL or a log), a backslash
// escape in a JSON or C string (`"a\nghp_…"`), `\x3D`, `\u003D`. The character before the token is a letter or
// digit of the escape, not of a longer word, so the token starts there. Tokens are built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, j, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

describe('vendor tokens after an escape', () => {
  const tokens = [j('gh', 'p_', rand(ALNUM, 36)), j('sk_', 'live_', rand(ALNUM, 24)), j('xox', 'b-', '1234567890-1234567890-', rand(ALNUM, 24))];
  for (const t of tokens)
    it(`masks ${t.slice(0, 4)}… after %3D, \\n, \\x3D and \\u003D`, () => {
      for (const text of [`GET /cb?token%3D${t}%26x%3D1`, `"msg": "line one\\n${t}"`, `s = "k\\x3D${t}"`, `{"q": "token\\u003D${t}"}`]) {
        const out = maskText(text + '\n').text;
        assert.ok(!leaks(out, t.slice(4)), `kept: ${out}`);
      }
    });
  it('keeps a token-like tail of a longer word (no escape before it)', () => {
    const text = `const xghp_${'a'.repeat(36)} = 1;\n`;
    assert.equal(maskText(text).text, text);
  });
});
