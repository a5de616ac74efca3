// Tokens split by code so that no line holds the vendor's whole format: a string literal continued over lines
// by a backslash (continued-literal), a template literal broken by constant interpolations (template-pieces),
// a JavaScript character array joined (joined-secret's list elements); and PEM markers with no key after them,
// which are code or prose, not keys (private-key). Fake tokens are built here at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x5b1175;
const r = (n: number, alphabet = ALNUM) => rand(alphabet, n, seed++ * 7919);
const gh = () => 'ghp' + '_' + r(36);
const ghPat = () => 'github' + '_pat_' + r(22) + '_' + r(59);
const stripe = () => 'sk' + '_live_' + r(24);
const stripeTest = () => 'rk' + '_live_' + r(24);
const anthropic = () => 'sk-' + 'ant-api03-' + r(93, ALNUM + '-_') + 'AA';
const slack = () => 'xox' + 'b-' + r(11, '0123456789') + '-' + r(13, '0123456789') + '-' + r(24);
const glpat = () => 'glp' + 'at-' + r(20);
const TOKENS: [string, () => string][] = [
  ['github', gh],
  ['github-pat', ghPat],
  ['stripe', stripe],
  ['stripe-restricted', stripeTest],
  ['anthropic', anthropic],
  ['slack', slack],
  ['gitlab', glpat],
];

