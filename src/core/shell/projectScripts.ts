import { parse as parseYaml } from 'yaml';

// What a project runs by name, read from its files: the package.json scripts `npm test` or `yarn build` run, the
// Makefile recipes `make clean` runs. An agent that cannot run `rm -rf src` can write it into a script or a
// recipe with an ordinary file edit and run the script next: the command guard judges the text a run would
// execute as if the line held it. Pure text functions; the analyzer reads the files through CommandEnv.

/** The most of one script file the guard reads and judges: a line that long is the most it parses. */
export const MAX_SCRIPT_BYTES = 64 * 1024;

/** Scripts a package-manager command runs: their package.json names, in the order they run. */
export interface PackageRun {
  /** Names of package.json scripts, pre/post hooks included (a superset: not every manager runs them). */
  names: string[];
  /** The folder whose package.json it uses, relative to the command's cwd ('' = the nearest one). */
  dir: string;
}

export const INSTALL_LIFECYCLE = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'];
const withHooks = (name: string) => [`pre${name}`, name, `post${name}`];

// npm's own verbs that run no package script of the project (a superset is fine: an unknown verb is judged
// by the program model, not here).
const NPM_INSTALLS = new Set([
  'install',
  'i',
  'in',
  'ins',
  'inst',
  'insta',
  'instal',
  'isnt',
  'isnta',
  'isntal',
  'isntall',
  'ci',
  'clean-install',
  'ic',
  'install-clean',
  'isntall-clean',
]);
const NPM_RUN = new Set(['run', 'run-script', 'rum', 'urn']);
const NPM_DIRECT: Record<string, string> = { test: 'test', t: 'test', tst: 'test', start: 'start', stop: 'stop', restart: 'restart' };
// Yarn and pnpm run a script when the first word is no verb of theirs.
const YARN_VERBS = new Set(
  (
    'add audit autoclean bin cache check config create dedupe dlx exec explain generate-lock-entry global help import info init ' +
    'install licenses link list login logout node npm outdated owner pack patch patch-commit plugin policies publish rebuild ' +
    'remove search set stage tag team unlink unplug up upgrade upgrade-interactive version versions why workspace workspaces constraints'
  ).split(' '),
);
const PNPM_VERBS = new Set(
  (
    'add audit bin config create dedupe deploy dlx doctor env exec fetch help i import init install install-test it licenses link ' +
    'list ll la ls outdated pack patch patch-commit patch-remove prune publish rb rebuild remove rm root server setup store uninstall ' +
    'unlink up update upgrade why approve-builds self-update'
  ).split(' '),
);
const BUN_VERBS = new Set(
  (
    'run test x exec install i add a remove rm update outdated link unlink pm build init create c upgrade completions discord help ' +
    'repl publish patch patch-commit audit info why dev'
  ).split(' '),
);
/** Options of these managers that take a value (so the value is not read as the verb or the script). */
const VALUED = new Set([
  '--prefix',
  '-C',
  '--dir',
  '-w',
  '--workspace',
  '--cwd',
  '--filter',
  '-F',
  '--script-shell',
  '--loglevel',
  '--registry',
  '--userconfig',
  '--globalconfig',
  '--cache',
  '--tag',
  '--otp',
  '--shell',
  '--call',
  '-c',
]);
/** Options that take no value: the word after one is the verb or the script. */
const FLAG =
  /^(-[a-zA-Z]+|--(silent|quiet|verbose|if-present|foreground-scripts|ignore-scripts|no-[\w-]+|json|parseable|long|global|offline|prefer-offline|prefer-online|production|dry-run|force|yes|bun|color|no-color|frozen-lockfile|recursive|stream|parallel|sequential|reporter-silent|aggregate-output|workspaces?|include-workspace-root|if-present|progress|timing|deep|strict|unicode|usage))$/;

/**
 * The package.json scripts `argv` (a package manager's command line, values known) runs, or undefined when it
 * runs none that the project wrote (a dependency command, a registry query) or when which ones cannot be told.
 * Options may sit anywhere before `--` (npm reads `npm run -s reset` and `npm test --prefix /tmp/p` alike): the
 * script is the first word no option took, and the word after an option the guard does not know may be either its
 * value or the script, so both are taken (the names are a superset).
 */
