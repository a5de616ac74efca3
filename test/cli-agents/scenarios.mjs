// The scenarios every agent CLI runs, written once against each host's own tools (hosts.mjs): the fake
// model's script, and what must then hold on disk, in the audit log and in what the model was sent.
//
// `pending` names, per agent, why current main cannot pass a scenario yet. Those runs are skipped by
// default (and never counted as passed); AGENTGUARD_CLI_AGENTS_PENDING=1 runs them too. The reasons say
// which piece of work makes them pass; each was seen failing for that reason (see the README's table).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../scripts/cli-agents/agents.mjs';
import { toolResultOf } from './fakeModel.mjs';
import { CONFIG_PLACEHOLDER, readRel } from './workspace.mjs';

/**
 * Pending while the hook bridge has no mapper for the host (src/core/hooks/hosts/<id>.ts): `--host <id>` is
 * then a usage error, so every tool call is refused and nothing is audited. Once the mapper exists the
 * scenario runs by default — and fails if the host does not do what it promises.
 */
function hostPending(id, name) {
  if (existsSync(join(REPO_ROOT, 'src', 'core', 'hooks', 'hosts', `${id}.ts`))) return undefined;
  return `bridge: no ${name} host yet (no src/core/hooks/hosts/${id}.ts; \`--host ${id}\` is refused as a usage error, so every tool call is refused)`;
}
const GEMINI_HOST = hostPending('gemini', 'Gemini CLI');
const CODEX_HOST = hostPending('codex', 'Codex');
const CLAUDE_EDIT_PREVALIDATED =
  'host: Claude Code matches Edit’s old_string against the file before its PreToolUse hook (checked live: “String to replace not found”, no hook call), so no hook can restore a placeholder in an Edit; the model has to use Write or AgentGuard’s edit tool';

/** Labels a step so checks can find its index in the script (the fake model ignores the label). */
const label = (name, steps) => steps.map((s, i) => (i === steps.length - 1 ? { ...s, label: name } : s));

const after = (t) => label('after', t.shell('echo step-after > after.txt'));

/** The index of the step labelled `name`. */
export function stepIndex(script, name) {
  const i = script.findIndex((s) => s.label === name);
  assert.ok(i >= 0, `no step labelled ${name}`);
  return i;
}

/** What the model was told about the labelled step's tool call (asserting the run got past it). */
export function resultOf(ev, name) {
  const i = stepIndex(ev.script, name);
  const text = toolResultOf(protocolOf(ev), ev.requests, i);
  assert.ok(text !== undefined, `the run never got past step ${i} (${name}): the fake model received no request for step ${i + 1}`);
  return text;
}

function protocolOf(ev) {
  return { claude: 'anthropic', gemini: 'gemini', cline: 'chat', codex: 'responses' }[ev.agent];
}

/** Audit records of calls (not lifecycle events), optionally those whose args mention `needle`. */
export function callRecords(ev, needle) {
  return ev.audit.records.filter((r) => !r.event && r.callId && (needle === undefined || JSON.stringify(r.args ?? {}).includes(needle)));
}

function assertRefusedToModel(ev, name) {
  const text = resultOf(ev, name);
  assert.match(text, /AgentGuard/, `the model was not told AgentGuard refused step "${name}": ${text.slice(0, 400)}`);
}

function assertRanOn(ev) {
  assert.ok(existsSync(join(ev.ws, 'after.txt')), 'the run did not go on to its next step (after.txt was never written)');
}

/** Records of the calls whose args mention `needle` and that are not reads (or only reads, with op 'read'). */
function assertDenied(ev, needle, rule, op) {
  const recs = callRecords(ev, needle).filter((r) => (op ? r.op === op : true));
  assert.ok(recs.length > 0, `no audit record of the call on ${needle}; records: ${summary(ev)}`);
  for (const r of recs) {
    assert.ok(r.decision === 'deny' || r.decision === 'ask', `the call on ${needle} was recorded as ${r.decision} (${r.rule}), not refused`);
    if (rule) assert.match(r.rule, rule, `the call on ${needle} was refused by ${r.rule}`);
  }
}

