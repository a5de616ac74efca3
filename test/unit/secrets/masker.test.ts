// The masking API's contract: line-for-line, byte-identical elsewhere, stable placeholders,
// user patterns and allow-lists, maskValue for nested values.
import assert from 'node:assert/strict';
import { containsPlaceholder, createMasker, maskText, maskValue, validatePattern } from '../../../src/core/secrets';
import { ALNUM, j, rand } from '../../../src/core/secrets/samples';
import { linesOf } from './helpers';

const gh = () => j('gh', 'p_', rand(ALNUM, 36));

describe('maskText: line model', () => {
  it('keeps CRLF, line count and untouched lines byte-identical', () => {
    const t = gh();
    const text = `a=1\r\nexport GITHUB_TOKEN=${t}\r\nb=2\r\n`;
    const r = maskText(text);
    const [a, b] = [linesOf(text), linesOf(r.text)];
    assert.equal(b.length, a.length);
    assert.equal(b[0], a[0]);
    assert.equal(b[2], a[2]);
    assert.match(b[1]!, /^export GITHUB_TOKEN=«secret:github-token#1»\r$/);
    assert.ok(r.text.endsWith('\r\n'));
  });

  it('does not add or remove a final newline', () => {
    const t = gh();
    for (const text of [`x ${t}`, `x ${t}\n`, `x ${t}\n\n`]) {
      const r = maskText(text);
      assert.equal(r.text.endsWith('\n'), text.endsWith('\n'));
      assert.equal(r.text.split('\n').length, text.split('\n').length);
    }
  });

  it('returns the same string when nothing is secret', () => {
    const text = 'const a = 1;\nconst b = "two";\n';
    const r = maskText(text);
    assert.equal(r.text, text);
    assert.deepEqual(r.findings, []);
  });

  it('numbers placeholders per rule and distinct value, stably', () => {
    const [t1, t2] = [gh(), gh()];
    const text = `a ${t1}\nb ${t2}\nc ${t1}\n`;
    const r1 = maskText(text);
    assert.deepEqual(
      r1.findings.map((f) => f.placeholder),
      ['«secret:github-token#1»', '«secret:github-token#2»', '«secret:github-token#1»'],
    );
    assert.deepEqual(
      r1.findings.map((f) => f.line),
      [1, 2, 3],
    );
    assert.equal(text.split('\n')[0]!.slice(r1.findings[0]!.start, r1.findings[0]!.end), t1);
    assert.equal(maskText(text).text, r1.text, 'masking twice gives the same view');
    assert.equal(maskText(r1.text).text, r1.text, 'masking the masked view changes nothing');
  });

  it('reports the line of every finding (counted when read, in any order) and serialises it', () => {
    // Secrets on scattered lines, a PEM block (a block rule), CRLF and blank lines: the line numbers
    // must be those of a plain split, however the findings are read.
    const lines: string[] = [];
    const want: number[] = [];
    for (let i = 0; i < 400; i++) {
      if (i % 37 === 5) {
        lines.push(`token ${gh()}\r`);
        want.push(i + 1);
      } else lines.push(i % 11 === 0 ? '' : `const x${i} = ${i};`);
    }
    const r = maskText(lines.join('\n') + '\n');
    assert.deepEqual(
      r.findings.map((f) => f.line),
      want,
    );
    const reversed = [...r.findings].reverse().map((f) => f.line);
    assert.deepEqual(
      maskText(lines.join('\n'))
        .findings.reverse()
        .map((f) => f.line),
      reversed,
      'read last to first',
    );
    const json = JSON.parse(JSON.stringify(r.findings)) as { line: number; rule: string }[];
    assert.deepEqual(
      json.map((f) => f.line),
      want,
    );
    assert.ok(json.every((f) => f.rule === 'github-token'));
    for (const f of r.findings) assert.match(linesOf(r.text)[f.line - 1]!, new RegExp(`^token ${f.placeholder}\\r$`));
  });

  it('remembers lines without a secret by content: a line the pre-scan hashes alike still gets its own look', () => {
    // The memo of quiet lines is keyed by the pre-scan module's hash of its bytes, and the module sees every
    // character above 0xFF as the same byte: these two lines hash alike. The first holds no secret (one
    // repeated character); the second, met after it, must still be masked.
    const quietLine = `password = "${'\u0141'.repeat(12)}"`;
    const secretLine = `password = "${'\u0141\u0142\u0143\u0144\u0145\u0146\u0147\u0148\u0149\u014a\u014b\u014c'}"`;
    const pad = 'x'.repeat(300);
    const alone = maskText(`${pad}\n${secretLine}\n${pad}`);
    assert.equal(alone.findings.length, 1, 'the wide-character password is a secret on its own');
    const after = maskText(`${pad}\n${quietLine}\n${secretLine}\n${quietLine}\n${pad}`);
    assert.deepEqual(
      after.findings.map((f) => f.line),
      [3],
    );
    assert.equal(after.text.split('\n')[1], quietLine);
  });

  it('masks two secrets on one line', () => {
    const k = j('AK', 'IA', rand('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16));
    const s = rand(ALNUM + '/+', 40);
    const r = maskText(`AWS_ACCESS_KEY_ID=${k} AWS_SECRET_ACCESS_KEY=${s} aws s3 ls`);
    assert.equal(r.text, 'AWS_ACCESS_KEY_ID=«secret:aws-access-key-id#1» AWS_SECRET_ACCESS_KEY=«secret:aws-secret-key#1» aws s3 ls');
  });

  it('keeps a JSON one-line private key on its line and masks the key', () => {
    const body = rand(ALNUM, 200);
    const line = `  "private_key": "${j('-----BEGIN PRIVATE', ' KEY-----')}\\n${body}\\n${j('-----END PRIVATE', ' KEY-----')}\\n",`;
    const r = maskText(`{\n${line}\n  "client_email": "x@y.iam.gserviceaccount.com"\n}\n`);
    assert.equal(linesOf(r.text).length, 4);
    assert.ok(!r.text.includes(body.slice(0, 8)));
    assert.match(r.text, /"private_key": "«secret:private-key#1»\\n",/);
  });
});

describe('maskText: options', () => {
  it('applies user patterns (first group), also across lines, never touching newlines', () => {
    const r = maskText('internal id: ACME-12345-XYZ\nother\n', { extraPatterns: [{ name: 'Acme ID', regex: 'ACME-(\\d+)-XYZ' }] });
    assert.equal(r.text, 'internal id: ACME-«secret:custom-acme-id#1»-XYZ\nother\n');
    const m = maskText('a <<SECRET\nline two\nSECRET>> b\n', { extraPatterns: [{ name: 'block', regex: '<<SECRET[\\s\\S]*?SECRET>>' }] });
    assert.equal(linesOf(m.text).length, 3);
    assert.ok(!m.text.includes('line two'));
  });

  it('skips an invalid user pattern instead of crashing, and reports it', () => {
    const m = createMasker({
      extraPatterns: [
        { name: 'bad', regex: '(' },
        { name: 'empty', regex: 'x*' },
      ],
    });
    assert.equal(m.errors.length, 2);
    assert.equal(m.mask('hello\n').text, 'hello\n');
  });

  it('never masks allow-listed values', () => {
    const t = gh();
    assert.equal(maskText(`x ${t}`, { allowValues: [t] }).text, `x ${t}`);
  });

  it('validatePattern explains what is wrong', () => {
    assert.equal(validatePattern('acme_[a-z0-9]{32}'), undefined);
    assert.match(validatePattern('(')!, /not a valid regular expression/);
    assert.match(validatePattern('a*')!, /empty string/);
    assert.match(validatePattern('(a+)+$')!, /nested quantifier/);
    assert.match(validatePattern('')!, /empty/);
  });
});

describe('maskValue and containsPlaceholder', () => {
  it('masks strings inside nested values and secret-named keys', () => {
    const t = gh();
    const pw = rand(ALNUM, 18);
    const v = { tool: 'write', args: { content: `TOKEN=${t}\n`, password: pw, list: [`see ${t}`], n: 3, ok: true, none: null } };
    const m = maskValue(v);
    assert.equal(m.args.content, 'TOKEN=«secret:github-token#1»\n');
    assert.equal(m.args.list[0], 'see «secret:github-token#1»');
    assert.equal(m.args.password, '«secret:generic-secret#1»');
    assert.equal(m.args.n, 3);
    assert.equal(m.args.none, null);
    assert.equal(v.args.password, pw, 'the input is not modified');
  });

  it('detects placeholders, also damaged ones', () => {
    assert.ok(containsPlaceholder('x «secret:github-token#1» y'));
    assert.ok(containsPlaceholder('x «secret:github-token#1 y'));
    assert.ok(!containsPlaceholder('x secret y'));
  });
});
