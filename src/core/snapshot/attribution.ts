// Which call made a change. Pure bookkeeping: the scanner reports what it saw, this decides to whom.
//
// A change seen by a scan is charged to every call in flight at that scan (begun, not yet ended). The
// caller scans before a call's handler runs (so earlier changes are not charged to it) and after it ends
// (so its own changes are). With several calls in flight a change is charged to all of them: we cannot
// tell which one did it, and over-attributing is honest where guessing is not. With none in flight the
// change belongs to UNATTRIBUTED: the user, or an agent tool that does not go through the guard.
import { UNATTRIBUTED, type ChangeKind, type FileChange } from './types';

export class CallTracker {
  private readonly active = new Map<string, number>();

  begin(callId: string): void {
    this.active.set(callId, (this.active.get(callId) ?? 0) + 1);
  }

  end(callId: string): void {
    const n = this.active.get(callId);
    if (n === undefined) return;
    if (n <= 1) this.active.delete(callId);
    else this.active.set(callId, n - 1);
  }

  inFlight(): string[] {
    return [...this.active.keys()];
  }

  /** The ids a change seen now is charged to. */
  chargeTo(): string[] {
    return this.active.size > 0 ? [...this.active.keys()] : [UNATTRIBUTED];
  }
}

/** Union, keeping first-seen order (the panel shows the first call that touched a path first). */
export function mergeCallIds(existing: readonly string[], add: readonly string[]): string[] {
  let out: string[] | undefined;
  for (const id of add) {
    if (!existing.includes(id) && !(out && out.includes(id))) (out ??= [...existing]).push(id);
  }
  return out ?? (existing as string[]);
}

const KIND_ORDER: Record<ChangeKind, number> = { added: 0, modified: 1, deleted: 2 };

/** Artifacts first (what a person wants to look at), then added, modified, deleted; by path within each. */
export function orderChanges(changes: FileChange[]): FileChange[] {
  return changes.sort((a, b) => {
    if (a.artifact !== b.artifact) return a.artifact ? -1 : 1;
    const k = KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
    if (k !== 0) return k;
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  });
}
