// Value heuristics: is this string intrinsically a secret, or a reference, placeholder, path, prose?
// Over-masking is not harmless (an agent that reads a masked lockfile or data URI and writes it back
// corrupts the file), so a generic key=value rule needs both a secret-looking name and a value that
// passes these floors.
import { isFakeReadable } from './fake-values';
import { classifyName, nameWords } from './names';

// Scratch for the ASCII fast paths below (the common case: keys, tokens, passwords). Reset after use.
const COUNTS = new Int32Array(128);
// One spare slot: the counting loop writes every character at ORDER[distinct] and keeps it only if new.
const ORDER = new Uint8Array(129);
/** Per ASCII code: 1 lower, 2 upper, 4 digit, 8 other (charClasses' four classes). */
const CLASS = new Uint8Array(128).map((_, c) => (c >= 97 && c <= 122 ? 1 : c >= 65 && c <= 90 ? 2 : c >= 48 && c <= 57 ? 4 : 8));

// `p * Math.log2(p)` for p = count / len, remembered per (len, count) for len <= TERMS_MAX: log2 was
// half the cost of the statistics. The remembered number is the one the expression gives, so the
// sums below stay bit-identical. Rows are made on first use (NaN: not computed yet).
const TERMS_MAX = 256;
const TERMS: (Float64Array | undefined)[] = [];

/** asciiStats' answers for the last string it was given. */
const STATS = { distinct: 0, entropy: 0, classes: 0 };

/**
 * distinctChars, shannon and charClasses of an ASCII string in one pass, into STATS (the same
 * numbers, the entropy summed in the same order, so bit for bit); false, and STATS untouched, when
 * `s` holds a character above 0x7F (the callers then ask the three functions).
 */
function asciiStats(s: string): boolean {
  const n = s.length;
  let distinct = 0;
  // Two characters a round (one test of both for ASCII, half the loop's own work: values run to
  // hundreds of characters). Without a branch on "first time seen" (random tokens make it
  // unpredictable): always write, advance only when the count was 0 (`(k - 1) >>> 31` is 1 exactly
  // for k = 0). The first of a pair is counted before the second is looked up, as one at a time.
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const c = s.charCodeAt(i);
    const d = s.charCodeAt(i + 1);
    if ((c | d) >= 128) return notAscii(distinct);
    ORDER[distinct] = c;
    let k = COUNTS[c]!;
    COUNTS[c] = k + 1;
    distinct += (k - 1) >>> 31;
    ORDER[distinct] = d;
    k = COUNTS[d]!;
    COUNTS[d] = k + 1;
    distinct += (k - 1) >>> 31;
  }
  if (i < n) {
    const c = s.charCodeAt(i);
    if (c >= 128) return notAscii(distinct);
    ORDER[distinct] = c;
    const k = COUNTS[c]!;
    COUNTS[c] = k + 1;
    distinct += (k - 1) >>> 31;
  }
  let row: Float64Array | undefined;
  if (n <= TERMS_MAX && (row = TERMS[n]) === undefined) row = TERMS[n] = new Float64Array(n + 1).fill(NaN);
  let h = 0;
  let mask = 0;
  for (let k = 0; k < distinct; k++) {
    const c = ORDER[k]!;
    const count = COUNTS[c]!;
    COUNTS[c] = 0;
    let t: number;
    if (row !== undefined) {
      t = row[count]!;
      if (t !== t) {
        const p = count / n;
        t = row[count] = p * Math.log2(p);
      }
    } else {
      const p = count / n;
      t = p * Math.log2(p);
    }
    h -= t;
    // A capital counts as upper case unless it is only the leading character (ORDER[0] is s[0]).
    mask |= k === 0 && CLASS[c] === 2 && count === 1 && n > 1 ? 0 : CLASS[c]!;
  }
  STATS.distinct = distinct;
  STATS.entropy = h;
  STATS.classes = (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + (mask >> 3);
  return true;
}

/** asciiStats' way out for a string beyond ASCII: the counts so far cleared, STATS untouched. */
function notAscii(distinct: number): false {
  for (let k = 0; k < distinct; k++) COUNTS[ORDER[k]!] = 0;
  return false;
}

/** asciiStats as a value (for the test that compares it with the three functions). */
export function asciiStatsOf(s: string): { distinct: number; entropy: number; classes: number } | null {
  return asciiStats(s) ? { ...STATS } : null;
}

/** Shannon entropy in bits per character. */
export function shannon(s: string): number {
  if (s.length === 0) return 0;
  // ASCII: counts in an array, summed in order of first appearance, as the Map below iterates,
  // so the float result is bit-identical (thresholds like `h >= 3` must not move).
  if (asciiStats(s)) return STATS.entropy;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const c of counts.values()) {
    const p = c / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

const BITS = new Int32Array(4);

/** Distinct code points. */
export function distinctChars(s: string): number {
  // ASCII: a 128-bit set in four words, indexed without a branch; anything else goes to the Set.
  const w = BITS;
  w[0] = 0;
  w[1] = 0;
  w[2] = 0;
  w[3] = 0;
  for (let i = 0; i < s.length; i++) {
    const x = s.charCodeAt(i);
    if (x >= 128) return new Set(s).size;
    w[x >> 5] |= 1 << (x & 31);
  }
  return popcount(w[0]!) + popcount(w[1]!) + popcount(w[2]!) + popcount(w[3]!);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Character classes present: lower, upper (beyond a leading capital), digit, other. */
export function charClasses(s: string): number {
  let lower = 0,
    upper = 0,
    digit = 0,
    other = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) lower = 1;
    else if (c >= 65 && c <= 90) {
      if (i > 0) upper = 1;
      else if (s.length === 1) upper = 1;
    } else if (c >= 48 && c <= 57) digit = 1;
    else other = 1;
  }
  return lower + upper + digit + other;
}

