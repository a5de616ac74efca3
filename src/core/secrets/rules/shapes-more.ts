// Secrets a blind red team still saw through `agentguard mask`, closed by their class: a credential call
// whose arguments go on over lines (`new NetworkCredential(` / `"svc",` / `"…")`), a Salesforce session id
// (`00D…!…`), a Solana keypair file (a JSON array of 64 byte values is the private key), a secret named in
// another column of an SQL row (`VALUES ('api_key', '…')`), API keys in the path of a vendor's endpoint
// (Alchemy `/v2/<key>`, Infura `/v3/<id>`, Discord webhooks, Telegram's bot URLs), R's `<-` assignment, a
// Schema Registry `basic.auth.user.info=KEY:SECRET`, basic auth built in code (`btoa("user:pw")`), a
// vendor token percent-encoded (`ghp%5F…`), and a Bitcoin WIF private key (base58check, verified).
// Threat: each reached the model whole. Every rule is gated on a literal its texts must hold, or does one
// native search for its own shape, so a text without one costs next to nothing.
import { isPlaceholder, isReference, randomPartOk, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, B64URL, HEX, PASSWORD_CHARS, j, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { VENDOR_RULES } from './vendor';
import { MORE_VENDOR_RULES } from './vendor-more';
import { CALL_ARG, callCredential } from './context-more';
import { addHit } from './hits';
import { lineOfPos } from './structure';

/** Above the generic assignment (2), below vendor formats (0). */
const PRIORITY = 1;

let seed = 0x5a9e;
const r = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const pw = (n = 20) => r(PASSWORD_CHARS.replace(/[#'",;%\\]/g, ''), n);

/** Masks `[s, e)` of the text, a span on one line. */
function mark(out: BlockOutput, index: LineIndex, s: number, e: number, rule: string): void {
  if (e <= s) return;
  const starts = index.starts();
  const li = lineOfPos(starts, s);
  addHit(out, li, { start: s - starts[li]!, end: e - starts[li]!, rule, priority: PRIORITY });
}

/** `mark` at another priority (a rule that fills a gap beside another rule's form yields to it where both read the value). */
function markAt(out: BlockOutput, index: LineIndex, s: number, e: number, rule: string, priority: number): void {
  const starts = index.starts();
  const li = lineOfPos(starts, s);
  addHit(out, li, { start: s - starts[li]!, end: e - starts[li]!, rule, priority });
}

/** Masks `[s, e)` of the text line by line (a value spread over lines: each line's part of it). */
function markLines(out: BlockOutput, index: LineIndex, s: number, e: number, rule: string, text: string): void {
  while (s < e) {
    const nl = text.indexOf('\n', s);
    const stop = nl < 0 || nl >= e ? e : nl;
    let a = s;
    let b = stop;
    while (a < b && /\s/.test(text[a]!)) a++;
    while (b > a && /\s/.test(text[b - 1]!)) b--;
    mark(out, index, a, b, rule);
    if (stop === e) break;
    s = stop + 1;
  }
}

// --- A credential call whose arguments go on over lines ---

/** How far a call's arguments may run: a call of a few arguments, one a line. */
const CALL_SPAN = 1500;

/**
 * `new NetworkCredential(` at a line's end and the arguments on the lines after (the layout formatters give
 * a call that does not fit): the call's text, its line breaks read as blanks, is read as call-credential
 * reads one line, and what it finds inside the call is masked where it sits.
 */
export const callCredentialLines: BlockRule = {
  id: 'call-credential-lines',
  description: 'A password handed to a call by position, the arguments on the lines after its `(`: new NetworkCredential(\\n "u",\\n "pw")',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    // One search: `(` and the line's end as this text ends its lines (a CRLF text's first line tells).
    const nl = text.indexOf('\n');
    if (nl < 0) return;
    const open = text.charCodeAt(nl - 1) === 13 ? '(\r\n' : '(\n';
    for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + 1)) {
      if (!callNamed(text, at)) continue;
      const ls = text.lastIndexOf('\n', at) + 1;
      const flat = text.slice(ls, Math.min(text.length, at + CALL_SPAN)).replace(/[\r\n]/g, ' ');
      const close = closingParen(flat, at - ls);
      if (close < 0) continue;
      const hits: Hit[] = [];
      callCredential.scan(flat.slice(0, close + 1), hits);
      for (const h of hits)
        if (h.start > at - ls && h.end <= close && !text.slice(ls + h.start, ls + h.end).includes('\n'))
          mark(out, index, ls + h.start, ls + h.end, 'call-credential-lines');
    }
  },
  samples: () => {
    const p = [pw(), pw(), pw()];
    return {
      truePositives: [
        { text: `var cred = new NetworkCredential(\n    "svc-backup",\n    "${p[0]}");\n`, secrets: [p[0]!] },
        { text: `conn = DriverManager.getConnection(\r\n    url,\r\n    "app",\r\n    "${p[1]}"\r\n);\r\n`, secrets: [p[1]!] },
        { text: `auth = HTTPBasicAuth(\n    "deploy",\n    "${p[2]}",\n)\n`, secrets: [p[2]!] },
      ],
      falsePositives: [
        'var cred = new NetworkCredential(\n    user,\n    Environment.GetEnvironmentVariable("SMTP_PASSWORD"));\n',
        'conn = DriverManager.getConnection(\n    url,\n    "app",\n    password\n);\n',
        'console.log(\n  "hello",\n  "Welcome back to the dashboard"\n);\n',
      ],
    };
  },
};

/** The call opened at `at` is one call-credential reads: a form of its table (by its last word or qualified), a method named for a secret, an `auth` pair. */
function callNamed(text: string, at: number): boolean {
  let s = at;
  for (let c = text.charCodeAt(s - 1); s > 0 && (nameChar(c) || c === 46 || c === 58 || c === 62 || c === 45); c = text.charCodeAt(--s - 1));
  // Most calls so opened name no credential: their last word decides before anything is built.
  let w = at;
  while (w > s && nameChar(text.charCodeAt(w - 1))) w--;
  // The test below on the word's last two characters first: most `(` at a line's end in code open a call
  // named nothing like a credential (`describe(`, `expect(`), and building the word cost ~3% of masking
  // a source tree. A pair no name or tail ends in answers as the test would (false).
  if (w === s && at - w >= 2 && CALL_END[(lowerAscii(text.charCodeAt(at - 2)) << 7) | lowerAscii(text.charCodeAt(at - 1))] === 0) return false;
  const last = text.slice(w, at).toLowerCase();
  if (w === s && last !== '' && !CALL_ARG.has(last) && !STRONG_TAIL.test(last)) return false;
  const name = text.slice(s, at).replace(/^[.:>-]+/, '');
  const parts = name.split(/\.|::|->/).filter((p) => p !== '');
  const word = (parts[parts.length - 1] ?? '').toLowerCase();
  if (word === '') return /auth[ \t]*(?:=|:|=>)[ \t]*$/.test(text.slice(Math.max(0, at - 16), at));
  const dotted = parts.length > 1 ? `${parts[parts.length - 2]!.toLowerCase()}.${word}` : '';
  return CALL_ARG.has(word) || CALL_ARG.has(dotted) || (parts.length > 1 && classifyName(parts[parts.length - 1]!) === 'strong');
}

function nameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95;
}
/** A method's name a secret word may end (`.password(`, `.apiKey(`): the cheap test before classifyName. */
const STRONG_TAIL_WORDS = ['pass', 'passwd', 'password', 'pwd', 'secret', 'token', 'key', 'cred', 'credential', 'credentials', 'auth', 'phrase'];
const STRONG_TAIL = new RegExp(`(?:${STRONG_TAIL_WORDS.join('|')})$`);
/**
 * The last two characters (lower case) of every CALL_ARG name and STRONG_TAIL word, by `(c1 << 7) | c2`: a
 * call's last word ending otherwise is neither (callNamed). A name with a character beyond ASCII, or
 * shorter than two, would not fit the table: then every pair is let through.
 */
