// Shell commands that read workspace files holding secrets. The command classifier says which files a
// command reads (its analysis: path effects with op `read`, or `any` for a program whose reading of a word is
// not known); here those files are looked at. Never allow what the guard cannot see:
// - a host that hands terminal output to the model as it is (VS Code's run_in_terminal, Cline) would show
//   the secret: refused, pointing at a read tool that masks;
// - a host whose after-hook replaces the output (Claude Code, Gemini CLI, Codex) masks it — but only output
//   it can recognise: the file's own lines as they are. A command that transforms them (`base64`, `od`,
//   `xxd`, `rev`, `tr`, an interpreter, a program the guard does not know, a byte slice, grep's colours or
//   `-o`) would carry the secret past the masking: refused, saying why.
// Anything the check cannot settle (an unreadable file, one too large, a tree too big to walk) refuses.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DraftCall, HookEnvelope } from '../../core/hooks';
import { AGENTS, callsOf } from '../../core/hooks';
import type { ToolSpec } from '../../core/chain';
import type { CommandAnalysis, PathEffect } from '../../core/shell/types';
import type { GuardService } from '../guardService';
import { checkScope, MAX_CHECK_BYTES, rel, type Workspace } from './effects';

/**
 * Programs whose output is lines of their input as they are (numbered or prefixed with a file name at most),
 * with the options that keep it so. `flags`: short options without a value; `valued`: short options taking
 * one (checked by `value`); `long`: long options (`--name` or `--name=value`); `digits`: `-20` means `-n 20`;
 * `script`: the first operand is a sed script, which must only print or quit.
 */
interface Reader {
  flags?: string;
  valued?: string;
  value?: RegExp;
  long?: string[];
  digits?: boolean;
  script?: RegExp;
}

const COUNT = /^[+-]?\d+$/;
const GREP: Reader = {
  flags: 'nivwxHhrRlLcsqEFGPI',
  valued: 'eABCm',
  long: [
    '--line-number',
    '--ignore-case',
    '--invert-match',
    '--word-regexp',
    '--line-regexp',
    '--with-filename',
    '--no-filename',
    '--recursive',
    '--dereference-recursive',
    '--files-with-matches',
    '--files-without-match',
    '--count',
    '--no-messages',
    '--quiet',
    '--silent',
    '--extended-regexp',
    '--fixed-strings',
    '--basic-regexp',
    '--perl-regexp',
    '--regexp',
    '--after-context',
    '--before-context',
    '--context',
    '--max-count',
    '--color=never',
    '--colour=never',
    '--include',
    '--exclude',
    '--exclude-dir',
  ],
};
const ADDR = String.raw`(?:\d+|\$|/(?:[^/\\\n]|\\.)*/)`;
const SED_PRINT = new RegExp(String.raw`^\s*(?:${ADDR}(?:\s*,\s*${ADDR})?)?\s*[pq]\s*$`);

export const PLAIN_READERS: Record<string, Reader> = {
  cat: { flags: 'nbsu', long: ['--number', '--number-nonblank', '--squeeze-blank'] },
  head: { flags: 'qv', valued: 'n', value: COUNT, digits: true, long: ['--lines', '--quiet', '--silent', '--verbose'] },
  tail: { flags: 'qv', valued: 'n', value: COUNT, digits: true, long: ['--lines', '--quiet', '--silent', '--verbose'] },
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  sed: { flags: 'nEs', valued: 'e', long: ['--quiet', '--silent', '--regexp-extended', '--separate'], script: SED_PRINT },
  less: {},
  more: {},
  nl: { valued: 'bnwvi', value: /^(?:a|t|n|ln|rn|rz|\d+)$/ },
  wc: { flags: 'lwcmL', long: ['--lines', '--words', '--bytes', '--chars', '--max-line-length'] },
};

