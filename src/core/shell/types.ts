// Public and internal shapes of the command classifier. Pure types.
import type { Access } from './programs/model';

/** Filesystem facts come through `exists`: the core never touches the disk. */
export interface CommandEnv {
  cwd: string;
  home: string;
  workspace: string;
  /** true/false when known, undefined when the guard cannot tell (then name heuristics decide). */
  exists?: (absPath: string) => boolean | undefined;
  /** Is the path a directory (following links)? undefined when the guard cannot tell. */
  isDir?: (absPath: string) => boolean | undefined;
  /** Functions (aliases as functions) an earlier command left in the terminal: [name, body `{ … }`]. */
  functions?: readonly (readonly [string, string])[];
  /** The path with every link on it followed (what the disk resolves it to); undefined when it cannot be told. */
  physical?: (absPath: string) => string | undefined;
  /**
   * The text of a script on disk that a command runs (`./x.sh`, `bash x.sh`, `python3 x.py`, a package.json
   * script, a Makefile recipe), so its commands are judged as the line's own. undefined: absent or not text;
   * false: present but unreadable or too large to judge. Without it, scripts on disk are not read.
   */
  readScript?: (absPath: string, max: number) => string | false | undefined;
  /**
   * Whether a script on disk may be the agent's own: true when git does not hold it as it is at HEAD (untracked,
   * modified, no repository), false for the user's committed code, undefined when it cannot be told. A script
   * that may be the agent's is judged strictly: a file, program or address its code computes is an unknown.
   * Without it, scripts on disk are judged as the project's code.
   */
  scriptChanged?: (absPath: string) => boolean | undefined;
  /**
   * The entries of a folder (links not followed: a link is no folder here), for the files tools load without the
   * line naming them (pytest's conftest.py under a tree, `//go:generate` in a package). undefined: not a folder,
   * or it cannot be listed. Without it, trees are not searched.
   */
  listDir?: (absPath: string) => readonly { name: string; dir: boolean }[] | undefined;
  /**
   * The files (absolute) the git repository holding the path has in its index or its commits: what a git listing
   * (`git ls-files`, `git diff --name-only`) can print. undefined when it cannot be told.
   */
  gitHeld?: (absPath: string) => readonly string[] | undefined;
}

/** One command that would run. `null` in argv = a word only known at run time (variable, substitution, brace). */
export interface SubCommand {
  argv: (string | null)[];
  text: string;
  /** Wrappers and contexts it was found inside, outermost first: `sudo`, `bash -c`, `$()`, `find -exec`, … */
  via: string[];
  /** Read from a project file the line runs (a script, a package.json script, a recipe), not written on the line. */
  fromFile?: true;
}

export interface CommandFinding {
  rule: string;
  category: string;
  tier: 'destructive' | 'unknown';
  subcommand: string;
  explanation: string;
}

export interface PathEffect {
  /** `any`: a word that names the path where the program's reading of it is not known (naming is touching). */
  op: 'read' | 'write' | 'delete' | 'rename' | 'any';
  /** Absolute (cwd-joined, `~` expanded), not normalised: the path guard does lexical and physical checks. */
  path: string;
  subcommand: string;
  /** The access reaches everything under the path when it is a directory (grep -r, cp -r, tar -x into it). */
  recursive?: boolean;
  /** The path is a bash glob pattern: it names whatever it can match. */
  glob?: boolean;
  /** Files under the tree whose names are not known (an archive's members): judge what could be there. */
  into?: boolean;
  /** A tree access limited to these base-name globs. */
  names?: string[];
  /** A tree access that skips names starting with a dot (rg, ag, fd by default). */
  noHidden?: boolean;
  /** A tree walk that does not follow the links it meets under the tree (`grep -r`, `rg` without `-L`). */
  noFollow?: boolean;
  /** A tree walk that descends into links to folders (`find -L`, `grep -R`, `rg -L`, `tar -h`, `cp -L`, `rsync -L`). */
  descends?: boolean;
  /** The path is run as a program or script (judged as a read, and a program from scratch space is asked). */
  exec?: boolean;
  /**
   * Reads the content of the commits of the repository the path is in (`git log -p`, `git show HEAD~1`,
   * `git archive HEAD`): every file committed there, the ones no longer on disk included.
   */
  history?: boolean;
  /** What proves the access reaches less than the files it walks (a search pattern, a commit range). */
  narrow?: Narrow;
  /** A checker's or scanner's tree read: a protected file met under the folder is asked, not refused (REPORTS). */
  reports?: boolean;
  /** A glob after `shopt -s dotglob`: `*` and `?` also match names that start with a dot (`.env`). */
  dotglob?: boolean;
  /** A glob after `shopt -s nocaseglob`: matched without regard to case. */
  nocase?: boolean;
}

