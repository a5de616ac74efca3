// The path rules applied to what a command does: the same rules as the file tools inside the workspace, and
// outside it the command policy below. Pure: the filesystem comes in through the probe.
//
// - A word that names a path where the program's reading of it is not known (`any`) counts as every access:
//   a path no one may read is refused, a path with some operations denied is asked about.
// - A recursive access (grep -r, cp -r, tar -c, rsync) reaches what is under the directory: the files on disk
//   when there is a disk, and otherwise every protected path a rule anchors under it.
// - A glob names what it matches on disk (bash's rules: `*` does not match a leading dot) and whatever
//   protected path it could match.
// - Outside the workspace: credential stores (`~/.ssh`, `~/.aws`, …, `/etc/shadow`, `/proc/*/environ`) are
//   no-access; other paths may be read (toolchains, system files, docs); writes, deletes and renames are
//   allowed in scratch space (`/tmp`, `/var/tmp`, `/dev/null`, `/dev/stdout`…) and otherwise get the policy's
//   `outsideWorkspace` decision.
import type { PathGuard } from '../paths/guard';
import { collapse, isWithin, normalizePath, relativeTo, type PathContext } from '../paths/normalize';
import { resolvePhysical, type FsProbe } from '../paths/resolve';
import type { PathRule } from '../policy/types';
import { severity, verdict, type Decision, type PathOp, type Verdict } from '../types';
import { isCredential, SCRATCH_ROOT } from './fsfacts';
import { credentialEntry, parseGitConfig, shownKey } from './rules/gitcreds';
import type { Narrow, PathEffect } from './types';

/** Credential stores under the home folder: no command may touch them in any way (by default). */
export const HOME_CREDENTIAL_STORES = [
  '.ssh',
  '.aws',
  '.azure',
  '.config/gcloud',
  '.kube',
  '.docker/config.json',
  '.npmrc',
  '.yarnrc.yml',
  '.netrc',
  '.git-credentials',
  '.config/git/credentials',
  '.pgpass',
  '.my.cnf',
  '.gnupg',
  '.password-store',
  '.local/share/keyrings',
  '.config/gh',
  '.config/hub',
  '.config/glab-cli',
  '.pypirc',
  '.gem/credentials',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.terraform.d/credentials.tfrc.json',
  '.vault-token',
  '.boto',
  '.s3cfg',
  '.config/rclone',
  '.config/op',
  '.config/doppler',
  '.config/heroku',
  '.config/netlify',
  '.config/vercel',
  '.netlify',
  '.vercel',
  '.fly',
  '.config/configstore',
  '.config/sops',
  '.config/age',
  '.bash_history',
  '.zsh_history',
  '.python_history',
  '.psql_history',
  '.mysql_history',
  '.node_repl_history',
  '.sqlite_history',
  '.rediscli_history',
  '.lesshst',
  'Library/Keychains',
  // The agents' own logins: a token here drives the agent (or another) with the user's account.
  '.claude/.credentials.json',
  '.codex/auth.json',
  '.gemini/oauth_creds.json',
  '.config/github-copilot',
  '.continue/config.json',
  '.cache/huggingface/token',
  '.huggingface/token',
  // Build tools' and clouds' credentials.
  '.m2/settings.xml',
  // pip's own configuration holds index URLs with their logins (`index-url = https://user:pass@host/simple`).
  '.pip/pip.conf',
  '.config/pip/pip.conf',
  '.msmtprc',
  '.smbcredentials',
  '.fetchmailrc',
  '.m2/settings-security.xml',
  '.gradle/gradle.properties',
  '.ivy2/.credentials',
  '.sbt/.credentials',
  '.composer/auth.json',
  '.config/composer/auth.json',
  '.nuget/NuGet/NuGet.Config',
  '.config/NuGet/NuGet.Config',
  '.yarnrc',
  '.config/doctl',
  '.cloudflared',
  '.terraformrc',
  '.pulumi/credentials.json',
  '.databrickscfg',
  '.oci',
  '.config/hcloud',
  '.config/linode-cli',
  '.config/ngrok',
  '.config/stripe',
  '.config/containers/auth.json',
  '.kaggle/kaggle.json',
  '.sentryclirc',
  '.wrangler',
  '.config/.wrangler',
  // Password managers and browser profiles (saved logins, cookies).
  '.config/Bitwarden CLI',
  '.lastpass',
  '.config/lpass',
  '.local/share/lpass',
  '.mozilla',
  '.thunderbird',
  '.config/google-chrome',
  '.config/chromium',
  '.config/BraveSoftware',
  '.config/microsoft-edge',
  '.config/vivaldi',
  '.pki',
  'Library/Application Support/Google/Chrome',
  'Library/Application Support/Firefox',
  'Library/Cookies',
  // Every shell's and REPL's history (commands typed with passwords and tokens in them).
  '.local/share/fish/fish_history',
  '.config/fish/fish_history',
  '.sh_history',
  '.ksh_history',
  '.ash_history',
  '.history',
  '.zhistory',
  '.zsh_sessions',
  '.bash_sessions',
  '.irb_history',
  '.pry_history',
  '.dbshell',
  '.mongosh',
  '.Rhistory',
  '.viminfo',
];

/**
 * Hidden folders and files of the home folder that are toolchains, caches and editors' plain settings: a
 * command may read them (run a tool from `~/.cargo/bin`, source `~/.nvm/nvm.sh`). Any other hidden entry of
 * the home folder is where a program keeps its login, its history or its user's settings — the list above
 * can never be complete, so a read there gets the policy's `outsideWorkspace` decision, not a free pass.
 */
export const HOME_READABLE = [
  '.cache',
  '.npm',
  '.nvm',
  '.node-gyp',
  '.pnpm-store',
  '.bun',
  '.deno',
  '.volta',
  '.fnm',
  '.nodenv',
  '.cargo/bin',
  '.cargo/env',
  '.cargo/registry',
  '.cargo/git',
  '.rustup',
  '.pyenv',
  '.rbenv',
  '.goenv',
  '.jenv',
  '.asdf',
  '.sdkman',
  '.local/bin',
  '.local/lib',
  '.local/include',
  '.local/pipx',
  '.local/share/pnpm',
  '.local/share/virtualenvs',
  '.local/share/mise',
  '.local/share/fnm',
  '.virtualenvs',
  '.conda/pkgs',
  '.conda/envs',
  '.m2/repository',
  '.gradle/caches',
  '.gradle/wrapper',
  '.ivy2/cache',
  '.nuget/packages',
  '.dotnet',
  '.pub-cache',
  '.gem/ruby',
  '.gem/specs',
  '.terraform.d/plugins',
  '.tflint.d',
  '.vscode/extensions',
  '.vscode-server/bin',
  '.vscode-server/extensions',
  '.oh-my-zsh',
  '.gitconfig',
  '.gitignore_global',
  '.config/git/ignore',
  '.editorconfig',
  '.vimrc',
  '.tmux.conf',
  '.inputrc',
];

