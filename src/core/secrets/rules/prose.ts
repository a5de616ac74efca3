// A secret told in a sentence: the noun, then the value (`use the shared secret V (rotate monthly)`, `# TODO: remove
// hardcoded key V`, `unseal key 2: V`). No key-value rule reads it: the noun is a word of prose, not a key.
// Threat: onboarding notes, comments and exported notes hand the model the secret in a sentence.
// How: the noun (secret, key, token, password, passphrase, passcode), after another word of the sentence, maybe a
// number and a colon, then one run of 16+ characters that holds upper case, lower case and digits and reads as
// random (randomPartOk): a hash (one case of hex), a UUID, a word or an identifier does not pass. A public or host
// key, a key id or fingerprint is no secret.
// Cost: a line form: its regex runs only on the lines that hold one of the nouns.
import { isPlaceholder, isReference, randomPartOk } from '../entropy';
import { ALNUM, B64, rand } from '../samples';
import type { BlockRule } from '../types';
import { registerGates } from './gates';
import { scanForms, type Form } from './form-scan';

const RULE = 'prose-secret';

const NOUNS = ['secret', 'key', 'token', 'password', 'passphrase', 'passcode'];
const cased = (w: string) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`;
/** An identifier of words (`idempotencyKeyForRequestsV2`, `ComponentNameVersion`): a name, not a random value. */
const WORDS_IDENTIFIER = /^(?:[A-Za-z][a-z]+)+(?:[A-Z]{0,2}\d{0,3})$/;
const NOT_SECRET = /^(?:public|pub|host|ssh|gpg|pgp|the[ \t]+public|signing[ \t]+public|api[ \t]+public)$/i;

const FORMS: Form[] = [
  {
    gates: NOUNS.flatMap((w) => [w, w[0]!.toUpperCase() + w.slice(1)]),
    re: new RegExp(
      String.raw`\b([A-Za-z][\w-]*)[ \t]+(?:${NOUNS.map(cased).join('|')})(?:[ \t]+\d{1,2})?[ \t]*:?[ \t]+([A-Za-z0-9+/_.=-]{16,200})(?=$|[\s).,;!?'"<])`,
      'dg',
    ),
    groups: [2],
    judge: (v, m) => {
      if (NOT_SECRET.test(m[1]!) || /^(?:is|was|are|id|name|file|path)$/i.test(m[1]!)) return false;
      const core = v.replace(/[.=]+$/, '');
      return (
        core.length >= 16 &&
        /[A-Z]/.test(core) &&
        /[a-z]/.test(core) &&
        /\d/.test(core) &&
        !core.startsWith('AAAA') &&
        !WORDS_IDENTIFIER.test(core) &&
        !isReference(core) &&
        !isPlaceholder(core) &&
        randomPartOk(core)
      );
    },
    line: true,
  },
];
registerGates(FORMS.flatMap((f) => f.gates));

export const proseSecret: BlockRule = {
  id: RULE,
  description: 'A secret told in a sentence: `the shared secret V`, `hardcoded key V`, `unseal key 2: V` (a random value of mixed case and digits)',
  gate: '',
  scan(text, index, out): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0x9a05e0;
    const t = (n: number) => 'Qa7' + rand(ALNUM, n, seed++ * 7919);
    const [a, b] = [t(19), t(19)];
    const c = 'Zp4' + rand(B64, 40, seed++ * 7919) + '=';
    return {
      truePositives: [
        { text: `To access the VPN use the shared secret ${a} (rotate monthly).`, secrets: [a] },
        { text: `# TODO: remove hardcoded key ${b}`, secrets: [b] },
        { text: `<Value>unseal key 2: ${c}</Value>`, secrets: [c] },
      ],
      falsePositives: [
        'The public key AAAAC3NzaC1lZDI1NTE5AAAAIGx7b2Qm is on the wiki.',
        'Rotate the signing key 3f2a9c1e8b7d6a5f4e3d2c1b0a998877 next week.',
        'Set the cache key ComponentNameVersion to bust the cache.',
        'The key idempotencyKeyForRequestsV2 is sent on retries.',
        'Our api token 7d9f0c2e-1b4a-4c3d-9e8f-0a1b2c3d4e5f is a placeholder, see the vault.',
        'the secret ${SECRET_VALUE} goes here',
      ],
    };
  },
};
