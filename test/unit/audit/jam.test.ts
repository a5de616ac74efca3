// The audit log never jams and never lies. An agent controls what it sends: one 5 MiB command must not turn
// into a line that stops every later append (and so every later hook call). Fields are capped with their
// length and SHA-256 kept; a line longer than any record (left by an older writer) is hashed as it streams,
// reported by `audit verify`, and appended after; the chain verifies across it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  type AuditRecord,
  auditRecord,
  capString,
  chainLines,
  ChainVerifier,
  GENESIS,
  MAX_FIELD_CHARS,
  MAX_LINE_BYTES,
  sha256Hex,
  verifyChain,
} from '../../../src/core/audit';
import { AuditWriter } from '../../../src/node/auditWriter';
import { runCli } from '../helpers/cli';
import { answerOf, runHook, type Sandbox, sandbox } from '../hooks/helpers';

const FIVE_MIB = 5 * 1024 * 1024;

function vscodePre(workspace: string, command: string, n: number): string {
  return JSON.stringify({
    timestamp: new Date().toISOString(),
    hook_event_name: 'PreToolUse',
    session_id: 'jam',
    transcript_path: '',
    tool_name: 'run_in_terminal',
    tool_input: { command, explanation: 'x', goal: 'x', mode: 'sync' },
    tool_use_id: `call_${n}__vscode-${n}`,
    cwd: workspace,
  });
}

describe('audit: the log never jams', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  const auditFile = () => {
    const dir = path.join(sb.home, 'audit');
    const [f] = fs.readdirSync(dir).filter((x) => x.endsWith('.jsonl'));
    return path.join(dir, f);
  };

  it('a hook call after a 5 MiB command is decided normally, and `audit verify` passes on that log', async () => {
    const big = 'echo ' + 'a'.repeat(FIVE_MIB);
    const first = await runHook(['--workspace', sb.workspace], vscodePre(sb.workspace, big, 1), sb.env);
    assert.equal(first.code, 0, first.stderr);
    const ls = await runHook(['--workspace', sb.workspace], vscodePre(sb.workspace, 'ls', 2), sb.env);
    assert.equal(ls.code, 0, ls.stderr);
    assert.deepEqual(answerOf(ls), {}, 'ls is allowed by rule: no opinion, the host runs it');
    const recs = sb.audit();
    assert.equal(recs.length, 2);
    assert.equal(recs[1].decision, 'allow');
    assert.deepEqual(recs[1].args, { command: 'ls', explanation: 'x', goal: 'x', mode: 'sync' });
    // The big command is kept as its head, its length and its hash, not as 5 MiB on one line.
    const stored = (recs[0].args as { command: string }).command;
    assert.ok(stored.length <= MAX_FIELD_CHARS, `stored ${stored.length} characters`);
    assert.match(stored, new RegExp(`cut: ${big.length} characters in all, sha256 ${sha256Hex(big)}`));
    const lines = fs.readFileSync(auditFile(), 'utf8').split('\n');
    assert.ok(lines.every((l) => Buffer.byteLength(l) < 64 * 1024));
    const v = runCli(['audit', 'verify', auditFile()]);
    assert.equal(v.code, 0, v.stdout + v.stderr);
    assert.match(v.stdout, /ok, 2 records, chain intact/);
  });

  it('a 5 MiB line left by an older writer: the next hook call is decided, appended after it, and the chain verifies', async () => {
    // The line an older AgentGuard wrote for a 5 MiB command, chained properly.
    const old: AuditRecord = {
      v: 1,
      time: new Date().toISOString(),
      session: 's',
      callId: 'old',
      agent: 'vscode-agent',
      channel: 'hook',
      tool: 'run_in_terminal',
      op: 'exec',
      args: { command: 'echo ' + 'b'.repeat(FIVE_MIB) },
      decision: 'ask',
      rule: 'cmd:parse.too-large',
      reason: 'too large',
      decidedBy: 'fail-closed',
      policy: 'p',
      durationMs: 1,
    };
    // The path the CLI uses: one small call first to learn it.
    await runHook(['--workspace', sb.workspace], vscodePre(sb.workspace, 'pwd', 0), sb.env);
    const file = auditFile();
    // The log as the older writer left it: the oversized line is the last one.
    fs.writeFileSync(file, chainLines([old], GENESIS).text);

    const ls = await runHook(['--workspace', sb.workspace], vscodePre(sb.workspace, 'ls', 1), sb.env);
    assert.equal(ls.code, 0, ls.stderr);
    assert.deepEqual(answerOf(ls), {});
    const v = runCli(['audit', 'verify', file]);
    assert.equal(v.code, 0, v.stdout + v.stderr);
    assert.match(v.stdout, /:1: oversized-line: line 1 is \d+ bytes/);
    assert.match(v.stdout, /ok, 2 records, chain intact/);
  });
});

