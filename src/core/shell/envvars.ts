// Environment values that configure a program: which file a program reads its configuration from (`WGETRC`,
// `CURL_HOME`, `PSQLRC`, `LESSKEYIN`, `MAKEFILES`), which program it runs (`SHELL`), where it writes (`TMPDIR`,
// `XDG_CACHE_HOME`, `GIT_TRACE`, `SSLKEYLOGFILE`) and which options it takes (`PYTEST_ADDOPTS`, `ZIPOPT`, `LESS`,
// `PYTHONWARNINGS`). Threat: `WGETRC=/tmp/w wget …` whose rc file says `post_file = .env`, `SHELL=/tmp/x.sh vim -c
// '!ls'`, `ZIPOPT='-TT /tmp/x.sh' zip …`, `GIT_TRACE=$PWD/tests/a.test.js git status` (appends to a test).
// Principle: a value given to a program is accounted for only when its variable is known harmless, or known to
// name a file the program reads, runs or writes (then judged as that access), or known to carry options (judged
// by their grammar). An unknown variable whose value looks like a path, a program or options is unknown; a plain
// value (`FOO=1 npm test`) stays allowed. Pure data and small judges: analyze.ts applies them.

/** What a known variable's value is to the programs that read it. */
export type EnvKind =
  /** Plain data (a mode, a level, a locale, a time zone): nothing is loaded from it. */
  | 'harmless'
  /** A configuration file the program reads, which may run commands or send files: judged as code it runs. */
  | 'config'
  /** A folder holding the program's configuration file (`CURL_HOME/.curlrc`): judged as code it runs. */
  | 'configdir'
  /** A program the program runs (`SHELL`): judged as a program run by the line. */
  | 'program'
  /** A file the program writes or appends to. */
  | 'write'
  /** A folder the program writes files into (temp, caches, logs). */
  | 'dir'
  /** A file the program reads as data (a CA bundle, a project file): judged as a read. */
  | 'read';

