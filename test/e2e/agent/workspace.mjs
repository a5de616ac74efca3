// The workspace the real agent works in: tests, an .env, code holding a token, a build folder to delete,
// and an .agentguard.yaml. Secrets are generated at run time (never committed, not even fake ones); the
// scripted model's scripts (test/agent/scripts.ts) name these paths and strings.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlnum(n) {
  const bytes = randomBytes(n);
  return [...bytes].map((b) => ALNUM[b % ALNUM.length]).join('');
}

/** A GitHub-token-shaped value, built at run time: 'gh' + 'p_' + 36 random characters. */
export function makeToken() {
  return 'gh' + 'p_' + randomAlnum(36);
}

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
  const token = makeToken();
  const envToken = makeToken();
  const files = {
    'package.json': JSON.stringify({ name: 'cart', version: '1.0.0', private: true, scripts: { test: 'node tests/run.js' } }, null, 2) + '\n',
    'README.md': "# cart\n\nA tiny cart module, used by AgentGuard's end-to-end tests.\n",
    '.agentguard.yaml': POLICY,
    '.env': `# Local settings\nAPP_NAME=cart\nGITHUB_TOKEN=${envToken}\n`,
    'src/cart.ts': 'export function total(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0);\n}\n',
    'src/config.ts': [
      '// Service configuration',
      "export const serviceUrl = 'https://api.example.com';",
      `export const githubToken = '${token}';`,
      'export const retries = 3;',
      '',
    ].join('\n'),
    'tests/cart.test.ts':
      "import { total } from '../src/cart';\n\n// The specification: totals add up.\nif (total([1, 2]) !== 3) throw new Error('total is wrong');\n",
    'build/app.js': 'console.log("built");\n',
    'build/assets/logo.txt': 'logo\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    const p = join(dir, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  return { token, envToken, files };
}

/** Puts the build folder back (scenario 4 deletes it). */
export function restoreBuild(dir) {
  mkdirSync(join(dir, 'build', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'build', 'app.js'), 'console.log("built");\n');
  writeFileSync(join(dir, 'build', 'assets', 'logo.txt'), 'logo\n');
}
