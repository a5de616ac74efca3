// `agentguard audit verify FILE`: checks the hash chain; names the first broken link; exit 1 if broken.
import * as fs from 'node:fs';
import { verifyChain } from '../core/audit';
import { type Io, parseArgs, UsageError, writeLine } from './common';

export async function auditCommand(argv: string[], io: Io): Promise<number> {
  const { rest } = parseArgs(argv, {});
  const [sub, file] = rest;
  if (sub !== 'verify' || !file) throw new UsageError('usage: agentguard audit verify FILE');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    writeLine(io.stderr, `${file}: cannot read: ${(e as Error).message}`);
    return 2;
  }
  const r = verifyChain(text);
  for (const p of r.problems) writeLine(io.stdout, `${file}:${p.line}: ${p.kind}: ${p.message}`);
  if (!r.ok) {
    writeLine(io.stdout, `${file}: BROKEN (${r.records} records verified before the first problem)`);
    return 1;
  }
  writeLine(io.stdout, `${file}: ok, ${r.records} records, chain intact`);
  return 0;
}
