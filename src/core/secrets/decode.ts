// Decoded views of a line: what a reader of the line sees, for the rules to judge. A secret hides from a
// pattern by writing its key or its value in a form the pattern does not read but a program (or a
// person) does: a zero-width or other invisible character inside a token (`ghp_` + U+200B + …), a soft
// hyphen in a key (`API` + U+00AD + `TOKEN=`), full-width letters and separators (`ＳＥＣＲＥＴ＿ＫＥＹ＝…`, NFKC
// folds them onto ASCII), JSON and JavaScript escapes (`"pass\u0077ord": "…"`), and the word for
// password in another language (`密码=…`, `пароль: …`, `パスワード：…`).
// Threat: each of those read as a key or a token by its consumer, and as nothing by the rules.
// A view is the line with those decoded, and a map from each of its characters back to the line's: the
// rules run on the view, and a hit on the view masks the characters of the line it came from (an
// invisible character inside a token is masked with it). Lines without such characters get no view.

import { FOREIGN_KEY_WORDS } from './foreign-key-words';
import { NON_ASCII_MORE } from './password-words-more';

/** Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters that render as nothing. */
export function isIgnorable(cp: number): boolean {
  return (
    cp === 0xad ||
    cp === 0x34f ||
    cp === 0x61c ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0xfff0 && cp <= 0xfff8) ||
    (cp >= 0x1bca0 && cp <= 0x1bca3) ||
    (cp >= 0x1d173 && cp <= 0x1d17a) ||
    (cp >= 0xe0000 && cp <= 0xe0fff)
  );
}

/**
 * The compatibility form of `cp` when NFKC folds it onto ASCII (full-width letters and signs, the
 * ideographic and other wide spaces, small forms, mathematical letters, circled and super/subscript
 * characters), or null. Only blocks that hold such characters are asked: NFKC leaves a CJK or Cyrillic
 * letter as it is, and asking costs a normalisation.
 */
export function foldToAscii(cp: number): string | null {
  if (cp === 0xa0 || cp === 0x3000 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x202f || cp === 0x205f) return ' ';
  if (cp >= 0xff01 && cp <= 0xff5e) return String.fromCharCode(cp - 0xfee0);
  if (!(
    (cp >= 0xb2 && cp <= 0xbe) ||
    (cp >= 0x2010 && cp <= 0x2bff) ||
    (cp >= 0xfe10 && cp <= 0xfe6b) ||
    (cp >= 0xff5f && cp <= 0xffee) ||
    (cp >= 0x1d400 && cp <= 0x1d7ff) ||
    (cp >= 0x1f100 && cp <= 0x1f1ff)
  ))
    return null;
  const f = String.fromCodePoint(cp).normalize('NFKC');
  return /^[\x20-\x7e]+$/.test(f) ? f : null;
}

