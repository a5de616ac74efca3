// Rows and handlers for programs that run other commands through grammars of their own: the command they run
// is judged as a command line (quoted back from its words when it was given as words).
// Threat: `gdb --args rm -rf x`, `bwrap --bind / / rm -rf x`, `hyperfine 'rm -rf x'`, `nodemon --exec 'rm -rf x'`,
// `watchexec -- rm -rf x`, `entr -s 'rm -rf x'`, `expect -c 'spawn rm -rf x'`, `sg grp -c 'rm -rf x'`,
// `cmake -E rm -rf x`.
import { INTO, RECURSIVE, applyRoles, handler, type Model } from './model';
import { stdinText } from './handlers';
import { joinArgv } from './handlers3';
import type { RowSpec } from './spec';
import type { W } from '../types';

/** Run the words as a command line (a word only known at run time makes it opaque). */
function runWords(m: Model, ws: readonly W[], how: string): void {
  if (ws.length === 0) return;
  const vs = ws.map((w) => w.value);
  if (vs.some((v) => v === null)) {
    m.unknown(`${how} runs a command with words only known at run time`);
    return;
  }
  m.host.shell(m.s, joinArgv(vs as string[]), how);
}

/**
 * The words from `first` to the end of the line. A wrapper's own options end at the command it runs: an option word
 * after it (`entr sh -c 'cat .env'`, `watchexec -n python3 -c …`) belongs to that command, though a table parser that
 * reads options anywhere would have taken it for the wrapper's.
 */
function tailFrom(m: Model, first: W | undefined): readonly W[] {
  const i = first === undefined ? -1 : m.s.words.indexOf(first);
  return i < 0 ? [] : m.s.words.slice(i);
}

function runText(m: Model, v: string | null | undefined, how: string): void {
  if (v === undefined) return;
  if (v === null) m.unknown(`${how} runs shell code only known at run time`);
  else m.host.shell(m.s, v, how);
}

/** onchange GLOB… -- CMD ARGS: the words after `--` are the command it runs on each change (-i: at once too). */
handler('onchange', (m) => {
  applyRoles(m);
  const ws = m.s.words;
  for (let i = 1; i < ws.length; i++) if (ws[i].value === '--') return runWords(m, ws.slice(i + 1), `${m.label} --`);
});

/**
 * dos2unix and its kin convert each file in place (old-file mode) or, after -n/--newfile, read INFILE and write
 * OUTFILE, pair by pair (an OUTFILE that exists is replaced); -o/--oldfile goes back to in-place.
 */
handler('dos2unix', (m) => {
  const ws = m.s.words;
  let newMode = false;
  let inFile = true;
  let opts = true;
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (opts && v !== null && v.length > 1 && v.startsWith('-')) {
      if (v === '--') {
        opts = false;
        continue;
      }
      const long = v.startsWith('--') ? v.slice(2).split('=')[0] : '';
      if (long ? 'newfile'.startsWith(long) && long.length >= 2 : v.includes('n')) {
        newMode = true;
        inFile = true;
      } else if (long ? 'oldfile'.startsWith(long) && long.length >= 2 : v.includes('o')) newMode = false;
      // -c MODE / --convmode MODE take the next word.
      if ((v === '-c' || (long !== '' && 'convmode'.startsWith(long) && long.length >= 2 && !v.includes('='))) && i + 1 < ws.length) i++;
      continue;
    }
    if (!newMode) m.path('A', w, v, m.label);
    else {
      m.path(inFile ? 'R' : 'W', w, v, `${m.label} -n`);
      inFile = !inFile;
    }
  }
});

