// What a mutating call is about to destroy, as paths the undo store should keep before it runs. Pure: the
// call and the classifier's analysis in, capture targets out (src/node/undo/capture.ts does the I/O).
//
// A file tool names its paths. A command's effects come from the verdict's analysis, made once when it was
// decided: the paths it writes, deletes or renames, and — for a recursive delete with a glob (`rm -rf
// build/*`) or a git command that rewrites the working tree (`git checkout -- src`, `git restore`, `git
// clean`, `git reset --hard`) — the folders it would touch. What only the running command knows (`rm -rf
// $DIR`) cannot be kept before it runs; it is returned as `unknown`, so a later revert can say why a change
// it made has no prior content instead of skipping it in silence.
import { collapse, isWithin } from '../paths/normalize';
import type { CommandAnalysis } from '../shell/types';
import type { CanonicalCall, Verdict } from '../types';

/**
 * How the path may be destroyed, which decides how its content can be kept:
 * - `unlink`: only removed or moved away (rm, mv's source). The inode survives untouched, so a hard link
 *   keeps the content without copying it.
 * - `rewrite`: it may be rewritten in place (`>`, sed -i, a file tool's write, git checkout): a hard link
 *   would see the new bytes, so the content must be copied (or found in git's objects).
 */
export type TargetMode = 'unlink' | 'rewrite';

export interface CaptureTarget {
  /** Absolute, lexically collapsed; inside the workspace. Symlinks are not resolved here. */
  abs: string;
  mode: TargetMode;
  /**
   * A git command that rewrites the working tree under `abs` (a folder): only what git would change is
   * kept — files that differ from the last commit, untracked ones — and the rest is recorded by its blob id.
   */
  git?: 'discard' | 'clean' | 'reset';
  /** The sub-command (or tool) it comes from, for notes. */
  why: string;
}

export interface CapturePlan {
  targets: CaptureTarget[];
  /** Effects only the running command knows (dynamic words, globs after a `cd`): kept nowhere, said so. */
  unknown: string[];
}

const MUTATING_OPS = new Set(['write', 'delete', 'rename']);
const GLOB = /[*?[]/;
/** Sub-commands whose arguments are the paths they delete. */
const DELETERS = new Set(['rm', 'unlink', 'rmdir', 'shred', 'trash', 'trash-put']);

export function captureTargets(call: CanonicalCall, verdict: Pick<Verdict, 'analysis'> | undefined, workspace: string): CapturePlan {
  const targets: CaptureTarget[] = [];
  const unknown: string[] = [];
  const add = (abs: string, mode: TargetMode, why: string, git?: CaptureTarget['git']) => {
    const p = collapse(abs);
    if (!isWithin(workspace, p)) return; // outside the workspace: not the panel's to revert
    const same = targets.find((t) => t.abs === p);
    if (same) {
      // Rewrite wins: a path both rewritten and deleted must be copied.
      if (mode === 'rewrite') same.mode = 'rewrite';
      if (git && !same.git) same.git = git;
      return;
    }
    targets.push({ abs: p, mode, why, ...(git ? { git } : {}) });
  };
  const abs = (p: string, base: string) => (p.startsWith('/') ? p : `${base}/${p}`);
  const base = call.cwd && call.cwd.startsWith('/') ? call.cwd : call.cwd ? `${workspace}/${call.cwd}` : workspace;

  if (MUTATING_OPS.has(call.op)) {
    const why = `${call.tool} ${call.op}`;
    for (const p of call.paths) add(abs(p, workspace), call.op === 'write' ? 'rewrite' : 'unlink', why);
    // A rename replaces whatever is at its destination.
    if (call.op === 'rename' && call.dest) add(abs(call.dest, workspace), 'rewrite', why);
    return { targets, unknown };
  }
  if (call.op !== 'exec') return { targets, unknown };
  const a: CommandAnalysis | undefined = verdict?.analysis;
  if (!a) {
    unknown.push(call.command ?? call.tool);
    return { targets, unknown };
  }
  const effectsBySub = new Map<string, number>();
  for (const e of a.paths) {
    if (e.op === 'read') continue;
    effectsBySub.set(e.subcommand, (effectsBySub.get(e.subcommand) ?? 0) + 1);
    add(e.path, e.op === 'write' ? 'rewrite' : 'unlink', e.subcommand);
  }
  // A `cd` makes later relative words relative to a folder only the shell knows; the effects above carry
  // their own absolute paths, the argv scan below does not.
  let cwdKnown = true;
  for (const s of a.subcommands) {
    const name = s.argv[0] === null || s.argv[0] === undefined ? undefined : basename(s.argv[0]);
    if (name === 'cd' || name === 'pushd' || name === 'popd') cwdKnown = false;
    if (name === undefined) continue;
    if (DELETERS.has(name)) {
      for (const w of s.argv.slice(1)) {
        if (w === null) unknown.push(s.text);
        else if (!w.startsWith('-') && GLOB.test(w)) {
          if (!cwdKnown && !w.startsWith('/')) unknown.push(s.text);
          else add(abs(literalPrefix(w), base), 'unlink', s.text);
        }
      }
    }
  }
  // Git rewriting the working tree: the folder it works on, where the analysis gave no path of its own.
  for (const f of a.findings) {
    const kind =
      f.rule === 'git.discard-changes'
        ? 'discard'
        : f.rule === 'git.clean' || f.rule === 'git.stash-untracked'
          ? 'clean'
          : f.rule === 'git.reset-hard'
            ? 'reset'
            : undefined;
    if (!kind) continue;
    // git clean (and git stash -u) only removes files (a hard link keeps them); the others rewrite tracked files in place.
    const mode: TargetMode = kind === 'clean' ? 'unlink' : 'rewrite';
    const own = a.paths.filter((e) => e.subcommand === f.subcommand && e.op !== 'read');
    if (own.length > 0) {
      for (const e of own) add(e.path, mode, f.subcommand, kind);
    } else if (kind === 'reset' || !cwdKnown) {
      add(workspace, mode, f.subcommand, kind); // the whole working tree (bounded to the workspace)
    } else {
      add(base, mode, f.subcommand, kind);
    }
  }
  // Destructive findings on words only known at run time.
  for (const f of a.findings) {
    if (f.rule === 'rm.dynamic' || (f.rule.startsWith('rm.') && !effectsBySub.has(f.subcommand) && !targets.some((t) => t.why === f.subcommand))) {
      unknown.push(f.subcommand);
    }
  }
  return { targets, unknown: [...new Set(unknown)] };
}

function basename(w: string): string {
  const i = w.lastIndexOf('/');
  return (i === -1 ? w : w.slice(i + 1)).toLowerCase();
}

/** The folder a glob word lies in: `build/*.js` → `build`, `*` → `.`, `a/b*\/c` → `a`. */
export function literalPrefix(word: string): string {
  const segs = word.split('/');
  const out: string[] = [];
  for (const s of segs) {
    if (GLOB.test(s)) break;
    out.push(s);
  }
  const p = out.join('/');
  return p === '' ? (word.startsWith('/') ? '/' : '.') : p;
}
