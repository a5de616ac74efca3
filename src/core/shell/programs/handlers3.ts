// Custom readings, part three: git verbs, forges, containers, clusters, infrastructure and cloud CLIs.
import { sqlFiles, treeChange } from './handlers4';
import { patchEffects, stripOf } from './patchText';
import { APPEND, HISTORY, INTO, RECURSIVE, RUNS, applyRoles, derived, fileOfData, handler, positionalRoles_, type Model } from './model';
import type { GitRange, W } from '../types';
import { normalize } from '../fsfacts';
import { helpAsked } from '../rules/util';

const lit = (w: W | undefined) => (w === undefined || w.glob ? undefined : (w.path ?? w.value ?? undefined));

function optionRoles(m: Model, skip: readonly string[] = []): void {
  for (const o of m.p.occ) {
    if (o.value === undefined || skip.includes(o.opt.key)) continue;
    m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  }
}

/** `git checkout [<rev>] -- <paths>` (and path-looking words without `--`) overwrite those paths. */
function pathLike(v: string): boolean {
  return v === '.' || v === '..' || v.endsWith('/') || /[*?[]/.test(v) || /\.[A-Za-z][A-Za-z0-9]{0,5}$/.test(v) || v.startsWith('./') || v.startsWith(':/');
}

function onDisk(m: Model, w: W): boolean {
  const v = w.value;
  if (v === null || v.startsWith('-') || m.env.exists === undefined) return false;
  const base = m.base !== undefined ? (m.base.startsWith('/') ? m.base : `${m.s.cwd ?? m.env.cwd}/${m.base}`) : (m.s.cwd ?? m.env.cwd);
  return m.env.exists(v.startsWith('/') ? v : `${base}/${v}`) === true;
}

handler('git-checkout', (m) => {
  optionRoles(m);
  const ws = m.s.words;
  const dd = ws.findIndex((w, i) => i >= m.from && w.value === '--');
  if (dd >= 0) {
    for (const w of ws.slice(dd + 1)) m.path('W', w, w.value, 'git checkout');
    return;
  }
  const ps = m.p.positional;
  // A new branch at a start point: the tree becomes the start point.
  if (m.occ('-b') || m.occ('-B') || m.occ('--orphan')) return treeChange(m, 'HEAD', ps[0]);
  // `git checkout feature` (no path): a branch switch; `-` is the branch before.
  if (ps.length === 1 && (ps[0].value === null || !(pathLike(ps[0].value) || onDisk(m, ps[0])) || ps[0].value === '-')) return treeChange(m, 'HEAD', ps[0]);
  // `git checkout <rev> <path>…` or `git checkout <path>`: paths are the path-looking words (the rules ask anyway).
  for (let i = 0; i < ps.length; i++) {
    const v = ps[i].value;
    if (v === null || (ps.length >= 2 && i === 0)) continue;
    // `git checkout tests`: a word that is a file or folder on disk (and may be a branch too) is checked out as a
    // path: the uncommitted edits of what it holds are discarded.
    if (pathLike(v) || ps.length >= 2 || onDisk(m, ps[i])) m.path('W', ps[i], v, 'git checkout', ps.length === 1 ? RECURSIVE : 0);
  }
});

/** git switch BRANCH, -c NEW [START], --detach REV, `-`: the tree becomes that commit (treeChange). */
handler('git-switch', (m) => {
  optionRoles(m);
  treeChange(m, 'HEAD', m.p.positional[0]);
});

handler('git-restore', (m) => {
  optionRoles(m);
  const staged = m.occ('-S') !== undefined || m.occ('--staged') !== undefined;
  const worktree = m.occ('-W') !== undefined || m.occ('--worktree') !== undefined;
  if (staged && !worktree) return;
  for (const w of m.p.positional) m.path('W', w, w.value, 'git restore');
});

handler('git-rm', (m) => {
  optionRoles(m);
  if (m.has('dry')) return;
  const rec = m.has('rec') ? RECURSIVE : 0;
  // `git rm --cached -r tests`: the files stay on disk but leave the index; the next commit deletes them from the
  // repository. A change of how each is tracked (as `update-index --force-remove`), judged as a change of each.
  if (m.has('cached')) {
    for (const w of m.p.positional) m.path('A', w, w.value, 'git rm --cached (the next commit deletes it from the repository)', rec);
    return;
  }
  for (const w of m.p.positional) m.path('D', w, w.value, 'git rm', rec);
});

/**
 * `git add -f PATHS`: ignored files are staged too, to be committed and pushed — every file under each pathspec is
 * read out of the working tree (a secret folder's or the whole tree's gitignored .env included, as `git add -f .env`
 * is judged). `-A` without a pathspec reaches the whole tree.
 */
handler('git-add', (m) => {
  applyRoles(m);
  if (!m.has('force')) return;
  const how = 'git add -f (stages ignored files too, to be committed)';
  for (const w of m.p.positional) m.path('R', w, w.value, how, RECURSIVE);
  if (m.p.positional.length === 0 && m.has('all')) m.add('read', undefined, '.', how, RECURSIVE);
});

/**
 * git stash push PATHS (and `git stash -- PATHS`): the named paths' local changes are saved and the files put
 * back as committed — a rewrite of each (a protected test's edits would go). Other verbs name stashes and
 * messages, not paths.
 */
handler('git-stash', (m) => {
  const ps = m.p.positional;
  const v = ps[0]?.value;
  // `stash show -p` and `stash list -p` print what the stashed commits hold.
  if (v === 'show' || v === 'list') return patchReads(m);
  optionRoles(m);
  const verbs = new Set(['push', 'save', 'pop', 'apply', 'list', 'show', 'drop', 'clear', 'branch', 'create', 'store']);
  if (ps.length > 0 && v === null) return m.unknown('git stash with a verb only known at run time');
  const paths = v !== undefined && v !== null && verbs.has(v) ? (v === 'push' ? ps.slice(1) : []) : ps;
  for (const w of paths) m.path('Y', w, w.value, 'git stash push');
});

handler('git-mv', (m) => {
  optionRoles(m);
  const ps = m.p.positional;
  if (m.has('dry') || ps.length < 2) return;
  const dest = ps[ps.length - 1];
  const dp = lit(dest);
  const srcs = ps.slice(0, -1);
  for (const s of srcs) m.path('N', s, s.value, 'git mv');
  if (dp === undefined) return m.path('W', dest, dest.value, 'git mv');
  const isDir = m.env.isDir?.(dp.startsWith('/') ? dp : `${m.s.cwd ?? m.env.cwd}/${dp}`);
  if (srcs.length > 1 || dp.endsWith('/') || isDir === true) {
    for (const s of srcs) {
      const sp = lit(s);
      if (sp !== undefined) m.add('write', undefined, dp.replace(/\/+$/, '') + '/' + sp.replace(/\/+$/, '').split('/').pop(), 'git mv');
    }
  } else m.path('W', dest, dp, 'git mv');
});

handler('git-apply', (m) => {
  optionRoles(m);
  if (m.has('unsafe')) m.unknown('git apply --unsafe-paths may write outside the working tree');
  for (const w of m.p.positional) m.path('R', w, w.value, m.label);
  if (m.has('dry')) return;
  // The files it changes are named in the patches (the files given, or its input): `-pN` strips them (1 by
  // default), `--directory=D` puts them under D, names are from the top of the repository.
  const ps = m.p.positional;
  const files = ps.filter((w) => w.value !== '-').map((w) => (w.glob || w.alts !== undefined || w.fromInput ? null : (w.path ?? w.value)));
  const strip = stripOf(m.occ('-p')?.value ?? '1');
  const dir = m.occ('--directory')?.value;
  const opts = { strip: strip ?? 1, prefix: dir ?? undefined, reverse: m.occ('-R') !== undefined, fromTop: true, removesEmpty: false };
  if (strip === null || dir === null || !patchEffects(m, files, stdinTextOf(m), ps.length === 0 || ps.some((w) => w.value === '-'), opts))
    m.add('write', undefined, '.', m.label, RECURSIVE | INTO);
});

handler('git-submodule', (m) => {
  const ws = m.s.words;
  let i = m.from;
  while (i < ws.length && ws[i].value !== null && ws[i].value!.startsWith('-')) i++;
  const verb = ws[i]?.value;
  if (verb === undefined) return;
  if (verb === null) return m.unknown('git submodule with a command only known at run time');
  if (verb === 'foreach') {
    let j = i + 1;
    while (j < ws.length && ws[j].value !== null && /^(--recursive|--quiet|-q)$/.test(ws[j].value!)) j++;
    const parts = ws.slice(j).map((w) => w.value);
    if (parts.some((p) => p === null)) return m.unknown('git submodule foreach runs a command only known at run time');
    if (parts.length) m.host.shell(m.s, parts.join(' '), 'git submodule foreach');
    return;
  }
  if (!/^(status|summary|init|update|sync|absorbgitdirs|set-url|set-branch|add|deinit)$/.test(verb)) m.unknown(`git submodule ${verb} is not modelled`);
  if (verb === 'add') {
    const rest = ws.slice(i + 1).filter((w) => w.value === null || !w.value.startsWith('-'));
    if (rest[1]) m.path('A', rest[1], rest[1].value, 'git submodule add');
  }
});

handler('git-maintenance', (m) => {
  applyRoles(m);
  const v = m.p.positional[0]?.value;
  if (v === 'start') m.unknown('git maintenance start registers scheduled jobs (cron, systemd or launchd)');
});

handler('git-config', (m) => {
  const ws = m.s.words;
  let file: W | undefined;
  let reading = false;
  let writing = false;
  const pos: W[] = [];
  for (let i = m.from; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (v === null) {
      pos.push(w);
      continue;
    }
    if (v === '-f' || v === '--file') {
      file = ws[++i];
      continue;
    }
    if (v.startsWith('--file=')) {
      file = derived(v.slice(7));
      continue;
    }
    if (v === '--blob' || v === '--type' || v === '--default' || v === '--comment') {
      i++;
      continue;
    }
    if (/^--(get|get-all|get-regexp|get-urlmatch|list|get-color|get-colorbool|show-origin|show-scope|name-only)$|^-l$/.test(v)) reading = true;
    else if (/^--(add|unset|unset-all|replace-all|rename-section|remove-section|append)$/.test(v)) writing = true;
    else if (v === '-e' || v === '--edit') m.unknown('git config --edit opens an editor');
    else if (v.startsWith('-')) continue;
    else pos.push(w);
  }
  // `git config get|set|unset|list|edit …` (git 2.46+).
  const sub = pos[0]?.value;
  if (sub !== undefined && sub !== null && /^(get|set|unset|list|edit|rename-section|remove-section)$/.test(sub)) {
    pos.shift();
    if (sub === 'get' || sub === 'list') reading = true;
    else if (sub === 'edit') m.unknown('git config edit opens an editor');
    else writing = true;
  } else if (pos.length >= 2) writing = true;
  else reading = true;
  if (file) m.path(writing && !reading ? 'A' : 'R', file, file.value, 'git config --file');
});

// ---- what commits hold ----
// `git log -p`, `git show <commit>`, `git cat-file -p <blob>`, `git archive HEAD`, `git format-patch`, `git bundle`,
// `git clone .`: each prints or copies the content of committed files — a `.env` committed once and deleted
// since included. They are reads of the repository's history (pathspecs narrow it), judged against the files
// the repository tracks or ever committed (pathjudge.ts).

/** Options that make log, whatchanged and diff-tree print file content. */
const GIT_PATCH =
  /^(-p|-u|--patch|-U\d*|--unified(=.*)?|-W|--function-context|--word-diff(=.*)?|--color-words(=.*)?|--binary|--full-diff|--cc|--patch-with-stat|--patch-with-raw|--ext-diff|--textconv)$/;
/** Options that make show print names or counts only. */
const GIT_NO_PATCH = /^(-s|--no-patch|--stat(=.*)?|--shortstat|--numstat|--name-only|--name-status|--summary|--dirstat(=.*)?|--raw|--check|--compact-summary)$/;

/** The words of a git verb: options, other words before `--`, and pathspecs after it. */
function gitWords(m: Model): { opts: string[]; revs: W[]; specs: W[] } {
  const ws = m.s.words;
  const opts: string[] = [];
  const revs: W[] = [];
  const specs: W[] = [];
  let dd = false;
  for (let i = m.from; i < ws.length; i++) {
    const w = ws[i];
    if (dd) specs.push(w);
    else if (w.value === '--') dd = true;
    else if (w.value !== null && w.value.length > 1 && w.value.startsWith('-')) opts.push(w.value);
    else revs.push(w);
  }
  return { opts, revs, specs };
}

/** The history read: the pathspecs' files when given, else the whole repository; a known commit range narrows it. */
function historyRead(m: Model, specs: readonly W[], range?: GitRange): void {
  // git matches pathspecs as globs itself (`-- '.e*'`, quoted or not) and with magic (`:(glob)`, `:!x`): such a
  // pathspec, or one only known at run time, may reach any file of the repository.
  const wide = specs.some((w) => w.glob || w.value === null || /[*?[]|^:/.test(w.value));
  const narrow = range === undefined ? undefined : { range };
  if (specs.length === 0 || wide) m.add('read', undefined, '.', m.label, HISTORY, undefined, narrow);
  else for (const w of specs) m.add('read', w, undefined, m.label, HISTORY | RECURSIVE, undefined, narrow);
}

// ---- commit ranges ----
// `git diff main...HEAD`, `git format-patch -1 HEAD`, `git log -p -3`, `git show HEAD~1` print what a few commits
// change, not every file ever committed: a `.env` committed long ago is not in them. The range goes to the probe
// as `git log`/`git diff --name-only` arguments, so only words whose meaning is certain pass: revisions, counts,
// and options that only pick or order commits. Any other word leaves the read as wide as the whole history.

/** Variables that point git at another repository, index, object store or configuration. */
const GIT_REPO_VARS = /^(GIT_[A-Z_]*(DIR|TREE|FILE|DIRECTORY|DIRECTORIES|NAMESPACE|BASE|OBJECTS)|GIT_CONFIG.*|HOME|XDG_CONFIG_HOME)$/;

/** A revision or range: names, `~`/`^` suffixes, `@{…}`, `..`/`...` — no `:` (that is a file in a commit). */
const REV_WORD = /^[A-Za-z0-9_@][A-Za-z0-9_.\/~^@{}+-]*$/;
/** Options that pick or order the commits git log walks, passed on as they are. */
const LOG_SELECT =
  /^(-\d+|-n\d+|--max-count=\d+|--topo-order|--date-order|--author-date-order|--first-parent|--no-merges|--merges|--reverse|--(?:author|committer|grep|since|after|until|before)=[^\n]*|-i|--regexp-ignore-case|--all-match|--invert-grep|--no-walk)$/;
/** Options that only shape the output (what is shown of each change, colours, formats): dropped. */
const SHOW_ONLY =
  /^(-p|-u|--patch|-U\d*|--unified=\d+|-W|--function-context|--word-diff(=[a-z]+)?|--color-words(=.*)?|--binary|--full-diff|--cc|-m|-c|--patch-with-stat|--patch-with-raw|-s|--no-patch|--stat(=[\d,]+)?|--shortstat|--numstat|--name-only|--name-status|--summary|--raw|--compact-summary|--oneline|--format=.*|--pretty(=.*)?|--abbrev-commit|--no-abbrev-commit|--color(=[a-z]+)?|--no-color|--decorate(=[a-z]+)?|--no-decorate|--date=.*|-w|--ignore-all-space|-b|--ignore-space-change|--ignore-blank-lines|--ignore-space-at-eol|--minimal|--patience|--histogram|--diff-algorithm=[a-z]+|-M\d*%?|--find-renames(=\d+%?)?|--no-renames|-R|--full-index|--no-prefix|--stdout|-k|--keep-subject|-s|--signoff|--numbered|-n|--no-numbered|-N|--cover-letter|--no-cover-letter|--subject-prefix=.*|--thread(=[a-z-]+)?|--no-thread|--zero-commit|--quiet|-q|--exit-code|--check|--ignore-submodules(=[a-z]+)?|--diff-filter=[A-Za-z]+|--relative|--no-relative|--src-prefix=.*|--dst-prefix=.*|--no-ext-diff|--no-textconv|-a|--text|--indent-heuristic|--no-indent-heuristic|--color-moved(=[a-z-]+)?|--abbrev(=\\d+)?|--stat-width=\\d+|--ita-invisible-in-index)$/;

/**
 * The commit range of `git log|whatchanged|diff-tree|show|diff|format-patch` as probe arguments, or undefined when a
 * word is not understood. Pathspecs (after `--`, or trailing files) are the caller's.
 */
function rangeOf(m: Model, verb: string, specs: readonly W[]): GitRange | undefined {
  const ws = m.s.words;
  // The probe asks the repository of the folder read: an environment (`GIT_DIR=…`) or a global option
  // (`--git-dir`, `-c`, `--work-tree`) that points git elsewhere or changes what it prints voids the range.
  for (const k in m.s.assigns) if (GIT_REPO_VARS.test(k)) return undefined;
  if (m.s.meta.gitConfig !== undefined) return undefined;
  if (
    m.s.rawWords.some((w) => w.value === null || /^(--(git-dir|work-tree|namespace|bare|config-env|exec-path|super-prefix|attr-source)(=|$)|-c$)/.test(w.value))
  )
    return undefined;
  const sel: string[] = [];
  const revs: string[] = [];
  let count = false;
  for (let i = m.from; i < ws.length; i++) {
    const w = ws[i];
    if (specs.includes(w)) continue;
    const v = w.value;
    if (v === null || w.glob) return undefined;
    if (v === '--') break;
    if (verb === 'format-patch' && (v === '-o' || v === '--output-directory')) {
      i++;
      continue;
    }
    if (verb === 'format-patch' && (v.startsWith('--output-directory=') || /^-o./.test(v))) continue;
    if (v === '-n' && verb !== 'format-patch' && /^\d+$/.test(ws[i + 1]?.value ?? '')) {
      sel.push(`-n${ws[++i].value}`);
      count = true;
      continue;
    }
    if (v.startsWith('-')) {
      if (verb === 'diff') {
        if (v === '--cached' || v === '--staged' || v === '--merge-base') sel.push(v);
        else if (!SHOW_ONLY.test(v)) return undefined;
        continue;
      }
      if (verb === 'format-patch' && /^(-n|--numbered|-N|--no-numbered)$/.test(v)) continue;
      if (v === '--graph')
        sel.push('--topo-order'); // the graph's order decides which commits a count keeps
      else if (LOG_SELECT.test(v)) {
        sel.push(v);
        if (/^-(\d|n\d|-max-count)/.test(v)) count = true;
      } else if (!SHOW_ONLY.test(v)) return undefined;
      continue;
    }
    if (!REV_WORD.test(v)) return undefined;
    revs.push(v);
  }
  if (verb === 'diff') return { kind: 'diff', args: [...sel, ...revs] };
  if (verb === 'show') return { kind: 'log', args: ['--no-walk', ...sel, ...(revs.length ? revs : ['HEAD'])] };
  if (verb === 'format-patch') {
    // `-N REV`: the N commits ending at REV; one revision alone: everything since it (`REV..HEAD`).
    if (revs.length === 0) return count ? { kind: 'log', args: [...sel, 'HEAD'] } : undefined;
    if (!count && revs.length === 1 && !revs[0].includes('..')) return { kind: 'log', args: [...sel, `${revs[0]}..HEAD`] };
    return { kind: 'log', args: [...sel, ...revs] };
  }
  return { kind: 'log', args: [...sel, ...(revs.length ? revs : ['HEAD'])] };
}

/** A word that names a commit, tree or blob by a value that is not `REV:path` (a run-time value may be anything). */
const objectish = (w: W) => w.value === null || !w.value.includes(':');

handler('git-object', (m) => {
  const abs = (v: string) => (v.startsWith('/') ? v : `${m.s.cwd ?? m.env.cwd}/${v}`);
  // These verbs only read: a word is a revision, `REV:path` (that file in that commit) or a path of the work
  // tree, read — never changed (`git log -- tests/`, `git diff .agentguard.yaml` are reads of those files).
  optionRoles(m);
  if (m.p.unknown.length) m.unknown(`${m.label} ${m.p.unknown[0]} is an option the guard does not model`);
  const dd = m.s.words.findIndex((w, i) => i >= m.from && w.value === '--');
  for (const w of m.p.positional) {
    const v = w.path ?? w.value;
    const afterDd = dd >= 0 && m.s.words.indexOf(w) > dd;
    // Before `--`, a word that is no file here is a revision (`HEAD~1`), named as before.
    if (v === null || v.includes(':') || w.glob || (!afterDd && m.env.exists?.(abs(v)) !== true)) m.role('O', w, w.value, m.label);
    else m.path('R', w, w.value, m.label);
  }
  const verb = m.label.slice(m.label.lastIndexOf(' ') + 1);
  const { opts, revs, specs } = gitWords(m);
  // Without `--`, git takes the trailing words that are files of the work tree as pathspecs (a word that is both a
  // revision and a file is an error): `git log -p src/a.ts` narrows the history read as `git log -p -- src/a.ts` does.
  if (dd < 0 && m.s.cwd !== null)
    while (revs.length > 0) {
      const w = revs[revs.length - 1];
      const v = w.path ?? w.value;
      if (v === null || w.glob || v.includes(':') || m.env.exists?.(abs(v)) !== true) break;
      specs.unshift(w);
      revs.pop();
    }
  const patch = opts.some((o) => GIT_PATCH.test(o));
  let hist = false;
  if (verb === 'log' || verb === 'whatchanged' || verb === 'diff-tree') hist = patch;
  // `git diff <empty-tree> HEAD`, `git diff A..B`: a diff between commits prints what they hold. (A diff of the
  // work tree alone is a read of the files it names, as above.)
  // `git diff --quiet` prints nothing at all (it only sets the exit code): nothing of any file is read out.
  else if (verb === 'diff')
    hist = !opts.some((o) => GIT_NO_PATCH.test(o) || o === '--quiet') && revs.some((w) => w.value === null || m.env.exists?.(abs(w.path ?? w.value)) !== true);
  else if (verb === 'show') hist = patch || (!opts.some((o) => GIT_NO_PATCH.test(o)) && (revs.length === 0 || revs.some(objectish)));
  else if (verb === 'cat-file') {
    if (opts.some((o) => /^--batch(=.*|-command)?$/.test(o))) hist = true;
    else if (opts.includes('-p') || (revs.length >= 2 && revs[0].value !== null && /^(blob|tree|commit|tag)$/.test(revs[0].value))) {
      // A commit or tree object prints names, not content: only a blob, by hash or a run-time value, is content.
      const obj = revs[revs.length - 1];
      hist = obj === undefined || obj.value === null || (!obj.value.includes(':') && /^[0-9a-f]{4,64}$/i.test(obj.value)) || revs[0].value === 'blob';
      if (obj !== undefined && obj.value !== null && obj.value.includes(':')) hist = false;
    }
  }
  if (hist) historyRead(m, specs, verb === 'log' || verb === 'whatchanged' || verb === 'show' || verb === 'diff' ? rangeOf(m, verb, specs) : undefined);
  // Threat: `git diff`, `git diff --cached` with a tracked `.env` changed in the work tree print its new lines. The
  // files the diff lists are read (the probe asks git which); an option the guard does not read counts them all.
  else if (verb === 'diff' && !opts.some((o) => GIT_NO_PATCH.test(o) || o === '--quiet')) {
    // Where the range cannot be told (an option it does not read, another repository), the files the diff names are
    // judged as before (and a foreign repository is asked about by its own rule).
    const range = rangeOf(m, verb, specs);
    if (range !== undefined) historyRead(m, specs, range);
  }
});

/**
 * `git stash show -p`, `git stash list -p`, `git reflog -p` (and `reflog show -p`): log-like verbs that, with a
 * patch option, print the content of the commits they walk — a stash holds whatever was in the work tree,
 * `.env` included (`git stash -u` keeps untracked files). Without one they print names and counts.
 */
handler('git-stash-reflog', (m) => patchReads(m));

/** `git stash show|list` and `git reflog` with a patch: a read of what the commits hold. */
function patchReads(m: Model): void {
  applyRoles(m);
  const { opts, revs, specs } = gitWords(m);
  const verb = m.label.slice(m.label.lastIndexOf(' ') + 1);
  const sub = revs[0]?.value;
  if (verb === 'stash' && sub !== 'show' && sub !== 'list') return;
  if (m.s.words.slice(m.from).some((w) => w.value === null)) {
    m.unknown(`${m.label} with a word only known at run time may print what its commits hold`);
    return;
  }
  if (opts.some((o) => GIT_PATCH.test(o) || /^-[a-zA-Z]*p[a-zA-Z]*$/.test(o)) && !opts.some((o) => GIT_NO_PATCH.test(o) && o !== '--stat'))
    historyRead(m, specs, verb === 'stash' && sub === 'show' ? stashRange(opts, revs) : reflogRange(verb, opts, revs));
}

/**
 * `git stash list -p` and `git reflog [show] -p [REF]`: the commits of that reflog (`git log -g`), each printed as
 * what it changes; a count (`-3`, `-n3`) bounds them. Any other option leaves the read as wide as the history.
 */
function reflogRange(verb: string, opts: readonly string[], revs: readonly W[]): GitRange | undefined {
  const sel: string[] = [];
  for (const o of opts) {
    if (/^(-\d+|-n\d+|--max-count=\d+)$/.test(o)) sel.push(o);
    else if (!SHOW_ONLY.test(o) && !/^-[a-zA-Z]*p[a-zA-Z]*$/.test(o)) return undefined;
  }
  const words = revs.map((w) => w.value);
  let ref: string | null | undefined;
  if (verb === 'stash') {
    if (words.length !== 1) return undefined; // `list` alone
    ref = 'refs/stash';
  } else {
    const rest = words[0] === 'show' ? words.slice(1) : words;
    if (rest.length > 1 || words[0] === 'expire' || words[0] === 'delete' || words[0] === 'exists') return undefined;
    ref = rest[0] ?? 'HEAD';
  }
  if (ref === null || ref === undefined || !REV_WORD.test(ref)) return undefined;
  return { kind: 'log', args: ['-g', ...sel, ref] };
}

/**
 * `git stash show -p [stash@{n}]`: what that stash commit changes against each of its parents (its base, its index,
 * and the commit of untracked files a `stash -u` keeps, which `stash.showIncludeUntracked` prints).
 */
function stashRange(opts: readonly string[], revs: readonly W[]): GitRange | undefined {
  if (!opts.every((o) => SHOW_ONLY.test(o) || /^-[a-zA-Z]*p[a-zA-Z]*$/.test(o) || /^--(include|only)-untracked$|^-u$/.test(o))) return undefined;
  if (revs.length > 2) return undefined;
  const r = revs[1]?.value ?? 'stash@{0}';
  const rev = r !== null && /^\d+$/.test(r) ? `stash@{${r}}` : r;
  if (rev === null || !REV_WORD.test(rev)) return undefined;
  return { kind: 'log', args: ['--no-walk', rev] };
}

handler('git-archive', (m) => {
  applyRoles(m);
  if (m.occ('--remote') !== undefined) return;
  const ps = m.p.positional;
  historyRead(m, ps.slice(1));
});

handler('git-format-patch', (m) => {
  applyRoles(m);
  const specs = gitWords(m).specs;
  historyRead(m, specs, rangeOf(m, 'format-patch', specs));
});

handler('git-bundle', (m) => {
  const ps = m.p.positional;
  for (const o of m.p.occ) if (o.value !== undefined) m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  if (ps[0]?.value === 'create') {
    if (ps[1]) m.path('W', ps[1], ps[1].value, `${m.label} create`);
    historyRead(m, []);
  } else if (ps[0]?.value === null) m.unknown(`${m.label} with a command only known at run time`);
});

/** A clone of a repository on this disk copies every commit of it (`git clone . /tmp/x`). */
handler('git-clone', (m) => {
  const ps = m.p.positional;
  for (const o of m.p.occ) if (o.value !== undefined) m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  if (m.p.unknown.length) m.unknown(`${m.label} ${m.p.unknown[0]} is an option the guard does not model`);
  const src = ps[0];
  if (src !== undefined) {
    const v = src.path ?? src.value;
    const file = v !== null ? /^file:\/\/(.+)$/.exec(v) : null;
    if (file) m.add('read', undefined, file[1], m.label, HISTORY);
    else if (v === null) m.unknown(`${m.label} copies a repository only known at run time`);
    else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(v) && !/^[^/]*:/.test(v)) m.add('read', src, undefined, m.label, HISTORY);
  }
  if (ps[1]) m.path('A', ps[1], ps[1].value, m.label);
});

/**
 * `git worktree add /tmp/x [REV]` checks every file of a commit out again, under a folder the path rules may
 * not cover: a read of what commits hold, like a local clone. Other verbs name a worktree's folder.
 */
handler('git-worktree', (m) => {
  const ps = m.p.positional;
  for (const o of m.p.occ) if (o.value !== undefined) m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  if (m.p.unknown.length) m.unknown(`${m.label} ${m.p.unknown[0]} is an option the guard does not model`);
  const verb = ps[0]?.value;
  if (verb === null) return m.unknown(`${m.label} with a verb only known at run time`);
  // The worktree's folder is named as a path, whatever the verb (add, move, remove, lock…).
  if (ps[1]) m.path('A', ps[1], ps[1].value, `${m.label} ${verb}`);
  if (verb === 'move' && ps[2]) m.path('A', ps[2], ps[2].value, `${m.label} move`);
  if (verb === 'add' && m.occ('--no-checkout') === undefined) historyRead(m, []);
});

/** Diff tools that only show the two files they are given (what `git diff` shows of them, no more). */
const DIFF_VIEWERS =
  /^(diff|colordiff|cmp|vimdiff|nvimdiff|gvimdiff|meld|kdiff3|opendiff|bcompare|bcomp|difft|difftastic|delta|icdiff|diffuse|tkdiff|xxdiff|kompare|p4merge|smerge)$/;
/** difftool's own options (the rest are `git diff`'s: revisions, pathspecs, diff options). */
const DIFFTOOL_OWN =
  /^(-y|--no-prompt|--prompt|-g|--gui|--no-gui|-d|--dir-diff|--no-dir-diff|--trust-exit-code|--no-trust-exit-code|--symlinks|--no-symlinks|--extcmd=.*|--tool=.*|-x.+|-t.+)$/;

/**
 * `git difftool -x CMD [REVS] [-- PATHS]` runs CMD on each pair of files the diff covers: temp copies of committed
 * content and work-tree files. What it is handed is what `git diff` with the same words shows (judged as that, so
 * `-x cat HEAD <empty-tree>` reads every committed file); a command other than a diff viewer acts on those files
 * (`-x rm`, `-x 'sed -i d'` delete or empty work-tree files), judged as CMD on files only known at run time.
 */
handler('git-difftool', (m) => {
  const x = m.occ('-x');
  optionRoles(m, x === undefined ? [] : [x.opt.key]);
  if (x === undefined && m.occ('--tool-help') === undefined) m.unknown(`${m.label} runs the diff tool the configuration names`);
  for (const w of m.p.positional) m.role('O', w, w.value, m.label);
  if (x === undefined) return;
  const cmd = x.value;
  if (typeof cmd !== 'string') return m.unknown(`${m.label} -x runs a command only known at run time`);
  const diff: string[] = [];
  const ws = m.s.words;
  for (let i = m.from; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return m.unknown(`${m.label} -x with a word only known at run time: which files it hands the command cannot be told`);
    if (v === '-x' || v === '--extcmd' || v === '-t' || v === '--tool') i++;
    else if (!DIFFTOOL_OWN.test(v)) diff.push(v);
  }
  const how = `${m.label} -x ${cmd}`;
  m.host.shell(m.s, joinArgv(['git', 'diff', ...diff]), `${how} (the files it is handed)`);
  const prog = /^\s*(\S+)/.exec(cmd)?.[1]?.replace(/^.*\//, '');
  if (prog === undefined || !DIFF_VIEWERS.test(prog) || /[;&|<>`$()]/.test(cmd))
    m.host.shell(m.s, `${cmd} "$LOCAL" "$REMOTE"`, `${how} (on each pair of files)`);
});

// ---- forges ----

const GH_ALLOWED: Record<string, RegExp> = {
  pr: /^(list|view|status|checks|diff|create|comment|review|checkout|co|ready|reopen|edit|merge|close|lock|unlock|update-branch|revert)$/,
  issue: /^(list|view|status|create|comment|edit|close|reopen|delete|transfer|lock|unlock|pin|unpin|develop)$/,
  repo: /^(view|list|clone|create|fork|sync|set-default|edit|delete|archive|unarchive|rename|deploy-key|autolink|gitignore|license)$/,
  release: /^(list|view|download|create|delete|edit|upload|delete-asset|verify|verify-asset)$/,
  run: /^(list|view|watch|download|rerun|cancel|delete)$/,
  workflow: /^(list|view|run|enable|disable)$/,
  auth: /^(status|login|logout|refresh|setup-git|switch)$/,
  secret: /^(list|set|delete|remove)$/,
  variable: /^(list|get|set|delete)$/,
  gist: /^(list|view|create|new|clone|edit|delete|rename)$/,
  label: /^(list|create|edit|clone|delete)$/,
  cache: /^(list|delete)$/,
  search: /^(code|commits|issues|prs|repos)$/,
  ruleset: /^(list|view|check|delete)$/,
  project: /^(list|view|item-list|field-list)$/,
  org: /^list$/,
  attestation: /^(verify|download|trusted-root)$/,
  config: /^(get|list|set|clear-cache)$/,
  mr: /^(list|view|create|diff|checkout|note|approve|merge|close|reopen)$/,
  ci: /^(list|view|status|trace|lint)$/,
};

/** The first word after the program that is not an option (gh's command group). */
function firstBare(ws: W[]): string | null | undefined {
  for (let i = 1; i < ws.length; i++) if (!ws[i].value?.startsWith('-')) return ws[i].value;
  return undefined;
}

/** gh and glab settings whose value is a program run later (an editor, a pager, a browser) or where the API is reached. */
const GH_COMMAND_KEYS = /^(editor|visual|pager|glab_pager|browser)$/i;
const GH_SAFE_KEYS =
  /^(git_protocol|api_protocol|prompt|prefer_editor_prompt|color_labels|accessible_colors|accessible_prompter|spinner|glamour_style|check_update|display_hyperlinks|no_prompt)$/i;

/**
 * `gh config set editor 'rm -rf src;'` saves a command in the home folder's config that a later `gh pr create` or
 * any paged output runs: the value is judged as the command it becomes; a key the guard does not know (a socket the
 * API goes through) or a value only known at run time is asked.
 */
function configSetCommand(m: Model, ws: W[]): void {
  const args: (string | null)[] = [];
  const at = ws.findIndex((w) => w.value === 'set');
  for (let i = at + 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === '-h' || v === '--host' || v === '--hostname' || v === '-g' || v === '--global') {
      if (v !== '-g' && v !== '--global') i++;
      continue;
    }
    if (v !== null && v.startsWith('-') && v.length > 1) continue;
    args.push(v);
  }
  const [key, value] = args;
  if (key === null || key === undefined) return m.unknown(`${m.label} config set with a key only known at run time`);
  if (GH_SAFE_KEYS.test(key)) return;
  if (!GH_COMMAND_KEYS.test(key)) return m.unknown(`${m.label} config set ${key} is a setting the guard does not model`);
  if (value === null || value === undefined) return m.unknown(`${m.label} config set ${key} saves a command only known at run time`);
  if (value.trim() !== '') m.host.shell(m.s, value, `${m.label} config set ${key} (run later)`);
}

handler('gh', (m) => {
  const ws = m.s.words;
  const bare: W[] = [];
  const clobber = ws.some((w) => w.value === '--clobber');
  let toDir = false;
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (v !== null && v.startsWith('-') && v.length > 1) {
      const eq = v.indexOf('=');
      const k = eq < 0 ? v : v.slice(0, eq);
      const val = eq < 0 ? ws[i + 1]?.value : v.slice(eq + 1);
      const valW = eq < 0 ? ws[i + 1] : undefined;
      if (/^(-F|--field|--body-file|--input|--notes-file|--template|--file)$/.test(k)) {
        if (eq < 0) i++;
        if (val === null || val === undefined) continue;
        const f = fileOfData(val);
        // `-F` is `--field` in `gh api` only; elsewhere (`gh pr comment -F`, `gh issue create -F`, `gh release
        // create -F`) it is `--body-file` / `--notes-file`: the file's text is posted.
        if (k === '--field' || (k === '-F' && firstBare(ws) === 'api')) {
          if (f !== undefined) m.add('read', undefined, f, `gh ${k}`);
        } else if (val !== '-') m.path('R', valW, val, `gh ${k}`);
      } else if (/^(-D|--dir|-O|--output)$/.test(k)) {
        if (eq < 0) i++;
        // --clobber: files already in the folder are overwritten by whatever the assets are named.
        const dirFlags = clobber ? RECURSIVE : RECURSIVE | INTO;
        if (typeof val === 'string' && val !== '-') m.add('write', undefined, val, `gh ${k}`, k === '-D' || k === '--dir' ? dirFlags : 0);
        if (k === '-D' || k === '--dir') toDir = true;
      } else if (
        /^(-R|--repo|-b|--body|-t|--title|-m|--message|-X|--method|-H|--header|-f|--raw-field|-q|--jq|-L|--limit|--json|--state|--label|-l|--base|-B|--head|-a|--assignee|--author|--hostname|-e|--env|--branch|--workflow|-w|--ref|-r|--reviewer|-s|--search|--milestone|--tag|--target|--notes|-n|--name|--visibility|--description|-d|--template|--jq|--sort|--order|--created|--app|--org|--user)$/.test(
          k,
        )
      ) {
        if (eq < 0) i++;
      }
      continue;
    }
    bare.push(w);
  }
  const [g, a] = bare.map((w) => w.value);
  if (g === undefined) return;
  if (g === null || a === null) return m.unknown(`${m.label} with a command only known at run time`);
  if (g === 'api') {
    for (const w of bare.slice(1)) m.role('U', w, w.value, 'gh api');
    return;
  }
  if (/^(browse|status|completion|help|version|--version)$/.test(g)) return;
  if (g === 'auth' && (a === 'token' || (a === 'status' && m.s.words.some((w) => w.value === '-t' || w.value === '--show-token'))))
    return m.unknown(`gh auth ${a} prints a GitHub credential`);
  // The login (its token) lives in ~/.config/gh/hosts.yml, a credential store: like `npm login`, writing it is refused.
  if (g === 'auth' && /^(login|logout|refresh|switch)$/.test(a ?? '')) m.add('write', undefined, '~/.config/gh/hosts.yml', `gh auth ${a}`, APPEND);
  const allowed = GH_ALLOWED[g];
  if (!allowed || a === undefined || !allowed.test(a)) return m.unknown(`${m.label} ${g}${a ? ' ' + a : ''} is not a command the guard models`);
  const rest = bare.slice(2);
  if (g === 'config' && a === 'set') return configSetCommand(m, ws);
  if (g === 'gist' && /^(create|new|edit)$/.test(a)) for (const w of rest) m.path('R', w, w.value, `gh gist ${a}`);
  if (g === 'release' && /^(create|upload)$/.test(a))
    for (const w of rest.slice(1)) {
      const v = w.value === null ? null : w.value.replace(/#.*$/, '');
      m.path('R', v === w.value ? w : undefined, v, `gh release ${a}`);
    }
  if ((g === 'repo' || g === 'gist') && a === 'clone' && rest[1]) m.path('A', rest[1], rest[1].value, `gh ${g} clone`);
  // `gh release download`/`gh run download` with no folder: the assets land here, over same-named files with --clobber.
  // Without it, new files named as the assets are (a `conftest.py`, a `.envrc`) land here: not seen, so asked.
  if (
    (g === 'release' || g === 'run' || g === 'attestation') &&
    a === 'download' &&
    !toDir &&
    !m.acc.some((x) => x.how === 'gh -O' || x.how === 'gh --output')
  ) {
    if (clobber) m.add('write', undefined, '.', `gh ${g} download --clobber`, RECURSIVE);
    else m.unknown(`gh ${g} download writes files named as the assets are into this folder`);
  }
});

// ---- containers and clusters ----

/**
 * Host folders, host variables, the host network or another container's volumes: what an unseen program could
 * reach. A named volume (`-v pgdata:/data`), a variable given with its value on the line (`-e POSTGRES_DB=app`)
 * and a published port hand it nothing of the host.
 */
function reachesHost(m: Model): boolean {
  for (const o of m.p.occ) {
    const v = o.value;
    switch (o.opt.key) {
      case '--volumes-from':
      case '--env-file':
        return true;
      case '--network':
        if (v === null || v === 'host' || (v !== undefined && v.startsWith('container:'))) return true;
        break;
      case '-v':
        if (v === null || v === undefined || /^[/.~$]/.test(v.split(':')[0]) || !v.includes(':')) return true;
        break;
      case '--mount':
        if (v === null || v === undefined || /(^|,)type=bind(,|$)/.test(v) || /(^|,)(source|src)=[/.~$]/.test(v)) return true;
        break;
      case '-e':
        // `-e NAME` passes the host's value; a value with an expansion is only known at run time.
        if (v === null || v === undefined || !v.includes('=')) return true;
        break;
    }
  }
  return false;
}

handler('docker-run', (m) => {
  optionRoles(m, ['--mount']);
  for (const o of m.p.occ) {
    if (o.opt.key !== '--mount' || o.value === undefined) continue;
    if (o.value === null) {
      m.unknown('docker --mount with a value only known at run time');
      continue;
    }
    const kv = new Map(o.value.split(',').map((p) => [p.split('=')[0], p.slice(p.indexOf('=') + 1)] as const));
    const src = kv.get('source') ?? kv.get('src');
    const type = kv.get('type') ?? 'volume';
    if (src !== undefined && (type === 'bind' || /^[/.~$]/.test(src)))
      m.add(kv.has('readonly') || kv.has('ro') || kv.get('readonly') === 'true' ? 'read' : 'any', undefined, src, 'docker --mount');
  }
  if (m.p.unknown.length) m.unknown(`${m.label} ${m.p.unknown[0]} is an option the guard does not model`);
  // With no command after the image (and no --entrypoint), the image's own entrypoint runs: a program pulled from a
  // registry that nobody on this line has seen. Inside a container with nothing of the host (no mount, no host
  // variable, no host network) it reaches nothing here, as `docker run --rm alpine echo hi` does not; given a mount
  // it acts on the workspace unseen, given the host's variables it holds its tokens. Host privileges are the
  // infra rules' business. A command given is judged as shown.
  if (m.p.positional.length <= 1 && m.occ('--entrypoint') === undefined && reachesHost(m))
    m.unknown(
      `${m.label} runs the image's own program (${m.p.positional[0]?.text ?? 'no image named'}) with host files or variables, and the command line does not show what it does`,
    );
});

handler('docker-build', (m) => {
  optionRoles(m, ['--secret', '-o']);
  for (const o of m.p.occ) {
    if (o.value === undefined) continue;
    if (o.value === null) {
      if (o.opt.key === '--secret' || o.opt.key === '-o') m.unknown(`${m.label} ${o.opt.key} with a value only known at run time`);
      continue;
    }
    if (o.opt.key === '--secret') {
      const src = /(?:^|,)(?:src|source)=([^,]+)/.exec(o.value);
      if (src) m.add('read', undefined, src[1], `${m.label} --secret`);
    } else if (o.opt.key === '-o') {
      const dest = /(?:^|,)dest=([^,]+)/.exec(o.value);
      if (dest) m.add('write', undefined, dest[1], `${m.label} -o`, RECURSIVE | INTO);
      else if (!o.value.includes('=') && o.value !== '-') m.add('write', undefined, o.value, `${m.label} -o`, RECURSIVE | INTO);
    }
  }
  dockerfileFromInput(m);
  // The context is sent to the daemon whole, and `COPY . .` puts it in the image: a context outside the workspace
  // (`docker build ~`, `docker build /`) reads that tree, credential stores included. The workspace's own context is
  // the build's business (a build alone is benign; .dockerignore decides what goes).
  const ctx = m.p.positional[0];
  const v = ctx?.path ?? ctx?.value;
  if (ctx !== undefined && v !== null && v !== undefined && v !== '-' && !/^[a-z]+:\/\//i.test(v) && !/^git@/.test(v)) {
    const abs = normalize(v.startsWith('/') ? v : `${m.s.cwd ?? m.env.cwd}/${v}`);
    const ws = m.env.workspace;
    if (abs !== ws && !abs.startsWith(ws.endsWith('/') ? ws : `${ws}/`)) m.add('read', undefined, abs, `${m.label} (its context)`, RECURSIVE);
  }
});

/**
 * `docker build -f - .` (or `-` as the context): the Dockerfile is the input. Its COPY/ADD sources are read from
 * the context and its RUN steps print into the build log (`COPY .env /e` then `RUN cat /e` shows the secret):
 * the sources are judged as reads; a Dockerfile the guard cannot see is unknown.
 */
function dockerfileFromInput(m: Model, fileValue = m.occ('-f')?.value, ctx = m.p.positional[0]): void {
  if (fileValue !== '-' && ctx?.value !== '-') return;
  const text = stdinTextOf(m);
  if (typeof text !== 'string') return m.unknown(`${m.label} reads its Dockerfile from input the guard cannot see`);
  const dir = ctx?.value && ctx.value !== '-' ? ctx.value.replace(/\/+$/, '') : '.';
  for (const line of text.split('\n')) {
    const c = /^\s*(COPY|ADD)\s+(.+)$/i.exec(line);
    if (!c) continue;
    const args = c[2].split(/\s+/).filter((a) => a !== '' && !a.startsWith('--'));
    if (c[2].includes('--from=')) continue; // from another stage or image, not the context
    for (const src of args.slice(0, -1)) {
      if (/^[a-z]+:\/\//i.test(src)) continue;
      m.add('read', undefined, src === '.' || src === './' ? dir : `${dir}/${src.replace(/^\.\//, '')}`, `${m.label} (${c[1].toUpperCase()})`, RECURSIVE);
    }
  }
}

/** docker/kubectl/compose cp: `name:path` is inside a container; the other side is here. */
handler('docker-cp', (m) => {
  optionRoles(m);
  const ps = m.p.positional;
  const remote = (w: W) => w.value !== null && /^[^/.~][^/]*:/.test(w.value);
  if (ps.length !== 2) return m.unknown(`${m.label} expects a source and a destination`);
  const [src, dst] = ps;
  if (!remote(src)) m.path('R', src, src.value, m.label, RECURSIVE);
  if (!remote(dst)) m.path('W', dst, dst.value, m.label, RECURSIVE);
});

/** `docker login --help`: the usage is printed and nothing is logged in (no credential store written). */
function usageOnly(m: Model): boolean {
  return m.s.words.slice(m.from).some((w) => w.value === '--help');
}

// `cargo login` / `cargo logout`: the registry token lives in ~/.cargo/credentials.toml (a credential store).
handler('cargo-login', (m) => {
  optionRoles(m);
  m.add('write', undefined, '~/.cargo/credentials.toml', m.label, APPEND);
});

handler('docker-login', (m) => {
  optionRoles(m);
  if (usageOnly(m)) return;
  m.add('write', undefined, '~/.docker/config.json', m.label, APPEND);
});

handler('docker-objects', (m) => {
  const ws = m.s.words;
  const group = m.label.split(' ').pop();
  const bare = ws.slice(m.from).filter((w) => w.value === null || !w.value.startsWith('-'));
  const v = bare[0]?.value;
  if (v === null) return m.unknown(`${m.label} with a command only known at run time`);
  if (group === 'plugin' && /^(install|upgrade|create|enable|set)$/.test(v ?? '')) return m.unknown(`docker plugin ${v} installs or changes a daemon plugin`);
  if ((group === 'secret' || group === 'config') && v === 'create' && bare[2]) m.path('R', bare[2], bare[2].value, `docker ${group} create`);
  // `docker buildx build -f - .`, `docker image build -f - .`: the Dockerfile is the input (dockerfileFromInput).
  if ((group === 'buildx' || group === 'image' || group === 'builder') && v === 'build') {
    let f: string | null | undefined;
    for (let i = 0; i < ws.length; i++) if (ws[i].value === '-f' || ws[i].value === '--file') f = ws[i + 1]?.value;
    const ctx = bare.length > 1 ? bare[bare.length - 1] : undefined; // the context is the last operand
    dockerfileFromInput(m, f ?? ws.find((w) => w.value?.startsWith('--file=') === true)?.value?.slice(7), ctx);
    // `-o type=local,dest=DIR`, `-o DIR`, `--output=…`: the build's result is written into DIR (as docker build -o).
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i].value;
      const o =
        w === '-o' || w === '--output'
          ? ws[++i]?.value
          : w?.startsWith('--output=')
            ? w.slice(9)
            : w?.startsWith('-o') && w.length > 2 && !w.startsWith('--')
              ? w.slice(2)
              : undefined;
      if (o === undefined) continue;
      if (o === null) {
        m.unknown(`${m.label} -o with a value only known at run time`);
        continue;
      }
      const dest = /(?:^|,)dest=([^,]+)/.exec(o);
      if (dest) m.add('write', undefined, dest[1], `${m.label} -o`, RECURSIVE | INTO);
      else if (!o.includes('=') && o !== '-') m.add('write', undefined, o, `${m.label} -o`, RECURSIVE | INTO);
    }
  }
  if (group === 'buildx' && v === 'bake')
    for (let i = 0; i < ws.length; i++) if (ws[i].value === '-f' || ws[i].value === '--file') m.path('R', ws[i + 1], ws[i + 1]?.value, 'docker buildx bake -f');
  if (group === 'image' && v === 'save')
    for (let i = 0; i < ws.length; i++)
      if (ws[i].value === '-o' || ws[i].value === '--output') m.path('W', ws[i + 1], ws[i + 1]?.value, 'docker image save -o');
  if (group === 'image' && v === 'load')
    for (let i = 0; i < ws.length; i++) if (ws[i].value === '-i' || ws[i].value === '--input') m.path('R', ws[i + 1], ws[i + 1]?.value, 'docker image load -i');
  if (group === 'container' && v === 'cp') {
    const ps = bare.slice(1);
    const remote = (w: W) => w.value !== null && /^[^/.~][^/]*:/.test(w.value);
    for (const [i, w] of ps.entries()) if (!remote(w)) m.path(i === 0 ? 'R' : 'W', w, w.value, 'docker container cp', RECURSIVE);
  }
});

handler('kubectl-get', (m) => {
  applyRoles(m);
  const first = m.p.positional[0];
  const kind = first?.value;
  const out = m.occ('-o')?.value;
  // A kind list (`secrets,configmaps`), `secret/name`, or a kind only known at run time may be secrets.
  const secret = first !== undefined && (kind === null || kind!.split(',').some((k) => /^(secrets?|secret\/.*|secrets\/.*)$/i.test(k)));
  if (secret && (out === null || /^(yaml|json|jsonpath|go-template|template|custom-columns)/.test(out ?? '')))
    m.unknown('kubectl get secret -o … prints secret values');
  // describe prints a secret's keys and sizes, and its annotations: `kubectl apply` keeps the whole manifest, data
  // included, in kubectl.kubernetes.io/last-applied-configuration.
  if (secret && m.label.endsWith('describe'))
    m.unknown("kubectl describe secret prints the secret's annotations, where kubectl apply keeps its data (last-applied-configuration)");
});

handler('kubectl-config', (m) => {
  applyRoles(m);
  const v = m.p.positional[0]?.value;
  if (v === null) return m.unknown('kubectl config with a command only known at run time');
  if (v === 'view' && m.s.words.some((w) => w.value === '--raw' || w.value === '--flatten'))
    return m.unknown('kubectl config view --raw prints cluster credentials');
  if (/^(view|get-contexts|current-context|get-clusters|get-users)$/.test(v ?? '') || v === undefined) return;
  if (/^(use-context|use|set-context|set-cluster|set-credentials|set|unset|delete-context|delete-cluster|delete-user|rename-context)$/.test(v)) {
    const kc = m.occ('--kubeconfig')?.value;
    m.add('write', undefined, typeof kc === 'string' ? kc : '~/.kube/config', `kubectl config ${v}`, APPEND);
    return;
  }
  m.unknown(`kubectl config ${v} is not modelled`);
});

handler('helm-misc', (m) => {
  applyRoles(m);
  const group = m.label.split(' ').pop();
  const v = m.p.positional[0]?.value;
  if (group === 'plugin' && v !== 'list' && v !== 'ls') m.unknown(`helm plugin ${v ?? ''} installs or runs plugin code`);
  if (group === 'registry' && v === 'login') m.unknown('helm registry login stores registry credentials');
  if (group === 'create') for (const w of m.p.positional) m.path('A', w, w.value, 'helm create');
});

/**
 * Project generators (`rails new`, `degit`, `dotnet new`, `cookiecutter`, `copier copy`): the destination folder gets
 * files whose names the template decides. With --force (overwrite) the files already there are replaced, so every
 * existing file under it is written: the destination option (role `:dest`), else the positional the row turns to `Y`
 * on `force`, else the current folder.
 */
handler('scaffold', (m) => {
  applyRoles(m);
  if (!m.has('force')) return;
  const dest = m.p.occ.find((o) => o.opt.flag === 'dest' && o.value !== undefined);
  if (dest !== undefined) return m.role('Y', dest.w, dest.value, `${m.label} ${dest.opt.key} (overwrites)`);
  if (!m.roles.includes('Y')) m.add('write', undefined, '.', `${m.label} (overwrites the files here)`, RECURSIVE);
});

/**
 * skopeo: an image reference with a local transport is a path here (`dir:tests` is a folder of layers written or
 * read whole, `docker-archive:/tmp/x.tar` a file); `copy`/`sync` write the last one and read the others.
 */
handler('skopeo', (m) => {
  applyRoles(m);
  const ps = m.p.positional;
  const verb = ps[0]?.value;
  // `skopeo unshare CMD…` runs CMD in skopeo's user namespace, on this machine's files.
  if (verb === 'unshare') {
    const rest = m.s.words.slice(m.s.words.indexOf(ps[0]) + 1);
    if (rest.some((w) => w.value === null)) return m.unknown('skopeo unshare runs words only known at run time');
    if (rest.length > 0) m.host.shell(m.s, joinArgv(rest.map((w) => w.value as string)), 'skopeo unshare');
    return;
  }
  for (let i = 1; i < ps.length; i++) {
    const v = ps[i].value;
    if (v === null) {
      m.unknown(`skopeo ${verb ?? ''} with an image only known at run time`);
      continue;
    }
    const t = /^(dir|oci|oci-archive|docker-archive|sif):(.*)$/.exec(v);
    if (!t) continue;
    // oci:PATH:REF and docker-archive:PATH:REF: the path is what comes before a last `:tag`.
    const p = t[1] === 'dir' ? t[2] : t[2].replace(/:[\w.@-]+$/, '');
    const folder = t[1] === 'dir' || t[1] === 'oci';
    const writes = (verb === 'copy' || verb === 'sync') && i === ps.length - 1;
    m.add(writes ? 'write' : 'read', undefined, p || '.', `skopeo ${verb ?? ''} ${t[1]}:`, folder ? RECURSIVE | (writes ? INTO : 0) : 0);
  }
});

/**
 * dotnet build/test: a logger's `LogFileName=`/`LogFilePath=` (`--logger 'trx;LogFileName=../tests/x'`) is a file
 * written, relative to the results folder (TestResults unless --results-directory says otherwise).
 */
handler('dotnet-build', (m) => {
  applyRoles(m);
  const rd = m.occ('--results-directory')?.value;
  for (const o of m.p.occ) {
    if (o.opt.key !== '-l' || o.value === undefined) continue;
    if (o.value === null) {
      m.unknown(`${m.label} --logger with settings only known at run time`);
      continue;
    }
    for (const kv of o.value.split(';')) {
      const f = /^\s*(LogFileName|LogFilePath|LogFilePrefix|OutputFile|LogFile)\s*=\s*(.+)$/i.exec(kv);
      if (!f) continue;
      const dir = typeof rd === 'string' ? rd : 'TestResults';
      m.path('W', undefined, f[2].startsWith('/') || f[2].startsWith('~') ? f[2] : `${dir}/${f[2]}`, `${m.label} --logger ${f[1]}`);
    }
  }
});

// ---- infrastructure as code ----

/** What `terraform fmt -check` (without -diff) shows of the files it reads: names only, so only Terraform code is read. */
const TF_SHOWN = ['*.tf', '*.tftest.hcl'];

handler('terraform', (m) => {
  const ws = m.s.words;
  let verb: string | null | undefined;
  const pos: W[] = [];
  const opts = new Map<string, string>();
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (v === null) {
      if (verb === undefined) verb = null;
      else pos.push(w);
      continue;
    }
    if (v.startsWith('-')) {
      const eq = v.indexOf('=');
      const k = (eq < 0 ? v : v.slice(0, eq)).replace(/^--?/, '');
      const val = eq < 0 ? '' : v.slice(eq + 1);
      opts.set(k, val);
      if (k === 'chdir') m.role('C', undefined, val, 'terraform -chdir');
      else if (k === 'var-file' || k === 'state') m.role('R', undefined, val, `terraform -${k}`);
      else if (k === 'plugin-dir') m.role('X', undefined, val, `terraform -${k}`);
      else if (k === 'out' || k === 'state-out' || k === 'backup') m.role('W', undefined, val, `terraform -${k}`);
      continue;
    }
    if (verb === undefined) verb = v;
    else pos.push(w);
  }
  if (verb === null) return m.unknown('terraform with a command only known at run time');
  if (verb === undefined) return;
  const what = pos[0]?.value;
  switch (verb) {
    case 'fmt': {
      const check = opts.has('check') || opts.get('write') === 'false' || opts.has('diff');
      const targets = pos.length ? pos : [derived('.')];
      // Only Terraform's own files are read (or rewritten): a `.env` beside them is not.
      const tfFiles = ['*.tf', '*.tfvars', '*.tftest.hcl'];
      for (const t of targets) {
        // -check alone prints only the names of badly formatted files: a *.tfvars (credentials) is parsed, its
        // values never shown (like `ls`); -diff prints the changes, values included.
        if (check) m.path('R', t, t.value, 'terraform fmt', RECURSIVE, opts.has('diff') ? tfFiles : TF_SHOWN);
        else if (t.value === null) m.unknown('terraform fmt of a path only known at run time');
        else m.add('write', undefined, t.value, 'terraform fmt', RECURSIVE, tfFiles);
      }
      return;
    }
    case 'console':
      return m.unknown('terraform console evaluates expressions that can read any file');
    case 'login':
    case 'logout':
      m.add('write', undefined, '~/.terraform.d/credentials.tfrc.json', `terraform ${verb}`, APPEND);
      return;
    case 'state':
      if (what === 'pull') m.unknown('terraform state pull prints the state, secrets included');
      return;
    case 'show':
      for (const w of pos) m.path('R', w, w.value, 'terraform show');
      return;
    case 'apply':
      for (const w of pos) m.path('R', w, w.value, 'terraform apply');
      return;
    default:
      if (
        !/^(init|plan|validate|output|providers|graph|version|workspace|import|destroy|taint|untaint|refresh|get|test|force-unlock|metadata|modules|run-all|hclfmt|render-json|graph-dependencies|validate-inputs|output-module-groups|stack|catalog|scaffold)$/.test(
          verb,
        )
      )
        m.unknown(`terraform ${verb} is not a command the guard models`);
  }
});

