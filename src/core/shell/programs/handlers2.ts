// Custom readings, part two: interpreters (code, module or script), shells, formatters, make, npm.
import { APPEND, INTO, NO_ACC, RECURSIVE, applyRoles, codeArg, derived, handler, positionalRoles_, runRow, type Model } from './model';
import { stdinText } from './handlers';
import { joinArgv } from './handlers3';
import { preloadedCode } from './handlers4';
import type { Row } from './spec';
import type { W } from '../types';
import { absPath, normalize, within } from '../fsfacts';
import { jobCountWord } from '../arith';
import { lineCodeDestroys, wipesMany } from './inplace';

let moduleRows: Map<string, Row> | undefined;
let rowByName: ((name: string) => Row | undefined) | undefined;

/** The table lookups this module needs (set by the registry, which imports the handlers). */
export function setLookups(byName: (name: string) => Row | undefined, modules: Map<string, Row>): void {
  rowByName = byName;
  moduleRows = modules;
}

/**
 * tox and nox: the environments' commands come from tox.ini/noxfile.py (listed in `runs`); what follows `--` is
 * handed to them. `tox exec -- CMD` runs CMD, and a config whose command is `{posargs}` runs the words as a
 * command: words after `--` that start with a program name are judged as a command line (`tox -- rm -rf src`);
 * options and paths for the test runner (`tox -- -k adds`, `tox -- tests/test_a.py`) stay arguments.
 */
handler('tox', (m) => {
  applyRoles(m);
  const words = m.s.words;
  const dd = words.findIndex((w, i) => i > 0 && w.value === '--');
  if (dd < 0 || dd + 1 >= words.length) return;
  const rest = words.slice(dd + 1);
  const first = rest[0].value;
  if (first === null) return void m.unknown(`${m.label} -- ${rest[0].text}: a command only known at run time`);
  if (first.startsWith('-') || first.includes('/') || /\.\w+$/.test(first)) return;
  const vals = rest.map((w) => w.value);
  if (vals.some((v) => v === null)) return void m.unknown(`${m.label} -- runs words only known at run time`);
  m.role('S', undefined, vals.map((v) => (/^[\w./:=@%+,-]+$/.test(v!) ? v : `'${v!.replace(/'/g, "'\\''")}'`)).join(' '), `${m.label} --`);
});

/** Python modules run with -m, by the row they stand for (`python -m pytest` is pytest). */
export const PY_MODULES: Record<string, string> = {
  pytest: 'pytest',
  pip: 'pip',
  venv: 'virtualenv',
  virtualenv: 'virtualenv',
  mypy: 'mypy',
  black: 'black',
  isort: 'isort',
  flake8: 'flake8',
  pylint: 'pylint',
  ruff: 'ruff',
  coverage: 'coverage',
  tox: 'tox',
  nox: 'nox',
  pyright: 'pyright',
  bandit: 'bandit',
  pydoc: 'man',
  poetry: 'poetry',
  pipx: 'pipx',
  uv: 'uv',
  build: 'python-build',
  twine: 'twine',
  unittest: 'python-unittest',
  doctest: 'python-unittest',
  compileall: 'python-compileall',
  py_compile: 'python-compileall',
  'json.tool': 'python-jsontool',
  ensurepip: 'python-ensurepip',
  site: 'python-info',
  platform: 'python-info',
  sysconfig: 'python-info',
  this: 'python-info',
  'http.server': 'python-httpserver',
  timeit: 'python-timeit',
  cProfile: 'python-profile',
  profile: 'python-profile',
  zipfile: 'python-archive',
  tarfile: 'python-archive',
};

/**
 * `python -m zipfile|tarfile`: -l/--list and -t/--test read the archive; zipfile's -e/--extract ARCHIVE DIR reads it and
 * writes what it holds (names the guard does not see; zipfile drops `..` and leading `/`) anywhere under DIR; -c/--create ARCHIVE FILE… writes the archive from
 * the files (folders whole). tarfile's -v is verbosity. Anything else is not modelled.
 */