export function packageScriptsRun(argv: readonly string[]): PackageRun | undefined {
  const tool = argv[0]?.replace(/^.*\//, '');
  if (tool !== undefined && SCRIPT_RUNNERS.has(tool)) return runnerScripts(tool, argv);
  if (tool !== 'npm' && tool !== 'yarn' && tool !== 'pnpm' && tool !== 'bun') return undefined;
  let dir = '';
  const rest: string[] = [];
  /** Words that may be a script name besides rest[1] (after an option the guard does not know). */
  const maybe: string[] = [];
  let open = false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--') break;
    if (w.startsWith('-') && w !== '-') {
      const eq = w.indexOf('=');
      const opt = eq > 0 ? w.slice(0, eq) : /^-C./.test(w) ? '-C' : w;
      const attached = eq > 0 ? w.slice(eq + 1) : opt !== w ? w.slice(2) : undefined;
      // pnpm's -w is --workspace-root, a flag (npm's -w names a workspace).
      const valued = VALUED.has(opt) && !(tool === 'pnpm' && opt === '-w');
      const value = attached ?? (valued ? argv[++i] : undefined);
      // Scripts of other packages too (a workspace member, all of them, the root): the script of this folder's
      // package.json (or the root's) is still one of those that run under that name, so it is judged; the other
      // packages' own package.json files are not read here.
      if (tool !== 'pnpm' && /^(-w|--workspaces?|-ws|-r|--recursive|--filter|-F)$/.test(opt) && value !== 'false' && (rest.length === 0 || tool === 'npm'))
        return undefined;
      if (tool === 'pnpm' && /^(-w|-r|--recursive|--filter|-F|--workspace-root)$/.test(opt)) {
        open = false;
        continue;
      }
      if (opt === '--prefix' || opt === '-C' || opt === '--dir' || opt === '--cwd') {
        if (value === undefined) return undefined;
        dir = value;
      }
      open = attached === undefined && !valued && !FLAG.test(opt);
      continue;
    }
    if (open) maybe.push(w);
    open = false;
    rest.push(w);
  }
  const verb = rest[0];
  const script = (name: string | undefined): PackageRun | undefined =>
    name && !name.startsWith('-') ? { names: [...withHooks(name), ...maybe.filter((m) => m !== name && m !== rest[0]).flatMap(withHooks)], dir } : undefined;
  if (tool === 'npm') {
    if (verb === undefined) return undefined;
    // npm restart runs the stop and start scripts when there is no restart script.
    if (verb === 'restart') return { names: ['restart', 'stop', 'start'].flatMap(withHooks), dir };
    if (NPM_DIRECT[verb]) return script(NPM_DIRECT[verb]);
    if (NPM_RUN.has(verb)) return script(rest[1]);
    // `npm install` with no package runs the project's install lifecycle; with packages, theirs (supply chain).
    if (NPM_INSTALLS.has(verb) && rest.length === 1) return { names: INSTALL_LIFECYCLE, dir };
    return undefined;
  }
  if (tool === 'yarn') {
    if (verb === undefined || verb === 'install') return rest.length <= 1 ? { names: INSTALL_LIFECYCLE, dir } : undefined;
    if (verb === 'run') return script(rest[1]);
    return YARN_VERBS.has(verb) ? undefined : script(verb);
  }
  if (tool === 'pnpm') {
    if (verb === undefined) return undefined;
    // `pnpm recursive run x` (`multi`, `m`): the verbs of `pnpm -r`.
    if (/^(recursive|multi|m)$/.test(verb)) return rest.length > 1 ? packageScriptsRun([argv[0], ...argv.slice(argv.indexOf(verb) + 1)]) : undefined;
    if (verb === 'run' || verb === 'run-script') return script(rest[1]);
    if (verb === 'test' || verb === 't' || verb === 'tst' || verb === 'start') return script(verb === 'start' ? 'start' : 'test');
    if ((verb === 'install' || verb === 'i') && rest.length === 1) return { names: INSTALL_LIFECYCLE, dir };
    return PNPM_VERBS.has(verb) ? undefined : script(verb);
  }
  // bun: `bun run X` runs script X when package.json has one (else a file, judged as a file elsewhere); `bun X`
  // with X no verb of bun's runs the script X too.
  if (verb === 'run') return script(rest[1]);
  if (verb === 'install' || verb === 'i') return rest.length === 1 ? { names: INSTALL_LIFECYCLE, dir } : undefined;
  return verb === undefined || BUN_VERBS.has(verb) || /[./]/.test(verb) ? undefined : script(verb);
}

