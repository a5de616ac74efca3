// Calls in a program that reach files, processes or the network with an argument the guard cannot read off the
// text: `readFileSync(['.e','nv'].join(''))`, `rmSync(dir, {recursive: true})`, `open(codecs.decode('.rai', 'rot13'))`,
// `system("rm -rf #{t}")`. The command guard judges a script it runs by the literal paths in its code
// (codepaths.ts, analyze.ts's projectProgram); a path the script computes is a path nobody judged.
// Threat: an agent writes `scripts/dump.js` (allowed: a new file) whose code reads `.env` under a computed name,
// then runs `node scripts/dump.js` (allowed: the code names no protected file).
// Used for scripts that may be the agent's own (untracked by git, or changed since HEAD): code the guard cannot
// account for is not allowed. The user's own committed code keeps being judged by what it is seen to do.
// Not a parser: the call names below, and whether their first argument is one plain string literal.

import { folder } from './constfold';
import { SECRET_NAME } from './secretvars';

/** A plain string literal, the whole argument: '…', "…" without escapes or interpolation, `…` without `${`. */
const PLAIN = /^\s*(?:'[^'\\\n]*'|"[^"\\\n$#{}]*"|`[^`\\\n$]*`)\s*$/;
/** Perl and PHP: a double-quoted string interpolates `$x`; a single-quoted one does not. */
const PLAIN_SINGLE = /^\s*'[^'\\\n]*'\s*$/;

interface Lang {
  /** Calls whose arguments are paths, commands or addresses: `name(` (the name as the regex matches it). */
  calls: RegExp;
  /** Always opaque: evaluation of computed code, dynamic module loading, reflection. */
  dynamic: RegExp;
  plain: RegExp;
}

const JS_FS =
  'readFileSync|readFile|writeFileSync|writeFile|appendFileSync|appendFile|createReadStream|createWriteStream|openSync|open|opendirSync|opendir|' +
  'rmSync|rm|rmdirSync|rmdir|unlinkSync|unlink|renameSync|rename|copyFileSync|copyFile|cpSync|cp|symlinkSync|symlink|linkSync|link|' +
  'readdirSync|readdir|truncateSync|truncate|chmodSync|chmod|chownSync|chown|mkdirSync|mkdir|mkdtempSync|utimesSync|utimes|' +
  'readTextFileSync|readTextFile|writeTextFileSync|writeTextFile|removeSync|remove|emptyDirSync|emptyDir|moveSync|move|outputFileSync|outputFile|' +
  'rimraf|rimrafSync|readJsonSync|readJson|writeJsonSync|writeJson';
const JS_PROC = 'execSync|execFileSync|execFile|spawnSync|spawn|fork|exec|execa|execaSync|execaCommand|execaCommandSync|\\$';
/** Names no other object's method is likely to have: a call of one on any object is the API. */
const JS_DISTINCT =
  '\\w+Sync|readFile|writeFile|appendFile|createReadStream|createWriteStream|unlink|rmdir|symlink|copyFile|readdir|truncate|chmod|chown|execFile|spawn|fork|readTextFile|writeTextFile';
const JS_NET = 'fetch|request|get|post|connect|createConnection|dlopen|file|write|openSync';

