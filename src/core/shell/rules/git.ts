// Git: discarding uncommitted work, rewriting or deleting shared state. Sub-commands arrive normalized:
// global options (-C, -c k=v, --git-dir, --no-pager) are stripped by the unwrapper, aliases expanded.
import { has, parseOpts, resolveLong, type Opt, type ParsedOpts } from '../options';
import { GIT_RESTORE_OPTS } from '../effects';
import { NO_CONFIG } from '../empty';
import type { Sub, W } from '../types';
import type { Rule } from './types';
import { bareWords, dryRun, O } from './util';

function git(s: Sub, ...subs: string[]): boolean {
  if (s.name !== 'git') return false;
  const v = s.words[1]?.value;
  if (v === null || v === undefined) return subs.includes('') && v !== null;
  for (let i = 0; i < subs.length; i++) if (subs[i] === v) return !helpOnly(s);
  return false;
}

/** `git update-ref --help`, `git replace -h`: git prints the manual or the usage and does nothing else. */
function helpOnly(s: Sub): boolean {
  const a = s.words[2]?.value;
  return a === '--help' || (a === '-h' && s.words.length === 3);
}

function gopts(s: Sub, spec: Opt[]): ParsedOpts {
  return parseOpts(s.words.slice(2), spec);
}

/** git rejects an ambiguous abbreviation; a guard still treats `--forc` as the force it resembles. */
function unknownPrefixOf(p: ParsedOpts, ...longs: string[]): boolean {
  return p.unknown().some((u) => u.startsWith('--') && u.length > 4 && longs.some((l) => l.startsWith(u.slice(2))));
}

const RESET = [
  O('hard', '', ['hard']),
  O('soft', '', ['soft']),
  O('mixed', '', ['mixed']),
  O('merge', '', ['merge']),
  O('keep', '', ['keep']),
  O('q', 'qpN', [
    'quiet',
    'patch',
    'intent-to-add',
    'recurse-submodules',
    'no-recurse-submodules',
    'pathspec-from-file',
    'pathspec-file-nul',
    'no-refresh',
    'refresh',
  ]),
];
const CLEAN = [O('f', 'f', ['force']), O('n', 'n', ['dry-run']), O('i', 'i', ['interactive']), O('e', 'e', ['exclude'], true), O('x', 'dxXq', ['quiet'])];
/** git stash push / save: -u and -a take untracked files along (a -u next to --no-include-untracked is still asked). */
const STASH = [
  O('u', 'u', ['include-untracked']),
  O('a', 'a', ['all']),
  O('no', '', ['no-include-untracked']),
  O('m', 'm', ['message', 'pathspec-from-file'], true),
  O('x', 'pSkq', ['patch', 'staged', 'keep-index', 'no-keep-index', 'quiet', 'pathspec-file-nul']),
];
const PUSH = [
  O('f', 'f', ['force']),
  O('lease', '', ['force-with-lease', 'force-if-includes']),
  O('n', 'n', ['dry-run']),
  O('d', 'd', ['delete']),
  O('mirror', '', ['mirror']),
  O('prune', '', ['prune']),
  O('o', 'o', ['push-option', 'receive-pack', 'exec', 'repo'], true),
  O('x', 'uqv', [
    'set-upstream',
    'all',
    'branches',
    'tags',
    'follow-tags',
    'atomic',
    'no-verify',
    'verify',
    'quiet',
    'verbose',
    'progress',
    'porcelain',
    'signed',
    'no-signed',
    'thin',
    'no-thin',
    'ipv4',
    'ipv6',
    'recurse-submodules',
    'no-force-with-lease',
  ]),
];
const BRANCH = [
  O('D', 'D'),
  O('d', 'd', ['delete']),
  O('f', 'f', ['force']),
  O('M', 'MC'),
  O('m', 'mc', ['move', 'copy']),
  O('x', 'arvlt', [
    'all',
    'remotes',
    'verbose',
    'list',
    'track',
    'no-track',
    'show-current',
    'merged',
    'no-merged',
    'contains',
    'no-contains',
    'points-at',
    'sort',
    'format',
    'color',
    'no-color',
    'column',
    'set-upstream-to',
    'unset-upstream',
    'edit-description',
    'ignore-case',
    'create-reflog',
    'quiet',
  ]),
];
const CHECKOUT = [
  O('b', 'bB', ['orphan'], true),
  O('f', 'f', ['force', 'discard-changes']),
  O('p', 'p', ['patch']),
  O('x', 'qmt', [
    'quiet',
    'merge',
    'track',
    'no-track',
    'detach',
    'guess',
    'no-guess',
    'ours',
    'theirs',
    'conflict',
    'progress',
    'overlay',
    'no-overlay',
    'ignore-other-worktrees',
    'recurse-submodules',
    'pathspec-from-file',
    'create',
    'force-create',
  ]),
];

