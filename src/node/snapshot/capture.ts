// Copying baseline content into the store, after the manifest is taken, in short background slices.
//
// Why not during the baseline walk: reading every text file is I/O the manifest does not need. Measured on
// the 100k-file bench tree with a cold page cache, the read() calls alone took ~25 s of a ~40 s baseline;
// the manifest itself is well under a second or two. So the manifest is ready at once and the content
// follows, smallest files first (more files fit under the total cap), one ~25 ms slice at a time between
// the snapshot's other work.
//
// Sound, not just fast: a file is copied only while its fstat still equals its baseline manifest entry
// (same inode, size, mtime, ctime), so what is kept is the baseline, never a later version. A file changed
// before its turn simply has no baseline content (the diff editor then says so). For a file whose
// baseline observation was racy, the copy must also hash to the baseline hash taken at session start.
// A file tool that names its paths gets them copied first (`captureNow` from beginCall), so the files an
// agent edits by name always have their baseline; a shell command can outrun the background copy.
import type { ManifestEntry } from '../../core/snapshot/types';
import { isKnownBinaryPath } from '../../core/snapshot/classify';
import type { BaselineStore } from './store';

interface Candidate {
  rel: string;
  abs: string;
  size: number;
}

export interface CaptureStats {
  pending: number;
  storedFiles: number;
  storedBytes: number;
  /** Not kept: the total cap was reached. */
  skippedForTotal: number;
  /** Not kept: the file had already changed when its turn came. */
  skippedChanged: number;
  /** Milliseconds from the start of the capture to its end (undefined while running). */
  ms: number | undefined;
}

export class ContentCapture {
  private readonly queue: Candidate[];
  private next = 0;
  private readonly attempted = new Set<string>();
  private readonly t0 = performance.now();
  private doneMs: number | undefined;
  private skippedChanged = 0;

  constructor(
    private readonly store: BaselineStore,
    private readonly baseline: ReadonlyMap<string, ManifestEntry>,
    private readonly racy: ReadonlySet<string>,
    files: Iterable<{ rel: string; abs: string; kind: string; size: number }>,
    shouldCapture: ((rel: string) => boolean) | undefined,
  ) {
    const q: Candidate[] = [];
    for (const e of files) {
      if (e.kind !== 'file' || e.size > store.limits.maxFileBytes || isKnownBinaryPath(e.rel)) continue;
      if (shouldCapture !== undefined && !safe(shouldCapture, e.rel)) continue;
      q.push({ rel: e.rel, abs: e.abs, size: e.size });
    }
    q.sort((a, b) => a.size - b.size);
    this.queue = q;
    if (q.length === 0) this.finish();
  }

  get remaining(): number {
    return this.queue.length - this.next;
  }

  stats(): CaptureStats {
    return {
      pending: this.remaining,
      storedFiles: this.store.filesStored,
      storedBytes: this.store.bytesStored,
      skippedForTotal: this.store.skippedForTotal,
      skippedChanged: this.skippedChanged,
      ms: this.doneMs,
    };
  }

  /** Copy these now if they are still waiting (a file tool is about to write them). */
  captureNow(items: readonly { rel: string; abs: string }[]): void {
    for (const { rel, abs } of items) {
      if (this.attempted.has(rel) || this.store.has(rel)) continue;
      const base = this.baseline.get(rel);
      if (base === undefined || base.kind !== 'file' || base.size > this.store.limits.maxFileBytes || isKnownBinaryPath(rel)) continue;
      if (!this.queue.some((c, i) => i >= this.next && c.rel === rel)) continue; // excluded or already tried
      this.one(rel, abs);
    }
  }

  /** Work for about `budgetMs`. */
  slice(budgetMs: number): void {
    const end = performance.now() + budgetMs;
    while (this.next < this.queue.length) {
      const c = this.queue[this.next++];
      if (this.store.bytesStored + c.size > this.store.limits.maxTotalBytes) {
        // Sorted by size: nothing after this fits either.
        this.store.skippedForTotal += this.queue.length - this.next + 1;
        this.next = this.queue.length;
        break;
      }
      if (!this.attempted.has(c.rel)) this.one(c.rel, c.abs);
      if ((this.next & 15) === 0 && performance.now() > end) break;
    }
    if (this.next >= this.queue.length) this.finish();
  }

  private one(rel: string, abs: string): void {
    this.attempted.add(rel);
    const base = this.baseline.get(rel);
    if (base === undefined) return;
    const wasRacy = this.racy.has(rel);
    const r = this.store.capture(rel, abs, base, wasRacy);
    if (r.stored) {
      if (wasRacy && base.hash !== undefined && r.hash !== base.hash) {
        this.store.forget(rel);
        this.skippedChanged++;
      }
    } else if (r.hash !== undefined) {
      // Binary, read while its stat still matched the baseline: its hash is the baseline hash.
      if (!wasRacy) base.hash ??= r.hash;
    } else if (r.changed) {
      this.skippedChanged++;
    }
  }

  private finish(): void {
    if (this.doneMs === undefined) {
      this.store.seal();
      this.doneMs = performance.now() - this.t0;
    }
  }
}

function safe(f: (rel: string) => boolean, rel: string): boolean {
  try {
    return f(rel);
  } catch {
    return false; // not copying is the cautious side: no copy of a file we could not classify
  }
}