/**
 * Runners of package.json scripts by name: npm-run-all (run-s, run-p) takes names and globs (`build:*`); nx, turbo,
 * lerna and wireit run a target that a package.json script of the same name defines (`nx run ws:nuke`, `nx run-many -t
 * nuke`, `turbo run nuke`, `lerna run nuke`). The names are looked up in the nearest package.json; a name it does not
 * hold is the runner's own business (its row).
 */
export const SCRIPT_RUNNERS: ReadonlySet<string> = new Set(['npm-run-all', 'npm-run-all2', 'run-s', 'run-p', 'nx', 'turbo', 'lerna']);

function runnerScripts(tool: string, argv: readonly string[]): PackageRun | undefined {
  const words: string[] = [];
  const targets: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--') break;
    const eq = w.indexOf('=');
    const opt = w.startsWith('-') ? (eq > 0 ? w.slice(0, eq) : w) : '';
    if (opt) {
      const value = eq > 0 ? w.slice(eq + 1) : undefined;
      // nx run-many -t a b / --targets=a,b / --target x; turbo/lerna take the task as a positional.
      if (tool === 'nx' && /^(-t|--targets?)$/.test(opt)) {
        if (value !== undefined) targets.push(...value.split(','));
        else while (argv[i + 1] !== undefined && !argv[i + 1].startsWith('-')) targets.push(...argv[++i].split(','));
      } else if (tool.startsWith('run') || tool.startsWith('npm-run-all')) {
        if (value === undefined && /^(--npm-path|--max-parallel)$/.test(opt)) i++;
      }
      continue;
    }
    words.push(w);
  }
  let names: string[];
  if (tool === 'nx') {
    const v = words[0];
    if (v === 'run') names = words[1] ? [words[1].split(':').length > 1 ? words[1].split(':')[1] : words[1]] : [];
    else if (v === 'run-many' || v === 'affected') names = targets;
    else if (v === undefined || NX_VERBS.has(v)) return undefined;
    // `nx nuke [project]`: the target, `nx ws:nuke`: project:target.
    else names = [v.includes(':') ? v.split(':')[1] : v];
  } else if (tool === 'turbo') {
    names = words[0] === 'run' ? words.slice(1) : words[0] !== undefined && TURBO_VERBS.has(words[0]) ? [] : words;
  } else if (tool === 'lerna') {
    names = words[0] === 'run' && words[1] ? [words[1]] : [];
  } else {
    // npm-run-all: each name may carry arguments (`"build -- --watch"`).
    names = words.map((w) => w.trim().split(/\s+/)[0]).filter(Boolean);
  }
  names = names.filter((n) => n && !n.startsWith('-'));
  if (!names.length) return undefined;
  return { names: names.flatMap(withHooks), dir: '' };
}
const NX_VERBS = new Set(
  'add affected connect daemon exec format format:check format:write generate g graph import init list migrate release repair report reset show sync view-logs watch help'.split(
    ' ',
  ),
);
const TURBO_VERBS = new Set('prune generate gen login logout link unlink ls info query scan telemetry daemon bin boundaries watch help'.split(' '));

/** A script name with npm-run-all's globs: `*` matches within a `:` segment, `**` across them. */
function globName(pattern: string): RegExp {
  const rx = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*|\*/g, (m) => (m === '**' ? '.*' : '[^:]*'));
  return new RegExp(`^${rx}$`);
}

/**
 * The command lines of the named scripts in a package.json text. undefined when the text is no JSON object
 * (the manager then fails before running anything). A value that is no string is skipped (the manager rejects it).
 */
export function packageScriptLines(text: string, names: readonly string[]): { name: string; line: string }[] | undefined {
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!pkg || typeof pkg !== 'object') return undefined;
  const scripts = (pkg as { scripts?: unknown }).scripts;
  if (!scripts || typeof scripts !== 'object') return [];
  const out: { name: string; line: string }[] = [];
  const table = scripts as Record<string, unknown>;
  for (const name of names) {
    // A glob (`build:*`, npm-run-all's) stands for every script it matches.
    const matched = name.includes('*') ? Object.keys(table).filter((k) => globName(name).test(k)) : [name];
    for (const n of matched) {
      const v = Object.hasOwn(table, n) ? table[n] : undefined;
      if (typeof v === 'string' && v.trim() !== '' && !out.some((o) => o.name === n)) out.push({ name: n, line: v });
    }
  }
  return out;
}

/** What `make` would run: the Makefile to read (relative to the cwd; '' = the default names) and the goals. */
export interface MakeRun {
  dir: string;
  file: string;
  goals: string[];
  vars: Record<string, string>;
}

