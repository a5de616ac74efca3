// The undo store on a real disk: content kept once however often it is kept, caps that say what they left
// out, no torn file ever restored (write-then-rename, every read checked against the object's name), and
// two processes (the extension and the hook CLI) keeping, counting and claiming in the same store at once.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compileIgnore } from '../../../src/core/snapshot/ignore';
import { captureCall } from '../../../src/node/undo/capture';
import { sha256, UndoStore } from '../../../src/node/undo/store';

const REPO = path.resolve(__dirname, '..', '..', '..');
/** A child Node running TypeScript in its own process (no wrapper process: a kill reaches the writer itself). */
const NODE_TS = (script: string, args: string[]) => [process.execPath, ['--import', 'tsx', '-e', script, ...args]] as const;

function tmp(): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-undo-store-')));
}

function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...allFiles(p));
    else out.push(p);
  }
  return out;
}

/** Run a script in a child Node (tsx), as the hook CLI is a separate process. */
function child(script: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const [cmd, argv] = NODE_TS(script, args);
    const p = spawn(cmd, argv, { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code, out }));
  });
}

const base = (callId: string, session = 's1') => ({ callId, session, agent: 'test', channel: 'tool', tool: 't', op: 'write', what: 'x' });

describe('undo store', () => {
  let root: string;
  let store: UndoStore;
  beforeEach(() => {
    root = tmp();
    store = new UndoStore(path.join(root, 'home', 'undo', 'ws-1'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is private: 0700 folders, 0600 files, outside the workspace', () => {
    store.putBytes(Buffer.from('hello'), false);
    store.putBytes(Buffer.from('secret'), true);
    const st = fs.statSync(store.root);
    assert.equal(st.mode & 0o777, 0o700);
    for (const d of ['objects', 'tmp', 'calls']) assert.equal(fs.statSync(path.join(store.root, d)).mode & 0o777, 0o700);
    for (const f of allFiles(path.join(store.root, 'objects'))) assert.equal(fs.statSync(f).mode & 0o077, 0, f);
    assert.equal(fs.statSync(path.join(store.root, 'key')).mode & 0o777, 0o600);
  });

  it('refuses a store folder that is a symlink (a planted store)', () => {
    const elsewhere = path.join(root, 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.mkdirSync(path.join(root, 'home', 'undo'), { recursive: true });
    fs.symlinkSync(elsewhere, path.join(root, 'home', 'undo', 'ws-1'));
    assert.throws(() => store.putBytes(Buffer.from('x'), false), /not a folder/);
  });

  it('deduplicates: the same bytes are kept once, whoever keeps them', () => {
    const bytes = Buffer.from('the same content\n'.repeat(100));
    const a = store.putBytes(bytes, false);
    const b = store.putBytes(Buffer.from(bytes), false);
    assert.equal(a.id, sha256(bytes));
    assert.equal(b.id, a.id);
    assert.equal(a.added, bytes.length);
    assert.equal(b.added, 0, 'the second keep added nothing');
    assert.equal(store.objectBytes(), bytes.length);
    // Encrypted copies deduplicate too (addressed by an HMAC of the content, not by its plain hash).
    const e1 = store.putBytes(bytes, true);
    const e2 = store.putBytes(bytes, true);
    assert.equal(e1.id, e2.id);
    assert.notEqual(e1.id.slice(1), a.id, 'an encrypted object is not named by the plain hash of its content');
    assert.equal(e2.added, 0);
  });

  it('captures deduplicate across calls: ten calls keeping the same file add its bytes once', async () => {
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(ws, 'a.txt'), 'x'.repeat(5000));
    let added = 0;
    for (let i = 0; i < 10; i++) {
      const r = await captureCall(base(`c${i}`), { targets: [{ abs: path.join(ws, 'a.txt'), mode: 'rewrite', why: 'w' }], unknown: [] }, opts(ws, store));
      added += r.stats.bytesAdded;
    }
    assert.equal(added, 5000);
    assert.equal(store.usage('s1'), 5000);
  });

  it('encrypts what holds secrets: no plaintext on disk, the exact bytes back, a flipped bit refused', () => {
    const secret = Buffer.from(`TOKEN=${'q'.repeat(8)}${Date.now()}\n`);
    const { id } = store.putBytes(secret, true);
    assert.ok(id.startsWith('z'));
    const file = store.objectPath(id);
    assert.ok(!fs.readFileSync(file).includes(secret), 'the secret is not on disk in plain text');
    assert.deepEqual(store.readObject(id), secret);
    const damaged = fs.readFileSync(file);
    damaged[damaged.length - 1] ^= 1;
    fs.writeFileSync(file, damaged);
    assert.equal(store.readObject(id), undefined, 'an altered encrypted object is refused');
  });

  it('never hands back a torn object: a truncated or altered object reads as missing', () => {
    const bytes = Buffer.from('line\n'.repeat(1000));
    const { id } = store.putBytes(bytes, false);
    const file = store.objectPath(id);
    fs.truncateSync(file, 100); // the rename reached the disk, the data did not (a power cut)
    assert.equal(store.readObject(id), undefined);
    fs.writeFileSync(file, Buffer.concat([bytes.subarray(0, -1), Buffer.from('X')]));
    assert.equal(store.readObject(id), undefined);
    fs.writeFileSync(file, bytes);
    assert.deepEqual(store.readObject(id), bytes);
  });

  it('a writer killed mid-write leaves no object under its name, or a whole one — never a torn one', async function () {
    this.timeout(120_000);
    const big = 24 << 20;
    // The writer stops itself inside its `target`-th object write, with half the bytes on disk, says "mid" and
    // waits to be killed: every kill lands mid-write, whatever the machine's load (a kill after a fixed delay
    // missed the write on a loaded machine). Plain and encrypted objects alternate; those written before the
    // stop must be whole under their names, the torn one must not be there at all.
    const script = `
      const fs = require('node:fs');
      const target = Number(process.argv[3]);
      const write = fs.writeSync;
      let objectWrites = 0;
      fs.writeSync = function (fd, data, off, len) {
        if (typeof len === 'number' && len >= ${big} && ++objectWrites === target) {
          write.call(fs, fd, data, off, len >> 1);
          write.call(fs, 1, 'mid\\n');
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
        }
        return write.apply(fs, arguments);
      };
      const { UndoStore } = require(${JSON.stringify(path.join(REPO, 'src/node/undo/store.ts'))});
      const s = new UndoStore(process.argv[1]);
      const b = Buffer.alloc(${big}, 7);
      b.write('torn-test-' + process.argv[2]);
      for (let i = 0; i < 40; i++) { b[${big} - 1] = i; s.putBytes(b, i % 2 === 1); }
    `;
    const objects = () => (fs.existsSync(path.join(store.root, 'objects')) ? allFiles(path.join(store.root, 'objects')) : []);
    let whole = 0;
    for (let round = 0; round < 4; round++) {
      const target = round + 1;
      const [cmd, argv] = NODE_TS(script, [store.root, String(round), String(target)]);
      const p = spawn(cmd, argv, { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
      const closed = new Promise<number | null>((resolve) => p.once('close', resolve));
      let said = '';
      const mid = await new Promise<boolean>((resolve) => {
        p.stdout.on('data', (d) => {
          said += d;
          if (said.includes('mid\n')) resolve(true);
        });
        void closed.then(() => resolve(false));
      });
      assert.ok(mid, `round ${round}: the writer ended without stopping mid-write (${JSON.stringify(said)})`);
      p.kill('SIGKILL');
      await closed;
      whole += target - 1;
      const kept = objects();
      assert.equal(kept.length, whole, `round ${round}: the objects written before the kill, and no other`);
      for (const f of kept) {
        const id = path.basename(f);
        assert.ok(store.readObject(id) !== undefined, `object ${id} under its name is torn (${fs.statSync(f).size} bytes, ${sha256(fs.readFileSync(f))})`);
      }
      const torn = fs.readdirSync(path.join(store.root, 'tmp')).map((f) => fs.statSync(path.join(store.root, 'tmp', f)).size);
      // One half-written file a round, left in tmp/ (each writer died before it could clean up).
      assert.equal(
        torn.filter((n) => n > 0 && n < big).length,
        round + 1,
        `round ${round}: the half-written files in tmp/ (${JSON.stringify(torn)}): the kill did not land mid-write`,
      );
    }
    // Leftover temporary files are swept by the housekeeping.
    for (const f of fs.readdirSync(path.join(store.root, 'tmp'))) fs.utimesSync(path.join(store.root, 'tmp', f), new Date(0), new Date(0));
    fs.mkdirSync(path.join(store.root, 'calls', 'old'), { recursive: true });
    fs.mkdirSync(path.join(store.root, 'calls', 'new'), { recursive: true });
    fs.utimesSync(path.join(store.root, 'calls', 'old'), new Date(0), new Date(0));
    store.prune({ keepSessions: 1, minAgeMs: 0 });
    assert.equal(fs.readdirSync(path.join(store.root, 'tmp')).length, 0);
  });

  it('caps: a file over the per-file cap and files past the session cap are recorded as not kept, with the reason', async () => {
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(ws, 'big.bin'), Buffer.alloc(3000, 1));
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(ws, `f${i}.txt`), `${i}`.repeat(400));
    const o = { ...opts(ws, store), caps: { maxFileBytes: 2000, maxSessionBytes: 1000 } };
    const r1 = await captureCall(base('c1'), { targets: [{ abs: path.join(ws, 'big.bin'), mode: 'rewrite', why: 'w' }], unknown: [] }, o);
    const big = r1.record.prior['big.bin'];
    assert.ok(big.k === 'file' && big.src && 'none' in big.src && /over the 2\.0 KB/.test(big.src.none), JSON.stringify(big));
    const r2 = await captureCall(
      base('c2'),
      { targets: [0, 1, 2, 3, 4].map((i) => ({ abs: path.join(ws, `f${i}.txt`), mode: 'rewrite' as const, why: 'w' })), unknown: [] },
      o,
    );
    const srcs = [0, 1, 2, 3, 4].map((i) => {
      const s = r2.record.prior[`f${i}.txt`];
      return s.k === 'file' && s.src ? ('obj' in s.src ? 'kept' : 'none' in s.src ? s.src.none : '?') : '?';
    });
    assert.deepEqual(srcs.slice(0, 2), ['kept', 'kept']);
    for (const s of srcs.slice(2)) assert.match(s, /session's undo space \(1000 B\) is used up/);
    assert.equal(store.usage('s1'), 800);
    // The cap holds across processes: another store object (another process) reads the same usage.
    assert.equal(new UndoStore(store.root).usage('s1'), 800);
  });

  it('two processes keep, count and claim in one store at once: one copy each, every byte counted, each notice taken once', async function () {
    this.timeout(120_000);
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    for (let i = 0; i < 200; i++) fs.writeFileSync(path.join(ws, `f${i}.txt`), `shared ${i}\n`.repeat(20));
    for (let i = 0; i < 20; i++) store.addNotice({ id: `n${i}`, agent: 'claude-code', time: i, calls: [], paths: [`p${i}`] });
    const script = `
      const path = require('node:path');
      const { UndoStore } = require(${JSON.stringify(path.join(REPO, 'src/node/undo/store.ts'))});
      const { captureCall } = require(${JSON.stringify(path.join(REPO, 'src/node/undo/capture.ts'))});
      const { compileIgnore } = require(${JSON.stringify(path.join(REPO, 'src/core/snapshot/ignore.ts'))});
      const [root, ws, who] = process.argv.slice(1);
      const s = new UndoStore(root);
      (async () => {
        const taken = [];
        for (let i = 0; i < 200; i++) {
          await captureCall({ callId: who + i, session: 's1', agent: 'a', channel: 'hook', tool: 't', op: 'write', what: 'x' },
            { targets: [{ abs: path.join(ws, 'f' + i + '.txt'), mode: 'rewrite', why: 'w' }], unknown: [] },
            { workspace: ws, store: s, caps: { maxFileBytes: 1 << 20, maxSessionBytes: 1 << 30 }, session: 's1', ignore: compileIgnore([]),
              isProtected: () => false, holdsSecret: () => false, gitMinFiles: Infinity });
          if (i % 10 === 0) taken.push(...s.takeNotices('claude-code').map((n) => n.id));
        }
        process.stdout.write(JSON.stringify(taken));
      })();
    `;
    const [a, b] = await Promise.all([child(script, [store.root, ws, 'A']), child(script, [store.root, ws, 'B'])]);
    assert.equal(a.code, 0);
    assert.equal(b.code, 0);
    const expected = Array.from({ length: 200 }, (_, i) => `shared ${i}\n`.repeat(20).length).reduce((x, y) => x + y, 0);
    assert.equal(store.objectBytes(), expected, 'each content kept once');
    // Both processes may have written the same new object at the same moment and each counted it (the cap is
    // a budget, not an invoice); never less than what is on disk, at most twice.
    const used = store.usage('s1');
    assert.ok(used >= expected && used <= 2 * expected, `usage ${used} against ${expected} on disk`);
    const taken = [...JSON.parse(a.out), ...JSON.parse(b.out)] as string[];
    assert.equal(taken.length, 20, `notices taken: ${taken.join(',')}`);
    assert.equal(new Set(taken).size, 20, 'a notice was taken twice');
  });

  it('prune drops old sessions and exactly the objects only they named', async () => {
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(ws, 'old.txt'), 'only the old session kept this');
    fs.writeFileSync(path.join(ws, 'both.txt'), 'both sessions kept this');
    const t = (n: string) => ({ abs: path.join(ws, n), mode: 'rewrite' as const, why: 'w' });
    const r1 = await captureCall(base('c1', 'old'), { targets: [t('old.txt'), t('both.txt')], unknown: [] }, { ...opts(ws, store), session: 'old' });
    store.writeRecord(r1.record);
    const r2 = await captureCall(base('c2', 'new'), { targets: [t('both.txt')], unknown: [] }, { ...opts(ws, store), session: 'new' });
    store.writeRecord(r2.record);
    fs.utimesSync(path.join(store.root, 'calls', 'old'), new Date(0), new Date(0));
    const ids = (rec: typeof r1.record, rel: string) => {
      const s = rec.prior[rel];
      return s.k === 'file' && s.src && 'obj' in s.src ? s.src.obj : '';
    };
    store.prune({ keepSessions: 1, minAgeMs: 0 });
    assert.equal(store.readObject(ids(r1.record, 'old.txt')), undefined, 'the old session’s own object was dropped');
    assert.ok(store.readObject(ids(r2.record, 'both.txt')), 'an object the kept session names stays');
    assert.equal(store.sessions().join(), 'new');
  });
});

function opts(ws: string, store: UndoStore) {
  return {
    workspace: ws,
    store,
    caps: { maxFileBytes: 1 << 20, maxSessionBytes: 1 << 30 },
    session: 's1',
    ignore: compileIgnore([]),
    isProtected: () => false,
    holdsSecret: () => false,
    gitMinFiles: Infinity,
  };
}
