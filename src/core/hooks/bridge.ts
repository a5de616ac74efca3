// The shapes of the hook bridge's pure core, shared by every host: one hook invocation in host-independent
// terms (the envelope), what its tool call means to the guard (the plan: canonical calls), what the bridge
// answers, and what a host must provide to be bridged (HookHost: one file per host under hosts/). No I/O:
// the CLI and the channel server do that.
import type { CanonicalCall, Decision } from '../types';

export type HostId = 'vscode' | 'claude' | 'cline' | 'gemini' | 'codex';

/** The agent name each host's calls carry in the audit. */
export const AGENTS: Record<HostId, string> = { vscode: 'vscode-agent', claude: 'claude-code', cline: 'cline', gemini: 'gemini-cli', codex: 'codex' };

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
  /**
   * The host applies a new tool input from this hook (VS Code `updatedInput`, Claude Code `updatedInput`
   * with a decision, Cline's SDK hooks `overrideInput`, Gemini `tool_input`, Codex `updatedInput.command`).
   * Cline's VS Code extension (the legacy hook protocol) does not.
   */
  rewritesInput?: boolean;
  /**
   * Cline: the legacy copy of the call (`preToolUse`) when it differs from the SDK's `tool_call` beside it.
   * Which copy a given Cline build runs cannot be told from the payload, so both are judged (the worst wins).
   */
  shadow?: { toolName: string; toolInput: Record<string, unknown> };
}

export type EnvelopeResult = { ok: true; env: HookEnvelope } | { ok: false; error: string };

/** A canonical call before the bridge gives it an id. */
export type DraftCall = Omit<CanonicalCall, 'id'>;

/**
 * What one host tool call means to the guard.
 * - calls: canonical calls for the pipeline; the worst verdict wins. A call the engine cannot judge carries a
 *   preset (a tool the guard cannot see into; input that may never run), a read the host returns unmasked
 *   says so (`unmaskedRead`): both are data on the call, decided in the one pipeline.
 * - pass: the tool touches no file and runs nothing; the guard has no opinion and the host's own flow applies.
 */
export type HookPlan = { kind: 'calls'; calls: DraftCall[]; effects?: ToolEffects } | { kind: 'pass'; rule: string; reason: string };

/**
 * What running the tool will do to files, for the checks that need the files' text (the node side reads
 * them): placeholder restore, test integrity, masked views of reads, search scopes. Pure functions of texts.
 */
export interface ToolEffects {
  /** Files the tool changes, in order. */
  edits?: FileEdit[];
  /**
   * The tool input with every string the model wrote into a file passed through `fix` (the text, the file
   * it goes to, and whether it is text to find (`old`) or text to write (`new`)).
   */
  withText?(fix: (text: string, path: string, role: 'old' | 'new') => string): Record<string, unknown>;
  /** Files whose content the tool hands the model, and the input that reads another file in their place. */
  reads?: { paths: string[]; redirect?(view: (path: string) => string | undefined): Record<string, unknown> };
  /** A search over files: where it looks, and how to narrow it where the host takes a new input. */
  search?: SearchScope;
  /**
   * What the tool prints reaches the model later, not as its result (Claude Code's Monitor delivers each
   * line as a notification): the after-hook never sees it, so it is judged as on a host that cannot mask.
   */
  unmaskedOutput?: boolean;
}

export interface FileEdit {
  /** As the tool names it (absolute, or relative to the call's base). */
  path: string;
  /** The file's text after the edit from its text before (undefined: no such file); null: deleted; undefined: cannot tell. */
  after(before: string | undefined): string | null | undefined;
  /** When `after` cannot tell: the text the edit takes out and puts in, compared as if it were the file. */
  fallback?(): { oldText: string; newText: string };
}

export interface SearchScope {
  /** The directory searched (absolute, or relative to the call's base). */
  base: string;
  /** Glob(s) a file must match, relative to `base` (undefined: every file). */
  include?: string[];
  /**
   * Only files whose text holds this string are in reach (VS Code's list_code_usages shows lines of the files
   * naming a symbol). A file that cannot be read or is too large to look into counts as holding it.
   */
  contains?: string;
  /** The search also looks into files ignore files name (VS Code includeIgnoredFiles, Gemini no_ignore). */
  includesIgnored?: boolean;
  /**
   * false: the host's search does not follow symbolic links it meets under `base` (ripgrep without `--follow`,
   * as Cline runs it), so a link there is not in reach, wherever it points. Undefined: links are followed.
   */
  followsLinks?: false;
  /** The input that searches only these workspace-relative paths (files or `dir/**` globs), or undefined when the host cannot narrow. */
  narrow?(paths: string[]): Record<string, unknown> | undefined;
}

/** The bridge's answer, host-independent; the host's `render` turns it into its protocol. */
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
  /** After-hook: the tool output with secrets masked, where the host lets a hook replace it. */
  updatedToolOutput?: unknown;
  /**
   * Before-hook: the tool input the host runs instead (a masked view read in place of the file, placeholders
   * restored, a search narrowed, or — on a host without a per-call refusal — a harmless stand-in that tells
   * the agent it was refused).
   */
  updatedInput?: Record<string, unknown>;
  /**
   * The host puts up a confirmation only because of our rewrite (VS Code asks before reading a file outside
   * the workspace — the masked view): answer `allow` so that prompt, which protects nothing, is skipped.
   */
  allowRewrite?: boolean;
  /** Text appended next to the tool result (every host that supports it). */
  additionalContext?: string;
}

