// secret-by-structure (issue #16, "masking by structure, not only by line"): a value whose secret-looking key
// governs it from somewhere else.
// - Split over lines: a run of string literals after a key's line (Go/Java/C/JS concatenation, C's adjacent
//   literals, the items of `"".join([…])`, every piece of it, also pieces the statement's grammar left dangling),
//   a YAML scalar continued on more-indented lines (plain, or `"…\` double-quoted), a bare token in a heredoc that
//   writes credentials.
// - A column named for a secret on another line: SQL `COPY t (…, secret) FROM stdin` rows, mysql/psql result tables
//   (`| password |` header, values below), `INSERT INTO users VALUES (…)` without a column list (the table's
//   `CREATE TABLE` names the columns; else a users/credentials table's password-shaped values).
// - A reply that names the value on the line before: `redis-cli config get requirepass` (`1) "requirepass"`, then
//   `2) "P"`).
// - Key spellings: letters beyond ASCII (`db_pässword`, read as `db_password`), blanks padding a quoted key
//   (`"apiKey ": …`), a secret-named JSON pair after other pairs on its line (an MSAL cache's `"secret": …`),
//   `\u003d` / `\u003a` as a .properties separator, an EDN tagged map (`:api-key #profile {:prod "K"}`).
// - A password piped into a program that reads it from standard input (`echo P | kinit u@R`, `sudo -S`, gpg
//   `--passphrase-fd 0`, `kinit u <<< P`).
// And two look-alikes kept whole: a Helm `checksum/secret: <sha256>` annotation (a digest of the manifest), and a
// secret's name written as a path (`secret_id = "shop/api"`).
// Threat: each of these lines was shown to the model verbatim (or, for the look-alikes, a benign line was not).
// Cost: every form names literals the text must hold (one native search each) before its regex runs; the
// multi-line readers walk only the lines after a gate's hit.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { isCodeValue } from '../code-value';
import { classifyName } from '../names';
import { ALNUM, HEX, PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { named, password, push, token, type Form, type Judge, formLiterals, scanForms } from './form-scan';

const RULE = 'secret-by-structure';

/** The name's strength, with letters beyond ASCII read without their marks (`pässword` → `password`). */
function strengthOf(name: string): ReturnType<typeof classifyName> {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return classifyName(ascii.trim());
}

/** The value under a name (group `g`), the name read without marks or padding. */
const namedLoose =
  (g: number): Judge =>
  (v, m) => {
    const s = strengthOf(m[g]!);
    return s !== null && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, s, true);
  };

/** A password a person typed: letters and a digit or a sign, 8 characters at least, not an e-mail address. */
const typed: Judge = (v, m, t) => v.length >= 8 && /[A-Za-z]/.test(v) && /[\d\W_]/.test(v) && !/^[^@\s]+@[^@\s]+\.\w+$/.test(v) && password(v, m, t);

/** Programs that read a password (or passphrase) from their standard input. */
const STDIN_READERS = String.raw`kinit|ksu|su\b|sudo[ \t]+(?:-\S+[ \t]+)*-S|sudo[ \t]+-S\S*|gpg2?\b[^|\n]*--passphrase-fd[ \t]+0|openssl\b[^|\n]*-pass(?:in|out)?[ \t]+stdin|ansible-vault\b[^|\n]*--vault-password-file[ \t=]+\/dev\/stdin|vault[ \t]+login[ \t]+-(?=[ \t]|$)|ldappasswd|k5start|mysql_config_editor`;