/** REFERENCE's alternatives (exported for the test that holds an example of each anchored one). */
export const REFERENCE_PARTS = [
  // Template markers name what they stand for (`${DB_PASS}`, `${{ secrets.X }}`, `{{ .Values.pw }}`, `<%= ENV['X'] %>`);
  // the same two characters inside random text (a salt's `{{K@[`, `<%.`, `${PMs%@x*…`) are no reference: the
  // name after the marker must end where a name ends: at `}` (or the value's end, cut at its `}`), a blank, an
  // index, a default's `:-` `:=` `:?` `:+`, a scope's `:NAME` (`${env:HOME}`); a salt's `${abc-`, `${abc(` are none.
  // HOCON's optional substitution `${?DB_PASSWORD}` (the variable, when it is set) too.
  // Spring's empty default (`${DB_PASSWORD:}`): the variable or nothing.
  '\\$\\{\\{?\\s*\\??[A-Za-z_@][\\w.]*(?:$|[}\\s[]|:[-=?+}]|:[A-Za-z_][\\w.]*(?:\\}|$))',
  '^\\$\\(',
  // Serverless Framework's variable sources (`${ssm:/dd/key}`, `${ssm(eu-west-1):/p}`, `${file(./s.yml):pw}`, `${cf:stack.Out}`,
  // `${s3:bucket/key}`: a source's name may hold a digit).
  '^\\$\\{[a-z][a-z0-9]*(?:\\([^()\\s]*\\))?:[^\\s{}]*\\}$',
  // Grafana's provisioning references (`$__env{DB_PASSWORD}`, `$__file{/run/secrets/pw}`, `$__vault{secret/db:pw}`): the
  // whole value names where the secret is.
  '^\\$__(?:env|file|vault)\\{[^\\s{}]+\\}$',
  // Azure Pipelines' runtime expression over its variables (`$[variables.dbPassword]`, `$[dependencies.A.outputs['x.pw']]`).
  '^\\$\\[[ \\t]*(?:variables|parameters|dependencies|stageDependencies)[.[][^\\s\\]]*(?:\\][^\\s\\]]*)*\\]$',
  // Google Secret Manager's resource name (`projects/p/secrets/db-password/versions/latest`): where the secret is kept.
  '^projects\\/[\\w.-]+\\/secrets\\/[\\w-]+(?:\\/versions\\/(?:latest|\\d+))?$',
  // Token replacement markers of build pipelines (`__DB_PASSWORD__`, `@@API_KEY@@`): a constant's name, filled at deploy time.
  '^(?:__[A-Z][A-Z0-9_]*[A-Z0-9]__|@@[A-Z][A-Z0-9_]*@@)$',
  // A shell or compose variable that must be set (`${DB_PASSWORD?required}`, `${DB_PASSWORD:?missing}`), the whole value:
  // the text after `?` is the error message. (`-` and `+` give a literal when unset or set: judged.)
  '^\\$\\{[A-Za-z_]\\w*:?\\?[^{}]*\\}$',
  // `env:NAME` as the whole value (Grafana Alloy, Dapr, Caddy, Fluent Bit, openssl's `-pass env:VAR`): a variable's name in one
  // case, as variables are named (`env:Xk9mQ2` in mixed case is judged as the value it may be).
  '^env:(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*)$',
  // `$VAR`, `$HOME/.x`, `$env:KEY`, `$_ENV['KEY']`, `$this->password`, `$cfg.db.pass`: a name and what reaches into
  // it. A `$` that starts random text is not one (`$wCL,yap~5U>=}…`: a WordPress salt in single quotes).
  '^\\$[A-Za-z_]\\w*(?:(?:->|::|[/.:\\-\\[\\]\'"@])[\\w./:\\-\\[\\]\'"@>]*)?$',
  '^%\\{',
  '^%\\(',
  '\\{\\{[^{}]*\\}\\}',
  '<%[\\s\\S]*%>',
  '^#\\{',
  '^@\\{',
  '^\\[\\[',
  'process\\.env',
  'os\\.environ',
  'os\\.getenv',
  'getenv\\(',
  '\\bENV\\[',
  'System\\.getenv',
  '^env\\(',
  '^secrets?\\.',
  '^vault:',
  '^!(?:Ref|Sub|GetAtt|ImportValue)',
  '^ref\\+',
  '^arn:aws:',
  '^op://',
  '^keyvault:',
  '^sm://',
  '^awssm:',
  '^file:',
  '^%[A-Z_]+%$',
  // Symfony's env placeholder (`%env(DB_PASS)%`, `%env(resolve:DATABASE_URL)%`): a variable's name.
  '^%env\\((?:[a-z_]+:)*[A-Za-z_]\\w*\\)%$',
  '^@Microsoft\\.KeyVault\\(',
  // Ciphertext a separate key opens: a sops value (`ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]`) and an Ansible
  // Vault payload (its header and hex lines, joined): what a reader without the key learns from them is nothing.
  '^ENC\\[AES256_GCM,data:[A-Za-z0-9+/=]*,iv:[A-Za-z0-9+/=]*,tag:[A-Za-z0-9+/=]*,type:[a-z]+\\]$',
  // A public key where a key is named (git's `signingkey = key::ssh-ed25519 AAAA…`): public by design.
  '^(?:key::)?(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp(?:256|384|521)|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\\.com) AAAA[A-Za-z0-9+/]+=*(?: [^\\s]*)?$',
  '^\\$ANSIBLE_VAULT;1\\.[12];AES256(?:;[\\w.-]+)?[0-9a-f \\t]*$',
]; // a new `^` alternative's first characters go into F_REF (FIRST, below), and an example of it into value-shape.test.ts
/** The definition isReference answers (exported for the test that compares them). */
export const REFERENCE = new RegExp(REFERENCE_PARTS.join('|'));

/**
 * A regex of alternatives as two: those anchored with `^` (one `^(?:…)`, tried at position 0 only)
 * and the others. `A|B` matches somewhere exactly when A or B does, so test() answers the same; the
 * split spares every position of a long value the anchored alternatives, and lets valueLooksSecret
 * skip the others when the value holds none of the characters they need.
 */
function splitAnchored(parts: string[], flags: string): { atStart: RegExp; anywhere: RegExp } {
  const start = parts.filter((p) => p.startsWith('^')).map((p) => p.slice(1));
  return { atStart: new RegExp(`^(?:${start.join('|')})`, flags), anywhere: new RegExp(parts.filter((p) => !p.startsWith('^')).join('|'), flags) };
}
const REF = splitAnchored(REFERENCE_PARTS, '');

/**
 * `${VAR}`, `${{ secrets.X }}`, `process.env.X`, `os.environ[...]`, ERB, `$VAR`, vault refs: not the secret itself.
 * A value that holds a reference is one only when what is left once its references are taken out is glue
 * (`${USER}:${PASS}`, `${A}-prod`, `postgres://app:${PW}@db:5432/app`): `${X}Xk9…` keeps a secret beside the
 * reference (restLooksSecret). The whole-value forms (REFERENCE_WHOLE: an address such as `vault:…`, `arn:aws:…`,
 * `op://…`, or a form anchored at both ends) are references whatever they hold.
 */
