// chat-password: a password told in a chat line or a sentence by a short word or by its role, where no key-value
// rule reads a key:
// - `use V as the password` / `use V as the root pw` / `try V for the password` (the value before the noun);
// - `pw is V`, `the root pw is: V`, `pass for the vpn is V`, `pass for the vpn = V` (the short words: `pw`, `pwd`,
//   `pass`, `passwd`, `passcode`; `password is V` is the spoken rule's);
// each also after a chat log's head (`[10:42] <alice> …`, `alice 10:42 AM …`, `12:01 carol: …`).
// Threat: found by a blind red team: Slack/IRC exports and meeting notes handed the model the password verbatim.
// How: line forms gated by the nouns (the gates' one pass); the value must read as a password (valueLooksSecret,
// strong), so `use the password from the vault`, `pw is required`, `pass is ok` stay.
import { isPlaceholder, isReference, isVariableLed, valueLooksSecret } from '../entropy';
import { PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'chat-password';

/** A told password: no reference, placeholder, `$VAR` or word of prose (`required`, `stored`). */
const told = (v: string): boolean => {
  const core = v.replace(/[.,;!?)]+$/, '');
  return core.length >= 6 && !isVariableLed(core) && !isReference(core) && !isPlaceholder(core) && valueLooksSecret(core, 'strong', true);
};

const NOUN = String.raw`(?:[Pp](?:ass(?:word|wd|phrase|code)?|wd|w)|P(?:ASS(?:WORD|WD|PHRASE|CODE)?|WD|W))`;
/** The value (groups 1, the quote, and 2): the forms' first groups. */
const VALUE = String.raw`(["'\x60]?)([^\s"'\x60<>-][^\s"'\x60<>]{5,127})\1`;

const FORMS: Form[] = [
  {
    // `use V as the password`, `try V as the db pw`, `use V for the root password`.
    gates: ['pass', 'Pass', 'PASS', 'pw', 'PW', 'Pw'],
    re: new RegExp(
      String.raw`\b(?:[Uu]se|USE|[Tt]ry|TRY|[Ee]nter|[Tt]ype|[Pp]ut)[ \t]+${VALUE}[ \t]+(?:as|for|AS|FOR)[ \t]+(?:(?:the|a|an|our|your|my|its|their)[ \t]+)?(?:[\w.-]+[ \t]+){0,2}${NOUN}\b`,
      'dg',
    ),
    groups: [2],
    judge: told,
    line: true,
    // The verb and the `as`/`for` before the regex (whose leading class is tried at every character).
    lineTest: (l) => / (?:as|for|AS|FOR) /.test(l) && /(?:^|[^\w])(?:[Uu]se|USE|[Tt]ry|TRY|[Ee]nter|[Tt]ype|[Pp]ut) /.test(l),
  },
  {
    // `pw is V`, `the root pw is: V`, `pass for the vpn = V`.
    gates: ['pw', 'PW', 'Pw', 'pass', 'Pass', 'PASS'],
    re: new RegExp(
      String.raw`(?:^|[\s>:(\[*_])(?:[Pp](?:w|wd|ass|asswd|asscode)|P(?:W|WD|ASS|ASSWD))[*_\x60]{0,2}(?:[ \t]+(?:for|of|on|to)[ \t]+(?:the[ \t]+)?[\w.@/-]+[ \t]+(?:is|was|=)|[ \t]+(?:is|was))[ \t]*:?[ \t]*${VALUE}(?=$|[\s,;!?)]|\.(?:\s|$))`,
      'dg',
    ),
    groups: [2],
    judge: told,
    line: true,
    lineTest: (l) => l.includes(' is') || l.includes(' was') || l.includes('='),
  },
];
registerGates(formLiterals(FORMS));

/** The literals one of which the text must hold for any of the rule's forms to run (the gates' one pass answers). */
const ANY_GATE = formLiterals(FORMS);

export const chatPassword: BlockRule = {
  id: RULE,
  description: 'A password told in a chat line or a sentence: use V as the password, pw is V, the root pw is: V, pass for the vpn = V',
  gate: '',
  applies: (text) => ANY_GATE.some((g) => holds(text, g)),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0x39ca70;
    const p = Array.from({ length: 8 }, () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'"\\,;:|()<>{}@/\s$?=.!-]/g, ''), 14, seed++ * 7919) + 'k');
    return {
      truePositives: [
        { text: `use ${p[0]} as the password`, secrets: [p[0]!] },
        { text: `[10:42] <alice> use '${p[1]}' as the staging db password`, secrets: [p[1]!] },
        { text: `[10:43] <bob> pw is ${p[2]}`, secrets: [p[2]!] },
        { text: `alice  10:44 AM  the root pw is: ${p[3]} (rotate friday)`, secrets: [p[3]!] },
        { text: `12:01 carol: pass for the vpn = ${p[4]}`, secrets: [p[4]!] },
        { text: `Try ${p[5]} for the wifi password.`, secrets: [p[5]!] },
      ],
      falsePositives: [
        'use the password from the vault',
        'Use this as the password for now',
        '[10:43] <bob> pw is required for the admin page',
        'the root pw is stored in 1Password',
        'pass is ok, moving on',
        'use $DB_PASSWORD as the password',
        'use <password> as the password',
        'Use --password-stdin as the password source',
        'char[] pw = System.console().readPassword("Enter passphrase:");',
        'pass = getpass.getpass("Password: ")',
      ],
    };
  },
};
