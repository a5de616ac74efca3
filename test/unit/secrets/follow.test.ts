// Values that go on past their line: the masker reads on from a secret-named key (follow.ts) and masks
// every piece, leaving the key line and every line without a piece byte-identical. Values are built at
// run time from a seeded generator.
import assert from 'node:assert/strict';
import { maskText, restorePlaceholders } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { assertMasked, buildCase, linesOf } from './helpers';

let seed = 0x70110;
const tok = (n = 24) => rand(ALNUM + '-_.~', n, seed++ * 7907);

describe('follow: values over several lines', () => {
  it('YAML block scalars of every header: literal, folded, chomping and indentation indicators, a tag', () => {
    for (const header of ['|', '|-', '|+', '>', '>-', '>+', '|2', '>2-', '!!str |']) {
      const [a, b] = [tok(), tok()];
      const c = buildCase(`block ${header}`, [
        ['auth:', 'K'],
        [`  token: ${header}`, 'K'],
        [`    ${a}`, 'S', a],
        [`    ${b}`, 'S', b],
        ['', 'K'],
        ['  user: app', 'K'],
        ['logging:', 'K'],
        ['  format: |', 'K'],
        ['    %(asctime)s %(message)s', 'K'],
      ]);
      assertMasked(c, maskText(c.text).text);
    }
  });

  it('a block scalar under a list item, and a plain scalar on the lines after `key:`', () => {
    const [a, b] = [tok(), tok()];
    const c = buildCase('list and plain', [
      ['users:', 'K'],
      ['  - name: ops', 'K'],
      ['    password: >-', 'K'],
      [`      ${a}`, 'S', a],
      ['    shell: /bin/bash', 'K'],
      ['session_secret:', 'K'],
      [`  ${b}`, 'S', b],
      ['next: 1', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('a quoted YAML value over two lines, and a shell string continued with a backslash', () => {
    const [a, b, c, d] = [tok(10), tok(12), tok(14), tok(16)];
    const k = buildCase('quoted', [
      [`  signing_key: "${a}`, 'S', a],
      [`    ${b}"`, 'S', b],
      ['  other: x', 'K'],
      [`export API_TOKEN="${c}\\`, 'S', c],
      [`${d}"`, 'S', d],
      ['echo done', 'K'],
    ]);
    assertMasked(k, maskText(k.text).text);
  });

  it('a literal continued with a backslash (.env, shell, .properties)', () => {
    const [a, b, c] = [tok(9), tok(13), tok(11)];
    const k = buildCase('backslash', [
      [`DB_PASSWORD=${a}\\`, 'S', a],
      [`${b}\\`, 'S', b],
      [`${c}`, 'S', c],
      ['docker run --rm \\', 'K'],
      ['  -e LOG_LEVEL=debug \\', 'K'],
      ['  acme/api', 'K'],
    ]);
    assertMasked(k, maskText(k.text).text);
  });

  it('concatenation on the line and over lines: +, Python and C adjacent literals, parentheses, a leading +', () => {
    const p = Array.from({ length: 12 }, () => tok(10));
    const k = buildCase('concat', [
      [`const secret = '${p[0]}' + '${p[1]}';`, 'S', p[0]!, p[1]!],
      [`DB_PASSWORD = "${p[2]}" "${p[3]}"`, 'S', p[2]!, p[3]!],
      [`const apiKey = "${p[4]}" +`, 'S', p[4]!],
      [`  "${p[5]}";`, 'S', p[5]!],
      [`    static final String TOKEN = "${p[6]}"`, 'S', p[6]!],
      [`        + "${p[7]}";`, 'S', p[7]!],
      ['API_TOKEN = (', 'K'],
      [`    "${p[8]}"`, 'S', p[8]!],
      [`    "${p[9]}"`, 'S', p[9]!],
      [')', 'K'],
      [`SECRET_KEY = "${p[10]}" \\`, 'S', p[10]!],
      [`    "${p[11]}"`, 'S', p[11]!],
      ["const base = 'https://api.example.com' +", 'K'],
      ["  '/v2/';", 'K'],
    ]);
    assertMasked(k, maskText(k.text).text);
  });

  it('a password that starts with `*` is a value, not an alias', () => {
    const a = '*' + tok();
    const k = buildCase('star', [
      ['db:', 'K'],
      [`  password: ${a}`, 'S', a.slice(1)],
    ]);
    assertMasked(k, maskText(k.text).text);
  });

  it('a YAML alias under a secret-named key masks the anchored value, wherever it sits', () => {
    const a = tok();
    const k = buildCase('alias', [
      [`x-pw: &pw ${a}`, 'S', a],
      ['x-user: &user app', 'K'],
      ['services:', 'K'],
      ['  db:', 'K'],
      ['    environment:', 'K'],
      ['      POSTGRES_PASSWORD: *pw', 'K'],
      ['      POSTGRES_USER: *user', 'K'],
    ]);
    assertMasked(k, maskText(k.text).text);
  });

  it('keeps what only looks like a value going on', () => {
    for (const text of [
      'password: |\n  <your password here>\nuser: app\n',
      'description: |\n  The token is read from the environment.\n',
      'password:\n  min_length: 12\n  hash: argon2\n',
      'credentials: |\n  [default]\n  region = eu-west-1\n  output = json\n',
      'TOKEN_HEADER = "X-Auth-" \\\n    "Token"\n',
      'msg = ("password must be "\n       "at least 12 characters")\n',
      'const token = "Bearer " +\n  accessToken;\n',
      'x-creds: &creds\n  user: app\nservices:\n  db:\n    <<: *creds\n',
      'secret:\n  - name: db\n  - name: api\n',
      // An object literal's key with its value on the next line is code, not a plain scalar.
      '    {\n        httpVerToken:\n            responseHeaders[HeaderNames.X_MS_HTTP_VERSION] || "",\n        requestId: x,\n    },\n',
      // A quote left open in code is not a string over 64 lines.
      'const password = "' + '\n'.repeat(3) + Array.from({ length: 70 }, (_, i) => `line${i} = ${i};`).join('\n') + '\n',
    ]) {
      const r = maskText(text);
      assert.equal(r.text, text, `changed by ${r.findings.map((f) => `${f.rule}@${f.line}`).join(',')}`);
    }
  });

  it('restores every piece of a multi-line secret on write-back, and refuses pieces it cannot place', () => {
    const [a, b, c] = [tok(), tok(), tok()];
    const original = `auth:\n  token: |\n    ${a}\n    ${b}\n  api_key = "${c.slice(0, 9)}" +\n  "${c.slice(9)}"\n`;
    const masked = maskText(original).text;
    assert.equal(linesOf(masked).length, linesOf(original).length);
    for (const s of [a, b, c.slice(0, 9), c.slice(9)]) assert.ok(!masked.includes(s), `${s} left in ${masked}`);
    const edited = masked.replace('auth:', 'auth: # rotated');
    const back = restorePlaceholders(edited, original);
    assert.ok(back.ok, back.ok ? '' : back.reason);
    assert.equal(back.ok && back.text, original.replace('auth:', 'auth: # rotated'));
    // The file on disk lost the block: its pieces' placeholders can no longer be placed.
    const shorter = `auth:\n  api_key = "${c.slice(0, 9)}" +\n  "${c.slice(9)}"\n`;
    assert.equal(restorePlaceholders(edited, shorter).ok, false);
  });
});
