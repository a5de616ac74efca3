// Code a program loads or runs that its row does not see as run: a test runner's config or setup file, a bundler's
// config, a Python test runner's plugin or doctest module, a build tool's compiler wrapper named on the line or in the
// environment, an interpreter fed file names it reads from its input. The program is running that code, so the file
// is judged as a run of it (read from disk like `node x.js` or `python3 x.py`) and what cannot be read is unknown.
// Threat: `npx jest -c scripts/x.js`, `mocha -r ./x.js`, `python3 -m pytest -p scripts.tidy`, `python3 -m unittest
// scripts.tidy`, `CARGO_BUILD_RUSTC_WRAPPER=scripts/x.sh cargo build`, `cmake -DCMAKE_C_COMPILER_LAUNCHER=x`,
// `go env -w GOFLAGS=-toolexec=x`, `echo x.py | xargs python3`, `sort /dev/zero`, `python3 -c 'bytearray(10**13)'`.

import { riskyFlags } from './programs/forward';
import { testFilterWhy } from './testfilters';

export interface Loaded {
  /** Files the program runs as code (relative to the sub-command's cwd or absolute). */
  exec: string[];
  /** What cannot be accounted for (the sub-command is then unknown). */
  why: string | undefined;
  /** An endless device read by a program that keeps lines in memory (the disk-fill rule speaks when it is written out). */
  endless?: string;
}