/** System paths that hold secrets. */
const SYSTEM_SECRETS = [
  /^\/etc\/(shadow|gshadow|sudoers)(-|\.d)?(\/|$)/,
  /^\/etc\/ssl\/private(\/|$)/,
  /^\/etc\/ssh\/ssh_host_[^/]*_key$/,
  /^\/root(\/|$)/,
  // A thread's view (`/proc/self/task/N/environ`) is the process's.
  /^\/proc\/[^/]+\/(task\/[^/]+\/)?(environ|mem|maps|auxv)$/,
  /^\/(var\/)?run\/secrets(\/|$)/,
  // A GitHub Actions self-hosted runner's registration and its RSA key (`.credentials`, `.credentials_rsaparams`),
  // wherever the runner is unpacked; cloud-init's user data (it carries bootstrap passwords and tokens); pip's
  // site-wide configuration (index URLs with logins).
  /(^|\/)actions-runner\/\.(credentials|runner)[^/]*$/,
  /^\/var\/lib\/cloud\/(instance|instances\/[^/]+)\/(user-data|vendor-data)[^/]*$/,
  /^\/etc\/(pip\.conf|xdg\/pip\/pip\.conf)$/,
  // Services whose own configuration holds their credentials by design (an API key, a database or admin password,
  // a registry login, an agent token): read whole, they print it. Their other files stay readable.
  /^\/etc\/(npmrc|boto\.cfg|ssmtp\/ssmtp\.conf|fetchmailrc|docker\/key\.json|rclone\/rclone\.conf|dovecot\/users|pgbouncer\/userlist\.txt)$/,
  /^\/usr\/local\/etc\/npmrc$/,
  /^\/etc\/(datadog-agent\/datadog\.yaml|redis\/redis\.conf|redis\.conf|grafana\/grafana\.ini|mysql\/my\.cnf|newrelic-infra\.yml|telegraf\/telegraf\.conf|containerd\/config\.toml)$/,
  /^\/etc\/(buildkite-agent|vault\.d|consul\.d|nomad\.d|netplan|cloud\/cloud\.cfg\.d)\/[^/]+$/,
  /^\/etc\/zabbix\/zabbix_[a-z]+\.conf$/,
  /^\/etc\/sysconfig\/network-scripts\/(ifcfg|keys)-[^/]+$/,
  /^\/var\/lib\/waagent\/ovf-env\.xml$/,
  /^\/dev\/(k?mem|port)$/,
  /^\/proc\/kcore$/,
  // Cluster credentials a node keeps: kubeadm's admin and component kubeconfigs, the cluster CA and component keys,
  // the kubelet's client certificate, k3s/rke2 kubeconfigs and join tokens, etcd's data (every Secret in clear).
  /^\/etc\/kubernetes\/([^/]+\.conf|pki(\/|$))/,
  /^\/var\/lib\/kubelet\/(pki(\/|$)|kubeconfig)/,
  /^\/etc\/rancher\/(k3s|rke2)(\/|$)/,
  /^\/var\/lib\/rancher\/(k3s|rke2)\/(server|agent)(\/|$)/,
  /^\/var\/lib\/etcd(\/|$)/,
  // Network and service passwords: Wi-Fi/VPN profiles, PPP secrets, Kerberos keytabs, TLS keys of the host,
  // MySQL's maintenance login, old password hashes, other containers' data and configuration (their environment).
  /^\/etc\/NetworkManager\/system-connections(\/|$)/,
  /^\/etc\/wpa_supplicant(\/|$)/,
  /^\/etc\/ppp\/[^/]*secrets$/,
  /\.keytab$/,
  /^\/etc\/letsencrypt\/(live|archive|keys|accounts)(\/|$)/,
  /^\/etc\/mysql\/debian\.cnf$/,
  /^\/etc\/security\/opasswd$/,
  /^\/var\/lib\/docker\/(volumes|containers|swarm|secrets)(\/|$)/,
  // VPN and tunnel keys (WireGuard's PrivateKey sits in wg0.conf itself; OpenVPN keeps keys, auth files and inline
  // <key> blocks under /etc/openvpn), backup copies of the password hashes, CI runner and storage cluster tokens,
  // mail relay and SMB/CIFS passwords, the host's TLS private keys on Red Hat systems, apt's repository logins,
  // the registry logins of podman/buildah kept in the runtime folder.
  /^\/etc\/wireguard(\/|$)/,
  /^\/etc\/openvpn(\/|$)/,
  /^\/var\/backups\/[^/]*shadow[^/]*$/,
  /^\/etc\/gitlab-runner(\/|$)/,
  /^\/etc\/ceph\/[^/]*\.keyring$/,
  /^\/etc\/(msmtprc|ipsec\.secrets|cifs[^/]*|smbcredentials[^/]*)$/,
  /^\/etc\/samba\/[^/]*(cred|secret|passdb|\.tdb$)[^/]*$/,
  /^\/etc\/pki\/(tls|CA)\/private(\/|$)/,
  /^\/etc\/apt\/auth\.conf(\.d(\/|$)|$)/,
  /^\/etc\/(postfix\/sasl_passwd|exim4\/passwd\.client|mail\/sasl_passwd)[^/]*$/,
  /^\/(var\/)?run\/(user\/\d+\/)?containers(\/\d+)?\/auth\.json$/,
];

/** Scratch space a command may write and delete in. */
const SCRATCH = [SCRATCH_ROOT, /^\/dev\/(null|stdout|stderr|tty|zero|random|urandom|fd\/\d+)$/, /^\/proc\/self\/fd\/\d+$/];

/** The credential store a path is in, when it is in one. */
/**
 * Another account's home folder a path lies in (`/root`, `/home/bob`, `/Users/bob`): its credential stores are
 * as secret as the user's own. Threat: `cat /root/.aws/credentials`, `cat /home/<any>/.ssh/id_<any> (a glob)`, `cat ~bob/.netrc`.
 */
const OTHER_HOME = /^(\/root|\/var\/root|\/(?:home|Users)\/[^/]+)(?=\/|$)/;

export function credentialStore(abs: string, home: string): string | undefined {
  const p = collapse(abs);
  if (p === '/etc/passwd' || p === '/etc/group') return undefined; // account names, no secrets
  const h = collapse(home);
  if (isWithin(h, p) && p !== h) {
    const rel = p.slice(h === '/' ? 1 : h.length + 1);
    for (const s of HOME_CREDENTIAL_STORES) if (rel === s || rel.startsWith(s + '/')) return `~/${s}`;
  }
  const o = OTHER_HOME.exec(p)?.[1];
  if (o !== undefined && o !== h && p !== o) {
    const rel = p.slice(o.length + 1);
    for (const s of HOME_CREDENTIAL_STORES) if (rel === s || rel.startsWith(s + '/')) return `${o}/${s}`;
  }
  for (const r of SYSTEM_SECRETS) if (r.test(p)) return p;
  if (isCredential(p)) return p;
  return undefined;
}