const MAKE_VALUED = new Set([
  '-C',
  '--directory',
  '-f',
  '--file',
  '--makefile',
  '-I',
  '--include-dir',
  '-o',
  '--old-file',
  '--assume-old',
  '-W',
  '--what-if',
  '--new-file',
  '--assume-new',
  '--eval',
]);
/** Options whose value is optional: attached (`-O`, `-Oline`, `--output-sync=target`), or for -j/-l the next word when it is a number. */
const MAKE_OPTIONAL = new Set(['-O', '--output-sync', '-j', '--jobs', '-l', '--load-average', '--max-load']);

/** The names make runs as (GNU make, BSD make, remake): each reads the Makefile's recipes by goal. */
export const MAKE_NAMES: ReadonlySet<string> = new Set(['make', 'gmake', 'bmake', 'pmake', 'remake']);

/** `make`'s command line read: undefined for a dry run (`-n`, `-q`, `-p`) or one whose Makefile cannot be told. */
export function makeRun(argv: readonly string[]): MakeRun | undefined {
  const tool = argv[0]?.replace(/^.*\//, '');
  if (!MAKE_NAMES.has(tool ?? '')) return undefined;
  let dir = '';
  let file = '';
  const goals: string[] = [];
  const vars: Record<string, string> = {};
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w.startsWith('-') && w !== '-') {
      const eq = w.startsWith('--') ? w.indexOf('=') : -1;
      const short2 = w.slice(0, 2);
      const opt = eq > 0 ? w.slice(0, eq) : w.length > 2 && !w.startsWith('--') && (MAKE_VALUED.has(short2) || MAKE_OPTIONAL.has(short2)) ? short2 : w;
      // `-O distclean`, `-j distclean`: an optional value is attached, so the next word is a goal (`-j 4` takes the 4).
      if (MAKE_OPTIONAL.has(opt)) {
        if (opt === w && /^(-j|--jobs|-l|--load-average|--max-load)$/.test(opt) && /^\d+(\.\d+)?$/.test(argv[i + 1] ?? '')) i++;
        continue;
      }
      const attached = eq > 0 ? w.slice(eq + 1) : opt !== w ? w.slice(2) : undefined;
      if (/^-[a-zA-Z]*[nqp]/.test(w) && !w.startsWith('--') && !MAKE_VALUED.has(w.slice(0, 2))) return undefined;
      if (/^--(just-print|dry-run|recon|question|print-data-base)$/.test(opt)) return undefined;
      if (opt === '--eval') return undefined; // text the guard would have to evaluate as make: not read here
      if (MAKE_VALUED.has(opt)) {
        const value = attached ?? argv[++i];
        if (value === undefined) return undefined;
        if (opt === '-C' || opt === '--directory') dir = dir ? `${dir}/${value}` : value;
        if (opt === '-f' || opt === '--file' || opt === '--makefile') file = value;
      }
      continue;
    }
    const eq = w.indexOf('=');
    if (eq > 0 && /^[A-Za-z_][A-Za-z0-9_.]*$/.test(w.slice(0, eq).replace(/[:+?]$/, ''))) vars[w.slice(0, eq).replace(/[:+?]$/, '')] = w.slice(eq + 1);
    else goals.push(w);
  }
  return { dir, file, goals, vars };
}

// make's built-in variables a recipe commonly uses, as GNU make defines them.
const MAKE_BUILTINS: Record<string, string> = {
  CC: 'cc',
  CXX: 'g++',
  CPP: '$(CC) -E',
  AR: 'ar',
  AS: 'as',
  LD: 'ld',
  RM: 'rm -f',
  MAKE: 'make',
  SHELL: '/bin/sh',
  CURDIR: '.',
  ARFLAGS: 'rv',
};

/**
 * The recipe lines `make` runs for the goals (and their prerequisites that are targets of the file), each a
 * command line for the shell, with the file's simple variables expanded. A superset: conditionals are not
 * evaluated (every branch's lines are judged), pattern rules are not applied. A make function the guard does
 * not evaluate (`$(shell …)`, `$(wildcard …)`) becomes `$MAKE_FUNCTION`: a word known only at run time.
 * `dry`: the lines a dry run (`make -n`) still runs.
 */
