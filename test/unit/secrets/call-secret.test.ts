// The fresh9 red team's classes C, D and E (issue 16): a password as a call argument a key-string sibling or a
// known API names, a literal put into a URL's userinfo by a format or a concatenation, the default of a
// secret-named environment variable in Elixir/EDN/Rust/Scala/PHP/Go/shell, and statement shapes after a
// secret-named key (SetEnv, CMake set(), `->`, `~`, `equ`, `(setq …)`). Each line leaked through the whole
// masker before rules/calls.ts; every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { B64, PASSWORD_CHARS, rand } from '../../../src/core/secrets/samples';
import { leaks, linesOf } from './helpers';

let seq = 0;
const pw = () => rand(PASSWORD_CHARS.replace(/[#'",;%{}~]/g, ''), 20, 71000 + seq++ * 137);

function inContext(line: string): string {
  return `# setup\nretries = 3\n${line}\nprint("ready")\n`;
}
function masks(line: string, secret: string): void {
  const text = inContext(line);
  const r = maskText(text);
  assert.ok(!leaks(r.text, secret), `secret left in ${JSON.stringify(r.text)}`);
  const before = linesOf(text);
  assert.equal(linesOf(r.text).length, before.length);
  linesOf(r.text).forEach((l, i) => i !== 2 && assert.equal(l, before[i]));
}
function keeps(line: string): void {
  const text = inContext(line);
  const r = maskText(text);
  assert.equal(r.text, text, `changed by ${r.findings.map((f) => f.rule).join(',')}`);
}

const CALLS: ((p: string) => string)[] = [
  (p) => `var secure = new NetworkCredential("svc", "${p}");`,
  (p) => `p.setProperty("mail.smtp.password", "${p}");`,
  (p) => `map.put("password", "${p}");`,
  (p) => `Map<String,String> m = Map.of("password", "${p}");`,
  (p) => `val m = mapOf("password" to "${p}")`,
  (p) => `$pdo = new PDO($dsn, "svc", "${p}");`,
  (p) => `mysqli_connect("db", "svc", "${p}", "app");`,
  (p) => `var dsn = fmt.Sprintf("%s:%s@tcp(%s)/app", "svc", "${p}", "db:3306")`,
  (p) => `conn = "mysql://root:%s@db:3306/app" % "${p}"`,
  (p) => `dsn = "postgresql://{u}:{p}@db/app".format(u="app", p="${p}")`,
  (p) => `const dsn = 'mongodb+srv://app:' + encodeURIComponent('${p}') + '@cluster0.ab1cd.mongodb.net/app';`,
  (p) => `uri = URI("https://admin:#{'${p}'}@es.internal:9200/_cluster/health")`,
  (p) => `password: "{{ '${p}' | password_hash('sha512') }}"`,
  (p) => `SELECT pg_catalog.set_config('app.jwt_secret', '${p}', false);`,
  (p) => `key = derive_key(b"${p}")`,
  (p) => `dsn = scott/${p}@//ora.internal:1521/ORCLPDB1`,
];
const FALLBACKS: ((p: string) => string)[] = [
  (p) => `config :app, App.Repo, password: System.get_env("DB_PASS", "${p}")`,
  (p) => `config :ex_aws, secret_access_key: [{:system, "AWS_SECRET"}, "${p}"]`,
  (p) => `:db {:user "app" :password #or [#env DB_PW "${p}"]}`,
  (p) => `let key = option_env!("DD_API_KEY").unwrap_or("${p}");`,
  (p) => `val token = sys.env.getOrElse("ATLAS_PRIVATE_KEY", "${p}")`,
  (p) => `$redis = new Redis(); $redis->auth(getenv('REDIS_PW') ?: "${p}");`,
  (p) => `pw := cmp.Or(os.Getenv("DB_PASSWORD"), "${p}")`,
  (p) => `PW="\${DB_PASSWORD:-${p}}"`,
];
const STATEMENTS: ((p: string) => string)[] = [
  (p) => `SetEnv DB_PASS "${p}"`,
  (p) => `RequestHeader set X-Internal-Token "${p}"`,
  (p) => `set(WIFI_PASSWORD "${p}")`,
  (p) => `password -> ${p}`,
  (p) => `password ~ ${p}`,
  (p) => `set password to "${p}"`,
  (p) => `PASSWORD\t${p}`,
  (p) => `define PASSWORD ${p}`,
  (p) => `PASSWORD equ "${p}"`,
  (p) => `let password be "${p}"`,
  (p) => `(setq db-password "${p}")`,
  (p) => `(def db-password "${p}")`,
  (p) => `password |> "${p}"`,
  (p) => `proxy_set_header X-Auth-Token ${p};`,
];

describe('call-secret: call arguments, env defaults and statements (fresh9 C, D, E)', () => {
  it('masks a password a call argument or a key-string sibling names, or a URL userinfo format puts in', () => {
    for (const make of CALLS) {
      const p = pw();
      masks(make(p), p);
    }
  });
  it('masks the default of a secret-named environment variable', () => {
    for (const make of FALLBACKS) {
      const p = pw();
      masks(make(p), p);
    }
  });
  it('masks a value after a secret-named key in a statement', () => {
    for (const make of STATEMENTS) {
      const p = pw();
      masks(make(p), p);
    }
  });
  it('masks a base64 PKCS#12 keystore by its header, and keeps a certificate', () => {
    const p12 = `MIIK${'AgEDMI'}IJ${rand(B64, 200, 73001)}`;
    masks(`  data: ${p12}`, p12);
    keeps('  tls.crt: MIIDWjCCAkKgAwIBAgIUFd2cQ5f1n0iPj3wY4kXg6L0pWmUwDQYJKoZIhvcNAQELBQAwEjEQMA4GA1UEAwwHdGVzdC1jYQ==');
  });
  it('keeps the look-alikes: other names, references, placeholders, versions, digests', () => {
    for (const line of [
      'Map<String,String> m = Map.of("name", "alice", "role", "admin");',
      'map.put("password", password);',
      'val m = mapOf("password" to System.getenv("DB_PASSWORD"))',
      'set(CMAKE_BUILD_TYPE "Release")',
      'set(WIFI_PASSWORD "${WIFI_PASSWORD}")',
      'SetEnv APP_ENV production',
      'SetEnv DB_PASS ${DB_PASS}',
      'RequestHeader set X-Request-Id "%{UNIQUE_ID}e"',
      'proxy_set_header X-Real-IP $remote_addr;',
      'config :app, App.Repo, password: System.get_env("DB_PASS")',
      'val token = sys.env.getOrElse("ATLAS_PRIVATE_KEY", "changeme")',
      'PORT="${PORT:-8080}"',
      'PW="${DB_PASSWORD:-$FALLBACK}"',
      'define VERSION 1.2.3',
      'version -> 2.4.1',
      '(def version "1.4.2")',
      'checksum = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"',
      'id = "7d444840-9dc0-11d1-b245-5ffdce74fad2"',
      'url = "https://" + host + ":" + port + "/api"',
      'dsn = "postgresql://{u}:{p}@db/app".format(u=user, p=password)',
    ])
      keeps(line);
  });
});