/**
 * A write that creates a file named like a credential (`openssl req -newkey … -keyout /tmp/k.key`, `openssl genrsa
 * -out /tmp/ca.key`) where nothing is on disk now, outside every credential store: a new file nobody had holds no
 * one's secret, so it is judged as any write there. Only by its own name (`*.key`, `*.pem`, `id_rsa*`): a file under a
 * store (`~/.ssh/new`), a system secret, or one that exists (overwriting a key is changing it) stays refused, as
 * does any write when the disk cannot be asked.
 */
function newKeyFile(abs: string, store: string, j: JudgeEnv): boolean {
  const p = collapse(abs);
  if (!j.onDisk || store !== p || !isCredential(p) || SYSTEM_SECRETS.some((r) => r.test(p))) return false;
  try {
    return j.probe.lstat(p) === undefined;
  } catch {
    return false;
  }
}

/** `~/.ssh/<name>.pub`: the public half of a key pair. */
function publicSshKey(abs: string, home: string): boolean {
  if (!abs.endsWith('.pub')) return false;
  const p = collapse(abs);
  const dir = collapse(home) + '/.ssh/';
  return p.startsWith(dir) && !p.slice(dir.length).includes('/') && p.length > dir.length + 4;
}

/** The hidden entry of the home folder a path is in (`~/.claude`), unless it is a toolchain or cache folder. */
export function homeHidden(abs: string, home: string): string | undefined {
  const p = collapse(abs);
  const h = collapse(home);
  const own = h !== '/' && isWithin(h, p) && p !== h;
  const o = own ? undefined : OTHER_HOME.exec(p)?.[1];
  if (!own && (o === undefined || p === o)) return undefined;
  const rel = p.slice((own ? h : o!).length + 1);
  if (rel[0] !== '.') return undefined;
  for (const s of HOME_READABLE) if (rel === s || rel.startsWith(s + '/')) return undefined;
  const slash = rel.indexOf('/');
  return `${own ? '~' : o}/${slash < 0 ? rel : rel.slice(0, slash)}`;
}

/** Credential stores (and system secrets) under a directory (`grep -r x ~`, `tar c /etc`). */
function storesUnder(dir: string, home: string): string | undefined {
  const d = collapse(dir);
  const h = collapse(home);
  for (const s of HOME_CREDENTIAL_STORES) {
    const abs = h + '/' + s;
    if (isWithin(d, abs) && d !== abs) return `~/${s}`;
  }
  for (const sys of ['/etc/shadow', '/etc/ssl/private', '/root', '/run/secrets', '/var/run/secrets', '/proc/self/environ'])
    if (isWithin(d, sys) && d !== sys) return sys;
  // The folders of every account's home (`grep -r key /home`), or another account's home itself.
  if (d === '/home' || d === '/Users') return `${d}/*/.ssh`;
  const o = OTHER_HOME.exec(d)?.[1];
  if (o === d && o !== h) return `${o}/.ssh`;
  return undefined;
}

export function isScratch(abs: string): boolean {
  const p = collapse(abs);
  return SCRATCH.some((r) => r.test(p));
}

export interface JudgeEnv {
  guard: PathGuard;
  rules: readonly PathRule[];
  /** The policy's decision for writes outside the workspace. */
  outside: Decision;
  ctx: PathContext;
  probe: FsProbe;
  /** The workspace exists on this disk (the probe describes it). */
  onDisk: boolean;
}

const ALLOW: Verdict = { decision: 'allow', rule: 'path:default', reason: 'no rule protects this path' };
const MAX_WALK = 20_000;
const MAX_GLOB = 2_000;

function worse(a: Verdict | undefined, b: Verdict | undefined): Verdict | undefined {
  if (!a) return b;
  if (!b) return a;
  return severity(b.decision) > severity(a.decision) ? b : a;
}

/** The worst verdict the path rules give a command's path effects (allow when none speaks). */
export function judgeEffects(effects: readonly PathEffect[], j: JudgeEnv): Verdict {
  let worst: Verdict | undefined;
  const cache = new Map<string, Verdict>();
  for (const e of effects) {
    const key = `${e.op}\0${e.path}\0${e.recursive ?? false}\0${e.glob ?? false}\0${e.into ?? false}\0${e.names?.join(',') ?? ''}\0${e.history ?? false}\0${e.exec ?? false}\0${e.reports ?? false}\0${e.dotglob ?? false}\0${e.nocase ?? false}${e.narrow === undefined ? '' : narrowKey(e.narrow)}`;
    let v = cache.get(key);
    if (v === undefined) {
      v = judgeEffect(e, j);
      cache.set(key, v);
    }
    if (v.decision !== 'allow') {
      const w = { ...v, subcommand: e.subcommand, reason: `\`${e.subcommand.split('\n')[0].slice(0, 100)}\` ${VERB[e.op]} ${e.path}: ${v.reason}` };
      worst = worse(worst, w);
      if (worst?.decision === 'deny') return worst;
    }
  }
  return worst ?? ALLOW;
}

/**
 * A working tree rewritten to another commit (`git checkout feature`, a merge, a cherry-pick): every file the two
 * trees differ in is written or deleted, as the probe lists them. A list the probe cannot make (an unknown
 * revision, no repository, no probe) is asked: what the tree becomes is not known.
 */
function judgeTreeChange(e: PathEffect, abs: string, j: JudgeEnv): Verdict {
  const range = e.narrow?.range;
  let files: readonly string[] | undefined;
  if (range !== undefined && j.probe.gitRange !== undefined)
    try {
      files = j.probe.gitRange(abs, range.kind, range.args);
    } catch {
      files = undefined;
    }
  // `git checkout feature` with no local `feature`: git starts it from the one remote's branch of that name; with
  // nothing of that name anywhere git refuses the switch, and nothing is rewritten.
  const to = range?.kind === 'diff' && range.args.length === 2 ? range.args[1]! : undefined;
  if (files === undefined && to !== undefined && j.probe.gitRevFor !== undefined && j.probe.gitRange !== undefined) {
    let rev: string | null | undefined;
    try {
      rev = j.probe.gitRevFor(abs, to);
    } catch {
      rev = undefined;
    }
    // FETCH_HEAD is whatever the last fetch brought, from any repository: one the guard cannot list is asked.
    if (rev === null && !/^FETCH_HEAD$/i.test(to)) return ALLOW;
    if (typeof rev === 'string' && rev !== to)
      try {
        files = j.probe.gitRange(abs, 'diff', [range!.args[0]!, rev]);
      } catch {
        files = undefined;
      }
  }
  if (files === undefined)
    return verdict(
      'ask',
      'path:unlisted-tree',
      `${e.subcommand} rewrites the files that differ from ${range?.args.join(' and ') ?? 'another commit'}, which the guard could not list`,
    );
  let worst: Verdict | undefined;
  const ws = j.ctx.workspace;
  for (const f of files)
    for (const op of ['write', 'delete'] as const) {
      const v = isWithin(ws, f) ? j.guard.matchRelative(relativeTo(ws, f), op) : outside(op, f, j);
      if (!v || v.decision === 'allow') continue;
      if (!worst || severity(v.decision) > severity(worst.decision))
        worst = { ...v, reason: `${e.subcommand} rewrites ${isWithin(ws, f) ? relativeTo(ws, f) : f}: ${v.reason}` };
    }
  return worst ?? ALLOW;
}

