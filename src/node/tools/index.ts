// The tool table: every guarded tool by base name. Order is the order users see them in.
import type { ToolName } from './ids';
import { listDirectoryTool, readFileTool } from './read';
import { deletePathTool, renamePathTool } from './remove';
import { runCommandTool } from './exec';
import { searchTextTool } from './search';
import type { AnyTool } from './guardedTool';
import { editFileTool, writeFileTool } from './write';

export const TOOLS: Record<ToolName, AnyTool> = {
  readFile: readFileTool,
  listDirectory: listDirectoryTool,
  searchText: searchTextTool,
  writeFile: writeFileTool,
  editFile: editFileTool,
  deletePath: deletePathTool,
  renamePath: renamePathTool,
  runCommand: runCommandTool,
};

export { type ToolEnv, toolEnvOf, ToolRefusal } from './env';
export { TOOL_NAMES, TOOL_OPS, type ToolName, toolId, toolReferenceName } from './ids';
export { invokeTool, refusalText, type ToolAnswer } from './invoke';
