// VS Code's run_notebook_cell names a cell, not its code: a person's "allow for this session" was kept for the
// input (notebook + cell id), so once the cell's code was changed (in the editor, unsaved) the same input ran it
// without asking. Its approvals are taken as once: every run is asked. Another opaque tool keeps its session
// approval. A real channel server and GuardService in process, a fake Confirmer answering "session".
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import type { ConfirmAnswer, Confirmer, ConfirmRequest } from '../../../src/core/chain';
import { startChannelServer, type ChannelServer } from '../../../src/node/hookBridge/channelServer';
import { GuardService } from '../../../src/node/guardService';
import { preDecision, type Sandbox, sandbox, vscodePre } from './helpers';

class SessionConfirmer implements Confirmer {
  asked: ConfirmRequest[] = [];
  async confirm(req: ConfirmRequest): Promise<ConfirmAnswer> {
    this.asked.push(req);
    return 'session';
  }
}

describe('hook bridge: run_notebook_cell approvals are never kept for the session (extension up)', () => {
  let sb: Sandbox;
  let server: ChannelServer;
  let confirmer: SessionConfirmer;
  beforeEach(async () => {
    sb = sandbox();
    confirmer = new SessionConfirmer();
    const service = new GuardService({ workspace: sb.workspace, home: sb.root, confirmer, auditPath: path.join(sb.home, 'audit', 'ext.jsonl') });
    server = await startChannelServer((ws) => (ws === sb.workspace ? service : undefined), { workspaces: [sb.workspace], dir: path.join(sb.home, 'channels') });
  });
  afterEach(async () => {
    await server.dispose();
    sb.cleanup();
  });

  const vscode = (tool_name: string, tool_input: unknown) => vscodePre(sb, tool_name, tool_input);

  it('the same cell run twice is asked twice', async () => {
    const input = { filePath: path.join(sb.workspace, 'nb.ipynb'), cellId: '#VSC-1a2b3c4d' };
    const r1 = await vscode('run_notebook_cell', input);
    assert.equal(preDecision(r1), 'allow', r1.stdout);
    const r2 = await vscode('run_notebook_cell', input);
    assert.equal(preDecision(r2), 'allow', r2.stdout);
    assert.equal(confirmer.asked.length, 2, 'the second run was not asked');
  });

  it('another opaque tool keeps its session approval (asked once)', async () => {
    const r1 = await vscode('run_task', { id: 'build', workspaceFolder: sb.workspace });
    const r2 = await vscode('run_task', { id: 'build', workspaceFolder: sb.workspace });
    assert.equal(preDecision(r1), 'allow', r1.stdout);
    assert.equal(preDecision(r2), 'allow', r2.stdout);
    assert.equal(confirmer.asked.length, 1);
  });
});