const VERB: Record<PathEffect['op'], string> = { read: 'reads', write: 'writes', delete: 'deletes', rename: 'moves', any: 'names' };

function judgeEffect(e: PathEffect, j: JudgeEnv): Verdict {
  if (e.history) return judgeHistory(e, j);
  // A pattern that runs what it matches (`python3 /tmp/*.py`, `pip install /tmp/*.whl`): what it can match runs,
  // so it is judged as a run of its literal folder as well as by what it matches.
  if (e.glob) {
    const g = judgeGlob(e, j);
    return e.exec && g.decision === 'allow' ? judgeRun(e, literalPrefix(e.path.replace(/\/+/g, '/')), g, j) : g;
  }
  return judgeRun(e, e.path, judgePath(e, e.path, j), j);
}

/** A run of code at `path` (an exec effect) that the path rules allow: from outside the workspace it is unseen code. */
function judgeRun(e: PathEffect, path: string, v: Verdict, j: JudgeEnv): Verdict {
  if (!e.exec || v.decision !== 'allow' || isWithin(j.ctx.workspace, collapse(path))) return v;
  // A program or script run from scratch space: nobody reviewed it (a line that writes it there and runs it
  // with text the line shows is judged by that text instead).
  if (isScratch(path) && !isWithin(collapse(j.ctx.home), collapse(path)))
    return verdict('ask', 'exec:scratch-program', `${e.path} is a program from scratch space the guard has not seen`);
  // Code, a recipe or a configuration a runner executes from anywhere else outside the workspace (`make -f
  // /opt/mk`, `pytest /srv/t`, `docker compose -f /opt/c.yml up`, `python ~/x.py`): nobody reviewed it either.
  // Installed code is the system's and the toolchains' (`/usr`, `~/.nvm`, `~/.cargo/env`); the line's own pipes
  // (`/dev/stdin`, `/proc/self/fd/N`) are judged as the input they are.
  if (!installedCode(path, j.ctx.home))
    return verdict('ask', 'exec:outside-program', `${e.path} is code outside the workspace that the guard has not seen, run by the command`);
  return v;
}

/** System folders, package managers' prefixes and the line's own pipes: what runs from there is installed code. */
const SYSTEM_CODE = /^\/(usr|bin|sbin|lib|lib32|lib64|libx32|libexec|etc|nix|snap|opt\/homebrew|Library|System|Applications|dev|proc\/self\/fd)(\/|$)/;

/** Installed code outside the workspace: the system's, or a toolchain's in the home folder (HOME_READABLE). */
function installedCode(abs: string, home: string): boolean {
  const p = collapse(abs);
  if (SYSTEM_CODE.test(p)) return true;
  const h = collapse(home);
  if (h === '/' || !isWithin(h, p) || p === h) return false;
  const rel = p.slice(h.length + 1);
  return HOME_READABLE.some((s) => rel === s || rel.startsWith(s + '/'));
}

/** Verdicts of a tracked-file list under one path guard (the list is the probe's, kept while the index is unchanged). */
const HISTORY_CACHE = new WeakMap<readonly string[], WeakMap<PathGuard, Verdict>>();

/**
 * What a repository's commits hold (`git log -p`, `git show HEAD~1`, `git archive HEAD`): every file tracked
 * now or committed before, as the probe lists them. A `.env` committed by mistake and deleted since is still
 * printed by `git log -p`. Without that list, everything under the repository on disk counts (fail closed).
 */
function judgeHistory(e: PathEffect, j: JudgeEnv): Verdict {
  const n = normalizePath(e.path, j.ctx, j.guard.shortNameAliases);
  if (!n.ok) return verdict('deny', 'path:invalid', `refused path ${JSON.stringify(e.path)}: ${n.reason}`);
  if (e.op === 'write') return judgeTreeChange(e, n.abs, j);
  let tracked: readonly string[] | undefined;
  // A known commit range: the files those commits change (the probe asks git); otherwise every file ever committed.
  const range = e.narrow?.range;
  let ranged = false;
  if (range !== undefined && j.probe.gitRange !== undefined) {
    try {
      tracked = j.probe.gitRange(n.abs, range.kind, range.args);
      ranged = tracked !== undefined;
    } catch {
      tracked = undefined;
    }
  }
  if (!ranged)
    try {
      tracked = j.probe.gitTracked?.(n.abs);
    } catch {
      tracked = undefined;
    }
  // The path itself (a repository in a credential store is refused as any read of it would be).
  const self = ops('read', n.abs, j);
  if (self.decision !== 'allow') return self;
  if (tracked === undefined) {
    const v = judgePath({ ...e, history: false, recursive: true }, e.path, j);
    return v.decision === 'allow' ? v : { ...v, reason: `its commits may hold what the folder holds: ${v.reason}` };
  }
  // A pathspec (`git log -p -- src`) narrows the history to what is under it; no pathspec is the whole repository.
  const scope = e.recursive ? n.abs : undefined;
  let byGuard = scope === undefined && !ranged ? HISTORY_CACHE.get(tracked) : undefined;
  const hit = byGuard?.get(j.guard);
  if (hit) return hit;
  let worst: Verdict | undefined;
  const ws = j.ctx.workspace;
  for (const abs of tracked) {
    if (scope !== undefined && !isWithin(scope, abs)) continue;
    const v = isWithin(ws, abs) ? j.guard.matchRelative(relativeTo(ws, abs), 'read') : outside('read', abs, j);
    if (!v || v.decision === 'allow') continue;
    if (!worst || severity(v.decision) > severity(worst.decision))
      worst = { ...v, reason: `the repository's commits hold ${isWithin(ws, abs) ? relativeTo(ws, abs) : abs}, and ${v.reason}` };
    if (worst.decision === 'deny') break;
  }
  const v = worst ?? ALLOW;
  if (scope !== undefined || ranged) return v;
  if (!byGuard) HISTORY_CACHE.set(tracked, (byGuard = new WeakMap()));
  byGuard.set(j.guard, v);
  return v;
}

/** One concrete path: the path itself, then (recursive) what is under it. */
function judgePath(e: PathEffect, path: string, j: JudgeEnv): Verdict {
  const n = normalizePath(path, j.ctx, j.guard.shortNameAliases);
  if (!n.ok) {
    // A word that merely names something (a revision, a URL, `a:b`) is no path to judge.
    if (e.op === 'any') return ALLOW;
    return verdict('deny', 'path:invalid', `refused path ${JSON.stringify(path)}: ${n.reason}`);
  }
  // Reading a directory without descending reads nothing (`cat *` meeting `secrets/`: cat refuses a directory).
  if (e.op === 'read' && !e.recursive && !e.into && isWithin(j.ctx.workspace, n.abs)) {
    const phys = resolvePhysical(n.physicalInput, j.probe, true);
    if (phys.ok && phys.info?.kind === 'dir') return ALLOW;
  }
  // A change of a tree narrowed to some names (`find . -name '*.log' -delete`, a formatter's languages) does
  // not change the folder itself: only what matches under it is judged.
  // A file named outright is not a folder: `prettier --write tests/a.test.ts` rewrites that file whatever its
  // extension, so the narrowing applies only to a path that is a directory on disk.
  let v =
    e.names && e.recursive && e.op !== 'read' && e.op !== 'any' && namesFolder(e.names, n.physicalInput, j) ? ALLOW : ops(e.op, n.abs, j, n.physicalInput);
  if (v.decision === 'deny') return v;
  if (e.recursive || e.into) v = worse(v, judgeTree(e, n.abs, n.physicalInput, j)) ?? v;
  return v;
}