export function makeRecipes(text: string, goals: readonly string[], cmdVars: Record<string, string>, dry = false): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const vars: Record<string, string> = { ...MAKE_BUILTINS };
  const rules = new Map<string, { prereqs: string[]; recipe: string[] }[]>();
  let firstGoal: string | undefined;
  let current: { prereqs: string[]; recipe: string[] }[] | undefined;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (line.startsWith('\t')) {
      // A recipe line; backslash-newline stays inside the one command the shell gets.
      let cmd = line.slice(1);
      while (cmd.endsWith('\\') && i + 1 < lines.length) cmd = cmd.slice(0, -1) + ' ' + lines[++i].replace(/^\t/, '');
      if (current) for (const r of current) r.recipe.push(cmd);
      continue;
    }
    while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + ' ' + lines[++i];
    const bare = line.replace(/(^|[^\\])#.*$/, '$1').trim();
    if (bare === '') continue;
    const assign = /^(?:export\s+|override\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*(::?:?=|\?=|\+=|!=|=)\s*(.*)$/.exec(bare);
    if (assign) {
      current = undefined;
      const [, name, op, value] = assign;
      if (op === '!=') vars[name] = '$(shell)';
      else if (op === '+=') vars[name] = vars[name] ? `${vars[name]} ${value}` : value;
      else if (op === '?=') vars[name] ??= value;
      else vars[name] = value;
      continue;
    }
    const rule = /^([^:=]+?)\s*::?\s*(?![=])(.*)$/.exec(bare);
    if (rule && !/^(ifeq|ifneq|ifdef|ifndef|else|endif|include|-include|sinclude|define|endef|export|unexport|vpath)\b/.test(bare)) {
      const [, targetsText, rest] = rule;
      const semi = rest.indexOf(';');
      const prereqs = (semi >= 0 ? rest.slice(0, semi) : rest).split(/\s+/).filter((w) => w && w !== '|');
      current = [];
      for (const t of targetsText.split(/\s+/)) {
        if (!t) continue;
        if (firstGoal === undefined && !t.startsWith('.') && !t.includes('%')) firstGoal = t;
        const r = { prereqs, recipe: semi >= 0 ? [rest.slice(semi + 1).trim()] : [] };
        rules.set(t, [...(rules.get(t) ?? []), r]);
        current.push(r);
      }
      continue;
    }
    current = undefined;
  }
  Object.assign(vars, cmdVars);
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (goal: string) => {
    if (seen.has(goal) || seen.size >= 64) return;
    seen.add(goal);
    for (const r of rules.get(goal) ?? []) {
      for (const p of r.prereqs) visit(expand(p, vars, goal, r.prereqs, 0));
      for (const cmd of r.recipe) {
        // A dry run (`make -n`) prints a recipe line instead of running it, except one marked `+` or one that names
        // $(MAKE) (GNU make runs those even then, so a recursive make can print what it would do).
        if (dry && !/^[\s@+-]*/.exec(cmd)![0].includes('+') && !/\$[({]MAKE[)}]/.test(cmd)) continue;
        const line = expand(cmd, vars, goal, r.prereqs, 0).replace(/^[\s@+-]+/, '');
        if (line.trim()) out.push(line);
      }
    }
  };
  for (const g of goals.length ? goals : firstGoal !== undefined ? [firstGoal] : []) visit(g);
  return out;
}

/** A make text with its variables expanded; `$$` is a literal `$` for the shell. */
function expand(text: string, vars: Record<string, string>, target: string, prereqs: readonly string[], depth: number): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '$') {
      out += c;
      continue;
    }
    const n = text[i + 1];
    if (n === '$') {
      out += '$';
      i++;
    } else if (n === '(' || n === '{') {
      const close = n === '(' ? ')' : '}';
      let level = 1;
      let j = i + 2;
      for (; j < text.length && level > 0; j++) {
        if (text[j] === n) level++;
        else if (text[j] === close) level--;
      }
      const inner = text.slice(i + 2, j - 1);
      if (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(inner)) {
        const v = vars[inner];
        out += v === undefined ? '' : depth < 8 ? expand(v, vars, target, prereqs, depth + 1) : '$MAKE_FUNCTION';
      } else out += '$MAKE_FUNCTION';
      i = j - 1;
    } else if (n === '@') {
      out += target;
      i++;
    } else if (n === '<') {
      out += prereqs[0] ?? '';
      i++;
    } else if (n === '^' || n === '+' || n === '?') {
      out += prereqs.join(' ');
      i++;
    } else if (n !== undefined && /[A-Za-z_*%|]/.test(n)) {
      out += n === '*' || n === '%' || n === '|' ? '$MAKE_FUNCTION' : (vars[n] ?? '');
      i++;
    } else out += c;
  }
  return out;
}

