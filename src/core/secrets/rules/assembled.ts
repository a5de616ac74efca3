// Secrets assembled from parts no other rule reads as a secret:
// - a key written as a list of byte literals under a secret's name (C `static const uint8_t HMAC_KEY[32] = { 0x50,
//   0x6c, … }`, Go `[]byte{0x…}`, Rust `[u8; 16] = [0x…]`, Java `new byte[]{(byte) 0x…}`, Python `bytes([0x…])`);
// - a secret split over variables and joined by another assignment (`PART_A=sk-ant-…`, `PART_B=…`,
//   `ANTHROPIC_API_KEY="${PART_A}${PART_B}"`; `KEY = part1 + part2`): each piece alone looks like nothing (too short
//   for its vendor's format, under a name that says nothing), the joined value is the secret.
// Threat: the model reads the key byte by byte, or the pieces, and has the secret.
// How: byte lists: the list under a name classifyName calls a secret, 8 bytes or more, not one byte repeated.
// Split variables: the file's literal assignments are read only when an assignment joins two or more names; the
// joined value is judged as `TARGET="value"` by the line rules (catalog.ts hands them over); a hit masks every piece.
// Cost: gated by literals (`0x`; `$` or `+`), one regex pass each.
import { classifyName } from '../names';
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { holdsAny, registerGates } from './gates';
import { eachLineHolding, push } from './form-scan';

const BYTES_RULE = 'byte-array-secret';
const SPLIT_RULE = 'split-variable-secret';

