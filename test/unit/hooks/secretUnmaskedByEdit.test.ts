// Red team rt22hooks (left open by hooks44): an edit that carries no placeholder can still take a secret out of
// masking — rename the key in front of it (`DB_PASSWORD = "` → `GREETING = "`), and the next read shows the value.
// Through `agentguard hook` on real payload shapes: such an edit is refused on every host's edit tool and the file
// is unchanged (a patch's lines are whole lines, so there the placeholder rule of placeholderOwnLine applies); an edit elsewhere in the same file, or one that keeps the secret masked, goes through.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { answerOf, claudePre, sandbox, type Sandbox, vscodePre } from './helpers';

describe('hook bridge: an edit may not leave a secret of the file outside masking', () => {
  let sb: Sandbox;
  let pw: string;
  let file: string;
  let original: string;
  beforeEach(() => {
    sb = sandbox();
    pw = rand(ALNUM, 22);
    original = `# db\nDB_PASSWORD = "${pw}"\nPORT = 8080\n`;
    file = path.join(sb.workspace, 'src', 'db.py');
    fs.writeFileSync(file, original);
    assert.ok(!maskText(original).text.includes(pw));
    // The premise: under a harmless name the same value is not masked.
    assert.ok(maskText(original.replace('DB_PASSWORD', 'GREETING')).text.includes(pw));
  });
  afterEach(() => sb.cleanup());

  const claude = (tool_name: string, tool_input: unknown) => claudePre(sb, tool_name, tool_input);
  const refused = (out: Record<string, any>) => {
    assert.equal(out.hookSpecificOutput?.permissionDecision, 'deny', JSON.stringify(out));
    assert.match(out.hookSpecificOutput.permissionDecisionReason, /outside masking|own unchanged line/);
    assert.equal(fs.readFileSync(file, 'utf8'), original);
  };
  const passes = (out: Record<string, any>) => assert.notEqual(out.hookSpecificOutput?.permissionDecision, 'deny', JSON.stringify(out));

  it('Claude Code Edit and Write renaming the key are refused; an edit of another line passes', async () => {
    refused(answerOf(await claude('Edit', { file_path: file, old_string: 'DB_PASSWORD = "', new_string: 'GREETING = "' })));
    refused(answerOf(await claude('Edit', { file_path: file, old_string: 'DB_PASSWORD', new_string: 'NOTE' })));
    refused(
      answerOf(await claude('Write', { file_path: file, content: original.replace('DB_PASSWORD', 'GREETING').replace(pw, '«secret:generic-secret#1»') })),
    );
    passes(answerOf(await claude('Edit', { file_path: file, old_string: 'PORT = 8080', new_string: 'PORT = 9090' })));
    passes(answerOf(await claude('Edit', { file_path: file, old_string: '# db', new_string: '# database settings' })));
  });

  it('VS Code replace_string_in_file renaming the key is refused', async () => {
    refused(answerOf(await vscodePre(sb, 'replace_string_in_file', { filePath: file, oldString: 'DB_PASSWORD = "', newString: 'GREETING = "' })));
    passes(answerOf(await vscodePre(sb, 'replace_string_in_file', { filePath: file, oldString: 'PORT = 8080', newString: 'PORT = 9090' })));
  });
});
