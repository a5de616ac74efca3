// git's long options per sub-command (git 2.39, `git <cmd> [<verb>] --git-completion-helper-all`), for the commands
// that change something. git's parse-options takes any unambiguous prefix of a long option (`git checkout --for` is
// --force, `git tag --del` is --delete, `git gc --prun=now` is --prune=now): the guard reads the words git reads.
// Threat: an abbreviation the rules' exact spellings do not see. Read-only commands (log, diff, status) are not
// listed: an abbreviation there changes nothing.

/** Long option names (without `--`, without `=`) by sub-command, `verb` commands as `worktree remove`. */
const GIT_LONG: Record<string, string> = {
  add: 'all chmod dry-run edit force ignore-errors ignore-missing ignore-removal intent-to-add interactive no-all no-chmod no-dry-run no-edit no-force no-ignore-errors no-ignore-missing no-ignore-removal no-intent-to-add no-interactive no-patch no-pathspec-file-nul no-pathspec-from-file no-refresh no-renormalize no-sparse no-update no-verbose no-warn-embedded-repo patch pathspec-file-nul pathspec-from-file refresh renormalize sparse update verbose warn-embedded-repo',
  am: '3way abort allow-empty binary committer-date-is-author-date continue directory empty exclude gpg-sign ignore-date ignore-space-change ignore-whitespace include interactive keep keep-cr keep-non-patch message-id no-3way no-binary no-committer-date-is-author-date no-directory no-exclude no-gpg-sign no-ignore-date no-ignore-space-change no-ignore-whitespace no-include no-interactive no-keep no-keep-cr no-keep-non-patch no-message-id no-patch-format no-quiet no-rebasing no-reject no-rerere-autoupdate no-resolvemsg no-scissors no-signoff no-utf8 no-whitespace patch-format quiet quit quoted-cr rebasing reject rerere-autoupdate resolved resolvemsg scissors show-current-patch signoff skip utf8 whitespace',
  apply:
    '3way add allow-binary-replacement allow-empty allow-overlap apply binary build-fake-ancestor cached check directory exclude ignore-space-change ignore-whitespace inaccurate-eof include index intent-to-add no-3way no-add no-allow-binary-replacement no-allow-empty no-allow-overlap no-apply no-binary no-build-fake-ancestor no-cached no-check no-directory no-ignore-space-change no-ignore-whitespace no-inaccurate-eof no-index no-intent-to-add no-numstat no-quiet no-recount no-reject no-reverse no-stat no-summary no-unidiff-zero no-unsafe-paths no-verbose no-whitespace numstat quiet recount reject reverse stat summary unidiff-zero unsafe-paths verbose whitespace',
  branch:
    'abbrev all color column contains copy create-reflog delete edit-description force format ignore-case list merged move no-abbrev no-all no-color no-column no-contains no-copy no-create-reflog no-delete no-edit-description no-force no-format no-ignore-case no-list no-merged no-move no-points-at no-quiet no-recurse-submodules no-remotes no-set-upstream no-set-upstream-to no-show-current no-sort no-track no-unset-upstream no-verbose points-at quiet recurse-submodules remotes set-upstream set-upstream-to show-current sort track unset-upstream verbose with without',
  'bundle create': 'all-progress all-progress-implied no-all-progress no-all-progress-implied no-progress no-quiet no-version progress quiet version',
  'bundle unbundle': 'no-progress progress',
  'bundle verify': 'no-quiet quiet',
  checkout:
    'conflict detach force guess ignore-other-worktrees ignore-skip-worktree-bits merge no-conflict no-detach no-force no-guess no-ignore-other-worktrees no-ignore-skip-worktree-bits no-merge no-orphan no-overlay no-overwrite-ignore no-patch no-pathspec-file-nul no-pathspec-from-file no-progress no-quiet no-recurse-submodules no-track orphan ours overlay overwrite-ignore patch pathspec-file-nul pathspec-from-file progress quiet recurse-submodules theirs track',
  'checkout-index':
    'all create force ignore-skip-worktree-bits index no-all no-create no-force no-ignore-skip-worktree-bits no-index no-prefix no-quiet no-stdin no-temp prefix quiet stage stdin temp',
  'cherry-pick':
    'abort allow-empty allow-empty-message cleanup commit continue edit ff gpg-sign keep-redundant-commits mainline no-allow-empty no-allow-empty-message no-cleanup no-commit no-edit no-ff no-gpg-sign no-keep-redundant-commits no-mainline no-rerere-autoupdate no-signoff no-strategy no-strategy-option quit rerere-autoupdate signoff skip strategy strategy-option',
  clean: 'dry-run exclude force interactive no-dry-run no-force no-interactive no-quiet quiet',
  clone:
    'also-filter-submodules bare branch bundle-uri checkout config depth dissociate filter hardlinks ipv4 ipv6 jobs local mirror naked no-also-filter-submodules no-bare no-branch no-bundle-uri no-checkout no-config no-depth no-dissociate no-filter no-hardlinks no-ipv4 no-ipv6 no-jobs no-local no-mirror no-naked no-origin no-progress no-quiet no-recurse-submodules no-recursive no-reference no-reference-if-able no-reject-shallow no-remote-submodules no-separate-git-dir no-server-option no-shallow-exclude no-shallow-since no-shallow-submodules no-shared no-single-branch no-sparse no-tags no-template no-upload-pack no-verbose origin progress quiet recurse-submodules recursive reference reference-if-able reject-shallow remote-submodules separate-git-dir server-option shallow-exclude shallow-since shallow-submodules shared single-branch sparse tags template upload-pack verbose',
  commit:
    'ahead-behind all allow-empty allow-empty-message amend author branch cleanup date dry-run edit file fixup gpg-sign include interactive long message no-ahead-behind no-all no-allow-empty no-allow-empty-message no-amend no-author no-branch no-cleanup no-date no-dry-run no-edit no-file no-fixup no-gpg-sign no-include no-interactive no-long no-message no-null no-only no-patch no-pathspec-file-nul no-pathspec-from-file no-porcelain no-post-rewrite no-quiet no-reedit-message no-reset-author no-reuse-message no-short no-signoff no-squash no-status no-template no-untracked-files no-verbose no-verify null only patch pathspec-file-nul pathspec-from-file porcelain post-rewrite quiet reedit-message reset-author reuse-message short signoff squash status template trailer untracked-files verbose verify',
  'commit-graph': 'no-object-dir object-dir',
  'commit-graph verify': 'no-object-dir no-progress no-shallow object-dir progress shallow',
  'commit-graph write':
    'append changed-paths expire-time max-commits max-new-filters no-append no-changed-paths no-expire-time no-max-commits no-max-new-filters no-object-dir no-progress no-reachable no-size-multiple no-stdin-commits no-stdin-packs object-dir progress reachable size-multiple split stdin-commits stdin-packs',
  'commit-tree': 'gpg-sign no-gpg-sign',
  config:
    'add blob bool bool-or-int bool-or-str default edit expiry-date file fixed-value get get-all get-color get-colorbool get-regexp get-urlmatch global includes int list local name-only no-add no-blob no-default no-edit no-file no-fixed-value no-get no-get-all no-get-color no-get-colorbool no-get-regexp no-get-urlmatch no-global no-includes no-list no-local no-name-only no-null no-remove-section no-rename-section no-replace-all no-show-origin no-show-scope no-system no-type no-unset no-unset-all no-worktree null path remove-section rename-section replace-all show-origin show-scope system type unset unset-all worktree',
  fetch:
    'all append atomic auto-gc auto-maintenance deepen depth dry-run filter force ipv4 ipv6 jobs keep multiple negotiate-only negotiation-tip no-all no-append no-atomic no-auto-gc no-auto-maintenance no-deepen no-depth no-dry-run no-filter no-force no-ipv4 no-ipv6 no-jobs no-keep no-multiple no-negotiate-only no-negotiation-tip no-prefetch no-progress no-prune no-prune-tags no-quiet no-recurse-submodules no-recurse-submodules-default no-server-option no-set-upstream no-shallow-exclude no-shallow-since no-show-forced-updates no-stdin no-submodule-prefix no-tags no-update-head-ok no-update-shallow no-upload-pack no-verbose no-write-commit-graph no-write-fetch-head prefetch progress prune prune-tags quiet recurse-submodules recurse-submodules-default refetch refmap server-option set-upstream shallow-exclude shallow-since show-forced-updates stdin submodule-prefix tags unshallow update-head-ok update-shallow upload-pack verbose write-commit-graph write-fetch-head',
  gc: 'aggressive auto cruft force keep-largest-pack no-aggressive no-auto no-cruft no-force no-keep-largest-pack no-prune no-quiet prune quiet',
  init: 'bare initial-branch no-bare no-initial-branch no-object-format no-quiet no-separate-git-dir no-template object-format quiet separate-git-dir shared template',
  'init-db':
    'bare initial-branch no-bare no-initial-branch no-object-format no-quiet no-separate-git-dir no-template object-format quiet separate-git-dir shared template',
  'maintenance register': 'config-file no-config-file',
  'maintenance run': 'auto no-auto no-quiet no-schedule quiet schedule task',
  'maintenance start': 'scheduler',
  'maintenance unregister': 'config-file force no-config-file no-force',
  merge:
    'abort allow-unrelated-histories autostash cleanup commit continue edit ff ff-only file gpg-sign into-name log message no-abort no-allow-unrelated-histories no-autostash no-cleanup no-commit no-continue no-edit no-ff no-gpg-sign no-into-name no-log no-message no-overwrite-ignore no-progress no-quiet no-quit no-rerere-autoupdate no-signoff no-squash no-stat no-strategy no-strategy-option no-summary no-verbose no-verify no-verify-signatures overwrite-ignore progress quiet quit rerere-autoupdate signoff squash stat strategy strategy-option summary verbose verify verify-signatures',
  'multi-pack-index': 'no-object-dir object-dir',
  'multi-pack-index expire': 'no-object-dir no-progress object-dir progress',
  'multi-pack-index repack': 'batch-size no-object-dir no-progress object-dir progress',
  'multi-pack-index verify': 'no-object-dir no-progress object-dir progress',
  'multi-pack-index write':
    'bitmap no-bitmap no-object-dir no-preferred-pack no-progress no-refs-snapshot no-stdin-packs object-dir preferred-pack progress refs-snapshot stdin-packs',
  mv: 'dry-run force no-dry-run no-force no-sparse no-verbose sparse verbose',
  notes: 'no-ref ref',
  'notes add': 'allow-empty file force message no-allow-empty no-force reedit-message reuse-message',
  'notes append': 'allow-empty file message no-allow-empty reedit-message reuse-message',
  'notes copy': 'for-rewrite force no-for-rewrite no-force no-stdin stdin',
  'notes edit': 'allow-empty file message no-allow-empty reedit-message reuse-message',
  'notes merge': 'abort commit no-quiet no-strategy no-verbose quiet strategy verbose',
  'notes prune': 'dry-run no-dry-run no-verbose verbose',
  'notes remove': 'ignore-missing no-ignore-missing no-stdin stdin',
  'pack-refs': 'all no-all no-prune prune',
  prune: 'dry-run exclude-promisor-objects expire no-dry-run no-exclude-promisor-objects no-expire no-progress no-verbose progress verbose',
  pull: 'all allow-unrelated-histories append autostash cleanup commit deepen depth dry-run edit ff ff-only force gpg-sign ipv4 ipv6 jobs keep log negotiation-tip no-all no-allow-unrelated-histories no-append no-autostash no-cleanup no-commit no-deepen no-depth no-dry-run no-edit no-ff no-force no-gpg-sign no-ipv4 no-ipv6 no-jobs no-keep no-log no-negotiation-tip no-progress no-prune no-quiet no-rebase no-recurse-submodules no-server-option no-set-upstream no-shallow-exclude no-shallow-since no-show-forced-updates no-signoff no-squash no-stat no-strategy no-strategy-option no-summary no-tags no-update-shallow no-upload-pack no-verbose no-verify no-verify-signatures progress prune quiet rebase recurse-submodules refmap server-option set-upstream shallow-exclude shallow-since show-forced-updates signoff squash stat strategy strategy-option summary tags unshallow update-shallow upload-pack verbose verify verify-signatures',
  push: 'all atomic delete dry-run exec follow-tags force force-if-includes force-with-lease ipv4 ipv6 mirror no-all no-atomic no-delete no-dry-run no-exec no-follow-tags no-force no-force-if-includes no-force-with-lease no-ipv4 no-ipv6 no-mirror no-porcelain no-progress no-prune no-push-option no-quiet no-receive-pack no-recurse-submodules no-repo no-set-upstream no-signed no-tags no-thin no-verbose no-verify porcelain progress prune push-option quiet receive-pack recurse-submodules repo set-upstream signed tags thin verbose verify',
  'read-tree':
    'aggressive debug-unpack dry-run empty exclude-per-directory index-output no-aggressive no-debug-unpack no-dry-run no-empty no-quiet no-recurse-submodules no-reset no-sparse-checkout no-trivial no-verbose prefix quiet recurse-submodules reset sparse-checkout trivial verbose',
  rebase:
    'abort allow-empty-message apply autosquash autostash committer-date-is-author-date continue edit-todo empty exec ff force-rebase fork-point gpg-sign ignore-date ignore-whitespace interactive keep-base keep-empty merge no-allow-empty-message no-autosquash no-autostash no-committer-date-is-author-date no-exec no-ff no-force-rebase no-fork-point no-gpg-sign no-ignore-date no-ignore-whitespace no-keep-base no-keep-empty no-onto no-preserve-merges no-quiet no-reapply-cherry-picks no-rebase-merges no-rerere-autoupdate no-reschedule-failed-exec no-reset-author-date no-root no-signoff no-stat no-strategy no-strategy-option no-update-refs no-verbose no-verify no-whitespace onto preserve-merges quiet quit reapply-cherry-picks rebase-merges rerere-autoupdate reschedule-failed-exec reset-author-date root show-current-patch signoff skip stat strategy strategy-option update-refs verbose verify whitespace',
  'reflog delete': 'dry-run no-dry-run no-rewrite no-updateref no-verbose rewrite updateref verbose',
  'reflog expire':
    'all dry-run expire expire-unreachable no-all no-dry-run no-rewrite no-single-worktree no-stale-fix no-updateref no-verbose rewrite single-worktree stale-fix updateref verbose',
  remote: 'no-verbose verbose',
  'remote add': 'fetch master mirror no-fetch no-master no-mirror no-tags no-track tags track',
  'remote get-url': 'all no-all no-push push',
  'remote prune': 'dry-run no-dry-run',
  'remote rename': 'no-progress progress',
  'remote set-branches': 'add no-add',
  'remote set-head': 'auto delete no-auto no-delete',
  'remote set-url': 'add delete no-add no-delete no-push push',
  'remote update': 'no-prune prune',
  repack:
    'cruft cruft-expiration delta-islands depth expire-to geometric keep-pack keep-unreachable local max-pack-size no-cruft no-cruft-expiration no-delta-islands no-depth no-expire-to no-geometric no-keep-pack no-keep-unreachable no-local no-max-pack-size no-pack-kept-objects no-quiet no-threads no-unpack-unreachable no-window no-window-memory no-write-bitmap-index no-write-midx pack-kept-objects quiet threads unpack-unreachable window window-memory write-bitmap-index write-midx',
  replace: 'convert-graft-file delete edit force format graft list no-force no-format no-raw raw',
  rerere: 'no-rerere-autoupdate rerere-autoupdate',
  reset:
    'hard intent-to-add keep merge mixed no-hard no-intent-to-add no-keep no-merge no-mixed no-patch no-pathspec-file-nul no-pathspec-from-file no-quiet no-recurse-submodules no-refresh no-soft patch pathspec-file-nul pathspec-from-file quiet recurse-submodules refresh soft',
  restore:
    'conflict ignore-skip-worktree-bits ignore-unmerged merge no-conflict no-ignore-skip-worktree-bits no-ignore-unmerged no-merge no-overlay no-patch no-pathspec-file-nul no-pathspec-from-file no-progress no-quiet no-recurse-submodules no-source no-staged no-worktree ours overlay patch pathspec-file-nul pathspec-from-file progress quiet recurse-submodules source staged theirs worktree',
  revert:
    'abort cleanup commit continue edit gpg-sign mainline no-cleanup no-commit no-edit no-gpg-sign no-mainline no-reference no-rerere-autoupdate no-signoff no-strategy no-strategy-option quit reference rerere-autoupdate signoff skip strategy strategy-option',
  rm: 'cached dry-run force ignore-unmatch no-cached no-dry-run no-force no-ignore-unmatch no-pathspec-file-nul no-pathspec-from-file no-quiet no-sparse pathspec-file-nul pathspec-from-file quiet sparse',
  'sparse-checkout init': 'cone no-cone no-sparse-index sparse-index',
  'sparse-checkout set': 'cone no-cone no-sparse-index skip-checks sparse-index stdin',
  stage:
    'all chmod dry-run edit force ignore-errors ignore-missing ignore-removal intent-to-add interactive no-all no-chmod no-dry-run no-edit no-force no-ignore-errors no-ignore-missing no-ignore-removal no-intent-to-add no-interactive no-patch no-pathspec-file-nul no-pathspec-from-file no-refresh no-renormalize no-sparse no-update no-verbose no-warn-embedded-repo patch pathspec-file-nul pathspec-from-file refresh renormalize sparse update verbose warn-embedded-repo',
  'stash apply': 'index no-index no-quiet quiet',
  'stash drop': 'no-quiet quiet',
  'stash pop': 'index no-index no-quiet quiet',
  'stash push':
    'all include-untracked keep-index message no-all no-include-untracked no-keep-index no-message no-patch no-pathspec-file-nul no-pathspec-from-file no-quiet no-staged patch pathspec-file-nul pathspec-from-file quiet staged',
  'stash save': 'all include-untracked keep-index message no-all no-include-untracked no-keep-index no-message no-patch no-quiet no-staged patch quiet staged',
  'stash show': 'include-untracked no-include-untracked only-untracked',
  'stash store': 'message no-message no-quiet quiet',
  switch:
    'conflict create detach discard-changes force force-create guess ignore-other-worktrees merge no-conflict no-create no-detach no-discard-changes no-force no-force-create no-guess no-ignore-other-worktrees no-merge no-orphan no-overwrite-ignore no-progress no-quiet no-recurse-submodules no-track orphan overwrite-ignore progress quiet recurse-submodules track',
  'symbolic-ref': 'delete no-delete no-quiet no-recurse no-short quiet recurse short',
  tag: 'annotate cleanup color column contains create-reflog delete edit file force format ignore-case list local-user merged message no-annotate no-cleanup no-color no-column no-contains no-create-reflog no-edit no-file no-force no-format no-ignore-case no-local-user no-merged no-points-at no-sign no-sort points-at sign sort verify with without',
  'update-index':
    'add again assume-unchanged cacheinfo chmod clear-resolve-undo force-remove force-untracked-cache force-write-index fsmonitor fsmonitor-valid ignore-missing ignore-skip-worktree-entries ignore-submodules index-info index-version info-only no-add no-assume-unchanged no-force-remove no-force-untracked-cache no-force-write-index no-fsmonitor no-fsmonitor-valid no-ignore-missing no-ignore-skip-worktree-entries no-ignore-submodules no-index-version no-info-only no-remove no-replace no-skip-worktree no-split-index no-test-untracked-cache no-unmerged no-untracked-cache no-verbose really-refresh refresh remove replace skip-worktree split-index stdin test-untracked-cache unmerged unresolve untracked-cache verbose',
  'update-ref': 'create-reflog deref no-create-reflog no-deref no-stdin stdin',
  'worktree add':
    'checkout detach force guess-remote lock no-checkout no-detach no-force no-guess-remote no-lock no-quiet no-reason no-track quiet reason track',
  'worktree list': 'expire no-expire no-porcelain no-verbose porcelain verbose',
  'worktree lock': 'no-reason reason',
  'worktree move': 'force no-force',
  'worktree prune': 'dry-run expire no-dry-run no-expire no-verbose verbose',
  'worktree remove': 'force no-force',
};

