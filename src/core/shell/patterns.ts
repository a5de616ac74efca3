// User command patterns from `.agentguard.yaml`, matched against normalized sub-commands.
// Syntax: whitespace-separated words; `*` matches any run of characters inside one word; a final `**`
// matches any remaining words. The command word compares case-insensitively by basename (RM == /bin/rm).
import type { CommandPattern } from '../policy/types';
import type { W } from './types';
import { normName } from './unwrap';

interface Compiled {
  words: RegExp[];
  rest: boolean;
}

const cache = new Map<string, Compiled>();

function compile(pattern: string): Compiled {
  let c = cache.get(pattern);
  if (c) return c;
  const parts = pattern.trim().split(/\s+/).filter(Boolean);
  const rest = parts[parts.length - 1] === '**';
  if (rest) parts.pop();
  const words = parts.map((p, i) => {
    const src = p
      .split('*')
      .map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${src}$`, i === 0 ? 'i' : '');
  });
  c = { words, rest };
  cache.set(pattern, c);
  return c;
}

/**
 * Does the pattern match these words? A dynamic word (null) never satisfies an allow pattern — it could be
 * anything — but does satisfy ask/deny patterns, so that `rm -rf $X` still meets the user's `deny rm -rf *`.
 */
export function matchPattern(p: CommandPattern, words: W[]): boolean {
  const c = compile(p.pattern);
  if (c.words.length === 0) return false;
  if (words.length < c.words.length || (!c.rest && words.length !== c.words.length)) return false;
  for (let i = 0; i < c.words.length; i++) {
    const v = words[i].value;
    if (v === null || words[i].glob) {
      if (p.decision === 'allow') return false;
      continue;
    }
    const s = i === 0 ? normName(v) : v;
    if (!c.words[i].test(s) && !(i === 0 && c.words[i].test(v))) return false;
  }
  return true;
}
