// The vocabulary every layer shares: canonical calls, decisions, verdicts.
// Pure types, no I/O: this module is imported by core, node, vscode and cli alike.
import type { Risk } from './context/types';
import type { CommandAnalysis } from './shell/types';

/** What a call does, whatever tool or channel it came from. */
export type Op = 'read' | 'list' | 'search' | 'write' | 'delete' | 'rename' | 'exec';
export const OPS: readonly Op[] = ['read', 'list', 'search', 'write', 'delete', 'rename', 'exec'];

/** The four operations path rules are written for. list/search are judged as `read`. */
export type PathOp = 'read' | 'write' | 'delete' | 'rename';
export const PATH_OPS: readonly PathOp[] = ['read', 'write', 'delete', 'rename'];

/** A closed set, ordered by severity: the worst of several decisions wins. */
export type Decision = 'allow' | 'ask' | 'deny';
export const DECISIONS: readonly Decision[] = ['allow', 'ask', 'deny'];
const SEVERITY: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

export function severity(d: Decision): number {
  return SEVERITY[d];
}
export function worst(a: Decision, b: Decision): Decision {
  return SEVERITY[a] >= SEVERITY[b] ? a : b;
}
export function isDecision(x: unknown): x is Decision {
  return x === 'allow' || x === 'ask' || x === 'deny';
}

/** Who settled a call: a policy rule, a person at the dialog, or the guard failing closed. */
export type DecidedBy = 'rule' | 'user' | 'fail-closed' | 'headless';

/** A decision is a value that can say why. */
export interface Verdict {
  decision: Decision;
  /** The rule that decided, e.g. `path:tests`, `floor:guard-files`, `cmd:rm.recursive`, `outside-workspace`. */
  rule: string;
  /** Written for the model (so it can change course) and for the person reading the audit. */
  reason: string;
  decidedBy?: DecidedBy;
  /** For exec: the sub-command that decided. */
  subcommand?: string;
  /** For ask: a short, cheap impact preview for the dialog ("3 modified files would be discarded"). */
  preview?: string;
  /** How risky the call is (src/core/context/risk.ts): set by the context step, recorded, filtered on in the panel. */
  risk?: Risk;
  /** What the context step used: narrowed rules in force, counts of a rate, the lockdown. For the audit. */
  context?: string[];
  /** For exec: what the classifier found (sub-commands with their argv, findings, path effects), so that
   *  nothing after the decision — the dialog's impact preview — parses the command again. */
  analysis?: CommandAnalysis;
}

/** `user`: a person's own action from the panel (a revert), recorded like an agent's call. */
export type Channel = 'tool' | 'hook' | 'mcp' | 'cli' | 'user';

/** Every channel turns its input into one canonical call. */
export interface CanonicalCall {
  /** Unique per call; ties audit records and snapshot attribution together. */
  id: string;
  op: Op;
  /** The paths the call touches, as the agent wrote them (absolute or workspace-relative). */
  paths: string[];
  /** rename: destination. */
  dest?: string;
  /** exec: the command line exactly as it would be handed to `bash -c`. */
  command?: string;
  /** exec: working directory. */
  cwd?: string;
  /**
   * exec: shell functions and aliases (as functions) an earlier command left in the terminal this one runs in:
   * [name, body]. Set by the guard from the terminal's kept state, never from an agent's input: a use of one is
   * judged by its body with its arguments in place.
   */
  shellFunctions?: readonly (readonly [string, string])[];
  /** write/edit: the new text, when known (placeholder integrity and masking of the audit). */
  content?: string;
  agent: string;
  channel: Channel;
  /** The host tool name (`agentguard_readFile`, `run_in_terminal`, `Bash`, …). */
  tool: string;
  /** The original arguments, untouched. The audit stores them masked. */
  args: unknown;
  /**
   * Set by a channel when the engine cannot judge the call. `opaque`: a tool whose effect the guard cannot
   * see into, decided as an unknown command is (the policy's `commands.unknown`, never allow). `refuse`: input
   * that may never run (a command that would switch the guard off, a patch that does not parse, tool input
   * that is not what the tool takes). Everything after the decision is the same as for any call.
   */
  preset?: {
    kind: 'opaque' | 'refuse';
    rule: string;
    reason: string;
    /**
     * A person's "allow for this session" is taken as once: what runs is state the input does not name (a
     * notebook cell's code, changed after the approval under the same cell id), so the same input is asked again.
     */
    onceOnly?: boolean;
  };
  /**
   * The agent's own session, as its host reports it (`claude:<session_id>`): what a rate counted per session
   * adds up. Absent: the guard's session (one per VS Code window's folder, one per MCP connection).
   */
  session?: string;
  /** Set by a channel whose host hands what a read returns to the model unmasked: a file holding secrets is refused. */
  unmaskedRead?: boolean;
}

export function verdict(decision: Decision, rule: string, reason: string, extra: Partial<Verdict> = {}): Verdict {
  return { decision, rule, reason, ...extra };
}
