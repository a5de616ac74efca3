// Masking speed (issue #16): a block rule reads every text the masker is given unless it says which texts (or
// which parts of a text) can hold its secret. Each ungated rule is one more pass over every file an agent reads;
// the 48 listed below, each cheap alone, made masking a source tree ~25 times slower than the pre-scan and the
// line rules that ran before them. A new block rule must declare at least one of: a `gate` literal of two
// characters or more (the pre-scan's literal pass answers it for all rules at once), `kinds` (sniff.ts), an
// `applies` test, `literals` for its `has`, or a `window` (windows.ts: only the lines around its locator's
// matches). Gating inside `scan` (holds/holdsAny before each expression) also keeps a rule cheap, but this test
// cannot see it: such a rule is listed here. The list may only shrink.
import assert from 'node:assert/strict';
import { BLOCK_RULES } from '../../../src/core/secrets';
import type { BlockRule } from '../../../src/core/secrets/types';

/** The block rules that declared none of those when this test was written (session 39). Remove a rule when it declares one. */
const UNGATED_BEFORE = new Set([
  'call-credential-lines',
  'percent-encoded-token',
  'elixir-attribute',
  'discord-bot-token-shape',
  'launchdarkly-key',
  'encoded-form',
  'secret-by-form',
  'chained-literal',
  'secret-by-word',
  'secret-by-directive',
  'secret-by-structure',
  'dump-context',
  'split-variable-secret',
  'prose-secret',
  'option-list-value',
  'credential-list',
  'encoded-url-credentials',
  'decoded-literal-secret',
  'webhook-url-secret',
  'admin-command-line',
  'method-call-secret',
  'named-token-prose',
  'salt-pepper-secret',
  'bundler-source-credential',
  'next-line-value',
  'continued-literal',
  'template-pieces',
  'transformed-token',
  'named-by-field',
  'comment-secret',
  'embedded-putty-key',
  'embedded-pgpass-password',
  'name-value-pair',
  'unnamed-credential',
  'secret-container',
  'upper-hex-key',
  'aws-secret-in-list',
  'byte-dump',
  'secret-flag-value',
  'joined-constants',
  'split-blob',
  'label-grammar',
  'device-config',
  'der-key-body',
  'char-codes',
  'head-pieces',
  'dialect-secret',
  'paired-line-secret',
]);

/** Whether the rule declares which texts it reads (see the header). A one-character gate (`.`, `-`, `@`) is in nearly every text. */
const declaresGating = (r: BlockRule): boolean =>
  r.gate.length >= 2 || r.kinds !== undefined || r.applies !== undefined || r.literals !== undefined || r.window !== undefined;

describe('block rules declare which texts they read (masking speed)', () => {
  it('no block rule beyond the listed ones reads every text ungated', () => {
    const ungated = BLOCK_RULES.filter((r) => !declaresGating(r)).map((r) => r.id);
    const added = ungated.filter((id) => !UNGATED_BEFORE.has(id));
    assert.deepEqual(added, [], `block rules that read every text: give each a gate (2+ characters), kinds, applies, literals or a window`);
  });
  it('the check tells a gated rule from an ungated one', () => {
    const base = BLOCK_RULES[0]!;
    assert.equal(declaresGating({ ...base, gate: '', kinds: undefined, applies: undefined, literals: undefined, window: undefined }), false);
    assert.equal(declaresGating({ ...base, gate: '.', kinds: undefined, applies: undefined, literals: undefined, window: undefined }), false);
    assert.equal(declaresGating({ ...base, gate: 'ssh-rsa', kinds: undefined, applies: undefined, literals: undefined, window: undefined }), true);
    assert.equal(declaresGating({ ...base, gate: '', kinds: 1, applies: undefined, literals: undefined, window: undefined }), true);
    assert.equal(
      declaresGating({ ...base, gate: '', kinds: undefined, applies: undefined, literals: undefined, window: { locate: /x/g, before: 0, after: 0 } }),
      true,
    );
  });
  it('the list holds only rules that exist and are still ungated (it only shrinks)', () => {
    const byId = new Map(BLOCK_RULES.map((r) => [r.id, r]));
    for (const id of UNGATED_BEFORE) {
      const r = byId.get(id);
      if (r !== undefined) assert.equal(declaresGating(r), false, `${id} now declares its gating: remove it from UNGATED_BEFORE`);
    }
  });
});
