// What each sub-command reads, writes, deletes, renames or runs, as absolute paths (the engine sends them
// through the path rules: `echo x > tests/a.test.ts` and `cat .env` are judged like the file tools' calls).
// The accesses come from the program's row (programs/); here they are resolved: against the working
// directory (a cd the guard could not follow leaves relative paths unknown), through `~` and variables,
// loop alternatives, and input lists (`find src -name '*.ts' | xargs cat` reads the .ts files under src).
import { absPath, isHarmlessSink, normalize } from './fsfacts';
import { O } from './options';
import { APPEND, CONTENTLESS, FORCE, HISTORY, INTO, DESCENDS, NO_FOLLOW, NO_HIDDEN, RECURSIVE, REPORTS, RUNS, type Access } from './programs/model';
import type { CommandEnv, GlobOpts, Narrow, Redir, Sub, W } from './types';
import { codePaths } from './codepaths';

export interface Effect {
  op: EffectOp;
  path: string;
  sub: Sub | undefined;
  subText: string;
  /** How: `>`, `>>`, `tee`, `cp`, `mv`, `ln`, `truncate`, `dd`, `sed -i`, `rm`, … */
  how: string;
  /** The write replaces whatever is there with nothing (`: > f`, `cp /dev/null f`, `truncate -s 0`). */
  contentless: boolean;
  append: boolean;
  force: boolean;
  /** Everything under the path when it is a directory. */
  recursive: boolean;
  /** The path is a bash glob pattern. */
  glob: boolean;
  /** Files with names the guard cannot know land under the path (extraction). */
  into: boolean;
  names: string[] | undefined;
  noHidden: boolean;
  /** A tree walk that does not follow links under the tree. */
  noFollow: boolean;
  /** A tree walk that descends into links to folders (find -L, grep -R, rg -L, tar -h, cp -L, rsync -L). */
  descends: boolean;
  /** Reads what the commits of the repository at the path hold. */
  history: boolean;
  /** The path is code the program runs (RUNS): a program run where it is outside the workspace. */
  runs: boolean;
  /** A checker's tree read (REPORTS). */
  reports: boolean;
  /** What proves the access narrower than the files it walks. */
  narrow?: Narrow;
  /** A glob matched with `shopt -s dotglob` / `nocaseglob` on. */
  dotglob?: boolean;
  nocase?: boolean;
}

/** One effect; every Effect has the same fields in the same order (one hidden class for the rules' reads). */
function effect(op: Effect['op'], path: string, sub: Sub | undefined, subText: string, how: string, flags: number, glob = false, names?: string[]): Effect {
  return {
    op,
    path,
    sub,
    subText,
    how,
    contentless: (flags & CONTENTLESS) !== 0,
    append: (flags & APPEND) !== 0,
    force: (flags & FORCE) !== 0,
    recursive: (flags & RECURSIVE) !== 0,
    glob,
    into: (flags & INTO) !== 0,
    names,
    noHidden: (flags & NO_HIDDEN) !== 0,
    noFollow: (flags & NO_FOLLOW) !== 0,
    descends: (flags & DESCENDS) !== 0,
    history: (flags & HISTORY) !== 0,
    runs: (flags & RUNS) !== 0,
    reports: (flags & REPORTS) !== 0,
  };
}

/** git restore's options (the git rules read the same spec). */
export const GIT_RESTORE_OPTS = [
  O('s', 's', ['source'], true),
  O('S', 'S', ['staged']),
  O('W', 'W', ['worktree']),
  O('p', 'p', ['patch']),
  O('x', 'q', [
    'quiet',
    'progress',
    'ours',
    'theirs',
    'merge',
    'conflict',
    'overlay',
    'no-overlay',
    'ignore-unmatched',
    'recurse-submodules',
    'pathspec-from-file',
  ]),
];

type EffectOp = 'read' | 'write' | 'delete' | 'rename' | 'any' | 'exec';
const RELATIVE = /^(?![/~])/;

/**
 * Append what `sub` does to paths to `out`; reasons it cannot be accounted for go to `unknown`. Appending,
 * not returning a list: most sub-commands have one effect or none.
 */
export function addEffects(out: Effect[], sub: Sub, env: CommandEnv, unknown?: string[]): void {
  if (sub.remote) {
    // In a container, paths under a bind mount are paths here (`docker run -v "$PWD":/w alpine cat /w/.env`).
    if (sub.mounts !== undefined) mountedEffects(out, sub, env);
    return;
  }
  if (sub.redirects.length) redirectEffects(out, sub.redirects, sub, sub.cwd, env, contentless(sub), sub.text, unknown);
  // An inline program (python -c, node -e, a here-doc fed to ruby…) that writes or deletes a file by literal name.
  const code = sub.meta.code;
  if (Array.isArray(code)) {
    for (const c of code) {
      if (typeof c !== 'string') continue;
      for (const cp of codePaths(c)) addPath(out, sub, env, cp.op, cp.path, undefined, `${sub.name} ${cp.how}`, 0, undefined, unknown);
    }
  }
  for (const a of sub.acc) addAccess(out, sub, env, a, unknown);
}

