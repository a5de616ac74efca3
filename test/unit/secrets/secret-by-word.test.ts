// The blind fresh11 red team's masking holes, by class, in variants of our own: a dotted value under a password
// key (1), a diff of a secret (2), line separators and URL userinfo (3), positional secrets of well-known APIs (4),
// tool flags (5), a name and its value split across structure (6), template fallbacks (7), escaped containers (8),
// system credential files (9), unprefixed vendor tokens by context (10); and the over-masks (11). Every value is
// built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, B64URL, HEX, j, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0xf11100;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
/** A password: a word, digits, a punctuation mark and a random tail (the red team's shape). */
const pw = (sep = '.') => 'Copper' + rs('0123456789', 4) + sep + rs(ALNUM, 3);

/** Each `text` must lose every one of its `secrets` (no 8-char window left) and keep its line count. */
function masks(text: string, secrets: string[]): void {
  const r = maskText(text + '\nnext line\n');
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible: ${JSON.stringify(r.text.slice(0, 240))}`);
  assert.equal(r.text.split('\n').length, text.split('\n').length + 2);
}
function keeps(text: string): void {
  assert.equal(maskText(text).text, text);
}

describe('a dotted value under a password key is the password (1)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `    password: ${p}`,
    (p) => `ansible_become_pass: ${p}`,
    (p) => `spring.datasource.url=jdbc:mysql://db:3306/app?user=app&password=${p}`,
    (p) => `Caused by: PSQLException: Connection to jdbc:postgresql://db:5432/app?user=app&password=${p}&ssl=true refused.`,
    (p) => `app 812 2.1 java -Xmx2g -Dspring.datasource.password=${p} -Dfile.encoding=UTF-8 -jar app.jar`,
    (p) => `ORACLE = "oracle+cx_oracle://scott:${p}@db:1521/?service_name=ORCL"`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks a file-name-shaped password (${i})`, () => {
      const p = pw();
      masks(c(p), [p]);
      const q = 'S3cret' + rs(ALNUM, 4) + '.pdf';
      masks(c(q), [q]);
    });
  it('masks words joined by dots in data', () => {
    masks('password: correct.horse.battery.staple', ['correct.horse.battery.staple']);
    masks('DB_PASSWORD="correct.horse.battery.staple"', ['correct.horse.battery.staple']);
  });
  it('keeps references, paths and code', () => {
    keeps('password_file: /run/secrets/db_password');
    keeps('    password: ${DB_PASSWORD}');
    keeps('    password: "{{ vault_db_password }}"');
    keeps('password: auth.password.label');
    keeps('  password: this.form.password,');
    keeps('const password = settings.database.credentials;');
    keeps('java -Dspring.datasource.password=${DB_PW} -jar app.jar');
    keeps('url=jdbc:mysql://db:3306/app?user=app&password=changeme');
  });
});

describe('a diff of a secret masks both sides (2)', () => {
  it('masks the old and the new value of a terraform plan and of an arrow diff', () => {
    const [a, b] = [pw('#'), pw('!')];
    masks(`      ~ password          = "${a}" -> "${b}"`, [a, b]);
    const [c, d] = [pw('_'), pw('*')];
    masks(`  api_token: ${c} => ${d}`, [c, d]);
    const [e, f] = [pw('-'), pw('#')];
    masks(`-password=${e}\n+password=${f}`, [e, f]);
  });
  it('keeps diffs of plain settings and sensitive markers', () => {
    keeps('      ~ instance_type = "t3.small" -> "t3.medium"');
    keeps('      ~ password      = (sensitive value)');
    keeps('const f = (token) => token.trim();');
  });
});

describe('line separators and URL userinfo (3)', () => {
  it('reads a key after a vertical tab, a form feed or a lone CR as a line of its own', () => {
    for (const sep of ['\v', '\f', '\r']) {
      const p = pw();
      const r = maskText(`# config${sep}A=1${sep}DB_PASSWORD=${p}${sep}VERSION=1${sep}`);
      assert.ok(!leaks(r.text, p), JSON.stringify(r.text));
      assert.ok(r.text.startsWith(`# config${sep}A=1${sep}DB_PASSWORD=`) && r.text.endsWith(`${sep}VERSION=1${sep}`));
    }
  });
  it('masks the password of a URL whose user holds an @', () => {
    const p = pw('#');
    masks(`https://user@acme.io:${p}@webdav.acme.io/files`, [p]);
  });
  it('keeps separated settings and URLs without a password', () => {
    keeps('A=1\vB=2\fC=3\rD=4\r');
    keeps('see https://user@acme.io:8443/x and mailto:user@acme.io');
  });
});

