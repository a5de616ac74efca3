// A password a person chose, under a password's name, is masked whatever its entropy; placeholders, labels, code
// and obviously fake test values stay. Every password is built at run time.
import { rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x3131;
/** A lower-case word-like password (low entropy: what people choose). */
const word = (n = 7) => rand('abcdefghijkmnopqrstuvwxyz', n, seed++ * 7919);

describe('weak-passwords: a low-entropy value after a password-like name is a secret', () => {
  const cases: [string, (v: string) => string, string][] = [
    ['python double quotes', (v) => `password = "${v}"`, 'hunt' + 'er2'],
    ['yaml bare', (v) => `password: ${v}`, 'hunt' + 'er2'],
    ['env bare', (v) => `PASSWORD=${v}`, 'hunt' + 'er2'],
    ['prefixed name, single quotes', (v) => `db_password = '${v}'`, 'let' + 'mein'],
    ['German name', (v) => `passwort = "${v}"`, 'gehe' + 'im'],
    ['German name, yaml', (v) => `  passwort: ${v}`, word()],
    ['French name', (v) => `mot_de_passe = "${v}"`, 'sole' + 'il'],
    ['Dutch name', (v) => `wachtwoord = "${v}"`, 'wel' + 'kom'],
    ['Portuguese name', (v) => `senha = "${v}"`, 'gat' + 'inho'],
    ['Russian name', (v) => `пароль = "${v}"`, 'кот' + 'ик'],
    ['Go :=', (v) => `adminPassword := "${v}"`, 'abc' + '123'],
    ['Ruby =>', (v) => `  :password => '${v}',`, word(6)],
    ['JSON field', (v) => `{"user": "svc", "pwd": "${v}"}`, word()],
    ['compound smtppass', (v) => `smtppass = ${v}`, word(8) + '1'],
    ['JS object', (v) => `  password: "${v}",`, 'P@ss' + 'w0rd!'],
    ['TOML', (v) => `pass = "${v}"`, 'summer' + '2024'],
    ['ini with spaces', (v) => `Password = ${v}`, word() + '9'],
    ['typed Kotlin', (v) => `val password: String = "${v}"`, word(6)],
    ['numbered name', (v) => `PASSWORD_2=${v}`, word(9)],
    ['digits only, quoted', (v) => `pin_password = "${v}"`, '4' + '8213'],
    ['docker-compose env list', (v) => `      - POSTGRES_PASSWORD=${v}`, word(8)],
    ['PHP array', (v) => `  'password' => '${v}',`, word(7)],
    ['yaml list of maps', (v) => `  - user: app\n    password: ${v}`, word(6)],
  ];
  for (const [name, form, v] of cases) it(`masks ${name}`, () => masks(form(v), [v]));
});

describe('weak-passwords: placeholders, labels, code and fake test values stay', () => {
  const benign = [
    'password = "changeme"',
    'password: ${DB_PASSWORD}',
    'password: <password>',
    'password = "xxx"',
    'password: "****"',
    'password: example',
    'password: your_password_here',
    '"password": "Passwort",',
    '"password": "Password:",',
    '"password": "Contraseña",',
    'password = getpass.getpass()',
    'password: string;',
    'password?: string;',
    'password = form.password',
    'password = password',
    'const testPassword = "test-password-123";',
    'password: fake_pw',
    'password = "mock-pass-1"',
    'pwd = "/home/me"',
    'password_file: ./secrets/db',
    'pass: true',
    'password: null',
    'password = None',
    'password_min_length = 12',
    'password = input',
    'bypass = "enabled"',
    'password = "%(db_password)s"',
    'password: "{{ vault_db_password }}"',
  ];
  for (const t of benign) it(`keeps ${t}`, () => keeps(t + '\n'));
});

describe('weak-passwords: code after a password name is not a value', () => {
  const code = [
    '        submitNewPassword: RESET_PASSWORD_V2_SUBMIT,',
    '$password = ConvertTo-SecureString $plain -AsPlainText -Force',
    '    local db_password = raw"${DB}";',
    'password = user_input',
    'const pwd = require("pw")',
    'password: str = Field(..., min_length=8)',
  ];
  for (const t of code) it(`keeps ${t}`, () => keeps(t + '\n'));
});

describe('weak-passwords: versions and well-known non-secrets under password names stay', () => {
  for (const t of ['    "pbkdf2-password": "1.2.1",', '    "password-hash": "^2.0.0",', 'const GCP_SERVICE_ACCOUNT_P12_PASSWORD = "notasecret";'])
    it(`keeps ${t}`, () => keeps(t + '\n'));
});

describe('weak-passwords: a pass that is not a password stays', () => {
  for (const t of ["  'allPass': 'overEvery',", 'renderPass = "shadow"', 'const firstPass = "tokenize";', 'bypass: "yes-please"'])
    it(`keeps ${t}`, () => keeps(t + '\n'));
  it('still masks db_pass and DB_PASS', () => {
    masks('db_pass = "gehe' + 'im"\n', ['gehe' + 'im']);
    masks('DB_PASS=sole' + 'il\n', ['sole' + 'il']);
  });
});

describe('weak-passwords: YAML aliases and one repeated character stay', () => {
  for (const t of ['  password: *default_password', '  password: &pw', `password = "${'\u0141'.repeat(12)}"`, 'password: "aaaaaa"'])
    it(`keeps ${t}`, () => keeps(t + '\n'));
});
