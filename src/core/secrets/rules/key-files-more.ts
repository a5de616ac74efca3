// key-file-secret: secrets in key files and settings whose name or shape no other rule reads:
// - minisign and signify secret keys: `untrusted comment: minisign encrypted secret key` (or `signify secret key`,
//   rsign's) and the base64 line under it (a public key's line stays);
// - SonarQube's `sonar.login=T` (the token, in the login property older scanners read; a user name stays).
// A Bitcoin private key in wallet import format, which this rule read in a text that spoke of wallets or keys, is
// bitcoin-wif's (shapes-more.ts), by its shape alone.
// Threat: found by a blind red team: each reached the model verbatim.
// How: forms gated by their literals (the gates' one pass): a text without them costs nothing more.
import { isPlaceholder, isReference, randomPartOk } from '../entropy';
import { base58checkEncode } from './shapes-more';
import { B64, HEX, j, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'key-file-secret';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const FORMS: Form[] = [
  {
    gates: ['untrusted comment:'],
    re: /untrusted comment:[^\r\n]*\bsecret key\b[^\r\n]*\r?\n[ \t]*([A-Za-z0-9+/]{40,}={0,2})(?![A-Za-z0-9+/=])/dg,
    groups: [1],
    judge: () => true,
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
  description: 'minisign/signify secret keys (the line under `untrusted comment: … secret key`), sonar.login=T',
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
    const w2 = wif(true);
    const broken = w2.slice(0, -1) + (w2.endsWith('a') ? 'b' : 'a');
    const son = r(HEX, 40);
    return {
      truePositives: [
        { text: `untrusted comment: minisign encrypted secret key\n${mini}\n`, secrets: [mini] },
        { text: `untrusted comment: signify secret key\r\n${sig}\r\n`, secrets: [sig] },
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