/** Words for password, token, secret and key in other languages (lower case), and the word a key name spells them with. */
const FOREIGN: readonly (readonly [string, string])[] = [
  ...[
    '密码',
    '密碼',
    '口令',
    'パスワード',
    '暗証番号',
    '비밀번호',
    '암호',
    'пароль',
    'паролі',
    'лозинка',
    'парола',
    'κωδικός',
    'κωδικος',
    'συνθηματικό',
    'סיסמה',
    'סיסמא',
    'كلمة المرور',
    'كلمة السر',
    'رمز العبور',
    'گذرواژه',
    'رمز عبور',
    'पासवर्ड',
    'কূটশব্দ',
    'รหัสผ่าน',
    'mật khẩu',
    'contraseña',
    'hasło',
    'lösenord',
    'şifre',
    'jelszó',
    'salasõna',
    'parolă',
    'mot de passe',
    'palavra-passe',
    '패스워드',
    '비밀 번호',
    '暗証',
    '通行碼',
    'कूटशब्द',
    'गुप्त शब्द',
    'পাসওয়ার্ড',
    'پاس ورڈ',
    'پاسورڈ',
    'الرمز السري',
    'كلمة مرور',
    'كلمه المرور',
    'סיסמת',
    'κωδικός πρόσβασης',
    'slaptažodis',
    'пароля',
    'пасворд',
    'პაროლი',
    'գաղտնաբառ',
    'құпиясөз',
    'құпия сөз',
    'σύνθημα',
    'passwort',
    'lösenordet',
    'passordet',
    'kennwort',
    'senha',
    'wachtwoord',
    'salasana',
    'contrasena',
    // More languages' words (password-words-more.ts).
    ...NON_ASCII_MORE,
  ].map((w) => [w, 'password'] as const),
  ...['令牌', '權杖', '权杖', 'トークン', '토큰', 'токен', 'жетон', 'טוקן', 'توكن', 'रहस्य टोकन', 'टोकन', 'τεκμήριο'].map((w) => [w, 'token'] as const),
  ...['秘密', '機密', '비밀', 'секрет', 'geheimnis', 'segreto', 'secreto', 'シークレット', '시크릿', 'μυστικό', 'गुप्त'].map((w) => [w, 'secret'] as const),
  ...[
    '密钥',
    '秘钥',
    '秘密鍵',
    '密鑰',
    '金鑰',
    '金钥',
    '비밀키',
    '비밀 키',
    'секретный ключ',
    'מפתח סודי',
    'المفتاح السري',
    'مفتاح سري',
    'μυστικό κλειδί',
    'गुप्त कुंजी',
  ].map((w) => [w, 'secretkey'] as const),
  ...[
    'API キー',
    'API 키',
    'API 密钥',
    'API 金鑰',
    'مفتاح API',
    'ключ API',
    'API ключ',
    'מפתח API',
    'API कुंजी',
    'clé API',
    'chave de API',
    'clave de API',
    'chiave API',
    'API anahtarı',
  ].map((w) => [w, 'apikey'] as const),
  // The words for key, access key, access token and credentials (a key named `schlüssel`, `ключ`, `chave`,
  // `anahtar`, `sleutel` holds what `key` holds): rules/foreign-key-words.ts lists them.
  ...FOREIGN_KEY_WORDS,
].flatMap(([w, c]) => spellings(w.toLowerCase()).map((s) => [s, c] as const));

/**
 * A word of several parts as names write it: with a blank (prose, a YAML key), `_` or `-` (an identifier,
 * `كلمة_المرور`), run together (`비밀번호`: the view drops a zero-width non-joiner, `رمز‌عبور`), or joined by one (the raw
 * line, for the pre-scan's look back from a separator).
 */
function spellings(w: string): string[] {
  if (!/[ _-]/.test(w)) return [w];
  const parts = w.split(/[ _-]+/);
  return [...new Set([w, parts.join(' '), parts.join('_'), parts.join('-'), parts.join(''), parts.join('\u200c')])];
}
const CANONICAL = new Map(FOREIGN.map(([w, c]) => [w, c]));
// Longest first, so `秘密鍵` is read before `秘密`.
const FOREIGN_RE = new RegExp(
  [...FOREIGN]
    .map(([w]) => w)
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
    .join('|'),
  'gi',
);

/** The foreign words by their last character (lower case), for the look back from a separator. */
const FOREIGN_BY_LAST = new Map<number, string[]>();
for (const [w] of FOREIGN) {
  const last = w.charCodeAt(w.length - 1);
  const list = FOREIGN_BY_LAST.get(last);
  if (list === undefined) FOREIGN_BY_LAST.set(last, [w]);
  else list.push(w);
}

/** An ASCII letter, digit, `_` or `-`: the characters of keys and tokens. */
function wordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95 || c === 45;
}

/**
 * Cyrillic and Greek letters drawn like Latin ones (Unicode's confusables.txt, the letters of key names):
 * `pаssword` with a Cyrillic `а`, `DB_PАSSWОRD`, `api_tοken` with a Greek `ο`. A view folds one onto its
 * Latin letter inside a word that also holds a Latin letter (a word of Russian or Greek prose is left as
 * it is). Threat: a key the program reads by its bytes, written so no key rule sees its name.
 */
