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
 * Restore the placeholders in `newText` from the secrets in `original` (the file on disk), by masking
 * `original` again: the same text gives the same numbering. Unknown placeholder → refuse. `path`: the file's
 * path, when the read was masked by it too (pathed.ts: a Docker secret, Rails' master key), so the placeholders
 * the path gave are restored the same way.
 */
export function restorePlaceholders(newText: string, original: string, opts: MaskOptions = {}, path?: string): RestoreResult {
  if (typeof newText !== 'string' || typeof original !== 'string') return { ok: false, reason: 'restorePlaceholders expects two strings' };
  if (!containsPlaceholder(newText)) return { ok: true, text: newText, restored: 0 };
  let session: MaskSession;
  let byPath: Map<string, string> | undefined;
  try {
    session = new MaskSession();
    const result: MaskResult = createMasker(opts).maskInSession(original, session);
    if (path !== undefined) byPath = pathPlaceholders(path, original, result);
  } catch (e) {
    return { ok: false, reason: `could not re-mask the file on disk to restore secrets: ${(e as Error).message}` };
  }
  const literal = (p: string) => original.includes(p);
  let restored = 0;
  let refused: string | undefined;
  const text = newText.replace(PLACEHOLDER_RE, (p) => {
    const secret = session.values.get(p) ?? byPath?.get(p);
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

function maskedView(result: MaskResult, original: string, path: string | undefined): string {
  return path !== undefined ? maskByPath(path, original, result).text : result.text;
}
