// A secret's name followed by the form its value is written in (`db_password_urlenc`, `API_KEY_HEX_UPPER`,
// `token_escaped`) still names the secret (names.ts SECRET_FORMS, also the pre-scan's key tails). Values are built
// at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { classifyName } from '../../../src/core/secrets/names';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0xf0a7;
const rs = (n: number) => rand(ALNUM, n, seed++ * 7919);
const hexOf = (s: string) => Buffer.from(s).toString('hex');

describe('names with a value-form word', () => {
  it('classifies a secret word followed by one or two form words as the secret', () => {
    for (const n of ['db_password_urlenc', 'API_KEY_HEX_UPPER', 'token_escaped', 'secretLowercase', 'PASSWORD_ENC']) assert.notEqual(classifyName(n), null, n);
    for (const n of ['font_upper', 'text_lower', 'case_escaped', 'token_url']) assert.equal(classifyName(n), null, n);
  });
  it('masks a url-encoded password and an upper-case hex key under such names', () => {
    const pw = rs(4) + '%5E' + rs(6) + '%24' + rs(5);
    for (const t of [`db_password_urlenc: "${pw}"`, `DB_PASSWORD_URLENC=${pw}`]) {
      const r = maskText(t);
      assert.ok(!leaks(r.text, pw), r.text);
    }
    const hex = hexOf(rs(32)).toUpperCase();
    const r = maskText(`API_KEY_HEX_UPPER: ${hex}\nnote: plain text value`);
    assert.ok(!leaks(r.text, hex), r.text);
    assert.ok(r.text.endsWith('\nnote: plain text value'));
  });
  it('keeps values under form words alone', () => {
    const t = 'font_upper: Helvetica\ntext_lower: hello world\nFEATURE_ENC=utf-8';
    assert.equal(maskText(t).text, t);
  });
});
