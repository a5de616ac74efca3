// Payloads an attacker writes against the bridge's reading of a call, each a class that got through once:
// home-relative paths judged as workspace files, a payload that repeats a key, a Cline payload whose two
// copies of the call disagree, a terminal id that is no execution's, a search reaching a protected folder
// through a link, an answer as long as the command it quotes; and the audit under concurrent hook processes.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type HookEnvelope, type HookPlan, type HostId, parseEnvelope, planHook, withPrefix } from '../../../src/core/hooks';
import { duplicateKey } from '../../../src/core/hooks/duplicateKeys';
import { succeeding, unsucceeding } from '../../../src/core/hooks/hosts/claude';
import { GUARDED_TOOLS } from '../../../src/core/hooks/toolInput';
import { TOOL_NAMES } from '../../../src/node/tools/ids';
import { runCli } from '../helpers/cli';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

const W = '/home/dev/project';

function plan(host: HostId, toolName: string, toolInput: Record<string, unknown>): HookPlan {
  const env: HookEnvelope = { host, phase: 'pre', eventName: 'PreToolUse', toolName, toolInput, cwd: W, workspaceRoots: host === 'cline' ? [W] : undefined };
  return planHook(env);
}

function paths(p: HookPlan): string[] {
  return p.kind === 'calls' ? p.calls.flatMap((c) => c.paths) : [];
}

