// Where the guard registers its commands and tools. Normally VS Code itself; behind the thin activation
// entry (src/vscode/extension.ts) a table the entry's proxies dispatch to, because the entry registered
// every contributed command and tool already, at activation, before the guard's code was even loaded.
import * as vscode from 'vscode';

export interface RegistrationHost {
  registerCommand(id: string, fn: (...args: unknown[]) => unknown): vscode.Disposable;
  registerTool<T>(id: string, tool: vscode.LanguageModelTool<T>): vscode.Disposable;
}

export const directHost: RegistrationHost = {
  registerCommand: (id, fn) => vscode.commands.registerCommand(id, fn),
  registerTool: (id, tool) => vscode.lm.registerTool(id, tool),
};
