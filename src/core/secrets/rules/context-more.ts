// More context rules: a secret recognised because its name sits in another token than its value
// (`<add key="ApiKey" value="…"/>`, `env('DB_PASSWORD', '…')`), or on the line before it (a
// Kubernetes env list's `- name: DB_PASSWORD` / `value: …`), or inside a quoted command line.
// Threat: the generic rule reads `name = value` only; a password that the code hands to a setter,
// a fallback or a list item reaches the model whole.
//
// A line rule runs only on the lines the pre-scan (prefilter.ts) makes candidates: a secret-named
// key before `=`, `:` or `>`, a vendor prefix, URL userinfo, ` -p…`, ` --password`, the word `password`
// before a blank or a setter's `(`, SQL's `PASSWORD '…'` and `IDENTIFIED … BY '…'`. Each rule below
// therefore catches its form where the line is such a candidate (`$cred = ConvertTo-SecureString …`,
// `'password' => env('DB_PASSWORD', '…')`, `<add key="…"`, `password X` in a .netrc); the same form on a
// line the pre-scan drops (`ConvertTo-SecureString` piped, `setToken("…")`) needs a pre-scan anchor first.
import { isPrompt } from './cut-values';
import { isPlaceholder, isReference, isVariableLed, isWordyIdentifier, shannon, valueLooksSecret, type NameStrength } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, PASSWORD_CHARS, rand } from '../samples';
import { readLiterals } from '../follow';
import { FollowKind, type BlockOutput, type BlockRule, type Hit, type LineIndex, type LineRule } from '../types';
import { regexRule } from './make';
import { addHit, eachMatchLine } from './hits';
import { lineOf } from '../blocks';

/** As in generic.ts: a context rule beats the generic assignment rule (2) and yields to a vendor format (0). */
const CONTEXT_PRIORITY = 1;

/**
 * A password-like sample value: no quotes, `#`, `,` or `;` (they would end the value in some syntax).
 * Seeded here, so these samples leave the shared sequence of rand() (other tests' values) as it was.
 */
