// One session of simulated calls, for `agentguard eval` and `agentguard test`: every call goes through
// GuardService.run deciding only (nothing runs, nothing is recorded), and then through the context step as
// the line settles it — a deny stands, an ask is answered as the line says (`answer`) or left to a host's own
// prompt (counted as a call that may run). Counts live in memory from an empty start, on a clock the lines
// move (src/core/context/clock.ts): a dry run neither spends nor sees the workspace's real budgets.
// A line without `at` is a case of its own: it is counted in a scratch store that is thrown away after it, so
// it sees the lockdown but no earlier call, and no later call sees it.
import { SessionClock } from '../core/context/clock';
import { ContextGate } from '../core/context/gate';
import { MemoryStore } from '../core/context/memory';
import type { CountEvent, CounterStore, LockdownState } from '../core/context/types';
import type { FsProbe } from '../core/paths/resolve';
import type { Policy } from '../core/policy/types';
import { type CanonicalCall, type Channel, type Op, type Verdict } from '../core/types';
import { normalize } from '../core/shell/fsfacts';
import { EMPTY_TERMINAL, linesToJudge, settle, type TerminalState } from '../core/shell/terminalState';
import { nodeFsProbe } from '../node/fsProbe';
import { GuardService } from '../node/guardService';

const CHANNELS: readonly Channel[] = ['tool', 'hook', 'mcp', 'cli'];

/** A line's call (with its context: agent, channel, tool, session), or what is wrong with it. */
export function callFromJson(obj: unknown, n: number): CanonicalCall | string {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return 'each line must be a JSON object';
  const o = obj as Record<string, unknown>;
  const op = o.op;
  for (const k of ['agent', 'tool', 'session'] as const) {
    if (o[k] !== undefined && (typeof o[k] !== 'string' || o[k] === '')) return `\`${k}\` must be a non-empty string`;
  }
  if (o.channel !== undefined && !CHANNELS.includes(o.channel as Channel)) return `\`channel\` must be one of ${CHANNELS.join(', ')}`;
  const base = {
    id: `eval-${n}`,
    agent: (o.agent as string | undefined) ?? 'cli',
    channel: (o.channel as Channel | undefined) ?? 'cli',
    tool: (o.tool as string | undefined) ?? 'eval',
    args: obj,
    ...(typeof o.session === 'string' ? { session: o.session } : {}),
  };
  if (op === 'exec') {
    if (typeof o.command !== 'string') return '`command` must be a string';
    if (o.cwd !== undefined && typeof o.cwd !== 'string') return '`cwd` must be a string';
    return { ...base, op: 'exec', paths: [], command: o.command, cwd: o.cwd as string | undefined };
  }
  if (op === 'read' || op === 'write' || op === 'delete' || op === 'rename' || op === 'list' || op === 'search') {
    const paths =
      typeof o.path === 'string' ? [o.path] : Array.isArray(o.paths) && o.paths.every((p) => typeof p === 'string') ? (o.paths as string[]) : undefined;
    if (!paths) return '`path` must be a string';
    if (op === 'rename' && typeof o.dest !== 'string') return 'rename needs `dest` (a string)';
    if (o.content !== undefined && typeof o.content !== 'string') return '`content` must be a string';
    return { ...base, op: op as Op, paths, dest: o.dest as string | undefined, ...(typeof o.content === 'string' ? { content: o.content } : {}) };
  }
  return `unknown op ${JSON.stringify(op)}: expected read, write, delete, rename or exec`;
}

export interface SessionOptions {
  home: string;
  policyFile?: string;
  /** A policy to use as it is (`agentguard test` with a shipped policy). */
  policy?: Policy;
  /** What `at: 0` is. Default: now. */
  start?: number;
  /** A line without `at` joins the session at the time of the line before (`eval --session`), instead of standing alone. */
  untimedInSession?: boolean;
}

/** The session's counts, or a scratch store for one untimed line; the lockdown is always the session's. */
class SwitchStore implements CounterStore {
  readonly session = new MemoryStore();
  private scratch: MemoryStore | undefined;

  /** Count the next call alone (true) or in the session (false). */
  alone(on: boolean): void {
    this.scratch = on ? new MemoryStore() : undefined;
  }
  private get counts(): MemoryStore {
    return this.scratch ?? this.session;
  }
  append(ev: CountEvent): void {
    this.counts.append(ev);
  }
  appendAndRead(ev: CountEvent, since: number): { events: readonly CountEvent[]; self: number; late: boolean } {
    return this.counts.appendAndRead(ev, since);
  }
  read(since: number): readonly CountEvent[] {
    return this.counts.read(since);
  }
  lockdown(): LockdownState | undefined {
    return this.session.lockdown();
  }
  setLockdown(s: LockdownState): void {
    this.session.setLockdown(s);
  }
}

