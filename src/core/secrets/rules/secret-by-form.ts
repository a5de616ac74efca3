// secret-by-form: secrets reaching the model whole, each in a form no key-value rule reads:
// a password flag of a common tool (`xfreerdp /p:…`, `pscp -pw …`, `aws ssm put-parameter --type SecureString
// --value …`, `rclone config create … secret_access_key …`), SQL's own grammar (`SET PASSWORD FOR u = '…'`,
// `OPTIONS (USER 'r', PASSWORD '…')`, `sp_addlogin 'svc', '…'`), an HTTP credential by its scheme alone
// (`"value": "Basic <base64>"`, `AUTH_HEADER=Bearer <token>`), a credentials constructor, Ruby's `@db_pass ||= '…'`
// and `set :password, '…'`, a dict value on the line after its key, a Markdown table or bold label naming the
// secret, prose (`The token is …`), a list of keys under a
// secret's name (`FERNET_KEYS = ["…"]`), a New Relic license key, a base64 keystore, a Nostr `nsec1…`, a BIP32
// `xprv…`, a Discord bot token handed to `client.run("…")`. Also a password piped or handed to an
// account tool (`printf 'pw\npw' | passwd`, `chpasswd <<EOF`, `useradd -p`, `openssl passwd`, expect's `send`),
// a `user:password` pair alone in a comment, and prose that sets or uses a password (`set the password to …`).
// Threat: each of these lines was shown to the model verbatim.
// Each form names a literal its text must hold (case as written); the gates of all forms are found in one pass
// over the text (gates.ts). Forms run over the whole text and report by line.
import { isPlaceholder, isReference, randomPartOk, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, B64, B64URL, HEX, PASSWORD_CHARS, j, rand } from '../samples';
import { holds, holdsAny, registerGates } from './gates';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { addHit } from './hits';
import { PRIORITY, formLiterals, named, password, push, scanForm, token, type Form, type Judge } from './form-scan';

