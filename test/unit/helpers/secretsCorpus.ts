// The public secrets corpus sample (test/fixtures/corpus/secrets.json), read the same way by every suite that
// masks it: contents stay base64 in the fixture and are decoded only in memory, or into a temp dir by the test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Case } from '../secrets/helpers';

export interface CorpusFile {
  name: string;
  content_b64: string;
  secretLines: number[];
  mustKeep: number[];
  secretValues_b64?: Record<string, string[]>;
}

const decode = (s: string) => Buffer.from(s, 'base64').toString('utf8');

export function secretsCorpus(): CorpusFile[] {
  return JSON.parse(fs.readFileSync(path.join(__dirname, '../../fixtures/corpus/secrets.json'), 'utf8')) as CorpusFile[];
}

/** One corpus file as a masking case: its text, and for each secret line the values that must not survive. */
export function corpusCase(f: CorpusFile): Case {
  const secretLines = new Map<number, string[]>();
  for (const n of f.secretLines) secretLines.set(n, (f.secretValues_b64?.[String(n)] ?? []).map(decode));
  return { name: f.name, text: decode(f.content_b64), secretLines, mustKeep: f.mustKeep };
}