/** `git checkout <x>`: a branch or a path? Paths: `.`, trailing `/`, globs, file-like names. */
function pathLike(v: string | null): boolean {
  if (v === null) return true;
  return v === '.' || v === '..' || v.endsWith('/') || /[*?[]/.test(v) || /\.[A-Za-z][A-Za-z0-9]{0,5}$/.test(v) || v.startsWith('./') || v.startsWith(':/');
}

// Per-command pagers (`pager.log`), url-scoped credential helpers, gpg.ssh/x509 programs, diff/merge tool commands,
// the interactive diff filter and `submodule.<name>.update=!cmd` run commands as well.
const EXEC_CONFIG =
  /^(include\.path|includeif\..*\.path|core\.(sshcommand|fsmonitor|hookspath|pager|editor|gitproxy|askpass|worktree|alternaterefscommand)|sequence\.editor|diff\.external|gpg\.program|gpg\..+\.program|gpg\.ssh\.defaultkeycommand|credential\.helper|credential\..+\.helper|uploadpack\.packobjectshook|protocol\.ext\.allow|filter\..*\.(clean|smudge|process)|diff\..*\.(textconv|command)|merge\..*\.driver|(diff|merge)tool\..+\.cmd|interactive\.difffilter|pager\..+|submodule\..+\.update|alias\..*|init\.templatedir|browser\..+\.(cmd|path)|man\..+\.(cmd|path))$/;

/** A value of an EXEC_CONFIG key that runs nothing: a harmless pager, a boolean, a built-in submodule update mode. */
function inertExecValue(k: string, v: string | null | undefined): boolean {
  if (v === null || v === undefined) return false;
  if ((k === 'core.pager' || k.startsWith('pager.')) && (HARMLESS_PAGERS.test(v) || /^(false|off|no|0)$/i.test(v))) return true;
  if (k === 'core.fsmonitor' && (v === 'false' || v === 'true')) return true;
  if (k.startsWith('submodule.') && !v.startsWith('!')) return true;
  return false;
}
/** The variables git takes the rebase todo's editor from. */
const EDITOR_VAR = /^(GIT_SEQUENCE_EDITOR|GIT_EDITOR|EDITOR|VISUAL)$/;

const HARMLESS_PAGERS = /^(cat|less( .*)?|more|delta|diff-so-fancy|true|)$/;

export const gitRules: Rule[] = [
  {
    id: 'git.reset-hard',
    names: ['git'],
    description: 'git reset --hard discards every uncommitted change in the working tree.',
    examples: {
      destructive: [
        'git reset --hard',
        'git reset --har HEAD',
        'git -C . --no-pager reset --hard origin/main',
        'git -c core.pager=cat reset --hard HEAD~1',
        'git reset HEAD~2 --hard',
      ],
      benign: ['git reset', 'git reset --soft HEAD~1', "git log --grep='reset --hard'", 'git reset HEAD src/app.ts'],
    },
    check(s) {
      if (!git(s, 'reset')) return undefined;
      const p = gopts(s, RESET);
      return has(p, 'hard', 'merge') ? 'git reset --hard discards uncommitted changes' : undefined;
    },
  },
  {
    id: 'git.clean',
    names: ['git'],
    description:
      'git clean deletes untracked files (-x: ignored ones too, -d: directories), with or without -f: clean.requireForce can be off by config the guard does not see. -n/--dry-run is honoured.',
    examples: {
      destructive: [
        'git clean -fd',
        'git clean -xdf',
        'git clean --force -d -x',
        'git clean -ffdx',
        'git clean --forc',
        'git clean -i',
        'git -c clean.requireForce=false clean -d',
        'git -c CLEAN.REQUIREFORCE= clean -dx',
        'git config clean.requireForce false && git clean -dx',
        "GIT_CONFIG_PARAMETERS=\"'clean.requireForce'='false'\" git clean -d",
      ],
      benign: ['git clean -n', 'git clean --dry-run -fdx', 'git clean -nfd', 'git -c clean.requireForce=false clean -nd'],
    },
    check(s) {
      if (!git(s, 'clean')) return undefined;
      const p = gopts(s, CLEAN);
      if (has(p, 'n')) return undefined;
      // Without -f git refuses only while clean.requireForce is on; `-c clean.requireforce=` (empty = false), an
      // earlier `git config`, GIT_CONFIG_* or a config file turn it off, and the guard cannot see them all.
      return has(p, 'f', 'i') || p.dynamic ? 'git clean deletes untracked files' : 'git clean deletes untracked files when clean.requireForce is off';
    },
  },
  {
    id: 'git.stash-untracked',
    names: ['git'],
    description:
      'git stash -u / --include-untracked / -a / --all takes untracked (with --all, ignored) files out of the working tree into a stash: a later drop or clear loses them, as git clean would. Judged like git clean.',
    examples: {
      destructive: [
        'git stash -u',
        'git stash --include-untracked',
        'git stash --all',
        'git stash -a',
        'git stash push -u -- new.txt',
        'git stash save --include-untrack',
        'git stash -ku',
        'git stash push -pam wip',
        'git stash push -m wip --all',
      ],
      benign: [
        'git stash',
        'git stash push -m untracked',
        'git stash push -mu',
        'git stash pop',
        'git stash list',
        'git stash show -u',
        'git stash push --no-include-untracked',
      ],
    },
    check(s) {
      if (!git(s, 'stash')) return undefined;
      const sub = s.words[2]?.value;
      // `git stash` and `git stash -…` are `push`; `save` takes the same options. Other sub-commands leave untracked files be.
      if (sub === null) return 'git stash with a word only known at run time may take untracked files out of the working tree';
      const at = sub === undefined || sub.startsWith('-') ? 2 : sub === 'push' || sub === 'save' ? 3 : -1;
      if (at < 0) return undefined;
      const p = parseOpts(s.words.slice(at), STASH);
      if (p.dynamic) return 'git stash with an option only known at run time may take untracked files out of the working tree';
      if (has(p, 'a')) return 'git stash --all takes untracked and ignored files out of the working tree';
      return has(p, 'u') || unknownPrefixOf(p, 'include-untracked', 'all') ? 'git stash -u takes untracked files out of the working tree' : undefined;
    },
  },
  {
    id: 'git.discard-changes',
    names: ['git'],
    description:
      'Overwrites working-tree files from the index or a commit: git checkout -- <paths>, git checkout ., git restore <paths>, git switch --discard-changes, checkout -f; removes tracked files from it: git switch --orphan, git sparse-checkout set/add/init/reapply/disable (list and check-rules only read).',
    examples: {
      destructive: [
        'git checkout -- .',
        'git checkout .',
        'git checkout HEAD -- src/app.ts',
        'git restore .',
        'git restore --source=HEAD~3 src/',
        'git switch --discard-changes main',
        'git checkout -f main',
        'git checkout src/app.ts',
        'git stash pop --index && git checkout -- src',
        'git checkout -p',
        'yes | git checkout --patch',
        "git restore -p <<< 'y'",
        'git restore --patch --worktree',
        'git switch --orphan empty',
        'git sparse-checkout set src',
        'git sparse-checkout set --cone docs',
        'git sparse-checkout add docs',
        'git sparse-checkout reapply',
        'git sparse-checkout disable',
        'git sparse-checkout init --cone',
        "git sparse-checkout set --no-cone '/*' '!/tests/'",
      ],
      benign: [
        'git checkout main',
        'git checkout -b feature/x',
        'git restore --staged src/app.ts',
        'git switch -c feature/y',
        'git checkout feature/login',
        'git add -p',
        'git restore --staged -p',
        'git sparse-checkout list',
        'git sparse-checkout check-rules',
        'git switch -c orphan',
      ],
    },
    check(s) {
      if (git(s, 'checkout')) {
        const p = gopts(s, CHECKOUT);
        if (has(p, 'f')) return 'git checkout --force discards local changes';
        // Patch mode discards each hunk its input says yes to (`yes | git checkout -p`, `<<< a`): the agent's
        // input is no person's review, and with no input at all the agent's terminal answers for it.
        if (has(p, 'p')) return 'git checkout --patch discards the working-tree hunks its input picks';
        if (has(p, 'b')) return undefined;
        const words = s.words.slice(2).map((w) => w.value);
        const dd = words.indexOf('--');
        if (dd >= 0 && dd < words.length - 1) return 'git checkout -- <paths> overwrites working-tree files';
        const ps = p.positional.map((w) => w.value);
        if (ps.length >= 2 || ps.some(pathLike)) return 'git checkout <paths> overwrites working-tree files';
        return undefined;
      }
      if (git(s, 'restore')) {
        const p = gopts(s, GIT_RESTORE_OPTS);
        if (has(p, 'S') && !has(p, 'W')) return undefined; // unstage only
        if (p.positional.length > 0 || p.dynamic) return 'git restore overwrites working-tree files';
        return has(p, 'p') ? 'git restore --patch discards the working-tree hunks its input picks' : undefined;
      }
      if (git(s, 'switch')) {
        const p = gopts(s, [O('f', 'f', ['force', 'discard-changes']), O('c', 'cC', ['create', 'force-create'], true), O('o', '', ['orphan'], true)]);
        if (has(p, 'f')) return 'git switch --discard-changes throws away local changes';
        // An orphan branch has no commit: git empties the index and removes every tracked file from the work tree.
        return has(p, 'o') || unknownPrefixOf(p, 'orphan') ? 'git switch --orphan removes every tracked file from the working tree' : undefined;
      }
      // set/add/init/reapply/disable rewrite the sparsity rules and then add or remove tracked files in the work tree
      // (`set src` leaves only src/); list and check-rules only read them.
      if (git(s, 'sparse-checkout')) {
        const sub = s.words.slice(2).find((w) => w.value === null || !w.value.startsWith('-'));
        if (sub === undefined || sub.value === 'list' || sub.value === 'check-rules') return undefined;
        return `git sparse-checkout ${sub.value ?? '<run-time word>'} changes which tracked files exist in the working tree`;
      }
      return undefined;
    },
  },
  {
    id: 'git.stash-drop',
    names: ['git'],
    description: 'git stash drop / clear deletes stashed work.',
    examples: {
      destructive: ['git stash drop', 'git stash clear', 'git stash drop stash@{1}'],
      benign: ['git stash', 'git stash list', 'git stash show -p stash@{0}', 'git stash pop'],
    },
    check(s) {
      return git(s, 'stash') && ['drop', 'clear'].includes(s.words[2]?.value ?? '') ? `git stash ${s.words[2].value} deletes stashed work` : undefined;
    },
  },
  {
    id: 'git.gc-prune',
    names: ['git'],
    description: 'Expires the reflog or prunes unreachable objects now: the safety net for lost commits is gone.',
    examples: {
      destructive: ['git reflog expire --expire=now --all', 'git gc --prune=now', 'git gc --aggressive --prune=all', 'git prune', 'git reflog delete HEAD@{1}'],
      benign: ['git reflog', 'git gc', 'git prune -n', 'git reflog show'],
    },
    check(s) {
      if (git(s, 'reflog') && ['expire', 'delete'].includes(s.words[2]?.value ?? '')) return `git reflog ${s.words[2].value} deletes reflog entries`;
      if (git(s, 'gc') && s.words.some((w) => w.value !== null && /^--prune(=(now|all|.*))?$/.test(w.value) && w.value !== '--prune=never'))
        return 'git gc --prune deletes unreachable objects';
      if (git(s, 'prune') && !s.words.some((w) => w.value === '-n' || w.value === '--dry-run')) return 'git prune deletes unreachable objects';
      return undefined;
    },
  },
  {
    id: 'git.history-rewrite',
    names: ['git'],
    description: 'git filter-branch / filter-repo rewrite every commit; git replace and update-ref move or delete refs directly.',
    examples: {
      destructive: [
        "git filter-branch --force --index-filter 'git rm --cached --ignore-unmatch secrets.txt' HEAD",
        'git filter-repo --path secrets.txt --invert-paths',
        'git update-ref -d refs/heads/main',
        'git update-ref refs/heads/main HEAD~3',
        'git symbolic-ref HEAD refs/heads/nothing',
        'git notes remove HEAD',
        'git notes prune',
        'git notes add -f -m x HEAD',
      ],
      benign: [
        'git rebase main',
        'git commit --amend --no-edit',
        'git show-ref',
        'git rev-parse HEAD',
        'git replace -l',
        'git update-ref --help',
        'git symbolic-ref HEAD',
        'git symbolic-ref --short HEAD',
        'git notes add -m reviewed HEAD',
        'git notes show HEAD',
        'git notes list',
      ],
    },
    check(s) {
      // `git replace` alone or with -l/--list/--format only lists the replacements.
      if (git(s, 'replace') && s.words.slice(2).every((w) => w.value !== null && /^(-l|--list|--format=.*)$/.test(w.value)) && s.words.length <= 4)
        return undefined;
      if (git(s, 'filter-branch', 'filter-repo', 'replace')) return `git ${s.words[1].value} rewrites history`;
      if (git(s, 'update-ref')) return 'git update-ref moves or deletes a ref directly';
      if (git(s, 'symbolic-ref') && s.words.some((w) => w.value === '-d' || w.value === '--delete')) return 'git symbolic-ref -d deletes a ref';
      // `git symbolic-ref HEAD refs/heads/x` repoints HEAD (an unborn branch hides every commit from the next commit on).
      if (git(s, 'symbolic-ref') && bareSymbolicOperands(s) >= 2) return 'git symbolic-ref repoints HEAD at another ref';
      // Notes are refs too: remove/prune delete them, add -f/copy -f overwrite them.
      if (git(s, 'notes')) {
        const verb = s.words.slice(2).find((w) => w.value === null || !w.value.startsWith('-') || w.value === '--ref')?.value;
        const force = s.words.some((w) => w.value === '-f' || w.value === '--force');
        if (verb === null || verb === 'remove' || verb === 'prune' || ((verb === 'add' || verb === 'copy') && force))
          return `git notes ${verb ?? '(a run-time verb)'} deletes or overwrites notes`;
      }
      return undefined;
    },
  },
  {
    id: 'git.branch-delete',
    names: ['git'],
    description: 'Force-deletes or force-moves a branch (-D, -d -f, --delete --force, -M, -C, -f): unmerged commits are lost.',
    examples: {
      destructive: [
        'git branch -D feature/login',
        'git branch -d -f feature/x',
        'git branch --delete --force old',
        'git branch -M main',
        'git branch -f main HEAD~3',
        'git tag -d v1.0.0',
        'git tag -f v1 HEAD~3',
      ],
      benign: ['git branch -d feature/merged', 'git branch --show-current', 'git branch -a', 'git branch feature/new', 'git tag -l', 'git tag v2 -m release'],
    },
    check(s) {
      if (git(s, 'tag') && s.words.slice(2).some((w) => w.value === '-d' || w.value === '--delete')) return 'git tag -d deletes a tag';
      // `git tag -f v1 HEAD~3` moves an existing tag: what v1 named is no longer reachable by that name.
      if (git(s, 'tag') && s.words.slice(2).some((w) => w.value === '-f' || w.value === '--force' || (w.value !== null && /^-[a-eg-z]*f[a-z]*$/.test(w.value))))
        return 'git tag -f overwrites an existing tag';
      if (!git(s, 'branch')) return undefined;
      const p = gopts(s, BRANCH);
      if (has(p, 'D')) return 'git branch -D deletes an unmerged branch';
      if (has(p, 'M')) return 'git branch -M/-C overwrites an existing branch';
      if (has(p, 'f') && (has(p, 'd', 'm') || p.positional.length > 0)) return 'git branch --force deletes or moves a branch';
      return undefined;
    },
  },
  {
    id: 'git.push-deploy',
    names: ['git'],
    description:
      'Pushes to a remote that deploys what it receives (heroku, dokku, a remote named production/prod/live/deploy, a Heroku or Dokku URL): a deploy, not a share.',
    examples: {
      destructive: [
        'git push heroku main',
        'git push production HEAD:main',
        'git push -u prod main',
        'git push https://git.heroku.com/my-app.git main',
        'git push dokku@apps.example.com:web main',
      ],
      benign: ['git push origin main', 'git push -u origin feature/x', 'git push upstream', 'git push --dry-run heroku main'],
    },
    check(s) {
      if (!git(s, 'push') || dryRun(s)) return undefined;
      const b = bareWords(s);
      const remote = b[b.indexOf('push') + 1];
      if (remote === undefined) return undefined;
      if (/^(heroku|dokku|prod|production|live|deploy)$/i.test(remote) || /(^|[@/.])(git\.heroku\.com|heroku\.com)[:/]|^dokku@/i.test(remote))
        return `git push ${remote} deploys what it pushes`;
      return undefined;
    },
  },
  {
    id: 'git.push-stash',
    names: ['git'],
    description:
      'Pushes the stash (refs/stash, stash@{n}) to a remote: work that was never committed, and with `git stash -u` untracked files such as .env, leaves the host.',
    examples: {
      destructive: [
        'git push origin refs/stash:refs/heads/leak',
        'git push origin stash@{0}:refs/heads/x',
        'git push origin stash:wip',
        'git push -u origin refs/stash^3:refs/heads/u',
        "git push origin 'stash@{1}:refs/heads/y'",
      ],
      benign: ['git push origin main', 'git push origin feature/stash-fix', 'git push origin HEAD:refs/heads/stash', 'git stash push -m wip'],
    },
    check(s) {
      if (!git(s, 'push') || dryRun(s)) return undefined;
      const b = bareWords(s);
      for (const r of b.slice(b.indexOf('push') + 2)) {
        const src = r.replace(/^\+/, '').split(':')[0];
        if (/^(refs\/)?stash([@^~].*)?$/.test(src)) return `git push ${r} pushes the stash: uncommitted work (and stashed untracked files) leaves the host`;
      }
      return undefined;
    },
  },
  {
    id: 'git.push-force',
    names: ['git'],
    description:
      'Rewrites or deletes shared history on a remote: --force, --force-with-lease, +refspec, :refspec, --delete, --mirror, --prune. --dry-run is honoured.',
    examples: {
      destructive: [
        'git push -f origin main',
        'git push origin main --force',
        'git push --force-with-lease',
        'git push origin +main',
        'git push origin :feature',
        'git push origin --delete feature',
        'git push --mirror',
        'git push --prune origin',
        'git push origin +HEAD:main',
      ],
      benign: [
        'git push',
        'git push origin main',
        'git push --dry-run --force origin main',
        'git push -u origin feature/x',
        'git push --tags',
        'git log --oneline -20',
      ],
    },
    check(s) {
      if (!git(s, 'push')) return undefined;
      const p = gopts(s, PUSH);
      if (has(p, 'n')) return undefined;
      if (has(p, 'f') || unknownPrefixOf(p, 'force', 'force-with-lease')) return 'git push --force rewrites remote history';
      if (has(p, 'lease')) return 'git push --force-with-lease still rewrites remote history';
      if (has(p, 'd')) return 'git push --delete deletes a remote ref';
      if (has(p, 'mirror')) return 'git push --mirror overwrites and deletes remote refs';
      if (has(p, 'prune')) return 'git push --prune deletes remote branches';
      const refs = p.positional.slice(1);
      for (const r of refs) {
        if (r.value === null) return 'git push with a refspec only known at run time';
        if (r.value.startsWith('+')) return `git push ${r.value} force-updates the remote ref`;
        if (r.value.startsWith(':')) return `git push ${r.value} deletes the remote ref`;
      }
      return undefined;
    },
  },
  {
    id: 'git.worktree-discard',
    names: ['git'],
    description:
      'Throws away working-tree state through plumbing and worktree commands: read-tree -u (--reset/-m) overwrites files, worktree remove --force and submodule deinit -f/update --force drop uncommitted work, lfs migrate rewrites history, lfs install --force replaces the repository’s own hooks.',
    examples: {
      destructive: [
        'git read-tree -u --reset HEAD',
        'git read-tree -m -u HEAD',
        'git worktree remove --force ../wt',
        'git worktree remove -f ../wt',
        'git submodule deinit -f --all',
        'git submodule update --force',
        'git lfs migrate import --everything',
        'git lfs prune',
        'git lfs install --force',
      ],
      benign: [
        'git read-tree HEAD',
        'git worktree list',
        'git worktree remove ../wt',
        'git submodule update --init --recursive',
        'git lfs ls-files',
        'git lfs prune --dry-run',
        'git lfs install',
      ],
    },
    check(s) {
      if (git(s, 'read-tree') && s.words.some((w) => w.value === '-u' || (w.value !== null && /^-[a-z]*u/.test(w.value) && !w.value.startsWith('--'))))
        return 'git read-tree -u overwrites working-tree files';
      if (git(s, 'worktree') && s.words[2]?.value === 'remove' && s.words.some((w) => w.value === '-f' || w.value === '--force'))
        return 'git worktree remove --force deletes a worktree with its uncommitted changes';
      if (git(s, 'submodule')) {
        const w = s.words.map((x) => x.value);
        if (w.includes('deinit') && w.some((x) => x === '-f' || x === '--force' || x === '--all'))
          return 'git submodule deinit -f removes submodule working trees and their local changes';
        if (w.includes('update') && w.some((x) => x === '-f' || x === '--force')) return 'git submodule update --force discards local changes in submodules';
      }
      if (git(s, 'lfs') && s.words[2]?.value === 'migrate' && s.words[3]?.value !== 'info') return 'git lfs migrate rewrites history';
      if (git(s, 'lfs') && s.words[2]?.value === 'prune' && !s.words.some((w) => w.value === '--dry-run' || w.value === '-d'))
        return 'git lfs prune deletes local copies of LFS objects';
      // `git lfs install --force` (or `update --force`) replaces the repository's own pre-push, post-checkout,
      // post-commit and post-merge hooks with LFS's; without --force it leaves an existing hook alone.
      if (git(s, 'lfs')) {
        const at = s.words.findIndex((w) => w.value === 'lfs');
        const verb = s.words[at + 1]?.value;
        if ((verb === 'install' || verb === 'update') && s.words.slice(at + 2).some((w) => w.value === null || /^(-f|--force)$/.test(w.value)))
          return `git lfs ${verb} --force overwrites the repository's existing git hooks`;
      }
      return undefined;
    },
  },
  {
    id: 'git.rm-force',
    names: ['git'],
    description: 'git rm -f removes files and drops their uncommitted edits (git rm -r alone refuses).',
    examples: {
      destructive: ['git rm -rf src', 'git rm -f src/app.ts', 'git rm --force -r docs'],
      benign: ['git rm --cached .env', 'git rm -r --cached node_modules', 'git rm -n -rf src'],
    },
    check(s) {
      if (!git(s, 'rm')) return undefined;
      const p = gopts(s, [
        O('f', 'f', ['force']),
        O('c', '', ['cached']),
        O('n', 'n', ['dry-run']),
        O('x', 'rq', ['ignore-unmatch', 'quiet', 'sparse', 'pathspec-from-file', 'pathspec-file-nul']),
      ]);
      return has(p, 'f') && !has(p, 'c', 'n') ? 'git rm -f drops uncommitted edits' : undefined;
    },
  },
  {
    id: 'git.pathspec-list',
    names: ['git'],
    description:
      'git rm / checkout / restore with --pathspec-from-file: the files deleted or overwritten are listed in a file (or the input) the guard cannot see.',
    examples: {
      destructive: [
        'git rm --pathspec-from-file=/tmp/list',
        'git checkout --pathspec-from-file=/tmp/list',
        'git restore --pathspec-from-file /tmp/list',
        'git ls-files tests | git checkout HEAD~3 --pathspec-from-file=-',
      ],
      benign: [
        'git rm --cached --pathspec-from-file=/tmp/list',
        'git restore --staged --pathspec-from-file=/tmp/list',
        'git add --pathspec-from-file=/tmp/list',
      ],
    },
    check(s) {
      if (!git(s, 'rm', 'checkout', 'restore')) return undefined;
      const ws = s.words;
      if (!ws.some((w) => w.value === null || /^--pathspec-from-file(=|$)/.test(w.value))) return undefined;
      const has = (re: RegExp): boolean => ws.some((w) => w.value !== null && re.test(w.value));
      // Only the index changes: `git rm --cached`, `git restore --staged` without --worktree.
      if (git(s, 'rm') && has(/^--cached$/)) return undefined;
      if (git(s, 'restore') && has(/^(--staged|-S)$/) && !has(/^(--worktree|-W|-[A-Za-z]*W[A-Za-z]*)$/)) return undefined;
      return `git ${ws[1].value} deletes or overwrites the files listed in a pathspec file the guard cannot see`;
    },
  },
  {
    id: 'git.exec-config',
    names: ['git'],
    description:
      'Sets git configuration that runs commands (an !alias, core.sshCommand, core.fsmonitor, hooksPath, pager, filters) on the command line or persistently.',
    examples: {
      destructive: [
        'git -c core.sshCommand="sh -c id" fetch',
        'git config alias.x "!sh x.sh"',
        'git -c core.hooksPath=/tmp/h commit -m x',
        'git config --global core.pager "sh -c id"',
        'git init --template=/tmp/tpl',
        'git -c init.templateDir=/tmp/tpl init',
        'git clone --template ./tpl https://example.invalid/x.git',
        'git clone --config core.hooksPath=/tmp/h https://example.invalid/x.git y',
        'git clone -c core.fsmonitor=./x.sh https://example.invalid/x.git',
        "git -c pager.log='sh -c id' log",
        "git config credential.https://github.com.helper '!sh -c id'",
        "git config submodule.lib.update '!sh -c id'",
        "git config difftool.x.cmd 'sh -c id'",
      ],
      benign: [
        'git -c core.pager=cat log',
        'git config user.name Dev',
        'git config alias.st status',
        'git config --get remote.origin.url',
        'git -c pager.log=false log',
        'git config submodule.lib.update rebase',
        'git clone -c core.autocrlf=false https://example.invalid/x.git',
        'git clone --depth 1 https://example.invalid/x.git',
      ],
    },
    check(s) {
      if (s.name !== 'git') return undefined;
      const cfg = (s.meta.gitConfig ?? NO_CONFIG) as Record<string, string | null>;
      // for…in, not Object.entries: most git commands have no -c, and entries() builds a list regardless.
      for (const k in cfg) {
        const v = cfg[k];
        if (!EXEC_CONFIG.test(k)) continue;
        if (k.startsWith('alias.')) continue; // an invoked `!` alias is re-parsed and judged itself
        if (inertExecValue(k, v)) continue;
        return `git -c ${k} runs a command`;
      }
      // `git clone --config core.hooksPath=/tmp/h URL`: the new clone's checkout already runs that hook folder.
      if (git(s, 'clone')) {
        const kv = cloneConfig(s).find(([k, v]) => k === null || (EXEC_CONFIG.test(k) && !inertExecValue(k, v)));
        if (kv) return `git clone --config ${kv[0] ?? '(a run-time value)'} makes the clone run a command`;
      }
      // A template folder's hooks are copied into .git/hooks, and git runs them at the next commit or checkout.
      if ((git(s, 'init') || git(s, 'clone')) && s.words.some((w) => w.value === null || /^--template(=|$)/.test(w.value)))
        return `git ${git(s, 'init') ? 'init' : 'clone'} --template copies hook programs into .git/hooks`;
      if (git(s, 'config')) {
        const vals = configOperands(s);
        const k = vals[0]?.value?.toLowerCase();
        const v = vals[1]?.value;
        if (k && vals.length >= 2 && EXEC_CONFIG.test(k)) {
          if (k.startsWith('alias.') && v !== null && v !== undefined && !v.startsWith('!')) return undefined;
          if (inertExecValue(k, v)) return undefined;
          return `git config ${k} stores a command git will run`;
        }
      }
      return undefined;
    },
  },
  {
    id: 'git.hook-installer',
    names: ['husky', 'pre-commit', 'prek', 'lefthook', 'simple-git-hooks', 'overcommit', 'yorkie', 'git-hooks', 'ghooks'],
    description:
      'Installs git hooks (husky, pre-commit install, lefthook install, simple-git-hooks): programs written into .git/hooks or a hooksPath that git runs at the next commit, checkout or push — as an edit of .git/hooks is.',
    examples: {
      destructive: ['npx husky init', 'husky', 'pre-commit install', 'pre-commit install --hook-type pre-push', 'lefthook install', 'npx simple-git-hooks'],
      benign: ['pre-commit run --all-files', 'lefthook run pre-commit', 'pre-commit --version', 'husky --help'],
    },
    check(s) {
      const n = s.name!;
      const b = bareWords(s);
      if (s.words.slice(1).some((w) => w.value !== null && /^(-h|--help|-V|--version)$/.test(w.value))) return undefined;
      const verb = b[0];
      const installs =
        n === 'husky' || n === 'simple-git-hooks' || n === 'yorkie' || n === 'ghooks'
          ? verb === undefined || verb === 'init' || verb === 'install' || verb === 'add' || verb === 'set'
          : verb !== undefined && /^(install|install-hooks|init|add|sign|autoupdate|migrate-config|init-templatedir)$/.test(verb);
      return installs ? `${n}${verb ? ' ' + verb : ''} writes git hooks: programs git runs at the next commit, checkout or push` : undefined;
    },
  },
];

/** `git clone -c k=v` / `--config k=v` / `--config=k=v`: [key (lower case) or null when run-time, value]. */
function cloneConfig(s: Sub): [string | null, string | null][] {
  const out: [string | null, string | null][] = [];
  const ws = s.words;
  for (let i = 2; i < ws.length; i++) {
    const v = ws[i].value;
    let kv: string | null | undefined;
    if (v === '-c' || v === '--config') kv = ws[++i]?.value;
    else if (v !== null && v.startsWith('--config=')) kv = v.slice(9);
    else if (v !== null && /^-c./.test(v)) kv = v.slice(2);
    else continue;
    if (kv === undefined) continue;
    if (kv === null) out.push([null, null]);
    else {
      const eq = kv.indexOf('=');
      out.push([(eq >= 0 ? kv.slice(0, eq) : kv).toLowerCase(), eq >= 0 ? kv.slice(eq + 1) : 'true']);
    }
  }
  return out;
}

/** `git symbolic-ref`'s operands (name, and the ref it is set to); `-m reason` is skipped, a run-time word counts. */
function bareSymbolicOperands(s: Sub): number {
  let n = 0;
  const ws = s.words;
  for (let i = 2; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === '-m') i++;
    else if (v === null || !v.startsWith('-')) n++;
  }
  return n;
}

