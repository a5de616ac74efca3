// A word only known at run time can be any word, an option included: `git reset $(printf -- --hard)`,
// `git branch $(base64 -d <<< LUQ=) feature`, `redis-cli $(rev <<< LLAHSULF)`, `x=--hard; …; git reset $x` read
// through a file. The rules read a program's options and verbs from literal words; a word they cannot read is
// skipped by their option parsers, so the destructive option it turns out to be was never seen.
//
// The probe asks each rule of the program again with the run-time word replaced by the words that make that
// rule fire: the words of its own destructive examples (the rule's true positives are the vocabulary of what
// destroys), or the word's own possible values where the guard knows them (a loop over a list, an input list
// of known words). A rule that fires for one of them fires for the run-time word. A word is not probed where
// it provably is no option and no verb: after `--`, or when it is a commit id or a number
// (`git log $(git merge-base a b)..HEAD`). A known literal start narrows the candidates (`feature/$x` can only
// be a word that starts with `feature/`).
import type { Rule, RuleCtx } from './rules/types';
import type { Sub, W } from './types';
import { word } from './words';

/** Shell metacharacters: a token of an example with one of them is not one word of the command. */
const META = /[$`|;&<>()\\]/;

const EXAMPLES = new Map<string, readonly (readonly string[])[]>();

/** A rule's destructive examples as words (quotes removed; a word with shell syntax in it kept as ''). */
function examples(r: Rule): readonly (readonly string[])[] {
  let c = EXAMPLES.get(r.id);
  if (c) return c;
  c = r.examples.destructive.map((ex) =>
    [...ex.matchAll(/'[^']*'|"[^"]*"|[^\s'"]+/g)].map((m) => {
      let t = m[0];
      if ((t.startsWith("'") && t.endsWith("'")) || (t.startsWith('"') && t.endsWith('"'))) t = t.slice(1, -1);
      return t.length > 80 || META.test(t) || /\s/.test(t) ? '' : t;
    }),
  );
  EXAMPLES.set(r.id, c);
  return c;
}

/**
 * What the shell's output for a word certainly starts with: the literal characters before its first expansion
 * (`feature/$x` → `feature/`, `"--$(…)"` → `--`). undefined when the word starts with something that is not
 * plain text (a brace, a tilde, a glob, an escape).
 */
function literalStart(text: string): string | undefined {
  let out = '';
  let dq = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '$' || c === '`') return out;
    if (c === '"') {
      dq = !dq;
      continue;
    }
    if (!dq && c === "'") {
      const j = text.indexOf("'", i + 1);
      if (j < 0) return undefined;
      out += text.slice(i + 1, j);
      i = j;
      continue;
    }
    if (dq ? c === '\\' : !/[A-Za-z0-9_./:=@%+,-]/.test(c)) return undefined;
    out += c;
  }
  return out;
}

/**
 * What the shell's output for a word certainly ends with: the literal characters after its last expansion
 * (`"$PWD":/w` → `:/w`, `$(…)..HEAD` → `..HEAD`); '' when unknown.
 */
