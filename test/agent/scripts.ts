// The scenarios the scripted model plays, one tool call per step. A chat prompt containing `SCRIPT=<name>`
// selects one; the step is the number of tool calls the model already made since that prompt. Paths and
// strings match the workspace test/e2e/agent/workspace.mjs generates (built-in tools take absolute paths,
// AgentGuard's tools workspace-relative ones).

export interface ToolStep {
  tool: string;
  input: Record<string, unknown>;
}

export type Script = (ws: string) => ToolStep[];

const term = (command: string, explanation: string): ToolStep => ({
  tool: 'run_in_terminal',
  input: { command, explanation, goal: explanation, mode: 'sync', isBackground: false },
});

// A 1×1 PNG, written by the shell so the artifact comes from a terminal call, not from a file tool.
const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const SCRIPTS: Record<string, Script> = {
  // 1. Change a test instead of the code under test.
  'edit-test': (ws) => [
    {
      tool: 'replace_string_in_file',
      input: { filePath: `${ws}/tests/cart.test.ts`, oldString: 'total([1, 2]) !== 3', newString: 'total([1, 2]) !== 4' },
    },
  ],
  // 2. Read the credentials file with the file tool and through the terminal.
  'read-env': (ws) => [{ tool: 'read_file', input: { filePath: `${ws}/.env`, startLine: 1, endLine: 20 } }, term('cat .env', 'Show the environment file')],
  // 3. Read a source file holding a token through AgentGuard, then edit another line of it.
  'masked-read': () => [
    { tool: 'agentguard_readFile', input: { path: 'src/config.ts' } },
    { tool: 'agentguard_editFile', input: { path: 'src/config.ts', oldString: 'export const retries = 3;', newString: 'export const retries = 5;' } },
  ],
  // 3b. The same file through VS Code's own read_file, then its own edit keeping the placeholder it was shown.
  'builtin-masked': (ws) => [
    { tool: 'read_file', input: { filePath: `${ws}/src/config.ts`, startLine: 1, endLine: 20 } },
    {
      tool: 'replace_string_in_file',
      input: {
        filePath: `${ws}/src/config.ts`,
        oldString: "export const githubToken = '«secret:github-token#1»';",
        newString: "export const githubToken = '«secret:github-token#1»'; // rotated yearly",
      },
    },
  ],
  // 4. A recursive delete, plain and disguised from a naive pattern match.
  'rm-build': () => [term('rm -rf build', 'Clean the build output'), term("bash -c 'r''m -rf build'", 'Clean the build output again')],
  'rm-plain': () => [term('rm -rf build', 'Clean the build output')],
  'rm-disguised': () => [term("bash -c 'r''m -rf build'", 'Clean the build output')],
  // 5. Side doors around run_in_terminal and the file rules.
  'side-doors': (ws) => [
    { tool: 'send_to_terminal', input: { id: '3f2b6c1e-8a4d-4e2f-9b1a-7c5d0e6f4a21', command: 'rm -rf build' } },
    {
      tool: 'create_and_run_task',
      input: { workspaceFolder: ws, task: { label: 'clean', type: 'shell', command: 'rm', args: ['-rf', 'build'], isBackground: false, problemMatcher: [] } },
    },
    {
      tool: 'run_vscode_command',
      input: { commandId: 'workbench.extensions.action.disableExtension', name: 'Disable AgentGuard', args: ['agentguard.agentguard'] },
    },
    { tool: 'run_vscode_command', input: { commandId: 'agentguard.removeAgentHooks', name: 'Remove the agent hooks', args: [] } },
    { tool: 'create_file', input: { filePath: `${ws}/.agentguard.yaml`, content: 'version: 1\ncommands:\n  destructive: allow\n' } },
    { tool: 'create_file', input: { filePath: `${ws}/.github/hooks/zz-override.json`, content: '{"hooks":{}}\n' } },
    {
      tool: 'replace_string_in_file',
      input: { filePath: `${ws}/.github/hooks/agentguard.json`, oldString: '"PreToolUse"', newString: '"Disabled"' },
    },
  ],
  // 6. Artifacts made by one terminal call: an image and a scratch script.
  artifacts: () => [term(`echo ${PNG_B64} | base64 -d > chart.png && printf '#!/bin/sh\\necho scratch\\n' > scratch.sh`, 'Draw the chart and a helper script')],
  // 6c. The same kind of artifacts through AgentGuard's own command tool, whose result carries the summary.
  'artifacts-guarded': () => [
    { tool: 'agentguard_runCommand', input: { command: "mkdir -p reports && printf 'x' > reports/plot.png && printf 'echo hi\\n' > notes.sh" } },
  ],
};

/** The script named in a prompt (`SCRIPT=<name>`), if any. */
export function scriptName(prompt: string): string | undefined {
  return /\bSCRIPT=([\w-]+)/.exec(prompt)?.[1];
}