// ---- cloud ----

const AWS_VALUE_OPTS =
  /^--(profile|region|output|endpoint-url|query|color|ca-bundle|cli-read-timeout|cli-connect-timeout|cli-binary-format|page-size|max-items|starting-token)$/;
const AWS_READ =
  /^(describe|list|get|head|show|search|lookup|scan|query|filter|batch-get|validate|estimate|wait|help|ls|check|simulate|preview|select|download|view|decode|poll|receive|tail|presign|test|version|info|status|explain|print|read|export|diff|plan|logs?)([-_].*)?$/;
const AWS_SECRET_OPS =
  /^(get-secret-value|batch-get-secret-value|get-login-password|get-session-token|get-federation-token|assume-role.*|get-authorization-token|decrypt|generate-data-key.*|get-credentials-for-identity|get-role-credentials|export-credentials|get-cluster-credentials.*|get-auth-token|get-password-data)$/;

handler('aws', (m) => {
  const ws = m.s.words;
  const bare: W[] = [];
  let recursive = false;
  let decrypt = false;
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (v === null) {
      bare.push(w);
      continue;
    }
    const f = /(?:^|=)(fileb?:\/\/)(.+)$/.exec(v);
    if (f) m.add('read', undefined, f[2], 'aws file://');
    if (v.startsWith('--')) {
      if (v === '--recursive') recursive = true;
      if (v === '--with-decryption') decrypt = true;
      if (AWS_VALUE_OPTS.test(v)) i++;
      continue;
    }
    if (v.startsWith('-') && v.length > 1) continue;
    bare.push(w);
  }
  const [svc, op] = bare.map((w) => w.value);
  if (svc === null || op === null) return m.unknown('aws with a service or operation only known at run time');
  if (svc === undefined || op === undefined) return;
  if (svc === 'configure') {
    if (op === 'get' && /secret|token|access_key/i.test(bare[2]?.value ?? 'x')) return m.unknown('aws configure get prints a credential');
    if (op === 'set' || op === 'import') return void m.add('write', undefined, '~/.aws/credentials', `aws configure ${op}`, APPEND);
    if (op === 'export-credentials') return m.unknown('aws configure export-credentials prints credentials');
    return;
  }
  if (AWS_SECRET_OPS.test(op) || (/^get-parameters?(-by-path)?$/.test(op) && decrypt)) return m.unknown(`aws ${svc} ${op} prints secrets or credentials`);
  if (svc === 's3' && /^(cp|mv|sync)$/.test(op)) {
    const rest = bare.slice(2).filter((w) => w.value === null || !/^s3:\/\//.test(w.value));
    const [src, dst] = bare.slice(2);
    const tree = recursive || op === 'sync' ? RECURSIVE : 0;
    for (const w of rest) {
      if (w === src) m.path(op === 'mv' ? 'N' : 'R', w, w.value, `aws s3 ${op}`, tree);
      else if (w === dst) m.path('W', w, w.value, `aws s3 ${op}`, tree ? tree | INTO : 0);
    }
  }
  // Other operations: reads are fine; everything else is the rules' business (cloud.mutate).
  if (!AWS_READ.test(op) && !/^(s3|sts|help)$/.test(svc)) return;
});

