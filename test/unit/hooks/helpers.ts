// Shared set-up for the hook bridge tests: a temp workspace with tests, a file holding a fake credential
// (built at run time), an AGENTGUARD_HOME of its own, the recorded payloads, and an async CLI runner
// (the channel server lives in the test process, so the CLI must not block its event loop).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AuditRecord } from '../../../src/core/audit';
import { CLI, type CliResult } from '../helpers/cli';

export const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'hooks');

export interface Sandbox {
  root: string;
  workspace: string;
  home: string;
  settings: string;
  secret: string;
  env: NodeJS.ProcessEnv;
  payload(host: string, name: string): string;
  audit(): AuditRecord[];
  cleanup(): void;
}

function fakeGithubToken(): string {
  const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(36);
  return 'gh' + 'p_' + Array.from(bytes, (b) => alnum[b % alnum.length]).join('');
}

export function sandbox(): Sandbox {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-hooks-')));
  const workspace = path.join(root, 'ws');
  const home = path.join(root, 'aghome');
  fs.mkdirSync(path.join(workspace, 'tests'), { recursive: true });
  fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'tests', 'a.test.ts'), 'expect(a).toBe(1);\n');
  fs.writeFileSync(path.join(workspace, 'src', 'app.ts'), 'export const a = 1;\n');
  const secret = fakeGithubToken();
  const settings = `export const region = "eu-west-1";\nexport const token = "${secret}";\nexport const timeoutMs = 5000;\n`;
  fs.writeFileSync(path.join(workspace, 'src', 'settings.ts'), settings);
  fs.writeFileSync(path.join(workspace, '.env'), `GITHUB_TOKEN=${secret}\n`);
  const env = { AGENTGUARD_HOME: home, CLAUDE_PROJECT_DIR: '' };
  return {
    root,
    workspace,
    home,
    settings,
    secret,
    env,
    payload(host, name) {
      const raw = fs.readFileSync(path.join(FIXTURES, host, `${name}.json`), 'utf8');
      return raw.split('${WORKSPACE}').join(workspace).split('${SETTINGS}').join(JSON.stringify(settings).slice(1, -1));
    },
    audit() {
      const dir = path.join(home, 'audit');
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.jsonl'))
        .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').trim().split('\n').filter(Boolean))
        .map((l) => JSON.parse(l) as AuditRecord);
    },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/** A VS Code PreToolUse payload for one tool call, through the built CLI (a fresh tool_use_id each call). */
export function vscodePre(sb: Sandbox, tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}): Promise<CliResult> {
  return runHook(
    ['--host', 'vscode', '--event', 'pre', '--workspace', sb.workspace],
    JSON.stringify({
      timestamp: '2026-12-02T03:00:00.000Z',
      hook_event_name: 'PreToolUse',
      session_id: 's1',
      tool_name,
      tool_input,
      tool_use_id: `call_${Math.random().toString(36).slice(2)}__vscode-1`,
      cwd: sb.workspace,
      ...extra,
    }),
    sb.env,
  );
}

/** A Claude Code PreToolUse payload for the sandbox's workspace, through `agentguard hook --host claude`. */
export function claudePre(sb: Sandbox, tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}): Promise<CliResult> {
  return runHook(
    ['--host', 'claude', '--event', 'pre', '--workspace', sb.workspace],
    JSON.stringify({
      session_id: 's1',
      transcript_path: '/tmp/t.jsonl',
      cwd: sb.workspace,
      hook_event_name: 'PreToolUse',
      tool_name,
      tool_input,
      tool_use_id: `toolu_${Math.random().toString(36).slice(2)}`,
      ...extra,
    }),
    sb.env,
  );
}

/** `node <entry> hook …`; entry is dist/cli.js (the CLI) unless given (dist/hook.js, the installed lean entry). */
export function runHook(args: string[], input: string, env: NodeJS.ProcessEnv, entry = CLI): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, 'hook', ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The JSON the host reads (stdout must be exactly one JSON object, or empty). */
export function answerOf(r: CliResult): Record<string, any> {
  const t = r.stdout.trim();
  return t === '' ? {} : JSON.parse(t);
}

export function preDecision(r: CliResult): string | undefined {
  return answerOf(r).hookSpecificOutput?.permissionDecision;
}
