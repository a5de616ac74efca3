// The program table's vocabulary: a row says what a program does with each of its arguments, in a small
// notation a newcomer can write from the program's --help. A row is compiled once (at module load) into
// option lookups; parseArgv then reads a command's words the way the program's own getopt would.
//
// Threat: a guard that reads options with a prefix list is bypassed by grouping (`-rf`), attached values
// (`-otests/a.test.ts`), `--opt=value`, abbreviations (`--out`), `--` and reordering. The argv parser below
// models all of them, and a word the program could take as a path is judged as one.
//
// Option notation (`o:`), space-separated tokens:
//   -n|--number                 a flag (aliases joined by |)
//   -n|--lines=V                takes a value (next word or attached); V is the value's role
//   --color[=V]                 takes an optional value, attached only (`--color=auto`)
//   -r|-R|--recursive:rec       a flag that sets the named switch `rec` (positional roles may depend on it)
//   -AbeEnstTuv                 several one-letter flags at once
//   -#                          numeric flags (`head -20`, `kill -9`)
// Positional notation (`a:`): roles in order, `R*` (any number), `R+`, `R?`; one repeating token; tokens after
// it are taken from the end (`R+ W`: cp's sources, then its destination). `R*/rec=T` switches role on `rec`.
// Roles:
//   V value (inert text)   P pattern (inert)   U URL or remote spec (`file://x` is read)
//   R reads the file       T reads the tree (recursively when a directory)   M metadata only (ls, stat, wc)
//   W writes (creates or replaces)   Y rewrites the files of a tree (formatters, linters with --fix)   A modifies in place (touch, chmod, >>)   D deletes   N moves away (mv source)
//   C a directory later relative paths are resolved in (make -C, tar -C)
//   S shell code (parsed and judged as a command)   K code in the row's language (`lang`)
//   E a command the program runs on every file it reads (`rg --pre CMD`, `ugrep --filter=ext:CMD`): judged as a
//     command, and unless it is a known converter that only prints (FILE_FILTERS) it is unknown: it gets the files
//   X runs the file as a program    F a value that reads a file when it starts with @ or < (curl -d @f)
//   O a git object (`HEAD:.env` reads .env)   H a mount (`SRC:DST`, the host side is named)
//   ? anything: a word that names a protected path counts as touching it in every way (naming is touching)
//   L a file that lists the paths to work on (`tar -T`, `--files0-from`, `--pathspec-from-file`): what it lists is unseen
//   Z configuration that can make the program run commands (`cargo --config target.x.runner=…`): not modelled
//   I what a package manager installs: a word that looks like a path (`/x`, `./x`, `../x`, `~/x`, `a/b`,
//     `file:x`, `name @ file:///x`, `x.tar.gz`, `x.whl`, `x.gem`) is code the install runs (X: setup.py, install
//     scripts, build.rs); a registry name (`requests`, `@types/node`) or a URL is a name (?) or a value
import type { W } from '../types';
import { outsideLoadPath } from './outsideload';

export type Role = 'V' | 'P' | 'U' | 'R' | 'T' | 'M' | 'W' | 'Y' | 'A' | 'D' | 'N' | 'C' | 'S' | 'E' | 'K' | 'X' | 'F' | 'O' | 'H' | 'Z' | 'L' | 'I' | '?';
/** Roles that only read or name nothing: a row made of them touches no path in any other way. */
const PASSIVE = new Set<string>(['V', 'P', 'M', 'R', 'T', 'U']);
const ROLES = new Set<string>(['V', 'P', 'U', 'R', 'T', 'M', 'W', 'Y', 'A', 'D', 'N', 'C', 'S', 'E', 'K', 'X', 'F', 'O', 'H', 'Z', 'L', 'I', '?']);

