// More context rules: a secret recognised because its name sits in another token than its value
// (`<add key="ApiKey" value="…"/>`, `env('DB_PASSWORD', '…')`), or inside a quoted command line.
// Threat: the generic rule reads `name = value` only; a password that the code hands to a setter,
// a fallback or a list item reaches the model whole.
//
// A line rule runs only on the lines the pre-scan (prefilter.ts) makes candidates: a secret-named
// key before `=`, `:` or `>`, a vendor prefix, URL userinfo, ` -p…`, ` --password`. Each rule below
// therefore catches its form where the line is such a candidate (`$cred = ConvertTo-SecureString …`,
// `'password' => env('DB_PASSWORD', '…')`, `<add key="…"`); the same form on a line the pre-scan
// drops (`ConvertTo-SecureString` piped, `setPassword("…")`) needs a pre-scan anchor first.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { PASSWORD_CHARS, rand } from '../samples';
import type { Hit, LineRule } from '../types';
import { regexRule } from './make';

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
  check: (s) => s.charCodeAt(0) !== 36 && !isReference(s) && !isPlaceholder(s) && valueLooksSecret(s, 'strong', false),
  samples: () => {
    const p = [pw(), pw(), pw()];
    return {
      truePositives: [
        { text: `    "command": "mysql -uroot -p${p[0]} -e 'select 1'",`, secrets: [p[0]!] },
        { text: `    command: ["sh", "-c", "mysqladmin ping -h db -uroot -p${p[1]}"]`, secrets: [p[1]!] },
        { text: `  "seed": "mariadb -u app -p'${p[2]}' shop < seed.sql",`, secrets: [p[2]!] },
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
const FALLBACK_OP =
  /(?:\bprocess\.env\.([A-Za-z_]\w*)|(?:\bprocess\.env|\bENV|\bos\.environ)\[\s*(["'`])([^"'`\]]+)\2\s*\]|\b(?:os\.environ\.get|os\.getenv|getenv|ENV\.fetch|env)\(\s*(["'])([^"']+)\4\s*\))\s*(?:\|\|=?|\?\?=?|\?:|\bor\b)\s*(["'`])([^"'`\r\n]*)\6/dg;
// `os.environ.get('X', '…')`, `os.getenv('X', '…')`, `ENV.fetch('X', '…')`, Laravel's `env('X', '…')`, `getenv('X', '…')`.
// Rust: `env::var("X").unwrap_or("…".to_string())`, `.unwrap_or_else(|_| "…".into())`.
const FALLBACK_RUST = /\benv::var\(\s*"([^"]+)"\s*\)\s*\.unwrap_or(?:_else\(\s*\|_\|)?\(?\s*"([^"\r\n]*)"/dg;
const FALLBACK_ARG = /\b(?:os\.environ\.get|os\.getenv|getenv|ENV\.fetch|env)\(\s*(["'])([^"']+)\1\s*,\s*(["'])([^"'\r\n]*)\3\s*\)/dg;

function pushFallback(name: string, m: RegExpExecArray, group: number, out: Hit[]): void {
  const strength = classifyName(name);
  if (strength === null || !valueLooksSecret(m[group]!, strength, true)) return;
  const [start, end] = m.indices![group]!;
  out.push({ start, end, rule: 'env-fallback', priority: CONTEXT_PRIORITY });
}

export const envFallback: LineRule = {
  id: 'env-fallback',
  description: 'A literal default beside a secret-named environment variable: process.env.JWT_SECRET || "…", os.getenv("DB_PASSWORD", "…"), env(\'DB_PASSWORD\', \'…\'), env::var("X").unwrap_or("…")',
  // Where the variable is read, not the operator: `||` and `??` are on 2.5% of the candidate lines of
  // a source tree, these on 0.3%.
  keywords: ['process.env', 'environ', 'getenv', 'env.fetch', 'env[', 'env(', 'env::var'],
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
    const p = [pw(), pw(), pw()];
    return {
      truePositives: [
        { text: `$password = ConvertTo-SecureString "${p[0]}" -AsPlainText -Force`, secrets: [p[0]!] },
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

export const MORE_CONTEXT_RULES: LineRule[] = [xmlKeyValue, mysqlQuoted, envFallback, secureString];
