// Secrets one literal form away, as a blind red team wrote them (mask18): encoded (unpadded base64, hex,
// hex dumps), assembled in code (char codes, byte arrays, escaped C strings, concatenations, decoders), and
// written in prose or names the key rules did not read (other languages, homoglyphs, Windows commands,
// compound names, URL passwords holding `@`, `user / password` prose). Each class has secret lines (every
// one must be masked, no 8-char window of the secret left) and look-alikes (every one kept byte-identical).
// No token is spelled out: each is built at run time from parts.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, PASSWORD_CHARS, b64, j, rand } from '../../../src/core/secrets/samples';
import { leaks, linesOf } from './helpers';

export interface FormCase {
  /** The text (one or more lines). */
  text: string;
  /** Secret: the values no 8-char window of may survive; [] for a look-alike that must stay byte-identical. */
  secrets: string[];
}

const gh = (seed: number) => j('gh', 'p_') + rand(ALNUM, 36, seed);
const slackUser = (seed: number) => j('xox', 'p-') + rand('0123456789', 12, seed) + '-' + rand('0123456789', 12, seed + 1) + '-' + rand(ALNUM, 32, seed + 2);
const aws = (seed: number) => j('AK', 'IA') + rand('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16, seed);
const awsSecret = (seed: number) => rand(ALNUM + '/+', 40, seed);
const stripe = (seed: number) => j('sk', '_live_') + rand(ALNUM, 24, seed);
const glpat = (seed: number) => j('gl', 'pat-') + rand(ALNUM, 20, seed);
const pw = (seed: number) => rand(PASSWORD_CHARS.replace(/[#'"\\,;%]/g, ''), 14, seed) + '7!';

const bytesOf = (s: string) => [...new TextEncoder().encode(s)];
const hex = (s: string) =>
  bytesOf(s)
    .map((x) => x.toString(16).padStart(2, '0'))
    .join('');
const unpadded = (s: string) => b64(s).replace(/=+$/, '');
const b64urlNoPad = (s: string) => unpadded(s).replace(/\+/g, '-').replace(/\//g, '_');
/** xxd -p: 60 hex digits a line. */
const xxd = (s: string) =>
  hex(s)
    .match(/.{1,60}/g)!
    .join('\n');
/** od -An -tx1: 16 bytes a line, each ` hh`. */
const od = (s: string) =>
  bytesOf(s)
    .map((x) => ' ' + x.toString(16).padStart(2, '0'))
    .join('')
    .match(/.{1,48}/g)!
    .join('\n');
/** xxd (default): offset, groups of 4 hex digits, the ASCII column (which spells the token: masked anyway). */

export function encodedCases(): { secret: FormCase[]; benign: FormCase[] } {
  const t = [gh(0x1801), gh(0x1802), slackUser(0x1803), stripe(0x1804), glpat(0x1805), gh(0x1806), gh(0x1807), gh(0x1808)];
  const p = [pw(0x1811), pw(0x1812), pw(0x1813)];
  const envLine = `GITHUB_TOKEN=${t[1]}`;
  const env2 = `DB_USER=app\nDB_PASSWORD=${p[0]}\nDEBUG=false`;
  const awsPair = `aws_access_key_id = ${aws(0x1821)}\naws_secret_access_key = ${awsSecret(0x1822)}`;
  const secret: FormCase[] = [
    // Unpadded base64 (the padding stripped, or a length that needs none).
    { text: `KEY=${unpadded(t[0]!)}`, secrets: [unpadded(t[0]!)] },
    { text: `export BLOB=${unpadded(envLine)}`, secrets: [unpadded(envLine)] },
    { text: `  config: ${unpadded(env2)}`, secrets: [unpadded(env2)] },
    { text: `"creds": "${unpadded(awsPair)}",`, secrets: [unpadded(awsPair)] },
    { text: `token_b64url = '${b64urlNoPad(t[2]!)}'`, secrets: [b64urlNoPad(t[2]!)] },
    { text: `const s = "${unpadded('sk=' + t[3]!)}";`, secrets: [unpadded('sk=' + t[3]!)] },
    // Hex of a token or of a .env line.
    { text: `token = "${hex(t[0]!)}"`, secrets: [hex(t[0]!)] },
    { text: `SECRET_HEX=${hex(t[2]!)}`, secrets: [hex(t[2]!)] },
    { text: `  blob: ${hex(envLine).toUpperCase()}`, secrets: [hex(envLine).toUpperCase()] },
    { text: `{"data": "${hex(`password=${p[1]}`)}"}`, secrets: [hex(`password=${p[1]}`)] },
    { text: hex(t[4]!), secrets: [hex(t[4]!)] },
    { text: `val x = "${hex(t[5]!)}" // config`, secrets: [hex(t[5]!)] },
    { text: `value: 0x${hex(t[6]!)}`, secrets: [hex(t[6]!).slice(-40)] },
    { text: `echo ${hex('GITHUB_TOKEN=' + t[7]!)} | xxd -r -p`, secrets: [hex(t[7]!).slice(-40)] },
    { text: `  auth: ${unpadded('Authorization: Bearer ' + t[4]!)}`, secrets: [unpadded('Authorization: Bearer ' + t[4]!).slice(-40)] },
    // Hex dumps of a .env in command output.
    { text: xxd(`${envLine}\nDB_PASSWORD=${p[2]}\n`), secrets: [hex(t[1]!).slice(0, 40), hex(t[1]!).slice(-30), hex(p[2]!)] },
    { text: od(`API_TOKEN=${t[6]}\n`), secrets: [] },
    { text: `$ xxd -p .env\n${xxd(`TOKEN=${t[7]}\n`)}`, secrets: [hex(t[7]!).slice(0, 30), hex(t[7]!).slice(-30)] },
  ];
  const benign: FormCase[] = [
    { text: `commit = "${rand('0123456789abcdef', 40, 0x1831)}"`, secrets: [] },
    { text: `sha256 = "${rand('0123456789abcdef', 64, 0x1832)}"`, secrets: [] },
    { text: `id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"`, secrets: [] },
    { text: `  banner: ${unpadded('The quick brown fox jumps over the lazy dog, again and again')}`, secrets: [] },
    { text: `MOTD=${unpadded('Welcome to the staging cluster, be nice')}`, secrets: [] },
    { text: `greeting = "${hex('Hello world, this is a plain sentence here')}"`, secrets: [] },
    { text: `CFG=${unpadded('NODE_ENV=production\nPORT=3000\nLOG_LEVEL=debug')}`, secrets: [] },
    { text: `cfg_hex = "${hex('NODE_ENV=production PORT=3000 LOG_LEVEL=info')}"`, secrets: [] },
    { text: `"integrity": "sha512-${rand(ALNUM + '+/', 86, 0x1833)}=="`, secrets: [] },
    { text: xxd('Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor\n'), secrets: [] },
    { text: od('Hello world, nothing to see here\n'), secrets: [] },
    { text: `  payload: ${rand(ALNUM, 64, 0x1834)}`, secrets: [] },
    { text: `key_id = "${rand('0123456789ABCDEF', 48, 0x1835)}"`, secrets: [] },
    { text: `mac: ${hex('password reset link sent to the user')}`, secrets: [] },
    { text: `value: 0x${rand('0123456789abcdef', 40, 0x1836)}`, secrets: [] },
    { text: `uuid 123e4567-e89b-12d3-a456-426614174000 / 123e4567e89b12d3a456426614174000`, secrets: [] },
  ];
  return { secret, benign };
}

const codes = (s: string, sep = ',') => bytesOf(s).join(sep);
const hexCodes = (s: string, sep = ', ') =>
  bytesOf(s)
    .map((x) => '0x' + x.toString(16).padStart(2, '0'))
    .join(sep);
const octEsc = (s: string) =>
  bytesOf(s)
    .map((x) => '\\' + x.toString(8).padStart(3, '0'))
    .join('');
const hexEsc = (s: string) =>
  bytesOf(s)
    .map((x) => '\\x' + x.toString(16).padStart(2, '0'))
    .join('');

export function codeCases(): { secret: FormCase[]; benign: FormCase[] } {
  const t = Array.from({ length: 16 }, (_, k) => gh(0x1900 + k));
  const sl = slackUser(0x1920);
  const p = pw(0x1930);
  const refresh = j('xox', 'e.xox', 'p-1-') + rand(ALNUM, 40, 0x1931);
  const secret: FormCase[] = [
    { text: `const k = String.fromCharCode(${codes(t[0]!)});`, secrets: [codes(t[0]!).slice(0, 40), codes(t[0]!).slice(-40)] },
    { text: `const k = String.fromCharCode(${codes(t[1]!, ', ')});`, secrets: [codes(t[1]!, ', ').slice(-40)] },
    { text: `byte[] key = new byte[]{${hexCodes(t[2]!, ',')}};`, secrets: [hexCodes(t[2]!, ',').slice(-40)] },
    { text: `key = bytes([${codes(t[3]!, ', ')}]).decode()`, secrets: [codes(t[3]!, ', ').slice(-40)] },
    { text: `var key = []byte{${hexCodes(t[4]!)}}`, secrets: [hexCodes(t[4]!).slice(-40)] },
    { text: `const char *tok = "${octEsc(t[5]!)}";`, secrets: [octEsc(t[5]!).slice(-40)] },
    { text: `char tok[] = "${hexEsc(t[6]!)}";`, secrets: [hexEsc(t[6]!).slice(-40)] },
    { text: `TOKEN = "${hexEsc(t[7]!)}"`, secrets: [hexEsc(t[7]!).slice(-40)] },
    { text: `std::string tok = std::string("${t[8]!.slice(0, 4)}") + "${t[8]!.slice(4)}";`, secrets: [t[8]!.slice(4)] },
    { text: `val tok = "${t[9]!.slice(0, 4)}".concat("${t[9]!.slice(4)}")`, secrets: [t[9]!.slice(4)] },
    { text: `String tok = String.concat("${t[10]!.slice(0, 10)}", "${t[10]!.slice(10)}");`, secrets: [t[10]!.slice(10)] },
    { text: `byte[] k = Base64.getDecoder().decode("${unpadded(t[11]!)}");`, secrets: [unpadded(t[11]!)] },
    { text: `let k: &[u8] = b"${hexEsc(t[12]!)}";`, secrets: [hexEsc(t[12]!).slice(-40)] },
    { text: `refresh = '${refresh.slice(0, 12)}' + '${refresh.slice(12)}'`, secrets: [refresh.slice(12)] },
    { text: `slack = "${sl.slice(0, 5)}" + "${sl.slice(5, 20)}" + "${sl.slice(20)}"`, secrets: [sl.slice(20)] },
    { text: `const tok = [${codes(t[13]!)}].map((c) => String.fromCharCode(c)).join('');`, secrets: [codes(t[13]!).slice(-40)] },
    { text: `char[] pw = new char[]{${[...p].map((c) => `'${c}'`).join(', ')}};`, secrets: [] },
    { text: `val b = byteArrayOf(${hexCodes(t[14]!)})`, secrets: [hexCodes(t[14]!).slice(-40)] },
    { text: `s = ''.join(map(chr, [${codes(t[15]!)}]))`, secrets: [codes(t[15]!).slice(-40)] },
    { text: `const t = new TextDecoder().decode(new Uint8Array([${codes(t[12]!, ', ')}]));`, secrets: [codes(t[12]!, ', ').slice(-40)] },
    { text: `x = "${t[13]!.slice(0, 4)}" "${t[13]!.slice(4)}"`, secrets: [t[13]!.slice(4)] },
    // Not read yet (left for later): C's implicit concatenation of literals over two lines under a name that says nothing.
  ];
  const benign: FormCase[] = [
    { text: `const s = String.fromCharCode(72, 101, 108, 108, 111, 44, 32, 119, 111, 114, 108, 100);`, secrets: [] },
    { text: `static final byte[] PNG = new byte[]{(byte) 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a};`, secrets: [] },
    { text: `magic = bytes([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00])`, secrets: [] },
    { text: `var sbox = []byte{${Array.from({ length: 24 }, (_, k) => '0x' + ((k * 37 + 11) % 256).toString(16).padStart(2, '0')).join(', ')}}`, secrets: [] },
    { text: `printf("${octEsc('Hello, world')}\\n");`, secrets: [] },
    { text: `#define RED "\\x1b[31m"`, secrets: [] },
    { text: `msg = "${hexEsc('Connection refused by peer')}"`, secrets: [] },
    { text: `std::string greeting = std::string("hello") + " world";`, secrets: [] },
    { text: `val path = "/usr/local".concat("/share/app")`, secrets: [] },
    { text: `byte[] d = Base64.getDecoder().decode("${unpadded('Hello, world and friends')}");`, secrets: [] },
    { text: `let req = b"GET / HTTP/1.1\\r\\nHost: example.com\\r\\n\\r\\n";`, secrets: [] },
    { text: `const word = String.fromCharCode(${codes('password reset')});`, secrets: [] },
    { text: `const header = "X-" + "Request-" + "Id";`, secrets: [] },
    { text: `char vowels[] = {'a', 'e', 'i', 'o', 'u'};`, secrets: [] },
    { text: `s = ''.join(map(chr, [72, 101, 108, 108, 111, 32, 87, 111, 114, 108, 100, 33]))`, secrets: [] },
    { text: `printf("%s" "%s\n", name, value);`, secrets: [] },
    { text: `const crc = new Uint8Array([${Array.from({ length: 20 }, (_, k) => (k * 13) % 256).join(', ')}]);`, secrets: [] },
  ];
  return { secret, benign };
}

/** Cyrillic and Greek letters that look like Latin ones. */
const CONFUSE: Record<string, string> = { a: '\u0430', e: '\u0435', o: '\u043e', p: '\u0440', c: '\u0441', x: '\u0445', y: '\u0443', i: '\u0456', s: '\u0455' };
const GREEK: Record<string, string> = { o: '\u03bf', A: '\u0391', E: '\u0395', K: '\u039a', T: '\u03a4', P: '\u03a1', I: '\u0399', N: '\u039d' };
const swap = (s: string, table: Record<string, string>, only: string) => [...s].map((c) => (only.includes(c) ? (table[c] ?? c) : c)).join('');

export function proseCases(): { secret: FormCase[]; benign: FormCase[] } {
  const p = Array.from({ length: 24 }, (_, k) => pw(0x1a00 + k));
  const tok = rand(ALNUM, 32, 0x1a40);
  const secret: FormCase[] = [
    { text: `contraseña: ${p[0]}`, secrets: [p[0]!] },
    { text: `Le mot de passe : ${p[1]}`, secrets: [p[1]!] },
    { text: `パスワード：${p[2]}`, secrets: [p[2]!] },
    { text: `Das Passwort ist ${p[3]}`, secrets: [p[3]!] },
    { text: `пароль — ${p[4]}`, secrets: [p[4]!] },
    { text: `Kennwort: ${p[5]}`, secrets: [p[5]!] },
    { text: `A senha é ${p[6]}`, secrets: [p[6]!] },
    { text: `${swap('password', CONFUSE, 'a')} = "${p[7]}"`, secrets: [p[7]!] },
    { text: `DB_${swap('PASSWORD', { A: '\u0410', O: '\u041e', P: '\u0420' }, 'AO')}=${p[8]}`, secrets: [p[8]!] },
    { text: `${swap('api_token', GREEK, 'o')}: ${tok}`, secrets: [tok] },
    { text: `net use \\\\fileserver\\share /user:CORP\\admin ${p[9]}`, secrets: [p[9]!] },
    { text: `psexec \\\\host01 -u admin -p ${p[10]} cmd.exe`, secrets: [p[10]!] },
    { text: `PsExec64.exe \\\\10.0.0.5 -u CORP\\svc -p "${p[11]}" -s powershell`, secrets: [p[11]!] },
    { text: `vault_pass_fallback = "${p[12]}"`, secrets: [p[12]!] },
    { text: `dbPasswordBackup: ${p[13]}`, secrets: [p[13]!] },
    { text: `  old_secret_v2 = '${p[14]}'`, secrets: [p[14]!] },
    { text: `smtpAuthTokenOverride=${tok.slice(0, 24)}`, secrets: [tok.slice(0, 24)] },
    { text: `url = "https://deploy:${p[15]!.slice(0, 6)}@${p[15]!.slice(6)}@git.example.com/repo.git"`, secrets: [p[15]!.slice(6)] },
    { text: `DATABASE_URL=postgres://app:${p[16]!.slice(0, 5)}@x${p[16]!.slice(5)}@db.internal:5432/app`, secrets: [p[16]!.slice(5)] },
    { text: `login: admin / ${p[17]}`, secrets: [p[17]!] },
    { text: `credentials: root/${p[18]}`, secrets: [p[18]!] },
    { text: `user/pass: deploy / ${p[19]}`, secrets: [p[19]!] },
    { text: `wachtwoord = ${p[20]}`, secrets: [p[20]!] },
    { text: `Il mot de passe est ${p[21]}`, secrets: [p[21]!] },
    { text: `La contraseña es ${p[22]}`, secrets: [p[22]!] },
    { text: `s${swap('ecret_key', CONFUSE, 'e')} = "${p[23]}"`, secrets: [p[23]!] },
    { text: `${swap('TOKEN', GREEK, 'TOKEN')}=${tok}`, secrets: [tok] },
    { text: `Mot de passe\u00a0: ${p[2]}`, secrets: [p[2]!] },
    { text: `Hasło jest ${p[3]}`, secrets: [p[3]!] },
    { text: `lösenordet är ${p[4]}`, secrets: [p[4]!] },
    { text: `account: svc-deploy / ${p[5]}`, secrets: [p[5]!] },
  ];
  const benign: FormCase[] = [
    { text: `contraseña: ********`, secrets: [] },
    { text: `Das Passwort ist erforderlich.`, secrets: [] },
    { text: `Le mot de passe : voir le coffre`, secrets: [] },
    { text: `пароль — обязательное поле`, secrets: [] },
    { text: `Привет, мир! Это обычный текст о погоде.`, secrets: [] },
    { text: `Ο κωδικός είναι υποχρεωτικός`, secrets: [] },
    { text: `net use \\\\fileserver\\share /persistent:yes`, secrets: [] },
    { text: `psexec \\\\host01 -s -i cmd.exe`, secrets: [] },
    { text: `password_min_length = 12`, secrets: [] },
    { text: `tokenCountLimit: 4096`, secrets: [] },
    { text: `const passwordResetUrl = "/account/reset";`, secrets: [] },
    { text: `url = "https://git@github.com/org/repo.git"`, secrets: [] },
    { text: `mail: "mailto:someone@example.com"`, secrets: [] },
    { text: `login: admin / logout: /signout`, secrets: [] },
    { text: `See src/auth/password.ts / docs/tokens.md`, secrets: [] },
    { text: `secret_santa_enabled = true`, secrets: [] },
    { text: `keyboard_layout = "de_DE"`, secrets: [] },
    { text: `Русский текст: пароль должен быть длинным`, secrets: [] },
    { text: `account: billing / invoices`, secrets: [] },
    { text: `ΚΑΙ: το ΤΟΚΕΝ δεν είναι εδώ`, secrets: [] },
  ];
  return { secret, benign };
}

/**
 * One describe per group: every secret case masked with its line count kept and no 8-char window of its secret
 * left; every look-alike byte-identical. Shared by forms.test.ts and forms-inverse.test.ts.
 */
export function describeForms(groups: readonly (readonly [string, () => { secret: FormCase[]; benign: FormCase[] }])[]): void {
  for (const [name, make] of groups) {
    describe(`secret forms: ${name}`, () => {
      const { secret, benign } = make();
      it(`masks each of ${secret.length} secret variants`, () => {
        const problems: string[] = [];
        for (const c of secret) {
          const out = maskText(c.text).text;
          if (linesOf(out).length !== linesOf(c.text).length) problems.push(`line count changed: ${JSON.stringify(c.text).slice(0, 120)}`);
          else if (out === c.text) problems.push(`not masked: ${JSON.stringify(c.text).slice(0, 120)}`);
          else for (const s of c.secrets) if (leaks(out, s)) problems.push(`leaks ${s.slice(0, 6)}…: ${JSON.stringify(out).slice(0, 120)}`);
        }
        assert.deepEqual(problems, []);
      });
      it(`keeps each of ${benign.length} look-alikes byte-identical`, () => {
        const changed = benign.filter((c) => maskText(c.text).text !== c.text).map((c) => JSON.stringify(c.text).slice(0, 120));
        assert.deepEqual(changed, []);
      });
    });
  }
}
