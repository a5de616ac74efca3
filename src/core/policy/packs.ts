// Ecosystem packs: what each ecosystem calls its tests, its test and strictness configuration and its secret
// files (policies/packs/*.yaml, embedded by scripts/gen-packs.mjs), and which root entries reveal it.
// Detection takes the names at a folder's root from the caller: the core does no I/O.
import { Minimatch } from 'minimatch';
import { loadPolicyText, type PackMeta, type PolicyLayer } from './load';
import { PACK_SOURCES } from './packs.generated';

export const PACK_NAMES: readonly string[] = Object.keys(PACK_SOURCES);

export interface Pack {
  meta: PackMeta;
  layer: PolicyLayer;
  detectors: Minimatch[];
}

/** Why a pack is in force: named in `extends:`, or detected from these root entries. */
export interface PackUse {
  name: string;
  title: string;
  why: 'named' | 'detected';
  evidence: string[];
}

const cache = new Map<string, Pack>();

/** A shipped pack, parsed once. Throws on an unknown name or a broken pack (shipped data; a test holds each valid). */
export function shippedPack(name: string): Pack {
  let pack = cache.get(name);
  if (pack) return pack;
  const text = PACK_SOURCES[name];
  if (text === undefined) throw new Error(`unknown pack ${JSON.stringify(name)}; known: ${PACK_NAMES.join(', ')}`);
  const { layer, errors } = loadPolicyText(text, `policies/packs/${name}.yaml`, { isPack: true });
  const bad = errors.filter((e) => e.severity === 'error');
  if (bad.length || !layer.pack) throw new Error(`the shipped pack ${name} is invalid: ${bad.map((e) => `${e.line}:${e.column} ${e.message}`).join('; ')}`);
  if (layer.pack.name !== name) throw new Error(`policies/packs/${name}.yaml names itself ${layer.pack.name}`);
  pack = { meta: layer.pack, layer, detectors: layer.pack.detect.map((g) => new Minimatch(g, { dot: true, nocase: true, nocomment: true, nonegate: true })) };
  cache.set(name, pack);
  return pack;
}

/**
 * The ecosystems present in a folder, from the names at its root (`readdir` of the folder). Entries may also be
 * relative paths a level or two down (`backend/pyproject.toml`), for monorepos: each is judged by its last
 * segment. The caller leaves out what is not the project's own (`node_modules/`, `vendor/`, virtualenvs).
 */
export function detectEcosystems(entries: readonly string[]): PackUse[] {
  const out: PackUse[] = [];
  for (const name of PACK_NAMES) {
    const pack = shippedPack(name);
    const evidence: string[] = [];
    for (const entry of entries) {
      if (typeof entry !== 'string' || entry === '') continue;
      const base = entry.slice(entry.lastIndexOf('/') + 1);
      if (pack.detectors.some((m) => m.match(base))) evidence.push(entry);
    }
    if (evidence.length) out.push({ name, title: pack.meta.title, why: 'detected', evidence: evidence.sort().slice(0, 5) });
  }
  return out;
}

/** Every pack's `detect` globs, for a watcher that reloads the policy when such a manifest appears or goes. */
export function packDetectGlobs(): string[] {
  return [...new Set(PACK_NAMES.flatMap((n) => shippedPack(n).meta.detect))];
}
