// The undo store: the content mutating calls were about to destroy, kept outside the workspace so a person
// can take a call (or a whole session) back from the panel.
//
// Where: <AgentGuard home>/undo/<workspace key>/ (beside the audit log and the hook channels, mode 0700):
// the extension and the hook CLI, two processes with possibly different TMPDIRs, must find the same store,
// and an agent's file tools cannot reach it (outside the workspace; the engine also refuses commands that
// name the guard's own folder). Layout:
//   objects/<2 hex>/<id>     content, addressed by its hash: the same bytes are kept once, whoever keeps them
//   staged/<call>/<n>        hard links taken before a delete, sealed into objects/ once the call ended
//   calls/<session>/<call>.json   one record per call: what each path held before it, what it left
//   usage/<session>          bytes each capture added, one line each (the session cap, across processes)
//   windows/<key>.json       calls a host runs, so the after-hook (maybe another process) finds them
//   notices/<id>.json        reverts the agent has not heard about yet
//   tmp/                     every file is written here first and renamed into place
//   key                      64 random bytes, for the encrypted objects
//
// Crash safety: nothing is written in place. An object, a record or a notice is written whole to tmp/ and
// renamed (atomic on one file system), so a reader sees all of it or none. An object's name is its hash and
// every read checks it: a damaged or torn object (a power cut after the rename, before the data reached the
// disk) is reported as missing, never restored. Two processes keeping the same bytes rename the same content
// onto the same name; neither can tear the other's.
//
// Secrets: the content of a file the policy protects (agents may not read it) or whose text holds a secret
// value is kept encrypted (AES-256-GCM) and addressed by an HMAC, never by a plain hash of a guessable value.
// The key is readable by this user only; it keeps copies out of a `grep -r` over the home folder, not out of
// a process that deliberately reads the key, which the engine refuses by path (see engine.ts, guardData).
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RevertNotice, UndoRecord } from '../../core/undo/types';

export interface StoreCaps {
  /** Content of one file larger than this is not kept (unless git holds it). */
  maxFileBytes: number;
  /** Bytes one session may add to the store; past it, calls keep nothing more and say so. */
  maxSessionBytes: number;
}

export const DEFAULT_CAPS: StoreCaps = { maxFileBytes: 32 << 20, maxSessionBytes: 1 << 30 };

