// Rows: git and forges, containers, clusters, infrastructure as code, cloud CLIs. Destructive verbs (force
// push, delete, apply, destroy) are modelled here as verbs and judged by the rule catalog; a verb missing
// here is not modelled and is asked about.
import type { RowSpec } from './spec';

/** Files whose content decides what git runs around a commit, merge, checkout or push. */
const GIT_HOOKS = ['.git/hooks/**', '.git/config', '.gitattributes', '.husky/**', '.pre-commit-config.yaml', 'lefthook.yml', '.lefthook.yml'];
const GIT_READ =
  '--output=W -O=V --format=V --pretty=V -n|--max-count=V --since|--after|--until|--before=V --author|--committer|--grep=V -S=V -G=V -L=O --skip=V ' +
  '--abbrev=V --date=V --diff-filter=V -U|--unified=V --stat[=V] --color[=V] --word-diff[=V] --relative[=V] --src-prefix=V --dst-prefix=V ' +
  '--ext-diff --no-ext-diff --textconv --no-textconv --follow -p -u --patch --name-only --name-status --oneline --graph --all --no-pager --cached --staged';

/** Compose verbs (docker compose …, docker-compose …). */
const COMPOSE_VERBS: Record<string, RowSpec> = {
  'up down ps logs build pull push config start stop restart rm kill top images ls version create events port pause unpause wait watch scale attach stats alpha':
    {
      n: '',
      d: 'Compose services',
      o: '-d|--detach --build --no-build --remove-orphans -v|--volumes --rmi=V -t|--timeout=V --wait -f|--follow --tail=V --since=V --no-deps --force-recreate --scale=V',
      a: 'V*',
    },
  'run exec': {
    n: '',
    d: 'runs a command in a service (the unwrapper)',
    posix: true,
    o: '-e|--env=V -w|--workdir=V -u|--user=V -T --rm -d --no-deps -v|--volume=H --entrypoint=V --name=V -p|--publish=V',
    a: 'V V*',
  },
  cp: { n: 'cp', d: 'copies between a service and here', x: 'docker-cp' },
};