describe('secrets handed to well-known APIs by position (4)', () => {
  const key = () => rs(ALNUM, 32);
  const cases: ((p: string) => string)[] = [
    (p) => `conn = psycopg2.connect("pg.internal", "app", "${p}", "app")`,
    (p) => `my $dbh = DBI->connect("dbi:Pg:dbname=app;host=db", "app", "${p}", {RaiseError => 1});`,
    (p) => `conn.auth('${p}');`,
    (p) => `1736850151.123456 [0 10.0.0.5:53422] "AUTH" "${p}"`,
    (p) => `write(3, "*2\\r\\n$4\\r\\nAUTH\\r\\n$${p.length}\\r\\n${p}\\r\\n", 38) = 38`,
    (p) => `cipher = AES.new(b"${p}", AES.MODE_GCM)`,
    (p) => `f = Fernet(b"${p}=")`,
    (p) => `$h = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes(":${p}"))`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the positional secret (${i})`, () => {
      const p = i >= 5 ? key() : pw('!');
      masks(c(p), [p]);
    });
  it('keeps calls handed variables', () => {
    keeps('conn = psycopg2.connect(host, user, password, db)');
    keeps('cipher = AES.new(key, AES.MODE_GCM)\nf = Fernet(os.environ["FERNET_KEY"])\nconn.auth(process.env.REDIS_PW);');
    keeps('"AUTH" "$REDIS_PASSWORD"');
  });
});

describe('tool flags (5)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `nuget sources add -Name acme -Source https://pkgs.acme.io/nuget -Username ci -Password ${p}`,
    (p) => `openssl enc -aes-256-cbc -k '${p}' -in db.sql -out db.sql.enc`,
    (p) => `  stages { stage('x') { steps { sh "docker login -u ci -p ${p} registry.acme.io" } } }`,
    (p) => `curl -b 'session=${p}' https://admin.acme.io/`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the flag's value (${i})`, () => {
      const p = i === 3 ? rs(B64URL, 43) : pw('.');
      masks(c(p), [p]);
    });
  it('masks an ngrok authtoken on its command line', () => {
    const t = j('2', rs(ALNUM, 26), '_', rs(ALNUM, 21));
    masks(`ngrok config add-authtoken ${t}`, [t]);
  });
  it('keeps flags handed variables and harmless cookies', () => {
    keeps('nuget push pkg.nupkg -ApiKey $env:NUGET_KEY');
    keeps('curl -b "theme=dark; lang=en" https://acme.io/');
    keeps('sh "docker login -u ci -p $REG_PW registry.acme.io"');
  });
});

describe('a name and its value apart (6)', () => {
  it('masks Postman pairs, args lists, YAML complex keys, composer bearer and GraphQL variables', () => {
    const t = rs(ALNUM, 40);
    masks(`    {"key": "value", "value": "${t}", "type": "string"},`, [t]);
    const p = pw('!');
    masks(`    {"key": "password", "value": "${p}"},`, [p]);
    const s = rs(ALNUM, 40);
    masks(`args:\n  - --upstream=http://api:8080\n  - --client-secret\n  - ${s}`, [s]);
    const h = rs(HEX, 32);
    masks(`twilio:\n  ? auth_token\n  : ${h}`, [h]);
    const b = rs(HEX, 48);
    masks(`{\n    "bearer": { "private.acme.io": "${b}" }\n}`, [b]);
    const g = pw('-');
    masks(`{"query": "mutation Login($u: String!, $p: String!) { login(username: $u, password: $p) { token } }",\n "variables": {"u": "qa", "p": "${g}"}}`, [
      g,
    ]);
  });
  it('keeps plain pairs and lists', () => {
    keeps('{"key": "Content-Type", "value": "application/json"}');
    keeps('args:\n  - --port\n  - "8080"');
    keeps('{"query": "query Q($id: ID!) { user(id: $id) { name } }", "variables": {"id": "user-42"}}');
  });
});