describe('hook bridge against an attacker: how a call is read', () => {
  it('a home-relative path (`~/.bashrc`) stays home-relative in every host, never joined under the workspace', () => {
    const cases: [HostId, string, Record<string, unknown>][] = [
      ['claude', 'Edit', { file_path: '~/.bashrc', old_string: 'a', new_string: 'b' }],
      ['claude', 'Read', { file_path: '~/.ssh/id_ed25519' }],
      ['vscode', 'replace_string_in_file', { filePath: '~/.bashrc', oldString: 'a', newString: 'b' }],
      ['vscode', 'apply_patch', { input: '*** Begin Patch\n*** Update File: src/a.ts\n*** Move to: ~/.bashrc\n@@\n-a\n+b\n*** End Patch', explanation: 'x' }],
      ['cline', 'editor', { command: 'str_replace', path: '~/.bashrc', old_text: 'a', new_text: 'b' }],
      ['gemini', 'replace', { file_path: '~/.gemini/settings.json', old_string: 'a', new_string: 'b' }],
      ['codex', 'apply_patch', { command: '*** Begin Patch\n*** Delete File: ~/.profile\n*** End Patch' }],
    ];
    for (const [host, tool, input] of cases) {
      const ps = paths(plan(host, tool, input));
      assert.ok(
        ps.some((p) => p.startsWith('~/')),
        `${host} ${tool}: ${JSON.stringify(ps)}`,
      );
      assert.ok(!ps.some((p) => p.includes('/~/')), `${host} ${tool} joined ~ under a folder: ${JSON.stringify(ps)}`);
    }
    // A name that merely contains a tilde is an ordinary relative path.
    assert.deepEqual(paths(plan('claude', 'Read', { file_path: 'notes~/a.md' })), [`${W}/notes~/a.md`]);
  });

  it('a payload that repeats a key in one object is refused, whichever copy is the dangerous one', () => {
    const env = (input: string) =>
      `{"session_id":"s","cwd":"${W}","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":${input},"tool_use_id":"toolu_1"}`;
    for (const input of [
      '{"command":"rm -rf build","command":"ls"}',
      '{"command":"ls","command":"rm -rf build"}',
      '{"command":"ls","\\u0063ommand":"rm -rf build"}',
    ]) {
      const r = parseEnvelope(env(input), 'claude');
      assert.equal(r.ok, false, input);
      assert.match(!r.ok ? r.error : '', /repeats the key "command"/);
    }
    // The same key in different objects, and key-like text inside strings, are not repeats.
    assert.equal(parseEnvelope(env('{"command":"echo \\"command\\": x","edits":[{"a":1},{"a":2}],"n":{"command":1}}'), 'claude').ok, true);
    assert.equal(duplicateKey('{"a":{"b":1},"b":{"a":2},"c":"\\\\","d":"\\"a\\":"}'), undefined);
    assert.equal(duplicateKey('{"tool_name":"Read","x":[{"y":1}],"tool_name":"Bash"}'), 'tool_name');
    assert.equal(duplicateKey('{"a":"x\\\\","a":1}'), 'a');
  });

  it("Cline: a legacy copy that disagrees with the SDK's tool_call is judged too (the worst wins)", () => {
    const payload = (legacy: Record<string, unknown>, toolName = 'run_commands') =>
      JSON.stringify({
        clineVersion: '4.1.13',
        hookName: 'tool_call',
        taskId: 't1',
        workspaceRoots: [W],
        tool_call: { id: 'c1', name: 'run_commands', input: { commands: ['ls'] } },
        preToolUse: { toolName, parameters: legacy },
      });
    const commands = (text: string) => {
      const r = parseEnvelope(text, 'cline');
      assert.ok(r.ok);
      const p = planHook(r.env);
      return p.kind === 'calls' ? p.calls.map((c) => `${c.tool}:${c.command ?? c.paths.join(',')}`) : [];
    };
    assert.deepEqual(commands(payload({ commands: JSON.stringify(['rm -rf build']) })), ['run_commands:ls', 'run_commands:rm -rf build']);
    assert.deepEqual(commands(payload({ path: '.env' }, 'read_files')), ['run_commands:ls', `read_files:${W}/.env`]);
    // The copies agree (the legacy block JSON-encodes what is not a string): judged once.
    assert.deepEqual(commands(payload({ commands: JSON.stringify(['ls']) })), ['run_commands:ls']);
  });

  it('VS Code get_terminal_output: an id that is not the UUID run_in_terminal returns is refused; a UUID passes (VS Code looks it up)', () => {
    for (const id of ['not-a-uuid', '1', '../x', '', 7]) {
      const p = plan('vscode', 'get_terminal_output', { id });
      assert.ok(p.kind === 'calls' && p.calls[0].preset?.kind === 'refuse' && p.calls[0].preset.rule === 'hook:terminal-id', JSON.stringify(id));
    }
    assert.equal(plan('vscode', 'get_terminal_output', { id: '5D0F0E8A-3C1B-4F6A-9E2D-7B8C9A0D1E2F' }).kind, 'pass');
  });

  it("only AgentGuard's own tool names pass as guarded: another tool of a server named `agentguard` is judged as unknown", () => {
    assert.deepEqual([...GUARDED_TOOLS].sort(), [...TOOL_NAMES].sort());
    const shape = (p: HookPlan) => (p.kind === 'pass' ? p.rule : p.calls.map((c) => c.preset?.rule ?? 'judged').join(','));
    const cases: [HostId, string, string, Record<string, unknown>][] = [
      ['claude', 'mcp__agentguard__runCommand', 'mcp__agentguard__run_command', { command: 'rm -rf build' }],
      ['codex', 'mcp__agentguard__readFile', 'mcp__agentguard__read_file', { path: '.env' }],
      ['gemini', 'mcp_agentguard_runCommand', 'mcp_agentguard_exec', { command: 'rm -rf build' }],
      ['vscode', 'agentguard_runCommand', 'agentguard_run', { command: 'rm -rf build' }],
      ['vscode', 'mcp_agentguard_editFile', 'mcp_agentguard_write', { path: '.env', content: 'x' }],
    ];
    for (const [host, ours, fake, input] of cases) {
      assert.equal(shape(plan(host, ours, input)), 'hook:guarded-tool', `${host} ${ours}`);
      assert.match(shape(plan(host, fake, input)), /^hook:(mcp|unknown)-tool$/, `${host} ${fake}`);
    }
    const cline = (tool_name: string) => shape(plan('cline', 'use_mcp_tool', { server_name: 'agentguard', tool_name, arguments: '{}' }));
    assert.equal(cline('readFile'), 'hook:guarded-tool');
    assert.equal(cline('shell'), 'hook:mcp-tool');
  });

  it('Gemini search and listing tools: every folder key is judged (`path`, `directory` as well as `dir_path`), and narrowing rewrites each', () => {
    const p = plan('gemini', 'search_file_content', { pattern: 'SLACK', path: 'docs/sec' });
    assert.deepEqual(paths(p), [`${W}/docs/sec`]);
    assert.ok(p.kind === 'calls' && p.effects?.search);
    const n = p.effects.search.narrow?.(['src/**', 'README.md']);
    assert.deepEqual(n, { pattern: 'SLACK', path: W, dir_path: W, include_pattern: '{src/**,README.md}' });
    assert.deepEqual(paths(plan('gemini', 'list_directory', { directory: 'secrets' })), [`${W}/secrets`]);
    assert.deepEqual(paths(plan('gemini', 'grep_search', { pattern: 'x', dir_path: 'src', path: 'src/' })), [`${W}/src`]);
    for (const input of [
      { pattern: 'x', dir_path: 'src', path: 'secrets' },
      { pattern: 'x', include_pattern: '*.ts', include: '.env' },
      { pattern: 'x', path: ['secrets'] },
    ]) {
      const q = plan('gemini', 'grep_search', input);
      assert.ok(q.kind === 'calls' && q.calls[0].preset?.kind === 'opaque', JSON.stringify(input));
    }
  });

  it('Gemini read_file: the older `absolute_path` is read as the path, and with `file_path` both are judged', () => {
    assert.deepEqual(paths(plan('gemini', 'read_file', { absolute_path: `${W}/README.md` })), [`${W}/README.md`]);
    assert.deepEqual(paths(plan('gemini', 'read_file', { file_path: `${W}/README.md`, absolute_path: `${W}/.env` })), [`${W}/README.md`, `${W}/.env`]);
    const none = plan('gemini', 'read_file', { path: `${W}/README.md` });
    assert.ok(none.kind === 'calls' && none.calls[0].preset?.rule === 'hook:no-path');
  });

  it('Claude Code: a command wrapped to succeed runs the same command in real bash, succeeds whatever it does, and says its status', () => {
    // AgentGuard's after-hook reads the agent's command back out of the wrapper, and only out of that wrapper.
    assert.equal(unsucceeding(succeeding('cat a; echo b')), 'cat a; echo b');
    assert.equal(unsucceeding('(\ncat a\n)'), undefined);
    assert.equal(unsucceeding(`${succeeding('x')}; rm -rf build`), undefined);
    const run = (cmd: string) => spawnSync('bash', ['-c', succeeding(cmd)], { encoding: 'utf8' });
    const failed = run('echo out; exit 3');
    assert.equal(failed.status, 0);
    assert.equal(failed.stdout, 'out\n\n[exit status 3; AgentGuard reported success so that the output could be masked]\n');
    assert.equal(run('set -e; false; echo never').status, 0);
    assert.equal(run('echo ok # a trailing comment').stdout, 'ok\n');
    assert.equal(run("cat <<'EOF'\nheredoc\nEOF").stdout, 'heredoc\n');
  });

  it("a refusal's reason is capped: a 5 MiB command is not echoed back whole", () => {
    const r = withPrefix(`${'a'.repeat(5 * 1024 * 1024)}: command line larger than the guard parses`);
    assert.ok(r.length < 5000, String(r.length));
    assert.match(r, /^AgentGuard: a+ … \[\d+ characters left out\] … a+: command line larger than the guard parses$/);
    assert.equal(withPrefix('short'), 'AgentGuard: short');
  });
});