/** Why `argv` is not a plain reader's command line, or undefined when it is. */
export function notPlainReader(argv: readonly (string | null)[]): string | undefined {
  const name = argv[0] === null || argv[0] === undefined ? undefined : path.posix.basename(argv[0]);
  if (name === undefined) return 'a program known only at run time';
  if (argv.some((a) => a === null)) return `\`${name}\` with words known only at run time`;
  const r = Object.prototype.hasOwnProperty.call(PLAIN_READERS, name) ? PLAIN_READERS[name] : undefined;
  if (!r) return `\`${name}\` is not a program that prints a file's lines as they are`;
  const args = argv.slice(1) as string[];
  const operands: string[] = [];
  let scriptGiven = false;
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === '--') {
      operands.push(...args.slice(k + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      operands.push(a);
      continue;
    }
    if (a.startsWith('--')) {
      const key = a.split('=')[0];
      const ok = r.long?.some((l) => l === a || (!l.includes('=') && l === key));
      if (!ok) return `\`${name} ${a}\` changes what it prints`;
      continue;
    }
    if (r.digits && /^-\d+$/.test(a)) continue;
    for (let j = 1; j < a.length; j++) {
      const c = a[j];
      if (r.valued?.includes(c)) {
        const v = j + 1 < a.length ? a.slice(j + 1) : args[++k];
        if (v === undefined) return `\`${name} -${c}\` without its value`;
        if (name === 'sed' && c === 'e') {
          if (!r.script?.test(v) && !v.split(/[;\n]/).every((p) => r.script?.test(p))) return `the sed script \`${v}\` changes the lines it prints`;
          scriptGiven = true;
        } else if (r.value && !r.value.test(v)) return `\`${name} -${c} ${v}\` changes what it prints`;
        break;
      }
      if (!r.flags?.includes(c)) return `\`${name} -${c}\` changes what it prints`;
    }
  }
  if (r.script && !scriptGiven) {
    const script = operands[0];
    if (script === undefined || !script.split(/[;\n]/).every((p) => r.script!.test(p))) return `the sed script \`${script ?? ''}\` changes the lines it prints`;
  }
  return undefined;
}

export interface SecretFile {
  rel: string;
  count: number;
  /** The file's text and its masked text, to ask whether masking the output would recognise every secret. */
  text: string;
  masked: string;
}

/**
 * The workspace files holding secrets that a command's path effects read. Throws where it cannot tell (an
 * unreadable file, one too large, a tree too big to walk): the caller refuses.
 */
export function secretFilesRead(ws: Workspace, effects: readonly PathEffect[]): SecretFile[] {
  const out = new Map<string, SecretFile>();
  const look = (abs: string) => {
    let real: string;
    try {
      real = fs.realpathSync.native(abs);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // nothing there yet: the command made it
      throw new Error(`${abs} cannot be checked (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    if (real !== ws.root && !real.startsWith(ws.root + path.sep)) return; // outside: the path rules judge it
    const relPath = rel(ws, real);
    if (out.has(relPath)) return;
    const st = fs.statSync(real);
    if (!st.isFile()) return;
    if (st.size > MAX_CHECK_BYTES) throw new Error(`${relPath} is too large to check for secrets`);
    const text = fs.readFileSync(real, 'utf8');
    const m = ws.compiled.maskFile(relPath, text);
    if (m.masked > 0) out.set(relPath, { rel: relPath, count: m.masked, text, masked: m.text });
  };
  for (const e of effects) {
    if (e.op !== 'read' && e.op !== 'any') continue;
    const abs = path.resolve(ws.root, e.path);
    if (abs !== ws.root && !abs.startsWith(ws.root + path.sep)) continue;
    let tree: { base: string; include?: string[]; followsLinks?: false } | undefined;
    if (e.glob) {
      // The folder above the first glob character is walked, the rest matched as a pattern.
      const parts = path.relative(ws.root, abs).split(path.sep);
      const k = parts.findIndex((p) => /[*?[\]{}]|^[@!+]\(/.test(p));
      tree = { base: parts.slice(0, Math.max(0, k)).join('/') || '.', include: [parts.slice(Math.max(0, k)).join('/')] };
    } else if (e.recursive || e.into) {
      // A walk that does not follow the links it meets (`grep -r`, `rg` without `-L`) never reads what they point at.
      tree = { base: path.relative(ws.root, abs) || '.', include: e.names?.map((n) => `**/${n}`), followsLinks: e.noFollow ? false : undefined };
    }
    if (!tree) {
      look(abs);
      continue;
    }
    const check = checkScope(ws, tree, ws.root, { secrets: true, includesIgnored: true });
    if (check.incomplete) throw new Error(`what \`${e.subcommand}\` reads could not be walked (${check.incomplete})`);
    for (const f of check.secretFiles) look(path.join(ws.root, f));
  }
  return [...out.values()];
}

/** Lines of a secret file that masking a command's output (as a value, line by line) would not hide as the file's masking does. */
function unrecognised(ws: Workspace, f: SecretFile): boolean {
  const lines = f.text.split('\n');
  const masked = f.masked.split('\n');
  if (lines.length !== masked.length) return true;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === masked[i]) continue;
    if (ws.compiled.maskValue(lines[i]) === lines[i]) return true;
    if (ws.compiled.maskValue(`${f.rel}:${i + 1}:${lines[i]}`) === `${f.rel}:${i + 1}:${lines[i]}`) return true;
  }
  return false;
}

