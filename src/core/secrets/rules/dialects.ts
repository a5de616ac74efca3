// dialects: secrets in statement forms of languages and shells the key-value rules do not read:
// - T-SQL logins: `CREATE LOGIN x WITH PASSWORD = N'V'`, `ALTER LOGIN sa WITH PASSWORD=N'V'` (the `N` prefix);
// - Windows `setx [/M] DB_PASSWORD V`;
// - one-dash and slash flags named for a secret (`-Token V`, `/password V`, `-ApiKey V`);
// - Go typed declarations (`var apiKey string = "V"`, `const dbPassword string = "V"`);
// - vendor shapes beside their context: Twitch's `oauth:` + 30 lower-case letters and digits, ClickUp's
//   `pk_<digits>_<32 upper alnum>`;
// - a second credential in a vendor client's positional call (`algoliasearch('APP', 'ADMINKEY')`,
//   `new Pusher('ID', 'KEY', 'SECRET')`, `twilio('SK…', 'SECRET')`).
// Threat: found by a blind red team; each line was shown to the model verbatim.
// Cost: every form is gated by literals found in the gates' one pass.
import { isPlaceholder, isReference, randomPartOk } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, HEX, PASSWORD_CHARS, rand } from '../samples';
import { registerGates } from './gates';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { formLiterals, named, password, scanForms, token, type Form } from './form-scan';

const RULE = 'dialect-secret';

/** A value under a name that says secret (strong or weak, as the name says), or a password-shaped one under a strong name. */
const underName = named(1);

const FORMS: Form[] = [
  // T-SQL: `PASSWORD = N'V'` (CREATE/ALTER LOGIN, CREATE USER, CREDENTIAL SECRET = N'V')
  {
    gates: ["N'"],
    line: true,
    re: /\b(?:PASSWORD|SECRET)[ \t]*=[ \t]*N'((?:[^'\n]|'')+)'/dgi,
    groups: [1],
    judge: (v) => v.length >= 4 && !isReference(v) && !isPlaceholder(v),
  },
  // Windows: `setx [/M] NAME V`
  {
    gates: ['setx ', 'SETX '],
    re: /\bsetx(?:[ \t]+\/[A-Za-z])*[ \t]+([A-Za-z_]\w*)[ \t]+(["']?)([^\s"']+)\2/dgi,
    groups: [3],
    judge: underName,
  },
  // one-dash and slash flags: `-Token V`, `/password V`, `-ApiKey V`, `-Password:V`
  {
    gates: ['oken', 'assword', 'ecret', 'piKey', 'pikey', 'wd'],
    line: true,
    re: /(?:^|[ \t])[-/]([A-Za-z]*(?:[Tt]oken|[Pp]assword|[Ss]ecret|[Aa]pi[Kk]ey|[Pp]wd))(?:[ \t]+|:)(["']?)([^\s"'-][^\s"']*)\2(?=[ \t]|\r?$)/dgm,
    groups: [3],
    judge: (v, m, t) => classifyName(m[1]!) === 'strong' && password(v, m, t),
  },
  // Go: `var apiKey string = "V"`, `const dbPassword string = "V"`, `apiKey string = "V"` in a var block
  {
    gates: [' string', '[]byte'],
    line: true,
    lineTest: (l) => l.includes('='),
    re: /^[ \t]*(?:(?:var|const)[ \t]+)?([A-Za-z_]\w*)[ \t]+(?:string|\[\]byte)[ \t]*=[ \t]*(?:\[\]byte\()?(["`])([^"`\n]+)\2/dgm,
    groups: [3],
    judge: underName,
  },
  // Twitch: `oauth:` + 30 lower-case letters and digits
  {
    gates: ['oauth:'],
    line: true,
    re: /\boauth:([a-z0-9]{30})(?![A-Za-z0-9])/dg,
    groups: [1],
    judge: (v) => /\d/.test(v) && /[a-z]/.test(v) && randomPartOk(v),
  },
  // ClickUp: `pk_<digits>_<32 upper alnum>`
  {
    gates: ['pk_'],
    line: true,
    re: /\bpk_(\d{3,12}_[A-Z0-9]{32})(?![A-Za-z0-9])/dg,
    groups: [1],
    judge: (v) => /[A-Z]/.test(v.slice(v.indexOf('_'))) && randomPartOk(v.slice(v.indexOf('_') + 1)),
  },
  // a vendor client's positional credentials: the second (and third) quoted argument
  {
    gates: ['algoliasearch(', 'Pusher(', 'twilio(', 'Twilio('],
    re: /\b(?:algoliasearch|(?:new[ \t]+)?Pusher|twilio|Twilio)[ \t]*\([ \t]*(["'])[^"'\n]+\1[ \t]*,[ \t]*(["'])([^"'\n]{16,})\2(?:[ \t]*,[ \t]*(["'])([^"'\n]{16,})\4)?/dg,
    groups: [3],
    judge: (v) => token(v, /x/.exec('x')!, ''),
  },
  {
    gates: ['Pusher('],
    re: /\b(?:new[ \t]+)?Pusher[ \t]*\([ \t]*(["'])[^"'\n]+\1[ \t]*,[ \t]*(["'])[^"'\n]{16,}\2[ \t]*,[ \t]*(["'])([^"'\n]{16,})\3/dg,
    groups: [4],
    judge: (v) => token(v, /x/.exec('x')!, ''),
  },
];
registerGates(formLiterals(FORMS));

export const dialectSecret: BlockRule = {
  id: RULE,
  description:
    "T-SQL PASSWORD = N'…', setx, one-dash and slash secret flags, Go typed declarations, Twitch/ClickUp token shapes in context, vendor clients' positional credentials",
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0x34c100;
    const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
    const p = Array.from({ length: 6 }, () => 'Q7' + rs(PASSWORD_CHARS.replace(/[#'",;:|%\\()<>{}@/\s$?+=-]/g, ''), 14) + '!');
    const tw = rs('abcdefghijklmnopqrstuvwxyz0123456789', 29) + '7';
    const k = rs(HEX, 32);
    const tok = rs(ALNUM, 32);
    return {
      truePositives: [
        { text: `CREATE LOGIN app_user WITH PASSWORD = N'${p[0]}', CHECK_POLICY = OFF;`, secrets: [p[0]!] },
        { text: `setx /M DB_PASSWORD ${p[2]}`, secrets: [p[2]!] },
        { text: `Connect-Thing -Token ${tok}`, secrets: [tok] },
        { text: `var apiKey string = "${p[3]}"`, secrets: [p[3]!] },
        { text: `TWITCH_CHAT=oauth:${tw}`, secrets: [tw] },
        { text: `const client = algoliasearch('ABCD1234EF', '${k}');`, secrets: [k] },
      ],
      falsePositives: [
        'set -x PATH $HOME/bin $PATH',
        'setx /M PATH "%PATH%;C:\\tools"',
        'var apiURL string = "https://api.example.com"',
        `tx_hash: 0x${'ab'.repeat(32)}`,
        'const client = algoliasearch(process.env.ALGOLIA_APP_ID, process.env.ALGOLIA_KEY);',
        "ALTER LOGIN sa WITH PASSWORD = N'$(SA_PASSWORD)'",
      ],
    };
  },
};

export const DIALECT_RULES: readonly BlockRule[] = [dialectSecret];
