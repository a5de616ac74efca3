// Lockdown in the editor: the commands that switch it, a status-bar item that shows it (red while on, one click
// to switch), and the notification when the circuit breaker switched it on by itself. The state lives in each
// folder's shared counter store (src/node/counters), so a breaker tripped by a hook process deciding alone or
// by the MCP server shows here too: the item looks at the store every two seconds (a stat of one small file).
import * as vscode from 'vscode';
import type { LockdownState } from '../core/context/types';
import type { GuardService, LockdownChange } from '../node/guardService';
import type { Ctx } from './ctx';
import type { FolderGuard } from './folders';
import { commandId } from './ids';

const POLL_MS = 2_000;

export class LockdownUi implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('agentguard.lockdown', vscode.StatusBarAlignment.Left, 99);
  private readonly watched = new Map<GuardService, vscode.Disposable>();
  private readonly notified = new Set<string>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly ctx: Ctx) {
    this.item.name = 'AgentGuard Lockdown';
    this.item.command = commandId('toggleLockdown');
    ctx.commands.add({
      lockdown: () => () => this.set(true),
      endLockdown: () => () => this.set(false),
      toggleLockdown: () => () => this.set(!this.states().some((s) => s.state?.on)),
    });
    this.timer = setInterval(() => this.refresh(), POLL_MS);
    void ctx.ready.then(() => this.refresh());
  }

  /** Every folder's lockdown; a store that cannot be read counts as on (the guard fails closed on it too). */
  private states(): { fg: FolderGuard; state: LockdownState | undefined; error?: string }[] {
    return this.ctx.folders.all().map((fg) => {
      this.watch(fg);
      try {
        return { fg, state: fg.service.lockdown };
      } catch (e) {
        return { fg, state: { on: true, since: 0, by: 'user', reason: 'the counter store cannot be read' }, error: (e as Error).message };
      }
    });
  }

  private watch(fg: FolderGuard): void {
    if (this.watched.has(fg.service)) return;
    this.watched.set(
      fg.service,
      fg.service.onLockdown((c) => this.changed(fg, c)),
    );
  }

  private async set(on: boolean): Promise<void> {
    await this.ctx.ready;
    for (const fg of this.ctx.folders.all()) {
      const state = await fg.service.setLockdown(on, 'user', on ? 'switched on by a person in VS Code' : 'ended by a person in VS Code');
      this.ctx.log.info(`${fg.folder.name}: lockdown ${state.on ? 'on' : 'off'} (${state.reason})`);
    }
    this.refresh();
  }

  private changed(fg: FolderGuard, c: LockdownChange): void {
    this.refresh();
    const s = c.state;
    if (!s.on || s.by !== 'breaker') return;
    const key = `${fg.service.opts.workspace}:${s.since}`;
    if (this.notified.has(key)) return;
    this.notified.add(key);
    this.ctx.log.warn(`${fg.folder.name}: ${s.reason}; lockdown on (calls: ${(s.calls ?? []).join(', ')})`);
    void this.notify(fg, s);
  }

  private async notify(fg: FolderGuard, s: LockdownState): Promise<void> {
    const show = 'Show Refused Calls';
    const end = 'End Lockdown';
    const pick = await vscode.window.showWarningMessage(
      `AgentGuard paused ${s.agent ?? 'an agent'} in ${fg.folder.name}: ${s.reason.replace(/^the circuit breaker tripped: /, '')}. Until you end the lockdown, every call but a plain read needs your confirmation.`,
      show,
      end,
    );
    if (pick === show) await vscode.commands.executeCommand(commandId('openPanel'), { decision: 'deny', agent: s.agent, calls: s.calls });
    else if (pick === end) await this.set(false);
  }

  refresh(): void {
    let states: ReturnType<LockdownUi['states']>;
    try {
      states = this.states();
    } catch {
      return;
    }
    if (states.length === 0) return void this.item.hide();
    const on = states.filter((s) => s.state?.on);
    if (on.length) {
      this.item.text = '$(lock) Lockdown';
      this.item.tooltip = `AgentGuard lockdown: every call but a plain read needs your confirmation.\n${on
        .map((s) => `${s.fg.folder.name}: ${s.error ? `${s.state!.reason} (${s.error})` : s.state!.reason}`)
        .join('\n')}\nClick to end the lockdown.`;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
    } else {
      this.item.text = '$(unlock)';
      this.item.tooltip = 'AgentGuard: click to lock down (every call but a plain read needs your confirmation)';
      this.item.backgroundColor = undefined;
    }
    this.item.show();
  }

  dispose(): void {
    clearInterval(this.timer);
    for (const d of this.watched.values()) d.dispose();
    this.watched.clear();
    this.item.dispose();
  }
}
