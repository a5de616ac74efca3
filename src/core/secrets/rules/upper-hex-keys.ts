// An upper-case hex key (32 to 64 digits, `D771E438…`) after a secret's name written as words or wrapped: a
// Markdown table row (`| API key | D771… |`), a comment (`# api key D771…`), prose (`the access token: D771…`),
// an angle-bracketed value (`API_KEY=<D771…>`, which reads as a `<placeholder>` to the generic rule). Names with
// two tails (`API_KEY_HEX_UPPER`) are the pre-scan's (prefilter.ts KEY_TAILS): the generic rule reads them.
// Threat: the key was shown to the model verbatim.
// Cost: a line form (fresh10.ts): only lines holding a secret word the forms' pass already looks for are read, and
// only those with a run of 32 upper-case hex digits go on to the regex.
import { isPlaceholder, randomPartOk } from '../entropy';
import { rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'upper-hex-key';

/** A run of 32 upper-case hex digits with a letter among them: the cheap test before the regex. */
const RUN = /[0-9A-F]{32}/;

/** Words of a line whose hex is public: a fingerprint, a digest, a key's id. */
const NOT_SECRET = /fingerprint|gpg|pgp|sha-?\d|md5|checksum|digest|hash|key[ _-]?id|public/i;

const FORMS: Form[] = [
  {
    gates: ['key', 'Key', 'KEY', 'secret', 'Secret', 'SECRET', 'token', 'Token', 'TOKEN'],
    // The secret's name as words (`api key`, `Secret-Key`, `access_token`), up to a few separators (`|`, `:`, `=`,
    // `<`, `is`), then the digits, bounded.
    re: /(?<![A-Za-z0-9])(?:(?:api|access|secret|private|auth|client|master|encryption|license|session|bearer|bot|app)[ _.-]?)?(?:key|secret|token)s?(?![A-Za-z0-9])[ \t]*(?:[|:=<>\-]{1,3}[ \t]*|(?:is|was|=)[ \t]+|\t)?[ \t]*[<`"']?([0-9A-F]{32,64})(?![0-9A-Za-z])/dgi,
    groups: [1],
    line: true,
    lineTest: (line) => RUN.test(line),
    // A fingerprint, digest or key id is public: the line that names one says so.
    judge: (v, _m, line) => !NOT_SECRET.test(line) && /[A-F]/.test(v) && /[0-9]/.test(v) && v === v.toUpperCase() && !isPlaceholder(v) && randomPartOk(v),
  },
];
registerGates(formLiterals(FORMS));

export const upperHexKey: BlockRule = {
  id: RULE,
  description: 'An upper-case hex key (32–64 digits) after a secret named in words or wrapped: `| API key | D771… |`, `# api key D771…`, `API_KEY=<D771…>`',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples: () => {
    const [a, b, c] = [rand('0123456789ABCDEF', 32, 0x3141), rand('0123456789ABCDEF', 40, 0x3142), rand('0123456789ABCDEF', 64, 0x3143)];
    return {
      truePositives: [
        { text: `| API key | ${a} |\n`, secrets: [a] },
        { text: `# api key ${b}\n`, secrets: [b] },
        { text: `API_KEY=<${c}>\n`, secrets: [c] },
      ],
      falsePositives: [
        '| API key | 00000000000000000000000000000000 |\n',
        '# key id 0123456789ABCDEF0123456789ABCDEF\n',
        `| GPG key | ${rand('0123456789ABCDEF', 40, 0x3144)} |\n`,
        '| Key fingerprint | ABCD 1234 EF56 7890 |\n',
      ],
    };
  },
};
