// Attribution of calls an agent host runs itself (behind a hook): an allowed call opens a window at the
// host's before-hook, and what changes in the workspace until the host's after-hook is charged to it. One
// object per GuardService (per workspace), never module state.
//
// A host may never send the after-hook (the tool failed, the person skipped it), and a window that stays
// open absorbs every change while it is: a window is closed after WINDOW_TTL_MS, or when the same agent
// session starts its next tool call, whichever comes first.
import type { FileChange } from '../core/audit';
import type { HostWindows, SnapshotHooks } from '../core/chain';
import type { CanonicalCall } from '../core/types';

const WINDOW_TTL_MS = 2 * 60_000;

interface Window {
  calls: readonly CanonicalCall[];
  openedAt: number;
  session?: string;
}

export class HostRunWindows implements HostWindows {
  private readonly open_ = new Map<string, Window>();

  /** `snapshot`: read at each use, since the snapshot is attached (and replaced) after the service exists. */
  constructor(
    private readonly snapshot: () => SnapshotHooks | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.open_.size;
  }

  async open(key: string, session: string | undefined, calls: readonly CanonicalCall[]): Promise<void> {
    const snap = this.snapshot();
    if (!snap || calls.length === 0) return;
    for (const c of calls) {
      try {
        await snap.begin(c.id, c);
      } catch {
        /* attribution is best effort; the diff still shows the change, unattributed */
      }
    }
    this.open_.set(key, { calls, openedAt: this.now(), session });
  }

  async closeStale(session: string | undefined): Promise<void> {
    if (this.open_.size === 0) return;
    const now = this.now();
    for (const [k, w] of this.open_) {
      if ((session !== undefined && w.session === session) || now - w.openedAt > WINDOW_TTL_MS) {
        this.open_.delete(k);
        await this.end(w);
      }
    }
  }

  async close(key: string): Promise<{ calls: readonly CanonicalCall[]; changes: FileChange[]; openedAt: number } | undefined> {
    const w = this.open_.get(key);
    if (!w) return undefined;
    this.open_.delete(key);
    return { calls: w.calls, changes: await this.end(w), openedAt: w.openedAt };
  }

  private async end(w: Window): Promise<FileChange[]> {
    const snap = this.snapshot();
    const out: FileChange[] = [];
    for (const c of w.calls) {
      try {
        out.push(...((await snap?.end(c.id, c)) ?? []));
      } catch {
        /* best effort, as above */
      }
    }
    return out;
  }
}
