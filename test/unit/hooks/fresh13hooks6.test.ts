// The hooks6 round (fresh12/fresh13): the output of a command whose purpose is to print a credential is a bare
// value with no key beside it (`printenv DB_PASSWORD`, `gh auth token`, `vault read -field=x`); the command names
// or fetches the secret, so every host whose after-hook replaces output masks its value lines, whatever shape the
// output has (a string, stdout/stderr, Gemini's llmContent, MCP content arrays), and so does the MCP server's
// runCommand. In-process (answerHook with the extension unreachable), on a real temp workspace.
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseEnvelope } from '../../../src/core/hooks';
import { GuardService } from '../../../src/node/guardService';
import { answerHook, unreachable } from '../../../src/node/hookBridge/answer';
import { credentialCommand, maskCredentialOutput } from '../../../src/node/hookBridge/credentialOutput';
import { valueLooksSecret } from '../../../src/core/secrets/entropy';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';
import { invokeTool, TOOLS, toolEnvOf } from '../../../src/node/tools';

const looksSecret = (v: string): boolean => valueLooksSecret(v, 'strong', true);

/** A password-shaped value, fresh each run (never a literal in the repository). */
function pw(): string {
  const a = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const b = randomBytes(14);
  return 'Q' + Array.from(b, (x) => a[x % a.length]).join('') + '!7';
}

/** The credential-printing commands of issue #16 (and the fresh12 kit), each with a realistic output of its value. */
const COMMANDS: readonly [string, (v: string) => string][] = [
  ['printenv DB_PASSWORD', (v) => `${v}\n`],
  ['echo $API_TOKEN', (v) => `${v}\n`],
  ["kubectl get secret x -o jsonpath='{.data.password}' | base64 -d", (v) => v],
  ['terraform output -raw db_password', (v) => v],
  ['npm config get //registry.acme.io/:_authToken', (v) => `${v}\n`],
  ['heroku auth:token', (v) => `${v}\n`],
  ['gh auth token', (v) => `${v}\n`],
  ['aws ecr get-login-password --region eu-west-1', (v) => `${v}\n`],
  ['gcloud auth print-access-token', (v) => `${v}\n`],
  ['az account get-access-token --query accessToken -o tsv', (v) => `${v}\n`],
  ['vault read -field=x secret/shop', (v) => `${v}\n`],
  ['op read op://prod/db/x', (v) => `${v}\n`],
  ['security find-generic-password -w -s shop', (v) => `${v}\n`],
  ['doppler secrets get DB_X --plain', (v) => `${v}\n`],
  ['git credential fill <<< "host=github.com"', (v) => `protocol=https\nhost=github.com\nusername=x\npassword=${v}\n`],
  ['redis-cli config get requirepass', (v) => `1) "requirepass"\n2) "${v}"\n`],
  ['aws secretsmanager get-secret-value --secret-id shop --query SecretString --output text', (v) => `${v}\n`],
  ['cat ~/.docker/config.json | jq -r .auths[].auth | base64 -d | cut -d: -f2', (v) => `${v}\n`],
];

/** Everyday commands whose output must come back byte-identical. */
const BENIGN: readonly [string, string][] = [
  ['git rev-parse HEAD', `${randomBytes(20).toString('hex')}\n`],
  ['uuidgen', '3f0c1a52-7b1e-4f5e-9a7c-0d2e9b1c4a77\n'],
  ['grep -rl password src/', 'src/auth/login.ts\nsrc/auth/reset.py\n'],
  ['ls', 'src\ntests\npackage.json\n'],
  ['grep -rn token src/', "src/auth.py:3:token = request.headers['x-token']\n"],
  ['npm test -- --grep token', 'Tests: 3 passed\nok\n'],
];

