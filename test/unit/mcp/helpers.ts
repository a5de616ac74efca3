// A temp workspace and AgentGuard home, and an MCP client talking to the BUILT cli (`node dist/cli.js mcp`)
// over stdio with the official SDK: the tests see exactly what an MCP client sees.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { AuditRecord } from '../../../src/core/audit';
import { CLI } from '../helpers/cli';

export interface McpSandbox {
  root: string;
  /** The workspace, symlink-resolved (the server resolves it too). */
  workspace: string;
  /** AGENTGUARD_HOME for the server: audit log and channel discovery files live here. */
  home: string;
  write(rel: string, text: string): string;
  read(rel: string): string;
  env(): Record<string, string>;
  /** The audit records the server wrote (event lines such as session starts left out). */
  audit(): AuditRecord[];
  auditFiles(): string[];
  cleanup(): void;
}

export function mcpSandbox(): McpSandbox {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-mcp-')));
  const workspace = path.join(root, 'ws');
  const home = path.join(root, 'home');
  fs.mkdirSync(workspace);
  fs.mkdirSync(home);
  const auditDir = path.join(home, 'audit');
  const sb: McpSandbox = {
    root,
    workspace,
    home,
    write(rel, text) {
      const p = path.join(workspace, rel);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, text);
      return p;
    },
    read: (rel) => fs.readFileSync(path.join(workspace, rel), 'utf8'),
    env() {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
      env.AGENTGUARD_HOME = home;
      env.HOME = root;
      return env;
    },
    auditFiles: () =>
      fs.existsSync(auditDir)
        ? fs
            .readdirSync(auditDir)
            .filter((f) => f.endsWith('.jsonl'))
            .map((f) => path.join(auditDir, f))
        : [],
    audit() {
      return sb
        .auditFiles()
        .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').filter(Boolean))
        .map((l) => JSON.parse(l) as AuditRecord)
        .filter((r) => r.event === undefined);
    },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
  return sb;
}

export async function connect(
  sb: McpSandbox,
  clientName = 'mcp-test-client',
  cmd?: { command: string; args: string[]; env?: Record<string, string> },
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: cmd?.command ?? process.execPath,
    args: cmd?.args ?? [CLI, 'mcp', '--workspace', sb.workspace],
    env: { ...sb.env(), ...cmd?.env },
    cwd: sb.root,
    stderr: 'pipe',
  });
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export interface TextResult {
  text: string;
  isError: boolean;
}

/** tools/call → the one text block and the error flag (anything else fails the test). */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<TextResult> {
  const r = await client.callTool({ name, arguments: args });
  const content = r.content as { type: string; text?: string }[];
  if (content.length !== 1 || content[0].type !== 'text' || typeof content[0].text !== 'string') throw new Error(`unexpected content: ${JSON.stringify(r)}`);
  return { text: content[0].text, isError: r.isError === true };
}

/** A GitHub-token-shaped value built at run time (never committed in plain text). */
export function fakeGithubToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const body = [...randomBytes(36)].map((b) => alphabet[b % alphabet.length]).join('');
  return 'gh' + 'p_' + body;
}
