// The workspace diff as the panel shows it: one entry per changed path, artifacts first, with sizes, the
// calls that made each change, and image previews. No 'vscode' import: unit-tested in plain Node.
import * as path from 'node:path';
import { formatSize } from '../../core/snapshot/summary';
import { UNATTRIBUTED, type WorkspaceDiff } from '../../core/snapshot/types';

export interface DiffEntry {
  path: string;
  kind: 'added' | 'modified' | 'deleted';
  size: number;
  sizeText: string;
  artifact: boolean;
  isImage: boolean;
  isText: boolean;
  /** A path the policy protects (secrets, guard files): no preview, flagged in the list. */
  protected: boolean;
  /** Who made the change: call labels, or "not a guarded call". */
  by: string[];
  /** No guarded call made it (a person's own edit, an agent run without hooks): shown apart from the agents'. */
  unattributed: boolean;
  /** data: URI of the image (see artifacts.ts for why not a webview URI). */
  preview?: string;
}

export interface DiffView {
  entries: DiffEntry[];
  /** Changes left out of `entries` (the cap). */
  more: number;
  baselineAt: number;
  scannedAt: number;
  errors: number;
}

export interface DiffViewOptions {
  workspace: string;
  isProtected(rel: string): boolean;
  /** A short label for a call id (tool and time from the audit log), or undefined when unknown. */
  callLabel(callId: string): string | undefined;
  preview(abs: string, rel: string): string | undefined;
  maxEntries?: number;
  maxPreviews?: number;
}

export const NOT_GUARDED = 'not a guarded call (the user, or a tool that does not go through AgentGuard)';

export function buildDiffView(diff: WorkspaceDiff, o: DiffViewOptions): DiffView {
  const max = o.maxEntries ?? 5000;
  let previews = o.maxPreviews ?? 24;
  const entries: DiffEntry[] = [];
  for (const c of diff.changes.slice(0, max)) {
    const prot = safeProtected(o, c.path);
    const e: DiffEntry = {
      path: c.path,
      kind: c.kind,
      size: c.size,
      sizeText: formatSize(c.size),
      artifact: c.artifact,
      isImage: c.isImage,
      isText: c.isText,
      protected: prot,
      by: c.callIds.map((id) => (id === UNATTRIBUTED ? NOT_GUARDED : (o.callLabel(id) ?? `call ${id.slice(0, 8)}`))),
      unattributed: c.callIds.length > 0 && c.callIds.every((id) => id === UNATTRIBUTED),
    };
    if (c.isImage && c.kind !== 'deleted' && !prot && previews > 0) {
      const uri = o.preview(path.join(o.workspace, ...c.path.split('/')), c.path);
      if (uri) {
        e.preview = uri;
        previews--;
      }
    }
    entries.push(e);
  }
  return { entries, more: Math.max(0, diff.changes.length - max), baselineAt: diff.baselineAt, scannedAt: diff.scannedAt, errors: diff.errors.length };
}

/** A predicate that throws counts as protected: no preview is the cautious answer. */
function safeProtected(o: DiffViewOptions, rel: string): boolean {
  try {
    return o.isProtected(rel);
  } catch {
    return true;
  }
}