handler('python-archive', (m) => {
  const ws = m.s.words.slice(m.from).filter((w) => w.value !== '-v' && w.value !== '--verbose');
  const op = ws[0]?.value;
  const args = ws.slice(1);
  if (op === null || op === undefined) return m.unknown(`${m.label} with a command only known at run time`);
  if (/^(-l|--list|-t|--test)$/.test(op) && args.length === 1) return m.path('R', args[0], args[0].value, `${m.label} ${op}`);
  // tarfile before Python 3.14 extracts member names as they are (`../x`, `/abs`): anywhere, not only under DIR.
  if (/^(-e|--extract)$/.test(op) && m.s.words.some((w) => w.value === 'tarfile'))
    return m.unknown(`${m.label} -m tarfile -e writes what the archive names, which may lie outside the folder`);
  if (/^(-e|--extract)$/.test(op) && (args.length === 1 || args.length === 2)) {
    m.path('R', args[0], args[0].value, `${m.label} ${op}`);
    const dir = args[1];
    m.path('W', dir, dir === undefined ? '.' : dir.value, `${m.label} ${op} (what the archive holds is written under it)`, INTO | RECURSIVE);
    return;
  }
  if (/^(-c|--create)$/.test(op) && args.length >= 2) {
    m.path('W', args[0], args[0].value, `${m.label} ${op}`);
    for (const w of args.slice(1)) m.path('R', w, w.value, `${m.label} ${op}`, RECURSIVE);
    return;
  }
  m.unknown(`${m.label} ${op}: not a form of the module the guard models`);
});

handler('python-httpserver', (m) => {
  applyRoles(m);
  if (m.has('cgi')) m.unknown(`${m.label} --cgi runs the scripts of the folder it serves`);
  // No --directory: it serves the working directory, every file under it.
  if (m.occ('-d') === undefined) m.add('read', undefined, '.', m.label, RECURSIVE);
});

// `deno install -g -A -n ls https://x/y.ts`: a global install puts a script from a URL or a path behind a command
// name (any name, `ls` included) that later runs with the permissions given: code nobody has seen, run later.
// A registry spec (`npm:x`, `jsr:@std/x`) is the registry's business, as `npm i -g x` is.
handler('deno-install', (m) => {
  applyRoles(m);
  if (!m.has('global')) return;
  for (const w of m.p.positional) {
    const v = w.value;
    if (v === null || !/^(?:npm|jsr):/.test(v)) m.unknown(`${m.label} -g installs ${w.text} as a command that runs later, code the guard has not seen`);
  }
});

/**
 * `python -X pycache_prefix=DIR` (PYTHONPYCACHEPREFIX as an option): every module imported is compiled into a tree
 * under DIR, and a .pyc already there is loaded instead of the source. Judged as the variable is: a write into a
 * workspace folder, and outside the workspace and the home folder a place whose compiled code runs unseen.
 * `-X presite=MOD` imports a module before anything else (debug builds).
 */
function pythonX(m: Model, v: string | null): void {
  if (v === null) return m.unknown(`${m.label} -X with a setting only known at run time`);
  const presite = /^presite=(.*)$/.exec(v);
  if (presite) return m.unknown(`${m.label} -X presite=${presite[1]} imports a module before the program starts`);
  const pre = /^pycache_prefix=(.*)$/.exec(v);
  if (!pre) return;
  const dir = pre[1];
  const abs = dir.startsWith('~/') || dir === '~' ? m.env.home + dir.slice(1) : dir.startsWith('/') ? dir : `${m.s.cwd ?? m.env.cwd}/${dir}`;
  const inside = (root: string): boolean => abs === root || abs.startsWith(root.endsWith('/') ? root : `${root}/`);
  if (!inside(m.env.workspace) && !inside(m.env.home)) m.unknown(`${m.label} -X pycache_prefix=${dir} loads compiled modules from a place nobody has reviewed`);
  m.path('W', undefined, abs, `${m.label} -X pycache_prefix (compiled modules are written into it)`, INTO);
}

