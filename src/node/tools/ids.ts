// The one list of AgentGuard's tools: base name → VS Code tool id and tools-picker reference name.
// package.json `contributes.languageModelTools` must list exactly these (test/unit/tools/ids.test.ts).
// No 'vscode' import: the MCP server and the unit tests read it too.
import type { Op } from '../../core/types';
export const TOOL_NAMES = ['readFile', 'listDirectory', 'searchText', 'writeFile', 'editFile', 'deletePath', 'renamePath', 'runCommand'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** `agentguard_readFile`: the id under which VS Code registers the tool. */
export function toolId(name: ToolName): string {
  return `agentguard_${name}`;
}

/** `agReadFile`: what a user types after `#` in chat, and lists in a tool set or custom agent file. */
export function toolReferenceName(name: ToolName): string {
  return `ag${name[0].toUpperCase()}${name.slice(1)}`;
}

export const TOOL_TAG = 'agentguard';

/** What each tool does, for the record of a call refused before its input became a canonical call. */
export const TOOL_OPS: Record<ToolName, Op> = {
  readFile: 'read',
  listDirectory: 'list',
  searchText: 'search',
  writeFile: 'write',
  editFile: 'write',
  deletePath: 'delete',
  renamePath: 'rename',
  runCommand: 'exec',
};
