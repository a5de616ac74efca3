// Issue #16's leftovers, by class, each with true- and false-positive variants of our own (every secret built at run time):
// 1. a value that merely holds a reference is no reference: what is left once the references are out is judged
//    (`${X}Xk9…` masked; `${USER}:${PASS}`, `${A}-prod`, a URL around `${DB_PASSWORD}` kept);
// 2. a note where a password goes (`see 1password`, `(none)`, `N/A`, `ask @alice`) is no password; a password that
//    only starts like one (`see1pass!Word`) is;
// 3. a Bitcoin WIF private key is masked by its shape alone (base58check verified), with no word about keys beside it;
//    a 64-hex run alone stays (a SHA-256 has the same shape).
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { isPlaceholder, isPlaceholderNote, isReference, isVariableLed, valueLooksSecret } from '../../../src/core/secrets/entropy';
import { base58checkEncode, strKey } from '../../../src/core/secrets/rules/shapes-more';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden, leaks } from './helpers';

let seed = 0x41a0;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
/** Random material: letters of both cases and digits, no word inside. */
const tok = () => 'Xk9' + rs(ALNUM, 14) + 'q7';

/** Every line of `text` byte-identical. */
function keeps(text: string): void {
  const out = maskText(text).text;
  const a = text.split('\n');
  const b = out.split('\n');
  a.forEach((l, i) => assert.equal(b[i], l, `line ${i + 1} changed: ${JSON.stringify(b[i])}`));
}

/** `make(secret)` for each maker, each line masked with no 8-character window of the secret left. */
function masksEach(makers: ((s: string) => string)[], secret: () => string = tok): void {
  for (const make of makers) {
    const s = secret();
    const line = make(s);
    const out = maskText(line + '\n').text;
    assert.notEqual(out, line + '\n', `kept: ${line}`);
    assert.ok(!leaks(out, s), `left visible in ${JSON.stringify(out)}`);
  }
}

describe('mask41: a value that holds a reference and a secret is judged by what is left', () => {
  it('masks a literal beside a reference of every grammar (before, after, around)', () =>
    masksEach([
      (s) => `password: \${X}${s}`,
      (s) => `password: '\${X}${s}'`,
      (s) => `password: ${s}\${X}`,
      (s) => `secret_key = "\${SECRET_PREFIX}${s}"`,
      (s) => `DB_PASSWORD=\${X}-${s}`,
      (s) => `export API_TOKEN="\${T:-${s}}"`,
      (s) => `password: "{{ .Values.prefix }}${s}"`,
      (s) => `password: "\${{ secrets.A }}${s}"`,
      (s) => `client_secret: <%= ENV['X'] %>${s}`,
      (s) => `token: #{prefix}${s}`,
      (s) => `password: %(prefix)s${s}`,
      (s) => `password: $(cat /x)${s}`,
      (s) => `password: "@{pw}${s}"`,
      (s) => `api_key: ${s}-\${SUFFIX}`,
      (s) => `password: \${A}:${s}`,
      (s) => `auth_token: "Bearer \${T}${s}"`,
      (s) => `token: process.env.T || '${s}'`,
      (s) => `secret: "%APPDATA%${s}"`,
      (s) => `PASSWORD=$HOME/${s}`,
      (s) => `password: $${s}`,
      (s) => `  "password": "\${A}${s}",`,
    ]));

  it('masks a word-and-digit password with a sign beside a reference, and a random run without one', () =>
    masksEach([(s) => `password: \${SALT}${s}`, (s) => `password: "{{ pepper }}${s}"`], () => 'Summer' + rs('0123456789', 4) + '!'));

  it('keeps values made of references and glue', () =>
    keeps(
      [
        'password: ${USER}:${PASS}',
        'password: ${A}-prod',
        'password: ${A}${B}',
        'password: "${DB_PASSWORD}"',
        'password: ${PREFIX}_secret',
        'DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app',
        'DATABASE_URL="postgresql://${DB_USER}:${DB_PASSWORD}@${DB_HOST}:${DB_PORT}/${DB_NAME}?sslmode=require"',
        'auth_token: "Bearer ${API_TOKEN}"',
        'password: ${ENV}-db-password-v2',
        'secret: ${STAGE}/backend/db-credentials',
        'api_key: "${{ secrets.API_KEY }}"',
        "password: \"{{ lookup('env', 'DB_PASS') }}\"",
        'password: "<%= ENV[\'DB_PASSWORD\'] %>"',
        'password: "#{ENV[\'PW\']}"',
        'password: $DB_PASSWORD',
        'password: "${DB_PASSWORD:-}"',
        'password: ${DB_PASSWORD:-${FALLBACK_PASSWORD}}',
        'password: ${DB_PASSWORD:-changeme}',
        'password: "${file(./secrets.${opt:stage}.yml):password}"',
        'secret_key: ${SECRET_KEY_BASE}_v2',
        'password: "$(cat /run/secrets/db_password)"',
        "password = os.environ['DB_PASSWORD']",
        'password = os.environ.get("DB_PASSWORD", "")',
        'token: process.env.GITHUB_TOKEN ?? ""',
        'password: "${DB_PASSWORD}-${DB_SUFFIX}-2024"',
        'secret: ${BUCKET}.s3.amazonaws.com/${KEY}',
        'password: "%(db_password)s"',
        'password: %DB_PASSWORD%',
        'token: $(vault kv get -field=token secret/ci)',
        'private_key: ${HOME}/.ssh/id_ed25519',
        'password: $HOME/.config/app/pw',
        "password: $_ENV['DB_PASS']",
        'password: $this->password;',
        'api_key = "${var.prefix}-${random_id.suffix.hex}"',
        'password: !Sub "${DBPassword}"',
        'password: "{{ .Values.db.password | b64enc }}"',
        'password = "#{password}"',
        '',
      ].join('\n'),
    ));

  it('isReference answers by what is left; a `$`-led value is a variable only when the rest is glue (isVariableLed)', () => {
    const s = tok();
    for (const v of ['${A}', '${A}-prod', '${USER}:${PASS}', '$DB_PASSWORD', '$(cat f)', '{{ x }}/y', 'process.env.X', '$HOME/.ssh/id_rsa'])
      assert.ok(isReference(v), v);
    for (const v of [`\${A}${s}`, `${s}\${A}`, `{{ x }}${s}`, `$(cat f)${s}`, `process.env.X || "${s}"`, `\${A:-${s}}`]) assert.ok(!isReference(v), v);
    for (const v of ['$DB_PASSWORD', '${X}', '$(cat f);', '$this->pw;', '$2b$12$abc', '$$']) assert.ok(isVariableLed(v), v);
    for (const v of [`\${X}${s}`, `$(cat f)${s}`, `$${s}`]) assert.ok(!isVariableLed(v), v);
    // valueLooksSecret reads references the same way.
    assert.ok(valueLooksSecret(`\${X}${s}`, 'strong', true));
    assert.ok(!valueLooksSecret('${USER}:${PASS}', 'strong', true));
  });
});

