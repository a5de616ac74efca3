// `agentguard mcp` end to end: the built CLI as a child process, driven by the SDK's Client over stdio.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { runCli } from '../helpers/cli';
import { TOOL_NAMES, toolId } from '../../../src/node/tools/ids';
import { call, connect, fakeGithubToken, type McpSandbox, mcpSandbox } from './helpers';

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { languageModelTools: { name: string; inputSchema: unknown }[] };
};

describe('agentguard mcp (stdio, built CLI)', () => {
  let sb: McpSandbox;
  let client: Client | undefined;

  beforeEach(() => {
    sb = mcpSandbox();
    client = undefined;
  });
  afterEach(async () => {
    await client?.close();
    sb.cleanup();
  });

  it('lists every guarded tool by its base name with the input schema package.json declares', async () => {
    client = await connect(sb);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [...TOOL_NAMES],
    );
    for (const t of tools) {
      const declared = pkg.contributes.languageModelTools.find((d) => d.name === toolId(t.name as (typeof TOOL_NAMES)[number]));
      assert.ok(declared, t.name);
      assert.deepEqual(t.inputSchema, declared.inputSchema, `${t.name} schema`);
      assert.ok(t.description && t.description.length > 20, `${t.name} description`);
    }
    assert.equal(client.getServerVersion()?.name, 'agentguard');
  });

  it('returns a file with its secret line masked and the other lines byte-identical', async () => {
    const token = fakeGithubToken();
    const lines = ["export const region = 'eu-west-1';", `export const token = '${token}';`, 'export const retries = 3;'];
    sb.write('src/config.ts', lines.join('\n') + '\n');
    client = await connect(sb);
    const r = await call(client, 'readFile', { path: 'src/config.ts' });
    assert.equal(r.isError, false, r.text);
    assert.ok(!r.text.includes(token), 'the token reached the client');
    assert.ok(!r.text.includes(token.slice(4, 20)), 'part of the token reached the client');
    assert.match(r.text, /export const token = '«secret:[^»]+»';/);
    assert.ok(r.text.includes(lines[0]) && r.text.includes(lines[2]), r.text);
    assert.ok(sb.read('src/config.ts').includes(token), 'the file on disk is untouched');
  });

  it('runCommand: a command that transforms a file holding secrets is refused; a plain read of it runs, masked', async () => {
    const token = fakeGithubToken();
    sb.write('src/config.ts', `export const region = 'eu-west-1';\nexport const token = '${token}';\n`);
    client = await connect(sb);
    const rev = [...token].reverse().join('');
    const leaks = [token.slice(4, 30), rev.slice(4, 30), Buffer.from(token).toString('base64').slice(8, 30)];
    for (const command of ['rev src/config.ts', 'base64 src/config.ts', 'x=$(cat src/config.ts); echo ${x:61:32}', 'cat src/config.ts | rev']) {
      const r = await call(client, 'runCommand', { command });
      assert.equal(r.isError, true, `${command}: ${r.text}`);
      assert.match(r.text, /src\/config\.ts holds secret values/, command);
      for (const l of leaks) assert.ok(!r.text.includes(l), `${command} leaked: ${r.text}`);
    }
    const ok = await call(client, 'runCommand', { command: 'cat src/config.ts' });
    assert.equal(ok.isError, false, ok.text);
    assert.match(ok.text, /export const token = '«secret:[^»]+»';/);
    for (const l of leaks) assert.ok(!ok.text.includes(l), ok.text);
  });

  it('searchText: the reply for a regex that matches a refused file and one that does not is the same', async () => {
    const token = fakeGithubToken();
    sb.write('.env', `PORT=8080\nGITHUB_TOKEN=${token}\n`);
    sb.write('src/app.ts', 'export const port = 8080;\n');
    client = await connect(sb);
    const c = token[4];
    const ask = (ch: string) => call(client!, 'searchText', { query: `^GITHUB_TOKEN=gh.?_${ch}[A-Za-z0-9]{35}$`, isRegex: true, ignoreCase: false });
    const right = await ask(c);
    const wrong = await ask(c === 'A' ? 'B' : 'A');
    assert.equal(right.isError, false, right.text);
    assert.equal(right.text, wrong.text);
  });

  it('refuses to overwrite tests/a.test.ts, names the rule, and leaves the file unchanged', async () => {
    const original = "import { strict as assert } from 'node:assert';\nassert.equal(1 + 1, 2);\n";
    sb.write('tests/a.test.ts', original);
    client = await connect(sb);
    const r = await call(client, 'writeFile', { path: 'tests/a.test.ts', content: '// tests are gone\n', overwrite: true });
    assert.equal(r.isError, true);
    assert.match(r.text, /AgentGuard refused/);
    assert.match(r.text, /Rule: path:tests/);
    assert.match(r.text, /What to do instead:/);
    assert.equal(sb.read('tests/a.test.ts'), original);
    // The same through an edit.
    const e = await call(client, 'editFile', { path: 'tests/a.test.ts', oldString: '1 + 1, 2', newString: '1, 1' });
    assert.equal(e.isError, true);
    assert.equal(sb.read('tests/a.test.ts'), original);
  });

  it('refuses `rm -rf build` headless (no one to confirm) and deletes nothing', async () => {
    sb.write('build/out.js', 'console.log(1);\n');
    client = await connect(sb);
    const r = await call(client, 'runCommand', { command: 'rm -rf build' });
    assert.equal(r.isError, true);
    assert.match(r.text, /needs a person's confirmation/);
    assert.match(r.text, /Rule: cmd:/);
    assert.ok(fs.existsSync(path.join(sb.workspace, 'build', 'out.js')), 'build/ was deleted');
    // A benign command still runs: the refusal is about confirmation, not about commands in general.
    const ok = await call(client, 'runCommand', { command: 'ls build' });
    assert.equal(ok.isError, false, ok.text);
    assert.match(ok.text, /out\.js/);
  });

  it('refuses malformed arguments with a message that names the field', async () => {
    client = await connect(sb);
    const wrongType = await call(client, 'readFile', { path: 42 });
    assert.equal(wrongType.isError, true);
    assert.match(wrongType.text, /`path` must be a string/);
    const unknown = await call(client, 'readFile', { path: 'a.txt', approved: true });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /unknown input field\(s\) "approved"/);
    const missing = await call(client, 'writeFile', { path: 'new.txt' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /`content` is required/);
    assert.ok(!fs.existsSync(path.join(sb.workspace, 'new.txt')));
    const noTool = await call(client, 'agentguard_deleteEverything', {});
    assert.equal(noTool.isError, true);
    assert.match(noTool.text, /no tool named/);
  });

  it('records every call in a verifiable audit log outside the workspace, with channel mcp and the client as agent', async () => {
    sb.write('notes.txt', 'hello\n');
    sb.write('tests/b.test.ts', 'x\n');
    client = await connect(sb, 'audit-probe');
    const made = [
      await call(client, 'readFile', { path: 'notes.txt' }),
      await call(client, 'listDirectory', {}),
      await call(client, 'writeFile', { path: 'tests/b.test.ts', content: 'y\n', overwrite: true }),
      await call(client, 'runCommand', { command: 'rm -rf build' }),
      await call(client, 'readFile', { path: 7 }),
    ];
    assert.deepEqual(
      made.map((m) => m.isError),
      [false, false, true, true, true],
    );
    await client.close();
    client = undefined;
    const files = sb.auditFiles();
    assert.equal(files.length, 1, 'one audit log');
    assert.ok(!files[0].startsWith(sb.workspace), 'the audit log is outside the workspace');
    const recs = sb.audit();
    assert.equal(recs.length, made.length, JSON.stringify(recs.map((r) => [r.tool, r.decision])));
    for (const r of recs) {
      assert.equal(r.channel, 'mcp');
      assert.equal(r.agent, 'mcp:audit-probe');
    }
    assert.deepEqual(
      recs.map((r) => [r.tool, r.op, r.decision]),
      [
        ['agentguard_readFile', 'read', 'allow'],
        ['agentguard_listDirectory', 'list', 'allow'],
        ['agentguard_writeFile', 'write', 'deny'],
        ['agentguard_runCommand', 'exec', 'deny'],
        ['agentguard_readFile', 'read', 'deny'],
      ],
    );
    assert.equal(recs[3].decidedBy, 'headless');
    assert.equal(recs[4].rule, 'input:invalid');
    assert.equal(new Set(recs.map((r) => r.session)).size, 1, 'one session per server');
    const verify = runCli(['audit', 'verify', files[0]]);
    assert.equal(verify.code, 0, verify.stdout + verify.stderr);
  });

  it("masks a secret in a refused call's audit arguments", async () => {
    const token = fakeGithubToken();
    client = await connect(sb);
    const r = await call(client, 'writeFile', { path: 'tests/c.test.ts', content: `const t = '${token}';\n` });
    assert.equal(r.isError, true);
    const bad = await call(client, 'readFile', { path: token });
    assert.equal(bad.isError, true);
    assert.ok(!bad.text.includes(token), 'the refusal echoed the secret');
    await client.close();
    client = undefined;
    const log = sb
      .auditFiles()
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('');
    assert.ok(log.length > 0);
    assert.ok(!log.includes(token), 'the audit log holds the secret');
  });

  it('picks up a changed policy without a restart', async () => {
    sb.write('docs/guide.md', '# guide\n');
    client = await connect(sb);
    assert.equal((await call(client, 'readFile', { path: 'docs/guide.md' })).isError, false);
    sb.write('.agentguard.yaml', 'version: 1\npaths:\n  docs:\n    match: ["docs/**"]\n    all: deny\n    reason: Docs are off limits in this test.\n');
    const r = await call(client, 'readFile', { path: 'docs/guide.md' });
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, /Docs are off limits/);
  });
});
