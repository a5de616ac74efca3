// The workspace each agent CLI works in, fresh for every scenario: the shared cart tree (test/workspaceTree.mjs)
// plus a secrets/ folder, under the shipped default policy. Every credential is generated at run time (never
// committed, not even a fake one), and `secretValues` lists them all so the suite can prove that none of
// them ever reached the model.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_PLACEHOLDER, cartFiles, makeAwsKeyId, makeGithubToken, writeTree } from '../workspaceTree.mjs';

export { CONFIG_PLACEHOLDER, makeAwsKeyId, makeGithubToken };

/** The shipped default policy, named explicitly: the tier tests the product as a person installs it. */
export const POLICY = '# AgentGuard policy for this workspace: the shipped default.\nversion: 1\n';

/** Writes the workspace into `dir`; returns the secret values and the original file contents. */
export function writeWorkspace(dir) {
  const configToken = makeGithubToken();
  const envToken = makeGithubToken();
  const secretsKey = makeAwsKeyId();
  const secretsToken = makeGithubToken();
  const files = cartFiles({
    configToken,
    envLine: `CART_GITHUB_TOKEN=${envToken}`,
    readme: "AgentGuard's cli-agents tests",
    policy: POLICY,
    extra: { 'secrets/deploy.json': JSON.stringify({ awsAccessKeyId: secretsKey, githubToken: secretsToken }, null, 2) + '\n' },
  });
  writeTree(dir, files);
  return { configToken, envToken, secretsKey, secretsToken, secretValues: [configToken, envToken, secretsKey, secretsToken], files };
}

export function readRel(dir, rel) {
  const p = join(dir, rel);
  return existsSync(p) ? readFileSync(p, 'utf8') : undefined;
}

/** Every file under `dir` (relative, sorted), skipping the agents' own state folders. */
export function listFiles(dir, skip = new Set(['.claude', '.gemini', '.clinerules', '.codex', '.github', 'node_modules', '.git'])) {
  const out = [];
  const walk = (rel) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (!rel && skip.has(e.name)) continue;
      if (e.isDirectory()) walk(r);
      else out.push(r);
    }
  };
  walk('');
  return out.sort();
}
