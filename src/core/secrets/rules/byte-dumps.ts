// A secret file dumped as bytes in a format the encoded forms (forms.ts: `od -tx1`, `hexdump -C`, lower-case
// `xxd`, `xxd -p`) do not read: `od -c` and `od -An -c` (a character per 4-column cell, so `.env`'s
// `TOKEN=…` is spread over the dump's columns), `od -b` (octal bytes), `od -x` and plain `hexdump` (16-bit
// little-endian words: the bytes of each pair swapped), `od -tc -tx1` (character and hex rows interleaved),
// `xxd -u` (upper-case hex) and `xxd -i` (a C array of `0xHH`). The dump's lines are decoded together, and when
// the bytes are text holding a secret every line of the dump that carries bytes is masked: a secret's bytes
// run over several lines.
// Threat: `od -c .env` showed the model every secret of the file, one character per column.
// Cost: only texts holding an offset's `0000000`, an `od -c` line end cell (`  \n`), `[] = {` or `, 0x` (the forms' one
// pass, gates.ts) are read, and only around the lines holding them.
import { decodedHoldsSecret } from '../encoded';
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { addHit } from './hits';
import { lineOfPos } from './structure';

const RULE = 'byte-dump';
const PRIORITY = 1.5;
// `, 0x` (xxd -i alone) would open a set of its own in the forms' pass (gates.ts): an xxd -i dump is found by its
// offsets' neighbours only when the text holds one of the others.
// `[] = {` opens an `xxd -i` dump (`unsigned char name_txt[] = {`): the dump starts on the line after it.
const CARRAY_OPEN = '[] = {';
const GATES = ['0000000', '  \\n', CARRAY_OPEN];
registerGates(GATES);

const enum Kind {
  None,
  /** `od -c`: 4-column cells. */
  Chars,
  /** `od -b`: ` ooo` octal bytes. */
  Octal,
  /** `od -x`, `hexdump`: ` hhhh` little-endian words. */
  Words,
  /** `xxd -u` (and `xxd -g N`): offset, `:`, hex groups in order, the text column. */
  Xxd,
  /** `xxd -i`: `0xHH,` lists. */
  CArray,
  /** `od -tx1` rows between `od -c` rows: ` hh` bytes after blanks. */
  Bytes,
  /** A dump's closing offset, or `*` (a repeated line): part of the dump, no bytes. */
  Offset,
}

const CHARS = /^([0-7]{7,})?((?: {3}[!-~]| {2}\\[0abfnrtv]| [0-7]{3}| {4}){2,32})[ \t]*\r?$/;
const OCTAL = /^([0-7]{7,})((?: [0-7]{3}){2,32})[ \t]*\r?$/;
const WORDS = /^([0-9a-f]{7,})((?: [0-9a-f]{4}){1,16})[ \t]*\r?$/;
const XXD = /^([0-9a-fA-F]{7,}: )((?:[0-9a-fA-F]{2})+(?: (?:[0-9a-fA-F]{2})+)*)(?: {2,}[^\n]{1,64})?\r?$/;
const CARRAY = /^([ \t]*)((?:0x[0-9a-fA-F]{2}[ \t]*,[ \t]*){1,}(?:0x[0-9a-fA-F]{2}[ \t]*)?)\r?$/;
const BYTES = /^([ \t]+)((?:[0-9a-f]{2}[ \t]+){1,31}[0-9a-f]{2})[ \t]*\r?$/;
const OFFSET = /^(?:[0-9a-f]{7,8}|\*)\r?$/;

