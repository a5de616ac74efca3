// Walk the unbash AST and hand every simple command to the unwrapper, with its stdin, redirections and cwd.
// Threat: commands hidden in `$(…)`, backticks, `<(…)`, here-docs, function bodies, loops and lists.
// Pitfalls (notes/shell-parsers.md §4): getters are lazy (walk with forEachChild, never spread nodes);
// errors sit on every nested Script; an unterminated here-doc reports no error.
import { forEachChild, parse } from 'unbash';
import type { ArithmeticFor, Assignment, Command, CommandNode, Redirection, Script, Statement, SyntaxNode, Word } from 'unbash';
import type { Redir, Stdin, Sub, W } from './types';
import { evalWord, expandBraces, isQuotedLiteral, maySplit, positionalWords, splitFields, word, type WordEnv } from './words';
import { NO_ASSIGNS, NO_REDIRS, NO_STDIN } from './empty';
import type { Compare } from './secretvars';
import { arithmeticIn, numericText, testOperands } from './arith';

/**
 * The mutable state of a shell the guard follows: the working directory, `$OLDPWD`, the variables set on the
 * line. Shared by `{ }` and lists, copied for subshells (a `cd` or an assignment there does not leak out).
 */
export interface CwdBox {
  value: string | null;
  old?: string | null;
  vars?: Map<string, W>;
  /** In a container: its bind mounts, container path → host path (what the command there can reach here). */
  mounts?: [string, string][];
  /**
   * The positional parameters a `set --` or `shift` on the line gave: each list they may be (a `set` or `shift`
   * in a branch leaves the earlier list possible too); null when only known at run time; undefined when the line
   * has not changed them (the shell's own, only known at run time).
   */
  args?: W[][] | null;
  /** A nameref or a sourced file may assign any variable unseen: later assignments are not trusted. */
  untrusted?: boolean;
}

/** A subshell's copy of the state. */
export function copyBox(b: CwdBox): CwdBox {
  return { value: b.value, old: b.old, vars: b.vars === undefined ? undefined : new Map(b.vars), mounts: b.mounts, args: b.args, untrusted: b.untrusted };
}

interface Saved {
  value: string | null;
  old: string | null | undefined;
  vars: Map<string, W> | undefined;
  args: W[][] | null | undefined;
  untrusted: boolean | undefined;
}

function save(b: CwdBox): Saved {
  return { value: b.value, old: b.old, vars: b.vars === undefined ? undefined : new Map(b.vars), args: b.args, untrusted: b.untrusted };
}

function restore(b: CwdBox, s: Saved): void {
  b.value = s.value;
  b.old = s.old;
  b.vars = s.vars;
  b.args = s.args;
  b.untrusted = s.untrusted;
}

export interface WalkCtx {
  via: string[];
  cwd: CwdBox;
  remote: boolean;
  depth: number;
  src: string;
  /** Variables a wrapper's assignments export to what it runs (`BASH_ENV=x bash -c ls`, `PAGER=… sh -c 'git log'`). */
  env?: Record<string, string | null>;
}