describe('hook bridge: hooks6 (fresh13) — output of commands that print a credential', () => {
  let root: string;
  let ws: string;
  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-hooks6-')));
    ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'src', 'app.ts'), 'export const a = 1;\n');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  function service(host: 'claude' | 'gemini' | 'codex'): GuardService {
    return new GuardService({ workspace: ws, home: path.join(root, 'home'), auditPath: path.join(root, 'audit.jsonl'), confirmer: unreachable(host, 'test') });
  }

  /** The after-hook payload of `host` for a shell command and its output, in the host's own shape. */
  function payload(host: 'claude' | 'gemini' | 'codex' | 'claude-stderr' | 'claude-mcp', command: string, out: string): Record<string, unknown> {
    const id = `toolu_${randomBytes(6).toString('hex')}`;
    if (host === 'gemini')
      return {
        session_id: 'g',
        cwd: ws,
        hook_event_name: 'AfterTool',
        timestamp: '2026-12-03T07:00:00Z',
        tool_name: 'run_shell_command',
        tool_input: { command },
        tool_response: { llmContent: `Command: ${command}\nDirectory: (root)\nOutput: ${out}\nError: (none)\nExit Code: 0`, returnDisplay: out },
      };
    if (host === 'codex')
      return {
        session_id: 'c',
        turn_id: 't',
        cwd: ws,
        hook_event_name: 'PostToolUse',
        model: 'gpt-5',
        tool_name: 'Bash',
        tool_input: { command },
        tool_use_id: id,
        tool_response: out,
      };
    const base = { session_id: 's', cwd: ws, permission_mode: 'default', hook_event_name: 'PostToolUse', tool_use_id: id };
    if (host === 'claude-mcp')
      return { ...base, tool_name: 'mcp__agentguard__runCommand', tool_input: { command }, tool_response: [{ type: 'text', text: out }] };
    const response = host === 'claude-stderr' ? { stdout: '', stderr: out, interrupted: false } : { stdout: out, stderr: '', interrupted: false };
    return { ...base, tool_name: 'Bash', tool_input: { command, description: 'x' }, tool_response: response };
  }

  async function post(host: Parameters<typeof payload>[0], command: string, out: string): Promise<string> {
    const parsed = parseEnvelope(JSON.stringify(payload(host, command, out)), host.startsWith('claude') ? 'claude' : (host as 'gemini' | 'codex'));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const r = await answerHook(service(parsed.env.host as 'claude'), parsed.env);
    return JSON.stringify(r.answer.updatedToolOutput ?? null);
  }

  for (const host of ['claude', 'claude-stderr', 'gemini', 'codex'] as const) {
    describe(host, () => {
      for (const [command, out] of COMMANDS) {
        it(`masks the value printed by \`${command}\``, async () => {
          const v = pw();
          const got = await post(host, command, out(v));
          assert.ok(!got.includes(v), `${command}: ${got}`);
          assert.match(got, /«secret:/);
        });
      }
      for (const [command, out] of BENIGN) {
        it(`keeps the output of \`${command}\``, async () => {
          assert.equal(await post(host, command, out), 'null', command);
        });
      }
    });
  }

  it('the command side is a class: words and programs, not a list of commands', () => {
    for (const c of [
      'printenv STRIPE_SECRET_KEY',
      'cat /run/secrets/db',
      'kubectl get secret -o yaml',
      'pass show shop/db',
      'sops -d x.enc.yaml',
      'x=$(vault kv get -field=v a/b)',
    ])
      assert.ok(credentialCommand(c), c);
    for (const c of ['ls -la', 'npm test', 'git status', 'docker run -v $(pwd):/app node', 'git log --oneline -3', 'passenger start'])
      assert.equal(credentialCommand(c), undefined, c);
  });

  it('a value line in an MCP content array, a base64 line, and a quoted line are masked; the command echoed back is kept', () => {
    const v = pw();
    const b64 = Buffer.from(v).toString('base64');
    const out = maskCredentialOutput(
      [
        { type: 'text', text: `${b64}\n` },
        { type: 'text', text: `"${v}"` },
        { type: 'text', text: 'gh auth token' },
      ],
      ['gh auth token'],
      { command: 'gh auth token' },
      looksSecret,
    );
    const s = JSON.stringify(out);
    assert.ok(!s.includes(v) && !s.includes(b64), s);
    assert.ok(s.includes('"gh auth token"'), s);
  });

  it('a line over the size limit in such an output is withheld, never passed', () => {
    const v = pw();
    const out = maskCredentialOutput(`${'x'.repeat(9000)} ${v}\n`, ['printenv DB_PASSWORD'], undefined, looksSecret);
    assert.ok(!out.includes(v));
  });
});

describe('hook bridge: hooks6 — a post payload too large to read is withheld in its shape, never shown', () => {
  let sb: Sandbox;
  before(() => (sb = sandbox()));
  after(() => sb.cleanup());

  for (const [tool, shape] of [
    ['Bash', (o: any) => typeof o.stdout === 'string'],
    ['mcp__fs__read_file', (o: any) => Array.isArray(o) && o[0].type === 'text'],
  ] as const) {
    it(`claude ${tool}: an output over 32 MiB with a token at the end comes back withheld (exit 0, the output replaced)`, async function () {
      this.timeout(600_000);
      const big = 'lorem ipsum dolor sit amet\n'.repeat(Math.ceil((33 * 1024 * 1024) / 27)) + `GITHUB_TOKEN=${sb.secret}\n`;
      const response = tool === 'Bash' ? { stdout: big, stderr: '', interrupted: false } : [{ type: 'text', text: big }];
      const p = {
        session_id: 's',
        cwd: sb.workspace,
        permission_mode: 'default',
        hook_event_name: 'PostToolUse',
        tool_name: tool,
        tool_input: { command: 'cat big.log' },
        tool_use_id: 'toolu_big',
        tool_response: response,
      };
      const r = await runHook(['--host', 'claude', '--event', 'post', '--workspace', sb.workspace], JSON.stringify(p), sb.env);
      assert.equal(r.code, 0, r.stderr);
      const out = answerOf(r).hookSpecificOutput?.updatedToolOutput;
      assert.ok(out !== undefined && shape(out), r.stdout.slice(0, 300));
      assert.match(JSON.stringify(out), /withheld/);
      assert.ok(!r.stdout.includes(sb.secret));
    });
  }
});

describe('hook bridge: hooks6 — the MCP server’s runCommand, approved by a person, masks a credential it prints', () => {
  it('printenv of a secret-named variable: asked, and once approved its bare value comes back masked', async function () {
    this.timeout(120_000);
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-hooks6-mcp-')));
    try {
      const ws = path.join(root, 'ws');
      fs.mkdirSync(ws);
      const asked: string[] = [];
      const person = {
        confirm: async (req: { call: { command?: string } }): Promise<'once'> => {
          asked.push(req.call.command ?? '');
          return 'once';
        },
      };
      const service = new GuardService({ workspace: ws, home: root, confirmer: person, auditPath: path.join(root, 'audit.jsonl') });
      const v = pw();
      process.env.HOOKS6_DB_PASSWORD = v;
      try {
        const r = await invokeTool(service, toolEnvOf(service), TOOLS.runCommand, { command: 'printenv HOOKS6_DB_PASSWORD' }, { agent: 'mcp', channel: 'mcp' });
        const text = JSON.stringify(r);
        assert.deepEqual(asked, ['printenv HOOKS6_DB_PASSWORD'], 'the command guard asks first');
        assert.ok(!text.includes(v), text);
        assert.match(text, /«secret:command-output#1»/);
      } finally {
        delete process.env.HOOKS6_DB_PASSWORD;
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
