// Lines that only refer to a secret (rules/cut-values.ts, entropy.ts's sops reference): a template expression a quote
// inside cuts in two, a sops value with empty fields, a secret store's path as a SecretId, a prompt for a password.
// None holds a secret; each was masked (the first one corrupted: `'«secret»'secret/db') }}'`). Values built at run time.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x35c00;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);

describe('values that only refer to a secret', () => {
  it('keeps a template expression cut by a quote inside it', () => {
    keeps("const password = '{{ vault('secret/db') }}';\n");
    keeps("db_password: '<%= ENV.fetch('DB_PW') %>'\n");
    keeps('api_token = "${lookup("env", "API_TOKEN")}"\n');
    keeps("secret_key = '{% include 'secret.txt' %}'\n");
  });
  it('still masks a password holding braces, closed by its quote', () => {
    const a = 'x{{' + rs(ALNUM, 10) + '7';
    const b = 'Qz{%' + rs(ALNUM, 12) + '9';
    masks(`password = "${a}";\n`, [a]);
    masks(`const apiToken = '${b}', other = 1;\n`, [b]);
  });
  it('keeps a sops stub with empty fields (and a full sops value)', () => {
    keeps('password: "ENC[AES256_GCM,data:,iv:,tag:,type:str]"\n');
    keeps('api_token: ENC[AES256_GCM,data:,iv:,tag:,type:str]\n');
    keeps(`token: "ENC[AES256_GCM,data:${rs(ALNUM, 24)}=,iv:${rs(ALNUM, 43)}=,tag:${rs(ALNUM, 22)}==,type:str]"\n`);
  });
  it("keeps a secret store's path as a SecretId, masks Consul's UUID SecretID", () => {
    keeps('const s = await sm.getSecretValue({ SecretId: "prod/db" });\n');
    keeps("const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: 'shop/api-keys' }));\n");
    keeps('  SecretId: "payments/stripe/live"\n');
    const u = [8, 4, 4, 4, 12].map((n) => rs('0123456789abcdef', n)).join('-');
    masks(`{"SecretID": "${u}"}\n`, [u]);
  });
  it("keeps Spring's variable with an empty default, masks one with a literal default", () => {
    keeps('spring:\n  datasource:\n    password: ${DB_PASSWORD:}\n');
    keeps('app.api-token=${API_TOKEN:}\n');
    const a = rs(ALNUM, 14) + '7';
    masks(`spring:\n  datasource:\n    password: \${DB_PASSWORD:${a}}\n`, [a]);
  });
  it('keeps a digest after `cache key=` in a log line, masks a bare key= secret', () => {
    const h = rs('0123456789abcdef', 64);
    keeps(`2024-05-01T10:00:00Z DEBUG cache key=${h} hit=true\n`);
    keeps(`lookup key: ${h}\n`);
    keeps(`[worker] Hash Key = ${h} (miss)\n`);
    const k = rs(ALNUM, 40);
    masks(`api key=${k}\n`, [k]);
  });
  it('keeps a prompt for a password handed to a reader', () => {
    keeps('const p = console.readPassword("Password: ");\n');
    keeps('char[] pw = System.console().readPassword("Enter passphrase:");\n');
    keeps('pw = prompt.askPassword("Vault password? ")\n');
    const a = rs(ALNUM, 20) + '7';
    masks(`builder.password("${a}");\n`, [a]);
  });
});
