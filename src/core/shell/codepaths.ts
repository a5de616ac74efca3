// Files an inline program writes or deletes, when it names them with string literals:
// `python3 -c "open('.agentguard.yaml','w').write(…)"`, `node -e "fs.writeFileSync('tests/a.test.ts', …)"`,
// `ruby -e "File.delete('.env')"`. They become path effects, so the path rules judge them as they judge the
// file tools (a protected path is denied, not merely asked about as a destructive API call).
// Threat: an agent that may not edit a file asks an interpreter to do it (the guard's own policy file first).
// Not a parser of those languages: well-known write/delete calls whose first argument is a quoted literal.
// A call with a computed path stays with interp.destructive (asked).
import { normalize } from './fsfacts';
import { destructiveApi } from './interp';
import type { CommandEnv, Sub } from './types';

export interface CodePath {
  op: 'write' | 'delete';
  path: string;
  /** The API, for explanations: `open(…, 'w')`, `fs.writeFileSync`, … */
  how: string;
}

// A quoted literal without escapes or interpolation: '…', "…" (no `${`, no `#{`, no `$x`), `…` (no `${`).
const LIT = String.raw`(?:'([^'\\\n]*)'|"([^"\\\n$#]*)"|\x60([^\x60\\\n$]*)\x60)`;

interface Api {
  re: RegExp;
  op: CodePath['op'];
  how: string;
  /** For open(): the mode argument must write (w, a, x, +); reading is not an effect here. */
  mode?: boolean;
}

const api = (src: string, op: CodePath['op'], how: string, mode = false): Api => ({ re: new RegExp(src, 'g'), op, how, mode });

const APIS: Api[] = [
  // Python / Ruby / PHP / Perl-ish open(path, mode): a write only when the mode writes.
  api(String.raw`\b(?:open|io\.open|codecs\.open|File\.open|fopen)\s*\(\s*${LIT}\s*,\s*${LIT}`, 'write', 'open(…, mode)', true),
  api(String.raw`\b(?:Path|pathlib\.Path)\s*\(\s*${LIT}\s*\)\s*\.\s*(?:write_text|write_bytes|touch)\s*\(`, 'write', 'Path.write_text'),
  api(String.raw`\b(?:Path|pathlib\.Path)\s*\(\s*${LIT}\s*\)\s*\.\s*(?:unlink|rmdir)\s*\(`, 'delete', 'Path.unlink'),
  api(
    String.raw`\b(?:fs\.|fsp\.|promises\.|fs\.promises\.)?(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|truncateSync|truncate)\s*\(\s*${LIT}`,
    'write',
    'fs.writeFile',
  ),
  api(String.raw`\b(?:fs\.|fsp\.|promises\.|fs\.promises\.)?(?:unlinkSync|unlink|rmSync|rm|rmdirSync|rmdir)\s*\(\s*${LIT}`, 'delete', 'fs.rm'),
  api(String.raw`\b(?:os\.remove|os\.unlink|os\.rmdir|os\.removedirs|shutil\.rmtree|rmtree|send2trash)\s*\(\s*${LIT}`, 'delete', 'os.remove'),
  api(String.raw`\b(?:shutil\.(?:copy|copy2|copyfile|move))\s*\(\s*${LIT}\s*,\s*${LIT}`, 'write', 'shutil.copy'),
  // copyFile(src, dest), rename(src, dest): the destination is written; a rename also takes the source away.
  api(String.raw`\b(?:fs\.|fsp\.|promises\.|fs\.promises\.)?(?:copyFileSync|copyFile|cpSync|cp)\s*\(\s*${LIT}\s*,\s*${LIT}`, 'write', 'shutil.copy'),
  api(
    String.raw`\b(?:fs\.|fsp\.|promises\.|fs\.promises\.|os\.|shutil\.)?(?:renameSync|rename|replace|move)\s*\(\s*${LIT}\s*,\s*${LIT}`,
    'write',
    'shutil.copy',
  ),
  api(String.raw`\b(?:fs\.|fsp\.|promises\.|fs\.promises\.|os\.|shutil\.)?(?:renameSync|rename|replace|move)\s*\(\s*${LIT}`, 'delete', 'rename (source)'),
  api(String.raw`\bFile\.(?:write|binwrite)\s*\(\s*${LIT}`, 'write', 'File.write'),
  api(String.raw`\b(?:File\.(?:delete|unlink)|FileUtils\.(?:rm|rm_f|rm_r|rm_rf|remove|remove_dir|remove_entry))\s*\(?\s*${LIT}`, 'delete', 'File.delete'),
  api(String.raw`\b(?:Deno\.)(?:writeTextFileSync|writeTextFile|writeFileSync|writeFile)\s*\(\s*${LIT}`, 'write', 'Deno.writeFile'),
  api(String.raw`\b(?:Deno\.)(?:removeSync|remove)\s*\(\s*${LIT}`, 'delete', 'Deno.remove'),
  api(String.raw`\bBun\.write\s*\(\s*${LIT}`, 'write', 'Bun.write'),
  api(String.raw`\bfile_put_contents\s*\(\s*${LIT}`, 'write', 'file_put_contents'),
  api(String.raw`\bunlink\s*\(?\s*${LIT}`, 'delete', 'unlink'),
];

