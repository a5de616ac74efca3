// More words for password (and secret) in other languages, as key names and labels write them (`parol=V`,
// `"geslo": "V"`, `lozinka: V`, `šifra=V`, `Geheimnis: V`, `katalaluan = V`, `lykilorð: V`).
// Threat (rt19mask): the name tables held the words of the larger languages only; a value under the word of
// Slovene, Serbo-Croatian, Russian transliterated, Afrikaans, Malay, Icelandic, Albanian, Galician, Basque, … reached
// the model while the same value under `password` was masked.
// How: names.ts spreads ASCII_MORE into FOREIGN_PASSWORD_WORDS (the list names.ts, the pre-scan and the generic
// rule share); decode.ts spreads NON_ASCII_MORE into its words folded onto `password`. Only as a key's name or a
// label before a separator: the value is judged as under `password` (a placeholder or a reference is kept).
// Words that are common English or code words are left out (`code`, `word`, `kod`, `key`).

/** ASCII spellings (lower case, one word each). */
export const ASCII_MORE: readonly string[] = [
  // ru/bg/kk transliterated, lv/ro (parole, parolă), et/nl (parool)
  'parol',
  'parool',
  'parole',
  'parolu',
  // sl, hr/sr/bs, cs/sk/hr (šifra), sq, is, gl, eu, af, ms, zh pinyin, da/no, lt
  'geslo',
  'lozinka',
  'sifra',
  'fjalekalimi',
  'lykilord',
  'contrasinal',
  'pasahitza',
  'wagwoord',
  'katalaluan',
  'katasandi',
  'matkhau',
  'mima',
  'kodeord',
  'slaptazodis',
  'salasona',
  'parolja',
  'passwuert',
  'pasvorto',
  // de: the secret itself, and the secret key as ASCII writes it
  'geheimnis',
  'geheimschluessel',
  'geheimschlussel',
];

/** Spellings beyond ASCII (lower case; decode.ts folds each onto `password`). */
export const NON_ASCII_MORE: readonly string[] = [
  'šifra',
  'шифра',
  'гасло',
  'lykilorð',
  'fjalëkalimi',
  'fjalëkalim',
  'parolë',
  'rakstu vārds',
  'رمز',
  'கடவுச்சொல்',
  'పాస్‌వర్డ్',
  'ಪಾಸ್‌ವರ್ಡ್',
  'പാസ്‌വേഡ്',
  'ລະຫັດຜ່ານ',
  'ពាក្យសម្ងាត់',
  'စကားဝှက်',
  'нууц үг',
  'ወሳኝ ቃል',
  '비번',
];
