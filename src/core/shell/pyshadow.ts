// Python module shadowing: Python puts the folder it starts from first on its module path (the cwd for `-m`, `-c`
// and stdin, the script's folder for `python dir/x.py`, and pytest the folders of the tests it collects), so a
// `json.py`, `argparse.py` or `pytest.py` there is what `import json` loads: the planted file runs instead of
// the standard library. Threat: `printf 'import shutil; shutil.rmtree("build")' > json.py` in one call, then an
// innocent `python3 -m json.tool package.json` or `cd src && python3 -c 'import argparse'` in the next.
// Pure: which file names would shadow a module a Python run imports, and in which folders (toolconfigs.ts finds
// them, and the analyzer judges what they hold).
import { PY_MODULES } from './programs/handlers2';

/** Top-level modules every Python program or its tools import (the standard library, pytest and pip's own). */
const MODULES = `
  abc aifc argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii bisect builtins bz2
  cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys compileall concurrent
  configparser contextlib contextvars copy copyreg crypt csv ctypes curses dataclasses datetime dbm decimal
  difflib dis distutils doctest email encodings enum errno faulthandler fcntl filecmp fileinput fnmatch
  fractions ftplib functools gc genericpath getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac
  html http imaplib imghdr imp importlib inspect io ipaddress itertools json keyword linecache locale logging
  lzma mailbox mailcap marshal math mimetypes mmap modulefinder multiprocessing netrc nis nntplib ntpath
  nturl2path numbers opcode operator optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil
  platform plistlib poplib posix posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc pyexpat queue
  quopri random re readline reprlib resource rlcompleter runpy sched secrets select selectors shelve shlex
  shutil signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 sre_compile sre_constants sre_parse
  ssl stat statistics string stringprep struct subprocess sunau symtable sys sysconfig syslog tabnanny tarfile
  telnetlib tempfile termios textwrap threading time timeit tkinter token tokenize tomllib trace traceback
  tracemalloc tty turtle types typing unicodedata unittest urllib uu uuid venv warnings wave weakref
  webbrowser wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo pytest pip setuptools
  pkg_resources six requests yaml typing_extensions attr pluggy packaging iniconfig tomli _pytest
  sitecustomize usercustomize
`;

const NAMES = MODULES.split(/\s+/).filter(Boolean);

/**
 * A module Python finds installed (the standard library, or a tool the guard models as a program: `python -m mypy`,
 * `-m pip`): a file of that name in the folder Python starts from shadows it rather than being the project's own.
 */
export function installedModule(name: string): boolean {
  return NAMES.includes(name) || PY_MODULES[name] !== undefined;
}

/** A file or package folder's `__init__.py` named like one of those modules. */
export const SHADOW_FILE = new RegExp(`^(?:${NAMES.join('|')})\\.py$`);

/** A package folder's `__init__.py` named like one of those modules (`src/json/__init__.py`). */
export const SHADOW_PACKAGE = new RegExp(`/(?:${NAMES.join('|')})/__init__\\.py$`);

/** The top-level modules a `-c` program imports (`import a.b, c`, `from d import e`), as written. */
export function importedModules(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\n]|\b(?:try|else|finally):)\s*(?:import\s+([\w.,\s]+?)(?:\s+as\s+\w+)?(?=$|[;\n])|from\s+([\w.]+)\s+import\b)/g)) {
    const list = m[1] !== undefined ? m[1].split(',') : [m[2]];
    for (const x of list) {
      const top = x.trim().split(/\s+/)[0]?.split('.')[0];
      if (top && /^\w+$/.test(top) && !out.includes(top)) out.push(top);
    }
  }
  return out;
}

/**
 * For a Python run (`args`: its words after the program name), the folder first on its module path (relative, as
 * written: '.' for the cwd) and the module names it imports by name (`-m x.y` → x, `-c 'import a'` → a); `main`:
 * the module `-m` runs (`x.y`: x/__init__.py, then x/y.py or x/y/__init__.py and x/y/__main__.py).
 * undefined when Python runs nothing from a folder (`--version`).
 */
export function pythonStart(args: readonly string[]): { dir: string; modules: string[]; main?: string } | undefined {
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === '-m') {
      const m = args[i + 1];
      return m === undefined ? undefined : { dir: '.', modules: [m.split('.')[0]], main: m };
    }
    if (w === '-c') {
      const c = args[i + 1];
      return c === undefined ? undefined : { dir: '.', modules: importedModules(c) };
    }
    if (/^-[a-zA-Z]*[mc]./.test(w) && !w.startsWith('--')) {
      const j = w.search(/[mc]/);
      const rest = w.slice(j + 1);
      return w[j] === 'm' ? { dir: '.', modules: [rest.split('.')[0]], main: rest } : { dir: '.', modules: importedModules(rest) };
    }
    if (/^-[WX]$/.test(w)) {
      i++;
      continue;
    }
    if (/^--?(version|V|help|h)$/.test(w)) return undefined;
    if (w === '-' || w.startsWith('-')) {
      if (w === '-') return { dir: '.', modules: [] };
      continue;
    }
    // A script: its folder comes first.
    const slash = w.lastIndexOf('/');
    return { dir: slash < 0 ? '.' : slash === 0 ? '/' : w.slice(0, slash), modules: [] };
  }
  // Interactive or reading stdin: the cwd.
  return { dir: '.', modules: [] };
}
