// Where block rules put what they found: hits by line, offsets within the line.
import type { BlockOutput, Hit } from '../types';

/** A block rule's hit on line `line` (offsets within that line). */
export function addHit(out: BlockOutput, line: number, hit: Hit): void {
  const list = out.hits.get(line);
  if (list === undefined) out.hits.set(line, [hit]);
  else list.push(hit);
}