export interface ROpt {
  /** The first name in the token (`-o` or `--output`), for explanations. */
  key: string;
  long: readonly string[];
  /** 0: no value, 1: a value (next word or attached), 2: an optional value, attached only. */
  arg: 0 | 1 | 2;
  role: Role;
  /** A named switch this option turns on (`rec`, `inplace`, `dry`, …). */
  flag: string | undefined;
}

interface PosToken {
  role: Role;
  /** '' exactly one, '?' optional, '*' any number, '+' one or more. */
  q: '' | '?' | '*' | '+';
  /** Switch-dependent roles: when the switch is on, the role is this. */
  when: readonly (readonly [string, Role])[];
}

/** A program's row as written in the table (the notation above). */
export interface RowSpec {
  /** Names it runs as (normalized basename), space-separated. */
  n: string;
  /** One line: what it is. */
  d: string;
  o?: string;
  a?: string;
  /** Verbs (`git log`, `npm test`): the first positional picks one. A verb missing from the map is not modelled. */
  sub?: Record<string, RowSpec>;
  /** Unknown options are read as flags (their next word also counts as a possible path) instead of not modelled. */
  loose?: boolean;
  /**
   * Its operands are pathspecs the program stages, lists or compares (`git add src/a.ts`, `git reset HEAD x.py`): a
   * file of code named there is named (judged by its role), never run, even on a loose row.
   */
  noRun?: boolean;
  /**
   * The tool's verb comes first (`mix test`, `swift test`, `cabal test`): a bare first operand (no `/`, no `.`) is
   * that verb, not the folder of the same name; `steps` lists the verbs whose next bare word names a task
   * (`zig build test`, `lerna run test`). Anything path-like is still judged as a path.
   */
  verb?: boolean;
  steps?: string[];
  /** Options stop at the first positional (what follows belongs to something else). */
  posix?: boolean;
  /**
   * Every single-dash word is one option, never a group of one-letter flags (gcc, clang, ld): `-MD` is an option of
   * its own, not `-M` and a `-D` that takes the next word; `-Dx`, `-Ipath`, `-otests/x` keep their attached values.
   */
  whole?: boolean;
  /** Verbs may be preceded by the parent's options only (the default is: the parent's options also after the verb). */
  noInherit?: boolean;
  /** Language of K-role code (python, node, ruby, perl, php, awk, sed, sql, …). */
  lang?: string;
  /** Files whose content decides what this runs (package.json scripts, Makefile, .git/hooks): written on the same line, that is write-then-exec. */
  runs?: string[];
  /** Custom reading for the parts the notation cannot say (see model.ts). */
  x?: string;
  /** The files a linter or formatter works on in a folder (`*.ts *.js`): its tree reads and rewrites only those. */
  ext?: string;
  /**
   * A checker or scanner (checkov, tflint, gitleaks): its tree reads are reads to report on the files, whose
   * findings may quote their lines. A protected file met while walking a folder is asked about, not refused
   * (a file named outright is judged as any read).
   */
  reports?: boolean;
  /** Lines that must be allowed as they are (benign samples). */
  ok?: string[];
  /** `LINE => op path, op path` (the effects must include these) or `LINE => !op path` (must not). */
  eff?: string[];
}

export interface Row {
  names: readonly string[];
  d: string;
  shorts: Map<string, ROpt>;
  longs: ROpt[];
  /** Single-dash long options (`-std=c99`, `-jar`, `-modfile`), matched before short-letter groups. */
  slongs: Map<string, ROpt>;
  numeric: boolean;
  pos: readonly PosToken[];
  sub: Map<string, Row> | undefined;
  loose: boolean;
  verb: boolean;
  steps: readonly string[] | undefined;
  posix: boolean;
  whole: boolean;
  inherit: boolean;
  lang: string | undefined;
  runs: readonly string[] | undefined;
  x: string | undefined;
  ext: string[] | undefined;
  spec: RowSpec;
  /** Set on verb rows: the row it is a verb of. */
  parent: Row | undefined;
  /**
   * Nothing the row declares writes, deletes, moves, runs or names a path in every way: an unknown option's
   * value cannot be one of those either (ls, du, test, readlink), so it is not judged as a possible path.
   */
  passive: boolean;
}

