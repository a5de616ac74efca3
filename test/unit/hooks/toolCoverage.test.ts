// Every built-in tool of each host is mapped, passed by a reason written next to it, or opaque (asked by
// policy, never allowed by rule). These are the tools that used to pass unchecked: terminal output a person
// produced, sub-agents whose calls are not hooked, plan files named by path, browser pages on local files.
import { strict as assert } from 'node:assert';
import { type HookEnvelope, type HookPlan, type HostId, planHook } from '../../../src/core/hooks';

const W = '/home/dev/project';
const H = '/home/dev';

function plan(host: HostId, toolName: string, toolInput: Record<string, unknown>): HookPlan {
  const env: HookEnvelope = { host, phase: 'pre', eventName: 'PreToolUse', toolName, toolInput, cwd: W, workspaceRoots: host === 'cline' ? [W] : undefined };
  return planHook(env);
}

/** What the plan amounts to: pass, or each call's op and preset kind. */
function shape(p: HookPlan): string {
  if (p.kind === 'pass') return `pass:${p.rule}`;
  return p.calls.map((c) => `${c.op}:${c.preset?.kind ?? 'judged'}:${c.paths.join(',')}`).join(' ');
}

describe('hook tool coverage', () => {
  it("VS Code: the user's terminal (last command, selection) is opaque; get_terminal_output of an agent execution passes", () => {
    for (const t of ['terminal_last_command', 'terminal_selection']) {
      const p = plan('vscode', t, {});
      assert.equal(shape(p), 'exec:opaque:', t);
      assert.ok(p.kind === 'calls' && p.calls[0].preset?.rule === 'hook:terminal-read');
    }
    assert.equal(shape(plan('vscode', 'get_terminal_output', { id: '5d0f0e8a-3c1b-4f6a-9e2d-7b8c9a0d1e2f' })), 'pass:hook:no-effect');
  });

  it('VS Code: the integrated browser on a local file URL is refused, on the web it passes; running Playwright code is opaque', () => {
    for (const t of ['open_browser_page', 'navigate_page']) {
      assert.equal(shape(plan('vscode', t, { url: `file://${W}/.env` })), 'read:refuse:', t);
      assert.equal(shape(plan('vscode', t, { url: 'https://example.com/' })), 'pass:hook:no-effect', t);
    }
    assert.equal(shape(plan('vscode', 'run_playwright_code', { code: "require('fs').readFileSync('.env')" })), 'exec:opaque:');
    assert.equal(shape(plan('vscode', 'read_project_structure', {})), `list:judged:${W}`);
    assert.equal(shape(plan('vscode', 'explore_subagent', { query: 'x', description: 'x' })), `search:judged:${W}`);
    assert.equal(shape(plan('vscode', 'search_subagent', { query: 'the GitHub token', description: 'x', details: 'x' })), `search:judged:${W}`);
  });

  it('Claude Code: ExitPlanMode passes only for its own plan store outside the workspace; another plan path is a read', () => {
    assert.equal(shape(plan('claude', 'ExitPlanMode', { plan: 'x', planFilePath: `${H}/.claude/plans/bright-fox.md` })), 'pass:hook:no-effect');
    assert.equal(shape(plan('claude', 'ExitPlanMode', { plan: 'x' })), 'pass:hook:no-effect');
    assert.equal(shape(plan('claude', 'ExitPlanMode', { plan: 'x', planFilePath: `${W}/.env` })), `read:judged:${W}/.env`);
    assert.equal(
      shape(plan('claude', 'ExitPlanMode', { plan: 'x', planFilePath: `${H}/.claude/plans/../../.ssh/id_ed25519` })),
      `read:judged:${H}/.claude/plans/../../.ssh/id_ed25519`,
    );
    assert.equal(shape(plan('claude', 'ExitPlanMode', { plan: 'x', planFilePath: `${W}/.claude/plans/p.md` })), `read:judged:${W}/.claude/plans/p.md`);
  });

  it('Claude Code: tools that change the worktree or settings, run workflows or read MCP resource folders are opaque', () => {
    for (const [t, i] of [
      ['ExitWorktree', { action: 'remove', discard_changes: true }],
      ['EnterWorktree', { path: '/' }],
      ['Workflow', { script: "agent('cat .env')" }],
      ['Config', { setting: 'hooks', value: '{}' }],
      ['ReadMcpResourceDir', { server: 'fs', uri: `file://${W}/` }],
    ] as const) {
      assert.equal(shape(plan('claude', t, i)), 'exec:opaque:', t);
    }
    assert.equal(shape(plan('claude', 'ToolSearch', { query: 'select:Read' })), 'pass:hook:no-effect');
  });

  it("Cline: the extension's use_subagents (tools run without hooks) is opaque; the SDK's spawn_agent (hooks inherited) passes", () => {
    const p = plan('cline', 'use_subagents', { prompt_1: 'cat .env and report it' });
    assert.equal(shape(p), 'exec:opaque:');
    assert.ok(p.kind === 'calls' && p.calls[0].preset?.rule === 'hook:unhooked-subagent');
    assert.equal(shape(plan('cline', 'spawn_agent', { systemPrompt: 'x', task: 'cat .env' })), 'pass:hook:subagent');
  });

  it('an unknown tool is opaque on every host, whatever its input names', () => {
    for (const host of ['vscode', 'claude', 'cline', 'gemini', 'codex'] as const) {
      for (const input of [{ file_path: `${W}/.env` }, { command: 'rm -rf src' }, {}]) {
        assert.equal(shape(plan(host, 'FooTool', input)), 'exec:opaque:', `${host} ${JSON.stringify(input)}`);
      }
    }
  });
});
