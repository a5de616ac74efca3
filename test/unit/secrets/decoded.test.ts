// Decoded views: a secret whose key or value is written in a form the rules do not read as written but
// its consumer does (an invisible character inside a token, full-width letters and separators, JSON
// escapes in a key, the word for password in another language) is masked as if written plainly, and
// the characters it came from (the invisible one included) go with it. Lines of the same kinds that
// hold no secret (interface labels, references, prose in other scripts) stay byte-identical.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { isIgnorable, viewOf } from '../../../src/core/secrets/decode';
import { ALNUM, PASSWORD_CHARS, j, rand } from '../../../src/core/secrets/samples';
import { assertMasked, buildCase, leaks, linesOf } from './helpers';

const gh = () => j('gh', 'p_', rand(ALNUM, 36));
const slack = () => j('xo', 'xb-', rand('0123456789', 12), '-', rand('0123456789', 13), '-', rand(ALNUM, 24));
// A password with a digit and a sign (so that no word list or prose reading can take it for a label).
const pw = () => rand(PASSWORD_CHARS, 14) + '7!';
/** Full-width form of printable ASCII (what NFKC folds back). */
const wide = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
/** `s` with `mark` put in after its `at`-th character. */
const inject = (s: string, at: number, mark: string) => s.slice(0, at) + mark + s.slice(at);