/** The path is a folder (on disk; without a disk, when its name is not one of the names the tool works on). */
function namesFolder(names: string[], physicalInput: string, j: JudgeEnv): boolean {
  if (!j.onDisk) {
    const base = physicalInput.slice(physicalInput.lastIndexOf('/') + 1);
    return !names.some((g) => nameMatch(g, base));
  }
  const phys = resolvePhysical(physicalInput, j.probe, true);
  return phys.ok && phys.info?.kind === 'dir';
}

/** An op on one normalized path; `any` is every op (no-access → deny, some ops denied → ask). */
function ops(op: PathEffect['op'], abs: string, j: JudgeEnv, physIn = abs): Verdict {
  if (op !== 'any') return onePath(op, abs, j, physIn);
  // A bare word of an unmodelled program that names nothing on disk (`python3 manage.py test`, `cargo xtask
  // build`) is a verb, not a path: there is nothing to read, and a file it might create is no protected one's
  // loss. Words with a folder (`tests/new.test.ts`) or a leading dot (`.env`) are still judged.
  if (j.onDisk && bareAbsent(abs, j)) return ALLOW;
  const r = onePath('read', abs, j, physIn);
  if (r.decision === 'deny') return r;
  let w: Verdict = r;
  // Named: it may be read or changed (a delete of a file is a change; a directory's tree is not reached).
  const x = onePath('write', abs, j, physIn);
  if (x.decision !== 'allow' && severity(x.decision) > severity(w.decision)) w = x;
  if (w.decision === 'deny') return { ...w, decision: 'ask', reason: `the command may change it, and ${w.reason}` };
  return w;
}

function bareAbsent(abs: string, j: JudgeEnv): boolean {
  const slash = abs.lastIndexOf('/');
  const cwd = (j.ctx.cwd ?? j.ctx.workspace).replace(/\/+$/, '');
  if (slash <= 0 || abs.slice(0, slash) !== cwd || abs.charCodeAt(slash + 1) === 46 /* . */) return false;
  try {
    return j.probe.lstat(abs) === undefined;
  } catch {
    return false;
  }
}

/**
 * `physIn` is the path as written, `..` kept: the kernel applies `..` after following a link (`sshdir/../.npmrc`
 * with `sshdir -> ~/.ssh` is `~/.npmrc`), so the path is judged where the disk resolves it as well as lexically.
 */
function onePath(op: PathOp, abs: string, j: JudgeEnv, physIn = abs): Verdict {
  const ws = j.ctx.workspace;
  if (isWithin(ws, abs)) {
    const v = j.guard.decide(op, physIn, j.ctx, j.probe);
    return op === 'read' && v.decision === 'allow' ? (gitConfigCredential(abs, j) ?? v) : v;
  }
  // Outside: the lexical path, and where it resolves (a link in /tmp can point into the workspace).
  let v = outside(op, abs, j);
  if (v.decision === 'deny') return v;
  const phys = resolvePhysical(physIn, j.probe, op === 'read' || op === 'write');
  if (!phys.ok) return verdict('deny', 'path:unresolvable', `refused ${abs}: ${phys.reason}`);
  if (phys.path !== abs) {
    const pv = isWithin(ws, phys.path) ? j.guard.decide(op, phys.path, j.ctx, j.probe) : outside(op, phys.path, j);
    if (pv.decision !== 'allow') v = { ...pv, reason: `${abs} resolves through a symlink to ${phys.path}: ${pv.reason}` };
  }
  if (op === 'read' && v.decision === 'allow') v = gitConfigCredential(phys.path, j) ?? v;
  return v;
}

/**
 * A git configuration file: the repository's (`.git/config`, a worktree's or a submodule's), `.gitmodules`, the
 * user's (`~/.gitconfig`, `~/.config/git/config`) and the system's. A CI checkout leaves an auth header in
 * `.git/config`, a clone URL can carry `user:token@`: reading the file prints them.
 */
const GIT_CONFIG_FILE =
  /\/\.git\/(?:(?:modules\/.+|worktrees\/[^/]+)\/)?config(?:\.worktree)?$|\/\.gitmodules$|\/\.gitconfig$|\/\.config\/git\/config$|^\/etc\/gitconfig$/;
const MAX_GIT_CONFIG = 256 * 1024;

/**
 * A read of a git configuration file that holds a credential (the entries `git config --list` is asked about,
 * secrets.git-config): asked, as printing it would be. A file that cannot be read whole is asked too; an absent one
 * prints nothing.
 */
function gitConfigCredential(abs: string, j: JudgeEnv): Verdict | undefined {
  if (!GIT_CONFIG_FILE.test(abs)) return undefined;
  // A link (`ln -s .git/config c`) is judged where it leads.
  const r = resolvePhysical(abs, j.probe, true);
  const path = r.ok ? r.path : abs;
  if (path !== abs && !GIT_CONFIG_FILE.test(path)) return undefined;
  let text: string | false | undefined;
  try {
    text = j.probe.readText?.(path, MAX_GIT_CONFIG);
  } catch {
    text = false;
  }
  if (text === undefined) return undefined;
  if (text === false) return verdict('ask', 'path:git-credential', `${abs} is git configuration the guard cannot read whole: it may hold a credential`);
  for (const e of parseGitConfig(text))
    if (credentialEntry(e)) return verdict('ask', 'path:git-credential', `${abs} holds ${shownKey(e.key)}, a credential: reading the file prints it`);
  return undefined;
}

function outside(op: PathOp, abs: string, j: JudgeEnv): Verdict {
  // `cat ~/.ssh/id_ed25519.pub` (to paste into a git host) reads a public key: no secret. A .pub that is a link
  // to the private key is still judged where it leads (onePath resolves it).
  if (op === 'read' && publicSshKey(abs, j.ctx.home)) return ALLOW;
  const store = credentialStore(abs, j.ctx.home);
  if (store && !(op === 'write' && newKeyFile(abs, store, j)))
    return verdict('deny', 'outside:credentials', `${store} holds credentials: commands may not read or change it`);
  if (op === 'read') {
    const hidden = homeHidden(abs, j.ctx.home);
    if (hidden && j.outside !== 'allow')
      return verdict(
        j.outside,
        'outside:home-hidden',
        `${hidden} is a hidden file or folder of the home folder, where programs keep logins, tokens and histories; commands may read only toolchains and caches there`,
      );
    return ALLOW;
  }
  // Scratch space, unless it is where the home folder lives (a home under /tmp is still a home).
  if (isScratch(abs) && !isWithin(collapse(j.ctx.home), collapse(abs))) return ALLOW;
  return verdict(j.outside, 'outside-workspace', `${abs} is outside the workspace ${j.ctx.workspace}; commands may write only inside it and in /tmp`);
}

