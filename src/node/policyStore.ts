// Loads the effective policy of a workspace from disk, keeping the last good one in force when the file
// breaks. A broken policy never opens the gate: with no good version yet, the strict policy applies.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { policyLoaderModule } from '../core/lazyModules';
import type { PolicyLayer } from '../core/policy/load';
import type { Policy, PolicyError } from '../core/policy/types';

/** The policy loader (and the YAML parser under it), required when a policy is first loaded (src/core/lazyModules.ts says why). */
const load = policyLoaderModule;
const layers = policyLoaderModule;

export const POLICY_FILE = '.agentguard.yaml';

/** The folder holding the shipped policies, found from the bundle (dist/) or the sources (src/node/). */
export function shippedPolicyDir(): string {
  const candidates = [path.join(__dirname, '..', 'policies'), path.join(__dirname, '..', '..', 'policies')];
  for (const c of candidates) if (fs.existsSync(path.join(c, 'default.yaml'))) return c;
  throw new Error(`AgentGuard cannot find its shipped policies (looked in ${candidates.join(', ')})`);
}

const shippedCache = new Map<string, PolicyLayer>();
export function shippedLayer(name: 'default' | 'strict'): PolicyLayer {
  let layer = shippedCache.get(name);
  if (!layer) {
    const file = path.join(shippedPolicyDir(), `${name}.yaml`);
    const { layer: l, errors } = load().loadPolicyText(fs.readFileSync(file, 'utf8'), file);
    const bad = errors.filter((e) => e.severity === 'error');
    if (bad.length) throw new Error(`the shipped policy ${file} is invalid: ${bad.map(formatError).join('; ')}`);
    shippedCache.set(name, (layer = l));
  }
  return layer;
}

/**
 * The text "Create Policy from Default" writes for a folder: the shipped default with an `extends:` line naming
 * the packs of the ecosystems found in it, and what revealed each, so the person sees what protects the project.
 */
export function policyFromDefault(workspace: string): string {
  const defaultText = fs.readFileSync(path.join(shippedPolicyDir(), 'default.yaml'), 'utf8');
  const loader = policyLoaderModule();
  return loader.renderPolicyFromDefault(defaultText, loader.detectEcosystems(workspaceEntries(workspace)));
}

export type PolicyState = 'ok' | 'last-good' | 'strict-fallback' | 'default';

export interface LoadedPolicy {
  policy: Policy;
  /** ok: the workspace file is in force; default: there is no file; last-good / strict-fallback: the file is broken. */
  state: PolicyState;
  errors: PolicyError[];
  file?: string;
}

export function formatError(e: PolicyError): string {
  return `${e.file}:${e.line}:${e.column}: ${e.severity === 'warning' ? 'warning: ' : ''}${e.message}`;
}

/**
 * Folders one level down that are never the project's own manifests: installed dependencies, virtualenvs,
 * build output, vendored trees. A `package.json` inside `node_modules/x` says nothing about this project.
 */
const NOT_THE_PROJECT = new Set([
  'node_modules',
  'bower_components',
  'jspm_packages',
  'vendor',
  'venv',
  'env',
  'virtualenv',
  'site-packages',
  '__pycache__',
  'target',
  'build',
  'dist',
  'out',
  'obj',
  'bin',
  'third_party',
  'third-party',
  'pods',
]);
/** Enough for any monorepo's top level; a folder with more is read no further (detection stays cheap on reload). */
const MAX_SUBFOLDERS = 64;

/**
 * The names that reveal a folder's ecosystems, for pack detection: its root entries, and the entries of its
 * subfolders one level down (`backend/pyproject.toml`, `web/package.json`: a monorepo's projects), leaving out
 * hidden folders and what is not the project's own (NOT_THE_PROJECT). An unreadable folder gives [] (no packs
 * detected: the shipped default alone, never less).
 */
export function workspaceEntries(workspace: string): string[] {
  let root: fs.Dirent[];
  try {
    root = fs.readdirSync(workspace, { withFileTypes: true });
  } catch {
    return [];
  }
  const out = root.map((d) => d.name);
  const subs = root
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && !NOT_THE_PROJECT.has(d.name.toLowerCase()))
    .map((d) => d.name)
    .sort()
    .slice(0, MAX_SUBFOLDERS);
  for (const sub of subs) {
    try {
      for (const name of fs.readdirSync(path.join(workspace, sub))) out.push(`${sub}/${name}`);
    } catch {
      /* unreadable: nothing detected from it */
    }
  }
  return out;
}

/**
 * The manifests whose presence decides which packs are detected, where workspaceEntries looks for them (the
 * root and one level down), as one glob for the editor's file watcher: one created or deleted, reload.
 */
export function manifestWatchGlob(): string {
  const globs = policyLoaderModule().packDetectGlobs();
  return `{${[...globs, ...globs.map((g) => `*/${g}`)].join(',')}}`;
}

/**
 * Parse and merge one policy text (no fallback). Errors include merge errors. `rootEntries`: the folder's
 * entries (workspaceEntries) to detect its ecosystems; detected packs apply with no file, with `auto` in
 * `extends`, and always in an untrusted workspace (layers.ts says why).
 */
export function compilePolicy(
  text: string | undefined,
  file: string | undefined,
  trusted: boolean,
  rootEntries?: readonly string[],
): { policy?: Policy; errors: PolicyError[] } {
  const loaded = text === undefined ? { layer: load().emptyLayer(), errors: [] } : load().loadPolicyText(text, file ?? POLICY_FILE);
  const errors = [...loaded.errors];
  const baseName = loaded.layer.extends === 'strict' ? 'strict' : 'default';
  const merged = layers().mergeLayers({
    base: shippedLayer(baseName),
    baseName,
    workspace: text === undefined ? undefined : { layer: loaded.layer, file: file ?? POLICY_FILE },
    trusted,
    rootEntries,
  });
  errors.push(...merged.errors);
  if (errors.some((e) => e.severity === 'error')) return { errors };
  return { policy: merged.policy, errors };
}

/** What applies while a file is broken and there never was a good one: strict, with the folder's packs (only tighter). */
export function strictPolicy(rootEntries?: readonly string[]): Policy {
  const merged = layers().mergeLayers({ base: shippedLayer('strict'), baseName: 'strict', trusted: true, rootEntries });
  return merged.policy;
}

/** Keeps the last good policy per workspace across reloads. */
export class PolicyStore {
  private lastGood = new Map<string, Policy>();

  load(workspace: string, opts: { trusted?: boolean; policyFile?: string } = {}): LoadedPolicy {
    const file = opts.policyFile ?? path.join(workspace, POLICY_FILE);
    let text: string | undefined;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' || opts.policyFile) {
        return this.fallback(workspace, [{ file, line: 1, column: 1, severity: 'error', message: `cannot read the policy: ${(e as Error).message}` }], file);
      }
    }
    const { policy, errors } = compilePolicy(text, file, opts.trusted ?? true, workspaceEntries(workspace));
    if (!policy) return this.fallback(workspace, errors, file);
    this.lastGood.set(workspace, policy);
    return { policy, state: text === undefined ? 'default' : 'ok', errors, file: text === undefined ? undefined : file };
  }

  private fallback(workspace: string, errors: PolicyError[], file: string): LoadedPolicy {
    const good = this.lastGood.get(workspace);
    if (good) return { policy: good, state: 'last-good', errors, file };
    return { policy: strictPolicy(workspaceEntries(workspace)), state: 'strict-fallback', errors, file };
  }
}
