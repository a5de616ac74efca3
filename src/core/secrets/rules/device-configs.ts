// device-configs: secrets in network devices' configurations, which write a secret after a keyword and a blank:
// Cisco IOS (`username admin password 0 V`, `enable secret 5 $1$…`, a line's `password 7 0822455D0A16`,
// `snmp-server community V RO`, `tacacs-server key V`, `radius-server key V`, `key 7 …`, `key-string V`,
// `ip ospf message-digest-key 1 md5 V`, `neighbor X password V`), Juniper (`secret "$9$…";`,
// `encrypted-password "…";`, `authentication-key "…";`), IKE (`pre-shared-key V`, `crypto isakmp key V address …`),
// FortiOS (`set psksecret V`, `set passwd V`). A type-5/8/9 hash or a type-7 "encrypted" password is masked too
// (type 7 is reversible; hashes are masked on purpose, as elsewhere).
// Threat: found by a blind red team; each line was shown to the model verbatim.
// Cost: every form is gated by literals found in the gates' one pass, and reads only the lines holding one.
import { isPlaceholder, isReference } from '../entropy';
import { HEX, rand } from '../samples';
import { registerGates } from './gates';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'device-config';

/** A device's secret: anything but a reference, a placeholder or a well-known default community. */
const deviceSecret = (v: string): boolean =>
  v.length >= 4 && !isReference(v) && !isPlaceholder(v) && !/^<.*>$/.test(v) && !/^(?:public|private|\*+|x+|\.\.\.)$/i.test(v);

const FORMS: Form[] = [
  // `username NAME [privilege N] [algorithm-type T] password|secret [TYPE] V`
  {
    gates: ['username '],
    line: true,
    re: /^[ \t]*username[ \t]+\S+(?:[ \t]+(?:privilege[ \t]+\d+|algorithm-type[ \t]+\S+|role[ \t]+\S+|view[ \t]+\S+|nopassword|autocommand[ \t]+\S+))*[ \t]+(?:password|secret)[ \t]+(?:[0-9][ \t]+)?(\S+)/dgm,
    groups: [1],
    judge: deviceSecret,
  },
  // `enable secret 5 $1$…`, `enable password V`; a line's `password 7 HEX` / `password V` alone (line vty, console)
  {
    gates: ['enable ', 'password '],
    line: true,
    re: /^[ \t]*(?:enable[ \t]+)?(?:secret|password)[ \t]+(?:level[ \t]+\d+[ \t]+)?(?:[0-9][ \t]+)?([^\s"']+)[ \t]*\r?$/dgm,
    groups: [1],
    judge: (v, m) => deviceSecret(v) && (/\d/.test(v) || /^[ \t]*enable/.test(m[0]) || /[ \t][0-9][ \t]/.test(m[0])),
  },
  // `snmp-server community V [view X] RO|RW [acl]`; Junos `set snmp community V …`; Huawei/H3C `snmp-agent community read|write [cipher] V`
  {
    gates: ['snmp-server community', 'community '],
    line: true,
    re: /(?:\bsnmp-server[ \t]+community|^[ \t]*set[ \t]+snmp[ \t]+community|\bsnmp-agent[ \t]+community[ \t]+(?:read|write)(?:[ \t]+(?:cipher|simple))?)[ \t]+("?)([^\s";]+)\1/dgm,
    groups: [2],
    judge: deviceSecret,
  },
  // `tacacs-server [host H] key [TYPE] V`, `radius-server key V`, `key 7 HEX` under a server block, `key-string [7] V`
  {
    gates: ['-server', 'key 7', 'key 0', 'key 6', 'key-string', 'server-key'],
    line: true,
    re: /(?:\b(?:tacacs-server|radius-server)[ \t]+(?:host[ \t]+\S+[ \t]+(?:\S+[ \t]+)*?)?key|^[ \t]*(?:key|server-key)(?=[ \t]+[0-9][ \t])|^[ \t]*key-string)[ \t]+(?:[0-9][ \t]+)?(\S+)/dgm,
    groups: [1],
    judge: deviceSecret,
  },
  // OSPF / BGP / HSRP authentication keys
  {
    gates: ['message-digest-key', 'authentication-key', 'neighbor ', 'authentication text', 'authentication md5'],
    line: true,
    re: /\b(?:message-digest-key[ \t]+\d+[ \t]+md5|ntp[ \t]+authentication-key[ \t]+\d+[ \t]+(?:md5|sha\d*|hmac-sha[\w-]*|cmac-aes-128|aes-128-cmac)(?:[ \t]+encrypted)?|authentication-key|authentication[ \t]+(?:text|md5[ \t]+key-string)|neighbor[ \t]+\S+[ \t]+password)[ \t]+(?:[0-9][ \t]+)?("?)([^\s";]+)\1/dg,
    groups: [2],
    judge: deviceSecret,
  },
  // Juniper: `secret "$9$…";` (its configs hold secrets "encrypted" as $9$ or hashed as $1$/$5$/$6$: plain BIND `secret "x"` is secret-by-directive's), `encrypted-password "…";`, `pre-shared-key ascii-text "…";`
  {
    gates: ['secret "', 'encrypted-password', 'ascii-text', 'hexadecimal "', 'simple-password', 'authentication-key'],
    line: true,
    re: /\b(?:secret|encrypted-password|ascii-text|hexadecimal|simple-password|authentication-key)[ \t]+"(\$[0-9a-z]{1,2}\$[^"\n]{4,})"/dg,
    groups: [1],
    judge: deviceSecret,
  },
  // IKE: `pre-shared-key V`, `pre-shared-key address A key V`, `crypto isakmp key [TYPE] V address|hostname …`, FortiOS
  {
    gates: ['pre-shared-key', 'isakmp key', 'psksecret', 'set passwd', 'set password'],
    line: true,
    re: /(?:\bpre-shared-key[ \t]+(?:(?:local|remote|address[ \t]+\S+(?:[ \t]+\S+)?[ \t]+key|ascii-text|hex)[ \t]+)?(?:[0-9][ \t]+)?|\bcrypto[ \t]+isakmp[ \t]+key[ \t]+(?:[0-9][ \t]+)?|^[ \t]*set[ \t]+(?:psksecret|passwd|password)[ \t]+(?:ENC[ \t]+)?)("?)([^\s";]+)\1/dgm,
    groups: [2],
    judge: deviceSecret,
  },
];
registerGates(formLiterals(FORMS));

