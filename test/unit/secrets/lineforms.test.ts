// The forms of secret-by-form, secret-by-word and secret-by-structure marked `line` are run only on the lines
// holding one of their gates (or of their `anchors`), each line alone (eachGateLineMatch), instead of over the
// whole text: their leading classes made them the most of masking a source tree. That is only right for a form
// whose every match lies on one line, holds a gate as written (or an anchor: a literal as written, or a match of
// the anchor regex), and reads its line alone as it reads it in the text. Each line form must find here exactly
// the matches (place, text, groups) its regex finds over the whole text, on texts where the forms match on the
// first and last lines, with CRLF, without a final newline, several times on one line and next to each other.
import assert from 'node:assert/strict';
import { FORMS as FORMS10, secretByForm } from '../../../src/core/secrets/rules/secret-by-form';
import { eachGateLineMatch, eachTextMatch, type Form } from '../../../src/core/secrets/rules/form-scan';
import { FORMS as FORMS11, secretByWord } from '../../../src/core/secrets/rules/secret-by-word';
import { FORMS as FORMS13, secretByStructure } from '../../../src/core/secrets/rules/secret-by-structure';
import { FORMS as DIRECTIVE_FORMS, secretByDirective } from '../../../src/core/secrets/rules/secret-by-directive';
import { FORMS as DUMP_FORMS, dumpContext } from '../../../src/core/secrets/rules/dumps';
import { DEFINE, DEFINE_LITERALS, pairedLineSecret } from '../../../src/core/secrets/rules/paired-lines';
import { JOIN_ASSIGN, SPLIT_GATES, splitVariableSecret } from '../../../src/core/secrets/rules/assembled';
import { eachLineHolding } from '../../../src/core/secrets/rules/form-scan';

type Found = [number, string, (string | undefined)[]];

function whole(f: Form, text: string): Found[] {
  const out: Found[] = [];
  if (!f.gates.some((g) => text.includes(g))) return out;
  f.re.lastIndex = 0;
  for (let m = f.re.exec(text); m !== null; m = f.re.exec(text)) {
    if (m[0].length === 0) {
      f.re.lastIndex++;
      continue;
    }
    out.push([m.index, m[0], [...m.slice(1)]]);
  }
  return out;
}

function byLine(f: Form, text: string): Found[] {
  const out: Found[] = [];
  eachGateLineMatch(f, text, (m, at) => {
    // The indices, moved by `at`, point at the same text as the groups.
    for (let g = 1; g < m.length; g++) if (m[g] !== undefined) assert.equal(text.slice(at + m.indices![g]![0], at + m.indices![g]![1]), m[g]);
    out.push([at + m.index, m[0], [...m.slice(1)]]);
  });
  return out;
}

const sampleTexts = (r: typeof secretByForm) => {
  const s = r.samples!();
  return [...s.truePositives.map((t) => t.text), ...s.falsePositives];
};

const LINES = [
  ...sampleTexts(secretByForm),
  ...sampleTexts(secretByWord),
  ...sampleTexts(secretByStructure),
  ...sampleTexts(secretByDirective),
  ...sampleTexts(dumpContext),
  ...sampleTexts(pairedLineSecret),
  ...sampleTexts(splitVariableSecret),
  // .curlrc / curl options (secret-by-directive) and server directives (dump-context), as line forms.
  `--user alice:Q7pw0rd!x9\nproxy-user = "bob:Q7pw0rd!y8"\n  -user\tcarol:Q7pw0rd!z7\r\nuser: not-a-pair`,
  `fastcgi_param DB_PASSWORD Q7pw0rd!x9; uwsgi_param X y\ngrpc_set_header authorization Q7tok3nValue99;\n  SetEnv API_KEY "Q7k3yValue99"\nPassEnv HOME\nenv SECRET_TOKEN Q7t0ken!x9;`,
  // C defines and joins of variables (lines read alone by eachLineHolding), at a CR too.
  `#define API_KEY "Q7k3yValue99"\r  #  define  L_SECRET L"Q7pw0rd!x9" // define\n#define X "a\\"b"`,
  `T="\${A}\${B}"\r export TOKEN=$PART_A$PART_B\nconst t = a + b;\n  API_TOKEN = first+second\nx = "$" + y`,
  `      ~ password          = "Q7pw1x9Zk2" -> "Q7pw2y8Yj3"`,
  `secret: oldValue9x => newValue8y, token: a1b2c3d4e5 => f6g7h8i9j0`,
  `const f = (a) => a + 1; api_key = "k1" -> "k2"`,
  `db_password: s3cr3tPass1 \u2192 s3cr3tPass2`,
  `https://user@acme.io:Pw0rd1x@webdav.acme.io/files and ftp://a@b:c@d:Xy9z@host.io/`,
  `  JWT_SIGNING_KEY: "{{ .Values.jwt | default "f00dfeedf00dfeed" }}"  x: {{ default "abc" .Values.y }}`,
  `password = {{ db_password | default('Q7d3faultPw') }}`,
  `ALTER USER app WITH PASSWORD 'Q7pw0rdX1'; CREATE ROLE r ENCRYPTED PASSWORD 'Q7pw0rdX2', (password 'Q7pw0rdX3')`,
  `Log in with the admin password Q7pw0rd!x9 and set the password to Q7newPw0rd!.`,
  `<!-- admin: Q7pw0rd!x9 --> /* root:Q7pw0rd!y8 */ {# user: Q7pw0rd!z7 #}`,
  `# login: admin/Q7pw0rd!x9`,
  `// test creds: bob:Q7pw0rd!x9`,
  `The API Key IS: Q7abcdefgh12345678 ok; token\tis\tABCDEF1234567890abcd7`,
  `NEW_RELIC_LICENCE_KEY="0123456789abcdef0123456789abcdef01234567"`,
  `alice * Q7pw0rd!x9 *`,
  `alice\tserver\t"Q7pw0rd!x9"\t10.0.0.0/8`,
  `#define WIFI_PSK "Q7pw0rd!x9"  erlang_cookie: Q7c00kie0123`,
  `x=1; printf '%s\\n' "Q7pw0rd!x9" | sudo -S true && echo Q7pw0rd!y8 | kinit u@R`,
  `cl\u00e9_secr\u00e8te: Q7pw0rd!x9`,
  `AUTH=Bearer\tQ7abcdefghijklmnopqrst12 and Basic\tc3ZjOlE3cHcwcmQheDk=`,
  // YAML's complex key (a lineStart form) among ternaries, at a line start after a CR, and twice in a row.
  `twilio:\n  ? auth_token\n  : Q7abcdefgh12345678\n  ? api_key\n  : "Q7zyxwvuts87654321"`,
  `const v = ok\n  ? token\n  : fallback;\n? secret\n: Q7pw0rd!x9\r? password\n: Q7pw0rd!y8`,
  `  x ? password\n  : Q7pw0rd!x9\n\t? \tsigning_key \n\t: Q7sign1ngKey99 `,
  `? db_password\n? db_password\n: Q7pw0rd!x9\n: Q7pw0rd!y8`,
];

