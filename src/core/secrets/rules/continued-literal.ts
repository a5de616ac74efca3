// A string literal continued over lines by a backslash before the line break (Python's and JavaScript's
// `TOKEN = "ghp_…\` with the rest on the next line, C's `"…\`): the language joins the pieces into one value, so
// a vendor's token split that way is whole to the program and to the model reading it, but each line alone holds
// only half of its format (too short for the vendor's pattern), under any name or none.
// Threat: both halves of a GitHub, Stripe or Anthropic token shown verbatim.
// How: at each backslash ending a line whose literal is still open (a quote, then token characters only, up to
// the backslash), the following lines of token characters are joined up to the closing quote (at most
// MAX_LINES lines); the line's head and the joined value, as one quoted literal, are judged by the line rules
// (catalog.ts hands them over). A hit on the value masks every piece.
// Cost: only texts holding a backslash before a line break; each such break is found by a native search.
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { push } from './form-scan';
import { holds, registerGates } from './gates';

registerGates(['\\\n', '\\\r\n']);

const RULE = 'continued-literal';
const MAX_LINES = 8;

let viewScan: ((view: string, out: Hit[]) => void) | undefined;
export function setContinuedLiteralScan(scan: (view: string, out: Hit[]) => void): void {
  viewScan = scan;
}

/** A token's characters (vendor formats, base64, hex). */
function tokenChar(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95 || c === 45 || c === 43 || c === 47 || c === 61 || c === 46;
}

/** The open literal ending at `end` (the backslash's column) in `text` from `lineStart`: its quote's position, or -1. */
function openQuote(text: string, lineStart: number, end: number): number {
  let p = end;
  while (p > lineStart && tokenChar(text.charCodeAt(p - 1))) p--;
  if (end - p < 4 || p <= lineStart) return -1;
  const q = text.charCodeAt(p - 1);
  if (q !== 34 && q !== 39 && q !== 96) return -1;
  // The quote opens the literal: an even number of the same quotes before it on the line.
  let n = 0;
  for (let i = lineStart; i < p - 1; i++) if (text.charCodeAt(i) === q && text.charCodeAt(i - 1) !== 92) n++;
  return n % 2 === 0 ? p - 1 : -1;
}

function scan(text: string, index: LineIndex, out: BlockOutput): void {
  if (viewScan === undefined) return;
  if (holds(text, '\\\n')) scanBreaks(text, index, out, '\\\n');
  if (holds(text, '\\\r\n')) scanBreaks(text, index, out, '\\\r\n');
}

/** Every backslash ending a line, the break written `brk` (LF or CRLF). */
function scanBreaks(text: string, index: LineIndex, out: BlockOutput, brk: string): void {
  const judge = viewScan;
  if (judge === undefined) return;
  for (let at = text.indexOf(brk); at >= 0; at = text.indexOf(brk, at + brk.length)) {
    const end = at;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const quotePos = openQuote(text, lineStart, end);
    if (quotePos < 0) continue;
    const quote = text.charCodeAt(quotePos);
    const pieces: [number, number][] = [[quotePos + 1, end]];
    let value = text.slice(quotePos + 1, end);
    let p = at + brk.length;
    let closed = false;
    for (let n = 0; n < MAX_LINES && p < text.length; n++) {
      let e = p;
      while (e < text.length && tokenChar(text.charCodeAt(e))) e++;
      const c = text.charCodeAt(e);
      if (e > p) {
        pieces.push([p, e]);
        value += text.slice(p, e);
      }
      if (c === quote) {
        closed = true;
        break;
      }
      if (c === 92 && text.startsWith(brk, e)) {
        p = e + brk.length;
        continue;
      }
      break;
    }
    if (!closed || value.length < 16) continue;
    const head = text.slice(lineStart, quotePos);
    const view = `${head}"${value}"`;
    const hits: Hit[] = [];
    judge(view, hits);
    const vs = head.length + 1;
    if (!hits.some((h) => h.start < vs + value.length && h.end > vs)) continue;
    for (const [s, e] of pieces) push(text, index, out, s, e, RULE);
  }
}

export const continuedLiteral: BlockRule = {
  id: RULE,
  description:
    'A token in a string literal continued over lines by a backslash before the line break (Python, JavaScript, C): the joined value judged, every piece masked',
  gate: '',
  scan,
  samples() {
    let seed = 0xc0711e;
    const r = (n: number) => rand(ALNUM, n, seed++ * 7919);
    const gh = 'ghp' + '_' + r(36);
    const sk = 'sk' + '_live_' + r(24);
    return {
      truePositives: [
        { text: `x = "${gh.slice(0, 20)}\\\n${gh.slice(20)}"\n`, secrets: [gh.slice(0, 20), gh.slice(20)] },
        {
          text: `const stripe = '${sk.slice(0, 12)}\\\n${sk.slice(12, 24)}\\\n${sk.slice(24)}';\n`,
          secrets: [sk.slice(0, 12), sk.slice(12, 24), sk.slice(24)],
        },
      ],
      falsePositives: [
        'msg = "a long message that goes on \\\nand on past the line"\n',
        'path = "C:\\\\temp\\\\build\\\n"\n',
        'const s = "abcdefghijklmnop\\\nqrstuvwxyz";\n',
      ],
    };
  },
};
