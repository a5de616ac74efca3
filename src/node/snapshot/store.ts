// Baseline content of text files, kept so a modified file can be diffed against what it was at session
// start. It has to be copied when the baseline is taken: after the change there is nothing left to copy.
//
// Strategy: right after the manifest is taken, text-looking files up to `maxFileBytes` (default 1 MiB)
// are read and appended to one pack file, smallest first, until `maxTotalBytes` (default 128 MiB) is
// reached (capture.ts schedules it and says why it is not done during the walk). One pack, not one copy
// per file: creating 100k small files costs far more than appending to one.
//
// Not covered (the diff editor has no baseline for these; the panel says "no baseline content"):
// - files larger than maxFileBytes, and the largest files once the total cap is reached;
// - files a shell command changed before the background copy reached them (capture.ts);
// - binary files (a NUL byte in the first 8000 bytes; known binary extensions are not even read). For a
//   binary file that *was* read, its hash is kept, so a later same-size edit is still told from a touch;
// - files the caller excludes with `shouldCapture` (e.g. secret files: see SnapshotOptions).
//
// The store lives outside the workspace (os.tmpdir() by default, mode 0700 from mkdtemp): inside it, an
// agent's file tools could read copies of files it may not read, or rewrite the baseline to hide a change.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SNIFF_BYTES, isKnownBinaryPath, looksText } from '../../core/snapshot/classify';
import type { ManifestEntry } from '../../core/snapshot/types';
import { hashBytes, openRegular } from './read';

export interface StoreLimits {
  maxFileBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_STORE_LIMITS: StoreLimits = { maxFileBytes: 1 << 20, maxTotalBytes: 128 << 20 };

/** What capture learnt about one file. */
export interface CaptureResult {
  stored: boolean;
  /** Set when the bytes were read but not kept (binary: the only chance to know the baseline hash), or asked for. */
  hash?: string;
  isText?: boolean;
  /** Not kept because the file no longer matches its baseline entry. */
  changed?: boolean;
}

export class BaselineStore {
  private readonly index = new Map<string, { off: number; len: number }>();
  private fd: number | undefined;
  private buf: Buffer;
  private bufPos = 0;
  private flushed = 0;
  private total = 0;
  /** Files not kept because the total cap was reached. */
  skippedForTotal = 0;

  private constructor(
    readonly dir: string,
    private readonly owned: boolean,
    readonly limits: StoreLimits,
  ) {
    this.fd = fs.openSync(path.join(dir, 'baseline.pack'), 'w+', 0o600);
    this.buf = Buffer.allocUnsafe(Math.max(8 << 20, limits.maxFileBytes));
  }

  /**
   * Create a fresh store in a new private directory under `parent` (default os.tmpdir()). Refuses a
   * parent inside the workspace (fail closed: the agent could reach it).
   */
  static create(workspaceRoot: string, parent: string | undefined, limits: StoreLimits): BaselineStore {
    const base = fs.realpathSync(parent ?? os.tmpdir());
    const root = fs.realpathSync(workspaceRoot);
    const rel = path.relative(root, base);
    if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) {
      throw new Error(`snapshot store ${base} is inside the workspace ${root}: an agent could read or rewrite it`);
    }
    const dir = fs.mkdtempSync(path.join(base, 'agentguard-snapshot-'));
    return new BaselineStore(dir, true, limits);
  }

  get bytesStored(): number {
    return this.total;
  }

  get filesStored(): number {
    return this.index.size;
  }

  /**
   * Reads the file through a descriptor and keeps it only if the descriptor's fstat matches `lst`, the
   * baseline manifest entry (same inode, size, times): otherwise the file changed since the baseline and
   * the bytes would not be the baseline.
   */
  capture(rel: string, abs: string, lst: ManifestEntry, wantHash = false): CaptureResult {
    if (this.fd === undefined || lst.size > this.limits.maxFileBytes || isKnownBinaryPath(rel)) return { stored: false };
    if (this.total + lst.size > this.limits.maxTotalBytes) {
      this.skippedForTotal++;
      return { stored: false };
    }
    const f = openRegular(abs);
    if (f === undefined) return { stored: false };
    try {
      const st = f.st;
      if (st.ino !== lst.ino || st.size !== lst.size || st.mtimeMs !== lst.mtimeMs || st.ctimeMs !== lst.ctimeMs) {
        return { stored: false, changed: true };
      }
      const size = st.size;
      if (size > this.buf.length - this.bufPos) this.flush();
      let got = 0;
      while (got < size) {
        const n = fs.readSync(f.fd, this.buf, this.bufPos + got, size - got, got);
        if (n <= 0) break;
        got += n;
      }
      if (got !== size) return { stored: false, changed: true }; // shrank while read
      const bytes = this.buf.subarray(this.bufPos, this.bufPos + size);
      if (!looksText(bytes.subarray(0, SNIFF_BYTES))) return { stored: false, hash: hashBytes(bytes), isText: false };
      this.index.set(rel, { off: this.flushed + this.bufPos, len: size });
      this.bufPos += size;
      this.total += size;
      return { stored: true, isText: true, hash: wantHash ? hashBytes(bytes) : undefined };
    } catch {
      return { stored: false };
    } finally {
      fs.closeSync(f.fd);
    }
  }

  /** Write what is buffered; called when the baseline walk ends. */
  flush(): void {
    if (this.fd === undefined) return;
    let off = 0;
    while (off < this.bufPos) off += fs.writeSync(this.fd, this.buf, off, this.bufPos - off, this.flushed + off);
    this.flushed += this.bufPos;
    this.bufPos = 0;
  }

  /** Release the capture buffer once the baseline is taken (8 MiB otherwise held for the session). */
  seal(): void {
    this.flush();
    this.buf = Buffer.alloc(0);
  }

  /** Drop a copy found not to be the baseline after all (its bytes stay in the pack, unreachable). */
  forget(rel: string): void {
    const at = this.index.get(rel);
    if (at === undefined) return;
    this.index.delete(rel);
    this.total -= at.len;
  }

  has(rel: string): boolean {
    return this.index.has(rel);
  }

  readSync(rel: string): Buffer | undefined {
    const at = this.index.get(rel);
    if (at === undefined || this.fd === undefined) return undefined;
    this.flush();
    const out = Buffer.allocUnsafe(at.len);
    let got = 0;
    while (got < at.len) {
      const n = fs.readSync(this.fd, out, got, at.len - got, at.off + got);
      if (n <= 0) return undefined;
      got += n;
    }
    return out;
  }

  async read(rel: string): Promise<Buffer | undefined> {
    const at = this.index.get(rel);
    if (at === undefined || this.fd === undefined) return undefined;
    this.flush();
    const out = Buffer.allocUnsafe(at.len);
    let got = 0;
    while (got < at.len) {
      const { bytesRead } = await new Promise<{ bytesRead: number }>((resolve, reject) =>
        fs.read(this.fd!, out, got, at.len - got, at.off + got, (err, bytesRead) => (err ? reject(err) : resolve({ bytesRead }))),
      );
      if (bytesRead <= 0) return undefined;
      got += bytesRead;
    }
    return out;
  }

  dispose(): void {
    if (this.fd !== undefined) {
      fs.closeSync(this.fd);
      this.fd = undefined;
    }
    this.index.clear();
    if (this.owned) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
