// Where masking's time goes, line by line (issue #16): `npx tsx bench/mask-lines.ts [--mb 8] [--rounds 3]`.
// Splits the mask bench's tree into lines and sorts them by what the masker's gates see in them: a line holding
// no literal any rule is gated on or asks about (the forms' registered gates, the block rules' gates and
// literals, the masker's HAS_LITERALS, the pre-scan's GATES) and no pre-scan candidate ("cold"), and the rest
// ("hot"). Prints the share of lines and bytes of each, then masks texts made only of cold lines and only of hot
// lines (the tree's own lines, in its order, cut into texts of the tree's mean size) and prints the CPU time per
// line and per MB of each, with the read-and-split floor on the same texts: what a line no gate passes costs,
// and what one that passes does.
import { BLOCK_RULES, createMasker } from '../src/core/secrets/index';
import { HAS_LITERALS } from '../src/core/secrets/masker';
import { candidateLines, GATES } from '../src/core/secrets/prefilter';
import { registeredGates } from '../src/core/secrets/rules/gates';
import { buildTree } from './mask';

const arg = (n: string, d: string) => (process.argv.includes(`--${n}`) ? process.argv[process.argv.indexOf(`--${n}`) + 1]! : d);
const mb = Number(arg('mb', '8'));
const rounds = Number(arg('rounds', '3'));
const files = buildTree(mb).files.map((b) => b.toString('utf8'));
const masker = createMasker();

const literals = [
  ...new Set([
    ...registeredGates(),
    ...GATES,
    ...HAS_LITERALS,
    ...BLOCK_RULES.flatMap((r) => [typeof r.gate === 'string' ? r.gate : '', ...(r.literals ?? [])]),
  ]),
].filter((l) => l !== '');
const TRIGGER = new RegExp(literals.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

const hot: string[] = [];
const cold: string[] = [];
let hotBytes = 0,
  coldBytes = 0;
for (const f of files) {
  const cands = new Set(candidateLines(f));
  let ls = 0;
  for (const line of f.split('\n')) {
    if (cands.has(ls) || TRIGGER.test(line)) {
      hot.push(line);
      hotBytes += line.length + 1;
    } else {
      cold.push(line);
      coldBytes += line.length + 1;
    }
    ls += line.length + 1;
  }
}
const all = hot.length + cold.length;
const pct = (a: number, b: number) => ((100 * a) / b).toFixed(1) + '%';
process.stdout.write(
  `${files.length} texts, ${all} lines, ${literals.length} gate literals\n` +
    `lines holding a gate literal or a pre-scan candidate: ${hot.length} (${pct(hot.length, all)} of lines, ${pct(hotBytes, hotBytes + coldBytes)} of bytes)\n`,
);

const meanChars = (hotBytes + coldBytes) / files.length;
function texts(lines: string[]): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let n = 0;
  for (const l of lines) {
    cur.push(l);
    n += l.length + 1;
    if (n >= meanChars) {
      out.push(cur.join('\n') + '\n');
      cur = [];
      n = 0;
    }
  }
  if (cur.length > 0) out.push(cur.join('\n') + '\n');
  return out;
}
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const med = (x: number[]) => [...x].sort((a, b) => a - b)[x.length >> 1]!;
for (const [name, lines] of [
  ['cold (no gate)', cold],
  ['hot (a gate)', hot],
] as const) {
  const bufs = texts(lines).map((t) => Buffer.from(t));
  const bytes = bufs.reduce((a, b) => a + b.length, 0);
  const floor: number[] = [],
    mask: number[] = [];
  for (const b of bufs) masker.mask(b.toString('utf8'));
  for (let r = 0; r < rounds; r++) {
    let c0 = cpu();
    for (const b of bufs) b.toString('utf8').split('\n');
    floor.push(cpu() - c0);
    c0 = cpu();
    for (const b of bufs) masker.mask(b.toString('utf8'));
    mask.push(cpu() - c0);
  }
  const m = med(mask),
    f = med(floor);
  process.stdout.write(
    `${name.padEnd(15)} ${String(lines.length).padStart(7)} lines ${(bytes / 1e6).toFixed(2)} MB: masking ${m.toFixed(0)} ms ` +
      `(${((1e6 * m) / lines.length).toFixed(0)} ns/line, ${(m / (bytes / 1e6)).toFixed(0)} ms/MB), floor ${f.toFixed(0)} ms, floor ÷ masking ${(f / m).toFixed(3)}\n`,
  );
}