/** Compile a row; throws on notation errors (a table test loads every row). */
export function compileRow(spec: RowSpec, parent?: Row): Row {
  const shorts = new Map<string, ROpt>();
  const longs: ROpt[] = [];
  const slongs = new Map<string, ROpt>();
  let numeric = false;
  for (const tok of (spec.o ?? '').split(/\s+/).filter(Boolean)) {
    if (tok === '-#') {
      numeric = true;
      continue;
    }
    const m = /^([^=:[\]]+)(\[=([A-Z?])\]|=([A-Z?]))?(?::([a-z-]+))?$/.exec(tok);
    if (!m) throw new Error(`${spec.n}: bad option token ${tok}`);
    const names = m[1].split('|');
    const role = (m[3] ?? m[4] ?? 'V') as Role;
    if (!ROLES.has(role)) throw new Error(`${spec.n}: bad role in ${tok}`);
    const arg: 0 | 1 | 2 = m[3] ? 2 : m[4] ? 1 : 0;
    // `-AbeE`: several one-letter flags.
    if (names.length === 1 && /^-[A-Za-z0-9]{2,}$/.test(names[0]) && arg === 0 && !m[5] && !tok.includes('|')) {
      for (const c of names[0].slice(1)) shorts.set(c, { key: '-' + c, long: [], arg: 0, role: 'V', flag: undefined });
      continue;
    }
    const o: ROpt = { key: names[0], long: [], arg, role, flag: m[5] };
    const ls: string[] = [];
    for (const n of names) {
      if (/^--[^-]/.test(n)) ls.push(n.slice(2));
      else if (/^-[^-]$/.test(n)) shorts.set(n[1], o);
      else if (/^-[A-Za-z][A-Za-z0-9_-]+$/.test(n)) slongs.set(n, o);
      else throw new Error(`${spec.n}: bad option name ${n} in ${tok}`);
    }
    o.long = ls;
    if (ls.length) longs.push(o);
  }
  const pos: PosToken[] = [];
  for (const tok of (spec.a ?? '').split(/\s+/).filter(Boolean)) {
    const [head, ...alts] = tok.split('/');
    const m = /^([A-Z?])([*+?]?)$/.exec(head);
    if (!m || !ROLES.has(m[1])) throw new Error(`${spec.n}: bad positional token ${tok}`);
    const when = alts.map((a) => {
      const mm = /^([a-z-]+)=([A-Z?])$/.exec(a);
      if (!mm || !ROLES.has(mm[2])) throw new Error(`${spec.n}: bad switch in ${tok}`);
      return [mm[1], mm[2] as Role] as const;
    });
    pos.push({ role: m[1] as Role, q: m[2] as PosToken['q'], when });
  }
  if (pos.filter((p) => p.q === '*' || p.q === '+').length > 1) throw new Error(`${spec.n}: more than one repeating positional`);
  const row: Row = {
    names: spec.n.split(/\s+/).filter(Boolean),
    d: spec.d,
    shorts,
    longs,
    slongs,
    numeric,
    pos,
    sub: undefined,
    loose: spec.loose ?? parent?.loose ?? false,
    verb: spec.verb ?? false,
    steps: spec.steps,
    posix: spec.posix ?? false,
    whole: spec.whole ?? parent?.whole ?? false,
    inherit: !(spec.noInherit ?? parent?.spec.noInherit ?? false),
    lang: spec.lang ?? parent?.lang,
    runs: spec.runs,
    x: spec.x,
    ext: spec.ext !== undefined ? spec.ext.split(/\s+/).filter(Boolean) : parent?.ext,
    spec,
    parent,
    passive:
      !spec.x &&
      [
        ...pos.flatMap((t) => [t.role, ...t.when.map((w) => w[1])]),
        ...longs.map((o) => o.role),
        ...[...shorts.values()].map((o) => o.role),
        ...[...slongs.values()].map((o) => o.role),
      ].every((r) => PASSIVE.has(r)),
  };
  if (spec.sub) {
    row.sub = new Map();
    for (const [verbs, s] of Object.entries(spec.sub)) {
      const child = compileRow({ ...s, n: s.n || verbs }, row);
      for (const v of verbs === '' ? [''] : verbs.split(/\s+/).filter(Boolean)) row.sub.set(v, child);
    }
  }
  return row;
}

