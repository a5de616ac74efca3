// digest-response: HTTP Digest authentication's `response="<hex>"` in an `Authorization: Digest` (or
// `Proxy-Authorization: Digest`) header (RFC 7616): the hash of the password with the server's nonce, replayable for
// that nonce and open to an offline guess of the password (found by a blind red team, rt21mask curl-cookie-digest-headers).
// The other parameters (username, realm, nonce, uri, cnonce) are no secret and stay; a server's challenge
// (`WWW-Authenticate: Digest …`) has no response. auth-header no longer reads a scheme word after `Digest` (it masked
// the `username=` that follows it).
// Cost: a line form gated on `response=` and `Digest`/`digest` (the gates' one pass), each line alone.
import { HEX, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holdsAny, registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'digest-response';

const FORMS: Form[] = [
  {
    gates: ['response='],
    re: /\b(?:[Pp]roxy-)?[Aa]uthorization\b\\?["']?[ \t]*(?:[:=]|=>)[ \t]*\\?["']?(?:Digest|digest|DIGEST)[ \t][^\n]{0,2048}?\bresponse[ \t]*=[ \t]*(?:\\?["'])?([0-9a-fA-F]{64}|[0-9a-fA-F]{32})(?![0-9a-fA-F])/dg,
    groups: [1],
    line: true,
    lineTest: (l) => l.includes('igest') || l.includes('IGEST'),
    judge: (v) => new Set(v.toLowerCase()).size >= 6,
  },
];
registerGates(formLiterals(FORMS));
const ANY_GATE = formLiterals(FORMS);

export const digestResponse: BlockRule = {
  id: RULE,
  description: 'HTTP Digest authentication response hash in an Authorization: Digest header',
  gate: '',
  applies: (text) => holdsAny(text, ANY_GATE),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    const md5 = rand(HEX, 32, 0x43d1);
    const sha = rand(HEX, 64, 0x43d2);
    return {
      truePositives: [
        {
          text: `curl -H 'Authorization: Digest username="ops", realm="ledger", nonce="x", uri="/", response="${md5}"' https://ledger.example`,
          secrets: [md5],
        },
        {
          text: `{"headers":{"authorization":"Digest username=\\"ops\\", realm=\\"api\\", algorithm=SHA-256, nonce=\\"7ypf\\", uri=\\"/\\", qop=auth, nc=00000001, cnonce=\\"0a4f\\", response=\\"${sha}\\""}}`,
          secrets: [sha],
        },
      ],
      falsePositives: [
        'WWW-Authenticate: Digest realm="api", qop="auth", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
        'Authorization: Digest username="ops", realm="ledger", nonce="x", uri="/", response="00000000000000000000000000000000"',
        'the server checks response="<hash>" in the Authorization: Digest header',
      ],
    };
  },
};