const TABLE: Record<string, EnvKind> = {};
const put = (kind: EnvKind, names: string): void => {
  for (const n of names.split(/\s+/)) if (n) TABLE[n] = kind;
};
put(
  'harmless',
  `NODE_ENV CI DEBUG PORT HOST HOSTNAME TZ LANG LANGUAGE NO_COLOR FORCE_COLOR CLICOLOR CLICOLOR_FORCE TERM COLORTERM
   COLUMNS LINES RUST_LOG RUST_BACKTRACE RUST_MIN_STACK RUST_TEST_THREADS GOOS GOARCH GOARM GOAMD64 CGO_ENABLED
   GO111MODULE GOEXPERIMENT GOMAXPROCS GOGC GODEBUG GOTOOLCHAIN PYTHONUNBUFFERED PYTHONDONTWRITEBYTECODE
   PYTHONHASHSEED PYTHONUTF8 PYTHONIOENCODING PYTHONFAULTHANDLER PYTHONDEVMODE PYTHONOPTIMIZE PYTHONTRACEMALLOC
   PYTHONBREAKPOINT_OFF NODE_NO_WARNINGS NODE_DEBUG UV_THREADPOOL_SIZE VERBOSE LOG_LEVEL LOGLEVEL IFS USER LOGNAME
   DISPLAY CARGO_TERM_COLOR CARGO_INCREMENTAL CARGO_BUILD_JOBS HUSKY SKIP GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL
   GIT_AUTHOR_DATE GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL GIT_COMMITTER_DATE GIT_TERMINAL_PROMPT GIT_OPTIONAL_LOCKS
   GIT_FLUSH GIT_PROGRESS_DELAY DOCKER_BUILDKIT BUILDKIT_PROGRESS COMPOSE_PROJECT_NAME DOCKER_DEFAULT_PLATFORM
   JEST_WORKER_ID PAGER_OFF MAKELEVEL JOBS NPROC TERM_PROGRAM EDITOR_OFF SOURCE_DATE_EPOCH PIP_NO_INPUT
   PIP_DISABLE_PIP_VERSION_CHECK PIP_PROGRESS_BAR NEXT_TELEMETRY_DISABLED DOTNET_CLI_TELEMETRY_OPTOUT
   DOTNET_NOLOGO GRADLE_OPTS_OFF TF_LOG TF_IN_AUTOMATION ENVIRONMENT ENV_NAME APP_ENV RAILS_ENV RACK_ENV
   FLASK_ENV FLASK_DEBUG DJANGO_DEBUG MIX_ENV SHLVL PWD OLDPWD SSH_AUTH_SOCK GPG_TTY WAYLAND_DISPLAY XDG_SESSION_TYPE
   DBUS_SESSION_BUS_ADDRESS`,
);
put(
  'config',
  `WGETRC PSQLRC LESSKEYIN LESSKEY LESSKEYIN_SYSTEM LESSKEY_SYSTEM MYVIMRC VIMINIT_FILE GVIMRC SCREENRC
   RIPGREP_CONFIG_PATH BAT_CONFIG_PATH KUBECONFIG AWS_CONFIG_FILE BOTO_CONFIG CLOUDSDK_CONFIG MAKEFILES GOWORK
   GOENV_FILE NETRC CURL_CONFIG PGSERVICEFILE MYSQL_TEST_LOGIN_FILE TS_NODE_PROJECT
   NODE_REPL_EXTERNAL_MODULE SQLITE_INIT STARSHIP_CONFIG TMUX_CONF HGRCPATH SVN_CONFIG_DIR_FILE
   PIP_REQUIRE_FILE PYTEST_CONFIG COVERAGE_RCFILE MYPY_CONFIG_FILE RUFF_CONFIG BLACK_CONFIG ESLINT_CONFIG_FILE
   TSC_CONFIG NPM_CONFIG_GLOBALCONFIG SSH_CONFIG_FILE GIT_SSH_CONFIG ANSIBLE_CONFIG TERRAFORM_CONFIG TF_CLI_CONFIG_FILE`,
);
put('configdir', `CURL_HOME MYSQL_HOME DOCKER_CONFIG GNUPGHOME VIMRUNTIME XDG_CONFIG_HOME_OFF ANDROID_SDK_HOME KUBE_CONFIG_DIR`);
put('program', `SHELL CONFIG_SHELL MAKESHELL COMSPEC GIT_SHELL`);
put(
  'write',
  `GIT_TRACE GIT_TRACE2 GIT_TRACE2_EVENT GIT_TRACE2_PERF GIT_TRACE_PACKET GIT_TRACE_PACKFILE GIT_TRACE_PERFORMANCE
   GIT_TRACE_SETUP GIT_TRACE_SHALLOW GIT_TRACE_CURL GIT_TRACE_FSMONITOR GIT_TRACE_REFS GIT_INDEX_FILE SSLKEYLOGFILE
   HISTFILE LESSHISTFILE NODE_REPL_HISTORY SQLITE_HISTORY PYTHON_HISTORY MYSQL_HISTFILE PSQL_HISTORY REDISCLI_HISTFILE
   COVERAGE_FILE NODE_V8_COVERAGE_FILE JUNIT_REPORT_PATH MOCHA_FILE PYTEST_REPORT_LOG CARGO_LOG_FILE RUST_LOG_FILE
   NODE_DEBUG_LOG NPM_CONFIG_LOGFILE`,
);
put(
  'dir',
  `TMPDIR TMP TEMP TEMPDIR XDG_CACHE_HOME XDG_STATE_HOME XDG_RUNTIME_DIR PYTHONPYCACHEPREFIX npm_config_cache
   npm_config_tmp npm_config_logs_dir npm_config_prefix NPM_CONFIG_CACHE NPM_CONFIG_PREFIX YARN_CACHE_FOLDER
   PIP_CACHE_DIR UV_CACHE_DIR CARGO_TARGET_DIR GOCACHE GOTMPDIR GOBIN PIP_TARGET PIP_PREFIX MYPY_CACHE_DIR
   RUFF_CACHE_DIR BLACK_CACHE_DIR JEST_CACHE_DIRECTORY NODE_V8_COVERAGE DESTDIR PREFIX BUILD_DIR OUT_DIR
   PLAYWRIGHT_BROWSERS_PATH PUPPETEER_CACHE_DIR TURBO_CACHE_DIR NX_CACHE_DIRECTORY CCACHE_DIR SCCACHE_DIR
   GRADLE_USER_HOME_OFF XDG_DATA_HOME_OFF DENO_DIR`,
);
put(
  'read',
  `NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR REQUESTS_CA_BUNDLE CURL_CA_BUNDLE GIT_SSL_CAINFO
   GOOGLE_APPLICATION_CREDENTIALS AWS_SHARED_CREDENTIALS_FILE AWS_WEB_IDENTITY_TOKEN_FILE PGPASSFILE`,
);

