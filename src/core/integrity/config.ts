// Which files configure tests, coverage, strictness or CI, and where in a shared manifest (package.json,
// pyproject.toml, setup.cfg) the test settings live. Pure: names and text only.

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Files whose whole purpose is test selection, coverage or test running. */
const TEST_CONFIG =
  /^(?:jest\.config(?:\.[\w-]+)*|vitest\.(?:config|workspace|projects)(?:\.[\w-]+)*|vite\.config(?:\.[\w-]+)*|playwright(?:-ct)?(?:\.[\w-]+)*\.config(?:\.[\w-]+)*|cypress\.config(?:\.[\w-]+)*|karma\.conf(?:\.[\w-]+)*|\.mocharc(?:\.[\w]+)?|\.nycrc(?:\.[\w]+)?|nyc\.config\.\w+|\.c8rc(?:\.json)?|ava\.config\.\w+|jasmine\.json|pytest\.ini|\.?pytest\.toml|tox\.ini|noxfile\.py|\.coveragerc|codecov\.ya?ml|\.codecov\.ya?ml|\.testcoverage\.ya?ml|\.config\/nextest\.toml|nextest\.toml|\.?tarpaulin\.toml|\.simplecov|\.rspec|phpunit(?:\.dist)?\.xml(?:\.dist)?|infection\.json5?(?:\.dist)?|[\w.-]+\.runsettings|xunit\.runner\.json|pom\.xml|build\.gradle(?:\.kts)?|Directory\.Build\.props|[\w.-]+\.csproj|Makefile)$/i;

/** CI definitions. */
const CI =
  /(?:^|\/)(?:\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.yml|\.circleci\/config\.ya?ml|azure-pipelines\.ya?ml|Jenkinsfile|bitbucket-pipelines\.yml|\.travis\.yml|\.drone\.yml|\.buildkite\/[^/]+\.ya?ml|appveyor\.ya?ml)$/i;

export type ConfigKind = 'test-config' | 'manifest' | 'tsconfig' | 'ci';

export function configKind(path: string): ConfigKind | undefined {
  const b = base(path);
  if (CI.test(path)) return 'ci';
  if (/^(?:package\.json|deno\.jsonc?|composer\.json|pyproject\.toml|setup\.cfg|Cargo\.toml)$/i.test(b)) return 'manifest';
  if (/^tsconfig(?:\.[\w-]+)*\.json$/i.test(b)) return 'tsconfig';
  if (TEST_CONFIG.test(b) || TEST_CONFIG.test(path.split('/').slice(-2).join('/'))) return 'test-config';
  return undefined;
}

/** In a shared manifest, does this (1-based) line sit in the test, coverage or lint settings? */
export function inTestSection(lines: readonly string[], line: number, path: string): boolean {
  const b = base(path).toLowerCase();
  if (/\.jsonc?$/.test(b)) return packageJsonKey(lines, line) !== undefined;
  // TOML / INI: the nearest [section] header above the line, and the line's own dotted key under it
  // (`tool.pytest.ini_options.addopts = …` before any header, `pytest.ini_options.testpaths` under `[tool]`).
  let section = '';
  for (let i = line - 1; i >= 0; i--) {
    const m = /^\s*\[+\s*([^\]]+?)\s*\]+\s*$/.exec(lines[i]);
    if (m) {
      section = m[1].replace(/\s+/g, '');
      break;
    }
  }
  const key = /^\s*([\w-]+(?:\s*\.\s*[\w-]+)*)\s*=/.exec(lines[line - 1] ?? '')?.[1].replace(/\s+/g, '');
  return [section, key && (section ? `${section}.${key}` : key)].some((c) => !!c && TEST_SECTION.test(c));
}

const TEST_SECTION =
  /^(?:tool[.:](?:pytest|coverage|tox|mypy|pyright|ruff|pylint|nox|hatch\.envs\.test)(?:[.:].*)?|pytest|coverage(?::.*)?|mypy(?:-.*)?|flake8|testenv(?::.*)?|tool:pytest|lints|\w+\.lints|profile\.test|lib|bin|test|bench)$/i;

const JSON_TEST_KEYS = /^(?:jest|nyc|c8|mocha|ava|vitest|playwright|jasmine|eslintConfig|xo|standard)$/;

/** package.json: the line is in a test tool's block or is a test script. */
function packageJsonKey(lines: readonly string[], line: number): string | undefined {
  const text = lines[line - 1] ?? '';
  if (/^\s*"(?:test|pretest|posttest|coverage|lint)(?::[^"]*)?"\s*:/.test(text)) return 'script';
  // Walk up to the enclosing top-level key: the nearest line above with less indentation that opens a block.
  const indent = (s: string) => s.length - s.trimStart().length;
  let level = indent(text);
  for (let i = line - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.trim() === '') continue;
    if (indent(l) < level) {
      const m = /^\s*"([^"]+)"\s*:\s*[[{]/.exec(l);
      if (m && JSON_TEST_KEYS.test(m[1])) return m[1];
      level = indent(l);
      if (level === 0) break;
    }
  }
  return undefined;
}
