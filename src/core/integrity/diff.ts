// A line diff, for showing a person the lines an edit changed and for finding the changed lines that hold what
// a detector counts. Myers' O((N+M)·D) algorithm on the middle left after the common prefix and suffix; past
// MAX_D edits the middle is reported as removed then added (coarser, never wrong about what changed).

export interface ChangedLine {
  /** '-' a line of the old text that is gone, '+' a line of the new text that was added. */
  side: '-' | '+';
  /** 1-based line number in the old text ('-') or the new text ('+'). */
  line: number;
  text: string;
}

const MAX_D = 2000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** The lines removed from `a` and added in `b`, in order of position. */
export function diffLines(a: readonly string[], b: readonly string[]): ChangedLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: ChangedLine[] = [];
  const ops = myers(a.slice(start, endA), b.slice(start, endB));
  if (!ops) {
    for (let i = start; i < endA; i++) out.push({ side: '-', line: i + 1, text: a[i] });
    for (let j = start; j < endB; j++) out.push({ side: '+', line: j + 1, text: b[j] });
    return out;
  }
  for (const op of ops) out.push({ ...op, line: op.line + start });
  return out;
}

/** Edit script of a → b, or undefined when it needs more than MAX_D edits. */
function myers(a: readonly string[], b: readonly string[]): ChangedLine[] | undefined {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) {
    return [...a.map((text, i) => ({ side: '-' as const, line: i + 1, text })), ...b.map((text, j) => ({ side: '+' as const, line: j + 1, text }))];
  }
  const max = Math.min(n + m, MAX_D);
  const offset = max;
  let v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
    v = next;
  }
  return undefined;
}

function backtrack(trace: Int32Array[], a: readonly string[], b: readonly string[], offset: number, dEnd: number): ChangedLine[] {
  const out: ChangedLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
    }
    if (x === prevX) out.push({ side: '+', line: prevY + 1, text: b[prevY] });
    else out.push({ side: '-', line: prevX + 1, text: a[prevX] });
    x = prevX;
    y = prevY;
  }
  return out.reverse();
}
