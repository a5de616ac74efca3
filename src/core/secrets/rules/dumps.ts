// Secrets in dumps, exports and server configs whose structure says which value is the secret, though no
// key-value rule reads it:
// - a GnuPG agent key file (`private-keys-v1.d/*.key`): the private parts of the S-expression (`(d #…#)`, DSA and
//   ElGamal `(x …)`, RSA's `(p …)`, `(q …)`, `(u …)`) after `(private-key`;
// - a pg_dump `COPY t (cols) FROM stdin;` block: the column list names which tab-separated field of every row up
//   to `\.` is a password or token;
// - MySQL statements written as mysql_history stores them (`\040` for a blank): `SET PASSWORD … = '…'`,
//   `IDENTIFIED BY '…'`; redis `CONFIG SET requirepass|masterauth V`;
// - server directives a blank separates: nginx `fastcgi_param NAME V;`, `set $name V;`, Apache `SetEnv NAME V`;
// - password-manager exports: KeePass XML `<Key>Password</Key><Value …>V</Value>`, a Bitwarden `"totp"` seed;
// - JSON escaped once or more inside a string (`\"password\":\"V\"`) with any characters in V;
// - a JWT secret given as JSON (`HASURA_GRAPHQL_JWT_SECRET: '{"type":"HS256","key":"V"}'`);
// - a PHP session or serialize() string (`csrf_token|s:64:"V"`, `s:5:"token";s:40:"V"`), a redis session key;
// - NuGet `<apikeys><add key="https://…" value="V"/>`, a PHP array salt (`$settings['hash_salt'] = 'V'`);
// - a name between ANSI colour codes (`\x1b[32mSECRET_KEY\x1b[39m: V`).
// Threat: each of these was shown to the model verbatim.
// Cost: every form names literals the text must hold (one native search each) before its regex runs.
import { isPlaceholder, isReference, randomPartOk } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, HEX, PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { registerGates } from './gates';
import { named, push, token, type Form, formLiterals, scanForms } from './form-scan';

const RULE = 'dump-context';

/** A value a grammar places where a secret goes: no reference, no placeholder, 4 characters or more. */
const placed = (v: string): boolean => v.length >= 4 && !isReference(v) && !isPlaceholder(v) && v !== '\\N' && !/^(?:null|none|\(none\))$/i.test(v);
/** A blank as MySQL's history stores it (`\040`) or as written. */
const B = String.raw`(?:\\040|[ \t])`;
/** A session or serialized value under a name that says token, secret, password, key or CSRF. */
const sessionValue = (v: string, m: RegExpExecArray, t: string): boolean =>
  (/(?:token|secret|pass|key|csrf|xsrf|auth|sid)/i.test(m[1]!) && v.length >= 8 && placed(v) && randomPartOk(v)) || named(1)(v, m, t);