handler('interp', (m) => {
  const lang = m.row.lang ?? '?';
  const name = m.label;
  if (lang === 'php') preloadedCode(m, m.s.words);
  for (const o of m.p.occ) {
    if (o.value === undefined) continue;
    if (o.opt.key === '-m') continue;
    if (lang === 'python' && o.opt.key === '-X') pythonX(m, o.value);
    m.role(o.opt.role, o.w, o.value, `${name} ${o.opt.key}`);
  }
  const mod = m.occ('-m');
  const words = m.s.words;
  // Python stops reading its own options at -m: what follows is the module's argv.
  const modAt = mod !== undefined && lang === 'python' && mod.w !== undefined ? words.indexOf(mod.w) : -1;
  if (m.p.unknown.length && modAt < 0) m.unknown(`${name} ${m.p.unknown[0]} is an option the guard does not model`);
  if (m.has('serve')) m.unknown(`${name} -S serves the folder over HTTP`);
  const rest = words.slice(m.p.rest);
  if (mod !== undefined) {
    if (typeof mod.value !== 'string') {
      m.unknown(`${name} -m runs a module only known at run time`);
      return;
    }
    const rowName = PY_MODULES[mod.value];
    const row = rowName !== undefined ? (moduleRows?.get(rowName) ?? rowByName?.(rowName)) : undefined;
    if (!row) {
      m.unknown(`${name} -m ${mod.value} runs a module the guard does not model`);
      return;
    }
    const sub = runRow(m.s, m.host, row, modAt > 0 ? modAt + 1 : m.p.rest);
    // Each access whole: the names a formatter's tree access is narrowed to (`python -m black src` rewrites the
    // .py files only) and the folder it resolves in go with it.
    for (const a of sub.acc) {
      if (m.acc === NO_ACC) m.acc = [];
      m.acc.push(a);
    }
    if (sub.why !== undefined) m.unknown(sub.why);
    if (sub.runs) m.runs = sub.runs;
    return;
  }
  const hasCode = m.p.occ.some((o) => o.opt.role === 'K');
  // A script given by option (php -f, pwsh -File): the rest are its arguments.
  if (!hasCode && m.p.occ.some((o) => o.opt.role === 'X' && /^-(f|file|File|F)$/.test(o.opt.key))) {
    for (const w of rest) m.name(w, w.value, name);
    return;
  }
  if (hasCode) {
    // The words after the code are its arguments (sys.argv, ARGV): a path among them is named; with -n/-p/-i
    // (perl, ruby) they are the input files, and -i rewrites them.
    const inplace = m.has('inplace');
    const reads = m.occ('-n') !== undefined || m.occ('-p') !== undefined;
    // Code that empties each line or prints nothing replaces the file's content (see inplace.ts).
    const codes = m.p.occ.filter((o) => o.opt.role === 'K').map((o) => o.value);
    const wipes =
      inplace &&
      reads &&
      (lang === 'perl' || lang === 'ruby') &&
      codes.every((c) => typeof c === 'string') &&
      lineCodeDestroys(codes.join('\n'), m.occ('-p') !== undefined, lang);
    for (const w of rest) {
      if (wipes) {
        wipesMany(m, w, `${name} -i`);
        m.path('W', w, w.value, `${name} -i (code that keeps no content)`);
      } else if (inplace) m.path('A', w, w.value, `${name} -i`);
      else if (reads) m.path('R', w, w.value, name);
      else m.name(w, w.value, `${name} (an argument of the code)`);
    }
    return;
  }
  const script = rest[0];
  // `node --check app.js`: the script is parsed for its syntax, never run (its preloads, -r/--import, are judged above).
  if (script !== undefined && lang === 'node' && /^(node|nodejs)$/.test(m.s.name ?? '') && (m.occ('-c') !== undefined || m.occ('--check') !== undefined)) {
    for (const w of rest) m.path('R', w, w.value, `${name} --check`);
    return;
  }
  if (script !== undefined && script.value !== '-') {
    m.path('X', script, script.value, name);
    // `python manage.py test app`: a script that dispatches on a command name takes its first word as that name
    // (a verb, not the `test/` folder); the words after it are still named.
    const args = rest.slice(1);
    const from = args.length > 0 && isVerbWord(args[0]) && dispatchesCommand(m, lang, script.value) ? 1 : 0;
    for (const w of args.slice(from)) m.name(w, w.value, `${name} ${script.text}`);
    return;
  }
  // No code and no script: the program comes from the input.
  const t = stdinText(m);
  if (t === undefined) {
    if (m.occ('--version') || m.occ('-V') || m.occ('-v') || m.occ('--help') || m.occ('-h') || m.occ('-c') || m.occ('--check')) return;
    // `julia --version`, `quarto --help`: a lone version or help switch prints and exits, whatever the row lists.
    if (m.s.words.length === 2 && /^(?:--?version|-V|-v|--?help|-h)$/.test(m.s.words[1].value ?? '')) return;
    // node --test alone runs the project's test files (project code, like npm test).
    if (m.occ('--test')) return;
    m.unknown(`${name} without a program reads one from the terminal`);
  } else codeArg(m, lang, t, `${name} (program from its input)`);
  for (const w of rest.slice(1)) m.name(w, w.value, name);
});

