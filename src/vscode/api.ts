// What `activate` returns. The read-only part is harmless to any extension; the part that can change how
// a call is decided (substituting the dialog, reloading) exists only in Test mode — outside tests, an
// approval comes from a person at the modal, never from code another extension controls.
import * as vscode from 'vscode';
import type { PolicyState } from '../node/policyStore';
import type { ConfirmDialog } from './confirm';
import { modalDialog } from './confirm';
import type { Ctx } from './ctx';
import type { PanelTestHooks } from './panel';

export interface PolicyInfo {
  state: PolicyState;
  hash: string;
  /** The ecosystem packs in force, and why: named in `extends`, or detected from the folder's manifests. */
  packs: { name: string; why: 'named' | 'detected' }[];
  errors: { file: string; line: number; column: number; message: string; severity: string }[];
}

export interface AgentGuardApi {
  readonly apiVersion: 1;
  /** Resolves once every folder's guard is set up (policies load just after activation). */
  ready(): Promise<void>;
  /** The audit log of a folder (default: the first). */
  auditPath(folder?: vscode.Uri): string | undefined;
  policy(folder?: vscode.Uri): PolicyInfo | undefined;
  stats(folder?: vscode.Uri): { allowed: number; asked: number; denied: number; failedClosed: number } | undefined;
  /** What the status bar shows: enforcing, last-good (policy broken), failing-closed, idle. */
  health(): string;
  /** Test mode only. */
  testing?: {
    setConfirmDialog(dialog: ConfirmDialog | undefined): void;
    reloadPolicy(folder?: vscode.Uri): void;
    newSession(): void;
    /** The audit panel: what it rendered, and clicks on its buttons (src/vscode/panel). */
    panel?: PanelTestHooks;
  };
}

export function createApi(ctx: Ctx, panel?: PanelTestHooks): AgentGuardApi {
  const api: AgentGuardApi = {
    apiVersion: 1,
    ready: () => ctx.ready,
    auditPath: (folder) => ctx.folders.get(folder)?.service.auditFile,
    policy(folder) {
      const fg = ctx.folders.get(folder);
      if (!fg) return undefined;
      const p = fg.service.policyState;
      return {
        state: p.state,
        hash: p.policy.hash,
        packs: (p.policy.packs ?? []).map((x) => ({ name: x.name, why: x.why })),
        errors: p.errors.map((e) => ({ ...e })),
      };
    },
    health: () => ctx.status.health,
    stats: (folder) => {
      const s = ctx.folders.get(folder)?.service.stats;
      return s ? { ...s } : undefined;
    },
  };
  if (ctx.extension.extensionMode === vscode.ExtensionMode.Test) {
    api.testing = {
      setConfirmDialog: (dialog) => {
        ctx.confirmer.dialog = dialog ?? modalDialog;
      },
      reloadPolicy: (folder) => {
        const fg = ctx.folders.get(folder);
        if (fg) ctx.reload(fg);
      },
      newSession: () => {
        for (const fg of ctx.folders.all()) fg.service.newSession();
      },
      panel,
    };
  }
  return Object.freeze(api);
}