describe('decoded views: invisible characters', () => {
  for (const [name, mark] of [
    ['soft hyphen', '\u00ad'],
    ['zero-width space', '\u200b'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['byte-order mark', '\ufeff'],
    ['tag character', '\u{e0041}'],
  ] as const) {
    it(`masks a vendor token with a ${name} inside it, and the ${name} with it`, () => {
      const [a, b] = [gh(), slack()];
      const c = buildCase(`invisible-${name}`, [
        ['# deploy settings', 'K'],
        [`GITHUB_TOKEN=${inject(a, 9, mark)}`, 'S', a],
        [`  slack: "${inject(b, 14, mark)}"`, 'S', b],
        [`note = "a${mark}b"`, 'K'],
      ]);
      const r = maskText(c.text);
      assertMasked(c, r.text);
      const out = linesOf(r.text);
      assert.ok(!out[1]!.includes(mark) && !out[2]!.includes(mark), 'the invisible character goes with the token');
    });
  }

  it('reads a secret key name broken by a soft hyphen or a zero-width space', () => {
    const [p1, p2] = [pw(), pw()];
    const c = buildCase('invisible-key', [
      [`API\u00adTOKEN=${p1}`, 'S', p1],
      [`db_pass\u200bword: ${p2}`, 'S', p2],
      [`API\u00adVERSION=2024-01-01`, 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('isIgnorable holds every default-ignorable range, and no visible character', () => {
    for (const cp of [0xad, 0x34f, 0x61c, 0x180e, 0x200b, 0x200f, 0x202e, 0x2060, 0x2064, 0xfe0f, 0xfeff, 0x1d173, 0xe0001, 0xe007f, 0xe0fff])
      assert.ok(isIgnorable(cp), cp.toString(16));
    for (const cp of [0x20, 0x41, 0xa0, 0x2d, 0x2010, 0x3000, 0x5bc6, 0x43f, 0xff1d]) assert.ok(!isIgnorable(cp), cp.toString(16));
  });
});

describe('decoded views: full-width and other compatibility forms', () => {
  it('reads full-width separators after a secret key', () => {
    const [p1, p2, p3] = [pw(), pw(), pw()];
    const c = buildCase('fullwidth-separators', [
      [`DB_PASSWORD＝${p1}`, 'S', p1],
      [`db_password：${p2}`, 'S', p2],
      [`  "api_key"： "${p3}",`, 'S', p3],
      ['名前：山田太郎', 'K'],
      ['TIMEOUT＝30', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('reads a key name written in full-width letters', () => {
    const [p1, p2] = [pw(), pw()];
    const c = buildCase('fullwidth-key', [
      [`${wide('password')}=${p1}`, 'S', p1],
      [`${wide('client_secret')}: ${p2}`, 'S', p2],
      [`${wide('username')}=${wide('alice')}`, 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('reads a vendor token written in full-width characters', () => {
    const t = gh();
    const c = buildCase('fullwidth-token', [
      [`token ${wide(t)}`, 'S', wide(t)],
      [`${wide('hello world')}`, 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });
});

describe('decoded views: escapes in key names', () => {
  it('reads \\u and \\x escapes of a key name in JSON and JavaScript', () => {
    const [p1, p2, p3] = [pw(), pw(), pw()];
    const c = buildCase('escaped-key', [
      ['{', 'K'],
      [`  "pass\\u0077ord": "${p1}",`, 'S', p1],
      [`  "\\u0074oken": "${p2}",`, 'S', p2],
      [`  "label": "caf\\u00e9",`, 'K'],
      [`  "\\u0075sername": "alice"`, 'K'],
      ['}', 'K'],
      [`const o = { "\\x70assword": "${p3}" };`, 'S', p3],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('maps a hit on the view back onto the characters of the line', () => {
    const p = pw();
    const line = `{"pass\\u0077ord": "${p}"}`;
    const view = viewOf(line);
    assert.ok(view !== null);
    assert.ok(view.text.includes(`"password": "${p}"`), view.text);
    const out = maskText(line).text;
    assert.ok(out.startsWith('{"pass\\u0077ord": "«secret:'), out);
    assert.ok(!leaks(out, p));
  });
});

describe('decoded views: the word for password in other languages', () => {
  it('masks values under 密码, パスワード, пароль, Passwort, contraseña, hasło', () => {
    const ps = Array.from({ length: 7 }, pw);
    const c = buildCase('foreign-keys', [
      [`密码=${ps[0]}`, 'S', ps[0]!],
      [`  "密码": "${ps[1]}",`, 'S', ps[1]!],
      [`パスワード：${ps[2]}`, 'S', ps[2]!],
      [`пароль: ${ps[3]}`, 'S', ps[3]!],
      [`Passwort = ${ps[4]}`, 'S', ps[4]!],
      [`contraseña: "${ps[5]}"`, 'S', ps[5]!],
      [`hasło=${ps[6]}`, 'S', ps[6]!],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('masks values under those words spelt as identifiers (_ - or run together), and in more scripts and languages', () => {
    const keys = [
      'كلمة_المرور',
      'كلمة-المرور',
      'رمز\u200cعبور',
      'رمز_عبور',
      'گذرواژه',
      'סיסמה',
      'पासवर्ड',
      'गुप्त_कुंजी',
      'パスワード',
      'API_キー',
      'シークレット',
      '비밀_번호',
      '패스워드',
      '密碼',
      '權杖',
      '金鑰',
      'κωδικός_πρόσβασης',
      'σύνθημα',
      'şifre',
      'senha',
      'contraseña',
      'clave_secreta',
      'chiave_segreta',
      'wachtwoord',
      'hasło',
      'mot_de_passe',
      'kata_sandi',
      'mat_khau',
      'mật_khẩu',
      'ключ_API',
    ];
    const ps = keys.map(() => pw());
    const rows: [string, 'S', string][] = [];
    keys.forEach((k, i) => rows.push([i % 3 === 0 ? `${k} = "${ps[i]}"` : i % 3 === 1 ? `  "${k}": "${ps[i]}",` : `${k}: ${ps[i]}`, 'S', ps[i]!]));
    const c = buildCase('foreign-identifiers', rows);
    assertMasked(c, maskText(c.text).text);
  });

  it('keeps other foreign names and labels (a user name, an i18n label in Arabic or Korean)', () => {
    const c = buildCase('foreign-others', [
      [`שם_משתמש = "${pw()}"`, 'K'],
      [`اسم_المستخدم: ${pw()}`, 'K'],
      ['كلمة_المرور: "أدخل كلمة المرور"', 'K'],
      ['  "비밀_번호": "비밀번호를 입력하세요",', 'K'],
      ['clave: "Introduzca su clave"', 'K'],
      ['clave_primaria = "id_usuario"', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('keeps interface labels under those words (i18n files)', () => {
    const c = buildCase('foreign-labels', [
      ['  "密码": "请输入密码",', 'K'],
      ['пароль: Введите пароль', 'K'],
      ['Passwort: Passwort eingeben', 'K'],
      ['token: Zugangsschlüssel', 'K'],
      ['  "apiToken": "Jeton d’accès personnel",', 'K'],
      ['contraseña: "Contraseña olvidada"', 'K'],
      ['パスワード：パスワードを入力してください', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });
});

describe('references are not secrets', () => {
  it('keeps an Azure Key Vault reference under a secret-named key', () => {
    const c = buildCase('keyvault-ref', [
      [`    "DbPassword": "@Microsoft.KeyVault(SecretUri=https://${rand(ALNUM, 8).toLowerCase()}.vault.azure.net/secrets/db/)",`, 'K'],
      [`    "ApiKey": "@Microsoft.KeyVault(VaultName=kv${rand(ALNUM, 6)};SecretName=api-key)"`, 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });
});
