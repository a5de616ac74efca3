// What a path looks like: image, text, artifact. Pure: decided from the name, plus an optional sniff of the
// first bytes that the caller read. Used to surface new artifacts first and to pick the right viewer.

const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'ico', 'svg', 'avif', 'tif', 'tiff']);

/** Never text: not worth reading at baseline to find out (the baseline store keeps text only). SVG is text. */
const BINARY = new Set([
  ...[...IMAGE].filter((e) => e !== 'svg'),
  'pdf',
  'zip',
  'gz',
  'tgz',
  'tar',
  'bz2',
  'xz',
  'zst',
  '7z',
  'rar',
  'jar',
  'war',
  'whl',
  'exe',
  'dll',
  'so',
  'dylib',
  'a',
  'o',
  'obj',
  'class',
  'pyc',
  'wasm',
  'node',
  'bin',
  'dat',
  'mp3',
  'mp4',
  'wav',
  'ogg',
  'flac',
  'webm',
  'mov',
  'avi',
  'mkv',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'sqlite',
  'db',
  'parquet',
  'feather',
  'npy',
  'npz',
  'pkl',
  'pt',
  'onnx',
  'h5',
  'xlsx',
  'xls',
  'docx',
  'doc',
  'pptx',
  'ppt',
  'vsix',
  'dmg',
  'iso',
]);
const ARCHIVE = new Set(['zip', 'gz', 'tgz', 'tar', 'bz2', 'xz', 'zst', '7z', 'rar', 'whl', 'jar', 'vsix']);
/** Documents and reports an agent produces for a person to look at. */
const REPORT = new Set(['pdf', 'html', 'htm', 'csv', 'tsv', 'xlsx', 'xls', 'docx', 'pptx', 'ipynb', 'md']);
const MEDIA = new Set(['mp3', 'mp4', 'wav', 'ogg', 'webm', 'mov', 'gif']);
const LOG = new Set(['log', 'out', 'err', 'trace', 'prof', 'cpuprofile', 'heapsnapshot', 'dump']);
const SCRIPT = new Set(['py', 'js', 'mjs', 'cjs', 'ts', 'sh', 'bash', 'rb', 'pl', 'r', 'jl', 'ps1', 'sql']);
/** Scratch names agents give throwaway files: scratch.py, tmp_check.js, debug2.sh, repro.ts … */
const SCRATCH_NAME = /^(scratch|tmp|temp|debug|try|repro|quick|demo|foo|bar|untitled)([-_.\d]|$)/i;
const SCRATCH_DIR = /(^|\/)(scratch|tmp|temp|\.?scratchpad)\//i;
const REPORT_NAME = /(report|result|output|summary|metrics|coverage|benchmark|stats|analysis)/i;
const REPORT_DIR = /(^|\/)(out|output|outputs|reports?|results?|coverage|artifacts?|plots?|figures?)\//i;

export function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  // A leading dot is a hidden file's name, not an extension (".env" has none).
  if (dot <= slash + 1) return '';
  return path.slice(dot + 1).toLowerCase();
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function isImagePath(path: string): boolean {
  return IMAGE.has(extensionOf(path));
}

/** Known binary by name: the baseline store does not read these. */
export function isKnownBinaryPath(path: string): boolean {
  return BINARY.has(extensionOf(path));
}

/** Bytes looked at to tell text from binary (git uses the same 8000). */
export const SNIFF_BYTES = 8000;

/** Text unless a NUL byte shows up in the first SNIFF_BYTES (git's heuristic). */
export function looksText(head: Uint8Array): boolean {
  const n = Math.min(head.length, SNIFF_BYTES);
  for (let i = 0; i < n; i++) if (head[i] === 0) return false;
  return true;
}

/** Text by name when no bytes were read; a sniff, when given, decides. */
export function isTextPath(path: string, head?: Uint8Array): boolean {
  if (head) return looksText(head);
  return !isKnownBinaryPath(path);
}

/** A new file that a person probably wants to see first: images, reports, logs, scratch scripts, archives. */
export function isArtifactPath(path: string): boolean {
  const ext = extensionOf(path);
  const name = baseName(path);
  if (IMAGE.has(ext) || ARCHIVE.has(ext) || MEDIA.has(ext) || LOG.has(ext)) return true;
  if (REPORT.has(ext)) {
    // A README.md or docs page is ordinary source; a markdown *report* is an artifact.
    if (ext === 'md') return REPORT_NAME.test(name) || REPORT_DIR.test(path);
    return true;
  }
  if (ext === 'json' || ext === 'xml' || ext === 'txt') return REPORT_NAME.test(name) || REPORT_DIR.test(path);
  if (SCRIPT.has(ext)) return SCRATCH_NAME.test(name) || SCRATCH_DIR.test(path);
  return false;
}
