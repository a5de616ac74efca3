// The hook bridge against the real extension: `agentguard hook` runs as the agent host runs it (a separate
// process fed a VS Code PreToolUse payload on stdin), finds the running extension's channel, and the
// extension decides — its dialog, its audit log. In test mode the modal is refused, so the dialog is
// substituted through the Test-mode API to stand in for the person.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AuditRecord } from '../../../src/core/audit';
import type { AgentGuardApi } from '../../../src/vscode/api';
import { EXTENSION_ID } from '../env';
import { agentGuard, auditRecords, waitFor, ws } from './helpers';

interface HookRun {
  code: number;
  stdout: string;
  stderr: string;
  json?: { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } };
}

function runHook(payload: unknown): Promise<HookRun> {
  const cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'hook', '--host', 'vscode'], { cwd: ws(), env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      let json;
      try {
        json = stdout.trim() ? JSON.parse(stdout) : undefined;
      } catch {
        json = undefined;
      }
      resolve({ code: code ?? -1, stdout, stderr, json });
    });
    child.stdin.end(JSON.stringify(payload));
  });
}

function pre(toolName: string, toolInput: unknown, n: number) {
  return {
    timestamp: new Date().toISOString(),
    hook_event_name: 'PreToolUse',
    session_id: 'integration-hooks',
    transcript_path: '',
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: `call_${n}__vscode-${n}`,
    cwd: ws(),
  };
}

function auditRecordsWithEvents(api: AgentGuardApi): AuditRecord[] {
  const file = api.auditPath();
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AuditRecord);
}

function hookRecords(api: AgentGuardApi, tool: string): AuditRecord[] {
  return auditRecords(api).filter((r) => r.channel === 'hook' && r.tool === tool);
}

describe('hook bridge with the extension up (real VS Code)', function () {
  this.timeout(90_000);
  let api: AgentGuardApi;
  before(async () => {
    api = await agentGuard();
  });
  afterEach(() => api.testing!.setConfirmDialog(undefined));

  it('rm -rf through run_in_terminal asks the extension: the dialog is shown, Deny is a deny, audited as the user', async () => {
    fs.mkdirSync(ws('scratch-hook'), { recursive: true });
    const asked: string[] = [];
    api.testing!.setConfirmDialog(async (_m, detail) => {
      asked.push(detail);
      return 'Deny';
    });
    const before = hookRecords(api, 'run_in_terminal').length;
    const r = await runHook(pre('run_in_terminal', { command: 'rm -rf scratch-hook', explanation: 'clean', goal: 'clean', isBackground: false }, 1));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json?.hookSpecificOutput?.permissionDecision, 'deny', r.stdout);
    assert.equal(asked.length, 1, 'the extension showed its dialog');
    assert.match(asked[0], /rm -rf scratch-hook/);
    assert.ok(fs.existsSync(ws('scratch-hook')));
    const rec = await waitFor('the audit record', () => hookRecords(api, 'run_in_terminal').slice(before).at(-1));
    assert.deepEqual([rec.decision, rec.decidedBy], ['deny', 'user']);
    assert.match(rec.reason, /denied by the user/);
  });

  it('Allow once at the dialog lets the host run the command', async () => {
    api.testing!.setConfirmDialog(async () => 'Allow once');
    const r = await runHook(pre('run_in_terminal', { command: 'rm -rf scratch-hook', explanation: 'clean', goal: 'clean', isBackground: false }, 2));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json?.hookSpecificOutput?.permissionDecision, 'allow', r.stdout);
    const rec = hookRecords(api, 'run_in_terminal').at(-1)!;
    assert.deepEqual([rec.decision, rec.decidedBy], ['allow', 'user']);
  });

  it('an edit of a test file through replace_string_in_file is refused without asking anyone', async () => {
    let asked = 0;
    api.testing!.setConfirmDialog(async () => {
      asked++;
      return 'Allow once';
    });
    const r = await runHook(pre('replace_string_in_file', { filePath: ws('tests/a.test.ts'), oldString: 'a', newString: 'b' }, 3));
    assert.equal(r.json?.hookSpecificOutput?.permissionDecision, 'deny', r.stdout);
    assert.match(r.json?.hookSpecificOutput?.permissionDecisionReason ?? '', /tests/);
    assert.equal(asked, 0);
    const rec = await waitFor('the audit record', () => hookRecords(api, 'replace_string_in_file').at(-1));
    assert.equal(rec.rule, 'path:tests');
  });

  it('a command the host ran is attributed to its call: PostToolUse tells the model what changed and the audit records it', async () => {
    const id = 77;
    const cmd = 'mkdir -p hook-out && printf x > hook-out/plot-from-hook.png';
    const preRun = await runHook(pre('run_in_terminal', { command: cmd, explanation: 'plot', goal: 'plot', isBackground: false }, id));
    assert.equal(preRun.code, 0, preRun.stderr);
    assert.equal(preRun.json?.hookSpecificOutput?.permissionDecision, undefined, 'an allow by rule leaves the host its own flow');
    // The host runs the tool between the two hooks.
    fs.mkdirSync(ws('hook-out'), { recursive: true });
    fs.writeFileSync(ws('hook-out/plot-from-hook.png'), 'x');
    const post = { ...pre('run_in_terminal', { command: cmd }, id), hook_event_name: 'PostToolUse', tool_response: '' };
    const r = await runHook(post);
    assert.equal(r.code, 0, r.stderr);
    const ctx = (r.json?.hookSpecificOutput as { additionalContext?: string } | undefined)?.additionalContext ?? '';
    assert.match(ctx, /hook-out\/plot-from-hook\.png/, r.stdout);
    const rec = await waitFor('the changes record', () =>
      auditRecordsWithEvents(api).find((x) => x.event === 'changes' && (x.changes ?? []).some((c) => c.path === 'hook-out/plot-from-hook.png')),
    );
    assert.equal(rec.tool, 'run_in_terminal');
    assert.equal(rec.channel, 'hook');
    // Leave the workspace as the later suites expect it (a file added and removed again is no change).
    fs.rmSync(ws('hook-out'), { recursive: true, force: true });
  });

  it('garbage on stdin is refused (exit 2)', async () => {
    const cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
    const r = await new Promise<{ code: number }>((resolve) => {
      const child = spawn(process.execPath, [cli, 'hook', '--host', 'vscode'], { cwd: ws(), env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
      child.on('close', (code) => resolve({ code: code ?? -1 }));
      child.stdin.end('{not json');
    });
    assert.equal(r.code, 2);
  });
});
