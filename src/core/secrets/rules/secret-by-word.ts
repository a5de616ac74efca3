// secret-by-word: secrets found by a tool's, a call's or a name's own word, that no key-value rule reads:
// - lines the pre-scan never offers to the line rules, though a line rule knows their form: a tool's password
//   flag or token argument (`ngrok config add-authtoken T`, `openssl enc -k P`, `docker login -p P` inside a
//   Jenkinsfile's `sh "…"`), a call that takes a password by position (`DBI->connect($dsn, "u", "P")`,
//   `psycopg2.connect(h, u, "P", db)`, `AES.new(b"K")`, `Fernet(b"K")`): found here by the tool's or the call's
//   own word, and handed to the line rules as they are;
// - a line that is several lines: a vertical tab, a form feed or a lone CR (classic Mac line endings) before
//   a key (`A=1<VT>DB_PASSWORD=…`): each piece is handed to the line rules as a line of its own (the bytes
//   stay as they are: only the hits' offsets move);
// - forms no key-value rule reads: a diff of a secret (`~ password = "OLD" -> "NEW"`), URL userinfo whose user
//   holds an `@` (`user@acme.io:P@host`), Redis's AUTH (MONITOR, RESP, the CLI), `.auth('P')`, `":PAT"` for
//   Basic auth, tool flags (`nuget -Password`, `curl -b 'session=…'`), a name and its value apart (Postman's
//   `{"key": …, "value": …}`, an args list's `- --client-secret` then `- VALUE`, YAML's `? key` / `: value`,
//   composer's `"bearer": {"host": "T"}`, GraphQL variables bound to a password argument), template fallbacks
//   (Helm `{{ default "S" .Values.x }}`, Jinja `| default('P')`), escaped containers (`&quot;token&quot;:…`,
//   `%22access_token%22%3A%22…`), system credential files (chap-secrets, ipsec.secrets, `#define WIFI_PSK`,
//   RabbitMQ's erlangCookie), and unprefixed vendor tokens by their context (Discord bot tokens, ngrok
//   authtokens, Jenkins API tokens, a Heroku API key by "heroku", 2FA recovery codes).
// Threat: each of these lines was shown to the model verbatim.
// Cost: every form names literals the text must hold (one native search each); the lines handed to the line
// rules are found by searches for their words, and a text without a VT, FF or lone CR costs three searches.
import { isPlaceholder, isReference, randomPartOk, valueLooksSecret } from '../entropy';
import { isCodeValue } from '../code-value';
import { classifyName } from '../names';
import { ALNUM, HEX, PASSWORD_CHARS, j, rand } from '../samples';
import { holds, holdsAny, registerGates } from './gates';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { CALL_ARG, callCredential } from './context-more';
import { addHit } from './hits';
import { named, password, push, token, type Form, formLiterals, scanForms } from './form-scan';
import { lineOfPos } from './structure';

const RULE = 'secret-by-word';

/** The line rules (catalog.ts sets them: importing the catalog here would be a cycle). */
let lineScan: ((line: string, out: Hit[]) => void) | undefined;
export function setWordLineScan(scan: (line: string, out: Hit[]) => void): void {
  lineScan = scan;
}

/** A password under the name in group `g`, or under a name this file knows (PSK, erlang cookie). */
const EXTRA_NAME = /psk|erlang_?cookie|erlangcookie|signing_?salt/i;

