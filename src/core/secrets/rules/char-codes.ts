// char-codes: a token written as character codes or in an encoding no other rule decodes, which a browser, a
// database or one library call turns back into the token: HTML entities (`&#103;&#104;&#112;…`, `&#x67;…`), SQL
// `CHAR(103,104,112,…)`, `CHR(103)||CHR(104)||…`, `CHAR(103)+CHAR(104)+…`, Python `base64.b32decode("…")`,
// `base64.a85decode(b"…")` / `b85decode`. Each run is decoded and the decoded text judged by the line rules (catalog.ts
// hands them over): only what a rule recognises is masked (`&#169; 2024`, `CHAR(65,66,67)` are kept).
// Threat: found by a blind red team; each disguised token reached the model.
// Cost: gated by literals (`&#`, `CHAR(`, `CHR(`, `b32decode`, `85decode`); only the runs they start are read.
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { push } from './form-scan';
import { holdsAny, registerGates } from './gates';

const RULE = 'char-codes';

let viewScan: ((view: string, out: Hit[]) => void) | undefined;
export function setCharCodesScan(scan: (view: string, out: Hit[]) => void): void {
  viewScan = scan;
}

const GATES = ['&#', 'CHAR(', 'char(', 'Char(', 'CHR(', 'chr(', 'Chr(', 'b32decode', '85decode'];
registerGates(GATES);

const codes = (list: string[]): string => list.map((n) => String.fromCodePoint(Math.min(Number(n), 0x10ffff))).join('');

function b32(s: string): string | null {
  const al = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0,
    val = 0,
    o = '';
  for (const ch of s.replace(/=+$/, '').toUpperCase()) {
    const k = al.indexOf(ch);
    if (k < 0) return null;
    val = (val << 5) | k;
    bits += 5;
    if (bits >= 8) {
      o += String.fromCharCode((val >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return o;
}

/** Ascii85 (`a85decode`, `<~ ~>` optional, `z` for four zeros) or base85 (`b85decode`, RFC 1924's alphabet). */
function b85(s: string, rfc1924: boolean): string | null {
  const al = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';
  const body = rfc1924 ? s : s.replace(/^<~|~>$/g, '').replace(/z/g, '!!!!!');
  let o = '';
  for (let i = 0; i < body.length; i += 5) {
    const chunk = body.slice(i, i + 5);
    let v = 0;
    for (let k = 0; k < 5; k++) {
      const ch = k < chunk.length ? chunk[k]! : rfc1924 ? '~' : 'u';
      const d = rfc1924 ? al.indexOf(ch) : ch.charCodeAt(0) - 33;
      if (d < 0 || d > 84) return null;
      v = v * 85 + d;
    }
    const bytes = [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
    o += String.fromCharCode(...bytes.slice(0, chunk.length - 1));
  }
  return o;
}

interface Run {
  /** Literals of which the text must hold one for `re` to be run. */
  gates: readonly string[];
  re: RegExp;
  decode: (m: RegExpExecArray) => string | null;
}
const RUNS: Run[] = [
  // HTML entities, eight at least, ASCII characters between them allowed (`g&#104;p_…`)
  {
    gates: ['&#'],
    re: /(?:&#(?:[xX][0-9a-fA-F]{1,6}|\d{1,7});?[A-Za-z0-9_-]{0,3}){8,}/g,
    decode: (m) =>
      m[0].replace(/&#(?:[xX]([0-9a-fA-F]{1,6})|(\d{1,7}));?/g, (_, h: string | undefined, d: string | undefined) =>
        String.fromCodePoint(Math.min(h !== undefined ? parseInt(h, 16) : Number(d), 0x10ffff)),
      ),
  },
  // CHAR(103,104,…) / CHR(…) / NCHAR(…) with eight codes at least
  {
    gates: ['CHAR(', 'char(', 'Char(', 'CHR(', 'chr(', 'Chr('],
    re: /\bN?CH(?:A)?R\([ \t]*(\d{1,3}(?:[ \t]*,[ \t]*\d{1,3}){7,})[ \t]*\)/gi,
    decode: (m) => codes(m[1]!.split(/[ \t]*,[ \t]*/)),
  },
  // CHR(103)||CHR(104)||… / CHAR(103)+CHAR(104)+… / CONCAT(CHAR(103), CHAR(104), …)
  {
    gates: ['CHAR(', 'char(', 'Char(', 'CHR(', 'chr(', 'Chr('],
    re: /\bN?CH(?:A)?R\([ \t]*\d{1,3}[ \t]*\)(?:[ \t]*(?:\|\||\+|,)[ \t]*N?CH(?:A)?R\([ \t]*\d{1,3}[ \t]*\)){7,}/gi,
    decode: (m) => codes([...m[0].matchAll(/\((?:[ \t]*)(\d{1,3})/g)].map((x) => x[1]!)),
  },
  { gates: ['b32decode'], re: /\bb32decode\([ \t]*b?(["'])([A-Za-z2-7]{16,}=*)\1/g, decode: (m) => b32(m[2]!) },
  { gates: ['85decode'], re: /\ba85decode\([ \t]*b?(["'])((?:\\[!-~]|(?!\1)[!-~])+)\1/g, decode: (m) => b85(m[2]!.replace(/\\(.)/g, '$1'), false) },
  { gates: ['85decode'], re: /\bb85decode\([ \t]*b?(["'])((?:\\[!-~]|(?!\1)[!-~])+)\1/g, decode: (m) => b85(m[2]!.replace(/\\(.)/g, '$1'), true) },
];

function scan(text: string, index: LineIndex, out: BlockOutput): void {
  if (viewScan === undefined || !holdsAny(text, GATES)) return;
  for (const r of RUNS) {
    if (!holdsAny(text, r.gates)) continue;
    r.re.lastIndex = 0;
    for (let m = r.re.exec(text); m !== null; m = r.re.exec(text)) {
      if (m[0].includes('\n')) continue;
      const d = r.decode(m);
      if (d === null || d.length < 8 || !/^[\x20-\x7e]+$/.test(d)) continue;
      const hits: Hit[] = [];
      // The decoded text alone: a vendor's shape in it is recognised; under an invented name any random string would be.
      viewScan(d, hits);
      if (hits.length === 0) continue;
      push(text, index, out, m.index, m.index + m[0].length, RULE);
    }
  }
}

export const charCodes: BlockRule = {
  id: RULE,
  description: 'A token as HTML entities, SQL CHAR()/CHR() codes, base32 or Ascii85 in a decode call: decoded and judged by the line rules',
  gate: '',
  scan,
  samples() {
    const gh = 'ghp' + '_' + rand(ALNUM, 36, 0x34f1);
    const ent = [...gh].map((c) => `&#${c.charCodeAt(0)};`).join('');
    const chr = [...gh].map((c) => `CHR(${c.charCodeAt(0)})`).join('||');
    return {
      truePositives: [
        { text: `<span data-t="${ent}"></span>`, secrets: [ent.slice(0, 40)] },
        { text: `SELECT ${chr} FROM dual;`, secrets: [chr.slice(0, 40)] },
      ],
      falsePositives: [
        '<p>&#169; 2024 &#8212; All rights reserved &#x2014; caf&#233; &#8230; &#8212; &#169; &#174; &#8482;</p>',
        'SELECT CHAR(72,101,108,108,111,32,119,111,114,108,100);',
      ],
    };
  },
};
