// The performance key: one cheap pre-scan finds the few lines worth a rule's attention.
// Most lines of a source tree hold no secret, and running 60 rule regexes on each would cost
// ~100x the read itself. The pre-scan is defined by three regexes (GENERIC, PREFIXED, LETTERS
// below): a line is a candidate when one of them matches in it. Every rule keyword must be
// reachable from one of them; the rule samples test that.
//
// How it runs fast: GENERIC and PREFIXED are anchored on one character (`=`, `:`, `>`, `_`, `-`,
// `@`) and confirmed by a look-behind. Run over the whole text, V8 tries that look-behind at every
// `=` and `:` of the code, ~300 ns each (measured). Instead, `indexOf` finds the anchors (native,
// ~0.2 ns/char), a table lookup on the 3 characters before each anchor discards almost all of them
// (a necessary condition derived from the same word lists the regex is built from), and only the
// survivors are confirmed: by the original regex, sticky at the anchor on the whole text, so
// look-behind and look-ahead see exactly the context they would have seen — or, for GENERIC, by
// the same check written out (keyNameEndsAt), because its look-behind alone cost ~300 ns a try.
// The candidate lines are therefore the same as running the three regexes over the text
// (`candidateLinesReference`, which the tests compare on samples, corpus and seeded mixes).
// Threat: a line the pre-scan drops is never shown to a rule, so its secret reaches the model.
import { tailTable } from './tails';

/** Secret-named key words, and the words allowed after them (`SECRET_KEY_BASE`, `client-key-data`). */
const KEY_WORDS = ['pass', 'password', 'passwd', 'passphrase', 'pwd', 'pswd', 'pw', 'pat', 'secret', 'secrets', 'token', 'key', 'keys',
  'auth', 'authorization', 'cred', 'creds', 'credential', 'credentials', 'sig', 'signature'];
const KEY_TAILS = ['base', 'data', 'value', 'b64', 'base64', 'hex', 'raw', 'str', 'string', 'plain', 'text', 'pem'];

/**
 * Secret-named keys in assignments: `password=`, `"api_key":`, `<token>`, `sig=`, `Authorization:`.
 * The keyword must end the name (optionally followed by a word like `_base`/`-data`), the same
 * rule classifyName applies, so the look-behind is short and bounded: no scan back over the name.
 */
const GENERIC_SRC = `[=:>](?<=(?:${KEY_WORDS.join('|')})(?:[_.-]?(?:${KEY_TAILS.join('|')}))?["'\`\\]]{0,2}[ \\t]*[=:>])`;

/** Vendor prefixes ending in `_` / `-` (regex sources of single words: literals, `[...]`, `{n}`, `\d`). */
const UNDERSCORE_PREFIXES = ['gh[pousr]', 'npm', 'hf', 'sk_live', 'sk_test', 'rk_live', 'rk_test', 'shp[a-z]{2}', 'do[por]_v1', 'github_pat', 'glc',
  'glsa', 'sntry[su]', 'api_org', 'gsk', 'figd', 'lin_api', 'sbp', 'r8', 'fo1', 'fm2', 'dckr_pat', 'sq[pua]', 'bkua', 'ntn', 'secret'];
const DASH_PREFIXES = ['glpat', 'gldt', 'glrt', 'glptt', 'glsoat', 'glft', 'glimt', 'glcbt', 'gloas', 'glagent', 'sk', 'ant', 'api\\d\\d',
  'admin\\d\\d', 'proj', 'svcacct', 'pypi', 'xox[a-z]', 'xapp', 'key', 'PMAK', 'NRAK', 'pplx', 'xai', 'GOCSPX', 'HRKU', 'pul', 'sq0atp',
  'sq0csp', 'AGE-SECRET-KEY'];
/** Flags whose next word is a secret: `--password X`, `--token=X`. */
const SECRET_FLAGS = ['password', 'passwd', 'pass', 'token', 'api-key', 'apikey', 'secret', 'client-secret', 'auth-token', 'access-token', 'user', 'proxy-user'];

/** Vendor prefixes, URL userinfo (`://…@`), command-line password flags (`mysql -pX`, `curl -u a:b`, `--password X`). */
const PREFIXED_SRC =
  // A vendor separator only counts when a token-length run follows: most `_`/`-` in code fail here fast.
  `[_-](?=[A-Za-z0-9_+/=-]{16})(?<=(?:${UNDERSCORE_PREFIXES.join('|')})_|(?:${DASH_PREFIXES.join('|')})-)` +
  '|@(?<=:\\/\\/[^\\s\\/@]*@)' +
  '|-(?<=\\s-)(?=p[^\\s-]|u[\\s=]*\\S+:)' +
  '|-(?<=sshpass\\s+-)(?=p)' +
  `|-(?<=\\s--)(?=(?:${SECRET_FLAGS.join('|')})[\\s=])`;

