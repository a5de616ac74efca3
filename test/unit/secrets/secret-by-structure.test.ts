// The blind fresh12 red team's masking holes left after its first round (issue #16, "masking by structure"), by
// class, in variants of our own (other languages and file types): values split over lines (1), secret columns
// named on another line (2), replies naming the value on the line before (3), key spellings (4), passwords piped
// to a program (5), files whose path says what they hold (6); and the look-alikes kept whole (7). Every value is
// built at run time.
import assert from 'node:assert/strict';
import { maskByPath, maskText } from '../../../src/core/secrets';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0xf13250;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
/** A password: a word, digits, a punctuation mark and a random tail (the red team's shape). */
const pw = (sep = '*') => 'Vrk' + rs('0123456789', 3) + sep + rs(ALNUM, 8);
/** A chunk of a split token: letters and a digit. */
const chunk = () => rs(ALNUM, 6) + '7' + rs(ALNUM, 6);

/** Every secret masked, the line count kept, and `keep` (1-based) lines byte-identical. */
function masks(text: string, secrets: string[], keep: number[] = [], path?: string): void {
  const r0 = maskText(text);
  const r = path === undefined ? r0 : maskByPath(path, text, r0);
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible ${s}: ${JSON.stringify(r.text.slice(0, 400))}`);
  assert.equal(r.text.split('\n').length, text.split('\n').length);
  const a = text.split('\n');
  const b = r.text.split('\n');
  for (const k of keep) assert.equal(b[k - 1], a[k - 1], `line ${k} changed`);
}
function keeps(text: string, path?: string): void {
  const r = maskText(text);
  assert.equal((path === undefined ? r : maskByPath(path, text, r)).text, text);
}

describe('a value split over lines, every piece masked (1)', () => {
  const cases: [string, (c: string[]) => string, number[]][] = [
    ['Go concatenation, a dangling piece', (c) => `var secret = "${c[0]}" +\n\t"${c[1]}"\n\t"${c[2]}"\n`, [4]],
    ['Java, a repeated + line', (c) => `String pw = "${c[0]}"\n    + "${c[1]}";\n    + "${c[2]}";\nint x = 1;\n`, [5]],
    ['Kotlin', (c) => `val apiKey = "${c[0]}" +\n    "${c[1]}" +\n    "${c[2]}"\nprintln(apiKey)\n`, [5]],
    ['PHP dots', (c) => `$password = '${c[0]}' .\n    '${c[1]}' .\n    '${c[2]}';\necho 1;\n`, [5]],
    ['VB &', (c) => `Dim clientSecret = "${c[0]}" &\n    "${c[1]}" &\n    "${c[2]}"\n`, []],
    ['C adjacent literals, a name that says nothing', (c) => `static const char *k = "${c[0]}${c[1]}"\n                       "${c[2]}${c[0]}";\n`, []],
    ['Python join', (c) => `SECRET = "".join([\n    "${c[0]}",\n    "${c[1]}",\n    "${c[2]}",\n])\n`, [1, 5]],
    ['JS array join', (c) => `const token = [\n  "${c[0]}",\n  "${c[1]}",\n  "${c[2]}",\n].join("");\n`, [1]],
    ['Go strings.Join', (c) => `apiToken := strings.Join([]string{\n\t"${c[0]}",\n\t"${c[1]}",\n\t"${c[2]}",\n}, "")\n`, [1]],
    ['YAML plain continuation', (c) => `db:\n  password: ${c[0]}\n    ${c[1]}\n  port: 5432\n`, [1, 4]],
    ['YAML list item continuation', (c) => `users:\n  - api_token: ${c[0]}\n      ${c[1]}\n      ${c[2]}\n  - name: bob\n`, [1, 5]],
    ['YAML double-quoted, a dangling piece', (c) => `app:\n  password: "${c[0]}\\\n    ${c[1]}"\n    ${c[2]}"\n`, [1]],
  ];
  for (const [name, make, keep] of cases)
    it(name, () => {
      const c = [chunk(), chunk(), chunk()];
      const text = make(c);
      masks(
        text,
        c.filter((x) => text.includes(x)),
        keep,
      );
    });

  it('a heredoc that writes or feeds credentials: the bare token on its body line', () => {
    const t = rs(ALNUM, 20) + '9' + rs(ALNUM, 11);
    masks(`cat > /tmp/creds <<EOF\nuser=deploy\n${t}\nEOF\n`, [t], [1, 2, 4]);
    masks(`kubectl create secret generic gh --from-file=token=/dev/stdin <<'EOF'\n${t}\nEOF\n`, [t], [1, 3]);
    masks(`ssh ops@vm 'cat >> ~/.config/app/auth' <<-END\n\t${t}\n\tEND\n`, [t], [1]);
  });

  it('keeps prose and code that only look split', () => {
    keeps('const greeting = "Hello, " +\n  "world";\n');
    keeps('printf("usage: %s [-h]\\n"\n       "  -v  verbose\\n", argv[0]);\n');
    keeps('const parts = [\n  "alpha",\n  "beta",\n].join(", ");\n');
    keeps('cat > notes.txt <<EOF\nremember the milk\nEOF\n');
    keeps(`cat > build.sh <<EOF\necho ${rs(HEX, 40)} > sha\nEOF\n`);
    keeps('app:\n  description: a long text\n    goes on here\n');
    keeps(`{\n  "commits": [\n    "${rs(HEX, 40)}",\n    "${rs(HEX, 40)}"\n  ]\n}\n`);
    keeps(`const ids = [\n  "${rs(ALNUM, 12)}7${rs(ALNUM, 12)}",\n  "${rs(ALNUM, 12)}7${rs(ALNUM, 12)}",\n];\n`);
  });
});

