// The `agentguard` command. Each subcommand lives in its own module; this is the one table of them.
import { auditCommand } from './audit';
import { checkCommand } from './check';
import { type Io, UsageError } from './common';
import { evalCommand } from './eval';
import { explainCommand } from './explain';
import { testCommand } from './policyTest';

type Sub = (argv: string[], io: Io) => Promise<number>;

const COMMANDS: Record<string, { run: Sub; help: string }> = {
  check: { run: checkCommand, help: 'check [--workspace DIR] [FILE]      validate .agentguard.yaml (file:line:col per error, exit 1)' },
  eval: { run: evalCommand, help: 'eval [--workspace DIR] [--policy FILE]   JSON calls on stdin → one JSON verdict per line' },
  explain: { run: explainCommand, help: 'explain OP PATH [DEST] | explain exec COMMAND   which rules matched and why' },
  audit: { run: auditCommand, help: 'audit verify FILE                   check the audit log hash chain (exit 1 if broken)' },
  hook: { run: (a, io) => import('./hook').then((m) => m.hookCommand(a, io)), help: 'hook [--host vscode|claude|cline] [--event pre|post] [--workspace DIR]   agent hook bridge: hook JSON on stdin → answer' },
  test: { run: testCommand, help: 'test [FILE…]                        run policy tests (YAML cases with expected decisions)' },
};

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
