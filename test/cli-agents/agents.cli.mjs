// The real agent CLIs — Claude Code, Gemini CLI, Cline and Codex, pinned in scripts/cli-agents/agents.mjs —
// each driven by a scripted fake model server (fakeModel.mjs) in a fresh workspace guarded by AgentGuard's
// hooks, with the extension not running: each hook process decides alone from the workspace's policy.
// Every scenario (scenarios.mjs) is checked on disk, in the audit log (whose hash chain must verify), and in
// every request the model server received — which must never hold a secret value from the workspace.
// Run through scripts/cli-agents/run.mjs (installs the CLIs on first use, isolates the network).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_IDS, AGENTS } from '../../scripts/cli-agents/agents.mjs';
import { ARTIFACTS, runScenario, verifyAudit } from './harness.mjs';
import { SCENARIOS, summary } from './scenarios.mjs';
import { listFiles, readRel } from './workspace.mjs';

const PENDING = process.env.AGENTGUARD_CLI_AGENTS_PENDING === '1';
const only = (name) => (process.env[name] ? new Set(process.env[name].split(',').map((s) => s.trim())) : undefined);
const AGENT_FILTER = only('AGENTGUARD_CLI_AGENTS');
const SCENARIO_FILTER = only('AGENTGUARD_CLI_AGENTS_SCENARIOS');

const timings = [];

/** What every scenario must show, whatever else it checks. */
function commonChecks(ev, scenario) {
  assert.ok(!ev.run.timedOut, `${AGENTS[ev.agent].name} did not finish within the deadline (exit ${ev.run.code}); stderr: ${ev.run.stderr.slice(-600)}`);
  assert.ok(
    ev.requests.some((r) => r.main),
    `${AGENTS[ev.agent].name} never asked the fake model for a turn (exit ${ev.run.code}); stderr: ${ev.run.stderr.slice(-600)}`,
  );
  // The model never saw a secret value from the workspace: not in any request, main loop or side query.
  for (const r of ev.requests) {
    for (const v of ev.secrets.secretValues) {
      assert.ok(!r.raw.includes(v) && !r.url.includes(v), `request ${r.n} (${r.method} ${r.url}) carried a secret value from the workspace`);
    }
  }
  // No placeholder ever reaches a file on disk.
  for (const rel of listFiles(ev.ws)) {
    const text = readRel(ev.ws, rel);
    assert.ok(!text.includes('«secret:'), `${rel} holds a placeholder on disk`);
  }
  if (!scenario.hooksSilent) {
    // An agent that skipped its hooks (untrusted, misconfigured) would pass the disk checks by doing nothing.
    assert.ok(ev.audit.records.length > 0, `no audit record at all: ${AGENTS[ev.agent].name}'s hooks did not run AgentGuard`);
    for (const v of verifyAudit(ev.audit.files)) assert.ok(v.ok, `agentguard audit verify ${v.file} failed: ${v.out}`);
  }
}

for (const agent of AGENT_IDS) {
  if (AGENT_FILTER && !AGENT_FILTER.has(agent)) continue;
  describe(`${AGENTS[agent].name} ${AGENTS[agent].version} (real CLI, scripted model, hooks deciding alone)`, function () {
    this.timeout(400_000);
    for (const scenario of SCENARIOS) {
      if (SCENARIO_FILTER && !SCENARIO_FILTER.has(scenario.id)) continue;
      if (scenario.agents && !scenario.agents.includes(agent)) continue;
      const pending = scenario.pending?.[agent];
      const title = `${scenario.id}: ${scenario.title}`;
      if (pending && !PENDING) {
        // Skipped, never counted as passed: the reason names the work that makes it pass.
        it.skip(`${title} [pending — ${pending}]`);
        continue;
      }
      it(pending ? `${title} [pending — ${pending}]` : title, async function () {
        const ev = await runScenario({ agent, scenario: scenario.id, steps: scenario.steps, bridge: scenario.bridge ?? 'guard' });
        timings.push({ agent, scenario: scenario.id, ms: ev.run.ms, exit: ev.run.code, requests: ev.requests.length, via: ev.installedVia });
        try {
          commonChecks(ev, scenario);
          scenario.check(ev);
        } catch (e) {
          e.message += `\n    evidence: ${ev.artifacts} (exit ${ev.run.code}, ${ev.run.ms} ms, hooks via ${ev.installedVia}); audit: ${summary(ev)}`;
          throw e;
        } finally {
          ev.cleanup();
        }
      });
    }
  });
}

after(() => {
  if (!timings.length) return;
  writeFileSync(join(ARTIFACTS, 'timings.json'), JSON.stringify(timings, null, 2) + '\n');
  process.stdout.write('\ncli-agents run times (agent CLI only, seconds):\n');
  for (const t of timings) process.stdout.write(`  ${t.agent.padEnd(7)} ${t.scenario.padEnd(24)} ${(t.ms / 1000).toFixed(1).padStart(6)}  exit ${t.exit}\n`);
});