export const CALL_END = new Uint8Array(1 << 14);
for (const n of [...CALL_ARG.keys(), ...STRONG_TAIL_WORDS]) {
  const a = n.charCodeAt(n.length - 2);
  const b = n.charCodeAt(n.length - 1);
  if (n.length < 2 || !(a < 128 && b < 128) || n !== n.toLowerCase()) CALL_END.fill(1);
  else CALL_END[(a << 7) | b] = 1;
}
/** An ASCII capital as its lower-case letter; any other code as it is. */
function lowerAscii(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** The `)` closing the `(` at `open` of `s` (quotes skipped), or -1. */
function closingParen(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 39 || c === 96) {
      const e = s.indexOf(s[i]!, i + 1);
      if (e < 0) return -1;
      i = e;
    } else if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return i;
  }
  return -1;
}

// --- Salesforce session id ---

/** An org id (`00D` and 12 or 15 characters), `!`, and the session's secret part. */
const SF_SESSION = /(?<![A-Za-z0-9])00D[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?!([A-Za-z0-9._]{40,})/g;

export const salesforceSession: BlockRule = {
  id: 'salesforce-session-id',
  description: 'Salesforce session id / access token: 00D<org id>!<secret>',
  gate: '00D',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    SF_SESSION.lastIndex = 0;
    for (let m = SF_SESSION.exec(text); m !== null; m = SF_SESSION.exec(text)) {
      const v = m[1]!;
      if (!randomPartOk(v.replace(/[._]/g, ''))) continue;
      const s = m.index + m[0].length - v.length;
      mark(out, index, s, s + v.length, 'salesforce-session-id');
    }
  },
  samples: () => {
    const org = j('00', 'D', r(ALNUM, 12));
    const t1 = j('AQ', r(ALNUM + '._', 94));
    const t2 = r(ALNUM + '._', 96);
    return {
      truePositives: [
        { text: `SF_SESSION=${org}!${t1}\n`, secrets: [t1] },
        { text: `  "accessToken": "${org}ABC!${t2}",\n`, secrets: [t2] },
      ],
      falsePositives: [`Org id: ${org}ABC\n`, `SF_SESSION=${org}!${'X'.repeat(96)}\n`],
    };
  },
};

// --- Solana keypair file (and any 64-byte array that is one) ---

