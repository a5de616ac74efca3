// One guarded workspace, and the one entry every channel uses: GuardService.run. The policy in force
// (compiled once per load), the audit writer, session approvals, the confirmer, snapshot hooks and the
// windows of host-run calls live here and are handed to the chain (src/core/chain.ts). The guarded tools in
// VS Code and over MCP, the hook bridge (with the extension up, and deciding alone in the CLI), and
// `agentguard eval` all run calls through this object; what differs between them is the data they pass.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { auditRecord, type AuditRecord } from '../core/audit';
import {
  type CallOutcome,
  type ChainDeps,
  type Confirmer,
  HEADLESS,
  type HostWindows,
  type NoConfirmer,
  runChain,
  type RunHow,
  SessionApprovals,
  type SnapshotHooks,
} from '../core/chain';
import { CompiledPolicy } from '../core/compiledPolicy';
import { ContextGate } from '../core/context/gate';
import type { LockdownState } from '../core/context/types';
import { engineModule } from '../core/lazyModules';
import type { FsProbe } from '../core/paths/resolve';
import type { Policy } from '../core/policy/types';
import type { TerminalState } from '../core/shell/terminalState';
import type { CanonicalCall, Verdict } from '../core/types';
import { AuditWriter, defaultAuditPath } from './auditWriter';
import { counterDir, FileCounterStore } from './counters/fileStore';
import { nodeFsProbe } from './fsProbe';
import { HostRunWindows } from './hostWindows';
import { type LoadedPolicy, PolicyStore } from './policyStore';
import { toolId, toolReferenceName } from './tools/ids';
import { UndoKeeper } from './undo/keeper';
import { undoDirFor, UndoStore } from './undo/store';

export interface GuardServiceOptions {
  /** Workspace root, already symlink-resolved. */
  workspace: string;
  home: string;
  trusted?: boolean;
  /** Who settles `ask`: the modal in VS Code; elsewhere the host's own prompt, or a refusal (the default). */
  confirmer?: Confirmer | NoConfirmer;
  snapshot?: SnapshotHooks;
  /**
   * Windows of the calls a host runs itself. Default: in this process, over `snapshot`. The hook CLI deciding
   * alone runs once per hook and passes windows kept on disk, so its after-hook finds its before-hook's.
   */
  windows?: HostWindows;
  preview?: ChainDeps['preview'];
  /** Overrides the policy's audit path (tests, the CLI). */
  auditPath?: string;
  /** Path of a policy file to use instead of the workspace's. */
  policyFile?: string;
  /** A policy to use as it is, instead of loading one (`agentguard test` with `policy: default`). */
  policy?: Policy;
  session?: string;
  /** Keep what mutating calls destroy, for a revert from the panel (default on). Off for decide-only uses. */
  undo?: boolean;
  /** The file-system facts the guard judges by. Default: the disk (`agentguard eval --session` lays earlier steps' writes over it). */
  probe?: FsProbe;
  /**
   * The context step (rates, lockdown, the breaker). Default: counts in the workspace's shared counter store,
   * which every process guarding the workspace sees. `agentguard eval` passes one of its own (a dry run).
   */
  context?: ContextGate;
}

/** A lockdown switched, here or in another process guarding the workspace. */
export interface LockdownChange {
  state: LockdownState;
  /** Switched by another process (the hook bridge deciding alone, the MCP server): already recorded there. */
  external: boolean;
}

/** How much of a file is read to decide whether a read the host cannot mask would hand the model a secret. */
const SECRET_SCAN_BYTES = 8 * 1024 * 1024;

export class GuardService {
  readonly store = new PolicyStore();
  readonly approvals = new SessionApprovals();
  /** Calls a host runs after the answer, and what they change until it reports back. */
  readonly windows: HostWindows;
  session: string;
  private loaded!: LoadedPolicy;
  /** The policy in force, compiled once per load: every channel reads it from here. */
  compiled!: CompiledPolicy;
  private writer!: AuditWriter;
  confirmer: Confirmer | NoConfirmer;
  snapshot?: SnapshotHooks;
  /** The undo store's hooks: what each mutating call is about to destroy, kept outside the workspace. */
  readonly undo: UndoKeeper | undefined;
  /** The guard's own data folder: no call may reach into it (engine.ts). */
  readonly guardData: readonly string[];
  readonly stats = { allowed: 0, asked: 0, denied: 0, failedClosed: 0 };
  private listeners = new Set<(o: { call: CanonicalCall; outcome: CallOutcome<unknown> }) => void>();
  /** Rates, lockdown and the breaker, counted where every process guarding this workspace sees them. */
  readonly context: ContextGate;
  private readonly lockdownListeners = new Set<(c: LockdownChange) => void>();
  /** Lockdown records on their way to the audit log: a run returns once they are written. */
  private pendingRecords: Promise<void>[] = [];

