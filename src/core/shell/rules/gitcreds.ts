// Git configuration printed into the agent's context. `git config --list`, `--get-regexp http`, `git remote -v`
// and `--get remote.origin.url` are everyday reads, but a CI checkout leaves `http.<url>.extraheader =
// AUTHORIZATION: basic …` in .git/config and a clone URL can carry `https://x-access-token:…@host`: printing them
// puts the credential in the transcript, as `printenv GITHUB_TOKEN` would. The guard reads the configuration files
// the command would print (through CommandEnv.readScript) and asks only when an entry it prints holds a credential.
// Without the file system it keeps its name-based judgement (git.config-redirect asks for credential-named keys).
import type { CommandEnv, Sub } from '../types';
import { countedOnly } from './system';
import type { Rule } from './types';

/** One configuration entry: `section[.subsection].key` (section and key lower case, as git prints them). */
interface Entry {
  key: string;
  value: string;
}

const MAX_CONFIG = 256 * 1024;

/** Entries of a git configuration file (INI-like; includes are not followed). */
export function parseGitConfig(text: string): Entry[] {
  const out: Entry[] = [];
  let section = '';
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const h = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:\\.|[^"\\])*)")?\s*\]\s*(.*)$/.exec(line);
    if (h) {
      const name = h[1].toLowerCase();
      section = h[2] !== undefined ? `${name}.${h[2].replace(/\\(.)/g, '$1')}` : name;
      if (h[3] === '' || h[3].startsWith('#') || h[3].startsWith(';')) continue;
    }
    const body = h ? h[3] : line;
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(body);
    if (!kv || section === '') continue;
    out.push({ key: `${section}.${kv[1].toLowerCase()}`, value: (kv[2] ?? 'true').replace(/^"(.*)"$/, '$1') });
  }
  return out;
}

/** A URL that carries a password or a token in its user part (`https://user:pw@host`, `https://<token>@host`). */
const URL_CREDENTIAL = /[a-z][a-z0-9+.-]*:\/\/(?:[^/\s@:]*:[^/\s@]+|[A-Za-z0-9_-]{20,})@/i;

/** The key as a reason may name it: a credential in a URL subsection is left out (`https://…@host/`). */
export function shownKey(key: string): string {
  return key.replace(/(:\/\/)[^/\s@]*@/g, '$1…@');
}

/** Does the entry hold a credential when printed? */
export function credentialEntry(e: Entry): boolean {
  // A URL in a subsection carries it in the key (`[url "https://user:token@host/"] insteadOf = …`).
  if (URL_CREDENTIAL.test(e.key)) return true;
  if (e.value === '' || e.value === 'true' || e.value === 'false') return false;
  if (/\.extraheader$/.test(e.key) && /authorization|bearer|basic|token|private-token|cookie/i.test(e.value)) return true;
  if (URL_CREDENTIAL.test(e.value)) return true;
  return /(^|[.-])(token|password|passwd|secret|oauthtoken|apikey|api-key|accesstoken)$/i.test(e.key) && !/^!/.test(e.value);
}

/** What a read prints: every key, the keys a regexp matches, one key, or the remotes' URLs. */
type Query = { kind: 'all' } | { kind: 'regexp'; re: RegExp | undefined } | { kind: 'key'; key: string } | { kind: 'remote-urls'; name: string | undefined };

type Scope = 'all' | 'local' | 'global' | 'system' | { file: string };