describe('a secret column named on another line (2)', () => {
  it('SQL COPY rows under a secret-named column', () => {
    const a = rs(ALNUM, 22),
      b = rs(HEX, 40);
    masks(`COPY public.oauth_clients (id, name, secret) FROM stdin;\n1\tmobile\t${a}\n2\tweb\t${b}\n\\.\n`, [a, b], [1, 5]);
    masks(`COPY auth.tokens (api_key, owner) FROM stdin;\n${b}\tci\n\\.\n`, [b], [1]);
  });
  it('INSERT rows without a column list: the CREATE TABLE names the columns; else a users table', () => {
    const p = pw('#'),
      q = pw('%');
    masks(`INSERT INTO \`users\` VALUES (1,'admin','admin@acme.io','${p}');\n`, [p]);
    masks(`INSERT INTO accounts VALUES (1,'ops','${p}'),(2,'ci','${q}');\n`, [p, q]);
    const k = rs(ALNUM, 24);
    masks(
      `CREATE TABLE integrations (\n  id int,\n  label text,\n  webhook_secret text\n);\nINSERT INTO integrations VALUES (1, 'slack', '${k}');\n`,
      [k],
      [1, 2, 3, 4, 5],
    );
  });
  it('mysql and psql result tables: the cells under a secret-named header', () => {
    const p = pw('!'),
      t = rs(ALNUM, 26);
    masks(
      `+-------+----------------+\n| user  | password       |\n+-------+----------------+\n| admin | ${p} |\n+-------+----------------+\n`,
      [p],
      [1, 2, 3, 5],
    );
    masks(
      `+----+---------+----------------------------+\n| id | owner   | api_token                  |\n+----+---------+----------------------------+\n|  1 | ci      | ${t} |\n|  2 | deploy  | NULL                       |\n+----+---------+----------------------------+\n`,
      [t],
      [1, 2, 3, 5, 6],
    );
    masks(` id | client_secret\n----+---------------------------\n  1 | ${t}\n(1 row)\n`, [t], [1, 2, 4]);
  });
  it('keeps tables and dumps with no secret column', () => {
    keeps('+----+-------+\n| id | name  |\n+----+-------+\n| 1  | Alice |\n+----+-------+\n');
    keeps(' id | password_changed_at\n----+---------------------\n  1 | 2026-01-01 10:00:00\n(1 row)\n');
    keeps("INSERT INTO users VALUES (1,'alice','alice@example.com','2024-01-01');\n");
    keeps("INSERT INTO products VALUES (1,'Widget','Blue widget #12');\n");
    keeps('COPY public.orders (id, total, status) FROM stdin;\n1\t12.50\tpaid\n\\.\n');
  });
});

describe('a reply naming the value on the line before (3)', () => {
  it('redis-cli config get', () => {
    const p = pw('-');
    masks(`1) "requirepass"\n2) "${p}"\n`, [p], [1]);
    masks(`1) "masterauth"\n2) "${p}"\n3) "maxmemory"\n4) "0"\n`, [p], [1, 3, 4]);
    masks(`requirepass\n${p}\n`, [p], [1]);
    keeps('1) "maxmemory"\n2) "0"\n');
    keeps('1) "requirepass"\n2) ""\n');
  });
});

