// The hook bridge in the extension: the local channel the `agentguard hook` CLI asks (restarted when
// folders change), the "Install / Remove Agent Hooks" commands (with the user's consent, in a modal), and the
// bridge's line in the status tooltip (hooks installed per host, the last time the CLI decided alone).
// The answer itself is the node layer's (src/node/hookBridge): this file only wires it into the Ctx.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GuardService } from '../node/guardService';
import { failureNotePath, startChannelServer, type ChannelServer, type ChannelServerOptions } from '../node/hookBridge';
import {
  type FileChange,
  HOOK_FILES,
  hookEntryPath,
  hooksStatus,
  installHooks,
  type InstallHost,
  INSTALL_HOSTS,
  planInstall,
  planRemove,
  removeHooks,
} from '../node/hookBridge/install';
import type { Ctx } from './ctx';

export interface HookLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface HookFolder {
  /** Absolute, symlink-resolved workspace folder path. */
  workspace: string;
  name: string;
}

export interface HookCommandDeps {
  /** The extension's install folder (holds dist/cli.js). */
  extensionPath: string;
  folders(): HookFolder[];
  log: HookLog;
  /** Called after hooks were installed or removed (refresh the status bar). */
  onChange?(): void;
}

/** Start the channel for the window's folders. Dispose it on deactivation. */
export function startHookChannel(
  resolve: (workspace: string) => GuardService | undefined,
  workspaces: string[],
  log: HookLog,
  extra: Partial<ChannelServerOptions> = {},
): Promise<ChannelServer> {
  return startChannelServer(resolve, {
    workspaces,
    onReject: (reason) => log.warn(`hook channel: rejected a connection (${reason})`),
    ...extra,
  });
}

/**
 * A node binary the hosts can run. The extension host's own binary is Node in code-server and VS Code
 * Server, but Electron on the desktop; then the first `node` on PATH is used. Hook commands run with the
 * host's PATH, which may not include that node, so the command names it by absolute path.
 */
export function findNode(): string | undefined {
  if (/^node(\.exe)?$/i.test(path.basename(process.execPath))) return process.execPath;
  const exe = process.platform === 'win32' ? 'node.exe' : 'node';
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const p = path.join(dir, exe);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return undefined;
}

function describe(changes: FileChange[], workspace: string): string {
  return changes
    .map(
      (c) =>
        `• ${path.relative(workspace, c.file)}${c.after === undefined ? " (deleted: it only held AgentGuard's entries)" : c.before === undefined ? ' (new file)' : ' (merged; your other hooks are kept)'}`,
    )
    .join('\n');
}

async function pickFolders(deps: HookCommandDeps, verb: string): Promise<HookFolder[] | undefined> {
  const all = deps.folders();
  if (all.length <= 1) return all;
  const picked = await vscode.window.showQuickPick(
    all.map((f) => ({ label: f.name, description: f.workspace, f })),
    { canPickMany: true, placeHolder: `${verb} agent hooks in which folders?` },
  );
  return picked?.map((p) => p.f);
}

const HOST_LABELS: Record<InstallHost, string> = { vscode: 'VS Code agent', claude: 'Claude Code', gemini: 'Gemini CLI', codex: 'Codex', cline: 'Cline' };

async function pickHosts(): Promise<InstallHost[] | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      ...INSTALL_HOSTS.map((host) => ({
        label: `${HOST_LABELS[host]} hooks`,
        description: host === 'cline' ? `${HOOK_FILES.cline}/PreToolUse, PostToolUse` : HOOK_FILES[host],
        detail: host === 'codex' ? 'Codex runs project hooks only after you trust them in Codex (/hooks).' : undefined,
        host,
        picked: true,
      })),
    ],
    { canPickMany: true, placeHolder: 'Which agents should call AgentGuard before each tool call?' },
  );
  return picked?.map((p) => p.host);
}

