// Where the forms' time goes, form by form (issue #16): `npx tsx bench/mask-forms.ts [--mb 4] [--rounds 3] [--top 40]`.
// mask-rules.ts times each block rule; the form rules (secret-by-form, secret-by-word, label-grammar, carriers…)
// are each a list of forms (rules/form-scan.ts Form), and this times each form's `scanForm` apart: its gate
// checks, its search for the lines holding a gate (or its run over the whole text) and its regex. The secrets
// module is bundled with a timer wrapped around scanForm at bundle time (an esbuild plugin edits form-scan.ts
// in memory: the source stays as it is). The gates' pass (gates.ts) is made before each text is masked, as
// mask-rules.ts does, so it is not counted in the first form that asks `holds`. Prints each form's median over
// the rounds (ms, share of the whole masking time, texts read), heaviest first, and the sums of line forms
// (`L`, run on the lines holding a gate) and whole-text forms (`T`). Wall-clock time of this process: the
// shares are what travel.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildTree } from './mask';

const arg = (n: string, d: string) => (process.argv.includes(`--${n}`) ? process.argv[process.argv.indexOf(`--${n}`) + 1]! : d);

/** One form's time and calls, keyed by the form object. */
type Tally = Map<object, { name: string; ms: number; calls: number }>;
interface Bundle {
  createMasker(): { mask(text: string): unknown };
  holds(text: string, gate: string): boolean;
  formTally: { current: Tally | undefined };
}

const SCAN_FORM = 'export function scanForm(f: Form, text: string, index: LineIndex, out: BlockOutput, rule: string): void {';

/** The secrets module with scanForm timed (the original body renamed, a timing wrapper in its place). */
async function load(): Promise<Bundle> {
  const src = path.join(__dirname, '../src/core/secrets');
  const dir = mkdtempSync(path.join(tmpdir(), 'ag-mask-forms-'));
  try {
    const out = path.join(dir, 'secrets.cjs');
    await build({
      stdin: {
        contents: `export { createMasker } from './index'; export { holds } from './rules/gates'; export { formTally } from './rules/form-scan';`,
        resolveDir: src,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: out,
      logLevel: 'error',
      plugins: [
        {
          name: 'time-forms',
          setup(b) {
            b.onLoad({ filter: /rules[\\/]form-scan\.ts$/ }, (a) => {
              const text = readFileSync(a.path, 'utf8');
              if (!text.includes(SCAN_FORM)) throw new Error('bench/mask-forms.ts: scanForm’s signature changed; update SCAN_FORM');
              const timed = `export const formTally: { current: Map<object, { name: string; ms: number; calls: number }> | undefined } = { current: undefined };
export function scanForm(f: Form, text: string, index: LineIndex, out: BlockOutput, rule: string): void {
  const t = formTally.current;
  if (t === undefined) return scanFormUntimed(f, text, index, out, rule);
  const t0 = performance.now();
  scanFormUntimed(f, text, index, out, rule);
  let r = t.get(f);
  if (r === undefined) t.set(f, (r = { name: rule + (f.line === true ? ' L ' : ' T ') + JSON.stringify(f.gates.slice(0, 4)) + ' ' + f.re.source.slice(0, 70), ms: 0, calls: 0 }));
  r.ms += performance.now() - t0;
  r.calls++;
}
function scanFormUntimed(f: Form, text: string, index: LineIndex, out: BlockOutput, rule: string): void {`;
              return { contents: text.replace(SCAN_FORM, timed), loader: 'ts' };
            });
          },
        },
      ],
    });
    return require(out) as Bundle;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

(async () => {
  const mb = Number(arg('mb', '4'));
  const rounds = Number(arg('rounds', '3'));
  const top = Number(arg('top', '40'));
  const files = buildTree(mb).files.map((b) => b.toString('utf8'));
  const chars = files.reduce((a, f) => a + f.length, 0);
  const s = await load();
  const m = s.createMasker();
  for (const f of files) m.mask(f);
  const totals: number[] = [];
  const perForm = new Map<object, { name: string; ms: number[]; calls: number }>();
  for (let r = 0; r < rounds; r++) {
    const tally: Tally = new Map();
    let total = 0;
    for (const f of files) {
      s.holds(f, '{');
      s.formTally.current = tally;
      const t0 = performance.now();
      m.mask(f);
      total += performance.now() - t0;
      s.formTally.current = undefined;
    }
    totals.push(total);
    for (const [k, v] of tally) {
      const e = perForm.get(k) ?? { name: v.name, ms: [], calls: 0 };
      e.ms.push(v.ms);
      e.calls = v.calls;
      perForm.set(k, e);
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const total = med(totals);
  const rows = [...perForm.values()].map((e) => ({ name: e.name, ms: med(e.ms), calls: e.calls })).sort((a, b) => b.ms - a.ms);
  const sum = (rs: typeof rows) => rs.reduce((a, r) => a + r.ms, 0);
  const pct = (ms: number) => `${((100 * ms) / total).toFixed(1)}%`;
  const lines = rows.filter((r) => r.name.includes(' L '));
  const texts = rows.filter((r) => r.name.includes(' T '));
  process.stdout.write(
    `${(chars / 1e6).toFixed(1)} M chars, ${files.length} texts: masking ${total.toFixed(0)} ms, median of ${rounds}; ${rows.length} forms ${sum(rows).toFixed(0)} ms (${pct(sum(rows))}): ` +
      `line forms ${lines.length} ${pct(sum(lines))}, whole-text forms ${texts.length} ${pct(sum(texts))}\n`,
  );
  for (const r of rows.slice(0, top))
    process.stdout.write(`${r.ms.toFixed(1).padStart(7)} ms ${pct(r.ms).padStart(6)} ${String(r.calls).padStart(5)} ${r.name}\n`);
})();
