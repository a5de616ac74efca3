// The Kubernetes Secret block rule wakes on `kind:` and finds `kind: Secret` lines without a multiline
// regex over the whole file; it must agree with that regex everywhere `^` and `$` can see a line.
import assert from 'node:assert/strict';
import { hasSecretKind, kubernetesSecret, privateKeyBlock } from '../../../src/core/secrets/blocks';
import { prng } from '../../../src/core/secrets/samples';

// `kind: Secret` as a line's key: indented, or a list item's first key (a `kind: List`'s items).
const KIND_SECRET = /^[ \t]*(?:-[ \t]+)?kind:[ \t]*["']?Secret["']?[ \t]*(?:#.*)?\r?$/m;

describe('kubernetes Secret detection', () => {
  it('agrees with the multiline regex on line starts after \\n, \\r, U+2028, U+2029 and mid-line', () => {
    const cases = [
      'kind: Secret',
      'x\nkind: Secret\n',
      'x\rkind: Secret',
      'x\u2028kind: Secret',
      'x\u2029kind: "Secret" # a',
      'x kind: Secret',
      'kind: Secrets',
      'kind:Secret\r\n',
      "kind:\t'Secret'\t",
      'kind: SecretX',
      'apiVersion: v1\nkind: ConfigMap\n',
      'kind: Secret\u2028',
      'akind: Secret',
      'kind: kind: Secret',
      'kind:\nkind: Secret',
      '',
      'kind:',
      '  kind: Secret',
      '- kind: Secret',
      '  -  kind: Secret\r\n',
      '-kind: Secret',
      'x\n  - kind: Secret',
      '\t- \tkind: Secret',
      '- - kind: Secret',
    ];
    for (const c of cases) assert.equal(hasSecretKind(c), KIND_SECRET.test(c), JSON.stringify(c));
  });

  it('agrees with the multiline regex on 3,000 seeded mixes', () => {
    const parts = ['kind:', ' ', '\t', 'Secret', '"', "'", '#', 'x', '\n', '\r', '\r\n', '\u2028', 'kind: Secret', 'apiVersion: v1', '- ', '-'];
    const r = prng(5);
    let yes = 0;
    for (let k = 0; k < 3000; k++) {
      let t = '';
      for (let i = 0, n = 1 + Math.floor(r() * 12); i < n; i++) t += parts[Math.floor(r() * parts.length)];
      const want = KIND_SECRET.test(t);
      assert.equal(hasSecretKind(t), want, JSON.stringify(t));
      if (want) yes++;
    }
    assert.ok(yes > 100, `too few positive mixes (${yes})`);
  });

  it('is gated on a literal every Secret manifest holds', () => {
    assert.ok('apiVersion: v1\nkind: Secret\n'.includes(kubernetesSecret.gate));
    assert.ok(!'const clientSecret = getSecret();'.includes(kubernetesSecret.gate));
  });
});

describe('private key block gate', () => {
  it('is a literal every block marker holds, so a gated-out text has no block', () => {
    for (const tp of privateKeyBlock.samples().truePositives) assert.ok(tp.text.includes(privateKeyBlock.gate), tp.text.slice(0, 60));
    assert.ok(('-----BEGIN OPENSSH ' + 'PRIVATE KEY-----').includes(privateKeyBlock.gate));
    assert.ok(!'const begin = "BEGIN";'.includes(privateKeyBlock.gate));
  });
});