export const INFRA: RowSpec[] = [
  {
    n: 'git',
    d: 'git (global options are read by the unwrapper; destructive verbs are the rules’ business)',
    loose: true,
    noInherit: true,
    sub: {
      'status st': { n: '', d: 'working tree status', a: 'V*' },
      'log whatchanged show diff blame annotate cat-file diff-tree diff-index diff-files range-diff show-branch shortlog': {
        n: '',
        d: 'reads history and content: `REV:path` and named paths are reads',
        o: GIT_READ,
        a: 'O*',
        x: 'git-object',
      },
      grep: {
        n: 'grep',
        d: 'searches tracked files (pathspecs are trees; none: here)',
        o: '-e=P -f=R -O|--open-files-in-pager[=S] --max-depth=V -m|--max-count=V -A=V -B=V -C=V --threads=V',
        x: 'rg',
      },
      'ls-remote': {
        n: 'ls-remote',
        d: 'lists remote refs (--upload-pack is a command git runs)',
        loose: true,
        o: '--upload-pack=S --exec=S -o|--server-option=V --sort=V',
        a: 'V*',
      },
      'ls-files ls-tree rev-parse rev-list describe name-rev merge-base show-ref for-each-ref count-objects check-ignore check-attr check-mailmap var version help fsck verify-commit verify-tag verify-pack show-index cherry column fmt-merge-msg get-tar-commit-id unpack-file patch-id request-pull':
        { n: '', d: 'lists and queries (names, not content)', a: 'V*' },
      'add stage': {
        n: '',
        d: 'stages files (a named protected path is refused; -f stages the ignored files under each pathspec too)',
        o: '--pathspec-from-file=R --chmod=V -f|--force:force -A|--all|--no-ignore-removal:all',
        a: '?*',
        x: 'git-add',
      },
      'commit ci': {
        n: '',
        d: 'commits (the hooks run)',
        runs: GIT_HOOKS,
        o: '-m|--message=V -F|--file=R -C|--reuse-message=V -c|--reedit-message=V --fixup=V --squash=V -t|--template=R --author=V --date=V --trailer=V -S|--gpg-sign[=V] --cleanup=V --pathspec-from-file=R',
        a: '?*',
      },
      'checkout co': {
        n: 'checkout',
        d: 'switches branches or overwrites paths from a commit',
        runs: GIT_HOOKS,
        o: '-b=V -B=V --orphan=V --conflict=V --pathspec-from-file=R',
        x: 'git-checkout',
      },
      'switch sw': {
        n: '',
        d: 'switches branches (the files that differ are rewritten)',
        runs: GIT_HOOKS,
        o: '-c|--create=V -C|--force-create=V --orphan=V',
        a: 'V*',
        x: 'git-switch',
      },
      restore: {
        n: 'restore',
        d: 'overwrites working-tree paths from the index or a commit',
        o: '-s|--source=V -S|--staged -W|--worktree --pathspec-from-file=R',
        x: 'git-restore',
      },
      reset: { n: 'reset', d: 'moves HEAD or unstages (--hard is the rules’ business)', o: '--pathspec-from-file=R', a: 'V*' },
      rm: {
        n: 'rm',
        d: 'removes files from the working tree and the index',
        o: '--cached:cached -n|--dry-run:dry -r:rec -f|--force -q|--quiet --ignore-unmatch --sparse --pathspec-from-file=R --pathspec-file-nul',
        x: 'git-rm',
      },
      mv: { n: 'mv', d: 'moves files', o: '-f|--force -k -n|--dry-run:dry -v|--verbose', x: 'git-mv' },
      stash: {
        n: 'stash',
        d: 'stashes local changes (the paths named to push are put back as committed; drop and clear are the rules’ business)',
        loose: true,
        o: '-m|--message=V -p|--patch -k|--keep-index --no-keep-index -u|--include-untracked -a|--all -q|--quiet -S|--staged --index --pathspec-from-file=R --pathspec-file-nul',
        x: 'git-stash',
      },
      // The reflog is commits too: with a patch it prints what they hold (so do `stash show -p` and `stash list -p`).
      reflog: {
        n: '',
        d: 'repository state; `reflog -p` prints what commits hold',
        o: '-F|--file=R -m|--message=V',
        a: 'V*',
        x: 'git-stash-reflog',
      },
      'clean tag notes remote gc prune bisect sparse-checkout read-tree write-tree commit-tree mktag mktree update-ref symbolic-ref replace filter-branch filter-repo pack-refs repack rerere replay':
        { n: '', d: 'repository state (the destructive forms are the rules’ business)', o: '-F|--file=R -m|--message=V', a: 'V*' },
      // --skip-worktree / --assume-unchanged hide a file's changes from status and diff: a change of how the
      // named files are tracked, judged as a change of each (a protected test's edits would vanish from review).
      'update-index': {
        n: 'update-index',
        d: 'changes how the index tracks the named files',
        o: '--add --remove --force-remove --replace --refresh --really-refresh -q --ignore-submodules --unmerged --ignore-missing --info-only --index-info --stdin -z --verbose --again -g --unresolve --skip-worktree --no-skip-worktree --assume-unchanged --no-assume-unchanged --fsmonitor-valid --no-fsmonitor-valid --chmod=V --cacheinfo=V --index-version=V --split-index --no-split-index --untracked-cache --no-untracked-cache --test-untracked-cache --fsmonitor --no-fsmonitor',
        a: 'A*',
      },
      branch: { n: 'branch', d: 'branches (deletes and force moves are the rules’ business)', a: 'V*' },
      'fetch pull push': {
        n: '',
        d: 'talks to remotes (force and delete pushes are the rules’ business)',
        runs: GIT_HOOKS,
        o: '--upload-pack=S --receive-pack=S --exec=S -o|--push-option=V --recurse-submodules[=V] -j|--jobs=V --depth=V --shallow-since=V --refmap=V --server-option=V --no-verify:noverify',
        a: 'V*',
        x: 'git-remote-io',
      },
      clone: {
        n: 'clone',
        d: 'copies a repository into a new directory',
        o: '--template=R --separate-git-dir=W -u|--upload-pack=S -c|--config=V -b|--branch=V -o|--origin=V --depth=V --reference=V --filter=V --shallow-since=V --bundle-uri=V -j|--jobs=V',
        a: 'U A?',
        x: 'git-clone',
      },
      init: {
        n: 'init',
        d: 'makes a repository (a .git folder in the directory named, or in the -C directory)',
        o: '--template=R --separate-git-dir=W -b|--initial-branch=V --object-format=V --shared[=V] -q|--quiet --bare',
        a: 'A?',
        x: 'git-init',
      },
      am: {
        n: 'am',
        d: 'applies the patches of mailboxes to the working tree (what they change is not shown) and commits them',
        runs: GIT_HOOKS,
        o: '--abort:dry --quit:dry --skip --continue --resolved -r --show-current-patch[=V]:dry -3|--3way --no-3way -s|--signoff -k|--keep --keep-cr --no-keep-cr -c|--scissors --no-scissors -q|--quiet -u|--utf8 --no-utf8 --directory=V --exclude=P --include=P -p=V -C=V --whitespace=V --ignore-whitespace --ignore-space-change --reject --patch-format=V -i|--interactive --committer-date-is-author-date --ignore-date --empty=V -S|--gpg-sign[=V] --no-gpg-sign',
        x: 'git-apply',
      },
      'merge rebase cherry-pick revert pull': {
        n: '',
        d: 'rewrites the working tree from commits (hooks run)',
        runs: GIT_HOOKS,
        o: '-m|--message=V -F|--file=R -s|--strategy=V -X|--strategy-option=V --onto=V -x|--exec=S --directory=V --exclude=P --include=P',
        a: 'V*',
        // pull's repository, when a folder on this disk, is read whole (git-remote-io).
        x: 'git-remote-io',
      },
      apply: {
        n: 'apply',
        d: 'applies a patch to the working tree',
        o: '--check:dry --stat:dry --numstat:dry --summary:dry --cached:dry --directory=V -p=V --exclude=P --include=P --unsafe-paths:unsafe --build-fake-ancestor=W -R|--reverse --index -3|--3way --reject -v|--verbose -q|--quiet --whitespace=V --ignore-whitespace --ignore-space-change -C=V --recount --allow-empty -N|--intent-to-add',
        x: 'git-apply',
      },
      'format-patch': {
        n: '',
        d: 'writes patches (the content of the commits)',
        o: '-o|--output-directory=W --output=W --cover-letter --subject-prefix=V',
        a: 'V*',
        x: 'git-format-patch',
      },
      archive: {
        n: 'archive',
        d: 'writes an archive of a tree',
        o: '-o|--output=W --remote=U --exec=S --prefix=V --format=V --add-file=R --add-virtual-file=V',
        a: 'V O*',
        x: 'git-archive',
      },
      bundle: { n: 'bundle', d: 'bundles commits into a file', a: 'V W? V*', x: 'git-bundle' },
      'hash-object': { n: '', d: 'hashes (and with -w stores) files', o: '--path=V -t=V', a: 'R*' },
      'interpret-trailers stripspace': { n: '', d: 'message tools', o: '--in-place:inplace --trailer=V', a: 'R*/inplace=A' },
      worktree: {
        n: 'worktree',
        d: 'worktrees (remove --force is the rules’ business; add checks every tracked file out again)',
        o: '-b=V -B=V -f|--force --detach --checkout --no-checkout --lock --reason=V -q|--quiet --track --no-track --guess-remote --no-guess-remote --orphan -v|--verbose --expire=V --porcelain -z -n|--dry-run --relative-paths --no-relative-paths',
        x: 'git-worktree',
      },
      submodule: { n: 'submodule', d: 'submodules (foreach runs a command; deinit -f is the rules’ business)', x: 'git-submodule' },
      maintenance: { n: 'maintenance', d: 'background maintenance (start registers scheduled jobs)', x: 'git-maintenance' },
      config: { n: 'config', d: 'reads and writes configuration (keys that run commands are the rules’ business)', x: 'git-config' },
      'difftool mergetool': {
        n: '',
        d: 'runs a diff or merge tool',
        o: '-x|--extcmd=S -t|--tool=V -g|--gui -y|--no-prompt --prompt -d|--dir-diff --tool-help',
        x: 'git-difftool',
      },
      lfs: {
        n: 'lfs',
        d: 'Git LFS',
        sub: {
          'ls-files status pull fetch track untrack install uninstall push env version logs checkout fsck pointer prune dedup': { n: '', d: 'LFS', a: 'V*' },
        },
      },
      '': { n: '', d: 'git alone', a: '' },
    },
    ok: [
      'git status',
      'git log --oneline -20',
      'git diff --stat',
      'git add -A && git commit -m "wip"',
      'git show HEAD~1 --stat',
      'git blame src/app.ts',
      'git grep -n TODO -- src',
    ],
    eff: [
      'git am /tmp/p.mbox => read /tmp/p.mbox, write .',
      'git am --abort => !write .',
      'git show HEAD:.env => read .env',
      'git show :.env => read .env',
      'git cat-file -p HEAD:.env => read .env',
      'git diff HEAD -- .env => read .env',
      'git log -- tests/ => read tests/',
      'git grep KEY => read .',
      'git add .env => any .env',
      'git mv a.ts tests/a.ts => write tests/a.ts',
      'git rm tests/a.test.ts => delete tests/a.test.ts',
      'git rm --cached .env => !delete .env',
      'git config --file .git/config core.hooksPath x => write .git/config',
      'git stash push tests/ => write tests/',
      'git stash -- tests/a.test.ts => write tests/a.test.ts',
      'git stash list => !write .',
    ],
  },
  {
    n: 'gh',
    d: 'GitHub CLI (mutations of shared state are the rules’ business)',
    loose: true,
    o: '-R|--repo=V --hostname=V',
    x: 'gh',
    ok: ['gh release list', 'gh pr view 12', 'gh api repos/o/r/pulls', 'gh pr create --fill', 'gh run list', 'gh pr checks', 'gh auth status'],
    eff: ['gh gist create .env => read .env', 'gh api -F body=@.env repos/o/r/issues => read .env'],
  },
  { n: 'glab', d: 'GitLab CLI', loose: true, x: 'gh', ok: ['glab mr list'] },
  // ---- containers ----
  {
    n: 'docker podman nerdctl',
    d: 'containers (prunes, volume deletes, pushes and privileged runs are the rules’ business)',
    loose: true,
    noInherit: true,
    o: '-H|--host=V --context=V -c=V --config=X -D|--debug -l|--log-level=V --tls --tlsverify --tlscacert=R --tlscert=R --tlskey=R',
    sub: {
      'run create': {
        n: '',
        d: 'runs a container: -v/--mount name host paths, the command runs inside (the unwrapper)',
        posix: true,
        o: '-v|--volume=H --mount=V -e|--env=V --env-file=R -w|--workdir=V --entrypoint=V --name=V -p|--publish=V -P --network|--net=V --privileged --cap-add=V --cap-drop=V --device=V --security-opt=V --pid=V --ipc=V --uts=V --userns=V -u|--user=V --label-file=R -l|--label=V --cidfile=W --log-opt=V --log-driver=V --add-host=V --dns=V --tmpfs=V --volumes-from=V --platform=V --pull=V --restart=V --rm -i|--interactive -t|--tty -d|--detach --init --read-only -q|--quiet --gpus=V -m|--memory=V --cpus=V --shm-size=V --ulimit=V --sysctl=V --health-cmd=V --health-interval=V --stop-signal=V --stop-timeout=V --group-add=V -h|--hostname=V --expose=V --link=V --runtime=V --isolation=V --mac-address=V --ip=V --memory-swap=V --cpu-shares=V --cpuset-cpus=V --oom-kill-disable --detach-keys=V --sig-proxy[=V] -a|--attach=V --annotation=V --cgroupns=V --cgroup-parent=V --device-cgroup-rule=V --storage-opt=V --domainname=V --no-healthcheck',
        x: 'docker-run',
      },
      exec: {
        n: 'exec',
        d: 'runs a command in a container (the unwrapper)',
        posix: true,
        o: '-e|--env=V --env-file=R -w|--workdir=V -u|--user=V -i|--interactive -t|--tty -d|--detach --privileged --detach-keys=V',
        a: 'V V*',
      },
      build: {
        n: 'build',
        d: 'builds an image (the context goes to the daemon)',
        o: '-f|--file=X -t|--tag=V --build-arg=V --secret=V --ssh=V -o|--output=V --iidfile=W --metadata-file=W --cache-from=V --cache-to=V --target=V --platform=V --network=V --label=V --progress=V --builder=V --allow=V --build-context=V --add-host=V --shm-size=V --ulimit=V --no-cache --pull -q --push --load',
        x: 'docker-build',
      },
      cp: { n: 'cp', d: 'copies between a container and here', o: '-a|--archive -L|--follow-link -q|--quiet', x: 'docker-cp' },
      'ps images inspect logs stats top port version info events history search pull tag wait attach diff start stop restart kill pause unpause rename update commit':
        { n: '', d: 'containers and images', o: '-f|--filter|--format=V -n|--last=V --tail=V --since=V --until=V -s|--signal=V -t|--time=V', a: 'V*' },
      'rm rmi push': { n: '', d: 'removes containers and images, pushes images (the rules’ business)', a: 'V*' },
      save: { n: 'save', d: 'writes images to an archive', o: '-o|--output=W', a: 'V*' },
      load: { n: 'load', d: 'reads images from an archive', o: '-i|--input=R -q', a: '' },
      export: { n: 'export', d: 'writes a container file system', o: '-o|--output=W', a: 'V' },
      import: { n: 'import', d: 'makes an image from an archive', o: '-c|--change=V -m|--message=V --platform=V', a: 'R V?' },
      'login logout': {
        n: '',
        d: 'stores registry credentials in ~/.docker/config.json',
        o: '-u|--username=V -p|--password=V --password-stdin',
        x: 'docker-login',
      },
      compose: {
        n: 'compose',
        d: 'Compose (down -v and rm -v are the rules’ business)',
        runs: ['compose.yaml', 'compose.yml', 'docker-compose.yml', 'docker-compose.yaml', 'Dockerfile'],
        o: '-f|--file=X --env-file=R -p|--project-name=V --profile=V --project-directory=C --ansi=V --progress=V --parallel=V',
        sub: COMPOSE_VERBS,
      },
      'image container volume network system builder context manifest secret config service stack swarm node trust scout buildx sbom init plugin': {
        n: '',
        d: 'object commands (prune and rm are the rules’ business)',
        x: 'docker-objects',
      },
      '': { n: '', d: 'docker alone', a: '' },
    },
    ok: [
      'docker ps',
      'docker compose up -d',
      'docker run --rm alpine echo hello',
      'docker build -t api .',
      'docker logs api --tail 50',
      'docker run --rm -v "$PWD":/w node:20 npm test',
      'docker compose down',
    ],
    eff: [
      'docker cp .env app:/tmp/ => read .env',
      'docker run -v ~/.ssh:/k alpine ls => any /home/dev/.ssh',
      'docker run --mount type=bind,source=/,target=/h alpine ls => any /',
    ],
  },
  {
    n: 'docker-compose podman-compose',
    d: 'Compose v1',
    loose: true,
    runs: ['docker-compose.yml', 'docker-compose.yaml', 'compose.yml', 'Dockerfile'],
    o: '-f|--file=X --env-file=R -p|--project-name=V --project-directory=C',
    sub: COMPOSE_VERBS,
    ok: ['docker-compose up -d', 'docker-compose logs -f'],
  },
  { n: 'buildah crane dive hadolint-docker', d: 'image tools', loose: true, a: 'V*', ok: ['dive api:latest'] },
  {
    n: 'skopeo',
    d: 'copies images between transports (`dir:PATH`, `oci:PATH`, `*-archive:PATH` are folders and files here)',
    loose: true,
    o: '--authfile=R --src-authfile=R --dest-authfile=R --src-cert-dir=R --dest-cert-dir=R --cert-dir=R --src-creds|--dest-creds|--creds=V --override-os=V --override-arch=V --format|-f=V',
    a: 'V*',
    x: 'skopeo',
    ok: [
      'skopeo inspect docker://alpine',
      'skopeo inspect docker://alpine:3',
      'skopeo copy docker://alpine:3 dir:/tmp/alpine',
      'skopeo copy docker://a oci:/tmp/a:latest',
    ],
    eff: ['skopeo copy docker://x dir:tests => write tests', 'skopeo copy dir:secrets docker://r/x => read secrets'],
  },
  // ---- clusters ----
  {
    n: 'argocd',
    d: 'Argo CD (reads modelled; syncs, deletes and logins are not)',
    loose: true,
    o: '--server=V --grpc-web --insecure --plaintext --auth-token=V --config=R --core -o|--output=V',
    sub: {
      app: {
        n: 'app',
        d: 'applications',
        sub: { 'list get diff history manifests resources logs wait': { n: '', d: 'reads an application', a: 'V*' } },
      },
      'version context': { n: '', d: 'information', a: 'V?' },
    },
    ok: ['argocd app list', 'argocd app get api -o yaml', 'argocd version'],
  },
  {
    n: 'flux',
    d: 'Flux CD (reads modelled; reconcile, suspend, create, delete and bootstrap are not)',
    loose: true,
    o: '-n|--namespace=V -A|--all-namespaces --context=V --kubeconfig=X',
    sub: { 'get logs check version tree stats events trace diff': { n: '', d: 'reads cluster state', a: 'V*' } },
    ok: ['flux get all', 'flux get kustomizations -A', 'flux check'],
  },
  {
    n: 'kubectl oc k',
    d: 'Kubernetes (mutations are the rules’ business)',
    loose: true,
    o: '-n|--namespace=V --context=V --cluster=V --user=V --kubeconfig=X -s|--server=V --token=V --as=V --as-group=V --certificate-authority=R --client-certificate=R --client-key=R --insecure-skip-tls-verify --request-timeout=V -v=V',
    sub: {
      logs: {
        n: 'logs',
        d: "prints a pod's logs (-f follows them)",
        o: '-f|--follow -c|--container=V --tail=V --since=V --since-time=V -p|--previous --timestamps -l|--selector=V --all-containers --prefix --max-log-requests=V --ignore-errors',
        a: 'V*',
      },
      'get describe top explain api-resources api-versions version cluster-info diff wait events auth': {
        n: '',
        d: 'reads cluster state',
        o: '-f|--filename=R -k|--kustomize=T -o|--output=V -l|--selector=V -R|--recursive -w|--watch -A|--all-namespaces --show-labels --field-selector=V --sort-by=V -c|--container=V --tail=V --since=V -p|--previous --timestamps -L|--label-columns=V --for=V --timeout=V',
        // Resource kinds and names (`kubectl get secrets`), not paths: files come only through -f/-k.
        a: 'V*',
        x: 'kubectl-get',
      },
      'apply create replace patch edit scale autoscale set label annotate taint cordon uncordon drain delete rollout run expose certificate': {
        n: '',
        d: 'changes the cluster (the rules’ business)',
        o: '-f|--filename=R -k|--kustomize=T --from-file=R --from-env-file=R --from-literal=V -p|--patch=V --patch-file=R -o|--output=V --dry-run[=V] -l|--selector=V --image=V --replicas=V --type=V --overrides=V',
        a: 'V*',
      },
      'port-forward proxy': { n: '', d: 'forwards ports', a: 'V*' },
      'exec attach': { n: '', d: 'runs in a pod (the unwrapper)', o: '-c|--container=V -i|--stdin -t|--tty -q|--quiet', a: 'V*' },
      cp: { n: 'cp', d: 'copies between a pod and here', o: '-c|--container=V --retries=V --no-preserve', x: 'docker-cp' },
      config: { n: 'config', d: 'kubeconfig', x: 'kubectl-config' },
      kustomize: {
        n: 'kustomize',
        d: 'renders a kustomization (plugins run with --enable-alpha-plugins/--enable-exec)',
        o: '--enable-alpha-plugins:exec --enable-exec:exec --load-restrictor=V -o|--output=W --enable-helm --helm-command=X --enable-managedby-label',
        a: 'T?',
        x: 'kustomize',
      },
      'completion options plugin alpha': { n: '', d: 'tooling', a: 'V*' },
      '': { n: '', d: 'kubectl alone', a: '' },
    },
    ok: [
      'kubectl get pods -A',
      'kubectl logs deploy/api --tail=100',
      'kubectl logs deploy/api -f',
      'kubectl diff -f k8s/',
      'kubectl describe pod api-1',
      'kubectl config get-contexts',
      'kubectl rollout status deploy/api',
    ],
    eff: ['kubectl create secret generic x --from-file=.env => read .env', 'kubectl apply -f .env => read .env'],
  },
  {
    n: 'helm',
    d: 'Helm (install, upgrade, uninstall and rollback are the rules’ business)',
    loose: true,
    o: '--kubeconfig=X --kube-context=V -n|--namespace=V --registry-config=R --repository-config=R --repository-cache=W',
    sub: {
      'list ls status get history template lint show inspect search repo dependency dep package pull fetch verify version env completion install upgrade uninstall delete del rollback test push':
        {
          n: '',
          d: 'charts and releases',
          o: '-f|--values=R --set=V --set-string=V --set-file=F --set-json=V -o|--output=V --post-renderer=S -d|--destination=W --untardir=W --version=V --output-dir=W',
          a: 'V*',
        },
      'plugin registry create': { n: '', d: 'plugins and registries (plugins run code)', x: 'helm-misc' },
    },
    ok: ['helm list', 'helm template api ./chart', 'helm lint ./chart', 'helm status api'],
  },
  {
    n: 'kind minikube k3d eksctl microk8s skaffold tilt kubectx kubens k9s stern kubeseal',
    d: 'cluster tools (deletes are the rules’ business)',
    loose: true,
    a: 'V*',
    ok: ['kind get clusters', 'minikube status', 'kustomize build k8s/'],
  },
  {
    // Exec and legacy plugins (--enable-exec, --enable-alpha-plugins) are programs the kustomization's generators and
    // transformers name, run at build; LoadRestrictionsNone lets it read files outside its folder (handler: kustomize).
    n: 'kustomize',
    d: 'renders kustomizations (build reads the folder; edit changes kustomization.yaml)',
    loose: true,
    sub: {
      build: {
        n: 'build',
        d: 'renders a kustomization',
        o: '--enable-alpha-plugins|--enable_alpha_plugins:exec --enable-exec:exec --load-restrictor|--load_restrictor=V -o|--output=W --enable-helm --helm-command=X --enable-managedby-label --mount=V --network --network-name=V -e|--env=V --as-current-user --reorder=V',
        a: 'R?',
        x: 'kustomize',
      },
      'edit create cfg fn localize version completion help': { n: '', d: 'edits or prints kustomizations', a: '?*' },
    },
    ok: ['kustomize build k8s/', 'kustomize build overlays/prod -o out.yaml', 'kustomize version'],
  },
  // ---- message queues and streams ----
  {
    n: 'kafka-topics kafka-topics.sh kafka-console-consumer kafka-console-consumer.sh kafka-consumer-groups kafka-consumer-groups.sh kafka-configs kafka-configs.sh kafka-console-producer kafka-console-producer.sh kafka-delete-records kafka-delete-records.sh kafka-acls kafka-acls.sh kcat kafkacat rabbitmqctl rabbitmqadmin rabbitmq-plugins nats pulsar-admin pulsarctl mosquitto_pub mosquitto_sub rq',
    d: 'message queues and streams: listing and consuming are reads; deletes, purges, offset resets, config changes and producing to another machine are the rules’ business (mq.destroy)',
    loose: true,
    a: 'V*',
    ok: [
      'kafka-topics --list --bootstrap-server localhost:9092',
      'kafka-console-consumer --topic orders --from-beginning --bootstrap-server localhost:9092',
      'rabbitmqctl list_queues',
      'nats stream ls',
      'kcat -b localhost:9092 -L',
    ],
  },
  // ---- object stores ----
  {
    n: 'rclone s3cmd mc s5cmd azcopy b2',
    d: 'object-store clients: listings and reads run; anything that writes, moves or deletes objects (or prints the stored remotes’ keys) is the rules’ business (cloud.object-store)',
    loose: true,
    a: 'V*',
    ok: [
      'rclone ls remote:bucket',
      'rclone lsd remote:',
      's3cmd ls s3://bucket',
      'mc ls myminio/bucket',
      's5cmd ls s3://bucket/*',
      'azcopy list https://acct.blob.core.windows.net/c',
    ],
  },
  // ---- infrastructure as code ----
  {
    n: 'terraform tofu terragrunt tf',
    d: 'Terraform (apply/destroy/import/state changes are the rules’ business)',
    x: 'terraform',
    ok: ['terraform plan', 'terraform validate', 'terraform plan -destroy -out=destroy.tfplan', 'terraform show', 'terraform init', 'terraform fmt -check'],
  },
  {
    n: 'pulumi cdk cdktf sst sam serverless sls',
    d: 'infrastructure tools (deploys are the rules’ business)',
    loose: true,
    a: 'V*',
    ok: ['pulumi preview', 'cdk diff', 'cdk synth'],
  },
  {
    n: 'packer vagrant ansible ansible-playbook ansible-galaxy ansible-inventory ansible-lint',
    d: 'provisioning (runs on remote hosts are the rules’ business)',
    loose: true,
    o: '-i|--inventory=V -e|--extra-vars=V --vault-password-file=R --private-key=R -l|--limit=V -t|--tags=V',
    a: 'V*',
    ok: ['ansible-playbook site.yml --check', 'ansible-lint', 'packer validate .'],
  },
  // ---- cloud CLIs ----
  {
    n: 'aws',
    d: 'AWS CLI: describe/list/get are reads; other operations are the rules’ business; operations that print credentials are asked',
    loose: true,
    x: 'aws',
    ok: ['aws s3 ls', 'aws sts get-caller-identity', 'aws ec2 describe-instances', 'aws s3 cp s3://b/x.csv /tmp/report.csv', 'aws logs tail /aws/lambda/x'],
    eff: ['aws s3 cp .env s3://b/ => read .env', 'aws lambda invoke --payload file://.env out.json => read .env'],
  },
  {
    n: 'gcloud gsutil az doctl hcloud linode-cli oci ibmcloud scw exo upctl vultr-cli civo flyctl fly heroku vercel netlify firebase wrangler railway render surge amplify eb expo eas supabase neonctl planetscale pscale turso',
    d: 'cloud and hosting CLIs: list/describe/show/get are reads, mutations are the rules’ business, anything else is asked',
    loose: true,
    x: 'cloud',
    ok: [
      'gcloud config list',
      'az account show',
      'gcloud compute instances list',
      'az vm list',
      'vercel ls',
      'fly status',
      'heroku logs --tail',
      'netlify status',
      'wrangler dev',
    ],
  },
];
