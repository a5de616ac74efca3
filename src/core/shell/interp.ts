// Interpreter one-liners (python -c, node -e, ruby -e, perl -e, php -r, awk programs, `python3 - <<EOF`):
// find the program text, the shell commands it spawns with literal strings, and destructive library calls.
// Judging another language fully is out of scope; these are the well-known destructive APIs.
import { NO_SHELL_OUTS, NO_TEXTS } from './empty';
import type { Stdin, W } from './types';

/** Script languages whose interpreters take a program as an argument, a file or on stdin. */
export const SCRIPT_LANGS = [
  'python',
  'python2',
  'python3',
  'pypy',
  'pypy3',
  'node',
  'nodejs',
  'deno',
  'bun',
  'ruby',
  'perl',
  'php',
  'lua',
  'rscript',
  'tsx',
  'ts-node',
  'osascript',
  'irb',
];

/** Interpreters whose one-liners are read for the shell commands and library calls they make (awk included). */
export const CODE_INTERPRETERS = new Set([...SCRIPT_LANGS, 'awk', 'gawk', 'mawk', 'nawk']);

const FLAG_BY_LANG: Record<string, string[]> = {
  python: ['-c'],
  node: ['-e', '--eval', '-p', '--print', '-pe'],
  deno: ['eval'],
  bun: ['-e', '--eval', '-p', '--print'],
  ruby: ['-e'],
  perl: ['-e', '-E'],
  php: ['-r'],
  lua: ['-e'],
  rscript: ['-e'],
  tsx: ['-e', '--eval', '-p', '--print'],
  osascript: ['-e'],
};

function lang(name: string): string {
  if (name.startsWith('python') || name.startsWith('pypy')) return 'python';
  if (name === 'nodejs' || name === 'ts-node') return 'node';
  if (name.endsWith('awk')) return 'awk';
  if (name === 'irb') return 'ruby';
  return name;
}

/** Program text; for a word with expansions, its source text (scanned the same way, fail-safe). */
function codeOf(w: W | undefined): string | null {
  if (!w) return null;
  return w.value ?? w.text;
}

/** The program text(s) an interpreter invocation runs. */
/** The program text(s) an interpreter invocation runs (words read in place from 1; a list only when found). */
export function programTexts(name: string, words: W[], stdin: Stdin): readonly (string | null)[] {
  const l = lang(name);
  if (l === 'awk') {
    let i = 1;
    for (; i < words.length; i++) {
      const v = words[i].value;
      if (v === '-f') return NO_TEXTS;
      if (v === '-v' || v === '-F') {
        i++;
        continue;
      }
      if (v === null || !v.startsWith('-') || v === '--') break;
    }
    if (words[i]?.value === '--') i++;
    return words[i] ? [codeOf(words[i])] : NO_TEXTS;
  }
  const flags = FLAG_BY_LANG[l] ?? NO_FLAGS;
  let out: (string | null)[] | undefined;
  for (let i = 1; i < words.length; i++) {
    const v = words[i].value;
    if (v !== null && flags.includes(v)) (out ??= []).push(codeOf(words[i + 1]));
    else if (v !== null && v.length > 2 && attachedCode(v, flags) !== undefined) (out ??= []).push(attachedCode(v, flags)!);
    else if (v !== null && l === 'perl' && /^-[a-zA-Z]*[eE]$/.test(v)) (out ??= []).push(codeOf(words[i + 1]));
    else if (v !== null && l === 'ruby' && /^-[a-zA-Z]+e$/.test(v)) (out ??= []).push(codeOf(words[i + 1]));
  }
  if (out !== undefined) return out;
  // `deno run - <<EOF`, `bun run - <<EOF`: the program is read from stdin after the run verb.
  const first = (l === 'deno' || l === 'bun') && words[1]?.value === 'run' ? 2 : 1;
  for (let i = first; i < words.length; i++) {
    const v = words[i].value;
    if (!(v === '-' || (v !== null && v.startsWith('-')))) return NO_TEXTS; // a script or argument: not stdin
  }
  if (stdin.kind === 'heredoc') return [stdin.body];
  if (stdin.kind === 'herestring') return [stdin.value];
  return NO_TEXTS;
}

const NO_FLAGS: string[] = [];

/**
 * Program text attached to its flag: `--eval=CODE`, `--print=CODE`, `-cCODE` (python), `-eCODE` (perl, ruby):
 * the interpreters read it as they read the separate word, so it is the same program.
 */
function attachedCode(v: string, flags: readonly string[]): string | undefined {
  for (const f of flags) {
    if (f.startsWith('--') ? v.startsWith(f + '=') : f.length === 2 && v.startsWith(f) && v[2] !== '-') return v.slice(f.startsWith('--') ? f.length + 1 : 2);
  }
  return undefined;
}