const CONFUSABLE = new Map<number, string>();
for (const [from, to] of [
  ['аеорсхуіѕјԁһӏԛԝ', 'aeopcxyisjdhlqw'],
  ['АВЕКМНОРСТХІЅЈУ', 'ABEKMHOPCTXISJY'],
  ['αοριικνυχ', 'aopiikvux'],
  ['ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', 'ABEZHIKMNOPTYX'],
] as const)
  for (let k = 0; k < from.length; k++) CONFUSABLE.set(from.charCodeAt(k), to[k]!);

function asciiLetter(c: number): boolean {
  return (c | 32) >= 97 && (c | 32) <= 122;
}

/** The Latin letter a confusable at `i` folds onto, when its word (letters, digits, `_`) holds a Latin letter and no other non-Latin letter; else null. */
const WORD_MAX = 64;

export function confusableAt(text: string, i: number): string | null {
  const to = CONFUSABLE.get(text.charCodeAt(i));
  if (to === undefined) return null;
  let latin = false;
  // A key's name is short: the walk stops WORD_MAX characters away on each side (a long run of word characters,
  // as a base64 blob or a generated table holds, would make each of its look-alikes walk the whole run).
  for (const step of [-1, 1]) {
    const stop = step === 1 ? Math.min(text.length, i + WORD_MAX) : Math.max(-1, i - WORD_MAX);
    for (let k = i + step; k !== stop; k += step) {
      const c = text.charCodeAt(k);
      if (c < 128) {
        if (asciiLetter(c)) latin = true;
        else if (!wordChar(c) || c === 45) {
          // A word of look-alikes alone, as a key: `ΤΟΚΕΝ=`, `ΑPI_…` (prose in that script has other letters).
          if (step === 1 && (c === 61 || c === 58)) latin = true;
          break;
        } else if (c === 95) latin = true;
      } else if (!CONFUSABLE.has(c)) {
        // Another script's letter: a word of that script, not a Latin name in disguise.
        if (/\p{L}/u.test(String.fromCharCode(c))) return null;
        break;
      }
    }
  }
  return latin ? to : null;
}

/**
 * A character at `i` a view decodes that can change what the rules see: an ignorable inside a key or a
 * token (next to a character of one: a variation selector after an emoji or a joiner between two
 * changes nothing), a full-width or mathematical letter, digit or key sign, a wide blank next to a
 * separator. Decided by code point ranges, without a normalisation: a view is built only for these.
 */
/** Pages of 256 code points (by the high byte) that hold a character `decodes` may answer yes for. */
const PAGES = new Uint8Array(256);
for (const page of [0x00, 0x03, 0x04, 0x05, 0x06, 0x11, 0x17, 0x18, 0x20, 0x24, 0x30, 0x31, 0xd8, 0xdb, 0xfe, 0xff]) PAGES[page] = 1;

function decodes(c: number, text: string, i: number): boolean {
  if (c < 0xa0 || PAGES[c >> 8] === 0) return false;
  if (c >= 0x370 && c < 0x530) return confusableAt(text, i) !== null;
  if (c >= 0xd800 && c <= 0xdbff) {
    // Only these high surrogates lead to one: math letters (D835), squared letters (D83C), tags (DB40),
    // and other ignorables (D82F, D834). Emoji and most others do not.
    if (c !== 0xd835 && c !== 0xd83c && c !== 0xdb40 && c !== 0xd82f && c !== 0xd834) return false;
    const cp = text.codePointAt(i)!;
    if (isIgnorable(cp)) return wordChar(text.charCodeAt(i - 1)) || wordChar(text.charCodeAt(i + 2));
    // Mathematical alphanumerics, squared and circled letters (NFKC: ASCII).
    return (cp >= 0x1d400 && cp <= 0x1d7ff) || (cp >= 0x1f130 && cp <= 0x1f189);
  }
  if (isIgnorable(c)) return wordChar(text.charCodeAt(i - 1)) || wordChar(text.charCodeAt(i + 1));
  // Full-width digits, letters, `=` `_` `-` `.`.
  if ((c >= 0xff10 && c <= 0xff19) || (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a)) return true;
  if (c === 0xff1d || c === 0xff3f || c === 0xff0d || c === 0xff0e || c === 0xfe66) return true;
  // Circled letters.
  if (c >= 0x24b6 && c <= 0x24e9) return true;
  // A wide blank next to a separator (`password\u00a0=\u00a0…`).
  if (c === 0xa0 || c === 0x3000 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f) {
    const a = text.charCodeAt(i - 1);
    const b = text.charCodeAt(i + 1);
    return a === 61 || a === 58 || b === 61 || b === 58 || b === 0xa0 || a === 0xa0;
  }
  return false;
}

