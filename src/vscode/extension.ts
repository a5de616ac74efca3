// The activation entry, kept thin on purpose: VS Code counts loading this file and running `activate` as
// the extension's activation time, and the guard (policy engine, shell parser, maskers, snapshot, panel)
// is ~0.5 MB of code to compile. So `activate` only registers every contributed command and tool as a
// proxy — synchronously, so nothing is missed — and the guard (dist/guard.js) is loaded on the next turn
// of the event loop. A proxy called before the guard is up waits for it; if the guard fails to load,
// every proxy refuses (fail closed) with the reason.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { TOOL_NAMES, toolId } from '../node/tools/ids';
import type { AgentGuardApi } from './api';
import { COMMANDS, commandId } from './ids';

type Guard = typeof import('./guard');

export type { AgentGuardApi } from './api';

export function activate(context: vscode.ExtensionContext): AgentGuardApi {
  const started = performance.now();
  const commands = new Map<string, (...args: unknown[]) => unknown>();
  const tools = new Map<string, vscode.LanguageModelTool<unknown>>();
  const host = {
    registerCommand(id: string, fn: (...args: unknown[]) => unknown): vscode.Disposable {
      commands.set(id, fn);
      return new vscode.Disposable(() => commands.delete(id));
    },
    registerTool<T>(id: string, tool: vscode.LanguageModelTool<T>): vscode.Disposable {
      tools.set(id, tool as vscode.LanguageModelTool<unknown>);
      return new vscode.Disposable(() => tools.delete(id));
    },
  };

  let api: AgentGuardApi | undefined;
  const loaded: Promise<AgentGuardApi> = new Promise((resolve, reject) => {
    setImmediate(() => {
      const t = performance.now();
      try {
        // A computed path, so esbuild leaves the guard in its own bundle instead of inlining it here.
        const load = require;
        const guard = load(path.join(__dirname, 'guard.js')) as Guard;
        api = guard.activateGuard(context, host, { activationMs: entryMs, loadStartedMs: t - started, loadMs: performance.now() - t });
        resolve(api);
      } catch (e) {
        const msg = `AgentGuard failed to load: ${(e as Error)?.message ?? String(e)}`;
        void vscode.window.showErrorMessage(msg);
        reject(new Error(msg));
      }
    });
  });
  loaded.catch(() => undefined); // reported above; each proxy reports it again to its caller

  for (const name of Object.keys(COMMANDS)) {
    const id = commandId(name);
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        await loaded;
        const fn = commands.get(id);
        if (!fn) throw new Error(`AgentGuard: the command ${id} is not available`);
        return fn(...args);
      }),
    );
  }
  for (const name of TOOL_NAMES) {
    const id = toolId(name);
    context.subscriptions.push(
      vscode.lm.registerTool<unknown>(id, {
        prepareInvocation(options, token) {
          const t = tools.get(id);
          // Before the guard is up there is no masker: show no argument at all.
          return t?.prepareInvocation ? t.prepareInvocation(options, token) : { invocationMessage: `AgentGuard: ${name}` };
        },
        async invoke(options, token) {
          try {
            await loaded;
          } catch (e) {
            return new vscode.LanguageModelToolResult([
              new vscode.LanguageModelTextPart(`AgentGuard refused this call: ${(e as Error).message}. Nothing was done.`),
            ]);
          }
          const t = tools.get(id);
          if (!t)
            return new vscode.LanguageModelToolResult([
              new vscode.LanguageModelTextPart(`AgentGuard refused this call: the tool ${id} is not available. Nothing was done.`),
            ]);
          return t.invoke(options, token);
        },
      }),
    );
  }
  const entryMs = performance.now() - started;

  // The API answers from the guard once it is loaded; `ready()` waits for that.
  return new Proxy({} as AgentGuardApi, {
    get(_t, key) {
      if (key === 'apiVersion') return 1;
      if (key === 'ready') return async () => (await loaded).ready();
      if (key === 'then') return undefined; // not a thenable
      return api ? (api as unknown as Record<string | symbol, unknown>)[key] : undefined;
    },
  });
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