/** What the walker needs from the analyzer (kept as an interface so the modules do not import each other). */
export interface WalkHost {
  env: WordEnv;
  error(msg: string): void;
  /** Unwrap and register; returns the sub-command that consumes the pipeline's data, if any. */
  command(words: W[], assigns: Record<string, string | null>, redirects: Redir[], stdin: Stdin, text: string, ctx: WalkCtx): Sub | undefined;
  /** Redirections on a compound command (`{ …; } > f`, `while …; done < list`). */
  compoundRedirects(redirs: Redir[], text: string, ctx: WalkCtx): void;
  /** A function defined on the line (calls to it run its body, judged where it is defined). */
  defineFunction(name: string, body: string): void;
  /** A variable set on the line (an assignment, a loop variable): later words see its possible values. */
  /** `loop`: the variable of a `for` loop (each of the list's words in turn). */
  assign(name: string, value: W, ctx: WalkCtx, loop?: boolean): void;
  /**
   * A variable given the expansion of `from` (source text): an assignment, a loop variable, `read` from a
   * here-string. `escapes`: the copy outlives the line or is handed to a program (see VarCopy).
   */
  copy(name: string, from: string, text: string, escapes: boolean): void;
  /** A test, `case` or arithmetic on the line: what it compares may be a secret. */
  compare(c: Compare): void;
  /**
   * Arithmetic bash evaluates here (`((n))`, `$((n))`, `${a[n]}`, `[[ $n -lt 3 ]]`): a variable in it holding a
   * value only known at run time may be code (`a[$(rm -rf build)]`). `names`: words bash takes as a variable's
   * name (`[[ -v $x ]]`), whose `$` references are judged the same way.
   */
  arith(exprs: readonly string[], names: readonly string[], text: string, ctx: WalkCtx): void;
  /**
   * The files a loop word's glob matches now (`for f in scripts/*.sh`), sorted as bash lists them; undefined when
   * the guard cannot list them (a pattern in a folder name, too many, no listing of the disk).
   */
  expandGlob?(pattern: string, cwd: string | null): string[] | undefined;
  /** Text that bash may evaluate later as words (an arithmetic operand, a prompt expansion): its substitutions are judged. */
  deferred(text: string, ctx: WalkCtx): void;
  /** A job started in the background (`cmd &`). */
  background(): void;
  /** Enter a body that may repeat without a visible bound (a loop, a function); `closeRepeat` says whether it started background jobs. */
  openRepeat(): void;
  closeRepeat(): boolean;
  /** A loop without a visible bound whose body starts background jobs: they pile up until the machine runs out of processes. */
  spawnLoop(text: string): void;
  /** A function's body was walked; `background`: it starts background jobs; its sub-commands are `[from, to)`. */
  functionDone(name: string, background: boolean, from: number, to: number): void;
  /** How many sub-commands have been seen so far (marks the start and end of a body). */
  subCount(): number;
  /** A statement run in the background (`… &`) is being walked (`true`), or is done (`false`). */
  detached(on: boolean): void;
  /**
   * A loop that nothing visible can end (`while :`, `until false`, `for ((;;))`, no `break`/`exit`/`return` in
   * its body); its body's sub-commands are `[from, to)`. `ends`: it does end, but only after very many passes.
   */
  endlessLoop(text: string, from: number, to: number, ends?: boolean): void;
}

/**
 * The most passes a loop may make and still count as bounded when its body starts background jobs (`for f in a
 * b c; do build $f & done; wait` is a build; `for i in $(seq 100000); do sleep 1 & done` exhausts the machine).
 */
export const MAX_BOUNDED_PASSES = 64;

export const MAX_DEPTH = 12;

export function parseAndWalk(host: WalkHost, source: string, ctx: WalkCtx): void {
  const script = parse(source);
  walkScript(host, script, ctx.src === source ? ctx : withSrc(ctx, source));
}

function walkScript(host: WalkHost, script: Script & { errors?: readonly { message: string; pos: number }[] }, ctx: WalkCtx): void {
  const errors = script.errors;
  if (errors) for (const e of errors) host.error(`${e.message} at ${e.pos}`);
  const c = script.source !== undefined && script.source !== ctx.src ? withSrc(ctx, script.source) : ctx;
  for (const st of script.commands) walkStatement(host, st, c);
}

function walkStatement(host: WalkHost, st: Statement, ctx: WalkCtx): void {
  if (!st.background) {
    walkNode(host, st.command, ctx, NO_STDIN);
    return;
  }
  // `a &` runs in a subshell: a `cd` there does not move the parent (restored, as for a pipeline's elements).
  host.background();
  const saved = save(ctx.cwd);
  host.detached(true);
  try {
    walkNode(host, st.command, ctx, NO_STDIN);
  } finally {
    host.detached(false);
  }
  restore(ctx.cwd, saved);
}

// WalkCtx objects are written out field by field, not spread: a spread is a runtime call that allocates more.
function withSrc(ctx: WalkCtx, src: string): WalkCtx {
  return { via: ctx.via, cwd: ctx.cwd, remote: ctx.remote, depth: ctx.depth, src, env: ctx.env };
}

/** A subshell-like context: its own `via` entry and its own working directory. */
function sub(ctx: WalkCtx, label: string, depth = ctx.depth): WalkCtx {
  return { via: withLabel(ctx.via, label), cwd: copyBox(ctx.cwd), remote: ctx.remote, depth, src: ctx.src, env: ctx.env };
}

/** `[...via, label]`, sized exactly (a spread iterates and over-allocates). */
export function withLabel(via: string[], label: string): string[] {
  const out = new Array<string>(via.length + 1);
  for (let i = 0; i < via.length; i++) out[i] = via[i];
  out[via.length] = label;
  return out;
}