function addAccess(out: Effect[], sub: Sub, env: CommandEnv, a: Access, unknown: string[] | undefined): void {
  if (a.op === 'link') return;
  if (a.narrow !== undefined) {
    const from = out.length;
    addAccess(out, sub, env, { ...a, narrow: undefined }, unknown);
    for (let i = from; i < out.length; i++) out[i].narrow = a.narrow;
    return;
  }
  if (a.w === undefined) {
    if (a.p !== undefined) addPath(out, sub, env, a.op as EffectOp, a.p, a.base, a.how, a.flags, a.names, unknown);
    return;
  }
  addWord(out, sub, env, a, a.w, unknown, 0);
}

function addWord(out: Effect[], sub: Sub, env: CommandEnv, a: Access, w: W, unknown: string[] | undefined, depth: number): void {
  if (w.alts !== undefined && depth < 2) {
    for (const alt of w.alts) addWord(out, sub, env, a, alt, unknown, depth + 1);
    return;
  }
  if (w.fromInput) {
    inputEffects(out, sub, env, a, w, unknown);
    return;
  }
  if (w.glob) {
    const p = w.path ?? w.value;
    if (p === null || p === undefined) return;
    const base = baseDir(sub, a.base, env);
    if (base === null && RELATIVE.test(p)) {
      unknown?.push(`${a.how} names ${w.text} after a cd the guard could not follow`);
      return;
    }
    const g = sub.meta.globOpts as GlobOpts | undefined;
    const pattern = absPath(g?.ext ? extglobSuperset(p) : p, base ?? '/', env.home);
    if (g?.star && /(?:^|\/)\*\*(?:\/|$)/.test(pattern)) {
      out.push(globstarEffect(a, sub, pattern, g));
      return;
    }
    const fx = effect(a.op as EffectOp, pattern, sub, sub.text, a.how, a.flags, true, a.names);
    if (g?.dot) fx.dotglob = true;
    if (g?.nocase) fx.nocase = true;
    out.push(fx);
    return;
  }
  const p = w.path ?? w.value;
  if (p === null || p === undefined) return; // the model said unknown
  addPath(out, sub, env, a.op as EffectOp, p, a.base, a.how, a.flags, a.names, unknown);
}

/**
 * An extglob group (`!(x)`, `@(a|b)`, `+(…)`, `*(…)`, `?(…)`) read as `*`: it matches no more than `*` would in its
 * name (bash never lets a group cross `/`), so what `*` reaches bounds it.
 */