const BYTE = String.raw`(?:\((?:byte|u8|uint8_t|char)\)[ \t]*)?(?:0[xX][0-9A-Fa-f]{1,2}|\d{1,3})`;
/** Where a list of byte literals opens: `{ 0x`, `[0x`, `{(byte) 0x`. */
const LIST_OPEN = /[{[(][ \t\r\n]*(?:\((?:byte|u8|uint8_t|char)\)[ \t]*)?0[xX][0-9A-Fa-f]/g;
/** The line before the opener: NAME [dims] [: type] = [new] [constructor] (and any openers before this one). */
const LIST_HEAD = /([A-Za-z_]\w*)[ \t]*(?:\[[^\]\n]*\][ \t]*)*(?::[^=\n{]*)?:?=[ \t]*(?:new[ \t]+)?(?:\[\])?[\w:<>.]*(?:\[[^\]\n]*\])*[ \t]*[{[(]?$/;
/** The list itself, from its first byte: 8 bytes or more, any line breaks between them. */
const LIST_BODY = new RegExp(String.raw`${BYTE}(?:[ \t]*,[ \t\r\n]*${BYTE}){7,}`, 'y');

function byteLists(text: string, index: LineIndex, out: BlockOutput): void {
  LIST_OPEN.lastIndex = 0;
  for (let o = LIST_OPEN.exec(text); o !== null; o = LIST_OPEN.exec(text)) {
    const ls = text.lastIndexOf('\n', o.index) + 1;
    const h = LIST_HEAD.exec(text.slice(ls, o.index));
    if (h === null) continue;
    let first = o.index + 1;
    while (/[ \t\r\n]/.test(text[first]!)) first++;
    LIST_BODY.lastIndex = first;
    const m = LIST_BODY.exec(text);
    if (m === null) continue;
    LIST_OPEN.lastIndex = first + m[0].length;
    const name = h[1]!;
    if (classifyName(name) === null || /public|pub(?:_|[A-Z]|$)|cert|hash|digest|magic|header|sbox|table|crc|mask/i.test(name)) continue;
    const list = m[0];
    const bytes = list.match(/0[xX][0-9A-Fa-f]{1,2}|\d{1,3}(?![xX])/g) ?? [];
    const values = bytes.map((b) => (/^0x/i.test(b) ? parseInt(b.slice(2), 16) : parseInt(b, 10)));
    if (values.some((v) => v > 255) || new Set(values).size < 4) continue;
    // Mask the list on each line it spans.
    const [s, e] = [first, first + list.length];
    for (let p = s; p < e;) {
      const nl = text.indexOf('\n', p);
      const le = nl < 0 || nl > e ? e : nl;
      let a = p;
      while (a < le && (text[a] === ' ' || text[a] === '\t')) a++;
      let b = le;
      while (b > a && /[\s,]/.test(text[b - 1]!)) b--;
      if (b > a) push(text, index, out, a, b, BYTES_RULE, 1);
      if (nl < 0 || nl >= e) break;
      p = nl + 1;
    }
  }
}

export const byteArraySecret: BlockRule = {
  id: BYTES_RULE,
  description: 'A key written as a list of byte literals (C, Go, Rust, Java, Python) under a secret-named variable',
  gate: '0x',
  scan: byteLists,
  samples() {
    let seed = 0xb7e500;
    // 16 distinct bytes in a random order.
    const bytes = (n: number) => {
      const all = Array.from({ length: 256 }, (_, i) => i);
      const pick = rand(ALNUM, n, seed++ * 7919);
      return Array.from(
        pick,
        (ch, i) =>
          '0x' +
          all
            .splice((ch.charCodeAt(0) * (i + 7)) % all.length, 1)[0]!
            .toString(16)
            .padStart(2, '0'),
      );
    };
    const c = bytes(16).join(', ');
    const go = bytes(12).join(', ');
    const rs = bytes(16);
    const [r1, r2] = [rs.slice(0, 8).join(', '), rs.slice(8).join(', ')];
    return {
      truePositives: [
        { text: `static const uint8_t HMAC_KEY[32] = { ${c} };`, secrets: [c] },
        { text: `var signingSecret = []byte{${go}}`, secrets: [go] },
        { text: `const AES_KEY: [u8; 16] = [\n    ${r1},\n    ${r2}\n];`, secrets: [r1, r2] },
      ],
      falsePositives: [
        'static const uint8_t sbox[16] = { 0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76 };',
        'static const uint8_t PUBLIC_KEY[8] = { 0x04, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5 };',
        'uint8_t key[16] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };',
        'const ports = [0x50, 0x1bb, 0x1f90, 0x22, 0x15, 0x17, 0x19, 0x35];',
      ],
    };
  },
};

// --- a secret split over variables ---

/** The rules the joined value is judged by (catalog.ts sets them: importing the catalog here would be a cycle). */
let viewScan: ((view: string, out: Hit[]) => void) | undefined;
export function setSplitVariableScan(scan: (view: string, out: Hit[]) => void): void {
  viewScan = scan;
}

/** An assignment of a literal: `NAME=v`, `export NAME="v"`, `const NAME = 'v';`, `NAME: str = "v"`. */
const LITERAL_ASSIGN =
  /^[ \t]*(?:(?:export|readonly|local|declare|const|let|var|final|static|private|public|val)[ \t]+)*([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.[\]]+[ \t]*)?=[ \t]*(["'`]?)([^\s"'`$\\;]+)\2[ \t]*;?[ \t]*\r?$/dgm;
/** An assignment that joins names: shell `T="${A}${B}"`, `T=$A$B`; code `T = a + b`. */
export const JOIN_ASSIGN =
  /^[ \t]*(?:(?:export|readonly|local|declare|const|let|var|final|static|private|public|val)[ \t]+)*([A-Za-z_]\w*)[ \t]*(?:=[ \t]*(["']?)((?:\$\{[A-Za-z_]\w*\}|\$[A-Za-z_]\w*){2,})\2|(?::[ \t]*[\w.[\]]+[ \t]*)?=[ \t]*([A-Za-z_]\w*(?:[ \t]*\+[ \t]*[A-Za-z_]\w*)+))[ \t]*;?[ \t]*\r?$/gm;

interface Literal {
  value: string;
  s: number;
  e: number;
}

function splitVariables(text: string, index: LineIndex, out: BlockOutput): void {
  if (viewScan === undefined || !holdsAny(text, SPLIT_GATES)) return;
  let literals: Map<string, Literal> | undefined;
  // A join holds `$` (a shell join) or `+` (a code join) and lies on one line: only the lines holding one are read.
  eachLineHolding(text, SPLIT_GATES, JOIN_ASSIGN, (m) => {
    const names = (m[3] ?? m[4]!).match(/[A-Za-z_]\w*/g)!;
    if (literals === undefined) {
      literals = new Map();
      LITERAL_ASSIGN.lastIndex = 0;
      for (let a = LITERAL_ASSIGN.exec(text); a !== null; a = LITERAL_ASSIGN.exec(text)) {
        const [s, e] = a.indices![3]!;
        literals.set(a[1]!, { value: a[3]!, s, e });
      }
    }
    const parts = names.map((n) => literals!.get(n));
    if (parts.some((p) => p === undefined)) return;
    const joined = parts.map((p) => p!.value).join('');
    if (joined.length < 16) return;
    const head = `${m[1]!}="`;
    const view = `${head}${joined}"`;
    const hits: Hit[] = [];
    viewScan!(view, hits);
    if (!hits.some((h) => h.start < head.length + joined.length && h.end > head.length)) return;
    for (const p of parts) push(text, index, out, p!.s, p!.e, SPLIT_RULE);
  });
}
export const SPLIT_GATES = ['$', '+'];
registerGates(SPLIT_GATES);

export const splitVariableSecret: BlockRule = {
  id: SPLIT_RULE,
  description: 'A secret split over variables that another assignment joins (shell ${A}${B}, code a + b): every piece',
  gate: '',
  scan: splitVariables,
  samples() {
    let seed = 0x5b1700;
    const r = (n: number) => rand(ALNUM, n, seed++ * 7919);
    const [a, b, c] = ['sk-' + 'ant-api03-' + r(20), r(32), r(30)];
    const [x, y] = [r(20), r(20)];
    return {
      truePositives: [
        { text: `PART_A=${a}\nPART_B=${b}\nPART_C=${c}\nexport ANTHROPIC_API_KEY="\${PART_A}\${PART_B}\${PART_C}"`, secrets: [a, b, c] },
        { text: `first = "${x}"\nsecond = "${y}"\nAPI_TOKEN = first + second`, secrets: [x, y] },
      ],
      falsePositives: [
        'HOST=db.internal\nPORT=5432\nexport DATABASE_HOST="${HOST}${PORT}"',
        'greeting = "hello"\nname = "world"\nmessage = greeting + name',
        'PREFIX=/usr/local\nSUFFIX=bin/tool-with-a-long-name\nTOOL_PATH=$PREFIX$SUFFIX',
      ],
    };
  },
};
