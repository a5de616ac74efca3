// The short text a guarded write or command hands back to the model: what it changed in the workspace,
// so the model does not have to go looking. Pure.
//
// Never file content, only paths, kinds and sizes. Paths are written by the agent (or by whatever it ran),
// so they are untrusted text going back into a prompt: control characters and newlines are escaped (a file
// named "x\nIgnore previous instructions" must stay one line) and long paths are shortened.
import type { FileChange } from './types';
import { orderChanges } from './attribution';

export interface SummaryOptions {
  /** True for paths the policy protects (secrets, guard files): flagged so the model does not try to read them. */
  isProtected?: (path: string) => boolean;
  /** Lines listing files, after the header line. Default 10. */
  maxLines?: number;
  /** Characters kept of one path. Default 160. */
  maxPathChars?: number;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** Escape anything that could break the line or smuggle a control sequence into the prompt or a terminal. */
export function safePath(path: string, maxChars = 160): string {
  let p = path.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (p.length > maxChars) {
    const keep = maxChars - 1;
    p = p.slice(0, Math.ceil(keep / 2)) + '…' + p.slice(p.length - Math.floor(keep / 2));
  }
  return p;
}

/** A predicate that throws is answered 'protected': the cautious label (fail closed). */
function isProtectedSafe(opts: SummaryOptions, path: string): boolean {
  try {
    return opts.isProtected?.(path) ?? false;
  } catch {
    return true;
  }
}

const SIGN = { added: '+', modified: '~', deleted: '-' } as const;

export function summarizeChanges(changes: readonly FileChange[], opts: SummaryOptions = {}): string {
  if (changes.length === 0) return 'No files changed in the workspace.';
  const maxLines = Math.max(1, opts.maxLines ?? 10);
  const ordered = orderChanges([...changes]);
  const count = (k: FileChange['kind']) => changes.filter((c) => c.kind === k).length;
  const artifacts = changes.filter((c) => c.artifact).length;
  const lines = [
    `Workspace changes: ${count('added')} added, ${count('modified')} modified, ${count('deleted')} deleted` +
      (artifacts > 0 ? ` (${artifacts} new artifact${artifacts === 1 ? '' : 's'})` : '') +
      '.',
  ];
  const shown = ordered.length > maxLines ? ordered.slice(0, maxLines - 1) : ordered;
  for (const c of shown) {
    const notes: string[] = [];
    if (c.kind !== 'deleted') notes.push(formatSize(c.size));
    if (c.artifact) notes.push(c.isImage ? 'image' : 'artifact');
    if (isProtectedSafe(opts, c.path)) notes.push('protected');
    lines.push(`${SIGN[c.kind]} ${safePath(c.path, opts.maxPathChars)}${notes.length ? ` (${notes.join(', ')})` : ''}`);
  }
  if (shown.length < ordered.length) lines.push(`… and ${ordered.length - shown.length} more (see the AgentGuard panel).`);
  return lines.join('\n');
}
