// `agentguard mcp`: the guarded tools as an MCP server, the third channel (after the language-model tools
// and the hook bridge), for agents outside VS Code's tool API. Every tools/call goes through invokeTool —
// the same validate → GuardService.run → render as the VS Code tools — with channel 'mcp' and the client's
// self-declared name as the agent, prefixed `mcp:`. Any client can send any name, so a policy rule narrowed to
// `mcp:<name>` is only as good as that name; the prefix makes sure no MCP client passes for an agent whose name
// comes from its host (a hook's `claude-code` is never an MCP client's `mcp:claude-code`).
//
// Confirmation: this server has no person to ask, so the chain's headless rule applies and `ask` is refused
// with that reason. The extension's local channel (src/node/hookBridge) is not used to ask: its protocol only
// carries agent-hook payloads, and dressing a guarded-tool call up as one would record it under the wrong
// channel and tool and have the person approve a hook plan instead of the call that then runs here. MCP
// elicitation is not used either: it answers with whatever the client sends, and approval is a capability
// only a person at AgentGuard's own dialog can grant.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSpec } from '../../core/chain';
import type { CanonicalCall } from '../../core/types';
import { type GuardService, newCallId } from '../guardService';
import { POLICY_FILE } from '../policyStore';
import { invokeTool, TOOLS, type ToolEnv, TOOL_NAMES } from '../tools';
import { isToolName, mcpToolList } from './tools';

export const SERVER_NAME = 'agentguard';
const FALLBACK_AGENT = 'mcp:client';

const INSTRUCTIONS =
  'AgentGuard guards this workspace. Use these tools for files and commands: paths are workspace-relative; ' +
  'secrets come back as «secret:…» placeholders (keep them as they are when editing — the real value is restored on disk); ' +
  'a refused call says which rule refused it, why, and what to do instead. Calls that need a person to confirm are refused here, ' +
  'because this server has no one to ask: ask the user to run them, or choose a non-destructive alternative.';

/** The client's name from its initialize request, cut down to a printable label and prefixed `mcp:`. */
export function agentName(info: { name?: unknown } | undefined): string {
  const raw = typeof info?.name === 'string' ? info.name : '';
  const clean = raw
    .replace(/[^A-Za-z0-9 ._@/+:-]/g, '')
    .trim()
    .slice(0, 64);
  return clean ? `mcp:${clean}` : FALLBACK_AGENT;
}

/** Re-reads the policy when its file changes, so a long-running server does not keep enforcing an old one. */
class PolicyFreshness {
  private sig: string;
  constructor(
    private readonly service: GuardService,
    private readonly file: string,
  ) {
    this.sig = this.signature();
  }
  private signature(): string {
    try {
      const st = fs.statSync(this.file, { bigint: true });
      return `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
    } catch (e) {
      return `absent:${(e as NodeJS.ErrnoException).code ?? ''}`;
    }
  }
  check(): void {
    const now = this.signature();
    if (now === this.sig) return;
    this.sig = now;
    // A broken file keeps the last good policy (PolicyStore): a reload never opens the gate.
    this.service.reload();
  }
}

export interface GuardMcpServerOptions {
  version: string;
  /** The policy file to watch (default: the workspace's .agentguard.yaml). */
  policyFile?: string;
}

export class GuardMcpServer {
  readonly server: Server;
  private readonly inflight = new Set<{ ac: AbortController; done: Promise<unknown> }>();
  private readonly freshness: PolicyFreshness;
  private closing = false;

  constructor(
    private readonly service: GuardService,
    private readonly env: ToolEnv,
    opts: GuardMcpServerOptions,
  ) {
    this.freshness = new PolicyFreshness(service, opts.policyFile ?? path.join(env.workspace, POLICY_FILE));
    // Only the tools capability: no sampling, no elicitation — nothing the client answers can approve a call.
    this.server = new Server({ name: SERVER_NAME, title: 'AgentGuard', version: opts.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
    const tools = mcpToolList();
    this.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
    this.server.setRequestHandler(CallToolRequestSchema, (req, extra) => this.track(req.params.name, req.params.arguments, extra.signal));
  }

  connect(transport: Transport): Promise<void> {
    return this.server.connect(transport);
  }

  /** Stop: cancel running calls (a command's process group is killed), let their audit records land, close. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const c of this.inflight) c.ac.abort();
    await Promise.allSettled([...this.inflight].map((c) => c.done));
    await this.server.close().catch(() => undefined);
  }

  private track(name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
    const ac = new AbortController();
    const onAbort = () => ac.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted || this.closing) ac.abort();
    const done = this.call(name, args, ac.signal).finally(() => {
      signal.removeEventListener('abort', onAbort);
      this.inflight.delete(entry);
    });
    const entry = { ac, done };
    this.inflight.add(entry);
    return done;
  }

  private async call(name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
    const agent = agentName(this.server.getClientVersion());
    if (!isToolName(name)) {
      const reason = `AgentGuard has no tool named ${JSON.stringify(name.slice(0, 100))}. Its tools are: ${TOOL_NAMES.join(', ')}.`;
      // Recorded like any refused input: a client probing the server should be visible in the log.
      const call: CanonicalCall = {
        id: newCallId(),
        agent,
        channel: 'mcp',
        tool: name,
        op: 'exec',
        paths: [],
        args: args ?? {},
        preset: { kind: 'refuse', rule: 'input:invalid', reason },
      };
      await this.service.run(call, { guardRuns: NOTHING_RUNS }, signal).catch(() => undefined);
      return errorResult(reason);
    }
    try {
      this.freshness.check();
      // A client may omit `arguments` for a tool whose fields are all optional (listDirectory).
      const input = args === undefined ? {} : args;
      const answer = await invokeTool(this.service, this.env, TOOLS[name], input, { agent, channel: 'mcp' }, signal);
      return { content: [{ type: 'text', text: answer.text }], isError: answer.status !== 'ok' };
    } catch (e) {
      // invokeTool reports its own failures; reaching here means the guard itself broke: refuse, say so.
      return errorResult(
        this.service.maskValue(`AgentGuard failed closed on this call: ${(e as Error)?.message ?? String(e)}. Retry once; if it fails again, tell the user.`),
      );
    }
  }
}

/** For a call refused before it could name a tool: nothing can run it. */
const NOTHING_RUNS: ToolSpec<never> = {
  handler: () => Promise.reject(new Error('nothing runs a call to a tool that does not exist')),
};

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