/** Variables of one family: locales, every GIT_TRACE* (written where an absolute path says). */
export function envKind(k: string): EnvKind | undefined {
  const t = TABLE[k];
  if (t !== undefined) return t;
  if (/^LC_[A-Z]+$/.test(k)) return 'harmless';
  if (/^GIT_TRACE/.test(k)) return 'write';
  return undefined;
}

/** Variables carrying a program's options, with the judge of their grammar. */
const OPTS: Record<string, (v: string) => string | undefined> = {
  PYTEST_ADDOPTS: pytestOpts,
  ZIPOPT: (v) =>
    /(^|\s)-[A-Za-z]*T|--unzip-command|--test|(^|\s)-@|(^|\s)-[A-Za-z]*[ib]\b|(^|\s)-[A-Za-z]*m|--move/.test(v)
      ? 'hands zip a test command, a file list or -m (the files zipped are deleted)'
      : undefined,
  UNZIPOPT: (v) => (/(^|\s)-[A-Za-z]*d|(^|\s)-[A-Za-z]*[oK]/.test(v) ? 'makes unzip extract elsewhere or overwrite' : undefined),
  UNZIP: (v) => (/(^|\s)-[A-Za-z]*d|(^|\s)-[A-Za-z]*[oK]/.test(v) ? 'makes unzip extract elsewhere or overwrite' : undefined),
  GZIP: (v) => (/^(\s*(-[1-9]|--fast|--best|-n|-N|--rsyncable|-q|-v|--no-name|--name))*\s*$/.test(v) ? undefined : 'hands gzip options beyond a level'),
  XZ_OPT: compressOpts,
  XZ_DEFAULTS: compressOpts,
  BZIP2: compressOpts,
  BZIP: compressOpts,
  ZSTD_CLEVEL: (v) => (/^\s*-?\d+\s*$/.test(v) ? undefined : 'is not a level'),
  ZSTD_NBTHREADS: (v) => (/^\s*\d+\s*$/.test(v) ? undefined : 'is not a number'),
  LESS: (v) =>
    /(^|\s)\+|--lesskey|(^|\s)-[A-Za-z]*k|-[A-Za-z]*o|--log-file|-O|--LOG-FILE|--tag-file|(^|\s)-[A-Za-z]*T/.test(v)
      ? 'gives less a start-up command, a key file or a log file'
      : undefined,
  MORE: (v) => (/(^|\s)\+/.test(v) ? 'gives more a start-up command' : undefined),
  MANOPT: (v) =>
    /(^|\s)-[A-Za-z]*[PHCMpRt]|--pager|--html|--config-file|--manpath|--preprocessor|--recode|--troff/.test(v)
      ? 'gives man a pager, browser, config or path'
      : undefined,
  PYTHONWARNINGS: (v) => warningFilterWhy(v.split(',')),
  CFLAGS: ccOpts,
  CXXFLAGS: ccOpts,
  CPPFLAGS: ccOpts,
  LDFLAGS: ccOpts,
  FFLAGS: ccOpts,
  // cgo's compiler and linker flags (loaders.ts judges their @FILE and plugins for the builders that read them).
  CGO_CFLAGS: ccOpts,
  CGO_CPPFLAGS: ccOpts,
  CGO_CXXFLAGS: ccOpts,
  CGO_FFLAGS: ccOpts,
  CGO_LDFLAGS: ccOpts,
  GREP_OPTIONS: (v) => (/(^|\s)-[A-Za-z]*f|--file|(^|\s)-[A-Za-z]*r|--recursive/.test(v) ? 'gives grep a pattern file or a recursive search' : undefined),
  VIMINIT: vimInit,
  EXINIT: vimInit,
  GVIMINIT: vimInit,
  LESSEDIT: (v) => (/^\s*(%E|vi|vim|nano|emacs)?(\s+\?lm\+%lm\.)?\s*(%g|%f)?\s*$/.test(v) ? undefined : 'is the command less runs to edit a file'),
  PYTEST_PLUGINS: (v) => (v.trim() ? 'names modules pytest imports as plugins' : undefined),
  RIPGREP_OPTS: (v) => (/--pre|--ignore-file|(^|\s)-[A-Za-z]*f/.test(v) ? 'gives rg a preprocessor or a pattern file' : undefined),
};

