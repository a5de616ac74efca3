// The masking choke point as the rest of the node layer sees it: one function per policy, applied to
// every string that leaves the guard (tool results, audit arguments, reasons, the panel, the log).
import { Minimatch } from 'minimatch';
import type { Policy } from '../core/policy/types';
import { createMasker, maskValue, type MaskOptions } from '../core/secrets';

export function maskOptions(policy: Policy): MaskOptions {
  return { extraPatterns: policy.masking.patterns, allowValues: policy.masking.allowValues };
}

/** maskValue bound to the policy; identity only when the policy switched masking off. */
export function createMaskFn(policy: Policy, _workspace: string): <T>(v: T) => T {
  if (!policy.masking.enabled) return <T>(v: T) => v;
  const opts = maskOptions(policy);
  return <T>(v: T) => maskValue(v, opts);
}

/** Masks a file's text for a read, unless the policy allow-lists the path. */
export function createFileMasker(policy: Policy): (relPath: string, text: string) => { text: string; masked: number } {
  const masker = createMasker(maskOptions(policy));
  const allow = policy.masking.allowPaths.map((g) => new Minimatch(g, { dot: true, nocase: true }));
  return (relPath, text) => {
    if (!policy.masking.enabled || allow.some((m) => m.match(relPath))) return { text, masked: 0 };
    const r = masker.mask(text);
    return { text: r.text, masked: r.findings.length };
  };
}
