// Offers `agentguard mcp` to VS Code's MCP support, one server per workspace folder, so agents that reach
// tools through MCP get the guarded tools too. Inside VS Code the language-model tools remain the better
// door (they can show the confirmation modal; the MCP server refuses what needs a person). The provider id
// must match package.json `contributes.mcpServerDefinitionProviders`.
import * as vscode from 'vscode';
import { mcpLaunch } from '../node/mcp/launch';
import type { Ctx } from './ctx';
import { findRipgrep } from './ripgrep';

export const MCP_PROVIDER_ID = 'agentguard.mcp';

export function registerMcp(ctx: Ctx): void {
  // Feature check: the API arrived in VS Code 1.101; an older host (or a fork without MCP) lacks it.
  const lm = vscode.lm as Partial<typeof vscode.lm> | undefined;
  if (typeof lm?.registerMcpServerDefinitionProvider !== 'function' || typeof vscode.McpStdioServerDefinition !== 'function') {
    ctx.log.info('MCP server definitions are not supported by this VS Code; `agentguard mcp` can still be configured by hand');
    return;
  }
  try {
    provide(ctx, lm.registerMcpServerDefinitionProvider.bind(lm));
  } catch (e) {
    // The guarded tools and the hook bridge work without it: report, do not fail activation.
    ctx.log.error(`cannot offer the AgentGuard MCP server to VS Code: ${(e as Error)?.message ?? String(e)}`);
  }
}

function provide(ctx: Ctx, register: typeof vscode.lm.registerMcpServerDefinitionProvider): void {
  const changed = ctx.own(new vscode.EventEmitter<void>());
  const fire = () => changed.fire();
  ctx.own(vscode.workspace.onDidChangeWorkspaceFolders(fire));
  ctx.own(vscode.workspace.onDidGrantWorkspaceTrust(fire));
  const extensionPath = ctx.extension.extensionPath;
  const version = String((ctx.extension.extension.packageJSON as { version?: unknown }).version ?? '0');
  ctx.own(
    register(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions() {
        const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
        const ripgrep = findRipgrep(vscode.env.appRoot);
        return folders.map((f) => {
          const l = mcpLaunch({ execPath: process.execPath, extensionPath, workspace: f.uri.fsPath, trusted: vscode.workspace.isTrusted, ripgrep });
          const def = new vscode.McpStdioServerDefinition(folders.length > 1 ? `AgentGuard (${f.name})` : 'AgentGuard', l.command, l.args, l.env, version);
          def.cwd = f.uri;
          return def;
        });
      },
    }),
  );
}
