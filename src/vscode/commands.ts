// Commands are one table (rust-analyzer's createCommands): name → factory. Each id is registered once; the
// registry keeps the current handler per name, so a module that arrives later (the panel, the hook
// bridge) fills in or adds its commands through `Commands.add` without re-registering an id.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { POLICY_FILE, policyFromDefault } from '../node/policyStore';
import { TOOL_NAMES, type ToolName, toolId } from '../node/tools';
import type { Ctx } from './ctx';
import { type CommandName, commandId } from './ids';

export type Handler = (...args: unknown[]) => unknown;
export type CommandFactory = (ctx: Ctx) => Handler;

export class Commands implements vscode.Disposable {
  private readonly handlers = new Map<string, Handler>();
  private readonly registrations: vscode.Disposable[] = [];

  constructor(private readonly ctx: Ctx) {}

  /** Register (or replace the handler of) commands by short name, under the `agentguard.` prefix. */
  add(table: Record<string, CommandFactory>): void {
    for (const [name, factory] of Object.entries(table)) {
      const fresh = !this.handlers.has(name);
      this.handlers.set(name, factory(this.ctx));
      if (fresh) {
        this.registrations.push(
          this.ctx.host.registerCommand(commandId(name), async (...args: unknown[]) => {
            try {
              await this.ctx.ready;
              return await this.handlers.get(name)!(...args);
            } catch (e) {
              this.ctx.log.error(`command ${name} failed: ${(e as Error).message}`);
              void vscode.window.showErrorMessage(`AgentGuard: ${(e as Error).message}`);
              return undefined;
            }
          }),
        );
      }
    }
  }

  dispose(): void {
    for (const r of this.registrations) r.dispose();
    this.handlers.clear();
  }
}

export function createCommands(devMode: boolean): Partial<Record<CommandName, CommandFactory>> {
  const table: Partial<Record<CommandName, CommandFactory>> = {
    createPolicy: (ctx) => async () => {
      const fg = await ctx.pickFolder('Create the AgentGuard policy in which folder?');
      if (!fg) return;
      const target = path.join(fg.folder.uri.fsPath, POLICY_FILE);
      if (!fs.existsSync(target)) {
        // `wx`: never overwrite a policy a person already wrote. The file names the ecosystem packs detected
        // in the folder (and what revealed each), so the person sees what protects the project and can edit it.
        fs.writeFileSync(target, policyFromDefault(fg.env.workspace), { flag: 'wx' });
        ctx.reload(fg);
      }
      await vscode.window.showTextDocument(vscode.Uri.file(target));
    },
    reloadPolicy: (ctx) => () => {
      for (const fg of ctx.folders.all()) ctx.reload(fg);
      ctx.log.info('policy reloaded by the user');
    },
    newSession: (ctx) => () => {
      for (const fg of ctx.folders.all()) fg.service.newSession();
      ctx.refreshStatus();
      ctx.log.info('new session started by the user; session approvals cleared');
    },
    showLog: (ctx) => () => ctx.log.show(true),
    // The panel module (src/vscode/panel) replaces this handler through Commands.add.
    openPanel: () => () => vscode.window.showInformationMessage('The AgentGuard panel is not part of this build yet.'),
  };
  if (devMode) {
    // Development and test only: lets a person (or Playwright) trigger a guarded tool from the palette,
    // to see the real dialog. It goes through the same guard as a model's call; it grants nothing.
    table.invokeTool = (ctx) => async (nameArg?: unknown, inputArg?: unknown) => {
      let name = nameArg;
      let input = inputArg;
      if (typeof name !== 'string') {
        // One input box, `<tool> <json>`: simple to type for a person and for Playwright.
        const raw = await vscode.window.showInputBox({
          prompt: `A tool (${TOOL_NAMES.join(', ')}) and its JSON input`,
          placeHolder: 'runCommand {"command": "ls"}',
          // A webview (the audit panel) that takes the focus while it renders would otherwise close the box
          // under the typist's hands.
          ignoreFocusOut: true,
        });
        if (raw === undefined) return undefined;
        const m = /^\s*(\w+)\s*(\{[\s\S]*\})?\s*$/.exec(raw);
        if (!m) throw new Error('expected `<tool> <json>`, e.g. runCommand {"command": "ls"}');
        name = m[1];
        input = JSON.parse(m[2] ?? '{}');
      }
      if (typeof name !== 'string' || !TOOL_NAMES.includes(name as ToolName)) throw new Error(`unknown tool ${String(name)}`);
      const result = await vscode.lm.invokeTool(toolId(name as ToolName), { input: (input ?? {}) as object, toolInvocationToken: undefined });
      const out = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
      ctx.log.info(`invokeTool ${name}: ${out.split('\n')[0]}`);
      return out;
    };
  }
  return table;
}