/** Literal of the n-th LIT group pair in a match (each LIT has three alternatives). */
function lit(m: RegExpExecArray, n: number): string | undefined {
  const base = 1 + 3 * n;
  return m[base] ?? m[base + 1] ?? m[base + 2];
}

/** Perl's and Ruby's `open(F, '>file')` / `open(my $f, '>>', 'file')` forms. */
const PERL_OPEN = new RegExp(String.raw`\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(?:${LIT}\s*,\s*${LIT}|${LIT})`, 'g');

/** The files a program text writes or deletes by literal name. */
export function codePaths(code: string): CodePath[] {
  const out: CodePath[] = [];
  for (const a of APIS) {
    a.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = a.re.exec(code)) !== null) {
      if (a.mode) {
        const mode = lit(m, 1);
        if (mode === undefined || !/[wax+]/.test(mode)) continue;
      }
      // shutil.copy(src, dst) writes its second argument.
      const p = a.how === 'shutil.copy' ? lit(m, 1) : lit(m, 0);
      if (p !== undefined && p !== '') out.push({ op: a.op, path: p, how: a.how });
    }
  }
  PERL_OPEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = PERL_OPEN.exec(code)) !== null) {
    const three = lit(m, 0) !== undefined;
    const mode = three ? lit(m, 0)! : '';
    const target = three ? lit(m, 1) : lit(m, 2);
    if (target === undefined) continue;
    if (three) {
      if (/^\+?[>]/.test(mode.trim())) out.push({ op: 'write', path: target, how: 'open(…, ">")' });
    } else {
      const w = /^\s*\+?(>>?)\s*(.+)$/.exec(target);
      if (w && w[2]) out.push({ op: 'write', path: w[2].trim(), how: 'open(…, ">file")' });
    }
  }
  return out;
}

/**
 * The program text with the literal-path write calls whose path `isNew` accepts blanked out: creating a file
 * that does not exist is judged by the path rules as a creation, so what is left decides whether the program
 * still overwrites something (a computed path, an existing file).
 */
export function withoutNewFileWrites(code: string, isNew: (path: string) => boolean): string {
  let out = code;
  for (const a of APIS) {
    if (a.op !== 'write') continue;
    a.re.lastIndex = 0;
    out = out.replace(a.re, (...args: unknown[]) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      if (a.mode && !/[wx+]/.test(lit(m, 1) ?? '')) return m[0];
      const p = a.how === 'shutil.copy' ? lit(m, 1) : lit(m, 0);
      return p !== undefined && p !== '' && isNew(p) ? ' '.repeat(m[0].length) : m[0];
    });
  }
  return out;
}

/**
 * Every overwriting call of the program writes a literal path that does not exist yet (`open("docs/gen.md","w")`
 * for a new file) and it makes no other destructive call: a creation, which the path rules judge like `>
 * docs/gen.md` (the write is a path effect: codePaths). The file system is trusted about absent files; where it
 * cannot tell (no cwd, no file system, a remote command), the call stays an overwrite.
 */
