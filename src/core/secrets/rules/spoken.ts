// Credentials told in prose the key rules do not read: a pair written `user / password` after a label
// (`login: admin / X`, `user/pass: deploy / X`, `credentials - root / X`), and the word for password in
// another language written in ASCII and followed by that language's "is" (`Das Passwort ist X`, `Le mot de
// passe est X`; the same sentences with letters beyond ASCII are read by decode.ts's views).
// Threat: onboarding notes, tickets and READMEs hand the model the shared password in a sentence.
// Cost: the rule runs only on texts where the pre-scan's literal pass saw ` / `, `asswort` or `de passe`
// (masker.ts HAS_LITERALS), and reads only the lines that hold them.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { viewOf, lineSpan } from '../decode';
import { keywordSelector } from '../keywords';
import { PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex, LineRule } from '../types';
import { GENERIC_RULES } from './generic';
import { MORE_CONTEXT_RULES } from './context-more';
import { addHit } from './hits';
import { lineOf } from '../blocks';

const ID = 'spoken-credential';

/**
 * `label: user / password`: the label names a login or a pair, the value after the slash is the password. A dash
 * between label and pair stands between blanks (`credentials - root / X`): `[username-password](https://…)`,
 * `[login-user.md](../docs/…)` are a Markdown link's words and path, and a user holds no bracket or parenthesis.
 */
const USER_PASS =
  /\b(?:log[ -]?in|logon|sign[ -]?in|user(?:name)?|account|creds?|credentials?|(?:user(?:name)?|login)[ \t]*\/[ \t]*(?:pass(?:word)?|pw|pwd))[ \t]*(?:[:=]|(?<=[ \t])(?:-|–|—)(?=[ \t])|(?:is|are|was|were|with|as|using)\b:?)[ \t]*[`"']?([^\s/`"'()[\]]{1,64})[`"']?[ \t]*\/[ \t]*(["'`]?)([^\s"'`]{6,128})\2|\b(?:use|try)[ \t]+[`"']?([\w.@-]{1,64})[`"']?[ \t]*\/[ \t]*(["'`]?)([^\s"'`]{6,128})\5[ \t]+to[ \t]+(?:log|sign)[ -]?in/dgi;

/** The literals the pre-scan's pass looks for (masker.ts HAS_LITERALS). */
export const SPOKEN_LITERALS: readonly string[] = [' / ', 'asswort', 'de passe', 'redentials', 'og in', 'ogin'];
/** Lines that may hold a pair written `user/password` without blanks: the label's literals. */
const PAIR_LABELS = ['redentials', 'og in', 'ogin'];

/** The user part of a pair that is a path's head instead: home, this or the parent directory, a variable. */
const PATH_HEAD = /^(?:~|\.{1,2}|\$\{?\w+\}?|%\w+%)$/;

type Has = (literal: string) => boolean;
let lastHas: Has | undefined;
let select: ((line: string) => LineRule[]) | undefined;

function judged(v: string, quoted: boolean): boolean {
  if (v.length < 8 || !/[\d\W_]/.test(v) || !/[A-Za-z]/.test(v)) return false;
  return !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, 'strong', quoted);
}

/** The lines of `text` holding `literal`, by start offset. */
function linesWith(text: string, literal: string, into: Set<number>): void {
  for (let k = text.indexOf(literal); k >= 0;) {
    into.add(text.lastIndexOf('\n', k - 1) + 1);
    const nl = text.indexOf('\n', k);
    if (nl < 0) break;
    k = text.indexOf(literal, nl);
  }
}

export const spokenCredential: BlockRule = {
  id: ID,
  description: 'A credential told in prose: "login: admin / X", "user/pass: deploy / X", "Das Passwort ist X", "Le mot de passe est X"',
  gate: '',
  applies(_text: string, has: Has): boolean {
    lastHas = has;
    return SPOKEN_LITERALS.some((l) => has(l));
  },
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const has = lastHas ?? ((l: string) => text.includes(l));
    lastHas = undefined;
    const pairs = PAIR_LABELS.filter((l) => has(l));
    if (has(' / ') || pairs.length > 0) {
      const lines = new Set<number>();
      if (has(' / ')) linesWith(text, ' / ', lines);
      for (const l of pairs) linesWith(text, l, lines);
      for (const ls of lines) {
        const nl = text.indexOf('\n', ls);
        const line = text.slice(ls, nl < 0 ? text.length : nl);
        if (line.length > 4096) continue;
        USER_PASS.lastIndex = 0;
        for (let m = USER_PASS.exec(line); m !== null; m = USER_PASS.exec(line)) {
          const g = m[3] !== undefined ? 3 : 6;
          // A path is no pair: `credentials: ~/.aws/credentials`, `./secrets/db.txt`, `$HOME/.netrc`.
          if (PATH_HEAD.test(m[g - 2]!)) continue;
          if (!judged(m[g]!, m[g - 1] !== '')) continue;
          const [s, e] = m.indices![g]!;
          addHit(out, lineOf(index.starts(), ls), { start: s, end: e, rule: ID, priority: 1 });
        }
      }
    }
    const prose = new Set<number>();
    if (has('asswort')) linesWith(text, 'asswort', prose);
    if (has('de passe')) linesWith(text, 'de passe', prose);
    if (prose.size === 0) return;
    select ??= keywordSelector([...GENERIC_RULES, ...MORE_CONTEXT_RULES]);
    for (const ls of prose) {
      const nl = text.indexOf('\n', ls);
      const line = text.slice(ls, nl < 0 ? text.length : nl);
      if (line.length > 4096) continue;
      const view = viewOf(line);
      if (view === null) continue;
      const hits: Hit[] = [];
      for (const rule of select(view.text)) rule.scan(view.text, hits);
      for (const h of hits) {
        if (h.end <= h.start || h.follow !== undefined) continue;
        const [s, e] = lineSpan(view, h.start, h.end);
        addHit(out, lineOf(index.starts(), ls), { start: s, end: e, rule: ID, priority: h.priority });
      }
    }
  },
  samples() {
    const p = Array.from({ length: 4 }, (_, k) => rand(PASSWORD_CHARS.replace(/[#'"\\,;%/]/g, ''), 14, 0x5b0 + k) + '7x');
    return {
      truePositives: [
        { text: `login: admin / ${p[0]}`, secrets: [p[0]!] },
        { text: `user/pass: deploy / ${p[1]}`, secrets: [p[1]!] },
        { text: `Das Passwort ist ${p[2]}`, secrets: [p[2]!] },
        { text: `Le mot de passe est ${p[3]}`, secrets: [p[3]!] },
      ],
      falsePositives: [
        'login: admin / logout: /signout',
        'See src/auth/password.ts / docs/tokens.md',
        'Das Passwort ist erforderlich.',
        'Le mot de passe est obligatoire',
        'const ratio = total / count;',
        'user: admin / role: viewer',
        '- credentials: ~/.aws/credentials',
        '-   [username-password](https://github.com/AzureAD/microsoft-authentication-library-for-js/tree/dev/samples/msal-node-samples/username-password): Web app',
        'see the [login-user.md](../../../docs/login-user.md#handling-interaction_in_progress-errors) documentation.',
      ],
    };
  },
};