/** A character a view decodes among the 16 before `p` (a key's name in full-width letters, an invisible character in it). */
export function decodableBefore(text: string, p: number): boolean {
  for (let i = Math.max(0, p - 16); i < p; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xa0 && decodes(c, text, i)) return true;
  }
  return false;
}

/**
 * What `decodes` and a foreign word's separator may start at: a superset found by a native regex (a
 * JavaScript loop over the characters of the flagged text cost ~6 ns a character, more than the rest of
 * the masking of those texts), each match then confirmed by hand.
 */
const MAYBE = new RegExp(
  '[\\u0391-\\u03c9\\u0405-\\u0445\\u0456\\u0458\\u04bb\\u04cf\\u0501\\u051b\\u051d\\u00a0\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u2000-\\u200f\\u202a-\\u202f\\u205f-\\u206f\\u24b6-\\u24e9' +
    '\\u3000\\u3164\\ufe00-\\ufe0f\\ufe55\\ufe66\\ufeff\\uff0d\\uff0e\\uff10-\\uff1a\\uff1d\\uff21-\\uff3a\\uff3f\\uff41-\\uff5a\\uffa0\\ufff0-\\ufff8' +
    '\\ud82f\\ud834\\ud835\\ud83c\\udb40]',
  'g',
);

/**
 * Whether a line meeting `text[from, to)` needs a view, and where: the offset of a character there that
 * a view decodes (decodes), or of a separator (`=` `:`, full-width or not) right after a foreign word
 * for password, token or secret; -1 when there is none.
 */
export function needsView(text: string, from: number, to: number): number {
  // A slice bounds the regex's search (exec on the text would run on past `to`, to the text's end).
  const part = text.slice(from, to);
  MAYBE.lastIndex = 0;
  let found = -1;
  for (let m = MAYBE.exec(part); m !== null; m = MAYBE.exec(part)) {
    const i = from + m.index;
    const c = text.charCodeAt(i);
    if (c === 0xff1a || c === 0xfe55) {
      // A full-width colon after a key (`api_token：…`, `"api_key"：…`) or a foreign word.
      if (foreignWordBefore(text, i) || keyEndsBefore(text, i)) {
        found = i;
        break;
      }
    } else if (decodes(c, text, i)) {
      found = i;
      break;
    }
  }
  // An ASCII separator after a foreign word (the word's characters are what the pre-scan flagged), or a copula.
  // The copula may stand just before the flagged characters (`senha é`): the search starts a word earlier.
  // Never before the line `from` is on: a copula on a line already read would be found again (and again).
  const lead = Math.max(text.lastIndexOf('\n', from - 1) + 1, from - 16);
  for (let k = text.indexOf(' ', lead); k !== -1 && k < to && (found < 0 || k < found); k = text.indexOf(' ', k + 1))
    if (foreignWordBefore(text, k + 1) && COPULA.test(text.slice(k, k + 12))) {
      found = k;
      break;
    }
  // A particle attached to the word (`密码是X`, `비밀번호는 X`).
  ATTACHED.lastIndex = 0;
  for (let m = ATTACHED.exec(part); m !== null && (found < 0 || from + m.index < found); m = ATTACHED.exec(part))
    if (foreignWordBefore(text, from + m.index) && COPULA.test(text.slice(from + m.index, from + m.index + 12))) {
      found = from + m.index;
      break;
    }
  for (const sep of [':', '=']) {
    for (let k = part.indexOf(sep); k !== -1 && (found < 0 || from + k < found); k = part.indexOf(sep, k + 1))
      if (foreignWordBefore(text, from + k)) {
        found = from + k;
        break;
      }
  }
  return found;
}

