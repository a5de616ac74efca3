// Blind red team's over-masks (session 39), by class, in variants of our own: values that say where a secret is
// (Grafana's `$__env{…}`, `env:NAME`, Serverless' `${s3:…}`, a shell command substitution in backticks, compose's and
// Kubernetes' nested keys under a secret's name), a secrets manager's name for a secret (`--secret-id prod/db`). Every such line comes back byte for byte; the
// true-positive neighbours (the same forms with a literal in or after them) are still masked. Every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden } from './helpers';

let seed = 0x40a0;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
/** A password-shaped value: letters, digits and a sign, no character a line form stops at. */
const pw = () => 'Qx' + rs(ALNUM, 12) + '7!k';

/** Every line of `text` byte-identical. */
function keeps(text: string): void {
  const out = maskText(text).text;
  const a = text.split('\n');
  const b = out.split('\n');
  a.forEach((l, i) => assert.equal(b[i], l, `line ${i + 1} changed: ${JSON.stringify(b[i])}`));
}

const check = checkKeptAndHidden;

describe('mask40: references are not values', () => {
  describe("Grafana's $__env{…}, $__file{…}, $__vault{…}", () => {
    it('in provisioning YAML', () =>
      keeps(
        [
          'datasources:',
          '  - name: Postgres',
          '    secureJsonData:',
          '      password: $__env{DB_PASSWORD}',
          '      apiKey: $__file{/run/secrets/grafana_key}',
          '      token: "$__vault{secret/data/grafana:token}"',
          '      basicAuthPassword: $__env{GF_BASIC_AUTH_PASSWORD}',
          '',
        ].join('\n'),
      ));
    it('in grafana.ini (unquoted after ` = `, the value cut at its brace by the line rule)', () =>
      keeps(
        [
          '[database]',
          'password = $__env{GF_DATABASE_PASSWORD}',
          'password = $__file{/etc/secrets/gf_sql_password}',
          '[security]',
          'admin_password = $__env{GF_ADMIN_PASSWORD} # from the environment',
          'secret_key = $__file{/run/secrets/secret_key}',
          '',
        ].join('\n'),
      ));
    it('a literal after or instead of the reference is still masked', () => {
      const [a, b, c, d] = [pw(), pw(), pw(), pw()];
      check(`[database]\npassword = $__env{X}${a}\nsecret_key = $__file{/x/y}${b};\npassword: $__env{X}${c}\npassword = $__nope{${d}}\n`, [1], [a, b, c, d]);
    });
  });

  describe('env:NAME as the whole value', () => {
    it('YAML, quoted or not, either case', () =>
      keeps('password: env:DB_PASSWORD\napi_key: "env:API_KEY"\ntoken: env:GITHUB_TOKEN\nclient_secret: env:oauth_client_secret\n'));
    it('a value that only starts with env: is judged', () => {
      const [a, b] = [rs(ALNUM, 14) + '9q', 'Zk' + rs(ALNUM, 12) + '4'];
      check(`password: env:${a}\ntoken: "env:${b}"\npassword: env:DB_PASSWORD${a}x\n`, [], [a, b]);
    });
  });

  describe('Serverless variable sources whose name holds a digit (${s3:…})', () => {
    it('kept', () =>
      keeps('provider:\n  environment:\n    KEY: ${s3:my-bucket/path/key}\n    TOKEN: ${s3:bucket/token}\n    API_KEY: ${ssm:/myapp/api-key}\n'));
    it('a literal beside it is masked', () => {
      const a = pw();
      check(`provider:\n  environment:\n    TOKEN: ${a}\n    password: \${file(x)}${a}\n`, [1, 2], [a]);
    });
  });

  describe("pipelines' and stores' reference grammars", () => {
    it('kept: Azure runtime expressions, Google Secret Manager names, token markers, required variables', () =>
      keeps(
        [
          'password: "$[variables.dbPassword]"',
          "token: $[dependencies.Build.outputs['creds.token']]",
          'secret: projects/my-project/secrets/db-password/versions/latest',
          'api_key: projects/p/secrets/api-key',
          'password: "__DB_PASSWORD__"',
          'apiKey: "@@API_KEY@@"',
          'password: "${DB_PASSWORD?required}"',
          'token: ${API_TOKEN:?set API_TOKEN first}',
          '',
        ].join('\n'),
      ));
    it('a literal in their place, or a default after `-`, is still masked', () => {
      const [a, b, c, d, e] = [pw(), rs(ALNUM, 14) + '7q', pw(), pw(), pw()];
      check(
        `password: \${DB_PASSWORD-${a}}\npassword: $[${b}]\npassword: __${c}__\npassword: projects/p/secrets/db/${d}\npassword: \${X?a}${e}\n`,
        [],
        [a, b, c, d, e],
      );
    });
  });

  describe('a shell command substitution in backticks', () => {
    it('kept: the variable holds the command’s output', () =>
      keeps(
        [
          '#!/bin/bash',
          'PASSWORD=`cat /run/secrets/pw`',
          'export API_TOKEN=`vault kv get -field=token secret/api`',
          'GITHUB_TOKEN=`gh auth token`',
          '  local db_password=`pass show db/prod`',
          'token=`security find-generic-password -s api -w` # keychain',
          'readonly SECRET_KEY=`/usr/local/bin/fetch-secret --name app`;',
          'DB_PASSWORD=$(pass show db/prod)',
          '',
        ].join('\n'),
      ));
    it('a literal in backticks, after them, or echoed is still masked', () => {
      const [a, b, c, d] = [pw(), pw(), pw(), pw()];
      check(`#!/bin/bash\nPASSWORD=\`${a}\`\nTOKEN=\`cat /x\`${b}\nAPI_KEY=\`echo ${c}\`\nconst password = \`${d}\`;\n`, [1], [a, b, c, d]);
    });
  });

  describe('a nested YAML key under a secret-named key is not its value (next-line-value)', () => {
    it("compose's top-level secrets", () =>
      keeps(
        [
          'services:',
          '  db:',
          '    environment:',
          '      POSTGRES_PASSWORD_FILE: /run/secrets/db_password',
          '    secrets:',
          '      - db_password',
          'secrets:',
          '  db_password:',
          '    file: ./db_password.txt',
          '  api_token:',
          '    external: true',
          '',
        ].join('\n'),
      ));
    it("Kubernetes' valueFrom under password", () =>
      keeps('password:\n  valueFrom:\n    secretKeyRef:\n      name: pg\n      key: password\ntoken:\n  secretRef:\n    name: api\n'));
    it('a value on the next line is still masked, quoted or bare', () => {
      const [a, b, c] = [pw(), rs(ALNUM, 32), pw()];
      check(`[database]\npassword =\n    ${a}\n`, [1], [a]);
      check(`export const oauth = {\n  clientSecret:\n    '${b}',\n};\n`, [1], [b]);
      check(`const auth = {\n  token:\n    '${c}:',\n};\n`, [1], [c]);
    });
  });
});

