// Where a list of file names read from input comes from (xargs, find -exec `{}`, `while read f`):
// `find src -name '*.ts' | xargs cat` reads the .ts files under src; `git ls-files | xargs cat` reads the
// tracked files here; `echo a b | xargs rm` deletes a and b; `cat list.txt | xargs cat` reads files the
// guard cannot see. Threat: a reader handed `.env` through a pipe (`ls -a | xargs cat`).
import type { InputSource, Stdin, Sub, W } from './types';

const FILTERS = new Set([
  'grep',
  'egrep',
  'fgrep',
  'head',
  'tail',
  'sort',
  'uniq',
  'sed',
  'awk',
  'gawk',
  'cut',
  'tr',
  'tee',
  'cat',
  'tac',
  'rev',
  'nl',
  'column',
]);
const NO_NAMES = undefined;

/** The input source of a command's stdin (for a wrapper that turns input lines into arguments). */
export function sourceOfStdin(stdin: Stdin, cwd: string | null): InputSource {
  switch (stdin.kind) {
    case 'none':
      return { kind: 'unknown', what: 'the terminal' };
    case 'file':
      return { kind: 'unknown', what: `the list in ${stdin.path.text}` };
    case 'heredoc':
      return !stdin.quoted && /[$`\\]/.test(stdin.body)
        ? { kind: 'unknown', what: 'a here-document with expansions' }
        : { kind: 'words', words: split(stdin.body) };
    case 'herestring':
      return stdin.value === null ? { kind: 'unknown', what: 'a here-string only known at run time' } : { kind: 'words', words: split(stdin.value) };
    case 'pipe':
      return stdin.from ? sourceOfSub(stdin.from, 0) : { kind: 'unknown', what: 'a pipe' };
  }
}

function split(s: string): string[] {
  return s.split(/\s+/).filter(Boolean);
}

/** What a producer's output lists. */
/** fd's value options (their values are no operands). */
const FD_VALUE_OPT =
  /^(-e|--extension|-t|--type|-E|--exclude|-d|--max-depth|--min-depth|--exact-depth|-S|--size|--changed-within|--changed-before|-j|--threads|-c|--color|--ignore-file|--base-directory|--owner|--path-separator|--batch-size|--max-results|--format)$/;

/** fd's pattern and search paths: option values skipped, and nothing from -x/-X on (that is the command it runs). */
function fdOperands(ws: readonly W[]): W[] {
  const out: W[] = [];
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && /^(-x|--exec|-X|--exec-batch)$/.test(v)) break;
    if (v !== null && FD_VALUE_OPT.test(v)) i++;
    else if (v === null || !v.startsWith('-')) out.push(ws[i]);
  }
  return out;
}

/** `fd -e md -e txt`: only files with those extensions are found (`*.md`, `*.txt`); none given, every file. */
function fdExtensions(ws: readonly W[]): string[] | undefined {
  const out: string[] = [];
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && /^(-x|--exec|-X|--exec-batch)$/.test(v)) break;
    const e = v === '-e' || v === '--extension' ? ws[i + 1]?.value : v?.startsWith('--extension=') ? v.slice(12) : undefined;
    if (e === null) return NO_NAMES; // an extension only known at run time: any file
    if (e !== undefined) out.push(`*.${e.replace(/^\./, '')}`);
  }
  return out.length ? out : NO_NAMES;
}

export function sourceOfSub(s: Sub, depth: number): InputSource {
  const name = s.name;
  const ws = s.words;
  if (name === null) return { kind: 'unknown', what: `the output of ${ws[0]?.text ?? 'a command'}` };
  if (name === 'find' || name === 'gfind' || name === 'bfs') return findSource(ws, s.cwd);
  if (name === 'echo' || name === 'printf') {
    const args = ws.slice(1).filter((w, i) => !(i === 0 && w.value !== null && /^-[neE]+$/.test(w.value)));
    if (args.some((w) => w.value === null || w.glob)) return { kind: 'unknown', what: `the output of ${name}` };
    const text = args.map((w) => w.value!).join(' ');
    return /\\|%/.test(text) ? { kind: 'unknown', what: `the output of ${name}` } : { kind: 'words', words: split(text) };
  }
  if (name === 'git' && ws[1]?.value !== null && /^(ls-files|ls-tree|diff|grep|status)$/.test(ws[1]?.value ?? '')) {
    const paths = ws.slice(2).filter((w) => w.value !== null && !w.value.startsWith('-') && (ws[1].value !== 'ls-tree' || w.value.includes('/')));
    const dirs = ws[1].value === 'ls-tree' || ws[1].value === 'grep' ? ['.'] : paths.length ? paths.map((w) => w.value!) : ['.'];
    return { kind: 'files', dirs, names: NO_NAMES, cwd: s.cwd };
  }
  if (name === 'ls' || name === 'fd' || name === 'fdfind' || name === 'rg' || name === 'ag' || name === 'tree' || name === 'du') {
    const args = name === 'fd' || name === 'fdfind' ? fdOperands(ws) : ws.slice(1).filter((w) => w.value === null || !w.value.startsWith('-'));
    if (args.some((w) => w.value === null)) return { kind: 'unknown', what: `the output of ${name}` };
    // fd and rg take a pattern first (rg --files does not).
    const skip = (name === 'fd' || name === 'fdfind' || (name === 'rg' && !ws.some((w) => w.value === '--files')) || name === 'ag') && args.length ? 1 : 0;
    const dirs = args.slice(skip).map((w) => w.path ?? w.value!);
    return { kind: 'files', dirs: dirs.length ? dirs : ['.'], names: name === 'fd' || name === 'fdfind' ? fdExtensions(ws) : NO_NAMES, cwd: s.cwd };
  }
  if ((name === 'grep' || name === 'egrep') && ws.some((w) => w.value !== null && /^-[a-zA-Z]*[lL]/.test(w.value))) {
    const args = ws.slice(1).filter((w) => w.value !== null && !w.value.startsWith('-'));
    const dirs = args.slice(1).map((w) => w.path ?? w.value!);
    return { kind: 'files', dirs: dirs.length ? dirs : ['.'], names: NO_NAMES, cwd: s.cwd };
  }
  // A filter passes its own input through (`find … | grep -v x | xargs cat`).
  if (FILTERS.has(name) && depth < 8) {
    const hasFiles = ws
      .slice(name === 'grep' || name === 'egrep' || name === 'sed' || name === 'awk' || name === 'gawk' ? 2 : 1)
      .some((w) => w.value === null || !w.value.startsWith('-'));
    if (!hasFiles && s.stdin.kind === 'pipe' && s.stdin.from) return sourceOfSub(s.stdin.from, depth + 1);
    if (!hasFiles && s.stdin.kind !== 'pipe') return sourceOfStdin(s.stdin, s.cwd);
  }
  return { kind: 'unknown', what: `the output of ${name}` };
}

/** find's start points and -name/-iname filters (any name when it also tests paths or negates). */
export function findSource(ws: readonly W[], cwd: string | null): InputSource {
  let i = 1;
  while (i < ws.length && ws[i].value !== null && /^-[HLP]$/.test(ws[i].value!)) i++;
  const dirs: string[] = [];
  for (; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return { kind: 'unknown', what: `find from ${ws[i].text}` };
    if (v.startsWith('-') || v === '(' || v === '!' || v === ',') break;
    dirs.push(ws[i].path ?? v);
  }
  let names: string[] | undefined = [];
  // A plain AND chain (no -o, `,` or parentheses): every test narrows, so a positive -name bounds the output
  // whatever else it says (`-name '*.ts' -not -path './node_modules/*'`); a negated -name bounds nothing.
  const tail = ws.slice(i);
  const end = tail.findIndex((w) => w.value !== null && /^-(exec|execdir|ok|okdir)$/.test(w.value));
  const expr = end < 0 ? tail : tail.slice(0, end);
  if (expr.every((w) => w.value !== null && !/^(-o|-or|,|\(|\))$/.test(w.value))) {
    for (let k = 0; k < expr.length; k++) {
      const v = expr[k].value;
      if ((v === '-name' || v === '-iname') && !/^(!|-not)$/.test(expr[k - 1]?.value ?? '')) {
        const p = expr[k + 1]?.value;
        if (typeof p === 'string') names.push(v === '-iname' ? p.toLowerCase() : p);
        k++;
      }
    }
    if (names.length) return { kind: 'files', dirs: dirs.length ? dirs : ['.'], names, cwd };
    names = [];
  }
  for (; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === '-exec' || v === '-execdir' || v === '-ok' || v === '-okdir') break;
    if (v === '-name' || v === '-iname') {
      const p = ws[i + 1]?.value;
      if (p === null || p === undefined) names = undefined;
      else names?.push(v === '-iname' ? p.toLowerCase() : p);
      i++;
    } else if (v === null || /^(!|-not|-path|-ipath|-wholename|-iwholename|-regex|-iregex|-lname|-ilname)$/.test(v)) names = undefined;
  }
  return { kind: 'files', dirs: dirs.length ? dirs : ['.'], names: names && names.length ? names : undefined, cwd };
}
