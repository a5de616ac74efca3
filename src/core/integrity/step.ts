// Test integrity as a pipeline step: given what a write, delete or rename would leave on disk (the channel
// reads the files; the core does no I/O), find edits that disable or weaken tests wherever the file lives,
// and turn a finding into an `ask` whose dialog shows the changed lines. A path rule that denies has already
// ended the call before this runs; a path rule that asks (test configuration, CI) gets the diff in its dialog
// too, so the person sees what they approve. Loaded on the first write (src/core/lazyModules.ts), not with
// the guard at activation.
import { configKind } from './config';
import { type ChangedLine, diffLines, splitLines } from './diff';
import { checkTestIntegrity, type IntegrityFinding, MAX_INTEGRITY_BYTES } from './index';
import { langOf } from './languages';
import type { Verdict } from '../types';

/** What one call would do to one file, as the channel read it before the call runs. */
export interface FileEffect {
  /** Workspace-relative POSIX path. */
  path: string;
  /** The file's text now; undefined: it does not exist (the call creates it). */
  before?: string;
  /** The text the call would leave; undefined: the call deletes it (or moves it away, see movedTo). */
  after?: string;
  /** A rename: the file's text goes there. */
  movedTo?: string;
  /** Why the effect could not be read whole (a file too large, a folder with too many files): it is asked. */
  unseen?: string;
}

/**
 * Does a detector read this file (source in a language it knows, test or CI configuration, a manifest)? Only
 * these are read from disk before a write; anything else (docs, data, images) cannot weaken a test.
 */
export function integrityReads(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  return langOf(p) !== undefined || configKind(p) !== undefined;
}

export { MAX_INTEGRITY_BYTES };

/** The dialog shows at most this much of a change: enough to see it, bounded for a modal. */
const MAX_PREVIEW_LINES = 40;
const MAX_LINE_CHARS = 200;

/** Masks a file's text for the person's eyes, line for line (the compiled policy's masker). */
export type MaskText = (rel: string, text: string) => string;

/**
 * The verdict after the integrity check. `v` is the path rules' verdict (never deny: a deny ends the call
 * first). A finding makes it `ask` with rule `integrity:<detector>`, the findings' reasons and the changed
 * lines as the dialog's preview; with none, an `ask` gets the change as its preview, an `allow` stays as is.
 */
export function judgeEffects(effects: readonly FileEffect[], v: Verdict, mask: MaskText): Verdict {
  const found: { e: FileEffect; f: IntegrityFinding }[] = [];
  for (const e of effects) {
    const findings = e.unseen
      ? [{ detector: 'integrity.too-large', reason: `${e.unseen}, too much to compare for test changes; a person should look at it`, lines: [] }]
      : checkTestIntegrity(e.path, e.before, e.after);
    for (const f of findings) found.push({ e, f });
  }
  if (found.length === 0) {
    if (v.decision !== 'ask') return v;
    const preview = changePreview(effects, mask);
    return preview ? { ...v, preview } : v;
  }
  const reasons = found.map(({ e, f }) =>
    e.movedTo && e.after === undefined && f.detector === 'test.removed'
      ? `${e.path}: renamed to ${e.movedTo}, it holds tests a test runner may no longer find there`
      : `${e.path}: ${f.reason}`,
  );
  const also = v.decision === 'ask' ? ` (The path rule ${v.rule} asks as well: ${v.reason})` : '';
  return {
    decision: 'ask',
    rule: `integrity:${found[0].f.detector}`,
    reason: `This edit weakens tests — ${[...new Set(reasons)].join('; ')}. Change the code under test instead; a person confirms a change to a test.${also}`,
    preview: findingsPreview(found, mask),
  };
}

/**
 * The changes that did it, per file, each shown with the rest of its hunk (the line it replaced, the line
 * that replaced it) under `@@ line N @@` headers, masked and bounded.
 */