function walkNode(host: WalkHost, node: SyntaxNode, ctx: WalkCtx, stdin: Stdin): Sub | undefined {
  switch (node.type) {
    case 'AndOr':
      for (const c of node.commands) walkNode(host, c, ctx, stdin);
      return undefined;
    case 'Pipeline': {
      // Every element of a multi-command pipeline runs in a subshell: a `cd` in one moves neither the others
      // nor what follows. The walk is sequential and nothing keeps the box, so saving and restoring its value
      // is the same as giving each element a copy (a copied ctx and box per element was garbage on every line).
      const cmds = node.commands;
      if (cmds.length === 1) return walkNode(host, cmds[0], ctx, stdin);
      const saved = save(ctx.cwd);
      let prev: Sub | undefined;
      for (let i = 0; i < cmds.length; i++) {
        prev = walkNode(host, cmds[i], ctx, i === 0 ? stdin : { kind: 'pipe', from: prev });
        restore(ctx.cwd, { ...saved, vars: saved.vars === undefined ? undefined : new Map(saved.vars) });
      }
      return prev;
    }
    case 'Command':
      return walkCommand(host, node, ctx, stdin);
    case 'Subshell':
      walkList(host, node.body.commands, sub(ctx, '()'));
      return undefined;
    case 'BraceGroup':
      walkList(host, node.body.commands, ctx);
      return undefined;
    case 'Redirected': {
      for (const r of node.redirects) walkNode(host, r, ctx, NO_STDIN);
      const { redirs, stdin: st } = redirections(host, node.redirects, NO_ITEMS, node.redirects.length);
      if (redirs.length) host.compoundRedirects(redirs, text(ctx, node), ctx);
      return walkNode(host, node.command, ctx, st.kind === 'none' ? stdin : st);
    }
    case 'Function':
      // A defined function may be called later in the line (or by name from a wrapper): judge its body as run.
      host.defineFunction(node.name.value, text(ctx, node.body));
      // A function may be called in a loop or call itself: whether its body starts background jobs is kept.
      host.openRepeat();
      const from = host.subCount();
      {
        // Its positional parameters are its call's (judged where it is called), not the line's.
        const fctx = sub(ctx, 'function');
        fctx.cwd.args = undefined;
        walkNode(host, node.body, fctx, NO_STDIN);
      }
      host.functionDone(node.name.value, host.closeRepeat(), from, host.subCount());
      return undefined;
    case 'Coproc':
      // A coprocess runs in the background, like `… &`.
      host.detached(true);
      try {
        walkNode(host, node.body, sub(ctx, 'coproc'), NO_STDIN);
      } finally {
        host.detached(false);
      }
      return undefined;
    case 'CompoundList':
      walkList(host, node.commands, ctx);
      return undefined;
    case 'Statement':
      walkStatement(host, node, ctx);
      return undefined;
    case 'Script':
      walkScript(host, node, ctx);
      return undefined;
    case 'CommandExpansion':
    case 'ProcessSubstitution':
    case 'ArithmeticCommandExpansion': {
      if (ctx.depth >= MAX_DEPTH) {
        host.error('nesting too deep');
        return undefined;
      }
      const label = node.type === 'ProcessSubstitution' ? `${node.operator}()` : '$()';
      if (node.script) walkScript(host, node.script, sub(ctx, label, ctx.depth + 1));
      else host.error(`unparsed substitution ${node.text}`);
      return undefined;
    }
    // The common compound commands, in forEachChild's order without its per-node closure.
    case 'If':
      walkList(host, node.clause.commands, ctx);
      walkList(host, node.then.commands, ctx);
      for (const e of node.elif) {
        walkList(host, e.clause.commands, ctx);
        walkList(host, e.then.commands, ctx);
      }
      if (node.else) walkList(host, node.else.commands, ctx);
      return undefined;
    case 'For': {
      walkNode(host, node.name, ctx, NO_STDIN);
      if (node.wordlist) for (const w of node.wordlist) walkNode(host, w, ctx, NO_STDIN);
      // The loop variable is each word of the list in turn (`for f in .env src/*.ts`): its alternatives.
      setEnv(host, ctx);
      const alts: W[] = [];
      let unknown = !node.wordlist;
      // Words from a command's output (`$(seq 1 100000)`) or a range too long to expand: no visible bound.
      let unbounded = unknown;
      for (const w of node.wordlist ?? []) {
        if (!unbounded && (w.text.includes('..') || w.text.includes('$') || w.text.includes('`')) && !isQuotedLiteral(w.text)) unbounded = !fewPasses(w.text);
        const ws = expandBraces(w, host.env) ?? expandWord(w, host.env);
        for (const x of ws) {
          const files = x.glob && !x.alts && x.value !== null && !x.fromInput ? host.expandGlob?.(x.value, ctx.cwd.value) : undefined;
          // Each listed file is judged as a value of the loop, still marked as a glob's: the set is the one bash finds
          // at run time (a delete of each is a delete by glob, rt20cmd: `for f in build/*; do rm -f "$f"; done`).
          if (files !== undefined && files.length > 0) for (const f of files) alts.push(word(f, true, f, f));
          else if (x.alts) alts.push(...x.alts);
          else if (x.value === null && !x.fromInput) unknown = true;
          else alts.push(x);
        }
      }
      // A list of numbers by construction (`$(seq 1 10)`) is no code when bash evaluates the variable as arithmetic.
      const numeric = unknown && node.wordlist !== undefined && node.wordlist.length === 1 && numericText(node.wordlist[0].text);
      host.assign(
        node.name.value,
        unknown ? word(null, false, numeric ? node.wordlist![0].text : node.name.text, undefined) : word(null, false, node.name.text, undefined, false, alts),
        ctx,
        true,
      );
      if (node.wordlist) host.copy(node.name.value, node.wordlist.map((w) => w.text).join(' '), text(ctx, node), ctx.via.length === 0);
      // A list only known at run time (`$(seq 1 100000)`, `$@`) or a long one: no visible bound.
      const passes = (node.wordlist ?? []).reduce((n, w) => n + (w.text.includes('..') ? rangePasses(w.text) : 1), 0);
      walkLoopBody(host, node, ctx, unbounded || unknown || alts.length > MAX_BOUNDED_PASSES, false, passes > MAX_WRITING_PASSES);
      return undefined;
    }
    case 'Select':
      // `select x in $T`: x is one of the words, as for `for`.
      if (node.wordlist) host.copy(node.name.value, node.wordlist.map((w) => w.text).join(' '), text(ctx, node), ctx.via.length === 0);
      walkChildren(host, node, ctx);
      return undefined;
    case 'While':
      // `… | while read f` and `while read f; do …; done < list`: the clause reads the loop's input.
      walkList(host, node.clause.commands, ctx, stdin);
      // Only a loop reading a file or a here-document line by line has a bound the guard can see.
      walkLoopBody(
        host,
        node,
        ctx,
        !(readsLines(node.clause.commands) && (stdin.kind === 'file' || stdin.kind === 'heredoc' || stdin.kind === 'herestring')),
        endlessClause(node.kind, text(ctx, node.clause)),
      );
      return undefined;
    case 'ArithmeticFor': {
      const t = text(ctx, node);
      host.compare({ kind: 'arith', text: t });
      if (t.includes('$(') || t.includes('`')) host.deferred(t, ctx);
      host.arith(
        [node.initialize, node.test, node.update].flatMap((e) => (e ? [text(ctx, e)] : [])),
        [],
        t,
        ctx,
      );
      for (const e of [node.initialize, node.test, node.update]) if (e) walkNode(host, e, ctx, NO_STDIN);
      walkLoopBody(host, node, ctx, !arithmeticBound(node, ctx), !node.test || /^\s*[1-9]\d*\s*$/.test(text(ctx, node.test)));
      return undefined;
    }
    case 'HereDoc': {
      if (!node.closing) host.error('unterminated here-document');
      // Its descriptor and delimiter hold nothing that runs; the body's parts (none when quoted) may.
      const parts = node.body.parts;
      if (parts) for (const p of parts) walkNode(host, p, ctx, NO_STDIN);
      return undefined;
    }
    // The nodes under every command: handled without forEachChild's per-node closure.
    case 'Word':
    case 'DoubleQuoted': {
      // Words of commands, redirect targets, assignments, loop lists: reading parts re-lexes the word.
      if (node.type === 'Word' && !mayRunCommands(node.text)) return undefined;
      const parts = node.parts;
      if (parts) for (const p of parts) walkNode(host, p, ctx, NO_STDIN);
      return undefined;
    }
    case 'Redirect':
    case 'HereString':
      if (node.target) walkNode(host, node.target, ctx, NO_STDIN);
      return undefined;
    case 'Assignment':
      if (node.index) walkNode(host, node.index, ctx, NO_STDIN);
      walkNode(host, node.value, ctx, NO_STDIN);
      return undefined;
    case 'Literal':
    case 'SingleQuoted':
    case 'AnsiCQuoted':
    case 'SimpleExpansion':
      return undefined;
    case 'Case':
      host.arith(arithmeticIn(node.word.text), [], text(ctx, node), ctx);
      host.compare({ kind: 'case', text: text(ctx, node), subject: node.word.text, patterns: node.items.flatMap((it) => it.pattern.map((p) => p.text)) });
      walkChildren(host, node, ctx);
      return undefined;
    case 'TestCommand':
    case 'ArithmeticCommand': {
      // Their operands are evaluated as arithmetic, where `a[$(…)]` in a quoted string still runs the command.
      const t = text(ctx, node);
      host.compare({ kind: node.type === 'TestCommand' ? 'test' : 'arith', text: t });
      if (t.includes('$(') || t.includes('`')) host.deferred(t, ctx);
      if (node.type === 'ArithmeticCommand') host.arith([t.replace(/^\s*\(\(/, '').replace(/\)\)\s*$/, '')], [], t, ctx);
      else {
        const o = testOperands(t);
        host.arith([...o.arith, ...arithmeticIn(t)], o.names, t, ctx);
      }
      walkChildren(host, node, ctx);
      return undefined;
    }
    default:
      // If/While/For/Case/Select/ArithmeticFor/TestCommand/ArithmeticCommand, words, parts, assignments:
      // descend; nested commands and substitutions are found by the cases above.
      walkChildren(host, node, ctx);
      return undefined;
  }
}

