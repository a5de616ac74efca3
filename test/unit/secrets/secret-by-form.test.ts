// The blind fresh10 red team's masking holes, by class, in variants of our own: a comma inside a password in a
// multi-field line (1), Fly.io's FlyV1 token (2), a Discord token handed to `client.run` (3), padded JWK members
// (4), tool flags and space-separated pairs (5), SQL grammar (6), HTTP credentials by scheme (7), language forms
// (8), Markdown and prose (9), single formats (10); and the over-masks (11): certificates in a Kubernetes Secret,
// references, reCAPTCHA site keys, credential paths. Every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, B64, B64URL, HEX, j, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0xf10100;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
/** A password: letters, digits and a punctuation mark, no quotes or blanks. */
const pw = (n = 18) => 'Q7' + rs(ALNUM + '!*._~', n);

/** Each `text` must lose every one of its `secrets` (no 8-char window left) and keep its line count. */
function masks(text: string, secrets: string[]): void {
  const r = maskText(text + '\nnext line\n');
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible: ${JSON.stringify(r.text.slice(0, 240))}`);
  assert.equal(r.text.split('\n').length, text.split('\n').length + 2);
}
function keeps(text: string): void {
  assert.equal(maskText(text).text, text);
}
/** A comma inside: the part after it is what a mask that stops at the comma leaves. */
const commaPw = () => rs(ALNUM, 5) + ',' + rs(ALNUM, 14) + '9';

describe('a delimiter inside a password in a multi-field line (1)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `jdbc.url=jdbc:postgresql://db/app?user=app&password=${p}&ssl=true`,
    (p) => `String u = "jdbc:mysql://h:3306/x?user=a&password=${p}&useSSL=false";`,
    (p) => `    url: "jdbc:sqlserver://h;user=sa;password=${p};encrypt=true"`,
    (p) => `Server=sql;User Id=sa;Password=${p};Encrypt=true`,
    (p) => `    "Default": "Host=pg;Database=app;Username=app;Password=${p}",`,
    (p) => `web1 ansible_host=10.0.0.4 ansible_user=root ansible_password=${p}`,
    (p) => `docker run -e POSTGRES_PASSWORD=${p} postgres:16`,
    (p) => `docker run --rm --env MYSQL_ROOT_PASSWORD=${p} -d mysql`,
    (p) => `curl "https://api.example.com/login?user=bob&pass=${p}#top"`,
    (p) => `db1 ansible_host=10.0.0.9 ansible_password=${p.replace(',', ',!0=')}`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the whole value, comma and all (${i})`, () => {
      const p = commaPw();
      masks(c(p), [p.slice(0, 5), p.slice(6)]);
    });
  it('masks a secret field of a form body after another secret field', () => {
    const a = 'GOCSPX-' + rs(B64URL, 28);
    const t = '1%2F%2F0' + rs(ALNUM, 60);
    masks(`    "postData": {"text": "client_secret=${a}&grant_type=refresh_token&refresh_token=${t}"}},`, [a, t.slice(8)]);
    const p = pw();
    masks(`body = "password=${pw()}&username=bob&api_token=${p}"`, [p]);
  });
  it('keeps code whose comma ends the value', () => {
    keeps('connect(user=u, password=pw, timeout=5)');
    keeps('run --password=$DB_PASSWORD,other=1');
    keeps("f(password=None,user='x')");
  });
});

describe('FlyV1 tokens and a Discord token in client.run (2, 3)', () => {
  const fly = () => j('FlyV1 fm', '2_', rs(B64, 60), '+', rs(B64, 70), '/', rs(B64, 24), '==,fm', '2_', rs(B64, 48), '=');
  it('masks a FlyV1 token past its + / = and commas', () => {
    for (const c of [(t: string) => `flyctl deploy --access-token "${t}"`, (t: string) => `FLY_API_TOKEN=${t}`, (t: string) => `fly secrets list -t '${t}'`]) {
      const t = fly();
      masks(c(t), [t.slice(10, 70), t.slice(71, 141), t.slice(-40)]);
    }
  });
  it('masks a Discord bot token handed to run / login', () => {
    for (const call of ['client.run', 'bot.run', 'client.login']) {
      const t = j(['M', 'N', 'O'][seed % 3]!, rs(ALNUM, 25), '.', rs(B64URL, 6), '.', rs(B64URL, 38));
      masks(`${call}("${t}")`, [t.slice(0, 26), t.slice(-38)]);
    }
  });
  it('keeps a run call with a name or an env lookup', () => {
    keeps('client.run(TOKEN)\nbot.run(os.environ["DISCORD_TOKEN"])\napp.run("0.0.0.0")');
  });
});

describe('JWK private members, padded or standard base64 (4)', () => {
  it('masks d / k with padding, in a key set and pretty-printed', () => {
    const d = rs(B64URL, 43);
    const k = rs(B64URL, 43);
    masks(`{"keys":[{"kty":"EC","crv":"P-256","x":"${rs(B64URL, 43)}","y":"${rs(B64URL, 43)}","d":"${d}=","kid":"k"}]}`, [d]);
    masks(`{"kty":"oct","k":"${k}=","alg":"HS256"}`, [k]);
    const q = rs(B64, 40);
    masks(`{\n  "kty": "RSA",\n  "n": "${rs(B64URL, 80)}",\n  "e": "AQAB",\n  "q": "${q}=="\n}`, [q]);
  });
  it('keeps a public JWK', () => {
    keeps(`{"kty":"EC","crv":"P-256","x":"${rs(B64URL, 43)}=","y":"${rs(B64URL, 43)}","kid":"k1"}`);
  });
});

describe('tool flags and space-separated pairs (5)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `xfreerdp /v:10.0.0.7 /u:admin /p:${p} /cert:ignore`,
    (p) => `wlfreerdp /u:ops /p:"${p}" /v:rdp.internal`,
    (p) => `pscp -pw ${p} backup.tgz root@10.0.0.2:/tmp`,
    (p) => `plink -ssh root@host -pw ${p} uptime`,
    (p) => `psftp.exe -pw "${p}" deploy@files`,
    (p) => `aws ssm put-parameter --name /app/db --type SecureString --value '${p}'`,
    (p) => `aws ssm put-parameter --type SecureString --name /x --value=${p} --overwrite`,
    (p) => `rclone config create s3 s3 provider AWS access_key_id AKIDX secret_access_key ${p}`,
    (p) => `rclone config create gd drive client_id 123.apps client_secret ${p} scope drive`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the password (${i})`, () => {
      const p = pw();
      masks(c(p), [p]);
    });
  it('keeps references and non-secret values', () => {
    keeps('xfreerdp /v:10.0.0.7 /u:admin /p:$RDP_PASS');
    keeps('plink -ssh root@host -pw "$PW" uptime');
    keeps('aws ssm put-parameter --name /app/region --type String --value eu-west-1');
    keeps('rclone config create s3 s3 provider AWS env_auth true region eu-west-1');
  });
});