/** What a line holding a diff form's match holds: the old value after its `=` or `:`, then the arrow. */
const DIFF_TEST = /[=:][ \t]*(?:["'][^"'\n]+["']|[^\s"'(<{-][^\s"']*)[ \t]*(?:->|=>|\u2192)/;

/**
 * A typed parameter before an arrow, not a diff: `(token: string) => void`, `(token: AST.Token) => token is T`:
 * the "old value" is unquoted and closes the parameter list (a `)` ends it).
 */
const closesParameters = (m: RegExpExecArray): boolean => m[4] !== undefined && m[4].endsWith(')');

/** A quoted value: `"…"` or `'…'` (group numbers in the forms count these two groups). */
export const FORMS: Form[] = [
  // --- a diff of a secret: `~ password = "OLD" -> "NEW"` (terraform plan), `secret: old => new` ---
  {
    gates: ['->', '=>', '\u2192'],
    re: /([A-Za-z_][\w.-]*)["']?[ \t]*[=:][ \t]*(?:(["'])([^"'\n]+)\2|([^\s"'(<{-][^\s"']*))[ \t]*(?:->|=>|\u2192)[ \t]*(?:(["'])([^"'\n]+)\5|([^\s"'(<{][^\s"']*))/dg,
    line: true,
    lineTest: (l) => DIFF_TEST.test(l),
    groups: [6, 7],
    judge: (v, m, t) => !closesParameters(m) && named(1)(v.replace(/[,;]$/, ''), m, t),
  },
  {
    gates: ['->', '=>', '\u2192'],
    re: /([A-Za-z_][\w.-]*)["']?[ \t]*[=:][ \t]*(?:(["'])([^"'\n]+)\2|([^\s"'(<{-][^\s"']*))[ \t]*(?:->|=>|\u2192)[ \t]*(?:(["'])[^"'\n]+\5|[^\s"'(<{][^\s"']*)/dg,
    line: true,
    lineTest: (l) => DIFF_TEST.test(l),
    groups: [3, 4],
    judge: (v, m, t) => !closesParameters(m) && named(1)(v, m, t),
  },
  // --- URL userinfo whose user holds `@`: the password runs from the last `:` to the last `@` of the authority ---
  {
    gates: ['://'],
    re: /\b[a-zA-Z][\w+.-]{1,30}:\/\/[^\s:/?#"'<>@]+@[^\s:/?#"'<>@]+:([^\s/"'<>@]+)@(?=[\w[])/dg,
    line: true,
    // Two `@`: the user's and the authority's.
    lineTest: (l) => l.indexOf('@', l.indexOf('@') + 1) > 0,
    groups: [1],
    judge: (v) => v.length >= 3 && !isReference(v) && !isPlaceholder(v) && !/^\d{1,5}$/.test(v),
  },
  // --- Redis AUTH: MONITOR (`"AUTH" "P"`, `"AUTH" "user" "P"`), RESP in a trace, the CLI (`AUTH P`) ---
  { gates: ['"AUTH"', '"auth"'], re: /"AUTH"[ \t]+"([^"\n]*)"(?:[ \t]+"([^"\n]+)")?/dgi, groups: [2, 1], judge: password },
  {
    gates: ['AUTH', 'auth'],
    re: /\*[23](?:\\r\\n|\r\n)\$4(?:\\r\\n|\r\n)AUTH(?:\\r\\n|\r\n)\$\d+(?:\\r\\n|\r\n)([^\\\r\n]+)(?:(?:\\r\\n|\r\n)\$\d+(?:\\r\\n|\r\n)([^\\\r\n]+))?/dgi,
    groups: [2, 1],
    judge: password,
  },
  { gates: ['AUTH '], re: /(?:^|>[ \t]*)AUTH[ \t]+([^\s"']+)(?:[ \t]+([^\s"']+))?[ \t]*\r?$/dgm, groups: [2, 1], judge: password },
  // --- a password by position where no table has room: `.auth('P')` (Redis clients), `":PAT"` for Basic auth ---
  { gates: ['auth('], re: /(?:\.|->)auth\([ \t]*(["'])([^"'\n]+)\1[ \t]*\)/dg, groups: [2], judge: password },
  {
    gates: ['GetBytes(', 'btoa(', 'b64encode(', 'encode64(', 'base64_encode(', 'encodeToString('],
    re: /\b(?:GetBytes|btoa|b64encode|encode64|base64_encode|encodeToString)\([ \t]*b?(["'`])([^"'`\s:]*):([^"'`\s/]{8,})\1/dg,
    groups: [3],
    judge: password,
  },
  // ODBC's braced value: `PWD={…};`, `Password={…}` (a `;` or `}` inside is the password's own).
  {
    gates: ['PWD', 'Pwd', 'pwd', 'assword={', 'ASSWORD={', 'assword = {'],
    re: /\b(?:PWD|[Pp]wd|[Pp]assword|PASSWORD)[ \t]*=[ \t]*\{(?![{\s])((?:[^}\r\n]|\}\})+)\}/dg,
    groups: [1],
    judge: password,
  },
  // --- tool flags ---
  {
    gates: ['nuget', 'NuGet', 'NUGET'],
    re: /\bnuget(?:\.exe)?\b[^\n]*?[ \t]-(?:Password|ApiKey)[ \t]+(["']?)([^\s"']+)\1/dgi,
    groups: [2],
    judge: password,
  },
  {
    gates: ['docker login', 'podman login', 'buildah login', 'helm registry login'],
    re: /\b(?:docker|podman|buildah|helm[ \t]+registry)[ \t]+login\b[^\n]*?[ \t](?:-p|--password)(?:[ \t]+|=)(["']?)([^\s"']+)\1/dg,
    groups: [2],
    judge: password,
  },
  // --- a name and its value apart ---
  // Postman (and other exports): `{"key": "password", "value": "…"}`, `{"name": …, "value": …}`; an API-key auth's `{"key": "value", "value": "…"}`.
  {
    gates: ['"value"', '"Value"', '"secret"'],
    re: /\{[ \t]*"(?:key|name|Key|Name|id)"[ \t]*:[ \t]*"([^"\n]+)"[ \t]*,[ \t]*"(?:value|Value|secret)"[ \t]*:[ \t]*"([^"\n]+)"/dg,
    groups: [2],
    judge: (v, m, t) => (m[1] === 'value' || m[1] === 'token' ? token(v, m, t) : named(1)(v, m, t)),
  },
  // An args list: `- --client-secret` then `- VALUE` (also `- "--password"`).
  {
    gates: ['- --', '- "--', "- '--"],
    re: /^([ \t]*)-[ \t]+(["']?)--([\w-]+)\2[ \t]*\r?\n\1-[ \t]+(["']?)([^\s"'-][^\s"']*)\4[ \t]*\r?$/dgm,
    groups: [5],
    judge: named(3),
  },
  // YAML's complex key: `? auth_token` then `: VALUE`.
  {
    gates: ['? '],
    lineStart: '?',
    re: /^([ \t]*)\?[ \t]+(["']?)([\w.-]+)\2[ \t]*\r?\n\1:[ \t]+(["']?)([^\s"'][^\n"']*?)\4[ \t]*\r?$/dgm,
    groups: [5],
    // A ternary's branches look alike (`? secondToLastToken` then `: lastToken;`): a branch that is code is no value.
    judge: (v, m, t) => !isCodeValue(v) && named(3)(v, m, t),
  },
  // composer's auth.json: `"bearer": {"host": "TOKEN"}`, `"gitlab-token": {"host": "T"}` (the key is a host).
  {
    gates: ['"bearer"', '"gitlab-token"', '"gitlab-oauth"', '"github-oauth"', '"bitbucket-oauth"'],
    re: /"(?:bearer|gitlab-token|gitlab-oauth|github-oauth)"[ \t]*:[ \t]*\{[ \t\r\n]*"[\w.:-]+"[ \t]*:[ \t]*"([^"\n]+)"/dg,
    groups: [1],
    judge: token,
  },
  // --- template fallbacks: Helm `{{ default "S" .Values.x }}` / `{{ .Values.x | default "S" }}`, Jinja `{{ x | default('P') }}` ---
  {
    gates: ['default'],
    requires: ['{{'],
    re: /([\w.-]+)["']?[ \t]*[:=][ \t]*["']?\{\{-?[ \t]*(?:[^}\n]*?\|[ \t]*)?default[ \t(]+(["'])([^"'\n]+)\2/dg,
    line: true,
    lineTest: (l) => l.includes('{{'),
    groups: [3],
    judge: named(1),
  },
  {
    gates: ['default'],
    requires: ['{{'],
    re: /\{\{-?[ \t]*(?:default[ \t]+(["'])([^"'\n]+)\1[ \t]+\.[\w.]*?([\w-]+)|\.?[\w.]*?([\w-]+)[ \t]*\|[ \t]*default[ \t(]+(["'])([^"'\n]+)\5)/dg,
    groups: [2, 6],
    judge: (v, m, t) => named(m[3] !== undefined ? 3 : 4)(v, m, t),
  },
  // --- escaped containers: JSON in HTML entities, URL-encoded JSON ---
  {
    gates: ['&quot;', '&#34;'],
    re: /(?:&quot;|&#34;)([\w.-]+)(?:&quot;|&#34;)[ \t]*:[ \t]*(?:&quot;|&#34;)((?:(?!&quot;|&#34;)[^"<>\s])+)(?:&quot;|&#34;)/dg,
    groups: [2],
    judge: named(1),
  },
  { gates: ['%22', '%22'.toLowerCase()], re: /%22([\w.-]+)%22(?:%20)*%3A(?:%20)*%22([\w.~-]+)%22/dgi, groups: [2], judge: named(1) },
  // --- system credential files ---
  // pppd's chap-secrets / pap-secrets: `client server "secret" addresses`.
  {
    gates: [' * ', '\t*\t', '" *', '"\t*'],
    line: true,
    anchors: /[ \t]\*|"[ \t]/g,
    re: /^[ \t]*("?)[^\s"#]+\1[ \t]+(?:\*[ \t]+("?)([^\s"]+)\2|("?)(?:[\w.-]+)\4[ \t]+"([^\s"]+)")[ \t]+(?:\*|-|[\d.\/]+)[ \t]*\r?$/dgm,
    groups: [3, 5],
    judge: password,
  },
  // strongSwan's ipsec.secrets: `: PSK "…"`, `: XAUTH "…"`, `: EAP "…"`, `: RSA key.pem "passphrase"`.
  {
    gates: ['PSK', 'XAUTH', 'EAP', 'RSA', 'ECDSA', 'P12', 'NTLM'],
    re: /(?:^|[ \t]):[ \t]*(?:PSK|XAUTH|EAP|NTLM|RSA|ECDSA|BLISS|PKCS8|P12)[ \t]+(?:[^\s"']+[ \t]+)?(["'])([^"'\n]+)\1/dgm,
    groups: [2],
    judge: password,
  },
  // Names no name table holds: RabbitMQ's erlang cookie, a PSK glued inside a longer word (`wifipsk=…`; names.ts reads `psk`).
  {
    gates: ['PSK', 'psk', 'Psk', 'ookie', 'OOKIE'],
    line: true,
    anchors: /psk|erlang_?cookie/gi,
    re: /([\w.-]*(?:psk|erlang_?cookie|erlangcookie)[\w.-]*)["']?(?:[ \t]*[:=][ \t]*|[ \t]+)(["']?)([^\s"']{8,})\2/dgi,
    groups: [3],
    judge: (v, m) => EXTRA_NAME.test(m[1]!) && password(v, m, ''),
  },
  // --- unprefixed vendor tokens by context ---
  // A Discord bot token: base64 of the bot's numeric id, `.`, a timestamp, `.`, an HMAC.
  {
    gates: ['iscord', 'ISCORD', 'bot', 'Bot', 'BOT'],
    re: /(?<![\w-])([MNO][\w-]{22,27}\.[\w-]{6}\.[\w-]{30,40})(?![\w-])/dg,
    groups: [1],
    judge: (v, _m, text) => randomPartOk(v.slice(v.lastIndexOf('.') + 1)) && (discordId(v) || /discord/i.test(text)),
  },
  // An ngrok authtoken (digit, 26 characters, `_`, 21 characters) where ngrok is named.
  { gates: ['ngrok', 'NGROK'], re: /(?<![\w-])([1-9][A-Za-z0-9]{24,28}_[A-Za-z0-9]{18,26})(?![\w-])/dg, groups: [1], judge: (v) => randomPartOk(v) },
  // A Jenkins API token (`11` and 32 hex digits) where Jenkins is named.
  { gates: ['jenkins', 'Jenkins', 'JENKINS'], re: /(?<![\w-])(11[0-9a-f]{32})(?![\w-])/dg, groups: [1], judge: (v) => randomPartOk(v) },
  // A Heroku API key (a UUID) on a line that names Heroku and a key or token.
  {
    gates: ['heroku', 'Heroku', 'HEROKU'],
    re: /^(?=[^\n]*heroku)(?=[^\n]*(?:key|token|auth))[^\n]*?(?<![\w-])([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-])/dgim,
    groups: [1],
    judge: () => true,
  },
  // 2FA recovery codes: `Recovery codes: abcde-12345 fghij-67890 …`.
  {
    gates: ['codes', 'Codes', 'CODES'],
    re: /\b(?:recovery|backup)[ \t]+codes?\b[^\n:]*:[ \t]*((?:[a-z0-9]{4,6}-[a-z0-9]{4,6}[ \t,]+){1,}[a-z0-9]{4,6}-[a-z0-9]{4,6})/dgi,
    groups: [1],
    judge: (v) => /\d/.test(v) && /[a-z]/i.test(v),
  },
];
// Their gates are found in one pass over a text (gates.ts), not a search of the text for each.
registerGates(formLiterals(FORMS));

/** A Discord token's first part is base64 of the bot's id: 17 to 20 decimal digits. */
function discordId(v: string): boolean {
  const head = v.slice(0, v.indexOf('.'));
  try {
    const s = atob(head.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (head.length % 4)) % 4));
    return /^\d{17,20}$/.test(s);
  } catch {
    return false;
  }
}

/**
 * Words that start a line the line rules know but the pre-scan does not offer them: the line is handed to
 * them as it is. (The call table is context-more.ts's CALL_FORMS; the tool flags are admin.ts's and generic.ts's.)
 */
const LINE_WORDS = [
  'ngrok',
  'openssl',
  // admin.ts's other tools whose password is a flag's value the pre-scan does not know (mask23: `ssh-keygen -N 'P'`
  // reached the model; `-P OLD` beside it was found only by its `Pass`).
  'ssh-keygen',
  '7z ',
  '7za ',
  'psexec',
  'PsExec',
  'PSExec',
  'paexec',
  'PAExec',
  'influx ',
  'docker login',
  'sshpass',
  'curl ',
  '->connect(',
  '.connect(',
  'AES.new(',
  'DES3.new(',
  'ChaCha20.new(',
  'Blowfish.new(',
  'Fernet(',
  'AESGCM(',
  'ChaCha20Poly1305(',
  'SqlConnection(',
  '.login(',
  // A logical assignment (`ENV['TOKEN'] ||= '…'` in Ruby, `cfg.apiKey ??= "…"` in JS, C# and PHP, Perl's
  // `$password //= '…'`): the pre-scan's look-behind from `=` skips one operator character, not two.
  '||=',
  '??=',
  '&&=',
  '//=',
];

// The words above, with the forms' gates: one pass finds them all (a search of the text for each cost a twentieth
// of masking a source tree). The pass holds at most eight sets of 31 literals (gates.ts): these fill most of the last.
registerGates(LINE_WORDS);

/** What a text holds when a command sends a cookie (cookies), in the same pass (each a whole-text search before). */
const COOKIE_GATES = ['-b ', '--cookie', 'Cookie:'];
registerGates([...COOKIE_GATES, '"variables"']);

/**
 * A call of the call table (context-more.ts CALL_FORMS), by its name as callCredential reads it (the last word,
 * or the qualifier and the word: `AES.new`, `DBI->connect`), then `(`. The pre-scan offers a line by a key's
 * operator or a literal right after `(`: `DriverManager.getConnection(url, user, "pw")` and
 * `.basic_auth(user, Some("pw"))` have neither, and their password reached the model (mask23's own red team).
 * One search of the text; callCredential alone reads each line found, only when it holds a quote.
 */
const CALL_LINE = new RegExp(
  `(?<![\\w$])(?:${[...CALL_ARG.keys()]
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/\./g, '(?:\\.|::|->)'))
    .join('|')})[ \\t]*\\(`,
  'gi',
);

/** The last word of each call name (after its last `.`), lowercase: CALL_LINE is case-insensitive. */
const CALL_TAILS = new Set([...CALL_ARG.keys()].map((n) => n.slice(n.lastIndexOf('.') + 1)));
const CALL_TAIL_MAX = Math.max(...[...CALL_TAILS].map((t) => t.length));
/** Their last characters, `| 0x20` (an ASCII letter's lowercase; digits and `_` map alike on both sides). */
const CALL_TAIL_ENDS = new Set([...CALL_TAILS].map((t) => t.charCodeAt(t.length - 1) | 0x20));

/** CALL_LINE tried at one offset (sticky): callLines tries it only where a call's name may start. */
const CALL_AT = new RegExp(CALL_LINE.source, 'yi');
/** A character of a name as CALL_LINE spells it (the table's names are `[a-z0-9_.]`, a `.` read as `.`, `::` or `->`). */
const nameChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 58 || c === 45 || c === 62;
/** `[\w$]`, what CALL_LINE's look-behind refuses before a name. */
const wordChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;

/**
 * Whether a CALL_LINE match ends at the `(` at `q` (it would end there or at a later `(` of its line). A match is a
 * name, blanks and `(`: its name ends where the blanks before `(` begin and starts within the run of name
 * characters before that, where no `[\w$]` precedes; CALL_AT is tried at each such start.
 */
function callBefore(text: string, q: number): boolean {
  let e = q;
  while (e > 0 && (text.charCodeAt(e - 1) === 32 || text.charCodeAt(e - 1) === 9)) e--;
  // A match's last word (after a `.`, `::` or `->`, or the whole name) is all of the run of `\w` before the blanks:
  // most calls (`if (`, `push(`) end in none of the table's, and are let go without trying CALL_AT.
  let w = e;
  while (w > 0 && e - w <= CALL_TAIL_MAX && wordChar(text.charCodeAt(w - 1)) && text.charCodeAt(w - 1) !== 36) w--;
  if (w === e || e - w > CALL_TAIL_MAX || !CALL_TAIL_ENDS.has(text.charCodeAt(e - 1) | 0x20) || !CALL_TAILS.has(text.slice(w, e).toLowerCase())) return false;
  let c = e;
  while (c > 0 && nameChar(text.charCodeAt(c - 1))) c--;
  for (; c < e; c++) {
    if (c > 0 && wordChar(text.charCodeAt(c - 1))) continue;
    CALL_AT.lastIndex = c;
    if (CALL_AT.test(text)) return true;
  }
  return false;
}

/**
 * The lines holding a CALL_LINE match, in order, read by callCredential. They are found from each `(` (every match
 * ends with one), not by CALL_LINE over the text: V8 tries its look-behind and ninety names at every character,
 * a twentieth of masking a source tree.
 */
function callLines(text: string, index: LineIndex, out: BlockOutput, done: Set<number>): void {
  for (let q = text.indexOf('('); q >= 0; q = text.indexOf('(', q + 1)) {
    if (!callBefore(text, q)) continue;
    const [s, e] = lineAround(text, q);
    q = e;
    if (done.has(s) || e - s > 4096) continue;
    done.add(s);
    const line = text.slice(s, e);
    if (line.indexOf('"') < 0 && line.indexOf("'") < 0 && line.indexOf('`') < 0) continue;
    const hits: Hit[] = [];
    callCredential.scan(line, hits);
    if (hits.length === 0) continue;
    const starts = index.starts();
    const li = lineOfPos(starts, s);
    const base = s - starts[li]!;
    for (const h of hits) addHit(out, li, { ...h, start: h.start + base, end: h.end + base });
  }
}

/** The start of the line holding `p` and its end (before `\n`). */
function lineAround(text: string, p: number): [number, number] {
  const s = text.lastIndexOf('\n', p - 1) + 1;
  const e = text.indexOf('\n', p);
  return [s, e < 0 ? text.length : e];
}

/** The line rules on `text[s, e)` as a line of its own; hits go to the text's line holding `s`. */
function scanPiece(text: string, index: LineIndex, out: BlockOutput, s: number, e: number, call = false): void {
  if (lineScan === undefined || e - s < 6 || e - s > 4096) return;
  const hits: Hit[] = [];
  const line = text.slice(s, e);
  lineScan(line, hits);
  // The call table's rule, whose keywords a cipher's constructor (`AES.new(`, `Fernet(`) does not hold.
  if (call) callCredential.scan(line, hits);
  if (hits.length === 0) return;
  const starts = index.starts();
  const li = lineOfPos(starts, s);
  const base = s - starts[li]!;
  for (const h of hits) addHit(out, li, { ...h, start: h.start + base, end: h.end + base });
}

/** `\v`, `\f` and a CR not before `\n`: each starts a piece the line rules read as a line. */
const SEPARATOR = /[\v\f]|\r(?!\n)/g;
const PIECE_END = /[\v\f\r\n]/g;

function separatedPieces(text: string, index: LineIndex, out: BlockOutput): void {
  if (text.indexOf('\v') < 0 && text.indexOf('\f') < 0) {
    const cr = text.indexOf('\r');
    if (cr < 0 || (text.charCodeAt(cr + 1) === 10 && text.indexOf('\n') > cr && !/\r(?!\n)/.test(text))) return;
  }
  SEPARATOR.lastIndex = 0;
  let n = 0;
  for (let m = SEPARATOR.exec(text); m !== null && n < 20000; m = SEPARATOR.exec(text), n++) {
    const s = m.index + 1;
    PIECE_END.lastIndex = s;
    const end = PIECE_END.exec(text);
    const e = end === null ? text.length : end.index;
    scanPiece(text, index, out, s, e);
  }
}

export const secretByWord: BlockRule = {
  id: RULE,
  description:
    'Lines the line rules know but the pre-scan does not offer (tool flags, positional calls), pieces after a VT, FF or lone CR, diffs of secrets, URL userinfo with @ in the user, Redis AUTH, name/value pairs apart, template fallbacks, escaped JSON, chap-secrets and ipsec.secrets, unprefixed vendor tokens by context',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
    graphqlVariables(text, index, out);
    if (holdsAny(text, COOKIE_GATES)) cookies(text, index, out);
    // Lines the pre-scan does not offer the line rules: found by their words, each read once.
    let done: Set<number> | undefined;
    for (const w of LINE_WORDS) {
      if (!holds(text, w)) continue;
      for (let p = text.indexOf(w); p >= 0; p = text.indexOf(w, p + w.length)) {
        const [s, e] = lineAround(text, p);
        if ((done ??= new Set()).has(s)) continue;
        done.add(s);
        scanPiece(text, index, out, s, e, w.endsWith('('));
      }
    }
    callLines(text, index, out, (done ??= new Set()));
    separatedPieces(text, index, out);
  },
  samples() {
    let seed = 0xf11000;
    const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
    const pw = () => 'Q7' + rs(PASSWORD_CHARS.replace(/[#'",;:|%\\()<>{}@/\s]/g, ''), 18);
    const p = Array.from({ length: 24 }, () => pw());
    const hex = rs(HEX, 40);
    const ngrok = j('2', rs(ALNUM, 25), '_', rs(ALNUM, 21));
    return {
      truePositives: [
        { text: `      ~ password          = "${p[0]}" -> "${p[1]}"`, secrets: [p[0]!, p[1]!] },
        { text: `https://user@acme.io:${p[2]}@webdav.acme.io/files`, secrets: [p[2]!] },
        { text: `1736850151.123456 [0 10.0.0.5:53422] "AUTH" "${p[3]}"`, secrets: [p[3]!] },
        { text: `conn.auth('${p[4]}');`, secrets: [p[4]!] },
        { text: `nuget sources add -Name acme -Source https://pkgs.acme.io/nuget -Username ci -Password ${p[5]}`, secrets: [p[5]!] },
        { text: `    {"key": "value", "value": "${p[6]}", "type": "string"},`, secrets: [p[6]!] },
        { text: `args:\n  - --client-secret\n  - ${p[7]}`, secrets: [p[7]!] },
        { text: `twilio:\n  ? auth_token\n  : ${p[8]}`, secrets: [p[8]!] },
        { text: `  JWT_SIGNING_KEY: {{ default "${hex}" .Values.jwtKey | quote }}`, secrets: [hex] },
        { text: `password = {{ db_password | default('${p[9]}') }}`, secrets: [p[9]!] },
        { text: `<div data-config="{&quot;token&quot;:&quot;${hex}&quot;}"></div>`, secrets: [hex] },
        { text: `: PSK "${p[10]}"`, secrets: [p[10]!] },
        { text: `#define ERLANG_COOKIE "${p[11]}"`, secrets: [p[11]!] },
        { text: `The ngrok authtoken is ${ngrok}.`, secrets: [ngrok] },
      ],
      falsePositives: [
        '      ~ instance_type = "t3.small" -> "t3.medium"',
        '      ~ password = (sensitive value)',
        'const f = (token) => token.trim();',
        '  onresumptiontoken?: (token: string) => void;',
        '  filter?: ((token: AST.Token) => boolean) | undefined;',
        '\t\t? secondToLastToken\n\t\t: lastToken;',
        'mailto:user@acme.io and https://acme.io:8443/x',
        '"AUTH" "$REDIS_PASSWORD"',
        '{"key": "Content-Type", "value": "application/json"}',
        'args:\n  - --port\n  - "8080"',
        '  JWT_SIGNING_KEY: {{ .Values.jwtKey | quote }}\n  replicas: {{ default 1 .Values.replicas }}',
        '<div data-config="{&quot;env&quot;:&quot;prod&quot;}"></div>',
        '#define WIFI_SSID "home-network"',
        'The discord bot is online; token rotation is weekly.',
        'A=1\vB=2\fC=3',
      ],
    };
  },
};

/** GraphQL: a variable bound to a secret-named argument (`password: $p`), and its value in `"variables"`. */
function graphqlVariables(text: string, index: LineIndex, out: BlockOutput): void {
  if (!holds(text, '"variables"')) return;
  const names = new Set<string>();
  for (const m of text.matchAll(/\b([A-Za-z_]\w*)[ \t]*:[ \t]*\$([A-Za-z_]\w*)/g)) if (classifyName(m[1]!) === 'strong') names.add(m[2]!);
  if (names.size === 0) return;
  const at = text.indexOf('"variables"');
  const re = /"([A-Za-z_]\w*)"[ \t]*:[ \t]*"([^"\n]+)"/dg;
  re.lastIndex = at;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const v = m[2]!;
    if (names.has(m[1]!) && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, 'strong', true))
      push(text, index, out, m.indices![2]![0], m.indices![2]![1], RULE);
  }
}

/** A cookie a command sends: `curl -b 'session=…; theme=dark'`, `--cookie "sid=…"`, `-H 'Cookie: …'`. */
const COOKIE_ARG = /(?:\bcurl\b[^\n]*?[ \t](?:-b|--cookie)[ \t]+|[Cc]ookie:[ \t]*)(["']?)([^"'\n]+?)\1(?=[ \t]|\r?$|["'])/dgm;
const COOKIE_NAME = /sess|sid|auth|token|jwt|remember|login|csrf|xsrf/i;

function cookies(text: string, index: LineIndex, out: BlockOutput): void {
  COOKIE_ARG.lastIndex = 0;
  for (let m = COOKIE_ARG.exec(text); m !== null; m = COOKIE_ARG.exec(text)) {
    const base = m.indices![2]![0];
    for (const c of m[2]!.matchAll(/([\w.-]+)=([^;\s]+)/g)) {
      const name = c[1]!;
      const v = c[2]!;
      if (!(COOKIE_NAME.test(name) || classifyName(name) === 'strong') || v.length < 16 || isReference(v) || isPlaceholder(v) || !randomPartOk(v)) continue;
      const s = base + c.index + name.length + 1;
      push(text, index, out, s, s + v.length, RULE);
    }
  }
}
