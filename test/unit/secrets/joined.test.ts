// The joined-secret rule (rules/joined.ts) beyond its samples: each literal piece of a value code builds is
// masked on its own, the code between the pieces is kept, a decoded value masks its whole encoded literal,
// and the lines around stay byte-identical. Also the pre-scan's base64 blobs on a line that is a candidate
// already (the SIMD pass took the line at its key and once skipped the blob's padding after it).
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, b64, j, rand } from '../../../src/core/secrets/samples';
import { leaks, linesOf } from './helpers';

const gh = () => j('gh', 'p_') + rand(ALNUM, 36);
const hexOf = (s: string) => [...new TextEncoder().encode(s)].map((x) => x.toString(16).padStart(2, '0')).join('');

describe('joined-secret: values built by code from literals', () => {
  it('masks every piece of a split vendor token and keeps the joining code', () => {
    const t = gh();
    const text = `var token = strings.Join([]string{"${t.slice(0, 20)}", "${t.slice(20)}"}, "")`;
    const out = maskText(text).text;
    assert.ok(!leaks(out, t.slice(0, 20)) && !leaks(out, t.slice(20)), out);
    assert.match(out, /^var token = strings\.Join\(\[\]string\{"«secret:[^»]+»", "«secret:[^»]+»"\}, ""\)$/);
  });

  it('judges a split value under a secret name as one, and leaves the line after it alone', () => {
    const pw = rand(ALNUM + '!%&', 22);
    const text = `resource "x" "y" {\n  password = join("", ["${pw.slice(0, 9)}", "${pw.slice(9)}"])\n  username = "admin"\n}`;
    const out = linesOf(maskText(text).text);
    assert.ok(!leaks(out[1]!, pw.slice(0, 9)) && !leaks(out[1]!, pw.slice(9)), out[1]);
    assert.equal(out[2], '  username = "admin"');
  });

  it('masks the whole encoded literal when its decoded value holds a secret', () => {
    const t = gh();
    for (const text of [
      `const token = atob("${b64(t)}");`,
      `KEY = bytes.fromhex("${hexOf(t)}")`,
      `const t2 = Buffer.from("${hexOf(t)}", "hex").toString(); const token = 1;`,
    ]) {
      const out = maskText(text).text;
      assert.ok(out.includes('«secret:'), out);
      assert.ok(!out.includes(b64(t).slice(0, 12)) && !out.includes(hexOf(t).slice(10, 30)), out);
    }
  });

  it('masks the literal inside a connection string template, not the template', () => {
    const pw = rand(ALNUM, 20);
    const out = maskText(`var conn = $"Server=db;User ID=sa;Password={"${pw}"};";`).text;
    assert.ok(!leaks(out, pw), out);
    assert.ok(out.startsWith('var conn = $"Server=db;User ID=sa;Password={"«secret:'), out);
  });

  it('leaves joins of words, arguments and dynamic templates byte-identical', () => {
    for (const text of [
      'TOKEN_HEADER = "".join(["X-", "Auth-", "Token"])',
      'password_label = format("%s: %s", "Password", "required")',
      'login("admin", "localhost", 22)',
      'const url = `${base}/api/${"v1"}`;',
      'secret_names = ["db_password", "api_token"]',
    ])
      assert.equal(maskText(text).text, text);
  });
});

describe('pre-scan: literals decoded or joined by code under a name that says nothing', () => {
  it('lets through bytes.fromhex, Buffer.from(…, "hex"), a reversed literal and a joined array', () => {
    const t = gh();
    const rev = [...t].reverse().join('');
    for (const text of [
      `_t = bytes.fromhex("${hexOf(t)}").decode()`,
      `const t2 = Buffer.from("${hexOf(t)}", "hex").toString();`,
      `const rev = "${rev}".split("").reverse().join("");`,
      `const parts = ["${t.slice(0, 12)}", "${t.slice(12)}"].join("");`,
    ]) {
      const out = maskText(text).text;
      assert.ok(out.includes('«secret:joined-secret#'), out);
      assert.ok(!out.includes(hexOf(t).slice(10, 30)) && !leaks(out, rev) && !leaks(out, t.slice(12)), out);
    }
  });
});

describe('pre-scan: base64 blobs on candidate lines', () => {
  it('records a padded blob after the key that made its line a candidate (SIMD path, texts of 256+ characters)', () => {
    const t = gh();
    const blob = b64(t + 'x'); // 41 bytes: padded with `=`
    assert.ok(blob.endsWith('='));
    const text = `TOKEN = fetch_remote("${blob}")\n` + '# filler line to pass the SIMD threshold\n'.repeat(8);
    assert.ok(text.length >= 256);
    const out = maskText(text).text;
    assert.ok(!out.includes(blob.slice(0, 16)), linesOf(out)[0]);
  });
});
