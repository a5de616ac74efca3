// Facts about paths a static guard can know without the disk: where a path lands, whether it is a credential
// or VCS internal, and — when the injected probe cannot tell — whether a file probably exists already.
import { collapse } from '../paths/normalize';
import type { CommandEnv } from './types';

/** Join a literal path with the cwd and expand `~`. Not normalised: the path guard checks lexical and physical forms. */
export function absPath(p: string, cwd: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/')) return home + p.slice(1);
  if (p.startsWith('/')) return p;
  return cwd.endsWith('/') ? cwd + p : `${cwd}/${p}`;
}

/** Lexical normalisation for our own judgements (`a/../b` → `/b`): the path guard's own collapse. */
export const normalize = collapse;

let lastRoot = '';
let lastRootNorm = '/';

export function within(p: string, root: string): boolean {
  const n = normalize(p);
  const r = root === lastRoot ? lastRootNorm : ((lastRoot = root), (lastRootNorm = normalize(root)));
  if (n === r || r === '/') return n === r || n.startsWith('/');
  // `r + '/'` would be a new string per call (this runs for every path effect, under several rules).
  return n.length > r.length && n.charCodeAt(r.length) === 47 /* / */ && n.startsWith(r);
}

export function inWorkspace(abs: string, env: CommandEnv): boolean {
  return within(abs, env.workspace);
}

/**
 * World-writable scratch folders: /tmp and /var/tmp, and the memory-backed ones any process may write as well
 * (/dev/shm, /run/shm, /run/lock, /var/lock, the user's /run/user/<uid>). A file there is nobody's reviewed code,
 * whichever of them it sits in: `printf … > /dev/shm/x.sh && bash /dev/shm/x.sh` is the /tmp case.
 */
export const SCRATCH_ROOT = /^\/(?:tmp|var\/tmp|dev\/shm|run\/shm|run\/lock|var\/lock|run\/user\/\d+)(?:\/|$)/;

/** Scratch space where a scoped delete of a named file is fine. */
export function inTmp(abs: string): boolean {
  return SCRATCH_ROOT.test(normalize(abs));
}

/** Scratch space that is not the project: a workspace that itself lives under /tmp is a project, not scratch. */
export function inScratch(abs: string, env: CommandEnv): boolean {
  return inTmp(abs) && !inWorkspace(abs, env);
}

/** Pseudo-files that are safe to write: discarding output is not a destructive act. */
export function isHarmlessSink(abs: string): boolean {
  return HARMLESS_SINK.test(normalize(abs));
}

const CREDENTIAL = [
  /(^|\/)\.env(\.[^/]*)?$/i,
  /\.(pem|key|p12|pfx|jks|keystore|asc|gpg|kdbx)$/i,
  /(^|\/)id_(rsa|dsa|ecdsa|ed25519)[^/]*$/i,
  /(^|\/)\.ssh(\/|$)/i,
  /(^|\/)\.aws\/(credentials|config)$/i,
  /(^|\/)\.(netrc|npmrc|pypirc|pgpass|git-credentials|htpasswd|dockercfg)$/i,
  /(^|\/)\.docker\/config\.json$/i,
  /(^|\/)\.kube\/config$/i,
  /(^|\/)\.config\/gcloud(\/|$)/i,
  /(^|\/)\.gnupg(\/|$)/i,
  /(^|\/)(credentials|secrets?)(\.[a-z0-9]+)?(\/|$)/i,
  /(^|\/)(shadow|gshadow|sudoers)$/i,
];

// The regexes of these functions are module constants: a regex literal in a function body is a new RegExp
// object every time it is evaluated, and these run for every path effect of every command line.
const ENV_TEMPLATE = /(^|\/)\.env\.(example|sample|template|dist|defaults)$/i;
const SECRET_NAMED = /(^|\/)[^/]*(secret|password|passwd|token)[^/]*$/i;
const CODE_FILE = /\.(ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|c|h|cpp|cs|php|md|html|css)$/i;
const VCS_INTERNAL = /(^|\/)\.(git|hg|svn)(\/|$)/;
const HARMLESS_SINK = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/;
const DATA_FILE = /\.(db|sqlite3?|lock|json|ya?ml|toml|md)$/i;

/**
 * Answers by path: the same few paths are asked about by several rules per sub-command and by the path judge,
 * and each answer is ~20 regexes. Bounded (a long-lived guard sees endless paths): cleared when full.
 */
const CREDENTIAL_SEEN = new Map<string, boolean>();

