// Where bash evaluates a variable's value as an arithmetic expression, and whether the guard knows that value.
// Threat: bash evaluates a value in `((…))`, `$((…))`, `[[ x -lt y ]]`, `let`, `declare -i`, an array subscript
// (`${a[n]}`), a substring offset (`${s:n}`), and a name in `[[ -v x ]]`, `printf -v`, `read`… recursively, and an
// array subscript inside that value runs its command substitution: `read -r n < f; ((n))` with f holding
// `a[$(rm -rf build)]` runs rm. A value the line reads from a file, a command's output, a here-string or a
// loop over input is code the guard cannot see; a literal, or a program's output that is a number by construction
// (`wc -l`, `nproc`, `date +%s`, `$#`, `${#x}`), is not.
import type { W } from './types';

/** Read-only view of the variables the line set (walk.ts CwdBox.vars) and those a wrapper's prefix gave. */
export interface ArithVars {
  vars: ReadonlyMap<string, W> | undefined;
  env: Record<string, string | null> | undefined;
}

/**
 * A command substitution whose output is a number by construction: a count (`wc -l`, `grep -c`, `git rev-list
 * --count`), the processors (`nproc`, `getconf _NPROCESSORS_ONLN`), a clock (`date +%s`), an id (`id -u`), a size
 * (`stat -c %s`), a sequence (`seq`), arithmetic (`expr`, `echo $((…))`). The last element of a pipeline decides.
 */
