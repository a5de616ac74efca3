// Where a list of file names read from input comes from (xargs, find -exec `{}`, `while read f`):
// `find src -name '*.ts' | xargs cat` reads the .ts files under src; `git ls-files | xargs cat` reads the
// tracked files here; `echo a b | xargs rm` deletes a and b; `cat list.txt | xargs cat` reads files the
// guard cannot see. Threat: a reader handed `.env` through a pipe (`ls -a | xargs cat`).
import type { InputSource, Stdin, Sub, W } from './types';

const FILTERS = new Set([
  'grep',
  'egrep',
  'fgrep',
  'head',
  'tail',
  'sort',
  'uniq',
  'sed',
  'awk',
  'gawk',
  'cut',
  'tr',
  'tee',
  'cat',
  'tac',
  'rev',
  'nl',
  'column',
]);
const NO_NAMES = undefined;

/** The input source of a command's stdin (for a wrapper that turns input lines into arguments). */
export function sourceOfStdin(stdin: Stdin, cwd: string | null): InputSource {
  switch (stdin.kind) {
    case 'none':
      return { kind: 'unknown', what: 'the terminal' };
    case 'file':
      return { kind: 'unknown', what: `the list in ${stdin.path.text}` };
    case 'heredoc':
      return !stdin.quoted && /[$`\\]/.test(stdin.body)
        ? { kind: 'unknown', what: 'a here-document with expansions' }
        : { kind: 'words', words: split(stdin.body) };
    case 'herestring':
      return stdin.value === null ? { kind: 'unknown', what: 'a here-string only known at run time' } : { kind: 'words', words: split(stdin.value) };
    case 'pipe':
      return stdin.from ? sourceOfSub(stdin.from, 0) : { kind: 'unknown', what: 'a pipe' };
  }
}

function split(s: string): string[] {
  return s.split(/\s+/).filter(Boolean);
}

/** What a producer's output lists. */
/** fd's value options (their values are no operands). */
const FD_VALUE_OPT =
  /^(-e|--extension|-t|--type|-E|--exclude|-d|--max-depth|--min-depth|--exact-depth|-S|--size|--changed-within|--changed-before|-j|--threads|-c|--color|--ignore-file|--base-directory|--owner|--path-separator|--batch-size|--max-results|--format)$/;

/** fd's pattern and search paths: option values skipped, and nothing from -x/-X on (that is the command it runs). */
function fdOperands(ws: readonly W[]): W[] {
  const out: W[] = [];
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && /^(-x|--exec|-X|--exec-batch)$/.test(v)) break;
    if (v !== null && FD_VALUE_OPT.test(v)) i++;
    else if (v === null || !v.startsWith('-')) out.push(ws[i]);
  }
  return out;
}

/** `fd -e md -e txt`: only files with those extensions are found (`*.md`, `*.txt`); none given, every file. */
function fdExtensions(ws: readonly W[]): string[] | undefined {
  const out: string[] = [];
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && /^(-x|--exec|-X|--exec-batch)$/.test(v)) break;
    const e = v === '-e' || v === '--extension' ? ws[i + 1]?.value : v?.startsWith('--extension=') ? v.slice(12) : undefined;
    if (e === null) return NO_NAMES; // an extension only known at run time: any file
    if (e !== undefined) out.push(`*.${e.replace(/^\./, '')}`);
  }
  return out.length ? out : NO_NAMES;
}

export function sourceOfSub(s: Sub, depth: number): InputSource {
  const name = s.name;
  const ws = s.words;
  if (name === null) return { kind: 'unknown', what: `the output of ${ws[0]?.text ?? 'a command'}` };
  if (name === 'find' || name === 'gfind' || name === 'bfs') return findSource(ws, s.cwd);
  if (name === 'echo' || name === 'printf') {
    const args = ws.slice(1).filter((w, i) => !(i === 0 && w.value !== null && /^-[neE]+$/.test(w.value)));
    if (args.some((w) => w.value === null || w.glob)) return { kind: 'unknown', what: `the output of ${name}` };
    const text = args.map((w) => w.value!).join(' ');
    return /\\|%/.test(text) ? { kind: 'unknown', what: `the output of ${name}` } : { kind: 'words', words: split(text) };
  }
  if (name === 'git') {
    const src = gitSource(ws, s.cwd);
    if (src.kind === 'files' && Object.keys(s.assigns ?? {}).some((k) => k.startsWith('GIT_'))) delete src.tracked;
    return src;
  }
  if (name === 'rg' || name === 'ag') return searchSource(name, ws, s.cwd);
  if (name === 'ls' || name === 'fd' || name === 'fdfind' || name === 'tree' || name === 'du') {
    const args = name === 'fd' || name === 'fdfind' ? fdOperands(ws) : ws.slice(1).filter((w) => w.value === null || !w.value.startsWith('-'));
    if (args.some((w) => w.value === null && !w.glob)) return { kind: 'unknown', what: `the output of ${name}` };
    // fd takes a pattern first: a regex (any name), or with -g/--glob a glob on the base name.
    const fd = name === 'fd' || name === 'fdfind';
    const skip = fd && args.length ? 1 : 0;
    const operands = args.slice(skip);
    let names = fd ? fdExtensions(ws) : NO_NAMES;
    if (
      fd &&
      names === NO_NAMES &&
      args.length &&
      ws.some((w) => w.value === '-g' || w.value === '--glob') &&
      !ws.some((w) => w.value === '-p' || w.value === '--full-path')
    ) {
      const g = args[0].value;
      if (g !== null && !g.includes('/')) names = [g];
    }
    const out: InputSource = { kind: 'files', dirs: operands.length ? operands.map((w) => w.path ?? w.value!) : ['.'], names, cwd: s.cwd };
    // `ls */*.ts`, `ls -d t*`: the shell's glob picks the operands, so each is a pattern over the tree.
    if (operands.some((w) => w.glob)) out.globs = operands.map((w) => w.glob);
    // An option the table does not know may take the next word as its value: the word read as a folder would
    // narrow the list to a folder it never came from, so the working directory is in reach too.
    const known = fd ? FD_KNOWN : LIST_FLAGS[name];
    if (ws.slice(1).some((w) => w.value !== null && w.value.startsWith('-') && w.value !== '-' && !known.test(w.value))) out.dirs.push('.');
    return out;
  }
  if (name === 'grep' || name === 'egrep' || name === 'fgrep') {
    const g = scanGrep(ws);
    if (g !== undefined && g.lists) {
      if (g.files.some((w) => w.value === null && !w.glob)) return { kind: 'unknown', what: `the output of ${name}` };
      if (g.files.length === 0 && !g.recursive) return { kind: 'unknown', what: `the output of ${name} on its input` };
      const out: InputSource = {
        kind: 'files',
        dirs: g.files.length ? g.files.map((w) => w.path ?? w.value!) : ['.'],
        names: g.include.length && g.include.every((x) => !x.includes('/')) ? g.include : NO_NAMES,
        cwd: s.cwd,
      };
      if (g.files.some((w) => w.glob)) out.globs = g.files.map((w) => w.glob);
      return out;
    }
  }
  // A filter passes its own input through (`find … | grep -v x | xargs cat`): its output is some of the lines it
  // was given, so the list is at most the producer's.
  if (FILTERS.has(name) && depth < 8) {
    const hasFiles = filterHasFiles(name, ws);
    if (hasFiles === false && s.stdin.kind === 'pipe' && s.stdin.from) return sourceOfSub(s.stdin.from, depth + 1);
    if (hasFiles === false && s.stdin.kind !== 'pipe') return sourceOfStdin(s.stdin, s.cwd);
  }
  return { kind: 'unknown', what: `the output of ${name}` };
}

/** find's start points and -name/-iname filters (any name when it also tests paths or negates). */
export function findSource(ws: readonly W[], cwd: string | null): InputSource {
  let i = 1;
  // -L (the last of -H/-L/-P) or -follow: the walk descends into links to folders.
  let follow = false;
  for (; i < ws.length && ws[i].value !== null && /^-[HLP]$/.test(ws[i].value!); i++) follow = ws[i].value === '-L';
  if (ws.some((w) => w.value === null || w.value === '-follow')) follow = true;
  const descends = follow ? true : undefined;
  const dirs: string[] = [];
  for (; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return { kind: 'unknown', what: `find from ${ws[i].text}` };
    if (v.startsWith('-') || v === '(' || v === '!' || v === ',') break;
    dirs.push(ws[i].path ?? v);
  }
  let names: string[] | undefined = [];
  // A plain AND chain (no -o, `,` or parentheses): every test narrows, so a positive -name bounds the output
  // whatever else it says (`-name '*.ts' -not -path './node_modules/*'`); a negated -name bounds nothing.
  const tail = ws.slice(i);
  const end = tail.findIndex((w) => w.value !== null && /^-(exec|execdir|ok|okdir)$/.test(w.value));
  const expr = end < 0 ? tail : tail.slice(0, end);
  if (expr.every((w) => w.value !== null && !/^(-o|-or|,|\(|\))$/.test(w.value))) {
    for (let k = 0; k < expr.length; k++) {
      const v = expr[k].value;
      if ((v === '-name' || v === '-iname') && !/^(!|-not)$/.test(expr[k - 1]?.value ?? '')) {
        const p = expr[k + 1]?.value;
        if (typeof p === 'string') names.push(v === '-iname' ? p.toLowerCase() : p);
        k++;
      }
    }
    if (names.length) return { kind: 'files', dirs: dirs.length ? dirs : ['.'], names, cwd, descends };
    names = [];
  }
  for (; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === '-exec' || v === '-execdir' || v === '-ok' || v === '-okdir') break;
    if (v === '-name' || v === '-iname') {
      const p = ws[i + 1]?.value;
      if (p === null || p === undefined) names = undefined;
      else names?.push(v === '-iname' ? p.toLowerCase() : p);
      i++;
    } else if (v === null || /^(!|-not|-path|-ipath|-wholename|-iwholename|-regex|-iregex|-lname|-ilname)$/.test(v)) names = undefined;
  }
  return { kind: 'files', dirs: dirs.length ? dirs : ['.'], names: names && names.length ? names : undefined, cwd, descends };
}

/** ls, tree and du options that take no value (`ls -I tests` lists the working directory, not tests). */
const LIST_FLAGS: Record<string, RegExp> = {
  ls: /^-[aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1]+$|^--[a-z-]+=.*$|^--(all|almost-all|recursive|directory|human-readable|reverse|classify|dereference|inode|numeric-uid-gid|size|literal|escape|quote-name|group-directories-first|full-time|no-group|si|author|context)$/,
  tree: /^-[adfilsugpDFrtvUNQCASnxJ]+$|^--[a-z-]+=.*$|^--(noreport|dirsfirst|filesfirst|prune|du|inodes|device|gitignore|matchdirs|ignore-case)$/,
  du: /^-[ahcsSxLPbklmHD0]+$|^--[a-z-]+=.*$|^--(all|apparent-size|bytes|summarize|human-readable|si|total|count-links|dereference|separate-dirs|one-file-system|null)$/,
};

/** fd's options the reading above knows (flags, and the value options of FD_VALUE_OPT). */
const FD_KNOWN =
  /^(-[HIiLsSpFgaulx0AXedEtcjoh]+|--(hidden|no-ignore|no-ignore-vcs|case-sensitive|ignore-case|glob|regex|fixed-strings|absolute-path|list-details|follow|full-path|print0|show-errors|one-file-system|prune|quiet|help|version|extension|type|exclude|max-depth|min-depth|exact-depth|size|changed-within|changed-before|threads|color|ignore-file|base-directory|owner|path-separator|batch-size|max-results|format|exec|exec-batch)(=.*)?)$/;

/**
 * The files a git pathspec can match: the folder before its first wildcard, and the base names under it. Git's
 * `*` crosses `/` (`*.ts` matches tests/a.test.ts), so a base name is only bounded by the literal tail after the
 * pattern's last wildcard (`src/*.test.ts` → *.test.ts under src; `*test*` → any name). undefined: a magic
 * pathspec (`:(glob)`, `:/`, `:!x`) the guard does not read.
 */
export function pathspecReach(spec: string): { dir: string; names: string[] | undefined } | undefined {
  if (spec.startsWith(':')) return undefined;
  const wild = spec.search(/[*?[\\]/);
  if (wild < 0) return { dir: spec === '' ? '.' : spec, names: NO_NAMES };
  const slash = spec.lastIndexOf('/', wild);
  const dir = slash < 0 ? '.' : spec.slice(0, slash) || '/';
  const rest = spec.slice(slash + 1);
  const base = rest.slice(rest.lastIndexOf('/') + 1);
  let last = -1;
  for (let i = 0; i < base.length; i++) if ('*?[]\\'.includes(base[i])) last = i;
  if (last < 0) return { dir, names: [base] };
  const tail = base.slice(last + 1);
  return { dir, names: tail === '' ? NO_NAMES : ['*' + tail] };
}

/** git's global options that change nothing of what a listing prints. */
const GIT_GLOBAL_FLAG = /^(--no-pager|-P|--paginate|-p|--no-replace-objects|--no-optional-locks|--glob-pathspecs|--no-lazy-fetch)$/;
/** git options whose value is the next word, for the listing verbs. */
const GIT_LIST_VALUE = /^(-x|--exclude|-X|--exclude-from|--exclude-per-directory|--format|--with-tree)$/;
/** The git verbs that print file names, and whether they read revisions before `--` (then only `--` marks paths). */
const GIT_LISTERS: Record<string, 'paths' | 'tree' | 'revs'> = {
  'ls-files': 'paths',
  status: 'paths',
  'ls-tree': 'tree',
  diff: 'revs',
  'diff-tree': 'revs',
  'diff-index': 'revs',
  'diff-files': 'paths',
  log: 'revs',
  show: 'revs',
  whatchanged: 'revs',
  grep: 'revs',
};

/**
 * `git ls-files '*.ts'`, `git diff --name-only -- src`, `git grep -l x`: the files of the repository under the
 * pathspecs (every file when there is none). A pathspec that may be a revision (`git diff HEAD~1`) is no folder:
 * without `--`, the verbs that read revisions reach the whole repository.
 */
function gitSource(ws: readonly W[], cwd: string | null): InputSource {
  let i = 1;
  for (; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return { kind: 'unknown', what: 'the output of git' };
    if (v === '-c') i++;
    else if (!GIT_GLOBAL_FLAG.test(v)) break;
  }
  const verb = ws[i]?.value;
  const kind = verb ? GIT_LISTERS[verb] : undefined;
  if (kind === undefined) return { kind: 'unknown', what: `the output of git ${verb ?? ''}`.trimEnd() };
  const specs: string[] = [];
  const positional: string[] = [];
  let dashdash = false;
  for (let k = i + 1; k < ws.length; k++) {
    const w = ws[k];
    const v = w.path ?? w.value;
    if (v === null || v === undefined) return { kind: 'unknown', what: `the output of git ${verb}` };
    if (dashdash) specs.push(v);
    else if (v === '--') dashdash = true;
    else if (v.startsWith('-') && v !== '-') {
      // Only ls-files and ls-tree read positionals before `--` as paths here: only their value options matter.
      if ((verb === 'ls-files' || verb === 'ls-tree') && GIT_LIST_VALUE.test(v)) k++;
      // Pathspecs taken as literal or case-blind, or paths printed from the top: not the names read here.
      if (/^--(icase-pathspecs|literal-pathspecs|full-name|others|ignored|directory)$|^-[a-zA-Z]*[oi]/.test(v) && verb === 'ls-files') positional.push('.');
    } else positional.push(v);
  }
  if (kind === 'paths') specs.push(...positional);
  else if (kind === 'tree') specs.push(...positional.slice(1));
  const dirs: string[] = [];
  let names: string[] | undefined = [];
  const held = gitHeldOnly(verb!, ws.slice(i + 1));
  const tracked = held ? { tracked: true } : {};
  if (specs.length === 0) return { kind: 'files', dirs: ['.'], names: NO_NAMES, cwd, ...tracked };
  for (const sp of specs) {
    const r = pathspecReach(sp);
    if (r === undefined) return { kind: 'unknown', what: `the output of git ${verb} ${sp}` };
    if (!dirs.includes(r.dir)) dirs.push(r.dir);
    if (r.names === undefined) names = undefined;
    else if (names !== undefined) names.push(...r.names);
  }
  return { kind: 'files', dirs, names: names && names.length ? names : NO_NAMES, cwd, ...tracked };
}

/** Options with which a git listing may name a file git does not hold (untracked, ignored, another disk, a submodule's). */
const GIT_UNHELD_OPT =
  /^--(?:no-index|untracked|others|ignored|directory|with-tree|recurse-submodules|submodule|reflog|walk-reflogs|stdin|unpacked|alternate-refs|exclude-standard|output)/;
/** A revision git reaches from its refs (a branch, a tag, HEAD, `~`/`^` steps, `..` ranges): no object id, reflog entry or `rev:path`. */
const REACHABLE_REV = /^(?:[A-Za-z_][\w./-]*?(?:[~^]\d*)*)?$/;

/**
 * The git listings that print only files git holds, in its index or in a commit reachable from its refs (what the
 * probe's `gitTracked` lists): `git ls-files`, `git diff --name-only`, `git log --name-only`, `git grep -l`. Not
 * `git status` (untracked files), `ls-files -o`/`-i`, `diff --no-index`, `grep --untracked`, a reflog walk or an
 * object id (a commit no ref reaches), a submodule's files.
 */
function gitHeldOnly(verb: string, rest: readonly W[]): boolean {
  if (verb === 'status') return false;
  // Which positionals are revisions: none for ls-files and diff-files (paths), the first for ls-tree, all but
  // grep's pattern, every one for the verbs that read revisions before `--` (a path there is checked as one too).
  let skip = verb === 'grep' && !rest.some((w) => w.value !== null && /^(?:-[a-zA-Z]*[ef]|--regexp|--file)/.test(w.value)) ? 1 : 0;
  let seen = 0;
  for (const w of rest) {
    const v = w.value;
    if (v === null) return false;
    if (v === '--') break;
    if (GIT_UNHELD_OPT.test(v)) return false;
    if (/^-[a-zA-Z]+$/.test(v) && ((verb === 'ls-files' && /[oi]/.test(v)) || (/^(?:log|show|whatchanged)$/.test(verb) && v.includes('g')))) return false;
    if (v.startsWith('-')) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    if (verb === 'ls-files' || verb === 'diff-files' || (verb === 'ls-tree' && seen++ > 0)) continue;
    if (!v.split(/\.\.\.?/).every((r) => REACHABLE_REV.test(r) && !/^[0-9a-f]{7,64}$/i.test(r))) return false;
  }
  return true;
}

/** grep's options that take the next word (or the rest of a group) as their value. */
const GREP_SHORT_VALUE = 'efmABCdD';
const GREP_LONG_VALUE =
  /^--(regexp|file|max-count|after-context|before-context|context|directories|devices|include|exclude|exclude-from|exclude-dir|label|binary-files|group-separator)$/;
const GREP_LONG_FLAG =
  /^--(count|files-with-matches|files-without-match|ignore-case|no-ignore-case|invert-match|word-regexp|line-regexp|line-number|recursive|dereference-recursive|no-filename|with-filename|null|null-data|quiet|silent|no-messages|text|byte-offset|only-matching|perl-regexp|extended-regexp|fixed-strings|basic-regexp|line-buffered|binary|initial-tab|color|colour|no-group-separator|unix-byte-offsets)$/;

/** A grep command read as its own getopt would: pattern, files, whether it prints file names and recurses. */
function scanGrep(ws: readonly W[]): { files: W[]; include: string[]; lists: boolean; recursive: boolean } | undefined {
  const files: W[] = [];
  const include: string[] = [];
  let pattern = false;
  let lists = false;
  let recursive = false;
  let opts = true;
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (!opts || v === null || !v.startsWith('-') || v === '-') {
      files.push(w);
      continue;
    }
    if (v === '--') {
      opts = false;
      continue;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const opt = eq > 0 ? v.slice(0, eq) : v;
      let val: string | null | undefined = eq > 0 ? v.slice(eq + 1) : undefined;
      if (GREP_LONG_VALUE.test(opt)) val ??= ws[++i]?.value;
      else if (!GREP_LONG_FLAG.test(opt)) return undefined;
      if (opt === '--regexp' || opt === '--file') pattern = true;
      if (opt === '--files-with-matches' || opt === '--files-without-match') lists = true;
      if (opt === '--recursive' || opt === '--dereference-recursive' || (opt === '--directories' && val === 'recurse')) recursive = true;
      if (opt === '--include') {
        if (typeof val !== 'string') return undefined;
        include.push(val);
      }
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k];
      if (c === 'l' || c === 'L') lists = true;
      if (c === 'r' || c === 'R') recursive = true;
      if (GREP_SHORT_VALUE.includes(c)) {
        const val = k + 1 < v.length ? v.slice(k + 1) : ws[++i]?.value;
        if (c === 'e' || c === 'f') pattern = true;
        if (c === 'd' && val === 'recurse') recursive = true;
        break;
      }
      if (!/[a-zA-Z0-9]/.test(c)) return undefined;
    }
  }
  // The first operand is the pattern unless -e or -f gave one.
  return { files: pattern ? files : files.slice(1), include, lists, recursive };
}

/** ripgrep's and ag's options with a value (the next word or attached). */
const RG_SHORT_VALUE = 'efgtTmABCdEjMr';
const AG_SHORT_VALUE = 'GgmABCpW';
const RG_LONG_VALUE =
  /^--(regexp|file|glob|iglob|type|type-not|type-add|type-clear|max-count|after-context|before-context|context|max-depth|depth|encoding|threads|max-columns|max-filesize|ignore-file|pre|pre-glob|sort|sortr|color|colors|replace|context-separator|field-context-separator|field-match-separator|path-separator|dfa-size-limit|regex-size-limit|engine|hostname-bin|hyperlink-format|ignore|ignore-dir|file-search-regex|path-to-ignore|width)$/;
/** ripgrep's file types as globs (a type not listed reaches any name). */
const RG_TYPES: Record<string, string[]> = {
  ts: ['*.ts', '*.tsx', '*.cts', '*.mts'],
  js: ['*.js', '*.jsx', '*.cjs', '*.mjs', '*.vue'],
  py: ['*.py', '*.pyi'],
  md: ['*.md', '*.markdown', '*.mdx', '*.mkd', '*.mkdn', '*.mdwn', '*.mdown', '*.mdtxt', '*.mdtext', '*.ron'],
  markdown: ['*.md', '*.markdown', '*.mdx', '*.mkd', '*.mkdn', '*.mdwn', '*.mdown', '*.mdtxt', '*.mdtext', '*.ron'],
  go: ['*.go'],
  rust: ['*.rs'],
  json: ['*.json', '*.jsonl', '*.sarif', '*.har', 'composer.lock'],
  yaml: ['*.yaml', '*.yml'],
  css: ['*.css', '*.scss'],
  html: ['*.htm', '*.html', '*.ejs'],
  java: ['*.java', '*.jsp', '*.jspx', '*.properties'],
  c: ['*.c', '*.h', '*.H'],
  sh: ['*.sh', '*.bash', '*.zsh', '.bashrc', '.bash_profile', '.zshrc', '.profile'],
  txt: ['*.txt'],
  toml: ['*.toml', 'Cargo.lock'],
};

/**
 * `rg -l x src`, `rg --files -g '*.md'`, `ag -l x`: the files under the search paths, bounded by the positive
 * globs on base names and the file types the table knows. Only the forms that print file names are lists.
 */
function searchSource(name: string, ws: readonly W[], cwd: string | null): InputSource {
  const shortValue = name === 'rg' ? RG_SHORT_VALUE : AG_SHORT_VALUE;
  const operands: W[] = [];
  let names: string[] | undefined = [];
  let pattern = false;
  let lists = false;
  let files = false;
  let unknownOpt = false;
  let opts = true;
  const bound = (vals: string[] | undefined) => {
    if (vals === undefined) names = undefined;
    else if (names !== undefined) names.push(...vals);
  };
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (!opts || v === null || !v.startsWith('-') || v === '-') {
      operands.push(w);
      continue;
    }
    if (v === '--') {
      opts = false;
      continue;
    }
    let opt = v;
    let val: string | null | undefined;
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      if (eq > 0) [opt, val] = [v.slice(0, eq), v.slice(eq + 1)];
      if (RG_LONG_VALUE.test(opt)) val ??= ws[++i]?.value;
      else if (!/^--[a-z][a-z0-9-]*$/.test(opt)) unknownOpt = true;
    } else {
      for (let k = 1; k < v.length; k++) {
        const c = v[k];
        if (c === 'l') lists = true;
        if (shortValue.includes(c)) {
          opt = '-' + c;
          val = k + 1 < v.length ? v.slice(k + 1) : ws[++i]?.value;
          break;
        }
      }
    }
    if (opt === '--files-with-matches' || opt === '--files-without-match' || opt === '--files-with-matches') lists = true;
    if (opt === '--files') files = true;
    if (opt === '-e' || opt === '--regexp' || opt === '-f' || opt === '--file') pattern = true;
    if (name === 'ag' && (opt === '-g' || opt === '-G' || opt === '--file-search-regex')) lists = opt === '-g' ? true : lists;
    if (name === 'ag' && opt === '-g') pattern = true;
    if (opt === '-g' || opt === '--glob' || opt === '--iglob') {
      if (name === 'rg') {
        if (typeof val !== 'string') return { kind: 'unknown', what: `the output of ${name}` };
        // A negated glob only takes files away; one with a folder in it is not a base name.
        if (!val.startsWith('!')) bound(val.includes('/') ? undefined : [opt === '--iglob' ? val.toLowerCase() : val]);
      }
    } else if (opt === '-t' || opt === '--type') bound(typeof val === 'string' ? RG_TYPES[val] : undefined);
    else if (
      /^--[a-z]/.test(opt) &&
      !RG_LONG_VALUE.test(opt) &&
      !/^--(files|files-with-matches|files-without-match|hidden|no-ignore|no-ignore-vcs|no-ignore-dot|ignore-case|smart-case|case-sensitive|fixed-strings|word-regexp|line-regexp|follow|null|count|invert-match|multiline|unrestricted|no-messages|search-zip|text|one-file-system|sort-files|no-heading|heading|vimgrep|json|quiet|stats|debug|trace|pcre2|no-config|line-number|no-line-number|with-filename|no-filename|only-matching|column|byte-offset|crlf|binary)$/.test(
        opt,
      )
    )
      unknownOpt = true;
  }
  if (!lists && !files) return { kind: 'unknown', what: `the output of ${name}` };
  const paths = files || pattern ? operands : operands.slice(1);
  if (paths.some((w) => w.value === null && !w.glob)) return { kind: 'unknown', what: `the output of ${name}` };
  const dirs = paths.map((w) => w.path ?? w.value!);
  // An option the reading above does not know may have taken the next word: the working directory stays in reach.
  if (dirs.length === 0 || unknownOpt) dirs.push('.');
  const out: InputSource = { kind: 'files', dirs, names: names && (names as string[]).length ? names : NO_NAMES, cwd };
  if (paths.some((w) => w.glob)) out.globs = dirs.map((_, k) => paths[k]?.glob ?? false);
  return out;
}

