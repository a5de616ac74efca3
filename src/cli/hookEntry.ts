// The installed hook command: `node dist/hook.js hook --host … --event … --workspace …`.
// VS Code runs agent hooks one after another before every tool call, so this process's start-up is paid on
// every agent step. This entry is bundled on its own (esbuild.config.mjs → dist/hook.js) and carries only
// the front half of the bridge: read stdin, map the payload, find the discovery file, ask the extension over
// the socket, print the answer. No policy, YAML, shell parser or masking catalog is loaded on that path.
// When the extension cannot answer, the full decision code is loaded from the CLI bundle next to this
// file (dist/cli.js), which decides alone from the policy and writes the audit — the same code
// `agentguard hook` runs. If that bundle cannot be loaded, the call is refused (exit 2): fail closed.
import * as path from 'node:path';
import type { Alone } from './hook';
import { exitSoon, runHook } from './hook';

/** The CLI bundle's exports this entry relies on (src/cli/cli.ts). */
interface CliBundle {
  loadHook(): Promise<{ alone: Alone }>;
}

async function fullCli(): Promise<Alone> {
  // A computed path: esbuild must not pull the CLI into this bundle (that is the start-up cost avoided).
  const file = path.join(__dirname, 'cli.js');
  const cli = require(file) as Partial<CliBundle>;
  if (typeof cli.loadHook !== 'function') throw new Error(`${file} does not export loadHook (mismatched AgentGuard install)`);
  return (await cli.loadHook()).alone;
}

/** The alone half, loaded from dist/cli.js only when it is needed. */
const fromFullCli: Alone = {
  decide: async (workspace, env, why) => (await fullCli()).decide(workspace, env, why),
  recordMalformed: async (workspace, host, payload, error) => (await fullCli()).recordMalformed(workspace, host, payload, error),
};

if (require.main === module) {
  const argv = process.argv.slice(2);
  // Installed hook commands name the subcommand (`hook.js hook --host …`) so they read like the CLI's.
  runHook(argv[0] === 'hook' ? argv.slice(1) : argv, { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }, fromFullCli, {
    exit: exitSoon,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`agentguard hook: ${(e as Error)?.message ?? e}\n`);
      process.exitCode = 2;
    },
  );
}
