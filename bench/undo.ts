// What keeping a call's prior content costs, and what the undo store takes, each against a baseline measured
// in the same run (src/node/undo/capture.ts says why it is built this way):
// 1. A 1 KB edit: the keeper's work for it (before the call: lstat, read, hash, object write, record write;
//    after it: what the call left, hashed, record rewritten) against the edit's own file work (read the
//    1 KB file, write the new text). Every edit writes new content, so nothing is saved by deduplication.
//    And the whole guarded edit (editFile through GuardService.run) with undo on against the same edit by a
//    service with undo off, alternating.
// 2. `rm -rf build` of a 10,000-file tree (100 folders, 0.2–2 KB files): the capture on the decision path
//    (walk, one hard link per file, the record) against rm's own work on the same tree, a readdir + lstat
//    walk of it, and a copy of it (read + write of each file, what a keeper that copies would pay); the sealing after the
//    call (each link read, hashed, renamed into an object) against the same copy.
// 3. The store after a 100-call session (70 one-line edits across 20 source files, 15 `rm -rf dist` of a
//    regenerated 40-file folder, 15 rewrites of a lock file that flips between two versions): bytes on disk
//    under the store (objects and records) against the bytes the kept paths held before each call, which a
//    keeper copying per call would store.
//
//   npx tsx bench/undo.ts [--runs R] [--n N] [--files F]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FileChange } from '../src/core/audit';
import type { CanonicalCall } from '../src/core/types';
import type { PathState } from '../src/core/undo/types';
import { GuardService } from '../src/node/guardService';
import { invokeTool, TOOLS, toolEnvOf } from '../src/node/tools';
import type { AnyTool } from '../src/node/tools/guardedTool';
import { settleAfter, type UndoKeeper } from '../src/node/undo/keeper';
import { emit, type Figure, median, spread } from './lib';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}
const RUNS = arg('runs', 5);
const N = arg('n', 300);
const FILES = arg('files', 10_000);

const r2 = (x: number) => Math.round(x * 100) / 100;
let seq = 0;
const call = (op: CanonicalCall['op'], p: string): CanonicalCall => ({
  id: `bench-${process.pid}-${++seq}`,
  op,
  paths: [p],
  agent: 'bench',
  channel: 'tool',
  tool: op === 'delete' ? 'agentguard_deleteFile' : 'agentguard_editFile',
  args: {},
});

/** Deterministic filler: the same seed gives the same bytes (the regenerated folder dedups, as a rebuild would). */
function text(seed: number, bytes: number): string {
  let s = '';
  let x = seed * 2654435761;
  while (s.length < bytes) {
    x = (x * 1103515245 + 12345) >>> 0;
    s += `export const v${x.toString(36)} = ${x % 1000};\n`;
  }
  return s.slice(0, bytes - 1) + '\n';
}

function service(ws: string, home: string, undo: boolean): GuardService {
  return new GuardService({ workspace: ws, home, auditPath: path.join(home, `audit-${path.basename(ws)}.jsonl`), undo });
}

function keeperOf(s: GuardService): UndoKeeper {
  if (!s.undo) throw new Error('undo is off');
  return s.undo;
}

/** Bytes of every file under a folder. */
function du(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) {
      const r = du(p);
      bytes += r.bytes;
      files += r.files;
    } else if (d.isFile()) {
      bytes += fs.statSync(p).size;
      files++;
    }
  }
  return { bytes, files };
}

function walk(dir: string): number {
  let n = 0;
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = `${dir}/${d.name}`;
    fs.lstatSync(p);
    n += d.isDirectory() ? walk(p) : 1;
  }
  return n;
}

function copyTree(from: string, to: string): number {
  fs.mkdirSync(to);
  let n = 0;
  for (const d of fs.readdirSync(from, { withFileTypes: true })) {
    if (d.isDirectory()) n += copyTree(`${from}/${d.name}`, `${to}/${d.name}`);
    else {
      fs.writeFileSync(`${to}/${d.name}`, fs.readFileSync(`${from}/${d.name}`));
      n++;
    }
  }
  return n;
}

function makeTree(dir: string, files: number): number {
  let bytes = 0;
  for (let i = 0; i < files; i++) {
    const sub = path.join(dir, `m${i % 100}`);
    if (i < 100) fs.mkdirSync(sub, { recursive: true });
    const t = text(i + 1, 200 + ((i * 7919) % 1800));
    fs.writeFileSync(path.join(sub, `f${i}.js`), t);
    bytes += t.length;
  }
  return bytes;
}

