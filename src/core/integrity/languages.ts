// What a test looks like in each language: how a test is declared, disabled, focused, asserted and left empty.
// Patterns run on code with comments blanked (a commented-out test is not a test), line by line, so a
// detector can say which lines changed what it counts.

export type Lang = 'js' | 'python' | 'go' | 'rust' | 'jvm' | 'dotnet' | 'php' | 'ruby';

export function langOf(path: string): Lang | undefined {
  const m = /\.([A-Za-z0-9]+)$/.exec(path);
  switch (m?.[1].toLowerCase()) {
    case 'js':
    case 'jsx':
    case 'ts':
    case 'tsx':
    case 'mjs':
    case 'cjs':
    case 'mts':
    case 'cts':
    case 'vue':
    case 'svelte':
      return 'js';
    case 'py':
      return 'python';
    case 'go':
      return 'go';
    case 'rs':
      return 'rust';
    case 'java':
    case 'kt':
    case 'kts':
    case 'groovy':
    case 'scala':
      return 'jvm';
    case 'cs':
    case 'fs':
    case 'vb':
      return 'dotnet';
    case 'php':
      return 'php';
    case 'rb':
      return 'ruby';
    default:
      return undefined;
  }
}

export interface LangPatterns {
  /** A test, suite or test case is declared here (counted: fewer means a test was removed). */
  testDecl: RegExp[];
  /** A test is switched off or marked expected to fail. */
  disable: RegExp[];
  /** The same, but written as a comment the compiler reads (Go build constraints): matched on the raw text. */
  disableRaw?: RegExp[];
  /** One test is focused, which silently switches off every other test in the run. */
  focus: RegExp[];
  /** An assertion (counted: fewer means the tests check less). */
  assertion: RegExp[];
  /** A test whose body is empty (matched on the whole code text: a body spans lines). */
  emptyTest: RegExp[];
}

const HASH_COMMENTS = new Set<Lang>(['python', 'ruby']);

/**
 * The text with comments replaced by spaces (line structure kept), so a commented-out test or assertion does
 * not count. A small scanner that knows string literals (a glob such as '**\/*.ts' in a string is not a
 * comment); not a parser: regex literals and nested template expressions are read as plain code.
 */
export function blankComments(text: string, lang: Lang): string {
  const hash = HASH_COMMENTS.has(lang);
  if (hash ? !text.includes('#') : !text.includes('/')) return text;
  const parts: string[] = [];
  let copied = 0; // text before this index is already in parts
  const blank = (from: number, to: number) => {
    parts.push(text.slice(copied, from), text.slice(from, to).replace(/[^\n]/g, ' '));
    copied = to;
  };
  const n = text.length;
  let quote = 0;
  for (let i = 0; i < n;) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (c === 92 /* \\ */) i += 2;
      else {
        if (c === quote || (c === 10 && quote !== 96 && !hash)) quote = 0; // an unterminated string ends at the line
        i++;
      }
      continue;
    }
    if (c === 34 || c === 39 || c === 96) {
      quote = c;
      i++;
    } else if (hash ? c === 35 : c === 47 && text.charCodeAt(i + 1) === 47) {
      let end = text.indexOf('\n', i);
      if (end < 0) end = n;
      blank(i, end);
      i = end;
    } else if (!hash && c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? n : close + 2;
      blank(i, end);
      i = end;
    } else i++;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

const g = (re: RegExp) => new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');

