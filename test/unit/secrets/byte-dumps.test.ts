// Secret files dumped as bytes in the formats od, hexdump and xxd print: every dump line carrying the secret's
// bytes is masked; dumps of benign files and look-alike lines stay. Dumps are made here, as the tools print them.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps } from './helpers';

let seed = 0x3170;
const rs = (n: number) => rand(ALNUM, n, seed++ * 7919) + 'q7';

const bytesOf = (s: string) => [...Buffer.from(s, 'utf8')];
const rowsOf = <T>(a: T[], w: number): T[][] => Array.from({ length: Math.ceil(a.length / w) }, (_, i) => a.slice(i * w, i * w + w));
const oct = (n: number, w = 7) => n.toString(8).padStart(w, '0');
const hx = (n: number, w = 2) => n.toString(16).padStart(w, '0');
const ESC: Record<number, string> = { 0: '\\0', 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r' };
const cell = (b: number) => (ESC[b] !== undefined ? `  ${ESC[b]}` : b >= 32 && b < 127 ? `   ${String.fromCharCode(b)}` : ` ${oct(b, 3)}`);

/** `od -c` (offsets unless `an`), `-w` columns. */
function odC(s: string, an = false, w = 16): string {
  const b = bytesOf(s);
  const rows = rowsOf(b, w).map((r, i) => (an ? '' : oct(i * w)) + r.map(cell).join(''));
  return rows.join('\n') + (an ? '\n' : `\n${oct(b.length)}\n`);
}
const odB = (s: string) =>
  rowsOf(bytesOf(s), 16)
    .map((r, i) => oct(i * 16) + r.map((x) => ' ' + oct(x, 3)).join(''))
    .join('\n') + `\n${oct(bytesOf(s).length)}\n`;
/** `od -x` (octal offsets) or plain `hexdump` (hex offsets): little-endian 16-bit words. */
function words(s: string, hexOffsets: boolean): string {
  const b = bytesOf(s);
  if (b.length % 2) b.push(0);
  const rows = rowsOf(b, 16).map(
    (r, i) =>
      (hexOffsets ? hx(i * 16, 7) : oct(i * 16)) +
      rowsOf(r, 2)
        .map(([lo, hi]) => ' ' + hx(hi!) + hx(lo!))
        .join(''),
  );
  return rows.join('\n') + `\n${hexOffsets ? hx(bytesOf(s).length, 7) : oct(bytesOf(s).length)}\n`;
}
/** `xxd -u` (`-c` columns, `-g` group size). */
function xxdU(s: string, c = 16, g = 2): string {
  return (
    rowsOf(bytesOf(s), c)
      .map((r, i) => {
        const hex = rowsOf(r, g)
          .map((grp) => grp.map((x) => hx(x).toUpperCase()).join(''))
          .join(' ');
        const width = Math.ceil(c / g) * (2 * g + 1) - 1;
        return `${hx(i * c, 8)}: ${hex.padEnd(width)}  ${r.map((x) => (x >= 32 && x < 127 ? String.fromCharCode(x) : '.')).join('')}`;
      })
      .join('\n') + '\n'
  );
}
const xxdI = (s: string) =>
  `unsigned char env[] = {\n${rowsOf(bytesOf(s), 12)
    .map((r) => '  ' + r.map((x) => '0x' + hx(x)).join(', '))
    .join(',\n')}\n};\nunsigned int env_len = ${bytesOf(s).length};\n`;
/** `od -tc -tx1`: character rows, each followed by its hex row. */
function odCx(s: string): string {
  const b = bytesOf(s);
  return (
    rowsOf(b, 16)
      .map((r, i) => oct(i * 16) + r.map(cell).join('') + '\n       ' + r.map((x) => '  ' + hx(x)).join(''))
      .join('\n') + `\n${oct(b.length)}\n`
  );
}

/** Every dump line of the secret's bytes changed; the lines before and after (prose, the prompt) kept. */
function masksDump(dump: string, before = '$ od .env\n', after = '$ echo done\n'): void {
  const text = before + dump + after;
  const r = maskText(text).text;
  assert.notEqual(r, text, 'nothing masked');
  const a = text.split('\n');
  const m = r.split('\n');
  assert.equal(m[0], a[0]);
  assert.equal(m[a.length - 2], a[a.length - 2]);
  // No line holds a printable run of the secret's characters once decoded: each line with bytes changed.
  a.forEach((l, i) => {
    if (i > 0 && i < a.length - 2 && /^(?:[0-9a-fA-F]{7,}[: ]|[ \t]*0x|[ \t]{3,}\S)/.test(l) && l.length > 12) assert.notEqual(m[i], l, `dump line kept: ${l}`);
  });
}

describe('byte-dumps: a secret file dumped by od, hexdump or xxd is masked', () => {
  const envs = () => [`AWS_SECRET_ACCESS_KEY=${rs(38)}\n`, `DB_HOST=db\nDB_PASSWORD=${rs(18)}\n`, `{"api_key": "${rs(30)}"}\n`];
  const forms: [string, (s: string) => string][] = [
    ['od -c', (s) => odC(s)],
    ['od -An -c', (s) => odC(s, true)],
    ['od -c -w8', (s) => odC(s, false, 8)],
    ['od -An -c -w4', (s) => odC(s, true, 4)],
    ['od -b', (s) => odB(s)],
    ['od -x', (s) => words(s, false)],
    ['hexdump', (s) => words(s, true)],
    ['xxd -u', (s) => xxdU(s)],
    ['xxd -u -c 8', (s) => xxdU(s, 8)],
    ['xxd -u -c 4 (short lines)', (s) => xxdU(s, 4)],
    ['xxd -u -g 1', (s) => xxdU(s, 16, 1)],
    ['xxd -u -g 4', (s) => xxdU(s, 16, 4)],
    ['od -tc -tx1', (s) => odCx(s)],
  ];
  for (const [name, form] of forms)
    for (const [k, env] of envs().entries())
      it(`masks ${name} of .env #${k}`, () => {
        masksDump(form(env));
      });
  it('masks a dump with a non-ASCII byte in it (od -c prints it in octal)', () => masksDump(odC(`# café\nTOKEN=${rs(36)}\n`)));
  it('masks a dump of a CRLF file', () => masksDump(odC(`PASSWORD=${rs(20)}\r\n`)));
});

describe('byte-dumps: dumps of benign bytes and look-alike lines stay', () => {
  const benign = 'LOG_LEVEL=info\nPORT=8080\nREGION=eu-west-1\n';
  const forms: [string, string][] = [
    ['od -c', odC(benign)],
    ['od -An -c', odC(benign, true)],
    ['od -b', odB(benign)],
    ['od -x', words(benign, false)],
    ['hexdump', words(benign, true)],
    ['xxd -u', xxdU(benign)],
    ['xxd -i', xxdI(benign)],
    ['od -tc -tx1', odCx(benign)],
    ['a PNG header as a C array', 'static const unsigned char icon[] = {\n  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,\n};\n'],
    ['a table of zeros', '0000000 0000 0000 0000 0000\n0000010\n'],
    ['spaced letters in prose', 'The word is spelled   A   P   I   below.\n'],
    ['a version list', 'versions: 0000000, 0x01, 0x02\n'],
    ['od -c of a README', odC('# Project\nRun npm test.\n')],
    ['xxd -u of a script', xxdU('#!/bin/sh\necho hello world\n')],
    ['hexdump of random non-text', words(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => 128 + ((i * 37) % 100))), true)],
    ['a C array of key codes', 'int keys[] = {\n  0x41, 0x42, 0x43, 0x44,\n};\n'],
    ['offsets alone', '0000000\n0000020\n*\n'],
    ['a string with a newline cell', 'printf("a  \\n  b");\n'],
    ['a git object id of zeros', 'old 0000000000000000000000000000000000000000\n'],
    ['a Markdown table with octal-looking columns', '| 0000000 | 101 | 127 |\n'],
  ];
  for (const [name, t] of forms) it(`keeps ${name}`, () => keeps(t));
});
