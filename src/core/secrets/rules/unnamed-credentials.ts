// Credentials no name beside them announces, read by their own shape:
// - vendor tokens whose prefix is the only tell: an Atlassian API token (`ATATT…`), a Cloudflare Origin CA key
//   (`v1.0-<24 hex>-<hex>`), under a neutral key (`atlassian_value:`) or alone in a list;
// - `user:password@host:port` with no scheme (curl `-x`, pip `--proxy`, `https_proxy=`, a `proxy:` field);
// - a directive line `CompoundSecretName value` (Apache `BasicAuthPassword …`, `AuthLDAPBindPassword …`) in a text
//   whose head is not a directive config (spaced.ts reads those whole).
// Threat: each was shown to the model verbatim.
// Cost: line forms (form-scan.ts): only the lines holding a form's literal (`ATATT`, `v1.0-`, `@`, `ass`/`ecret`/…) are read.
import { isPlaceholder, isReference, isVariableLed, randomPartOk, valueLooksSecret } from '../entropy';
import { classifyName, nameWords } from '../names';
import { ALNUM, HEX, PASSWORD_CHARS, j, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'unnamed-credential';

/** A password's text: not a reference or a placeholder, 6 characters or more, secret-looking for a password. */
const passwordText = (v: string) => v.length >= 6 && !isReference(v) && !isPlaceholder(v) && !isVariableLed(v) && valueLooksSecret(v, 'strong', true);

const FORMS: Form[] = [
  {
    gates: ['ATATT'],
    re: /(?<![A-Za-z0-9_])(ATATT[A-Za-z0-9_=-]{60,260})(?![A-Za-z0-9_=-])/dg,
    groups: [1],
    line: true,
    judge: (v) => randomPartOk(v.slice(5)),
  },
  {
    gates: ['v1.0-'],
    re: /(?<![A-Za-z0-9_.-])(v1\.0-[0-9a-f]{24}-[0-9a-f]{64,200})(?![A-Za-z0-9_-])/dg,
    groups: [1],
    line: true,
    judge: (v) => randomPartOk(v.slice(5)),
  },
  {
    // `user:password@host:port`, not after a scheme's `//` (the URL rule's) or inside a longer word.
    gates: ['@'],
    re: /(?<![\w.%+/:@-])[\w.+-]{1,64}:([^\s:@/"'`<>]{4,128})@(?:localhost|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+):\d{2,5}(?![\w.])/dg,
    groups: [1],
    line: true,
    judge: (v) => passwordText(v),
  },
  {
    // A compound secret name, blanks, one value: a directive (`BasicAuthPassword …`). One-word names (`passwd root`
    // is a command) are left to spaced.ts, which reads a text that is a directive config.
    gates: ['ass', 'ASS', 'ecret', 'ECRET', 'oken', 'OKEN'],
    re: /^[ \t]*([A-Za-z_][\w.-]*)[ \t]+([^\s=:"'#;][^\s]*)[ \t]*\r?$/dg,
    groups: [2],
    line: true,
    judge: (v, m) => {
      const name = m[1]!;
      if (nameWords(name).length < 2 || classifyName(name) !== 'strong') return false;
      return v.length >= 8 && /[A-Za-z]/.test(v) && /[^A-Za-z]/.test(v) && !/^[A-Za-z]+[.,;:!?]?$/.test(v) && passwordText(v);
    },
  },
];
registerGates(formLiterals(FORMS));

let seed = 0xf15d00;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);

export const unnamedCredential: BlockRule = {
  id: RULE,
  description:
    'Credentials read by their shape alone: Atlassian ATATT… tokens, Cloudflare Origin CA keys (v1.0-…), user:password@host:port without a scheme, a directive line CompoundSecretName value',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples: () => {
    // Shapes beyond the published ones (vendor.ts reads `ATATT3x…` and a 146-hex Origin CA key): other versions' lengths.
    const atl = j('ATA', 'TT8', rs(ALNUM + '_-', 120), '=', rs(ALNUM, 60));
    const cf = j('v1', '.0-', rs(HEX, 24), '-', rs(HEX, 165));
    const [p, q] = [rs(ALNUM, 20), 'Berlin#' + rs(ALNUM, 6)];
    const pwOnly = rs(PASSWORD_CHARS.replace(/[#*^~%!]/g, ''), 12) + '9x';
    return {
      truePositives: [
        { text: `atlassian_value: ${atl}\n`, secrets: [atl] },
        { text: `# rotation\n- ${cf}\n`, secrets: [cf] },
        { text: `proxy: svc-proxy:${p}@proxy.corp:3128\n`, secrets: [p] },
        { text: `pip install --proxy deploy:${pwOnly}@10.0.0.5:8080 requests\n`, secrets: [pwOnly] },
        { text: `db_password = x\nBasicAuthPassword ${q}\n`, secrets: [q] },
      ],
      falsePositives: [
        'git clone git@github.com:org/repo.git\nssh deploy@host.example.com -p 2222\n',
        'proxy: user:${PROXY_PASSWORD}@proxy.corp:3128\nhttp://user:pass@localhost:8080\n',
        'PasswordAuthentication no\nmax_token_length 4096\nAuthUserFile /etc/apache2/.htpasswd\nclient_secret_file client_secret.json\n',
        'version: v1.0-beta\nnpm: @scope/pkg@1.2.3\n',
      ],
    };
  },
};
