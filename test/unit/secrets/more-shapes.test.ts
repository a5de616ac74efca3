// A blind red team's leaks and over-masks, by class: values split over lines (Python's implicit concatenation
// opened on the key's line, C's adjacent literals, a Java value on the line after `=`), secret names the name
// classifier missed (numbered, run together, disguised), passphrases in words, hex seeds, and what is public or
// ciphertext (a GPG key id under git's signingkey, sops' ENC[…], an Ansible Vault payload, a YAML file's bare keys
// inside a Kubernetes Secret). The block rules of rules/shapes-more.ts carry their own samples (rules.test.ts).
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { CALL_ARG } from '../../../src/core/secrets/rules/context-more';
import { CALL_END } from '../../../src/core/secrets/rules/shapes-more';
import { ALNUM, HEX, PASSWORD_CHARS, j, rand } from '../../../src/core/secrets/samples';
import { assertMasked, buildCase } from './helpers';

let seed = 0x12ed;
const r = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const pw = () => r(PASSWORD_CHARS.replace(/[#'",;\\]/g, ''), 20);

describe('values split over lines', () => {
  it("masks both halves of Python's implicit concatenation opened on the key's line", () => {
    const a = r(HEX, 16);
    const b = r(HEX, 16);
    const c = buildCase('paren', [
      [`LANGSMITH_API_KEY = ("${j('lsv2', '_pt_')}${a}"`, 'S', a],
      [`    "${b}_${r(HEX, 10)}")`, 'S', b],
      ['LABELS = ("alpha",', 'K'],
      ['    "beta")', 'K'],
      ['password = (', 'K'],
      ['    os.environ["DB_PASSWORD"]', 'K'],
      [')', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('masks a literal joined on one line in parentheses', () => {
    const a = r(ALNUM, 16);
    const b = r(ALNUM, 16);
    const c = buildCase('paren-one-line', [[`api_token = ("${a}" "${b}")`, 'S', a, b]]);
    assertMasked(c, maskText(c.text).text);
  });

  it("masks C's adjacent literals over lines, to the statement's end", () => {
    const a = r(ALNUM, 16);
    const b = r(ALNUM, 16);
    const d = r(ALNUM, 12);
    const c = buildCase('c-adjacent', [
      [`static const char *api_key = "${a}"`, 'S', a],
      [`    "${b}"`, 'S', b],
      [`    "${d}";`, 'S', d],
      ['static const char *greeting = "hello"', 'K'],
      ['    " world";', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('leaves the next item of a list or an object alone', () => {
    const c = buildCase('c-adjacent-fp', [
      ['{', 'K'],
      ['  "token": "${TOKEN}"', 'K'],
      ['  "name": "svc"', 'K'],
      ['}', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('masks a Java/C# value on the line after `=`', () => {
    const p = pw();
    const c = buildCase('java-next-line', [
      ['String password =', 'U'],
      [`    "${p}";`, 'S', p],
      ['String dbPassword =', 'K'],
      ['    System.getenv("DB_PASSWORD");', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });
});

describe('secret names the classifier missed', () => {
  it('reads numbered names, names run into one word, and disguised names', () => {
    const v = Array.from({ length: 6 }, pw);
    const rev = [...j('gh', 'p_', r(ALNUM, 36))].reverse().join('');
    const c = buildCase('names', [
      ['[remote]', 'K'],
      ['type = sftp', 'K'],
      [`password2 = ${r(ALNUM + '-_', 40)}`, 'S'],
      [`DB_PASSWORD_2=${v[0]}`, 'S', v[0]!],
      [`token1: ${v[1]}`, 'S', v[1]!],
      ['[sendemail]', 'K'],
      [`\tsmtppass = ${v[2]}`, 'S', v[2]!],
      [`const secret_reversed = "${rev}";`, 'S', rev],
      [`api_key_obfuscated = "${v[3]}"`, 'S', v[3]!],
      ['bypass = true', 'K'],
      ['compass_heading = "NNW"', 'K'],
      ['key1: value1', 'K'],
      ['reversed = "olleh"', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('masks a passphrase of words under a passphrase or password name, not a prompt', () => {
    const c = buildCase('word-passphrase', [
      ['export BORG_PASSPHRASE="correct horse battery staple"', 'S', 'correct horse battery staple'],
      ['passphrase: tulip-orbit-canyon-mellow', 'S', 'tulip-orbit-canyon-mellow'],
      ['password: "Enter your password"', 'K'],
      ['password: "must be at least twelve characters"', 'K'],
      ['PASSWORD_HINT="name of first pet"', 'K'],
      ['description = "correct horse battery staple"', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it("masks a hex seed or key in Rust's hex!() and under a seed name", () => {
    const h = [r(HEX, 64), r(HEX, 64), r(HEX, 64), r(HEX, 128)];
    const c = buildCase('hex-seed', [
      [`let seed = hex!("${h[0]}");`, 'S', h[0]!],
      [`let secret_key = hex!("${h[1]}");`, 'S', h[1]!],
      [`MASTER_SEED=0x${h[2]}`, 'S', h[2]!],
      [`seed_hex = "${h[3]}"`, 'S', h[3]!],
      ['seed = 42', 'K'],
      ['let seed = [0u8; 32];', 'K'],
      [`random_seed: ${'0'.repeat(64)}`, 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });
});

describe('public ids and ciphertext stay', () => {
  it("keeps git's signingkey when it names a GPG key or holds an SSH public key", () => {
    const c = buildCase('signingkey', [
      ['[user]', 'K'],
      [`\tsigningkey = ${r(HEX, 40).toUpperCase()}`, 'K'],
      [`\tsigningKey = 0x${r(HEX, 16).toUpperCase()}!`, 'K'],
      [`\tsigningkey = key::ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r(ALNUM, 43)} me@host`, 'K'],
      ['\tsigningkey = ~/.ssh/id_ed25519.pub', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
    const k = r(ALNUM, 40);
    const s = buildCase('signing-secret', [[`JWT_SIGNING_KEY=${k}`, 'S', k]]);
    assertMasked(s, maskText(s.text).text);
  });

  it("keeps sops' ENC[…] values and public recipients, and an Ansible Vault payload", () => {
    const b = (n: number) => r(ALNUM + '+/', n);
    const c = buildCase('sops-vault', [
      [`password: ENC[AES256_GCM,data:${b(20)},iv:${b(44)},tag:${b(22)}==,type:str]`, 'K'],
      ['sops:', 'K'],
      ['    age:', 'K'],
      [`        - recipient: age1${r('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}`, 'K'],
      [`    mac: ENC[AES256_GCM,data:${b(44)},iv:${b(44)},tag:${b(22)}==,type:str]`, 'K'],
      ['    version: 3.8.1', 'K'],
      ['db_password: !vault |', 'K'],
      ['  $ANSIBLE_VAULT;1.1;AES256', 'K'],
      [`  ${r(HEX, 64)}`, 'K'],
      [`  ${r(HEX, 40)}`, 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
    // Not the shape: a plain value under the name is masked as before.
    const p = pw();
    const s = buildCase('sops-not', [[`password: ENC[${p}]`, 'S', p]]);
    assertMasked(s, maskText(s.text).text);
  });

  it("keeps a YAML file's bare keys inside a Kubernetes Secret, masking its values", () => {
    const p = pw();
    const c = buildCase('k8s-bare-keys', [
      ['apiVersion: v1', 'K'],
      ['kind: Secret', 'K'],
      ['stringData:', 'K'],
      ['  config.yaml: |', 'K'],
      ['    db:', 'K'],
      [`      password: ${p}`, 'S', p],
      ['    server:', 'K'],
      [`      token: ${p.split('').reverse().join('')}`, 'S', p.split('').reverse().join('')],
    ]);
    assertMasked(c, maskText(c.text).text);
  });
});

describe("call-credential-lines' first test", () => {
  it('lets through every call name it reads, in any case: each CALL_ARG name and secret tail ends in a pair of CALL_END', () => {
    // The pair table only shortens the word test (a call whose last word is no CALL_ARG name and ends in no
    // secret word is read no further): a name whose ending it missed would never be read across lines.
    const fold = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
    const names = [...CALL_ARG.keys(), 'password', 'dbPassword', 'API_TOKEN', 'apiKey', 'clientSecret', 'getCredentials', 'basicAuth', 'passphrase', 'x_pwd'];
    for (const n of names)
      for (const v of [n, n.toUpperCase(), n[0]!.toUpperCase() + n.slice(1)]) {
        const a = fold(v.charCodeAt(v.length - 2));
        const b = fold(v.charCodeAt(v.length - 1));
        assert.equal(CALL_END[(a << 7) | b], 1, `${v} would not be read`);
      }
    // And it does shorten: calls of test code are no candidates.
    for (const v of ['describe', 'it', 'map', 'push']) assert.equal(CALL_END[(fold(v.charCodeAt(v.length - 2)) << 7) | fold(v.charCodeAt(v.length - 1))], 0, v);
  });

  it('still reads a credential call whose arguments go on over lines, named in capitals', () => {
    const p = pw();
    const text = `var cred = new NETWORKCREDENTIAL(\n    "svc-backup",\n    "${p}");\nconn = DriverManager.GetConnection(\n    url,\n    "app",\n    "${p}x"\n);\n`;
    const out = maskText(text).text;
    assert.ok(!out.includes(p), out);
  });
});
