// Credentials handed over by position or beside a name in another token: a call's argument
// (`getConnection(url, "u", "pw")`, `new NetworkCredential("u", "pw")`, `auth=("u", "pw")`), a header's
// name and value as two arguments or two words, Twilio's SID and auth token side by side, and vendor
// formats without a key name (FCM server keys, a wallet's key handed to its constructor). Each leaked
// through the whole masker (pre-scan and rules) before; every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { callCredential } from '../../../src/core/secrets/rules/context-more';
import { ALNUM, B64URL, HEX, PASSWORD_CHARS, j, rand } from '../../../src/core/secrets/samples';
import type { Hit } from '../../../src/core/secrets/types';
import { leaks, linesOf } from './helpers';

let seq = 0;
const pw = () => rand(PASSWORD_CHARS.replace(/[#'",;]/g, ''), 18, 61000 + seq++ * 131);
const hex = (n: number) => rand(HEX, n, 62000 + seq++ * 131);

/** The line mid-text, so the pre-scan meets it between ordinary lines (the SIMD pass sees whole blocks). */
function inContext(line: string): string {
  return `// connection setup\nconst retries = 3;\n${line}\nconsole.log("ready");\n`;
}
function masks(line: string, ...secrets: string[]): void {
  const text = inContext(line);
  const r = maskText(text);
  for (const s of secrets) assert.ok(!leaks(r.text, s), `secret left in ${JSON.stringify(r.text)}`);
  assert.equal(linesOf(r.text).length, linesOf(text).length);
  // Only the secret's line changed.
  const before = linesOf(text);
  linesOf(r.text).forEach((l, i) => i !== 2 && assert.equal(l, before[i]));
}
function keeps(line: string): void {
  const text = inContext(line);
  const r = maskText(text);
  assert.equal(r.text, text, `changed by ${r.findings.map((f) => f.rule).join(',')}`);
}

describe('credentials handed to calls and headers', () => {
  it('masks a password passed by position to a connection, credential or login call', () => {
    for (const make of [
      (p: string) => `Connection c = DriverManager.getConnection("jdbc:mysql://db/app", "root", "${p}");`,
      (p: string) => `DataSource ds = DataSourceBuilder.create().username("app").password("${p}").build();`,
      (p: string) => `var cred = new System.Net.NetworkCredential("svc", "${p}");`,
      (p: string) => `r = requests.get(url, auth=("svc", "${p}"))`,
      (p: string) => `r = requests.get(url, auth=HTTPBasicAuth("svc", "${p}"))`,
      (p: string) => `    server.login("alerts@example.com", "${p}")`,
      (p: string) => `conn.simple_bind_s("cn=admin,dc=example,dc=com", "${p}")`,
      (p: string) => `given().auth().preemptive().basic("svc", "${p}").when().get("/api");`,
      (p: string) => `Authenticator.setDefault(new Authenticator() { return new PasswordAuthentication("svc", "${p}".toCharArray()); });`,
    ]) {
      const p = pw();
      masks(make(p), p);
    }
  });

  it('masks a secret header given as two arguments or two words, keeping the auth scheme', () => {
    const h = hex(32);
    masks(`client.DefaultRequestHeaders.Add("X-Api-Key", "${h}");`, h);
    const k = hex(32);
    masks(`    proxy_set_header X-Api-Key ${k};`, k);
    const basic = Buffer.from(`deploy:${pw()}`).toString('base64');
    const text = inContext(`    proxy_set_header Authorization "Basic ${basic}";`);
    const r = maskText(text);
    assert.ok(!leaks(r.text, basic));
    assert.match(r.text, /proxy_set_header Authorization "Basic «secret:/);
  });

  it('masks Twilio’s account SID and auth token side by side, an FCM server key, a wallet key in its constructor, yarn’s npmAuthIdent and Consul’s SecretID', () => {
    const sid = j('A', 'C', hex(32));
    const tok = hex(32);
    masks(`const twilio = require("twilio")("${sid}", "${tok}");`, sid.slice(2), tok);
    const fcm = j('AAAA', rand(B64URL, 7, 63001), ':APA', '91b', rand(B64URL, 134, 63002));
    masks(`const push = new FCM("${fcm}");`, fcm.slice(4));
    masks(`  "fcm": "${fcm}",`, fcm.slice(4));
    const key = hex(64);
    masks(`const wallet = new ethers.Wallet("0x${key}", provider);`, key);
    masks(`const account = privateKeyToAccount("0x${key}");`, key);
    const ident = Buffer.from(`ci:${rand(ALNUM, 20, 63003)}`).toString('base64');
    masks(`npmAuthIdent: "${ident}"`, ident);
    const uuid = [hex(8), hex(4), '4' + hex(3), 'a' + hex(3), hex(12)].join('-');
    masks(`  "SecretID": "${uuid}",`, uuid);
  });

  it('masks a Make value holding a # glued to it (the tail would show most of the password)', () => {
    const a = rand(ALNUM, 6, 63004);
    const b = rand(ALNUM, 12, 63005);
    masks(`DB_PASS ?= ${a}#${b}`, `${a}#${b}`);
  });

  it('leaves code that names no literal credential alone', () => {
    for (const line of [
      'Connection c = DriverManager.getConnection(url, user, password);',
      'var cred = new NetworkCredential(user, Environment.GetEnvironmentVariable("SVC_PW"));',
      'r = requests.get(url, auth=(user, os.environ["PW"]))',
      'const handler = this.onClick.bind(this, "primary-button-label");',
      '    server.login(user, password)',
      '    proxy_set_header Authorization $http_authorization;',
      'client.DefaultRequestHeaders.Add("X-Api-Key", apiKey);',
      `const txHash = "0x${'ab'.repeat(32)}";`,
      'const wallet = ethers.Wallet.createRandom();',
      '  "ClientID": "web-frontend", "AccessorID": "anonymous"',
      `const ACTION = "AC${'f'.repeat(32)}";`,
    ])
      keeps(line);
  });

  it('reads PHP’s PDO and mysqli connections by position (the rule alone: no pre-scan anchor selects these lines yet)', () => {
    const hits = (line: string) => {
      const out: Hit[] = [];
      callCredential.scan(line, out);
      return out.map((h) => line.slice(h.start, h.end));
    };
    const p = pw();
    assert.deepEqual(hits(`$pdo = new PDO("mysql:host=db;dbname=app", "root", "${p}");`), [p]);
    assert.deepEqual(hits(`$link = mysqli_connect("db", "app", "${p}", "app");`), [p]);
    assert.deepEqual(hits(`mysqli_real_connect($link, "db", "app", '${p}');`), [p]);
    assert.deepEqual(hits('$pdo = new PDO($dsn, $user, $pass);'), []);
  });
});
