// One guarded workspace: the policy in force, the engine, the audit writer, session approvals, masking and
// snapshot hooks, wired into the chain. The VS Code layer, the hook bridge (when the extension is down) and
// the MCP server all run calls through this one object, so every channel gets the same pipeline.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import type { AuditRecord } from '../core/audit';
import { type CallOutcome, type ChainDeps, type Confirmer, runCall, SessionApprovals, type SnapshotHooks, type ToolSpec } from '../core/chain';
import { Engine } from '../core/engine';
import type { Policy } from '../core/policy/types';
import type { CanonicalCall, Verdict } from '../core/types';
import { AuditWriter, defaultAuditPath } from './auditWriter';
import { nodeFsProbe } from './fsProbe';
import { type LoadedPolicy, PolicyStore } from './policyStore';
import { createMaskFn } from './masking';

export interface GuardServiceOptions {
  /** Workspace root, already symlink-resolved. */
  workspace: string;
  home: string;
  trusted?: boolean;
  confirmer?: Confirmer;
  snapshot?: SnapshotHooks;
  preview?: ChainDeps['preview'];
  /** Overrides the policy's audit path (tests, the CLI). */
  auditPath?: string;
  /** Path of a policy file to use instead of the workspace's. */
  policyFile?: string;
  session?: string;
}

export class GuardService {
  readonly store = new PolicyStore();
  readonly approvals = new SessionApprovals();
  session: string;
  private loaded!: LoadedPolicy;
  private engine!: Engine;
  private writer!: AuditWriter;
  private mask!: <T>(v: T) => T;
  confirmer?: Confirmer;
  snapshot?: SnapshotHooks;
  readonly stats = { allowed: 0, asked: 0, denied: 0, failedClosed: 0 };
  private listeners = new Set<(o: { call: CanonicalCall; outcome: CallOutcome<unknown> }) => void>();

  constructor(readonly opts: GuardServiceOptions) {
    this.session = opts.session ?? randomUUID();
    this.confirmer = opts.confirmer;
    this.snapshot = opts.snapshot;
    this.reload();
  }

  /** Re-read the policy. A broken file keeps the last good policy (or strict). Returns what was loaded. */
  reload(): LoadedPolicy {
    this.loaded = this.store.load(this.opts.workspace, { trusted: this.opts.trusted ?? true, policyFile: this.opts.policyFile });
    this.engine = new Engine(this.loaded.policy);
    this.mask = createMaskFn(this.loaded.policy, this.opts.workspace);
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
    return this.mask(v);
  }

  private auditPathFor(p: Policy): string {
    if (this.opts.auditPath) return this.opts.auditPath;
    if (p.audit.path) return path.resolve(this.opts.workspace, p.audit.path);
    return defaultAuditPath(this.opts.workspace);
  }

  /** A new session: new id, approvals cleared. (The snapshot baseline is the caller's to retake.) */
  newSession(): string {
    this.session = randomUUID();
    this.approvals.clear();
    this.stats.allowed = this.stats.asked = this.stats.denied = this.stats.failedClosed = 0;
    return this.session;
  }

  onCall(fn: (o: { call: CanonicalCall; outcome: CallOutcome<unknown> }) => void): { dispose(): void } {
    this.listeners.add(fn);
    return { dispose: () => this.listeners.delete(fn) };
  }

  /**
   * Run a call through the chain. `preDecided`: a verdict decided outside the engine (a hook for an opaque
   * tool, a guard-off command, a secret-bearing read); it still goes through confirmation, masking and audit.
   */
  async run<T>(call: CanonicalCall, spec: ToolSpec<T>, signal?: AbortSignal, preDecided?: Verdict): Promise<CallOutcome<T>> {
    const engine = preDecided ? new FixedEngine(this.loaded.policy, preDecided) : this.engine;
    const deps: ChainDeps = {
      engine: () => engine,
      env: { ctx: { workspace: this.opts.workspace, home: this.opts.home }, probe: nodeFsProbe },
      session: this.session,
      approvals: this.approvals,
      confirmer: this.confirmer,
      maskValue: this.mask,
      audit: (rec: AuditRecord) => this.writer.append(rec),
      snapshot: this.snapshot,
      preview: this.opts.preview,
    };
    const outcome = await runCall(call, spec, deps, signal);
    const d = outcome.verdict;
    if (d.decidedBy === 'fail-closed') this.stats.failedClosed++;
    if (d.decidedBy === 'user' || d.decision === 'ask') this.stats.asked++;
    if (d.decision === 'deny') this.stats.denied++;
    else this.stats.allowed++;
    for (const l of this.listeners) {
      try {
        l({ call, outcome });
      } catch {
        /* observers cannot break a call */
      }
    }
    return outcome;
  }
}

/** An engine whose decision was already made elsewhere: the chain still confirms, masks and audits it. */
class FixedEngine extends Engine {
  constructor(
    policy: Policy,
    private readonly v: Verdict,
  ) {
    super(policy);
  }
  override decide(): Verdict {
    return this.v;
  }
}

export function newCallId(): string {
  return randomUUID();
}
