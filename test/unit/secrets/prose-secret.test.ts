// A secret told in a sentence (rules/prose.ts): the noun, then a random value. Values are built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, B64, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0x9a05;
const t = (n = 22) => 'Xm3' + rand(ALNUM, n, seed++ * 7919);

describe('prose-secret', () => {
  it('masks the value after the noun in notes, comments and exported notes', () => {
    const cases: [string, string][] = [];
    for (const f of [
      (v: string) => `To access the VPN use the shared secret ${v} (rotate monthly).`,
      (v: string) => `# TODO: remove hardcoded key ${v}`,
      (v: string) => `// FIXME temporary token ${v}, revoke after the demo`,
      (v: string) => `The staging password ${v} works for both hosts.`,
    ]) {
      const v = t();
      cases.push([f(v), v]);
    }
    const u = 'Kp9' + rand(B64, 40, seed++ * 7919) + '=';
    cases.push([`      <String><Key>Notes</Key><Value>unseal key 2: ${u}</Value></String>`, u]);
    for (const [text, v] of cases) {
      const r = maskText(text);
      assert.ok(!leaks(r.text, v), r.text);
    }
  });
  it('keeps public keys, hashes, ids, words and references in prose', () => {
    for (const text of [
      'Add your public key AAAAC3NzaC1lZDI1NTE5AAAAIGx7b2Qm1Zr to the server.',
      'The host key SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 is pinned.',
      'Rotate the signing key 3f2a9c1e8b7d6a5f4e3d2c1b0a998877 next week.',
      'Use the cache key ComponentNameVersionTwo to bust the cache.',
      'Our api token 7d9f0c2e-1b4a-4c3d-9e8f-0a1b2c3d4e5f is an example.',
      'the secret ${SECRET_VALUE} goes here',
      'See the key id 0x4AEE18F83AFDEB23 in the keyring.',
      'the password field is required',
    ])
      assert.equal(maskText(text).text, text);
  });
});
