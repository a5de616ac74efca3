// One choke point for everything that is not a file read: audit arguments, the output channel,
// the panel. Strings are masked with the same rules; an object's secret-named key also masks its
// string value (an argument like {password: "hunter2x"} carries its context in the key, not the text).
import { valueLooksSecret } from './entropy';
import { createMasker, MaskSession, type Masker } from './masker';
import { classifyName } from './names';
import type { MaskOptions } from './types';

export function maskValue<T>(v: T, opts: MaskOptions = {}): T {
  const masker = createMasker(opts);
  const session = new MaskSession();
  return walk(v, masker, session, undefined, new WeakMap()) as T;
}

function walk(v: unknown, masker: Masker, session: MaskSession, key: string | undefined, seen: WeakMap<object, unknown>): unknown {
  if (typeof v === 'string') {
    const r = masker.maskInSession(v, session);
    if (r.findings.length === 0 && key !== undefined) {
      const strength = classifyName(key);
      if (strength !== null && valueLooksSecret(v, strength, true)) return session.placeholderFor('generic-secret', v);
    }
    return r.text;
  }
  if (v === null || typeof v !== 'object') return v;
  if (seen.has(v)) return seen.get(v);
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    seen.set(v, out);
    for (const x of v) out.push(walk(x, masker, session, key, seen));
    return out;
  }
  const out: Record<string, unknown> = {};
  seen.set(v, out);
  for (const [k, x] of Object.entries(v)) out[k] = walk(x, masker, session, k, seen);
  return out;
}