/** Vendor prefixes without a separator: AWS, Google, JWT, OpenAI's marker, SendGrid, Slack hooks, … */
const LETTERS =
  /A(?:KIA|SIA|BIA|CCA|Iza)|eyJ|T3BlbkFJ|SG\.|hooks\.slack|hv[sbr]\.|dp\.(?:pt|st|sa|ct|scim|audit)\.|\.atlasv1\.|ya29\.|LTAI|ATATT3|dapi[0-9a-f]|SK[0-9a-fA-F]{32}|:AA[\w-]{33}/g;
/**
 * The literal head of every LETTERS alternative, filed under one of its rarer characters (the anchor):
 * an anchor at `p` with the head around it is confirmed by LETTERS, sticky at the head's start.
 * `dapi` has no rare character and is searched as a whole. A test checks every alternative is here.
 */
const LETTER_HEADS: Record<string, readonly string[]> = {
  A: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'AIza', 'ATATT3', 'LTAI', ':AA'],
  J: ['eyJ', 'T3BlbkFJ'],
  K: ['SK'],
  '.': ['SG.', 'hooks.slack', 'hvs.', 'hvb.', 'hvr.', 'dp.', '.atlasv1.', 'ya29.'],
  dapi: ['dapi'],
};

/** Dockerfile `ENV NAME value` has no `=`; only looked for when the text has an `ENV `. */
const DOCKER_ENV = /^[ \t]*ENV[ \t]/gm;

const GENERIC = new RegExp(GENERIC_SRC, 'gi');
const PREFIXED = new RegExp(PREFIXED_SRC, 'g');
const LETTERS_AT = new RegExp(LETTERS.source, 'y');
const PREFIXED_AT = new RegExp(PREFIXED_SRC, 'y');

// What may stand right before an anchor, as tables of the last (up to) 3 characters.
const KEY_END = tailTable([...KEY_WORDS, ...KEY_TAILS], true);
const UNDERSCORE_END = tailTable(UNDERSCORE_PREFIXES, false);
const DASH_END = tailTable(DASH_PREFIXES, false);

function matchesAt(re: RegExp, text: string, pos: number): boolean {
  re.lastIndex = pos;
  return re.test(text);
}

/** ECMAScript `\s` (WhiteSpace and LineTerminator), the class the look-behinds use. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 160 || c === 5760 || (c >= 8192 && c <= 8202) || c === 8232 || c === 8233 || c === 8239 ||
    c === 8287 || c === 12288 || c === 65279;
}

/** GENERIC at `p` (an `=`, `:` or `>`): skip back over `[ \t]*` and up to two quotes, then the key word's tail. */
function genericAt(text: string, p: number): boolean {
  let i = p - 1;
  let c = text.charCodeAt(i);
  while (c === 32 || c === 9) c = text.charCodeAt(--i);
  for (let q = 0; q < 2 && (c === 34 || c === 39 || c === 96 || c === 93); q++) c = text.charCodeAt(--i);
  return KEY_END.endsAt(text, i) && keyNameEndsAt(text, i);
}

/**
 * Words filed under their last character (lower case; `| 0x20` folds an ASCII capital onto it, and
 * maps other characters to codes no word ends with, or to `undefined` past the table).
 */
function byLast(words: readonly string[]): (string[] | undefined)[] {
  const table: (string[] | undefined)[] = [];
  for (const w of words) (table[w.charCodeAt(w.length - 1)] ??= []).push(w);
  return table;
}
const KEY_WORDS_BY_LAST = byLast(KEY_WORDS);
const KEY_TAILS_BY_LAST = byLast(KEY_TAILS);

function endsWithAny(table: (string[] | undefined)[], text: string, i: number): boolean {
  const list = table[text.charCodeAt(i) | 0x20];
  if (list !== undefined) for (const w of list) if (endsWithWord(text, i, w)) return true;
  return false;
}

/** `text` ending at `i` ends with a key word, ASCII case-insensitively (the `i` flag never folds non-ASCII onto ASCII). */
function endsWithWord(text: string, i: number, w: string): boolean {
  if (i + 1 < w.length) return false;
  for (let k = w.length - 1, j = i; k >= 0; k--, j--) {
    const x = w.charCodeAt(k);
    const c = text.charCodeAt(j);
    if (c !== x && !(x >= 97 && x <= 122 && c === x - 32)) return false;
  }
  return true;
}

