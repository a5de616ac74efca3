// The policy as the engine uses it, after loading, layering and validation.
// The YAML file's shape is documented in policies/README.md and policies/agentguard.schema.json.
import type { BreakerPolicy, ContextSelector, RateRule, Risk, RiskPolicy } from '../context/types';
import type { Decision, PathOp } from '../types';

export interface PathRule {
  /** Unique name, used in verdicts as `path:<name>`. */
  name: string;
  /** Workspace-relative POSIX globs (minimatch, dot: true, case-insensitive, anchored at the root). */
  globs: string[];
  /** Decision per operation; an operation the rule does not name is not decided by it. */
  ops: Partial<Record<PathOp, Decision>>;
  reason: string;
  /** Where the rule came from: `default`, `strict`, `workspace`, `floor`. */
  source: string;
  /** The rule applies only to calls in this context (agent, channel, tool) / not in this one. */
  when?: ContextSelector;
  unless?: ContextSelector;
  /** The risk of a call this rule decides (raises the call's own; see src/core/context/risk.ts). */
  risk?: Risk;
}

/** A user's command pattern, matched against each normalized sub-command. */
export interface CommandPattern {
  /** Whitespace-separated words; `*` matches any run of characters within a word, a final `**` any remaining words. */
  pattern: string;
  decision: Decision;
  reason?: string;
  source: string;
  when?: ContextSelector;
  unless?: ContextSelector;
  risk?: Risk;
}

export interface CommandPolicy {
  /** Decision for commands the classifier finds benign. Default `allow`; the strict policy asks. */
  benign?: Decision;
  /** Decision per classifier rule id or category, e.g. `rm.recursive: ask`, `priv: deny`. Unnamed ones use `destructive`. */
  rules: Record<string, Decision>;
  /** Decision for any destructive finding no entry in `rules` names. */
  destructive: Decision;
  /** Decision when the command cannot be understood (parse error, dynamic command name). Never `allow`. */
  unknown: Decision;
  /** User patterns: deny patterns win over everything; allow patterns exempt a sub-command from the classifier. */
  patterns: CommandPattern[];
  /** Put paths that commands read, write or delete through the path rules. */
  checkPaths: boolean;
}

export interface MaskingPolicy {
  enabled: boolean;
  /** Extra patterns: a regex whose first capture group (or whole match) is the secret. */
  patterns: { name: string; regex: string }[];
  /** Values never masked (exact strings). */
  allowValues: string[];
  /** Workspace-relative globs of files whose reads are never masked. */
  allowPaths: string[];
}

export interface Limits {
  maxReadBytes: number;
  maxListEntries: number;
  maxSearchResults: number;
  maxCommandOutputBytes: number;
  commandTimeoutMs: number;
}

export interface AuditPolicy {
  /** Absolute path of the log, or '' for the default location outside the workspace. */
  path: string;
}

export interface SnapshotPolicy {
  ignore: string[];
  /** Baseline content kept for modified text files up to this size (bytes). */
  maxBaselineBytes: number;
}

export interface UndoPolicy {
  /** A file larger than this is not kept by the undo store (git may still hold it). */
  maxFileBytes: number;
  /** Bytes one session may add to the undo store. */
  maxSessionBytes: number;
}

export interface Policy {
  version: 1;
  paths: PathRule[];
  /** Decision for paths outside the workspace (every op). The shipped default is `deny`. */
  outsideWorkspace: Decision;
  commands: CommandPolicy;
  masking: MaskingPolicy;
  limits: Limits;
  audit: AuditPolicy;
  snapshot: SnapshotPolicy;
  undo: UndoPolicy;
  /** Rates and budgets over sliding windows, by name. */
  rates: RateRule[];
  /** Lockdown by itself when an agent is refused repeatedly. */
  breaker: BreakerPolicy;
  /** Risk levels of tools and rules, and what each level gets at least. */
  risk: RiskPolicy;
  /** sha256 of the effective policy (canonical JSON), recorded with every decision. */
  hash: string;
  /** The layers that made it, weakest first, e.g. ['default', 'pack:python', '/ws/.agentguard.yaml', 'floor']. */
  layers: string[];
  /** The ecosystem packs in force and why (named in `extends:` or detected from root entries); absent when none. */
  packs?: { name: string; title: string; why: 'named' | 'detected'; evidence: string[] }[];
}

/** A problem in a policy file, located for the person editing it. */
export interface PolicyError {
  file: string;
  line: number; // 1-based
  column: number; // 1-based
  message: string;
  severity: 'error' | 'warning';
}
