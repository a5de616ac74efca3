// How to start `agentguard mcp` for one workspace folder, as the VS Code MCP provider offers it. Kept out of
// src/vscode so a unit test can start exactly this command line and talk to it.
import * as path from 'node:path';

export interface McpLaunchOptions {
  /** The extension host's executable: Node in code-server and VS Code Server, Electron on the desktop. */
  execPath: string;
  /** The extension's install folder (holds dist/cli.js). */
  extensionPath: string;
  /** Absolute path of the workspace folder to guard. */
  workspace: string;
  trusted: boolean;
  ripgrep?: string;
}

export interface McpLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export function mcpLaunch(o: McpLaunchOptions): McpLaunch {
  const args = [path.join(o.extensionPath, 'dist', 'cli.js'), 'mcp', '--workspace', o.workspace];
  // VS Code only starts MCP servers of trusted workspaces today; if that changes, the server must still not
  // let an untrusted workspace's policy loosen the default.
  if (!o.trusted) args.push('--untrusted');
  if (o.ripgrep) args.push('--ripgrep', o.ripgrep);
  // The editor's own runtime, by absolute path: a `node` on PATH may be missing or too old. Electron runs
  // a script as plain Node only with ELECTRON_RUN_AS_NODE.
  const isNode = /^node(\.exe)?$/i.test(path.basename(o.execPath));
  return { command: o.execPath, args, env: isNode ? {} : { ELECTRON_RUN_AS_NODE: '1' } };
}