// ---- reading a command's words against a row ----

export interface Occ {
  opt: ROpt;
  /** The value: a string, null when only known at run time, undefined when the option takes none. */
  value: string | null | undefined;
  /** The word that holds the value when it is a word of its own (for `~`, globs and input lists). */
  w: W | undefined;
}

export interface Parsed {
  occ: Occ[];
  positional: W[];
  /** Indices into `positional` of words that followed an unknown option (a loose row: perhaps its value). */
  maybeValue: number[];
  /** Unknown options (a strict row: the command is not modelled). */
  unknown: string[];
  /** Index in the words where a posix row stopped (its first positional), else words.length. */
  rest: number;
  switches: Set<string> | undefined;
}

const NO_OCC: Occ[] = [];
const NO_POS: W[] = [];
const NO_IDX: number[] = [];
const NO_UNKNOWN: string[] = [];

/** A table's long names, each to the first option that lists it (the exact match resolveLong looks for first). */
const LONG_INDEX = new WeakMap<readonly ROpt[], Map<string, ROpt>>();

function longIndex(longs: readonly ROpt[]): Map<string, ROpt> {
  let m = LONG_INDEX.get(longs);
  if (m === undefined) {
    m = new Map();
    for (const o of longs) for (const l of o.long) if (!m.has(l)) m.set(l, o);
    LONG_INDEX.set(longs, m);
  }
  return m;
}

function resolveLong(name: string, longs: readonly ROpt[]): ROpt | undefined {
  // Exact names by index (git's table lists hundreds); an abbreviation by the scan below.
  const exact = longIndex(longs).get(name);
  if (exact !== undefined) return exact;
  if (name.length < 2) return undefined;
  let hit: ROpt | undefined;
  for (const o of longs) {
    if (o === hit) continue;
    for (const l of o.long) {
      if (!l.startsWith(name)) continue;
      if (hit !== undefined) return undefined; // ambiguous
      hit = o;
      break;
    }
  }
  return hit;
}

const NUMERIC = /^-\d+$/;

/**
 * Read `words[from..]` against the option tables `tables` (a verb's own, then its parent's when inherited).
 * Stops at the first positional when `posix`.
 */