/** gdb/lldb commands: `shell CMD` and `!CMD` run shell commands; python, pipe and source run code unread. */
function debuggerCommand(m: Model, c: string, how: string): void {
  const t = c.trim();
  const sh = /^(?:shell|!|platform\s+shell)\s*(.*)$/s.exec(t);
  if (sh) return runText(m, sh[1], `${how} shell`);
  if (/^(python|python-interactive|pi|py|pipe|\||source|script|guile|gu|command\s+script)\b/.test(t))
    m.unknown(`${how} ${t.split(/\s/)[0]} runs code the guard does not read`);
  // `expr (int)system("rm -rf x")`, `call unlink("f")`: the debuggee calls a function that acts on the system.
  else if (/\b(system|popen|exec[lv]?[pe]*|posix_spawnp?|fork|unlink|unlinkat|remove|rmdir|rename|kill|truncate|ftruncate)\s*\(/.test(t))
    m.unknown(`${how}: the program being debugged is made to call a function that acts on the system`);
}

/**
 * gdb and lldb read debugger commands from their input when it is not a terminal (`echo 'shell rm -rf x' | gdb -q`,
 * `lldb < cmds`): each line shown is judged as one given with -ex/-o; input the guard cannot read is an unknown.
 */
function debuggerInput(m: Model): void {
  const st = m.s.stdin;
  if (st.kind === 'file' && st.path.value === '/dev/null') return;
  const t = stdinText(m);
  if (t === undefined) return;
  if (t === null) return m.unknown(`${m.label} reads debugger commands from its input, which the guard cannot read`);
  for (const line of t.split('\n')) if (line.trim()) debuggerCommand(m, line, `${m.label} (input)`);
}

/**
 * lldb's options (its own parser, not gdb's): -o/-O/-k run one lldb command (after, before the file is loaded, on
 * a crash), -s/-S/-K run a file of them; -b is batch mode and takes no value (gdb's -b takes a baud rate).
 */
function lldb(m: Model): void {
  debuggerInput(m);
  const ws = m.s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return m.unknown(`${m.label} is given ${ws[i].text}, only known at run time`);
    if (v === '--') return runWords(m, ws.slice(i + 1), `${m.label} --`);
    const eq = v.startsWith('--') ? v.indexOf('=') : -1;
    const name = eq > 0 ? v.slice(0, eq) : v;
    const attached = eq > 0 ? v.slice(eq + 1) : undefined;
    const value = (): string | null | undefined => {
      if (attached !== undefined) return attached;
      i++;
      return ws[i]?.value;
    };
    if (/^(-o|--one-line|-O|--one-line-before-file|-k|--one-line-on-crash)$/.test(name)) {
      const c = value();
      if (c === null || c === undefined) return m.unknown(`${m.label} ${name} runs a command only known at run time`);
      debuggerCommand(m, c, `${m.label} ${name}`);
    } else if (/^(-s|--source|-S|--source-before-file|-K|--source-on-crash)$/.test(name)) {
      const f = attached === undefined ? ws[i + 1] : undefined;
      const fv = value();
      m.path('R', f, fv, `${m.label} ${name}`);
      m.unknown(`${m.label} ${name} runs a file of debugger commands the guard does not read`);
    } else if (/^(-p|--attach-pid|-n|--attach-name)$/.test(name)) {
      m.unknown(`${m.label} ${name} attaches to a running process (it can change what it does)`);
      value();
    } else if (/^(-f|--file|-c|--core)$/.test(name)) {
      const f = attached === undefined ? ws[i + 1] : undefined;
      const fv = value();
      if (name === '-f' || name === '--file') m.path('X', f, fv, m.label);
    } else if (/^(-a|--arch|-l|--script-language|-R|--repl-language|-e|--editor|-d|--debug)$/.test(name)) value();
    else if (
      /^(-b|--batch|-x|--no-lldbinit|-X|--no-use-colors|-Q|--source-quietly|-w|--wait-for|-v|--version|-h|--help|-P|--python-path|-r|--repl|--print-script-interpreter-info|--local-lldbinit)$/.test(
        name,
      )
    )
      continue;
    else if (v.startsWith('-')) return m.unknown(`${m.label} ${v}: an option the guard does not model`);
    else {
      // The program, then its arguments.
      m.path('X', ws[i], v, m.label);
      return;
    }
  }
}