describe('SQL grammar (6)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `SET PASSWORD FOR 'legacy'@'localhost' = '${p}';`,
    (p) => `set password for app = PASSWORD('${p}');`,
    (p) => `CREATE SERVER fdw FOREIGN DATA WRAPPER mysql OPTIONS (USER 'r', PASSWORD '${p}', HOST 'x');`,
    (p) => `CREATE USER MAPPING FOR app SERVER s OPTIONS (user 'r', password '${p}');`,
    (p) => `EXEC sp_addlogin 'svc', '${p}';`,
    (p) => `EXEC sp_addlogin @loginame = 'svc', @passwd = N'${p}';`,
    (p) => `CREATE ROLE app LOGIN ENCRYPTED PASSWORD '${p}';`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the password (${i})`, () => {
      const p = pw();
      masks(c(p), [p]);
    });
  it('keeps SQL without one', () => {
    keeps("ALTER ROLE app PASSWORD NULL;\nSELECT password FROM users WHERE id = 1;\nSET PASSWORD FOR 'u'@'h' = '${NEW_PW}';");
  });
});

describe('HTTP credentials by scheme (7)', () => {
  it('masks Basic user:password and a Bearer token with no header name', () => {
    const b = btoa(`svc:${pw()}`);
    masks(`    {"key": "basic", "value": "Basic ${b}"}`, [b]);
    masks(`  basic: "Basic ${b}"`, [b]);
    const alone = btoa(pw());
    masks(`    {"key": "basic", "value": "Basic ${alone}"}`, [alone]);
    const t = rs(ALNUM, 40);
    masks(`AUTH_HEADER=Bearer ${t}`, [t]);
    const u = rs(B64URL, 44);
    masks(`export HDR="Bearer ${u}"`, [u]);
  });
  it('keeps prose about the schemes and template values', () => {
    keeps('Use Basic authentication or Bearer tokens; see the Bearer authentication section.');
    keeps('{"key": "basic", "value": "Basic {{basicAuth}}"}');
    keeps('AUTH_HEADER="Bearer ${TOKEN}"');
  });
});

describe('language forms (8)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `@db_pass ||= '${p}'`,
    (p) => `  @@api_token ||= "${p}"`,
    (p) => `set :password, "${p}"`,
    (p) => `set :smtp_password, '${p}'`,
    (p) => `DATABASES = {\n    "default": {\n        "password":\n            "${p}",\n    }\n}`,
    (p) => `CONFIG = {\n    'api_key': (\n        '${p}'\n    ),\n}`,
    (p) => `new UsernamePasswordCredentials("svc", "${p}");`,
    (p) => `var c = new PasswordAuthentication("svc", "${p}".toCharArray());`,
    (p) => `mongoose.connect(\`mongodb://admin:\${encodeURIComponent('${p}')}@mongo/db\`);`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the password (${i})`, () => {
      const p = pw();
      masks(c(p), [p]);
    });
  it('keeps their everyday look-alikes', () => {
    keeps('@cache ||= "default-value-for-cache"\nset :application, "my_app_name"\nset :password_length, 12');
    keeps('"password":\n    os.environ["DB_PASSWORD"],');
    keeps('new UsernamePasswordCredentials(user, password);');
  });
});

describe('Markdown and prose (9)', () => {
  it('masks a secret column, a key/value table, a bold label, and prose', () => {
    const a = pw();
    masks(`| user | password | role |\n|---|---|---|\n| admin | ${a} | owner |`, [a]);
    const b = pw();
    const c = rs(ALNUM, 39) + '7';
    masks(`| Key | Value |\n| --- | --- |\n| password | ${b} |\n| API token | \`${c}\` |\n| region | eu-west-1 |`, [b, c]);
    const d = pw();
    masks(`- **Password:** \`${d}\``, [d]);
    masks(`**DB password**: \`${d}\``, [d]);
    const e = rs(ALNUM, 38) + '4x';
    masks(`The token is ${e} and expires Friday.`, [e]);
    masks(`Your API key is: ${e}`, [e]);
    masks(`The password is \`${d}\`.`, [d]);
  });
  it('keeps tables and prose with no secret', () => {
    keeps('| user | role |\n|---|---|\n| admin | owner |');
    keeps('| name | password |\n|---|---|\n| root | (see vault) |\n| app | `<your password>` |');
    keeps('The token is valid for 30 days and expires Friday.\nYour API key is: shown once in the dashboard');
    keeps('- **Password:** `<your password>`\n- **Port:** `5432`');
  });
});

