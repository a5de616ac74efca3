// A search filter glob with a leading `!` is ripgrep's EXCLUDE glob: `rg --glob '!*.ts' KEY` searches every
// file but the .ts ones (measured with VS Code's bundled rg 14: it lists .env, secrets/k.txt, src/b.js). Claude
// Code's Grep and Gemini's grep_search hand their glob/include to ripgrep as `--glob`, so the reach of
// `glob: "!*.ts"` is the whole folder, .env included — not the files named `!…`. Claude Code's Grep also splits
// its glob on whitespace and on commas outside braces (each piece one --glob). Through the built CLI, extension down.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerOf, runHook, type Sandbox, sandbox } from './helpers';

describe('hook bridge: negated and listed search globs (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
    fs.mkdirSync(path.join(sb.workspace, 'secrets'), { recursive: true });
    fs.writeFileSync(path.join(sb.workspace, 'secrets', 'k.txt'), 'pw\n');
    fs.writeFileSync(path.join(sb.workspace, 'README.md'), '# readme\n');
  });
  afterEach(() => sb.cleanup());

  const claudeGrep = (input: Record<string, unknown>) =>
    runHook(
      ['--host', 'claude', '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: sb.workspace, tool_name: 'Grep', tool_input: { pattern: 'TOKEN', ...input } }),
      sb.env,
    );
  const geminiGrep = (input: Record<string, unknown>) =>
    runHook(
      ['--host', 'gemini', '--workspace', sb.workspace],
      JSON.stringify({
        session_id: 's',
        hook_event_name: 'BeforeTool',
        cwd: sb.workspace,
        tool_name: 'grep_search',
        tool_input: { pattern: 'TOKEN', ...input },
      }),
      sb.env,
    );

  /** Refused, or narrowed to an input that no longer reaches .env / secrets. */
  function heldOrNarrowed(a: Record<string, any>, what: string): void {
    const out = a.hookSpecificOutput ?? {};
    const decision = out.permissionDecision ?? a.decision;
    const updated = out.updatedInput ?? a.hookSpecificOutput?.tool_input;
    assert.ok(decision === 'deny' || decision === 'ask' || updated !== undefined, `${what}: ${JSON.stringify(a)}`);
    if (updated) assert.doesNotMatch(JSON.stringify(updated), /\.env|secrets|!/, `${what}: ${JSON.stringify(a)}`);
  }

  for (const glob of ['!*.ts', '!**/*.ts', '!src/**', '!*.{ts,md}', '*.md,.env', '*.md .env', '!src/** !*.md', '!*.md *.env', '*.ts\t.env']) {
    it(`Claude Grep glob ${JSON.stringify(glob)} reaches .env: refused or narrowed`, async () => {
      const r = await claudeGrep({ glob });
      assert.equal(r.code, 0, r.stderr);
      heldOrNarrowed(answerOf(r), glob);
    });
  }

  it("an exclusion is matched with case, as ripgrep does: '!*.ENV' and '!CONFIG/**' leave .env searched", async () => {
    fs.mkdirSync(path.join(sb.workspace, 'deploy', 'config'), { recursive: true });
    fs.copyFileSync(path.join(sb.workspace, '.env'), path.join(sb.workspace, 'deploy', '.env'));
    fs.copyFileSync(path.join(sb.workspace, '.env'), path.join(sb.workspace, 'deploy', 'config', '.env'));
    fs.writeFileSync(path.join(sb.workspace, 'deploy', 'app.json'), '{}\n');
    for (const glob of ['!*.ENV', '!CONFIG/**', '!*.Env']) {
      const r = await claudeGrep({ glob, path: 'deploy' });
      heldOrNarrowed(answerOf(r), glob);
    }
  });

  it('Claude Grep glob "!*.ts" under an explicit path, too', async () => {
    const r = await claudeGrep({ glob: '!*.ts', path: sb.workspace });
    heldOrNarrowed(answerOf(r), 'path');
  });

  for (const key of ['include_pattern', 'include']) {
    it(`Gemini grep_search ${key} "!*.ts" reaches .env: refused or narrowed`, async () => {
      const r = await geminiGrep({ [key]: '!*.ts' });
      assert.equal(r.code, 0, r.stderr);
      heldOrNarrowed(answerOf(r), key);
    });
  }

  it('a negated glob whose remainder holds no protected file is left alone', async () => {
    fs.rmSync(path.join(sb.workspace, '.env'));
    fs.rmSync(path.join(sb.workspace, 'secrets'), { recursive: true });
    fs.rmSync(path.join(sb.workspace, 'src', 'settings.ts'));
    const r = await claudeGrep({ glob: '!*.md', path: 'src' });
    assert.deepEqual(answerOf(r), {}, r.stdout);
  });

  for (const glob of ['*.ts', '*.{ts,md}', 'src/**/*.ts', '*.ts,*.md']) {
    it(`benign Claude Grep glob ${JSON.stringify(glob)} stays allowed`, async () => {
      const r = await claudeGrep({ glob });
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(answerOf(r), {}, r.stdout);
    });
  }
});
