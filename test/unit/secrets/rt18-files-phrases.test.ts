// rt18mask's leftovers where neither a key nor a vendor shape names the secret, by class, in variants of our own:
// OpenVPN's two-line auth-user-pass file named for the VPN anywhere in the tree (`network/openvpn-auth.txt`); a
// wallet's seed phrase under a mnemonic/seed name, unquoted, its words not all on the BIP-39 list; and a password
// told in chat prose with words between (`the password for the guest wifi is V`) or written as lower-case groups
// (`rkmd-kcpz-pypr`). Benign neighbours kept byte for byte. Every value is built at run time.
import assert from 'node:assert/strict';
import { maskByPath, maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, leaks, masks } from './helpers';

let seed = 0x18f1;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
const pw = () => 'Zx' + rs('0123456789', 3) + '!' + rs(ALNUM, 9);
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

function byPath(path: string, text: string): string {
  return maskByPath(path, text, maskText(text)).text;
}

describe("OpenVPN's auth-user-pass file named for the VPN", () => {
  for (const path of [
    'network/openvpn-auth.txt',
    'ops/vpn_creds.txt',
    'home/.config/nordvpn-login.txt',
    'conf/office-vpn.pass',
    'client.ovpn.auth',
    'etc/openvpn-credentials',
  ])
    it(`masks line 2 of ${path}`, () => {
      const p = pw();
      const out = byPath(path, `vpnuser\n${p}\n`);
      assert.ok(!leaks(out, p), out);
      assert.equal(out.split('\n')[0], 'vpnuser');
    });
  for (const [path, text] of [
    ['network/openvpn-client.conf', 'client\ndev tun\nremote vpn.acme.io 1194\n'],
    ['docs/vpn-auth.md', 'user\nUse the company SSO.\n'],
    ['network/openvpn-auth.txt', 'first line of notes\nsecond line of notes\nthird line\n'],
  ])
    it(`keeps ${path}`, () => assert.equal(byPath(path, text), text));
});

describe('a seed phrase under a mnemonic or seed name, unquoted', () => {
  const words = () =>
    Array.from(
      { length: 12 },
      () =>
        ['eager', 'absorb', 'unveil', 'lumber', 'tennis', 'zebra', 'kettle', 'jungle', 'acid', 'orbit', 'quartz', 'salad', 'wagon', 'vivid'][
          Number(rs('0123456789', 2)) % 14
        ]!,
    ).join(' ');
  const cases: ((v: string) => string)[] = [
    (v) => `key_id: projects/acme/keys/db\nMNEMONIC: ${v}\nlevel: info\n`,
    (v) => `[wallet]\nseed_phrase = ${v}\n`,
    (v) => `export WALLET_MNEMONIC=${v}\n`,
    (v) => `recovery_phrase: ${v}  # cold wallet\n`,
    (v) => `  mnemonic = ${v}\n`,
  ];
  cases.forEach((c, i) =>
    it(`masks #${i + 1}`, () => {
      const v = words();
      masks(c(v), [v.split(' ').slice(0, 3).join(' '), v.split(' ').slice(-3).join(' ')]);
    }),
  );
  for (const line of [
    'MNEMONIC_WORDS: 12',
    'mnemonic: the words are kept in the safe',
    'seed: 42',
    'mnemonic_language = english',
    'seed_phrase: ${WALLET_SEED}',
  ])
    it(`keeps ${line}`, () => keeps(`${line}\n`));
});

describe('a password told in chat prose', () => {
  const grp = () => `${rs(LOWER, 4)}-${rs(LOWER, 4)}-${rs(LOWER, 4)}`;
  const cases: [(v: string) => string, () => string][] = [
    [(v) => `[09:23] bob: the password for wifi is ${v}`, grp],
    [(v) => `bob: wifi password is ${v}`, grp],
    [(v) => `[10:01] alice: the password for the guest wifi is ${v}`, pw],
    [(v) => `- the admin password is now ${v}`, pw],
    [(v) => `carol: password for the staging db was ${v} until today`, grp],
  ];
  cases.forEach(([c, value], i) =>
    it(`masks #${i + 1}`, () => {
      const v = value();
      masks(`${c(v)}\n`, [v]);
    }),
  );
  for (const line of [
    '[09:23] carol: the password is auto-generated',
    'bob: the password for wifi is on the fridge',
    'the password for the guest wifi is written-on-the-board',
    'the password is read-only for you',
    "alice: the password for prod is in 1Password, don't paste it",
    'the password is not-yet-set',
  ])
    it(`keeps ${line}`, () => keeps(`${line}\n`));
});
