// What the test-integrity step adds to a guarded edit: a 1 KB editFile through the whole pipeline (invokeTool →
// GuardService.run → decide, integrity step, handler, audit append) on a real workspace, against the same edit
// by the same tool with the step switched off (its spec without `effects`), in the same run. Calls alternate
// between the two in each round so machine noise hits both. Two files: ordinary source (the step reads the
// file, computes the edit and runs the detectors, which find nothing to count), and a 1 KB test file outside
// every test glob (the detectors count tests, assertions, skips on both sides), edited harmlessly.
//
//   npx tsx bench/integrity.ts [--runs R] [--n N]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ToolSpec } from '../src/core/chain';
import { GuardService } from '../src/node/guardService';
import { invokeTool, TOOLS, toolEnvOf } from '../src/node/tools';
import type { AnyTool } from '../src/node/tools/guardedTool';
import { emit, type Figure, median, spread } from './lib';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}
const RUNS = arg('runs', 5);
const N = arg('n', 400);

const pad = (lines: string[]) => {
  let i = 0;
  while (lines.join('\n').length < 1024) lines.push(`export const filler${i} = ${i++};`);
  return lines.join('\n') + '\n';
};
const SOURCE = pad(['export function add(a: number, b: number): number {', '  return a + b;', '}', '']);
const TESTS = pad([
  "import { add } from './app';",
  '',
  ...Array.from({ length: 8 }, (_, i) => [`it('adds ${i}', () => {`, `  expect(add(${i}, 1)).toBe(${i + 1});`, '});', ''].join('\n')),
]);

async function main() {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-integrity-')));
  try {
    const ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'src/app.ts'), SOURCE);
    fs.writeFileSync(path.join(ws, 'src/checks.ts'), TESTS);
    const service = new GuardService({ workspace: ws, home: root, auditPath: path.join(root, 'audit.jsonl') });
    const env = toolEnvOf(service);
    const withStep = TOOLS.editFile as AnyTool;
    const without: AnyTool = {
      ...withStep,
      spec(e) {
        const s = withStep.spec(e) as ToolSpec<unknown>;
        return { ...s, effects: undefined };
      },
    };
    // Each edit flips one token back and forth, so every call changes the file and succeeds.
    const flip = (file: string, a: string, b: string) => {
      let on = false;
      return () => {
        on = !on;
        return { path: file, oldString: on ? a : b, newString: on ? b : a };
      };
    };
    const cases = [
      { label: 'ordinary source', next: flip('src/app.ts', 'return a + b;', 'return b + a;') },
      { label: 'a test file outside the test globs', next: flip('src/checks.ts', "it('adds 3'", "it('adds three'") },
    ];
    const who = { agent: 'bench', channel: 'tool' as const };
    const one = async (tool: AnyTool, input: object) => {
      const t = performance.now();
      const a = await invokeTool(service, env, tool, input, who);
      const us = (performance.now() - t) * 1000;
      if (a.status !== 'ok') throw new Error(`the benchmark edit was not allowed: ${a.text}`);
      return us;
    };
    const figures: Figure[] = [];
    const detail: Record<string, unknown> = {};
    for (const c of cases) {
      for (let i = 0; i < 50; i++) {
        await one(withStep, c.next());
        await one(without, c.next());
      }
      const runs: { on: number; off: number }[] = [];
      for (let r = 0; r < RUNS; r++) {
        const on: number[] = [];
        const off: number[] = [];
        for (let i = 0; i < N; i++) {
          if (i % 2) {
            on.push(await one(withStep, c.next()));
            off.push(await one(without, c.next()));
          } else {
            off.push(await one(without, c.next()));
            on.push(await one(withStep, c.next()));
          }
        }
        runs.push({ on: median(on), off: median(off) });
      }
      const on = median(runs.map((x) => x.on));
      const off = median(runs.map((x) => x.off));
      const ratio = on / off;
      detail[c.label] = { runs, medianWithUs: on, medianWithoutUs: off };
      figures.push({
        name: `guarded 1 KB edit with the test-integrity step (${c.label}), median per call`,
        value: Math.round(on),
        unit: 'µs',
        baseline: { name: 'the same edit without the step (same run)', value: Math.round(off) },
        ratio: Math.round(ratio * 100) / 100,
        spread: Math.round(spread(runs.map((x) => x.on / x.off)) * 100) / 100,
        aim: { text: 'the step adds at most 25% to a guarded edit', met: ratio <= 1.25 },
      });
    }
    emit('integrity', figures, { detail, n: N, runs: RUNS, fileBytes: { source: SOURCE.length, tests: TESTS.length } });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`bench/integrity: ${(e as Error).stack ?? e}\n`);
  process.exitCode = 1;
});