/**
 * The disk as a session's earlier steps left it: nothing runs in a dry run, so a file one step writes (`echo 'rm -rf
 * ~' > x.sh`) is not on disk when the next step runs it (`bash x.sh`). Laid over the disk, the file is there with
 * the text the step showed, judged as the script it is; with text the step did not show (`cp`, a download), the
 * guard cannot read it (false), so what it runs is unknown. Written since HEAD either way (the agent's own).
 */
export class SessionWrites implements FsProbe {
  readonly files = new Map<string, string | null>();
  /** Links the session's steps left (a moved name is a link to where the tree was): name → absolute target. */
  readonly links = new Map<string, string>();
  private dirs = new Map<string, Set<string>>();
  constructor(private readonly base: FsProbe = nodeFsProbe) {}

  /**
   * A name a step's move or link-preserving copy gave (`mv src lib`, `cp -r src/t.link x`): a later step reaches
   * through it what the old name reached. A move: the new name holds the old tree, so it is taken as a link to it.
   * A copy holds a link only where the old name was one (`cp -r plain copy` is a copy, judged as its own files).
   */
  move(to: string, from: string, moved: boolean): void {
    let target: string | undefined = moved ? from : undefined;
    if (!moved && this.lstat(from)?.kind === 'symlink') {
      const t = this.readlink(from);
      target = t.startsWith('/') ? t : normalize(`${from.slice(0, from.lastIndexOf('/'))}/${t}`);
    }
    if (target === undefined || target === to) return;
    this.add(to, null);
    this.files.delete(to);
    this.links.set(to, target);
  }

  /** A file a step wrote: its text when shown, else null. */
  add(abs: string, text: string | null): void {
    this.files.set(abs, text);
    for (let p = abs; p.lastIndexOf('/') > 0;) {
      const dir = p.slice(0, p.lastIndexOf('/'));
      let names = this.dirs.get(dir);
      if (!names) this.dirs.set(dir, (names = new Set()));
      names.add(p.slice(dir.length + 1));
      p = dir;
    }
  }
  lstat(abs: string) {
    if (this.links.has(abs)) return { kind: 'symlink' as const };
    if (this.files.has(abs)) return this.base.lstat(abs) ?? { kind: 'file' as const };
    if (this.dirs.has(abs)) return this.base.lstat(abs) ?? { kind: 'dir' as const };
    return this.base.lstat(abs);
  }
  readlink(abs: string): string {
    const l = this.links.get(abs);
    return l ?? this.base.readlink(abs);
  }
  readdir(abs: string): string[] {
    const extra = this.dirs.get(abs);
    const own = this.base.lstat(abs) ? this.base.readdir(abs) : [];
    return extra ? [...new Set([...own, ...extra])] : own;
  }
  readdirKinds(abs: string): { name: string; dir: boolean }[] {
    const own = this.base.lstat(abs) && this.base.readdirKinds ? this.base.readdirKinds(abs) : [];
    const extra = this.dirs.get(abs);
    if (!extra) return own;
    const have = new Set(own.map((e) => e.name));
    return [...own, ...[...extra].filter((n) => !have.has(n)).map((n) => ({ name: n, dir: this.dirs.has(`${abs}/${n}`) }))];
  }
  gitTracked(dir: string) {
    return this.base.gitTracked?.(dir);
  }
  gitRange(dir: string, kind: 'log' | 'diff', args: readonly string[]) {
    return this.base.gitRange?.(dir, kind, args);
  }
  gitRevFor(dir: string, name: string) {
    return this.base.gitRevFor?.(dir, name);
  }
  readText(abs: string, max: number): string | false | undefined {
    if (!this.files.has(abs)) return this.base.readText?.(abs, max);
    const t = this.files.get(abs)!;
    return t === null || t.length > max ? false : t;
  }
  changedSinceHead(abs: string): boolean | undefined {
    return this.files.has(abs) ? true : this.base.changedSinceHead?.(abs);
  }
}

/** What a call that may run writes: a command's files (with the text it shows), a file tool's (with its content). */
function keepWrites(writes: SessionWrites, call: CanonicalCall, v: Verdict, workspace: string): void {
  if (call.op === 'exec') {
    for (const [p, t] of v.analysis?.written ?? []) writes.add(p, t);
    // Files the command writes with no text the guard can tell (a copy, an archive): unknown content.
    for (const e of v.analysis?.paths ?? []) if (e.op === 'write' && !e.glob && !e.recursive && !writes.files.has(e.path)) writes.add(normalize(e.path), null);
    for (const [to, from, moved] of v.analysis?.moved ?? []) writes.move(to, from, moved);
  } else if (call.op === 'write') for (const p of call.paths) writes.add(normalize(p.startsWith('/') ? p : `${workspace}/${p}`), call.content ?? null);
}

