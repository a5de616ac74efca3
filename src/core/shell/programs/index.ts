// The program table: every row, compiled once, by name. modelSub applies the row of a sub-command.
// A program with no row is not modelled: the sub-command is `unknown` (asked), and each of its words is
// judged as possibly naming a path. Adding a program is adding a row (see spec.ts for the notation).
import type { Sub, W } from '../types';
import { inScratch } from '../fsfacts';
import { shadowWhy } from '../unwrap';
import { COREUTILS } from './coreutils';
import { DEV } from './dev';
import { INFRA } from './infra';
import { NET } from './net';
import { SYS } from './sys';
import { TEXT } from './text';
import { compileRow, type Row, type RowSpec } from './spec';
import { RUNNERS } from './runners';
import { LONGTAIL } from './longtail';
import { Model, NO_ACC, nameAll, runRow, type ModelHost } from './model';
import { stdinText } from './handlers';
import { PY_MODULES, setLookups } from './handlers2';
import { setStdinText } from './handlers3';
import { setStdinOf } from './handlers4';
import './langs';
import './code';
import './forward';

export const TABLES: readonly (readonly [string, readonly RowSpec[]])[] = [
  ['coreutils', COREUTILS],
  ['text', TEXT],
  ['dev', DEV],
  ['infra', INFRA],
  ['net', NET],
  ['sys', SYS],
  ['runners', RUNNERS],
  ['longtail', LONGTAIL],
];

/**
 * The rows by name, each compiled the first time it is looked up: compiling all ~500 at load was 10 ms of every
 * cold start (a hook process decides one line and exits), and a line uses a handful. One row object per spec, shared
 * by its names; the names are read from the spec as compileRow reads them, so a name given twice still throws at load.
 */
class LazyRows implements ReadonlyMap<string, Row> {
  readonly #specs = new Map<string, RowSpec>();
  readonly #rows = new Map<RowSpec, Row>();

  constructor(tables: typeof TABLES) {
    for (const [, specs] of tables)
      for (const spec of specs)
        for (const n of spec.n.split(/\s+/).filter(Boolean)) {
          if (this.#specs.has(n)) throw new Error(`program table: ${n} has two rows`);
          this.#specs.set(n, spec);
        }
  }

  #row(spec: RowSpec): Row {
    let r = this.#rows.get(spec);
    if (r === undefined) this.#rows.set(spec, (r = compileRow(spec)));
    return r;
  }

