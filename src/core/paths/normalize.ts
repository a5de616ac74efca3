// Turn a path as an agent wrote it into an absolute POSIX path, or refuse it.
// Every refusal names the threat: these are the aliasing tricks that let a path look harmless to a
// string check while naming a protected file to some filesystem.

import { DEFAULT_IGNORABLE } from './ignorable';

export type Normalized =
  | {
      ok: true;
      /** Lexical form: `.`, `..` and `//` collapsed. */
      abs: string;
      /** Absolute but with `..` kept, for symlink resolution: `link/..` is the link target's parent. */
      physicalInput: string;
      trailingSlash: boolean;
    }
  | { ok: false; reason: string };

export interface PathContext {
  /** Absolute, symlink-resolved workspace root. */
  workspace: string;
  /** The user's home, for `~` expansion. */
  home: string;
  /** Base for relative paths; defaults to the workspace. */
  cwd?: string;
}

const MAX_PATH_BYTES = 4096;
const MAX_SEGMENT_BYTES = 255;

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** An 8.3 short name (`SECRE~1`, `GIT~1`, `PROGRA~1.TXT`): Windows resolves it to a long name we cannot see. */
const SHORT_NAME = /~[0-9]+(\.[^.]*)?$/;
/** The parts of an 8.3 short name: a base of at most 6 characters, `~N`, at most 8 before an extension of at most 3. */
const SHORT_PARTS = /^([^~.]{1,6})~([0-9]{1,6})(?:\.([^.]{1,3}))?$/;

/**
 * Could a segment that looks like a short name alias a protected long name? `aliases` answers for the base
 * (upper-cased) and extension of a well-formed short name; without it (or for a segment only near the form,
 * `SECRETS~1`), every such segment is refused.
 */
export type ShortNameAliases = (base: string, ext: string | undefined) => boolean;

function shortNameRefused(seg: string, aliases: ShortNameAliases | undefined): boolean {
  if (!SHORT_NAME.test(seg)) return false;
  if (aliases === undefined) return true;
  const m = SHORT_PARTS.exec(seg);
  if (m === null || m[1].length + 1 + m[2].length > 8) return true;
  return aliases(m[1].toUpperCase(), m[3]?.toUpperCase());
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Collapse `.`, `..` and `//` of an absolute POSIX path, lexically (no filesystem). */
export function collapse(abs: string): string {
  // Fast path: already canonical (the common case on every call of the command classifier).
  if (abs.charCodeAt(0) === 47 && !abs.includes('//') && !abs.includes('/.') && (abs.length === 1 || abs.charCodeAt(abs.length - 1) !== 47)) return abs;
  const out: string[] = [];
  for (const seg of abs.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return '/' + out.join('/');
}

/** `child` is `root` or below it, compared segment-wise (never as a raw string prefix: `ws-evil` is not in `ws`). */
export function isWithin(root: string, child: string): boolean {
  if (root === '/') return true;
  return child === root || child.startsWith(root.endsWith('/') ? root : root + '/');
}

/** Workspace-relative POSIX path of an absolute path inside it ('' for the root itself). */
export function relativeTo(root: string, abs: string): string {
  if (abs === root) return '';
  return abs.slice(root === '/' ? 1 : root.length + 1);
}

/**
 * `aliases`: which short names may stand for a protected long name (the path guard's rules know); without it,
 * every segment that looks like a short name is refused.
 */
export function normalizePath(raw: string, ctx: PathContext, aliases?: ShortNameAliases): Normalized {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, reason: 'empty path' };
  if (raw.includes('\0')) return { ok: false, reason: 'the path contains a NUL byte (truncation attack)' };
  if (utf8Length(raw) > MAX_PATH_BYTES) return { ok: false, reason: `the path is longer than ${MAX_PATH_BYTES} bytes` };

  // Strip every default-ignorable code point (Unicode's own table, unassigned ones included: HFS+ and some
  // tools ignore them), then fold compatibility forms (fullwidth solidus, long s) as a filesystem or a later
  // tool might, and strip again (NFKC can make one: U+FFA0 → U+1160). Checks below run on the folded text, so
  // `：` and `／` cannot slip through. Printable ASCII has neither, so it skips the work.
  let p = PRINTABLE_ASCII.test(raw) ? raw : raw.replace(DEFAULT_IGNORABLE, '').normalize('NFKC').replace(DEFAULT_IGNORABLE, '');
  if (p.length === 0) return { ok: false, reason: 'the path is empty once invisible characters are removed' };
  if (p.includes('\0')) return { ok: false, reason: 'the path contains a NUL byte' };
  if (p.includes(':')) {
    return { ok: false, reason: "the path contains ':' (a URI, a drive letter or an NTFS stream name); give a plain workspace path" };
  }
  if (/%[0-9a-fA-F]{2}/.test(p)) {
    return { ok: false, reason: 'the path contains percent-encoding (%XX); give the plain path, not an encoded one' };
  }
  p = p.replace(/\\/g, '/'); // a backslash is a separator on Windows, so it is one here too

  if (p === '~' || p.startsWith('~/')) p = ctx.home + p.slice(1);
  else if (p.startsWith('~')) return { ok: false, reason: "'~user' paths name another user's home; give an explicit path" };

  const trailingSlash = p.length > 1 && p.endsWith('/');
  const base = ctx.cwd ?? ctx.workspace;
  const joined = p.startsWith('/') ? p : base + '/' + p;

  const segs: string[] = [];
  for (const seg0 of joined.split('/')) {
    if (seg0 === '' || seg0 === '.' || seg0 === '..') {
      segs.push(seg0);
      continue;
    }
    // Windows drops trailing dots and spaces: `.env.` and `.env ` are `.env`, `tests./x` is `tests/x`.
    const seg = seg0.replace(/[. ]+$/, '');
    if (seg === '') return { ok: false, reason: `the path segment '${seg0}' is only dots or spaces` };
    if (shortNameRefused(seg, aliases)) {
      return { ok: false, reason: `'${seg}' looks like an 8.3 short name, which can alias a protected long name` };
    }
    if (utf8Length(seg) > MAX_SEGMENT_BYTES) return { ok: false, reason: `a path segment is longer than ${MAX_SEGMENT_BYTES} bytes` };
    segs.push(seg);
  }
  const joinedClean = segs.join('/');
  return { ok: true, abs: collapse(joinedClean), physicalInput: joinedClean, trailingSlash };
}
