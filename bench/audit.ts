// Audit append throughput (records/s, hash chain and cross-process lock included) with 1 writer appending
// one record after another (each awaited, as a tool call awaits its record) and with 50 concurrent writers,
// and a check that nothing was lost and the chain verifies. Baseline (same run): appending the same JSON lines
// with fs.promises.appendFile, no chain, no lock.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type AuditRecord, verifyChain } from '../src/core/audit';
import { AuditWriter } from '../src/node/auditWriter';
import { emit, type Figure, median, spread } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const N = Number(process.env.BENCH_AUDIT_N ?? 10_000);

function rec(i: number): AuditRecord {
  return {
    v: 1,
    time: new Date().toISOString(),
    session: 'bench',
    callId: `c${i}`,
    agent: 'bench',
    channel: 'tool',
    tool: 'agentguard_readFile',
    op: 'read',
    args: { path: `src/file-${i}.ts`, startLine: 1, endLine: 200 },
    decision: 'allow',
    rule: 'path:default',
    reason: 'no rule protects this path',
    decidedBy: 'rule',
    policy: 'abcdef0123456789',
    durationMs: 0.4,
  };
}

async function baseline(file: string, concurrency: number): Promise<number> {
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < N) {
        const i = next++;
        await fs.promises.appendFile(file, JSON.stringify(rec(i)) + '\n');
      }
    }),
  );
  return N / ((performance.now() - t) / 1000);
}

async function guarded(file: string, concurrency: number, writers: number): Promise<{ rate: number; lost: number; ok: boolean }> {
  const ws = Array.from({ length: writers }, () => new AuditWriter(file));
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, k) => {
      while (next < N) {
        const i = next++;
        await ws[k % writers].append(rec(i));
      }
    }),
  );
  const rate = N / ((performance.now() - t) / 1000);
  const text = fs.readFileSync(file, 'utf8');
  const v = verifyChain(text);
  const ids = new Set(
    text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).callId),
  );
  return { rate, lost: N - ids.size, ok: v.ok && v.records === N };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-audit-'));
  const figures: Figure[] = [];
  try {
    for (const [label, concurrency, writers] of [
      ['1 writer', 1, 1],
      ['50 concurrent writers (one process, one log)', 50, 50],
    ] as const) {
      const g: number[] = [],
        b: number[] = [];
      let lost = 0;
      let ok = true;
      for (let r = 0; r < RUNS; r++) {
        const bf = path.join(dir, `b-${label.length}-${r}.jsonl`);
        const gf = path.join(dir, `g-${label.length}-${r}.jsonl`);
        b.push(await baseline(bf, concurrency));
        const res = await guarded(gf, concurrency, writers);
        g.push(res.rate);
        lost += res.lost;
        ok &&= res.ok;
      }
      figures.push({
        name: `audit append, ${label}`,
        value: median(g),
        unit: 'records/s',
        baseline: { name: 'fs.appendFile of the same lines (no chain, no lock)', value: median(b) },
        ratio: median(b) / median(g),
        spread: spread(g),
        aim:
          concurrency === 1
            ? { text: 'at least 20,000 records/s, nothing lost, chain verifies', met: median(g) >= 20_000 && lost === 0 && ok }
            : { text: 'nothing lost, chain verifies', met: lost === 0 && ok },
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  emit('audit', figures, { records: N, runs: RUNS });
}
void main();