/** What is under a directory the command reaches recursively. */
function judgeTree(e: PathEffect, abs: string, physicalInput: string, j: JudgeEnv): Verdict | undefined {
  const ws = j.ctx.workspace;
  const op: PathOp = e.op === 'any' ? 'read' : e.op;
  if (!isWithin(ws, abs)) {
    const s = storesUnder(abs, j.ctx.home);
    if (s) return verdict('deny', 'outside:credentials', `${abs} holds ${s}, which holds credentials: commands may not read or change it`);
    // A tree outside that holds the workspace (`tar c ~`, `grep -r x /home`): judge the workspace itself.
    if (isWithin(abs, ws) && abs !== ws) return treeInside(e, op, ws, ws, j);
    return undefined;
  }
  const phys = resolvePhysical(physicalInput, j.probe, true);
  const isDir = phys.ok && phys.info?.kind === 'dir';
  let v: Verdict | undefined;
  if (isDir && !e.into) v = treeInside(e, op, abs, phys.ok ? phys.path : abs, j);
  // Names nobody can see yet (an archive's members), or no disk to look at: what the rules anchor under it.
  if (e.into || !isDir) v = worse(v, anchoredUnder(op, abs, j, e.names, e.noHidden === true, e.recursive === true));
  // An archive unpacked over an existing folder writes over the files of the same name there: a colocated test
  // (src/lib/b.test.ts under `**/*.test.ts`, a rule anchored nowhere) is one of them unless the members are known.
  if (e.into && isDir && op === 'write' && EXTRACTS.test(e.subcommand))
    v = worse(v, treeInside({ ...e, into: false, recursive: true }, op, abs, phys.ok ? phys.path : abs, j));
  return v;
}

/** Programs that unpack an archive's members (names unseen) into a folder. */
const EXTRACTS = /^\s*(?:\S*\/)?(?:tar|gtar|bsdtar|unzip|7z|7za|7zz|unrar|cpio|ditto|jar|busybox\s+(?:tar|unzip))\b/;

function treeInside(e: PathEffect, op: PathOp, lexical: string, physical: string, j: JudgeEnv, depth = 0): Verdict | undefined {
  const ws = j.ctx.workspace;
  let worst: Verdict | undefined;
  let seen = 0;
  const stack: string[] = [''];
  // The names a git listing printed: only files git holds (index, commits) are among them.
  const held = e.narrow?.tracked === true ? heldFiles(physical, j) : undefined;
  while (stack.length) {
    const rel = stack.pop()!;
    const dir = rel ? physical + '/' + rel : physical;
    let names: string[];
    try {
      names = j.probe.readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (++seen > MAX_WALK)
        return worse(worst, verdict('ask', 'path:too-many-descendants', `${lexical} holds more than ${MAX_WALK} entries; too many to check one by one`));
      const child = rel ? rel + '/' + name : name;
      const info = j.probe.lstat(physical + '/' + child);
      if (e.noHidden && name.startsWith('.')) continue;
      // Directories are walked, not judged: what they hold is.
      if (info?.kind === 'dir') {
        stack.push(child);
        continue;
      }
      // A link to a folder, in a walk that follows links (`find -L`, `grep -R`, `rg -L`, `tar -h`, `cp -L -r`):
      // the walk goes on under the link's target, wherever that is (`sshdir -> ~/.ssh` under the workspace).
      if (info?.kind === 'symlink' && !e.noFollow && e.descends) {
        const r = resolvePhysical(physical + '/' + child, j.probe, true);
        if (!r.ok || r.info?.kind === 'dir') {
          const v = r.ok
            ? linkedTree(e, op, r.path, j, depth)
            : verdict('ask', 'path:unresolvable', `${lexical}/${child} is a link the guard cannot follow: ${r.reason}`);
          if (v && v.decision !== 'allow') {
            const w = { ...v, reason: `it holds ${lexical}/${child}, a link the walk follows: ${v.reason}` };
            if (!worst || severity(w.decision) > severity(worst.decision)) worst = w;
            if (w.decision === 'deny') return worst;
          }
          continue;
        }
      }
      if (e.names && !e.names.some((g) => nameMatch(g, name))) continue;
      if (held !== undefined && !held.has(physical + '/' + child)) continue;
      // A walk that does not follow links (`grep -r`, `rg`) reads no file through one it meets below the tree.
      if (e.noFollow && info?.kind === 'symlink') continue;
      // A link in the tree is judged where it leads (`grep -R` follows it).
      const bases = lexical === physical ? [lexical] : [lexical, physical];
      const paths = bases.map((b) => b + '/' + child);
      if (info?.kind === 'symlink') {
        const r = resolvePhysical(physical + '/' + child, j.probe, true);
        if (r.ok) paths.push(r.path);
        // A link out of the workspace (`npmrc -> ~/.npmrc`) is judged where it leads.
        if (r.ok && !isWithin(ws, r.path)) {
          const v = outside(op, r.path, j);
          if (v.decision !== 'allow') {
            const w = { ...v, reason: `it holds ${relativeTo(ws, lexical + '/' + child)}, a link to ${r.path}: ${v.reason}` };
            if (!worst || severity(w.decision) > severity(worst.decision)) worst = w;
            if (w.decision === 'deny') return worst;
          }
        }
      }
      let quiet: boolean | undefined;
      for (const abs of paths) {
        if (!isWithin(ws, abs)) continue;
        let v = j.guard.matchRelative(relativeTo(ws, abs), op);
        if (op === 'read' && (!v || v.decision === 'allow')) v = gitConfigCredential(abs, j) ?? v;
        if (!v || v.decision === 'allow') continue;
        // A search whose every printed line matches its pattern prints nothing of a file with no such line.
        if (op === 'read' && e.narrow?.matching !== undefined && (quiet ??= holdsNoMatch(physical + '/' + child, e.narrow.matching, j))) continue;
        let w = { ...v, reason: `it holds ${relativeTo(ws, abs)}, and ${v.reason}` };
        // A checker walking the folder reads the file to print findings, which may quote its lines: a person decides.
        if (op === 'read' && e.reports && w.decision === 'deny')
          w = {
            ...w,
            decision: 'ask',
            reason: `it holds ${relativeTo(ws, abs)}, which it reads to report on (its findings may quote the file's lines), and ${v.reason}`,
          };
        if (!worst || severity(w.decision) > severity(worst.decision)) worst = w;
        if (w.decision === 'deny') return worst;
      }
    }
  }
  return worst;
}

/** The files the repository holding `dir` has in its index or commits (physical paths); undefined when git cannot tell. */
function heldFiles(dir: string, j: JudgeEnv): Set<string> | undefined {
  try {
    const files = j.probe.gitTracked?.(dir);
    return files === undefined ? undefined : new Set(files);
  } catch {
    return undefined;
  }
}

