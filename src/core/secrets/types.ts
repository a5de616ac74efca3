// Shapes shared by the secret rules and the masker.

export interface SecretFinding {
  /** 1-based line number. */
  line: number;
  /** Rule id, e.g. `github-token`. */
  rule: string;
  /** What replaced the secret, e.g. `«secret:github-token#1»`. */
  placeholder: string;
  /** 0-based column range of the secret in the original line (UTF-16 units, end exclusive). */
  start: number;
  end: number;
}

export interface MaskOptions {
  /** User patterns from `.agentguard.yaml`: first capture group (or whole match) is the secret. */
  extraPatterns?: { name: string; regex: string }[];
  /** Exact values that are never masked. */
  allowValues?: string[];
}

export interface MaskResult {
  text: string;
  findings: SecretFinding[];
}

/** True-positive and false-positive samples: every rule must carry both (gitleaks' discipline). */
export interface RuleSamples {
  /** Texts in which this rule must mask something and leave no 8-char window of `secrets`. */
  truePositives: { text: string; secrets: string[] }[];
  /** Texts the whole masker must leave byte-identical. */
  falsePositives: string[];
}

/** A span found on one line, before placeholders are assigned. */
export interface Hit {
  start: number;
  end: number;
  rule: string;
  /** Lower wins an overlap: a vendor format (0) beats a context rule (1) beats a generic assignment (2). */
  priority: number;
}

/** A rule that looks at one line at a time. */
export interface LineRule {
  id: string;
  description: string;
  /** Lower-case literals; the rule runs on a candidate line only if the lower-cased line contains one. */
  keywords: readonly string[];
  priority: number;
  /** Pushes hits for `line` (the line without its `\n`; a trailing `\r` may be present). */
  scan(line: string, out: Hit[]): void;
  samples(): RuleSamples;
}

/** A rule that needs more than one line of context (PEM blocks, Kubernetes Secret objects). */
export interface BlockRule {
  id: string;
  description: string;
  /** A literal the text must contain (case-sensitive) for the rule to run at all. */
  gate: string;
  /**
   * Marks lines: `hits` keyed by 0-based line index; `protect` lists line indexes no other rule
   * may touch (certificate bodies, already-handled block lines).
   */
  scan(text: string, lineStarts: LineIndex, out: BlockOutput): void;
  samples(): RuleSamples;
}

export interface BlockOutput {
  hits: Map<number, Hit[]>;
  protect: Set<number>;
}

/** Lazily computed line offsets of a text, shared by block rules. */
export interface LineIndex {
  /** Offsets of the first char of every line (line model: a final `\n` does not start a line). */
  starts(): number[];
}
