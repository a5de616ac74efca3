// Write-back integrity. The model only ever saw placeholders; a write or edit that carries one must
// either get the real secret back from the file on disk or be refused. Threat: a placeholder written
// to disk silently destroys the credential (a broken deploy, a lost key); a guessed or forged
// placeholder must never pull a secret from somewhere it was not.
import { createMasker, MaskSession, PLACEHOLDER_OPEN } from './masker';
import { maskByPath, pathPlaceholders } from './pathed';
import type { MaskOptions, MaskResult } from './types';

const PLACEHOLDER_RE = /«secret:([a-z0-9][a-z0-9-]*)#(\d+)»/g;

export function containsPlaceholder(text: string): boolean {
  return typeof text === 'string' && text.includes(PLACEHOLDER_OPEN);
}

export type RestoreResult = { ok: true; text: string; restored: number } | { ok: false; reason: string };

/**
 * Restore the placeholders in `newText` — the WHOLE text the file will hold — from the secrets in `original` (the
 * file on disk), by masking `original` again: the same text gives the same numbering. Unknown placeholder →
 * refuse. `path`: the file's path, when the read was masked by it too (pathed.ts: a Docker secret, Rails' master
 * key), so the placeholders the path gave are restored the same way.
 *
 * A placeholder is restored only where it came from: on a line that is, placeholders included, identical to a
 * line of the masked view of `original`, each such line used at most as often as the view holds it. Restoring
 * one anywhere else (a renamed key, a copy, a comment) would launder the secret into a context the masker does
 * not recognise, and the next read would show it in clear.
 */
export function restorePlaceholders(newText: string, original: string, opts: MaskOptions = {}, path?: string): RestoreResult {
  return restore(newText, original, opts, path, true);
}

/**
 * restorePlaceholders without the line rule, for a fragment of an edit (old_string/new_string, a patch line) that
 * may start or end mid-line. Only for a caller that checks the whole resulting file with restorePlaceholders or
 * restoreEdit as well; never the only check before a write.
 */
export function restoreFragment(newText: string, original: string, opts: MaskOptions = {}, path?: string): RestoreResult {
  return restore(newText, original, opts, path, false);
}

/**
 * An edit judged on the whole file: `apply` is the edit (as the model wrote it, placeholders and all) applied to
 * the masked view of `original`; its result is checked and restored as a whole file (restorePlaceholders). The
 * result's text is what the file must hold after the edit. undefined from `apply`: the edit's result cannot be
 * told, refused.
 */
export function restoreEdit(apply: (maskedView: string) => string | null | undefined, original: string, opts: MaskOptions = {}, path?: string): RestoreResult {
  let view: string;
  try {
    view = maskedView(createMasker(opts).maskInSession(original, new MaskSession()), original, path);
  } catch (e) {
    return { ok: false, reason: `could not re-mask the file on disk to restore secrets: ${(e as Error).message}` };
  }
  const after = apply(view);
  if (typeof after !== 'string') {
    return { ok: false, reason: 'AgentGuard cannot tell what this edit leaves in the file, so it cannot check where its «secret:…» placeholders go' };
  }
  return restorePlaceholders(after, original, opts, path);
}

function maskedView(result: MaskResult, original: string, path: string | undefined): string {
  return path !== undefined ? maskByPath(path, original, result).text : result.text;
}

const lineKey = (l: string) => (l.endsWith('\r') ? l.slice(0, -1) : l);

/**
 * The masked lines of a notebook's cells, as a cell edit writes them (the file on disk is JSON: its lines are
 * escaped strings). Empty when `view` is not a notebook.
 */
function notebookLines(view: string): string[] {
  if (!view.trimStart().startsWith('{')) return [];
  try {
    const nb = JSON.parse(view) as { cells?: { source?: unknown }[] };
    if (!Array.isArray(nb.cells)) return [];
    return nb.cells.flatMap((c) => {
      const src = Array.isArray(c?.source) ? c.source.filter((x) => typeof x === 'string').join('') : typeof c?.source === 'string' ? c.source : '';
      return src.split('\n');
    });
  } catch {
    return [];
  }
}

