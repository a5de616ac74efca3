// The snapshot's vocabulary: what a workspace looked like at session start, and what changed since.
// Pure types, no I/O: the scanner (src/node/snapshot) fills them, the panel and the model summary read them.

/** What a manifest entry is. Symlinks are recorded, never followed: a link can point out of the workspace. */
export type EntryKind = 'file' | 'link' | 'other';

/** One path as seen by a scan. Timestamps are the file system's, in ms (fractional). */
export interface ManifestEntry {
  kind: EntryKind;
  size: number;
  mtimeMs: number;
  /**
   * ctime cannot be set from user space (utimes only moves mtime/atime), so it catches an edit that
   * restores mtime to hide itself. Compared like git's `core.trustctime`.
   */
  ctimeMs: number;
  ino?: number;
  /** sha256 hex of the content, computed only when size and times cannot decide. */
  hash?: string;
  /** kind 'link': the link's target as stored (never resolved). */
  linkTarget?: string;
}

/** Workspace-relative POSIX path → entry. */
export type Manifest = ReadonlyMap<string, ManifestEntry>;

export type ChangeKind = 'added' | 'modified' | 'deleted';

/** Attribution for a change seen while no call was in flight: the user or an unguarded tool. */
export const UNATTRIBUTED = 'unattributed';

export interface FileChange {
  path: string;
  kind: ChangeKind;
  /** Current size; for a deleted file, its size at the baseline (or before the call). */
  size: number;
  /** A new file that looks like an artifact (image, report, log, scratch script, archive). */
  artifact: boolean;
  isImage: boolean;
  isText: boolean;
  /** The calls that made it (ids of canonical calls), or [UNATTRIBUTED]. */
  callIds: string[];
}

export interface WorkspaceDiff {
  /** Date.now() when the baseline scan started. */
  baselineAt: number;
  /** Date.now() when the last scan that updated this diff finished. */
  scannedAt: number;
  /** Artifacts first, then added, modified, deleted; by path within each group. */
  changes: FileChange[];
  /** Paths the scanner could not read (permissions, races); their state is carried over, not guessed. */
  errors: string[];
}

export interface ScanProgress {
  phase: 'baseline' | 'rescan';
  filesSeen: number;
  done: boolean;
}