async function editFigures(root: string, figures: Figure[], detail: Record<string, unknown>) {
  const home = path.join(root, 'home-edit');
  const wsOn = path.join(root, 'ws-on');
  const wsOff = path.join(root, 'ws-off');
  for (const ws of [wsOn, wsOff]) {
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'src/app.ts'), `export const n = 0;\n${text(7, 1000)}`);
    fs.writeFileSync(path.join(ws, 'src/raw.ts'), `export const n = 0;\n${text(7, 1000)}`);
  }
  const on = service(wsOn, home, true);
  const off = service(wsOff, home, false);
  const keeper = keeperOf(on);
  let k = 0;
  // (a) The keeper's own work for one 1 KB edit against the edit's file work.
  const file = path.join(wsOn, 'src/raw.ts');
  const oneKeep = async () => {
    const c = call('write', 'src/raw.ts');
    const t0 = performance.now();
    await keeper.keep(c, { decision: 'allow', rule: 'bench', reason: 'bench' });
    const t1 = performance.now();
    const old = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, old.replace(/^export const n = \d+;/, `export const n = ${++k};`));
    const t2 = performance.now();
    const changes: FileChange[] = [{ path: 'src/raw.ts', kind: 'modified' }];
    await keeper.kept([c], changes);
    const t3 = performance.now();
    return { keep: (t1 - t0 + (t3 - t2)) * 1000, write: (t2 - t1) * 1000 };
  };
  // (b) The whole guarded edit, undo on against undo off.
  const env = { on: toolEnvOf(on), off: toolEnvOf(off) };
  const edit = TOOLS.editFile as AnyTool;
  const who = { agent: 'bench', channel: 'tool' as const };
  const ns = { on: 0, off: 0 };
  const guarded = async (which: 'on' | 'off') => {
    const s = which === 'on' ? on : off;
    const n = ns[which]++;
    const t = performance.now();
    const a = await invokeTool(s, env[which], edit, { path: 'src/app.ts', oldString: `export const n = ${n};`, newString: `export const n = ${n + 1};` }, who);
    const us = (performance.now() - t) * 1000;
    if (a.status !== 'ok') throw new Error(`the benchmark edit was not allowed: ${a.text}`);
    return us;
  };
  for (let i = 0; i < 50; i++) {
    await oneKeep();
    await guarded('on');
    await guarded('off');
  }
  const runs: { keep: number; write: number; on: number; off: number }[] = [];
  for (let r = 0; r < RUNS; r++) {
    const keep: number[] = [];
    const write: number[] = [];
    const gOn: number[] = [];
    const gOff: number[] = [];
    for (let i = 0; i < N; i++) {
      const x = await oneKeep();
      keep.push(x.keep);
      write.push(x.write);
      if (i % 2) {
        gOn.push(await guarded('on'));
        gOff.push(await guarded('off'));
      } else {
        gOff.push(await guarded('off'));
        gOn.push(await guarded('on'));
      }
    }
    runs.push({ keep: median(keep), write: median(write), on: median(gOn), off: median(gOff) });
  }
  const keep = median(runs.map((x) => x.keep));
  const write = median(runs.map((x) => x.write));
  const gOn = median(runs.map((x) => x.on));
  const gOff = median(runs.map((x) => x.off));
  detail.edit = { runs, n: N };
  figures.push({
    name: 'undo: keeping the prior content of a 1 KB edit (before + after the call), median',
    value: Math.round(keep),
    unit: 'µs',
    baseline: { name: "the edit's own file work: read 1 KB, write it back changed", value: Math.round(write) },
    ratio: r2(keep / write),
    spread: r2(spread(runs.map((x) => x.keep / x.write))),
  });
  figures.push({
    name: 'undo: guarded 1 KB editFile with undo on, median per call',
    value: Math.round(gOn),
    unit: 'µs',
    baseline: { name: 'the same edit, undo off (same run, alternating)', value: Math.round(gOff) },
    ratio: r2(gOn / gOff),
    spread: r2(spread(runs.map((x) => x.on / x.off))),
    aim: { text: 'keeping adds at most 25% to a guarded edit', met: gOn / gOff <= 1.25 },
  });
}

