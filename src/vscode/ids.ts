// Every command id AgentGuard contributes, in one place. No 'vscode' import: the unit test that checks
// them against package.json imports this module in plain Node. Tool ids live in src/node/tools/ids.ts.
export const COMMAND_PREFIX = 'agentguard';

/** Palette commands, by short name. `openPanel` is filled in by the panel module (src/vscode/panel). */
export const COMMANDS = {
  createPolicy: 'Create Policy from Default',
  reloadPolicy: 'Reload Policy',
  newSession: 'Start New Session',
  showLog: 'Show Log',
  openPanel: 'Open Audit Panel',
  installAgentHooks: 'Install Agent Hooks',
  removeAgentHooks: 'Remove Agent Hooks',
  lockdown: 'Lock Down: Ask Before Every Change',
  endLockdown: 'End Lockdown',
  toggleLockdown: 'Toggle Lockdown',
  invokeTool: 'Invoke a Guarded Tool (development)',
} as const;
export type CommandName = keyof typeof COMMANDS;

export function commandId(name: CommandName | string): string {
  return `${COMMAND_PREFIX}.${name}`;
}

/** Commands shown in the palette only when the extension runs in development or test mode. */
export const DEV_ONLY_COMMANDS: readonly CommandName[] = ['invokeTool'];
export const DEV_CONTEXT_KEY = 'agentguard.devMode';
