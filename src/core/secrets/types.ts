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
  /**
   * Lower wins an overlap: a vendor format (0) beats a context rule (1) beats a structure rule (1.5,
   * rules/structure.ts) beats a generic assignment (2).
   */
  priority: number;
  /**
   * The value goes on past this line (a YAML block scalar, a quoted string over several lines, a `\`
   * continuation, a concatenation): the masker reads the lines after it (follow.ts). Such a hit may
   * be empty (start = end: nothing on this line yet).
   */
  follow?: Follow;
}

/** How a value under a secret-named key goes on past its line. */
export enum FollowKind {
  /** `key: |` / `key: >-`: the more-indented lines after. `arg`: the key's column. */
  YamlBlock = 1,
  /** `key:` and nothing: a plain scalar on the more-indented lines after (not a mapping, not a list). `arg`: the key's column. */
  YamlPlain = 2,
  /** A quoted string left open at the end of the line. `arg`: the quote's code (triple quotes: code + 256). */
  Quoted = 3,
  /** A literal value ending in `\`: the next line goes on with it. */
  Backslash = 4,
  /** A string literal followed by a concatenation operator or `\` at the end of the line; or (`arg` 1) by nothing, the next line then starting with an operator. */
  Concat = 5,
  /** `key = (` : string literals on the lines after, up to `)` (Python's implicit concatenation). */
  Paren = 6,
  /** `key: *name`: the value is the node anchored `&name` elsewhere in the text. `name` holds it. */
  Alias = 7,
}

export interface Follow {
  kind: FollowKind;
  strength: 'strong' | 'weak';
  /** The value's part on this line was already judged a secret (hits of their own cover it). */
  judged: boolean;
  /** The value's parts on this line as [start, end) pairs (none: nothing yet), masked with the rest when the whole is judged a secret. */
  spans: number[];
  /** Those parts joined: the start of the value the rest is judged with. */
  value: string;
  arg: number;
  /** Alias: the anchor's name. */
  name?: string;
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
  /** A literal the text must contain (case-sensitive) for the rule to run at all ('': none). */
  gate: string;
  /**
   * The kinds of file (sniff.ts KIND bits) whose structure the rule reads: it runs only on a text whose
   * head reads as one of them (the masker sniffs each text once).
   */
  kinds?: number;
  /**
   * A further test a text of those kinds must pass. `has(literal)`: the text contains the literal (for the
   * pre-scan's GATES, from the pass it made anyway: a search of every text for a literal costs like
   * reading it once more).
   */
  applies?(text: string, has: (literal: string) => boolean): boolean;
  /**
   * Literals `applies` and `scan` ask `has` about: the pre-scan's pass looks for them with the others
   * (masker.ts LITERALS…), so `has` answers from what it found, not by a search of the text for each. A
   * rule that lists them is given `has` in `scan` too.
   */
  literals?: readonly string[];
  /**
   * Where the rule's hits can be (windows.ts): given, the rule's `scan` reads only the windows around the
   * lines `locate` matches in, each window alone, not the whole text. Without it the rule reads the whole text.
   */
  window?: BlockWindow;
  /**
   * Marks lines: `hits` keyed by 0-based line index; `protect` lists line indexes no other rule
   * may touch (certificate bodies, already-handled block lines). `has`: as for `applies` (given to a rule
   * with `literals`).
   */
  scan(text: string, lineStarts: LineIndex, out: BlockOutput, has?: (literal: string) => boolean): void;
  samples(): RuleSamples;
}

/**
 * A block rule's promise about where its hits can be, which lets the masker skip the text between them
 * (windows.ts). The contract: scanning the whole text gives exactly the hits and protected lines that
 * scanning each window alone gives — a window being the lines from `before` lines above to `after` lines
 * below each line `locate` matches in, windows that touch or overlap merged into one. The rule's gate,
 * `kinds` and `applies` are still answered on the whole text, and `has` (for a rule with `literals`) still
 * answers for the whole text. test/unit/secrets/windows.test.ts checks the promise of every rule that makes it.
 */
export interface BlockWindow {
  /** Global (`g`) regex, run over the whole text: its matches place the windows. */
  locate: RegExp;
  /** Lines above a located line that the rule may read or mark. */
  before: number;
  /** Lines below a located line that the rule may read or mark. */
  after: number;
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
