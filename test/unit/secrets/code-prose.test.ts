// Secrets in source code and prose that no key name sits beside: signing keys handed to a call by
// position (`jwt.sign(p, "…")`, `crypto.createHmac("sha256", "…")`, `hmac.new(b"…", …)`), connection
// passwords by position (PHP's `new PDO($dsn, "u", "pw")`, `pymysql.connect(h, u, "pw")`), a literal default
// of a secret-named environment variable (`ENV.fetch("API_KEY", "…")`, `os.environ.setdefault(…)`), an auth
// scheme joined to a literal (`paste("Bearer", "…")`, `"Bearer " + "…"`), Go/VB typed declarations, an AWS
// secret after its key id, and prose (`the password is …`). Each leaked through the whole masker (pre-scan
// and rules) before; every value is built at run time. The look-alikes beside them must stay byte-identical.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, PASSWORD_CHARS, rand } from '../../../src/core/secrets/samples';
import { leaks, linesOf } from './helpers';

let seq = 0;
const pw = () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'",;`\\]/g, ''), 16, 71000 + seq++ * 137);
const tok = () => rand(ALNUM, 32, 72000 + seq++ * 137);

/** `head` and the line mid-text, so the pre-scan meets it between ordinary lines. */
function inContext(line: string, head: string): string {
  if (head === 'package cfg' || head === 'Module Config') return `${head}\n\n${line}\n`;
  return `${head}\n// setup\nconst retries = 3;\n${line}\nconsole.log("ready");\n`;
}
function masks(line: string, secret: string, head = '// file'): void {
  const text = inContext(line, head);
  const r = maskText(text);
  assert.ok(!leaks(r.text, secret), `secret left in ${JSON.stringify(r.text)}`);
  const before = linesOf(text);
  const after = linesOf(r.text);
  assert.equal(after.length, before.length);
  const at = before.indexOf(line);
  after.forEach((l, i) => i !== at && assert.equal(l, before[i], `line ${i} changed`));
}
function keeps(line: string, head = '// file'): void {
  const text = inContext(line, head);
  const r = maskText(text);
  assert.equal(r.text, text, `changed by ${r.findings.map((f) => f.rule).join(',')}: ${line}`);
}

