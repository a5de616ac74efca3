// writeFile / editFile / deletePath / renamePath on a real temp workspace: outcomes on disk and in the audit.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { type Fixture, makeFixture } from './fixture';

describe('tools: writeFile', () => {
  let f: Fixture;
  beforeEach(() => (f = makeFixture()));
  afterEach(() => f.cleanup());

  it('creates a new file (and its folders)', async () => {
    const a = await f.call('writeFile', { path: 'src/util/new.ts', content: 'export const x = 1;\n' });
    assert.equal(a.status, 'ok', a.text);
    assert.equal(f.read('src/util/new.ts'), 'export const x = 1;\n');
    assert.equal(f.records().at(-1)!.outcome, 'ok');
  });

  it('does not replace an existing file unless overwrite is set', async () => {
    const a = await f.call('writeFile', { path: 'src/app.ts', content: 'gone\n' });
    assert.equal(a.status, 'error');
    assert.match(a.text, /already exists/);
    assert.match(f.read('src/app.ts'), /export function add/);
    const b = await f.call('writeFile', { path: 'src/app.ts', content: 'replaced\n', overwrite: true });
    assert.equal(b.status, 'ok', b.text);
    assert.equal(f.read('src/app.ts'), 'replaced\n');
  });

  it('refuses to overwrite a test; the file is unchanged', async () => {
    const before = f.read('tests/app.test.ts');
    const a = await f.call('writeFile', { path: 'tests/app.test.ts', content: 'it.skip()\n', overwrite: true });
    assert.equal(a.status, 'refused');
    assert.match(a.text, /Rule: path:tests/);
    assert.equal(f.read('tests/app.test.ts'), before);
  });

  it('never puts a placeholder on disk: a new file with one is refused', async () => {
    const a = await f.call('writeFile', { path: 'src/leak.ts', content: "const t = '«secret:github-token#1»';\n" });
    assert.equal(a.status, 'error');
    assert.match(a.text, /placeholder/);
    assert.equal(fs.existsSync(path.join(f.ws, 'src/leak.ts')), false);
  });

  it('overwriting with the masked text it read restores the secret on disk', async () => {
    const read = await f.call('readFile', { path: 'src/config.ts' });
    const masked = read.text.split('\n').slice(2, 6).join('\n'); // the file body after the header line
    const a = await f.call('writeFile', { path: 'src/config.ts', content: masked.replace('5000', '6000'), overwrite: true });
    assert.equal(a.status, 'ok', a.text);
    const disk = f.read('src/config.ts');
    assert.ok(disk.includes(f.token), disk);
    assert.ok(disk.includes('6000'));
    assert.ok(!disk.includes('«secret:'));
  });
});