const TEXTS = [
  LINES.join('\n'),
  LINES.join('\r\n') + '\r\n',
  LINES.join('\n\n\n'),
  LINES.map((l) => `${l} ${l}`).join('\n'),
  LINES.slice().reverse().join('\n'),
  ...LINES,
  ...LINES.map((l) => `\n${l}\n`),
  ...LINES.map((l) => `x\n${l}`),
];

describe('secret forms read line by line find what the whole text holds', () => {
  const lineForms = [...FORMS10, ...FORMS11, ...FORMS13, ...DIRECTIVE_FORMS, ...DUMP_FORMS].filter((f) => f.line === true);
  it('there are line forms (the test reads something)', () => assert.ok(lineForms.length >= 4));
  for (const f of lineForms) {
    it(String(f.re).slice(0, 70), () => {
      const a = f.anchors;
      if (!(a instanceof RegExp)) assert.ok(!f.re.flags.includes('i'), 'a line form matches its gates as written: no i flag');
      const anchored = (m0: string) =>
        a instanceof RegExp ? new RegExp(a.source, a.flags.replace('g', '')).test(m0) : (a ?? f.gates).some((g) => m0.includes(g));
      let matched = 0;
      for (const text of TEXTS) {
        const found = whole(f, text);
        matched += found.length;
        for (const [, m0] of found) assert.ok(anchored(m0), `a match holds a gate or an anchor: ${m0}`);
        assert.deepEqual(byLine(f, text), found);
      }
      assert.ok(matched > 0, 'the texts hold a match of the form');
    });
  }
});

describe('secret forms read from their line starts or only when a text holds literals find what the whole text holds', () => {
  const forms = [...FORMS10, ...FORMS11, ...FORMS13].filter((f) => f.line !== true && (f.lineStart !== undefined || f.requires !== undefined));
  it('there are such forms (the test reads something)', () => assert.ok(forms.length >= 2));
  for (const f of forms) {
    it(String(f.re).slice(0, 70), () => {
      let matched = 0;
      for (const text of TEXTS) {
        const found = whole(f, text);
        matched += found.length;
        const got: Found[] = [];
        eachTextMatch(f, text, (m) => got.push([m.index, m[0], [...m.slice(1)]]));
        assert.deepEqual(got, found);
      }
      assert.ok(matched > 0, 'the texts hold a match of the form');
    });
  }
});

describe('expressions read only on the lines holding a literal find what the whole text holds (eachLineHolding)', () => {
  const scans: [string, RegExp, readonly string[]][] = [
    ['paired-line-secret #define', DEFINE, DEFINE_LITERALS],
    ['split-variable-secret joins', JOIN_ASSIGN, SPLIT_GATES],
  ];
  for (const [name, re, literals] of scans) {
    it(name, () => {
      let matched = 0;
      for (const text of TEXTS) {
        const found: Found[] = [];
        re.lastIndex = 0;
        for (let m = re.exec(text); m !== null; m = re.exec(text)) {
          if (m[0].length === 0) re.lastIndex++;
          else found.push([m.index, m[0], [...m.slice(1)]]);
        }
        matched += found.length;
        const got: Found[] = [];
        eachLineHolding(text, literals, re, (m, at) => got.push([at + m.index, m[0], [...m.slice(1)]]));
        assert.deepEqual(got, found);
      }
      assert.ok(matched > 0, 'the texts hold a match of the expression');
    });
  }
});
