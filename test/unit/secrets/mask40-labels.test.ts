// Blind red team's over-masks (session 39): interface labels and i18n strings under secret-named keys. Two words
// and a slot are a label (`OTP code`, `API key:`, `Token (v2)`, `Password: %{password}`, `¿Olvidaste tu
// contraseña?`), and a string that ends in a colon (`"Password:"`) is no key whose quote opens a value running over
// the lines below. Each such line comes back byte for byte; passwords of two words with a number or a random run
// beside a label word are still masked. Every secret value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { isUiLabel } from '../../../src/core/secrets/entropy';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0x40b0;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);

function keeps(text: string): void {
  const out = maskText(text).text;
  const a = text.split('\n');
  const b = out.split('\n');
  a.forEach((l, i) => assert.equal(b[i], l, `line ${i + 1} changed: ${JSON.stringify(b[i])}`));
}

const LABELS = [
  'OTP code',
  '2FA code',
  'API key:',
  'Token (v2)',
  'Password: %{password}',
  'Your token: {{token}}',
  'Key: value',
  'Passwort vergessen?',
  '¿Olvidaste tu contraseña?',
  'PIN (4 digits)',
  'Secret key*',
  'MD5 key',
];

describe('mask40: interface labels are not secrets', () => {
  it('labels of a few words under secret-named keys, in JSON', () =>
    keeps(
      '{\n' +
        LABELS.map((l, i) => `  "${['password', 'token', 'apiKey', 'secretKey'][i % 4]}_${i}": ${JSON.stringify(l)}`).join(',\n') +
        ',\n  "password": "OTP code"\n}\n',
    ));
  it('the same in a YAML locale file', () =>
    keeps('en:\n' + LABELS.map((l, i) => `  ${['password', 'token', 'api_key', 'secret'][i % 4]}: ${JSON.stringify(l)}`).join('\n') + '\n'));
  it('a string ending in a colon opens no value over the next lines', () =>
    keeps(
      ['en:', '  password_reset_sent: "Password:"', '  secretKey_13: "Enter password"', "  token_label: 'Token:'", '  password_hint: "Your password"', ''].join(
        '\n',
      ),
    ));
  it('passwords beside label words are still masked', () => {
    const r = [rs(ALNUM, 10), rs(ALNUM, 12)];
    const values = ['Secret 2024!', `Token ${r[0]}9`, 'Key hunter2x', `Passwort ${r[1]}`, 'Key K8sQ'];
    const text = values.map((v, i) => `${['password', 'token', 'api_key', 'password'][i % 4]}: "${v}"`).join('\n') + '\n';
    const out = maskText(text).text;
    for (const v of values) assert.ok(!out.includes(v), `left visible ${v}: ${out}`);
    assert.ok(!leaks(out, r[1]!));
  });
  it('isUiLabel: the words decide', () => {
    for (const l of LABELS) assert.ok(isUiLabel(l), l);
    for (const v of ['Secret 2024!', 'Token abc123XYZ987', 'Zq8 Wv3 Password', 'Key K8sQ', 'Password', 'hunter two', 'Error 401']) assert.ok(!isUiLabel(v), v);
  });
  it('JSON and dict values right after the colon are still read', () => {
    const k = rs(ALNUM, 14) + '7q';
    const out = maskText(`{"password":"${k}"}\nx = {'token':'${k}'}\npassword:'${k}'\n`).text;
    assert.ok(!leaks(out, k), out);
  });
});
