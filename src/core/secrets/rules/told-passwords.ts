// A password told in a sentence, in English and other languages, with words between the noun and the value and that
// language's "is" (found by a blind red team, rt21mask: prose-intervening-words, prose-multilingual-password,
// prose-more-languages, chat-user-slash-pass):
// - `the root password on the old NAS box is still X`, `API key for the reporting service (prod): X`;
// - `Das Passwort für den Server lautet X`, `A senha do painel é X`, `Het wachtwoord is X`, `la password del server
//   è X`, `hasło do bazy to X`, `sunucu şifresi: X`, `heslo je X`, `adgangskoden er X`, `lösenordet är X` `パスワードは X です`;
// - chat shorthand: `admin / X` (a well-known account, a slash), `deploy@host pw X`, `jenkins login is ops:X`.
// The value must read as a password (letters with a digit or a sign, 8 or more characters, valueLooksSecret strong):
// `the password is required`, `the key is 256-bit`, `password is at least 8 characters` stay.
// Threat: chat exports, handover notes and tickets handed the model the password verbatim.
// Cost: line forms gated by the nouns (the gates' one pass), a cheap line test before each regex.
import { isPlaceholder, isReference, isWordyIdentifier, valueLooksSecret } from '../entropy';
import { PASSWORD_CHARS, rand } from '../samples';
import type { BlockRule } from '../types';
import { formsRule, type Form } from './form-scan';

const RULE = 'told-password';
/** Below the other prose and label rules (comment-secret, label-grammar, spoken-credential): this one adds what they miss. */
const PRIORITY = 2.7;

/** A told password: letters and a digit or sign, no reference, placeholder, path, URL or words joined by hyphens. */
export function toldPassword(raw: string): boolean {
  const v = raw.replace(/[.,;:)\]]+$/, '');
  if (v.length < 8 || v.length > 128 || !/\p{L}/u.test(v) || !/[\d\W_]/.test(v)) return false;
  if (/[/\\:=<>{}]|\$[{(\w]/.test(v) || v.includes('@') || isReference(v) || isPlaceholder(v)) return false;
  // `256-bit`, `base64-encoded`, `utf-8`, `sha256-hashed`, `snake_case_name`: words joined, not a password.
  if (/^[a-z0-9]+(?:[-_][a-z0-9]+)+$/.test(v)) return false;
  // `X-Api-Key-For-Internal-Services-2`: a name of three or more words (and a short number) joined by hyphens.
  if (/^(?:[A-Za-z][a-z]*|[A-Z]{1,5}|\d{1,3})(?:-(?:[A-Za-z][a-z]*|[A-Z]{1,5}|\d{1,3})){2,}$/.test(v)) return false;
  return valueLooksSecret(v, 'strong', false);
}

/**
 * A password of letters alone, drawn at random (`GnoEHWUJBNfGaAzJHp`), where the line already says it is one (`admin /
 * X` under a credentials label, a well-known account and a slash): 12 letters or more, three capitals and three small
 * letters at least, no name of words (isWordyIdentifier: `UserManagementPage`, `ReadTheDocs` stay).
 */
export function randomLetters(raw: string): boolean {
  const v = raw.replace(/[.,;:)\]]+$/, '');
  if (v.length < 12 || v.length > 128 || !/^[A-Za-z]+$/.test(v)) return false;
  if ((v.match(/[A-Z]/g)?.length ?? 0) < 3 || (v.match(/[a-z]/g)?.length ?? 0) < 3) return false;
  return !isWordyIdentifier(v) && valueLooksSecret(v, 'strong', false);
}

/** A told password, or random letters where the form itself names the account (toldPassword, randomLetters). */
const toldOrLetters = (v: string): boolean => toldPassword(v) || randomLetters(v);