function restore(newText: string, original: string, opts: MaskOptions, path: string | undefined, wholeLines: boolean): RestoreResult {
  if (typeof newText !== 'string' || typeof original !== 'string') return { ok: false, reason: 'restorePlaceholders expects two strings' };
  if (!containsPlaceholder(newText)) return { ok: true, text: newText, restored: 0 };
  let session: MaskSession;
  let byPath: Map<string, string> | undefined;
  let view: string;
  try {
    session = new MaskSession();
    const result: MaskResult = createMasker(opts).maskInSession(original, session);
    if (path !== undefined) byPath = pathPlaceholders(path, original, result);
    view = maskedView(result, original, path);
  } catch (e) {
    return { ok: false, reason: `could not re-mask the file on disk to restore secrets: ${(e as Error).message}` };
  }
  const literal = (p: string) => original.includes(p);
  const secretOf = (p: string) => session.values.get(p) ?? byPath?.get(p);
  if (wholeLines) {
    // Each line that carries a placeholder standing for a secret must be a line of the masked view, unchanged.
    const left = new Map<string, number>();
    for (const l of [...view.split('\n'), ...notebookLines(view)]) {
      const k = lineKey(l);
      if (k.includes(PLACEHOLDER_OPEN)) left.set(k, (left.get(k) ?? 0) + 1);
    }
    for (const l of newText.split('\n')) {
      const k = lineKey(l);
      if (![...k.matchAll(PLACEHOLDER_RE)].some((m) => secretOf(m[0]) !== undefined)) continue;
      const n = left.get(k) ?? 0;
      if (n === 0) {
        const shown = k.trim().length > 160 ? `${k.trim().slice(0, 160)}…` : k.trim();
        return {
          ok: false,
          reason: `a secret placeholder may only stay on its own unchanged line, and "${shown}" is not a line of the file as it was read (or it is there fewer times): a changed key, changed surroundings, a moved or copied placeholder would put the secret where it is no longer masked. Keep that line exactly as shown; to change it, edit the file yourself or ask the user`,
        };
      }
      left.set(k, n - 1);
    }
  }
  let restored = 0;
  let refused: string | undefined;
  const text = newText.replace(PLACEHOLDER_RE, (p) => {
    const secret = secretOf(p);
    if (secret !== undefined) {
      if (literal(p)) {
        refused ??= `${p} is ambiguous: the file on disk contains that text literally and as a masked secret`;
        return p;
      }
      restored++;
      return secret;
    }
    if (literal(p)) return p; // text that was in the file all along, not a mask
    refused ??= `${p} does not match a secret in the file on disk (it was changed or removed since it was read); re-read the file and keep placeholders exactly as shown`;
    return p;
  });
  if (refused !== undefined) return { ok: false, reason: refused };
  // A mangled placeholder (`«secret:github-token#1` without its end) would land on disk as garbage.
  const rest = text.split(PLACEHOLDER_OPEN).length - 1;
  const inOriginal = original.split(PLACEHOLDER_OPEN).length - 1;
  if (rest > inOriginal) return { ok: false, reason: 'the new text contains a damaged secret placeholder («secret:…»); keep placeholders exactly as shown' };
  return { ok: true, text, restored };
}

/**
 * Threat (rt22hooks): an edit that never carries a placeholder can still take a secret out of masking — rename its
 * key (`DB_PASSWORD = "` → `GREETING = "`), move its value into a comment, split the line — and the next read shows
 * the value in clear. An edit may not add a visible occurrence of any secret the file holds: each secret masked in
 * `original` is counted where it is still readable in the masked view of `after` and of `original`; the values
 * whose count grows are returned (empty: the edit leaves every secret of the file masked as before).
 */
export function secretsUnmaskedBy(original: string, after: string, opts: MaskOptions = {}, path?: string): string[] {
  if (typeof original !== 'string' || typeof after !== 'string' || original === after) return [];
  const masker = createMasker(opts);
  const session = new MaskSession();
  const before = masker.maskInSession(original, session);
  if (before.findings.length === 0 && path === undefined) return [];
  const values = [...new Set(session.values.values())].filter((v) => v.length >= 4 && after.includes(v));
  if (values.length === 0) return [];
  const viewBefore = maskedView(before, original, path);
  const viewAfter = maskedView(masker.maskInSession(after, new MaskSession()), after, path);
  return values.filter((v) => occurrences(viewAfter, v) > occurrences(viewBefore, v));
}

function occurrences(text: string, v: string): number {
  let n = 0;
  for (let i = text.indexOf(v); i >= 0; i = text.indexOf(v, i + v.length)) n++;
  return n;
}
