// Smoke: the extension under development is loaded into a real VS Code and activates, and the window
// opened the fixture workspace copy. Depends on nothing but activation.
import assert from 'node:assert/strict';
import { existsSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, fixtureWorkspace } from '../env';

describe('smoke', () => {
  it('AgentGuard is installed as a development extension and activates', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} not found among ${vscode.extensions.all.length} extensions`);
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it('the first workspace folder is the fixture workspace copy', () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.ok(folders.length > 0, 'no workspace folder is open');
    const opened = realpathSync(folders[0].uri.fsPath);
    assert.equal(opened, realpathSync(fixtureWorkspace()));
    for (const rel of ['src/app.ts', 'tests/a.test.ts', '.agentguard.yaml', '.env']) {
      assert.ok(existsSync(path.join(opened, rel)), `${rel} missing from the fixture workspace`);
    }
  });
});