handler('gdb', (m) => {
  if (m.s.name === 'lldb') return lldb(m);
  debuggerInput(m);
  const ws = m.s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return m.unknown(`${m.label} is given ${ws[i].text}, only known at run time`);
    if (v === '--args' || v === '--') return runWords(m, ws.slice(i + 1), `${m.label} --args`);
    if (/^(-ex|--ex|-iex|--iex|-eval-command|--eval-command|-init-eval-command|--init-eval-command|-o|--one-line|-O)$/.test(v)) {
      const c = ws[i + 1]?.value;
      if (c === null || c === undefined) return m.unknown(`${m.label} ${v} runs a command only known at run time`);
      debuggerCommand(m, c, `${m.label} ${v}`);
      i++;
    } else if (/^--(eval-command|ex|one-line)=/.test(v)) debuggerCommand(m, v.slice(v.indexOf('=') + 1), m.label);
    else if (/^(-x|--command|-ix|--init-command|-s|--source)$/.test(v)) {
      m.path('R', ws[i + 1], ws[i + 1]?.value, `${m.label} ${v}`);
      m.unknown(`${m.label} ${v} runs a script of debugger commands the guard does not read`);
      i++;
    } else if (/^(-p|--pid|--attach-pid|-n|--attach-name)$/.test(v)) {
      m.unknown(`${m.label} ${v} attaches to a running process (it can change what it does)`);
      i++;
    } else if (/^(-c|--core|-cd|--cd|-d|--directory|-b|-l|--interpreter|-D|--data-directory|-tty|--tty)$/.test(v)) i++;
    else if (!v.startsWith('-')) m.path('X', ws[i], v, m.label);
  }
});

/** bwrap: options (some take two or three words), then the command. --bind names host paths. */
const BWRAP_ARITY: Record<string, number> = {
  '--bind': 2,
  '--bind-try': 2,
  '--dev-bind': 2,
  '--dev-bind-try': 2,
  '--ro-bind': 2,
  '--ro-bind-try': 2,
  '--symlink': 2,
  '--setenv': 2,
  '--chmod': 2,
  '--file': 2,
  '--bind-data': 2,
  '--ro-bind-data': 2,
  '--overlay-src': 1,
  '--tmp-overlay': 1,
  '--ro-overlay': 1,
  '--overlay': 3,
  '--dir': 1,
  '--tmpfs': 1,
  '--proc': 1,
  '--dev': 1,
  '--mqueue': 1,
  '--chdir': 1,
  '--unsetenv': 1,
  '--uid': 1,
  '--gid': 1,
  '--hostname': 1,
  '--seccomp': 1,
  '--add-seccomp-fd': 1,
  '--lock-file': 1,
  '--sync-fd': 1,
  '--info-fd': 1,
  '--json-status-fd': 1,
  '--block-fd': 1,
  '--userns-block-fd': 1,
  '--userns': 1,
  '--userns2': 1,
  '--pidns': 1,
  '--cap-add': 1,
  '--cap-drop': 1,
  '--perms': 1,
  '--size': 1,
  '--args': 1,
  '--argv0': 1,
  '--exec-label': 1,
  '--file-label': 1,
  '--remount-ro': 1,
};

handler('bwrap', (m) => {
  const ws = m.s.words;
  let i = 1;
  for (; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return m.unknown(`bwrap is given ${ws[i].text}, only known at run time`);
    if (v === '--') {
      i++;
      break;
    }
    if (!v.startsWith('--')) break;
    const n = BWRAP_ARITY[v] ?? 0;
    if (/^--(bind|dev-bind|ro-bind)(-try)?$/.test(v)) {
      const src = ws[i + 1];
      const sp = src === undefined ? undefined : (src.path ?? src.value);
      if (sp === null || sp === undefined) m.unknown(`bwrap ${v} mounts a path only known at run time`);
      else m.add(v.startsWith('--ro') ? 'read' : 'any', undefined, sp, `bwrap ${v}`);
    }
    i += n;
  }
  runWords(m, ws.slice(i), 'bwrap');
});

