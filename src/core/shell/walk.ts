// Walk the unbash AST and hand every simple command to the unwrapper, with its stdin, redirections and cwd.
// Threat: commands hidden in `$(…)`, backticks, `<(…)`, here-docs, function bodies, loops and lists.
// Pitfalls (notes/shell-parsers.md §4): getters are lazy (walk with forEachChild, never spread nodes);
// errors sit on every nested Script; an unterminated here-doc reports no error.
import { forEachChild, parse } from 'unbash';
import type { Assignment, Command, CommandNode, Redirection, Script, Statement, SyntaxNode, Word } from 'unbash';
import type { Redir, Stdin, Sub, W } from './types';
import { evalWord, expandBraces, isQuotedLiteral, word, type WordEnv } from './words';
import { NO_ASSIGNS, NO_REDIRS, NO_STDIN } from './empty';

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
}

/** A subshell's copy of the state. */
export function copyBox(b: CwdBox): CwdBox {
  return { value: b.value, old: b.old, vars: b.vars === undefined ? undefined : new Map(b.vars), mounts: b.mounts };
}

interface Saved {
  value: string | null;
  old: string | null | undefined;
  vars: Map<string, W> | undefined;
}

function save(b: CwdBox): Saved {
  return { value: b.value, old: b.old, vars: b.vars === undefined ? undefined : new Map(b.vars) };
}

function restore(b: CwdBox, s: Saved): void {
  b.value = s.value;
  b.old = s.old;
  b.vars = s.vars;
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
  assign(name: string, value: W, ctx: WalkCtx): void;
  /** Text that bash may evaluate later as words (an arithmetic operand, a prompt expansion): its substitutions are judged. */
  deferred(text: string, ctx: WalkCtx): void;
}

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
  const saved = save(ctx.cwd);
  walkNode(host, st.command, ctx, NO_STDIN);
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
      walkNode(host, node.body, sub(ctx, 'function'), NO_STDIN);
      return undefined;
    case 'Coproc':
      walkNode(host, node.body, sub(ctx, 'coproc'), NO_STDIN);
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
      for (const w of node.wordlist ?? []) {
        const ws = expandBraces(w, host.env) ?? [evalWord(w, host.env)];
        for (const x of ws) {
          if (x.alts) alts.push(...x.alts);
          else if (x.value === null && !x.fromInput) unknown = true;
          else alts.push(x);
        }
      }
      host.assign(node.name.value, unknown ? word(null, false, node.name.text, undefined) : word(null, false, node.name.text, undefined, false, alts), ctx);
      walkList(host, node.body.commands, ctx);
      return undefined;
    }
    case 'While':
      // `… | while read f` and `while read f; do …; done < list`: the clause reads the loop's input.
      walkList(host, node.clause.commands, ctx, stdin);
      walkList(host, node.body.commands, ctx);
      return undefined;
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
    case 'TestCommand':
    case 'ArithmeticCommand':
    case 'ArithmeticFor': {
      // Their operands are evaluated as arithmetic, where `a[$(…)]` in a quoted string still runs the command.
      const t = text(ctx, node);
      if (t.includes('$(') || t.includes('`')) host.deferred(t, ctx);
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
    if (fd === undefined || fd === 0) out.stdin = { kind: 'herestring', value: target.value };
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
  let assigns: Record<string, string | null> = NO_ASSIGNS;
  for (const p of prefix) {
    if (p.type !== 'Assignment') continue;
    if (assigns === NO_ASSIGNS) assigns = {};
    const v = p.value.type === 'Word' ? evalWord(p.value, host.env) : word(null, false, p.text, undefined);
    assigns[p.name] = v.value;
    // `X=v` alone sets a shell variable later words see (`X=v cmd` only gives it to cmd).
    if (!node.name) host.assign(p.name, v, ctx);
  }
  // Sized exactly: an empty array grows to 16 slots on its first push (and shrinking one is a runtime call).
  let words: W[] = new Array<W>(count);
  let n = 0;
  let braces = false;
  if (node.name) words[n++] = evalWord(node.name, host.env);
  for (const s of suffix) {
    if (s.type === 'Word') words[n++] = evalWord(s, host.env);
    else if (s.type === 'Assignment') words[n++] = assignmentWord(s.text, s.value, host.env);
    if (s.type === 'Word' && !braces && s.text.includes('{')) braces = true;
  }
  if ((braces || (node.name && node.name.text.includes('{'))) && !words.some((w) => w.value === null && w.glob)) words = withBraces(node, host.env, words);
  // Not node.redirects: that getter builds a list for every command it is read on.
  if (redirCount === 0) return host.command(words, assigns, NO_REDIRS, stdin, text(ctx, node), ctx);
  const { redirs, stdin: own } = redirections(host, prefix, suffix, redirCount);
  return host.command(words, assigns, redirs, own.kind === 'none' ? stdin : own, text(ctx, node), ctx);
}

/** The command's words with brace expansion: `cp x.{ts,bak}` is `cp x.ts x.bak`; `{rm,-rf,b}` is `rm -rf b`. */
function withBraces(node: Command, env: WordEnv, words: W[]): W[] {
  const out: W[] = [];
  let k = 0;
  const all = node.name ? [node.name, ...node.suffix] : [...node.suffix];
  for (const x of all) {
    if (x.type !== 'Word' && x.type !== 'Assignment') continue;
    const ex = x.type === 'Word' ? expandBraces(x, env) : undefined;
    if (ex) out.push(...ex);
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