function literalEnd(text: string): string {
  let j = text.length;
  if (text.endsWith('"') || text.endsWith("'")) j--;
  let k = j;
  while (k > 0 && /[A-Za-z0-9_./:=@%+,-]/.test(text[k - 1])) k--;
  if (k === j || k === 0) return '';
  const before = text[k - 1];
  // `$name/x`: the variable's name is not literal text, what follows it is.
  if (before === '$') return text.slice(k, j).replace(/^(?:[A-Za-z0-9_]+|[@*#?!$-])/, '');
  return /[)}"'`]/.test(before) ? text.slice(k, j) : '';
}

/**
 * Substitutions whose output is commit ids, numbers or a date: no option, no verb, no path. git rev-parse
 * echoes words that look like options (`git rev-parse --flags --hard` prints `--hard`), so only its
 * revision-printing forms count, with literal revisions that are not options.
 */
const REV = String.raw`[A-Za-z0-9_./@^~{}:][A-Za-z0-9_./@^~{}:-]*`;
const INERT_SUBST = new RegExp(
  String.raw`^"?(?:\$\(|\x60)\s*(?:` +
    [
      String.raw`git\s+merge-base(?:\s+(?:--fork-point|--is-ancestor|-a|--all|--octopus))*(?:\s+${REV})+`,
      String.raw`git\s+rev-parse(?:\s+(?:--short(?:=\d+)?|--verify|-q|--quiet|--abbrev-ref|--symbolic-full-name))*(?:\s+${REV})+`,
      String.raw`git\s+rev-list(?:\s+(?:-n\s*\d+|-\d+|--max-count=\d+|--count|--all|--reverse|--first-parent|--no-merges|--merges|--abbrev-commit))*(?:\s+${REV})+`,
      String.raw`git\s+(?:write-tree|hash-object\s+${REV}|stash\s+create)`,
      String.raw`git\s+log\s+(?:-\d+\s+|-n\s*\d+\s+)*--(?:format|pretty)=(?:format:)?['"]?%[Hh]['"]?(?:\s+-\d+|\s+-n\s*\d+)*(?:\s+${REV})*`,
      String.raw`date(?:\s+(?:-u|\+['"]?[%A-Za-z0-9_:.-]+['"]?))*`,
      String.raw`nproc`,
      String.raw`id\s+-[ug]`,
    ].join('|') +
    String.raw`)\s*(?:\)|\x60)"?(?:[A-Za-z0-9_./@^~:-]*)$`,
);

/** `$!`, `$$`, `$PPID`: a process id (never 0 or 1, never an option). */
const INERT_VAR = /^"?\$(?:!|\$|\{!\}|\{\$\}|PPID|\{PPID\})"?$/;

const NO_STRINGS: readonly string[] = [];

/**
 * The words of the rule's examples for this program that fit at word `i`: an option anywhere after the program
 * (options may be reordered), any other word only where its example has it (a verb, a keyword like FLUSHALL), and
 * each beginning and ending as the word must.
 */
const FITTING = new Map<string, string[]>();

function fitting(r: Rule, name: string, i: number, start: string, end: string, noDash: boolean): string[] {
  // Cached: the same program, place and shape recur on every line that has them.
  const key = `${r.id}\0${name}\0${i}\0${start}\0${end}\0${noDash ? 1 : 0}`;
  let out = FITTING.get(key);
  if (out !== undefined) return out;
  out = fitUncached(r, name, i, start, end, noDash);
  if (FITTING.size < 20_000) FITTING.set(key, out);
  return out;
}

function fitUncached(r: Rule, name: string, i: number, start: string, end: string, noDash: boolean): string[] {
  const out: string[] = [];
  for (const ex of examples(r)) {
    let p = -1;
    for (let k = 0; k < ex.length; k++) {
      const t = ex[k];
      const slash = t.lastIndexOf('/');
      if ((slash < 0 ? t : t.slice(slash + 1)).toLowerCase() === name) {
        p = k;
        break;
      }
    }
    if (p < 0) continue;
    for (let k = p + 1; k < ex.length; k++) {
      const t = ex[k];
      if (t === '' || out.includes(t)) continue;
      const opt = t.startsWith('-') || t.startsWith('+');
      if (opt ? noDash : k - p !== i) continue;
      if (!t.startsWith(start) || !t.endsWith(end) || t.length < start.length + end.length) continue;
      out.push(t);
    }
  }
  return out;
}

/**
 * Can the word be several words at run time? An unquoted expansion is split on IFS (`$(cat f)` may be `-- .`,
 * `$x` may be `drop -q`); `"$@"` and `"${a[@]}"` are as many words as there are parameters or elements.
 */
export function mayBeSeveral(text: string): boolean {
  if (/"\$(?:@|\{@\}|\{[A-Za-z_][A-Za-z0-9_]*\[@\]\})"/.test(text)) return true;
  let sq = false;
  let dq = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && !sq) i++;
    else if (c === "'" && !dq) sq = !sq;
    else if (c === '"' && !sq) dq = !dq;
    else if (!sq && !dq && c === '`') return true;
    // `$((…))` is a number; a `$` before nothing, a blank or a quote is a literal dollar.
    else if (!sq && !dq && c === '$' && i + 1 < text.length && !/[\s"']/.test(text[i + 1]) && !text.startsWith('$((', i)) return true;
  }
  return false;
}

/**
 * Runs of consecutive words of the rule's examples (two or more) that fit at word `i` in place of one run-time
 * word that may be several: a run starting with an option anywhere, any other run only where its example has it.
 */
const RUNS = new Map<string, string[][]>();

function runs(r: Rule, name: string, i: number, start: string, end: string): string[][] {
  const key = `${r.id}\0${name}\0${i}\0${start}\0${end}`;
  let out = RUNS.get(key);
  if (out !== undefined) return out;
  out = [];
  const seen = new Set<string>();
  for (const ex of examples(r)) {
    let p = -1;
    for (let k = 0; k < ex.length; k++) {
      const t = ex[k];
      const slash = t.lastIndexOf('/');
      if ((slash < 0 ? t : t.slice(slash + 1)).toLowerCase() === name) {
        p = k;
        break;
      }
    }
    if (p < 0) continue;
    for (let a = p + 1; a < ex.length; a++) {
      const first = ex[a];
      if (first === '' || !first.startsWith(start)) continue;
      const opt = first.startsWith('-') || first.startsWith('+');
      if (!opt && a - p !== i) continue;
      for (let b = a + 2; b <= ex.length && b - a <= MAX_RUN; b++) {
        const run = ex.slice(a, b);
        if (run.includes('') || !run[run.length - 1].endsWith(end)) continue;
        const k = run.join('\0');
        if (seen.has(k)) continue;
        seen.add(k);
        out.push(run);
      }
    }
  }
  if (RUNS.size < 20_000) RUNS.set(key, out);
  return out;
}

/** The longest run of example words one run-time word is tried as. */
const MAX_RUN = 3;

/** How word `i` (only known at run time) can be probed: the words it may be, or none when it is provably inert. */
function probeWords(w: W, name: string, i: number, r: Rule): readonly string[] {
  // A commit id, a count, the pid of a job: no option, no verb.
  if (INERT_SUBST.test(w.text) || INERT_VAR.test(w.text)) return NO_STRINGS;
  if (w.alts !== undefined) {
    const vals: string[] = [];
    for (const a of w.alts) {
      if (a.value === null) return fitting(r, name, i, '', '', false);
      vals.push(a.value);
    }
    return vals;
  }
  const start = literalStart(w.text) ?? '';
  const end = literalEnd(w.text);
  if (w.fromInput) {
    // An input list (xargs, find `{}`, the lines a substitution prints): its words when the guard knows them.
    const src = w.input;
    if (src?.kind === 'words') return src.words;
    return fitting(r, name, i, start, end, src?.kind === 'files' && src.dirs.every((d) => !d.startsWith('-')));
  }
  // `$HOME`, `$PWD`: a path the guard knows.
  if (w.path !== undefined && !w.glob) return [w.path];
  return fitting(r, name, i, start, end, false);
}

/** Indices of the run-time words that may be an option or a verb (none after a literal `--`). */
function dynamicAt(s: Sub): number[] | undefined {
  let out: number[] | undefined;
  for (let i = 1; i < s.words.length; i++) {
    const w = s.words[i];
    if (w.value === '--') break;
    if (w.value === null) (out ??= []).push(i);
  }
  return out;
}

export interface ProbeHit {
  rule: Rule;
  explanation: string;
}

/**
 * The first rule of the program that fires when one of the sub-command's run-time words is a word that makes it
 * fire. `fired` holds the ids of rules that fired on the words as they are (not asked again).
 */
export function probeDynamic(s: Sub, rules: readonly Rule[], ctx: RuleCtx, fired: ReadonlySet<string>): ProbeHit | undefined {
  const at = dynamicAt(s);
  const name = s.name;
  if (at === undefined || name === null) return undefined;
  for (const r of rules) {
    // Rules for every program (no names) judge effects, not a program's vocabulary.
    if (!r.names || !r.check || fired.has(r.id)) continue;
    for (const i of at) {
      const w = s.words[i];
      const cs = probeWords(w, name, i, r);
      if (cs.length === 0) continue;
      // One copy of the sub-command per word, its word replaced in turn.
      const words = s.words.slice();
      const fake: Sub = { ...s, words, index: -1 };
      for (const c of cs) {
        words[i] = word(c, false, c, c);
        const why = r.check(fake, ctx);
        if (why) return { rule: r, explanation: `${w.text} is only known at run time and may be \`${c}\`: ${why}` };
      }
    }
  }
  // A word that may be several words (`git checkout $(cat f)` may be `git checkout -- .`): each run of example
  // words in its place. Input lists the guard can read (file names, known words) are not.
  for (const r of rules) {
    if (!r.names || !r.check || fired.has(r.id)) continue;
    for (const i of at) {
      const w = s.words[i];
      if (w.alts !== undefined || (w.fromInput && w.input?.kind !== 'unknown') || INERT_SUBST.test(w.text) || INERT_VAR.test(w.text) || !mayBeSeveral(w.text))
        continue;
      const rs = runs(r, name, i, literalStart(w.text) ?? '', literalEnd(w.text));
      if (rs.length === 0) continue;
      const fake: Sub = { ...s, index: -1 };
      for (const run of rs) {
        fake.words = [...s.words.slice(0, i), ...run.map((c) => word(c, false, c, c)), ...s.words.slice(i + 1)];
        const why = r.check(fake, ctx);
        if (why) return { rule: r, explanation: `${w.text} is only known at run time and may be the words \`${run.join(' ')}\`: ${why}` };
      }
    }
  }
  return undefined;
}

/**
 * Options before a verb: `pulumi --cwd infra destroy`, `alembic -c alembic.ini -x k=v downgrade base`, `heroku
 * --app x pg:reset`. A program's rules read its verb from a fixed place; a global option in front moves it, and the
 * rule reads the option's value as the verb. Each rule of the program is asked again with the verb first and the
 * leading options after it, each option read as taking the next word (unless written `--opt=value`) — the global
 * options that hide a verb are those with a value (a switch in front leaves the verb where a rule finds it less
 * often, and reading a switch as taking the verb would only lose it). Only a verb-shaped word is tried.
 */
export function probeLeadingOptions(s: Sub, rules: readonly Rule[], ctx: RuleCtx, fired: ReadonlySet<string>): ProbeHit | undefined {
  const ws = s.words;
  if (ws.length < 4 || s.name === null) return undefined;
  let p = 1;
  for (;;) {
    const v = ws[p]?.value;
    if (v === undefined || v === null || v.length < 2 || !v.startsWith('-') || v === '--') break;
    p += v.includes('=') ? 1 : 2;
  }
  if (p === 1 || p >= ws.length || !/^[a-z][a-z0-9:_-]*$/.test(ws[p].value ?? '')) return undefined;
  const lead = ws.slice(1, p);
  const fake: Sub = { ...s, words: [ws[0], ws[p], ...lead, ...ws.slice(p + 1)], index: -1 };
  for (const r of rules) {
    if (!r.names || !r.check || fired.has(r.id)) continue;
    const why = r.check(fake, ctx);
    if (why) return { rule: r, explanation: `with its leading options (${lead.map((w) => w.text).join(' ')}) read after ${ws[p].text}: ${why}` };
  }
  return undefined;
}
