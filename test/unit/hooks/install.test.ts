// Installing and removing AgentGuard's hook entries never disturbs the user's own hooks or settings.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  HOOK_FILES,
  INSTALL_HOSTS,
  hookCommandLine,
  hookEntryPath,
  hooksStatus,
  installHooks,
  isOurCommand,
  planInstall,
  removeHooks,
} from '../../../src/node/hookBridge/install';

const ALL = (v: boolean) => Object.fromEntries(INSTALL_HOSTS.map((h) => [h, v]));

describe('agent hooks install / remove', () => {
  it('covers every host the bridge speaks to', () => {
    assert.deepEqual([...INSTALL_HOSTS].sort(), ['claude', 'cline', 'codex', 'gemini', 'vscode']);
    assert.equal(HOOK_FILES.gemini, '.gemini/settings.json');
    assert.equal(HOOK_FILES.codex, '.codex/hooks.json');
  });

  let ws: string;
  const opts = () => ({ workspace: ws, node: '/opt/node 20/bin/node', cli: '/ext/agentguard/dist/cli.js', platform: 'linux' as const });
  const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(ws, rel), 'utf8'));
  const userVscode = {
    hooks: { PreToolUse: [{ type: 'command', command: './scripts/lint-hook.sh', timeout: 5 }], Stop: [{ type: 'command', command: 'echo done' }] },
  };
  const userClaude = {
    permissions: { allow: ['Bash(npm test)'] },
    hooks: { PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'npx prettier --write' }] }] },
  };

  beforeEach(() => {
    ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-install-')));
  });
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }));

  it('the command line is absolute, quoted, and names the host, event and workspace', () => {
    const c = hookCommandLine(opts(), 'vscode', 'pre');
    assert.ok(c.includes(`then '/opt/node 20/bin/node' /ext/agentguard/dist/cli.js hook --host`), c);
    assert.match(c, /hook --host vscode --event pre --workspace /);
    assert.ok(isOurCommand(c));
    assert.ok(!isOurCommand('./scripts/lint-hook.sh'));
  });

  it('fresh install writes both files; status says installed', () => {
    installHooks(opts());
    const v = read('.github/hooks/agentguard.json');
    assert.ok(isOurCommand(v.hooks.PreToolUse[0].command));
    assert.ok(isOurCommand(v.hooks.PostToolUse[0].command));
    const c = read('.claude/settings.local.json');
    assert.equal(c.hooks.PreToolUse[0].matcher, '*');
    assert.match(c.hooks.PreToolUse[0].hooks[0].command, /--host claude --event pre/);
    assert.deepEqual(hooksStatus(ws), ALL(true));
  });

  it('every host whose config takes a timeout gets an explicit one of at least 120 s, and the bridge is told the same', () => {
    // Measured 3–10 s per call under load and up to 20 s for multi-MB payloads; VS Code's default is 30 s and a host
    // that times a hook out runs the tool anyway, so the default is never left to apply.
    installHooks(opts());
    const entries: [string, { command: string; timeout: number }, number][] = [
      ['vscode', read('.github/hooks/agentguard.json').hooks.PreToolUse[0], 1],
      ['claude', read('.claude/settings.local.json').hooks.PreToolUse[0].hooks[0], 1],
      ['codex', read('.codex/hooks.json').hooks.PreToolUse[0].hooks[0], 1],
      ['gemini', read('.gemini/settings.json').hooks.BeforeTool[0].hooks[0], 1000],
    ];
    for (const [host, e, unit] of entries) {
      assert.ok(e.timeout / unit >= 120, `${host}: ${e.timeout}`);
      assert.match(e.command, new RegExp(`--timeout ${e.timeout / unit}(?:\\D|$)`), host);
    }
  });

  it('Gemini CLI: BeforeTool/AfterTool groups with a ".*" matcher and a timeout in milliseconds', () => {
    installHooks(opts());
    const g = read('.gemini/settings.json');
    assert.deepEqual(Object.keys(g.hooks).sort(), ['AfterTool', 'BeforeTool']);
    assert.equal(g.hooks.BeforeTool[0].matcher, '.*');
    assert.match(g.hooks.BeforeTool[0].hooks[0].command, /--host gemini --event pre/);
    assert.match(g.hooks.AfterTool[0].hooks[0].command, /--host gemini --event post/);
    assert.equal(g.hooks.BeforeTool[0].hooks[0].timeout, 300_000);
  });

  it("Codex: .codex/hooks.json PreToolUse/PostToolUse groups; the user's other settings are kept, and removal restores them", () => {
    fs.mkdirSync(path.join(ws, '.codex'), { recursive: true });
    const user = { hooks: { Stop: [{ matcher: '*', hooks: [{ type: 'command', command: 'echo bye', timeout: 5 }] }] } };
    fs.writeFileSync(path.join(ws, '.codex/hooks.json'), JSON.stringify(user));
    installHooks({ ...opts(), hosts: ['codex'] });
    const c = read('.codex/hooks.json');
    assert.equal(c.hooks.PreToolUse[0].matcher, '*');
    assert.match(c.hooks.PreToolUse[0].hooks[0].command, /--host codex --event pre/);
    assert.equal(c.hooks.PreToolUse[0].hooks[0].timeout, 300);
    assert.deepEqual(c.hooks.Stop, user.hooks.Stop);
    assert.equal(hooksStatus(ws).codex, true);
    removeHooks(ws);
    assert.deepEqual(read('.codex/hooks.json'), user);
  });

  it('Cline: executable PreToolUse/PostToolUse scripts that run our command; removal deletes only ours', () => {
    installHooks({ ...opts(), hosts: ['cline'] });
    for (const [ev, phase] of [
      ['PreToolUse', 'pre'],
      ['PostToolUse', 'post'],
    ]) {
      const file = path.join(ws, '.clinerules/hooks', ev);
      assert.ok((fs.statSync(file).mode & 0o111) !== 0, `${ev} is executable`);
      assert.match(fs.readFileSync(file, 'utf8'), new RegExp(`^#!/bin/sh\n[^\n]*\nif .*--host cline --event ${phase} `));
    }
    assert.equal(hooksStatus(ws).cline, true);
    // The script really runs the command it names: here a node that prints its arguments.
    const fakeNode = path.join(ws, 'fake-node.sh');
    fs.writeFileSync(fakeNode, '#!/bin/sh\necho "$@"\n', { mode: 0o755 });
    const entry = path.join(ws, 'dist/cli.js'); // the wrapper runs only an entry that is there
    fs.mkdirSync(path.dirname(entry));
    fs.writeFileSync(entry, '');
    installHooks({ ...opts(), node: fakeNode, cli: entry, hosts: ['cline'] });
    const run = spawnSync(path.join(ws, '.clinerules/hooks/PreToolUse'), [], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /dist\/cli\.js hook --host cline --event pre --workspace /);
    removeHooks(ws);
    assert.ok(!fs.existsSync(path.join(ws, '.clinerules/hooks/PreToolUse')));
    assert.equal(hooksStatus(ws).cline, false);
  });

  it('Cline: a hook file a person wrote is never overwritten nor removed', () => {
    fs.mkdirSync(path.join(ws, '.clinerules/hooks'), { recursive: true });
    const mine = '#!/bin/sh\necho \'{"cancel":false}\'\n';
    fs.writeFileSync(path.join(ws, '.clinerules/hooks/PreToolUse'), mine);
    assert.throws(() => installHooks({ ...opts(), hosts: ['cline'] }), /not AgentGuard's hook/);
    removeHooks(ws);
    assert.equal(fs.readFileSync(path.join(ws, '.clinerules/hooks/PreToolUse'), 'utf8'), mine);
  });

  it("merges into existing files, keeps the user's hooks and settings, and is idempotent", () => {
    fs.mkdirSync(path.join(ws, '.github/hooks'), { recursive: true });
    fs.mkdirSync(path.join(ws, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(ws, '.github/hooks/agentguard.json'), JSON.stringify(userVscode));
    fs.writeFileSync(path.join(ws, '.claude/settings.local.json'), JSON.stringify(userClaude));
    installHooks(opts());
    const once = [read('.github/hooks/agentguard.json'), read('.claude/settings.local.json')];
    installHooks(opts());
    assert.deepEqual([read('.github/hooks/agentguard.json'), read('.claude/settings.local.json')], once, 'a second install changes nothing');
    const [v, c] = once;
    assert.deepEqual(v.hooks.PreToolUse[0], userVscode.hooks.PreToolUse[0]);
    assert.equal(v.hooks.PreToolUse.length, 2);
    assert.deepEqual(v.hooks.Stop, userVscode.hooks.Stop);
    assert.deepEqual(c.permissions, userClaude.permissions);
    assert.deepEqual(c.hooks.PostToolUse[0], userClaude.hooks.PostToolUse[0]);
    assert.equal(c.hooks.PostToolUse.length, 2);
  });

  it("remove takes out exactly our entries and leaves the user's files as they were", () => {
    fs.mkdirSync(path.join(ws, '.github/hooks'), { recursive: true });
    fs.mkdirSync(path.join(ws, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(ws, '.github/hooks/agentguard.json'), JSON.stringify(userVscode));
    fs.writeFileSync(path.join(ws, '.claude/settings.local.json'), JSON.stringify(userClaude));
    installHooks(opts());
    removeHooks(ws);
    assert.deepEqual(read('.github/hooks/agentguard.json'), userVscode);
    assert.deepEqual(read('.claude/settings.local.json'), userClaude);
    assert.deepEqual(hooksStatus(ws), ALL(false));
  });

  it('remove deletes the VS Code file when it only held our entries; Claude settings keep their other keys', () => {
    installHooks(opts());
    removeHooks(ws);
    assert.ok(!fs.existsSync(path.join(ws, '.github/hooks/agentguard.json')));
    assert.deepEqual(read('.claude/settings.local.json'), {});
  });

  it('an upgrade (new install path) replaces the old entry instead of adding a second one', () => {
    installHooks(opts());
    installHooks({ ...opts(), cli: '/ext/agentguard-0.2.0/dist/cli.js' });
    const v = read('.github/hooks/agentguard.json');
    assert.equal(v.hooks.PreToolUse.length, 1);
    assert.match(v.hooks.PreToolUse[0].command, /0\.2\.0/);
  });

  it('installs the lean entry dist/hook.js; it replaces an entry installed with dist/cli.js', () => {
    installHooks(opts());
    const hookJs = hookEntryPath('/ext/agentguard-0.3.0');
    assert.equal(hookJs, '/ext/agentguard-0.3.0/dist/hook.js');
    installHooks({ ...opts(), cli: hookJs });
    for (const rel of ['.github/hooks/agentguard.json', '.claude/settings.local.json', '.gemini/settings.json', '.codex/hooks.json']) {
      const hooks = read(rel).hooks;
      const pre = hooks.PreToolUse ?? hooks.BeforeTool;
      assert.equal(pre.length, 1, rel);
      const cmd: string = pre[0].command ?? pre[0].hooks[0].command;
      assert.match(cmd, /then '\/opt\/node 20\/bin\/node' \/ext\/agentguard-0\.3\.0\/dist\/hook\.js hook --host /);
      assert.ok(isOurCommand(cmd));
    }
    assert.deepEqual(hooksStatus(ws), ALL(true));
  });

  describe('the installed command fails closed when the bridge cannot answer', () => {
    // Each host's own refusal, as the host reads it (exit 2 and a JSON answer where the host reads one).
    const refused: Record<string, (out: Record<string, unknown> | undefined) => boolean> = {
      vscode: (o) => (o?.hookSpecificOutput as Record<string, unknown>)?.permissionDecision === 'deny',
      claude: (o) => (o?.hookSpecificOutput as Record<string, unknown>)?.permissionDecision === 'deny',
      codex: (o) => (o?.hookSpecificOutput as Record<string, unknown>)?.permissionDecision === 'deny',
      gemini: (o) => o?.decision === 'deny',
      cline: (o) => o?.cancel === true,
    };
    const payload = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });

    /** Runs the installed pre-hook of `host` as the host does (sh -c, or Cline's executable file). */
    function runInstalled(host: (typeof INSTALL_HOSTS)[number]) {
      if (host === 'cline') return spawnSync(path.join(ws, '.clinerules/hooks/PreToolUse'), [], { input: payload, encoding: 'utf8' });
      const hooks = read(HOOK_FILES[host]).hooks;
      const pre = hooks.PreToolUse ?? hooks.BeforeTool;
      const cmd: string = pre[0].command ?? pre[0].hooks[0].command;
      return spawnSync('/bin/sh', ['-c', cmd], { input: payload, encoding: 'utf8' });
    }

    function assertRefused(host: (typeof INSTALL_HOSTS)[number], r: ReturnType<typeof runInstalled>, why: string) {
      assert.equal(r.status, 2, `${host} (${why}): exit ${r.status}, stderr ${r.stderr}`);
      assert.match(r.stderr, /AgentGuard: the hook bridge failed closed: no answer from /, `${host} (${why})`);
      assert.ok(refused[host](r.stdout.trim() ? JSON.parse(r.stdout) : undefined), `${host} (${why}): not this host's refusal: ${r.stdout}`);
    }

    it('a hook entry that is missing: every host gets its own refusal, exit 2', () => {
      const entry = path.join(ws, 'gone', 'dist', 'hook.js');
      installHooks({ ...opts(), node: process.execPath, cli: entry });
      for (const host of INSTALL_HOSTS) assertRefused(host, runInstalled(host), 'missing entry');
    });

    it('a node that is missing: refused too', () => {
      const entry = path.join(ws, 'hook.js');
      fs.writeFileSync(entry, 'process.exit(0);\n');
      installHooks({ ...opts(), node: path.join(ws, 'no-node'), cli: entry });
      for (const host of INSTALL_HOSTS) assertRefused(host, runInstalled(host), 'missing node');
    });

    it('an entry that crashes while loading (node exits 1): refused', () => {
      const entry = path.join(ws, 'hook.js');
      fs.writeFileSync(entry, 'throw new Error("half-written bundle");\n');
      installHooks({ ...opts(), node: process.execPath, cli: entry });
      for (const host of INSTALL_HOSTS) assertRefused(host, runInstalled(host), 'crash');
    });

    it("the bridge's own answers pass through unchanged: exit 0 with its output, exit 2 with its refusal", () => {
      const entry = path.join(ws, 'hook.js');
      fs.writeFileSync(
        entry,
        'process.stdout.write(JSON.stringify({ argv: process.argv.slice(2) }) + "\\n"); process.exit(Number(process.env.AG_TEST_EXIT));\n',
      );
      installHooks({ ...opts(), node: process.execPath, cli: entry });
      for (const host of INSTALL_HOSTS) {
        for (const code of [0, 2]) {
          process.env.AG_TEST_EXIT = String(code);
          try {
            const r = runInstalled(host);
            assert.equal(r.status, code, `${host}: ${r.stderr}`);
            assert.equal(r.stderr, '');
            assert.deepEqual(JSON.parse(r.stdout).argv.slice(0, 5), ['hook', '--host', host, '--event', 'pre']);
          } finally {
            delete process.env.AG_TEST_EXIT;
          }
        }
      }
    });

    it('a Cline hook file from an earlier install (exec node …) is still ours: replaced and removed', () => {
      const dir = path.join(ws, '.clinerules/hooks');
      fs.mkdirSync(dir, { recursive: true });
      const mark = '# AgentGuard agent hook: written by "AgentGuard: Install Agent Hooks", removed by "Remove Agent Hooks".';
      fs.writeFileSync(
        path.join(dir, 'PreToolUse'),
        `#!/bin/sh\n${mark}\nexec /usr/bin/node /old/dist/hook.js hook --host cline --event pre --workspace ${ws}\n`,
      );
      installHooks({ ...opts(), hosts: ['cline'] });
      assert.match(fs.readFileSync(path.join(dir, 'PreToolUse'), 'utf8'), /^if \[ -f /m);
      removeHooks(ws);
      assert.ok(!fs.existsSync(path.join(dir, 'PreToolUse')));
    });
  });

  it('a file that does not parse is never overwritten', () => {
    fs.mkdirSync(path.join(ws, '.claude'), { recursive: true });
    const bad = '{ "hooks": { // a comment\n } }';
    fs.writeFileSync(path.join(ws, '.claude/settings.local.json'), bad);
    assert.throws(() => planInstall(opts()), /not valid JSON/);
    assert.throws(() => installHooks(opts()), /not valid JSON/);
    assert.equal(fs.readFileSync(path.join(ws, '.claude/settings.local.json'), 'utf8'), bad);
  });
});
