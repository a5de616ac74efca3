// analyzeCommand: parse, walk, unwrap, find path effects, run the catalog. Pure; never throws.
import { configKind } from '../integrity/config';
import { addEffects, redirectEffects, type Effect } from './effects';
import { emptiesIntact, NO_EFFECTS, NO_META } from './empty';
import { CATALOG, category } from './rules/index';
import { mirrorEnvWhy } from './rules/pkgsource';
import type { Rule, RuleCtx } from './rules/types';
import { helpAsked, seqHuge } from './rules/util';
import type { CommandAnalysis, CommandEnv, Finding, GlobOpts, PathEffect, Redir, Stdin, Sub, SubCommand, W } from './types';
import type { WordEnv } from './words';
import { SPECIAL, normName, setProgramOf, shadowWhy, unwrapCommand, type Pending, type UnwrapHost } from './unwrap';
import { MAX_DEPTH, copyBox, extendedPath, parseAndWalk, withLabel, type CwdBox, type WalkCtx, type WalkHost } from './walk';
import { sourceOfStdin } from './inputs';
import { closeSecrets, type Compare, type ShellVars, type VarCopy } from './secretvars';
import { word } from './words';
import { ROWS, SHIM_FOLDER, agentShim, modelSub, rowOf } from './programs/index';
import { ALIAS, APPEND, INTO, NO_ACC, RECURSIVE, setIsProgram, type Access, type ModelHost } from './programs/model';
import { envKind, envOptions, keptOptionsWhy, looksLoaded, warningFilterWhy } from './envvars';
import { absPath, inTmp, inWorkspace, normalize, SCRATCH_ROOT } from './fsfacts';
import { loadedCode } from './loaders';
import { dataConfigCode, goGenerateLines, lintStagedLines, miseTaskLines, pthCode, pytestPlugins, toolConfigs, toolConfigsConcern } from './toolconfigs';
import { isJsTaskFile, plantedCode, taskFilesConcern, taskSearch } from './taskfiles';
import { requirementsFromInstalled, runsLater } from './rules/exec';
import { remoteFetchSpecs } from './rules/gitcreds';
import { makeParse, withoutDryRun } from './makeparse';
import {
  JUST_FILES,
  MAX_SCRIPT_BYTES,
  TASK_FILES,
  justRecipes,
  justRun,
  makeRecipes,
  MAKE_NAMES,
  makeRun,
  packageScriptLines,
  INSTALL_LIFECYCLE,
  packageScriptsRun,
  SCRIPT_RUNNERS,
  taskRun,
  taskfileCommands,
  type RecipeLines,
  type RecipeRun,
} from './projectScripts';
import { judgeCode } from './programs/code';
import { scriptCalls } from './opaquecalls';
import { configCodePaths, iniTestpaths, testRun } from './testimports';
import { followsModules, jsCandidates, localLoads } from './modules';
import { destructiveApi, shellOuts } from './interp';
import { printfText, unescapeC } from './programs/handlers';
import { jobCountWord, numericWord, unknownArith, unknownRefs } from './arith';
import { joinArgv } from './programs/handlers3';
import { PATCH_SOURCE } from './programs/patchText';
import { probeDynamic, probeLeadingOptions } from './probe';

export const MAX_INPUT = 64 * 1024;

/** How many times a function's body calls the function by name. */
function selfCalls(name: string, body: string): number {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // `command git` and `builtin cd` in a wrapper's body run the program, not the function.
  body = body.replace(new RegExp(`\\b(?:command|builtin)(?:\\s+-\\S+)*\\s+${esc}(?=$|[\\s;|&)}])`, 'g'), '');
  return body.match(new RegExp(`(?:^|[\\s;|&({])${esc}(?=$|[\\s;|&)}])`, 'g'))?.length ?? 0;
}

/**
 * A command that starts its work detached and returns at once (`setsid -f`, `screen -dm`, `tmux new -d`,
 * `docker run -d`, `systemd-run`, `at`): in a loop without a bound, like `cmd &`, its processes pile up.
 */
function detaches(words: W[]): boolean {
  const vs = words.map((w) => w.value ?? '');
  const has = (re: RegExp) => vs.some((v, i) => i > 0 && re.test(v));
  for (let i = 0; i < vs.length; i++) {
    const n = normName(vs[i]);
    if (n === 'daemonize' || n === 'at' || n === 'batch') return true;
    if (n === 'setsid' && has(/^(-[a-z]*f[a-z]*|--fork)$/)) return true;
    if (n === 'screen' && has(/^-[a-zA-Z]*d[a-zA-Z]*m|^-[a-zA-Z]*m[a-zA-Z]*d|^-D/)) return true;
    if (n === 'tmux' && has(/^(new|new-session|new-window|neww|split-window|splitw)$/) && has(/^-[a-zA-Z]*d/)) return true;
    if (n === 'start-stop-daemon' && has(/^(-[a-zA-Z]*b|--background)$/)) return true;
    if (n === 'systemd-run' && !has(/^(--wait|-P|--pipe|-t|--pty|--scope|-W)$/)) return true;
    if ((n === 'docker' || n === 'podman' || n === 'nerdctl') && has(/^(-[a-zA-Z]*d[a-zA-Z]*|--detach(=true)?)$/)) return true;
  }
  return false;
}

/** Every command detaches() knows names one of these (a cheap test before its word-by-word look). */
const DETACHER_HINT = /daemonize|\bat\b|batch|setsid|screen|tmux|start-stop-daemon|systemd-run|docker|podman|nerdctl/;

/** The analysis without the public sub-command list (built from `subs` by subcommandsOf, when wanted). */
export interface FullAnalysis extends Omit<CommandAnalysis, 'subcommands'> {
  findings: Finding[];
  /** Internal sub-commands, in the order of the public list. */
  subs: Sub[];
  /**
   * Where the shell that ran the line stands when it ends (its top-level `cd`s followed): null when only known
   * at run time; undefined when the line could not be followed to its end (an analysis that failed).
   */
  endCwd?: string | null;
}

interface Compound {
  redirs: Redir[];
  text: string;
  cwd: string | null;
  remote: boolean;
}

class Analyzer implements WalkHost, UnwrapHost, ModelHost {
  readonly subs: Sub[] = [];
  readonly errors: string[] = [];
  readonly findings: Finding[] = [];
  readonly compounds: Compound[] = [];
  /** Made by the first `git config alias.x` on the line. */
  gitAliases: Map<string, string> | undefined = undefined;
  /** The files the line writes, with the text it shows for each (judgeWrittenScripts). */
  written: Map<string, string | null> | undefined = undefined;
  /** Names moves and link-preserving copies on the line give: [new, old, moved] (linkThrough). */
  moved: [string, string, boolean][] | undefined = undefined;
  readonly env: WordEnv;
  /** Functions defined on the line. */
  functions: Map<string, string> | undefined = undefined;
  /** Sub-commands read from the project's files on disk (scripts, package.json scripts, recipes): see projectText. */
  fromDisk: Set<number> | undefined = undefined;
  /** Variables `export`ed on the line that decide what a tool loads (PYTHONPATH), for every tool run on it. */
  exported: Record<string, string | null> | undefined = undefined;
  /** The context of the sub-command being modelled (payloads it hands to a shell are walked in it). */
  private modelCtx: WalkCtx | undefined = undefined;

  /** Functions an earlier command left in the terminal (CommandEnv.functions): walked at every call, args or not. */
  private kept: Set<string> | undefined = undefined;

  constructor(readonly cmdEnv: CommandEnv) {
    this.env = { home: cmdEnv.home, cwd: cmdEnv.cwd, old: undefined, workspace: cmdEnv.workspace, vars: undefined };
    // Their bodies were judged (with parameters unknown) where they were defined; a use is judged by the body with
    // the use's words in place (`w(){ tee "$1"; }` kept, then `echo x | w tests/a.test.ts` writes the test).
    for (const [name, body] of cmdEnv.functions ?? []) {
      (this.functions ??= new Map()).set(name, body);
      (this.kept ??= new Set()).add(name);
    }
  }

  /** ModelHost.venvMade: a virtual environment a known creator made at `dir` earlier on the line (venvCreated). */
  venvMade(dir: string, s: Sub): boolean {
    return venvCreated(this.subs, this.cmdEnv, normalize(dir), s);
  }

  /** Functions that start themselves more than once or in the background (fork bombs). */
  readonly bombs: string[] = [];

  /** Functions defined on the line that shadow a program the guard judges by name (shadowWhy). */
  readonly shadows: string[] = [];

  defineFunction(name: string, body: string): void {
    const shadow = shadowWhy(name, body, 'function');
    if (shadow !== undefined) this.shadows.push(`${name}() ${body}`.slice(0, 200) + '\0' + shadow);
    (this.functions ??= new Map()).set(name, body);
    this.kept?.delete(name);
    const calls = selfCalls(name, body);
    if (calls >= 2 && /[|&]/.test(body)) this.bombs.push(name);
  }

  /** Loops without a visible bound whose bodies start background jobs. */
  readonly spawnLoops: string[] = [];
  /** Functions whose bodies start background jobs: calling one in an unbounded loop starts jobs without end. */
  private bgFunctions: Set<string> | undefined = undefined;
  /** The bodies being walked that may repeat without a visible bound: has each started a background job? */
  private repeats: boolean[] = [];

  background(): void {
    for (let i = 0; i < this.repeats.length; i++) this.repeats[i] = true;
  }

  openRepeat(): void {
    this.repeats.push(false);
  }

  closeRepeat(): boolean {
    return this.repeats.pop() === true;
  }

  spawnLoop(text: string): void {
    this.spawnLoops.push(text);
  }

  /** Each function's body on the line: its sub-commands `[from, to)` (what a call of it runs). */
  private fnRanges: Map<string, [number, number]> | undefined = undefined;
  /** Loops nothing can end (and functions that call themselves unconditionally), with their bodies' sub-commands. */
  readonly endless: { text: string; from: number; to: number; detached: boolean; ends: boolean }[] = [];
  /** How many `… &` statements (or detaching wrappers) enclose the walk right now. */
  private bgDepth = 0;
  /** Sub-commands that run in the background. */
  detachedSubs: Set<number> | undefined = undefined;

  /** The body of a function defined on the line that a command name calls. */
  fnCalled(name: string | null): [number, number] | undefined {
    return name === null ? undefined : this.fnRanges?.get(name);
  }

  subCount(): number {
    return this.subs.length;
  }

  detached(on: boolean): void {
    this.bgDepth += on ? 1 : -1;
  }

  endlessLoop(text: string, from: number, to: number, ends = false): void {
    this.endless.push({ text, from, to, detached: this.bgDepth > 0, ends });
  }

  functionDone(name: string, background: boolean, from: number, to: number): void {
    (this.fnRanges ??= new Map()).set(name, [from, to]);
    const text = this.functions?.get(name);
    // A function that calls itself with nothing that can stop it (`f() { mkdir d; cd d; f; }`) recurses until
    // the shell dies, repeating its body's effects every time, like an endless loop.
    if (text !== undefined && selfCalls(name, text) >= 1 && !/\b(?:if|case|while|until|return|exit|break)\b|\|\||&&/.test(text))
      this.endless.push({ text: `${name}() ${text}`, from, to, detached: this.bgDepth > 0, ends: false });
    if (!background) return;
    (this.bgFunctions ??= new Set()).add(name);
    // A function that starts background jobs and calls itself repeats without a bound the guard can see.
    const body = this.functions?.get(name);
    if (body !== undefined && selfCalls(name, body) >= 1 && !this.bombs.includes(name)) this.bombs.push(name);
  }

  /** Function bodies walked again where they are called (bounded: `f(){ cd a; f; f; }` would double each time). */
  private bodyRuns = 0;

  /** Directories pushed with pushd on the line. */
  private dirStack: (string | null)[] = [];

  /**
   * A variable set on the line. Every value it is given anywhere on the line stays possible (`if …; then
   * F=a; else F=.env; fi; cat $F` may read either): a word that uses it is judged for each.
   */
  /** Set when the line changed how bash matches globs in a way the guard cannot read (`GLOBIGNORE=…`, `shopt -s $x`). */
  private dotglob: string | undefined = undefined;
  /** The glob options `shopt -s` turned on so far on the line (undefined: bash's defaults). */
  private globOpts: GlobOpts | undefined = undefined;

  /** `shopt -s|-u NAME…`: the glob options it turns on or off; a name only known at run time is not readable. */
  private shopt(words: readonly W[]): void {
    const on = words.some((w) => w.value === '-s');
    const off = words.some((w) => w.value === '-u');
    if (!on && !off) return;
    if (words.some((w) => w.value === null)) {
      if (on) this.dotglob = 'shopt -s changed how globs match';
      return;
    }
    const g: GlobOpts = { ...(this.globOpts ?? { dot: false, star: false, nocase: false, ext: false, nul: false }) };
    for (const w of words.slice(1)) {
      const k = GLOB_OPTION[w.value!];
      if (k !== undefined) g[k] = on && !off;
    }
    this.globOpts = g.dot || g.star || g.nocase || g.ext || g.nul ? g : undefined;
  }

  /**
   * Shell state that changes where `cd` goes: CDPATH set (`cd hooks` may land in `$CDPATH/hooks`), `shopt -s
   * cdable_vars` (`cd h` goes to `$h`), `shopt -s autocd` (a command word naming a folder is a `cd` to it).
   */
  private cdpath = false;
  private cdableVars = false;
  private autocd = false;
  /** `set -P` / `set -o physical`: every cd follows links, then applies `..` (cd -P). */
  private physicalCd = false;

  /** Copies of values into variables, and tests/cases/arithmetic, with a `$` in them (what secrets can flow through). */
  readonly copies: VarCopy[] = [];
  readonly compares: Compare[] = [];

  copy(name: string, from: string, text: string, escapes: boolean): void {
    this.copies.push({ name, from, text, escapes });
  }

  compare(c: Compare): void {
    if (c.kind === 'arith' || c.text.includes('$')) this.compares.push(c);
  }

  /** Why a `for` loop's variable that tools read from the environment (`for HOME in /tmp/h`) is not accounted for. */
  private loopEnvWhy: string | undefined = undefined;

  assign(name: string, value: W, ctx: WalkCtx, loop?: boolean): void {
    if (name === 'GLOBIGNORE') this.dotglob = 'GLOBIGNORE is set (it turns dotglob on)';
    // `for HOME in /tmp/h; do git push; done`: HOME is exported, so the loop hands each value to every program in
    // its body, as `export HOME=/tmp/h` would: judged the same way, for each value.
    if (loop === true && this.loopEnvWhy === undefined && (ENV_READ.test(name) || EXEC_ENV.test(name) || UNSAFE_ENV.test(name))) {
      for (const v of value.alts?.map((a) => a.value) ?? [value.value]) {
        const why =
          EXEC_ENV.test(name) || UNSAFE_ENV.test(name)
            ? `${name} set by a loop changes what the programs it reaches run or load`
            : (toolSourceWhy(name, v, ctx.cwd.value, this.cmdEnv) ?? mirrorEnvWhy(name, v));
        if (why !== undefined) {
          this.loopEnvWhy = `for ${name} in …: ${why}`;
          break;
        }
      }
    }
    if (name === 'CDPATH') this.cdpath = this.cdpath || cdpathMoves(value.value);
    // `cd -` goes to $OLDPWD: an assignment sets where it goes (unknown unless an absolute path).
    if (name === 'OLDPWD') ctx.cwd.old = value.value !== null && value.value.startsWith('/') ? normalize(value.value) : null;
    // A value holding a command substitution in quotes (`x='a[$(rm -rf b)]'`) runs it when bash evaluates the
    // variable later: in arithmetic (`$((x))`, `${arr[x]}`, `declare -i`), `${x@P}`, eval. It is judged now.
    const v = value.value;
    if (v !== null && (v.includes('$(') || v.includes('`'))) this.deferred(v, ctx);
    const box = ctx.cwd;
    const vars = (box.vars ??= new Map());
    const prev = vars.get(name);
    // After a nameref or a sourced file, any variable may have been given a value the line does not show.
    if (box.untrusted) value = word(null, false, value.text, undefined);
    vars.set(name, prev === undefined ? value : union(prev, value));
  }

  /** Text a modelled program hands to a shell: parsed and judged as a command line, in the program's context. */
  shell(s: Sub, text: string, label: string): void {
    const ctx = this.modelCtx;
    if (!ctx) return;
    const box = copyBox(ctx.cwd);
    box.value = s.cwd;
    this.reparse(text, { via: withLabel(ctx.via, label), cwd: box, remote: ctx.remote, depth: ctx.depth, src: ctx.src, env: ctx.env }, label);
  }

  error(msg: string): void {
    this.errors.push(msg);
  }

  command(words: W[], assigns: Record<string, string | null>, redirects: Redir[], stdin: Stdin, text: string, ctx: WalkCtx): Sub | undefined {
    const before = this.subs.length;
    let out: Sub | undefined;
    // A command name with several possible values (`for c in a b; do $c …`): each runs, each is judged.
    const alts = words[0]?.alts;
    // A command that detaches (`setsid -f`, `screen -dm`, `tmux new -d`) runs what it wraps in the background.
    const detach = DETACHER_HINT.test(text) && detaches(words) ? 1 : 0;
    this.bgDepth += detach;
    try {
      if (alts !== undefined && alts.length > 0 && alts.length <= 16) {
        for (const a of alts) out = unwrapCommand(this, [a, ...words.slice(1)], assigns, redirects, stdin, text, ctx) ?? out;
      } else {
        // A word with a few possible values (`for s in scripts/*.sh nuke; do bash "$s"; npm run $s; done`): the
        // command runs with each, so it is judged with each in place (the script read, the npm script followed),
        // not as a word only known at run time.
        const each = valueLists(words);
        if (each !== undefined) for (const ws of each) out = unwrapCommand(this, ws, assigns, redirects, stdin, text, ctx) ?? out;
        else out = unwrapCommand(this, words, assigns, redirects, stdin, text, ctx);
      }
    } finally {
      this.bgDepth -= detach;
    }
    for (let i = 1; i < words.length; i++) if (words[i].text.includes('$')) this.dropped(words, i, before, text);
    return out;
  }

  /**
   * Words with a `$` a wrapper consumed rather than handed on as a command's word (`sh -c 'echo $0' "$T"`,
   * `env X=$T cmd`, `sudo -u "$T" …`): kept so a secret among them is judged (secretvars.ts), not lost with the wrapper.
   */
  readonly handed: { word: string; by: string; text: string }[] = [];

  private dropped(words: W[], i: number, before: number, text: string): void {
    const w = words[i];
    for (let k = before; k < this.subs.length; k++) if (this.subs[k].words.includes(w)) return;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(w.text);
    if (m) this.copy(m[1], w.text, text, true);
    else this.handed.push({ word: w.text, by: words[0]?.text ?? '', text });
  }

  compoundRedirects(redirs: Redir[], text: string, ctx: WalkCtx): void {
    if (redirs.length) this.compounds.push({ redirs, text, cwd: ctx.cwd.value, remote: ctx.remote });
  }

  reparse(source: string, ctx: WalkCtx, label: string, sameShell = false): void {
    if (ctx.depth >= MAX_DEPTH) {
      this.error(`nesting too deep at ${label}`);
      return;
    }
    // `eval` runs in this shell: its cd, assignments and `set --` hold for what follows it.
    parseAndWalk(this, source, { ...ctx, depth: ctx.depth + 1, cwd: sameShell ? ctx.cwd : copyBox(ctx.cwd), src: source });
  }

  arith(exprs: readonly string[], names: readonly string[], text: string, ctx: WalkCtx): void {
    const vs = { vars: ctx.cwd.vars, env: ctx.env };
    let why: string | undefined;
    for (const e of exprs) if ((why = unknownArith(e, vs)) !== undefined) break;
    if (why === undefined) for (const n of names) if ((why = unknownRefs(n, vs)) !== undefined) break;
    if (why === undefined) return;
    const t = text.split('\n')[0];
    this.findings.push({
      rule: 'exec.unmodelled',
      category: 'exec',
      tier: 'unknown',
      subcommand: t.length > 200 ? t.slice(0, 200) + '…' : t,
      explanation: `${why}: bash evaluates it as arithmetic, where an array subscript in it runs a command`,
      sub: -1,
    });
  }