/**
 * A copula or a dash after the word for password, as prose in other languages says "is" (`Passwort ist X`,
 * `contraseña es X`, `mot de passe est X`, `senha é X`, `lösenordet är X`, `hasło jest X`, `пароль — X`):
 * the view reads it as ` is ` for prose-password. Match at the blank after the word.
 */
const COPULA =
  /^(?:[ \t\u00a0]+(?:ist|lautet|est|es|é|è|è:|är|er|jest|je|on|era|was|—|–|-|это|是|は)[ \t\u00a0]+|[ \t\u00a0\u3000]*(?:は|が|是|为|為|는|은|이|가)[ \t\u00a0\u3000]*(?:[「『“]|(?=[\x21-\x7e])))(?=\S)/i;
/** Particles that attach to the word in Japanese, Chinese and Korean (`パスワードは`, `密码是`, `비밀번호는`): a copula with no blank before it. */
const ATTACHED = /[はが是为為는은이가]/g;
/** The closing bracket of a quote a CJK copula opens (`パスワードは「X」`). */
const CLOSE: Record<string, string> = { '「': '」', '『': '』', '“': '”' };

/** A key's ASCII name ends before the separator at `i` (blanks and a closing quote between). */
function keyEndsBefore(text: string, i: number): boolean {
  let j = i - 1;
  while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j--;
  const q = text.charCodeAt(j);
  if (q === 34 || q === 39) j--;
  return wordChar(text.charCodeAt(j));
}

/** A foreign word ends before the separator at `i` (blanks and a quote between). */
export function foreignWordBefore(text: string, i: number): boolean {
  let j = i - 1;
  let c = text.charCodeAt(j);
  while (c === 32 || c === 9 || c === 0x3000) c = text.charCodeAt(--j);
  if (c === 34 || c === 39) c = text.charCodeAt(--j);
  const words = FOREIGN_BY_LAST.get(c < 128 ? c | (c >= 65 && c <= 90 ? 32 : 0) : String.fromCharCode(c).toLowerCase().charCodeAt(0));
  if (words === undefined) return false;
  for (const w of words) if (j - w.length + 1 >= 0 && text.slice(j - w.length + 1, j + 1).toLowerCase() === w) return true;
  return false;
}

export interface View {
  /** The decoded line. */
  text: string;
  /** For each character of `text`, where its source starts in the line and where it ends. */
  from: number[];
  to: number[];
}

/** A hexadecimal escape's value: `\uXXXX`, `\u{…}`, `\xHH` at `i` (the backslash), with its length; null when there is none. */
function escapeAt(line: string, i: number): [number, number] | null {
  const k = line.charCodeAt(i + 1);
  let m: RegExpExecArray | null = null;
  if (k === 117 || k === 85) m = /^\\[uU](?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))/.exec(line.slice(i, i + 10));
  else if (k === 120) m = /^\\x([0-9a-fA-F]{2})/.exec(line.slice(i, i + 4));
  if (m === null) return null;
  const cp = parseInt(m[1] ?? m[2] ?? '', 16);
  return cp <= 0x10ffff ? [cp, m[0].length] : null;
}

/** Characters an escape may decode to in a view: those of names and tokens (a decoded quote or backslash would change the line's structure). */
function nameChar(cp: number): boolean {
  return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || cp === 95 || cp === 45 || cp === 46;
}

