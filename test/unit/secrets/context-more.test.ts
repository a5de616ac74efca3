// Secrets whose name sits in another token than their value, or on the line before: each case leaked
// through the whole masker before rules/context-more.ts (the names and values are built at run time).
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { envFallback, secureString, xmlKeyValue } from '../../../src/core/secrets/rules/context-more';
import { B64, PASSWORD_CHARS, rand } from '../../../src/core/secrets/samples';
import type { Hit } from '../../../src/core/secrets/types';
import { leaks, linesOf } from './helpers';

const pw = (n = 20) => rand(PASSWORD_CHARS.replace(/[#'",;]/g, ''), n, 9000 + n * 31 + seq++);
let seq = 0;

/** `text` with `secret` in it: masked by `rule`, nothing of the secret left, line count kept. */
function masks(rule: string, text: string, secret: string): void {
  const r = maskText(text);
  assert.ok(
    r.findings.some((f) => f.rule === rule),
    `${rule} did not fire on ${JSON.stringify(text)}; got ${r.findings.map((f) => f.rule).join(',') || 'nothing'}`,
  );
  assert.ok(!leaks(r.text, secret), `${rule} left part of the secret in ${r.text}`);
  assert.equal(linesOf(r.text).length, linesOf(text).length);
}

function keeps(text: string): void {
  const r = maskText(text);
  assert.equal(r.text, text, `changed by ${r.findings.map((f) => f.rule).join(',')}`);
}

describe('context rules: name and value in different tokens', () => {
  describe('url-credentials: passwords nobody percent-encoded', () => {
    it('masks the whole password when it holds # / ? or a quote, in .env, compose and logs', () => {
      for (const ch of ['#', '/', '?', "'"]) {
        const p =
          rand(PASSWORD_CHARS.replace(/[#'",;$@/?<>\s-]/g, ''), 9, 78_000 + ch.charCodeAt(0)) + ch + rand('abcdefXYZ0123456789', 9, 79_000 + ch.charCodeAt(0));
        masks('url-credentials', `DATABASE_URL=postgres://app:${p}@db/app`, p);
        masks('url-credentials', `      - DATABASE_URL=postgres://app:${p}@db:5432/app`, p);
        masks('url-credentials', `WARN retrying https://user:${p}@api.partner.example/v1`, p);
      }
    });
    it('keeps ports with paths, and code that builds the URL', () => {
      keeps('see http://localhost:8080/x?to=bob@x.com and https://example.com:443/a@b\n');
      keeps("url = 'mysql://root:' + password + '@localhost/db'\n");
      keeps('conn = f"postgresql://{user}:{pw}@{host}/db"\nu = "redis://:%s@%s:6379" % (pw, host)\n');
    });
  });
  describe('generic-secret: Rust reference types between name and value', () => {
    it("masks const/static/let with a &str or &'static str annotation", () => {
      const p = rand('abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789', 40, 80_001);
      masks('generic-secret', `const DISCORD_TOKEN: &str = "${p}";`, p);
      const q = rand('abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789', 36, 80_002);
      masks('generic-secret', `pub static API_KEY: &'static str = "${q}";`, q);
    });
    it('keeps a reference to the member of the same name, typed or not', () => {
      keeps('let password: &str = &self.password;\nlet token = &mut cfg.token;\nlet secret = *opts.secret;\n');
    });
  });
  describe('make-assignment', () => {
    it("masks a secret under Make's conditional, appending, POSIX and shell assignments", () => {
      for (const [head, tail] of [
        ['DB_PASS ?= ', ''],
        ['export GITHUB_TOKEN += ', ''],
        ['override API_KEY ::= ', '  # staging'],
        ['CLIENT_SECRET:::=', ''],
        ['DB_PASSWORD != ', ''],
      ]) {
        // Its own seeds, so the passwords of the tests below stay as they were.
        const p = rand(PASSWORD_CHARS.replace(/[#'",;$-]/g, ''), 20, 77_000 + head.length);
        masks('make-assignment', `${head}${p}${tail}\nall:\n\techo ok\n`, p);
      }
    });
    it('keeps references, placeholders, ordinary variables and comparisons in code', () => {
      keeps('DB_PASS ?= $(shell cat .db_pass)\nAPI_KEY ?= ${API_KEY}\nCFLAGS += -O2 -Wall\n');
      keeps('SECRET_KEY ?= changeme\nif token != expected_token_value_here:\n    pass\n');
    });
  });
  describe('xml-key-value', () => {
    it('masks the value= of an <add key> whose key is secret-named (.config appSettings, NuGet)', () => {
      const p = pw();
      masks('xml-key-value', `    <add key="ApiKey" value="${p}"/>`, p);
      const q = pw();
      masks('xml-key-value', `      <add key="ClearTextPassword" value="${q}" />`, q);
    });
    it('masks only the value, not the key', () => {
      const p = pw();
      const r = maskText(`<add key="DbPassword" value="${p}"/>`);
      assert.match(r.text, /^<add key="DbPassword" value="«secret:xml-key-value#1»"\/>$/);
    });
    it('masks the text of <entry key="password">…</entry>', () => {
      const p = pw();
      masks('xml-key-value', `  <entry key="password">${p}</entry>`, p);
    });
    it('keeps non-secret keys, references and empty values', () => {
      keeps('    <add key="ApiKeyHeader" value="X-Api-Key"/>');
      keeps('    <add key="PasswordMinLength" value="12"/>');
      keeps('    <add key="DbPassword" value="${DB_PASS}"/>');
      keeps('    <add key="Password" value=""/>');
      keeps('  <entry key="token"><ref bean="tokenStore"/></entry>');
    });
  });

  describe('mysql-quoted-password', () => {
    it('masks -p<pw> of mysql inside a JSON string and inside an sh -c argument list', () => {
      const p = pw();
      masks('mysql-quoted-password', `  "command": "mysql -uroot -p${p} -e 'select 1'"`, p);
      const q = pw();
      masks('mysql-quoted-password', `    command: ["sh", "-c", "mysqladmin ping -h db -uroot -p${q}"]`, q);
    });
    it('masks -p<pw> as an item of its own in a compose healthcheck (after a quote, not a blank)', () => {
      const p = pw();
      masks('mysql-quoted-password', `      test: ["CMD", "mysqladmin", "ping", "-uroot", "-p${p}"]`, p);
      const q = pw();
      masks('mysql-quoted-password', `    command: ['mysqladmin', 'ping', '-uroot', '-p${q}']`, q);
    });
    it('keeps references (compose $$ escapes included), a bare -p and the port flag', () => {
      keeps('      test: ["CMD-SHELL", "mysqladmin ping -uroot -p$$MYSQL_ROOT_PASSWORD"]');
      keeps('  "command": "mysql -uroot -p${MYSQL_PWD} -e \'select 1\'"');
      keeps('  "seed": "mysql -u root -p shop < seed.sql",');
      keeps('  "db": "mysql -h db -P 3306 -u app -p \\"$PW\\"",');
    });
  });

  describe('env-fallback', () => {
    it('masks the literal after || / ?? beside a secret-named process.env variable', () => {
      const p = pw();
      masks('env-fallback', `const jwtSecret = process.env.JWT_SECRET || "${p}";`, p);
      const q = pw();
      masks('env-fallback', `  secret: process.env['SESSION_SECRET'] ?? '${q}',`, q);
    });
    it('masks the default argument of os.getenv / os.environ.get / ENV.fetch / env()', () => {
      const cases = [
        (v: string) => `SECRET_KEY = os.getenv("SECRET_KEY", "${v}")`,
        (v: string) => `        'PASSWORD': os.environ.get('DB_PASSWORD', '${v}'),`,
        (v: string) => `config.api_key = ENV.fetch("API_KEY", "${v}")`,
        (v: string) => `            'password' => env('DB_PASSWORD', '${v}'),`,
      ];
      for (const c of cases) {
        const p = pw();
        masks('env-fallback', c(p), p);
      }
    });
    it('masks only the literal: the variable name stays', () => {
      const p = pw();
      const r = maskText(`SECRET_KEY = os.getenv("SECRET_KEY", "${p}")`);
      assert.equal(r.text, 'SECRET_KEY = os.getenv("SECRET_KEY", "«secret:env-fallback#1»")');
    });
    it('keeps empty, null and placeholder fallbacks, and fallbacks of non-secret variables', () => {
      keeps('SECRET_KEY = os.getenv("SECRET_KEY", "")');
      keeps('const jwtSecret = process.env.JWT_SECRET || "";');
      keeps('const jwtSecret = process.env.JWT_SECRET ?? null;');
      keeps("const jwtSecret = process.env.JWT_SECRET || 'changeme';");
      keeps("            'host' => env('DB_HOST', '127.0.0.1'),");
      keeps(`  databaseUrlKey: process.env.DB_URL || 'postgres://db:5432/${rand('abcdefgh', 8, 4)}',`);
    });
  });

  describe('powershell-securestring', () => {
    it('masks the literal of ConvertTo-SecureString … -AsPlainText, positional or -String, either quote', () => {
      const p = pw();
      masks('powershell-securestring', `$password = ConvertTo-SecureString "${p}" -AsPlainText -Force`, p);
      const q = pw();
      masks('powershell-securestring', `$secpasswd = ConvertTo-SecureString -String '${q}' -AsPlainText -Force`, q);
      const s = pw();
      masks('powershell-securestring', `$cred = New-Object PSCredential ("deploy", (ConvertTo-SecureString -AsPlainText -Force -String "${s}"))`, s);
    });
    it('keeps a variable, an env reference and Read-Host', () => {
      keeps('$password = ConvertTo-SecureString $pw -AsPlainText -Force');
      keeps('$password = ConvertTo-SecureString "$env:DEPLOY_PASSWORD" -AsPlainText -Force');
      keeps('$password = Read-Host -Prompt "Password" -AsSecureString');
    });
  });

  describe('typed-string-declaration: read on the lines holding the type only', () => {
    // Its own seeds: pw()'s shared sequence would shift the samples of the tests after these.
    const tpw = (i: number) => rand(PASSWORD_CHARS.replace(/[#'",;\\-]/g, ''), 24, 77_100 + i);
    it('finds each declaration wherever its line stands: first, last without a newline, CRLF, two on a line, after lines that only mention the type', () => {
      const p = [0, 1, 2, 3, 4].map(tpw);
      const text = [
        `var apiKey string = "${p[0]}"`,
        'package cfg',
        '// toString and substring = helpers; a string = "literal" with no declaration',
        `const dbPassword string = "${p[1]}"; var authToken string = "${p[2]}"\r`,
        'func f() string { return "x" }',
        `    Dim password As String = "${p[3]}"`,
        `const clientSecret string = '${p[4]}'`,
      ].join('\n');
      const r = maskText(text);
      for (const s of p) assert.ok(!leaks(r.text, s), `left ${s} in ${r.text}`);
      assert.equal(r.findings.filter((f) => f.rule === 'typed-string-declaration').length, 5, r.findings.map((f) => `${f.rule}@${f.line}`).join(','));
      assert.deepEqual(
        r.findings.filter((f) => f.rule === 'typed-string-declaration').map((f) => f.line),
        [1, 4, 4, 6, 7],
      );
      assert.equal(linesOf(r.text).length, linesOf(text).length);
    });
    it('keeps a declaration split over two lines (no declaration spans a line) and type names alone', () => {
      keeps(`package cfg\nvar apiKey\nstring = "${tpw(5)}"`);
      keeps('package cfg\nvar greeting string = "hello, world"\nvar toString = 1');
    });
  });
});

describe('context rules: the name on the line before (k8s-env-value)', () => {
  const deployment = (env: string[]) =>
    ['apiVersion: apps/v1', 'kind: Deployment', 'spec:', '  template:', '    spec:', '      containers:', '        - name: api', '          env:', ...env].join(
      '\n',
    ) + '\n';

  it('masks the value: line of a secret-named env item, and only that line', () => {
    const p = pw();
    const text = deployment([
      '            - name: LOG_LEVEL',
      '              value: debug',
      '            - name: DB_PASSWORD',
      `              value: "${p}"`,
      '            - name: PORT',
      '              value: "8080"',
    ]);
    const r = maskText(text);
    const before = linesOf(text);
    const after = linesOf(r.text);
    assert.equal(after.length, before.length);
    for (let i = 0; i < before.length; i++) {
      if (i === 11) assert.equal(after[i], '              value: "«secret:k8s-env-value#1»"');
      else assert.equal(after[i], before[i], `line ${i + 1}`);
    }
  });

  it('masks plain, single-quoted and CRLF values, past a comment line, and the flow form', () => {
    const [a, b, c] = [pw(), pw(), pw()];
    const text = deployment([
      '            - name: STRIPE_API_KEY',
      '              # rotated monthly',
      `              value: ${a}`,
      '            - name: JWT_SECRET',
      `              value: '${b}'\r`,
      `            - {name: API_TOKEN, value: "${c}"}`,
    ]);
    const r = maskText(text);
    for (const s of [a, b, c]) assert.ok(!leaks(r.text, s), r.text);
    assert.ok(r.text.includes("value: '«secret:k8s-env-value#2»'\r\n"));
  });

  it('keeps valueFrom/secretKeyRef, non-secret names, empty values, references and *_FILE paths', () => {
    keeps(
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
      ]),
    );
  });

  it('does not take the value of the next item or of a nested key', () => {
    const p = pw();
    // DB_PASSWORD has no value of its own: the next item's value is not its value.
    keeps(deployment(['            - name: DB_PASSWORD', '            - name: LOG_LEVEL', `              value: ${p}`]));
    keeps(deployment(['            - name: DB_PASSWORD', '              valueFrom:', '                configMapKeyRef:', `                  value: ${p}`]));
  });

  it("does not run without kind: (its gate); a Helm values.yaml env list is named-value's (rules/structure.ts)", () => {
    const p = pw();
    masks('named-value', ['env:', '  - name: DB_PASSWORD', `    value: "${p}"`].join('\n'), p);
  });
});

describe('statement-secret: a secret handed over by a statement (the pre-scan anchors the word password)', () => {
  it('masks a .netrc password on one line, alone on its line, and tab-separated, and keeps the other lines', () => {
    const [a, b, c] = [pw(), pw(), pw()];
    const text = [
      `machine api.example.com login bob password ${a}`,
      'machine git.example.com',
      '  login ci-bot',
      `  password ${b}`,
      `machine\tftp.example.com\tlogin\tftp\tpassword\t${c}`,
      'default login anonymous',
      'macdef init',
      '',
    ].join('\n');
    const r = maskText(text);
    const out = linesOf(r.text);
    const inp = linesOf(text);
    assert.equal(out.length, inp.length);
    for (const k of [1, 2, 5, 6]) assert.equal(out[k], inp[k]);
    for (const [k, s] of [
      [0, a],
      [3, b],
      [4, c],
    ] as const) {
      assert.notEqual(out[k], inp[k]);
      assert.ok(!leaks(out[k]!, s), out[k]);
    }
    assert.ok(r.findings.every((f) => f.rule === 'statement-secret'));
  });
  it('masks a password setter handed a literal, and keeps a variable, a call or a reference', () => {
    const p = pw();
    masks('statement-secret', `        ds.setPassword("${p}");`, p);
    keeps('        ds.setPassword(password);');
    keeps('        ds.setPassword(System.getenv("DB_PW"));');
    keeps('        ds.setPassword("${DB_PASSWORD}");');
  });
  it("masks wp-config.php's define('DB_PASSWORD', …) and its keys and salts, and keeps other defines and the sample's placeholder", () => {
    const p = pw();
    masks('statement-secret', `define( 'DB_PASSWORD', '${p}' );`, p);
    const k = rand(PASSWORD_CHARS.replace(/[#'",;]/g, '') + '!@#%^&*()-_=+[]{}<>~|;:,.?', 64, 4242);
    masks('statement-secret', `define('AUTH_KEY',         '${k}');`, k);
    // A key that holds a `<x>` (a placeholder's shape to valueLooksSecret) is still 64 random characters.
    const k2 = `${rand(PASSWORD_CHARS.replace(/[#'",;]/g, ''), 30, 4444)}<r8>${rand(PASSWORD_CHARS.replace(/[#'",;]/g, '') + '[]{}()<>', 30, 4545)}`;
    masks('statement-secret', `define('SECURE_AUTH_KEY',  '${k2}');`, k2);
    const salt = rand(PASSWORD_CHARS.replace(/[#'",;]/g, ''), 64, 4343);
    masks('statement-secret', `define('NONCE_SALT', '${salt}');`, salt);
    keeps("define( 'AUTH_KEY',         'put your unique phrase here' );");
    keeps("define('DB_USER', 'wordpress');");
    keeps("define('WP_DEBUG', false);");
    keeps("define( 'DB_PASSWORD', getenv('DB_PASSWORD') );");
  });
  it("masks SQL's role passwords (PostgreSQL's PASSWORD '…', MySQL's IDENTIFIED BY '…' in capitals), a doubled quote inside the literal, and keeps the rest", () => {
    // Values of their own seeds: drawing from pw() here would shift the values the tests below draw.
    const [a, b, c, d, e] = [1, 2, 3, 4, 5].map((k) => rand(PASSWORD_CHARS.replace(/[#'",;]/g, ''), 20, 6100 + k));
    masks('statement-secret', `CREATE ROLE app LOGIN PASSWORD '${a}'`, a);
    masks('statement-secret', `create user app with password '${b}';`, b);
    masks('statement-secret', `ALTER USER 'app'@'%' IDENTIFIED BY '${c}';`, c);
    // A statement over several lines: the option first on its line.
    masks('statement-secret', `    ENCRYPTED PASSWORD '${d}'`, d);
    // `''` is one quote: the literal goes on past it (its second half would survive a cut at the first quote).
    const [h1, h2] = [e.slice(0, 10), e.slice(10)];
    masks('statement-secret', `ALTER ROLE app WITH PASSWORD '${h1}''${h2}';`, h2);
    masks('statement-secret', `ALTER USER 'x'@'h' IDENTIFIED BY "${h1}""${h2}";`, h2);
    keeps('ALTER USER app WITH PASSWORD NULL;');
    keeps("CREATE USER app WITH PASSWORD :'pw';");
    keeps("ALTER USER 'app'@'%' IDENTIFIED BY 'changeme';");
    keeps("-- set the password 'here' later");
    keeps("The password 'k1W8kdVb' is not checked here.");
  });
  it('keeps prose and code where password is a word before a blank', () => {
    keeps('    password required for the admin account');
    keeps('  password hashed');
    keeps('if password is None:');
    keeps('  password "$NETRC_PASSWORD"');
  });
});

describe('cli-password: shell history forms the pre-scan anchors since (redis-cli -a, aws configure set)', () => {
  it('masks redis-cli -a <pw> wherever the flag stands, and keeps -a elsewhere', () => {
    const p = pw();
    masks('cli-password', `redis-cli -h cache -a ${p} ping`, p);
    const q = pw();
    masks('cli-password', `redis-cli -a ${q} --no-auth-warning info`, q);
    keeps('redis-cli ping');
    keeps('ls -a');
    keeps("parser.add_argument('-a', '--all')");
    keeps('redis-cli -a $REDIS_PASSWORD ping');
  });
  it('masks the key of aws configure set aws_secret_access_key, and keeps other settings and references', () => {
    const k = rand(B64, 40);
    masks('cli-password', `aws configure set aws_secret_access_key ${k}`, k);
    const l = rand(B64, 40);
    masks('cli-password', `aws configure set default.aws_secret_access_key ${l} --profile ci`, l);
    keeps('aws configure set region eu-west-1');
    keeps('aws configure set aws_secret_access_key "$AWS_SECRET_ACCESS_KEY"');
  });
});

describe('context rules: each rule alone finds its form on a line (the pre-scan aside)', () => {
  const hits = (rule: { scan(line: string, out: Hit[]): void }, line: string) => {
    const out: Hit[] = [];
    rule.scan(line, out);
    return out.map((h) => line.slice(h.start, h.end));
  };
  it('finds the secret in lines the pre-scan does not make candidates (these still leak: see the rules file head)', () => {
    const p = pw();
    // No secret-named key before = : > on these lines, so the masker never shows them to a line rule.
    assert.deepEqual(hits(secureString, `$s = ConvertTo-SecureString '${p}' -AsPlainText -Force`), [p]);
    assert.deepEqual(hits(envFallback, `jwt.sign(payload, process.env.JWT_SECRET || '${p}')`), [p]);
    assert.deepEqual(hits(envFallback, `ENV['API_KEY'] ||= '${p}'`), [p]);
    assert.deepEqual(hits(xmlKeyValue, `<add key="ApiKey" value="${p}"/>`), [p]);
  });
});
