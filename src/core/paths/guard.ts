// The path guard: decides read/write/delete/rename of a path against the policy's path rules.
// Evaluation model (test/fixtures/corpus/README.md §2): normalise or refuse; then check BOTH the lexical
// path and the symlink-resolved path, each against the workspace boundary and the globs; the worst wins.
import { braceExpand, Minimatch } from 'minimatch';
import type { PathRule } from '../policy/types';
import { type Decision, type PathOp, type Verdict, severity, verdict } from '../types';
import { foldForMatch } from './fold';
import { type PathContext, type ShortNameAliases, isWithin, normalizePath, relativeTo } from './normalize';
import { type EntryInfo, type FsProbe, resolvePhysical } from './resolve';

interface CompiledGlob {
  mm: Minimatch;
  /** Lower-case literals one of which every matching path contains (one per brace expansion); null: no filter. */
  needles: string[] | null;
}

interface CompiledRule {
  rule: PathRule;
  matchers: CompiledGlob[];
}

const MM_OPTS = { dot: true, nocase: true, nocomment: true, nonegate: true } as const;

/** Most descendants a directory delete/rename inspects before it fails closed. */
const MAX_DESCENDANTS = 50_000;

const ALLOW: Verdict = Object.freeze({ decision: 'allow', rule: 'path:default', reason: 'no rule protects this path' }) as Verdict;

export class PathGuard {
  private readonly compiled: CompiledRule[];

  constructor(
    rules: readonly PathRule[],
    private readonly outside: Decision,
  ) {
    // Compile once: matching runs on every call.
    this.compiled = rules.map((rule) => ({
      rule,
      // `X/**` also matches the directory X itself (deleting `secrets` deletes what `secrets/**` protects).
      // Globs are folded like the paths they meet (see fold.ts), so a non-ASCII glob matches every casing.
      matchers: rule.globs.flatMap((g) => (g.endsWith('/**') && g.length > 3 ? [g, g.slice(0, -3)] : [g])).map((g) => compileGlob(foldForMatch(g))),
    }));
    this.shortNameAliases = aliasesOf(this.compiled);
  }

  /**
   * This guard with only the rules `keep` accepts, sharing the compiled globs: the path rules as one call's
   * context sees them (rules narrowed to another agent, channel or tool left out; src/core/context/narrow.ts).
   */
  narrowed(keep: (rule: PathRule) => boolean): PathGuard {
    const g = Object.create(PathGuard.prototype) as { compiled: CompiledRule[]; outside: Decision; shortNameAliases: ShortNameAliases };
    g.compiled = this.compiled.filter((c) => keep(c.rule));
    g.shortNameAliases = aliasesOf(g.compiled);
    g.outside = this.outside;
    return g as unknown as PathGuard;
  }

  /**
   * Could an 8.3 short name `BASE~N[.EXT]` stand for a long name a rule protects? Windows makes a short name from
   * the long name's first characters (dots and spaces dropped) and the first 3 of its extension, so only a
   * protected name starting with BASE (or a glob that can) is aliased: `SECRET~1` may be `secrets/`, `ENV~1` may
   * be `.env`, while `HEAD~1` or `main~3` (a git revision) stand for no protected name of the default policy.
   */
  readonly shortNameAliases: ShortNameAliases;

  /** The rules this guard applies (a narrowed guard: only those in force for its context). */
  get rules(): PathRule[] {
    return this.compiled.map((c) => c.rule);
  }

  /** The worst decision any rule gives `op` on a workspace-relative path; undefined when no rule speaks. */
  matchRelative(rel: string, op: PathOp): Verdict | undefined {
    let best: Verdict | undefined;
    // Matched on the folded key: `.gıt/hooks/x` and `.GIT/hooks/x` are `.git/hooks/x` to a case-insensitive disk.
    const key = foldForMatch(rel);
    const lower = key.toLowerCase();
    for (const { rule, matchers } of this.compiled) {
      const d = rule.ops[op];
      if (d === undefined) continue;
      if (best && severity(d) <= severity(best.decision)) continue;
      if (matchers.some((m) => (m.needles === null || m.needles.some((n) => lower.includes(n))) && m.mm.match(key))) {
        best = verdict(d, `path:${rule.name}`, `${rel || '.'}: ${rule.reason}`);
      }
    }
    return best;
  }

  /** Decide one op on one path. list/search are reads. */
  decide(op: PathOp, raw: string, ctx: PathContext, probe: FsProbe): Verdict {
    try {
      return this.decideUnsafe(op, raw, ctx, probe);
    } catch (e) {
      return verdict('deny', 'fail-closed', `the path guard failed: ${(e as Error).message}`, { decidedBy: 'fail-closed' });
    }
  }