export function createHookCommands(deps: HookCommandDeps): Record<'installAgentHooks' | 'removeAgentHooks', () => Promise<void>> {
  return {
    installAgentHooks: async () => {
      const folders = await pickFolders(deps, 'Install');
      if (!folders?.length) return;
      const hosts = await pickHosts();
      if (!hosts?.length) return;
      const node = findNode();
      if (!node) {
        void vscode.window.showErrorMessage('AgentGuard: no Node.js binary found for the hook command (install Node.js or put it on PATH).');
        return;
      }
      const cli = hookEntryPath(deps.extensionPath);
      const plans = folders.map((f) => ({ f, changes: planInstall({ workspace: f.workspace, node, cli, hosts }) }));
      const detail = plans.map(({ f, changes }) => `${f.name}:\n${describe(changes, f.workspace)}`).join('\n\n');
      // Consent: these files make every agent tool call pass through AgentGuard; a person decides.
      const ok = await vscode.window.showWarningMessage(
        'Install AgentGuard agent hooks?',
        {
          modal: true,
          detail: `The agents will ask AgentGuard before each tool call, through:\n${node} ${cli} hook …\n\n${detail}\n\nA window reload may be needed before VS Code picks up a new hook file.`,
        },
        'Install',
      );
      if (ok !== 'Install') return;
      for (const { f } of plans) {
        const done = installHooks({ workspace: f.workspace, node, cli, hosts });
        deps.log.info(`agent hooks installed in ${f.workspace}: ${done.map((c) => path.relative(f.workspace, c.file)).join(', ') || 'already up to date'}`);
      }
      deps.onChange?.();
      const reload = await vscode.window.showInformationMessage(
        'AgentGuard agent hooks installed. VS Code reads new hook files when the window opens.',
        'Reload Window',
      );
      if (reload === 'Reload Window') await vscode.commands.executeCommand('workbench.action.reloadWindow');
    },
    removeAgentHooks: async () => {
      const folders = await pickFolders(deps, 'Remove');
      if (!folders?.length) return;
      const plans = folders.map((f) => ({ f, changes: planRemove(f.workspace, INSTALL_HOSTS) })).filter((p) => p.changes.length);
      if (!plans.length) {
        void vscode.window.showInformationMessage('AgentGuard: no agent hooks of AgentGuard are installed there.');
        return;
      }
      const detail = plans.map(({ f, changes }) => `${f.name}:\n${describe(changes, f.workspace)}`).join('\n\n');
      const ok = await vscode.window.showWarningMessage(
        'Remove AgentGuard agent hooks?',
        { modal: true, detail: `The agents' own tools will no longer be checked by AgentGuard.\n\n${detail}` },
        'Remove',
      );
      if (ok !== 'Remove') return;
      for (const { f } of plans) {
        removeHooks(f.workspace, INSTALL_HOSTS);
        deps.log.info(`agent hooks removed from ${f.workspace}`);
      }
      deps.onChange?.();
    },
  };
}

export interface HookBridgeStatus {
  /** Per host: installed in every folder / some / none. */
  installed: Record<InstallHost, 'all' | 'some' | 'none'>;
  /** The latest time the bridge had to decide without the extension, if any. */
  lastFailClosed?: { time: string; workspace: string; tool?: string; reason: string };
}

export function hookBridgeStatus(workspaces: string[]): HookBridgeStatus {
  const counts: Record<InstallHost, number> = { vscode: 0, claude: 0, gemini: 0, codex: 0, cline: 0 };
  let last: HookBridgeStatus['lastFailClosed'];
  for (const ws of workspaces) {
    const st = hooksStatus(ws);
    for (const h of INSTALL_HOSTS) if (st[h]) counts[h]++;
    try {
      const note = JSON.parse(fs.readFileSync(failureNotePath(ws), 'utf8')) as { time?: unknown; tool?: unknown; reason?: unknown };
      if (typeof note.time === 'string' && typeof note.reason === 'string' && (!last || note.time > last.time)) {
        last = { time: note.time, workspace: ws, tool: typeof note.tool === 'string' ? note.tool : undefined, reason: note.reason };
      }
    } catch {
      /* no note: the bridge never failed closed here */
    }
  }
  const level = (n: number) => (n === 0 ? 'none' : n === workspaces.length ? 'all' : 'some');
  const installed = Object.fromEntries(INSTALL_HOSTS.map((h) => [h, level(counts[h])])) as HookBridgeStatus['installed'];
  return { installed, lastFailClosed: last };
}

