// Files everyday tools load and run as code without the line naming them: a formatter's, a linter's, a bundler's
// or a test runner's JavaScript config (`.prettierrc.cjs`, `babel.config.js`, `vite.config.ts`, …), pytest's
// conftest.py files, Python's sitecustomize.py and `.pth` files, `//go:generate` directives, mise's tasks. The
// analyzer reads them (bounded, like the scripts a line runs) and judges what they hold: text the line itself
// wrote is judged as code it shows, text on disk as the project's code run by name.
// Threat: `echo "require('child_process').execSync('rm -rf build')" > .prettierrc.cjs && npx prettier --check .`,
// and the same file planted by one allowed call and loaded by a benign-looking `npx prettier --check src` later.
// Pure: the analyzer supplies the file system.

import { installedModule, pythonStart, SHADOW_FILE } from './pyshadow';

/** Where a tool finds the files it loads, relative to the sub-command's cwd. */
export interface ConfigSearch {
  /** Base names looked for in the cwd and each folder above it (within the workspace), and above each `dirs` entry. */
  up: readonly string[];
  /** Folders (as written) whose whole tree is searched for `walk` names: pytest's conftest.py, go files, cascading configs. */
  trees: string[];
  /** Folders (as written) searched for `up` names and upward (the paths a tool is given). */
  dirs: string[];
  /** Base names (or a pattern on the base name) found under `trees`. */
  walk: RegExp | undefined;
  /** Files named outright (relative or absolute): sitecustomize.py on PYTHONPATH, mise's file tasks. */
  files: string[];
  /** What cannot be searched (the sub-command is unknown). */
  why: string | undefined;
  /**
   * Modules it imports by name that must be found among their files (relative to the cwd), or what it runs is not
   * seen: `pytest -p evilmod` with no evilmod.py here imports one from wherever the import path reaches (a folder
   * an ini's `pythonpath` adds, one the agent wrote later). `why` is the explanation when none is there.
   */
  oneOf?: { files: string[]; why: string }[];
  /** mise: the tasks to run (their `run` lines are judged). */
  miseTasks?: string[];
  /** Folders whose own files (not their subfolders') matching `walk` are loaded: go generate's packages, mise's env files, Python's first module folder. */
  goDirs?: string[];
  /**
   * Folders on the import path (PYTHONPATH): a module the line writes there is code Python may import instead of the
   * one the program means (`echo … > src/json.py && PYTHONPATH=src python3 -c 'import json'`).
   */
  importDirs?: string[];
  /**
   * Python's own module files in its start folder that stand in for an installed module it runs or imports by name
   * (`./mypy.py`, `./pip/__main__.py` for `python -m mypy`, `./json.py` for `-m json.tool`): a shadow, not the
   * project's module. One not committed as it is (an earlier call wrote it) is code nobody has judged.
   */
  shadows?: string[];
  /** pytest: its ini files' `addopts -p` and conftest's `pytest_plugins` are plugins it imports. */
  pytest?: boolean;
  /** lint-staged: its JSON and YAML configs (and package.json's key) hold the commands it runs. */
  lintStaged?: boolean;
  /** Only Python's start folder is searched: a word only known at run time (a script's argument) does not change it. */
  lenient?: boolean;
}

/**
 * `pytest -p NAME` plugins known without reading them: pytest's own (a bundled module), and widely installed ones
 * by the module names they register. Any other name is code from wherever the import path reaches.
 */
const KNOWN_PYTEST_PLUGINS = new Set(
  (
    'pytester pytester_assertions doctest cacheprovider terminal junitxml logging capture faulthandler warnings tmpdir ' +
    'monkeypatch recwarn skipping python unittest setuponly setupplan stepwise debugging pastebin nose legacypath ' +
    'xdist xdist.plugin xdist.looponfail pytest_cov pytest_cov.plugin pytest_mock pytest_asyncio pytest_asyncio.plugin anyio ' +
    'pytest_timeout pytest_randomly pytest_benchmark pytest_django pytest_httpx pytest_html pytest_env pytest_sugar ' +
    'pytest_rerunfailures pytest_socket pytest_order pytest_bdd pytest_metadata hypothesis hypothesis.extra.pytestplugin ' +
    'pytest_subtests pytest_instafail pytest_forked pytest_datadir pytest_freezegun pytest_lazyfixture syrupy'
  ).split(' '),
);