const ENC_MAGIC = Buffer.from('AGU1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

let tmpSeq = 0;

export class UndoStore {
  private ready = false;
  private keys: { enc: Buffer; mac: Buffer } | undefined;
  private readonly usageCache = new Map<string, { off: number; sum: number; ino: number }>();

  constructor(readonly root: string) {}

  /** Create the folders (0700, ours, not a symlink) on first use; a store we cannot trust is an error. */
  ensure(): void {
    if (this.ready) return;
    privateDir(path.dirname(this.root));
    privateDir(this.root);
    for (const d of ['objects', 'staged', 'calls', 'usage', 'windows', 'notices', 'tmp']) privateDir(path.join(this.root, d));
    this.ready = true;
  }

  // ---- objects ---------------------------------------------------------------------------------

  objectPath(id: string): string {
    if (!/^z?[0-9a-f]{64}$/.test(id)) throw new Error(`not an object id: ${JSON.stringify(id.slice(0, 80))}`);
    const h = isEncryptedId(id) ? id.slice(1) : id;
    return path.join(this.root, 'objects', h.slice(0, 2), id);
  }

  hasObject(id: string): boolean {
    try {
      return fs.lstatSync(this.objectPath(id)).isFile();
    } catch {
      return false;
    }
  }

  /**
   * Keep `bytes`; returns its id and the bytes this added to the store (0 when the same content was already
   * kept). `encrypt`: the content holds secrets (see the header).
   */
  putBytes(bytes: Buffer, encrypt: boolean, hash?: string): { id: string; added: number } {
    this.ensure();
    const id = encrypt ? 'z' + createHmac('sha256', this.keyPair().mac).update(bytes).digest('hex') : (hash ?? sha256(bytes));
    const file = this.objectPath(id);
    if (fileExists(file)) return { id, added: 0 };
    const data = encrypt ? this.encrypt(bytes) : bytes;
    this.writeAtomic(file, data, 0o600);
    return { id, added: data.length };
  }

  /** The content of an object, or undefined when it is missing or does not match its name (torn, damaged). */
  readObject(id: string): Buffer | undefined {
    let data: Buffer;
    try {
      data = fs.readFileSync(this.objectPath(id));
    } catch {
      return undefined;
    }
    if (!isEncryptedId(id)) return sha256(data) === id ? data : undefined;
    const plain = this.decrypt(data);
    if (plain === undefined) return undefined;
    return createHmac('sha256', this.keyPair().mac).update(plain).digest('hex') === id.slice(1) ? plain : undefined;
  }

  // ---- hard links taken before a delete ----------------------------------------------------------

  /** A hard link to `abs` under staged/, or undefined when the file system will not make one (EXDEV, EPERM). */
  stageLink(abs: string, callKey: string, n: number): string | undefined {
    this.ensure();
    const dir = path.join(this.root, 'staged', safeName(callKey));
    const name = `${safeName(callKey)}/${n}`;
    try {
      fs.linkSync(abs, path.join(this.root, 'staged', name));
      return name;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !fileExists(dir)) {
        privateDir(dir);
        try {
          fs.linkSync(abs, path.join(this.root, 'staged', name));
          return name;
        } catch {
          return undefined;
        }
      }
      return undefined;
    }
  }

  stagedPath(name: string): string {
    if (!/^[A-Za-z0-9_.-]+\/\d+$/.test(name)) throw new Error(`not a staged name: ${JSON.stringify(name.slice(0, 80))}`);
    return path.join(this.root, 'staged', name);
  }

  /**
   * Turn a staged hard link into an object. While the workspace still links the same inode (the delete
   * did not happen, or not yet) its bytes are copied into a fresh object, so a later edit in place cannot
   * reach into the store; once the store holds the only link, the link itself becomes the object.
   * Returns the object id; undefined when the staged link is gone (sealed by another process) or unreadable;
   * 'changed' when the inode was rewritten in place since it was linked (its bytes are no longer the prior
   * content: the link is dropped, never kept as if it were).
   */
  sealStaged(
    name: string,
    expect: { size: number; mtimeMs?: number },
    secret: (bytes: Buffer) => boolean,
  ): { id: string; added: number } | 'changed' | undefined {
    const file = this.stagedPath(name);
    let st: fs.Stats;
    let bytes: Buffer;
    try {
      st = fs.lstatSync(file);
      if (!st.isFile()) return undefined;
      if (st.size !== expect.size || (expect.mtimeMs !== undefined && st.mtimeMs !== expect.mtimeMs)) {
        rmQuiet(file);
        return 'changed';
      }
      bytes = fs.readFileSync(file);
    } catch {
      return undefined;
    }
    if (bytes.length !== expect.size) return undefined;
    const encrypt = secret(bytes);
    if (encrypt || st.nlink > 1) {
      const r = this.putBytes(bytes, encrypt);
      rmQuiet(file);
      return r;
    }
    const id = sha256(bytes);
    const dest = this.objectPath(id);
    if (fileExists(dest)) {
      rmQuiet(file);
      return { id, added: 0 };
    }
    privateDir(path.dirname(dest));
    try {
      fs.renameSync(file, dest);
    } catch {
      return this.putBytes(bytes, false, id);
    }
    return { id, added: 0 }; // counted when it was staged
  }

  readStaged(name: string, expectSize: number): Buffer | undefined {
    try {
      const b = fs.readFileSync(this.stagedPath(name));
      return b.length === expectSize ? b : undefined;
    } catch {
      return undefined;
    }
  }

  // ---- records ---------------------------------------------------------------------------------

  private recordPath(session: string, callId: string): string {
    return path.join(this.root, 'calls', safeName(session), `${safeName(callId)}.json`);
  }

  writeRecord(rec: UndoRecord): void {
    this.ensure();
    const file = this.recordPath(rec.session, rec.callId);
    privateDir(path.dirname(file));
    this.writeAtomic(file, Buffer.from(JSON.stringify(rec)), 0o600);
  }

  readRecord(session: string, callId: string): UndoRecord | undefined {
    return readJson<UndoRecord>(this.recordPath(session, callId));
  }

  /** A call's record in any session (the panel knows the call, maybe not which session kept it). */
  findRecord(callId: string, sessionHint?: string): UndoRecord | undefined {
    if (sessionHint) {
      const r = this.readRecord(sessionHint, callId);
      if (r) return r;
    }
    for (const s of this.sessions()) {
      const r = this.readRecord(s, callId);
      if (r) return r;
    }
    return undefined;
  }

  sessions(): string[] {
    try {
      return fs.readdirSync(path.join(this.root, 'calls'));
    } catch {
      return [];
    }
  }

  /** Every record of a session, oldest first. */
  listRecords(session: string): UndoRecord[] {
    const dir = path.join(this.root, 'calls', safeName(session));
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return [];
    }
    const out: UndoRecord[] = [];
    for (const n of names) {
      if (!n.endsWith('.json')) continue;
      const r = readJson<UndoRecord>(path.join(dir, n));
      if (r && r.v === 1) out.push(r);
    }
    return out.sort((a, b) => a.time - b.time);
  }

  // ---- the session cap -------------------------------------------------------------------------

  /** Bytes the session added to the store, by every process (appends are atomic for one short line). */
  usage(session: string): number {
    const file = path.join(this.root, 'usage', safeName(session));
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch {
      return 0;
    }
    let c = this.usageCache.get(session);
    if (!c || c.ino !== st.ino || st.size < c.off) c = { off: 0, sum: 0, ino: st.ino };
    if (st.size > c.off) {
      const fd = fs.openSync(file, 'r');
      try {
        const buf = Buffer.alloc(st.size - c.off);
        const n = fs.readSync(fd, buf, 0, buf.length, c.off);
        const text = buf.subarray(0, n).toString('latin1');
        const end = text.lastIndexOf('\n') + 1; // a line being written counts once it is whole
        for (const l of text.slice(0, end).split('\n')) if (l) c.sum += Number(l) || 0;
        c.off += end;
      } finally {
        fs.closeSync(fd);
      }
    }
    this.usageCache.set(session, c);
    return c.sum;
  }

  addUsage(session: string, bytes: number): void {
    if (bytes <= 0) return;
    this.ensure();
    fs.appendFileSync(path.join(this.root, 'usage', safeName(session)), `${Math.round(bytes)}\n`, { mode: 0o600 });
  }

  // ---- calls a host runs: found again by the after-hook ------------------------------------------

  writeWindow(key: string, value: { session: string; callIds: string[] }): void {
    this.ensure();
    this.writeAtomic(path.join(this.root, 'windows', `${safeName(key)}.json`), Buffer.from(JSON.stringify(value)), 0o600);
  }

  takeWindow(key: string): { session: string; callIds: string[] } | undefined {
    const file = path.join(this.root, 'windows', `${safeName(key)}.json`);
    const v = readJson<{ session: string; callIds: string[] }>(file);
    rmQuiet(file);
    return v;
  }

  // ---- notices for the agent ---------------------------------------------------------------------

  addNotice(n: RevertNotice): void {
    this.ensure();
    this.writeAtomic(path.join(this.root, 'notices', `${safeName(n.id)}.json`), Buffer.from(JSON.stringify(n)), 0o600);
  }

  /** True when any notice waits (one readdir of a folder that is almost always empty). */
  hasNotices(): boolean {
    try {
      return fs.readdirSync(path.join(this.root, 'notices')).some((n) => n.endsWith('.json'));
    } catch {
      return false;
    }
  }

  /**
   * The notices for `agent`, each taken by exactly one process: a notice is claimed by renaming it (only one
   * rename of a name succeeds), then read and removed.
   */
  takeNotices(agent: string): RevertNotice[] {
    const dir = path.join(this.root, 'notices');
    let names: string[];
    try {
      names = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
    const out: RevertNotice[] = [];
    for (const n of names) {
      const file = path.join(dir, n);
      const peek = readJson<RevertNotice>(file);
      if (!peek || peek.agent !== agent) continue;
      const claimed = `${file}.${process.pid}.${++tmpSeq}.taken`;
      try {
        fs.renameSync(file, claimed);
      } catch {
        continue; // another process took it
      }
      const got = readJson<RevertNotice>(claimed);
      rmQuiet(claimed);
      if (got) out.push(got);
    }
    return out.sort((a, b) => a.time - b.time);
  }

  // ---- housekeeping ------------------------------------------------------------------------------

  /**
   * Keep the newest `keepSessions` sessions (and any younger than `minAgeMs`); drop the rest, then every
   * object and staged link no kept record names. Returns the bytes freed.
   */
  prune(opts: { keepSessions: number; minAgeMs: number; now?: number }): number {
    const now = opts.now ?? Date.now();
    const sessions = this.sessions()
      .map((s) => ({ s, t: mtimeOf(path.join(this.root, 'calls', s)) }))
      .sort((a, b) => b.t - a.t);
    const drop = sessions.filter((x, i) => i >= opts.keepSessions && now - x.t > opts.minAgeMs).map((x) => x.s);
    if (drop.length === 0) return 0;
    for (const s of drop) {
      fs.rmSync(path.join(this.root, 'calls', s), { recursive: true, force: true });
      rmQuiet(path.join(this.root, 'usage', s));
    }
    const live = new Set<string>();
    const liveStaged = new Set<string>();
    for (const s of this.sessions()) {
      for (const r of this.listRecords(s)) {
        for (const st of Object.values(r.prior)) {
          if (st.k !== 'file' || !st.src) continue;
          if ('obj' in st.src) live.add(st.src.obj);
          if ('staged' in st.src) liveStaged.add(st.src.staged.split('/')[0]);
        }
      }
    }
    let freed = 0;
    const objects = path.join(this.root, 'objects');
    for (const d of safeReaddir(objects)) {
      for (const f of safeReaddir(path.join(objects, d))) {
        if (live.has(f)) continue;
        const file = path.join(objects, d, f);
        freed += sizeOf(file);
        rmQuiet(file);
      }
    }
    for (const d of safeReaddir(path.join(this.root, 'staged'))) {
      if (liveStaged.has(d)) continue;
      fs.rmSync(path.join(this.root, 'staged', d), { recursive: true, force: true });
    }
    for (const f of safeReaddir(path.join(this.root, 'tmp'))) {
      const file = path.join(this.root, 'tmp', f);
      if (now - mtimeOf(file) > 3_600_000) rmQuiet(file);
    }
    return freed;
  }

  /** Total bytes under objects/ (the benchmark's store size). */
  objectBytes(): number {
    let n = 0;
    const objects = path.join(this.root, 'objects');
    for (const d of safeReaddir(objects)) for (const f of safeReaddir(path.join(objects, d))) n += sizeOf(path.join(objects, d, f));
    return n;
  }

  // ---- internals -----------------------------------------------------------------------------------

  /** Write whole into tmp/, then rename onto `file`: a reader sees the old file, or all of the new one. */
  private writeAtomic(file: string, data: Buffer, mode: number): void {
    privateDir(path.dirname(file));
    const tmp = path.join(this.root, 'tmp', `${process.pid}-${Date.now()}-${++tmpSeq}-${randomBytes(4).toString('hex')}`);
    const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), mode);
    try {
      let off = 0;
      while (off < data.length) off += fs.writeSync(fd, data, off, data.length - off);
    } catch (e) {
      fs.closeSync(fd);
      rmQuiet(tmp);
      throw e;
    }
    fs.closeSync(fd);
    try {
      fs.renameSync(tmp, file);
    } catch (e) {
      rmQuiet(tmp);
      throw e;
    }
  }

  private keyPair(): { enc: Buffer; mac: Buffer } {
    if (this.keys) return this.keys;
    this.ensure();
    const file = path.join(this.root, 'key');
    let key = readKey(file);
    if (!key) {
      // Publish with link(): it fails when the name exists, so two processes racing agree on one key.
      const tmp = path.join(this.root, 'tmp', `key-${process.pid}-${++tmpSeq}`);
      fs.writeFileSync(tmp, randomBytes(64), { mode: 0o600, flag: 'wx' });
      try {
        fs.linkSync(tmp, file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      } finally {
        rmQuiet(tmp);
      }
      key = readKey(file);
      if (!key) throw new Error(`the undo store key ${file} is unreadable or not 64 bytes`);
    }
    this.keys = { enc: key.subarray(0, 32), mac: key.subarray(32, 64) };
    return this.keys;
  }

  private encrypt(plain: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const c = createCipheriv('aes-256-gcm', this.keyPair().enc, iv);
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([ENC_MAGIC, iv, c.getAuthTag(), body]);
  }

  private decrypt(data: Buffer): Buffer | undefined {
    if (data.length < ENC_MAGIC.length + IV_BYTES + TAG_BYTES || !data.subarray(0, 4).equals(ENC_MAGIC)) return undefined;
    try {
      const iv = data.subarray(4, 4 + IV_BYTES);
      const tag = data.subarray(4 + IV_BYTES, 4 + IV_BYTES + TAG_BYTES);
      const d = createDecipheriv('aes-256-gcm', this.keyPair().enc, iv);
      d.setAuthTag(tag);
      return Buffer.concat([d.update(data.subarray(4 + IV_BYTES + TAG_BYTES)), d.final()]);
    } catch {
      return undefined; // torn or altered: the tag does not verify
    }
  }
}

