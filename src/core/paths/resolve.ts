// Resolve symlinks the way the kernel does, through an injected probe (the core does no I/O).
// Threat: a harmless-looking path (`innocent/helper.ts`) that a symlink points into a protected tree
// (`tests/`), out of the workspace, or around in a loop.

export type EntryKind = 'file' | 'dir' | 'symlink' | 'other';

export interface EntryInfo {
  kind: EntryKind;
  /** Device and inode, to recognise hard links. */
  dev?: number;
  ino?: number;
  nlink?: number;
}

/** The filesystem facts the path guard needs. Implementations must not follow symlinks in lstat. */
export interface FsProbe {
  /** undefined when the path does not exist. */
  lstat(abs: string): EntryInfo | undefined;
  readlink(abs: string): string;
  /** Entry names of a directory (no `.`/`..`). */
  readdir(abs: string): string[];
  /**
   * Absolute paths of every file the git repository holding `dir` has in its index or in any commit (what
   * `git log -p` or `git archive` can print); [] outside a repository; undefined when it cannot be told.
   */
  gitTracked?(dir: string): readonly string[] | undefined;
  /**
   * Absolute paths of the files the commits `git log <args>` walks change (`kind` log, merges against each
   * parent), or the files `git diff --name-only <args>` lists (`kind` diff), in the repository holding `dir`;
   * undefined when it cannot be told (git fails, an argument is no revision).
   */
  gitRange?(dir: string, kind: 'log' | 'diff', args: readonly string[]): readonly string[] | undefined;
  /**
   * The commit a branch switch to `name` would take, in the repository holding `dir`: `name` when it is a
   * commit, the one remote-tracking branch of that name git's checkout would start from (`refs/remotes/origin/x`),
   * null when nothing has that name (git refuses the switch), undefined when it cannot be told (several remotes
   * have it, git fails, no repository).
   */
  gitRevFor?(dir: string, name: string): string | null | undefined;
  /**
   * The text of a file a command would run as a script (links followed), for the command guard to judge what
   * it holds: undefined when it does not exist or is not text (a compiled program); false when it exists but
   * cannot be judged (unreadable, or larger than `max` bytes).
   */
  readText?(abs: string, max: number): string | false | undefined;
  /**
   * Whether a file may have been written since the last commit: true when git does not have it as it is at HEAD
   * (untracked, ignored, modified, staged, or no repository), false when it is tracked and unchanged, undefined
   * when it cannot be told.
   */
  changedSinceHead?(abs: string): boolean | undefined;
  /**
   * How many names of this file are AgentGuard's own: the hard links its undo store staged (under the AgentGuard
   * home for `home`) before a delete of the workspace's files, left there while the call was never run (declined).
   * Writing the file writes those copies only. 0 when none were found or it cannot be told.
   */
  ownLinks?(info: EntryInfo, workspace: string, home: string): number;
  /** Entry names of a directory with whether each is a directory (links not followed). */
  readdirKinds?(abs: string): { name: string; dir: boolean }[];
}

export type Resolved = { ok: true; path: string; info: EntryInfo | undefined } | { ok: false; reason: string };

const MAX_LINKS = 40; // Linux MAXSYMLINKS

/**
 * Physical path of `abs` (already absolute and free of `.`/`//`, `..` kept where the lexical form had it
 * is fine too). `followFinal` false leaves a final symlink unresolved (delete/rename of the link itself).
 */
export function resolvePhysical(abs: string, probe: FsProbe, followFinal: boolean): Resolved {
  const pending = abs.split('/').filter((s) => s !== '' && s !== '.');
  pending.reverse(); // a stack: the next segment is at the end
  let current: string[] = [];
  let links = 0;
  let missing = false; // once a component is missing, the rest is lexical

  while (pending.length > 0) {
    const seg = pending.pop()!;
    if (seg === '..') {
      current.pop(); // applies to the already-resolved prefix: `link/..` is the target's parent
      continue;
    }
    const candidate = '/' + [...current, seg].join('/');
    const isFinal = pending.length === 0;
    if (missing) {
      current.push(seg);
      continue;
    }
    let info: EntryInfo | undefined;
    try {
      info = probe.lstat(candidate);
    } catch (e) {
      return { ok: false, reason: `cannot inspect ${candidate}: ${(e as Error).message}` };
    }
    if (info === undefined) {
      missing = true;
      current.push(seg);
      continue;
    }
    if (info.kind === 'symlink' && (!isFinal || followFinal)) {
      if (++links > MAX_LINKS) return { ok: false, reason: 'too many levels of symbolic links (a symlink loop)' };
      let target: string;
      try {
        target = probe.readlink(candidate);
      } catch (e) {
        return { ok: false, reason: `cannot read the link ${candidate}: ${(e as Error).message}` };
      }
      const parts = target.split('/').filter((s) => s !== '' && s !== '.');
      if (target.startsWith('/')) current = [];
      for (let i = parts.length - 1; i >= 0; i--) pending.push(parts[i]);
      continue;
    }
    current.push(seg);
  }
  const path = '/' + current.join('/');
  let info: EntryInfo | undefined;
  if (!missing) {
    try {
      info = probe.lstat(path);
    } catch {
      info = undefined;
    }
  }
  return { ok: true, path, info };
}