const EXTS = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'];
const named = (...bases: string[]): string[] => bases.flatMap((b) => EXTS.map((e) => `${b}.${e}`));

/** The JSON, YAML and TOML forms of a config (`.prettierrc`, `.prettierrc.json`, …): data that can name plugins. */
const DATA = (base: string): string[] => [base, ...['json', 'json5', 'yaml', 'yml', 'toml'].map((e) => `${base}.${e}`)];

/**
 * A data config (JSON, YAML, TOML) that names code its tool loads (`"plugins": ["./src/p.js"]`, `parser:`): the
 * keys, by the config's base name; undefined for any other file.
 */
export function dataConfigCode(file: string, text: string): boolean | undefined {
  const base = file.slice(file.lastIndexOf('/') + 1);
  // RuboCop's config requires Ruby files and gems (`require:`, `plugins:`) and inherits others' configs, which may.
  if (base === '.rubocop.yml') return /^\s*(require|plugins|inherit_from|inherit_gem)\s*:/m.test(text);
  // Python linters and type checkers: pylint's init-hook is Python it runs and load-plugins modules it imports;
  // mypy's plugins and flake8's local plugins are modules it imports (a path outside the project included).
  if (/^(\.?pylintrc|\.?mypy\.ini|\.flake8)$/.test(base))
    return /^\s*(init-hook|load-plugins|plugins|paths|extension|report)\s*[=:]/m.test(text) || /local-plugins/.test(text);
  if (!/^\.(prettierrc|postcssrc)(\.(json5?|ya?ml|toml))?$/.test(base)) return undefined;
  return /(^|[\s{,"'])(plugins|parser|syntax|stringifier|overrides)["']?\s*[:=]/m.test(text);
}

/** Config files of JavaScript tools that are JavaScript: loaded (run) by the tool at start. */
const FAMILY: Record<string, string[]> = {
  prettier: [...named('.prettierrc', 'prettier.config'), ...DATA('.prettierrc')],
  babel: named('babel.config', '.babelrc'),
  jest: named('jest.config'),
  vitest: named('vitest.config', 'vitest.workspace'),
  vite: named('vite.config'),
  postcss: [...named('postcss.config', '.postcssrc'), ...DATA('.postcssrc')],
  tailwind: named('tailwind.config'),
  svelte: named('svelte.config'),
  eslint: named('eslint.config', '.eslintrc'),
  // RuboCop's YAML config: data naming the Ruby code it loads (dataConfigCode).
  rubocop: ['.rubocop.yml'],
  // lint-staged also reads JSON and YAML configs and package.json's "lint-staged" key (their commands: lintStagedLines).
  lintstaged: [
    ...named('.lintstagedrc', 'lint-staged.config'),
    '.lintstagedrc',
    '.lintstagedrc.json',
    '.lintstagedrc.yaml',
    '.lintstagedrc.yml',
    'package.json',
  ],
  webpack: named('webpack.config'),
  rollup: named('rollup.config'),
  next: named('next.config'),
  nuxt: named('nuxt.config'),
  astro: named('astro.config'),
  stylelint: named('stylelint.config', '.stylelintrc'),
  commitlint: named('commitlint.config', '.commitlintrc'),
  playwright: named('playwright.config'),
  cypress: named('cypress.config'),
  tsup: named('tsup.config'),
  mocha: named('.mocharc'),
  ava: named('ava.config'),
  karma: named('karma.conf'),
  gulp: named('gulpfile', 'Gulpfile'),
  grunt: named('Gruntfile', 'gruntfile'),
  storybook: named('.storybook/main', '.storybook/preview'),
  remix: named('remix.config'),
  // Python tools whose ini files name code they run or import (dataConfigCode).
  pylint: ['.pylintrc', 'pylintrc'],
  mypy: ['mypy.ini', '.mypy.ini'],
  flake8: ['.flake8'],
};

/** Which families each tool loads (a bundler loads the CSS and framework configs its plugins read). */
const TOOL_FAMILIES: Record<string, string[]> = {
  prettier: ['prettier'],
  babel: ['babel'],
  'babel-node': ['babel'],
  jest: ['jest', 'babel'],
  vitest: ['vitest', 'vite', 'postcss', 'tailwind', 'svelte'],
  vite: ['vite', 'postcss', 'tailwind', 'svelte'],
  'vite-node': ['vite'],
  next: ['next', 'postcss', 'tailwind', 'babel'],
  eslint: ['eslint'],
  rubocop: ['rubocop'],
  standardrb: ['rubocop'],
  'lint-staged': ['lintstaged'],
  webpack: ['webpack', 'babel', 'postcss', 'tailwind'],
  'webpack-cli': ['webpack', 'babel', 'postcss', 'tailwind'],
  'webpack-dev-server': ['webpack', 'babel', 'postcss', 'tailwind'],
  rollup: ['rollup', 'babel'],
  tailwindcss: ['tailwind', 'postcss'],
  tailwind: ['tailwind', 'postcss'],
  postcss: ['postcss', 'tailwind'],
  'postcss-cli': ['postcss', 'tailwind'],
  'svelte-kit': ['svelte', 'vite', 'postcss', 'tailwind'],
  'svelte-check': ['svelte'],
  nuxt: ['nuxt', 'postcss', 'tailwind'],
  nuxi: ['nuxt', 'postcss', 'tailwind'],
  astro: ['astro', 'vite', 'postcss', 'tailwind'],
  stylelint: ['stylelint'],
  commitlint: ['commitlint'],
  playwright: ['playwright'],
  cypress: ['cypress'],
  tsup: ['tsup'],
  mocha: ['mocha'],
  ava: ['ava'],
  karma: ['karma'],
  gulp: ['gulp'],
  grunt: ['grunt'],
  'react-scripts': ['babel', 'postcss', 'tailwind', 'eslint'],
  storybook: ['storybook', 'babel', 'postcss', 'tailwind'],
  'start-storybook': ['storybook', 'babel'],
  'build-storybook': ['storybook', 'babel'],
  remix: ['remix', 'postcss', 'tailwind'],
  pylint: ['pylint'],
  mypy: ['mypy'],
  dmypy: ['mypy'],
  flake8: ['flake8'],
};

/** Configs that apply per folder (the one nearest each file wins): a folder given is searched through. */
const CASCADING = new Set(['prettier', 'eslint', 'babel']);
const CASCADE_NAME = new RegExp(
  '^(?:' + [...FAMILY.prettier, ...FAMILY.eslint, ...FAMILY.babel.filter((n) => n.startsWith('.babelrc'))].map((n) => n.replace(/\./g, '\\.')).join('|') + ')$',
);

/** Options of these tools that take a value (the value is not a path to search). */
const VALUED =
  /^(-c|--config|-o|--out-dir|--output|-p|--project|--ignore-path|--format|-f|--rule|--env|--plugin|--parser|--reporter|--mode|--root|--cache-location|-t|--testNamePattern|--testPathPattern|--max-warnings|--port|--host|-k|-m|--tb|--maxfail|--deselect|--ignore|-W|--durations|--junitxml|--basetemp|--cov|--cov-report|--log-file|--capture|--import-mode|-n|--numprocesses|--timeout|--run|--skip|--tags|-r|--rootdir|--confcutdir)$/;

function positionals(args: readonly string[]): string[] {
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
    out.push(w.replace(/::.*$/, ''));
  }
  return out;
}

/** The folder a path argument stands for when searched (a glob's fixed leading folders). */
export function dirOfArg(p: string): string {
  const g = p.search(/[*?[{]/);
  if (g < 0) return p;
  const head = p.slice(0, g);
  return head.includes('/') ? head.slice(0, head.lastIndexOf('/')) || '.' : '.';
}

const MISE_CONFIGS = [
  'mise.toml',
  '.mise.toml',
  'mise.local.toml',
  '.mise.local.toml',
  'mise/config.toml',
  '.mise/config.toml',
  '.config/mise.toml',
  '.config/mise/config.toml',
  '.rtx.toml',
];
const MISE_ENV_FILE = /^(?:\.?mise|config)\.[\w-]+(?:\.local)?\.toml$/;
const PYTEST_INIS = ['pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg'];
const MISE_TASK_DIRS = ['mise-tasks', '.mise-tasks', 'mise/tasks', '.mise/tasks', '.config/mise/tasks'];

const PYTHON = /^(python[\d.]*|pypy3?|py)$/;
/** Package managers that run a package's binary (`yarn prettier`, `pnpm dlx jest`, `bunx vite`, `npx jest`). */
const RUNNERS = /^(yarn|pnpm|pnpx|bun|bunx|npx)$/;

/**
 * Whether toolConfigs can find anything for a program by this name: for any other it answers undefined whatever
 * the words and the environment (each branch below starts on one of these names). The analyzer asks this once
 * per sub-command before it gathers the words; test/unit/shell/toolconfigs-index.test.ts holds it to that.
 */
export function toolConfigsConcern(name: string): boolean {
  return (
    RUNNERS.test(name) ||
    PYTHON.test(name) ||
    name === 'pytest' ||
    name === 'py.test' ||
    TOOL_FAMILIES[name] !== undefined ||
    name === 'go' ||
    name === 'mise' ||
    name === 'rtx'
  );
}

/**
 * What the tool `name` (argv: its words after unwrapping, name first) loads as code without naming it, or
 * undefined. `env`: the variables the sub-command runs with (PYTHONPATH).
 */
export function toolConfigs(name: string, argv: readonly string[], env: Record<string, string | null>): ConfigSearch | undefined {
  // `yarn prettier …`, `pnpm dlx jest`, `bunx vite build`, `bun x …`: a package binary the manager runs is that tool.
  if (RUNNERS.test(name)) {
    let i = 1;
    while (i < argv.length && argv[i].startsWith('-')) i++;
    if (/^(exec|dlx|x|run)$/.test(argv[i] ?? '')) i++;
    while (i < argv.length && argv[i].startsWith('-')) i++;
    const tool = (argv[i] ?? '').replace(/^.*\//, '').replace(/@[^@/]*$/, '');
    if (i < argv.length && tool !== name && (TOOL_FAMILIES[tool] !== undefined || tool === 'pytest' || tool === 'mise'))
      return toolConfigs(tool, argv.slice(i), env);
    return undefined;
  }
  const args = argv.slice(1);
  const out: ConfigSearch = { up: [], trees: [], dirs: [], walk: undefined, files: [], why: undefined };
  let any = false;
  // Python at start imports sitecustomize/usercustomize from PYTHONPATH (a test runner is Python too).
  const py = PYTHON.test(name) || name === 'pytest' || name === 'py.test';
  if (py && 'PYTHONPATH' in env) {
    const v = env.PYTHONPATH;
    if (v === null) out.why = 'PYTHONPATH is only known at run time: which sitecustomize.py Python imports at start cannot be told';
    else
      for (const d of v.split(':'))
        if (d) {
          out.files.push(`${d}/sitecustomize.py`, `${d}/usercustomize.py`);
          (out.importDirs ??= []).push(d);
        }
    any = true;
  }
  // The folder first on Python's module path: a module named like one it imports, planted there, runs (pyshadow.ts).
  const shadow: string[] = [];
  const start = PYTHON.test(name) ? pythonStart(args) : undefined;
  if (start) {
    // PYTHONPATH's folders come right after it: a module named like one it imports (or the standard library's) there runs too.
    for (const d of [start.dir, ...(out.importDirs ?? [])]) {
      if (!shadow.includes(d)) shadow.push(d);
      const at = out.files.length;
      for (const m of start.modules) out.files.push(`${d}/${m}.py`, `${d}/${m}/__init__.py`);
      // `-m x.y` runs x/y.py, or the package x/y's __init__.py and __main__.py (`pip/__main__.py` for `-m pip`).
      if (start.main !== undefined && /^[\w.]+$/.test(start.main)) {
        const parts = start.main.split('.');
        for (let k = 2; k <= parts.length; k++) {
          const p = parts.slice(0, k).join('/');
          out.files.push(`${d}/${p}.py`, `${d}/${p}/__init__.py`);
        }
        out.files.push(`${d}/${parts.join('/')}/__main__.py`);
      }
      for (const f of out.files.slice(at)) if (installedModule(f.slice(d.length + 1).split(/[/.]/)[0])) (out.shadows ??= []).push(f);
    }
  }
  let pytest: readonly string[] | undefined;
  if (name === 'pytest' || name === 'py.test') pytest = args;
  else if (PYTHON.test(name)) {
    const m = args.findIndex((w) => w === '-m');
    if (m >= 0 && (args[m + 1] === 'pytest' || args[m + 1] === 'py.test') && args.slice(0, m).every((w) => w.startsWith('-'))) pytest = args.slice(m + 2);
  }
  if (pytest !== undefined) {
    // conftest.py in the folders above each path given (up to the root) and in every folder collected under them.
    const ps = positionals(pytest).map(dirOfArg);
    const roots = ps.length ? ps : ['.'];
    // The ini files pytest takes its options from: `addopts = -p plugin` imports a module at start.
    out.up = [...out.up, 'conftest.py', ...PYTEST_INIS];
    out.pytest = true;
    out.dirs.push(...roots);
    out.trees.push(...roots);
    out.walk = /^conftest\.py$/;
    any = true;
  }
  if (shadow.length || pytest !== undefined) {
    // pytest puts the folders of the tests it collects first: a shadowing file under them is walked with conftest.py.
    // `pytest -p mod` imports that module as a plugin: one planted in the cwd (or written on the line) runs.
    if (pytest !== undefined)
      for (let i = 0; i < pytest.length; i++) {
        const v = pytest[i] === '-p' ? pytest[i + 1] : pytest[i].startsWith('-p') ? pytest[i].slice(2) : undefined;
        if (!v || v.startsWith('no:')) continue;
        const files = [`${v.split('.')[0]}.py`, `${v.split('.')[0]}/__init__.py`];
        out.files.push(...files);
        if (!KNOWN_PYTEST_PLUGINS.has(v))
          (out.oneOf ??= []).push({
            files,
            why: `pytest -p ${v} imports ${v}, a module that is neither here nor a plugin the guard knows: code it has not seen`,
          });
      }
    // (`python -m pytest` also puts the cwd first; the guard may see it as plain pytest.)
    out.goDirs = [...(out.goDirs ?? []), ...shadow, ...(pytest !== undefined && !shadow.includes('.') ? ['.'] : [])];
    out.walk = out.walk ? new RegExp(`${out.walk.source}|${SHADOW_FILE.source}`) : SHADOW_FILE;
    if (!any) out.lenient = true;
    any = true;
  }
  const fams = TOOL_FAMILIES[name];
  if (fams !== undefined) {
    for (const f of fams) out.up = [...out.up, ...FAMILY[f]];
    if (fams.includes('lintstaged')) out.lintStaged = true;
    const ps = positionals(args).map(dirOfArg);
    out.dirs.push(...ps);
    if (fams.some((f) => CASCADING.has(f))) {
      out.trees.push(...(ps.length ? ps : ['.']));
      out.walk = CASCADE_NAME;
    }
    any = true;
  }
  // go's own flags come before the verb (`go -C gen generate`): -C moves where the packages are found.
  let gi = 0;
  let goC = '';
  if (name === 'go')
    while (gi < args.length && args[gi].startsWith('-')) {
      if (args[gi] === '-C' || args[gi] === '--C') goC = args[++gi] ?? '';
      else if (/^--?C=/.test(args[gi])) goC = args[gi].slice(args[gi].indexOf('=') + 1);
      gi++;
    }
  if (name === 'go' && args[gi] === 'generate') {
    const rest = args.slice(gi + 1);
    if (rest.some((w) => w === '-n')) return any ? out : undefined;
    const ps = positionals(rest);
    const goDirs: string[] = [];
    const inC = (p: string) => (goC === '' || p.startsWith('/') ? p : `${goC}/${p}`);
    // Directives outside the workspace (an absolute folder, `..`, `~`, -C there) are code nobody has seen.
    if (/^(\/|~|\.\.(\/|$))/.test(goC)) out.why ??= `go -C ${goC} generate: //go:generate directives in a folder outside the project`;
    for (const q of ps.length ? ps : ['.']) {
      const p = inC(q);
      if (/^(\/|~)|(^|\/)\.\.(\/|$)/.test(q))
        out.why ??= `go generate ${q}: //go:generate directives in a folder the guard does not judge as the project's (outside it, or through ..)`;
      if (p.endsWith('.go')) out.files.push(p);
      else if (q === '...' || q.endsWith('/...')) out.trees.push(q === '...' ? inC('.') : inC(q.slice(0, -4) || '.'));
      else if (q.startsWith('.') || q.startsWith('/')) goDirs.push(p);
      else out.why ??= `go generate ${q}: a package the guard does not find on disk, whose //go:generate directives it cannot read`;
    }
    out.walk = /\.go$/;
    out.goDirs = goDirs;
    any = true;
  }
  if (name === 'mise' || name === 'rtx') {
    let i = 0;
    while (i < args.length && args[i].startsWith('-')) i += /^(-C|--cd|-E|--env|-j|--jobs)$/.test(args[i]) ? 2 : 1;
    const verb = args[i];
    let tasks: string[] | undefined;
    if (verb === 'run' || verb === 'r') tasks = args.slice(i + 1);
    else if ((verb === 'task' || verb === 'tasks') && args[i + 1] === 'run') tasks = args.slice(i + 2);
    else if (verb === 'watch' || verb === 'w') tasks = args.slice(i + 1);
    if (tasks !== undefined) {
      const names: string[] = [];
      for (let k = 0; k < tasks.length; k++) {
        const t = tasks[k];
        if (t === '--' || t === ':::') break;
        if (t.startsWith('-')) {
          if (/^(-C|--cd|-j|--jobs|-o|--output|-t|--task)$/.test(t)) {
            if (t === '-t' || t === '--task') names.push(tasks[k + 1] ?? '');
            k++;
          }
          continue;
        }
        names.push(t);
      }
      out.miseTasks = names.length ? names : ['default'];
      out.up = [...out.up, ...MISE_CONFIGS];
      // mise.<env>.toml, .mise.<env>.local.toml, mise/config.<env>.toml: loaded under MISE_ENV, which the guard
      // cannot see (the agent's environment, a .miserc): every one in the folder counts.
      out.walk = MISE_ENV_FILE;
      out.goDirs = ['.', 'mise', '.mise', '.config/mise', '.config'];
      for (const n of out.miseTasks) for (const d of MISE_TASK_DIRS) out.files.push(`${d}/${n.replace(/:/g, '/')}`);
      any = true;
    }
  }
  return any ? out : undefined;
}

/** `//go:generate` directives of a Go file: the commands `go generate` runs. */
export function goGenerateLines(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\/\/go:generate[ \t]+(.+)$/gm)) out.push(m[1].trim());
  return out;
}

/**
 * The commands mise runs for `tasks` from a mise.toml (`[tasks.x] run = "…"`, `[tasks] x = "…"`, depends
 * followed), or a reason the file cannot be read (then the run is unknown). A small reading of TOML: the forms
 * mise documents for tasks; a task it does not find runs nothing from this file.
 */
export function miseTaskLines(text: string, tasks: readonly string[]): { lines: string[]; opaque: string | undefined } {
  const defs = new Map<string, { run: string[]; deps: string[] }>();
  let table: string | undefined;
  let opaque: string | undefined;
  const src = text.split('\n');
  const strings = (v: string): string[] | undefined => {
    const t = v.trim();
    const one = /^"((?:\\.|[^"\\])*)"$|^'([^']*)'$/.exec(t);
    if (one) return [one[1] !== undefined ? one[1].replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1') : one[2]];
    if (t.startsWith('[') && t.endsWith(']')) {
      const items = [...t.slice(1, -1).matchAll(/"((?:\\.|[^"\\])*)"|'([^']*)'/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(["\\])/g, '$1') : m[2]));
      return items;
    }
    return undefined;
  };
  const def = (n: string) => {
    let d = defs.get(n);
    if (!d) defs.set(n, (d = { run: [], deps: [] }));
    return d;
  };
  for (let i = 0; i < src.length; i++) {
    const line = src[i].replace(/\s+#.*$/, '').trim();
    if (!line || line.startsWith('#')) continue;
    const h = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (h) {
      table = h[1].replace(/"/g, '');
      continue;
    }
    const kv = /^("?[\w:.-]+"?)\s*=\s*(.*)$/.exec(line);
    if (!kv || table === undefined) continue;
    const key = kv[1].replace(/"/g, '');
    let val = kv[2];
    // A multi-line string or array: gather until it closes.
    if (/^("""|''')/.test(val) && !/^("""|''')[\s\S]*\1\s*$/.test(val.slice(3) ? val : '')) {
      const q = val.slice(0, 3);
      let body = val.slice(3);
      while (i + 1 < src.length && !body.includes(q)) body += '\n' + src[++i];
      if (!body.includes(q)) return { lines: [], opaque: 'a string in mise.toml does not end' };
      val = JSON.stringify(body.slice(0, body.indexOf(q)));
    } else if (val.startsWith('[') && !val.trim().endsWith(']')) {
      while (i + 1 < src.length && !val.trim().endsWith(']')) val += ' ' + src[++i].trim();
    }
    let task: string | undefined;
    let field: string | undefined;
    if (table === 'tasks') {
      task = key;
      if (val.trim().startsWith('{')) {
        // x = { run = "…", depends = […] }
        const inner = val.trim().slice(1, -1);
        const r = /\brun\s*=\s*("(?:\\.|[^"\\])*"|'[^']*'|\[[^\]]*\])/.exec(inner);
        const dp = /\bdepends\s*=\s*(\[[^\]]*\])/.exec(inner);
        if (r) def(task).run.push(...(strings(r[1]) ?? []));
        else if (/\brun\s*=/.test(inner)) opaque ??= `mise task ${task} has a run the guard cannot read`;
        if (dp) def(task).deps.push(...(strings(dp[1]) ?? []));
        continue;
      }
      field = 'run';
    } else if (table.startsWith('tasks.')) {
      task = table.slice(6);
      field = key;
    } else if (table === 'hooks' || table.startsWith('hooks.')) {
      // Hooks run on their own (enter, leave, preinstall, postinstall): judged with every task run.
      task = '\0hooks';
      field = 'run';
    }
    if (task === undefined) continue;
    if (field === 'run' || field === 'run_windows' || field === 'script') {
      const v = strings(val);
      if (v === undefined) opaque ??= `mise task ${task} has a run the guard cannot read`;
      else def(task).run.push(...v);
    } else if (field === 'depends' || field === 'depends_post' || field === 'wait_for') {
      def(task).deps.push(...(strings(val) ?? []));
    } else if (field === 'file') {
      const v = strings(val);
      if (v?.length) def(task).run.push(`sh ${v[0]}`);
    }
  }
  const lines: string[] = [...(defs.get('\0hooks')?.run ?? [])];
  const seen = new Set<string>();
  const visit = (n: string) => {
    if (seen.has(n) || seen.size > 200) return;
    seen.add(n);
    // A pattern (`mise run 'lint:*'`, `...`): every task it can match.
    const matches = /[*?]/.test(n)
      ? [...defs.keys()].filter((k) =>
          new RegExp(
            '^' +
              n
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*/g, '.*')
                .replace(/\?/g, '.') +
              '$',
          ).test(k),
        )
      : [n];
    for (const m of matches) {
      const d = defs.get(m);
      if (!d) continue;
      for (const dep of d.deps) visit(dep.split(/\s+/)[0]);
      lines.push(...d.run);
    }
  };
  for (const t of tasks) visit(t);
  return { lines, opaque };
}

/** Python lines a `.pth` file runs at start (those beginning with `import`). */
export function pthCode(text: string): string {
  return text
    .split('\n')
    .filter((l) => /^import[\s\t]/.test(l))
    .join('\n');
}

/**
 * The plugins pytest imports by a config's words: `addopts` in pytest.ini, .pytest.ini, tox.ini, setup.cfg or
 * pyproject.toml (`-p mod`, `-pmod`), and `pytest_plugins = [...]` in a conftest.py. `mods` are dotted module
 * names (resolved by the caller in the project), `files` paths; `opaque` says what cannot be read.
 */
export function pytestPlugins(file: string, text: string): { mods: string[]; files: string[]; opaque: string | undefined } {
  const mods: string[] = [];
  const files: string[] = [];
  let opaque: string | undefined;
  const take = (v: string) => {
    if (v === '' || v.startsWith('no:')) return;
    if (v.includes('/') || v.endsWith('.py')) files.push(v);
    else mods.push(v);
  };
  if (file.endsWith('.py')) {
    for (const m of text.matchAll(/^pytest_plugins\s*[+]?=\s*(.*)$/gm)) {
      let v = m[1];
      // A list over several lines: gather to its closing bracket.
      if (/^[[(]/.test(v.trim()) && !/[\])]/.test(v)) v = text.slice(m.index! + m[0].length - m[1].length).split(/[\])]/)[0];
      const names = [...v.matchAll(/(['"])([\w.]+)\1/g)].map((x) => x[2]);
      if (names.length === 0) opaque ??= `pytest_plugins in ${file} is not a list of names the guard can read`;
      names.forEach(take);
    }
    return { mods, files, opaque };
  }
  // addopts = … (an ini value may continue on indented lines; TOML's is a string or an array of strings).
  for (const m of text.matchAll(/^[ \t]*addopts[ \t]*=[ \t]*(.*(?:\n[ \t]+\S.*)*)/gm)) {
    const words = m[1]
      .replace(/[[\]",']/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (w === '-p') take(words[++i] ?? '');
      else if (/^-p./.test(w)) take(w.slice(2).replace(/^=/, ''));
      else if (/^(-c|--config-file|--rootdir|--confcutdir)$/.test(w) || /^--(config-file|rootdir|confcutdir)=/.test(w)) {
        const v = w.includes('=') ? w.slice(w.indexOf('=') + 1) : (words[++i] ?? '');
        if (/^(\/|~|\.\.)/.test(v)) opaque ??= `addopts in ${file} takes plugins and conftest.py from ${v}, outside the project`;
      }
    }
  }
  return { mods, files, opaque };
}

/**
 * The commands lint-staged runs from a JSON or YAML config (`.lintstagedrc`, `.lintstagedrc.json/.yaml/.yml`,
 * package.json's "lint-staged"): each with the staged files its pattern matches appended, written here as the
 * pattern itself (a glob the path rules judge). undefined: not lint-staged's file; `opaque`: what cannot be read.
 */
export function lintStagedLines(file: string, text: string): { lines: string[]; opaque: string | undefined } | undefined {
  const base = file.slice(file.lastIndexOf('/') + 1);
  if (!/^(\.lintstagedrc(\.json|\.ya?ml)?|package\.json)$/.test(base)) return undefined;
  let cfg: unknown;
  try {
    cfg = JSON.parse(text);
    if (base === 'package.json') cfg = (cfg as Record<string, unknown> | null)?.['lint-staged'];
    if (cfg === undefined) return { lines: [], opaque: undefined };
  } catch {
    if (base === 'package.json' || base.endsWith('.json')) return { lines: [], opaque: `${file} is not JSON the guard can read` };
    cfg = simpleYaml(text);
    if (cfg === undefined) return { lines: [], opaque: `${file} is YAML the guard cannot read` };
  }
  if (cfg === null || typeof cfg !== 'object' || Array.isArray(cfg))
    return { lines: [], opaque: `${file}: lint-staged's config is not a map of patterns to commands` };
  const lines: string[] = [];
  for (const [pattern, cmds] of Object.entries(cfg as Record<string, unknown>)) {
    const list = typeof cmds === 'string' ? [cmds] : Array.isArray(cmds) ? cmds : undefined;
    if (list === undefined || !list.every((c) => typeof c === 'string'))
      return { lines: [], opaque: `${file}: the commands for ${pattern} are not strings the guard can read` };
    // One level of braces as bash would spell it (`*.{ts,tsx}` → `*.ts *.tsx`); anything odder stands for every file.
    const br = /^([^{}]*)\{([^{}]*)\}([^{}]*)$/.exec(pattern);
    const pats = br ? br[2].split(',').map((x) => br[1] + x + br[3]) : [pattern];
    const files = pats.every((x) => /^[\w*?./[\]-]+$/.test(x)) ? pats.join(' ') : '*';
    for (const c of list as string[]) lines.push(`${c} ${files}`);
  }
  return { lines, opaque: undefined };
}

/** A YAML map of strings or lists of strings (`"*.ts": eslint --fix`, `"*.js":` + `  - prettier --write`); else undefined. */
function simpleYaml(text: string): Record<string, string | string[]> | undefined {
  const out: Record<string, string | string[]> = {};
  let key: string | undefined;
  const unq = (v: string) => v.trim().replace(/^(['"])(.*)\1$/, '$2');
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '');
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && key !== undefined) {
      const cur = out[key];
      out[key] = [...(Array.isArray(cur) ? cur : []), unq(item[1])];
      continue;
    }
    const kv = /^(['"]?)(.+?)\1\s*:(?:\s+(.*))?$/.exec(line);
    if (!kv || /^\s/.test(line)) return undefined;
    key = kv[2];
    const v = kv[3]?.trim();
    if (v === undefined || v === '') out[key] = [];
    else if (/^[|>[{]/.test(v)) return undefined;
    else out[key] = unq(v);
  }
  return out;
}