export function extglobSuperset(p: string): string {
  let out = p;
  for (let i = 0; i < 8 && /[?*+@!]\([^()]*\)/.test(out); i++) out = out.replace(/[?*+@!]\([^()]*\)/g, '*');
  return /[?*+@!]\(/.test(out) ? out.replace(/[?*+@!]\(.*$/s, '*') : out;
}

/**
 * `shopt -s globstar`: `**` as a whole name is every folder under it, at any depth, the folder itself included
 * (`ls **\/*.ts`, `rm -f src/**\/*.log`): the tree under the pattern's literal folder, narrowed to the last name's
 * pattern when it has one. Names that start with a dot (folders too) are not matched without dotglob, as in bash.
 */
function globstarEffect(a: Access, sub: Sub, pattern: string, g: GlobOpts): Effect {
  const segs = pattern.split('/');
  const first = segs.findIndex((x) => /[*?[]/.test(x));
  const dir = segs.slice(0, first).join('/') || '/';
  const last = segs[segs.length - 1];
  // A last name with a pattern of its own narrows the walk to it (case folded with nocaseglob: any name then).
  const names = last === '**' || last === '' || g.nocase ? a.names : [last];
  return effect(
    a.op as EffectOp,
    dir,
    sub,
    sub.text,
    `${a.how} (${pattern.slice(dir.length + 1)} under ${dir}: globstar)`,
    a.flags | RECURSIVE | (g.dot ? 0 : NO_HIDDEN),
    false,
    names,
  );
}

function baseDir(sub: Sub, base: string | undefined, env: CommandEnv): string | null {
  if (base === undefined) return sub.cwd;
  if (base.startsWith('/')) return base;
  if (base === '~' || base.startsWith('~/')) return env.home + base.slice(1);
  return sub.cwd === null ? null : absPath(base, sub.cwd, env.home);
}

function addPath(
  out: Effect[],
  sub: Sub,
  env: CommandEnv,
  op: Effect['op'],
  p: string,
  base: string | undefined,
  how: string,
  flags: number,
  names: string[] | undefined,
  unknown: string[] | undefined,
): void {
  if (p === '') return;
  const dir = baseDir(sub, base, env);
  if (dir === null && RELATIVE.test(p)) {
    unknown?.push(`${how} names ${p} after a cd the guard could not follow`);
    return;
  }
  const abs = procAlias(absPath(p, dir ?? '/', env.home), sub.cwd);
  out.push(effect(op, abs, sub, sub.text, how, flags, false, names));
  // Also as a write into it (the write of the folder itself stays: a tool that empties its output folder replaces it).
  if (op === 'write' && writesInto(abs, sub, env, flags))
    out.push(effect(op, abs, sub, sub.text, `${how} (files into the folder)`, flags | INTO, false, names));
}

/**
 * A program's write target that is a folder on disk is an output folder (`--cache-dir=tests`, `--cpu-prof-dir=.git/hooks`,
 * `dir:tests`): files with names the guard cannot know land in it, so it is judged by what the rules anchor under it.
 * The command's own folder and the workspace root are left as written (a `-o .` build writes its artifact by name).
 */
function writesInto(abs: string, sub: Sub, env: CommandEnv, flags: number): boolean {
  if ((flags & (RECURSIVE | INTO | CONTENTLESS | APPEND)) !== 0) return false;
  const a = abs.replace(/\/+$/, '') || '/';
  return a !== env.workspace && a !== sub.cwd && a !== env.cwd && env.isDir?.(a) === true;
}

/** `/proc/self/cwd/x` is x in the command's own directory; `/proc/self/root/x` is /x. */
function procAlias(abs: string, cwd: string | null): string {
  if (!abs.startsWith('/proc/')) return abs;
  const m = /^\/proc\/(?:self|thread-self|\d+)\/(cwd|root)(\/.*)?$/.exec(abs);
  if (!m) return abs;
  if (m[1] === 'root') return m[2] ?? '/';
  return cwd === null ? abs : cwd + (m[2] ?? '');
}

/** Words read from input: judged by what produced the list, when the line shows it. */
function inputEffects(out: Effect[], sub: Sub, env: CommandEnv, a: Access, w: W, unknown: string[] | undefined): void {
  const src = w.input;
  if (src !== undefined && src.kind === 'words') {
    for (const v of src.words) addPath(out, sub, env, a.op as EffectOp, v, a.base, a.how, a.flags, a.names, unknown);
    return;
  }
  if (src !== undefined && src.kind === 'files') {
    for (let k = 0; k < src.dirs.length; k++) {
      const d = src.dirs[k];
      const cwd = src.cwd;
      if (cwd === null && RELATIVE.test(d)) {
        unknown?.push(`${a.how} acts on files found under ${d} after a cd the guard could not follow`);
        continue;
      }
      out.push(
        effect(
          a.op as EffectOp,
          absPath(d, cwd ?? '/', env.home),
          sub,
          sub.text,
          `${a.how} (files found under ${d})`,
          a.flags | RECURSIVE | (src.descends === true ? DESCENDS : 0),
          src.globs?.[k] === true,
          src.names,
        ),
      );
      // A git listing names only what git holds (analyze keeps this while nothing on the line changes the index).
      if (src.tracked === true) out[out.length - 1].narrow = { ...out[out.length - 1].narrow, tracked: true };
    }
    return;
  }
  unknown?.push(`${a.how} acts on files named by its input${src?.kind === 'unknown' ? ` (${src.what})` : ''}, which the guard cannot see`);
}

/** The effects of a command in a container, for the paths under its bind mounts, as paths here. */
function mountedEffects(out: Effect[], sub: Sub, env: CommandEnv): void {
  const inner: Effect[] = [];
  const local: Sub = { ...sub, remote: false, mounts: undefined, cwd: sub.cwd ?? '/' };
  addEffects(inner, local, { ...env, home: '/root' });
  for (const e of inner) {
    const p = normalize(e.path);
    for (const [ctr, host] of sub.mounts!) {
      const c = normalize(ctr);
      if (p !== c && !p.startsWith(c === '/' ? '/' : c + '/')) continue;
      out.push({ ...e, sub, path: host + p.slice(c === '/' ? 0 : c.length), how: `${e.how} (in the container, through the mount of ${host})` });
      break;
    }
  }
}

/** The command writes nothing: its `>` redirect only empties the file. */
function contentless(sub: Sub): boolean {
  const n = sub.name;
  const w = sub.words;
  if (w.length === 0) return true; // `> f`
  if (n === ':' || n === 'true' || n === 'false') return true;
  if (n === 'cat') return w.length === 2 && w[1].value === '/dev/null';
  if (n === 'echo') {
    if (w.length === 1) return false;
    for (let i = 1; i < w.length; i++) if (w[i].value !== '-n' && w[i].value !== '') return false;
    return true;
  }
  if (n === 'printf') return w.length === 2 && w[1].value === '';
  return false;
}

const FD_DUP = /^(\d+|-)$/;

/** Append the effects of redirections to `out` (pseudo-files such as /dev/null are left out). */
/** A word that is one process substitution, `<(…)` or `>(…)`. */
const PROCESS_SUBST = /^[<>]\([\s\S]*\)$/;

/** A replacing redirect (not an append, not a read) onto a glob or onto names read at run time. */
function truncatesMany(op: string, t: Redir['target']): boolean {
  if (op === '<' || op === '>>' || op === '&>>' || op === '<&' || op === '<<' || op === '<<-') return false;
  // A loop variable is a word whose alternatives are the loop's values: each is judged.
  for (const w of t.alts ?? [t]) {
    if (w.fromInput) return true;
    if (!w.glob) continue;
    const p = w.path ?? w.value;
    if (p === null || p === undefined || !isHarmlessSink(p)) return true;
  }
  return false;
}

export function redirectEffects(
  out: Effect[],
  redirs: Redir[],
  sub: Sub | undefined,
  cwd: string | null,
  env: CommandEnv,
  empty: boolean,
  text = sub?.text ?? '',
  unknown?: string[],
): void {
  for (const r of redirs) {
    const t = r.target;
    if ((r.op === '>&' || r.op === '<&') && t.value !== null && FD_DUP.test(t.value)) continue; // fd duplication
    if (r.op === '<<<') continue;
    // `< <(git ls-files src)`, `> >(tee log)`: a pipe to a process substitution, no file; its command is walked
    // and judged as one of the line's own.
    if ((r.op === '<' || r.op === '>') && t.value === null && PROCESS_SUBST.test(t.text)) continue;
    if (t.value === null && !t.glob && t.alts === undefined) {
      if (r.op !== '>&' && r.op !== '<&') unknown?.push(`${text.split('\n')[0].slice(0, 60)}: redirects ${r.op} ${t.text}, a file only known at run time`);
      continue;
    }
    // Threat: `for f in src/*; do : > "$f"; done`, `for f in $(git ls-files); do > "$f"; done`: the target takes
    // several values, or values read at run time, and each one is truncated; the literal pattern names no file, so
    // only asking shows the reviewer what a set of overwrites the line makes.
    // The set's own effects still go on (a glob over protected paths is refused by the path rules).
    if (truncatesMany(r.op, t))
      unknown?.push(`${text.split('\n')[0].slice(0, 60)}: redirects ${r.op} ${t.text}, which is every file of a set only known at run time, each one replaced`);
    const targets = t.alts ?? [t];
    for (const tw of targets) {
      const p = tw.path ?? tw.value;
      if (p === null || p === undefined || p === '') continue;
      if (cwd === null && RELATIVE.test(p)) {
        unknown?.push(`${text.split('\n')[0].slice(0, 60)}: redirects to ${p} after a cd the guard could not follow`);
        continue;
      }
      const path = procAlias(absPath(p, cwd ?? '/', env.home), cwd);
      const g = tw.glob;
      if (r.op === '<') out.push(effect('read', path, sub, text, '<', 0, g));
      else if (isHarmlessSink(path)) continue;
      else if (r.op === '<>') {
        // Opened for reading and writing without truncation: what is written lands over the file's first bytes
        // (`echo x 1<> src/index.ts`, `exec 4<>f; echo x >&4`), an overwrite of its content, not an append.
        out.push(effect('read', path, sub, text, r.op, 0, g));
        out.push(effect('write', path, sub, text, r.op, 0, g));
      } else if (r.op === '>>' || r.op === '&>>') out.push(effect('write', path, sub, text, r.op, APPEND, g));
      else {
        // `2> f` on a command writes f; only an fd-1 `>` on a command that prints nothing is a pure truncation.
        const fdOut = r.fd === undefined || r.fd === 1 || r.op === '&>';
        out.push(effect('write', path, sub, text, r.op, (empty && fdOut ? CONTENTLESS : 0) | (r.op === '>|' ? FORCE : 0), g));
      }
    }
  }
}