export function parseArgv(words: readonly W[], from: number, tables: readonly Row[], loose: boolean, posix: boolean): Parsed {
  const out: Parsed = { occ: NO_OCC, positional: NO_POS, maybeValue: NO_IDX, unknown: NO_UNKNOWN, rest: words.length, switches: undefined };
  let afterDD = false;
  let pendingMaybe = false;
  const numeric = tables.some((t) => t.numeric);
  const whole = tables.some((t) => t.whole);
  for (let i = from; i < words.length; i++) {
    const w = words[i];
    const v = w.value;
    if (
      afterDD ||
      v === null ||
      v.length < 2 ||
      v.charCodeAt(0) !== 45 /* - */ ||
      (NUMERIC.test(v) && !numeric && !loose && !tables.some((t) => t.shorts.has(v[1])))
    ) {
      if (posix && !afterDD) {
        // Everything from here is positional (a script and its arguments, a verb and its words).
        out.rest = i;
        out.positional = words.slice(i);
        return out;
      }
      if (out.positional === NO_POS) out.positional = [];
      if (pendingMaybe && !afterDD) {
        if (out.maybeValue === NO_IDX) out.maybeValue = [];
        out.maybeValue.push(out.positional.length);
      }
      pendingMaybe = false;
      out.positional.push(w);
      continue;
    }
    pendingMaybe = false;
    if (v === '--') {
      if (posix) {
        // Options end here; what follows is the command (or the script and its arguments).
        out.rest = i + 1;
        out.positional = words.slice(i + 1);
        return out;
      }
      afterDD = true;
      continue;
    }
    if (numeric && NUMERIC.test(v)) continue;
    if (v.charCodeAt(1) === 45) {
      const eq = v.indexOf('=');
      const name = eq >= 0 ? v.slice(2, eq) : v.slice(2);
      let o: ROpt | undefined;
      for (const t of tables) if ((o = resolveLong(name, t.longs))) break;
      if (!o) {
        if (loose) {
          // An option the row does not list whose name says it takes a command or code (`--exec`, `--onSuccess`,
          // `--setupFiles`, `--rcfile`): its value is judged as what it is, not as an inert word.
          const next = words[i + 1];
          const ex = execOption(name) ?? (eq < 0 && next !== undefined && loadsFromOutside([name], next.value) ? 'X' : undefined);
          // Any other option given a path outside the workspace may load code from it (outsideload.ts).
          // Nim's `--gcc.exe:/tmp/x` separates the value with a colon.
          const colon = eq < 0 ? name.indexOf(':') : -1;
          const load =
            ex !== undefined
              ? undefined
              : eq >= 0
                ? outsideLoadPath(name, v.slice(eq + 1))
                : colon > 0
                  ? outsideLoadPath(name.slice(0, colon), name.slice(colon + 1))
                  : next?.value?.startsWith('-') === false
                    ? outsideLoadPath(name, next.value)
                    : undefined;
          if (load !== undefined) {
            const taken = eq < 0 && colon < 0;
            addOcc(
              out,
              { key: eq >= 0 ? v.slice(0, eq) : v, long: [], arg: 1, role: 'X', flag: undefined },
              load,
              taken && load === next?.value ? next : undefined,
            );
            if (taken) pendingMaybe = true; // the next word stays a word of the row too (`nix-store --delete --ignore-liveness /nix/store/x`)
          } else if (ex !== undefined && eq >= 0) {
            const val = v.slice(eq + 1);
            addOcc(
              out,
              { key: v.slice(0, eq), long: [], arg: 1, role: ex === 'shell' ? (SHELL_PATH.test(val) ? 'V' : 'S') : ex, flag: undefined },
              val,
              undefined,
            );
          } else if ((ex === 'S' || ex === 'X') && next !== undefined && (next.value === null || !next.value.startsWith('-'))) {
            addOcc(out, { key: v, long: [], arg: 1, role: ex, flag: undefined }, next.value, next);
            i++;
          }
          // An unknown option's `=value` and its next word may be a path: both are judged as named.
          else if (eq >= 0) addOcc(out, { key: v.slice(0, eq), long: [], arg: 1, role: '?', flag: undefined }, v.slice(eq + 1), undefined);
          else pendingMaybe = true;
        } else addUnknown(out, eq >= 0 ? v.slice(0, eq) : v);
        continue;
      }
      if (o.arg === 0) {
        if (eq >= 0 && !loose) addUnknown(out, v);
        addOcc(out, o, undefined, undefined);
      } else if (eq >= 0) addOcc(out, o, v.slice(eq + 1), undefined);
      else if (o.arg === 2) addOcc(out, o, ...optionalCode(o, words[i + 1]));
      else {
        const next = words[i + 1];
        addOcc(out, o, next ? next.value : null, next);
        i++;
      }
      continue;
    }
    // Single-dash long options (`-std=c99`, `-jar x`).
    let sl: ROpt | undefined;
    let slName = v;
    let slEq = -1;
    if (v.length > 2) {
      slEq = v.indexOf('=');
      slName = slEq > 0 ? v.slice(0, slEq) : v;
      for (const t of tables) if ((sl = t.slongs.get(slName))) break;
    }
    if (sl) {
      if (sl.arg === 0) addOcc(out, sl, undefined, undefined);
      else if (slEq > 0) addOcc(out, sl, v.slice(slEq + 1), undefined);
      else if (sl.arg === 2) addOcc(out, sl, ...optionalCode(sl, words[i + 1]));
      else {
        const next = words[i + 1];
        addOcc(out, sl, next ? next.value : null, next);
        i++;
      }
      continue;
    }
    // `-test.coverprofile=F` (Go's test binary flags, Java's -Dx.y=…): a dotted name is one long option written
    // with one dash, not a cluster of short ones (whose letters would misread the value).
    const dotted = loose ? DOTTED_SINGLE_DASH.exec(v) : null;
    if (dotted) {
      const load = outsideLoadPath(dotted[1], v.slice(dotted[0].length));
      // (Otherwise an option the loose row does not list, as its unknown short options are: its handler may read it.)
      if (load !== undefined) addOcc(out, { key: '-' + dotted[1], long: [], arg: 1, role: 'X', flag: undefined }, load, undefined);
      continue;
    }
    // gcc's grammar: the word is one option; a listed letter takes the rest of it as its value.
    if (whole) {
      // `-MFdeps.d`: a listed option that takes a value, with the value attached (the longest name that fits).
      let pre: [string, ROpt] | undefined;
      for (const t of tables) for (const [n, so] of t.slongs) if (so.arg === 1 && v.startsWith(n) && (!pre || n.length > pre[0].length)) pre = [n, so];
      if (pre) {
        addOcc(out, pre[1], v.slice(pre[0].length), undefined);
        continue;
      }
      let o: ROpt | undefined;
      for (const t of tables) if ((o = t.shorts.get(v[1]))) break;
      if (o && (o.arg !== 0 || v.length === 2)) {
        if (o.arg === 0) addOcc(out, o, undefined, undefined);
        else if (v.length > 2) addOcc(out, o, v.slice(2), undefined);
        else if (o.arg === 2) addOcc(out, o, ...optionalCode(o, words[i + 1]));
        else {
          const next = words[i + 1];
          addOcc(out, o, next ? next.value : null, next);
          i++;
        }
      } else if (!loose) addUnknown(out, v);
      else {
        // An option the row does not list: a flag, whose next word may be its value (judged as a possible path).
        const next = words[i + 1];
        const load = v.length > 2 ? outsideLoadPath(v[1], v.slice(2)) : undefined;
        if (load !== undefined) addOcc(out, { key: '-' + v[1], long: [], arg: 1, role: 'X', flag: undefined }, load, undefined);
        else if (next?.value?.startsWith('-') === false && outsideLoadPath(v.slice(1), next.value) !== undefined)
          addOcc(out, { key: v, long: [], arg: 1, role: 'X', flag: undefined }, outsideLoadPath(v.slice(1), next.value)!, next);
        pendingMaybe = true;
      }
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k];
      let o: ROpt | undefined;
      for (const t of tables) if ((o = t.shorts.get(c))) break;
      if (!o) {
        if (loose) {
          // An unknown short option with an outside path attached (`-B/tmp/x`, `-Inixpkgs=/tmp/np`) or next
          // (`-Xswiftc /tmp/x`, `-I /tmp/np`) may load code from it, as its long kin do.
          const next = words[i + 1];
          const load =
            k === 1 && v.length > 2
              ? outsideLoadPath(c, v.slice(2))
              : k === v.length - 1 && next?.value?.startsWith('-') === false
                ? outsideLoadPath(v.slice(1), next.value)
                : undefined;
          if (load !== undefined) {
            const attached = k === 1 && v.length > 2;
            addOcc(
              out,
              { key: attached ? '-' + c : v, long: [], arg: 1, role: 'X', flag: undefined },
              load,
              !attached && load === next?.value ? next : undefined,
            );
            if (!attached) pendingMaybe = true;
            break;
          }
          if (k === v.length - 1) pendingMaybe = true;
        } else addUnknown(out, '-' + c);
        continue;
      }
      if (o.arg === 0) {
        addOcc(out, o, undefined, undefined);
        continue;
      }
      // perl's and ruby's -0 takes octal (or x-hex) digits only: `-0pi` is -0, -p and -i, not -0 with the value "pi".
      if (o.key === '-0' && o.arg === 2) {
        const digits = /^(x[0-9a-fA-F]+|[0-7]*)/.exec(v.slice(k + 1))![0];
        addOcc(out, o, digits, undefined);
        k += digits.length;
        continue;
      }
      const attached = v.slice(k + 1);
      if (attached) addOcc(out, o, attached, undefined);
      else if (o.arg === 2) addOcc(out, o, ...optionalCode(o, words[i + 1]));
      else {
        const next = words[i + 1];
        addOcc(out, o, next ? next.value : null, next);
        i++;
      }
      break;
    }
  }
  return out;
}

