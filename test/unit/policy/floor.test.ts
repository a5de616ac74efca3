// The floor and the asked agent files: every floor glob has a sample here that an agent may never write
// (whatever a workspace file says), and instructions that only steer agents are asked, not refused.
import { strict as assert } from 'node:assert';
import * as os from 'node:os';
import { Minimatch } from 'minimatch';
import { PathGuard } from '../../../src/core/paths/guard';
import { FLOOR_RULES } from '../../../src/core/policy/layers';
import type { FsProbe } from '../../../src/core/paths/resolve';
import { compilePolicy } from '../../../src/node/policyStore';

// Nothing exists: the verdicts come from the rules alone.
const NOTHING: FsProbe = { lstat: () => undefined, readlink: () => '', readdir: () => [] };
const WS = '/nonexistent/ws';

const FLOOR: string[] = [
  '.agentguard.yaml',
  '.agentguard/state.json',
  '.github/hooks/agentguard.json',
  '.claude/settings.json',
  '.claude/settings.local.json',
  'packages/api/.claude/settings.json',
  '.claude/hooks/pre.sh',
  '.claude/agents/reviewer.md',
  '.claude/commands/deploy.md',
  '.claude/skills/release/run.py',
  '.clinerules/hooks/PreToolUse',
  '.mcp.json',
  '.vscode/settings.json',
  'web/.vscode/settings.json',
  '.vscode/mcp.json',
  'project.code-workspace',
  '.github/agents/guarded.agent.md',
  '.github/chatmodes/fast.chatmode.md',
  '.gemini/settings.json',
  '.gemini/commands/ship.toml',
  '.codex/config.toml',
  '.codex/hooks.json',
  '.cursor/mcp.json',
  '.cursor/hooks.json',
  '.cursor/cli.json',
  '.cursor/environment.json',
  '.cursor/hooks/audit.sh',
  '.windsurf/hooks.json',
  '.roo/mcp.json',
  '.roomodes',
  '.continue/config.yaml',
  '.continue/mcpServers/db.yaml',
  '.kiro/hooks/on-save.kiro.hook',
  '.kiro/settings/mcp.json',
  '.amazonq/mcp.json',
  '.amazonq/cli-agents/dev.json',
  '.junie/mcp/mcp.json',
  '.zed/settings.json',
  '.aider.conf.yml',
  '.husky/pre-commit',
  '.husky/_/husky.sh',
  '.githooks/pre-push',
  'lefthook.yml',
  '.lefthook.yml',
  'lefthook-local.yml',
  '.lefthook/pre-commit/lint.sh',
  '.pre-commit-config.yaml',
  '.vscode/tasks.json',
  'tools/.vscode/tasks.json',
  '.zed/tasks.json',
  '.devcontainer/devcontainer.json',
  '.devcontainer/post-create.sh',
  '.devcontainer.json',
  '.git/config',
  '.git/hooks/pre-commit',
  'vendor/lib/.git/config',
  'opencode.json',
  '.opencode.jsonc',
  '.opencode/plugin/guard.ts',
  'crush.json',
  '.crush.json',
];

const ASKED: string[] = [
  'AGENTS.md',
  'packages/api/AGENTS.md',
  'AGENT.md',
  'CLAUDE.md',
  'docs/CLAUDE.md',
  'CLAUDE.local.md',
  'GEMINI.md',
  '.github/copilot-instructions.md',
  '.github/instructions/ts.instructions.md',
  '.github/prompts/release.prompt.md',
  '.claude/CLAUDE.md',
  '.cursor/rules/style.mdc',
  '.cursorrules',
  '.cursorignore',
  '.windsurf/rules/style.md',
  '.windsurfrules',
  '.clinerules',
  '.clinerules/style.md',
  '.clineignore',
  '.roo/rules/style.md',
  '.roorules',
  '.rooignore',
  '.continue/rules/style.md',
  '.kiro/steering/product.md',
  '.amazonq/rules/style.md',
  '.junie/guidelines.md',
  '.aiderignore',
  '.rules',
  '.vscode/launch.json',
  '.vscode/extensions.json',
];

const ORDINARY = ['src/app.ts', 'README.md', 'docs/agent-guide.md', 'src/claude/client.ts', 'cursor.ts', 'src/hooks/useAuth.ts', 'settings.json'];

describe('the floor: every agent’s control files', () => {
  const loosening =
    'version: 1\npaths:\n  everything:\n    match: ["**"]\n    write: allow\n    delete: allow\n    rename: allow\n    reason: a user trying to open everything\n  agent-config:\n    disabled: true\n';
  const { policy } = compilePolicy(loosening, '/ws/.agentguard.yaml', true);
  const guard = new PathGuard(policy!.paths, 'deny');
  const dflt = compilePolicy('version: 1\n', '/ws/.agentguard.yaml', true).policy!;
  const dguard = new PathGuard(dflt.paths, 'deny');
  const decide = (g: PathGuard, op: 'read' | 'write' | 'delete', p: string) => g.decide(op, p, { workspace: WS, home: os.homedir() }, NOTHING);

  it('every floor glob has a sample below', () => {
    const globs = FLOOR_RULES.flatMap((r) => r.globs);
    const unsampled = globs.filter((g) => !FLOOR.some((p) => new Minimatch(g, { dot: true, nocase: true }).match(p)));
    assert.deepEqual(unsampled, []);
  });

  for (const p of FLOOR) {
    it(`${p}: never written or deleted by an agent, even when a trusted file allows everything; read allowed`, () => {
      for (const op of ['write', 'delete'] as const) {
        const v = decide(guard, op, p);
        assert.equal(v.decision, 'deny', `${op}: ${v.rule}: ${v.reason}`);
        assert.match(v.rule, /^path:floor:/);
      }
      assert.equal(decide(dguard, 'read', p).decision, 'allow');
    });
  }

  for (const p of ASKED) {
    it(`${p}: a person confirms a change (default policy); read allowed`, () => {
      const v = decide(dguard, 'write', p);
      assert.equal(v.decision, 'ask', `${v.rule}: ${v.reason}`);
      assert.equal(decide(dguard, 'read', p).decision, 'allow');
    });
  }

  for (const p of ORDINARY) {
    it(`${p}: an ordinary file stays writable`, () => {
      assert.equal(decide(dguard, 'write', p).decision, 'allow');
    });
  }
});
