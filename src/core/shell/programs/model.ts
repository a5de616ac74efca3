// Apply a program's row to a sub-command: what it reads, writes, deletes, renames and runs, and whether the
// guard can account for all of it. A program with no row, a verb the row does not list, an option a strict
// row does not know, a path only known at run time: each makes the sub-command `unknown` (asked, never
// allowed). Words the row gives the role `?` (and every word of an unknown program) are judged as naming a
// path: a protected one counts as touched in every way.
import type { CommandEnv, Narrow, Sub, W } from '../types';
import { word } from '../words';
import { absPath } from '../fsfacts';
import { numericWord } from '../arith';
import { parseArgv, positionalRoles, type Occ, type Parsed, type Role, type Row } from './spec';

/** What a sub-command does to one path (or path word): judged by the path rules once resolved. */
export interface Access {
  op: 'read' | 'write' | 'delete' | 'rename' | 'any' | 'exec' | 'link';
  /** The word (for `~`, globs, alternatives, input lists); undefined when `p` is a derived string. */
  w: W | undefined;
  /** A literal path derived by the model (`tar -C dir` joins, `HEAD:.env` → `.env`, `ln` basenames). */
  p: string | undefined;
  how: string;
  flags: number;
  /** Directory relative paths resolve in, when not the sub-command's cwd (`make -C`, `git -C`, `tar -C`). */
  base: string | undefined;
  /** op `link`: what the link made at `p` points to (later words through the link reach it). */
  to: string | undefined;
  /** A tree access that touches only files with these names (globs on the base name): `terraform fmt` and *.tf. */
  names: string[] | undefined;
  /** What proves the access narrower than the files it walks (a search's pattern, a commit range). */
  narrow?: Narrow;
}

// Access flags (bits: no options object per access).
export const APPEND = 1;
export const FORCE = 2;
export const CONTENTLESS = 4;
export const RECURSIVE = 8;
/** The write lands under a directory whose files are not known (an extraction, a formatter over a folder). */
export const INTO = 16;
/** A tree access that skips dot files and folders (rg, ag and fd by default). */
export const NO_HIDDEN = 32;
/**
 * A read of what a repository's commits hold (`git log -p`, `git show <commit>`, `git archive HEAD`): every file
 * ever committed there is read, whether or not it is still on disk. The path is a directory in the repository.
 */
export const HISTORY = 64;
/**
 * A read of code the program runs (a test runner's test files and folders): in the workspace it is the project's
 * own, read as the row reads it; outside, code nobody has seen is run (judged as a program run, not a read).
 */
export const RUNS = 128;
/**
 * A tree walk that does not follow the symbolic links it meets under the tree (`grep -r`, `rg` without `-L`, `git
 * grep`): a link below the named folder is not read through. A link named on the command line still is.
 */
export const NO_FOLLOW = 256;
/**
 * A tree read by a checker or scanner (its row's `reports`): it reads the files it walks to print findings about
 * them, which may quote their lines. A protected file reached only through the folder is asked, not refused.
 */
export const REPORTS = 512;
/**
 * op `link` made by a move or a link-preserving copy (`mv a b`, `cp -r a b`): `p` holds what `to` held, links
 * included. A later path under `p` reaches, through a link at or under `to` on disk, whatever that link points to.
 */
export const ALIAS = 1024;
/**
 * A tree walk that descends into the links to folders it meets (`find -L`, `grep -R`, `rg -L`, `tar -h`, `cp -L`,
 * `rsync -L`): it reaches everything under a link's target, wherever that is (`sshdir -> ~/.ssh`).
 */
export const DESCENDS = 2048;

export const NO_ACC: Access[] = [];

/** Options naming a folder a program keeps files in (cache, temporary, backup, partial-transfer folders). */
const KEEPS_FILES =
  /\s--?[\w-]*(cache|temp|backup|partial)[\w-]*(dir|directory|location|root)$|\s--?(cacheDirectory|cache-location|repository-cache|cache-root)$/i;

/** What the analyzer lets a model do beyond recording accesses. */
export interface ModelHost {
  cmdEnv: CommandEnv;
  /** Judge text as a shell command line (a payload in an option, an env value, an editor's `:!cmd`). */
  shell(s: Sub, text: string, label: string): void;
  /** Functions defined earlier on the line (their bodies were judged where they were defined). */
  functions: ReadonlyMap<string, string> | undefined;
  /**
   * A virtual environment at `dir` (absent on disk now) that a known creator made earlier on the line, before `s`
   * (`python3 -m venv /tmp/v && /tmp/v/bin/pip …`), with nothing between them touching it.
   */
  venvMade?(dir: string, s: Sub): boolean;
}

export type Handler = (m: Model) => void;

