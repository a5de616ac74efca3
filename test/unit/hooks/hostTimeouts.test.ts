// rt21hooks jam-burst: without `--timeout` the bridge assumed 30 s for every host, so under load Claude Code calls
// (whose default hook timeout is 600 s) were refused "did not decide within the host's 30 s hook timeout". The
// bridge now gives up at each host's own default (VS Code 30 s, Claude Code 600 s, Cline 30 s, Gemini CLI 60 s,
// Codex 600 s), minus its margin, and still refuses before the host's real timeout would let the call through.
// In-process runHook with a stand-in for the deciding half; the deadline timer's delay is read, nothing is waited on.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { type Alone, DEFAULT_HOST_TIMEOUT_S, runHook } from '../../../src/cli/hook';
import { FIXTURES } from './helpers';

const FIXTURE: Record<string, string> = {
  claude: 'claude/PreToolUse-Bash.json',
  vscode: 'vscode/PreToolUse-run_in_terminal.json',
  cline: 'cline/PreToolUse-v4-run_commands_ok.json',
  gemini: 'gemini/BeforeTool-run_shell_command_ls.json',
  codex: 'codex/PreToolUse-Bash_ls.json',
};

describe('hook bridge: the deadline follows the host’s own default hook timeout (rt21 jam-burst)', () => {
  let root: string;
  let home: string | undefined;
  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-timeouts-')));
    home = process.env.AGENTGUARD_HOME;
    process.env.AGENTGUARD_HOME = path.join(root, 'home');
  });
  after(() => {
    if (home === undefined) delete process.env.AGENTGUARD_HOME;
    else process.env.AGENTGUARD_HOME = home;
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** The longest timer runHook sets (its deadline), for one payload of `host` and the given options. */
  async function deadlineMs(host: string, extra: string[]): Promise<{ ms: number; code: number; stdout: string }> {
    const payload = fs.readFileSync(path.join(FIXTURES, FIXTURE[host]), 'utf8').split('${WORKSPACE}').join(root);
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    const delays: number[] = [];
    const real = global.setTimeout;
    (global as { setTimeout: unknown }).setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
      delays.push(ms ?? 0);
      return real(fn, ms, ...rest);
    }) as unknown as typeof setTimeout;
    const alone: Alone = {
      decide: async () => ({ answer: {} }),
      recordMalformed: async () => {},
    };
    try {
      const p = runHook(['--host', host, '--workspace', root, ...extra], { stdin, stdout, stderr }, alone);
      stdin.end(payload);
      const code = await p;
      return { ms: Math.max(...delays), code, stdout: out };
    } finally {
      (global as { setTimeout: unknown }).setTimeout = real;
    }
  }

  const expected: Record<string, number> = { vscode: 30, claude: 600, cline: 30, gemini: 60, codex: 600 };
  for (const host of Object.keys(expected)) {
    it(`${host} without --timeout: the host's documented default (${expected[host]} s), answered before it`, async () => {
      assert.equal(DEFAULT_HOST_TIMEOUT_S[host as keyof typeof DEFAULT_HOST_TIMEOUT_S], expected[host]);
      const r = await deadlineMs(host, []);
      assert.equal(r.code, 0, r.stdout);
      // The deadline is the host's timeout minus the margin (and what little time has passed): never past it.
      assert.ok(r.ms <= expected[host] * 1000 - 3000, `${r.ms}`);
      assert.ok(r.ms > expected[host] * 1000 - 3000 - 20_000, `${host}: a ${r.ms} ms deadline refuses calls the host would still wait for`);
    });
  }

  it('--timeout given (as the installer writes it) wins over the default, both ways', async () => {
    const short = await deadlineMs('claude', ['--timeout', '20']);
    assert.ok(short.ms <= 17_000, `${short.ms}`);
    const long = await deadlineMs('vscode', ['--timeout', '120']);
    assert.ok(long.ms > 60_000 && long.ms <= 117_000, `${long.ms}`);
  });
});