handler('hyperfine', (m) => {
  applyRolesNoPos(m);
  if (m.occ('-N') || m.occ('--shell')?.value === 'none') {
    for (const w of m.p.positional) runText(m, w.value, 'hyperfine');
    return;
  }
  for (const w of m.p.positional) runText(m, w.value, 'hyperfine');
});

/** Option values only (their roles: S runs shell code, W writes). */
function applyRolesNoPos(m: Model): void {
  for (const o of m.p.occ) if (o.value !== undefined) m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  if (m.p.unknown.length) m.unknown(`${m.label} ${m.p.unknown[0]} is an option the guard does not model`);
}

handler('nodemon', (m) => {
  applyRolesNoPos(m);
  const exec = m.occ('-x');
  const ps = m.p.positional;
  if (exec !== undefined) {
    if (typeof exec.value !== 'string') return m.unknown('nodemon --exec runs a command only known at run time');
    const rest = ps.map((w) => w.value);
    if (rest.some((v) => v === null)) return m.unknown('nodemon runs words only known at run time');
    m.host.shell(m.s, [exec.value, joinArgv(rest as string[])].filter(Boolean).join(' '), 'nodemon --exec');
    // Option words after the --exec program may be its own (`--exec sh -c 'cat .env'`): that reading is judged too.
    const after = exec.w === undefined ? [] : m.s.words.slice(m.s.words.indexOf(exec.w) + 1);
    if (after.some((w) => w.value === null)) return m.unknown('nodemon runs words only known at run time');
    if (after.length > rest.length) m.host.shell(m.s, [exec.value, joinArgv(after.map((w) => w.value as string))].join(' '), 'nodemon --exec');
    return;
  }
  if (ps[0]) m.path('X', ps[0], ps[0].value, 'nodemon');
  for (const w of ps.slice(1)) m.name(w, w.value, 'nodemon');
});

handler('watchexec', (m) => {
  applyRolesNoPos(m);
  const ps = tailFrom(m, m.p.positional[0]);
  // watchexec joins its arguments into one shell command (unless --shell=none / -n, then it runs them as words).
  const noShell = m.occ('-n') !== undefined || m.occ('--shell')?.value === 'none';
  if (noShell) return runWords(m, ps, 'watchexec');
  const vs = ps.map((w) => w.value);
  if (vs.some((v) => v === null)) return m.unknown('watchexec runs words only known at run time');
  if (!vs.length) return;
  m.host.shell(m.s, (vs as string[]).join(' '), 'watchexec');
  // Which joins its words depends on the version and the shell option: a word the join would split
  // (`-- bash -c 'rm -rf src'`) is judged as the words too, so neither reading hides what runs.
  if (vs.some((v) => /[\s'"\\$`;&|<>(){}*?[\]]/.test(v!))) runWords(m, ps, 'watchexec');
});

handler('entr', (m) => {
  applyRolesNoPos(m);
  const ps = tailFrom(m, m.p.positional[0]);
  if (m.occ('-s')) return runText(m, ps[0]?.value, 'entr -s');
  // `/_` is replaced by the file that changed (a name from entr's input list).
  runWords(
    m,
    ps.map((w) => (w.value === '/_' ? { ...w, value: 'changed-file' } : w)),
    'entr',
  );
});

handler('expect', (m) => {
  const ws = m.s.words;
  let script: string | null | undefined;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === '-c') script = ws[++i]?.value ?? null;
    else if (v === '-f') {
      m.path('R', ws[i + 1], ws[i + 1]?.value, 'expect -f');
      script = null;
      i++;
    } else if (v !== null && !v.startsWith('-')) {
      m.path('X', ws[i], v, 'expect');
      script = null;
      break;
    }
  }
  if (script === null || script === undefined) return m.unknown('expect runs a Tcl script that drives other programs');
  // The commands it spawns with literal words are judged; what it sends to them is typed, unread: asked.
  for (const mm of script.matchAll(/\b(?:spawn|exec|system)\s+([^;\n\]]+)/g)) m.host.shell(m.s, mm[1], 'expect spawn');
  m.unknown('expect types into the programs it drives (send); the guard does not read Tcl');
});