async function rmFigures(root: string, figures: Figure[], detail: Record<string, unknown>) {
  const home = path.join(root, 'home-rm');
  const ws = path.join(root, 'ws-rm');
  const copyTo = path.join(root, 'copy');
  fs.mkdirSync(ws, { recursive: true });
  const keeper = keeperOf(service(ws, home, true));
  const build = path.join(ws, 'build');
  const runs: { keep: number; seal: number; rm: number; walk: number; copy: number }[] = [];
  let treeBytes = 0;
  let stats: unknown;
  for (let r = 0; r < RUNS; r++) {
    treeBytes = makeTree(build, FILES);
    let t = performance.now();
    if (walk(build) !== FILES) throw new Error('the tree is not what was made');
    const walkMs = performance.now() - t;
    t = performance.now();
    // What a keeper that copies would do in-process: read each file, write it elsewhere. Not fs.cpSync or
    // `cp -a` (on this machine's file system both spend several ms a file on what they preserve besides bytes).
    if (copyTree(build, copyTo) !== FILES) throw new Error('the copy is not the tree');
    const copyMs = performance.now() - t;
    fs.rmSync(copyTo, { recursive: true, force: true });
    // The keeper, on the decision path: what `rm -rf build` is about to delete (the analysis gives a delete
    // of build/, which is this call's target).
    const c = call('delete', 'build');
    t = performance.now();
    await keeper.keep(c, { decision: 'allow', rule: 'bench', reason: 'bench' });
    const keepMs = performance.now() - t;
    t = performance.now();
    fs.rmSync(build, { recursive: true, force: true });
    const rmMs = performance.now() - t;
    // After the call, off the decision path: what it left, and the links sealed into objects.
    const rec = keeper.store.readRecord(keeper.store.sessions()[0] ?? '', c.id);
    if (!rec) throw new Error('the rm left no undo record');
    const kept = Object.values(rec.prior).filter((s: PathState) => s.k === 'file').length;
    if (kept !== FILES) throw new Error(`kept ${kept} of ${FILES} files`);
    t = performance.now();
    settleAfter(rec, [], ws, 1 << 20);
    keeper.seal(rec, true);
    const sealMs = performance.now() - t;
    const sealed = Object.values(rec.prior).filter((s: PathState) => s.k === 'file' && s.src !== undefined && 'obj' in s.src).length;
    if (sealed !== FILES) throw new Error(`sealed ${sealed} of ${FILES} files`);
    runs.push({ keep: keepMs, seal: sealMs, rm: rmMs, walk: walkMs, copy: copyMs });
    stats = { kept, sealed };
  }
  const m = (k: keyof (typeof runs)[0]) => median(runs.map((x) => x[k]));
  detail.rm = { runs, files: FILES, treeBytes, stats };
  const n = FILES.toLocaleString('en');
  figures.push({
    name: `undo: keeping what \`rm -rf build\` deletes (${n} files), on the decision path`,
    value: Math.round(m('keep')),
    unit: 'ms',
    baseline: { name: 'rm -rf of the same tree (fs.rmSync)', value: Math.round(m('rm')) },
    ratio: r2(m('keep') / m('rm')),
    spread: r2(spread(runs.map((x) => x.keep / x.rm))),
  });
  figures.push({
    name: `undo: the same keep against a copy of the tree (${n} files)`,
    value: Math.round(m('keep')),
    unit: 'ms',
    baseline: { name: 'read + write of every file into a fresh tree', value: Math.round(m('copy')) },
    ratio: r2(m('keep') / m('copy')),
    spread: r2(spread(runs.map((x) => x.keep / x.copy))),
    aim: { text: 'cheaper than copying the tree', met: m('keep') < m('copy') },
  });
  figures.push({
    name: `undo: the same keep against a readdir + lstat walk (${n} files)`,
    value: Math.round(m('keep')),
    unit: 'ms',
    baseline: { name: 'readdir + lstat of every entry', value: Math.round(m('walk')) },
    ratio: r2(m('keep') / m('walk')),
    spread: r2(spread(runs.map((x) => x.keep / x.walk))),
  });
  figures.push({
    name: `undo: sealing the kept links into objects after the rm (${n} files), off the decision path`,
    value: Math.round(m('seal')),
    unit: 'ms',
    baseline: { name: 'read + write of every file into a fresh tree', value: Math.round(m('copy')) },
    ratio: r2(m('seal') / m('copy')),
    spread: r2(spread(runs.map((x) => x.seal / x.copy))),
  });
}

