// Activation: cheap (onStartupFinished), one Ctx owning every disposable. VS Code shows nothing when
// activate throws, so it reports its own failure, then rethrows.
import * as vscode from 'vscode';
import { type AgentGuardApi, createApi } from './api';
import { Ctx } from './ctx';
import { registerMcp } from './mcp';
import { registerPanel } from './panel';

export type { AgentGuardApi } from './api';

export function activate(context: vscode.ExtensionContext): AgentGuardApi {
  const started = Date.now();
  let ctx: Ctx | undefined;
  try {
    ctx = new Ctx(context);
    ctx.start();
    // Later modules register here: the hook bridge (src/vscode/hooks.ts) and the panel (src/vscode/panel)
    // take `ctx` and add their commands with `ctx.commands.add({...})`.
    const panel = registerPanel(ctx);
    registerMcp(ctx);
    ctx.log.info(`AgentGuard activated in ${Date.now() - started} ms (${vscode.ExtensionMode[context.extensionMode]} mode)`);
    return createApi(ctx, panel.testHooks);
  } catch (e) {
    const msg = `AgentGuard failed to start: ${(e as Error)?.message ?? String(e)}`;
    ctx?.log.error(msg);
    void vscode.window.showErrorMessage(msg);
    throw e;
  }
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions (the Ctx).
}
