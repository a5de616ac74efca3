// An AWS secret access key with no name, beside its access key id in a list or a structure: a YAML list
// (`- AKIA…` then `- <40 characters>`), a JSON array over several lines, a tuple, a CSV row split over lines.
// The key id names the secret the way a key name would; the pair rule (vendor.ts aws-key-pair) reads only a
// secret right after its id on the same line.
// Threat: the secret was shown to the model verbatim.
// Cost: only texts holding `AKIA` or `ASIA` (the forms' pass, gates.ts) are read, and only the lines around each id.
import { randomPartOk } from '../entropy';
import { j, rand, UPPER_B32, B64 } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holdsAny, registerGates } from './gates';
import { addHit } from './hits';
import { lineOfPos } from './structure';

const RULE = 'aws-secret-in-list';
const PRIORITY = 1.5;
// `ASIA` (a temporary key id) would open a set of its own in the forms' pass (gates.ts): a text holding one is read
// only when it holds an `AKIA` too.
const GATES = ['AKIA'];
registerGates(GATES);

/** An access key id. */
const KEY_ID = /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z2-7]{16}(?![A-Za-z0-9])/g;
/** A bare 40-character token: a list item, an array element, a tuple's or a row's field. */
const SECRET = /(?<![A-Za-z0-9/+=])([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dg;
/** Lines above and below an id where its secret may stand. */
const ABOVE = 2;
const BELOW = 3;
/** AWS's documented example secret (its documentation, not a credential). */
const EXAMPLE = /EXAMPLE/;

/** A secret access key's shape: upper, lower and a digit (or `/` `+`), random, not a hex digest. */
function secretShape(v: string): boolean {
  return /[A-Z]/.test(v) && /[a-z]/.test(v) && /[0-9/+]/.test(v) && !/^[0-9a-f]+$/i.test(v) && !EXAMPLE.test(v) && randomPartOk(v);
}

export const awsSecretInList: BlockRule = {
  id: RULE,
  description: 'An AWS secret access key alone in a list or structure beside its access key id (`- AKIA…` / `- <40 chars>`)',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    if (!holdsAny(text, GATES)) return;
    const starts = index.starts();
    const done = new Set<number>();
    KEY_ID.lastIndex = 0;
    for (let m = KEY_ID.exec(text); m !== null; m = KEY_ID.exec(text)) {
      const li = lineOfPos(starts, m.index);
      for (let k = Math.max(0, li - ABOVE); k <= Math.min(starts.length - 1, li + BELOW); k++) {
        if (done.has(k)) continue;
        done.add(k);
        const ls = starts[k]!;
        const nl = text.indexOf('\n', ls);
        const line = text.slice(ls, nl < 0 ? text.length : nl);
        if (line.length > 2000) continue;
        SECRET.lastIndex = 0;
        for (let s = SECRET.exec(line); s !== null; s = SECRET.exec(line)) {
          if (!secretShape(s[1]!)) continue;
          const [a, b] = s.indices![1]!;
          addHit(out, k, { start: a, end: b, rule: RULE, priority: PRIORITY });
        }
      }
    }
  },
  samples: () => {
    const id = j('AK', 'IA', rand(UPPER_B32, 16, 0x3151));
    const k = rand(B64, 38, 0x3152) + 'a7';
    const k2 = rand(B64, 38, 0x3153) + 'Q9';
    return {
      truePositives: [
        { text: `aws:\n  - ${id}\n  - ${k}\n`, secrets: [k] },
        { text: `[\n  "${id}",\n  "${k2}"\n]\n`, secrets: [k2] },
      ],
      falsePositives: [
        `aws:\n  - ${j('AKIA', 'IOSFODNN7', 'EXAMPLE')}\n  - ${'0123456789abcdef'.repeat(2)}01234567\n`,
        `- ${j('AKIA', 'IOSFODNN7', 'EXAMPLE')}\n- ${j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')}\n`,
        `keys:\n  - ${j('AKIA', 'IOSFODNN7', 'EXAMPLE')}\n  - name: deploy\n    created: 2024-01-01\n    rotated: false\n`,
      ],
    };
  },
};
