// The workspace the real agent works in: the shared cart tree (test/workspaceTree.mjs) under a policy that
// asks destructive and unknown commands. Secrets are generated at run time (never committed, not even fake
// ones); the scripted model's scripts (test/agent/scripts.ts) name these paths and strings.
import { cartFiles, makeGithubToken, restoreBuild, writeTree } from '../../workspaceTree.mjs';

export { restoreBuild };

/** A GitHub-token-shaped value, built at run time. */
export const makeToken = makeGithubToken;

export const POLICY = `# End-to-end workspace policy: the shipped default, with destructive and unknown commands asked.
version: 1
commands:
  destructive: ask
  unknown: ask
# The scripts are refused one after another on purpose; the circuit breaker would lock the workspace down.
breaker: off
`;

/** Writes the workspace into `dir`; returns the secrets and the original contents the tests compare with. */
export function writeWorkspace(dir) {
  const token = makeGithubToken();
  const envToken = makeGithubToken();
  const files = cartFiles({ configToken: token, envLine: `GITHUB_TOKEN=${envToken}`, readme: "AgentGuard's end-to-end tests", policy: POLICY });
  writeTree(dir, files);
  return { token, envToken, files };
}
