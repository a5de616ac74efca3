// The files a patch changes, read from its headers the way `git apply` and GNU `patch` find them: unified
// (`--- a/x` / `+++ b/x`), context (`*** x` / `--- x`), git's extended headers (`diff --git`, `rename from/to`,
// `copy from/to`, `new file mode`, `deleted file mode`) and `Index:` lines; the
// patch files themselves through the environment's script reader (absent or unreadable: every file may change).
import { APPEND, type Model } from './model';

/** One file section of a patch: the names it gives, as written (before any `-p` strip). */
export interface PatchFile {
  /** The old name (`--- a/x`, `rename from`), null for `/dev/null` (a creation). */
  old: string | null | undefined;
  /** The new name (`+++ b/x`, `rename to`), null for `/dev/null` (a deletion). */
  new: string | null | undefined;
  /** Other names the section offers (`Index:`, `diff --git` names): GNU patch may pick one of them. */
  other: string[];
  /** Git's own names (`rename from/to`, `copy from/to`): paths from the top of the tree, never stripped. */
  unstripped: string[];
  deleted: boolean;
  renamed: boolean;
}

const DEV_NULL = /^\/dev\/null$/;

/** A name from a `---`/`+++`/`***` line: up to a tab (a timestamp follows), null for /dev/null. */
function headerName(rest: string): string | null | false {
  let n = rest.split('\t')[0];
  // git quotes names with unusual bytes ("a/t\303\251st"): not decoded here, so the caller falls back.
  if (n.startsWith('"')) return false;
  n = n.replace(/\s+$/, '');
  if (n === '') return false;
  return DEV_NULL.test(n) ? null : n;
}

/**
 * The file sections of a patch, or undefined when a header cannot be read (a quoted name, a header line with no
 * name, no header at all): the caller then takes every file under the folder as possibly changed.
 */
export function patchFiles(text: string): PatchFile[] | undefined {
  const lines = text.split('\n');
  const files: PatchFile[] = [];
  let cur: PatchFile | undefined;
  const open = (): PatchFile => {
    cur = { old: undefined, new: undefined, other: [], unstripped: [], deleted: false, renamed: false };
    files.push(cur);
    return cur;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i].replace(/\r$/, '');
    if (l.startsWith('diff --git ')) {
      const f = open();
      const m = /^diff --git (a\/\S+) (b\/\S+)$/.exec(l);
      if (m === null) {
        // A name with spaces or quotes: the `---`/`+++` or rename lines below must name it.
        if (l.includes('"')) return undefined;
      } else f.other.push(m[1], m[2]);
      continue;
    }
    if (l.startsWith('Index: ')) {
      const f = cur && cur.old === undefined && cur.new === undefined && cur.other.length === 0 ? cur : open();
      const n = headerName(l.slice(7));
      if (n === false) return undefined;
      if (n !== null) f.other.push(n);
      continue;
    }
    const git = /^(rename|copy) (from|to) (.*)$/.exec(l);
    if (git && cur) {
      if (git[3].startsWith('"')) return undefined;
      cur.unstripped.push(git[3]);
      if (git[1] === 'rename') cur.renamed = true;
      continue;
    }
    if (/^deleted file mode /.test(l) && cur) {
      cur.deleted = true;
      continue;
    }
    // Unified: `--- old` then `+++ new`. Context: `*** old` then `--- new`.
    const next = (lines[i + 1] ?? '').replace(/\r$/, '');
    const pair = (l.startsWith('--- ') && next.startsWith('+++ ')) || (l.startsWith('*** ') && next.startsWith('--- ') && !/^\*\*\* \d/.test(l));
    if (pair) {
      const o = headerName(l.slice(4));
      const n = headerName(next.slice(4));
      if (o === false || n === false) return undefined;
      // The section a `diff --git`/`Index:` line opened, unless it already has its names.
      const f = cur && cur.old === undefined && cur.new === undefined ? cur : open();
      f.old = o;
      f.new = n;
      if (n === null) f.deleted = true;
      i++;
    }
  }
  // Every other line a patcher could take for a header (a `--- x` not followed by `+++`, a header split by other
  // lines): its name is judged as written to, whatever the sections above made of it.
  const loose: string[] = [];
  for (const raw of lines) {
    const l = raw.replace(/\r$/, '');
    const h = /^(?:---|\+\+\+|\*\*\*) (.*)$/.exec(l);
    if (h === null || /^(?:\*\*\*|---) \d+(?:,\d+)? (?:\*\*\*\*|----)\s*$/.test(l)) continue;
    const n = headerName(h[1]);
    if (n === false) return undefined;
    if (n !== null && !files.some((f) => f.old === n || f.new === n) && !loose.includes(n)) loose.push(n);
  }
  if (loose.length) files.push({ old: undefined, new: undefined, other: loose, unstripped: [], deleted: false, renamed: false });
  // A git section with only a `diff --git` line (a mode change, a binary patch, an empty new file) names its file there.
  if (files.length === 0 || files.some((f) => f.old === undefined && f.new === undefined && f.other.length === 0 && f.unstripped.length === 0))
    return undefined;
  return files;
}