/** What a link-following walk reaches under a link's target folder (`target`, links resolved). */
function linkedTree(e: PathEffect, op: PathOp, target: string, j: JudgeEnv, depth: number): Verdict | undefined {
  if (isWithin(j.ctx.workspace, target)) {
    if (depth >= 4) return verdict('ask', 'path:link-depth', `${target} is reached through too many links to follow`);
    return treeInside(e, op, target, target, j, depth + 1);
  }
  const s = credentialStore(target, j.ctx.home) ?? storesUnder(target, j.ctx.home);
  if (s) return verdict('deny', 'outside:credentials', `${target} holds ${s}, which holds credentials: commands may not read or change it`);
  const v = outside(op, target, j);
  return v.decision === 'allow' ? undefined : v;
}

const MAX_SEARCHED = 4 << 20;

/**
 * The file (links followed) is text that no line of matches any of the patterns, case folded. Not text (a NUL
 * byte: grep may print it whole with -a), unreadable or too big: it may match.
 */
function holdsNoMatch(abs: string, matching: readonly string[], j: JudgeEnv, depth = 0): boolean {
  let text: string | false | undefined;
  try {
    // A link to a folder (`docs/secrets-link -> ../secrets`, which `grep -R` follows): every file under it.
    const r = resolvePhysical(abs, j.probe, true);
    if (r.ok && r.info?.kind === 'dir') {
      if (depth > 8) return false;
      const names = j.probe.readdir(r.path);
      if (names.length > 1000) return false;
      return names.every((n) => holdsNoMatch(r.path + '/' + n, matching, j, depth + 1));
    }
    text = j.probe.readText?.(abs, MAX_SEARCHED);
  } catch {
    return false;
  }
  if (typeof text !== 'string') return false;
  for (const src of matching) {
    let re: RegExp;
    try {
      re = new RegExp(src, 'iu');
    } catch {
      return false;
    }
    if (re.test(text)) return false;
  }
  return true;
}

function narrowKey(n: Narrow): string {
  return `\0${n.matching?.join('\n') ?? ''}\0${n.range ? n.range.kind + ' ' + n.range.args.join(' ') : ''}\0${n.tracked === true ? 'tracked' : ''}`;
}

/**
 * Protected paths a rule anchors under a directory (`.env` and `secrets/**` are under the root, `tests/**`
 * under `tests`): what a recursive access could reach when the disk cannot say. Globs that start with `**`
 * could be anywhere and are judged on disk only.
 */
function anchoredUnder(op: PathOp, abs: string, j: JudgeEnv, names: string[] | undefined, noHidden = false, recursive = false): Verdict | undefined {
  const rd = relativeTo(j.ctx.workspace, collapse(abs));
  let worst: Verdict | undefined;
  for (const rule of j.rules) {
    const d = rule.ops[op];
    if (d === undefined || d === 'allow') continue;
    for (const g of rule.globs) {
      const segs = g.split('/');
      const fixed: string[] = [];
      for (const s of segs) {
        if (/[*?[{]/.test(s)) break;
        fixed.push(s);
      }
      if (fixed.length === 0) continue;
      if (noHidden && fixed.some((s) => s.startsWith('.'))) continue;
      const anchor = fixed.join('/').toLowerCase();
      const r = rd.toLowerCase();
      const under = r === '' || anchor === r || anchor.startsWith(r + '/') || (r.startsWith(anchor + '/') && g.slice(anchor.length).startsWith('/**'));
      if (!under) continue;
      // A rule whose last part is only stars (`tests/**`) takes files of every name: `javac -d tests` (or `-d .`,
      // by package folders) writes its class files where it protects. Files put only in the folder itself (hpack's
      // .cabal in `.`) do not reach a rule anchored below it.
      const last = segs[segs.length - 1];
      const anyName = /^\*+$/.test(last) && (recursive || !anchor.startsWith(r === '' ? '' : r + '/') || anchor === r);
      if (names && !anyName && !names.some((n) => nameMatch(n, last.replace(/\*+/g, 'x')))) continue;
      const v = verdict(d, `path:${rule.name}`, `it may hold ${g}: ${rule.reason}`);
      if (!worst || severity(v.decision) > severity(worst.decision)) worst = v;
    }
  }
  return worst;
}

// ---- globs ----

/** bash pattern → RegExp for one path: `*` and `?` do not cross `/`; a leading `.` needs a literal dot. */
const GLOB_CACHE = new Map<string, RegExp>();

/**
 * A name filter (`find -name`, `grep --include`, a linter's `*.ts`) as fnmatch reads it: unlike a shell glob, `*`
 * matches a leading dot (`find . -name '*.yaml'` finds `.agentguard.yaml`). A prefix keeps the first `*` from
 * being at a segment start.
 */
function nameMatch(pattern: string, name: string): boolean {
  return globMatch('x' + pattern, 'x' + name);
}

export function globRegex(pattern: string, dot = false, nocase = false): RegExp {
  const key = dot || nocase ? `${dot ? 'd' : ''}${nocase ? 'i' : ''}\0${pattern}` : pattern;
  let r = GLOB_CACHE.get(key);
  if (r) return r;
  // dotglob: a leading `*` or `?` also matches a dot (never `.` or `..`, which no folder listing holds).
  const lead = dot ? '' : '(?!\\.)';
  let out = '^';
  let segStart = true;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      out += escapeRe(pattern[++i]);
      segStart = false;
    } else if (c === '*') {
      out += segStart ? lead + '[^/]*' : '[^/]*';
      segStart = false;
    } else if (c === '?') {
      out += segStart ? lead + '[^/]' : '[^/]';
      segStart = false;
    } else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) {
        out += '\\[';
      } else {
        let cls = pattern.slice(i + 1, end);
        if (cls.startsWith('!') || cls.startsWith('^')) cls = '^' + cls.slice(1);
        out += `[${cls.replace(/\\/g, '\\\\')}]`;
        i = end;
      }
      segStart = false;
    } else {
      out += escapeRe(c);
      segStart = c === '/';
    }
  }
  r = new RegExp(out + '$', nocase ? 'i' : '');
  if (GLOB_CACHE.size >= 1000) GLOB_CACHE.clear(); // a long-lived guard sees endless patterns: start over
  GLOB_CACHE.set(key, r);
  return r;
}

function escapeRe(c: string): string {
  return /[.+^${}()|[\]\\*?]/.test(c) ? '\\' + c : c;
}

export function globMatch(pattern: string, path: string, dot = false, nocase = false): boolean {
  try {
    return globRegex(pattern, dot, nocase).test(path);
  } catch {
    return true; // a pattern we cannot read could match anything
  }
}

