// Builds the path corpus's on-disk layout (files, symlinks, the hard link) in a fresh temp dir.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface Layout {
  root: string;
  home: string;
  workspace: string;
  subst(s: string): string;
  cleanup(): void;
}

export function buildLayout(layout: {
  dirs: string[];
  files: string[];
  symlinks: { path: string; target: string }[];
  hardlinks: { path: string; target: string }[];
}): Layout {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-paths-')));
  const home = path.join(root, 'home');
  const workspace = path.join(home, 'code', 'ws');
  const subst = (s: string) => s.split('${WORKSPACE}').join(workspace).split('${HOME}').join(home);
  for (const d of layout.dirs) fs.mkdirSync(subst(d), { recursive: true });
  for (const f of layout.files) {
    const p = subst(f);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    // The workspace policy file must be a valid policy (an empty one: the default applies).
    fs.writeFileSync(p, p.endsWith('.agentguard.yaml') ? 'version: 1\n' : `content of ${path.basename(p)}\n`);
  }
  for (const l of layout.symlinks) {
    const p = subst(l.path);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.symlinkSync(subst(l.target), p);
  }
  for (const h of layout.hardlinks) fs.linkSync(subst(h.target), subst(h.path));
  return { root, home, workspace, subst, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}
