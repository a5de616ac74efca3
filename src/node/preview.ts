// Impact previews for the confirmation dialog: cheap, bounded facts about what an asked command would destroy.
// I/O lives here (src/core stays pure). Every probe has a timeout and a count cap; any failure yields
// undefined — a preview is a courtesy and never blocks or decides. The command is never parsed here: the
// verdict carries what the classifier found (its sub-commands with their argv), and the preview reads that.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import type { CommandAnalysis, CommandEnv, CommandFinding } from '../core/shell/index';
import type { CanonicalCall, Verdict } from '../core/types';

export const MAX_COUNT = 10_000;
const TIMEOUT_MS = 1_000;

export interface PreviewEnv extends CommandEnv {
  timeoutMs?: number;
  /** Stop counting files here (default MAX_COUNT). */
  maxCount?: number;
}

function run(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, windowsHide: true, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' } },
      (err, stdout) => {
        resolve(err ? undefined : stdout);
      },
    );
  });
}

/** Count files under a directory, stopping at MAX_COUNT or the deadline. Symlinks are counted, not followed. */
export async function countFiles(root: string, deadline: number, cap = MAX_COUNT): Promise<{ count: number; capped: boolean } | undefined> {
  let count = 0;
  const stack = [root];
  while (stack.length) {
    if (Date.now() > deadline) return { count, capped: true };
    const dir = stack.pop()!;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      if (dir === root) return undefined;
      continue;
    }
    for (const e of entries) {
      if (e.isDirectory()) stack.push(path.join(dir, e.name));
      else count++;
      if (count >= cap) return { count, capped: true };
    }
  }
  return { count, capped: false };
}

const fmt = (n: number, capped: boolean) => (capped ? `${n.toLocaleString('en-US')}+` : n.toLocaleString('en-US'));

/** The argv of the sub-command a finding is about, as the classifier read it (normalized, wrappers peeled). */
function argvOf(f: CommandFinding, a: CommandAnalysis, program: string): (string | null)[] | undefined {
  return a.subcommands.find((s) => s.text === f.subcommand && s.argv[0] === program)?.argv ?? a.subcommands.find((s) => s.argv[0] === program)?.argv;
}

/**
 * A one-line preview for the first previewable finding of an analysis (or only for `rule`):
 * git reset --hard → modified files discarded; git clean → files removed; rm -r dir → files under it;
 * git push --force → which branch goes where.
 */
export async function impactPreview(analysis: CommandAnalysis, env: PreviewEnv, rule?: string): Promise<string | undefined> {
  const timeoutMs = env.timeoutMs ?? TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  try {
    for (const f of analysis.findings) {
      if (rule !== undefined && f.rule !== rule) continue;
      const p = await previewOne(f, analysis, env, timeoutMs, deadline);
      if (p) return p;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

async function previewOne(f: CommandFinding, a: CommandAnalysis, env: PreviewEnv, timeoutMs: number, deadline: number): Promise<string | undefined> {
  switch (f.rule) {
    case 'git.reset-hard':
    case 'git.discard-changes': {
      const out = await run('git', ['status', '--porcelain', '--untracked-files=no'], env.cwd, timeoutMs);
      if (out === undefined) return undefined;
      const n = out.split('\n').filter((l) => l.trim()).length;
      return n === 0 ? 'no uncommitted changes would be lost' : `${n} modified file${n === 1 ? '' : 's'} would be discarded`;
    }
    case 'git.clean': {
      const argv = argvOf(f, a, 'git') ?? [];
      // Same selection flags (-d, -x, -X, -e), with force and interactive dropped, as a dry run.
      const flags = argv
        .slice(2)
        .filter((a): a is string => a !== null && a.startsWith('-') && !/^--(f|i|n|dry)/.test(a))
        .map((a) => (a.startsWith('--') ? a : '-' + a.slice(1).replace(/[fin]/g, '')))
        .filter((a) => a !== '-');
      const args = ['clean', '-n', ...flags];
      const out = await run('git', args, env.cwd, timeoutMs);
      if (out === undefined) return undefined;
      const n = out.split('\n').filter((l) => l.startsWith('Would remove')).length;
      return `${n} untracked ${n === 1 ? 'entry' : 'entries'} would be deleted`;
    }
    case 'git.stash-untracked': {
      // The untracked files the stash takes along (with --all, ignored ones too).
      const all = f.explanation.includes('--all');
      const out = await run('git', ['ls-files', '--others', '--directory', ...(all ? [] : ['--exclude-standard'])], env.cwd, timeoutMs);
      if (out === undefined) return undefined;
      const n = out.split('\n').filter((l) => l.trim()).length;
      return `${n} untracked ${n === 1 ? 'entry' : 'entries'} would leave the working tree for the stash`;
    }
    case 'rm.recursive': {
      const argv = argvOf(f, a, 'rm');
      if (!argv) return undefined;
      const targets = argv.slice(1).filter((a): a is string => a !== null && !a.startsWith('-'));
      if (!targets.length) return undefined;
      const parts: string[] = [];
      for (const t of targets.slice(0, 5)) {
        const abs = path.resolve(env.cwd, t.startsWith('~/') ? path.join(env.home, t.slice(2)) : t);
        const c = await countFiles(abs, deadline, env.maxCount ?? MAX_COUNT);
        if (c) parts.push(`${t}: ${fmt(c.count, c.capped)} file${c.count === 1 && !c.capped ? '' : 's'}`);
      }
      return parts.length ? parts.join(', ') + ' would be deleted' : undefined;
    }
    case 'git.push-force': {
      const argv = argvOf(f, a, 'git') ?? [];
      const pos = argv.slice(2).filter((a): a is string => a !== null && !a.startsWith('-'));
      const remote =
        pos[0] ??
        (await run('git', ['config', '--get', `branch.${(await currentBranch(env, timeoutMs)) ?? ''}.remote`], env.cwd, timeoutMs))?.trim() ??
        'origin';
      let refs = pos.slice(1).map((r) => r.replace(/^\+/, ''));
      if (refs.length === 0) {
        const b = await currentBranch(env, timeoutMs);
        if (!b) return undefined;
        refs = [b];
      }
      const del = refs.filter((r) => r.startsWith(':'));
      const upd = refs.filter((r) => !r.startsWith(':'));
      const bits = [];
      if (upd.length) bits.push(`would force-update ${upd.join(', ')} on ${remote || 'origin'}`);
      if (del.length) bits.push(`would delete ${del.map((r) => r.slice(1)).join(', ')} on ${remote || 'origin'}`);
      return bits.join('; ');
    }
    default:
      return undefined;
  }
}

async function currentBranch(env: PreviewEnv, timeoutMs: number): Promise<string | undefined> {
  const b = (await run('git', ['rev-parse', '--abbrev-ref', 'HEAD'], env.cwd, timeoutMs))?.trim();
  return b && b !== 'HEAD' ? b : undefined;
}

/** Adapter for the chain's `preview(call, verdict)` dependency: previews the rule that decided, from the verdict's analysis. */
export function makeCommandPreview(env: (call: CanonicalCall) => PreviewEnv | undefined) {
  return async (call: CanonicalCall, v: Verdict): Promise<string | undefined> => {
    if (call.op !== 'exec' || !v.analysis || !v.rule.startsWith('cmd:')) return undefined;
    const e = env(call);
    if (!e) return undefined;
    return impactPreview(v.analysis, e, v.rule.slice(4));
  };
}
