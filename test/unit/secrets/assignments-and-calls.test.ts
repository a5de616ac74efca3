// mask23: the fresh11 kit's leaks left after mask22, and the classes mask23's own red team found beside them:
// a password headed by a word and four digits before a dot read as member access (a YAML flow mapping, a
// connection string's field), a signature that is a digest over-masked, logical assignments (`||=` `??=` `//=`),
// calls of the call table the pre-scan never offered (`getConnection(url, user, "pw")`, `Some("pw")`). Every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0x23a5c0;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
/** A password: two words, four digits, a mark and a random tail (the fresh11 kit's shape). */
const pw = (sep = '.') => 'Velvet' + 'thistle' + rs('0123456789', 4) + sep + rs(ALNUM, 3);

function masks(text: string, secrets: string[]): void {
  const r = maskText(text + '\nnext line\n');
  assert.notEqual(r.text.split('\n')[0], text.split('\n')[0], `not masked: ${text}`);
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible: ${JSON.stringify(r.text.slice(0, 240))}`);
  assert.equal(r.text.split('\n').length, text.split('\n').length + 2);
}
function keeps(text: string): void {
  assert.equal(maskText(text).text, text);
}

describe('a password headed by a word and digits before a dot is no member access', () => {
  it('masks it in a YAML flow mapping, in code and in a connection string field', () => {
    for (const c of [
      (p: string) => `flow: {user: ops, pass: ${p}, port: 22}`,
      (p: string) => `  - {user: ops, password: ${p}}`,
      (p: string) => `    <add name="Default" connectionString="Server=tcp:db.acme.io,1433;Database=app;User ID=app;Pwd=${p};Encrypt=True;" />`,
      (p: string) => `Server=db;Database=app;Uid=app;Pwd=${p};`,
      (p: string) => `Host=db;Username=app;Password=${p};Database=app`,
    ]) {
      const p = pw();
      masks(c(p), [p]);
    }
  });
  it('masks a file-name-shaped or dotted-words password in a connection string field', () => {
    const q = 'S3cret' + rs(ALNUM, 4) + '.pdf';
    masks(`Data Source=db;Initial Catalog=app;User Id=sa;Password=${q};`, [q]);
    masks('Data Source=db;Initial Catalog=app;User Id=sa;Password=correct.horse.battery.staple;', ['correct.horse.battery.staple']);
  });
  it('keeps member access in code', () => {
    keeps('const c = {user: ops, pass: cfg.pass};');
    keeps('x = 1;password=cfg.pw;');
    keeps('  token: v2.token,');
    keeps('  password: config2.db_password,');
    keeps('const c = { user: ops, pass: Settings.Password };');
  });
});

describe('a signature that is a digest is kept, the key that makes it is masked', () => {
  const h64 = rs(HEX, 64);
  const h40 = rs(HEX, 40);
  it('keeps a MAC or a hash output under a signature name', () => {
    keeps(`EXPECTED_SIG = "${h64}"`);
    keeps(`expected_signature = "${h64}"`);
    keeps(`const expectedSig = '${h40}';`);
    keeps(`webhook:\n  sig: ${h64}\n  url: https://hooks.acme.io/in\n`);
    keeps(`request_signature: "sha256=${h64}"`);
    keeps(`    "signature": "${rs(HEX, 32)}",`);
  });
  it('masks HMAC keys, a signing secret, and a pre-signed URL signature', () => {
    masks(`HMAC_KEY = "${h64}"`, [h64]);
    masks(`signature_secret = "${h40}"`, [h40]);
    masks(`WEBHOOK_SIGNING_KEY = "${h64}"`, [h64]);
    masks(`https://bucket.s3.amazonaws.com/f?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=${h64}`, [h64]);
    const sas = rs(ALNUM, 43);
    masks(`https://acct.blob.core.windows.net/c/f?sv=2022-11-02&sp=r&sig=${sas}%3D`, [sas]);
    // Not a digest's shape under a signature name: a secret.
    const b = rs(ALNUM, 32);
    masks(`SIGNATURE = "${b}"`, [b]);
  });
});

