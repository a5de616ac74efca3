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

describe('a literal concatenated over several lines under any name (1)', () => {
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

describe('CJK copulas attached to the word (7)', () => {
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

describe('credentials piped or handed to account tools (2)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `echo 'root:${p}' | chpasswd`,
    (p) => `echo "deploy:${p}" | sudo chpasswd -c SHA512`,
    (p) => `printf '${p}\\n${p}\\n' | passwd bob`,
    (p) => `printf "%s\\n%s\\n" "${p}" "${p}" | sudo passwd`,
    (p) => `yes '${p}' | passwd bob`,
    (p) => `echo -e "${p}\\n${p}" | smbpasswd -a -s bob`,
    (p) => `echo -e "${p}\\n${p}" | pdbedit -a -u bob -t`,
    (p) => `chpasswd <<EOF\nroot:${p}\nEOF`,
    (p) => `cat <<'USERS' | true\nx\nUSERS\nsudo chpasswd <<-END\n\talice:${p}\nEND`,
    (p) => `useradd -m -p "${p}" bob`,
    (p) => `usermod -p '$6$${p.slice(0, 8)}$${p}${p}' bob`,
    (p) => `openssl passwd -6 -salt xyz '${p}'`,
    (p) => `htpasswd -b /etc/nginx/.htpasswd admin ${p}`,
    (p) => `mysqladmin -u root password '${p}'`,
    (p) => `expect "*assword:*"\nsend "${p}\\r"`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the password (${i})`, () => {
      const p = pw();
      masks(c(p), [p]);
    });
  it('keeps account tools without a password in the text', () => {
    keeps('echo "$USER:$PASS" | chpasswd');
    keeps('printf "%s\\n%s\\n" "$PW" "$PW" | passwd bob');
    keeps('echo "Changing the password" && passwd bob');
    keeps('yes | passwd --delete bob');
    keeps('echo -e "\\n" | passwd -l bob');
    keeps('useradd -m -s /bin/bash bob\nusermod -aG docker bob');
    keeps('openssl passwd -6 -stdin < pw.txt');
    keeps('chpasswd < users.txt\nnewusers users.list');
    keeps('expect "*assword:*"\nsend "$env(PW)\\r"');
  });
});

describe('credentials in comments (3)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `<!-- admin:${p} -->`,
    (p) => `<div>\n  <!-- test account admin/${p} -->\n</div>`,
    (p) => `<!-- password: ${p} -->`,
    (p) => `{# admin:${p} #}`,
    (p) => `{# test login: admin / ${p} #}`,
    (p) => `/* root:${p} */`,
    (p) => `/* user/pass: admin/${p} */`,
    (p) => `// login admin/${p}`,
    (p) => `# credentials: deploy:${p}`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the password (${i})`, () => {
      const p = pw();
      masks(c(p), [p]);
    });
  it('keeps ordinary comments', () => {
    keeps('<!-- TODO:fix the header -->\n<!-- Section:Header -->\n<!-- see https://example.com/docs -->');
    keeps('{# layout:base.html #}\n/* eslint-disable no-console */\n/* width: 100px */');
    keeps('// login page: /auth/login\n// see src/auth/login.ts\n# account: see docs/accounts.md');
    keeps('/* localhost:8080 */\n<!-- build:js scripts/app.js -->\n<!-- endbuild -->');
  });
});

describe('prose credentials (5)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `Login with \`admin\` / \`${p}\``,
    (p) => `Login with admin / ${p}`,
    (p) => `user: admin, pass: ${p}`,
    (p) => `credentials are admin/${p}`,
    (p) => `The credentials are: admin / ${p}`,
    (p) => `Use admin/${p} to log in.`,
    (p) => `Log in as admin with password ${p}.`,
    (p) => `I set the password to ${p} yesterday`,
    (p) => `the password is ${p}`,
    (p) => `The admin password is "${p}".`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks the password (${i})`, () => {
      const p = pw();
      masks(c(p), [p]);
    });
  it('keeps prose about passwords without one', () => {
    keeps('Login with your GitHub account / SSO.');
    keeps('The credentials are stored in the vault; see docs/credentials.md.');
    keeps('Use admin/settings to log in as an administrator.');
    keeps('Log in with password authentication disabled.');
    keeps('Set the password to something long and random.');
    keeps('Reset the password to the default in config/defaults.yml');
    keeps('the password is required\nThe password is hashed with bcrypt.');
    keeps('loginUrl = "/auth/login"; // login/logout routes');
  });
});

/** `xxd`'s default dump of `b` (offset, eight `hhhh` groups, two blanks, the bytes as text). */
function xxd(b: Buffer): string {
  let out = '';
  for (let o = 0; o < b.length; o += 16) {
    const row = [...b.subarray(o, o + 16)];
    const hex = row.map((x, i) => x.toString(16).padStart(2, '0') + (i % 2 === 1 && i < 15 ? ' ' : '')).join('');
    out += `${o.toString(16).padStart(8, '0')}: ${hex.padEnd(39)}  ${row.map((x) => (x >= 32 && x < 127 ? String.fromCharCode(x) : '.')).join('')}\n`;
  }
  return out;
}
/** `hexdump -C`'s dump of `b` (offset, sixteen `hh` groups in two halves, the bytes as text between bars, the end offset). */
function hexdumpC(b: Buffer): string {
  let out = '';
  for (let o = 0; o < b.length; o += 16) {
    const row = [...b.subarray(o, o + 16)];
    const hex = row.map((x, i) => x.toString(16).padStart(2, '0') + (i === 7 ? '  ' : ' ')).join('');
    out += `${o.toString(16).padStart(8, '0')}  ${hex.padEnd(49)} |${row.map((x) => (x >= 32 && x < 127 ? String.fromCharCode(x) : '.')).join('')}|\n`;
  }
  return out + b.length.toString(16).padStart(8, '0') + '\n';
}
const hexOf = (s: string) => Buffer.from(s).toString('hex');
/** No 16-digit window of the secret's hex left in the dump's digits (groups and blanks dropped). */
function hexLeaks(masked: string, secret: string): boolean {
  const digits = masked
    .split('\n')
    .map((l) => l.replace(/^[0-9a-f]{8}:? +/, '').replace(/ {2}.*$|\|.*$/, ''))
    .join('')
    .replace(/[^0-9a-f]/g, '');
  const h = hexOf(secret);
  for (let i = 0; i + 16 <= h.length; i += 2) if (digits.includes(h.slice(i, i + 16))) return true;
  return false;
}

describe('byte forms and dumps (6)', () => {
  const dumps: [string, (b: Buffer) => string][] = [
    ['xxd', xxd],
    ['hexdump -C', hexdumpC],
  ];
  for (const [name, dump] of dumps) {
    it(`masks a secret in ${name}'s text column and its hex, over every line it spans`, () => {
      const p = pw(30);
      const t = gh();
      const text = dump(Buffer.from(`DB_HOST=db\npassword=${p}\ntoken=${t}\n`));
      const r = maskText(text);
      for (const s of [p, t]) {
        assert.ok(!hexLeaks(r.text, s), `hex left: ${r.text}`);
        assert.ok(!r.text.replace(/\n[0-9a-f]{8}:? +[0-9a-f ]+\|?/g, '').includes(s.slice(-8)), `text left: ${r.text}`);
      }
      assert.equal(r.text.split('\n').length, text.split('\n').length);
    });
    it(`masks a token inside a binary file's ${name}`, () => {
      const t = gh();
      const bin = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 1, 2, 3]), Buffer.from(`token=${t}`), Buffer.from([0, 0xff, 0xfe, 7])]);
      assert.ok(!hexLeaks(maskText(dump(bin)).text, t));
    });
    it(`keeps ${name} of data that holds no secret`, () => {
      keeps(dump(Buffer.from('Hello, world! This is an ordinary README file.\nLine two: nothing to see here.\n')));
      keeps(dump(Buffer.from([...Array(200).keys()].map((k) => (k * 37) % 256))));
      keeps(dump(Buffer.from('{"name": "agentguard", "version": "0.1.0", "private": true}\n')));
    });
  }
  it('masks byte arrays and byte strings of a secret', () => {
    const t = gh();
    const bytes = [...Buffer.from(t)];
    masks(`let key = vec![${bytes.map((b) => '0x' + b.toString(16)).join(', ')}];`, [
      bytes
        .slice(8, 16)
        .map((b) => '0x' + b.toString(16))
        .join(', '),
    ]);
    masks(`key := []byte{${bytes.join(', ')}}`, [bytes.slice(8, 16).join(', ')]);
    masks(`s = [${bytes.join(', ')}].pack('C*')`, [bytes.slice(8, 16).join(', ')]);
    masks(`s = [${bytes.join(', ')}].pack('U*')`, [bytes.slice(8, 16).join(', ')]);
    masks(`const KEY: &[u8] = b"${t}";`, [t]);
  });
});