const CLOUD_SECRETS =
  /\b(print-access-token|print-identity-token|get-access-token|access-token|application-default print|versions access|secret show|secret download|keyvault secret|get-credentials|config:get|env pull|env:pull|secrets:get|functions:config:get|secret get)\b/;
const CLOUD_READ =
  /^(list|ls|describe|show|get|get-.*|info|status|logs?|tail|whoami|version|help|account|config|configurations|diff|preview|validate|lint|synth|inspect|open|dev|doctor|regions|history|outputs?|search|query|check|export|plan|ps|releases|domains|certs|dns|env|apps|addons|metrics|monitor|activity|browse|docs|serve|emulators:start|login|auth|init|link|whoami|projects|organizations|billing|quota|usage|top|events|explain|print-settings|list-.*|describe-.*|show-.*|watch|test|build|pull|local|run|exec|console|shell|ssh|cp|scp|connect|port-forward)$/;
/** A colon-joined verb path whose last step only lists or describes (`projects:list`, `ext:info`). */
const CLOUD_READ_PATH =
  /^(?!(?:login|logout|auth|secrets?|config|env|token|keys?|credentials?)(?::|$))[a-z][a-z0-9-]*(?::[a-z][a-z0-9-]*)*:(list|ls|describe|show|info|status|version|help)$/;
