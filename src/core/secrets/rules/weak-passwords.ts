// A password a person chose, under a password's name: `password = "hunter2"`, `DB_PASSWORD=letmein`,
// `passwort: sommer`, `mot_de_passe = "soleil"`, `adminPassword := "abc123"`. The generic rule judges a value by
// its shape (entropy, character classes) and lets low-entropy words through as placeholders or prose; but a
// value the name calls a password is one whatever its entropy, unless it is a recognizable placeholder
// (`changeme`, `${VAR}`, `<password>`, `xxx`, `****`, `example`), a label (`"password": "Passwort"`), code
// (`password = getpass()`, `password: string;`) or an obviously fake test value (`"test-password-1"`).
// Threat: weak passwords are the ones an attacker guesses first; showing one to the model hands it over.
// Cost: a line rule: the pre-scan offers only candidate lines holding one of its keywords.
import { isPlaceholderNote, isReference, isVariableLed, isWordyIdentifier, MEMBER_ACCESS } from '../entropy';
import { classifyName, FOREIGN_PASSWORD_WORDS, nameWords } from '../names';
import { rand } from '../samples';
import type { Hit, LineRule } from '../types';

const RULE = 'weak-password';
/** Below every other rule (the line forms' 2.5): it adds only what the others leave. */
const PRIORITY = 2.8;

/** The last word of a name that says password (in any language), not secret or token. */
const PASSWORD_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'pw',
  'pswd',
  'passwort',
  'passe',
  'motdepasse',
  'passord',
  ...FOREIGN_PASSWORD_WORDS.filter((w) => !/^se[ck]ret|^segre|^sekret/.test(w)),
]);
/** Words before `pass` that say whose password it is (`db_pass`, `ADMIN_PASS`, `smtp.pass`). */
const PASS_OWNERS = new Set(
  'db database admin root user username login account acct auth basic http proxy smtp mail email imap pop ftp sftp ssh vnc rdp sql mysql pg postgres mongo redis ldap bind api app web client server service svc master key store trust sudo wifi wlan rabbit rabbitmq amqp mqtt sa bot default my'.split(
    ' ',
  ),
);
/** A run-together password word (`dbpassword`, `smtppass`, `adminpwd`). */
const COMPOUND = /(?:password|passwd|pass|pwd)$/;