// Seeded: the shared sequence of rand() (other rules' sample values) stays as it was.
let seed = 0xf10000;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
/** A password-like sample (no quotes, blanks, `,;|:`: they would end it in some of the forms). */
const pw = (n = 20) => 'q7' + rs(PASSWORD_CHARS.replace(/[#'",;:|%\\()]/g, ''), n);

/** What a line holding a comment form's match holds: the comment's close, or a login's label (its second part). */
const COMMENT_TEST = /-->|#\}|\*\/|log[ -]?in|sign[ -]?in|cred|account|user\/pass/;

/** A password a person typed (prose, a comment, a tool's input): a password, with a letter and a digit or a sign. */
const typed: Judge = (v, m, t) => v.length >= 8 && /[A-Za-z]/.test(v) && /[\d\W_]/.test(v) && password(v, m, t);
/** A crypt(3) hash (`$6$salt$…`, `$y$…`, `$2b$…`) or a password: what `usermod -p` and `useradd -p` take. */
const cryptOrPassword: Judge = (v, m, t) => /^\$(?:1|2[abxy]?|5|6|y|gy|7|sha1|md5)\$[./\w]+\$[./\w]{8,}/.test(v) || typed(v, m, t);
/** The words of a program's input (`printf 'pw\npw\n'`, `echo -e "u:pw"`): escapes, quotes, blanks, `:` and `;` cut them; flags and formats are none. */
function inputWords(g: string): [number, number][] {
  const out: [number, number][] = [];
  const re = /(?:\\[nrt0]|[\s"'`:;()])+/g;
  let from = 0;
  for (let m = re.exec(g); ; m = re.exec(g)) {
    const to = m === null ? g.length : m.index;
    if (to > from && g[from] !== '-' && !g.slice(from, to).includes('%')) out.push([from, to]);
    if (m === null) break;
    from = m.index + m[0].length;
  }
  return out;
}
/** The password field of each `user:password` line of a here-document (`chpasswd <<EOF`). */
function passwordFields(g: string): [number, number][] {
  const out: [number, number][] = [];
  for (let ls = 0; ls < g.length;) {
    const nl = g.indexOf('\n', ls);
    const le = nl < 0 ? g.length : nl;
    const c = g.indexOf(':', ls);
    if (c >= 0 && c < le) {
      const e = g.indexOf(':', c + 1);
      const fe = e >= 0 && e < le ? e : g.charCodeAt(le - 1) === 13 ? le - 1 : le;
      if (fe > c + 1) out.push([c + 1, fe]);
    }
    ls = le + 1;
  }
  return out;
}
/** Tools that read a password (or `user:password`) from their input. */
const ACCOUNT_TOOLS =
  'passwd|smbpasswd|pdbedit|chpasswd|chgpasswd|newusers|vncpasswd|kpasswd|saslpasswd2|ldappasswd|htpasswd|cryptsetup|x11vnc|mysql_secure_installation';

/** `Basic <base64 of user:password>` (or of a password alone): it decodes to printable text. */
function basicCredential(v: string): boolean {
  let s: string;
  try {
    s = atob(v.replace(/=+$/, '') + '='.repeat((4 - (v.replace(/=+$/, '').length % 4)) % 4));
  } catch {
    return false;
  }
  return s.length >= 8 && /^[\x21-\x7e]+$/.test(s) && randomPartOk(v);
}

export const FORMS: Form[] = [
  // RDP clients: `xfreerdp /v:host /u:admin /p:PASS` (also `sdl-freerdp`, `wlfreerdp`).
  {
    gates: ['/p:'],
    line: true,
    re: /\b(?:xfreerdp3?|wlfreerdp3?|sdl-freerdp3?|freerdp3?)\b[^\n]*?[ \t]\/p:(["']?)([^\s"']+)\1/dg,
    groups: [2],
    judge: password,
  },
  // PuTTY's tools: `pscp -pw PASS …`, `plink -ssh host -pw PASS`, `psftp -pw PASS`.
  { gates: ['-pw'], re: /\b(?:pscp|plink|psftp|putty|kitty)(?:\.exe)?\b[^\n]*?[ \t]-pw[ \t]+(["']?)([^\s"']+)\1/dgi, groups: [2], judge: password },
  // `aws ssm put-parameter … --type SecureString --value '…'` (either order of the flags).
  {
    gates: ['SecureString'],
    re: /\bput-parameter\b(?=[^\n]*SecureString)[^\n]*?[ \t]--value(?:[ \t]+|=)(?:(["'])((?:(?!\1)[^\n])+)\1|([^\s"']+))/dg,
    groups: [2, 3],
    judge: password,
  },
  // rclone's `config create|update NAME TYPE key value key value`: a value after a secret-named key.
  {
    gates: ['rclone'],
    re: /(?<=\brclone[ \t]+config[ \t]+(?:create|update)\b[^\n]*[ \t])([A-Za-z_][\w-]*)[ \t]+(["']?)([^\s"'=]+)\2(?=[ \t]|$)/dgm,
    groups: [3],
    judge: named(1),
  },
  // SQL: `SET PASSWORD [FOR 'u'@'h'] = ['…' | PASSWORD('…')]` (MySQL).
  {
    gates: ['PASSWORD', 'password', 'Password'],
    re: /\bSET[ \t]+PASSWORD\b[^=\n]*=[ \t]*(?:PASSWORD[ \t]*\([ \t]*)?(["'])([^"'\n]+)\1/dgi,
    groups: [2],
    judge: password,
  },
  // `PASSWORD '…'` (in capitals, or after `,` `(` ENCRYPTED WITH: prose's "the password 'x'" is no statement): a server's OPTIONS (USER 'r', PASSWORD '…'), CREATE USER … PASSWORD '…', CREATE ROLE … ENCRYPTED PASSWORD.
  {
    gates: ['PASSWORD', 'password', 'Password'],
    re: /(?:\bPASSWORD|(?<=(?:[,(]|\b[Ee][Nn][Cc][Rr][Yy][Pp][Tt][Ee][Dd]|\b[Ww][Ii][Tt][Hh])[ \t]*)[Pp]assword)[ \t]+'([^'\n]{4,})'/dg,
    line: true,
    groups: [1],
    judge: password,
  },
  // SQL Server: `sp_addlogin 'svc', '…'`, `sp_password 'old', 'new'` (both passwords).
  {
    gates: ['sp_addlogin', 'sp_password'],
    re: /\bsp_(?:addlogin|password)\b[ \t]+(?:@\w+[ \t]*=[ \t]*)?N?(["'])([^"'\n]*)\1[ \t]*,[ \t]*(?:@\w+[ \t]*=[ \t]*)?N?(["'])([^"'\n]+)\3/dgi,
    groups: [4],
    judge: password,
  },
  {
    gates: ['sp_password'],
    re: /\bsp_password\b[ \t]+(?:@\w+[ \t]*=[ \t]*)?N?(["'])([^"'\n]+)\1[ \t]*,/dgi,
    groups: [2],
    judge: password,
  },
  // Round 21: a password piped into an account tool (`printf 'pw\npw' | passwd`, `yes 'pw' | passwd u`,
  // `echo -e "pw\npw" | pdbedit -a u`, `echo 'root:pw' | sudo chpasswd`), each word of the input judged.
  {
    gates: ['passwd', 'pdbedit', 'newusers', 'cryptsetup', 'x11vnc', 'mysql_secure'],
    re: new RegExp(`\\b(?:echo|printf|yes)\\b([^|\\n]*)\\|[ \\t]*(?:sudo[ \\t]+(?:-\\S+[ \\t]+)*)?(?:\\S*/)?(?:${ACCOUNT_TOOLS})\\b`, 'dg'),
    groups: [1],
    judge: typed,
    pieces: inputWords,
  },
  // Its here-document: `chpasswd <<EOF` / `root:pw` / `EOF` (the password field of each line).
  {
    gates: ['chpasswd', 'newusers', 'chgpasswd'],
    re: /\b(?:chpasswd|chgpasswd|newusers)\b[^\n]*<<-?[ \t]*(["']?)(\w+)\1[^\n]*\n((?:(?![ \t]*\2[ \t]*\r?(?:\n|$))[^\n]*\n){1,64})/dg,
    groups: [3],
    judge: typed,
    pieces: passwordFields,
  },
  // `useradd -p '$6$…' u`, `usermod -p …` (a crypt hash is a credential: it is cracked offline), `openssl passwd -6 'pw'`.
  {
    gates: ['useradd', 'usermod', 'adduser'],
    re: /\b(?:useradd|usermod|adduser)\b[^\n]*?[ \t](?:-p|--password)(?:[ \t]+|=)(["']?)([^\s"']+)\1/dg,
    groups: [2],
    judge: cryptOrPassword,
  },
  {
    gates: ['openssl'],
    re: /\bopenssl[ \t]+passwd((?:[ \t]+-(?:salt[ \t]+\S+|\S+))*)[ \t]+(["']?)([^\s"'-][^\s"']*)\2/dg,
    groups: [3],
    judge: typed,
  },
  // expect: `send "pw\r"` answering a password prompt (on its line or the next).
  {
    gates: ['send'],
    re: /assword[^\n]*?(?:\n[ \t]*)?\bsend(?:[ \t]+--)?[ \t]+(["'])([^"'\n]+?)(?:\\r|\\n)*\1/dg,
    groups: [2],
    judge: typed,
  },
  // A `user:password` or `user/password` pair alone in a comment (`<!-- admin:pw -->`, `{# admin:pw #}`,
  // `/* root:pw */`; a line comment with a login's label: `// login admin/pw`).
  {
    gates: ['<!--', '{#', '/*', '//', '#'],
    re: /(?:<!--|\{#|\/\*)[ \t]*(?:[A-Za-z][\w ]{0,30}?[ \t]*[:=-]?[ \t]+)?[\w.@-]{1,32}[ \t]*[:/][ \t]*([^\s:/]{8,64})[ \t]*(?:-->|#\}|\*\/)|(?<![\w:/])(?:\/\/|#)[ \t]*(?:test[ \t]+)?(?:log[ -]?in|sign[ -]?in|creds?|credentials?|account|user\/pass)[ \t]*[:=-]?[ \t]*[\w.@-]{1,32}[ \t]*[:/][ \t]*([^\s:/]{8,64})[ \t]*$/dgm,
    line: true,
    // The comment's close on the line, or a login's label.
    lineTest: (l) => COMMENT_TEST.test(l),
    groups: [1, 2],
    judge: typed,
  },
  // Prose: `log in … with password pw`, `set the password to pw`, `password set to pw`.
  {
    gates: ['password', 'Password'],
    re: /\b(?:(?:with|using)[ \t]+(?:the[ \t]+)?(?:\w+[ \t]+)?password|password[ \t]+(?:was[ \t]+|is[ \t]+)?(?:set|changed|reset)[ \t]+to|(?:set|change|reset)[ \t]+(?:the[ \t]+|my[ \t]+|your[ \t]+|its[ \t]+)?(?:\w+[ \t]+)?password[ \t]+to)[ \t]+(`?)([^\s`'"]{8,64}?)\1(?=[.,;)]*(?:\s|$))/dg,
    line: true,
    groups: [2],
    judge: typed,
  },
  // An HTTP credential by its scheme: `"value": "Basic <base64>"` (Postman, HAR), `AUTH_HEADER=Bearer <token>`.
  {
    gates: ['Basic '],
    re: /\bBasic[ \t]+([A-Za-z0-9+/]{12,}={0,2})(?![\w+/=])/dg,
    groups: [1],
    judge: (v) => basicCredential(v),
  },
  { gates: ['Bearer '], re: /\bBearer[ \t]+([A-Za-z0-9_.~+/-]{20,}={0,2})(?![\w.~+/=-])/dg, groups: [1], judge: token },
  // A credentials object built from a user and a password literal.
  {
    gates: ['Credential', 'PasswordAuthentication'],
    re: /\bnew[ \t]+(?:[\w.]+\.)?(?:UsernamePasswordCredentials?|NetworkCredential|PasswordAuthentication|BasicAWSCredentials|BasicCredentials|PlainCredentials|UsernamePasswordAuthenticationToken)[ \t]*\([ \t]*(["'])[^"'\n]*\1[ \t]*,[ \t]*(["'])([^"'\n]+)\2/dg,
    groups: [3],
    judge: password,
  },
  // Ruby: `@db_pass ||= '…'`, `set :password, '…'` (Capistrano, Sinatra).
  { gates: ['||='], line: true, re: /@{0,2}([A-Za-z_]\w*)[ \t]*\|\|=[ \t]*(["'])([^"'\n]+)\2/dg, groups: [3], judge: named(1) },
  { gates: ['set :'], re: /\bset[ \t]+:(\w+)[ \t]*,[ \t]*(["'])([^"'\n]+)\2/dg, groups: [3], judge: named(1) },
  // A URL's password handed through encodeURIComponent: `mongodb://admin:${encodeURIComponent('…')}@host`.
  {
    gates: ['encodeURIComponent('],
    re: /:\/\/[^\s:@/'"`]*:\$\{encodeURIComponent\([ \t]*(["'])([^"'\n]+)\1[ \t]*\)\}@/dg,
    groups: [2],
    judge: (v) => v.length >= 4 && !isPlaceholder(v),
  },
  // A dict or JSON value on the line after its secret-named key: `"password":\n    "…",`, `"api_key": (\n "…"`.
  {
    gates: [':\n', ':\r\n', '(\n', '(\r\n'],
    re: /(["'])([\w.-]+)\1[ \t]*:[ \t]*\(?[ \t]*\r?\n[ \t]*(["'])([^"'\n]+)\3/dg,
    groups: [4],
    judge: named(2),
  },
  // Markdown: `- **Password:** \`…\``, `**API token**: \`…\``.
  {
    gates: ['**'],
    line: true,
    // Two `**`, then a backquote.
    lineTest: (l) => l.indexOf('**', l.indexOf('**') + 2) > 0 && l.includes('`'),
    re: /\*\*([A-Za-z][\w .-]{1,30}?)[ \t]*:?[ \t]*\*\*[ \t]*:?[ \t]*`([^`\n]+)`/dg,
    groups: [2],
    judge: named(1),
  },
  // Prose: `The token is <random>`, `Your API key is: <random>`, `the password is \`…\``.
  {
    gates: [' is ', ' is:', ' IS '],
    line: true,
    anchors: /(?:token|key|password|passphrase|secret)[ \t]+is:?[ \t]/gi,
    re: /\b((?:api|access|secret|private)?[ _-]?(?:token|key|password|passphrase|secret))[ \t]+is:?[ \t]+(`?)([A-Za-z0-9_+/=.~!*@#$%^&-]{12,}?)\2(?=[\s.,;)]*(?:$|[ \t]))/dgim,
    groups: [3],
    judge: (v, m) => {
      const w = m[1]!.toLowerCase();
      const bare = v.replace(/[.,;]+$/, '');
      if (/pass/.test(w)) return password(bare, m, '') && /\d/.test(bare);
      return token(bare, m, '') && /\d/.test(bare) && /[A-Za-z]/.test(bare);
    },
  },
  // A list of secrets under a secret's name: `FERNET_KEYS = ["…", "…"]`, `api_keys: ['…']`.
  {
    gates: ['["', "['"],
    re: /([A-Za-z_][\w.-]*)["']?[ \t]*(?:=|:|=>)[ \t]*\[[ \t]*((?:(["'])[^"'\n]*\3[ \t]*,?[ \t]*)+)\]/dg,
    groups: [2],
    judge: () => false,
    list: true,
  },
  // New Relic's license key (40 hex, or 36 and `NRAL`) under a license's name.
  {
    gates: ['icense', 'ICENSE'],
    line: true,
    anchors: /licen[cs]e/gi,
    re: /\b([\w.-]*licen[cs]e[\w.-]*)["']?[ \t]*[:=][ \t]*(["']?)([0-9a-f]{40}|[0-9a-f]{36}NRAL)\2(?![\w])/dgi,
    groups: [3],
    judge: (v) => randomPartOk(v),
  },
  // A keystore (PKCS#12, JKS) in base64 under a keystore's name: `keystore_b64: MIIK…`.
  {
    gates: ['MII'],
    re: /\b([\w.-]*(?:keystore|key_store|p12|pkcs12|pfx|jks)[\w.-]*)["']?[ \t]*[:=][ \t]*(["']?)(MII[A-Za-z0-9+/]{20,}[A-Za-z0-9+/=]*)/dgi,
    groups: [3],
    judge: () => true,
  },
  // Nostr's private key (bech32 `nsec1` and 58 characters) and BIP32 extended private keys (`xprv…`, `tprv…`).
  { gates: ['nsec1'], re: /(?<![A-Za-z0-9])(nsec1[02-9ac-hj-np-z]{58})(?![A-Za-z0-9])/dg, groups: [1], judge: (v) => randomPartOk(v.slice(5)) },
  { gates: ['prv'], re: /(?<![A-Za-z0-9])([xtyzuv]prv[1-9A-HJ-NP-Za-km-z]{100,112})(?![A-Za-z0-9])/dg, groups: [1], judge: (v) => randomPartOk(v.slice(4)) },
  // A Discord bot token handed to the client: `client.run("…")`, `client.login('…')` (the shape, in the call that takes it).
  {
    gates: ['.run(', '.login('],
    re: /\.(?:run|login)\([ \t]*(["'`])([MNO][\w-]{22,26}\.[\w-]{6}\.[\w-]{27,40})\1/dg,
    groups: [2],
    judge: (v) => randomPartOk(v.slice(v.lastIndexOf('.') + 1)),
  },
];
// Their gates are found in one pass over a text (gates.ts), not a search of the text for each.
registerGates([...formLiterals(FORMS), '---']);

/** The strings inside a `[…]` list (group 2 of the list form). */
const LIST_ITEM = /(["'])([^"'\n]*)\1/dg;

/** What a list form's match holds on its own line: the `=` `:` or `=>`, the `[`, and the first item's quote. */
const LIST_OPEN = /[=:>][ \t]*\[[ \t]*["']/g;

/**
 * The list form's matches in `text` (`visit(m, at)`: `at` is added to the match's indices), in order: the same
 * as `re` run over the whole text, which cost a sixth of masking a source tree (V8 tries the name's class at
 * every letter of it). A match holds no line break (none of its parts matches one) and `re` has no look-around,
 * anchor or `\b`, so it is found the same on its line alone; and it holds a LIST_OPEN on that line, so a line
 * without one holds no match. So only the lines holding a LIST_OPEN are read, each on its own.
 */
function eachListMatch(text: string, re: RegExp, visit: (m: RegExpExecArray, at: number) => void): void {
  LIST_OPEN.lastIndex = 0;
  for (let o = LIST_OPEN.exec(text); o !== null; o = LIST_OPEN.exec(text)) {
    const ls = text.lastIndexOf('\n', o.index) + 1;
    const nl = text.indexOf('\n', o.index);
    const line = text.slice(ls, nl < 0 ? text.length : nl);
    re.lastIndex = 0;
    for (let m = re.exec(line); m !== null; m = re.exec(line)) visit(m, ls);
    if (nl < 0) break;
    LIST_OPEN.lastIndex = nl + 1;
  }
}

/** A Markdown table's delimiter row: `|---|---|`, `| :-- | --: |`, `---|---`. */
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*\r?$/m;
const TABLE_RULE_LINE = new RegExp(TABLE_RULE.source);

/**
 * `TABLE_RULE.test(text)`, read only on the lines holding `---` (every delimiter row does; none holds a `\n`, and a
 * line alone keeps `^` and `$` where the text has them): the expression over the whole text tried it at every
 * character, a tenth of this rule's time.
 */
function tableRule(text: string): boolean {
  for (let p = text.indexOf('---'); p >= 0;) {
    const ls = text.lastIndexOf('\n', p) + 1;
    const nl = text.indexOf('\n', p);
    if (TABLE_RULE.test(text.slice(ls, nl < 0 ? text.length : nl))) return true;
    if (nl < 0) return false;
    p = text.indexOf('---', nl + 1);
  }
  return false;
}

/**
 * A cell that is a Markdown link (`[\`ClientSecretCredential\`](https://learn.microsoft.com/…)`): a reference to a
 * page under a column named `Credential`, not the credential. A link whose target holds userinfo (`@`) is judged.
 */
const MD_LINK = /^!?\[[^\]\n]*\]\((?![^()\s]*:\/\/[^/()\s]*@)[^()\s]*\)$/;

/** The cells of a table row: [start, end) of each cell's text, blanks and backticks trimmed. */
function cells(line: string): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  const lead = /^[ \t]*\|/.exec(line);
  if (lead !== null) from = lead[0].length;
  while (from <= line.length) {
    let to = line.indexOf('|', from);
    if (to < 0) to = line.length;
    let s = from;
    let e = to;
    while (s < e && (line[s] === ' ' || line[s] === '\t' || line[s] === '`')) s++;
    while (e > s && (line[e - 1] === ' ' || line[e - 1] === '\t' || line[e - 1] === '`' || line[e - 1] === '\r')) e--;
    if (to === line.length && s === e) break;
    out.push([s, e]);
    from = to + 1;
  }
  return out;
}

/**
 * Markdown tables: a column whose header names a secret (`| user | password |`), and a two-column table of
 * names and values (`| password | … |` under `| Key | Value |`): each value cell judged under its name.
 */
function markdownTables(text: string, index: LineIndex, out: BlockOutput): void {
  const starts = index.starts();
  const line = (i: number) => text.slice(starts[i]!, i + 1 < starts.length ? starts[i + 1]! - 1 : text.length);
  for (let i = 1; i < starts.length; i++) {
    if (text.charCodeAt(starts[i]!) !== 124 && text.charCodeAt(starts[i]!) !== 45 && text.charCodeAt(starts[i]!) !== 32) continue;
    const sep = line(i);
    if (!TABLE_RULE_LINE.test(sep)) continue;
    const headLine = line(i - 1);
    if (!headLine.includes('|')) continue;
    // A `Key | Value` header names the columns, not a secret.
    const head = cells(headLine).map(([s, e]) => (/^keys?$/i.test(headLine.slice(s, e)) ? null : classifyName(headLine.slice(s, e))));
    const byColumn = head.some((h) => h !== null);
    for (let r = i + 1; r < starts.length; r++) {
      const row = line(r);
      if (!row.includes('|') || TABLE_RULE_LINE.test(row)) break;
      const cs = cells(row);
      const judge = (c: number, strength: 'strong' | 'weak' | null) => {
        if (strength === null || cs[c] === undefined) return;
        const [s, e] = cs[c]!;
        const v = row.slice(s, e);
        // A cell with a blank is a note (`(see vault)`), not the secret.
        if (v !== '' && !/\s/.test(v) && !MD_LINK.test(v) && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, strength, true))
          addHit(out, r, { start: s, end: e, rule: 'secret-by-form', priority: PRIORITY });
      };
      if (byColumn) head.forEach((h, c) => judge(c, h));
      else if (cs.length === 2) judge(1, classifyName(row.slice(cs[0]![0], cs[0]![1])));
    }
  }
}

export const secretByForm: BlockRule = {
  id: 'secret-by-form',
  description:
    'Secrets in tool flags (xfreerdp /p:, pscp -pw, ssm --value, rclone config), SQL grammar, HTTP Basic/Bearer values, credential constructors, Ruby ||= and set, next-line dict values, Markdown labels, prose, secret lists, license keys, keystores, nsec/xprv keys, Discord run tokens, passwords piped or handed to account tools, user:password pairs in comments, prose that sets a password',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (const f of FORMS) {
      if (f.list !== true) {
        scanForm(f, text, index, out, 'secret-by-form');
        continue;
      }
      if (!holdsAny(text, f.gates)) continue;
      eachListMatch(text, f.re, (m, at) => {
        // A strong name only: a weak one (`storageKeys`) lists values other rules judge on their own.
        const n = m[1]!;
        const name = classifyName(n) ?? (/s$/i.test(n) ? classifyName(n.slice(0, -1)) : null);
        if (name !== 'strong') return;
        const ls = at + m.indices![2]![0];
        LIST_ITEM.lastIndex = 0;
        for (let it = LIST_ITEM.exec(m[2]!); it !== null; it = LIST_ITEM.exec(m[2]!)) {
          const v = it[2]!;
          // `0x…` hex in a list is a slot or a hash as often as a wallet's key: the value rules judge it.
          if (v !== '' && !v.startsWith('0x') && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, name, true))
            push(text, index, out, ls + it.indices![2]![0], ls + it.indices![2]![1], 'secret-by-form');
        }
      });
    }
    if (holds(text, '---') && text.includes('|') && tableRule(text)) markdownTables(text, index, out);
  },
  samples() {
    const p = Array.from({ length: 16 }, () => pw());
    const b = btoa(`svc:${p[8]}`);
    const bearer = rs(ALNUM, 40);
    const fernet = rs(B64URL, 43) + '=';
    const nr = rs(HEX, 40);
    const ks = 'MIIK' + rs(B64, 60);
    const nsec = j('ns', 'ec1', rs('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58));
    const xprv = j('xp', 'rv9s21ZrQH143K', rs('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 95));
    const discord = j('M', rs(ALNUM, 25), '.', rs(B64URL, 6), '.', rs(B64URL, 38));
    const prose = rs(ALNUM, 38) + '7a';
    return {
      truePositives: [
        { text: `xfreerdp /v:10.0.0.7 /u:admin /p:${p[0]} +clipboard`, secrets: [p[0]!] },
        { text: `pscp -pw ${p[1]} file.txt root@10.0.0.2:/tmp`, secrets: [p[1]!] },
        { text: `aws ssm put-parameter --name /app/db --type SecureString --value '${p[2]}'`, secrets: [p[2]!] },
        { text: `rclone config create s3 s3 provider AWS secret_access_key ${p[3]} region eu-west-1`, secrets: [p[3]!] },
        { text: `SET PASSWORD FOR 'legacy'@'localhost' = '${p[4]}';`, secrets: [p[4]!] },
        { text: `CREATE SERVER fdw FOREIGN DATA WRAPPER mysql OPTIONS (USER 'r', PASSWORD '${p[5]}', HOST 'x');`, secrets: [p[5]!] },
        { text: `EXEC sp_addlogin 'svc', '${p[6]}';`, secrets: [p[6]!] },
        { text: `    {"key": "basic", "value": "Basic ${b}"}`, secrets: [b] },
        { text: `AUTH_HEADER=Bearer ${bearer}`, secrets: [bearer] },
        { text: `var c = new PlainCredentials("svc", "${p[7]}");`, secrets: [p[7]!] },
        { text: `set :password, "${p[10]}"`, secrets: [p[10]!] },
        { text: `mongoose.connect(\`mongodb://admin:\${encodeURIComponent('${p[11]}')}@mongo/db\`);`, secrets: [p[11]!] },
        { text: `DATABASES = {\n    "default": {\n        "password":\n            "${p[12]}",\n    }\n}`, secrets: [p[12]!] },
        { text: `- **Password:** \`${p[13]}\``, secrets: [p[13]!] },
        { text: `The token is ${prose} and expires Friday.`, secrets: [prose] },
        { text: `FERNET_KEYS = ["${fernet}"]`, secrets: [fernet] },
        { text: `newrelic_license: "${nr}"`, secrets: [nr] },
        { text: `keystore_b64: ${ks}`, secrets: [ks] },
        { text: `import from ${nsec} (nostr)`, secrets: [nsec.slice(5)] },
        { text: `wallet ${xprv}`, secrets: [xprv.slice(4)] },
        { text: `client = discord.Client(); client.run("${discord}")`, secrets: [discord.slice(1, 26), discord.slice(-38)] },
      ],
      falsePositives: [
        'xfreerdp /v:10.0.0.7 /u:admin /p:$RDP_PASS',
        'pscp -pw "$PW" file.txt root@10.0.0.2:/tmp',
        'aws ssm put-parameter --name /app/db --type SecureString --value "$DB_PASSWORD"',
        'aws ssm put-parameter --name /app/region --type String --value eu-west-1',
        'rclone config create s3 s3 provider AWS env_auth true region eu-west-1',
        "SET PASSWORD FOR 'legacy'@'localhost' = '${NEW_PASSWORD}';",
        'ALTER ROLE app PASSWORD NULL;\nSELECT password FROM users WHERE id = 1;',
        '{"key": "Authorization", "value": "Basic {{basicAuth}}"}',
        'Use Basic authentication or Bearer tokens; see the Bearer authentication section.',
        'const c = new UsernamePasswordCredentials(user, password);',
        '@cache ||= "default-value-for-cache"\nset :application, "my_app_name"',
        '"password":\n    os.environ["DB_PASSWORD"],',
        '- **Password:** `<your password>`\n- **Port:** `5432`',
        'The token is valid for 30 days and expires Friday.\nThe key is configurable in settings.',
        'ALLOWED_HOSTS = ["example.com", "localhost"]\nSECRET_KEYS = ["${OLD_KEY}", "${NEW_KEY}"]',
        'license: "MIT"\nlicense_file: LICENSE',
        'keystore_path: /etc/app/keystore.p12',
        'client.run(TOKEN)\nbot.run(os.environ["DISCORD_TOKEN"])',
        ' * example authority: "https://login.microsoftonline.com/TenantId",',
        '| Credential | Usage |\n| --- | --- |\n| [`ClientSecretCredential`](https://learn.microsoft.com/javascript/api/@azure/identity/clientsecretcredential) | A service principal |',
      ],
    };
  },
};