// ---- just and Task (go-task): recipe files the runner reads ----
// `just test` runs the `test` recipe of the justfile, `task build` the `build` task of Taskfile.yml: like make,
// what runs is written in a file an agent can edit. Both formats are simple enough to read (a recipe name, its
// dependencies, its lines). What the reader cannot follow (an import, another interpreter, a file it cannot parse)
// is reported as `opaque`, and the command is then unknown.

/** What a recipe runner would run: the folder it starts in, the recipe file ('' = its default names), the recipes. */
export interface RecipeRun {
  dir: string;
  file: string;
  names: string[];
}

/** Recipe lines as shell command lines, or why they cannot be accounted for. */
export interface RecipeLines {
  lines: string[];
  opaque?: string;
}

export const JUST_FILES = ['justfile', 'Justfile', '.justfile', 'JUSTFILE'];
export const TASK_FILES = [
  'Taskfile.yml',
  'taskfile.yml',
  'Taskfile.yaml',
  'taskfile.yaml',
  'Taskfile.dist.yml',
  'taskfile.dist.yml',
  'Taskfile.dist.yaml',
  'taskfile.dist.yaml',
];

const JUST_VALUED = new Set([
  '-f',
  '--justfile',
  '-d',
  '--working-directory',
  '--shell',
  '--shell-arg',
  '--dotenv-filename',
  '--dotenv-path',
  '-E',
  '--color',
  '--dump-format',
  '--list-heading',
  '--list-prefix',
  '--chooser',
  '--timestamp-format',
  '--alias-style',
  '--command-color',
]);
/** just's options that run nothing of the justfile (they list, show, format or check it). */
const JUST_INERT =
  /^(-l|--list|--summary|--dump|--show|-s|--evaluate|--variables|--fmt|--check|--init|--help|-h|--version|-V|--completions|--groups|--man|-n|--dry-run|--changelog)$/;

/** `just`'s command line read: undefined when nothing of the justfile runs (a listing, a dry run, `--command`). */
export function justRun(argv: readonly string[]): RecipeRun | undefined {
  if (argv[0]?.replace(/^.*\//, '') !== 'just') return undefined;
  let dir = '';
  let file = '';
  const names: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--') {
      names.push(...argv.slice(i + 1).filter((x) => !/^[A-Za-z_][\w-]*=/.test(x)));
      break;
    }
    if (w.startsWith('-') && w !== '-') {
      const eq = w.startsWith('--') ? w.indexOf('=') : -1;
      const opt = eq > 0 ? w.slice(0, eq) : w;
      if (JUST_INERT.test(opt) || opt === '--command' || opt === '-c' || opt === '--edit' || opt === '-e' || opt === '--choose') return undefined;
      if (opt === '--set') {
        i += 2;
        continue;
      }
      if (!JUST_VALUED.has(opt)) continue;
      const value = eq > 0 ? w.slice(eq + 1) : argv[++i];
      if (value === undefined) return undefined;
      if (opt === '-f' || opt === '--justfile') file = value;
      if (opt === '-d' || opt === '--working-directory') dir = value;
      continue;
    }
    if (/^[A-Za-z_][\w-]*=/.test(w)) continue; // a variable override
    // `just DIR/recipe` runs the recipe of the justfile found from DIR.
    const slash = w.lastIndexOf('/');
    if (slash >= 0 && names.length === 0) {
      dir = dir ? `${dir}/${w.slice(0, slash + 1)}` : w.slice(0, slash + 1);
      if (w.slice(slash + 1)) names.push(w.slice(slash + 1));
      continue;
    }
    names.push(w);
  }
  return { dir, file, names };
}

const TASK_VALUED = new Set([
  '-t',
  '--taskfile',
  '-d',
  '--dir',
  '-o',
  '--output',
  '--output-group-begin',
  '--output-group-end',
  '-C',
  '--concurrency',
  '--interval',
  '--sort',
  '-I',
  '--json',
]);
const TASK_INERT = /^(-l|--list|-a|--list-all|--summary|-n|--dry|--init|-i|--help|-h|--version|--status|--completion)$/;

