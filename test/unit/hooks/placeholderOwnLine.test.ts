// Red team rt22hooks, replayed through `agentguard hook` on real payload shapes: a placeholder copied from a
// masked read and edited into another context (a renamed key, a copied line, a comment) must be refused by
// every host's edit tool, not restored there; an edit that keeps the placeholder's line is restored byte-exact.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { answerOf, claudePre, runHook, sandbox, type Sandbox, vscodePre } from './helpers';

describe('hook bridge: a placeholder is restored only on its own unchanged line', () => {
  let sb: Sandbox;
  let pw: string;
  let ph: string;
  let file: string;
  let original: string;
  beforeEach(() => {
    sb = sandbox();
    pw = rand(ALNUM, 22);
    original = `# db\nDB_PASSWORD = "${pw}"\nPORT = 8080\n`;
    file = path.join(sb.workspace, 'src', 'db.py');
    fs.writeFileSync(file, original);
    const m = /DB_PASSWORD = "(«secret:[^»]+»)"/.exec(maskText(original).text);
    assert.ok(m);
    ph = m[1]!;
  });
  afterEach(() => sb.cleanup());

  const claude = (tool_name: string, tool_input: unknown) => claudePre(sb, tool_name, tool_input);
  const codex = (command: string) => {
    const payload = JSON.parse(sb.payload('codex', 'PreToolUse-apply_patch_test'));
    payload.tool_input.command = command;
    return runHook(['--host', 'codex', '--workspace', sb.workspace], JSON.stringify(payload), sb.env);
  };
  /** The host's edit (a plain replace), applied only when the hook let it through. */
  function hostEdits(out: Record<string, any>, oldKey: string, newKey: string, pathKey: string) {
    const h = out.hookSpecificOutput ?? {};
    if (h.permissionDecision === 'deny') return;
    const input = h.updatedInput;
    assert.ok(input, JSON.stringify(out));
    assert.equal(input[pathKey], file);
    const now = fs.readFileSync(file, 'utf8');
    if (oldKey) {
      assert.ok(now.includes(input[oldKey]), `old text not in the file: ${input[oldKey]}`);
      fs.writeFileSync(
        file,
        now.replace(input[oldKey], () => input[newKey]),
      );
    } else fs.writeFileSync(file, input[newKey]);
  }
  const denied = (out: Record<string, any>) => {
    assert.equal(out.hookSpecificOutput?.permissionDecision, 'deny', JSON.stringify(out));
    assert.match(out.hookSpecificOutput.permissionDecisionReason, /own unchanged line/);
    assert.equal(out.hookSpecificOutput.updatedInput, undefined);
    assert.equal(fs.readFileSync(file, 'utf8'), original);
  };

  it('VS Code replace_string_in_file: renaming the key, a copy, a comment, a duplicate line are refused', async () => {
    for (const [o, n] of [
      [`DB_PASSWORD = "${ph}"`, `GREETING = "${ph}"`],
      ['PORT = 8080', `GREETING = "${ph}"\nPORT = 8080`],
      ['# db', `# db ${ph}`],
      [`DB_PASSWORD = "${ph}"`, `DB_PASSWORD = "${ph}"\nDB_PASSWORD = "${ph}"`],
    ]) {
      const out = answerOf(await vscodePre(sb, 'replace_string_in_file', { filePath: file, oldString: o, newString: n }));
      denied(out);
    }
  });

  it('VS Code replace_string_in_file keeping the line (fragment starting mid-line): restored byte-exact', async () => {
    const out = answerOf(await vscodePre(sb, 'replace_string_in_file', { filePath: file, oldString: `${ph}"\nPORT = 8080`, newString: `${ph}"\nPORT = 9090` }));
    hostEdits(out, 'oldString', 'newString', 'filePath');
    assert.equal(fs.readFileSync(file, 'utf8'), original.replace('PORT = 8080', 'PORT = 9090'));
  });

  it('Claude Code Edit: a renamed key and a copied line are refused; the neighbour line changed is restored', async () => {
    denied(answerOf(await claude('Edit', { file_path: file, old_string: `DB_PASSWORD = "${ph}"`, new_string: `GREETING = "${ph}"` })));
    denied(answerOf(await claude('Edit', { file_path: file, old_string: `PORT = 8080`, new_string: `PORT = 8080\nCOPY = "${ph}"` })));
    const ok = answerOf(await claude('Edit', { file_path: file, old_string: `# db\nDB_PASSWORD = "${ph}"`, new_string: `# database\nDB_PASSWORD = "${ph}"` }));
    hostEdits(ok, 'old_string', 'new_string', 'file_path');
    assert.equal(fs.readFileSync(file, 'utf8'), original.replace('# db', '# database'));
  });

  it('Claude Code Write: the masked view with the key renamed is refused; with one unrelated change, restored', async () => {
    const view = maskText(original).text;
    denied(answerOf(await claude('Write', { file_path: file, content: view.replace('DB_PASSWORD', 'GREETING') })));
    denied(answerOf(await claude('Write', { file_path: file, content: `${view}# ${ph}\n` })));
    const ok = answerOf(await claude('Write', { file_path: file, content: view.replace('PORT = 8080', 'PORT = 9090') }));
    hostEdits(ok, '', 'content', 'file_path');
    assert.equal(fs.readFileSync(file, 'utf8'), original.replace('PORT = 8080', 'PORT = 9090'));
  });

  it('Codex apply_patch: adding a line that carries the placeholder is refused; keeping its line restores it', async () => {
    const bad = answerOf(await codex(`*** Begin Patch\n*** Update File: src/db.py\n@@\n DB_PASSWORD = "${ph}"\n+copy: "${ph}"\n PORT = 8080\n*** End Patch\n`));
    denied(bad);
    const renamed = answerOf(
      await codex(`*** Begin Patch\n*** Update File: src/db.py\n@@\n-DB_PASSWORD = "${ph}"\n+GREETING = "${ph}"\n PORT = 8080\n*** End Patch\n`),
    );
    denied(renamed);
    const ok = answerOf(
      await codex(`*** Begin Patch\n*** Update File: src/db.py\n@@\n DB_PASSWORD = "${ph}"\n-PORT = 8080\n+PORT = 9090\n*** End Patch\n`),
    ).hookSpecificOutput;
    assert.equal(ok.permissionDecision, 'allow');
    assert.ok(ok.updatedInput.command.includes(` DB_PASSWORD = "${pw}"\n`), ok.updatedInput.command);
  });
});