/**
 * The rest of GENERIC's look-behind once quotes and blanks are skipped: `KEY_WORD` or
 * `KEY_WORD[_.-]?KEY_TAIL` ends at `i`. Same answer as the regex (the tests compare the two), at a
 * fraction of the cost of V8's backtracking through both alternations.
 */
function keyNameEndsAt(text: string, i: number): boolean {
  if (endsWithAny(KEY_WORDS_BY_LAST, text, i)) return true;
  const tails = KEY_TAILS_BY_LAST[text.charCodeAt(i) | 0x20];
  if (tails === undefined) return false;
  for (const t of tails) {
    if (!endsWithWord(text, i, t)) continue;
    const j = i - t.length;
    if (endsWithAny(KEY_WORDS_BY_LAST, text, j)) return true;
    const sep = text.charCodeAt(j);
    if ((sep === 95 || sep === 46 || sep === 45) && endsWithAny(KEY_WORDS_BY_LAST, text, j - 1)) return true;
  }
  return false;
}

/** PREFIXED at `p` (a `_` or `-`): a vendor prefix before it, or a `-p`/`-u`/`--flag` after whitespace. */
function prefixedAt(text: string, p: number, dash: boolean): boolean {
  const vendor = (dash ? DASH_END : UNDERSCORE_END).endsAt(text, p - 1);
  let flag = false;
  if (dash) {
    const prev = text.charCodeAt(p - 1);
    const next = text.charCodeAt(p + 1);
    // `-(?<=\s-)(?=p|u…)`, `-(?<=sshpass\s+-)(?=p)`, `-(?<=\s--)(?=password|token|api-key|secret|client-secret|user…)`.
    flag = (isSpace(prev) && (next === 112 || next === 117)) ||
      (prev === 45 && isSpace(text.charCodeAt(p - 2)) && (next === 112 || next === 116 || next === 97 || next === 115 || next === 99 || next === 117));
  }
  return (vendor || flag) && matchesAt(PREFIXED_AT, text, p);
}

/** URL userinfo at `p` (an `@`): `scheme://user:pw@`, with no whitespace, `/` or `@` in between. */
function userinfoAt(text: string, p: number): boolean {
  let i = p - 1;
  for (let c = text.charCodeAt(i); i >= 0 && c !== 47 && c !== 64 && !isSpace(c); c = text.charCodeAt(--i));
  return i >= 2 && text.charCodeAt(i) === 47 && text.charCodeAt(i - 1) === 47 && text.charCodeAt(i - 2) === 58 && matchesAt(PREFIXED_AT, text, p);
}

/** An anchor of LETTER_HEADS with its heads and its neighbour filter. */
interface LetterAnchor {
  anchor: string;
  /** Offset of the anchor in each head, and the head. */
  ks: number[];
  heads: string[];
  /** A head is the anchor itself (`dapi`): every hit goes to the heads. */
  unfiltered: boolean;
  /** Characters a head has right before the anchor: the two before it (`before2`) or the one (`before1`, anchor at 1). */
  before1: Uint8Array;
  before2: Uint8Array;
  /** Heads starting with the anchor: the two characters after it, or the one when the head has just one more. */
  after1: Uint8Array;
  after2: Uint8Array;
}

/**
 * For each anchor, a filter on its neighbours built from the heads, so most `.` and `A` of ordinary
 * code cost a few array reads (`this.x` passes a one-character filter on `s`; `SG.` needs `SG`).
 */
const LETTER_ANCHORS: LetterAnchor[] = Object.entries(LETTER_HEADS).map(([anchor, heads]) => {
  const a: LetterAnchor = {
    anchor, ks: [], heads: [...heads], unfiltered: false,
    before1: new Uint8Array(128), before2: new Uint8Array(1 << 14), after1: new Uint8Array(128), after2: new Uint8Array(1 << 14),
  };
  for (const head of heads) {
    const k = head.indexOf(anchor);
    if (k < 0) throw new Error(`LETTER_HEADS: ${head} does not contain its anchor ${anchor}`);
    if (/[^\x00-\x7f]/.test(head)) throw new Error(`LETTER_HEADS: ${head} is not ASCII`);
    a.ks.push(k);
    const rest = k + anchor.length;
    if (k >= 2) a.before2[(head.charCodeAt(k - 2) << 7) | head.charCodeAt(k - 1)] = 1;
    else if (k === 1) a.before1[head.charCodeAt(0)] = 1;
    else if (head.length >= rest + 2) a.after2[(head.charCodeAt(rest) << 7) | head.charCodeAt(rest + 1)] = 1;
    else if (head.length === rest + 1) a.after1[head.charCodeAt(rest)] = 1;
    else a.unfiltered = true;
  }
  return a;
});