/** `task`'s command line read: undefined when no task runs (a listing, `--dry`, `--status`). */
export function taskRun(argv: readonly string[]): RecipeRun | undefined {
  const tool = argv[0]?.replace(/^.*\//, '');
  if (tool !== 'task' && tool !== 'go-task') return undefined;
  let dir = '';
  let file = '';
  const names: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--') break; // the rest is CLI_ARGS, text the tasks may use
    if (w.startsWith('-') && w !== '-') {
      const eq = w.startsWith('--') ? w.indexOf('=') : -1;
      const opt = eq > 0 ? w.slice(0, eq) : /^-[td]./.test(w) ? w.slice(0, 2) : w;
      if (TASK_INERT.test(opt)) return undefined;
      if (!TASK_VALUED.has(opt)) continue;
      const value = eq > 0 ? w.slice(eq + 1) : opt !== w ? w.slice(2) : argv[++i];
      if (value === undefined) return undefined;
      if (opt === '-t' || opt === '--taskfile') file = value;
      if (opt === '-d' || opt === '--dir') dir = value;
      continue;
    }
    if (/^[A-Za-z_][\w]*=/.test(w)) continue; // a variable
    names.push(w);
  }
  return { dir, file, names };
}

/** A `{{ … }}` interpolation: a value only known at run time. */
const JUST_INTERP = /\{\{(?!\{)[\s\S]*?\}\}/g;
const JUST_HEADER = /^(?:\[[^\]]*\]\s*)*(@?)([A-Za-z_][\w-]*)((?:\s+[^:]*?)?)\s*:(?!=)(.*)$/;

/**
 * The command lines a justfile runs for the recipes (their dependencies first), with `{{…}}` as `$JUST_EXPR` (a
 * word known only at run time) and the backticks of its assignments (evaluated at every run) among them.
 */
