// Shared benchmark plumbing. Figures are ratios against a baseline measured in the same run, because these
// machines are shared and noisy: absolute times say little, a ratio taken side by side says a lot.
import { performance } from 'node:perf_hooks';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  /** value / baseline.value (or the inverse for throughputs, so that > 1 always means "slower than baseline"… see `better`). */
  ratio?: number;
  /** Relative spread of the runs: (max - min) / median. */
  spread?: number;
  /** The aim, in words, and whether it was met. */
  aim?: { text: string; met: boolean };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export function spread(xs: number[]): number {
  const m = median(xs);
  return m === 0 ? 0 : (Math.max(...xs) - Math.min(...xs)) / m;
}

/** Per-call latencies (µs) of fn over `n` calls, after a warm-up. */
export function latencies(fn: (i: number) => void, n: number, warmup = Math.min(1000, n)): number[] {
  for (let i = 0; i < warmup; i++) fn(i);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn(i);
    out[i] = (performance.now() - t) * 1000;
  }
  return out;
}

export function emit(bench: string, figures: Figure[], extra: Record<string, unknown> = {}): void {
  process.stdout.write(JSON.stringify({ bench, figures, ...extra }, null, 2) + '\n');
}
