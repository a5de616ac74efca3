// `agentguard audit verify FILE`: checks the hash chain; names the first broken link; exit 1 if broken.
// The file is streamed through the same verifier the audit panel uses, so a log of any size is checked in
// bounded memory, and both say the same thing about it.
import * as fs from 'node:fs';
import { ChainVerifier } from '../core/audit';
import { type Io, parseArgs, UsageError, writeLine } from './common';

const CHUNK = 1 << 20;

export async function auditCommand(argv: string[], io: Io): Promise<number> {
  const { rest } = parseArgs(argv, {});
  const [sub, file] = rest;
  if (sub !== 'verify' || !file) throw new UsageError('usage: agentguard audit verify FILE');
  const verifier = new ChainVerifier();
  try {
    const fh = await fs.promises.open(file, 'r');
    try {
      const buf = Buffer.allocUnsafe(CHUNK);
      for (;;) {
        const { bytesRead } = await fh.read(buf, 0, CHUNK, null);
        if (bytesRead === 0) break;
        verifier.feed(buf.subarray(0, bytesRead));
      }
    } finally {
      await fh.close();
    }
  } catch (e) {
    writeLine(io.stderr, `${file}: cannot read: ${(e as Error).message}`);
    return 2;
  }
  const r = verifier.end();
  for (const p of r.problems) writeLine(io.stdout, `${file}:${p.line}: ${p.kind}: ${p.message}`);
  if (!r.ok) {
    writeLine(io.stdout, `${file}: BROKEN (${r.records} records verified before the first problem)`);
    return 1;
  }
  writeLine(io.stdout, `${file}: ok, ${r.records} records, chain intact`);
  return 0;
}
