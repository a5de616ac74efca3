// Masked views: where a host can change what its own read tool reads but not what it returns (VS Code's
// read_file, Cline's read_files), a read of a file holding secrets is pointed at a copy of the file with
// every secret replaced by its placeholder — same lines, same length in lines, so line ranges still fit.
//
// Where the views live, and why:
// - outside the workspace, in AgentGuard's own folder (~/.agentguard/views/<workspace key>/<random>/<name>),
//   folders 0700, files 0400: the workspace's rules deny agents every path outside the workspace, so no
//   agent tool can list, read back, write or replace a view — the host reads it only because the hook
//   pointed it there, once; nothing in the workspace changes (no git noise, no snapshot change);
// - one fresh folder with a random name per read, created exclusively: nothing can be planted at the path
//   before the view is written (a symlink to .env would be followed by the host's read);
// - the file keeps its name (the host picks its language by it); a sidecar records which workspace file it
//   shows, so a model that tries to edit the view is told which file to edit instead;
// - cleaned up: the host's after-hook for the read removes its view; views older than VIEW_TTL_MS are
//   removed whenever another is made, and when the extension starts.
// A view holds only masked text, so even a leaked view path teaches nothing. Also here: the notice files a
// host without a per-call refusal reads in place of a refused file (Cline), made the same way.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { agentguardHome, ensurePrivateDir, workspaceKey } from './discovery';

/** How long a view may outlive the read it was made for. */
export const VIEW_TTL_MS = 10 * 60_000;
const ORIGIN = '.origin.json';

export function viewsRoot(home = agentguardHome()): string {
  return path.join(home, 'views');
}

function workspaceViews(workspace: string, home?: string): string {
  return path.join(viewsRoot(home), workspaceKey(workspace));
}

/** Is `p` (absolute) inside AgentGuard's view folder? */
export function isViewPath(p: string, home?: string): boolean {
  const root = viewsRoot(home) + path.sep;
  return path.resolve(p).startsWith(root);
}

/** The workspace-relative file a view shows, if `p` is a view. */
export function viewOrigin(p: string, home?: string): string | undefined {
  if (!isViewPath(p, home)) return undefined;
  try {
    const o = JSON.parse(fs.readFileSync(path.join(path.dirname(path.resolve(p)), ORIGIN), 'utf8')) as { rel?: unknown };
    return typeof o.rel === 'string' ? o.rel : undefined;
  } catch {
    return undefined;
  }
}

/** Write `text` as a view of workspace file `rel` (named like it); returns the view's absolute path. */
export function createView(workspace: string, rel: string, text: string, home?: string): string {
  const dir = workspaceViews(workspace, home);
  ensurePrivateDir(dir);
  sweepViews(workspace, home);
  const one = path.join(dir, randomBytes(12).toString('hex'));
  fs.mkdirSync(one, { mode: 0o700 }); // throws if it exists: nothing planted can be reused
  const name = path.basename(rel) || 'file';
  const file = path.join(one, name);
  fs.writeFileSync(path.join(one, ORIGIN), JSON.stringify({ rel, created: new Date().toISOString() }), { flag: 'wx', mode: 0o400 });
  fs.writeFileSync(file, text, { flag: 'wx', mode: 0o400 });
  return file;
}

/** A notice file holding `text`, read in place of a refused file by a host without a per-call refusal. */
export function createNotice(workspace: string, text: string, home?: string): string {
  return createView(workspace, '(refusal)/AGENTGUARD-REFUSED.txt', text.endsWith('\n') ? text : text + '\n', home);
}

/** Remove the view `p` (its whole folder). Only ever removes folders inside the views root. */
export function removeView(p: string, home?: string): boolean {
  if (!isViewPath(p, home)) return false;
  const dir = path.dirname(path.resolve(p));
  if (path.dirname(path.dirname(dir)) !== viewsRoot(home)) return false;
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

/** Remove this workspace's views older than `ttl` (all of them with ttl 0). */
export function sweepViews(workspace: string, home?: string, ttl = VIEW_TTL_MS, now = Date.now()): number {
  const dir = workspaceViews(workspace, home);
  let n = 0;
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  for (const e of entries) {
    const d = path.join(dir, e);
    try {
      if (now - fs.lstatSync(d).mtimeMs >= ttl) {
        fs.rmSync(d, { recursive: true, force: true });
        n++;
      }
    } catch {
      /* raced with another sweep */
    }
  }
  return n;
}
