// key-file-secret: secrets in key files and settings whose name or shape no other rule reads:
// - minisign and signify secret keys: `untrusted comment: minisign encrypted secret key` (or `signify secret key`,
//   rsign's) and the base64 line under it (a public key's line stays);
// - a Bitcoin private key in wallet import format (WIF: `5` + `H`/`J`/`K` and 49 base58 characters, or `K`/`L` and
//   51), in a text that speaks of wallets, WIF or private keys;
// - SonarQube's `sonar.login=T` (the token, in the login property older scanners read; a user name stays).
// Threat: found by a blind red team: each reached the model verbatim.
// How: forms gated by their literals (the gates' one pass): a text without them costs nothing more.
import { isPlaceholder, isReference, randomPartOk } from '../entropy';
import { base58check, base58checkEncode } from './shapes-more';
import { B64, HEX, j, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'key-file-secret';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const B58C = '1-9A-HJ-NP-Za-km-z';

const FORMS: Form[] = [
  {
    gates: ['untrusted comment:'],
    re: /untrusted comment:[^\r\n]*\bsecret key\b[^\r\n]*\r?\n[ \t]*([A-Za-z0-9+/]{40,}={0,2})(?![A-Za-z0-9+/=])/dg,
    groups: [1],
    judge: () => true,
  },
  {
    // A WIF private key (checksum verified), in a text that speaks of keys or wallets without saying `WIF` (the
    // bitcoin-wif rule's gate): `importprivkey K…`, a paper wallet's backup, `bitcoin` notes.
    gates: [
      'privkey',
      'PrivKey',
      'privKey',
      'PRIVKEY',
      'bitcoin',
      'Bitcoin',
      'BITCOIN',
      'BTC',
      'wallet',
      'Wallet',
      'WALLET',
      'lectrum',
      'private key',
      'Private key',
      'Private Key',
      'PRIVATE KEY',
    ],
    re: new RegExp(String.raw`(?<![A-Za-z0-9])(5[HJK][${B58C}]{49}|[KLc][${B58C}]{51}|9[${B58C}]{50})(?![A-Za-z0-9])`, 'dg'),
    groups: [1],
    judge: (v) => {
      const body = base58check(v);
      return body !== null && (body[0] === 0x80 || body[0] === 0xef) && (body.length === 33 || (body.length === 34 && body[33] === 1));
    },
  },
  {
    // `sonar.login=T` (a properties file, `-Dsonar.login=T`, a YAML key `sonar.login: T`).
    gates: ['sonar.login'],
    re: /(?:^|[^\w.]|-D)sonar\.login["']?[ \t]*[=:][ \t]*(["']?)([A-Za-z0-9_]{20,})\1(?![\w.-])/dg,
    groups: [2],
    judge: (v) => !isReference(v) && !isPlaceholder(v) && (/^(?:sq[apu]_)?[0-9a-f]{40}$/.test(v) || randomPartOk(v)),
    line: true,
  },
];
registerGates(formLiterals(FORMS));

/** The literals one of which the text must hold for any of the rule's forms to run (the gates' one pass answers). */
const ANY_GATE = formLiterals(FORMS);

export const keyFileSecret: BlockRule = {
  id: RULE,
  description: 'minisign/signify secret keys (the line under `untrusted comment: … secret key`), Bitcoin WIF private keys, sonar.login=T',
  gate: '',
  applies: (text) => ANY_GATE.some((g) => holds(text, g)),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0x39cf11;
    const r = (a: string, n: number) => rand(a, n, seed++ * 7919);
    const mini = j('RWRTY0Iy', r(B64, 150));
    const sig = j('RWRCSwAAAA', r(B64, 130), '==');
    const wif = (compressed: boolean) =>
      base58checkEncode(Uint8Array.from([0x80, ...(r(HEX, 64).match(/../g) ?? []).map((h) => parseInt(h, 16)), ...(compressed ? [1] : [])]));
    const [w1, w2] = [wif(false), wif(true)];
    const broken = w2.slice(0, -1) + (w2.endsWith('a') ? 'b' : 'a');
    const son = r(HEX, 40);
    return {
      truePositives: [
        { text: `untrusted comment: minisign encrypted secret key\n${mini}\n`, secrets: [mini] },
        { text: `untrusted comment: signify secret key\r\n${sig}\r\n`, secrets: [sig] },
        { text: `# paper wallet backup\n${w1}\n`, secrets: [w1] },
        { text: `bitcoin-cli importprivkey ${w2} "cold" false`, secrets: [w2] },
        { text: `sonar.host.url=https://sonar.example.com\nsonar.login=${son}\n`, secrets: [son] },
      ],
      falsePositives: [
        `untrusted comment: minisign public key 5A3C1B2D\nRWQ${r(B64, 53)}\n`,
        `untrusted comment: signify public key\nRWRCSwAAAA${r(B64, 46)}\n`,
        `wallet address: 1${r(B58, 33)}`,
        `bitcoin-cli importprivkey ${broken}`,
        `wallet cid: Qm${r(B58, 44)}`,
        'sonar.login=admin\nsonar.password=${SONAR_PASSWORD}',
        'sonar.login=${SONAR_TOKEN}',
      ],
    };
  },
};