const ESCAPES: Record<string, string> = { '0': '\0', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** The kind of dump line `line` is, and where its bytes are ([start, end) in the line). */
function classify(line: string): [Kind, number, number] {
  let m: RegExpExecArray | null;
  if ((m = CHARS.exec(line)) !== null && /\S/.test(m[2]!)) return [Kind.Chars, (m[1] ?? '').length, (m[1] ?? '').length + m[2]!.length];
  if ((m = OCTAL.exec(line)) !== null) return [Kind.Octal, m[1]!.length, m[1]!.length + m[2]!.length];
  if ((m = WORDS.exec(line)) !== null) return [Kind.Words, m[1]!.length, m[1]!.length + m[2]!.length];
  if ((m = XXD.exec(line)) !== null) return [Kind.Xxd, m[1]!.length, line.replace(/\r$/, '').length];
  if ((m = CARRAY.exec(line)) !== null) return [Kind.CArray, m[1]!.length, m[1]!.length + m[2]!.length];
  if ((m = BYTES.exec(line)) !== null) return [Kind.Bytes, m[1]!.length, m[1]!.length + m[2]!.length];
  if (OFFSET.test(line)) return [Kind.Offset, 0, 0];
  return [Kind.None, 0, 0];
}

/** A byte as text: printable ASCII, a tab or a line end; any other byte ends a run of text (a line end). */
const byteText = (b: number): string => ((b >= 32 && b < 127) || b === 9 || b === 10 || b === 13 ? String.fromCharCode(b) : b === 0 ? '' : '\n');

/** The text of a dump line's bytes `body` of kind `k`. */
function decode(k: Kind, body: string): string {
  let out = '';
  switch (k) {
    case Kind.Chars:
      for (let i = 0; i < body.length; i += 4) {
        const cell = body.slice(i, i + 4).padEnd(4, ' ');
        if (cell === '    ') out += ' ';
        else if (cell.startsWith('   ')) out += cell[3];
        else if (cell.startsWith('  \\')) out += ESCAPES[cell[3]!] ?? '';
        else out += byteText(parseInt(cell.slice(1), 8));
      }
      return out;
    case Kind.Octal:
      for (const g of body.trim().split(/ +/)) out += byteText(parseInt(g, 8));
      return out;
    case Kind.Words:
      for (const g of body.trim().split(/ +/)) out += byteText(parseInt(g.slice(2), 16)) + byteText(parseInt(g.slice(0, 2), 16));
      return out;
    case Kind.Xxd: {
      const hex = /^((?:[0-9a-fA-F]{2})+(?: (?:[0-9a-fA-F]{2})+)*)/.exec(body)![1]!.replace(/ /g, '');
      for (let i = 0; i + 1 < hex.length; i += 2) out += byteText(parseInt(hex.slice(i, i + 2), 16));
      return out;
    }
    case Kind.CArray:
      for (const g of body.matchAll(/0x([0-9a-fA-F]{2})/g)) out += byteText(parseInt(g[1]!, 16));
      return out;
    case Kind.Bytes:
      for (const g of body.trim().split(/[ \t]+/)) out += byteText(parseInt(g, 16));
      return out;
    default:
      return '';
  }
}

/** Lines a dump may take: a longer one is a binary file's, judged no further. */
const MAX_LINES = 2048;

export const byteDump: BlockRule = {
  id: RULE,
  description: 'A secret file dumped as bytes: od -c, od -b, od -x, hexdump, od -tc -tx1, xxd -u, xxd -i (the dump lines of its bytes)',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    let done = -1;
    for (const g of GATES) {
      if (!holds(text, g)) continue;
      for (let p = text.indexOf(g); p >= 0; p = text.indexOf(g, p + g.length)) {
        if (p < done) continue;
        starts ??= index.starts();
        const li = lineOfPos(starts, p) + (g === CARRAY_OPEN ? 1 : 0);
        if (li >= starts.length) continue;
        const line = (k: number) => {
          const ls = starts![k]!;
          const nl = text.indexOf('\n', ls);
          return text.slice(ls, nl < 0 ? text.length : nl);
        };
        const first = classify(line(li));
        if (first[0] === Kind.None || first[0] === Kind.Offset) continue;
        let a = li;
        let b = li;
        while (a > 0 && li - a < MAX_LINES && classify(line(a - 1))[0] !== Kind.None) a--;
        while (b + 1 < starts.length && b - li < MAX_LINES && classify(line(b + 1))[0] !== Kind.None) b++;
        done = b + 1 < starts.length ? starts[b + 1]! : text.length;
        const rows: [number, Kind, number, number][] = [];
        for (let k = a; k <= b; k++) {
          const [kind, s, e] = classify(line(k));
          if (kind !== Kind.Offset) rows.push([k, kind, s, e]);
        }
        // Character rows and hex rows interleaved (`od -tc -tx1`): the character rows alone hold the bytes once.
        const chars = rows.some((r) => r[1] === Kind.Chars);
        let decoded = '';
        for (const [k, kind, s, e] of rows) if (!chars || kind === Kind.Chars) decoded += decode(kind, line(k).slice(s, e));
        if (decoded.replace(/\s/g, '').length < 8 || !decodedHoldsSecret(decoded)) continue;
        for (const [k, , s, e] of rows) addHit(out, k, { start: s, end: e, rule: RULE, priority: PRIORITY });
      }
    }
  },
  samples: () => {
    const v = rand(ALNUM, 30, 0x3161) + 'q7Z';
    const env = `API_TOKEN=${v}\n`;
    const cells = (s: string) => [...s].map((c) => (c === '\n' ? '  \\n' : `   ${c}`)).join('');
    const odc: string[] = [];
    for (let i = 0; i < env.length; i += 16) odc.push(i.toString(8).padStart(7, '0') + cells(env.slice(i, i + 16)));
    odc.push(env.length.toString(8).padStart(7, '0'));
    return {
      truePositives: [{ text: odc.join('\n') + '\n', secrets: [v.slice(0, 4), v.slice(14, 18)] }],
      falsePositives: [
        [...'LOG_LEVEL=info\nPORT=8080\n'].reduce(
          (acc, c, i) => acc + (i % 16 === 0 ? (i ? '\n' : '') + i.toString(8).padStart(7, '0') : '') + (c === '\n' ? '  \\n' : `   ${c}`),
          '',
        ) + '\n0000032\n',
        '0000000 4f4c 5f47 454c 4556 3d4c 6e69 6f66 000a\n0000017\n',
        'static const unsigned char icon[] = {\n  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,\n};\n',
      ],
    };
  },
};