describe('a logical assignment assigns a secret all the same', () => {
  it('masks ||= ??= //= &&=', () => {
    const [a, b, c, d] = [rs(ALNUM, 40), rs(ALNUM, 32), pw(), rs(ALNUM, 32)];
    masks(`ENV['SECRET_TOKEN'] ||= '${a}'`, [a]);
    masks(`config.apiKey ??= "${b}";`, [b]);
    masks(`$password //= '${c}';`, [c]);
    masks(`  @api_token ||= "${d}"`, [d]);
  });
  it('keeps code and references', () => {
    keeps('@token ||= fetch_token');
    keeps("$this->secret ??= $defaults['secret'];");
    keeps("ENV['SECRET_TOKEN'] ||= ENV.fetch('FALLBACK_TOKEN')");
    keeps('x ||= y');
  });
});

describe('calls of the call table with a non-literal argument before the password', () => {
  it('masks the password handed by position', () => {
    const p = Array.from({ length: 6 }, () => pw('!'));
    masks(`Connection c = DriverManager.getConnection(url, user, "${p[0]}");`, [p[0]!]);
    masks(`    .basic_auth(&user, Some("${p[1]}"))`, [p[1]!]);
    masks(`    .basic_auth("admin", Some("${p[2]}"))`, [p[2]!]);
    masks(`var cred = new NetworkCredential(user, "${p[3]}");`, [p[3]!]);
    masks(`auth := smtp.PlainAuth("", from, "${p[4]}", host)`, [p[4]!]);
    masks(`r = redis.StrictRedis(host, 6379, 0, "${p[5]}")`, [p[5]!]);
  });
  it('keeps calls handed variables, placeholders or nothing secret', () => {
    keeps('Connection c = DriverManager.getConnection(url, user, password);');
    keeps('    .basic_auth(&user, Some(&password))');
    keeps('    .basic_auth(user, Some("changeme"))');
    keeps('var cred = new NetworkCredential(user, Environment.GetEnvironmentVariable("PW"));');
    keeps('conn = psycopg2.connect(host, user, os.environ["PGPASSWORD"], db)');
    keeps('key = Key(name, "HS256")');
  });
});

describe('comments and LDAP bind credentials (judged, pinned)', () => {
  it('keeps a comment that only mentions a pass= placeholder, masks one with a real value', () => {
    keeps('  user: app   # pass=<your-password>');
    keeps('# set pass=xxx in your env');
    keeps('# pass=changeme (default, change it)');
    const p = pw('!');
    masks(`  user: app   # pass=${p}`, [p]);
  });
  it("masks an LDAP bind credential (the bind DN's password)", () => {
    const p = pw('%');
    masks(`bind_credential = ${p}`, [p]);
    masks(`  bindCredential: "${p}"`, [p]);
  });
});

describe("admin tools' password flags on lines the pre-scan does not offer", () => {
  it('masks ssh-keygen -N, 7z -p, psexec -p, influx -p', () => {
    const p = Array.from({ length: 4 }, () => pw('.'));
    masks(`ssh-keygen -t ed25519 -N '${p[0]}' -f id`, [p[0]!]);
    masks(`7z a -p${p[1]} backup.7z data/`, [p[1]!]);
    masks(`psexec \\\\host -u admin -p ${p[2]} cmd`, [p[2]!]);
    masks(`influx setup -u admin -p ${p[3]} -o acme`, [p[3]!]);
  });
  it('keeps the forms without a password', () => {
    keeps("ssh-keygen -t ed25519 -N '' -f ~/.ssh/id_ed25519");
    keeps('ssh-keygen -p -P "$OLD_PASS" -N "$NEW_PASS" -f key');
    keeps('7z x backup.7z -odata');
  });
});