const SHELL_OUT =
  /\b(?:os\.system|system|popen|os\.popen|execSync|exec|execFileSync|spawnSync|spawn|check_output|check_call|call|run|Popen|shell_exec|passthru|proc_open|getoutput|getstatusoutput|do shell script)\s*\(?\s*\[?\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
const SHELL_OUT_WORD =
  /\b(os\.system|subprocess|os\.popen|os\.exec\w*|pty\.spawn|child_process|execSync|spawnSync|execFile|shell_exec|passthru|proc_open|IO\.popen|Open3|Kernel\.exec|%x[({[]|`[^`]+`|system\s*\(|popen\s*\(|do shell script|Deno\.(run|Command)|Bun\.spawn|\$\()/;

/** Literal shell commands the program spawns (`os.system("rm -rf x")`, awk `system("…")`, `execSync('…')`). */
export function shellOuts(code: string): { readonly literals: readonly string[]; readonly spawns: boolean } {
  // The unwrapper and the interp rules ask about the same program one after the other.
  if (code === lastCode && lastOuts) return lastOuts;
  lastCode = code;
  lastOuts = computeShellOuts(code);
  return lastOuts;
}

let lastCode: string | undefined;
let lastOuts: { readonly literals: readonly string[]; readonly spawns: boolean } | undefined;

/** Every literal form above needs one of these words; most one-liners (`console.log(…)`, awk prints) have none. */
const SHELL_OUT_HINT = /system|popen|Popen|exec|spawn|call|run|check_|passthru|proc_open|getoutput|getstatusoutput|shell script/;

function computeShellOuts(code: string): { readonly literals: readonly string[]; readonly spawns: boolean } {
  if (!SHELL_OUT_HINT.test(code)) return SHELL_OUT_WORD.test(code) ? { literals: [], spawns: true } : NO_SHELL_OUTS;
  const literals: string[] = [];
  for (const m of code.matchAll(SHELL_OUT)) literals.push(m[2].replace(/\\(["'`\\])/g, '$1'));
  // A list form such as subprocess.run(['rm', '-rf', 'x']): join the literal elements.
  for (const m of code.matchAll(/\b(?:run|call|check_call|check_output|Popen|spawnSync|spawn|execFileSync|execFile)\s*\(\s*\[([^\]]*)\]/g)) {
    const items = [...m[1].matchAll(/(['"])((?:\\.|(?!\1)[^\\])*)\1/g)].map((x) => x[2]);
    if (items.length) literals.push(items.join(' '));
  }
  for (const m of code.matchAll(/\bspawn(?:Sync)?\s*\(\s*(['"])([^'"]+)\1\s*,\s*\[([^\]]*)\]/g)) {
    const items = [...m[3].matchAll(/(['"])((?:\\.|(?!\1)[^\\])*)\1/g)].map((x) => x[2]);
    literals.push([m[2], ...items].join(' '));
  }
  return { literals, spawns: SHELL_OUT_WORD.test(code) };
}

const DESTRUCTIVE_API: [RegExp, string][] = [
  [/\b(shutil\.rmtree|rmtree)\s*\(/, 'shutil.rmtree deletes a directory tree'],
  [/\b(fs(\.promises)?\.)?(rmSync|rmdirSync|rm|rmdir)\s*\([^)]*recursive\s*:\s*true/, 'fs.rm recursive deletes a directory tree'],
  [/\b(rmSync|rmdirSync)\s*\(/, 'fs.rmSync deletes files'],
  [/\bFileUtils\.(rm_rf|rm_r|remove_dir|remove_entry|rm|remove)\b|\brm_rf\b/, 'FileUtils removal'],
  [/\b(remove_tree|rmtree)\b/, 'remove_tree deletes a directory tree'],
  [
    /\bos\.(remove|unlink|rmdir|removedirs)\s*\(|\.unlink\s*\(|\bunlinkSync\s*\(|\bFile\.(delete|unlink)\b|\bDir\.(rmdir|delete)\b|\bunlink\s*\(|\bunlink\s+(glob\b|[$'"@])|\brmdir\s*\(/,
    'deletes files',
  ],
  [/\bDeno\.remove(Sync)?\s*\(|\bBun\.file\([^)]*\)\.delete/, 'deletes files'],
  // Named, not only called: `const {rmSync: r} = require('fs'); r(…)` calls it under another name.
  [/\b(rmSync|rmdirSync|unlinkSync|rimrafSync|removeSync|emptyDirSync|truncateSync|ftruncateSync)\b/, 'deletes or empties files'],
  [/\bopenSync\s*\([^)]*,\s*['"`]w|\bopenSync\s*\([^)]*,\s*['"`][ra]\+|\bfs\.constants\.O_TRUNC\b/, 'overwrites a file'],
  // A member whose name is built at run time (`fs['rm'+'Sync']`, `fs[`${a}Sync`]`): the call cannot be read.
  [/\[\s*(['"`][^'"`\]]*['"`]\s*\+|[^\]'"`]*\+\s*['"`])|\[\s*`[^`\]]*\$\{/, 'calls a method whose name is built at run time'],
  [/\b(rimraf|del\.sync|fse?\.(remove|emptyDir)(Sync)?)\s*\(/, 'recursive delete library'],
  [
    /\bwriteFileSync\s*\(|\bwrite_text\s*\(|\bwrite_bytes\s*\(|\bopen\s*\([^)]*,\s*['"]w|\bFile\.write\s*\(|\bfile_put_contents\s*\(|\btruncate\s*\(/,
    'overwrites a file',
  ],
  [/\b(exec|eval)\s*\(\s*(?!['"])[^)]/, 'executes code built at run time'],
  [
    /\b(urlopen|requests\.get|urllib|fetch\s*\(|https?\.get|Net::HTTP|open-uri|LWP|file_get_contents\s*\(\s*['"]https?:)[\s\S]*\b(exec|eval)\b/,
    'downloads and executes code',
  ],
  [/\bnew\s+Function\s*\(|\bvm\.run\w*\s*\(/, 'executes code built at run time'],
  [/\.(drop|dropDatabase|dropCollection|deleteMany|remove)\s*\(/, 'drops or deletes database data'],
  [/\bos\.kill\s*\(|\bprocess\.kill\s*\(|\bkillpg\s*\(/, 'kills processes'],
  [/\bshutdown\b|\breboot\b/, 'shuts the machine down'],
];

/** A destructive library call in the program, as an explanation. */
export function destructiveApi(code: string): string | undefined {
  for (const [re, why] of DESTRUCTIVE_API) if (re.test(code)) return why;
  return undefined;
}
