// The masker's fast path for block rules that say where their hits can be (BlockRule.window, types.ts).
// Most of a text holds no secret, and a block rule that runs its expressions over the whole text pays for
// every byte of it. A rule with a window is run only on the lines around the matches of its locator (one
// search of the text), each run of lines alone, and its hits and protected lines are moved back to the
// text's line numbers. A rule without one is run on the whole text, as before.
// Threat: a window too small hides a secret from the rule. The promise is the rule's (types.ts BlockWindow);
// windows.test.ts compares each promising rule's windowed scan with its whole-text scan on its samples and on
// seeded mixes of every rule's samples among benign lines.
import { lineOf } from './blocks';
import { reading } from './reading';
import type { BlockOutput, BlockRule, BlockWindow, LineIndex } from './types';

/** The lines of `text[from, to)`, a run of whole lines of a text whose line starts are `starts[first…]`. */
class WindowLines implements LineIndex {
  private arr: number[] | undefined;
  constructor(
    private readonly whole: number[],
    private readonly first: number,
    private readonly last: number,
  ) {}
  starts(): number[] {
    if (this.arr === undefined) {
      const base = this.whole[this.first]!;
      const a: number[] = [];
      for (let li = this.first; li <= this.last; li++) a.push(this.whole[li]! - base);
      this.arr = a;
    }
    return this.arr;
  }
}

/**
 * The windows of `window` in a text with line starts `starts`: [first line, last line] pairs, ascending,
 * each the located lines' reach merged where two touch or overlap.
 */
export function windowsOf(text: string, starts: number[], window: BlockWindow): [number, number][] {
  const out: [number, number][] = [];
  const re = window.locate;
  re.lastIndex = 0;
  const lastLine = starts.length - 1;
  let seen = -1; // the last line a match was found on: the next is searched from the line after it
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex++;
    const li = lineOf(starts, m.index);
    if (li === seen) continue;
    seen = li;
    const a = Math.max(0, li - window.before);
    const b = Math.min(lastLine, li + window.after);
    const cur = out[out.length - 1];
    if (cur !== undefined && a <= cur[1] + 1) cur[1] = Math.max(cur[1], b);
    else out.push([a, b]);
    // The rest of this line can only place the same window.
    const nl = text.indexOf('\n', m.index);
    if (nl < 0) break;
    if (re.lastIndex <= nl) re.lastIndex = nl + 1;
  }
  return out;
}

/**
 * Runs block rule `rule` on `text` into `out`: over the whole text, or, for a rule with a window, over each
 * of its windows alone (`has` answers for the whole text either way). A window sees the lines `out.protect`
 * already holds in it, as the rule would on the whole text.
 */
export function scanBlock(rule: BlockRule, text: string, lines: LineIndex, out: BlockOutput, has: ((literal: string) => boolean) | undefined): void {
  const window = reading.plain ? undefined : rule.window;
  if (window === undefined) {
    if (has !== undefined) rule.scan(text, lines, out, has);
    else rule.scan(text, lines, out);
    return;
  }
  const starts = lines.starts();
  for (const [a, b] of windowsOf(text, starts, window)) {
    const from = starts[a]!;
    // The window's text ends with its last line, without that line's `\n`.
    const to = b + 1 < starts.length ? starts[b + 1]! - 1 : text.endsWith('\n') ? text.length - 1 : text.length;
    const protect = new Set<number>();
    for (const li of out.protect) if (li >= a && li <= b) protect.add(li - a);
    const sub: BlockOutput = { hits: new Map(), protect };
    const subText = text.slice(from, to);
    const subLines = new WindowLines(starts, a, b);
    if (has !== undefined) rule.scan(subText, subLines, sub, has);
    else rule.scan(subText, subLines, sub);
    for (const li of protect) out.protect.add(li + a);
    for (const [li, hits] of sub.hits) {
      const cur = out.hits.get(li + a);
      if (cur === undefined) out.hits.set(li + a, hits);
      else cur.push(...hits);
    }
  }
}