const CLOUD_REMOTE_EXEC = /^(ssh|scp|exec|run-command|console|shell|connect|cp|run|local|port-forward|emulators:start|serve|dev)$/;

const REMOTE_URL = /^(?!file:)[a-z][a-z0-9+.-]*:\/\/[^/]/i;

const NO_PLUGINS = new Set(['vercel', 'netlify', 'fly', 'flyctl', 'firebase', 'wrangler', 'railway', 'surge', 'render', 'eb', 'eas', 'expo']);

handler('cloud', (m) => {
  const ws = m.s.words;
  const bare: string[] = [];
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (v === null) {
      m.unknown(`${m.label} is given ${w.text}, only known at run time`);
      continue;
    }
    if (v.startsWith('-')) {
      const eq = v.indexOf('=');
      if (eq > 0) m.name(undefined, v.slice(eq + 1), `${m.label} ${v.slice(0, eq)}`);
      else if (/(file|path|key|cert|source|dir|config|credential)/i.test(v) && ws[i + 1] && !(ws[i + 1].value ?? '-').startsWith('-')) {
        m.name(ws[i + 1], ws[i + 1].value, `${m.label} ${v}`);
        i++;
      }
      continue;
    }
    bare.push(v);
    // `gs://bucket`, `s3://b/k`, `https://…`: a remote object, not a path here (`file://` is one).
    if ((v.includes('/') && !REMOTE_URL.test(v)) || v.startsWith('.') || v.startsWith('@')) m.name(w, v, m.label);
  }
  const joined = bare.join(' ');
  // `vercel deploy --help`, `fly deploy --help`: the verb's usage is printed and nothing runs (CLIs with plugins that
  // answer for their own verbs, like heroku's and amplify's, are left out: a plugin's verb may be code of its own).
  if (NO_PLUGINS.has(m.s.name ?? '') && helpAsked(m.s)) return;
  if (CLOUD_SECRETS.test(joined)) return m.unknown(`${m.label} ${joined}: prints secrets or credentials`);
  const verbs = bare.filter((b) => /^[a-z][a-z0-9:-]*$/.test(b));
  // Remote execution and local emulators: the command runs elsewhere or serves files.
  if (verbs.some((v) => CLOUD_REMOTE_EXEC.test(v) && /^(ssh|scp|exec|run-command|console|shell|connect|cp)$/.test(v)))
    return m.unknown(`${m.label} ${joined}: runs commands or copies files on a remote machine`);
  // `firebase projects:list`, `firebase hosting:channel:list`: a verb path joined by colons ends in the action.
  if (verbs.length === 0 || verbs.some((v) => CLOUD_READ.test(v) || CLOUD_READ_PATH.test(v))) return;
  m.unknown(`${m.label} ${joined} is not a command the guard models`);
});