/** The word for password (and API key, token) in the languages the forms read; case as written. */
const NOUN = String.raw`(?:[Pp]assword|PASSWORD|[Pp]assphrase|[Pp]asswort|[Kk]ennwort|[Ww]achtwoord|[Ss]enha|[Cc]ontraseña|[Hh]as[łl]o|[Hh]eslo|[Şş]ifre(?:si|niz)?|[Ss]ifre(?:si)?|[Pp]arola(?:s[ıi])?|[Aa]dgangskoden?|[Kk]odeord(?:et)?|[Pp]assord(?:et)?|[Ll]ösenord(?:et)?|[Ss]alasana|[Mm]ật[ \t]+khẩu|[Kk]ata[ \t]+[Ss]andi|[Κκ]ωδικός(?:[ \t]+πρόσβασης)?|كلمة[ \t]+المرور|ה?סיסמה|API[ \t]+[Kk]ey|[Aa]pi[ \t]+key|[Tt]oken)`;
/** Up to six words between the noun and the copula (`for the staging database`, `on the old NAS box`, `(prod)`). */
const BETWEEN = String.raw`(?:[ \t]+[\p{L}\p{N}_.()'’-]{1,32}){0,6}?`;
/** The copula, with `still`/`now`/`noch`: English, German, Dutch, Portuguese, Spanish, Italian, Polish, Czech, Danish, Swedish, Finnish. */
const IS = String.raw`(?:[ \t]+(?:is|was|are|ist|lautet|é|è|es|está|to|je|jest|er|var|är|on|eh|là|adalah|ialah|είναι|هي|היא)(?:[ \t]+(?:still|now|noch|ainda|ancora|stále|stadig|fortfarande))?[ \t]*:?|[ \t]*:)`;
/** The value, maybe quoted (groups: the quote, the value). */
const VALUE = String.raw`[ \t]+(["'\x60]?)([^\s"'\x60]{8,128})\1(?=$|[\s,;!?)])`;

const NOUN_GATES = [
  'password',
  'Password',
  'PASSWORD',
  'passphrase',
  'Passphrase',
  'asswort',
  'ennwort',
  'achtwoord',
  'senha',
  'Senha',
  'ontraseña',
  'asło',
  'aslo',
  'eslo',
  'ifre',
  'arola',
  'dgangskode',
  'odeord',
  'assord',
  'ösenord',
  'alasana',
  'ật khẩu',
  'ata sandi',
  'ata Sandi',
  'ωδικός',
  'كلمة المرور',
  'סיסמה',
  'API key',
  'API Key',
  'api key',
  'Api key',
  'token',
  'Token',
];

/** ` pass `, ` pwd:`, ` PASS=`, ` passwd `…: the short words for password as a chat line writes them between blanks. */
const PASS_GATES = ['pass', 'Pass', 'PASS', 'passwd', 'Passwd', 'PASSWD', 'pwd', 'PWD'].flatMap((w) => [
  ' ' + w + ' ',
  ' ' + w + ':',
  ' ' + w + '=',
  '\t' + w + ' ',
]);