/** `git config …` (after `git`): what it prints and from which files, or undefined when it prints no value. */
function configQuery(vs: readonly string[]): { q: Query; scope: Scope } | undefined {
  let scope: Scope = 'all';
  let mode: 'list' | 'regexp' | 'get' | undefined;
  const ops: string[] = [];
  for (let i = 0; i < vs.length; i++) {
    const v = vs[i];
    if (v === '--global') scope = 'global';
    else if (v === '--system') scope = 'system';
    else if (v === '--local' || v === '--worktree') scope = 'local';
    else if (v === '-f' || v === '--file') scope = { file: vs[++i] ?? '' };
    else if (v.startsWith('--file=')) scope = { file: v.slice(7) };
    else if (v === '--blob') return undefined;
    else if (v === '-l' || v === '--list' || (i === 0 && v === 'list')) mode = 'list';
    else if (v === '--get-regexp' || v === '--regexp') mode = 'regexp';
    else if (v === '--get' || v === '--get-all' || (i === 0 && v === 'get')) mode ??= 'get';
    else if (v === '--get-urlmatch') mode = 'get';
    else if (/^(-t|--type|--default|--comment|--value|--url)$/.test(v)) i++;
    else if (!v.startsWith('-')) ops.push(v);
  }
  if (mode === 'list') return { q: { kind: 'all' }, scope };
  if (mode === 'regexp') {
    let re: RegExp | undefined;
    try {
      re = ops[0] === undefined ? undefined : new RegExp(ops[0], 'i');
    } catch {
      re = undefined;
    }
    return { q: { kind: 'regexp', re }, scope };
  }
  // `git config KEY` with one operand reads it; `--get-urlmatch SECTION URL` prints the section's keys.
  if (mode === 'get' || (mode === undefined && ops.length === 1)) {
    if (ops[0] === undefined) return undefined;
    if (vs.includes('--get-urlmatch')) return { q: { kind: 'regexp', re: new RegExp(`^${ops[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`, 'i') }, scope };
    return { q: { kind: 'key', key: ops[0] }, scope };
  }
  return undefined;
}

function printed(q: Query, e: Entry): boolean {
  switch (q.kind) {
    case 'all':
      return true;
    case 'regexp':
      return q.re === undefined || q.re.test(e.key);
    case 'key': {
      // Section and key names are case-insensitive, a subsection is not (compared as written, section and key lowered).
      const d1 = q.key.indexOf('.');
      const d2 = q.key.lastIndexOf('.');
      if (d1 < 0) return false;
      const want = d1 === d2 ? q.key.toLowerCase() : `${q.key.slice(0, d1).toLowerCase()}${q.key.slice(d1, d2)}${q.key.slice(d2).toLowerCase()}`;
      return e.key === want;
    }
    case 'remote-urls':
      return /^remote\..+\.(url|pushurl)$/.test(e.key) && (q.name === undefined || e.key === `remote.${q.name}.url` || e.key === `remote.${q.name}.pushurl`);
  }
}

function parent(p: string): string {
  const i = p.lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}

/** The repository's own configuration file(s) from `cwd` up: `.git/config`, or through a `.git` file (a worktree). */
function repoConfigs(cwd: string, env: CommandEnv): string[] {
  for (let dir = cwd, n = 0; n < 64; n++) {
    const dotgit = `${dir === '/' ? '' : dir}/.git`;
    if (env.exists?.(dotgit)) {
      if (env.isDir?.(dotgit) !== false) return [`${dotgit}/config`, `${dotgit}/config.worktree`];
      const text = env.readScript?.(dotgit, 4096);
      const m = typeof text === 'string' ? /^gitdir:\s*(.+)$/m.exec(text) : null;
      if (!m) return [];
      const gitdir = m[1].trim().startsWith('/') ? m[1].trim() : `${dir}/${m[1].trim()}`;
      const common = env.readScript?.(`${gitdir}/commondir`, 4096);
      const commonDir = typeof common === 'string' ? (common.trim().startsWith('/') ? common.trim() : `${gitdir}/${common.trim()}`) : gitdir;
      return [`${commonDir}/config`, `${gitdir}/config.worktree`];
    }
    if (dir === '/') break;
    dir = parent(dir);
  }
  return [];
}

function scopeFiles(scope: Scope, cwd: string, env: CommandEnv): string[] {
  const globals = [`${env.home}/.gitconfig`, `${env.home}/.config/git/config`];
  if (scope === 'global') return globals;
  if (scope === 'system') return ['/etc/gitconfig'];
  if (scope === 'local') return repoConfigs(cwd, env);
  if (typeof scope === 'object') return scope.file === '' ? [] : [scope.file.startsWith('/') ? scope.file : `${cwd}/${scope.file}`];
  return ['/etc/gitconfig', ...globals, ...repoConfigs(cwd, env)];
}

/**
 * The fetch refspecs of every remote the configuration in force at `cwd` names (system, global, the repository's),
 * read from disk: remote name → refspecs (`+refs/heads/*:refs/remotes/origin/*`). undefined when it cannot be told:
 * no file system, a file that cannot be read whole, or an include the reading does not follow.
 */
