// The hook bridge masks command output as it masks files: a `.env` dumped in hex (`xxd -p .env`,
// `od -An -tx1 .env`, a hex string printed whole) holds the token one decoding away, and reaches the model
// masked (mask18). A hex dump of a file without a secret passes unchanged.
import { strict as assert } from 'node:assert';
import { preDecision, runHook, type Sandbox, sandbox } from './helpers';

const hexOf = (s: string) => Buffer.from(s, 'utf8').toString('hex');
const xxd = (s: string) =>
  hexOf(s)
    .match(/.{1,60}/g)!
    .join('\n') + '\n';
const od = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((x) => ' ' + x.toString(16).padStart(2, '0'))
    .join('')
    .match(/.{1,48}/g)!
    .join('\n') + '\n';

describe('hook bridge: secrets in hex-dumped command output', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const post = (command: string, stdout: string) =>
    runHook(
      ['--host', 'claude', '--event', 'post', '--workspace', sb.workspace],
      JSON.stringify({
        session_id: 's18',
        transcript_path: '/tmp/t.jsonl',
        cwd: sb.workspace,
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_input: { command },
        tool_use_id: 'toolu_18',
        tool_response: { stdout, stderr: '', interrupted: false, isImage: false },
      }),
      sb.env,
    );

  for (const [command, dump] of [
    ['xxd -p .env', xxd],
    ['od -An -tx1 .env', od],
    ['python3 -c "print(open(\'.env\').read().encode().hex())"', (s: string) => hexOf(s) + '\n'],
  ] as const) {
    it(`masks the token in the output of ${command}`, async () => {
      const stdout = dump(`GITHUB_TOKEN=${sb.secret}\n`);
      const r = await post(command, stdout);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(preDecision(r), undefined, r.stdout);
      // No 8 bytes of the token in a row, as contiguous hex or as od's ` hh` groups.
      const bytes = [...Buffer.from(sb.secret, 'utf8')];
      for (let i = 0; i + 8 <= bytes.length; i++) {
        const w = bytes.slice(i, i + 8);
        assert.ok(!r.stdout.includes(Buffer.from(w).toString('hex')), r.stdout);
        assert.ok(!r.stdout.includes(w.map((x) => ' ' + x.toString(16).padStart(2, '0')).join('')), r.stdout);
      }
      assert.ok(r.stdout.includes('updatedToolOutput') && r.stdout.includes('«secret:'), r.stdout);
    });
  }

  it('passes a hex dump of a file without a secret unchanged', async () => {
    const r = await post('xxd -p README.md', xxd('# Demo\nThis project prints a greeting and exits.\n'));
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stdout.includes('updatedToolOutput'), r.stdout);
  });
});
