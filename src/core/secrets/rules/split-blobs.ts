// A gzip+base64 blob (`H4sI…`) in code, split over string literals on several lines (`"H4sI…" \` / `"…"`,
// Python's implicit concatenation, `"…" +` / `+ "…"`): each piece alone is no blob the encoded forms can inflate
// (encoded.ts reads one run of base64), the pieces joined inflate to text that may hold a secret.
// Threat: the model joins the pieces and inflates them, as the program does.
// Cost: only texts holding `H4sI` (gzip's magic in base64; the forms' one pass, gates.ts) are read, only from it on.
import { gzipSync } from 'node:zlib';
import { blobHoldsSecret } from '../encoded';
import { ALNUM, j, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { push } from './form-scan';

const RULE = 'split-blob';
const GATE = 'H4sI';
registerGates([GATE]);

/** A string literal's base64 content (group 2), quoted by group 1. */
const PIECE = /(["'`])([A-Za-z0-9+/_-]+={0,2})\1/y;
/** What may stand before the next piece on its line: blanks, a `+`, `.`, `&`, `..` or `,`-free join. */
const LEAD = /[ \t]*(?:(?:\+|\.\.?|&|<<)[ \t]*)?/y;
/** What may end a line whose literal goes on: a `+`, `\`, `.`, `&`, or nothing (implicit concatenation). */
const TAIL = /^[ \t]*(?:\+|\\|\.|&|\.\.)?[ \t]*\r?$/;
/** Pieces a blob may take. */
const MAX_PIECES = 400;

function scanBlobs(text: string, index: LineIndex, out: BlockOutput): void {
  if (!holds(text, GATE)) return;
  let done = 0;
  for (let p = text.indexOf(GATE); p >= 0; p = text.indexOf(GATE, Math.max(p + GATE.length, done))) {
    const q = text.charCodeAt(p - 1);
    if (q !== 34 && q !== 39 && q !== 96) continue;
    const pieces: [number, number][] = [];
    let at = p - 1;
    let joined = '';
    for (let n = 0; n < MAX_PIECES; n++) {
      PIECE.lastIndex = at;
      const m = PIECE.exec(text);
      if (m === null) break;
      pieces.push([at + 1, at + 1 + m[2]!.length]);
      joined += m[2]!;
      const end = at + m[0].length;
      const nl = text.indexOf('\n', end);
      if (nl < 0 || !TAIL.test(text.slice(end, nl))) break;
      LEAD.lastIndex = nl + 1;
      const lead = LEAD.exec(text);
      at = nl + 1 + (lead === null ? 0 : lead[0].length);
    }
    // No piece (`\"H4sI…\"` in JSON text: the quote is escaped, its literal does not end at a quote): nothing here.
    if (pieces.length === 0) continue;
    done = pieces[pieces.length - 1]![1];
    if (pieces.length < 2 || !blobHoldsSecret(joined, 0, joined.length)) continue;
    for (const [s, e] of pieces) push(text, index, out, s, e, RULE);
  }
}

export const splitBlob: BlockRule = {
  id: RULE,
  description: 'A gzip+base64 blob (H4sI…) split over string literals on several lines whose pieces joined inflate to text holding a secret',
  gate: '',
  scan: scanBlobs,
  samples: () => {
    // Compressed here, from a token built at run time: a committed blob would be a credential once inflated.
    const env = `GITHUB_TOKEN=${j('gh', 'p_', rand(ALNUM, 36, 0x31e1))}\n`;
    let b = '';
    for (let extra = ''; b === '' || b.endsWith('='); extra += '\n') b = gzipSync(Buffer.from(env + extra)).toString('base64');
    return {
      truePositives: [{ text: `BLOB = "${b.slice(0, 40)}" \\\n    "${b.slice(40)}"\n`, secrets: [b.slice(8, 40), b.slice(40)] }],
      falsePositives: ['const GZIP_MAGIC = "H4sI"; // gzip header in base64\nconst parts = ["H4sI",\n  "AAAA"];\n'],
    };
  },
};
