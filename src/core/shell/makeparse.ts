// What GNU make runs while it reads its makefiles, before (and without) any recipe: every `$(shell …)` it expands
// (an immediate assignment, a conditional, a rule line; a recipe's too, which `make -n` expands to print it), the
// command of a `VAR != …` assignment, and the files `include`, `-include`, `sinclude` and MAKEFILES add to the read.
// Threat: `X := $(shell rm -rf build)` in a GNUmakefile, or in /tmp/inc.mk named by `MAKEFILES=/tmp/inc.mk make -n`:
// make runs it at parse time, even for a dry run, and no recipe shows it. A superset: conditionals are not
// evaluated, and a `$(shell …)` in a variable no one expands is judged as if it ran. Pure: the analyzer reads files.

/** What reading a makefile's text runs and pulls in. */
export interface MakeParse {
  /** Shell command lines make runs while reading (`$$` already made `$`). */
  commands: string[];
  /** Files named by include directives, as written (make variables left in: the caller refuses those). */
  includes: { file: string; optional: boolean }[];
  /** What cannot be accounted for (a `$(file >…)` write, `$(guile …)`, a `$(eval …)` of text built at run time). */
  opaque: string | undefined;
}

/** The text inside the parentheses or braces that open at `open` (the index of `(` or `{`), or undefined. */
function balanced(text: string, open: number): string | undefined {
  const o = text[open];
  const c = o === '(' ? ')' : '}';
  let level = 0;
  for (let j = open; j < text.length; j++) {
    if (text[j] === o) level++;
    else if (text[j] === c && --level === 0) return text.slice(open + 1, j);
  }
  return undefined;
}

/** A makefile's parse-time commands and includes. */
export function makeParse(text: string): MakeParse {
  const out: MakeParse = { commands: [], includes: [], opaque: undefined };
  const t = text.replace(/\r\n?/g, '\n').replace(/\\\n/g, ' ');
  // Every function call that runs or writes, wherever it is (a recipe's run when make prints or runs it).
  for (let i = t.indexOf('$'); i >= 0; i = t.indexOf('$', i + 1)) {
    if (t[i + 1] === '$') {
      i++;
      continue;
    }
    if (t[i + 1] !== '(' && t[i + 1] !== '{') continue;
    const m = /^(shell|file|guile|eval|load)\s/.exec(t.slice(i + 2, i + 9));
    if (!m) continue;
    const inner = balanced(t, i + 1);
    if (inner === undefined) {
      out.opaque ??= `a $(${m[1]} …) call that does not close`;
      continue;
    }
    const arg = inner.slice(m[1].length).trim();
    if (m[1] === 'shell') out.commands.push(arg.replace(/\$\$/g, '$'));
    else if (m[1] === 'file') {
      if (/^>/.test(arg)) out.opaque ??= `$(file ${arg.slice(0, 60)}) writes a file while make reads the makefile`;
    } else if (m[1] === 'eval') {
      // Text make evaluates as makefile lines: its $(shell …) calls are found above; a variable's text is not.
      if (/\$\(|\$\{/.test(arg.replace(/\$\((shell)\s[^)]*\)/g, '')))
        out.opaque ??= `$(eval ${arg.slice(0, 60)}) evaluates makefile text built while make runs`;
    } else out.opaque ??= `$(${m[1]} …) runs code make loads`;
  }
  for (const raw of t.split('\n')) {
    if (raw.startsWith('\t')) continue;
    const line = raw.replace(/(^|[^\\])#.*$/, '$1').trim();
    const bang = /^(?:export\s+|override\s+)?[A-Za-z_][A-Za-z0-9_.]*\s*!=\s*(.*)$/.exec(line);
    if (bang) out.commands.push(bang[1].replace(/\$\$/g, '$'));
    const inc = /^(-include|sinclude|include)\s+(.*)$/.exec(line);
    if (inc) for (const f of inc[2].split(/\s+/)) if (f) out.includes.push({ file: f, optional: inc[1] !== 'include' });
    if (/^(load|-load)\s/.test(line)) out.opaque ??= `${line.slice(0, 60)}: make loads a shared object`;
  }
  return out;
}

/** `make`'s command line with its dry-run flags (-n, -q and their long forms) and -p taken off, and whether it is a dry run. */
export function withoutDryRun(argv: readonly string[]): { argv: string[]; dry: boolean } {
  let dry = false;
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i];
    // -p prints the data base and then runs as usual: taken off, but no dry run.
    if (i > 0 && /^--(just-print|dry-run|recon|question|print-data-base)$/.test(w)) {
      if (w !== '--print-data-base') dry = true;
      continue;
    }
    // Short flags bundled: stop at the first one that takes a value (`-nC dir`, `-j4`).
    if (i > 0 && /^-[a-zA-Z]/.test(w) && !w.startsWith('--')) {
      let kept = '-';
      let j = 1;
      for (; j < w.length; j++) {
        const c = w[j];
        if ('CfIjloWO'.includes(c)) break;
        if ('nq'.includes(c)) dry = true;
        else if (c !== 'p') kept += c;
      }
      const rest = kept + w.slice(j);
      if (rest !== '-') out.push(rest);
      continue;
    }
    out.push(w);
  }
  return { argv: out, dry };
}
