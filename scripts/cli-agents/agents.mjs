// One place for the pinned agent CLIs of the cli-agents tier and where they are installed, shared by
// install.mjs, run.mjs and the suite (test/cli-agents/), so they never disagree about what "installed" means.
// Exact versions: each CLI's hook protocol and fake-server wire format were checked live at these versions,
// and each of them changes between minor releases (a newer one is a deliberate bump, with the tier re-run).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** id → npm package, exact version, and the installed bin (relative to the cache's node_modules/.bin). */
export const AGENTS = {
  claude: { name: 'Claude Code', pkg: '@anthropic-ai/claude-code', version: '2.1.328', bin: 'claude' },
  gemini: { name: 'Gemini CLI', pkg: '@google/gemini-cli', version: '0.61.0', bin: 'gemini' },
  cline: { name: 'Cline', pkg: 'cline', version: '3.0.65', bin: 'cline' },
  codex: { name: 'Codex', pkg: '@openai/codex', version: '0.169.0', bin: 'codex' },
};
export const AGENT_IDS = Object.keys(AGENTS);

// An ignored cache folder, like .vscode-test/ for code-server: a second run takes well under a second.
export const CACHE_DIR = resolve(process.env.AGENTGUARD_CLI_AGENTS_CACHE || join(REPO_ROOT, '.cli-agents'));
export const MARKER = join(CACHE_DIR, 'install-ok.json');
export const LOCKFILE = join(REPO_ROOT, 'scripts', 'cli-agents', 'package-lock.json');

export function binPath(id) {
  return join(CACHE_DIR, 'node_modules', '.bin', AGENTS[id].bin);
}

/** What the marker must say for the install to count as complete and current. */
export function expectedMarker() {
  return { agents: Object.fromEntries(AGENT_IDS.map((id) => [id, `${AGENTS[id].pkg}@${AGENTS[id].version}`])) };
}
