// A random token in a comment that says it is a credential, with no key name before it: `// old key, rotate
// later: <40 random>`, `# creds for staging: admin / <32>`, `// DO NOT COMMIT <32>`. No key-value rule reads a
// comment's prose; the words around the token say what it is.
// Threat: a credential left in a comment shown verbatim.
// How: gated by the words such comments use (rotate, creds, commit, revoke, leaked, old/temp/prod key); on a
// comment line holding one, each run of 24 to 128 token or base64 characters (not part of a path or URL) with upper case, lower case and a
// digit, random by valueLooksSecret and not made of words (a git SHA, a UUID, an identifier are not), is masked.
// Cost: only texts holding a gate word; only the lines holding one are read.
import { isUuid, isWordyIdentifier, valueLooksSecret } from '../entropy';
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { push } from './form-scan';
import { holds, registerGates } from './gates';

const RULE = 'comment-secret';
const WORDS = ['rotate', 'creds', 'commit', 'revoke', 'leaked', 'old key', 'temp key', 'prod key', 'staging key', 'backup key', 'api key', 'secret'];
const GATES = [...new Set(WORDS.flatMap((w) => [w, w[0]!.toUpperCase() + w.slice(1), w.toUpperCase()]))];
registerGates(GATES);

/** A comment line: `//`, `#`, `/*`, `*`, `--`, `;`, `<!--`, `%`, `'` or `rem` first. */
const COMMENT = /^[ \t]*(?:\/\/|#|\/\*|\*|--|;|<!--|%|'|rem\b|REM\b)/;
// Base64 characters too: an AWS secret access key holds `+` and `/` (a path's words fail madeOfWords).
const RUN = /(?<![A-Za-z0-9+/._=-])[A-Za-z0-9+/_-]{24,128}={0,2}(?![A-Za-z0-9+/._=-])/g;

/** Made of words: few chunks (letters of one case run, digits, separators) for its length (`ProtoBufferMessages2Generated`). */
function madeOfWords(v: string): boolean {
  const chunks = v.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g) ?? [];
  return chunks.length <= v.length / 4;
}

function scan(text: string, index: LineIndex, out: BlockOutput): void {
  const seen = new Set<number>();
  for (const gate of GATES) {
    if (!holds(text, gate)) continue;
    for (let at = text.indexOf(gate); at >= 0; at = text.indexOf(gate, at + gate.length)) {
      const s = text.lastIndexOf('\n', at - 1) + 1;
      if (seen.has(s)) continue;
      seen.add(s);
      let e = text.indexOf('\n', at);
      if (e < 0) e = text.length;
      const line = text.slice(s, e);
      if (line.length > 1024 || !COMMENT.test(line)) continue;
      RUN.lastIndex = 0;
      for (let m = RUN.exec(line); m !== null; m = RUN.exec(line)) {
        const v = m[0];
        if (!/[A-Z]/.test(v) || !/[a-z]/.test(v) || !/\d/.test(v) || v.includes('//') || isUuid(v) || isWordyIdentifier(v) || madeOfWords(v)) continue;
        if (!valueLooksSecret(v, 'weak', false)) continue;
        push(text, index, out, s + m.index, s + m.index + v.length, RULE);
      }
    }
  }
}

export const commentSecret: BlockRule = {
  id: RULE,
  description: 'A random token in a comment that calls it a credential (rotate, creds, DO NOT COMMIT, old key …), with no key name',
  gate: '',
  scan,
  samples() {
    let seed = 0xc0de5;
    const r = (n: number) => rand(ALNUM, n, seed++ * 7919) + 'a7Q';
    const [a, b, c] = [r(37), r(29), r(29)];
    // An AWS-like secret access key: base64 characters, `+` and `/` inside.
    const d = rand(ALNUM, 14, seed++ * 7919) + '+' + rand(ALNUM, 12, seed++ * 7919) + '/' + rand(ALNUM, 10, seed++ * 7919) + 'q7Z';
    return {
      truePositives: [
        { text: `// old key, rotate later: ${a}\nconst x = 1;\n`, secrets: [a] },
        { text: `# creds for staging: admin / ${b}\n`, secrets: [b] },
        { text: `// DO NOT COMMIT ${c}\n`, secrets: [c] },
        { text: `    // old key, rotate later: ${d}\n`, secrets: [d] },
      ],
      falsePositives: [
        '// fixed in commit 3f2a9c1d4e5b6a7f8e9d0c1b2a3f4e5d6c7b8a9f\n',
        '# rotate the key with scripts/rotateApiKeyForStagingEnvironment.sh\n',
        '// creds come from process.env.DATABASE_PASSWORD_FOR_STAGING\n',
        '// rotate logs with src/main/java/com/example/LogRotationScheduler2.java\n',
        '# revoke tokens: see https://example.com/docs/RevokeTokens2024Guide\n',
      ],
    };
  },
};
