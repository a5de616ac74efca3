// Run-time validation of tool input. The JSON schema in package.json only advises the model; what arrives
// here is untrusted, so every field is checked and anything unexpected is refused with a message the model
// can act on (which field, what was expected).
import { ToolRefusal } from './env';

export type Input = Record<string, unknown>;

export function asObject(input: unknown, known: readonly string[]): Input {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new ToolRefusal('the tool input must be a JSON object');
  const o = input as Input;
  const extra = Object.keys(o).filter((k) => !known.includes(k));
  if (extra.length) throw new ToolRefusal(`unknown input field(s) ${extra.map((k) => JSON.stringify(k)).join(', ')}; known fields: ${known.join(', ')}`);
  return o;
}

export function str(o: Input, key: string, opts: { optional?: false; allowEmpty?: boolean; max?: number }): string;
export function str(o: Input, key: string, opts: { optional: true; allowEmpty?: boolean; max?: number }): string | undefined;
export function str(o: Input, key: string, opts: { optional?: boolean; allowEmpty?: boolean; max?: number }): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) {
    if (opts.optional) return undefined;
    throw new ToolRefusal(`\`${key}\` is required (a string)`);
  }
  if (typeof v !== 'string') throw new ToolRefusal(`\`${key}\` must be a string, not ${typeof v}`);
  if (!opts.allowEmpty && v.length === 0) throw new ToolRefusal(`\`${key}\` must not be empty`);
  const max = opts.max ?? 4096;
  if (v.length > max) throw new ToolRefusal(`\`${key}\` is longer than ${max} characters`);
  return v;
}

export function int(o: Input, key: string, opts: { min: number; max?: number }): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new ToolRefusal(`\`${key}\` must be a whole number`);
  if (v < opts.min) throw new ToolRefusal(`\`${key}\` must be at least ${opts.min}`);
  if (opts.max !== undefined && v > opts.max) throw new ToolRefusal(`\`${key}\` must be at most ${opts.max}`);
  return v;
}

export function bool(o: Input, key: string): boolean | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw new ToolRefusal(`\`${key}\` must be true or false`);
  return v;
}

/** Largest text a write or edit may carry (characters). */
export const MAX_CONTENT_CHARS = 4 * 1024 * 1024;
