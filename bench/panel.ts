// Panel benchmark: what the panel's host does with a 100,000-record audit log.
//   npx tsx bench/panel.ts [--records N] [--runs N]
// - first page: opening the panel until the host has the first 200 rows to send (the newest, read back from
//   the end of the file), against the whole log read first and then paged (how the panel opened before);
// - load: AuditModel's first read (parse, chain check, rows, filter text), side by side with verifyChain on
//   the same text (what `agentguard audit verify` does: the floor for anything that checks the chain);
// - page: one page of 200 rows (what the webview asks for while scrolling), newest first, p50/p99;
// - filter: a text filter over every record (the first keystroke after a change; later pages reuse it);
// - append: reading 10 records appended by another writer.
// The webview itself draws only the rows on screen (fixed row height), so its cost does not grow with N;
// test/e2e/panel.e2e.mjs checks that on a 100,000-record log in the real workbench.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { chainLines, GENESIS, verifyChain, type AuditRecord } from '../src/core/audit';
import { AuditModel } from '../src/vscode/panel/auditModel';
import { emit, latencies, median, percentile, spread } from './lib';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(process.argv[i + 1]);
}
const N = arg('records', 100_000);
const RUNS = arg('runs', 5);

function rec(i: number): AuditRecord {
  const exec = i % 3 === 0;
  return {
    v: 1,
    time: new Date(1_700_000_000_000 + i * 500).toISOString(),
    session: 's',
    callId: `call-${i}`,
    agent: i % 2 ? 'copilot' : 'claude-code',
    channel: i % 2 ? 'tool' : 'hook',
    tool: exec ? 'agentguard_runCommand' : 'agentguard_editFile',
    op: exec ? 'exec' : 'write',
    args: exec ? { command: `npm test -- --grep case${i}` } : { path: `src/module${i % 400}.ts`, oldString: 'return a + b;', newString: 'return b + a;' },
    decision: i % 17 === 0 ? 'deny' : 'allow',
    rule: i % 17 === 0 ? 'path:tests' : 'path:default',
    reason: i % 17 === 0 ? 'Tests are the specification. Change the code under test, not the tests.' : 'no rule protects this path',
    decidedBy: 'rule',
    policy: 'f'.repeat(64),
    durationMs: i % 90,
    outcome: 'ok',
  };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-panel-'));
  try {
    const file = path.join(dir, 'audit.jsonl');
    const { text, last } = chainLines(
      Array.from({ length: N }, (_, i) => rec(i)),
      GENESIS,
    );
    fs.writeFileSync(file, text);
    const bytes = fs.statSync(file).size;

    const load: number[] = [];
    const verify: number[] = [];
    let model: AuditModel | undefined;
    for (let r = 0; r < RUNS; r++) {
      // Alternate, so machine noise hits both.
      let t = performance.now();
      const v = verifyChain(fs.readFileSync(file, 'utf8'));
      verify.push(performance.now() - t);
      if (!v.ok) throw new Error('generated log does not verify');
      t = performance.now();
      const m = new AuditModel(file);
      m.refresh();
      load.push(performance.now() - t);
      if (m.rows.length !== N || !m.chain.ok) throw new Error('model did not load the log');
      model = m;
    }
    const m = model!;
    // First paint: a fresh model, the newest page from the end of the file; against reading it all first.
    const firstPage: number[] = [];
    const wholeFirst: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      let t = performance.now();
      const fresh = new AuditModel(file);
      fresh.readTail(200);
      const p = fresh.page({}, 0, 200);
      firstPage.push(performance.now() - t);
      if (p.rows.length !== 200 || p.rows[0].callId !== `call-${N - 1}`) throw new Error('tail page is not the newest 200 records');
      t = performance.now();
      const whole = new AuditModel(file);
      await whole.refreshAsync();
      whole.page({}, 0, 200);
      wholeFirst.push(performance.now() - t);
    }
    // What the panel does: the same load in slices; the longest the event loop (every tool call) waits.
    const asyncLoad: number[] = [];
    const stalls: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const h = monitorEventLoopDelay({ resolution: 1 });
      h.enable();
      const t = performance.now();
      const am = new AuditModel(file);
      await am.refreshAsync();
      asyncLoad.push(performance.now() - t);
      h.disable();
      stalls.push(h.max / 1e6);
      if (am.rows.length !== N) throw new Error('async load incomplete');
    }
    const pages = latencies((i) => m.page({}, ((i * 7919) % (N / 200)) * 200, 200), 2000, 200).map((us) => us / 1000);
    const filterMs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t = performance.now();
      m.page({ text: `case${r}1` }, 0, 200);
      filterMs.push(performance.now() - t);
    }
    const pageBytes = Buffer.byteLength(JSON.stringify(m.page({}, 0, 200)));
    // 10 records appended by another writer, chained onto the tail.
    const { text: more } = chainLines(
      Array.from({ length: 10 }, (_, i) => rec(N + i)),
      last,
    );
    fs.appendFileSync(file, more);
    let t = performance.now();
    const added = m.refresh();
    const appendMs = performance.now() - t;
    if (added !== 10 || !m.chain.ok) throw new Error('append not seen');
    t = performance.now();
    m.page({}, 0, 200);
    const pageAfterAppend = performance.now() - t;

    const loadMed = median(load);
    const verifyMed = median(verify);
    emit(
      'panel',
      [
        {
          name: `panel: first page of ${N.toLocaleString()} records ready to draw (newest 200, read from the end)`,
          value: Math.round(median(firstPage) * 10) / 10,
          unit: 'ms',
          baseline: { name: 'the whole log read first, then paged (as the panel opened before)', value: Math.round(median(wholeFirst)) },
          ratio: Math.round((median(firstPage) / median(wholeFirst)) * 1000) / 1000,
          spread: Math.round(spread(firstPage) * 100) / 100,
          aim: { text: 'under 500 ms', met: median(firstPage) < 500 },
        },
        {
          name: `panel: load ${N.toLocaleString()} records`,
          value: Math.round(loadMed),
          unit: 'ms',
          baseline: { name: 'verifyChain (audit verify)', value: Math.round(verifyMed) },
          ratio: Math.round((loadMed / verifyMed) * 100) / 100,
          spread: Math.round(spread(load) * 100) / 100,
        },
        {
          name: `panel: sliced load ${N.toLocaleString()} records (as the panel does)`,
          value: Math.round(median(asyncLoad)),
          unit: 'ms',
          baseline: { name: 'verifyChain (audit verify)', value: Math.round(verifyMed) },
          ratio: Math.round((median(asyncLoad) / verifyMed) * 100) / 100,
        },
        {
          name: 'panel: longest event-loop stall during the sliced load',
          value: Math.round(Math.max(...stalls) * 10) / 10,
          unit: 'ms',
          aim: { text: 'under 50 ms (no visible hitch in the extension host)', met: Math.max(...stalls) < 50 },
        },
        { name: 'panel: page of 200 rows p50', value: Math.round(median(pages) * 1000) / 1000, unit: 'ms' },
        { name: 'panel: page of 200 rows p99', value: Math.round(percentile(pages, 99) * 1000) / 1000, unit: 'ms' },
        { name: `panel: text filter over ${N.toLocaleString()} records`, value: Math.round(median(filterMs) * 10) / 10, unit: 'ms' },
        { name: 'panel: read 10 appended records', value: Math.round(appendMs * 100) / 100, unit: 'ms' },
      ],
      {
        records: N,
        logBytes: bytes,
        pageBytes,
        pageAfterAppendMs: Math.round(pageAfterAppend * 100) / 100,
        runs: { firstPage, wholeFirst, load, verify, filterMs, asyncLoad, stalls },
      },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
