// The workspace code a test runner imports and runs without the line naming it: the test files it collects
// (pytest's `test_*.py` under the paths given or the ini's `testpaths`, `python -m unittest`'s modules, jest's and
// vitest's `*.test.ts`, mocha's `test/`), the setup files its options and config name (`mocha --require`, jest's
// `setupFiles`, vitest's `globalSetup`). Compiled runners (`go test`, `cargo test`) are not here: a changed source
// they build is asked about as it is for any build (analyze.ts's judgeBuiltSources). The analyzer reads them (bounded) and follows their imports like those of a script run by name, so a
// module the agent changed is judged as strictly as when it is run directly.
// Threat: an allowed edit of `pkg/__init__.py` adds `print(open("".join([".","e","n","v"])).read()[::-1])`, then
// `pytest -s pkg/tests` prints the reversed .env to the model; the same through a jest setup file, a mocha
// `--require`, a vitest globalSetup.
// Pure: the analyzer supplies the file system.

import { dirOfArg } from './toolconfigs';

export interface TestRun {
  /** For explanations: `pytest`, `jest`, `mocha`… */
  runner: string;
  lang: 'python' | 'node';
  /** Paths as written: a file is an entry, a folder is searched through for `match`, anything else (a jest filter) means the cwd's tree. */
  paths: string[];
  /** Searched when no path is given (relative to the cwd). */
  dflt: string[];
  /** Base names (and, for node, path tails) of the files the runner collects. */
  match: RegExp;
  /** Files named as code by options (`mocha --require x.js`, `pytest -p` is toolconfigs' business): entries. */
  setup: string[];
  /** Config files (relative to the cwd) whose relative paths to code files name setup files: read, existing ones are entries. */
  configs: string[];
  /** pytest: an ini's `testpaths` replaces `dflt` when no path is given. */
  iniTestpaths?: boolean;
}

const PYTHON = /^(python[\d.]*|pypy3?|py)$/;
const RUNNERS = /^(yarn|pnpm|pnpx|bun|bunx|npx)$/;
const JS_TEST = /(?:^|[./])(?:test|spec)\.[cm]?[jt]sx?$|(?:^|\/)__tests__\/.*\.[cm]?[jt]sx?$/;
const PY_TEST = /^(?:test_.*|.*_test|conftest)\.py$/;
const JEST_CONFIGS = ['jest.config.js', 'jest.config.ts', 'jest.config.mjs', 'jest.config.cjs', 'jest.config.json', 'package.json'];
const VITEST_CONFIGS = [
  'vitest.config.ts',
  'vitest.config.js',
  'vitest.config.mts',
  'vitest.config.mjs',
  'vitest.config.cts',
  'vitest.config.cjs',
  'vite.config.ts',
  'vite.config.js',
  'vite.config.mts',
  'vite.config.mjs',
  'vitest.workspace.ts',
  'vitest.workspace.js',
];
const MOCHA_CONFIGS = ['.mocharc.js', '.mocharc.cjs', '.mocharc.json', '.mocharc.jsonc', '.mocharc.yml', '.mocharc.yaml', 'package.json'];

/** Runner options that take a value (not a test path). */
const VALUED =
  /^(-c|--config|-k|-m|-p|-t|--testNamePattern|--testPathPattern|-g|--grep|--reporter|-R|--timeout|--project|--run|--tags|-o|--rootdir|--confcutdir|--basetemp|-n|--maxfail|--tb|--ignore|--deselect|--durations|--junitxml|-W|--ui|--slow|--retries|--jobs|-j|--shard|--environment|--env|--dir|--root|--mode)$/;

function pathsOf(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === '--') {
      out.push(...args.slice(i + 1));
      break;
    }
    if (w.startsWith('-')) {
      if (VALUED.test(w)) i++;
      continue;
    }
    out.push(w.replace(/::.*$/, '').replace(/:\d+(?::\d+)?$/, ''));
  }
  return out;
}

/** The option values of `names` (`--require x`, `--require=x`, `-r x`). */
function optValues(args: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    for (const n of names) {
      if (w === n && i + 1 < args.length) out.push(args[++i]);
      else if (w.startsWith(`${n}=`)) out.push(w.slice(n.length + 1));
    }
  }
  return out;
}

/**
 * The test run a sub-command is (argv: its words after unwrapping, name first), or undefined. npm/yarn `test`
 * scripts are read by the analyzer as command lines, whose runners land here in turn.
 */