export function justRecipes(text: string, names: readonly string[]): RecipeLines {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const recipes = new Map<string, { deps: string[]; body: string[] }>();
  const out: string[] = [];
  let first: string | undefined;
  let current: { deps: string[]; body: string[] } | undefined;
  let opaque: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^[ \t]/.test(line)) {
      if (current && line.trim() !== '') {
        let cmd = line.trim();
        while (cmd.endsWith('\\') && i + 1 < lines.length) cmd = cmd.slice(0, -1) + ' ' + lines[++i].trim();
        current.body.push(cmd);
      }
      continue;
    }
    current = undefined;
    const bare = line.replace(/(^|\s)#(?!!).*$/, '').trim();
    if (bare === '' || bare.startsWith('#')) continue;
    if (/^(import|mod)\b/.test(bare)) opaque ??= `the justfile reads another file (${bare.slice(0, 60)})`;
    else if (/^set\s+(shell|windows-shell|script-interpreter)\b/.test(bare) && !/\[\s*['"](?:\/\S*\/)?(?:ba|z|da|k)?sh['"]/.test(bare))
      opaque ??= `the justfile runs its recipes with another interpreter (${bare.slice(0, 60)})`;
    else if (/^(export\s+)?[A-Za-z_][\w-]*\s*:=/.test(bare) || /^set\s/.test(bare) || /^alias\s/.test(bare)) {
      // Backticks in an assignment run when the justfile is evaluated.
      for (const m of bare.matchAll(/```([\s\S]*?)```|`([^`]*)`/g)) out.push((m[1] ?? m[2]).replace(JUST_INTERP, '$JUST_EXPR'));
      const al = /^alias\s+([A-Za-z_][\w-]*)\s*:=\s*([A-Za-z_][\w-]*)/.exec(bare);
      if (al) recipes.set(al[1], { deps: [al[2]], body: [] });
    } else {
      const h = JUST_HEADER.exec(bare);
      if (!h) {
        opaque ??= `a justfile line the guard does not read (${bare.slice(0, 60)})`;
        continue;
      }
      const deps = [...h[4].replace(/\([^)]*\)/g, (d) => d.slice(1, -1).trim().split(/\s+/)[0] ?? '').matchAll(/[A-Za-z_][\w-]*/g)].map((m) => m[0]);
      current = { deps, body: [] };
      recipes.set(h[2], current);
      first ??= h[2];
    }
  }
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= 64) return;
    seen.add(name);
    const r = recipes.get(name);
    if (!r) return;
    for (const d of r.deps) visit(d);
    const body = r.body.map((l) => l.replace(JUST_INTERP, '$JUST_EXPR'));
    if (body[0]?.startsWith('#!')) {
      if (!/^#!\s*(?:\S*\/)?(?:env\s+(?:-\S+\s+)*)?(?:ba|z|da|k)?sh\b/.test(body[0]))
        opaque ??= `the recipe ${name} is a script in another language (${body[0]})`;
      out.push(body.slice(1).join('\n'));
      return;
    }
    for (const l of body) {
      const cmd = l.replace(/^[@-]+/, '').trim();
      if (cmd) out.push(cmd);
    }
  };
  // No recipe named: the first one (and a `default` recipe, which newer versions may pick): a superset.
  for (const n of names.length ? names : [first ?? '', 'default']) visit(n);
  return { lines: out, opaque };
}

/** A Go template action (`{{.VAR}}`, `{{.CLI_ARGS}}`): a value only known at run time. */
const TASK_TEMPLATE = /\{\{[\s\S]*?\}\}/g;

/**
 * The command lines a Taskfile runs for the tasks (the `default` task when none is named): each task's `cmds`,
 * `deps`, `preconditions` and `status` checks, dynamic variables (`sh:`), and the tasks they call, a task's `dir:`
 * as a `cd` before its lines. `{{…}}` becomes `$TASK_VAR`. A task it cannot find (an included Taskfile's) or a
 * shape it does not read is opaque.
 */
export function taskfileCommands(text: string, names: readonly string[]): RecipeLines {
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 100 });
  } catch {
    return { lines: [], opaque: 'the Taskfile does not parse' };
  }
  const out: string[] = [];
  let opaque: string | undefined;
  const obj = (v: unknown): Record<string, unknown> | undefined =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  const root = obj(doc);
  if (!root) return { lines: [], opaque: doc === null || doc === undefined ? undefined : 'the Taskfile is not a map' };
  const tasks = obj(root.tasks) ?? {};
  const sub = (t: string) => t.replace(TASK_TEMPLATE, '$TASK_VAR');
  const cmd = (line: string, dir: string) => {
    const l = sub(line).trim();
    if (l) out.push(dir ? `cd ${dir} && ${l}` : l);
  };
  const vars = (v: unknown, dir: string) => {
    for (const x of Object.values(obj(v) ?? {})) {
      const sh = obj(x)?.sh;
      if (typeof sh === 'string') cmd(sh, dir);
    }
  };
  vars(root.vars, '');
  vars(root.env, '');
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= 64) return;
    seen.add(name);
    if (!(name in tasks)) {
      if (name.includes(':') || root.includes !== undefined)
        opaque ??= `the task ${name} is not in this Taskfile (an included one, which the guard does not read)`;
      return;
    }
    const t = tasks[name];
    if (typeof t === 'string') return cmd(t, '');
    if (Array.isArray(t)) return void t.forEach((c) => (typeof c === 'string' ? cmd(c, '') : item(c, '')));
    const o = obj(t);
    if (!o) return;
    const dir = o.dir === undefined ? '' : typeof o.dir === 'string' && !o.dir.includes('{{') ? JSON.stringify(o.dir) : '$TASK_VAR';
    vars(o.vars, dir);
    vars(o.env, dir);
    for (const d of Array.isArray(o.deps) ? o.deps : []) {
      if (typeof d === 'string') visit(sub(d));
      else item(d, dir);
    }
    for (const k of ['preconditions', 'status', 'cmds'] as const) {
      const list = o[k] === undefined ? [] : Array.isArray(o[k]) ? (o[k] as unknown[]) : [o[k]];
      for (const c of list) typeof c === 'string' ? cmd(c, dir) : item(c, dir);
    }
    if (typeof o.cmd === 'string') cmd(o.cmd, dir);
  };
  /** One entry of `cmds`/`deps`: `{cmd}`, `{task}`, `{defer}`, `{sh}` (a precondition), `{for, cmd|task}`. */
  const item = (c: unknown, dir: string) => {
    const o = obj(c);
    if (!o) return;
    if (typeof o.cmd === 'string') cmd(o.cmd, dir);
    if (typeof o.sh === 'string') cmd(o.sh, dir);
    if (typeof o.task === 'string') visit(sub(o.task));
    if (typeof o.defer === 'string') cmd(o.defer, dir);
    else if (o.defer !== undefined) item(o.defer, dir);
    if (o.cmd === undefined && o.sh === undefined && o.task === undefined && o.defer === undefined)
      opaque ??= `a Taskfile entry the guard does not read (${Object.keys(o).join(', ')})`;
    else if (o.cmd !== undefined && typeof o.cmd !== 'string') opaque ??= 'a Taskfile command that is not text';
  };
  for (const n of names.length ? names : ['default']) visit(n);
  return { lines: out, opaque };
}