/** A LETTERS match starting at one of the heads around the anchor at `p`? */
function headsAt(a: LetterAnchor, text: string, p: number): boolean {
  for (let h = 0; h < a.heads.length; h++) {
    const head = a.heads[h]!;
    const s = p - a.ks[h]!;
    if (s < 0) continue;
    let i = 0;
    while (i < head.length && text.charCodeAt(s + i) === head.charCodeAt(i)) i++;
    if (i === head.length && matchesAt(LETTERS_AT, text, s)) return true;
  }
  return false;
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** Records the line of a confirmed anchor; returns where to look for the next one (-1: done). One hit per line is enough. */
function hit(text: string, p: number, ch: string, out: number[]): number {
  out.push(lineStart(text, p));
  const nl = text.indexOf('\n', p);
  return nl < 0 ? -1 : text.indexOf(ch, nl + 1);
}

// One loop per kind of anchor rather than one loop calling a test function: the call stays
// monomorphic and V8 inlines the check (measured: the shared loop's indirect call cost ~10%).
function scanGeneric(text: string, ch: string, out: number[]): void {
  for (let p = text.indexOf(ch); p !== -1;) p = genericAt(text, p) ? hit(text, p, ch, out) : text.indexOf(ch, p + 1);
}
function scanPrefixed(text: string, ch: string, out: number[]): void {
  const dash = ch === '-';
  for (let p = text.indexOf(ch); p !== -1;) p = prefixedAt(text, p, dash) ? hit(text, p, ch, out) : text.indexOf(ch, p + 1);
}
function scanUserinfo(text: string, out: number[]): void {
  for (let p = text.indexOf('@'); p !== -1;) p = userinfoAt(text, p) ? hit(text, p, '@', out) : text.indexOf('@', p + 1);
}
function scanLetters(text: string, a: LetterAnchor, out: number[]): void {
  const { anchor, unfiltered, before1, before2, after1, after2 } = a;
  const len = anchor.length;
  for (let p = text.indexOf(anchor); p !== -1;) {
    // The neighbour filter, inline: most anchors stop here. charCodeAt outside the string is NaN,
    // which fails every `< 128`.
    let near = unfiltered;
    if (!near) {
      const b1 = text.charCodeAt(p - 1);
      if (b1 < 128) {
        if (before1[b1] === 1) near = true;
        else {
          const b2 = text.charCodeAt(p - 2);
          near = b2 < 128 && before2[(b2 << 7) | b1] === 1;
        }
      }
      if (!near) {
        const n1 = text.charCodeAt(p + len);
        if (n1 < 128) {
          if (after1[n1] === 1) near = true;
          else {
            const n2 = text.charCodeAt(p + len + 1);
            near = n2 < 128 && after2[(n1 << 7) | n2] === 1;
          }
        }
      }
    }
    p = near && headsAt(a, text, p) ? hit(text, p, anchor, out) : text.indexOf(anchor, p + 1);
  }
}

function scanRegex(text: string, re: RegExp, out: number[]): void {
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out.push(lineStart(text, m.index));
    const nl = text.indexOf('\n', m.index);
    if (nl < 0) break;
    re.lastIndex = nl + 1; // one hit per line is enough
  }
}

/** Start offsets of candidate lines, ascending, without duplicates. */
export function candidateLines(text: string): number[] {
  const out: number[] = [];
  scanGeneric(text, '=', out);
  scanGeneric(text, ':', out);
  scanGeneric(text, '>', out);
  scanPrefixed(text, '_', out);
  scanPrefixed(text, '-', out);
  scanUserinfo(text, out);
  for (const a of LETTER_ANCHORS) scanLetters(text, a, out);
  if (text.includes('ENV ')) scanRegex(text, DOCKER_ENV, out);
  return sortedUnique(out);
}

/** The definition: the three regexes run over the whole text (slow; tests compare candidateLines with it). */
export function candidateLinesReference(text: string): number[] {
  const out: number[] = [];
  for (const re of [GENERIC, PREFIXED, LETTERS]) scanRegex(text, re, out);
  if (text.includes('ENV ')) scanRegex(text, DOCKER_ENV, out);
  return sortedUnique(out);
}

function sortedUnique(out: number[]): number[] {
  out.sort((a, b) => a - b);
  let w = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[i - 1]) out[w++] = out[i]!;
  out.length = w;
  return out;
}


