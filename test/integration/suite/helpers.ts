// Shared by the AgentGuard integration suites: the extension's API, tool calls through vscode.lm.invokeTool,
// the audit log on disk, and polling for what VS Code does asynchronously (file watchers, diagnostics).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AuditRecord } from '../../../src/core/audit';
import { type ToolName, toolId } from '../../../src/node/tools/ids';
import type { AgentGuardApi } from '../../../src/vscode/api';
import { EXTENSION_ID, fixtureWorkspace } from '../env';

export async function agentGuard(): Promise<AgentGuardApi> {
  const ext = vscode.extensions.getExtension<AgentGuardApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  const api = await ext.activate();
  if (!api || api.apiVersion !== 1) throw new Error('AgentGuard returned no API from activate');
  await api.ready();
  return api;
}

export function ws(rel = ''): string {
  return path.join(fs.realpathSync(fixtureWorkspace()), rel);
}

export function disk(rel: string): string {
  return fs.readFileSync(ws(rel), 'utf8');
}

/** Calls a guarded tool the way an agent does and returns the text the model would read. */
export async function invoke(name: ToolName, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(toolId(name), { input, toolInvocationToken: undefined });
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

export function auditRecords(api: AgentGuardApi): AuditRecord[] {
  const file = api.auditPath();
  if (!file || !fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, 'utf8');
  // Complete lines only: a batch another process is writing is not yet a record.
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AuditRecord)
    .filter((r) => !r.event);
}

/** The newest audit record of a tool whose arguments satisfy `match`. */
export function lastRecord(api: AgentGuardApi, tool: ToolName, match: (args: Record<string, unknown>) => boolean): AuditRecord | undefined {
  return auditRecords(api)
    .filter((r) => r.tool === toolId(tool) && match(r.args as Record<string, unknown>))
    .at(-1);
}

/** Polls until `probe` returns a value (not undefined/false); throws with `what` after `ms`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | false, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