/** `[` and at least 32 small numbers: the start of a byte array (the rest is read by hand). */
const BYTE_ARRAY = /\[[ \t\r\n]*(?:\d{1,3}[ \t\r\n]*,[ \t\r\n]*){31}/g;

/**
 * 64 values 0–255 that look random: a keypair (`solana-keygen`'s id.json, `Keypair.fromSecretKey(
 * Uint8Array.from([…]))`). A table of 64 entries (a JPEG zigzag order, a quantisation table, a permutation of
 * 0–63) has few values above 127 or repeats; random bytes have about a half above 127 and ~56 distinct.
 */
function randomBytes(values: number[]): boolean {
  if (values.length !== 64 || values.some((v) => v > 255)) return false;
  const high = values.filter((v) => v > 127).length;
  const low = values.filter((v) => v < 64).length;
  const top = values.filter((v) => v > 191).length;
  return high >= 16 && high <= 48 && low >= 4 && top >= 4 && new Set(values).size >= 40;
}

function scanByteArrays(text: string, index: LineIndex, out: BlockOutput, from: number): void {
  BYTE_ARRAY.lastIndex = from;
  for (let m = BYTE_ARRAY.exec(text); m !== null; m = BYTE_ARRAY.exec(text)) {
    const close = text.indexOf(']', m.index);
    if (close < 0 || close - m.index > 64 * 6) continue;
    const body = text.slice(m.index + 1, close);
    if (!/^[\d\s,]*$/.test(body)) continue;
    const values = body
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map(Number);
    if (!randomBytes(values)) continue;
    markLines(out, index, m.index + 1, close, 'byte-array-keypair', text);
    BYTE_ARRAY.lastIndex = close;
  }
}

/** A text that is a JSON array (`solana-keygen`'s id.json): its first character, blanks aside, is `[`. */
function startsWithArray(text: string): boolean {
  let i = 0;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return text.charCodeAt(i) === 91;
}

export const byteArrayKeypair: BlockRule = {
  id: 'byte-array-keypair',
  description: 'A private key written as an array of 64 byte values (a Solana id.json keypair, Keypair.fromSecretKey([…]))',
  // A keypair file is the array alone; in code the array is handed to `fromSecretKey` (read from there on).
  gate: '',
  applies: (text, has) => startsWithArray(text) || has('fromSecretKey'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    if (startsWithArray(text)) scanByteArrays(text, index, out, 0);
    for (let p = text.indexOf('fromSecretKey'); p >= 0; p = text.indexOf('fromSecretKey', p + 1)) scanByteArrays(text, index, out, p);
  },
  samples: () => {
    const bytes = Array.from({ length: 64 }, (_, i) => parseInt(r(HEX, 2), 16) ^ (i & 1));
    const zigzag = [
      0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29,
      22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ];
    return {
      truePositives: [
        { text: `[${bytes.join(',')}]`, secrets: [bytes.slice(0, 8).join(','), bytes.slice(40, 48).join(',')] },
        {
          text: `const payer = Keypair.fromSecretKey(\n  Uint8Array.from([\n    ${bytes.slice(0, 32).join(', ')},\n    ${bytes.slice(32).join(', ')},\n  ]),\n);\n`,
          secrets: [bytes.slice(0, 6).join(', '), bytes.slice(50, 56).join(', ')],
        },
      ],
      falsePositives: [
        `const ZIGZAG = [${zigzag.join(', ')}];\n`,
        `const pubkey = [${bytes.slice(0, 32).join(',')}];\n`,
        `const sizes = [${Array.from({ length: 64 }, (_, i) => 200 + (i % 50)).join(',')}];\n`,
      ],
    };
  },
};

// --- SQL: a secret named in another column of the row ---

/** `VALUES (` (any case) opening a row list. */
const VALUES = /\bVALUES[ \t\r\n]*\(/g;
/** A literal naming a secret, then the literal beside it in the row: `'api_key', '…'`. */
const NAMED_PAIR = /'([A-Za-z_][\w.:-]{1,60})'[ \t]*,[ \t]*'((?:[^'\\\r\n]|\\.|'')*)'/g;

export const sqlNamedValue: BlockRule = {
  id: 'sql-named-value',
  description: "An SQL row holding a secret's name in one column and its value in the next: INSERT INTO settings (name, value) VALUES ('api_key', '…')",
  // (Dumps write the keyword in capitals; a lower-case `values (` of hand-written SQL is left to the column rules.)
  gate: 'VALUES',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    VALUES.lastIndex = 0;
    for (let m = VALUES.exec(text); m !== null; m = VALUES.exec(text)) {
      // The rows run to the statement's `;` (or a bounded stretch of a dump).
      let end = text.indexOf(';\n', m.index);
      if (end < 0 || end - m.index > 1 << 16) end = Math.min(text.length, m.index + (1 << 16));
      const rows = text.slice(m.index, end);
      NAMED_PAIR.lastIndex = 0;
      for (let p = NAMED_PAIR.exec(rows); p !== null; p = NAMED_PAIR.exec(rows)) {
        const strength = classifyName(p[1]!);
        const v = p[2]!;
        NAMED_PAIR.lastIndex = p.index + p[0].length - v.length - 1;
        if (strength === null || isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, strength, true)) continue;
        const s = m.index + p.index + p[0].length - 1 - v.length;
        mark(out, index, s, s + v.length, 'sql-named-value');
      }
      VALUES.lastIndex = end;
    }
  },
  samples: () => {
    const k = r(ALNUM, 32);
    const p = pw();
    return {
      truePositives: [
        { text: `INSERT INTO creds (name, value) VALUES ('api_key', '${k}');\n`, secrets: [k] },
        { text: `INSERT INTO settings (k, v, updated) VALUES\n  ('site_name', 'Shop', now()),\n  ('smtp_password', '${p}', now());\n`, secrets: [p] },
      ],
      falsePositives: [
        "INSERT INTO settings (name, value) VALUES ('site_name', 'My Shop'), ('password_min_length', '12');\n",
        "INSERT INTO i18n (key, text) VALUES ('password', 'Enter your password');\n",
        "INSERT INTO creds (name, value) VALUES ('api_key', '${API_KEY}');\n",
      ],
    };
  },
};

// --- API keys in the path of a vendor's endpoint ---

interface PathKey {
  id: string;
  description: string;
  gate: string;
  /** Group 1: the key. */
  re: RegExp;
  make: () => { url: string; key: string };
  keep: string[];
}

const PATH_KEYS: PathKey[] = [
  {
    id: 'alchemy-url-key',
    description: 'Alchemy API key in an RPC URL: https://eth-mainnet.g.alchemy.com/v2/<key>',
    gate: 'alchemy',
    re: /alchemy(?:api)?\.(?:com|io)\/(?:v2|nft\/v[23]|ws\/v2)\/([A-Za-z0-9_-]{20,64})/g,
    make: () => {
      const key = r(B64URL, 32);
      return { url: `https://eth-mainnet.g.alchemy.com/v2/${key}`, key };
    },
    keep: ['https://eth-mainnet.g.alchemy.com/v2/demo', 'https://eth-mainnet.g.alchemy.com/v2/${ALCHEMY_KEY}', 'https://docs.alchemy.com/v2/reference'],
  },
  {
    id: 'infura-url-key',
    description: 'Infura project id in an endpoint URL: https://mainnet.infura.io/v3/<id>',
    gate: 'infura',
    re: /infura\.io\/(?:v3|ws\/v3)\/([0-9a-f]{32})(?![0-9a-f])/g,
    make: () => {
      const key = r(HEX, 32);
      return { url: `wss://mainnet.infura.io/ws/v3/${key}`, key };
    },
    keep: ['https://mainnet.infura.io/v3/YOUR-PROJECT-ID', 'https://mainnet.infura.io/v3/${INFURA_ID}'],
  },
  {
    id: 'discord-webhook',
    description: 'Discord webhook URL: https://discord.com/api/webhooks/<id>/<token>',
    gate: '/webhooks/',
    re: /discord(?:app)?\.com\/api\/(?:v\d+\/)?webhooks\/\d{17,20}\/([A-Za-z0-9_-]{60,80})/g,
    make: () => {
      const key = r(B64URL, 68);
      return { url: `https://discord.com/api/webhooks/${r('0123456789', 19)}/${key}`, key };
    },
    keep: ['https://discord.com/api/webhooks/{webhook.id}/{webhook.token}', 'https://discord.com/developers/docs/resources/webhook'],
  },
  {
    id: 'telegram-bot-url',
    description: 'Telegram bot token in the Bot API URL path: https://api.telegram.org/bot<id>:<token>/…',
    gate: 'telegram.org/',
    // The bot's id with its token: the two are handed over as one string.
    re: /telegram\.org\/(?:file\/)?bot(\d{6,12}:[A-Za-z0-9_-]{30,40})(?![A-Za-z0-9_-])/g,
    make: () => {
      const key = r(B64URL, 35);
      const id = r('0123456789', 10);
      return { url: `https://api.telegram.org/bot${id}:${key}/sendMessage`, key: `${id}:${key}` };
    },
    keep: ['https://api.telegram.org/bot<token>/getMe', 'https://api.telegram.org/bot${TOKEN}/sendMessage'],
  },
];

