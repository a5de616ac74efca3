// Write-back integrity, with real files in a temp dir: read masked → edit an unrelated line →
// restore against the file on disk → write → the file equals the original plus the edit, secret intact.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { maskText, restorePlaceholders } from '../../../src/core/secrets';
import { ALNUM, B64, j, pemBlock, rand } from '../../../src/core/secrets/samples';

describe('restorePlaceholders: round trip on disk', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'ag-restore-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('restores secrets after an unrelated edit (env file, CRLF)', () => {
    const tok = j('gh', 'p_', rand(ALNUM, 36));
    const pw = rand(ALNUM, 20);
    const original = `# config\r\nGITHUB_TOKEN=${tok}\r\nDB_PASSWORD="${pw}"\r\nPORT=8080\r\n`;
    const file = path.join(dir, '.env');
    writeFileSync(file, original);

    const view = maskText(readFileSync(file, 'utf8')).text;
    assert.ok(!view.includes(tok) && !view.includes(pw));
    const edited = view.replace('PORT=8080', 'PORT=9090');
    const r = restorePlaceholders(edited, readFileSync(file, 'utf8'));
    assert.ok(r.ok, r.ok ? '' : r.reason);
    writeFileSync(file, r.text);
    assert.equal(readFileSync(file, 'utf8'), original.replace('PORT=8080', 'PORT=9090'));
    assert.equal(r.restored, 2);
  });

  it('restores every line of a private key block', () => {
    const key = pemBlock(j('RSA PRIVATE', ' KEY'), 600);
    const original = ['tls:', '  key: |', ...key.map((l) => '    ' + l), '  enabled: true', ''].join('\n');
    const file = path.join(dir, 'tls.yaml');
    writeFileSync(file, original);
    const view = maskText(readFileSync(file, 'utf8')).text;
    for (const l of key.slice(1, -1)) assert.ok(!view.includes(l));
    const r = restorePlaceholders(view.replace('enabled: true', 'enabled: false'), readFileSync(file, 'utf8'));
    assert.ok(r.ok, r.ok ? '' : r.reason);
    writeFileSync(file, r.text);
    assert.equal(readFileSync(file, 'utf8'), original.replace('enabled: true', 'enabled: false'));
  });

  it('refuses a placeholder whose secret is no longer on disk', () => {
    const file = path.join(dir, '.env');
    writeFileSync(file, `API_KEY=k${rand(B64, 32)}1\nA=1\n`); // not `/…`: a value that starts as a path may be one
    const view = maskText(readFileSync(file, 'utf8')).text;
    writeFileSync(file, 'API_KEY=${API_KEY}\nA=1\n'); // someone rotated the secret out meanwhile
    const r = restorePlaceholders(view.replace('A=1', 'A=2'), readFileSync(file, 'utf8'));
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.reason, /does not match a secret/);
  });

  it('refuses a made-up or damaged placeholder', () => {
    const original = `TOKEN=${j('gh', 'p_', rand(ALNUM, 36))}\n`;
    assert.equal(restorePlaceholders('x «secret:github-token#7»\n', original).ok, false);
    assert.equal(restorePlaceholders('x «secret:stripe-key#1»\n', original).ok, false);
    assert.equal(restorePlaceholders('x «secret:github-token#1\n', original).ok, false);
  });

  it('can move a secret to another line of the same file', () => {
    const tok = j('gh', 'p_', rand(ALNUM, 36));
    const original = `a\nTOKEN=${tok}\n`;
    const view = maskText(original).text;
    const moved = 'TOKEN=«secret:github-token#1»\na\n';
    assert.ok(view.includes('«secret:github-token#1»'));
    const r = restorePlaceholders(moved, original);
    assert.ok(r.ok);
    if (r.ok) assert.equal(r.text, `TOKEN=${tok}\na\n`);
  });

  it('passes text without placeholders through', () => {
    const r = restorePlaceholders('hello\n', 'x\n');
    assert.deepEqual(r, { ok: true, text: 'hello\n', restored: 0 });
  });
});