/**
 * An optional value given alone (`rollup -c`): none, unless the option's value is code or a command (`-c|--config[=X]`)
 * and a word follows that is no option: the program may well take it as the value (`nx --config /tmp/x build`,
 * `rollup -c /tmp/x.mjs`), so it is judged as one too (it stays a positional word as well: not consumed). A command (`git grep -O[=S]`) is
 * attached only in fact: the next word is its pattern.
 */
function optionalCode(o: ROpt, next: W | undefined): [string | null, W | undefined] {
  if (o.role !== 'X' || next === undefined || (next.value !== null && (next.value === '' || next.value.startsWith('-')))) return ['', undefined];
  return [next.value, next];
}

/** Option names (camelCase read as kebab-case) whose value is a command line a program runs. */
const CMD_OPTION = /^(exec|execute|cmd|command|commands|rsh|hook|wrapper|launcher|interpreter|pager)$|-(exec|cmd|command|commands|hook|wrapper)$|^on-[a-z]+$/;
/** … whose value is code or a file of code it loads (a module name resolves in the project, a path is a program). */
const CODE_OPTION =
  /^(require|preload|loader|experimental-loader|plugin|rcfile|rc-file|init-file|init-script|setup-files?|setup-files-after-env|global-setup|global-teardown|startup-script)$/;