  constructor(readonly opts: GuardServiceOptions) {
    this.session = opts.session ?? randomUUID();
    this.confirmer = opts.confirmer ?? HEADLESS;
    this.snapshot = opts.snapshot;
    this.windows = opts.windows ?? new HostRunWindows(() => this.snapshot);
    this.context =
      opts.context ??
      new ContextGate({
        store: new FileCounterStore(counterDir(opts.workspace)),
        now: Date.now,
        session: () => this.session,
        onLockdown: (state, external, call) => this.lockdownChanged(state, external, call),
      });
    this.reload();
    // The same folder for every process that guards this workspace (the extension, the hook CLI, MCP), found
    // from the AgentGuard home as the hook channel is; `home` stands in for the user's home in tests.
    const agHome = process.env.AGENTGUARD_HOME || path.join(opts.home, '.agentguard');
    this.guardData = [agHome];
    this.undo =
      opts.undo === false
        ? undefined
        : new UndoKeeper({
            workspace: opts.workspace,
            store: new UndoStore(undoDirFor(agHome, opts.workspace)),
            session: () => this.session,
            compiled: () => this.compiled,
          });
  }

  /** The lockdown in force for this workspace (whoever switched it). */
  get lockdown(): LockdownState | undefined {
    return this.context.lockdown();
  }

  /** A person switches the lockdown (the command, the status bar, `agentguard lockdown`). Recorded in the audit. */
  async setLockdown(on: boolean, by: 'user' | 'cli', reason?: string): Promise<LockdownState> {
    const state = this.context.setLockdown(on, by, reason, by === 'cli' ? 'cli' : 'tool');
    await this.flushRecords();
    return state;
  }

  onLockdown(fn: (c: LockdownChange) => void): { dispose(): void } {
    this.lockdownListeners.add(fn);
    return { dispose: () => this.lockdownListeners.delete(fn) };
  }

  private lockdownChanged(state: LockdownState, external: boolean, call?: Pick<CanonicalCall, 'agent' | 'channel'>): void {
    // A lockdown asks again for what was approved "for this session": nothing approved before it stands.
    if (state.on) this.approvals.clear();
    if (!external) {
      const rec = auditRecord({
        session: this.session,
        call: {
          id: `lockdown-${state.since}`,
          agent: state.by === 'breaker' ? (state.agent ?? 'agentguard') : state.by === 'cli' ? 'user (agentguard lockdown)' : 'user',
          channel: call?.channel ?? 'tool',
          tool: 'agentguard.lockdown',
          op: 'write',
          args: { on: state.on, by: state.by, ...(state.calls ? { calls: state.calls } : {}) },
        },
        verdict: {
          decision: state.on ? 'ask' : 'allow',
          rule: state.on ? (state.by === 'breaker' ? 'breaker' : 'lockdown') : 'lockdown:off',
          reason: state.reason,
          decidedBy: state.by === 'breaker' ? 'rule' : 'user',
        },
        policy: this.compiled?.hash ?? '',
        started: state.since,
        durationMs: 0,
        event: state.on ? 'lockdown-on' : 'lockdown-off',
        mask: (v) => (this.compiled ? this.compiled.maskValue(v) : v),
      });
      this.pendingRecords.push(this.writer.append(rec).catch(() => undefined));
    }
    for (const l of this.lockdownListeners) {
      try {
        l({ state, external });
      } catch {
        /* observers cannot break a call */
      }
    }
  }

  /**
   * A tool call passed without a decision of the guard's (a host tool that reads, writes and runs nothing the
   * guard judges: a to-do list, a web page, a sub-agent whose own calls come back through the hooks): still
   * one line in the audit, as every call is. Throws when the line cannot be written.
   */
  async recordPassed(
    call: Pick<CanonicalCall, 'id' | 'agent' | 'channel' | 'tool' | 'args'> & { session?: string },
    rule: string,
    reason: string,
  ): Promise<void> {
    const rec = auditRecord({
      session: call.session ?? this.session,
      call: { ...call, op: 'read' },
      verdict: { decision: 'allow', rule, reason, decidedBy: 'rule' },
      policy: this.compiled?.hash ?? '',
      started: Date.now(),
      durationMs: 0,
      mask: (v) => (this.compiled ? this.compiled.maskValue(v) : v),
    });
    await this.writer.append(rec);
  }

  private async flushRecords(): Promise<void> {
    while (this.pendingRecords.length) await Promise.all(this.pendingRecords.splice(0));
  }

  /** Re-read the policy. A broken file keeps the last good policy (or strict). Returns what was loaded. */
  reload(): LoadedPolicy {
    this.loaded = this.opts.policy
      ? { policy: this.opts.policy, state: 'ok', errors: [] }
      : this.store.load(this.opts.workspace, { trusted: this.opts.trusted ?? true, policyFile: this.opts.policyFile });
    this.compiled = new CompiledPolicy(this.loaded.policy);
    const auditFile = this.auditPathFor(this.loaded.policy);
    if (!this.writer || this.writer.file !== auditFile) this.writer = new AuditWriter(auditFile);
    return this.loaded;
  }

