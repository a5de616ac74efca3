// The undo store's vocabulary: what a path held before a call (and where that content is kept), what the
// call left, and one record per call. Pure types and comparisons; the store (src/node/undo) does the I/O.

/** Where the content a path held before a call can be found again. */
export type ContentSource =
  /** An object in the undo store, by its content address (a `z` prefix: kept encrypted, see store.ts). */
  | { obj: string }
  /** A blob in a git repository (`repo`: its top-level folder): a tracked file unchanged since its last commit. */
  | { git: string; repo: string }
  /** A hard link to the file, taken before a delete, not yet sealed into an object (store.ts). */
  | { staged: string }
  /** The workspace snapshot's copy of this path at session start (text files, for a session revert). */
  | { baseline: string }
  /** Not kept, and why (shown to the person as is). */
  | { none: string };

/** What one path was (before a call) or is (after it). Modes are the permission bits (mode & 0o7777). */
export type PathState =
  | { k: 'absent' }
  | { k: 'dir'; mode: number }
  | { k: 'link'; target: string }
  | {
      k: 'file';
      mode: number;
      size: number;
      /** sha256 of the content, when read. */
      hash?: string;
      /** Before a call: where its content is kept. */
      src?: ContentSource;
      /** After a call: the metadata that proves, without reading it, that a file is untouched since. */
      mtimeMs?: number;
      ctimeMs?: number;
      ino?: number;
    }
  /** A FIFO, socket or device: never kept, never restored. */
  | { k: 'other' };

export interface UndoRecord {
  v: 1;
  callId: string;
  session: string;
  agent: string;
  channel: string;
  tool: string;
  op: string;
  /** A short masked description: the command, or the paths. */
  what: string;
  /** ms since the epoch, when the prior content was taken. */
  time: number;
  /** Workspace-relative POSIX path → its state just before the call. */
  prior: Record<string, PathState>;
  /** Effects only the running command knew; nothing of theirs was kept. */
  unknown?: string[];
  /** Where the capture stopped short (its time or size budget), in words. */
  cut?: string;
  /** Set once the call ended: the paths it changed → their state right after it. */
  after?: Record<string, PathState>;
  /** The reverts (their call ids) that took this call back. */
  revertedBy?: string[];
}

/** A revert notice waiting for the agent whose calls a person reverted. */
export interface RevertNotice {
  id: string;
  agent: string;
  time: number;
  calls: { callId: string; tool: string; what: string }[];
  /** Paths the revert restored or removed. */
  paths: string[];
  session?: boolean;
}

/** Two states hold the same thing (content by hash where both have one, else by metadata). */
export function sameState(a: PathState | undefined, b: PathState | undefined): boolean {
  if (!a || !b) return false;
  if (a.k !== b.k) return false;
  switch (a.k) {
    case 'absent':
    case 'other':
      return true;
    case 'dir':
      return true; // a folder's mode is restored, but a changed mode alone is not a conflict
    case 'link':
      return a.target === (b as typeof a).target;
    case 'file': {
      const f = b as typeof a;
      if (a.size !== f.size || a.mode !== f.mode) return false;
      if (a.hash && f.hash) return a.hash === f.hash;
      // No content hash on one side: only identical metadata proves it (ctime cannot be set from user space).
      return a.ino !== undefined && a.ino === f.ino && a.mtimeMs === f.mtimeMs && a.ctimeMs === f.ctimeMs;
    }
  }
}

export function describeState(s: PathState | undefined): string {
  if (!s) return 'unknown';
  switch (s.k) {
    case 'absent':
      return 'absent';
    case 'dir':
      return 'a folder';
    case 'link':
      return `a symbolic link to ${s.target}`;
    case 'other':
      return 'a special file';
    case 'file':
      return `a file of ${s.size} bytes`;
  }
}