describe('template fallbacks (7) and escaped containers (8)', () => {
  it('masks a Helm default and a Jinja default', () => {
    const h = rs(HEX, 64);
    masks(`  JWT_SIGNING_KEY: {{ default "${h}" .Values.jwtKey | quote }}`, [h]);
    const p = pw('*');
    masks(`password = {{ db_password | default('${p}') }}`, [p]);
  });
  it('masks JSON in HTML entities and URL-encoded JSON', () => {
    const h = rs(HEX, 40);
    masks(`<div id="app" data-config="{&quot;token&quot;:&quot;${h}&quot;,&quot;env&quot;:&quot;prod&quot;}"></div>`, [h]);
    const t = rs(B64URL, 54);
    masks(`<a href="/callback?state=%7B%22access_token%22%3A%22${t}%22%7D">continue</a>`, [t]);
  });
  it('keeps defaults of plain settings and escaped plain JSON', () => {
    keeps('  replicas: {{ default 1 .Values.replicas }}\n  image: {{ .Values.image | default "nginx:1.27" }}');
    keeps('<div data-config="{&quot;env&quot;:&quot;prod&quot;,&quot;region&quot;:&quot;eu-west-1&quot;}"></div>');
  });
});

describe('system credential files (9)', () => {
  it('masks chap-secrets, ipsec.secrets, a Wi-Fi PSK and an erlang cookie', () => {
    const [a, b, c, d] = [pw('!'), pw('-'), pw('.'), pw('_')];
    masks(`# client server secret IP addresses\nacme-dsl * "${a}" *`, [a]);
    masks(`: PSK "${b}"\nvpn.acme.io : RSA vpn.key "${c}"`, [b, c]);
    masks(`#define WIFI_PSK "${d}"`, [d]);
    const e = rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 32);
    masks(`rabbitmq:\n  erlangCookie: ${e}`, [e]);
  });
  it('keeps their neighbours', () => {
    keeps('#define WIFI_SSID "home-network"\n#define WIFI_PSK_LEN 64');
    keeps('conn %default\n    authby=psk\n    keyexchange=ikev2');
  });
});

describe('unprefixed vendor tokens by context (10)', () => {
  it('masks Discord, ngrok, Jenkins and Heroku tokens where their vendor is named', () => {
    const id = btoa('1' + rs('0123456789', 17)).replace(/=+$/, '');
    const d = j(id, '.', rs(B64URL, 6), '.', rs(B64URL, 38));
    masks(`Bot token (Discord): ${d}`, [d.slice(-38)]);
    const n = j('2', rs(ALNUM, 26), '_', rs(ALNUM, 21));
    masks(`The ngrok authtoken on the demo laptop is ${n}.`, [n]);
    const k = '11' + rs(HEX, 32);
    masks(`Jenkins API token for \`ci-bot\`: \`${k}\``, [k]);
    const u = [rs(HEX, 8), rs(HEX, 4), '4' + rs(HEX, 3), 'a' + rs(HEX, 3), rs(HEX, 12)].join('-');
    masks(`For the Heroku CLI use key ${u} as HEROKU_API_KEY.`, [u]);
  });
  it('keeps ids and prose', () => {
    keeps('The Heroku app id is listed in the dashboard; Jenkins build 1123 passed.');
    keeps('request id 9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f failed');
  });
});

describe('over-masks: names that look like secrets (11)', () => {
  it('keeps a dotted storage key and an interface label that names its own key', () => {
    keeps("const storageKey = 'auth.session.v2';");
    keeps('  "settings.api_key": "API key",\n  "settings.access_token": "Access token",');
  });
  it('still masks a dotted random value and a password of dotted words', () => {
    const v = rs(ALNUM, 6) + '9.' + rs(ALNUM, 6) + '.' + rs(ALNUM, 6);
    masks(`const storageKey = '${v}';`, [v]);
    masks('DB_PASSWORD="correct.horse.battery.staple"', ['correct.horse.battery.staple']);
  });
});

describe('a dotted value after a password flag (1, 5)', () => {
  it('masks it in a process list', () => {
    const p = pw('.');
    masks(`app    913  0.0  0.1 /usr/bin/redis-server 127.0.0.1:6379 --requirepass ${p}`, [p]);
    const q = pw('.');
    masks(`sshpass -p ${q} ssh deploy@web1`, [q]);
  });
});

describe('an ODBC braced password (4)', () => {
  it('masks PWD={…}', () => {
    const p = pw('%');
    masks(`DSN = "Driver={ODBC Driver 18 for SQL Server};Server=db;UID=sa;PWD={${p}};"`, [p]);
  });
  it('keeps a braced reference and JSX', () => {
    keeps('DSN = "Driver={ODBC Driver 18};UID=sa;PWD={${DB_PASSWORD}};"');
    keeps('<Input type="password" value={password} onChange={setPassword} />');
    keeps('password = {{ smtp_pass }}');
  });
});