/** The read tool each host offers that hands the model a masked view (where the host takes a new input). */
const HOST_READ_TOOL: Partial<Record<HookEnvelope['host'], string>> = { vscode: 'read_file', cline: 'read_file' };
const GUARDED_READ = "AgentGuard's guarded read tool (agentguard_readFile, or the agentguard MCP server's readFile)";

/**
 * A refusal for an exec call that would show a workspace file's secrets where they cannot be masked, or
 * undefined. `masksOutput`: the host's after-hook replaces the output (then only plain readers pass).
 */
export function execSecretCheck(ws: Workspace, env: HookEnvelope, call: DraftCall, analysis: CommandAnalysis, masksOutput: boolean): DraftCall | undefined {
  const refuse = (reason: string, paths: string[] = []): DraftCall => ({
    op: 'exec',
    paths,
    command: call.command,
    cwd: call.cwd,
    agent: AGENTS[env.host],
    channel: 'hook',
    tool: env.toolName,
    args: env.toolInput,
    preset: { kind: 'refuse', rule: 'hook:secret-exec', reason },
  });
  let files: SecretFile[];
  try {
    files = secretFilesRead(ws, analysis.paths);
  } catch (e) {
    return refuse(`AgentGuard could not check whether this command shows secrets from the workspace (${(e as Error).message}), so it was not run.`);
  }
  if (files.length === 0) return undefined;
  const names = files.map((f) => f.rel);
  const list = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
  const holds = `${list} ${names.length === 1 ? 'holds' : 'hold'} secret values`;
  if (!masksOutput) {
    const own = env.rewritesInput ? HOST_READ_TOOL[env.host] : undefined;
    return refuse(
      `AgentGuard refused this command: ${holds}, and this host hands the command's output to the agent as it is, so they would be shown. ` +
        `Read ${names.length === 1 ? 'it' : 'them'} with ${own ? `the ${own} tool or ` : ''}${GUARDED_READ}, which replace${own ? '' : 's'} secret values with placeholders.`,
      names,
    );
  }
  const why = unmaskableWhy(ws, analysis, files);
  if (!why) return undefined;
  return refuse(
    `AgentGuard refused this command: ${holds}, and ${why}, so AgentGuard could not recognise and mask them in what the command prints. ` +
      `Print the file as it is (cat, head, tail, grep, sed -n) or read it with the host's read tool: that output is masked.`,
    names,
  );
}