describe('mask41: a note where a password goes is no password', () => {
  const notes = [
    'see 1password',
    'see 1Password',
    'see 1pass',
    'in 1password',
    '(in 1Password)',
    'see vault',
    'see LastPass',
    'see bitwarden',
    'stored in vault',
    'stored in the team vault',
    'ask @alice',
    'ask ops',
    'ask the team',
    'check the wiki',
    'see 1password entry "db-prod"',
    '(none)',
    '-none-',
    '<none>',
    '(not set)',
    'not set',
    'N/A',
    'n.a.',
    'TBD',
    'TBA',
    'tbc',
    'unset',
    '(empty)',
    '(blank)',
    '(hidden)',
    '<masked>',
    'same as above',
    'to be provided',
    'none yet',
    'no password',
  ];
  it('keeps each, bare, quoted and wrapped, under password and token names, in YAML, .env, ini and tables', () => {
    const lines: string[] = [];
    for (const n of notes) {
      lines.push(`password: ${n}`, `pw: "${n}"`, `token = ${n}`);
      if (!/\s/.test(n)) lines.push(`PASSWORD=${n}`);
      lines.push(`| db | admin | ${n} |`);
    }
    keeps(lines.join('\n') + '\n');
  });

  it('isPlaceholderNote holds each; isPlaceholder agrees', () => {
    for (const n of notes) {
      assert.ok(isPlaceholderNote(n), n);
      assert.ok(isPlaceholder(n), n);
    }
  });

  it('masks a password that starts like a note', () =>
    masksEach([(s) => `password: ${s}`, (s) => `pw: "${s}"`, (s) => `PASSWORD=${s}`], () => 'see1pass!Word'));
  it('masks a note-like phrase with a password in it', () => {
    for (const v of ['see 1pass!Word', 'vault2024!', 'N/A2x9Qz', 'Nothing2Hide!', 'none4Now!x', 'ask-me-7Qz!']) masksEach([(s) => `password: ${s}`], () => v);
  });
  it('masks random material beside a note word', () =>
    masksEach([
      (s) => `password: in ${s}`,
      (s) => `password: see vault ${s}`,
      (s) => `password: "(${s})"`,
      (s) => `password: none-${s}`,
      (s) => `password: "ask @alice ${s}"`,
      (s) => `token: tbd-${s}`,
      (s) => `password: (none)${s}`,
    ]));

  it('a bare state word a person may choose as a password (hidden, secret-ish words) is a note only in its wrapping', () => {
    assert.ok(!isPlaceholderNote('hidden'));
    assert.ok(isPlaceholderNote('(hidden)') && isPlaceholderNote('*hidden*') && isPlaceholderNote('[masked]'));
    const out = maskText('password: hidden\n').text;
    assert.notEqual(out, 'password: hidden\n');
  });
});