/** A call in the session's terminal carries the functions earlier steps left there (beside its text, never in it). */
function withFunctions<C extends CanonicalCall>(c: C, term: TerminalState): C {
  return term.fns?.length ? { ...c, shellFunctions: term.fns } : c;
}

export class CliSession {
  private readonly services = new Map<string, { service: GuardService; store: SwitchStore; writes: SessionWrites; term: TerminalState }>();
  readonly clock: SessionClock;
  private seq = 0;

  constructor(private readonly o: SessionOptions) {
    this.clock = new SessionClock(o.start ?? Math.floor(Date.now() / 1000) * 1000);
  }

  /** The guard of a workspace in this session (made on first use). */
  service(workspace: string): GuardService {
    return this.entry(workspace).service;
  }

  private entry(workspace: string): { service: GuardService; store: SwitchStore; writes: SessionWrites; term: TerminalState } {
    let e = this.services.get(workspace);
    if (!e) {
      const store = new SwitchStore();
      const gate = new ContextGate({ store, now: () => this.clock.now(), session: () => 'eval' });
      const writes = new SessionWrites();
      const service = new GuardService({
        workspace,
        home: this.o.home,
        policyFile: this.o.policyFile,
        policy: this.o.policy,
        context: gate,
        session: 'eval',
        probe: writes,
      });
      e = { service, store, writes, term: EMPTY_TERMINAL };
      this.services.set(workspace, e);
    }
    return e;
  }

  /**
   * One call at its time. `answer`: how a person answered if the guard asks (absent: the host's own prompt
   * decides, unseen). Returns the guard's verdict, or an input error.
   */
  async decide(workspace: string, call: CanonicalCall, at: unknown, answer?: unknown): Promise<Verdict> {
    const e = this.entry(workspace);
    const { service, store, writes } = e;
    if (answer !== undefined && answer !== 'allow' && answer !== 'deny') {
      return { decision: 'deny', rule: 'input:invalid', reason: '`answer` must be allow or deny (how a person answers if the guard asks)' };
    }
    const t = this.clock.advance(at);
    if (typeof t !== 'number') return { decision: 'deny', rule: 'input:invalid', reason: t.error };
    // Unique ids: the context step tells calls apart by id.
    const c = { ...call, id: `${call.id}.${++this.seq}` };
    const alone = at === undefined && !this.o.untimedInSession;
    store.alone(alone);
    // A step of the session runs in the session's one terminal: judged at each place an earlier `cd`/`pushd` may
    // have left the shell, with the functions and aliases defined before it (as the hook bridge does for a
    // persistent terminal, hookBridge/terminals.ts). A case alone, or a line that names another cwd, starts afresh.
    // A cwd that is the workspace root is where the terminal opened, not where an earlier `cd` left it (a caller that
    // states the root on every line, as VS Code's hook payloads do, still gets the terminal's places judged).
    const atStart = c.cwd === undefined || normalize(c.cwd.startsWith('/') ? c.cwd : `${workspace}/${c.cwd}`) === normalize(workspace);
    const inTerminal = !alone && c.op === 'exec' && typeof c.command === 'string' && atStart;
    const calls =
      inTerminal && c.op === 'exec'
        ? linesToJudge(c.command!, e.term).map((command, i) => withFunctions(command === c.command ? c : { ...c, command, id: `${c.id}.${i}` }, e.term))
        : [c];
    try {
      const v = (await service.run(calls, { decideOnly: true })).verdict;
      const fin: Verdict = v.decision === 'ask' && answer ? { ...v, decision: answer as 'allow' | 'deny', decidedBy: 'user' } : v;
      service.context.settled([c], [{ call: c, verdict: fin }], service.policy);
      // A step of the session that may run leaves what it writes for the steps after it (a case alone does not).
      if (fin.decision !== 'deny' && !alone) keepWrites(writes, c, fin, workspace);
      // Where it leaves the terminal: certain when it runs (allowed), one possibility more when a person may run it.
      if (inTerminal && fin.decision !== 'deny') {
        // Repository settings it makes (`git remote add evil URL`) are replayed before later steps when it was allowed
        // (an asked one was shown to a person as it is, and would be asked again with every later step).
        const next = service.terminalAfter(c.command!, e.term, c.id, fin.decision === 'allow');
        e.term = fin.decision === 'allow' ? settle(next, c.id) : next;
      }
      return v;
    } finally {
      store.alone(false);
    }
  }

  /** A person switches the lockdown at the session's current time (policy tests). Nothing is recorded. */
  lockdown(workspace: string, on: boolean): void {
    this.service(workspace).context.setLockdown(on, 'user');
  }
}