const NUMERIC_PROGRAM =
  /(?:^|[|;&]\s*)(?:wc\s+-[lcmw]+\b[^|;&$`]*|grep\s+(?:-[A-Za-z]*\s+)*-[A-Za-z]*c[A-Za-z]*\b[^|;&$`]*|nproc\b[^|;&$`]*|getconf\s+_?NPROCESSORS_ONLN|date\s+\+%[sYmdHMSNjuw]+|id\s+-[ug]|stat\s+(?:-c|--format(?:=|\s))\s*['"]?%[sYXZ]['"]?[^|;&$`]*|seq(?:\s+-?\d+){1,3}|git\s+rev-list\s+--count\b[^|;&$`]*|git\s+(?:log|show)\b[^|;&$`]*\s--(?:format|pretty)=(?:format:|tformat:)?['"]?%[ac]t['"]?(?:\s[^|;&$`]*)?|sysctl\s+-n\s+hw\.(?:ncpu|logicalcpu|physicalcpu)|expr\s+[\d\s+*/%-]+|echo\s+\$\(\([^`]*\)\)|printf\s+['"]?%d['"]?\s+\$\(\([^`]*\)\))\s*(?:2>\s*\/dev\/null\s*)?$/;

/** Shell parameters whose value is a number: the argument count, a status, pids, counters, a length. */
const NUMERIC_PARAM =
  /^\$(?:[#?$!]|\{![A-Za-z_][A-Za-z0-9_]*\[[@*]\]\}|\{[#?$!]\}|\{#[A-Za-z_@*][A-Za-z0-9_]*(?:\[[@*]\])?\}|(?:RANDOM|SRANDOM|SECONDS|LINENO|EPOCHSECONDS|PPID|BASHPID|UID|EUID|OPTIND)\b|\{(?:RANDOM|SRANDOM|SECONDS|LINENO|EPOCHSECONDS|PPID|BASHPID|UID|EUID|OPTIND)\})$/;

/** Text of a value that is a number by construction: `$(wc -l < f)`, `$(nproc)`, `$((n + 1))`, `$#`, `${#x}`. */
export function numericText(text: string): boolean {
  const t = text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
  if (/^-?\d+$/.test(t)) return true;
  if (NUMERIC_PARAM.test(t)) return true;
  // An arithmetic expansion's result is a number (its own operands are judged where it is written).
  if (/^\$\(\([\s\S]*\)\)$/.test(t) && balanced(t.slice(3, -2))) return true;
  const m = /^\$\(([\s\S]*)\)$/.exec(t) ?? /^`([^`]*)`$/.exec(t);
  if (!m || !balanced(m[1])) return false;
  const body = m[1].trim();
  return NUMERIC_PROGRAM.test(body) && !/[`]|\$\(/.test(body.replace(/\$\(\([^()]*\)\)/g, ''));
}

/**
 * A word only known at run time that is still a number by construction, bare or as an option's attached value:
 * `$(nproc)`, `"$(nproc)"`, `-j$(nproc)`, `--jobs=$(getconf _NPROCESSORS_ONLN)`, `-w$((n + 1))`. It is no option
 * name, no glob and no path with a folder in it: only digits (and the literal option before them).
 */
export function numericWord(w: W): boolean {
  if (w.value !== null || w.glob || w.alts !== undefined) return false;
  const m = /^(?:-[A-Za-z]|--[A-Za-z][A-Za-z0-9-]*=)?([\s\S]+)$/.exec(w.text);
  return m !== null && numericText(m[1]);
}

/**
 * A job count or load limit only known at run time but a number by construction (`make -j$(nproc)`, `make -j
 * "$(nproc)"`, `--jobs=$(nproc)`, `-l $(nproc)`): words[i] is the number, attached to or right after the option. A
 * bare number elsewhere may be a target or a file name (`make $(nproc)`, `make -f$(nproc)`), so it is not this.
 */
export function jobCountWord(words: readonly W[], i: number): boolean {
  const w = words[i];
  if (w === undefined || !numericWord(w)) return false;
  if (/^(?:-[jl]|--(?:jobs|load-average|max-load)=)/.test(w.text)) return true;
  const prev = i > 0 ? words[i - 1].value : null;
  return !w.text.startsWith('-') && prev !== null && /^(?:-[jl]|--(?:jobs|load-average|max-load))$/.test(prev);
}

function balanced(s: string): boolean {
  let d = 0;
  for (const c of s) {
    if (c === '(') d++;
    else if (c === ')' && --d < 0) return false;
  }
  return d === 0;
}

/**
 * Why a variable's value, evaluated as arithmetic, may be code the guard cannot see; undefined when it is known
 * (a literal, a number by construction, each of a loop's literal words) or not set on the line.
 */
export function unknownVar(name: string, vs: ArithVars, depth = 0): string | undefined {
  const w = vs.vars?.get(name);
  if (w === undefined) {
    const e = vs.env;
    if (e !== undefined && Object.prototype.hasOwnProperty.call(e, name) && e[name] === null) return `$${name} is only known at run time`;
    return undefined;
  }
  return unknownValue(name, w, vs, depth);
}

function unknownValue(name: string, w: W, vs: ArithVars, depth: number): string | undefined {
  if (w.alts !== undefined) {
    for (const a of w.alts) {
      const why = unknownValue(name, a, vs, depth);
      if (why !== undefined) return why;
    }
    return undefined;
  }
  if (w.value !== null && !w.fromInput) return undefined;
  const t = w.text;
  if (numericText(t)) return undefined;
  // `m=$n`: as known as n.
  const ref = /^"?\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))"?$/.exec(t);
  if (ref && depth < 4 && (ref[1] ?? ref[2]) !== name && vs.vars?.has(ref[1] ?? ref[2])) return unknownVar(ref[1] ?? ref[2], vs, depth + 1);
  if (w.fromInput) return `$${name} holds input read at run time (${t})`;
  return `$${name} is set to ${t.length > 60 ? t.slice(0, 60) + '…' : t}, only known at run time`;
}

/**
 * Why an arithmetic expression's text may run code the guard cannot see: a variable it names (bare or with `$`)
 * holds a value only known at run time, or a command substitution in it prints what is not a number by
 * construction. Single-quoted parts are inert only outside arithmetic; here the text is the expression itself.
 */
export function unknownArith(expr: string, vs: ArithVars): string | undefined {
  // Command substitutions first: their output becomes part of the expression.
  for (const sub of substitutions(expr))
    if (!numericText(sub)) return `the arithmetic ${short(expr)} evaluates the output of ${short(sub)}, which may hold code`;
  const stripped = stripSubstitutions(expr);
  for (const m of stripped.matchAll(/(\$\{#?|\$)?([A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (m[1] === '${#') continue;
    const i = m.index ?? 0;
    // Part of a number (`0x1f`, `16#ff`) or a longer word.
    if (i > 0 && /[0-9A-Za-z_#.]/.test(stripped[i - 1]) && m[1] === undefined) continue;
    const why = unknownVar(m[2], vs);
    if (why !== undefined) return `the arithmetic ${short(expr)} evaluates ${why}`;
  }
  return undefined;
}

/** Why the `$` references in a word (a variable's name given to `printf -v`, `read`, `test -v`) are unknown. */
export function unknownRefs(text: string, vs: ArithVars): string | undefined {
  for (const sub of substitutions(text)) if (!numericText(sub)) return `${short(text)} is the output of ${short(sub)}, only known at run time`;
  for (const m of stripSubstitutions(text).matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const why = unknownVar(m[1], vs);
    if (why !== undefined) return why;
  }
  return undefined;
}

function short(s: string): string {
  const t = s.trim();
  return t.length > 60 ? t.slice(0, 60) + '…' : t;
}

/** The `$(…)` and backtick substitutions of a text, outermost (not `$((…))`, which is arithmetic itself). */
export function substitutions(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '`') {
      const j = text.indexOf('`', i + 1);
      if (j < 0) break;
      out.push(text.slice(i, j + 1));
      i = j;
      continue;
    }
    if (c === '$' && text[i + 1] === '(') {
      const end = closeParen(text, i + 1);
      if (end < 0) break;
      if (text[i + 2] === '(' && text[end - 1] === ')') {
        // `$((…))`: arithmetic; its own substitutions are found inside.
        for (const s of substitutions(text.slice(i + 3, end - 1))) out.push(s);
      } else out.push(text.slice(i, end + 1));
      i = end;
    }
  }
  return out;
}

function stripSubstitutions(text: string): string {
  let t = text;
  for (const s of substitutions(text)) t = t.replace(s, ' ');
  return t;
}

/** The index of the `)` that closes the `(` at `open`; -1 when none. */
function closeParen(text: string, open: number): number {
  let d = 0;
  let q: string | undefined;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (q !== undefined) {
      if (c === q) q = undefined;
      else if (c === '\\' && q === '"') i++;
      continue;
    }
    if (c === '\\') i++;
    else if (c === "'" || c === '"') q = c;
    else if (c === '(') d++;
    else if (c === ')' && --d === 0) return i;
  }
  return -1;
}

/**
 * The arithmetic a command's text makes bash evaluate, outside single quotes: `$((…))` and `$[…]` bodies, an
 * indexed array's subscript (`${a[n]}`), a substring's offset and length (`${s:n:m}`).
 */
export function arithmeticIn(text: string): string[] {
  const out: string[] = [];
  let dq = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '"') dq = !dq;
    else if (c === "'" && !dq) {
      const j = text.indexOf("'", i + 1);
      if (j < 0) break;
      i = j;
    } else if (c === '$' && text.startsWith('((', i + 1)) {
      const end = closeParen(text, i + 1);
      if (end < 0) break;
      out.push(text.slice(i + 3, end - 1));
      i = end;
    } else if (c === '$' && text[i + 1] === '[') {
      const j = text.indexOf(']', i + 2);
      if (j < 0) break;
      out.push(text.slice(i + 2, j));
      i = j;
    } else if (c === '$' && text[i + 1] === '{') {
      const j = closeBrace(text, i + 1);
      if (j < 0) break;
      const body = text.slice(i + 2, j);
      const sub = /^[A-Za-z_][A-Za-z0-9_]*\[([\s\S]*)\]$/.exec(body);
      if (sub && sub[1] !== '@' && sub[1] !== '*') out.push(sub[1]);
      const off = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?:(?![-=?+])([\s\S]*)$/.exec(body);
      if (off) out.push(off[1].replace(/:/, ' , '));
      i = j;
    }
  }
  return out;
}

function closeBrace(text: string, open: number): number {
  let d = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') d++;
    else if (c === '}' && --d === 0) return i;
  }
  return -1;
}

/** The operands `[[ … ]]` evaluates as arithmetic (either side of -eq, -ne, -lt, -le, -gt, -ge), and those of -v. */
export function testOperands(text: string): { arith: string[]; names: string[] } {
  const arith: string[] = [];
  const names: string[] = [];
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|'[^']*'|\$\((?:[^()]|\([^()]*\))*\)|[^\s]+/g) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (/^-(eq|ne|lt|le|gt|ge)$/.test(t)) {
      for (const o of [tokens[i - 1], tokens[i + 1]]) if (o !== undefined && !o.startsWith("'")) arith.push(unquote(o));
    } else if (t === '-v' && tokens[i + 1] !== undefined) names.push(tokens[i + 1]);
  }
  return { arith, names };
}

function unquote(t: string): string {
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}