  /** Rename: the source must pass as a delete and the destination as a write (every descendant for a directory). */
  decideRename(src: string, dest: string, ctx: PathContext, probe: FsProbe): Verdict {
    try {
      // The source is checked both as a delete and under the rules' own `rename` decision.
      let result = worstOf([
        this.decideUnsafe('rename', src, ctx, probe, 'rename'),
        this.decideUnsafe('delete', src, ctx, probe, 'rename'),
        this.decideUnsafe('write', dest, ctx, probe, 'rename'),
      ])!;
      if (result.decision === 'deny') return result;
      // A directory's descendants land under dest: each must be writable there.
      const n = normalizePath(src, ctx, this.shortNameAliases);
      const d = normalizePath(dest, ctx, this.shortNameAliases);
      if (n.ok && d.ok) {
        const phys = resolvePhysical(n.physicalInput, probe, n.trailingSlash);
        if (phys.ok && phys.info?.kind === 'dir') {
          const v = this.checkDescendants(phys.path, probe, (relChild) => this.decideUnsafe('write', d.abs + '/' + relChild, ctx, probe, 'rename'));
          if (v && severity(v.decision) > severity(result.decision)) result = v;
        }
      }
      return result;
    } catch (e) {
      return verdict('deny', 'fail-closed', `the path guard failed: ${(e as Error).message}`, { decidedBy: 'fail-closed' });
    }
  }

  private boundary(abs: string, ctx: PathContext, what: string): Verdict | undefined {
    if (isWithin(ctx.workspace, abs)) return undefined;
    return verdict(this.outside, 'outside-workspace', `${what} ${abs} is outside the workspace ${ctx.workspace}`);
  }

  private decideUnsafe(op: PathOp, raw: string, ctx: PathContext, probe: FsProbe, asPartOf?: 'rename'): Verdict {
    const n = normalizePath(raw, ctx, this.shortNameAliases);
    if (!n.ok) return verdict('deny', 'path:invalid', `refused path ${JSON.stringify(raw)}: ${n.reason}`);
    const verbs: Verdict[] = [];

    // 1. Lexical.
    const lex = this.boundary(n.abs, ctx, 'the path');
    if (lex) verbs.push(lex);
    else {
      const v = this.matchRelative(relativeTo(ctx.workspace, n.abs), op);
      if (v) verbs.push(v);
    }
    if (worstOf(verbs)?.decision === 'deny') return label(worstOf(verbs)!, asPartOf);

    // 2. Physical. delete/rename act on a final symlink itself unless the path ends in '/'.
    const follow = op === 'read' || op === 'write' || n.trailingSlash;
    const phys = resolvePhysical(n.physicalInput, probe, follow);
    if (!phys.ok) return label(verdict('deny', 'path:unresolvable', `refused ${raw}: ${phys.reason}`), asPartOf);
    if (phys.path !== n.abs) {
      const b = this.boundary(phys.path, ctx, `the path resolves through a symlink to`);
      if (b) verbs.push(b);
      else {
        const v = this.matchRelative(relativeTo(ctx.workspace, phys.path), op);
        if (v) verbs.push({ ...v, reason: `${raw} resolves through a symlink to ${v.reason}` });
      }
    }

    // 3. Hard links: the same inode under a protected name at the workspace root.
    // Names the guard's own undo store holds (links staged before a delete that was then declined) are no
    // other file: writing the file changes only that copy. Only names found in the store are taken off.
    if (phys.info && phys.info.kind === 'file' && (phys.info.nlink ?? 1) - ownLinks(phys.info, ctx, probe) > 1) {
      const v = this.hardLinkAlias(phys.info, op, ctx, probe);
      if (v) verbs.push(v);
      // An edit in place writes every name of the inode: `cp -l tests/a.test.ts src/h.ts`, then an edit of
      // src/h.ts rewrites the test. The other names may be anywhere (finding them means walking the whole
      // tree), so a write to a file with other names the guard has not seen is a person's call. Deleting or
      // moving one name leaves the others as they are.
      else if (op === 'write') {
        verbs.push(
          verdict(
            'ask',
            'path:hard-link',
            `${raw} has ${(phys.info.nlink ?? 2) - 1} other name(s) on disk (a hard link); writing it writes them too, and the guard cannot see which files they are`,
          ),
        );
      }
    }

    // 4. Directory delete/rename: every existing descendant (not following links below it).
    if ((op === 'delete' || op === 'rename') && phys.info?.kind === 'dir') {
      const lexBase = n.abs;
      const v = this.checkDescendants(phys.path, probe, (relChild) => {
        const a = this.matchAbs(lexBase + '/' + relChild, op, ctx);
        const b = this.matchAbs(phys.path + '/' + relChild, op, ctx);
        return worstOf([a, b].filter((x): x is Verdict => x !== undefined)) ?? ALLOW;
      });
      if (v) verbs.push(v);
    }
    const w = worstOf(verbs);
    return w ? label(w, asPartOf) : ALLOW;
  }

  private matchAbs(abs: string, op: PathOp, ctx: PathContext): Verdict | undefined {
    return this.boundary(abs, ctx, 'the path') ?? this.matchRelative(relativeTo(ctx.workspace, abs), op);
  }

