// Peel wrappers off a command until the command that really runs is exposed; re-parse string payloads.
// Threat: wrappers outside a fixed unwrap list (setsid, flock, script -c, strace, busybox: claude-code#92542),
// inner commands of xargs/find -exec/parallel/watch (opencode#9516), `bash -c`, `eval`, git `!` aliases.
import { gitHasVerb, gitLongOption } from './gitopts';
import { ALL_OPTS, O, parseOpts, STOP_AT_POSITIONAL, type Opt, type OptConfig } from './options';
import type { Redir, Stdin, Sub, W } from './types';
import { copyBox, withLabel, type WalkCtx } from './walk';
import { codeLinks } from './codepaths';
import { CODE_INTERPRETERS, programTexts, shellOuts } from './interp';
import { inputWord, lit, word } from './words';
import { WRAPPERS } from './programs/wrappers';
import { printfText, unescapeC } from './programs/handlers';
import { joinArgv } from './programs/handlers3';
import { PY_MODULES } from './programs/handlers2';
import { parseArgv } from './programs/spec';
import type { Access } from './programs/model';
import { findSource, sourceOfStdin, sourceOfSub } from './inputs';
import { normalize } from './fsfacts';
import type { InputSource } from './types';
import { NO_CONFIG, NO_PENDING, NO_REDIRS, NO_STDIN } from './empty';

export interface Pending {
  rule: string;
  explanation: string;
}

export interface UnwrapHost {
  /** Parse a string as shell and walk it (payload of bash -c, eval, ssh, watch, `!` alias, here-doc to a shell). */
  /** `sameShell`: the text runs in this shell (`eval`), so what it sets holds after it. */
  reparse(source: string, ctx: WalkCtx, label: string, sameShell?: boolean): void;
  /**
   * Register the sub-command that runs `words` (arguments, not an options object: this runs for every
   * sub-command). `meta` is kept, not copied (the unwrapper copies on write); `pending` findings are raised on it and the list is emptied.
   */
  emit(
    words: W[],
    text: string,
    redirects: Redir[],
    ctx: WalkCtx,
    stdin: Stdin,
    assigns: Record<string, string | null>,
    pending: Pending[],
    meta: Record<string, unknown> | undefined,
    rawWords: W[],
  ): Sub;
  /** Raise wrapper findings that no emitted sub-command took (`sudo sh -c …`); the list is emptied. */
  raise(pending: Pending[], text: string): void;
  /** Aliases defined earlier on the same line with `git config alias.x …`. */
  gitAliases: Map<string, string> | undefined;
  /** A body that repeats without a visible bound (`watch 'cmd'`), and whether it started background jobs. */
  openRepeat(): void;
  closeRepeat(): boolean;
  spawnLoop(text: string): void;
}

/** The name a command word runs as: basename, lower-cased, without a version suffix the guard does not know. */
export function normName(v: string): string {
  const i = v.lastIndexOf('/');
  const base = i >= 0 ? v.slice(i + 1) : v;
  // toLowerCase always returns a new string: skip it for names already lower-case (nearly all).
  for (let k = 0; k < base.length; k++) {
    const c = base.charCodeAt(k);
    if ((c >= 65 && c <= 90) || c > 127) return unversioned(base.toLowerCase());
  }
  return unversioned(base);
}

/**
 * What the guard models a name as (its program row, or the name itself for a rule or a wrapper), undefined for a
 * name it does not know. Set by the analyzer, which sees every table.
 */
let programOf: (n: string) => unknown = (n) => (SPECIAL.has(n) ? n : undefined);
export function setProgramOf(f: (n: string) => unknown): void {
  programOf = f;
}

/**
 * A program installed under a versioned name is that program: `python3.12 -m`, `node22 -e`, `ruby3.2`,
 * `perl5.36`, `gcc-12`, `pip3.11`. Threat: a versioned name the tables do not list would otherwise never meet the
 * rules and wrappers of its program (inline code, `-m`, options that run commands). Only names ending in a digit
 * are touched; a version part is taken off at a time until a known name is left. A name the guard knows keeps
 * its own meaning (`base64`, `bzip2`, `python3`), except that a listed version of a wrapper's program is that
 * wrapper (`python3.12` is `python3`).
 */
function unversioned(name: string): string {
  const last = name.charCodeAt(name.length - 1);
  if (!(last >= 48 && last <= 57) || SPECIAL.has(name)) return name;
  const own = programOf(name);
  let n = name;
  for (;;) {
    const m = /[-_.]?v?\d+$/.exec(n);
    if (m === null || m.index === 0) return name;
    n = n.slice(0, m.index);
    const p = programOf(n);
    if (p === undefined) continue;
    if (own === undefined || (own === p && SPECIAL.has(n))) return n;
    if (own !== p) return name;
  }
}

/** Join literal words with spaces the way `eval`, `ssh` and `watch` do; null when any word is dynamic. */
export function joinLiteral(words: W[]): string | null {
  const out: string[] = [];
  for (const w of words) {
    if (w.value === null) return null;
    out.push(w.value);
  }
  return out.join(' ');
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'rbash', 'busybox-sh', 'fish', 'pwsh', 'csh', 'tcsh']);
export const PRIV = new Set(['sudo', 'doas', 'pkexec', 'su', 'run0', 'sudoedit', 'please']);

const SUDO_OPTS = [
  O('u', 'ugpChrtUDRT', ['user', 'group', 'prompt', 'close-from', 'host', 'role', 'type', 'other-user', 'chdir', 'chroot', 'command-timeout'], true),
  O('s', 's', ['shell']),
  O('i', 'i', ['login']),
  O('f', 'AbEHnPSkKlvBN', [
    'preserve-env',
    'non-interactive',
    'background',
    'askpass',
    'stdin',
    'reset-timestamp',
    'remove-timestamp',
    'list',
    'validate',
    'set-home',
    'bell',
    'edit',
  ]),
];
const DOAS_OPTS = [O('u', 'uC', undefined, true), O('f', 'ns')];
const PKEXEC_OPTS = [O('u', '', ['user'], true), O('f', '', ['disable-internal-agent', 'keep-cwd'])];
const ENV_OPTS = [
  O('u', 'u', ['unset'], true),
  O('C', 'C', ['chdir'], true),
  O('S', 'S', ['split-string'], true),
  O('f', 'i0v', ['ignore-environment', 'null', 'debug']),
];
/** The index of the first word after env's -S value (`-S x`, `-Sx`, `-vS x`, `--split-string[=]x`); undefined when absent. */
function afterSplitString(words: readonly W[]): number | undefined {
  for (let i = 1; i < words.length; i++) {
    const v = words[i].value;
    if (v === null || v === '--' || !v.startsWith('-') || v === '-') return undefined;
    if (v.startsWith('--')) {
      // Long options may be abbreviated; env's only long option starting with `s` is --split-string.
      const name = v.slice(2).split('=')[0];
      if (name.length > 0 && 'split-string'.startsWith(name)) return v.includes('=') ? i + 1 : i + 2;
      if (name.length > 0 && ('unset'.startsWith(name) || 'chdir'.startsWith(name)) && !v.includes('=')) i++;
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const c = v[j];
      if (c === 'S') return j + 1 < v.length ? i + 1 : i + 2;
      if (c === 'u' || c === 'C') {
        if (j + 1 === v.length) i++;
        break;
      }
    }
  }
  return undefined;
}
const FLOCK_OPTS = [
  O('w', 'wE', ['timeout', 'conflict-exit-code'], true),
  O('c', 'c', ['command'], true),
  O('x', 'sxnuoFe', ['shared', 'exclusive', 'nonblock', 'unlock', 'close', 'no-fork', 'nb']),
];
const XARGS_OPTS = [
  O('I', 'IiLlnPsdEea', ['replace', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'delimiter', 'eof', 'arg-file', 'process-slot-var'], true),
  O('x', '0rtpxo', ['null', 'no-run-if-empty', 'verbose', 'interactive', 'exit', 'open-tty', 'show-limits']),
];
const PARALLEL_OPTS = [
  O('j', 'jIdSa', ['jobs', 'delimiter', 'sshlogin', 'arg-file', 'joblog', 'results', 'tmpdir', 'timeout', 'retries', 'eta-file'], true),
  O('dry', '', ['dry-run']),
  O('x', '0kqvuXm', ['null', 'keep-order', 'quote', 'verbose', 'ungroup', 'xargs', 'eta', 'bar', 'halt', 'progress']),
];
/** rush (shenwei356/rush): options before the command template. */
const RUSH_OPTS = [
  O(
    'j',
    'jDJvtrniOoC',
    [
      'jobs',
      'delimiter',
      'records-join-sep',
      'assign',
      'timeout',
      'retries',
      'retry-interval',
      'nrecords',
      'infile',
      'out-file',
      'continue-file',
      'field-delimiter',
    ],
    true,
  ),
  O('dry', '', ['dry-run']),
  O('x', 'kecTqdVhE', [
    'keep-order',
    'exit-on-error',
    'continue',
    'trim',
    'escape',
    'immediate-output',
    'propagate-exit-status',
    'verbose',
    'eta',
    'version',
    'help',
  ]),
];
/**
 * `xargs -P 0`, `parallel -j0`, a count only known at run time or one past any machine's cores: the input
 * (`yes | xargs -P0 …`) decides how many processes run at once, a fork bomb in effect. The option as written,
 * or undefined for a bounded count.
 */
function parallelism(words: W[], end: number, short: string, long: string): string | undefined {
  for (let i = 1; i < end; i++) {
    const v = words[i].value;
    let n: string | null | undefined;
    if (v === null) continue;
    if (v === `-${short}` || v === `--${long}`) n = words[i + 1]?.value;
    else if (v.startsWith(`--${long}=`)) n = v.slice(long.length + 3);
    else if (/^-[^-]/.test(v) && v.includes(short)) {
      // Grouped flags (`-rP0`): the value is what follows the letter, or the next word.
      const at = v.indexOf(short);
      n = at === v.length - 1 ? words[i + 1]?.value : v.slice(at + 1);
    } else continue;
    if (n === null || n === undefined) return `-${short} with a count only known at run time`;
    if (/^0+$/.test(n) || (/^\d+$/.test(n) && Number(n) > 256)) return `-${short} ${n}`;
  }
  return undefined;
}