describe('single formats (10)', () => {
  it('masks each', () => {
    const f = rs(B64URL, 43) + '=';
    const g = rs(B64URL, 43) + '=';
    masks(`FERNET_KEYS = ["${f}", "${g}"]`, [f, g]);
    masks(`  api_tokens: ['${f}']`, [f]);
    const nr = rs(HEX, 40);
    masks(`newrelic_license: "${nr}"`, [nr]);
    masks(`NEW_RELIC_LICENSE_KEY=${nr}`, [nr]);
    const ks = 'MIIK' + rs(B64, 80);
    masks(`keystore_b64: ${ks}`, [ks]);
    masks(`  "signingKeystore": "${ks}"`, [ks]);
    const ks2 = 'MIIK' + rs(B64, 40) + '=/' + rs(B64, 40) + '=';
    masks(`keystore_b64: ${ks2}`, [ks2]);
    const nsec = j('ns', 'ec1', rs('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58));
    masks(`my nostr key ${nsec}`, [nsec.slice(5)]);
    const xprv = j('xp', 'rv9s21ZrQH143K', rs('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 95));
    masks(`root: ${xprv}`, [xprv.slice(4)]);
    const tprv = j('tp', 'rv8ZgxMBicQKsPd', rs('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 96));
    masks(`derive(${JSON.stringify(tprv)})`, [tprv.slice(4)]);
  });
  it('keeps look-alikes', () => {
    keeps('ALLOWED_HOSTS = ["example.com", "localhost"]\nlicense: "MIT"\nkeystore_path: /etc/app/keystore.p12');
    keeps(`{"storageKeys": ["0x${rs(HEX, 64)}"]}`);
    keeps('npub1 keys are public; xprv is the private form');
  });
});

describe('over-masks: certificates, references, site keys, credential paths (11)', () => {
  it('keeps a certificate in a Kubernetes Secret and masks its key', () => {
    const cert = Array.from({ length: 4 }, () => rs(B64, 64));
    const key = Array.from({ length: 3 }, () => rs(B64, 64));
    const text = [
      'apiVersion: v1',
      'kind: Secret',
      'type: kubernetes.io/tls',
      'stringData:',
      '  tls.crt: |',
      '    -----BEGIN CERTIFICATE-----',
      ...cert.map((l) => `    ${l}`),
      '    -----END CERTIFICATE-----',
      '  tls.key: |',
      `    ${j('-----BEGIN EC PRIV', 'ATE KEY-----')}`,
      ...key.map((l) => `    ${l}`),
      `    ${j('-----END EC PRIV', 'ATE KEY-----')}`,
    ].join('\n');
    const out = maskText(text).text.split('\n');
    assert.deepEqual(out.slice(0, 12), text.split('\n').slice(0, 12));
    for (const k of key) assert.ok(!leaks(out.join('\n'), k));
  });
  it('keeps a base64 certificate under data: and masks a bundle holding a key', () => {
    const crt = btoa(`-----BEGIN CERTIFICATE-----\n${rs(B64, 64)}\n-----END CERTIFICATE-----\n`);
    keeps(`apiVersion: v1\nkind: Secret\ndata:\n  ca.crt: ${crt}`);
    const bundle = btoa(`-----BEGIN CERTIFICATE-----\n${rs(B64, 64)}\n-----END CERTIFICATE-----\n${j('-----BEGIN PRIV', 'ATE KEY-----')}\n${rs(B64, 64)}\n`);
    masks(`apiVersion: v1\nkind: Secret\ndata:\n  tls.pem: ${bundle}`, [bundle.slice(60)]);
  });
  it('keeps references, site keys and credential paths', () => {
    keeps('    DD_API_KEY: ${ssm:/dd/key}\n    DB_PASSWORD: ${ssm(eu-west-1):/app/db/password}\n    TOKEN: ${file(./secrets.yml):token}');
    keeps(`recaptcha_site_key: 6L${rs(B64URL, 38)}`);
    keeps(`<add key="RecaptchaSiteKey" value="6L${rs(B64URL, 38)}" />`);
    keeps('LoadCredential=tls:/etc/app/tls.key\nLoadCredential=db-password:/run/secrets/db');
  });
  it('still masks a reCAPTCHA secret key and a random value after a colon', () => {
    const s = '6L' + rs(B64URL, 38);
    masks(`recaptcha_secret_key: ${s}`, [s]);
    const p = rs(ALNUM, 30);
    masks(`password: abc:/${p}`, [p]);
  });
});
