// The guarded tools inside a real VS Code: called through vscode.lm.invokeTool in the fixture workspace,
// checked on disk and in the audit log.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { TOOL_NAMES, toolId } from '../../../src/node/tools/ids';
import { COMMANDS, commandId } from '../../../src/vscode/ids';
import type { AgentGuardApi } from '../../../src/vscode/api';
import { agentGuard, disk, invoke, lastRecord, ws } from './helpers';

describe('AgentGuard tools in VS Code', () => {
  let api: AgentGuardApi;
  before(async () => {
    api = await agentGuard();
  });

  it('registers every guarded tool with VS Code and every palette command', async () => {
    const names = vscode.lm.tools.map((t) => t.name);
    for (const n of TOOL_NAMES) assert.ok(names.includes(toolId(n)), `${toolId(n)} is not registered`);
    const tagged = vscode.lm.tools.filter((t) => t.tags.includes('agentguard')).length;
    assert.equal(tagged, TOOL_NAMES.length);
    const commands = await vscode.commands.getCommands(true);
    for (const c of Object.keys(COMMANDS)) assert.ok(commands.includes(commandId(c)), `${commandId(c)} is not registered`);
    assert.equal(api.policy()?.state, 'ok');
    assert.equal(api.health(), 'enforcing');
  });

  it('refuses an edit of a test file; the file is unchanged and the audit says so', async () => {
    const before = disk('tests/a.test.ts');
    const text = await invoke('editFile', { path: 'tests/a.test.ts', oldString: 'add(2, 3), 5', newString: 'add(2, 3), 6' });
    assert.match(text, /AgentGuard refused/);
    assert.match(text, /Rule: path:tests/);
    assert.match(text, /What to do instead:/);
    assert.equal(disk('tests/a.test.ts'), before);
    const rec = lastRecord(api, 'editFile', (a) => a.path === 'tests/a.test.ts');
    assert.ok(rec, 'no audit record for the edit');
    assert.deepEqual([rec.decision, rec.rule, rec.outcome, rec.channel], ['deny', 'path:tests', 'not-run', 'tool']);
  });

  it('reads a file with secrets as masked lines; the file on disk keeps them', async () => {
    const raw = disk('src/settings.ts');
    // (Only the secret key is asserted here; the fixture's AKIA… id is masked too.)
    const secret = /awsSecretAccessKey = "([^"]+)"/.exec(raw)?.[1];
    assert.ok(secret, 'the fixture lost its fake credential');
    const text = await invoke('readFile', { path: 'src/settings.ts' });
    assert.ok(!text.includes(secret), 'the secret key reached the model');
    assert.ok(!text.includes(secret.slice(0, 12)), 'part of the secret key reached the model');
    assert.match(text, /awsSecretAccessKey = "«secret:[a-z0-9-]+#\d+»"/);
    assert.match(text, /export const region = "eu-west-1";/);
    assert.match(text, new RegExp(`lines 1-\\d+ of ${raw.split('\n').length}`));
    assert.equal(disk('src/settings.ts'), raw);
  });

  it('an edit round trip through placeholders keeps the secret on disk', async () => {
    const raw = disk('src/settings.ts');
    const secret = /awsSecretAccessKey = "([^"]+)"/.exec(raw)![1];
    const read = await invoke('readFile', { path: 'src/settings.ts' });
    const line = read.split('\n').find((l) => l.includes('awsSecretAccessKey'))!;
    assert.match(line, /«secret:/);
    const text = await invoke('editFile', { path: 'src/settings.ts', oldString: line, newString: line.replace('awsSecretAccessKey', 'secretAccessKey') });
    assert.match(text, /^Edited src\/settings\.ts/, text);
    const after = disk('src/settings.ts');
    assert.ok(after.includes(`export const secretAccessKey = "${secret}";`), after);
    assert.ok(!after.includes('«secret:'), 'a placeholder reached the disk');
  });

  it('refuses to read .env and says to use variable names instead', async () => {
    const text = await invoke('readFile', { path: '.env' });
    assert.match(text, /Rule: path:secrets/);
    assert.ok(!/GITHUB_TOKEN=gh/.test(text));
  });

  it('runs a benign command and returns its exit code and output', async () => {
    const text = await invoke('runCommand', { command: 'ls src; exit 4' });
    assert.match(text, /exited with code 4/);
    assert.match(text, /app\.ts/);
  });

  it('validates input at run time and says which field is wrong', async () => {
    const text = await invoke('readFile', { path: 7 } as object);
    assert.match(text, /`path` must be a string/);
    assert.ok(fs.existsSync(ws('src/app.ts')));
  });
});
