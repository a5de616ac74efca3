// `agentguard explain`: one call, human-readable: every rule that matched, the one that decided, and why.
import { CompiledPolicy } from '../core/compiledPolicy';
import { existsFact } from '../core/engine';
import { normalizePath, relativeTo, isWithin } from '../core/paths/normalize';
import { resolvePhysical } from '../core/paths/resolve';
import { PATH_OPS, type PathOp } from '../core/types';
import { PolicyStore } from '../node/policyStore';
import { nodeFsProbe } from '../node/fsProbe';
import { analyzeCommand } from '../core/shell';
import { callFromJson } from './eval';
import { decideEnv, type Io, parseArgs, resolveWorkspace, UsageError, writeLine } from './common';

export async function explainCommand(argv: string[], io: Io): Promise<number> {
  const { opts, rest } = parseArgs(argv, { values: ['workspace', 'policy', 'cwd'] });
  const workspace = resolveWorkspace(opts.workspace as string | undefined);
  const [op, ...more] = rest;
  if (!op) throw new UsageError('usage: agentguard explain <read|write|delete|rename> PATH [DEST] | exec COMMAND | JSON');
  let raw: unknown;
  if (op.startsWith('{')) raw = JSON.parse(op);
  else if (op === 'exec') raw = { op, command: more.join(' '), cwd: opts.cwd };
  else raw = { op, path: more[0], dest: more[1] };
  const call = callFromJson(raw, 1);
  if (typeof call === 'string') throw new UsageError(call);
  const loaded = new PolicyStore().load(workspace, { policyFile: opts.policy as string | undefined });
  const engine = new CompiledPolicy(loaded.policy).engine;
  const env = decideEnv(workspace);
  writeLine(io.stdout, `policy: ${loaded.policy.layers.join(' < ')} (${loaded.policy.hash}, ${loaded.state})`);

  if (call.op === 'exec') {
    const a = analyzeCommand(call.command!, { cwd: call.cwd ?? workspace, home: env.ctx.home, workspace, exists: existsFact(nodeFsProbe) });
    writeLine(io.stdout, `sub-commands:`);
    for (const s of a.subcommands)
      writeLine(io.stdout, `  ${s.argv.map((w) => (w === null ? '<dynamic>' : w)).join(' ')}${s.via.length ? `   (inside ${s.via.join(' › ')})` : ''}`);
    for (const f of a.findings) writeLine(io.stdout, `matched ${f.tier} rule ${f.rule} (${f.category}) on \`${f.subcommand}\`: ${f.explanation}`);
    for (const p of a.paths) writeLine(io.stdout, `path effect: ${p.op} ${p.path} (by \`${p.subcommand}\`)`);
    for (const e of a.errors) writeLine(io.stdout, `parse problem: ${e}`);
  } else {
    for (const p of [...call.paths, ...(call.dest ? [call.dest] : [])]) {
      const n = normalizePath(p, env.ctx);
      if (!n.ok) {
        writeLine(io.stdout, `${JSON.stringify(p)}: refused before any rule: ${n.reason}`);
        continue;
      }
      const phys = resolvePhysical(n.physicalInput, nodeFsProbe, true);
      writeLine(io.stdout, `${JSON.stringify(p)}: lexical ${n.abs}${phys.ok ? `, physical ${phys.path}` : `, physical: ${phys.reason}`}`);
      for (const abs of new Set([n.abs, ...(phys.ok ? [phys.path] : [])])) {
        if (!isWithin(workspace, abs)) {
          writeLine(io.stdout, `  ${abs} is outside the workspace → ${loaded.policy.outsideWorkspace}`);
          continue;
        }
        const rel = relativeTo(workspace, abs);
        for (const o of PATH_OPS as readonly PathOp[]) {
          const v = engine.paths.matchRelative(rel, o);
          if (v) writeLine(io.stdout, `  ${o} ${rel || '.'}: ${v.decision} by ${v.rule}`);
        }
      }
    }
  }
  const v = engine.decide(call, env);
  writeLine(io.stdout, `decision: ${v.decision}`);
  writeLine(io.stdout, `decided by: ${v.rule}${v.subcommand ? ` on \`${v.subcommand}\`` : ''}`);
  writeLine(io.stdout, `why: ${v.reason}`);
  return 0;
}
