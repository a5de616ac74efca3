// Vendor tokens known by their shape alone (rules/vendor-shape.ts): masked in prose, under a key that says
// nothing, in a bare list; and values that only look like secrets under a secret-named key (references,
// an age recipient, a Kubernetes Secret's user name) kept byte-identical. Tokens are built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, B64URL, HEX, j, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

const LOWER_DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
let seed = 0x5a4f00;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);

/** Each vendor's token as written, and the part that must not survive. */
const TOKENS: [string, string, string][] = [
  ['Tencent', j('AK', 'ID'), rs(ALNUM, 32)],
  ['Yandex', j('AQ', 'VN'), rs(B64URL, 36)],
  ['Dynatrace', j('dt0', 'c01.'), rs(UPPER_DIGITS, 24) + '.' + rs(UPPER_DIGITS, 64)],
  ['NuGet', j('oy', '2'), rs(LOWER_DIGITS, 43)],
  ['EasyPost', j('EZ', 'AK'), rs(ALNUM, 54)],
  ['EasyPost test', j('EZ', 'TK'), rs(ALNUM, 54)],
  ['Flutterwave', j('FLW', 'SECK-'), rs(HEX, 32) + '-X'],
  ['Flutterwave test', j('FLW', 'SECK_TEST-'), rs(HEX, 32) + '-X'],
  ['Infracost', j('ic', 'o-'), rs(ALNUM, 32)],
  ['Google refresh token', j('1/', '/0'), rs(B64URL, 99)],
  ['Azure AD client secret', '', j(rs(ALNUM, 3), '8Q', '~', rs(ALNUM + '~._-', 34))],
  ['Adafruit', j('ai', 'o_'), rs(ALNUM, 28)],
  ['JFrog', j('AK', 'Cp'), rs(ALNUM, 69)],
  ['JFrog reference', j('cmVmdGtu', 'OjAxOj'), rs(ALNUM, 50)],
  ['Square', j('EA', 'AA'), rs(B64URL, 60)],
  ['Clojars', j('CLO', 'JARS_'), rs(LOWER_DIGITS, 60)],
  ['Sourcegraph', j('sg', 'p_'), rs(HEX, 16) + '_' + rs(HEX, 40)],
  ['Airtable', j('pa', 't'), rs(ALNUM, 14) + '.' + rs(HEX, 64)],
  ['Prefect', j('pn', 'u_'), rs(ALNUM, 36)],
  // The webhook's id is public (it names the webhook); its token is the secret.
  ['Discord webhook', j('https://discord', '.com/api/webhooks/') + '1' + rs('0123456789', 17) + '/', rs(B64URL, 68)],
  ['Discord webhook (old host)', j('https://discordapp', '.com/api/webhooks/') + '2' + rs('0123456789', 17) + '/', rs(B64URL, 68)],
  ['Mailchimp', '', rs(HEX, 32) + j('-u', 's14')],
];

describe('vendor tokens known by their shape', () => {
  for (const [name, prefix, body] of TOKENS) {
    const token = prefix + body;
    for (const text of [`note 3: saw ${token} in the paste`, `  item_7: "${token}"`, token, `{"x": ["${token}"]}`]) {
      it(`masks ${name} in ${JSON.stringify(text.replace(token, '<token>'))}`, () => {
        const r = maskText(text + '\nnext line\n');
        assert.ok(!leaks(r.text, body), `${name} left visible: ${r.text.slice(0, 120)}`);
        assert.equal(r.text.split('\n').length, 3);
        assert.ok(r.text.endsWith('\nnext line\n'));
      });
    }
  }

  for (const text of [
    'x = 1//0  # ZeroDivisionError',
    'const pattern = path.join(dir, file);',
    'locale: en-us',
    'en-us-1 fr-fr-2',
    `integrity: sha512-${'A'.repeat(20)}`,
    'see https://discord.com/developers/docs/resources/webhook',
    `digest ${rand(HEX, 40, 0x5a4ff0)}-user`,
  ])
    it(`keeps ${JSON.stringify(text)}`, () => assert.equal(maskText(text).text, text));
});

describe('values under secret-named keys that are no secret', () => {
  const age = j('age', '1') + rand('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58, 0x5a4ff1);
  for (const text of [
    'db.password = ${?DB_PASSWORD}',
    'payments.stripe.key = ${?STRIPE_KEY}',
    'token = ${?TOKEN}',
    'password = %(DB_PASSWORD)s',
    '[db]\npassword = %(db_password)s\nurl = postgres://%(user)s@host',
    `# public key: ${age}`,
    `recipient: ${age}`,
    ['apiVersion: v1', 'kind: Secret', 'metadata:', '  name: repo', 'stringData:', '  username: deploy'].join('\n'),
  ])
    it(`keeps ${JSON.stringify(text)}`, () => assert.equal(maskText(text).text, text));

  it('still masks an age secret key, a Ruby %() literal and a Secret password beside the user name', () => {
    const sk = j('AGE-', 'SECRET-', 'KEY-1') + rand('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58, 0x5a4ff2);
    assert.ok(!leaks(maskText(`# secret: ${sk}`).text, sk.slice(16)));
    const pw = rand(ALNUM, 20, 0x5a4ff3);
    assert.ok(!leaks(maskText(`password = %(${pw})`).text, pw));
    const text = ['kind: Secret', 'stringData:', '  username: deploy', `  password: ${pw}`].join('\n');
    const out = maskText(text).text.split('\n');
    assert.equal(out[2], '  username: deploy');
    assert.ok(!leaks(out[3]!, pw));
  });
});