/** What an after-hook says the tool ran with and returned (read even from a payload the bridge refused). */
export interface RanTool {
  toolInput?: unknown;
  toolResponse: unknown;
}

/** Keys whose short string values name a shape, not content (`type: "text"`): kept so a host still accepts the shape. */
const SHAPE_KEYS = new Set(['type', 'mode', 'kind', 'status', 'format', 'encoding', 'role']);

/**
 * The tool's output with every string that could carry content replaced: the first by `notice`, the rest by
 * ''. Booleans, numbers, shape words and strings the input holds (a path) stay, so a host that validates a
 * replacement against the tool's output shape (Claude Code) accepts it.
 */
export function withheldOutput(ran: RanTool, notice: string): unknown {
  const inputs = new Set<string>();
  const collect = (x: unknown, depth: number): void => {
    if (typeof x === 'string') inputs.add(x);
    else if (depth < 6 && x && typeof x === 'object') for (const v of Object.values(x)) collect(v, depth + 1);
  };
  collect(ran.toolInput, 0);
  let placed = false;
  const walk = (x: unknown, key: string | undefined, depth: number): unknown => {
    if (typeof x === 'string') {
      if ((key !== undefined && SHAPE_KEYS.has(key) && /^[A-Za-z_-]{1,24}$/.test(x)) || (x.length > 0 && inputs.has(x))) return x;
      if (placed) return '';
      placed = true;
      return notice;
    }
    if (Array.isArray(x)) return depth > 16 ? [] : x.map((v) => walk(v, undefined, depth + 1));
    if (x && typeof x === 'object') {
      if (depth > 16) return {};
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v, k, depth + 1)]));
    }
    return x;
  };
  const out = walk(ran.toolResponse, undefined, 0);
  return placed ? out : notice;
}

/** The notice that stands in for an output the bridge could not mask. */
export function withheldNotice(reason: string): string {
  return `[AgentGuard withheld this output: it could not be checked for secrets (${reason.slice(0, 300)}).]`;
}

export interface Rendered {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** How a host's output is masked: the caller supplies the maskers (they need the compiled policy and the workspace). */
export interface OutputMasks {
  /** A file's text as read from `path` (absolute or as the host wrote it). */
  file(path: string, text: string): string;
  value<T>(v: T): T;
}

/** Everything the bridge needs to know about one agent host. Adding a host is one file under hosts/ and one entry in HOSTS. */
export interface HookHost {
  id: HostId;
  /**
   * The host has its own confirmation prompt: when AgentGuard's extension cannot be reached, an `ask` goes
   * back to it (a person still decides). A host without one gets a refusal instead.
   */
  canAsk: boolean;
  /** The payload, already JSON, as an envelope, or what is wrong with it. */
  parse(payload: Record<string, unknown>): EnvelopeResult;
  /** The tool call as canonical calls. */
  plan(env: HookEnvelope): HookPlan;
  /** The answer in the host's protocol (`event`: the host's own event name, where one phase has two answer shapes). */
  render(phase: HookPhase, answer: HookAnswer, event?: string): Rendered;
  /**
   * An internal error, refused in the host's protocol (exit 2, and whatever the host reads besides). In an
   * after-hook, `ran` is what the tool returned when it is known: a host that lets a hook replace the output
   * gets it withheld (the output was never masked, so it must not reach the model as it is).
   */
  renderError(phase: HookPhase | undefined, reason: string, ran?: RanTool): Rendered;
  /** Where the host lets an after-hook replace the tool output: the output with secrets masked. */
  maskOutput?(env: HookEnvelope, output: unknown, masks: OutputMasks): unknown;
  /**
   * A host that cannot replace a tool's output but can end the task after it (Cline's `cancel`): an output that
   * holds secret values ends the task, so the model is not called with it. The after-hook's answer then carries
   * the masked output in `updatedToolOutput` only as the sign that it held secrets.
   */
  endsOnSecretOutput?: boolean;
  /**
   * Where a command that fails reaches the model past the after-hook (Claude Code hands a non-zero exit's
   * output to PostToolUseFailure, which cannot replace it): the tool input with the command run so that it
   * always succeeds, its own status printed instead. Undefined: this tool's output is always masked.
   */
  succeedingInput?(env: HookEnvelope): Record<string, unknown> | undefined;
  /**
   * A host whose only refusal ends the whole task (Cline): a stand-in input that runs nothing and tells the
   * agent why (`notice` is a file holding the refusal, for tools that read). Undefined: no stand-in for this tool.
   */
  refusalInput?(env: HookEnvelope, reason: string, notice: string): Record<string, unknown> | undefined;
  /** What the host shows the model of an edit it made (Cline's editor: the changed lines), from the file before and after. */
  echoesEdit?(env: HookEnvelope, before: string, after: string): string | undefined;
}

/** The longest reason shown to a host (characters). */
const MAX_REASON = 4000;

/** What the host shows the person and the model: always naming AgentGuard. */
export function withPrefix(reason: string | undefined): string {
  let r = reason ?? 'refused';
  // A reason quotes the command or path it judged: a 5 MiB command must not come back as a 5 MiB answer
  // (hosts cap hook output, and a person cannot read it). The head and the tail say what and why.
  if (r.length > MAX_REASON) r = `${r.slice(0, MAX_REASON / 2)} … [${r.length - MAX_REASON} characters left out] … ${r.slice(-MAX_REASON / 2)}`;
  return r.startsWith('AgentGuard') ? r : `AgentGuard: ${r}`;
}
