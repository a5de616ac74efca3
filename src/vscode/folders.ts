// One GuardService per workspace folder (file scheme only), keyed by the folder's URI. The workspace path
// is realpath'd once: the path guard compares resolved paths against it, and a workspace opened through a
// symlink would otherwise put every file "outside" itself.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { Confirmer } from '../core/chain';
import { isWithin, normalizePath } from '../core/paths/normalize';
import { GuardService } from '../node/guardService';
import { makeCommandPreview } from '../node/preview';
import { type ToolEnv, toolEnvOf } from '../node/tools';

export interface FolderGuard {
  folder: vscode.WorkspaceFolder;
  service: GuardService;
  env: ToolEnv;
}

export class Folders {
  private readonly byUri = new Map<string, FolderGuard>();

  constructor(
    private readonly confirmer: Confirmer,
    private readonly ripgrep: string | undefined,
  ) {}

  add(folder: vscode.WorkspaceFolder, trusted: boolean): FolderGuard | undefined {
    if (folder.uri.scheme !== 'file') return undefined; // a virtual folder has no disk for the guard to protect
    const key = folder.uri.toString();
    const existing = this.byUri.get(key);
    if (existing) return existing;
    const workspace = fs.realpathSync(folder.uri.fsPath);
    const home = os.homedir();
    // The dialog's impact preview ("3 modified files would be discarded"): bounded, and never decides.
    const preview = makeCommandPreview((call) => ({ cwd: call.cwd ?? workspace, home, workspace, exists: (p) => fs.existsSync(p) }));
    const service = new GuardService({ workspace, home, trusted, confirmer: this.confirmer, preview });
    const fg = { folder, service, env: toolEnvOf(service, this.ripgrep) };
    this.byUri.set(key, fg);
    return fg;
  }

  remove(folder: vscode.WorkspaceFolder): FolderGuard | undefined {
    const fg = this.byUri.get(folder.uri.toString());
    this.byUri.delete(folder.uri.toString());
    return fg;
  }

  all(): FolderGuard[] {
    return [...this.byUri.values()].sort((a, b) => a.folder.index - b.folder.index);
  }

  get(uri?: vscode.Uri): FolderGuard | undefined {
    if (!uri) return this.all()[0];
    return this.byUri.get(uri.toString());
  }

  /** The guard of a workspace by its resolved path (the hook channel names folders that way). */
  byWorkspace(workspace: string): FolderGuard | undefined {
    return this.all().find((f) => f.env.workspace === workspace);
  }

  /**
   * The folder a tool call belongs to: the one holding an absolute path (lexically, after the same
   * normalisation the engine uses), else the first folder. A path outside every folder goes to the
   * first, whose guard then refuses it as outside the workspace.
   */
  forPath(raw: string | undefined): FolderGuard | undefined {
    const all = this.all();
    if (raw && all.length > 1) {
      for (const fg of all) {
        const n = normalizePath(raw, { workspace: fg.env.workspace, home: fg.env.home });
        const lexical = fg.folder.uri.fsPath;
        if (n.ok && raw.startsWith('/') && (isWithin(fg.env.workspace, n.abs) || isWithin(lexical, n.abs))) return fg;
      }
    }
    return all[0];
  }
}