export function isReference(v: string): boolean {
  return (REF.atStart.test(v) || REF.anywhere.test(v)) && referenceRest(v);
}

/** The anchored alternatives that name the whole value (not the spans withoutReferences takes out and judges around). */
const SPAN_STARTS = new Set([
  '^\\$\\(',
  '^%\\{',
  '^%\\(',
  '^#\\{',
  '^@\\{',
  '^env\\(',
  '^\\$[A-Za-z_]\\w*(?:(?:->|::|[/.:\\-\\[\\]\'"@])[\\w./:\\-\\[\\]\'"@>]*)?$',
]);
/** The whole-value reference forms (exported for the test that states isReference's definition). */
export const REFERENCE_WHOLE = new RegExp(
  `^(?:${REFERENCE_PARTS.filter((p) => p.startsWith('^') && !SPAN_STARTS.has(p))
    .map((p) => p.slice(1))
    .join('|')})`,
);

/** For a value REFERENCE matches: a whole-value form, or references and glue only. */
function referenceRest(v: string): boolean {
  // A piece restLooksSecret hands to valueLooksSecret that REFERENCE still matches (what REF_SPAN does not take out) is a
  // reference there, as before: judging it again would only come back here.
  return judgingRest || REFERENCE_WHOLE.test(v) || !restLooksSecret(withoutReferences(v));
}
let judgingRest = false;

/**
 * The spans of a value that stand for text filled in elsewhere: template markers that close over a name (`${X}`,
 * `${X:-d}`, `${env:HOME}`, `${{ secrets.X }}`, Serverless' `${ssm:/p}` and `${file(./s.yml):pw}`, `{{ … }}`, `<%= … %>`,
 * `#{…}`, `@{…}`, `%{…}`, `%(name)s`, Grafana's `$__env{…}`, Symfony's `%env(X)%`, Windows' `%NAME%`), a
 * command substitution (`$(…)`), the environment read in code (`process.env.X`, `os.environ["X"]`, `ENV['X']`,
 * `os.getenv("X")`, `System.getenv("X")`, `env('X')`: the call and its first argument, a default after it is text), and `$NAME` when the name is one people write (isWordyIdentifier:
 * `$Xk9aQ…` may be a password's own `$`). A `${` before random text (a salt's `${abc-`) is none, as in REFERENCE.
 */
const REF_SPAN = new RegExp(
  [
    '\\$\\{\\{?\\s*\\??[A-Za-z_@][\\w.]*(?:\\s*\\}\\}?|(?:[\\s[]|:[-=?+])[^{}]*\\}\\}?|:[A-Za-z_][\\w.]*\\}|$)',
    '\\$\\{[a-z][a-z0-9]*(?:\\([^()\\s]*\\))?:[^\\s{}]*\\}',
    '\\$__(?:env|file|vault)\\{[^\\s{}]+\\}',
    '\\$\\([^()]*\\)',
    '\\{\\{[^{}]*\\}\\}',
    '<%[\\s\\S]*?%>',
    '[#@%]\\{[^{}]*\\}',
    '%\\([\\w.]+\\)[a-z]?',
    '%env\\([^()]*\\)%',
    '%[A-Z_][A-Z0-9_]*%',
    '(?:process\\.env|os\\.environ|\\bENV(?=\\[))(?:\\.[A-Za-z_]\\w*|\\[[^[\\]]*\\])',
    '(?:os\\.environ\\.get|getenv|\\bENV\\.fetch|^env)\\([ \\t]*(["\']?)[\\w.-]*\\1[ \\t]*\\)?',
    '\\$[A-Za-z_]\\w*',
  ].join('|'),
  'g',
);

/** A span's stand-in: a blank; a `$NAME` that is no name people write stays; a default (`${X:-d}`, `:=`, `:+`) stays to be judged. */
function spanOut(m: string): string {
  if (m.charCodeAt(0) !== 36) return ' ';
  if (/^\$[A-Za-z_]\w*$/.test(m)) return isWordyIdentifier(m.slice(1)) ? ' ' : m;
  const d = /^\$\{\s*[A-Za-z_][\w.]*:[-=+]([^{}]*)\}$/.exec(m);
  return d === null ? ' ' : ` ${d[1]!} `;
}

/** The value with its reference spans (REF_SPAN, innermost first: `${A:-${B}}`) replaced by a blank each. */
export function withoutReferences(v: string): string {
  let prev = '';
  for (let k = 0; k < 8 && v !== prev; k++) {
    prev = v;
    v = v.replace(REF_SPAN, spanOut);
  }
  return v;
}

