// What VS Code loads right after activation (dist/guard.js) carries no shell parser, no YAML parser and no
// masking catalog: they load with the first policy, from their own bundles (src/core/lazyModules.ts). Checked on
// the bundle itself, built as esbuild.config.mjs builds it (AGENTGUARD_BUNDLED defined): one static value
// import on the way (the hook bridge's terminal state once imported the shell analyser) pulls them all in.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { buildSync } from 'esbuild';

const REPO = path.join(__dirname, '..', '..', '..');

describe('the guard bundle loaded at activation', () => {
  it('holds no shell parser, YAML parser, command analyser or masking code', () => {
    const r = buildSync({
      entryPoints: [path.join(REPO, 'src/vscode/guard.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: ['vscode'],
      define: { AGENTGUARD_BUNDLED: 'true' },
      write: false,
      metafile: true,
      outfile: path.join(REPO, '.tmp', 'guard-probe.js'),
      logLevel: 'error',
    });
    const inputs = Object.keys(r.metafile.inputs);
    assert.ok(
      inputs.some((i) => i.endsWith('src/node/hookBridge/terminals.ts')),
      'the bundle holds the hook bridge',
    );
    for (const f of ['node_modules/unbash/', 'node_modules/yaml/', 'src/core/shell/analyze.ts', 'src/core/secrets/', 'src/core/engine.ts'])
      assert.ok(!inputs.some((i) => i.includes(f)), `guard.js carries ${f}`);
  });
});