/** A file of program code by its name (JavaScript/TypeScript, Python, shell). */
const CODE_FILE = /^[^*?[\]{}<>|;&$`'"\s]+\.(?:[cm]?[jt]sx?|pyw?|sh|bash)$/;

/** JavaScript tools that load configs, setup files, plugins or tests as code (their file arguments run). */
const JS_LOADERS = new Set(
  (
    'jest vitest mocha ava tap jasmine karma c8 nyc webpack webpack-cli rollup eslint prettier playwright cypress lint-staged ' +
    'vite tsup esbuild babel stylelint gulp grunt pm2 nodemon tsx ts-node ts-node-esm esno babel-node zx next nuxt astro parcel ' +
    'jiti vite-node node-dev svelte-kit remix rspack turbo nx lerna size-limit commitlint husky semantic-release release-it'
  ).split(' '),
);

/** Python modules (and the same tools run by name) that import the modules or run the files they are given. */
const PY_IMPORTERS = new Set(['pytest', 'py.test', 'doctest', 'unittest', 'pydoc', 'pydoc3', 'cProfile', 'profile', 'trace', 'coverage']);

const PYTHON = /^(python[\d.]*|pypy3?|py)$/;

/** The files a dotted Python module name is (`scripts.tidy` → scripts/tidy.py or scripts/tidy/__init__.py). */
function moduleFiles(mod: string): string[] {
  if (!/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/.test(mod)) return [];
  const p = mod.replace(/\./g, '/');
  return [`${p}.py`, `${p}/__init__.py`];
}

/** The value of `--opt=value`, `-pvalue`-style words are left to the caller. */
function eqValue(w: string): string | undefined {
  const eq = w.indexOf('=');
  return w.startsWith('-') && eq > 0 ? w.slice(eq + 1) : undefined;
}

/**
 * A JavaScript tool's words: every word or option value naming a code file is code it loads (a config, a setup
 * file, a plugin, a test file); `--inject:x` is esbuild's attached form.
 */
function jsLoads(args: readonly string[], out: Loaded): void {
  for (const w of args) {
    if (w === '--') continue;
    const v = eqValue(w) ?? (/^--[\w-]+:/.test(w) ? w.slice(w.indexOf(':') + 1) : w);
    if (CODE_FILE.test(v) && !/^[a-z]+:\/\//.test(v)) out.exec.push(v);
  }
}

/**
 * Linters and formatters whose operands are files they parse, never load: only the values of these options are code
 * they load (a config, a plugin, a parser, a formatter, a rules folder). `eslint src/config.ts` lints the file the
 * agent just changed; `eslint -c scripts/x.js src`, `prettier --plugin ./x.js --check src` load x.js.
 */
const LINT_CODE_OPTS: Record<string, ReadonlySet<string>> = {
  eslint: new Set(['-c', '--config', '--plugin', '--parser', '--rulesdir', '--resolve-plugins-relative-to', '-f', '--format']),
  prettier: new Set(['--config', '--plugin', '--plugin-search-dir', '--parser']),
  stylelint: new Set(['-c', '--config', '--config-basedir', '--custom-syntax', '--custom-formatter']),
};

/** A linter's or formatter's words (LINT_CODE_OPTS): the values of its code-loading options, as jsLoads reads them. */
function lintLoads(opts: ReadonlySet<string>, args: readonly string[], out: Loaded): void {
  const vals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === '--') break;
    const eq = w.indexOf('=');
    if (w.startsWith('-') && eq > 0 && opts.has(w.slice(0, eq))) vals.push(w.slice(eq + 1));
    else if (opts.has(w) && i + 1 < args.length) vals.push(args[++i]);
    // `-cX`: a short option with its value attached.
    else if (/^-[a-zA-Z]./.test(w) && opts.has(w.slice(0, 2))) vals.push(w.slice(2));
  }
  jsLoads(vals, out);
}

/** pytest's words: test files, `-p` plugins (modules imported at start), `-c` configs, `--doctest-modules` folders. */
function pytestLoads(args: readonly string[], out: Loaded): void {
  const files: string[] = [];
  let doctest = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === '--doctest-modules') doctest = true;
    else if (w === '-p' || /^-p./.test(w)) {
      const v = w === '-p' ? args[++i] : w.slice(2).replace(/^=/, '');
      if (v === undefined || v.startsWith('no:')) continue;
      if (v.includes('/') || v.endsWith('.py')) out.exec.push(v);
      else out.exec.push(...moduleFiles(v));
    } else if (w === '-c' || w === '--config-file' || w === '--rootdir' || w === '--confcutdir') {
      const v = args[++i];
      if (v !== undefined && w !== '--rootdir' && w !== '--confcutdir') configFile(`pytest ${w}`, v, out);
      else if (v !== undefined && v.startsWith('/')) out.why ??= `pytest ${w} ${v} takes conftest.py and plugins from a folder the guard does not read`;
    } else if (/^--(config-file|rootdir|confcutdir)=/.test(w)) {
      const v = eqValue(w)!;
      if (w.startsWith('--config-file')) configFile('pytest --config-file', v, out);
      else if (v.startsWith('/')) out.why ??= `pytest ${w} takes conftest.py and plugins from a folder the guard does not read`;
    } else if (/^-[kmorWn]$|^--(tb|maxfail|durations|timeout|cov|cov-report|junitxml|basetemp|ignore|deselect|log-file|capture|import-mode)$/.test(w)) i++;
    else if (!w.startsWith('-')) files.push(w.replace(/::.*$/, ''));
  }
  for (const f of files) if (/\.pyw?$/.test(f)) out.exec.push(f);
  if (doctest && files.every((f) => !/\.pyw?$/.test(f)))
    out.why ??= `pytest --doctest-modules imports every module under ${files.join(' ') || 'the folder'}, code the guard does not read`;
}

/** A configuration that picks plugins and code to load: from outside the project (an absolute or `..` path) it is unseen. */
function configFile(how: string, v: string, out: Loaded): void {
  if (v.startsWith('/') || v.startsWith('~') || v.startsWith('..'))
    out.why ??= `${how} ${v}: a configuration from outside the project decides which code it loads`;
  else if (CODE_FILE.test(v)) out.exec.push(v);
}

/**
 * Python servers and frameworks that import the application named on the line: `uvicorn app.main:app`, `gunicorn
 * -c conf.py wsgi:app`, `hypercorn`, `daphne`, `granian`, `waitress-serve`, `celery -A proj`, `flask --app x`
 * (`FLASK_APP`, else app.py or wsgi.py), `locust -f x.py` (else locustfile.py), `scrapy runspider x.py`. The
 * module's file runs as code; `--app-dir`/`--chdir`/`--pythonpath` folders are where it is found.
 */
const PY_APP_SERVERS = /^(uvicorn|gunicorn|hypercorn|daphne|granian|waitress-serve|celery|flask|locust|scrapy|dramatiq|rq|huey_consumer|arq|faust|taskiq)$/;

/** `module:attr`, `module:factory()`, `pkg.module`: the module's files (under each folder the module may be found in). */
function appModule(spec: string, dirs: readonly string[], out: Loaded): void {
  if (/\.py$|\//.test(spec.split(':')[0])) {
    const f = spec.split(':')[0];
    for (const d of dirs) out.exec.push(d === '.' || f.startsWith('/') ? f : `${d}/${f}`);
    return;
  }
  const mod = spec.split(':')[0];
  for (const d of dirs) for (const f of moduleFiles(mod)) out.exec.push(d === '.' ? f : `${d}/${f}`);
}

/** Options of these servers that take a value (the value is not the application). */
const PY_APP_VALUE_OPTS =
  /^(-b|--bind|-w|--workers|-k|--worker-class|--host|--port|--uds|--fd|--log-level|--log-config|--env-file|--root-path|--timeout-keep-alive|--limit-concurrency|--ssl-keyfile|--ssl-certfile|--ssl-ca-certs|--ssl-ciphers|--reload-dir|--reload-include|--reload-exclude|--forwarded-allow-ips|--proxy-headers|--header|--h11-max-incomplete-event-size|--ws|--http|--loop|--lifespan|--interface|--backlog|--limit-max-requests|--timeout-graceful-shutdown|-t|--timeout|--threads|--max-requests|--max-requests-jitter|--access-logfile|--error-logfile|--log-file|--access-logformat|--pid|-p|-e|--env|-n|--name|-u|--user|-g|--group|-m|--umask|--worker-tmp-dir|--graceful-timeout|--keep-alive|--certfile|--keyfile|--ca-certs|-Q|--queues|-c|--concurrency|-l|--loglevel|-P|--pool|--hostname|-H|--users|-r|--spawn-rate|--run-time|--csv|--html|--logfile|--listen|--url-prefix|--queue|--processes|-o|--output|-a|-s|--set|--workers-count)$/;

function pyAppLoads(name: string, args: readonly string[], assigns: Record<string, string | null>, out: Loaded): void {
  const dirs: string[] = [];
  let app: string | undefined;
  const positional: string[] = [];
  let config: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    const eq = eqValue(w);
    const opt = eq !== undefined ? w.slice(0, w.indexOf('=')) : w;
    const val = (): string | undefined => eq ?? args[++i];
    if (opt === '--app-dir' || opt === '--chdir' || opt === '--pythonpath' || opt === '--root-dir' || (opt === '--workdir' && name !== 'celery')) {
      const v = val();
      if (v !== undefined) dirs.push(...v.split(/[,:]/).filter(Boolean));
    } else if ((name === 'flask' || name === 'celery' || name === 'dramatiq' || name === 'faust') && (opt === '--app' || opt === '-A' || opt === '-a'))
      app = val();
    else if (name === 'locust' && (opt === '-f' || opt === '--locustfile')) app = val();
    else if ((name === 'gunicorn' || name === 'hypercorn') && (opt === '-c' || opt === '--config')) config = val();
    else if (/^-A./.test(w) && name === 'celery') app = w.slice(2);
    else if (PY_APP_VALUE_OPTS.test(opt) && eq === undefined) i++;
    else if (!w.startsWith('-')) positional.push(w);
  }
  const where = dirs.length ? dirs : ['.'];
  if (config !== undefined) {
    // gunicorn's config is Python it runs (`python:mod` names a module); hypercorn's `python:mod` too, else TOML.
    if (config.startsWith('python:')) appModule(config.slice(7), ['.'], out);
    else if (/\.py$/.test(config)) configFile(`${name} -c`, config, out);
    else if (config.startsWith('/') || config.startsWith('..')) out.why ??= `${name} -c ${config}: a configuration from outside the project`;
  } else if (name === 'gunicorn' && assigns.GUNICORN_CMD_ARGS === undefined) out.exec.push('gunicorn.conf.py');
  if (name === 'gunicorn' && assigns.GUNICORN_CMD_ARGS !== undefined) out.why ??= 'GUNICORN_CMD_ARGS adds options (a config, an app) the guard does not read';
  if (name === 'flask') {
    const spec = app ?? assigns.FLASK_APP;
    if (spec === null) out.why ??= 'FLASK_APP names an application only known at run time, and flask imports it';
    else if (spec !== undefined) appModule(spec.replace(/\(.*$/, ''), where, out);
    else if (positional.length && !/^(routes|shell|--help|--version)$/.test(positional[0])) out.exec.push('app.py', 'wsgi.py');
    return;
  }
  if (name === 'locust') {
    if (app === undefined) out.exec.push('locustfile.py');
    else
      for (const f of app.split(','))
        if (/\.py$/.test(f)) configFile('locust -f', f, out);
        else if (f) out.why ??= `locust -f ${f} imports the locustfiles of a folder or module the guard does not read`;
    return;
  }
  if (name === 'scrapy') {
    const verb = positional[0];
    if (verb === 'runspider') for (const f of positional.slice(1)) configFile('scrapy runspider', f, out);
    else if (verb !== undefined && /^(crawl|check|list|edit|parse|bench|shell|fetch|view|settings)$/.test(verb))
      out.why ??= `scrapy ${verb} imports the project's settings and spider modules (scrapy.cfg), code the guard does not read`;
    return;
  }
  if (app !== undefined) {
    appModule(app, where, out);
    return;
  }
  // uvicorn/gunicorn/hypercorn/daphne/granian/waitress-serve: the first `module:attr` word (or the first positional).
  const spec =
    positional.find((w) => /^[A-Za-z_][\w.]*:[\w.()]+$/.test(w)) ?? (/^(uvicorn|daphne|granian|waitress-serve)$/.test(name) ? positional[0] : undefined);
  if (spec !== undefined && /^[A-Za-z_][\w.]*(:[\w.()]+)?$/.test(spec)) appModule(spec.replace(/\(.*$/, ''), where, out);
}

