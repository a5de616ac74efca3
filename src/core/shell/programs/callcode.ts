// A reader for the one-liners R and Julia are given (`Rscript -e 'devtools::test("R")'`, `julia --project -e
// 'using Pkg; Pkg.test()'`): a program made only of calls to a short list of known functions, with literal
// arguments, is read; anything else is not (asked). Two kinds of functions: pure ones (print, paste, sum…:
// their arguments are inert text) and the project's runners (devtools::test, Pkg.test…: the folder they are
// given is code that runs, judged as a run of that folder; no folder is the project itself).
// Threat: `Rscript -e 'unlink("src", recursive=TRUE)'`, `system("rm -rf src")`, `cat(x, file=".bashrc")`,
// `testthat::test_dir("/tmp/x")`, `Pkg.activate("/tmp/env"); Pkg.test()`, julia's `run(`rm -rf src`)` and string
// interpolation `"$(run(...))"`: every one of them is outside the list, or a folder the path rules judge.
import type { CodeVerdict } from './code';

interface Lang {
  pure: ReadonlySet<string>;
  runners: ReadonlySet<string>;
  /** Names that are values, not calls (`TRUE`, `nothing`, `R.version.string`). */
  consts: ReadonlySet<string>;
  /** Modules a program may load first (`using Pkg`). */
  modules: ReadonlySet<string>;
  /** Named arguments of a runner that name the folder it runs. */
  pathArgs: ReadonlySet<string>;
  /** Positional string arguments of a runner are folders (R) or only when path-like (Julia: `Pkg.test("Name")`). */
  bareIsPath: boolean;
}

const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

const LANGS: Record<string, Lang> = {
  r: {
    pure: set(
      'print message paste paste0 sum mean median sqrt abs round c seq_len length nchar toupper tolower format sprintf Sys.time Sys.Date sessionInfo R.version.string max min',
    ),
    runners: set(
      'devtools::test devtools::check devtools::load_all devtools::build testthat::test_dir testthat::test_local testthat::test_file rcmdcheck::rcmdcheck covr::package_coverage',
    ),
    consts: set('TRUE FALSE NULL NA T F pi R.version.string'),
    modules: set(''),
    pathArgs: set('pkg path package dir file'),
    bareIsPath: true,
  },
  julia: {
    pure: set('println print versioninfo string sum sqrt abs round length uppercase lowercase'),
    runners: set('Pkg.instantiate Pkg.test Pkg.build Pkg.status Pkg.resolve Pkg.precompile Pkg.activate'),
    consts: set('true false nothing pi VERSION'),
    modules: set('Pkg'),
    pathArgs: set('path'),
    bareIsPath: false,
  },
};

interface Tok {
  t: 'id' | 'str' | 'num' | 'p';
  v: string;
}

function tokens(src: string, lang: string): Tok[] | string {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      if (lang === 'julia' && c === "'") return 'a character literal';
      let j = i + 1;
      let v = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\') return 'an escape in a string';
        // Julia runs `$(…)` and `$name` inside a string.
        if (lang === 'julia' && src[j] === '$') return 'string interpolation';
        v += src[j++];
      }
      if (j >= src.length) return 'an unterminated string';
      out.push({ t: 'str', v });
      i = j + 1;
      continue;
    }
    const id = /^[A-Za-z][A-Za-z0-9_.]*(?:::[A-Za-z][A-Za-z0-9_.]*)?/.exec(src.slice(i));
    if (id) {
      out.push({ t: 'id', v: id[0] });
      i += id[0].length;
      continue;
    }
    const num = /^\d+(?:\.\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: 'num', v: num[0] });
      i += num[0].length;
      continue;
    }
    if ('()+-*/^,=;\n'.includes(c)) {
      out.push({ t: 'p', v: c });
      i++;
      continue;
    }
    return `the character ${JSON.stringify(c)}`;
  }
  return out;
}

const PATHY = /[/.~]|^$/;

/**
 * The verdict on R or Julia one-liners; undefined for other languages. Reads and writes are never proven (the
 * functions listed do neither); `runs` are the folders a runner is given.
 */
export function judgeCallCode(lang: string, code: string): CodeVerdict | undefined {
  const L = LANGS[lang];
  if (L === undefined) return undefined;
  const no = (why: string): CodeVerdict => ({ reads: [], writes: [], why: `${lang} code ${why}: the guard reads only calls to a few known functions` });
  const ts = tokens(code, lang);
  if (typeof ts === 'string') return no(`has ${ts}`);
  const runs: string[] = [];
  // The innermost open call: its name, and whether it is a runner.
  const stack: string[] = [];
  for (let k = 0; k < ts.length; k++) {
    const t = ts[k];
    const next = ts[k + 1];
    if (t.t === 'id') {
      if ((t.v === 'using' || t.v === 'import') && stack.length === 0 && L.modules.size) {
        const m = ts[k + 1];
        if (m?.t !== 'id' || !L.modules.has(m.v)) return no(`loads ${m?.v ?? 'a module'}`);
        k++;
        continue;
      }
      if (next?.v === '(') {
        if (!L.pure.has(t.v) && !L.runners.has(t.v)) return no(`calls ${t.v}`);
        stack.push(t.v);
        k++;
        continue;
      }
      // A named argument (`recursive = TRUE`) of the call it is in.
      if (next?.v === '=' && stack.length) {
        const arg = ts[k + 2];
        const call = stack[stack.length - 1];
        if (/^(file|append|con)$/.test(t.v) && !L.runners.has(call)) return no(`sends output to a file (${t.v}=)`);
        if (L.runners.has(call) && L.pathArgs.has(t.v)) {
          if (arg?.t !== 'str') return no(`gives ${call} a folder it computes`);
          runs.push(arg.v || '.');
        }
        k++;
        continue;
      }
      if (!L.consts.has(t.v)) return no(`uses ${t.v}`);
      continue;
    }
    if (t.t === 'str') {
      const call = stack[stack.length - 1];
      const named = ts[k - 1]?.v === '=';
      if (call !== undefined && L.runners.has(call) && !named && (L.bareIsPath || PATHY.test(t.v))) runs.push(t.v || '.');
      continue;
    }
    if (t.v === ')') {
      if (!stack.length) return no('has an unbalanced )');
      stack.pop();
    }
    if ((t.v === ';' || t.v === '\n') && stack.length) return no('has a statement inside a call');
  }
  if (stack.length) return no('has an unclosed call');
  return { reads: [], writes: [], runs: runs.length ? runs : undefined, why: undefined };
}
