// An AWS secret access key alone in a list or structure beside its access key id. Every key is built at run time.
import { B64, j, rand, UPPER_B32 } from '../../../src/core/secrets/samples';
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { masks } from './helpers';

/** Every line but the key id's (its own rule masks it) stays byte-identical. */
function keepsBesideId(t: string): void {
  const a = t.split('\n');
  const b = maskText(t).text.split('\n');
  a.forEach((l, n) => {
    if (!/AKIA|ASIA/.test(l)) assert.equal(b[n], l);
  });
}

let seed = 0x31f0;
const id = () => j('AK', 'IA', rand(UPPER_B32, 16, seed++ * 7919));
const tmpId = () => j('AS', 'IA', rand(UPPER_B32, 16, seed++ * 7919));
const secret = () => rand(B64, 37, seed++ * 7919) + 'aQ7';

describe('aws-key-lists: a bare secret access key beside its key id', () => {
  const forms: [string, (i: string, k: string) => string][] = [
    ['YAML list', (i, k) => `aws:\n  - ${i}\n  - ${k}\n`],
    ['YAML list, quoted', (i, k) => `creds:\n  - "${i}"\n  - "${k}"\n`],
    ['YAML list, secret first', (i, k) => `creds:\n  - '${k}'\n  - '${i}'\n`],
    ['JSON array over lines', (i, k) => `[\n  "${i}",\n  "${k}"\n]\n`],
    ['JSON nested array', (i, k) => `{"pairs": [\n  ["${i}",\n   "${k}"]\n]}\n`],
    ['Python tuple', (i, k) => `CREDS = (\n    "${i}",\n    "${k}",\n)\n`],
    ['Go slice', (i, k) => `var creds = []string{\n\t"${i}",\n\t"${k}",\n}\n`],
    ['YAML flow sequence', (i, k) => `pair: [${i},\n  ${k}]\n`],
    ['a blank line between', (i, k) => `- ${i}\n\n- ${k}\n`],
    ['a comment between', (i, k) => `- ${i}\n# the secret\n- ${k}\n`],
    ['TOML array', (i, k) => `keys = [\n  "${i}",\n  "${k}",\n]\n`],
    ['Ruby array', (i, k) => `KEYS = [\n  '${i}',\n  '${k}'\n].freeze\n`],
    ['CSV row over lines', (i, k) => `user,${i}\n,${k}\n`],
    ['markdown list', (i, k) => `* ${i}\n* ${k}\n`],
    ['shell array', (i, k) => `CREDS=(\n  ${i}\n  ${k}\n)\n`],
    ['JS array of arrays', (i, k) => `const pairs = [\n  [\n    '${i}',\n    '${k}',\n  ],\n];\n`],
    ['HCL list', (i, k) => `keys = [\n  "${i}",\n  "${k}"\n]\n`],
    ['PHP array', (i, k) => `$keys = [\n  '${i}',\n  '${k}',\n];\n`],
    ['INI continuation', (i, k) => `pair =\n  ${i}\n  ${k}\n`],
  ];
  for (const [name, form] of forms) {
    it(`masks ${name}`, () => {
      const [i, k] = [id(), secret()];
      masks(form(i, k), [k, i]);
    });
  }
  it('masks a secret beside a temporary (ASIA) key id when the text holds an AKIA id too', () => {
    const [i, k] = [tmpId(), secret()];
    const other = id();
    masks(`- ${other}\n\n\n\n\n\n- ${i}\n- ${k}\n`, [k, i, other]);
  });
});

describe('aws-key-lists: what is not a secret access key stays', () => {
  const benign = () => [
    `- ${id()}\n- ${'0123456789abcdef'.repeat(2)}01234567\n`,
    `- ${j('AKIA', 'IOSFODNN7', 'EXAMPLE')}\n- ${j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')}\n`,
    `keys:\n  - ${id()}\n  - name: deploy\n    created: 2024-01-01\n`,
    `- ${id()}\n- ${'a'.repeat(40)}\n`,
    `- ${id()}\n- ${'abcdefghijklmnopqrstuvwxyzabcdefghijklmn'}\n`,
    `- ${id()}\n- ${'src/components/Header/HeaderMenuItems01'}\n`,
    `- ${id()}\n- ${'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMN'}\n`,
    `- ${id()}\n- ${'0123456789012345678901234567890123456789'}\n`,
    `- ${id()}\n- short\n- also-short\n`,
    `commit ${'0123456789abcdef'.repeat(2)}01234567\n- ${id()}\n`,
  ];
  for (const [n, t] of benign().entries()) it(`keeps case ${n}`, () => keepsBesideId(t));
});