const WATCH_OPTS = [
  O('n', 'nq', ['interval', 'equexit'], true),
  // -x alone execs its arguments; every other flag (-g, -e, -c, -d…) keeps the text run by `sh -c` (their id must
  // not be -x's: `watch -g 'rm -rf ./src'` was read as `watch -x`, the string as a program's path).
  O('x', 'x', ['exec']),
  O('f', 'dtbegcwpr', ['differences', 'no-title', 'beep', 'errexit', 'chgexit', 'color', 'no-wrap', 'precise', 'no-rerun']),
];
const SSH_OPTS = [O('o', 'BbcDEeFIiJLlmOoPpQRSWw', undefined, true), O('x', '46AaCfGgKkMNnqsTtVvXxYy')];
const SHELL_OPTS = [
  O('o', 'oO', undefined, true),
  O('c', 'c'),
  O('n', 'n'),
  O('s', 's'),
  O('x', 'abefhiklmprtuvxBCEHPT', ['login', 'norc', 'noprofile', 'posix', 'restricted', 'verbose', 'debugger', 'noediting', 'rcfile', 'init-file']),
];
const SCRIPT_OPTS = [
  O('c', 'c', ['command'], true),
  O('o', 'IOBTEm', ['log-in', 'log-out', 'log-io', 'log-timing', 'echo', 'logging-format', 'output-limit'], true),
  O('x', 'aefqkt', ['append', 'return', 'flush', 'force', 'quiet']),
];
/** npx and `npm exec`/`npm x`: -c/--call is a command line run by a shell; -p/--package names a package. */
const NPX_OPTS = [
  O('c', 'c', ['call'], true),
  O('p', 'p', ['package', 'node-options', 'registry', 'cache', 'userconfig', 'workspace'], true),
  O('x', 'yq', ['yes', 'no', 'quiet', 'ignore-existing', 'no-install', 'prefer-offline', 'silent']),
];
/** `pnpm exec`/`pnpm dlx`: -c/--shell-mode runs the command words with a shell (/bin/sh). */
const PNPM_EXEC = { opts: [O('c', 'c', ['shell-mode']), O('p', 'p', ['package'], true), O('x', '', ['silent', 'parallel', 'resume-from', 'report-summary'])] };
const DOCKER_RUN_OPTS = [
  O(
    'v',
    'vepwuhlamcL',
    [
      'volume',
      'env',
      'publish',
      'workdir',
      'user',
      'hostname',
      'label',
      'attach',
      'memory',
      'cpu-shares',
      'name',
      'network',
      'net',
      'entrypoint',
      'env-file',
      'mount',
      'platform',
      'restart',
      'add-host',
      'device',
      'cap-add',
      'cap-drop',
      'security-opt',
      'ulimit',
      'log-driver',
      'log-opt',
      'volumes-from',
      'gpus',
      'pull',
      'shm-size',
      'ipc',
      'pid',
      'cidfile',
      'dns',
      'cpus',
      'expose',
      'label-file',
      'link',
      'network-alias',
      'runtime',
      'stop-signal',
      'stop-timeout',
      'tmpfs',
      'uts',
      'userns',
      'group-add',
      'health-cmd',
      'detach-keys',
      'memory-swap',
      'cpuset-cpus',
      'sysctl',
      'isolation',
      'storage-opt',
    ],
    true,
  ),
  O('x', 'itdPq', [
    'interactive',
    'tty',
    'detach',
    'rm',
    'init',
    'privileged',
    'publish-all',
    'read-only',
    'no-healthcheck',
    'quiet',
    'sig-proxy',
    'oom-kill-disable',
  ]),
];
const KUBECTL_EXEC_OPTS = [
  O('c', 'cnf', ['container', 'namespace', 'filename', 'context', 'kubeconfig', 'pod-running-timeout'], true),
  O('x', 'itq', ['stdin', 'tty', 'quiet']),
];

// Option specs are module constants: parseOpts indexes each spec once (options.ts).
const SU_OPTS = [O('c', 'c', ['command'], true), O('s', 'sg', ['shell', 'group'], true), O('x', 'lmpP', ['login', 'preserve-environment', 'pty'])];

// Regexes of the unwrap loop are module constants: a literal is a new RegExp object per evaluation.
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const TOOL_AT_VERSION = /^[\w./:-]+@[\w.+-]*$/;
/** Package managers whose rows judge a command run in each package or another folder (`pnpm -r exec`). */
const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
/** A global option that says where a tool runs the command (another folder, each package of a workspace). */
const WHERE_OPTION =
  /^(?:-[A-Za-z]*[FrwC][A-Za-z]*|--(?:filter|recursive|workspaces?|include-workspace-root|dir|cwd|prefix|directory|project-dir|workdir|chdir|cd)(?:=.*)?)$/;
const PACKAGE_AT_VERSION = /^(@?[^@]+)@[^/]*$/;
const WHITESPACE = /\s/;
const PYTHON_NAME = /^python(\d+(\.\d+)?)?$/;

const CONDA_RUN = {
  opts: [
    O('n', 'npa', ['name', 'prefix', 'cwd', 'label', 'attach', 'root-prefix', 'rc-file'], true),
    O('x', '', ['no-capture-output', 'live-stream', 'clean-env', 'debug', 'dev', 'no-rc', 'no-env']),
  ],
};
const MISE_EXEC = {
  opts: [O('n', 'Cj', ['cd', 'jobs', 'env'], true), O('c', 'c', ['command'], true), O('x', 'y', ['raw', 'yes', 'fresh-env', 'no-prepare'])],
  tools: true,
};
const PROCFILE_RUN = { opts: [O('n', 'edfps', ['env', 'env-file', 'root', 'app-root', 'procfile', 'port', 'socket'], true)] };
const MESON_DEVENV = { opts: [O('n', 'Cw', ['workdir', 'dump', 'dump-format'], true)] };

/** The options of `<tool> <verb>` wrappers (bundle exec, direnv exec, aws-vault exec; the rest read as run-run). */
const TOOL_RUN_SPECS: Record<string, { opts: Opt[]; skip?: number; dash?: boolean; tools?: boolean }> = {
  'bundle-exec': { opts: [] },
  // `guix shell PKG… -- CMD…`, `guix environment PKG -- CMD`: the command is what follows `--` (none: a shell).
  'guix-shell': { opts: [], dash: true },
  'guix-environment': { opts: [], dash: true },
  'direnv-exec': { opts: [], skip: 1 },
  'aws-vault-exec': { opts: [O('x', 'n', ['no-session'])], skip: 1 },
  'run-run': { opts: [O('n', 'n', ['name', 'env', 'project', 'config'], true)] },
  'n-exec': { opts: [], skip: 1 },
  'rustup-run': { opts: [O('x', '', ['install'])], skip: 1 },
  'fnm-exec': { opts: [O('n', '', ['using'], true), O('x', '', ['using-file'])] },
  'volta-run': { opts: [O('n', '', ['node', 'npm', 'pnpm', 'yarn', 'env'], true), O('x', '', ['bundled-npm', 'no-yarn', 'no-pnpm'])] },
  // `micromamba run -n base CMD`, `conda run -p ENV --cwd DIR CMD`; `meson devenv -C build CMD`.
  // `mise exec node@20 python@3 -- CMD`: the tool versions come before the command.
  // `hatch env run -e test -i py=3.12 -- CMD`.
  'hatch-run': { opts: [O('n', 'eix', ['env', 'include', 'exclude', 'filter'], true), O('x', '', ['force-continue', 'ignore-compat'])] },
  'mise-exec': MISE_EXEC,
  'mise-x': MISE_EXEC,
  'rtx-exec': MISE_EXEC,
  'rtx-x': MISE_EXEC,
  // Procfile runners load .env (or -e FILE) into the command's environment: `foreman run env` prints it.
  'foreman-run': PROCFILE_RUN,
  'forego-run': PROCFILE_RUN,
  'honcho-run': PROCFILE_RUN,
  'overmind-run': PROCFILE_RUN,
  'heroku-local:run': PROCFILE_RUN,
  'conda-run': CONDA_RUN,
  'mamba-run': CONDA_RUN,
  'micromamba-run': CONDA_RUN,
  'meson-devenv': MESON_DEVENV,
  'muon-devenv': MESON_DEVENV,
  'npm-exec': { opts: NPX_OPTS },
  'npm-x': { opts: NPX_OPTS },
  'pnpm-exec': PNPM_EXEC,
  'pnpm-dlx': PNPM_EXEC,
};

/** `poetry run x`, `uv run x`, … : the tool name plus a verb make a wrapper. */
const TOOL_RUN_VERBS: Record<string, string[]> = {
  poetry: ['run'],
  pipenv: ['run'],
  uv: ['run'],
  pdm: ['run'],
  hatch: ['run'],
  rye: ['run'],
  conda: ['run'],
  mamba: ['run'],
  micromamba: ['run'],
  meson: ['devenv'],
  muon: ['devenv'],
  opam: ['exec'],
  op: ['run'],
  doppler: ['run'],
  bundle: ['exec'],
  rbenv: ['exec'],
  pyenv: ['exec'],
  nvm: ['exec'],
  direnv: ['exec'],
  'aws-vault': ['exec'],
  pnpm: ['dlx', 'exec', 'create'],
  yarn: ['dlx', 'exec', 'create'],
  npm: ['exec', 'x', 'init', 'create', 'innit'],
  pipx: ['run'],
  mise: ['exec', 'x'],
  asdf: ['exec'],
  // Version managers and toolchains run any command in their environment, like the rows above.
  fnm: ['exec'],
  nodenv: ['exec'],
  goenv: ['exec'],
  jenv: ['exec'],
  plenv: ['exec'],
  phpenv: ['exec'],
  n: ['exec'],
  volta: ['run'],
  rustup: ['run'],
  bun: ['x', 'exec'],
  rtx: ['exec', 'x'],
  devbox: ['run'],
  pixi: ['run', 'exec'],
  // Haskell's build tools and Guix run any command in the project's or the packages' environment.
  stack: ['exec'],
  cabal: ['exec'],
  guix: ['shell', 'environment'],
  // Procfile runners: the command runs with the variables of .env loaded.
  foreman: ['run'],
  forego: ['run'],
  honcho: ['run'],
  overmind: ['run'],
  heroku: ['local:run'],
};