/** Glue around references: separators of URLs, lists, paths and names, quotes and brackets. */
const GLUE_ENDS = /^[-_.:/@+,;|=&?'"`()[\]{}<>]+|[-_.:/@+,;|=&?'"`()[\]{}<>]+$/g;

/**
 * What is left of a value once its references are out (withoutReferences), judged piece by piece (the pieces between
 * the references and blanks, glue off their ends): secret material when a run of letters and digits in it is random
 * (six or more characters, randomPartOk, no name people write, not a number: `Xk9aCreHz2wD`, `3f2a9c1`), or when a
 * piece mixes letters, digits and a password's sign and would be a password on its own (`Summer2024!`). Words, numbers,
 * hosts, ports, paths and the separators between them are glue (`-prod`, `:5432/app`, `Bearer`, `.s3.amazonaws.com`).
 */
export function restLooksSecret(rest: string): boolean {
  for (const piece of rest.split(/\s+/)) {
    if (piece.length < 6) continue;
    const p = piece.replace(GLUE_ENDS, '');
    if (p.length < 6) continue;
    for (const run of p.split(/[^A-Za-z0-9]+/)) if (run.length >= 6 && !/^[0-9]+$/.test(run) && randomPartOk(run) && !isWordyIdentifier(run)) return true;
    if (/[!#$%^*~]/.test(p) && /[0-9]/.test(p) && /[A-Za-z]/.test(p)) {
      judgingRest = true;
      try {
        if (valueLooksSecret(p, 'strong', true)) return true;
      } finally {
        judgingRest = false;
      }
    }
  }
  return false;
}

/**
 * A value led by a variable (`$DB_PASS`, `${X}`, `$(cat f)`, `$this->pw;`) that rules skip as no literal: only when what
 * is left beside its references is glue (`${X}Xk9…` is judged). A `$` before anything but a name, `{` or `(` (`$2b$…`,
 * `$$`, `$1`) keeps its old reading.
 */
export function isVariableLed(v: string): boolean {
  if (v.charCodeAt(0) !== 36) return false;
  const c = v.charCodeAt(1);
  if (!(c === 123 || c === 40 || c === 95 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return true;
  return !restLooksSecret(withoutReferences(v));
}

/** A `<word>` inside a value (`shpat_<token>`, `Bearer <your-key>`). */
const ANGLE_PART = '<[A-Za-z][\\w .-]*>';
/** PLACEHOLDER's alternatives (exported for the test that holds an example of each anchored one). */
export const PLACEHOLDER_PARTS = [
  '^[xX]+$',
  '^\\*+$',
  '^\\.+$',
  '^-+$',
  '^_+$',
  '^#+$',
  '^0+$',
  '^<[^<>]*>$',
  '^\\[[^\\]]*\\]$',
  '^\\{[^{}]*\\}$',
  'change[_\\- ]?me',
  'replace[_\\- ]?me',
  '^your[_\\- ]',
  '[_\\- ]here$',
  'placeholder',
  'redacted',
  'dummy',
  'example',
  'xxxx',
  '\\*{3}',
  '\\.\\.\\.',
  ANGLE_PART,
  '^to-?do$',
  '^fixme$',
  '^tbd$',
  '^n/?a$',
  '^insert[_\\- ]',
  '^enter[_\\- ]',
  '^(?:secret|password|passwd|pass|token|test|testing|admin|root|guest|user|username|default|none|empty|null|nil|' +
    'foo|bar|baz|abc123|123456|12345678|qwerty|letmein|mysecret|mypassword|secretkey|apikey|api_key|api-key|' +
    'password123|secret123|s3cr3t|hunter2|pa\\$\\$w0rd|p@ssw0rd|key|value|string|required|optional|true|false)$',
]; // a new `^` alternative's first characters go into F_PH_LONG (FIRST, below) unless it takes at most 11 characters, and an example into value-shape.test.ts
/** The definition of a placeholder's text (exported for the test that compares the split with it). */
export const PLACEHOLDER = new RegExp(PLACEHOLDER_PARTS.join('|'), 'i');
// `<word>` is tested apart, on values holding a `<` (one more alternative slowed the whole regex by half).
const PH = splitAnchored(
  PLACEHOLDER_PARTS.filter((p) => p !== ANGLE_PART),
  'i',
);
const PH_ANGLE = new RegExp(ANGLE_PART, 'i');

/** `changeme`, `<your-key>`, `xxxx`, `****`, `your_..._here`, `YOUR_TOKEN_HERE`, well-known defaults. */
export function isPlaceholder(v: string): boolean {
  return PH.atStart.test(v) || PH.anywhere.test(v) || PH_ANGLE.test(v) || distinctChars(v) <= 3 || isPlaceholderNote(v);
}

/** A note's wrapping: blanks, quotes, brackets, `*`, `_`, `~`, `-` before; those and `.` `!` `,` `;` `:` after. */
const NOTE_WRAP = /^([\s"'`([<{*_~-]*)([^]*?)([\s"'`)\]>}*_~.!,;:-]*)$/;
/** Words that say there is no value here, or none shown: a note whole, bare or wrapped (`none`, `(not set)`, `-none-`). */
const NOTE_STATE =
  /^(?:none|nothing|n\/a|n\.a|tbd|tba|tbc|unset|not[ _-]?(?:set|used|needed|required|applicable|available|provided|known|configured|shown|given)(?: yet)?|none[ _-]yet|empty|blank|redacted|omitted|censored|elided|null|nil|unknown|pending|to[ _-]?do|to be (?:provided|determined|confirmed|added|set|announced|defined)|same as (?:above|below|before|[a-z]+)|as above|ditto|no[ _-]?(?:password|passwd|token|secret|key|auth)(?: (?:set|needed|required|yet))?)$/;
/** Words a note says only in its wrapping (`(hidden)`, `<masked>`, `*private*`): bare, a person may have chosen them as a password. */
const NOTE_STATE_WRAPPED = /^(?:hidden|masked|removed|private|secret|confidential|sensitive|obfuscated|snip(?:ped)?|truncated|encrypted|not shown)$/;
/** The first word of a note that says where the value is (`see 1password`, `ask @alice`, `stored in vault`, `in LastPass`). */
const NOTE_LEAD = new Set(
  'see ask check in stored kept saved held lives from via use get look refer found managed provided request requested contact ping per set defined configured injected comes pulled read fetched sent shared on by'.split(
    ' ',
  ),
);
/** A note's later word: a password manager's name with a digit, a handle or channel, or a word or name (isWordyIdentifier runs, no password sign). */
function noteWord(w: string): boolean {
  const core = w.replace(/^["'`([<{]+|["'`)\]>}.,;:!?]+$/g, '');
  if (core === '') return true;
  if (/^(?:1password|1pass|1p|[@#][\w.-]+)$/.test(core)) return true;
  if (/[!$%^*~+=|\\]/.test(core)) return false;
  for (const run of core.split(/[^A-Za-z0-9]+/)) if (run !== '' && !isWordyIdentifier(run)) return false;
  return true;
}

/**
 * A note where a value would be (docs, tables, password columns): a word that says there is none or none shown
 * (NOTE_STATE, NOTE_STATE_WRAPPED inside brackets or marks: `(none)`, `N/A`, `TBD`, `<hidden>`), or a pointer to where
 * it is kept: a lead word (NOTE_LEAD) and up to seven words, names or handles (`see 1password`, `in 1Password`, `ask
 * @alice`, `stored in the team vault`). A word with a password's sign or a run that is no name people write is none
 * (`see1pass!Word`, `see 1pass!Word`, `in Xk9qT2`): such a value is judged as a value.
 */
export function isPlaceholderNote(v: string): boolean {
  if (v.length > 80) return false;
  const m = NOTE_WRAP.exec(v)!;
  const core = m[2]!.toLowerCase();
  if (core === '') return false;
  if (NOTE_STATE.test(core)) return true;
  if (NOTE_STATE_WRAPPED.test(core)) return m[1] !== '' || m[3] !== '';
  const words = core.split(/\s+/);
  if (words.length < 2 || words.length > 8 || !NOTE_LEAD.has(words[0]!)) return false;
  for (let k = 1; k < words.length; k++) if (!noteWord(words[k]!)) return false;
  return true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(v: string): boolean {
  return UUID.test(v);
}

// What characters a value holds, as bits: a clear bit means "none of these", so a regex that needs
// one of them cannot match and is not run. Only ASCII values are read this way (from asciiStats'
// distinct characters); any other value gets every bit, and every regex runs.
const DIGIT = 1; // [0-9]
const LETTER = 2; // [A-Za-z]
const REF_CHAR = 4; // { < . ( [: each of REF.anywhere's alternatives has one
const PH_CHAR = 8; // e E y Y x X * .: each of PH.anywhere's alternatives has one
const COLON = 16;
const DOT = 32;
const BRACKET = 64; // ( ) [ ] { }
const UNDERSCORE = 128;
const ANGLE = 256; // <: PH_ANGLE needs one
const ANY = 511;
const CHAR_FLAGS = new Uint16Array(128).map((_, c) => {
  const ch = String.fromCharCode(c);
  return (
    (/[0-9]/.test(ch) ? DIGIT : 0) |
    (/[A-Za-z]/.test(ch) ? LETTER : 0) |
    ('{<.(['.includes(ch) ? REF_CHAR : 0) |
    ('eEyYxX*.'.includes(ch) ? PH_CHAR : 0) |
    (ch === '<' ? ANGLE : 0) |
    (ch === ':' ? COLON : 0) |
    (ch === '.' ? DOT : 0) |
    ('()[]{}'.includes(ch) ? BRACKET : 0) |
    (ch === '_' ? UNDERSCORE : 0)
  );
});

// Which anchored regexes a value can match, by its first character: each bit is set for every ASCII
// character the regex's first position accepts (with `i`, ASCII letters match only ASCII letters).
// A value starting beyond ASCII gets every bit, and every regex runs.
const F_WORD = 1; // true false yes no on off null nil none undefined, or a digit: the /i literal list
const F_PATH = 2; // . / ~ or a letter (then `:` second)
const F_LETTER = 4; // [A-Za-z]
const F_DIGEST = 8; // s S m M: sha…, md5
const F_VERSION = 16; // ^ ~ < > = v or a digit
const F_IDENT = 32; // [A-Za-z_$]
const F_PROSE = 64; // [A-Za-z ,.'!?:;-]
const F_REF = 128; // REF.atStart's first characters
const F_PH_LONG = 256; // PH.atStart's alternatives that take more than 11 characters
const F_DOLLAR = 512; // $: a password hash
const F_D = 1024; // d: a data URI
const F_WIDE = 2048; // beyond ASCII (« starts a masked value)
const F_ALL = 4095;
const FIRST = new Uint16Array(128).map((_, c) => {
  const ch = String.fromCharCode(c);
  const letter = /[A-Za-z]/.test(ch);
  return (
    ('tfynouTFYNOU0123456789'.includes(ch) ? F_WORD : 0) |
    ('./~'.includes(ch) || letter ? F_PATH : 0) |
    (letter ? F_LETTER : 0) |
    ('sSmM'.includes(ch) ? F_DIGEST : 0) |
    ('^~<>=v0123456789'.includes(ch) ? F_VERSION : 0) |
    (letter || ch === '_' || ch === '$' ? F_IDENT : 0) |
    (/[A-Za-z ,.'!?:;-]/.test(ch) ? F_PROSE : 0) |
    ('$%#@[esv!raokfEp_'.includes(ch) ? F_REF : 0) |
    ('xX*.-_#0<[{yYiIeE'.includes(ch) ? F_PH_LONG : 0) |
    (ch === '$' ? F_DOLLAR : 0) |
    (ch === 'd' ? F_D : 0)
  );
});
/** FIRST of the string's first character (F_ALL beyond ASCII; none for an empty string, which no regex here matches). */
function firstFlags(v: string): number {
  const c = v.charCodeAt(0);
  return c < 128 ? FIRST[c]! : c === c ? F_ALL : 0;
}

/** CHAR_FLAGS of the distinct characters of the string asciiStats last accepted (ORDER still holds them). */
function lastCharFlags(): number {
  let f = 0;
  for (let k = 0; k < STATS.distinct; k++) f |= CHAR_FLAGS[ORDER[k]!]!;
  return f;
}

/** `v` without its trailing run of `;` and `,` (what `v.replace(/[;,]+$/, '')` gives). */
function trimSemis(v: string): string {
  let e = v.length;
  while (e > 0 && (v.charCodeAt(e - 1) === 59 || v.charCodeAt(e - 1) === 44)) e--;
  return e === v.length ? v : v.slice(0, e);
}

/**
 * Things that are plainly not secret material whatever key holds them. `chars` (CHAR_FLAGS) and
 * `first` (FIRST) skip the regexes that need a character the value does not hold, or another first
 * character; the tests are pure, so their order within a condition changes only the cost.
 */
/** A publishable key, quoted or not, with a trailing `;` or `,` (code). */
const PUBLIC_KEY = /^(?:pk_(?:live|test)_[A-Za-z0-9]{20,}|pk\.eyJ[\w-]{10,}\.[\w-]{10,}|phc_[A-Za-z0-9]{30,})["'`]?[;,]?$/;

function isBenignShape(v: string, quoted: boolean, chars: number, first: number, literal: boolean, data = literal): boolean {
  if ((first & F_WORD) !== 0 && /^(?:true|false|yes|no|on|off|null|nil|none|undefined|\d{1,9}(?:\.\d+)?[a-z]{0,3})$/i.test(v)) return true;
  if (
    (first & F_PATH) !== 0 &&
    /^(?:[A-Za-z][\w.-]*:(?=\/(?!\/)))?(?:\.{0,2}\/|~\/|[A-Za-z]:\\)[\w./\\ *?-]*$/.test(v) &&
    /[/\\]/.test(v.slice(1)) &&
    !hasRandomSegment(v)
  )
    return true; // a path or a glob of paths (systemd's `LoadCredential=ID:/path` names one too; `/etc/kubernetes/*.conf`)
  if ((chars & COLON) !== 0 && (first & F_LETTER) !== 0 && /^[a-z][\w+.-]*:\/\/[^@\s]*$/i.test(v)) return true; // URL without userinfo (the URL rule owns credentials)
  if ((first & F_DIGEST) !== 0 && /^(?:sha(?:1|224|256|384|512)|md5)[-:]/i.test(v)) return true; // integrity / digest
  if ((first & F_VERSION) !== 0 && (chars & DOT) !== 0 && /^(?:[\^~<>=v]|>=|<=)*\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?$/.test(v)) return true; // a version range
  if ((first & F_DOLLAR) !== 0 && /^\$(?:2[abxy]?|argon2(?:id|i|d)?|pbkdf2[\w-]*|scrypt|6|5|1)\$/.test(v)) return true; // a password hash
  if ((first & F_WIDE) !== 0 && v.startsWith('«secret:')) return true; // already masked
  if ((first & F_D) !== 0 && /^data:[\w.+/-]+;base64,/.test(v)) return true;
  // An age recipient (`age1` and bech32): the public half; its secret is `AGE-SECRET-KEY-1…` (vendor-more.ts).
  if ((first & F_LETTER) !== 0 && v.startsWith('age1') && /^age1[02-9ac-hj-np-z]{58,}$/.test(v)) return true;
  // Keys public by design, under any name (`STRIPE_KEY`, `NEXT_PUBLIC_…`, `MAPBOX_TOKEN`): Stripe's publishable keys,
  // Mapbox's public tokens, PostHog's project keys. Their secret halves (`sk_live_`, `sk.eyJ`, `phx_`) are masked.
  if ((first & F_LETTER) !== 0 && v.charCodeAt(0) === 112 && PUBLIC_KEY.test(v)) return true;
  if (!quoted) {
    // Code, not data: calls, member access, indexing, arrays, objects, template refs, and
    // TypeScript annotations (`token: string;`, `key: Foo | undefined,`).
    // A call or an index (also in a literal `NAME=value` at the start of a line: `password=getpass()`
    // is Python, not a .env value; a password with brackets among random characters fails the test).
    if ((chars & BRACKET) !== 0 && /[()[\]{}]/.test(v) && isBracketCode(v)) return true;
    // YAML: an alias (`*admin_pw`) or a tagged node (`!vault |`, `!env_var DB_PASSWORD`): not the
    // value. Not in a literal (.env, shell, .properties), where `*`, `!` and `.` are the value's own
    // characters and a name is a string (the member-access and plain-identifier tests below are
    // skipped there too).
    if (!literal && isYamlAliasOrTag(v)) return true;
    // Trailing `;` and `,` go, so `core` starts as `v` does when it is not empty (the regexes below
    // need a first character).
    const core = trimSemis(v);
    if ((first & F_IDENT) !== 0) {
      // Not in data (a YAML scalar, a URL query, a `-D` property): there `S3cretPass.pdf` is the value itself.
      if (
        !data &&
        (chars & DOT) !== 0 &&
        MEMBER_ACCESS.test(core) &&
        (/^(?:self|this|cls|super)\./.test(core) || (core.split(/\??\./).every((x) => isWordyIdentifier(x)) && !PASSWORD_HEAD.test(core)))
      )
        return true;
      // A constant: RESET_PASSWORD_V2_SUBMIT (word segments joined by `_`), not a random token.
      if ((chars & UNDERSCORE) !== 0 && /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]{1,12})+$/.test(core) && /(?:^|_)[A-Z]{3,}(?:_|$)/.test(core)) return true;
      // A plain identifier, without a digit (a trailing `;` or `,` is none). The regex takes ASCII
      // only, and a value beyond ASCII has every flag, DIGIT among them: so the flag alone decides.
      if (!literal && (chars & DIGIT) === 0 && /^[A-Za-z_$][\w$]*$/.test(core) && isWordyIdentifier(core)) return true;
      if (core !== v && /^[A-Za-z_$][\w$.]*(?:<[^>]*>)?(?:\[\])?(?:\s*\|\s*[A-Za-z_$'"][\w$.'"]*(?:\[\])?)*$/.test(core)) return true;
    }
  }
  // The three below take ASCII letters and punctuation only: a value with a digit is none of them,
  // nor one beyond ASCII (it has every flag, DIGIT among them).
  if ((chars & DIGIT) === 0) {
    // Words, not random material: `client-secret`, `access-token`, `Get-AzAccessToken`, `accessToken`.
    // Each segment must decompose into humps of one capital and lower-case letters, and be a wordy
    // name (isWordyIdentifier: no long hump without a vowel), which random mixed-case strings rarely are.
    if (
      (first & F_LETTER) !== 0 &&
      v.length < 48 &&
      /^[A-Z]?[a-z]+(?:[A-Z][a-z]+)*(?:[-_. ][A-Z]?[a-z]+(?:[A-Z][a-z]+)*)*$/.test(v) &&
      v.split(/[-_. ]/).every((x) => isWordyIdentifier(x))
    )
      return true;
    // Long camelCase / acronym identifiers as values (`"platformAuthDOMGetToken"`): a wordy name
    // (isWordyIdentifier), which a random run of letters rarely is.
    if ((first & F_LETTER) !== 0 && v.length >= 12 && /^[A-Za-z]+$/.test(v)) {
      const words = nameWords(v);
      if (words.length >= 2 && isWordyIdentifier(v)) return true;
    }
    // Prose in quotes: several words of letters only (the anchored test first: it fails at a digit).
    if ((first & F_PROSE) !== 0 && /^[A-Za-z ,.'!?:;-]+$/.test(v) && /\s\S+\s/.test(v)) return true;
  }
  // A dotted name of three or more lower-case words (`auth.session.v2`, `app.cache.tokens`): a storage or
  // message key, not a password (a word passphrase under a password's name is wordPassphrase's, generic.ts).
  if ((chars & DOT) !== 0 && (first & F_LETTER) !== 0 && DOTTED_NAME.test(v) && v.split('.').every((x) => isWordyIdentifier(x))) return true;
  // Prose with digits or brackets: `see the team vault (1Password, "Prod DB").`
  return v.indexOf(' ', 1) !== -1 && isProse(v);
}

/** Three or more lower-case words joined by `.`, each with at most two digits at its end. */
const DOTTED_NAME = /^[a-z]{2,}[0-9]{0,2}(?:\.[a-z]+[0-9]{0,2}){2,}$/;

/**
 * Three or more words, at least three in four of them wordy names or numbers once punctuation is off their ends. A "word"
 * of punctuation alone (a template's `{{` and `}}`, a dash) is none: `{{ pepper }}Summer2024!` is one word and a slot.
 */
function isProse(v: string): boolean {
  const words = v.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w));
  if (words.length < 3) return false;
  let wordy = 0;
  for (const w of words) {
    const core = w.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '').replace(/^[0-9]+/, '');
    if (isWordyIdentifier(core)) wordy++;
  }
  return wordy * 4 >= words.length * 3;
}

/**
 * A name as people write them, not random letters and digits. snake_case or CONSTANT_CASE: each part
 * between `_` holds at most one run of digits. Mixed case joined by `_`: each part on its own.
 * camelCase / PascalCase: humps of two or more letters (a one-letter first hump allowed: `mPassword`,
 * `xApiKey`), at most two of exactly two letters, one all-caps acronym, one run of up to five digits
 * (`s3Client`, `Ed25519PrivateKey`), one hump of 3–4 letters without a vowel (`Http`, `Sql`) and none
 * longer. isWordyCodeName, for names in code already shaped as a call, allows one more one-letter hump
 * (`readUInt32LE`, `collectASequenceOfBytes`). Leading `_` and `$` aside. A random alphanumeric run of
 * 16 characters passes about 1% of the time, of 20 about 0.2%; letters only, 4.6% and 1.5% (shapes.test.ts
 * holds the rates).
 */
export function isWordyIdentifier(s: string): boolean {
  return wordyName(s, 0);
}

/**
 * The head of a password, not of a member access: a word of letters and a run of four or more digits before
 * the first dot (`Coppersummit2811.IL4`, `Summer2024.abc`: a year or a PIN after the word). Code names its
 * objects with words and at most a short version number (`v2.token`, `sha256.hexdigest`, `s3.secret`).
 */
const PASSWORD_HEAD = /^[A-Za-z]{3,}[0-9]{4,}\??\./;

/** A member access: `a.b`, `this.x?.y` (names of ASCII letters, digits, `_`, `$`). */
export const MEMBER_ACCESS = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+$/;

/** isWordyIdentifier for a name in code already shaped as a call: one more one-letter hump allowed. */
export function isWordyCodeName(s: string): boolean {
  return wordyName(s, 1);
}

function wordyName(s: string, singlesAllowed: number): boolean {
  let i = 0;
  while (i < s.length && (s.charCodeAt(i) === 95 || s.charCodeAt(i) === 36)) i++;
  const w = s.slice(i);
  if (w === '') return true;
  if (/^[a-z][a-z0-9_]*$/.test(w) || /^[A-Z][A-Z0-9_]*$/.test(w)) return w.split('_').every((part) => !/[0-9][^0-9]+[0-9]/.test(part));
  // Mixed case joined by `_` (`d2i_PrivateKey_bio`, `NID_aes_256_cbc`): each part on its own.
  if (w.indexOf('_') !== -1)
    return /^[A-Za-z][A-Za-z0-9_]*$/.test(w) && w.split('_').every((part) => part === '' || /^[0-9]+$/.test(part) || wordyName(part, singlesAllowed));
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(w)) return false;
  let digitRuns = 0,
    acronyms = 0,
    vowelless = 0,
    short = 0,
    single = singlesAllowed;
  const humps = w.match(/[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|[0-9]+|[A-Z]/g)!;
  for (let k = 0; k < humps.length; k++) {
    const h = humps[k]!;
    const c = h.charCodeAt(0);
    if (c >= 48 && c <= 57) {
      if (++digitRuns > 1 || h.length > 5) return false;
    } else if (h.length === 1) {
      if (k > 0 && --single < 0) return false;
    } else if (h.length === 2 && ++short > 2) {
      return false;
    } else if (!/[a-z]/.test(h)) {
      if (++acronyms > 1) return false;
    } else if (!/[aeiouyAEIOUY]/.test(h) && (h.length > 4 || ++vowelless > 1)) return false;
  }
  return true;
}

/**
 * Brackets that read as code: the first one opens, after nothing or after names and operators people
 * write (`f(x)`, `a[b]`, `{…}`, `await this.get(k)`, `credentials.dig(:a`; a `{` not right after a
 * name); no closer comes unopened nor is followed by a name (`f(x)y`); every name in the value (`#` and
 * `$` split names: `this.#a`, `flatten$1`) is a wordy one (isWordyCodeName) or a number. Openers may stay
 * open: the value may be cut at a stop character (`fn(a, b)` gives `fn(a`). A password with a bracket
 * among random characters fails one of these.
 */
function isBracketCode(v: string): boolean {
  const open = v.search(/[([{]/);
  if (open < 0) return false;
  const head = v.slice(0, open);
  if (!/^[\w$#.?!\s=<>:&|+-]*$/.test(head)) return false;
  // `{` opens an object or a block: at the start, or after a blank or an operator, not inside a name.
  if (v.charCodeAt(open) === 123 && open > 0 && /[\w$.]/.test(v[open - 1]!)) return false;
  // Every name in it (and in the arguments) a wordy one, or a number: random material has few.
  for (const name of v.split(/[^A-Za-z0-9_]+/)) if (!isWordyCodeName(name) && !/^[0-9]+$/.test(name)) return false;
  let depth = 0;
  for (let i = open; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      if (--depth < 0) return false;
      // What may follow a closer in code: another closer or opener, `.` `?.`, a separator, a blank, the end.
      if (i + 1 < v.length && !AFTER_CLOSER.test(v[i + 1]!)) return false;
    }
  }
  return true;
}
const AFTER_CLOSER = /[)\]}([{.?,;:\s]/;

/** `*anchor_name` or `!tag …` / `!tag` as a whole unquoted YAML value, the name a wordy one (a password may start with `*` or `!`). */
function isYamlAliasOrTag(v: string): boolean {
  const c = v.charCodeAt(0);
  if (c === 42)
    return (
      /^\*[A-Za-z_][\w-]*$/.test(v) &&
      v
        .slice(1)
        .split('-')
        .every((x) => isWordyIdentifier(x))
    );
  if (c !== 33) return false;
  const m = /^!!?([A-Za-z_][\w-]*)(?:\s|$)/.exec(v);
  return m !== null && !/^!!(?:str|binary)\b/.test(v) && m[1]!.split('-').every((x) => isWordyIdentifier(x));
}

/** A path segment of random material (a key that starts with `/`): 12+ characters, upper, lower and digits, no wordy name. */
function hasRandomSegment(v: string): boolean {
  for (const seg of v.split(/[/\\.]/)) {
    if (seg.length >= 12 && /[A-Z]/.test(seg) && /[a-z]/.test(seg) && /[0-9]/.test(seg) && !isWordyIdentifier(seg)) return true;
  }
  return false;
}

/** isBenignShape with the flags worked out here (for the test that compares it with its definition). */
export function isBenignShapeOf(v: string, quoted: boolean, literal = false): boolean {
  return isBenignShape(v, quoted, asciiStats(v) ? lastCharFlags() : ANY, firstFlags(v), literal);
}

export type NameStrength = 'strong' | 'weak';

/** Letters (any script), marks, blanks and the punctuation of prose only. */
const WORDS_BEYOND_ASCII = /^[\p{L}\p{M}][\p{L}\p{M} '\u2019.,!?-]*$/u;

/**
 * Prose in a script beyond ASCII: letters and the punctuation of prose only, each word cased as words are
 * (lower, Capitalised or CAPITALS; scripts without case pass). Random letters mix their cases (`ŁłŃńŅ…`).
 */
export function isProseBeyondAscii(v: string): boolean {
  if (!WORDS_BEYOND_ASCII.test(v)) return false;
  for (const w of v.split(/[ '\u2019.,!?-]+/)) {
    const tail = w.slice(1);
    if (!(tail === tail.toLowerCase() || w === w.toUpperCase())) return false;
  }
  return true;
}

/**
 * Does `v`, held by a secret-named key, look like a secret? Strong names (password, token, secret,
 * api key …) need less evidence than weak ones (a bare `key`, `auth`).
 */
export function valueLooksSecret(raw: string, strength: NameStrength, quoted: boolean, literal = false, data = literal): boolean {
  const v = raw.trim();
  // Too short for the strength: decided before the regexes below (the answer is `false` either way).
  if (v.length < (strength === 'strong' ? 6 : 16)) return false;
  // Distinct characters, entropy and classes in one pass (values run to hundreds of characters: a JWT
  // after `Bearer`). The answer is "secret-shaped, and not a reference, placeholder or benign shape";
  // every check is pure, so the cheap ones decide first and the regexes run only for a value that
  // could still be a secret.
  const ascii = asciiStats(v);
  if ((ascii ? STATS.distinct : distinctChars(v)) <= 3) return false;
  // Words of a language written with letters beyond ASCII (`Zugangsschlüssel`, `Введите пароль`): an
  // interface label under a secret-named key (i18n files), not a credential, which has digits or signs.
  if (!ascii && isProseBeyondAscii(v)) return false;
  const h = ascii ? STATS.entropy : shannon(v);
  const chars = ascii ? lastCharFlags() : ANY;
  if (strength === 'strong') {
    if (!(((ascii ? STATS.classes : charClasses(v)) >= 2 && h >= 2.2) || (v.length >= 12 && h >= 3) || isUuid(v))) return false;
  } else {
    const hasDigit = ascii ? (chars & DIGIT) !== 0 : /\d/.test(v);
    const hasLetter = ascii ? (chars & LETTER) !== 0 : /[A-Za-z]/.test(v);
    if (!(hasDigit && hasLetter && h >= 3) || isUuid(v)) return false;
  }
  const first = firstFlags(v);
  if ((((first & F_REF) !== 0 && REF.atStart.test(v)) || ((chars & REF_CHAR) !== 0 && REF.anywhere.test(v))) && referenceRest(v)) return false;
  // PH.atStart's alternatives of up to 11 characters are whole words (`password123`): past that
  // length only the others, which start with fewer characters, can match.
  if (((v.length <= 11 || (first & F_PH_LONG) !== 0) && PH.atStart.test(v)) || ((chars & PH_CHAR) !== 0 && PH.anywhere.test(v))) return false;
  if ((chars & ANGLE) !== 0 && PH_ANGLE.test(v)) return false;
  if (isPlaceholderNote(v)) return false;
  // A readable stand-in (`test-token-123`, `fake_api_key_1`): tests fill secret-named fields with them.
  if (isFakeReadable(v)) return false;
  if (isBenignShape(v, quoted, chars, first, literal, data)) return false;
  return v.indexOf(' ') === -1 || !isUiLabel(v);
}

/** A format's or a template's slot in a message (`%{app}`, `{{name}}`, `{count}`, `%s`, `%1$s`, `${n}`): stands for text. */
const LABEL_SLOT = /%\{\w+\}|\$?\{\{?\s*[\w.]+\s*\}\}?|%(?:\d\$)?[sd@]/g;
/** Marks around a label's word: opening `¿¡([«"'`, closing `:?!.…*)]»"',;`. */
const LABEL_WORD = /^[¿¡([«"']*([\p{L}\p{M}0-9'’-]+)[:?!.…*)\]»"',;]*$/u;
/** Words a label names a secret's field with that classifyName does not read as a name alone. */
const LABEL_FIELD_WORDS = new Set(['code', 'pin', 'otp', 'passcode', 'passkey', 'login']);

/**
 * A label of an interface, not a secret (`OTP code`, `API key:`, `Token (v2)`, `Password: %{password}`,
 * `¿Olvidaste tu contraseña?`): two to six words and a slot or two, each word a name of letters (any script), an
 * acronym or version (`2FA`, `v2`), or a number in brackets; one of them names a secret's
 * field (`password`, `key`, `code`). A password of words with a number (`Secret 2024!`) or a random run (`Token
 * abc123XYZ987`) is none: a bare number and a long run of letters and digits are no label's words.
 */
export function isUiLabel(v: string): boolean {
  const words = v
    .replace(LABEL_SLOT, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length < 1 || words.length > 6 || v.split(/\s+/).length < 2) return false;
  let field = false;
  for (const w of words) {
    const m = LABEL_WORD.exec(w);
    if (m === null) return false;
    const core = m[1]!;
    if (/^[0-9]+$/.test(core)) {
      if (!w.startsWith('(') && !w.startsWith('[')) return false;
      continue;
    }
    // With a digit: an acronym or a version (`2FA`, `MD5`, `v2`), not a random chunk (`Zq8`, `K8sQ`).
    if (/[0-9]/.test(core) && !/^(?:[A-Z0-9]{2,4}|v[0-9]{1,2})$/.test(core)) return false;
    if (/^[A-Za-z]+$/.test(core) && !isWordyIdentifier(core)) return false;
    // Beyond ASCII: cased as words are (lower, Capitalised or CAPITALS), not random letters.
    const tail = core.slice(1);
    if (!/^[A-Za-z0-9]+$/.test(core) && !(tail === tail.toLowerCase() || core === core.toUpperCase())) return false;
    const lower = core.toLowerCase();
    if (LABEL_FIELD_WORDS.has(lower) || classifyName(lower) !== null) field = true;
  }
  return field;
}

const NOT_RANDOM = /EXAMPLE|example|XXXX|xxxx|\*\*\*\*|0000000|REDACTED|redacted/;

/** Floor for the random part of a vendor token: rejects `ghp_XXXX…`, `AKIA0000…`, `…EXAMPLE`. */
export function randomPartOk(part: string): boolean {
  // One pass for both numbers (the checks are pure: the order changes only the cost).
  const ascii = asciiStats(part);
  if ((ascii ? STATS.distinct : distinctChars(part)) < 6) return false;
  if (NOT_RANDOM.test(part)) return false;
  return (ascii ? STATS.entropy : shannon(part)) >= 2.5;
}
