// A guarded tool, channel-neutral: validate the raw input, turn it into a canonical call, and hand the chain
// a ToolSpec whose handler does the plain work. The VS Code tools, the MCP server and the tests share these.
import type { ToolSpec } from '../../core/chain';
import type { CanonicalCall, Channel } from '../../core/types';
import type { ToolEnv } from './env';
import type { ToolName } from './ids';

export interface CallMeta {
  id: string;
  agent: string;
  channel: Channel;
  /** Host tool id, e.g. `agentguard_readFile`. */
  tool: string;
}

export interface GuardedTool<I, R> {
  name: ToolName;
  /** Validates untrusted input; throws ToolRefusal with a message for the model. */
  parse(input: unknown): I;
  toCall(input: I, meta: CallMeta, env: ToolEnv): CanonicalCall;
  spec(env: ToolEnv): ToolSpec<R>;
  /** The text the model gets when the call ran (the result is already masked). */
  render(result: R): string;
  /** A one-line description of the call for progress messages and the log (masked by the caller). */
  describe(input: I): string;
}

export type AnyTool = GuardedTool<any, any>;
