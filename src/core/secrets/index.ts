// Secret masking: the model never sees a secret, and the disk never loses one.
import { createMasker as create } from './masker';
import type { MaskOptions, MaskResult } from './types';

export type { MaskOptions, MaskResult, SecretFinding } from './types';
export { containsPlaceholder, restorePlaceholders, secretsUnmaskedBy, type RestoreResult } from './restore';
export { maskValue } from './value';
export { valueLooksSecret } from './entropy';
export { KnownSecrets, valuesOfSecretFile } from './known';
export { validatePattern } from './patterns';
export { maskByPath, pathKind, PathKind } from './pathed';
export { ALL_RULES, BLOCK_RULES, LINE_RULES } from './catalog';
export { MaskSession, type Masker } from './masker';
/** The candidate passes bypassed (reading.ts): for the differential checks only, never the product. */
export { plainly } from './reading';

export function createMasker(opts?: MaskOptions): { mask(text: string): MaskResult; readonly errors: string[] } {
  return create(opts);
}

export function maskText(text: string, opts?: MaskOptions): MaskResult {
  return create(opts).mask(text);
}
