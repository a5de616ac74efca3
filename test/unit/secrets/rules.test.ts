// Every rule carries true- and false-positive samples (gitleaks' discipline); a rule that misses its
// own true positive, or flags a false positive, fails here. The samples run through the whole masker,
// so a rule keyword the pre-scan cannot reach is caught too.
import assert from 'node:assert/strict';
import { ALL_RULES, maskText } from '../../../src/core/secrets';
import { leaks, linesOf } from './helpers';

describe('secret rule catalog', () => {
  it('has unique, placeholder-safe rule ids', () => {
    const ids = ALL_RULES.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length, `duplicate ids: ${ids.join(', ')}`);
    for (const id of ids) assert.match(id, /^[a-z0-9][a-z0-9-]*$/, id);
    assert.ok(ids.length >= 50, `only ${ids.length} rules`);
  });

  for (const rule of ALL_RULES) {
    describe(`rule ${rule.id}`, () => {
      const samples = rule.samples();

      it('carries at least one true-positive and one false-positive sample', () => {
        assert.ok(samples.truePositives.length > 0, `${rule.id} has no true positives`);
        assert.ok(samples.falsePositives.length > 0, `${rule.id} has no false positives`);
      });

      it('masks every true positive, leaving no 8-char window of the secret', () => {
        for (const tp of samples.truePositives) {
          const r = maskText(tp.text);
          assert.ok(
            r.findings.some((f) => f.rule === rule.id),
            `${rule.id} did not fire on ${JSON.stringify(tp.text).slice(0, 200)}; got ${r.findings.map((f) => f.rule).join(',')}`,
          );
          assert.equal(linesOf(r.text).length, linesOf(tp.text).length, 'line count changed');
          for (const s of tp.secrets) assert.ok(!leaks(r.text, s), `${rule.id} left part of ${s.slice(0, 6)}… in ${r.text.slice(0, 200)}`);
        }
      });

      it('leaves every false positive byte-identical', () => {
        for (const fp of samples.falsePositives) {
          const r = maskText(fp);
          assert.equal(r.text, fp, `${rule.id} false positive was changed by ${r.findings.map((f) => f.rule).join(',')}`);
          assert.deepEqual(r.findings, []);
        }
      });
    });
  }
});