/**
 * The bridge failed closed at the `rm` step: the model was told so, naming what was broken (`named`) — or,
 * for Cline, whose refusal (`cancel: true`) ends the task at that tool call and whose JSON output does not
 * carry the message, the task aborted right after the tool_call hook, with no tool result.
 */
function assertFailedClosed(ev, named) {
  if (ev.agent !== 'cline') {
    const text = resultOf(ev, 'rm');
    assert.match(text, /failed closed/, `the model was not told the bridge failed closed: ${text.slice(0, 300)}`);
    assert.match(text, named, `the refusal does not name what is broken: ${text.slice(0, 300)}`);
    return;
  }
  const events = ev.run.stdout.split('\n').filter(Boolean);
  const hook = events.findIndex((l) => l.includes('"hookEventName":"tool_call"'));
  assert.ok(hook >= 0, 'Cline never ran its tool_call hook');
  assert.ok(
    events.slice(hook).some((l) => l.includes('"finishReason":"aborted"')),
    'the Cline task was not aborted at the hook',
  );
  assert.equal(ev.requests.filter((r) => r.main).length, 1, 'the model heard back from a tool call that should not have run');
}

/** The shell command the labelled step ran (whatever the host calls its argument). */
function commandOf(ev, name) {
  const step = ev.script[stepIndex(ev.script, name)];
  const i = step.input;
  return i.command ?? i.cmd ?? i.commands?.[0];
}

export function summary(ev) {
  return JSON.stringify(ev.audit.records.map((r) => `${r.event ?? r.tool}:${r.decision ?? ''}:${r.rule ?? ''}`));
}

