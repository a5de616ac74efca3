// Wires the hook bridge (src/vscode/hooks.ts) into the Ctx: the local channel the `agentguard hook` CLI
// asks, restarted when folders change; its install/remove commands; and its line in the status tooltip.
import * as vscode from 'vscode';
import type { ChannelServer } from '../node/channel';
import type { Ctx } from './ctx';
import { createHookCommands, hookBridgeStatus, hookStatusLine, startHookChannel, watchHookFailures } from './hooks';

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