  get(n: string): Row | undefined {
    const spec = this.#specs.get(n);
    return spec === undefined ? undefined : this.#row(spec);
  }
  has(n: string): boolean {
    return this.#specs.has(n);
  }
  get size(): number {
    return this.#specs.size;
  }
  *entries(): MapIterator<[string, Row]> {
    for (const [n, spec] of this.#specs) yield [n, this.#row(spec)];
  }
  *keys(): MapIterator<string> {
    yield* this.#specs.keys();
  }
  *values(): MapIterator<Row> {
    for (const spec of this.#specs.values()) yield this.#row(spec);
  }
  [Symbol.iterator](): MapIterator<[string, Row]> {
    return this.entries();
  }
  forEach(f: (row: Row, n: string, map: ReadonlyMap<string, Row>) => void): void {
    for (const [n, r] of this.entries()) f(r, n, this);
  }
}

export const ROWS: ReadonlyMap<string, Row> = new LazyRows(TABLES);
setLookups((n) => ROWS.get(n), new Map(Object.values(PY_MODULES).flatMap((n) => (ROWS.has(n) ? [[n, ROWS.get(n)!] as const] : []))));
setStdinText((m) => stdinText(m));
setStdinOf((m) => stdinText(m));

/** Executables a project ships that stand for a modelled program (`./gradlew`, `bin/rails`, `node_modules/.bin/jest`). */
const SHIM_DIR = String.raw`(^|\/)(node_modules\/\.bin|vendor\/bin|bin|\.venv\/bin|venv\/bin|env\/bin|target\/debug|target\/release)`;
const PROJECT_SHIMS = new RegExp(`${SHIM_DIR}\\/[^/]+$|(^|\\/)(gradlew|mvnw)$`);
/** A folder of the project's executables (`node_modules/.bin`, `.venv/bin`): what runs from it stands for the program of its name. */
export const SHIM_FOLDER = new RegExp(`${SHIM_DIR}$`);

/** Shim folders installers fill, whose writes the policy asks about (`runs-later`): what is there stands for its name. */
const INSTALLED_SHIMS = /(^|\/)(node_modules\/\.bin|\.venv\/bin|venv\/bin)\/[^/]+$/;

/**
 * A shim in a folder of the project nobody installs into (`bin/`, `vendor/bin`, `env/bin`, `target/…`) that git does
 * not hold as committed: it may be the agent's own file (`printf '#!/bin/sh\nexit 0' > bin/pytest` one call,
 * `./bin/pytest` or `PATH=$PWD/bin:$PATH pytest` the next), so it is not the program its name says but code to read.
 */
export function agentShim(abs: string | undefined, env: { scriptChanged?: (p: string) => boolean | undefined }): boolean {
  return abs !== undefined && env.scriptChanged !== undefined && !INSTALLED_SHIMS.test(abs) && env.scriptChanged(abs) === true;
}

/** The system's program folders (a program there is the one its name says). */
const TOOL_DIRS =
  /^\/(?:usr\/(?:local\/)?|opt\/homebrew\/|opt\/local\/|snap\/|nix\/var\/nix\/profiles\/[^/]+\/|run\/current-system\/sw\/|home\/linuxbrew\/\.linuxbrew\/)?s?bin\/[^/]+$|^\/usr\/libexec\//;
/** The user's program folders under the home folder (installers put tools there). */
const HOME_TOOL_DIRS =
  /^(?:\.local\/bin|bin|\.cargo\/bin|go\/bin|\.bun\/bin|\.deno\/bin|\.volta\/bin|\.nvm\/versions\/node\/[^/]+\/bin|\.pyenv\/shims|\.rbenv\/shims|\.asdf\/shims|\.npm-global\/bin|\.yarn\/bin|\.dotnet\/tools|\.sdkman\/candidates\/[^/]+\/current\/bin|\.local\/share\/mise\/shims)\/[^/]+$/;

function homeTool(abs: string, home: string): boolean {
  return abs.startsWith(home + '/') && HOME_TOOL_DIRS.test(abs.slice(home.length + 1));
}

export interface ModelResult {
  acc: Sub['acc'];
  why: string | undefined;
  runs: string[] | undefined;
  base: string | undefined;
}

function inside(abs: string, root: string): boolean {
  return abs === root || abs.startsWith(root.endsWith('/') ? root : root + '/');
}

/** A virtual environment's own programs: its interpreter and the pip it was seeded with. */
const VENV_PROGRAM = /^(.+)\/bin\/(?:python|pip)(?:3(?:\.\d+)?)?$/;

/**
 * Why a program at a path outside the workspace is not the program its name suggests: a file in scratch space, or
 * one not on disk now, is not read (`/tmp/x/install`, unpacked a moment ago, is not coreutils' install). Only the
 * system's and the user's program folders hold the programs the names stand for, and a virtual environment a known
 * creator made on this line, where nothing else had been (`python3 -m venv /tmp/v && /tmp/v/bin/pip install …`).
 */
function scratchProgram(abs: string, shown: string, s: Sub, host: ModelHost): string | undefined {
  const env = host.cmdEnv;
  if (inside(abs, env.workspace) || TOOL_DIRS.test(abs) || homeTool(abs, env.home)) return undefined;
  if (!inScratch(abs, env) && env.exists?.(abs) !== false) return undefined;
  const venv = VENV_PROGRAM.exec(abs);
  if (venv !== null && host.venvMade?.(venv[1], s) === true) return undefined;
  return `runs ${shown}: a file in scratch space or not on disk now (made by the line?), not the ${s.name} its name suggests`;
}

/** What a sub-command does, by its row; `why` says what could not be accounted for. */
export function modelSub(s: Sub, host: ModelHost): ModelResult {
  const w0 = s.words[0];
  if (w0 === undefined || s.name === null || s.name === '') return { acc: NO_ACC, why: undefined, runs: undefined, base: undefined };
  const v0 = w0.value ?? '';
  let row = ROWS.get(s.name);
  // A defined function: its body was judged where it was defined, and again where it is called with its arguments
  // in place of its parameters (then they are judged as the body uses them); otherwise they may name paths.
  if (host.functions?.has(v0) && s.meta.bypassFn !== true) {
    const m = new Model(s, host, ROWS.get('true')!, { occ: [], positional: [], maybeValue: [], unknown: [], rest: 1, switches: undefined }, 1);
    if (s.meta.bodyWithArgs !== true) nameAll(m, s.words, 1);
    return { acc: m.acc, why: m.why, runs: undefined, base: undefined };
  }
  // `/tmp/v/bin/python -m pip …` is modelled as pip (the unwrapper's): the interpreter that runs it is judged here.
  const interp = typeof s.meta.interp === 'string' ? s.meta.interp : undefined;
  if (interp !== undefined) {
    const cwd = s.cwd;
    const abs = interp.startsWith('/') ? interp : interp.startsWith('~/') ? host.cmdEnv.home + interp.slice(1) : cwd === null ? undefined : `${cwd}/${interp}`;
    const why = abs === undefined ? `runs ${interp} after a cd the guard could not follow` : scratchProgram(abs, interp, s, host);
    if (why !== undefined) {
      const m = new Model(s, host, ROWS.get('true')!, { occ: [], positional: [], maybeValue: [], unknown: [], rest: 1, switches: undefined }, 1);
      m.label = interp;
      m.unknown(why);
      nameAll(m, s.words, 1);
      return { acc: m.acc, why: m.why, runs: undefined, base: undefined };
    }
  }
  if (v0.includes('/')) {
    const cwd = s.cwd;
    const abs = v0.startsWith('/') ? v0 : v0.startsWith('~/') ? host.cmdEnv.home + v0.slice(1) : cwd === null ? undefined : `${cwd}/${v0}`;
    const project = abs === undefined || inside(abs, host.cmdEnv.workspace);
    if (project && !(row && PROJECT_SHIMS.test(v0) && !agentShim(abs, host.cmdEnv))) {
      // The project's own program: running it is what an agent does; its arguments may name paths.
      const m = new Model(s, host, ROWS.get('true')!, { occ: [], positional: [], maybeValue: [], unknown: [], rest: 1, switches: undefined }, 1);
      m.label = v0;
      if (abs === undefined) m.unknown(`runs ${v0} after a cd the guard could not follow`);
      else if (row && PROJECT_SHIMS.test(v0)) {
        // A shim the agent may have written that does not run the program it is named after (`exit 0` as bin/pytest).
        const text = host.cmdEnv.readScript?.(abs, 64 * 1024);
        const shadow = typeof text === 'string' ? shadowWhy(s.name, text, 'file') : undefined;
        if (shadow !== undefined) m.unknown(`${v0} is not as git holds it: ${shadow}`);
      }
      m.path('X', w0, v0, v0);
      nameAll(m, s.words, 1);
      return { acc: m.acc, why: m.why, runs: undefined, base: undefined };
    }
    // Outside the workspace a program at a path is the file at that path, whatever its name: `/tmp/x/install`,
    // unpacked a moment ago, is not coreutils' install. Only the system's and the user's program folders hold the
    // programs the names stand for; elsewhere a file in scratch space, or one not on disk now, is not read.
    if (!project && abs !== undefined) {
      const why = scratchProgram(abs, v0, s, host);
      if (why !== undefined) {
        const m = new Model(s, host, ROWS.get('true')!, { occ: [], positional: [], maybeValue: [], unknown: [], rest: 1, switches: undefined }, 1);
        m.label = v0;
        m.unknown(why);
        nameAll(m, s.words, 1);
        return { acc: m.acc, why: m.why, runs: undefined, base: undefined };
      }
    }
  }
  if (!row) {
    const m = new Model(s, host, ROWS.get('true')!, { occ: [], positional: [], maybeValue: [], unknown: [], rest: 1, switches: undefined }, 1);
    m.label = s.name;
    // `opam --version`, `swiftlint --help`: an installed program (a bare name, found on PATH) asked only for its
    // version or usage prints it and exits; anything more is not modelled.
    const versionOnly = !v0.includes('/') && s.words.length === 2 && /^(?:--?version|-V|--?help|-h)$/.test(s.words[1].value ?? '');
    if (!versionOnly) m.unknown(`${s.name} is not a program the guard models: it cannot tell what the command does`);
    nameAll(m, s.words, 1);
    return { acc: m.acc, why: m.why, runs: undefined, base: undefined };
  }
  const m = runRow(s, host, row, 1);
  if (s.name === 'git') {
    if (typeof s.meta.gitUnknown === 'string') m.unknown(s.meta.gitUnknown);
    const dir = s.meta.gitDir;
    if (dir === null) {
      m.unknown('git -C names a directory only known at run time');
      m.acc = NO_ACC;
    } else if (typeof dir === 'string') for (const a of m.acc) a.base ??= dir;
  }
  return { acc: m.acc, why: m.why, runs: m.runs, base: m.base };
}

/** The row a command name has, if any (for tests and explanations). */
export function rowOf(name: string): Row | undefined {
  return ROWS.get(name);
}

export type { W };
