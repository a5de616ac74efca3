// The guard in VS Code: one Ctx owning every disposable. Loaded by the thin activation entry
// (extension.ts) right after activation. VS Code shows nothing when loading throws, so it reports its own
// failure, then rethrows.
import * as vscode from 'vscode';
import { type AgentGuardApi, createApi } from './api';
import { Ctx } from './ctx';
import { registerMcp } from './mcp';
import { registerPanel } from './panel';
import { directHost, type RegistrationHost } from './host';

export type { AgentGuardApi } from './api';

/** The guard itself: loaded by the thin entry right after activation (or directly, with `directHost`). */
export function activateGuard(
  context: vscode.ExtensionContext,
  host: RegistrationHost = directHost,
  timing?: { activationMs: number; loadStartedMs: number; loadMs: number },
): AgentGuardApi {
  const started = Date.now();
  let ctx: Ctx | undefined;
  try {
    ctx = new Ctx(context, host);
    ctx.start();
    // Modules that arrive after the Ctx take it and add their commands with `ctx.commands.add({...})`.
    const panel = registerPanel(ctx);
    registerMcp(ctx);
    const mode = vscode.ExtensionMode[context.extensionMode];
    if (timing) {
      // One line the activation benchmark reads: activation, then the guard's own bundle (loaded on the next
      // turn of the event loop) and its start; the policies are compiled on the turn after that.
      ctx.log.info(
        `AgentGuard activated in ${Math.round(timing.activationMs)} ms (${mode} mode); the guard's bundle loaded in ${Math.round(timing.loadMs)} ms, ${Math.round(timing.loadStartedMs)} ms after activation, and started in ${Date.now() - started} ms`,
      );
    } else ctx.log.info(`AgentGuard activated in ${Date.now() - started} ms (${mode} mode)`);
    return createApi(ctx, panel.testHooks);
  } catch (e) {
    const msg = `AgentGuard failed to start: ${(e as Error)?.message ?? String(e)}`;
    ctx?.log.error(msg);
    void vscode.window.showErrorMessage(msg);
    throw e;
  }
}