  /**
   * Builtins that evaluate their operands as arithmetic (`let`, `declare -i x=…`) or take a variable's name that
   * bash evaluates (`printf -v "$x"`, `read "$x"`, `test -v "$x"`, `unset "$x"`, `declare "$x"=…`): a name or an
   * expression only known at run time may be `a[$(rm -rf build)]` (arith.ts).
   */
  private arithUses(s: Sub, ctx: WalkCtx): void {
    const n = s.name;
    if (n === null || !NAME_ARG_BUILTINS.has(n)) return;
    const ws = s.words;
    const exprs: string[] = [];
    const names: string[] = [];
    const unq = (t: string): string => (/^(["']).*\1$/s.test(t) ? t.slice(1, -1) : t);
    if (n === 'let') for (let i = 1; i < ws.length; i++) exprs.push(ws[i].text.startsWith("'") ? (ws[i].value ?? ws[i].text) : unq(ws[i].text));
    else if (n === 'declare' || n === 'typeset' || n === 'local' || n === 'export' || n === 'readonly') {
      const integer = ws.some((w, i) => i > 0 && w.value !== null && /^-[a-zA-Z]*i/.test(w.value));
      for (let i = 1; i < ws.length; i++) {
        const t = ws[i].text;
        if (t.startsWith('-')) continue;
        const eq = t.indexOf('=');
        names.push(eq < 0 ? t : t.slice(0, eq));
        if (integer && eq >= 0) exprs.push(unq(t.slice(eq + 1)));
      }
    } else if (n === 'printf') {
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === '-v') names.push(ws[i + 1]?.text ?? '');
        else if (ws[i].text.startsWith('-v')) names.push(ws[i].text.slice(2));
        else continue;
        break;
      }
    } else if (n === 'test' || n === '[') {
      for (let i = 1; i < ws.length; i++) if (ws[i].value === '-v' && ws[i + 1] !== undefined) names.push(ws[i + 1].text);
    } else if (n === 'read' || n === 'mapfile' || n === 'readarray' || n === 'getopts') {
      for (const i of nameWordIndexes(n, ws)) names.push(ws[i].text);
    } else if (n === 'unset' || n === 'wait') {
      for (let i = 1; i < ws.length; i++) if (ws[i].value === null || !ws[i].value!.startsWith('-')) names.push(ws[i].text);
    }
    if (exprs.length || names.some((x) => x.includes('$') || x.includes('`'))) this.arith(exprs, names, s.text, ctx);
  }

  expandGlob(pattern: string, cwd: string | null): string[] | undefined {
    const list = this.cmdEnv.listDir;
    // A loop's list under changed glob options is not expanded here: the glob word is judged as it stands.
    if (this.globOpts !== undefined) return undefined;
    const slash = pattern.lastIndexOf('/');
    const dir = slash < 0 ? '' : pattern.slice(0, slash);
    const last = pattern.slice(slash + 1);
    // Only a pattern in the last name, with `*` and `?` (no brackets, no `**`, no pattern in a folder's name).
    if (!list || /[*?[\]\\]/.test(dir) || /[[\]\\]|\*\*/.test(last) || last === '') return undefined;
    const base = dir.startsWith('/') ? dir : dir.startsWith('~') ? undefined : cwd === null ? undefined : dir === '' ? cwd : `${cwd}/${dir}`;
    if (base === undefined) return undefined;
    const ents = list(normalize(base || '/'));
    if (ents === undefined) return undefined;
    const re = new RegExp(
      '^' +
        last
          .replace(/[.+^${}()|]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.') +
        '$',
      's',
    );
    // A leading `.` must be matched by a `.` in the pattern (bash without dotglob; a line that sets it is asked).
    const names = ents.map((e) => e.name).filter((x) => re.test(x) && (!x.startsWith('.') || last.startsWith('.')));
    if (names.length > MAX_VALUE_LISTS) return undefined;
    return names.sort().map((x) => (dir === '' ? x : `${dir}/${x}`));
  }

  deferred(text: string, ctx: WalkCtx): void {
    // Quotes are taken off, so the substitutions in the text are walked as the later evaluation would run them.
    this.reparse(`: ${text.replace(/'/g, ' ')}`, { ...ctx, via: withLabel(ctx.via, 'evaluated later') }, 'evaluated later');
  }

  raise(pending: Pending[], text: string): void {
    for (const p of pending)
      this.findings.push({
        rule: p.rule,
        category: category(p.rule),
        tier: 'destructive',
        subcommand: text,
        explanation: p.explanation,
        sub: -1,
        wrapper: true,
      });
    pending.length = 0;
  }

  emit(
    words: W[],
    text: string,
    redirects: Redir[],
    ctx: WalkCtx,
    stdin: Stdin,
    assigns: Record<string, string | null>,
    pending: Pending[],
    meta: Record<string, unknown> | undefined,
    rawWords: W[],
  ): Sub {
    const w0 = words[0];
    const name = w0 === undefined ? '' : w0.value === null || w0.glob ? null : normName(w0.value);
    const s: Sub = {
      index: this.subs.length,
      words,
      name,
      rawWords,
      text,
      via: ctx.via,
      redirects,
      stdin,
      cwd: ctx.cwd.value,
      remote: ctx.remote,
      mounts: ctx.remote ? ctx.cwd.mounts : undefined,
      assigns: ctx.env === undefined ? assigns : inherited(ctx.env, assigns),
      meta: meta ?? NO_META,
      acc: NO_ACC,
      why: undefined,
      runs: undefined,
      runsBase: undefined,
    };
    // A call of a function defined on the line with words: its body is walked with them in place of its parameters
    // (below), so they are judged where the body uses them (`ll(){ ls -la "$@"; }; ll tests` lists tests, no more);
    // a walk that cannot be made is an error.
    // A function is called by its exact name (`ls2`, `Cp`), not the program name it would normalise to (`ls`, `cp`).
    // `command git …` and `builtin cd …` run the program or builtin, never a function of that name (a wrapper's body).
    const bypass = rawWords[0]?.value === 'command' || rawWords[0]?.value === 'builtin';
    if (bypass && this.functions?.has(w0?.value ?? '')) s.meta = { ...s.meta, bypassFn: true };
    const fname = bypass ? null : name !== null && w0?.value != null && this.functions?.has(w0.value) ? w0.value : name;
    if (fname !== null && (words.length > 1 || this.kept?.has(fname)) && this.functions?.has(fname)) s.meta = { ...s.meta, bodyWithArgs: true, fname };
    this.subs.push(s);
    if (this.bgDepth > 0) (this.detachedSubs ??= new Set()).add(s.index);
    // The program's row: its path accesses, and payloads it hands to a shell (walked now, after it).
    const saved = this.modelCtx;
    this.modelCtx = ctx;
    try {
      const r = modelSub(s, this);
      s.acc = r.acc;
      s.why = r.why;
      s.runs = r.runs;
      s.runsBase = r.base;
      if (s.name) addLoadedCode(s);
      if (s.name) foreignRuns(s, this.env);
    } finally {
      this.modelCtx = saved;
    }
    for (let i = 0; i < pending.length; i++) {
      const p = pending[i];
      this.findings.push({
        rule: p.rule,
        category: category(p.rule),
        tier: 'destructive',
        subcommand: s.text,
        explanation: p.explanation,
        sub: s.index,
        wrapper: true,
      });
    }
    if (pending.length) pending.length = 0;
    if (this.repeats.length > 0 && ((name !== null && this.bgFunctions?.has(name)) || detaches(rawWords))) this.background();
    // After `shopt -s dotglob` (or a GLOBIGNORE assignment, which turns it on) `*` matches dot files (`.env`):
    // the guard's glob reading no longer holds, so a glob word is not accounted for.
    if (this.dotglob !== undefined && s.words.some((w) => w.glob))
      s.why ??= `${this.dotglob}: a glob here may match what the guard cannot see (dot files such as .env, ** across folders)`;
    else if (name === 'shopt') this.shopt(words);
    else if (this.globOpts !== undefined && s.words.some((w) => w.glob)) {
      // The glob options the line turned on decide what each glob matches (effects.ts, pathjudge.ts).
      s.meta = { ...s.meta, globOpts: this.globOpts };
      // nullglob: a glob that matches nothing is dropped, and the program runs without it (`find *.bak -delete` is
      // `find -delete`, `grep -r KEY *.cfg` searches the folder, `ruff format *.x` formats it): only programs that
      // do nothing more without an operand are accounted for.
      if (this.globOpts.nul && (name === null || !NULLGLOB_SAFE.has(name)))
        s.why ??= `shopt -s nullglob: a glob that matches nothing is dropped, and ${name ?? 'the program'} then runs without it`;
    }
    if (this.loopEnvWhy !== undefined) s.why ??= this.loopEnvWhy;
    if (name === 'git' && s.words[1]?.value === 'pull') {
      const why = pullFromRepointed(this.subs, s);
      if (why !== undefined) s.why ??= why;
    }
    this.arithUses(s, ctx);
    this.cdState(s);
    // A call of a function named like the builtin (`cd(){ builtin cd "$@" && ls; }`) moves the shell by its body only.
    if (fname === null || !this.functions?.has(fname)) this.trackCwd(s, ctx);
    this.trackVars(s, ctx);
    this.trackArgs(s, ctx);
    this.envCode(s, ctx);
    this.subscripts(s, ctx);
    this.foreignCode(s);
    // A call of a function defined on the line runs its body with these arguments (`r(){ git reset "$@"; }; r --hard`):
    // the body is judged again with them in place of its positional parameters.
    const body = fname === null ? undefined : this.functions?.get(fname);
    // A body that moves the shell (`g(){ cd .git/hooks; }; g && cp x pre-commit`) moves it where it is called.
    if (body !== undefined && (words.length > 1 || MOVES.test(body) || this.kept?.has(fname!))) {
      // In this shell, not a copy of it: a `cd` or an assignment in the body holds for the caller. Its positional
      // parameters are the call's words: put in place of `$@`, `$1`…, or, where the body changes them (`set --`,
      // `shift`), given to it as its parameters; the caller's are back after it.
      if (ctx.depth >= MAX_DEPTH || ++this.bodyRuns > MAX_BODY_RUNS) this.error(`too many nested function calls at ${name}`);
      else {
        const box = ctx.cwd;
        const saved = box.args;
        const own = SETS_ARGS.test(body) || ARG_OPERATOR.test(body);
        if (own) box.args = [words.slice(1)];
        try {
          parseAndWalk(this, own ? body : withArgs(body, words), { ...ctx, via: withLabel(ctx.via, name!), depth: ctx.depth + 1 });
        } finally {
          box.args = saved;
        }
      }
    }
    return s;
  }

  /**
   * Environment values that programs run as commands (`GIT_EXTERNAL_DIFF=…`, `PAGER=…`, `GIT_SSH_COMMAND=…`):
   * judged as command lines. Values that change what code every program loads (`LD_PRELOAD`, `BASH_ENV`,
   * `NODE_OPTIONS=--require …`, `GIT_CONFIG_*`) cannot be accounted for: unknown.
   */
  private envCode(s: Sub, ctx: WalkCtx): void {
    let pairs: [string, string | null][] | undefined;
    for (const k in s.assigns) (pairs ??= []).push([k, s.assigns[k]]);
    const n = s.name;
    if (n === 'export' || n === 'declare' || n === 'local' || n === 'readonly' || n === 'typeset' || n === 'env') {
      for (const w of s.words.slice(1)) {
        if (w.value === null) {
          const t = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(w.text);
          if (t) (pairs ??= []).push([t[1], extendedPath(w.text.slice(t[0].length), this.cmdEnv.home, s.cwd)]);
          continue;
        }
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(w.value);
        if (m) (pairs ??= []).push([m[1], m[2]]);
      }
    }
    // npm's configuration as options (`npm test --node-options='--require ./x.js'`, `--script-shell=…`,
    // `--userconfig=/tmp/rc`): the same keys as its npm_config_* environment, judged the same way.
    if (n === 'npm' || n === 'pnpm' || n === 'yarn' || n === 'npx') {
      const ws = s.words;
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === '--') break;
        const m = v === null ? null : /^--([a-z][a-z-]*)(?:=([\s\S]*))?$/.exec(v);
        if (!m) continue;
        const key = 'npm_config_' + m[1].replace(/-/g, '_');
        // --script-shell's file is run and read by the row (an X value); the cache holds no code.
        if (key === 'npm_config_cache' || key === 'npm_config_script_shell' || (!TOOL_HOME.test(key) && !TOOL_PROGRAM.test(key) && !TOOL_OPTS.test(key)))
          continue;
        (pairs ??= []).push([key, m[2] !== undefined ? m[2] : (ws[i + 1]?.value ?? null)]);
      }
    }
    // `make VAR=value`: make's own variables set on its command line (MAKEFILES, SHELL), read like the environment.
    if (n !== null && MAKE_NAMES.has(n) && s.words.length > 1)
      for (const w of s.words.slice(1)) {
        const m = w.value === null ? null : /^(MAKEFILES|SHELL|MAKESHELL|MAKEFLAGS|GNUMAKEFLAGS)=(.*)$/s.exec(w.value);
        if (m) (pairs ??= []).push([m[1], m[2]]);
      }
    // `./configure CONFIG_SITE=/tmp/x CC=…`: an Autoconf configure exports each VAR=value it is given before it loads
    // its site files and runs the compilers: read like the environment.
    if (n === 'configure' && s.words.length > 1)
      for (const w of s.words.slice(1)) {
        const m = w.value === null ? null : /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(w.value);
        if (m) (pairs ??= []).push([m[1], m[2]]);
      }
    // `less --lesskey-src=FILE`, `-k FILE`: the key file LESSKEYIN would name (its #env section sets LESSOPEN).
    if (n === 'less')
      for (let i = 1; i < s.words.length; i++) {
        const v = s.words[i].value;
        if (v === null || v === '--') break;
        const m = /^--lesskey-(?:src|file)(?:=(.*))?$|^-k(.*)$/s.exec(v);
        if (m) (pairs ??= []).push(['LESSKEYIN', m[1] ?? (m[2] || (s.words[++i]?.value ?? null))]);
      }
    // `python -W ignore::mod.Cat`: a warning category named with a module imports that module at start.
    if (n !== null && /^(python[\d.]*|pypy3?)$/.test(n))
      for (let i = 1; i < s.words.length; i++) {
        const v = s.words[i].value;
        if (v === null || v === '-c' || v === '-m' || (!v.startsWith('-') && i > 0)) break;
        const f = v === '-W' ? s.words[i + 1]?.value : v.startsWith('-W') ? v.slice(2) : undefined;
        if (f === undefined) continue;
        const why = f === null ? `python -W with a filter only known at run time` : warningFilterWhy([f]);
        if (why !== undefined) s.why ??= `python -W ${f ?? '…'}: ${why}`;
      }
    // `read -r PS4 <<< '$(…)'`, `printf -v BASH_ENV %s x`, `mapfile -t GIT_PAGER`, `getopts ab EDITOR`: the same
    // variables set another way than `NAME=value`, judged the same way: with the value when the line shows it
    // (a literal here-string, printf's literal format and arguments), else as a value only known at run time.
    const readNames = n === 'read' || n === 'mapfile' || n === 'readarray' || n === 'printf' || n === 'getopts' ? this.assignedNames(s) : undefined;
    if (readNames !== undefined) for (const p of readNames) (pairs ??= []).push(p);
    if (!pairs) return;
    // Which values reach a program's environment (a prefix of a command, export, env, declare -x), not a shell variable.
    const given =
      n === 'export' ||
      n === 'env' ||
      ((n === 'declare' || n === 'typeset') && s.words.some((w) => w.value !== null && /^-[a-z]*x/.test(w.value))) ||
      (n !== '' &&
        n !== null &&
        n !== 'local' &&
        n !== 'declare' &&
        n !== 'typeset' &&
        n !== 'readonly' &&
        n !== 'read' &&
        n !== 'mapfile' &&
        n !== 'readarray' &&
        n !== 'printf' &&
        n !== 'getopts');
    const saved = this.modelCtx;
    // A variable's command is judged once, here: what it runs does not inherit the variable again.
    this.modelCtx = ctx.env === undefined ? ctx : { ...ctx, env: undefined };
    try {
      for (const [k, v] of pairs) {
        // Exported for the rest of the line: the Python started later imports sitecustomize.py from there, the
        // Node started later finds packages in NODE_PATH's folders.
        if ((k === 'PYTHONPATH' || k === 'NODE_PATH') && n !== 'env' && s.assigns[k] === undefined) (this.exported ??= {})[k] = v;
        if (EXEC_ENV.test(k)) {
          if (v === null) s.why ??= `${k} is set to a command only known at run time`;
          // npm's script shell is handed every script (`npm_config_script_shell=/bin/echo npm test`, or exported
          // for the rest of the line): a program that is no shell does not run them, and the run passes.
          else if (/^npm_config_script_shell$/i.test(k) && !NPM_SCRIPT_SHELLS.test(v.trim().split(/\s+/)[0] ?? ''))
            s.why ??= `${k}=${v} hands npm's scripts to a program that is no shell: they do not run as written`;
          // less runs LESSOPEN's command with `|` (output piped), `||` or `-` (input) before it: markers, not shell.
          else if (v.trim()) this.shell(s, /^LESS(OPEN|CLOSE)$/.test(k) ? v.replace(/^\s*(\|\|?-?|-)\s*/, '') : v, `${k}=`);
        } else if (/^PS[0-4]$/.test(k) && (v === null || /\$\(|`|\$\{[^}]*@[PE]\}/.test(v)))
          // The prompts bash expands each time it prints them (PS4 on every traced command): a substitution in one
          // runs later, out of sight (`SHELLOPTS=xtrace PS4='$(rm -rf src)' bash -c true`).
          s.why ??= `${k}=… holds a command substitution bash runs each time it prints that prompt`;
        // git's transports that run a command (`ext::sh -c …`) are off unless allowed: `-c protocol.ext.allow=always`
        // or this variable turns them on for every URL the command reaches.
        else if (k === 'GIT_ALLOW_PROTOCOL' && (v === null || /(^|:)\s*ext\s*(:|$)/.test(v)))
          s.why ??= `${k}=… allows git's ext:: transport, which runs the command written in a remote's URL`;
        // `PYTHONBREAKPOINT=mod.fn`: every breakpoint() imports mod (found on sys.path: the project, a planted file)
        // and calls fn. Off (0), the default debugger or an empty value load nothing new.
        else if (k === 'PYTHONBREAKPOINT' && (v === null || !/^\s*(0|pdb\.set_trace|ipdb\.set_trace|pudb\.set_trace)?\s*$/.test(v)))
          s.why ??= `${k}=${v ?? '…'} makes every breakpoint() import and call code the line does not show`;
        else if (UNSAFE_ENV.test(k) && !(k === 'NODE_OPTIONS' && v !== null && !/(^|\s)(--require|-r|--import|--loader|--experimental-loader)\b/.test(v)))
          s.why ??= `${k}=… changes what code the programs it reaches load or run`;
        else {
          // Only for the command the assignment prefixes: an exported PATH outlives the line in the agent's terminal.
          const prefix =
            k === 'PATH' && s.assigns[k] !== undefined && given && n !== 'export' && n !== 'env' ? { cwd: s.cwd, workspace: this.cmdEnv.workspace } : undefined;
          const why =
            searchPathWhy(k, v, prefix, this.cmdEnv.workspace) ??
            toolSourceWhy(k, v, s.cwd, this.cmdEnv) ??
            mirrorEnvWhy(k, v) ??
            (n === 'export' && v !== null && k === 'GOFLAGS' ? keptOptionsWhy(k, v) : undefined);
          if (why !== undefined) s.why ??= why;
          // A program of the workspace a tool runs for its own work (`RUSTC_WRAPPER=./scripts/w.sh cargo build`):
          // run as if the line ran it, so the script on disk is read and judged.
          else if (v !== null && TOOL_PROGRAM.test(k) && /^\s*[^\s;]*\//.test(v)) this.shell(s, v, `${k}=`);
          else if (!TOOL_HOME.test(k) && !TOOL_PROGRAM.test(k) && !TOOL_OPTS.test(k) && !TOOL_INDEX.test(k) && !UNSAFE_ENV.test(k) && !SEARCH_PATHS.test(k))
            this.envValue(s, k, v, given);
          else if (envKind(k) === 'dir') this.envValue(s, k, v, given);
        }
      }
    } finally {
      this.modelCtx = saved;
    }
  }

  /** The variables `read`, `mapfile`, `printf -v` and `getopts` set, with the value when the line shows it. */
  private assignedNames(s: Sub): [string, string | null][] {
    const n = s.name;
    const ws = s.words;
    const out: [string, string | null][] = [];
    if (n === 'printf') {
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        const name = v === '-v' ? ws[i + 1]?.value : v !== null && /^-v[A-Za-z_]/.test(v) ? v.slice(2) : undefined;
        if (name === undefined) {
          if (v === null || !v.startsWith('-')) break;
          continue;
        }
        if (!name) break;
        const rest = ws.slice(i + (v === '-v' ? 2 : 1));
        const k = rest[0]?.value === '--' ? 1 : 0;
        const args = rest.slice(k);
        const value = args.length > 0 && args.every((w) => w.value !== null) ? printfText(args.map((w) => w.value!)) : null;
        out.push([name.replace(/\[.*$/s, ''), value]);
        break;
      }
      return out;
    }
    const names: string[] = [];
    for (const i of nameWordIndexes(n!, ws)) {
      const v = ws[i].value;
      if (v !== null) names.push(v);
    }
    if (names.length === 0 && n !== 'getopts') names.push(n === 'read' ? 'REPLY' : 'MAPFILE');
    // A literal here-string or quoted here-document: the value the line gives (its first line, trimmed).
    const st = s.stdin;
    const given = n === 'getopts' ? null : st.kind === 'herestring' ? st.value : st.kind === 'heredoc' && st.quoted ? st.body : null;
    const value = given === null ? null : (given.split('\n')[0] ?? '').trim();
    for (const x of names) out.push([x.replace(/\[.*$/s, ''), value]);
    return out;
  }

  /**
   * A value a program takes from its environment (envvars.ts): a known harmless variable; a file it reads as
   * configuration or runs (judged as code it runs: outside the workspace, or absent and so written on the line,
   * it is asked); a file or folder it writes (judged as that write); options (judged by their grammar). An unknown
   * variable given to a program with a value that looks like a path, a program or options is unknown.
   */
  private envValue(s: Sub, k: string, v: string | null, given: boolean): void {
    const kind = envKind(k);
    if (kind === 'harmless') return;
    const opts = envOptions(k);
    if (opts !== undefined) {
      if (v === null) s.why ??= `${k} is set to options only known at run time`;
      else {
        // Exported, the options hold for every later run in the agent's terminal, where the line that runs the tool
        // no longer shows them (keptOptionsWhy).
        const outlives = s.name === 'export' || ((s.name === 'declare' || s.name === 'typeset') && s.assigns[k] === undefined);
        const why = opts(v) ?? (outlives ? keptOptionsWhy(k, v) : undefined);
        if (why !== undefined) s.why ??= `${k}=${v}: ${why}`;
      }
      return;
    }
    const env = this.cmdEnv;
    if (kind === undefined) {
      if (!given || v === null) return;
      const t = v.trim();
      const file =
        !t.includes('/') &&
        /^[\w.-]+$/.test(t) &&
        /[.]/.test(t) &&
        s.cwd !== null &&
        env.exists?.(normalize(absPath(t, s.cwd, env.home))) === true &&
        env.isDir?.(normalize(absPath(t, s.cwd, env.home))) !== true;
      if (looksLoaded(t) || file)
        s.why ??= `${k}=${v}: a variable the guard does not know, whose value looks like a path, a program or options the programs on the line may load`;
      return;
    }
    if (v === null) {
      s.why ??= `${k} is set to a ${kind === 'dir' || kind === 'configdir' ? 'folder' : 'file'} only known at run time`;
      return;
    }
    if (kind === 'write' && /^GIT_TRACE/.test(k) && /^\s*(\d|true|false|yes|no|on|off)?\s*$/i.test(v)) return;
    if (kind === 'program' && !v.includes('/')) return;
    const t = v.trim();
    if (t === '') return;
    if (s.cwd === null && !t.startsWith('/') && !t.startsWith('~')) {
      s.why ??= `${k}=${v} is relative to a folder only known at run time`;
      return;
    }
    const paths = k === 'MAKEFILES' ? t.split(/\s+/) : kind === 'dir' || kind === 'configdir' || kind === 'read' ? [t] : [t.split(/\s+/)[0]];
    for (const raw of paths) {
      if (raw.startsWith('af_unix:')) continue;
      const abs = normalize(absPath(raw, s.cwd ?? '/', env.home));
      const acc = (op: Access['op'], p: string, flags = 0): Access => ({
        op,
        w: undefined,
        p,
        how: `${k}=${v} (${s.name ?? 'the program'} ${op === 'exec' ? 'loads' : op === 'read' ? 'reads' : 'writes'})`,
        flags,
        base: undefined,
        to: undefined,
        names: undefined,
      });
      if (kind === 'write') s.acc = [...s.acc, acc('write', abs, APPEND)];
      // Temporary and cache files land in the folder: judged where they could replace what the workspace protects.
      else if (kind === 'dir') {
        // npm's prefix is the package folder (`npm --prefix . test` is `npm test` there, judged as that), not a
        // folder written into; a global install (-g) puts its packages and commands in lib/node_modules and bin.
        if (/^npm_config_prefix$/i.test(k)) {
          const global = s.words.some((w) => w.value !== null && /^(-g|--global|--location=global)$/.test(w.value));
          if (global && within(abs, env.workspace)) s.acc = [...s.acc, ...['lib/node_modules', 'bin'].map((d) => acc('write', `${abs}/${d}`, INTO))];
        } else if (within(abs, env.workspace)) s.acc = [...s.acc, acc('write', abs, INTO)];
      } else if (kind === 'read') s.acc = [...s.acc, acc('read', abs)];
      else {
        const inWs = within(abs, env.workspace);
        // The workspace's own file is judged as code the program runs (the user's and the system's are theirs).
        if (kind !== 'configdir' && inWs) s.acc = [...s.acc, acc('exec', abs)];
        const own = inWs || within(abs, env.home) || (!SCRATCH_DIR.test(abs) && SYSTEM_DIR.test(abs));
        // A workspace folder the program loads its rc file from (`CURL_HOME=.` with a `.curlrc` planted before):
        // what that file sets (an output file, an upload) is not read here.
        if (kind === 'configdir' && inWs && abs !== normalize(env.home))
          s.why ??= `${k}=${v} makes ${s.name ?? 'the program'} load its configuration from a file in ${abs} the guard does not read`;
        else if (!own || (inWs && kind !== 'configdir' && env.exists?.(abs) === false))
          s.why ??= `${k}=${v} makes ${s.name ?? 'the program'} load ${kind === 'program' ? 'a program' : 'configuration'} from ${abs}, ${own ? 'a file not on disk (written on the line, or absent)' : 'a place nobody has reviewed'}: what it runs or sends is not shown`;
        else if (kind === 'program' && inWs) this.shell(s, v, `${k}=`);
      }
    }
  }

  /**
   * Code from outside the workspace that a tool runs on its own. Threat: `git -C /tmp/evilrepo status` and
   * `cd /tmp/evilrepo && git status` read that repository's `.git/config`, whose `core.fsmonitor`, hooks, filters
   * and pager run commands; `go run /tmp/x.go` and `go run example.invalid/x@latest` build and run code nobody has
   * reviewed (as `python3 /tmp/x.py` would). Git commands that read no repository config are left alone.
   */
  private foreignCode(s: Sub): void {
    if (s.remote || s.why !== undefined) return;
    if (s.name === 'git') {
      // Global options (`-C dir`, `--git-dir`) are stripped from words by the unwrapper: read them as written.
      const raw = s.rawWords;
      let i = raw.findIndex((w) => w.value !== null && /(^|\/)git$/.test(w.value)) + 1;
      if (i === 0) return;
      const ws = raw;
      let dir: string | null = s.cwd;
      for (; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === null) return;
        if (v === '-C' || v === '--git-dir' || v === '--work-tree') {
          const d = ws[++i]?.value;
          dir = d === undefined || d === null ? null : d.startsWith('/') ? normalize(d) : dir === null ? null : normalize(`${dir}/${d}`);
          continue;
        }
        const m = /^--(git-dir|work-tree)=(.*)$/s.exec(v);
        if (m) {
          dir = m[2].startsWith('/') ? normalize(m[2]) : dir === null ? null : normalize(`${dir}/${m[2]}`);
          continue;
        }
        if (v === '-c' || v === '--namespace' || v === '--config-env') {
          i++;
          continue;
        }
        if (!v.startsWith('-')) break;
        if (/^(--version|--help|-h|--exec-path|--html-path|--man-path|--info-path)$/.test(v)) return;
      }
      const sub = ws[i]?.value;
      if (sub === undefined || sub === null || /^(clone|init|version|help|ls-remote|archive|credential|config)$/.test(sub)) return;
      if (dir !== null && within(dir, this.cmdEnv.workspace)) return;
      s.why = `git ${sub} in ${dir ?? 'a directory only known at run time'}, outside the workspace: that repository's own config (core.fsmonitor, hooks, filters, pager) can run code nobody has reviewed`;
      return;
    }
    const ws = s.words;
    const verb = s.name === 'go' ? ws[1]?.value : undefined;
    if (verb === 'run' || verb === 'install') {
      // `go run` passes the words after its package (or its .go files) to the program: only those name code.
      for (let i = 2; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === null) continue;
        if (v.startsWith('-')) {
          if (GO_FLAG_VALUE.test(v)) i++;
          continue;
        }
        const remote = /^[a-z0-9-]+(\.[a-z0-9-]+)+\/[^@\s]*@\S+$/i.test(v);
        const p = v.startsWith('/')
          ? normalize(v)
          : v.startsWith('~/')
            ? normalize(`${this.cmdEnv.home}/${v.slice(2)}`)
            : s.cwd === null
              ? null
              : normalize(`${s.cwd}/${v}`);
        const local = v.startsWith('/') || v.startsWith('.') || v.startsWith('~/') || /\.go$/.test(v);
        if (remote) s.why = `go ${verb} ${v} fetches a module and builds code nobody has reviewed`;
        else if (local && (p === null || !within(p, this.cmdEnv.workspace)))
          s.why = `go ${verb} ${v} builds and runs code from outside the workspace that nobody has reviewed`;
        if (s.why !== undefined || (verb === 'run' && !/\.go$/.test(v))) return;
      }
    }
  }

  /**
   * Builtins that take variable names evaluate an array subscript in one as arithmetic, and bash expands a
   * command substitution there even from a single-quoted word: `printf -v 'a[$(rm -rf src)]' x`, `read
   * 'a[$(…)]'`, `declare 'a[$(…)]=1'`, `let 'a[$(…)]=1'`, `test -v 'a[$(…)]'` run the command. `let`'s
   * operands are arithmetic whole. The substitution is judged as the command it runs.
   */
  private subscripts(s: Sub, ctx: WalkCtx): void {
    const n = s.name;
    if (n === null || !NAME_ARG_BUILTINS.has(n)) return;
    for (let i = 1; i < s.words.length; i++) {
      const v = s.words[i].value;
      if (v === null || !(v.includes('$(') || v.includes('`'))) continue;
      if (n === 'let' || /\[[\s\S]*(\$\(|`)/.test(v)) this.deferred(v, ctx);
    }
  }

  /** `read f`, `mapfile arr`, `export F=x`, `declare F=x`: variables later words see. */
  private trackVars(s: Sub, ctx: WalkCtx): void {
    const n = s.name;
    if (n === null || s.remote) return;
    if (n === 'read' || n === 'mapfile' || n === 'readarray') {
      const names: string[] = [];
      const ws = s.words;
      for (const i of nameWordIndexes(n, ws)) {
        const v = ws[i].value;
        if (v !== null) names.push(v.replace(/\[.*$/s, ''));
      }
      if (names.length === 0) names.push(n === 'read' ? 'REPLY' : 'MAPFILE');
      const src = sourceOfStdin(s.stdin, s.cwd);
      for (const v of names) this.assign(v, word(null, false, '$' + v, undefined, true, undefined, src), ctx);
      // `read x <<< "$TOKEN"`: x holds what the here-string or here-document expands to.
      const st = s.stdin;
      const given =
        s.redirects.find((r) => r.op === '<<<')?.target.text ??
        (st.kind === 'herestring' ? st.text : st.kind === 'heredoc' && !st.quoted ? st.body.replace(/'/g, '') : undefined);
      if (given !== undefined && given.includes('$')) for (const v of names) this.copy(v, given, s.text, ctx.via.length === 0);
      return;
    }
    if (n === 'printf') {
      // `printf -v x '%s' "$TOKEN"`: x holds the formatted arguments.
      const ws = s.words;
      let name: string | null | undefined;
      for (let k = 1; k < ws.length; k++) {
        const v = ws[k].value;
        if (v === '-v') name = ws[k + 1]?.value;
        else if (v !== null && /^-v[A-Za-z_]/.test(v)) name = v.slice(2);
        else continue;
        break;
      }
      if (name) this.copy(name, ws.map((w) => w.text).join(' '), s.text, ctx.via.length === 0);
      return;
    }
    if (n === 'export' || n === 'declare' || n === 'local' || n === 'readonly' || n === 'typeset') {
      for (const w of s.words.slice(1)) {
        const v = w.value;
        if (v === null) continue;
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(v);
        if (m) this.assign(m[1], word(m[2], false, m[2], m[2]), ctx);
      }
    }
  }

  /**
   * `set -- a b` and `shift [n]`: the positional parameters later words see (`"$@"`, `$1`). A `set` or `shift`
   * may sit in a branch not taken, so the lists before it stay possible; one only known at run time (a word of
   * `set`'s own that may be `--` or an option, a count only known at run time) makes them unknown. Also what makes
   * variables unknown: `unset x`, `printf -v x …`, `${x:=…}`, a nameref (`declare -n`), a sourced file.
   */
  private trackArgs(s: Sub, ctx: WalkCtx): void {
    const n = s.name;
    if (n === null || s.remote) return;
    const box = ctx.cwd;
    if (s.text.includes('${')) for (const m of s.text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?=/g)) this.assign(m[1], word(null, false, m[0], undefined), ctx);
    if (n === 'source' || n === '.' || VAR_BUILTINS.has(n)) {
      const ws = s.words;
      const declares = n !== 'unset' && n !== 'printf' && n !== 'source' && n !== '.';
      // A nameref assigns another variable by name, a name only known at run time any variable, a sourced file
      // any it likes: nothing set on the line is trusted after.
      if (n === 'source' || n === '.' || (declares && ws.some((w, i) => i > 0 && (w.value === null ? !NAMED.test(w.text) : /^-[a-zA-Z]*n/.test(w.value))))) {
        box.untrusted = true;
        if (box.vars) for (const k of [...box.vars.keys()]) box.vars.set(k, word(null, false, '$' + k, undefined));
        if (box.args !== undefined) box.args = null;
        return;
      }
      if (n === 'declare' || n === 'typeset' || n === 'local' || n === 'export' || n === 'readonly') {
        // `local x`, `declare x`: a name without a value (its value is the function's, or empty).
        for (let i = 1; i < ws.length; i++) {
          const v = ws[i].value;
          // `export x=$(cat f)`: x is only known at run time now.
          const m = v === null ? NAMED.exec(ws[i].text) : null;
          // Its value's text is kept (`export J=$(nproc)` is a number by construction, arith.ts).
          if (m) this.assign(m[1], word(null, false, ws[i].text.slice(m[0].length) || '$' + m[1], undefined), ctx);
          else if (v !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v) && n !== 'export' && n !== 'readonly')
            this.assign(v, word(null, false, '$' + v, undefined), ctx);
        }
        return;
      }
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (n === 'printf') {
          const name = v === '-v' ? ws[i + 1]?.value : v !== null && /^-v[A-Za-z_]/.test(v) ? v.slice(2) : undefined;
          if (name === null || (v === null && i === 1)) box.untrusted = true;
          if (name) this.assign(name.replace(/\[.*$/, ''), word(null, false, '$' + name, undefined), ctx);
          if (name !== undefined || v === null || !v.startsWith('-')) break;
          continue;
        }
        // unset: the variable is empty now, or a function is gone; judged as only known at run time.
        if (v === null) box.untrusted = true;
        else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) this.assign(v, word(null, false, '$' + v, undefined), ctx);
      }
      return;
    }
    if (n !== 'set' && n !== 'shift') return;
    const ws = s.words;
    if (n === 'shift') {
      const cur = box.args;
      if (cur === undefined || cur === null) return;
      const a = ws[1];
      const k = a === undefined ? 1 : a.value !== null && /^\d+$/.test(a.value) ? Number(a.value) : -1;
      // bash does not shift past the end (it fails and leaves them as they were).
      box.args = k < 0 ? null : lists([...cur, ...cur.map((l) => (k <= l.length ? l.slice(k) : l))]);
      return;
    }
    let list: W[] | undefined;
    for (let i = 1; i < ws.length; i++) {
      const v = ws[i].value;
      if (v === null) {
        box.args = null;
        return;
      }
      if (v === '--' || v === '-') {
        list = ws.slice(i + 1);
        break;
      }
      if (v.length > 1 && (v[0] === '-' || v[0] === '+')) {
        // `-o NAME`, `-euo pipefail`: each o takes the next word.
        for (const c of v) if (c === 'o') i++;
        continue;
      }
      list = ws.slice(i);
      break;
    }
    if (list === undefined) return;
    // `set -- .e*` globs when it runs ($1 is `.env`): which words it makes is the file system's, not known here.
    if (list.some((w) => w.glob)) {
      box.args = null;
      return;
    }
    const cur = box.args;
    box.args = cur === undefined ? [list] : cur === null ? null : lists([...cur, list]);
  }

  /**
   * `cd dir && rm -rf x`: later relative paths resolve against dir. `cd "$PWD"`, `cd $(pwd)`, `cd -`, `cd ~`
   * and `cd "$(git rev-parse --show-toplevel)"` are followed; a cd to a place only known at run time makes
   * the directory unknown (later relative paths are then unknown, never skipped).
   */
  /** Follows the shell state that changes where `cd` goes (see cdpath): exported, set, or turned on by shopt. */
  private cdState(s: Sub): void {
    const n = s.name;
    if (n === 'shopt' && s.words.some((w) => w.value === '-s')) {
      const some = s.words.some((w) => w.value === null);
      if (some || s.words.some((w) => w.value === 'cdable_vars')) this.cdableVars = true;
      if (some || s.words.some((w) => w.value === 'autocd')) this.autocd = true;
    } else if (n === 'set') {
      // `set -P`, `set -eP`, `set -o physical` (an unknown word may be any of them).
      const ws = s.words.slice(1);
      if (ws.some((w) => w.value === null || /^-[a-zA-Z]*P/.test(w.value) || w.value === 'physical')) this.physicalCd = true;
    } else if (n === 'export' || n === 'declare' || n === 'typeset' || n === 'local' || n === 'readonly') {
      for (const w of s.words.slice(1)) {
        const m = /^CDPATH\+?=(.*)$/s.exec(w.value ?? w.text);
        if (m) this.cdpath = this.cdpath || cdpathMoves(w.value === null ? null : m[1]);
      }
    }
  }

  private trackCwd(s: Sub, ctx: WalkCtx): void {
    const n = s.name;
    const box = ctx.cwd;
    // autocd: a command word that names a folder (`.git/hooks`, `..`) moves the shell there; bash decides by what
    // is on disk when the word runs, so the place is only known at run time.
    if (this.autocd && n !== 'cd' && n !== 'pushd' && n !== 'popd' && n !== 'chdir') {
      const w0 = s.words[0];
      if (w0 !== undefined && (w0.value === null || w0.glob || w0.value.includes('/') || w0.value === '.' || w0.value === '..')) {
        box.old = box.value;
        box.value = null;
      }
      return;
    }
    if (n !== 'cd' && n !== 'pushd' && n !== 'popd' && n !== 'chdir') return;
    const cur = box.value;
    if (n === 'popd') {
      box.old = cur;
      box.value = this.dirStack.length ? this.dirStack.pop()! : null;
      return;
    }
    const flags = s.words.slice(1).filter((w) => w.value !== null && /^(-[LPe@]+|--)$/.test(w.value));
    const args = s.words.slice(1).filter((w) => !flags.includes(w));
    // `cd -P` (or `set -P`) follows links first and applies `..` after, as the kernel does: `cd -P sshdir/..` with
    // sshdir -> ~/.ssh lands in ~. The last of -L/-P wins.
    const last = flags
      .map((w) => w.value!)
      .join('')
      .replace(/[^LP]/g, '')
      .slice(-1);
    const physical = last === 'P' || (this.physicalCd && last !== 'L');
    const t = args[0];
    let next: string | null;
    let raw: string | undefined; // the place as written, `..` kept (cd -P applies it after the links)
    if (!t) next = n === 'pushd' ? null : this.cmdEnv.home;
    else if (t.value === '-') next = box.old ?? null;
    else {
      const p = t.glob || t.alts !== undefined || t.fromInput ? null : (t.path ?? t.value);
      // `~-` ($OLDPWD), `~+2` (the dirs stack) the guard does not know stay a `~` word: unknown.
      if (p === null || p === undefined || /^[+-]\d+$/.test(p) || (t.path === undefined && p.startsWith('~'))) next = null;
      else if (p.startsWith('/')) next = normalize((raw = p));
      // With CDPATH set, a relative name that does not start with `.` or `..` is looked up in each of its folders
      // first (`CDPATH=.git cd hooks` lands in .git/hooks); with cdable_vars, a name that is no folder is a
      // variable holding one (`h=.git/hooks; cd h`). Which one bash picks depends on the disk at run time.
      else if ((this.cdpath || s.assigns.CDPATH !== undefined) && !/^\.\.?(\/|$)/.test(p) && (this.cdpath || cdpathMoves(s.assigns.CDPATH))) next = null;
      else if (this.cdableVars && /^[A-Za-z_][A-Za-z0-9_]*$/.test(p)) next = null;
      else next = cur === null ? null : normalize((raw = `${cur}/${p}`));
    }
    if (physical && next !== null) next = this.cmdEnv.physical?.(raw ?? next) ?? null;
    if (n === 'pushd') this.dirStack.push(cur);
    box.old = cur;
    box.value = next;
  }
}

/** Whether a CDPATH value may send `cd name` elsewhere than `./name` (empty and `.` entries are the working folder). */
function cdpathMoves(v: string | null | undefined): boolean {
  return v === null || v === undefined || v.split(':').some((d) => d !== '' && d !== '.' && d !== './');
}

/** The most function bodies one line walks again at their calls. */
const MAX_BODY_RUNS = 64;

/**
 * A function body that may change the caller's shell: its working directory, or a variable (`f(){ x=--hard; }; f;
 * git reset $x`), or its positional parameters.
 */
const MOVES =
  /\b(?:cd|pushd|popd|chdir|set|shift|read|mapfile|readarray|printf|export|declare|typeset|unset|eval|source)\b|[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=|(?:^|[\s;&|({])\.\s/;

/** A word that assigns a variable by a literal name (`x=…`, `x+=…`). */
const NAMED = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/;

/** Builtins that assign or unset variables by name. */
const VAR_BUILTINS = new Set(['unset', 'printf', 'declare', 'typeset', 'local', 'export', 'readonly']);

/** A function body that changes its own positional parameters. */
const SETS_ARGS = /\b(?:set|shift)\b/;
/**
 * A positional parameter under an operator (`${1:-.env}`, `${1+x}`, `${@: -1}`, `${10}`, `${!1}`): put in place as
 * text it would lose its operator (`${1+.env}` with `a` became `a+.env}`, where bash reads `.env`), so the body is
 * walked with the call's words as its parameters instead.
 */
const ARG_OPERATOR = /\$\{(?![1-9]\})[#!]?[@*0-9]/;

/**
 * The folder every name of an input list lies under, when each name the producer prints starts with it: a list of
 * files under named folders (`find src`, `git ls-files src`, `ls src/*.ts`; the literal part before any glob), none
 * of them the current folder itself (whose names may start with `-`). Undefined otherwise.
 */
function listedFolder(w: W, env?: CommandEnv): string | undefined {
  if (w.value !== null || !w.fromInput || w.input?.kind !== 'files' || w.input.dirs.length !== 1) return undefined;
  const d = w.input.dirs[0];
  // A git listing of the working directory (`git diff --name-only | xargs eslint`): the files git holds there, none
  // of which starts with `-` (so no name is read as an option): the working directory's tree, as `eslint .` is.
  if (d === '.' && w.input.tracked === true && w.input.cwd !== null && env?.gitHeld !== undefined) {
    const cwd = w.input.cwd.replace(/\/+$/, '');
    const held = env.gitHeld(cwd);
    if (held !== undefined && !held.some((f) => f.startsWith(cwd + '/-'))) return '.';
  }
  const lit = d.replace(/[*?[{].*$/s, '').replace(/\/[^/]*$/, w.input.globs?.[0] ? '' : '$&');
  const dir = lit.replace(/\/+$/, '');
  if (dir === '' || dir === '.' || dir.startsWith('-') || /[\s$`'"\\]/.test(dir)) return undefined;
  return dir;
}

/** shopt's glob options the guard reads (failglob only fails a line; it matches nothing more). */
const GLOB_OPTION: Record<string, keyof GlobOpts> = { dotglob: 'dot', globstar: 'star', nocaseglob: 'nocase', extglob: 'ext', nullglob: 'nul' };
/** Programs that do nothing more when nullglob drops an operand (they fail, read their input, or list the folder). */
const NULLGLOB_SAFE = new Set([
  'echo',
  'printf',
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'stat',
  'file',
  'touch',
  'mkdir',
  'rm',
  'rmdir',
  'cp',
  'mv',
  'ln',
  'chmod',
  'chown',
  'diff',
  'sort',
  'uniq',
  'md5sum',
  'sha256sum',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'test',
  '[',
]);

/** git pull's options whose value is the next word. */
const PULL_VALUE =
  /^(?:-s|-X|--strategy|--strategy-option|--depth|--deepen|--shallow-since|--shallow-exclude|--upload-pack|-o|--server-option|--negotiation-tip|--cleanup|--gpg-sign)$/;

/**
 * `git remote add x URL && git pull x main`, `git remote set-url origin URL; git pull`: the remote the pull reads was
 * pointed somewhere on this line, so the commits it merges are nobody's seen history (what `git pull URL` is): asked.
 * A pull naming no remote reads the branch's upstream remote, which may be any of them.
 */
function pullFromRepointed(subs: readonly Sub[], s: Sub): string | undefined {
  let remote: string | null | undefined;
  for (let i = 2; i < s.words.length; i++) {
    const v = s.words[i].value;
    if (v !== null && PULL_VALUE.test(v)) i++;
    else if (v === null || !v.startsWith('-')) {
      remote = v;
      break;
    }
  }
  for (const c of subs) {
    if (c.index >= s.index) break;
    if (c.name !== 'git' || c.words[1]?.value !== 'remote') continue;
    const verb = c.words[2]?.value;
    if (verb !== 'add' && verb !== 'set-url' && verb !== 'rename' && verb !== null) continue;
    const ps = c.words.slice(3).filter((w) => w.value === null || !w.value.startsWith('-'));
    const named = verb === 'rename' ? ps[1]?.value : ps[0]?.value;
    if (verb === null || named === null || named === undefined || remote === undefined || remote === null || named === remote)
      return `git pull ${remote ?? ''} reads a remote this line pointed at a repository (git remote ${verb ?? '…'}): the commits it merges have not been seen`.replace(
        'pull  ',
        'pull ',
      );
  }
  return undefined;
}

/** Options of `python -m venv`, `virtualenv` and `uv venv` that change nothing of which programs the folder gets. */
const VENV_FLAG =
  /^(?:--(?:clear|upgrade|without-pip|system-site-packages|symlinks|copies|upgrade-deps|without-scm-ignore-files|no-project|seed|quiet|verbose|no-download|no-setuptools|no-wheel|allow-existing)|-[qv])$/;
/** Their options with a value (a prompt): the next word is no folder. */
const VENV_VALUE = /^--prompt$/;

/** The folders a sub-command makes a virtual environment in, when it is a creator the guard knows; else undefined. */
function venvDirs(c: Sub): string[] | undefined {
  const v0 = c.words[0]?.value;
  // The creator runs as the program its name stands for: a bare name (PATH), or one in the system's folders.
  if (v0 === null || v0 === undefined || (v0.includes('/') && !/^\/usr\/(?:local\/)?bin\/[^/]+$/.test(v0))) return undefined;
  if (c.meta.interp !== undefined || Object.keys(c.assigns).length > 0) return undefined;
  let from: number;
  if (/^python(?:\d+(?:\.\d+)?)?$/.test(c.name ?? '') && c.words[1]?.value === '-m' && c.words[2]?.value === 'venv') from = 3;
  else if (c.name === 'virtualenv' && !c.via.some((v) => v.includes('-m'))) from = 1;
  else if (c.name === 'uv' && c.words[1]?.value === 'venv') from = 2;
  else return undefined;
  const dirs: string[] = [];
  for (let i = from; i < c.words.length; i++) {
    const v = c.words[i].value;
    if (v === null) return undefined;
    if (VENV_VALUE.test(v)) i++;
    else if (v.startsWith('--prompt=')) continue;
    else if (v.startsWith('-')) {
      if (!VENV_FLAG.test(v)) return undefined;
    } else dirs.push(c.words[i].path ?? v);
  }
  return dirs;
}

/**
 * `python3 -m venv /tmp/v && /tmp/v/bin/pip install -r requirements.txt`: the folder's python and pip are the ones a
 * known creator (a bare `python3 -m venv`, `virtualenv`, `uv venv`) put there earlier on the line, in a folder that is
 * not on disk now (trusted for its absence: a folder someone had may hold a planted `bin/pip`), and no sub-command
 * between them names anything under it or runs where the guard cannot follow (`cp x /tmp/v/bin/pip`, a variable).
 */
function venvCreated(subs: readonly Sub[], env: CommandEnv, dir: string, s: Sub): boolean {
  if (!inTmp(dir) || inWorkspace(dir, env) || env.exists?.(dir) !== false) return false;
  const under = (p: string) => p === dir || p.startsWith(dir + '/');
  let made = -1;
  for (const c of subs) {
    if (c.index >= s.index) break;
    if (made < 0) {
      const ds = venvDirs(c);
      if (ds !== undefined && c.cwd !== null && ds.some((d) => normalize(absPath(d, c.cwd!, env.home)) === dir)) made = c.index;
      continue;
    }
    // Between the creator and the use: nothing that may change the folder's programs.
    if (c.cwd === null || under(normalize(c.cwd))) return false;
    const words = [...c.rawWords, ...c.words, ...c.redirects.map((r) => r.target)];
    for (const w of words) {
      const v = w.path ?? w.value;
      if (v === null) return false;
      if (v.includes(dir) || under(normalize(absPath(v.replace(/^--?[\w-]+=/, ''), c.cwd, env.home)))) {
        // the environment's own programs using it (`/tmp/v/bin/pip install …`), by name only
        if (w === c.words[0] && VENV_MADE_USE.test(v.slice(dir.length))) continue;
        return false;
      }
    }
  }
  return made >= 0;
}

/** `. /tmp/v/bin/activate` after `python3 -m venv /tmp/v` on the line: the script the creator wrote, not unseen code. */
function venvScript(a: Analyzer, e: Effect): boolean {
  const m = /^(.+)\/bin\/activate$/.exec(normalize(e.path));
  return m !== null && e.sub !== undefined && venvCreated(a.subs, a.cmdEnv, m[1], e.sub);
}

const VENV_MADE_USE = /^\/bin\/(?:python|pip)(?:3(?:\.\d+)?)?$/;

/** The most lists the positional parameters are followed through (`set --` and `shift` in branches double them). */
const MAX_ARG_LISTS = 8;

const EXEC_ENV =
  /^(GIT_EXTERNAL_DIFF|GIT_SSH|GIT_SSH_COMMAND|GIT_PAGER|PAGER|MANPAGER|SYSTEMD_PAGER|GIT_EDITOR|EDITOR|VISUAL|GIT_SEQUENCE_EDITOR|GIT_ASKPASS|SSH_ASKPASS|SUDO_ASKPASS|LESSOPEN|LESSCLOSE|BROWSER|GIT_PROXY_COMMAND|RSYNC_RSH|RSYNC_CONNECT_PROG|CVS_RSH|PROMPT_COMMAND|CC|CXX|CPP|LD|AR|TERMINAL|FCEDIT|KUBE_EDITOR|SVN_EDITOR|HGEDITOR|PSQL_PAGER|PSQL_EDITOR|MYSQL_PAGER|DIFF_PAGER|DELTA_PAGER|BAT_PAGER|GH_PAGER|GH_EDITOR|GLAB_PAGER|HG_PAGER|npm_config_script_shell|NPM_CONFIG_SCRIPT_SHELL|[A-Z][A-Z0-9_]*_(?:PAGER|EDITOR|ASKPASS|EXTERNAL_DIFF)|FZF_DEFAULT_COMMAND|LESSEDIT|VIEWER)$/;
/** Shells a script shell may be (anything else is handed the scripts and does not run them as written). */
const NPM_SCRIPT_SHELLS = /^(?:(?:\/usr)?(?:\/local)?\/s?bin\/)?(?:sh|bash|dash|zsh|ksh|mksh|ash)$/;
const UNSAFE_ENV =
  /^(LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH|DYLD_INSERT_LIBRARIES|DYLD_LIBRARY_PATH|DYLD_FRAMEWORK_PATH|BASH_ENV|ENV|PERL5OPT|PERL5DB|PERL5LIB|PERLLIB|RUBYOPT|RUBYLIB|PYTHONSTARTUP|GIT_CONFIG_PARAMETERS|GIT_CONFIG_COUNT|GIT_CONFIG_KEY_\d+|GIT_CONFIG_VALUE_\d+|GIT_CONFIG|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_EXEC_PATH|GIT_TEMPLATE_DIR|GIT_DIR|GIT_WORK_TREE|BASH_FUNC_.*|NODE_OPTIONS|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|GCONV_PATH|HOSTALIASES|TAR_OPTIONS|ZDOTDIR|INPUTRC|SHELLOPTS|BASHOPTS)$/;

/** The search paths and make flags searchPathWhy judges (known variables, not unknown ones). */
const SEARCH_PATHS =
  /^(PATH|PYTHONPATH|NODE_PATH|GEM_PATH|GEM_HOME|RUBYLIB|CLASSPATH|LUA_PATH|LUA_CPATH|PYTHONUSERBASE|PYTHONHOME|MAKEFLAGS|GNUMAKEFLAGS|MFLAGS)$/;

const SCRATCH_DIR = SCRATCH_ROOT;

/** The executables folders package installers fill (npm's, a virtualenv's). */
const INSTALLED_BINS = /(^|\/)(node_modules\/\.bin|\.venv\/bin|venv\/bin)$/;

/**
 * A search path that decides which program or module runs. Threat: `PATH=.:$PATH ls` after writing `./ls`,
 * `PATH=/tmp/b:$PATH npm test`, `PYTHONPATH=/tmp python3 …`, `MAKEFLAGS='--eval=…' make`: the names on the line
 * then run code nobody has seen. PATH must be a list of absolute directories outside scratch space (a value only
 * known at run time cannot be checked); module paths may not reach scratch space.
 */
function searchPathWhy(k: string, v: string | null, shims?: { cwd: string | null; workspace: string }, workspace?: string): string | undefined {
  if (k === 'PATH') {
    if (v === null) return 'PATH is set to a value only known at run time: which programs the line runs cannot be told';
    const bad = v.split(':').find((d) => {
      // An absolute folder of the workspace in an exported PATH (`export PATH="$PWD/node_modules/.bin:$PATH"`), which
      // outlives the line: only the folders installers fill (what runs from there is a dependency's, as with npx);
      // any other (`$PWD/bin`, `$PWD/scripts`) may hold the agent's script of any name.
      if (!shims && workspace !== undefined && d.startsWith('/') && within(normalize(d), workspace))
        return !INSTALLED_BINS.test(normalize(d).slice(workspace.length));
      // A folder of the workspace's executables put before the inherited PATH for one command
      // (`PATH=./node_modules/.bin:$PATH jest`, `PATH=$PWD/.venv/bin:$PATH pytest`): the name runs the project's
      // shim, judged as the program it stands for, as when the line names it (`node_modules/.bin/jest`); a shim
      // the line writes is followed where the line runs it (judgeWrittenScripts). Any other folder of the
      // workspace may hold a script of any name (`PATH=./scripts:$PATH ls`).
      const abs = d === '' ? null : d.startsWith('/') ? normalize(d) : shims?.cwd ? normalize(`${shims.cwd}/${d}`) : null;
      if (abs !== null && shims && within(abs, shims.workspace)) return !SHIM_FOLDER.test(abs.slice(shims.workspace.length));
      return d === '' || !d.startsWith('/') || SCRATCH_DIR.test(d);
    });
    return bad === undefined
      ? undefined
      : `PATH=… puts ${bad === '' ? 'the current directory' : bad} among the places programs are found: the names on the line may run code nobody has seen`;
  }
  if (/^(PYTHONPATH|NODE_PATH|GEM_PATH|GEM_HOME|RUBYLIB|CLASSPATH|LUA_PATH|LUA_CPATH|PYTHONUSERBASE|PYTHONHOME)$/.test(k)) {
    const bad = v?.split(':').find((d) => SCRATCH_DIR.test(d));
    return bad === undefined ? undefined : `${k}=… loads modules from ${bad}, scratch space nobody has reviewed`;
  }
  if (/^(MAKEFLAGS|GNUMAKEFLAGS|MFLAGS)$/.test(k) && (v === null || /--eval|(^|\s)-[a-zA-Z]*[Ef]|--file|--makefile/.test(v)))
    return `${k}=… hands make code or a makefile the line does not show`;
  return undefined;
}

/** `go run`/`go install` flags that take the next word as their value. */
const GO_FLAG_VALUE = /^--?(C|o|p|tags|ldflags|gcflags|asmflags|buildmode|compiler|exec|toolexec|mod|modfile|overlay|pgo|pkgdir|installsuffix|buildvcs)$/;

function within(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir.endsWith('/') ? dir : dir + '/');
}

/** Variables naming where a tool finds its configuration, home, caches of code, plugins or package files. */
const TOOL_HOME =
  /^(HOME|XDG_CONFIG_HOME|XDG_CONFIG_DIRS|XDG_DATA_HOME|XDG_DATA_DIRS|npm_config_(userconfig|globalconfig|prefix|cache|init_module|onload_script)|YARN_RC_FILENAME|YARN_YARNPATH|YARN_GLOBAL_FOLDER|YARN_CACHE_FOLDER|YARN_PLUGINS|PNPM_HOME|COREPACK_HOME|PIP_CONFIG_FILE|PIP_TARGET|PIP_PREFIX|UV_CONFIG_FILE|UV_CACHE_DIR|UV_PYTHON_INSTALL_DIR|UV_TOOL_DIR|POETRY_CONFIG_DIR|POETRY_HOME|POETRY_CACHE_DIR|PIPENV_PIPFILE|PYTHONPYCACHEPREFIX|VIRTUAL_ENV|CONDA_PREFIX|CARGO_HOME|RUSTUP_HOME|RUSTUP_TOOLCHAIN|CARGO_INSTALL_ROOT|GOENV|GOPATH|GOMODCACHE|GOROOT|GOCACHE|GRADLE_USER_HOME|GRADLE_HOME|M2_HOME|MAVEN_HOME|MAVEN_CONFIG|JAVA_HOME|SDKMAN_DIR|DOTNET_ROOT|DOTNET_CLI_HOME|NUGET_PACKAGES|NUGET_CONFIG_FILE|MSBuildExtensionsPath|MSBUILD_EXE_PATH|BUNDLE_GEMFILE|BUNDLE_APP_CONFIG|BUNDLE_USER_HOME|BUNDLE_USER_CONFIG|BUNDLE_PATH|GEMRC|GEM_SPEC_CACHE|COMPOSER_HOME|COMPOSER|COMPOSER_VENDOR_DIR|COMPOSER_CACHE_DIR|DENO_DIR|BUN_INSTALL|NVM_DIR|VOLTA_HOME|ASDF_DIR|ASDF_DATA_DIR|MISE_DATA_DIR|MISE_CONFIG_DIR)$/i;
/** Variables naming a program a tool runs for its own work (compiler wrapper, test runner, linker, agent). */
const TOOL_PROGRAM =
  /^(RUSTC|RUSTDOC|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|RUSTDOC_WRAPPER|CARGO|CARGO_BUILD_RUSTC|CARGO_BUILD_RUSTC_WRAPPER|CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER|CARGO_BUILD_RUSTDOC|CARGO_TARGET_[A-Z0-9_]+_(RUNNER|LINKER)|CARGO_HOST_(RUNNER|LINKER)|DOTNET_STARTUP_HOOKS|DOTNET_ADDITIONAL_DEPS|DOTNET_SHARED_STORE|CORECLR_PROFILER_PATH(_32|_64)?|COR_PROFILER_PATH(_32|_64)?|CORECLR_ENABLE_PROFILING|COR_ENABLE_PROFILING|npm_config_(script_shell|shell|git|node_gyp|python)|NODE_GYP|PYTHON|GIT|GOTOOLDIR|GO_TOOLEXEC)$/i;
/** Variables holding options of a tool or its runtime (agents, wrappers, extra class paths, settings files). */
const TOOL_OPTS =
  /^(GOFLAGS|RUSTFLAGS|RUSTDOCFLAGS|CARGO_ENCODED_RUSTFLAGS|CARGO_BUILD_RUSTFLAGS|MAVEN_OPTS|MAVEN_ARGS|GRADLE_OPTS|JAVA_OPTS|SBT_OPTS|ANT_OPTS|JAVA_OPTIONS|DOTNET_CLI_OPTIONS|npm_config_node_options|BUNDLE_OPTS|PIP_OPTS|UV_OPTS)$/i;
/** Variables naming the index or registry packages come from. */
const TOOL_INDEX =
  /^(PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_FIND_LINKS|UV_INDEX_URL|UV_EXTRA_INDEX_URL|UV_INDEX|UV_DEFAULT_INDEX|UV_FIND_LINKS|PIPENV_PYPI_MIRROR|POETRY_REPOSITORIES_.+|POETRY_SOURCE_.+|npm_config_registry|npm_config_.+:registry|npm_config_@.+|YARN_NPM_REGISTRY_SERVER|YARN_REGISTRY|YARN_NPM_SCOPES|COREPACK_NPM_REGISTRY|BUN_CONFIG_REGISTRY|GOPROXY|GOSUMDB|GONOSUMDB|GONOSUMCHECK|GOINSECURE|GOPRIVATE|GONOPROXY|GOVCS|CARGO_REGISTRY_INDEX|CARGO_REGISTRIES_.+|CARGO_SOURCE_.+|CARGO_UNSTABLE_.+|BUNDLE_MIRROR__.+|GEM_SOURCE|COMPOSER_REPO_PACKAGIST|COMPOSER_AUTH|NUGET_SOURCE|CONDA_CHANNELS)$/i;
/** Variables toolSourceWhy and mirrorEnvWhy judge: where the tools find configuration, programs, options, packages. */
const ENV_READ = {
  test: (k: string): boolean => TOOL_HOME.test(k) || TOOL_PROGRAM.test(k) || TOOL_OPTS.test(k) || TOOL_INDEX.test(k),
};
const SYSTEM_DIR = /^(\/usr|\/opt|\/etc|\/nix|\/snap|\/bin|\/sbin|\/lib|\/lib64)(\/|$)/;
/**
 * TOOL_HOME variables naming a configuration file, or a folder whose configuration, init scripts or programs the
 * tool loads (an npmrc's node-options and script-shell, a Gemfile, Cargo's config.toml, Gradle's init.d). The
 * guard does not read these: in the workspace only a file committed as it is (the project's own) is accounted for.
 */
const CONFIG_HOME =
  /^(HOME|XDG_CONFIG_HOME|XDG_CONFIG_DIRS|npm_config_(userconfig|globalconfig|init_module|onload_script)|YARN_RC_FILENAME|YARN_YARNPATH|YARN_PLUGINS|PIP_CONFIG_FILE|UV_CONFIG_FILE|POETRY_CONFIG_DIR|POETRY_HOME|PIPENV_PIPFILE|CARGO_HOME|RUSTUP_HOME|GOENV|GOROOT|GRADLE_USER_HOME|GRADLE_HOME|M2_HOME|MAVEN_HOME|MAVEN_CONFIG|JAVA_HOME|DOTNET_CLI_HOME|NUGET_CONFIG_FILE|MSBuildExtensionsPath|MSBUILD_EXE_PATH|BUNDLE_GEMFILE|BUNDLE_APP_CONFIG|BUNDLE_USER_HOME|BUNDLE_USER_CONFIG|GEMRC|COMPOSER_HOME|COMPOSER|MISE_CONFIG_DIR)$/i;

/**
 * Where a tool's configuration, programs or packages come from. Threat: `HOME=/tmp/evil git status` (a planted
 * `.gitconfig` sets `core.fsmonitor`), `npm_config_userconfig=/tmp/npmrc npm test`, `RUSTC_WRAPPER=/tmp/w cargo build`,
 * `GOFLAGS=-toolexec=/tmp/x go build`, `MAVEN_OPTS=-javaagent:/tmp/a.jar mvn test`, `PIP_INDEX_URL=https://… pip install`:
 * the command then runs or installs code the guard cannot see. A place inside the workspace, the home folder or a
 * system folder is the default kind; scratch space, another folder or a value only known at run time is not.
 */
function toolSourceWhy(k: string, v: string | null, cwd: string | null, env: CommandEnv): string | undefined {
  const place = (p: string): boolean => {
    p = p.trim().replace(/^file:\/\//, '');
    if (p === '') return true;
    const abs = p.startsWith('~/') || p === '~' ? env.home + p.slice(1) : p.startsWith('/') ? p : cwd === null ? null : `${cwd}/${p}`;
    if (abs === null) return false;
    const n = normalize(abs);
    // The workspace and the home folder may themselves sit in scratch space (tests, throwaway containers).
    return within(n, env.workspace) || within(n, env.home) || (!SCRATCH_DIR.test(n) && SYSTEM_DIR.test(n));
  };
  if (TOOL_HOME.test(k)) {
    if (v === null) return `${k} is set to a place only known at run time: the configuration or code the tools on the line load cannot be seen`;
    const parts = v.split(k.endsWith('DIRS') || /PATH$/i.test(k) ? ':' : /\0/);
    const bad = parts.find((d) => !place(d));
    if (bad !== undefined) return `${k}=${bad} makes the tools on the line load configuration or code from a place nobody has reviewed`;
    if (!CONFIG_HOME.test(k)) return undefined;
    for (const d of parts) {
      const t = d.trim().replace(/^file:\/\//, '');
      if (t === '') continue;
      const n = normalize(t.startsWith('~/') || t === '~' ? env.home + t.slice(1) : t.startsWith('/') ? t : `${cwd}/${t}`);
      if (!within(n, env.workspace) || n === normalize(env.home)) continue;
      // A folder (what it holds is loaded), a file written on the line or since the last commit: not judged.
      if (env.isDir?.(n) !== false || env.scriptChanged?.(n) !== false)
        return `${k}=${d} makes the tools on the line load configuration or code from ${n}, which the guard does not read and git does not hold as committed`;
    }
    return undefined;
  }
  if (TOOL_PROGRAM.test(k)) {
    if (v === null) return `${k} is set to a program only known at run time`;
    // A bare name is found on PATH (judged on its own); a path must lead somewhere reviewed.
    const prog = v.trim().split(/[\s;]+/)[0] ?? '';
    if (!prog.includes('/') || place(prog)) return undefined;
    return `${k}=${v} makes the tools on the line run a program nobody has reviewed`;
  }
  if (TOOL_OPTS.test(k)) {
    if (v === null) return `${k} is set to options only known at run time: what the tools on the line load cannot be told`;
    if (
      /-toolexec|(^|\s)-exec\b|-overlay|-modfile|-javaagent|-agentpath|-agentlib|-Xbootclasspath|-XX:On|ext\.class\.path|java\.system\.class\.loader|(^|\s)@|-C\s*linker|linker=|-Z\s*|plugin|(^|\s)-(s|gs|-settings|-global-settings|I|-init-script)\b|--require|--import|--loader/.test(
        v,
      )
    )
      return `${k}=${v} hands the tools on the line an agent, wrapper or settings file the line does not show`;
    const paths = v.match(/(?:^|[\s=:,])(\/[^\s:,]*)/g) ?? [];
    const bad = paths.map((x) => x.replace(/^[\s=:,]/, '')).find((x) => !place(x));
    return bad === undefined ? undefined : `${k}=… points the tools on the line at ${bad}, a place nobody has reviewed`;
  }
  if (TOOL_INDEX.test(k)) {
    if (v !== null && k.toUpperCase() === 'GOPROXY' && v.split(/[,|]/).every((x) => /^(direct|off|https:\/\/proxy\.golang\.org\/?)$/.test(x.trim())))
      return undefined;
    if (v !== null && k.toUpperCase() === 'GOSUMDB' && /^sum\.golang\.org$/.test(v.trim())) return undefined;
    if (v !== null && /^(PIP_INDEX_URL|UV_INDEX_URL|UV_DEFAULT_INDEX)$/i.test(k) && /^https:\/\/pypi\.org\/simple\/?$/.test(v.trim())) return undefined;
    if (v !== null && /registry/i.test(k) && /^https:\/\/registry\.(npmjs\.org|yarnpkg\.com)\/?$/.test(v.trim())) return undefined;
    return `${k}=${v ?? '…'} makes the tools on the line fetch packages from an index nobody has reviewed`;
  }
  return undefined;
}

/** A function body with a call's words in place of `$@`, `$*`, `$1`…`$9` and `$#` (run-time words keep their text). */
function withArgs(body: string, words: W[]): string {
  const args = words.slice(1).map((w) => (w.value === null ? w.text : joinArgv([w.value])));
  return body.replace(/"\$[@*]"|\$[@*]|"\$\{?([1-9])\}?"|\$\{?([1-9])\}?|\$#/g, (m, a?: string, b?: string) => {
    const k = a ?? b;
    if (k !== undefined) return args[Number(k) - 1] ?? "''";
    if (m === '$#') return String(args.length);
    return args.join(' ');
  });
}

/** The variables a wrapper exported that change what runs (the rest do not matter to the guard), under the command's own. */
function inherited(env: Record<string, string | null>, own: Record<string, string | null>): Record<string, string | null> {
  let out: Record<string, string | null> | undefined;
  // Also where the tools find their configuration, programs and packages (`HOME=/tmp/h bash -c 'git push'`).
  for (const k in env)
    if ((EXEC_ENV.test(k) || UNSAFE_ENV.test(k) || ENV_READ.test(k) || /^PS[0-4]$|^PYTHONPATH$/.test(k)) && !(k in own)) (out ??= { ...own })[k] = env[k];
  return out ?? own;
}

/** The rule families a usage request (helpAsked) answers: nothing leaves the machine or changes state. */
const HELP_SKIPS = new Set(['publish', 'container', 'cloud', 'k8s', 'infra']);

const GENERIC = CATALOG.filter((r) => r.check && !r.names);
const NO_FIRED: ReadonlySet<string> = new Set();
// The few whole-line rules, catalog order kept: walking all of the catalog for them per line cost more than some rules.
const LINE_RULES = CATALOG.filter((r) => r.checkLine);
const BY_NAME = new Map<string, Rule[]>();
for (const r of CATALOG) {
  if (!r.check || !r.names) continue;
  for (const n of r.names) BY_NAME.set(n, [...(BY_NAME.get(n) ?? []), r]);
}

// What a sub-command is, beyond its name, for the rules that declare `concerns` (rules/types.ts).
const F_ASSIGNS = 1;
const F_REMOTE = 2;
const F_EFFECTS = 4;

/** A rule to run on a name's sub-commands; `when` (F_* bits): only on those with one of these, 0 on all. */
interface RuleRun {
  rule: Rule;
  when: number;
}

/** The rules for a name: every rule that can fire for it, catalog order kept (ids stay stable in verdicts); `named`: those listed by name (probed). */
interface NameRules {
  runs: RuleRun[];
  named: Rule[];
}
const RULES_CACHE = new Map<string | null, NameRules>();

/** Off only in tests (ruleIndexForTests): every rule for every program runs on every sub-command. */
let indexed = true;
/** In tests: each firing of a rule with `concerns` that its declaration does not admit. */
let outside: string[] | undefined;

setProgramOf((n) => rowOf(n) ?? (BY_NAME.has(n) || SPECIAL.has(n) ? n : undefined));
setIsProgram((n) => rowOf(n) !== undefined || SPECIAL.has(n) || BY_NAME.has(n));

function rulesFor(name: string | null): NameRules {
  let rs = indexed ? RULES_CACHE.get(name) : undefined;
  if (!rs) {
    const named = name === null ? [] : (BY_NAME.get(name) ?? []);
    const runs: RuleRun[] = [];
    for (const r of CATALOG) {
      if (named.includes(r)) runs.push({ rule: r, when: 0 });
      else if (!GENERIC.includes(r)) continue;
      else if (!indexed || r.concerns === undefined || r.concerns.name(name)) runs.push({ rule: r, when: 0 });
      else {
        const c = r.concerns;
        const when = (c.assigns ? F_ASSIGNS : 0) | (c.remote ? F_REMOTE : 0) | (c.effects ? F_EFFECTS : 0);
        if (when !== 0) runs.push({ rule: r, when });
      }
    }
    rs = { runs, named };
    if (indexed && RULES_CACHE.size < 4096) RULES_CACHE.set(name, rs);
  }
  return rs;
}

/** The F_* bits a sub-command has. */
function featuresOf(s: Sub, ctx: RuleCtx): number {
  let f = s.remote ? F_REMOTE : 0;
  // for…in as the rules read assignments (updateFlag, target-switch): any key at all.
  for (const k in s.assigns) {
    void k;
    f |= F_ASSIGNS;
    break;
  }
  return ctx.effectsOf(s).length > 0 ? f | F_EFFECTS : f;
}

/** Does the rule's declaration admit the sub-command (by its name, or one of its features)? */
function admits(r: Rule, s: Sub, ctx: RuleCtx): boolean {
  const c = r.concerns;
  if (c === undefined || c.name(s.name)) return true;
  const f = featuresOf(s, ctx);
  return ((c.assigns ? F_ASSIGNS : 0) & f) !== 0 || ((c.remote ? F_REMOTE : 0) & f) !== 0 || ((c.effects ? F_EFFECTS : 0) & f) !== 0;
}

/**
 * For tests: run `fn` with the index off (every rule for every program runs on every sub-command) and return
 * its result with the firings no rule's `concerns` admits ("rule-id\0name" each).
 */
export function ruleIndexForTests<T>(fn: () => T): { result: T; outside: string[] } {
  indexed = false;
  outside = [];
  try {
    return { result: fn(), outside };
  } finally {
    indexed = true;
    outside = undefined;
  }
}

/**
 * Loops nothing can end. Threat: resource exhaustion the guard cannot bound. One whose body (or a function it
 * calls) writes anything, or whose output goes to a file, fills the disk or its inodes (`while :; do mkdir -p d;
 * cd d; done`, `while true; do echo x >> log; done`); one sent to the background keeps a processor busy after the
 * command returns, until someone kills it (`while :; do :; done &`); one that never waits keeps a processor busy
 * (`while true; do :; done`). A foreground loop that waits between passes (`while true; do date; sleep 1; done`) is
 * a poller, left to the agent's own time limit.
 */
function endlessFindings(a: Analyzer, effects: Effect[]): Finding[] {
  if (a.endless.length === 0) return [];
  const out: Finding[] = [];
  for (const l of a.endless) {
    const inBody = new Array<boolean>(a.subs.length).fill(false);
    const mark = (from: number, to: number, depth: number): void => {
      for (let i = from; i < to && i < inBody.length; i++) {
        if (inBody[i]) continue;
        inBody[i] = true;
        const r = depth < 4 ? a.fnCalled(a.subs[i].name) : undefined;
        if (r) mark(r[0], r[1], depth + 1);
      }
    };
    // `break`, `exit`, `return` or `exec CMD` in the body itself can end the loop.
    let leaves = false;
    for (let i = l.from; i < l.to && i < a.subs.length && !leaves; i++) {
      const n = a.subs[i].name;
      leaves = n === 'break' || n === 'exit' || n === 'return' || n === 'logout' || (n === 'exec' && a.subs[i].words.length > 1);
    }
    if (leaves) continue;
    mark(l.from, l.to, 0);
    const grows = effects.some(
      (e) =>
        e.op !== 'read' &&
        e.op !== 'exec' &&
        !e.path.startsWith('/dev/') &&
        (e.sub !== undefined ? e.sub.index >= 0 && inBody[e.sub.index] : e.subText.includes(l.text) || l.text.includes(e.subText)),
    );
    if (grows)
      out.push({
        rule: 'sys.disk-fill',
        category: 'sys',
        tier: 'destructive',
        subcommand: l.text.slice(0, 200),
        explanation: l.ends
          ? 'a loop of very many passes writes to the disk on each: it fills the disk or its inodes'
          : 'a loop nothing can end writes to the disk on every pass: it fills the disk or its inodes',
        sub: -1,
      });
    else if (l.ends) continue;
    else if (l.detached)
      out.push({
        rule: 'sys.fork-bomb',
        category: 'sys',
        tier: 'destructive',
        subcommand: l.text.slice(0, 200),
        explanation: 'a loop nothing can end runs in the background: it keeps running, and a processor busy, after the command returns',
        sub: -1,
      });
    else if (!/^(?:while|until)\s+(?:sleep|read|wait|inotifywait)\b/.test(l.text) && !a.subs.some((s, i) => inBody[i] && s.name !== null && WAITS.has(s.name)))
      out.push({
        rule: 'exec.endless',
        category: 'exec',
        tier: 'destructive',
        subcommand: l.text.slice(0, 200),
        explanation: 'a loop nothing can end never waits: it keeps a processor busy until someone kills it',
        sub: -1,
      });
  }
  return out;
}

/** Commands that make a loop wait between passes (a poller, not a busy loop). */
const WAITS = new Set(['sleep', 'usleep', 'wait', 'read', 'inotifywait', 'fswatch', 'watchman-wait', 'entr', 'tail', 'select']);

/** Programs that keep all of their input before they write: fed an endless stream, they fill memory and disk. */
const HOARDERS = new Set(['sort', 'tac', 'sponge', 'shuf']);

/** Devices that never run dry. */
const ENDLESS_DEVICES = new Set(['/dev/zero', '/dev/urandom', '/dev/random', '/dev/full']);

/** Readers that stop after a count they are given (`head`, `dd count=`, `od -N`, `xxd -l`, `grep -m`, `sed 5q`). */
function boundsInput(s: Sub): boolean {
  const n = s.name;
  const vs = s.words.slice(1).map((w) => w.value ?? '');
  const has = (re: RegExp) => vs.some((v) => re.test(v));
  switch (n) {
    case 'head':
    case 'read':
    case 'true':
    case 'false':
    case 'cmp':
      return true;
    case 'dd':
      return has(/^count=/);
    case 'od':
      return has(/^(-[a-zA-Z]*N|--read-bytes)/);
    case 'xxd':
      return has(/^-(l|len)/);
    case 'hexdump':
    case 'hd':
      return has(/^-[a-zA-Z]*n/);
    case 'grep':
    case 'egrep':
    case 'fgrep':
    case 'rg':
      return has(/^(-[a-zA-Z]*[mqlL]|--max-count|--quiet|--silent|--files-with)/);
    case 'sed':
      return has(/(^|[;\s\d}])q\d*($|[;\s}])/);
    case 'awk':
    case 'gawk':
    case 'mawk':
      return has(/\bexit\b/);
    default:
      return false;
  }
}

/** A command whose output never ends: `yes`, `seq inf`, `shuf -r`, or a reader of an endless device without a count. */
function endlessSource(s: Sub): boolean {
  const n = s.name;
  if (n === null) return false;
  // Most commands name no device and are not yes/seq/shuf: decided without allocating.
  if (n === 'yes') return true;
  const ws = s.words;
  if (n === 'seq') return seqHuge(ws.slice(1).map((w) => w.value)) && !ws.some((w) => w.value === null);
  if (n === 'shuf')
    return (
      ws.some((w, i) => i > 0 && w.value !== null && /^(-[a-zA-Z]*r|--repeat)/.test(w.value)) &&
      !ws.some((w, i) => i > 0 && w.value !== null && /^(-[a-zA-Z]*n|--head-count)/.test(w.value))
    );
  let device = s.stdin.kind === 'file' && s.stdin.path.value !== null && ENDLESS_DEVICES.has(s.stdin.path.value);
  for (let i = 0; i < s.redirects.length && !device; i++) {
    const r = s.redirects[i];
    device = r.op === '<' && r.target.value !== null && ENDLESS_DEVICES.has(r.target.value);
  }
  for (let i = 1; i < ws.length && !device; i++) {
    const v = ws[i].value;
    device = v !== null && v.includes('/dev/') && (ENDLESS_DEVICES.has(v) || /^(if|--input)=\/dev\/(zero|u?random|full)$/.test(v));
  }
  return device && !boundsInput(s);
}

/**
 * Endless streams. Threat: resource exhaustion through a pipe or a redirect the per-program rules do not see
 * (`cat /dev/zero | gzip > z.gz`, `tr '\0' x < /dev/zero > f`, `xxd /dev/urandom > hex`, `seq inf | xargs -I{}
 * touch f{}`): a command that makes or passes on an endless stream and writes anything fills the disk; one left in
 * the background (`yes > /dev/null &`, `sha1sum /dev/zero &`) keeps a processor busy until someone kills it.
 * A reader that stops after a count (`yes | head -n 5 > f`) ends the stream.
 */
function streamFindings(a: Analyzer, bySub: Effect[][]): Finding[] {
  let out: Finding[] | undefined;
  let floods: boolean[] | undefined;
  for (const s of a.subs) {
    const from = floods === undefined ? undefined : s.stdin.kind === 'pipe' ? s.stdin.from : (s.meta.listFrom as Sub | undefined);
    const fed = from !== undefined && from.index >= 0 && from.index < s.index && floods![from.index] && !boundsInput(s);
    const endless = fed || endlessSource(s);
    if (!endless) continue;
    (floods ??= new Array<boolean>(a.subs.length).fill(false))[s.index] = true;
    // `sort`, `tac`, `sponge` hold their whole input (in memory and temporary files) before writing anything.
    const writes =
      (fed && s.name !== null && HOARDERS.has(s.name)) || (bySub[s.index] ?? NO_EFFECTS).some((e) => e.op === 'write' && !e.path.startsWith('/dev/'));
    if (writes)
      (out ??= []).push({
        rule: 'sys.disk-fill',
        category: 'sys',
        tier: 'destructive',
        subcommand: s.text,
        explanation: `${s.name ?? s.text} ${fed ? 'is fed' : 'makes'} a stream that never ends and writes to the disk: it fills it`,
        sub: s.index,
      });
    else if (a.detachedSubs?.has(s.index))
      (out ??= []).push({
        rule: 'sys.fork-bomb',
        category: 'sys',
        tier: 'destructive',
        subcommand: s.text,
        explanation: `${s.name ?? s.text} runs in the background on a stream that never ends: it keeps a processor busy until someone kills it`,
        sub: s.index,
      });
  }
  return out ?? [];
}

export function analyze(line: string, env0: CommandEnv): FullAnalysis {
  const env = onceEach(env0);
  const a = new Analyzer(env);
  let effects: Effect[] = [];
  try {
    if (line.length > MAX_INPUT) {
      return finish(a, [], [unknown('parse.too-large', line, `command line of ${line.length} characters is larger than the guard parses`)]);
    }
    const top: CwdBox = { value: env.cwd, old: undefined, vars: undefined };
    parseAndWalk(a, line, { via: [], cwd: top, remote: false, depth: 0, src: line });
    const judged = judgeWrittenScripts(a, env);
    // By index, not a Map keyed by Sub: hashing a fresh object costs more than the effects themselves.
    const bySub: Effect[][] = new Array<Effect[]>(a.subs.length);
    const unresolved: Finding[] = [];
    let reasons: string[] | undefined;
    for (const s of a.subs) {
      const start = effects.length;
      if (reasons === undefined || reasons.length) reasons = [];
      addEffects(effects, s, env, reasons);
      bySub[s.index] = effects.length > start ? effects.slice(start) : NO_EFFECTS;
      if (s.why !== undefined && !s.meta.noexec)
        unresolved.push({ rule: 'exec.unmodelled', category: 'exec', tier: 'unknown', subcommand: s.text, explanation: s.why, sub: s.index });
      for (const r of reasons)
        unresolved.push({ rule: 'exec.unresolved-path', category: 'exec', tier: 'unknown', subcommand: s.text, explanation: r, sub: s.index });
    }
    for (const c of a.compounds) {
      if (c.remote) continue;
      const rs: string[] = [];
      redirectEffects(effects, c.redirs, undefined, c.cwd, env, false, c.text, rs);
      for (const r of rs) unresolved.push({ rule: 'exec.unresolved-path', category: 'exec', tier: 'unknown', subcommand: c.text, explanation: r, sub: -1 });
    }
    for (const f of patchesWritten(effects)) unresolved.push(f);
    a.moved = linkThrough(a.subs, effects, env);
    const vars: ShellVars | undefined =
      a.copies.length || a.compares.length || a.handed.length
        ? { secret: closeSecrets(a.copies), copies: a.copies, compares: a.compares, handed: a.handed }
        : undefined;
    const ctx: RuleCtx = {
      vars,
      env,
      subs: a.subs,
      effects,
      effectsOf: (s) => (s.index >= 0 && a.subs[s.index] === s ? bySub[s.index] : undefined) ?? NO_EFFECTS,
      judged,
    };
    const findings: Finding[] = a.findings.length ? a.findings.slice() : [];
    for (const f of unresolved) findings.push(f);
    for (const b of a.bombs)
      findings.push({
        rule: 'sys.fork-bomb',
        category: 'sys',
        tier: 'destructive',
        subcommand: line.slice(0, 200),
        explanation: `the function ${b} starts copies of itself without end`,
        sub: -1,
      });
    for (const sh of a.shadows) {
      const [text, why] = sh.split('\0');
      findings.push({ rule: 'exec.unmodelled', category: 'exec', tier: 'unknown', subcommand: text, explanation: why, sub: -1 });
    }
    for (const l of a.spawnLoops)
      findings.push({
        rule: 'sys.fork-bomb',
        category: 'sys',
        tier: 'destructive',
        subcommand: l.slice(0, 200),
        explanation: 'a loop with no visible bound starts background jobs: they pile up until the machine runs out of processes',
        sub: -1,
      });
    for (const f of endlessFindings(a, effects)) findings.push(f);
    for (const f of streamFindings(a, bySub)) findings.push(f);
    for (const s of a.subs) {
      if (s.meta.noexec) continue;
      const rs = rulesFor(s.name);
      let fired: Set<string> | undefined;
      let features = -1;
      const help = s.name !== null && rs.runs.length > 0 && helpAsked(s);
      for (const { rule, when } of rs.runs) {
        if (when !== 0 && ((features < 0 ? (features = featuresOf(s, ctx)) : features) & when) === 0) continue;
        // `npm publish --help`, `docker push --help`: the verb's usage is printed, nothing is published or changed.
        if (help && HELP_SKIPS.has(category(rule.id))) continue;
        const why = rule.check!(s, ctx);
        if (why) {
          findings.push({ rule: rule.id, category: category(rule.id), tier: rule.tier ?? 'destructive', subcommand: s.text, explanation: why, sub: s.index });
          (fired ??= new Set()).add(rule.id);
          if (outside !== undefined && !admits(rule, s, ctx)) outside.push(`${rule.id}\0${s.name}`);
        }
      }
      // A run-time word may be the option or verb that makes a rule fire; options before a verb may hide it (probe.ts).
      if (s.name !== null && rs.named.length > 0) {
        const hit = probeDynamic(s, rs.named, ctx, fired ?? NO_FIRED) ?? (fired === undefined ? probeLeadingOptions(s, rs.named, ctx, NO_FIRED) : undefined);
        if (hit)
          findings.push({
            rule: hit.rule.id,
            category: category(hit.rule.id),
            tier: hit.rule.tier ?? 'destructive',
            subcommand: s.text,
            explanation: hit.explanation,
            sub: s.index,
          });
      }
    }
    for (const rule of LINE_RULES) {
      const tier = rule.tier ?? 'destructive';
      for (const h of rule.checkLine!(ctx))
        findings.push({ rule: rule.id, category: category(rule.id), tier, subcommand: h.text, explanation: h.explanation, sub: h.sub?.index ?? -1 });
    }
    // Redirects on compound commands (`{ …; } > package.json`) are judged like a command's own.
    for (const e of effects) {
      if (e.sub !== undefined || e.op !== 'write' || e.append) continue;
      const fake: Sub = {
        index: -1,
        words: [],
        name: '',
        rawWords: [],
        text: e.subText,
        via: [],
        redirects: [],
        stdin: { kind: 'none' },
        cwd: env.cwd,
        remote: false,
        mounts: undefined,
        assigns: {},
        meta: {},
        acc: NO_ACC,
        why: undefined,
        runs: undefined,
        runsBase: undefined,
      };
      const sub1: RuleCtx = { ...ctx, effectsOf: () => [{ ...e, contentless: false }] };
      for (const id of ['fs.overwrite', 'fs.outside-workspace', 'fs.protected']) {
        const r = CATALOG.find((x) => x.id === id);
        const why = r?.check?.(fake, sub1);
        if (why) findings.push({ rule: id, category: category(id), tier: 'destructive', subcommand: e.subText, explanation: why, sub: -1 });
      }
    }
    for (const msg of a.errors) findings.push(unknown('parse.error', line, msg));
    if (!emptiesIntact()) findings.push(unknown('parse.error', line, 'internal error: a shared empty value was modified during analysis'));
    const disk = a.fromDisk;
    const done = finish(a, effects, disk ? findings.filter((f) => f.tier !== 'unknown' || !disk.has(f.sub)) : findings, judged);
    done.endCwd = top.value;
    return done;
  } catch (err) {
    // RangeError from deep nesting, or a bug: fail closed.
    effects = [];
    const msg = err instanceof RangeError ? 'nesting too deep to analyse' : `analysis failed: ${(err as Error)?.message ?? String(err)}`;
    const id = err instanceof RangeError ? 'parse.too-large' : 'parse.error';
    return finish(a, [], [...a.findings, unknown(id, line, msg)]);
  }
}

/**
 * A patch whose files were judged from its text on disk, when something else on the line may write that file
 * (`echo … > p.diff && git apply p.diff`, `cp x.diff p.diff; patch < p.diff`): what is applied is not the text judged.
 */
function patchesWritten(effects: readonly Effect[]): Finding[] {
  const out: Finding[] = [];
  for (const e of effects) {
    if (e.op !== 'read' || !e.how.endsWith(PATCH_SOURCE)) continue;
    const p = normalize(e.path);
    const hit = effects.find((x) => {
      if (x.sub === e.sub || x.op === 'read' || x.op === 'exec') return false;
      const q = normalize(x.path);
      return q === p || x.glob || ((x.recursive || x.into) && (q === '/' || p.startsWith(q + '/')));
    });
    if (hit)
      out.push({
        rule: 'exec.unmodelled',
        category: 'exec',
        tier: 'unknown',
        subcommand: e.subText,
        explanation: `${hit.how} may change ${p} on this line before it is applied: the files the patch changes were read from what is on disk now`,
        sub: e.sub?.index ?? -1,
      });
  }
  return out;
}

/**
 * The environment with its file-system questions answered once per line: several rules and the path effects ask
 * whether the same path exists (a third of the probes of a line were repeats, each a system call). The file
 * system is taken as it is when the line is decided, as each probe already did.
 */
function onceEach(env: CommandEnv): CommandEnv {
  const { exists, isDir } = env;
  if (exists === undefined && isDir === undefined) return env;
  return { ...env, exists: exists && memoPath(exists), isDir: isDir && memoPath(isDir) };
}

/** Builtins whose arguments name variables (or are arithmetic, `let`): a subscript in one is evaluated. */
const NAME_ARG_BUILTINS = new Set('printf read declare typeset local export readonly let unset test [ getopts wait mapfile readarray'.split(' '));

/** Languages by a script file's extension, for programs that run a file they are given (`.sh`: a shell script). */
const EXT_LANGS: Record<string, string> = {
  js: 'node',
  mjs: 'node',
  cjs: 'node',
  jsx: 'node',
  ts: 'node',
  mts: 'node',
  cts: 'node',
  tsx: 'node',
  py: 'python',
  rb: 'ruby',
  pl: 'perl',
  pm: 'perl',
  php: 'php',
  sh: 'sh',
  bash: 'sh',
};

const SCRIPT_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'source', '.']);
const SCRIPT_LANGS: Record<string, string> = {
  python: 'python',
  python3: 'python',
  python2: 'python',
  node: 'node',
  nodejs: 'node',
  ruby: 'ruby',
  perl: 'perl',
  php: 'php',
};

/** The text a sub-command prints when the line shows it: `cat <<'EOF'`, `echo lit`, `printf lit`. */
function printedText(s: Sub): string | null {
  const n = s.name;
  if ((n === 'cat' || n === 'tee') && s.stdin.kind === 'heredoc') return s.stdin.quoted || !/[$`\\]/.test(s.stdin.body) ? s.stdin.body : null;
  if ((n === 'cat' || n === 'tee') && s.stdin.kind === 'herestring') return s.stdin.value === null ? null : s.stdin.value + '\n';
  if (n === 'echo' || n === 'printf') {
    const args = s.words.slice(1);
    if (args.some((w) => w.value === null)) return null;
    if (n === 'printf') return printfText(args.map((w) => w.value!));
    const opts = args[0] !== undefined && /^-[neE]+$/.test(args[0].value!) ? args[0].value! : '';
    const text = (opts ? args.slice(1) : args).map((w) => w.value).join(' ');
    return (opts.includes('e') ? unescapeC(text) : text) + (opts.includes('n') ? '' : '\n');
  }
  return null;
}

/** A shell script by its name: what `./x.sh`, `bash x.sh` and npm scripts run. */
const SHELL_SCRIPT = /\.(sh|bash|zsh|ksh|command)$/;

/**
 * Text appended to an existing shell script runs at the script's next run, unseen: `echo 'rm -rf src' >>
 * scripts/deploy.sh` plants a delete in a script a later `npm run deploy` runs. Text the line shows is judged as
 * the commands it is; text only known at run time (`curl … >> x.sh`, `echo "$X" >> x.sh`) cannot be.
 */
function judgeAppendedScript(a: Analyzer, s: Sub, target: string, printed: string | null, env: CommandEnv): void {
  if (!SHELL_SCRIPT.test(target) || env.exists?.(target) === false) return;
  if (printed === null) {
    s.why ??= `appends text only known at run time to ${target}, a script that runs later`;
    return;
  }
  a.reparse(
    printed,
    {
      via: [`text appended to ${target}, a script that runs later`],
      cwd: { value: s.cwd, old: undefined, vars: undefined },
      remote: false,
      depth: 1,
      src: printed,
    },
    'script',
  );
}

/** Programs whose project files the analyzer reads itself, in the folder they are pointed at (judgeProjectScripts). */
const READS_OWN_PROJECT = new Set(['npm', 'yarn', 'pnpm', 'bun', ...MAKE_NAMES, 'just', 'task', 'go-task']);

/**
 * A build tool or task runner pointed at a folder outside the workspace (`gradle -p /tmp/x`, `ninja -C /tmp/b`,
 * `scons -C`, `rake -C`, `invoke -r`, `mage -d`): the files there that decide what it runs (its row's `runs`) are
 * code nobody reviewed, so the run is unknown.
 */
function foreignRuns(s: Sub, env: WordEnv): void {
  if (!s.runs?.length || s.runsBase === undefined || s.cwd === null || READS_OWN_PROJECT.has(s.name!)) return;
  const dir = normalize(absPath(s.runsBase, s.cwd, env.home));
  if (!within(dir, env.workspace ?? s.cwd))
    s.why ??= `${s.name} runs what ${dir}, a folder outside the workspace, defines (${s.runs.slice(0, 2).join(', ')}): code the guard has not seen`;
}

/** Terraform's verbs that read data sources, and so run a `data "external"` program. */
const TF_DATA_VERBS = /^(plan|refresh|import|test|apply|destroy|console|output)$/;

/** A Terraform block that runs a program of the configuration: an external data source, a local-exec provisioner. */
const TF_RUNS = /\bdata\s+"external"|"external"\s*:|\bprovisioner\s+"local-exec"|"local-exec"\s*:/;

/** A php.ini setting that loads code or a native extension before every script. */
const PHP_INI_LOADS = /^[ \t]*(auto_prepend_file|auto_append_file|extension|zend_extension)[ \t]*=[ \t]*"?([^"\n;]*)"?/gm;

/**
 * Code a tool runs because a configuration file says so, read from disk (or from what the line wrote): Terraform's
 * `data "external"` programs (run by plan, not only apply) and `local-exec` provisioners in the folder's .tf files;
 * `php -c php.ini`'s `auto_prepend_file`, `auto_append_file` and extensions. What these run is a program of the
 * configuration, unknown to the guard: the run is asked. Ordinary configurations change nothing.
 */
function configuredCode(a: Analyzer, s: Sub, env: CommandEnv, contents: Map<string, string | null> | undefined): void {
  if (s.cwd === null || s.remote || s.name === null) return;
  const words = s.words.map((w) => w.value);
  const read = (f: string): string | null | undefined =>
    contents?.has(f) ? contents.get(f) : inWorkspace(f, env) || inTmp(f) ? (env.readScript!(f, MAX_SCRIPT_BYTES) ?? undefined) || undefined : undefined;
  if (/^(terraform|tofu)$/.test(s.name)) {
    let dir = s.cwd;
    let verb: string | undefined;
    for (let i = 1; i < words.length; i++) {
      const w = words[i];
      if (w === null) return;
      if (w.startsWith('-chdir=')) dir = normalize(absPath(w.slice(7), s.cwd, env.home));
      else if (!w.startsWith('-')) {
        verb = w;
        break;
      }
    }
    if (verb === undefined || !TF_DATA_VERBS.test(verb) || !env.listDir) return;
    const names = [...(env.listDir(dir) ?? []).filter((e) => !e.dir && /\.tf(\.json)?$/.test(e.name)).map((e) => `${dir}/${e.name}`)];
    for (const f of contents?.keys() ?? []) if (f.startsWith(`${dir}/`) && /\.tf(\.json)?$/.test(f) && !f.slice(dir.length + 1).includes('/')) names.push(f);
    for (const f of names.slice(0, 64)) {
      const t = read(f);
      if (t === null) s.why ??= `${f} was written on this line with text only known at run time, and terraform ${verb} reads it`;
      const m = typeof t === 'string' ? TF_RUNS.exec(t) : null;
      if (m)
        s.why ??= `${f} holds ${m[0].replace(/\s+/g, ' ').replace(/[":]/g, '').trim()} block: terraform ${verb} runs its program, which the guard does not judge`;
    }
    return;
  }
  if (s.name === 'prisma' && words.includes('generate')) {
    // `prisma generate` runs each generator's provider: a package name is installed code; a command (`node
    // ./x.js`, `sh -c …`) or a path is a program of the schema, which the guard does not judge.
    const at = words.findIndex((w) => w === '--schema' || (w !== null && w.startsWith('--schema=')));
    const v = at < 0 ? undefined : words[at] === '--schema' ? words[at + 1] : words[at]!.slice(9);
    if (v === null) return void (s.why ??= 'prisma generate with a schema only known at run time runs its generators');
    const files = v !== undefined ? [v] : ['prisma/schema.prisma', 'schema.prisma'];
    for (const f of files) {
      const t = read(normalize(absPath(f, s.cwd, env.home)));
      if (t === null) s.why ??= `${f} was written on this line with text only known at run time, and prisma generate runs its generators`;
      for (const m of typeof t === 'string' ? t.matchAll(/^\s*provider\s*=\s*"([^"]*)"/gm) : [])
        if (/[\s/]/.test(m[1]) || m[1].startsWith('.')) s.why ??= `${f} has a generator whose provider is a command (${m[1]}): prisma generate runs it`;
    }
    return;
  }
  if (/^(node|nodejs)$/.test(s.name)) {
    // `--env-file F` sets the environment before Node starts its modules: a NODE_OPTIONS there (`--require ./x.js`)
    // loads code first. `--experimental-config-file F` (or node.config.json) can name modules to preload too.
    for (let i = 1; i < words.length; i++) {
      const w = words[i];
      if (w === null || !w.startsWith('-')) break;
      const m = /^--(env-file|env-file-if-exists|experimental-config-file)(?:=(.*))?$/.exec(w);
      const dflt = w === '--experimental-default-config-file' ? 'node.config.json' : undefined;
      if (!m && !dflt) continue;
      const v = dflt ?? m![2] ?? words[++i];
      if (v === null || v === undefined) {
        s.why ??= `node ${w} takes settings from a file only known at run time`;
        continue;
      }
      const f = normalize(absPath(v, s.cwd, env.home));
      const t = read(f);
      const env_ = m?.[1].startsWith('env-file');
      if (typeof t !== 'string') {
        if (t === null || (!inWorkspace(f, env) && !(env_ && env.exists?.(f) === false)))
          s.why ??= `node ${w.split('=')[0]} ${v}: settings the guard cannot read may make Node load code first`;
        continue;
      }
      if (
        env_
          ? /^[ \t]*(?:export[ \t]+)?NODE_(?:OPTIONS|PATH)[ \t]*=/m.test(t)
          : /"(?:require|import|loader|experimental-loader|experimental-default-config-file)"\s*:/.test(t)
      )
        s.why ??= `node ${w.split('=')[0]} ${v}: the file makes Node load modules before the program (${env_ ? 'NODE_OPTIONS/NODE_PATH' : 'preload options'})`;
    }
    return;
  }
  if (/^php[\d.]*$/.test(s.name)) {
    // PHP_INI_SCAN_DIR: every .ini file in those folders is read after php.ini.
    const scan = s.assigns.PHP_INI_SCAN_DIR;
    if (scan === null) s.why ??= 'PHP_INI_SCAN_DIR names folders only known at run time, whose .ini files may load code';
    else if (scan !== undefined)
      for (const d of scan.split(':')) {
        if (!d) continue;
        const dir = normalize(absPath(d, s.cwd, env.home));
        if (!inWorkspace(dir, env)) {
          s.why ??= `PHP_INI_SCAN_DIR=${scan}: .ini files the guard does not read may load code`;
          continue;
        }
        for (const e of env.listDir?.(dir) ?? []) {
          const t = !e.dir && /\.ini$/.test(e.name) ? read(`${dir}/${e.name}`) : undefined;
          for (const m of typeof t === 'string' ? t.matchAll(PHP_INI_LOADS) : [])
            if (m[2].trim()) s.why ??= `${dir}/${e.name} (PHP_INI_SCAN_DIR) sets ${m[1]}=${m[2].trim()}: php loads it before the script`;
        }
      }
    for (let i = 1; i < words.length; i++) {
      const w = words[i];
      if (w === null || w === '--' || !w.startsWith('-')) continue;
      const v = w === '-c' || w === '--php-ini' ? words[++i] : /^-c./.test(w) ? w.slice(2) : /^--php-ini=/.test(w) ? w.slice(10) : undefined;
      if (v === undefined) continue;
      if (v === null) {
        s.why ??= 'php -c takes its settings from a file only known at run time';
        continue;
      }
      let f = normalize(absPath(v, s.cwd, env.home));
      if (env.isDir?.(f) === true) f = `${f}/php.ini`;
      const t = read(f);
      if (t === null) s.why ??= `php -c ${v}: written on this line with text only known at run time`;
      for (const m of typeof t === 'string' ? t.matchAll(PHP_INI_LOADS) : []) {
        if (m[1].endsWith('extension')) s.why ??= `php -c ${v} loads the native extension ${m[2]}, code the guard does not read`;
        else if (m[2].trim())
          s.acc = [
            ...s.acc,
            { op: 'exec', w: undefined, p: m[2].trim(), how: `php -c ${v} (${m[1]})`, flags: 0, base: undefined, to: undefined, names: undefined },
          ];
      }
    }
  }
}

/** Code the program loads or runs beyond what its row reads (loaders.ts): judged as runs of those files. */
function addLoadedCode(s: Sub): void {
  const start = s.words.findIndex((w) => w.value !== null && normName(w.value) === s.name);
  const stdin = s.stdin.kind === 'file' ? (s.stdin.path.value ?? undefined) : undefined;
  const l = loadedCode(
    s.name!,
    s.words.slice(start < 0 ? 0 : start).map((w) => w.value),
    s.assigns,
    stdin,
  );
  if (!l) return;
  if (l.why !== undefined) s.why ??= l.why;
  // Written to a file or run in the background, an endless stream is the disk-fill rule's business.
  if (l.endless !== undefined && !s.redirects.some((r) => r.op.startsWith('>') || r.op.startsWith('&>'))) s.why ??= l.endless;
  if (l.exec.length)
    s.acc = [
      ...s.acc,
      ...l.exec.map((p) => ({
        op: 'exec' as const,
        w: undefined,
        p,
        how: `${s.name} (loads ${p} as code)`,
        flags: 0,
        base: undefined,
        to: undefined,
        names: undefined,
      })),
    ];
}

/**
 * A program run on file names from its input (`echo x.py | xargs python3`, `find scripts -exec python3 {} +`):
 * names the line shows are runs of those files; names only known at run time are unseen code.
 */
function inputRuns(s: Sub): readonly Access[] {
  let out: Access[] | undefined;
  for (const acc of s.acc) {
    // `xargs -I{} sh {}`: the replace string stands for the input word the unwrapper appended.
    const w = acc.op === 'exec' && acc.w?.value === '{}' ? (s.words.find((x) => x.fromInput) ?? acc.w) : acc.w;
    if (acc.op !== 'exec' || !w?.fromInput || w.value !== null || w.path !== undefined) continue;
    if (w.input?.kind === 'words') (out ??= [...s.acc]).push(...w.input.words.map((p) => ({ ...acc, w: undefined, p })));
    else s.why ??= `${s.name} runs the files its input names (${w.text}), code the guard cannot see`;
  }
  return out ?? s.acc;
}

/** The interpreter a `#!` line names: `#!/bin/sh` → sh, `#!/usr/bin/env -S python3 -u` → python3. */
const SHEBANG = /^#!\s*(?:\S*\/)?(?:env\s+(?:-\S+\s+)*)?([\w.+-]+)/;

/**
 * A `#!` line that gives its interpreter options, as the command it is (`/usr/bin/env -S perl -Ilib -MX`); undefined
 * for a bare interpreter (`#!/bin/sh`, `#!/usr/bin/env python3`), which adds nothing to running the file.
 */
function shebangOptions(text: string): string | undefined {
  const line = /^#!([^\n]*)/.exec(text)?.[1].trim();
  if (!line) return undefined;
  const words = line.split(/\s+/);
  const viaEnv = /(?:^|\/)env$/.test(words[0]);
  const rest = words.slice(1);
  if (viaEnv ? rest.length <= 1 && !rest.some((w) => w.startsWith('-')) : rest.length === 0) return undefined;
  return line;
}

/** At most this many files are read from disk for one command line (a script that runs itself stops here). */
const MAX_SCRIPT_READS = 8;

interface DiskReads {
  left: number;
  seen: Set<string> | undefined;
  /** Texts read, with what was run from them (`file\0key`): the same file run another way is judged again. */
  texts?: Map<string, string | false | undefined>;
  runs?: Set<string>;
}

/** Installed code, not the project's: a dependency's own scripts are the supply chain's business (rules/supply.ts). */
const INSTALLED = /\/(node_modules|\.venv|venv|site-packages|vendor)\//;

/**
 * A script's text from disk, for a file the line runs that the workspace or scratch space holds (where an agent
 * could have written it with an earlier, ordinary edit). undefined: not read (elsewhere, installed code, absent,
 * not text, already read for this line, or the reads for this line are spent); false: it cannot be judged.
 */
function readDiskScript(env: CommandEnv, target: string, disk: DiskReads, key?: string | true): string | false | undefined {
  if (!env.readScript || !(inWorkspace(target, env) || inTmp(target)) || INSTALLED.test(target)) return undefined;
  if (key !== undefined && disk.seen?.has(target)) {
    // `true`: the file names several things run (a loop's values, `for t in all wipe; do make $t`): each use is
    // judged with the text read the first time.
    if (key === true) return disk.texts?.get(target);
    // A file whose scripts or goals are run by name (`make -n clean && make clean`, `npm run a` in script b): what
    // one run judged is not what another runs, so only the same run of the same file counts as already judged.
    const run = `${target}\0${key}`;
    if (disk.runs?.has(run)) return undefined;
    (disk.runs ??= new Set()).add(run);
    if (disk.left <= 0) return false;
    disk.left--;
    return disk.texts?.get(target);
  }
  if (disk.seen?.has(target)) return undefined;
  if (disk.left <= 0) return false;
  disk.left--;
  (disk.seen ??= new Set()).add(target);
  const text = env.readScript(target, MAX_SCRIPT_BYTES);
  (disk.texts ??= new Map()).set(target, text);
  if (typeof key === 'string') (disk.runs ??= new Set()).add(`${target}\0${key}`);
  return text;
}

/** A write, delete or move by a program of the project, of a file named by a literal first argument (JavaScript, Python). */
const LITERAL_WRITE =
  /\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|outputFileSync|outputFile|truncateSync|unlinkSync|unlink|rmSync|renameSync|copyFileSync|symlinkSync|os\.(?:remove|unlink|rename|replace|truncate))\s*\(\s*(['"`])([^'"`\n$]+)\1|\bopen\s*\(\s*(['"])([^'"\n]+)\3\s*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]/g;

/** Library calls in a program of the project that delete a directory tree. */
const TREE_DELETE_API =
  /\b(?:shutil\.rmtree|rmtree|remove_tree|FileUtils\.rm_r[f]?|rm_rf|rimraf(?:\.sync|Sync)?|fse?\.(?:remove|emptyDir)(?:Sync)?)\s*\(|\b(?:rmSync|rmdirSync|rm|rmdir|Deno\s*\.\s*remove(?:Sync)?)\s*\([^)]*recursive\s*:\s*true/;

/**
 * Text from the project's files on disk, walked as commands in `cwd`. What it is seen to do is judged as the
 * line's own (a delete, a read of a secret, a push); what the guard cannot follow inside it (a `cd` into
 * `$(dirname "$0")`, an argument `$1`, a construct the parser does not read) stays as it was before the guard
 * read the file — the project's own code, run by name — so reading a script never makes a call less safe,
 * and everyday scripts are not asked about for what nobody can know before they run.
 */
function projectText(a: Analyzer, text: string, via: string, cwd: string | null): void {
  const s0 = a.subs.length;
  const e0 = a.errors.length;
  a.reparse(text, { via: [via], cwd: { value: cwd, old: undefined, vars: undefined }, remote: false, depth: 1, src: text }, 'script');
  a.errors.length = e0;
  for (let i = s0; i < a.subs.length; i++) {
    (a.fromDisk ??= new Set()).add(a.subs[i].index);
    a.subs[i].meta = { ...a.subs[i].meta, fromFile: true };
  }
}

/**
 * A program of the project on disk: what it is seen to do (a tree delete, a literal shell command, a write of a
 * literal file name), not every call the inline-code reader refuses (`import os` is in every manage.py). `recipes`:
 * a task runner's file, whose runner idioms (`sh "…"`, `c.run("…")`, `session.run("rm", "-rf", …)`, doit's
 * `actions`, SCons' `Execute`/`Command`/`Delete`) are shell commands too.
 */
function projectProgram(a: Analyzer, s: Sub, text: string, target: string, cwd: string | null, recipes: boolean): void {
  const d = TREE_DELETE_API.exec(text) ?? (recipes ? RECIPE_TREE_DELETE.exec(text) : null);
  if (d) note(a, s, `${target} (on disk) deletes a directory tree (${d[0].replace(/\s*\($/, '').trim()})`);
  for (const literal of shellOuts(text).literals) projectText(a, literal, `a command ${target} runs`, cwd);
  if (recipes) for (const literal of recipeCommands(text)) projectText(a, literal, `a command ${target} runs`, cwd);
  // Files it writes by a literal name (`fs.writeFileSync('.agentguard.yaml', …)`, `open('tests/a.py', 'w')`):
  // judged by the path rules as the line's own writes.
  for (const m of text.matchAll(LITERAL_WRITE)) {
    const p = m[2] ?? m[4];
    if (p) s.acc = [...s.acc, { op: 'write', w: undefined, p, how: `${target} (writes)`, flags: 0, base: undefined, to: undefined, names: undefined }];
  }
}

/** Tree deletes in a Rakefile or SConstruct written without parentheses (`rm_rf 'build'`, `Delete('build')`). */
const RECIPE_TREE_DELETE = /\b(?:(?:FileUtils\.)?(?:rm_rf|rm_r|remove_dir|rmtree)\s+['"%:]|Delete\s*\()/;
/** A quoted literal (single or double quotes, escapes kept as written). */
const QUOTED = /(['"])((?:\\.|(?!\1)[^\\\n])*)\1/g;
/** A call of a runner's shell helper with literal arguments: `sh "…"`, `c.run("…")`, `session.run("rm", "-rf", "x")`, `Execute("…")`. */
const RECIPE_CALL =
  /\b(?:sh|ruby|system|run|run_always|run_install|sudo|local|Execute|CmdAction)\s*\(?\s*((?:(['"])(?:\\.|(?!\2)[^\\\n])*\2\s*,\s*)*(['"])(?:\\.|(?!\3)[^\\\n])*\3)/g;
/** doit's task actions (`'actions': ['rm -rf build', ['rm', '-rf', 'x']]`) and SCons' `Command(target, source, "…")`. */
const DOIT_ACTIONS = /(['"])actions\1\s*:\s*\[((?:[^[\]]|\[[^[\]]*\])*)\]/g;
const SCONS_COMMAND = /\bCommand\s*\(([^()]*)\)/g;

/** The shell commands a task runner's file spells out with literal words. */
function recipeCommands(text: string): string[] {
  const out: string[] = [];
  const strings = (t: string) => [...t.matchAll(QUOTED)].map((m) => m[2].replace(/\\(["'\\])/g, '$1'));
  for (const m of text.matchAll(RECIPE_CALL)) out.push(strings(m[1]).join(' '));
  for (const m of text.matchAll(DOIT_ACTIONS)) {
    // A nested list is one argv; a string alone is a shell command line.
    for (const l of m[2].matchAll(/\[([^[\]]*)\]/g)) out.push(strings(l[1]).join(' '));
    out.push(...strings(m[2].replace(/\[[^[\]]*\]/g, ' ')));
  }
  for (const m of text.matchAll(SCONS_COMMAND)) out.push(...strings(m[1]).filter((x) => x.includes(' ')));
  return out;
}

/**
 * Task runners whose recipe file is a program (Python, Ruby) they load whole on every run, listing included:
 * `rake`, `invoke`, `nox`, `doit`, `scons`. The file is found as the runner finds it (the folder, then upward in
 * the workspace), or named by an option; it is judged as a program of the project (projectProgram), whatever
 * the task: what one task of it is seen to do, any run of the file may do (module code runs at every load, and
 * one task calls another's helpers). A file outside the workspace is code nobody has seen: unknown.
 */
const CODE_RECIPES: Record<
  string,
  { files: readonly string[]; file: readonly string[]; dir: readonly string[]; module?: readonly string[]; tasks?: 'words' | readonly string[] }
> = {
  rake: { files: ['rakefile', 'Rakefile', 'rakefile.rb', 'Rakefile.rb'], file: ['-f', '--rakefile'], dir: ['-C', '--directory'] },
  invoke: { files: ['tasks.py'], file: [], dir: ['-r', '--search-root'], module: ['-c', '--collection'], tasks: 'words' },
  nox: { files: ['noxfile.py'], file: ['-f', '--noxfile'], dir: [], tasks: ['-s', '--session', '--sessions', '-e'] },
  doit: { files: ['dodo.py'], file: ['-f', '--file'], dir: ['-d', '--dir'] },
  scons: {
    files: ['SConstruct', 'Sconstruct', 'sconstruct', 'SConstruct.py', 'Sconstruct.py', 'sconstruct.py'],
    file: ['-f', '--file', '--makefile', '--sconstruct'],
    dir: ['-C', '--directory'],
  },
};
CODE_RECIPES.inv = CODE_RECIPES.invoke;

function judgeCodeRecipes(a: Analyzer, s: Sub, env: CommandEnv, disk: DiskReads): void {
  const spec = Object.hasOwn(CODE_RECIPES, s.name ?? '') ? CODE_RECIPES[s.name!] : undefined;
  const start = s.words.findIndex((w) => w.value !== null && normName(w.value) === s.name);
  if (!spec || start < 0) return;
  let file: string | undefined;
  let dir = s.cwd!;
  const ws = s.words;
  // The tasks the line names (invoke's words, nox's -s values); undefined: every task may run (none named, a name
  // only known at run time, an option that picks tasks by other means).
  let tasks: string[] | undefined = spec.tasks ? [] : undefined;
  let listing = false;
  for (let i = start + 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === '--') break;
    if (v === null) {
      tasks = undefined; // a task name only known at run time: the whole file is judged
      continue;
    }
    const eq = v.indexOf('=');
    // `--file=X`, and a short option with its value attached (`-fX`, `-CDIR`).
    const glued = !v.startsWith('--') && v.length > 2 && v[0] === '-' && [...spec.file, ...spec.dir, ...(spec.module ?? [])].includes(v.slice(0, 2));
    const opt = v.startsWith('--') && eq > 0 ? v.slice(0, eq) : glued ? v.slice(0, 2) : v;
    if (tasks && spec.tasks !== 'words' && spec.tasks?.includes(opt)) {
      if (opt !== v) tasks.push(...v.slice(eq + 1).split(','));
      else while (ws[i + 1]?.value && !ws[i + 1].value!.startsWith('-')) tasks.push(ws[++i].value!);
      continue;
    }
    if (tasks && spec.tasks === 'words' && !v.startsWith('-')) {
      tasks.push(v);
      continue;
    }
    if (tasks && spec.tasks !== 'words' && /^(-k|--keywords|-t|--tags)$/.test(opt)) tasks = undefined;
    // Listing loads the file (its module code runs) and runs no task.
    if (tasks && /^(-l|--list|--list-sessions)$/.test(opt)) listing = true;
    const kind = spec.file.includes(opt) ? 'file' : spec.dir.includes(opt) ? 'dir' : spec.module?.includes(opt) ? 'module' : undefined;
    if (kind === undefined) continue;
    const val = glued ? v.slice(2) : opt !== v ? v.slice(eq + 1) : ws[++i]?.value;
    if (val === null || val === undefined) {
      s.why ??= `${s.name} ${opt} names its recipe file or folder with a word only known at run time`;
      return;
    }
    if (kind === 'dir') dir = normalize(absPath(val, s.cwd!, env.home));
    else file = kind === 'module' ? `${val.replace(/\./g, '/')}.py` : val;
  }
  const found: string[] = [];
  if (file !== undefined) found.push(normalize(absPath(file, dir, env.home)));
  else
    for (let d = dir; ;) {
      for (const f of spec.files) found.push(`${d === '/' ? '' : d}/${f}`);
      const up = d.slice(0, d.lastIndexOf('/')) || '/';
      if (up === d || !inWorkspace(up, env) || !inWorkspace(d, env)) break;
      d = up;
    }
  for (const target of found) {
    if (!inWorkspace(target, env)) {
      if (file !== undefined || env.exists?.(target) !== false) {
        s.why ??= `\`${s.text.slice(0, 80)}\` runs ${target}, a recipe file outside the workspace the guard has not seen`;
        return;
      }
      continue;
    }
    const text = readDiskScript(env, target, disk);
    if (text === false) {
      s.why ??= `${target} cannot be read whole, so what \`${s.text.slice(0, 80)}\` runs is not known`;
      return;
    }
    if (text === undefined) continue;
    // No task named: invoke runs its default task (or lists them), nox every session unless it only lists.
    const picked = tasks && (tasks.length || listing || spec.tasks === 'words') ? pythonTasks(text, listing ? [] : tasks) : undefined;
    projectProgram(a, s, picked ?? text, target, target.slice(0, target.lastIndexOf('/')) || '/', true);
    return;
  }
}

/** A top-level Python function with its decorators: `@task(pre=[clean])\ndef build(c):` and its indented body. */
const PY_DEF = /^(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(/;

/**
 * The part of a Python task file that runs for the named tasks: the module's own code (it runs at every load), the
 * tasks' functions with their decorators (`pre=[clean]` names one that runs first), and every top-level function
 * they name, transitively (a helper one calls; module code pulls in the functions it calls). undefined when a named
 * task has no function of that name (a `name=` alias, a sub-collection): then the whole file counts.
 */
function pythonTasks(text: string, names: readonly string[]): string | undefined {
  const lines = text.split('\n');
  const defs = new Map<string, string>();
  let module = '';
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && lines[j].startsWith('@')) j++;
    const m = j < lines.length ? PY_DEF.exec(lines[j]) : null;
    if (!m) {
      // Decorators with no function after them, or module code (a multi-line statement's indented rest included).
      module += lines.slice(i, j + 1).join('\n') + '\n';
      i = j + 1;
      continue;
    }
    let k = j + 1;
    while (k < lines.length && (lines[k].trim() === '' || /^[\s#)\]}]/.test(lines[k]))) k++;
    defs.set(m[1], lines.slice(i, k).join('\n'));
    i = k;
  }
  const want: string[] = [];
  // No name: the tasks marked as the default (`@task(default=True)`) run.
  if (names.length === 0) for (const [n, body] of defs) if (/^@[\w.]*task\([^)]*\bdefault\s*=\s*True/m.test(body)) want.push(n);
  for (const n of names) {
    // nox: `tests-3.12`, `tests(python='3.12')` are the parametrized runs of `tests`; invoke: `build-docs` is build_docs.
    const fn = n
      .replace(/\(.*$/, '')
      .replace(/-\d[\w.]*$/, '')
      .replace(/-/g, '_');
    if (!defs.has(fn)) return undefined;
    want.push(fn);
  }
  const taken = new Set<string>();
  let out = module;
  const pull = (t: string, calledOnly: boolean) => {
    for (const n of defs.keys()) if (!taken.has(n) && new RegExp(`\\b${n}\\b${calledOnly ? '\\s*\\(' : ''}`).test(t)) queue.push(n);
  };
  const queue = want.slice();
  pull(module, true);
  while (queue.length) {
    const n = queue.pop()!;
    if (taken.has(n)) continue;
    taken.add(n);
    const body = defs.get(n)!;
    out += body + '\n';
    pull(body, false);
  }
  return out;
}

/**
 * What a package manager or make runs by name: the package.json scripts (`npm test`, `yarn build`, an
 * install's lifecycle scripts) and the Makefile recipes (`make clean`), walked as command lines in the folder
 * they run in. A file that exists but cannot be read is an unknown; a file that does not parse runs nothing.
 */
function judgeProjectScripts(a: Analyzer, s: Sub, env: CommandEnv, disk: DiskReads, contents?: Map<string, string | null>): void {
  const name = s.name;
  if (name === 'just' || name === 'task' || name === 'go-task') return judgeRecipes(a, s, env, disk);
  if (name !== null && Object.hasOwn(CODE_RECIPES, name)) return judgeCodeRecipes(a, s, env, disk);
  if (name !== 'npm' && name !== 'yarn' && name !== 'pnpm' && name !== 'bun' && !MAKE_NAMES.has(name ?? '') && !SCRIPT_RUNNERS.has(name ?? '')) return;
  const start = s.words.findIndex((w) => w.value !== null && normName(w.value) === name);
  if (start < 0) return;
  const words = s.words.slice(start);
  // A word whose path the guard knows (`make -C "$PWD"`, `-f "$PWD/Makefile"`) is that path.
  // A job count only known at run time (`make -j$(nproc)`) is some number: read as 1, what it is does not pick the recipes.
  const known = words.map((w, i) => w.value ?? w.path ?? (jobCountWord(words, i) ? w.text.replace(/^(-[jl]|--[a-z-]+=)?[\s\S]*$/, '$11') : null));
  if (known.some((v) => v === null)) return; // which script runs is only known at run time: the model asks
  const argv = known as string[];
  const cwd = s.cwd!;
  const run = (lines: readonly string[], dir: string, label: (i: number) => string) => lines.forEach((line, i) => projectText(a, line, label(i), dir));
  const pkg = packageScriptsRun(argv);
  if (
    pkg &&
    pkg.dir &&
    foreignProject(a, s, env, normalize(absPath(pkg.dir, cwd, env.home)), ['package.json'], (text, dir, file) => {
      const scripts = packageScriptLines(text, pkg.names) ?? [];
      run(
        scripts.map((x) => x.line),
        dir,
        (i) => `the package.json script "${scripts[i].name}" of ${file}`,
      );
    })
  )
    return;
  if (pkg) {
    // The nearest package.json at or above the folder, inside the workspace (npm's own search, bounded).
    for (let dir = normalize(absPath(pkg.dir || '.', cwd, env.home)); ;) {
      const file = `${dir === '/' ? '' : dir}/package.json`;
      const text = readDiskScript(env, file, disk, pkg.names.join(' '));
      if (text === false) {
        s.why ??= `${file} cannot be read whole, so the scripts \`${s.text.slice(0, 80)}\` runs are not known`;
        return;
      }
      if (text !== undefined) {
        const scripts = packageScriptLines(text, pkg.names) ?? [];
        run(
          scripts.map((x) => x.line),
          dir,
          (i) => `the package.json script "${scripts[i].name}"`,
        );
        return;
      }
      const up = dir.slice(0, dir.lastIndexOf('/')) || '/';
      if (up === dir || !inWorkspace(up, env)) return;
      dir = up;
    }
  }
  // A dry run (`make -n`) still reads the makefiles, and runs what they call while it reads them.
  const mk = withoutDryRun(argv);
  const make = makeRun(mk.argv);
  if (!make) {
    if (MAKE_NAMES.has(name ?? '')) s.why ??= `make with options the guard does not read (${s.text.slice(0, 80)}): which makefiles it reads is not known`;
    return;
  }
  // The makefiles' text (MAKEFILES, then the makefile, with what they include), judged as make reads it.
  const makeText = (text: string, dir: string, file: string, line: boolean) => {
    const texts = [text];
    const extra: string[] = [];
    const mf = make.vars.MAKEFILES ?? s.assigns.MAKEFILES ?? a.exported?.MAKEFILES;
    if (mf === null) s.why ??= 'MAKEFILES is only known at run time: which makefiles make reads cannot be told';
    else if (mf) extra.push(...mf.split(/\s+/).filter(Boolean));
    const queue: { text: string; file: string; line: boolean }[] = [{ text, file, line }];
    for (const f of extra) {
      // A makefile MAKEFILES names is read before the project's (its `.DEFAULT_GOAL` and rules can replace the goal):
      // one git does not hold as committed (an earlier call's) is a definition nobody judged.
      const got = readMake(f, false);
      for (const g of got)
        if (!g.line && agentScript(a, g.file)) s.why ??= `MAKEFILES names ${g.file}, not committed as it is (it may be the agent's own): make reads it first`;
      queue.push(...got);
    }
    function readMake(f: string, optional: boolean): { text: string; file: string; line: boolean }[] {
      if (/\$[({]/.test(f)) {
        s.why ??= `a makefile included by a name only known while make runs (${f})`;
        return [];
      }
      const abs = normalize(absPath(f, dir, env.home));
      if (contents?.has(abs)) {
        const t = contents.get(abs)!;
        if (t === null) s.why ??= `${abs} was written on this line with text only known at run time, and make reads it`;
        return t === null ? [] : [{ text: t, file: abs, line: true }];
      }
      const t = readDiskScript(env, abs, disk, true);
      if (t === false || (t === undefined && env.exists?.(abs) === true && !inWorkspace(abs, env) && !inTmp(abs)))
        s.why ??= `${abs} is a makefile make reads that the guard cannot read`;
      else if (t === undefined && !optional && env.exists?.(abs) !== true && !disk.seen?.has(abs)) s.why ??= `${abs}, a makefile make reads, is not on disk`;
      return typeof t === 'string' ? [{ text: t, file: abs, line: false }] : [];
    }
    for (let i = 0; i < queue.length && i < 16; i++) {
      const q = queue[i];
      if (i > 0) texts.push(q.text);
      const p = makeParse(q.text);
      if (p.opaque !== undefined) note(a, s, `${q.file}: ${p.opaque}`);
      for (const c of p.commands)
        if (q.line) lineText(a, c, `a $(shell …) make runs reading ${q.file}`, dir);
        else projectText(a, c, `a $(shell …) make runs reading ${q.file}`, dir);
      for (const inc of p.includes) queue.push(...readMake(inc.file, inc.optional));
    }
    const recipes = makeRecipes(texts.join('\n'), make.goals, make.vars, mk.dry);
    if (line) for (const r of recipes) lineText(a, r, `a recipe of ${file}`, dir);
    else run(recipes, dir, () => `a recipe of ${file}`);
  };
  if (
    make.dir &&
    foreignProject(
      a,
      s,
      env,
      normalize(absPath(make.dir, cwd, env.home)),
      make.file ? [make.file] : ['GNUmakefile', 'makefile', 'Makefile'],
      (text, dir, file) => makeText(text, dir, file, false),
    )
  )
    return;
  const dir = normalize(absPath(make.dir || '.', cwd, env.home));
  for (const f of make.file ? [make.file] : ['GNUmakefile', 'makefile', 'Makefile']) {
    const file = normalize(absPath(f, dir, env.home));
    if (contents?.has(file)) {
      const t = contents.get(file)!;
      if (t === null) s.why ??= `${file} was written on this line with text only known at run time, and make reads it`;
      else makeText(t, dir, file, true);
      return;
    }
    const text = readDiskScript(env, file, disk, JSON.stringify([make.goals, make.vars, mk.dry]));
    if (text === false) {
      s.why ??= `${file} cannot be read whole, so the recipes \`${s.text.slice(0, 80)}\` runs are not known`;
      return;
    }
    if (text === undefined) continue;
    makeText(text, dir, file, false);
    return;
  }
}

/**
 * `just` and `task`: the recipes they run, read from the justfile or Taskfile (found from the folder upward, as the
 * runners search, within the workspace) and walked as command lines in the file's folder. A recipe file outside the
 * workspace is read when it can be (a scratch file the line did not show is asked about by its exec effect); one
 * that cannot be read or followed (an import, another interpreter) is an unknown.
 */
function judgeRecipes(a: Analyzer, s: Sub, env: CommandEnv, disk: DiskReads): void {
  const start = s.words.findIndex((w) => w.value !== null && normName(w.value) === s.name);
  if (start < 0) return;
  const words = s.words.slice(start);
  if (words.some((w) => w.value === null)) {
    s.why ??= `${s.name} with a word only known at run time: which recipes run is not known`;
    return;
  }
  const argv = words.map((w) => w.value!);
  const just = s.name === 'just';
  const r: RecipeRun | undefined = just ? justRun(argv) : taskRun(argv);
  if (!r) return;
  const what = just ? 'justfile' : 'Taskfile';
  const parse = (text: string): RecipeLines => (just ? justRecipes(text, r.names) : taskfileCommands(text, r.names));
  const judge = (text: string, file: string) => {
    const dir = r.dir && r.file ? normalize(absPath(r.dir, s.cwd!, env.home)) : file.slice(0, file.lastIndexOf('/')) || '/';
    const got = parse(text);
    if (got.opaque !== undefined) s.why ??= `${file}: ${got.opaque}`;
    for (const line of got.lines) projectText(a, line, `a recipe of ${file}`, dir);
  };
  const base = normalize(absPath(r.dir || '.', s.cwd!, env.home));
  if (r.file) {
    const file = normalize(absPath(r.file, r.dir && !just ? base : s.cwd!, env.home));
    const text = inWorkspace(file, env) ? readDiskScript(env, file, disk, true) : env.readScript?.(file, MAX_SCRIPT_BYTES);
    if (typeof text === 'string') judge(text, file);
    else s.why ??= `\`${s.text.slice(0, 80)}\` runs the recipes of ${file}, which the guard cannot read`;
    return;
  }
  // The nearest recipe file at or above the folder: inside the workspace, as the runner finds it; a folder outside
  // it is read there only.
  for (let dir = base; ;) {
    for (const f of just ? JUST_FILES : TASK_FILES) {
      const file = `${dir === '/' ? '' : dir}/${f}`;
      const text = inWorkspace(file, env) ? readDiskScript(env, file, disk, true) : env.readScript?.(file, MAX_SCRIPT_BYTES);
      if (text === false) {
        s.why ??= `${file} cannot be read whole, so the recipes \`${s.text.slice(0, 80)}\` runs are not known`;
        return;
      }
      if (text !== undefined) return judge(text, file);
    }
    const up = dir.slice(0, dir.lastIndexOf('/')) || '/';
    if (!inWorkspace(dir, env)) {
      s.why ??= `\`${s.text.slice(0, 80)}\` runs what ${base}, a folder outside the workspace the guard cannot read, defines in its ${what}`;
      return;
    }
    if (up === dir || !inWorkspace(up, env)) return;
    dir = up;
  }
}

/**
 * A package manager or make pointed at a folder outside the workspace (`npm test --prefix /tmp/p`, `yarn --cwd`,
 * `make -C /tmp/p`): that folder's package.json or Makefile decides what runs. Read when it can be (like the
 * workspace's own); a file the guard cannot read is an unknown. Returns false for a folder inside the workspace.
 */
function foreignProject(
  a: Analyzer,
  s: Sub,
  env: CommandEnv,
  dir: string,
  files: readonly string[],
  judge: (text: string, dir: string, file: string) => void,
): boolean {
  if (inWorkspace(dir, env)) return false;
  for (const f of files) {
    const file = normalize(absPath(f, dir, env.home));
    const text = env.readScript?.(file, MAX_SCRIPT_BYTES);
    if (typeof text === 'string') {
      judge(text, dir, file);
      return true;
    }
  }
  s.why ??= `\`${s.text.slice(0, 80)}\` runs what ${dir}, a folder outside the workspace the guard cannot read, defines`;
  return true;
}

/**
 * What cannot be accounted for in a sub-command: its own unknown, or, for one read from a project file (whose
 * unknowns are dropped: the project's own code, run by name), a finding of the line's own.
 */
function note(a: Analyzer, s: Sub, why: string): void {
  if (a.fromDisk?.has(s.index)) a.findings.push({ rule: 'exec.unmodelled', category: 'exec', tier: 'unknown', subcommand: s.text, explanation: why, sub: -1 });
  else s.why ??= why;
}

/**
 * Program text the sub-command runs, in `lang`. From disk (`onDisk`), the project's code run by name: what it is
 * seen to do (a tree delete, a literal shell command, a literal write), not every call the inline-code reader
 * refuses (`import os` is in every manage.py). Written on this line: code the line shows, judged like an inline
 * program (what is not proven harmless is unknown) and its literal shell commands walked as the line's own.
 */
function judgeProgramText(a: Analyzer, s: Sub, target: string, text: string, onDisk: boolean, lang: string, run = false): void {
  if (onDisk) {
    projectProgram(a, s, text, target, s.cwd, false);
    // A script git does not hold as committed may be the agent's own: a path, program or address it computes
    // is one nobody judged (`readFileSync(['.e','nv'].join(''))`).
    // Its literal (or constant: `path.join(__dirname, 'x')`) paths are judged by the path rules, as reads.
    if (run && agentScript(a, target)) {
      const c = scriptCalls(lang, text, target);
      if (c.why !== undefined) note(a, s, `${target} (not committed as it is) ${c.why}`);
      for (const p of c.paths)
        s.acc = [...s.acc, { op: 'read', w: undefined, p, how: `${target} (reads)`, flags: 0, base: undefined, to: undefined, names: undefined }];
    }
    return;
  }
  const v = judgeCode(lang, text);
  if (v.why !== undefined) note(a, s, `${target} (written on this line): ${v.why}`);
  // The destructive calls an inline program is judged for (rmSync, rmtree, an overwriting open…).
  const d = destructiveApi(text);
  if (d !== undefined) note(a, s, `${target} (written on this line): ${d}`);
  for (const literal of shellOuts(text).literals) lineText(a, literal, `a command ${target} runs`, s.cwd);
  for (const r of v.reads)
    s.acc = [...s.acc, { op: 'read', w: undefined, p: r, how: `${s.name} (reads)`, flags: 0, base: undefined, to: undefined, names: undefined }];
}

/** At most this many of the project's modules are followed from one file a line runs (the rest is the project's own). */
const MAX_MODULES = 48;

/**
 * The project's modules the file a line runs loads (modules.ts), followed transitively: one the line wrote is judged
 * as code it shows, one git does not hold as committed (an earlier call's, the agent's own) as a run of it, strictly;
 * one whose text is unknown or unreadable is an unknown. Committed modules are the project's own, followed only to
 * reach the ones they load. Python's module path is the script's folder, then PYTHONPATH.
 */
function followModules(
  a: Analyzer,
  s: Sub,
  env: CommandEnv,
  entry: string,
  text: string,
  lang: string,
  contents: Map<string, string | null> | undefined,
  more?: TestWalk,
): void {
  if (!followsModules(lang) || !env.exists || s.cwd === null) return;
  const cwd = s.cwd;
  const vars = a.exported === undefined ? s.assigns : { ...a.exported, ...s.assigns };
  const pp = vars.PYTHONPATH;
  const roots = [entry.slice(0, entry.lastIndexOf('/')) || '/'];
  // A test runner's own import path (pytest's rootdir-relative folders, the cwd of `python -m`): after the entry's folder.
  for (const r of more?.roots ?? []) if (!roots.includes(r)) roots.push(r);
  if (lang === 'python' && typeof pp === 'string') for (const d of pp.split(':')) if (d) roots.push(normalize(absPath(d, cwd, env.home)));
  const np = vars.NODE_PATH;
  if (lang === 'node' && typeof np === 'string') for (const d of np.split(':')) if (d) roots.push(normalize(absPath(d, cwd, env.home)));
  const seen = more?.seen ?? new Set<string>();
  seen.add(entry);
  const queue: { file: string; text: string }[] = [{ file: entry, text }];
  let left = MAX_MODULES;
  for (let i = 0; i < queue.length; i++) {
    for (const cands of localLoads(lang, queue[i].file, queue[i].text, roots)) {
      // A folder is not the module (`require('./lib')` loads lib/index.js, `lodash` on NODE_PATH shadow/lodash/index.js).
      const f = cands.find((c) => contents?.has(c) || (present(a, env, c) && env.isDir?.(c) !== true));
      if (f === undefined || seen.has(f) || INSTALLED.test(f) || !inWorkspace(f, env)) continue;
      seen.add(f);
      // A test run's walk shares one budget over all its entries; running out of it leaves modules unread: asked.
      if (more !== undefined ? --more.budget.left < 0 : --left < 0) {
        if (more !== undefined && more.budget.left === -1)
          note(a, s, `${more.runner} imports more than ${MAX_WALK_MODULES} modules of the project, more than the guard reads for one command`);
        return;
      }
      const how = `${f}, a module ${queue[i].file} loads`;
      if (contents?.has(f)) {
        const t = contents.get(f)!;
        if (t === null) note(a, s, `${how}, was written on this line with text only known at run time`);
        else {
          judgeProgramText(a, s, f, t, false, lang);
          queue.push({ file: f, text: t });
        }
        continue;
      }
      const changed = agentScript(a, f);
      // Under a test runner, a committed module is read for its imports up to a larger size (the project's big
      // modules, 100 KB and more, are common): one past that, or unreadable, hides what it imports.
      let t = env.readScript?.(f, more !== undefined && !changed ? MAX_WALK_BYTES : MAX_SCRIPT_BYTES);
      if (t === false && changed) note(a, s, `${how}, is not committed as it is and the guard cannot read it whole`);
      else if (t === false && more !== undefined) note(a, s, `${how}, cannot be read whole, so what ${more.runner} imports through it is unknown`);
      if (typeof t !== 'string') continue;
      if (changed) judgeProgramText(a, s, f, t, true, lang, true);
      queue.push({ file: f, text: t });
    }
  }
}

/** A test run's walk over the modules its entries import (judgeTestImports). */
interface TestWalk {
  /** The runner, for explanations. */
  runner: string;
  /** Import path folders after the entry's own (pytest's basedir, the cwd, the workspace root). */
  roots: readonly string[];
  /** Modules already reached from an earlier entry. */
  seen: Set<string>;
  /** Modules left to read over the whole run. */
  budget: { left: number };
}

/** Modules of the project one test run's walk reads (over all its entries): past this, the run is asked about. */
const MAX_WALK_MODULES = 4000;
/** A committed module is read for its imports up to this size under a test runner. */
const MAX_WALK_BYTES = 1024 * 1024;

/** Each analysis's folder listings (names), for present(). */
const LISTINGS = new WeakMap<Analyzer, Map<string, ReadonlySet<string> | null>>();

/**
 * Whether a module candidate is on disk: its folder's listing, read once per analysis (a test run resolves
 * thousands of candidates in a few hundred folders), or the path itself when the folder cannot be listed.
 */
function present(a: Analyzer, env: CommandEnv, file: string): boolean {
  const dir = file.slice(0, file.lastIndexOf('/')) || '/';
  const names = listing(a, env, dir);
  return names === null ? env.exists!(file) === true : names.has(file.slice(dir.length + (dir === '/' ? 0 : 1)));
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** A folder's names (null: it cannot be listed); one missing from its parent's listing in the workspace is empty. */
function listing(a: Analyzer, env: CommandEnv, dir: string): ReadonlySet<string> | null {
  let m = LISTINGS.get(a);
  if (!m) LISTINGS.set(a, (m = new Map()));
  let names = m.get(dir);
  if (names !== undefined) return names;
  const up = dir.slice(0, dir.lastIndexOf('/')) || '/';
  if (up !== dir && dir !== env.workspace && inWorkspace(up, env)) {
    const p = listing(a, env, up);
    if (p !== null && !p.has(dir.slice(up.length + (up === '/' ? 0 : 1)))) names = NO_NAMES;
  }
  if (names === undefined) {
    const ents = env.listDir?.(dir);
    names = ents ? new Set(ents.map((e) => e.name)) : null;
  }
  m.set(dir, names);
  return names;
}

/** Test files and setup files read for one test run (each then followed through its imports, MAX_WALK_MODULES over all). */
const MAX_TEST_ENTRIES = 1500;

/**
 * The workspace code a test runner imports (testimports.ts): the test files it collects under the paths given (or
 * its defaults), conftest.py, the setup files its options and configs name, each followed through its imports as a
 * script run by name is (followModules): a file the agent wrote or changed (git does not hold it as committed) is
 * judged strictly, so a module that reads a protected file by a computed name, runs a computed command or reaches
 * the network is asked about; committed files are the project's own, followed only to reach the changed ones.
 * Go and Rust test runs are judgeBuiltSources' (a changed source they build is asked about).
 */
function judgeTestImports(a: Analyzer, s: Sub, env: CommandEnv, contents: Map<string, string | null> | undefined, cfg: ConfigReads): void {
  if (s.name === null || s.cwd === null || s.remote || !env.exists) return;
  const start = s.words.findIndex((w) => w.value !== null && normName(w.value) === s.name);
  if (start < 0) return;
  const words = s.words.slice(start);
  const run = testRun(
    s.name,
    words.map((w) => w.value ?? ''),
  );
  if (!run) return;
  const cwd = s.cwd;
  const abs = (p: string) => normalize(absPath(p, cwd, env.home));
  const isDir = (p: string) => env.isDir?.(p) === true;
  const isFile = (p: string) => contents?.has(p) || (env.exists!(p) === true && !isDir(p));
  const entries = new Set<string>();
  const trees = new Set<string>();
  let paths = run.paths;
  if (paths.length === 0 && run.iniTestpaths)
    for (const ini of ['pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg']) {
      const t = configText(env, abs(ini), contents, cfg);
      if (
        typeof t?.text === 'string' &&
        (ini !== 'pyproject.toml' || /\[tool\.pytest/.test(t.text)) &&
        (ini !== 'setup.cfg' || /\[tool:pytest\]/.test(t.text))
      ) {
        paths = iniTestpaths(t.text);
        if (paths.length) break;
      }
    }
  for (const p of paths.length ? paths : run.dflt) {
    const f = abs(p);
    if (isFile(f)) entries.add(f);
    else if (isDir(f)) trees.add(f);
    // A filter (jest's path regex, vitest's name filter) or a path not there yet: every test under the cwd.
    else if (run.lang === 'node' || env.exists!(f) !== false) trees.add(cwd);
  }
  for (const p of run.setup) {
    const f = abs(p);
    if (isFile(f)) entries.add(f);
    else if (p.startsWith('.') || p.startsWith('/')) note(a, s, `${run.runner} loads ${p}, which the guard cannot find or read`);
  }
  // Setup files a config names (jest's setupFiles, vitest's globalSetup, .mocharc's require): relative to the config.
  for (const c of run.configs) {
    const file = abs(c);
    const t = configText(env, file, contents, { ...cfg, seen: undefined });
    if (typeof t?.text !== 'string') continue;
    const dir = file.slice(0, file.lastIndexOf('/')) || '/';
    // package.json: only the runner's own key (`"jest": {…}`, `"mocha": {…}`), not `main`, `bin` or the scripts.
    let text = t.text;
    if (file.endsWith('/package.json')) {
      try {
        text = JSON.stringify((JSON.parse(text) as Record<string, unknown>)[run.runner] ?? null);
      } catch {
        continue;
      }
    }
    for (const p of configCodePaths(text)) {
      const f = normalize(absPath(p, dir, env.home));
      if (f !== file && inWorkspace(f, env) && isFile(f)) entries.add(f);
    }
  }
  const kids = new Set<string>();
  const base = run.lang === 'node' ? /\.[cm]?[jt]sx?$/ : run.match;
  for (const t of trees)
    if (env.listDir && !walkTree(env, t, base, cfg, kids)) {
      note(a, s, `${t} holds more folders than the guard lists, so the code ${run.runner} imports there cannot all be read`);
      return;
    }
  for (const f of kids) if (run.lang !== 'node' || run.runner === 'mocha' || run.match.test(f.slice(cwd.length))) entries.add(f);
  if (contents)
    for (const p of contents.keys())
      if ([...trees].some((t) => p.startsWith(t + '/')) && base.test(p) && (run.lang !== 'node' || run.match.test(p))) entries.add(p);
  // pytest loads the conftest.py of every folder from the root down to the tests it collects, those above the
  // paths given too (`pytest pkg/tests` runs ./conftest.py and pkg/conftest.py): up to the workspace root.
  if (run.runner === 'pytest') {
    const dirs = new Set([...trees, ...[...entries].map((e) => e.slice(0, e.lastIndexOf('/')) || '/')]);
    for (const d0 of dirs)
      for (let d = d0; inWorkspace(d, env); d = d.slice(0, d.lastIndexOf('/')) || '/') {
        const c = `${d === '/' ? '' : d}/conftest.py`;
        if (contents?.has(c) || present(a, env, c)) entries.add(c);
        if (d === env.workspace || d === '/') break;
      }
  }
  if (entries.size > MAX_TEST_ENTRIES) {
    note(a, s, `${run.runner} collects more than ${MAX_TEST_ENTRIES} files here, more than the guard reads for one command`);
    return;
  }
  const seen = new Set<string>();
  const budget = { left: MAX_WALK_MODULES };
  // Set iteration reaches entries added on the way (a test package's __init__.py files, below).
  for (const f of entries) {
    if (seen.has(f) || INSTALLED.test(f)) continue;
    seen.add(f);
    let t: string | null | false | undefined;
    if (contents?.has(f)) {
      t = contents.get(f);
      if (t === null) {
        note(a, s, `${f} was written on this line with text only known at run time, and ${run.runner} runs it`);
        continue;
      }
      judgeProgramText(a, s, f, t!, false, run.lang);
    } else {
      const changed = agentScript(a, f);
      t = env.readScript!(f, changed ? MAX_SCRIPT_BYTES : MAX_WALK_BYTES);
      if (t === false) {
        note(
          a,
          s,
          changed
            ? `${f}, which ${run.runner} runs, is not committed as it is and the guard cannot read it whole`
            : `${f}, which ${run.runner} runs, cannot be read whole, so what it imports is unknown`,
        );
        continue;
      }
      if (t === undefined) continue;
      if (changed) judgeProgramText(a, s, f, t, true, run.lang, true);
    }
    // Python's import path under a test runner: the test's folder, the first folder above it without an
    // __init__.py (pytest's basedir, inserted for a test inside a package), the cwd (`python -m`), and the
    // workspace root.
    // A test module inside a package is imported under its package's name, which runs each __init__.py on the way
    // (pkg/__init__.py, pkg/tests/__init__.py for pkg/tests/test_x.py): entries too.
    const roots: string[] = [];
    if (run.lang === 'python') {
      let d = f.slice(0, f.lastIndexOf('/')) || '/';
      while (inWorkspace(d, env) && d !== env.workspace && (contents?.has(`${d}/__init__.py`) || present(a, env, `${d}/__init__.py`))) {
        entries.add(`${d}/__init__.py`);
        d = d.slice(0, d.lastIndexOf('/')) || '/';
      }
      roots.push(d, cwd, env.workspace);
    }
    followModules(a, s, env, f, t!, run.lang, contents, { runner: run.runner, roots, seen, budget });
    if (budget.left < 0) return;
  }
}

/** A script on disk that git does not hold as committed (or cannot tell): possibly the agent's own, judged strictly. */
function agentScript(a: Analyzer, file: string): boolean {
  return a.cmdEnv.scriptChanged !== undefined && a.cmdEnv.scriptChanged(file) !== false;
}

/**
 * A shell script on disk that may be the agent's own (agentScript), walked as commands like text the line wrote:
 * unknowns included, so a name it computes (`f=.e; cat ${f}nv` is followed; `cat $(cat name)`, `eval "$x"`,
 * `$(printf …) -rf x` are not) is asked, where the project's committed scripts keep projectText's judgement. Its
 * positional parameters are the words after the script on the line (`bash x.sh .env` reads .env through `cat $1`).
 */
function agentShellText(a: Analyzer, s: Sub, script: W | undefined, text: string, target: string): void {
  const at = script === undefined ? -1 : s.words.indexOf(script);
  a.reparse(
    withScriptDir(text, target),
    {
      via: [`the script ${target} (not committed as it is)`],
      cwd: { value: s.cwd, old: undefined, vars: undefined, args: at < 0 ? undefined : [s.words.slice(at + 1)] },
      remote: false,
      depth: 1,
      src: text,
    },
    'script',
  );
}

/** `$(dirname "$0")`, `$(dirname "${BASH_SOURCE[0]}")`, `` `dirname $0` `` in a script run from its file. */
const SCRIPT_DIR =
  /\$\(\s*dirname\s+("?)\$(?:0|\{0\}|BASH_SOURCE|\{BASH_SOURCE(?:\[0\])?\})\1\s*\)|`\s*dirname\s+("?)\$(?:0|\{0\}|BASH_SOURCE|\{BASH_SOURCE(?:\[0\])?\})\2\s*`/g;
/** `$(cd "/abs/dir" && pwd)` once the folder is known: the folder itself. */
const CD_PWD = /\$\(\s*cd\s+("?)(\/[\w./@+-]*)\1\s*(?:&&|;)\s*pwd(?:\s+-[LP])?\s*\)/g;

/**
 * A script's text with its own folder written in where it asks for it (`cd "$(dirname "$0")/.."`, the opening of
 * most scripts): the file it runs from is known, so its folder is too, and strict reading need not ask about it.
 */
function withScriptDir(text: string, file: string): string {
  const cut = file.lastIndexOf('/');
  const dir = cut <= 0 ? '/' : file.slice(0, cut);
  if (!file.startsWith('/') || !/^[\w./@+-]+$/.test(dir) || !text.includes('dirname')) return text;
  return text.replace(SCRIPT_DIR, dir).replace(CD_PWD, (_m, _q: string, d: string) => normalize(d));
}

/** Text the line itself wrote, walked as commands in `cwd`: judged in full, unknowns included. */
function lineText(a: Analyzer, text: string, via: string, cwd: string | null): void {
  a.reparse(text, { via: [via], cwd: { value: cwd, old: undefined, vars: undefined }, remote: false, depth: 1, src: text }, 'script');
}

/** Config files read for one line, and folders listed to find them (a larger tree is an unknown). */
const MAX_CONFIG_READS = 200;
const MAX_CONFIG_DIRS = 3000;

interface ConfigReads {
  files: number;
  dirs: number;
  seen: Set<string> | undefined;
}

/** Folders no tool searches for its configs or tests (installed code, tool caches, version control). */
const SKIP_DIRS = /^(node_modules|\.git|\.hg|\.svn|\.venv|venv|site-packages|__pycache__|\.tox|\.nox|\.mypy_cache|\.pytest_cache|\.ruff_cache|\.next|\.cache)$/;

/** The files under `root` whose base name `match` accepts; false when the tree is larger than the guard lists. */
function walkTree(env: CommandEnv, root: string, match: RegExp, cfg: ConfigReads, out: Set<string>): boolean {
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    if (--cfg.dirs < 0) return false;
    const d = queue[i];
    const ents = env.listDir!(d);
    if (!ents) continue;
    for (const e of ents) {
      const p = `${d === '/' ? '' : d}/${e.name}`;
      if (e.dir) {
        if (!SKIP_DIRS.test(e.name)) queue.push(p);
      } else if (match.test(e.name)) out.add(p);
    }
  }
  return true;
}

/** A config's text: written on this line (string, or null: only known at run time), or read from disk (bounded). */
function configText(
  env: CommandEnv,
  file: string,
  contents: Map<string, string | null> | undefined,
  cfg: ConfigReads,
): { text: string | null | false; line: boolean } | undefined {
  if (contents?.has(file)) return { text: contents.get(file)!, line: true };
  if (!env.readScript || cfg.seen?.has(file)) return undefined;
  (cfg.seen ??= new Set()).add(file);
  if (--cfg.files < 0) return { text: false, line: false };
  const t = env.readScript(file, MAX_SCRIPT_BYTES);
  return t === undefined ? undefined : { text: t, line: false };
}

/**
 * Files the sub-command's tool loads as code without the line naming them (toolconfigs.ts): a JavaScript tool's
 * config, pytest's conftest.py files, sitecustomize.py on PYTHONPATH, `//go:generate` directives, mise's tasks.
 * Text the line wrote is judged as code it shows, text on disk as the project's code (like a script run by name);
 * a file the line wrote with text only known at run time, or one the guard cannot read, is an unknown.
 */
function judgeToolConfigs(a: Analyzer, s: Sub, env: CommandEnv, contents: Map<string, string | null> | undefined, cfg: ConfigReads): readonly string[] {
  const judged: string[] = [];
  if (s.name === null || s.cwd === null || s.remote) return judged;
  // `python3 -m mypy pkg`, seen as mypy: the Python that runs it imports `mypy` from the cwd first (pyshadow.ts).
  const py = s.meta.pythonRun as W[] | undefined;
  if (py?.[0]?.value) judged.push(...toolConfigsOf(a, s, env, contents, cfg, normName(py[0].value), py));
  if (!toolConfigsConcern(s.name)) return judged;
  const start = s.words.findIndex((w) => w.value !== null && normName(w.value) === s.name);
  if (start < 0) return judged;
  judged.push(...toolConfigsOf(a, s, env, contents, cfg, s.name, s.words.slice(start)));
  return judged;
}

/** judgeToolConfigs for one tool `name` (words: its own, name first). */
function toolConfigsOf(
  a: Analyzer,
  s: Sub,
  env: CommandEnv,
  contents: Map<string, string | null> | undefined,
  cfg: ConfigReads,
  name: string,
  words: W[],
): readonly string[] {
  const judged: string[] = [];
  const cwd = s.cwd!;
  // A file name from a list of files under known folders (`git ls-files src | xargs npx prettier --check`, `find src
  // -name '*.ts' | xargs eslint`): a path under that folder, never an option; searched as that folder.
  const listed = words.map((w) => listedFolder(w, env));
  const search = toolConfigs(
    name,
    words.map((w, i) => w.value ?? listed[i] ?? ''),
    a.exported === undefined ? s.assigns : { ...a.exported, ...s.assigns },
  );
  if (!search) return judged;
  if (words.some((w, i) => w.value === null && !numericWord(w) && listed[i] === undefined) && !search.lenient) {
    note(a, s, `${name} with a word only known at run time: which files it loads as code cannot be told`);
    return judged;
  }
  if (search.why) note(a, s, search.why);
  const abs = (p: string) => normalize(absPath(p, cwd, env.home));
  const found = new Set<string>();
  const consider = (file: string) => {
    if (!found.has(file) && (contents?.has(file) || env.exists?.(file) === true)) found.add(file);
  };
  for (const d of [cwd, ...search.dirs.map(abs)]) {
    for (let dir = d; ;) {
      for (const n of search.up) consider(`${dir === '/' ? '' : dir}/${n}`);
      const up = dir.slice(0, dir.lastIndexOf('/')) || '/';
      if (up === dir || !inWorkspace(up, env)) break;
      dir = up;
    }
  }
  for (const f of search.files) consider(abs(f));
  for (const need of search.oneOf ?? [])
    if (!need.files.some((f) => found.has(abs(f)) || contents?.has(abs(f)) || env.exists?.(abs(f)) === true)) note(a, s, need.why);
  const walk = search.walk;
  if (walk) {
    const trees = search.trees.map(abs);
    const dirs = (search.goDirs ?? []).map(abs);
    const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
    if (contents)
      for (const p of contents.keys())
        if (walk.test(base(p)) && (trees.some((t) => p === t || p.startsWith(t + '/')) || dirs.includes(p.slice(0, p.lastIndexOf('/'))))) found.add(p);
    if (env.listDir) {
      for (const t of trees)
        if (!walkTree(env, t, walk, cfg, found)) {
          note(a, s, `${t} holds more folders than the guard lists, so the files ${name} loads as code there cannot all be read`);
          return judged;
        }
      for (const d of dirs) for (const e of env.listDir(d) ?? []) if (!e.dir && walk.test(e.name)) found.add(`${d}/${e.name}`);
    }
  }
  // A module the line writes into a folder on the import path is code the Python it starts may import.
  if (contents && search.importDirs) {
    const ds = search.importDirs.map(abs);
    for (const p of contents.keys()) if (/\.py$/.test(p) && ds.some((d) => p.startsWith(d + '/'))) found.add(p);
  }
  for (const file of found) {
    // A JavaScript config on disk that loads a module of the project by a relative name: that module runs too.
    if (/\.[cm]?[jt]s$/.test(file) && !contents?.has(file) && found.size < 64) {
      const t = configText(env, file, undefined, { ...cfg, seen: undefined });
      if (typeof t?.text === 'string')
        for (const m of t.text.matchAll(/\b(?:require|import)\s*\(\s*['"`](\.{1,2}\/[^'"`]+)['"`]|\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
          const rel = normalize(`${file.slice(0, file.lastIndexOf('/'))}/${m[1] ?? m[2]}`);
          for (const c of [rel, `${rel}.js`, `${rel}.cjs`, `${rel}.mjs`, `${rel}.ts`, `${rel}/index.js`])
            if (contents?.has(c) || env.exists?.(c) === true) found.add(c);
        }
    }
    const got = configText(env, file, contents, cfg);
    if (got === undefined) continue;
    const { text, line } = got;
    if (text === null) {
      note(a, s, `${file} was written on this line with text only known at run time, and ${name} loads it as code`);
      continue;
    }
    if (text === false) {
      note(a, s, `${file} is code ${name} loads, and the guard cannot read it whole (unreadable, too large, or too many files)`);
      continue;
    }
    // A data config (`.prettierrc` JSON or YAML) is no code itself, but the plugins and parsers it names are: one
    // the agent wrote (on the line, or not committed as it is) that names any is code nobody has judged.
    const data = dataConfigCode(file, text);
    if (data !== undefined) {
      if (data && (line || env.scriptChanged?.(file) !== false))
        note(a, s, `${file} is not committed as it is (it may be the agent's own) and names plugins or parsers ${name} loads as code`);
      continue;
    }
    if (line) judged.push(file);
    // A module file standing in for an installed one Python runs (`./mypy.py` for `python -m mypy`), not committed
    // as it is: an earlier call may have planted it, and it runs in place of the tool (pyshadow.ts).
    const shadow = search.shadows?.some((f) => abs(f) === file) === true;
    if (shadow && !line && agentScript(a, file))
      note(a, s, `${file} is not committed as it is (it may be the agent's own) and ${name} runs it in place of the installed module it is named like`);
    // A JavaScript config written on the line, or not committed as it is, that names a module outside the project
    // (`globalSetup: "/tmp/g.ts"`, `require: "../x.js"`, `presets: ["~/p.js"]`): the tool loads code nobody has seen.
    if (/\.[cm]?[jt]s$/.test(file) && (line || env.scriptChanged?.(file) !== false))
      for (const m of text.matchAll(/['"`]((?:\/|~\/|\.\.\/)[^'"`\s]*)['"`]/g)) {
        const p = normalize(absPath(m[1], file.slice(0, file.lastIndexOf('/')) || '/', env.home));
        if (!inWorkspace(p, env)) {
          note(a, s, `${file} names ${m[1]}, outside the project: ${name} loads it as code the guard has not seen`);
          break;
        }
      }
    const how = `${file}, which ${name} loads as code`;
    const run = (cmds: readonly string[], cwd = s.cwd) => {
      for (const c of cmds)
        if (line) lineText(a, c, how, file.slice(0, file.lastIndexOf('/')) || '/');
        else projectText(a, c, how, cwd);
    };
    // go generate runs each directive in the folder of its file (`//go:generate cp x ../.agentguard.yaml`).
    const dir = file.slice(0, file.lastIndexOf('/')) || '/';
    const base = file.slice(dir.length + 1);
    // pytest's plugins named in its ini files (`addopts = -p mod`) and conftest.py (`pytest_plugins`): the modules,
    // found in the project, are code it imports (judged in turn; iterating `found` reaches them).
    if (search.pytest && (base === 'conftest.py' || /^(\.?pytest\.ini|pyproject\.toml|tox\.ini|setup\.cfg)$/.test(base))) {
      const got = pytestPlugins(file, text);
      if (got.opaque !== undefined) note(a, s, got.opaque);
      const cands = [
        ...got.mods.flatMap((m) => [`${m.replace(/\./g, '/')}.py`, `${m.replace(/\./g, '/')}/__init__.py`]).flatMap((r) => [`${dir}/${r}`, abs(r)]),
        ...got.files.map((f) => normalize(absPath(f, dir, env.home))),
      ];
      for (const c of cands) consider(c);
      for (const f of got.files) {
        const p = normalize(absPath(f, dir, env.home));
        if (!inWorkspace(p, env)) note(a, s, `${file} makes pytest import ${f}, outside the project`);
      }
      if (base !== 'conftest.py') continue;
    }
    const staged = search.lintStaged ? lintStagedLines(file, text) : undefined;
    if (staged !== undefined) {
      if (staged.opaque !== undefined) note(a, s, staged.opaque);
      run(staged.lines);
    } else if (file.endsWith('.go')) run(goGenerateLines(text), dir);
    else if (file.endsWith('.toml')) {
      const got = miseTaskLines(text, search.miseTasks ?? []);
      if (got.opaque !== undefined) note(a, s, `${file}: ${got.opaque}`);
      run(got.lines);
    } else if (file.endsWith('.pth')) judgeProgramText(a, s, file, pthCode(text), !line, 'python');
    else {
      const lang = EXT_LANGS[/\.([a-z]+)$/.exec(file)?.[1] ?? ''];
      // A file task of mise without an extension: a script its `#!` line names, a shell script without one.
      const shebang = SHEBANG.exec(text)?.[1];
      const l = lang ?? (shebang ? SCRIPT_LANGS[shebang] : undefined);
      if (l === undefined || l === 'sh') run([text]);
      else judgeProgramText(a, s, file, line ? configCode(file, l, text) : text, !line, l, shadow);
    }
  }
  return judged;
}

/**
 * Task files the sub-command's tool loads and runs as its own definition (taskfiles.ts: a CMakeLists.txt, mix.exs,
 * flake.nix, dune, Procfile, cdk.json…). One the line wrote, or one git does not hold as committed (the agent's own:
 * a session's earlier write, an uncommitted edit), is code nobody has judged: JavaScript the line shows is judged
 * as code, any other is an unknown. The committed ones are the project's own, as a committed Makefile is.
 */
function judgeTaskFiles(a: Analyzer, s: Sub, env: CommandEnv, contents: Map<string, string | null> | undefined, cfg: ConfigReads): void {
  if (s.cwd === null || s.remote || (!contents && !env.scriptChanged)) return;
  // The command that runs, and the wrappers before it that are task tools themselves (`pixi run test`, `nix develop -c make`).
  const runs: W[][] = [];
  if (s.name !== null && taskFilesConcern(s.name)) {
    const start = s.words.findIndex((w) => w.value !== null && normName(w.value) === s.name);
    if (start >= 0) runs.push(s.words.slice(start));
  }
  let end = s.rawWords.indexOf(s.words[0]);
  if (end < 0) end = s.rawWords.length - s.words.length;
  for (let i = 0; i < end; i++) {
    const v = s.rawWords[i].value;
    if (v !== null && !v.includes('=') && taskFilesConcern(normName(v))) runs.push(s.rawWords.slice(i, end));
  }
  for (const words of runs) if (taskFilesOf(a, s, env, contents, cfg, words)) return;
}

/** One tool's task files (words: its own, name first). True when the sub-command was found unaccounted for. */
function taskFilesOf(a: Analyzer, s: Sub, env: CommandEnv, contents: Map<string, string | null> | undefined, cfg: ConfigReads, words: W[]): boolean {
  const name = normName(words[0].value ?? '');
  const search = taskSearch(
    name,
    words.map((w) => w.value ?? ''),
    (t) => toolConfigsConcern(t) && toolConfigs(t, [t], {}) !== undefined,
  );
  if (!search) return false;
  if (words.some((w) => w.value === null && !numericWord(w))) {
    note(a, s, `${name} with a word only known at run time: which task files it loads and runs cannot be told`);
    return true;
  }
  const cwd = s.cwd!;
  const abs = (p: string) => normalize(absPath(p, cwd, env.home));
  const found = new Set<string>();
  const consider = (file: string) => {
    if (!found.has(file) && (contents?.has(file) || env.exists?.(file) === true)) found.add(file);
  };
  const roots = search.dirs.map(abs);
  for (const n of search.named ?? []) {
    const p = abs(n);
    if (!inWorkspace(p, env)) {
      note(a, s, `${name} loads and runs ${n}, a definition outside the workspace the guard does not judge`);
      return true;
    }
    if (env.isDir?.(p) === true) roots.push(p);
    else consider(p);
  }
  for (const d of roots)
    for (let dir = d; ;) {
      for (const n of search.names) consider(`${dir === '/' ? '' : dir}/${n}`);
      if (search.match && env.listDir)
        for (const e of env.listDir(dir) ?? []) if (!e.dir && search.match.test(e.name)) found.add(`${dir === '/' ? '' : dir}/${e.name}`);
      const up = dir.slice(0, dir.lastIndexOf('/')) || '/';
      if (!search.up || up === dir || !inWorkspace(up, env)) break;
      dir = up;
    }
  if (search.match) {
    const match = search.match;
    const trees = (search.trees ?? []).map(abs);
    const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
    if (contents)
      for (const p of contents.keys())
        if (match.test(base(p)) && (trees.some((t) => p.startsWith(t + '/')) || roots.includes(p.slice(0, p.lastIndexOf('/'))))) found.add(p);
    // A tree larger than the guard lists: the files found so far are judged; the rest is the project's own.
    if (env.listDir) for (const t of trees) if (!walkTree(env, t, match, cfg, found)) break;
  }
  for (const file of found) {
    if (COMPOSE_FILE.test(file) && (contents?.has(file) || env.scriptChanged?.(file) !== false)) {
      // A compose file the guard can read (written on the line, earlier in the session, or uncommitted): its
      // services are judged as the `docker run` they amount to, a host mount or privileged service asked, its
      // command:/entrypoint: lines as commands. Threat: a new compose.yaml mounting `/`, then `docker compose up`.
      const got = configText(env, file, contents, cfg);
      if (got !== undefined && typeof got.text === 'string') {
        const code = plantedCode(file, got.text);
        if (code.why !== undefined) {
          note(a, s, `${file}, which ${name} runs, ${code.why}`);
          return true;
        }
        const s0 = a.subs.length;
        for (const c of code.commands) projectText(a, c, `a service of ${file} runs`, s.cwd);
        for (let i = s0; i < a.subs.length; i++) a.subs[i].meta = { ...a.subs[i].meta, later: true };
        continue;
      }
    }
    if (contents?.has(file)) {
      const t = contents.get(file)!;
      if (t !== null && isJsTaskFile(file)) {
        judgeProgramText(a, s, file, configCode(file, 'node', t), false, 'node');
        continue;
      }
      note(a, s, `${file} was written on this line, and ${name} loads and runs it as its build or task definition: code the guard cannot judge`);
      return true;
    }
    if (env.scriptChanged?.(file) !== false) {
      note(a, s, `${file} is not committed as it is (it may be the agent's own), and ${name} loads and runs it as its build or task definition`);
      return true;
    }
  }
  // The project's program the tool runs (Pulumi's index.js): judged as a script run by name.
  for (const rel of search.programs ?? []) {
    const file = abs(rel);
    const got = configText(env, file, contents, cfg);
    if (got === undefined) continue;
    const lang = EXT_LANGS[/\.([a-z]+)$/.exec(file)?.[1] ?? ''];
    if (got.text === null || got.text === false || lang === undefined) {
      note(a, s, `${file} is the program ${name} runs, and the guard cannot read it whole`);
      return true;
    }
    judgeProgramText(a, s, file, got.text, !got.line, lang, true);
  }
  return false;
}

/** A Compose file by its name (compose.yaml, docker-compose.override.yml…). */
const COMPOSE_FILE = /\/(?:docker-)?compose(?:\.override)?\.ya?ml$/;

/**
 * What a config the line wrote is judged as: its one export (`module.exports = {…}`, `export default {…}`) and a
 * conftest.py's `import pytest` (fixtures, marks) are what such files are; the rest is read like inline code.
 */
function configCode(file: string, lang: string, text: string): string {
  if (lang === 'node') return text.replace(/^\s*(?:module\.exports\s*=|export\s+default\b)/m, '');
  if (lang === 'python' && file.endsWith('/conftest.py') && !/\bpytest\s*\.\s*main\b/.test(text))
    return text.replace(/^(?:import pytest|from pytest import [\w, ]+)\s*$/gm, '');
  return text;
}

/** Package managers that install a local folder or archive and the files of it that decide what its install runs. */
const NODE_INSTALLERS = new Set(['npm', 'yarn', 'pnpm', 'bun']);
const PY_INSTALLERS = /^(pip[-\d.]*|uv|pipx|poetry|pdm|pipenv|hatch|rye|conda|mamba|micromamba)$/;
const PY_MANIFESTS = ['setup.py', 'pyproject.toml', 'setup.cfg'];
const ARCHIVE = /\.(tgz|tar|tar\.gz|tar\.bz2|tar\.xz|zip|whl|egg)$/i;

/**
 * A local package a package manager installs (`npm install ./vendor/x`, `npm i file:x`, `yarn add ./x`, `pnpm add
 * ./x`, `pip install ./pkg`, `pip install -e .`): its install code runs (npm's lifecycle scripts, setup.py or the
 * build backend). Threat: `echo '{"scripts":{"postinstall":"…"}}' > vendor/evil/package.json && npm install
 * ./vendor/evil`, the same split over a session. A manifest (or archive) the line or the session wrote, one git does
 * not hold as committed, or one that cannot be read is unknown; a committed package.json's install scripts are
 * judged as the line's own, as `npm install` judges the project's.
 */
function judgeLocalPackages(a: Analyzer, s: Sub, env: CommandEnv, contents: Map<string, string | null> | undefined): void {
  const n = s.name;
  if (n === null || s.cwd === null) return;
  const node = NODE_INSTALLERS.has(n);
  if (!node && !PY_INSTALLERS.test(n)) return;
  for (const acc of s.acc) {
    // Only the packages it installs (model.ts role I, pip's -e), not a requirements or constraints file it reads.
    if (acc.op !== 'exec' || acc.w === s.words[0]) continue;
    if (!acc.how.includes('(installs ') && !/ (-e|--editable)$/.test(acc.how)) continue;
    const p = acc.w ? (acc.w.path ?? acc.w.value) : acc.p;
    if (p === null || p === undefined) continue;
    const target = normalize(absPath(p, s.cwd, env.home));
    // Outside the workspace the path rules ask about running it (exec:outside-program, exec:scratch-program).
    if (!inWorkspace(target, env)) continue;
    const written = (f: string) => contents?.has(f) === true;
    if (ARCHIVE.test(target) && env.isDir?.(target) !== true) {
      if (written(target) || (env.exists?.(target) !== false && agentScript(a, target)))
        note(
          a,
          s,
          `${n} installs ${target}, an archive ${written(target) ? 'this line wrote' : 'git does not hold as committed'}: its install code runs unseen`,
        );
      continue;
    }
    const files = node ? ['package.json'] : PY_MANIFESTS;
    for (const f of files) {
      const file = `${target === '/' ? '' : target}/${f}`;
      if (written(file)) {
        note(a, s, `${file} was written on this line, and ${n} runs the install code of the package it describes`);
        return;
      }
      if (env.exists?.(file) === false) continue;
      // Read here even when another judge read it already (readDiskScript reads a file once per line).
      const text = inWorkspace(file, env) ? env.readScript?.(file, MAX_SCRIPT_BYTES) : undefined;
      if (text === undefined && env.exists?.(file) !== true) continue;
      if (text === false || text === undefined) {
        note(a, s, `${file} cannot be read whole, so the install code \`${s.text.slice(0, 80)}\` runs is not known`);
        return;
      }
      if (agentScript(a, file)) {
        note(a, s, `${file} is not committed as it is (it may be the agent's own), and ${n} runs the install code of the package it describes`);
        return;
      }
      if (node) {
        const scripts = packageScriptLines(text, INSTALL_LIFECYCLE) ?? [];
        for (const x of scripts) projectText(a, x.line, `the package.json script "${x.name}" of ${file}`, target);
      }
    }
    // No manifest at all: the manager fails before it runs anything (`npm i ./missing`), nothing to judge.
  }
}

/** Compiled-language sources. */
const JVM_SRC = /\.(java|kt|kts|scala|groovy)$/;
const C_SRC = /\.(c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|s|S|f|f90|f95|rs|go|java|zig|d|m|mm)$/;
/** Build output and dependency caches: generated or fetched, not the project's source. */
const BUILD_OUTPUT = /^(target|build|_build|out|obj|bin|dist|node_modules|\.git|\.gradle|\.m2|\.cache|\.venv|venv)$/;
/** Files whose git state is looked up per command (one git call each): beyond them the tree is the project's own. */
const MAX_SOURCE_CHECKS = 64;

/**
 * The sources a build tool compiles and then runs (`cargo run`/`test`/`bench`, `go run`/`test`, `mvn test`, `gradle
 * test`, `dotnet test`, `swift test`, `make`) or whose build scripts it runs (`cargo build` runs build.rs). Rust, Go,
 * Java or C the guard cannot judge: one the line wrote, or one git does not hold as committed (a session's earlier
 * write, an uncommitted edit), is code nobody has seen, and the tool runs it. Threat: `printf 'fn main(){…}' >
 * src/main.rs && cargo run`, `cat > x_test.go <<EOF … EOF && go test ./...`. Committed sources are the project's own.
 */
function judgeBuiltSources(a: Analyzer, s: Sub, env: CommandEnv, contents: Map<string, string | null> | undefined, cfg: ConfigReads): void {
  const n = s.name;
  if (n === null || s.cwd === null || s.remote || s.why !== undefined) return;
  const start = s.words.findIndex((w) => w.value !== null && normName(w.value) === n);
  if (start < 0) return;
  const words = s.words.slice(start + 1);
  if (words.some((w) => w.value === null)) return;
  const args = words.map((w) => w.value!);
  const bare = args.filter((w) => !w.startsWith('-') && !w.includes('='));
  const verb = bare[0];
  let src: RegExp | undefined;
  if (n === 'cargo') {
    if (verb === undefined) return;
    if (/^(run|r|test|t|bench|nextest|miri)$/.test(verb)) src = /\.rs$/;
    else if (/^(build|b|check|c|clippy|doc|d|install|fix)$/.test(verb)) src = /^build\.rs$/;
  } else if (n === 'go') {
    if (verb === 'test' || verb === 'run') src = /\.go$/;
  } else if (n === 'mvn' || n === 'mvnw') {
    if (bare.some((w) => /^(test|integration-test|verify|install|package|deploy|exec:\S+|spring-boot:run|quarkus:dev|jetty:run)$/.test(w))) src = JVM_SRC;
  } else if (n === 'gradle' || n === 'gradlew') {
    if (bare.some((w) => /(^|:)(test|check|build|run|bootRun|integrationTest|connectedCheck|assemble\w*Test\w*)$/.test(w))) src = JVM_SRC;
  } else if (n === 'dotnet') {
    if (verb === 'test' || verb === 'run' || verb === 'watch') src = /\.(cs|fs|vb)$/;
  } else if (n === 'swift') {
    if (verb === 'test' || verb === 'run') src = /\.swift$/;
  } else if (MAKE_NAMES.has(n)) {
    if (
      !args.some((w) => /^-[a-zA-Z]*[nqp]/.test(w) && !w.startsWith('--')) &&
      !args.some((w) => /^--(just-print|dry-run|recon|question|print-data-base|help|version)$/.test(w))
    )
      src = C_SRC;
  }
  if (src === undefined) return;
  const root = normalize(s.cwd);
  if (!inWorkspace(root, env)) return;
  const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const under = (p: string) =>
    p.startsWith(root === '/' ? '/' : root + '/') &&
    !p
      .slice(root.length + 1)
      .split('/')
      .slice(0, -1)
      .some((d) => BUILD_OUTPUT.test(d));
  if (contents)
    for (const p of contents.keys())
      if (src.test(base(p)) && under(p)) {
        note(a, s, `${p} was written on this line, and ${n}${verb ? ' ' + verb : ''} compiles and runs it: code the guard cannot judge`);
        return;
      }
  if (!env.listDir || !env.scriptChanged) return;
  let checks = MAX_SOURCE_CHECKS;
  const queue = [root];
  for (let i = 0; i < queue.length && checks > 0; i++) {
    if (--cfg.dirs < 0) return;
    for (const e of env.listDir(queue[i]) ?? []) {
      const p = `${queue[i] === '/' ? '' : queue[i]}/${e.name}`;
      if (e.dir) {
        if (!BUILD_OUTPUT.test(e.name)) queue.push(p);
      } else if (src.test(e.name)) {
        if (--checks < 0) return;
        if (env.scriptChanged(p) !== false) {
          note(
            a,
            s,
            `${p} is not committed as it is (it may be the agent's own), and ${n}${verb ? ' ' + verb : ''} compiles and runs it: code the guard cannot judge`,
          );
          return;
        }
      }
    }
  }
}

/** Programs whose writes change a file's mode, owner, attributes or times, never its text. */
const META_ONLY = new Set(['chmod', 'chown', 'chgrp', 'touch', 'chattr', 'setfacl', 'xattr', 'chflags']);

/**
 * Scripts the line writes and then runs, with text it shows (`cat > t.sh <<'EOF' … EOF; bash t.sh`): the text
 * is judged as the script (walked as commands, or read as code) instead of asking about an unseen program.
 * Returns the paths judged so.
 */
function judgeWrittenScripts(a: Analyzer, env: CommandEnv): Set<string> | undefined {
  let contents: Map<string, string | null> | undefined;
  /** Files the line appended to that were on disk before: their old text runs along with what the line added. */
  let appended: Set<string> | undefined;
  let judged: Set<string> | undefined;
  /** The sub-command that last wrote each file by a redirect, tee or a download: its text is shown or fetched. */
  let writers: Map<string, Sub> | undefined;
  const disk: DiskReads = { left: MAX_SCRIPT_READS, seen: undefined };
  const cfg: ConfigReads = { files: MAX_CONFIG_READS, dirs: MAX_CONFIG_DIRS, seen: undefined };
  // Sub-commands of the scripts judged here are looked at too (a script that runs another), bounded by `disk`.
  for (let k = 0; k < a.subs.length; k++) {
    const s = a.subs[k];
    if (s.cwd === null || s.remote) continue;
    const abs = (p: string) => normalize(absPath(p, s.cwd!, env.home));
    if (env.readScript) judgeProjectScripts(a, s, env, disk, contents);
    if (env.readScript || contents) judgeLocalPackages(a, s, env, contents);
    if (env.readScript) configuredCode(a, s, env, contents);
    // A program named by a path the line wrote (`echo … > gradlew && ./gradlew build`): the row of the program it
    // stands for (a wrapper script, a project shim) does not make the written text any less what runs.
    const w0 = s.words[0];
    if (contents && w0?.value?.includes('/') && !s.acc.some((x) => x.op === 'exec' && x.w === w0)) {
      const t = contents.get(abs(w0.value));
      if (t === null) s.why ??= `${w0.value} was written on this line with text only known at run time, then run`;
      else if (t !== undefined)
        a.reparse(t, { via: ['a script this line wrote'], cwd: { value: s.cwd, old: undefined, vars: undefined }, remote: false, depth: 1, src: t }, 'script');
    }
    // A bare name found in a shim folder the command's PATH puts first (`PATH=./node_modules/.bin:$PATH jest`): the
    // same, for a shim the line wrote there.
    const path = s.assigns.PATH;
    // One on disk that may be the agent's (agentShim): not the program its name says, and its text is not judged here.
    if (typeof path === 'string' && w0?.value && !w0.value.includes('/') && ROWS.has(w0.value))
      for (const d of path.split(':')) {
        // The workspace's shim folders only: `/usr/bin` is named like one, but what it holds is the system's (git
        // holds none of it), and a PATH folder in scratch space is searchPathWhy's.
        if (!d || !SHIM_FOLDER.test(abs(d)) || !inWorkspace(abs(d), env)) continue;
        const f = `${abs(d)}/${w0.value}`;
        if (contents?.has(f) || !agentShim(f, env)) continue;
        s.why ??= `PATH=… finds ${w0.value} in ${abs(d)}, where ${f} is not as git holds it (the agent's own file?): it runs in place of ${w0.value}`;
        break;
      }
    if (contents && typeof path === 'string' && w0?.value && !w0.value.includes('/'))
      for (const d of path.split(':')) {
        if (!d || !SHIM_FOLDER.test(abs(d))) continue;
        const f = `${abs(d)}/${w0.value}`;
        const t = contents.get(f);
        const shadow = typeof t === 'string' && ROWS.has(w0.value) ? shadowWhy(w0.value, t, 'file') : undefined;
        if (t === null) s.why ??= `${f} was written on this line with text only known at run time, then run as ${w0.value} (PATH=…)`;
        else if (t !== undefined) {
          // A shim that does not run its program is asked as such, and what it does is judged too (a worse verdict wins).
          if (shadow !== undefined) s.why ??= `${f}: ${shadow}`;
          a.reparse(
            t,
            { via: ['a script this line wrote'], cwd: { value: s.cwd, old: undefined, vars: undefined }, remote: false, depth: 1, src: t },
            'script',
          );
        }
      }
    // Runs one it wrote, or one on disk?
    if (contents || env.readScript) {
      for (const acc of inputRuns(s)) {
        if (acc.op !== 'exec') continue;
        const p = acc.w ? (acc.w.path ?? acc.w.value) : acc.p;
        if (p === null || p === undefined) continue;
        // A program named without a slash is looked up on PATH, not in the folder.
        if (acc.w === s.words[0] && !p.includes('/')) continue;
        let target = abs(p);
        // A module a program loads by a name without its extension (`node -e "require('./src/h')"`): Node's resolution.
        if (!contents?.has(target) && env.exists?.(target) !== true && !/\.\w+$/.test(target) && SCRIPT_LANGS[s.name ?? ''] === 'node')
          target = jsCandidates(target, '/').find((c) => contents?.has(c) || env.exists?.(c) === true) ?? target;
        let text = contents?.get(target);
        let origin = 'written on this line';
        if (text === undefined && !contents?.has(target)) {
          const read = readDiskScript(env, target, disk);
          if (read === false) {
            s.why ??= `${target} is a script the guard cannot read whole (unreadable, or over ${MAX_SCRIPT_BYTES} bytes), so what it runs is not known`;
            continue;
          }
          text = read;
          origin = 'on disk';
        }
        if (text === undefined || text === null) continue;
        const shebang = SHEBANG.exec(text)?.[1];
        // The language by the program that runs it, the `#!` line, or else the file's extension: a runner the
        // guard has no interpreter entry for (`tsx x.js`, `mocha -r ./x.js`, `eslint -c x.js`, `npm
        // --script-shell=./x.sh`) still runs the file as that language.
        const direct = acc.w === s.words[0];
        // Run by name, a `#!` line with options hands them to its interpreter (`#!/usr/bin/env -S perl -I/tmp/x
        // -MEvil`, `#!/usr/bin/node --require ./x.js`): judged as the interpreter run with them on the file.
        if (direct && shebang) {
          const args = shebangOptions(text);
          if (args !== undefined)
            a.reparse(
              `${args} '${target.replace(/'/g, `'\\''`)}'`,
              { via: [`the #! line of ${target}`], cwd: { value: s.cwd, old: undefined, vars: undefined }, remote: false, depth: 1, src: text },
              'shebang',
            );
        }
        const byName = SCRIPT_LANGS[s.name ?? ''];
        const ext = EXT_LANGS[/\.([a-z]+)$/.exec(target)?.[1] ?? ''];
        const lang = byName ?? (shebang ? SCRIPT_LANGS[shebang] : undefined) ?? (ext === 'sh' ? undefined : ext);
        const asShell =
          SCRIPT_SHELLS.has(s.name ?? '') ||
          (direct && (!shebang || SCRIPT_SHELLS.has(shebang))) ||
          (!byName && !direct && (shebang ? SCRIPT_SHELLS.has(shebang) : ext === 'sh'));
        // `./x.py` without a `#!` line runs as a shell script from bash, and as Python from a runner (`uv run x.py`): both.
        const asLang = lang !== undefined && (!asShell || (direct && !shebang && !SCRIPT_SHELLS.has(s.name ?? '')));
        if (asShell) {
          if (origin === 'on disk' && agentScript(a, target)) agentShellText(a, s, acc.w, text, target);
          else if (origin === 'on disk') projectText(a, text, `the script ${target}`, s.cwd);
          else
            a.reparse(
              text,
              { via: ['a script this line wrote'], cwd: { value: s.cwd, old: undefined, vars: undefined }, remote: false, depth: 1, src: text },
              'script',
            );
          (judged ??= new Set()).add(target);
        }
        if (!asLang) {
          // A file run as code in a language the guard does not read (`java X.java`, `lua x.lua`, `Rscript x.R`):
          // the project's committed program is its own; one the agent wrote (on this line or since HEAD) is unseen.
          if (!asShell && (origin !== 'on disk' || agentScript(a, target)))
            note(
              a,
              s,
              `${target} is code the guard does not read (${origin === 'on disk' ? "not committed as it is: it may be the agent's own" : 'written on this line'}), and ${s.name ?? 'the command'} runs it`,
            );
          continue;
        }
        judgeProgramText(a, s, target, text, origin === 'on disk', lang!, true);
        followModules(a, s, env, target, text, lang!, contents);
        if (origin !== 'on disk') (judged ??= new Set()).add(target);
        // Appended to a file on disk: what was there runs too.
        if (appended?.has(target)) {
          const old = readDiskScript(env, target, disk);
          if (typeof old === 'string') judgeProgramText(a, s, target, old, true, lang!);
        }
      }
    }
    // A test runner's configuration judged as code is still a change to which tests run and how (`testMatch: []`):
    // writing it and then running the runner stays write-then-exec's business.
    if (env.readScript || contents)
      for (const p of judgeToolConfigs(a, s, env, contents, cfg)) if (configKind(p) !== 'test-config') (judged ??= new Set()).add(p);
    judgeTaskFiles(a, s, env, contents, cfg);
    judgeBuiltSources(a, s, env, contents, cfg);
    if (env.readScript) judgeTestImports(a, s, env, contents, cfg);
    // What it writes, and with which text.
    const printed = s.redirects.length || s.name === 'tee' ? printedText(s) : null;
    for (const r of s.redirects) {
      if (r.op !== '>' && r.op !== '>>' && r.op !== '>|' && r.op !== '&>') continue;
      if (r.fd !== undefined && r.fd !== 1) continue;
      const p = r.target.path ?? r.target.value;
      if (p === null || p === undefined) continue;
      const t = abs(p);
      (writers ??= new Map()).set(t, s);
      if (r.op === '>>') judgeAppendedScript(a, s, t, printed, env);
      if (r.op === '>>' && !contents?.has(t) && env.exists?.(t) !== false) (appended ??= new Set()).add(t);
      const prev = (contents ??= new Map()).get(t);
      contents.set(t, r.op === '>>' ? (prev === undefined ? printed : prev === null || printed === null ? null : prev + printed) : printed);
    }
    for (const acc of s.acc) {
      // `chmod +x x.sh && ./x.sh`: a change of mode, owner or times leaves the text on disk what runs.
      if (acc.op !== 'write' || META_ONLY.has(s.name ?? '')) continue;
      const p = acc.w ? (acc.w.path ?? acc.w.value) : acc.p;
      if (p === null || p === undefined) continue;
      (contents ??= new Map()).set(abs(p), s.name === 'tee' ? printed : null);
      if (s.name === 'tee' || FETCHERS.has(s.name ?? '')) (writers ??= new Map()).set(abs(p), s);
      // A copy of a file from outside the workspace (`cp /tmp/x.xml .idea/runConfigurations/`): text nobody has seen.
      else if (COPIERS.has(s.name ?? '') && !(acc.flags & RECURSIVE)) {
        const from = s.acc.find(
          (x) => x.op === 'read' && (x.w ? (x.w.path ?? x.w.value) : x.p) && !inWorkspace(abs((x.w ? (x.w.path ?? x.w.value) : x.p)!), env),
        );
        const src = from && (from.w ? (from.w.path ?? from.w.value) : from.p);
        if (src) {
          const t = acc.flags & INTO ? `${abs(p)}/${src.slice(src.lastIndexOf('/') + 1)}` : abs(p);
          contents.set(t, null);
          (writers ??= new Map()).set(t, s);
        }
      }
    }
  }
  if (contents && writers) for (const [p, s] of writers) judgePlanted(a, s, p, contents.get(p));
  a.written = contents;
  return judged;
}

/** Programs that write what they download (`curl -o Makefile URL`): text nobody has seen. */
const FETCHERS = new Set(['curl', 'wget', 'http', 'https', 'xh', 'aria2c', 'fetch']);
/** Programs that copy a file's text to another path (judgePlanted: a copy from outside the workspace is unseen text). */
const COPIERS = new Set(['cp', 'mv', 'install', 'rsync', 'ln', 'scp']);

/**
 * A file a build, test or task tool will load and run as its commands or code (package.json scripts, a Makefile,
 * Procfile, CMakeLists.txt, project.json, a *.config.js…), written on the line: writing it is writing code. Text
 * the line shows is judged as the code it will become (plantedCode: the commands it holds walked as commands,
 * a delete no literal shows asked); text only known at run time (`curl … > Makefile`, `echo "$X" > Procfile`)
 * cannot be, and is asked. Unknown commands inside are the project's to define (an everyday Makefile's `$(CC)`).
 * Only a file made new: a change of an existing one is asked by exec.plant-runs-later.
 */
function judgePlanted(a: Analyzer, s: Sub, p: string, text: string | null | undefined): void {
  // A change of an existing one is exec.plant-runs-later's (asked whatever it writes; a policy may let it through).
  if (text === undefined || s.cwd === null || runsLater(p, false) === undefined || a.cmdEnv.exists?.(p) !== false) return;
  if (text === null) {
    // `pip freeze > requirements.txt`: the installed packages, listed (a package list, as `pip install` takes).
    if (
      requirementsFromInstalled(
        p,
        s.words.map((w) => w.value ?? ''),
      )
    )
      return;
    note(
      a,
      s,
      `writes text the guard cannot read (only known at run time, downloaded, or copied from outside the workspace) to ${p}, which a build, test or task tool runs as commands later`,
    );
    return;
  }
  const code = plantedCode(p, text);
  if (code.why !== undefined) note(a, s, `${p} (written on this line) ${code.why}, and a build, test or task tool runs it later`);
  const s0 = a.subs.length;
  for (const c of code.commands) projectText(a, c, `a command ${p} (written on this line) runs later`, s.cwd);
  // They run at the tool's next start, not on this line (exec.write-then-exec does not take them for a run of what the line wrote).
  for (let i = s0; i < a.subs.length; i++) a.subs[i].meta = { ...a.subs[i].meta, later: true };
}

/**
 * Links made on the line (`ln -s .env e.txt && cat e.txt`): a path through a link is also a path to what it
 * points to. Every effect under a link's name gets a twin under its target (whatever the order on the line:
 * a loop can run the link before the read).
 */
function linkThrough(subs: Sub[], effects: Effect[], env: CommandEnv): [string, string, boolean][] | undefined {
  let links: [string, string, Sub, boolean][] | undefined;
  let moved: [string, string, boolean][] | undefined;
  for (const s of subs) {
    for (const a of s.acc) {
      if (a.op !== 'link' || a.p === undefined || a.to === undefined || s.cwd === null) continue;
      const base = a.base === undefined ? s.cwd : a.base.startsWith('/') ? a.base : `${s.cwd}/${a.base}`;
      const abs = (p: string) => normalize(p.startsWith('/') ? p : p === '~' || p.startsWith('~/') ? env.home + p.slice(1) : `${base}/${p}`);
      (links ??= []).push([abs(a.p), abs(a.to), s, (a.flags & ALIAS) !== 0]);
      if (a.flags & ALIAS) (moved ??= []).push([abs(a.p), abs(a.to), a.how === 'mv']);
    }
  }
  if (!links) return moved;
  const n = effects.length;
  for (let i = 0; i < n; i++) {
    const e = effects[i];
    const p = normalize(e.path);
    for (const [link, target, maker, alias] of links) {
      if (e.sub === maker) continue; // making the link is not using it
      if (p !== link && !p.startsWith(link + '/')) continue;
      const twin = target + p.slice(link.length);
      if (twin === p) continue;
      if (!alias) {
        effects.push({ ...e, path: twin, how: `${e.how} (through the link ${link})` });
        continue;
      }
      // Moved or copied (links kept): the new name holds the old tree, so only a link at or under the old name
      // leads anywhere new; a plain file or folder copied is a copy (`cp -r tests /tmp/t` then an edit of the copy).
      const through = linkedTwin(target, twin, env);
      if (through !== undefined) effects.push({ ...e, path: through, how: `${e.how} (${link} holds ${target}, through a link under it)` });
    }
  }
  return moved;
}

/**
 * Where `twin` (a path at or under `from`) leads when a link at or under `from` is on the way; undefined when none
 * is (or the disk cannot tell).
 */
function linkedTwin(from: string, twin: string, env: CommandEnv): string | undefined {
  if (env.physical === undefined) return undefined;
  const cut = from.lastIndexOf('/');
  const parent = cut <= 0 ? '/' : from.slice(0, cut);
  const parentPhys = env.physical(parent);
  const twinPhys = env.physical(twin);
  if (parentPhys === undefined || twinPhys === undefined) return undefined;
  const plain = normalize(`${parentPhys}/${twin.slice(cut + 1)}`);
  return twinPhys === plain ? undefined : twinPhys;
}

/** Lists of positional parameters without repeats; null (only known at run time) past MAX_ARG_LISTS. */
function lists(ls: W[][]): W[][] | null {
  const out: W[][] = [];
  const keys = new Set<string>();
  for (const l of ls) {
    const k = l.map((w) => w.text + '\0' + (w.value ?? '\u0001')).join('\0\0');
    if (keys.has(k)) continue;
    keys.add(k);
    out.push(l);
  }
  return out.length > MAX_ARG_LISTS ? null : out;
}

/** The values two assignments of one variable allow: each, as alternatives; unknown if either is. */
function union(a: W, b: W): W {
  if ((a.value === null && a.alts === undefined && !a.fromInput) || (b.value === null && b.alts === undefined && !b.fromInput))
    return word(null, false, b.text, undefined);
  const alts: W[] = [];
  for (const x of [...(a.alts ?? [a]), ...(b.alts ?? [b])])
    if (!alts.some((y) => y.value === x.value && y.fromInput === x.fromInput && y.glob === x.glob)) alts.push(x);
  return word(null, false, b.text, undefined, false, alts);
}

/** The options of `read` and of `mapfile`/`readarray` that take an argument (`read -t 5`, `mapfile -d ''`). */
const READ_ARG_OPTS = /^-[a-zA-Z]*[adinNptu]$/;
const MAPFILE_ARG_OPTS = /^-[a-zA-Z]*[dnOsuCc]$/;

/**
 * The indexes of the words `read`, `mapfile`/`readarray` or `getopts` assign (the variables they set); a word
 * only known at run time in a name's place is one of them.
 */
export function nameWordIndexes(n: string, ws: readonly W[]): number[] {
  const out: number[] = [];
  const opts = n === 'read' ? READ_ARG_OPTS : MAPFILE_ARG_OPTS;
  for (let i = n === 'getopts' ? 2 : 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && n !== 'getopts' && opts.test(v)) {
      // `read -a arr`: the option's argument is the array it fills.
      if (n === 'read' && v.endsWith('a') && ws[i + 1] !== undefined) out.push(i + 1);
      i++;
      continue;
    }
    if (v !== null && v.startsWith('-') && out.length === 0) continue;
    out.push(i);
  }
  return out;
}

/** The most commands a word's possible values are expanded into (the product over the words that have them). */
const MAX_VALUE_LISTS = 16;

/**
 * The commands a command is with each possible value of its words in place (a loop variable over literal words
 * or an expanded glob); undefined when no word but the first has several, or when they make too many.
 */
function valueLists(words: W[]): W[][] | undefined {
  let lists: W[][] | undefined;
  for (let i = 1; i < words.length; i++) {
    const alts = words[i].alts;
    if (alts === undefined || alts.length === 0) continue;
    if (alts.some((a) => a.value === null && !a.glob)) return undefined;
    const cur = lists ?? [words];
    if (cur.length * alts.length > MAX_VALUE_LISTS) return undefined;
    lists = cur.flatMap((ws) => alts.map((a) => ws.map((w, k) => (k === i ? a : w))));
  }
  return lists;
}

function unknown(rule: string, line: string, explanation: string): Finding {
  return { rule, category: category(rule), tier: 'unknown', subcommand: line.length > 200 ? line.slice(0, 200) + '…' : line, explanation, sub: -1 };
}

function finish(a: Analyzer, effects: Effect[], findings: Finding[], judged?: Set<string>): FullAnalysis {
  const paths: PathEffect[] = [];
  // Duplicates by comparing with the kept ones: a key string per effect and a Set cost more than the scan
  // for the few effects of a line; past 64, the Set.
  const seen = effects.length > 64 ? new Set<string>() : undefined;
  for (const e of effects) {
    const op = e.op === 'exec' ? 'read' : e.op;
    if (seen) {
      const k = `${op}\0${e.path}\0${e.subText}\0${e.recursive}\0${e.op === 'exec' || e.runs}\0${e.history}`;
      if (seen.has(k)) continue;
      seen.add(k);
    } else if (keptBefore(paths, e, op)) continue;
    const pe: PathEffect = { op, path: e.path, subcommand: e.subText };
    if (e.recursive) pe.recursive = true;
    if (e.glob) pe.glob = true;
    if (e.into) pe.into = true;
    if (e.names) pe.names = e.names;
    if (e.noHidden) pe.noHidden = true;
    if (e.noFollow) pe.noFollow = true;
    if (e.descends) pe.descends = true;
    if (e.history) pe.history = true;
    if (e.reports) pe.reports = true;
    if (e.dotglob) pe.dotglob = true;
    if (e.nocase) pe.nocase = true;
    if (e.narrow && (e.op === 'write' && e.history ? nothingBefore(a.subs, e.sub, e.narrow.range?.args[1], a.cmdEnv) : narrowHolds(a.subs, e.sub)))
      pe.narrow = e.narrow;
    if ((e.op === 'exec' || e.runs) && !judged?.has(normalize(e.path)) && !venvScript(a, e)) pe.exec = true;
    paths.push(pe);
  }
  return {
    subs: a.subs,
    findings: findings.length ? dedupe(findings) : findings,
    paths,
    errors: a.errors,
    ...(a.written ? { written: a.written } : {}),
    ...(a.moved ? { moved: a.moved } : {}),
  };
}

/** Programs that change no file and no git ref (they only read and print). */
const PURE = new Set([
  'head',
  'tail',
  'less',
  'more',
  'cat',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'wc',
  'sort',
  'uniq',
  'cut',
  'tr',
  'column',
  'nl',
  'tac',
  'echo',
  'printf',
  'true',
  'cd',
  'jq',
  'diffstat',
  'fold',
]);

/**
 * A narrowed read (a search's pattern, a commit range) is judged on the files and refs as they are now: it holds
 * only when nothing else on the line may change them first. Threat: `git reset --soft HEAD~1 && git show HEAD`
 * (HEAD moved to the commit that added `.env`), `git stash pop && grep -r WORD .` (`.env` changed under the search).
 */
function narrowHolds(subs: readonly Sub[], own: Sub | undefined): boolean {
  for (const s of subs) {
    if (s === own || s.index === own?.index || (s.name !== null && PURE.has(s.name)) || gitLook(s)) continue;
    // A program the read's own environment names (`GIT_EXTERNAL_DIFF=… git diff`) prints the diff in git's place.
    const via = s.via[0];
    if (own !== undefined && via !== undefined && via.endsWith('=') && Object.hasOwn(own.assigns, via.slice(0, -1))) continue;
    return false;
  }
  return true;
}

/** git verbs that change no ref and no file. */
const GIT_LOOKS = /^(?:status|log|diff|show|rev-parse|ls-files|describe|shortlog|blame|grep)$/;

/**
 * A git command that only looks (`git status`, `git diff --stat`, `git log --oneline`) beside a narrowed read
 * (`git diff --stat; git diff`): it changes no ref, no index entry and no file, so the read is still judged on the
 * refs and files as they are now. Only the plain form: the verb first (no global option that points git elsewhere
 * or configures it: `-C`, `-c`, `--git-dir`), no variable of its own (`GIT_DIR=…`), and no option that writes a
 * file or runs a program (`--output=FILE`, `grep -O CMD`, `--ext-diff`, `--textconv`).
 */
function gitLook(s: Sub): boolean {
  if (s.name !== 'git' || Object.keys(s.assigns).length > 0 || s.meta.gitConfig !== undefined) return false;
  const verb = s.words[1]?.value;
  // `git difftool -x CMD` changes nothing itself: CMD, run on the files, is judged as a sub-command of its own.
  const extcmd = verb === 'difftool' && s.words.some((w) => w.value !== null && /^(-x|--extcmd)(=|$)|^-x./.test(w.value));
  if (verb === null || verb === undefined || !(GIT_LOOKS.test(verb) || extcmd)) return false;
  if (
    s.rawWords.some(
      (w) => w.value === null || /^(?:--(?:git-dir|work-tree|namespace|bare|config-env|exec-path|super-prefix|attr-source)(?:=|$)|-[cC]$)/.test(w.value),
    )
  )
    return false;
  return s.words.slice(2).every((w) => w.value !== null && !/^(?:--output|-O|--open-files-in-pager|--ext-diff|--textconv)/.test(w.value));
}

/**
 * A tree rewrite judged by what the commits differ in now (`git checkout main && git pull`): holds when nothing
 * before it on the line can move a ref or make a commit (`git commit … && git checkout x`, `git fetch && …`).
 */
function nothingBefore(subs: readonly Sub[], own: Sub | undefined, to?: string, env?: CommandEnv): boolean {
  if (own === undefined) return false;
  for (const s of subs) {
    if (s.index >= own.index || (s.name !== null && PURE.has(s.name))) continue;
    if (s.name === 'git' && GIT_LOOKS.test(s.words.slice(1).find((w) => w.value === null || !w.value.startsWith('-'))?.value ?? '')) continue;
    // `git fetch && git rebase origin/main`: a fetch from a configured remote moves only its remote-tracking refs
    // (and FETCH_HEAD): the rebase is `git pull --rebase`, judged like a pull, on the refs as they are now. What the
    // fetch brought into FETCH_HEAD (`git fetch URL && git merge FETCH_HEAD`) is not on disk yet: not this.
    // Only for a remote-tracking ref named as such (`origin/main`): a bare branch name may be started from what the
    // fetch brought (`git fetch && git checkout more-docs`), which cannot be listed before it.
    // Which remote-tracking ref the fetch moves is the remotes' configured refspecs' (read from disk), not the name:
    // `origin/main` is remote origin's branch main only when no remote the fetch reads maps anything else onto it.
    if (to !== undefined && to.includes('/') && !/^FETCH_HEAD$/i.test(to) && remoteFetch(s) && fetchKeepsName(s, to, env)) continue;
    return false;
  }
  return true;
}

/**
 * `git fetch`, `git fetch origin`, `git fetch --prune origin main`: a fetch from a configured remote by name, with
 * plain branch names (no `src:dst` refspec, which moves a local branch), every word known, no global option that
 * points git elsewhere or configures it.
 */
function remoteFetch(s: Sub): boolean {
  if (s.name !== 'git' || Object.keys(s.assigns).length > 0 || s.meta.gitConfig !== undefined || s.words[1]?.value !== 'fetch') return false;
  if (s.rawWords.some((w) => w.value === null || /^(?:--(?:git-dir|work-tree|namespace|bare|config-env|exec-path)(?:=|$)|-[cC]$)/.test(w.value))) return false;
  const ws = s.words.slice(2).map((w) => w.value!);
  if (ws.some((v) => /^--(?:refmap|upload-pack|exec|update-head-ok|negotiate-only|stdin)/.test(v))) return false;
  const pos = ws.filter((v) => !v.startsWith('-'));
  return pos.every((v, i) => !v.includes(':') && !/^(?:\/|\.|~|[^/]*@)/.test(v) && (i > 0 || /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v)));
}

/**
 * The remote-tracking ref `to` (`origin/main`) after the fetch `s` is what remote `origin` has as branch `main`: every
 * refspec of every remote the fetch may read that writes `refs/remotes/origin/main` is that remote's and takes it from
 * `refs/heads/main` (`+refs/heads/*:refs/remotes/origin/*`). A remote whose refspec writes it from elsewhere
 * (`[remote "mirror"] fetch = +refs/heads/*:refs/remotes/origin/*`, `fetch = +refs/heads/evil:refs/remotes/origin/main`)
 * puts commits nobody listed under the name; a configuration that cannot be read is not this.
 */
function fetchKeepsName(s: Sub, to: string, env: CommandEnv | undefined): boolean {
  const specs = env === undefined ? undefined : remoteFetchSpecs(s.cwd ?? env.cwd, env);
  if (specs === undefined) return false;
  // The remote the fetch names; without one, or with --all/--multiple, any remote may be read.
  const named = s.words.slice(2).find((w) => w.value !== null && !w.value.startsWith('-'))?.value;
  const all = named === undefined || s.words.some((w) => w.value === '--all' || w.value === '--multiple');
  const target = `refs/remotes/${to}`;
  let kept = true;
  for (const [remote, list] of specs) {
    if (!all && remote !== named) continue;
    for (const spec of list) {
      const m = /^\+?([^:]*):(.+)$/.exec(spec);
      if (!m) continue;
      const [src, dst] = [m[1], m[2]];
      const star = dst.indexOf('*');
      let from: string | undefined;
      if (star < 0) from = dst === target ? src : undefined;
      else if (target.startsWith(dst.slice(0, star)) && target.endsWith(dst.slice(star + 1)) && target.length >= dst.length - 1)
        from = src.replace('*', target.slice(star, target.length - (dst.length - star - 1)));
      if (from === undefined) continue;
      if (!to.startsWith(remote + '/') || from !== `refs/heads/${to.slice(remote.length + 1)}`) kept = false;
    }
  }
  return kept;
}

function keptBefore(paths: PathEffect[], e: Effect, op: PathEffect['op']): boolean {
  for (const p of paths)
    if (
      p.op === op &&
      p.path === e.path &&
      p.subcommand === e.subText &&
      (p.recursive ?? false) === e.recursive &&
      (p.glob ?? false) === e.glob &&
      (p.history ?? false) === e.history &&
      (p.noFollow ?? false) === e.noFollow &&
      (p.descends ?? false) === e.descends &&
      (!p.reports || e.reports) &&
      (p.exec === true || !(e.op === 'exec' || e.runs))
    )
      return true;
  return false;
}

export function subcommandsOf(subs: Sub[]): SubCommand[] {
  const out = new Array<SubCommand>(subs.length);
  for (let k = 0; k < subs.length; k++) {
    const s = subs[k];
    const argv = new Array<string | null>(s.words.length);
    for (let i = 0; i < argv.length; i++) argv[i] = i === 0 && s.words[i].glob ? null : s.words[i].value;
    out[k] = s.meta.fromFile ? { argv, text: s.text, via: s.via, fromFile: true } : { argv, text: s.text, via: s.via };
  }
  return out;
}

function dedupe(fs: Finding[]): Finding[] {
  const seen = new Set<string>();
  return fs.filter((f) => {
    const k = `${f.rule}\0${f.sub}\0${f.subcommand}\0${f.explanation}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A file-system question answered once per path (within one decision: the answers are not kept longer). */
function memoPath(ask: (p: string) => boolean | undefined): (p: string) => boolean | undefined {
  let seen: Map<string, boolean | undefined> | undefined;
  return (p) => {
    seen ??= new Map();
    if (seen.has(p)) return seen.get(p);
    const r = ask(p);
    seen.set(p, r);
    return r;
  };
}
