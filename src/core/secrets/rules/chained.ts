// A string literal concatenated over several lines, whatever the name it is assigned to (`String t = "abc" +`,
// `"def" +`, `"ghi";`; C#'s `@"…"` and a leading `+`, PHP's `.`, Lua's `..`, VB's `& _`, SQL's `||`): the
// follow of a secret-named key (follow.ts) reads such a value on, but a neutral name, or none (an argument
// on its own lines), left each piece to be judged alone, and each was too short to be anything.
// Threat: the model joins the pieces in one step; a vendor token split into four-character literals.
// How: the lines of one chain are joined into one line (each continuation line trimmed, VB's `_` and C#'s
// `@` dropped) and judged by the joined-secret rule (joined.ts: it evaluates literals joined by `+`, `.`,
// `&` and judges the value by the line rules); its hits map back to the pieces on their lines. Only texts
// with a line that ends in a literal and a joining sign, or starts with a sign and a literal, are read.
import { ALNUM, j, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { addHit } from './hits';
import { joinedSecret } from './joined';
import { lineOfPos } from './structure';

const ID = 'chained-literal';

/** A line that goes on: a literal, then a joining sign (and VB's `_`) at its end. */
const GOES_ON = /["'`][ \t]*(?:\+|\.\.?|&|\|\||<>|\+\+|~)[ \t]*_?[ \t]*\r?$/;
/** A line that continues one: a joining sign, then a literal, at its start. */
const CONTINUES = /^[ \t]*(?:\+|\.\.?|&|\|\||<>|\+\+|~)[ \t]*@?["'`]/;
/** Where a chain may be: either of the above anywhere in the text (one native search). */
const ANY = /["'`][ \t]*(?:\+|\.\.?|&|\|\||<>|\+\+|~)[ \t]*_?[ \t]*\r?\n|\n[ \t]*(?:\+|\.\.?|&|\|\||<>|\+\+|~)[ \t]*@?["'`]/g;
/** A line that opens what the chain's first literal belongs to: an assignment or a call left open. */
const OPENS = /(?:[=:(,[{]|=>|<<|return)[ \t]*\r?$/;
const SIGN_END = /(?<=["'`][ \t]*)(?:\+|\.\.?|&|\|\||<>|\+\+|~)$/;
const SIGN_START = /^(?:\+|\.\.?|&|\|\||<>|\+\+|~)(?=[ \t]*@?["'`])/;
const MAX_LINES = 64;
const MAX_LEN = 2048;

function lineAt(text: string, starts: number[], i: number): [number, number] {
  const s = starts[i]!;
  let e = i + 1 < starts.length ? starts[i + 1]! - 1 : text.length;
  if (e > s && text.charCodeAt(e - 1) === 13) e--;
  return [s, e];
}

export const chainedLiteral: BlockRule = {
  id: ID,
  description: 'A string literal concatenated over several lines (`"abc" +` / `"def"`, `& _`, `..`, `.`, `||`), judged as the value it builds',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    ANY.lastIndex = 0;
    let m = ANY.exec(text);
    if (m === null) return;
    const starts = index.starts();
    let done = -1; // the last line read as part of a chain
    for (; m !== null; m = ANY.exec(text)) {
      let first = lineOfPos(starts, m.index);
      if (first <= done) continue;
      // The line that opens the statement: the chain's first literal may stand alone on its line.
      let last = first;
      let [fs, fe] = lineAt(text, starts, first);
      if (first > 0 && /^[ \t]*@?["'`]/.test(text.slice(fs, fe)) && OPENS.test(text.slice(...lineAt(text, starts, first - 1)))) first--;
      // Extend while the line goes on or the next continues it.
      while (last + 1 < starts.length && last - first < MAX_LINES) {
        const [s, e] = lineAt(text, starts, last);
        const [ns, ne] = lineAt(text, starts, last + 1);
        if (GOES_ON.test(text.slice(s, e)) || CONTINUES.test(text.slice(ns, ne))) last++;
        else break;
      }
      done = last;
      if (last === first) continue;
      // One line of the chain's lines: trimmed continuation lines, one blank between, `_` and `@` dropped.
      let line = '';
      const map: number[] = [];
      for (let i = first; i <= last && line.length <= MAX_LEN; i++) {
        [fs, fe] = lineAt(text, starts, i);
        let s = fs;
        let e = fe;
        if (i > first) while (s < e && (text.charCodeAt(s) === 32 || text.charCodeAt(s) === 9)) s++;
        while (e > s && (text.charCodeAt(e - 1) === 32 || text.charCodeAt(e - 1) === 9)) e--;
        if (i < last && e > s && text.charCodeAt(e - 1) === 95 && /["'`&+][ \t]*_$/.test(text.slice(Math.max(s, e - 8), e))) e--;
        while (e > s && (text.charCodeAt(e - 1) === 32 || text.charCodeAt(e - 1) === 9)) e--;
        // The joining sign at the line's end or start is written `+` (the one the joined rule reads in every language).
        let signEnd = -1;
        if (i < last) {
          const g = SIGN_END.exec(text.slice(s, e));
          if (g !== null) signEnd = s + g.index;
        }
        if (i > first) {
          line += ' ';
          map.push(-1);
          const g = SIGN_START.exec(text.slice(s, e));
          if (g !== null) {
            line += '+';
            map.push(-1);
            s += g[0].length;
          }
        }
        if (signEnd >= 0) e = signEnd;
        for (let k = s; k < e; k++) {
          const c = text.charCodeAt(k);
          // C#'s verbatim `@"…"`: the `@` is no part of the value, and the joined rule reads only `"…"`.
          if (c === 64 && (text.charCodeAt(k + 1) === 34 || text.charCodeAt(k + 1) === 39) && !/\w/.test(text[k - 1] ?? '')) continue;
          line += text[k];
          map.push(k);
        }
        if (signEnd >= 0) {
          line += ' +';
          map.push(-1, -1);
        }
      }
      if (line.length > MAX_LEN) continue;
      const hits: Hit[] = [];
      joinedSecret.scan(line, hits);
      for (const h of hits) {
        // Each hit's characters, back on their lines: one span per run of adjacent source offsets.
        let s = -1;
        let p = -1;
        const flush = () => {
          if (s < 0) return;
          const li = lineOfPos(starts, s);
          addHit(out, li, { start: s - starts[li]!, end: p + 1 - starts[li]!, rule: ID, priority: h.priority });
          s = -1;
        };
        for (let i = h.start; i < h.end; i++) {
          const k = map[i] ?? -1;
          if (k < 0) continue;
          if (s >= 0 && k === p + 1) p = k;
          else {
            flush();
            s = p = k;
          }
        }
        flush();
      }
    }
  },
  samples() {
    const gh = j('gh', 'p_') + rand(ALNUM, 36, 0x21c1);
    return {
      truePositives: [
        { text: `String t = "${gh.slice(0, 12)}" +\n    "${gh.slice(12, 26)}" +\n    "${gh.slice(26)}";`, secrets: [gh.slice(12, 26), gh.slice(26)] },
        { text: `var s = @"${gh.slice(0, 20)}"\n  + @"${gh.slice(20)}";`, secrets: [gh.slice(20)] },
        { text: `Dim k = "${gh.slice(0, 20)}" & _\n  "${gh.slice(20)}"`, secrets: [gh.slice(20)] },
      ],
      falsePositives: [
        'String msg = "Hello, " +\n    name +\n    "! You have " + count + " new messages.";',
        'const sql = "SELECT id, name " +\n  "FROM users " +\n  "WHERE active = 1";',
        'throw new Error("Could not read the configuration file " +\n  "at " + path + ": " + err.message);',
        'local s = "abc" ..\n  "def"',
      ],
    };
  },
};
