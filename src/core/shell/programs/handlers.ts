// Custom readings for the rows whose arguments the notation cannot say on its own: a destination that is the
// last word or a -t value (cp, mv, ln), `if=`/`of=` (dd), a mode letter bundle (tar), a program in the first
// positional unless -e/-f gave one (grep, sed, awk), and the file-or-data values of HTTP clients.
// Each handler records accesses on the model and calls `unknown` for what it cannot account for.
import { APPEND, CONTENTLESS, DESCENDS, FORCE, HISTORY, INTO, NO_FOLLOW, NO_HIDDEN, RECURSIVE, applyRoles, derived, handler, type Model } from './model';
import { parseArgv } from './spec';
import type { Narrow, W } from '../types';
import { word } from '../words';
import { awkEffects, sedEffects } from './langs';
import { tarCommands } from './runners';
import { awkPrintsNothing, exDestroys, sedDestroys, wipesMany } from './inplace';
import { jqModules, wgetExecute, yqLoads } from './handlers4';
import { patchEffects, stripOf } from './patchText';

const base = (p: string) => {
  const t = p.replace(/\/+$/, '');
  return t.slice(t.lastIndexOf('/') + 1);
};
const dirOf = (p: string) => {
  const i = p.replace(/\/+$/, '').lastIndexOf('/');
  return i < 0 ? '' : p.slice(0, i + 1);
};
const lit = (w: W | undefined) => (w === undefined || w.glob ? undefined : (w.path ?? w.value ?? undefined));

/** Option values other than the named ones get their roles; the named ones are the handler's. */
function optionRoles(m: Model, skip: readonly string[] = []): void {
  for (const o of m.p.occ) {
    if (o.value === undefined || skip.includes(o.opt.key)) continue;
    m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  }
  if (m.p.unknown.length) m.unknown(`${m.label} ${m.p.unknown[0]} is an option the guard does not model`);
}

function abs(m: Model, p: string): string {
  if (p.startsWith('/')) return p;
  if (p === '~' || p.startsWith('~/')) return m.env.home + p.slice(1);
  const cwd = m.s.cwd ?? m.env.cwd;
  return cwd.endsWith('/') ? cwd + p : `${cwd}/${p}`;
}

/** Programs whose every argument is text (echo, printf, true, sleep): nothing is a path. */
handler('inert', () => undefined);

// ---- file system ----

handler('cp', (m) => {
  const name = m.s.name ?? 'cp';
  optionRoles(m, ['-t']);
  const ps = m.p.positional;
  if (name === 'install' && m.has('dirs')) {
    for (const w of ps) m.path('A', w, w.value, 'install -d');
    return;
  }
  // `cp -L -r` copies what each link under the tree points to (a link to a folder: its whole tree).
  const rec = m.has('rec') ? RECURSIVE | (m.occ('-L') !== undefined ? DESCENDS : 0) : 0;
  const flags = (m.has('force') ? FORCE : 0) | (m.has('noclobber') ? APPEND : 0);
  const t = m.occ('-t');
  let dest: W | undefined;
  let srcs: W[];
  if (t !== undefined) {
    if (t.value === null || t.value === undefined) {
      m.unknown(`${name} -t names a directory only known at run time`);
      dest = undefined;
    } else dest = t.w ?? derived(t.value);
    srcs = ps;
  } else {
    dest = ps[ps.length - 1];
    srcs = ps.slice(0, -1);
  }
  if (srcs.length === 0 && t === undefined) {
    if (dest) m.path(name === 'mv' ? 'N' : 'R', dest, dest.value, name);
    return;
  }
  // `cp -l` / `cp -al` / `cp -s`: the destination is a new name for each source, not a copy: a hard link to a test,
  // edited under its new name, edits the test (as `ln` does). Each source is touched in every way.
  const linking = name === 'cp' && (m.occ('-l') !== undefined || m.occ('-s') !== undefined);
  for (const s of srcs) {
    if (linking) m.name(s, s.value, `${name} (a link to it)`);
    else m.path(name === 'mv' ? 'N' : 'R', s, s.value, name, name === 'mv' ? 0 : rec);
  }
  if (dest === undefined) return;
  const dp = lit(dest);
  if (dp === undefined) {
    m.path('W', dest, dest.value, name, flags | rec);
    return;
  }
  const isDir = m.env.isDir?.(abs(m, dp));
  // -T (--no-target-directory): the destination is the folder itself, never a folder to copy into.
  const noTarget = m.occ('-T') !== undefined && srcs.length === 1;
  const intoDir = t !== undefined || (!noTarget && (dp.endsWith('/') || dp === '.' || dp === '..' || dp === '~' || srcs.length > 1 || isDir === true));
  // A move keeps links as links, and so does a copy of a tree (`cp -r` copies a link, not what it points to) or
  // with -P/-d: the new name reaches what a link under the old one reaches (`mv src/env.link docs/ && cat
  // docs/env.link` reads .env). -L copies what links point to: the copy holds no link.
  const keepsLinks =
    name === 'mv' || (name === 'cp' && !linking && m.occ('-L') === undefined && (rec !== 0 || m.occ('-P') !== undefined || m.occ('-d') !== undefined));
  if (keepsLinks)
    for (const s of srcs) {
      const sp = lit(s);
      if (sp !== undefined) m.alias(intoDir ? dp.replace(/\/+$/, '') + '/' + base(sp) : dp, sp, name);
    }
  if (intoDir) {
    for (const s of srcs) {
      const sp = lit(s);
      if (sp === undefined) {
        // A glob source lands as the names it matches (`cp src/*.ts /tmp/` writes /tmp/*.ts); a source only
        // known at run time lands somewhere in the directory.
        const g = s.glob ? (s.path ?? s.value) : null;
        if (g) m.add('write', word(g, true, g, dp.replace(/\/+$/, '') + '/' + base(g)), undefined, name, flags);
        else m.add('write', undefined, dp, name, flags | RECURSIVE | INTO);
        continue;
      }
      m.add('write', undefined, dp.replace(/\/+$/, '') + '/' + base(sp), name, flags | rec);
    }
    return;
  }
  const src = lit(srcs[0]);
  // `cp -rT /tmp/x src`, `cp -r /tmp/x/. src`: the tree's contents land in the existing folder, under names
  // nobody on the line can list (as an extraction into it), over whatever protected files it holds.
  if (rec && isDir !== false && (noTarget || (src !== undefined && /(^|\/)\.\/?$/.test(src)))) {
    m.add('write', undefined, dp, name, flags | RECURSIVE | INTO);
    return;
  }
  m.path('W', dest, dest.value, name, flags | rec | (name === 'cp' && src === '/dev/null' ? CONTENTLESS : 0));
});

handler('ln', (m) => {
  optionRoles(m, ['-t']);
  const ps = m.p.positional;
  const symbolic = m.occ('-s') !== undefined;
  const relative = m.occ('-r') !== undefined;
  // Without -f, ln refuses to replace an existing name: a creation, not an overwrite.
  const flags = m.has('force') ? FORCE : APPEND;
  const t = m.occ('-t');
  let targets: W[];
  let links: (string | undefined)[];
  if (t !== undefined) {
    if (typeof t.value !== 'string') {
      m.unknown('ln -t names a directory only known at run time');
      return;
    }
    targets = ps;
    links = ps.map((w) => {
      const v = lit(w);
      return v === undefined ? undefined : t.value!.replace(/\/+$/, '') + '/' + base(v);
    });
  } else if (ps.length === 1) {
    targets = ps;
    const v = lit(ps[0]);
    links = [v === undefined ? undefined : base(v)];
  } else {
    const last = lit(ps[ps.length - 1]);
    targets = ps.slice(0, -1);
    const isDir = last !== undefined ? m.env.isDir?.(abs(m, last)) : undefined;
    const intoDir = last !== undefined && (targets.length > 1 || last.endsWith('/') || isDir === true);
    links = targets.map((w) => {
      const v = lit(w);
      if (last === undefined || v === undefined) return undefined;
      return intoDir ? last.replace(/\/+$/, '') + '/' + base(v) : last;
    });
  }
  for (let i = 0; i < targets.length; i++) {
    const tw = targets[i];
    const tv = lit(tw);
    const link = links[i];
    // A symbolic link's relative target is relative to the link's own directory (unless -r made it from here).
    const target = tv !== undefined && symbolic && !relative && !tv.startsWith('/') && !tv.startsWith('~') && link !== undefined ? dirOf(link) + tv : tv;
    if (target === undefined) m.name(tw, tw.value, 'ln (link target)');
    else m.add('any', undefined, target, 'ln (link target)');
    if (link === undefined) {
      m.unknown('ln makes a link whose name is only known at run time');
      continue;
    }
    m.add('write', undefined, link, 'ln', flags);
    if (target !== undefined) m.link(link, target, symbolic);
  }
});

handler('chmod', (m) => {
  optionRoles(m);
  const ps = m.p.positional;
  const ref = m.occ('--reference') !== undefined;
  const rec = m.has('rec') ? RECURSIVE : 0;
  for (let i = ref ? 0 : 1; i < ps.length; i++) m.path('A', ps[i], ps[i].value, m.label, rec);
});

handler('truncate', (m) => {
  optionRoles(m);
  const size = m.occ('-s')?.value;
  for (const w of m.p.positional) m.path('W', w, w.value, 'truncate', size === '0' || size === '' ? CONTENTLESS : 0);
});

handler('dd', (m) => {
  for (let i = 1; i < m.s.words.length; i++) {
    const w = m.s.words[i];
    const v = w.value;
    if (v === null) {
      m.unknown(`dd is given ${w.text}, only known at run time`);
      continue;
    }
    const eq = v.indexOf('=');
    const k = eq < 0 ? v : v.slice(0, eq);
    const val = eq < 0 ? '' : (w.path !== undefined && w.path.startsWith(k + '=') ? w.path : v).slice(eq + 1);
    if (k === 'if') m.add('read', undefined, val, 'dd');
    else if (k === 'of') m.add('write', undefined, val, 'dd', /conv=[^ ]*notrunc/.test(m.s.text) ? 0 : FORCE);
    else if (!/^(bs|ibs|obs|cbs|count|skip|seek|iseek|oseek|conv|iflag|oflag|status)$/.test(k) && !/^--(help|version)$/.test(v))
      m.unknown(`dd ${v} is not an operand the guard models`);
  }
});

