// Secrets whose name and value no line rule sees together, or whose name the pre-scan's anchors miss:
// - a .NET XML RSA key (`<RSAKeyValue>`): the private parameters P, Q, DP, DQ, InverseQ, D (Modulus and Exponent are public);
// - C's `#define PGPASSWORD "…"`: a secret word glued to a service's name, with no `_` before it for the pre-scan's anchor;
// - a bare value on the line after a line that is only a password's label (`password`, `Password:` in notes or a chat);
// - a Kubernetes-style `- name: DB_PASSWORD` then `value: "…"` pair inside a non-YAML text (a JS template, a heredoc).
// Threat: each of these lines was shown to the model verbatim.
// Cost: each form starts at a literal the pre-scan's gate pass answers (`<RSAKeyValue>`, `define`, `assword`,
// `value:`); only the lines around it are read.
import { classifyName } from '../names';
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { eachLineHolding, push } from './form-scan';
import { judge } from './structure';

const RULE = 'paired-line-secret';
const PRIORITY = 2.6;

const RSA_GATE = '<RSAKeyValue>';
const DEFINE_GATE = 'define';
const LABEL_GATES = ['assword', 'ASSWORD'];
const K8S_GATE = 'value:';
registerGates([RSA_GATE, DEFINE_GATE, ...LABEL_GATES, K8S_GATE]);

/** A private parameter's element and its base64 text (on one line, possibly with others). */
const RSA_PRIVATE = /<(P|Q|DP|DQ|InverseQ|D)>[ \t]*([A-Za-z0-9+/]{16,}={0,2})[ \t]*<\/\1>/g;

function rsaXml(text: string, index: LineIndex, out: BlockOutput): void {
  for (const m of text.matchAll(RSA_PRIVATE)) {
    const s = m.index + m[0].indexOf(m[2]!, m[1]!.length + 2);
    push(text, index, out, s, s + m[2]!.length, RULE, PRIORITY);
  }
}

/** `#define NAME "value"` (C, C++, Objective-C), the name any case. */
export const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+(?:L|u8|u|U)?"((?:[^"\\\n]|\\.)*)"/gm;

/** DEFINE's matches, read on the lines holding `define` alone (each match is on one line and holds it). */
function defines(text: string, index: LineIndex, out: BlockOutput): void {
  eachLineHolding(text, DEFINE_LITERALS, DEFINE, (m, at) => {
    const strength = classifyName(m[1]!);
    if (strength === null || !judge(m[2]!, strength, true)) return;
    const s = at + m.index + m[0].length - 1 - m[2]!.length;
    push(text, index, out, s, s + m[2]!.length, RULE, PRIORITY);
  });
}
export const DEFINE_LITERALS = [DEFINE_GATE];

/**
 * A line that is only a password's label (`password`, `Password:`, `- wifi password:`, a chat's `[10:02] bob: root password`), then a line that is one bare
 * token: the token is the password (a note, a chat transcript).
 */
const LABEL_THEN_VALUE =
  /^[ \t]*(?:[-*#>][ \t]*)?(?:\[[^\]\n]{1,24}\][ \t]*)?(?:[\w.-]{1,32}:[ \t]+)?(?:[A-Za-z]+[ \t]+)?(?:password|passwd|passphrase)[ \t]*:?[ \t]*\r?\n[ \t]*([^\s"'`<>()[\]{}]{6,128})[ \t]*\r?$/gim;

function labelLines(text: string, index: LineIndex, out: BlockOutput): void {
  for (const m of text.matchAll(LABEL_THEN_VALUE)) {
    const v = m[1]!;
    // A heading underline, a rule, a prompt, a word of prose, an assignment or a setting (`min_length=8`): not a password.
    if (/^[A-Za-z_][\w.-]*[=:]/.test(v) || /^[-=_*~#.]+$/.test(v) || /^[A-Za-z]+[.:,!?]?$/.test(v) || !/[0-9!@#$%^&*_+=~.-]/.test(v)) continue;
    if (!judge(v, 'strong', true)) continue;
    const s = m.index + m[0].lastIndexOf(v);
    push(text, index, out, s, s + v.length, RULE, PRIORITY);
  }
}

/** `- name: DB_PASSWORD` then `value: "…"` on the next line (a container's env entry), wherever the text puts it. */
const ENV_PAIR = /-[ \t]+name:[ \t]*["']?([\w.-]+)["']?[ \t]*\r?\n[ \t]*value:[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'#`,}]+))/g;

function envPairs(text: string, index: LineIndex, out: BlockOutput): void {
  for (const m of text.matchAll(ENV_PAIR)) {
    const strength = classifyName(m[1]!);
    if (strength === null) continue;
    const quoted = m[4] === undefined;
    const v = m[2] ?? m[3] ?? m[4]!;
    if (!judge(v, strength, quoted)) continue;
    const s = m.index + m[0].length - v.length - (quoted ? 1 : 0);
    push(text, index, out, s, s + v.length, RULE, PRIORITY);
  }
}

let seed = 0x35a11;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);

export const pairedLineSecret: BlockRule = {
  id: RULE,
  description:
    'An XML RSA key\'s private parameters; C\'s `#define PGPASSWORD "…"`; a bare password on the line after a `password` label; a `- name: X_PASSWORD` / `value:` pair outside YAML',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    if (holds(text, RSA_GATE)) rsaXml(text, index, out);
    if (holds(text, DEFINE_GATE)) defines(text, index, out);
    if (LABEL_GATES.some((g) => holds(text, g))) labelLines(text, index, out);
    if (holds(text, K8S_GATE)) envPairs(text, index, out);
  },
  samples: () => {
    const [p, q, d, pg, note, env] = [
      rs(ALNUM, 64) + '==',
      rs(ALNUM, 64) + '==',
      rs(ALNUM, 128),
      'Pg' + rs(ALNUM, 10) + '7',
      'Hx-' + rs(ALNUM, 10) + '4',
      'Kv' + rs(ALNUM, 12) + '2',
    ];
    return {
      truePositives: [
        {
          text: `<RSAKeyValue>\n<Modulus>${rs(ALNUM, 128)}</Modulus>\n<Exponent>AQAB</Exponent>\n<P>${p}</P>\n<Q>${q}</Q>\n<D>${d}</D>\n</RSAKeyValue>\n`,
          secrets: [p, q, d],
        },
        { text: `#define PGHOST "db"\n#define PGPASSWORD "${pg}"\n`, secrets: [pg] },
        { text: `wifi at the office\npassword\n${note}\n`, secrets: [note] },
        { text: 'const t = `\n  env:\n    - name: DB_PASSWORD\n      value: "' + env + '"\n`;\n', secrets: [env] },
      ],
      falsePositives: [
        '<RSAKeyValue><Modulus>' + 'QUJD'.repeat(32) + '</Modulus><Exponent>AQAB</Exponent></RSAKeyValue>\n',
        '#define PASSWORD_MIN_LENGTH 8\n#define PGPASSWORD_ENV "PGPASSWORD"\n',
        'Password\n--------\nSet a password of at least 12 characters.\n',
        'password:\nrequired\n',
        '    - name: LOG_LEVEL\n      value: "debug"\n    - name: DB_PASSWORD\n      value: ""\n',
      ],
    };
  },
};
