// decoded-lines: a line (or a run of lines) written in an encoding its reader undoes before it reads a key or a
// value, judged as that reader sees it (found by a blind red team, rt21mask: disguise-html-entities-and-attrs,
// email-quoted-printable, disguise-properties-escape-key):
// - html-reference: HTML character references, decimal, hex and named, mixed with plain characters
//   (`<p>token: &#67;&#102;…</p>`, `data-token="&#x67;&#x68;…"`, `{&quot;apiKey&quot;:&quot;X&quot;}`): the line with
//   its references decoded is judged by the line rules, in its context (char-codes judges a run of references alone,
//   which finds a vendor's token but not a random one after `token:`);
// - quoted-printable: the body of a MIME part whose Content-Transfer-Encoding is quoted-printable, its soft line
//   breaks (`=` at a line's end) joined and its `=XX` escapes decoded (`password=3DX`, a key broken over lines): each
//   decoded line is judged, and every piece of a secret on every line it was broken over is masked;
// - properties-key: a Java .properties entry whose key holds an escape or a line continuation (`pass\` then `word=X`,
//   `pass\u0077ord=X`, `db\ password=X`, `api\:token=X`), read as java.util.Properties reads it.
// A hit on the decoded text masks the characters it came from (an entity, an escape, the pieces of a broken value).
// Benign look-alikes (`&amp;`/`&nbsp;`/`&#169;` in text, an email with no secret, a shell line continuation) decode
// to text no rule reads as a secret and stay byte-identical.
// Cost: each gated by rare literals (`&#`, `&quot;`, `quoted-printable`, a backslash before a key's end); only the
// lines they stand on (the MIME part's body) are decoded and judged.
import { ALNUM, j, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { holdsAny, registerGates } from './gates';
import { addHit } from './hits';
import { lineOfPos } from './structure';
import { candidateLinesIndexOf } from '../prefilter';

let viewScan: ((view: string, out: Hit[]) => void) | undefined;
/** The line rules, as catalog.ts hands them over (the rules judge the decoded text). */
export function setDecodedLinesScan(scan: (view: string, out: Hit[]) => void): void {
  viewScan = scan;
}

/**
 * As the forms' (form-scan.ts): a rule that reads the raw line (generic is 2) wins an overlap, and of two hits on the
 * same span the one pushed first (char-codes, secret-by-word come before these in the catalog).
 */
const PRIORITY = 2.5;
/** Tails of a hit (below): at most this many a span. */
const MAX_TAILS = 256;
/** A decoded line longer than this is not judged (minified text, a data URI). */
const MAX_LINE = 8192;

/** A decoded text: for each of its characters, where its source starts and ends in the whole text. */
class Decoded {
  text = '';
  from: number[] = [];
  to: number[] = [];
  changed = false;
  put(s: string, a: number, b: number): void {
    this.text += s;
    for (let k = 0; k < s.length; k++) {
      this.from.push(a);
      this.to.push(b);
    }
  }
}

/**
 * The line rules' hits on `d`, each masking its characters' sources: on every line the source span crosses, its part
 * on that line (never a line break).
 */
function judge(d: Decoded, text: string, index: LineIndex, out: BlockOutput, rule: string): void {
  if (viewScan === undefined || !d.changed || d.text.length === 0 || d.text.length > MAX_LINE) return;
  // The line rules read only a candidate line (an anchor the pre-scan finds): a decoded line without one is left, as the
  // masker leaves a decoded view without one (masker.ts viewLine).
  if (candidateLinesIndexOf(d.text).length === 0) return;
  const hits: Hit[] = [];
  viewScan(d.text, hits);
  if (hits.length === 0) return;
  const starts = index.starts();
  for (const h of hits) {
    if (h.end <= h.start) continue;
    const a = d.from[h.start]!;
    const b = d.to[h.end - 1]!;
    for (let li = lineOfPos(starts, a); li < starts.length && starts[li]! < b; li++) {
      const ls = starts[li]!;
      const nl = text.indexOf('\n', ls);
      let le = nl < 0 ? text.length : nl;
      if (text.charCodeAt(le - 1) === 13) le--;
      const s = Math.max(a, ls);
      const e = Math.min(b, le);
      if (e <= s) continue;
      addHit(out, li, { start: s - ls, end: e - ls, rule, priority: PRIORITY });
      // A raw-line rule may have read part of the value (its value cut at the first `;` of `&#x4b;`): it wins the
      // overlap, and the whole span would be dropped. Its tails from each decoded character's source on are hits
      // too, so the first one past that part masks the rest (a span another hit does not overlap adds nothing).
      let tails = 0;
      for (let k = h.start + 1; k < h.end && tails < MAX_TAILS; k++) {
        const t = d.from[k]!;
        if (t <= s || t >= e || t === d.from[k - 1]) continue;
        addHit(out, li, { start: t - ls, end: e - ls, rule, priority: PRIORITY + 0.01 });
        tails++;
      }
    }
  }
}

/** Each line holding one of `literals` (once, in order): its start and end offsets (end before `\r\n`/`\n`). */
function eachLineHolding(text: string, literals: readonly string[], visit: (ls: number, le: number) => void): void {
  const starts = new Set<number>();
  for (const lit of literals)
    for (let p = text.indexOf(lit); p >= 0; p = text.indexOf(lit, p + lit.length)) {
      const ls = text.lastIndexOf('\n', p - 1) + 1;
      starts.add(ls);
      const nl = text.indexOf('\n', p);
      if (nl < 0) break;
      p = nl - lit.length + 1;
    }
  for (const ls of [...starts].sort((x, y) => x - y)) {
    const nl = text.indexOf('\n', ls);
    let le = nl < 0 ? text.length : nl;
    if (text.charCodeAt(le - 1) === 13) le--;
    visit(ls, le);
  }
}

// ---------------------------------------------------------------- HTML character references

/** Named references a key or a token can be written with (HTML5's names for ASCII signs), and the blanks. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  colon: ':',
  equals: '=',
  lowbar: '_',
  UnderBar: '_',
  hyphen: '-',
  dash: '-',
  period: '.',
  sol: '/',
  bsol: '\\',
  plus: '+',
  num: '#',
  excl: '!',
  quest: '?',
  commat: '@',
  dollar: '$',
  percnt: '%',
  ast: '*',
  midast: '*',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  lbrack: '[',
  rsqb: ']',
  rbrack: ']',
  lcub: '{',
  lbrace: '{',
  rcub: '}',
  rbrace: '}',
  verbar: '|',
  vert: '|',
  grave: '`',
  Hat: '^',
  tilde: '~',
  comma: ',',
  semi: ';',
  Tab: ' ',
  NewLine: ' ',
};
const REF = /&(?:#(?:[xX]([0-9a-fA-F]{1,6})|(\d{1,7}))|([A-Za-z][A-Za-z0-9]{1,7}));?/g;
const HTML_GATES = ['&#', '&quot;', '&apos;', '&colon;', '&equals;'];

function decodeHtml(text: string, ls: number, le: number): Decoded {
  const d = new Decoded();
  const line = text.slice(ls, le);
  let last = 0;
  REF.lastIndex = 0;
  for (let m = REF.exec(line); m !== null; m = REF.exec(line)) {
    let s: string | undefined;
    if (m[3] !== undefined) {
      // A named reference needs its `;` (`&copy` in a URL's query is a parameter).
      if (!m[0].endsWith(';')) continue;
      s = NAMED[m[3]];
    } else {
      const cp = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
      // A control character or a line break decoded would change the line's structure: a blank stands for it.
      s = cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? undefined : cp < 32 || cp === 127 ? ' ' : String.fromCodePoint(cp);
    }
    if (s === undefined) continue;
    for (let k = last; k < m.index; k++) d.put(line[k]!, ls + k, ls + k + 1);
    d.put(s, ls + m.index, ls + m.index + m[0].length);
    d.changed = true;
    last = m.index + m[0].length;
  }
  for (let k = last; k < line.length; k++) d.put(line[k]!, ls + k, ls + k + 1);
  return d;
}

export const htmlReference: BlockRule = {
  id: 'html-reference',
  description: 'A secret written with HTML character references (decimal, hex, named), judged on the line with its references decoded',
  gate: '',
  applies: (text) => holdsAny(text, HTML_GATES),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    eachLineHolding(text, HTML_GATES, (ls, le) => {
      if (le - ls <= MAX_LINE) judge(decodeHtml(text, ls, le), text, index, out, 'html-reference');
    });
  },
  samples() {
    const t = rand(ALNUM, 16, 0x43a1) + '7Q';
    const dec = [...t].map((c) => `&#${c.charCodeAt(0)};`).join('');
    const hex = [...t].map((c, k) => (k % 3 === 0 ? c : `&#x${c.charCodeAt(0).toString(16)};`)).join('');
    const k = rand(ALNUM, 24, 0x43a2) + '9';
    return {
      truePositives: [
        { text: `<p>token: ${dec}</p>\n`, secrets: [dec.slice(0, 40), dec.slice(-40)] },
        { text: `<li>client secret: ${hex}</li>\n`, secrets: [hex.slice(0, 30), hex.slice(-30)] },
        { text: `<span title="api_key&#61;${k}"></span>\n`, secrets: [k] },
        { text: `<p>password&#58;&nbsp;${dec}</p>\n`, secrets: [dec.slice(0, 40)] },
      ],
      falsePositives: [
        '<p>Tom &amp; Jerry &nbsp;&mdash; &copy; 2024 &#169; &#8212; caf&#233;</p>\n',
        '<a href="/search?q=a&amp;b=c&amp;token=">search</a>\n',
        '<p>The token is sent in the &quot;Authorization&quot; header.</p>\n',
        '<p>&#72;&#101;&#108;&#108;&#111;&#44;&#32;&#119;&#111;&#114;&#108;&#100;&#33;</p>\n',
        '<div data-config="{&quot;theme&quot;:&quot;dark&quot;,&quot;lang&quot;:&quot;en&quot;}"></div>\n',
      ],
    };
  },
};

// ---------------------------------------------------------------- quoted-printable bodies

const QP_GATES = ['quoted-printable', 'Quoted-Printable', 'QUOTED-PRINTABLE', 'Quoted-printable'];
const QP_HEADER = /^content-transfer-encoding:[ \t]*["']?quoted-printable\b/gim;
const HEX2 = /^[0-9A-Fa-f]{2}$/;
const utf8 = new TextDecoder('utf-8');

/** The logical lines of a quoted-printable body from `ls` up to `end`: each decoded and judged. */
function scanQpBody(text: string, from: number, end: number, index: LineIndex, out: BlockOutput): void {
  let d = new Decoded();
  let bytes: number[] = [];
  let runFrom = -1;
  let runTo = -1;
  const flush = (): void => {
    if (bytes.length === 0) return;
    const s = utf8.decode(new Uint8Array(bytes)).replace(/[\x00-\x1f\x7f]/g, ' ');
    d.put(s, runFrom, runTo);
    bytes = [];
  };
  for (let ls = from; ls < end;) {
    const nl = text.indexOf('\n', ls);
    let le = nl < 0 || nl > end ? end : nl;
    const next = le + 1;
    if (text.charCodeAt(le - 1) === 13) le--;
    // Trailing blanks are not the encoded text's (RFC 2045 6.7 (3)); a soft break is `=` at the line's end.
    let lastChar = le;
    while (lastChar > ls && (text.charCodeAt(lastChar - 1) === 32 || text.charCodeAt(lastChar - 1) === 9)) lastChar--;
    const soft = lastChar > ls && text.charCodeAt(lastChar - 1) === 61;
    const stop = soft ? lastChar - 1 : le;
    for (let i = ls; i < stop;) {
      if (text.charCodeAt(i) === 61 && i + 2 < stop + 1 && HEX2.test(text.slice(i + 1, i + 3))) {
        if (bytes.length === 0) runFrom = i;
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
        runTo = i + 3;
        d.changed = true;
        i += 3;
        continue;
      }
      flush();
      d.put(text[i]!, i, i + 1);
      i++;
    }
    if (soft) {
      d.changed = true;
      // A soft break inside an escaped byte run (a UTF-8 character broken over lines) keeps the run open.
      if (!(bytes.length > 0 && text.charCodeAt(next) === 61)) flush();
    } else {
      flush();
      judge(d, text, index, out, 'quoted-printable');
      d = new Decoded();
    }
    if (d.text.length > MAX_LINE) {
      flush();
      d = new Decoded();
    }
    ls = next;
  }
  flush();
  judge(d, text, index, out, 'quoted-printable');
}

export const quotedPrintable: BlockRule = {
  id: 'quoted-printable',
  description: 'A secret in a quoted-printable MIME body: soft line breaks joined, =XX decoded, every piece of the secret masked',
  gate: '',
  applies: (text) => holdsAny(text, QP_GATES),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    QP_HEADER.lastIndex = 0;
    for (let m = QP_HEADER.exec(text); m !== null; m = QP_HEADER.exec(text)) {
      // The part's body: after the blank line that ends its headers, up to the next boundary (`--…`) or the end.
      const blank = /\r?\n[ \t]*\r?\n/g;
      blank.lastIndex = m.index;
      const b = blank.exec(text);
      if (b === null) return;
      const body = b.index + b[0].length;
      const boundary = /^--\S/gm;
      boundary.lastIndex = body;
      const e = boundary.exec(text);
      const end = e === null ? text.length : e.index;
      scanQpBody(text, body, end, index, out);
      QP_HEADER.lastIndex = Math.max(QP_HEADER.lastIndex, end);
    }
  },
  samples() {
    const k = rand(ALNUM, 80, 0x43b1);
    const pw = 'Q7' + rand(ALNUM, 14, 0x43b2) + 'k';
    const head = 'From: ops@example.com\nSubject: creds\nContent-Transfer-Encoding: quoted-printable\n\n';
    return {
      truePositives: [
        { text: `${head}Hi,\nAPI key: ${k.slice(0, 60)}=\n${k.slice(60)}\nthanks\n`, secrets: [k.slice(0, 60), k.slice(60)] },
        { text: `${head}password=3D${pw.slice(0, 9)}=\n${pw.slice(9)}\n`, secrets: [pw.slice(0, 9), pw.slice(9)] },
        {
          text: j(
            'Content-Type: multipart/alternative; boundary="b1"\n\n--b1\nContent-Type: text/html; charset=utf-8\n',
            'Content-Transfer-Encoding: quoted-printable\n\n',
            `<p>Your token: ${k.slice(0, 40)}=\n${k.slice(40)}</p>\n--b1--\n`,
          ),
          secrets: [k.slice(0, 40), k.slice(40)],
        },
      ],
      falsePositives: [
        `${head}Hi team,=0AThe meeting moved to 3pm, see the caf=C3=A9 on the 2nd floor. Bring =\nyour laptop and the =3D signs =E2=80=94 thanks!\n`,
        `${head}<p style=3D"color:red">Reset your password by following the link in the =\nportal (tokens expire after 24h).</p>\n`,
      ],
    };
  },
};

