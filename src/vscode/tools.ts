// The guarded tools as VS Code language-model tools. Each invoke validates its input (the schema only
// advises the model), honours cancellation, and runs through the folder's GuardService; a refusal is
// returned as text the model can act on rather than thrown, so the agent sees the rule and the way out.
import * as vscode from 'vscode';
import { invokeTool, TOOL_NAMES, TOOLS, type ToolName, toolId } from '../node/tools';
import type { Folders } from './folders';
import type { RegistrationHost } from './host';

/** Who is calling. The public API names no agent; proposed fields are read only if present and strings. */
function agentOf(options: object): string {
  const o = options as { chatParticipantId?: unknown };
  return typeof o.chatParticipantId === 'string' && o.chatParticipantId ? o.chatParticipantId.slice(0, 100) : 'lm-tool';
}

function pathOf(input: unknown): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const o = input as { path?: unknown; cwd?: unknown };
  return typeof o.path === 'string' ? o.path : typeof o.cwd === 'string' ? o.cwd : undefined;
}

export interface ToolObserver {
  (name: ToolName, status: 'ok' | 'refused' | 'error'): void;
}

export function registerTools(host: RegistrationHost, folders: Folders, ready: () => Promise<void>, onDone: ToolObserver): vscode.Disposable[] {
  return TOOL_NAMES.map((name) =>
    host.registerTool<unknown>(toolId(name), {
      prepareInvocation(options) {
        // Side-effect free: only a progress message, masked like everything else the guard shows.
        const fg = folders.forPath(pathOf(options.input));
        // Before the guards are ready there is no masker: show no argument at all.
        if (!fg) return { invocationMessage: `AgentGuard: ${name}` };
        let msg = `AgentGuard: ${name}`;
        try {
          msg = `AgentGuard: ${TOOLS[name].describe(TOOLS[name].parse(options.input))}`;
        } catch {
          /* invalid input is reported by invoke */
        }
        return { invocationMessage: fg.service.maskValue(msg) };
      },
      async invoke(options, token) {
        await ready();
        const fg = folders.forPath(pathOf(options.input));
        if (!fg) {
          return text('AgentGuard refused this call: no folder is open, so there is no workspace to work in. Ask the user to open a folder.');
        }
        const ac = new AbortController();
        const sub = token.onCancellationRequested(() => ac.abort());
        try {
          if (token.isCancellationRequested) ac.abort();
          const answer = await invokeTool(fg.service, fg.env, TOOLS[name], options.input, { agent: agentOf(options), channel: 'tool' }, ac.signal);
          onDone(name, answer.status);
          return text(answer.text);
        } finally {
          sub.dispose();
        }
      },
    }),
  );
}

function text(s: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(s)]);
}
