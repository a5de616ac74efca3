// Install and remove AgentGuard's agent-hook entries in a workspace's hook configs:
//   VS Code      .github/hooks/agentguard.json       {"hooks":{"PreToolUse":[{type,command,timeout}],…}}
//   Claude Code  .claude/settings.local.json          {"hooks":{"PreToolUse":[{matcher,hooks:[…]}],…}}
//   Gemini CLI   .gemini/settings.json                {"hooks":{"BeforeTool":[{matcher,hooks:[…]}],…}} (timeout in ms)
//   Codex        .codex/hooks.json                    {"hooks":{"PreToolUse":[{matcher,hooks:[…]}],…}}
//   Cline        .clinerules/hooks/PreToolUse, PostToolUse: executables, one per event
// Entries are merged into what is there: the user's other hooks and settings are kept as they are, and
// removal takes out exactly the entries whose command is ours (a Cline hook file only when it is ours). A
// file that does not parse, or a Cline hook file a person wrote, is never rewritten (we would lose what a
// person wrote). These files are part of the policy floor: agents can never write them; only this code, run
// by a person's command, does.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderError } from '../../core/hooks';

export type InstallHost = 'vscode' | 'claude' | 'gemini' | 'codex' | 'cline';
export const INSTALL_HOSTS: readonly InstallHost[] = ['vscode', 'claude', 'gemini', 'codex', 'cline'];

/** Where each host reads its hooks (for Cline a folder holding one executable per event). */
export const HOOK_FILES: Record<InstallHost, string> = {
  vscode: '.github/hooks/agentguard.json',
  claude: '.claude/settings.local.json',
  gemini: '.gemini/settings.json',
  codex: '.codex/hooks.json',
  cline: '.clinerules/hooks',
};

/**
 * Host timeouts we install, seconds: long enough for a person to answer the modal. Codex and Gemini run the
 * tool when a hook times out, so theirs is the longest a person may take.
 */
export const HOOK_TIMEOUT_S: Record<InstallHost, number> = { vscode: 120, claude: 300, gemini: 300, codex: 300, cline: 120 };

/** The host's names for the events before and after a tool runs. */
const EVENT_KEYS: Record<InstallHost, readonly (readonly [string, 'pre' | 'post'])[]> = {
  vscode: [
    ['PreToolUse', 'pre'],
    ['PostToolUse', 'post'],
  ],
  claude: [
    ['PreToolUse', 'pre'],
    ['PostToolUse', 'post'],
  ],
  gemini: [
    ['BeforeTool', 'pre'],
    ['AfterTool', 'post'],
  ],
  codex: [
    ['PreToolUse', 'pre'],
    ['PostToolUse', 'post'],
  ],
  cline: [
    ['PreToolUse', 'pre'],
    ['PostToolUse', 'post'],
  ],
};

/** Hosts whose entries are matcher groups `{matcher, hooks: [command]}` (VS Code's are the commands themselves). */
const GROUPED: Record<InstallHost, string | undefined> = { vscode: undefined, claude: '*', gemini: '.*', codex: '*', cline: undefined };

/** The first lines of a Cline hook file we wrote: how removal knows the file is ours. */
const CLINE_MARK = '# AgentGuard agent hook: written by "AgentGuard: Install Agent Hooks", removed by "Remove Agent Hooks".';

export interface InstallOptions {
  workspace: string;
  /** Absolute path of the node binary (hosts' PATH may not have one). */
  node: string;
  /** Absolute path of the hook entry: dist/hook.js (see hookEntryPath); dist/cli.js answers the same, slower. */
  cli: string;
  hosts?: readonly InstallHost[];
  platform?: NodeJS.Platform;
}

export interface FileChange {
  host: InstallHost;
  file: string;
  before: string | undefined;
  after: string | undefined;
  /** Written executable (Cline runs its hook files). */
  executable?: boolean;
}

