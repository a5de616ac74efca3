// `agentguard mcp`: the guarded tools as an MCP server (DESIGN.md §1, third channel). Every tools/call goes
// through runTool — the same validate → policy → handler → mask → audit pipeline as the VS Code tools —
// with channel 'mcp' and the client's self-declared name as the agent (a label for the audit, never an
// authority: no policy rule keys on it).
//
// Confirmation: this server has no person to ask, so the chain's headless rule applies and `ask` is refused
// with that reason. The extension's local channel (src/node/channel) is not used to ask: its protocol only
// carries agent-hook payloads, and dressing a guarded-tool call up as one would record it under the wrong
// channel and tool and have the person approve a hook plan instead of the call that then runs here. MCP
// elicitation is not used either: it answers with whatever the client sends, and approval is a capability
// only a person at AgentGuard's own dialog can grant (DESIGN.md §2).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { auditRecord } from '../../core/audit';
import type { GuardService } from '../guardService';
import { newCallId } from '../guardService';
import { POLICY_FILE } from '../policyStore';
import { runTool, TOOLS, toolId, type ToolEnv, TOOL_NAMES, type ToolName } from '../tools';
import { isToolName, mcpToolList, TOOL_OPS } from './tools';

export const SERVER_NAME = 'agentguard';
const FALLBACK_AGENT = 'mcp-client';

const INSTRUCTIONS =
  'AgentGuard guards this workspace. Use these tools for files and commands: paths are workspace-relative; ' +
  'secrets come back as «secret:…» placeholders (keep them as they are when editing — the real value is restored on disk); ' +
  'a refused call says which rule refused it, why, and what to do instead. Calls that need a person to confirm are refused here, ' +
  'because this server has no one to ask: ask the user to run them, or choose a non-destructive alternative.';

/** The client's name from its initialize request, cut down to a printable label for the audit log. */
export function agentName(info: { name?: unknown } | undefined): string {
  const raw = typeof info?.name === 'string' ? info.name : '';
  const clean = raw
    .replace(/[^A-Za-z0-9 ._@/+:-]/g, '')
    .trim()
    .slice(0, 64);
  return clean || FALLBACK_AGENT;
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
    if (!isToolName(name)) {
      return errorResult(`AgentGuard has no tool named ${JSON.stringify(name.slice(0, 100))}. Its tools are: ${TOOL_NAMES.join(', ')}.`);
    }
    const agent = agentName(this.server.getClientVersion());
    try {
      this.freshness.check();
      // A client may omit `arguments` for a tool whose fields are all optional (listDirectory).
      const input = args === undefined ? {} : args;
      const answer = await runTool(this.service, this.env, TOOLS[name], input, { agent, channel: 'mcp' }, signal);
      if (!answer.call) await this.auditRefusedInput(name, agent, input, answer.text);
      return { content: [{ type: 'text', text: answer.text }], isError: answer.status !== 'ok' };
    } catch (e) {
      // runTool reports its own failures; reaching here means the guard itself broke: refuse, say so.
      return errorResult(
        this.service.maskValue(`AgentGuard failed closed on this call: ${(e as Error)?.message ?? String(e)}. Retry once; if it fails again, tell the user.`),
      );
    }
  }

  /**
   * runTool refuses malformed input before a canonical call exists, and so before the chain could audit it.
   * Record it here: a client probing the server with garbage should be visible in the log like any call.
   */
  private async auditRefusedInput(name: ToolName, agent: string, input: unknown, text: string): Promise<void> {
    const rec = auditRecord({
      session: this.service.session,
      call: { id: newCallId(), agent, channel: 'mcp', tool: toolId(name), op: TOOL_OPS[name], args: input },
      verdict: { decision: 'deny', rule: 'input:invalid', reason: text, decidedBy: 'rule' },
      policy: this.service.policy.hash,
      started: Date.now(),
      durationMs: 0,
      outcome: 'not-run',
      mask: (v) => this.service.maskValue(v),
    });
    await this.service.audit.append(rec);
  }
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