/** Call `onChange` when the bridge leaves a fail-closed note for one of these folders. */
export function watchHookFailures(workspaces: string[], onChange: () => void): vscode.Disposable {
  const files = workspaces.map((ws) => failureNotePath(ws));
  const listener = () => onChange();
  for (const f of files) fs.watchFile(f, { interval: 2_000 }, listener);
  return new vscode.Disposable(() => {
    for (const f of files) fs.unwatchFile(f, listener);
  });
}

/** One line for the status bar tooltip. */
export function hookStatusLine(s: HookBridgeStatus): string {
  const inst = INSTALL_HOSTS.map(
    (h) => `${HOST_LABELS[h]} hooks: ${s.installed[h] === 'all' ? 'installed' : s.installed[h] === 'some' ? 'installed in some folders' : 'not installed'}`,
  ).join(' · ');
  return s.lastFailClosed ? `${inst}\nHook bridge decided without the extension at ${s.lastFailClosed.time} (${s.lastFailClosed.reason})` : inst;
}

/** The bridge's part of the Ctx: the channel for the current folders, its commands, its status line. */
export class HookBridge implements vscode.Disposable {
  private server: Promise<ChannelServer | undefined> = Promise.resolve(undefined);
  private failures: vscode.Disposable | undefined;
  private statusLine = '';

  constructor(private readonly ctx: Ctx) {}

  commands(): Record<'installAgentHooks' | 'removeAgentHooks', () => () => Promise<void>> {
    const made = createHookCommands({
      extensionPath: this.ctx.extension.extensionPath,
      folders: () => this.ctx.folders.all().map((f) => ({ workspace: f.env.workspace, name: f.folder.name })),
      log: this.ctx.log,
      onChange: () => this.refresh(),
    });
    return { installAgentHooks: () => made.installAgentHooks, removeAgentHooks: () => made.removeAgentHooks };
  }

  /** (Re)start the channel for the current folders. */
  restart(): void {
    const workspaces = this.ctx.folders.all().map((f) => f.env.workspace);
    const previous = this.server;
    this.failures?.dispose();
    this.failures = watchHookFailures(workspaces, () => this.refresh());
    this.server = previous
      .then((s) => s?.dispose())
      .then(() => (workspaces.length ? startHookChannel((ws) => this.ctx.folders.byWorkspace(ws)?.service, workspaces, this.ctx.log) : undefined))
      .then((s) => {
        if (s) this.ctx.log.info(`hook channel listening (${s.discoveryFiles.length} folder(s))`);
        return s;
      })
      .catch((e: Error) => {
        // Without the channel the hook CLI decides alone (fail closed); the tools are unaffected.
        this.ctx.log.error(`the hook channel did not start: ${e.message}`);
        return undefined;
      });
    this.refresh();
  }

  refresh(): void {
    try {
      this.statusLine = hookStatusLine(hookBridgeStatus(this.ctx.folders.all().map((f) => f.env.workspace)));
    } catch (e) {
      this.statusLine = `hook bridge status unavailable (${(e as Error).message})`;
    }
    this.ctx.refreshStatus();
  }

  get status(): string {
    return this.statusLine;
  }

  dispose(): void {
    this.failures?.dispose();
    void this.server.then((s) => s?.dispose());
  }
}
