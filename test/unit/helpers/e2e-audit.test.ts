// The e2e suites read the audit log while the guard is still writing it (test/e2e/audit.mjs). A CI run
// once failed because the reader counted the writer's `.lock` file (a pid, which parses as JSON) as a
// record; this holds the reader to what a record is: a complete line of a `.jsonl` log.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
// @ts-expect-error: a plain .mjs helper of the e2e tier, without types
import { auditRecords } from '../../e2e/audit.mjs';

describe('e2e audit reader (test/e2e/audit.mjs)', () => {
  let home: string;
  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-e2e-audit-'));
    fs.mkdirSync(path.join(home, '.agentguard', 'audit'), { recursive: true });
  });
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  it('reads complete lines of the .jsonl logs only: not the lock file, not a line being written', () => {
    const dir = path.join(home, '.agentguard', 'audit');
    fs.writeFileSync(path.join(dir, 'ws-1.jsonl'), '{"tool":"a"}\n{"tool":"b"}\n{"tool":"c","reas');
    fs.writeFileSync(path.join(dir, 'ws-1.jsonl.lock'), '12345');
    fs.writeFileSync(path.join(dir, 'ws-1.jsonl.bak'), '{"tool":"x"}\n');
    assert.deepEqual(
      (auditRecords(home) as { tool: string }[]).map((r) => r.tool),
      ['a', 'b'],
    );
  });

  it('answers no records before the guard wrote any', () => {
    fs.rmSync(path.join(home, '.agentguard'), { recursive: true });
    assert.deepEqual(auditRecords(home), []);
  });
});