handler('sg', (m) => {
  const ws = m.s.words;
  let i = 1;
  while (i < ws.length && ws[i].value !== null && ws[i].value!.startsWith('-') && ws[i].value !== '-c') i++;
  i++; // the group
  if (ws[i]?.value === '-c') return runText(m, ws[i + 1]?.value, 'sg -c');
  const rest = ws.slice(i).map((w) => w.value);
  if (rest.some((v) => v === null)) return m.unknown('sg runs words only known at run time');
  if (rest.length) m.host.shell(m.s, (rest as string[]).join(' '), 'sg');
});

/** just --command CMD ARGS…: runs CMD with the justfile's environment, the rest of the words being its arguments. */
handler('taskrunner', (m) => {
  applyRoles(m);
  const ws = m.s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (v === '--') break;
    const eq = /^--command=(.*)$/s.exec(v);
    if (v !== '--command' && !eq) continue;
    const rest = ws.slice(i + 1).map((w) => w.value);
    const argv = eq ? [eq[1], ...rest] : rest;
    if (argv.some((x) => x === null)) return m.unknown(`${m.label} --command runs words only known at run time`);
    if (argv.length) m.host.shell(m.s, joinArgv(argv as string[]), `${m.label} --command`);
    return;
  }
});

/** less +CMD runs pager commands at start, and `!`, `|`, `s`, `v`, `:e` among them run programs or write files. */
handler('pager', (m) => {
  applyRoles(m);
  for (const w of m.s.words.slice(1)) {
    const v = w.value;
    if (v === null || !v.startsWith('+')) continue;
    // Navigation only: a line number, G/g/F/f, or a search (`+/pattern`, `+?pattern`).
    if (/^\+\+?([0-9]*[GgFfjkpPqRr%]?|[/?].*)$/s.test(v)) continue;
    m.unknown(`${m.label} ${v}: a start-up pager command can run programs or write files`);
  }
});

/** cmake -E: the portable commands it stands for (rm, copy, rename, chdir DIR CMD, env CMD, …). */
const CMAKE_E: Record<string, string> = {
  cat: 'cat',
  echo: 'echo',
  echo_append: 'echo',
  true: 'true',
  false: 'false',
  sleep: 'sleep',
  compare_files: 'cmp',
  sha1sum: 'sha1sum',
  sha224sum: 'sha224sum',
  sha256sum: 'sha256sum',
  sha384sum: 'sha384sum',
  sha512sum: 'sha512sum',
  md5sum: 'md5sum',
  touch: 'touch',
  touch_nocreate: 'touch',
  make_directory: 'mkdir -p',
  remove: 'rm -f',
  rm: 'rm',
  remove_directory: 'rm -rf',
  rename: 'mv',
  copy: 'cp',
  copy_if_different: 'cp',
  copy_directory: 'cp -r',
  copy_directory_if_different: 'cp -r',
  create_symlink: 'ln -s',
  create_hardlink: 'ln',
  tar: 'tar',
  time: '',
  env: 'env',
  environment: 'env',
  chdir: '',
  capabilities: 'true',
  server: 'false',
  cmake_echo_color: 'echo',
};