// ---------------------------------------------------------------- .properties keys with escapes or continuations

const PROP_GATES = ['\\\n', '\\\r', '\\u00', '\\:', '\\=', '\\ '];
/** At a line's start: a key (before a blank, `:` or `=`) holding a backslash, an escape or a continuation. */
const PROP_LINE = /[ \t\f]*(?![#!])[^\s:=\\]*\\/y;

/** Reads the logical line from `ls` as java.util.Properties does: key and value decoded, with their sources. */
function readProperty(text: string, ls: number): { d: Decoded; escapedKey: boolean } | null {
  const d = new Decoded();
  let i = ls;
  const n = text.length;
  let escapedKey = false;
  let lines = 0;
  // Blanks at the line's start.
  while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\f')) i++;
  let inKey = true;
  let sepDone = false;
  while (i < n) {
    const c = text[i]!;
    if (c === '\r' && text[i + 1] === '\n') break;
    if (c === '\n') break;
    if (c === '\\') {
      const k = text[i + 1];
      if (k === undefined) break;
      if (k === '\n' || (k === '\r' && text[i + 2] === '\n')) {
        // A continuation: the next line's leading blanks are dropped.
        if (++lines > 32) return null;
        if (inKey) escapedKey = true;
        d.changed = true;
        i += k === '\n' ? 2 : 3;
        while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\f')) i++;
        continue;
      }
      let ch = k;
      let len = 2;
      if (k === 'u') {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) return null;
        ch = String.fromCharCode(parseInt(hex, 16));
        len = 6;
      } else if (k === 't' || k === 'f') ch = ' ';
      else if (k === 'n' || k === 'r') ch = ' ';
      if (inKey) escapedKey = true;
      d.changed = true;
      // A separator written escaped belongs to the key: the view spells it so no rule reads it as one.
      if (inKey && (ch === '=' || ch === ':')) ch = '.';
      d.put(ch === ' ' && inKey ? '_' : ch, i, i + len);
      i += len;
      continue;
    }
    if (inKey && (c === '=' || c === ':' || c === ' ' || c === '\t' || c === '\f')) {
      inKey = false;
      // The separator: blanks, then one `=` or `:`, then blanks.
      let k = i;
      while (k < n && (text[k] === ' ' || text[k] === '\t' || text[k] === '\f')) k++;
      if (!sepDone && (text[k] === '=' || text[k] === ':')) k++;
      while (k < n && (text[k] === ' ' || text[k] === '\t' || text[k] === '\f')) k++;
      sepDone = true;
      d.put('=', i, k);
      i = k;
      continue;
    }
    d.put(c, i, i + 1);
    i++;
    if (d.text.length > MAX_LINE) return null;
  }
  return { d, escapedKey };
}

export const propertiesKey: BlockRule = {
  id: 'properties-key',
  description:
    'A .properties entry whose key holds an escape or a line continuation (pass\\<newline>word=X, pass\\u0077ord=X), read as java.util.Properties does',
  gate: '',
  applies: (text) => holdsAny(text, PROP_GATES),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    // The lines the gates stand on (a native search each), each tried at its start: a backslash in its key.
    const lines = new Set<number>();
    for (const g of PROP_GATES) for (let p = text.indexOf(g); p >= 0; p = text.indexOf(g, p + 2)) lines.add(text.lastIndexOf('\n', p - 1) + 1);
    let done = -1;
    for (const ls of [...lines].sort((x, y) => x - y)) {
      if (ls < done) continue;
      PROP_LINE.lastIndex = ls;
      if (!PROP_LINE.test(text)) continue;
      const r = readProperty(text, ls);
      if (r === null || !r.escapedKey) continue;
      // The entry's last line: a gate on a line it continued over is read with it.
      done = r.d.to.length > 0 ? r.d.to[r.d.to.length - 1]! : ls + 1;
      judge(r.d, text, index, out, 'properties-key');
    }
  },
  samples() {
    const [a, b, c, d] = [rand(ALNUM, 19, 0x43c1) + '7', rand(ALNUM, 19, 0x43c2) + '7', rand(ALNUM, 19, 0x43c3) + '7', rand(ALNUM, 19, 0x43c4) + '7'];
    return {
      truePositives: [
        { text: `db.pass\\\nword=${a}\ndb.user=ledger\n`, secrets: [a] },
        { text: `db.pass\\\n    word = ${b}\n`, secrets: [b] },
        { text: `mail.smtp.pass\\\n  \\u0077ord: ${c}\n`, secrets: [c] },
        { text: `api.to\\\n\tk\\u0065n ${d}\n`, secrets: [d] },
      ],
      falsePositives: [
        'greeting=Hello\\\n    World\ndb.user=ledger\n',
        'docker run --rm \\\n  -e MODE=prod app\n',
        'path=C\\:\\\\Program Files\\\\App\nlabel\\ text=Sign in\n',
        'message.key=Zeile\\u00e4nderung\n',
      ],
    };
  },
};

registerGates([...HTML_GATES, ...QP_GATES, ...PROP_GATES]);

export const DECODED_LINE_RULES: readonly BlockRule[] = [htmlReference, quotedPrintable, propertiesKey];
