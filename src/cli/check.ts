// `agentguard check`: validate a workspace's policy; `file:line:col: message` per problem, exit 1 on errors.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { detectEcosystems } from '../core/policy/packs';
import { compilePolicy, formatError, POLICY_FILE, workspaceEntries } from '../node/policyStore';
import { type Io, parseArgs, resolveWorkspace, writeLine } from './common';

export async function checkCommand(argv: string[], io: Io): Promise<number> {
  const { opts, rest } = parseArgs(argv, { values: ['workspace', 'policy'], flags: ['untrusted'] });
  const file = (opts.policy as string | undefined) ?? rest[0] ?? path.join(resolveWorkspace(opts.workspace as string | undefined), POLICY_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      writeLine(
        io.stdout,
        `${file}: no policy file; the shipped default policy applies (create one with the "AgentGuard: Create Policy" command or copy policies/default.yaml)`,
      );
      return 0;
    }
    writeLine(io.stderr, `${file}:1:1: cannot read the policy: ${(e as Error).message}`);
    return 1;
  }
  const entries = workspaceEntries(path.dirname(path.resolve(file)));
  const { policy, errors } = compilePolicy(text, file, !opts.untrusted, entries);
  for (const e of errors) writeLine(e.severity === 'error' ? io.stdout : io.stderr, formatError(e));
  const n = errors.filter((e) => e.severity === 'error').length;
  if (n > 0 || !policy) {
    writeLine(io.stderr, `${n} error${n === 1 ? '' : 's'} in ${file}; AgentGuard keeps the last good policy (or the strict one) until it is fixed`);
    return 1;
  }
  // Ecosystems present in the folder whose packs this file does not apply: say so where the person looks.
  const packs = policy.packs ?? [];
  for (const d of detectEcosystems(entries)) {
    if (packs.some((p) => p.name === d.name)) continue;
    writeLine(
      io.stderr,
      `${file}:1:1: warning: this folder has ${d.evidence.join(', ')} (${d.title}) but the policy does not apply the \`${d.name}\` pack; add it to \`extends\` (e.g. \`extends: [default, ${d.name}]\`) or add \`auto\``,
    );
  }
  const inForce = packs.length ? `, packs: ${packs.map((p) => `${p.name} (${p.why})`).join(', ')}` : '';
  writeLine(io.stderr, `${file}: ok (policy ${policy.hash}, ${policy.paths.length} path rules, ${policy.commands.patterns.length} command patterns${inForce})`);
  return 0;
}