/**
 * A loop's body. Threat: an unbounded spawn loop (`while true; do sleep 1 & done`, a fork bomb without the
 * `:(){` shape): a loop with no visible bound whose body starts background jobs is reported to the host.
 */
function walkLoopBody(
  host: WalkHost,
  node: { body: { commands: readonly Statement[]; pos: number; end: number }; pos: number; end: number },
  ctx: WalkCtx,
  unbounded: boolean,
  endless = false,
  huge = false,
): void {
  if (!unbounded) {
    walkList(host, node.body.commands, ctx);
    return;
  }
  // Threat: a loop nothing can end that grows something on every pass (`while :; do mkdir d; cd d; done`,
  // `while true; do echo x >> log; done`) fills the disk; one left running in the background never stops.
  const forever = endless;
  const from = forever || huge ? host.subCount() : 0;
  host.openRepeat();
  walkList(host, node.body.commands, ctx);
  if (host.closeRepeat()) host.spawnLoop(text(ctx, node));
  if (forever || huge) host.endlessLoop(text(ctx, node), from, host.subCount(), !forever);
}

/**
 * A loop condition nothing can turn: `while :`, `while true`, `while sleep 1`, `while [ 1 ]`, `while ((1))`,
 * `until false`. A condition that runs anything else (`until curl -fs …`, `while [ -f lock ]`) may end it.
 */
