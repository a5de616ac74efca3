// Case folding for matching a path against the policy's globs.
// Threat: a case-insensitive file system (NTFS, APFS and HFS+ by default, Windows' per-directory flag, a bind
// mount of either under Linux) opens `.GIT/hooks/pre-commit` or `.gıt/hooks/pre-commit` as `.git/hooks/pre-commit`.
// The guard cannot know how each directory folds, so it matches as the most folding one would: Unicode full case
// folding (`ß`~`ss`, `ſ`~`s`, Kelvin `K`~`k`) and also the Turkic mappings (`İ`~`i`, `ı`~`i`: NTFS's upcase table
// maps `ı` to `I`). A name is protected when any of these foldings makes it a protected name. Folding only ever
// makes more names equal, so it can only add protection; it runs on the match key, never on the path that is
// resolved on disk.

import { DEFAULT_IGNORABLE } from './ignorable';

const NON_ASCII = /[^\x00-\x7F]/;

/**
 * The folded form of one non-ASCII character, by the engine's Unicode case mappings (UnicodeData and the
 * unconditional SpecialCasing entries): lower(upper(c)) until it stops changing, which lands every member of a
 * case-folding class (C and F mappings of CaseFolding.txt) on one string. `ẞ` → `ß` → `ss`; `ΐ` → `ΐ`.
 */
function foldChar(ch: string): string {
  const c = ch.codePointAt(0)!;
  // Turkic I: `İ` (U+0130) folds to `i` (CaseFolding.txt status T) and `ı` (U+0131) is what Turkic folding makes
  // of `I`; both stand for `i` here, so the name means what a Turkic-aware upcase table would open.
  if (c === 0x130 || c === 0x131) return 'i';
  let t = ch;
  for (let i = 0; i < 4; i++) {
    const n = t.toUpperCase().toLowerCase();
    if (n === t) break;
    t = n;
  }
  return t;
}

/**
 * The key a path or glob is matched on. ASCII text is returned unchanged (the matcher already ignores ASCII
 * case); otherwise default-ignorable code points are dropped, compatibility forms composed (NFKC), every
 * non-ASCII character replaced by its folded form and ASCII letters lowered. Paths from the agent were already
 * stripped and composed; a name read from disk (a symlink's target) was not, and is matched the same way.
 */
export function foldForMatch(s: string): string {
  if (!NON_ASCII.test(s)) return s;
  let out = '';
  for (const ch of s.replace(DEFAULT_IGNORABLE, '').normalize('NFKC')) {
    const c = ch.codePointAt(0)!;
    out += c < 0x80 ? ch.toLowerCase() : foldChar(ch);
  }
  return out;
}
