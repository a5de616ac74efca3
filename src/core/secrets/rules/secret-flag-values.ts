// A command-line flag whose own name says secret, with its value after a blank: `--masterauth V`,
// `--db-password V`, `--jwt-secret V`, `--root-pw V`, `--dbPassword V` — any flag classifyName reads as a
// secret's name, not a fixed list (admin.ts and the cli-password rule know the common ones) — and the same
// flag and value as two items of a YAML list (`- --requirepass` then `- V`: a container's `args:`/`command:`).
// Threat: the value was shown to the model verbatim.
// Cost: line forms (fresh10.ts) on the lines holding `--` (the forms' pass finds it already); the list form is
// tried only at line starts that open a list item holding a flag (`- --`, `- "--`, `- '--`).
import { isPlaceholder, isReference, isVariableLed, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { registerGates } from './gates';
import { formLiterals, scanForms, type Form, type Judge } from './form-scan';
import { storedSecretName } from './references';

const RULE = 'secret-flag-value';

/** A flag's name run together as programs write them (`requirepass`, `masterauth`, `storepass`, `bindpw`). */
const RUN_TOGETHER = /^[a-z]*(?:pass|passwd|password|pw|pwd|auth|secret|token)$/;
const NOT_SECRET = /^(?:bypass|compass|surpass|trespass|encompass|noauth|oauth|preauth|auth)$/;

/** What a flag's name says its value is (names.ts, or a run-together secret word). */
function flagStrength(name: string): 'strong' | 'weak' | null {
  return classifyName(name) ?? (RUN_TOGETHER.test(name) && !NOT_SECRET.test(name) ? 'strong' : null);
}

/** The flag's value is a secret: as the flag's name says, not a flag, a reference, a path or a `k=v` spec. */
const flagValue =
  (nameGroup: number, quoteGroup: number): Judge =>
  (v, m) => {
    const strength = flagStrength(m[nameGroup]!);
    if (strength === null || v.startsWith('-') || isVariableLed(v) || v.includes('=') || isReference(v) || isPlaceholder(v)) return false;
    // `--secret-id prod/db/password`: the name a secrets manager keeps the secret under.
    if (storedSecretName(m[nameGroup]!, v)) return false;
    return valueLooksSecret(v, strength, m[quoteGroup] !== '', false, true);
  };

const FORMS: Form[] = [
  {
    gates: ['--'],
    re: /(?<![\w-])--([A-Za-z][\w.-]*[A-Za-z0-9])[ \t]+(["']?)([^\s"'\\;|&<>`]{4,})\2(?=[\s;|&)\]]|$)/dg,
    groups: [3],
    line: true,
    judge: flagValue(1, 2),
  },
  {
    gates: ['- --', '- "--', "- '--"],
    re: /^[ \t]*-[ \t]+(["']?)--([A-Za-z][\w.-]*[A-Za-z0-9])\1[ \t]*\r?\n[ \t]*-[ \t]+(["']?)([^\s"'#]{4,})\3[ \t]*(?=\r?$)/dgm,
    groups: [4],
    lineStart: '-',
    judge: flagValue(2, 3),
  },
];
registerGates(formLiterals(FORMS));

export const secretFlagValue: BlockRule = {
  id: RULE,
  description: 'A value after a command-line flag named for a secret (--masterauth V, --db-password V, --jwt-secret V), also as two YAML list items',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples: () => {
    const [a, b, c] = [rand(ALNUM, 18, 0x31a1) + 'q7', rand(ALNUM, 18, 0x31a2) + 'q7', rand(ALNUM, 18, 0x31a3) + 'q7'];
    return {
      truePositives: [
        { text: `redis-server --masterauth ${a}\n`, secrets: [a] },
        { text: `app --root-pw ${b} --port 80\n`, secrets: [b] },
        { text: `args:\n  - --requirepass\n  - ${c}\n`, secrets: [c] },
      ],
      falsePositives: [
        'docker login --password-stdin --username ci\n',
        'app --token-file /run/secrets/token --port 80\n',
        'docker build --secret id=npmrc,src=$HOME/.npmrc .\n',
        'args:\n  - --requirepass\n  - $(REDIS_PASSWORD)\n',
        'app --auth basic --secret-name prod-db\n',
      ],
    };
  },
};
