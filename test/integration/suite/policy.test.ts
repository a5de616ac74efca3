// The policy in the editor: the watcher reloads `.agentguard.yaml`; a broken file shows diagnostics at the
// right line and the last good policy stays in force until it is fixed.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { AgentGuardApi } from '../../../src/vscode/api';
import { agentGuard, disk, invoke, waitFor, ws } from './helpers';

const GOOD_RULE = `
  scratch:
    match: ["scratch/**"]
    write: deny
    reason: Scratch output is written by the build, not by agents.
`;

describe('AgentGuard policy in the editor', () => {
  let api: AgentGuardApi;
  let original: string;
  before(async () => {
    api = await agentGuard();
    original = disk('.agentguard.yaml');
  });
  after(async () => {
    fs.writeFileSync(ws('.agentguard.yaml'), original);
    await waitFor(
      'the original policy back in force',
      () => api.policy()?.state === 'ok' && vscode.languages.getDiagnostics(vscode.Uri.file(ws('.agentguard.yaml'))).length === 0,
    );
  });

  it('reloads the policy when the file changes', async () => {
    const hash = api.policy()!.hash;
    fs.writeFileSync(ws('.agentguard.yaml'), original.replace(/^paths:\n/m, `paths:\n${GOOD_RULE.slice(1)}`));
    await waitFor('the edited policy in force', () => api.policy()!.hash !== hash && api.policy()!.state === 'ok');
    const text = await invoke('writeFile', { path: 'scratch/x.txt', content: 'x' });
    assert.match(text, /Rule: path:scratch/);
    assert.equal(fs.existsSync(ws('scratch/x.txt')), false);
  });

  it('a broken policy shows diagnostics at the right line and keeps the last good one in force', async () => {
    const good = api.policy()!;
    const broken = disk('.agentguard.yaml').replace('write: deny\n    reason: Scratch', 'write: block\n    reason: Scratch');
    const badLine = broken.split('\n').findIndex((l) => l.includes('write: block'));
    assert.ok(badLine > 0);
    fs.writeFileSync(ws('.agentguard.yaml'), broken);
    const uri = vscode.Uri.file(ws('.agentguard.yaml'));
    const diags = await waitFor('diagnostics on .agentguard.yaml', () => {
      const d = vscode.languages.getDiagnostics(uri);
      return d.length > 0 ? d : undefined;
    });
    assert.equal(diags[0].severity, vscode.DiagnosticSeverity.Error);
    assert.equal(diags[0].range.start.line, badLine);
    assert.match(diags[0].message, /must be allow, ask or deny/);
    assert.match(diags[0].message, /last good version/);
    assert.equal(api.policy()!.state, 'last-good');
    assert.equal(api.policy()!.hash, good.hash, 'the last good policy must stay in force');
    assert.equal(api.health(), 'last-good');
    // Still enforced: the rule from the last good version refuses the write.
    const text = await invoke('writeFile', { path: 'scratch/y.txt', content: 'y' });
    assert.match(text, /Rule: path:scratch/);
    assert.equal(fs.existsSync(ws('scratch/y.txt')), false);
  });

  describe('ecosystem packs in the editor', () => {
    const packs = () =>
      api
        .policy()!
        .packs.map((p) => `${p.name}:${p.why}`)
        .join(',');
    after(async () => {
      fs.rmSync(ws('package.json'), { force: true });
      fs.rmSync(ws('src/widget.spec.ts'), { force: true });
      fs.writeFileSync(ws('.agentguard.yaml'), original);
    });

    it('a folder with no policy file gets its packs; a manifest created or deleted reloads them', async () => {
      fs.rmSync(ws('.agentguard.yaml'));
      await waitFor('the shipped default in force', () => api.policy()!.state === 'default');
      assert.equal(packs(), '');
      fs.writeFileSync(ws('package.json'), '{"name": "fixture"}\n');
      await waitFor('the javascript pack detected after package.json was created', () => packs() === 'javascript:detected');
      const text = await invoke('writeFile', { path: 'src/widget.spec.ts', content: "it('w', () => {});\n" });
      assert.match(text, /Rule: path:javascript\.tests/);
      assert.equal(fs.existsSync(ws('src/widget.spec.ts')), false);
      fs.rmSync(ws('package.json'));
      await waitFor('no pack after package.json was deleted', () => packs() === '');
    });

    it('Create Policy from Default writes the file naming the detected packs, and it is in force', async () => {
      assert.equal(fs.existsSync(ws('.agentguard.yaml')), false);
      fs.writeFileSync(ws('package.json'), '{"name": "fixture"}\n');
      await waitFor('the javascript pack detected', () => packs() === 'javascript:detected');
      await vscode.commands.executeCommand('agentguard.createPolicy');
      const text = disk('.agentguard.yaml');
      assert.match(text, /^extends: \[default, javascript\]$/m);
      assert.match(text, /JavaScript \/ TypeScript, found by package\.json/);
      await waitFor('the new file in force, naming the pack', () => api.policy()!.state === 'ok' && packs() === 'javascript:named');
      const shown = vscode.window.activeTextEditor?.document.uri.fsPath;
      assert.ok(shown && fs.realpathSync(shown) === ws('.agentguard.yaml'), `the new file is shown to the person (shown: ${shown})`);
    });
  });
});