/** `git config`'s operands (key, value…): options and the values of options that take one are skipped; `set` is a verb. */
function configOperands(s: Sub): W[] {
  const out: W[] = [];
  const ws = s.words;
  for (let i = 2; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && v.startsWith('-')) {
      if (CONFIG_VALUE_OPTS.test(v)) i++;
      continue;
    }
    if (out.length === 0 && v !== null && /^(set|unset|get|list|edit|rename-section|remove-section)$/.test(v) && i === 2) continue;
    out.push(ws[i]);
  }
  return out;
}
const CONFIG_VALUE_OPTS = /^(-f|--file|--blob|-t|--type|--default|--comment|--value|--url)$/;

/**
 * Keys that send the repository elsewhere, force what a push does, make gc delete history, or change which
 * repository, credentials or configuration git uses: set on the line, what follows is not what it seems.
 * Also keys that name a file git reads to decide what later commands do (core.attributesFile routes files through
 * filter and diff drivers, core.excludesFile decides what `git add -A` leaves out and `git clean -X` deletes),
 * that turn a safety off (clean.requireForce, core.protectNTFS/HFS), hide files from the work tree at the next
 * checkout (core.sparseCheckout) or make checkouts and pulls fetch and check out submodules (submodule.*).
 */
const REDIRECT_CONFIG =
  /^(remote\..+\.(url|pushurl|push|mirror|receivepack|uploadpack|proxy|fetch|vcs)|remote\.pushdefault|url\..+\.(insteadof|pushinsteadof)|gc\..*|core\.(worktree|bare|gitproxy|askpass|sharedrepository|repositoryformatversion|logallrefupdates|attributesfile|excludesfile|protectntfs|protecthfs|sparsecheckout|sparsecheckoutcone)|clean\.requireforce|submodule\..*|fetch\.(recursesubmodules|fsckobjects)|http\..*(proxy|sslverify|extraheader|cookiefile)|credential\..*|push\.(default|followtags|pushoption)|receive\..*|transfer\..*|include\..*|includeif\..*|branch\..+\.(remote|pushremote|merge)|safe\.directory|protocol\..*)$/i;

