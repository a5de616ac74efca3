// File-side helpers of the diff pane: image previews as data: URIs, and .gitignore lines for a path.
// No 'vscode' import: unit-tested in plain Node.
//
// Why data: URIs and not asWebviewUri: asWebviewUri needs the workspace folder in localResourceRoots, and
// then the webview may load *any* file of the workspace (.env, keys) by URL — one injected string away from
// exfiltration. With data: URIs the webview's roots stay media/ only, and the host decides exactly which
// bytes reach it: a regular file (never a symlink, which could point at ~/.ssh), listed in the diff, not
// protected by the policy, under the size cap, whose first bytes really are an image.
import * as fs from 'node:fs';

/** Largest image previewed (a preview is a thumbnail; a person opens the real file for the rest). */
export const MAX_PREVIEW_BYTES = 1 << 20;

const MAGIC: { mime: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', test: (b) => b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a },
  { mime: 'image/jpeg', test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', test: (b) => b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6)) },
  { mime: 'image/webp', test: (b) => b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
  { mime: 'image/bmp', test: (b) => b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d },
  { mime: 'image/x-icon', test: (b) => b.length >= 4 && b.readUInt32BE(0) === 0x00000100 },
  // SVG in an <img> runs no script and loads nothing; the CSP's img-src allows data: only.
  {
    mime: 'image/svg+xml',
    test: (b) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(b.toString('utf8', 0, Math.min(b.length, 4096))),
  },
];

/** The image type the bytes really are, or undefined (the file name is the agent's claim, not evidence). */
export function sniffImage(bytes: Buffer): string | undefined {
  return MAGIC.find((m) => m.test(bytes))?.mime;
}

/**
 * A data: URI of the image at `abs`, or undefined when it is not a regular file, too large, or not an
 * image by its bytes. The caller has already checked that the path is in the diff and not protected.
 */
export function imageDataUri(abs: string, maxBytes = MAX_PREVIEW_BYTES): string | undefined {
  let fd: number | undefined;
  try {
    // O_NOFOLLOW: a symlink swapped in after the scan is refused, not followed out of the workspace.
    fd = fs.openSync(abs, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size === 0 || st.size > maxBytes) return undefined;
    const buf = Buffer.alloc(st.size);
    let got = 0;
    while (got < buf.length) {
      const n = fs.readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
    }
    const bytes = buf.subarray(0, got);
    const mime = sniffImage(bytes);
    return mime ? `data:${mime};base64,${bytes.toString('base64')}` : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * The .gitignore line that ignores exactly this workspace-relative path (anchored at the root, glob
 * characters escaped). Undefined for a path that cannot be written as one safe line: an agent-chosen file
 * name with a newline would otherwise add lines of its own choosing (say `!secrets/`) to .gitignore.
 */
export function gitignoreLine(rel: string): string | undefined {
  if (rel === '' || /[\u0000-\u001f\u007f\u2028\u2029]/.test(rel) || rel.split('/').some((s) => s === '..' || s === '.' || s === '')) return undefined;
  let line = rel.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`);
  // Trailing spaces are dropped by git unless escaped.
  line = line.replace(/ +$/, (m) =>
    m
      .split('')
      .map(() => '\\ ')
      .join(''),
  );
  return `/${line}`;
}

/** The new .gitignore text with `line` appended, or undefined when the line is already there. */
export function appendGitignore(existing: string, line: string): string | undefined {
  if (existing.split(/\r?\n/).some((l) => l === line)) return undefined;
  const sep = existing.length === 0 || existing.endsWith('\n') ? '' : '\n';
  return `${existing}${sep}${line}\n`;
}
