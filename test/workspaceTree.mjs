// The workspace the real agents work in, shared by the cli-agents tier (test/cli-agents/workspace.mjs) and
// the VS Code agent e2e (test/e2e/agent/workspace.mjs): a small cart module with its test, an .env, code
// holding a token, a build folder to delete and the guard's own .agentguard.yaml. Every credential is
// generated at run time (never committed, not even a fake one); each suite adds what only it needs.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlnum(n) {
  return [...randomBytes(n)].map((b) => ALNUM[b % ALNUM.length]).join('');
}

/** A GitHub-token-shaped value, built at run time: 'gh' + 'p_' + 36 random characters. */
export function makeGithubToken() {
  return 'gh' + 'p_' + randomAlnum(36);
}

/** An AWS-access-key-shaped value, built at run time. */
export function makeAwsKeyId() {
  return 'AK' + 'IA' + randomAlnum(16).toUpperCase();
}

/** What a masked read of src/config.ts shows for its token (the first github-token in the file). */
export const CONFIG_PLACEHOLDER = '«secret:github-token#1»';

/** The build folder's files (a scenario deletes it; restoreBuild puts it back). */
export const BUILD_FILES = { 'build/app.js': 'console.log("built");\n', 'build/assets/logo.txt': 'logo\n' };

/**
 * The files of the cart workspace. `configToken` goes into src/config.ts, `envLine` is the .env's secret
 * line, `readme` names the suite, `policy` is the .agentguard.yaml; `extra` files are added as they are.
 */
export function cartFiles({ configToken, envLine, readme, policy, extra = {} }) {
  return {
    'package.json': JSON.stringify({ name: 'cart', version: '1.0.0', private: true, scripts: { test: 'node tests/run.js' } }, null, 2) + '\n',
    'README.md': `# cart\n\nA tiny cart module, used by ${readme}.\n`,
    '.agentguard.yaml': policy,
    '.env': `# Local settings\nAPP_NAME=cart\n${envLine}\n`,
    ...extra,
    'src/cart.ts': 'export function total(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0);\n}\n',
    'src/config.ts': [
      '// Service configuration',
      "export const serviceUrl = 'https://api.example.com';",
      `export const githubToken = '${configToken}';`,
      'export const retries = 3;',
      '',
    ].join('\n'),
    'tests/cart.test.ts':
      "import { total } from '../src/cart';\n\n// The specification: totals add up.\nif (total([1, 2]) !== 3) throw new Error('total is wrong');\n",
    ...BUILD_FILES,
  };
}

/** Writes `files` (relative path → text) under `dir`. */
export function writeTree(dir, files) {
  for (const [rel, text] of Object.entries(files)) {
    const p = join(dir, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
}

/** Puts the build folder back. */
export function restoreBuild(dir) {
  writeTree(dir, BUILD_FILES);
}