/** The undo store of a workspace under an AgentGuard home folder (named like its audit log). */
export function undoDirFor(agentguardHome: string, workspace: string): string {
  return path.join(agentguardHome, 'undo', `${path.basename(workspace).replace(/[^A-Za-z0-9._-]/g, '_')}-${sha256(Buffer.from(workspace)).slice(0, 16)}`);
}

export function sha256(b: Uint8Array): string {
  return createHash('sha256').update(b).digest('hex');
}

/** A file name for an id from outside (call ids carry a host's tool-use id): nothing but [A-Za-z0-9_.-]. */
export function safeName(s: string): string {
  const out = s.replace(/[^A-Za-z0-9_.-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`).slice(0, 200);
  return out === '' || out === '.' || out === '..' ? `_${out}` : out;
}

/** mkdir 0700; refuse a folder that is a symlink or belongs to someone else (a planted store). */
function privateDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    else if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const st = fs.lstatSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a folder (a symlink?): the undo store refuses it`);
  if (process.platform !== 'win32') {
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) throw new Error(`${dir} belongs to another user`);
    if ((st.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
  }
}

function readKey(file: string): Buffer | undefined {
  try {
    const b = fs.readFileSync(file);
    return b.length === 64 ? b : undefined;
  } catch {
    return undefined;
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function fileExists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

function rmQuiet(p: string): void {
  try {
    fs.unlinkSync(p);
  } catch {
    /* gone already */
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function mtimeOf(p: string): number {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

function sizeOf(p: string): number {
  try {
    return fs.lstatSync(p).size;
  } catch {
    return 0;
  }
}

/** Encrypted objects are named `z` + HMAC; plain ones by their SHA-256 (hex never starts with `z`). */
export function isEncryptedId(id: string): boolean {
  return id.charCodeAt(0) === 0x7a;
}