/** Words that group a run verb under them (`hatch env run -- CMD`). */
const RUN_VERB_GROUP = new Map([['hatch', 'env']]);

/**
 * Where the run verb of `TOOL [its options] VERB …` stands: 1, or after the tool's own options and their values
 * (`stack --silent exec`, `cabal -v0 exec`, `hatch -e test run`, `pnpm --filter app exec`). -1 when the first
 * word that is no option (nor an option's possible value) is another verb. Threat: a global option before the
 * verb hid the command it runs (`stack --silent exec -- rm -rf src` was judged as stack's own words).
 */
function runVerbAt(name: string, words: W[], verbs: readonly string[]): number {
  let maybeValue = false;
  for (let j = 1; j < words.length; j++) {
    const v = words[j].value;
    if (v === null || v === '--') return -1;
    if (v.length > 1 && v.charCodeAt(0) === 45 /* - */) {
      maybeValue = !v.includes('=');
      continue;
    }
    if (verbs.includes(v)) return j;
    if (RUN_VERB_GROUP.get(name) === v && words[j + 1]?.value !== null && verbs.includes(words[j + 1]?.value ?? '')) return j + 1;
    if (!maybeValue) return -1;
    maybeValue = false;
  }
  return -1;
}

// Maps, not object lookups: a name missing from a dictionary-mode object is a slow miss on every command.
const TOOL_RUN_SPEC = new Map(Object.entries(TOOL_RUN_SPECS));
const TOOL_RUN = new Map(Object.entries(TOOL_RUN_VERBS));

/** Every command name the loop below treats specially; any other name runs as itself. */
/** zig's sub-commands that are another program's front end, and the program whose grammar they take. */
const ZIG_TOOLS = new Map<string, string>([
  ['cc', 'clang'],
  ['c++', 'clang++'],
  ['ar', 'ar'],
  ['ranlib', 'ranlib'],
  ['objcopy', 'objcopy'],
  ['dlltool', 'dlltool'],
  ['lib', 'lib'],
  ['rc', 'rc'],
  ['ld.lld', 'ld.lld'],
  ['ld64.lld', 'ld64.lld'],
  ['lld-link', 'lld-link'],
  ['wasm-ld', 'wasm-ld'],
]);

export const SPECIAL = new Set<string>([
  ...PRIV,
  ...SHELLS,
  ...CODE_INTERPRETERS,
  ...WRAPPERS.keys(),
  ...TOOL_RUN.keys(),
  'env',
  'cross-env',
  'command',
  'busybox',
  'toybox',
  'zig',
  'npx',
  'bunx',
  'pnpx',
  'uvx',
  'flock',
  'script',
  'eval',
  'trap',
  'alias',
  'watch',
  'xargs',
  'parallel',
  'rush',
  'find',
  'fd',
  'fdfind',
  'ssh',
  'docker',
  'podman',
  'kubectl',
  'oc',
  'git',
  'nix',
  'mvn',
  'mvnw',
]);

/**
 * One command being unwrapped: the command as written (`raw…`, `text`, `redirects`) and what the wrappers
 * peeled so far said. One object per wrapped command (not a closure, not a second object for the command).
 */
interface Unwrapping {
  rawWords: W[];
  rawAssigns: Record<string, string | null>;
  rawStdin: Stdin;
  redirects: Redir[];
  text: string;
  ctx: WalkCtx;
  stdin: Stdin;
  assigns: Record<string, string | null>;
  pending: Pending[];
  /** What the wrappers said; made on the first fact. */
  meta: Record<string, unknown> | undefined;
  /** `meta` was given to an emitted sub-command: the next fact goes to a copy. */
  metaGiven: boolean;
  /** What the peeled wrappers themselves read or write (`time -o f`): added to the command's accesses. */
  extra?: Access[];
}

/** Record a fact for the command (copy on write: an emitted sub-command keeps the object it was given). */
function setMeta(u: Unwrapping, key: string, value: unknown): void {
  if (u.meta === undefined) u.meta = {};
  else if (u.metaGiven) {
    u.meta = { ...u.meta };
    u.metaGiven = false;
  }
  u.meta[key] = value;
}

function emit(host: UnwrapHost, u: Unwrapping, words: W[]): Sub {
  const s = host.emit(words, u.text, u.redirects, u.ctx, u.stdin, u.assigns, u.pending, u.meta, u.rawWords);
  if (u.meta !== undefined) u.metaGiven = true;
  if (u.extra !== undefined) s.acc = s.acc.length ? [...s.acc, ...u.extra] : u.extra;
  return s;
}

function addPending(u: Unwrapping, rule: string, explanation: string): void {
  if (u.pending === NO_PENDING) u.pending = [];
  u.pending.push({ rule, explanation });
}

/** The context inside a wrapper (field by field: a spread is a runtime call that allocates more). */
/**
 * `docker exec -i c sh < /tmp/x.sh`, `kubectl exec -i p -- bash < x.sh`: the input file is read here, on this
 * machine, and what reads it in the container may run it as code (a shell, an interpreter). The program with
 * that input is judged here too, the way `sh < /tmp/x.sh` is: a script from scratch space is code nobody has seen.
 */
function inputFromHere(host: UnwrapHost, u: Unwrapping, inner: W[], label: string): void {
  if (u.rawStdin.kind !== 'file' || inner.length === 0) return;
  unwrapCommand(host, inner.slice(0, 1), {}, NO_REDIRS, u.rawStdin, u.text, within(u.ctx, `${label} (its input is read here)`, false));
}

function within(ctx: WalkCtx, label: string, remote = ctx.remote): WalkCtx {
  return { via: withLabel(ctx.via, label), cwd: ctx.cwd, remote, depth: ctx.depth, src: ctx.src, env: remote ? undefined : ctx.env };
}

function hasKeys(o: Record<string, unknown>): boolean {
  for (const k in o) if (Object.prototype.hasOwnProperty.call(o, k)) return true;
  return false;
}

/** Step inside a wrapper: the inner words run, in a context that names the wrapper. */
function wrap(u: Unwrapping, label: string, rest: W[]): W[] {
  u.ctx = within(u.ctx, label);
  return rest;
}

/** A literal name that wraps nothing: most sub-commands. */
function runsAsItself(words: W[]): boolean {
  const n0 = words[0];
  return n0 === undefined || n0.value === null || n0.glob || !SPECIAL.has(normName(n0.value));
}

/**
 * Unwrap and register a command as written. Arguments, not a command object: most commands wrap nothing and
 * go straight to emit, and the object would be garbage made for every one of them.
 */
export function unwrapCommand(
  host: UnwrapHost,
  raw: W[],
  assigns: Record<string, string | null>,
  redirects: Redir[],
  stdin: Stdin,
  text: string,
  ctx0: WalkCtx,
): Sub | undefined {
  if (runsAsItself(raw)) return host.emit(raw, text, redirects, ctx0, stdin, assigns, NO_PENDING, undefined, raw);
  const u: Unwrapping = {
    rawWords: raw,
    rawAssigns: assigns,
    rawStdin: stdin,
    redirects,
    text,
    ctx: ctx0,
    stdin,
    assigns,
    pending: NO_PENDING,
    meta: undefined,
    metaGiven: false,
  };
  // What runs inside a wrapper inherits the wrapper's environment: `BASH_ENV=x bash -c ls` is judged in `ls`.
  if (hasKeys(assigns)) u.ctx = { ...ctx0, env: ctx0.env === undefined ? assigns : { ...ctx0.env, ...assigns } };
  const r = peel(host, u, raw);
  // A wrapper's finding (`sudo`) whose command was handed to a shell (`sudo sh -c '…'`) has no sub-command of
  // its own to be raised on: it is raised on the line.
  if (u.pending.length) host.raise(u.pending, u.text);
  return r;
}

