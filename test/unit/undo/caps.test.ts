// The undo caps a person sets in `.agentguard.yaml` (undo.maxFileBytes, undo.maxSessionBytes): read from the
// policy, so the hook CLI and the MCP server keep within the same caps as the editor. An untrusted workspace
// cannot lower them (a planted file setting them to one byte would make an agent's damage impossible to
// take back), and a value that is not a positive integer is an error naming the key.
import { strict as assert } from 'node:assert';
import { compilePolicy } from '../../../src/node/policyStore';

const F = '/ws/.agentguard.yaml';

describe('undo caps in the policy', () => {
  it('the shipped defaults: 32 MiB a file, 1 GiB a session', () => {
    const { policy } = compilePolicy(undefined, undefined, true);
    assert.deepEqual(policy!.undo, { maxFileBytes: 32 << 20, maxSessionBytes: 1 << 30 });
  });

  it('a trusted workspace sets both caps', () => {
    const { policy, errors } = compilePolicy('version: 1\nundo:\n  maxFileBytes: 4096\n  maxSessionBytes: 65536\n', F, true);
    assert.deepEqual(errors, []);
    assert.deepEqual(policy!.undo, { maxFileBytes: 4096, maxSessionBytes: 65536 });
  });

  it('an untrusted workspace cannot lower them', () => {
    const { policy } = compilePolicy('version: 1\nundo:\n  maxFileBytes: 1\n  maxSessionBytes: 1\n', F, false);
    assert.deepEqual(policy!.undo, { maxFileBytes: 32 << 20, maxSessionBytes: 1 << 30 });
  });

  it('a bad value or an unknown key is an error that names it', () => {
    for (const [text, key] of [
      ['version: 1\nundo:\n  maxFileBytes: -5\n', 'undo.maxFileBytes'],
      ['version: 1\nundo:\n  maxSessionBytes: lots\n', 'undo.maxSessionBytes'],
      ['version: 1\nundo:\n  maxFiles: 3\n', 'maxFiles'],
    ] as const) {
      const { policy, errors } = compilePolicy(text, F, true);
      assert.equal(policy, undefined, text);
      assert.ok(
        errors.some((e) => e.severity === 'error' && e.message.includes(key)),
        `${text}: ${JSON.stringify(errors)}`,
      );
    }
  });
});