/** The decoded view of `line`, or null when decoding changes nothing. */
export function viewOf(line: string): View | null {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let changed = false;
  const put = (s: string, a: number, b: number) => {
    text += s;
    for (let k = 0; k < s.length; k++) {
      from.push(a);
      to.push(b);
    }
  };
  for (let i = 0; i < line.length;) {
    const c = line.charCodeAt(i);
    if (c === 92) {
      if (line.charCodeAt(i + 1) === 92) {
        put('\\\\', i, i + 2);
        i += 2;
        continue;
      }
      const e = escapeAt(line, i);
      if (e !== null) {
        const [cp, len] = e;
        const folded = nameChar(cp) ? String.fromCharCode(cp) : isIgnorable(cp) ? '' : cp > 127 ? foldToAscii(cp) : null;
        if (folded !== null) {
          put(folded, i, i + len);
          changed = true;
          i += len;
          continue;
        }
      }
    }
    if (c < 128) {
      put(line[i]!, i, i + 1);
      i++;
      continue;
    }
    const cp = line.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    if (cp >= 0x370 && cp < 0x530) {
      const latin = confusableAt(line, i);
      if (latin !== null) {
        put(latin, i, i + 1);
        changed = true;
        i++;
        continue;
      }
    }
    if (isIgnorable(cp)) {
      changed = true;
      i += len;
      continue;
    }
    const f = foldToAscii(cp);
    if (f !== null) {
      put(f, i, i + len);
      changed = true;
    } else {
      text += line.slice(i, i + len);
      for (let k = 0; k < len; k++) {
        from.push(i);
        to.push(i + len);
      }
    }
    i += len;
  }
  // Foreign words onto the ones the rules know: each of the word's characters maps to the whole word.
  FOREIGN_RE.lastIndex = 0;
  if (FOREIGN_RE.test(text)) {
    let out = '';
    const f2: number[] = [];
    const t2: number[] = [];
    let last = 0;
    FOREIGN_RE.lastIndex = 0;
    for (let m = FOREIGN_RE.exec(text); m !== null; m = FOREIGN_RE.exec(text)) {
      // Inside a quote a copula opened (below) and already copied.
      if (m.index < last) continue;
      const canon = CANONICAL.get(m[0].toLowerCase()) ?? CANONICAL.get(m[0]) ?? 'password';
      out += text.slice(last, m.index);
      for (let k = last; k < m.index; k++) {
        f2.push(from[k]!);
        t2.push(to[k]!);
      }
      const a = from[m.index]!;
      const b = to[m.index + m[0].length - 1]!;
      out += canon;
      for (let k = 0; k < canon.length; k++) {
        f2.push(a);
        t2.push(b);
      }
      last = m.index + m[0].length;
      // Any copula after the word for password; after a token's or key's, a CJK particle only (the prose rules judge those values as tokens).
      const cop = COPULA.exec(text.slice(last, last + 12));
      if (cop !== null && (canon === 'password' || /[はが是为為는은이가]/.test(cop[0]))) {
        // ` is `, each character standing for the copula's (a token's or key's: `: `, which the key rules read).
        const ca = from[last]!;
        const cb = to[last + cop[0].length - 1]!;
        const sep = canon === 'password' ? ' is ' : ': ';
        out += sep;
        for (let k = 0; k < sep.length; k++) {
          f2.push(ca);
          t2.push(cb);
        }
        last += cop[0].length;
        // `「X」`: the quote as a backtick pair the prose rules read (`the password is \`X\``), a blank after it.
        const close = CLOSE[text[last - 1]!];
        const ce = close === undefined ? -1 : text.indexOf(close, last);
        if (ce > last) {
          out += '`' + text.slice(last, ce) + '` ';
          f2.push(from[last - 1]!);
          t2.push(to[last - 1]!);
          for (let k = last; k < ce; k++) {
            f2.push(from[k]!);
            t2.push(to[k]!);
          }
          for (let k = 0; k < 2; k++) {
            f2.push(from[ce]!);
            t2.push(to[ce]!);
          }
          last = ce + 1;
        }
      }
    }
    out += text.slice(last);
    for (let k = last; k < text.length; k++) {
      f2.push(from[k]!);
      t2.push(to[k]!);
    }
    return { text: out, from: f2, to: t2 };
  }
  return changed ? { text, from, to } : null;
}

/** A view's span `[s, e)` as the line's span: from the first character's source to the last one's end. */
export function lineSpan(view: View, s: number, e: number): [number, number] {
  return [view.from[s]!, view.to[e - 1]!];
}