export { positionalRoles_ };

// ---- network and secrets ----

handler('sftp', (m) => {
  optionRoles(m);
  if (m.occ('-b')) m.unknown(`${m.label} -b runs the transfer commands of a batch file (it may run local commands with !)`);
  else m.unknown(`${m.label} reads its transfer commands from the terminal or its input`);
});

handler('ip', (m) => {
  const vs = m.s.words.slice(1).map((w) => w.value);
  if (vs.some((v) => v === null)) return m.unknown(`${m.label} is given words only known at run time`);
  if (
    vs.some((v) => /^(add|del|delete|set|change|replace|flush|append|prepend|up|down|connect|disconnect|modify|mod|reload|restart|on|off|netns|exec)$/.test(v!))
  )
    m.unknown(`${m.label} ${vs.join(' ')} changes network configuration`);
});

handler('ssh-keygen', (m) => {
  optionRoles(m, ['-f']);
  const f = m.occ('-f');
  if (m.occ('-F') || m.occ('-R')) m.add(m.occ('-R') ? 'write' : 'read', undefined, '~/.ssh/known_hosts', m.label, m.occ('-R') ? APPEND : 0);
  if (!f) return;
  if (m.has('pub') || m.occ('-e') || m.occ('-B')) m.role('R', f.w, f.value, 'ssh-keygen -f');
  else {
    m.role('W', f.w, f.value, 'ssh-keygen -f');
    if (typeof f.value === 'string') m.add('write', undefined, f.value + '.pub', 'ssh-keygen -f');
  }
});