let seed = 0x5eed;
const pw = (n = 20) => rand(PASSWORD_CHARS.replace(/[#'",;]/g, ''), n, seed++ * 7907);

// --- XML / .config: the name in key=, the value in value= or in the element's text ---

/** A tag's head up to `key="…"`; the rest of the tag and what follows are read by hand. */
const XML_KEY = /<([A-Za-z_][\w.:-]*)\s[^<>]*?\bkey\s*=\s*(["'])([^"'<>]*)\2/g;
const XML_VALUE_ATTR = /^[^<>]*?\bvalue\s*=\s*(["'])([^"'<>]*)\1/d;

export const xmlKeyValue: LineRule = {
  id: 'xml-key-value',
  description: 'XML element naming its secret in key= and holding it in value= or its text: <add key="ApiKey" value="…"/>, <entry key="password">…</entry>',
  keywords: ['key="', "key='"],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    XML_KEY.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = XML_KEY.exec(line)) !== null) {
      const strength = classifyName(m[3]!);
      if (strength === null) continue;
      const rest = m.index + m[0].length;
      const attr = XML_VALUE_ATTR.exec(line.slice(rest));
      let start: number, end: number;
      if (attr !== null) {
        [start, end] = attr.indices![2]!;
        start += rest;
        end += rest;
      } else {
        // No value=: the element's text, when the tag closes (not self-closing) and `</tag>` follows.
        const gt = line.indexOf('>', rest);
        if (gt < 0 || line.charCodeAt(gt - 1) === 47) continue;
        const close = line.indexOf(`</${m[1]!}>`, gt + 1);
        if (close < 0) continue;
        start = gt + 1;
        end = close;
        if (line.slice(start, end).includes('<')) continue;
      }
      const value = line.slice(start, end);
      if (valueLooksSecret(value, strength, true)) out.push({ start, end, rule: 'xml-key-value', priority: CONTEXT_PRIORITY });
    }
  },
  samples: () => {
    const p = [pw(), pw(), pw(), pw(32)];
    return {
      truePositives: [
        { text: `    <add key="ApiKey" value="${p[0]}"/>`, secrets: [p[0]!] },
        { text: `    <add key="ClearTextPassword" value="${p[1]}" />`, secrets: [p[1]!] },
        { text: `  <entry key="password">${p[2]}</entry>`, secrets: [p[2]!] },
        { text: `<add key='StripeSecretKey' value='${p[3]}' />\r`, secrets: [p[3]!] },
      ],
      falsePositives: [
        '    <add key="ApiKeyHeader" value="X-Api-Key"/>',
        '    <add key="PasswordMinLength" value="12"/>',
        '    <add key="DbPassword" value="${DB_PASS}"/>',
        '    <add key="Password" value=""/>',
        '    <add key="LogLevel" value="Information"/>',
        '  <entry key="password"></entry>',
        '  <entry key="token"><ref bean="tokenStore"/></entry>',
      ],
    };
  },
};

// --- mysql inside a quoted command line or argument list ---

/**
 * `mysql … -p<pw>` where the command is not at a shell word boundary (cli-password's case) but inside
 * a string or an array: `"mysql -uroot -p<pw> -e …"`, `["sh", "-c", "mysqladmin ping -p<pw>"]`,
 * `["mysqladmin", "ping", "-uroot", "-p<pw>"]`. `-p` must be glued to its value (`-p` alone prompts).
 */
export const mysqlQuoted: LineRule = regexRule({
  id: 'mysql-quoted-password',
  description: 'mysql/mariadb -p<pw> inside a quoted command string or a JSON/YAML argument list',
  keywords: ['mysql', 'mariadb'],
  priority: CONTEXT_PRIORITY,
  pattern: /(?<=["'`[,])(?:mysql(?:dump|admin|import|sh|check|pump|binlog)?|mariadb(?:-?dump|-?admin)?)(?![\w-])[^\r\n]*?[\s"',[]-p(["']?)([^\s"'`,\]]+)\1/dg,
  group: 2,
  // `-p$$MYSQL_ROOT_PASSWORD` (compose's escaped `$`) and `-p${PW}` are references.
  check: (s) => !isVariableLed(s) && !isReference(s) && !isPlaceholder(s) && valueLooksSecret(s, 'strong', false),
  samples: () => {
    const p = [pw(), pw(), pw(), pw()];
    return {
      truePositives: [
        { text: `    "command": "mysql -uroot -p${p[0]} -e 'select 1'",`, secrets: [p[0]!] },
        { text: `    command: ["sh", "-c", "mysqladmin ping -h db -uroot -p${p[1]}"]`, secrets: [p[1]!] },
        { text: `  "seed": "mariadb -u app -p'${p[2]}' shop < seed.sql",`, secrets: [p[2]!] },
        // The `-p` after a quote, not a blank: a candidate by the pre-scan's `"-p` (prefilter.ts FLAG_SRC).
        { text: `      test: ["CMD", "mysqladmin", "ping", "-uroot", "-p${p[3]}"]`, secrets: [p[3]!] },
      ],
      falsePositives: [
        '    "command": "mysql -uroot -p$MYSQL_ROOT_PASSWORD -e \'select 1\'",',
        '      test: ["CMD-SHELL", "mysqladmin ping -uroot -p$$MYSQL_ROOT_PASSWORD"]',
        '    "seed": "mysql -u root -p shop < seed.sql",',
        '    "db": "mysql -h db -P 3306 -u app -p${DB_PASSWORD}",',
      ],
    };
  },
});

// --- A literal fallback beside a secret-named environment variable ---

// `process.env.X || '…'`, `process.env['X'] ?? '…'`, `ENV['X'] ||= '…'`, `os.environ.get('X') or '…'`.
// Also Vite's and Deno's `env.X || '…'`, `Deno.env.get('X') ?? '…'`, PHP's `$_ENV['X'] ?? '…'`, Java's
// `Optional.ofNullable(System.getenv("X")).orElse("…")`, Kotlin's `System.getenv("X") ?: "…"`, C#'s
// `Environment.GetEnvironmentVariable("X") ?? "…"`, Ruby's `ENV.fetch('X') { '…' }`.
const FALLBACK_OP =
  /(?:\b(?:process\.)?env\.([A-Za-z_]\w*)|(?:\bprocess\.env|\bENV|\$_ENV|\$_SERVER|\bos\.environ)\[\s*(["'`])([^"'`\]]+)\2\s*\]|\b(?:environ\.get|getenv|getEnv|GetEnvironmentVariable|env\.get|fetch|env|get)\(\s*(["'])([^"']+)\4\s*\))\s*\)*\s*(?:\|\|=?|\?\?=?|\?:|\bor\b|\.orElse\(|\{)\s*(["'`])([^"'`\r\n]*)\6/dg;
// `os.environ.get('X', '…')`, `os.getenv('X', '…')`, `ENV.fetch('X', '…')`, Laravel's `env('X', '…')`, `getenv('X', '…')`.
// Rust: `env::var("X").unwrap_or("…".to_string())`, `.unwrap_or_else(|_| "…".into())`.
const FALLBACK_RUST = /\benv::var\(\s*"([^"]+)"\s*\)\s*\.unwrap_or(?:_else\(\s*\|_\|)?\(?\s*"([^"\r\n]*)"/dg;
// Also django-environ's `env('X', default='…')`, python-decouple's and Laravel's `config('X', default='…')`,
// R's `Sys.getenv('X', unset = '…')`, Java's `System.getenv().getOrDefault("X", "…")`, `os.environ.setdefault('X', '…')`,
// Go helpers' `getEnv("X", "…")`, a dict's `.get('api_key', '…')`.
const FALLBACK_ARG =
  /\b(?:environ\.get|getenv|getEnv|GetEnvironmentVariable|fetch|env|config|getOrDefault|setdefault|SetDefault|get)\(\s*(["'])([^"']+)\1\s*,\s*(?:(?:default|unset)\s*=\s*)?(["'])([^"'\r\n]*)\3\s*\)/dg;

function pushFallback(name: string, m: RegExpExecArray, group: number, out: Hit[]): void {
  const strength = classifyName(name);
  if (strength === null || !valueLooksSecret(m[group]!, strength, true)) return;
  const [start, end] = m.indices![group]!;
  out.push({ start, end, rule: 'env-fallback', priority: CONTEXT_PRIORITY });
}

export const envFallback: LineRule = {
  id: 'env-fallback',
  description:
    'A literal default beside a secret-named environment variable: process.env.JWT_SECRET || "…", os.getenv("DB_PASSWORD", "…"), env(\'DB_PASSWORD\', \'…\'), env::var("X").unwrap_or("…")',
  // Where the variable is read, not the operator: `||` and `??` are on 2.5% of the candidate lines of
  // a source tree, these on 0.3%.
  keywords: ['process.env', 'environ', 'getenv', 'env.fetch', 'env[', 'env(', 'env::var', 'env.', 'config('],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    FALLBACK_OP.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = FALLBACK_OP.exec(line)) !== null) pushFallback(m[1] ?? m[3] ?? m[5]!, m, 7, out);
    FALLBACK_ARG.lastIndex = 0;
    while ((m = FALLBACK_ARG.exec(line)) !== null) pushFallback(m[2]!, m, 4, out);
    FALLBACK_RUST.lastIndex = 0;
    while ((m = FALLBACK_RUST.exec(line)) !== null) pushFallback(m[1]!, m, 2, out);
  },
  samples: () => {
    const p = [pw(), pw(), pw(), pw(), pw(), pw(40), pw()];
    return {
      truePositives: [
        { text: `const jwtSecret = process.env.JWT_SECRET || "${p[0]}";`, secrets: [p[0]!] },
        { text: `  secret: process.env['SESSION_SECRET'] ?? '${p[1]}',`, secrets: [p[1]!] },
        { text: `SECRET_KEY = os.getenv("SECRET_KEY", "${p[2]}")`, secrets: [p[2]!] },
        { text: `        'PASSWORD': os.environ.get('DB_PASSWORD', '${p[3]}'),`, secrets: [p[3]!] },
        { text: `config.api_key = ENV.fetch("API_KEY", "${p[4]}")`, secrets: [p[4]!] },
        { text: `            'password' => env('DB_PASSWORD', '${p[5]}'),`, secrets: [p[5]!] },
        { text: `    let jwt_secret = env::var("JWT_SECRET").unwrap_or_else(|_| "${p[6]}".to_string());`, secrets: [p[6]!] },
      ],
      falsePositives: [
        'SECRET_KEY = os.getenv("SECRET_KEY", "")',
        'const jwtSecret = process.env.JWT_SECRET || "";',
        'const jwtSecret = process.env.JWT_SECRET ?? null;',
        "const jwtSecret = process.env.JWT_SECRET || 'changeme';",
        "            'password' => env('DB_PASSWORD', ''),",
        "            'host' => env('DB_HOST', '127.0.0.1'),",
        "  port: process.env.PORT || '3000',",
        'const token = process.env.GITHUB_TOKEN;',
        '    let api_key = env::var("API_KEY").unwrap_or_default();',
      ],
    };
  },
};

// --- PowerShell: a plain-text password made into a SecureString ---

export const secureString: LineRule = regexRule({
  id: 'powershell-securestring',
  description: 'PowerShell ConvertTo-SecureString "…" -AsPlainText (the literal is the password)',
  keywords: ['securestring'],
  priority: CONTEXT_PRIORITY,
  pattern: /\bConvertTo-SecureString\b(?=[^\r\n]*-AsPlainText)(?:\s+-(?!String\b)\w+)*\s+(?:-String\s+)?(["'])([^"'\r\n]+)\1/dgi,
  group: 2,
  check: (s) => !isReference(s) && valueLooksSecret(s, 'strong', true),
  samples: () => {
    const p = [pw(), pw(), pw(), pw()];
    return {
      truePositives: [
        { text: `$password = ConvertTo-SecureString "${p[0]}" -AsPlainText -Force`, secrets: [p[0]!] },
        // Assigned to a name that says nothing (the pre-scan's anchor is the flag).
        { text: `$secure = ConvertTo-SecureString "${p[3]}" -AsPlainText -Force`, secrets: [p[3]!] },
        { text: `$secpasswd = ConvertTo-SecureString -String '${p[1]}' -AsPlainText -Force`, secrets: [p[1]!] },
        { text: `$cred = New-Object PSCredential ("deploy", (ConvertTo-SecureString -AsPlainText -Force -String "${p[2]}"))`, secrets: [p[2]!] },
      ],
      falsePositives: [
        '$password = ConvertTo-SecureString $pw -AsPlainText -Force',
        '$password = ConvertTo-SecureString "$env:DEPLOY_PASSWORD" -AsPlainText -Force',
        '$password = Read-Host -Prompt "Password" -AsSecureString',
        '$password = ConvertTo-SecureString "" -AsPlainText -Force',
      ],
    };
  },
});

// --- DSNs without a scheme (the pre-scan's `@` anchor takes these forms: prefilter.ts userinfoAt) ---

export const dsnCredentials: LineRule = regexRule({
  id: 'dsn-credentials',
  description: "Password in a DSN without a scheme: Go's user:pw@tcp(host) / @unix(…), Oracle's thin:user/pw@host, sqlplus user/pw@db",
  keywords: ['@tcp(', '@unix(', 'thin:', 'sqlplus', 'expdp', 'impdp', 'sqlldr'],
  priority: CONTEXT_PRIORITY,
  pattern: /(?:(?<![\w.-])[\w.-]+:(?=[^\s/@:"'`]+@(?:tcp|unix)\()|(?:thin:|sqlplus\s+|expdp\s+|impdp\s+|sqlldr\s+)[\w.$-]+\/)([^\s/@:"'`]+)@/dg,
  group: 1,
  check: (s) => !isReference(s) && !isPlaceholder(s) && valueLooksSecret(s, 'strong', true),
  samples: () => {
    const p = [pw(), pw(), pw(), pw()];
    return {
      truePositives: [
        { text: `\tdsn := "app:${p[0]}@tcp(db:3306)/app?parseTime=true"`, secrets: [p[0]!] },
        { text: `DATABASE_DSN=app:${p[1]}@unix(/var/run/mysqld/mysqld.sock)/app`, secrets: [p[1]!] },
        { text: `jdbc.url=jdbc:oracle:thin:scott/${p[2]}@db.example.com:1521/ORCL`, secrets: [p[2]!] },
        { text: `sqlplus system/${p[3]}@//db:1521/XEPDB1 @setup.sql`, secrets: [p[3]!] },
      ],
      falsePositives: [
        'dsn := fmt.Sprintf("%s:%s@tcp(%s)/%s", user, pass, host, db)',
        '\tdsn := "root:@tcp(127.0.0.1:3306)/test"',
        'jdbc:oracle:thin:@db.example.com:1521/ORCL',
        'jdbc:oracle:thin:scott/${DB_PASSWORD}@db:1521/ORCL',
        'sqlplus / as sysdba',
        '      - uses: actions/checkout@v4',
        'import "github.com/go-sql-driver/mysql@v1.8.1"',
      ],
    };
  },
});

// --- Secrets handed over by a statement, not assigned (the pre-scan's word anchors, prefilter.ts WORD_SRC) ---

/** One form of statementSecret: its regex (`g` and `d`), the group holding the secret, and a literal the line must hold first. */
interface StatementForm {
  /** A literal the line must hold, or a case-insensitive test for SQL's keywords. */
  gate: string | RegExp;
  re: RegExp;
  /** The group holding the secret, or the groups of which the one that matched does. */
  group: number | number[];
  /** The secret came in quotes. */
  quoted: boolean;
  /** The group holding the secret's name, which then decides as for an assignment (without: a password). */
  name?: number;
  /** A value of letters alone, maybe ending a sentence, is a word of prose (`  password combination.` in a docstring). */
  notWord?: boolean;
  /** An SQL string literal: a doubled quote inside it is one quote (`'ab''cd'` is `ab'cd`), judged as such. */
  sql?: boolean;
}

const PROSE_WORD = /^[A-Za-z]+[.,;:!?]?$/;

/**
 * 32+ characters without a blank at 4.5+ bits each: random material whatever it holds. wp-config.php's
 * keys are 64 characters of ~90 symbols, and one in ten holds a `<x>` or brackets that valueLooksSecret
 * reads as a placeholder or as code; a placeholder that long is words with blanks.
 */
function longRandom(s: string): boolean {
  return s.length >= 32 && !/\s/.test(s) && shannon(s) >= 4.5;
}

/** A define's name: secret-named as classifyName says, or a WordPress salt (`AUTH_SALT`: 64 random characters, secret). */
function defineStrength(name: string): NameStrength | null {
  return classifyName(name) ?? (/_SALT$/.test(name) ? 'weak' : null);
}

const STATEMENT_FORMS: StatementForm[] = [
  // .netrc: the one-line form starts with `machine` or `default`; a line holding only `password X` is
  // the multi-line form (its `machine` is lines above). Anything else with `password X` in it is prose or
  // code (`# password hashing is …`, `if password is None`), not a .netrc entry. Anonymous FTP's password is by
  // convention the user's e-mail address (`default login anonymous password guest@`): no secret.
  {
    gate: 'password',
    re: /^[ \t]*(?:(?:machine|default)[ \t](?![^\r\n]*\blogin[ \t]+(?:anonymous|ftp)[ \t][^\r\n]*\bpassword[ \t]+[^\s@]*@[^\s@]*[ \t]*\r?$)(?:[^\r\n]*?[ \t])?password[ \t]+|password[ \t]+(?=\S+[ \t]*\r?$))(\S+)/dg,
    group: 1,
    quoted: false,
    notWord: true,
  },
  // A setter handed a literal, the literal the whole argument: `setPassword("a" + b)` and
  // `setPassword(cfg.get("pw"))` are code.
  { gate: 'assword(', re: /\bset[Pp]assword\([ \t]*(["'])((?:(?!\1)[^\\\r\n]|\\.)*)\1[ \t]*\)/dg, group: 2, quoted: true },
  // Any setter or builder named for a secret: `client.setToken("…")`, `.setApiKey('…')`, `.withClientSecret("…")`,
  // Go's `.SetToken("…")`; the name after set/with decides as a key's name does.
  {
    gate: /\.(?:[Ss]et|[Ww]ith)[A-Z]/,
    re: /\.(?:[Ss]et|[Ww]ith)([A-Z]\w*)\([ \t]*(["'`])((?:(?!\2)[^\\\r\n]|\\.)*)\2[ \t]*\)/dg,
    group: 3,
    quoted: true,
    name: 1,
  },
  // gh's and docker's token on standard input: `gh auth login --with-token <<< T`, `echo T | gh auth login
  // --with-token`, `printf %s T | docker login -u u --password-stdin`.
  { gate: '--with-token', re: /--with-token[ \t]*<<<[ \t]*(["']?)([^\s"']+)\1/dg, group: 2, quoted: true },
  {
    gate: /--(?:with-token|password-stdin)/,
    re: /(?:^|[;&|(][ \t]*)(?:echo|printf)[ \t]+(?:-[ne]+[ \t]+)?(?:(["'])%s\1[ \t]+|%s[ \t]+)?(["']?)([^\s"'|]+)\2[ \t]*\|[^|\r\n]*--(?:with-token|password-stdin)\b/dg,
    group: 3,
    quoted: true,
  },
  // npm's, yarn's and pnpm's token set on the command line: `npm config set //registry.example.com/:_authToken T`.
  {
    gate: /config[ \t]+set/,
    re: /\b(?:npm|yarn|pnpm)[ \t]+config[ \t]+set[ \t]+(["']?)(?:\S*:)?_?(?:authToken|auth|password|npmAuthToken)\1[ \t]+(["']?)([^\s"']+)\2/dg,
    group: 3,
    quoted: true,
  },
  // Vault's token as the login's argument (`vault login T`; `vault login -method=userpass username=u` holds none).
  // No pre-scan anchor selects such a line: it is read in shell scripts and history (structure.ts shell-statement).
  { gate: 'vault', re: /\bvault[ \t]+login[ \t]+(?:-[\w-]+(?:=\S*)?[ \t]+)*(["']?)([^\s"'=-][^\s"'=]*)\1(?=[ \t]*(?:$|\r|[;&|#]))/dg, group: 2, quoted: true },
  // Shells that set a variable without `=`: fish's `set -x NAME value`, csh's `setenv NAME value`, cmd's
  // `setx NAME value [/M]`; the variable's name decides as a key's name does.
  {
    gate: /\bset/,
    re: /(?:^[ \t]*|[;&|(][ \t]*)(?:set(?:[ \t]+(?:-[gUlxuf]+|--(?:export|global|universal|local|function|unexport|path|unpath)))+|setenv|setx)[ \t]+([A-Za-z_]\w*)[ \t]+(?:(["'])((?:(?!\2)[^\r\n])*)\2|([^\s"'][^\s]*))/dg,
    group: [3, 4],
    quoted: true,
    name: 1,
  },
  // SQL hands a role its password in a statement. PostgreSQL: `CREATE USER app WITH PASSWORD '…'`,
  // `ALTER ROLE app WITH LOGIN PASSWORD '…'`; the word after CREATE/ALTER USER/ROLE/GROUP, after an option
  // that leads into it (WITH, LOGIN, ENCRYPTED), or first on its line (a statement written over several
  // lines). Elsewhere `password '…'` is prose (`-- set the password 'here' later`). `PASSWORD NULL` and
  // psql's `PASSWORD :'pw'` hold none.
  {
    gate: /password[ \t]+(?:[Ee]?'|\$)/i,
    re: /(?:\b(?:create|alter)[ \t]+(?:user|role|group)\b[^\r\n]*?[ \t]|\b(?:with|login|encrypted)[ \t]+|^[ \t]*)password[ \t]+(?:[Ee]?'((?:[^'\r\n]|'')*)'|\$(\w*)\$(.*?)\$\2\$)/dgi,
    group: [1, 3],
    quoted: true,
    sql: true,
  },
  // MySQL (and Oracle's quoted form): `IDENTIFIED BY '…'`, `IDENTIFIED WITH mysql_native_password BY '…'`.
  // MySQL also escapes with a backslash. `IDENTIFIED WITH plugin AS '…'` hands over a hash. Oracle's
  // password is an identifier, unquoted (`IDENTIFIED BY tiger`); `BY VALUES '…'` and MySQL's old `BY
  // PASSWORD '*…'` hand over hashes.
  {
    gate: /identified[ \t]/i,
    re: /\bidentified[ \t]+(?:with[ \t]+\S+[ \t]+)?by[ \t]+(?:(["'])((?:(?!\1)[^\\\r\n]|\\.|\1\1)*)\1|(?!(?:values|password)\b)([A-Za-z][\w$#]*)(?=[ \t]*(?:;|$|\r|[ \t]+(?:default|temporary|quota|profile|password|account|container)\b)))/dgi,
    group: [2, 3],
    quoted: true,
    sql: true,
  },
  // C's `#define API_SECRET "…"` (and its literals concatenated over lines, read by the generic rule's follow).
  { gate: 'define', re: /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+"((?:[^"\\\r\n]|\\.)*)"/dg, group: 2, quoted: true, name: 1 },
  // PHP's define('NAME', 'value') (wp-config.php's database password, keys and salts).
  { gate: 'define(', re: /\bdefine\([ \t]*(["'])([A-Za-z_]\w*)\1[ \t]*,[ \t]*(["'])((?:(?!\3)[^\\\r\n]|\\.)*)\3/dg, group: 4, quoted: true, name: 2 },
];

export const statementSecret: LineRule = {
  id: 'statement-secret',
  description:
    "A secret handed over by a statement rather than assigned: .netrc `machine h login u password X` / `password X`, `ds.setPassword(\"X\")`, PHP `define('DB_PASSWORD', 'X')`, SQL `PASSWORD 'X'` / `IDENTIFIED BY 'X'`",
  // One rule for these forms rather than one each: the SIMD pass's keyword selector holds 96 rules.
  keywords: [
    'password ',
    'password\t',
    'setpassword(',
    'define(',
    'define ',
    'define\t',
    'identified',
    '.set',
    '.with',
    '--with-token',
    '--password-stdin',
    'config set',
    'vault',
    'set -',
    'setenv',
    'setx',
  ],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    for (const form of STATEMENT_FORMS) {
      if (typeof form.gate === 'string' ? !line.includes(form.gate) : !form.gate.test(line)) continue;
      const re = form.re;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(line)) !== null) {
        // A .netrc token may be quoted (`password "$PW"`): judged without its quotes.
        const group = typeof form.group === 'number' ? form.group : form.group.find((g) => m![g] !== undefined)!;
        let s = m[group]!;
        const q = s.charCodeAt(0);
        if (!form.quoted && s.length >= 2 && (q === 34 || q === 39) && s.charCodeAt(s.length - 1) === q) s = s.slice(1, -1);
        if (form.notWord === true && PROSE_WORD.test(s)) continue;
        if (form.sql === true) s = s.replace(/''|""/g, (q) => q[0]!);
        const strength = form.name === undefined ? 'strong' : defineStrength(m[form.name]!);
        if (strength === null || isReference(s)) continue;
        const secret = longRandom(s) || (!isPlaceholder(s) && valueLooksSecret(s, strength, form.quoted));
        const [start, end] = m.indices![group]!;
        if (secret) out.push({ start, end, rule: 'statement-secret', priority: CONTEXT_PRIORITY });
        // C's literal continued on the next line (`#define K "abc" \`): the masker reads on (follow.ts).
        if (form.quoted && line.charCodeAt(end) === 34) {
          const r = readLiterals(line, end + 1, line.length - (line.endsWith('\r') ? 1 : 0), false);
          if (r.open && r.spans.length === 0)
            out.push({
              start: end,
              end,
              rule: 'statement-secret',
              priority: CONTEXT_PRIORITY,
              follow: { kind: FollowKind.Concat, strength, judged: secret, spans: [start, end], value: s, arg: 0 },
            });
        }
      }
    }
  },
  samples: () => {
    const p = [pw(), pw(), pw(), pw(), pw(), pw()];
    const q = [pw(), pw(), pw(), pw()];
    // wp-config.php's keys: 64 printable characters, quotes and backslashes aside.
    const wpKey = rand(PASSWORD_CHARS.replace(/[#'",;]/g, '') + '!@#%^&*()-_=+[]{}<>~|;:,.?', 64, seed++ * 7907);
    const t = () => rand(ALNUM, 40, seed++ * 7907);
    const cli = [
      (x: string) => `client.setToken("${x}");`,
      (x: string) => `    builder.withClientSecret('${x}')`,
      (x: string) => `\tc.SetApiKey("${x}")`,
      (x: string) => `gh auth login --with-token <<< ${x}`,
      (x: string) => `echo ${x} | gh auth login --with-token`,
      (x: string) => `printf '%s' "${x}" | docker login -u ci --password-stdin registry.example.com`,
      (x: string) => `npm config set //registry.example.com/:_authToken ${x}`,
      (x: string) => `set -x GITHUB_TOKEN ${x}`,
      (x: string) => `set -gx DB_PASSWORD '${x}'`,
      (x: string) => `set --export --global API_TOKEN ${x}`,
      (x: string) => `set -U -x NPM_TOKEN ${x}`,
      (x: string) => `    set -x --universal STRIPE_SECRET "${x}"`,
      (x: string) => `setenv API_TOKEN ${x}`,
      (x: string) => `setx DB_PASSWORD "${x}" /M`,
    ].map((f) => {
      const secret = t();
      return { text: f(secret), secret };
    });
    return {
      truePositives: [
        { text: `define( 'DB_PASSWORD', '${p[5]}' );`, secrets: [p[5]!] },
        { text: `define('AUTH_KEY',         '${wpKey}');`, secrets: [wpKey] },
        { text: `machine api.example.com login bob password ${p[0]}`, secrets: [p[0]!] },
        { text: `machine git.example.com\n  login ci-bot\n  password ${p[1]}\n`, secrets: [p[1]!] },
        { text: `machine\tftp.example.com\tlogin\tftp\tpassword\t${p[2]}`, secrets: [p[2]!] },
        { text: `        ds.setPassword("${p[3]}");`, secrets: [p[3]!] },
        { text: `$mail->setPassword('${p[4]}');`, secrets: [p[4]!] },
        { text: `CREATE USER app WITH PASSWORD '${q[0]}';`, secrets: [q[0]!] },
        { text: `alter role app with login password '${q[1]}'`, secrets: [q[1]!] },
        { text: `ALTER USER 'app'@'%' IDENTIFIED BY '${q[2]}';`, secrets: [q[2]!] },
        { text: `CREATE USER 'x'@'localhost' IDENTIFIED WITH mysql_native_password BY '${q[3]}';`, secrets: [q[3]!] },
        // Setters named for a secret, tokens handed to CLIs on standard input or as arguments, shells' `set`.
        ...cli.map((c) => ({ text: c.text, secrets: [c.secret] })),
      ],
      falsePositives: [
        'machine git.example.com',
        'set --global --export PATH $HOME/bin $PATH',
        '    set -gx API_TOKEN $API_TOKEN',
        'set -U -x GITHUB_TOKEN (cat ~/.gh_token)',
        '  login ci-bot',
        'default login anonymous',
        'default login anonymous password guest@',
        'machine ftp.gnu.org login anonymous password user@example.org',
        'macdef init',
        '  password $NETRC_PASSWORD',
        '  password "${NETRC_PASSWORD}"',
        'machine api.example.com login bob password changeme',
        '    password required for the admin account',
        '# password hashing is done with argon2',
        '  password hashed',
        '                                  password combination.',
        '        ds.setPassword(password);',
        '        ds.setPassword(System.getenv("DB_PW"));',
        '        ds.setPassword("");',
        '        ds.setPassword("changeme");',
        '        ds.setPassword("${DB_PASSWORD}");',
        '        ds.setPassword("pre" + suffix);',
        "define( 'AUTH_KEY',         'put your unique phrase here' );",
        "define('DB_USER', 'wordpress');",
        "define('WP_DEBUG', false);",
        "define( 'DB_PASSWORD', getenv('DB_PASSWORD') );",
        "define('DB_PASSWORD', '');",
        'ALTER USER app WITH PASSWORD NULL;',
        "CREATE USER app WITH PASSWORD :'pw';",
        "CREATE USER app WITH PASSWORD '${DB_PASSWORD}';",
        "ALTER USER 'app'@'%' IDENTIFIED BY 'changeme';",
        "ALTER USER 'app'@'%' IDENTIFIED BY '';",
        "-- set the password 'here' later",
        'client.setTimeout(30);',
        'client.setName("api");',
        'client.setToken(token);',
        'client.setApiKey(process.env.API_KEY);',
        'builder.withCredentials(true)',
        'gh auth login --with-token < token.txt',
        'echo "$GH_TOKEN" | gh auth login --with-token',
        'npm config set registry https://registry.example.com/',
        'vault login -method=oidc',
        'vault login -method=userpass username=ops',
        'set -x PATH $HOME/bin $PATH',
        'set -x EDITOR vim',
        'setenv LANG en_US.UTF-8',
        'setx JAVA_HOME "C:\\Program Files\\Java"',
        'set -x PASSWORD_STORE_DIR ~/.password-store',
      ],
    };
  },
};

// --- Make's other assignment operators ---

// `DB_PASS ?= …`, `export TOKEN += …`, `API_KEY ::= …`, `PASSWORD != …`: the generic rule reads `=`, `:=`
// and `:`, not these, so a Makefile's conditional or appended secret would pass. Only at the start of a
// line (after Make's `export` / `override` / `private`), so code comparing (`if token != x`) stays out; `!==` is
// JavaScript's strict inequality (`leftToken.value !== rightToken.value` continuing a condition), never Make's.
// The value is the rest of the line up to a Make comment, without one pair of quotes around it.
// A `#` glued to the value (`DB_PASS ?= ab#cd`) is read as part of it: Make would start a comment there, but
// a password holding `#` is what was written, and showing its tail would leak most of it.
const MAKE_ASSIGN =
  /^[ \t]*(?:(?:export|override|private)[ \t]+)*([A-Za-z_][\w.-]*)[ \t]*(?:\?|\+|:::?|!)=(?!=)[ \t]*(["']?)((?:[^\r\n#]|(?<=[^\s=])#)*?)\2[ \t]*(?:(?<=[\s="'])#.*)?$/d;

export const makeAssignment: LineRule = {
  id: 'make-assignment',
  description: "Make's conditional, appending, POSIX and shell assignments to a secret-named variable: DB_PASS ?= …, export TOKEN += …",
  keywords: ['?=', '+=', '::=', '!='],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    const m = MAKE_ASSIGN.exec(line);
    if (m === null) return;
    const strength = classifyName(m[1]!);
    if (strength === null || !valueLooksSecret(m[3]!, strength, m[2] !== '')) return;
    const [start, end] = m.indices![3]!;
    out.push({ start, end, rule: 'make-assignment', priority: CONTEXT_PRIORITY });
  },
  samples: () => {
    const p = [pw(), pw(), pw(), pw(), pw(24)];
    return {
      truePositives: [
        { text: `DB_PASS ?= ${p[0]}`, secrets: [p[0]!] },
        { text: `export GITHUB_TOKEN += ${p[1]}`, secrets: [p[1]!] },
        { text: `override API_KEY ::= ${p[2]}  # staging`, secrets: [p[2]!] },
        { text: `\tSECRET_KEY?="${p[3]}"`, secrets: [p[3]!] },
        { text: `private CLIENT_SECRET:::=${p[4]}`, secrets: [p[4]!] },
        { text: `DB_PASS ?= ${p[0]!.slice(0, 6)}#${p[1]!.slice(0, 12)}`, secrets: [`${p[0]!.slice(0, 6)}#${p[1]!.slice(0, 12)}`] },
      ],
      falsePositives: [
        '      leftToken.value !== rightToken.value',
        'DB_PASS ?= $(shell cat .db_pass)',
        'API_KEY ?= ${API_KEY}',
        'export TOKEN += $(EXTRA_TOKEN)',
        'DB_PASSWORD != cat secret.txt',
        'if token != expected_token_value_here:',
        'CFLAGS += -O2 -Wall -Wextra -pedantic',
        'SECRET_KEY ?= changeme',
        'SECRET_KEY ?= $(shell pass show app/key) # from the password store',
        '  while (password != null && password.length > 0) {',
      ],
    };
  },
};

// --- Credentials handed to a call by position ---

// A call whose name says which argument is a password: JDBC's `DriverManager.getConnection(url, "u", "pw")`,
// .NET's `new NetworkCredential("u", "pw")`, `HTTPBasicAuth("u", "pw")`, smtplib/ftplib/imaplib's
// `.login("u", "pw")`, python-ldap's `.simple_bind_s(dn, "pw")`, PHP's `new PDO($dsn, "u", "pw")` and
// `mysqli_connect("h", "u", "pw")`, requests' `auth=("u", "pw")`. No name sits next to the value, so
// the generic rule cannot see it. Threat: a password written into a connection call in code reaches
// the model whole with every read of that file. The family is modelled by the argument's position
// under a call name (one table), not by each API's exact spelling; the value must still be a string
// literal that looks like a secret (a variable, an env lookup, an empty or placeholder string is code).

interface CallForm {
  /** The call's name as written before `(`, matched case-insensitively on its last word. */
  names: readonly string[];
  /** The 0-based position of the password among the arguments (several: the first literal that looks secret). */
  arg: number | readonly number[];
  /** The arguments there must be at least this many (`.login("u", "pw")`, not `.login(form)`). */
  min?: number;
  /** An LDAP bind: the argument before the password is a DN (`cn=…`) or a variable, not a literal word. */
  dn?: boolean;
  /** The argument at this position must be an algorithm's name (php-jwt's `new Key("…", "HS256")`). */
  algo?: number;
  /** Every listed position whose literal looks secret, not only the first (a key and its passphrase). */
  every?: true;
}

const CALL_FORMS: readonly CallForm[] = [
  // url, user, password
  { names: ['getconnection', 'pdo', 'mysqli', 'mysqli_connect', 'mysql_connect', 'mysql_pconnect', 'ftp_login'], arg: 2, min: 3 },
  // link, host, user, password
  { names: ['mysqli_real_connect'], arg: 3, min: 4 },
  // user, db, password
  { names: ['createcredential', 'createscramsha1credential', 'createscramsha256credential', 'createplaincredential'], arg: 2, min: 3 },
  // user, password
  {
    names: [
      'networkcredential',
      'httpbasicauth',
      'httpdigestauth',
      'httpproxyauth',
      'basicauth',
      'basic_auth',
      'digestauth',
      'setbasicauth',
      'withbasicauth',
      'usernamepasswordcredentials',
      'usernamepasswordauthenticationtoken',
      'passwordauthentication',
      'basicawscredentials',
      'awsbasiccredentials.create',
      'staticcredentialsprovider',
      'newstaticcredentials',
      'newstaticcredentialsprovider',
      'credentials.basic',
      'basic',
      'login',
      'auth',
    ],
    arg: 1,
    min: 2,
  },
  // Gradle's signing: `useInMemoryPgpKeys(key, password)` or `(keyId, key, password)`: the armored key and its
  // passphrase, each (a key id of eight hex digits does not look secret and stays).
  { names: ['useinmemorypgpkeys'], arg: [0, 1, 2], min: 2, every: true },
  // A wallet's private key first: ethers' `new Wallet("0x…")`, viem's `privateKeyToAccount("0x…")`, eth-account's `Account.from_key("0x…")`.
  { names: ['wallet', 'privatekeytoaccount', 'from_key'], arg: 0, min: 1 },
  // dn, password (python-ldap, Go's ldap, PHP's ldap_bind with the link first)
  { names: ['simple_bind_s', 'simple_bind', 'bind_s', 'bind'], arg: 1, min: 2, dn: true },
  { names: ['ldap_bind'], arg: 2, min: 3, dn: true },
  // Signing and encryption keys handed over by position: a JWT's HMAC secret (`jwt.sign(payload, "…")`,
  // PyJWT's `jwt.encode(p, "…")`, ruby-jwt's `JWT.encode(p, "…", "HS256")`, php-jwt's `JWT::encode`), an
  // HMAC's key (`crypto.createHmac("sha256", "…")`, Python's `hmac.new(b"…", …)`, Go's `hmac.New(sha256.New,
  // []byte("…"))`, Ruby's `OpenSSL::HMAC.hexdigest("SHA256", "…", data)`, PHP's `hash_hmac("sha256", $d, "…")`),
  // a key object built from a literal (`new SecretKeySpec("…".getBytes(), "HmacSHA256")`, .NET's
  // `new SymmetricSecurityKey(Encoding.UTF8.GetBytes("…"))`, jsonwebtoken's `EncodingKey::from_secret(b"…")`).
  // Threat: the key that signs sessions or webhooks, written into code, lets whoever reads it forge them.
  {
    names: ['jwt.sign', 'jwt.verify', 'jwt.encode', 'jwt.decode', 'jsonwebtoken.sign', 'jsonwebtoken.verify', 'jwt.signedstring', 'createhmac'],
    arg: 1,
    min: 2,
  },
  { names: ['hmac.new', 'hmac.digest', 'hmac.hexdigest', 'hmac.base64digest', 'signwith'], arg: [0, 1], min: 1 },
  { names: ['hash_hmac', 'openssl_encrypt', 'openssl_decrypt'], arg: 2, min: 3 },
  {
    names: [
      'secretkeyspec',
      'symmetricsecuritykey',
      'hmacsha1',
      'hmacsha256',
      'hmacsha384',
      'hmacsha512',
      'from_secret',
      'new_from_slice',
      'signedstring',
      'newcookiestore',
    ],
    arg: 0,
    min: 1,
  },
  // Connections by position: redis-py's `Redis(host, port, db, "pw")`, PyMySQL's and MySQLdb's
  // `connect(host, user, "pw")`, Perl DBI's `DBI->connect($dsn, "u", "pw")`, Go's `smtp.PlainAuth("", "u", "pw", host)`,
  // ftplib's `FTP(host, "u", "pw")`, Sequelize's `new Sequelize(db, "u", "pw")`.
  { names: ['key'], arg: 0, min: 2, algo: 1 },
  { names: ['redis.redis', 'redis.strictredis'], arg: 3, min: 4 },
  {
    names: [
      'pymysql.connect',
      'mysqldb.connect',
      'connector.connect',
      'dbi.connect',
      'smtp.plainauth',
      'ftplib.ftp',
      'ftplib.ftp_tls',
      'ftp.open',
      'sequelize',
      'psycopg2.connect',
      'psycopg.connect',
      'pg8000.connect',
      'mariadb.connect',
    ],
    arg: 2,
    min: 3,
  },
  // A cipher's key first: PyCryptodome's `AES.new(b"…", AES.MODE_GCM)`, cryptography's `Fernet(b"…")`, `AESGCM(b"…")`.
  { names: ['aes.new', 'des3.new', 'chacha20.new', 'blowfish.new', 'arc4.new', 'fernet', 'aesgcm', 'chacha20poly1305'], arg: 0, min: 1 },
];

/** An algorithm's name beside a key (`"SHA256"`, `"HS256"`, `'aes-256-cbc'`): not the key. */
const ALGORITHM_NAME = /^(?:sha|md5|hs|rs|es|ps|hmac|aes|des|blake|ripemd)[\w-]*$/i;

export const CALL_ARG = new Map<string, CallForm>();
for (const f of CALL_FORMS) for (const n of f.names) CALL_ARG.set(n, f);

/**
 * A call's name, then `(`: the name's last word (`DriverManager.getConnection` → `getconnection`), or the
 * last two for the names that need a qualifier (`Credentials.basic`, `AwsBasicCredentials.create`). `new`
 * may precede it; a bare `basic`, `auth`, `bind` or `login` must be a method (`.login(`), not a function
 * of its own (`login(req)`).
 */
const CALL_NAME = /([A-Za-z_][\w]*(?:\.|::|->))?([A-Za-z_]\w*)[ \t]*\(/g;
/** Names too common to count without a `.` before them. */
const METHOD_ONLY = new Set(['basic', 'auth', 'bind', 'login']);

/** A string literal at `i` (optionally `@`, `r`, `b` or `u` first): [value start, value end, end after the quote], or null. */
function literalAt(line: string, i: number): [number, number, number] | null {
  let q = line.charCodeAt(i);
  let verbatim = false;
  if (q === 64 || q === 114 || q === 98 || q === 117) {
    verbatim = q === 64;
    q = line.charCodeAt(++i);
  }
  if (q !== 34 && q !== 39 && q !== 96) return null;
  for (let k = i + 1; k < line.length; k++) {
    const c = line.charCodeAt(k);
    if (c === 92 && !verbatim) k++;
    else if (c === q) {
      if (verbatim && line.charCodeAt(k + 1) === q) k++;
      else return [i + 1, k, k + 1];
    }
  }
  return null;
}

interface CallArg {
  start: number;
  end: number;
  /** The argument is one string literal (with at most a method call after it: `"pw".toCharArray()`). */
  literal: [number, number] | null;
}

/** The arguments of the call whose `(` is at `open`, up to its `)` or the end of the line. */
function callArgs(line: string, open: number): CallArg[] {
  const args: CallArg[] = [];
  let i = open + 1;
  const n = line.length;
  while (i < n) {
    while (i < n && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
    const start = i;
    let literal: [number, number] | null = null;
    const lit = literalAt(line, i);
    if (lit !== null) {
      literal = [lit[0], lit[1]];
      i = lit[2];
      // `"pw".toCharArray()`, `"pw".encode()`, `b"pw"`: still the literal.
      const after = /^(?:\.\w+\((?:[ \t]*["'][\w-]*["'][ \t]*)?\))?[ \t]*(?=[,)]|$)/.exec(line.slice(i));
      if (after === null) literal = null;
    }
    let depth = 0;
    for (; i < n; i++) {
      const c = line.charCodeAt(i);
      if (c === 34 || c === 39 || c === 96) {
        const l = literalAt(line, i);
        if (l === null) return args;
        i = l[2] - 1;
      } else if (c === 40 || c === 91 || c === 123) depth++;
      else if (c === 41 || c === 93 || c === 125) {
        if (depth === 0) break;
        depth--;
      } else if (c === 44 && depth === 0) break;
    }
    args.push({ start, end: i, literal });
    if (i >= n || line.charCodeAt(i) !== 44) break;
    i++;
  }
  return args;
}

/** `.name(`, the name not a setter's or a wither's (those are statement-secret's). */
const SECRET_METHOD = /\.(?![Ss]et[A-Z]|[Ww]ith[A-Z])([A-Za-z_]\w*)[ \t]*\(/g;

/** requests'/httpx's `auth=("u", "pw")`, Ruby's `basic_auth: ["u", "pw"]`: a pair after a key named auth. */
const AUTH_PAIR = /\bauth[ \t]*(?:=|:|=>)[ \t]*[([][ \t]*/g;

/**
 * A key's bytes made from a literal: Go's `[]byte("…")`, .NET's `Encoding.UTF8.GetBytes("…")`, Node's
 * `Buffer.from("…", "hex")`, Python's `bytes("…", "utf-8")` / `str.encode("…")`: the literal inside. Likewise
 * an optional or owned string around it (reqwest's `.basic_auth("u", Some("pw"))`, Java's `Optional.of("pw")`,
 * Rust's `String::from("pw")`, `SecretString::new("pw")`).
 */
const BYTES_OF = /^(?:\[\]byte|(?:[\w.]*\.)?(?:GetBytes|from|bytes|encode|getBytes|toByteArray)|Some|Optional\.of|\w+::(?:from|new))\([ \t]*/;

function literalOf(line: string, a: CallArg): [number, number] | null {
  if (a.literal !== null) return a.literal;
  const m = BYTES_OF.exec(line.slice(a.start, a.end));
  if (m === null) return null;
  const lit = literalAt(line, a.start + m[0].length);
  if (lit === null || !/^[ \t]*[,)]/.test(line.slice(lit[2]))) return null;
  return [lit[0], lit[1]];
}

/** Pushes the argument when it is a literal that looks like a secret; answers whether it did. */
function pushCallSecret(line: string, a: CallArg | undefined, out: Hit[]): boolean {
  if (a === undefined) return false;
  const lit = literalOf(line, a);
  if (lit === null) return false;
  const [start, end] = lit;
  const s = line.slice(start, end);
  if (ALGORITHM_NAME.test(s) || isPrompt(s) || isReference(s) || isPlaceholder(s) || !valueLooksSecret(s, 'strong', true)) return false;
  out.push({ start, end, rule: 'call-credential', priority: CONTEXT_PRIORITY });
  return true;
}

export const callCredential: LineRule = {
  id: 'call-credential',
  description:
    'A password handed to a call by position: DriverManager.getConnection(url, "u", "pw"), new NetworkCredential("u", "pw"), HTTPBasicAuth("u", "pw"), .login("u", "pw"), .simple_bind_s(dn, "pw"), auth=("u", "pw")',
  keywords: [
    'getconnection(',
    // (`credential` also finds `credentials(`, `Credentials.basic(`, `CredentialsProvider(`; the SIMD pass's
    // selector has room for 256 words.)
    'credential',
    'auth(',
    'authentication',
    // (Keywords share their first two characters with other rules' where they can: the SIMD pass's
    // selector has room for 128 such pairs. `sic(` is `.basic(`'s, `do(` is `PDO(`'s.)
    'sic(',
    'login(',
    'simple_bind',
    'bind_s(',
    'bind(',
    'auth=(',
    'auth = (',
    'auth=[',
    'auth: [',
    'auth => [',
    'do(',
    'mysqli(',
    'connect(',
    'password(',
    'key(',
    'secret(',
    'token(',
    'wallet(',
    // (`from_key(` is found by `key(`.)
    'keytoaccount(',
    // Signing keys: `jwt.sign(`, `.signWith(`, `.SignedString(` (by `sig`); an HMAC named for its hash
    // (`createHmac("sha256", …)`, `hmac.new(…, hashlib.sha256)`, `HMACSHA256(`, `hash_hmac('sha256', …)`);
    // `jwt.encode(`; `EncodingKey::from_secret(` (by `secret(`). (Not `token`, for `jwt.verify(token, …)`: on
    // the candidate lines of a code base `token` is common, and this rule's scan of every call on them cost
    // a tenth of the masking time.)
    'sig',
    'sha',
    'encode(',
    // Gradle's `useInMemoryPgpKeys(…)`.
    'pgpkeys(',
  ],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    let m: RegExpExecArray | null;
    // Woken by common words (`token`, `sig`, `key(`): a line with no call in it is done after one search.
    const calls = line.includes('(');
    CALL_NAME.lastIndex = calls ? 0 : line.length;
    while ((m = CALL_NAME.exec(line)) !== null) {
      const qual = m[1];
      const word = m[2]!.toLowerCase();
      const dotted = qual !== undefined ? `${qual.replace(/(?:\.|::|->)$/, '').toLowerCase()}.${word}` : '';
      const form = CALL_ARG.get(dotted) ?? CALL_ARG.get(word);
      if (form === undefined) continue;
      const wordAt = m.index + (qual?.length ?? 0);
      if (METHOD_ONLY.has(word) && line.charCodeAt(wordAt - 1) !== 46 && !(qual ?? '').endsWith('->')) continue;
      const open = m.index + m[0].length - 1;
      const args = callArgs(line, open);
      if (args.length < (form.min ?? 0)) continue;
      if (form.algo !== undefined) {
        const a = args[form.algo]!.literal;
        if (a === null || !ALGORITHM_NAME.test(line.slice(a[0], a[1]))) continue;
      }
      if (form.dn === true) {
        // `fn.bind(this, "label")` is JavaScript: the bind's first argument must read as a DN.
        const prev = args[(form.arg as number) - 1]!;
        const dn = prev.literal !== null ? line.slice(prev.literal[0], prev.literal[1]) : line.slice(prev.start, prev.end);
        if (prev.literal !== null ? !dn.includes('=') : !/dn|user|bind|principal|admin/i.test(dn)) continue;
      }
      if (typeof form.arg === 'number') pushCallSecret(line, args[form.arg], out);
      else for (const k of form.arg) if (pushCallSecret(line, args[k], out) && !form.every) break;
      CALL_NAME.lastIndex = open + 1;
    }
    // A builder's or client's method named for the secret, handed one literal: `.password("…")`,
    // `.Password("…")`, `.apiKey("…")`, `.clientSecret('…')` (setters and withers: statement-secret).
    SECRET_METHOD.lastIndex = calls ? 0 : line.length;
    while ((m = SECRET_METHOD.exec(line)) !== null) {
      if (classifyName(m[1]!) !== 'strong') continue;
      const args = callArgs(line, m.index + m[0].length - 1);
      if (args.length === 1 && line.charCodeAt(args[0]!.end) === 41) pushCallSecret(line, args[0], out);
    }
    if (!line.includes('auth')) return;
    AUTH_PAIR.lastIndex = 0;
    while ((m = AUTH_PAIR.exec(line)) !== null) {
      const args = callArgs(line, m.index + m[0].length - 1);
      if (args.length === 2 && args[0]!.literal !== null) pushCallSecret(line, args[1], out);
    }
  },
  samples: () => {
    const p = Array.from({ length: 24 }, () => pw());
    const forms = [
      (x: string) => `Connection c = DriverManager.getConnection(url, "root", "${x}");`,
      (x: string) => `var cred = new System.Net.NetworkCredential("svc", "${x}");`,
      (x: string) => `    useInMemoryPgpKeys("0xA1B2C3D4", "${x}")`,
      (x: string) => `r = requests.get(url, auth=HTTPBasicAuth("svc", "${x}"))`,
      (x: string) => `r = requests.get(url, auth=("svc", "${x}"))`,
      (x: string) => `    server.login("alerts@example.com", "${x}")`,
      (x: string) => `conn.simple_bind_s("cn=admin,dc=example,dc=com", "${x}")`,
      (x: string) => `err = l.Bind("cn=read-only,dc=example,dc=org", "${x}")`,
      (x: string) => `auth = aiohttp.BasicAuth('svc', '${x}')`,
      (x: string) => `String header = Credentials.basic("svc", "${x}");`,
      (x: string) => `    req.SetBasicAuth("svc", "${x}")`,
      (x: string) => `new PasswordAuthentication("svc", "${x}".toCharArray());`,
      (x: string) => `MongoCredential c = MongoCredential.createCredential("app", "admin", "${x}".toCharArray());`,
      (x: string) => `AWSCredentials creds = new BasicAWSCredentials("AKIDEXAMPLE", "${x}");`,
      (x: string) => `  httpx.get(url, auth = ("svc", '${x}'))`,
      (x: string) => `DataSource ds = DataSourceBuilder.create().username("app").password("${x}").build();`,
      (x: string) => `    .Password("${x}")`,
    ];
    // A wallet's key: 0x and 64 hex digits.
    const key = rand('0123456789abcdef', 64, seed++ * 7907);
    const wallets = [
      `const wallet = new ethers.Wallet("0x${key}", provider);`,
      `const account = privateKeyToAccount('0x${key}')`,
      `acct = Account.from_key("0x${key}")`,
    ];
    return {
      truePositives: [...forms.map((f, k) => ({ text: f(p[k]!), secrets: [p[k]!] })), ...wallets.map((text) => ({ text, secrets: [key] }))],
      falsePositives: [
        'Connection c = DriverManager.getConnection(url, user, password);',
        'Connection c = DriverManager.getConnection(url, "root", "");',
        'Connection c = DriverManager.getConnection(url, props);',
        'var cred = new NetworkCredential(user, pass);',
        'var cred = new NetworkCredential("svc", Environment.GetEnvironmentVariable("SVC_PW"));',
        'r = requests.get(url, auth=(user, os.environ["PW"]))',
        'r = requests.get(url, auth=HTTPBasicAuth("svc", "changeme"))',
        '    server.login(user, password)',
        '    server.login(form)',
        '    login("admin", "dashboard_overview")',
        'handler = handler.bind(this, "clickHandler")',
        'conn.simple_bind_s("cn=admin,dc=example,dc=com", ldap_password)',
        'const el = fn.bind(null, "selected-item")',
        '    req.SetBasicAuth(user, pass)',
        '    app.auth("bearer", token)',
        'DataSource ds = DataSourceBuilder.create().username("app").password(env("DB_PW")).build();',
        '    .password("")',
        '    expect(form.password("secret-field-label", 2)).toBe(true);',
        "    cy.get('#password').type('correct horse')",
        '$pdo = new PDO($dsn, $user, $pass);',
        '$pdo = new PDO("sqlite:/var/db/app.sqlite");',
        '$link = mysqli_connect("db", "app", getenv("DB_PW"));',
        'const wallet = new ethers.Wallet(process.env.PRIVATE_KEY, provider);',
        'const wallet = ethers.Wallet.createRandom();',
      ],
    };
  },
};

// --- A header's name and its value as two arguments or two words ---

// `client.DefaultRequestHeaders.Add("X-Api-Key", "…")`, `xhr.setRequestHeader("Authorization", "Bearer …")`,
// nginx's `proxy_set_header X-Api-Key …;` / `proxy_set_header Authorization "Basic …";`, Apache's
// `RequestHeader set Authorization "Bearer …"`. The name is one token, the value the next: neither `:` nor
// `=` stands between them, so no assignment rule reads it. Threat: an API key or a basic-auth pair pinned
// in a proxy's config or a client's setup reaches the model whole. The header's name decides as a key's
// name does (`X-Api-Key`, `X-Auth-Token`, `Authorization`); an auth scheme's word (`Basic`, `Bearer`,
// `Token`) stays visible, the credential after it is masked.
const HEADER_ARG =
  /(["']?)((?:X-)?(?:Api|API|api)-(?:Key|KEY|key)|(?:Proxy-)?Authorization|X-[A-Za-z-]*(?:Token|TOKEN|Key|KEY|Secret|SECRET))\1(?:[ \t]*,[ \t]*|[ \t]+)(["'`]?)((?:Basic|Bearer|Token|token|Digest|ApiKey|Key)[ \t]+)?([^\s"'`;,)]+)\3/dg;

/** A word of letters closing a sentence (`header.`, `Successful!`) or meeting a tag (`Failed</h1>`). */
const HEADER_PROSE_WORD = /^[A-Za-z]+(?:[.!?:]+|[.!?:]*<.*)$/;

export const headerArgument: LineRule = {
  id: 'header-argument',
  description:
    'A secret header and its value side by side: .Add("X-Api-Key", "…"), setRequestHeader("Authorization", "Bearer …"), nginx proxy_set_header Authorization "Basic …"',
  keywords: ['api-key', 'authorization', 'token', 'key', 'secret'],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    HEADER_ARG.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = HEADER_ARG.exec(line)) !== null) {
      const v = m[5]!;
      // A quoted name needs a quoted value (an argument), a bare one a bare or quoted word (a directive).
      if (m[1] !== '' && m[3] === '') continue;
      // Prose names the header: `The Authorization header.`, `<h1>Authorization Failed</h1>`, `"Authorization
      // pending. Continue polling."`: a bare word of letters that ends a sentence or meets a tag is no credential.
      if (m[3] === '' && HEADER_PROSE_WORD.test(v)) continue;
      if (isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, 'strong', m[3] !== '')) continue;
      const [start, end] = m.indices![5]!;
      out.push({ start, end, rule: 'header-argument', priority: CONTEXT_PRIORITY });
    }
  },
  samples: () => {
    const h = rand('0123456789abcdef', 32, seed++ * 7907);
    const b = Buffer.from(`deploy:${pw()}`).toString('base64');
    const t = rand(ALNUM, 40, seed++ * 7907);
    return {
      truePositives: [
        { text: `client.DefaultRequestHeaders.Add("X-Api-Key", "${h}");`, secrets: [h] },
        { text: `    proxy_set_header Authorization "Basic ${b}";`, secrets: [b] },
        { text: `    proxy_set_header X-Api-Key ${h};`, secrets: [h] },
        { text: `xhr.setRequestHeader('Authorization', 'Bearer ${t}');`, secrets: [t] },
        { text: `RequestHeader set X-API-KEY "${t}"`, secrets: [t] },
      ],
      falsePositives: [
        '    proxy_set_header Authorization $http_authorization;',
        '    proxy_set_header X-Api-Key $api_key;',
        'client.DefaultRequestHeaders.Add("X-Api-Key", apiKey);',
        'xhr.setRequestHeader("Authorization", "Bearer " + token);',
        '    proxy_set_header Authorization "";',
        "headers.set('Authorization', `Bearer ${token}`);",
        '// the X-Api-Key header carries the tenant key',
        '  Authorization required for this endpoint',
        ' * The Authorization header.',
        '    <h1>Authorization Failed</h1>',
        '  "Authorization pending. Continue polling.",',
        '<p>X-Api-Key missing!</p>',
      ],
    };
  },
};

// --- Prose handing a password over ---

// `The staging password is X`, `password was X`, `Temporary password set to X`, `the root password for db01
// is X`, `password \`X\``: a README, a commit message, a ticket or a comment tells the reader the password in
// words, with no `=` or `:` for the assignment rules. Threat: onboarding notes and commit messages carry the
// shared staging password to every reader, the model included. The value must look like a password (two
// classes of characters, a digit or a sign): `the password is stored in Vault`, `if password is None`,
// `password is required` stay as they are.
const PROSE_PASSWORD =
  /\b[Pp]assword[ \t]+(?:(?:(?:is|was)(?:[ \t]+now)?|(?:set|changed|reset)[ \t]+to|for[ \t]+[\w.@-]+(?:[ \t]+[\w.@-]+){0,3}[ \t]+(?:is|was)(?:[ \t]+now)?|(?:for|on|of)[ \t]+[\w.@-]+(?:[ \t]+[\w.@-]+){0,2}[ \t]*:)[ \t]+(["'`]?)([^\s"'`]+)\1|(`)([^`\s]+)`)/dg;

/** A password of lower-case groups: `rkmd-kcpz-pypr`, `xk3f.pq9z.mmtr`. */
const GROUPED = /^[a-z0-9]{3,8}(?:[-.][a-z0-9]{3,8}){2,5}$/;

export const prosePassword: LineRule = {
  id: 'prose-password',
  description: 'A password told in prose: "the password is X", "password set to X", "the root password for db01 is X", "password `X`"',
  keywords: ['password ', 'password\t'],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    PROSE_PASSWORD.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = PROSE_PASSWORD.exec(line)) !== null) {
      const g = m[2] !== undefined ? 2 : 4;
      let [start, end] = m.indices![g]!;
      // The sentence's own punctuation after an unquoted value: `… is X.`, `… is X, rotate it`.
      if (m[1] === '' && g === 2)
        while (end > start + 1 && /[.,;:!?)]/.test(line[end - 1]!) && /[.,;:!?)]/.test(line[end - 2]!) === false && end - start > 8) end--;
      const v = line.slice(start, end);
      if (v.length < 8 || !/[A-Za-z]/.test(v)) continue;
      // Groups of lower-case letters (`rkmd-kcpz-pypr`, a generated Wi-Fi or app password): three or more, each of
      // 3 to 8 characters, twelve or more in all; prose after `password is` takes two (`auto-generated`,
      // `read-only`) or a short word (`written-on-the-board`).
      const grouped = v.length >= 12 && GROUPED.test(v);
      // Letters only: a random run of both cases, twelve or more, not words run together (`CaseSensitive`).
      if (!grouped && !/[\d\W_]/.test(v) && (v.length < 12 || !/[a-z]/.test(v) || !/[A-Z]/.test(v) || isWordyIdentifier(v))) continue;
      if (isReference(v) || isPlaceholder(v) || (!grouped && !valueLooksSecret(v, 'strong', m[1] !== '' || g === 4))) continue;
      out.push({ start, end, rule: 'prose-password', priority: CONTEXT_PRIORITY });
    }
  },
  samples: () => {
    const p = [pw(14), pw(16), pw(12), pw(18)];
    const grouped = [0, 1, 2].map((k) => rand('abcdefghijklmnopqrstuvwxyz', 4, seed++ * 7907 + k)).join('-');
    return {
      truePositives: [
        { text: `The staging password is ${p[0]} (rotate after the demo).`, secrets: [p[0]!] },
        { text: `Temporary password set to ${p[1]} until rotation.`, secrets: [p[1]!] },
        { text: `The new root password for db01 is ${p[2]}`, secrets: [p[2]!] },
        { text: `[09:23] bob: the password for the guest wifi is ${grouped}`, secrets: [grouped] },
        { text: `-- password for prod: ${p[1]}`, secrets: [p[1]!] },
        { text: `# password on the staging box: ${p[0]}`, secrets: [p[0]!] },
        { text: 'Default credentials: username `admin`, password `' + p[3] + '`.', secrets: [p[3]!] },
      ],
      falsePositives: [
        'The password is stored in Vault; ask ops for access.',
        '    if password is None:',
        'password is required',
        'The password was changed by an administrator.',
        'the password is auto-generated',
        'the password for the guest wifi is written-on-the-board',
        'Your password is `<your-password>`.',
        'The password for the demo is changeme',
        '-- password for prod: ask the DBA',
        '# password for prod: see vault',
        'Password for the admin: ${ADMIN_PASSWORD}',
        'the password is ${DB_PASSWORD}',
        'The password is at least 12 characters long.',
      ],
    };
  },
};

// --- An auth scheme joined to a literal credential ---

// `"Bearer " + "…"`, R's `paste("Bearer", "…")`, PHP's `"Bearer " . "…"`, Lua's `"Bearer " .. "…"`,
// `String.format("Bearer %s", "…")`, `f"Bearer {'…'}"`, `` `Bearer ${'…'}` ``, and a basic pair encoded in
// place (`"Basic " + btoa("admin:…")`, `base64.b64encode(b"u:…")`, PHP's `base64_encode("u:…")`). The scheme
// and the credential are two literals, so auth-header (one literal) never sees them together.
// Threat: the header an HTTP client sends, credential included, pinned in code.
const SCHEME_JOIN =
  /(["'])(?:Bearer|bearer|Token|token|Basic|Bot|ApiKey)[ \t]*\1[ \t]*(?:\+|\.\.?|,)[ \t]*[bfr]?(["'`])([^"'`\s]+)\2|(["'])(?:Bearer|Token|token|Basic)[ \t]+%s\4[ \t]*(?:,|%)[ \t]*(["'])([^"'\s]+)\5|\b(?:Bearer|Token|token|Basic)[ \t]+[$#]?\{[ \t]*(["'])([^"'\s{}]+)\7[ \t]*\}/dg;
const BASIC_PAIR =
  /\b(?:b64encode|btoa|base64_encode|encode64|strict_encode64|encodeToString|ToBase64String|toBase64)\([ \t]*(?:b|Buffer\.from\(|Encoding\.\w+\.GetBytes\()?(["'])[^"':\s]+:([^"'\s]+)\1/dg;

export const schemeJoin: LineRule = {
  id: 'scheme-join',
  description: 'An auth scheme joined to a literal: "Bearer " + "…", paste("Bearer", "…"), String.format("Bearer %s", "…"), "Basic " + btoa("u:…")',
  // (Not `token`: the header's name is on the line, and `token` wakes a rule on many lines.)
  keywords: ['auth'],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    SCHEME_JOIN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = SCHEME_JOIN.exec(line)) !== null) {
      const g = m[3] !== undefined ? 3 : m[6] !== undefined ? 6 : 8;
      const v = m[g]!;
      if (isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, 'strong', true)) continue;
      const [start, end] = m.indices![g]!;
      out.push({ start, end, rule: 'scheme-join', priority: CONTEXT_PRIORITY });
    }
    BASIC_PAIR.lastIndex = 0;
    while ((m = BASIC_PAIR.exec(line)) !== null) {
      const v = m[2]!;
      if (isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, 'strong', true)) continue;
      const [start, end] = m.indices![2]!;
      out.push({ start, end, rule: 'scheme-join', priority: CONTEXT_PRIORITY });
    }
  },
  samples: () => {
    const t = rand(ALNUM, 32, seed++ * 7907);
    const p = pw(16);
    return {
      truePositives: [
        { text: `headers = {"Authorization": "Bearer " + "${t}"}`, secrets: [t] },
        { text: `res <- GET(url, add_headers(Authorization = paste("Bearer", "${t}")))`, secrets: [t] },
        { text: `headers["Authorization"] = "Bearer " .. "${t}"`, secrets: [t] },
        { text: `String auth = String.format("Bearer %s", "${t}");`, secrets: [t] },
        { text: `headers = {"Authorization": f"Bearer {'${t}'}"}`, secrets: [t] },
        { text: `const auth = 'Basic ' + btoa('admin:${p}');`, secrets: [p] },
        { text: `$auth = "Basic " . base64_encode("admin:${p}");`, secrets: [p] },
      ],
      falsePositives: [
        'headers = {"Authorization": "Bearer " + token}',
        'res <- GET(url, add_headers(Authorization = paste("Bearer", token)))',
        "const auth = 'Basic ' + btoa(`${user}:${pass}`);",
        'headers = {"Authorization": f"Bearer {token}"}',
        "headers['Authorization'] = `Bearer ${token}`;",
        'String auth = String.format("Bearer %s", token);',
      ],
    };
  },
};

// --- A keyword key and its value: Clojure/EDN maps, Lisp plists ---

// `{:db {:user "app" :password "…"}}`, `(def config {:api-token "…"})`, `(:password "…")`: the key is a keyword
// (`:name`) and the value follows it after blanks, with no `=` or `:` between, so generic-secret never sees a
// key there. Threat: a Clojure service's config.edn holds its database password in such a map. (The pre-scan
// selects such a line by `password "` today; `:api-token "…"` needs an anchor of its own in the SIMD pass.)
const KEYWORD_VALUE = /(?<![\w:/]):([A-Za-z][\w.*+!?-]*)[ \t]+"((?:[^"\\\r\n]|\\.){1,512})"/dg;

export const keywordValue: LineRule = {
  id: 'keyword-value',
  description: 'A value after a secret-named keyword key: Clojure/EDN {:password "…"}, Lisp plists',
  keywords: ['pass', 'pwd', 'secret', 'token', 'key', 'auth', 'cred'],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    if (!line.includes(':')) return;
    KEYWORD_VALUE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = KEYWORD_VALUE.exec(line)) !== null) {
      const strength = classifyName(m[1]!);
      const v = m[2]!;
      if (strength === null || isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, strength, true)) continue;
      const [s, e] = m.indices![2]!;
      out.push({ start: s, end: e, rule: 'keyword-value', priority: CONTEXT_PRIORITY });
    }
  },
  samples: () => {
    const [a, b] = [pw(), pw()];
    return {
      truePositives: [
        { text: `  :db {:dbtype "postgresql" :user "app" :password "${a}"}`, secrets: [a] },
        { text: `(def config {:port 8080 :password "${b}"})`, secrets: [b] },
      ],
      falsePositives: [
        '  :db {:dbtype "postgresql" :user "app" :password (System/getenv "DB_PASSWORD")}',
        '{:password "changeme" :user "admin"}',
        '{:keyword "clojure.core/keyword" :doc "Returns a Keyword"}',
        '(str "http://example.com:8080/path")',
      ],
    };
  },
};

export const MORE_CONTEXT_RULES: LineRule[] = [
  xmlKeyValue,
  mysqlQuoted,
  envFallback,
  secureString,
  dsnCredentials,
  statementSecret,
  makeAssignment,
  callCredential,
  headerArgument,
  prosePassword,
  schemeJoin,
  keywordValue,
];

// --- Block rules: the name on the line before ---

/** `- name: X` at the start of a YAML list item (the name plain or quoted, maybe a comment after). */
const ENV_NAME = /^([ \t]*)-([ \t]+)name:[ \t]*(["']?)([A-Za-z_][\w.-]*)\3[ \t]*(?:#.*)?\r?$/;
/** A sibling key of the item: `value: …` (quoted, or a plain scalar up to a ` #` comment). */
const ENV_VALUE = /^([ \t]*)value:[ \t]*(?:"((?:[^"\\\r\n]|\\.)*)"|'([^'\r\n]*)'|([^\s#'"][^\r\n]*?))[ \t]*(?:[ \t]#.*)?\r?$/d;
/** The flow form on one line: `- {name: DB_PASSWORD, value: "…"}`. */
const ENV_FLOW = /\{[ \t]*name:[ \t]*(["']?)([A-Za-z_][\w.-]*)\1[ \t]*,[ \t]*value:[ \t]*(?:"([^"\r\n]*)"|'([^'\r\n]*)'|([^\s,}'"][^,}\r\n]*?))[ \t]*\}/dg;

function lineAt(text: string, starts: number[], i: number): string {
  const end = i + 1 < starts.length ? starts[i + 1]! - 1 : text.length;
  return text.slice(starts[i]!, end);
}

/** The value group that matched (2–4 for ENV_VALUE, 3–5 for ENV_FLOW) and whether it was quoted. */
function valueGroup(m: RegExpExecArray, first: number): [number, boolean] | null {
  for (let g = first; g < first + 3; g++) if (m[g] !== undefined) return [g, g < first + 2];
  return null;
}

function scanFlow(line: string, li: number, out: BlockOutput): void {
  ENV_FLOW.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ENV_FLOW.exec(line)) !== null) {
    const strength = classifyName(m[2]!);
    const g = valueGroup(m, 3);
    if (strength === null || g === null || !valueLooksSecret(m[g[0]]!, strength, g[1])) continue;
    const [s, e] = m.indices![g[0]]!;
    addHit(out, li, { start: s, end: e, rule: 'k8s-env-value', priority: CONTEXT_PRIORITY });
  }
}

export const k8sEnvValue: BlockRule = {
  id: 'k8s-env-value',
  description: 'Kubernetes container env list: the value: line of an item whose - name: is secret-named (DB_PASSWORD, API_TOKEN)',
  // Pod specs (Deployment, StatefulSet, Job, CronJob, Pod) and their Helm templates hold `kind:`: a
  // gate the pre-scan notes on its way (GATES), so other files cost nothing. A Helm values.yaml env
  // list has no `kind:` and is not read here.
  gate: 'kind:',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    for (let p = text.indexOf('name:'); p !== -1; p = text.indexOf('name:', p + 5)) {
      const ls = text.lastIndexOf('\n', p - 1) + 1;
      // `-` and blanks only between the line start and `name:` (checked before any line index is built).
      let k = ls;
      while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9) k++;
      const flow = text.charCodeAt(p - 1) === 123 || text.charCodeAt(p - 2) === 123; // `{name:` / `{ name:`
      if (!flow && (text.charCodeAt(k) !== 45 || text.slice(k + 1, p).trim() !== '')) continue;
      starts ??= index.starts();
      const li = lineOf(starts, ls);
      const line = lineAt(text, starts, li);
      if (flow) {
        scanFlow(line, li, out);
        continue;
      }
      const nm = ENV_NAME.exec(line);
      if (nm === null) continue;
      const strength = classifyName(nm[4]!);
      if (strength === null) continue;
      // The item's keys stand where `name` does: the dash's indent, the dash, its blanks.
      const keyIndent = nm[1]!.length + 1 + nm[2]!.length;
      for (let j = li + 1; j < starts.length; j++) {
        const next = lineAt(text, starts, j);
        const t = next.trim();
        if (t === '' || t.startsWith('#')) continue;
        const ind = next.length - next.trimStart().length;
        if (ind < keyIndent) break; // the next item (`- name:` at the dash's indent) or the end of the list
        if (ind > keyIndent) continue; // nested under a sibling key (valueFrom:, secretKeyRef:)
        const v = ENV_VALUE.exec(next);
        if (v === null || v[1]!.length !== keyIndent) continue;
        const g = valueGroup(v, 2);
        if (g === null) break;
        const value = v[g[0]]!;
        if (/^[|>][-+]?\d*$/.test(value) || !valueLooksSecret(value, strength, g[1])) break;
        const [s, e] = v.indices![g[0]]!;
        addHit(out, j, { start: s, end: e, rule: 'k8s-env-value', priority: CONTEXT_PRIORITY });
        break;
      }
    }
  },
  samples: () => {
    const p = [pw(), pw(), pw(), pw()];
    const deployment = (env: string[]) =>
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'spec:',
        '  template:',
        '    spec:',
        '      containers:',
        '        - name: api',
        '          image: acme/api:1.4',
        '          env:',
        ...env,
      ].join('\n');
    return {
      truePositives: [
        {
          text: deployment([
            '            - name: LOG_LEVEL',
            '              value: debug',
            '            - name: DB_PASSWORD',
            `              value: "${p[0]}"`,
            '            - name: STRIPE_API_KEY',
            '              # rotated monthly',
            `              value: ${p[1]}`,
            '            - name: JWT_SECRET',
            `              value: '${p[2]}'\r`,
          ]),
          secrets: [p[0]!, p[1]!, p[2]!],
        },
        { text: deployment([`            - {name: API_TOKEN, value: "${p[3]}"}`]), secrets: [p[3]!] },
      ],
      falsePositives: [
        deployment([
          '            - name: DB_PASSWORD',
          '              valueFrom:',
          '                secretKeyRef:',
          '                  name: db',
          '                  key: password',
          '            - name: LOG_LEVEL',
          '              value: debug',
          '            - name: API_TOKEN',
          '              value: ""',
          '            - name: DB_PASSWORD_FILE',
          '              value: /run/secrets/db_password',
          '            - name: SESSION_SECRET',
          '              value: $(SESSION_SECRET)',
          `            - name: PUBLIC_URL`,
          '              value: https://example.com/status',
        ]),
        'const node = { kind: "Identifier", name: "password", value: token };',
      ],
    };
  },
};

// --- PHP: connection and signing calls the pre-scan has no anchor for ---

// `new PDO($dsn, "u", "pw")`, `mysqli_connect("h", "u", "pw")`, `new mysqli(…)`, `ftp_login($c, "u", "pw")`,
// `ldap_bind($l, $dn, "pw")`, `hash_hmac("sha256", $d, "key")`, `openssl_encrypt($d, $algo, "key", …)`,
// `$ftp->login("u", "pw")`: no name beside the value, no `=` or `:` a key could end at, and no letter the
// pre-scan anchors on, so no line rule ever sees these lines. A PHP file says so on its first line (`<?php`);
// the calls are then found in the text itself and call-credential judges their lines. Threat: the database password of a PHP app, written into its bootstrap file.
const PHP_CALLS =
  /\b(?:new[ \t]+(?:PDO|mysqli|Key)|JWT::(?:en|de)code|mysqli_(?:real_)?connect|mysql_p?connect|ftp_login|ldap_bind|hash_hmac|openssl_(?:en|de)crypt)[ \t]*\(|->login[ \t]*\(/g;

export const phpCallCredential: BlockRule = {
  id: 'php-call-credential',
  description:
    'PHP connection and signing calls handed a literal by position: new PDO($dsn, "u", "pw"), mysqli_connect("h", "u", "pw"), hash_hmac("sha256", $d, "key")',
  // A PHP file opens with `<?php` (the pre-scan's pass finds the literal; it must then stand near the top).
  gate: '<?php',
  applies: (text: string) => text.lastIndexOf('<?php', 512) >= 0,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    eachMatchLine(PHP_CALLS, text, index, (li, starts) => {
      const hits: Hit[] = [];
      callCredential.scan(lineAt(text, starts, li), hits);
      for (const h of hits) addHit(out, li, { ...h, rule: 'php-call-credential' });
    });
  },
  samples: () => {
    const p = [pw(), pw(), pw(), pw(), pw(32)];
    return {
      truePositives: [
        {
          text: [
            '<?php',
            `$pdo = new PDO('mysql:host=db;dbname=shop', 'shop_app', '${p[0]}');`,
            `$link = mysqli_connect('127.0.0.1', 'root', '${p[1]}', 'wordpress');`,
            `$db = new mysqli("localhost", "admin", "${p[2]}", "inventory");`,
            `$ok = ftp_login($conn, 'deploy', '${p[3]}');`,
            `$sig = hash_hmac('sha256', $payload, '${p[4]}');`,
          ].join('\n'),
          secrets: p,
        },
      ],
      falsePositives: [
        [
          '<?php',
          '$pdo = new PDO($dsn, $user, $pass);',
          "$link = mysqli_connect($host, $user, getenv('DB_PASSWORD'), $db);",
          "$sig = hash_hmac('sha256', $payload, $secret);",
        ].join('\n'),
        ['<?php', "$pdo = new PDO('sqlite:/var/db/app.sqlite');", "$link = mysqli_connect('db', 'root', '', 'app');"].join('\n'),
      ],
    };
  },
};

// --- Go and Visual Basic: a secret-named variable declared with its type before the value ---

// Go's `var apiKey string = "…"` / `const token string = "…"` and VB's `Dim password As String = "…"` /
// `Private Const ApiKey As String = "…"`: the type stands between the name and `=`, so no key name ends at
// the `=` for the pre-scan. Both spell the type `string = "` / `String = "` before a literal, looked for in a
// text that opens as Go or VB does. Threat: a key declared as a typed constant, the common form in both languages.
const TYPED_STRING =
  /\b(?:var|const|Dim|Const|Static|Private|Public|Friend|Protected|ReadOnly|Shared|param)\b[^\n="]*?\b([A-Za-z_]\w*)[ \t]+(?:[Aa]s[ \t]+)?[Ss]tring[ \t]*=[ \t]*(?:"([^"\r\n]*)"|'([^'\r\n]*)')/dg;

/** Go files open with `package`, VB ones with `Imports`, `Module` or `Dim` near the top, Bicep ones with `param` (or `@secure()` before one). */
const GO_VB_HEAD = /\b(?:package|Imports|Module|Dim|param) |@secure\(\)/;

export const typedStringDeclaration: BlockRule = {
  id: 'typed-string-declaration',
  description:
    'A secret-named variable declared with its type: Go var apiKey string = "…", VB Dim password As String = "…", Bicep param adminPassword string = \'…\'',
  // Go files open with `package`, VB ones with `Imports`, `Module`, `Public`/`Friend` or `Dim` near the top; the
  // type's spelling (`tring = `, found by the pre-scan's pass) gates, then one bounded pass over the head.
  gate: 'tring = ',
  applies: (text: string) => GO_VB_HEAD.test(text.length > 4096 ? text.slice(0, 4096) : text),
  // No match spans a line (no part of the pattern crosses a `\n`) and each holds `tring`: the pattern runs
  // on the lines holding it only. Over the whole text its lazy middle was tried at every `const`/`var` of a
  // JavaScript file that passed the gate (`string = ` is common there): a tenth of masking a source tree.
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    for (let t = text.indexOf('tring'); t !== -1;) {
      const ls = text.lastIndexOf('\n', t) + 1;
      const nl = text.indexOf('\n', t);
      const le = nl < 0 ? text.length : nl;
      const line = text.slice(ls, le);
      TYPED_STRING.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = TYPED_STRING.exec(line)) !== null) {
        const strength = classifyName(m[1]!);
        const g = m[2] !== undefined ? 2 : 3;
        const v = m[g]!;
        if (strength === null || isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, strength, true)) continue;
        starts ??= index.starts();
        const [s, e] = m.indices![g]!;
        const li = lineOf(starts, ls + s);
        addHit(out, li, { start: ls + s - starts[li]!, end: ls + e - starts[li]!, rule: 'typed-string-declaration', priority: CONTEXT_PRIORITY });
      }
      t = nl < 0 ? -1 : text.indexOf('tring', nl + 1);
    }
  },
  samples: () => {
    const p = [pw(), pw(32), pw(), pw(32)];
    return {
      truePositives: [
        { text: `package cfg\n\nvar apiKey string = "${p[1]}"\nconst dbPassword string = "${p[0]}"`, secrets: [p[0]!, p[1]!] },
        { text: `Module Config\n    Dim password As String = "${p[2]}"\n    Private Const ApiKey As String = "${p[3]}"\nEnd Module`, secrets: [p[2]!, p[3]!] },
        // Bicep: `@secure() param adminPassword string = '…'` (a default the template ships with).
        { text: `@secure()\nparam adminPassword string = '${p[0]}'\nparam location string = resourceGroup().location`, secrets: [p[0]!] },
      ],
      falsePositives: [
        'package cfg\n\nvar apiKey string = ""\nconst tokenHeader string = "X-Auth-Token"\nvar greeting string = "hello, world 2024"',
        'Module Config\n    Dim password As String = txtPassword.Text\n    Dim title As String = "Sign in"\nEnd Module',
        "@secure()\nparam adminPassword string = ''\nparam sku string = 'Standard_LRS'",
      ],
    };
  },
};

export const MORE_CONTEXT_BLOCKS: BlockRule[] = [k8sEnvValue, phpCallCredential, typedStringDeclaration];