/** … that read as a flag when given alone (`vitest --run`), and as a command only with `=` (`--run=CMD`, `--shell=PATH`). */
const EQ_CMD_OPTION = /^(run|shell|script)$/;
const SHELL_PATH = /^(\/(usr\/)?(local\/)?bin\/)?(ba|z|da|k|mk|fi|c|tc|a)?sh$|^(\/(usr\/)?(local\/)?bin\/)?(pwsh|powershell)$/;

/** How the value of an option the row does not list is judged, by its name: S a command line, X code to run. */
function execOption(name: string): 'S' | 'X' | 'shell' | undefined {
  if (name.startsWith('no-') || name.length < 2) return undefined;
  const n = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  if (CMD_OPTION.test(n)) return 'S';
  if (CODE_OPTION.test(n)) return 'X';
  if (n === 'shell') return 'shell';
  if (EQ_CMD_OPTION.test(n)) return 'S';
  return undefined;
}

/**
 * Options (camelCase read as kebab-case) that load code, configuration, plugins or an environment from the file or
 * folder they name: a configuration file is often code (postcss.config.js, a kubeconfig's exec credential
 * plugin), an env file sets NODE_OPTIONS and friends, a plugin or cache folder holds code that runs.
 */
const LOAD_OPTION =
  /^(?:config|configs|config-file|config-path|config-dir|configfile|kubeconfig|plugin|plugins|plugin-dir|plugins-dir|plugin-path|env-file|env-file-if-exists|envfile|dotenv|require|preload|loader|experimental-loader|import|init-file|init-script|rcfile|rc-file|project-cache-dir|gradle-user-home|extension|extensions|extension-dir|extensions-dir|hooks-dir|hooks-path|rulesdir|resolve-plugins-relative-to|presets?|toolchain-dir|settings|settings-file)$/;

