// head-pieces: a vendor token built from string pieces over several lines, the key named on none of them: Java
// `sb.append("sk-ant-api03-"); sb.append("…");`, JS `let T = "ghp_"; T += "…";`, an array of 6-character pieces joined
// later (`["xoxb-1", "234567", …]`). Where a piece holds a token's known head (`sk-ant-`, `ghp_`, `xoxb-`, `AKIA`…), the
// pieces after it in the same construct (that line and the lines that hold only pieces) are joined and judged by the
// line rules (catalog.ts hands them over); each piece inside the token a rule recognises is masked, the rest kept.
// Threat: found by a blind red team; no piece alone is long enough for a vendor's pattern.
// Cost: gated by the heads' literals; only the lines after a head are read.
import { isPlaceholder } from '../entropy';
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { push } from './form-scan';
import { holdsAny, registerGates } from './gates';

const RULE = 'head-pieces';

let viewScan: ((view: string, out: Hit[]) => void) | undefined;
export function setHeadPiecesScan(scan: (view: string, out: Hit[]) => void): void {
  viewScan = scan;
}

const HEADS = [
  'sk-ant-',
  'sk-proj-',
  'ghp_',
  'gho_',
  'ghs_',
  'ghu_',
  'github_pat_',
  'glpat-',
  'xoxb-',
  'xoxp-',
  'xapp-',
  'AKIA',
  'ASIA',
  'sk_live_',
  'rk_live_',
  'npm_',
  'hf_',
  'AIza',
];
registerGates(HEADS);

/** A string literal of token characters (the pieces). */
const PIECE = /(["'`])([A-Za-z0-9_+/=.-]{1,80})\1/g;
/** A line of pieces only: literals joined by `+`, `,`, `+=`, `.append(`, `.push(`, `.concat(`, brackets, `;`. */
const PIECES_LINE =
  /^[ \t]*(?:(?:[A-Za-z_$][\w$.[\]]*[ \t]*(?:\+=|=|\.(?:append|push|concat|write|add|Append|Add)\())|[+,[(]|\))?[ \t]*(?:(["'`])[A-Za-z0-9_+/=.-]{1,80}\1[ \t]*[,+)\];]*[ \t]*)+(?:\/\/.*)?\r?$/;
/** A plain assignment or declaration of a name (`x = "…"`, `val x = "…"`, `x: "…"`), not `x += "…"` nor `.append(`. */
const OWN_ASSIGNMENT =
  /^[ \t]*(?:(?:const|let|var|val|final|static|private|public|string|String|str)[ \t]+)*[A-Za-z_$][\w$]*[ \t]*(?::[ \t]*[\w<>[\]]+[ \t]*)?(?:=(?!=)|:)[ \t]*["'`]/;
/** How many lines after the head's the pieces may run over. */
const MAX_LINES = 16;

function scan(text: string, index: LineIndex, out: BlockOutput): void {
  if (viewScan === undefined || !holdsAny(text, HEADS)) return;
  const starts = index.starts();
  const lineEnd = (li: number) => {
    const nl = text.indexOf('\n', starts[li]!);
    return nl < 0 ? text.length : nl;
  };
  const seen = new Set<number>();
  for (const head of HEADS)
    for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + head.length)) {
      let lo = 0,
        hi = starts.length - 1,
        li = 0;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (starts[mid]! <= at) ((li = mid), (lo = mid + 1));
        else hi = mid - 1;
      }
      if (seen.has(li)) continue;
      // The head in a short literal of its own: the opening quote a few characters before it at most, the closing
      // one soon after (a whole token in one literal is the vendor rules').
      let q = at - 1;
      while (q >= 0 && at - q <= 8 && /[A-Za-z0-9_-]/.test(text[q]!)) q--;
      if (q < 0 || !/["'`]/.test(text[q]!)) continue;
      const close = text.indexOf(text[q]!, at + head.length);
      if (close < 0 || close - q > 40) continue;
      // A placeholder (`"xoxb-your-token-here"`) or a whole token the line rules read alone: no head of pieces.
      const own = text.slice(q + 1, close);
      if (isPlaceholder(own)) continue;
      // The pieces: from the literal holding the head, on its line and on the lines of pieces after it.
      const pieces: [number, number][] = [];
      for (let k = li; k < starts.length && k <= li + MAX_LINES; k++) {
        const ls = starts[k]!;
        const line = text.slice(ls, lineEnd(k));
        // A line of pieces goes on with them; an assignment of its own (`client_id = "…"`) starts something else.
        if (k > li && (!PIECES_LINE.test(line) || OWN_ASSIGNMENT.test(line))) break;
        PIECE.lastIndex = 0;
        for (let m = PIECE.exec(line); m !== null; m = PIECE.exec(line)) {
          const s = ls + m.index + 1;
          const e = s + m[2]!.length;
          if (k === li && e <= at) continue;
          if (k === li && s > at) {
            // A literal after the head's on its line continues it only when it is a piece too (`"xoxb-1", "2345"`).
            if (pieces.length === 0) continue;
          }
          pieces.push([s, e]);
        }
        if (pieces.length === 0) break;
      }
      if (pieces.length < 2) continue;
      // Asked only where pieces follow (a scan of the head's literal alone at every head cost a rule's time).
      const alone: Hit[] = [];
      viewScan(own, alone);
      if (alone.length > 0) continue;
      let joined = '';
      const offs: number[] = [];
      for (const [s, e] of pieces) {
        offs.push(joined.length);
        joined += text.slice(s, e);
      }
      const hits: Hit[] = [];
      viewScan(joined, hits);
      if (hits.length === 0) continue;
      const end = Math.max(...hits.map((h) => h.end));
      const begin = Math.min(...hits.map((h) => h.start));
      pieces.forEach(([s, e], i) => {
        const o = offs[i]!;
        if (o < end && o + (e - s) > begin) {
          push(text, index, out, s, e, RULE);
          let lo2 = 0,
            hi2 = starts.length - 1,
            l2 = 0;
          while (lo2 <= hi2) {
            const mid = (lo2 + hi2) >> 1;
            if (starts[mid]! <= s) ((l2 = mid), (lo2 = mid + 1));
            else hi2 = mid - 1;
          }
          seen.add(l2);
        }
      });
    }
}

export const headPieces: BlockRule = {
  id: RULE,
  description:
    'A vendor token built from string pieces over several lines (sb.append("sk-ant-…"), T += "…", arrays of pieces): the pieces after a token\'s head joined and judged',
  gate: '',
  scan,
  samples() {
    const gh = 'gh' + 'p_' + rand(ALNUM, 36, 0x34f7);
    return {
      truePositives: [
        {
          text: `let T = "${gh.slice(0, 4)}";\nT += "${gh.slice(4, 20)}";\nT += "${gh.slice(20)}";\nconsole.log(T);`,
          secrets: [gh.slice(4, 20), gh.slice(20)],
        },
      ],
      falsePositives: ['sb.append("hello ");\nsb.append("world");', 'const prefix = "ghp_";\nconst label = "GitHub token";'],
    };
  },
};