export const FORMS: Form[] = [
  // --- GnuPG agent key: the private parts of the S-expression ---
  {
    gates: ['private-key'],
    re: /\(([dpqux])[ \t]*(?:#([0-9A-Fa-f]{16,})#|\|([A-Za-z0-9+/=]{16,})\|)\)/dg,
    groups: [2, 3],
    // d and x are private in every algorithm; p, q and u only in RSA (DSA's p and q, ECC's q are public).
    judge: (_v, m, t) => m[1] === 'd' || m[1] === 'x' || /\(rsa\b/.test(t),
  },
  // --- MySQL: SET PASSWORD [FOR u] = ['…' | PASSWORD('…')], IDENTIFIED [WITH plugin] BY '…' ---
  {
    gates: ['PASSWORD', 'password', 'Password'],
    re: new RegExp(String.raw`(?<![A-Za-z])SET${B}+PASSWORD${B}*(?:FOR${B}+[^=\n]*?)?=${B}*(?:PASSWORD${B}*\()?'([^'\n]+)'`, 'dgi'),
    groups: [1],
    judge: placed,
  },
  {
    gates: ['IDENTIFIED', 'identified'],
    re: new RegExp(String.raw`(?<![A-Za-z])IDENTIFIED${B}+(?:WITH${B}+\w+${B}+)?BY${B}+(?:PASSWORD${B}+)?'([^'\n]+)'`, 'dgi'),
    groups: [1],
    judge: placed,
  },
  // --- redis: CONFIG SET requirepass|masterauth V ---
  {
    gates: ['CONFIG', 'config'],
    re: /\bCONFIG[ \t]+SET[ \t]+(?:requirepass|masterauth|masteruser-password)[ \t]+(["']?)([^\s"']+)\1/dgi,
    groups: [2],
    judge: placed,
  },
  // --- nginx / Apache directives: NAME and value apart by blanks ---
  {
    gates: ['_param', 'env', 'Env'],
    // Read only the lines holding one of the directive words' literals (every match is on one line and holds one).
    line: true,
    anchors: ['_param', 'env', 'Env', 'grpc_set_header'],
    re: /^[ \t]*(?:fastcgi_param|uwsgi_param|scgi_param|grpc_set_header|passenger_env_var|SetEnv|PassEnv|env)[ \t]+([\p{L}_][\p{L}\p{M}\p{N}_.-]*)[ \t]+(["']?)([^\s"';$][^\s"';]*)\2[ \t]*;?[ \t]*\r?$/dgmu,
    groups: [3],
    judge: named(1),
  },
  {
    gates: ['set $'],
    re: /^[ \t]*set[ \t]+\$([\p{L}_][\p{L}\p{M}\p{N}_]*)[ \t]+(["']?)([^\s"';$][^\s"';]*)\2[ \t]*;/dgmu,
    groups: [3],
    judge: named(1),
  },
  // --- KeePass XML: the value of a Password (or secret-named) string ---
  {
    gates: ['<Key>'],
    re: /<Key>([^<\n]+)<\/Key>\s*<Value(?:[ \t][^>\n]*)?>([^<\n]+)<\/Value>/dg,
    groups: [2],
    judge: (v, m, t) => (/^(?:Password|PIN)$/i.test(m[1]!) ? placed(v) : named(1)(v, m, t)),
  },
  // --- a TOTP seed in an export: `"totp": "BASE32"` or an otpauth:// URI ---
  { gates: ['totp'], re: /["']totp["'][ \t]*:[ \t]*"([^"\n]{16,})"/dg, groups: [1], judge: placed },
  // --- JSON escaped inside a string: \"name\":\"V\" (any escape depth; V holds any characters) ---
  {
    gates: ['\\"'],
    re: /(\\+)"([A-Za-z_][\w.-]*)\1"[ \t]*:[ \t]*\1"((?:(?!\1")[^\n])+?)\1"/dg,
    groups: [3],
    judge: (v, m, t) => named(2)(v, m, t),
  },
  // --- a JWT secret given as JSON: the "key" inside ---
  {
    gates: ['JWT_SECRET', 'jwt_secret', 'JwtSecret', 'jwtSecret'],
    re: /jwt_?secret\w*["']?[ \t]*[:=][ \t]*['"]?\{[^\n]*?\\?"key\\?"[ \t]*:[ \t]*\\?"([^"\\\n]{8,})\\?"/dgi,
    groups: [1],
    judge: placed,
  },
  // --- PHP session files and serialize(): name|s:N:"V", s:N:"name";s:N:"V" ---
  { gates: ['|s:'], re: /(?:^|[;}])([A-Za-z_][\w-]*)\|s:\d+:"([^"\n]*)"/dgm, groups: [2], judge: sessionValue },
  { gates: [';s:'], re: /s:\d+:"([A-Za-z_][\w-]*)";s:\d+:"([^"\n]*)"/dg, groups: [2], judge: sessionValue },
  // --- a session id as a redis key ---
  { gates: ['sess:'], re: /(?:^|[\s"'])sess:([A-Za-z0-9_-]{20,})/dg, groups: [1], judge: token },
  // --- NuGet: an API key stored under a feed's URL ---
  {
    gates: ['apikeys'],
    re: /<add[ \t]+key="https?:\/\/[^"\n]+"[ \t]+value="([^"\n]+)"/dg,
    groups: [1],
    judge: (v, m, t) => !/^https?:/.test(v) && token(v, m, t),
  },
  // --- a salt in a PHP settings array: $settings['hash_salt'] = 'V' ---
  {
    gates: ['salt'],
    re: /\$\w+(?:\[['"][\w.-]*['"]\])*\[['"]([\w.-]*salt)['"]\][ \t]*=[ \t]*(['"])([^'"\n]{16,})\2/dg,
    groups: [3],
    judge: token,
  },
  // --- a name between ANSI colour codes: ESC[32mSECRET_KEY ESC[39m: V ---
  {
    gates: ['\x1b['],
    re: /\x1b\[[\d;]*m([A-Za-z_][\w.-]*)\x1b\[[\d;]*m[ \t]*[:=][ \t]*(?:\x1b\[[\d;]*m)?([^\s\x1b]+)/dg,
    groups: [2],
    judge: named(1),
  },
];

/** Column names whose values are secrets in a dump row. */
function secretColumn(c: string): boolean {
  const name = c.replace(/^"|"$/g, '');
  if (/(?:^|_)(?:id|at|type|hint|prefix|last4|expires?|name|length|count|version|scopes?|salt_rounds)$/i.test(name)) return false;
  return classifyName(name) !== null || /(?:^|_)(?:password|passwd|pass|pwd|token|secret|digest|hash|api_?key|otp)(?:_|$)/i.test(name);
}

/** pg_dump `COPY t (cols) FROM stdin;`: the fields the column list names as secrets in every row up to `\.`. */
function copyRows(text: string, index: LineIndex, out: BlockOutput): void {
  const head = /^COPY[ \t]+[^\s(]+[ \t]*\(([^)\n]*)\)[ \t]+FROM[ \t]+stdin;[ \t]*\r?$/gm;
  for (let m = head.exec(text); m !== null; m = head.exec(text)) {
    const cols = m[1]!.split(',').map((c) => c.trim());
    const want = cols.map(secretColumn);
    if (!want.some(Boolean)) continue;
    let ls = m.index + m[0].length + 1;
    while (ls < text.length) {
      const nl = text.indexOf('\n', ls);
      let le = nl < 0 ? text.length : nl;
      if (text.charCodeAt(le - 1) === 13) le--;
      if (text.startsWith('\\.', ls) && le - ls === 2) break;
      let fs = ls;
      for (let k = 0; fs <= le; k++) {
        const tab = text.indexOf('\t', fs);
        const fe = tab < 0 || tab > le ? le : tab;
        if (want[k] === true && fe > fs && placed(text.slice(fs, fe))) push(text, index, out, fs, fe, RULE);
        fs = fe + 1;
      }
      if (nl < 0) break;
      ls = nl + 1;
    }
    head.lastIndex = ls;
  }
}

// Their gates are found in one pass over a text (gates.ts), not a search of the text for each.
registerGates(formLiterals(FORMS));

export const dumpContext: BlockRule = {
  id: RULE,
  description:
    'GnuPG agent key S-expressions, pg_dump COPY rows under a secret column, MySQL SET PASSWORD / IDENTIFIED BY (also with \\040 blanks), redis CONFIG SET requirepass, nginx/Apache directives, KeePass and Bitwarden exports, escaped JSON in strings, JWT secrets as JSON, PHP sessions, NuGet apikeys, PHP salts, names in ANSI colour codes',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
    if (text.includes('FROM stdin;')) copyRows(text, index, out);
  },
  samples() {
    let seed = 0xd0a500;
    const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
    const pw = () => 'Q7' + rs(PASSWORD_CHARS.replace(/[#'",;:|%\\()<>{}@/\s$?+=-]/g, ''), 14);
    const p = Array.from({ length: 8 }, () => pw());
    const hex = rs(HEX, 64);
    const tok = rs(ALNUM, 32);
    const tok2 = rs(ALNUM, 40);
    const b32 = rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 32);
    return {
      truePositives: [
        { text: `(protected-private-key (rsa (n #00${rs(HEX, 64)}#)\n (e #010001#)\n (d #${hex}#)))`, secrets: [hex] },
        // (a COPY row under a secret column is claimed first by secret-by-structure's sqlDumps; its form is tested in
        // test/unit/secrets/dumps.test.ts)
        { text: `SET\\040PASSWORD\\040FOR\\040'app'@'%'\\040=\\040'${p[1]}';`, secrets: [p[1]!] },
        { text: `CREATE\\040USER\\040'app'@'%'\\040IDENTIFIED\\040BY\\040'${p[2]}';`, secrets: [p[2]!] },
        { text: `CONFIG SET requirepass ${p[3]}`, secrets: [p[3]!] },
        { text: `fastcgi_param DB_PASSWORD ${p[4]};`, secrets: [p[4]!] },
        { text: `    set $upstream_api_key ${tok};`, secrets: [tok] },
        { text: `<String><Key>Password</Key><Value ProtectInMemory="True">${p[5]}</Value></String>`, secrets: [p[5]!] },
        { text: `        "totp": "${b32}"`, secrets: [b32] },
        { text: `payload="{\\"user\\":\\"ops\\",\\"password\\":\\"${p[6]}\\"}"`, secrets: [p[6]!] },
        { text: `HASURA_GRAPHQL_JWT_SECRET: '{"type":"HS256","key":"${tok2}"}'`, secrets: [tok2] },
        { text: `csrf_token|s:64:"${hex}";user_id|i:42;`, secrets: [hex] },
        { text: `<apikeys><add key="https://www.nuget.org/api/v2/package" value="${tok2}" /></apikeys>`, secrets: [tok2] },
        { text: `$settings['hash_salt'] = '${tok2}';`, secrets: [tok2] },
        { text: `\x1b[32mSECRET_KEY\x1b[39m:   ${tok}`, secrets: [tok] },
      ],
      falsePositives: [
        '(public-key (rsa (n #00AB12CD34EF56AB12CD34EF56AB12CD#)(e #010001#)))',
        'COPY public.users (id, email, name) FROM stdin;\n7\tdan@acme.io\tDan Smith\n\\.',
        "SET PASSWORD FOR 'app'@'%' = '${DB_PASSWORD}';",
        'CONFIG SET maxmemory 256mb',
        'fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;',
        'fastcgi_param APP_ENV production;',
        'set $upstream_host backend.internal;',
        '<String><Key>UserName</Key><Value>ops</Value></String>',
        '"totp": null',
        'msg="{\\"user\\":\\"ops\\",\\"status\\":\\"ok\\"}"',
        '<add key="nuget.org" value="https://api.nuget.org/v3/index.json" protocolVersion="3" />',
        "$settings['hash_salt'] = file_get_contents('/var/salt.txt');",
        '\x1b[32mAPP_ENV\x1b[39m: production',
      ],
    };
  },
};
