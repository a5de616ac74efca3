// A secret's value on the line after its name, where no line rule sees the two together:
// - an INI continuation (`password =` and the value on the more-indented next line: configparser reads it so),
//   a Prettier-broken property or assignment (`clientSecret:` / `const apiKey =` and `'value',` on the next line),
//   a Go or PHP field broken the same way;
// - a heredoc under a secret's name (`password = <<-EOT` in HCL, `password = <<~EOS` in Ruby): the body's lines;
// - an XML element or `<property name="…password">` whose text is a CDATA section on the next line.
// Threat: each of these lines was shown to the model verbatim (the name on one line, the value alone on the next).
// Cost: each form starts at a literal found by a native search (`=⏎`, `:⏎`, `<<`, `<![CDATA[`), asked of the pre-scan's
// gate pass first; only the line holding it and the line(s) after are read.
import { isWordyCodeName, MEMBER_ACCESS } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { push } from './form-scan';
import { judge } from './structure';

const RULE = 'next-line-value';
/** Below the forms' next-line dict value (secret-by-form.ts, 2.5): this one adds what no other rule found. */
const PRIORITY = 2.6;

/** The ends of a line whose value goes on the next line (`\r\n` texts too). */
const BROKEN = ['=\n', ':\n', '=\r\n', ':\r\n'];
const HEREDOC = '<<';
const CDATA = '<![CDATA[';
registerGates([...BROKEN, HEREDOC, CDATA]);

/**
 * A name alone before the `=` or `:` that ends its line: declaration words before it (`const`, `export`, `private
 * static final String`), a type after it (`apiKey: string =`), quotes around it, a PHP `$`.
 */
