// Secret names the blind red team rt18mask found unread: a pre-shared key by its short name (`WIFI_PSK`, `psk`) and a
// key pair's private half named after the key (`MJ_APIKEY_PRIVATE`), in web.config, .properties and code.
import { ALNUM, j, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x5e18;
const hex = (n: number) => rand('0123456789abcdef', n, seed++ * 7919);
const pw = () => j(rand(ALNUM, 8, seed++ * 104729), '-', rand(ALNUM, 6, seed++ * 1299709));

describe('psk and <key>_PRIVATE names', () => {
  const cases: [string, (v: string) => string, () => string][] = [
    ['web.config PSK', (v) => `<add key="WIFI_PSK" value="${v}" />`, pw],
    ['env psk', (v) => `VPN_PSK=${v}`, pw],
    ['yaml psk', (v) => `  psk: "${v}"`, pw],
    ['web.config APIKEY_PRIVATE', (v) => `<add key="MJ_APIKEY_PRIVATE" value="${v}" />`, () => hex(32)],
    ['properties APIKEY_PRIVATE', (v) => `MJ_APIKEY_PRIVATE = ${v}`, () => hex(32)],
    ['python KEY_PRIVATE', (v) => `SIGNING_KEY_PRIVATE = "${v}"`, () => hex(40)],
  ];
  for (const [name, form, value] of cases)
    it(`masks ${name}`, () => {
      const v = value();
      masks(`${form(v)}\n`, [v]);
    });
  for (const line of [
    'psk_identity=client1',
    `MJ_APIKEY_PUBLIC = "${hex(32)}"`,
    '"private": true,',
    'private_key_path = "/etc/ssl/private/key.pem"',
    'use_psk = true',
    'disk_size = 100',
  ])
    it(`keeps ${line}`, () => keeps(`${line}\n`));
});
