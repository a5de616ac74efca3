// The policy in the editor: `.agentguard.yaml` watched in every folder and reloaded on change; its errors
// shown where they are (file, line, column) in the editor and in Problems. The store keeps the last good
// policy in force while the file is broken (strict when there never was a good one). The manifests that
// reveal an ecosystem (package.json, pyproject.toml, go.mod, … at the root or one level down) are watched
// too: one created or deleted changes which ecosystem packs apply, so the policy is reloaded.
import * as vscode from 'vscode';
import type { PolicyError } from '../core/policy/types';
import { type LoadedPolicy, manifestWatchGlob, POLICY_FILE } from '../node/policyStore';
import type { FolderGuard } from './folders';

const DEBOUNCE_MS = 150;

export class PolicyDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('agentguard');
  /** Files that got diagnostics from each folder, so a fixed file is cleared. */
  private shown = new Map<string, vscode.Uri[]>();

  show(folderKey: string, loaded: LoadedPolicy): void {
    for (const uri of this.shown.get(folderKey) ?? []) this.collection.delete(uri);
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const e of loaded.errors) {
      const list = byFile.get(e.file) ?? byFile.set(e.file, []).get(e.file)!;
      list.push(toDiagnostic(e, loaded));
    }
    const uris: vscode.Uri[] = [];
    for (const [file, diags] of byFile) {
      const uri = vscode.Uri.file(file);
      this.collection.set(uri, diags);
      uris.push(uri);
    }
    this.shown.set(folderKey, uris);
  }

  clear(folderKey: string): void {
    for (const uri of this.shown.get(folderKey) ?? []) this.collection.delete(uri);
    this.shown.delete(folderKey);
  }

  dispose(): void {
    this.collection.dispose();
  }
}

function toDiagnostic(e: PolicyError, loaded: LoadedPolicy): vscode.Diagnostic {
  const line = Math.max(0, e.line - 1);
  const col = Math.max(0, e.column - 1);
  const inForce =
    e.severity === 'error'
      ? loaded.state === 'last-good'
        ? ' — the last good version of this policy stays in force until this is fixed'
        : loaded.state === 'strict-fallback'
          ? ' — the strict policy is in force until this is fixed'
          : ''
      : '';
  const d = new vscode.Diagnostic(
    new vscode.Range(line, col, line, col + 1000),
    `${e.message}${inForce}`,
    e.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error,
  );
  d.source = 'AgentGuard';
  return d;
}

/**
 * Watches one folder's policy file and its ecosystem manifests; calls `reload` (debounced) when the policy
 * file is created, changed or deleted, or when a manifest is created or deleted (its content does not matter
 * to detection, so a change to it does not reload).
 */
export function watchPolicy(fg: FolderGuard, reload: () => void): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(fg.folder, POLICY_FILE));
  const manifests = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(fg.folder, manifestWatchGlob()), false, true, false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      reload();
    }, DEBOUNCE_MS);
  };
  const subs = [
    watcher,
    watcher.onDidChange(schedule),
    watcher.onDidCreate(schedule),
    watcher.onDidDelete(schedule),
    manifests,
    manifests.onDidCreate(schedule),
    manifests.onDidDelete(schedule),
  ];
  return new vscode.Disposable(() => {
    if (timer) clearTimeout(timer);
    for (const s of subs) s.dispose();
  });
}
