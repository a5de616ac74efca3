// Files whose path is the clue (secrets/pathed.ts): Rails' master key, Docker secrets, PgBouncer's userlist.
// Values built at run time.
import assert from 'node:assert/strict';
import { maskByPath, maskText, pathKind, PathKind, restorePlaceholders } from '../../../src/core/secrets';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

const view = (path: string, text: string) => maskByPath(path, text, maskText(text));

describe('files whose path says they hold a secret', () => {
  const hex = rand(HEX, 32, 0x5a5001);
  const pw = rand(ALNUM, 20, 0x5a5002) + '!';
  const pw2 = rand(ALNUM, 18, 0x5a5003);

  for (const path of ['config/master.key', 'app/config/credentials/production.key', '/srv/app/config/credentials/staging.key'])
    it(`masks the key in ${path}`, () => {
      const r = view(path, hex + '\n');
      assert.ok(!leaks(r.text, hex), r.text);
      assert.equal(r.text.split('\n').length, 2);
      assert.equal(r.findings.length, 1);
    });

  for (const path of ['secrets/db_password.txt', 'deploy/secrets/api_token', 'run/secrets/postgres', 'ops/db_password.txt', 'keys/smtp.secret'])
    it(`masks the value in ${path}`, () => {
      const r = view(path, `${pw}\n`);
      assert.ok(!leaks(r.text, pw), r.text);
    });

  it("masks PgBouncer's userlist passwords and hashes, not the user names", () => {
    const md5 = 'md5' + rand(HEX, 32, 0x5a5004);
    const text = `"admin" "${pw}"\n"app" "${md5}"\n;; comment\n`;
    const r = view('etc/pgbouncer/userlist.txt', text);
    const out = r.text.split('\n');
    assert.ok(out[0]!.startsWith('"admin" "«secret:') && !leaks(out[0]!, pw), out[0]);
    assert.ok(out[1]!.startsWith('"app" "«secret:') && !leaks(out[1]!, md5), out[1]);
    assert.equal(out[2], ';; comment');
  });

  it('leaves the same text alone under another path, and comments and blank lines of a secret file', () => {
    assert.equal(view('notes/plan.txt', `${pw2}\n`).text, `${pw2}\n`);
    assert.equal(view('src/master.key.ts', `${pw2}\n`).text, `${pw2}\n`);
    assert.equal(view('secrets/README.md', `${pw2}\n`).text, `${pw2}\n`);
    const r = view('secrets/api_token.txt', `# rotated monthly\n\n${pw2}\n`);
    assert.equal(r.text.split('\n')[0], '# rotated monthly');
    assert.ok(!leaks(r.text, pw2));
  });

  it('leaves a long file in secrets/ alone (a document, not a value)', () => {
    const doc = Array.from({ length: 20 }, (_, i) => `line ${i} of the runbook`).join('\n');
    assert.equal(view('secrets/runbook.txt', doc).text, doc);
  });

  it('classifies paths', () => {
    assert.equal(pathKind('config\\master.key'), PathKind.Whole);
    assert.equal(pathKind('pgbouncer/userlist.txt'), PathKind.Userlist);
    assert.equal(pathKind('src/config.ts'), PathKind.None);
    assert.equal(pathKind('secrets/values.yaml'), PathKind.None);
  });

  // Write-back: the placeholders the path gave come back from the file on disk, as the rules' do.
  it('restores a path placeholder on write-back from the file on disk, and refuses one the file does not hold', () => {
    const text = `# rotated monthly\n${pw}\n`;
    const masked = view('secrets/api_token.txt', text).text;
    assert.ok(!leaks(masked, pw), masked);
    const edited = masked.replace('# rotated monthly', '# rotated weekly');
    const r = restorePlaceholders(edited, text, {}, 'secrets/api_token.txt');
    assert.ok(r.ok, r.ok ? '' : r.reason);
    assert.equal(r.ok && r.text, `# rotated weekly\n${pw}\n`);
    // Without the path (or under another path) the placeholder stands for nothing: refused, never written.
    assert.equal(restorePlaceholders(edited, text).ok, false);
    assert.equal(restorePlaceholders(edited, text, {}, 'notes/plan.txt').ok, false);
    // The value changed on disk since the read: the placeholder now stands for the new value (re-masked), and
    // one numbered past the file's values is refused.
    assert.equal(restorePlaceholders(masked.replace('#1', '#2'), text, {}, 'secrets/api_token.txt').ok, false);
    const users = `"admin" "${pw}"\n"app" "${pw2}"\n`;
    const uv = view('etc/pgbouncer/userlist.txt', users).text;
    const back = restorePlaceholders(uv + '"ro" "md5x"\n', users, {}, 'etc/pgbouncer/userlist.txt');
    assert.ok(back.ok && back.text === users + '"ro" "md5x"\n', back.ok ? back.text : back.reason);
  });
});
