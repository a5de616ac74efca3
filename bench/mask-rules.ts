// Where masking's time goes, block rule by block rule (issue #16): `npx tsx bench/mask-rules.ts [--mb 8] [--rounds 3]`.
// Masks the mask bench's tree with the whole masker and times each block rule's `scan` (a windowed rule's every
// window included) and, for a rule with a window (types.ts BlockWindow), its locator's search of the text
// apart; and the forms' gates' pass over each text (gates.ts: one pass of the module per 31 literals, made
// here before the text is masked, so it is not counted in the first rule that asks `holds`). Prints each rule's median over the rounds in ms and as a share of the whole masking time, heaviest
// first: the rules worth a window, and whether a locator costs less than the scan it spares; with how many texts
// each read in the last round (a decoded blob is masked as a text too, so a text may count more than once) and in
// how many it found nothing: a rule that reads every text and finds nothing in nearly all is the one to gate. Wall-clock time
// of this process (run it niced, on an idle machine for numbers to compare; the shares are what travel).
import { performance } from 'node:perf_hooks';
import { BLOCK_RULES, createMasker } from '../src/core/secrets/index';
import { holds } from '../src/core/secrets/rules/gates';
import { buildTree } from './mask';

const arg = (n: string, d: string) => (process.argv.includes(`--${n}`) ? process.argv[process.argv.indexOf(`--${n}`) + 1]! : d);
const mb = Number(arg('mb', '8'));
const rounds = Number(arg('rounds', '3'));
const files = buildTree(mb).files.map((b) => b.toString('utf8'));
const chars = files.reduce((a, f) => a + f.length, 0);

let spent = new Map<string, number>();
const add = (k: string, ms: number) => spent.set(k, (spent.get(k) ?? 0) + ms);
/** Per rule, in the last round: how many texts (windows: each window) it read, and in how many it found nothing. */
let runs = new Map<string, [number, number]>();
for (const rule of BLOCK_RULES) {
  const scan = rule.scan.bind(rule);
  rule.scan = (...a: Parameters<typeof rule.scan>) => {
    const out = a[2];
    const before = out.hits.size + out.protect.size;
    const t0 = performance.now();
    try {
      scan(...a);
    } finally {
      add(rule.id, performance.now() - t0);
      const r = runs.get(rule.id) ?? [0, 0];
      r[0]++;
      if (out.hits.size + out.protect.size === before) r[1]++;
      runs.set(rule.id, r);
    }
  };
  const locate = rule.window?.locate;
  if (locate !== undefined) {
    const exec = locate.exec.bind(locate);
    locate.exec = (s: string) => {
      const t0 = performance.now();
      try {
        return exec(s);
      } finally {
        add(`${rule.id} (locator)`, performance.now() - t0);
      }
    };
  }
}

const m = createMasker();
for (const f of files.slice(0, 50)) m.mask(f);
const totals: number[] = [];
const byRule = new Map<string, number[]>();
for (let r = 0; r < rounds; r++) {
  spent = new Map();
  runs = new Map();
  const t0 = performance.now();
  for (const f of files) {
    const g0 = performance.now();
    holds(f, '{');
    add("(gates' pass, gates.ts)", performance.now() - g0);
    m.mask(f);
  }
  totals.push(performance.now() - t0);
  for (const [k, ms] of spent) byRule.set(k, [...(byRule.get(k) ?? []), ms]);
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const total = med(totals);
process.stdout.write(
  `${(chars / 1e6).toFixed(1)} M chars, ${files.length} texts: masking ${total.toFixed(0)} ms (${(chars / 1e3 / total).toFixed(2)} M chars/s), median of ${rounds}\n`,
);
const rows = [...byRule].map(([k, xs]) => [k, med(xs)] as const).sort((a, b) => b[1] - a[1]);
let listed = 0;
for (const [k, ms] of rows) {
  if (ms / total < 0.002) break;
  listed += k.endsWith('(locator)') || k.startsWith('(') ? 0 : ms;
  const [n, empty] = runs.get(k) ?? [0, 0];
  const r = runs.has(k) ? `  ${String(n).padStart(6)} runs, ${String(empty).padStart(6)} found nothing` : '';
  process.stdout.write(`${k.padEnd(40)} ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%${r}\n`);
}
process.stdout.write(`block rules listed: ${((100 * listed) / total).toFixed(1)}% of masking\n`);
