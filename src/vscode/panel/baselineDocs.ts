// Read-only documents holding a file's content at session start, for VS Code's diff editor:
//   agentguard-baseline:/src/app.ts?<folder URI>
// The path part keeps the file name, so the editor picks the language. The content is the user's own file
// as it was, shown to the person in their editor (like `git diff`); it is never sent to a model, and the
// snapshot keeps no copy of files agents may not read (shouldCapture in src/vscode/snapshot.ts).
import * as vscode from 'vscode';
import type { Snapshots } from '../snapshot';

export const BASELINE_SCHEME = 'agentguard-baseline';

export function baselineUri(folderKey: string, rel: string): vscode.Uri {
  return vscode.Uri.from({ scheme: BASELINE_SCHEME, path: `/${rel}`, query: folderKey });
}

export class BaselineDocs implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly registration: vscode.Disposable;

  constructor(private readonly snapshots: Snapshots) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(BASELINE_SCHEME, this);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const snap = this.snapshots.get(uri.query);
    const rel = uri.path.replace(/^\//, '');
    const bytes = await snap?.baselineContent(rel);
    if (bytes === undefined) return `(AgentGuard kept no session-start content for ${rel}.)\n`;
    return new TextDecoder('utf-8').decode(bytes);
  }

  dispose(): void {
    this.registration.dispose();
  }
}