handler('shell', (m) => {
  const name = m.label;
  for (const o of m.p.occ) if (o.value !== undefined) m.role(o.opt.role, o.w, o.value, `${name} ${o.opt.key}`);
  if (m.p.unknown.length) m.unknown(`${name} ${m.p.unknown[0]} is an option the guard does not model`);
  const rest = m.s.words.slice(m.p.rest);
  if (m.has('noexec')) {
    for (const w of rest.slice(0, 1)) m.path('R', w, w.value, `${name} -n`);
    return;
  }
  if (m.has('cmd')) {
    // `bash -c` reached here only with a payload only known at run time (the rules call it opaque).
    for (const w of rest.slice(1)) m.name(w, w.value, `${name} -c (an argument)`);
    return;
  }
  if (rest.length && !m.has('stdin')) {
    m.path('X', rest[0], rest[0].value, name);
    for (const w of rest.slice(1)) m.name(w, w.value, `${name} ${rest[0].text}`);
    return;
  }
  const st = m.s.stdin;
  if (st.kind === 'file') {
    m.path('X', st.path, st.path.value, `${name} <`);
    return;
  }
  if (st.kind === 'none') {
    if (m.occ('--version') || m.occ('--help')) return;
    m.unknown(`${name} without a script reads commands from the terminal`);
    return;
  }
  // A pipe or a here-doc the unwrapper could not read: the rules say what (exec.pipe-to-shell, exec.opaque).
  m.unknown(`${name} runs commands from input the guard cannot read`);
});

/** A bare word (no `/`, `.`, glob or expansion): what a command name looks like. */
function isVerbWord(w: W): boolean {
  return w.value !== null && !w.glob && w.alts === undefined && !w.fromInput && /^[A-Za-z][A-Za-z0-9_:-]*$/.test(w.value);
}

/**
 * Command-line frameworks whose first argument picks a command from a fixed set: Django's management utility,
 * argparse sub-parsers, click and typer groups, fire; commander's and yargs' commands.
 */
