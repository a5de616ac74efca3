// A secret whose name is on a line before it, in prose (found by a blind red team, rt21mask:
// markdown-context-previous-line, rst-prose, totp-otpauth-and-recovery, yaml-list-under-secret-key, pgbouncer-userlist):
// - a label line that names a secret and ends in `:` (`The staging API key is below (do not share):`, `Root password
//   for the lab box:`, RST's `the fallback admin credentials are::`), then, after blank lines, a fenced block holding
//   one line, or an indented line: that line is the value (`admin / X` and `user:X` under a credentials label);
// - `Recovery codes:` / `Backup codes:` and the list of codes under it, up to a blank line;
// - a YAML list under a password key (`admin_passwords:` then `- X` items): each item a password;
// - pgbouncer's `userlist.txt`: `"user" "password"` lines (an md5 or SCRAM verifier, or the password itself).
// A value must be one token that reads as a secret: `see the vault`, `kubectl get secret app`, `/etc/ssl/key.pem`,
// `<your-token>` under the same labels stay.
// Threat: handover notes and READMEs hand the model the value on the line under its label.
// Cost: gated on the labels' literals (the gates' one pass); only the few lines after a label line are read.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { addHit, eachMatchLine } from './hits';
import { randomLetters, toldPassword } from './told-passwords';

const RULE = 'context-line-before';
const PRIORITY = 2.6;

