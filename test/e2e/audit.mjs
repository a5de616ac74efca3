// The audit records AgentGuard wrote under a run's home (the log lives outside the workspace), read the way
// a reviewer would while the guard is still writing: only the `.jsonl` logs (not the writer's `.lock` file,
// whose pid would parse as JSON and count as a record), and only complete lines (a batch being written is
// not yet a record).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function auditRecords(home) {
  return auditRecordsIn(join(home, '.agentguard', 'audit'));
}

/** The same, for a log folder given outright (a run that sets AGENTGUARD_HOME keeps it in `$AGENTGUARD_HOME/audit`). */
export function auditRecordsIn(dir) {
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  } catch {
    return [];
  }
  return files.flatMap((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    return text
      .slice(0, text.lastIndexOf('\n') + 1)
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  });
}