const GLOB_META = /[*?[]/;

/** Expand an absolute bash glob on disk (dotglob and nocaseglob as the line set them; globstar is a tree walk). */
function expand(pattern: string, probe: FsProbe, dot = false, nocase = false): string[] | undefined {
  const segs = pattern.split('/').filter((s) => s !== '');
  let cur = [''];
  for (const seg of segs) {
    const next: string[] = [];
    if (!GLOB_META.test(seg)) {
      for (const c of cur) next.push(c + '/' + seg.replace(/\\(.)/g, '$1'));
    } else {
      const re = globRegex(seg, dot, nocase);
      for (const c of cur) {
        let names: string[];
        try {
          names = probe.readdir(c || '/');
        } catch {
          continue;
        }
        for (const n of names) if (re.test(n)) next.push(c + '/' + n);
        if (next.length > MAX_GLOB) return undefined;
      }
    }
    cur = next;
    if (cur.length === 0) break;
  }
  return cur;
}

/** Paths a pattern stands for, for judging what it could match: each `*` as nothing and as a letter. */
function samplesOf(pattern: string): string[] {
  let out = [''];
  for (let i = 0; i < pattern.length && out.length <= 64; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) out = out.map((s) => s + pattern[++i]);
    else if (c === '*') out = out.flatMap((s) => [s, s + 'x']);
    else if (c === '?') out = out.map((s) => s + 'x');
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) out = out.map((s) => s + '[');
      else {
        const cls = pattern.slice(i + 1, end).replace(/^[!^]/, '');
        const first = cls[0] === '\\' ? cls[1] : cls[0];
        out = out.map((s) => s + first);
        i = end;
      }
    } else out = out.map((s) => s + c);
  }
  return out;
}

/** The paths a protected glob stands for (`**\/*.pem` → `x.pem`, `a/x.pem`; `secrets/**` → `secrets/x`). */
function ruleSamples(g: string): string[] {
  const base = g
    .replace(/\*\*\//g, '')
    .replace(/\/\*\*$/, '/x')
    .replace(/\*\*/g, 'x');
  const nested = g.startsWith('**/') ? ['a/' + base] : [];
  return [base, ...nested].flatMap((s) => [s.replace(/\*/g, 'x').replace(/\?/g, 'x'), s.replace(/\*/g, '').replace(/\?/g, 'x')]);
}

function judgeGlob(e: PathEffect, j: JudgeEnv): Verdict {
  const pattern = e.path.replace(/\/+/g, '/');
  let worst: Verdict | undefined;
  // 1. What it matches on disk.
  const found = expand(pattern, j.probe, e.dotglob === true, e.nocase === true);
  if (found === undefined) worst = verdict('ask', 'path:glob-too-wide', `${pattern} matches more than ${MAX_GLOB} paths`);
  else
    for (const p of found) {
      worst = worse(worst, judgePath({ ...e, glob: false }, p, j));
      if (worst?.decision === 'deny') return worst;
    }
  // 2. What it could match.
  const ws = j.ctx.workspace;
  const op: PathOp = e.op === 'any' ? 'read' : e.op;
  if (isWithin(ws, literalPrefix(pattern)) || pattern.startsWith(ws + '/')) {
    const rel = pattern.slice(ws.length + 1);
    for (const s of samplesOf(rel)) {
      if (!s || s.endsWith('/')) continue;
      const v = j.guard.matchRelative(collapse('/' + s).slice(1), op);
      if (v && v.decision !== 'allow') worst = worse(worst, { ...v, reason: `${e.path} could match ${s}: ${v.reason}` });
    }
    // A protected name anchored at a place (`.env`, `secrets/**`, `tests/**`) the pattern could match; names
    // that may be anywhere (`**/*.pem`) count when the pattern itself is one (`*.pem` above), not when it
    // merely could be (`*`), which the disk answers.
    for (const rule of j.rules) {
      const d = rule.ops[op];
      if (d === undefined || d === 'allow') continue;
      for (const g of rule.globs) {
        if (g.startsWith('**')) continue;
        for (const s of ruleSamples(g)) {
          if (!globMatch(rel, s, e.dotglob === true, e.nocase === true)) continue;
          worst = worse(worst, verdict(d, `path:${rule.name}`, `${e.path} could match ${s} (${g}): ${rule.reason}`));
        }
      }
    }
  } else {
    // Outside: a credential store the pattern could reach.
    const prefix = literalPrefix(pattern);
    const store = credentialStore(prefix, j.ctx.home);
    if (store) return verdict('deny', 'outside:credentials', `${e.path} lies in ${store}, which holds credentials`);
    // A system credential file the pattern could match, on disk here or not (`/etc/netplan/*.yaml`,
    // `/var/lib/cloud/instances/*/user-data.txt`): each wildcard read as some name and as none.
    for (const sample of [pattern.replace(/\[[^\]/]*\]|[*?]/g, 'x'), pattern.replace(/\[[^\]/]*\]|\?/g, 'x').replace(/\*/g, '')]) {
      const hit = credentialStore(sample, j.ctx.home);
      if (hit) return verdict('deny', 'outside:credentials', `${e.path} could match ${hit}, which holds credentials`);
    }
    const h = collapse(j.ctx.home);
    for (const s of HOME_CREDENTIAL_STORES) {
      const abs = h + '/' + s;
      if (!isWithin(prefix, abs) || prefix === abs) continue;
      const depth = prefix === '/' ? 1 : prefix.split('/').length;
      const patSegs = pattern.split('/');
      const storeSegs = abs.split('/');
      if (patSegs[depth] !== undefined && globMatch(patSegs[depth], storeSegs[depth] ?? ''))
        return verdict('deny', 'outside:credentials', `${e.path} could match ~/${s}, which holds credentials`);
    }
    // Any account's home by a glob (`/home/<any>/.ssh/id_rsa`, `/Users/?ev/.netrc`, `/root/.a*`): the entry after the
    // home that the pattern could match.
    const other = /^\/(?:(?:home|Users)\/[^/]+|root|var\/root)\/([^/]+)(\/|$)/.exec(pattern);
    if (other !== null) {
      for (const s of HOME_CREDENTIAL_STORES)
        if (globMatch(other[1], s.split('/')[0]))
          return verdict('deny', 'outside:credentials', `${e.path} could match another account's ${s}, which holds credentials`);
      if (j.outside !== 'allow' && (other[1].startsWith('.') || /^[*?[]/.test(other[1])))
        return verdict(
          j.outside,
          'outside:home-hidden',
          `${e.path} could match a hidden entry of an account's home folder, where programs keep logins, tokens and histories`,
        );
    }
    // A hidden entry of the home folder the pattern lies in or could match (`~/.c*/x`), on disk or not.
    if (j.outside !== 'allow' && isWithin(h, prefix)) {
      const next = prefix === h ? pattern.slice(h.length + 1).split('/')[0] : '';
      const hidden = homeHidden(prefix, j.ctx.home) ?? (next.startsWith('.') ? `~/${next}` : undefined);
      if (hidden)
        return verdict(
          j.outside,
          'outside:home-hidden',
          `${e.path} lies in ${hidden}, a hidden entry of the home folder where programs keep logins, tokens and histories`,
        );
    }
  }
  return worst ?? ALLOW;
}

/** The directory part of a pattern before its first glob segment. */
function literalPrefix(pattern: string): string {
  const segs = pattern.split('/');
  const out: string[] = [];
  for (const s of segs) {
    if (GLOB_META.test(s)) break;
    out.push(s);
  }
  return out.join('/') || '/';
}