/** Ex commands vim runs at start: only `set` of options other than the shell is plain. */
function vimInit(v: string): string | undefined {
  return v
    .split('|')
    .every((c) => /^\s*(set?|se)\s+[\w=+,.-]+(\s+[\w=+,.-]+)*\s*$/.test(c) && !/shell|sh=|makeprg|grepprg|keywordprg|equalprg|formatprg/.test(c))
    ? undefined
    : 'holds Ex commands vim runs at start (`:!`, `:source`, a shell setting)';
}

function compressOpts(v: string): string | undefined {
  return /^(\s*(-[0-9]e?|-e|--extreme|-T\s*\d+|--threads=\d+|-q|-v|--fast|--best|-M\s*\S+|--memlimit[a-z-]*=\S+))*\s*$/.test(v)
    ? undefined
    : 'hands the compressor options beyond a level';
}

function ccOpts(v: string): string | undefined {
  return /-fplugin|-wrapper|(^|\s)-B|-specs|(^|\s)@|-Xclang|(^|\s)-load|--plugin|-fuse-ld=\/|-Wl,.*-plugin|-iplugindir|(^|\s)-include|-imacros/.test(v)
    ? 'hands the compiler a plugin, a wrapper, a spec or an include file'
    : undefined;
}

/** pytest options that change nothing it loads (verbosity, selection, reports to stdout, -p no:…). */
function pytestOpts(v: string): string | undefined {
  const ws = v.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    if (
      /^-[qvxsrl]+$|^-r[a-zA-Z]*$|^--(tb|color|maxfail|durations|durations-min|capture|import-mode|show-capture|timeout|count|reruns|log-level|log-cli-level)=\S+$|^--(lf|ff|nf|sw|last-failed|failed-first|new-first|stepwise|no-header|no-summary|strict-markers|strict-config|disable-warnings|showlocals|verbose|quiet|exitfirst|runxfail|doctest-modules|no-cov|cache-clear|co|collect-only|setup-show|full-trace)$/.test(
        w,
      )
    )
      continue;
    if (/^-[kmn]$|^--(tb|maxfail|durations|color|capture|numprocesses|dist|timeout|reruns|log-level|log-cli-level|import-mode)$/.test(w)) {
      i++;
      continue;
    }
    if (/^-[kmn]\S+$|^-n\d+$/.test(w)) continue;
    if (w === '-p' && /^no:/.test(ws[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (/^-pno:/.test(w)) continue;
    if (w === '-W' || /^-W\S/.test(w) || w.startsWith('--pythonwarnings')) {
      const f = w === '-W' || w === '--pythonwarnings' ? ws[++i] : w.replace(/^-W|^--pythonwarnings=/, '');
      const why = warningFilterWhy([f ?? '']);
      if (why !== undefined) return why;
      continue;
    }
    return `hands pytest ${w}, which can load a plugin, a config, a root or a file the line does not show`;
  }
  return undefined;
}

/**
 * Python warning filters `action:message:category:module:lineno`: a category named with a module
 * (`ignore::evilmod.X`) makes Python import that module at start (a planted evilmod.py runs).
 */
export function warningFilterWhy(filters: readonly string[]): string | undefined {
  for (const f of filters) {
    const cat = (f.split(':')[2] ?? '').trim();
    if (cat.includes('.') && !/^(builtins|warnings|exceptions)\.[A-Za-z_]\w*$/.test(cat))
      return `the warning category ${cat} makes Python import ${cat.slice(0, cat.lastIndexOf('.'))} at start, code the line does not show`;
  }
  return undefined;
}

/** The judge of a variable carrying options, or undefined. */
export function envOptions(k: string): ((v: string) => string | undefined) | undefined {
  return OPTS[k];
}

/**
 * A value of an unknown variable that looks like a path, a program or options: a slash (not a URL, a time zone
 * or a MIME type), a leading dash. `exists`: whether a file (not a folder) of that name is on disk.
 */
export function looksLoaded(v: string): boolean {
  const t = v.trim();
  if (t === '') return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return false; // a URL: data for the program, not a file of this machine
  if (t.startsWith('-')) return !/^-?\d+(\.\d+)?$/.test(t);
  if (!t.includes('/')) return false;
  return true;
}

/** pytest options that change only what a run prints or how fast it goes, never which tests run or how they pass. */
const PYTEST_OUTPUT_ONLY =
  /^-[qvslx]+$|^-r[a-zA-Z]*$|^--(tb|color|durations|durations-min|capture|show-capture|log-level|log-cli-level|numprocesses|maxfail)=\S+$|^--(exitfirst|no-header|no-summary|strict-markers|strict-config|showlocals|verbose|quiet|setup-show|full-trace|cache-clear)$|^-n\d+$|^-pno:cacheprovider$/;

/**
 * Options exported for the rest of the terminal's life (`export PYTEST_ADDOPTS=--co`): every later `pytest` the agent
 * types reads as the whole suite while it collects only, deselects (`-k`, `-m`, `--deselect`), stops early or
 * re-runs only failures. On the line that runs pytest they are as visible as the options typed there; exported, they
 * change what a later line does out of its sight. Only options that change the output stay allowed.
 */
export function keptOptionsWhy(k: string, v: string): string | undefined {
  // go reads test flags from GOFLAGS too (`GOFLAGS=-count=1` is everyday): a test filter there selects for every later `go test`.
  if (k === 'GOFLAGS') {
    const w = v.split(/\s+/).find((x) => /^--?(run|skip|list|short|failfast)(=|$)/.test(x));
    return w === undefined
      ? undefined
      : `exported, ${w} changes which tests every later go test in this terminal runs, where the line that runs it does not show it`;
  }
  if (k !== 'PYTEST_ADDOPTS') return undefined;
  const ws = v.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    if (PYTEST_OUTPUT_ONLY.test(w)) continue;
    if (/^--(tb|color|durations|capture|numprocesses|log-level|log-cli-level)$|^-n$/.test(w) && ws[i + 1] !== undefined) {
      i++;
      continue;
    }
    if (w === '-p' && ws[i + 1] === 'no:cacheprovider') {
      i++;
      continue;
    }
    return `exported, ${w} changes which tests every later pytest in this terminal runs or how it passes, where the line that runs it does not show it`;
  }
  return undefined;
}