/** `name op value`: the name (optionally quoted), `=` `:` `:=` `=>` (not `==`), the value quoted or bare. */
const ASSIGN =
  /(?<![\w$.-])(["']?)([A-Za-z_$\u00c0-\u024f][\w$.\-\u00c0-\u024f]*)\1[ \t]*(?:\?[ \t]*)?(?::[ \t]*[A-Za-z_][\w.<>[\]|?]*[ \t]*(?==))?(:=|=>|(?<![=!<>])=(?![=>~])|:(?!:))[ \t]*(?:"([^"\\\n]*)"|'([^'\\\n]*)'|`([^`\\\n$]*)`|([^\s"'`,;#]+))([ \t]*[,;]?)/dg;

/** Placeholders people write where a password goes, and the words a form or a type puts there. */
const PLACEHOLDER =
  /^(?:x+|\*+|\.+|-+|_+|#+|0+|\?+|<[^<>]*>|\[[^\]]*\]|\{[^{}]*\}|%[^%]*%|n\/?a|none|null|nil|undefined|empty|true|false|yes|no|string|str|bool|boolean|int|number|text|required|optional|value|default|secret|password|passwd|pass|pwd|todo|fixme|tbd|foo|bar|baz|qux|foobar|notasecret|nosecret|unused|unset|disabled|off|on)$|change[_\- ]?me|replace[_\- ]?me|^your[_\- ]|[_\- ]here$|placeholder|redacted|dummy|example|sample|xxx|\*{3}|\.{3}|^insert[_\- ]|^enter[_\- ]|^set[_\- ]?me|^put[_\- ]/i;
/** A value that says it is a stand-in for tests: `test-password-1`, `fake_pw`, `mockPass123`, `demo`. */
const FAKE = /(?:^|[^a-z])(?:test|testing|fake|mock|dummy|stub|demo|sample|example|fixture)(?![a-z])|^(?:test|fake|mock|dummy|stub|demo)/i;
/** A label: the word password (in any language) as an interface writes it, or text ending in `:`. */
const LABEL =
  /^(?:pass(?:word|wort|e|ord)?|passwd|kennwort|contrase(?:ñ|n)a|senha|wachtwoord|salasana|heslo|has(?:ł|l)o|(?:ş|s)ifre|jelsz(?:ó|o)|l(?:ö|o)senord|adgangskode|parola|mot de passe|пароль|密码|密碼|パスワード|비밀번호)$/iu;

/** Whether `name`'s last word says password. */
function passwordName(name: string): boolean {
  if (classifyName(name) !== 'strong') return false;
  const words = nameWords(name);
  let k = words.length - 1;
  while (k > 0 && /^\d{1,2}$/.test(words[k]!)) k--;
  const last = words[k] ?? '';
  // `pass` alone is a compiler's or a test's pass too (`allPass`, `renderPass`, `firstPass`): only after nothing or a
  // word naming whose password it is.
  if (last === 'pass' && k > 0 && !PASS_OWNERS.has(words[k - 1]!)) return false;
  if (PASSWORD_WORDS.has(last) || (COMPOUND.test(last) && last !== 'bypass' && last !== 'compass' && last !== 'surpass' && last !== 'trespass')) return true;
  // `mot_de_passe`, `mot-de-passe`.
  return last === 'passe' || (k >= 2 && words[k - 2] === 'mot' && words[k - 1] === 'de');
}

/** Whether `v` (quoted or not) is a password someone set, not a stand-in, a label, a path or code. */
export function weakPassword(v: string, quoted: boolean, line: string, name: string): boolean {
  if (v.length < 4 || v.length > 64 || /\s/.test(v)) return false;
  if (PLACEHOLDER.test(v) || isPlaceholderNote(v) || FAKE.test(v) || LABEL.test(v) || v.endsWith(':') || new Set(v).size <= 3) return false;
  if (isVariableLed(v) || v.startsWith('«') || isReference(v) || v.includes('://')) return false;
  // The name itself or its words again (`password: password`, `db_password: db_password`).
  const lower = v.toLowerCase();
  if (nameWords(name).join('') === lower.replace(/[^a-z0-9]/g, '')) return false;
  // A version (`"pbkdf2-password": "1.2.1"`: a package's name, not a password's).
  if (/^[~^<>=v]*\d+(?:\.[\dx*]+)+(?:[-+][\w.]+)?$/.test(v)) return false;
  // A path (`pwd = "/home/me"`, `password_file: ./secrets/db`).
  if (/^(?:[/~]|\.{1,2}\/|[A-Za-z]:\\)/.test(v)) return false;
  // A camelCase name quoted (`'allPass': 'overEvery'`: an alias map of functions) is code's.
  if (/^[a-z]+(?:[A-Z][a-z]+)+$/.test(v) && isWordyIdentifier(v)) return false;
  if (!quoted) {
    // YAML's alias, anchor or tag (`*default_password`, `&pw`, `!vault`): not the value.
    if (/^[*&!]/.test(v)) return false;
    // Code: a call, an index, a member access, a type, a keyword; a plain identifier is a variable, but in a
    // config line (`key: value` alone on its line, `KEY=value`) it is the value.
    if (/[()[\]{}<>]/.test(v) || MEMBER_ACCESS.test(v)) return false;
    // A constant (`RESET_PASSWORD_V2_SUBMIT`) is a name wherever it stands.
    if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(v)) return false;
    if (/^[A-Za-z_$][\w$]*$/.test(v) || /^\d+$/.test(v)) {
      const config = configLine(line);
      if (config === 0 || (config === 2 && !/[^A-Za-z_]/.test(v))) return false;
    }
  }
  return true;
}

/**
 * A line of a config file holding one `key: value` or `KEY=value` and nothing after it (1), or `key = value`,
 * which is an ini file's or a program's assignment (2); 0: neither.
 */
function configLine(line: string): number {
  if (/^[ \t]*(?:-[ \t]+)?(?:export[ \t]+)?["']?[\w.-]+["']?(?:[ \t]*:[ \t]+|=)[^\s,;]+[ \t]*\r?$/.test(line)) return 1;
  return /^[ \t]*[\w.-]+[ \t]+=[ \t]+[^\s,;]+[ \t]*\r?$/.test(line) ? 2 : 0;
}

export const weakPasswordRule: LineRule = {
  id: RULE,
  description:
    'A password under a password-named key whatever its entropy (hunter2, letmein, geheim), unless a placeholder, a label, a path, code or a fake test value',
  keywords: [
    'pass',
    'pwd',
    'pw',
    'pswd',
    'kennwort',
    'contrase',
    'senha',
    'wachtwoord',
    'salasana',
    'heslo',
    'haslo',
    'sifre',
    'jelszo',
    'losenord',
    'adgangskode',
    'parola',
    'geheim',
    'sandi',
    'khau',
    'clave',
  ],
  priority: PRIORITY,
  scan(line: string, out: Hit[]): void {
    ASSIGN.lastIndex = 0;
    for (let m = ASSIGN.exec(line); m !== null; m = ASSIGN.exec(line)) {
      const g = m[4] !== undefined ? 4 : m[5] !== undefined ? 5 : m[6] !== undefined ? 6 : 7;
      const v = m[g]!;
      if (!passwordName(m[2]!)) continue;
      if (!weakPassword(v, g !== 7, line, m[2]!)) continue;
      // A bare value ends the statement (a `,` or `;`, a comment may follow): `= raw"…"`, `= Cmd -Flag …` are code.
      if (g === 7 && !/^[ \t]*[,;]?[ \t]*(?:[ \t](?:#|\/\/).*)?\r?$/.test(line.slice(m.indices![7]![1]))) continue;
      const [s, e] = m.indices![g]!;
      out.push({ start: s, end: e, rule: RULE, priority: PRIORITY });
    }
  },
  samples: () => {
    // Built from parts: no committed file spells a password after its name.
    const words = [
      'hunt' + 'er2',
      'let' + 'mein',
      'gehe' + 'im',
      'sole' + 'il',
      'wel' + 'kom',
      'abc' + '123',
      'som' + 'mer',
      rand('abcdefghijkmnopqrstuvwxyz', 6, 0x3131),
    ];
    const [a, b, c, d, e, f, g, h] = words as [string, string, string, string, string, string, string, string];
    return {
      truePositives: [
        { text: `password = "${a}"\n`, secrets: [a] },
        { text: `DB_PASSWORD=${b}\n`, secrets: [b] },
        { text: `passwort = "${c}"\n`, secrets: [c] },
        { text: `mot_de_passe = '${d}'\n`, secrets: [d] },
        { text: `  admin_pass: ${e}\n`, secrets: [e] },
        { text: `adminPassword := "${f}"\n`, secrets: [f] },
        { text: `  passwort: ${g}\n`, secrets: [g] },
        { text: `{"user": "svc", "pwd": "${h}"}\n`, secrets: [h] },
      ],
      falsePositives: [
        'password = "changeme"\npassword: ${DB_PASSWORD}\npassword: <password>\npassword = "xxx"\npassword: "****"\npassword: example\n',
        '"password": "Passwort",\n"password": "Mot de passe",\n"password_label": "Password:"\n',
        'password = getpass.getpass()\npassword: string;\npassword = form.password\n',
        'const testPassword = "test-password-123";\npassword: fake_pw\npwd = "/home/me"\npassword_file: ./secrets/db\n',
        'password = password\npass: true\npassword: null\n',
      ],
    };
  },
};