handler('cmake', (m) => {
  const ws = m.s.words;
  const e = ws.findIndex((w) => w.value === '-E');
  if (e < 0) {
    applyRoles(m);
    return;
  }
  const cmd = ws[e + 1]?.value;
  if (cmd === null || cmd === undefined) return m.unknown('cmake -E with a command only known at run time');
  const as = CMAKE_E[cmd];
  if (as === undefined) return m.unknown(`cmake -E ${cmd} is not modelled`);
  const rest = ws.slice(e + 2).map((w) => w.value);
  if (rest.some((v) => v === null)) return m.unknown(`cmake -E ${cmd} is given words only known at run time`);
  const r = rest as string[];
  if (cmd === 'chdir') {
    if (r.length < 2) return;
    m.host.shell(m.s, `cd ${joinArgv([r[0]])} && ${joinArgv(r.slice(1))}`, 'cmake -E chdir');
    return;
  }
  if (cmd === 'time') return void m.host.shell(m.s, joinArgv(r), 'cmake -E time');
  // rename/copy with the last word as destination map onto mv/cp; rm keeps its own -r/-f flags.
  m.host.shell(m.s, `${as} ${joinArgv(r)}`.trim(), `cmake -E ${cmd}`);
});

/** tar's checkpoint actions and filters that run commands (the rest of tar is its own row). */
export function tarCommands(m: Model): void {
  for (const o of m.p.occ) {
    if (o.value === undefined) continue;
    if (o.opt.key === '--checkpoint-action') {
      if (o.value === null) m.unknown('tar --checkpoint-action with a value only known at run time');
      else {
        const x = /^exec=(.*)$/s.exec(o.value);
        if (x) m.host.shell(m.s, x[1], 'tar --checkpoint-action=exec');
      }
    }
  }
}

export const RUNNERS: RowSpec[] = [
  {
    n: 'mlr',
    d: 'Miller: its put/filter language runs commands (system, exec, pipes) and writes files (tee/emit/print >)',
    loose: true,
    o: '-I:inplace -n --from=R --ofmt=V --prepipe=S --prepipex=S --icsv --ocsv --ijson --ojson --c2j --c2p --j2c --tsv --csv --json',
    a: 'R*/inplace=A',
    x: 'mlr',
    ok: ['mlr --icsv --ojson cat data.csv', "mlr --csv filter '$x > 1' data.csv", 'mlr --icsv --opprint sort -f name data.csv'],
  },
  {
    n: 'gdb lldb cgdb',
    d: 'debuggers: --args runs a program; -ex `shell CMD` runs a shell command; -p attaches to a process',
    loose: true,
    x: 'gdb',
    ok: ['gdb -batch -ex bt ./build/app core'],
  },
  { n: 'bwrap bubblewrap', d: 'runs a command in a sandbox; --bind names host paths', x: 'bwrap', ok: ['bwrap --ro-bind /usr /usr --proc /proc true'] },
  {
    n: 'hyperfine',
    d: 'benchmarks commands: each argument and --prepare/--cleanup/--setup/--conclude is a shell command',
    loose: true,
    o: '-p|--prepare=S -c|--cleanup=S -s|--setup=S --conclude=S -r|--runs=V -w|--warmup=V -m|--min-runs=V -M|--max-runs=V -D|--parameter-step-size=V -S|--shell=V -N -n|--command-name=V -u|--time-unit=V --export-json=W --export-markdown=W --export-csv=W --export-asciidoc=W --export-orgmode=W --output=V --input=R --style=V --sort=V -i|--ignore-failure --show-output',
    x: 'hyperfine',
    ok: ["hyperfine 'npm test'"],
  },
  {
    n: 'nodemon',
    d: 'reruns a script on changes (--exec runs shell code)',
    loose: true,
    o: '-x|--exec=V -w|--watch=V -e|--ext=V -i|--ignore=V -d|--delay=V --signal=V --config=R -V -q',
    x: 'nodemon',
    ok: ['nodemon src/server.js', 'nodemon --exec "npm test"'],
  },
  {
    n: 'watchexec',
    d: 'reruns a command on changes (its words are one shell command)',
    loose: true,
    o: '-w|--watch=V -e|--exts=V -i|--ignore=V -f|--filter=V -c|--clear -r|--restart -d|--debounce=V --shell=V -n -W -o|--on-busy-update=V -s|--signal=V --stop-signal=V -p|--postpone --project-origin=V --workdir=V -E|--env=V',
    x: 'watchexec',
    ok: ['watchexec -e ts -- npm test'],
  },
  {
    n: 'entr',
    d: 'reruns a command when input files change (-s: one shell command)',
    o: '-a -c -d -n -p -r -s -z -x',
    posix: true,
    x: 'entr',
    ok: ['ls src/*.ts | entr npm test'],
  },
  { n: 'expect', d: 'drives interactive programs with a Tcl script (asked: the typed input is not read)', loose: true, x: 'expect' },
  { n: 'sg newgrp', d: 'runs a command as another group', x: 'sg' },
  {
    n: 'cmake',
    d: 'CMake (-E runs the portable command it stands for)',
    loose: true,
    runs: ['CMakeLists.txt', 'CMakePresets.json'],
    o: '-S=C -B=A -D=V -U=V -G=V -T=V -A=V -C=R -P=X --build=A --install=A --target=V -t=V --config=V -j|--parallel[=V] --preset=V --fresh --toolchain=X --log-level=V --graphviz=W --trace-redirect=W',
    x: 'cmake',
    ok: ['cmake -S . -B build', 'cmake --build build -j4', 'cmake -E echo hi'],
  },
];