handler('gpg', (m) => {
  const ws = m.s.words;
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const v = w.value;
    if (v === null) {
      m.unknown(`${m.label} is given ${w.text}, only known at run time`);
      continue;
    }
    if (/^--export-secret|^--export-ssh-key|^--show-session-key/.test(v)) m.unknown(`${m.label} ${v} prints secret key material`);
    if (v === '-o' || v === '--output') {
      m.path('W', ws[i + 1], ws[i + 1]?.value, `${m.label} -o`);
      i++;
    } else if (/^--output=/.test(v)) m.add('write', undefined, v.slice(9), `${m.label} --output`);
    else if (/^--(passphrase-file|keyring|secret-keyring|options|trustdb-name)$/.test(v)) {
      m.path('R', ws[i + 1], ws[i + 1]?.value, `${m.label} ${v}`);
      i++;
    } else if (
      /^-(r|u|R|k|K)$|^--(recipient|local-user|default-key|homedir|keyserver|cipher-algo|digest-algo|compress-algo|passphrase|trust-model|status-fd|logger-fd|passphrase-fd|command-fd|pinentry-mode)$/.test(
        v,
      )
    )
      i++;
    else if (!v.startsWith('-')) m.path('R', w, v, m.label);
  }
});

const SECRET_META =
  /^(status|version|--version|-v|-V|whoami|ls|list|help|-h|--help|login|logout|signin|signout|account|vault|vaults|init|edit|insert|generate|mv|cp|git|encrypt|-e|--encrypt|keygen|updatekeys|rotate|completion)$/;

handler('secret-manager', (m) => {
  const ws = m.s.words.slice(1).map((w) => w.value);
  if (ws.some((v) => v === null)) return m.unknown(`${m.label} is given words only known at run time`);
  const verbs = ws.filter((v) => !v!.startsWith('-') || /^-(d|e)$|^--(decrypt|encrypt|version|help)$/.test(v!)) as string[];
  if (verbs.length === 0 && ws.length === 0) return m.unknown(`${m.label} alone prints or opens secrets`);
  if (
    verbs.length > 0 &&
    SECRET_META.test(verbs[0]) &&
    !verbs.some((v) =>
      /^(show|get|read|download|decrypt|-d|--decrypt|reveal|export|inject|run|print|cat|item|find-generic-password|find-internet-password|dump-keychain|lookup|otp|env)$/.test(
        v,
      ),
    )
  )
    return;
  if (ws.length && ws.every((v) => /^-(v|V|h)$|^--(version|help)$/.test(v!))) return;
  m.unknown(`${m.label} ${ws.join(' ')}: reads or uses secrets`);
});

// ---- databases ----

/** SQL text a client runs: from -c/-e values, or its input. */
function sqlTexts(m: Model, keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const o of m.p.occ) {
    if (!keys.includes(o.opt.key) || o.value === undefined) continue;
    if (o.value === null) m.unknown(`${m.label} ${o.opt.key} runs SQL only known at run time`);
    else out.push(o.value);
  }
  if (out.length === 0) {
    const t = stdinTextOf(m);
    if (typeof t === 'string') out.push(t);
  }
  return out;
}

let stdinTextOf: (m: Model) => string | null | undefined = () => undefined;
export function setStdinText(f: typeof stdinTextOf): void {
  stdinTextOf = f;
}

const Q = String.raw`(?:'([^']*)'|"([^"]*)"|(\S+))`;
const q = (mm: RegExpExecArray, i: number) => mm[i] ?? mm[i + 1] ?? mm[i + 2];

