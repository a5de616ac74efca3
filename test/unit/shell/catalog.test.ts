// Every catalog rule carries true- and false-positive examples, and they behave (the gitleaks habit).
import assert from 'node:assert/strict';
import { analyzeCommand, CATALOG } from '../../../src/core/shell/index';

const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev' };

describe('command rule catalog', () => {
  it('has unique ids whose category is the id prefix', () => {
    const ids = CATALOG.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^[a-z0-9]+\.[a-z0-9-]+$/);
  });

  for (const rule of CATALOG) {
    describe(rule.id, () => {
      it('has a description and both kinds of example', () => {
        assert.ok(rule.description.length > 20, 'description');
        assert.ok(rule.examples.destructive.length > 0, 'no destructive example');
        assert.ok(rule.examples.benign.length > 0, 'no benign example');
      });
      for (const ex of rule.examples.destructive) {
        it(`flags ${JSON.stringify(ex.slice(0, 80))}`, () => {
          const a = analyzeCommand(ex, env);
          assert.ok(
            a.findings.some((f) => f.rule === rule.id),
            `not flagged by ${rule.id}: ${JSON.stringify(a.findings.map((f) => f.rule))}`,
          );
        });
      }
      for (const ex of rule.examples.benign) {
        it(`does not flag ${JSON.stringify(ex.slice(0, 80))}`, () => {
          const a = analyzeCommand(ex, env);
          const hit = a.findings.find((f) => f.rule === rule.id);
          assert.equal(hit, undefined, hit && hit.explanation);
        });
      }
    });
  }
});
