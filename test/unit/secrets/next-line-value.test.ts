// A secret's value on the line after its name, credential files pasted into other texts, and a name and a value as
// sibling fields on one line (rules/next-line-value.ts, embedded-key-files.ts, name-value-pair.ts): the fresh15 red
// team's shapes and neighbours in other languages. Every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, B64, HEX, rand } from '../../../src/core/secrets/samples';
import { keeps, leaks, masks } from './helpers';

let seed = 0x30f15;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const pw = () => 'Rf' + rs(ALNUM, 6) + '^' + rs(ALNUM, 6);

describe('a secret on the line after its name', () => {
  it('masks an INI continuation, a Prettier-broken property, Go/PHP/TS breaks', () => {
    const [a, b, c, d, e] = [pw(), rs(ALNUM, 40), rs(ALNUM, 32), pw(), pw()];
    masks(`[database]\nhost = db.internal\npassword =\n    ${a}\n[logging]\nlevel = INFO\n`, [a]);
    masks(`export const oauth = {\n  clientId: 'shop-web',\n  clientSecret:\n    '${b}',\n};\n`, [b]);
    masks(`var cfg = Config{\n\tAPIToken:\n\t\t"${c}",\n}\n`, [c]);
    masks(`<?php\n$dbPassword =\n    '${d}';\n`, [d]);
    masks(`private static readonly smtpPassword: string =\n  "${e}";\n`, [e]);
    // A bare value of letters and digits only, starting with a letter: random, so a value, not a name (fresh15mask's
    // Claude after-hook case printed setup.cfg so).
    const f = 'Zq' + rs(ALNUM, 12);
    masks(`[database]\npassword =\n    ${f}\n`, [f]);
  });
  it('masks a heredoc under a secret name (HCL, Ruby) and a CDATA value on the next line', () => {
    const [a, b, c] = [pw(), pw(), pw()];
    masks(`resource "aws_db_instance" "main" {\n  engine   = "postgres"\n  password = <<-EOT\n    ${a}\n  EOT\n}\n`, [a]);
    // (The generic rule also takes `<<~EOS` for the value of that line: only the body is asked about here.)
    assert.ok(!leaks(maskText(`config.db_password = <<~EOS\n  ${b}\nEOS\n`).text, b));
    masks(
      `<hibernate-configuration><session-factory>\n  <property name="connection.password">\n    <![CDATA[${c}]]>\n  </property>\n</session-factory></hibernate-configuration>\n`,
      [c],
    );
  });
  it('keeps code, references, lists and documents after a secret name', () => {
    keeps('[database]\npassword =\n    ${DB_PASSWORD}\nhost = db\n');
    keeps('export const auth = {\n  clientSecret:\n    process.env.CLIENT_SECRET,\n  token:\n    getToken(),\n  apiKey:\n    apiKeyFromVault,\n};\n');
    keeps('password:\n  - first\n  - second\nsecret:\n  name: app-secret\n  key: password\n');
    keeps('def password(self):\n    return self._password\nif token:\n    refresh()\n');
    keeps('resource "x" "y" {\n  password = <<-EOT\n    changeme\n  EOT\n  policy = <<EOF\n{"Version": "2012-10-17"}\nEOF\n}\n');
    keeps('<property name="connection.url">\n  <![CDATA[jdbc:postgresql://db/app]]>\n</property>\n');
    keeps('[database]\npassword =\n    dbPasswordFromVault\ntoken =\n    ACCESS_TOKEN\n');
    keeps('interface Config {\n  password:\n    string;\n  token:\n    Token | undefined;\n}\n');
  });
});