describe('secrets in code with no key name beside them, and in prose', () => {
  it('masks a signing or encryption key handed to a call by position', () => {
    for (const make of [
      (k: string) => `const token = jwt.sign({ sub: user.id }, '${k}', { expiresIn: '1h' });`,
      (k: string) => `  const claims = jwt.verify(req.signedCookies.session, "${k}");`,
      (k: string) => `const h = crypto.createHmac('sha256', '${k}').update(body).digest('hex');`,
      (k: string) => `encoded = jwt.encode({"some": "payload"}, "${k}", algorithm="HS256")`,
      (k: string) => `sig = hmac.new(b'${k}', msg, hashlib.sha256).hexdigest()`,
      (k: string) => `sig = hmac.new('${k}'.encode('utf-8'), msg, hashlib.sha256).hexdigest()`,
      (k: string) => `token = JWT.encode(payload, '${k}', 'HS256')`,
      (k: string) => `sig = OpenSSL::HMAC.hexdigest('SHA256', '${k}', data)`,
      (k: string) => `SecretKeySpec k = new SecretKeySpec("${k}".getBytes(), "HmacSHA256");`,
      (k: string) => `String jws = Jwts.builder().setSubject("u").signWith(SignatureAlgorithm.HS256, "${k}").compact();`,
      (k: string) => `mac := hmac.New(sha256.New, []byte("${k}"))`,
      (k: string) => `s, err := token.SignedString([]byte("${k}"))`,
      (k: string) => `var key = new SymmetricSecurityKey(Encoding.UTF8.GetBytes("${k}"));`,
      (k: string) => `using var hmac = new HMACSHA256(Encoding.UTF8.GetBytes("${k}"));`,
      (k: string) => `let key = EncodingKey::from_secret("${k}".as_ref());`,
    ]) {
      const k = tok();
      masks(make(k), k);
    }
  });

  it('keeps the same calls handed a variable, an environment lookup or an algorithm name only', () => {
    for (const line of [
      'const t = jwt.sign(payload, process.env.JWT_SECRET, { expiresIn: "1h" });',
      'const t = jwt.sign(payload, config.secret);',
      "const h = crypto.createHmac('sha256', secretKey).update(body).digest('hex');",
      "const hash = crypto.createHash('sha256').update('hello world').digest('hex');",
      'enc = jwt.encode(payload, settings.SECRET_KEY, algorithm="HS256")',
      'sig = hmac.new(key, msg, hashlib.sha256).hexdigest()',
      'mac := hmac.New(sha256.New, key)',
      'SecretKeySpec k = new SecretKeySpec(keyBytes, "HmacSHA256");',
      "sig = OpenSSL::HMAC.hexdigest('SHA256', secret, data)",
    ])
      keeps(line);
  });

  it('masks a connection password by position: PHP (gated on <?php), PyMySQL, smtp.PlainAuth', () => {
    for (const make of [
      (p: string) => `$pdo = new PDO($dsn, 'shop_app', '${p}');`,
      (p: string) => `$pdo = new PDO("pgsql:host=localhost;dbname=app", "postgres", "${p}", [PDO::ATTR_ERRMODE => 2]);`,
      (p: string) => `$link = mysqli_connect('127.0.0.1', 'root', '${p}', 'wordpress');`,
      (p: string) => `$db = new mysqli("localhost", "admin", "${p}", "inventory");`,
      (p: string) => `$ok = ftp_login($conn_id, 'deploy', '${p}');`,
      (p: string) => `$sig = hash_hmac('sha256', $payload, '${p}');`,
      (p: string) => `$dec = JWT::decode($jwt, new Key('${p}', 'HS256'));`,
    ]) {
      const p = pw();
      masks(make(p), p, '<?php');
    }
    for (const make of [
      (p: string) => `db = pymysql.connect('db.internal', 'app', '${p}', 'shop')`,
      (p: string) => `\tauth := smtp.PlainAuth("", "alerts@example.com", "${p}", "smtp.example.com")`,
    ]) {
      const p = pw();
      masks(make(p), p);
    }
    for (const line of [
      '$pdo = new PDO($dsn, $user, $pass);',
      "$link = mysqli_connect($host, $user, getenv('DB_PASSWORD'), $db);",
      "$link = mysqli_connect('db', 'root', '', 'app');",
      "$sig = hash_hmac('sha256', $payload, $secret);",
    ])
      keeps(line, '<?php');
    keeps("db = pymysql.connect(host, user, password, 'shop')");
  });

  it('masks the literal default of a secret-named environment variable, and keeps a default that is no secret', () => {
    for (const make of [
      (v: string) => `    ENV.fetch('MAILCHIMP_KEY', '${v}')`,
      (v: string) => `token = ENV.fetch("GITHUB_TOKEN") { "${v}" }`,
      (v: string) => `os.environ.setdefault('API_KEY', '${v}')`,
      (v: string) => `SECRET_KEY = env('SECRET_KEY', default='${v}')`,
      (v: string) => `SECRET_KEY = config("SECRET_KEY", default="${v}")`,
      (v: string) => `const key = Deno.env.get("API_KEY") ?? "${v}";`,
      (v: string) => `const pw = env.DB_PASSWORD || \`${v}\`;`,
      (v: string) => `$pw = $_ENV['DB_PASSWORD'] ?? '${v}';`,
      (v: string) => `String token = System.getenv().getOrDefault("API_TOKEN", "${v}");`,
      (v: string) => `String pw = Optional.ofNullable(System.getenv("DB_PASS")).orElse("${v}");`,
      (v: string) => `var key = Environment.GetEnvironmentVariable("API_KEY") ?? "${v}";`,
      (v: string) => `token <- Sys.getenv("GITHUB_PAT", unset = "${v}")`,
    ]) {
      const v = tok();
      masks(make(v), v);
    }
    for (const line of [
      "API_KEY = ENV.fetch('API_KEY')",
      "token = ENV.fetch('TOKEN', nil)",
      "region = ENV.fetch('AWS_REGION', 'us-east-1')",
      "key = os.getenv('API_KEY', 'your_api_key_here')",
      "timeout = os.getenv('TIMEOUT', '30')",
      'pw2 = os.environ.get("DB_PASSWORD", "")',
      "const pw = process.env.DB_PASSWORD || 'changeme';",
      "const key = process.env.API_KEY || '<your-api-key>';",
      'token <- Sys.getenv("GITHUB_PAT")',
    ])
      keeps(line);
  });

  it('masks a credential joined to its auth scheme, and keeps a scheme joined to a variable', () => {
    for (const make of [
      (t: string) => `res <- GET(url, add_headers(Authorization = paste("Bearer", "${t}")))`,
      (t: string) => `res <- GET(url, add_headers(Authorization = paste0("token ", "${t}")))`,
      (t: string) => `headers = {"Authorization": "Bearer " + "${t}"}`,
      (t: string) => `headers = {"Authorization": f"Bearer {'${t}'}"}`,
      (t: string) => `headers["Authorization"] = "Bearer " .. "${t}"`,
      (t: string) => `$req->header('Authorization' => "Bearer ${t}");`,
    ]) {
      const t = tok();
      masks(make(t), t);
    }
    const p = pw();
    masks(`const auth = 'Basic ' + btoa('admin:${p}');`, p);
    for (const line of [
      'res <- GET(url, add_headers(Authorization = paste("Bearer", token)))',
      'headers = {"Authorization": "Bearer " + token}',
      "headers['Authorization'] = `Bearer ${token}`;",
      "const auth = 'Basic ' + btoa(`${user}:${pass}`);",
    ])
      keeps(line);
  });

  it('masks a Go or VB declaration whose type stands between a secret name and its value', () => {
    const forms: [(v: string) => string, string][] = [
      [(v) => `var apiKey string = "${v}"`, 'package cfg'],
      [(v) => `const token string = "${v}"`, 'package cfg'],
      [(v) => `Dim password As String = "${v}"`, 'Module Config'],
      [(v) => `    Private Const ApiKey As String = "${v}"`, 'Module Config'],
      [(v) => `let token: String = String::from("${v}");`, '// file'],
    ];
    for (const [make, head] of forms) {
      const v = tok();
      masks(make(v), v, head);
    }
    for (const line of ['var greeting string = "hello, world"', 'const tokenHeader string = "X-Auth-Token"', 'var apiKey string']) keeps(line, 'package cfg');
    keeps('Dim title As String = "Sign in"', 'Module Config');
  });

  it('masks the AWS secret after its key id on one line', () => {
    const id = 'AK' + 'IA' + rand('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16, 73000);
    const sk = rand(ALNUM + '/+', 40, 73001);
    masks(`my $aws = "${id}:${sk}";`, sk);
  });

  it('masks a password told in prose, and keeps prose about passwords', () => {
    for (const make of [
      (p: string) => `The staging password is ${p} (rotate after the demo).`,
      (p: string) => `The password is hunter2-${p} for the staging box.`,
      (p: string) => `Temporary password set to ${p} until rotation.`,
      (p: string) => `The new root password for db01 is ${p}`,
      (p: string) => 'Default credentials: username `admin`, password `' + p + '`.',
    ]) {
      const p = pw();
      masks(make(p), p);
    }
    const letters = rand('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 22, 73002);
    masks(`The staging password is ${letters} (rotate after the demo).`, letters);
    for (const line of [
      'Set the password in the `.env` file; the password is stored in Vault.',
      '    if password is None:',
      'The password is required.',
      'The password was changed by an administrator.',
      'Your password is `<your-password>`.',
      'The password is at least 12 characters long.',
      'The password is CaseSensitive and expires monthly.',
      'log.info("password reset for %s", user)',
    ])
      keeps(line);
  });
});