describe("mask40: a secrets manager's name for a secret is not the secret", () => {
  it('--secret-id and SecretId name a stored secret', () =>
    keeps(
      [
        'aws secretsmanager get-secret-value --secret-id prod/db/password',
        'aws secretsmanager put-secret-value --secret-id prod/db --secret-string file://creds.json',
        'aws secretsmanager rotate-secret --secret-id prod/api-token',
        'aws secretsmanager delete-secret --secret-id tutorials/MyFirstSecret --recovery-window-in-days 7',
        'aws secretsmanager get-secret-value --secret-id=prod/db/password',
        'aws secretsmanager describe-secret --secret-id "prod/api-token"',
        'TOKEN=$(aws secretsmanager get-secret-value --secret-id prod/token --query SecretString --output text)',
        'aws secretsmanager get-secret-value --secret-id arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf',
        'secret_name: prod/db',
        '',
      ].join('\n'),
    ));
  it("Vault AppRole's secret_id and random flag values are still masked", () => {
    const u = [8, 4, 4, 4, 12].map((n) => rs(HEX, n)).join('-');
    const [a, b] = [pw(), 'prod/' + rs(ALNUM, 14) + '9Q'];
    check(`vault write auth/approle/login role_id=x secret_id=${u}\napp --secret-id ${a}\napp --secret-id ${b}\nsecret_id: ${u}\n`, [], [u, a, b.slice(5)]);
  });
});
