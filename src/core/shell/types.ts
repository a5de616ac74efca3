// Public and internal shapes of the command classifier. Pure types.

/** Filesystem facts come through `exists`: the core never touches the disk. */
export interface CommandEnv {
  cwd: string;
  home: string;
  workspace: string;
  /** true/false when known, undefined when the guard cannot tell (then name heuristics decide). */
  exists?: (absPath: string) => boolean | undefined;
}

/** One command that would run. `null` in argv = a word only known at run time (variable, substitution, brace). */
export interface SubCommand {
  argv: (string | null)[];
  text: string;
  /** Wrappers and contexts it was found inside, outermost first: `sudo`, `bash -c`, `$()`, `find -exec`, … */
  via: string[];
}

export interface CommandFinding {
  rule: string;
  category: string;
  tier: 'destructive' | 'unknown';
  subcommand: string;
  explanation: string;
}

export interface PathEffect {
  op: 'read' | 'write' | 'delete' | 'rename';
  /** Absolute (cwd-joined, `~` expanded), not normalised: the path guard does lexical and physical checks. */
  path: string;
  subcommand: string;
}

export interface CommandAnalysis {
  subcommands: SubCommand[];
  findings: CommandFinding[];
  paths: PathEffect[];
  errors: string[];
}

// ---- internal ----

/** A word after quote removal. `value` null = dynamic. */
export interface W {
  value: string | null;
  /** Unquoted glob characters (`*`, `?`, `[…]`, extglob): the file set is decided at run time. */
  glob: boolean;
  /** Source text, for explanations. */
  text: string;
  /** Best-effort literal for paths: `~` and `$HOME` expanded; undefined when not derivable. */
  path: string | undefined;
  /** Word came from an input list (xargs, find `{}`), not from the command line. Made by words.ts `word()`. */
  fromInput: boolean;
}

export interface Redir {
  op: string; // '>', '>>', '<', '>|', '&>', '&>>', '<>', '>&', '<&', '<<<'
  fd: number | undefined;
  target: W;
}

export type Stdin =
  | { kind: 'none' }
  | { kind: 'pipe'; from: Sub | undefined }
  | { kind: 'heredoc'; body: string; quoted: boolean }
  | { kind: 'herestring'; value: string | null }
  | { kind: 'file'; path: W };

/** An internal sub-command: normalized argv plus everything the rules need. */
export interface Sub {
  index: number;
  /** After unwrapping: words[0] is the command that runs. */
  words: W[];
  /** Lower-cased basename of words[0]; null when dynamic. */
  name: string | null;
  /** Words as written, wrappers included (user patterns may name the wrapper). */
  rawWords: W[];
  text: string;
  via: string[];
  redirects: Redir[];
  stdin: Stdin;
  /** Working directory; null when a dynamic `cd` made it unknown. */
  cwd: string | null;
  /** Runs on another machine or container (ssh, docker exec): every path is outside the workspace. */
  remote: boolean;
  /** Literal assignments in front of the command (`FOO=1 rm`) and given to env. */
  assigns: Record<string, string | null>;
  /** Facts the unwrapper learned: `shell`, `opaque` (reason), `script`, `stdinProgram`, `noexec`, `gitConfig`… */
  meta: Record<string, unknown>;
}

export interface Finding extends CommandFinding {
  /** Index of the sub-command it is about; -1 for line-level findings (not exemptable by an allow pattern). */
  sub: number;
  /** Raised by a wrapper (sudo) rather than the inner command: an allow pattern on the inner command keeps it. */
  wrapper?: boolean;
}