describe('split literals', () => {
  describe('a literal continued by a backslash before the line break', () => {
    const heads = ['TOKEN = "', 'x = "', "const key = '", 'let t = "', 'char *k = "', "    'auth': '", 'ANTHROPIC = "'];
    for (const [name, make] of TOKENS)
      for (const [i, head] of heads.entries()) {
        if ((i + name.length) % 2 === 0) continue;
        it(`masks a ${name} token after ${head.trim()} split in two`, () => {
          const t = make();
          const cut = 10 + (i % 5);
          const q = head.endsWith("'") ? "'" : '"';
          masks(`${head}${t.slice(0, cut)}\\\n${t.slice(cut)}${q}\nprint(x)\n`, [t.slice(0, cut), t.slice(cut)]);
        });
      }
    it('masks a token split over three lines', () => {
      const t = anthropic();
      masks(`api = "${t.slice(0, 30)}\\\n${t.slice(30, 70)}\\\n${t.slice(70)}"\n`, [t.slice(0, 30), t.slice(30, 70), t.slice(70)]);
    });
    it('masks a token split with CRLF line breaks', () => {
      const t = gh();
      const out = maskText(`x = "${t.slice(0, 18)}\\\r\n${t.slice(18)}"\r\n`).text;
      assert.ok(!out.includes(t.slice(0, 18)) && !out.includes(t.slice(18)), out);
    });
    it('masks a token split in a JavaScript template continued by a backslash', () => {
      const t = stripe();
      masks('const k = `' + t.slice(0, 14) + '\\\n' + t.slice(14) + '`;\n', [t.slice(0, 14), t.slice(14)]);
    });
    const benign = [
      'msg = "a long message that goes on \\\nand on past the line"\n',
      'const s = "abcdefghijklmnop\\\nqrstuvwxyz";\n',
      'path = "C:\\\\temp\\\\build\\\\\nnext"\n',
      'SQL = "SELECT id, name FROM users \\\nWHERE active = 1"\n',
      'help = "usage: tool --input FILE \\\n--output FILE"\n',
      './configure --prefix=/usr/local \\\n  --enable-shared\n',
      '#define LONG_MACRO(x) \\\n  do { x; } while (0)\n',
      'url = "https://example.com/api/v1/\\\nresources/items"\n',
      'const re = "[A-Za-z0-9]{16}\\\n[0-9]+";\n',
      'echo "ghp_ is the prefix GitHub uses \\\nfor tokens"\n',
      'x = "ghp_aaaaaaaaaaaaaaaa\\\naaaaaaaaaaaaaaaaaaaa"\n',
      'name = "some_identifier_that_is_long\\\n_and_goes_on"\n',
    ];
    for (const t of benign) it(`keeps ${JSON.stringify(t.slice(0, 40))}`, () => keeps(t));
  });

  describe('a template literal broken by constant interpolations', () => {
    const breaks = ['${""}', "${''}", '${ "" }', '${"#"}'];
    for (const [name, make] of TOKENS)
      for (const [i, br] of breaks.entries()) {
        it(`masks a ${name} token broken by ${br}`, () => {
          const t = make();
          const cut = 8 + i * 3;
          const inner = br === '${"#"}' ? '${"' + t.slice(cut, cut + 4) + '"}' : br;
          const rest = br === '${"#"}' ? t.slice(cut + 4) : t.slice(cut);
          masks('const v = `' + t.slice(0, cut) + inner + rest + '`;\n', [t.slice(0, cut), rest]);
        });
      }
    const benign = [
      'const msg = `Hello ${"world"}, you have ${count} new messages`;\n',
      'const sep = `a${""}b`;\n',
      "const css = `${'margin'}-top: 4px`;\n",
      'const url = `https://${"example.com"}/path/${id}`;\n',
      'const s = `prefix_${""}${name}_suffix`;\n',
      "log(`value: ${'none'}`);\n",
      'const key = `user:${""}${userId}:settings`;\n',
      'const cls = `btn ${"btn-primary"} ${active ? "on" : "off"}`;\n',
      'const id = `ghp_${""}example`;\n',
      'const q = `SELECT * FROM ${"users"} WHERE id = ${id}`;\n',
    ];
    for (const t of benign) it(`keeps ${JSON.stringify(t.slice(0, 40))}`, () => keeps(t));
  });

  describe('a JavaScript character array joined', () => {
    const forms = [
      (cs: string[]) => `const t = [${cs.map((c) => `'${c}'`).join(',')}].join("");`,
      (cs: string[]) => `const t = [${cs.map((c) => `"${c}"`).join(', ')}].join('');`,
      (cs: string[]) => `export const TOKEN: string = [${cs.map((c) => `'${c}'`).join(', ')}].join('');`,
    ];
    for (const [name, make] of TOKENS)
      for (const [i, form] of forms.entries())
        it(`masks a ${name} token as characters (form ${i})`, () => {
          const t = make();
          const line = form([...t]);
          const out = maskText(line + '\n').text;
          assert.notEqual(out, line + '\n');
          assert.ok(!out.includes(`'${t[4]}','${t[5]}','${t[6]}'`) && !out.includes(`"${t[4]}", "${t[5]}", "${t[6]}"`), out);
        });
    const benign = [
      "const s = ['a', 'b', 'c'].join('');\n",
      "const path = ['usr', 'local', 'bin'].join('/');\n",
      "const csv = ['id', 'name', 'email', 'created_at'].join(',');\n",
      "const w = ['h','e','l','l','o','_','w','o','r','l','d'].join('');\n",
      "const cls = ['btn', '-', 'primary'].join('');\n",
      "const k = ['user', '_', 'id'].join('');\n",
      "const line = ['-', '-', '-', '-', '-', '-', '-', '-'].join('');\n",
      "const x = ['a','b','c','d','e','f','g','h','i','j','k','l','m','n','o','p'].join('');\n",
      "const sep = ['a', 'b'].join(', ');\n",
    ];
    for (const t of benign) it(`keeps ${JSON.stringify(t.slice(0, 40))}`, () => keeps(t));
  });

  describe('a PEM marker with no key after it', () => {
    const marker = (label: string, end = false) => `-----${end ? 'END' : 'BEGIN'} ${label}-----`;
    const labels = [
      'PRIVATE ' + 'KEY',
      'RSA PRIVATE ' + 'KEY',
      'EC PRIVATE ' + 'KEY',
      'OPENSSH PRIVATE ' + 'KEY',
      'ENCRYPTED PRIVATE ' + 'KEY',
      'PGP PRIVATE ' + 'KEY BLOCK',
    ];
    for (const label of labels) {
      it(`keeps code comparing a line with the ${label} marker`, () =>
        keeps(
          `for line in f:\n    if line.startswith("${marker(label)}"):\n        in_key = True\n    elif line.startswith("${marker(label, true)}"):\n        in_key = False\n`,
        ));
      it(`keeps constants naming the ${label} markers`, () => keeps(`PEM_HEADER = "${marker(label)}"\nPEM_FOOTER = "${marker(label, true)}"\n`));
      it(`keeps a documentation example of a ${label} with no body`, () =>
        keeps(`Paste your key:\n\n\`\`\`\n${marker(label)}\n...\n${marker(label, true)}\n\`\`\`\n`));
      it(`keeps prose naming the ${label} marker`, () =>
        keeps(`The file must start with \`${marker(label)}\` and end with its END line.\nOtherwise it is rejected.\n`));
    }
    it('keeps a placeholder body', () => keeps(`${marker('PRIVATE ' + 'KEY')}\n<your key here>\n${marker('PRIVATE ' + 'KEY', true)}\n`));
    it('still masks a real key after a marker in code', () => {
      const body = [r(64, ALNUM + '+/'), r(64, ALNUM + '+/'), r(40, ALNUM + '+/') + '=='];
      const out = maskText(`KEY = """${marker('PRIVATE ' + 'KEY')}\n${body.join('\n')}\n${marker('PRIVATE ' + 'KEY', true)}"""\n`).text;
      for (const b of body) assert.ok(!out.includes(b.slice(0, 16)), out);
    });
    it('still masks a truncated key (no END)', () => {
      const body = [r(64, ALNUM + '+/'), r(64, ALNUM + '+/')];
      const out = maskText(`${marker('RSA PRIVATE ' + 'KEY')}\n${body.join('\n')}\n`).text;
      for (const b of body) assert.ok(!out.includes(b.slice(0, 16)), out);
    });
    it('still masks a truncated escaped key in JSON (no END, a JSON escape in the body)', () => {
      const body = [r(64, ALNUM + '+/'), r(64, ALNUM + '+/')].map((b) => b.slice(0, 30) + '\\/' + b.slice(30));
      const out = maskText(`{"content":"${marker('RSA PRIVATE ' + 'KEY')}\\n${body.join('\\n')}\n`).text;
      for (const b of body) assert.ok(!out.includes(b.slice(0, 16)), out);
    });
    it('still masks a read cut short right after the marker (fail closed)', () => {
      const body = 'MIIY' + r(8, ALNUM);
      const out = maskText(`tls:\n  key: |\n    ${marker('EC PRIVATE ' + 'KEY')}\n    ${body}`).text;
      assert.ok(!out.includes(body), out);
    });
    it('still masks a one-line escaped key', () => {
      const body = r(64, ALNUM + '+/');
      const out = maskText(`{"private_key": "${marker('PRIVATE ' + 'KEY')}\\n${body}\\n${marker('PRIVATE ' + 'KEY', true)}\\n"}\n`).text;
      assert.ok(!out.includes(body.slice(0, 16)), out);
    });
  });
});