const DISPATCH: Record<string, RegExp> = {
  python: /\bexecute_from_command_line\s*\(|\.add_subparsers\s*\(|@(?:click\.)?group\s*\(|\btyper\.Typer\s*\(|\bfire\.Fire\s*\(/,
  node: /\.command\s*\(\s*['"`][A-Za-z]/,
};

/** Does the script on disk (read as the guard reads scripts) dispatch on a command name given as its first word? */
function dispatchesCommand(m: Model, lang: string, v: string | null): boolean {
  const re = DISPATCH[lang];
  if (re === undefined || v === null || m.env.readScript === undefined) return false;
  const abs = v.startsWith('/') ? v : `${(m.s.cwd ?? m.env.cwd).replace(/\/+$/, '')}/${v}`;
  const text = m.env.readScript(abs, 1024 * 1024);
  return typeof text === 'string' && re.test(text);
}

/** bun run X / bun X: a file when it looks like one, otherwise a package.json script. */
handler('script-or-file', (m) => {
  const ps = m.p.positional;
  for (const o of m.p.occ) if (o.value !== undefined) m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  const first = ps[0];
  if (!first) return;
  const v = first.value;
  if (v !== null && (v.includes('/') || /\.(m|c)?[jt]sx?$/.test(v))) m.path('X', first, v, m.label);
  else if (m.s.name === 'bun' && bunRunsProgram(m, v)) {
    // `bun run rm -rf src`: with no package.json script of that name bun runs the program (node_modules/.bin, then
    // PATH) with the rest as its arguments: judged as that command.
    const rest = m.s.words.slice(m.s.words.indexOf(first));
    if (rest.some((w) => w.value === null)) return m.unknown(`${m.label} runs words only known at run time`);
    m.host.shell(m.s, joinArgv(rest.map((w) => w.value as string)), `${m.label} (no script of that name: the program)`);
    return;
  }
  for (const w of ps.slice(1)) m.name(w, w.value, m.label);
});

/** Is `bun run NAME` a program rather than one of the package.json scripts (none of that name, or none readable)? */
function bunRunsProgram(m: Model, name: string | null): boolean {
  if (name === null) return true;
  if (m.occ('--cwd') !== undefined || m.env.readScript === undefined) return false;
  const text = m.env.readScript(`${(m.s.cwd ?? m.env.cwd).replace(/\/+$/, '')}/package.json`, 1024 * 1024);
  if (typeof text !== 'string') return text === undefined;
  try {
    const scripts = (JSON.parse(text) as { scripts?: Record<string, unknown> }).scripts;
    return scripts === undefined || scripts === null || typeof scripts !== 'object' || !Object.prototype.hasOwnProperty.call(scripts, name);
  } catch {
    return true;
  }
}

/** Formatters and linters: with no paths they work on the current directory. */
handler('formatter', (m) => {
  // Go's package patterns: `./...` is the folder and every package under it (a tree of .go files), not a file
  // named `...`.
  if (m.row.ext?.includes('*.go') || m.s.name === 'go')
    m.p.positional = m.p.positional.map((w) => {
      const g = w.value !== null && !w.glob ? /^(.*?)\/?\.\.\.$/.exec(w.value) : null;
      return g === null ? w : derived(g[1] === '' ? '.' : g[1]);
    });
  // swiftlint's `--path X` names the files as a positional would (`swiftlint --fix --path tests` rewrites tests/),
  // before the verb or after it.
  if (m.s.name === 'swiftlint') {
    const ws = m.s.words;
    const named: W[] = [];
    for (let i = 1; i < ws.length; i++) {
      const v = ws[i].value;
      if (v === '--path' && ws[i + 1] !== undefined) named.push(ws[++i]);
      else if (v !== null && v.startsWith('--path=')) named.push(derived(v.slice('--path='.length)));
    }
    if (named.length > 0) {
      m.p.occ = m.p.occ.filter((o) => o.opt.key !== '--path');
      m.p.positional = [...m.p.positional, ...named];
    }
  }
  applyRoles(m);
  if (m.p.positional.length > 0) return;
  const t = m.row.pos[0];
  if (!t) return;
  let role = t.role;
  // The first switch that is on decides, as for positionals (`ruff check --fix --diff`: the diff, nothing written).
  const on = m.p.switches === undefined ? undefined : t.when.find(([s]) => m.p.switches!.has(s));
  if (on !== undefined) role = on[1];
  if (role === 'Y') m.add('write', undefined, '.', m.label, RECURSIVE, m.row.ext);
});

const MAKE_EXEC_VARS =
  /^(CC|CXX|CPP|LD|AR|AS|FC|RANLIB|STRIP|SHELL|MAKE|RM|CP|MV|LN|INSTALL|MKDIR|ECHO|PYTHON|PYTHON3|NODE|NPM|YARN|GO|CARGO|DOCKER|JAVA|MVN|GRADLE|PERL|RUBY|BASH|SH|CMAKE|NINJA|TOUCH|CHMOD|SED|AWK|TAR|ZIP|CURL|WGET|GIT|KUBECTL|HELM|TERRAFORM)$/;
const SHELL_META = /[;&|`<>]|\$\(/;
const STANDARD_SHELL = /^(?:(?:\/usr)?(?:\/local)?\/bin\/)?(?:sh|bash|dash|zsh|ksh|mksh)$/;

handler('make', (m) => {
  for (const o of m.p.occ) {
    if (o.value === undefined) continue;
    if (o.opt.key === '--eval') {
      m.unknown('make --eval runs make code the guard does not read');
      continue;
    }
    m.role(o.opt.role, o.w, o.value, `make ${o.opt.key}`);
    if (o.opt.key === '-f' && typeof o.value === 'string') (m.runs ??= []).push(o.value);
    // `make -I /tmp all`: a makefile's `include x.mk` is looked up in the folders -I names, so one outside the
    // workspace (system folders aside) may hand make code nobody has seen.
    if (o.opt.key === '-I') {
      const base = m.base !== undefined && m.s.cwd !== null ? absPath(m.base, m.s.cwd, m.env.home) : m.s.cwd;
      const dir = o.value === null || base === null ? null : normalize(absPath(o.value, base, m.env.home));
      if (dir === null || !(within(dir, normalize(m.env.workspace)) || /^\/usr\/(local\/)?(include|share)(\/|$)/.test(dir)))
        m.unknown(`make -I ${o.value ?? '…'}: the makefiles it includes may come from ${dir ?? 'a folder only known at run time'}, outside the workspace`);
    }
  }
  for (const w of m.p.positional) {
    const v = w.value;
    // `make -j$(nproc)`: a number of jobs, whatever the machine answers.
    if (v === null && jobCountWord(m.s.words, m.s.words.indexOf(w))) continue;
    if (v === null) {
      m.unknown(`make is given ${w.text}, only known at run time`);
      continue;
    }
    // .SHELLFLAGS is handed to the shell before every recipe (`-c 'rm -rf src;'` runs first).
    if (/^\.SHELLFLAGS(\+|\?|:{1,3}|!)?=/.test(v) && !/^\.SHELLFLAGS[^=]*=\s*-[a-z]*c\s*$/.test(v)) {
      m.unknown(`make ${v}: shell flags run before every recipe`);
      continue;
    }
    const eq = /^([A-Za-z_][A-Za-z0-9_.]*)(\+|\?|:{1,3}|!)?=(.*)$/s.exec(v);
    if (!eq) continue; // a target
    const val = eq[3];
    if (MAKE_EXEC_VARS.test(eq[1])) {
      // SHELL=/bin/bash is the shell recipes run in (`bash -c RECIPE`), not a command of its own.
      if (/^(SHELL|BASH|SH)$/.test(eq[1]) && STANDARD_SHELL.test(val.trim())) continue;
      if (val.trim()) m.host.shell(m.s, val, `make ${eq[1]}=`);
    } else if (SHELL_META.test(val)) m.unknown(`make ${eq[1]}=… holds shell syntax a recipe may run`);
  }
});

handler('npm-misc', (m) => {
  applyRoles(m);
  const verb = m.label.split(' ')[1];
  const ps = m.p.positional.map((w) => w.value);
  const loc = m.occ('--location')?.value ?? (m.occ('-g') || m.occ('--global') ? 'global' : 'user');
  const rc = loc === 'project' ? '.npmrc' : loc === 'global' ? undefined : '~/.npmrc';
  const setting = (verb === 'config' || verb === 'c') && /^(set|delete|rm|edit|fix)$/.test(ps[0] ?? '');
  if (setting || verb === 'set' || /^(login|adduser|add-user|logout|token)$/.test(verb ?? '')) {
    if (rc) m.add('write', undefined, rc, `npm ${verb}`, APPEND);
    else m.unknown(`npm ${verb} changes the global npm configuration`);
  }
  const key = (verb === 'config' || verb === 'c') && ps[0] === 'get' ? ps[1] : verb === 'get' ? ps[0] : undefined;
  if (key === null || (key !== undefined && /auth|token|password|_pass|cert|key/i.test(key))) m.unknown(`npm ${verb} prints a credential setting`);
  if (/^(edit|explore)$/.test(verb ?? '')) m.unknown(`npm ${verb} opens an editor or a shell`);
});

handler('npm-pkg', (m) => {
  applyRoles(m);
  const act = m.p.positional[0]?.value;
  if (act === 'get') return;
  if (act === 'set' || act === 'delete' || act === 'fix') m.add('write', undefined, 'package.json', `npm pkg ${act}`, APPEND);
  // A script stored now runs later (npm test, npm pack's prepack, npm version's preversion…): it is judged now.
  if (act === 'set')
    for (const w of m.p.positional.slice(1)) {
      const v = w.value;
      if (v === null) m.unknown(`npm pkg set ${w.text} stores a value only known at run time`);
      else if (/^scripts[.[]/.test(v)) {
        const eq = v.indexOf('=');
        if (eq < 0) m.unknown(`npm pkg set ${v} is not modelled`);
        else m.host.shell(m.s, v.slice(eq + 1), 'npm pkg set scripts');
      }
    }
  else m.unknown(`npm pkg ${act ?? ''} is not modelled`);
});

handler('protoc', (m) => {
  for (let i = 1; i < m.s.words.length; i++) {
    const w = m.s.words[i];
    const v = w.value;
    if (v === null) {
      m.unknown(`${m.label} is given ${w.text}, only known at run time`);
      continue;
    }
    const out = /^--([a-z0-9_]+)_out=(?:[^:]*:)?(.+)$/.exec(v);
    if (out) m.add('write', undefined, out[2], `${m.label} --${out[1]}_out`, RECURSIVE | INTO);
    else if (/^--plugin=/.test(v)) m.add('exec', undefined, v.slice(v.lastIndexOf('=') + 1), `${m.label} --plugin`);
    else if (/^(--descriptor_set_out|-o)=?/.test(v) && v.includes('=')) m.add('write', undefined, v.slice(v.indexOf('=') + 1), m.label);
    else if (!v.startsWith('-')) m.name(w, v, m.label);
  }
});

export { positionalRoles_ };

/**
 * `pnpm -r exec CMD`, `npm exec --workspaces -- CMD`, `yarn workspaces foreach exec CMD`, `lerna exec -- CMD`,
 * `nx exec -- CMD`: CMD runs in each package's folder. Threat: a command the unwrapper did not reach (options
 * before the verb) allowed unseen. It is judged as a command line, in a folder the guard cannot know (every
 * relative path in it is unknown), the words after `--` when given, else from the first word after `exec`
 * that is no option (an option's value read as the command fails closed: an unknown program).
 */
/** Bundlers whose output folder (-d, --dir, --outdir) receives files and is never emptied first (rollup, esbuild). */
handler('outdir-into', (m) => {
  applyRoles(m);
  for (const o of m.p.occ)
    if (o.opt.key === '-d' && o.value !== undefined) m.path('W', o.w, o.value, `${m.label} ${o.opt.key} (its files are written into it)`, RECURSIVE | INTO);
});

handler('each-exec', (m) => {
  applyRoles(m);
  const ws = m.s.words;
  const at = ws.findIndex((w, i) => i > 0 && w.value === 'exec');
  if (at < 0) return;
  let from = ws.findIndex((w, i) => i > at && w.value === '--');
  if (from < 0) from = ws.findIndex((w, i) => i > at && (w.value === null || !w.value.startsWith('-')));
  else from++;
  if (from < 0 || from >= ws.length) return;
  m.host.shell(
    m.s,
    `cd "$EACH_PACKAGE_DIR" && ${ws
      .slice(from)
      .map((w) => w.text)
      .join(' ')}`,
    `${m.label} (in each package)`,
  );
});
