// Secrets found by a file's structure (rules/structure.ts): the kinds a head reads as (sniff.ts), and
// each structure rule on the forms beyond its samples. Values are built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, B64, PASSWORD_CHARS, b64, rand } from '../../../src/core/secrets/samples';
import { KIND, sniff } from '../../../src/core/secrets/sniff';
import { assertMasked, buildCase } from './helpers';

let seed = 0x5ec0;
const pw = (n = 20) => rand(PASSWORD_CHARS.replace(/[#'",;:<>&\\]/g, ''), n, seed++ * 7907);

function keeps(text: string): void {
  const r = maskText(text);
  assert.equal(r.text, text, `changed by ${r.findings.map((f) => `${f.rule}@${f.line}`).join(',')}`);
}

describe('sniff: the kind of a file from its head', () => {
  it('reads the kinds from the first significant lines, past a BOM, blank lines and comments', () => {
    const cases: [string, number][] = [
      ['PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n', KIND.ppk],
      ['# hostname:port:database:username:password\ndb:5432:app:app:x\n', KIND.pgpass],
      ['\ufeff# settings\n\nspring.datasource.url=jdbc:x\n', KIND.properties],
      ['---\nkey: value\n', KIND.yaml],
      ['apiVersion: v1\nkind: Secret\n', KIND.yaml],
      ['  \n{\n  "a": 1\n}\n', KIND.json],
      ['<?xml version="1.0"?>\n<configuration/>\n', KIND.xml],
      ['<!-- a comment -->\n<a/>\n', KIND.xml],
      ['variable "db_password" {\n  default = "x"\n}\n', KIND.hcl],
      ['-- seed\nINSERT INTO t (a) VALUES (1);\n', KIND.sql],
      ['CREATE TABLE t (a int);\n', KIND.sql],
    ];
    for (const [text, kind] of cases) assert.ok((sniff(text) & kind) !== 0, `${JSON.stringify(text.slice(0, 40))} should read as ${kind}, read ${sniff(text)}`);
  });

  it('reads code and prose as none of the structured kinds a structure rule runs on', () => {
    for (const text of [
      "import { a } from 'b';\nconst x = { name: 'DB_PASSWORD', value: 'x' };\n",
      '#!/usr/bin/env bash\nset -euo pipefail\n',
      'package main\n\nfunc main() {}\n',
      '[section]\nkey = value\n',
      'Hello world.\nThis is prose.\n',
      '',
    ])
      assert.equal(sniff(text) & (KIND.yaml | KIND.json | KIND.xml | KIND.hcl | KIND.ppk | KIND.pgpass | KIND.sql), 0, JSON.stringify(text));
  });

  it('looks at the head only: a kind named deep in a file does not change it', () => {
    const text = 'const a = 1;\n'.repeat(1000) + 'PuTTY-User-Key-File-2: ssh-rsa\n';
    assert.equal(sniff(text) & KIND.ppk, 0);
  });
});

describe('structure rules beyond their samples', () => {
  it('named-value: JSON objects in every order, over lines, next to references and non-secret names', () => {
    const p = [pw(), pw(), pw()];
    const c = buildCase('ecs', [
      ['{', 'K'],
      ['  "environment": [', 'K'],
      [`    { "name": "DB_PASSWORD", "value": "${p[0]}" },`, 'S', p[0]!],
      ['    {', 'K'],
      [`      "value": "${p[1]}",`, 'S', p[1]!],
      ['      "name": "JWT_SECRET"', 'K'],
      ['    },', 'K'],
      ['    { "name": "DB_HOST", "value": "db.internal" },', 'K'],
      ['    { "name": "API_TOKEN", "value": "${API_TOKEN}" },', 'K'],
      [`    { "name": "OAUTH_CLIENT_SECRET", "type": "String", "value": "${p[2]}" }`, 'S', p[2]!],
      ['  ],', 'K'],
      ['  "secrets": [{ "name": "STRIPE_KEY", "valueFrom": "arn:aws:ssm:eu-west-1:1:parameter/x" }]', 'K'],
      ['}', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('named-value: YAML items with value before name, a comment between, a block scalar, quoted values; not the next item', () => {
    const p = [pw(), pw(), pw(), pw()];
    const c = buildCase('helm', [
      ['env:', 'K'],
      [`  - value: "${p[0]}"`, 'S', p[0]!],
      ['    name: SMTP_PASSWORD', 'K'],
      ['  - name: OAUTH_CLIENT_SECRET', 'K'],
      ['    # from the vault', 'K'],
      [`    value: '${p[1]}'`, 'S', p[1]!],
      ['  - name: API_TOKEN', 'K'],
      ['    value: >-', 'K'],
      [`      ${p[2]}`, 'S', p[2]!],
      ['  - name: DB_PASSWORD', 'K'],
      ['  - name: LOG_LEVEL', 'K'],
      [`    value: ${p[3]}`, 'K'],
      ['  - Name: DbPassword', 'K'],
      ['    Value: ""', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('named-value: CloudFormation ParameterKey/ParameterValue and a Terraform list of objects', () => {
    const [a, b] = [pw(), pw()];
    const c = buildCase('cfn', [
      ['[', 'K'],
      [`  { "ParameterKey": "DbPassword", "ParameterValue": "${a}" },`, 'S', a],
      ['  { "ParameterKey": "Env", "ParameterValue": "prod" }', 'K'],
      [']', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
    const t = buildCase('tf', [
      ['resource "aws_ecs_task_definition" "api" {', 'K'],
      ['  environment = [', 'K'],
      [`    { name = "SESSION_SECRET", value = "${b}" },`, 'S', b],
      ['    { name = "REGION", value = "eu-west-1" },', 'K'],
      ['  ]', 'K'],
      ['}', 'K'],
    ]);
    assertMasked(t, maskText(t.text).text);
  });

  it('named-value: XML attributes in either order, element text, a <value> child, Hadoop <name>/<value>', () => {
    const p = [pw(), pw(), pw(), pw()];
    const c = buildCase('xml', [
      ['<configuration>', 'K'],
      [`  <property value="${p[0]}" name="db.password"/>`, 'S', p[0]!],
      [`  <property name="connection.password">${p[1]}</property>`, 'S', p[1]!],
      ['  <property name="connection.username">app</property>', 'K'],
      ['  <property>', 'K'],
      [`    <value>${p[2]}</value>`, 'S', p[2]!],
      ['    <name>fs.azure.account.key</name>', 'K'],
      ['  </property>', 'K'],
      ['  <setting name="ApiToken" serializeAs="String">', 'K'],
      [`    <value>${p[3]}</value>`, 'S', p[3]!],
      ['  </setting>', 'K'],
      ['  <property name="password.policy" value="strict"/>', 'K'],
      ['</configuration>', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('named-value does not read code: a name/value object in a .ts file is left to the line rules', () => {
    keeps(`import x from 'y';\nexport const env = [{ name: 'LOG_LEVEL', value: 'debug' }, { name: 'DB_PASSWORD', value: process.env.DB_PASSWORD }];\n`);
  });

  it('k8s-secret: a Secret as an item of a List (indented, after `- `), and not its ConfigMap neighbour', () => {
    const v = b64(`{"password":"${pw()}"}`);
    const seedValue = rand(B64, 40, 4242);
    const c = buildCase('list', [
      ['apiVersion: v1', 'K'],
      ['kind: List', 'K'],
      ['items:', 'K'],
      ['  - kind: ConfigMap', 'K'],
      ['    data:', 'K'],
      [`      SEED: ${seedValue}`, 'K'],
      ['  - apiVersion: v1', 'K'],
      ['    kind: Secret', 'K'],
      ['    data:', 'K'],
      [`      config.json: ${v}`, 'S', v.slice(8, 40)],
      ['  - apiVersion: v1', 'K'],
      ['    kind: Service', 'K'],
      ['    data:', 'K'],
      [`      other: ${seedValue}`, 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('pgpass: escaped colons in the fields before the password, and a password holding a colon', () => {
    const p = pw();
    const c = buildCase('pgpass', [
      ['# hostname:port:database:username:password', 'K'],
      [`db\\:1:5432:app:user\\:x:${p}:tail`, 'S', p],
      ['', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('sql-secret-column: several tuples, a string holding a comma and parentheses, a NULL, a call', () => {
    const [a, b] = [pw(), pw()];
    const c = buildCase('insert', [
      ['-- seed', 'K'],
      ['INSERT INTO accounts (id, note, api_key, created) VALUES', 'K'],
      [`  (1, 'a, (b)', '${a}', now()),`, 'S', a],
      ["  (2, NULL, '', now()),", 'K'],
      [`  (3, 'x', '${b}', now());`, 'S', b],
      ["INSERT INTO accounts (id, note) VALUES (4, 'plain');", 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('putty-private-key: only the key file kind, only the private lines', () => {
    const priv = rand(B64, 64, 99);
    keeps(`Comment: not a key file\nPrivate-Lines: 1\n${priv}\n`);
    const r = maskText(`PuTTY-User-Key-File-2: ssh-rsa\nPublic-Lines: 1\n${rand(ALNUM, 40, 98)}\nPrivate-Lines: 1\n${priv}\nPrivate-MAC: 00\n`);
    assert.ok(!r.text.includes(priv.slice(0, 16)));
    assert.equal(r.findings.length, 1);
  });
});