describe('key spellings (4)', () => {
  it('letters beyond ASCII in the key', () => {
    const p = pw('_');
    masks(`db_p\u00e4ssword=${p}\n`, [p]);
    masks(`DB_P\u00c4SSWORD=${p}\n`, [p]);
    masks(`api_k\u00e9y: ${rs(ALNUM, 24)}7\n`, []);
    keeps('caf\u00e9_name=Le Petit\n');
  });
  it('a quoted key padded with blanks, a JSON pair after others, \\u003d, EDN tagged maps', () => {
    const k = rs(ALNUM, 22) + '3';
    masks(`{"apiKey ": "${k}"}\n`, [k]);
    masks(`const cfg = { ' password': '${k}' };\n`, [k]);
    const t = rs(ALNUM, 40) + '5' + rs(ALNUM, 30);
    masks(` "RefreshToken": {"k2": {"credential_type": "RefreshToken", "secret": "${t}"}}}\n`, [t]);
    masks(`{"accounts": {"x": {"client_secret": "${k}", "env": "login.microsoftonline.com"}}}\n`, [k]);
    masks(`api.secret\\u003d${k}\n`, [k]);
    masks(`db.password\\u003a${k}\n`, [k]);
    const h = rs(HEX, 32);
    masks(` :mailgun/api-key #profile {:dev "dev-key" :prod "${h}"}\n`, [h]);
    masks(` :db-password #or [#env DB_PASSWORD "${k}"]\n`, [k]);
    keeps(' :log-level #profile {:dev :debug :prod :info}\n');
    keeps('{"name ": "frontend"}\n');
    keeps('app.title\\u003dMy Shop\n');
  });
});

describe('a password piped into a program that reads it (5)', () => {
  it('kinit, sudo -S, gpg --passphrase-fd 0, a here-string', () => {
    const p = pw('+');
    masks(`echo '${p}' | kinit svc-etl@ACME.IO\n`, [p]);
    masks(`printf '%s\\n' "${p}" | kinit -c /tmp/krb5cc admin@ACME.IO\n`, [p]);
    masks(`echo "${p}" | sudo -S systemctl restart nginx\n`, [p]);
    masks(`echo "${p}" | gpg --batch --passphrase-fd 0 -d backup.tar.gpg > backup.tar\n`, [p]);
    masks(`kinit admin@ACME.IO <<< '${p}'\n`, [p]);
    keeps('echo "hello world" | kinit\n');
    keeps('echo $KRB_PASSWORD | kinit svc@ACME.IO\n');
  });
});

describe('a password handed to a test helper or a tool variable (5b)', () => {
  it('browser tests, login helpers, REDISCLI_AUTH', () => {
    const p = pw('%');
    masks(`await page.fill('#password', '${p}');\n`, [p]);
    masks(`cy.get('input[name=password]').type('${p}')\n`, [p]);
    masks(`await page.locator('#api-token').fill("${p}");\n`, [p]);
    masks(`await login('admin@acme.io', '${p}');\n`, [p]);
    masks(`await signIn(page, "ops", "${p}");\n`, [p]);
    masks(`REDISCLI_AUTH=${p}\n`, [p]);
    keeps("await page.fill('#email', 'admin@acme.io');\n");
    keeps("await page.fill('#password', process.env.E2E_PASSWORD!);\n");
    keeps("await login('admin@acme.io', password);\n");
  });
});

describe('files whose path says what they hold (6)', () => {
  it('a token file named for a token: the whole file', () => {
    const h = rs(HEX, 40);
    for (const path of ['deploy/api-token', '.vault-token', 'ci/github_token', 'ops/npm-access-key']) masks(`${h}\n`, [h], [], path);
  });
  it("OpenVPN's auth-user-pass file: the password on line 2, the user name kept", () => {
    const p = pw('!');
    for (const path of ['infra/vpn/auth.txt', '/etc/openvpn/client/login.conf', 'office.auth']) masks(`vpnuser\n${p}\n`, [p], [1], path);
  });
  it('keeps other files', () => {
    keeps('root:x:0:0:root:/root:/bin/bash\n', 'etc/passwd');
    keeps('abc\n', 'src/tokenizer');
    keeps(`${rs(HEX, 40)}\n`, 'src/token.ts');
    keeps('remote vpn.acme.io 1194\nproto udp\ndev tun\n', 'infra/vpn/client.conf');
  });
});

describe('look-alikes kept whole (7)', () => {
  it('Helm checksum annotations and secret names written as paths', () => {
    keeps(`      annotations:\n        checksum/secret: ${rs(HEX, 64)}\n`);
    keeps(`checksum/config: ${rs(HEX, 64)}\n`);
    keeps('secret_id = "shop/api"\n');
    keeps('data "aws_secretsmanager_secret_version" "api" { secret_id = "shop/api" }\n');
    keeps('  secret_name = "prod/db-credentials"\n');
  });
  it('still masks a real secret_id', () => {
    const v = rs(ALNUM, 24) + '8';
    masks(`secret_id = "${v}"\n`, [v]);
  });
});