const LANGS: Record<string, Lang> = {
  node: {
    // `regex.exec(s)`, `map.get(k)`: a method named like an API on an arbitrary object is not one; bare names
    // (destructured from the module) and the modules' own members are.
    calls: new RegExp(
      String.raw`(?<![\w$.])(?:${JS_FS}|${JS_PROC})\s*\(|\.\s*(?:${JS_DISTINCT})\s*\(|\brequire\s*\(\s*['"][\w:/]+['"]\s*\)\s*\.\s*\w+\s*\(|\b(?:fs|fsp|fse|promises|fs\.promises|Deno|child_process|cp|proc|shell)\s*\.\s*(?:${JS_FS}|${JS_PROC}|run|command|Command|readFile|env)\s*\(|\b(?:https?|http2|net|tls|dgram|axios|got|superagent|Bun|Deno)\s*\.\s*(?:${JS_NET}|spawn|spawnSync)\s*\(|(?<![\w$.])(?:fetch|XMLHttpRequest|WebSocket|Worker)\s*\(|\bnew\s+Deno\.Command\s*\(|\bprocess\s*\.\s*chdir\s*\(`,
      'g',
    ),
    dynamic:
      /(?<![\w$.])(?:eval|Function)\s*\(|\bnew\s+Function\b|\b(?:require|import)\s*\(\s*(?!\s*(?:'[^'\\\n]*'|"[^"\\\n]*"|`[^`\\\n$]*`)\s*\))|\b(?:vm|process)\s*\.\s*(?:runIn\w*|binding|dlopen)\b|\b(?:fs|fsp|fse|promises|child_process|cp|Deno|Bun|globalThis|global|process|module|require\(\s*['"][\w:/]+['"]\s*\))\s*\[|\batob\s*\(|\bBuffer\.from\s*\([^)]*,\s*['"](?:base64|hex|base64url)['"]|\bString\.fromCharCode\b/,
    plain: PLAIN,
  },
  python: {
    calls: new RegExp(
      String.raw`(?<![\w.])(?:open|Path|PurePath|PosixPath|exec|eval|compile|__import__|execfile|urlopen)\s*\(|\b(?:io|codecs|os|shutil|subprocess|pathlib|glob|tarfile|zipfile|requests|httpx|urllib\.request|urllib3|socket|aiofiles|pty|asyncio|send2trash)\s*\.\s*\w+\s*\(`,
      'g',
    ),
    dynamic:
      /(?<![\w.])(?:getattr|globals|locals|vars|__import__|eval|exec|compile)\s*\(|\bimportlib\b|\b(?:codecs\.decode|base64\.\w*decode|bytes\.fromhex|binascii\.\w+|chr)\s*\(|\b__builtins__\b/,
    plain: /^\s*(?:[rRbB]{0,2})(?:'[^'\\\n]*'|"[^"\\\n]*")\s*$/,
  },
  ruby: {
    calls: new RegExp(
      String.raw`\b(?:File|FileUtils|Dir|IO|Pathname|Open3|Net::HTTP|URI|Kernel|Process|Socket|TCPSocket)\s*\.\s*\w+[!?]?\s*(?:\(|\s)|(?<![\w.:])(?:open|system|exec|spawn|load|require|require_relative|eval|instance_eval|class_eval|send|public_send|__send__)\s*(?:\(|\s)`,
      'g',
    ),
    dynamic:
      /`[^`]*#\{|%x[({[]?[^)}\]]*#\{|\b(?:eval|instance_eval|class_eval|send|public_send|__send__|const_get|method)\s*[(\s]|\.(?:unpack1?|pack|reverse|tr)\b/,
    plain: /^\s*(?:'[^'\\\n]*'|"[^"\\\n#]*")\s*$/,
  },
  perl: {
    calls:
      /(?<![\w$@%&:>-])(?:open|sysopen|opendir|unlink|rmdir|rename|link|symlink|system|exec|do|require|chmod|chown|truncate|remove_tree|rmtree|make_path|mkpath|copy|move|qx)\s*(?:\(|\s)/g,
    dynamic: /`[^`]*\$|\bqx\s*[({[\/'"|][^)}\]]*\$|\beval\b|\b(?:pack|unpack|reverse|chr)\s*[(\s]|\btr\s*\/|\by\s*\//,
    plain: PLAIN_SINGLE,
  },
  php: {
    calls:
      /(?<![\w$>:])(?:file_get_contents|file_put_contents|fopen|file|readfile|unlink|rmdir|rename|copy|symlink|link|system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|include|include_once|require|require_once|curl_init|fsockopen|scandir|glob|opendir|chmod|touch|mkdir|highlight_file|show_source|parse_ini_file)\s*(?:\(|\s)/g,
    dynamic:
      /`[^`]*\$|(?<![\w$>:])(?:eval|assert|create_function|call_user_func|call_user_func_array|base64_decode|hex2bin|str_rot13|strrev|chr|pack|implode|join)\s*\(|\$\w+\s*\(|\$\{/,
    plain: PLAIN_SINGLE,
  },
};

/** The first argument of a call whose `(` (or the space after the name) ends at `from`: up to a top-level `,` or the closing bracket. */
function firstArg(code: string, from: number): string {
  let depth = 0;
  let quote = '';
  const paren = code[from - 1] === '(';
  for (let i = from; i < code.length && i < from + 2000; i++) {
    const c = code[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return code.slice(from, i);
      depth--;
    } else if (depth === 0 && (c === ',' || (!paren && (c === '\n' || c === ';' || c === '{')))) return code.slice(from, i);
  }
  return code.slice(from, Math.min(code.length, from + 2000));
}

/** Comments dropped (line comments by the language's marker, block comments in C-like code), strings kept. */
function withoutComments(code: string, lang: string): string {
  const hash = lang === 'python' || lang === 'ruby' || lang === 'perl' || lang === 'php';
  const slash = lang === 'node' || lang === 'php';
  let out = '';
  let quote = '';
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (quote) {
      out += c;
      if (c === '\\' && i + 1 < code.length) out += code[++i];
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      out += c;
      continue;
    }
    if ((hash && c === '#' && !(lang === 'ruby' && code[i + 1] === '{')) || (slash && c === '/' && code[i + 1] === '/')) {
      // `#!` line and comments to the end of the line; a URL's `//` inside a string never gets here.
      while (i < code.length && code[i] !== '\n') i++;
      out += '\n';
      continue;
    }
    if (slash && c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? code.length : end + 1;
      out += ' ';
      continue;
    }
    out += c;
  }
  return out;
}

/** What a script's calls name: why it cannot be accounted for, and the paths its file calls name (folded constants included). */
export interface ScriptCalls {
  why: string | undefined;
  /** Plain-literal (or constant) first arguments of the calls: paths, judged by the path rules as reads. */
  paths: string[];
}

/**
 * Why `code` (in `lang`: node, python, ruby, perl, php) cannot be accounted for by its literal paths: the first
 * call that reaches files, processes or the network with an argument that is not one plain string literal, or a
 * construct that runs or names what the text does not show. undefined: every such call names what it touches.
 */
export function opaqueCall(lang: string, code: string): string | undefined {
  return scriptCalls(lang, code).why;
}

/**
 * opaqueCall, with the argument of a call folded to the literal it is when it is a constant (constfold.ts:
 * `path.join(__dirname, 'out.json')`, a name bound once to a literal) for a script at `file`, and the literal
 * arguments returned: a path the script names, by literal or constant, is judged like one.
 */
export function scriptCalls(lang: string, code: string, file?: string): ScriptCalls {
  const paths: string[] = [];
  const l = LANGS[lang];
  if (!l) return { why: undefined, paths };
  const text = withoutComments(code, lang);
  const d = l.dynamic.exec(text);
  if (d) return { why: `it computes code, names or strings at run time (${d[0].trim().slice(0, 40)})`, paths };
  const env = envRead(lang, text);
  if (env !== undefined) return { why: env, paths };
  const fold = file === undefined ? undefined : folder(lang, text, file);
  const lit = (arg: string) => /^\s*(?:[rRbBuU]{0,2})(?:'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`)\s*$/.exec(arg);
  const add = (p: string) => {
    // A URL, a command line or a word with spaces is no path (the command walk and the network rules have those).
    if (p !== '' && !/\s|^[a-z][a-z0-9+.-]*:/i.test(p)) paths.push(p);
  };
  // A change of folder by a computed name (`os.chdir(tmp_path)` in a pytest fixture, `process.chdir(dir)`) reads,
  // writes and runs nothing itself; it only moves what the script's relative paths name. So it is fine on its own,
  // and a relative path the script names beside it is one relative to a folder nobody judged (below).
  let movedTo: string | undefined;
  const dirs: string[] = [];
  l.calls.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = l.calls.exec(text)) !== null) {
    const end = m.index + m[0].length;
    const arg = firstArg(text, end);
    // `open()` with nothing, `spawn(` of a literal: fine. A call of an API with no argument touches nothing named.
    if (arg.trim() === '') continue;
    if (CHDIR.test(m[0])) {
      const x = l.plain.test(arg) ? lit(arg) : null;
      const to = x ? (x[1] ?? x[2] ?? x[3] ?? '') : fold?.(arg);
      if (to === undefined) movedTo ??= `${m[0].replace(/\s*\(\s*$/, '')}(${arg.trim().slice(0, 40)})`;
      else dirs.push(to);
      continue;
    }
    if (l.plain.test(arg)) {
      const x = lit(arg);
      if (x) add(x[1] ?? x[2] ?? x[3] ?? '');
      continue;
    }
    const folded = fold?.(arg);
    if (folded !== undefined) {
      add(folded);
      continue;
    }
    // A list of plain literals (`subprocess.run(['ls', '-l'])`, `spawn('git', ['status'])`'s command).
    if (
      /^\s*\[[^\]]*\]\s*$/.test(arg) &&
      arg
        .trim()
        .slice(1, -1)
        .split(',')
        .every((x) => x.trim() === '' || l.plain.test(x))
    )
      continue;
    // Ruby/Perl/PHP without parentheses: `require 'json'`, `open F, '<', 'x'` — a bareword handle is no path.
    if (code[end - 1] !== '(' && /^\s*[A-Z_]+\s*$/.test(arg)) continue;
    return { why: `${m[0].replace(/\s*\(?\s*$/, '')}(${arg.trim().slice(0, 60)}) touches a file, program or address it computes`, paths };
  }
  // pathlib's file methods on any receiver (`(BASE.parent / '.env').read_text()`, `cfg.unlink()`): the receiver is
  // the path, folded like an argument or computed.
  if (lang === 'python') {
    for (const r of text.matchAll(PY_PATH_METHOD)) {
      const recv = receiver(text, r.index);
      const v = recv === undefined || fold === undefined ? undefined : fold(recv);
      if (v === undefined) {
        // A name nobody bound to a path (a file object, a string): only Path methods are this list, so it is computed.
        return { why: `${(recv ?? '').slice(0, 60)}${r[0].trim()}…) touches a path it computes`, paths };
      }
      add(v);
    }
  }
  // pathlib: a path built on from a Path (`Path('.') / ('.e' + 'nv')`, `.joinpath(x)`, `Path.home() / …`) is the path
  // the file call reads, whatever Path() was given first.
  if (lang === 'python') {
    for (const p of text.matchAll(
      /\b(?:pathlib\s*\.\s*)?(?:Pure|Posix)?Path\s*(?:\.\s*(?:home|cwd)\s*)?\((?=[^)]*\)\s*(?:\/(?![/=])|\.\s*(?:joinpath|with_name|with_stem|with_suffix|parent)\b))/g,
    )) {
      const v = fold === undefined ? undefined : pathChain(fold, text.slice(p.index));
      if (v === undefined) return { why: `a path built from ${text.slice(p.index, p.index + 60).split('\n')[0]} is computed`, paths };
      add(v);
    }
  }
  const rel = paths.filter((p) => !p.startsWith('/') && !p.startsWith('~'));
  if (movedTo !== undefined && rel.length) return { why: `names ${rel[0]} relative to a folder it changes into by a computed name (${movedTo})`, paths };
  // A folder it changes into by name: its relative paths are judged there too (before or after the change).
  for (const d of dirs) {
    add(d);
    for (const p of rel) add(`${d.replace(/\/+$/, '')}/${p}`);
  }
  return { why: undefined, paths };
}

/** The calls that change the process's folder (Python's os.chdir, Node's process.chdir). */
const CHDIR = /^(?:os|process)\s*\.\s*chdir\s*\($/;

/** pathlib's methods that read, write, list or remove the path they are called on. */
const PY_PATH_METHOD =
  /\.\s*(?:read_text|read_bytes|write_text|write_bytes|unlink|rmdir|rename|replace|touch|iterdir|rglob|symlink_to|hardlink_to|chmod|lchmod|readlink)\s*\(/g;

/** The receiver of a method call whose `.` is at `dot`: a bracketed expression or a dotted name, or undefined. */
function receiver(text: string, dot: number): string | undefined {
  let i = dot;
  while (i > 0 && /\s/.test(text[i - 1])) i--;
  if (text[i - 1] === ')') {
    let depth = 0;
    for (let j = i - 1; j >= 0 && j > i - 2000; j--) {
      if (text[j] === ')') depth++;
      else if (text[j] === '(' && --depth === 0) {
        // `Path(x).read_text()`: the call's name is part of the receiver; `(a / b).read_text()`: the bracket is.
        const name = /[\w.]*$/.exec(text.slice(0, j))![0];
        return name ? text.slice(j - name.length, i) : text.slice(j + 1, i - 1);
      }
    }
    return undefined;
  }
  const name = /[A-Za-z_][\w.]*$/.exec(text.slice(0, i));
  return name?.[0];
}

/** The pathlib chain at the start of `text`, folded to a constant (a file call's receiver), or undefined. */
function pathChain(fold: (arg: string) => string | undefined, text: string): string | undefined {
  // It ends where a call that is not path arithmetic starts (`.read_text(`), or at the line's end or a `,`.
  const end = /\.\s*(?!joinpath|with_name|with_stem|with_suffix|parent|resolve|absolute|expanduser|home|cwd)[A-Za-z_]\w*\s*\(|[\n,;:]|\s+as\s/.exec(text);
  let chain = (end ? text.slice(0, end.index) : text).trimEnd();
  const count = (t: string, c: string) => t.split(c).length - 1;
  // The `)` of an enclosing `(Path(__file__).parent / 'x')` is not the chain's.
  while (chain.endsWith(')') && count(chain, ')') > count(chain, '(')) chain = chain.slice(0, -1).trimEnd();
  return fold(chain);
}

/** A variable name in quotes (or Perl's bareword key): the name, or undefined for anything computed. */
const ENV_NAME = String.raw`\s*(?:'([A-Za-z_][\w.-]*)'|"([A-Za-z_][\w.-]*)"|([A-Za-z_]\w*(?=\s*\})))\s*`;

/** How each language names one variable of its environment right after the environment object (or a getenv call). */
const ENV_USE: Record<string, { whole: RegExp; one: RegExp }> = {
  python: {
    whole: /\b(?:environb?|getenv|getenvb)\b/g,
    one: new RegExp(String.raw`^(?:environb?\s*(?:\[${ENV_NAME}\]|\.\s*(?:get|setdefault|pop)\s*\(${ENV_NAME}[,)])|getenvb?\s*\(${ENV_NAME}[,)])`),
  },
  node: {
    whole: /\b(?:process\s*\.\s*env|Bun\s*\.\s*env|Deno\s*\.\s*env)\b/g,
    one: new RegExp(
      String.raw`^(?:(?:process|Bun)\s*\.\s*env\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[${ENV_NAME}\]|\?\.\s*([A-Za-z_$][\w$]*))|Deno\s*\.\s*env\s*\.\s*(?:get|has)\s*\(${ENV_NAME}\))`,
    ),
  },
  ruby: { whole: /(?<![\w:])ENV\b/g, one: new RegExp(String.raw`^ENV\s*(?:\[${ENV_NAME}\]|\.\s*(?:fetch|key\?|include\?|has_key\?)\s*\(?${ENV_NAME}[,)\s])`) },
  php: {
    whole: /\$_ENV\b|\$_SERVER\b|(?<![\w$>:])getenv\b/g,
    one: new RegExp(String.raw`^(?:\$_(?:ENV|SERVER)\s*\[${ENV_NAME}\]|getenv\s*\(${ENV_NAME}[,)])`),
  },
  perl: { whole: /[%$@]ENV\b/g, one: new RegExp(String.raw`^\$ENV\s*\{${ENV_NAME}\}`) },
};

/**
 * Why the code reads its environment in a way that can print it: the whole of it (`dict(os.environ)`,
 * `console.log(process.env)`, `ENV.to_h`, `getenv()`, `%ENV`), a variable by a computed name, or a secret-bearing one
 * by name (`process.env.GITHUB_TOKEN`). One plain variable by name (`os.environ.get("DEBUG")`) and the whole handed on
 * to a child process (`{...process.env}`, `env: process.env`) are fine.
 */
function envRead(lang: string, text: string): string | undefined {
  const u = ENV_USE[lang];
  if (!u) return undefined;
  u.whole.lastIndex = 0;
  for (const m of text.matchAll(u.whole)) {
    const at = m.index;
    const before = text.slice(Math.max(0, at - 12), at);
    const rest = text.slice(at, at + 200);
    // The environment handed on to a child (node): spread into an object or given as its `env`.
    if (lang === 'node' && (/\.\.\.\s*$/.test(before) || /\benv\s*:\s*$/.test(before)) && /^[\w$.\s]+[,}\n]/.test(rest)) continue;
    // Python: `os` imports and `environ` inside a longer name are not reads.
    if (lang === 'python' && /\bimport[ \t]+[\w \t,.]*$/.test(text.slice(Math.max(0, at - 80), at))) continue;
    const one = u.one.exec(rest);
    if (!one) return `reads the environment as a whole or by a computed name (${rest.split('\n')[0].slice(0, 40)})`;
    const name = one.slice(1).find((x) => x !== undefined);
    if (name !== undefined && SECRET_NAME.test(name)) return `reads the secret-bearing variable ${name} from the environment`;
  }
  return undefined;
}
