// The hook bridge's answer holds no decision logic: no engine, no audit writer, no policy of its own. Checked
// on what it actually loads: bundled on its own, its inputs must include none of them (type imports are
// erased; a value import would pull the module in). The decisions are GuardService.run's, in the chain.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { buildSync } from 'esbuild';

const REPO = path.join(__dirname, '..', '..', '..');

function inputsOf(entry: string): string[] {
  const r = buildSync({
    entryPoints: [path.join(REPO, entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    outfile: path.join(REPO, '.tmp', 'answer-probe.js'),
    logLevel: 'error',
  });
  return Object.keys(r.metafile.inputs);
}

describe('the hook bridge answer', () => {
  const FORBIDDEN = [
    'src/core/engine.ts',
    'src/core/compiledPolicy.ts',
    'src/core/paths/guard.ts',
    'src/core/shell/index.ts',
    'src/core/secrets/index.ts',
    'src/node/auditWriter.ts',
    'src/node/policyStore.ts',
    'src/node/guardService.ts',
  ];

  it('loads no engine, audit writer or policy store: it hands every call to GuardService.run', () => {
    const inputs = inputsOf('src/node/hookBridge/answer.ts');
    assert.ok(
      inputs.some((i) => i.endsWith('src/core/hooks/index.ts')),
      'it maps payloads with the host mappers',
    );
    for (const f of FORBIDDEN) assert.ok(!inputs.some((i) => i.endsWith(f)), `answer.ts loads ${f}`);
  });

  it('the channel server and client load none of them either', () => {
    for (const entry of ['src/node/hookBridge/channelServer.ts', 'src/node/hookBridge/channelClient.ts']) {
      const inputs = inputsOf(entry);
      for (const f of FORBIDDEN) assert.ok(!inputs.some((i) => i.endsWith(f)), `${entry} loads ${f}`);
    }
  });
});
