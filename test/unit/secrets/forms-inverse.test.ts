// Secrets written so that only their decoder reads them (mask20): literals written wholly in escapes
// (`"\x67\x68…"`, `"\u0067…"`, `"\U00000067…"`, octal), characters and codes in more languages
// (`charArrayOf(…)`, `new char[]{'g', …}`, `"".join(chr(c) for c in […])` of a password), and literals next
// to the inverse of their transform (rot13, reversal, percent-encoding). Each secret case must be masked
// with no 8-char window of its secret left; each look-alike (escaped prose, codes and characters of words,
// reversed or rot13 words, percent-encoded paths) stays byte-identical. Tokens are built at run time.
import { ALNUM, PASSWORD_CHARS, j, rand } from '../../../src/core/secrets/samples';
import { describeForms, type FormCase } from './forms.cases';

const gh = (seed: number) => j('gh', 'p_') + rand(ALNUM, 36, seed);
const ant = (seed: number) => j('sk', '-ant-', 'api03-') + rand(ALNUM, 93, seed) + 'AA';
const glpat = (seed: number) => j('gl', 'pat-') + rand(ALNUM, 20, seed);
const npm = (seed: number) => j('np', 'm_') + rand(ALNUM, 36, seed);
const hf = (seed: number) => j('h', 'f_') + rand(ALNUM, 34, seed);
const slack = (seed: number) => j('xox', 'b-') + rand('0123456789', 12, seed) + '-' + rand('0123456789', 13, seed + 1) + '-' + rand(ALNUM, 24, seed + 2);
const pw = (seed: number) => rand(PASSWORD_CHARS.replace(/[#'"\\,;%]/g, ''), 16, seed) + '7!';

const codes = (s: string) => [...s].map((c) => c.charCodeAt(0));
const xesc = (s: string) =>
  codes(s)
    .map((x) => '\\x' + x.toString(16).padStart(2, '0'))
    .join('');
const XESC = (s: string) =>
  codes(s)
    .map((x) => '\\x' + x.toString(16).toUpperCase().padStart(2, '0'))
    .join('');
const uesc = (s: string) =>
  codes(s)
    .map((x) => '\\u' + x.toString(16).padStart(4, '0'))
    .join('');
const Uesc = (s: string) =>
  codes(s)
    .map((x) => '\\U' + x.toString(16).padStart(8, '0'))
    .join('');
const ubrace = (s: string) =>
  codes(s)
    .map((x) => '\\u{' + x.toString(16) + '}')
    .join('');
const oesc = (s: string) =>
  codes(s)
    .map((x) => '\\' + x.toString(8).padStart(3, '0'))
    .join('');
const chars = (s: string) => [...s].map((c) => `'${c === "'" || c === '\\' ? '\\' + c : c}'`).join(', ');
const rot13 = (s: string) => s.replace(/[A-Za-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97)));
const rev = (s: string) => [...s].reverse().join('');
const pct = (s: string) =>
  [...s].map((c, i) => (i % 3 === 0 || /[^\w]/.test(c) ? '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0') : c)).join('');

function escapeCases(): { secret: FormCase[]; benign: FormCase[] } {
  const t = [ant(0x2001), gh(0x2002), slack(0x2003), npm(0x2004), hf(0x2005), glpat(0x2006), gh(0x2007)];
  const p = pw(0x2011);
  const secret: FormCase[] = [
    { text: `static const char kKey[] = "${xesc(t[0]!)}";`, secrets: [xesc(t[0]!)] },
    { text: `TOKEN = "${XESC(t[1]!)}"`, secrets: [XESC(t[1]!)] },
    { text: `const e = "${uesc(t[2]!)}";`, secrets: [uesc(t[2]!)] },
    { text: `  "value": "${uesc(t[3]!)}",`, secrets: [uesc(t[3]!)] },
    { text: `String k = "${uesc(t[4]!)}";`, secrets: [uesc(t[4]!)] },
    { text: `k = "${Uesc(t[5]!)}"`, secrets: [Uesc(t[5]!)] },
    { text: `let k = "${ubrace(t[6]!)}";`, secrets: [ubrace(t[6]!)] },
    { text: `db_password = "${xesc(p)}"`, secrets: [xesc(p)] },
    { text: `char *s = "${oesc(t[1]!)}";`, secrets: [oesc(t[1]!)] },
  ];
  const benign: FormCase[] = [
    { text: `printf("${xesc('Hello, world! This is plain text.')}\\n");`, secrets: [] },
    { text: `const msg = "${uesc('Welcome back to the dashboard')}";`, secrets: [] },
    { text: `  "title": "${uesc('Configuration settings')}",`, secrets: [] },
    { text: 'const NBSP = /[\\u00a0\\u1680\\u2000\\u2001\\u2002\\u2003\\u2004\\u2005\\u2006\\u2007\\u2008]/g;', secrets: [] },
    { text: 'magic = b"\\x89\\x50\\x4e\\x47\\x0d\\x0a\\x1a\\x0a\\x00\\x00\\x00\\x0d"', secrets: [] },
    { text: `label = "${xesc('user_name_field')}"`, secrets: [] },
  ];
  return { secret, benign };
}

function charCases(): { secret: FormCase[]; benign: FormCase[] } {
  const t = [hf(0x2021), gh(0x2022), npm(0x2023), glpat(0x2024)];
  const p = [pw(0x2031), pw(0x2032), pw(0x2033)];
  const secret: FormCase[] = [
    { text: `    val key = String(charArrayOf(${codes(t[0]!).join(', ')}))`, secrets: [codes(t[0]!).join(', ')] },
    { text: `PW = "".join(chr(c) for c in [${codes(p[0]!).join(', ')}])`, secrets: [codes(p[0]!).join(', ')] },
    { text: `password = bytes([${codes(p[1]!).join(', ')}]).decode()`, secrets: [codes(p[1]!).join(', ')] },
    { text: `String k = new String(new char[]{${chars(t[1]!)}});`, secrets: [chars(t[1]!)] },
    { text: `val t = String(charArrayOf(${chars(t[2]!)}))`, secrets: [chars(t[2]!)] },
    { text: `secret = ''.join([${chars(p[2]!)}])`, secrets: [chars(p[2]!).slice(-40)] },
  ];
  const benign: FormCase[] = [
    { text: `    val s = String(charArrayOf(${codes('hello world again').join(', ')}))`, secrets: [] },
    { text: `name = "".join(chr(c) for c in [${codes('administrator').join(', ')}])`, secrets: [] },
    { text: `char[] vowels = new char[]{${chars('aeiouAEIOUyY')}};`, secrets: [] },
    { text: `val hex = charArrayOf(${chars('0123456789abcdef')})`, secrets: [] },
    { text: `label = bytes([${codes('Quarterly report').join(', ')}]).decode()`, secrets: [] },
  ];
  return { secret, benign };
}

function inverseCases(): { secret: FormCase[]; benign: FormCase[] } {
  const t = [gh(0x2041), npm(0x2042), glpat(0x2043), slack(0x2044), hf(0x2045), gh(0x2046), npm(0x2047), glpat(0x2048)];
  const p = [pw(0x2051), pw(0x2052)];
  const secret: FormCase[] = [
    { text: `KEY = codecs.decode("${rot13(t[0]!)}", "rot13")`, secrets: [rot13(t[0]!)] },
    { text: `const rot = rot13("${rot13(t[1]!)}");`, secrets: [rot13(t[1]!)] },
    { text: `TOKEN=$(echo '${rot13(t[2]!)}' | tr 'A-Za-z' 'N-ZA-Mn-za-m')`, secrets: [rot13(t[2]!)] },
    { text: `$k = str_rot13('${rot13(t[3]!)}');`, secrets: [rot13(t[3]!)] },
    { text: `k = codecs.decode('${rot13(t[4]!)}', 'rot_13')`, secrets: [rot13(t[4]!)] },
    { text: `tok = URLDecoder.decode("${pct(t[5]!)}", "UTF-8");`, secrets: [pct(t[5]!)] },
    { text: `    static let k = String("${rev(t[4]!)}".reversed())`, secrets: [rev(t[4]!)] },
    { text: `tok = "${rev(t[5]!)}"[::-1]`, secrets: [rev(t[5]!)] },
    { text: `const k = "${rev(t[6]!)}".split('').reverse().join('');`, secrets: [rev(t[6]!)] },
    { text: `$k = strrev('${rev(t[7]!)}');`, secrets: [rev(t[7]!)] },
    { text: `K=$(rev <<< '${rev(t[0]!)}')`, secrets: [rev(t[0]!)] },
    { text: `K=$(echo '${rev(t[2]!)}' | rev)`, secrets: [rev(t[2]!)] },
    { text: `const u = decodeURIComponent("${pct(p[0]!)}");`, secrets: [pct(p[0]!)] },
    { text: `password = unquote('${pct(p[1]!)}')`, secrets: [pct(p[1]!)] },
    { text: `tok = urllib.parse.unquote("${pct(t[1]!)}")`, secrets: [pct(t[1]!)] },
  ];
  const benign: FormCase[] = [
    { text: `greeting = codecs.decode("${rot13('Hello there, friend')}", "rot13")`, secrets: [] },
    { text: `const r = rot13("${rot13('configuration')}");`, secrets: [] },
    { text: `echo 'Uryyb_Jbeyq' | tr 'A-Za-z' 'N-ZA-Mn-za-m'`, secrets: [] },
    { text: `    let s = String("${rev('dashboard_settings')}".reversed())`, secrets: [] },
    { text: `word = "${rev('racecar level')}"[::-1]`, secrets: [] },
    { text: `const s = "${rev('user-profile-page')}".split('').reverse().join('');`, secrets: [] },
    { text: `const path = decodeURIComponent("docs%2Fguide%2Finstall.md");`, secrets: [] },
    { text: `q = unquote("hello%20world%21")`, secrets: [] },
    { text: `digits = "1234567890"[::-1]`, secrets: [] },
    { text: `git rev-parse --short HEAD | rev`, secrets: [] },
    { text: `name=$(echo 'lanoitanretni_gnimoorg' | rev)`, secrets: [] },
  ];
  return { secret, benign };
}

describeForms([
  ['literals written in escapes', escapeCases],
  ['characters and codes in more languages', charCases],
  ['literals next to their inverse (rot13, reversal, percent-encoding)', inverseCases],
]);
