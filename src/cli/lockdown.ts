// `agentguard lockdown [on|off|status]`: the workspace's lockdown from a terminal — the same switch as the
// editor's command and status-bar item, in the counter store every process guarding the workspace shares.
// Switching it is recorded in the audit log.
import { GuardService } from '../node/guardService';
import { homeDir, type Io, parseArgs, resolveWorkspace, UsageError, writeLine } from './common';

export async function lockdownCommand(argv: string[], io: Io): Promise<number> {
  const { opts, rest } = parseArgs(argv, { values: ['workspace', 'reason'] });
  const what = rest[0] ?? 'status';
  if (rest.length > 1 || !['on', 'off', 'status'].includes(what))
    throw new UsageError('usage: agentguard lockdown [on|off|status] [--workspace DIR] [--reason TEXT]');
  const service = new GuardService({ workspace: resolveWorkspace(opts.workspace as string | undefined), home: homeDir() });
  if (what !== 'status') {
    const reason = typeof opts.reason === 'string' ? opts.reason : undefined;
    await service.setLockdown(
      what === 'on',
      'cli',
      reason ?? (what === 'on' ? 'switched on by a person (agentguard lockdown on)' : 'ended by a person (agentguard lockdown off)'),
    );
  }
  const s = service.lockdown;
  if (s?.on) {
    writeLine(io.stdout, `lockdown on since ${new Date(s.since).toISOString()}: ${s.reason}`);
    if (s.calls?.length) writeLine(io.stdout, `  the calls that tripped it: ${s.calls.join(', ')}`);
  } else writeLine(io.stdout, s ? `lockdown off since ${new Date(s.since).toISOString()} (${s.reason})` : 'lockdown off');
  return 0;
}
