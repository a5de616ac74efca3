// VS Code commands an agent must never run through `run_vscode_command`: each could switch AgentGuard or
// the agent hooks off, loosen settings, or install code (the agent's tool runs any VS Code command it is
// given, including ones that would turn a guard off). Matching is on the normalized command id; a prefix
// entry ends in `.`.
// Threat: one tool call that disables the extension and every later call goes unguarded.
const NEVER_PREFIXES = [
  'agentguard.', // the guard's own commands (remove hooks, reset the session, …)
  'workbench.extensions.', // disable / uninstall / install extensions, extension recommendations
  'workbench.action.extensionhost', // restart / bisect the extension host
  'workbench.action.openSettings', // settings editors (user, workspace, JSON)
  'workbench.action.openWorkspaceSettings',
  'workbench.action.openGlobalSettings',
  'workbench.action.openRemoteSettings',
  'workbench.action.openFolderSettings',
  'workbench.action.openApplicationSettings',
  'workbench.action.openDefaultSettings',
  'workbench.action.configureRuntimeArguments',
  'workbench.trust.', // workspace trust
  'workbench.action.manageTrust',
  'workbench.action.reloadWindow', // drops the running guard (and its channel) for a moment
  'workbench.action.restartExtensionHost',
  'workbench.profiles.', // switch to a profile without the extension
  'workbench.action.switchProfile',
  'workbench.action.toggleAutoSave',
  'workbench.userDataSync.', // pulls settings from elsewhere
  'workbench.action.chat.manage', // chat/tool configuration and approvals
  'workbench.action.chat.configure',
  'workbench.action.chat.tools',
  'workbench.action.chat.openHooks',
  'workbench.action.chat.enableTools',
  'workbench.action.chat.resetTrustedTools',
  'chat.tools.',
  'workbench.action.terminal.sendSequence', // types arbitrary text into a terminal, unguarded
  'workbench.action.terminal.runSelectedText',
  'workbench.action.terminal.runActiveFile',
  'workbench.action.tasks.runTask', // runs a task whose command the guard never sees
  'workbench.action.tasks.configureTaskRunner',
  'workbench.action.files.save', // saves whatever an editor holds, outside the file rules
  'workbench.action.files.saveAll',
  'editor.action.', // edits the active editor outside the file rules
  'vscode.open', // opens URIs, including command: URIs
  'vscode.executeCommand',
  '_', // internal commands
  'code-server.', // host-level actions
  'remote.', // remote connection management
  'update.', // product updates
];

/** Commands that write settings or configuration whatever their namespace. */
const NEVER_PATTERNS = [/settings/i, /configure/i, /uninstall/i, /disable/i, /\bhooks?\b/i, /trust/i, /\.install/i, /keybindings/i, /policy/i];

export function isGuardOffCommand(commandId: string): string | undefined {
  const id = commandId.trim();
  const lower = id.toLowerCase();
  for (const p of NEVER_PREFIXES) {
    if (lower === p.toLowerCase().replace(/\.$/, '') || lower.startsWith(p.toLowerCase())) return p;
  }
  for (const re of NEVER_PATTERNS) if (re.test(id)) return re.source;
  return undefined;
}