/**
 * Threat: `k9s --kubeconfig /tmp/kc`, `postcss --config /tmp`, `eslint --plugin /tmp/p`, `node --env-file=/tmp/e`:
 * an option that loads code or configuration from a folder the workspace does not hold (an absolute, home or
 * parent path) runs what nobody has seen. Such a value is judged as a program run (X) whatever role the row gave it
 * as an inert value or a read; a path in the workspace stays the project's own.
 */
export function loadsFromOutside(names: readonly string[], value: string | null | undefined): boolean {
  if (typeof value !== 'string' || !/^(?:\/|~\/|\.\.\/|\$HOME\/)/.test(value) || /^\/dev\/(?:null|stdin)$/.test(value)) return false;
  for (const n of names) {
    const k = n
      .replace(/^-+/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase();
    if (LOAD_OPTION.test(k)) return true;
  }
  return false;
}

/** `-name.sub=`: a long option written with one dash (its name holds a dot, which no short option is). */
const DOTTED_SINGLE_DASH = /^-([A-Za-z][\w-]*\.[\w.-]*)=/;

function addOcc(out: Parsed, opt: ROpt, value: string | null | undefined, w: W | undefined): void {
  if ((opt.role === 'V' || opt.role === 'R' || opt.role === '?') && typeof value === 'string' && loadsFromOutside([opt.key, ...opt.long], value))
    opt = { ...opt, role: 'X' };
  else if ((opt.role === 'V' || opt.role === '?') && typeof value === 'string' && KEY_VALUE.test(value)) {
    // `cmake -DCMAKE_TOOLCHAIN_FILE=/tmp/t.cmake`, `bazel --repo_env=CC=/tmp/cc`: a setting whose value is an
    // outside path may load code from it (outsideload.ts), unless its key says data (`-DCMAKE_INSTALL_PREFIX=…`).
    const load = outsideLoadPath(opt.key, value);
    if (load !== undefined) {
      opt = { ...opt, role: 'X' };
      value = load;
      w = undefined;
    }
  }
  if (out.occ === NO_OCC) out.occ = [];
  out.occ.push({ opt, value, w });
  if (opt.flag) (out.switches ??= new Set()).add(opt.flag);
}

const KEY_VALUE = /^[A-Za-z_][\w.@+-]*[=:]/;

function addUnknown(out: Parsed, name: string): void {
  if (out.unknown === NO_UNKNOWN) out.unknown = [];
  out.unknown.push(name);
}

/** The role of each positional under the row's positional tokens and the switches set. */
export function positionalRoles(row: Row, n: number, switches: Set<string> | undefined): Role[] {
  const toks = row.pos;
  const roles = new Array<Role>(n);
  const role = (t: PosToken): Role => {
    if (switches) for (const [s, r] of t.when) if (switches.has(s)) return r;
    return t.role;
  };
  const rep = toks.findIndex((t) => t.q === '*' || t.q === '+');
  if (rep < 0) {
    // Fixed and optional tokens, in order; extra words beyond them are unmodelled ('?').
    let i = 0;
    for (const t of toks) if (i < n) roles[i++] = role(t);
    for (; i < n; i++) roles[i] = '?';
    return roles;
  }
  const head = toks.slice(0, rep);
  const tail = toks.slice(rep + 1);
  let i = 0;
  for (const t of head) if (i < n) roles[i++] = role(t);
  const tailStart = Math.max(i, n - tail.length);
  for (let k = i; k < tailStart; k++) roles[k] = role(toks[rep]);
  for (let k = tailStart, j = tail.length - (n - tailStart); k < n; k++, j++) roles[k] = role(tail[j]);
  return roles;
}