function endlessClause(kind: 'while' | 'until', clause: string): boolean {
  let c = clause.trim().replace(/;$/, '').trim();
  let k = kind;
  // `while ! false` is `until false`; `command true`, `builtin :`, `/bin/true` are `true`.
  for (let i = 0; i < 4; i++) {
    const m = /^!\s+(.*)$/.exec(c);
    if (m) {
      c = m[1];
      k = k === 'while' ? 'until' : 'while';
      continue;
    }
    const n = /^(?:command|builtin)\s+(.*)$/.exec(c) ?? /^(?:\/usr)?\/bin\/(true|false)$/.exec(c);
    if (!n) break;
    c = n[1];
  }
  if (k === 'until') return /^(?:false|\(\(\s*0\s*\)\)|\[\s+\]|\[\s+(\d+)\s+(?:=|==|-eq)\s+(?!\1\s)\d+\s+\])$/.test(c);
  if (/^\[\[?\s+(\w+)\s+(?:=|==|-eq)\s+(\w+)\s+\]\]?$/.test(c)) {
    const m = /^\[\[?\s+(\w+)\s+(?:=|==|-eq)\s+(\w+)/.exec(c)!;
    return m[1] === m[2];
  }
  return /^(?::|true|sleep\s+[\d.]+[smhd]?|\[\s+[\w.]+\s+\]|\[\[\s+[\w.]+\s+\]\]|test\s+[\w.]+|\(\(\s*[1-9]\d*\s*\)\))$/.test(c);
}

/**
 * A loop word whose passes the guard can count: no substitution (`$(seq 1 100000)`, `$@`, `$N` are only known at
 * run time; a plain variable set on the line is counted through its values) and brace ranges of few passes.
 */
function fewPasses(text: string): boolean {
  if (text.includes('$(') || text.includes('`') || /\$[@*#\d]|\$\{[@*#\d]/.test(text)) return false;
  return rangePasses(text) <= MAX_BOUNDED_PASSES;
}

/** How many words a loop word's brace ranges make (`{1..1000000}`: a million); 1 without ranges. */
function rangePasses(text: string): number {
  let n = 1;
  for (const m of text.matchAll(/\{(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.-?\d+)?\}/g)) {
    const a = /\d/.test(m[1]) ? Number(m[1]) : m[1].charCodeAt(0);
    const b = /\d/.test(m[2]) ? Number(m[2]) : m[2].charCodeAt(0);
    n *= Math.abs(b - a) + 1;
  }
  return n;
}

/**
 * More passes than any everyday loop makes: a loop this long that writes on each pass (`for i in {1..1000000};
 * do touch f$i; done`) exhausts the disk's inodes or space like an endless one.
 */
export const MAX_WRITING_PASSES = 10_000;

/** A `while` clause that is a single `read` (`while read -r f; do …; done < list`). */
function readsLines(clause: readonly Statement[]): boolean {
  if (clause.length !== 1) return false;
  const c = clause[0].command;
  return c.type === 'Command' && c.name?.value === 'read';
}

/**
 * `for ((i = 0; i < 8; i++))`: a counter from one literal number to another, a step of one, few passes. Anything
 * else (`for ((;;))`, a bound in a variable, a step the guard does not read) has no visible bound.
 */
function arithmeticBound(node: ArithmeticFor, ctx: WalkCtx): boolean {
  if (!node.initialize || !node.test || !node.update) return false;
  const init = /^\s*([A-Za-z_]\w*)\s*=\s*(\d+)\s*$/.exec(text(ctx, node.initialize));
  const test = /^\s*([A-Za-z_]\w*)\s*(<=?|>=?)\s*(\d+)\s*$/.exec(text(ctx, node.test));
  const step = /^\s*(?:([A-Za-z_]\w*)(\+\+|--)|(\+\+|--)([A-Za-z_]\w*)|([A-Za-z_]\w*)\s*(\+=|-=)\s*1)\s*$/.exec(text(ctx, node.update));
  if (!init || !test || !step) return false;
  const v = init[1];
  const stepVar = step[1] ?? step[4] ?? step[5];
  const up = (step[2] ?? step[3] ?? step[6]).startsWith('+');
  if (test[1] !== v || stepVar !== v || up !== test[2].startsWith('<')) return false;
  return Math.abs(Number(test[3]) - Number(init[2])) <= MAX_BOUNDED_PASSES;
}

function walkChildren(host: WalkHost, node: SyntaxNode, ctx: WalkCtx): void {
  forEachChild(node, (c) => walkNode(host, c, ctx, NO_STDIN));
}

/**
 * Can a word's source text hold a command (`$(…)`, `$((…))`, `${x:-$(…)}`, backticks, `<(…)`, `>(…)`)? Every
 * one of them needs a backtick or a `(` (a bare `$x` or `"$?"` runs nothing), outside single quotes and
 * unescaped in double quotes; a word without any is not descended into (descending makes unbash lex the word
 * a second time to build its parts).
 */
function mayRunCommands(text: string): boolean {
  return (text.includes('`') || text.includes('(')) && !isQuotedLiteral(text);
}

function walkList(host: WalkHost, list: readonly Statement[], ctx: WalkCtx, stdin: Stdin = NO_STDIN): void {
  for (const st of list) {
    if (stdin.kind !== 'none' && !st.background) walkNode(host, st.command, ctx, stdin);
    else walkStatement(host, st, ctx);
  }
}

/** Words are evaluated where the command runs: its directory, $OLDPWD and the variables set so far. */
function setEnv(host: WalkHost, ctx: WalkCtx): void {
  const e = host.env;
  e.cwd = ctx.cwd.value;
  e.old = ctx.cwd.old;
  e.vars = ctx.cwd.vars;
  const a = ctx.cwd.args;
  e.pos = a !== undefined && a !== null && a.length === 1 ? a[0] : undefined;
}

/**
 * The words one word of a command is after expansion: `"$@"` the positional parameters, an unquoted expansion
 * split into fields (`$(echo -q --hard)` is two words, an empty `$x` none), else the word evaluated.
 */
export function expandWord(node: Word, env: WordEnv): W[] {
  const text = node.text;
  if (env.pos !== undefined) {
    const p = positionalWords(text, env);
    if (p !== undefined) return p;
  }
  const w = evalWord(node, env);
  if (!maySplit(text, w, env)) return [w];
  return splitFields(node, w, env) ?? [w];
}

function text(ctx: WalkCtx, node: { pos: number; end: number }): string {
  return ctx.src.slice(node.pos, node.end);
}

/** A command's redirections as the rules see them, and the stdin they give it. */
interface RedirList {
  redirs: Redir[];
  n: number;
  stdin: Stdin;
}

const NO_ITEMS: readonly (Word | Assignment | Redirection)[] = [];

/**
 * The redirections among `prefix` and `suffix` (what unbash's `redirects` getter lists, in its order, without
 * the list it builds per command); `count` of them, here-docs included. The list is sized, then trimmed in
 * place (here-docs are not listed): a list grown by push gets 17 slots.
 */
function redirections(
  host: WalkHost,
  prefix: readonly (Assignment | Redirection)[],
  suffix: readonly (Word | Assignment | Redirection)[],
  count: number,
): RedirList {
  const out: RedirList = { redirs: new Array<Redir>(count), n: 0, stdin: NO_STDIN };
  for (const r of prefix) if (r.type !== 'Assignment') addRedirection(host, out, r);
  for (const r of suffix) if (r.type !== 'Word' && r.type !== 'Assignment') addRedirection(host, out, r);
  if (out.n === 0) out.redirs = NO_REDIRS;
  else if (out.n < count) out.redirs.length = out.n;
  return out;
}

function addRedirection(host: WalkHost, out: RedirList, r: Redirection): void {
  const fd = r.descriptor?.type === 'FileDescriptor' ? r.descriptor.value : undefined;
  if (r.type === 'HereDoc') {
    if (fd === undefined || fd === 0) {
      const quoted = r.delimiter?.quoted ?? false;
      out.stdin = { kind: 'heredoc', body: r.body.text, quoted };
    }
    return;
  }
  if (!r.target) {
    host.error(`redirection ${r.operator} without target`);
    return;
  }
  const target = evalWord(r.target, host.env);
  if (r.type === 'HereString') {
    if (fd === undefined || fd === 0) out.stdin = { kind: 'herestring', value: target.value, text: target.text };
    out.redirs[out.n++] = { op: '<<<', fd, target };
    return;
  }
  out.redirs[out.n++] = { op: r.operator, fd, target };
  if ((r.operator === '<' || r.operator === '<>') && (fd === undefined || fd === 0)) out.stdin = { kind: 'file', path: target };
}

function walkCommand(host: WalkHost, node: Command, ctx: WalkCtx, stdin: Stdin): Sub | undefined {
  // Substitutions anywhere in the command run first (in words, assignments, redirect targets, here-doc bodies).
  // Words are evaluated where the command runs ($PWD).
  setEnv(host, ctx);
  // Same order as forEachChild (prefix, name, suffix), without its per-command closure.
  const prefix = node.prefix;
  const suffix = node.suffix;
  let redirCount = 0;
  for (const c of prefix) {
    if (c.type !== 'Assignment') redirCount++;
    walkNode(host, c, ctx, NO_STDIN);
  }
  if (node.name) walkNode(host, node.name, ctx, NO_STDIN);
  let count = node.name ? 1 : 0;
  for (const c of suffix) {
    if (c.type === 'Word' || c.type === 'Assignment') count++;
    else redirCount++;
    walkNode(host, c, ctx, NO_STDIN);
  }
  setEnv(host, ctx);
  const t0 = text(ctx, node);
  if (t0.includes('$')) {
    const exprs = arithmeticIn(t0);
    if (exprs.length) host.arith(exprs, [], t0, ctx);
  }
  let assigns: Record<string, string | null> = NO_ASSIGNS;
  for (const p of prefix) {
    if (p.type !== 'Assignment') continue;
    if (assigns === NO_ASSIGNS) assigns = {};
    // bash's command hash and alias tables as variables: `BASH_CMDS[ls]=/bin/rm; ls -rf src` runs rm as `ls`.
    if (p.name.startsWith('BASH_CMDS') || p.name.startsWith('BASH_ALIASES'))
      host.error(`${p.name}= changes which program a command name runs (bash's hash or alias table)`);
    const v = p.value.type === 'Word' ? evalWord(p.value, host.env) : word(null, false, p.text, undefined);
    // `HOME=$HOME`, `GOPATH=$HOME/go`: a value built from the home folder is known (judged where it leads).
    assigns[p.name] = v.value ?? extendedPath(v.text, host.env.home, host.env.cwd);
    // A prefix copy hands the value to the program under another name; a bare one outlives the line at the top level.
    if (p.text.includes('$')) host.copy(p.name, p.text, text(ctx, node), node.name !== undefined || ctx.via.length === 0);
    // `X=v` alone sets a shell variable later words see (`X=v cmd` only gives it to cmd).
    if (!node.name) host.assign(p.name, v, ctx);
  }
  // Positional parameters that may be several lists (a `set --` or `shift` in a branch): the command is judged
  // with each.
  const alts = ctx.cwd.args;
  const t = text(ctx, node);
  if (alts && alts.length > 1 && POSITIONAL.test(t)) {
    let last: Sub | undefined;
    for (const a of alts) {
      host.env.pos = a;
      last = commandWords(host, node, ctx, stdin, count, redirCount, assigns, t) ?? last;
    }
    return last;
  }
  return commandWords(host, node, ctx, stdin, count, redirCount, assigns, t);
}

/** A reference to the positional parameters (`$1`, `"$@"`, `${2}`, `$*`). */
const POSITIONAL = /\$(?:[@*1-9]|\{[@*1-9])/;

function commandWords(
  host: WalkHost,
  node: Command,
  ctx: WalkCtx,
  stdin: Stdin,
  count: number,
  redirCount: number,
  assigns: Record<string, string | null>,
  t: string,
): Sub | undefined {
  const prefix = node.prefix;
  const suffix = node.suffix;
  // Sized exactly: an empty array grows to 16 slots on its first push (and shrinking one is a runtime call).
  let words: W[] = new Array<W>(count);
  let n = 0;
  let braces = false;
  // The words of the nodes whose expansion is not one word (`"$@"`, `$(echo -q --hard)`), by node index.
  let groups: (W[] | undefined)[] | undefined;
  const one = (x: Word, k: number): W => {
    const ws = expandWord(x, host.env);
    if (ws.length === 1) return ws[0];
    (groups ??= [])[k] = ws;
    return ws[0] ?? DROPPED;
  };
  if (node.name) {
    words[n] = one(node.name, n);
    n++;
  }
  for (const s of suffix) {
    if (s.type === 'Word') {
      words[n] = one(s, n);
      n++;
    } else if (s.type === 'Assignment') {
      words[n++] = assignmentWord(s.text, s.value, host.env);
      // `export T=$X`, `declare T=$X`, `local T=$X`: a copy (in a function, `local` ends with it).
      if (s.text.includes('$')) host.copy(s.name, s.text, t, ctx.via.length === 0);
    }
    if (s.type === 'Word' && !braces && s.text.includes('{')) braces = true;
  }
  if ((braces || (node.name && node.name.text.includes('{'))) && !words.some((w) => w.value === null && w.glob))
    words = withBraces(node, host.env, words, groups);
  else if (groups !== undefined) {
    const g = groups;
    words = words.flatMap((w, k) => g[k] ?? [w]);
  }
  // Not node.redirects: that getter builds a list for every command it is read on.
  if (redirCount === 0) return host.command(words, assigns, NO_REDIRS, stdin, t, ctx);
  const { redirs, stdin: own } = redirections(host, prefix, suffix, redirCount);
  return host.command(words, assigns, redirs, own.kind === 'none' ? stdin : own, t, ctx);
}

/** Stands in for a word whose expansion is no word at all, until the words are flattened. */
const DROPPED: W = word('', false, '', '');

/** The command's words with brace expansion: `cp x.{ts,bak}` is `cp x.ts x.bak`; `{rm,-rf,b}` is `rm -rf b`. */
function withBraces(node: Command, env: WordEnv, words: W[], groups: (W[] | undefined)[] | undefined): W[] {
  const out: W[] = [];
  let k = 0;
  const all = node.name ? [node.name, ...node.suffix] : [...node.suffix];
  for (const x of all) {
    if (x.type !== 'Word' && x.type !== 'Assignment') continue;
    const ex = x.type === 'Word' ? expandBraces(x, env) : undefined;
    if (ex) out.push(...ex);
    else if (groups?.[k] !== undefined) out.push(...groups[k]!);
    else out.push(words[k]);
    k++;
  }
  return out;
}

/** `export A=$(x)` / `declare B=1`: an argument that is an assignment; literal only when its value is. */
function assignmentWord(src: string, value: Word | { type: 'ArrayValue' }, env: WordEnv): W {
  if (value.type !== 'Word') return word(null, false, src, undefined);
  const v = evalWord(value, env);
  const eq = src.indexOf('=');
  return word(v.value === null ? null : src.slice(0, eq + 1) + v.value, false, src, undefined);
}

export type { CommandNode };

/**
 * `PATH="$HOME/.cargo/bin:$PATH"`, `PATH=$PATH:/usr/local/go/bin`: the inherited PATH and the home folder are
 * known, so such a value can be checked entry by entry; anything else run-time (a substitution, another
 * variable) stays unknown (null). The inherited entries are dropped: they are the ones every command already uses.
 */
export function extendedPath(text: string, home: string | undefined, cwd?: string | null): string | null {
  const t = text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
  const out: string[] = [];
  for (const e of t.split(':')) {
    if (e === '$PATH' || e === '${PATH}') continue;
    const h = /^(\$HOME|\$\{HOME\}|~)(\/|$)/.exec(e);
    // `$PWD/node_modules/.bin`: the working directory where the assignment is evaluated, when the guard knows it.
    const c = /^(\$PWD|\$\{PWD\})(\/|$)/.exec(e);
    const d = h ? (home === undefined ? null : home + e.slice(h[1].length)) : c ? (cwd ? cwd + e.slice(c[1].length) : null) : e;
    if (d === null || /[$`\\"'*?[{(]/.test(d)) return null;
    out.push(d);
  }
  return out.length ? out.join(':') : null;
}