/** Ruby tools that take `-r FILE` to load before their work (test runners, linters, consoles). */
const RUBY_TOOLS = /^(rspec|minitest|cucumber|rubocop|standardrb|rake|irb|pry|erb|bundle)$/;

/**
 * Perl's `-I dir` folders and `-M`/`-m` modules (`-d:Mod` loads Devel::Mod): a module found in a folder the line
 * names is the project's file that runs first (`perl -Ilib -MData::Dumper` with a planted lib/Data/Dumper.pm).
 * Ruby's `-I dir` and `-r lib`: the same for `lib.rb` in those folders, or a `-r ./path`.
 */
function perlRubyLoads(lang: 'perl' | 'ruby', args: readonly string[], out: Loaded): void {
  const dirs: string[] = [];
  const mods: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === '--' || w === '-e' || w === '-E' || !w.startsWith('-')) break;
    if (w === '-I') dirs.push(args[++i] ?? '');
    else if (/^-I./.test(w)) dirs.push(w.slice(2));
    else if (lang === 'perl' && /^-[Mm]/.test(w)) {
      const v = w.length === 2 ? args[++i] : w.slice(2);
      if (v !== undefined && !v.startsWith('-')) mods.push(v.split('=')[0].replace(/\s.*$/, '').replace(/::/g, '/') + '.pm');
    } else if (lang === 'perl' && /^-d:/.test(w)) mods.push('Devel/' + w.slice(3).split('=')[0].replace(/::/g, '/') + '.pm');
    else if (lang === 'ruby' && /^-r/.test(w)) {
      const v = w === '-r' || w === '--require' ? args[++i] : w.slice(2);
      if (v === undefined) continue;
      if (/^\.{0,2}\//.test(v)) out.exec.push(/\.rb$/.test(v) ? v : `${v}.rb`);
      else mods.push(/\.rb$/.test(v) ? v : `${v}.rb`);
    } else if (lang === 'ruby' && /^--require=/.test(w)) mods.push(`${w.slice(10)}.rb`);
  }
  for (const d of dirs) if (d) for (const m of mods) out.exec.push(`${d.replace(/\/$/, '')}/${m}`);
}

