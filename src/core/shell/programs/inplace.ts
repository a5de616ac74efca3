/**
 * In-place edits that destroy content. An everyday in-place edit (`sed -i 's/a/b/' f`, `perl -pi -e 's/x/y/' f`)
 * changes some lines and keeps the rest; an edit whose script deletes every line, prints nothing, keeps only the
 * lines that match, or empties each line is an overwrite with loss, which the contract counts as destructive
 * ("truncates or overwrites an existing file"). Threat: `sed -i d src/index.ts`, `sed -i -n '/x/p' f`,
 * `perl -pi -e '$_=""' f`, `awk -i inplace 'NR<0' f`, `ex -sc '%d|x' f` wipe a file and read as an edit.
 */

/** A regular expression that matches every line (or every non-empty one): `.*`, `^`, `$`, `^.*$`, `.`, `.+`. */
export function matchesEveryLine(re: string): boolean {
  let r = re.replace(/\\[()]/g, '').replace(/[()]/g, '');
  const start = r.startsWith('^');
  if (start) r = r.slice(1);
  const end = r.endsWith('$') && !r.endsWith('\\$');
  if (end) r = r.slice(0, -1);
  if (r === '') return start !== end;
  return /^(\.\*|\.|\.\+|\.\\\+|\.\.\*|\[\^\\n\]\*|\\s\*\.\*|\.\*\?)$/.test(r);
}

/** The end of a delimited part starting at i (just after the opening delimiter), or -1. */
function part(s: string, i: number, d: string): number {
  while (i < s.length) {
    if (s[i] === '\\') i += 2;
    else if (s[i] === d) return i;
    else i++;
  }
  return -1;
}

interface SedCmd {
  /** The address: '' none, 'all' every line, 'some' a line or range, plus negation. */
  addr: '' | 'all' | 'some';
  neg: boolean;
  cmd: string;
  /** For `s`: the pattern and the replacement. */
  re?: string;
  rep?: string;
}

function sedCommands(script: string): SedCmd[] | null {
  const out: SedCmd[] = [];
  const s = script;
  let i = 0;
  const addrOne = (): string | null => {
    if (i >= s.length) return null;
    if (/[0-9]/.test(s[i])) {
      const m = /^[0-9]+(~[0-9]+)?/.exec(s.slice(i));
      i += m ? m[0].length : 1;
      return m ? m[0] : '';
    }
    if (s[i] === '$') {
      i++;
      return '$';
    }
    if (s[i] === '/' || s[i] === '\\') {
      const d = s[i] === '\\' ? s[i + 1] : '/';
      const from = s[i] === '\\' ? i + 2 : i + 1;
      const e = part(s, from, d);
      if (e < 0) return null;
      const re = s.slice(from, e);
      i = e + 1;
      while (i < s.length && /[IM]/.test(s[i])) i++;
      return `/${re}`;
    }
    return '';
  };
  while (i < s.length) {
    while (i < s.length && /[\s;}]/.test(s[i])) i++;
    if (i >= s.length) break;
    if (s[i] === '#') {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    const a1 = addrOne();
    if (a1 === null) return null;
    let a2 = '';
    if (a1 !== '' && s[i] === ',') {
      i++;
      if (s[i] === '+' || s[i] === '~') i++;
      const x = addrOne();
      if (x === null) return null;
      a2 = x;
    }
    while (s[i] === ' ') i++;
    let neg = false;
    if (s[i] === '!') {
      neg = true;
      i++;
      while (s[i] === ' ') i++;
    }
    let addr: SedCmd['addr'] = '';
    if (a1 !== '') {
      const all = a2 !== '' ? /^[01]$/.test(a1) && a2 === '$' : a1.startsWith('/') && matchesEveryLine(a1.slice(1));
      addr = all ? 'all' : 'some';
    }
    const c = s[i++];
    if (c === undefined) break;
    if (c === 's' || c === 'y') {
      const d = s[i];
      const e1 = part(s, i + 1, d);
      const e2 = e1 < 0 ? -1 : part(s, e1 + 1, d);
      if (e2 < 0) return null;
      out.push({ addr, neg, cmd: c, re: s.slice(i + 1, e1), rep: s.slice(e1 + 1, e2) });
      i = e2 + 1;
      while (i < s.length && !/[;\n}]/.test(s[i])) i++;
      continue;
    }
    out.push({ addr, neg, cmd: c });
    if (c === '{') continue;
    // Commands that take the rest of the line (text, file names, labels).
    if (/[aicrRwWe:btTvlLqQ]/.test(c)) {
      const toEol = /[aicrRwWe]/.test(c);
      while (i < s.length && s[i] !== '\n' && (toEol || s[i] !== ';')) i++;
    }
  }
  return out;
}

