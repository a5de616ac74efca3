// Write-back integrity. The model only ever saw placeholders; a write or edit that carries one must
// either get the real secret back from the file on disk or be refused. Threat: a placeholder written
// to disk silently destroys the credential (a broken deploy, a lost key); a guessed or forged
// placeholder must never pull a secret from somewhere it was not.
import { createMasker, MaskSession, PLACEHOLDER_OPEN } from './masker';
import { pathPlaceholders } from './pathed';
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