export function createsOnly(code: string, s: Sub, env: CommandEnv): boolean {
  const cwd = s.cwd;
  const exists = env.exists;
  if (cwd === null || exists === undefined || s.remote) return false;
  const rest = withoutNewFileWrites(code, (p) => exists(normalize(p.startsWith('/') ? p : `${cwd}/${p}`)) === false);
  return rest !== code && destructiveApi(rest) === undefined;
}

/**
 * Links, copies and moves an inline program makes by literal names, as the shell command that does the same:
 * `fs.symlinkSync('.env','e')` is `ln -s .env e`, `os.link(a, b)` is `ln a b`, `fs.cpSync(a, b, …)` is `cp -r a b`,
 * `fs.renameSync(a, b)` is `mv a b`. Walked as commands on the line, they get what those commands get: the source
 * is named or read by the path rules, and a link's name is an alias of its target for the rest of the line (`cat e`
 * reads .env, `cp x gh/pre-commit` writes .git/hooks/pre-commit when gh links to .git/hooks).
 * Threat: `node -e "require('fs').symlinkSync('.env','e')" && cat e`.
 */
const LINK_APIS: [RegExp, readonly string[], boolean][] = [
  // [call, the command it is, the arguments are (link name, target) rather than (target, link name)]
  [call(String.raw`(?:symlinkSync|symlink|ensureSymlinkSync|ensureSymlink|createSymlinkSync|createSymlink|ln_s|ln_sf)`), ['ln', '-s'], false],
  [call(String.raw`(?:linkSync|link|ensureLinkSync|ensureLink|createLinkSync|createLink|ln)`), ['ln'], false],
  [call(String.raw`(?:cpSync|cp_r|copytree|copy_tree|copySync|copyDirectory)`), ['cp', '-r'], false],
  [call(String.raw`(?:cp|copy|copyFileSync|copyFile|copyfile|copy2)`), ['cp', '-r'], false],
  // `replace` only as os.replace: a string's .replace('a', 'b') is no move.
  [call(String.raw`(?:renameSync|rename|os\.replace|moveSync|move|mv)`), ['mv'], false],
  // pathlib: Path(link).symlink_to(target), Path(link).hardlink_to(target), Path(a).rename(b) / .replace(b).
  [new RegExp(String.raw`\bPath\s*\(\s*${LIT}\s*\)\s*\.\s*symlink_to\s*\(\s*${LIT}`, 'g'), ['ln', '-s'], true],
  [new RegExp(String.raw`\bPath\s*\(\s*${LIT}\s*\)\s*\.\s*(?:hardlink_to|link_to)\s*\(\s*${LIT}`, 'g'), ['ln'], true],
  [new RegExp(String.raw`\bPath\s*\(\s*${LIT}\s*\)\s*\.\s*(?:rename|replace|move)\s*\(\s*${LIT}`, 'g'), ['mv'], false],
  [new RegExp(String.raw`\bPath\s*\(\s*${LIT}\s*\)\s*\.\s*copy\s*\(\s*${LIT}`, 'g'), ['cp', '-r'], false],
];

/** `name(LIT, LIT` with the parenthesis optional (Perl's and Ruby's `symlink '.env', 'e'`). */
function call(names: string): RegExp {
  return new RegExp(String.raw`(?<![\w$])${names}\s*(?:\(\s*|\s)${LIT}\s*,\s*${LIT}`, 'g');
}

/** The shell commands (argv) an inline program's literal link, copy and move calls amount to. */
export function codeLinks(code: string): string[][] {
  let out: string[][] | undefined;
  if (!LINK_HINT.test(code)) return [];
  for (const [re, cmd, swapped] of LINK_APIS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(code)) !== null) {
      const a = lit(m, 0);
      const b = lit(m, 1);
      if (!a || !b) continue;
      (out ??= []).push([...cmd, '--', swapped ? b : a, swapped ? a : b]);
    }
  }
  return out ?? [];
}

/** Every call above names one of these (most programs name none: nothing to scan). */
const LINK_HINT = /link|cp|copy|rename|replace|move|mv|ln/i;