/** One row applied to one sub-command: the state handlers read and write. */
/** A whole word that is one process substitution, `<(…)` or `>(…)`. */
function isProcSubst(w: W): boolean {
  return w.value === null && !w.glob && (w.text.startsWith('<(') || w.text.startsWith('>(')) && w.text.endsWith(')');
}

export class Model {
  acc: Access[] = NO_ACC;
  why: string | undefined = undefined;
  /** The verb path taken (`git log`, `docker compose up`), for explanations. */
  label: string;
  base: string | undefined = undefined;
  roles: Role[] = [];
  /** Files that decide what this runs (write-then-exec), as written, relative to `base` or the cwd. */
  runs: string[] | undefined = undefined;
  /** The row's `rec` switch is on: path roles of positionals act on trees. */
  recursive = false;

  constructor(
    readonly s: Sub,
    readonly host: ModelHost,
    public row: Row,
    public p: Parsed,
    /** Index in s.words of the first word the row's arguments start at (after verbs). */
    public from: number,
  ) {
    this.label = s.name ?? '';
  }

  get env(): CommandEnv {
    return this.host.cmdEnv;
  }

  unknown(why: string): void {
    this.why ??= why;
  }

  /** A link made at `link` (a path as written) to `target`: later words through `link` reach `target`. */
  link(link: string, target: string, symbolic: boolean): void {
    if (this.acc === NO_ACC) this.acc = [];
    this.acc.push({ op: 'link', w: undefined, p: link, how: symbolic ? 'ln -s' : 'ln', flags: 0, base: this.base, to: target, names: undefined });
  }

  /** `dest` (as written) now holds what `src` held, links as links (a move, `cp -r`): see ALIAS. */
  alias(dest: string, src: string, how: string): void {
    if (this.acc === NO_ACC) this.acc = [];
    this.acc.push({ op: 'link', w: undefined, p: dest, how, flags: ALIAS, base: this.base, to: src, names: undefined });
  }

  has(sw: string): boolean {
    return this.p.switches !== undefined && this.p.switches.has(sw);
  }

  /** Occurrences of an option by any of its names (`-o`, `--output`). */
  occ(name: string): Occ | undefined {
    for (const o of this.p.occ) if (o.opt.key === name || o.opt.long.includes(name.replace(/^--/, ''))) return o;
    return undefined;
  }

  add(op: Access['op'], w: W | undefined, p: string | undefined, how: string, flags = 0, names?: string[], narrow?: Narrow): void {
    if (this.acc === NO_ACC) this.acc = [];
    const a: Access = { op, w, p, how, flags, base: this.base, to: undefined, names };
    if (narrow !== undefined) a.narrow = narrow;
    this.acc.push(a);
  }