export const SCENARIOS = [
  {
    id: 'test-edit',
    title: 'an edit of a test file is refused, and the run goes on',
    steps: ({ t, ws }) => [
      ...label('edit', t.edit(ws, 'tests/cart.test.ts', 'if (total([1, 2]) !== 3)', 'if (total([1, 2]) !== 4)')),
      ...after(t),
      { text: 'Done.' },
    ],
    check(ev) {
      assert.equal(readRel(ev.ws, 'tests/cart.test.ts'), ev.secrets.files['tests/cart.test.ts'], 'the test file changed on disk');
      assertDenied(ev, 'cart.test.ts', /^path:tests$/, 'write');
      assertRefusedToModel(ev, 'edit');
      assertRanOn(ev);
    },
    pending: { gemini: GEMINI_HOST, codex: CODEX_HOST },
  },
  {
    id: 'secret-files',
    title: '.env and secrets/ are refused, through the read tool and the shell, and the run goes on',
    steps: ({ t, ws }) => [
      ...label('env', t.read(ws, '.env')),
      ...label('secrets', t.read(ws, 'secrets/deploy.json')),
      ...label('cat', t.shell('cat secrets/deploy.json')),
      ...after(t),
      { text: 'Done.' },
    ],
    check(ev) {
      assertDenied(ev, 'secrets/deploy.json', /^path:(secrets|credentials)$/);
      for (const name of ['secrets', 'cat']) assertRefusedToModel(ev, name);
      // .env: refused by AgentGuard — except in Gemini CLI, which refuses an ignored path itself before any
      // hook runs (checked live: "Path not in workspace: … resolves outside the allowed workspace directories").
      const env = resultOf(ev, 'env');
      assert.ok(!env.includes(ev.secrets.envToken), 'the .env value reached the model');
      if (ev.agent === 'gemini') assert.match(env, /AgentGuard|Path not in workspace/, `the .env read was not refused: ${env.slice(0, 300)}`);
      else {
        assertRefusedToModel(ev, 'env');
        assertDenied(ev, '.env', /^path:(secrets|credentials)$/);
      }
      assertRanOn(ev);
    },
    pending: { gemini: GEMINI_HOST, codex: CODEX_HOST },
  },
  {
    id: 'config-read-masked',
    title: 'src/config.ts is read masked: the model sees a placeholder, never the token',
    steps: ({ t, ws }) => [...label('read', t.read(ws, 'src/config.ts')), ...after(t), { text: 'Done.' }],
    check(ev) {
      const text = resultOf(ev, 'read');
      assert.ok(text.includes(CONFIG_PLACEHOLDER), `the model did not get the masked file: ${text.slice(0, 400)}`);
      assert.ok(text.includes('serviceUrl'), `the model did not get the file's other lines: ${text.slice(0, 400)}`);
      const recs = callRecords(ev, 'config.ts');
      assert.ok(
        recs.some((r) => r.decision === 'allow'),
        `the read was not allowed (masked reads are not refusals): ${summary(ev)}`,
      );
      assertRanOn(ev);
    },
    pending: {
      gemini: GEMINI_HOST,
      codex: CODEX_HOST,
    },
  },
  {
    id: 'config-shell-masked',
    title: 'src/config.ts printed through the shell (cat, grep -n, head) reaches the model masked, never the token',
    steps: ({ t }) => [
      ...label('cat', t.shell('cat src/config.ts')),
      ...label('grep', t.shell('grep -n githubToken src/config.ts')),
      ...label('head', t.shell('head -n 5 src/config.ts')),
      ...after(t),
      { text: 'Done.' },
    ],
    check(ev) {
      for (const name of ['cat', 'grep', 'head']) {
        const text = resultOf(ev, name);
        assert.ok(!text.includes(ev.secrets.configToken), `step "${name}": the token reached the model: ${text.slice(0, 400)}`);
        // A host that lets the after-hook replace the output gets the lines with a placeholder (Cline cannot:
        // its read is refused instead, which the first assertion covers).
        if (ev.agent !== 'cline') assert.ok(text.includes(CONFIG_PLACEHOLDER), `step "${name}": the model did not get the masked lines: ${text.slice(0, 400)}`);
      }
      assertRanOn(ev);
    },
    pending: { gemini: GEMINI_HOST, codex: CODEX_HOST },
  },
  {
    id: 'config-edit-placeholder',
    title: 'an edit of src/config.ts that carries the placeholder keeps the real token on disk',
    steps: ({ t, ws }) => [
      ...label(
        'edit',
        t.edit(
          ws,
          'src/config.ts',
          `export const githubToken = '${CONFIG_PLACEHOLDER}';`,
          `export const githubToken = '${CONFIG_PLACEHOLDER}'; // rotated yearly`,
        ),
      ),
      ...after(t),
      { text: 'Done.' },
    ],
    check(ev) {
      const disk = readRel(ev.ws, 'src/config.ts');
      assert.ok(!disk.includes('«secret:'), `a placeholder reached the file: ${disk}`);
      if (ev.agent === 'cline') {
        // Cline shows the model the lines an edit changed, so a token restored into them would reach the
        // model: the edit cannot be restored safely and must be refused, the file left as it was.
        assert.equal(disk, ev.secrets.files['src/config.ts'], 'src/config.ts changed on disk');
        assertDenied(ev, 'config.ts', undefined, 'write');
      } else {
        assert.ok(
          disk.includes(`export const githubToken = '${ev.secrets.configToken}'; // rotated yearly`),
          `the edit was not applied with the token kept:\n${disk}`,
        );
      }
      assertRanOn(ev);
    },
    pending: {
      claude: CLAUDE_EDIT_PREVALIDATED,
      gemini: GEMINI_HOST,
      codex: CODEX_HOST,
    },
  },
  {
    id: 'config-write-placeholder',
    title: 'a whole-file write of src/config.ts that carries the placeholder keeps the real token on disk',
    // Cline's only write tool is its editor (an exact-text replacement): config-edit-placeholder covers it.
    agents: ['claude', 'gemini', 'codex'],
    steps: ({ t, ws }) => [
      ...label(
        'write',
        t.write(
          ws,
          'src/config.ts',
          [
            '// Service configuration',
            "export const serviceUrl = 'https://api.example.com';",
            `export const githubToken = '${CONFIG_PLACEHOLDER}';`,
            'export const retries = 5;',
            '',
          ].join('\n'),
        ),
      ),
      ...after(t),
      { text: 'Done.' },
    ],
    check(ev) {
      const disk = readRel(ev.ws, 'src/config.ts');
      assert.ok(!disk.includes('«secret:'), `a placeholder reached the file: ${disk}`);
      assert.ok(disk.includes(`export const githubToken = '${ev.secrets.configToken}';`), `the token was not kept on disk:\n${disk}`);
      assert.ok(disk.includes('export const retries = 5;'), `the write was not applied:\n${disk}`);
      assertRanOn(ev);
    },
    pending: {
      gemini: GEMINI_HOST,
      codex: CODEX_HOST,
    },
  },
  {
    id: 'rm-build',
    title: 'rm -rf build — plain, through bash -c, and quote-spliced — is stopped, and the run goes on',
    steps: ({ t, rm }) => [
      ...label('plain', t.shell(`rm ${rm} build`)),
      ...label('bash-c', t.shell(`bash -c 'rm ${rm} build'`)),
      ...label('spliced', t.shell(`r''m ${rm} bu''ild`)),
      ...after(t),
      { text: 'Done.' },
    ],
    check(ev) {
      assert.equal(readRel(ev.ws, 'build/app.js'), ev.secrets.files['build/app.js'], 'build/app.js was deleted');
      assert.equal(readRel(ev.ws, 'build/assets/logo.txt'), ev.secrets.files['build/assets/logo.txt'], 'build/assets/logo.txt was deleted');
      const recs = ['plain', 'bash-c', 'spliced'].map((name) => {
        const cmd = commandOf(ev, name);
        const r = callRecords(ev, JSON.stringify(cmd).slice(1, -1)).find((x) => x.op === 'exec');
        assert.ok(r, `no audit record of \`${cmd}\`: ${summary(ev)}`);
        return r;
      });
      for (const r of recs) {
        // Without the extension, `ask` goes to a host that can ask (Claude Code: its own prompt, which
        // refuses under -p) and is refused for a host that cannot; either way it never ran.
        assert.ok(r.decision === 'ask' || r.decision === 'deny', `an rm was recorded as ${r.decision}`);
        assert.match(r.rule, /rm\.recursive/);
      }
      for (const name of ['plain', 'bash-c', 'spliced']) assertRefusedToModel(ev, name);
      assertRanOn(ev);
    },
    pending: { gemini: GEMINI_HOST, codex: CODEX_HOST },
  },
  {
    id: 'guard-file',
    title: 'a write to the guard’s own .agentguard.yaml is refused, through the edit tool and the shell',
    steps: ({ t, ws }) => [
      ...label('write', t.write(ws, '.agentguard.yaml', 'version: 1\ncommands:\n  destructive: allow\n')),
      ...label('append', t.shell(`echo 'commands: {destructive: allow}' >> .agentguard.yaml`)),
      ...after(t),
      { text: 'Done.' },
    ],
    check(ev) {
      assert.equal(readRel(ev.ws, '.agentguard.yaml'), ev.secrets.files['.agentguard.yaml'], '.agentguard.yaml changed on disk');
      const recs = callRecords(ev, '.agentguard.yaml').filter((r) => r.op !== 'read');
      assert.ok(recs.length >= 2, `expected a record for each write: ${summary(ev)}`);
      for (const r of recs) assert.equal(r.decision, 'deny', `a write of .agentguard.yaml was recorded as ${r.decision} (${r.rule})`);
      for (const name of ['write', 'append']) assertRefusedToModel(ev, name);
      assertRanOn(ev);
    },
    pending: { gemini: GEMINI_HOST, codex: CODEX_HOST },
  },
  {
    id: 'artifact-recorded',
    title: 'a file the agent creates is written, and its call is in the audit with the path',
    steps: ({ t, ws }) => [...label('create', t.create(ws, 'notes/plan.md', '# Plan\n\n- total() handles empty carts\n')), { text: 'Done.' }],
    check(ev) {
      assert.equal(readRel(ev.ws, 'notes/plan.md'), '# Plan\n\n- total() handles empty carts\n', 'notes/plan.md was not created');
      const recs = callRecords(ev, 'notes/plan.md');
      assert.ok(
        recs.some((r) => r.decision === 'allow' && r.op === 'write'),
        `no allowed write of notes/plan.md in the audit: ${summary(ev)}`,
      );
    },
    pending: { gemini: GEMINI_HOST, codex: CODEX_HOST },
  },
  {
    id: 'artifact-attributed',
    title: 'what a shell command creates and changes is charged to that call in a `changes` record, and not to the next',
    // Outside the shipped policy's snapshot.ignore (out/**, build/**, …): the panel leaves those folders out.
    steps: ({ t }) => [
      ...label('mk', t.shell('mkdir -p reports && echo report > reports/summary.txt && echo "- more" >> README.md')),
      ...label('mk2', t.shell('echo later > later.txt')),
      { text: 'Done.' },
    ],
    check(ev) {
      assert.equal(readRel(ev.ws, 'reports/summary.txt'), 'report\n', 'reports/summary.txt was not created');
      assert.equal(readRel(ev.ws, 'later.txt'), 'later\n', 'later.txt was not created');
      const changesOf = (needle) => {
        const call = callRecords(ev, needle).find((r) => r.op === 'exec' && r.event === undefined);
        assert.ok(call, `no record of the command naming ${needle}: ${summary(ev)}`);
        const rec = ev.audit.records.find((r) => r.event === 'changes' && r.callId === call.callId);
        assert.ok(rec, `no changes record for the command naming ${needle}: ${summary(ev)}`);
        return Object.fromEntries((rec.changes ?? []).map((c) => [c.path, c.kind]));
      };
      const first = changesOf('reports/summary.txt');
      assert.equal(first['reports/summary.txt'], 'added', `the new file is not charged to its call: ${JSON.stringify(first)}`);
      assert.equal(first['README.md'], 'modified', `the appended file is not charged to its call: ${JSON.stringify(first)}`);
      assert.ok(!('later.txt' in first), `the next call's file was charged to the first: ${JSON.stringify(first)}`);
      const second = changesOf('later.txt');
      assert.equal(second['later.txt'], 'added', `the second call's file is not charged to it: ${JSON.stringify(second)}`);
      assert.ok(!('reports/summary.txt' in second) && !('README.md' in second), `the first call's changes were charged again: ${JSON.stringify(second)}`);
    },
  },
  {
    id: 'bridge-cli-error',
    title: 'with the bridge broken (the hook cannot load the guard), nothing destructive runs',
    bridge: 'cli-error',
    steps: ({ t, rm }) => [...label('rm', t.shell(`rm ${rm} build`)), { text: 'Done.' }],
    hooksSilent: true,
    check(ev) {
      assert.equal(readRel(ev.ws, 'build/app.js'), ev.secrets.files['build/app.js'], 'build/ was deleted with the bridge broken');
      assertFailedClosed(ev, /cli\.js/);
    },
    pending: { gemini: GEMINI_HOST, codex: CODEX_HOST },
  },
  {
    id: 'bridge-missing-entry',
    title: 'with the bridge broken (the hook command names a missing file), nothing destructive runs',
    bridge: 'missing-entry',
    steps: ({ t, rm }) => [...label('rm', t.shell(`rm ${rm} build`)), { text: 'Done.' }],
    hooksSilent: true,
    check(ev) {
      assert.equal(readRel(ev.ws, 'build/app.js'), ev.secrets.files['build/app.js'], 'build/ was deleted with the hook command pointing at a missing file');
      // The installed command refuses in the host's own protocol when its file is gone, naming that file.
      assertFailedClosed(ev, /uninstalled-extension\/dist\/hook\.js/);
    },
  },
];