describe('tools: editFile', () => {
  let f: Fixture;
  beforeEach(() => (f = makeFixture()));
  afterEach(() => f.cleanup());

  it('round trip: an edit of a masked line keeps the real secret on disk', async () => {
    const read = await f.call('readFile', { path: 'src/config.ts' });
    const line = read.text.split('\n').find((l) => l.includes('githubToken'))!;
    assert.ok(line.includes('«secret:'), line);
    const a = await f.call('editFile', { path: 'src/config.ts', oldString: line, newString: line.replace('githubToken', 'ghToken') });
    assert.equal(a.status, 'ok', a.text);
    const disk = f.read('src/config.ts');
    assert.ok(disk.includes(`export const ghToken = '${f.token}';`), disk);
    assert.ok(!disk.includes('«secret:'));
  });

  it('refuses an edit that takes a secret out of masking without a placeholder (a renamed key); another edit runs', async () => {
    const pw = rand(ALNUM, 22);
    const original = `export const dbPassword = '${pw}';\nexport const port = 8080;\n`;
    fs.writeFileSync(path.join(f.ws, 'src/db.ts'), original);
    const renamed = await f.call('editFile', { path: 'src/db.ts', oldString: 'dbPassword', newString: 'greeting' });
    assert.notEqual(renamed.status, 'ok', renamed.text);
    assert.match(renamed.text, /outside masking/);
    assert.equal(f.read('src/db.ts'), original);
    const ok = await f.call('editFile', { path: 'src/db.ts', oldString: 'port = 8080', newString: 'port = 9090' });
    assert.equal(ok.status, 'ok', ok.text);
    assert.equal(f.read('src/db.ts'), original.replace('8080', '9090'));
  });

  it('refuses an edit of a test file; the file is unchanged and the audit says why', async () => {
    const before = f.read('tests/app.test.ts');
    const a = await f.call('editFile', { path: 'tests/app.test.ts', oldString: 'add(1, 2)', newString: 'add(1, 1)' });
    assert.equal(a.status, 'refused');
    assert.match(a.text, /change the code under test/i);
    assert.equal(f.read('tests/app.test.ts'), before);
    const rec = f.records().at(-1)!;
    assert.deepEqual([rec.decision, rec.rule, rec.outcome], ['deny', 'path:tests', 'not-run']);
  });

  it('refuses a placeholder that names no secret of this file; nothing is written', async () => {
    const before = f.read('src/app.ts');
    const a = await f.call('editFile', { path: 'src/app.ts', oldString: 'a + b', newString: "'«secret:github-token#7»'" });
    assert.equal(a.status, 'error');
    assert.equal(f.read('src/app.ts'), before);
  });

  it('asks for more context when oldString is not unique, and says when it is not found', async () => {
    fs.writeFileSync(path.join(f.ws, 'src/dup.ts'), 'x\nx\n');
    const a = await f.call('editFile', { path: 'src/dup.ts', oldString: 'x', newString: 'y' });
    assert.match(a.text, /occurs 2 times/);
    const b = await f.call('editFile', { path: 'src/dup.ts', oldString: 'x', newString: 'y', replaceAll: true });
    assert.equal(b.status, 'ok', b.text);
    assert.equal(f.read('src/dup.ts'), 'y\ny\n');
    const c = await f.call('editFile', { path: 'src/dup.ts', oldString: 'zzz', newString: 'y' });
    assert.match(c.text, /not found/);
  });

  it('cannot touch the policy file (the floor), whatever the workspace policy says', async () => {
    fs.writeFileSync(path.join(f.ws, '.agentguard.yaml'), 'version: 1\n');
    f.service.reload();
    const a = await f.call('writeFile', { path: '.agentguard.yaml', content: 'version: 1\noutsideWorkspace: allow\n', overwrite: true });
    assert.equal(a.status, 'refused');
    assert.match(a.text, /Rule: path:floor:guard-files/);
    assert.match(a.text, /only the user may change it/);
  });
});

describe('tools: deletePath and renamePath', () => {
  let f: Fixture;
  beforeEach(() => (f = makeFixture()));
  afterEach(() => f.cleanup());

  it('deletes a file; a non-empty folder needs recursive', async () => {
    const a = await f.call('deletePath', { path: 'build' });
    assert.match(a.text, /set "recursive": true/);
    assert.ok(fs.existsSync(path.join(f.ws, 'build/out.txt')));
    const b = await f.call('deletePath', { path: 'build', recursive: true });
    assert.equal(b.status, 'ok', b.text);
    assert.equal(fs.existsSync(path.join(f.ws, 'build')), false);
  });

  it('refuses to delete a folder holding a test; everything stays', async () => {
    const a = await f.call('deletePath', { path: 'tests', recursive: true });
    assert.equal(a.status, 'refused');
    assert.ok(fs.existsSync(path.join(f.ws, 'tests/app.test.ts')));
  });

  it('renames a file; refuses to move a test away', async () => {
    const a = await f.call('renamePath', { path: 'src/app.ts', newPath: 'src/main.ts' });
    assert.equal(a.status, 'ok', a.text);
    assert.ok(fs.existsSync(path.join(f.ws, 'src/main.ts')));
    const b = await f.call('renamePath', { path: 'tests/app.test.ts', newPath: 'src/app.test.bak' });
    assert.equal(b.status, 'refused');
    assert.ok(fs.existsSync(path.join(f.ws, 'tests/app.test.ts')));
  });

  it('a delete the policy asks about runs only when the person allows it', async () => {
    fs.writeFileSync(
      path.join(f.ws, '.agentguard.yaml'),
      'version: 1\npaths:\n  docs:\n    match: ["docs/**"]\n    delete: ask\n    reason: Docs are reviewed by a person.\n',
    );
    f.service.reload();
    const a = await f.call('deletePath', { path: 'docs/guide.md' });
    assert.equal(a.status, 'refused');
    assert.equal(f.confirmer.asked.length, 1);
    assert.equal(f.confirmer.asked[0].subject, 'docs/guide.md');
    assert.ok(fs.existsSync(path.join(f.ws, 'docs/guide.md')));
    f.confirmer.answer = 'once';
    const b = await f.call('deletePath', { path: 'docs/guide.md' });
    assert.equal(b.status, 'ok', b.text);
    assert.equal(fs.existsSync(path.join(f.ws, 'docs/guide.md')), false);
  });
});