  /** Apply a role to a word (or a value string). */
  role(r: Role, w: W | undefined, value: string | null | undefined, how: string): void {
    // `$HOME/x`, `~/x`: a word whose value is only known at run time may still have a known path.
    if (value === null && w !== undefined && w.path !== undefined && !w.glob) value = w.path;
    switch (r) {
      case 'V':
      case 'P':
      case 'M':
        return;
      case 'C':
        if (value === null || value === undefined) this.unknown(`${how} changes directory to a path only known at run time`);
        else this.base = value;
        return;
      case 'S':
        if (typeof value === 'string') this.host.shell(this.s, value, how);
        else this.unknown(`${how} runs shell code only known at run time`);
        return;
      case 'E':
        // Threat: `rg --pre rm x src` runs `rm FILE` on every file the search reaches; `--pre shred`, `--pre
        // 'sed -i d'` the same. The command is judged as written, and one the guard does not know to only print
        // what it is given is unknown, whatever files it is handed.
        if (typeof value === 'string') {
          // ugrep's `--filter=pdf:pdftotext % -,odt:…`: pairs of extensions and a command, `%` the file.
          for (const c of value.split(/,(?=[\w.*+-]+:)/).map((x) => x.replace(/^[\w.*+-]+:(?!\/)/, '').replace(/%/g, 'FILE'))) {
            this.host.shell(this.s, c, how);
            const prog = /^\s*(\S+)/.exec(c)?.[1]?.replace(/^.*\//, '');
            if (prog === undefined || !FILE_FILTERS.has(prog)) this.unknown(`${how} runs ${c.trim() || 'a command'} on every file it reads`);
          }
        } else this.unknown(`${how} runs a command only known at run time on every file it reads`);
        return;
      case 'K':
        codeArg(this, this.row.lang ?? '?', value, how);
        return;
      case 'U':
        if (typeof value === 'string') {
          const m = FILE_URL.exec(value);
          if (m) this.add('read', undefined, m[1], how);
        }
        return;
      case 'F':
        if (value === null) return; // a dynamic value is data, not a file (a file needs a literal @ or <)
        if (typeof value === 'string') {
          const f = fileOfData(value);
          if (f !== undefined) this.add('read', undefined, f, how);
        }
        return;
      case 'O':
        if (value === null) {
          // `$(git rev-parse HEAD):.env`: the revision is only known at run time, the path is not.
          const t = w?.text ?? '';
          const c = t.lastIndexOf(':');
          const path = c >= 0 ? t.slice(c + 1) : '';
          if (path && /^[\w./@+-]+$/.test(path) && !t.slice(c).includes(')')) this.add('read', undefined, path, how);
          return;
        }
        if (typeof value === 'string') {
          const c = value.indexOf(':');
          if (c >= 0) {
            const path = value.slice(value.lastIndexOf(':') + 1);
            if (path) this.add('read', undefined, path, how);
          } else this.name(w, value, how);
        }
        return;
      case 'H':
        if (typeof value === 'string') {
          const src = value.split(':')[0];
          if (/^[/.~$]/.test(src)) this.add(/:ro(,|$)/.test(value) ? 'read' : 'any', undefined, src, how);
        } else if (value === null) this.unknown(`${how} mounts a path only known at run time`);
        return;
      case '?':
        this.name(w, value, how);
        return;
      case 'I': {
        // Threat: `pip install /tmp/x.tar.gz`, `npm i ../outside.tgz`, `yarn add file:/tmp/x`: installing a local
        // package runs its build and install code (setup.py, a build backend, install scripts, build.rs).
        const src = installSource(w, value);
        if (src === undefined) this.name(w, value, how);
        else if (src !== false) this.path('X', src, src.value, `${how} (installs ${src.text}: its build and install code runs)`);
        return;
      }
      case 'L':
        // Threat: `tar -czf /tmp/x.tgz -T list`, `sort --files0-from=list`: the files are named inside a list (or
        // the input), never on the line, so no path rule can be applied to them.
        if (typeof value === 'string' && value !== '-') this.path('R', w, value, how);
        this.unknown(`${how} works on the files listed in ${value === '-' ? 'its input' : (w?.text ?? value ?? 'a file')}, which the guard cannot see`);
        return;
      case 'Z':
        // Threat: a configuration value that names a runner, a wrapper or a linker runs a command nobody sees.
        this.unknown(`${how} sets configuration that can make it run commands the guard cannot see`);
        return;
      default:
        // A folder the program keeps files in (`--cache-dir`, `--temp-dir`, `--backup-dir`): files land in it, it is not replaced.
        // But a cache option may name a file (`eslint --cache-location README.md`): one that is a file on disk is replaced.
        this.path(r, w, value, how, r === 'W' && KEEPS_FILES.test(how) && !this.existingFile(w, value) ? INTO : 0);
    }
  }

  /** Is the path a word or value names a file (not a folder) on disk, where the command runs? */
  existingFile(w: W | undefined, value: string | null | undefined): boolean {
    const base = this.base !== undefined && this.s.cwd !== null ? absPath(this.base, this.s.cwd, this.env.home) : this.s.cwd;
    const p = w?.path ?? (typeof value === 'string' && base !== null ? absPath(value, base, this.env.home) : undefined);
    return p !== undefined && this.env.exists?.(p) === true && this.env.isDir?.(p) === false;
  }

  /** A path role: the word itself is the path. */
  path(r: Role, w: W | undefined, value: string | null | undefined, how: string, flags = 0, names?: string[], narrow?: Narrow): void {
    const op = ROLE_OP[r];
    if (op === undefined) return;
    // `gcc @.env`, `javac @secrets/token.txt`, `java @args`: compilers, JVM tools, binutils and many more read a
    // word `@FILE` as a file of further arguments and print its lines in their errors. A path role is the program
    // taking the word as a path, so the file behind the `@` is named too: touched in every way (naming is touching).
    const at = responseFile(w, value);
    if (at !== undefined) this.add('any', at, undefined, `${how} (${at.text}: a file of arguments)`);
    const f =
      flags |
      (r === 'T' || r === 'Y' ? RECURSIVE : 0) |
      (r === 'A' ? APPEND : 0) |
      (this.recursive && r !== 'X' ? RECURSIVE : 0) |
      (r === 'T' && this.row.spec.reports ? REPORTS : 0);
    // A linter or formatter over a folder reads or rewrites the files of its kind only.
    names ??= (r === 'T' || r === 'Y') && this.row.ext ? this.row.ext : undefined;
    // A quoted glob a formatter or fixer expands itself (`prettier -w '*.yaml'`, `eslint --fix '{src,tests}/**'`):
    // its own matcher takes dot files, `**` and braces, so it rewrites whatever its last part can match anywhere
    // under its fixed leading folders.
    const own = r === 'Y' && w !== undefined && !w.glob && w.value !== null ? toolGlob(w.value) : undefined;
    if (own === null) return;
    if (own !== undefined) {
      this.add(op, undefined, own.dir, `${how} (${w!.text}: a glob it expands itself)`, f | RECURSIVE, own.names ?? names, narrow);
      return;
    }
    if (w !== undefined) {
      // `diff <(sort a) <(sort b)`: a process substitution is a pipe; the command inside is judged on its own.
      // Only running it (`bash <(curl …)`) is running text nobody has seen.
      if (r !== 'X' && isProcSubst(w)) return;
      if (w.value === null && w.path === undefined && !w.fromInput && w.alts === undefined)
        this.unknown(`${how} ${VERB[op]} ${w.text}, a path only known at run time`);
      this.add(op, w, undefined, how, f, names, narrow);
      return;
    }
    if (value === null) this.unknown(`${how} ${VERB[op]} a path only known at run time`);
    else if (value !== undefined && value !== '') this.add(op, undefined, value, how, f, names, narrow);
  }

  /** A word in a position the row does not account for: if it names a path, that path may be touched in any way. */
  name(w: W | undefined, value: string | null | undefined, how: string): void {
    if (w !== undefined && isProcSubst(w)) return;

    if (w !== undefined && (w.glob || w.alts !== undefined || w.fromInput)) {
      this.add('any', w, undefined, how);
      return;
    }
    // `-n $(nproc)`, `--jobs=$(nproc)`: a number, which names no protected path.
    if (w !== undefined && numericWord(w)) return;
    const v = w !== undefined ? (w.value ?? w.path ?? null) : value;
    if (v === null || v === undefined) {
      if (v === null) this.unknown(`${how} is given ${w?.text ?? 'a value'}, only known at run time`);
      return;
    }
    for (const c of namedPaths(v, w?.path)) this.add('any', undefined, c, how);
  }
}

/**
 * A glob a tool expands itself (fast-glob, minimatch: dot files, `**` and braces included): the fixed folders before
 * its first pattern character and, when its last part is a plain base-name pattern, that pattern; null for an
 * exclusion (`!tests/**` picks nothing), undefined when the word is no pattern.
 */
export function toolGlob(v: string): { dir: string; names: string[] | undefined } | null | undefined {
  const g = v.search(/[*?[{]/);
  if (g < 0) return undefined;
  if (v.startsWith('!')) return null;
  const head = v.slice(0, g);
  const dir = head.includes('/') ? head.slice(0, head.lastIndexOf('/')) || '/' : '.';
  const last = v.slice(v.lastIndexOf('/') + 1);
  return { dir, names: last === '' || last.includes('**') || /[{}]/.test(last) ? undefined : [last] };
}

/** Archives and packages an installer unpacks and builds (a word ending so is a local file, not a registry name). */
const PACKAGE_FILE = /\.(?:tar\.gz|tgz|tar\.bz2|tbz2?|tar\.xz|txz|tar\.zst|tar|zip|whl|egg|gem|crate|nupkg|vsix|deb|rpm|apk)$/i;

/**
 * What an installer's word names on disk: the word itself when it looks like a path (`/x`, `./x`, `../x`, `~/x`,
 * `a/b`, an archive), the path after `file:`, `link:` or `portal:` (npm's, yarn's and pnpm's local specs, PEP 508's
 * `name @ file:///x`); false for a URL or a scoped registry name (not a local path); undefined when it is not
 * path-looking (a registry name: judged as a word that may name a path).
 */
export function installSource(w: W | undefined, value: string | null | undefined): W | false | undefined {
  const v = w !== undefined ? (w.value ?? w.path ?? null) : value;
  if (typeof v !== 'string' || v === '') return undefined;
  const local = /(?:^|@\s*)(?:git\+)?(?:file|link|portal):(.*)$/.exec(v);
  if (local) {
    const p = local[1].replace(/^\/\/(?:localhost)?(?=\/)/, '');
    return p === '' ? undefined : derived(p);
  }
  // A URL, a host's spec (`github:u/r`, `npm:x`, `workspace:*`) or a Windows tool's switch (`/p:x`): not a local path.
  if (/^[A-Za-z][\w+.-]*:/.test(v) || /^\/[A-Za-z]+:/.test(v)) return false;
  if (v[0] === '@' && !v.includes('@', 1)) return false;
  if (/^(?:\/|\.\.?(?:\/|$|\[)|~)/.test(v) || PACKAGE_FILE.test(v) || (v.includes('/') && v[0] !== '@' && !v.includes('@'))) return w ?? derived(v);
  return undefined;
}

/** The file behind a literal `@FILE` word (`@.env`, `@~/x`, `@secrets/*`); not `@`, `@-`, `@{u}` (git's revisions). */
function responseFile(w: W | undefined, value: string | null | undefined): W | undefined {
  const v = w !== undefined ? w.value : value;
  if (typeof v !== 'string' || v.length < 2 || v[0] !== '@' || v[1] === '{' || v === '@-') return undefined;
  if (w === undefined) return derived(v.slice(1));
  const path = w.path !== undefined && w.path.startsWith('@') ? w.path.slice(1) : undefined;
  return word(v.slice(1), w.glob, w.text.replace(/^(['"]?)@/, '$1'), path ?? (w.glob ? undefined : v.slice(1)));
}

/** Converters a search tool may run on each file it reads (`rg --pre pdftotext`): they print the file, changed in form. */
const FILE_FILTERS = new Set([
  'cat',
  'pdftotext',
  'zcat',
  'gzcat',
  'xzcat',
  'bzcat',
  'zstdcat',
  'lz4cat',
  'strings',
  'catdoc',
  'docx2txt',
  'odt2txt',
  'antiword',
  'unrtf',
  'html2text',
  'exiftool',
  'rga-preproc',
  'iconv',
  'dos2unix',
]);

const ROLE_OP: Partial<Record<Role, Access['op']>> = { R: 'read', T: 'read', W: 'write', Y: 'write', A: 'write', D: 'delete', N: 'rename', X: 'exec' };
const VERB: Record<Access['op'], string> = { read: 'reads', write: 'writes', delete: 'deletes', rename: 'moves', any: 'names', exec: 'runs', link: 'links' };
const FILE_URL = /^file(?:b)?:\/\/(.+)$/;

/** `@file`, `<file`, `name=@file;type=x`, `name=<file`: the file a data value reads (curl, httpie). */
export function fileOfData(v: string): string | undefined {
  let s = v;
  const eq = s.indexOf('=');
  if (eq > 0 && (s[eq + 1] === '@' || s[eq + 1] === '<')) s = s.slice(eq + 1);
  else {
    // curl's `name@file` (--data-urlencode, --url-query, --variable): the content of the file, sent under a name.
    const named = /^[\w.-]+(?=@)/.exec(s);
    if (named) s = s.slice(named[0].length);
  }
  if (s[0] !== '@' && s[0] !== '<') return undefined;
  s = s.slice(1);
  const semi = s.indexOf(';');
  if (semi >= 0) s = s.slice(0, semi);
  return s === '' || s === '-' ? undefined : s;
}

/**
 * The paths a word may name behind the prefixes programs use: the word, what follows `--opt=`, `KEY=`, `@`,
 * `<`, a `REV:` or `host:` prefix, and `file://`. Names are only candidates: the path rules decide.
 */
export function namedPaths(v: string, expanded?: string): string[] {
  const out: string[] = [];
  const push = (c: string) => {
    if (c === '' || c === '-' || out.includes(c)) return;
    out.push(c);
    if (c[0] === '@' || c[0] === '<' || c[0] === '=') push(c.slice(1));
  };
  push(expanded ?? v);
  if (expanded !== undefined && expanded !== v) push(v);
  const eq = v.indexOf('=');
  if (eq >= 0) push(v.slice(eq + 1));
  const m = FILE_URL.exec(v) ?? /file:\/\/([^\s'"]+)/.exec(v);
  if (m) push(m[1]);
  const colon = v.lastIndexOf(':');
  if (colon >= 0 && !v.startsWith('file:')) push(v.slice(colon + 1));
  return out;
}

/** K-role code: judged by the language's reader (programs/code.ts), set on the model by codeArg. */
export let codeArg: (m: Model, lang: string, value: string | null | undefined, how: string) => void = (m, lang, value, how) => {
  m.unknown(`${how} runs ${lang} code the guard does not read`);
};

export function setCodeArg(f: typeof codeArg): void {
  codeArg = f;
}

const HANDLERS = new Map<string, Handler>();

export function handler(name: string, h: Handler): void {
  HANDLERS.set(name, h);
}

/** Apply the generic reading of a row: each option value and positional gets its role. */
export function applyRoles(m: Model): void {
  const name = m.label;
  for (const o of m.p.occ) {
    if (o.value === undefined) continue;
    // A loose row's unknown `--opt=value` (role ?): a value that reads as a command line is judged as one.
    m.role(o.opt.role === '?' && o.opt.long.length === 0 && readsAsCommand(o.value) ? 'S' : o.opt.role, o.w, o.value, `${name} ${o.opt.key}`);
  }
  positionalRoles_(m);
  if (m.p.unknown.length) m.unknown(`${name} ${m.p.unknown[0]} is an option the guard does not model`);
}

/** A bare word: no `/`, `.`, `~`, glob or expansion — what a verb or task name looks like. */
function isVerbWord(w: W): boolean {
  return w.value !== null && !w.glob && w.alts === undefined && !w.fromInput && /^[A-Za-z][A-Za-z0-9_:-]*$/.test(w.value);
}

/** The positionals' roles only (handlers that read the options themselves call this). */
export function positionalRoles_(m: Model): void {
  const name = m.label;
  const ps = m.p.positional;
  m.recursive = m.has('rec');
  m.roles = positionalRoles(m.row, ps.length, m.p.switches);
  const maybe = m.p.maybeValue;
  for (let i = 0; i < ps.length; i++) {
    const w = ps[i];
    // `mix test`, `zig build test`: the tool's verb and task names are words, not the `test/` folder.
    if (
      m.row.verb &&
      (m.roles[i] === '?' || m.roles[i] === 'I') &&
      isVerbWord(w) &&
      (i === 0 || (i === 1 && m.row.steps?.includes(ps[0].value!) === true && isVerbWord(ps[0])))
    )
      continue;
    if (m.row.loose && !m.row.spec.noRun && (m.roles[i] === 'V' || m.roles[i] === '?') && unmodelledRun(m, ps, i, name)) break;
    m.role(m.roles[i], w, w.value, name);
    if (maybe.length && maybe.includes(i)) {
      if (readsAsCommand(w.value)) m.role('S', w, w.value, `${name} (a value of an option the guard does not know)`);
      else if (!m.row.passive) m.name(w, w.value, `${name} (a value of an option the guard does not know)`);
    }
  }
  m.recursive = false;
}

/** Files of code a program runs by their name (a script, a module, a launcher, a package of code). */
const CODE_FILE =
  /\.(?:[cm]?[jt]sx?|py[wz]?|rb|pl|pm|p6|raku|lua|swift|sh|bash|zsh|fish|ksh|ps1|psm1|desktop|jar|war|scala|sc|sbt|kts|el|elc|vim|php|exs?|jl|[rR]|groovy|gvy|tcl|rkt|clj[cs]?|bb|erl|escript|hs|ml|go|rs|java|kt|cs|csx|fsx|dart|nims?|cr|zig|awk|sed|applescript|scpt|command|bat|cmd|vbs|so|dylib|node|wasm)$/;

/** git's own ref names (`git bisect start HEAD HEAD~5`): revisions, not `head` on a case-insensitive disk. */
const GIT_HEAD_REF = /^(HEAD|FETCH_HEAD|ORIG_HEAD|MERGE_HEAD|CHERRY_PICK_HEAD|REVERT_HEAD|REBASE_HEAD|BISECT_HEAD|AUTO_MERGE)$/;

/**
 * Does a word read as code given inline (`eval Process("rm -rf src").!`, `(shell-command "x")`, `a; b`)? Calls with
 * an argument list, Lisp forms and shell separators; plain names, versions, paths and `key=value` words do not.
 */
export function looksLikeCode(v: string): boolean {
  if (v.length < 4) return false;
  if (/[\w.!]\s*\([^)]*\)/.test(v) && /[\s"'.;,{}]/.test(v)) return true;
  if (/(?:^|["'\s])\((?:[\w.:/-]+)[\s)]/.test(v) && /\)/.test(v)) return true;
  return /[;`]|\$\(|&&|\|\||=>|\{[^}]*\}\s*$/.test(v) && /\s/.test(v);
}

/**
 * A word of a loosely modelled row that its row reads as inert (V) or only as a name (?), but which is a run of
 * code by its look. Threat: a multi-verb program whose row lists no verbs (`a: 'V*'`) runs code through a verb the
 * row never modelled: `buildah unshare rm -rf src`, `rustup toolchain link x /tmp/tc`, `forever start /tmp/x.js`,
 * `sbt 'eval Process("rm -rf src").!'`, `sbt console`. The default for such a word:
 *   - a known program followed by its arguments (not the verb itself) is that command line, judged as one;
 *   - code given inline is code nobody has read (unknown);
 *   - a verb that opens a code console (console, repl, shell, tinker) given code in the word or on the input is unknown;
 *   - a file of code by its name, or an absolute or home path, is run (judged as a program run: the project's own
 *     code is the project's, a file from scratch space or outside is code nobody has seen).
 * Returns true when the rest of the words belong to the command it judged.
 */
function unmodelledRun(m: Model, ps: readonly W[], i: number, name: string): boolean {
  const w = ps[i];
  const v = w.value;
  if (v === null || w.glob || w.fromInput) return false;
  if (
    i >= 1 &&
    i < ps.length - 1 &&
    /^[A-Za-z][\w.+-]*$/.test(v) &&
    isProgram(v.toLowerCase()) &&
    !CONSOLE_VERB.test(v) &&
    !VERB_NAMED.test(v) &&
    !(m.s.name === 'git' && GIT_HEAD_REF.test(v))
  ) {
    // The command's own options are words the row read as its options: the line is taken from the words.
    const at = m.s.words.indexOf(w);
    m.host.shell(m.s, (at >= 0 ? m.s.words.slice(at) : ps.slice(i)).map((x) => x.text).join(' '), `${name} (runs ${v})`);
    return true;
  }
  // An address that runs a command (websocat's `sh-c:CMD`, `cmd:CMD`, `exec:PROG`): the command is judged.
  const addr = /^(?:sh-c|cmd|system):(.+)$/is.exec(v) ?? /^exec:(.+)$/is.exec(v);
  if (addr) {
    m.host.shell(m.s, addr[1], `${name} ${v.slice(0, v.indexOf(':') + 1)}`);
    return false;
  }
  if (looksLikeCode(v)) {
    m.unknown(`${name} runs ${w.text}, code the guard does not read`);
    return false;
  }
  // A console verb given code: in the word (`sbt 'eval x'`) or on its input (`sbt console <<< x`). Alone, with no
  // input, it waits on a terminal (and `just shell`, `rake console` are the project's own recipes).
  if (
    m.row.sub === undefined &&
    m.label.indexOf(' ') < 0 &&
    CONSOLE_VERB.test(v.split(/\s/, 1)[0]) &&
    (/\s/.test(v) || (i === 0 && m.s.stdin.kind !== 'none'))
  ) {
    m.unknown(`${name} ${v} opens a console that runs the code it is given`);
    return false;
  }
  // An absolute or home path after a verb (`rustup toolchain link x /tmp/tc`), not a row's one operand (`cd /tmp`).
  // A verb that moves or lists data (`rclone sync /tmp/e remote:`, `x copy /tmp/a b`) names data, not a program.
  const afterVerb = i >= 1 && ps[0].value !== null && /^[a-z][\w-]*$/.test(ps[0].value) && !DATA_VERB.test(ps[0].value);
  if (CODE_FILE.test(v) || (afterVerb && m.roles[i] === 'V' && /^(?:\/|~\/)[^\s]*[\w]$/.test(w.path ?? v) && !/^\/dev\//.test(v)))
    m.path('X', w, v, `${name} (runs ${w.text})`);
  return false;
}

/** Verbs whose path operands are data moved, compared or listed (rclone, restic, s3 and their kin). */
const DATA_VERB =
  /^(?:sync|bisync|copy|copyto|move|moveto|cp|mv|upload|download|push|pull|put|get|send|recv|check|cryptcheck|ls|lsd|lsl|lsf|lsjson|tree|cat|size|md5sum|sha1sum|hashsum|backup|restore|diff|compare|import|export|archive|extract|scan|stat)$/;

/** Programs named like a tool's everyday verbs (`rustup override set`, `x toolchain link`): read as the verb. */
const VERB_NAMED =
  /^(?:set|test|link|install|list|info|show|status|add|remove|update|use|default|config|init|help|version|time|watch|kill|top|which|type|true|false)$/;

/** Verbs that open a console reading code (`sbt console`, `lein repl`, `artisan tinker`). */
const CONSOLE_VERB = /^(?:console|consoleQuick|consoleProject|repl|tinker|eval|shell|interactive)$/;

let isProgram: (name: string) => boolean = () => false;
/** The program names the guard knows (set by the analyzer, which sees every table). */
export function setIsProgram(f: (name: string) => boolean): void {
  isProgram = f;
}

/**
 * Could a value be a command line an option hands to a shell? Shell syntax (`;`, `|`, `&&`, `$(…)`, backticks)
 * or a known program followed by its arguments (`sh -c …`, `rm -rf src`). Threat: a loosely modelled program
 * (every unknown option read as a flag) with an exec option the row does not list (`--exec`, `--runner`,
 * `--rsh`): the value of an option the row does not know is judged as a command when it reads as one. Plain
 * values (`--title 'Fix the bug'`, `--depth 1`) stay values.
 */
export function readsAsCommand(v: string | null | undefined): boolean {
  if (typeof v !== 'string' || v.length < 3) return false;
  if (/[;|`]|&&|\$\(/.test(v)) return true;
  const m = /^\s*['"]?([A-Za-z0-9_./+-]+)['"]?\s+\S/.exec(v);
  if (m === null) return false;
  const n = m[1].slice(m[1].lastIndexOf('/') + 1).toLowerCase();
  return n.length > 0 && isProgram(n);
}

/**
 * Walk the verbs from `row` (global options first) to the row that reads the rest, and read it. Returns the
 * model; its `why` is set when the command is not accounted for.
 */
/** Words that only ask a program what it is: it prints its version or usage and exits, whatever its verbs would do. */
const INFO_WORD = /^(?:--version|-V|--help|-h|-help|-version)$/;

/** Whether the words from `from` on are all info words, and there is at least one. */
function isInfoOnly(words: readonly W[], from: number): boolean {
  if (from >= words.length) return false;
  for (let i = from; i < words.length; i++) {
    const v = words[i]!.value;
    if (v === null || !INFO_WORD.test(v)) return false;
  }
  return true;
}

export function runRow(s: Sub, host: ModelHost, root: Row, from = 1): Model {
  let row = root;
  let tables: Row[] = [row];
  let start = from;
  let label = s.name ?? '';
  let acc = NO_ACC;
  let base: string | undefined;
  let parentSwitches: Set<string> | undefined;
  // Verbs: the parent's options (their values have their roles), then a verb picks the next row.
  while (row.sub) {
    const p = parseArgv(s.words, start, tables, row.loose, true);
    const m0 = new Model(s, host, row, p, start);
    m0.label = label;
    m0.acc = acc;
    m0.base = base;
    // The options before the verb (their values have roles); the words from the verb on are the verb's.
    for (const o of p.occ)
      if (o.value !== undefined)
        m0.role(o.opt.role === '?' && o.opt.long.length === 0 && readsAsCommand(o.value) ? 'S' : o.opt.role, o.w, o.value, `${label} ${o.opt.key}`);
    if (p.unknown.length) m0.unknown(`${label} ${p.unknown[0]} is an option the guard does not model`);
    if (m0.why !== undefined) {
      // The files that decide what it runs are still known (`docker compose -f <(curl …) up`: exec.opaque reads them).
      for (let r: Row | undefined = row; r; r = r.parent)
        if (r.runs) {
          m0.runs = [...r.runs];
          break;
        }
      return m0;
    }
    acc = m0.acc;
    base = m0.base;
    if (p.switches !== undefined) parentSwitches = parentSwitches === undefined ? p.switches : new Set([...parentSwitches, ...p.switches]);
    const vw = s.words[p.rest];
    let next: Row | undefined;
    if (vw === undefined) {
      next = row.sub.get('');
      // `helm --help`, `uv --version`: a program that takes verbs, asked only what it is. It prints and exits.
      if (!next && isInfoOnly(s.words, from)) return m0;
      if (!next) {
        m0.unknown(`${label} without a command is not modelled`);
        return m0;
      }
      start = s.words.length;
    } else if (vw.value === null) {
      m0.unknown(`${label} ${vw.text}: a command only known at run time`);
      return m0;
    } else {
      next = row.sub.get(vw.value) ?? row.sub.get('*');
      if (!next) {
        m0.unknown(`${label} ${vw.value} is not a command the guard models`);
        return m0;
      }
      label = `${label} ${vw.value}`;
      // `*` (any verb, e.g. a script name): the verb word stays for the row to read.
      start = row.sub.has(vw.value) ? p.rest + 1 : p.rest;
    }
    tables = next.inherit ? [next, ...tables] : [next];
    row = next;
  }
  const p = parseArgv(s.words, start, tables, row.loose, row.posix);
  // Switches the parent's options set before the verb (`ruff --fix tests`) hold for the verb's words too.
  if (parentSwitches !== undefined) p.switches = p.switches === undefined ? parentSwitches : new Set([...parentSwitches, ...p.switches]);
  const m = new Model(s, host, row, p, start);
  m.label = label;
  m.acc = acc;
  m.base = base;
  return finish(m, row);
}

function finish(m: Model, row: Row): Model {
  for (let r: Row | undefined = row; r; r = r.parent) {
    if (!r.runs) continue;
    m.runs = [...r.runs];
    break;
  }
  const h = row.x !== undefined ? HANDLERS.get(row.x) : undefined;
  if (row.x !== undefined && !h) throw new Error(`no handler ${row.x} for ${row.names.join(' ')}`);
  if (h) h(m);
  else applyRoles(m);
  return m;
}

/** A word of an unknown program: every word is a possible path (naming is touching). */
export function nameAll(m: Model, words: readonly W[], from: number): void {
  for (let i = from; i < words.length; i++) m.name(words[i], words[i].value, m.label);
}

/** A word built by a model from a string it derived. */
export function derived(v: string): W {
  return word(v, false, v, v);
}