/** `python -m MOD ARGS` for the modules that import or run what they are given. */
function pyModuleLoads(mod: string, args: readonly string[], out: Loaded): void {
  if (mod === 'pytest' || mod === 'py.test') return pytestLoads(args, out);
  const ps = args.filter((w) => !w.startsWith('-'));
  if (mod === 'unittest') {
    if (ps[0] === 'discover') {
      for (let i = 0; i < args.length; i++) {
        const w = args[i];
        const pat = w === '-p' || w === '--pattern' ? args[i + 1] : /^--pattern=/.test(w) ? eqValue(w) : undefined;
        if (pat !== undefined && !/^test/.test(pat))
          out.why ??= `python -m unittest discover -p ${pat} imports every matching module, code the guard does not read`;
      }
      const pos = ps.slice(1);
      if (pos[1] !== undefined && !/^test/.test(pos[1]))
        out.why ??= `python -m unittest discover imports every module matching ${pos[1]}, code the guard does not read`;
      return;
    }
    for (const w of ps) out.exec.push(...(/\.py$|\//.test(w) ? [w] : moduleFiles(w)));
    return;
  }
  if (mod === 'doctest') {
    for (const w of ps) out.exec.push(w);
    return;
  }
  if (mod === 'pydoc') {
    if (args.some((w) => /^-[kpbn]/.test(w))) return;
    for (const w of ps) out.exec.push(...(/\.py$|\//.test(w) ? [w] : moduleFiles(w)));
    return;
  }
  // cProfile, profile, trace, coverage run: a script (or -m module) and its arguments.
  let i = 0;
  if (mod === 'coverage') {
    if (args[0] !== 'run') return;
    i = 1;
  }
  for (; i < args.length; i++) {
    const w = args[i];
    if (w === '-m' || w === '--module') {
      const v = args[i + 1];
      if (v !== undefined) out.exec.push(...moduleFiles(v));
      return;
    }
    if (
      /^(-o|-s|--outfile|--sort|--file|-f|--coverdir|-C|--ignore-module|--ignore-dir|--rcfile|--source|--data-file|--omit|--include|--concurrency)$/.test(w)
    ) {
      i++;
      continue;
    }
    if (w.startsWith('-')) continue;
    out.exec.push(w);
    return;
  }
}

/** Environment variables that name a program a build or a runner starts (a wrapper, a compiler, a shell). */
const PROGRAM_VARS =
  /^(RUSTC|RUSTDOC|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|CARGO_BUILD_RUSTC(_WRAPPER|_WORKSPACE_WRAPPER)?|CARGO_BUILD_RUSTDOC|CARGO_TARGET_\w+_(RUNNER|LINKER)|CMAKE_\w*(COMPILER_LAUNCHER|LINKER_LAUNCHER|COMPILER)|CC|CXX|LD|AR|FC|CPP|PARALLEL_SHELL|SHELL|npm_config_script_shell|NPM_CONFIG_SCRIPT_SHELL|GIT_SSH|GIT_SSH_COMMAND|MAVEN_OPTS|GRADLE_OPTS)$/;

/** Values of those variables that are ordinary installed programs, not code the guard has not seen. */
const STANDARD_PROGRAM =
  /^(?:(?:\/usr)?(?:\/local)?\/s?bin\/)?(?:sh|bash|dash|zsh|ksh|fish|gcc|g\+\+|cc|c\+\+|clang|clang\+\+|clang-\d+|gcc-\d+|g\+\+-\d+|tcc|ld|lld|ld\.lld|ld\.gold|mold|gold|ar|llvm-ar|gfortran|rustc|rustdoc|sccache|ccache|distcc|cpp)$/;

/** Shells (a script shell or SHELL must be one of them for the scripts to run as written). */
const SHELLS = /^(?:(?:\/usr)?(?:\/local)?\/s?bin\/)?(?:sh|bash|dash|zsh|ksh|mksh|ash|fish|busybox)$/;

/** The programs that read each kind of variable (an assignment on another program's line is inert for it). */
const READERS: [RegExp, RegExp][] = [
  [/^(RUSTC|RUSTDOC|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|CARGO_\w+)$/, /^(cargo|cross|maturin|wasm-pack)$/],
  [
    /^(CMAKE_\w+|CC|CXX|LD|AR|FC|CPP)$/,
    /^(cmake|make|gmake|ninja|meson|cargo|go|pip|pip3|python[\d.]*|npm|yarn|pnpm|node-gyp|configure|\.\/configure|autoreconf|scons|bazel)$/,
  ],
  [/^PARALLEL_SHELL$/, /^parallel$/],
  [/^SHELL$/, /^(script|parallel|make|gmake|xargs|watch|tmux|screen|nohup|timeout|env)$/],
  [/^(npm_config_script_shell|NPM_CONFIG_SCRIPT_SHELL)$/, /^(npm|npx|yarn|pnpm)$/],
];

function programValue(name: string, v: string | null, prog: string, out: Loaded): void {
  if (v === null) {
    out.why ??= `${name} names a program only known at run time, and ${prog} runs it`;
    return;
  }
  const first = v.trim().split(/\s+/)[0] ?? '';
  // A script shell that is no shell (`npm_config_script_shell=/bin/echo npm test`, `--script-shell=/bin/true`): the
  // scripts are handed to a program that does not run them, and the run passes with nothing done.
  // (The program is still judged below: one from scratch space or the workspace is a program run from there.)
  if (/script[-_]shell|^SHELL$|PARALLEL_SHELL/i.test(name) && first !== '' && !SHELLS.test(first))
    out.why ??= `${name}=${v} hands the scripts to ${first}, which is no shell: they do not run as written`;
  if (first === '' || STANDARD_PROGRAM.test(first)) return;
  if (/\s/.test(v.trim()) || !/^[\w./+-]+$/.test(first) || !first.includes('/')) {
    out.why ??= `${name}=${v} makes ${prog} run a program the guard does not model`;
    return;
  }
  out.exec.push(first);
}

/** Programs that start compilers and linkers with the flags in the environment. */
const BUILDERS =
  /^(go|cmake|make|gmake|ninja|meson|cargo|pip|pip3|python[\d.]*|npm|yarn|pnpm|node-gyp|configure|\.\/configure|autoreconf|scons|bazel|gcc|g\+\+|cc|c\+\+|clang|clang\+\+)$/;

/** Endless devices: a reader that keeps whole lines (or all its input) in memory never finishes one. */
const ENDLESS = /^\/dev\/(zero|urandom|random|full)$/;
const LINE_READERS =
  /^(sort|tail|head|sed|gsed|grep|egrep|fgrep|rg|ag|awk|gawk|mawk|nawk|uniq|tac|rev|nl|cut|fold|fmt|paste|join|comm|column|shuf|jq|yq|less|more|xargs|tsort|pr|expand|unexpand|diff|cmp|sdiff|md5sum|wc)$/;

/** Code that asks for a huge allocation: `bytearray(10**13)`, `"a" x 1e13`, `[1]*10**11`, `Buffer.alloc(1e12)`. */
const HUGE = String.raw`(?:\d{11,}|\d+\s*\*\*\s*(?:1\d|[2-9]\d|\d{3,})|\d+(?:\.\d+)?[eE]\+?(?:1\d|[2-9]\d|\d{3,})|(?:1|2)\s*<<\s*(?:3[4-9]|[4-9]\d|\d{3,})|2\s*\*\*\s*(?:3[4-9]|[4-9]\d|\d{3,}))`;
const HUGE_ALLOC = new RegExp(
  String.raw`(?:bytearray|bytes|alloc|allocUnsafe|allocUnsafeSlow|Array|repeat|zeros|ones|empty|full|malloc|calloc|range|xrange|padEnd|padStart|ljust|rjust|urandom|read)\s*\(\s*\(?\s*` +
    HUGE +
    String.raw`|[\])'"]\s*\*\s*\(?\s*` +
    HUGE +
    String.raw`|` +
    HUGE +
    String.raw`\s*\)?\s*\*\s*[\[('"]|['")\]]\s*x\s*` +
    HUGE,
);

const INTERPRETERS = /^(python[\d.]*|pypy3?|py|perl|ruby|node|nodejs|deno|bun|php|lua|luajit|julia|Rscript|rscript|tsx|ts-node|osascript)$/;

/**
 * What a sub-command loads or runs as code beyond what its row reads: `argv` after unwrapping (values; null =
 * only known at run time), its environment assignments, and whether its input is a pipe or file of names.
 */
export function loadedCode(name: string, argv: readonly (string | null)[], assigns: Record<string, string | null>, stdin?: string): Loaded | undefined {
  let out: Loaded | undefined;
  const o = (): Loaded => (out ??= { exec: [], why: undefined });
  // Environment that names the program the tool starts.
  for (const k in assigns) {
    if (!PROGRAM_VARS.test(k)) continue;
    if (!READERS.some(([vars, progs]) => vars.test(k) && progs.test(name))) continue;
    programValue(k, assigns[k], name, o());
  }
  // Endless devices read by a program that keeps lines in memory (`head -c N` counts bytes: bounded).
  const endless = argv.find((w) => w !== null && ENDLESS.test(w)) ?? (stdin !== undefined && ENDLESS.test(stdin) ? stdin : undefined);
  if (LINE_READERS.test(name) && endless && !(name === 'head' && argv.some((w) => w !== null && /^(-c\d*|--bytes(=.*)?)$/.test(w))))
    o().endless = `${name} reads ${endless}, an endless input, and holds what it reads in memory (or never ends)`;
  if (INTERPRETERS.test(name) && argv.some((w) => w !== null && HUGE_ALLOC.test(w))) o().why ??= `${name} runs code that allocates a huge amount of memory`;
  if (/^(npm|npx|yarn|pnpm|pnpx|bun|bunx)$/.test(name)) pkgManagerConfig(name, argv, assigns, o());
  // A test run whose options leave tests out while it still passes (`pytest --ignore=tests`, `go test -skip .`).
  const filtered = testFilterWhy(name, argv);
  if (filtered !== undefined) o().why ??= filtered;
  // Flags in the environment that compilers and linkers started by a build read (`CGO_LDFLAGS=-Wl,@.env go build`).
  for (const k in assigns)
    if (/^(CGO_)?(C|CXX|CPP|LD|F)FLAGS$|^(CGO_)?FFLAGS$/.test(k) && BUILDERS.test(name)) {
      const v = assigns[k];
      const bad = v === null ? `${k} is only known at run time` : riskyFlags(v);
      if (bad !== undefined) o().why ??= `${k}: ${bad}`;
    }
  // GOTOOLCHAIN=go1.x downloads a toolchain and runs it; GOFLAGS=-toolexec/-exec runs a program around each step.
  if (name === 'go') {
    const tc = assigns.GOTOOLCHAIN;
    if (tc !== undefined && (tc === null || !/^(local|auto|path)$/.test(tc)))
      o().why ??= `GOTOOLCHAIN=${tc ?? '…'} makes go download and run another toolchain`;
    const gf = assigns.GOFLAGS;
    if (gf !== undefined && (gf === null || /-(toolexec|exec|overlay)\b/.test(gf))) o().why ??= `GOFLAGS=${gf ?? '…'} makes go run another program`;
  }
  if (argv.some((w) => w === null)) return out;
  const args = argv.slice(1) as string[];
  if (Object.hasOwn(LINT_CODE_OPTS, name)) lintLoads(LINT_CODE_OPTS[name], args, o());
  else if (JS_LOADERS.has(name)) jsLoads(args, o());
  else if (PY_APP_SERVERS.test(name)) pyAppLoads(name, args, assigns, o());
  else if (name === 'perl' || name === 'ruby') perlRubyLoads(name, args, o());
  else if (RUBY_TOOLS.test(name)) {
    // `rspec --require ./x`, `rubocop -r ./cop`: Ruby's require adds .rb to a path without it.
    for (let i = 0; i < args.length; i++) {
      const v = args[i] === '-r' || args[i] === '--require' ? args[++i] : /^--require=/.test(args[i]) ? args[i].slice(10) : undefined;
      if (v !== undefined && /^\.{0,2}\//.test(v) && !/\.rb$/.test(v)) o().exec.push(`${v}.rb`);
    }
  } else if (name === 'dart' && args[0] === 'run') {
    // `dart run tool/x.dart` runs that file; `dart run` alone runs the package's bin/ entry point.
    const f = args.slice(1).find((w) => !w.startsWith('-'));
    if (f !== undefined && /\.dart$/.test(f)) o().exec.push(f);
  } else if (name === 'pytest' || name === 'py.test') pytestLoads(args, o());
  else if (name === 'pydoc' || name === 'pydoc3') pyModuleLoads('pydoc', args, o());
  else if (name === 'coverage') pyModuleLoads('coverage', args, o());
  else if (PYTHON.test(name)) {
    // Python's own options end at -m; what follows is the module's argv.
    for (let i = 0; i < args.length; i++) {
      const w = args[i];
      if (w === '-c' || !w.startsWith('-')) break;
      if (w === '-m' || /^-m./.test(w)) {
        const mod = w === '-m' ? args[i + 1] : w.slice(2);
        const rest = args.slice(w === '-m' ? i + 2 : i + 1);
        if (mod !== undefined && PY_IMPORTERS.has(mod)) pyModuleLoads(mod, rest, o());
        break;
      }
      if (/^-[WX]$/.test(w)) i++;
    }
  } else if (/^(uv|pdm|poetry|hatch|pipenv|rye|uvx)$/.test(name) && (args[0] === 'run' || name === 'uvx')) {
    // `uv run scripts/x.py`, `uv run --with y x.py`: a code file among the words is the program it runs.
    for (const w of args) if (CODE_FILE.test(w)) o().exec.push(w);
  } else if (name === 'cmake') cmakeLoads(args, o());
  else if (name === 'go') goLoads(args, o());
  else if (name === 'mvn' || name === 'mvnw' || name === './mvnw') mvnLoads(args, o());
  else if (name === 'sbt') {
    // sbt's global base holds plugins it loads into every build; its boot properties name the launcher's sources.
    for (let i = 0; i < args.length; i++) {
      const m = /^(?:-Dsbt\.(?:global\.base|boot\.properties|boot\.directory)=|--?sbt-(?:dir|boot)(?:=|$))(.*)$/.exec(args[i]);
      if (m) configFile('sbt', m[1] !== '' ? m[1] : (args[++i] ?? ''), o());
    }
  } else if (/^(bazel|bazelisk)$/.test(name)) bazelLoads(args, o());
  else if (name === 'jupyter' || name === 'papermill' || name === 'ipython') {
    if (name === 'papermill' || args.includes('--execute') || args[0] === 'execute' || args.some((w) => /\.ipynb$/.test(w) && name === 'ipython'))
      if (args.some((w) => /\.ipynb$/.test(w))) o().why ??= `${name} runs the code cells of a notebook, which the guard does not read`;
  }
  if (out && out.exec.length === 0 && out.why === undefined && out.endless === undefined) return undefined;
  return out;
}

/**
 * A package manager's script shell and configuration files: `--script-shell X` (npm, pnpm's `--config.script-shell`)
 * runs every script through X; `--userconfig F` / `npm_config_userconfig=F` takes settings (a script shell among
 * them) from a file the guard does not read.
 */
function pkgManagerConfig(name: string, argv: readonly (string | null)[], assigns: Record<string, string | null>, out: Loaded): void {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--') break;
    if (w === null) continue;
    const m = /^--(?:config\.)?(script-shell|shell|userconfig|globalconfig|rc)(?:=(.*))?$/.exec(w);
    if (!m) continue;
    const v = m[2] ?? argv[++i];
    if (v === undefined) continue;
    if (m[1] === 'script-shell' || m[1] === 'shell') programValue(`${name} --${m[1]}`, v, name, out);
    else if (v === null) out.why ??= `${name} --${m[1]} takes settings from a file only known at run time`;
    else configFile(`${name} --${m[1]}`, v, out);
  }
  for (const k in assigns) {
    if (/^npm_config_(userconfig|globalconfig)$/i.test(k)) {
      const v = assigns[k];
      if (v === null) out.why ??= `${k} takes settings from a file only known at run time`;
      else configFile(k, v, out);
    }
  }
}

function cmakeLoads(args: readonly string[], out: Loaded): void {
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === '-C') {
      if (args[i + 1] !== undefined) configFile('cmake -C', args[++i], out);
      continue;
    }
    if (/^-C./.test(w)) configFile('cmake -C', w.slice(2), out);
    const def = w === '-D' ? args[++i] : /^-D./.test(w) ? w.slice(2) : undefined;
    if (def === undefined) continue;
    const eq = def.indexOf('=');
    if (eq < 0) continue;
    const key = def.slice(0, eq).replace(/:\w+$/, '');
    if (
      /^CMAKE_\w*(COMPILER_LAUNCHER|LINKER_LAUNCHER|COMPILER|LINKER|_EMULATOR|CROSSCOMPILING_EMULATOR|PROJECT_INCLUDE\w*|TOOLCHAIN_FILE|USER_MAKE_RULES_OVERRIDE\w*)$/.test(
        key,
      ) ||
      key === 'CMAKE_MAKE_PROGRAM'
    )
      programValue(key, def.slice(eq + 1), 'cmake', out);
  }
}

/** `go env -w` settings that make every later go command run another program or trust other code. */
const GO_ENV_RISKY =
  /^(GOFLAGS|CC|CXX|AR|FC|PKG_CONFIG|GOTOOLCHAIN|GONOSUMDB|GONOSUMCHECK|GOINSECURE|GOSUMDB|GOPROXY|GOENV|GOROOT|GOBIN|GOEXPERIMENT|CGO_\w+)$/;

function goLoads(args: readonly string[], out: Loaded): void {
  const env = args.indexOf('env');
  if (env >= 0 && args.slice(env + 1).some((w) => w === '-w' || w === '-u')) {
    for (const w of args.slice(env + 1)) {
      const k = w.split('=')[0];
      if (w.includes('=') && GO_ENV_RISKY.test(k)) out.why ??= `go env -w ${w} persistently changes what every later go command runs or trusts`;
    }
  }
  for (const w of args) if (/^-(toolexec|exec|overlay)(=|$)/.test(w) && args.indexOf(w) < env) out.why ??= `go ${w} runs another program`;
  // -ldflags is the go linker's: -extld runs a program as the external linker, -extldflags are that linker's words.
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    const v = /^--?ldflags=/.test(w) ? w.slice(w.indexOf('=') + 1) : /^--?ldflags$/.test(w) ? args[++i] : undefined;
    if (v === undefined) continue;
    const ext = /-extld(?:=|\s+)(\S+)/.exec(v);
    if (ext) programValue('go -ldflags -extld', ext[1].replace(/^['"]|['"]$/g, ''), 'go', out);
    const bad = riskyFlags(v.replace(/-extldflags=?/g, ' '));
    if (bad !== undefined) out.why ??= `go -ldflags: ${bad}`;
  }
}

function mvnLoads(args: readonly string[], out: Loaded): void {
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (/^(exec|org\.codehaus\.mojo:exec-maven-plugin[:\w.-]*):(exec|java)$/.test(w)) out.why ??= `mvn ${w} runs a program named by properties or the pom`;
    if (/^-Dexec\.executable=/.test(w)) programValue('exec.executable', w.slice(w.indexOf('=') + 1), 'mvn', out);
    // Core extensions: jars Maven loads into itself at start.
    if (/^-Dmaven\.ext\.class\.path=/.test(w)) for (const j of w.slice(w.indexOf('=') + 1).split(/[:;,]/)) if (j) out.exec.push(j);
    if (/^(-f|--file|-s|--settings|-gs|--global-settings)$/.test(w) && args[i + 1] !== undefined) configFile(`mvn ${w}`, args[++i], out);
    else if (/^--(file|settings|global-settings)=/.test(w)) configFile('mvn', w.slice(w.indexOf('=') + 1), out);
  }
}

function bazelLoads(args: readonly string[], out: Loaded): void {
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (/^--(run_under|script_path)(=|$)/.test(w)) out.why ??= `bazel ${w.split('=')[0]} runs a program the guard does not read`;
    const rc = w === '--bazelrc' ? args[++i] : /^--bazelrc=/.test(w) ? w.slice(10) : undefined;
    if (rc !== undefined && rc !== '/dev/null') configFile('bazel --bazelrc', rc, out);
  }
}

/** A program that takes the programs to run from its input (xargs) handed an interpreter with no file of its own. */
export const INTERP_NAMES = /^(python[\d.]*|pypy3?|node|nodejs|deno|bun|tsx|ts-node|ruby|perl|php|lua|sh|bash|zsh|dash|ksh|source|\.)$/;
