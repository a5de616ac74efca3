// Test-only extension (never in the .vsix): a chat model for VS Code's own agent mode that plays the
// scripts in ./scripts.ts and records every request it receives — the messages, the tool results, the
// tools offered — into a JSON file the end-to-end test reads (AGENTGUARD_AGENT_RECORD). What the model
// received is the proof that matters: a masked line, a refusal's reason, never a secret.
// On start it runs "Chat: Manage Language Models" once (AGENTGUARD_AGENT_ENABLE_CHAT=1): on a fresh profile
// that is what re-enables the bundled agent without a sign-in (see real-agent.md).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SCRIPTS, scriptName } from './scripts';

export const VENDOR = 'agentguard-test';

interface RecordedPart {
  type: string;
  value?: string;
  callId?: string;
  name?: string;
  input?: unknown;
  content?: string[];
}

interface RecordedRequest {
  n: number;
  time: string;
  script?: string;
  step?: number;
  kind: 'script' | 'utility' | 'no-script';
  tools: string[];
  messages: { role: string; parts: RecordedPart[] }[];
  answer: { text?: string; tool?: string; input?: unknown };
}

interface RecordFile {
  events: { time: string; event: string; detail?: string }[];
  requests: RecordedRequest[];
}

const recordFile = process.env.AGENTGUARD_AGENT_RECORD;
// A window reload starts a new extension host: keep what the previous one recorded.
const record: RecordFile = load();

function load(): RecordFile {
  try {
    const r = JSON.parse(fs.readFileSync(recordFile ?? '', 'utf8')) as RecordFile;
    if (Array.isArray(r.events) && Array.isArray(r.requests)) return r;
  } catch {
    /* first start */
  }
  return { events: [], requests: [] };
}

function flush(): void {
  if (!recordFile) return;
  // Written whole and renamed: the test may read it at any moment.
  const tmp = `${recordFile}.${process.pid}.tmp`;
  fs.mkdirSync(path.dirname(recordFile), { recursive: true });
  fs.writeFileSync(tmp, JSON.stringify(record, null, 1));
  fs.renameSync(tmp, recordFile);
}

function event(name: string, detail?: string): void {
  record.events.push({ time: new Date().toISOString(), event: name, detail });
  flush();
}

function textOf(part: unknown): string | undefined {
  if (part instanceof vscode.LanguageModelTextPart) return part.value;
  if (part instanceof vscode.LanguageModelPromptTsxPart) return JSON.stringify(part.value);
  // LanguageModelDataPart (newer than our @types/vscode): a mime type and bytes.
  const d = part as { mimeType?: unknown; data?: unknown };
  if (typeof d?.mimeType === 'string' && d.data instanceof Uint8Array) return `[data ${d.mimeType}] ${Buffer.from(d.data).toString('utf8')}`;
  return undefined;
}

function recordPart(part: unknown): RecordedPart {
  if (part instanceof vscode.LanguageModelTextPart) return { type: 'text', value: part.value };
  if (part instanceof vscode.LanguageModelToolCallPart) return { type: 'toolCall', callId: part.callId, name: part.name, input: part.input };
  if (part instanceof vscode.LanguageModelToolResultPart) {
    return { type: 'toolResult', callId: part.callId, content: part.content.map((c) => textOf(c) ?? safeJson(c)) };
  }
  const t = textOf(part);
  if (t !== undefined) return { type: 'data', value: t };
  return { type: (part as object)?.constructor?.name ?? typeof part, value: safeJson(part) };
}

function safeJson(x: unknown): string {
  try {
    return JSON.stringify(x) ?? String(x);
  } catch {
    return String(x);
  }
}

function roleName(r: vscode.LanguageModelChatMessageRole): string {
  return r === vscode.LanguageModelChatMessageRole.User ? 'user' : r === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : String(r);
}

/** The script named in the latest user prompt that names one, and how many tool calls were made since. */
function position(messages: readonly vscode.LanguageModelChatRequestMessage[]): { script?: string; step: number } {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role !== vscode.LanguageModelChatMessageRole.User) continue;
    const text = m.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const name = scriptName(text);
    if (!name) continue;
    let step = 0;
    for (const later of messages.slice(i + 1)) {
      if (later.role === vscode.LanguageModelChatMessageRole.Assistant)
        step += later.content.filter((p) => p instanceof vscode.LanguageModelToolCallPart).length;
    }
    return { script: name, step };
  }
  return { step: 0 };
}

let calls = 0;

const provider: vscode.LanguageModelChatProvider = {
  provideLanguageModelChatInformation: () => [
    {
      id: 'scripted',
      name: 'AgentGuard Scripted',
      family: 'agentguard-scripted',
      version: '1',
      maxInputTokens: 128_000,
      maxOutputTokens: 8_000,
      tooltip: 'Plays scripted tool calls for AgentGuard end-to-end tests',
      capabilities: { toolCalling: true, imageInput: false },
    },
  ],
  provideTokenCount: async (_model, text) => Math.ceil((typeof text === 'string' ? text.length : safeJson(text).length) / 4),
  provideLanguageModelChatResponse: async (_model, messages, options, progress) => {
    const tools = (options.tools ?? []).map((t) => t.name);
    const { script, step } = position(messages);
    const rec: RecordedRequest = {
      n: record.requests.length + 1,
      time: new Date().toISOString(),
      script,
      step,
      // The agent also asks its model for titles and summaries, without tools: those are not script steps.
      kind: tools.length === 0 ? 'utility' : script ? 'script' : 'no-script',
      tools,
      messages: messages.map((m) => ({ role: roleName(m.role), parts: m.content.map(recordPart) })),
      answer: {},
    };
    const ws = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    let text: string | undefined;
    if (rec.kind === 'utility') text = script ? `Scripted ${script}` : 'Scripted';
    else if (!script) text = 'No SCRIPT=<name> in the prompt.';
    else if (!SCRIPTS[script]) text = `Unknown script ${script}.`;
    else {
      const steps = SCRIPTS[script](ws);
      const next = steps[step];
      if (!next) text = `SCRIPT ${script} finished after ${step} tool calls.`;
      else if (!tools.includes(next.tool)) text = `SCRIPT ${script} TOOL_MISSING ${next.tool} (offered: ${tools.join(', ')})`;
      else {
        rec.answer = { tool: next.tool, input: next.input };
        record.requests.push(rec);
        flush();
        progress.report(new vscode.LanguageModelToolCallPart(`call_${++calls}_${next.tool}`, next.tool, next.input));
        return;
      }
    }
    rec.answer = { text };
    record.requests.push(rec);
    flush();
    progress.report(new vscode.LanguageModelTextPart(text));
  },
};

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.lm.registerLanguageModelChatProvider(VENDOR, provider));
  event('activated', context.extension.id);
  if (process.env.AGENTGUARD_AGENT_ENABLE_CHAT === '1') {
    // Re-enables the bundled chat extension on a fresh profile (no sign-in): see real-agent.md.
    setTimeout(() => {
      vscode.commands.executeCommand('workbench.action.chat.manage').then(
        () => event('chat.manage', 'ok'),
        (e: Error) => event('chat.manage', `failed: ${e.message}`),
      );
    }, 500);
  }
  const guard = vscode.extensions.getExtension('agentguard.agentguard');
  event('agentguard', guard ? `installed ${guard.packageJSON.version}, active ${guard.isActive}` : 'not installed');
}

export function deactivate(): void {
  event('deactivated');
}
