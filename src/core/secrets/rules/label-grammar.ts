// label-grammar: a password under a label the key-value rules do not read as a key:
// - the word for password, then words saying whose it is, then the separator (`contraseña de la base de datos: V`,
//   `Passwort für den Admin-Zugang: V`, `mot de passe du serveur = V`, `senha do banco: V`, `пароль от базы: V`,
//   `password for the admin account: V`): the value is the line's last word, alone after the separator;
// - a secret's name written head first (`password_db = V`, `PASSWORD_ADMIN=V`, `chave_de_acesso: V`,
//   `contrasena_bd = V`, `token_github: T`): names.ts classifies those names, but the pre-scan looks for a secret
//   word at a name's end, so the line never reached a key-value rule.
// Threat: found by a blind red team; each line was shown to the model verbatim.
// Cost: each form is gated by literals (the gates' one pass) and runs only on texts holding one.
import { PASSWORD_CHARS, rand } from '../samples';
import { registerGates } from './gates';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { headFirstName } from '../names';
import { formLiterals, named, password, scanForms, type Form } from './form-scan';

const RULE = 'label-grammar';

const PASSWORD_WORDS =
  'contraseña|contrasena|passwort|kennwort|mot de passe|senha|пароль|clave|wachtwoord|hasło|haslo|lösenord|losenord|parola|salasana|heslo|password|passwd';
/** Words between the label and the separator that say the value is not the password itself. */
const NOT_THE_VALUE =
  /\b(?:hash|policy|policies|length|reset|hint|file|path|rule|rules|min|max|field|label|format|salt|expir\w*|change|changed|strength|manager|requirements?|länge|longitud|longueur|comprimento|oublié|olvidada|vergessen)\b/iu;

/** Head-first password words beyond the first form's gates (names.ts reads each as a password word). */
const HEAD_FIRST_MORE = ['wachtwoord', 'salasana', 'heslo', 'haslo', 'parola', 'jelszo', 'losenord', 'sifre', 'adgangskode', 'passord'];

const FORMS: Form[] = [
  {
    gates: [
      'asswor',
      'asswd',
      'ASSWOR',
      'ontrase',
      'ONTRASE',
      'ennwort',
      'ot de passe',
      'enha',
      'ENHA',
      'ароль',
      'АРОЛЬ',
      'lave ',
      'achtwoord',
      'asło',
      'aslo',
      'senord',
      'arola',
      'alasana',
      'eslo',
    ],
    re: new RegExp(
      `(?:^|[^\\p{L}\\p{N}_])(?:${PASSWORD_WORDS})((?:[ \\t]+[\\p{L}\\p{M}\\p{N}'’.-]+){1,6})[ \\t]*[:=：][ \\t]*(["'«“]?)([^\\s"'»”]{6,})\\2[ \\t]*\\r?$`,
      'dgimu',
    ),
    // Each line holding a gate is read alone (a form over the whole text tried its leading class at every character).
    line: true,
    groups: [3],
    judge: (v, m) => !NOT_THE_VALUE.test(m[1]!) && password(v, m, ''),
  },
  {
    gates: [
      'password_',
      'PASSWORD_',
      'Password_',
      'passwd_',
      'PASSWD_',
      'pwd_',
      'PWD_',
      'pass_',
      'PASS_',
      'secret_',
      'SECRET_',
      'token_',
      'TOKEN_',
      'Token_',
    ].concat(
      ['senha_', 'SENHA_', 'contrasena_', 'CONTRASENA_', 'clave_', 'CLAVE_', 'chave_', 'CHAVE_', 'chiave_', 'passwort_', 'PASSWORT_', 'kennwort_'],
      ['password-', 'secret-', 'token-', 'senha-', 'contrasena-', 'clave-', 'chave-'],
      // The other languages' words for password, head first (`wachtwoord_db`, `SALASANA_PROD`, `parola-admin`).
      HEAD_FIRST_MORE.flatMap((w) => [w + '_', w.toUpperCase() + '_', w + '-']),
      ['mot_de_passe_', 'MOT_DE_PASSE_', 'mot-de-passe-'],
      // Beyond ASCII: the ASCII part of the word where it has one (a gate beyond ASCII is a search of its own).
      ['hasło_', 'HASŁO_', 'senord_', 'SENORD_', 'elszó_', 'ELSZÓ_', 'ifre_', 'IFRE_', 'ntraseña_', 'NTRASEÑA_'],
    ),
    re: /(?:^|[^\w.$-])((?:password|passwd|pwd|pass|secret|token|senha|contrasena|clave|chave|chiave|passwort|kennwort|wachtwoord|salasana|heslo|haslo|parola|jelszo|losenord|sifre|adgangskode|passord|mot[_-]de[_-]passe|hasło|lösenord|jelszó|şifre|contraseña)(?:[_-][A-Za-z]+){1,3})(["']?)[ \t]*(?:=|:(?!:))[ \t]*(["'`]?)([^\s"'`,;()]+)\3(?![\w(:])/dgi,
    line: true,
    groups: [4],
    judge: (v, m, t) => headFirstName(m[1]!) && named(1)(v, m, t),
  },
];
registerGates(formLiterals(FORMS));

export const labelGrammar: BlockRule = {
  id: RULE,
  description:
    'A password under a label of words (contraseña de la base de datos: V, Passwort für den Admin-Zugang: V), and secret names written head first (password_db, PASSWORD_ADMIN, chave_de_acesso)',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0x34a100;
    const p = Array.from({ length: 8 }, () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'",;:|%\\()<>{}@/\s$?+=-]/g, ''), 14, seed++ * 7919) + '!');
    return {
      truePositives: [
        { text: `contraseña de la base de datos: ${p[0]}`, secrets: [p[0]!] },
        { text: `Passwort für den Admin-Zugang: ${p[1]}`, secrets: [p[1]!] },
        { text: `mot de passe du serveur = ${p[2]}`, secrets: [p[2]!] },
        { text: `пароль от базы: ${p[3]}`, secrets: [p[3]!] },
        { text: `password_db = "${p[4]}"`, secrets: [p[4]!] },
        { text: `PASSWORD_ADMIN=${p[5]}`, secrets: [p[5]!] },
        { text: `chave_de_acesso: "${p[6]}"`, secrets: [p[6]!] },
        { text: `wachtwoord_db=${p[7]}`, secrets: [p[7]!] },
      ],
      falsePositives: [
        'contraseña de la base de datos: ver el gestor de secretos',
        'Passwort für den Admin-Zugang: siehe Vault',
        'password hash for the admin user: $PASSWORD_HASH',
        'password_db_host = "db.internal"',
        'PASSWORD_MIN_LENGTH=12',
        'token_url: https://auth.example.com/oauth/token',
        'parola_chiave=ricerca',
        'salasana_min_pituus=12',
      ],
    };
  },
};