/** A configuration key that holds a credential (a token, a password, an auth header): printing it prints the secret. */
const CREDENTIAL_KEY = /(^|[._-])(token|password|passwd|secret|oauthtoken|apikey|extraheader)$/i;

/** A `--get-regexp` pattern that can match a key holding a credential (credential.*, tokens, auth headers). */
const CREDENTIAL_KEY_WORD = /cred|token|pass|secret|oauth|api_?key|auth|extraheader|cookie/i;

/** Sections whose keys send the repository elsewhere or run commands: removing or renaming one changes that. */
const CONFIG_SECTION =
  /^(remote|url|gc|core|http|credential|push|receive|transfer|include|includeif|branch|safe|protocol|filter|diff|merge|difftool|mergetool|gpg|sequence|uploadpack|pager|submodule|init)(\..*)?$/i;

/** A search string that names a secret: the history's matching changes print the secret's value. */
const SECRET_WORD = /(SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE|CREDENTIAL|BEGIN [A-Z ]*KEY)/i;

export const gitConfigRules: Rule[] = [
  {
    id: 'git.history-secret',
    names: ['git'],
    description: 'Searches history for a secret’s name with a patch (git log -S/-G … -p): prints the change that added the secret, value and all.',
    examples: {
      destructive: ['git log -p -S STRIPE_SECRET_KEY', 'git log --all -G "API_KEY=" -p', "git log -p --pickaxe-regex -S 'db_password'"],
      benign: ['git log -S padLeft --oneline', 'git log -p src/app.ts', 'git log -S TOKEN_TTL_SECONDS --oneline'],
    },
    check(s) {
      if (!git(s, 'log', 'show', 'whatchanged')) return undefined;
      const ws = s.words;
      let pick: string | null | undefined;
      let patch = git(s, 'show');
      for (let i = 2; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === null) continue;
        if (/^(-p|-u|--patch|-U\d*|--unified(=.*)?|--full-diff|--word-diff.*)$/.test(v)) patch = true;
        if (v === '-S' || v === '-G') pick = ws[i + 1]?.value;
        else if (/^-[SG]./.test(v)) pick = v.slice(2);
        if (/^(--oneline|--name-only|--name-status|--stat|--format=.*|--pretty=.*)$/.test(v) && !git(s, 'show')) patch = patch && true;
      }
      if (pick === undefined || !patch) return undefined;
      if (pick === null || SECRET_WORD.test(pick)) return `git ${ws[1].value} -S/-G ${pick ?? 'with a run-time string'} prints the changes that carry a secret`;
      return undefined;
    },
  },
  {
    id: 'git.config-redirect',
    names: ['git'],
    description:
      'Points a remote somewhere else, forces or mirrors what a push sends, makes gc expire history, or changes which repository, credentials or configuration git uses (git config, git -c, git remote set-url); names an attributes or excludes file, turns a safety off (clean.requireForce), or records a submodule later checkouts fetch.',
    examples: {
      destructive: [
        'git config remote.upstream.pushurl https://example.net/x.git',
        'git remote set-url origin https://example.net/x.git',
        'git -c remote.origin.url=https://example.net/x.git fetch',
        "git config remote.origin.push '+refs/heads/*:refs/heads/*'",
        'git -c gc.pruneExpire=now gc',
        'git config --global url.https://example.net/.insteadOf https://github.com/',
        'git config remote.origin.mirror true',
        'git config --type bool remote.origin.mirror true',
        'git config --get-all credential.https://github.com.token',
        'git config --get-all http.https://github.com/.extraheader',
        'git config get http.extraHeader',
        'git config http.https://github.com/.extraheader',
        'git config --global --get hub.oauthtoken',
        'git config --get-regexp credential',
        "git config --show-origin --get-regexp 'http\\..*\\.extraheader'",
        'git config --remove-section remote.origin',
        'git config rename-section remote.origin remote.x',
        'git config unset remote.origin.url',
        'git remote remove origin',
        'git config clean.requireForce false',
        'git config core.attributesFile /tmp/attr',
        'git config --global core.excludesFile /tmp/ex',
        'git -c core.attributesFile=/tmp/a status',
        'git config submodule.recurse true',
        'git config core.sparseCheckout true',
        'git submodule add https://example.invalid/x.git vendor/x',
        'git submodule set-url vendor/x https://example.invalid/y.git',
      ],
      benign: [
        'git config --get remote.origin.url',
        'git config user.email dev@example.com',
        'git remote -v',
        'git gc',
        'git config --list',
        'git remote get-url origin',
        "git config --get-regexp '^alias\\.'",
        "git config --get-regexp 'remote\\..*\\.url'",
        'git config --remove-section alias.x',
        'git remote add upstream https://example.invalid/x.git',
        'git config --get core.excludesFile',
        'git submodule update --init',
        'git submodule status',
        'git config --unset clean.requireForce',
      ],
    },
    check(s) {
      if (s.name !== 'git') return undefined;
      const cfg = (s.meta.gitConfig ?? NO_CONFIG) as Record<string, string | null>;
      for (const k in cfg) if (REDIRECT_CONFIG.test(k)) return `git -c ${k} changes where git sends or what it keeps`;
      if (git(s, 'config')) {
        const verb = s.words[2]?.value;
        if (
          verb === 'get' ||
          verb === 'list' ||
          s.words.some((w) => w.value !== null && /^(--get|--get-all|--get-regexp|--list|-l|--get-urlmatch|--show-origin)$/.test(w.value))
        ) {
          // A stored credential printed (`git config --get-all credential.https://github.com.token`): a secret read.
          // A regexp (`--get-regexp credential`, `git config get --regexp token`) prints every key it matches.
          const regexp = s.words.some((w) => w.value === '--get-regexp' || w.value === '--regexp' || w.value === '--get-urlmatch');
          const secret = s.words
            .slice(2)
            .find((w) => w.value === null || CREDENTIAL_KEY.test(w.value) || (regexp && !w.value.startsWith('-') && CREDENTIAL_KEY_WORD.test(w.value)));
          return secret ? `git config prints ${secret.value ?? secret.text}, a stored credential` : undefined;
        }
        const vals = configOperands(s);
        const k = vals[0]?.value;
        // `git config KEY` alone reads the key, as --get does.
        if (
          vals.length === 1 &&
          (verb === undefined || verb === null || !/^(set|unset|rename-section|remove-section|edit)$/.test(verb)) &&
          !s.words.some((w) => w.value !== null && /^(--unset|--unset-all|--remove-section|--rename-section|--add|--replace-all|-e|--edit)$/.test(w.value)) &&
          (k === null || (k !== undefined && CREDENTIAL_KEY.test(k)))
        )
          return `git config prints ${k ?? vals[0].text}, a stored credential`;
        if (vals.length >= 2 && (k === null || (k !== undefined && REDIRECT_CONFIG.test(k))))
          return `git config ${k ?? vals[0].text} changes where git sends or what it keeps`;
        if (
          vals.length >= 1 &&
          (verb === 'unset' || s.words.some((w) => w.value !== null && /^(--unset|--unset-all)$/.test(w.value))) &&
          // Unsetting a safety's key turns the safety back on.
          (k === null || (k !== undefined && REDIRECT_CONFIG.test(k) && !/^(clean\.requireforce|core\.protect(ntfs|hfs))$/i.test(k)))
        )
          return `git config changes ${k ?? vals[0].text}`;
        // A whole section dropped or renamed (`--remove-section remote.origin`): every key under it goes.
        if (
          vals.length >= 1 &&
          (verb === 'remove-section' || verb === 'rename-section' || s.words.some((w) => w.value === '--remove-section' || w.value === '--rename-section')) &&
          (k === null || (k !== undefined && CONFIG_SECTION.test(k)))
        )
          return `git config removes or renames the section ${k ?? vals[0].text}`;
      }
      // `git submodule add URL`, `set-url`: a repository the next `git submodule update` or `--recurse-submodules`
      // checkout fetches and checks out, recorded in .gitmodules for every later clone.
      if (git(s, 'submodule')) {
        const b = bareWords(s, 2);
        if (/^(add|set-url|set-branch)$/.test(b[0] ?? '')) return `git submodule ${b[0]} records a repository later checkouts fetch and check out`;
      }
      if (git(s, 'remote')) {
        const b = bareWords(s, 2);
        if (/^(set-url|set-head|rename)$/.test(b[0] ?? '')) return `git remote ${b[0]} repoints a remote`;
        if (/^(remove|rm)$/.test(b[0] ?? '')) return `git remote ${b[0]} deletes the remote and its remote-tracking branches`;
      }
      return undefined;
    },
  },
  {
    id: 'git.local-rewrite',
    names: ['git'],
    description:
      'Rewrites local history in a way the agent may not undo: reset --keep to another commit (the branch moves back and the files revert), rebase --onto (the commits between are dropped), an interactive rebase whose todo an editor given on the line rewrites (a sequence editor is code). Also GIT_TRACE_CURL/GIT_CURL_VERBOSE, which print the request headers a credential rides in.',
    examples: {
      destructive: [
        'git reset --keep HEAD~1',
        'git reset --keep @~',
        'git rebase --onto HEAD~2 HEAD~1 main',
        'GIT_SEQUENCE_EDITOR="sed -i \'1s/^pick/drop/\'" git rebase -i HEAD~1',
        'GIT_TRACE_CURL=1 git ls-remote https://github.com/org/private',
        'export GIT_SEQUENCE_EDITOR="sed -i -e \'s/pick/drop/\'"; git rebase -i HEAD~2',
        'export EDITOR=true && git rebase -i HEAD~3',
      ],
      benign: [
        'export EDITOR=vim; git rebase main',
        'export GIT_EDITOR=true; git commit --amend --no-edit',
        'git reset --keep',
        'git reset --keep HEAD',
        'git rebase main',
        'git rebase -i HEAD~3',
        'GIT_TRACE=1 git status',
      ],
    },
    check(s, ctx) {
      if (s.name !== 'git') return undefined;
      for (const k of ['GIT_TRACE_CURL', 'GIT_CURL_VERBOSE'])
        if (k in s.assigns && !/^(0|false|)$/i.test(s.assigns[k] ?? 'x')) return `${k} prints the HTTP headers, credentials included`;
      if (git(s, 'reset')) {
        const p = gopts(s, RESET);
        if (!has(p, 'keep')) return undefined;
        const target = p.positional[0];
        if (target === undefined || target.value === 'HEAD' || target.value === '@') return undefined;
        return `git reset --keep ${target.text} moves the branch back and reverts the files`;
      }
      if (git(s, 'rebase')) {
        const ws = s.words.slice(2).map((w) => w.value);
        if (ws.some((v) => (v === null ? false : v === '--onto' || v.startsWith('--onto='))))
          return 'git rebase --onto drops the commits between the old base and the new one';
        const interactive = ws.some((v) => v !== null && (v === '--interactive' || /^-[a-zA-Z]*i[a-zA-Z]*$/.test(v)));
        if (interactive && ('GIT_SEQUENCE_EDITOR' in s.assigns || 'GIT_EDITOR' in s.assigns || 'EDITOR' in s.assigns || 'VISUAL' in s.assigns))
          return 'git rebase -i with an editor given on the line: the editor rewrites the todo (drops or reorders commits)';
        // Set earlier on the line (`export GIT_SEQUENCE_EDITOR=…; git rebase -i`, `declare -x`, `set -a; X=…`): the same editor.
        const earlier = ctx.subs.find(
          (x) =>
            x.index < s.index &&
            ((x.name === null && Object.keys(x.assigns).some((k) => EDITOR_VAR.test(k))) ||
              ((x.name === 'export' || x.name === 'declare' || x.name === 'typeset' || x.name === 'readonly') &&
                x.words.some((w) => w.value === null || EDITOR_VAR.test(w.value.split('=')[0]))) ||
              Object.keys(x.assigns).some((k) => EDITOR_VAR.test(k) && x.name === 'export')),
        );
        if (interactive && earlier) return `git rebase -i with an editor set earlier on the line (${earlier.text.slice(0, 60)}): the editor rewrites the todo`;
      }
      return undefined;
    },
  },
];

export { resolveLong };
