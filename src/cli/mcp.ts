// `agentguard mcp [--workspace DIR] [--untrusted] [--ripgrep PATH]`: the guarded tools as an MCP server over
// stdio (--ripgrep: a ripgrep binary for searchText; without one a bounded JS walk searches).
// stdout carries only JSON-RPC (anything else written there would corrupt the stream): diagnostics go to
// stderr. The server runs until stdin closes (the client went away) or a SIGTERM/SIGINT, then cancels
// running calls — a command's whole process group is killed, it was started detached — lets their audit
// records land, and exits 0.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { version } from '../../package.json';
import { GuardService } from '../node/guardService';
import { GuardMcpServer } from '../node/mcp/server';
import { toolEnvOf } from '../node/tools';
import { homeDir, type Io, parseArgs, resolveWorkspace, UsageError } from './common';

/** Largest JSON-RPC message accepted: a write may carry 4 Mi characters, escaped and UTF-8 encoded. */
const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

export async function mcpCommand(argv: string[], io: Io): Promise<number> {
  const { opts, rest } = parseArgs(argv, { values: ['workspace', 'ripgrep'], flags: ['untrusted'] });
  if (rest.length) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
  const workspace = resolveWorkspace(opts.workspace as string | undefined);
  // An untrusted workspace's own .agentguard.yaml may only tighten the shipped default: a cloned repository
  // must not be able to loosen the guard that watches the agent working in it.
  const service = new GuardService({ workspace, home: homeDir(), trusted: opts.untrusted !== true });
  const env = toolEnvOf(service, typeof opts.ripgrep === 'string' ? opts.ripgrep : undefined);
  const server = new GuardMcpServer(service, env, { version });
  const stdin = io.stdin as NodeJS.ReadableStream & NodeJS.ReadStream;
  const transport = new StdioServerTransport(stdin, io.stdout as NodeJS.WriteStream, { maxBufferSize: MAX_MESSAGE_BYTES });

  const stopped = new Promise<string>((resolve) => {
    stdin.once('end', () => resolve('stdin closed'));
    stdin.once('close', () => resolve('stdin closed'));
    stdin.once('error', (e: Error) => resolve(`stdin error: ${e.message}`));
    // A client that died mid-answer: writing to stdout fails with EPIPE. Stop instead of crashing.
    io.stdout.once('error', (e: Error) => resolve(`stdout error: ${e.message}`));
    transport.onclose = () => resolve('transport closed');
    for (const sig of ['SIGTERM', 'SIGINT'] as const) process.once(sig, () => resolve(sig));
  });
  transport.onerror = (e) => io.stderr.write(`agentguard mcp: ${e.message}\n`);
  await server.connect(transport);
  io.stderr.write(`agentguard mcp: guarding ${workspace} (policy ${service.policyState.state}, audit log ${service.auditFile})\n`);
  const why = await stopped;
  await server.close();
  io.stderr.write(`agentguard mcp: stopped (${why})\n`);
  return 0;
}
