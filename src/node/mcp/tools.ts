// The MCP face of the guarded tools: one entry per tool in TOOLS, named by its base name (`readFile`, not
// `agentguard_readFile`: MCP clients already namespace a server's tools — Claude Code shows
// `mcp__agentguard__readFile`, VS Code groups them under the server — so the prefix would only repeat).
// Descriptions and input schemas are package.json's languageModelTools entries, so every channel advertises
// the same contract. The schema only advises the model; each tool's own parse() still validates the input.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { contributes } from '../../../package.json';
import { TOOL_NAMES, TOOL_OPS, toolId, type ToolName } from '../tools/ids';
import type { Op } from '../../core/types';

interface ManifestTool {
  name: string;
  displayName?: string;
  modelDescription?: string;
  inputSchema?: { type?: unknown; [k: string]: unknown };
}

const READ_ONLY = new Set<Op>(['read', 'list', 'search']);

/** The tool list the server advertises. Throws if package.json lacks a tool: the server must not start half-described. */
export function mcpToolList(): Tool[] {
  const manifest = contributes.languageModelTools as ManifestTool[];
  return TOOL_NAMES.map((name) => {
    const entry = manifest.find((t) => t.name === toolId(name));
    const schema = entry?.inputSchema;
    if (!entry || !schema || schema.type !== 'object') throw new Error(`package.json has no object inputSchema for ${toolId(name)}`);
    const op = TOOL_OPS[name];
    return {
      name,
      title: entry.displayName,
      description: entry.modelDescription,
      inputSchema: schema as Tool['inputSchema'],
      // Hints for the client's UI only; the guard decides from the policy whatever a client believes.
      annotations: {
        readOnlyHint: READ_ONLY.has(op),
        destructiveHint: op === 'delete' || op === 'exec' || op === 'write' || op === 'rename',
        openWorldHint: op === 'exec',
      },
    };
  });
}

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}
