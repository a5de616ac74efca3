// What every tool handler needs besides the call: where the workspace is, the compiled policy in force (for
// masking and the path guard's re-check), and how to search. One ToolEnv per guarded workspace; the VS Code layer,
// the MCP server and the unit tests all build it from a GuardService.
import type { CompiledPolicy } from '../../core/compiledPolicy';
import type { GuardService } from '../guardService';

export interface ToolEnv {
  /** Workspace root, symlink-resolved. */
  workspace: string;
  home: string;
  /** The policy in force now, compiled (it reloads: read it per call, never keep it). */
  compiled(): CompiledPolicy;
  /** A ripgrep binary to search with; a bounded JS walk is used without one. */
  ripgrep?: string;
}

export function toolEnvOf(service: GuardService, ripgrep?: string): ToolEnv {
  return {
    workspace: service.opts.workspace,
    home: service.opts.home,
    compiled: () => service.compiled,
    ripgrep,
  };
}

/** A refusal by the tool itself (bad input, a path that changed under us): the text is for the model. */
export class ToolRefusal extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** The masking module, required on first use (src/core/lazyModules.ts says why). */
export { secretsModule as secrets } from '../../core/lazyModules';
