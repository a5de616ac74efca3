// Image previews and .gitignore lines, on real files in a temp dir: only real image bytes in regular files
// under the cap become data: URIs (a symlink, a text file named .png, an oversized file do not), and a path
// always becomes exactly one anchored, escaped .gitignore line — or none.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deflateSync } from 'node:zlib';
import { appendGitignore, gitignoreLine, imageDataUri, sniffImage } from '../../../src/vscode/panel/artifacts';
import { buildDiffView, NOT_GUARDED } from '../../../src/vscode/panel/diffEntries';
import { UNATTRIBUTED, type WorkspaceDiff } from '../../../src/core/snapshot/types';

/** A minimal PNG header + IDAT is enough for the sniffer; the bytes are built, not stored. */
function pngBytes(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('\0\0\0\rIHDR', 'latin1'), deflateSync(Buffer.alloc(64))]);
}

describe('panel artifacts', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-panel-art-')));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('previews a real PNG as a data: URI of exactly its bytes', () => {
    const f = path.join(dir, 'plot.png');
    fs.writeFileSync(f, pngBytes());
    const uri = imageDataUri(f)!;
    assert.match(uri, /^data:image\/png;base64,/);
    assert.ok(Buffer.from(uri.split(',')[1], 'base64').equals(pngBytes()));
  });

  it('sniffs the type from the bytes, not the name', () => {
    assert.equal(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), 'image/svg+xml');
    assert.equal(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg');
    assert.equal(sniffImage(Buffer.from('GIF89a......')), 'image/gif');
    assert.equal(sniffImage(Buffer.from('AWS_SECRET=...')), undefined);
    const f = path.join(dir, 'secret.png');
    fs.writeFileSync(f, 'PASSWORD=hunter2\n');
    assert.equal(imageDataUri(f), undefined, 'a text file named .png must not reach the webview');
  });

  it('refuses a symlink (it could point outside the workspace), a folder, an empty or oversized file', () => {
    const outside = path.join(dir, 'outside.png');
    fs.writeFileSync(outside, pngBytes());
    fs.mkdirSync(path.join(dir, 'ws'));
    fs.symlinkSync(outside, path.join(dir, 'ws', 'link.png'));
    assert.equal(imageDataUri(path.join(dir, 'ws', 'link.png')), undefined);
    assert.equal(imageDataUri(path.join(dir, 'ws')), undefined);
    fs.writeFileSync(path.join(dir, 'empty.png'), '');
    assert.equal(imageDataUri(path.join(dir, 'empty.png')), undefined);
    assert.equal(imageDataUri(outside, 10), undefined);
    assert.equal(imageDataUri(path.join(dir, 'missing.png')), undefined);
  });

  it('writes a path as one anchored .gitignore line, escaping glob and comment characters', () => {
    assert.equal(gitignoreLine('reports/plot.png'), '/reports/plot.png');
    assert.equal(gitignoreLine('a*b?[c].txt'), '/a\\*b\\?\\[c\\].txt');
    assert.equal(gitignoreLine('#notes'), '/\\#notes');
    assert.equal(gitignoreLine('!keep'), '/\\!keep');
    assert.equal(gitignoreLine('trailing  '), '/trailing\\ \\ ');
  });

  it('refuses a path that would add lines of its own to .gitignore', () => {
    assert.equal(gitignoreLine('x\n!secrets/'), undefined);
    assert.equal(gitignoreLine('x\r'), undefined);
    assert.equal(gitignoreLine('../up'), undefined);
    assert.equal(gitignoreLine(''), undefined);
  });

  it('appends once, on its own line', () => {
    assert.equal(appendGitignore('', '/a'), '/a\n');
    assert.equal(appendGitignore('node_modules', '/a'), 'node_modules\n/a\n');
    assert.equal(appendGitignore('node_modules\n/a\n', '/a'), undefined);
    assert.equal(appendGitignore('x\r\n/a\r\n', '/a'), undefined);
  });

  it('builds diff entries: artifacts keep their order, previews only for unprotected images, attribution by call', () => {
    fs.mkdirSync(path.join(dir, 'reports'));
    fs.writeFileSync(path.join(dir, 'reports', 'plot.png'), pngBytes());
    fs.mkdirSync(path.join(dir, 'secrets'));
    fs.writeFileSync(path.join(dir, 'secrets', 'qr.png'), pngBytes());
    const diff: WorkspaceDiff = {
      baselineAt: 1,
      scannedAt: 2,
      errors: [],
      changes: [
        { path: 'reports/plot.png', kind: 'added', size: 99, artifact: true, isImage: true, isText: false, callIds: ['c1'] },
        { path: 'secrets/qr.png', kind: 'added', size: 99, artifact: true, isImage: true, isText: false, callIds: ['c2'] },
        { path: 'src/app.ts', kind: 'modified', size: 2048, artifact: false, isImage: false, isText: true, callIds: [UNATTRIBUTED] },
      ],
    };
    const previewed: string[] = [];
    const view = buildDiffView(diff, {
      workspace: dir,
      isProtected: (rel) => rel.startsWith('secrets/'),
      callLabel: (id) => (id === 'c1' ? 'runCommand at 10:00:00' : undefined),
      preview: (abs, rel) => {
        previewed.push(rel);
        return imageDataUri(abs);
      },
    });
    assert.deepEqual(
      view.entries.map((e) => e.path),
      ['reports/plot.png', 'secrets/qr.png', 'src/app.ts'],
    );
    assert.deepEqual(previewed, ['reports/plot.png'], 'a protected image was read for a preview');
    assert.match(view.entries[0].preview ?? '', /^data:image\/png;base64,/);
    assert.equal(view.entries[1].preview, undefined);
    assert.equal(view.entries[1].protected, true);
    assert.deepEqual(view.entries[0].by, ['runCommand at 10:00:00']);
    assert.deepEqual(view.entries[1].by, ['call c2']);
    assert.deepEqual(view.entries[2].by, [NOT_GUARDED]);
    assert.equal(view.entries[2].sizeText, '2.0 KB');
  });
});
