// Blind red team rt21mask (session 43): credentials told as `account / password` under a login sentence (random
// letters alone too) and in chat shorthand without the word password (`same user, X`, `user X pass Y`):
// rules/told-passwords.ts, rules/context-line-before.ts. Every secret value is built at run time.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden, keeps } from './helpers';

let seed = 0x43f80;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
/** A random token that holds a digit (the kit's values are random alphanumerics). */
const tok = (n: number) => rs(ALNUM, n - 2) + '7q';
const check = checkKeptAndHidden;
describe('rt21mask: credentials told as account / password and in chat shorthand', () => {
  const letters = () => rs('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 18).replace(/^(..)/, 'Qx').replace(/(..)$/, 'bZ');
  it('RST `admin / X` under a login sentence, X random letters (the kit), and the chat form', () => {
    const [a, b] = [letters(), letters()];
    check(
      `Troubleshooting\n===============\n\nIf login fails, the fallback admin credentials are::\n\n    admin / ${a}\n\nOtherwise open a ticket.\n`,
      [1, 2, 4, 8],
      [a],
    );
    check(`[10:02] erin: root / ${b}\n[10:03] dave: ty\n`, [2], [b]);
  });
  it('same user, X (the kit); same login: X; same creds as prod - X; same user but pw X; user X pass Y; login: X, pass: Y', () => {
    const p = Array.from({ length: 7 }, tok.bind(null, 20));
    check(
      `[10:03] erin: same user, ${p[0]}\n[10:04] erin: same login: ${p[1]}\n- same creds as prod - ${p[2]}\n` +
        `alice 10:05 AM same user but pw ${p[3]}\nvpn: user bob pass ${p[4]}\nftp login: deploy, pass: ${p[5]}\nUSER ops PASS ${p[6]}\n`,
      [],
      p,
    );
  });
  it('the same words in ordinary text stay', () =>
    keeps(
      '[10:03] dave: same user, different machine\nsame login, new session every time\nSame account, 2FA enabled\n' +
        'admin / UserManagementPage\nroot / Administration\nuser input passes validation\nuser guide: pass the --verbose flag\n' +
        'the same user, as before\nuser admin pass required\nlogin admin pass <password>\n',
    ));
});

describe('rt21mask: a password in a YAML list under a password key, with a # in it', () => {
  it('`- Bailey2017#` (a # inside a plain scalar is the value) and a comment after a blank', () => {
    const [a, b] = ['Bailey' + (1960 + (seed++ % 60)) + '#', tok(14) + '#x'];
    check(`api_keys:\n  - ${tok(32)}\nadmin_passwords:\n  - ${a}\n  - ${b}  # rotated\nallowed_hosts:\n  - ledger.example\n`, [1, 3, 6, 7], [a, b]);
  });
  it('a comment item and words stay', () => keeps('admin_passwords:\n  - "#see-vault"\n  - # none yet\nallowed_hosts:\n  - ledger.example\n'));
});