async function storeFigures(root: string, figures: Figure[], detail: Record<string, unknown>) {
  const home = path.join(root, 'home-store');
  const ws = path.join(root, 'ws-store');
  fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
  const srcs = Array.from({ length: 20 }, (_, i) => `src/m${i}.ts`);
  srcs.forEach((p, i) => fs.writeFileSync(path.join(ws, p), text(100 + i, 2000 + ((i * 3001) % 4000))));
  const LOCK = [text(500, 30_000), text(501, 30_000)];
  fs.writeFileSync(path.join(ws, 'package-lock.json'), LOCK[0]);
  const regen = () => {
    for (let i = 0; i < 40; i++) {
      fs.mkdirSync(path.join(ws, 'dist'), { recursive: true });
      fs.writeFileSync(path.join(ws, 'dist', `c${i}.js`), text(900 + i, 1024));
    }
  };
  regen();
  const keeper = keeperOf(service(ws, home, true));
  let priorBytes = 0;
  let changed = 0;
  let x = 42;
  const rnd = (n: number) => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x % n;
  };
  const plan = [...Array(70).fill('edit'), ...Array(15).fill('rm'), ...Array(15).fill('lock')] as string[];
  for (let i = plan.length - 1; i > 0; i--) {
    const j = rnd(i + 1);
    [plan[i], plan[j]] = [plan[j], plan[i]];
  }
  for (let i = 0; i < plan.length; i++) {
    const kind = plan[i];
    const rel = kind === 'edit' ? srcs[rnd(srcs.length)] : kind === 'lock' ? 'package-lock.json' : 'dist';
    const c = call(kind === 'rm' ? 'delete' : 'write', rel);
    await keeper.keep(c, { decision: 'allow', rule: 'bench', reason: 'bench' });
    const changes: FileChange[] = [];
    if (kind === 'edit') {
      const abs = path.join(ws, rel);
      const lines = fs.readFileSync(abs, 'utf8').split('\n');
      lines[rnd(lines.length - 1)] = `export const edit${i} = ${i};`;
      fs.writeFileSync(abs, lines.join('\n'));
      changes.push({ path: rel, kind: 'modified' });
    } else if (kind === 'lock') {
      const abs = path.join(ws, rel);
      fs.writeFileSync(abs, fs.readFileSync(abs, 'utf8') === LOCK[0] ? LOCK[1] : LOCK[0]);
      changes.push({ path: rel, kind: 'modified' });
    } else {
      fs.rmSync(path.join(ws, 'dist'), { recursive: true, force: true });
      for (let f = 0; f < 40; f++) changes.push({ path: `dist/c${f}.js`, kind: 'deleted' });
    }
    await keeper.kept([c], changes);
    const rec = keeper.store.readRecord(keeper.store.sessions()[0] ?? '', c.id);
    for (const s of Object.values(rec?.prior ?? {})) if (s.k === 'file') priorBytes += s.size;
    changed++;
    if (kind === 'rm') regen(); // the next build writes the same output again
  }
  const store = du(keeper.store.root);
  const objects = du(path.join(keeper.store.root, 'objects'));
  detail.store = { calls: changed, priorBytes, store, objects, mix: { edits: 70, rmDist: 15, lockRewrites: 15 } };
  figures.push({
    name: 'undo: store on disk after a 100-call session (70 edits over 20 files, 15 rm -rf of a rebuilt folder, 15 lock-file rewrites)',
    value: store.bytes,
    unit: 'bytes',
    baseline: { name: 'bytes the kept paths held before the calls (a copy per call)', value: priorBytes },
    ratio: r2(store.bytes / priorBytes),
    aim: { text: 'deduplication keeps the store well under a copy per call', met: store.bytes < priorBytes / 2 },
  });
}

async function main() {
  delete process.env.AGENTGUARD_HOME;
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bench-undo-')));
  const figures: Figure[] = [];
  const detail: Record<string, unknown> = {};
  try {
    await editFigures(root, figures, detail);
    await rmFigures(root, figures, detail);
    await storeFigures(root, figures, detail);
    emit('undo', figures, { detail, runs: RUNS });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`bench/undo: ${(e as Error).stack ?? e}\n`);
  process.exitCode = 1;
});