describe('credential files pasted into other texts', () => {
  it('masks a PuTTY key in a README (indented or not) and .pgpass lines a script writes', () => {
    const priv = [rs(B64, 64), rs(B64, 64), rs(B64, 30)];
    const mac = rs(HEX, 64);
    const head = ['PuTTY-User-Key-File-3: ssh-rsa', 'Encryption: none', 'Comment: deploy', 'Public-Lines: 1', rs(B64, 64)];
    const key = [...head, 'Private-Lines: 3', ...priv, 'Private-MAC: ' + mac];
    masks(['Paste this into PuTTYgen:', ...key, ''].join('\n'), [...priv, mac]);
    masks(['## Deploy key', '', ...key.map((l) => '    ' + l), ''].join('\n'), [...priv, mac]);
    const [a, b] = [pw(), pw()];
    masks(`cat > "$HOME/.pgpass" <<EOF\ndb.internal:5432:shop:app:${a}\nEOF\nchmod 600 "$HOME/.pgpass"\n`, [a]);
    masks(`echo "*:*:*:replicator:${b}" >> ~/.pgpass\n`, [b]);
  });
  it('keeps a key file without its private lines and .pgpass lines without a password', () => {
    keeps('Paste your key:\nPuTTY-User-Key-File-3: ssh-rsa\nPrivate-Lines: N\n(the key lines)\n');
    keeps('cat > ~/.pgpass <<EOF\ndb.internal:5432:shop:app:${PGPASSWORD}\nEOF\nexport PGPASSFILE=~/.pgpass\n');
  });
});

describe('a name and a value as sibling fields on one line', () => {
  it('masks Terraform/ECS, JSON, YAML flow and CloudFormation name/value pairs', () => {
    const [a, b, c, d] = [rs(ALNUM, 32), pw(), pw(), rs(ALNUM, 24)];
    masks(`  environment = [{ name = "API_TOKEN", value = "${a}" }]\n`, [a]);
    masks(`env: [{"name": "DB_PASSWORD", "value": "${b}"}]\n`, [b]);
    masks(`    env: [{name: DB_PASSWORD, value: ${c}}]\n`, [c]);
    masks(`aws cloudformation deploy --parameter-overrides ParameterKey=ApiSecret,ParameterValue=${d}\n`, [d]);
  });
  it('keeps other names, references and code', () => {
    keeps('  environment = [{ name = "LOG_LEVEL", value = "debug" }, { name = "DB_PASSWORD", value = var.db_password }]\n');
    keeps('env: [{"name": "API_TOKEN", "valueFrom": {"secretKeyRef": {"name": "app", "key": "token"}}}]\n');
    keeps('const field = { name: "password", value: password };\n');
  });
});

describe('credentials read by their shape alone', () => {
  it('masks Atlassian/Cloudflare Origin CA tokens under neutral names, scheme-less proxy credentials, a directive password', () => {
    const atl = ['ATA', 'TT8', rs(ALNUM, 120), '=', rs(ALNUM, 60)].join('');
    const cf = ['v1', '.0-', rs(HEX, 24), '-', rs(HEX, 165)].join('');
    const [p, q, r] = [rs(ALNUM, 20), 'Berlin#' + rs(ALNUM, 6), pw()];
    masks(`integrations:\n  atlassian_value: ${atl}\n  cloudflare_origin_value: ${cf}\n`, [atl, cf]);
    masks(`proxy: svc-proxy:${p}@proxy.corp:3128\n`, [p]);
    masks(`export https_proxy=svc:${r}@10.0.0.5:8080\n`, [r]);
    masks(`db_password = x\nBasicAuthPassword ${q}\n`, [q]);
  });
  it('keeps ssh remotes, scoped packages, references and directives that are not secrets', () => {
    keeps('git clone git@github.com:org/repo.git\nssh deploy@host.example.com -p 2222\nnpm: @scope/pkg@1.2.3\n');
    keeps('proxy: user:${PROXY_PASSWORD}@proxy.corp:3128\nversion: v1.0-beta\n');
    keeps('db_host = x\nPasswordAuthentication no\nmax_token_length 4096\nAuthUserFile /etc/apache2/.htpasswd\n');
  });
});