/** The glob options a line turned on before a sub-command (`shopt -s dotglob globstar nocaseglob extglob nullglob`). */
export interface GlobOpts {
  dot: boolean;
  star: boolean;
  nocase: boolean;
  ext: boolean;
  nul: boolean;
}

/** What narrows a read to less than every file it walks. */
export interface Narrow {
  /**
   * A search that prints only lines matching one of these JS regex sources (a superset of the program's own
   * matches, case folded): a protected file holding no such line gives the output nothing of it.
   */
  matching?: readonly string[];
  /** A history read limited to the files these commits change (`git diff A...B`, `git format-patch -1`). */
  range?: GitRange;
  /**
   * A walk of the names a git listing prints (`git ls-files | xargs eslint`, `npx eslint $(git diff --name-only)`):
   * git names only files it holds (its index, its commits), so a file it never held (an ignored `.env`) is not reached.
   */
  tracked?: boolean;
}

/** The commits a history read prints: `git log <args>` (commits) or `git diff <args>` (two trees). */
export interface GitRange {
  kind: 'log' | 'diff';
  args: readonly string[];
}

export interface CommandAnalysis {
  subcommands: SubCommand[];
  findings: CommandFinding[];
  paths: PathEffect[];
  errors: string[];
  /**
   * Files the line writes (absolute, normalised) and the text each gets when the line shows it (null: not shown),
   * for a session that keeps what earlier steps wrote (`agentguard eval --session`). Not serialised.
   */
  written?: ReadonlyMap<string, string | null>;
  /**
   * Names a move or a link-preserving copy gives (`mv a b`, `cp -r a b`): [new, old, moved], absolute and
   * normalised, for a session whose later steps reach through the new name what the old one reached. Not serialised.
   */
  moved?: readonly (readonly [string, string, boolean])[];
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
  /** The word is one of these (a loop variable over a list, a variable set in several places). */
  alts: W[] | undefined;
  /** For a word from an input list: where the list comes from, when the guard can tell. */
  input: InputSource | undefined;
}

/**
 * Where an input list of file names comes from (`find src -name '*.ts' | xargs cat`): files under `dirs`
 * whose names match `names` (any name when absent); literal words; or something the guard cannot read.
 */
export type InputSource =
  | {
      kind: 'files';
      dirs: string[];
      names: string[] | undefined;
      cwd: string | null;
      /** The producer descends into links to folders under `dirs` (find -L). */
      descends?: boolean;
      /** Which of `dirs` are bash glob patterns (the shell picked the producer's operands: `ls src/*.ts`, `ls -d t*`). */
      globs?: boolean[];
      /** The producer is a git listing that names only files git holds (index or commits), never an untracked one. */
      tracked?: boolean;
    }
  | { kind: 'words'; words: string[] }
  | { kind: 'unknown'; what: string };

export interface Redir {
  op: string; // '>', '>>', '<', '>|', '&>', '&>>', '<>', '>&', '<&', '<<<'
  fd: number | undefined;
  target: W;
}

export type Stdin =
  | { kind: 'none' }
  | { kind: 'pipe'; from: Sub | undefined }
  | { kind: 'heredoc'; body: string; quoted: boolean }
  | { kind: 'herestring'; value: string | null; /** Source text (what a secret-bearing variable in it flows from). */ text?: string }
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
  /** In a container with bind mounts: container path → host path (its paths under them are paths here). */
  mounts: [string, string][] | undefined;
  /** Literal assignments in front of the command (`FOO=1 rm`) and given to env. */
  assigns: Record<string, string | null>;
  /** Facts the unwrapper learned: `shell`, `opaque` (reason), `script`, `stdinProgram`, `noexec`, `gitConfig`… */
  meta: Record<string, unknown>;
  /** What the program's row says it does to paths (programs/model.ts). */
  acc: Access[];
  /** Why the sub-command is not accounted for (no row, an unknown option or verb, a run-time path…). */
  why: string | undefined;
  /** Files that decide what it runs (package.json for npm test, Makefile for make), relative to runsBase or cwd. */
  runs: string[] | undefined;
  runsBase: string | undefined;
}

export interface Finding extends CommandFinding {
  /** Index of the sub-command it is about; -1 for line-level findings (not exemptable by an allow pattern). */
  sub: number;
  /** Raised by a wrapper (sudo) rather than the inner command: an allow pattern on the inner command keeps it. */
  wrapper?: boolean;
}
