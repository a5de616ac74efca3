// Health you can see: one status bar item for all folders — enforcing / policy broken (last good in force)
// / failing closed (strict fallback) — with the calls denied and asked this session.
import * as vscode from 'vscode';
import type { PolicyState } from '../node/policyStore';
import type { FolderGuard } from './folders';
import { commandId } from './ids';

export type Health = 'enforcing' | 'last-good' | 'failing-closed' | 'idle';

export function healthOf(states: PolicyState[]): Health {
  if (states.length === 0) return 'idle';
  if (states.includes('strict-fallback')) return 'failing-closed';
  if (states.includes('last-good')) return 'last-good';
  return 'enforcing';
}

export class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('agentguard.status', vscode.StatusBarAlignment.Left, 100);
  health: Health = 'idle';

  constructor() {
    this.item.name = 'AgentGuard';
    this.item.command = commandId('showLog');
  }

  update(folders: FolderGuard[], extra?: string): void {
    this.health = healthOf(folders.map((f) => f.service.policyState.state));
    let denied = 0;
    let asked = 0;
    for (const f of folders) {
      denied += f.service.stats.denied;
      asked += f.service.stats.asked;
    }
    const counts = `${denied} denied, ${asked} asked this session`;
    const label = { enforcing: 'enforcing', 'last-good': 'policy broken, last good in force', 'failing-closed': 'failing closed', idle: 'no folder' }[
      this.health
    ];
    const icon = this.health === 'enforcing' ? '$(shield)' : this.health === 'idle' ? '$(circle-slash)' : '$(warning)';
    this.item.text = `${icon} AgentGuard${denied + asked ? ` ${denied}✕ ${asked}?` : ''}`;
    this.item.tooltip = `AgentGuard: ${label}\n${counts}\n${folders.map((f) => `${f.folder.name}: ${f.service.policyState.state}`).join('\n')}${extra ? `\n${extra}` : ''}`;
    this.item.backgroundColor =
      this.health === 'failing-closed'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : this.health === 'last-good'
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