handler('shopt', (m) => {
  applyRoles(m);
  const ws = m.s.words.map((w) => w.value);
  if (ws.includes('-s') && ws.some((v) => v === 'expand_aliases' || v === null))
    m.unknown('shopt -s expand_aliases turns aliases on: what later commands run can no longer be read from the line');
  if (ws.includes('-s') && ws.includes('extdebug')) m.unknown('shopt -s extdebug changes how functions and traps run');
});

handler('enable', (m) => {
  applyRoles(m);
  if (m.s.words.some((w) => w.value === '-f' || (w.value !== null && /^-[a-zA-Z]*f/.test(w.value))))
    m.unknown(`${m.label} -f loads a builtin from a shared library (native code)`);
  const n = m.s.name;
  // `bind -x '"\C-m": rm -rf tests'` runs a command at every key press in that shell (VS Code sends Enter to its
  // terminal after each command), a key bound to a macro types text into it, and `-f` reads bindings from a file:
  // code that runs later, unseen. Listing (-l -p -P -s -S -v -V -X, -q, -m) and removing (-r, -u) bind nothing.
  // `complete -C cmd` / `compgen -C cmd` run a command for completions (compgen at once, complete at each Tab).
  if (n === 'bind' && m.s.words.slice(1).some((w, i, ws) => w.value === null || !bindOnlyLists(w.value, ws[i - 1]?.value)))
    m.unknown('bind sets a key binding or macro in this shell: code that runs at a later key press');
  if ((n === 'complete' || n === 'compgen') && m.s.words.some((w) => w.value === null || /^-[a-zA-Z]*C/.test(w.value)))
    m.unknown(`${m.label} -C runs a command to list completions`);
});

/** A `bind` word that only lists or removes bindings (an option, or the value of -m/-q/-u/-r). */
function bindOnlyLists(v: string, prev: string | null | undefined): boolean {
  if (prev !== undefined && prev !== null && /^-[a-zA-Z]*[mqur]$/.test(prev)) return true;
  return /^-[lpPsSvVXmqur]+$/.test(v);
}

// ---- text ----

/** grep-likes: the first positional is the pattern unless -e/-f gave one; -r reads trees (default `.`). */
handler('grep', (m) => {
  optionRoles(m);
  const ps = m.p.positional;
  const patGiven = m.occ('-e') !== undefined || m.occ('-f') !== undefined;
  const files = patGiven ? ps : ps.slice(1);
  const dirOpt = m.occ('-d')?.value;
  const rec = m.has('rec') || dirOpt === 'recurse' || m.s.name === 'rgrep';
  const role = rec ? 'T' : 'R';
  // --include narrows a recursive search to those names.
  const inc = m.p.occ.filter((o) => o.opt.key === '--include').map((o) => o.value);
  const names = inc.length && inc.every((v): v is string => typeof v === 'string') ? inc : undefined;
  const narrow = rec ? searchNarrow(m, ps, patGiven) : undefined;
  // -r (and rgrep) follows a link only where the command line names it; -R every one. The environment can add
  // options (GREP_OPTIONS): any assignment in front makes it follow.
  const follow = m.occ('-R') !== undefined || m.occ('--dereference-recursive') !== undefined || Object.keys(m.s.assigns).length > 0;
  const walk = rec && !follow ? NO_FOLLOW : rec ? DESCENDS : 0;
  if (files.length === 0 && rec) m.add('read', undefined, '.', m.label, RECURSIVE | walk, names, narrow);
  for (const f of files) m.path(role, f, f.value, m.label, walk, rec ? names : undefined, narrow);
});

/**
 * The lines a search can print, as JS regex sources that match a superset of them (case folded): the files a
 * recursive search walks give the output only their matching lines (context lines only around a match), so a
 * protected file with no such line gives it nothing (`grep -rn TODO .` beside a `.env`). Undefined when any line
 * may be printed: an inverted match, patterns from a file or only known at run time, a pattern the guard does not
 * read as text (character classes, repetition, alternation, escapes), output that is not the file's lines
 * (`--passthru`, a preprocessor, decompression), or an option the row does not know.
 * The verdict then says whether the protected files hold the pattern: a guard that answers differently for
 * `grep -r ghp_a .` and `grep -r ghp_b .` tells the agent one bit of them per refused try. A literal the agent must
 * already guess is a slow oracle, and every refused try is in the audit log.
 */
function searchNarrow(m: Model, ps: readonly W[], patGiven: boolean): Narrow | undefined {
  // The environment can add options (`RIPGREP_CONFIG_PATH=/tmp/rc rg x` with `--passthru` in the file, GREP_OPTIONS).
  // Any assignment in front of the search voids the narrowing.
  if (Object.keys(m.s.assigns).length > 0) return undefined;
  // A loose row does not list every option (ag's --passthrough, ugrep's -y print lines that do not match); git
  // grep's options are checked word by word.
  if (m.s.name === 'git') {
    const ws = m.s.words;
    for (let i = m.from; i < ws.length; i++) {
      const v = ws[i].value;
      if (v === '--') break;
      if (v !== null && v.startsWith('-') && !GIT_GREP_OPTS.test(v)) return undefined;
    }
  } else if (m.p.unknown.length || m.row.loose) return undefined;
  for (const o of ['-v', '--invert-match', '-f', '--file', '--passthru', '--pre', '-z', '--search-zip', '--not', '--pre-glob'])
    if (m.occ(o) !== undefined) return undefined;
  const fixed = m.occ('-F') !== undefined || m.occ('--fixed-strings') !== undefined || m.s.name === 'fgrep' || m.s.name === 'zfgrep';
  const pats: (string | null | undefined)[] = [];
  if (patGiven) {
    for (const o of m.p.occ) if (o.opt.key === '-e' || o.opt.key === '--regexp') pats.push(o.value);
  } else pats.push(ps[0]?.value);
  if (pats.length === 0) return undefined;
  // Alternation at the top level (`TODO|FIXME` in an extended regex, `TODO\|FIXME` in a basic one): each branch.
  // Splitting at both in every dialect only widens what is checked (a literal `|` splits a line's match in two).
  const out: string[] = [];
  for (const p of pats) {
    if (typeof p !== 'string') return undefined;
    for (let piece of p.split('\n').flatMap((x) => (fixed ? [x] : x.split(/\\?\|/)))) {
      if (!fixed) {
        if (piece.startsWith('^')) piece = piece.slice(1);
        if (piece.endsWith('$')) piece = piece.slice(0, -1);
        if (!PLAIN_PATTERN.test(piece)) return undefined;
      }
      if (piece === '') return undefined; // matches every line
      // `.` is any character in a regex and itself in a fixed string: either way, any character is a superset.
      out.push(piece.replace(/[\\^$*+?()[\]{}|/]/g, '\\$&').replace(/\./g, '[\\s\\S]'));
    }
  }
  return { matching: out };
}

/** git grep's options that print matching lines only (no -v, --not, -f, -O, --textconv). */
const GIT_GREP_OPTS =
  /^(-[nhHiwlLcoqzIEFGPWpa]+|-[ABCm]\d*|-e|--(line-number|ignore-case|word-regexp|files-with-matches|name-only|files-without-match|count|only-matching|quiet|null|extended-regexp|fixed-strings|basic-regexp|perl-regexp|untracked|no-index|column|heading|break|full-name|recurse-submodules|no-color|color(=[a-z]+)?|max-depth=-?\d+|max-depth|threads=\d+|threads|all-match|and|or|function-context|show-function|exclude-standard|no-exclude-standard|text|no-textconv|(after|before)-context(=\d+)?|context(=\d+)?|max-count(=\d+)?|regexp))$/;