describe('mask41: a Bitcoin WIF private key by its shape alone', () => {
  const key = (net: number, compressed: boolean) => () =>
    base58checkEncode(Uint8Array.from([net, ...(rs(HEX, 64).match(/../g) ?? []).map((h) => parseInt(h, 16)), ...(compressed ? [1] : [])]));
  const bare = [
    (v: string) => v,
    (v: string) => `  ${v},`,
    (v: string) => `"${v}"`,
    (v: string) => `- ${v}`,
    (v: string) => `| alice | ${v} |`,
    (v: string) => `[${v}]`,
    (v: string) => `cold: ${v}`,
    (v: string) => `${v} # cold storage`,
    (v: string) => `restore ${v} now`,
    (v: string) => `x=${v}&y=1`,
  ];
  it('mainnet, uncompressed (5…)', () => masksEach(bare, key(0x80, false)));
  it('mainnet, compressed (K…, L…)', () => masksEach(bare, key(0x80, true)));
  it('testnet (9…, c…)', () => masksEach(bare.slice(0, 5), key(0xef, true)));
  it('several in one text, each masked; lines between them kept', () => {
    const ks = [key(0x80, true)(), key(0x80, false)(), key(0x80, true)()];
    checkKeptAndHidden(`keys:\n${ks[0]}\nnotes: rotate monthly\n${ks[1]}\n${ks[2]}\n`, [1, 3], ks);
  });

  it('keeps WIF-shaped runs that are no key: checksum broken, run inside a longer one, other version bytes, base58 of other lengths', () => {
    const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const lines: string[] = [];
    for (let k = 0; k < 8; k++) {
      const w = key(0x80, k % 2 === 0)();
      lines.push(w.slice(0, -1) + (w.endsWith('a') ? 'b' : 'a')); // checksum broken
      lines.push('x' + w, w + '9'); // inside a longer run
      lines.push('K' + rs(B58, 51), '5H' + rs(B58, 49), 'c' + rs(B58, 51)); // random runs of the shape
    }
    // A base58check string of another version byte and length: an address, an xpub-like body.
    lines.push(base58checkEncode(Uint8Array.from([0x00, ...Array.from({ length: 20 }, (_, i) => i * 11)])));
    lines.push(base58checkEncode(Uint8Array.from([0x05, ...Array.from({ length: 32 }, (_, i) => i * 7)])));
    lines.push(`Qm${rs(B58, 44)}`, `1${rs(B58, 33)}`, `bc1q${rs('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 38)}`);
    keeps(lines.join('\n') + '\n');
  });

  it('a Stellar secret seed (StrKey S…, CRC16 verified) bare; its account id (G…) and broken or embedded runs kept', () => {
    const body = (v: number) => Uint8Array.from([v, ...(rs(HEX, 64).match(/../g) ?? []).map((h) => parseInt(h, 16))]);
    masksEach(bare, () => strKey(body(0x90)));
    const lines: string[] = [];
    for (let k = 0; k < 6; k++) {
      const sk = strKey(body(0x90));
      lines.push(strKey(body(6 << 3)), sk.slice(0, -1) + (sk.endsWith('A') ? 'B' : 'A'), 'X' + sk, sk + 'Q', 'SA' + rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 54));
    }
    keeps(lines.join('\n') + '\n');
  });

  it('a 64-hex run alone stays (a digest has that shape); under a key name it is masked', () => {
    const h = rs(HEX, 64);
    keeps(`${h}\n0x${h}\nsha256: ${h}\n${h}  dist/app.tar.gz\ncommit ${h.slice(0, 40)}\n`);
    masksEach([(v) => `PRIVATE_KEY=0x${v}`, (v) => `eth private key: 0x${v}`, (v) => `--private-key ${v}`], () => rs(HEX, 64));
  });
});