  /** Walk a directory without following links; return the first non-allow verdict (deny short-circuits). */
  private checkDescendants(dir: string, probe: FsProbe, check: (relChild: string) => Verdict): Verdict | undefined {
    let worst: Verdict | undefined;
    let seen = 0;
    const stack: string[] = [''];
    while (stack.length > 0) {
      const rel = stack.pop()!;
      const abs = rel ? dir + '/' + rel : dir;
      for (const name of probe.readdir(abs)) {
        if (++seen > MAX_DESCENDANTS) {
          return verdict('deny', 'path:too-many-descendants', `${dir} has more than ${MAX_DESCENDANTS} entries; too many to check one by one`);
        }
        const child = rel ? rel + '/' + name : name;
        const v = check(child);
        if (v.decision !== 'allow' && (!worst || severity(v.decision) > severity(worst.decision))) {
          worst = { ...v, reason: `it contains ${child}, and ${v.reason}` };
          if (v.decision === 'deny') return worst;
        }
        if (probe.lstat(dir + '/' + child)?.kind === 'dir') stack.push(child);
      }
    }
    return worst;
  }

  private hardLinkAlias(info: EntryInfo, op: PathOp, ctx: PathContext, probe: FsProbe): Verdict | undefined {
    if (info.ino === undefined) return undefined;
    // Cheap and bounded: the names at the workspace root that a rule protects for this op (`.env`, …).
    for (const name of probe.readdir(ctx.workspace)) {
      const v = this.matchRelative(name, op);
      if (!v || v.decision === 'allow') continue;
      const other = probe.lstat(ctx.workspace + '/' + name);
      if (other && other.ino === info.ino && other.dev === info.dev) {
        return { ...v, reason: `the file is a hard link to ${name}; ${v.reason}` };
      }
    }
    return undefined;
  }
}

/**
 * A glob and the literal text any path it matches must contain, so most paths skip the matcher: a policy with
 * the packs has a few hundred globs and a path meets each. For every brace expansion, its longest run of
 * literal characters within a segment (a path matching that expansion contains it, whatever the case); a
 * pattern with extglob parentheses, or an expansion with no literal of two characters, gets no filter.
 */
export function compileGlob(glob: string): CompiledGlob {
  const mm = new Minimatch(glob, MM_OPTS);
  if (/[()]/.test(glob)) return { mm, needles: null };
  const needles: string[] = [];
  for (const expansion of braceExpand(glob, MM_OPTS)) {
    let best = '';
    for (const seg of expansion.split('/')) {
      for (const run of seg.replace(/\[[^\]]*\]/g, '*').split(/[*?\\[\]{}!+@|]+/)) if (run.length > best.length) best = run;
    }
    if (best.length < 2) return { mm, needles: null };
    needles.push(best.toLowerCase());
  }
  return { mm, needles: needles.length ? [...new Set(needles)] : null };
}

function ownLinks(info: EntryInfo, ctx: PathContext, probe: FsProbe): number {
  try {
    return probe.ownLinks?.(info, ctx.workspace, ctx.home) ?? 0;
  } catch {
    return 0; // cannot tell: every other name counts
  }
}

function worstOf(vs: Verdict[]): Verdict | undefined {
  let w: Verdict | undefined;
  for (const v of vs) if (!w || severity(v.decision) > severity(w.decision)) w = v;
  return w;
}

function label(v: Verdict, asPartOf?: 'rename'): Verdict {
  return asPartOf ? { ...v, reason: `rename: ${v.reason}` } : v;
}

function aliasesOf(compiled: readonly CompiledRule[]): ShortNameAliases {
  return (base, ext) => {
    for (const { rule } of compiled) {
      if (!Object.values(rule.ops).some((d) => d !== 'allow')) continue;
      for (const g of rule.globs) for (const alt of braceExpand(g)) for (const seg of alt.split('/')) if (segmentAliased(seg, base, ext)) return true;
    }
    return false;
  };
}

/** Characters a short name cannot hold: Windows writes `_` for them. */
const SHORT_INVALID = /[+,;=[\]]/g;

/** Can one segment of a rule's glob match a long name whose short name has this base and extension? */
function segmentAliased(seg: string, base: string, ext: string | undefined): boolean {
  if (seg === '' || seg === '**' || seg === '*') return false; // matches the short name as written already
  // The long name's extension (a literal one after a dot that does not start the name) becomes the short one's.
  const dot = seg.lastIndexOf('.');
  const longExt = dot > 0 && !/[*?[\]{}]/.test(seg.slice(dot + 1)) ? seg.slice(dot + 1).toUpperCase() : undefined;
  if (longExt !== undefined && longExt !== '' && (ext === undefined || !longExt.replace(SHORT_INVALID, '_').startsWith(ext))) return false;
  const g = seg.search(/[*?[\]{}]/);
  const lit = (g < 0 ? seg : seg.slice(0, g)).replace(/[. ]/g, '').toUpperCase().replace(SHORT_INVALID, '_');
  if (lit.startsWith(base)) return true;
  // A glob after the literal part can continue it into the base.
  return g >= 0 && base.startsWith(lit);
}
