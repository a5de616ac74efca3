// Shared CLI plumbing: argument parsing, the decision environment, stable output helpers.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DecideEnv } from '../core/engine';
import { nodeFsProbe } from '../node/fsProbe';

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
}

export class UsageError extends Error {}

/** Parse `--flag value` / `--flag=value` / boolean flags; the rest are positionals. */
export function parseArgs(argv: string[], spec: { values?: string[]; flags?: string[] }): { opts: Record<string, string | true>; rest: string[] } {
  const opts: Record<string, string | true> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      rest.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (spec.values?.includes(name)) {
        const v = eq > 0 ? a.slice(eq + 1) : argv[++i];
        if (v === undefined) throw new UsageError(`--${name} needs a value`);
        opts[name] = v;
      } else if (spec.flags?.includes(name) && eq < 0) {
        opts[name] = true;
      } else {
        throw new UsageError(`unknown option --${name}`);
      }
    } else rest.push(a);
  }
  return { opts, rest };
}

/** The workspace root as the guard sees it: absolute, symlinks resolved. */
export function resolveWorkspace(dir: string | undefined): string {
  const d = path.resolve(dir ?? process.cwd());
  try {
    return fs.realpathSync.native(d);
  } catch {
    // A workspace that is not on this disk (an acceptance suite's assumed /home/dev/project) is judged
    // lexically: nothing under it exists, so no symlink can redirect a path.
    return d;
  }
}

export function homeDir(): string {
  return process.env.HOME || os.homedir();
}

export function decideEnv(workspace: string): DecideEnv {
  return { ctx: { workspace, home: homeDir() }, probe: nodeFsProbe };
}

export function writeLine(s: NodeJS.WritableStream, line: string): void {
  s.write(line + '\n');
}