describe('audit: records are capped, the chain is read in pieces', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'ag-audit-cap-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const input = (over: Partial<Parameters<typeof auditRecord>[0]> = {}) =>
    auditRecord({
      session: 's',
      call: { id: 'c', agent: 'a', channel: 'tool', tool: 't', op: 'exec', args: { command: 'ls' } },
      verdict: { decision: 'allow', rule: 'cmd:benign', reason: 'ok', decidedBy: 'rule' },
      policy: 'p',
      started: 0,
      durationMs: 1,
      mask: (v) => v,
      ...over,
    });

  it('caps every string field: the head, the length and the SHA-256 of the whole', () => {
    const long = 'x'.repeat(100_000);
    assert.equal(capString('short'), 'short');
    const c = capString(long);
    assert.equal(c.length, MAX_FIELD_CHARS);
    assert.ok(c.startsWith('xxxx'));
    assert.ok(c.endsWith(`[cut: 100000 characters in all, sha256 ${sha256Hex(long)}]`));
    const r = input({
      call: { id: long, agent: long, channel: 'hook', tool: long, op: 'exec', args: { command: long, nested: [{ deep: long }] } },
      verdict: { decision: 'deny', rule: long, reason: long, decidedBy: 'rule' },
      error: long,
    });
    const line = JSON.stringify(r);
    assert.ok(line.length < 30_000, `record of ${line.length} characters`);
    assert.ok(r.tool.length <= 256 && r.agent.length <= 256 && r.rule.length <= 256 && r.callId.length <= 256);
    assert.ok((r.args as { nested: { deep: string }[] }).nested[0].deep.endsWith(`sha256 ${sha256Hex(long)}]`));
  });

  it('arguments too large in all keep a summary; masking runs before the cut', () => {
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'v'.repeat(100)]));
    const r = input({ call: { id: 'c', agent: 'a', channel: 'tool', tool: 't', op: 'write', args: many } });
    assert.match((r.args as { cut: string }).cut, /^arguments of \d+ characters in all, sha256 [0-9a-f]{64}$/);
    const masked = input({ mask: (v) => JSON.parse(JSON.stringify(v).replace(/ls/g, 'MASKED')) });
    assert.deepEqual(masked.args, { command: 'MASKED' });
    const failing = input({
      mask: () => {
        throw new Error('boom');
      },
    });
    assert.equal(failing.args, '[arguments withheld: masking failed]');
    assert.equal(failing.reason, '[withheld: masking failed]');
  });

  it('the verifier fed byte by byte says what verifyChain says of the whole text', async () => {
    const w = new AuditWriter(path.join(dir, 'a.jsonl'));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.append(input({ call: { id: `c${i}`, agent: 'é✓', channel: 'tool', tool: 't', op: 'read', args: { path: `ü${i}` } } })),
      ),
    );
    const bytes = fs.readFileSync(path.join(dir, 'a.jsonl'));
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    const tampered = Buffer.from([...lines.slice(0, 5), 'garbage', ...lines.slice(5, 9), ...lines.slice(10), lines[9].slice(0, 20)].join('\n'));
    for (const text of [bytes, tampered]) {
      const whole = verifyChain(text);
      for (const step of [1, 7, 4096]) {
        // One buffer reused for every chunk, as a file reader does: what the verifier holds must be its own copy.
        const v = new ChainVerifier();
        const reused = Buffer.alloc(step);
        for (let at = 0; at < text.length; at += step) {
          const n = text.copy(reused, 0, at, at + step);
          v.feed(reused.subarray(0, n));
        }
        assert.deepEqual(v.end(), whole, `chunks of ${step}`);
      }
    }
    assert.equal(verifyChain(bytes).ok, true);
    assert.deepEqual(
      verifyChain(tampered).problems.map((p) => p.kind),
      ['not-json', 'bad-link', 'torn-last-line'],
    );
  });

  it('an oversized line is hashed as it streams (not held), and a chain across it verifies', () => {
    const big: AuditRecord = { ...input(), args: { command: 'y'.repeat(MAX_LINE_BYTES * 3) } };
    const { text: t1, last } = chainLines([big], GENESIS);
    const { text: t2 } = chainLines([input()], last);
    const bytes = Buffer.from(t1 + t2);
    const v = new ChainVerifier();
    const reused = Buffer.alloc(65536);
    for (let at = 0; at < bytes.length; at += 65536) v.feed(reused.subarray(0, bytes.copy(reused, 0, at, at + 65536)));
    const r = v.end();
    assert.equal(r.ok, true, JSON.stringify(r.problems));
    assert.equal(r.records, 2);
    assert.deepEqual(
      r.problems.map((p) => p.kind),
      ['oversized-line'],
    );
    // The same line edited: the next one no longer links.
    const edited = Buffer.from(t1.replace('yyyy', 'yyyz') + t2);
    assert.deepEqual(
      verifyChain(edited).problems.map((p) => p.kind),
      ['oversized-line', 'bad-link'],
    );
  });
});