/** A file whose disclosure or loss is a credential incident (`.env`, keys, cloud credentials). */
export function isCredential(p: string): boolean {
  let r = CREDENTIAL_SEEN.get(p);
  if (r === undefined) {
    r = credentialByName(p);
    if (CREDENTIAL_SEEN.size >= 2048) CREDENTIAL_SEEN.clear();
    CREDENTIAL_SEEN.set(p, r);
  }
  return r;
}

function credentialByName(p: string): boolean {
  const n = p.endsWith('/') ? p.replace(/\/+$/, '') : p;
  if (ENV_TEMPLATE.test(n)) return false;
  for (const r of CREDENTIAL) if (r.test(n)) return true;
  // `prod-secrets.yaml`, `db_password.txt`: data files named for secrets (not code such as `token-utils.ts`).
  return SECRET_NAMED.test(n) && !CODE_FILE.test(n);
}

/** Version-control internals: `.git/…` (hooks, refs, objects), `.hg`, `.svn`. */
export function isVcsInternal(p: string): boolean {
  return VCS_INTERNAL.test(p);
}

const WELL_KNOWN =
  /^(package(-lock)?\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|tsconfig[^/]*\.json|jsconfig\.json|readme(\.[a-z]+)?|changelog(\.[a-z]+)?|license(\.[a-z]+)?|contributing\.md|makefile|dockerfile|docker-compose\.ya?ml|compose\.ya?ml|\.gitignore|\.gitattributes|\.dockerignore|\.editorconfig|\.prettierrc[^/]*|\.eslintrc[^/]*|eslint\.config\.[cm]?js|vite\.config\.[cm]?[jt]s|webpack\.config\.[cm]?js|jest\.config\.[cm]?[jt]s|babel\.config\.[cm]?js|cargo\.(toml|lock)|go\.(mod|sum)|requirements[^/]*\.txt|pyproject\.toml|setup\.(py|cfg)|poetry\.lock|pipfile(\.lock)?|gemfile(\.lock)?|composer\.(json|lock)|pom\.xml|build\.gradle(\.kts)?|settings\.gradle(\.kts)?|\.bashrc|\.zshrc|\.profile|\.bash_profile|\.bash_history|\.zsh_history|\.gitconfig|hosts|passwd|fstab|crontab|\.nvmrc|\.tool-versions)$/i;

/** Names that say "I am being created": outputs, backups, copies, scratch. */
const FRESH =
  /(^|[-_.])(new|backup|bak|copy|orig|tmp|temp|out|output|result|results|report|preview|draft|scratch|generated|gen|dump|snapshot|sample|test-output|artifact)([-_.]|$)|\.(log|out|bak|orig|tmp|swp|csv|tsv|tgz|zip|tar|gz|iso|img|dmg|sql)$/i;

/** Source and data files: in a project these are normally checked in, so a write replaces content. */
const SOURCEY =
  /\.(ts|tsx|js|jsx|mjs|cjs|json|ya?ml|toml|ini|cfg|conf|md|rst|py|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|sh|bash|zsh|html|css|scss|vue|svelte|db|sqlite3?|lock|xml|gradle|properties|env)$/i;

const SOURCE_DIRS =
  /^(src|lib|app|apps|packages|test|tests|spec|config|configs|scripts|bin|include|server|client|components|pages|public|assets|k8s|chart|charts|deploy|infra|terraform|migrations|db|prisma|data)\//i;

/**
 * Does a file exist? The probe wins when it knows. Otherwise name heuristics: a command that writes a
 * checked-in-looking file replaces content; a write to an output-looking name creates a file.
 */
export function likelyExists(abs: string, env: CommandEnv): boolean {
  const probed = env.exists?.(abs);
  if (probed !== undefined) return probed;
  const n = normalize(abs);
  const base = n.slice(n.lastIndexOf('/') + 1);
  if (n === normalize(env.home) || n === normalize(env.workspace) || n === '/') return true;
  if (inScratch(n, env)) return false;
  if (WELL_KNOWN.test(base)) return true;
  if (isCredential(n) || isVcsInternal(n)) return true;
  if (!inWorkspace(n, env)) return true; // system and home files exist; writing there is the risk
  if (FRESH.test(base)) return false;
  const rel = n.slice(normalize(env.workspace).length + 1);
  if (SOURCEY.test(base) && (SOURCE_DIRS.test(rel) || DATA_FILE.test(base))) return true;
  return false;
}