function quote(arg: string, platform: NodeJS.Platform): string {
  if (platform === 'win32') return `"${arg.replace(/"/g, '""')}"`; // run by PowerShell / Git Bash
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * The installed command runs the lean bundle dist/hook.js: it starts close to a bare `node` and loads the
 * full CLI only when the extension cannot answer. Hosts run it before every tool call, one after another.
 */
export function hookEntryPath(extensionPath: string): string {
  return path.join(extensionPath, 'dist', 'hook.js');
}

/**
 * The installed command. Threat: the hook entry (or the node it names) is gone — the extension was
 * uninstalled, moved or upgraded away, node was replaced — and `node <missing file>` exits 1, which no host
 * treats as a refusal: every tool call would run unguarded. So on POSIX the command is a small sh script
 * (every host runs it with sh or bash: VS Code and Claude Code `sh -c`, Gemini CLI `bash -c`, Codex a
 * shell, Cline a `#!/bin/sh` file) that runs the bridge only when both files are there and passes on its
 * answer only when it ended as the bridge ends (0, or 2 with its own refusal); anything else — a missing
 * file, a crash while loading, a signal — prints this host's own refusal for the event and exits 2. The
 * refusal is rendered here, at install time, by the same code the bridge answers with.
 * Windows keeps the plain command (PowerShell would need its own script; not covered here).
 */
export function hookCommandLine(o: InstallOptions, host: InstallHost, event: 'pre' | 'post'): string {
  const p = o.platform ?? process.platform;
  const q = (a: string) => quote(a, p);
  const args = [o.node, o.cli, 'hook', '--host', host, '--event', event, '--workspace', o.workspace, '--timeout', String(HOOK_TIMEOUT_S[host])];
  const run = args.map(q).join(' ');
  if (p === 'win32') return run;
  const r = renderError(host, event, brokenReason(o));
  const lines = [`if [ -f ${q(o.cli)} ] && [ -x ${q(o.node)} ]; then ${run}; s=$?; case $s in 0|2) exit $s;; esac; fi`];
  if (r.stdout) lines.push(`printf '%s\\n' ${q(r.stdout.trimEnd())}`);
  if (r.stderr) lines.push(`printf '%s\\n' ${q(r.stderr.trimEnd())} >&2`);
  lines.push(`exit ${r.exitCode === 0 ? 2 : r.exitCode}`);
  return lines.join('; ');
}

/** What the agent and the person are told when the installed command cannot get an answer from the bridge. */
function brokenReason(o: InstallOptions): string {
  // Only printable characters without quotes or backslashes: the text sits inside sh quotes and host JSON.
  const shown = (f: string) => f.replace(/[^\x20-\x7e\u00a0-\uffff]|['"\\`$]/g, '?');
  return (
    `no answer from ${shown(o.node)} ${shown(o.cli)} (a file is missing, or it stopped before answering), so the tool was not run; ` +
    'reinstall the hooks (AgentGuard: Install Agent Hooks) or remove them'
  );
}

/** Ours: an `agentguard hook` command line (any install location, so an upgrade replaces the old one). */
export function isOurCommand(cmd: unknown): boolean {
  return typeof cmd === 'string' && /(cli|hook)\.js['"]? hook --host ['"]?(vscode|claude|cline|gemini|codex)\b/.test(cmd);
}

type Json = Record<string, unknown>;

function isObj(x: unknown): x is Json {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function readJson(file: string): { text?: string; data: Json } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { data: {} };
    throw e;
  }
  if (text.trim() === '') return { text, data: {} };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not valid JSON (${(e as Error).message}); fix it or remove it by hand, AgentGuard will not overwrite it`);
  }
  if (!isObj(data)) throw new Error(`${file} does not hold a JSON object; AgentGuard will not overwrite it`);
  if (data.hooks !== undefined && !isObj(data.hooks)) throw new Error(`${file}: "hooks" is not an object; AgentGuard will not overwrite it`);
  return { text, data };
}

/** Remove our entries from one event's list; returns the filtered list. Claude entries nest `hooks`. */
function withoutOurs(list: unknown[], host: InstallHost): unknown[] {
  const out: unknown[] = [];
  for (const item of list) {
    if (!isObj(item)) {
      out.push(item);
      continue;
    }
    if (isOurCommand(item.command)) continue;
    if (GROUPED[host] !== undefined && Array.isArray(item.hooks)) {
      const inner = item.hooks.filter((h) => !(isObj(h) && isOurCommand(h.command)));
      if (inner.length === 0 && item.hooks.length > 0) continue; // a group that only held ours
      out.push(inner.length === item.hooks.length ? item : { ...item, hooks: inner });
      continue;
    }
    out.push(item);
  }
  return out;
}

function transform(data: Json, host: InstallHost, add: ((event: 'pre' | 'post') => unknown) | undefined): Json {
  const hooks: Json = isObj(data.hooks) ? { ...data.hooks } : {};
  for (const [key, event] of EVENT_KEYS[host]) {
    const list = Array.isArray(hooks[key]) ? withoutOurs(hooks[key] as unknown[], host) : hooks[key] === undefined ? [] : undefined;
    if (list === undefined) throw new Error(`"hooks.${key}" is not a list; AgentGuard will not overwrite it`);
    if (add) list.push(add(event));
    if (list.length) hooks[key] = list;
    else delete hooks[key];
  }
  const out: Json = { ...data };
  if (Object.keys(hooks).length) out.hooks = hooks;
  else delete out.hooks;
  return out;
}

function entryFor(o: InstallOptions, host: InstallHost, event: 'pre' | 'post'): unknown {
  const timeout = host === 'gemini' ? HOOK_TIMEOUT_S[host] * 1000 : HOOK_TIMEOUT_S[host];
  const command = { type: 'command', command: hookCommandLine(o, host, event), timeout };
  const matcher = GROUPED[host];
  return matcher !== undefined ? { matcher, hooks: [command] } : command;
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** Ours: our mark and a line running our command (`exec node …` as first installed, or the fail-closed script). */
function isOurClineFile(text: string | undefined): boolean {
  return text !== undefined && text.includes(CLINE_MARK) && text.split('\n').some((l) => !l.startsWith('#') && isOurCommand(l));
}

/** Cline: one executable per event; a file of that name a person wrote is never replaced. */
function clineInstall(o: InstallOptions): FileChange[] {
  return EVENT_KEYS.cline.map(([key, event]) => {
    const file = path.join(o.workspace, HOOK_FILES.cline, key);
    const before = readText(file);
    if (before !== undefined && !isOurClineFile(before)) {
      throw new Error(`${file} exists and is not AgentGuard's hook; AgentGuard will not overwrite it (call AgentGuard from it, or move it away)`);
    }
    return {
      host: 'cline' as const,
      file,
      before,
      after: `#!/bin/sh\n${CLINE_MARK}\n${(o.platform ?? process.platform) === 'win32' ? 'exec ' : ''}${hookCommandLine(o, 'cline', event)}\n`,
      executable: true,
    };
  });
}

