// Secrets a call, a fallback or a statement names without an assignment the pre-scan anchors on
// (issue 16, fresh9 red team classes C, D, E):
// - a string literal in the argument position a known API or a key-string sibling says is a secret:
//   `new NetworkCredential("svc", "…")`, `p.setProperty("mail.smtp.password", "…")`, `Map.of("password", "…")`,
//   `mapOf("password" to "…")`, `new PDO($dsn, "svc", "…")`, `mysqli_connect("db", "svc", "…", "app")`,
//   `set_config('app.jwt_secret', '…', false)`, `derive_key(b"…")`, `{{ '…' | password_hash('sha512') }}`;
// - a literal put into a URL's userinfo by a format or a concatenation: `Sprintf("%s:%s@tcp…", "svc", "…")`,
//   `"mysql://root:%s@db" % "…"`, `"…://{u}:{p}@db".format(p="…")`, `'…://app:' + encodeURIComponent('…') + '@…'`,
//   Ruby `"https://admin:#{'…'}@es…"`;
// - the default of a secret-named environment variable in any language's syntax: Elixir
//   `System.get_env("DB_PASS", "…")`, `[{:system, "AWS_SECRET"}, "…"]`, EDN `#or [#env DB_PW "…"]`, Rust
//   `option_env!("X").unwrap_or("…")`, Scala `sys.env.getOrElse("X", "…")`, PHP `getenv('X') ?: "…"`, Go
//   `cmp.Or(os.Getenv("X"), "…")`;
// - a statement after a secret-named key: `SetEnv DB_PASS "…"`, `RequestHeader set X-Token "…"`, nginx
//   `proxy_set_header X-Auth-Token …;`, CMake `set(WIFI_PASSWORD "…")`, `password -> …`, `password ~ …`,
//   `password |> "…"`, `set password to "…"`, `let password be "…"`, `define PASSWORD …`, `PASSWORD equ "…"`,
//   `(setq db-password "…")`, `(def db-password "…")`, `PASSWORD<TAB>…`.
// Threat: each of these lines holds a credential the generic `name = value` reading never sees, and the
// pre-scan makes none of them a candidate line, so the secret reached the model whole.
//
// Cost: a block rule. Each form's regex runs only when its own word is in the text (the pre-scan's literal
// pass answers `has` for the rarer words: a search of the text for each cost more than the rest of the
// rule); the ones that begin a line run only at the starts of lines holding their words (`at`). The
// rule's own condition (TRIGGER, STATEMENT or PAIR somewhere in the text: three searches that cost several
// readings of the text) is decided only once a form has a hit, which nearly no text has. Lines are never looped.
import { isPlaceholder, isReference, valueLooksSecret, type NameStrength } from '../entropy';
import { isConstantName } from '../code-value';
import { classifyName } from '../names';
import { B64, PASSWORD_CHARS, rand } from '../samples';
import { addHit } from './hits';
import type { BlockOutput, BlockRule, LineIndex } from '../types';

/** Just behind the context rules (1, context-more.ts: where both read a value, theirs names it), ahead of the generic assignment (2). */
const PRIORITY = 1.2;

/** A quoted literal's body (either quote), at most 512 characters, no line break. */
const DQ = '"((?:[^"\\\\\\r\\n]|\\\\.){1,512})"';
const SQ = "'((?:[^'\\\\\\r\\n]|\\\\.){1,512})'";

interface Form {
  /** Literal the text must contain for the form's regex to run ('': see `test`). */
  word: string;
  /** Else a search the text must pass. */
  test?: RegExp;
  /** A literal every match of `test` holds: `test` runs only on a text that has it. */
  need?: string;
  /** g+d flags; named groups: `v` the secret (or `v1`/`v2` one per quote), `n` the name judging it (none: `strength`). */
  re: RegExp;
  strength?: NameStrength;
  /** The match's shape alone is the evidence (a PKCS#12 header): no judge of the value. */
  shape?: boolean;
  /**
   * Where a match may start, when a few fixed words say so: `re` then runs only there (sticky), not at
   * every character of the text. Only for a regex whose matches stay on one line (see `lineStarts`).
   */
  at?: (text: string, has: (literal: string) => boolean) => number[];
}