function pathKeyRule(d: PathKey): BlockRule {
  return {
    id: d.id,
    description: d.description,
    gate: d.gate,
    scan(text: string, index: LineIndex, out: BlockOutput): void {
      d.re.lastIndex = 0;
      for (let m = d.re.exec(text); m !== null; m = d.re.exec(text)) {
        const v = m[1]!;
        if (isPlaceholder(v) || !randomPartOk(v.replace(/[_-]/g, ''))) continue;
        const s = m.index + m[0].length - v.length;
        mark(out, index, s, s + v.length, d.id);
      }
    },
    samples: () => {
      const a = d.make();
      const b = d.make();
      return {
        truePositives: [
          { text: `const url = "${a.url}";\n`, secrets: [a.key] },
          { text: `RPC_URL=${b.url}\n`, secrets: [b.key] },
        ],
        falsePositives: d.keep.map((u) => `url: ${u}\n`),
      };
    },
  };
}

// --- R: `name <- "value"` ---

/** `api_key <- "…"` (or `<<-`), at a statement's start. */
const R_ASSIGN = /(?:^|[;{(])[ \t]*([A-Za-z.][\w.]*)[ \t]*<<?-[ \t]*(["'])((?:(?!\2)[^\\\r\n]|\\.)*)\2/g;
/** `api_key <- paste0(` : the value built by a call that joins its arguments (the call's `(` ends the match). */
const R_ASSIGN_CALL = /(?:^|[;{(])[ \t]*([A-Za-z.][\w.]*)[ \t]*<<?-[ \t]*((?:base::|stringr::|glue::)?(?:paste0?|str_c|str_glue|glue|sprintf|c))\(/g;
/** `"…" -> api_key` (or `->>`), the statement's end after the name. */
const R_RIGHT = /->>?[ \t]*([A-Za-z.][\w.]*)[ \t]*(?=$|[;#}\r\n])/y;
const R_JOINERS = /^(?:(?:base::|stringr::|glue::)?(?:paste0?|str_c|str_glue|glue|sprintf|c))$/;

/**
 * The string literals among a call's arguments from `open` (its `(`) on `line`, up to the matching `)`:
 * positional ones only (`sep = ""`, `collapse = ""` say how to join), `sprintf`'s format aside. Spans within the line.
 */
function rCallLiterals(line: string, open: number, fn: string): { spans: [number, number][]; close: number } | null {
  const spans: [number, number][] = [];
  let depth = 0;
  let arg = 0;
  let named = false;
  for (let i = open; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < line.length && line[k] !== c) k += line[k] === '\\' ? 2 : 1;
      if (k >= line.length) return null;
      if (depth === 1 && !named && !(fn.endsWith('sprintf') && arg === 0)) spans.push([i + 1, k]);
      i = k;
    } else if (c === '(') depth++;
    else if (c === ')') {
      if (--depth === 0) return { spans, close: i };
    } else if (depth === 1 && c === ',') {
      arg++;
      named = false;
    } else if (depth === 1 && c === '=' && line[i + 1] !== '=') named = true;
  }
  return null;
}

/** Marks the pieces (spans of `line`, which starts at `ls`) when, joined, they look like a secret for `name`. */
function rJudge(out: BlockOutput, index: LineIndex, ls: number, name: string, pieces: [number, number][], line: string, rule: string): void {
  const strength = classifyName(name);
  if (strength === null || pieces.length === 0) return;
  const v = pieces.map(([a, b]) => line.slice(a, b)).join('');
  if (isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, strength, true)) return;
  for (const [a, b] of pieces) mark(out, index, ls + a, ls + b, rule);
}

export const rAssignment: BlockRule = {
  id: 'r-assignment',
  description: 'R assignment with <- to a secret-named variable: api_key <- "…", api_key <- paste0("…", "…")',
  gate: '<-',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let done = -1;
    for (let p = text.indexOf('<-'); p >= 0; p = text.indexOf('<-', p + 2)) {
      if (p < done) continue;
      // The statement's line, read by the regex from its start (or the `;` `{` `(` before the name).
      const ls = text.lastIndexOf('\n', p) + 1;
      let le = text.indexOf('\n', p);
      if (le < 0) le = text.length;
      done = le;
      const line = text.slice(ls, le);
      R_ASSIGN.lastIndex = 0;
      for (let m = R_ASSIGN.exec(line); m !== null; m = R_ASSIGN.exec(line)) {
        const v = m[3]!;
        const s = m.index + m[0].length - 1 - v.length;
        rJudge(out, index, ls, m[1]!, [[s, s + v.length]], line, 'r-assignment');
      }
      // A value joined from literals by a call: every literal is a piece of the secret.
      R_ASSIGN_CALL.lastIndex = 0;
      for (let m = R_ASSIGN_CALL.exec(line); m !== null; m = R_ASSIGN_CALL.exec(line)) {
        const call = rCallLiterals(line, m.index + m[0].length - 1, m[2]!);
        if (call !== null) rJudge(out, index, ls, m[1]!, call.spans, line, 'r-assignment');
      }
    }
  },
  samples: () => {
    const k = r(ALNUM, 32);
    const p = pw();
    const a = r(ALNUM, 12);
    const b = r(ALNUM, 12);
    return {
      truePositives: [
        { text: `library(httr)\napi_key <- "${k}"\n`, secrets: [k] },
        { text: `db_password <<- '${p}'\n`, secrets: [p] },
        { text: `api_key <- paste0("${a}", "${b}")\n`, secrets: [a, b] },
        { text: `token <- paste("${a}", "${b}", sep = "")\n`, secrets: [a, b] },
      ],
      falsePositives: [
        'api_key <- Sys.getenv("API_KEY")\n',
        'x <- "hello world"\n',
        'password_hint <- "Your first pet"\n',
        'if (a <- 1) b\n',
        'key <- paste0(prefix, "_", suffix)\nx <- paste0("abc", "def")\ntoken_url <- paste0("https://", host, "/token")\n',
      ],
    };
  },
};

/** R's right assignment: `"…" -> api_key`, `paste0("…", "…") -> api_key`. */
export const rRightAssignment: BlockRule = {
  id: 'r-right-assignment',
  description: 'R assignment with -> to a secret-named variable: "…" -> api_key',
  gate: '->',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (let p = text.indexOf('->'); p >= 0; p = text.indexOf('->', p + 2)) {
      // What stands before the arrow: a string's closing quote or a call's `)`.
      let k = p - 1;
      while (k >= 0 && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
      const c = text.charCodeAt(k);
      if (c !== 34 && c !== 39 && c !== 41) continue;
      R_RIGHT.lastIndex = p;
      const m = R_RIGHT.exec(text);
      if (m === null) continue;
      const ls = text.lastIndexOf('\n', p) + 1;
      const line = text.slice(ls, p);
      const at = k - ls;
      if (c !== 41) {
        const q = line.lastIndexOf(String.fromCharCode(c), at - 1);
        if (q < 0) continue;
        rJudge(out, index, ls, m[1]!, [[q + 1, at]], line, 'r-right-assignment');
        continue;
      }
      // The call whose `)` it is: found from the line's start (a call of literals is written on one line).
      const fn = /(?:^|[;{][ \t]*|^[ \t]*)((?:base::|stringr::|glue::)?[A-Za-z_][\w.]*)\(/g;
      for (let f = fn.exec(line); f !== null; f = fn.exec(line)) {
        if (!R_JOINERS.test(f[1]!)) continue;
        const call = rCallLiterals(line, f.index + f[0].length - 1, f[1]!);
        if (call !== null && call.close === at) rJudge(out, index, ls, m[1]!, call.spans, line, 'r-right-assignment');
      }
    }
  },
  samples: () => {
    const p = pw();
    const a = r(ALNUM, 12);
    const b = r(ALNUM, 12);
    return {
      truePositives: [
        { text: `"${p}" -> db_password\n`, secrets: [p] },
        { text: `paste0("${a}", "${b}") ->> api_token\n`, secrets: [a, b] },
      ],
      falsePositives: ['"hello" -> greeting\n', 'Sys.getenv("TOKEN") -> token\n', '$this->token = "x";\nfn f() -> Result<String> {}\nptr->password = "abc";\n'],
    };
  },
};

// --- Schema Registry / Kafka: basic.auth.user.info=KEY:SECRET ---

const USER_INFO = /basic\.auth\.user\.info["']?[ \t]*[=:][ \t]*["']?([^\s"':]{1,128}):([^\s"']{6,256})/g;

export const basicAuthUserInfo: BlockRule = {
  id: 'basic-auth-user-info',
  description: "Kafka / Confluent Schema Registry basic.auth.user.info=<key>:<secret> (the secret after ':')",
  gate: 'user.info',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    USER_INFO.lastIndex = 0;
    for (let m = USER_INFO.exec(text); m !== null; m = USER_INFO.exec(text)) {
      const v = m[2]!;
      if (isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, 'strong', true)) continue;
      const s = m.index + m[0].length - v.length;
      mark(out, index, s, s + v.length, 'basic-auth-user-info');
    }
  },
  samples: () => {
    const k = r(ALNUM, 16).toUpperCase();
    const s = r(ALNUM + '+/', 64);
    return {
      truePositives: [
        { text: `basic.auth.credentials.source=USER_INFO\nbasic.auth.user.info=${k}:${s}\n`, secrets: [s] },
        { text: `schema.registry.basic.auth.user.info: "${k}:${s}"\n`, secrets: [s] },
      ],
      falsePositives: ['basic.auth.user.info=${SR_KEY}:${SR_SECRET}\n', 'basic.auth.credentials.source=USER_INFO\n'],
    };
  },
};

// --- Basic auth built in code ---

/** `btoa(` / `b64encode(` and a literal or template of `user:password` (the call's name ends at `(`, the gate's literal). */
const ENCODE_CALL = /(?:btoa|b64encode)\([ \t]*b?(["'`])/g;

/** A template's text with `${'…'}` / `${"…"}` pieces read as their literals: [text, map of each character to its offset]. */
function templateText(text: string, from: number, q: number): { value: string; at: number[]; end: number } | null {
  let value = '';
  const at: number[] = [];
  for (let i = from; i < text.length && i - from < 512; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return null;
    if (c === q) return { value, at, end: i };
    if (c === 92) {
      i++;
      continue;
    }
    if (q === 96 && c === 36 && text.charCodeAt(i + 1) === 123) {
      const lit = /^\$\{[ \t]*(["'])([^"'\r\n]*)\1[ \t]*\}/.exec(text.slice(i, i + 300));
      if (lit === null) return null; // an expression: not a literal credential
      const s = i + lit[0].indexOf(lit[1]!) + 1;
      for (let k = 0; k < lit[2]!.length; k++) {
        value += lit[2]![k];
        at.push(s + k);
      }
      i += lit[0].length - 1;
      continue;
    }
    value += text[i];
    at.push(i);
  }
  return null;
}

function scanEncoded(text: string, index: LineIndex, out: BlockOutput): void {
  ENCODE_CALL.lastIndex = 0;
  for (let m = ENCODE_CALL.exec(text); m !== null; m = ENCODE_CALL.exec(text)) {
    const t = templateText(text, m.index + m[0].length, m[1]!.charCodeAt(0));
    if (t === null) continue;
    const colon = t.value.indexOf(':');
    if (colon <= 0 || !/^[\w.@+-]+$/.test(t.value.slice(0, colon))) continue;
    const v = t.value.slice(colon + 1);
    // Weak: a literal password must look random here (`btoa("data:text/plain")` is no credential).
    if (v.length < 6 || isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, 'weak', true)) continue;
    for (let k = colon + 1; k < t.value.length;) {
      let e = k + 1;
      while (e < t.value.length && t.at[e] === t.at[e - 1]! + 1) e++;
      markAt(out, index, t.at[k]!, t.at[e - 1]! + 1, 'basic-auth-encode', 2.5);
      k = e;
    }
  }
}

export const basicAuthEncoded: BlockRule = {
  id: 'basic-auth-encode',
  description: 'Basic auth built in code from a literal user:password: btoa("u:pw"), btoa(`u:${\'pw\'}`), base64.b64encode(b"u:pw")',
  gate: 'btoa(',
  scan: scanEncoded,
  samples: () => {
    const p = [pw(), pw(), pw()];
    return {
      truePositives: [
        { text: `const auth = btoa(\`admin:\${'${p[0]}'}\`);\n`, secrets: [p[0]!] },
        { text: `const encoded = btoa('deploy:${p[1]}');\n`, secrets: [p[1]!] },
        { text: `const g = btoa(\`svc:\${"${p[2]}"}\`);\n`, secrets: [p[2]!] },
      ],
      falsePositives: [
        'const auth = btoa(`${user}:${password}`);\n',
        'creds = base64.b64encode(f"{user}:{password}".encode())\n',
        "const h = Buffer.from('hello: world').toString('base64');\n",
        'const d = btoa("data:text/plain");\n',
      ],
    };
  },
};

/** The same, by Python's `base64.b64encode(b"u:pw")` (a gate of its own: one literal a rule). */
export const basicAuthB64encode: BlockRule = {
  ...basicAuthEncoded,
  id: 'basic-auth-b64encode',
  gate: 'b64encode(',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const o: BlockOutput = { hits: new Map(), protect: out.protect };
    scanEncoded(text, index, o);
    for (const [li, hits] of o.hits) for (const h of hits) addHit(out, li, { ...h, rule: 'basic-auth-b64encode' });
  },
  samples: () => {
    const p = pw();
    return {
      truePositives: [{ text: `creds = base64.b64encode(b"deploy:${p}").decode()\n`, secrets: [p] }],
      falsePositives: ['creds = base64.b64encode(f"{user}:{password}".encode())\n', 'x = base64.b64encode(b"hello: world")\n'],
    };
  },
};

// --- A vendor token percent-encoded ---

/** Characters of a token's run in a URL (and `%` of its escapes). */
function runChar(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95 || c === 45 || c === 46 || c === 126 || c === 37;
}
const VENDOR_LINE_RULES = [...VENDOR_RULES, ...MORE_VENDOR_RULES];

export const percentEncodedToken: BlockRule = {
  id: 'percent-encoded-token',
  description: 'A vendor token written percent-encoded (ghp%5F…, sk%2Dant-…): the decoded run is read by the vendor rules',
  gate: '%',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let last = -1;
    for (let p = text.indexOf('%'); p >= 0; p = text.indexOf('%', p + 1)) {
      // `%5F` (`_`) or `%2D` (`-`): the escapes a vendor prefix needs.
      const a = text.charCodeAt(p + 1);
      const b = text.charCodeAt(p + 2) | 32;
      if (!((a === 53 && b === 102) || (a === 50 && b === 100)) || p < last) continue;
      let s = p;
      while (s > 0 && runChar(text.charCodeAt(s - 1))) s--;
      let e = p + 3;
      while (e < text.length && runChar(text.charCodeAt(e))) e++;
      last = e;
      if (e - s < 20) continue;
      let decoded: string;
      try {
        decoded = decodeURIComponent(text.slice(s, e));
      } catch {
        continue;
      }
      const hits: Hit[] = [];
      for (const rule of VENDOR_LINE_RULES) {
        rule.scan(decoded, hits);
        if (hits.length > 0) break;
      }
      if (hits.length > 0) mark(out, index, s, e, 'percent-encoded-token');
    }
  },
  samples: () => {
    const t = r(ALNUM, 36);
    const t2 = r(ALNUM, 36);
    return {
      truePositives: [
        { text: `https://api.example.com/hook?token=${j('ghp', '%5F')}${t}&x=1\n`, secrets: [t] },
        { text: `curl "https://x.test/?k=${j('gh', 'p%5f')}${t2}"\n`, secrets: [t2] },
      ],
      falsePositives: ['width: calc(100%5F - 2px)\n', 'https://example.com/a%5Fb%5Fc?q=hello%2Dworld\n'],
    };
  },
};

// --- Bitcoin WIF private key ---

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const B58_INDEX = new Int8Array(128).fill(-1);
for (let i = 0; i < B58.length; i++) B58_INDEX[B58.charCodeAt(i)] = i;

/**
 * A run that may be a WIF key: `5` and 50 more (uncompressed), `K`/`L` and 51 more (compressed); on mainnet, or `9`/`c`
 * on testnet. The shape and the run's ends (no letter or digit either side) are checked on each match (wifAt): a
 * lookbehind in the regex cost every position of every text twice as much.
 */
const WIF = /[5KLc9][1-9A-HJ-NP-Za-km-z]{50,51}/g;
const ALNUM_CHAR = /[A-Za-z0-9]/;

/** The WIF key `m` (a WIF match at `at` in `text`) is, or null: the shape for its first character, a run's ends, base58check of 0x80/0xef and 32 key bytes. */
function wifAt(text: string, m: string, at: number): boolean {
  const c = m.charCodeAt(0);
  // `5` needs H, J or K second and 51 in all; `9` 51; K, L, c 52.
  if (c === 53 ? !(m.length === 51 && /^5[HJK]/.test(m)) : c === 57 ? m.length !== 51 : m.length !== 52) return false;
  if ((at > 0 && ALNUM_CHAR.test(text[at - 1]!)) || (at + m.length < text.length && ALNUM_CHAR.test(text[at + m.length]!))) return false;
  const body = base58check(m);
  return body !== null && (body[0] === 0x80 || body[0] === 0xef) && (body.length === 33 || (body.length === 34 && body[33] === 1));
}

function base58Decode(s: string): Uint8Array | null {
  const bytes: number[] = [0];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? B58_INDEX[c]! : -1;
    if (v < 0) return null;
    let carry = v;
    for (let k = 0; k < bytes.length; k++) {
      carry += bytes[k]! * 58;
      bytes[k] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  for (let i = 0; i < s.length && s[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 (FIPS 180-4), for base58check: the core runs without Node's crypto. */
export function sha256(data: Uint8Array): Uint8Array {
  const len = data.length;
  const padded = new Uint8Array(((len + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[len] = 0x80;
  const bits = len * 8;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, bits >>> 0);
  view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(off + t * 4);
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15]!;
      const b = w[t - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let t = 0; t < 64; t++) {
      const S1 = ((e! >>> 6) | (e! << 26)) ^ ((e! >>> 11) | (e! << 21)) ^ ((e! >>> 25) | (e! << 7));
      const ch = (e! & f!) ^ (~e! & g!);
      const t1 = (hh! + S1 + ch + K[t]! + w[t]!) >>> 0;
      const S0 = ((a! >>> 2) | (a! << 30)) ^ ((a! >>> 13) | (a! << 19)) ^ ((a! >>> 22) | (a! << 10));
      const maj = (a! & b!) ^ (a! & c!) ^ (b! & c!);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d! + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = h[0]! + a!;
    h[1] = h[1]! + b!;
    h[2] = h[2]! + c!;
    h[3] = h[3]! + d!;
    h[4] = h[4]! + e!;
    h[5] = h[5]! + f!;
    h[6] = h[6]! + g!;
    h[7] = h[7]! + hh!;
  }
  const outBytes = new Uint8Array(32);
  const ov = new DataView(outBytes.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]!);
  return outBytes;
}

/** Base58check: the last four bytes are the first four of SHA-256(SHA-256(the rest)). */
export function base58check(s: string): Uint8Array | null {
  const b = base58Decode(s);
  if (b === null || b.length < 5) return null;
  const body = b.subarray(0, b.length - 4);
  const sum = sha256(sha256(body));
  for (let i = 0; i < 4; i++) if (sum[i] !== b[b.length - 4 + i]) return null;
  return body;
}

/** The base58check string of `body` (for the samples). */
export function base58checkEncode(body: Uint8Array): string {
  const sum = sha256(sha256(body));
  const all = new Uint8Array(body.length + 4);
  all.set(body);
  all.set(sum.subarray(0, 4), body.length);
  const digits: number[] = [0];
  for (const byte of all) {
    let carry = byte;
    for (let k = 0; k < digits.length; k++) {
      carry += digits[k]! << 8;
      digits[k] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = (carry / 58) | 0;
    }
  }
  let out = '';
  for (let i = 0; i < all.length && all[i] === 0; i++) out += '1';
  for (let i = digits.length - 1; i >= 0; i--) out += B58[digits[i]!];
  return out;
}

export const bitcoinWif: BlockRule = {
  id: 'bitcoin-wif',
  description: 'Bitcoin (and compatible) WIF private key: base58check of 0x80/0xef and 32 key bytes (checksum verified)',
  // By shape alone, in every text (a bare key with no word about wallets, WIF or keys beside it: a line of a backup, a
  // list): base58check's 32-bit checksum, the version byte and the length leave a random run about one chance in
  // 2^32. The locator reads ~1 GB/s (a few ms per 4 MB, under 1% of masking); the scan reads only the lines it found.
  gate: '',
  window: { locate: /[5KLc9][1-9A-HJ-NP-Za-km-z]{50,51}/g, before: 0, after: 0 },
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    WIF.lastIndex = 0;
    for (let m = WIF.exec(text); m !== null; m = WIF.exec(text)) {
      if (wifAt(text, m[0], m.index)) mark(out, index, m.index, m.index + m[0].length, 'bitcoin-wif');
    }
  },
  samples: () => {
    const key = Uint8Array.from(
      r(HEX, 64)
        .match(/../g)!
        .map((h) => parseInt(h, 16)),
    );
    const wif = base58checkEncode(Uint8Array.from([0x80, ...key]));
    const wifc = base58checkEncode(Uint8Array.from([0x80, ...key, 1]));
    // Same shape, checksum broken: a base58 string of that length is no key.
    const broken = wifc.slice(0, -1) + (wifc.endsWith('a') ? 'b' : 'a');
    return {
      truePositives: [
        { text: `wif = ${wif}\n`, secrets: [wif.slice(1)] },
        { text: `{"label": "cold", "wif": "${wifc}"}\n`, secrets: [wifc.slice(1)] },
        // Bare, with no word about keys or wallets on the line or in the text.
        { text: `${wifc}\n`, secrets: [wifc.slice(1)] },
        { text: `- ${wif}\n`, secrets: [wif.slice(1)] },
      ],
      falsePositives: [
        `WIF address: ${broken}\n`,
        `tx: ${'K' + r('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 51)}\n`,
        `${broken}\n`,
        // The key's run inside a longer one is no key.
        `x${wifc}\n${wif}9\n`,
      ],
    };
  },
};

// --- A Stellar secret seed ---

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** A Stellar secret seed (StrKey): `S` and 55 base32 characters; its version byte 0x90 puts A–D second. */
const STELLAR_SEED = /S[A-D][A-Z2-7]{54}/g;

/** CRC16-XModem (StrKey's checksum). */
function crc16(b: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < b.length; i++) {
    crc ^= b[i]! << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The 35 bytes of a 56-character base32 run (RFC 4648, no padding). */
function base32Bytes(s: string): Uint8Array {
  const out = new Uint8Array(35);
  let bits = 0,
    val = 0,
    n = 0;
  for (let i = 0; i < s.length; i++) {
    val = ((val << 5) | B32.indexOf(s[i]!)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out[n++] = (val >>> (bits - 8)) & 0xff;
      bits -= 8;
    }
  }
  return out;
}

/** A Stellar secret seed: version byte 0x90, 32 key bytes, CRC16 of both (little-endian), the run's ends no letter or digit. */
function stellarSeedAt(text: string, m: string, at: number): boolean {
  if ((at > 0 && ALNUM_CHAR.test(text[at - 1]!)) || (at + m.length < text.length && ALNUM_CHAR.test(text[at + m.length]!))) return false;
  const b = base32Bytes(m);
  const crc = crc16(b.subarray(0, 33));
  return b[0] === 0x90 && b[33] === (crc & 0xff) && b[34] === crc >> 8;
}

/** The StrKey of `body` (version byte and payload), for the samples. */
export function strKey(body: Uint8Array): string {
  const crc = crc16(body);
  const all = Uint8Array.from([...body, crc & 0xff, crc >> 8]);
  let bits = 0,
    val = 0,
    out = '';
  for (const x of all) {
    val = ((val << 8) | x) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += B32[(val >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + B32[(val << (5 - bits)) & 31] : out;
}

export const stellarSeed: BlockRule = {
  id: 'stellar-secret-seed',
  description: 'Stellar secret seed (StrKey `S…`: version byte 0x90, 32 key bytes, CRC16 verified), by its shape alone',
  // Bare, as bitcoin-wif: the version byte and a 16-bit checksum over a 56-character upper-case base32 run, which text
  // rarely holds. An account id (`G…`, its public half) has another version byte. The scan reads only the located lines.
  gate: '',
  window: { locate: /S[A-D][A-Z2-7]{54}/g, before: 0, after: 0 },
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    STELLAR_SEED.lastIndex = 0;
    for (let m = STELLAR_SEED.exec(text); m !== null; m = STELLAR_SEED.exec(text)) {
      if (stellarSeedAt(text, m[0], m.index)) mark(out, index, m.index, m.index + m[0].length, 'stellar-secret-seed');
    }
  },
  samples: () => {
    const key = () =>
      r(HEX, 64)
        .match(/../g)!
        .map((h) => parseInt(h, 16));
    const seedKey = strKey(Uint8Array.from([0x90, ...key()]));
    const account = strKey(Uint8Array.from([6 << 3, ...key()]));
    const broken = seedKey.slice(0, -1) + (seedKey.endsWith('A') ? 'B' : 'A');
    return {
      truePositives: [
        { text: `${seedKey}\n`, secrets: [seedKey.slice(1)] },
        { text: `const kp = Keypair.fromSecret("${seedKey}");\n`, secrets: [seedKey.slice(1)] },
      ],
      falsePositives: [`${account}\n`, `account: ${account}\n`, `${broken}\n`, `X${seedKey}\n`],
    };
  },
};

// --- A TOTP seed in prose ---

/** A one-time-password word, a few words of label, and a base32 run (`TOTP seed JBSW…`, `MFA: JBSW…`, `2FA backup key - JBSW…`). */
const TOTP =
  /\b(?:t?otp|2fa|mfa|authenticator)\b[ \t\w()-]{0,24}?[ \t]*[:=\t -][ \t]*["'`]?([A-Za-z2-7]{16,64}={0,6}|(?:[A-Za-z2-7]{4}[ ]){3,15}[A-Za-z2-7]{4})(?![\w=])/gi;

export const totpSeed: BlockRule = {
  id: 'totp-seed',
  description: 'A TOTP / 2FA seed (base32) after a one-time-password word in prose, notes or config: TOTP seed JBSW…, MFA: JBSW…',
  gate: '',
  // (The literals in capitals, as prose and notes write them; a `totp_secret = …` key is the generic rule's.)
  applies: (_text, has) => has('OTP') || has('2FA'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    TOTP.lastIndex = 0;
    for (let m = TOTP.exec(text); m !== null; m = TOTP.exec(text)) {
      const v = m[1]!;
      const bare = v.replace(/[ =]/g, '');
      // One case throughout (base32 is written upper or lower), digits 2–7 among the letters, and random.
      if (!(bare === bare.toUpperCase() || bare === bare.toLowerCase()) || !/[2-7]/.test(bare) || !/[A-Za-z]/.test(bare) || !randomPartOk(bare)) continue;
      const s = m.index + m[0].length - v.length;
      mark(out, index, s, s + v.length, 'totp-seed');
    }
  },
  samples: () => {
    const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    const a = r(B32, 32);
    const b = r(B32, 16);
    const c = r(B32, 32).toLowerCase();
    return {
      truePositives: [
        { text: `TOTP seed ${a}\n`, secrets: [a] },
        { text: `- GitHub 2FA: ${b}\n`, secrets: [b] },
        { text: `2FA backup key - ${c.replace(/(.{4})(?!$)/g, '$1 ')}\n`, secrets: [c.slice(0, 4) + ' ' + c.slice(4, 8)] },
      ],
      falsePositives: ['Enable 2FA: AUTHENTICATORAPP\n', 'TOTP algorithm: SHA1\n', 'mfa_enabled = true\n', 'OTP length: 6 digits\n'],
    };
  },
};

export const MORE_SHAPE_RULES: readonly BlockRule[] = [
  callCredentialLines,
  salesforceSession,
  byteArrayKeypair,
  sqlNamedValue,
  ...PATH_KEYS.map(pathKeyRule),
  rAssignment,
  rRightAssignment,
  basicAuthUserInfo,
  basicAuthEncoded,
  basicAuthB64encode,
  percentEncodedToken,
  bitcoinWif,
  stellarSeed,
  totpSeed,
];
