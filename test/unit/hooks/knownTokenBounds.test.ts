// The after-hook masks the workspace's own secret values (KnownSecrets) in a tool's output: a value found inside a
// longer token masks the whole token, so no tail of it is left beside the placeholder. Threat: a 41-character
// AWS-like key whose known value was 39 characters long came back as `«secret:known-secret#1»EY`.
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { KnownSecrets } from '../../../src/core/secrets/known';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const token = (n: number) => Array.from(randomBytes(n), (b) => B64[b % 64]).join('');

describe('known secret values: the mask covers the whole token', () => {
  it('a 41-character token whose known value is its first 39 characters is masked whole', () => {
    const t = token(41);
    const k = new KnownSecrets([t.slice(0, 39)]);
    const out = k.mask(`aws_secret_access_key = ${t}\n`).text;
    assert.equal(out, 'aws_secret_access_key = «secret:known-secret#1»\n');
  });

  it('a value found in the middle of a token masks the token on both sides, and base64 padding after it', () => {
    const t = token(30);
    const k = new KnownSecrets([t.slice(4, 26)]);
    assert.equal(k.mask(`x ${t}== y`).text, 'x «secret:known-secret#1» y');
    assert.equal(k.mask(`"${t}",\n`).text, '"«secret:known-secret#1»",\n');
    assert.equal(k.mask(`KEY=${t}`).text, 'KEY=«secret:known-secret#1»');
    assert.equal(k.mask(`path/${t}/more`).text, '«secret:known-secret#1»', 'a path made of token characters is one token');
  });

  it('text around a value that ends at a word boundary is unchanged', () => {
    const t = token(32);
    const k = new KnownSecrets([t]);
    assert.equal(k.mask(`token: ${t} (expires)\n`).text, 'token: «secret:known-secret#1» (expires)\n');
    assert.equal(k.mask(`[${t}]`).text, '[«secret:known-secret#1»]');
    // A placeholder already there is not swallowed.
    assert.equal(k.mask(`«secret:aws#1»${t}`).text, '«secret:aws#1»«secret:known-secret#1»');
  });
});