describe('hook bridge against an attacker: through the CLI (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const claudeEnvelope = (tool_name: string, tool_input: unknown, id = 'toolu_1') =>
    JSON.stringify({
      session_id: 's1',
      transcript_path: '/tmp/t.jsonl',
      cwd: sb.workspace,
      hook_event_name: 'PreToolUse',
      tool_name,
      tool_input,
      tool_use_id: id,
    });

  it('Claude Code Bash reading a file that holds secrets runs so that it succeeds (a failed command skips the after-hook that masks)', async () => {
    const pre = (command: string) => runHook(['--host', 'claude', '--event', 'pre', '--workspace', sb.workspace], claudeEnvelope('Bash', { command }), sb.env);
    const r = await pre('cat src/settings.ts missing.txt');
    assert.equal(r.code, 0, r.stderr);
    const cmd = answerOf(r).hookSpecificOutput?.updatedInput?.command as string;
    // No decision: Claude Code applies the rewrite and still asks its own question about it (an `allow`
    // would run a command the person never allowed, only because AgentGuard rewrote it).
    assert.equal(preDecision(r), undefined, r.stdout);
    assert.ok(cmd, r.stdout);
    const ran = spawnSync('bash', ['-c', cmd], { cwd: sb.workspace, encoding: 'utf8' });
    assert.equal(ran.status, 0, ran.stderr);
    assert.ok(ran.stdout.includes(sb.secret) && /\[exit status 1;/.test(ran.stdout), ran.stdout);
    // What it printed goes through the after-hook, which masks it.
    const post = await runHook(
      ['--host', 'claude', '--event', 'post', '--workspace', sb.workspace],
      JSON.stringify({
        ...JSON.parse(claudeEnvelope('Bash', { command: cmd })),
        hook_event_name: 'PostToolUse',
        tool_response: { stdout: ran.stdout, stderr: ran.stderr, interrupted: false },
      }),
      sb.env,
    );
    assert.ok(!post.stdout.includes(sb.secret) && post.stdout.includes('updatedToolOutput'), post.stdout);
    // Masked, not withheld: judged as the agent wrote it (not as AgentGuard's wrapper), and in Bash's own
    // shape — Claude Code ignores a bare string in place of a Bash result and shows the output unmasked.
    const out = answerOf(post).hookSpecificOutput?.updatedToolOutput as { stdout?: unknown; interrupted?: unknown } | undefined;
    assert.ok(out && typeof out === 'object' && typeof out.stdout === 'string', post.stdout);
    assert.ok(out.stdout.includes('«secret:') && out.stdout.includes('[exit status 1;'), String(out.stdout));
    assert.equal(out.interrupted, false);
    // An output the after-hook withholds (an encoding of a file holding secrets) keeps Bash's shape too.
    const enc = succeeding('base64 src/settings.ts');
    const withheld = await runHook(
      ['--host', 'claude', '--event', 'post', '--workspace', sb.workspace],
      JSON.stringify({
        ...JSON.parse(claudeEnvelope('Bash', { command: enc })),
        hook_event_name: 'PostToolUse',
        tool_response: { stdout: Buffer.from(sb.secret).toString('base64'), stderr: '', interrupted: false },
      }),
      sb.env,
    );
    const w = answerOf(withheld).hookSpecificOutput?.updatedToolOutput as { stdout?: unknown; interrupted?: unknown } | undefined;
    assert.ok(w && typeof w === 'object' && typeof w.stdout === 'string' && /withheld/.test(w.stdout), withheld.stdout);
    assert.equal(w.interrupted, false);
    // A command that reads no file holding secrets is left as it is.
    const ls = await pre('ls src');
    assert.equal(answerOf(ls).hookSpecificOutput?.updatedInput, undefined, ls.stdout);
  });

  it('a repeated key is refused and recorded, not read the way JSON.parse happens to read it', async () => {
    const text = claudeEnvelope('Bash', { command: 'ls' }).replace('"command":"ls"', '"command":"rm -rf src","command":"ls"');
    const r = await runHook(['--host', 'claude', '--event', 'pre', '--workspace', sb.workspace], text, sb.env);
    assert.equal(r.code, 2, r.stdout);
    assert.equal(preDecision(r), 'deny', r.stdout);
    assert.ok(sb.audit().some((a) => a.rule === 'input:invalid' && a.decision === 'deny'));
  });

  it('a VS Code search whose include pattern reaches through a link to a protected folder is refused', async () => {
    fs.mkdirSync(path.join(sb.workspace, 'secrets'));
    fs.writeFileSync(path.join(sb.workspace, 'secrets', 'prod.env'), 'X=1\n');
    fs.mkdirSync(path.join(sb.workspace, 'docs'));
    fs.writeFileSync(path.join(sb.workspace, 'docs', 'guide.md'), 'setup\n');
    fs.symlinkSync('../secrets', path.join(sb.workspace, 'docs', 'sec'));
    fs.symlinkSync('..', path.join(sb.workspace, 'docs', 'root'));
    const search = (includePattern: string) =>
      runHook(
        ['--host', 'vscode', '--event', 'pre', '--workspace', sb.workspace],
        JSON.stringify({
          timestamp: '2026-12-02T00:00:00.000Z',
          session_id: 's1',
          cwd: sb.workspace,
          hook_event_name: 'PreToolUse',
          tool_name: 'grep_search',
          tool_input: { query: 'X', isRegexp: false, includePattern },
          tool_use_id: 'call_1__vscode-1',
        }),
        sb.env,
      );
    for (const inc of ['docs/sec/**', 'docs/sec/*.env', 'docs/root/.env']) {
      const r = await search(inc);
      assert.equal(r.code, 0, r.stderr);
      const a = answerOf(r).hookSpecificOutput ?? {};
      const narrowed = typeof a.updatedInput?.includePattern === 'string' ? (a.updatedInput.includePattern as string) : undefined;
      assert.ok(
        a.permissionDecision === 'deny' || (narrowed !== undefined && !/sec|root|\.env/.test(narrowed.slice(sb.workspace.length))),
        `${inc}: ${r.stdout}`,
      );
    }
    // What lies behind a link counts against the search but is never named in a narrowed one: not git's
    // own folder (docs/gitdir → ../.git), not the files of a linked folder one by one.
    fs.mkdirSync(path.join(sb.workspace, '.git', 'hooks'), { recursive: true });
    fs.writeFileSync(path.join(sb.workspace, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    fs.symlinkSync('../.git', path.join(sb.workspace, 'docs', 'gitdir'));
    const wide = await search('docs/**');
    const wideOut = answerOf(wide).hookSpecificOutput ?? {};
    assert.ok(wideOut.permissionDecision === 'deny' || !/gitdir|sec\b|root/.test(String(wideOut.updatedInput?.includePattern ?? '')), wide.stdout);
    // A link to an ordinary folder stays searchable.
    fs.mkdirSync(path.join(sb.workspace, 'guides'));
    fs.writeFileSync(path.join(sb.workspace, 'guides', 'a.md'), 'X\n');
    fs.symlinkSync('../guides', path.join(sb.workspace, 'docs', 'g'));
    const ok = await search('docs/g/**');
    assert.equal(preDecision(ok), undefined, ok.stdout);
  });

  it('hook processes deciding at the same time keep one audit chain that verifies (a 1 MiB command among them)', async function () {
    this.timeout(240_000);
    const cmds = ['ls', 'rm -rf src', 'cat .env', `echo ${'b'.repeat(1024 * 1024)}`, 'git status', 'rm -rf build'];
    const runs = await Promise.all(
      Array.from({ length: 12 }, (_, k) =>
        runHook(
          ['--host', 'claude', '--event', 'pre', '--workspace', sb.workspace],
          claudeEnvelope('Bash', { command: cmds[k % cmds.length] }, `toolu_${k}`),
          sb.env,
        ),
      ),
    );
    for (const r of runs) assert.ok(!/failed closed/.test(r.stdout + r.stderr), r.stdout.slice(0, 300) + r.stderr.slice(0, 300));
    assert.equal(runs.filter((r, k) => cmds[k % cmds.length].startsWith('rm') && preDecision(r) === 'ask').length, 4);
    const dir = path.join(sb.home, 'audit');
    const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    assert.equal(sb.audit().length, 12);
    const v = runCli(['audit', 'verify', path.join(dir, file)], { env: { ...process.env, ...sb.env } });
    assert.equal(v.code, 0, v.stdout + v.stderr);
    assert.match(v.stdout, /12 records, chain intact/);
  });
});
