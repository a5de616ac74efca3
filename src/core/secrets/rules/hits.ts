// Where block rules put what they found: hits by line, offsets within the line.
import { lineOf } from '../blocks';
import type { BlockOutput, Hit, LineIndex } from '../types';

/** A block rule's hit on line `line` (offsets within that line). */
export function addHit(out: BlockOutput, line: number, hit: Hit): void {
  const list = out.hits.get(line);
  if (list === undefined) out.hits.set(line, [hit]);
  else list.push(hit);
}

/**
 * Each line of `text` holding a match of `re` (global), once and in order: `visit(li, starts)`. A block rule that
 * hands the lines its gate words find to a line rule reads each such line once, however many words it holds.
 */
export function eachMatchLine(re: RegExp, text: string, index: LineIndex, visit: (li: number, starts: number[]) => void): void {
  let starts: number[] | undefined;
  let last = -1;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    starts ??= index.starts();
    const li = lineOf(starts, m.index);
    if (li === last) continue;
    last = li;
    visit(li, starts);
  }
}