/** A regex with no operator but `.` in grep's, egrep's, PCRE's and Rust's syntax alike: text, read as text. */
const PLAIN_PATTERN = /^[A-Za-z0-9_ .,:;=#@%&~'"<>!\/-]*$/;

/** Recursive searchers (rg, ag, ack, git grep): pattern first unless given by option; paths are trees; none is `.`. */
handler('rg', (m) => {
  optionRoles(m);
  const ps = m.p.positional;
  const listOnly = m.has('list');
  const patGiven = listOnly || m.occ('-e') !== undefined || m.occ('-f') !== undefined;
  const files = patGiven ? ps : ps.slice(1);
  if (listOnly) return;
  // rg, ag and fd skip dot files unless told (--hidden, -uu); git grep searches what is tracked, dot files too.
  const us = m.p.occ.filter((o) => o.opt.key === '-u').length;
  const hidden = m.s.name === 'git' || m.occ('--hidden') !== undefined || us >= 2 || m.occ('-uu') !== undefined;
  const globs: string[] = [];
  for (const o of m.p.occ) {
    if ((o.opt.key === '-g' || o.opt.key === '--iglob') && typeof o.value === 'string' && !o.value.startsWith('!')) globs.push(o.value.replace(/^.*\//, ''));
    if (o.opt.key === '-t' && typeof o.value === 'string') globs.push(...(RG_TYPES[o.value] ?? ['*']));
  }
  const names = globs.length && !globs.includes('*') ? globs : undefined;
  // rg and ag follow no link below the tree unless told (-L, --follow; ag -f); git grep reads a tracked link as the
  // path it holds (its blob), not the file it points to (unless it searches the disk: --no-index, --untracked).
  const follows =
    Object.keys(m.s.assigns).length > 0 ||
    m.row.loose === true ||
    (m.s.name === 'git'
      ? m.s.words.some((w) => w.value === null || w.value === '--no-index' || w.value === '--untracked')
      : m.occ('-L') !== undefined || m.occ('--follow') !== undefined);
  // git grep follows no link it meets, to a file or a folder, tracked or over the disk (`--no-index`, `--untracked`:
  // checked with git 2.39): `git grep add` with `sshdir -> ~/.ssh` in the tree was refused.
  const flags = (hidden ? 0 : NO_HIDDEN) | (m.s.name === 'git' ? NO_FOLLOW : follows ? DESCENDS : NO_FOLLOW);
  if (m.s.name === 'git') {
    // `git grep KEY HEAD`: a word before `--` that is no file here is a revision, and the search reads its commit.
    const dd = m.s.words.findIndex((w, i) => i >= m.from && w.value === '--');
    const paths: W[] = [];
    let rev = false;
    for (const f of files) {
      const i = m.s.words.indexOf(f);
      const v = f.path ?? f.value;
      if ((dd < 0 || i < dd) && (v === null || (!f.glob && m.env.exists?.(abs(m, v)) !== true && !v.includes('/')))) rev = true;
      else paths.push(f);
    }
    if (rev) {
      if (paths.length === 0) m.add('read', undefined, '.', m.label, HISTORY);
      for (const f of paths) if (f.value !== null || f.glob) m.add('read', f, undefined, m.label, HISTORY | (f.glob ? 0 : RECURSIVE));
      return;
    }
  }
  const narrow = searchNarrow(m, ps, patGiven);
  if (files.length === 0) m.add('read', undefined, '.', m.label, RECURSIVE | flags, names, narrow);
  for (const f of files) m.path('T', f, f.value, m.label, flags, names, narrow);
});

/** ripgrep's common file types (`rg -t ts`). */
const RG_TYPES: Record<string, string[]> = {
  ts: ['*.ts', '*.tsx', '*.cts', '*.mts'],
  js: ['*.js', '*.jsx', '*.mjs', '*.cjs', '*.vue'],
  py: ['*.py', '*.pyi'],
  rust: ['*.rs'],
  go: ['*.go'],
  java: ['*.java'],
  kotlin: ['*.kt', '*.kts'],
  c: ['*.c', '*.h'],
  cpp: ['*.cpp', '*.cc', '*.cxx', '*.hpp', '*.hh', '*.h'],
  md: ['*.md', '*.markdown'],
  markdown: ['*.md', '*.markdown'],
  json: ['*.json'],
  yaml: ['*.yml', '*.yaml'],
  css: ['*.css', '*.scss', '*.sass', '*.less'],
  html: ['*.html', '*.htm'],
  sh: ['*.sh', '*.bash', '*.zsh'],
  ruby: ['*.rb'],
  php: ['*.php'],
  sql: ['*.sql'],
  swift: ['*.swift'],
  cs: ['*.cs'],
};

handler('sed', (m) => {
  optionRoles(m, ['-e', '-f']);
  const ps = m.p.positional;
  const scripts: (string | null)[] = [];
  for (const o of m.p.occ) if (o.opt.key === '-e' && o.value !== undefined) scripts.push(o.value);
  const fromFile = m.occ('-f');
  if (fromFile !== undefined) {
    m.role('R', fromFile.w, fromFile.value, 'sed -f');
    m.unknown('sed -f runs a script file the guard does not read (it may write files or run commands)');
  }
  const files = scripts.length || fromFile ? ps : ps.slice(1);
  if (!scripts.length && !fromFile) scripts.push(ps[0] ? ps[0].value : null);
  for (const sc of scripts) {
    if (sc === null) {
      m.unknown('sed runs a script only known at run time');
      continue;
    }
    const e = sedEffects(sc);
    for (const c of e.commands) m.host.shell(m.s, c, 'sed e');
    if (e.dynamicExec) m.unknown('sed executes text it computes (the e command or the s///e flag) as a shell command');
    for (const f of e.writes) m.add('write', undefined, f, 'sed w');
    for (const f of e.reads) m.add('read', undefined, f, 'sed r');
    if (e.error) m.unknown(`sed script not understood: ${e.error}`);
  }
  const inPlace = m.has('inplace');
  // A script that deletes every line or prints nothing replaces the file's content (see inplace.ts).
  const known = scripts.filter((x): x is string => x !== null);
  const wipes = inPlace && known.length > 0 && sedDestroys(known, m.occ('-n') !== undefined);
  for (const f of files) {
    if (wipes) wipesMany(m, f, 'sed -i');
    m.path(inPlace ? (wipes ? 'W' : 'A') : 'R', f, f.value, wipes ? 'sed -i (a script that keeps no content)' : inPlace ? 'sed -i' : 'sed');
  }
});

handler('awk', (m) => {
  optionRoles(m, ['-f', '-e', '-v', '-i']);
  // gawk -i inplace rewrites its input files; another -i loads an awk library (project code, like a script).
  let inplace = false;
  for (const o of m.p.occ) {
    if (o.opt.key !== '-i' || o.value === undefined) continue;
    if (o.value === null) m.unknown(`${m.label} -i loads a library only known at run time`);
    else if (/^inplace(\.awk)?$/.test(o.value)) inplace = true;
    else m.role('X', o.w, o.value, `${m.label} -i`);
  }
  const ps = m.p.positional;
  const progs: (string | null)[] = [];
  for (const o of m.p.occ) if (o.opt.key === '-e' && o.value !== undefined) progs.push(o.value);
  for (const o of m.p.occ) {
    if (o.opt.key !== '-f' || o.value === undefined) continue;
    m.role('R', o.w, o.value, `${m.label} -f`);
    m.unknown(`${m.label} -f runs a program file the guard does not read`);
  }
  const hasProg = progs.length > 0 || m.occ('-f') !== undefined;
  const files = hasProg ? ps : ps.slice(1);
  if (!hasProg) progs.push(ps[0] ? ps[0].value : null);
  for (const pg of progs) {
    if (pg === null) {
      m.unknown(`${m.label} runs a program only known at run time`);
      continue;
    }
    const e = awkEffects(pg);
    for (const c of e.commands) m.host.shell(m.s, c, `${m.label} system`);
    for (const f of e.writes) m.add('write', undefined, f.path, `${m.label} print >`, f.append ? APPEND : 0);
    for (const f of e.reads) m.add('read', undefined, f, `${m.label} getline <`);
    if (e.unknown) m.unknown(`${m.label}: ${e.unknown}`);
  }
  const wipes = inplace && progs.length > 0 && progs.every((pg) => pg !== null && awkPrintsNothing(pg));
  for (const f of files) {
    // `var=value` operands are assignments, not files.
    if (f.value !== null && /^[A-Za-z_][A-Za-z0-9_]*=/.test(f.value)) continue;
    if (wipes) wipesMany(m, f, `${m.label} -i inplace`);
    m.path(
      inplace ? (wipes ? 'W' : 'A') : 'R',
      f,
      f.value,
      wipes ? `${m.label} -i inplace (a program that prints nothing)` : inplace ? `${m.label} -i inplace` : m.label,
    );
  }
});

/** jq: the filter first (unless -f), then files; --arg/--argjson take two words, --slurpfile/--rawfile read a file. */
handler('jq', (m) => {
  const ws = m.s.words;
  const files: W[] = [];
  let filter = false;
  let text: string | null | undefined;
  const libs: (string | null)[] = [];
  let afterDD = false;
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (!afterDD && v !== null && v.startsWith('-') && v.length > 1) {
      if (v === '--') afterDD = true;
      else if (v === '--arg' || v === '--argjson') i += 2;
      else if (v === '--slurpfile' || v === '--rawfile') {
        const f = ws[i + 2];
        m.path('R', f, f?.value, `jq ${v}`);
        i += 2;
      } else if (v === '-f' || v === '--from-file') {
        const f = ws[i + 1];
        m.path('R', f, f?.value, 'jq -f');
        filter = true;
        i++;
      } else if (v === '-L' || v === '--library-path') {
        libs.push(ws[i + 1] ? (ws[i + 1].value ?? ws[i + 1].path ?? null) : null);
        i++;
      } else if (/^-L./.test(v) || v.startsWith('--library-path=')) libs.push(v.slice(v.startsWith('-L') ? 2 : 15));
      else if (v === '--indent' || v === '--tab' || v === '--seq') {
        if (v === '--indent') i++;
      } else if (v === '--args' || v === '--jsonargs') break;
      else if (
        !/^-[a-zA-Z]+$|^--(raw-output|join-output|compact-output|null-input|exit-status|slurp|sort-keys|color-output|monochrome-output|ascii-output|raw-input|stream|stream-errors|raw-output0|unbuffered|help|version|build-configuration)$/.test(
          v,
        )
      )
        m.unknown(`jq ${v} is an option the guard does not model`);
      continue;
    }
    if (!filter) {
      filter = true;
      text = w.value;
      continue;
    }
    files.push(w);
  }
  for (const f of files) m.path('R', f, f.value, 'jq');
  // `import "secrets/prod" as $s;`: modules and data files found under the -L directories (see handlers4).
  jqModules(m, text, libs);
});

/** yq (mikefarah): `yq [eval|e|eval-all|ea] EXPR [files]`; -i edits the files in place. */
handler('yq', (m) => {
  optionRoles(m);
  let ps = m.p.positional;
  if (ps[0] && ps[0].value !== null && /^(e|eval|ea|eval-all|shell-completion|help)$/.test(ps[0].value)) ps = ps.slice(1);
  // yq v4 takes a first argument that names an existing file as a file (the expression is then `.`):
  // `yq .env`, `yq -P secrets/prod.json` print it. A glob the shell expands names files too.
  const firstIsFile =
    ps[0] !== undefined && (ps[0].glob === true || m.existingFile(ps[0], ps[0].value) || (m.env.exists === undefined && ps[0].value !== null));
  const files = m.occ('--from-file') || m.occ('--expression') || firstIsFile ? ps : ps.slice(1);
  if (!m.occ('--from-file') && !firstIsFile) yqLoads(m, ps[0]?.value);
  const inPlace = m.has('inplace');
  for (const f of files) m.path(inPlace ? 'A' : 'R', f, f.value, inPlace ? 'yq -i' : 'yq');
});

// ---- find ----

handler('find', (m) => {
  const ws = m.s.words;
  let end = 1;
  // Leading -H/-L/-P/-D/-O options.
  while (end < ws.length && ws[end].value !== null && /^-[HLP]$|^-D$|^-O\d*$/.test(ws[end].value!)) end += ws[end].value === '-D' ? 2 : 1;
  const startFrom = end;
  while (end < ws.length) {
    const v = ws[end].value;
    if (v !== null && (v.startsWith('-') || v === '(' || v === '!' || v === ',')) break;
    end++;
  }
  for (let i = startFrom; i < end; i++) {
    if (ws[i].value === null) m.unknown(`find starts from ${ws[i].text}, only known at run time`);
  }
  let del = false;
  for (let i = end; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (v === '-delete') del = true;
    else if (/^-(exec|execdir|ok|okdir)$/.test(v)) {
      // The inner command is the unwrapper's; skip to its terminator.
      while (i < ws.length && ws[i].value !== ';' && ws[i].value !== '+') i++;
    } else if (/^-(fprint0?|fprintf|fls)$/.test(v)) m.path('W', ws[i + 1], ws[i + 1]?.value, `find ${v}`);
    else if (v === '-files0-from') m.path('R', ws[i + 1], ws[i + 1]?.value, 'find -files0-from');
  }
  if (del) {
    // `-name P` in a plain conjunction (no -o, !, -not, parentheses): only names matching P are deleted.
    const expr = ws.slice(end).map((w) => w.value);
    const nameAt = expr.indexOf('-name');
    const plain = !expr.some((v) => v === null || v === '-o' || v === '-or' || v === ',' || v === '!' || v === '-not' || v === '(');
    const pat = plain && nameAt >= 0 ? expr[nameAt + 1] : undefined;
    const names = typeof pat === 'string' && pat !== '' && !pat.includes('/') ? [pat] : undefined;
    if (end === startFrom) m.add('delete', undefined, '.', 'find -delete', RECURSIVE, names);
    for (let i = startFrom; i < end; i++) m.path('D', ws[i], ws[i].value, 'find -delete', RECURSIVE, names);
  }
});

// ---- archives ----

const TAR_ARG_LETTERS = new Set(['f', 'C', 'b', 'T', 'X', 'g', 'N', 'V', 'I', 'F', 'K', 'L', 'H']);

handler('tar', (m) => {
  const ws = m.s.words;
  // Old style: a first word of bundled letters without a dash (`tar cvzf out.tgz src`).
  let words = ws;
  if (ws[1] && ws[1].value !== null && /^[A-Za-z]+$/.test(ws[1].value) && !ws[1].value.startsWith('-')) {
    const letters = ws[1].value;
    const out: W[] = [ws[0]];
    let next = 2;
    for (const c of letters) {
      out.push(derived('-' + c));
      if (TAR_ARG_LETTERS.has(c) && ws[next]) out.push(ws[next++]);
    }
    words = [...out, ...ws.slice(next)];
  }
  const p = parseArgv(words, 1, [m.row], m.row.loose, false);
  m.p = p;
  const mode = m.has('create') ? 'c' : m.has('extract') ? 'x' : m.has('list') ? 't' : m.has('append') ? 'r' : m.has('delete') ? 'd' : m.has('diff') ? 'd' : '';
  for (const o of p.occ) {
    if (o.value === undefined) continue;
    const k = o.opt.key;
    if (k === '-f' || k === '-C') continue;
    m.role(o.opt.role, o.w, o.value, `tar ${k}`);
  }
  if (p.unknown.length) m.unknown(`tar ${p.unknown[0]} is an option the guard does not model`);
  // bsdtar's -s rewrites every member's path (`-s ',^,.git/hooks/,'`): what is written is not what the archive names.
  if (m.s.name === 'bsdtar' && m.s.words.some((w, i) => i > 0 && w.value === '-s')) m.unknown('bsdtar -s rewrites the path of every member it writes or reads');
  tarCommands(m);
  // -C applies to what follows it; the first one is the base for members and extraction.
  const dirOcc = m.occ('-C');
  const dir = dirOcc?.value;
  if (dirOcc !== undefined && typeof dir !== 'string') m.unknown('tar -C names a directory only known at run time');
  const file = m.occ('-f');
  const archiveOp = mode === 'c' ? 'W' : mode === 'r' || mode === 'd' ? 'A' : 'R';
  if (file && file.value !== '-') m.role(archiveOp, file.w, file.value, 'tar -f');
  const join = (p2: string) => (typeof dir === 'string' && !p2.startsWith('/') ? dir.replace(/\/+$/, '') + '/' + p2 : p2);
  if (mode === 'c' || mode === 'r') {
    const rm = m.has('remove');
    // tar stores a symbolic link it meets under a folder as a link (its target's name, not its content) unless -h
    // (--dereference) follows it; bsdtar's -L follows too (GNU's -L, a tape length, is counted as one: fail closed).
    const walk = m.has('deref') || m.occ('-L') !== undefined ? DESCENDS : NO_FOLLOW;
    for (const w of p.positional) {
      const v = lit(w);
      if (v === undefined) {
        m.path('T', w, w.value, 'tar', walk);
        if (rm) m.path('D', w, w.value, 'tar --remove-files', RECURSIVE);
        continue;
      }
      m.add('read', undefined, join(v), 'tar', RECURSIVE | walk);
      if (rm) m.add('delete', undefined, join(v), 'tar --remove-files', RECURSIVE);
    }
  } else if (mode === 'x') {
    if (m.has('abs')) m.unknown('tar -P extracts members to the absolute paths they name');
    if (m.has('stdout')) return;
    const target = typeof dir === 'string' ? dir : '.';
    if (p.positional.length === 0) m.add('write', undefined, target, 'tar -x', RECURSIVE | INTO | (m.has('keep') ? APPEND : 0));
    // Member names are patterns with --wildcards (bsdtar's always are), and --strip-components/--transform rename
    // what is written: then the members land anywhere under the destination.
    const patterns = m.has('wildcards') || m.s.name === 'bsdtar';
    const renamed = m.occ('--strip-components') !== undefined || m.occ('--transform') !== undefined;
    const keep = m.has('keep') ? APPEND : 0;
    for (const w of p.positional) {
      const v = lit(w);
      if (v === undefined || renamed || (patterns && /[*?[]/.test(v))) m.add('write', undefined, target, 'tar -x', RECURSIVE | INTO | keep);
      else {
        // A member named outright replaces the file of that name (unless -k); one that is a folder, what is under it.
        m.add('write', undefined, join(v), 'tar -x', RECURSIVE | keep);
        if (!v.endsWith('/')) m.add('write', undefined, join(v), 'tar -x (a member named on the line)', keep);
      }
    }
  } else if (mode === '') {
    m.unknown('tar without -c, -x, -t, -r, -u or -A: the guard cannot tell what it does');
  }
});

handler('zip', (m) => {
  optionRoles(m);
  const ps = m.p.positional;
  if (ps.length === 0) return;
  const archive = ps[0];
  if (archive.value !== '-') m.path(m.has('out') ? 'R' : 'A', archive, archive.value, 'zip');
  const rec = m.has('rec') ? RECURSIVE : 0;
  // `find . | zip -@ x.zip`, `zip -r x.zip . -i@list`: the names come from the input or a list file.
  if (m.has('stdin')) m.unknown('zip -@ archives the files named on its input, which the guard cannot see');
  for (const o of m.p.occ)
    if ((o.opt.key === '-i' || o.opt.key === '-x') && typeof o.value === 'string' && o.value.startsWith('@'))
      m.role('L', undefined, o.value.slice(1), `zip ${o.opt.key}@`);
  for (const w of ps.slice(1)) {
    if (m.has('delete')) break; // -d: names inside the archive
    m.path('R', w, w.value, 'zip', rec);
    if (m.has('move')) m.path('D', w, w.value, 'zip -m', rec);
  }
});

// ar: the first word is the operation letter and its modifiers (`x`, `xo`, `-x`, `rcs`); then the archive and members.
// x writes the members under their own names here (or under --output): with no names given, names nobody can see
// yet (an archive holding `Makefile` or `.envrc` replaces them).
handler('ar', (m) => {
  optionRoles(m, ['--output']);
  // The key may be written as an option (`ar -x a.a`): take it from the words, past the options that take a value.
  const rest: W[] = [];
  for (let i = 1; i < m.s.words.length; i++) {
    const v = m.s.words[i].value;
    if (v === '--plugin' || v === '--output' || v === '--target') i++;
    else if (v === null || !/^--(plugin|output|target)=/.test(v)) rest.push(m.s.words[i]);
  }
  const [key, archive, ...members] = rest;
  if (key === undefined) return;
  const k = key.value;
  if (k === null) return m.unknown('ar takes its operation from a word only known at run time');
  const op = /[dmpqrstx]/.exec(k.replace(/^-/, ''))?.[0];
  if (op === undefined) return m.unknown(`ar ${k}: an operation the guard does not model`);
  if (archive === undefined) return;
  m.path(op === 'x' || op === 't' || op === 'p' ? 'R' : 'A', archive, archive.value, `ar ${op}`);
  if (op === 'r' || op === 'q') for (const w of members) m.path('R', w, w.value, `ar ${op}`);
  if (op !== 'x') return;
  const out = m.occ('--output');
  if (out !== undefined && typeof out.value !== 'string') return m.unknown('ar --output names a folder only known at run time');
  const dir = typeof out?.value === 'string' ? out.value.replace(/\/+$/, '') : '.';
  if (/P/.test(k)) m.unknown('ar xP extracts members to the paths they name');
  if (members.length === 0) return m.add('write', undefined, dir, 'ar x', RECURSIVE | INTO);
  for (const w of members) {
    if (w.value === null) m.add('write', undefined, dir, 'ar x', RECURSIVE | INTO);
    else m.add('write', undefined, dir === '.' ? w.value : dir + '/' + w.value, 'ar x');
  }
});

// cpio: -t lists; -i writes the archive's members (names nobody can see yet) under -D or here, -u over existing
// files; -o and -p read (and -p copies) whatever file list arrives on the input, which the guard cannot see.
handler('cpio', (m) => {
  optionRoles(m, ['-D', '-F', '-I', '-O']);
  for (const k of ['-F', '-I']) {
    const o = m.occ(k);
    if (o !== undefined) m.path('R', o.w, o.value ?? null, `cpio ${k}`);
  }
  const out = m.occ('-O');
  if (out !== undefined) m.path('W', out.w, out.value ?? null, 'cpio -O');
  for (const w of m.p.positional) m.role('P', w, w.value, 'cpio');
  if (m.has('list')) return;
  if (m.has('create') || m.has('pass')) return m.unknown('cpio -o/-p reads the files named on its input, which the guard cannot see');
  if (!m.has('extract')) return m.unknown('cpio without -t, -i, -o or -p is not modelled');
  if (m.has('stdout')) return;
  const d = m.occ('-D');
  if (d !== undefined && typeof d.value !== 'string') m.unknown('cpio -D names a directory only known at run time');
  const target = d !== undefined && typeof d.value === 'string' ? d.value : '.';
  m.add('write', undefined, target, 'cpio -i', RECURSIVE | INTO | (m.has('overwrite') ? FORCE : APPEND));
});

handler('unzip', (m) => {
  optionRoles(m, ['-d']);
  const ps = m.p.positional;
  if (ps[0]) m.path('R', ps[0], ps[0].value, 'unzip');
  if (m.has('listonly') || m.has('stdout')) return;
  const d = m.occ('-d');
  if (d !== undefined && typeof d.value !== 'string') m.unknown('unzip -d names a directory only known at run time');
  const target = d !== undefined && typeof d.value === 'string' ? d.value : '.';
  m.add('write', undefined, target, 'unzip', RECURSIVE | INTO | (m.has('overwrite') ? FORCE : APPEND));
});

const COMPRESS_EXT: Record<string, string> = {
  gzip: '.gz',
  pigz: '.gz',
  bzip2: '.bz2',
  pbzip2: '.bz2',
  xz: '.xz',
  lzma: '.lzma',
  zstd: '.zst',
  lz4: '.lz4',
  compress: '.Z',
  brotli: '.br',
  lzip: '.lz',
};
const DECOMPRESSORS: Record<string, string> = {
  gunzip: 'gzip',
  bunzip2: 'bzip2',
  unxz: 'xz',
  unlzma: 'lzma',
  unzstd: 'zstd',
  uncompress: 'compress',
  unlz4: 'lz4',
};

const KEEPS_INPUT = new Set(['zstd', 'lz4', 'brotli']);

/** gzip & co: compressing FILE writes FILE.gz and removes FILE (unless -k or -c); -d the reverse. */
handler('gzip', (m) => {
  optionRoles(m);
  const name = m.s.name ?? 'gzip';
  const toStdout = m.has('stdout') || /cat$/.test(name);
  const test = m.has('test') || m.has('list');
  const decompress = m.has('decompress') || name in DECOMPRESSORS;
  const ext = COMPRESS_EXT[DECOMPRESSORS[name] ?? name] ?? '.gz';
  const rec = m.has('rec') ? RECURSIVE : 0;
  const files = m.p.positional;
  // gzip -dN / gunzip -N: the output is named by the name stored in the .gz header, which the guard does not read.
  const headerName = decompress && m.has('name') && /^(gzip|gunzip|pigz|unpigz)$/.test(name);
  for (const w of files) {
    m.path('R', w, w.value, name, rec);
    if (toStdout || test || w.value === '-') continue;
    if (headerName) {
      m.unknown(`${name} -N writes the file name stored in ${w.text}'s header, which the guard does not read`);
      continue;
    }
    const v = lit(w);
    if (v === undefined) {
      m.unknown(`${name} rewrites ${w.text}, a path only known at run time`);
      continue;
    }
    const out = decompress ? (v.endsWith(ext) ? v.slice(0, -ext.length) : v.replace(/\.[^./]+$/, '')) : v + ext;
    m.add('write', undefined, out, name, (m.has('force') ? FORCE : 0) | rec);
    // zstd, lz4 and brotli keep their input unless told --rm; the others remove it unless told -k.
    const removes = KEEPS_INPUT.has(DECOMPRESSORS[name] ?? name) ? m.has('rm') : !m.has('keep');
    if (removes) m.add('delete', undefined, v, `${name} (removes the input)`, rec);
  }
});

// ---- network ----

/** curl: -O writes the URL's file name here; the data options read `@file`; -K reads options from a file. */
handler('curl', (m) => {
  optionRoles(m);
  const remoteName = m.has('remote-name');
  const outDir = m.occ('--output-dir');
  const dir = typeof outDir?.value === 'string' ? outDir.value.replace(/\/+$/, '') + '/' : '';
  if (outDir !== undefined && typeof outDir.value !== 'string') m.unknown('curl --output-dir names a folder only known at run time');
  if (m.has('header-name')) m.unknown('curl -J takes the output file name from the server');
  // `-b NAME=VALUE` is a cookie string; a value with no `=` is a cookie file curl reads and sends from (`-b .env`).
  for (const o of m.p.occ)
    if (o.opt.key === '-b' && o.value !== undefined && (o.value === null || !o.value.includes('=')) && o.value !== '-')
      m.path('R', o.w, o.value, 'curl -b (a cookie file it reads and sends)');
  // --output-dir is where every -o and -O file goes: `--output-dir .git/hooks -o pre-commit` writes .git/hooks/pre-commit.
  if (dir)
    for (const o of m.p.occ) {
      if (o.opt.key !== '-o') continue;
      if (typeof o.value !== 'string') m.unknown('curl -o names a file only known at run time');
      else if (o.value !== '-' && !o.value.startsWith('/')) m.add('write', undefined, dir + o.value, 'curl --output-dir -o');
    }
  // URL globbing (off with -g): `{a,b}` and `[1-3]` in a URL make one transfer per value, and `#N` in -o is the
  // Nth glob's value (`curl -o '#1' 'file:///x/{tests/a.test.ts}'` writes tests/a.test.ts).
  const globoff = m.has('globoff') || m.occ('-g') !== undefined;
  const urls = [
    ...m.p.positional.map((w) => w.value),
    ...m.p.occ.filter((o) => o.opt.key === '--url').map((o) => (typeof o.value === 'string' ? o.value : null)),
  ];
  const expanded = urls.map((u) => (u === null ? null : globoff ? { urls: [u], sets: [] as string[][] } : curlGlob(u)));
  for (const o of m.p.occ) {
    if (o.opt.key !== '-o' || typeof o.value !== 'string' || globoff || !/#\d/.test(o.value)) continue;
    for (const e of expanded) {
      if (e === null) m.unknown(`curl -o ${o.value}: the name comes from a URL only known at run time`);
      else if (e === undefined) m.unknown(`curl -o ${o.value}: the name comes from URL globs the guard cannot list`);
      else if (e.sets.length)
        for (const name of curlNames(o.value, e.sets) ?? []) {
          if (name === '-') continue;
          m.add('write', undefined, name.startsWith('/') ? name : dir + name, 'curl -o #N (named from the URL)');
        }
      if (e && e.sets.length && curlNames(o.value, e.sets) === undefined) m.unknown(`curl -o ${o.value}: the URL globs make more names than the guard lists`);
    }
  }
  // -w '%output{FILE}' (curl 8.3+) writes what follows to FILE; `%output{>>FILE}` appends.
  for (const o of m.p.occ) {
    if (o.opt.key !== '-w') continue;
    if (o.value === null) m.unknown('curl -w: a format only known at run time (its %output{…} writes a file)');
    else if (typeof o.value === 'string' && /^@/.test(o.value) && o.value !== '@-')
      m.unknown(`curl -w ${o.value}: a format read from a file (its %output{…} writes files the guard cannot see)`);
    else if (typeof o.value === 'string')
      for (const w of o.value.matchAll(/%output\{(>>)?([^}]*)\}/g)) m.add('write', undefined, w[2], 'curl -w %output{…}', w[1] ? APPEND : 0);
  }
  for (const w of m.p.positional) m.role('U', w, w.value, 'curl');
  if (remoteName)
    for (const [i, e] of expanded.entries()) {
      if (e === null) continue;
      if (e === undefined) {
        m.unknown(`curl -O on ${urls[i]}: URL globs the guard cannot list name the files`);
        continue;
      }
      for (const v of e.urls) {
        const path = v.replace(/[?#].*$/, '').replace(/^[a-z]+:\/\/[^/]*/i, '');
        const b = base(path);
        if (!b) m.unknown(`curl -O on ${v}: the URL names no file`);
        else m.add('write', undefined, dir + b, 'curl -O');
      }
    }
});

/** The most transfers a globbed URL is listed for: beyond it, the names it makes are not listed (unknown). */
const CURL_GLOB_MAX = 256;

/**
 * A URL's curl globs: each `{a,b}` set and `[a-z]`/`[1-10:2]` range, as value lists, and the URLs they make.
 * undefined when it makes more than CURL_GLOB_MAX or a glob does not parse (curl would fail or expand it differently).
 */
export function curlGlob(url: string): { urls: string[]; sets: string[][] } | undefined {
  const parts: (string | string[])[] = [];
  let lit = '';
  for (let i = 0; i < url.length; i++) {
    const c = url[i];
    if (c === '\\' && (url[i + 1] === '{' || url[i + 1] === '[' || url[i + 1] === '}' || url[i + 1] === ']')) {
      lit += url[++i];
      continue;
    }
    if (c === '{') {
      const end = url.indexOf('}', i);
      if (end < 0) return undefined;
      parts.push(lit, url.slice(i + 1, end).split(','));
      lit = '';
      i = end;
      continue;
    }
    if (c === '[') {
      const end = url.indexOf(']', i);
      if (end < 0) return undefined;
      const body = url.slice(i + 1, end);
      // An IPv6 address (`http://[::1]/`) is no glob.
      if (/^[0-9a-fA-F:.%]*:[0-9a-fA-F:.%]*$/.test(body) && body.includes(':') && !/^\d+-\d+:\d+$/.test(body)) {
        lit += url.slice(i, end + 1);
        i = end;
        continue;
      }
      const r = /^(?:([a-zA-Z])-([a-zA-Z])|(\d+)-(\d+))(?::(\d+))?$/.exec(body);
      if (!r) return undefined;
      const step = Number(r[5] ?? 1);
      if (step < 1) return undefined;
      const vals: string[] = [];
      if (r[1]) {
        for (let k = r[1].charCodeAt(0); k <= r[2].charCodeAt(0) && vals.length <= CURL_GLOB_MAX; k += step) vals.push(String.fromCharCode(k));
      } else {
        const width = r[3].length > 1 && r[3].startsWith('0') ? r[3].length : 0;
        for (let k = Number(r[3]); k <= Number(r[4]) && vals.length <= CURL_GLOB_MAX; k += step) vals.push(String(k).padStart(width, '0'));
      }
      if (vals.length > CURL_GLOB_MAX) return undefined;
      parts.push(lit, vals);
      lit = '';
      i = end;
      continue;
    }
    lit += c;
  }
  parts.push(lit);
  const sets = parts.filter((p): p is string[] => Array.isArray(p));
  let urls = [''];
  for (const p of parts) {
    urls = typeof p === 'string' ? urls.map((u) => u + p) : urls.flatMap((u) => p.map((v) => u + v));
    if (urls.length > CURL_GLOB_MAX) return undefined;
  }
  return { urls, sets };
}

/** The names `-o TEMPLATE` makes: `#N` is the Nth glob's value, for every combination (undefined: too many). */
function curlNames(template: string, sets: string[][]): string[] | undefined {
  let combos: string[][] = [[]];
  for (const set of sets) {
    combos = combos.flatMap((c) => set.map((v) => [...c, v]));
    if (combos.length > CURL_GLOB_MAX) return undefined;
  }
  return [...new Set(combos.map((c) => template.replace(/#(\d+)/g, (all, n: string) => (Number(n) >= 1 && Number(n) <= c.length ? c[Number(n) - 1] : all))))];
}

handler('wget', (m) => {
  optionRoles(m);
  wgetExecute(m);
  const doc = m.occ('-O');
  const prefix = m.occ('-P');
  const dir = typeof prefix?.value === 'string' ? prefix.value.replace(/\/+$/, '') + '/' : '';
  const rec = m.has('rec');
  if (m.has('server-name') && doc === undefined) m.unknown('wget --content-disposition takes the output file name from the server');
  const forceDirs = m.has('forcedirs') && !m.s.words.some((w) => w.value === '-nd' || w.value === '--no-directories');
  const noHost = m.s.words.some((w) => w.value === '-nH' || w.value === '--no-host-directories');
  for (const w of m.p.positional) {
    m.role('U', w, w.value, 'wget');
    if (doc !== undefined || w.value === null) continue;
    if (rec) {
      m.add('write', undefined, dir || '.', 'wget -r', RECURSIVE | INTO | APPEND);
      continue;
    }
    const path = w.value.replace(/[?#].*$/, '').replace(/^[a-z]+:\/\/[^/]*/i, '');
    // -x (--force-directories) keeps the URL's folders (under the host's name unless -nH): `wget -x -nH URL/tests/a.ts`.
    if (forceDirs) {
      if (m.occ('--cut-dirs') !== undefined || m.has('protodirs'))
        m.unknown('wget -x with --cut-dirs/--protocol-directories: the folders it writes are not modelled');
      const host = /^[a-z]+:\/\/([^/?#]*)/i.exec(w.value)?.[1] ?? '';
      const rel = (noHost ? '' : host + '/') + path.replace(/^\/+/, '');
      m.add(
        'write',
        undefined,
        dir + (rel.endsWith('/') || !rel ? rel + 'index.html' : rel),
        'wget -x',
        m.has('timestamping') || m.has('continue') ? 0 : APPEND,
      );
      continue;
    }
    const b = base(path);
    // wget never replaces an existing file unless told (-N, -O): it saves as name.1 instead.
    m.add('write', undefined, dir + (b || 'index.html'), 'wget', m.has('timestamping') || m.has('continue') ? 0 : APPEND);
  }
});

/** httpie/xh: `[METHOD] URL [items]`; `field=@file`, `field:=@file` and `@file` read files. */
handler('httpie', (m) => {
  optionRoles(m);
  let ps = m.p.positional;
  if (ps[0] && ps[0].value !== null && /^[A-Za-z]+$/.test(ps[0].value) && ps[1]) ps = ps.slice(1);
  // --download with no -o: the file is named by the server's Content-Disposition, else the URL's last segment.
  if (m.has('download') && m.occ('-o') === undefined) m.unknown(`${m.s.name} --download takes the output file name from the server or the URL`);
  for (let i = 1; i < ps.length; i++) {
    const v = ps[i].value;
    if (v === null) continue;
    const at = /^(?:[^=:@]*(?:=|:=)@|@)(.+)$/.exec(v);
    if (at) m.add('read', undefined, at[1], m.label);
  }
});

const OPENSSL_READ = new Set([
  '-in',
  '-inkey',
  '-key',
  '-CAfile',
  '-cert',
  '-certfile',
  '-config',
  '-signkey',
  '-CAkey',
  '-CA',
  '-prvkey',
  '-pubin',
  '-kfile',
  '-rand',
  '-peerkey',
  '-sigfile',
  '-signature',
  '-infiles',
  '-req',
]);
const OPENSSL_WRITE = new Set(['-out', '-keyout', '-sigout', '-certout', '-outform-file']);
/** openssl options whose value is text, never a file (a subject, a count, an algorithm, an extension line). */
const OPENSSL_VALUE = new Set([
  '-subj',
  '-days',
  '-addext',
  '-set_serial',
  '-algorithm',
  '-pkeyopt',
  '-sigopt',
  '-md',
  '-digest',
  '-cipher',
  '-outform',
  '-inform',
  '-keyform',
  '-certform',
  '-extensions',
  '-reqexts',
  '-curve',
  '-multivalue-rdn',
]);
const OPENSSL_FLAG =
  /^-(noout|text|nodes|noenc|new|x509|batch|pubout|pubin|base64|a|A|d|e|help|verify|hash|subject|issuer|dates|fingerprint|modulus|check|brief|showcerts|quiet|sha1|sha256|sha384|sha512|md5|pbkdf2|salt|nosalt|binary|r|hex|crlf|nameopt|ext|legacy|iter|connect|servername|alpn|tls1_2|tls1_3|no_tls1_3|ign_eof|prexit|state|debug|msg|status|verify_return_error|CAstore|trace|6|4|P|p|list|noverify|genkey|raw|ocsp|resp_text|z|pem|der)$/;

/** openssl options that load native code (an engine or a provider, by id or by a path to a shared object). */
const OPENSSL_NATIVE = /^-(engine|provider|provider-path|pre|post|vfyopt-engine|keyengine|ssl_client_engine)$|^-engine_impl$/;

handler('openssl', (m) => {
  const ws = m.s.words;
  // `openssl engine dynamic -pre SO_PATH:/tmp/x.so -pre LOAD`, `openssl req -engine /tmp/x.so`: native code the
  // guard cannot see runs inside openssl.
  if (ws[1]?.value === 'engine' && ws.length > 2) m.unknown('openssl engine loads engines, native code, by name or path');
  for (let i = 2; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (v !== null && OPENSSL_NATIVE.test(v.replace(/^--/, '-'))) {
      m.unknown(`openssl ${v} loads native code (an engine or provider) the guard cannot see`);
      i++;
      continue;
    }
    if (v === null) {
      m.unknown(`openssl is given ${w.text}, only known at run time`);
      continue;
    }
    if (!v.startsWith('-') || v === '-') {
      m.name(w, v, 'openssl');
      continue;
    }
    const next = ws[i + 1];
    if (OPENSSL_READ.has(v)) {
      m.path('R', next, next?.value, `openssl ${v}`);
      i++;
    } else if (OPENSSL_WRITE.has(v)) {
      m.path('W', next, next?.value, `openssl ${v}`);
      i++;
    } else if (v === '-passin' || v === '-passout' || v === '-pass') {
      const pv = next?.value;
      if (pv && pv.startsWith('file:')) m.add('read', undefined, pv.slice(5), `openssl ${v}`);
      i++;
    } else if (OPENSSL_FLAG.test(v)) continue;
    else if (OPENSSL_VALUE.has(v)) i++;
    else if (next && next.value !== null && !next.value.startsWith('-')) {
      // An option with a value the guard does not know: the value may be a path.
      m.name(next, next.value, `openssl ${v}`);
      i++;
    }
  }
});

/** scp/rsync/sftp: `host:path` is remote; a local source is read (trees with -r/-a), a local destination written. */
handler('rcopy', (m) => {
  optionRoles(m);
  const ps = m.p.positional;
  if (ps.length === 0) return;
  const remote = (w: W) => w.value !== null && /^[^/]*:/.test(w.value) && !/^[A-Za-z]:[\\/]/.test(w.value);
  // rsync -L / --copy-links / -K / --copy-dirlinks copies what the links under the tree point to.
  const deref = m.s.name === 'rsync' && m.s.words.some((w) => w.value === null || /^-[a-zA-Z]*[LK]|^--copy-(dir)?links$|^--copy-unsafe-links$/.test(w.value));
  const rec = m.has('rec') || m.s.name === 'rsync' ? RECURSIVE | (deref ? DESCENDS : 0) : 0;
  if (ps.length === 1) {
    if (!remote(ps[0])) m.path('T', ps[0], ps[0].value, m.label);
    return;
  }
  const dest = ps[ps.length - 1];
  for (const s of ps.slice(0, -1)) if (!remote(s)) m.path('R', s, s.value, m.label, rec);
  // One file to one file (`rsync src/a.ts src/b.ts`): the destination is that file, replaced. A destination the
  // disk says is a file (`rsync /tmp/x src/index.ts`) is replaced whatever the names look like.
  const fileLike = (w: W) => w.value !== null && !w.value.endsWith('/') && /\.[A-Za-z0-9]+$/.test(w.value);
  const destAbs = dest.value !== null && !remote(dest) && !dest.value.endsWith('/') ? abs(m, dest.value) : undefined;
  const destIsFile = destAbs !== undefined && m.env.exists?.(destAbs) === true && m.env.isDir?.(destAbs) === false;
  if (ps.length === 2 && ((fileLike(ps[0]) && fileLike(dest)) || destIsFile) && !remote(dest)) {
    m.path('W', dest, dest.value, m.label, 0);
    return;
  }
  // The destination is replaced as cp replaces it (rsync writes a new file over the old, or rewrites it --inplace).
  if (!remote(dest)) m.path('W', dest, dest.value, m.label, rec ? RECURSIVE | INTO : 0);
});

const SSH_FILE_ROLE: Record<string, 'A' | 'R' | 'W' | 'X'> = {
  userknownhostsfile: 'A',
  globalknownhostsfile: 'R',
  identityfile: 'R',
  certificatefile: 'R',
  revokedhostkeys: 'R',
  controlpath: 'W',
  xauthlocation: 'X',
};

/** ssh -o: ProxyCommand, LocalCommand and Match exec run locally; the files its options name. */
export function sshOption(m: Model, v: string | null | undefined, how: string): void {
  if (v === null) {
    m.unknown(`${how} with an option only known at run time`);
    return;
  }
  if (v === undefined) return;
  // SendEnv hands the named variables (tokens and keys among them, `*` all of them) to the remote machine.
  if (/^\s*SendEnv\s*[= ]/i.test(v)) m.unknown(`${how} ${v}: sends environment variables (tokens included) to another machine`);
  // PKCS11Provider and SecurityKeyProvider name a shared library ssh loads into itself: code it runs.
  const lib = /^\s*(PKCS11Provider|SecurityKeyProvider)\s*[= ]\s*(.*)$/i.exec(v);
  if (lib) sshLibrary(m, lib[2].trim(), `${how} ${lib[1]}`);
  // Options naming files: ssh appends new host keys to UserKnownHostsFile (`=.git/hooks/pre-commit`, `=~/.bashrc`),
  // reads keys and certificates, creates its control socket, runs XAuthLocation. Each may be a list; `none` is none.
  const file = /^\s*(UserKnownHostsFile|GlobalKnownHostsFile|IdentityFile|CertificateFile|RevokedHostKeys|ControlPath|XAuthLocation)\s*[= ]\s*(.*)$/i.exec(v);
  if (file) {
    const role = SSH_FILE_ROLE[file[1].toLowerCase()] ?? '?';
    for (const f of file[2].trim().split(/\s+/)) {
      if (f === '' || /^none$/i.test(f)) continue;
      m.path(role, undefined, f.replace(/^"(.*)"$/, '$1').replace(/%[a-zA-Z%]/g, 'x'), `${how} ${file[1]}`);
    }
    return;
  }
  const mm = /^\s*(ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand|Match)\s*[= ]\s*(.*)$/i.exec(v);
  if (!mm) return;
  const key = mm[1].toLowerCase();
  if (key === 'remotecommand') return;
  let cmd = mm[2];
  if (key === 'match') {
    const e = /\bexec\s+("([^"]*)"|'([^']*)'|(\S+))/.exec(cmd);
    if (!e) return;
    cmd = e[2] ?? e[3] ?? e[4];
  }
  if (cmd.toLowerCase() === 'none') return;
  m.host.shell(m.s, cmd.replace(/%[a-zA-Z%]/g, 'x'), `${how} ${mm[1]}`);
}

/** A shared library ssh loads into itself (-I, PKCS11Provider, SecurityKeyProvider): one outside the system's folders is code nobody has read. */
function sshLibrary(m: Model, v: string | null, how: string): void {
  if (v === null) return m.unknown(`${how}: a library only known at run time, loaded into ssh`);
  if (/^(none|internal)$/i.test(v) || /^\/(usr\/)?(local\/)?lib(64|exec)?\//.test(v)) return;
  m.unknown(`${how} ${v}: ssh loads that shared library, code the guard cannot read`);
}

handler('ssh', (m) => {
  for (const o of m.p.occ) {
    if (o.value === undefined) continue;
    if (o.opt.key === '-I') sshLibrary(m, o.value, 'ssh -I');
    else if (o.opt.key === '-o') sshOption(m, o.value, 'ssh -o');
    else m.role(o.opt.role, o.w, o.value, `ssh ${o.opt.key}`);
  }
  if (m.p.unknown.length) m.unknown(`ssh ${m.p.unknown[0]} is an option the guard does not model`);
});

// ---- editors and patchers ----

handler('patch', (m) => {
  optionRoles(m);
  const ps = m.p.positional;
  if (ps[0]) m.path('W', ps[0], ps[0].value, 'patch');
  if (ps[1]) m.path('R', ps[1], ps[1].value, 'patch');
  // `-o FILE`: the patched text goes there, no file is changed in place.
  if (m.has('dry') || ps[0] || m.occ('-o') !== undefined) return;
  // The files to change are named inside the patch (-i FILE, or its input); `-pN` strips their names, without it
  // GNU patch picks (the base name, `-p1` for a git diff): every strip is judged.
  const input = m.occ('-i');
  const strip = stripOf(m.occ('-p')?.value);
  const opts = { strip: strip ?? undefined, prefix: undefined, reverse: m.occ('-R') !== undefined, fromTop: false, removesEmpty: m.occ('-E') !== undefined };
  // Backups under a prefix or with a suffix (`-B tests/`, `-z .test.ts`) are files named after every target: not modelled.
  const backups = m.occ('-B') !== undefined || m.occ('-z') !== undefined;
  if (strip === null || backups || !patchEffects(m, input ? [input.value ?? null] : [], stdinText(m), input === undefined, opts))
    m.add('write', undefined, '.', 'patch', RECURSIVE | INTO);
});

handler('sevenzip', (m) => {
  const ws = m.s.words;
  const verb = ws[1]?.value;
  let outDir: string | undefined;
  const rest: W[] = [];
  for (let i = 2; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) {
      m.unknown(`7z is given ${ws[i].text}, only known at run time`);
      continue;
    }
    if (v.startsWith('-o')) outDir = v.slice(2);
    // `7z a x.7z @list`, `-i@list`, `-ir@list`: a list file names what is archived or extracted.
    else if (/^(-[ix]r?[-0]?)?@/.test(v) && i > 2) m.role('L', undefined, v.slice(v.indexOf('@') + 1), `7z ${v.slice(0, v.indexOf('@') + 1)}`);
    else if (!v.startsWith('-')) rest.push(ws[i]);
  }
  if (verb === undefined || verb === null) return;
  if (/^(l|t|i|h|b)$/.test(verb)) {
    if (rest[0]) m.path('R', rest[0], rest[0].value, `7z ${verb}`);
  } else if (/^(x|e)$/.test(verb)) {
    if (rest[0]) m.path('R', rest[0], rest[0].value, `7z ${verb}`);
    m.add('write', undefined, outDir || '.', `7z ${verb}`, RECURSIVE | INTO);
  } else if (/^(a|u|d|rn)$/.test(verb)) {
    if (rest[0]) m.path('A', rest[0], rest[0].value, `7z ${verb}`);
    // -sdel deletes the files it added: the sources (folders with all they hold) are gone afterwards.
    const sdel = ws.some((w) => w.value !== null && w.value.toLowerCase() === '-sdel');
    for (const w of rest.slice(1))
      if (verb !== 'd' && verb !== 'rn') {
        m.path('R', w, w.value, `7z ${verb}`, RECURSIVE);
        if (sdel) m.path('D', w, w.value, `7z ${verb} -sdel`, RECURSIVE);
      }
  } else m.unknown(`7z ${verb} is not a command the guard models`);
});

/** Vim options that only change how text is shown, searched or edited (`set nu`, `set ff=unix`, `set et sw=2`). */
const VIM_INERT_OPTS =
  /^(nu|number|rnu|relativenumber|ts|tabstop|sw|shiftwidth|sts|softtabstop|et|expandtab|ff|fileformat|ffs|fileformats|fenc|fileencoding|fencs|fileencodings|enc|encoding|bomb|eol|endofline|fixeol|fixendofline|cp|compatible|ft|filetype|syn|syntax|paste|ai|autoindent|si|smartindent|ci|cindent|tw|textwidth|wrap|list|hls|hlsearch|is|incsearch|ic|ignorecase|scs|smartcase|ws|wrapscan|bin|binary|ro|readonly|ma|modifiable|mod|modified|more|ml|modeline|lz|lazyredraw|sol|startofline|ve|virtualedit|bs|backspace|magic|gd|gdefault|report|ul|undolevels|hid|hidden|aw|autowrite|awa|autowriteall|nf|nrformats|js|joinspaces|sr|shiftround|tm|timeout|ttimeout|tl|timeoutlen|verbose|vbs|lines|co|columns|ch|cmdheight|ls|laststatus|ru|ruler|sc|showcmd|smd|showmode|so|scrolloff|siso|sidescrolloff|cul|cursorline|cuc|cursorcolumn|spell|bg|background|t_Co|termguicolors|tgc|mouse|clipboard|cb|fo|formatoptions|com|comments|cms|commentstring|kp|wildmenu|wmnu|fdm|foldmethod|fen|foldenable|sm|showmatch|lbr|linebreak|fileignorecase|fic|wic|wildignorecase|shm|shortmess|cpo|cpoptions|eb|errorbells|vb|visualbell|belloff|bo|swf|swapfile|bk|backup|wb|writebackup|udf|undofile|fixendofline|nofixeol)$/;

/** Ex commands (vim -c, +cmd, ed scripts): `!cmd` and `r !cmd` run shell commands, `w file` writes. */
function exCommands(m: Model, text: string, how: string): void {
  let shellProg: string | undefined;
  for (const raw of text.split(/\n|\|/)) {
    const c = raw
      .trim()
      .replace(/^:+/, '')
      .replace(/^(silent!?|sil!?)\s+/, '');
    if (!c) continue;
    // `:w! file`, `:wq!`, `:q!`, `:e! file`: the `!` right after a write/quit/edit command forces it; only
    // `:w !cmd` (a space first), `:r !cmd`/`:r!cmd` and `:!cmd` hand text to the shell.
    const forced = /^(?:[.,$%'0-9+-]*)(w|write|wq|x|xit|q|quit|qa|qall|wa|wall|wqa|xa|e|edit|sav|saveas|up|update|bw|bd|bdelete|bwipeout|cq|so|source)!/.exec(
      c,
    );
    const bang = forced ? null : /^(?:[.,$%'0-9a-z+-]*\s*)?(?:r|read|w|write|e|edit)?\s*!(.*)$/.exec(c);
    if (bang && (c.startsWith('!') || /^\S*\s*(r|read|w|write|e|edit)\s*!/.test(c) || /^[.,$%'0-9+-]+!/.test(c))) {
      if (shellProg !== undefined) m.add('exec', undefined, shellProg, `${how} (set shell=${shellProg}, then !)`);
      if (bang[1].trim()) m.host.shell(m.s, bang[1], how);
      else m.unknown(`${how} runs a shell`);
      continue;
    }
    // `set shell=/tmp/x.sh`, `set makeprg=…`, `set backupdir=…`: options that name a program or a place
    // files are written; only options that change how text is shown or edited are read as inert.
    const set = /^(?:se|set|setl|setlocal|setg|setglobal)!?\s+(.*)$/.exec(c);
    if (set) {
      for (const o of set[1].split(/(?<!\\)\s+/)) {
        const kv = /^(?:no|inv)?([a-z]+)(?:[+^-]?=(.*))?[!&?]?$/.exec(o);
        if (!kv) {
          if (o) m.unknown(`${how} set ${o}: an option the guard does not read`);
          continue;
        }
        if (/^(sh|shell)$/.test(kv[1]) && kv[2] !== undefined) {
          shellProg = kv[2].replace(/\\(.)/g, '$1');
          if (!/^(\/(usr\/)?bin\/)?(ba|da|z|k)?sh$/.test(shellProg)) m.add('exec', undefined, shellProg, `${how} set shell`);
        } else if (!VIM_INERT_OPTS.test(kv[1])) m.unknown(`${how} set ${kv[1]}: an option the guard does not model (it may name a program or a file)`);
      }
      continue;
    }
    if (
      /^(py3?|python3?|pyx|lua|perl|ruby|rub|tcl|mz|call|exe|execute|so|source|runtime|let|norm|normal|terminal|term|shell|sh|make|grep|vimgrep|cexpr|lexpr|redir|au|autocmd|cs|cscope|lcs|scs|mksession|mks|mkvimrc|mkv|mkexrc|mkview|wviminfo|wv|wshada|wsh|diffpatch|helptags|lmake|lgrep|cfile|cf|lfile|lgetfile|cgetfile|packadd|pa|loadview|lo|rviminfo|rv|rshada)\b/.test(
        c,
      ) ||
      /\bsystem(list)?\s*\(|\bsystem\b|\blibcall|\bjob_start|\bjobstart|\bwritefile\s*\(|\breadfile\s*\(/.test(c)
    )
      m.unknown(`${how} runs ${c.split(/\s/)[0]}, which the guard does not read`);
    const w = /^(?:[.,$%'0-9+-]*)(?:w|write|wq|x|xit|sav|saveas|up|update|wall|wa|wqa|xa)!?\s+(>>\s*)?(\S.*)$/.exec(c);
    if (w) m.add('write', undefined, w[2].trim(), how, w[1] ? APPEND : 0);
    const r = /^(?:[.,$%'0-9+-]*)(?:r|read|e|edit|sp|split|vs|vsplit|tabe|tabedit)!?\s+([^!\s].*)$/.exec(c);
    if (r) m.add('read', undefined, r[1].trim(), how);
  }
}

handler('vim', (m) => {
  optionRoles(m, ['-c', '--cmd', '-S', '-s', '-u']);
  // Ex mode (`vim -es`, `ex -s`) reads its commands from the input: a here-doc or an echo is read as ex commands.
  if (m.s.name === 'ex' || m.p.occ.some((o) => o.opt.key === '-e' || o.opt.key === '-E')) {
    const st = stdinText(m);
    if (typeof st === 'string') exCommands(m, st, `${m.label} (commands on the input)`);
    else if (st === null) m.unknown(`${m.label} runs editor commands from input the guard cannot read`);
  }
  // `nvim -l x.lua`: Neovim runs the Lua script (the words after it are its arguments), like `lua x.lua`.
  if (m.s.name === 'nvim' && m.p.occ.some((o) => o.opt.key === '-l') && m.p.positional.length > 0) {
    m.path('X', m.p.positional[0], m.p.positional[0].value, `${m.label} -l (runs a Lua script)`);
    return;
  }
  const readonly = m.has('readonly') || m.s.name === 'view';
  for (const o of m.p.occ) {
    if ((o.opt.key === '-c' || o.opt.key === '--cmd') && o.value !== undefined) {
      if (o.value === null) m.unknown(`${m.label} -c runs editor commands only known at run time`);
      else exCommands(m, o.value, `${m.label} -c`);
    } else if (o.opt.key === '-u' && o.value !== undefined) {
      // `-u NONE|NORC|DEFAULTS` load no vimrc; any other file is a vimrc: Vim script that runs commands.
      if (o.value !== null && /^(NONE|NORC|DEFAULTS)$/.test(o.value)) continue;
      m.role('R', o.w, o.value, `${m.label} -u`);
      m.unknown(`${m.label} -u loads a vimrc (Vim script) the guard does not read`);
    } else if ((o.opt.key === '-S' || o.opt.key === '-s') && o.value !== undefined) {
      m.role('R', o.w, o.value, `${m.label} ${o.opt.key}`);
      m.unknown(`${m.label} ${o.opt.key} runs an editor script the guard does not read`);
    }
  }
  const exs: string[] = [];
  for (const o of m.p.occ) if ((o.opt.key === '-c' || o.opt.key === '--cmd') && typeof o.value === 'string') exs.push(o.value);
  for (const w of m.p.positional) if (w.value !== null && w.value.startsWith('+')) exs.push(w.value.slice(1));
  // `%d` then a write: the file is emptied (see inplace.ts).
  const wipes = !readonly && exDestroys(exs);
  for (const w of m.p.positional) {
    if (w.value !== null && w.value.startsWith('+')) {
      exCommands(m, w.value.slice(1), `${m.label} +`);
      continue;
    }
    if (wipes) wipesMany(m, w, m.label);
    m.path(readonly ? 'R' : wipes ? 'W' : 'A', w, w.value, wipes ? `${m.label} (commands that delete every line)` : m.label);
  }
});

handler('ed', (m) => {
  optionRoles(m);
  const t = stdinText(m);
  const wipes = typeof t === 'string' && exDestroys([t]);
  for (const w of m.p.positional) m.path(wipes ? 'W' : 'A', w, w.value, wipes ? `${m.label} (commands that delete every line)` : m.label);
  if (t === null) m.unknown(`${m.label} runs editor commands from input the guard cannot read`);
  else if (t !== undefined) exCommands(m, t, m.label);
});

// `emacs --batch -l ert -l tests/x-test.el -f ert-run-tests-batch-and-exit`: the Lisp it runs is files it loads, each
// judged as code the command runs (the project's own, or written on the line); a library named bare (`-l ert`)
// is looked for in the working directory and each -L folder before load-path, so a file there of that name is
// what runs. --eval is Lisp on the line the guard does not read; -f calls a function the loaded code defines.
handler('emacs', (m) => {
  optionRoles(m, ['-e', '-f', '-l', '-L', '--script', '-x']);
  if (m.occ('--eval')) m.unknown(`${m.label} --eval runs Emacs Lisp the guard does not read`);
  const dirs = ['.'];
  for (const o of m.p.occ)
    if (o.opt.key === '-L') {
      if (typeof o.value === 'string') dirs.push(o.value);
      else m.unknown(`${m.label} -L adds a folder only known at run time to where Lisp is loaded from`);
    }
  for (const o of m.p.occ) {
    if (o.opt.key !== '-l' && o.opt.key !== '--script' && o.opt.key !== '-x') continue;
    const v = o.value;
    if (typeof v !== 'string' || v.includes('/') || /\.elc?$/.test(v) || o.opt.key !== '-l') {
      m.path('X', o.w, v, `${m.label} ${o.opt.key}`);
      continue;
    }
    // A compiled or compressed library counts when it is there; what the line could write is the source or the bare name.
    for (const d of dirs)
      for (const ext of ['', '.el', '.elc', '.el.gz'])
        if (ext === '' || ext === '.el' || m.env.exists?.(abs(m, `${d}/${v}${ext}`)) !== false) m.path('X', undefined, `${d}/${v}${ext}`, `${m.label} -l ${v}`);
  }
  for (const w of m.p.positional) if (!(w.value ?? '').startsWith('+')) m.path('A', w, w.value, m.label);
});

/**
 * The text a command reads on its input when the line shows it: a here-doc, a here-string, or a literal
 * echo/printf piped in. undefined: no input; null: input the guard cannot read.
 */
export function stdinText(m: Model): string | null | undefined {
  const st = m.s.stdin;
  if (st.kind === 'none') return undefined;
  if (st.kind === 'heredoc') return st.quoted || !/[$`\\]/.test(st.body) ? st.body : null;
  if (st.kind === 'herestring') return st.value;
  if (st.kind === 'file') return null;
  const f = st.from;
  if (f && (f.name === 'echo' || f.name === 'printf')) {
    const args = f.words.slice(1);
    if (args.some((w) => w.value === null)) return null;
    if (f.name === 'printf') return printfText(args.map((w) => w.value!));
    const rest = args.filter((w, i) => !(i === 0 && /^-[neE]+$/.test(w.value!)));
    const e = args[0]?.value !== undefined && /^-[nE]*e/.test(args[0].value!);
    const s = rest.map((w) => w.value).join(' ');
    return e ? unescapeC(s) : s;
  }
  return null;
}

/** printf FORMAT ARGS… as bash prints it, for %s/%b/%%/%d and escapes; null when it cannot tell. */
export function printfText(args: string[]): string | null {
  const fmt = args[0];
  if (fmt === undefined) return '';
  const rest = args.slice(1);
  let out = '';
  let k = 0;
  const once = (): string | null => {
    let s = '';
    for (let i = 0; i < fmt.length; i++) {
      const c = fmt[i];
      if (c === '%') {
        const n = fmt[i + 1];
        i++;
        if (n === '%') s += '%';
        else if (n === 's') s += rest[k++] ?? '';
        else if (n === 'b') s += unescapeC(rest[k++] ?? '');
        else if (n === 'd' || n === 'i') s += String(parseInt(rest[k++] ?? '0', 10) || 0);
        else return null;
      } else if (c === '\\') {
        const j = escapeEnd(fmt, i);
        s += unescapeC(fmt.slice(i, j));
        i = j - 1;
      } else s += c;
    }
    return s;
  };
  do {
    const s = once();
    if (s === null) return null;
    out += s;
  } while (k > 0 && k < rest.length);
  return out;
}

function escapeEnd(s: string, i: number): number {
  const n = s[i + 1];
  if (n === undefined) return i + 1;
  if (/[0-7]/.test(n)) {
    let j = i + 1;
    while (j < s.length && j < i + 4 && /[0-7]/.test(s[j])) j++;
    return j;
  }
  if (n === 'x') {
    let j = i + 2;
    while (j < s.length && j < i + 4 && /[0-9a-fA-F]/.test(s[j])) j++;
    return j;
  }
  return i + 2;
}

/** C-style escapes as printf/echo -e/$'…' read them: \n \t \\ \0NNN \NNN \xHH. */
export function unescapeC(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== '\\' || i === s.length - 1) {
      out += c;
      continue;
    }
    const j = escapeEnd(s, i);
    const e = s.slice(i + 1, j);
    if (/^0?[0-7]{1,3}$/.test(e)) out += String.fromCharCode(parseInt(e, 8));
    else if (e[0] === 'x' && e.length > 1) out += String.fromCharCode(parseInt(e.slice(1), 16));
    else out += ({ n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b', '\\': '\\' } as Record<string, string>)[e] ?? '\\' + e;
    i = j - 1;
  }
  return out;
}
