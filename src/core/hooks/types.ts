// Shapes of the hook bridge's pure core: which host sent a payload, what the tool call means in canonical
// terms, and what the bridge answers. No I/O: the CLI and the channel server do that.
import type { CanonicalCall, Decision, Verdict } from '../types';

export type HostId = 'vscode' | 'claude' | 'cline';
export const HOSTS: readonly HostId[] = ['vscode', 'claude', 'cline'];

/** pre = before the tool runs (may refuse it); post = after (may mask or annotate); other = lifecycle events. */
export type HookPhase = 'pre' | 'post' | 'other';

/** One hook invocation, host-independent. Everything here came from the host, not from the model, except `toolInput`. */
export interface HookEnvelope {
  host: HostId;
  phase: HookPhase;
  /** The host's own event name (`PreToolUse`, `tool_call`, …), for the record. */
  eventName: string;
  toolName: string;
  /** The tool's arguments as the model wrote them: untrusted, validated by each mapper. */
  toolInput: Record<string, unknown>;
  /** PostToolUse: the tool's output (string for VS Code, structured for Claude Code). */
  toolResponse?: unknown;
  toolUseId?: string;
  sessionId?: string;
  /** The directory the host reports the tool runs in (exec cwd, base of relative paths). */
  cwd?: string;
  /** Cline: the workspace roots the host reports. */
  workspaceRoots?: string[];
}

/** A canonical call before the node layer gives it an id. */
export type DraftCall = Omit<CanonicalCall, 'id'>;

/**
 * What one host tool call means to the guard.
 * - calls: canonical calls decided by the policy; the worst verdict wins.
 * - opaque: the guard cannot see what the tool does (an unknown tool, a VS Code command, notebook code);
 *   decided by the policy's `commands.unknown` (never allow).
 * - fixed: a verdict no policy can change (a command that would switch the guard off).
 * - pass: the tool touches no file and runs nothing; the guard has no opinion and the host's own flow applies.
 */
export type HookPlan =
  | { kind: 'calls'; calls: DraftCall[]; /** Paths read by a built-in read tool the host cannot mask. */ secretCheck?: string[] }
  | { kind: 'opaque'; call: DraftCall; rule: string; reason: string }
  | { kind: 'fixed'; call: DraftCall; verdict: Verdict }
  | { kind: 'pass'; rule: string; reason: string };

/** The bridge's answer, host-independent; `render` turns it into the host's protocol. */
export interface HookAnswer {
  /** undefined: no opinion (the host's normal flow). */
  decision?: Decision;
  /**
   * Set when a person already approved the call in AgentGuard's dialog: only then does the bridge tell the
   * host `allow` (which skips the host's own confirmation). An allow by rule leaves the host's flow alone.
   */
  approvedByUser?: boolean;
  rule?: string;
  reason?: string;
  /** Claude Code PostToolUse: the tool output with secrets masked. */
  updatedToolOutput?: unknown;
  /** Text appended next to the tool result (both hosts that support it). */
  additionalContext?: string;
}

export interface Rendered {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Tool name → the host's name for AgentGuard's own guarded read tool, used in refusal reasons. */
export const GUARDED_READ_TOOL = 'agentguard_readFile';
export const GUARDED_READ_REF = '#agReadFile';
