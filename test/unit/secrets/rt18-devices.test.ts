// rt18mask's device and server-config leftovers, by class, in variants of our own: an NTP authentication key after
// its key number and digest (Cisco IOS/NX-OS/XR, Arista), an SNMP community in Junos `set` form and in other vendors'
// words, and an nginx/Apache variable or parameter whose name is written beyond ASCII (`set $密码 V;`). Benign
// neighbours kept byte for byte. Every value is built at run time.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x18de7;
const rs = (n: number) => rand(ALNUM, n, seed++ * 7919);
const pw = () => 'Kd' + rand('0123456789', 2, seed++ * 104729) + '.' + rs(10);

function each(name: string, cases: ((v: string) => string)[], value: () => string = () => rs(14)): void {
  cases.forEach((c, i) =>
    it(`${name} #${i + 1}`, () => {
      const v = value();
      masks(`hostname edge1\n${c(v)}\n!\n`, [v]);
    }),
  );
}

describe('NTP authentication keys after the key number and digest', () => {
  each('ntp', [
    (v) => `ntp authentication-key 1 md5 ${v}`,
    (v) => `ntp authentication-key 42 md5 ${v} 7`,
    (v) => `ntp authentication-key 3 sha1 ${v}`,
    (v) => `ntp authentication-key 7 hmac-sha2-256 ${v}`,
    (v) => `ntp authentication-key 2 md5 encrypted ${v}`,
    (v) => ` ntp authentication-key 10 md5 0 ${v}`,
  ]);
  for (const line of ['ntp authenticate', 'ntp trusted-key 1', 'ntp authentication-key 1 md5 <key>', 'ntp server 10.0.0.1 key 1'])
    it(`keeps ${line}`, () => keeps(`${line}\n`));
});

describe('SNMP communities in Junos set form and other vendors', () => {
  each(
    'community',
    [
      (v) => `set snmp community ${v} authorization read-only`,
      (v) => `set snmp community "${v}" authorization read-write`,
      (v) => `set snmp community ${v} clients 10.0.0.0/8`,
      (v) => `snmp-agent community read ${v}`,
      (v) => `snmp-agent community write cipher ${v}`,
    ],
    () => rs(10).toLowerCase(),
  );
  for (const line of [
    'set snmp community public authorization read-only',
    'set snmp location "rack 4"',
    'set snmp community <community> authorization read-only',
    'snmp-agent community read public',
  ])
    it(`keeps ${line}`, () => keeps(`${line}\n`));
});

describe('server variables and parameters named beyond ASCII', () => {
  each(
    'nginx/apache',
    [
      (v) => `    set $密码 "${v}";`,
      (v) => `    set $пароль ${v};`,
      (v) => `    set $contraseña "${v}";`,
      (v) => `    set $パスワード '${v}';`,
      (v) => `    fastcgi_param ПАРОЛЬ ${v};`,
      (v) => `SetEnv 密码 ${v}`,
    ],
    pw,
  );
  for (const line of ['    set $名字 "admin";', '    set $пароль $http_x_password;', '    set $用户 "app-user";'])
    it(`keeps ${line}`, () => keeps(`${line}\n`));
});
