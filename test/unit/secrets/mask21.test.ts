// Masking leak classes of round 21, each with variants of our own and the everyday text that must stay
// byte-identical: CJK copulas attached to the word for password or token (`パスワードは X`, `密码是X`,
// `비밀번호는 X`). Every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, j, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0x21a000;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
/** A password: letters, digits and a punctuation mark, no quotes or blanks. */
const pw = (n = 14) => 'Q7' + rs(ALNUM + '!*._~', n);

/** Each `text` must lose every one of its `secrets` (no 8-char window left) and keep its line count. */
function masks(text: string, secrets: string[]): void {
  const r = maskText(text + '\nnext line\n');
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible: ${JSON.stringify(r.text.slice(0, 400))}`);
  assert.equal(r.text.split('\n').length, text.split('\n').length + 2);
}
function keeps(text: string): void {
  assert.equal(maskText(text).text, text);
}
const gh = () => j('gh', 'p_') + rs(ALNUM, 36);

describe('mask21: a literal concatenated over several lines under any name (1)', () => {
  const split = (t: string, n: number) => Array.from({ length: Math.ceil(t.length / n) }, (_, k) => t.slice(k * n, k * n + n));
  const cases: ((ps: string[]) => string)[] = [
    (ps) => `String t = ${ps.map((p) => `"${p}"`).join(' +\n    ')};`,
    (ps) => `var s = ${ps.map((p) => `@"${p}"`).join('\n  + ')};`,
    (ps) => `const k = ${ps.map((p) => `'${p}'`).join(' +\n  ')};`,
    (ps) => `$k = ${ps.map((p) => `'${p}'`).join(' .\n  ')};`,
    (ps) => `local k = ${ps.map((p) => `"${p}"`).join(' ..\n  ')}`,
    (ps) => `Dim k = ${ps.map((p) => `"${p}"`).join(' & _\n  ')}`,
    (ps) => `client.login(\n  ${ps.map((p) => `"${p}"`).join(' +\n  ')});`,
  ];
  for (const [i, c] of cases.entries())
    for (const n of [4, 7, 13])
      it(`masks every piece (${i}, pieces of ${n})`, () => {
        const t = gh();
        const ps = split(t, n);
        const r = maskText(c(ps) + '\n');
        // Each piece of 4 or more characters after the prefix is gone from the masked text.
        for (const p of ps.slice(1)) if (p.length >= 4) assert.ok(!r.text.includes(`"${p}"`) && !r.text.includes(`'${p}'`), `left ${p}: ${r.text}`);
      });
  it('keeps ordinary code that joins literals over lines', () => {
    keeps('String msg = "Hello, " +\n    name +\n    "! You have " + count + " new messages.";');
    keeps('const sql = "SELECT id, name " +\n  "FROM users " +\n  "WHERE active = 1";');
    keeps('throw new Error("Could not read the configuration file " +\n  "at " + path + ": " + err.message);');
    keeps('local s = "abc" ..\n  "def"\n$a = \'one\' .\n  \'two\';\nDim s = "Hello " & _\n  "World"');
    keeps('const css = ".btn { color: red; }" +\n  ".btn:hover { color: blue; }" +\n  ".btn:active { color: green; }";');
    keeps('He said "hello".\nThen he left.');
  });
});

describe('mask21: CJK copulas attached to the word (7)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `パスワードは ${p} です`,
    (p) => `パスワードは「${p}」です`,
    (p) => `密码是 ${p}`,
    (p) => `密码是${p}`,
    (p) => `数据库密码为 ${p}`,
    (p) => `口令是${p}`,
    (p) => `비밀번호는 ${p} 입니다`,
    (p) => `관리자 암호는 ${p}`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the password after the particle (${i})`, () => {
      const p = pw();
      masks(c(p), [p]);
    });
  it('masks a token after the particle', () => {
    const t = rs(ALNUM, 30) + '7a';
    for (const s of [`トークンは ${t}`, `令牌是 ${t}`, `토큰은 ${t}`]) masks(s, [t]);
  });
  it('keeps prose about passwords and tokens without a value', () => {
    for (const s of [
      'パスワードは8文字以上にしてください',
      'パスワードは「必須」です',
      'パスワードは環境変数 DB_PASSWORD から読みます',
      '密码是必填项',
      '密码为空时返回错误',
      '密码是 ${DB_PASSWORD}',
      '密码是 your_password_here',
      '비밀번호는 필수입니다',
      '비밀번호가 일치하지 않습니다',
      '암호화된 비밀번호를 저장합니다',
      'トークンは有効期限が切れました',
      '토큰이 만료되었습니다',
      'API キーは設定ファイルにあります',
    ])
      keeps(s);
  });
});
