// The `agentguard` command. Each subcommand lives in its own module; this is the one table of them.
import { type Io, UsageError } from './common';

type Sub = (argv: string[], io: Io) => Promise<number>;

// Every command is loaded lazily: `agentguard hook` runs on every agent tool call, so start-up must not
// pay for modules the command does not use.
const COMMANDS: Record<string, { run: Sub; help: string }> = {
  check: {
    run: (a, io) => import('./check').then((m) => m.checkCommand(a, io)),
    help: 'check [--workspace DIR] [FILE]      validate .agentguard.yaml (file:line:col per error, exit 1)',
  },
  eval: {
    run: (a, io) => import('./eval').then((m) => m.evalCommand(a, io)),
    help: 'eval [--workspace DIR] [--policy FILE] [--session]   JSON calls on stdin → one JSON verdict per line (--session: untimed lines are one session too)',
  },
  explain: {
    run: (a, io) => import('./explain').then((m) => m.explainCommand(a, io)),
    help: 'explain OP PATH [DEST] | explain exec COMMAND   which rules matched and why',
  },
  mask: {
    run: maskWithPolicy,
    help: "mask [--workspace DIR] FILE         print the masked view of a file (what the model sees), with the policy's own patterns",
  },
  audit: {
    run: (a, io) => import('./audit').then((m) => m.auditCommand(a, io)),
    help: 'audit verify FILE                   check the audit log hash chain (exit 1 if broken)',
  },
  test: {
    run: (a, io) => import('./policyTest').then((m) => m.testCommand(a, io)),
    help: 'test [FILE…]                        run policy tests (YAML cases with expected decisions)',
  },
  lockdown: {
    run: (a, io) => import('./lockdown').then((m) => m.lockdownCommand(a, io)),
    help: 'lockdown [on|off|status] [--workspace DIR] [--reason TEXT]   every call but a plain read needs a person (recorded in the audit)',
  },
  hook: {
    run: (a, io) => import('./hook').then((m) => m.hookCommand(a, io)),
    help: 'hook [--host vscode|claude|cline] [--event pre|post] [--workspace DIR]   agent hook bridge: hook JSON on stdin → answer',
  },
  mcp: {
    run: (a, io) => loadMcp().then((m) => m.mcpCommand(a, io)),
    help: 'mcp [--workspace DIR] [--untrusted]  MCP server over stdio: the guarded tools for any MCP client (audited, secrets masked)',
  },
  demo: {
    run: (a, io) => import('./demo').then((m) => m.demoCommand(a, io)),
    help: 'demo [DIR]                          build the demo workspace and play a scripted agent session through the guard',
  },
};

/** `mask` honours the workspace policy's extra patterns and allow-listed values (a broken policy: defaults). */
async function maskWithPolicy(argv: string[], io: Io): Promise<number> {
  const { parseArgs, resolveWorkspace } = await import('./common');
  const { opts, rest } = parseArgs(argv, { values: ['workspace'] });
  const [{ maskCommand }, { PolicyStore }, { maskOptionsOf }] = await Promise.all([
    import('./mask'),
    import('../node/policyStore'),
    import('../core/compiledPolicy'),
  ]);
  const loaded = new PolicyStore().load(resolveWorkspace(opts.workspace as string | undefined));
  return maskCommand(rest.length ? ['--', ...rest] : rest, io, maskOptionsOf(loaded.policy));
}

/** For the lean hook entry (dist/hook.js): the full bridge, loaded from this bundle only when it must decide alone. */
export const loadHook = (): Promise<typeof import('./hook')> => import('./hook');

/**
 * The MCP server (and its SDK, zod and ajv: ~0.7 MB) ships as its own bundle, dist/mcp.js, so every other
 * command — above all the hook bridge deciding alone — does not pay for loading it. From the sources
 * (no dist/mcp.js beside this file) it is imported directly.
 */
async function loadMcp(): Promise<typeof import('./mcp')> {
  const { join } = await import('node:path');
  // A computed path: esbuild leaves this require to run time instead of inlining the module. Next to the
  // bundle it is dist/mcp.js; from the sources it is src/cli/mcp.ts.
  const req = require;
  return req(join(__dirname, 'mcp')) as typeof import('./mcp');
}

export function registerCommand(name: string, run: Sub, help: string): void {
  COMMANDS[name] = { run, help };
}

function usage(): string {
  return ['usage: agentguard <command> [options]', '', ...Object.values(COMMANDS).map((c) => '  ' + c.help)].join('\n');
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage() + '\n');
    return name ? 0 : 2;
  }
  const cmd = COMMANDS[name];
  if (!cmd) {
    io.stderr.write(`agentguard: unknown command '${name}'\n${usage()}\n`);
    return 2;
  }
  try {
    return await cmd.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`agentguard ${name}: ${e.message}\n`);
      return 2;
    }
    io.stderr.write(`agentguard ${name}: ${(e as Error).stack ?? e}\n`);
    return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`agentguard: ${(e as Error).stack ?? e}\n`);
      process.exitCode = 2;
    },
  );
}