const SPLIT = new Map<string, readonly string[]>();

function longsOf(cmd: string): readonly string[] | undefined {
  let l = SPLIT.get(cmd);
  if (l === undefined) {
    const t = GIT_LONG[cmd];
    if (t === undefined) return undefined;
    l = t.split(' ');
    SPLIT.set(cmd, l);
  }
  return l;
}

/**
 * The full spelling of an abbreviated long option `word` (`--for`, `--prun=now`) of `git <cmd>` (`worktree remove` for
 * a verb): the word itself when it is a full name, not a long option or not a prefix of any; `null` when it is a
 * prefix of several (git refuses it, the guard cannot tell which one was meant). `undefined`: the command is unlisted.
 */
export function gitLongOption(cmd: string, word: string): string | null | undefined {
  const longs = longsOf(cmd);
  if (longs === undefined) return undefined;
  if (!word.startsWith('--') || word.length < 3) return word;
  const eq = word.indexOf('=');
  const name = word.slice(2, eq < 0 ? undefined : eq);
  if (longs.includes(name)) return word;
  const hits = longs.filter((l) => l.startsWith(name));
  if (hits.length === 0) return word;
  if (hits.length > 1) return null;
  return `--${hits[0]}${eq < 0 ? '' : word.slice(eq)}`;
}

/** Whether `git <cmd> <verb>` has its own option table (the verb's options are the ones read). */
export function gitHasVerb(cmd: string, verb: string): boolean {
  return GIT_LONG[`${cmd} ${verb}`] !== undefined;
}
