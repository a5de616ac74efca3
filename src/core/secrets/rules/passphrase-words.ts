// A passphrase of words under a password or passphrase key: `BACKUP_ENCRYPTION_PASSWORD='harbor walnut walnut quarry
// mosaic pmrznt'`, `DB_PASSWORD="five words in quotes here"`, YAML `password: six words of a passphrase`, INI
// `passphrase = correct horse battery staple x`. The generic value reader judges a value by its characters, and a
// phrase of lower-case words reads as prose to it; its word list (generic.ts, wordPassphrase) wants distinct words,
// each with a vowel, so a repeated word or a random chunk (`pmrznt`) let the whole phrase through.
// The principle: under a key that says password or passphrase, a value of words is the secret whatever its words,
// unless it is clearly text about the secret: a prompt, a rule or a label (`must be at least 8 characters`, `Enter
// your password`, `(ask ops)`, `Mot de passe actuel`): a word of prose, a bracket, a question, a script beyond ASCII.
// Threat: found by a blind red team (rt21mask, multiword-passphrase, weak-pw-ini-keys): the passphrase shown verbatim.
// Cost: a line form gated on `pass`/`Pass`/`PASS`; a cheap line test (a space after the operator) before the regex.
import { isReference } from '../entropy';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holdsAny, registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'passphrase-words';

/** Words of a prompt, a rule, a label or a placeholder (English and the function words of a few other languages). */
const PROSE = new Set(
  (
    'enter your the a an to for of and or is be are please type here password passphrase passwd pass secret key token change me set ' +
    'not required optional none empty default value see use this that with must should will new old confirm repeat again field label ' +
    'hint placeholder example sample test dummy my our from in on at by it its you we if no yes invalid incorrect wrong missing ' +
    'expired characters character chars least long short too strong weak forgot reset ask stored kept lives provided given ' +
    'generated rotate rotated managed via env environment variable vault file see todo tbd fixme later current user account ' +
    'contact team ops admin do does can cannot any only same as was were has have had been being than then there their ' +
    'de du la le les el los las il di da der die das den dem und et y och og en van het een je le mot passe wort ' +
    'contraseña mot kennwort passwort wachtwoord senha'
  ).split(' '),
);

/** A word of a passphrase: letters, digits and the signs people join or end words with. */
const WORD = /^[A-Za-z0-9][A-Za-z0-9!#&*+_.,;@~^-]{0,31}$/;

/** Words, at least two, none of prose; no bracket, slot, reference or question; ASCII only. */
export function isWordPassphrase(v: string): boolean {
  const t = v.trim();
  if (t.length < 12 || t.length > 200 || /[()[\]{}<>$%?…"'`\\|/=:]/.test(t) || isReference(t)) return false;
  const words = t.split(/[ \t]+/);
  if (words.length < 2 || words.length > 16) return false;
  let letters = 0;
  for (const w of words) {
    if (!WORD.test(w)) return false;
    const core = w.replace(/[!#&*+_.,;@~^-]+$/, '').toLowerCase();
    if (PROSE.has(core)) return false;
    if (/[a-z]{3}/.test(core)) letters++;
  }
  // Mostly words (not a list of numbers or flags); a sentence ends in a full stop after a word of letters.
  if (letters * 2 < words.length) return false;
  return !/[a-z]{2}\.$/i.test(t) || words.length <= 3;
}

/** The key (group 1), then the value: in double quotes (2), single quotes (3) or bare to the line's end or a ` #` (4). */
const ASSIGN =
  /(?:^|[\s{,;"'(])(?:export[ \t]+)?["']?((?:[A-Za-z_][\w.-]*?)?(?:pass(?:word|phrase|wd)|PASS(?:WORD|PHRASE|WD)|Pass(?:word|phrase|wd))|pass|PASS)["']?[ \t]*(?::=|=|:)[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'#;][^#\n]*?))[ \t]*[,;]?[ \t]*(?:$|[ \t]#)/dgm;

const FORMS: Form[] = [
  {
    gates: ['pass', 'Pass', 'PASS'],
    re: ASSIGN,
    groups: [2, 3, 4],
    line: true,
    lineTest: (l) => / [^ \t]/.test(l.slice(l.search(/[=:]/) + 1)),
    judge: (v) => isWordPassphrase(v),
  },
];
registerGates(formLiterals(FORMS));

/** The literals one of which the text must hold for the rule to run (the gates' one pass answers). */
const ANY_GATE = formLiterals(FORMS);

let seed = 0x42ab;
const WORDS = 'harbor walnut quarry mosaic orbit saddle lantern pickle meadow velvet copper tundra'.split(' ');
const pick = () => WORDS[(seed = (seed * 1103515245 + 12345) >>> 0) % WORDS.length]!;
const chunk = () => {
  let s = '';
  for (let i = 0; i < 6; i++) s += 'bcdfghjklmnpqrstvwxz'[(seed = (seed * 1103515245 + 12345) >>> 0) % 20];
  return s;
};

export const passphraseWords: BlockRule = {
  id: RULE,
  description: 'A passphrase of words under a password or passphrase key (any words, repeated or random), not a prompt, rule or label',
  gate: '',
  applies: (text) => holdsAny(text, ANY_GATE),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    seed = 0x42ab;
    const w = pick();
    const a = [w, pick(), w, pick(), pick(), chunk()].join(' ');
    const b = [pick(), pick(), pick(), pick(), chunk()].join(' ');
    const c = [pick(), pick(), pick(), pick(), pick(), pick()].join(' ');
    const d = [pick(), pick(), pick(), chunk(), 'x'].join(' ');
    const e = [pick(), pick(), chunk(), pick(), pick(), pick(), pick()].join(' ');
    return {
      truePositives: [
        { text: `BACKUP_ENCRYPTION_PASSWORD='${a}'\n`, secrets: [a] },
        { text: `DB_PASSWORD="${b}"\n`, secrets: [b] },
        { text: `db:\n  password: ${c}\n`, secrets: [c] },
        { text: `[vault]\npassphrase = ${d}\n`, secrets: [d] },
        { text: `export GPG_PASSPHRASE=${e}  # rotate yearly\n`, secrets: [e] },
      ],
      falsePositives: [
        'password: must be at least 8 characters\n',
        'password: Contraseña\n',
        'passphrase: (ask ops)\n',
        'password: Enter your password\n',
        'password: Mot de passe actuel\n',
        '# DB_PASSWORD is read from the vault at start\n',
        'passphrase = ${BACKUP_PASSPHRASE}\n',
        'password_hint: Your favourite colour?\n',
        'password: Ask the ops team on call.\n',
      ],
    };
  },
};
