// Secrets whose name and value no line rule saw together, or whose name the pre-scan missed (rules/paired-lines.ts):
// a .NET XML RSA key's private parameters, C's `#define PGPASSWORD "…"`, a bare password on the line after a
// `password` label, a `- name:`/`value:` env pair outside YAML. The mask35 red team's shapes, variants and benign
// neighbours. Every value is built at run time.
import { ALNUM, B64, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x35f00;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const b64 = (n: number) => rs(B64.replace(/[=]/g, ''), n) + '==';
const pw = () => 'Rf' + rs(ALNUM, 6) + '-' + rs(ALNUM, 5) + '7';

describe('paired-line secrets', () => {
  it("masks an XML RSA key's private parameters, one element a line or all on one line", () => {
    const [mod, p, q, dp, dq, iq, d] = [b64(170), b64(86), b64(86), b64(86), b64(86), b64(86), b64(170)];
    const els =
      `<Modulus>${mod}</Modulus>|<Exponent>AQAB</Exponent>|<P>${p}</P>|<Q>${q}</Q>|<DP>${dp}</DP>|<DQ>${dq}</DQ>|<InverseQ>${iq}</InverseQ>|<D>${d}</D>`.split(
        '|',
      );
    const multi = `<RSAKeyValue>\n${els.map((e) => '  ' + e).join('\n')}\n</RSAKeyValue>\n`;
    masks(multi, [p, q, dp, dq, iq, d]);
    // The public parameters on their own lines stay as they were.
    keeps(`<RSAKeyValue>\n  <Modulus>${mod}</Modulus>\n  <Exponent>AQAB</Exponent>\n</RSAKeyValue>\n`);
    masks(`<RSAKeyValue>${els.join('')}</RSAKeyValue>\n`, [p, q, dp, dq, iq, d]);
    masks(`var xml = "<RSAKeyValue>${els.join('')}</RSAKeyValue>";\n`, [p, q, dp, dq, iq, d]);
  });
  it('masks a #define whose name glues a secret word to a service (PGPASSWORD, LDAPPASSWD)', () => {
    const [a, b, c] = [pw(), pw(), pw()];
    masks(`#define PGHOST "db.internal"\n#define PGPASSWORD "${a}"\n`, [a]);
    masks(`#  define LDAPPASSWD "${b}"\n`, [b]);
    masks(`#define SMTPPASSWORD L"${c}"\n`, [c]);
    keeps('#define PGHOST "db.internal"\n#define PASSWORD_MIN_LENGTH 8\n#define PGPASSWORD_ENV "PGPASSWORD"\n#define MAX_TOKENS "many"\n');
  });
  it('masks a bare password on the line after a password label (notes, chat transcripts)', () => {
    const [a, b, c, d] = [pw(), pw(), pw(), pw()];
    masks(`office wifi\npassword\n${a}\nsee you\n`, [a]);
    masks(`Password:\n  ${b}\n`, [b]);
    masks(`- wifi password:\n${c}\n`, [c]);
    masks(`[10:02] alice: root Password\r\n${d}\r\n`, [d]);
  });
  it('keeps prose, headings and prompts after a password label', () => {
    keeps('Password\n--------\nSet a password of at least 12 characters.\n');
    keeps('password:\nrequired\n');
    keeps('Reset password\nhttps://example.com/reset\n');
    keeps('## Password\nSee docs/auth.md\n');
    keeps('Forgot password?\nClick here\n');
    keeps('user password\nmin_length=8\n');
    keeps('switch (kind) {\n  case password:\n    return validate_pw(x);\n}\n');
    keeps('PASSWORD\n=========\n');
  });
  it('masks a - name: / value: env pair embedded in a non-YAML text', () => {
    const [a, b, c] = [pw(), pw(), pw()];
    masks('const manifest = `\n  env:\n    - name: DB_PASSWORD\n      value: "' + a + '"\n`;\n', [a]);
    masks(`defp manifest do\n  """\n  - name: API_TOKEN\n    value: '${b}'\n  """\nend\n`, [b]);
    masks(`{"spec": "- name: SMTP_PASSWORD\\n"}\n- name: SMTP_PASSWORD\n  value: ${c}\n`, [c]);
    keeps('    - name: LOG_LEVEL\n      value: "debug"\n    - name: DB_PASSWORD\n      value: ""\n    - name: API_TOKEN\n      value: "${API_TOKEN}"\n');
  });
});