const FORMS: Form[] = [
  {
    // `the root password on the old NAS box is still X`, `Das Passwort für den Server lautet X`, `API key for … (prod): X`.
    gates: NOUN_GATES,
    re: new RegExp(String.raw`(?<![\p{L}\p{N}_.-])${NOUN}${BETWEEN}${IS}${VALUE}`, 'dgu'),
    groups: [2],
    line: true,
    // Code reads `password is None`, `token: str`; a sentence has blanks around its words and no `=` before the noun.
    lineTest: (l) => l.length <= 2048 && !/[=;{}]\s*$/.test(l),
    judge: toldPassword,
  },
  {
    // `パスワードは X です`, `パスワード： X` (prose-password reads a random value there; a weak one, `Sunshine2006&`, too).
    gates: ['パスワード'],
    // The value is the run of characters that are no Japanese script or punctuation: `8文字以上にしてください` (must be
    // 8 characters or more) is a sentence, not a value.
    re: /パスワード(?:は|：|:)[ \t]*(["'\x60「]?)([^\s"'\x60」\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}、。！？（）]{6,128})/dgu,
    groups: [2],
    line: true,
    judge: toldPassword,
  },
  {
    // `服务器密码是：X`, `密码: X`, `口令为 X` (the full-width colon as NFKC reads it, `：`, too).
    gates: ['密码', '口令'],
    re: /(?:密码|口令)(?:是|为|為|：|:)+[ \t]*(["'\x60「“]?)([^\s"'\x60」”\p{Script=Han}，。！？（）：、]{6,128})/dgu,
    groups: [2],
    line: true,
    judge: toldPassword,
  },
  {
    // Hindi: `सर्वर का पासवर्ड X है`, `पासवर्ड: X`.
    gates: ['पासवर्ड'],
    re: /पासवर्ड(?:[ \t]+(?:है|हैं))?[ \t]*:?[ \t]+(["'\x60]?)([^\s"'\x60]{8,128})\1(?=$|[\s,;।)])/dgu,
    groups: [2],
    line: true,
    judge: toldPassword,
  },
  {
    // Chat shorthand: `admin / X`, `root / X` (a well-known account, a slash, a value that reads as a password).
    gates: [' / '],
    re: /(?:^|[\s:>\]])(?:admin|Admin|root|administrator|Administrator|sa|postgres|ubuntu|pi|deploy|ops|guest|operator)[ \t]+\/[ \t]+(["'\x60]?)([^\s"'\x60/]{8,128})\1(?=$|[\s,;)])/dg,
    groups: [2],
    line: true,
    judge: toldOrLetters,
  },
  {
    // Chat shorthand for the account told before: `same user, X`, `same login: X`, `same creds as prod - X`, `same
    // user but pw X` (rt21mask prose-casual-no-keyword).
    gates: ['same user', 'Same user', 'same login', 'Same login', 'same account', 'Same account', 'same cred', 'Same cred'],
    re: /(?:^|[\s:>\](])[Ss]ame[ \t]+(?:user(?:name)?|login|account|creds|credentials)(?:[ \t]+as[ \t]+[\w.-]{1,24}(?:[ \t]+[\w.-]{1,24})?)?[ \t]*(?:[,;:/]|[ \t]-|[ \t]–|[ \t]—)?[ \t]*(?:(?:but|and|new|other|different)[ \t]+)?(?:(?:pass(?:word)?|pw|pwd)[ \t]*(?:is[ \t]|[:=])?[ \t]*)?(["'\x60]?)([^\s"'\x60]{8,128})\1(?=$|[\s,;)])/dg,
    groups: [2],
    line: true,
    judge: toldPassword,
  },
  {
    // `user bob pass X`, `user: bob, pass: X`, `login ops / pass X`, `username deploy pwd X` (no word for password).
    // The short word after a blank, then a blank, `:` or `=` (the gates: `pass` alone is in every `password` of code).
    gates: PASS_GATES,
    re: /(?:^|[\s:>\](])(?:[Uu]ser(?:name)?|USER(?:NAME)?|[Ll]ogin|LOGIN)(?:[ \t]*[:=][ \t]*|[ \t]+)[\w.@-]{1,64}[ \t]*[,;/]?[ \t]+(?:[Pp]ass(?:wd)?|PASS(?:WD)?|[Pp]wd|PWD)(?:[:=][ \t]*|[ \t]+)(["'\x60]?)([^\s"'\x60]{8,128})\1(?=$|[\s,;)])/dg,
    groups: [2],
    line: true,
    lineTest: (l) => /(?:^|[\s:>\](])(?:[Uu]ser|USER|[Ll]ogin|LOGIN)/.test(l),
    judge: toldPassword,
  },
  {
    // `deploy@10.0.4.2 pw X`, `pwd: X` in a chat line (the short words; `password X` too).
    gates: ['pw ', 'pwd ', 'PW ', 'passwd ', 'PASSWD ', 'Passwd '],
    re: /(?:^|[\s(])(?:pw|pwd|PW|PWD|passwd|PASSWD|Passwd)[ \t]+(["'\x60]?)([^\s"'\x60]{8,128})\1(?=$|[\s,;)])/dg,
    groups: [2],
    line: true,
    judge: toldPassword,
  },
  {
    // `jenkins login is ops:X`, `creds: deploy:X`, `login = admin:X`.
    gates: ['login', 'Login', 'creds', 'Creds', 'credentials', 'Credentials'],
    re: /\b(?:[Ll]ogin|[Cc]reds|[Cc]redentials)(?:[ \t]+(?:is|are|was)|[ \t]*[:=]|(?<=[Cc]reds))[ \t]+[\w.-]{1,32}:(["'\x60]?)([^\s"'\x60:/]{8,128})\1(?=$|[\s,;)])/dg,
    groups: [2],
    line: true,
    judge: toldPassword,
  },
];
export const toldPasswordRule: BlockRule = formsRule(
  RULE,
  'A password told in a sentence with words between noun and value, in several languages (`the root password on the NAS is still X`, `Das Passwort für den Server lautet X`, `hasło do bazy to X`), and chat shorthand (`admin / X`, `pw X`, `login is ops:X`)',
  FORMS,
  PRIORITY,
  () => {
    let seed = 0x42d0c;
    const p = Array.from({ length: 20 }, () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'"\\,;:|()<>{}@/\s$?=.!-]/g, ''), 10, seed++ * 7919) + 'k');
    const tp: [string, string][] = [
      [`- fyi the root password on the old NAS box is still ${p[0]}`, p[0]!],
      [`- API key for the reporting service (prod): ${p[1]}`, p[1]!],
      [`- Das Passwort für den Server lautet ${p[2]}`, p[2]!],
      [`- A senha do painel é ${p[3]}`, p[3]!],
      [`- Het wachtwoord is ${p[4]}`, p[4]!],
      [`- la password del server è ${p[5]}`, p[5]!],
      [`- hasło do bazy to ${p[6]}.`, p[6]!],
      [`- sunucu şifresi: ${p[7]}`, p[7]!],
      [`- kodeordet til routeren er ${p[8]}`, p[8]!],
      [`- heslo je ${p[9]}`, p[9]!],
      [`- adgangskoden er ${p[10]}`, p[10]!],
      [`creds for the grafana box: admin / ${p[11]}`, p[11]!],
      [`ssh: deploy@10.0.4.2 pw ${p[12]}`, p[12]!],
      [`jenkins login is ops:${p[13]}`, p[13]!],
      [`[10:02] erin: root / ${p[14]}`, p[14]!],
      [`Das Passwort für die Datenbank ist noch "${p[15]}"`, p[15]!],
      [`- A senha do painel é ${p[16]}$`, p[16]!],
      [`- 服务器密码是：${p[17]}`, p[17]!],
      [`- Mật khẩu máy chủ là ${p[18]}`, p[18]!],
      [`- सर्वर का पासवर्ड ${p[19]} है`, p[19]!],
    ];
    return {
      truePositives: tp.map(([text, secret]) => ({ text: text + '\n', secrets: [secret] })),
      falsePositives: [
        'The password for the admin account is stored in Vault.\n',
        'the password is at least 8 characters long\n',
        'The API key is 256-bit and base64-encoded.\n',
        'if password is None:\n',
        'password: must be at least 8 characters\n',
        'Das Passwort ist erforderlich.\n',
        'la password del server è scaduta\n',
        'the token is ${GITHUB_TOKEN}\n',
        'token: str = field(default_factory=make_token)\n',
        'read / write access for admin / viewers\n',
        'login is localhost:8080\n',
        'the password reset link expires in 24h\n',
        'API key for the service: see docs/keys.md\n',
        'password hashing uses bcrypt_v2 by default\n',
        '# api key header name: X-Api-Key-For-Internal-Services-2\n',
        "The password 'k1W8kdVb' is not checked here.\n",
        '密码长度至少8位\n',
        'Ο κωδικός πρόσβασης είναι υποχρεωτικός\n',
      ],
    };
  },
);