function findingsPreview(found: readonly { e: FileEffect; f: IntegrityFinding }[], mask: MaskText): string {
  const byFile = new Map<FileEffect, Set<string>>();
  for (const { e, f } of found) {
    const keys = byFile.get(e) ?? byFile.set(e, new Set()).get(e)!;
    for (const l of f.lines) keys.add(`${l.side}${l.line}`);
  }
  const out: string[] = [];
  for (const [e, keys] of byFile) {
    out.push(header(e));
    if (keys.size === 0 || e.after === undefined) continue;
    const all = diffLines(splitLines(e.before ?? ''), splitLines(e.after));
    const shown = hunksOf(all).filter((h) => h.some((c) => keys.has(`${c.side}${c.line}`)));
    out.push(...render(shown, e, mask));
  }
  return bound(out);
}

/** An asked write's whole change (or what a delete removes), for the person approving it. */
function changePreview(effects: readonly FileEffect[], mask: MaskText): string | undefined {
  const out: string[] = [];
  for (const e of effects) {
    if (e.unseen || e.before === e.after) continue;
    out.push(header(e));
    if (e.after === undefined) continue;
    out.push(...render(hunksOf(diffLines(splitLines(e.before ?? ''), splitLines(e.after))), e, mask));
  }
  return out.length ? bound(out) : undefined;
}

function header(e: FileEffect): string {
  if (e.unseen) return `${e.path}: ${e.unseen}`;
  if (e.movedTo && e.after === undefined) return `${e.path} → ${e.movedTo} (renamed)`;
  if (e.after === undefined) return `${e.path} (deleted, ${splitLines(e.before ?? '').length} lines)`;
  if (e.before === undefined) return `${e.path} (new file)`;
  return `${e.path}`;
}

/** A diff's changes split where unchanged lines lie between them (both sides advance over those together). */
function hunksOf(changes: readonly ChangedLine[]): ChangedLine[][] {
  const hunks: ChangedLine[][] = [];
  let oldAt = 0; // old lines consumed so far
  let newAt = 0;
  for (const c of changes) {
    const gap = c.line - 1 - (c.side === '-' ? oldAt : newAt);
    if (gap > 0 || hunks.length === 0) hunks.push([]);
    oldAt += Math.max(0, gap);
    newAt += Math.max(0, gap);
    hunks[hunks.length - 1].push(c);
    if (c.side === '-') oldAt = c.line;
    else newAt = c.line;
  }
  return hunks;
}

/** Hunks as `@@ line N @@` (N: the first old line, or new line for a pure addition) and `-`/`+` lines, masked. */
function render(hunks: readonly ChangedLine[][], e: FileEffect, mask: MaskText): string[] {
  const oldMasked = maskedLines(e.path, e.before, mask);
  const newMasked = maskedLines(e.path, e.after, mask);
  const out: string[] = [];
  for (const h of hunks) {
    out.push(`@@ line ${(h.find((c) => c.side === '-') ?? h[0]).line} @@`);
    for (const l of [...h.filter((c) => c.side === '-'), ...h.filter((c) => c.side === '+')]) {
      const masked = (l.side === '-' ? oldMasked : newMasked)?.[l.line - 1];
      const text = masked ?? mask(e.path, l.text);
      out.push(`${l.side} ${text.length > MAX_LINE_CHARS ? text.slice(0, MAX_LINE_CHARS) + '…' : text}`);
    }
  }
  return out;
}

/** The file masked as a whole (a secret spanning lines is masked as the reader would see it), when lines line up. */
function maskedLines(rel: string, text: string | undefined, mask: MaskText): string[] | undefined {
  if (text === undefined) return undefined;
  const lines = splitLines(text);
  const masked = splitLines(mask(rel, text));
  return masked.length === lines.length ? masked : undefined;
}

function bound(lines: string[]): string {
  if (lines.length <= MAX_PREVIEW_LINES) return lines.join('\n');
  return [...lines.slice(0, MAX_PREVIEW_LINES), `… ${lines.length - MAX_PREVIEW_LINES} more lines`].join('\n');
}
