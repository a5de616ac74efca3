// Test integrity beyond paths: given a file's path and its text before and after an edit, find edits that
// disable or weaken tests wherever the file lives — a skip or a focus added, an assertion or a test deleted,
// a test body emptied, a coverage threshold lowered, tests excluded in configuration, type checking loosened,
// a CI test step removed or its failures ignored. Pure: the caller reads the files (or has the texts from
// the tool call) and turns a finding into an `ask` whose dialog shows `lines` as the diff.
import { configKind } from './config';
import { DETECTORS, type EditView } from './detectors';
import { type ChangedLine, diffLines, splitLines } from './diff';
import { blankComments, langOf, looksLikeTest } from './languages';

export type { ChangedLine } from './diff';
export { DETECTORS } from './detectors';

export interface IntegrityFinding {
  /** Detector id, e.g. `test.disabled`; recorded as the deciding rule `integrity:<id>`. */
  detector: string;
  /** For the model and the person: what the edit does to the tests. */
  reason: string;
  /** The changed lines that did it ('-' old text, '+' new text, 1-based line numbers). */
  lines: ChangedLine[];
}

/** Texts larger than this are not compared line by line: the caller should ask (never allow unseen). */
export const MAX_INTEGRITY_BYTES = 4 * 1024 * 1024;

/**
 * Findings for one file edit. `oldText` undefined: the file is created; `newText` undefined: it is deleted.
 * Returns [] when the edit weakens nothing a detector knows. Throws nothing on odd input; a text over
 * MAX_INTEGRITY_BYTES yields a finding `integrity.too-large` (fail closed: the caller asks).
 */
export function checkTestIntegrity(path: string, oldText: string | undefined, newText: string | undefined): IntegrityFinding[] {
  if ((oldText?.length ?? 0) > MAX_INTEGRITY_BYTES || (newText?.length ?? 0) > MAX_INTEGRITY_BYTES) {
    return [{ detector: 'integrity.too-large', reason: 'the file is too large to compare for test changes; a person should look at it', lines: [] }];
  }
  if (oldText === newText) return [];
  const p = path.replace(/\\/g, '/');
  if (!langOf(p) && !configKind(p)) return []; // no detector reads this kind of file (docs, data, images)
  const v = view(p, oldText, newText);
  const out: IntegrityFinding[] = [];
  for (const d of DETECTORS) {
    const hit = d.detect(v);
    if (hit) out.push({ detector: d.id, reason: hit.reason, lines: hit.lines });
  }
  return out;
}

export function view(path: string, oldText: string | undefined, newText: string | undefined): EditView {
  const p = path.replace(/\\/g, '/');
  const lang = langOf(p);
  const oldLines = splitLines(oldText ?? '');
  const newLines = splitLines(newText ?? '');
  const oldCode = lang && oldText !== undefined ? blankComments(oldLines.join('\n'), lang) : oldLines.join('\n');
  const newCode = lang && newText !== undefined ? blankComments(newLines.join('\n'), lang) : newLines.join('\n');
  let changes: ChangedLine[] | undefined;
  return {
    path: p,
    lang,
    config: configKind(p),
    oldText,
    newText,
    oldCode,
    newCode,
    oldLines,
    newLines,
    testLike: lang !== undefined && (looksLikeTest(oldCode, lang) || looksLikeTest(newCode, lang)),
    // The line diff only when a detector asks for it (one that finds something): most edits need none.
    get changes() {
      return (changes ??= diffLines(oldLines, newLines));
    },
  };
}

/**
 * The text of a file reads as tests (declares, skips or focuses a test), whatever its path. For channels that
 * cannot know an edit's result before it runs (a `sed -i`, a redirection): writing such a file is asked.
 */
export function looksLikeTestFile(path: string, text: string): boolean {
  const lang = langOf(path.replace(/\\/g, '/'));
  return lang !== undefined && text.length <= MAX_INTEGRITY_BYTES && looksLikeTest(blankComments(text, lang), lang);
}