/** Peel wrappers off `words` until a command that runs as itself, and emit it (or hand a payload to a shell). */
function peel(host: UnwrapHost, u: Unwrapping, raw: W[]): Sub | undefined {
  let words = raw;
  for (let guard = 0; guard < 32; guard++) {
    if (words.length === 0) return emit(host, u, []);
    const w0 = words[0];
    if (w0.value === null || w0.glob) return emit(host, u, words);
    // A wrapper handed on a program name holding blanks (`env 'rm -rf ./src'`, a grammar that misread a shell
    // string as argv[0]): no program on PATH has such a name, and the text reads as a command line. Judged as one
    // too, so a misread string is never a mere path (with `/` it named no file and was allowed).
    if (words !== raw && WHITESPACE.test(w0.value)) {
      const t = joinLiteral(words);
      if (t !== null) host.reparse(t, within(u.ctx, 'command string'), 'command string');
    }
    const name = normName(w0.value);
    if (!SPECIAL.has(name)) return emit(host, u, words);

    // These three read the words in place; the wrappers below work on a copy of the arguments (`args`).
    if (name === 'git') return gitUnwrap(host, u, words);

    if (name === 'find' || name === 'fd' || name === 'fdfind') {
      const s = emit(host, u, words);
      const src = name === 'find' ? findSource(words, u.ctx.cwd.value) : sourceOfSub({ ...s, words, name }, 0);
      for (const inner of execSegments(name, words, src)) {
        unwrapCommand(host, inner.words, u.rawAssigns, NO_REDIRS, NO_STDIN, u.text, within(u.ctx, inner.label));
      }
      return s;
    }

    // `python -m twine upload`, `python3 -m pip install …`: a module that is a command-line program is that
    // program, so the rules keyed by its name (publish, package sources) see it.
    if (PYTHON_NAME.test(name) && words[1]?.value === '-m' && words[2]?.value != null && PY_MODULES[words[2].value] === words[2].value) {
      // The interpreter at a path (`/tmp/v/bin/python -m pip`) is still the program that runs: judged where it is.
      const at = words[0].value;
      if (at !== null && at.includes('/')) setMeta(u, 'interp', words[0].path ?? at);
      // Python still puts the cwd first on its module path: a `mypy.py` or `pip/` there is what runs (the analyzer
      // judges the Python run, toolconfigs.ts/pyshadow.ts, beside the program's own row).
      setMeta(u, 'pythonRun', words);
      words = wrap(u, `${name} -m`, [lit(words[2].value), ...words.slice(3)]);
      continue;
    }
    // `bun x PKG` and `bun exec SCRIPT` run commands, not JavaScript: the tool-run branch below reads them.
    if (CODE_INTERPRETERS.has(name) && !(name === 'bun' && (words[1]?.value === 'x' || words[1]?.value === 'exec'))) {
      // Judge the shell commands a one-liner spawns with literal strings (`system("rm -rf x")`) as commands.
      const codes = programTexts(name, words, u.stdin);
      setMeta(u, 'code', codes);
      const self = emit(host, u, words);
      for (const c of codes) {
        if (c === null) continue;
        for (const l of shellOuts(c).literals) host.reparse(l, within(u.ctx, `${name} shell-out`), `${name} shell-out`);
        // Links, copies and moves it makes by literal names: the commands that do the same (a link is an alias after).
        for (const argv of codeLinks(c)) host.reparse(joinArgv(argv), within(u.ctx, `${name} ${argv[0]}`), `${name} ${argv[0]}`);
      }
      return self;
    }

    // The wrappers up to TOOL_RUN parse `words` from 1 (`p.rest` indexes `words`); the rest use a copy, `args`.
    if (PRIV.has(name)) {
      addPending(u, 'priv.sudo', `${name} runs a command with elevated privileges`);
      if (name === 'su') {
        const p = parseOpts(words, SU_OPTS, ALL_OPTS, 1);
        const cmd = p.first('c');
        if (typeof cmd === 'string') {
          const s = emit(host, u, words);
          host.reparse(cmd, within(u.ctx, 'su -c'), 'su -c');
          return s;
        }
        return emit(host, u, words);
      }
      const spec = name === 'doas' ? DOAS_OPTS : name === 'pkexec' ? PKEXEC_OPTS : SUDO_OPTS;
      const p = parseOpts(words, spec, STOP_AT_POSITIONAL, 1);
      let rest = words.slice(p.rest);
      while (rest.length && rest[0].value !== null && ASSIGNMENT.test(rest[0].value)) rest = rest.slice(1);
      if (rest.length === 0) return emit(host, u, words);
      words = wrap(u, name, rest);
      continue;
    }

    if (name === 'env' || name === 'cross-env') {
      const p = parseOpts(words, name === 'env' ? ENV_OPTS : NO_OPTS, STOP_AT_POSITIONAL, 1);
      let rest = words.slice(p.rest);
      while (rest.length && rest[0].value !== null && ASSIGNMENT.test(rest[0].value)) {
        const v = rest[0].value;
        u.assigns = { ...u.assigns, [v.slice(0, v.indexOf('='))]: v.slice(v.indexOf('=') + 1) };
        rest = rest.slice(1);
      }
      if (hasKeys(u.assigns)) u.ctx = { ...u.ctx, env: u.ctx.env === undefined ? u.assigns : { ...u.ctx.env, ...u.assigns } };
      const dir = name === 'env' ? p.first('C') : undefined;
      if (dir !== undefined) {
        // `env -C DIR cmd` runs cmd in DIR: its relative paths are DIR's.
        const box = copyBox(u.ctx.cwd);
        const base = box.value;
        box.value = dir === null || base === null || dir.startsWith('~') ? null : normalize(dir.startsWith('/') ? dir : `${base}/${dir}`);
        u.ctx = { ...u.ctx, cwd: box };
      }
      const split = p.first('S');
      if (split !== undefined) {
        // GNU env puts the split words in place of the option and reads its options again from there, so
        // `env -S rm -rf build` runs `rm -rf build`: what follows -S's value is the command's, options included.
        const after = afterSplitString(words);
        const tailWords = after === undefined ? rest : words.slice(after);
        const tail = tailWords.some((w) => w.value === null) ? null : joinArgv(tailWords.map((w) => w.value!));
        if (split === null || tail === null) return emit(host, u, words);
        host.reparse(`env ${split} ${tail}`, within(u.ctx, 'env -S'), 'env -S');
        return undefined;
      }
      if (rest.length === 0) return emit(host, u, words);
      words = wrap(u, name, rest);
      continue;
    }

    if (name === 'command' && lookupOnly(words)) return emit(host, u, words); // lookup only
    if (name === 'busybox' || name === 'toybox') {
      if (words.length === 1) return emit(host, u, words);
      words = wrap(u, name, words.slice(1));
      continue;
    }

    // `zig cc`, `zig c++`, `zig ar`, `zig ld.lld`…: zig's bundled clang, archiver and linkers, with their own
    // grammar (`zig cc -Wl,@.env` is clang handing .env to the linker as a file of arguments).
    const zt = name === 'zig' && words[1]?.value != null ? ZIG_TOOLS.get(words[1].value) : undefined;
    if (zt !== undefined) {
      words = wrap(u, `zig ${words[1].value}`, [lit(zt), ...words.slice(2)]);
      continue;
    }

    // The wrapper table (programs/wrappers.ts): options, `skip` positionals, then the command.
    const wr = WRAPPERS.get(name);
    if (wr) {
      const p = parseArgv(words, 1, [wr.row], wr.row.loose, true);
      if (p.occ.some((o) => wr.none.includes(o.opt.key) || o.opt.long.some((l) => wr.none.includes('--' + l)))) return emit(host, u, words);
      const priv = wr.priv;
      if (priv !== undefined && !p.occ.some((o) => priv.includes(o.opt.key) || o.opt.long.some((l) => priv.includes('--' + l))))
        addPending(u, 'priv.sudo', `${name} runs the command with privileges the agent does not have (the system manager, another user)`);
      for (const o of p.occ) {
        if (o.value === undefined) continue;
        const how = `${name} ${o.opt.key}`;
        if (o.opt.role === 'S') {
          if (typeof o.value === 'string') host.reparse(o.value, within(u.ctx, how), how);
          else setMeta(u, 'opaque', `${how} runs shell code only known at run time`);
        } else if (o.opt.role === 'W' && wr.pipe.includes(o.opt.key) && (typeof o.value !== 'string' || /^[|!]/.test(o.value))) {
          // `strace -o '|cmd'`: the output goes to a shell command, not a file.
          if (typeof o.value === 'string') host.reparse(o.value.slice(1), within(u.ctx, `${how} |`), `${how} |`);
          else setMeta(u, 'opaque', `${how} names a file, or with | or ! a command, only known at run time`);
        } else if (o.opt.role === 'W' || o.opt.role === 'R') {
          // What the wrapper itself writes or reads (time -o, strace -o, dotenv -e): the command's effects too.
          (u.extra ??= []).push({
            op: o.opt.role === 'W' ? 'write' : 'read',
            w: o.w,
            p: o.w ? undefined : (o.value ?? undefined),
            how,
            flags: 0,
            base: undefined,
            to: undefined,
            names: undefined,
          });
        }
      }
      let rest = words.slice(p.rest + wr.skip);
      if (wr.spec.optsAfter && rest.length > 0) {
        // `setarch x86_64 -R CMD`: options after the positionals as well.
        const q = parseArgv(rest, 0, [wr.row], wr.row.loose, true);
        if (q.occ.some((o) => wr.none.includes(o.opt.key) || o.opt.long.some((l) => wr.none.includes('--' + l)))) return emit(host, u, words);
        rest = rest.slice(q.rest);
      }
      if (rest.length === 0) return emit(host, u, words);
      words = wrap(u, name, rest);
      continue;
    }

    // `yarn node ARGS` is `node ARGS` in the project's environment (-e code, a script, --require).
    if (name === 'yarn' && words.length > 2 && words[1].value === 'node') {
      words = wrap(u, 'yarn node', words.slice(1));
      continue;
    }
    const runVerbs = TOOL_RUN.get(name);
    if (runVerbs) {
      // `npm run build`, `uv pip …`: no run verb, and no other branch below knows these names.
      const at = runVerbAt(name, words, runVerbs);
      if (at < 0) return emit(host, u, words);
      if (at > 1) {
        // `pnpm -F app exec CMD`, `npm -w app exec CMD`, `pnpm -r exec CMD`: a global option that picks where the
        // command runs (each package, another folder) is the tool row's to judge, with the whole line (asked there).
        if (PACKAGE_MANAGERS.has(name) && words.slice(1, at).some((x) => x.value !== null && WHERE_OPTION.test(x.value))) return emit(host, u, words);
        // `stack --silent exec -- CMD`, `hatch -e test run CMD`, `hatch env run -- CMD`: the command after the verb
        // is judged as a command, and the tool's own options naming a path by its row (`stack --stack-yaml /tmp/x`).
        if (words.slice(1, at).some((x) => x.value === null || /[/~$]/.test(x.value))) emit(host, u, words.slice(0, at));
        words = [words[0], ...words.slice(at)];
      }
      const verb = words[1].value!;
      let rest = words.slice(2);
      const key = `${name}-${verb}`;
      const spec = TOOL_RUN_SPEC.get(key) ?? TOOL_RUN_SPEC.get('run-run')!;
      if (spec.dash) {
        const dd = rest.findIndex((w) => w.value === '--');
        if (dd < 0 || dd === rest.length - 1) return emit(host, u, words);
        words = wrap(u, `${name} ${verb}`, rest.slice(dd + 1));
        continue;
      }
      const p = parseOpts(rest, spec.opts, STOP_AT_POSITIONAL);
      rest = rest.slice(p.rest + (spec.skip ?? 0));
      if (spec.tools) {
        // `mise exec -c 'CMD'`: the string is run by a shell.
        const c = p.get('c');
        if (c !== undefined) {
          for (const t of c) {
            if (t === null) addPending(u, 'exec.unmodelled', `${name} ${verb} -c runs a command only known at run time`);
            else host.reparse(t, within(u.ctx, `${name} ${verb} -c`), `${name} ${verb} -c`);
          }
          return emit(host, u, words);
        }
        let k = 0;
        while (k < rest.length && rest[k].value !== null && TOOL_AT_VERSION.test(rest[k].value!)) k++;
        if (rest[k]?.value === '--') k++;
        rest = rest.slice(k);
      }
      if (name === 'npm' && (verb === 'exec' || verb === 'x') && p.get('c')) {
        // `npm exec -c 'CMD'`, `npm x --call 'CMD'`: each string is a command line run by a shell.
        for (const c of p.get('c')!) {
          if (c === null) addPending(u, 'exec.unmodelled', `npm ${verb} -c runs a command only known at run time`);
          else if (c !== '') host.reparse(c, within(u.ctx, 'npm exec -c'), 'npm exec -c');
        }
        return rest.length ? emit(host, u, words) : undefined;
      }
      if (name === 'pnpm' && p.has('c') && rest.length) {
        // `pnpm exec -c 'CMD'`, `pnpm dlx --shell-mode 'CMD'`: the words are joined and run by /bin/sh.
        const t = joinLiteral(rest);
        if (t === null) return emit(host, u, words);
        host.reparse(t, within(u.ctx, `pnpm ${verb} -c`), `pnpm ${verb} -c`);
        return undefined;
      }
      if ((key === 'bun-exec' || key === 'yarn-exec' || key === 'devbox-run') && rest.length) {
        // `bun exec 'SCRIPT'`, `yarn exec 'SCRIPT'` run their argument with the tool's own shell; `devbox run`
        // runs a command line (or a script of devbox.json, a name the line then runs as a command).
        // `bun exec 'SCRIPT'` runs its argument with bun's own shell.
        const t = rest.some((w) => w.value === null) ? null : rest.map((w) => w.value!).join(' ');
        if (t === null) return emit(host, u, words);
        host.reparse(t, within(u.ctx, `${name} ${verb}`), `${name} ${verb}`);
        // Yarn 1 runs the words as a program and its arguments, not through a shell (`yarn exec sh -c 'rm -rf
        // src'`: joined, `sh -c rm` runs nothing; as words, rm -rf src): both readings are judged.
        if (rest.length > 1)
          host.reparse(rest.map((w) => `'${w.value!.replace(/'/g, `'\\''`)}'`).join(' '), within(u.ctx, `${name} ${verb}`), `${name} ${verb}`);
        return undefined;
      }
      if (rest.length === 0) return emit(host, u, words);
      // `npm init vite`, `yarn create x`: the registry package create-vite (`@s` → @s/create) is fetched and run.
      if (verb === 'init' || verb === 'create' || verb === 'innit') {
        const pkg = rest[0].value;
        if (pkg === null) return emit(host, u, words);
        if (pkg.startsWith('-')) return emit(host, u, words);
        const bare = /^(@[^/@]+(?:\/[^@]+)?|[^@]+)/.exec(pkg)?.[1] ?? pkg;
        const m = /^(@[^/]+)(?:\/(.+))?$/.exec(bare);
        const runner = m ? `${m[1]}/create${m[2] ? '-' + m[2] : ''}` : `create-${bare}`;
        words = wrap(u, `${name} ${verb}`, stripPackageVersion([word(runner, false, runner, undefined), ...rest.slice(1)]));
        continue;
      }
      words = wrap(u, `${name} ${verb}`, stripPackageVersion(rest));
      continue;
    }

    if (name === 'npx' || name === 'bunx' || name === 'pnpx' || name === 'uvx') {
      const p = parseOpts(words, NPX_OPTS, STOP_AT_POSITIONAL, 1);
      if (p.get('c')) {
        for (const c of p.get('c')!) {
          if (c === null) addPending(u, 'exec.unmodelled', `${name} -c runs a command only known at run time`);
          else if (c !== '') host.reparse(c, within(u.ctx, name + ' -c'), name + ' -c');
        }
        if (p.rest >= words.length) return undefined;
      }
      const rest = words.slice(p.rest);
      if (rest.length === 0) return emit(host, u, words);
      words = wrap(u, name, stripPackageVersion(rest));
      continue;
    }

    // rush (shenwei356/rush) is GNU parallel's grammar in short: a command template with `{}`, its inputs on stdin.
    // Rush.js (the monorepo tool of the same name) takes a verb instead: a plain word is left to its row.
    if (name === 'rush') {
      const p = parseOpts(words, RUSH_OPTS, STOP_AT_POSITIONAL, 1);
      const c = words[p.rest];
      if (c === undefined || (c.value !== null && /^[a-z][a-z0-9:-]*$/.test(c.value))) return emit(host, u, words);
      if (p.has('dry')) return emit(host, u, words);
      words = wrap(u, name, [lit('parallel'), ...words.slice(p.rest)]);
      continue;
    }

    if (name === 'xargs' || name === 'parallel') {
      const p = parseOpts(words, name === 'xargs' ? XARGS_OPTS : PARALLEL_OPTS, STOP_AT_POSITIONAL, 1);
      // `parallel --dry-run …` prints the command lines it would run and runs none.
      if (name === 'parallel' && p.has('dry')) return emit(host, u, [words[0]]);
      const procs = parallelism(words, p.rest, name === 'xargs' ? 'P' : 'j', name === 'xargs' ? 'max-procs' : 'jobs');
      if (procs !== undefined) addPending(u, 'sys.fork-bomb', `${name} ${procs}: it starts as many processes at once as its input holds lines`);
      // PARALLEL_SHELL is the program every job runs in: one the guard does not know runs unseen code.
      const pshell = name === 'parallel' ? (u.ctx.env?.PARALLEL_SHELL ?? u.assigns.PARALLEL_SHELL) : undefined;
      if (pshell !== undefined && (pshell === null || !/^(?:(?:\/usr)?(?:\/local)?\/bin\/)?(?:sh|bash|dash|zsh|ksh)$/.test(pshell)))
        addPending(u, 'exec.unresolved-path', `PARALLEL_SHELL=${pshell ?? '…'} runs every job of parallel through a program the guard does not read`);
      let end = words.length;
      for (let i = p.rest; i < words.length; i++) {
        if (words[i].value !== ':::' && words[i].value !== '::::') continue;
        end = i;
        break;
      }
      const repl = name === 'xargs' ? (p.get('I')?.find((x) => x !== '') ?? undefined) : '{}';
      // The list: what the pipe, file or here-doc feeds in (`-a FILE`: a list the guard cannot see).
      const src = sourceOfStdin(u.stdin, u.ctx.cwd.value);
      const argFile = words
        .slice(1, p.rest)
        .some((w) => w.value === '-a' || w.value === '--arg-file' || (w.value ?? '').startsWith('--arg-file=') || /^-a./.test(w.value ?? ''));
      if (argFile) {
        // xargs -a FILE reads its list from FILE.
        for (let i = 1; i < p.rest; i++) {
          const v = words[i].value;
          const f =
            v === '-a' || v === '--arg-file'
              ? words[i + 1]
              : v !== null && v.startsWith('--arg-file=')
                ? lit(v.slice(11))
                : v !== null && /^-a./.test(v)
                  ? lit(v.slice(2))
                  : undefined;
          if (f) (u.extra ??= []).push({ op: 'read', w: f, p: undefined, how: `${name} -a`, flags: 0, base: undefined, to: undefined, names: undefined });
        }
      }
      const list: InputSource = argFile
        ? { kind: 'unknown', what: 'an argument file' }
        : name === 'parallel' && end < words.length
          ? parallelSource(words, end)
          : src;
      // GNU parallel with no command: each input is itself a command line it runs with a shell
      // (`parallel ::: 'rm -rf src'`).
      if (name === 'parallel' && end === p.rest) {
        const inputs = words.slice(end + 1).filter((w) => w.value !== ':::' && w.value !== '::::');
        if (end < words.length && words[end].value === ':::') {
          for (const w of inputs) {
            if (w.value === null) addPending(u, 'exec.unresolved-path', 'parallel runs an input only known at run time as a command');
            else host.reparse(w.value, within(u.ctx, 'parallel'), 'parallel');
          }
          return emit(host, u, [words[0]]);
        }
        if (end === words.length && !argFile && u.stdin.kind !== 'none')
          addPending(u, 'exec.pipe-to-shell', 'parallel with no command runs each line of its input as a command line');
      }
      // GNU parallel composes a command line from its words and runs it with a shell, each input in {}.
      if (name === 'parallel' && end > p.rest) {
        const vals = words.slice(p.rest, end).map((w) => w.value);
        if (!vals.some((v) => v === null)) {
          const text0 = vals.join(' ');
          const placeholder = /\{[./#%]*\}|\{\d+\}/g;
          const text = placeholder.test(text0) ? text0.replace(placeholder, '"$__ag_in"') : `${text0} "$__ag_in"`;
          const box = copyBox(u.ctx.cwd);
          (box.vars ??= new Map()).set('__ag_in', inputWord('{}', list));
          host.reparse(
            text,
            { via: withLabel(u.ctx.via, 'parallel'), cwd: box, remote: u.ctx.remote, depth: u.ctx.depth, src: u.ctx.src, env: u.ctx.env },
            'parallel',
          );
          // `parallel -a FILE …` reads FILE: the read is the wrapper's own.
          if (u.extra !== undefined) emit(host, u, [words[0]]);
          return undefined;
        }
      }
      const rest = withInput(end > p.rest ? words : ECHO, end > p.rest ? p.rest : 0, end > p.rest ? end : 1, typeof repl === 'string' ? repl : undefined, list);
      // What feeds the list: an endless one (`seq inf | xargs …`) runs the command without end.
      if (u.stdin.kind === 'pipe' && u.stdin.from !== undefined) setMeta(u, 'listFrom', u.stdin.from);
      u.stdin = NO_STDIN;
      words = wrap(u, name, rest);
      continue;
    }

    if ((name === 'docker' || name === 'podman') && words.length > 1) {
      const inner = containerInner(words);
      if (inner) {
        const self = emit(host, u, words);
        if (inner.length > 0) {
          // Inside the container: its own file system, except what is bind-mounted from here.
          const c = within(u.ctx, name, true);
          const m = containerMounts(words, u.ctx.cwd.value);
          c.cwd = { value: m.workdir, old: undefined, vars: u.ctx.cwd.vars, mounts: m.mounts };
          unwrapCommand(host, inner, u.rawAssigns, NO_REDIRS, u.rawStdin, u.text, c);
          inputFromHere(host, u, inner, name);
        }
        return self;
      }
      return emit(host, u, words);
    }

    const args = words.slice(1);

    if (name === 'flock') {
      const p = parseOpts(args, FLOCK_OPTS, STOP_AT_POSITIONAL);
      const c = p.first('c');
      let rest = args.slice(p.rest + 1); // lock file
      if (rest.length && (rest[0].value === '-c' || rest[0].value === '--command')) {
        const s = rest[1]?.value;
        if (s === null || s === undefined) return emit(host, u, words);
        host.reparse(s, within(u.ctx, 'flock -c'), 'flock -c');
        return undefined;
      }
      if (c !== undefined) {
        if (c === null) return emit(host, u, words);
        host.reparse(c, within(u.ctx, 'flock -c'), 'flock -c');
        return undefined;
      }
      if (rest.length === 0) return emit(host, u, words);
      words = wrap(u, 'flock', rest);
      rest = [];
      continue;
    }

    // `nix develop -c CMD…`, `nix shell nixpkgs#jq --command CMD…`: the words after the option are the command.
    if (name === 'nix' && (args[0]?.value === 'develop' || args[0]?.value === 'shell')) {
      const at = args.findIndex((w) => w.value === '-c' || w.value === '--command');
      if (at >= 0) {
        // `nix shell github:evil/x -c id`: the flake (a remote repository's code) is built and its programs run.
        const remote = args
          .slice(1, at)
          .find((w) => w.value !== null && /^(github|gitlab|sourcehut|git\+[a-z]+|hg\+[a-z]+|tarball\+[a-z]+|https?|file\+[a-z]+):/i.test(w.value));
        if (remote) setMeta(u, 'opaque', `nix ${args[0].value} ${remote.text}: builds and runs code from a remote repository the guard cannot see`);
        const rest = args.slice(at + 1);
        if (rest.length === 0) return emit(host, u, words);
        words = wrap(u, 'nix', rest);
        continue;
      }
    }

    // Maven's exec plugin runs the program `-Dexec.executable=rm -Dexec.args='-rf src'` names, with those arguments.
    if (name === 'mvn' || name === 'mvnw') {
      const prop = (k: string): W | undefined => args.find((w) => (w.value === null ? w.text.includes(k + '=') : w.value.startsWith('-D' + k + '=')));
      const exe = prop('exec.executable');
      if (exe !== undefined) {
        const a = prop('exec.args');
        const val = (w: W | undefined, k: string) => (w === undefined ? '' : w.value === null ? null : w.value.slice(k.length + 3));
        const e = val(exe, 'exec.executable');
        const x = val(a, 'exec.args');
        if (e === null || x === null) setMeta(u, 'opaque', `${name} -Dexec.executable runs a program only known at run time`);
        else host.reparse(`${e} ${x}`, within(u.ctx, `${name} exec:exec`), `${name} exec:exec`);
      }
      return emit(host, u, words);
    }

    if (name === 'script') {
      const p = parseOpts(args, SCRIPT_OPTS);
      const c = p.first('c');
      if (c === null) return emit(host, u, words);
      if (c === undefined) {
        // Without -c it runs an interactive shell on its input: what arrives there is a shell script, judged like
        // `bash` reading its program from stdin (`echo 'rm -rf src' | script -q /dev/null`, `script … <<< '…'`).
        if (u.stdin.kind === 'none') return emit(host, u, words);
        const shown = shellStdin(host, u, name);
        if (shown !== true) {
          setMeta(u, 'opaque', shown ?? `${name} runs a shell on its input, which the guard cannot read`);
          return emit(host, u, words);
        }
      } else host.reparse(c, within(u.ctx, 'script -c'), 'script -c');
      // The transcript file (the first operand) is written: judged as `script FILE`.
      const file = p.positional[0];
      return file ? emit(host, u, [words[0], file]) : undefined;
    }

    // PowerShell's named parameters are not bash clusters: `pwsh -EncodedCommand B64` read as one holds -n (syntax
    // check only) or -c and hid its program; with one, its row (an interpreter) judges the line.
    if (SHELLS.has(name) && !(name === 'pwsh' && args.some((w) => w.value !== null && /^-[A-Za-z]{2,}/.test(w.value)))) {
      // `bash --rcfile FILE -i`, `--init-file FILE`: FILE is sourced before anything else (stdin may be empty).
      const rc = args.findIndex((w) => w.value === '--rcfile' || w.value === '--init-file');
      if (rc >= 0 && args[rc + 1]) {
        const f = args[rc + 1].value;
        if (f === null) setMeta(u, 'opaque', `${name} ${args[rc].value} sources a file only known at run time`);
        else host.reparse(`. '${f.replace(/'/g, "'\\''")}'`, within(u.ctx, `${name} ${args[rc].value}`), `${name} ${args[rc].value}`);
        args.splice(rc, 2);
      }
      const p = parseOpts(args, SHELL_OPTS, STOP_AT_POSITIONAL);
      const rest = args.slice(p.rest);
      setMeta(u, 'shell', true);
      if (p.has('n')) {
        setMeta(u, 'noexec', true); // `bash -n`: syntax check only
        return emit(host, u, words);
      }
      if (p.has('c')) {
        const payload = rest[0];
        if (!payload) return emit(host, u, words);
        if (payload.value === null) {
          setMeta(u, 'opaque', `${name} -c with a payload only known at run time`);
          return emit(host, u, words);
        }
        host.reparse(payload.value, within(u.ctx, `${name} -c`), `${name} -c`);
        return undefined;
      }
      if (rest.length > 0 && !p.has('s')) {
        setMeta(u, 'script', rest[0]); // `bash script.sh`: runs a file
        return emit(host, u, words);
      }
      // Reads its program from stdin.
      const shown = shellStdin(host, u, name);
      if (shown === true) return undefined;
      if (shown !== undefined) {
        setMeta(u, 'opaque', shown);
        return emit(host, u, words);
      }
      setMeta(u, 'stdinProgram', true);
      return emit(host, u, words);
    }

    if (name === 'eval') {
      const s = joinLiteral(args);
      if (s === null) {
        setMeta(u, 'opaque', 'eval of text only known at run time');
        return emit(host, u, words);
      }
      host.reparse(s, within(u.ctx, 'eval'), 'eval', true);
      return undefined;
    }

    if (name === 'alias' && args.length) {
      // Threat: an interactive shell (VS Code's agent terminal, which keeps its state between calls) expands an
      // alias where its name is typed later: `alias ls='rm -rf src'`, then `ls`. Its body is code that runs then,
      // with the words typed after it: judged now, followed by words only known at run time.
      for (const a of args) {
        const eq = a.value === null ? -1 : a.value.indexOf('=');
        if (a.value !== null && eq < 0) continue;
        if (a.value === null) {
          setMeta(u, 'opaque', 'an alias whose name or body is only known at run time');
          continue;
        }
        const body = a.value.slice(eq + 1);
        const shadow = shadowWhy(a.value.slice(0, eq), body, 'alias');
        if (shadow !== undefined) setMeta(u, 'opaque', shadow);
        // `alias python=python3`, `alias pip=pip3`: the same program under another name, nothing added; a later
        // `python x.py` is judged as the program it names, with the words typed then.
        const nm = a.value.slice(0, eq);
        const same = /^\s*[\w.+-]+\s*$/.test(body) && programOf(nm) !== undefined && programOf(normName(body.trim())) === programOf(nm);
        if (body.trim() && !same) host.reparse(`${body} "$@"`, within(u.ctx, 'alias'), 'alias');
      }
      return emit(host, u, words);
    }

    if (name === 'trap' && args.length >= 2 && args[0].value !== '-' && args[0].value !== '') {
      // The handler runs later in this same shell (EXIT, ERR…): judge it now.
      if (args[0].value === null) {
        setMeta(u, 'opaque', 'trap handler only known at run time');
        return emit(host, u, words);
      }
      host.reparse(args[0].value, within(u.ctx, 'trap'), 'trap');
      return emit(host, u, words);
    }

    if (name === 'watch') {
      const p = parseOpts(args, WATCH_OPTS, STOP_AT_POSITIONAL);
      const rest = args.slice(p.rest);
      if (rest.length === 0) return emit(host, u, words);
      if (p.has('x')) {
        words = wrap(u, 'watch', rest);
        continue;
      }
      const s = joinLiteral(rest);
      if (s === null) {
        setMeta(u, 'opaque', 'watch runs text only known at run time');
        return emit(host, u, words);
      }
      // watch runs the text again every interval, without end: a job it puts in the background piles up.
      host.openRepeat();
      host.reparse(s, within(u.ctx, 'watch'), 'watch');
      if (host.closeRepeat()) host.spawnLoop(`watch ${s}`);
      return undefined;
    }

    if (name === 'ssh') {
      const p = parseOpts(args, SSH_OPTS, STOP_AT_POSITIONAL);
      const rest = args.slice(p.rest + 1);
      const remote = within(u.ctx, 'ssh', true);
      // A config file of the agent's choosing: its ProxyCommand, LocalCommand and `Match exec` run commands here.
      for (let i = 0; i < p.rest; i++) {
        const v = args[i].value;
        const f = v === '-F' ? args[i + 1]?.value : v !== null && /^-F./.test(v) ? v.slice(2) : undefined;
        if (f === undefined) continue;
        if (f === null || !/^(~|\$HOME)\/\.ssh\/|^\/etc\/ssh\/|^\/dev\/null$/.test(f))
          setMeta(u, 'opaque', `ssh -F ${f ?? '…'} loads a configuration whose ProxyCommand, LocalCommand or Match exec run commands here`);
      }
      if (rest.length === 0) {
        if (u.stdin.kind === 'heredoc') host.reparse(u.stdin.body, remote, 'ssh <<');
        return emit(host, u, words);
      }
      const s = joinLiteral(rest);
      if (s === null) {
        setMeta(u, 'opaque', 'ssh runs a remote command only known at run time');
        return emit(host, u, words);
      }
      const self = emit(host, u, words);
      host.reparse(s, remote, 'ssh');
      return self;
    }

    if (name === 'kubectl' || name === 'oc') {
      const dd = words.findIndex((w) => w.value === '--');
      if (dd > 0 && words.slice(1, dd).some((w) => w.value === 'exec' || w.value === 'debug' || w.value === 'run' || w.value === 'attach')) {
        const self = emit(host, u, words.slice(0, dd));
        unwrapCommand(host, words.slice(dd + 1), u.rawAssigns, NO_REDIRS, u.rawStdin, u.text, within(u.ctx, 'kubectl exec', true));
        inputFromHere(host, u, words.slice(dd + 1), 'kubectl exec');
        return self;
      }
      return emit(host, u, words);
    }

    return emit(host, u, words);
  }
  return emit(host, u, words);
}

/** `command -v x` / `command -V x` look a name up and run nothing. */
function lookupOnly(words: W[]): boolean {
  for (let i = 1; i < words.length; i++) if (words[i].value === '-v' || words[i].value === '-V') return true;
  return false;
}

const NO_OPTS: Opt[] = [];

/** `npx rimraf@5 dist` runs rimraf. */
function stripPackageVersion(rest: W[]): W[] {
  const v = rest[0].value;
  if (v === null) return rest;
  const m = PACKAGE_AT_VERSION.exec(v);
  const w0 = rest[0];
  const name = m ? m[1] : v;
  // A scoped registry package (`npx @evil/create`) is no path in the folder: it stands for its published command
  // when it is a well-known one, else for an unmodelled program (its slash must not make it a project file).
  const scoped = /^@[^/@\s]+\/[^/@\s]+$/.test(name) ? (SCOPED_BINS[name] ?? name.replace('/', ':')) : undefined;
  if (scoped !== undefined) return [word(scoped, false, w0.text, undefined, w0.fromInput), ...rest.slice(1)];
  if (!m) return rest;
  return [word(m[1], w0.glob, w0.text, w0.path, w0.fromInput), ...rest.slice(1)];
}

/** Well-known scoped packages by the command they publish (`npx @angular/cli` runs `ng`). */
const SCOPED_BINS: Record<string, string> = {
  '@angular/cli': 'ng',
  '@nestjs/cli': 'nest',
  '@vue/cli': 'vue',
  '@biomejs/biome': 'biome',
  '@playwright/test': 'playwright',
  '@tailwindcss/cli': 'tailwindcss',
  '@changesets/cli': 'changeset',
  '@storybook/cli': 'storybook',
  '@sveltejs/kit': 'svelte-kit',
  '@remix-run/dev': 'remix',
  '@11ty/eleventy': 'eleventy',
  '@microsoft/api-extractor': 'api-extractor',
  '@commitlint/cli': 'commitlint',
  '@vitest/ui': 'vitest',
  '@typescript-eslint/parser': 'eslint',
};

/** xargs/parallel: arguments come from input; `{}`/-I replace string marks where. */
/** xargs/parallel's command is `echo` when none is given. */
const ECHO = [lit('echo')];

/** The inner command `words[from..end)`, one list made: `{}`/-I words become input words, or input is appended. */
function withInput(words: W[], from: number, end: number, repl: string | undefined, src: InputSource): W[] {
  if (repl !== undefined) {
    let used = false;
    const out = new Array<W>(end - from);
    for (let i = from; i < end; i++) {
      const w = words[i];
      if (i > from && w.value !== null && w.value.includes(repl)) {
        used = true;
        out[i - from] = inputWord(w.text, w.value === repl ? src : { kind: 'unknown', what: `${w.text} built from input` });
      } else out[i - from] = w;
    }
    if (used) return out;
  }
  const out = new Array<W>(end - from + 1);
  for (let i = from; i < end; i++) out[i - from] = words[i];
  out[end - from] = inputWord('{}', src);
  return out;
}

/** `parallel CMD ::: a b c`: the words after `:::` (files after `::::` are lists the guard cannot see). */
function parallelSource(words: W[], at: number): InputSource {
  if (words[at].value === '::::') return { kind: 'unknown', what: 'a list file' };
  const vs: string[] = [];
  for (let i = at + 1; i < words.length; i++) {
    const v = words[i].value;
    if (v === ':::' || v === '::::' || v === ':::+' || v === '::::+') continue;
    if (v === null || words[i].glob) return { kind: 'unknown', what: 'input words only known at run time' };
    vs.push(words[i].path ?? v);
  }
  return { kind: 'words', words: vs };
}

const FIND_EXEC = ['-exec', '-execdir', '-ok', '-okdir'];
const FD_EXEC = ['-x', '--exec', '-X', '--exec-batch'];
const NO_SEGMENTS: { label: string; words: W[] }[] = [];

/** find -exec/-execdir/-ok/-okdir … ; or +, and fd -x/-X: the inner commands, `{}` being each found file. */
function execSegments(name: string, words: W[], src: InputSource): { label: string; words: W[] }[] {
  let out = NO_SEGMENTS;
  const starts = name === 'find' ? FIND_EXEC : FD_EXEC;
  for (let i = 1; i < words.length; i++) {
    const v = words[i].value;
    if (v === null || !starts.includes(v)) continue;
    const seg: W[] = [];
    let j = i + 1;
    for (; j < words.length; j++) {
      const a = words[j].value;
      if (name === 'find' && (a === ';' || a === '+')) break;
      seg.push(words[j]);
    }
    const hasBraces = seg.some((w) => w.value !== null && w.value.includes('{}'));
    const inner = seg.map((w, k) =>
      k > 0 && w.value !== null && w.value.includes('{}')
        ? inputWord(w.text, w.value === '{}' ? src : { kind: 'unknown', what: `${w.text} built from found names` })
        : w,
    );
    if (!hasBraces && name !== 'find') inner.push(inputWord('{}', src));
    if (inner.length) {
      if (out === NO_SEGMENTS) out = [];
      out.push({ label: `${name} ${v}`, words: inner });
    }
    i = j;
  }
  return out;
}

/** docker run IMAGE CMD…, docker exec CTR CMD…, docker compose run|exec SVC CMD…: the inner command words. */
function containerInner(words: W[]): W[] | undefined {
  let v = 1; // the verb, after `compose` or `container`
  if (words[1].value === 'compose' || words[1].value === 'container') v = 2;
  const verb = words[v]?.value;
  if (verb !== 'run' && verb !== 'exec') return undefined;
  const p = parseOpts(words, DOCKER_RUN_OPTS, STOP_AT_POSITIONAL, v + 1);
  return words.slice(p.rest + 1);
}

/** A container's bind mounts (`-v SRC:DST`, `--mount type=bind,source=,target=`) and working directory. */
function containerMounts(words: W[], cwd: string | null): { mounts: [string, string][] | undefined; workdir: string } {
  let mounts: [string, string][] | undefined;
  let workdir = '/';
  const host = (p: string): string | undefined => (p.startsWith('/') ? p : cwd !== null && /^\.\.?(\/|$)/.test(p) ? `${cwd}/${p}` : undefined);
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    const v = w.value ?? w.path ?? null;
    if (v === null) continue;
    let spec: string | undefined;
    let kind: 'v' | 'mount' | 'w' | undefined;
    if (v === '-v' || v === '--volume') ((spec = words[i + 1]?.value ?? words[i + 1]?.path), (kind = 'v'));
    else if (v.startsWith('--volume=')) ((spec = v.slice(9)), (kind = 'v'));
    else if (/^-v./.test(v)) ((spec = v.slice(2)), (kind = 'v'));
    else if (v === '--mount') ((spec = words[i + 1]?.value ?? words[i + 1]?.path), (kind = 'mount'));
    else if (v.startsWith('--mount=')) ((spec = v.slice(8)), (kind = 'mount'));
    else if (v === '-w' || v === '--workdir') ((spec = words[i + 1]?.value ?? words[i + 1]?.path), (kind = 'w'));
    else if (v.startsWith('--workdir=')) ((spec = v.slice(10)), (kind = 'w'));
    if (kind === undefined || spec === undefined) continue;
    if (kind === 'w') workdir = spec;
    else if (kind === 'v') {
      const [src, dst] = spec.split(':');
      const h = src ? host(src) : undefined;
      if (h && dst) (mounts ??= []).push([dst, h]);
    } else {
      const kv = new Map(spec.split(',').map((x) => [x.split('=')[0], x.slice(x.indexOf('=') + 1)] as const));
      const src = kv.get('source') ?? kv.get('src');
      const dst = kv.get('target') ?? kv.get('destination') ?? kv.get('dst');
      const h = src ? host(src) : undefined;
      if (h && dst) (mounts ??= []).push([dst, h]);
    }
  }
  return { mounts, workdir };
}

export { KUBECTL_EXEC_OPTS };

const GIT_GLOBAL = [
  O('C', 'C', undefined, true),
  O('c', 'c', undefined, true),
  O('gd', '', ['git-dir', 'work-tree', 'namespace', 'super-prefix', 'config-env', 'exec-path', 'list-cmds', 'attr-source'], true),
  O('x', 'pPh', [
    'paginate',
    'no-pager',
    'bare',
    'no-replace-objects',
    'literal-pathspecs',
    'glob-pathspecs',
    'noglob-pathspecs',
    'icase-pathspecs',
    'no-optional-locks',
    'no-lazy-fetch',
    'no-advice',
    'html-path',
    'man-path',
    'info-path',
    'version',
    'help',
  ]),
];

/** git settings whose value is a file git reads. */
const GIT_FILE_KEY = /(file|\.template|\.sslcert|\.sslkey|\.sslcainfo|\.sslcapath|\.cookiefile|\.allowedsignersfile|\.revocationfile)$/;

const GIT_GLOBAL_CFG: OptConfig = { stopAtPositional: true, abbreviations: false };

/** git's global options come before the subcommand: `git -C x -c k=v --no-pager reset --hard`. */
function gitUnwrap(host: UnwrapHost, u: Unwrapping, words: W[]): Sub {
  const p = parseOpts(words, GIT_GLOBAL, GIT_GLOBAL_CFG, 1);
  // Most git commands carry no -c: they share the empty config (read-only, like the other shared empties).
  let config = NO_CONFIG;
  const kvs = p.get('c');
  if (kvs) {
    config = {};
    for (const kv of kvs) {
      if (kv === null) {
        setMeta(u, 'opaque', 'git -c with a value only known at run time');
        continue;
      }
      const eq = kv.indexOf('=');
      const key = (eq >= 0 ? kv.slice(0, eq) : kv).toLowerCase();
      config[key] = eq >= 0 ? kv.slice(eq + 1) : 'true';
      // Settings that name a file git reads (`blame.ignoreRevsFile=.env` prints its lines in the error it gives,
      // `http.sslKey=secrets/x.pem`): the file is read.
      if (eq >= 0 && GIT_FILE_KEY.test(key) && kv.length > eq + 1)
        (u.extra ??= []).push({
          op: 'read',
          w: undefined,
          p: kv.slice(eq + 1),
          how: `git -c ${key}`,
          flags: 0,
          base: undefined,
          to: undefined,
          names: undefined,
        });
    }
  }
  // Recorded only when given: most git commands carry neither, and then need no meta object at all.
  if (config !== NO_CONFIG) setMeta(u, 'gitConfig', config);
  const dir = p.first('C');
  if (dir !== undefined) setMeta(u, 'gitDir', dir);
  // Options that make git run other programs or read another configuration.
  for (let i = 1; i < p.rest; i++) {
    const v = words[i].value;
    if (v === null) continue;
    if (/^--(exec-path|config-env)(=|$)/.test(v)) setMeta(u, 'gitUnknown', `git ${v.split('=')[0]} makes git run programs or settings from elsewhere`);
    if (/^--(git-dir|work-tree)(=|$)/.test(v)) {
      const val = v.includes('=') ? v.slice(v.indexOf('=') + 1) : words[i + 1]?.value;
      if (val === null || val === undefined) setMeta(u, 'gitUnknown', `git ${v.split('=')[0]} with a value only known at run time`);
    }
  }
  // `git <subcommand> <args>` without the global options (as written when there were none).
  let norm = p.rest === 1 ? words : [words[0], ...words.slice(p.rest)];
  const subcmd = norm[1]?.value;
  if (subcmd === undefined || subcmd === null) return emit(host, u, norm);
  // `git config alias.x '…'` on this line makes `git x` mean that later on the line.
  if (subcmd === 'config' || subcmd === 'alias') {
    const vals = norm.slice(2).filter((w) => w.value === null || !w.value.startsWith('-'));
    const k = vals[0]?.value;
    if (k && ALIAS_KEY.test(k) && vals[1]) (host.gitAliases ??= new Map()).set(k.slice(6).toLowerCase(), vals[1].value ?? '!$dynamic');
  }
  const alias = gitAlias(host, config, subcmd);
  if (alias !== undefined) {
    if (alias === null || alias === '!$dynamic') {
      setMeta(u, 'opaque', `git alias ${subcmd} is only known at run time`);
      return emit(host, u, norm);
    }
    if (alias.startsWith('!')) {
      const tail = joinLiteral(norm.slice(2));
      // Before emit: the registered sub-command takes the wrapper facts as they are then (a later write was lost).
      if (tail === null) setMeta(u, 'opaque', `git alias ${subcmd} runs a shell command with run-time arguments`);
      const self = emit(host, u, norm);
      host.reparse(alias.slice(1) + (tail ? ' ' + tail : ''), within(u.ctx, `git alias ${subcmd}`), 'git alias');
      return self;
    }
    const expanded = alias.split(/\s+/).filter(Boolean).map(lit);
    return (
      unwrapCommand(host, [words[0], ...expanded, ...norm.slice(2)], u.rawAssigns, u.redirects, u.stdin, u.text, within(u.ctx, `git alias ${subcmd}`)) ??
      emit(host, u, norm)
    );
  }
  norm = fullGitLongs(u, norm, subcmd);
  // git rebase -x/--exec CMD and git bisect run CMD run shell commands.
  if (subcmd === 'rebase') {
    for (let i = 2; i < norm.length; i++) {
      const v = norm[i].value;
      let cmd: string | null | undefined;
      if (v === '-x' || v === '--exec') cmd = norm[i + 1]?.value;
      else if (v?.startsWith('--exec=')) cmd = v.slice(7);
      else if (v?.startsWith('-x') && v.length > 2) cmd = v.slice(2);
      if (cmd === null) setMeta(u, 'opaque', 'git rebase --exec with a run-time command');
      else if (cmd) host.reparse(cmd, within(u.ctx, 'git rebase --exec'), 'git rebase --exec');
    }
  }
  if (subcmd === 'bisect' && norm[2]?.value === 'run' && norm.length > 3) {
    const self = emit(host, u, norm);
    unwrapCommand(host, norm.slice(3), u.rawAssigns, NO_REDIRS, u.rawStdin, u.text, within(u.ctx, 'git bisect run'));
    return self;
  }
  return emit(host, u, norm);
}

const ALIAS_KEY = /^alias\./i;

/**
 * git's words with each abbreviated long option spelled out (`git checkout --for` → --force, `git gc --prun=now` →
 * --prune=now), as git's parse-options reads them (gitopts.ts), up to `--`. A prefix of several options git refuses,
 * and the guard cannot say which was meant: asked.
 */
function fullGitLongs(u: Unwrapping, norm: W[], subcmd: string): W[] {
  const verb = norm[2]?.value;
  const stashVerb = subcmd === 'stash' && (verb === undefined || verb === null || verb.startsWith('-'));
  const cmd = stashVerb ? 'stash push' : verb && gitHasVerb(subcmd, verb) ? `${subcmd} ${verb}` : subcmd;
  let out: W[] | undefined;
  for (let i = cmd.includes(' ') && !stashVerb ? 3 : 2; i < norm.length; i++) {
    const v = norm[i].value;
    if (v === '--') break;
    if (v === null || !v.startsWith('--') || v.length < 3) continue;
    const full = gitLongOption(cmd, v);
    if (full === undefined) return norm;
    if (full === null) {
      setMeta(u, 'opaque', `git ${cmd} ${v}: an abbreviation of several of git's options`);
      continue;
    }
    if (full !== v) (out ??= norm.slice())[i] = { ...norm[i], value: full };
  }
  return out ?? norm;
}

/** What `git <subcmd>` is an alias for: from `-c alias.x=…`, or `git config alias.x` earlier on the line. */
function gitAlias(host: UnwrapHost, config: Record<string, string | null>, subcmd: string): string | null | undefined {
  if (config === NO_CONFIG && host.gitAliases === undefined) return undefined; // nearly always: no string built
  const key = subcmd.toLowerCase();
  return config[`alias.${key}`] ?? host.gitAliases?.get(key);
}

/** `echo 'rm -rf x' | sh`: the program text, when the producer is a plain echo/printf of literals. */
/**
 * A shell reading its program from its input (`| bash`, `bash <<EOF`, `script` without -c): the text judged as
 * commands when the line shows it (true); why not when it is only known at run time; undefined when not shown.
 */
function shellStdin(host: UnwrapHost, u: Unwrapping, name: string): true | string | undefined {
  const stdin = u.stdin;
  if (stdin.kind === 'heredoc') {
    host.reparse(stdin.body, within(u.ctx, `${name} <<`), `${name} <<`);
    return true;
  }
  if (stdin.kind === 'herestring') {
    if (stdin.value === null) return `${name} runs a here-string only known at run time`;
    host.reparse(stdin.value, within(u.ctx, `${name} <<<`), `${name} <<<`);
    return true;
  }
  if (stdin.kind === 'pipe' && stdin.from) {
    const shown = echoedText(stdin.from);
    if (shown !== undefined) {
      host.reparse(shown, within(u.ctx, `| ${name}`), `| ${name}`);
      return true;
    }
  }
  return undefined;
}

function echoedText(from: Sub): string | undefined {
  if (from.name === 'cat' && from.words.length === 1 && from.stdin.kind === 'heredoc') return from.stdin.body;
  if (from.name === 'cat' && from.words.length === 1 && from.stdin.kind === 'herestring' && from.stdin.value !== null) return from.stdin.value;
  if (from.name !== 'echo' && from.name !== 'printf') return undefined;
  const args = from.words.slice(1);
  if (args.some((w) => w.value === null)) return undefined;
  // printf's format and echo -e's escapes (`printf '\162\155 -rf b'` is `rm -rf b`) as bash prints them.
  if (from.name === 'printf') return printfText(args.map((w) => w.value!)) ?? undefined;
  const opts = args[0] !== undefined && /^-[neE]+$/.test(args[0].value!) ? args[0].value! : '';
  const rest = opts ? args.slice(1) : args;
  const s = joinLiteral(rest);
  if (s === null) return undefined;
  return opts.includes('e') ? unescapeC(s) : s;
}

/** Bash builtins and keywords a function or alias may shadow (besides the programs the tables know). */
const SHELL_BUILTINS = new Set(
  (
    'cd pushd popd dirs test [ [[ echo printf read mapfile readarray source . exec eval set unset export declare typeset local readonly ' +
    'shopt alias unalias builtin command type hash true false : exit return trap wait kill jobs fg bg disown umask ulimit enable let ' +
    'shift getopts times history fc caller compgen complete help logout suspend time'
  ).split(' '),
);

/**
 * Threat: a function or alias named after a program the guard judges by name, whose body runs something else
 * (`alias pytest=true`, `npm(){ echo ok; }`, `function jest { true; }`, `git(){ :; }`, `cd(){ :; }`): every later
 * `pytest` typed in that terminal is a vacuous run that reads as the test suite, and what a later line names no
 * longer says what it runs. The definition is a write to what the guard judges later, so it is asked; a wrapper
 * that still runs the program (`alias ls='ls --color'`, `git(){ command git "$@"; }`, `alias python=python3`: the
 * same program row) is not a shadow. Returns why, or undefined.
 */
export function shadowWhy(name: string, body: string, kind: 'alias' | 'function' | 'file'): string | undefined {
  if (!/^[\w.:[-]+$/.test(name)) return undefined;
  const own = programOf(name);
  if (own === undefined && !SHELL_BUILTINS.has(name)) return undefined;
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Runs the name itself: a command word (after `command`, `builtin`, `exec`, `\`, or a path ending in it).
  const runsIt = new RegExp(
    String.raw`(?:^|[\n;|&({!]|\bthen|\bdo|\belse)\s*(?:(?:command|builtin|exec|env|time|nice|sudo)\s+(?:-\S+\s+)*)?\\?(?:[^\s;|&()]*\/)?${esc}(?=$|[\s;|&)}])`,
  );
  const text = body.replace(/^\s*\{/, '').replace(/\}\s*$/, '');
  if (runsIt.test(text)) return undefined;
  // The same program under another name (`alias python=python3`, `alias pip=pip3`): still the program.
  const first = /^\s*(?:\\)?([^\s;|&()'"$`]+)/.exec(text)?.[1];
  if (first !== undefined && own !== undefined && programOf(normName(first)) === own) return undefined;
  if (kind === 'file')
    return `this ${name} stands in for the program ${name} with code that does not run it (a test run that checks nothing reads as the real one)`;
  return `${kind === 'alias' ? `alias ${name}=…` : `${name}()`} shadows the program ${name} with code that does not run it: a later \`${name}\` in this terminal runs that code instead (a test run that checks nothing reads as the real one)`;
}
