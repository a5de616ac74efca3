// Which workspace paths the snapshot does not track. Pure: minimatch only.
//
// Patterns are minimatch globs with dot:true and matchBase:true, so a pattern without a slash ("*.log",
// "node_modules") matches the name at any depth, as in .gitignore. A trailing "/" or "/**" also prunes
// the directory itself, so the walker never descends into it.
//
// Case-sensitive on purpose: ignoring hides changes from the person reviewing the session, so an ignore
// list must not hide more than it says (path *protection* rules are case-insensitive for the opposite
// reason). Threat: an agent writing into an ignored directory (node_modules/, a build dir) to keep an
// artifact out of the panel; the defaults are kept to .git and node_modules.
import { Minimatch } from 'minimatch';

/** Always ignored, whatever the policy says. */
export const ALWAYS_IGNORED: readonly string[] = ['.git', 'node_modules'];

export interface IgnoreMatcher {
  /** `rel` is a workspace-relative POSIX path; `isDir` when it names a directory. */
  ignores(rel: string, isDir: boolean): boolean;
  /** True when `rel` or any of its parent directories is ignored. */
  ignoresPath(rel: string): boolean;
  /** Patterns refused because they would ignore the whole workspace ("**", "/"): every change would vanish. */
  rejected: string[];
}

const GLOB_CHARS = /[*?[\]{}!()+@]/;

export function compileIgnore(patterns: readonly string[]): IgnoreMatcher {
  // Plain names ("node_modules") are the common case: a Set lookup on the base name, no regex.
  const names = new Set<string>();
  const filePats: Minimatch[] = [];
  const dirPats: Minimatch[] = [];
  const rejected: string[] = [];
  const opts = { dot: true, matchBase: true, nocomment: true, nonegate: true };
  for (const raw of [...ALWAYS_IGNORED, ...patterns]) {
    let p = raw.trim().replace(/\\/g, '/');
    if (p.startsWith('./')) p = p.slice(2);
    while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
    if (p.startsWith('/')) p = p.slice(1); // anchored at the workspace root
    if (p === '') continue;
    if (p === '**' || p === '*' || p === '/') {
      rejected.push(raw);
      continue;
    }
    if (!p.includes('/') && !GLOB_CHARS.test(p)) {
      names.add(p);
      continue;
    }
    const m = new Minimatch(p, opts);
    filePats.push(m);
    dirPats.push(m);
    if (p.endsWith('/**')) dirPats.push(new Minimatch(p.slice(0, -3), opts));
  }
  const ignores = (rel: string, isDir: boolean): boolean => {
    if (names.size > 0 && names.has(rel.slice(rel.lastIndexOf('/') + 1))) return true;
    const pats = isDir ? dirPats : filePats;
    for (let i = 0; i < pats.length; i++) if (pats[i].match(rel)) return true;
    return false;
  };
  return {
    rejected,
    ignores,
    ignoresPath(rel: string): boolean {
      let i = rel.indexOf('/');
      while (i !== -1) {
        if (ignores(rel.slice(0, i), true)) return true;
        i = rel.indexOf('/', i + 1);
      }
      return ignores(rel, false);
    },
  };
}