export const PATTERNS: Record<Lang, LangPatterns> = {
  js: {
    // A skipped, focused or todo test is still declared (switching one off is test.disabled's, not a removal).
    testDecl: [
      /(?<![.\w$])[xf]?(?:it|test|specify)(?:\.(?:skip|only|todo|fixme|failing|fails|concurrent|sequential))*(?:\.each\s*(?:\([^)]*\)|`[^`]*`))?\s*\(\s*['"`]/,
    ],
    disable: [
      /(?<![\w$])(?:describe|it|test|context|suite|specify)(?:\.\w+)*\.(?:skip|todo|fixme|fails?)\b/,
      /(?<![\w$.])x(?:it|describe|test|context|specify)\s*\(/,
      /(?<![\w$.])(?:pending)\s*\(/,
      /(?<![\w$])this\.skip\s*\(/,
    ],
    focus: [/(?<![\w$])(?:describe|it|test|context|suite|specify)(?:\.\w+)*\.only\b/, /(?<![\w$.])f(?:it|describe)\s*\(/],
    assertion: [
      /(?<![\w$])expect\s*\(/,
      /(?<![\w$])expect(?:Type)?Of\s*\(/,
      /(?<![\w$.])assert(?:\.\w+)?\s*\(/,
      /\.should\b/,
      /(?<![\w$])t\.(?:is|not|deepEqual|notDeepEqual|true|false|truthy|falsy|throws|throwsAsync|assert|equal|same|ok|match|regex|snapshot)\s*\(/,
    ],
    emptyTest: [/(?<![.\w$])(?:it|test)\s*\(\s*(['"`])[^'"`\n]*\1\s*,\s*(?:async\s*)?(?:function\s*\w*\s*\([^)]*\)|\([^)]*\)\s*=>|\w+\s*=>)\s*\{\s*\}\s*\)/],
  },
  python: {
    testDecl: [/^\s*(?:async\s+)?def\s+test\w*\s*\(/m],
    disable: [
      /@(?:pytest\.mark|mark)\.(?:skip|skipif|xfail)\b/,
      /(?<![\w.])pytestmark\s*=.*\b(?:skip|skipif|xfail)\b/,
      /@unittest\.(?:skip|skipIf|skipUnless|expectedFailure)\b/,
      /(?<![\w.])(?:pytest\.skip|pytest\.xfail|self\.skipTest)\s*\(/,
      /raise\s+(?:unittest\.)?SkipTest\b/,
    ],
    focus: [],
    assertion: [
      /^\s*assert\b/m,
      /\bself\.(?:assert|fail)\w*\s*\(/,
      /(?<![\w.])pytest\.(?:raises|warns|approx)\s*\(/,
      /(?<![\w.])(?:assert_\w+|np\.testing\.assert\w*)\s*\(/,
    ],
    emptyTest: [/^([^\S\n]*)(?:async\s+)?def\s+test\w*\s*\([^)]*\)\s*(?:->\s*[\w\[\], ]+)?:\s*\n\s*(?:pass|\.\.\.|return)\s*$/m],
  },
  go: {
    testDecl: [/^func\s+(?:Test|Benchmark|Fuzz|Example)\w*\s*\(/m, /\bt\.Run\s*\(/],
    disable: [/\b\w+\.Skip(?:f|Now)?\s*\(/],
    disableRaw: [/^\/\/go:build\s/m, /^\/\/\s*\+build\s/m],
    focus: [],
    assertion: [
      /\b(?:assert|require|is|qt)\.\w+\s*\(/,
      /\bt\.(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)\s*\(/,
      /\bif\s+(?:diff\s*:?=\s*)?cmp\.Diff\b/,
      /\bExpect\s*\(/,
    ],
    emptyTest: [/^func\s+Test\w*\s*\(\s*\w+\s+\*testing\.T\s*\)\s*\{\s*\}/m],
  },
  rust: {
    testDecl: [/#\[(?:\w+::)*test\b[^\]]*\]/, /(?<![\w:])proptest!\s*\{/],
    disable: [/#\[ignore\b[^\]]*\]/, /#\[should_panic\b[^\]]*\]/, /#\[cfg\(\s*any\(\s*\)\s*\)\]/],
    focus: [],
    assertion: [
      /(?<![\w:])(?:debug_)?assert(?:_eq|_ne|_matches)?!\s*\(/,
      /(?<![\w:])prop_assert\w*!\s*\(/,
      /(?<![\w:])(?:insta::)?assert_\w+_snapshot!\s*\(/,
      /\bpanic!\s*\(/,
    ],
    emptyTest: [/#\[(?:\w+::)*test\b[^\]]*\]\s*(?:#\[[^\]]*\]\s*)*(?:async\s+)?fn\s+\w+\s*\(\s*\)\s*\{\s*\}/],
  },
  jvm: {
    testDecl: [/@(?:Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate|Property)\b/, /^\s*(?:def|void)\s+['"][^'"]+['"]\s*\(/m],
    disable: [
      /@Disabled(?:If\w*|On\w*|For\w*)?\b/,
      /@Ignore\b/,
      /@EnabledIf\w*\b/,
      /\.config\s*\([^)]*\benabled\s*=\s*false/,
      /(?<![\w.])x(?:test|should|context|describe|it)\s*\(/,
    ],
    focus: [/(?<![\w.])f(?:test|context|describe|it)\s*\(/],
    assertion: [
      /(?<![\w.])(?:Assert(?:ions)?\.)?assert\w*\s*\(/,
      /(?<![\w])(?:Mockito\.)?verify\s*\(/,
      /\b(?:shouldBe|shouldNotBe|shouldThrow\w*|shouldContain\w*)\b/,
      /\bexpect\s*[({]/,
      /^\s*assert\s/m,
      /\bthen:\s*$/m,
    ],
    emptyTest: [/@Test\b[^{;]*?(?:void|fun)\s+\w+\s*\(\s*\)\s*(?::\s*Unit\s*)?(?:throws\s+[\w.,\s]+)?\{\s*\}/],
  },
  dotnet: {
    testDecl: [/\[\s*(?:Fact|Theory|Test|TestCase|TestMethod|DataTestMethod|SkippableFact|SkippableTheory)\b/],
    disable: [
      /\[\s*(?:Fact|Theory)\s*\([^)\]]*\bSkip\s*=/,
      /[[,]\s*Ignore\b/,
      /[[,]\s*Explicit\b/,
      /\bSkip\.(?:If|IfNot|Unless)\s*\(/,
      /\bAssert\.(?:Inconclusive|Ignore)\s*\(/,
    ],
    focus: [],
    assertion: [/\bAssert\.\w+\s*\(/, /\.Should(?:\(\)|Be\w*)\b/, /\bVerify(?:Async)?\s*\(/, /\bStringAssert\.\w+\s*\(/, /\bCollectionAssert\.\w+\s*\(/],
    emptyTest: [/\[\s*(?:Fact|Test|TestMethod|Theory)[^\]]*\]\s*(?:\[[^\]]*\]\s*)*public\s+(?:async\s+)?(?:void|Task)\s+\w+\s*\([^)]*\)\s*\{\s*\}/],
  },
  php: {
    testDecl: [/function\s+test\w*\s*\(/, /#\[Test\]/, /@test\b/, /(?<![\w>$])(?:it|test)\s*\(\s*['"]/],
    disable: [/\bmarkTest(?:Skipped|Incomplete)\s*\(/, /->(?:skip|todo)\s*\(/, /#\[(?:RequiresPhp|Group\(\s*['"]skip)/],
    focus: [/->only\s*\(/],
    assertion: [/(?:\$this->|self::|static::|Assert::)assert\w*\s*\(/, /\bexpect\s*\(/, /\$this->expectException\w*\s*\(/, /->(?:assert\w+)\s*\(/],
    emptyTest: [/function\s+test\w*\s*\(\s*\)\s*(?::\s*void\s*)?\{\s*\}/],
  },
  ruby: {
    testDecl: [/^\s*[xf]?(?:it|specify|scenario|test)\s*(?:\(\s*)?['"]/m, /^\s*def\s+test_\w+/m],
    disable: [/^\s*(?:skip|pending)\b(?!_)/m, /^\s*x(?:it|describe|context|specify|scenario)\b/m, /\b(?:skip|pending):\s*(?:true|['"])/],
    focus: [/^\s*f(?:it|describe|context|specify)\b/m, /\bfocus:\s*true\b/],
    assertion: [
      /\bexpect\s*[({]/,
      /(?<![\w.])(?:assert|refute)\w*\b/,
      /\.must_\w+/,
      /\.to(?:_not)?\s+(?:eq|eql|equal|be|match|include|raise_error|change|have_\w+|contain_exactly)\b/,
      /\bis_expected\b/,
    ],
    emptyTest: [/^\s*(?:it|specify|test)\s*(?:\(\s*)?['"][^'"\n]*['"]\s*\)?\s*(?:do|\{)\s*(?:end|\})/m, /^\s*def\s+test_\w+\s*\n\s*end\b/m],
  },
};

/** Global copies, compiled once, for counting. */
export const PATTERNS_G: Record<Lang, Record<keyof LangPatterns, RegExp[]>> = Object.fromEntries(
  Object.entries(PATTERNS).map(([lang, p]) => [
    lang,
    Object.fromEntries(
      ['testDecl', 'disable', 'disableRaw', 'focus', 'assertion', 'emptyTest'].map((k) => [k, ((p as LangPatterns)[k as keyof LangPatterns] ?? []).map(g)]),
    ),
  ]),
) as Record<Lang, Record<keyof LangPatterns, RegExp[]>>;

export function countAll(text: string, res: readonly RegExp[]): number {
  let n = 0;
  for (const re of res) {
    re.lastIndex = 0;
    n += text.match(re)?.length ?? 0;
  }
  return n;
}

/** The code reads as tests: it declares a test, or switches one off or focuses one. */
export function looksLikeTest(code: string, lang: Lang): boolean {
  const p = PATTERNS[lang];
  return [p.testDecl, p.focus, p.disable].some((res) => res.some((re) => re.test(code)));
}

/** Tests switched off in the file: in code, plus the compiler-read comments that do it (on the raw text). */
export function countDisabled(code: string, raw: string, lang: Lang): number {
  const p = PATTERNS_G[lang];
  return countAll(code, p.disable) + countAll(raw, p.disableRaw);
}