/** A name in quotes or bare: `"password"`, `'app.jwt_secret'`, `DB_PASS`. */
const QNAME = `(["']?)(?<n>[A-Za-z_][\\w.:/-]{0,80})\\k<q>`;
const qname = (q: string) => QNAME.replace('(["\']?)', `(?<${q}>["']?)`).replace('\\k<q>', `\\k<${q}>`);
/** A quoted value: either quote, with an optional byte-string prefix. */
const QVALUE = `b?(?:${DQ.replace('(', '(?<v1>')}|${SQ.replace('(', '(?<v2>')})`;

/** A secret word before `equ`/`to`/`be`, an arrow, `~` or a tab: the statement form's own search. */
const STATEMENT =
  /(?:pass|pw|pwd|secret|token|key|phrase|PASS|PW|PWD|SECRET|TOKEN|KEY|PHRASE|Password|Secret|Token|Key)\w*(?:[ \t]+(?:equ|to|be)[ \t]|[ \t]*(?:->|~|\|>)|\t)/;
/** A quoted secret word then `,`, `to` or `->`: the key-string pair form's own search. */
const PAIR =
  /["'][\w.:/-]*(?:pass|pw|secret|token|key|auth|cred|PASS|PW|SECRET|TOKEN|KEY|AUTH|CRED|Pass|Secret|Token|Key|Auth|Cred)[\w.:/-]*["']\s*(?:,|to\b|->)/;

const FORMS: Form[] = [
  // --- C: call arguments ---
  // A key string then its value, as a call's or a list's pair: `("password", "…")`, `"password" to "…"`, `('app.jwt_secret', '…'`.
  { word: '', test: PAIR, re: new RegExp(`[(,\\[{]\\s*(?<q>["'])(?<n>[A-Za-z_][\\w.:/-]{0,80})\\k<q>\\s*(?:,|\\bto\\b|->)\\s*${QVALUE}`, 'dg') },
  { word: 'NetworkCredential', re: new RegExp(`NetworkCredential\\(\\s*(?:"[^"\\n]*"|[\\w.]+)\\s*,\\s*${QVALUE}`, 'dg'), strength: 'strong' },
  { word: 'PDO', re: new RegExp(`\\bPDO\\(\\s*[^,()\\n]+,\\s*(?:"[^"\\n]*"|'[^'\\n]*'|\\$\\w+)\\s*,\\s*${QVALUE}`, 'dg'), strength: 'strong' },
  {
    word: '_connect',
    re: new RegExp(
      `\\b(?:mysqli?_connect|mysqli_real_connect|new\\s+mysqli)\\(\\s*(?:"[^"\\n]*"|'[^'\\n]*'|\\$\\w+)\\s*,\\s*(?:"[^"\\n]*"|'[^'\\n]*'|\\$\\w+)\\s*,\\s*${QVALUE}`,
      'dg',
    ),
    strength: 'strong',
  },
  { word: 'password_hash', re: new RegExp(`\\{\\{-?\\s*${QVALUE}\\s*\\|\\s*password_hash\\b`, 'dg'), strength: 'strong' },
  {
    word: 'ey(',
    re: new RegExp(
      `\\b(?:derive_?key|deriveKey|DeriveKey|set_?password|setPassword|set_?secret|setSecret|set_?api_?key|setApiKey|from_?secret|fromSecret)\\(\\s*${QVALUE}`,
      'dg',
    ),
    strength: 'strong',
  },
  // --- C: a literal put into a URL's userinfo ---
  // Go `Sprintf("%s:%s@…", "user", "…")`: the second argument.
  { word: '%s@', re: new RegExp(`"[^"\\n]*%[sv]:%[sv]@[^"\\n]*"\\s*,\\s*(?:"[^"\\n]*"|[\\w.]+)\\s*,\\s*${QVALUE}`, 'dg'), strength: 'strong' },
  // Python `"…://root:%s@…" % "…"` and `"…%s:%s@…" % ("user", "…")`.
  {
    word: '%s@',
    re: new RegExp(`:%s@[^"'\\n]*["']\\s*%\\s*\\(?\\s*(?:(?:"[^"\\n]*"|'[^'\\n]*'|[\\w.]+)\\s*,\\s*(?=[^)\\n]*\\)))?${QVALUE}`, 'dg'),
    strength: 'strong',
  },
  // Concatenation: `'…://app:' + encodeURIComponent('…') + '@…'`, `"…://app:" + "…" + "@…"`.
  {
    word: '',
    test: /:\/\/[^'"\s:@/]*:["']\s*\+/,
    need: '://',
    re: new RegExp(`://[^'"\\s:@/]*:["']\\s*\\+\\s*(?:[\\w.]+\\(\\s*)?${QVALUE}\\s*\\)?\\s*\\+\\s*["']@`, 'dg'),
    strength: 'strong',
  },
  // Interpolation of a literal: Ruby `"…://admin:#{'…'}@…"`, JS `` `…://admin:${'…'}@…` ``.
  { word: '', test: /:\/\/[^'"\s:@/]*:[#$]\{/, need: '://', re: new RegExp(`://[^'"\\s:@/]*:[#$]\\{\\s*${QVALUE}\\s*\\}@`, 'dg'), strength: 'strong' },
  // Python `"…://{u}:{p}@db".format(u=…, p="…")`: the keyword argument the password's field names.
  {
    word: '}@',
    re: new RegExp(`://\\{\\w*\\}:\\{(?<f>\\w+)\\}@[^"'\\n]*["']\\.format\\([^)\\n]*?\\b\\k<f>\\s*=\\s*${QVALUE}`, 'dg'),
    strength: 'strong',
  },
  // --- L: single shapes ---
  // Oracle EZConnect `user/password@//host:port/service` (a dsn, a sqlplus argument).
  { word: '@//', re: /(?<![\w/:.])[A-Za-z_][\w$#]{0,30}\/(?<v3>[^\s/@"']{1,128})@\/\/[\w.-]+(?::\d+)?\//dg, strength: 'strong' },
  // A base64 PKCS#12 keystore: DER `30 82 …` then version INTEGER 3 (`02 01 03`) then a SEQUENCE: `MII?AgEDMI…`.
  { word: 'AgEDMI', re: /(?<![A-Za-z0-9+/])(?<v3>MII[A-Za-z0-9+/]AgEDMI[A-Za-z0-9+/]{40,}={0,2})/dg, shape: true, strength: 'strong' },
  // --- D: the default of a secret-named environment variable ---
  // Elixir `System.get_env("N", "…")`, Scala `sys.env.getOrElse("N", "…")`, `getenv("N", "…")`.
  { word: 'env', re: new RegExp(`\\b(?:get_env|getenv|getEnv|Getenv|getOrElse|get_or_else|fetch_env|env)\\(\\s*${qname('q')}\\s*,\\s*${QVALUE}`, 'dg') },
  // Rust `option_env!("N").unwrap_or("…")`, PHP `getenv('N') ?: "…"`, `getenv("N") or "…"`, Scala `sys.env.get("N").getOrElse("…")`.
  {
    word: 'env',
    re: new RegExp(
      `\\b(?:option_env!|env!|getenv|Getenv|get_env|env\\.get|getEnv|env::var)\\(\\s*${qname('q')}\\s*\\)\\s*(?:\\?:|\\?\\?|\\|\\||\\bor\\b|\\.(?:unwrap_or|getOrElse|get_or_else|orElse|or_else|unwrap_or_else)\\(\\s*(?:\\|\\||\\(\\)\\s*=>)?)\\s*${QVALUE}`,
      'dg',
    ),
  },
  // Go `cmp.Or(os.Getenv("N"), "…")`.
  { word: 'Getenv', re: new RegExp(`\\bOr\\(\\s*os\\.Getenv\\(\\s*${qname('q')}\\s*\\)\\s*,\\s*${QVALUE}`, 'dg') },
  // Elixir `[{:system, "N"}, "…"]`, EDN/Aero `#or [#env N "…"]`.
  { word: ':system', re: new RegExp(`\\{\\s*:system\\s*,\\s*${qname('q')}\\s*\\}\\s*,\\s*${QVALUE}`, 'dg') },
  { word: '#env', re: new RegExp(`#or\\s*\\[\\s*#env\\s+(?<q>)(?<n>[A-Za-z_][\\w.-]*)\\s+${QVALUE}`, 'dg') },
  // Shell `"${DB_PASSWORD:-…}"` / `${X:=…}` (also inside quotes, where the assignment reading stops).
  { word: '${', re: /\$\{(?<q>)(?<n>[A-Za-z_]\w{0,80}):?[-=](?<v3>[^}"'\s$`]{1,512})\}/dg },
  // --- E: statements after a secret-named key ---
  // Apache `SetEnv N "…"` / `SetEnv N …`, `RequestHeader set N "…"`, nginx `proxy_set_header N …;`.
  {
    word: 'et',
    // `eader`: one literal of the pass for `Header` and `_header` (its three sets are full).
    at: (text, has) => lineStarts(text, ['SetEnv', 'eader'], has),
    re: /^[ \t]*(?:SetEnv|(?:Request)?Header[ \t]+(?:always[ \t]+)?(?:set|add|append)|proxy_set_header|add_header|more_set_headers)[ \t]+(?<q>["']?)(?<n>[A-Za-z_][\w.-]{0,80})\k<q>[ \t]+(?:"(?<v1>[^"\r\n]{1,512})"|'(?<v2>[^'\r\n]{1,512})'|(?<v3>[^\s"';]{1,512}))/dgm,
  },
  // CMake `set(N "…")`, Lisp `(setq n "…")`, `(def n "…")`, `(defvar n "…")`.
  {
    word: '(',
    re: /(?:\((?:set|setq|setq-default|setf|def|defvar|defconst|defparameter|defonce|define)[ \t]+|\b(?:set|SET)\([ \t]*)(?<q>)(?<n>[A-Za-z_*][\w.*-]{0,80})[ \t]+(?:"(?<v1>(?:[^"\\\r\n]|\\.){1,512})")/dg,
  },
  // `define PASSWORD …` (no `#`: m4, assemblers, config DSLs).
  {
    word: 'define',
    at: (text) => toLineStarts(text, wordStarts(text, ['define'], undefined, BLANK_AFTER)),
    re: /^[ \t]*define[ \t]+(?<q>)(?<n>[A-Za-z_][\w.-]{0,80})[ \t]+(?:"(?<v1>(?:[^"\\\r\n]|\\.){1,512})"|'(?<v2>(?:[^'\\\r\n]|\\.){1,512})'|(?<v3>[^\s"';]{1,512}))[ \t;]*\r?$/dgm,
  },
  // `N equ "…"`, `set password to "…"`, `let password be "…"`, `password -> …`, `password ~ …`, `password |> "…"`, `PASSWORD<TAB>…`.
  {
    word: '',
    test: STATEMENT,
    re: /^[ \t]*(?:(?:set|let|put)[ \t]+)?(?<q>)(?<n>[A-Za-z_][\w.-]{0,80})(?:[ \t]+(?:equ|to|be)[ \t]+|[ \t]*(?:->|~|\|>)[ \t]*|\t+)(?:"(?<v1>(?:[^"\\\r\n]|\\.){1,512})"|'(?<v2>(?:[^'\\\r\n]|\\.){1,512})'|(?<v3>[^\s"';]{1,512}))[ \t;.]*\r?$/dgm,
  },
];

/** Any of the forms' fixed words (one search of the text before any form runs). */
const TRIGGER =
  /NetworkCredential|PDO\(|_connect\(|new\s+mysqli|password_hash|[kdtD]ey\(|[dt]_?[Ss]ecret\(|[Pp]assword\(|%[sv]@|\}@|@\/\/|AgEDMI|:\/\/\w*:["'#$]|[Gg]et_?[Ee]nv|getOrElse|fetch_env|env[!(.:]|:system|#env|\$\{\w+:?[-=]|SetEnv|Header|_header|\((?:set|def)|\b(?:set|SET)\(|define[ \t]/;

function valueOf(m: RegExpExecArray): { v: string; span: [number, number]; quoted: boolean } | null {
  const g = m.groups!;
  for (const k of ['v1', 'v2', 'v3']) {
    const v = g[k];
    if (v !== undefined) return { v, span: m.indices!.groups![k]!, quoted: k !== 'v3' };
  }
  return null;
}

export const callSecret: BlockRule = {
  id: 'call-secret',
  description:
    'A secret in a call argument a known API or a key-string sibling names, in a URL userinfo built by a format or a concatenation, as the default of a secret-named environment variable, or after a secret-named key in a statement (SetEnv, set(), define, ->)',
  gate: '',
  // The rule runs on a text only when TRIGGER, STATEMENT or PAIR finds something in it; that is decided
  // once a form has a hit (nearly no text has one), not first: the three searches cost more than the forms.
  // (The rarer words whose search costs most: the literal pass holds 31 a set, and these fill the second.)
  literals: ['NetworkCredential', 'PDO', '_connect', 'password_hash', 'ey(', '%s@', '}@', 'AgEDMI', 'env', ':system', 'define', '://', 'SetEnv', 'eader'],
  scan(text: string, index: LineIndex, out: BlockOutput, has: (literal: string) => boolean = (l) => text.includes(l)): void {
    let pair: boolean | undefined;
    let statement: boolean | undefined;
    const passes = (re: RegExp): boolean =>
      re === PAIR ? (pair ??= PAIR.test(text)) : re === STATEMENT ? (statement ??= STATEMENT.test(text)) : re.test(text);
    // The hits' spans, in the order they are found.
    let found: number[] | undefined;
    for (const form of FORMS) {
      if (form.word !== '') {
        if (!has(form.word)) continue;
      } else if (form.need !== undefined && !has(form.need)) continue;
      else if (!passes(form.test!)) continue;
      const re = form.re;
      re.lastIndex = 0;
      // With `at`: the global search's matches, found by trying only where one may start (the next one at
      // or past the previous match's end, as the global search goes on from there).
      const cands = form.at === undefined ? undefined : form.at(text, has);
      const sticky = cands === undefined ? undefined : stickyOf(re);
      let k = 0;
      let m: RegExpExecArray | null;
      for (;;) {
        if (cands === undefined) m = re.exec(text);
        else {
          m = null;
          while (k < cands.length) {
            const p = cands[k++]!;
            if (p < re.lastIndex) continue;
            sticky!.lastIndex = p;
            if ((m = sticky!.exec(text)) !== null) {
              re.lastIndex = p + m[0].length;
              break;
            }
          }
        }
        if (m === null) break;
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        const val = valueOf(m);
        if (val === null) continue;
        const name = m.groups!['n'];
        const strength = form.strength ?? (name === undefined ? null : classifyName(name));
        if (strength === null) continue;
        const v = val.v;
        if (form.shape !== true && (isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, strength, val.quoted, val.quoted))) continue;
        // `"AZURE_PASSWORD", "AZURE_USERNAME",`: a list of variables' names, the "value" another name.
        if (form.shape !== true && isConstantName(v)) continue;
        (found ??= []).push(val.span[0], val.span[1]);
      }
    }
    if (found === undefined || !(TRIGGER.test(text) || passes(STATEMENT) || passes(PAIR))) return;
    const starts = index.starts();
    for (let i = 0; i < found.length; i += 2) {
      const s = found[i]!;
      const li = lineOf(starts, s);
      addHit(out, li, { start: s - starts[li]!, end: found[i + 1]! - starts[li]!, rule: 'call-secret', priority: PRIORITY });
    }
  },
  samples() {
    const p = Array.from({ length: 40 }, (_, i) => rand(PASSWORD_CHARS.replace(/[#'",;%{}~]/g, ''), 22, 0xca11 + i * 31));
    // A PKCS#12 header (SEQUENCE, INTEGER 3, SEQUENCE) then random base64, built here.
    const p12 = `MIIK${'AgEDMI'}IJ${rand(B64, 120, 0xf12)}`;
    const tp: [string, string][] = [
      [`props.put("db.password", "${p[0]}");`, p[0]!],
      [`p.setProperty("mail.smtp.password", "${p[1]}");`, p[1]!],
      [`map.put("password", "${p[2]}");`, p[2]!],
      [`Map<String,String> m = Map.of("user", "svc", "password", "${p[3]}");`, p[3]!],
      [`val m = mapOf("password" to "${p[4]}")`, p[4]!],
      [`var dsn = fmt.Sprintf("%s:%s@tcp(%s)/app", "svc", "${p[7]}", "db:3306")`, p[7]!],
      [`conn = "mysql://root:%s@db:3306/app" % "${p[8]}"`, p[8]!],
      [`const dsn = 'mongodb+srv://app:' + encodeURIComponent('${p[9]}') + '@cluster0.ab1cd.mongodb.net/app';`, p[9]!],
      [`uri = URI("https://admin:#{'${p[10]}'}@es.internal:9200/_cluster/health")`, p[10]!],
      [`password: "{{ '${p[11]}' | password_hash('sha512') }}"`, p[11]!],
      [`SELECT pg_catalog.set_config('app.jwt_secret', '${p[12]}', false);`, p[12]!],
      [`key = derive_key(b"${p[13]}")`, p[13]!],
      [`config :app, App.Repo, password: System.get_env("DB_PASS", "${p[14]}")`, p[14]!],
      [`config :ex_aws, secret_access_key: [{:system, "AWS_SECRET"}, "${p[15]}"]`, p[15]!],
      [`:db {:user "app" :password #or [#env DB_PW "${p[16]}"]}`, p[16]!],
      [`let key = option_env!("DD_API_KEY").unwrap_or("${p[17]}");`, p[17]!],
      [`val token = sys.env.getOrElse("ATLAS_PRIVATE_KEY", "${p[18]}")`, p[18]!],
      [`$redis = new Redis(); $redis->auth(getenv('REDIS_PW') ?: "${p[19]}");`, p[19]!],
      [`pw := cmp.Or(os.Getenv("DB_PASSWORD"), "${p[20]}")`, p[20]!],
      [`SetEnv DB_PASS "${p[21]}"`, p[21]!],
      [`RequestHeader set X-Internal-Token "${p[22]}"`, p[22]!],
      [`set(WIFI_PASSWORD "${p[23]}")`, p[23]!],
      [`password -> ${p[24]}`, p[24]!],
      [`password ~ ${p[25]}`, p[25]!],
      [`set password to "${p[26]}"`, p[26]!],
      [`define PASSWORD ${p[28]}`, p[28]!],
      [`PASSWORD equ "${p[29]}"`, p[29]!],
      [`let password be "${p[30]}"`, p[30]!],
      [`(setq db-password "${p[31]}")`, p[31]!],
      [`(def db-password "${p[32]}")`, p[32]!],
      [`password |> "${p[33]}"`, p[33]!],
      [`    proxy_set_header X-Auth-Token ${p[34]};`, p[34]!],
      [`conn = "postgresql://%s:%s@db/app" % ("app", "${p[35]}")`, p[35]!],
      [`PW="\${DB_PASSWORD:-${p[37]}}"`, p[37]!],
      [`dsn = scott/${p[38]}@//ora.internal:1521/ORCLPDB1`, p[38]!],
      [`  data: ${p12}`, p12],
      [`dsn = "postgresql://{u}:{p}@db/app".format(u="app", p="${p[36]}")`, p[36]!],
    ];
    return {
      truePositives: tp.map(([text, s]) => ({ text, secrets: [s] })),
      falsePositives: [
        'export const AllSupportedEnvironmentVariables = [\n    "AZURE_CLIENT_CERTIFICATE_PASSWORD",\n    "AZURE_USERNAME",\n    "AZURE_PASSWORD",\n    "AZURE_ADDITIONALLY_ALLOWED_TENANTS",\n];',
        'Map<String,String> m = Map.of("name", "alice", "role", "admin");',
        'val m = mapOf("password" to System.getenv("DB_PASSWORD"))',
        'map.put("password", password);',
        'set(CMAKE_BUILD_TYPE "Release")\nset(WIFI_PASSWORD "${WIFI_PASSWORD}")',
        'SetEnv APP_ENV production\nSetEnv DB_PASS ${DB_PASS}\nRequestHeader set X-Request-Id "%{UNIQUE_ID}e"',
        'proxy_set_header X-Real-IP $remote_addr;\nproxy_set_header X-Auth-Token $http_x_auth_token;',
        'config :app, App.Repo, password: System.get_env("DB_PASS")',
        'PORT="${PORT:-8080}"\nPW="${DB_PASSWORD:-}"\nPW="${DB_PASSWORD:-$FALLBACK_PASSWORD}"',
        'let key = option_env!("DD_API_KEY").unwrap_or("");',
        'val token = sys.env.getOrElse("ATLAS_PRIVATE_KEY", "changeme")',
        'password -> hidden\nset password to "<your password>"\ndefine VERSION 1.2.3',
        'const checksum = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";',
        'id = "7d444840-9dc0-11d1-b245-5ffdce74fad2"',
        'const url = "https://" + host + ":" + port + "/api";',
        'tls.crt: MIIDWjCCAkKgAwIBAgIUFd2cQ5f1n0iPj3wY4kXg6L0pWmUwDQYJKoZIhvcNAQELBQAwEjEQMA4GA1UEAwwHdGVzdC1jYQ==\nsee docs/howto@//wiki/page/ and scott/tiger@//localhost:1521/XE',
        '(def version "1.4.2")\n(setq user-full-name "Alice Example")',
      ],
    };
  },
};

/** The index of the line holding offset `s` (binary search over the line starts). */
function lineOf(starts: number[], s: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= s) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const STICKY = new Map<RegExp, RegExp>();
/** `re` as a sticky regex (same source; it matches only at its lastIndex). */
function stickyOf(re: RegExp): RegExp {
  let y = STICKY.get(re);
  if (y === undefined) STICKY.set(re, (y = new RegExp(re.source, re.flags.replace('g', '') + 'y')));
  return y;
}

/** Ascending, without repeats. */
function sortedUnique(xs: number[]): number[] {
  if (xs.length < 2) return xs;
  xs.sort((a, b) => a - b);
  let n = 1;
  for (let i = 1; i < xs.length; i++) if (xs[i] !== xs[n - 1]) xs[n++] = xs[i]!;
  xs.length = n;
  return xs;
}

/** A space or a tab at `i`. */
const BLANK_AFTER = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c === 32 || c === 9;
};

/**
 * Where each of `words` occurs in `text` (only the words `has` finds; only where `next` holds at the
 * character after the word), ascending.
 */
function wordStarts(text: string, words: readonly string[], has?: (literal: string) => boolean, next?: (text: string, i: number) => boolean): number[] {
  const out: number[] = [];
  for (const w of words) {
    if (has !== undefined && !has(w)) continue;
    for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) if (next === undefined || next(text, i + w.length)) out.push(i);
  }
  return sortedUnique(out);
}

/** A character `^` (multiline) is at the start of a line after: \n, \r, U+2028, U+2029. */
function isLineTerminator(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/**
 * The start (as multiline `^` sees one) of each line holding one of `words`, ascending: where a regex that
 * begins with `^`, needs one of the words and never crosses a line can match.
 */
function lineStarts(text: string, words: readonly string[], has?: (literal: string) => boolean): number[] {
  return toLineStarts(text, wordStarts(text, words, has));
}

/** The line start (as multiline `^` sees one) of each of the offsets `at` (ascending), ascending, in place. */
function toLineStarts(text: string, at: number[]): number[] {
  let prev = -1;
  let prevStart = 0;
  for (let k = 0; k < at.length; k++) {
    const o = at[k]!;
    let i = o - 1;
    // Back to the line's start, or to the previous word (its line start holds for this one too).
    while (i > prev && !isLineTerminator(text.charCodeAt(i))) i--;
    const start = i > prev || prev < 0 ? i + 1 : prevStart;
    prev = o;
    prevStart = start;
    at[k] = start;
  }
  return sortedUnique(at);
}
