// Study for a region fast path (issue #16): would masking only the lines around a trigger give main's output?
//   npx tsx bench/mask-regions.ts [--mb 8] [--radius 3] [--mixes 400]
// Triggers: the pre-scan's candidate lines and every line holding a literal some block rule is gated on or
// asks about (the forms' registered gates, the block rules' gates and literals, the masker's HAS_LITERALS).
// Regions: the trigger lines ± radius lines, merged; each region is masked alone (one shared numbering, in
// order) and the text rebuilt. Compared with masking the whole text on the bench tree and on seeded mixes of
// every rule's true-positive samples set among benign source lines. Prints the share of bytes in regions,
// the texts that differ and the rules whose findings the regions lost or changed, and the time of the
// trigger scan (one combined regex) against the whole-text masker's.
import { ALL_RULES, BLOCK_RULES } from '../src/core/secrets/index';
import { HAS_LITERALS, MaskSession, createMasker } from '../src/core/secrets/masker';
import { candidateLines, GATES } from '../src/core/secrets/prefilter';
import { registeredGates } from '../src/core/secrets/rules/gates';
import { prng } from '../src/core/secrets/samples';
import { buildTree } from './mask';

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const radius = Number(arg('radius', '3'));
const masker = createMasker();

const literals = [
  ...new Set([
    ...registeredGates(),
    ...GATES,
    ...HAS_LITERALS,
    ...BLOCK_RULES.flatMap((r) => [typeof r.gate === 'string' ? r.gate : '', ...(r.literals ?? [])]),
  ]),
].filter((l) => l !== '');
const TRIGGER = new RegExp(literals.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');

function lineStarts(t: string): number[] {
  const a = [0];
  for (let i = t.indexOf('\n'); i >= 0; i = t.indexOf('\n', i + 1)) a.push(i + 1);
  return a;
}
function lineOf(starts: number[], p: number): number {
  let lo = 0,
    hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The trigger lines' regions as [first line, last line] pairs. */
function regions(t: string): [number, number][] {
  const starts = lineStarts(t);
  const hot = new Set<number>();
  for (const s of candidateLines(t)) hot.add(lineOf(starts, s));
  TRIGGER.lastIndex = 0;
  for (let m = TRIGGER.exec(t); m !== null; m = TRIGGER.exec(t)) hot.add(lineOf(starts, m.index));
  const out: [number, number][] = [];
  for (const li of [...hot].sort((a, b) => a - b)) {
    const a = Math.max(0, li - radius),
      b = Math.min(starts.length - 1, li + radius);
    const last = out[out.length - 1];
    if (last !== undefined && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function maskRegions(t: string): { text: string; rules: string[]; bytes: number } {
  const starts = lineStarts(t);
  const session = new MaskSession();
  const pieces: string[] = [];
  const rules: string[] = [];
  let prev = 0,
    bytes = 0;
  for (const [a, b] of regions(t)) {
    const s = starts[a]!;
    const e = b + 1 < starts.length ? starts[b + 1]! - 1 : t.length;
    const r = masker.maskInSession(t.slice(s, e), session);
    pieces.push(t.slice(prev, s), r.text);
    for (const f of r.findings) rules.push(f.rule);
    bytes += e - s;
    prev = e;
  }
  pieces.push(t.slice(prev));
  return { text: pieces.join(''), rules, bytes };
}

function compare(name: string, texts: string[]): void {
  let differ = 0,
    bytes = 0,
    total = 0;
  const lost = new Map<string, number>();
  for (const t of texts) {
    const full = masker.mask(t);
    const reg = maskRegions(t);
    total += t.length;
    bytes += reg.bytes;
    if (full.text === reg.text) continue;
    differ++;
    const count = (xs: string[]) => xs.reduce((m, r) => m.set(r, (m.get(r) ?? 0) + 1), new Map<string, number>());
    const a = count(full.findings.map((f) => f.rule)),
      b = count(reg.rules);
    for (const r of new Set([...a.keys(), ...b.keys()])) if ((a.get(r) ?? 0) !== (b.get(r) ?? 0)) lost.set(r, (lost.get(r) ?? 0) + 1);
  }
  console.log(
    JSON.stringify({
      corpus: name,
      texts: texts.length,
      differ,
      regionBytes: Math.round((1000 * bytes) / total) / 10 + '%',
      rulesDiffering: Object.fromEntries([...lost].sort((x, y) => y[1] - x[1])),
    }),
  );
}

const tree = buildTree(Number(arg('mb', '8'))).files.map((b) => b.toString('utf8'));
const benign = tree.flatMap((t) => t.split('\n')).filter((l) => candidateLines(l).length === 0 && !TRIGGER.test(l));
const samples = ALL_RULES.flatMap((r) => r.samples().truePositives.map((tp) => tp.text));
const r = prng(1616);
const mixes: string[] = [];
for (let k = 0; k < Number(arg('mixes', '400')); k++) {
  const lines: string[] = [];
  for (let i = 0, n = 40 + Math.floor(r() * 200); i < n; i++)
    lines.push(r() < 0.05 ? samples[Math.floor(r() * samples.length)]! : benign[Math.floor(r() * benign.length)]!);
  mixes.push(lines.join('\n'));
}
compare('tree', tree);
compare('mixes', mixes);

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const mb = tree.reduce((n, t) => n + t.length, 0) / 1e6;
let c = cpu();
for (const t of tree) masker.mask(t);
const whole = cpu() - c;
c = cpu();
for (const t of tree) {
  TRIGGER.lastIndex = 0;
  while (TRIGGER.exec(t) !== null);
}
const trig = cpu() - c;
c = cpu();
for (const t of tree) maskRegions(t);
const reg = cpu() - c;
console.log(
  JSON.stringify({
    literals: literals.length,
    wholeMBps: Math.round(mb / (whole / 1000)),
    triggerRegexMBps: Math.round(mb / (trig / 1000)),
    regionsMBps: Math.round(mb / (reg / 1000)),
  }),
);
