// The project's own modules a program loads when it runs: a JavaScript/TypeScript file's relative `require`,
// `import` and `export … from`, a Python file's `import x` / `from .x import y` found in the folders on its module
// path (the script's folder, the cwd for `-m`/`-c`, PYTHONPATH), Ruby's `require_relative`. The analyzer follows
// them from the file a line runs, so code an earlier call planted beside it (or on PYTHONPATH) is judged as part of
// the run: what the guard read is judged, what it cannot read is unknown.
// Threat: `printf 'require("fs").rmSync("tests",…)' > src/helper.js` in one call, `printf 'require("./helper")' >
// src/main.js` in the next, then `node src/main.js`; `src/helper9.py` imported by `src/run9.py`; `PYTHONPATH=lib
// python3 src/tool.py` with a planted `lib/json.py` shadowing the standard library.
// Pure: the analyzer supplies the file system.

/** Languages whose local loads are followed, by the analyzer's language names (analyze.ts EXT_LANGS). */
export function followsModules(lang: string): boolean {
  return lang === 'node' || lang === 'python' || lang === 'ruby';
}

const JS_EXTS = ['js', 'cjs', 'mjs', 'ts', 'tsx', 'mts', 'cts', 'jsx'];

/** A JavaScript specifier that names a file of the project (relative or absolute), not a package. */
const JS_LOCAL = /^(?:\.{1,2}(?:\/|$)|\/)/;

/** `require('./x')`, `import('./x')`, `import x from './x'`, `import './x'`, `export * from './x'`. */
const JS_LOADS = /\b(?:require|import)\s*\(\s*(['"`])([^'"`\n]+)\1|\bfrom\s*(['"])([^'"\n]+)\3|\bimport\s*(['"])([^'"\n]+)\5/g;

/** Python's `import a.b, c as d` and `from .a.b import c, d` (statement starts only). */
const PY_IMPORT = /(?:^|[;\n:])[ \t]*(?:import[ \t]+([\w.,\t ]+?)[ \t]*(?=$|[;#\n])|from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([\w.,\t *]+))/gm;

/** Ruby's `require_relative 'x'` and `require './x'` / `load './x.rb'`. */
const RUBY_LOADS = /\b(require_relative|require|load)\s*\(?\s*(['"])([^'"\n]+)\2/g;

function dirOf(file: string): string {
  return file.slice(0, file.lastIndexOf('/')) || '/';
}

function join(dir: string, rel: string): string {
  const parts = (rel.startsWith('/') ? rel : `${dir}/${rel}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return '/' + out.join('/');
}

/** The files a JavaScript specifier may load (Node's and the TypeScript loaders' resolution, without packages). */
export function jsCandidates(spec: string, fromDir: string): string[] {
  const p = join(fromDir, spec);
  const out = [p];
  // `import './h.js'` in TypeScript loads h.ts.
  const js = /\.([cm]?)js$/.exec(p);
  if (js) out.push(p.slice(0, -js[0].length) + `.${js[1]}ts`, p.slice(0, -js[0].length) + '.tsx');
  for (const e of JS_EXTS) out.push(`${p}.${e}`);
  for (const e of JS_EXTS) out.push(`${p}/index.${e}`);
  return out;
}

/**
 * The files `file` (in `lang`, with `text`) may load from the project: each entry is the candidates for one load
 * (the first that exists is what runs). `roots`: Python's module path folders, absolute (the start folder first);
 * for JavaScript, the entry's folder then NODE_PATH's folders.
 */
export function localLoads(lang: string, file: string, text: string, roots: readonly string[]): string[][] {
  // A test run reads the same modules on every decision: the loads of one text (the file system hands back the
  // same string object for a file unchanged since, so the comparison is cheap) are worked out once.
  const key = `${lang}\0${file}\0${roots.join('\0')}`;
  const known = LOADS.get(key);
  if (known !== undefined && known.text === text) return known.loads;
  const loads = loadsOf(lang, file, text, roots);
  if (LOADS.size >= MAX_LOADS) LOADS.delete(LOADS.keys().next().value as string);
  LOADS.set(key, { text, loads });
  return loads;
}

const LOADS = new Map<string, { text: string; loads: string[][] }>();
const MAX_LOADS = 20_000;

function loadsOf(lang: string, file: string, text: string, roots: readonly string[]): string[][] {
  const dir = dirOf(file);
  const out: string[][] = [];
  if (lang === 'node') {
    for (const m of text.matchAll(JS_LOADS)) {
      const spec = m[2] ?? m[4] ?? m[6];
      if (!spec || spec.includes('${')) continue;
      if (JS_LOCAL.test(spec)) out.push(jsCandidates(spec, dir));
      // A package name is looked up in NODE_PATH's folders too (the roots after the first): a planted folder there
      // shadows an uninstalled package, or one Node finds nowhere else.
      else if (roots.length > 1 && /^(?:@[\w.-]+\/)?[\w.-]+(?:\/[\w./-]+)?$/.test(spec) && !spec.startsWith('node:'))
        out.push(roots.slice(1).flatMap((r) => jsCandidates(spec, r)));
    }
  } else if (lang === 'python') {
    // `import a.b.c` runs a/__init__.py, a/b/__init__.py and a/b/c(.py|/__init__.py): one candidate list per level
    // (each across the roots given), so a changed package __init__ and the module under it are both followed.
    const levels = (bases: readonly string[], name: string): string[][] => {
      const segs = name.split('.').filter(Boolean);
      const out: string[][] = [];
      for (let i = 1; i <= segs.length; i++)
        out.push(
          bases.flatMap((base) => {
            const p = `${base === '/' ? '' : base}/${segs.slice(0, i).join('/')}`;
            return [`${p}.py`, `${p}/__init__.py`];
          }),
        );
      return out;
    };
    for (const m of text.matchAll(PY_IMPORT)) {
      if (m[1] !== undefined) {
        for (const part of m[1].split(',')) {
          const name = part.trim().split(/\s+/)[0];
          if (name && /^[A-Za-z_][\w.]*$/.test(name)) out.push(...levels(roots, name));
        }
        continue;
      }
      const dots = m[2].length;
      const from = m[3];
      const names = m[4]
        .split(',')
        .map((x) => x.trim().split(/\s+/)[0])
        .filter((x) => /^\w+$/.test(x));
      let bases: string[];
      if (dots > 0) {
        let b = dir;
        for (let i = 1; i < dots; i++) b = dirOf(b);
        bases = [b];
      } else bases = roots.slice();
      if (from) out.push(...levels(bases, from));
      // `from pkg import sub`: sub may be a module of the package.
      for (const n of names) out.push(...levels(bases, from ? `${from}.${n}` : n).slice(from ? from.split('.').filter(Boolean).length : 0));
    }
  } else if (lang === 'ruby') {
    for (const m of text.matchAll(RUBY_LOADS)) {
      const spec = m[3];
      if (m[1] !== 'require_relative' && !JS_LOCAL.test(spec)) continue;
      const p = join(dir, spec);
      out.push(p.endsWith('.rb') ? [p] : [`${p}.rb`, p]);
    }
  }
  return out;
}