  get policyState(): LoadedPolicy {
    return this.loaded;
  }
  get policy(): Policy {
    return this.loaded.policy;
  }
  get auditFile(): string {
    return this.writer.file;
  }
  get audit(): AuditWriter {
    return this.writer;
  }
  maskValue<T>(v: T): T {
    return this.compiled.maskValue(v);
  }

  private auditPathFor(p: Policy): string {
    if (this.opts.auditPath) return this.opts.auditPath;
    if (p.audit.path) return path.resolve(this.opts.workspace, p.audit.path);
    return defaultAuditPath(this.opts.workspace);
  }

  /**
   * Where `command` may leave a persistent agent terminal (the hook bridge keeps it between calls,
   * hookBridge/terminals.ts). It parses the command, so it runs here, with the engine, not in the bridge.
   */
  terminalAfter(command: string, state: TerminalState, id: string, dryRun = false): TerminalState {
    const ws = this.opts.workspace;
    return engineModule().terminalAfterAllowed(command, state, id, { cwd: ws, home: this.opts.home, workspace: ws }, dryRun);
  }

  /** A new session: new id, approvals cleared. (The snapshot baseline is the caller's to retake.) */
  newSession(): string {
    this.session = randomUUID();
    this.approvals.clear();
    this.stats.allowed = this.stats.asked = this.stats.denied = this.stats.failedClosed = 0;
    // Old sessions' undo content goes, off the caller's path (the newest ten and the last week stay).
    const undo = this.undo;
    if (undo) setImmediate(() => undo.prune());
    return this.session;
  }

  onCall(fn: (o: { call: CanonicalCall; outcome: CallOutcome<unknown> }) => void): { dispose(): void } {
    this.listeners.add(fn);
    return { dispose: () => this.listeners.delete(fn) };
  }

  /**
   * The one way a call is decided, run or handed to its host. `calls`: one canonical call, or the several one
   * host tool makes (a patch that writes and deletes). `how`: who runs it — the guard (a tool spec), the host
   * (before or after it ran), or nobody (decide only).
   */
  async run<T = undefined>(calls: CanonicalCall | readonly CanonicalCall[], how: RunHow<T>, signal?: AbortSignal): Promise<CallOutcome<T>> {
    const list: readonly CanonicalCall[] = Array.isArray(calls) ? calls : [calls as CanonicalCall];
    const deps: ChainDeps = {
      compiled: () => this.compiled,
      env: { ctx: { workspace: this.opts.workspace, home: this.opts.home }, probe: this.opts.probe ?? nodeFsProbe, guardData: this.guardData },
      session: this.session,
      approvals: this.approvals,
      confirmer: this.confirmer,
      audit: (rec: AuditRecord) => this.writer.append(rec),
      snapshot: this.snapshot,
      windows: this.windows,
      undo: this.undo,
      preview: this.opts.preview,
      unmaskedRead: (call, compiled) => this.unmaskedRead(call, compiled),
      context: this.context,
    };
    const outcome = await runChain(list, how, deps, signal);
    await this.flushRecords();
    if ('decideOnly' in how) return outcome;
    for (const s of outcome.settled) {
      const d = s.verdict;
      if (d.decidedBy === 'fail-closed') this.stats.failedClosed++;
      if (d.decidedBy === 'user' || d.decision === 'ask') this.stats.asked++;
      if (d.decision === 'deny') this.stats.denied++;
      else this.stats.allowed++;
      for (const l of this.listeners) {
        try {
          l({ call: s.call, outcome: { ...outcome, verdict: d } as CallOutcome<unknown> });
        } catch {
          /* observers cannot break a call */
        }
      }
    }
    return outcome;
  }

  /**
   * A read whose content the host hands the model as it is (VS Code's built-in read_file cannot be masked by
   * a hook): a file holding secrets is refused, pointing at the guarded read tool, which masks.
   */
  private unmaskedRead(call: CanonicalCall, compiled: CompiledPolicy): Verdict | undefined {
    for (const p of call.paths) {
      const file = path.isAbsolute(p) ? p : path.join(this.opts.workspace, p);
      let text: string;
      try {
        const fd = fs.openSync(file, 'r');
        try {
          const buf = Buffer.alloc(Math.min(SECRET_SCAN_BYTES, Math.max(0, fs.fstatSync(fd).size)));
          const n = fs.readSync(fd, buf, 0, buf.length, 0);
          text = buf.subarray(0, n).toString('utf8');
        } finally {
          fs.closeSync(fd);
        }
      } catch {
        continue; // no file to leak; the tool reports its own error
      }
      const masked = compiled.maskFile(path.relative(this.opts.workspace, file).split(path.sep).join('/'), text).masked;
      if (masked === 0) continue;
      return {
        decision: 'deny',
        rule: 'hook:secret-read',
        reason:
          `${file} contains ${masked} secret value${masked === 1 ? '' : 's'}, and this host cannot mask what its read tool returns. ` +
          `Read it with AgentGuard's guarded read tool \`${toolId('readFile')}\` (#${toolReferenceName('readFile')}), which returns the file with secrets replaced by placeholders.`,
      };
    }
    return undefined;
  }
}

export function newCallId(): string {
  return randomUUID();
}