export function remoteFetchSpecs(cwd: string, env: CommandEnv): Map<string, string[]> | undefined {
  if (!env.readScript) return undefined;
  const out = new Map<string, string[]>();
  for (const file of scopeFiles('all', cwd, env)) {
    const text = env.readScript(file, MAX_CONFIG);
    if (text === false) return undefined;
    if (text === undefined) continue;
    for (const e of parseGitConfig(text)) {
      if (/^include(?:if\..*)?\.path$/.test(e.key)) return undefined;
      const m = /^remote\.(.+)\.fetch$/.exec(e.key);
      if (m) out.set(m[1], [...(out.get(m[1]) ?? []), e.value]);
    }
  }
  return out;
}

/** The credential a git read would print, as `key` (the value is never repeated), or undefined. */
function printedCredential(s: Sub, env: CommandEnv): string | undefined {
  if (s.name !== 'git' || s.remote) return undefined;
  const vs = s.words.slice(1).map((w) => w.value);
  if (vs.some((v) => v === null)) return undefined; // run-time words: the name-based rule speaks
  const words = vs as string[];
  let q: { q: Query; scope: Scope } | undefined;
  if (words[0] === 'config') q = configQuery(words.slice(1));
  else if (words[0] === 'remote') {
    const rest = words.slice(1).filter((w) => !w.startsWith('-'));
    if (rest.length === 0 && words.some((w) => w === '-v' || w === '--verbose')) q = { q: { kind: 'remote-urls', name: undefined }, scope: 'all' };
    else if (rest[0] === 'get-url' || (rest[0] === 'show' && rest.length > 1)) q = { q: { kind: 'remote-urls', name: rest[1] }, scope: 'all' };
  } else if (words[0] === 'ls-remote' && words.includes('--get-url')) q = { q: { kind: 'remote-urls', name: undefined }, scope: 'all' };
  if (q === undefined) return undefined;
  // `git -c k=v` entries are printed with the rest (`git -c http.extraheader=… config --list`).
  const inline = (s.meta.gitConfig ?? {}) as Record<string, string | null>;
  if (q.scope === 'all')
    for (const k in inline) {
      const e = { key: k.toLowerCase(), value: inline[k] ?? '' };
      if (printed(q.q, e) && credentialEntry(e)) return `${shownKey(e.key)} (set with git -c)`;
    }
  if (!env.readScript) return undefined;
  const cwd = s.cwd ?? env.cwd;
  for (const file of scopeFiles(q.scope, cwd, env)) {
    const text = env.readScript(file, MAX_CONFIG);
    if (typeof text !== 'string') continue;
    for (const e of parseGitConfig(text)) if (printed(q.q, e) && credentialEntry(e)) return `${shownKey(e.key)} (in ${file})`;
  }
  return undefined;
}

export const gitCredentialRules: Rule[] = [
  {
    id: 'secrets.git-config',
    names: ['git'],
    description:
      'Prints git configuration that holds a credential into the agent’s context: git config --list / --get-regexp / --get, git remote -v / get-url, when the configuration files it prints (read from disk) hold an auth header (http.*.extraheader), a token or password key, or a URL with a token in it.',
    examples: {
      // The examples run without a file system (values given with -c); the files on disk are in gitcreds.test.ts.
      destructive: [
        "git -c http.https://github.com/.extraheader='AUTHORIZATION: basic eC1hY2Nlc3M=' config --list",
        "git -c remote.origin.url=https://user:pw@example.com/r.git config --get-regexp '^remote'",
        'git -c hub.oauthtoken=abc config -l',
      ],
      benign: ['git config --list', 'git config --get remote.origin.url', 'git remote -v', 'git config user.name'],
    },
    check(s, ctx) {
      const hit = printedCredential(s, ctx.env);
      // Only counted (`git config --list | wc -l`): no value reaches the context.
      if (hit !== undefined && countedOnly(s, ctx.subs)) return undefined;
      return hit === undefined ? undefined : `git ${s.words[1]?.value ?? ''} prints ${hit}: a stored credential`;
    },
  },
];
