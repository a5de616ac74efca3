// Blind red team rt21mask (session 43): secrets written in an encoding their reader undoes — HTML character references,
// a quoted-printable email body, a .properties key split by a continuation or escapes (rules/decoded-lines.ts). Whole
// files the way the kit wrote them, variants of our own, benign look-alikes that must stay byte-identical. Every secret
// value is built at run time.
import { ALNUM, PASSWORD_CHARS, j, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden, keeps } from './helpers';

let seed = 0x43f00;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
/** A random token that holds a digit (the kit's values are random alphanumerics). */
const tok = (n: number) => rs(ALNUM, n - 2) + '7q';
const check = checkKeptAndHidden;
const SAFE = PASSWORD_CHARS.replace(/[#'"\\,;:|()<>{}@/\s$?=.!-]/g, '');
const pw = () => 'Qx' + rs(SAFE, 12) + '7k';
const dec = (s: string) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join('');
const hex = (s: string) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`).join('');

describe('rt21mask: a secret written with HTML character references', () => {
  it('decimal references after a label in a paragraph (the kit), hex and mixed with plain characters, in attributes', () => {
    const [a, b, c, d] = [tok(16), tok(20), tok(18), tok(24)];
    const mixed = [...c].map((ch, k) => (k % 2 === 0 ? ch : `&#${ch.charCodeAt(0)}`)).join('');
    check(
      `<html><body>\n<p>token: ${dec(a)}</p>\n<div data-token="${hex(b)}"></div>\n<span data-api-key='${mixed}'></span>\n` +
        `<p>Password&#58;&nbsp;${dec(d)}</p>\n</body></html>\n`,
      [1, 6],
      [dec(a).slice(0, 48), dec(a).slice(-48), hex(b).slice(0, 40), hex(b).slice(-40), mixed.slice(0, 30), mixed.slice(-30), dec(d).slice(-40)],
    );
  });
  it('HTML-escaped JSON in an attribute (&quot;), named references for the signs of a key', () => {
    const [a, b] = [tok(32), tok(28)];
    check(
      `<div id="app" data-config="{&quot;apiKey&quot;:&quot;${a}&quot;,&quot;theme&quot;:&quot;dark&quot;}"></div>\n` +
        `<pre>client&lowbar;secret&equals;${b}</pre>\n`,
      [],
      [a, b],
    );
  });
  it('text with references stays: &amp; &nbsp; &copy;, a greeting spelled in references, escaped JSON of settings, a link', () =>
    keeps(
      '<p>Tom &amp; Jerry&nbsp;&mdash; &copy; 2024 &#169; caf&#233; &#x2014; all rights reserved</p>\n' +
        '<p>&#72;&#101;&#108;&#108;&#111;&#44;&#32;&#119;&#111;&#114;&#108;&#100;&#33;</p>\n' +
        '<div data-config="{&quot;theme&quot;:&quot;dark&quot;,&quot;lang&quot;:&quot;en&quot;,&quot;page&quot;:2}"></div>\n' +
        '<a href="/search?q=a&amp;token=&amp;page=2">The token is sent in the &quot;Authorization&quot; header</a>\n' +
        '<p>token: &#60;your-token&#62;</p>\n',
    ));
});

describe('rt21mask: a secret in a quoted-printable email body', () => {
  const head = 'From: ops@ledger.example\nSubject: new creds\nContent-Transfer-Encoding: quoted-printable\n\n';
  it('a key broken by a soft line break (the kit): every piece on every line is masked', () => {
    const k = tok(80);
    check(`${head}Hi, your temporary password: ${pw()}\nAPI key: ${k.slice(0, 70)}=\n${k.slice(70)}\n`, [1, 2, 3], [k.slice(0, 70), k.slice(70)]);
  });
  it('=3D-escaped assignments, a value broken over three lines, an HTML part of a multipart message', () => {
    const [a, b, c] = [pw(), tok(90), tok(40)];
    check(
      j(
        'Content-Type: multipart/alternative; boundary="zz"\n\n--zz\nContent-Type: text/plain; charset=utf-8\n',
        'Content-Transfer-Encoding: quoted-printable\n\n',
        `db_password=3D${a.slice(0, 6)}=\n${a.slice(6)}\n`,
        `token =3D ${b.slice(0, 30)}=\n${b.slice(30, 60)}=\n${b.slice(60)}\n`,
        '--zz\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n',
        `<p style=3D"margin:0">Your access token: ${c.slice(0, 20)}=\n${c.slice(20)}</p>\n--zz--\n`,
      ),
      [1, 2, 3, 4, 5, 6, 12, 13, 14, 15, 18],
      [a.slice(0, 6), a.slice(6), b.slice(0, 30), b.slice(30, 60), b.slice(60), c.slice(0, 20), c.slice(20)],
    );
  });
  it('a quoted-printable email without a secret stays: soft breaks, =3D, =C3=A9, a password-reset notice', () =>
    keeps(
      `${head}Hi team,=0AThe meeting moved to 3pm, see the caf=C3=A9 on the 2nd floor. Bring =\nyour laptop and =\nthe =3D signs =E2=80=94 thanks!\n` +
        '<p style=3D"color:red">Reset your password by following the link in the =\nportal (tokens expire after 24h).</p>\n' +
        'width=3D600 height=3D400 border=3D0 cellpadding=3D0=\n\n',
    ));
});

describe('rt21mask: a .properties key split by a line continuation or escapes', () => {
  it('pass\\<newline>word=… (the kit), with the next line indented, a space or a colon escaped in the key', () => {
    const [a, b, c, d, e] = [tok(20), tok(20), tok(20), tok(20), tok(20)];
    check(
      `db.p\\u0061ssword=${a}\ndb.pass\\\nword=${b}\ndb.user=ledger\nsmtp.pass\\\n        word = ${c}\nsmtp\\ password=${d}\napi\\:token : ${e}\n`,
      [4],
      [a, b, c, d, e],
    );
  });
  it('a key split over three lines, a value continued on the next line too, \\u escapes in the key', () => {
    const [a, b, c] = [tok(24), tok(24), tok(20)];
    check(
      `client.sec\\\n  re\\\n  t=${a.slice(0, 12)}\\\n    ${a.slice(12)}\napp.api\\u005fkey=${b}\nmail\\u002epass\\u0077ord : ${c}\n`,
      [],
      [a.slice(0, 12), a.slice(12), b, c],
    );
  });
  it('escapes that make no secret name stay: continued messages, Windows paths, a shell continuation, labels', () =>
    keeps(
      'greeting=Hello \\\n    World\nlogin.title=Sign\\ in\\ to\\ continue\npath=C\\:\\\\Program Files\\\\App\nlabel\\ text=Password reset\n' +
        'message.key=Zeile\\u00e4nderung\ndocker run --rm \\\n  -e MODE=prod app\n\\\\server\\share\\docs\n',
    ));
});
