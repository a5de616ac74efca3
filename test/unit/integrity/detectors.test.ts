// Every test-integrity detector against its own true- and false-positive samples (the samples live with the
// detector, as the secret rules' do), plus the diff that a dialog will show.
import { strict as assert } from 'node:assert';
import { checkTestIntegrity, DETECTORS, looksLikeTestFile } from '../../../src/core/integrity';
import { diffLines, splitLines } from '../../../src/core/integrity/diff';

describe('test-integrity detectors: their samples', () => {
  for (const d of DETECTORS) {
    describe(`${d.id}: ${d.title}`, () => {
      it('has true- and false-positive samples', () => {
        assert.ok(d.samples.hit.length > 0 && d.samples.miss.length > 0);
      });
      for (const [i, s] of d.samples.hit.entries()) {
        it(`finds hit #${i + 1} (${s.path}), naming changed lines`, () => {
          const f = checkTestIntegrity(s.path, s.old, s.new).find((x) => x.detector === d.id);
          assert.ok(f, `no ${d.id} finding for ${JSON.stringify(s)}`);
          assert.ok(f.reason.length > 10);
          if (s.old !== undefined && s.new !== undefined) assert.ok(f.lines.length > 0, 'a finding names the lines that did it');
        });
      }
      for (const [i, s] of d.samples.miss.entries()) {
        it(`stays quiet on miss #${i + 1} (${s.path})`, () => {
          const f = checkTestIntegrity(s.path, s.old, s.new).find((x) => x.detector === d.id);
          assert.equal(f, undefined, f && `${f.reason}: ${JSON.stringify(f.lines)}`);
        });
      }
    });
  }
});

describe('test-integrity: the whole check', () => {
  it('an unchanged file has no finding', () => {
    const t = "it('a', () => { it.skip('b', () => {}); });\n";
    assert.deepEqual(checkTestIntegrity('a.test.ts', t, t), []);
  });

  it('the finding shows the added skip with its line number', () => {
    const old = "describe('m', () => {\n  it('a', () => {\n    expect(1).toBe(1);\n  });\n});\n";
    const neu = old.replace("it('a'", "it.skip('a'");
    const [f] = checkTestIntegrity('src/m.spec.ts', old, neu);
    assert.equal(f.detector, 'test.disabled');
    assert.deepEqual(f.lines, [{ side: '+', line: 2, text: "  it.skip('a', () => {" }]);
  });

  it('works wherever the file lives (a test outside every test glob)', () => {
    const old = 'def test_total():\n    assert total() == 3\n';
    const f = checkTestIntegrity('tools/checks/verify_totals.py', old, '@pytest.mark.skip\n' + old);
    assert.deepEqual(
      f.map((x) => x.detector),
      ['test.disabled'],
    );
  });

  it('an ordinary source edit has no finding', () => {
    const old = 'export function add(a: number, b: number) {\n  return a + b;\n}\n';
    assert.deepEqual(checkTestIntegrity('src/add.ts', old, old.replace('a + b', 'b + a')), []);
  });

  it('fails closed on a text too large to compare', () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    assert.equal(checkTestIntegrity('a.test.ts', '', big)[0].detector, 'integrity.too-large');
  });
});

describe('line diff', () => {
  const d = (a: string, b: string) => diffLines(splitLines(a), splitLines(b)).map((c) => `${c.side}${c.line}:${c.text}`);
  it('names removed and added lines with their numbers', () => {
    assert.deepEqual(d('a\nb\nc\n', 'a\nB\nc\nd\n'), ['-2:b', '+2:B', '+4:d']);
  });
  it('handles a created and an emptied text', () => {
    assert.deepEqual(d('', 'x\n'), ['+1:x']);
    assert.deepEqual(d('x\ny\n', ''), ['-1:x', '-2:y']);
  });
  it('finds the shortest edit in a long file', () => {
    const a = Array.from({ length: 500 }, (_, i) => `line ${i}`);
    const b = [...a.slice(0, 200), 'inserted', ...a.slice(200, 400), ...a.slice(401)];
    assert.deepEqual(
      diffLines(a, b).map((c) => `${c.side}${c.line}`),
      ['+201', '-401'],
    );
  });
});

describe('looksLikeTestFile', () => {
  it('knows a test by its content wherever it lives, and an ordinary module as ordinary', () => {
    assert.equal(looksLikeTestFile('tools/verify.py', 'def test_total():\n    assert total() == 3\n'), true);
    assert.equal(looksLikeTestFile('src/checks.ts', "describe('x', () => { it('y', () => {}); });\n"), true);
    assert.equal(looksLikeTestFile('src/app.ts', 'export const a = 1;\n'), false);
    assert.equal(looksLikeTestFile('src/app.ts', "// it('commented out', () => {})\nexport const a = 1;\n"), false);
    assert.equal(looksLikeTestFile('README.md', "it('y', () => {})\n"), false);
  });
});
