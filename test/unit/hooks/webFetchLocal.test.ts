// A web-fetch tool (VS Code's fetch_webpage, Claude Code's WebFetch, Gemini CLI's and Cline's web_fetch) pointed at
// this machine or its private network: a request to a local service (a dev server's admin route, a database's HTTP
// port, the cloud metadata service) from inside the network — SSRF. Asked (refused where the host cannot ask),
// in every spelling a URL parser accepts; public URLs pass as before. Through the built CLI (extension down).
import { strict as assert } from 'node:assert';
import { localAddressIn } from '../../../src/core/net/metadata';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

const LOCAL = [
  'http://localhost:3000/admin',
  'http://localhost./',
  'http://LOCALHOST:8080/',
  'http://app.localhost/',
  'http://127.0.0.1:9200/_cat/indices',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://%31%32%37.0.0.1/',
  'http://0.0.0.0:8000/',
  'http://0/',
  'http://[::1]:8080/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:a9fe:a9fe]/',
  'http://[::127.0.0.1]/',
  'http://[64:ff9b::10.0.0.1]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.1.2.3/',
  'http://172.16.0.5/',
  'http://172.31.255.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://example.com@127.0.0.1/',
  'http://127.0.0.1.nip.io/',
  'http://10-0-0-1.sslip.io/',
  'http://7f000001.nip.io/',
  'http://lvh.me:3000/',
  'http://db.internal/',
  'http://printer.local/',
  'http://redis:6379/',
  'gopher://2130706433:6379/_INFO',
  'https://localhost/',
  'ws://127.0.0.1:9229/',
];
const PUBLIC = [
  'https://docs.example.com/api',
  'https://8.8.8.8/',
  'http://172.32.0.1/',
  'http://192.169.0.1/',
  'http://[2001:4860:4860::8888]/',
  'https://localhost.example.com/',
  'https://github.com/localhost/x',
  'https://example.com/?next=http%3A%2F%2F127.0.0.1',
];

describe('local addresses a web fetch may not reach unasked', () => {
  for (const u of LOCAL) it(`names ${u}`, () => assert.ok(localAddressIn(`fetch ${u} please`) ?? localAddressIn(u), u));
  for (const u of PUBLIC) it(`leaves ${u}`, () => assert.equal(localAddressIn(`see ${u}`), undefined));
  it('reads a one-word host without a scheme (a tool that adds one), and leaves ordinary words', () => {
    assert.ok(localAddressIn('localhost:3000/admin'));
    assert.ok(localAddressIn('127.0.0.1'));
    assert.ok(localAddressIn('[::1]:80'));
    for (const w of ['hello', 'README.md', 'summarise the page', 'example.com/x']) assert.equal(localAddressIn(w), undefined, w);
  });
});

describe('hook bridge: web-fetch tools to this machine or its private network (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const run = (host: string, event: string, tool_name: string, tool_input: unknown) =>
    runHook(
      ['--host', host, '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({
        session_id: 's4',
        transcript_path: '/tmp/t.jsonl',
        cwd: sb.workspace,
        hook_event_name: event,
        timestamp: '2026-12-03T03:00:00.000Z',
        tool_name,
        tool_input,
        tool_use_id: 'call_4',
      }),
      sb.env,
    );

  it('VS Code fetch_webpage, Claude WebFetch, Gemini web_fetch: local addresses asked (Gemini: refused), public ones pass', async () => {
    for (const u of ['http://2130706433/', 'http://[::ffff:127.0.0.1]:8080/', 'http://localhost./admin', 'http://0x7f.1/', 'http://192.168.0.10/']) {
      const vs = await run('vscode', 'PreToolUse', 'fetch_webpage', { urls: [u], query: 'x' });
      assert.equal(preDecision(vs), 'ask', `${u}: ${vs.stdout}`);
    }
    const bare = await run('vscode', 'PreToolUse', 'fetch_webpage', { urls: ['localhost:5432'], query: 'x' });
    assert.equal(preDecision(bare), 'ask', bare.stdout);
    const web = await run('claude', 'PreToolUse', 'WebFetch', { url: 'http://127.0.0.1:9200/_search', prompt: 'x' });
    assert.equal(preDecision(web), 'ask', web.stdout);
    const gemini = await run('gemini', 'BeforeTool', 'web_fetch', { prompt: 'summarise http://[::1]:8080/debug/vars' });
    assert.equal(answerOf(gemini).decision, 'deny', gemini.stdout);
    for (const [host, event, tool, input] of [
      ['vscode', 'PreToolUse', 'fetch_webpage', { urls: ['https://code.visualstudio.com/api'], query: 'x' }],
      ['claude', 'PreToolUse', 'WebFetch', { url: 'https://docs.example.com/api', prompt: 'x' }],
    ] as const) {
      const ok = await run(host, event, tool, input);
      assert.equal(preDecision(ok), undefined, ok.stdout);
    }
    // A todo list that mentions a dev server is no request.
    const todo = await run('vscode', 'PreToolUse', 'manage_todo_list', { todoList: [{ id: 1, title: 'check http://localhost:3000', status: 'not-started' }] });
    assert.equal(preDecision(todo), undefined, todo.stdout);
  });
});
