// The workspace code a test runner imports and runs without the line naming it: the test files it collects
// (pytest's `test_*.py` under the paths given or the ini's `testpaths`, `python -m unittest`'s modules, jest's and
// vitest's `*.test.ts`, mocha's `test/`), the setup files its options and config name (`mocha --require`, jest's
// `setupFiles`, vitest's `globalSetup`), and for compiled runners the packages it builds (`go test ./...`, `cargo
// test`). The analyzer reads them (bounded) and follows their imports like those of a script run by name, so a
// module the agent changed is judged as strictly as when it is run directly.
// Threat: an allowed edit of `pkg/__init__.py` adds `print(open("".join([".","e","n","v"])).read()[::-1])`, then
// `pytest -s pkg/tests` prints the reversed .env to the model; the same through a jest setup file, a mocha
// `--require`, a vitest globalSetup, a Go package's `init()`.
// Pure: the analyzer supplies the file system.

import { dirOfArg } from './toolconfigs';

export interface TestRun {
  /** For explanations: `pytest`, `jest`, `go test`… */
  runner: string;
  lang: 'python' | 'node' | 'go' | 'rust';
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
  /** go test: folders are packages (their own files only), `x/...` a tree. */
  goPackages?: boolean;
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
  if (name === 'go') {
    let i = 0;
    while (i < args.length && args[i].startsWith('-')) i++;
    if (args[i] !== 'test') return undefined;
    const rest = args.slice(i + 1);
    // Package patterns only: go test's own flags with values are `-run X`, `-bench X`…, given as `-run=X` or `-run X`.
    const paths: string[] = [];
    for (let j = 0; j < rest.length; j++) {
      const w = rest[j];
      if (w.startsWith('-')) {
        if (
          !w.includes('=') &&
          /^--?(run|bench|count|cpu|timeout|tags|coverprofile|coverpkg|covermode|o|p|parallel|exec|skip|shuffle|list|benchtime|blockprofile|cpuprofile|memprofile|mutexprofile|outputdir|trace|vet|ldflags|gcflags|mod|modfile|C|fuzz|fuzztime)$/.test(
            w,
          )
        )
          j++;
        continue;
      }
      if (w.startsWith('.') || w.startsWith('/') || w === '...') paths.push(w);
      else paths.push('.../');
    }
    return { runner: 'go test', lang: 'go', paths, dflt: ['.'], match: /\.go$/, setup: [], configs: [], goPackages: true };
  }
  if (name === 'cargo') {
    let i = 0;
    while (i < args.length && args[i].startsWith('-')) i++;
    if (!/^(test|t|bench|nextest)$/.test(args[i] ?? '')) return undefined;
    return { runner: 'cargo test', lang: 'rust', paths: [], dflt: ['.'], match: /\.rs$/, setup: [], configs: [] };
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

/** Calls of compiled test code (Go, Rust) that reach files, processes, the network or the environment. */
const NATIVE: Record<'go' | 'rust', { io: RegExp; always: RegExp }> = {
  go: {
    io: /\b(?:os\.(?:ReadFile|Open|OpenFile|Create|WriteFile|Remove|RemoveAll|Rename|Symlink|Link|ReadDir|Chmod|DirFS)|ioutil\.(?:ReadFile|WriteFile|ReadDir)|exec\.Command(?:Context)?|http\.(?:Get|Post|PostForm|Head|NewRequest(?:WithContext)?)|net\.Dial(?:Timeout)?|os\.Getenv|os\.LookupEnv)\s*\(/g,
    always:
      /\bos\.Environ\s*\(|\bsyscall\.\w+\s*\(|\bunsafe\.|\bplugin\.Open\s*\(|\bos\.StartProcess\s*\(|\bimport\s+"C"|\/\/go:(?:embed|linkname)\b|\breflect\.\w+|\bnet\.Listen\w*\s*\(/,
  },
  rust: {
    io: /\b(?:fs::(?:read_to_string|read|write|remove_file|remove_dir_all|rename|copy|read_dir|File::open|File::create)|File::(?:open|create)|Command::new|TcpStream::connect|UdpSocket::bind|env::var(?:_os)?|reqwest::(?:get|blocking::get))\s*\(/g,
    always: /\benv::vars(?:_os)?\s*\(|\bunsafe\s*\{|\blibc::|\bextern\s+"C"|\binclude_(?:str|bytes)!|\bproc_macro\b|\bstd::net::|\bstd::os::/,
  },
};

/**
 * What compiled test code does that the guard must judge: the literal paths it reads (judged by the path rules), or
 * why it cannot be accounted for (a call with a computed argument, raw system calls). Not a parser: the calls above,
 * and whether their first argument is one plain string literal.
 */
export function nativeCalls(lang: 'go' | 'rust', text: string): { why: string | undefined; paths: string[] } {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:"'])\/\/.*$/gm, '$1');
  const paths: string[] = [];
  const t = NATIVE[lang];
  // Directives live in comments: `//go:embed .env`, `//go:linkname`.
  const dir = lang === 'go' ? /^\/\/go:(?:embed|linkname)\b/m.exec(text) : null;
  if (dir) return { why: `has a ${dir[0].slice(2)} directive, which takes files or symbols the guard does not judge`, paths };
  // An API under another name (`import o "os"`, `use std::fs::read_to_string;`) is not seen by the calls below.
  const alias =
    lang === 'go'
      ? /(?:^|[\s(])([\w.]+)\s+"(os|os\/exec|io\/ioutil|net|net\/http|syscall|unsafe|plugin|reflect)"/m.exec(code)
      : /\buse\s+(?:std|::std)::(?:fs|process|env|net|os)(?:::\s*\{|::(?!File\b|OpenOptions\b|Command\b)\w)/.exec(code);
  if (alias && !(lang === 'go' && (alias[1] === 'import' || alias[1] === '_')))
    return { why: `takes ${lang === 'go' ? `"${alias[2]}" under the name ${alias[1]}` : alias[0].trim()}: calls through it are not read`, paths };
  // An API named without being called (`f := os.ReadFile`): it is called later under a name the guard does not follow.
  const ref = new RegExp(`${t.io.source.replace(/\\s\*\\\($/, '')}(?!\\w)`, 'g');
  for (const m of code.matchAll(ref))
    if (!/^\s*\(/.test(code.slice(m.index! + m[0].length))) return { why: `names ${m[0]} without calling it (a call under another name)`, paths };
  const a = t.always.exec(code);
  if (a) return { why: `calls ${a[0].replace(/\s*[({]$/, '').trim()}, whose effect the guard cannot read off the text`, paths };
  t.io.lastIndex = 0;
  for (const m of code.matchAll(t.io)) {
    const after = code.slice(m.index! + m[0].length);
    const lit = /^\s*(?:"([^"\\\n]*)"|`([^`\n]*)`)\s*[,)]/.exec(after);
    const call = m[0].replace(/\s*\($/, '');
    if (!lit) return { why: `calls ${call} with an argument it computes (a file, program or address nobody judged)`, paths };
    const v = lit[1] ?? lit[2] ?? '';
    if (/^(?:exec\.Command|Command::new|http\.|net\.Dial|TcpStream|UdpSocket|reqwest)/.test(call) && !/Getenv|env::var/.test(call))
      return { why: `calls ${call}("${v.slice(0, 40)}"): it runs a program or reaches the network`, paths };
    if (/Getenv|LookupEnv|env::var/.test(call)) continue;
    if (v !== '' && !/\s|^[a-z][a-z0-9+.-]*:/i.test(v)) paths.push(v);
  }
  return { why: undefined, paths };
}