/** Miller's DSL: `system("…")`, `exec("…")`, a pipe to a command, or a redirect to a file; put/filter `-f` loads code unread. */
const MLR_ACTS = /\b(?:system|exec)\s*\(|(?:\b(?:tee|emit1?|emitp|emitf|print|printn|eprint|dump|edump)\b[^;{}]*?(?:>|\|))/;
handler('mlr', (m) => {
  applyRoles(m);
  let dsl = false;
  for (const w of m.s.words.slice(1)) {
    if (w.value === null) continue;
    if (MLR_ACTS.test(w.value)) return m.unknown('mlr code runs a command or writes a file (system, exec, tee/emit/print > or |)');
    if (w.value === 'put' || w.value === 'filter') dsl = true;
    else if (w.value === 'then') dsl = false;
    else if (dsl && w.value === '-f') return m.unknown('mlr put/filter -f loads code from a file the guard does not read');
  }
});

handler('m4', (m) => {
  applyRoles(m);
  m.unknown('m4 macros can run commands (syscmd, esyscmd); the guard does not read them');
});

handler('goreleaser', (m) => {
  const v = m.s.words[1]?.value;
  if (v === undefined || v === null || /^(release|publish|announce)$/.test(v)) m.unknown(`goreleaser ${v ?? ''} publishes a release`.trim());
  else if (!/^(check|build|init|healthcheck|completion|jsonschema|help|--version|-v|changelog)$/.test(v)) m.unknown(`goreleaser ${v} is not modelled`);
});

handler('jar', (m) => {
  const ws = m.s.words;
  const mode = ws[1]?.value;
  if (mode === null || mode === undefined) return m.unknown('jar with a mode only known at run time');
  const rest = ws.slice(2);
  const f = mode.includes('f') ? rest[0] : undefined;
  const others = mode.includes('f') ? rest.slice(1) : rest;
  if (/x/.test(mode)) {
    if (f) m.path('R', f, f.value, 'jar x');
    m.add('write', undefined, '.', 'jar x', RECURSIVE | INTO);
  } else if (/t/.test(mode)) {
    if (f) m.path('R', f, f.value, 'jar t');
  } else if (/[cu]/.test(mode)) {
    if (f) m.path('W', f, f.value, 'jar c');
    for (const w of others) if (!(w.value ?? '').startsWith('-')) m.path('T', w, w.value, 'jar c');
  } else m.unknown(`jar ${mode} is not modelled`);
});
