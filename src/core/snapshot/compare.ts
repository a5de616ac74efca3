// Deciding whether a path changed, from metadata first and content only when metadata cannot tell.
// Pure: hashes are computed by the caller (src/node/snapshot) and passed in.
import type { ChangeKind, ManifestEntry } from './types';

/** 'need-content': same size, other times (or a racy observation) — only a hash can decide. */
export type MetaVerdict = 'same' | 'different' | 'need-content';

/**
 * Compare two observations of one path.
 * `racy`: `a` was taken so close to a write (same coarse clock tick) that a second write with the same
 * size may have kept every timestamp; then equal metadata proves nothing (git's "racy clean" problem).
 */
export function metaVerdict(a: ManifestEntry, b: ManifestEntry, racy = false): MetaVerdict {
  if (a.kind !== b.kind) return 'different';
  if (a.kind === 'link') return a.linkTarget === b.linkTarget ? 'same' : 'different';
  if (a.size !== b.size) return 'different';
  if (a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && !racy) return 'same';
  return a.kind === 'file' ? 'need-content' : 'different';
}

/**
 * Settle a 'need-content' verdict with hashes. A hash we could not get (content not kept at baseline, file
 * unreadable) counts as 'different': a change shown that was not there is noise, a change hidden is a miss.
 */
export function settle(v: MetaVerdict, hashA: string | undefined, hashB: string | undefined): 'same' | 'different' {
  if (v !== 'need-content') return v;
  if (hashA !== undefined && hashB !== undefined) return hashA === hashB ? 'same' : 'different';
  return 'different';
}

/** Where a path stands against a reference (the baseline, or the state before a call). */
export function changeKind(before: ManifestEntry | undefined, after: ManifestEntry | undefined, racy = false): ChangeKind | 'same' {
  if (!before && !after) return 'same';
  if (!before) return 'added';
  if (!after) return 'deleted';
  const v = settle(metaVerdict(before, after, racy), before.hash, after.hash);
  return v === 'same' ? 'same' : 'modified';
}

/** Full diff of two manifests whose entries already carry the hashes they need. For tests and tools. */
export function diffManifests(before: ReadonlyMap<string, ManifestEntry>, after: ReadonlyMap<string, ManifestEntry>): { path: string; kind: ChangeKind }[] {
  const out: { path: string; kind: ChangeKind }[] = [];
  for (const [path, a] of after) {
    const k = changeKind(before.get(path), a);
    if (k !== 'same') out.push({ path, kind: k });
  }
  for (const path of before.keys()) if (!after.has(path)) out.push({ path, kind: 'deleted' });
  return out.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}