export const FORMS: Form[] = [
  // --- a password piped into a program that reads it: `echo 'P' | kinit u@R`, `printf '%s\n' "P" | sudo -S …` ---
  {
    gates: ['|'],
    line: true,
    anchors: ['echo', 'printf'],
    re: new RegExp(
      String.raw`(?:^|[;&(][ \t]*)(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)*(?:(["'])%s(?:\\n)?\1[ \t]+|%s(?:\\n)?[ \t]+)?(["']?)([^\s"'|;&]+)\2[ \t]*\|[ \t]*(?:sudo[ \t]+(?:-[^S\s]\S*[ \t]+)*)?(?:${STDIN_READERS})`,
      'dgm',
    ),
    groups: [3],
    judge: typed,
  },
  // --- the same through a here-string: `kinit u@R <<< "P"` ---
  {
    gates: ['<<<'],
    re: new RegExp(String.raw`\b(?:${STDIN_READERS})[^\n<]*<<<[ \t]*(["']?)([^\s"']+)\1`, 'dg'),
    groups: [2],
    judge: typed,
  },
  // --- `\u003d` / `\u003a` (or `\x3d`) as a .properties separator: the escape decoded, the key decides ---
  {
    gates: ['\\u003', '\\u003', '\\x3'],
    re: /^[ \t]*([A-Za-z_][\w.-]*)[ \t]*\\(?:u003[dDaA]|x3[dDaA])[ \t]*([^\s\\]+)/dgm,
    groups: [2],
    judge: named(1),
  },
  // --- a key with letters beyond ASCII: `db_pässword=P`, `clé_secrète: P` (read without the marks) ---
  {
    gates: ['='],
    line: true,
    anchors: /[^\x00-\x7f]/g,
    re: /^[ \t]*(?:export[ \t]+)?([\p{L}\p{N}_.-]*[^\x00-\x7f][\p{L}\p{N}_.-]*)[ \t]*[=:][ \t]*(["']?)([^\s"']+)\2/dgmu,
    groups: [3],
    judge: namedLoose(1),
  },
  // --- a quoted key padded with blanks: `"apiKey ": "K"`, `" password": 'P'` ---
  {
    gates: [' ":', ' " :', " ':", '" ', "' "],
    re: /(["'])([ \t]*[A-Za-z_][\w.-]*[ \t]*)\1[ \t]*[:=][ \t]*(["'])([^"'\n]+)\3/dg,
    groups: [4],
    judge: (v, m, t) => {
      if (m[2] === m[2]!.trim()) return false;
      return namedLoose(2)(v, m, t);
    },
  },
  // --- a secret-named JSON pair after an object's other pairs: `{"credential_type": "RefreshToken", "secret": "T"}` ---
  {
    gates: ['"secret"', '"password"', '"token"', '"refresh_token"', '"access_token"', '"client_secret"'],
    re: /[{,][ \t]*"([A-Za-z_][\w.-]*)"[ \t]*:[ \t]*"([^"\\\n]{8,})"/dg,
    groups: [2],
    judge: named(1),
  },
  // --- EDN tagged map under a secret-named keyword: `:mailgun/api-key #profile {:dev "d" :prod "K"}` ---
  {
    gates: ['#profile', '#env', '#or', '#merge', '#join'],
    re: /:(?:[\w.-]+\/)?([\w.*+!?-]+)[ \t]+#(?:profile|or|merge)[ \t]*[{[]([^}\]\n]*)[}\]]/dg,
    groups: [2],
    judge: named(1),
    pieces: (g) => {
      const out: [number, number][] = [];
      const re = /"([^"\\\n]+)"/g;
      for (let m = re.exec(g); m !== null; m = re.exec(g)) out.push([m.index + 1, m.index + 1 + m[1]!.length]);
      return out;
    },
  },
  // --- a form field named for a secret filled in a browser test: `page.fill('#password', 'P')`, `.type('[name=token]', 'T')` ---
  {
    gates: ['fill(', 'type(', 'sendKeys(', 'setValue('],
    re: /\.(?:fill|type|sendKeys|setValue)\([ \t]*(["'`])[^"'`\n]*(?:passw|pwd|passphrase|secret|token|api[_-]?key)[^"'`\n]*\1[ \t]*,[ \t]*(["'`])([^"'`\n]+)\2/dgi,
    groups: [3],
    judge: typed,
  },
  // --- the same with the field chosen first: `cy.get('#password').type('P')`, `page.locator('#api-token').fill("T")` ---
  {
    gates: ['fill(', 'type(', 'sendKeys(', 'setValue('],
    re: /\b(?:get|locator|find|\$|getByLabel|getByPlaceholder|findElement)\([ \t]*(["'`])[^"'`\n]*(?:passw|pwd|passphrase|secret|token|api[_-]?key)[^"'`\n]*\1[ \t]*\)(?:\.\w+\(\))*\.(?:type|fill|sendKeys|setValue)\([ \t]*(["'`])([^"'`\n]+)\2/dgi,
    groups: [3],
    judge: typed,
  },
  // --- a login helper's password argument: `login('admin@acme.io', 'P')`, `signIn(page, "u", "P")` ---
  {
    gates: ['ogin(', 'ignIn(', 'uthenticate('],
    re: /\b(?:log[Ii]n|logIn|sign[Ii]n|authenticate|loginAs)[ \t]*\((?:[ \t]*\w+[ \t]*,)?[ \t]*(["'`])[^"'`\n]+\1[ \t]*,[ \t]*(["'`])([^"'`\n]+)\2[ \t]*\)/dg,
    groups: [3],
    judge: typed,
  },
  // --- redis-cli's password variable: `REDISCLI_AUTH=P` ---
  { gates: ['REDISCLI_AUTH'], re: /\bREDISCLI_AUTH[ \t]*=[ \t]*(["']?)([^\s"']+)\1/dg, groups: [2], judge: password },
  // --- a reply listing a config name, its value on the next line: redis `1) "requirepass"` / `2) "P"` ---
  {
    gates: ['requirepass', 'masterauth', 'password', 'pass'],
    re: /^[ \t]*\d+\)[ \t]+"([\w.-]+)"[ \t]*\r?\n[ \t]*\d+\)[ \t]+"([^"\n]+)"/dgm,
    groups: [2],
    judge: (v, m, t) => (/^(?:requirepass|masterauth)$/.test(m[1]!) ? password(v, m, t) : named(1)(v, m, t)),
  },
  // --- the same without numbers (`redis-cli --raw config get requirepass`) ---
  {
    gates: ['requirepass', 'masterauth'],
    re: /^(requirepass|masterauth)\r?\n([^\s"']{6,})\r?$/dgm,
    groups: [2],
    judge: password,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Multi-line readers.

interface Line {
  s: number;
  /** Content end (before `\r`). */
  e: number;
}

/** The lines of `text` from offset `ls` (each with its start and content end), at most `max`. */
function* linesFrom(text: string, ls: number, max: number): Generator<Line> {
  for (let k = 0; k < max && ls <= text.length; k++) {
    const nl = text.indexOf('\n', ls);
    const le = nl < 0 ? text.length : nl;
    const e = le > ls && text.charCodeAt(le - 1) === 13 ? le - 1 : le;
    yield { s: ls, e };
    if (nl < 0) return;
    ls = nl + 1;
  }
}

function lineStartOf(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** A line holding only string literals and operators/closers: `"abc" +`, `    + "def";`, `  "ghi",`, `'x' .`. */
const LITERAL_LINE = /^[ \t]*(?:\+|\.|&|\|\||<<)?[ \t]*(?:(["'`])[^"'`\\\n]*\1[ \t]*(?:\+|\.|&|\|\||,|<<)?[ \t]*)+[;,)\]}]*[ \t]*(?:\\|(?:\/\/|#).*)?$/;
const LITERAL = /(["'`])([^"'`\\\n]*)\1/g;

/** The head of a split value: `NAME = …` / `NAME: …` / `NAME := …`, with what follows the operator. */
const HEAD = /(?:^|[\s(,{;*&])([A-Za-z_$][\w$.-]*)["'\]]?[ \t]*(?::=|=>|=|:|<-)[ \t]*(.*)$/;
/** What may follow a head's operator besides literals: openers and joiners (`"".join([`, `strings.Join([]string{`, `(`). */
const HEAD_REST =
  /^(?:[\w.$]+[ \t]*)?(?:["'`]{2}\.join|[\w.]*[Jj]oin|String\.join|concat|Concat|implode)?[ \t]*[([{]*(?:\][\w]*\{)?[ \t]*(?:["'`]{2}[ \t]*,)?[ \t]*$/;

/** Pieces of the literals in `text.slice(s, e)`: [start, end) absolute, non-empty only. */
function literalSpans(text: string, s: number, e: number): [number, number][] {
  const out: [number, number][] = [];
  const seg = text.slice(s, e);
  LITERAL.lastIndex = 0;
  for (let m = LITERAL.exec(seg); m !== null; m = LITERAL.exec(seg)) if (m[2]!.length > 0) out.push([s + m.index + 1, s + m.index + 1 + m[2]!.length]);
  return out;
}

/** Whether the line at `s` may match LITERAL_LINE: its first character past blanks opens a literal or is a joiner. */
function mayBeLiteralLine(text: string, s: number): boolean {
  let c = text.charCodeAt(s);
  while (c === 32 || c === 9) c = text.charCodeAt(++s);
  // `"` `'` `` ` `` `+` `.` `&` `|` `<`
  return c === 34 || c === 39 || c === 96 || c === 43 || c === 46 || c === 38 || c === 124 || c === 60;
}

/** A run of literal-only lines after a key's line: the whole value joined and judged; every piece masked. */
function splitLiterals(text: string, index: LineIndex, out: BlockOutput): void {
  let prevLs = -1;
  let prevWasLiteral = false;
  for (const ln of linesFrom(text, 0, Number.MAX_SAFE_INTEGER)) {
    const isLit = ln.e > ln.s && mayBeLiteralLine(text, ln.s) && LITERAL_LINE.test(text.slice(ln.s, ln.e));
    if (isLit && !prevWasLiteral && prevLs >= 0) headRun(text, index, out, prevLs, ln.s);
    prevWasLiteral = isLit;
    prevLs = ln.s;
  }
}

function headRun(text: string, index: LineIndex, out: BlockOutput, hs: number, runStart: number): void {
  const he = runStart - 1 - (text.charCodeAt(runStart - 2) === 13 ? 1 : 0);
  const head = text.slice(hs, he);
  const m = HEAD.exec(head);
  if (m === null) return;
  const restStart = hs + m.index + m[0].length - m[2]!.length;
  const headPieces = literalSpans(text, restStart, he);
  // The rest of the head: literals and operators only, or an opener.
  const bare = text
    .slice(restStart, he)
    .replace(/(["'`])[^"'`\\\n]*\1/g, '')
    .trim();
  if (!(/^[+.&,(\s]*$/.test(bare) || HEAD_REST.test(bare))) return;
  const pieces: [number, number][] = [...headPieces];
  let n = 0;
  // Items of a list (`"a",`): one value only under a secret's name or a joiner; literals joined by operators or
  // written side by side are one value whatever the name.
  let listed = false;
  for (const ln of linesFrom(text, runStart, 64)) {
    const row = text.slice(ln.s, ln.e);
    if (!(ln.e > ln.s && LITERAL_LINE.test(row))) break;
    const ps = literalSpans(text, ln.s, ln.e);
    if (ps.length !== 1) return;
    if (/,[ \t]*(?:(?:\/\/|#).*)?$/.test(row)) listed = true;
    pieces.push(...ps);
    n++;
  }
  if (n === 0 || pieces.length < 2 || pieces.length > 16) return;
  const parts = pieces.map(([a, b]) => text.slice(a, b));
  if (parts.some((p) => /\s/.test(p))) return;
  const joined = parts.join('');
  if (joined.length > 512) return;
  const strength = classifyName(m[1]!);
  const secret =
    strength !== null
      ? !isReference(joined) && !isPlaceholder(joined) && valueLooksSecret(joined, strength, true)
      : !listed &&
        headPieces.length > 0 &&
        joined.length >= 24 &&
        parts.every((p) => p.length >= 8 && /^[A-Za-z0-9+/=_-]+$/.test(p) && /\d/.test(p) && /[A-Za-z]/.test(p)) &&
        token(joined, m, text);
  if (!secret) return;
  for (const [a, b] of pieces) push(text, index, out, a, b, RULE);
}

/** YAML `key: V` (plain, or `"V\`) continued on more-indented lines of one token each: every piece masked. */
const YAML_HEAD = /^([ \t]*)(?:-[ \t]+)?([A-Za-z_][\w.-]*)[ \t]*:[ \t]+(["']?)([^\s"'#|>&*![{][^\s"']*?)(\\?)[ \t]*\r?$/gm;
const YAML_CONT = /^([ \t]+)([^\s:#"'\-][^\s:"']*)(["']?)[ \t]*$/;

/** YAML_HEAD at one line's start (sticky): a match lies on one line, holds a `:`, and starts at the line's start. */
const YAML_HEAD_AT = new RegExp(YAML_HEAD.source, 'my');

/**
 * YAML_HEAD's matches in `text`, in order: tried at the start of each line holding a `:` only. (Its `^` also
 * matches after a lone CR, U+2028 or U+2029: a text holding one is searched whole, as before.)
 */
function* yamlHeads(text: string): Generator<RegExpExecArray> {
  if (text.indexOf('\u2028') >= 0 || text.indexOf('\u2029') >= 0 || (text.indexOf('\r') >= 0 && /\r(?!\n)/.test(text))) {
    YAML_HEAD.lastIndex = 0;
    for (let m = YAML_HEAD.exec(text); m !== null; m = YAML_HEAD.exec(text)) yield m;
    return;
  }
  for (let p = text.indexOf(':'); p >= 0;) {
    YAML_HEAD_AT.lastIndex = text.lastIndexOf('\n', p) + 1;
    const m = YAML_HEAD_AT.exec(text);
    if (m !== null) yield m;
    const nl = text.indexOf('\n', p);
    if (nl < 0) return;
    p = text.indexOf(':', nl + 1);
  }
}

function yamlContinued(text: string, index: LineIndex, out: BlockOutput): void {
  for (const m of yamlHeads(text)) {
    const strength = classifyName(m[2]!);
    if (strength === null) continue;
    // `idToken: this.cacheManager.getIdToken(` then its arguments: a call over lines, not a scalar continued.
    if (m[3] === '' && isCodeValue(m[4]!)) continue;
    const indent = m[1]!.length;
    const vs = m.index + m[0].indexOf(m[4]!, m[1]!.length + m[2]!.length);
    const pieces: [number, number][] = [[vs, vs + m[4]!.length]];
    const nl = text.indexOf('\n', m.index);
    if (nl < 0) continue;
    let closed = false;
    for (const ln of linesFrom(text, nl + 1, 16)) {
      const c = YAML_CONT.exec(text.slice(ln.s, ln.e));
      if (c === null || c[1]!.length <= indent) break;
      // A closing quote ends the scalar; a line of the same shape after it is the same value's piece still
      // (the statement was cut where a newline was meant).
      if (c[3] !== '' && c[3] !== m[3] && m[3] !== '') break;
      pieces.push([ln.s + c[1]!.length, ln.s + c[1]!.length + c[2]!.length]);
      if (c[3] !== '') closed = true;
    }
    void closed;
    if (pieces.length < 2) continue;
    const joined = pieces.map(([a, b]) => text.slice(a, b)).join('');
    if (isReference(joined) || isPlaceholder(joined) || !valueLooksSecret(joined, strength, true)) continue;
    for (const [a, b] of pieces) push(text, index, out, a, b, RULE);
  }
}

/** A heredoc that writes or feeds credentials: a bare random token alone on a body line. */
const HEREDOC = /<<-?[ \t]*(["']?)([A-Za-z_]\w*)\1/g;
const CRED_WORD = /cred|secret|token|passw|passphrase|api[_-]?key|auth|login/i;
const BARE_TOKEN = /^[ \t]*([A-Za-z0-9+/=_.~-]{16,})[ \t]*$/;

function heredocTokens(text: string, index: LineIndex, out: BlockOutput): void {
  HEREDOC.lastIndex = 0;
  for (let m = HEREDOC.exec(text); m !== null; m = HEREDOC.exec(text)) {
    const ls = lineStartOf(text, m.index);
    const nl = text.indexOf('\n', m.index);
    if (nl < 0) return;
    const cmd = text.slice(ls, nl);
    const body: Line[] = [];
    for (const ln of linesFrom(text, nl + 1, 64)) {
      if (text.slice(ln.s, ln.e).trim() === m[2]) break;
      body.push(ln);
    }
    if (!CRED_WORD.test(cmd) && !body.some((ln) => CRED_WORD.test(text.slice(ln.s, ln.e)))) continue;
    for (const ln of body) {
      const b = BARE_TOKEN.exec(text.slice(ln.s, ln.e));
      if (b === null) continue;
      const v = b[1]!;
      if (!/\d/.test(v) || !/[A-Za-z]/.test(v) || !token(v, b, text)) continue;
      const s = ln.s + b.index + b[0].indexOf(v);
      push(text, index, out, s, s + v.length, RULE);
    }
  }
}

/** Cells of a `|`-separated row: [start, end) absolute, trimmed. */
function cells(text: string, s: number, e: number): [number, number][] {
  const out: [number, number][] = [];
  let from = s;
  const row = text.slice(s, e);
  const lead = row.match(/^[ \t]*\|/);
  if (lead) from = s + lead[0].length;
  for (let i = from; i <= e; i++) {
    if (i === e || text.charCodeAt(i) === 124) {
      let a = from,
        b = i;
      while (a < b && /[ \t]/.test(text[a]!)) a++;
      while (b > a && /[ \t]/.test(text[b - 1]!)) b--;
      if (i < e || a < b) out.push([a, b]);
      from = i + 1;
    }
  }
  return out;
}

/** mysql (`+---+---+`) and psql (`---+---`) result tables: a column whose header names a secret, its cells below. */
const MYSQL_RULE = /^[ \t]*\+(?:-+\+)+[ \t]*\r?$/gm;
const PSQL_RULE = /^[ \t]*-+(?:\+-+)+[ \t]*\r?$/gm;

function resultTables(text: string, index: LineIndex, out: BlockOutput): void {
  const secretColumns = (hs: number, he: number): { col: number; strength: 'strong' | 'weak' }[] =>
    cells(text, hs, he)
      .map(([a, b], col) => ({ col, strength: classifyName(text.slice(a, b)) }))
      .filter((c): c is { col: number; strength: 'strong' | 'weak' } => c.strength !== null);
  const maskRows = (from: number, cols: { col: number; strength: 'strong' | 'weak' }[], stop: RegExp) => {
    for (const ln of linesFrom(text, from, 200)) {
      const row = text.slice(ln.s, ln.e);
      if (!row.includes('|') || stop.test(row)) return;
      const cs = cells(text, ln.s, ln.e);
      for (const { col, strength } of cols) {
        const c = cs[col];
        if (c === undefined) continue;
        const v = text.slice(c[0], c[1]);
        if (v === '' || v === 'NULL' || isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, strength, true)) continue;
        push(text, index, out, c[0], c[1], RULE);
      }
    }
  };
  if (text.includes('+-')) {
    MYSQL_RULE.lastIndex = 0;
    for (let m = MYSQL_RULE.exec(text); m !== null; m = MYSQL_RULE.exec(text)) {
      const nl = text.indexOf('\n', m.index);
      if (nl < 0) break;
      const lines = [...linesFrom(text, nl + 1, 2)];
      if (lines.length < 2 || !/^[ \t]*\+(?:-+\+)+[ \t]*$/.test(text.slice(lines[1]!.s, lines[1]!.e))) continue;
      const cols = secretColumns(lines[0]!.s, lines[0]!.e);
      const after = text.indexOf('\n', lines[1]!.s);
      if (cols.length > 0 && after >= 0) maskRows(after + 1, cols, /^[ \t]*\+-/);
      MYSQL_RULE.lastIndex = after < 0 ? text.length : after;
    }
  }
  if (text.includes('-+-')) {
    PSQL_RULE.lastIndex = 0;
    for (let m = PSQL_RULE.exec(text); m !== null; m = PSQL_RULE.exec(text)) {
      if (m.index === 0) continue;
      const hs = lineStartOf(text, m.index - 1);
      const he = m.index - 1 - (text.charCodeAt(m.index - 2) === 13 ? 1 : 0);
      if (!text.slice(hs, he).includes('|')) continue;
      const cols = secretColumns(hs, he);
      const nl = text.indexOf('\n', m.index);
      if (cols.length > 0 && nl >= 0) maskRows(nl + 1, cols, /^\(\d+ rows?\)/);
    }
  }
}

/** The column names of `CREATE TABLE name (…)` in the text, by table name (lower case). */
function createdColumns(text: string): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  const re = /\bCREATE[ \t]+TABLE[ \t]+(?:IF[ \t]+NOT[ \t]+EXISTS[ \t]+)?(?:[`"\w]+\.)?[`"]?(\w+)[`"]?[ \t]*\(([^;]*?)\)[^()]*;/gi;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const cols: string[] = [];
    for (const part of m[2]!.split(/,(?![^(]*\))/)) {
      const c = /^[ \t\r\n]*[`"]?(\w+)[`"]?[ \t]+\w/.exec(part);
      if (c === null || /^(?:PRIMARY|UNIQUE|KEY|INDEX|CONSTRAINT|FOREIGN|CHECK)$/i.test(c[1]!)) continue;
      cols.push(c[1]!);
    }
    tables.set(m[1]!.toLowerCase(), cols);
  }
  return tables;
}

/** Tables of accounts and credentials: their password-shaped values are passwords even unnamed. */
const CREDENTIAL_TABLE =
  /^(?:\w+_)?(?:users?|accounts?|credentials?|logins?|members?|admins?|api_?keys?|tokens?|secrets?|auth\w*|passwords?|operators?|customers?)$/i;

/** SQL dumps: `INSERT INTO t VALUES (…)` with no column list, `COPY t (…) FROM stdin;` rows. */
function sqlDumps(text: string, index: LineIndex, out: BlockOutput): void {
  let created: Map<string, string[]> | undefined;
  const insert = /\bINSERT[ \t]+INTO[ \t]+(?:[`"\w]+\.)?[`"]?(\w+)[`"]?[ \t]+VALUES[ \t]*(.*)$/gim;
  for (let m = insert.exec(text); m !== null; m = insert.exec(text)) {
    created ??= text.includes('CREATE') || text.includes('create') ? createdColumns(text) : new Map();
    const cols = created.get(m[1]!.toLowerCase());
    if (cols === undefined && !CREDENTIAL_TABLE.test(m[1]!)) continue;
    const vs = m.index + m[0].length - m[2]!.length;
    const tuple = /\(((?:'(?:[^'\\\n]|\\.|'')*'|[^()'\n])*)\)/g;
    const row = m[2]!;
    for (let t = tuple.exec(row); t !== null; t = tuple.exec(row)) {
      const fields = /[ \t]*('(?:[^'\\\n]|\\.|'')*'|[^,]*)[ \t]*(?:,|$)/g;
      const body = t[1]!;
      const ts = vs + t.index + 1;
      let col = 0;
      for (let f = fields.exec(body); f !== null && f.index < body.length; f = fields.exec(body), col++) {
        const raw = f[1]!;
        if (!raw.startsWith("'") || raw.length < 3) continue;
        const v = raw.slice(1, -1);
        const at = ts + f.index + f[0].indexOf(raw) + 1;
        let secret: boolean;
        if (cols !== undefined) {
          const s = cols[col] === undefined ? null : classifyName(cols[col]!);
          secret = s !== null && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, s, true);
        } else secret = typed(v, m, text) && !/\s/.test(v) && !/^https?:/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v);
        if (secret) push(text, index, out, at, at + v.length, RULE);
        if (f[0].length === 0) break;
      }
    }
  }
  const copy = /^COPY[ \t]+(?:[\w"]+\.)?"?(\w+)"?[ \t]*\(([^)]*)\)[ \t]+FROM[ \t]+stdin;?[ \t]*\r?$/gim;
  for (let m = copy.exec(text); m !== null; m = copy.exec(text)) {
    const cols = m[2]!.split(',').map((c) => classifyName(c.trim().replace(/^"|"$/g, '')));
    if (cols.every((c) => c === null)) continue;
    const nl = text.indexOf('\n', m.index);
    if (nl < 0) continue;
    for (const ln of linesFrom(text, nl + 1, 100000)) {
      const row = text.slice(ln.s, ln.e);
      if (row === '\\.') break;
      let from = ln.s;
      row.split('\t').forEach((v, col) => {
        const s = cols[col];
        if (s !== null && s !== undefined && v !== '\\N' && v !== '' && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, s, true))
          push(text, index, out, from, from + v.length, RULE);
        from += v.length + 1;
      });
    }
  }
}

/** Look-alikes kept whole: Helm's `checksum/secret: <sha256>`, a secret's name written as a path. */
const CHECKSUM = /^[ \t]*["']?checksum\/[\w.-]+["']?[ \t]*:[ \t]*["']?[0-9a-f]{64}["']?[ \t]*\r?$/gm;
const SECRET_NAME =
  /^[^\n]*\b(?:secret_id|secret_name|secretName|secret_arn|[Ss]ecretId)["']?[ \t]*[=:][ \t]*(["'])[a-z]+(?:[-_][a-z]+)*(?:\/[a-z]+(?:[-_][a-z]+)*)+\1[^\n]*$/gm;

function lookAlikes(text: string, index: LineIndex, out: BlockOutput): void {
  for (const re of [CHECKSUM, SECRET_NAME]) {
    if (
      re === CHECKSUM
        ? !text.includes('checksum/')
        : !(holds(text, 'secret_') || holds(text, 'secretName') || holds(text, 'ecretId')) ||
          !/secret_id|secret_name|secretName|secret_arn|[Ss]ecretId/.test(text)
    )
      continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      // Only a line that holds nothing else secret-shaped: one name-value pair (or Terraform's one-line block).
      const line = m[0];
      // (Or a call handed only `{ SecretId: "…" }`, no literal before it: `await sm.getSecretValue({ SecretId: "prod/db" });`.)
      if (
        re === SECRET_NAME &&
        (line.match(/[=:]/g) ?? []).length > 1 &&
        !/^data[ \t]+"\w+"[ \t]+"\w+"[ \t]*\{[^{}=]*=[^{}=]*\}[ \t]*\r?$/.test(line) &&
        !/^[^"'`]*\([ \t]*\{[ \t]*[Ss]ecretId[ \t]*:[ \t]*(["'])[^"'\n]*\1[ \t]*\}[ \t]*\)+[ \t]*;?[ \t]*\r?$/.test(line)
      )
        continue;
      const starts = index.starts();
      let lo = 0,
        hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= m.index) lo = mid;
        else hi = mid - 1;
      }
      out.protect.add(lo);
    }
  }
}

// Their gates are found in one pass over a text (gates.ts), not a search of the text for each.
/** What a SQL dump's statements hold (case as written): answered by the gates' one pass, not a search of the text. */
const SQL_GATES = ['INSERT', 'insert', 'COPY'];
registerGates([...formLiterals(FORMS), 'secret_', 'secretName', 'ecretId', ...SQL_GATES]);

export const secretByStructure: BlockRule = {
  id: RULE,
  description:
    'Secrets split over lines (concatenated or adjacent literals, joined lists, YAML continuation lines, heredoc bodies), secret columns named on another line (SQL COPY and INSERT rows, mysql/psql tables), redis config replies, keys beyond ASCII or padded, JSON pairs after others, \\u003d separators, EDN tagged maps, passwords piped to kinit/sudo -S/gpg; keeps Helm checksum annotations and secret names written as paths',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
    if (text.includes('\n')) {
      if (/["'`][ \t]*(?:[+.&,;)\]]|\|\|)*[ \t]*\r?\n[ \t]*(?:[+.&]|\|\|)?[ \t]*["'`]/.test(text)) splitLiterals(text, index, out);
      if (text.includes(':')) yamlContinued(text, index, out);
      if (text.includes('<<')) heredocTokens(text, index, out);
      if (text.includes('|')) resultTables(text, index, out);
    }
    if (SQL_GATES.some((g) => holds(text, g))) sqlDumps(text, index, out);
    lookAlikes(text, index, out);
  },
  samples() {
    let seed = 0xf13000;
    const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
    const pw = () => 'Q7' + rs(PASSWORD_CHARS.replace(/[#'",;:|%\\()<>{}@/\s$?+=.-]/g, ''), 12) + '!';
    const p = Array.from({ length: 8 }, () => pw());
    const c = Array.from({ length: 3 }, () => rs(ALNUM, 6) + '7' + rs(ALNUM, 7));
    const hex = rs(HEX, 40);
    return {
      truePositives: [
        { text: `var secret = "${c[0]}" +\n\t"${c[1]}"\n\t"${c[2]}"`, secrets: c },
        { text: `db:\n  password: ${c[0]}\n    ${c[1]}\n  port: 5432`, secrets: [c[0]!, c[1]!] },
        { text: `cat > /tmp/creds <<EOF\nuser=deploy\n${c[0]}${c[1]}\nEOF`, secrets: [c[0]! + c[1]!] },
        { text: `COPY public.oauth_clients (id, name, secret) FROM stdin;\n1\tmobile\t${c[2]}${c[0]}\n\\.`, secrets: [c[2]! + c[0]!] },
        { text: `+-------+------+\n| user  | password |\n+-------+------+\n| admin | ${p[0]} |\n+-------+------+`, secrets: [p[0]!] },
        { text: `1) "requirepass"\n2) "${p[1]}"`, secrets: [p[1]!] },
        { text: `echo '${p[2]}' | kinit svc-etl@ACME.IO`, secrets: [p[2]!] },
        { text: `db_p\u00e4ssword=${p[3]}`, secrets: [p[3]!] },
        { text: `api.secret\\u003d${p[4]}`, secrets: [p[4]!] },
        { text: ` "RefreshToken": {"k2": {"credential_type": "RefreshToken", "secret": "${c[0]}${c[1]}${c[2]}"}}}`, secrets: [c[0]! + c[1]! + c[2]!] },
        { text: ` :mailgun/api-key #profile {:dev "dev-key" :prod "${hex}"}`, secrets: [hex] },
        { text: `INSERT INTO \`users\` VALUES (1,'admin','admin@acme.io','${p[5]}');`, secrets: [p[5]!] },
      ],
      falsePositives: [
        '            idToken: this.cacheManager.getIdToken(\n                request.account,\n                request.correlationId,\n                tokenKeys,\n                requestTenantId\n            ),',
        '  checksum/secret: ' + 'e726e50ca68f726a77d66200f688baf34794db759aea7675011f4db7a9fde585',
        'secret_id = "shop/api"',
        'const greeting = "Hello, " +\n  "world";',
        'cat > notes.txt <<EOF\nremember the milk\nEOF',
        '+----+-------+\n| id | name  |\n+----+-------+\n| 1  | Alice |\n+----+-------+',
        "INSERT INTO products VALUES (1,'Widget','Blue widget #12');",
        '1) "maxmemory"\n2) "0"',
        'echo "hello world" | kinit',
      ],
    };
  },
};
