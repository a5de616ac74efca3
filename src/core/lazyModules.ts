// The costliest modules to initialise, required on first use: the engine (with the command classifier and
// its shell parser), the masking catalog (rule tables, the pre-scan's WebAssembly), the policy loader (with
// the YAML parser) and the test-integrity detectors. In the shipped bundles each is a bundle of its own next
// to the one that needs it (dist/engine.js, dist/secrets.js, dist/policyLoader.js, dist/integrity.js;
// esbuild.config.mjs), so loading the guard when VS Code activates the extension neither compiles nor runs
// their code: the first policy load, on the turn after activation, does (the detectors: the first write).
// From the sources (tests, tsx) they are the modules themselves.
import * as path from 'node:path';

/**
 * Set by esbuild.config.mjs in every shipped bundle; absent when the sources run directly. Tested inline in
 * each accessor: esbuild drops the sources' `require` only where the test folds to a constant in place.
 */
declare const AGENTGUARD_BUNDLED: boolean | undefined;

// A computed path, so a bundle leaves the module to its own file instead of inlining it.
const requireAt = (bundle: string): unknown => {
  const load = require;
  return load(path.join(__dirname, bundle));
};

export const engineModule = (): typeof import('./engine') =>
  (typeof AGENTGUARD_BUNDLED === 'boolean' ? requireAt('engine.js') : require('./engine')) as typeof import('./engine');
export const secretsModule = (): typeof import('./secrets') =>
  (typeof AGENTGUARD_BUNDLED === 'boolean' ? requireAt('secrets.js') : require('./secrets')) as typeof import('./secrets');

/** Test integrity (src/core/integrity/step.ts): its detectors load on the first write, not at activation. */
export const integrityModule = (): typeof import('./integrity/step') =>
  (typeof AGENTGUARD_BUNDLED === 'boolean' ? requireAt('integrity.js') : require('./integrity/step')) as typeof import('./integrity/step');

export interface PolicyLoader {
  loadPolicyText: typeof import('./policy/load').loadPolicyText;
  emptyLayer: typeof import('./policy/load').emptyLayer;
  mergeLayers: typeof import('./policy/layers').mergeLayers;
  detectEcosystems: typeof import('./policy/packs').detectEcosystems;
  packDetectGlobs: typeof import('./policy/packs').packDetectGlobs;
  renderPolicyFromDefault: typeof import('./policy/render').renderPolicyFromDefault;
}
export const policyLoaderModule = (): PolicyLoader =>
  (typeof AGENTGUARD_BUNDLED === 'boolean'
    ? requireAt('policyLoader.js')
    : { ...require('./policy/load'), ...require('./policy/layers'), ...require('./policy/packs'), ...require('./policy/render') }) as PolicyLoader;