/** `n` leading components off a name, as `-pN` strips them (undefined when it has fewer). */
export function stripName(name: string, n: number): string | undefined {
  if (n === 0) return name;
  const parts = name.split('/');
  let k = 0;
  let seen = 0;
  // Runs of slashes count as one, as patch counts them.
  while (k < parts.length && seen < n) {
    if (parts[k] !== '' || k === 0) seen++;
    k++;
    while (k < parts.length && parts[k] === '') k++;
  }
  const rest = parts.slice(k).join('/');
  return seen === n && rest !== '' ? rest : undefined;
}

/** A `-p` value: its number, undefined when not given, null when it is not a plain number (known only at run time). */
export function stripOf(v: string | null | undefined): number | undefined | null {
  if (v === undefined) return undefined;
  return v !== null && /^\d{1,3}$/.test(v) ? Number(v) : null;
}

/** Every name `-p` could leave of a name (patch with no `-p` takes the base name, git-style diffs `-p1`). */
export function everyStrip(name: string): string[] {
  const out: string[] = [];
  for (let n = 0; ; n++) {
    const s = stripName(name, n);
    if (s === undefined) break;
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** Marks the read of the patch a patcher applies: the analyzer asks when the line writes that file too. */
export const PATCH_SOURCE = ' (the patch it applies)';

const MAX_PATCH = 1024 * 1024;

export interface PatchOpts {
  /** `-pN` as given; undefined: GNU patch's own choice (every strip is judged), git's default 1 is passed in. */
  strip: number | undefined;
  /** git apply --directory=DIR: a prefix for every name. */
  prefix: string | undefined;
  reverse: boolean;
  /** Names are from the top of the repository (git apply, git am): judged from the working directory and the workspace. */
  fromTop: boolean;
  /** GNU patch -E: a file the patch leaves empty is removed. */
  removesEmpty: boolean;
}

/**
 * The files a patcher changes, from the text of the patches it reads (`files`: words or paths as written; `stdin`:
 * the text on its input, null when not shown, undefined when it reads none). Each patch file read is recorded with
 * PATCH_SOURCE; when any text cannot be had or read, every file under the folder counts as written (returns false).
 */
export function patchEffects(m: Model, files: readonly (string | null)[], stdin: string | null | undefined, useStdin: boolean, o: PatchOpts): boolean {
  const texts: string[] = [];
  const cwd = (m.s.cwd ?? m.env.cwd).replace(/\/+$/, '');
  const base = m.base === undefined ? cwd : m.base.startsWith('/') ? m.base : `${cwd}/${m.base}`;
  for (const f of files) {
    if (f === null || m.env.readScript === undefined) return false;
    const abs = f.startsWith('/') ? f : `${base}/${f}`;
    const t = m.env.readScript(abs, MAX_PATCH);
    if (typeof t !== 'string') return false;
    m.add('read', undefined, abs, m.label + PATCH_SOURCE);
    texts.push(t);
  }
  if (useStdin) {
    const st = m.s.stdin;
    if (st.kind === 'file') {
      const v = st.path.path ?? st.path.value;
      if (v === null || st.path.glob || m.env.readScript === undefined) return false;
      const abs = v.startsWith('/') ? v : `${cwd}/${v}`;
      const t = m.env.readScript(abs, MAX_PATCH);
      if (typeof t !== 'string') return false;
      m.add('read', undefined, abs, m.label + PATCH_SOURCE);
      texts.push(t);
    } else if (typeof stdin === 'string') texts.push(stdin);
    else return false;
  }
  const targets: { p: string; del: boolean }[] = [];
  for (const t of texts) {
    const fs = patchFiles(t);
    if (fs === undefined) return false;
    for (const f of fs) {
      const [oldN, newN] = o.reverse ? [f.new, f.old] : [f.old, f.new];
      const del = o.removesEmpty || newN === null || (o.reverse ? oldN === null : f.deleted) || f.renamed;
      const names: string[] = [];
      for (const n of [oldN, newN, ...f.other]) {
        if (n === null || n === undefined) continue;
        if (o.strip === undefined) names.push(...everyStrip(n));
        else {
          const s = stripName(n, o.strip);
          if (s !== undefined) names.push(s);
        }
      }
      names.push(...f.unstripped);
      for (const n of names) targets.push({ p: o.prefix ? `${o.prefix.replace(/\/+$/, '')}/${n}` : n, del });
    }
  }
  const roots = o.fromTop && m.env.workspace.replace(/\/+$/, '') !== base ? [base, m.env.workspace.replace(/\/+$/, '')] : [base];
  for (const { p, del } of targets)
    for (const r of roots) {
      const abs = p.startsWith('/') ? p : `${r}/${p}`;
      // An edit in place (as `sed -i`), not a replacement of the file.
      m.add('write', undefined, abs, m.label, APPEND);
      if (del) m.add('delete', undefined, abs, m.label);
    }
  return true;
}