function serverSideFiles(m: Model, sql: string): void {
  if (/\b(TO|FROM)\s+PROGRAM\b/i.test(sql)) m.unknown(`${m.label}: COPY … PROGRAM runs a command on the database server`);
  if (/\bpg_(read|read_binary|ls)_(file|dir)\s*\(|\blo_(import|export)\s*\(|\bLOAD_FILE\s*\(|\bINTO\s+(OUTFILE|DUMPFILE)\b/i.test(sql))
    m.unknown(`${m.label}: the statement reads or writes files on the database server`);
  if (/\bCOPY\b[^;]*\b(TO|FROM)\s+'\//i.test(sql)) m.unknown(`${m.label}: COPY reads or writes a file on the database server`);
}

handler('psql', (m) => {
  optionRoles(m, ['-c']);
  // Threat: `psql -o '|sh' -c "select 'rm -rf src'"`: an output file that starts with `|` is a command the query's
  // rows are piped into, and the rows are only known at run time. -L is taken the same way (fail closed).
  for (const o of m.p.occ) {
    if (o.opt.key !== '-o' && o.opt.key !== '-L') continue;
    if (o.value === null) m.unknown(`psql ${o.opt.key} sends the output to a name only known at run time`);
    else if (typeof o.value === 'string' && o.value.trimStart().startsWith('|')) {
      m.host.shell(m.s, o.value.trimStart().slice(1), `psql ${o.opt.key} |`);
      m.unknown(`psql ${o.opt.key} ${o.value.trim()} pipes rows only known at run time into a command`);
    }
  }
  for (const sql of sqlTexts(m, ['-c'])) {
    serverSideFiles(m, sql);
    for (const line of sql.split(/\n/)) {
      for (const seg of line.split(/(?=\\[a-zA-Z!])/)) {
        const mm = /^\\([a-zA-Z!]+)\s*(.*)$/.exec(seg.trim());
        if (!mm) continue;
        const [, cmd, arg] = mm;
        if (cmd === '!') m.host.shell(m.s, arg, 'psql \\!');
        else if (/^(o|out|w|write|g|gx)$/.test(cmd) && arg) {
          if (arg.startsWith('|')) m.host.shell(m.s, arg.slice(1), `psql \\${cmd} |`);
          else m.add('write', undefined, arg.split(/\s/)[0], `psql \\${cmd}`);
        } else if (cmd === 'copy') {
          const to = new RegExp(String.raw`\b(to|from)\s+(?:program\s+)?${Q}`, 'i').exec(arg);
          if (to) {
            const f = q(to, 2);
            if (/\bprogram\b/i.test(arg)) m.host.shell(m.s, f, 'psql \\copy program');
            else if (!/^(stdin|stdout|pstdin|pstdout)$/i.test(f)) m.add(to[1].toLowerCase() === 'to' ? 'write' : 'read', undefined, f, 'psql \\copy');
          }
        } else if (/^(i|include|ir|include_relative)$/.test(cmd) && arg) {
          m.add('read', undefined, arg.split(/\s/)[0], `psql \\${cmd}`);
          m.unknown(`psql \\${cmd} runs SQL from a file the guard does not read`);
        } else if (cmd === 'lo_import' && arg) m.add('read', undefined, arg.split(/\s/)[0], 'psql \\lo_import');
        else if (cmd === 'lo_export' && arg) m.add('write', undefined, arg.split(/\s/)[1] ?? '', 'psql \\lo_export');
        else if (/^(e|edit|ef|ev)$/.test(cmd)) m.unknown(`psql \\${cmd} opens an editor`);
      }
    }
  }
});

handler('mysql', (m) => {
  optionRoles(m, ['-e', '--init-command']);
  for (const sql of sqlTexts(m, ['-e', '--init-command'])) {
    serverSideFiles(m, sql);
    for (const st of sql.split(/[;\n]/)) {
      const s = st.trim();
      let mm: RegExpExecArray | null;
      if ((mm = /^(?:system|\\!)\s+(.*)$/i.exec(s))) m.host.shell(m.s, mm[1], 'mysql system');
      else if ((mm = /^(?:pager|\\P)\s+(.*)$/i.exec(s))) m.host.shell(m.s, mm[1], 'mysql pager');
      else if ((mm = /^(?:tee|\\T)\s+(\S+)/i.exec(s))) m.add('write', undefined, mm[1], 'mysql tee', APPEND);
      else if ((mm = /^(?:source|\\\.)\s+(\S+)/i.exec(s))) {
        m.add('read', undefined, mm[1], 'mysql source');
        m.unknown('mysql source runs SQL from a file the guard does not read');
      }
      const ld = new RegExp(String.raw`\bLOAD\s+DATA\s+LOCAL\s+INFILE\s+${Q}`, 'i').exec(s);
      if (ld) m.add('read', undefined, q(ld, 1), 'mysql LOAD DATA LOCAL');
    }
  }
});

handler('sqlite3', (m) => {
  optionRoles(m, ['-cmd']);
  const ps = m.p.positional;
  if (ps[0]) m.path(m.has('readonly') ? 'R' : 'A', ps[0], ps[0].value, m.label);
  const texts: string[] = [];
  // -cmd runs before the input; duckdb's -c is the input itself (dot-commands included).
  for (const o of m.p.occ) if ((o.opt.key === '-cmd' || o.opt.key === '-c') && typeof o.value === 'string') texts.push(o.value);
  // `-init FILE` runs its SQL and dot-commands (`.shell`) first, the way `.read FILE` does: unread.
  if (m.p.occ.some((o) => o.opt.key === '-init')) m.unknown(`${m.label} -init runs SQL from a file the guard does not read`);
  const ws = m.s.words;
  for (let i = 1; i + 1 < ws.length; i++)
    if (ws[i].value === '-c' && typeof ws[i + 1].value === 'string' && !texts.includes(ws[i + 1].value!)) texts.push(ws[i + 1].value!);
  for (const w of ps.slice(1)) {
    if (w.value === null) m.unknown(`${m.label} runs SQL only known at run time`);
    else texts.push(w.value);
  }
  if (ps.length < 2) {
    const t = stdinTextOf(m);
    if (typeof t === 'string') texts.push(t);
  }
  for (const t of texts) {
    for (const line of t.split('\n')) {
      const mm = /^\s*\.(\w+)\s*(.*)$/.exec(line);
      if (!mm) continue;
      for (const cmd of dotCommands(mm[1])) sqliteDot(m, cmd, mm[2]);
    }
    let mm: RegExpExecArray | null;

    const rf = new RegExp(String.raw`\breadfile\s*\(\s*${Q.replace('(\\S+)', '([^)\\s]+)')}`, 'gi');
    while ((mm = rf.exec(t))) m.add('read', undefined, q(mm, 1), `${m.label} readfile()`);
    const wf = new RegExp(String.raw`\bwritefile\s*\(\s*${Q.replace('(\\S+)', '([^,)\\s]+)')}`, 'gi');
    while ((mm = wf.exec(t))) m.add('write', undefined, q(mm, 1), `${m.label} writefile()`);
    const at = new RegExp(String.raw`\b(ATTACH(?:\s+DATABASE)?|VACUUM\s+INTO)\s+${Q}`, 'gi');
    while ((mm = at.exec(t))) m.add('write', undefined, q(mm, 2), `${m.label} ${mm[1]}`, /^ATTACH/i.test(mm[1]) ? APPEND : 0);
    if (/\b(edit|load_extension|fts3_tokenizer)\s*\(/i.test(t)) m.unknown(`${m.label}: the SQL opens an editor or loads native code`);
    if (/\breadfile\s*\(\s*[^'")\s]/i.test(t) || /\bwritefile\s*\(\s*[^'")\s]/i.test(t)) m.unknown(`${m.label}: readfile()/writefile() of a computed path`);
    // DuckDB: read_csv('f'), FROM 'f', COPY … TO 'f', INSTALL/LOAD (handlers4).
    if (m.s.name === 'duckdb') sqlFiles(m, t);
  }
});

/**
 * The dot-commands of the sqlite shell the guard reads. The shell takes any unique-enough prefix (`.sh` is
 * `.shell`, `.sys` `.system`, `.o` `.output`): a word that starts one of them is read as each it may be.
 */
const SQLITE_DOTS = ['shell', 'system', 'output', 'once', 'log', 'trace', 'import', 'read', 'backup', 'save', 'clone', 'open', 'restore', 'load', 'excel'];

/** The dot-commands a word may be (`sh` → shell; `s` → shell, system, save; `tables` → none). */
export function dotCommands(word: string): string[] {
  return SQLITE_DOTS.filter((c) => c.startsWith(word));
}

function sqliteDot(m: Model, cmd: string, arg0: string): void {
  // The first argument, its quotes removed (`.import '|cmd' t`, `.output "|cmd"`): the file or the `|` command.
  const q = /^\s*(?:'([^']*)'|"([^"]*)"|(\S+))/.exec(arg0);
  const first = q ? (q[1] ?? q[2] ?? q[3]) : '';
  const arg = q ? first + arg0.trim().slice(q[0].trim().length) : '';
  // A quoted `|cmd` is the command; unquoted, the rest of the line is judged (more text, not less).
  const pipe = q && q[3] === undefined ? first : arg;
  if (cmd === 'shell' || cmd === 'system') m.host.shell(m.s, arg0, `${m.label} .${cmd}`);
  else if (cmd === 'output' || cmd === 'once' || cmd === 'log' || cmd === 'trace') {
    if (/^-[xe]/.test(arg)) m.unknown(`${m.label} .${cmd} ${arg} opens another program`);
    else if (pipe.startsWith('|')) m.host.shell(m.s, pipe.slice(1), `${m.label} .${cmd} |`);
    else if (arg && !/^(stdout|stderr|off)$/.test(arg)) m.add('write', undefined, arg.split(/\s/)[0], `${m.label} .${cmd}`);
  } else if (cmd === 'import' || cmd === 'read') {
    if (pipe.startsWith('|')) m.host.shell(m.s, pipe.slice(1), `${m.label} .${cmd} |`);
    else if (arg) m.add('read', undefined, arg.split(/\s/)[0].replace(/^(['"])(.*)\1$/, '$2'), `${m.label} .${cmd}`);
    if (cmd === 'read') m.unknown(`${m.label} .read runs SQL from a file the guard does not read`);
  } else if (/^(backup|save|clone)$/.test(cmd) && arg) m.add('write', undefined, arg.split(/\s/).pop()!, `${m.label} .${cmd}`);
  else if (cmd === 'open' && arg) m.add('write', undefined, arg.split(/\s/).pop()!, `${m.label} .open`, APPEND);
  else if (cmd === 'load' || cmd === 'excel') m.unknown(`${m.label} .${cmd} loads code or opens another program`);
  else if (cmd === 'restore' && arg) m.add('read', undefined, arg.split(/\s/).pop()!, `${m.label} .restore`);
}

/**
 * `pm2 start`: a script file (`app.js`, `./server`, `ecosystem.config.js`) is run as a program; anything else is
 * a command pm2 hands to a shell (`pm2 start "rm -rf build"`) or finds on PATH and runs with the words after `--`
 * (`pm2 start bash -- -c "rm -rf build"`, `pm2 start npm -- run dev`): judged as that command line.
 */
handler('pm2-start', (m) => {
  const first = m.p.positional[0];
  const v = first?.value;
  if (v === undefined || v === null || (/[/.]/.test(v) && !/\s/.test(v))) return applyRoles(m);
  for (const o of m.p.occ) if (o.value !== undefined) m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  const ws = m.s.words;
  const dd = ws.findIndex((w, i) => i > 0 && w.value === '--');
  const args = dd < 0 ? [] : ws.slice(dd + 1);
  if (args.some((w) => w.value === null)) return m.unknown(`${m.label} ${v} with arguments only known at run time`);
  const tail = joinArgv(args.map((w) => w.value!));
  m.host.shell(m.s, (/\s/.test(v) ? v : joinArgv([v])) + (tail ? ` ${tail}` : ''), m.label);
});

handler('mongosh', (m) => {
  optionRoles(m, ['--eval']);
  for (const o of m.p.occ) if (o.opt.key === '--eval' && o.value !== undefined) m.role('K', o.w, o.value, `${m.label} --eval`);
  for (const w of m.p.positional) {
    // mongosh [address] [files…]: a word that is not a connection string (`mongodb://…`, `host:port/db`, `db`) is a
    // file of JavaScript it runs (`mongosh .env` runs, and prints, the file).
    const v = w.value;
    if (v === null) m.unknown(`${m.label} is given ${w.text}, only known at run time`);
    else if (
      /\.(js|mjs|cjs|mongodb)$/.test(v) ||
      (!/^mongodb(\+srv)?:\/\//.test(v) && /[/.]/.test(v) && !/^[\w.-]+(:\d+)?\/\w+$/.test(v) && !/^[\w-]+(\.[\w-]+)+(:\d+)?$/.test(v))
    )
      m.path('X', w, v, m.label);
  }
});

// ---- services, schedulers, terminals ----

/** Words as one shell command line: each quoted so that parsing it again gives the same words. */
export function joinArgv(vs: readonly string[]): string {
  return vs.map((v) => (/^[A-Za-z0-9_./:=@%+,-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`)).join(' ');
}

// `mount` alone (or `mount -l`) lists; anything else (a device, a folder, -o remount, --bind, -a) changes what the
// system sees: the rule asks for those, and the row does not model them.
handler('mount', (m) => {
  const ws = m.s.words;
  if (ws.length === 1 || (ws.length === 2 && ws[1].value === '-l')) return;
  m.unknown('mount attaches, remounts or binds a filesystem: not modelled');
});

handler('journalctl', (m) => {
  applyRoles(m);
  if (m.occ('--vacuum-size') || m.occ('--vacuum-time') || m.occ('--rotate') || m.occ('--flush'))
    m.unknown('journalctl --vacuum/--rotate/--flush removes or rewrites system logs');
});

handler('at', (m) => {
  optionRoles(m);
  if (m.occ('-l') || m.occ('-d') || m.occ('-r') || m.occ('-c')) return;
  if (m.occ('-f')) return;
  const t = stdinTextOf(m);
  if (typeof t === 'string') m.host.shell(m.s, t, `${m.label} (the scheduled job)`);
  else m.unknown(`${m.label} schedules a job whose commands the guard cannot read`);
});

// Test runners: paths are read; updating snapshots (jest -u, vitest -u, pytest --snapshot-update) rewrites the
// recorded expectations under the folder, which are tests.
const SNAPSHOT_FILES = ['*.snap', '*.ambr', '*.snapshot', '*.golden', '*.shot', '*.approved.*', '*.verified.*'];
// A test id names its file: `tests/test_a.py::TestA::test_b` (pytest), `tests/a.test.ts:12` (vitest, jest line filters).
const TEST_ID = /^([^:]+\.(?:py|[cm]?[jt]sx?))(?:::.*|:\d+(?::\d+)?)$/;
handler('test-runner', (m) => {
  const ps = m.p.positional;
  for (let i = 0; i < ps.length; i++) {
    const id = ps[i].value === null ? null : TEST_ID.exec(ps[i].value!);
    if (id) ps[i] = { ...ps[i], value: id[1], path: ps[i].path === undefined ? undefined : id[1], text: id[1] };
  }
  applyRoles(m);
  // The tests named are code the runner imports and runs (`pytest /srv/t`, `mocha /opt/x.js`): outside the
  // workspace, a program nobody has seen.
  for (const a of m.acc) if (a.op === 'read' && a.w !== undefined && ps.includes(a.w)) a.flags |= RUNS;
  if (m.has('snap')) m.add('write', undefined, '.', `${m.label} (updates snapshots)`, RECURSIVE, SNAPSHOT_FILES);
  // pytest-cov's `--cov-report=TYPE:PATH` (xml:cov.xml, html:htmlcov, lcov:…): the part after the type is where the
  // report is written, a file or a folder of files.
  for (const o of m.p.occ) {
    // `-o cache_dir=tests`, `-o log_file=…`, `-o junit_logfile=…`: an ini setting that names where pytest writes.
    if (o.opt.key === '-o' && typeof o.value === 'string') {
      const kv = /^\s*(\w*(?:dir|file|path|logfile|basetemp)\w*)\s*=\s*(.*)$/i.exec(o.value);
      if (kv && kv[2] !== '' && !/^(rootdir|confcutdir|testpaths|python_files|norecursedirs)$/i.test(kv[1]))
        m.path('W', undefined, kv[2], `${m.label} -o ${kv[1]}`);
      continue;
    }
    if (o.opt.key !== '--cov-report' || o.value === undefined) continue;
    if (o.value === null) {
      m.unknown(`${m.label} --cov-report writes a report to a path only known at run time`);
      continue;
    }
    const c = o.value.indexOf(':');
    if (c >= 0 && c < o.value.length - 1)
      m.path('W', undefined, o.value.slice(c + 1), `${m.label} --cov-report`, /^(html|annotate)$/.test(o.value.slice(0, c)) ? RECURSIVE | INTO : 0);
  }
});

/** Files that declare a Bazel project's external repositories (bazel_dep, use_repo, http_archive names). */
const BAZEL_DECLS = ['MODULE.bazel', 'WORKSPACE', 'WORKSPACE.bazel', 'WORKSPACE.bzlmod'];

/**
 * `bazel run @repo//pkg:target` runs a program built from an external repository, outside the sandbox. A repository
 * the project declares by name in its committed MODULE.bazel or WORKSPACE (`bazel run @rules_go//go`) is one of its
 * dependencies; any other (`@evil//:x`, declared by a file the session wrote, or only by a macro) is code nobody here
 * has seen.
 */
function bazelExternalRun(m: Model): void {
  const [verb, target] = m.p.positional;
  if (verb?.value !== 'run' || target === undefined || !/^(bazel|bazelisk)$/.test(m.label)) return;
  if (target.value === null) return m.unknown(`${m.label} run runs a target only known at run time`);
  const ext = /^@@?([^/]*)\/\//.exec(target.value);
  if (ext === null || ext[1] === '') return;
  const name = ext[1].replace(/[~+].*$/, '');
  const root = m.env.workspace.replace(/\/+$/, '');
  const declared = BAZEL_DECLS.some((f) => {
    const abs = `${root}/${f}`;
    const text = m.env.readScript?.(abs, 1024 * 1024);
    return typeof text === 'string' && m.env.scriptChanged?.(abs) === false && (text.includes(`"${name}"`) || text.includes(`'${name}'`));
  });
  if (!declared)
    m.unknown(
      `${m.label} run ${target.value} runs a program from the external repository @${name}, which the project's committed MODULE.bazel/WORKSPACE does not name`,
    );
}

// Bazel-style tools: `//app:main`, `:target`, `@repo//x` are build labels, not paths; `...` and `::` are every target.
handler('build-labels', (m) => {
  optionRoles(m);
  bazelExternalRun(m);
  for (const [i, w] of m.p.positional.entries()) {
    if (w.value !== null && (/^(\/\/|@|:)/.test(w.value) || w.value === '...' || w.value === '::' || /:[\w.-]*$/.test(w.value))) continue;
    // The first operand is the verb (`bazel test //…`, `pants test ::`), not the `test/` folder.
    if (i === 0 && w.value !== null && /^[a-z][a-z-]*$/.test(w.value)) continue;
    m.name(w, w.value, m.label);
  }
});

// concurrently: each positional is a shell command, and `npm:dev` (yarn:, pnpm:, bun:) is its shorthand for
// `npm run dev`.
handler('concurrently', (m) => {
  optionRoles(m);
  if (m.p.unknown.length) m.unknown(`${m.label} ${m.p.unknown[0]} is an option the guard does not model`);
  for (const w of m.p.positional) {
    const short = w.value === null ? null : /^(npm|yarn|pnpm|bun):([\w:.@/*-]+)$/.exec(w.value);
    if (short) m.host.shell(m.s, `${short[1]} run ${short[2]}`, `${m.label} ${w.text}`);
    else m.role('S', w, w.value, m.label);
  }
});

/** `mise trust [DIR]`, `mise trust --all`: the config's env, hooks and tasks then run unprompted (as `direnv allow`). */
handler('mise', (m) => {
  applyRoles(m);
  const v = m.p.positional[0];
  if (v === undefined) return;
  if (v.value === null) return m.unknown(`${m.label} with a command only known at run time`);
  if (v.value === 'trust' && !m.s.words.some((w) => w.value !== null && /^(--untrust|--show|--ignore)$/.test(w.value)))
    m.unknown(`${m.label} trust lets the folder's mise configuration (env, hooks, tasks) run without mise's own prompt`);
});

/** deno `--env-file` with no value loads .env (the value, when given, is the row's R). */
handler('deno-env', (m) => {
  applyRoles(m);
  const o = m.occ('--env-file');
  if (o !== undefined && (o.value === undefined || o.value === '')) m.path('R', undefined, '.env', `${m.label} --env-file (.env by default)`);
});

handler('direnv', (m) => {
  const v = m.s.words[1]?.value;
  if (v === null) return m.unknown('direnv with a command only known at run time');
  if (v === 'allow' || v === 'permit' || v === 'grant') m.unknown('direnv allow lets the .envrc run in every later shell');
  else if (v !== undefined && !/^(status|deny|block|revoke|reload|version|help|edit|exec|export|dump|fetchurl|hook|prune|stdlib)$/.test(v))
    m.unknown(`direnv ${v} is not modelled`);
  if (v === 'edit') m.unknown('direnv edit opens an editor');
});

const TMUX_ARG = new Set(['-t', '-s', '-n', '-c', '-x', '-y', '-e', '-F', '-f', '-l', '-p', '-N', '-T', '-L', '-S', '-w']);
const TMUX_RUNS =
  /^(new-session|new|new-window|neww|split-window|splitw|respawn-pane|respawnp|respawn-window|respawnw|run-shell|run|pipe-pane|pipep|display-popup|popup)$/;
const TMUX_READ =
  /^(ls|list-sessions|list-windows|lsw|list-panes|lsp|list-clients|lsc|list-commands|lscm|list-keys|lsk|list-buffers|lsb|attach-session|attach|a|at|detach-client|detach|has-session|has|display-message|display|capture-pane|capturep|show-options|show|show-window-options|showw|show-environment|showenv|rename-session|rename|rename-window|renamew|select-window|selectw|select-pane|selectp|resize-pane|resizep|resize-window|resizew|wait-for|wait|kill-session|kill-window|killw|kill-pane|killp|kill-server|last-window|last|next-window|next|previous-window|prev|switch-client|switchc|start-server|start|info|server-info|copy-mode|clear-history|clearhist|swap-pane|swapp|swap-window|swapw|move-window|movew|break-pane|breakp|join-pane|joinp|choose-tree|refresh-client|refresh|set-buffer|setb|show-buffer|showb|delete-buffer|deleteb)$/;

handler('tmux', (m) => {
  const ws = m.s.words;
  let i = 1;
  // Global options.
  while (i < ws.length && ws[i].value !== null && /^-[a-zA-Z0-9]+$/.test(ws[i].value!)) {
    const v = ws[i].value!;
    if (v === '-c') {
      const c = ws[i + 1]?.value;
      if (typeof c === 'string') m.host.shell(m.s, c, 'tmux -c');
      else m.unknown('tmux -c runs a shell command only known at run time');
      i += 2;
      continue;
    }
    if (v === '-f') {
      m.path('R', ws[i + 1], ws[i + 1]?.value, 'tmux -f');
      m.unknown('tmux -f loads a configuration that can run commands');
      i += 2;
      continue;
    }
    i += /^-[LST]$/.test(v) ? 2 : 1;
  }
  // Commands separated by `;`.
  while (i < ws.length) {
    let j = i;
    while (j < ws.length && ws[j].value !== ';' && ws[j].value !== '\\;') j++;
    const seg = ws.slice(i, j);
    i = j + 1;
    const cmd = seg[0]?.value;
    if (cmd === undefined) continue;
    if (cmd === null) {
      m.unknown('tmux with a command only known at run time');
      continue;
    }
    let k = 1;
    const keysLiteral = cmd === 'send-keys' || cmd === 'send';
    while (k < seg.length && seg[k].value !== null && /^-[a-zA-Z]+$/.test(seg[k].value!)) {
      const f = seg[k].value!;
      k += TMUX_ARG.has(f.slice(-2)) && !(keysLiteral && /^-[lRMX]$/.test(f)) ? 2 : 1;
    }
    const rest = seg.slice(k).map((w) => w.value);
    if (TMUX_RUNS.test(cmd) || cmd === 'if-shell' || cmd === 'if') {
      if (rest.some((v) => v === null)) m.unknown(`tmux ${cmd} runs a command only known at run time`);
      else if (rest.length)
        m.host.shell(m.s, cmd === 'if-shell' || cmd === 'if' ? rest[0]! : rest.length === 1 ? rest[0]! : joinArgv(rest as string[]), `tmux ${cmd}`);
      if ((cmd === 'if-shell' || cmd === 'if') && rest.length > 1) m.unknown('tmux if-shell runs tmux commands the guard does not read');
    } else if (keysLiteral) {
      // Keys typed into the pane's shell: judged as the command line they type.
      if (rest.some((v) => v === null)) m.unknown('tmux send-keys types text only known at run time');
      else {
        const text = rest
          .map((v) =>
            /^(Enter|C-m|KPEnter|C-j)$/.test(v!) ? '\n' : /^(Space)$/.test(v!) ? ' ' : /^[A-Z]-|^(Escape|Tab|BSpace|Up|Down|Left|Right)$/.test(v!) ? '' : v,
          )
          .join(' ');
        if (text.trim()) m.host.shell(m.s, text, 'tmux send-keys');
      }
    } else if (cmd === 'source-file' || cmd === 'source') {
      for (const w of seg.slice(k)) m.path('R', w, w.value, 'tmux source-file');
      m.unknown('tmux source-file runs a configuration that can run commands');
    } else if (!TMUX_READ.test(cmd) && !/^(set|set-option|setw|set-window-option|set-environment|setenv|bind-key|bind|unbind-key|unbind)$/.test(cmd))
      m.unknown(`tmux ${cmd} is not modelled`);
    else if (
      /^(set|set-option|setw|set-window-option)$/.test(cmd) &&
      rest.some((v) => v !== null && /^(default-command|default-shell|set-clipboard|pane-border-format|status-left|status-right)$/.test(v))
    )
      m.unknown(`tmux ${cmd} ${rest.join(' ')} sets what new panes run`);
  }
});

handler('screen', (m) => {
  const ws = m.s.words;
  let i = 1;
  let stuff = false;
  for (; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return m.unknown('screen with words only known at run time');
    if (!v.startsWith('-')) break;
    if (/^-(ls|list|wipe|v|version|h|help|r|x|R|RR|D)$/.test(v)) {
      if (/^-(ls|list|wipe|v|version|h|help)$/.test(v)) return;
      continue;
    }
    if (v === '-X') {
      stuff = true;
      i++;
      break;
    }
    // `-L` alone turns logging on (screenlog.N here); `-Logfile FILE` names the log (a write).
    if (v === '-L') continue;
    if (/^-(S|c|e|h|p|T|t|s|Logfile)$/.test(v)) {
      if (v === '-c') m.unknown('screen -c loads a configuration that can run commands');
      if (v === '-Logfile') m.path('W', ws[i + 1], ws[i + 1]?.value, 'screen -Logfile');
      i++;
    }
  }
  const rest = ws.slice(i).map((w) => w.value);
  if (rest.some((v) => v === null)) return m.unknown('screen runs text only known at run time');
  if (stuff) {
    if (rest[0] === 'stuff') m.host.shell(m.s, (rest.slice(1) as string[]).join(' ').replace(/\\r|\\n|\^M/g, '\n'), 'screen -X stuff');
    else if (rest[0] === 'exec' || rest[0] === 'screen') m.host.shell(m.s, joinArgv(rest.slice(1) as string[]), `screen -X ${rest[0]}`);
    else if (!/^(quit|kill|detach|hardcopy|log|title|sessionname|select|windows|info|next|prev|other|number)$/.test(rest[0] ?? ''))
      m.unknown(`screen -X ${rest[0] ?? ''} is not modelled`);
    return;
  }
  if (rest.length) m.host.shell(m.s, joinArgv(rest as string[]), 'screen');
  else m.unknown('screen opens an interactive shell');
});

handler('open', (m) => {
  for (const w of m.s.words.slice(1)) {
    const v = w.value;
    if (v === null) return m.unknown(`${m.label} opens something only known at run time`);
    if (v.startsWith('-')) {
      if (/^-(a|b|e|t|f|W|n|g|j|h|R|F|u|s|--args)$/.test(v) && v !== '-g') {
        if (/^-(a|b|e|t|f)$/.test(v)) return m.unknown(`${m.label} ${v} chooses the application that runs`);
      }
      continue;
    }
    if (/^https?:\/\//.test(v)) continue;
    if (/\.(html?|pdf|png|jpe?g|gif|svg|md|txt|csv|json|log)$/i.test(v)) {
      m.path('R', w, v, m.label);
      continue;
    }
    return m.unknown(`${m.label} ${v} lets the desktop pick a program to run it`);
  }
});

/**
 * socat ADDR1 ADDR2: FILE:/OPEN:/GOPEN: (and a bare path with a slash) open a file, CREATE: creates or truncates
 * one; the data goes both ways unless -u (left to right) or -U (right to left). `socat FILE:.env TCP:host:80`
 * reads the secret into a socket; `socat TCP-LISTEN:… OPEN:src/app.ts` writes what arrives over the file.
 * EXEC:/SYSTEM: are the rules' business (they run a command).
 */
handler('socat', (m) => {
  applyRoles(m);
  const ps = m.p.positional;
  const uni = m.s.words.some((w) => w.value === '-u') ? 0 : m.s.words.some((w) => w.value === '-U') ? 1 : -1;
  for (let i = 0; i < ps.length; i++) {
    const w = ps[i];
    const v = w.value;
    if (v === null) {
      m.unknown(`socat ${w.text}: an address only known at run time`);
      continue;
    }
    const a = /^([A-Za-z][A-Za-z0-9-]*):([^,]*)/.exec(v);
    const type = a ? a[1].toUpperCase() : v.includes('/') && !v.includes(':') ? 'GOPEN' : '';
    const p = a ? a[2] : v.split(',')[0];
    if (!/^(FILE|OPEN|GOPEN|CREATE|CREAT)$/.test(type) || p === '') continue;
    const reads = uni < 0 || uni === i;
    const writes = uni < 0 || uni !== i;
    if (type === 'CREATE' || type === 'CREAT') m.add('write', undefined, p, `socat ${type}:`);
    else {
      if (reads) m.add('read', undefined, p, `socat ${type}:`);
      if (writes) m.add('write', undefined, p, `socat ${type}:`);
    }
  }
});
