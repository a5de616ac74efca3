// Inline programs (python -c, node -e, ruby -e, perl -e, php -r, mongosh --eval, a here-doc fed to python):
// allowed only when the guard can show they are harmless. The reading is deliberately small: a program may
// compute and print, read stdin, use modules that do no I/O, and open files by literal name (those become
// path effects the path rules judge). Anything else (a module that can run commands or talk to the network,
// reflection, eval, dunder attributes, environment dumps, computed file names) is `unknown`: asked.
// Threat: `python3 -c "print(open('.env').read())"`, `node -e "require('child_process')…"`, code built at
// run time, and `[].constructor.constructor('…')()`-style escapes from a keyword list.
import { setCodeArg, type Model } from './model';
import { codePaths, createsOnly } from '../codepaths';
import { destructiveApi } from '../interp';
import { judgeCallCode } from './callcode';
import { SECRET_NAME } from '../secretvars';

export interface CodeVerdict {
  reads: string[];
  writes: string[];
  /** Files of the project the code loads and runs (`require('./scripts/setup.js')`): judged as a run of them. */
  runs?: string[];
  /** Why it is not proven harmless (undefined: it is). */
  why: string | undefined;
}

interface Tok {
  t: 'id' | 'str' | 'p';
  v: string;
}

/** Tokens of a C-like or Python-like program: identifiers, string literals (their text), punctuation. */
function tokens(src: string, lang: string): Tok[] | string {
  const out: Tok[] = [];
  const hashComments = lang === 'python' || lang === 'ruby' || lang === 'perl' || lang === 'php';
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if ((c === '#' && hashComments && !(lang === 'ruby' && src[i + 1] === '{')) || (c === '/' && src[i + 1] === '/' && lang !== 'python' && lang !== 'perl')) {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*' && lang !== 'python') {
      const e = src.indexOf('*/', i + 2);
      if (e < 0) return 'an unterminated comment';
      i = e + 2;
      continue;
    }
    // Python string prefixes (r, b, f, rb, …): an f-string's braces are code.
    let prefix = '';
    if (lang === 'python' && /[rRbBuUfF]/.test(c)) {
      const m = /^[rRbBuUfF]{1,2}(?=['"])/.exec(src.slice(i, i + 3));
      if (m) {
        prefix = m[0].toLowerCase();
        i += m[0].length;
      }
    }
    const q = src[i];
    if (q === '"' || q === "'" || (q === '`' && lang !== 'python' && lang !== 'perl')) {
      const triple = lang === 'python' && src.startsWith(q.repeat(3), i);
      const end = triple ? q.repeat(3) : q;
      let j = i + end.length;
      let v = '';
      const inner: string[] = [];
      while (j < n && !src.startsWith(end, j)) {
        const ch = src[j];
        if (ch === '\\' && !prefix.includes('r')) {
          v += src[j + 1] ?? '';
          j += 2;
          continue;
        }
        // Interpolation: JS `${…}`, Python f'{…}', Ruby "#{…}", PHP/Perl "$x" are code inside the string.
        if (
          (q === '`' && ch === '$' && src[j + 1] === '{') ||
          (prefix.includes('f') && ch === '{' && src[j + 1] !== '{') ||
          (lang === 'ruby' && q === '"' && ch === '#' && src[j + 1] === '{')
        ) {
          const close = src.indexOf('}', j);
          if (close < 0) return 'an unterminated interpolation';
          inner.push(src.slice(j + (ch === '{' ? 1 : 2), close));
          j = close + 1;
          continue;
        }
        if ((lang === 'perl' || lang === 'php') && q === '"' && (ch === '$' || ch === '@') && /[A-Za-z_{]/.test(src[j + 1] ?? ''))
          inner.push(src.slice(j, j + 40).split(/[^\w${}[\]'"-]/)[0]);
        v += ch;
        j++;
      }
      if (j >= n) return 'an unterminated string';
      out.push({ t: 'str', v });
      for (const code of inner) {
        const sub = tokens(code, lang);
        if (typeof sub === 'string') return sub;
        out.push({ t: 'p', v: '(' }, ...sub, { t: 'p', v: ')' });
      }
      i = j + end.length;
      continue;
    }
    if (prefix) {
      i -= prefix.length;
      prefix = '';
    }
    if (/[A-Za-z_$@%]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$]/.test(src[j])) j++;
      out.push({ t: 'id', v: src.slice(i, j) });
      i = j;
      continue;
    }
    out.push({ t: 'p', v: c });
    i++;
  }
  return out;
}

const PY_MODULES = new Set([
  'json',
  'sys',
  'math',
  're',
  'datetime',
  'time',
  'platform',
  'base64',
  'hashlib',
  'uuid',
  'random',
  'string',
  'textwrap',
  'collections',
  'itertools',
  'functools',
  'operator',
  'decimal',
  'fractions',
  'statistics',
  'pprint',
  'csv',
  'html',
  'unicodedata',
  'struct',
  'binascii',
  'calendar',
  'copy',
  'enum',
  'dataclasses',
  'typing',
  'heapq',
  'bisect',
  'array',
  'numbers',
  'secrets',
  'hmac',
  'difflib',
  'shlex',
  'fnmatch',
  'ipaddress',
  'urllib.parse',
  'sysconfig',
  'keyword',
  'locale',
  'zlib',
  'tomllib',
  'yaml',
  'toml',
  'ast',
  'argparse',
  'io',
  'contextlib',
  'abc',
  'numpy',
  'np',
  'pandas',
  'pd',
  'importlib.metadata',
  'email.utils',
  'colorsys',
  'cmath',
  'graphlib',
  'zoneinfo',
]);
const PY_FORBIDDEN = new Set([
  'exec',
  'eval',
  'compile',
  '__import__',
  'getattr',
  'setattr',
  'delattr',
  'globals',
  'locals',
  'vars',
  'breakpoint',
  'memoryview',
  'help',
  'exit',
  'quit',
  'license',
  'credits',
  'copyright',
  'pickle',
  'marshal',
  'ctypes',
  'subprocess',
  'os',
  'shutil',
  'socket',
  'pathlib',
  'Path',
  'glob',
  'tempfile',
  'importlib',
  'builtins',
  'code',
  'pty',
  'signal',
  'threading',
  'multiprocessing',
  'asyncio',
  'urllib',
  'requests',
  'http',
  'httpx',
  'aiohttp',
  'ftplib',
  'smtplib',
  'telnetlib',
  'webbrowser',
  'sqlite3',
  'dbm',
  'shelve',
  'zipfile',
  'tarfile',
  'gzip',
  'bz2',
  'lzma',
  'fileinput',
  'linecache',
  'runpy',
  'pdb',
  'trace',
  'atexit',
  'gc',
  'inspect',
  'load',
  'loads',
]);
const PY_SYS =
  /^(stdin|stdout|stderr|argv|version|version_info|platform|exit|maxsize|byteorder|executable|implementation|hexversion|float_info|getrecursionlimit|getdefaultencoding|getsizeof|path)$/;

const JS_FORBIDDEN = new Set([
  'eval',
  'Function',
  'import',
  'globalThis',
  'global',
  'window',
  'self',
  'constructor',
  '__proto__',
  'prototype',
  'module',
  'exports',
  'child_process',
  'execSync',
  'exec',
  'spawn',
  'spawnSync',
  'execFile',
  'execFileSync',
  'fork',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'Worker',
  'WebAssembly',
  'vm',
  'setInterval',
  'Reflect',
  'Proxy',
  'Deno',
  'Bun',
  'load',
  'loadScript',
  'runCommand',
  'run',
]);
const JS_REQUIRE =
  /^(path|util|url|querystring|assert|events|buffer|string_decoder|crypto|os|zlib|punycode|node:path|node:util|node:url|node:os|node:crypto|node:assert|node:buffer|fs|node:fs)$/;
const JS_FS = /^(readFileSync|readdirSync|existsSync|statSync|lstatSync|readFile|readdir|stat|lstat|access|accessSync|realpathSync)$/;
/** fs calls that change files (their first argument must be a literal path, read off the line). */
const JS_MUTATE =
  /Sync$|^(writeFile|appendFile|rm|unlink|rename|copyFile|mkdir|rmdir|symlink|link|chmod|createWriteStream|createReadStream|open|cp|truncate|utimes|chown|lchown|opendir|mkdtemp)$/;
/** fs calls with a source and a destination: a link, a copy, a move. */
const JS_TWO_PATHS = /^(symlink|link|copyFile|cp|rename)(Sync)?$/;
/** What an fs function is taken from: the module, its promises, `require('fs')` itself. */
const JS_FS_RECEIVER = /^(fs|fsp|promises|fse|\))$/;
const JS_PROCESS =
  /^(version|versions|platform|arch|argv|cwd|exit|stdin|stdout|stderr|pid|uptime|memoryUsage|hrtime|env|release|execPath|title|exitCode|nextTick)$/;
const CODE_SECRET_NAME = /SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE|CREDENTIAL|AUTH|SESSION|COOKIE|DATABASE_URL|_DSN|_KEY$/i;

const RUBY_FORBIDDEN = new Set([
  'system',
  'exec',
  'spawn',
  'fork',
  'eval',
  'instance_eval',
  'class_eval',
  'module_eval',
  'instance_exec',
  'send',
  '__send__',
  'public_send',
  'const_get',
  'method',
  'define_method',
  'ObjectSpace',
  'IO',
  'Open3',
  'Process',
  'Kernel',
  'FileUtils',
  'Dir',
  'Socket',
  'Net',
  'URI',
  'open',
  'load',
  'require_relative',
  'binding',
  'Binding',
  'syscall',
  'trap',
  'at_exit',
  'Marshal',
  'Pathname',
  'Tempfile',
]);
const RUBY_REQUIRE = /^(json|set|date|time|securerandom|digest|base64|yaml|pp|csv|bigdecimal|optparse|ostruct|English|erb)$/;
const RUBY_FILE = /^(read|readlines|foreach|exist\?|exists\?|file\?|directory\?|size|basename|dirname|extname|join|expand_path)$/;

const PERL_FORBIDDEN = new Set([
  'system',
  'exec',
  'qx',
  'fork',
  'eval',
  'do',
  'require',
  'unlink',
  'rmdir',
  'rename',
  'link',
  'symlink',
  'chmod',
  'chown',
  'kill',
  'mkdir',
  'truncate',
  'socket',
  'connect',
  'syscall',
  'dbmopen',
  'glob',
  'opendir',
  'utime',
  'chdir',
  'chroot',
  'readpipe',
  'pipe',
  'sysopen',
  '%ENV',
  '$ENV',
  'ENV',
]);
const PERL_USE =
  /^(strict|warnings|utf8|JSON|JSON::PP|Data::Dumper|List::Util|Scalar::Util|POSIX|Time::Local|Time::HiRes|Getopt::Long|File::Basename|Digest::MD5|Digest::SHA|MIME::Base64|Text::Wrap|constant|feature|open)$/;

const PHP_FORBIDDEN = new Set([
  'system',
  'exec',
  'shell_exec',
  'passthru',
  'popen',
  'proc_open',
  'pcntl_exec',
  'eval',
  'assert',
  'create_function',
  'include',
  'include_once',
  'require',
  'require_once',
  'unlink',
  'rmdir',
  'rename',
  'copy',
  'fopen',
  'file_put_contents',
  'fwrite',
  'mail',
  'curl_exec',
  'fsockopen',
  'stream_socket_client',
  'getenv',
  'putenv',
  'phpinfo',
  'call_user_func',
  'call_user_func_array',
  'dl',
  'ini_set',
  'extract',
  'parse_str',
  'chmod',
  'chown',
  'symlink',
  'link',
  'mkdir',
  'touch',
  '$_ENV',
  '$_SERVER',
  'preg_replace_callback',
  'array_map',
  'usort',
  'ReflectionFunction',
  'SplFileObject',
  'ZipArchive',
  'PDO',
  'mysqli',
  'glob',
  'scandir',
  'opendir',
]);

const NO: string[] = [];

/** Literal string argument at tokens[k] (`(` expected at k), or undefined. */
function litArg(ts: Tok[], k: number): string | undefined {
  // The literal must be the whole argument: `readFileSync('.'+'env')`, `file_get_contents(".e"."nv")` name a
  // file the guard cannot read off the line (its first piece is not the path).
  return ts[k]?.v === '(' && ts[k + 1]?.t === 'str' && (ts[k + 2]?.v === ',' || ts[k + 2]?.v === ')') ? ts[k + 1].v : undefined;
}

/** The second literal argument of a call whose first is a literal (`(`, lit, `,`, lit at k…k+4). */
function litArg2(ts: Tok[], k: number): string | undefined {
  return litArg(ts, k) !== undefined && ts[k + 2]?.v === ',' && ts[k + 3]?.t === 'str' && (ts[k + 4]?.v === ',' || ts[k + 4]?.v === ')')
    ? ts[k + 3].v
    : undefined;
}

export function judgeCode(lang: string, code: string): CodeVerdict {
  const l = lang === 'mongo' ? 'node' : lang;
  const calls = judgeCallCode(l, code);
  if (calls !== undefined) return calls;
  if (!/^(python|node|ruby|perl|php)$/.test(l)) return { reads: NO, writes: NO, why: `code in ${lang} is not read by the guard` };
  const ts = tokens(code, l);
  if (typeof ts === 'string') return { reads: NO, writes: NO, why: `the ${lang} code has ${ts}` };
  const reads: string[] = [];
  const writes: string[] = [];
  let runs: string[] | undefined;
  const no = (why: string): CodeVerdict => ({ reads, writes, runs, why });
  for (let k = 0; k < ts.length; k++) {
    const t = ts[k];
    // `fs['symlinkSync'](…)`: a member named by a string is the same member.
    if (l === 'node' && t.t === 'str' && ts[k - 1]?.v === '[' && ts[k + 1]?.v === ']' && (JS_MUTATE.test(t.v) || JS_FORBIDDEN.has(t.v)))
      return no(`code uses [${JSON.stringify(t.v)}]`);
    if (t.t !== 'id') continue;
    const v = t.v;
    const next = ts[k + 1];
    const prev = ts[k - 1];
    const member = prev?.v === '.';
    if (/__\w+__/.test(v) && v !== '__name__' && v !== '__main__' && v !== '__file__') return no(`${lang} code uses ${v}`);
    if (l === 'python') {
      if (v === 'import' || v === 'from') {
        // import a, b.c as d / from a.b import c
        let j = k + 1;
        const mods: string[] = [];
        while (ts[j] && ts[j].t === 'id' && ts[j].v !== 'import') {
          let name = ts[j].v;
          while (ts[j + 1]?.v === '.' && ts[j + 2]?.t === 'id') {
            name += '.' + ts[j + 2].v;
            j += 2;
          }
          mods.push(name);
          j++;
          if (ts[j]?.v === 'as') j += 2;
          if (ts[j]?.v === ',') j++;
          else break;
          if (v === 'from') break;
        }
        for (const mod of mods)
          if (!PY_MODULES.has(mod) && !PY_MODULES.has(mod.split('.')[0] + '.' + (mod.split('.')[1] ?? ''))) return no(`python code imports ${mod}`);
        continue;
      }
      if (!member && PY_FORBIDDEN.has(v)) return no(`python code uses ${v}`);
      if (member && /^(load|loads)$/.test(v) && /^(pickle|marshal|dill)$/.test(ts[k - 2]?.v ?? '')) return no('python code unpickles data');
      if (v === 'sys' && next?.v === '.' && !PY_SYS.test(ts[k + 2]?.v ?? '')) return no(`python code uses sys.${ts[k + 2]?.v ?? ''}`);
      if (v === 'open' && !member) {
        const p = litArg(ts, k + 1);
        if (p === undefined) return no('python code opens a file it computes');
        const mode = ts[k + 3]?.v === ',' && ts[k + 4]?.t === 'str' ? ts[k + 4].v : ts[k + 3]?.v === ')' ? 'r' : undefined;
        if (mode === undefined) return no('python code opens a file in a mode the guard cannot read');
        (/[wax+]/.test(mode) ? writes : reads).push(p);
      }
      if (v === 'environ' || v === 'getenv') return no('python code reads the environment');
      continue;
    }
    if (l === 'node') {
      if (v === 'require') {
        const p = litArg(ts, k + 1);
        if (p === undefined) return no('code requires a module it computes');
        // A relative or absolute module runs when it is loaded: a planted `scripts/setup.js` is judged as its run.
        if (p.startsWith('.') || p.startsWith('/')) {
          reads.push(p);
          (runs ??= []).push(p);
        } else if (!JS_REQUIRE.test(p)) return no(`code requires ${p}`);
        continue;
      }
      if (JS_FORBIDDEN.has(v)) {
        // `re.exec(s)`, `x.run()`: a method of some object (child_process itself is only reachable through require).
        if (member && /^(exec|run|load|spawn|fork|execSync|spawnSync|execFile|execFileSync)$/.test(v) && ts[k - 2]?.v !== 'child_process') continue;
        return no(`code uses ${v}`);
      }
      // `const { symlinkSync } = require('fs'); symlinkSync(…)`: called by its own name, it is the same call.
      const called = member || (next?.v === '(' && prev?.v !== 'function');
      if (called && JS_FS.test(v)) {
        const p = litArg(ts, k + 1);
        if (p === undefined) return no(`code calls ${v} on a path it computes`);
        reads.push(p);
        continue;
      }
      if (called && JS_MUTATE.test(v) && ts[k - 2]?.v !== 'JSON') {
        const p = litArg(ts, k + 1);
        if (p === undefined || /^(createReadStream|open)$/.test(v)) return no(`code calls ${v}`);
        // A link, copy or move names two paths: both must be read off the line (the second is where the alias lands).
        if (JS_TWO_PATHS.test(v) && litArg2(ts, k + 1) === undefined) return no(`code calls ${v} with a path it computes`);
        writes.push(p);
        continue;
      }
      // The call under another name, or handed on uncalled: `const { symlinkSync: s } = require('fs')`,
      // `fs.symlinkSync.call(…)`, `[…].forEach(fs.rmSync)`, `fs['symlinkSync'](…)`.
      if (JS_MUTATE.test(v) && ((member && JS_FS_RECEIVER.test(ts[k - 2]?.v ?? '')) || (next?.v === ':' && /Sync$/.test(v))))
        return no(`code takes fs.${v} without calling it on a literal path`);
      if (v === 'process' && next?.v === '.') {
        const a = ts[k + 2]?.v ?? '';
        if (!JS_PROCESS.test(a)) return no(`code uses process.${a}`);
        if (a === 'env') {
          const b = ts[k + 3]?.v === '.' ? ts[k + 4]?.v : ts[k + 3]?.v === '[' && ts[k + 4]?.t === 'str' ? ts[k + 4].v : undefined;
          if (b === undefined || CODE_SECRET_NAME.test(b) || SECRET_NAME.test(b)) return no('code reads the environment');
        }
      } else if (v === 'process') return no('code uses process');
      continue;
    }
    if (l === 'ruby') {
      if (v === 'require') {
        const p = ts[k + 1]?.t === 'str' ? ts[k + 1].v : litArg(ts, k + 1);
        if (p === undefined || !RUBY_REQUIRE.test(p)) return no(`ruby code requires ${p ?? 'a computed library'}`);
        continue;
      }
      if (!member && RUBY_FORBIDDEN.has(v)) return no(`ruby code uses ${v}`);
      if (member && /^(send|__send__|public_send|instance_eval|instance_exec|const_get|eval|system|popen|spawn)$/.test(v)) return no(`ruby code uses ${v}`);
      if (v === 'File' && next?.v === '.') {
        const m = ts[k + 2]?.v ?? '';
        const f = m + (ts[k + 3]?.v === '?' ? '?' : '');
        if (!RUBY_FILE.test(f)) return no(`ruby code uses File.${m}`);
        if (/^(read|readlines|foreach)$/.test(m)) {
          const p = litArg(ts, k + 3) ?? (ts[k + 3]?.t === 'str' ? ts[k + 3].v : undefined);
          if (p === undefined) return no(`ruby code reads a file it computes`);
          reads.push(p);
        }
      }
      if (v === 'ENV') return no('ruby code reads the environment');
      continue;
    }
    if (l === 'perl') {
      if (v === 'use' || v === 'no') {
        let name = ts[k + 1]?.v ?? '';
        let j = k + 2;
        while (ts[j]?.v === ':' && ts[j + 1]?.v === ':' && ts[j + 2]?.t === 'id') {
          name += '::' + ts[j + 2].v;
          j += 3;
        }
        if (!PERL_USE.test(name)) return no(`perl code uses the module ${name}`);
        continue;
      }
      if (PERL_FORBIDDEN.has(v)) return no(`perl code uses ${v}`);
      if (v === 'open') {
        const args = ts
          .slice(k + 1, k + 9)
          .filter((x) => x.t === 'str')
          .map((x) => x.v);
        const mode = args.length >= 2 ? args[0].trim() : (args[0] ?? '').trim();
        // `open(F, ">", ".agent"."guard.yaml")`: a name joined from pieces is computed, whatever its pieces say.
        const upto = ts.slice(k + 1, k + 12);
        const end = upto.findIndex((x) => x.v === ';' || x.v === ')');
        if (upto.slice(0, end < 0 ? undefined : end).some((x) => x.t !== 'str' && (x.v === '.' || x.v === 'x' || x.v === 'join' || x.v === 'sprintf')))
          return no('perl code opens a file it computes');
        const target = args.length >= 2 ? args[1] : (args[0] ?? '').replace(/^[<>+|&\s]+/, '');
        if (!target || /\|/.test(mode) || (args.length < 2 && /^\s*\||\|\s*$/.test(args[0] ?? ''))) return no('perl code opens a pipe or a computed file');
        if (/^\+?>/.test(mode) || (args.length < 2 && /^\s*\+?>/.test(args[0] ?? ''))) writes.push(target);
        else reads.push(target);
      }
      continue;
    }
    if (l === 'php') {
      if (PHP_FORBIDDEN.has(v)) return no(`php code uses ${v}`);
      // `$f = "sys"."tem"; $f("…")`: a call through a variable runs whatever function the string names.
      if (v.startsWith('$') && next?.v === '(') return no('php code calls a function through a variable');
      if (v === 'file_get_contents' || v === 'file' || v === 'readfile' || v === 'fopen') {
        const p = litArg(ts, k + 1);
        if (p === undefined) return no(`php code reads a file it computes`);
        if (/^[a-z]+:\/\//.test(p) && !p.startsWith('file://')) return no('php code fetches a URL');
        reads.push(p.replace(/^file:\/\//, ''));
      }
    }
  }
  // A loop with no condition that can end it and nothing in the code that leaves it (`while(true){}`, `while 1:`,
  // `for(;;)`, `loop do`, `fork while 1`): it runs until someone kills it, eating a processor or memory.
  if (ENDLESS_CODE.test(code) && !LEAVES_LOOP.test(code)) return no(`${lang} code loops without end`);
  if (HUGE_SIZE.test(code)) return no(`${lang} code builds or repeats something of a billion elements or more (memory or CPU exhaustion)`);
  // Calls the guard cannot name. Threat: a function picked at run time (`("sys"."tem")("…")`, `&{"sys"."tem"}(…)`,
  // `$f->(…)`) or handed over by name as a callback (`array_walk($a, "system")`) runs what no word on the line says.
  if (l === 'php' || l === 'perl') {
    for (let k = 0; k + 1 < ts.length; k++) {
      const a = ts[k];
      const b = ts[k + 1];
      if (a.v === ')' && b.v === '(') return no(`${lang} code calls the result of an expression`);
      if (l === 'perl' && a.v === '&' && (b.v === '{' || (b.t === 'id' && b.v.startsWith('$')))) return no('perl code calls a subroutine it computes');
      if (l === 'perl' && a.v === '-' && b.v === '>' && ts[k + 2]?.v === '(') return no('perl code calls a code reference');
      if (l === 'php' && a.t === 'str' && PHP_FORBIDDEN.has(a.v.toLowerCase())) return no(`php code names ${a.v} as a callback`);
    }
  }
  // php has many functions that read a file by name (parse_ini_file, highlight_file, simplexml_load_file, …):
  // a literal that names a dotfile or a path is taken as read, whichever function it is given to.
  if (l === 'php') for (const t of ts) if (t.t === 'str' && PATH_LIKE.test(t.v) && !reads.includes(t.v)) reads.push(t.v);
  // Backticks, %x and qx run commands in ruby, perl and php.
  if ((l === 'ruby' || l === 'perl' || l === 'php') && /`|%x[({[]/.test(code)) return no(`${lang} code runs a command in backticks`);
  if (l === 'perl' && /\$ENV|%ENV/.test(code)) return no('perl code reads the environment');
  // `@ARGV = (".e"."nv"); print <>`: the diamond operator reads the files named in @ARGV, set by the code itself.
  if (l === 'perl' && /@ARGV|\$ARGV\b/.test(code) && /<<?>>?|<ARGV>|<STDIN>/.test(code)) return no('perl code reads the files it names in @ARGV');
  return { reads, writes, runs, why: undefined };
}

const ENDLESS_CODE =
  /\bwhile\s*\(\s*(?:true|1|!0|!false)\s*\)|\bfor\s*\(\s*;\s*;\s*\)|\bwhile\s+(?:True|1|true)\s*:|\bloop\s*(?:do\b|\{)|\bwhile\s+(?:1|true)\b|\buntil\s*\(?\s*(?:0|false)\b/;
/**
 * A size of a billion or more in code: `[1]*10**11`, `'a'*(1<<40)`, `bytearray(10**12)`, `Buffer.alloc(1e12)`,
 * `range(10000000000)`. Threat: an inline one-liner that exhausts memory or CPU of the machine the agent shares.
 */
const HUGE_NUM = String.raw`(?:[1-9]\d{9,}|\d+(?:\.\d+)?e(?:9|[1-9]\d)|10\s*\*\*\s*(?:9|[1-9]\d)|1\s*<<\s*(?:3\d|[4-9]\d)|Math\.pow\(\s*10\s*,\s*(?:9|[1-9]\d)\s*\))\b`;
const HUGE_SIZE = new RegExp(
  String.raw`[^*]\*\s*\(?\s*${HUGE_NUM}|${HUGE_NUM}\s*\)?\s*\*(?!\*)|\b(?:alloc\w*|bytearray|bytes|range|repeat|Array|zeros|ones|empty)\s*\(\s*${HUGE_NUM}`,
  'i',
);
const LEAVES_LOOP = /\b(?:break|last|return|exit|die|raise|throw|process\.exit|sys\.exit|os\._exit)\b/;

const PATH_LIKE = /^(?=[^\s]*(^\.|\/))[\w.~\/@+-]+$/;

/** K-role code on a model: its file reads and writes become accesses; what is not proven harmless is unknown. */
function codeOnModel(m: Model, lang: string, value: string | null | undefined, how: string): void {
  if (value === null || value === undefined) {
    m.unknown(`${how} runs ${lang} code only known at run time`);
    return;
  }
  // The destructive calls an interpreter's inline program is held to (rm_rf, rmtree, rmSync…), for every tool that
  // takes code in an option (`rake -e 'rm_rf "src"'`, `php -r`): the same code, the same verdict.
  // A file the code creates by literal name where none exists is a creation, judged by the path rules like `>
  // new.txt` (interp.destructive holds inline programs to the same): the write is added as the model's access.
  const bad = destructiveApi(value);
  if (bad === 'overwrites a file' && createsOnly(value, m.s, m.env)) {
    for (const cp of codePaths(value)) if (cp.op === 'write') m.add('write', undefined, cp.path, `${how} ${cp.how}`);
  } else if (bad !== undefined) m.unknown(`${how}: ${bad}`);
  const v = judgeCode(lang, value);
  // Writes and deletes by literal name are the command's path effects already (codepaths.ts reads meta.code).
  for (const p of v.reads) m.add('read', undefined, p, `${how} (reads)`);
  for (const p of v.runs ?? []) m.add('exec', undefined, p, `${how} (loads)`);
  if (v.why !== undefined) m.unknown(`${how}: ${v.why}`);
}

setCodeArg(codeOnModel);
