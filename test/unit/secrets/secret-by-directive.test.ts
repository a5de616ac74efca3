// The blind fresh12 red team's masking holes, by class, in variants of our own: placeholder defaults (1), Gradle
// and Android build files (2), blank-separated config directives (3), passwords in errors (4), key syntaxes
// (Jsonnet, Elixir) (8), keys in URLs (7), TOTP seeds (6); and the over-masks (9). Every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0xf12400;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
/** A password: a word, digits, a punctuation mark and a random tail (the red team's shape). */
const pw = (sep = '*') => 'Vrk' + rs('0123456789', 3) + sep + rs(ALNUM, 8);

function masks(text: string, secrets: string[]): void {
  const r = maskText(text + '\nnext line\n');
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible: ${JSON.stringify(r.text.slice(0, 240))}`);
  assert.equal(r.text.split('\n').length, text.split('\n').length + 2);
}
function keeps(text: string): void {
  assert.equal(maskText(text).text, text);
}
function each(name: string, cases: ((p: string) => string)[], value: () => string = () => pw()): void {
  cases.forEach((c, i) =>
    it(`${name} #${i + 1}`, () => {
      const p = value();
      masks(c(p), [p]);
    }),
  );
}

describe('a placeholder default is a literal secret (1)', () => {
  each('default', [
    (p) => `    password: \${DB_PASSWORD:${p}}`,
    (p) => `spring.datasource.password=\${DB_PASS:${p}}`,
    (p) => `quarkus.datasource.password=\${QUARKUS_DB_PASSWORD:${p}}`,
    (p) => `  api-key: "\${MAIL_API_KEY:${p}}"`,
    (p) => `DB_PASSWORD=\${DB_PASSWORD:-${p}}`,
  ]);
  each('default hex', [(p) => `  secret: \${JWT_SECRET:${p}}`, (p) => `jwt.signing-key=\${SIGNING_KEY:${p}}`], () => rs(HEX, 64));
  it('keeps references, error messages and names', () => {
    keeps('    password: ${DB_PASSWORD}\n');
    keeps('AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:?missing}\n');
    keeps('  password: ${secrets:DB_PASSWORD}\n');
    keeps('  port: ${DB_PORT:5432}\n');
    keeps('PASSWORD=%env(DB_PASS)%\n');
    keeps("    password: '%env(resolve:DATABASE_PASSWORD)%'\n");
  });
});

describe('Gradle / Android build files (2)', () => {
  each('groovy', [
    (p) => `        storePassword "${p}"`,
    (p) => `        keyPassword '${p}'`,
    (p) => `    credentials { username 'deployer'; password '${p}' }`,
    (p) => `            password "${p}"`,
    (p) => `        keystorePassword "${p}"`,
  ]);
  each('kotlin', [
    (p) => `        buildConfigField("String", "API_KEY", "\\"${p}\\"")`,
    (p) => `        buildConfigField "String", "MAPS_SECRET", "\\"${p}\\""`,
    (p) => `        resValue("string", "algolia_admin_key", "${p}")`,
  ]);
  it('keeps non-secret build fields', () => {
    keeps('        buildConfigField("String", "BASE_URL", "\\"https://api.acme.io\\"")\n');
    keeps('        storePassword System.getenv("STORE_PASSWORD")\n');
    keeps('        resValue("string", "app_name", "Acme Shop")\n');
  });
});

describe('blank-separated config directives (3)', () => {
  each('directive', [
    (p) => `bindpw ${p}`,
    (p) => `rootpw ${p}`,
    (p) => `requirepass ${p}`,
    (p) => `masterauth "${p}"`,
    (p) => `rocommunity ${p} 10.0.0.0/8`,
    (p) => `rwcommunity6 ${p}`,
    (p) => `createUser monitor SHA "${p}" AES "x${p}"`,
    (p) => `user = "deploy:${p}"`,
    (p) => `--user deploy:${p}`,
  ]);
  each('keys', [(p) => `  secret "${p}";`, (p) => `1 SHA256 HEX:${p}`, (p) => `2 SHA1 ${p}`], () => rs(ALNUM, 32));
  it('keeps benign directives', () => {
    keeps('bindpw $LDAP_PASSWORD\n');
    keeps('requirepass ""\n');
    keeps('user = "deploy"\n');
    keeps('1 SHA256 HEX:changeme\n');
    keeps('  secret "short";\n');
  });
});

describe('passwords in errors, Jsonnet, Elixir (4, 8)', () => {
  each('misc', [
    (p) => `psycopg2.OperationalError: FATAL:  password authentication failed for user "shop" (password "${p}")`,
    (p) => `  webhookSecret:: '${p}',`,
    (p) => `  apiToken::: "${p}",`,
  ]);
  each('elixir', [(p) => `  live_view: [signing_salt: "${p}"]`, (p) => `config :joken, default_signer: "${p}"`], () => rs(ALNUM, 24));
  it('keeps non-secret fields', () => {
    keeps("  name:: 'frontend',\n");
    keeps('  live_view: [signing_salt: "SECRET_SALT_HERE"]\n');
  });
});

describe('keys in URLs, TOTP seeds (6, 7)', () => {
  each(
    'url',
    [
      (p) => `export const W = "https://api.openweathermap.org/data/2.5/weather?q=Berlin&appid=${p}";`,
      (p) => `curl "https://api.acme.io/v1/items?api_key=${p}"`,
      (p) => `GET https://maps.example.net/geo?key=${p}&q=x`,
      (p) => `https://graph.acme.io/me?access_token=${p}`,
    ],
    () => rs(HEX, 32),
  );
  it('masks a Zapier catch hook', () => {
    const a = rs('0123456789', 8);
    const h = rs(ALNUM, 10);
    masks(`const ZAP = "https://hooks.zapier.com/hooks/catch/${a}/${h}/";`, [h]);
  });
  each('seed', [(p) => `MFA_SEED=${p}`, (p) => `totp_secret: "${p}"`, (p) => `OTP_KEY=${p}`], () => rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 32));
  it('keeps URL queries without keys', () => {
    keeps('https://acme.io/search?q=berlin&page=2&key=id\n');
    keeps('MFA_ENABLED=true\n');
  });
});