export function testRun(name: string, argv: readonly string[]): TestRun | undefined {
  if (RUNNERS.test(name)) {
    let i = 1;
    while (i < argv.length && argv[i].startsWith('-')) i++;
    if (/^(exec|dlx|x|run)$/.test(argv[i] ?? '')) i++;
    while (i < argv.length && argv[i].startsWith('-')) i++;
    const tool = (argv[i] ?? '').replace(/^.*\//, '').replace(/@[^@/]*$/, '');
    if (i < argv.length && tool !== name && /^(jest|vitest|mocha|pytest|py\.test)$/.test(tool)) return testRun(tool, argv.slice(i));
    return undefined;
  }
  const args = argv.slice(1);
  let pytest: readonly string[] | undefined;
  if (name === 'pytest' || name === 'py.test') pytest = args;
  else if (PYTHON.test(name)) {
    const m = args.findIndex((w) => w === '-m');
    if (m < 0 || !args.slice(0, m).every((w) => w.startsWith('-'))) return undefined;
    const mod = args[m + 1];
    if (mod === 'pytest' || mod === 'py.test') pytest = args.slice(m + 2);
    else if (mod === 'unittest') {
      const rest = args.slice(m + 2);
      const disc = rest.length === 0 || rest.filter((w) => !w.startsWith('-'))[0] === 'discover';
      if (disc) {
        const s = optValues(rest, ['-s', '--start-directory'])[0] ?? rest.filter((w) => !w.startsWith('-'))[1] ?? '.';
        return { runner: 'python -m unittest', lang: 'python', paths: [s], dflt: ['.'], match: /^test.*\.py$/, setup: [], configs: [] };
      }
      // Module names (`tests.test_calc`, `tests.test_calc.TestA.test_b`) or file paths.
      const paths = pathsOf(rest).map((w) => (w.endsWith('.py') || w.includes('/') ? w : `${w.split('.').join('/')}.py`));
      return { runner: 'python -m unittest', lang: 'python', paths, dflt: ['.'], match: /^test.*\.py$/, setup: [], configs: [] };
    } else return undefined;
  }
  if (pytest !== undefined) {
    const paths = pathsOf(pytest).map((p) => (/[*?[{]/.test(p) ? dirOfArg(p) : p));
    return { runner: 'pytest', lang: 'python', paths, dflt: ['.'], match: PY_TEST, setup: [], configs: [], iniTestpaths: true };
  }
  if (name === 'jest' || name === 'vitest') {
    const jest = name === 'jest';
    let rest = args;
    if (!jest && /^(run|watch|dev|related)$/.test(rest[0] ?? '')) rest = rest.slice(1);
    if (!jest && /^(bench|typecheck|list|init)$/.test(rest[0] ?? '')) return undefined;
    const cfg = optValues(rest, ['-c', '--config']);
    const configs = cfg.length ? cfg : jest ? JEST_CONFIGS : VITEST_CONFIGS;
    const setup = optValues(rest, jest ? ['--setupFiles', '--setupFilesAfterEnv', '--globalSetup', '--globalTeardown'] : ['--setupFiles', '--globalSetup']);
    return { runner: name, lang: 'node', paths: pathsOf(rest), dflt: ['.'], match: JS_TEST, setup, configs };
  }
  if (name === 'mocha') {
    const cfg = optValues(args, ['--config']);
    const setup = [...optValues(args, ['--require', '-r', '--file'])].filter((v) => /^[./]/.test(v) || /\.[cm]?[jt]sx?$/.test(v));
    const paths = pathsOf(args).map((p) => (/[*?[{]/.test(p) ? dirOfArg(p) : p));
    return { runner: 'mocha', lang: 'node', paths, dflt: ['test'], match: /\.[cm]?[jt]sx?$/, setup, configs: cfg.length ? cfg : MOCHA_CONFIGS };
  }
  return undefined;
}

/** pytest's `testpaths` from an ini file's text (pytest.ini, tox.ini, setup.cfg, pyproject.toml). */
export function iniTestpaths(text: string): string[] {
  const m = /^[ \t]*testpaths[ \t]*=[ \t]*(.*(?:\n[ \t]+\S.*)*)/m.exec(text);
  if (!m) return [];
  return m[1]
    .replace(/[[\]",']/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Relative paths to code files written in a runner's config (`setupFiles: ['./test/setup.ts']`, `require: test/x.js`). */
export function configCodePaths(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:<rootDir>\/)?(?:\.{1,2}\/)?[\w@-][\w@.-]*(?:\/[\w@.-]+)*\.[cm]?[jt]sx?(?![\w])/g)) {
    const p = m[0].replace(/^<rootDir>\//, '');
    if (/^(?:node_modules|\.pnpm)\//.test(p)) continue;
    out.push(p);
  }
  return out;
}