const NAME_LINE =
  /^([ \t]*)(?:(?:export|const|let|var|val|final|static|private|public|protected|readonly|internal|local|my|our|String|string|str)[ \t]+)*["'`]?\$?([\p{L}\p{N}_][\p{L}\p{N}_.-]*)["'`]?(?:[ \t]*:[ \t]*[A-Za-z][\w.<>[\]|]*)?[ \t]*$/u;
/** The next line's value: quoted (and then a `,` or `;` at most), or one bare word. */
const VALUE_LINE = /^([ \t]+)(?:(["'`])((?:(?!\2)[^\\\n]|\\.)*)\2|([^\s"'`]+?))[ \t]*[,;]?[ \t]*\r?$/;

/** Offset just past the `\n` that ends the line holding `p` (text.length: none). */
function nextLineStart(text: string, p: number): number {
  const nl = text.indexOf('\n', p);
  return nl < 0 ? text.length : nl + 1;
}
function lineAt(text: string, ls: number): string {
  const nl = text.indexOf('\n', ls);
  return text.slice(ls, nl < 0 ? text.length : nl);
}

/**
 * A bare word that is code, not a value: a name made of words, a member access, a call, a reference. A bare run of
 * letters and digits that reads as no words (`Zq8vTn2pLw5xRk`) is a value: the judge weighs it like any other.
 */
function bareCode(v: string): boolean {
  return /[()[\]{}]/.test(v) || MEMBER_ACCESS.test(v) || isWordyCodeName(v);
}

function brokenLines(text: string, index: LineIndex, out: BlockOutput, gate: string): void {
  for (let p = text.indexOf(gate); p >= 0; p = text.indexOf(gate, p + gate.length)) {
    const ls = text.lastIndexOf('\n', p - 1) + 1;
    if (p - ls > 200) continue;
    const m = NAME_LINE.exec(text.slice(ls, p));
    if (m === null) continue;
    const strength = classifyName(m[2]!);
    if (strength === null) continue;
    const vs = p + gate.length;
    const v = VALUE_LINE.exec(lineAt(text, vs));
    if (v === null || v[1]!.replace(/\t/g, '    ').length <= m[1]!.replace(/\t/g, '    ').length) continue;
    const quoted = v[3] !== undefined;
    const value = quoted ? v[3]! : v[4]!;
    if (!quoted && bareCode(value)) continue;
    // Under a `key:` line, a bare word ending in `:` opens a nested mapping (compose's `db_password:` under
    // `secrets:`, `valueFrom:` under `password:`): a key, not the value.
    if (!quoted && gate.charCodeAt(0) === 58 && value.charCodeAt(value.length - 1) === 58) continue;
    if (!judge(value, strength, quoted)) continue;
    const s = vs + v[1]!.length + (quoted ? 1 : 0);
    push(text, index, out, s, s + value.length, RULE, PRIORITY);
  }
}

/** `name = <<-EOT` / `name: <<~EOS` / `name=<<'EOF'` at the end of a line: the tag. */
const HEREDOC_HEAD = /(?:^|[\s{(,])["']?\$?([\p{L}\p{N}_][\p{L}\p{N}_.-]*)["']?[ \t]*(?:=|:|=>)[ \t]*<<[-~]?(["']?)([A-Za-z_]\w*)\2[ \t]*\r?$/u;
/** A heredoc's body longer than this is a document (a PEM, a script), not a password: other rules read it. */
const HEREDOC_MAX_LINES = 3;

function heredocs(text: string, index: LineIndex, out: BlockOutput): void {
  for (let p = text.indexOf(HEREDOC); p >= 0; p = text.indexOf(HEREDOC, p + 2)) {
    const ls = text.lastIndexOf('\n', p - 1) + 1;
    const bodyStart = nextLineStart(text, p);
    if (bodyStart - ls > 240) continue;
    const m = HEREDOC_HEAD.exec(text.slice(ls, bodyStart).replace(/\n$/, ''));
    if (m === null) continue;
    const strength = classifyName(m[1]!);
    if (strength === null) continue;
    const lines: [number, string][] = [];
    let closed = false;
    for (let q = bodyStart, k = 0; q < text.length && k <= HEREDOC_MAX_LINES; k++) {
      const line = lineAt(text, q).replace(/\r$/, '');
      if (line.trim() === m[3]) {
        closed = true;
        break;
      }
      if (line.trim() !== '') lines.push([q, line]);
      q = nextLineStart(text, q);
    }
    if (!closed || lines.length === 0 || lines.length > HEREDOC_MAX_LINES) continue;
    for (const [q, line] of lines) {
      const t = /\S(?:.*\S)?/.exec(line)!;
      if (!judge(t[0], strength, true)) continue;
      push(text, index, out, q + t.index, q + t.index + t[0].length, RULE, PRIORITY);
    }
  }
}

/** The element (or `name`/`key` attribute) ending the line before a CDATA section that starts its line. */
const XML_OPEN = /<([\w.:-]+)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*>[ \t]*\r?$/;
const NAME_ATTR = /\s(?:name|key|id)\s*=\s*(?:"([^"]*)"|'([^']*)')/;

function cdataNextLine(text: string, index: LineIndex, out: BlockOutput): void {
  for (let p = text.indexOf(CDATA); p >= 0; p = text.indexOf(CDATA, p + CDATA.length)) {
    const ls = text.lastIndexOf('\n', p - 1) + 1;
    if (ls === 0 || text.slice(ls, p).trim() !== '') continue;
    const end = text.indexOf(']]>', p);
    const nl = text.indexOf('\n', p);
    if (end < 0 || (nl >= 0 && nl < end)) continue;
    const pls = text.lastIndexOf('\n', ls - 2) + 1;
    const m = XML_OPEN.exec(text.slice(Math.max(pls, ls - 300), ls - 1));
    if (m === null) continue;
    const attr = NAME_ATTR.exec(m[2]!);
    const strength = classifyName(attr !== null ? (attr[1] ?? attr[2]!) : m[1]!.replace(/^[\w-]+:/, ''));
    if (strength === null) continue;
    const s = p + CDATA.length;
    if (!judge(text.slice(s, end), strength, true)) continue;
    push(text, index, out, s, end, RULE, PRIORITY);
  }
}

let seed = 0xf15a00;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const pw = () => 'Rf' + rs(PASSWORD_CHARS.replace(/[#'",;:|%\\()<>{}@/\s$?+=`[\]!&*-]/g, ''), 10) + '^J9';

export const nextLineValue: BlockRule = {
  id: RULE,
  description:
    'A secret\'s value on the line after its name: an INI continuation line, a Prettier-broken property or assignment, a heredoc under a secret\'s name (HCL `<<-EOT`), a CDATA section on the line after `<property name="…password">`',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (const g of BROKEN) if (holds(text, g)) brokenLines(text, index, out, g);
    if (holds(text, HEREDOC)) heredocs(text, index, out);
    if (holds(text, CDATA)) cdataNextLine(text, index, out);
  },
  samples: () => {
    const [a, b, c, d, e, f] = [pw(), rs(ALNUM, 40), pw(), pw(), pw(), rs(ALNUM, 32)];
    return {
      truePositives: [
        { text: `[database]\nhost = db.internal\npassword =\n    ${a}\n[logging]\nlevel = INFO\n`, secrets: [a] },
        { text: `export const oauth = {\n  clientId: 'shop-web',\n  clientSecret:\n    '${b}',\n};\n`, secrets: [b] },
        { text: `resource "aws_db_instance" "main" {\n  password = <<-EOT\n    ${c}\n  EOT\n}\n`, secrets: [c] },
        {
          text: `<hibernate-configuration>\n  <property name="connection.password">\n    <![CDATA[${d}]]>\n  </property>\n</hibernate-configuration>\n`,
          secrets: [d],
        },
        { text: `<config>\r\n  <entry key="smtp.password">\r\n    <![CDATA[${e}]]>\r\n  </entry>\r\n</config>\r\n`, secrets: [e] },
        { text: `const apiToken: string =\n  "${f}";\n`, secrets: [f] },
      ],
      falsePositives: [
        '[database]\npassword =\n    ${DB_PASSWORD}\nhost = db\n',
        'export const auth = {\n  clientSecret:\n    process.env.CLIENT_SECRET,\n  token:\n    getToken(),\n};\n',
        'password:\n  - first\n  - second\nsecret:\n  name: app-secret\n  key: password\n',
        'def password(self):\n    return self._password\nif token:\n    refresh()\n',
        'resource "x" "y" {\n  password = <<-EOT\n    changeme\n  EOT\n  policy = <<EOF\n{"Version": "2012-10-17"}\nEOF\n}\n',
        '<property name="connection.url">\n  <![CDATA[jdbc:postgresql://db/app]]>\n</property>\n',
        'interface Config {\n  password:\n    string;\n}\n',
      ],
    };
  },
};