export const deviceConfig: BlockRule = {
  id: RULE,
  description:
    'Network device configurations: Cisco username/enable/line passwords, SNMP communities, TACACS+/RADIUS keys, routing keys, Juniper secrets, IKE pre-shared keys',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0x34b100;
    const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
    const p = Array.from({ length: 8 }, () => 'Rt' + rs('abcdefghjkmnpqrstuvwxyz23456789', 10) + '9');
    const t7 = rs(HEX.toUpperCase(), 12);
    return {
      truePositives: [
        { text: `username admin privilege 15 password 0 ${p[0]}`, secrets: [p[0]!] },
        { text: ` password 7 ${t7}`, secrets: [t7] },
        { text: `snmp-server community ${p[1]} RO`, secrets: [p[1]!] },
        { text: `tacacs-server key ${p[2]}`, secrets: [p[2]!] },
        { text: `crypto isakmp key ${p[3]} address 203.0.113.5`, secrets: [p[3]!] },
        { text: `    secret "$9$${p[4]}"; ## SECRET-DATA`, secrets: [p[4]!] },
        { text: `ntp authentication-key 1 md5 ${p[6]} 7`, secrets: [p[6]!] },
        { text: `set snmp community ${p[7]} authorization read-only`, secrets: [p[7]!] },
      ],
      falsePositives: [
        'username admin privilege 15',
        ' enable secret',
        'snmp-server community public RO',
        'set snmp community public authorization read-only',
        'ntp authentication-key 1 md5 <key>',
        ' key chain OSPF',
        'service password-encryption',
        'password required',
      ],
    };
  },
};