/** Whether `sed -i` with these scripts (and -n when quiet) drops the file's content. */
export function sedDestroys(scripts: string[], quiet: boolean): boolean {
  const text = scripts.join('\n');
  if (/^#n(\n|$)/.test(text)) quiet = true;
  const cmds = sedCommands(text);
  if (cmds === null) return false;
  // A block with an address scopes what it holds; judge only the top level of unscoped commands.
  let depth = 0;
  let printsAll = false;
  for (const c of cmds) {
    if (c.cmd === '{') {
      depth++;
      continue;
    }
    const scoped = depth > 0;
    const every = !scoped && !c.neg && (c.addr === '' || c.addr === 'all');
    if (c.cmd === 'p' && every) printsAll = true;
    if (/[dDcz]/.test(c.cmd) && (every || (!scoped && c.neg))) return true;
    if (c.cmd === 's' && every && c.re !== undefined && matchesEveryLine(c.re) && c.rep === '') return true;
    if (/[qQ]/.test(c.cmd)) return true;
  }
  return quiet && !printsAll;
}

/** Whether `perl -i`/`ruby -i` code (with -n or -p) drops the file's content. */
export function lineCodeDestroys(code: string, printLoop: boolean, lang: 'perl' | 'ruby'): boolean {
  const prints = lang === 'perl' ? /\b(print|printf|say|syswrite)\b/ : /\b(print|printf|puts|p|putc|\$stdout|STDOUT|\$>)\b/;
  // -n without -p: only what the code prints is kept.
  if (!printLoop) {
    if (!prints.test(code)) return true;
    // `print if /x/`: keeps only the matching lines.
    if (/^\s*print\s+(\$_\s+)?if\s+(m?\/|\$_\s*=~)/.test(code)) return true;
  }
  if (/\$_\s*=\s*(""|''|q\(\)|qq\(\)|undef\b|nil\b)/.test(code)) return true;
  if (/\bundef\s*\(?\s*\$_\b|\$_\.(clear|replace\s*\(\s*(""|'')\s*\))/.test(code)) return true;
  // s/.*//: a substitution of every line's text by nothing.
  const sub = /(?:^|[\s;{(])s([/|#!,])((?:\\.|(?!\1).)*)\1\1[a-z]*/.exec(code);
  if (sub && matchesEveryLine(sub[2])) return true;
  const braced = /(?:^|[\s;{(])s\{([^}]*)\}\s*\{\s*\}/.exec(code);
  if (braced && matchesEveryLine(braced[1])) return true;
  if (lang === 'ruby' && /\b(sub|gsub)!?\s*\(\s*\/(\.\*|\^\.\*\$?)\/[a-z]*\s*,\s*(""|'')\s*\)/.test(code)) return true;
  return false;
}

/** Whether an `awk -i inplace` program prints nothing: no print statement and no pattern rule that can be true. */
export function awkPrintsNothing(prog: string): boolean {
  if (/\b(print|printf)\b/.test(prog)) return false;
  // The top-level text outside braces: pattern-only rules print the matching lines.
  let top = '';
  let depth = 0;
  for (let i = 0; i < prog.length; i++) {
    const c = prog[i];
    if (c === '"') {
      const e = part(prog, i + 1, '"');
      if (e < 0) return false;
      if (depth === 0) top += prog.slice(i, e + 1);
      i = e;
    } else if (c === '{') {
      depth++;
      top += depth === 1 ? '\n{' : '';
    } else if (c === '}') {
      depth--;
      if (depth === 0) top += '\n';
    } else if (depth === 0) top += c;
  }
  for (const raw of top.split(/[\n;]/)) {
    const t = raw.trim();
    if (t === '' || t.startsWith('{') || /^(BEGIN|END|BEGINFILE|ENDFILE|function\b)/.test(t)) continue;
    if (/^(0+|""|!\s*1|F?NR\s*(<\s*[01]|<=\s*0|==\s*0))$/.test(t)) continue;
    return false;
  }
  return true;
}

/** Whether ex/vim/ed commands delete every line (`%d`, `1,$d`, `,d`, `g/^/d`, `%normal dG`) and write the file. */
export function exDestroys(cmds: string[]): boolean {
  let wipes = false;
  let writes = false;
  for (const line of cmds) {
    for (const raw of line.split(/[|\n]/)) {
      const c = raw.trim().replace(/^:+/, '');
      if (/^(%|1,\$|0,\$|,|\.,\$)\s*(d|de|del|dele|delet|delete|c|ch|change)!?\s*$/.test(c)) wipes = true;
      if (/^(%|1,\$)?\s*(g|global)!?\/(.*)\/\s*d(e|el|ele|elet|elete)?\s*$/.test(c) && matchesEveryLine(/\/(.*)\//.exec(c)?.[1] ?? '')) wipes = true;
      if (/^(%|1,\$)?\s*(v|vglobal|g!|global!)\/.*\/\s*d/.test(c)) wipes = true;
      if (/^(%|1)?\s*norm(al)?!?\s+(gg)?dG\s*$/.test(c)) wipes = true;
      const s = /^(%|1,\$)\s*s(?:ubstitute)?([/#|!,])((?:\\.|(?!\2).)*)\2\2/.exec(c);
      if (s && matchesEveryLine(s[3])) wipes = true;
      if (/^(w|wr|wri|writ|write|wq|wq!|x|xi|xit|exi|exit|up|upd|upda|updat|update|wa|wall|wqa|wqall|xa|xall)!?(\s|$)/.test(c)) writes = true;
    }
  }
  return wipes && writes;
}

/**
 * A wiping edit over a glob, a brace list or names read from input: the reviewer cannot see which files are emptied
 * (the contract's "by glob, variable or substitution"), and the overwrite check judges one known file only.
 */
export function wipesMany(m: { unknown(why: string): void }, w: { glob?: boolean; alts?: unknown; fromInput?: boolean; text: string }, how: string): void {
  if (w.glob || w.alts !== undefined || w.fromInput) m.unknown(`${how} empties every file ${w.text} names, a set the guard cannot show`);
}