function clineRemove(workspace: string): FileChange[] {
  const out: FileChange[] = [];
  for (const [key] of EVENT_KEYS.cline) {
    const file = path.join(workspace, HOOK_FILES.cline, key);
    const before = readText(file);
    if (isOurClineFile(before)) out.push({ host: 'cline', file, before, after: undefined });
  }
  return out;
}

function serialize(data: Json): string {
  return JSON.stringify(data, null, 2) + '\n';
}

/** What installing would change, file by file (for the consent dialog); nothing is written. */
export function planInstall(o: InstallOptions): FileChange[] {
  return (o.hosts ?? INSTALL_HOSTS).flatMap((host) => {
    if (host === 'cline') return clineInstall(o);
    const file = path.join(o.workspace, HOOK_FILES[host]);
    const { text, data } = readJson(file);
    return { host, file, before: text, after: serialize(transform(data, host, (ev) => entryFor(o, host, ev))) };
  });
}

/** What removal would change; `after` undefined = the file would be deleted (it held only our entries). */
export function planRemove(workspace: string, hosts: readonly InstallHost[] = INSTALL_HOSTS): FileChange[] {
  const out: FileChange[] = [];
  for (const host of hosts) {
    if (host === 'cline') {
      out.push(...clineRemove(workspace));
      continue;
    }
    const file = path.join(workspace, HOOK_FILES[host]);
    const { text, data } = readJson(file);
    if (text === undefined) continue;
    const next = transform(data, host, undefined);
    const after = Object.keys(next).length === 0 && host !== 'claude' ? undefined : serialize(next); // a hooks-only file we emptied goes; Claude's settings file stays
    if (after === undefined || JSON.stringify(next) !== JSON.stringify(data)) out.push({ host, file, before: text, after });
  }
  return out;
}

function apply(changes: FileChange[]): FileChange[] {
  const done: FileChange[] = [];
  for (const c of changes) {
    if (c.after === c.before) continue;
    if (c.after === undefined) {
      fs.rmSync(c.file, { force: true });
    } else {
      fs.mkdirSync(path.dirname(c.file), { recursive: true });
      const tmp = `${c.file}.agentguard-${process.pid}.tmp`;
      fs.writeFileSync(tmp, c.after, c.executable ? { mode: 0o755 } : undefined);
      if (c.executable) fs.chmodSync(tmp, 0o755);
      fs.renameSync(tmp, c.file);
    }
    done.push(c);
  }
  return done;
}

export function installHooks(o: InstallOptions): FileChange[] {
  return apply(planInstall(o));
}

export function removeHooks(workspace: string, hosts: readonly InstallHost[] = INSTALL_HOSTS): FileChange[] {
  return apply(planRemove(workspace, hosts));
}

/** Which hosts have our entries in this workspace (a file that does not parse counts as not installed). */
export function hooksStatus(workspace: string): Record<InstallHost, boolean> {
  const out: Record<InstallHost, boolean> = { vscode: false, claude: false, gemini: false, codex: false, cline: false };
  for (const host of INSTALL_HOSTS) {
    if (host === 'cline') {
      out.cline = EVENT_KEYS.cline.every(([key]) => {
        try {
          return isOurClineFile(readText(path.join(workspace, HOOK_FILES.cline, key)));
        } catch {
          return false;
        }
      });
      continue;
    }
    try {
      const { data } = readJson(path.join(workspace, HOOK_FILES[host]));
      const hooks = isObj(data.hooks) ? data.hooks : {};
      out[host] = EVENT_KEYS[host].every(([key]) => {
        const list = hooks[key];
        return (
          Array.isArray(list) &&
          list.some(
            (item) => isObj(item) && (isOurCommand(item.command) || (Array.isArray(item.hooks) && item.hooks.some((h) => isObj(h) && isOurCommand(h.command)))),
          )
        );
      });
    } catch {
      out[host] = false;
    }
  }
  return out;
}