/**
 * Why masking a command's output (as a value) would not hide the secrets of the files it reads, or undefined
 * when it would: only plain readers whose output is the files' own lines. Shared by every channel that
 * hands a command's output to a model (the hook bridge, the guarded runCommand tool).
 */
export function unmaskableWhy(ws: Workspace, analysis: CommandAnalysis, files: readonly SecretFile[]): string | undefined {
  if (files.length === 0) return undefined;
  let why: string | undefined;
  for (const s of analysis.subcommands) {
    if (s.via.length) why ??= `\`${s.text.slice(0, 80)}\` runs inside ${s.via.join(' → ')}`;
    else why ??= notPlainReader(s.argv);
  }
  const writes = analysis.paths.find((p) => p.op !== 'read');
  if (writes) why ??= `\`${writes.subcommand.slice(0, 80)}\` would put the text somewhere else (${writes.path})`;
  if (!why && files.some((f) => unrecognised(ws, f))) why = 'some of those values are recognised only in their file, not in a command output';
  return why;
}

/**
 * The pipeline's look at what a host's command would show (RunHow `shows`): a refusal where the command
 * reads a workspace file holding secrets and the host cannot mask its output, or would change the secret
 * past recognising. Calls the guard cannot see into (a preset) or that were decided before the command was
 * analysed are left to their own verdict.
 */
export function hostShows(ws: Workspace, env: HookEnvelope, masksOutput: boolean): NonNullable<ToolSpec<unknown>['shows']> {
  return (call, verdict) => {
    if (call.op !== 'exec' || call.preset || call.command === undefined || !verdict.analysis) return undefined;
    const r = execSecretCheck(ws, env, call, verdict.analysis, masksOutput);
    return r?.preset ? { decision: 'deny', rule: r.preset.rule, reason: r.preset.reason } : undefined;
  };
}

/**
 * The refusals for a host tool's commands (decided once more, decide-only, for the classifier's analysis:
 * nothing is recorded or settled). A command the policy refuses anyway is left to that refusal.
 */
export async function prepareExecs(
  service: GuardService,
  ws: Workspace,
  env: HookEnvelope,
  drafts: DraftCall[],
  masksOutput: boolean,
  ran = false,
): Promise<DraftCall[]> {
  const execs = drafts.filter((c) => c.op === 'exec' && !c.preset && c.command !== undefined);
  if (execs.length === 0) return [];
  const out: DraftCall[] = [];
  try {
    const calls = callsOf({ kind: 'calls', calls: execs }, `exec-check-${randomUUID()}`);
    const o = await service.run(calls, { decideOnly: true, uncounted: true });
    for (const s of o.settled) {
      if (s.verdict.decision === 'deny') {
        // After it ran (`ran`): a command the path rules refuse (`xxd .env`, `od -c secrets/key`) reached the
        // host past the before-hook (skipped, raced, another hook config). What it printed is that file in any
        // form (a hex dump, octal, a slice of a token) — masking knows no form for sure, so it is withheld.
        // A refusal of the moment (rates, lockdown) says nothing about the output: only the path rules count.
        if (ran && s.verdict.rule.startsWith('path:'))
          out.push({
            ...execs[0],
            command: s.call.command,
            preset: { kind: 'refuse', rule: 'hook:refused-output', reason: `it comes from a command AgentGuard refuses: ${s.verdict.reason}` },
          });
        continue;
      }
      const a = s.verdict.analysis;
      if (!a) continue; // decided before the command was analysed (its cwd): nothing it reads is known to run
      const r = execSecretCheck(ws, env, s.call, a, masksOutput);
      if (r) out.push(r);
    }
  } catch (e) {
    out.push({
      ...execs[0],
      preset: {
        kind: 'refuse',
        rule: 'fail-closed',
        reason: `AgentGuard could not check whether this command shows secrets from the workspace (${(e as Error).message}), so it was not run.`,
      },
    });
  }
  return out;
}