/** Filters whose output lines are not lines of their input. */
const TRANSFORMS = new Set(['sed', 'awk', 'gawk', 'cut', 'rev', 'nl', 'column']);
/** tr sets made only of separators: newline, NUL, carriage return, tab, space, `[:space:]`. */
const SEPARATORS = /^(\\[n0rt]|\\00?0?|[ \t]|\[:(space|blank):\])+$/;

/** Operands that are a filter's pattern or option values, not files: false when it reads only its input. */
function filterHasFiles(name: string, ws: readonly W[]): boolean | undefined {
  // A filter that rewrites its lines (`sed 's/.*/.env/'`, `awk '{print "tests/" $0}'`, `tr a-z A-Z`, `cut`, `rev`)
  // prints names the producer never listed: not a subset. tr that only turns separators into others (`tr '\n' '\0'`)
  // keeps every name.
  if (name === 'tr') return ws.slice(1).every((w) => w.value !== null && (/^-[ds]+$/.test(w.value) || SEPARATORS.test(w.value))) ? false : undefined;
  if (TRANSFORMS.has(name)) return undefined;
  if (name === 'grep' || name === 'egrep' || name === 'fgrep') {
    // -o prints the matched part of a line, not the line.
    if (ws.some((w) => w.value !== null && (/^-[a-zA-Z]*o/.test(w.value) || w.value === '--only-matching'))) return undefined;
    const g = scanGrep(ws);
    return g === undefined ? undefined : g.files.length > 0 || g.recursive;
  }
  let skip = name === 'sed' || name === 'awk' || name === 'gawk' ? 1 : 0;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return true;
    if (v === '--') continue;
    if (v.startsWith('-') && v !== '-') {
      // A value option of the common filters: head/tail -n N, cut -d X -f N, sort -k K -t X, sed -e S, awk -F X.
      if (/^-[nckdftFvS]$|^-[eE]$/.test(v) && /^(head|tail|cut|sort|uniq|sed|awk|gawk|nl|column)$/.test(name)) {
        if ((name === 'sed' && /^-[ef]$/.test(v)) || (/^(awk|gawk)$/.test(name) && v === '-f')) skip = 0;
        i++;
      }
      if (name === 'sort' && /^-[a-zA-Z]*o/.test(v)) return undefined;
      continue;
    }
    if (skip > 0) {
      skip--;
      continue;
    }
    return true;
  }
  return false;
}
