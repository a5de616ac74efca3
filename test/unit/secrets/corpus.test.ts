// The public corpus sample through `agentguard mask` (the CLI command, real files on disk): line count
// kept, every mustKeep line byte-identical, every secret line changed with no 8-char window of its
// secret values left. Contents stay base64 in the fixture and are decoded only into a temp dir.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Writable } from 'node:stream';
import { maskCommand } from '../../../src/cli/mask';
import { assertMasked } from './helpers';
import { corpusCase, secretsCorpus } from '../helpers/secretsCorpus';

export class Capture extends Writable {
  chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _enc: BufferEncoding, cb: () => void): void {
    this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    cb();
  }
  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

describe('secrets corpus sample through agentguard mask', () => {
  const files = secretsCorpus();
  let dir: string;
  before(() => (dir = mkdtempSync(path.join(tmpdir(), 'ag-mask-corpus-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('has the sample files', () => assert.ok(files.length >= 15));

  for (const f of files) {
    it(`masks ${f.name}`, async () => {
      const c = corpusCase(f);
      const file = path.join(dir, f.name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, c.text);
      const out = new Capture();
      const err = new Capture();
      const code = await maskCommand([file], { stdout: out, stderr: err });
      assert.equal(code, 0, err.bytes.toString());
      assertMasked(c, out.bytes.toString('utf8'));
    });
  }
});

describe('agentguard mask: errors', () => {
  it('exits 2 with usage on no argument', async () => {
    const out = new Capture(),
      err = new Capture();
    assert.equal(await maskCommand([], { stdout: out, stderr: err }), 2);
    assert.match(err.bytes.toString(), /usage/);
    assert.equal(out.bytes.length, 0);
  });
  it('exits 2 on a missing file and prints nothing to stdout', async () => {
    const out = new Capture(),
      err = new Capture();
    assert.equal(await maskCommand([path.join(tmpdir(), 'ag-no-such-file-' + process.pid)], { stdout: out, stderr: err }), 2);
    assert.match(err.bytes.toString(), /cannot read/);
    assert.equal(out.bytes.length, 0);
  });
  it('refuses a file that is not UTF-8 rather than printing raw bytes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ag-mask-bin-'));
    try {
      const file = path.join(dir, 'blob.bin');
      writeFileSync(file, Buffer.from([0x41, 0xff, 0xfe, 0x0a]));
      const out = new Capture(),
        err = new Capture();
      assert.equal(await maskCommand([file], { stdout: out, stderr: err }), 2);
      assert.equal(out.bytes.length, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('prints a file without secrets byte-exactly (BOM, CRLF, no final newline)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ag-mask-exact-'));
    try {
      const file = path.join(dir, 'a.txt');
      const bytes = Buffer.from('\ufeffline one\r\nline two\r\n\r\nlast', 'utf8');
      writeFileSync(file, bytes);
      const out = new Capture(),
        err = new Capture();
      assert.equal(await maskCommand([file], { stdout: out, stderr: err }), 0);
      assert.deepEqual(out.bytes, bytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