/** A prose label naming a secret, ending in `:` or RST's `::` (group 1: credentials, group 2: codes). */
const LABEL =
  /^[ \t]*(?:[#>*_-]+[ \t]*)?(?![ \t]*(?:if|elif|else|def|for|while|with|try|except|class|case|switch|function|fn)\b)[^=;{}\n]{0,80}?\b(?:[Pp]ass(?:word|phrase)|PASSWORD|API[ \t]+[Kk]ey|[Aa]pi[ \t]+key|[Tt]oken|[Ss]ecret|(creds|[Cc]redentials|[Ll]ogin)|((?:[Rr]ecovery|[Bb]ackup)[ \t]+codes))\b[^=;{}\n]{0,60}?(?<!\w\([^)]{0,60}\)):{1,2}[ \t*_]*\r?$/;
/** The literals a label holds one of (case as written). */
const GATES = ['assword', 'ASSWORD', 'assphrase', 'API key', 'API Key', 'api key', 'oken', 'ecret', 'redentials', 'creds', 'ogin', 'codes'];
registerGates([...GATES, ':\n', '"\n']);
/** Where to look: a line ending in `:` (each found once per line). */
const COLON_END = /:[ \t*_]*\r?$/gm;

/** A YAML key naming passwords, alone on its line (group 1: indent, 2: name). */
const YAML_LIST_KEY = /^([ \t]*)([\w.-]+):[ \t]*\r?$/;
/** A pgbouncer userlist line. */
const USERLIST = /^"([^"\s]{1,64})"[ \t]+"([^"\n]{6,512})"[ \t]*\r?$/;

const oneToken = (v: string): boolean => v.length >= 6 && !/\s/.test(v) && !isReference(v) && !isPlaceholder(v) && !v.startsWith('$');

export const contextLineBefore: BlockRule = {
  id: RULE,
  description:
    "A secret on the line(s) after a prose label naming it (`The API key is below:` then a fenced line, `Root password:` then an indented line, RST `credentials are::`), recovery codes, a YAML list under a password key, pgbouncer's userlist",
  gate: '',
  applies: (text) => (holds(text, ':\n') && GATES.some((g) => holds(text, g))) || holds(text, '"\n'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let lines: string[] | undefined;
    const get = (): string[] => (lines ??= text.split('\n'));
    const push = (li: number, line: string, value: string): void => {
      const s = line.indexOf(value);
      if (s >= 0) addHit(out, li, { start: s, end: s + value.length, rule: RULE, priority: PRIORITY });
    };
    if (holds(text, ':\n'))
      eachMatchLine(COLON_END, text, index, (li) => {
        const ls = get();
        const line = ls[li]!;
        if (line.length > 200) return;
        const yaml = YAML_LIST_KEY.exec(line);
        if (yaml !== null && /pass(?:word|wd|phrase)?s$|pwds$|secrets$|tokens$/i.test(yaml[2]!)) {
          const strength = classifyName(yaml[2]!.replace(/s$/i, '')) ?? 'strong';
          for (let k = li + 1; k < ls.length; k++) {
            // A `#` inside the scalar is the value's (`Bailey2017#`); a comment starts after a blank.
            const m = /^([ \t]*)-[ \t]+(["']?)((?!#)[^\s"']{6,256})\2(?:[ \t]+#.*)?[ \t]*\r?$/.exec(ls[k]!);
            if (m === null || m[1]!.length < yaml[1]!.length) break;
            if (oneToken(m[3]!) && valueLooksSecret(m[3]!, strength, m[2] !== '')) push(k, ls[k]!, m[3]!);
          }
          return;
        }
        const label = LABEL.exec(line);
        if (label === null) return;
        let k = li + 1;
        while (k < ls.length && ls[k]!.trim() === '' && k <= li + 2) k++;
        if (k >= ls.length) return;
        if (label[2] !== undefined) {
          // Recovery codes: the list under the label, up to a blank line.
          for (; k < ls.length && ls[k]!.trim() !== ''; k++) {
            const m = /^[ \t]*(?:[-*]|\d{1,2}[.)])?[ \t]*([A-Za-z0-9]{4,12}(?:-[A-Za-z0-9]{4,12}){0,3})[ \t]*\r?$/.exec(ls[k]!);
            if (m === null || !/\d/.test(m[1]!) || !/[A-Za-z]/.test(m[1]!) || m[1]!.length < 8) break;
            push(k, ls[k]!, m[1]!);
          }
          return;
        }
        let at = k;
        const fence = /^[ \t]*(`{3,}|~{3,})[\w-]*[ \t]*\r?$/.exec(ls[k]!);
        if (fence !== null) {
          // A fence holding one line.
          at = k + 1;
          if (at + 1 >= ls.length || !ls[at + 1]!.trim().startsWith(fence[1]!)) return;
        } else if (!/^(?: {4}|\t)/.test(ls[k]!)) return;
        const value = ls[at]!.trim();
        if (label[1] !== undefined || /\//.test(value) || value.includes(':')) {
          // Under a credentials label: `admin / X`, `admin:X`.
          const pair = /^[\w.@-]{1,64}(?:[ \t]+\/[ \t]+|:)(\S{6,128})$/.exec(value);
          if (pair !== null && (toldPassword(pair[1]!) || randomLetters(pair[1]!))) push(at, ls[at]!, pair[1]!);
          return;
        }
        if (oneToken(value) && valueLooksSecret(value, 'strong', false)) push(at, ls[at]!, value);
      });
    if (holds(text, '"\n')) {
      // pgbouncer's userlist: every line `"user" "secret"` (a file of them: two lines at least, or one alone).
      const ls = get();
      const all = ls.filter((l) => l.trim() !== '' && !l.startsWith(';'));
      if (all.length === 0 || !all.every((l) => USERLIST.test(l))) return;
      ls.forEach((l, li) => {
        const m = USERLIST.exec(l);
        if (m === null) return;
        const v = m[2]!;
        if (/^(?:md5[0-9a-f]{32}|SCRAM-SHA-256\$)/.test(v) || (oneToken(v) && valueLooksSecret(v, 'strong', true))) push(li, l, v);
      });
    }
  },
  samples() {
    let seed = 0x42c7b;
    const r = (a: string, n: number) => rand(a, n, seed++ * 7919);
    const pw = () => 'Q7' + r(PASSWORD_CHARS.replace(/[#'"\\,;:|()<>{}@/\s$?=.!-]/g, ''), 12) + 'k';
    const [a, b, c, d, e] = [r(ALNUM, 32), r(ALNUM, 20), pw(), pw(), pw()];
    const codes = [
      r('abcdefghijklmnopqrstuvwxyz', 5) + '-' + r('abcdefghijklmnopqrstuvwxyz', 2) + r('0123456789', 3),
      r('abcdefghijklmnopqrstuvwxyz', 4) + r('0123456789', 4),
    ];
    const md5 = 'md5' + r('0123456789abcdef', 32);
    return {
      truePositives: [
        { text: `# Onboarding\n\nThe staging API key is below (do not share):\n\n\`\`\`\n${a}\n\`\`\`\n`, secrets: [a] },
        { text: `Root password for the lab box:\n\n    ${b}\n`, secrets: [b] },
        { text: `If login fails, the fallback admin credentials are::\n\n    svc-backup / ${c}\n\nOtherwise open a ticket.\n`, secrets: [c] },
        { text: `Recovery codes:\n${codes[0]}\n${codes[1]}\n`, secrets: codes },
        { text: `api_keys:\n  - ${a}\nadmin_passwords:\n  - ${d}\nallowed_hosts:\n  - ledger.example\n`, secrets: [d] },
        { text: `"ledger" "${e}"\n"reporting" "${md5}"\n`, secrets: [e, md5] },
      ],
      falsePositives: [
        'The API key is read from the environment:\n\n```\nexport API_KEY=$(vault read -field=key secret/app)\n```\n',
        'Password requirements:\n\n    - at least 12 characters\n',
        'Root password for the lab box:\n\n    see the vault\n',
        'Example token:\n\n    <your-token>\n',
        'The key file path:\n\n    /etc/ssl/private/key.pem\n',
        'def check_password(pw):\n    return verify_hash(pw)\n',
        'if token:\n    continue\n',
        'Recovery codes:\nsee the printout in the safe\n',
        'allowed_hosts:\n  - ledger.example\n  - api.ledger.example\n',
        '"name" "value"\nplain text line\n',
        'Credentials:\n\n    admin / (ask ops)\n',
      ],
    };
  },
};
